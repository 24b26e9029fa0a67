/* deck.c: the classic and small decks, their sizes, and shuffled deal orders. */
#include "gw/deck.h"

#include <string.h>

gw_cards gw_deck_cards(gw_variant v) {
    gw_cards suit = GW_SUIT_BITS & ~(((gw_cards)1 << gw_lowest_rank(v)) - 1);
    return suit | suit << 16 | suit << 32 | suit << 48;
}

const char *gw_variant_name(gw_variant v) { return v == GW_SMALL ? "small" : "classic"; }

bool gw_variant_parse(const char *s, gw_variant *out) {
    if (strcmp(s, "classic") == 0) {
        *out = GW_CLASSIC;
        return true;
    }
    if (strcmp(s, "small") == 0) {
        *out = GW_SMALL;
        return true;
    }
    return false;
}

int gw_deck_fill(gw_variant v, gw_card *out) {
    int n = 0;
    for (int suit = 0; suit < GW_SUITS; suit++)
        for (int rank = GW_RANK_A; rank >= gw_lowest_rank(v); rank--)
            out[n++] = gw_card_make(suit, rank);
    return n;
}

int gw_deck_shuffled(gw_variant v, gw_rng *rng, gw_card *out) {
    int n = gw_deck_fill(v, out);
    gw_rng_shuffle(rng, out, n);
    return n;
}

int gw_deck_from_seed(gw_variant v, uint64_t seed, gw_card *out) {
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    return gw_deck_shuffled(v, &rng, out);
}

gw_status gw_deck_check(gw_variant v, const gw_card *deck, int n, gw_error *err) {
    gw_cards all = gw_deck_cards(v), seen = 0;
    for (int i = 0; i < n && i < GW_MAX_DECK; i++) {
        gw_card c = deck[i];
        if (!gw_card_valid(c) || !gw_has(all, c))
            return gw_error_set(err, GW_EINVAL, 0, i + 1, "deck card %d, %C, is not in the %s deck", i + 1, c,
                                gw_variant_name(v));
        if (gw_has(seen, c))
            return gw_error_set(err, GW_EINVAL, 0, i + 1, "deck holds %C twice (card %d)", c, i + 1);
        seen |= gw_bit(c);
    }
    if (n != gw_deck_size(v)) {
        char missing[160];
        gw_cards_format_list(all & ~seen, NULL, ' ', missing, (int)sizeof missing);
        if (n < gw_deck_size(v))
            return gw_error_set(err, GW_EINVAL, 0, 0, "deck has %d cards, the %s deck has %d (missing %s)", n,
                                gw_variant_name(v), gw_deck_size(v), missing);
        return gw_error_set(err, GW_EINVAL, 0, 0, "deck has %d cards, the %s deck has %d", n,
                            gw_variant_name(v), gw_deck_size(v));
    }
    return GW_OK;
}
