# test_engine_layers.sh: the layers depend one way (README.md, "Architecture"): the engine (src/engine)
# includes no header for I/O, clocks, threads or packages and none of the host's; the host (src/host)
# includes none of the computer players' headers and its library calls only the engine's cards, games and
# records (core, android) and the statistics library, never its players or solver; the ratings' and the
# statistics' libraries call only the core.
. "$(dirname "$0")/lib.sh"
: "${GW_SOURCE_DIR:?GW_SOURCE_DIR must name the source tree}"
cd "$GW_SOURCE_DIR" || exit 1

# The engine: pure C.
bad=$(grep -rnE '#include *<(stdio|time|pthread|threads|unistd|fcntl|signal|setjmp|dirent|locale|sqlite3|curses|ncurses|ncursesw/curses|jansson|cmocka)\.h>|#include *<sys/' src/engine)
[ -z "$bad" ] || fail "the engine includes a header for I/O, clocks, threads or a package: $bad"
bad=$(grep -rnE '#include *"gw/(store|settings|files|monotonic)\.h"' src/engine)
[ -z "$bad" ] || fail "the engine includes a host header: $bad"
bad=$(grep -rnwE 'getenv|secure_getenv|clock_gettime|gettimeofday|fopen|printf|fprintf|puts|exit' \
  --include='*.c' --include='*.h' src/engine | grep -vE 'gw_text_(printf|puts)')
[ -z "$bad" ] || fail "the engine reads the environment or a clock, does I/O or exits: $bad"

# The table host (src/table): as pure as the engine (jansson is its one package): no I/O, clock, threads,
# randomness or host header, in its sources and in its library's undefined symbols.
bad=$(grep -rnE '#include *<(time|pthread|threads|unistd|fcntl|signal|dirent|locale|sqlite3|curses|ncurses|cmocka)\.h>|#include *<sys/' src/table)
[ -z "$bad" ] || fail "the table host includes a header for I/O, clocks, threads or a package: $bad"
bad=$(grep -rnE '#include *"gw/(store|settings|files|monotonic)\.h"' src/table)
[ -z "$bad" ] || fail "the table host includes a host header: $bad"
bad=$(grep -rnE '\b(getenv|secure_getenv|clock_gettime|gettimeofday|time|rand|random|fopen|printf|fprintf|puts|exit) *\(' \
  --include='*.c' --include='*.h' src/table)
[ -z "$bad" ] || fail "the table host reads the environment, a clock or chance, does I/O or exits: $bad"

# The host: no computer players.
bad=$(grep -rnE '#include *"gw/(ai|android_ai|player|solver)\.h"' src/host include/gw/store.h include/gw/settings.h \
  include/gw/files.h)
[ -z "$bad" ] || fail "the host includes a computer player's header: $bad"

# ...and none in its library: every gw_ function gw_store calls and does not define is one of the engine's
# core or android objects, or of the statistics library (gw_stats, checked below).
build=$(dirname "$WHIST")
store=$build/src/host/libgw_store.a
stats=$build/src/stats/libgw_stats.a
parts=("$build"/src/engine/CMakeFiles/gw_engine.dir/core/*.o "$build"/src/engine/CMakeFiles/gw_engine.dir/android/*.o)
if [ -f "$store" ] && [ -f "$stats" ] && [ -f "${parts[0]}" ]; then
  mine=$(nm --defined-only "$store" "$stats" | awk 'NF == 3 {print $3}' | sort -u)
  engine=$(nm --defined-only "${parts[@]}" | awk 'NF == 3 {print $3}' | sort -u)
  calls=$(nm -u "$store" | awk 'NF == 2 && $2 ~ /^gw_/ {print $2}' | sort -u | comm -23 - <(echo "$mine"))
  outside=$(comm -23 <(echo "$calls") <(echo "$engine"))
  [ -z "$outside" ] || fail "gw_store calls more of the engine than its cards, games and records: $(echo $outside)"
else
  fail "no $store, $stats or engine objects under $build/src/engine to check"
fi

# no_io NAME LIB: the library LIB calls nothing for I/O, a clock, chance or threads.
no_io() {
  local bad
  bad=$(nm -u "$2" | awk 'NF == 2 {print $2}' | grep -xE '(getenv|secure_getenv|clock_gettime|gettimeofday|time|clock|rand|random|srand|getrandom|fopen|fwrite|fputs|fprintf|printf|puts|write|read|open|exit|abort|pthread_.*)' || true)
  [ -z "$bad" ] || fail "$1 calls I/O, a clock, chance or threads: $(echo $bad)"
}

# core_only NAME LIB: of the engine, the library LIB calls only the core's functions.
core_only() {
  local mine core calls outside
  mine=$(nm --defined-only "$2" | awk 'NF == 3 {print $3}' | sort -u)
  core=$(nm --defined-only "$build"/src/engine/CMakeFiles/gw_engine.dir/core/*.o | awk 'NF == 3 {print $3}' | sort -u)
  calls=$(nm -u "$2" | awk 'NF == 2 && $2 ~ /^gw_/ {print $2}' | sort -u | comm -23 - <(echo "$mine"))
  outside=$(comm -23 <(echo "$calls") <(echo "$core"))
  [ -z "$outside" ] || fail "$1 calls more of the engine than its core: $(echo $outside)"
}

# The statistics (gw_stats) are counting: of the engine they call only the core (the level and scoring
# names), and nothing for I/O, a clock or chance.
if [ -f "$stats" ]; then
  core_only gw_stats "$stats"
  no_io gw_stats "$stats"
else
  fail "no $stats to check"
fi

table=$build/src/table/libgw_table.a
if [ -f "$table" ]; then
  no_io gw_table "$table"
else
  fail "no $table to check"
fi

# The ratings (gw_rating) are arithmetic: of the engine they call only the error values (core).
rating=$build/src/host/libgw_rating.a
if [ -f "$rating" ]; then
  core_only gw_rating "$rating"
else
  fail "no $rating to check"
fi

finish
