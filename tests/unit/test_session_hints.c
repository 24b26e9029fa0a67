/* test_session_hints.c: hints speak the scoring rule in force. A stacked deal in both decks reaches an
 * endgame where drawing trumps first makes a slam and leading a side suit lets the opponent ruff once; the
 * hint values each card in points of the rule (last13: the slam 10 or 5 against 6 or 3; every: all the
 * tricks; difference; running total), with the tricks the rule counts, exact in the endgame and in
 * expected points before it. */
#include "gw/score.h"
#include "gw/session.h"
#include "gw_test.h"

/* The stacked hand of a deck: player 0 (the non-dealer, who leads) holds only diamonds and wins every
 * foreplay trick against player 1's hearts and clubs, so it takes every up-card: high trumps and top
 * hearts; player 1 draws the hidden cards: low trumps and clubs. Endgame: trumps first win every trick,
 * a heart first lets player 1 ruff once. */
typedef struct stacked {
    gw_variant variant;
    gw_card deck[52];
} stacked;

static gw_cards suit_ranks(int suit, int hi, int lo) {
    gw_cards c = 0;
    for (int r = lo; r <= hi; r++)
        c |= gw_bit(gw_card_make(suit, r));
    return c;
}

/* Lays out in deck order: initial hands alternately (player 0 first), then (up, hidden) pairs. */
static stacked stack(gw_variant v) {
    stacked s = {v, {0}};
    int h = gw_hand_size(v), lo = gw_lowest_rank(v);
    gw_cards p0_start = gw_suit_cards(GW_DIAMONDS) & gw_deck_cards(v), p1_start, ups, hidden;
    if (v == GW_CLASSIC) {
        ups = suit_ranks(GW_SPADES, GW_RANK_A, GW_RANK_2 + 4) | suit_ranks(GW_HEARTS, GW_RANK_A, GW_RANK_J);
        hidden =
            suit_ranks(GW_SPADES, GW_RANK_2 + 3, GW_RANK_2) | suit_ranks(GW_CLUBS, GW_RANK_A, GW_RANK_2 + 4);
        p1_start =
            suit_ranks(GW_HEARTS, GW_RANK_T, GW_RANK_2) | suit_ranks(GW_CLUBS, GW_RANK_2 + 3, GW_RANK_2);
    } else {
        ups = suit_ranks(GW_SPADES, GW_RANK_A, GW_RANK_T) | suit_ranks(GW_HEARTS, GW_RANK_A, GW_RANK_A - 1);
        hidden = suit_ranks(GW_SPADES, GW_RANK_8 + 1, GW_RANK_8) | suit_ranks(GW_CLUBS, GW_RANK_A, GW_RANK_T);
        p1_start = suit_ranks(GW_HEARTS, GW_RANK_A - 2, lo) | suit_ranks(GW_CLUBS, GW_RANK_8 + 1, lo);
    }
    assert_int_equal(gw_count(p0_start), h);
    assert_int_equal(gw_count(p1_start), h);
    assert_int_equal(gw_count(ups), h);
    assert_int_equal(gw_count(hidden), h);
    for (int i = 0; i < h; i++) {
        s.deck[2 * i] = gw_nth(p0_start, i);
        s.deck[2 * i + 1] = gw_nth(p1_start, i);
        /* the first up-card (the trump) is the ace of spades */
        gw_card as = gw_card_make(GW_SPADES, GW_RANK_A);
        s.deck[2 * h + 2 * i] = i == 0 ? as : gw_nth(ups & ~gw_bit(as), i - 1);
        s.deck[2 * h + 2 * i + 1] = gw_nth(hidden, i);
    }
    assert_int_equal(s.deck[2 * h], gw_card_make(GW_SPADES, GW_RANK_A));
    return s;
}

/* A one-deal session of the stacked deck under scoring, both seats outside, player 0 to lead; with
 * match_score not NULL, player 0's hints play for the match at that score (target 10). */
static gw_session *open_stacked_match(const stacked *st, gw_scoring scoring, const int *match_score) {
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    c.rules.variant = st->variant;
    c.rules.scoring = scoring;
    c.seats[1].kind = GW_SEAT_OUTSIDE;
    c.limits = (gw_expert_limits){0, 20, NULL};
    c.deck = st->deck;
    c.dealer = 1;
    if (match_score) {
        c.match_score[0] = match_score[0];
        c.match_score[1] = match_score[1];
        c.match_stakes[0] = true;
    }
    gw_session *s = NULL;
    gw_error err;
    if (gw_session_new(&c, &s, &err) != GW_OK) fail_msg("gw_session_new: %s", err.msg);
    return s;
}

static void play(gw_session *s, int player, gw_card c) {
    gw_action a = {GW_ACTION_CARD, c, GW_CMD_NONE};
    gw_refusal why;
    gw_error err;
    if (gw_session_act(s, player, &a, &why, &err) != GW_OK) fail_msg("act: %s", err.msg);
    assert_int_equal(why, GW_REFUSE_NONE);
}

static gw_session *open_stacked(const stacked *st, gw_scoring scoring) {
    return open_stacked_match(st, scoring, NULL);
}

/* The foreplay as stacked: player 0 leads its lowest diamond, player 1 throws its lowest non-trump. The
 * first hint (foreplay) is an estimate in expected points (within the hand's, and the match's when it is at
 * stake). */
