/* deck.h: the two German Whist decks (classic 52, small 28) and dealing orders. */
#ifndef GW_DECK_H
#define GW_DECK_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/card.h"
#include "gw/rng.h"

typedef enum gw_variant {
    GW_CLASSIC = 0, /* 52 cards, 13 per hand */
    GW_SMALL = 1    /* 28 cards (A..8), 7 per hand */
} gw_variant;

#define GW_MAX_DECK 52
#define GW_MAX_HAND 13

/* Cards in the variant's deck: 52 or 28. */
static inline int gw_deck_size(gw_variant v) { return v == GW_SMALL ? 28 : 52; }
/* Cards per hand: 13 or 7 (also the number of tricks in each phase). */
static inline int gw_hand_size(gw_variant v) { return v == GW_SMALL ? 7 : 13; }
/* The lowest rank in the deck: the 2 (classic) or the 8 (small). */
static inline int gw_lowest_rank(gw_variant v) { return v == GW_SMALL ? GW_RANK_8 : GW_RANK_2; }
/* The set of all cards in the variant's deck. */
gw_cards gw_deck_cards(gw_variant v);
/* The variant's name: "classic" or "small". */
const char *gw_variant_name(gw_variant v);
/* Parses "classic" or "small"; false if neither. */
bool gw_variant_parse(const char *s, gw_variant *out);

/* Writes the deck in a fixed order (spades ace first) and returns its size. */
int gw_deck_fill(gw_variant v, gw_card *out);
/* Writes a shuffled deck drawn from rng and returns its size. */
int gw_deck_shuffled(gw_variant v, gw_rng *rng, gw_card *out);
/* The deck of a deal seed: gw_deck_shuffled from a generator seeded with seed. */
int gw_deck_from_seed(gw_variant v, uint64_t seed, gw_card *out);

/* Checks that deck[0..n) is exactly the variant's cards, each once; err
 * names the first problem (err->col is the 1-based index of the bad card). */
gw_status gw_deck_check(gw_variant v, const gw_card *deck, int n, gw_error *err);

#endif
