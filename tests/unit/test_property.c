/* test_property.c: 10,000 random hands per deck: card conservation, legality, hand sizes, record round trips.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gw/record.h"
#include "gw_test.h"

enum { HANDS = 10000 };

/* The cards of the stock not yet drawn: deck[stock_pos..]. */
static gw_cards stock_cards(const gw_game *g) {
    gw_cards s = 0;
    for (int i = g->stock_pos; i < gw_deck_size((gw_variant)g->variant); i++)
        s |= gw_bit(g->deck[i]);
    return s;
}

/* Every card of the deck is in exactly one place: a hand, played, or the stock. */
static void check_conservation(const gw_game *g) {
    gw_cards places[4] = {g->hand[0], g->hand[1], g->played, stock_cards(g)};
    gw_cards all = 0;
    int total = 0;
    for (int i = 0; i < 4; i++) {
        assert_true((all & places[i]) == 0);
        all |= places[i];
        total += gw_count(places[i]);
    }
    assert_true(all == gw_deck_cards((gw_variant)g->variant));
    assert_int_equal(total, gw_deck_size((gw_variant)g->variant));
    assert_int_equal(gw_count(g->played), g->nmoves);
}

/* gw_game_legal is what the rules allow: anything when leading, else the
 * suit led if held, else anything. */
static void check_legal(const gw_game *g, gw_cards legal) {
    gw_cards held = g->hand[g->turn];
    if (g->led == GW_NO_CARD) {
        assert_true(legal == held);
        return;
    }
    gw_cards suit = held & gw_suit_cards(gw_card_suit(g->led));
    assert_true(legal == (suit ? suit : held));
}

/* Writes h's hand as record text, reads it back and compares. */
static void round_trip(const gw_game *g, gw_match_rules rules, int hand_no) {
    gw_record_hand rh;
    gw_record_hand_from_game(&rh, g, rules, hand_no);
    gw_text text = {0};
    gw_record_write_hand(&rh, &text);
    assert_false(text.failed);
    gw_record rec;
    gw_error err;
    assert_int_equal(gw_record_read(text.data, text.len, &rec, &err), GW_OK);
    assert_int_equal(rec.count, 1);
    const gw_record_hand *back = &rec.hands[0];
    if (back->error.status != GW_OK) fail_msg("%s\n%s", back->error.msg, gw_text_str(&text));
    int n = gw_deck_size(rules.variant);
    assert_int_equal(back->rules.variant, rules.variant);
    assert_int_equal(back->rules.scoring, rules.scoring);
    assert_int_equal(back->rules.target, rules.target);
    assert_int_equal(back->hand_tag, hand_no);
    assert_int_equal(back->dealer, g->dealer);
    assert_memory_equal(back->deck, g->deck, (size_t)n);
    assert_int_equal(back->nmoves, g->nmoves);
    assert_memory_equal(back->moves, g->moves, g->nmoves);
    bool finished = gw_game_phase(g) == GW_OVER;
    assert_int_equal(back->finished, finished);
    assert_int_equal(back->has_result, finished);
    /* The replayed position is the game's. */
    const gw_game *r = &back->game;
    assert_true(r->hand[0] == g->hand[0] && r->hand[1] == g->hand[1]);
    assert_true(r->played == g->played);
    assert_true(r->upcards[0] == g->upcards[0] && r->upcards[1] == g->upcards[1]);
    assert_int_equal(r->turn, g->turn);
    assert_int_equal(r->led, g->led);
    assert_int_equal(r->stock_pos, g->stock_pos);
    assert_int_equal(r->tricks_done, g->tricks_done);
    assert_memory_equal(r->won, g->won, sizeof g->won);
    if (finished) {
        assert_int_equal(back->result[0], gw_game_endgame_tricks(g, 0));
        assert_int_equal(back->result[1], gw_game_endgame_tricks(g, 1));
        assert_int_equal(back->outcome.winner, rh.outcome.winner);
        assert_int_equal(back->outcome.points[0], rh.outcome.points[0]);
        assert_int_equal(back->outcome.points[1], rh.outcome.points[1]);
    }
    gw_record_free(&rec);
    gw_text_free(&text);
    gw_record_hand_clear(&rh);
}

