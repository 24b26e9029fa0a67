/* android_random.c: the Android Whist level `random`: any legal card, any command not refused. */
#include "android_levels.h"
#include "android_tactics.h"

gw_android_action gw_aai_random(const gw_aai_know *k, gw_rng *rng) {
    int turn = (k->leader + k->ntrick) % GW_SEATS;
    if (turn == k->me) {
        gw_aai_table t;
        gw_aai_table_from_know(k, &t);
        gw_cards legal = gw_aai_legal(&t, k->may[k->me]);
        return gw_aai_card_action(gw_nth(legal, (int)gw_rng_below(rng, (uint32_t)gw_count(legal))));
    }
    unsigned open = gw_aai_commands_open(k);
    uint32_t pick = gw_rng_below(rng, (uint32_t)__builtin_popcount(open));
    while (pick--)
        open &= open - 1;
    return gw_aai_command_action(__builtin_ctz(open));
}
