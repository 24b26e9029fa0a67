/* test_android_property.c: 10,000 random Android Whist hands with random commands, checked against a second
 * model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/android_record.h"
#include "gw_test.h"

enum { HANDS = 10000, MATCH = 50 };

/* ---- a second model of the commands, written from the spec's tables ----- */

/* A card's strength in a trick: trumps above the suit led above the rest. */
static int strength(gw_card c, int trump, int led) {
    int s = gw_card_suit(c);
    return (s == trump ? 200 : s == led ? 100 : 0) + gw_card_rank(c);
}

/* The suit's cards of the hand, lowest first; returns how many. */
static int suit_list(gw_cards hand, int suit, gw_card out[GW_RANKS]) {
    int n = 0;
    for (int r = 0; r < GW_RANKS; r++)
        if (gw_has(hand, gw_card_make(suit, r))) out[n++] = gw_card_make(suit, r);
    return n;
}

static gw_android_outcome model(const gw_android_situation *s, gw_android_command c) {
    bool leading = s->nplayed == 0;
    int led = leading ? -1 : gw_card_suit(s->trick[0]);
    gw_card led_cards[GW_RANKS];
    int nled = leading ? 0 : suit_list(s->hand, led, led_cards);
    if (c == GW_CMD_DUCK || c == GW_CMD_BEAT || c == GW_CMD_HIGH) {
        if (leading) return (gw_android_outcome){GW_ANSWER_NOT_LEADING, GW_NO_CARD};
        if (c == GW_CMD_DUCK)
            return nled ? (gw_android_outcome){GW_ANSWER_CARD, led_cards[0]}
                        : (gw_android_outcome){GW_ANSWER_NO_LED_SUIT, GW_NO_CARD};
        int best = 0;
        for (int i = 0; i < s->nplayed; i++)
            if (strength(s->trick[i], s->trump, led) > best) best = strength(s->trick[i], s->trump, led);
        /* the cards it may play that beat the best so far */
        gw_card pick = GW_NO_CARD;
        for (int k = 0; k < 64; k++) {
            gw_card x = (gw_card)k;
            if (!gw_card_valid(x) || !gw_has(s->hand, x)) continue;
            if (nled && gw_card_suit(x) != led) continue;
            int v = strength(x, s->trump, led);
            if (v <= best) continue;
            if (pick == GW_NO_CARD ||
                (c == GW_CMD_BEAT ? v < strength(pick, s->trump, led) : v > strength(pick, s->trump, led)))
                pick = x;
        }
        if (pick != GW_NO_CARD) return (gw_android_outcome){GW_ANSWER_CARD, pick};
        return nled ? (gw_android_outcome){GW_ANSWER_CARD, led_cards[0]}
                    : (gw_android_outcome){GW_ANSWER_CANNOT_BEAT, GW_NO_CARD};
    }
    if (!leading && !s->after_error) return (gw_android_outcome){GW_ANSWER_NOT_NOW, GW_NO_CARD};
    bool high = c >= GW_CMD_HIGH_SPADES;
    int base = high ? (int)c - 6 : (int)c;
    int suit = -1, len[GW_SUITS];
    gw_card cards[GW_SUITS][GW_RANKS];
    for (int k = 0; k < GW_SUITS; k++)
        len[k] = suit_list(s->hand, k, cards[k]);
    if (base <= GW_CMD_CLUBS) {
        suit = base - GW_CMD_SPADES;
        if (!len[suit]) return (gw_android_outcome){GW_ANSWER_VOID_SUIT, GW_NO_CARD};
    } else {
        bool longest = base == GW_CMD_LONGEST;
        int extreme = longest ? 0 : 99, count = 0;
        for (int k = 0; k < GW_SUITS; k++)
            if (len[k] && (longest || k != s->trump) && (longest ? len[k] > extreme : len[k] < extreme))
                extreme = len[k];
        for (int k = 0; k < GW_SUITS; k++)
            if (len[k] == extreme && (longest || k != s->trump)) {
                count++;
                suit = k;
            }
        if (!longest && extreme == 99) return (gw_android_outcome){GW_ANSWER_NO_PLAIN_SUIT, GW_NO_CARD};
        if (count > 1)
            return (gw_android_outcome){longest ? GW_ANSWER_LONGEST_TIE : GW_ANSWER_SHORTEST_TIE, GW_NO_CARD};
    }
    gw_card card = high ? cards[suit][len[suit] - 1] : cards[suit][0];
    if (!leading && suit != led && nled) return (gw_android_outcome){GW_ANSWER_MUST_FOLLOW, GW_NO_CARD};
    return (gw_android_outcome){GW_ANSWER_CARD, card};
}

