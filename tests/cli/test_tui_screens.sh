# test_tui_screens.sh: the home, settings, rules, statistics and history screens of the full-screen game in
# tmux: nothing created by looking, a typed win target kept, the scoring rules' names, long messages
# wrapped, every statistics column at 80, 100 and 200 columns, the history and its replays.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

DB=$XDG_DATA_HOME/whist/whist.db
CONF=$XDG_CONFIG_HOME/whist/settings.conf
mkdir -p "$XDG_CONFIG_HOME/whist"
printf 'speed = instant\n' >"$CONF"

# --- Nothing stored yet: the screens say so and create nothing ----------------
start play
wait_for "G E R M A N" "home screen"
wait_for "History" "home screen: the History item"
press a
wait_for "Nothing is stored yet" "statistics before any game"
press h
wait_for "Nothing is stored yet" "history (from statistics) before any game"
keys q
wait_for "Nothing is stored yet" "back to the statistics"
keys q
wait_for "G E R M A N" "back home"
press h
wait_for "Nothing is stored yet" "history before any game"
keys q
wait_for "G E R M A N" "back home"
[ -e "$DB" ] && fail "looking at the statistics created $DB"
[ -e "$XDG_DATA_HOME/whist" ] && fail "looking at the screens created $XDG_DATA_HOME/whist"

# --- Settings: a typed win target is kept on leaving --------------------------
press s
wait_for "Win target" "settings"
keys Down Down
wait_for "> Win target" "the target row"
keys 3 7
wait_for "37_" "digits typed"
keys q
wait_for "G E R M A N" "settings left with q"
wait_for "match to 37" "home: the typed target"
grep -qx "target = 37" "$CONF" || fail "settings.conf lacks the typed target: $(cat "$CONF")"
press s
wait_for "Win target" "settings again"
keys Down Down 0
wait_for "0_" "a zero typed"
keys Escape
wait_for "0 is not a win target (1 to 1000 points): not kept." "a bad target refused on leaving"
screen | grep -qF "Settings" || fail "the settings screen was left with a bad target"
keys Escape
wait_for "G E R M A N" "settings left after the refusal"
wait_for "match to 37" "home: the target unchanged"
# the scoring names (seed 003): Last 13 in the classic deck, Last 7 in the small one
screen | grep -qF "two players, one deck, 26 tricks" || fail "home (classic deck): the subtitle: $(screen)"
screen | grep -qF "Last 13 scoring" || fail "home: the scoring is not named Last 13: $(screen)"
press s
wait_for "Win target" "settings, variant"
keys Right
wait_for "small (28 cards)" "small deck chosen"
wait_for "Last 7 (endgame tricks)" "settings: Last 7 for the small deck"
keys Down Right
wait_for "Every trick" "settings: Every trick"
keys Right
wait_for "Difference" "settings: Difference"
keys Right
wait_for "Running total (endgame tricks)" "settings: Running total"
keys Right
wait_for "Last 7 (endgame tricks)" "settings: the scoring rules cycle back"
keys q
wait_for "small deck, Last 7 scoring" "home: Last 7"
# the subtitle counts the small deck's tricks (it said 26 whatever the deck)
screen | grep -qF "two players, one deck, 14 tricks" || fail "home (small deck): the subtitle: $(screen)"
# the Rules screen in the small deck's numbers
press '?'
wait_for "THE DEAL" "rules"
S=$(screen)
keys NPage
sleep 0.3
S="$S$(screen)"
# the page's text as one line: the box's sides and the wrapping taken out
flat=$(sed -n 's/^ *│ \(.*\) │ *$/\1/p' <<<"$S" | tr -s ' \n' ' ')
for want in "Each player gets 7 cards" "first 7 tricks" "last 7 tricks" \
  "Last 7: the 7 endgame tricks count; the winner scores the tricks over 3; all 7: slam, 5 points." \
  "Every trick: all 14 tricks of both phases count; the winner scores the tricks over 6."; do
  grep -qF "$want" <<<"$flat" || fail "rules (small deck) lack '$want': $flat"
done
screen | grep -qF "13 tricks" && fail "rules (small deck) still say 13 tricks"
keys q
wait_for "G E R M A N" "rules left"
keys q
wait_exit

