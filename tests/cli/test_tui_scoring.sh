# test_tui_scoring.sh: running-total scoring in the full-screen game, driven in
# tmux: the Settings screen cycles Scoring through all four systems and saves
# "total"; a small-deck match then shows both players scoring on the
# scoreboard, and the match ends as the rules say.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/whist"
CONF=$XDG_CONFIG_HOME/whist/settings.conf
# easy: the test is about the scoring, and easy answers at once (hard solves its last foreplay trick, which
# takes long under the sanitizers and let a key meant for the table reach the match's last scoreboard)
printf 'speed = instant\nvariant = small\nscoring = last13\ntarget = 10\nopponent = easy\n' >"$CONF"

start play --seed 4
wait_for "G E R M A N" "home screen"
keys s
wait_for "Win target" "the Settings screen"
keys j # the Scoring row
for want in "Every trick" "Difference" "Running total (endgame tricks)" "Last 7 (endgame tricks)"; do
  press Right
  wait_for "< $want" "Scoring cycles to $want"
done
press Left
wait_for "< Running total (endgame tricks)" "Scoring cycles back to running total"
keys q
wait_for "New game" "home after the settings"
grep -q '^scoring = total$' "$CONF" || fail "the settings file does not say scoring = total: $(cat "$CONF")"
wait_for "small deck, Running total scoring, match to 10" "the home screen names the scoring"

# A whole match: every scoreboard shows both players' points, which are their
# endgame tricks, and the match score adds them up.
keys n
wait_for "small · Running total · to 10" "the table's title"
boards=0 t0=0 t1=0
for ((i = 0; i < 2000; i++)); do
  S=$(awaiting "your turn|is over")
  if grep -qF "is over" <<<"$S"; then
    boards=$((boards + 1))
    [ $boards = 1 ] && printf "%s\n" "$S" >"${GW_TUI_SHOTS:-$TMP}/scoreboard-total.txt"
    e=$(sed -nE 's/.*Endgame tricks +([0-9]+) +([0-9]+).*/\1 \2/p' <<<"$S")
    p=$(sed -nE 's/.*Points this hand +([0-9]+) +([0-9]+).*/\1 \2/p' <<<"$S")
    m=$(sed -nE 's/.*Match score \(to 10\) +([0-9]+) +([0-9]+).*/\1 \2/p' <<<"$S")
    [ -n "$e" ] && [ "$e" = "$p" ] || fail "scoreboard $boards: points '$p' are not the endgame tricks '$e'"
    t0=$((t0 + ${e% *})) t1=$((t1 + ${e#* }))
    [ "$m" = "$t0 $t1" ] || fail "scoreboard $boards: match score '$m', expected '$t0 $t1'"
    grep -qF "Both score: you ${e% *}, the computer ${e#* } endgame tricks" <<<"$S" ||
      fail "scoreboard $boards: no 'Both score' line"
    if grep -qF "The match is over" <<<"$S"; then
      { [ $t0 -ge 10 ] || [ $t1 -ge 10 ]; } && [ $t0 != $t1 ] || fail "the match ended at $t0-$t1"
      if [ $t0 -gt $t1 ]; then
        grep -qF "You win the match $t0 to $t1" <<<"$S" || fail "no win line for $t0-$t1"
      else
        grep -qF "The computer wins the match $t1 to $t0" <<<"$S" || fail "no win line for $t0-$t1"
      fi
      break
    fi
    { [ $t0 -lt 10 ] && [ $t1 -lt 10 ]; } || [ $t0 = $t1 ] || fail "the match went on after $t0-$t1"
  fi
  press Enter || break
done
[ $boards -ge 2 ] || fail "a small match to 10 took $boards hand(s)"
keys h # at the match's end: h home (Enter would start a new game)
wait_for "New game" "home after the match"
keys q
wait_exit
[ "$RC" = 0 ] || fail "whist exited with $RC"

# The stored hands say what each scored.
run history --limit 0
[ "$(grep -cE 'you scored [0-9]+, computer [0-9]+$' <<<"$OUT")" = "$boards" ] ||
  fail "history after the full-screen match: $OUT"
finish
