/* fuzz_solve.c: libFuzzer harness for `whist solve` positions and batch lines (cli_solve_line, which
 * reads the words with cli_solve_position). Properties: an accepted position has sane card counts
 * (1..13 each, equal, or the follower one more after a lead; no card in two places); small ones are
 * solved, and the value lies within the tricks left and equals the best of the card values. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_assert.h"
#include "fuzz_util.h"
#include "gw/solver.h"
#include "line_input.h"

static gw_solver *solver;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!solver && gw_solver_new(1u << 16, &solver) != GW_OK) return 0;
    /* The input is a batch: each line read as `whist solve --batch` reads it. */
    fuzz_lines lines = {(const char *)data, size, 0, false};
    size_t n;
    for (char *line; (line = fuzz_next_line(&lines, &n)) != NULL;) {
        gw_position p;
        char why[256];
        why[0] = '\0';
        cli_solve_line_kind kind = cli_solve_line(line, n, &p, why, sizeof why);
        if (kind == CLI_SOLVE_BAD) FUZZ_CHECK(why[0] != '\0' && strlen(why) < sizeof why);
        if (kind == CLI_SOLVE_POSITION) {
            int a = gw_count(p.leader), b = gw_count(p.other);
            FUZZ_CHECK(p.trump >= 0 && p.trump < GW_SUITS);
            FUZZ_CHECK((p.leader & p.other) == 0);
            FUZZ_CHECK(((p.leader | p.other) & ~GW_ALL_CARDS) == 0);
            if (p.led == GW_NO_CARD) {
                FUZZ_CHECK(a == b && a >= 1 && a <= 13);
            } else {
                FUZZ_CHECK(gw_card_valid(p.led) && !gw_has(p.leader | p.other, p.led));
                FUZZ_CHECK(b == a + 1 && b >= 1 && b <= 13);
            }
            if (b <= 6) { /* small enough to solve at fuzzing speed */
                int value = gw_solve(solver, &p);
                FUZZ_CHECK(value >= 0 && value <= b);
                gw_card_value v[13];
                int best = -1, count = gw_solve_cards(solver, &p, v, &best);
                FUZZ_CHECK(best == value && count >= 1 && count <= b);
                int top = -1, bottom = 99;
                for (int i = 0; i < count; i++) {
                    FUZZ_CHECK(v[i].tricks >= 0 && v[i].tricks <= b);
                    top = v[i].tricks > top ? v[i].tricks : top;
                    bottom = v[i].tricks < bottom ? v[i].tricks : bottom;
                }
                /* The leader to move takes the most; the follower leaves the leader the least. */
                FUZZ_CHECK(best == (p.led == GW_NO_CARD ? top : bottom));
            }
        }
        free(line);
    }
    return 0;
}
