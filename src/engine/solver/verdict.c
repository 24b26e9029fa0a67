/* verdict.c: the solver's verdict on one card of an endgame that was played (solver.h): what it wins for
 * the player who played it, against the best that player could have had. */
#include <assert.h>

#include "gw/solver.h"

bool gw_solve_verdict(gw_solver *s, const gw_game *g, gw_card c, int *value, int *best) {
    if (gw_game_phase(g) != GW_ENDGAME) return false;
    int l = g->leader;
    gw_position p = {g->trump, g->hand[l], g->hand[1 - l], g->led};
    gw_error err;
    if (gw_position_check(&p, &err) != GW_OK) return false;
    gw_card_value v[GW_RANKS];
    int leader_best = 0, n = gw_solve_cards(s, &p, v, &leader_best);
    bool leading = g->led == GW_NO_CARD;
    /* the tricks left in the hand, this one included: the other player gets what the leader does not */
    int left = gw_count(g->hand[l]) + (leading ? 0 : 1);
    bool found = false;
    for (int i = 0; i < n; i++)
        if (v[i].card == c) {
            *value = leading ? v[i].tricks : left - v[i].tricks;
            found = true;
        }
    if (!found) return false;
    *best = leading ? leader_best : left - leader_best;
    assert(*value <= *best);
    return true;
}
