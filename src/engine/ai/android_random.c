/* android_random.c: the Android Whist level `random`: any legal card, any command not refused. */
#include "android_levels.h"
#include "android_tactics.h"

gw_android_action aai_random(const aai_know *k, gw_rng *rng) {
    int turn = (k->leader + k->ntrick) % GW_SEATS;
    if (turn == k->me) {
        aai_table t;
        aai_table_from_know(k, &t);
        gw_cards legal = aai_legal(&t, k->may[k->me]);
        return aai_card_action(gw_nth(legal, (int)gw_rng_below(rng, (uint32_t)gw_count(legal))));
    }
    unsigned open = aai_commands_open(k);
    uint32_t pick = gw_rng_below(rng, (uint32_t)__builtin_popcount(open));
    while (pick--)
        open &= open - 1;
    return aai_command_action(__builtin_ctz(open));
}
