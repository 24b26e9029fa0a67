/* bench_solver.c: solving random 13-card endgames: time per position, nodes, and what each technique buys. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gw/deck.h"
#include "gw/game.h"
#include "gw/solver.h"
#include "positions.h"

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: other load does not count */
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { REPEATS = 3 };

/* Solves every position with a fresh table each time; prints the figures. */
static void run(const char *label, gw_position *pos, int n, unsigned flags, bool cards, long *checksum) {
    gw_solver *s;
    if (gw_solver_new(getenv("TT") ? (size_t)atol(getenv("TT")) : 0, &s) != GW_OK) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    gw_solver_set_flags(s, flags);
    double *us = malloc(sizeof(double) * (size_t)n), *node_counts = malloc(sizeof(double) * (size_t)n),
           total = 0;
    uint64_t nodes = 0;
    long sum = 0;
    /* REPEATS passes over all the positions, each solve from a cleared
     * table; per position the fastest pass counts. The VM's noise (±15%
     * from run to run) only ever adds time, and passes (rather than
     * repeating a position at once) keep one solve from warming the next. */
    for (int i = 0; i < n; i++)
        us[i] = 1e18;
    for (int r = 0; r < REPEATS; r++) {
        for (int i = 0; i < n; i++) {
            gw_solver_clear(s);
            double t0 = now_us();
            int value;
            if (cards) {
                gw_card_value v[13];
                int best, k = gw_solve_cards(s, &pos[i], v, &best);
                value = best;
                for (int j = 0; j < k; j++)
                    value += v[j].tricks * (j + 1);
            } else {
                value = gw_solve(s, &pos[i]);
            }
            double t = now_us() - t0;
            if (t < us[i]) us[i] = t;
            if (r > 0) continue; /* every pass searches the same nodes */
            sum += value;
            node_counts[i] = (double)gw_solver_stats_get(s).nodes;
            nodes += gw_solver_stats_get(s).nodes;
        }
    }
    for (int i = 0; i < n; i++)
        total += us[i];
    qsort(us, (size_t)n, sizeof *us, cmp_double);
    qsort(node_counts, (size_t)n, sizeof *node_counts, cmp_double);
    printf("%-28s %5d  mean %8.1f  median %8.1f  p99 %8.1f  max %8.1f us  nodes mean %7.0f median %7.0f  "
           "checksum %ld\n",
           label, n, total / n, us[n / 2], us[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1], us[n - 1],
           (double)nodes / n, node_counts[n / 2], sum);
    if (checksum) *checksum = sum;
    free(us);
    free(node_counts);
    gw_solver_free(s);
}

/* ---- The baseline: plain minimax over every card, memoised on exact hands (no pruning). ---- */

typedef struct memo {
    gw_cards *leader, *other; /* keys; leader == 0 marks an empty slot */
    int8_t *value;
    size_t mask, used;
    int trump;
    uint64_t nodes;
} memo;

static int minimax_start(memo *m, gw_cards leader, gw_cards other);

static int minimax_led(memo *m, gw_cards leader, gw_cards other, gw_card c) {
    gw_cards legal = other & gw_suit_cards(gw_card_suit(c));
    if (!legal) legal = other;
    int n = gw_count(other), best = 99;
    for (gw_cards l = legal; l; l &= l - 1) {
        gw_card f = gw_first(l);
        int v = gw_trick_winner(m->trump, c, f) ? (n - 1) - minimax_start(m, other & ~gw_bit(f), leader)
                                                : 1 + minimax_start(m, leader, other & ~gw_bit(f));
        if (v < best) best = v;
    }
    return best;
}

static int minimax_start(memo *m, gw_cards leader, gw_cards other) {
    if (!leader) return 0;
    m->nodes++;
    size_t h = (size_t)((leader * 0x9E3779B97F4A7C15ull) ^ (other * 0xC2B2AE3D27D4EB4Full)) >> 7;
    size_t i = h & m->mask;
    for (; m->leader[i]; i = (i + 1) & m->mask)
        if (m->leader[i] == leader && m->other[i] == other) return m->value[i];
    int best = -1;
    for (gw_cards l = leader; l; l &= l - 1) {
        gw_card c = gw_first(l);
        int v = minimax_led(m, leader & ~gw_bit(c), other, c);
        if (v > best) best = v;
    }
    if (m->used * 4 < m->mask * 3) { /* a full memo stops storing (still exact) */
        for (i = h & m->mask; m->leader[i]; i = (i + 1) & m->mask)
            ;
        m->leader[i] = leader;
        m->other[i] = other;
        m->value[i] = (int8_t)best;
        m->used++;
    }
    return best;
}