static void play_foreplay(gw_session *s, gw_scoring scoring, double match) {
    const gw_game *g = gw_session_game(s);
    gw_error err;
    gw_hint h;
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_OK);
    assert_false(h.exact);
    assert_string_equal(h.unit, "expected points");
    int hs = gw_hand_size((gw_variant)g->variant), counted = scoring == GW_EVERY ? 2 * hs : hs;
    for (int i = 0; i < h.count; i++) {
        assert_true(h.tricks[i] >= 0 && h.tricks[i] <= counted);
        assert_true(h.value[i] >= -counted - match && h.value[i] <= counted + match);
        if (i > 0) assert_true(h.value[i] <= h.value[i - 1]);
    }
    while (gw_game_phase(g) == GW_FOREPLAY) {
        gw_turn t = gw_session_turn(s);
        gw_cards legal = gw_game_legal(g);
        legal &= t.player == 0 ? gw_suit_cards(GW_DIAMONDS) : ~gw_suit_cards(GW_SPADES);
        play(s, t.player, gw_first(legal));
    }
    assert_int_equal(gw_session_turn(s).player, 0);
    assert_int_equal(gw_game_endgame_tricks(g, 0), 0);
}

/* The endgame hint under scoring: every trump is worth `slam` points and all the tricks the rule counts
 * (13 + 13 under every), every heart `ruffed` points and one trick less. */
static void endgame_hint(gw_variant v, gw_scoring scoring, int slam, int ruffed) {
    stacked st = stack(v);
    gw_session *s = open_stacked(&st, scoring);
    play_foreplay(s, scoring, 0);
    int hs = gw_hand_size(v), counted = scoring == GW_EVERY ? 2 * hs : hs;
    gw_hint h;
    gw_error err;
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_OK);
    assert_true(h.exact);
    assert_string_equal(h.unit, "points");
    assert_int_equal(h.count, hs);
    assert_int_equal(h.best, hs);
    int trumps = 0, hearts = 0;
    for (int i = 0; i < h.count; i++) {
        if (gw_card_suit(h.cards[i]) == GW_SPADES) {
            assert_true(h.value[i] == slam);
            assert_true(h.tricks[i] == counted);
            assert_true(i == trumps); /* the slam lines first */
            trumps++;
        } else {
            assert_int_equal(gw_card_suit(h.cards[i]), GW_HEARTS);
            assert_true(h.value[i] == ruffed);
            assert_true(h.tricks[i] == counted - 1);
            hearts++;
        }
        assert_true(h.se[i] == 0);
    }
    assert_true(trumps > 0 && hearts > 0);
    /* As the rule's formula says. */
    int endgame[2] = {hs, 0}, all[2] = {2 * hs, 0};
    gw_stakes stakes = {scoring, 0, {0, 0}};
    assert_true(gw_stakes_value(&stakes, v, 0, endgame, all) == slam);
    int endgame1[2] = {hs - 1, 1}, all1[2] = {2 * hs - 1, 1};
    assert_true(gw_stakes_value(&stakes, v, 0, endgame1, all1) == ruffed);
    gw_session_free(s);
}

static void classic_last13_slam_is_ten(void **state) {
    (void)state;
    endgame_hint(GW_CLASSIC, GW_LAST13, 10, 6); /* 13-0 a slam: 10; 12-1: 12 - 6 */
}
static void classic_every(void **state) {
    (void)state;
    endgame_hint(GW_CLASSIC, GW_EVERY, 13, 12); /* 26 of 26: 26 - 13; 25: 25 - 13 */
}
static void classic_difference(void **state) {
    (void)state;
    endgame_hint(GW_CLASSIC, GW_DIFFERENCE, 13, 11); /* 13 - 0; 12 - 1 */
}
static void classic_total(void **state) {
    (void)state;
    endgame_hint(GW_CLASSIC, GW_TOTAL, 13, 11); /* both score: 13 - 0; 12 - 1 */
}
static void small_last13_slam_is_five(void **state) {
    (void)state;
    endgame_hint(GW_SMALL, GW_LAST13, 5, 3); /* 7-0 a slam: 5; 6-1: 6 - 3 */
}
static void small_every(void **state) {
    (void)state;
    endgame_hint(GW_SMALL, GW_EVERY, 8, 7); /* 14 of 14: 14 - 6; 13: 13 - 6 */
}
static void small_difference(void **state) {
    (void)state;
    endgame_hint(GW_SMALL, GW_DIFFERENCE, 7, 5);
}
static void small_total(void **state) {
    (void)state;
    endgame_hint(GW_SMALL, GW_TOTAL, 7, 5);
}

/* One-deal mode with the match at stake for player 0 (target 10): the slam (10 points) wins the match
 * from 0 to 9, the 12-trick line (6 points) does not; from 4 to 9 both win it. */
static void match_at_stake(void **state) {
    (void)state;
    stacked st = stack(GW_CLASSIC);
    const int scores[2][2] = {{0, 9}, {4, 9}};
    const double ruffed[2] = {6, 6 + GW_STAKES_MATCH};
    for (int k = 0; k < 2; k++) {
        gw_session *s = open_stacked_match(&st, GW_LAST13, scores[k]);
        play_foreplay(s, GW_LAST13, GW_STAKES_MATCH);
        gw_hint h;
        gw_error err;
        assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_OK);
        assert_true(h.exact);
        for (int i = 0; i < h.count; i++)
            assert_true(h.value[i] ==
                        (gw_card_suit(h.cards[i]) == GW_SPADES ? 10 + GW_STAKES_MATCH : ruffed[k]));
        gw_session_free(s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic_last13_slam_is_ten),
        cmocka_unit_test(classic_every),
        cmocka_unit_test(classic_difference),
        cmocka_unit_test(classic_total),
        cmocka_unit_test(small_last13_slam_is_five),
        cmocka_unit_test(small_every),
        cmocka_unit_test(small_difference),
        cmocka_unit_test(small_total),
        cmocka_unit_test(match_at_stake),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
