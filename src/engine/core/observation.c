/* observation.c: builds a seat's view of a hand, hiding the stock and the opponent's unknown cards. */
#include "gw/observation.h"

#include <string.h>

void gw_observe(const gw_game *g, int seat, gw_observation *o) {
    int opp = 1 - seat;
    gw_variant v = (gw_variant)g->variant;
    memset(o, 0, sizeof *o);
    o->seat = seat;
    o->variant = v;
    o->trump = g->trump;
    o->dealer = g->dealer;
    o->phase = gw_game_phase(g);
    o->turn = g->turn;
    o->leader = g->leader;
    o->led = g->led;
    o->upcard = gw_game_upcard(g);
    o->stock_left = gw_game_stock_left(g);
    o->trick_number = gw_game_trick_number(g);
    o->own = g->hand[seat];
    o->played = g->played;
    o->upcards[0] = g->upcards[0];
    o->upcards[1] = g->upcards[1];
    /* Cards the seat has not seen anywhere: not its own, not played, not the
     * up-card, not an up-card the opponent took. Once the stock is empty
     * they are all in the opponent's hand. */
    gw_cards seen = o->own | o->played | g->upcards[opp];
    if (o->upcard != GW_NO_CARD) seen |= gw_bit(o->upcard);
    o->unseen = gw_deck_cards(v) & ~seen;
    o->opp_known = g->upcards[opp] & ~g->played;
    if (o->stock_left == 0) {
        o->opp_known |= o->unseen;
        o->unseen = 0;
    }
    o->opp_hand_size = gw_count(g->hand[opp]);
    memcpy(o->won, (int[2][2]){{g->won[0][0], g->won[0][1]}, {g->won[1][0], g->won[1][1]}}, sizeof o->won);
    o->nmoves = g->nmoves;
    for (int i = 0; i < g->nmoves; i++)
        o->moves[i] = g->moves[i];
    /* Up-cards are turned at deck positions 2h, 2h + 2, ... up to the
     * current one; all of them were face up on the table. */
    int first = 2 * gw_hand_size(v), last = o->stock_left ? g->stock_pos : gw_deck_size(v) - 2;
    for (int at = first; at <= last; at += 2)
        o->ups[o->nups++] = g->deck[at];
    /* After foreplay trick t the winner took the up-card, the loser the
     * card below it. */
    int foreplay_tricks = (gw_deck_size(v) - first) / 2, done = g->tricks_done;
    for (int t = 1, leader = 1 - g->dealer; t <= done && t <= foreplay_tricks; t++) {
        bool follower_won = gw_trick_winner(g->trump, g->moves[2 * t - 2], g->moves[2 * t - 1]);
        int winner = follower_won ? 1 - leader : leader;
        o->draws[o->ndraws++] = g->deck[first + 2 * (t - 1) + (winner == seat ? 0 : 1)];
        leader = winner;
    }
}

gw_cards gw_observation_legal(const gw_observation *o) {
    if (o->phase == GW_OVER || o->turn != o->seat) return 0;
    if (o->led == GW_NO_CARD) return o->own;
    gw_cards follow = o->own & gw_suit_cards(gw_card_suit(o->led));
    return follow ? follow : o->own;
}
