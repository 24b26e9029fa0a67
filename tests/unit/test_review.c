/* test_review.c: the review of a played hand (review.h): a costly foreplay card gets a loss well above zero,
 * the expert's own choice none, the same answer for the same seed and iterations, the verdict blind to what
 * the player could not see, endgame losses in points of each scoring rule, and the hand's summary. */
#include <math.h>

#include "gw/observation.h"
#include "gw/review.h"
#include "gw_test.h"

static gw_expert *expert(int iterations, uint64_t seed, gw_scoring scoring) {
    gw_expert *e = NULL;
    gw_error err;
    assert_int_equal(gw_expert_new((gw_expert_limits){0, iterations, NULL}, seed, &e, &err), GW_OK);
    gw_stakes st = {scoring, 0, {0, 0}};
    gw_expert_set_stakes(e, &st);
    return e;
}

/* Classic, player 2 deals, spades trump (5S turned). Player 1 leads 2S; player 2 holds AS and 3S, the only
 * spades it may play: both win the trick, but the ace spends the sure trick of the endgame for nothing. */
static void trump_ace_deal(gw_game *g) {
    gw_card deck[GW_MAX_DECK];
    tdeck_from_hands("2S 4S KH QH JH TH 9H KD QD JD KC QC JC", "AS 3S AH 8H 7H AD TD 9D 8D AC TC 9C 8C",
                     "5S KS QS JS TS 9S 8S 7S 6S 6H 5H 4H 3H 2H 7D 6D 5D 4D 3D 2D 7C 6C 5C 4C 3C 2C", deck);
    gw_error err;
    assert_int_equal(gw_game_deal(g, GW_CLASSIC, deck, 1, &err), GW_OK);
    tplay(g, "2S", NULL);
}

static void a_wasted_trump_ace_costs_points(void **state) {
    (void)state;
    for (int s = 0; s < 3; s++) {
        gw_scoring scoring = (gw_scoring)s; /* last13, every, difference */
        gw_game g;
        trump_ace_deal(&g);
        gw_expert *e = expert(GW_REVIEW_ITERATIONS, GW_REVIEW_SEED, scoring);
        gw_stakes st = {scoring, 0, {0, 0}};
        gw_card_verdict ace, three;
        gw_error err;
        assert_int_equal(gw_review_card(e, NULL, &st, &g, tc("AS"), &ace, &err), GW_OK);
        assert_int_equal(gw_review_card(e, NULL, &st, &g, tc("3S"), &three, &err), GW_OK);
        assert_true(ace.judged && three.judged);
        assert_int_equal(ace.phase, GW_FOREPLAY);
        assert_int_equal(ace.seat, 1);
        assert_int_equal(ace.trick, 1);
        assert_int_equal(ace.worlds, GW_REVIEW_ITERATIONS);
        /* Well above zero, and far outside its own noise. */
        assert_true(ace.loss > 0.4);
        assert_true(ace.se > 0 && ace.loss > 3 * ace.se);
        assert_int_equal(ace.best, tc("3S"));
        assert_true(ace.best_set == gw_bit(tc("3S")));
        /* The expert's own choice gives nothing away. */
        assert_true(three.loss == 0.0 && three.se == 0.0);
        assert_int_equal(three.best, tc("3S"));
        gw_expert_free(e);
    }
}

/* Over many positions of played hands: the card the expert picks (same seed, same iterations) gets loss 0;
 * every other card a loss of at least 0 with its standard error; the same call gives the same answer. */
