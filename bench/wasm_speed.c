/* wasm_speed.c: the solver and the expert (fixed iterations) on fixed positions, built natively and with
 * emcc, so that bench/wasm_speed.sh can set WebAssembly's times against native ones on the same work. The
 * positions are bench_solver's (random 13-card endgames, seed 20261121) and bench_expert's (tricks 1, 4, 7,
 * 10 of deals 1.. played by easy), from positions.c. Times are CPU times (natively the thread's; under node
 * the process's, from process.cpuUsage, which also counts node's compiler threads), the fastest of PASSES
 * passes per position.
 * Usage: wasm_speed [POSITIONS [DEALS [ITERATIONS]]]. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gw/ai.h"
#include "gw/solver.h"
#include "positions.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
/* The process's CPU time in microseconds (node; 0 elsewhere). */
// clang-format off (JavaScript)
EM_JS(double, cpu_us, (void), {
    if (typeof process != 'undefined' && process.cpuUsage) {
        const u = process.cpuUsage();
        return u.user + u.system;
    }
    return 0;
})
// clang-format on
static double now_us(void) { return cpu_us(); }
#else
static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: other load does not count */
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}
#endif

enum { PASSES = 3 };

/* Solves every position (a fresh table each time; cards: every card's value), the fastest of PASSES each. */
static void solver(const gw_position *pos, int n, int cards) {
    gw_solver *s;
    if (gw_solver_new(0, &s) != GW_OK) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    double *best = malloc(sizeof *best * (size_t)n), total = 0;
    if (!best) exit(1);
    long sum = 0;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++)
        best[i] = 1e18;
    for (int r = 0; r < PASSES; r++) {
        for (int i = 0; i < n; i++) {
            gw_solver_clear(s);
            double t0 = now_us();
            int v;
            if (cards) {
                gw_card_value cv[13];
                int b, k = gw_solve_cards(s, &pos[i], cv, &b);
                v = b;
                for (int j = 0; j < k; j++)
                    v += cv[j].tricks * (j + 1);
            } else {
                v = gw_solve(s, &pos[i]);
            }
            double t = now_us() - t0;
            if (t < best[i]) best[i] = t;
            if (r == 0) {
                sum += v;
                nodes += gw_solver_stats_get(s).nodes;
            }
        }
    }
    for (int i = 0; i < n; i++)
        total += best[i];
    printf("%-14s %5d positions  %9.1f ms  mean %7.1f us  nodes %" PRIu64 "  checksum %ld\n",
           cards ? "solver cards" : "solver", n, total / 1e3, total / n, nodes, sum);
    free(best);
    gw_solver_free(s);
}

/* The expert at fixed iterations for the player to move at tricks 1, 4, 7, 10 of deals 1..deals played by
 * easy: fastest of PASSES per decision (each pass with a new expert of the same seed: the same worlds). */
static void expert(int deals, int iterations) {
    static const int TRICKS[] = {1, 4, 7, 10};
    enum { NT = sizeof TRICKS / sizeof TRICKS[0] };
    double total = 0;
    int decisions = 0;
    long sum = 0;
    for (int d = 0; d < deals; d++) {
        for (int k = 0; k < NT; k++) {
            gw_observation o;
            bench_foreplay(d, TRICKS[k], &o);
            double best = 1e18;
            for (int r = 0; r < PASSES; r++) {
                gw_expert *e;
                gw_error err;
                if (gw_expert_new((gw_expert_limits){0, iterations, NULL}, 1, &e, &err) != GW_OK) {
                    fprintf(stderr, "expert: %s\n", err.msg);
                    exit(1);
                }
                gw_card_estimate est[13];
                double t0 = now_us();
                int n = gw_expert_estimate(e, &o, est);
                double t = now_us() - t0;
                if (t < best) best = t;
                if (r == 0 && n > 0) sum += est[0].card;
                gw_expert_free(e);
            }
            total += best;
            decisions++;
        }
    }
    printf("%-14s %5d decisions  %9.1f ms  mean %7.1f ms  (%d iterations)  checksum %ld\n", "expert",
           decisions, total / 1e3, total / 1e3 / decisions, iterations, sum);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300, deals = argc > 2 ? atoi(argv[2]) : 3,
        iterations = argc > 3 ? atoi(argv[3]) : 100;
    if (n <= 0 || deals <= 0 || iterations <= 0) {
        fprintf(stderr, "usage: wasm_speed [POSITIONS [DEALS [ITERATIONS]]]\n");
        return 2;
    }
    gw_position *pos = malloc(sizeof *pos * (size_t)n);
    if (!pos) return 1;
    bench_endgames(pos, n, 20261121);
    solver(pos, n, 0);
    solver(pos, n, 1);
    expert(deals, iterations);
    free(pos);
    return 0;
}
