# test_stats.sh: the statistics database through the command line: whist play --plain stores every
# finished hand; stats, history and replay --id read them; unusable databases and folders.
. "$(dirname "$0")/lib.sh"

SWEEP=$TMP/sweep.txt
card_sweep "$SWEEP"
DB=$XDG_DATA_HOME/whist/whist.db

# Nothing played yet: a friendly word, exit 0, and no database made for it.
run stats
expect_rc 0 "stats before any game"
expect_out "No games played yet" "stats before any game"
expect_no_err "stats before any game"
[ -e "$DB" ] && fail "stats before any game: a database was created"
[ -e "$XDG_DATA_HOME/whist" ] && fail "stats before any game: the data folder was created"
run stats --json
expect_rc 0 "stats --json before any game"
expect_out '{"rows": [], "total": {"variant": "all", "opponent": "all", "matches": 0, "matches_won": 0, "hands": 0,' \
  "stats --json before any game"
run history
expect_rc 0 "history before any game"
expect_out "No games played yet" "history before any game"
run history --json
expect_rc 0 "history --json before any game"
[ "$OUT" = "[]" ] || fail "history --json before any game: $OUT"
[ -e "$XDG_DATA_HOME/whist" ] && fail "history before any game: the data folder was created"
run replay --id 1
expect_rc 1 "replay --id before any game"
expect_err "whist replay: no hand 1 is stored (no games played yet)" "replay --id before any game"

# A whole match against the random player: every hand is stored.
run_from "$SWEEP" play --plain --seed 5 --target 5 --opponent random --record "$TMP/m5.gwr"
expect_rc 0 "play --seed 5"
expect_no_err "play --seed 5"
PLAY=$OUT
hands=$(grep -cE '^Hand [0-9]+ is over' <<<"$PLAY")
won=$(grep -E '^Hand [0-9]+ is over' <<<"$PLAY" | grep -c 'You score')
slams=$(grep -E '^Hand [0-9]+ is over' <<<"$PLAY" | grep -c 'You score.*slam')
match_won=$(grep -c '^You win the match' <<<"$PLAY")
[ "$hands" -ge 2 ] || fail "play --seed 5: $hands hand(s), expected a match of several"
[ -f "$DB" ] || fail "play: no database in $DB"

run stats
expect_rc 0 "stats"
expect_no_err "stats"
expect_out "variant  scoring    target  opponent  played  won  played  won  win rate  slams  current longest  assisted" "stats header"
expect_out_re "^classic +last13 +5 +random +1 +$match_won +$hands +$won +[0-9.]+% +$slams +[0-9]+ +[0-9]+ +0$" "stats: the random row"
expect_out_re "^all +all +- +all +1 +$match_won +$hands +$won +[0-9.]+% +$slams +[0-9]+ +[0-9]+ +0$" "stats: the total row"
expect_out_re "^Current winning streak: [0-9]+ hands?\.$" "stats: the current streak"
run stats --json
expect_rc 0 "stats --json"
expect_out "{\"rows\": [{\"variant\": \"classic\", \"opponent\": \"random\", \"matches\": 1, \"matches_won\": $match_won, \"hands\": $hands, \"hands_won\": $won," \
  "stats --json: the random row"
expect_out "\"total\": {\"variant\": \"all\", \"opponent\": \"all\", \"matches\": 1," "stats --json: the total row"
[ "$(grep -o '"variant"' <<<"$OUT" | wc -l)" -eq 2 ] || fail "stats --json: expected one row and the total: $OUT"

run history
expect_rc 0 "history"
expect_no_err "history"
expect_out_re "^ +id +date +game +variant +scoring +opponent +hand +tricks +result$" "history header"
[ "$(wc -l <<<"$OUT")" -eq $((hands + 1)) ] || fail "history: expected $hands hands: $OUT"
first=$(sed -n 2p <<<"$OUT")
grep -qE "^ +$hands +20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} +german +classic +last13 +random +$hands +[0-9]+-[0-9]+ +(you scored [0-9]+|computer scored [0-9]+|no score)" \
  <<<"$first" || fail "history: the newest hand first: $first"