static void the_experts_choice_costs_nothing(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        gw_variant v = seed % 2 ? GW_SMALL : GW_CLASSIC;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, seed, deck);
        gw_game g;
        assert_int_equal(gw_game_deal(&g, v, deck, (int)(seed % 2), NULL), GW_OK);
        gw_scoring scoring = (gw_scoring)(seed % 3);
        gw_stakes st = {scoring, 0, {0, 0}};
        gw_expert *e = expert(30, 7, scoring), *again = expert(30, 7, scoring);
        while (gw_game_phase(&g) == GW_FOREPLAY) {
            gw_observation o;
            gw_observe(&g, g.turn, &o);
            gw_card_estimate est[13];
            int n = gw_expert_estimate(e, &o, est);
            assert_true(n >= 1);
            gw_card_verdict first, other, twice;
            gw_error err;
            assert_int_equal(gw_review_card(e, NULL, &st, &g, est[0].card, &first, &err), GW_OK);
            assert_true(first.judged);
            assert_true(first.loss == 0.0);
            assert_int_equal(first.best, est[0].card);
            gw_card last = est[n - 1].card;
            assert_int_equal(gw_review_card(e, NULL, &st, &g, last, &other, &err), GW_OK);
            assert_int_equal(gw_review_card(again, NULL, &st, &g, last, &twice, &err), GW_OK);
            assert_memory_equal(&other, &twice, sizeof other);
            assert_true(other.loss >= 0.0 && other.se >= 0.0);
            if (n > 1 && !other.forced) {
                assert_true(fabs(other.loss - (est[0].points - est[n - 1].points)) < 1e-9);
                if (other.loss > 0) assert_int_equal(other.best, est[0].card);
            }
            /* A card that is not legal is refused. */
            gw_cards illegal = gw_deck_cards(v) & ~gw_observation_legal(&o);
            assert_int_equal(gw_review_card(e, NULL, &st, &g, gw_first(illegal), &other, &err), GW_EINVAL);
            gw_observe(&g, g.turn, &o);
            assert_int_equal(gw_game_play(&g, gw_ai_easy(&o, NULL), NULL), GW_OK);
        }
        gw_expert_free(e);
        gw_expert_free(again);
    }
}

/* The verdict sees only what the player saw: the same first lead, with the opponent's hand and the hidden
 * stock shuffled among themselves, gets the same verdict. */
static void blind_to_hidden_cards(void **state) {
    (void)state;
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, 5, deck);
    gw_game a, b;
    assert_int_equal(gw_game_deal(&a, GW_CLASSIC, deck, 1, NULL), GW_OK);
    /* Player 1 (the non-dealer) holds places 0, 2, 4 ...; the dealer 1, 3, 5 ...; the up-card is 26. Swap
     * the dealer's cards with hidden stock cards. */
    for (int i = 1; i < 26; i += 2) {
        gw_card t = deck[i];
        deck[i] = deck[27 + i / 2];
        deck[27 + i / 2] = t;
    }
    assert_int_equal(gw_game_deal(&b, GW_CLASSIC, deck, 1, NULL), GW_OK);
    assert_true(a.hand[1] != b.hand[1] && a.hand[0] == b.hand[0]);
    gw_expert *e = expert(40, 3, GW_LAST13);
    gw_stakes st = {GW_LAST13, 0, {0, 0}};
    for (gw_cards l = gw_game_legal(&a); l; l &= l - 1) {
        gw_card_verdict va, vb;
        assert_int_equal(gw_review_card(e, NULL, &st, &a, gw_first(l), &va, NULL), GW_OK);
        assert_int_equal(gw_review_card(e, NULL, &st, &b, gw_first(l), &vb, NULL), GW_OK);
        assert_memory_equal(&va, &vb, sizeof va);
    }
    gw_expert_free(e);
}

/* A hand-made endgame at trick 25 (classic, clubs trump): player 2 has won the 11 endgame tricks so far;
 * player 1 has led 2H and keeps 2D; player 2 holds AC and 3D. Ruffing wins both tricks left (13-0, a slam);
 * throwing 3D loses this trick (12-1). */
