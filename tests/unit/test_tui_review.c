/* test_tui_review.c: the full-screen review's analysis (review.h of the TUI): the verdict on the human's card
 * of every trick, foreplay (the expert) and endgame (the solver, with its points), the sentences under the
 * tricks and the summary with the costliest tricks, and the same review made card by card. */
#include <stdbool.h>

#include "gw/ai.h"
#include "gw/observation.h"
#include "gw_test.h"
#include "layout.h"
#include "review.h"

/* Plays g to its end: easy for the computer (player 1), the human's cards by `human` (easy, or random). */
static void play_out(gw_game *g, bool random_human) {
    gw_rng rng;
    gw_rng_seed(&rng, 3);
    while (gw_game_phase(g) != GW_OVER) {
        gw_observation o;
        gw_observe(g, g->turn, &o);
        gw_card c = g->turn == 0 && random_human ? gw_ai_random(&o, &rng) : gw_ai_easy(&o, NULL);
        assert_int_equal(gw_game_play(g, c, NULL), GW_OK);
    }
}

static void every_card_of_the_human_reviewed(void **state) {
    (void)state;
    for (int k = 0; k < 2; k++) {
        gw_variant v = k ? GW_SMALL : GW_CLASSIC;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, 8 + (uint64_t)k, deck);
        gw_game dealt, g;
        assert_int_equal(gw_game_deal(&dealt, v, deck, k, NULL), GW_OK);
        g = dealt;
        play_out(&g, true);
        gw_solver *s = NULL;
        assert_int_equal(gw_solver_new(0, &s), GW_OK);
        static tui_review_trick out[GW_MAX_DECK / 2];
        static gw_hand_review rev;
        gw_error err;
        int n = tui_review_compute(s, &dealt, &g, out, &err), hs = gw_hand_size(v);
        assert_int_equal(n, 2 * hs);
        for (int i = 0; i < n; i++)
            memset(&out[i].review, 0, sizeof out[i].review);
        assert_int_equal(tui_review_analyse(&dealt, &g, GW_LAST13, 20, out, n, &rev, &err), GW_OK);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            const tui_review_trick *t = &out[i];
            gw_card mine = t->ev.leader == 0 ? t->ev.cards[0] : t->ev.cards[1];
            assert_true(t->review.judged);
            assert_int_equal(t->review.seat, 0);
            assert_int_equal(t->review.card, mine);
            assert_int_equal(t->review.trick, i + 1);
            assert_int_equal(t->review.phase, i < hs ? GW_FOREPLAY : GW_ENDGAME);
            sum += t->review.loss;
            char text[200], label[8], best[8];
            tui_review_verdict_text(t, true, text, sizeof text);
            tui_card_label(mine, true, label);
            tui_card_label(t->review.best, true, best);
            assert_non_null(strstr(text, label));
            if (i < hs) {
                assert_true(strncmp(text, "Expert: ", 8) == 0);
                if (t->review.loss > 0 && !t->review.forced) {
                    assert_non_null(strstr(text, " cost "));
                    assert_non_null(strstr(text, " +- "));
                    assert_non_null(strstr(text, best));
                }
            } else {
                /* The endgame: the solver's tricks, the same cards as the review's, and the points. */
                assert_true(strncmp(text, "Solver: ", 8) == 0);
                assert_int_equal(t->review.lost_tricks, t->verdict.best - t->verdict.kept);
                if (t->review.lost_tricks > 0) assert_non_null(strstr(text, " point"));
            }
        }
        assert_true(rev.loss[0] > 0); /* random cards cost something */
        assert_true(sum > rev.loss[0] - 1e-9 && sum < rev.loss[0] + 1e-9);
        char summary[160], want[32];
        tui_review_summary(&rev, summary, sizeof summary);
        snprintf(want, sizeof want, "Lost %.2f points; worst: trick", rev.loss[0]);
        assert_true(strncmp(summary, want, strlen(want)) == 0);
        for (int j = 0; j < rev.nworst[0]; j++) {
            char trick[8];
            snprintf(trick, sizeof trick, "%d", rev.card[rev.worst[0][j]].trick);
            assert_non_null(strstr(summary, trick));
        }
        gw_solver_free(s);
    }
}

/* The human (player 0) follows the computer's 2S with the trump ace (3S also wins the trick): the review
 * names the cost and the 3S. */
