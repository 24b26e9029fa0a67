# test_engine_alone.sh: the engine builds on its own (src/engine as a project, with no package to be found),
# a program links it with nothing but the C library and plays a German and an Android hand, and the
# library calls nothing outside the C library: no SQLite, curses, threads, JSON, cmocka, I/O, clock or
# environment.
. "$(dirname "$0")/lib.sh"
: "${GW_SOURCE_DIR:?GW_SOURCE_DIR must name the source tree}"
cc=${CC:-cc}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

# No package may be found: pkg-config sees no .pc file, and every find_* looks only in an empty root.
if ! PKG_CONFIG_LIBDIR="$TMP/none" PKG_CONFIG_PATH= CC=$cc cmake -S "$GW_SOURCE_DIR/src/engine" -B "$TMP/build" \
  "${generator[@]}" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS=-Werror -DCMAKE_FIND_ROOT_PATH="$TMP/none" \
  -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=ONLY -DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=ONLY \
  -DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=ONLY -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_Threads=ON >"$TMP/configure.log" 2>&1; then
  cat "$TMP/configure.log" >&2
  fail "src/engine does not configure on its own"
  finish
fi
if ! cmake --build "$TMP/build" -j 2 >"$TMP/build.log" 2>&1; then
  tail -30 "$TMP/build.log" >&2
  fail "src/engine does not build on its own (warnings are errors)"
  finish
fi
lib=$TMP/build/libgw_engine.a
[ -f "$lib" ] || fail "no libgw_engine.a in the engine's own build"

# The library calls nothing outside the C library: no package, no threads, and the engine does no I/O,
# reads no clock and no environment (the caller lends a gw_clock and gw_rng seeds).
undefined=$(nm -u "$lib" | awk 'NF == 2 {print $2}' | sort -u)
bad=$(grep -E '^(sqlite3_|json_|pthread_|_?cmocka|_assert_|mock_|_test_|initscr|endwin|newwin|wgetch|wrefresh|waddn?str|mvw|ncurses|curs_|curses|clock_gettime|gettimeofday|time$|clock$|getenv|secure_getenv|f?open|fopen64|fclose|fread|fwrite|fflush|fputs|fputc|fgets|puts|putchar|getchar|printf|fprintf|vfprintf|vprintf|perror|read$|write$|close$|exit$|_exit$|stdin|stdout|stderr|rand$|srand$|random$|dlopen)' <<<"$undefined")
[ -z "$bad" ] || fail "libgw_engine.a calls outside the pure C library: $(echo $bad)"
# Every gw_ function it calls, it defines.
defined=$(nm --defined-only "$lib" | awk 'NF == 3 {print $3}' | sort -u)
missing=$(comm -23 <(grep '^gw_' <<<"$undefined") <(echo "$defined"))
[ -z "$missing" ] || fail "libgw_engine.a calls gw_ functions it does not define: $(echo $missing)"

# Public names only for the public API: every gw_ name the library exports is declared in include/gw (an
# internal function is static, or has a short internal prefix in a header inside src/engine).
exported=$(nm --defined-only "$lib" | awk 'NF == 3 && $2 ~ /^[TDRBC]$/ && $3 ~ /^gw_/ {print $3}' | sort -u)
for name in $exported; do
  grep -qw "$name" "$GW_SOURCE_DIR"/include/gw/*.h || fail "$name is exported by the engine but in no public header"
done

# A program with the engine alone: deals a German Whist hand and an Android Whist hand and plays both out
# with computer players (the solver, the expert's sampling and Android's levels included).
cat >"$TMP/prog.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>

#include "gw/ai.h"
#include "gw/android_ai.h"
#include "gw/deck.h"
#include "gw/game.h"
#include "gw/observation.h"

int main(void) {
    gw_error err;
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, 7, deck);
    gw_game g;
    if (gw_game_deal(&g, GW_CLASSIC, deck, 0, &err) != GW_OK) return 1;
    gw_solver *solver;
    gw_expert *expert;
    if (gw_solver_new(0, &solver) != GW_OK) return 1;
    if (gw_expert_new((gw_expert_limits){0, 4, NULL}, 7, &expert, &err) != GW_OK) return 1;
    while (gw_game_phase(&g) != GW_OVER) {
        gw_observation o;
        gw_observe(&g, g.turn, &o);
        gw_card c = g.turn == 0 ? gw_ai_hard(&o, solver, NULL) : gw_expert_choose(expert, &o);
        if (gw_game_play(&g, c, NULL) != GW_OK) return 1;
    }
    printf("german %d-%d\n", gw_game_all_tricks(&g, 0), gw_game_all_tricks(&g, 1));
    gw_expert_free(expert);
    gw_solver_free(solver);

    gw_card adeck[GW_ANDROID_DECK];
    gw_deck_from_seed(GW_CLASSIC, 7, adeck);
    gw_android_game *a = malloc(sizeof *a);
    gw_android_player *p[2];
    if (!a || gw_android_deal(a, adeck, 1, &err) != GW_OK) return 1;
    if (gw_android_player_new(GW_ANDROID_HARD, 1, &p[0], &err) != GW_OK) return 1;
    if (gw_android_player_new(GW_ANDROID_EASY, 2, &p[1], &err) != GW_OK) return 1;
    int actions = 0;
    for (int who; (who = gw_android_actor(a)) >= 0; actions++) {
        gw_android_step step;
        if (gw_android_player_act(p[who], a, &step, &err) != GW_OK) return 1;
    }
    printf("android %d actions, over %d\n", actions, gw_android_over(a));
    gw_android_player_free(p[0]);
    gw_android_player_free(p[1]);
    free(a);
    return 0;
}
EOF
# Only the C library (-lm is part of it on Debian; the engine needs no more).
if ! "$cc" -std=c17 -Wall -Wextra -Werror -I"$GW_SOURCE_DIR/include" "$TMP/prog.c" "$lib" -lm -o "$TMP/prog" \
  2>"$TMP/link.log"; then
  cat "$TMP/link.log" >&2
  fail "a program does not link with libgw_engine.a and the C library alone"
else
  OUT=$("$TMP/prog")
  RC=$?
  expect_rc 0 "the program on the engine alone"
  expect_out "german " "the German hand is played out"
  expect_out ", over 1" "the Android hand is played out"
  ldd "$TMP/prog" 2>/dev/null | grep -E 'sqlite|curses|jansson|cmocka|pthread' &&
    fail "the program on the engine alone links a package"
fi

finish