static void random_hands(gw_variant v, uint64_t base) {
    int h = gw_hand_size(v), n = gw_deck_size(v);
    gw_rng rng;
    gw_rng_seed(&rng, base);
    for (int i = 0; i < HANDS; i++) {
        gw_card d[GW_MAX_DECK];
        gw_deck_from_seed(v, base + (uint64_t)i, d);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, v, d, (int)gw_rng_below(&rng, 2), &err), GW_OK);
        check_conservation(&g);
        int stop = (int)gw_rng_below(&rng, (uint32_t)n); /* where the half-finished copy stops */
        gw_game partial = g;
        for (int t = 1; t <= 2 * h; t++) {
            for (int k = 0; k < 2; k++) {
                if (g.nmoves == stop) partial = g;
                gw_cards legal = gw_game_legal(&g);
                check_legal(&g, legal);
                /* A card outside the legal set is refused and changes nothing. */
                gw_cards other = gw_deck_cards(v) & ~legal;
                gw_card bad = tpick(&rng, other);
                assert_int_not_equal(gw_game_check(&g, bad), GW_PLAY_OK);
                gw_game before = g;
                assert_int_equal(gw_game_play(&g, bad, NULL), GW_EILLEGAL);
                assert_memory_equal(&before, &g, sizeof g);
                gw_card c = tpick(&rng, legal);
                assert_int_equal(gw_game_check(&g, c), GW_PLAY_OK);
                assert_true(gw_has(legal, c));
                assert_int_equal(gw_game_play(&g, c, NULL), GW_OK);
                check_conservation(&g);
            }
            /* Hands: back to full in the foreplay, one fewer per endgame trick. */
            int want = t <= h ? h : 2 * h - t;
            assert_int_equal(gw_count(g.hand[0]), want);
            assert_int_equal(gw_count(g.hand[1]), want);
            assert_int_equal(gw_game_phase(&g), t < h ? GW_FOREPLAY : t < 2 * h ? GW_ENDGAME : GW_OVER);
        }
        assert_int_equal(g.won[0][0] + g.won[0][1], h);
        assert_int_equal(gw_game_endgame_tricks(&g, 0) + gw_game_endgame_tricks(&g, 1), h);
        gw_match_rules rules = {v, (gw_scoring)(i % GW_SCORINGS), 1 + (int)gw_rng_below(&rng, 1000)};
        round_trip(&g, rules, i % 5);
        round_trip(&partial, rules, 0);
    }
}

static void classic_hands(void **state) {
    (void)state;
    random_hands(GW_CLASSIC, 1000000);
}

static void small_hands(void **state) {
    (void)state;
    random_hands(GW_SMALL, 2000000);
}

/* Every stopping point of a few hands round-trips, mid-trick ones included. */
static void every_prefix_round_trips(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        gw_card d[GW_MAX_DECK];
        gw_deck_from_seed((gw_variant)v, 77, d);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, (gw_variant)v, d, v, &err), GW_OK);
        gw_rng rng;
        gw_rng_seed(&rng, 3);
        gw_match_rules rules = {(gw_variant)v, GW_LAST13, 10};
        round_trip(&g, rules, 1);
        while (gw_game_phase(&g) != GW_OVER) {
            assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), NULL), GW_OK);
            round_trip(&g, rules, 1);
        }
    }
}

/* Plays match m to its end with random cards, writing every hand as record
 * text into out; the number of hands. */
static int write_match(gw_match *m, gw_rng *rng, gw_text *out) {
    int hands = 0;
    while (gw_match_winner(m) < 0) {
        gw_game g;
        uint64_t seed;
        gw_match_deal(m, &g, &seed);
        while (gw_game_phase(&g) != GW_OVER)
            assert_int_equal(gw_game_play(&g, tpick(rng, gw_game_legal(&g)), NULL), GW_OK);
        gw_match_finish_hand(m, &g);
        gw_record_hand rh;
        gw_record_hand_from_match(&rh, &g, m, ++hands, seed);
        if (hands > 1) gw_text_putc(out, '\n');
        gw_record_write_hand(&rh, out);
        gw_record_hand_clear(&rh);
        assert_true(hands < 200);
    }
    return hands;
}

/* Whole running-total matches round-trip: the Score tags are the running
 * totals of both players' endgame tricks, every hand checks, the summaries
 * name both players' points; a Score as another system would count it is
 * refused. */
