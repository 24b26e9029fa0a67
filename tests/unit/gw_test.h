/* gw_test.h: small helpers shared by the unit tests (cards and decks from text, random picks). */
#ifndef GW_TEST_H
#define GW_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/card.h"
#include "gw/deck.h"
#include "gw/game.h"
#include "gw/rng.h"

/* The card named by s ("AS", "10h"); fails the test if s is not a card. */
static inline gw_card tc(const char *s) {
    gw_card c = GW_NO_CARD;
    assert_int_equal(gw_card_parse(s, strlen(s), &c), GW_OK);
    return c;
}

/* The set named by s (list or dotted form); fails the test if s is malformed. */
static inline gw_cards tset(const char *s) {
    gw_cards set = 0;
    gw_error err;
    assert_int_equal(gw_cards_parse(s, &set, &err), GW_OK);
    return set;
}

/* Parses a card list into out (room for 52); returns the count. */
static inline int tlist(const char *s, gw_card *out) {
    int n = 0;
    gw_error err;
    assert_int_equal(gw_cards_parse_list(s, out, GW_MAX_DECK, &n, &err), GW_OK);
    return n;
}

/* Builds a deal order from the two hands and the stock (its up-card first):
 * non-dealer's cards go to places 1, 3, 5 ..., dealer's to 2, 4, 6 ... */
static inline int tdeck_from_hands(const char *nondealer, const char *dealer, const char *stock,
                                   gw_card *out) {
    gw_card a[GW_MAX_DECK], b[GW_MAX_DECK], s[GW_MAX_DECK];
    int na = tlist(nondealer, a), nb = tlist(dealer, b), ns = tlist(stock, s);
    assert_int_equal(na, nb);
    int n = 0;
    for (int i = 0; i < na; i++) {
        out[n++] = a[i];
        out[n++] = b[i];
    }
    for (int i = 0; i < ns; i++)
        out[n++] = s[i];
    return n;
}

/* Deals g from a deck written as a card list; fails the test if refused. */
static inline void tdeal(gw_game *g, gw_variant v, const char *deck, int dealer) {
    gw_card d[GW_MAX_DECK];
    int n = tlist(deck, d);
    assert_int_equal(n, gw_deck_size(v));
    gw_error err;
    assert_int_equal(gw_game_deal(g, v, d, dealer, &err), GW_OK);
}

/* A uniformly random member of a non-empty set. */
static inline gw_card tpick(gw_rng *rng, gw_cards set) {
    uint32_t k = gw_rng_below(rng, (uint32_t)gw_count(set));
    while (k--)
        set &= set - 1;
    return gw_first(set);
}

/* Plays card s for the player to move; fails the test if refused. */
static inline void tplay(gw_game *g, const char *s, gw_trick_event *ev) {
    assert_int_equal(gw_game_play(g, tc(s), ev), GW_OK);
}

/* The spec's example deal (small, dealer player 2). */
#define T_EXAMPLE_DECK "AS KS QS JS TS 9S 8S AH KH QH JH TH 9H 8H AD KD QD JD TD 9D 8D AC KC QC JC TC 9C 8C"

/* The fixture GW_TEST_DATA/name (ctest sets GW_TEST_DATA to tests/data) as a malloc'd string; fails the
 * test if it cannot be read whole. */
static inline char *tdata(const char *name) {
    const char *dir = getenv("GW_TEST_DATA");
    if (!dir) fail_msg("GW_TEST_DATA is not set (ctest sets it)");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t got;
    while ((got = fread(text + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            cap *= 2;
            text = realloc(text, cap);
            assert_non_null(text);
        }
    }
    fclose(f);
    text[n] = '\0';
    return text;
}

#endif