static void slam_endgame(gw_game *g) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, 1, deck);
    assert_int_equal(gw_game_deal(g, GW_CLASSIC, deck, 0, NULL), GW_OK);
    gw_cards held[2] = {gw_bit(tc("2D")), gw_bit(tc("AC")) | gw_bit(tc("3D"))};
    gw_card led = tc("2H");
    g->hand[0] = held[0];
    g->hand[1] = held[1];
    g->played = gw_deck_cards(GW_CLASSIC) & ~(held[0] | held[1]);
    g->upcards[0] = g->upcards[1] = 0;
    int n = 0;
    for (gw_cards p = g->played & ~gw_bit(led); p; p &= p - 1)
        g->moves[n++] = gw_first(p);
    g->moves[n++] = led;
    g->nmoves = (uint8_t)n;
    g->trump = GW_CLUBS;
    g->stock_pos = 52;
    g->tricks_done = 24;
    g->won[GW_FOREPLAY][0] = 6;
    g->won[GW_FOREPLAY][1] = 7;
    g->won[GW_ENDGAME][0] = 0;
    g->won[GW_ENDGAME][1] = 11;
    g->leader = 0;
    g->turn = 1;
    g->led = led;
    assert_int_equal(n, 49);
}

static void endgame_losses_in_points_of_the_rule(void **state) {
    (void)state;
    gw_game g;
    slam_endgame(&g);
    gw_solver *s = NULL;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    /* last13: 13-0 scores 10 (slam), 12-1 scores 6: 4 points. difference: 13 against 11: 2 points. every:
     * all tricks, 20-6 against 19-7 (scores 7 and 6: 1 point). running total: 13-0 against 12-1. */
    const double want[GW_SCORINGS] = {4.0, 1.0, 2.0, 2.0};
    for (int r = 0; r < GW_SCORINGS; r++) {
        gw_stakes st = {(gw_scoring)r, 0, {0, 0}};
        gw_card_verdict three, ace;
        gw_error err;
        assert_int_equal(gw_review_card(NULL, s, &st, &g, tc("3D"), &three, &err), GW_OK);
        assert_int_equal(gw_review_card(NULL, s, &st, &g, tc("AC"), &ace, &err), GW_OK);
        assert_true(three.judged && ace.judged);
        assert_int_equal(three.phase, GW_ENDGAME);
        assert_int_equal(three.trick, 25);
        assert_int_equal(three.lost_tricks, 1);
        assert_int_equal(three.best, tc("AC"));
        assert_true(three.best_set == gw_bit(tc("AC")));
        assert_true(three.se == 0.0);
        assert_int_equal(three.worlds, 1);
        assert_true(fabs(three.loss - want[r]) < 1e-9);
        int eg_best[2] = {0, 13}, eg_kept[2] = {1, 12}, all_best[2] = {6, 20}, all_kept[2] = {7, 19};
        double by_rule = gw_stakes_value(&st, GW_CLASSIC, 1, eg_best, all_best) -
                         gw_stakes_value(&st, GW_CLASSIC, 1, eg_kept, all_kept);
        assert_true(fabs(three.loss - by_rule) < 1e-9);
        assert_true(ace.loss == 0.0 && ace.lost_tricks == 0);
        assert_int_equal(ace.best, tc("AC"));
    }
    /* The same cards when player 2 has won 6 of the 11 endgame tricks so far: 8-5 (2 points) against 7-6 (1
     * point) under last13: the tricks of both players are counted right. */
    g.won[GW_ENDGAME][0] = 5;
    g.won[GW_ENDGAME][1] = 6;
    gw_stakes last13 = {GW_LAST13, 0, {0, 0}};
    gw_card_verdict three;
    assert_int_equal(gw_review_card(NULL, s, &last13, &g, tc("3D"), &three, NULL), GW_OK);
    assert_int_equal(three.lost_tricks, 1);
    assert_true(fabs(three.loss - 1.0) < 1e-9);
    gw_solver_free(s);
}

/* A whole hand: verdicts on exactly the chosen players' cards and phases, the totals their sums, the
 * costliest cards the largest losses in order, the same review twice. */