# --- Every bad line of settings.conf, wrapped at 80x24 in ASCII ----------------
printf 'speed = instant\ncolour = red\nvariant = big\ntarget = 2000\nopponent = god\n' >"$CONF"
start play --ascii
wait_for "G E R M A N" "home with a bad settings.conf"
S=$(screen)
flat=$(tr -s ' \n' ' ' <<<"$S")
for want in "line 2: unknown setting 'colour'" "line 3: variant must be classic or small" "line 4: target" "line 5: opponent must be"; do
  grep -qF "$want" <<<"$flat" || fail "home: the settings warning lacks '$want' (or is cut): $S"
done
grep -qF "q quit" <<<"$S" || fail "home (ASCII, 80x24): the key line is cut: $S"
keys q
wait_exit
printf 'speed = instant\n' >"$CONF"

# --- Statistics off: the reason wraps instead of being cut ---------------------
: >"$TMP/a-file"
XDG_DATA_HOME_SAVED=$XDG_DATA_HOME
XDG_DATA_HOME=$TMP/a-file/a/rather/long/path/to/make/the/message/longer/than/one/line/of/the/screen
start play
wait_for "G E R M A N" "home, statistics off"
flat=$(screen | tr -s ' \n' ' ')
grep -qF "Not a directory" <<<"$flat" || fail "home: the statistics-off message is cut: $(screen)"
press a
flat=$(screen | tr -s ' \n' ' ')
grep -qF "Not a directory" <<<"$flat" || fail "statistics: the statistics-off message is cut: $(screen)"
keys q
wait_for "G E R M A N" "home again"
keys q
wait_exit
XDG_DATA_HOME=$XDG_DATA_HOME_SAVED

# --- Some games stored: line mode plays a German Whist match and an Android Whist rubber
SWEEP=$TMP/sweep.txt
card_sweep "$SWEEP"
run_from "$SWEEP" play --plain --seed 5 --target 5 --opponent random --record "$TMP/m5.gwr"
expect_rc 0 "play --plain"
ghands=$(grep -cE '^Hand [0-9]+ is over' <<<"$OUT")
ASWEEP=$TMP/asweep.txt
for ((i = 0; i < 1000; i++)); do
  printf '%s\n' duck beat high spades hearts diamonds clubs shortest longest high-spades high-hearts \
    high-diamonds high-clubs high-shortest high-longest
  for s in S H D C; do for r in A K Q J T 9 8 7 6 5 4 3 2; do printf '%s%s\n' "$r" "$s"; done; done
done >"$ASWEEP"
run_from "$ASWEEP" android --plain --seed 7 --record "$TMP/a7.gwr"
expect_rc 0 "android --plain"
ahands=$(grep -cE '^Hand [0-9]+ is over' <<<"$OUT")

# --- The statistics screen: every column and value at 80, 100 and 200 columns --
start play
wait_for "G E R M A N" "home for the statistics"
press a
wait_for "German Whist" "statistics"
for cols in 80 100 200; do
  tmux resize-window -t $SESSION -x $cols -y 24
  for ((i = 0; i < WAIT * 10; i++)); do # until the box is centred for the new width
    screen | head -1 | grep -qE "^ {$(((cols - 78) / 2))}(┌|\+)" && break
    sleep 0.1
  done
  screen | head -1 | grep -qE "^ {$(((cols - 78) / 2))}(┌|\+)" || fail "statistics: not redrawn at $cols columns"
  wait_for "German Whist" "statistics at $cols columns"
  S=$(screen)
  grep -qE "Computer +Matches +Won +Hands +Won +Win % +Slams +Streak +Best +Assisted" <<<"$S" ||
    fail "statistics at $cols columns: the German Whist header is cut: $S"
  grep -qE "random +1 +[01] +$ghands +[0-9]+ +[0-9]+% +[0-9]+ +[0-9]+ +[0-9]+ +0 " <<<"$S" ||
    fail "statistics at $cols columns: the random row is cut: $S"
  grep -qE "All +1 +[01] +$ghands +[0-9]+ +[0-9]+% +[0-9]+ +[0-9]+ +[0-9]+ +0 " <<<"$S" ||
    fail "statistics at $cols columns: the total row is cut: $S"
  grep -qE "classic deck . Last 13 . match to 5" <<<"$S" || fail "statistics: the rules heading: $S"
  grep -qE "Opponent +Rubbers +Won +Games +Won +Hands +Won +Points +Against +Streak +Best" <<<"$S" ||
    fail "statistics at $cols columns: the Android Whist header: $S"
  grep -qE "hard +1 +[01] +[0-9]+ +[0-9]+ +$ahands +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ " <<<"$S" ||
    fail "statistics at $cols columns: the Android Whist row is cut: $S"
  grep -qE "Winning streak now: [0-9]+ hands?; longest: [0-9]+\." <<<"$S" || fail "statistics: the current streak"
