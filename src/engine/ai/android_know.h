/* android_know.h: what one Android Whist human can know of the two hidden hands, and deals sampled to fit it
 * (internal to src/engine/ai). */
#ifndef GW_ANDROID_KNOW_H
#define GW_ANDROID_KNOW_H

#include <stdbool.h>

#include "gw/android.h"
#include "gw/rng.h"

/* The cards of c's suit above c, and below it. */
static inline gw_cards aai_above(gw_card c) {
    return gw_suit_cards(gw_card_suit(c)) & ~((gw_bit(c) << 1) - 1);
}
static inline gw_cards aai_below(gw_card c) { return gw_suit_cards(gw_card_suit(c)) & (gw_bit(c) - 1); }

/* Android plays a hand can hold: 13 cards and up to GW_ANDROID_MAX_ERRORS
 * errors before each. */
#define AAI_MAX_CHECKS (GW_ANDROID_TRICKS * (GW_ANDROID_MAX_ERRORS + 1))

/* One answer of the human's own android (a card or an error), to be replayed
 * against a sampled hand: s.hand holds the cards the android played from
 * this command on (its hand then was those and its hand now). */
typedef struct aai_check {
    gw_android_situation s;
    uint8_t command, answer, card;
} aai_check;

/* Everything human `me` knows. The hidden hands are the own android's and
 * the other human's; may[] are the cards each seat may hold (exactly its
 * hand for a seat whose hand is seen) and must[] those it surely holds. */
typedef struct aai_know {
    int me, android, rival, rival_android; /* seats */
    int trump;
    gw_cards played;
    gw_cards hidden; /* the cards of the two hidden hands together */
    gw_cards may[GW_SEATS], must[GW_SEATS];
    int held[GW_SEATS];
    int leader, ntrick; /* the current trick */
    gw_card trick[GW_SEATS];
    int won[2], tricks_done;
    int errors;      /* failed commands in the current android play */
    unsigned failed; /* those commands, a bit per gw_android_command */
    unsigned open;   /* the commands worth giving now (gw_android_commands_open) */
    int nchecks;
    aai_check checks[AAI_MAX_CHECKS];
} aai_know;

/* Reads view v: the hands seen, the voids shown by failing to follow suit,
 * and what every answer of the own android proves (see docs/android-ai.md). */
void aai_know_make(const gw_android_view *v, aai_know *k);

/* The cards an android certainly did not hold when it gave answer
 * (answer, card) to command c in situation s (s.hand unused). */
gw_cards aai_excluded(const gw_android_situation *s, int command, int answer, gw_card card);

/* How many of the own android's answers a hand `android` (its cards now)
 * would not have given; counting stops at stop. 0: it fits them all. */
int aai_violations(const aai_know *k, gw_cards android, int stop);

/* Samples the two hidden hands into hands[] (the seen ones are copied):
 * uniformly among splits that fit the cards each may hold, kept only if
 * they fit every answer of the android, else repaired by swapping cards.
 * Returns the violations of the deal returned (0 nearly always). */
int aai_sample(const aai_know *k, gw_rng *rng, gw_cards hands[GW_SEATS]);

/* The commands not refused to the android to play now and not already
 * failed in this play (a bit per command). */
unsigned aai_commands_open(const aai_know *k);

#endif
