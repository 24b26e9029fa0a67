# test_tui_review.sh: the full-screen review of a finished hand in tmux: shown at once with its progress while
# the cards are judged (the keys answered meanwhile), the summary in points with the
# costliest tricks, the expert's verdict under each foreplay trick, the solver's with its points under the
# endgame ones, and the w key that steps through the costliest decisions.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/whist"
printf '%s\n' 'speed = instant' 'target = 1' >"$XDG_CONFIG_HOME/whist/settings.conf"

rm -f "$XDG_DATA_HOME/whist/unfinished.gwr"
TUI_LANG=C start play --seed 5
wait_for "New game" "home"
keys n
wait_for "trick 1 of" "a new match"
for ((i = 0; i < 200; i++)); do
  S=$(awaiting "your turn|is over")
  grep -qF "is over" <<<"$S" && break
  press Enter || break
done
wait_for "The match is over" "a match to 1 ends after its first hand"
keys r
# At once: the hand, and the review's progress while the expert judges the cards (it showed nothing for 1-4 s)
S=$(awaiting "Review: hand 1")
grep -qE "Review: hand 1, trick 14 of 26\. Judging your cards: [0-9]+ of 26\.\.\." <<<"$S" ||
  fail "the review does not show its progress at once: $S"
# the keys are answered meanwhile: the first trick, its card still being judged or judged already
keys Home
S=$(awaiting "trick 1 of 26")
grep -qE "trick 1 of 26\. Judging your cards: [0-9]+ of 26\.\.\." <<<"$S" ||
  fail "Home was not answered while the review went on: $S"
grep -qE "Expert: (judging your card\.\.\. \(the review goes on while you look\)|[0-9AKQJT]{1,2}[SHDC] )" <<<"$S" ||
  fail "trick 1 while the review goes on: $S"
keys End
wait_for "trick 26 of 26" "the last trick"
keys Left Left Left Left Left Left Left Left Left Left Left Left
wait_for "Review: hand 1, trick 14 of 26. Lost" "the review done"
S=$(screen)
grep -qE "Review: hand 1, trick 14 of 26\. Lost [0-9]+\.[0-9]{2} points?(; worst: tricks? [0-9]+(, [0-9]+)*)?\." <<<"$S" ||
  fail "the review's summary: $S"
grep -qF "w worst" <<<"$S" || fail "the key reminder lacks w: $S"
# the endgame: the solver, with the points of a loss
grep -qE "Solver: [0-9AKQJT]{1,2}[SHDC] (was best play|cost [0-9]+ tricks? \([0-9]+ points?\):)" <<<"$S" ||
  fail "the solver's verdict at trick 14: $S"
# the foreplay: the expert's verdict on every trick
keys Home
wait_for "Review: hand 1, trick 1 of 26" "the first trick"
for ((t = 1; t <= 13; t++)); do
  wait_for "trick $t of 26" "review trick $t"
  S=$(screen)
  grep -qE "Expert: [0-9AKQJT]{1,2}[SHDC] (was your only card|was as good as any, from what you knew \([0-9]+ deals\)|cost [0-9]+\.[0-9]{2} \+- [0-9]+\.[0-9]{2} points; [0-9AKQJT]{1,2}[SHDC] was best from what you knew)\." <<<"$S" ||
    fail "review trick $t: no expert's verdict: $S"
  keys Right
done
# w: the costliest tricks in turn, each with its loss
keys Home
wait_for "trick 1 of 26" "back to the first trick"
worst=$(screen | grep -oE "worst: tricks? [0-9, ]+" | head -1)
first=$(grep -oE "[0-9]+" <<<"$worst" | head -1)
if [ -n "$first" ]; then
  keys w
  wait_for "trick $first of 26" "w goes to the costliest trick"
  screen | grep -qE "(Expert|Solver): [0-9AKQJT]{1,2}[SHDC] cost " || fail "the costliest trick shows no cost: $(screen)"
fi
keys q
wait_for "The match is over" "back from the review"
keys q
wait_exit
finish