/* ---- the property ------------------------------------------------------- */

/* Every card of the deck is held by exactly one seat or played. */
static void check_conservation(const gw_android_game *g) {
    gw_cards all = g->played;
    int total = gw_count(g->played);
    for (int s = 0; s < GW_SEATS; s++) {
        assert_true((all & g->hand[s]) == 0);
        all |= g->hand[s];
        total += gw_count(g->hand[s]);
    }
    assert_true(all == GW_ALL_CARDS);
    assert_int_equal(total, GW_ANDROID_DECK);
}

/* One android play: random commands until one gives a card, each checked
 * against the model. */
static void android_turn(gw_android_game *g, gw_rng *rng, int *errors_seen) {
    for (;;) {
        /* Any command one time in four, else one of those accepted now: the
         * refusals are exercised without drowning the rest. */
        bool follow_only = g->ntrick > 0 && g->errors == 0, any = gw_rng_below(rng, 4) == 0;
        gw_android_command c =
            (gw_android_command)(any           ? gw_rng_below(rng, GW_CMD_COUNT)
                                 : follow_only ? gw_rng_below(rng, 3)
                                 : g->ntrick == 0
                                     ? GW_CMD_SPADES + gw_rng_below(rng, GW_CMD_COUNT - GW_CMD_SPADES)
                                     : gw_rng_below(rng, GW_CMD_COUNT));
        gw_android_situation s = gw_android_situation_now(g);
        gw_android_outcome want = model(&s, c), got;
        gw_cards legal = gw_android_legal(g);
        int seat = g->turn, events = g->nevents, errors = g->errors;
        gw_error err;
        gw_status st = gw_android_command_play(g, c, &got, NULL, &err);
        assert_int_equal(got.answer, want.answer);
        assert_int_equal(got.card, want.card);
        if (want.answer == GW_ANSWER_CARD) {
            assert_int_equal(st, GW_OK);
            assert_true(gw_has(legal, got.card)); /* every android card is legal */
            assert_int_equal(g->events[events].card, got.card);
            assert_int_equal(g->events[events].seat, seat);
            return;
        }
        if (!gw_android_answer_is_error(want.answer)) {
            assert_int_equal(st, GW_EILLEGAL); /* refused: nothing changes */
            assert_int_equal(g->nevents, events);
        } else if (errors == GW_ANDROID_MAX_ERRORS) {
            assert_int_equal(st, GW_ESTATE);
            assert_int_equal(g->nevents, events);
        } else {
            assert_int_equal(st, GW_OK);
            assert_int_equal(g->nevents, events + 1);
            assert_int_equal(g->errors, errors + 1);
            (*errors_seen)++;
        }
    }
}

/* A human's play: an illegal card is refused, then a random legal one. */
static void human_turn(gw_android_game *g, gw_rng *rng) {
    gw_cards legal = gw_android_legal(g), held = g->hand[g->turn];
    gw_error err;
    if (held & ~legal) {
        gw_card bad = tpick(rng, held & ~legal);
        assert_int_equal(gw_android_check(g, bad), GW_PLAY_MUST_FOLLOW);
        assert_int_equal(gw_android_play(g, bad, NULL, &err), GW_EILLEGAL);
    }
    gw_card c = tpick(rng, legal);
    assert_int_equal(gw_android_check(g, c), GW_PLAY_OK);
    assert_int_equal(gw_android_play(g, c, NULL, &err), GW_OK);
}

