/* test_ai_stakes.c: easy and hard play the scoring rule in force (a cheap foreplay trick is worth taking
 * under `every`, not under last13), in both decks; the effects of hard's tuned constants (hard_params.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/ai.h"
#include "gw_test.h"
#include "../../src/engine/ai/hard.h"

static const gw_stakes LAST13 = {GW_LAST13, 0, {0, 0}};
static const gw_stakes EVERY = {GW_EVERY, 0, {0, 0}};
static const gw_stakes DIFFERENCE = {GW_DIFFERENCE, 0, {0, 0}};

/* A foreplay observation of seat 0 (hand `own`, `unseen` the cards it has
 * not seen, `played` those played before this trick), the opponent having
 * led `led` (NULL: seat 0 leads). */
static gw_observation view(gw_variant v, int trump, const char *upcard, const char *led, const char *own,
                           const char *unseen, const char *played) {
    gw_observation o;
    memset(&o, 0, sizeof o);
    o.variant = v;
    o.trump = trump;
    o.phase = GW_FOREPLAY;
    o.seat = 0;
    o.turn = 0;
    o.leader = led ? 1 : 0;
    o.led = led ? tc(led) : GW_NO_CARD;
    o.upcard = tc(upcard);
    o.stock_left = 10;
    o.own = tset(own);
    o.unseen = tset(unseen);
    o.played = (led ? gw_bit(o.led) : 0) | (played ? tset(played) : 0);
    o.opp_hand_size = gw_hand_size(v) - (led ? 1 : 0);
    return o;
}

/* A poor up-card, a low spade led, and a spade just above it in hand:
 * under `every` the trick is a point for a worthless card; under the
 * endgame-only rules the lowest spade loses it. */
static void easy_takes_a_cheap_foreplay_trick_only_under_every(void **state) {
    (void)state;
    gw_observation o = view(GW_CLASSIC, GW_HEARTS, "3C", "4S", "6S 2S KH 9D", "AC", NULL);
    assert_int_equal(gw_ai_easy(&o, &LAST13), tc("2S"));
    assert_int_equal(gw_ai_easy(&o, NULL), tc("2S"));
    assert_int_equal(gw_ai_easy(&o, &DIFFERENCE), tc("2S"));
    assert_int_equal(gw_ai_easy(&o, &EVERY), tc("6S"));
    /* Not with an honour: the ace is kept for the endgame. */
    o = view(GW_CLASSIC, GW_HEARTS, "3C", "4S", "AS 2S KH 9D", "AC", NULL);
    assert_int_equal(gw_ai_easy(&o, &EVERY), tc("2S"));
    /* Nor with a trump when void in the suit led. */
    o = view(GW_CLASSIC, GW_HEARTS, "3C", "4S", "2H 9D 5C", "AC", NULL);
    assert_int_equal(gw_ai_easy(&o, &EVERY), tc("5C"));
    /* The small deck (8 to ace): the ten takes a nine led under every. */
    o = view(GW_SMALL, GW_HEARTS, "8C", "9S", "TS 8S KH 9D", "AC", NULL);
    assert_int_equal(gw_ai_easy(&o, &LAST13), tc("8S"));
    assert_int_equal(gw_ai_easy(&o, &EVERY), tc("TS"));
}

/* hard: the same kind of trick. The unseen cards are the rest of the
 * deck; the up-card is a middling club. */
static void hard_takes_a_cheap_foreplay_trick_only_under_every(void **state) {
    (void)state;
    gw_cards deck = gw_deck_cards(GW_CLASSIC), own = tset("6S 2S KH 9D 3C");
    char unseen[160];
    gw_cards_format_list(deck & ~own & ~tset("4S TC"), NULL, ' ', unseen, sizeof unseen);
    gw_observation o = view(GW_CLASSIC, GW_HEARTS, "TC", "4S", "6S 2S KH 9D 3C", unseen, NULL);
    assert_int_equal(gw_ai_hard(&o, NULL, &LAST13), tc("2S"));
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("2S"));
    assert_int_equal(gw_ai_hard(&o, NULL, &DIFFERENCE), tc("2S"));
    assert_int_equal(gw_ai_hard(&o, NULL, &EVERY), tc("6S"));
    /* The small deck, the up-card the ace of clubs. */
    deck = gw_deck_cards(GW_SMALL);
    own = tset("TS 8S KH 9D 8C");
    gw_cards_format_list(deck & ~own & ~tset("9S AC"), NULL, ' ', unseen, sizeof unseen);
    o = view(GW_SMALL, GW_HEARTS, "AC", "9S", "TS 8S KH 9D 8C", unseen, NULL);
    assert_int_equal(gw_ai_hard(&o, NULL, &LAST13), tc("8S"));
    assert_int_equal(gw_ai_hard(&o, NULL, &EVERY), tc("TS"));
}

/* attack: leading for a wanted up-card (a trump) with no card nothing can
 * beat, hard leads its highest side card, not its lowest. */
static void hard_attacks_with_its_highest_side_card(void **state) {
    (void)state;
    gw_cards own = tset("QS 4S KD 3D 2C 5H");
    char unseen[160];
    gw_cards_format_list(gw_deck_cards(GW_CLASSIC) & ~own & ~tset("AH"), NULL, ' ', unseen, sizeof unseen);
    gw_observation o = view(GW_CLASSIC, GW_HEARTS, "AH", NULL, "QS 4S KD 3D 2C 5H", unseen, NULL);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("KD"));
    /* A poor up-card: the lowest side card. */
    o = view(GW_CLASSIC, GW_HEARTS, "3S", NULL, "QS 4S KD 3D 2C 5H", "AS KS JS TS 9S 8S AC KC QC AD QD",
             NULL);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("2C"));
}

/* trade: the ace of trumps is led for an up-card as good (the king, the
 * ace being its own), not for the 2 of trumps (then the cheapest side
 * card goes); effective ranks: the queen
 * with the ace and king played is a winner nothing beats. */
static void hard_spends_its_top_trump_only_for_as_much(void **state) {
    (void)state;
    const char *rest = "QH JH TH 9H 8H 7H 6H 5H 4H 3H KS QS AD KC";
    gw_observation o = view(GW_CLASSIC, GW_HEARTS, "KH", NULL, "AH 5S 4D", rest, NULL);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("AH"));
    o = view(GW_CLASSIC, GW_HEARTS, "2H", NULL, "AH 5S 4D", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H KS QS AD KC",
             NULL);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("4D"));
    /* The queen of diamonds with the ace and king played: a sure winner
     * for the ace of trumps. */
    o = view(GW_CLASSIC, GW_HEARTS, "AH", NULL, "QD 3D 5S", "KH QH JH AS KS JD TD 9D 2C", "AD KD");
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("QD"));
}

/* The constant sets: every counts the trick, the tricks-only rules do not. */
static void hard_constants_by_rule_and_deck(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        const hard_params *t = hard_params_for(&LAST13, (gw_variant)v),
                          *e = hard_params_for(&EVERY, (gw_variant)v);
        assert_ptr_equal(hard_params_for(NULL, (gw_variant)v), t);
        assert_ptr_equal(hard_params_for(&DIFFERENCE, (gw_variant)v), t);
        assert_true(t->trick == 0);
        assert_true(e->trick > 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(easy_takes_a_cheap_foreplay_trick_only_under_every),
        cmocka_unit_test(hard_takes_a_cheap_foreplay_trick_only_under_every),
        cmocka_unit_test(hard_attacks_with_its_highest_side_card),
        cmocka_unit_test(hard_spends_its_top_trump_only_for_as_much),
        cmocka_unit_test(hard_constants_by_rule_and_deck),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