static void a_hands_summary(void **state) {
    (void)state;
    for (int k = 0; k < 2; k++) {
        gw_variant v = k ? GW_SMALL : GW_CLASSIC;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, 21 + (uint64_t)k, deck);
        gw_game dealt, g;
        assert_int_equal(gw_game_deal(&dealt, v, deck, k, NULL), GW_OK);
        g = dealt;
        gw_rng rng;
        gw_rng_seed(&rng, 5);
        while (gw_game_phase(&g) != GW_OVER) { /* easy and random cards in turn */
            gw_observation o;
            gw_observe(&g, g.turn, &o);
            gw_card c = g.nmoves % 3 ? gw_ai_random(&o, &rng) : gw_ai_easy(&o, NULL);
            assert_int_equal(gw_game_play(&g, c, NULL), GW_OK);
        }
        gw_card moves[GW_MAX_DECK];
        for (int i = 0; i < g.nmoves; i++)
            moves[i] = g.moves[i];
        gw_review_options opt = gw_review_defaults(GW_LAST13);
        opt.iterations = 20;
        opt.seats = 1u; /* player 1 only */
        static gw_hand_review r, again;
        gw_error err;
        assert_int_equal(gw_review_hand(&dealt, moves, g.nmoves, &opt, &r, &err), GW_OK);
        assert_int_equal(gw_review_hand(&dealt, moves, g.nmoves, &opt, &again, &err), GW_OK);
        assert_memory_equal(&r, &again, sizeof r);
        assert_int_equal(r.nmoves, g.nmoves);
        int hs = gw_hand_size(v), judged[2] = {0, 0};
        double sum = 0, fsum = 0;
        for (int i = 0; i < r.nmoves; i++) {
            const gw_card_verdict *cv = &r.card[i];
            assert_int_equal(cv->card, moves[i]);
            assert_int_equal(cv->trick, i / 2 + 1);
            assert_int_equal(cv->phase, cv->trick <= hs ? GW_FOREPLAY : GW_ENDGAME);
            assert_int_equal(cv->judged, cv->seat == 0);
            if (!cv->judged) continue;
            judged[cv->phase]++;
            sum += cv->loss;
            if (cv->phase == GW_FOREPLAY) fsum += cv->loss;
            assert_true(cv->loss >= 0);
        }
        assert_int_equal(judged[GW_FOREPLAY], hs);
        assert_int_equal(judged[GW_ENDGAME], hs);
        assert_int_equal(r.judged[GW_FOREPLAY][0], hs);
        assert_int_equal(r.judged[GW_ENDGAME][1], 0);
        assert_true(fabs(r.loss[0] - sum) < 1e-9 && fabs(r.foreplay_loss[0] - fsum) < 1e-9);
        assert_true(fabs(r.loss[0] - r.foreplay_loss[0] - r.endgame_loss[0]) < 1e-9);
        assert_true(r.loss[1] == 0.0 && r.nworst[1] == 0);
        assert_true(r.nworst[0] > 0); /* random cards cost something */
        for (int j = 0; j < r.nworst[0]; j++) {
            const gw_card_verdict *w = &r.card[r.worst[0][j]];
            assert_true(w->judged && w->seat == 0 && w->loss > 0);
            if (j) assert_true(r.card[r.worst[0][j - 1]].loss >= w->loss);
        }
        /* Nothing judged outside the listed costliest is costlier than the last of them. */
        double least = r.card[r.worst[0][r.nworst[0] - 1]].loss;
        int above = 0;
        for (int i = 0; i < r.nmoves; i++)
            if (r.card[i].judged && r.card[i].loss > least) above++;
        assert_true(above <= r.nworst[0] - 1);
        /* The endgame only: no foreplay verdict, the same endgame verdicts. */
        opt.foreplay = false;
        static gw_hand_review end;
        assert_int_equal(gw_review_hand(&dealt, moves, g.nmoves, &opt, &end, &err), GW_OK);
        for (int i = 0; i < r.nmoves; i++) {
            assert_int_equal(end.card[i].judged, r.card[i].judged && r.card[i].phase == GW_ENDGAME);
            if (end.card[i].judged) assert_true(end.card[i].loss == r.card[i].loss);
        }
        /* Bad options and moves are refused. */
        opt.iterations = 0;
        assert_int_equal(gw_review_hand(&dealt, moves, g.nmoves, &opt, &end, &err), GW_EINVAL);
        opt.iterations = 5;
        moves[1] = moves[0];
        assert_int_equal(gw_review_hand(&dealt, moves, g.nmoves, &opt, &end, &err), GW_EINVAL);
    }
}

