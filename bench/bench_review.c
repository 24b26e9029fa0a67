/* bench_review.c: the cost of reviewing a hand (review.h): the expert on every foreplay card of one player
 * and of both, the solver on the endgame, at the default iterations, for classic and small hands. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gw/ai.h"
#include "gw/review.h"

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Usage: bench_review [hands [iterations]]. Each hand is dealt from seeds 1.., played by easy against hard,
 * then reviewed under last13: player 1's cards (as the full-screen and browser reviews do), and both
 * players' (as whist replay does). */
int main(int argc, char **argv) {
    int hands = argc > 1 ? atoi(argv[1]) : 20, iterations = argc > 2 ? atoi(argv[2]) : GW_REVIEW_ITERATIONS;
    gw_solver *solver = NULL;
    if (hands < 1 || iterations < 1 || gw_solver_new(0, &solver) != GW_OK) {
        fprintf(stderr, "usage: bench_review [hands >= 1 [iterations >= 1]]\n");
        return 2;
    }
    static gw_hand_review r;
    printf("review of a hand, %d worlds a foreplay card, %d hands a deck\n", iterations, hands);
    printf("%-8s %-8s %12s %12s %14s\n", "deck", "players", "mean ms", "max ms", "ms a fore card");
    for (int v = 0; v < 2; v++) {
        gw_variant variant = v ? GW_SMALL : GW_CLASSIC;
        for (unsigned seats = 1; seats <= 3; seats += 2) {
            double total = 0, worst = 0;
            long cards = 0;
            for (int h = 0; h < hands; h++) {
                gw_card deck[GW_MAX_DECK];
                gw_deck_from_seed(variant, (uint64_t)h + 1, deck);
                gw_game dealt, g;
                gw_game_deal(&dealt, variant, deck, h % 2, NULL);
                g = dealt;
                while (gw_game_phase(&g) != GW_OVER) {
                    gw_observation o;
                    gw_observe(&g, g.turn, &o);
                    gw_card c = g.turn == 0 ? gw_ai_easy(&o, NULL) : gw_ai_hard(&o, solver, NULL);
                    gw_game_play(&g, c, NULL);
                }
                gw_card moves[GW_MAX_DECK];
                for (int i = 0; i < g.nmoves; i++)
                    moves[i] = g.moves[i];
                gw_review_options opt = gw_review_defaults(GW_LAST13);
                opt.iterations = iterations;
                opt.seats = seats;
                gw_error err;
                double t0 = now_ms();
                if (gw_review_hand(&dealt, moves, g.nmoves, &opt, &r, &err) != GW_OK) {
                    fprintf(stderr, "bench_review: %s\n", err.msg);
                    return 1;
                }
                double ms = now_ms() - t0;
                total += ms;
                worst = ms > worst ? ms : worst;
                cards += r.judged[GW_FOREPLAY][0] + r.judged[GW_FOREPLAY][1];
            }
            printf("%-8s %-8s %12.0f %12.0f %14.1f\n", gw_variant_name(variant), seats == 3 ? "both" : "one",
                   total / hands, worst, total / (double)cards);
        }
    }
    gw_solver_free(solver);
    return 0;
}
