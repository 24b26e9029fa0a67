/* bench_infer.c: how well the expert's sampled worlds place the cards it cannot see, with and without
 * weighting them by the opponent's plays (policy-based inference), for tuning infer.c's model. */
#include <stdio.h>
#include <stdlib.h>

#include "gw/ai.h"
#include "../src/engine/ai/infer.h"
#include "../src/engine/ai/world.h"

/* The share of the unseen cards that world w places right (in the
 * opponent's hand, or not), against the true deal g. */
static double placed_right(const gw_game *g, const gw_game *w, int seat, gw_cards unseen) {
    gw_cards truth = g->hand[1 - seat] & unseen, guess = w->hand[1 - seat] & unseen;
    return 1.0 - (double)gw_count(truth ^ guess) / gw_count(unseen);
}

/* One world of o's: `candidates` uniform ones, one kept by its likelihood
 * under model m (m NULL: the first, uniform). */
static bool draw(world_sampler *ws, gw_rng *rng, const gw_observation *o, const infer_model *m,
                 int candidates, gw_game *out) {
    double total = 0;
    bool got = false;
    for (int k = 0; k < (m ? candidates : 1); k++) {
        gw_game w;
        if (!world_sample(ws, rng, &w)) break;
        double like = m ? infer_likelihood(&w, o, NULL, m) : 1.0;
        total += like;
        if ((double)(gw_rng_next(rng) >> 11) * 0x1.0p-53 * total < like) {
            *out = w;
            got = true;
        }
    }
    return got;
}

/* The regret of the expert's choice against the oracle: the oracle's value
 * of its best card minus its value of the card e chooses (points, on the
 * true deal g). */
static double regret(gw_expert *e, gw_expert *orc, const gw_game *g, const gw_observation *o) {
    gw_card_estimate est[13], truth[13];
    if (gw_expert_estimate(e, o, est) < 2) return 0.0;
    int n = gw_oracle_estimate(orc, g, truth);
    for (int i = 0; i < n; i++)
        if (truth[i].card == est[0].card) return truth[0].points - truth[i].points;
    return 0.0;
}

/* Usage: bench_infer [deals [worlds]]. Deals played by the expert (40
 * worlds a card) for both players; at each foreplay decision from trick 3
 * on, the mean share of the unseen cards placed right by `worlds` worlds,
 * for uniform sampling and for each model and number of candidates; and
 * the expert's mean regret against the oracle (`worlds` worlds a card)
 * with each. */
int main(int argc, char **argv) {
    int deals = argc > 1 ? atoi(argv[1]) : 20, worlds = argc > 2 ? atoi(argv[2]) : 100;
    static const infer_model models[] = {{0.5, 0.05}, {0.2, 0.02}, {0.3, 0.05}};
    enum { NM = sizeof models / sizeof models[0], NC = 2 };
    static const int cands[NC] = {32, 96};
    double sum_uniform = 0, sum[NM][NC] = {{0}}, reg_uniform = 0, reg[NM][NC] = {{0}};
    gw_expert *judge = NULL, *orc = NULL;
    if (gw_expert_new((gw_expert_limits){0, worlds, NULL}, 3, &judge, NULL) != GW_OK ||
        gw_expert_new((gw_expert_limits){0, 1, NULL}, 3, &orc, NULL) != GW_OK)
        return 1;
    int decisions = 0;
    gw_expert *player = NULL;
    gw_error err;
    if (gw_expert_new((gw_expert_limits){0, 40, NULL}, 7, &player, &err) != GW_OK) {
        fprintf(stderr, "bench_infer: %s\n", err.msg);
        return 1;
    }
    gw_rng rng;
    gw_rng_seed(&rng, 1);
    world_sampler ws;
    for (int d = 0; d < deals; d++) {
        gw_variant v = GW_CLASSIC;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, (uint64_t)d + 100, deck);
        gw_game g;
        gw_game_deal(&g, v, deck, d % 2, NULL);
        while (gw_game_phase(&g) == GW_FOREPLAY) {
            gw_observation o;
            gw_observe(&g, g.turn, &o);
            if (g.tricks_done >= 2 && world_prepare(&ws, &o) && o.unseen) {
                gw_game w;
                double u = 0;
                for (int i = 0; i < worlds && draw(&ws, &rng, &o, NULL, 1, &w); i++)
                    u += placed_right(&g, &w, o.seat, o.unseen);
                sum_uniform += u / worlds;
                expert_set_inference(judge, &models[0], 1);
                reg_uniform += regret(judge, orc, &g, &o);
                for (int m = 0; m < NM; m++)
                    for (int c = 0; c < NC; c++) {
                        double s = 0;
                        for (int i = 0; i < worlds && draw(&ws, &rng, &o, &models[m], cands[c], &w); i++)
                            s += placed_right(&g, &w, o.seat, o.unseen);
                        sum[m][c] += s / worlds;
                        expert_set_inference(judge, &models[m], cands[c]);
                        reg[m][c] += regret(judge, orc, &g, &o);
                    }
                decisions++;
            }
            gw_game_play(&g, gw_expert_choose(player, &o), NULL);
        }
    }
    printf("%d foreplay decisions (tricks 3 to 13) of %d classic deals, %d worlds each\n", decisions, deals,
           worlds);
    printf("unseen cards placed right, and regret against the oracle (points): uniform %.4f %.4f\n",
           sum_uniform / decisions, reg_uniform / decisions);
    for (int m = 0; m < NM; m++)
        for (int c = 0; c < NC; c++)
            printf("  same %.2f other %.2f, %2d candidates: %.4f %.4f\n", models[m].same, models[m].other,
                   cands[c], sum[m][c] / decisions, reg[m][c] / decisions);
    gw_expert_free(player);
    gw_expert_free(judge);
    gw_expert_free(orc);
    return 0;
}
