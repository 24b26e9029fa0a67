# test_tui_lock.sh: two copies of whist on one data folder in tmux: the unfinished match and the unfinished
# Android Whist rubber are each locked by the copy that plays it (the other is told, is offered no Resume,
# and neither resumes nor overwrites nor removes it; its own game's Leave box does not say it is kept), a
# killed copy's lock does not block; `whist --seed N` and `whist --ascii` open the full-screen game; an out-of-range seed is refused
# on a terminal as in line mode; line mode asks on a terminal before it would write over a record.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/whist"
printf 'speed = instant\ntarget = 3\n' >"$XDG_CONFIG_HOME/whist/settings.conf"
UNF=$XDG_DATA_HOME/whist/unfinished.gwr

# --- Copy A: `whist --seed 2026` opens the full-screen game and plays a match with that seed ------------
SESSION=copy-a
start --seed 2026
wait_for "G E R M A N" "whist --seed 2026: the home screen"
keys n
wait_for "Foreplay · trick 1 of 13" "copy A: the table"
press Enter
wait_for "Foreplay · trick 2 of 13" "copy A: a trick played"
grep -qF '[MatchSeed "2026"]' "$UNF" || fail "whist --seed 2026: the match does not have seed 2026"
PID_A=$(cat "$UNF.lock" 2>/dev/null)
[ -n "$PID_A" ] && [ "$(cat /proc/"$PID_A"/comm 2>/dev/null)" = whist ] ||
  fail "the lock file does not name copy A's process: '$PID_A'"
cp "$UNF" "$TMP/a.gwr"

# --- Copy B (`whist --ascii`): told, no Resume, and its new game leaves A's match alone ------------------
SESSION=copy-b
start --ascii
wait_for "S H  G E R M A N   W H I S T  D C" "whist --ascii: the home screen in plain characters"
wait_for "Another whist is playing the unfinished match (pid $PID_A)." "copy B: the home screen names copy A"
screen | grep -qF "Resume:" && fail "copy B offers to resume copy A's match"
keys r
sleep 0.3
screen | grep -qF "Welcome back" && fail "copy B resumed copy A's match with r"
keys n
wait_for "A new match here is not kept for resuming" "copy B: a new game asks first"
keys Escape
wait_for "Another whist is playing the unfinished match (pid $PID_A)." "copy B: back home"
keys n
wait_for "A new match here is not kept for resuming" "copy B: a new game asks again"
keys y
wait_for "Cannot keep the match for resuming: another whist is playing (pid $PID_A)" \
  "copy B: the table says its match is not kept"
press Enter
press Enter
cmp -s "$TMP/a.gwr" "$UNF" || fail "copy B's new game overwrote copy A's unfinished match"
keys q
wait_for "Leave the table? This match is not kept for resuming." "copy B: the Leave box says its match is not kept"
screen | grep -qF "The match is kept" && fail "copy B's Leave box says its match is kept: $(screen)"
keys Escape
keys '?'
wait_for "this match is not kept for resuming" "copy B: the keys box says its match is not kept"
keys Escape
keys q
wait_for "Leave the table?" "copy B: leaving"
keys y
wait_for "Another whist is playing the unfinished match (pid $PID_A)." "copy B: home again"
cmp -s "$TMP/a.gwr" "$UNF" || fail "copy B's leaving removed or changed copy A's unfinished match"

# --- A killed copy's lock does not block: B may now resume A's match --------------------------------------
kill -KILL "$PID_A"
for ((i = 0; i < 50; i++)); do kill -0 "$PID_A" 2>/dev/null || break; sleep 0.1; done
wait_for "Resume: hand 1" "copy B offers the match once copy A is gone (the home screen looks again by itself)"
screen | grep -qF "Another whist" && fail "copy B still names the killed copy A"
keys r
wait_for "Welcome back: hand 1 goes on." "copy B resumes copy A's match"
wait_for "trick 2 of 13" "copy B resumes at copy A's trick"
PID_B=$(cat "$UNF.lock" 2>/dev/null)
[ -n "$PID_B" ] && [ "$PID_B" != "$PID_A" ] || fail "copy B does not hold the lock after resuming: '$PID_B'"
# a third copy is now told about copy B
SESSION=copy-c
start
wait_for "Another whist is playing the unfinished match (pid $PID_B)." "copy C names copy B"
keys q
SESSION=copy-b
keys q
wait_for "Leave the table?" "copy B: leaving the resumed match"
keys y
wait_for "Resume: hand 1" "copy B: home with its match kept"
keys q
wait_exit
[ "$RC" = 0 ] || fail "copy B: exit $RC"
[ -e "$UNF.lock" ] && fail "the lock file is left behind after a normal exit"
tmux kill-session -t copy-a 2>/dev/null

# --- One seed rule on a terminal too --------------------------------------------------------------------
SESSION=seed
COLS=200 start play --seed 99999999999999999999
wait_for "whist play: the seed must be a whole number from 0 to 18446744073709551615, not '99999999999999999999'" \
  "an out-of-range seed on a terminal"
wait_exit
[ "$RC" = 2 ] || fail "an out-of-range seed on a terminal: exit $RC"
COLS=200 start --seed 18446744073709551616
wait_for "whist play: the seed must be a whole number from 0 to 18446744073709551615" "whist --seed 2^64"
wait_exit
[ "$RC" = 2 ] || fail "whist --seed 2^64: exit $RC"

