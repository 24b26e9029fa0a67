/* bench_expert.c: the expert's worlds per decision and decision times, by trick of the foreplay. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gw/ai.h"
#include "gw/monotonic.h"
#include "../src/engine/ai/world.h"
#include "positions.h"

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Usage: bench_expert [think_ms [deals]]. For tricks 1, 4, 7, 10 and 13
 * of a few deals played by easy, the expert's time and worlds for the
 * player to move, and how many worlds fit in think_ms with no early stop. */
int main(int argc, char **argv) {
    int think = argc > 1 ? atoi(argv[1]) : GW_THINK_MS_DEFAULT, deals = argc > 2 ? atoi(argv[2]) : 3;
    gw_expert *timed = NULL, *counted = NULL;
    gw_error err;
    if (gw_expert_new((gw_expert_limits){think, 0, gw_monotonic_clock()}, 1, &timed, &err) != GW_OK ||
        gw_expert_new((gw_expert_limits){0, 100, NULL}, 1, &counted, &err) != GW_OK) {
        fprintf(stderr, "bench_expert: %s\n", err.msg);
        return 1;
    }
    printf("expert, think %d ms, %d classic deals\n", think, deals);
    printf("%6s %12s %10s %16s\n", "trick", "decision ms", "worlds", "worlds/100 ms");
    for (int trick = 1; trick <= 13; trick += 3) {
        double ms = 0, ms100 = 0;
        long worlds = 0;
        for (int d = 0; d < deals; d++) {
            gw_observation o;
            bench_foreplay(d, trick, &o);
            gw_card_estimate est[13];
            double t0 = now_ms();
            gw_expert_estimate(timed, &o, est);
            double t1 = now_ms();
            gw_expert_estimate(counted, &o, est);
            ms += t1 - t0;
            ms100 += now_ms() - t1;
            worlds += expert_last_worlds(timed);
        }
        printf("%6d %12.1f %10.0f %16.0f\n", trick, ms / deals, (double)worlds / deals,
               100.0 * 100 * deals / ms100);
    }
    gw_expert_free(timed);
    gw_expert_free(counted);
    return 0;
}
