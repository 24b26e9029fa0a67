#!/usr/bin/env bash
# run.sh: one command to set up, build and then play or test whist.
#   ./run.sh play [ARGS...]  set up, build, start the full-screen game (extra ARGS go to whist)
#   ./run.sh serve [ARGS...] set up, build, start `whist serve` (the game in a browser; ARGS go to
#                            whist serve, e.g. --port 9000) and print the address to open
#   ./run.sh test            set up, build with gcc (native bits) and clang (portable bits:
#                            no popcnt or BMI2, the path WebAssembly takes), -Werror, asserts
#                            on, run every test (after the gcc build's, the browser tests of
#                            tests/web once, against that build; with the gcc build the
#                            WebAssembly module and its tests under node), then again under
#                            AddressSanitizer + UBSan, then a fuzz smoke run
#   ./run.sh build           set up and build only (build/whist)
#   ./run.sh web-build [DIR] set up, build the engine in WebAssembly (build-wasm, docs/wasm.md) and write the
#                            static game to DIR (default build-web): web/ and the module (js/whist-engine.js)
#   ./run.sh fuzz [SECONDS]  build the libFuzzer harnesses (fuzz/, clang) in build-fuzz and run
#                            each for SECONDS (default 60); non-zero exit on any finding
set -euo pipefail
cd "$(dirname "$0")"
what=${1:-play}
[ $# -gt 0 ] && shift

./scripts/setup.sh

# configure DIR [CMAKE ARGS...]: configures a build folder (once; later calls only
# update the options given, e.g. a folder made before GW_ASSERTS existed).
configure() {
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S . -B "$dir" -G Ninja "$@" >/dev/null
  elif [ $# -gt 0 ]; then
    cmake -S . -B "$dir" "$@" >/dev/null
  fi
}

# web_tests WHIST: the browser tests (tests/web: Playwright in Debian's chromium, each test with a
# whist serve of its own from the binary WHIST) on every project (desktop and phones). npm ci runs
# only when node_modules is missing or package-lock.json changed since. Prints the list reporter's
# lines, then "web: N passed, N failed" (from test-results/report.json); sets WEB_PASSED and
# WEB_FAILED (npm ci failing, or no report, counts as one failed test).
web_tests() {
  local dir=tests/web whist stamp sum
  whist=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  stamp=$dir/node_modules/.package-lock.sha256
  sum=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  WEB_PASSED=0 WEB_FAILED=0
  if [ ! -d "$dir/node_modules" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
    if ! (cd "$dir" && npm ci --no-audit --no-fund); then
      echo "web: npm ci failed in $dir"
      WEB_FAILED=1
      return 1
    fi
    echo "$sum" >"$stamp"
  fi
  rm -f "$dir/test-results/report.json"
  local rc=0
  (cd "$dir" && WHIST_BIN="$whist" npx --no-install playwright test --forbid-only) || rc=$?
  local counts
  counts=$(node -e 'const s = require(process.argv[1]).stats;
    console.log((s.expected + s.flaky) + " " + s.unexpected)' "$PWD/$dir/test-results/report.json" 2>/dev/null) ||
    counts="0 1"
  WEB_PASSED=${counts% *}
  WEB_FAILED=${counts#* }
  if [ "$rc" -ne 0 ] && [ "$WEB_FAILED" -eq 0 ]; then WEB_FAILED=1; fi
  echo "web: $WEB_PASSED passed, $WEB_FAILED failed"
  [ "$WEB_FAILED" -eq 0 ]
}

# wasm_build: the WebAssembly module (docs/wasm.md) in build-wasm: jansson built for emscripten from its
# Debian source (scripts/wasm-deps.sh, once), then the engine, the protocol, the table host and
# src/programs/wasm with emcmake (portable bits, -Werror): build-wasm/web/whist-engine.js. Prints the time.
wasm_build() {
  local start=$SECONDS
  export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH} # emscripten's linker needs Debian's node modules
  ./scripts/wasm-deps.sh build-wasm/deps
  if [ ! -f build-wasm/build.ninja ]; then
    emcmake cmake -S . -B build-wasm -G Ninja -DGW_NATIVE_BITS=OFF -DGW_WERROR=ON >/dev/null
  fi
  ninja -C build-wasm
  echo "wasm: build-wasm/web/whist-engine.js, $(wc -c <build-wasm/web/whist-engine.js) bytes ($(gzip -9c build-wasm/web/whist-engine.js | wc -c) gzipped), $((SECONDS - start)) s"
}

# The fuzz harnesses (fuzz/fuzz_NAME.c), each with fuzz/NAME.dict.
FUZZ_HARNESSES=(record android_record cards solve settings line_input protocol client_msg)

# fuzz_build: configures and builds build-fuzz, and writes the seed corpora
# (build-fuzz/seeds/NAME) from tests/data and a few typed lines.
fuzz_build() {
  CC=clang configure build-fuzz -DGW_FUZZ=ON -DGW_TESTS=OFF -DGW_WERROR=ON
  if ! ninja -C build-fuzz fuzz_harnesses >build-fuzz/ninja.log 2>&1; then
    cat build-fuzz/ninja.log
    echo "the fuzz harnesses do not build"
    echo "0 passed, ${#FUZZ_HARNESSES[@]} failed"
    exit 1
  fi
  local seeds=build-fuzz/seeds
  rm -rf "$seeds"
  mkdir -p "$seeds"/{record,android_record,cards,solve,settings,line_input,protocol,client_msg}
  cp tests/data/check/*.gwr "$seeds/record/"
  cp tests/data/android/*.gwr "$seeds/android_record/"
  local i=0 deck
  # Card lists and sets: the decks of the records, and the notation's corners.
  while IFS= read -r deck; do
    i=$((i + 1))
    printf '%s' "$deck" >"$seeds/cards/deck-$i"
  done < <(sed -n 's/^\[Deck "\(.*\)"\]\r*$/\1/p' tests/data/check/*.gwr tests/data/android/*.gwr | sort -u | head -40)
  printf 'AS' >"$seeds/cards/card"
  printf '10h' >"$seeds/cards/ten"
  printf 'AK..7.2' >"$seeds/cards/dotted"
  printf 'A\xe2\x99\xa0 K\xe2\x99\xa5,Q\xe2\x99\xa6' >"$seeds/cards/symbols"
  printf -- '-' >"$seeds/cards/void"
  printf 'S AS,KS QS,JS\nH AD QS,3S 4S\nS AK... QJ...\nC AH,2H KH,QH\n' >"$seeds/solve/batch"
  printf 'spades AKQ.2.3. JT9.3.4.\n\nX AS KS\n' >"$seeds/solve/mixed"
  printf 'hearts AS,KS,QS,JS,TS,9S QH,JH,TH,9H,8H,7H\n' >"$seeds/solve/six"
  printf '# whist settings\nvariant = small\nscoring = every\ntarget = 7\nopponent = expert\nsuit-order = classic\nspeed = fast\nsingle-click = on\nbell = off\ntracker = yes\n' >"$seeds/settings/all"
  printf 'variant=classic\r\nTARGET = 1000\r\nbell = 0\r\nnonsense\n' >"$seeds/settings/crlf"
  printf 'AS\nhelp\nquit\nduck\nhigh-spades\n10h\n  Q s \nhint\nshow\n' >"$seeds/line_input/words"
  printf '2C\n3C\n4C\n5C\n6C\n7C\n8C\n9C\nTC\nJC\nQC\nKC\nAC\n2D\n3D\n4D\n5D\n2H\n3H\n2S\n3S\n' >"$seeds/line_input/cards"
  # The protocol: each line of the examples (docs/protocol.md) as a seed of its own.
  i=0
  while IFS= read -r line; do
    i=$((i + 1))
    printf '%s' "$line" >"$seeds/protocol/example-$i"
  done < <(cat tests/data/protocol/*.jsonl)
  # The browser's messages (docs/protocol.md, "The browser's WebSocket").
  printf '{"type":"new","options":{"game":"german","variant":"small","scoring":"every","target":"25","opponent":"expert","seed":"7"}}' >"$seeds/client_msg/new"
  printf '{"type":"new","options":{"game":"android","opponent":"easy"}}' >"$seeds/client_msg/android"
  printf '{"type":"act","action":{"type":"play","card":"AS"}}' >"$seeds/client_msg/play"
  printf '{"type":"act","action":{"type":"command","command":"high-spades"}}' >"$seeds/client_msg/command"
  printf '{"type":"undo"}' >"$seeds/client_msg/undo"
  printf '{"type":"hint"}' >"$seeds/client_msg/hint"
  printf '{"type":"next"}' >"$seeds/client_msg/next"
}

# fuzz_run SECONDS JOBS LOGS: runs every harness for SECONDS, JOBS at a time,
# each logging to LOGS/NAME.log (corpus build-fuzz/corpus/NAME, crash artifacts
# build-fuzz/artifacts/NAME/); prints a line per harness (executions, cov, ft,
# corpus: inputs/bytes, from libFuzzer's last status line) and then
# "N passed, N failed". Fails if any harness did.
fuzz_run() {
  local seconds=$1 jobs=$2 logs=$3 name
  mkdir -p "$logs"
  for name in "${FUZZ_HARNESSES[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    mkdir -p "build-fuzz/corpus/$name" "build-fuzz/artifacts/$name"
    (
      rc=0
      "./build-fuzz/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -dict="fuzz/$name.dict" -artifact_prefix="build-fuzz/artifacts/$name/" \
        "build-fuzz/corpus/$name" "build-fuzz/seeds/$name" >"$logs/$name.log" 2>&1 || rc=$?
      echo "$rc" >"$logs/$name.rc"
    ) &
  done
  wait
  local passed=0 failed=0 rc execs cov ft corpus
  for name in "${FUZZ_HARNESSES[@]}"; do
    rc=$(cat "$logs/$name.rc" 2>/dev/null || echo 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$name.log" | tail -1) || true
    cov=$(grep -o 'cov: [0-9]*' "$logs/$name.log" | tail -1 | cut -d' ' -f2) || true
    ft=$(grep -o 'ft: [0-9]*' "$logs/$name.log" | tail -1 | cut -d' ' -f2) || true
    corpus=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$logs/$name.log" | tail -1 | cut -d' ' -f2) || true
    if [ "$rc" = 0 ]; then
      passed=$((passed + 1))
      printf 'fuzz %-15s ok  %10s execs  cov %5s  ft %6s  corpus %s\n' "$name" "${execs:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}"
    else
      failed=$((failed + 1))
      printf 'fuzz %-15s FAILED (exit %s): see %s/%s.log and build-fuzz/artifacts/%s/\n' "$name" "$rc" "$logs" "$name" "$name"
      grep -E '^(==[0-9]+==ERROR|SUMMARY|.*property failed)' "$logs/$name.log" | head -5 | sed 's/^/    /' || true
    fi
  done
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

case "$what" in
  build | play | serve)
    configure build
    ninja -C build >/dev/null
    if [ "$what" = play ]; then
      if [ $# -eq 0 ] && { [ ! -t 0 ] || [ ! -t 1 ]; }; then set -- play --plain; fi
      exec ./build/whist "$@"
    fi
    if [ "$what" = serve ]; then
      # The engine in WebAssembly, which whist serve hands the page so that it plays the computer when the
      # server is out of reach (docs/wasm.md); without it the page plays on the server only.
      echo "run.sh: building the engine in WebAssembly (the first time: a few minutes)"
      mkdir -p build-wasm && { wasm_build >build-wasm/serve.log 2>&1 || true; } # errexit is off inside a function called with ||: the file decides
      if [ ! -f build-wasm/web/whist-engine.js ]; then
        echo "run.sh: the engine in WebAssembly did not build (build-wasm/serve.log): the page plays on the server only" >&2
      fi
      # whist serve prints its address ("whist serve: http://127.0.0.1:8080/") once it listens.
      echo "run.sh: starting whist serve: open the address it prints in a browser; Ctrl-C stops it"
      exec ./build/whist serve "$@"
    fi
    ;;
  web-build)
    out=${1:-build-web}
    wasm_build
    rm -rf "$out"
    mkdir -p "$out"
    cp -R web/. "$out/"
    cp build-wasm/web/whist-engine.js "$out/js/"
    echo "run.sh: the static game is in $out/: serve it with any static web server (README.md, \"The game without a server\")"
    ;;
  test)
    jobs=$(nproc 2>/dev/null || echo 2)
    passed=0 failed=0
    # run_ctest DIR [CTEST ARGS]: runs the suite of a build folder (the tests the arguments select) and adds
    # its counts to the totals; stops the test command at the first failing pass.
    run_ctest() {
      local log=$1/ctest-summary.log total bad
      ctest --test-dir "$1" --output-on-failure -j "$jobs" "${@:2}" | tee "$log"
      [ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
      total=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\2/p' "$log")
      bad=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of.*/\1/p' "$log")
      passed=$((passed + ${total:-0} - ${bad:-0}))
      failed=$((failed + ${bad:-0}))
    }
    # Asserts on in every pass (GW_ASSERTS keeps them in the optimised builds). The gcc build runs every
    # test; the sanitized build all but the long end-to-end scenarios (ctest label scenario: the terminal
    # game in tmux, arena runs, the server's load, leak and attack runs); the clang build (portable bits) the
    # unit tests and the engine's command-line tests (label engine). tests/CMakeLists.txt says which are
    # which.
    for compiler in gcc clang; do
      echo "== $compiler$([ "$compiler" = clang ] && echo ", portable bits (GW_NATIVE_BITS=OFF)"), -Werror, asserts on =="
      # The gcc build also runs the WebAssembly module's test (wasm.play, tests/wasm) on the module built here;
      # every build compares its engine with the WebAssembly one (conformance.wasm) built there.
      extra=(-DGW_WASM_CONFORMANCE="$PWD/build-wasm/tests/wasm/conformance.js")
      [ "$compiler" = gcc ] && extra+=(-DGW_WASM_MODULE="$PWD/build-wasm/web/whist-engine.js")
      # clang builds the portable path (GW_NATIVE_BITS=OFF: no popcnt or BMI2, as in WebAssembly).
      [ "$compiler" = clang ] && extra+=(-DGW_NATIVE_BITS=OFF)
      CC=$compiler configure "build-$compiler" -DGW_WERROR=ON -DGW_ASSERTS=ON "${extra[@]}"
      ninja -C "build-$compiler"
      if [ "$compiler" = gcc ]; then
        echo "== the engine in WebAssembly (emscripten, build-wasm) =="
        if command -v emcc >/dev/null 2>&1; then
          wasm_build
        else
          echo "wasm: no emscripten (emcc): the module is not built and wasm.play is skipped"
        fi
        run_ctest "build-$compiler"
      else
        run_ctest "build-$compiler" -L "unit|engine"
      fi
      if [ "$compiler" = gcc ]; then
        # The browser tests, once, against the gcc build's whist.
        echo "== browser tests (tests/web), against build-gcc/whist =="
        web_ok=0
        web_tests build-gcc/whist || web_ok=1
        passed=$((passed + WEB_PASSED))
        failed=$((failed + WEB_FAILED))
        if [ "$web_ok" -ne 0 ]; then
          echo "$passed passed, $failed failed"
          exit 1
        fi
      fi
    done
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer =="
    CC=clang configure build-sanitize -DGW_WERROR=ON -DGW_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
      -DGW_WASM_CONFORMANCE="$PWD/build-wasm/tests/wasm/conformance.js"
    ninja -C build-sanitize
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 run_ctest build-sanitize -LE scenario
    # A short smoke run of every fuzz harness (GW_FUZZ_SMOKE seconds each, two at a
    # time): a harness that no longer builds or finds something at once fails the
    # test; each harness counts as one test in the summary.
    echo "== fuzz smoke, ${GW_FUZZ_SMOKE:-30} s per harness =="
    fuzz_build
    fuzz_ok=0
    fuzz_run "${GW_FUZZ_SMOKE:-30}" 2 build-fuzz/logs | tee build-fuzz/smoke-summary.log || fuzz_ok=1
    fuzz_passed=$(sed -n 's/^\([0-9]*\) passed, [0-9]* failed$/\1/p' build-fuzz/smoke-summary.log)
    fuzz_failed=$(sed -n 's/^[0-9]* passed, \([0-9]*\) failed$/\1/p' build-fuzz/smoke-summary.log)
    passed=$((passed + ${fuzz_passed:-0}))
    failed=$((failed + ${fuzz_failed:-0}))
    echo "== every pass: the ctest suites of the three builds, the browser tests and the fuzz smoke =="
    echo "$passed passed, $failed failed"
    [ "$fuzz_ok" -eq 0 ] && [ "$failed" -eq 0 ]
    ;;
  fuzz)
    seconds=${1:-60}
    case "$seconds" in '' | *[!0-9]*)
      echo "usage: ./run.sh fuzz [SECONDS]" >&2
      exit 2
      ;;
    esac
    fuzz_build
    fuzz_run "$seconds" "${GW_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}" "${GW_FUZZ_LOGS:-build-fuzz/logs}"
    ;;
  *)
    echo "usage: ./run.sh play|serve|test|build|web-build [DIR]|fuzz [SECONDS]" >&2
    exit 2
    ;;
esac