# --- Line mode on a terminal asks before a new match would be saved over a record ------------------------
GAMES=$XDG_DATA_HOME/whist/games
"$WHIST" play --plain --seed 1234 </dev/null >/dev/null 2>&1
cp "$GAMES/match-1234.gwr" "$TMP/m.gwr"
SESSION=plain
COLS=250 start play --plain --seed 1234
wait_for "A match with seed 1234 is saved in $GAMES/match-1234.gwr (hand 1, you 0, the computer 0). Resume it? [y/n]" \
  "line mode asks on a terminal"
keys maybe Enter
wait_for "Please answer y (resume it) or n (a new file)" "line mode: neither y nor n"
keys y Enter
wait_for "Resuming the match saved in $GAMES/match-1234.gwr: hand 1, you 0, the computer 0." "line mode: y resumes"
keys quit Enter
wait_exit
[ "$RC" = 0 ] || fail "line mode resumed and left: exit $RC"
COLS=250 start play --plain --seed 1234
wait_for "Resume it? [y/n]" "line mode asks again"
keys n Enter
wait_for "This match is saved in $GAMES/match-1234-2.gwr; $GAMES/match-1234.gwr is kept." "line mode: n writes a new file"
wait_for "Your card>" "line mode: the new match starts"
keys quit Enter
wait_exit
[ -f "$GAMES/match-1234-2.gwr" ] || fail "line mode: n did not write match-1234-2.gwr"
diff <(grep -v '^\[Date ' "$TMP/m.gwr") <(grep -v '^\[Date ' "$GAMES/match-1234.gwr") >/dev/null ||
  fail "line mode: the first record changed"
# --- The unfinished Android Whist rubber is locked the same way ----------------------------------------
export XDG_DATA_HOME=$TMP/data-android
AUNF=$XDG_DATA_HOME/whist/unfinished-android.gwr
SESSION=copy-c
start play --seed 61
wait_for "Android Whist" "copy C: home"
keys w c
for ((i = 0; i < 100; i++)); do [ -s "$AUNF" ] && break; sleep 0.1; done
[ -s "$AUNF" ] || fail "copy C: the rubber is not saved as unfinished"
PID_C=$(cat "$AUNF.lock" 2>/dev/null)
[ -n "$PID_C" ] && [ "$(cat /proc/"$PID_C"/comm 2>/dev/null)" = whist ] ||
  fail "the rubber's lock file does not name copy C's process: '$PID_C'"
cp "$AUNF" "$TMP/c.gwr"
SESSION=copy-d
start play
# The home screen names copy C and offers no Resume of its rubber (it offered one, and a new rubber here
# removed copy C's unfinished-android.gwr).
wait_for "Another whist is playing the unfinished rubber (pid $PID_C)." "copy D: the home screen names copy C"
screen | grep -qF "Resume" && fail "copy D offers to resume copy C's rubber: $(screen)"
keys r
sleep 0.3
screen | grep -qF "Resumed: hand" && fail "copy D resumed copy C's rubber with r"
keys w
wait_for "c: you against the computer" "copy D: the Android Whist choice"
screen | grep -qF "r: resume" && fail "copy D's Android Whist choice offers to resume copy C's rubber"
keys c
wait_for "A new rubber here is not kept for resuming" "copy D: a new rubber asks first"
keys Escape
wait_for "Another whist is playing the unfinished rubber (pid $PID_C)." "copy D: back home"
cmp -s "$TMP/c.gwr" "$AUNF" || fail "copy D's refused new rubber changed copy C's unfinished rubber"
keys w
wait_for "c: you against the computer" "copy D: the Android Whist choice again"
keys c
wait_for "A new rubber here is not kept for resuming" "copy D: a new rubber asks again"
keys y
wait_for "Cannot keep the rubber for resuming: another whist is playing (pid $PID_C)" \
  "copy D: the table says its rubber is not kept"
cmp -s "$TMP/c.gwr" "$AUNF" || fail "copy D's new rubber removed or changed copy C's unfinished rubber"
keys q
wait_for "Leave the table? This rubber is not kept for resuming." "copy D: the Leave box says its rubber is not kept"
screen | grep -qF "is kept" && fail "copy D's Leave box says its rubber is kept: $(screen)"
keys y
wait_for "Another whist is playing the unfinished rubber (pid $PID_C)." "copy D: home after its rubber"
cmp -s "$TMP/c.gwr" "$AUNF" || fail "copy D's leaving removed or changed copy C's unfinished rubber"
keys q
wait_exit
SESSION=copy-c
kill -KILL "$PID_C"
SESSION=copy-d
start play
wait_for "(Android Whist)" "copy D: the rubber once copy C is gone"
screen | grep -qF "Another whist" && fail "copy D still names the killed copy C"
PID_D=$(pgrep -P "$(tmux display -p -t $SESSION '#{pane_pid}')" -x whist)
# copy E waits on its home screen, which offers the rubber too until copy D takes it
SESSION=copy-e
start play
wait_for "(Android Whist)" "copy E: the rubber offered"
SESSION=copy-d
keys r
for ((i = 0; i < 100; i++)); do [ "$(cat "$AUNF.lock" 2>/dev/null)" = "$PID_D" ] && break; sleep 0.1; done
[ "$(cat "$AUNF.lock" 2>/dev/null)" = "$PID_D" ] || fail "copy D did not take the rubber over after copy C was killed"
# the home screen that was open meanwhile notices by itself (it noticed only a whist letting go)
SESSION=copy-e
wait_for "Another whist is playing the unfinished rubber (pid $PID_D)." "copy E: copy D took the rubber"
screen | grep -qF "(Android Whist)" && fail "copy E still offers the rubber copy D plays: $(screen)"
keys q
wait_exit
finish
