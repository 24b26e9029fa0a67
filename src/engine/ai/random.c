/* random.c: the `random` level: a uniformly random legal card. */
#include "gw/ai.h"

gw_card gw_ai_random(const gw_observation *o, gw_rng *rng) {
    gw_cards legal = gw_observation_legal(o);
    uint32_t k = gw_rng_below(rng, (uint32_t)gw_count(legal));
    while (k--)
        legal &= legal - 1;
    return gw_first(legal);
}