done
tmux resize-window -t $SESSION -x 80 -y 24
keys q
wait_for "G E R M A N" "home after the statistics"
keys q
wait_exit

# --- The history screen: newest first, both games; replays ----------------------
start play
wait_for "G E R M A N" "home for the history"
press h
wait_for "Played" "history"
S=$(screen)
grep -qE "Played +Rules +To +Opponent +Tricks +Result" <<<"$S" || fail "history: the header: $S"
first=$(grep -m1 -F '>20' <<<"$S")
grep -qE "20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} +Android Whist +5 +hard +[0-9]+-[0-9]+ +(your side|opponent) [0-9]+" <<<"$first" ||
  fail "history: the newest hand first (Android Whist): $first"
grep -qF "Hand $ahands of its rubber (whist replay --id $((ghands + ahands)))" <<<"$S" ||
  fail "history: the selected hand's id: $S"
press Enter
# titled with the hand's number in its rubber, as the German Whist review is (it showed the database id)
wait_for "Android Whist: hand $ahands of its rubber" "an Android Whist replay"
wait_for "holds:" "the deal of the Android Whist replay"
screen | grep -qE "   1\. [DLXN]  " || fail "the Android Whist replay lacks its first trick: $(screen)"
keys q
wait_for "Played" "back in the history"
for ((i = 0; i < ahands; i++)); do keys Down; done
wait_for "Hand $ghands of its match (whist replay --id $ghands)" "a German Whist hand selected"
screen | grep -qE ">20[0-9-]+ [0-9:]+ +classic Last 13 +5 +random " || fail "history: the German Whist row: $(screen)"
press Enter
wait_for "Review: hand $ghands" "the review of a stored hand"
screen | grep -qE "Solver:|Foreplay trick" || fail "the review lacks the solver's verdicts: $(screen)"
keys q
wait_for "Played" "back in the history after the review"
keys q
wait_for "G E R M A N" "home after the history"
keys q
wait_exit
[ "$RC" = 0 ] || fail "whist exited $RC"

# --- Statistics longer than the screen: scrolling keeps the column names in view --
for rules in "small last13" "small every" "small difference" "classic every" "classic difference"; do
  set -- $rules
  run_from "$SWEEP" play --plain --seed 9 --target 1 --variant "$1" --scoring "$2" --opponent random
  expect_rc 0 "play --plain --variant $1 --scoring $2"
done
start play
wait_for "G E R M A N" "home for the long statistics"
press a
wait_for "German Whist" "the long statistics"
for ((i = 0; i < 12; i++)); do keys Down; done
for ((i = 0; i < WAIT * 10; i++)); do screen | grep -qF "Android Whist" && break; sleep 0.1; done
S=$(screen)
grep -qF "Android Whist" <<<"$S" || fail "statistics: Down did not scroll to Android Whist: $S"
# the first row under the box's top: the column names of the block in view (they scrolled away)
sed -n 2p <<<"$S" | grep -qE "Computer +Matches +Won +Hands|Opponent +Rubbers +Won +Games" ||
  fail "statistics scrolled: the column names are not kept at the top: $S"
for ((i = 0; i < 12; i++)); do keys Down; done
sleep 0.3
S=$(screen)
sed -n 2p <<<"$S" | grep -qE "Computer +Matches +Won +Hands" ||
  fail "statistics scrolled to the end: the German Whist column names are not kept over its rows: $S"
sed -n 3p <<<"$S" | grep -qE "Computer|German Whist" && fail "statistics scrolled to the end: not scrolled: $S"
grep -qE "All +1 +[01] +[0-9]+ +[0-9]+ +$ahands " <<<"$S" || fail "statistics scrolled to the end: the last row: $S"
keys q
wait_for "G E R M A N" "home after the long statistics"
keys q
wait_exit

finish