static void total_matches_round_trip(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 12);
    for (int k = 0; k < 40; k++) {
        gw_variant v = k & 1 ? GW_SMALL : GW_CLASSIC;
        gw_match m;
        gw_error err;
        int target = k < 20 ? 50 : 1 + k;
        assert_int_equal(gw_match_start(&m, (gw_match_rules){v, GW_TOTAL, target}, 100 + (uint64_t)k, &err),
                         GW_OK);
        gw_text text = {0};
        int hands = write_match(&m, &rng, &text);
        assert_false(text.failed);
        gw_record rec;
        assert_int_equal(gw_record_read(gw_text_str(&text), text.len, &rec, &err), GW_OK);
        assert_int_equal(rec.count, hands);
        int total[2] = {0, 0};
        for (int i = 0; i < rec.count; i++) {
            const gw_record_hand *h = &rec.hands[i];
            assert_int_equal(h->error.status, GW_OK);
            assert_int_equal(h->rules.scoring, GW_TOTAL);
            assert_true(h->finished);
            for (int p = 0; p < 2; p++) {
                assert_int_equal(h->outcome.points[p], h->result[p]);
                total[p] += h->result[p];
                assert_int_equal(h->score[p], total[p]);
            }
            assert_int_equal(h->result[0] + h->result[1], gw_hand_size(v));
            char line[96], want[96];
            gw_record_summary(h, line, (int)sizeof line);
            snprintf(want, sizeof want, "hand %d: tricks %d-%d, player 1 scores %d, player 2 scores %d",
                     i + 1, h->result[0], h->result[1], h->result[0], h->result[1]);
            assert_string_equal(line, want);
            /* the match ends after this hand and not before */
            assert_int_equal(gw_match_score_winner(&h->rules, h->score) >= 0, i == rec.count - 1);
        }
        assert_int_equal(gw_match_score_winner(&m.rules, total), gw_match_winner(&m));
        gw_record_free(&rec);
        gw_text_free(&text);
    }
}

/* A running-total record whose last Score counts only the hand winner's
 * points (as the other systems would) is refused there. */
static void total_score_tag_checked(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 5);
    gw_match m;
    gw_error err;
    assert_int_equal(gw_match_start(&m, (gw_match_rules){GW_CLASSIC, GW_TOTAL, 20}, 9, &err), GW_OK);
    gw_text text = {0};
    int hands = write_match(&m, &rng, &text);
    assert_true(hands >= 2);
    /* The loser of the last hand scored too: drop those points from its Score. */
    const char *all = gw_text_str(&text), *last = strstr(all, "[Score \"");
    for (const char *p = last; p; p = strstr(p + 1, "[Score \""))
        last = p;
    gw_record rec;
    assert_int_equal(gw_record_read(all, text.len, &rec, &err), GW_OK);
    const gw_record_hand *h = &rec.hands[hands - 1];
    int lose = 1 - h->outcome.winner, score[2] = {h->score[0], h->score[1]};
    assert_true(h->outcome.points[lose] > 0 || h->outcome.points[1 - lose] > 0);
    score[lose] -= h->outcome.points[lose];
    if (h->outcome.points[lose] == 0) score[1 - lose] -= 1; /* a 13-0 hand: any other wrong score */
    gw_text edited = {0};
    gw_text_putn(&edited, all, (size_t)(last - all));
    gw_text_printf(&edited, "[Score \"%d-%d\"]", score[0], score[1]);
    gw_text_puts(&edited, strchr(last, '\n'));
    gw_record_free(&rec);
    assert_int_equal(gw_record_read(gw_text_str(&edited), edited.len, &rec, &err), GW_OK);
    for (int i = 0; i < hands - 1; i++)
        assert_int_equal(rec.hands[i].error.status, GW_OK);
    assert_int_equal(rec.hands[hands - 1].error.status, GW_EINVAL);
    assert_non_null(strstr(rec.hands[hands - 1].error.msg, "does not match the match score"));
    gw_record_free(&rec);
    gw_text_free(&edited);
    gw_text_free(&text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic_hands),
        cmocka_unit_test(small_hands),
        cmocka_unit_test(every_prefix_round_trips),
        cmocka_unit_test(total_matches_round_trip),
        cmocka_unit_test(total_score_tag_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