last=$(tail -n 1 <<<"$OUT")
grep -qE "^ +1 .* german +classic +last13 +random +1 +[0-9]+-[0-9]+ " <<<"$last" || fail "history: the oldest hand last: $last"
# the tricks and result of hand 1 as play reported them
t1=$(sed -n 's/^Hand 1 is over\. Endgame tricks: you \([0-9]*\), computer \([0-9]*\).*/\1-\2/p' <<<"$PLAY")
grep -qF " $t1 " <<<"$last" || fail "history: hand 1's tricks are not $t1: $last"
if grep -q '^Hand 1 is over.*You score \([0-9]*\)' <<<"$PLAY"; then
  p1=$(sed -n 's/^Hand 1 is over.*You score \([0-9]*\).*/\1/p' <<<"$PLAY")
  grep -qF "you scored $p1" <<<"$last" || fail "history: hand 1's result: $last"
fi
run history --limit 1
expect_rc 0 "history --limit 1"
[ "$(wc -l <<<"$OUT")" -eq 2 ] || fail "history --limit 1: $OUT"
run history --limit 0
[ "$(wc -l <<<"$OUT")" -eq $((hands + 1)) ] || fail "history --limit 0 shows every hand: $OUT"
run history --json
expect_rc 0 "history --json"
expect_out "[{\"id\": $hands, \"match\": 1, \"hand\": $hands, \"played\": \"" "history --json"
expect_out "\"variant\": \"classic\", \"scoring\": \"last13\", \"target\": 5, \"opponent\": \"random\", \"tricks\": [" \
  "history --json"
[ "$(grep -o '"id"' <<<"$OUT" | wc -l)" -eq "$hands" ] || fail "history --json: expected $hands hands: $OUT"

# A stored hand replays exactly as the same hand of the saved record.
run replay "$TMP/m5.gwr" --hand 1
FROM_FILE=$OUT
run replay --id 1
expect_rc 0 "replay --id 1"
expect_no_err "replay --id 1"
expect_out "Hand 1: classic deck, last13 scoring, target 5" "replay --id 1"
expect_out "Player 1: human, player 2: random;" "replay --id 1"
expect_out "      solver: " "replay --id 1: the solver judges the endgame"
[ "$OUT" = "$FROM_FILE" ] || fail "replay --id 1 differs from replay FILE --hand 1"
run replay --id "$hands" --no-solver
expect_rc 0 "replay --id N --no-solver"
expect_out "Hand $hands: classic deck" "replay --id N --no-solver"
expect_no_out "solver:" "replay --id N --no-solver"
run replay --id 999
expect_rc 1 "replay of an unknown id"
expect_err "whist replay: no hand 999 is stored ('whist history' lists the ids)" "replay of an unknown id"

# A second match, another variant and level: its own row; the total sums both.
run_from "$SWEEP" play --plain --seed 3 --target 3 --variant small --opponent easy --record "$TMP/s3.gwr"
expect_rc 0 "play small easy"
hands2=$(grep -cE '^Hand [0-9]+ is over' <<<"$OUT")
won2=$(grep -E '^Hand [0-9]+ is over' <<<"$OUT" | grep -c 'You score')
match_won2=$(grep -c '^You win the match' <<<"$OUT")
run stats
expect_out_re "^small +last13 +3 +easy +1 +$match_won2 +$hands2 +$won2 " "stats: the second row"
expect_out_re "^all +all +- +all +2 +$((match_won + match_won2)) +$((hands + hands2)) +$((won + won2)) " "stats: the sum"
[ "$(grep -oE '^(classic|small|all) ' <<<"$OUT" | tr -d ' ' | tr '\n' ,)" = "classic,small,all," ] ||
  fail "stats: rows out of order: $OUT"
run history --limit 1
expect_out_re "^ +$((hands + hands2)) .* german +small +last13 +easy +$hands2 " "history: the newest hand is the second match's last"

# A match left before its end: its hands count, the match does not (it stays open: --resume).
head -n 400 "$SWEEP" >"$TMP/short.txt"
run_from "$TMP/short.txt" play --plain --seed 8 --target 50 --opponent random --record "$TMP/short.gwr"
expect_rc 0 "play cut short"
expect_out "Input ended: the match stops here." "play cut short"
hands3=$(grep -cE '^Hand [0-9]+ is over' <<<"$OUT")
run stats
expect_out_re "^all +all +- +all +2 +[0-9]+ +$((hands + hands2 + hands3)) " "stats after a match left"
[ "$(sqlite3 "$DB" 'SELECT abandoned FROM matches WHERE id = 3')" = 0 ] ||
  fail "the match cut short, its record saved, counts as abandoned (it can be resumed: test_resume.sh)"
[ "$(sqlite3 "$DB" 'PRAGMA user_version')" = 6 ] || fail "the schema version is not 6"