static void a_wasted_ace_is_named(void **state) {
    (void)state;
    gw_card deck[GW_MAX_DECK];
    tdeck_from_hands("2S 4S KH QH JH TH 9H KD QD JD KC QC JC", "AS 3S AH 8H 7H AD TD 9D 8D AC TC 9C 8C",
                     "5S KS QS JS TS 9S 8S 7S 6S 6H 5H 4H 3H 2H 7D 6D 5D 4D 3D 2D 7C 6C 5C 4C 3C 2C", deck);
    gw_game dealt, g;
    assert_int_equal(gw_game_deal(&dealt, GW_CLASSIC, deck, 0, NULL), GW_OK); /* player 1 leads */
    g = dealt;
    tplay(&g, "2S", NULL);
    tplay(&g, "AS", NULL);
    play_out(&g, false);
    gw_solver *s = NULL;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    static tui_review_trick out[GW_MAX_DECK / 2];
    static gw_hand_review rev;
    gw_error err;
    int n = tui_review_compute(s, &dealt, &g, out, &err);
    assert_int_equal(n, 26);
    assert_int_equal(tui_review_analyse(&dealt, &g, GW_LAST13, GW_REVIEW_ITERATIONS, out, n, &rev, &err),
                     GW_OK);
    char text[200];
    tui_review_verdict_text(&out[0], true, text, sizeof text);
    assert_true(out[0].review.loss > 0.4);
    assert_non_null(strstr(text, "Expert: AS cost "));
    assert_non_null(strstr(text, "3S was best from what you knew."));
    tui_review_verdict_text(&out[0], false, text, sizeof text);
    assert_non_null(strstr(text, " ± "));
    gw_solver_free(s);
}

/* The review made card by card (tui_review_start, tui_review_step): every card of the human pending at the
 * start (the foreplay's saying so under its trick), then judged in order, one a step, each verdict the same
 * as the whole review's, and at the end the same summary. */
static void verdicts_come_card_by_card(void **state) {
    (void)state;
    for (int k = 0; k < 2; k++) {
        gw_variant v = k ? GW_CLASSIC : GW_SMALL;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, 21 + (uint64_t)k, deck);
        gw_game dealt, g;
        assert_int_equal(gw_game_deal(&dealt, v, deck, 1 - k, NULL), GW_OK);
        g = dealt;
        play_out(&g, true);
        gw_solver *s = NULL;
        assert_int_equal(gw_solver_new(0, &s), GW_OK);
        static tui_review_trick whole[GW_MAX_DECK / 2], steps[GW_MAX_DECK / 2];
        static gw_hand_review rev;
        gw_error err;
        int n = tui_review_compute(s, &dealt, &g, whole, &err), hs = gw_hand_size(v);
        assert_int_equal(tui_review_compute(s, &dealt, &g, steps, &err), n);
        for (int i = 0; i < n; i++) {
            memset(&whole[i].review, 0, sizeof whole[i].review);
            memset(&steps[i].review, 0, sizeof steps[i].review);
            whole[i].pending = steps[i].pending = false;
        }
        assert_int_equal(tui_review_analyse(&dealt, &g, GW_LAST13, 20, whole, n, &rev, &err), GW_OK);
        tui_review_progress p;
        assert_int_equal(tui_review_start(&dealt, &g, GW_LAST13, 20, steps, n, &p, &err), GW_OK);
        assert_int_equal(p.total, n); /* a card of the human in every trick */
        assert_int_equal(p.judged, 0);
        assert_false(p.done);
        char text[200];
        for (int i = 0; i < n; i++) {
            assert_true(steps[i].pending);
            tui_review_verdict_text(&steps[i], true, text, sizeof text);
            if (i < hs) assert_non_null(strstr(text, "Expert: judging your card"));
        }
        int rounds = 0;
        for (bool more = true; more; rounds++) {
            more = tui_review_step(&p, steps, n);
            assert_false(p.failed);
            /* the first `judged` tricks are judged, as the whole review judged them; the rest pending */
            for (int i = 0; i < n; i++) {
                assert_int_equal(steps[i].pending, i >= p.judged);
                if (steps[i].pending) continue;
                assert_int_equal(steps[i].review.judged, whole[i].review.judged);
                assert_int_equal(steps[i].review.best, whole[i].review.best);
                assert_true(steps[i].review.loss == whole[i].review.loss);
            }
        }
        assert_true(rounds == n || rounds == n + 1); /* the last step may only pass the last computer card */
        assert_true(p.done);
        assert_int_equal(p.judged, n);
        const gw_hand_review *so_far = tui_review_so_far(&p);
        assert_true(so_far->loss[0] == rev.loss[0]);
        assert_int_equal(so_far->nworst[0], rev.nworst[0]);
        char a[160], b[160];
        tui_review_summary(so_far, a, sizeof a);
        tui_review_summary(&rev, b, sizeof b);
        assert_string_equal(a, b);
        assert_false(tui_review_step(&p, steps, n)); /* done: nothing more */
        tui_review_stop(&p);
        gw_solver_free(s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_card_of_the_human_reviewed),
        cmocka_unit_test(a_wasted_ace_is_named),
        cmocka_unit_test(verdicts_come_card_by_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
