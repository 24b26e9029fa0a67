/* positions.c: the fixed positions the benchmarks share (positions.h). */
#include "positions.h"

#include "gw/ai.h"
#include "gw/deck.h"
#include "gw/game.h"

void bench_endgames(gw_position *out, int n, uint64_t seed) {
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    for (int i = 0; i < n; i++) {
        gw_card deck[GW_MAX_DECK];
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        gw_cards h[2] = {0, 0};
        for (int c = 0; c < 26; c++)
            h[c & 1] |= gw_bit(deck[c]);
        int leader = (int)gw_rng_below(&rng, 2);
        out[i] = (gw_position){(int)gw_rng_below(&rng, 4), h[leader], h[1 - leader], GW_NO_CARD};
    }
}

void bench_foreplay(int deal, int trick, gw_observation *o) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, (uint64_t)deal + 1, deck);
    gw_game g;
    gw_game_deal(&g, GW_CLASSIC, deck, deal % 2, NULL);
    while (gw_game_trick_number(&g) < trick) {
        gw_observe(&g, g.turn, o);
        gw_game_play(&g, gw_ai_easy(o, NULL), NULL);
    }
    gw_observe(&g, g.turn, o);
}
