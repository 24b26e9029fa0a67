#!/usr/bin/env bash
# run.sh: one command to set up, build and then play or test whist.
#   ./run.sh play [ARGS...]  set up, build, start the full-screen game (extra ARGS go to whist)
#   ./run.sh test            set up, build with gcc and clang (-Werror), run every
#                            test, then again under AddressSanitizer + UBSan
#   ./run.sh build           set up and build only (build/whist)
set -euo pipefail
cd "$(dirname "$0")"
what=${1:-play}
[ $# -gt 0 ] && shift

./scripts/setup.sh

# configure DIR [CMAKE ARGS...]: configures a build folder once.
configure() {
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S . -B "$dir" -G Ninja "$@" >/dev/null
  fi
}

case "$what" in
  build | play)
    configure build
    ninja -C build >/dev/null
    if [ "$what" = play ]; then
      if [ $# -eq 0 ] && { [ ! -t 0 ] || [ ! -t 1 ]; }; then set -- play --plain; fi
      exec ./build/whist "$@"
    fi
    ;;
  test)
    jobs=$(nproc 2>/dev/null || echo 2)
    for compiler in gcc clang; do
      echo "== $compiler, -Werror =="
      CC=$compiler configure "build-$compiler" -DGW_WERROR=ON
      ninja -C "build-$compiler"
      ctest --test-dir "build-$compiler" --output-on-failure -j "$jobs"
    done
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer =="
    CC=clang configure build-sanitize -DGW_WERROR=ON -DGW_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
    ninja -C build-sanitize
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir build-sanitize --output-on-failure -j "$jobs"
    ;;
  *)
    echo "usage: ./run.sh play|test|build" >&2
    exit 2
    ;;
esac
