/* test_expert_stakes.c: the expert and the oracle play for the points of the scoring rule in force (slam
 * lines under last13, foreplay tricks under every), in positions that tell the rules apart. */
#include "gw_test.h"

#include "gw/ai.h"
#include "../../src/engine/ai/world.h"

/* A test clock: every read advances it by one ms. */
static uint64_t ticking_ms(void *ctx) { return ++*(uint64_t *)ctx; }

/* The positions: the last foreplay trick, the opponent has led and the seat
 * to move follows (so no playout policy decides anything: the trick ends,
 * the stock runs out and the solver finishes the hand). Found by a search
 * over seeded deals played by `hard`, written out card by card. */
typedef struct position {
    gw_variant variant;
    int dealer;
    const char *deck;  /* the deal order */
    const char *moves; /* every card played so far */
} position;

/* Small deck, trump diamonds; south (player 1) holds JS QS 8D JD QD KD AD,
 * north led JH, the up-card is AC. Ruffing wins the trick and the ace of
 * clubs: six endgame tricks, surely. Discarding a spade gives both away,
 * but south draws the hidden card: the ace of spades or a trump makes all
 * seven (a slam: 5 points, not 4 - 1 = 3). */
static const position SMALL_SLAM = {
    GW_SMALL, 1, "JH QD JC 8H QC TS 9S KH KS KC 9H KD TC QS AD 9C TH 8S JS 9D QH 8D 8C TD AH JD AC AS",
    "9S TS 8H 9H 9C KC 8S KS TH KH 8C TC JH"};

/* Small deck, trump diamonds; player 0 holds 9D TD JD KD AD JC AC, player 1
 * led QS, the up-card is AS. Ruffing takes the trick (one more foreplay
 * trick) for a trump that costs an endgame trick now and then; discarding
 * the jack of clubs keeps every trump. */
static const position SMALL_TRICK = {
    GW_SMALL, 0, "KC JD 8S 8H TS 9S 8C TD QC 9H JS QH 8D AD KD TH QS JH AH 9C KH AC QD 9D KS JC AS TC",
    "8S 9S 8H TH 8C 9H TS 9C KH JH JS QH QS"};

/* Small deck, seed 5 of gw_deck_from_seed played by `hard`: values that
 * vary from world to world, none a slam or a tie. */
static const position SMALL_PLAIN = {
    GW_SMALL, 1, "KS KD QC 8H JH AS JS QS 8S JC QH 8C AD KC AC 9S TS JD 9D AH TC TH TD 9H 8D 9C QD KH",
    "AD KD 8S 9S 8H JH AC 8C 9D TS TD 9H 8D"};

/* Classic deck, trump hearts; player 1 holds hearts 4 5 6 J Q K A and
 * clubs 4 5 6 9 T K, void in diamonds; player 0 led the six of diamonds,
 * the up-card is the queen of diamonds. Ruffing makes 12 endgame tricks
 * (6 points) for sure; discarding a club draws the hidden card, which
 * may give all 13 (10 points) or only 11 (5): 12 on average. */
static const char *const CLASSIC_DECK =
    "AS 5D QH 9S TC JD KD 8H KH 8S AC 7C 3H 7S 9C QS JH TD 2D 8C 8D JC 2S TH 2C 5S 5H TS AH 2H AD 7D 4S 3C "
    "4D KS 4C JS 6H 7H 9D KC 4H QC 3D 3S 6C 9H 6D 5C QD 6S";
/* The same deal with the hidden card a heart (9H and 6S swapped): the
 * club discard draws a trump and makes the slam. */
static const char *const CLASSIC_DECK_SLAM =
    "AS 5D QH 9S TC JD KD 8H KH 8S AC 7C 3H 7S 9C QS JH TD 2D 8C 8D JC 2S TH 2C 5S 5H TS AH 2H AD 7D 4S 3C "
    "4D KS 4C JS 6H 7H 9D KC 4H QC 3D 3S 6C 6S 6D 5C QD 9H";
static const char *const CLASSIC_MOVES =
    "AS 5S AC 7C KD 5D 2S 7S 4S 2D 4D 8D KS 8S 2C 8C 9S 3H 3C JC 3D AD 3S TS 6D";

static void set_up(gw_game *g, gw_variant v, int dealer, const char *deck, const char *moves) {
    tdeal(g, v, deck, dealer);
    gw_card m[GW_MAX_DECK];
    int n = tlist(moves, m);
    for (int i = 0; i < n; i++)
        assert_int_equal(gw_game_play(g, m[i], NULL), GW_OK);
    assert_int_equal(gw_game_phase(g), GW_FOREPLAY);
}

