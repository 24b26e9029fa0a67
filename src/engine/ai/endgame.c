/* endgame.c: exact card values for a seat once the stock is empty, from its observation alone. */
#include "gw/ai.h"

int gw_endgame_values(gw_solver *s, const gw_observation *o, gw_card_value out[13], int *best,
                      gw_error *err) {
    /* The stock is empty: the cards the seat has not seen are the opponent's. */
    bool leads = o->led == GW_NO_CARD;
    gw_position p = {o->trump, leads ? o->own : o->opp_known, leads ? o->opp_known : o->own, o->led};
    if (o->phase != GW_ENDGAME) {
        gw_error_set(err, GW_ESTATE, 0, 0, "the stock is not empty yet");
        return -1;
    }
    if (gw_position_check(&p, err) != GW_OK) return -1;
    int leader_best, n = gw_solve_cards(s, &p, out, &leader_best), left = gw_count(o->own);
    /* The solver counts the leader's tricks; a follower's are the rest. */
    for (int i = 0; i < n; i++)
        if (!leads) out[i].tricks = left - out[i].tricks;
    if (best) *best = leads ? leader_best : left - leader_best;
    return n;
}