/* The review card by card: each step judges the next wanted card, its verdict final at once and equal to the
 * whole review's; the sums so far add up; the end is the whole review, byte for byte. */
static void card_by_card(void **state) {
    (void)state;
    for (int k = 0; k < 2; k++) {
        gw_variant v = k ? GW_SMALL : GW_CLASSIC;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, 31 + (uint64_t)k, deck);
        gw_game dealt, g;
        assert_int_equal(gw_game_deal(&dealt, v, deck, 1 - k, NULL), GW_OK);
        g = dealt;
        gw_rng rng;
        gw_rng_seed(&rng, 9);
        while (gw_game_phase(&g) != GW_OVER) {
            gw_observation o;
            gw_observe(&g, g.turn, &o);
            assert_int_equal(gw_game_play(&g, gw_ai_random(&o, &rng), NULL), GW_OK);
        }
        gw_review_options opt = gw_review_defaults(k ? GW_EVERY : GW_LAST13);
        opt.iterations = 10;
        opt.seats = k ? 3u : 2u;
        static gw_hand_review whole;
        gw_error err;
        assert_int_equal(gw_review_hand(&dealt, g.moves, g.nmoves, &opt, &whole, &err), GW_OK);
        gw_reviewer *r = NULL;
        assert_int_equal(gw_reviewer_new(&dealt, g.moves, g.nmoves, &opt, &r, &err), GW_OK);
        const gw_hand_review *so_far = gw_reviewer_review(r);
        assert_int_equal(so_far->nmoves, g.nmoves);
        for (int i = 0; i < g.nmoves; i++) { /* every card's place is known before any is judged */
            assert_int_equal(so_far->card[i].card, g.moves[i]);
            assert_int_equal(so_far->card[i].trick, whole.card[i].trick);
            assert_int_equal(so_far->card[i].seat, whole.card[i].seat);
            assert_false(so_far->card[i].judged);
        }
        int steps = 0, last = -1, move = 0;
        while (!gw_reviewer_done(r)) {
            assert_int_equal(gw_reviewer_step(r, &move, &err), GW_OK);
            if (move < 0) break;
            steps++;
            assert_true(move > last);
            assert_true(gw_reviewer_next(r) == move + 1);
            assert_true((opt.seats >> so_far->card[move].seat) & 1u);
            assert_memory_equal(&so_far->card[move], &whole.card[move], sizeof whole.card[move]);
            double sum = 0;
            for (int i = 0; i <= move; i++)
                if (so_far->card[i].judged && so_far->card[i].seat == so_far->card[move].seat)
                    sum += so_far->card[i].loss;
            assert_true(fabs(so_far->loss[so_far->card[move].seat] - sum) < 1e-9);
            last = move;
        }
        assert_true(gw_reviewer_done(r));
        assert_int_equal(gw_reviewer_step(r, &move, &err), GW_OK);
        assert_int_equal(move, -1);
        int wanted = 0;
        for (int i = 0; i < g.nmoves; i++)
            wanted += (int)((opt.seats >> whole.card[i].seat) & 1u);
        assert_int_equal(steps, wanted);
        assert_memory_equal(so_far, &whole, sizeof whole);
        gw_reviewer_free(r);
        /* A move that is not legal is refused before anything is judged. */
        gw_card bad[GW_MAX_DECK];
        memcpy(bad, g.moves, sizeof bad);
        bad[3] = bad[0];
        assert_int_equal(gw_reviewer_new(&dealt, bad, g.nmoves, &opt, &r, &err), GW_EINVAL);
        assert_null(r);
        assert_non_null(strstr(err.msg, "move 4"));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_wasted_trump_ace_costs_points),
        cmocka_unit_test(the_experts_choice_costs_nothing),
        cmocka_unit_test(blind_to_hidden_cards),
        cmocka_unit_test(endgame_losses_in_points_of_the_rule),
        cmocka_unit_test(a_hands_summary),
        cmocka_unit_test(card_by_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