# Help and bad options.
run --help
expect_out "  stats " "top-level help: stats"
expect_out "  history " "top-level help: history"
run stats --help
expect_rc 0 "stats --help"
expect_out "Usage: whist stats [--json]" "stats --help"
run history --help
expect_rc 0 "history --help"
expect_out "Usage: whist history [--limit N] [--json]" "history --help"
run replay --help
expect_out "whist replay --id ID" "replay --help"
run play --help
expect_out "line mode (without it, on a terminal, the" "play --help"
bad() { # EXPECTED-TEXT ARGS...
  run "${@:2}"
  expect_rc 2 "$*"
  expect_err "$1" "${*:2}"
}
bad "whist stats: unknown option or missing value: '--frob'" stats --frob
bad "whist stats: unexpected argument 'all'" stats all
bad "--limit wants a number of hands from 0 to 1000000, not 'x'" history --limit x
bad "not '-1'" history --limit -1
bad "not '1000001'" history --limit 1000001
bad "'--limit'" history --limit
bad "whist history: unexpected argument 'x'" history x
bad "--id wants a stored hand's id (a number from 1), not '0'" replay --id 0
bad "not 'x'" replay --id x
bad "not '-3'" replay --id -3
bad "a file or --id, not both" replay --id 1 "$TMP/m5.gwr"
bad "--hand is for files" replay --id 1 --hand 1
bad "the full-screen game needs a terminal; use 'whist play --plain' for line mode" play
bad "the full-screen game needs a terminal; use 'whist play --plain' for line mode" play --seed 3

# A newer whist's database: refused, untouched; the game still plays.
cp "$DB" "$TMP/good.db"
sqlite3 "$DB" 'PRAGMA user_version = 99'
cp "$DB" "$TMP/newer.db"
run stats
expect_rc 1 "stats on a newer database"
expect_err "whist stats: the statistics cannot be read: $DB was written by a newer whist (schema version 99; this one knows up to 6)" \
  "stats on a newer database"
cmp -s "$DB" "$TMP/newer.db" || fail "stats changed a newer database"

# A corrupt database (garbage bytes): play warns once and plays on; stats,
# history and replay --id say why and fail; the file is left as it was.
head -c 5000 /dev/urandom >"$DB"
cp "$DB" "$TMP/garbage.db"
run_from "$SWEEP" play --plain --seed 5 --target 5 --opponent random --record "$TMP/g.gwr"
expect_rc 0 "play with a corrupt database"
expect_err "warning: statistics are off: $DB is not a whist database (not even an SQLite file); move it away to start afresh" \
  "play with a corrupt database"
[ "$(grep -c 'statistics are off' <<<"$ERR")" -eq 1 ] || fail "play with a corrupt database: warned more than once: $ERR"
expect_out_re "^(You win|The computer wins) the match" "play with a corrupt database: the match is played"
cmp -s "$DB" "$TMP/garbage.db" || fail "play changed the corrupt database"
for cmd in stats history; do
  run $cmd
  expect_rc 1 "$cmd with a corrupt database"
  expect_err "whist $cmd: the statistics cannot be read: $DB is not a whist database" "$cmd with a corrupt database"
  expect_no_out "No games played yet" "$cmd with a corrupt database"
done
run replay --id 1
expect_rc 1 "replay --id with a corrupt database"
expect_err "is not a whist database" "replay --id with a corrupt database"
cmp -s "$DB" "$TMP/garbage.db" || fail "stats changed the corrupt database"
cp "$TMP/good.db" "$DB"
run stats
expect_rc 0 "stats with the database put back"

# Another program's database in its place.
rm -f "$DB"
sqlite3 "$DB" 'CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (1)'
cp "$DB" "$TMP/foreign.db"
run stats
expect_rc 1 "stats on another program's database"
expect_err "is not a whist database (it belongs to another program)" "stats on another program's database"
cmp -s "$DB" "$TMP/foreign.db" || fail "stats changed another program's database"

# A data folder that cannot be made (under a regular file: not even root can).
: >"$TMP/a-file"
XDG_DATA_HOME=$TMP/a-file/data run_from "$SWEEP" play --plain --seed 5 --target 5 --opponent random --record "$TMP/u.gwr"
expect_rc 0 "play with an unusable data folder"
expect_err "warning: statistics are off: cannot create $TMP/a-file/data/whist: Not a directory" \
  "play with an unusable data folder"
