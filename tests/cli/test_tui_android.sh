# test_tui_android.sh: Android Whist in the full-screen game, driven in tmux: a fixed key per command,
# cards typed as at the German Whist table, refusals in player words, the last trick, the unfinished rubber
# (leaving, signals, kill -9; resumed exactly, against the computer and two players at one terminal, next to
# an unfinished German Whist match), the rules, and the table on a large terminal.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/whist"
printf 'speed = instant\n' >"$XDG_CONFIG_HOME/whist/settings.conf"
UNF=$XDG_DATA_HOME/whist/unfinished-android.gwr
PROMPT="Enter play|command your android|Pass the keyboard|Enter: next hand|Enter: home"

# The key of each command, whatever else is on the menu.
declare -A KEY=([duck]=u [beat]=b [high]=g [spades]=s [hearts]=h [diamonds]=d [clubs]=c [shortest]=o
  [longest]=l [high-spades]=S [high-hearts]=H [high-diamonds]=D [high-clubs]=C [high-shortest]=O
  [high-longest]=L)
declare -A SYM=([S]=♠ [H]=♥ [D]=♦ [C]=♣)

# menu_keys SCREEN: checks every "K  command" of the command menu against KEY; prints how many there were.
menu_keys() {
  local n=0 k c
  while read -r k c; do
    n=$((n + 1))
    [ "${KEY[$c]:-}" = "$k" ] || fail "the menu shows '$k' for '$c', not '${KEY[$c]:-none}'"
  done < <(grep -oE "│ [A-Za-z]  [a-z-]+" <<<"$1" | sed 's/^│ //')
  echo "$n"
}

# last_hand: the last hand of the unfinished rubber's record.
last_hand() { awk '/^\[Game /{buf=""} {buf=buf $0 "\n"} END{printf "%s", buf}' "$UNF"; }
# moves: its tricks, one a line (a long trick goes on over lines indented by four spaces).
moves() { last_hand | awk '/^[0-9]+\./ { if (t != "") print t; t = $0; next } /^    / && t != "" { sub(/^ +/, " "); t = t $0 } END { if (t != "") print t }'; }
# held [SEAT]: the cards seat D or N holds now, one a line in deal order; by default player 1's seat.
held() {
  local dealer deck seat i
  dealer=$(last_hand | sed -n 's/^\[Dealer "\([12]\)"\]$/\1/p')
  deck=($(last_hand | sed -n 's/^\[Deck "\(.*\)"\]$/\1/p'))
  # card i (0-based) goes to L X N D in turn: N is index 2 mod 4, D index 3 mod 4.
  seat=$([ "$dealer" = 1 ] && echo 3 || echo 2)
  [ "${1:-}" = D ] && seat=3
  [ "${1:-}" = N ] && seat=2
  for ((i = seat; i < 52; i += 4)); do echo "${deck[$i]}"; done | grep -vxF -f <(moves | grep -oE '[AKQJT2-9][SHDC]' || echo none)
}
# led: the suit led in the trick in play, or nothing when leading.
led() {
  local last plays
  last=$(moves | tail -1)
  plays=$(sed 's/^[0-9]*\. *//' <<<"$last" | tr ' ' '\n' | grep -E '[AKQJT2-9][SHDC]$')
  [ "$(wc -l <<<"$plays")" -ge 4 ] || [ -z "$plays" ] && return
  head -1 <<<"$plays" | grep -oE '[SHDC]$'
}
# type_card CARD: types it as a player would: rank then suit, the ten as 10 or t in turn.
TENS=0
type_card() {
  local r=${1:0:1} s=${1:1:1}
  s=${s,,}
  if [ "$r" = T ]; then
    TENS=$((TENS + 1))
    if ((TENS % 2)); then keys 1 0 "$s"; else keys t "$s"; fi
  else
    keys "${r,,}" "$s"
  fi
}
label() { local r=${1:0:1}; [ "$r" = T ] && r=10; echo "$r${SYM[${1:1:1}]}"; }
# settle: waits until the screen waits for a key ($PROMPT) and has stopped changing (a frame can be captured
# half drawn), and prints it.
settle() {
  local i S T
  for ((i = 0; i < WAIT * 4; i++)); do
    S=$(screen)
    if grep -qE -- "$PROMPT" <<<"$S"; then
      sleep 0.25
      T=$(screen)
      [ "$S" = "$T" ] && { printf '%s\n' "$S"; return 0; }
    else
      sleep 0.1
    fi
  done
  fail "the table never waited for a key:"
  screen | tee /dev/stderr
  return 1
}
# act N: answers N prompts of the table (hand-over screens pass without counting): a command with Enter (the
# first open one), a card typed (the first legal one in deal order: the selection is no part of the game).
act() {
  local n=0 S seat suit c card
  while ((n < $1)); do
    S=$(settle) || return 1
    if grep -qF "Pass the keyboard" <<<"$S"; then press Enter; continue; fi
    grep -qE "Enter play|command your android" <<<"$S" || { fail "act: not at the table:"; echo "$S" >&2; return 1; }
    if grep -qF "Enter play" <<<"$S"; then
      seat=$(grep -oE "● [DN] (You|Player [12])" <<<"$S" | head -1 | cut -c5)
      suit=$(led)
      card=
      for c in $(held "$seat"); do
        if [ -z "$suit" ] || [ "${c:1:1}" = "$suit" ]; then card=$c; break; fi
      done
      [ -n "$card" ] || card=$(held "$seat" | head -1)
      type_card "$card"
      sleep 0.2
    fi
    press Enter || return 1
    n=$((n + 1))
  done
  for ((n = 0; n < 10; n++)); do
    S=$(settle) || return 1
    grep -qF "Pass the keyboard" <<<"$S" || break
    press Enter || return 1
  done
}
# finished: how many tricks of the hand in play are finished.
finished() { moves | awk '{ n = 0; for (i = 2; i <= NF; i++) if ($i ~ /[AKQJT2-9][SHDC]$/) n++; if (n == 4) f++ } END { print f + 0 }'; }
# show_last: t shows the last finished trick as the record has it: each command, card and error.
show_last() {
  local D line play cmd c
  keys t
  wait_for "Last trick: $(finished)" "the last trick" || return
  D=$(screen)
  line=$(moves | sed -n "$(finished)p")
  [ "$(grep -o '!' <<<"$line" | wc -l)" = "$(grep -oF '"Error."' <<<"$D" | wc -l)" ] ||
    fail "the last trick's errors: record '$line', screen: $D"
  for play in $(sed 's/^[0-9]*\. *//' <<<"$line"); do
    cmd=${play%%[=!]*}
    c=$(grep -oE '[AKQJT2-9][SHDC]$' <<<"$play")
    if [ "$cmd" != "$play" ]; then grep -qF "told \"$cmd\"" <<<"$D" || fail "the last trick lacks '$cmd': $D"; fi
    if [ -n "$c" ]; then grep -qF "plays $(label "$c")" <<<"$D" || fail "the last trick lacks $c: $D"; fi
  done
  grep -qE "wins with .* for (your|the other) side" <<<"$D" || fail "the last trick's winner: $D"
  keys Escape
  sleep 0.2
}
whist_pid() { pgrep -P "$(tmux display -p -t $SESSION '#{pane_pid}')" -x whist; }
record() { grep -v '^\[Date ' "$UNF"; }

