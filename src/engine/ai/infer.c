/* infer.c: policy-based inference: weighting a sampled world by how likely the opponent's actual foreplay
 * cards were in it. */
#include "infer.h"

#include "rollout.h"
#include "world.h"

#ifndef INFER_SAME
#define INFER_SAME  0.5
#define INFER_OTHER 0.2
#endif
const infer_model INFER_DEFAULT = {INFER_SAME, INFER_OTHER};

double infer_likelihood(const gw_game *w, const gw_observation *o, const gw_stakes *st,
                        const infer_model *m) {
    gw_game g;
    if (gw_game_deal(&g, (gw_variant)w->variant, w->deck, w->dealer, NULL) != GW_OK) return 1.0;
    int opp = 1 - o->seat;
    double like = 1.0;
    for (int i = 0; i < o->nmoves && gw_game_phase(&g) == GW_FOREPLAY; i++) {
        gw_card played = o->moves[i];
        if (g.turn == opp) {
            gw_card mine = rollout_card(&g, st);
            if (mine != played) {
                gw_card rep[13];
                int of[64];
                world_runs(gw_game_legal(&g), g.played, rep, of);
                if (of[mine] != of[played]) {
                    bool same;
                    if (g.led == GW_NO_CARD)
                        same = gw_card_suit(mine) == gw_card_suit(played);
                    else
                        same =
                            gw_trick_winner(g.trump, g.led, mine) == gw_trick_winner(g.trump, g.led, played);
                    like *= same ? m->same : m->other;
                }
            }
        }
        if (gw_game_play(&g, played, NULL) != GW_OK) break;
    }
    return like;
}