/* Solves the first n positions with the baseline; returns the mean
 * microseconds per position and checks the answers against the solver. */
static void run_minimax(const gw_position *pos, int n) {
    memo m = {0};
    m.mask = ((size_t)1 << 26) - 1; /* 64 M entries, 1.1 GiB */
    m.leader = calloc(m.mask + 1, sizeof *m.leader);
    m.other = calloc(m.mask + 1, sizeof *m.other);
    m.value = calloc(m.mask + 1, 1);
    gw_solver *s;
    if (!m.leader || !m.other || !m.value || gw_solver_new(0, &s) != GW_OK) {
        fprintf(stderr, "plain minimax: not enough memory for its memo (1.1 GiB); skipped\n");
        free(m.leader), free(m.other), free(m.value);
        return;
    }
    double total = 0, solver_total = 0;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        memset(m.leader, 0, (m.mask + 1) * sizeof *m.leader);
        m.used = 0;
        m.nodes = 0;
        m.trump = pos[i].trump;
        double t0 = now_us();
        int v = minimax_start(&m, pos[i].leader, pos[i].other);
        double t1 = now_us();
        gw_solver_clear(s);
        int w = gw_solve(s, &pos[i]);
        double t2 = now_us();
        total += t1 - t0;
        solver_total += t2 - t1;
        nodes += m.nodes;
        printf("  position %d: plain minimax %.0f us (%llu positions memoised), solver %.0f us%s\n", i + 1,
               t1 - t0, (unsigned long long)m.nodes, t2 - t1, v == w ? "" : "  MISMATCH");
    }
    printf("plain memoised minimax %5d  mean %.0f us, nodes mean %.0f; the solver is %.0f times faster on "
           "these\n",
           n, total / n, (double)nodes / n, total / solver_total);
    free(m.leader), free(m.other), free(m.value);
    gw_solver_free(s);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int small_n = argc > 2 ? atoi(argv[2]) : 100;
    int minimax_n = argc > 3 ? atoi(argv[3]) : 1;
    if (n <= 0 || small_n <= 0 || minimax_n < 0) {
        fprintf(stderr, "usage: bench_solver [POSITIONS] [POSITIONS_FOR_ABLATION] [POSITIONS_FOR_MINIMAX]\n");
        return 2;
    }
    gw_position *pos = malloc(sizeof *pos * (size_t)n);
    bench_endgames(pos, n, 20261121);
    gw_solver *probe;
    gw_solver_new(0, &probe);
    printf("bench_solver: random 13-card endgames (seed 20261121), fresh table per position, fastest of %d "
           "passes, table %zu bytes\n",
           REPEATS, gw_solver_stats_get(probe).table_bytes);
    gw_solver_free(probe);
    run("tricks", pos, n, 0, false, NULL);
    run("tricks + every card's value", pos, n, 0, true, NULL);
    printf("\nwhat each technique buys (first %d positions; each line switches one off):\n", small_n);
    int m = small_n < n ? small_n : n;
    long ref, other;
    run("all on", pos, m, 0, false, &ref);
    static const struct {
        const char *name;
        unsigned flag;
    } OFF[] = {
        {"no move ordering", GW_SOLVE_NO_ORDERING},
        {"no quick-trick bounds", GW_SOLVE_NO_BOUNDS},
        {"no equivalent-card pruning", GW_SOLVE_NO_EQUIVALENCE},
        {"no transposition table", GW_SOLVE_NO_TABLE},
    };
    for (size_t i = 0; i < sizeof OFF / sizeof OFF[0]; i++) {
        run(OFF[i].name, pos, m, OFF[i].flag, false, &other);
        if (other != ref) printf("  MISMATCH: answers differ with %s\n", OFF[i].name);
    }
    if (minimax_n > 0) {
        printf("\nagainst a plain memoised minimax (first %d positions):\n", minimax_n < n ? minimax_n : n);
        run_minimax(pos, minimax_n < n ? minimax_n : n);
    }
    free(pos);
    return 0;
}
