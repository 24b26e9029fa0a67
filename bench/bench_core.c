/* bench_core.c: random playouts of whole hands per second (deal, every trick, scoring), both decks. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gw/game.h"
#include "gw/score.h"

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Plays n random hands; returns a checksum so the work cannot be optimised away. */
static uint64_t playouts(gw_variant v, long n, gw_rng *rng) {
    uint64_t check = 0;
    gw_card deck[GW_MAX_DECK];
    gw_game g;
    for (long i = 0; i < n; i++) {
        gw_deck_shuffled(v, rng, deck);
        gw_game_deal(&g, v, deck, (int)(i & 1), NULL);
        while (gw_game_phase(&g) != GW_OVER) {
            gw_cards legal = gw_game_legal(&g);
            gw_game_play(&g, gw_nth(legal, (int)gw_rng_below(rng, (uint32_t)gw_count(legal))), NULL);
        }
        int endgame[2] = {gw_game_endgame_tricks(&g, 0), gw_game_endgame_tricks(&g, 1)};
        int all[2] = {gw_game_all_tricks(&g, 0), gw_game_all_tricks(&g, 1)};
        gw_hand_score s = gw_score_hand(v, GW_LAST13, endgame, all);
        check += (uint64_t)(s.winner * 31 + s.points[0] + s.points[1]);
    }
    return check;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    if (n <= 0) {
        fprintf(stderr, "usage: bench_core [HANDS]\n");
        return 2;
    }
    printf("bench_core: %ld random hands per variant, one core\n", n);
    printf("sizeof(gw_game) = %zu bytes\n", sizeof(gw_game));
    for (int v = GW_CLASSIC; v <= GW_SMALL; v++) {
        gw_rng rng;
        gw_rng_seed(&rng, 12345);
        playouts((gw_variant)v, n / 20, &rng); /* warm up */
        double t0 = now_seconds();
        uint64_t check = playouts((gw_variant)v, n, &rng);
        double dt = now_seconds() - t0;
        printf("%-8s %10.0f hands/s  (%.3f us per hand, checksum %llu)\n", gw_variant_name((gw_variant)v),
               (double)n / dt, dt * 1e6 / (double)n, (unsigned long long)check);
    }
    return 0;
}