expect_out_re "^(You win|The computer wins) the match" "play with an unusable data folder: the match is played"
for cmd in stats history; do
  XDG_DATA_HOME=$TMP/a-file/data run $cmd
  expect_rc 1 "$cmd with an unusable data folder"
  expect_err "whist $cmd: the statistics cannot be read: cannot use $TMP/a-file/data/whist: Not a directory" \
    "$cmd with an unusable data folder"
done

# A read-only data folder (skipped where permissions do not stop writes, as for root).
RO=$TMP/ro
mkdir -p "$RO/whist"
cp "$TMP/good.db" "$RO/whist/whist.db"
chmod 0500 "$RO/whist"
if touch "$RO/whist/probe" 2>/dev/null; then
  rm -f "$RO/whist/probe"
  echo "skipped: the read-only data folder (permissions do not stop this user)"
else
  XDG_DATA_HOME=$RO run_from "$SWEEP" play --plain --seed 5 --target 5 --opponent random --record "$TMP/ro.gwr"
  expect_rc 0 "play with a read-only data folder"
  expect_err "warning: statistics are off: cannot write in $RO/whist: Permission denied" "play with a read-only data folder"
  [ "$(grep -c 'statistics are off' <<<"$ERR")" -eq 1 ] || fail "play with a read-only data folder: warned more than once"
  XDG_DATA_HOME=$RO run stats
  expect_rc 1 "stats with a read-only data folder"
  expect_err "whist stats: the statistics cannot be read: cannot write in $RO/whist: Permission denied" \
    "stats with a read-only data folder"
  cmp -s "$RO/whist/whist.db" "$TMP/good.db" || fail "a read-only data folder's database was changed"
fi
chmod 0700 "$RO/whist"

# Android Whist: every finished hand of 'whist android --plain' is stored beside the German Whist hands,
# in one numbering; stats and history show them, replay --id replays them.
export XDG_DATA_HOME=$TMP/android-data
ASWEEP=$TMP/asweep.txt
for ((i = 0; i < 1000; i++)); do
  printf '%s\n' duck beat high spades hearts diamonds clubs shortest longest high-spades high-hearts \
    high-diamonds high-clubs high-shortest high-longest
  for s in S H D C; do for r in A K Q J T 9 8 7 6 5 4 3 2; do printf '%s%s\n' "$r" "$s"; done; done
done >"$ASWEEP"
run_from "$SWEEP" play --plain --seed 5 --target 5 --opponent random --record "$TMP/g.gwr"
expect_rc 0 "play before android"
ghands=$(grep -cE '^Hand [0-9]+ is over' <<<"$OUT")
run_from "$ASWEEP" android --plain --seed 7 --record "$TMP/a7.gwr"
expect_rc 0 "android --plain"
expect_no_err "android --plain"
APLAY=$OUT
ahands=$(grep -cE '^Hand [0-9]+ is over' <<<"$APLAY")
awon=$(grep -E '^Hand [0-9]+ is over' <<<"$APLAY" | grep -c 'Your side scores')
arubber=$(grep -c '^You win the rubber' <<<"$APLAY")
[ "$ahands" -ge 2 ] || fail "android --plain: $ahands hand(s)"
[ "$(sqlite3 "$XDG_DATA_HOME/whist/whist.db" 'SELECT count(*) FROM android_hands')" = "$ahands" ] ||
  fail "android --plain: the hands are not all stored"
run stats
expect_rc 0 "stats with android"
expect_out "Android Whist    rubbers      games       hands" "stats: the android table"
expect_out_re "^hard +1 +$arubber +[0-9]+ +[0-9]+ +$ahands +$awon +[0-9.]+% " "stats: the android row"
expect_out_re "^all +1 +$arubber +[0-9]+ +[0-9]+ +$ahands +$awon " "stats: the android total"
expect_out_re "^classic +last13 +5 +random +1 " "stats: the German Whist row is still there"
run stats --json
expect_out "\"android\": {\"rows\": [{\"opponent\": \"hard\", \"rubbers\": 1, \"rubbers_won\": $arubber," "stats --json: android"
expect_out "\"scoring\": \"last13\", \"target\": 5}" "stats --json: the rules of a row"
run history --limit 0
expect_rc 0 "history with android"
[ "$(wc -l <<<"$OUT")" -eq $((ghands + ahands + 1)) ] || fail "history: expected $((ghands + ahands)) hands: $OUT"
expect_out_re "^ +$((ghands + ahands)) +20[0-9-]+ [0-9:]+ +android +- +- +hard +$ahands +[0-9]+-[0-9]+ +(your|computer's) side scored [0-9]+$" \
  "history: the newest hand is android's last"