# --- Command keys, typed cards, refusals and the last trick: hand 1 against the computer --------------
start play --seed 31
wait_for "Android Whist" "home"
keys w
wait_for "c: you against the computer" "the Android Whist choice"
keys c
menus=0 errors_seen=0 refused_follow=0 typed=0 not_yet=0 last_checked=0 not_held=0
for ((i = 0; i < 400; i++)); do
  S=$(settle) || break
  grep -qE "Enter: next hand|Enter: home" <<<"$S" && break
  f=$(finished)
  if [ "$last_checked" = 0 ] && [ "$f" -ge 1 ] && moves | sed -n "${f}p" | grep -q '!'; then
    show_last
    last_checked=1
    S=$(settle)
  fi
  if grep -qF "command your android" <<<"$S"; then
    n=$(menu_keys "$S")
    [ "$n" -gt 0 ] || fail "a command menu without keys: $S"
    menus=$((menus + 1))
    grep -qF "after an error" <<<"$S" && errors_seen=$((errors_seen + 1))
    if grep -qF "│ following  " <<<"$S" && [ "$not_yet" = 0 ]; then
      press s
      wait_for 'Not "spades" yet: a follower is told duck, beat or high first.' "a leading command while following"
      not_yet=1
    fi
    # Provoke errors: shortest when it is open (ties are common), else duck; then the menu keeps its keys.
    if grep -qF "│ o  shortest" <<<"$S"; then
      press o
    elif grep -qF "│ u  duck" <<<"$S"; then
      press u
    else
      press Enter
    fi
    continue
  fi
  # Our card: a revoke typed is refused in player words, then a legal card typed and played.
  mapfile -t hand < <(held)
  suit=$(led)
  legal=() other=()
  for c in "${hand[@]}"; do
    if [ -z "$suit" ] || [ "${c:1:1}" = "$suit" ]; then legal+=("$c"); else other+=("$c"); fi
  done
  # A card not held, typed: refused, nothing stays selected, and Enter plays nothing.
  if [ "$not_held" = 0 ]; then
    for c in AS KS AH KH AD KD AC KC; do grep -qxF "$c" < <(held) || break; done
    type_card "$c"
    wait_for "You do not hold $(label "$c")." "a card not held, typed ($c)"
    keys Enter
    wait_for "No card is selected" "Enter after a card not held"
    [ "$(held | wc -l)" = "${#hand[@]}" ] || fail "Enter after a card not held ($c) played a card"
    not_held=1
  fi
  if [ -n "$suit" ] && [ "${#legal[@]}" -gt 0 ] && [ "${#other[@]}" -gt 0 ]; then
    type_card "${other[0]}"
    wait_for "You must follow ${SYM[$suit]}: you hold that suit." "a revoke typed (${other[0]})"
    keys Enter
    sleep 0.3
    held | grep -qxF "${other[0]}" || fail "Enter played the revoke ${other[0]}"
    refused_follow=$((refused_follow + 1))
  fi
  [ "${#legal[@]}" -gt 0 ] || legal=("${other[@]}")
  card=${legal[$((i % ${#legal[@]}))]}
  type_card "$card"
  sleep 0.3
  grep -qE "You must follow|do not hold|not a key" <<<"$(screen)" && fail "typing $card: $(screen | tail -2)"
  keys Enter
  for ((w = 0; w < WAIT * 10; w++)); do
    held | grep -qxF "$card" || break
    sleep 0.1
  done
  held | grep -qxF "$card" && fail "the typed card $card was not played: $(screen)"
  typed=$((typed + 1))
done
[ "$menus" -gt 3 ] || fail "only $menus command menus"
[ "$errors_seen" -gt 0 ] || fail "no menu after an error was seen"
[ "$typed" -gt 3 ] || fail "only $typed cards typed"
[ "$refused_follow" -gt 0 ] || fail "no revoke was typed"
[ "$not_held" = 1 ] || fail "no card not held was typed"
[ "$not_yet" = 1 ] || fail "never followed with the menu"
[ "$last_checked" = 1 ] || fail "the last trick with an error was never shown"
wait_for "Hand over" "hand 1 over"

# --- Leaving with q keeps the rubber; Resume on the home screen says which game --------------------------
keys Enter
awaiting "$PROMPT" >/dev/null
keys q
wait_for "The rubber is kept" "the leave question"
keys y
wait_for "(Android Whist)" "home offers the unfinished rubber"
grep -qE "> Resume: hand 2, [0-5]-[0-5], games [0-2]-[0-2] \(Android Whist\)" <<<"$(screen)" || fail "the Resume line: $(screen)"
[ -f "$UNF" ] || fail "no unfinished rubber in $UNF"
before=$(record)
run check "$UNF"
expect_rc 0 "the unfinished rubber is a valid record"
keys r
wait_for "Resumed: hand 2" "the rubber resumed"
[ "$(record)" = "$before" ] || fail "resuming changed the record"
keys q
keys y
wait_for "(Android Whist" "home again"
keys q
wait_exit
[ "$RC" = 0 ] || fail "whist quit with exit $RC"

# --- Resume is exact: a rubber stopped by kill -9, SIGTERM, SIGHUP and Ctrl-C goes on as if never stopped --
rm -f "$UNF"
start play --seed 41
wait_for "Android Whist" "home"
keys w c
act 24
cp "$UNF" "$TMP/whole.gwr"
keys q y
wait_for "(Android Whist" "home after the whole run"
keys q
wait_exit
[ "$RC" = 0 ] || fail "whist quit with exit $RC"
rm -f "$UNF"
start play --seed 41
wait_for "Android Whist" "home"
keys w c
act 6
kill -9 "$(whist_pid)"
wait_exit
[ "$RC" = 137 ] || fail "kill -9: exit $RC"
n=6
for sig in TERM HUP INT; do
  start play
  wait_for "Resume: hand 1, 0-0, games 0-0 (Android Whist)" "Resume after a stop ($sig)"
  keys r
  act 4
  n=$((n + 4))
  if [ "$sig" = INT ]; then keys C-c; else kill -s "$sig" "$(whist_pid)"; fi
  wait_exit
  case $sig in TERM) want=143 ;; HUP) want=129 ;; INT) want=130 ;; esac
  [ "$RC" = "$want" ] || fail "SIG$sig: exit $RC, not $want"
done
start play
wait_for "(Android Whist" "Resume after the signals"
keys r
act $((24 - n))
diff <(grep -v '^\[Date ' "$TMP/whole.gwr") <(record) >/dev/null ||
  fail "the resumed rubber is not the rubber played at one go: $(diff "$TMP/whole.gwr" "$UNF")"
keys q y
wait_for "(Android Whist" "home"

# --- Both games unfinished at once ------------------------------------------------------------------------
keys n
wait_for "Foreplay · trick 1 of 13" "a German Whist match"
awaiting "Enter play" >/dev/null
press Enter
awaiting "Enter play" >/dev/null
keys q
wait_for "Leave the table?" "leaving the German match"
keys y
wait_for "Resume: hand 1, you 0 - computer 0 (German Whist)" "home offers the German match"
S=$(screen)
grep -qF "Resume: hand 1, 0-0, games 0-0 (Android Whist)" <<<"$S" || fail "home lost the unfinished rubber: $S"
keys w
wait_for "r: resume the unfinished rubber" "the Android Whist choice offers Resume"
keys c
wait_for "The unfinished one will be abandoned" "a new rubber asks first"
keys n
wait_for "(Android Whist" "home, the rubber kept"
keys q
wait_exit
[ "$RC" = 0 ] || fail "whist quit with exit $RC"

# --- Two players at one terminal: resumed behind the hand-over screen, exactly ----------------------------
rm -f "$UNF"
start play --seed 51
wait_for "Android Whist" "home"
keys w t
act 16
cp "$UNF" "$TMP/hot.gwr"
keys q y
wait_for "Resume: hand 1 (Android Whist, two players)" "home offers the two players' rubber"
keys q
wait_exit
[ "$RC" = 0 ] || fail "whist quit with exit $RC"
rm -f "$UNF"
start play --seed 51
wait_for "Android Whist" "home"
keys w t
act 7
keys q y
wait_for "(Android Whist, two players)" "home"
keys w
wait_for "r: resume the unfinished rubber" "the Android Whist choice"
keys r
wait_for "Pass the keyboard to" "a resumed two-player rubber starts behind the hand-over screen"
S=$(screen)
grep -q "[♠♥♦♣]" <<<"$(sed 1d <<<"$S" | grep -v "is turned\|Resumed")" && fail "the hand-over screen shows cards: $S"
act 9
diff <(grep -v '^\[Date ' "$TMP/hot.gwr") <(record) >/dev/null ||
  fail "the resumed two-player rubber differs: $(diff "$TMP/hot.gwr" "$UNF")"
grep -qF '[Player2 "Player 2"]' "$UNF" || fail "the two players' rubber is not recorded as such"
keys q y
wait_for "(Android Whist" "home"

# --- The rules: Android Whist too -------------------------------------------------------------------------
keys '?'
wait_for "German Whist is a trick-taking game" "the rules"
keys w
wait_for "ANDROID WHIST" "the Android Whist rules"
S=$(screen)
press Space
S="$S$(screen)"
press Space
S="$S$(screen)"
# the page's text as one line: the box's sides and the wrapping taken out
flat=$(sed -n 's/^ *│ \(.*\) │ *$/\1/p' <<<"$S" | tr -s ' \n' ' ')
for text in "duck (u)" "beat (b)" "high (g)" "shortest (o)" "longest (l)" "Honours score nothing."; do
  grep -qF "$text" <<<"$flat" || fail "the Android Whist rules lack '$text'"
done
keys q q
wait_exit
[ "$RC" = 0 ] || fail "whist quit with exit $RC"

# --- A large terminal: the table spreads out and stays centred --------------------------------------------
rm -f "$UNF"
COLS=200 ROWS=60 start play --seed 61
wait_for "Android Whist" "home at 200x60"
keys w c
S=$(awaiting "$PROMPT")
# in one byte a column: the trick's places are card outlines around the centre column (100)
A=$(sed 's/[┌┐└┘]/+/g; s/─/-/g; s/│/|/g; s/░/#/g; s/[♠♥♦♣●▲]/*/g' <<<"$S")
mid=$(awk 'NR >= 15 && NR <= 45 { s = $0; off = 0
  while ((i = index(s, "+---+")) > 0) { c = off + i - 1; if (c > 60 && c < 140) { if (!n++ || c < lo) lo = c; if (c > hi) hi = c }
    s = substr(s, i + 5); off += i + 4 } } END { print n ? (lo + hi + 5) / 2 : 0 }' <<<"$A")
awk -v m="$mid" 'BEGIN { exit !(m >= 97 && m <= 103) }' || fail "the trick is not centred at 200x60 (middle $mid): $S"
hand=$(sed -n '52,58p' <<<"$A" | grep -m1 -E '^ +\|')
left=$(sed 's/|.*//' <<<"$hand" | awk '{ print length($0) }')
right=$(awk '{ print 200 - length($0) }' <<<"$hand")
[ $((left - right)) -le 3 ] && [ $((right - left)) -le 3 ] || fail "the hand is not centred at 200x60 ($left, $right): $hand"
grep -qF "their android" <<<"$S" || fail "the opposing android at 200x60"
keys q y
wait_for "(Android Whist" "home at 200x60"
keys q
wait_exit
[ "$RC" = 0 ] || fail "whist quit with exit $RC"
finish