static const gw_stakes LAST13 = {GW_LAST13, 0, {0, 0}}, EVERY = {GW_EVERY, 0, {0, 0}},
                       DIFFERENCE = {GW_DIFFERENCE, 0, {0, 0}}, TOTAL = {GW_TOTAL, 0, {0, 0}};

/* The expert's estimates for the seat to move in g under st (400 worlds). */
static int estimate(const gw_game *g, const gw_stakes *st, gw_card_estimate out[13]) {
    gw_expert *e = NULL;
    assert_int_equal(gw_expert_new((gw_expert_limits){0, 400, NULL}, 1, &e, NULL), GW_OK);
    gw_expert_set_stakes(e, st);
    gw_observation o;
    gw_observe(g, g->turn, &o);
    int n = gw_expert_estimate(e, &o, out);
    gw_expert_free(e);
    return n;
}

/* The oracle's estimates for the player to move in g under st. */
static int oracle(const gw_game *g, const gw_stakes *st, gw_card_estimate out[13]) {
    gw_expert *e = NULL;
    assert_int_equal(gw_expert_new((gw_expert_limits){0, 1, NULL}, 1, &e, NULL), GW_OK);
    gw_expert_set_stakes(e, st);
    int n = gw_oracle_estimate(e, g, out);
    gw_expert_free(e);
    return n;
}

/* The estimate of card c among n. */
static const gw_card_estimate *of(const gw_card_estimate *est, int n, const char *c) {
    for (int i = 0; i < n; i++)
        if (est[i].card == tc(c)) return &est[i];
    fail_msg("%s not estimated", c);
    return NULL;
}

static int suit(const gw_card_estimate *est) { return gw_card_suit(est[0].card); }

/* last13 prefers the slam line (a chance of 7-0, worth 5) to the sure six
 * tricks (worth 3), though it makes fewer tricks on average; the trick
 * difference, which counts tricks only, and every-trick scoring, where the
 * ruff's foreplay trick counts, take the sure line. */
static void small_slam_line_under_last13(void **state) {
    (void)state;
    const position *p = &SMALL_SLAM;
    gw_game g;
    set_up(&g, p->variant, p->dealer, p->deck, p->moves);
    gw_card_estimate est[13];
    int n = estimate(&g, &LAST13, est);
    assert_int_equal(suit(est), GW_SPADES);
    const gw_card_estimate *discard = of(est, n, "JS"), *ruff = of(est, n, "8D");
    assert_true(discard->tricks < ruff->tricks);             /* fewer tricks on average */
    assert_true(discard->points > ruff->points);             /* but more points */
    assert_true(ruff->points == 3.0 && ruff->tricks == 6.0); /* 6-1, surely */
    n = estimate(&g, &DIFFERENCE, est);
    assert_int_equal(suit(est), GW_DIAMONDS);
    n = estimate(&g, &EVERY, est);
    assert_int_equal(suit(est), GW_DIAMONDS);
}

/* The same in the classic deck: 13-0 is worth 10, 12-1 only 6, and 11-2
 * still 5: the discard's chance of the slam makes it the better line under
 * last13, while under difference the two lines make the same. */
static void classic_slam_line_under_last13(void **state) {
    (void)state;
    gw_game g;
    set_up(&g, GW_CLASSIC, 0, CLASSIC_DECK, CLASSIC_MOVES);
    gw_card_estimate est[13];
    int n = estimate(&g, &LAST13, est);
    assert_int_equal(suit(est), GW_CLUBS);
    const gw_card_estimate *discard = of(est, n, "4C"), *ruff = of(est, n, "4H");
    assert_true(ruff->points == 6.0 && ruff->tricks == 12.0);
    assert_true(discard->tricks <= ruff->tricks + 0.05); /* no more tricks on average */
    assert_true(discard->points > ruff->points + 1.0);   /* but the slams count 10 */
    /* Counting tricks only, the two lines are all but even. */
    n = estimate(&g, &DIFFERENCE, est);
    assert_true(of(est, n, "4H")->points == 11.0); /* 12 - 1 */
    assert_true(of(est, n, "4C")->points < of(est, n, "4H")->points + 0.1);
}

/* Under every the ruff's foreplay trick is worth an occasional endgame
 * trick; under last13 and difference only the endgame counts and the
 * discard keeps the trump. */