expect_out_re "^ +$ghands +.* german +classic +last13 +random +$ghands " "history: the German Whist hands keep their ids"
run history --limit 1 --json
expect_out "\"variant\": \"android\", \"scoring\": \"rubber\"" "history --json: an android hand"
expect_out "\"game\": \"android\"}" "history --json: the game"
run replay --id $((ghands + 1)) --no-solver
expect_rc 0 "replay --id of an android hand"
expect_out "Hand 1: Android Whist" "replay --id of an android hand"
AFROM_ID=$OUT
run replay "$TMP/a7.gwr" --hand 1 --no-solver
[ "$AFROM_ID" = "$OUT" ] || fail "replay --id of an android hand differs from replay FILE --hand 1"
# line mode leaving early: the rubber stays open (its record is saved), and
# --resume goes on in the same statistics row.
head -n 300 "$ASWEEP" >"$TMP/ashort.txt"
run_from "$TMP/ashort.txt" android --plain --seed 9 --record "$TMP/a9.gwr"
expect_rc 0 "android cut short"
DBF="$XDG_DATA_HOME/whist/whist.db"
[ "$(sqlite3 "$DBF" 'SELECT abandoned FROM rubbers WHERE id = 2')" = 0 ] ||
  fail "the rubber cut short, its record saved, counts as abandoned"
grep -q '^\[StoreRubber "2"\]' "$TMP/a9.gwr" || fail "the rubber's record lacks its StoreRubber tag"
before=$(sqlite3 "$DBF" 'SELECT count(*) FROM android_hands WHERE rubber_id = 2')
run_from "$ASWEEP" android --plain --resume --record "$TMP/a9.gwr"
expect_rc 0 "android resumed"
[ "$(sqlite3 "$DBF" 'SELECT count(*) FROM rubbers')" = 2 ] || fail "the resumed rubber got a new statistics row"
after=$(sqlite3 "$DBF" 'SELECT count(*) FROM android_hands WHERE rubber_id = 2')
[ "$after" -gt "$before" ] || fail "the resumed rubber's hands are not stored in its row ($before, then $after)"
[ -n "$(sqlite3 "$DBF" 'SELECT winner FROM rubbers WHERE id = 2 AND winner IS NOT NULL')" ] ||
  fail "the resumed rubber, played to its end, has no winner in the statistics"

# Running total: both players score each hand; history shows both, and a hand
# counts as won in the statistics when you took more endgame tricks.
TDATA=$TMP/total-data
XDG_DATA_HOME=$TDATA run_from "$SWEEP" play --plain --seed 2 --scoring total --target 25 --opponent random \
  --record "$TMP/t.gwr"
expect_rc 0 "play --scoring total"
PLAY=$OUT
hands=$(grep -cE '^Hand [0-9]+ is over' <<<"$PLAY")
won=$(sed -nE 's/^Hand [0-9]+ is over\. Endgame tricks: you ([0-9]+), computer ([0-9]+) .*/\1 \2/p' <<<"$PLAY" |
  awk '$1 > $2' | wc -l)
[ "$hands" -ge 2 ] || fail "play --scoring total: $hands hand(s)"
XDG_DATA_HOME=$TDATA run history --limit 0
expect_rc 0 "history of a total match"
[ "$(grep -cE '  you scored [0-9]+, computer [0-9]+$' <<<"$OUT")" -eq "$hands" ] ||
  fail "history of a total match: not both scores on each of $hands hands: $OUT"
e=$(sed -nE '1s/^Hand 1 is over\. Endgame tricks: you ([0-9]+), computer ([0-9]+) .*/\1-\2/p' \
  <<<"$(grep -E '^Hand 1 is over' <<<"$PLAY")")
expect_out_re "^ +1 +.* german +classic +total +random +1 +$e +you scored ${e%-*}, computer ${e#*-}$" "history: hand 1 of a total match"
XDG_DATA_HOME=$TDATA run history --json --limit 1
expect_out_re '"scoring": "total", .*"scored": \[[0-9]+, [0-9]+\]' "history --json of a total match"
XDG_DATA_HOME=$TDATA run stats
expect_rc 0 "stats of a total match"
expect_out_re "^classic +total +25 +random +1 +[01] +$hands +$won +[0-9.]+% +0 +[0-9]+ +[0-9]+ +0$" "stats: hands won under running total"

finish