/* Reads a match's text back: every hand valid and the same as played. */
static void read_back(const gw_text *text, const gw_android_game *games, const int (*scores)[2], int n) {
    gw_android_record r;
    gw_error err;
    assert_int_equal(gw_android_record_read(text->data, text->len, &r, &err), GW_OK);
    assert_int_equal(r.count, n);
    for (int i = 0; i < n; i++) {
        const gw_android_record_hand *h = &r.hands[i];
        if (h->error.status != GW_OK)
            fail_msg("hand %d: %d:%d: %s", i + 1, h->error.line, h->error.col, h->error.msg);
        assert_true(h->finished);
        assert_int_equal(h->number, i + 1);
        assert_int_equal(h->game.nevents, games[i].nevents);
        assert_memory_equal(h->game.events, games[i].events,
                            (size_t)games[i].nevents * sizeof games[i].events[0]);
        assert_memory_equal(h->game.won, games[i].won, sizeof games[i].won);
        assert_int_equal(h->score[0], scores[i][0]);
        assert_int_equal(h->score[1], scores[i][1]);
    }
    /* and it writes back to the very same text */
    gw_text again = {0};
    for (int i = 0; i < n; i++) {
        if (i) gw_text_putc(&again, '\n');
        gw_android_record_write_hand(&r.hands[i], &again);
    }
    assert_int_equal(again.len, text->len);
    assert_memory_equal(again.data, text->data, text->len);
    gw_text_free(&again);
    gw_android_record_free(&r);
}

static void random_hands(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 20240601);
    gw_android_rubber rubber;
    gw_android_rubber_start(&rubber, 0);
    static gw_android_game games[MATCH];
    int scores[MATCH][2], errors_seen = 0, rubbers = 0;
    gw_text text = {0};
    for (int hand = 0; hand < HANDS; hand++) {
        int k = hand % MATCH;
        if (k == 0) {
            gw_text_free(&text);
            gw_android_rubber_start(&rubber, (int)gw_rng_below(&rng, 2));
        }
        gw_card deck[GW_ANDROID_DECK];
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        gw_android_game *g = &games[k];
        gw_error err;
        assert_int_equal(gw_android_deal(g, deck, rubber.next_dealer, &err), GW_OK);
        while (!gw_android_over(g)) {
            check_conservation(g);
            if (gw_seat_is_android(g->turn))
                android_turn(g, &rng, &errors_seen);
            else
                human_turn(g, &rng);
        }
        check_conservation(g);
        assert_int_equal(g->won[0] + g->won[1], GW_ANDROID_TRICKS);
        assert_int_equal(gw_android_player_tricks(g, 0) + gw_android_player_tricks(g, 1), GW_ANDROID_TRICKS);
        gw_android_record_hand h;
        gw_android_record_hand_from_game(&h, g, k + 1);
        assert_true(h.outcome.winner >= 0); /* 13 tricks: never a tie */
        gw_android_progress p;
        if (rubber.winner >= 0) {
            rubbers++;
            gw_android_rubber_next(&rubber);
        }
        assert_int_equal(gw_android_rubber_add(&rubber, h.outcome, &p, &err), GW_OK);
        h.has_score = true;
        h.score[0] = scores[k][0] = p.points[0];
        h.score[1] = scores[k][1] = p.points[1];
        if (k) gw_text_putc(&text, '\n');
        gw_android_record_write_hand(&h, &text);
        if (k == MATCH - 1) read_back(&text, games, (const int(*)[2])scores, MATCH);
    }
    gw_text_free(&text);
    assert_true(errors_seen > HANDS); /* the androids' errors were exercised */
    assert_true(rubbers > HANDS / 100);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_hands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
