/* android_levels.h: the Android Whist levels' decisions, from one human's knowledge (internal to
 * src/engine/ai). */
#ifndef GW_ANDROID_LEVELS_H
#define GW_ANDROID_LEVELS_H

#include "android_know.h"
#include "gw/android_ai.h"

/* Level `random`: a uniformly random legal card, or a uniformly random
 * command among those open (not refused, not failed in this play). */
gw_android_action aai_random(const aai_know *k, gw_rng *rng);

/* Level `easy`: the tactics for the human's cards; for the android, the
 * command that fits the tactics' plan from what must or may be in its
 * hand (never one certain to fail, but for the error that lets a void
 * android discard). */
gw_android_action aai_easy(const aai_know *k);

/* Level `hard`: samples deals that fit k and plays each candidate card or
 * command out in them with the tactics for every seat; the best mean of
 * the side's tricks wins. samples >= 1; think_ms 0 = no time bound, else
 * measured on clock (not NULL then). */
gw_android_action aai_hard(const aai_know *k, gw_rng *rng, int samples, int think_ms, const gw_clock *clock);

/* True when it is k->me's turn or its android's (and the hand is not over). */
static inline bool aai_to_act(const aai_know *k, int turn) {
    return k->tricks_done < GW_ANDROID_TRICKS && (turn == k->me || turn == k->android);
}

/* An action. */
static inline gw_android_action aai_card_action(gw_card c) {
    return (gw_android_action){false, c, GW_CMD_DUCK};
}
static inline gw_android_action aai_command_action(int c) {
    return (gw_android_action){true, GW_NO_CARD, (gw_android_command)c};
}

#endif