static void foreplay_trick_worth_taking_under_every(void **state) {
    (void)state;
    const position *p = &SMALL_TRICK;
    gw_game g;
    set_up(&g, p->variant, p->dealer, p->deck, p->moves);
    gw_card_estimate est[13];
    int n = estimate(&g, &EVERY, est);
    assert_int_equal(suit(est), GW_DIAMONDS);
    const gw_card_estimate *ruff = of(est, n, "9D"), *discard = of(est, n, "JC");
    assert_true(ruff->tricks > discard->tricks); /* all tricks, under every */
    n = estimate(&g, &LAST13, est);
    assert_int_equal(est[0].card, tc("JC"));
    assert_true(of(est, n, "JC")->tricks > of(est, n, "9D")->tricks); /* endgame tricks */
    n = estimate(&g, &DIFFERENCE, est);
    assert_int_equal(est[0].card, tc("JC"));
}

/* The oracle values the true deal in the rule's points: the slam is worth
 * 5 in the small deck and 10 in the classic one under last13. */
static void oracle_values_the_slam(void **state) {
    (void)state;
    gw_game g;
    set_up(&g, GW_SMALL, SMALL_SLAM.dealer, SMALL_SLAM.deck, SMALL_SLAM.moves);
    gw_card_estimate est[13];
    int n = oracle(&g, &LAST13, est);
    assert_int_equal(suit(est), GW_SPADES);
    assert_true(of(est, n, "JS")->points == 5.0 && of(est, n, "JS")->tricks == 7.0);
    assert_true(of(est, n, "8D")->points == 3.0);
    n = oracle(&g, &DIFFERENCE, est);
    assert_true(of(est, n, "JS")->points == 7.0 && of(est, n, "8D")->points == 5.0);
    n = oracle(&g, &EVERY, est); /* 3 + 7 tricks or 4 + 6 of 14: 10 - 6 either way */
    assert_true(of(est, n, "JS")->points == 4.0 && of(est, n, "8D")->points == 4.0);

    set_up(&g, GW_CLASSIC, 0, CLASSIC_DECK_SLAM, CLASSIC_MOVES);
    n = oracle(&g, &LAST13, est);
    assert_int_equal(suit(est), GW_CLUBS);
    assert_true(of(est, n, "4C")->points == 10.0 && of(est, n, "4C")->tricks == 13.0);
    assert_true(of(est, n, "4H")->points == 6.0);
    /* With the real hidden card (a spade) the discard makes 11: the ruff. */
    set_up(&g, GW_CLASSIC, 0, CLASSIC_DECK, CLASSIC_MOVES);
    n = oracle(&g, &LAST13, est);
    assert_int_equal(suit(est), GW_HEARTS);
    assert_true(of(est, n, "4C")->points == 5.0);
}

/* A timed decision stops once no card can be better than the leader by a
 * tenth of a trick: a tenth of a point, but two tenths under difference
 * and total (each scores its own tricks), whose values are twice the
 * tricks. Where every world's values under those are the ones under last13
 * doubled (plus a constant: no slam, no tie), all three stop after the
 * same worlds (with a tenth of a point everywhere: 104 and 672). */
static void settling_is_in_tricks_under_every_scoring(void **state) {
    (void)state;
    const position *p = &SMALL_PLAIN;
    gw_game g;
    set_up(&g, p->variant, p->dealer, p->deck, p->moves);
    gw_observation o;
    gw_observe(&g, g.turn, &o);
    int worlds[3];
    const gw_stakes *rules[3] = {&LAST13, &DIFFERENCE, &TOTAL};
    for (int k = 0; k < 3; k++) {
        uint64_t now = 0;
        gw_clock clock = {ticking_ms, &now};
        gw_expert *e = NULL;
        assert_int_equal(gw_expert_new((gw_expert_limits){1000000, 0, &clock}, 1, &e, NULL), GW_OK);
        gw_expert_set_stakes(e, rules[k]);
        gw_card_estimate est[13];
        assert_true(gw_expert_estimate(e, &o, est) > 1);
        worlds[k] = expert_last_worlds(e);
        gw_expert_free(e);
    }
    assert_true(worlds[0] > 48); /* not settled at the first look */
    assert_int_equal(worlds[0], worlds[1]);
    assert_int_equal(worlds[0], worlds[2]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_slam_line_under_last13),
        cmocka_unit_test(classic_slam_line_under_last13),
        cmocka_unit_test(foreplay_trick_worth_taking_under_every),
        cmocka_unit_test(oracle_values_the_slam),
        cmocka_unit_test(settling_is_in_tricks_under_every_scoring),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
