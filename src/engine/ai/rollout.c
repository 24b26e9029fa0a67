/* rollout.c: the expert's playout policy for the rest of the foreplay, then the exact endgame. */
#include "rollout.h"

#include "hard.h"

/* hard's judgement from what the player to move may know in g, not from
 * the cards g hides from it. Tried against easy's rules as the playout
 * policy: the expert's margin against hard went from +1.6 to +2.55 tricks
 * per deal pair (80 duplicate deals, 30 worlds). */
gw_card rollout_card(const gw_game *g, const gw_stakes *st) {
    int p = g->turn;
    gw_card up = gw_game_upcard(g);
    gw_cards up_bit = up == GW_NO_CARD ? 0 : gw_bit(up);
    gw_cards theirs = gw_deck_cards((gw_variant)g->variant) & ~g->hand[p] & ~g->played & ~up_bit;
    hard_view v = {g->hand[p], gw_game_legal(g), theirs,   theirs & ~g->upcards[1 - p], g->played,
                   up,         g->led,           g->trump, (gw_variant)g->variant};
    return hard_foreplay(&v, st);
}

void rollout_play(gw_game *g, gw_solver *solver, const gw_stakes *st, int endgame[2], int all[2]) {
    while (gw_game_phase(g) == GW_FOREPLAY)
        gw_game_play(g, rollout_card(g, st), NULL);
    int extra[2] = {0, 0};
    if (gw_game_phase(g) != GW_OVER) {
        int leader = g->leader;
        gw_position pos = {g->trump, g->hand[leader], g->hand[1 - leader], g->led};
        int v = gw_solve(solver, &pos), rest = gw_count(g->hand[1 - leader]);
        extra[leader] = v;
        extra[1 - leader] = rest - v;
    }
    for (int p = 0; p < 2; p++) {
        endgame[p] = g->won[1][p] + extra[p];
        all[p] = g->won[0][p] + endgame[p];
    }
}
