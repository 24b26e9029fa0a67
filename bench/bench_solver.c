/* bench_solver.c: solving random 13-card endgames: time per position, nodes, and what each technique buys. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gw/deck.h"
#include "gw/solver.h"

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: other load does not count */
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* n random 13-card endgames: random deal, trump and leader. */
static void make_positions(gw_position *out, int n, uint64_t seed) {
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    for (int i = 0; i < n; i++) {
        gw_card deck[GW_MAX_DECK];
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        gw_cards h[2] = {0, 0};
        for (int c = 0; c < 26; c++)
            h[c & 1] |= gw_bit(deck[c]);
        int leader = (int)gw_rng_below(&rng, 2);
        out[i] = (gw_position){(int)gw_rng_below(&rng, 4), h[leader], h[1 - leader], GW_NO_CARD};
    }
}

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
    for (int i = 0; i < n; i++) {
        gw_solver_clear(s);
        double t0 = now_us();
        if (cards) {
            gw_card_value v[13];
            int best, k = gw_solve_cards(s, &pos[i], v, &best);
            sum += best;
            for (int j = 0; j < k; j++)
                sum += v[j].tricks * (j + 1);
        } else {
            sum += gw_solve(s, &pos[i]);
        }
        us[i] = now_us() - t0;
        total += us[i];
        node_counts[i] = (double)gw_solver_stats_get(s).nodes;
        nodes += gw_solver_stats_get(s).nodes;
    }
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

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int small_n = argc > 2 ? atoi(argv[2]) : 100;
    if (n <= 0 || small_n <= 0) {
        fprintf(stderr, "usage: bench_solver [POSITIONS] [POSITIONS_FOR_ABLATION]\n");
        return 2;
    }
    gw_position *pos = malloc(sizeof *pos * (size_t)n);
    make_positions(pos, n, 20261121);
    gw_solver *probe;
    gw_solver_new(0, &probe);
    printf(
        "bench_solver: random 13-card endgames (seed 20261121), fresh table per position, table %zu bytes\n",
        gw_solver_stats_get(probe).table_bytes);
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
        {"no rank generalisation", GW_SOLVE_NO_RANKS},
        {"no transposition table", GW_SOLVE_NO_TABLE},
    };
    for (size_t i = 0; i < sizeof OFF / sizeof OFF[0]; i++) {
        run(OFF[i].name, pos, m, OFF[i].flag, false, &other);
        if (other != ref) printf("  MISMATCH: answers differ with %s\n", OFF[i].name);
    }
    free(pos);
    return 0;
}
