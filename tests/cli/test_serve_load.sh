# test_serve_load.sh: the load benchmark of whist serve runs (bench/serve_load.sh with bench_serve): 20
# clients, each of whose games progresses, with no pause and with pauses between actions. No timing is
# checked: the figures are the benchmark's business.
source "$(dirname "$0")/lib.sh"
BUILD=$(dirname "$WHIST")
if [ ! -x "$BUILD/bench/bench_serve" ]; then
  fail "no $BUILD/bench/bench_serve"
  finish
fi

for pace in 0 50; do
  out=$(SIZES=20 PACE_MS=$pace SECONDS_RUN=2 WARMUP=0.5 bash "$GW_SOURCE_DIR/bench/serve_load.sh" "$BUILD" 2>"$TMP/load.err")
  rc=$?
  [ $rc -eq 0 ] || fail "pace $pace: serve_load.sh exit $rc: $out $(cat "$TMP/load.err")"
  # the row: 20 connections, a positive number of actions per second, no client stalled, ok
  row=$(grep -E "^20 " <<<"$out")
  read -r n p rate p50 p99 max kb stalled result <<<"$row"
  [ "$result" = ok ] || fail "pace $pace: not ok: $row"
  [ "$stalled" = 0 ] || fail "pace $pace: $stalled clients stalled: $row"
  awk -v r="$rate" 'BEGIN { exit !(r > 0) }' || fail "pace $pace: no actions: $row"
done

# bench_serve refuses to run without a server, and says why
"$BUILD/bench/bench_serve" --port 1 --clients 1 >"$TMP/out" 2>"$TMP/err"
[ $? -eq 1 ] || fail "bench_serve without a server: exit not 1"
grep -q "no server answers" "$TMP/err" || fail "bench_serve without a server: $(cat "$TMP/err")"
finish
