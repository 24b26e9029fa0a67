/* test_session_seat.c: gw_session_seat: a computer takes a player's place mid-hand in both games and plays
 * legally to the end, the seat goes back to outside, the records keep the player's name, bad calls are
 * refused, and the new computer decides from its seat's observation only (two deals that differ only in
 * cards hidden from it give the same decisions). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/deck.h"
#include "gw/rng.h"
#include "gw/session.h"
#include "gw_test.h"
#include "session_android_test.h"

static gw_action card_action(gw_card c) { return (gw_action){GW_ACTION_CARD, c, GW_CMD_NONE}; }

/* Two outside players (German Whist), named, iterations only. */
static gw_session *german_people(uint64_t seed, int target) {
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    c.seed = seed;
    c.rules.target = target;
    c.seats[1] = (gw_seat_config){GW_SEAT_OUTSIDE, 0, "bob"};
    gw_format(c.seats[0].name, GW_SEAT_NAME_MAX, "%s", "alice");
    c.limits = (gw_expert_limits){0, 8, NULL};
    gw_session *s = NULL;
    gw_error err;
    if (gw_session_new(&c, &s, &err) != GW_OK) fail_msg("gw_session_new: %s", err.msg);
    return s;
}

static void seat(gw_session *s, int p, gw_seat_kind kind, int level) {
    gw_seat_config sc = {kind, level, ""};
    gw_error err;
    if (gw_session_seat(s, p, &sc, &err) != GW_OK) fail_msg("gw_session_seat: %s", err.msg);
}

/* One step of a German match: the computer plays (it must be legal: think_end checks it), an outside player
 * plays a random legal card, or the next hand is dealt. False once over. */
static bool german_step(gw_session *s, gw_rng *rng) {
    gw_error err;
    if (gw_session_state_of(s) == GW_SESSION_OVER) return false;
    if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
        assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        return true;
    }
    gw_turn t = gw_session_turn(s);
    if (t.computer) {
        if (gw_session_play_computer(s, &err) != GW_OK) fail_msg("play_computer: %s", err.msg);
        return true;
    }
    gw_action a = card_action(tpick(rng, gw_game_legal(gw_session_game(s))));
    if (gw_session_act(s, t.player, &a, NULL, &err) != GW_OK) fail_msg("act: %s", err.msg);
    return true;
}

static bool record_has(const gw_session *s, const char *needle) {
    gw_text t = {0};
    gw_session_record(s, true, &t);
    bool found = strstr(gw_text_str(&t), needle) != NULL;
    gw_text_free(&t);
    return found;
}

/* German Whist: the computer takes bob's place mid-hand, plays the match out, and gives the place back. */
static void german_takeover_mid_hand(void **state) {
    (void)state;
    for (int level = GW_AI_RANDOM; level <= GW_AI_EXPERT; level++) {
        gw_session *s = german_people(100 + (uint64_t)level, 1);
        gw_rng rng;
        gw_rng_seed(&rng, 7);
        for (int i = 0; i < 11; i++)
            assert_true(german_step(s, &rng));
        seat(s, 1, GW_SEAT_COMPUTER, level);
        assert_int_equal(gw_session_config_of(s)->seats[1].kind, GW_SEAT_COMPUTER);
        gw_action a = card_action(gw_first(gw_game_legal(gw_session_game(s))));
        if (gw_session_turn(s).player == 1)
            assert_int_equal(gw_session_check(s, 1, &a, NULL), GW_REFUSE_COMPUTER);
        int hand = gw_session_match(s)->hands_played;
        while (german_step(s, &rng) && gw_session_match(s)->hands_played == hand) {
        }
        assert_true(record_has(s, "[Player2 \"bob\"]"));
        assert_true(record_has(s, "[Player1 \"alice\"]"));
        /* Back to outside mid-hand: the session waits for bob again. */
        if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
            gw_error err;
            assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        }
        while (gw_session_state_of(s) == GW_SESSION_PLAYING && gw_session_turn(s).player != 1)
            german_step(s, &rng);
        if (gw_session_state_of(s) == GW_SESSION_PLAYING) {
            seat(s, 1, GW_SEAT_OUTSIDE, 0);
            gw_turn t = gw_session_turn(s);
            assert_int_equal(t.player, 1);
            assert_false(t.computer);
            gw_error err;
            assert_int_equal(gw_session_play_computer(s, &err), GW_ESTATE);
            a = card_action(gw_first(gw_game_legal(gw_session_game(s))));
            assert_int_equal(gw_session_act(s, 1, &a, NULL, &err), GW_OK);
        }
        /* And the computer again, to the end of the match. */
        seat(s, 1, GW_SEAT_COMPUTER, level);
        while (german_step(s, &rng)) {
        }
        assert_true(record_has(s, "[Player2 \"bob\"]"));
        gw_session_free(s);
    }
}

/* Refusals: no such player, kind or level; a decision out. */
static void bad_seat_calls_are_refused(void **state) {
    (void)state;
    gw_session *s = german_people(5, 10);
    gw_error err;
    gw_seat_config sc = {GW_SEAT_COMPUTER, GW_AI_LEVELS, ""};
    assert_int_equal(gw_session_seat(s, 1, &sc, &err), GW_EINVAL);
    sc.level = -1;
    assert_int_equal(gw_session_seat(s, 1, &sc, &err), GW_EINVAL);
    sc.level = GW_AI_HARD;
    assert_int_equal(gw_session_seat(s, 2, &sc, &err), GW_EINVAL);
    assert_int_equal(gw_session_seat(s, -1, &sc, &err), GW_EINVAL);
    sc.kind = (gw_seat_kind)7;
    assert_int_equal(gw_session_seat(s, 1, &sc, &err), GW_EINVAL);
    assert_int_equal(gw_session_config_of(s)->seats[1].kind, GW_SEAT_OUTSIDE);
    /* busy: the player to act made a computer, its decision lent out */
    int p = gw_session_turn(s).player;
    seat(s, p, GW_SEAT_COMPUTER, GW_AI_EASY);
    gw_thought *th;
    assert_int_equal(gw_session_think_begin(s, &th, &err), GW_OK);
    sc = (gw_seat_config){GW_SEAT_OUTSIDE, 0, ""};
    assert_int_equal(gw_session_seat(s, p, &sc, &err), GW_ESTATE);
    gw_session_think_cancel(s, th);
    assert_int_equal(gw_session_seat(s, p, &sc, &err), GW_OK);
    gw_session_free(s);

    gw_session *a = sa_new(3, SA_OUTSIDE, SA_OUTSIDE, false);
    sc = (gw_seat_config){GW_SEAT_COMPUTER, GW_ANDROID_LEVELS, ""};
    assert_int_equal(gw_session_seat(a, 0, &sc, &err), GW_EINVAL);
    gw_session_free(a);
}

/* Android Whist: the computer takes a human's place mid-hand and plays the rubber out legally. */
static void android_takeover_mid_hand(void **state) {
    (void)state;
    for (int level = GW_ANDROID_RANDOM; level < GW_ANDROID_LEVELS; level++) {
        gw_session *s = sa_new(40 + (uint64_t)level, SA_OUTSIDE, SA_OUTSIDE, false);
        gw_rng rng;
        gw_rng_seed(&rng, 11);
        gw_error err;
        for (int i = 0; i < 9; i++) {
            gw_turn t = gw_session_turn(s);
            gw_action a = sa_random_action(gw_session_android_game(s), &rng);
            assert_int_equal(gw_session_act(s, t.player, &a, NULL, &err), GW_OK);
        }
        int who = gw_session_turn(s).player;
        seat(s, who, GW_SEAT_COMPUTER, level);
        assert_true(gw_session_turn(s).computer);
        int steps = 0;
        while (gw_session_state_of(s) != GW_SESSION_OVER && steps++ < 5000) {
            if (gw_session_state_of(s) == GW_SESSION_HAND_OVER && level == GW_ANDROID_HARD)
                break; /* hard samples: one hand is enough (and quick) */
            if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
                assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
                continue;
            }
            gw_turn t = gw_session_turn(s);
            if (t.computer) {
                if (gw_session_play_computer(s, &err) != GW_OK) fail_msg("play_computer: %s", err.msg);
            } else {
                gw_action a = sa_random_action(gw_session_android_game(s), &rng);
                assert_int_equal(gw_session_act(s, t.player, &a, NULL, &err), GW_OK);
            }
        }
        assert_int_not_equal(gw_session_state_of(s), GW_SESSION_PLAYING);
        gw_text rec = {0};
        gw_session_record(s, true, &rec);
        assert_non_null(strstr(gw_text_str(&rec), who == 0 ? "[Player1 \"human\"]" : "[Player2 \"human\"]"));
        gw_text_free(&rec);
        seat(s, who, GW_SEAT_OUTSIDE, 0);
        assert_int_equal(gw_session_config_of(s)->seats[who].kind, GW_SEAT_OUTSIDE);
        gw_session_free(s);
    }
}

/* One German deal from deck, both players outside. */
static gw_session *german_deal(const uint8_t *deck) {
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    c.seats[1].kind = GW_SEAT_OUTSIDE;
    c.deck = deck;
    c.dealer = 0;
    c.seat_seed[0] = 77;
    c.seat_seed[1] = 78;
    c.limits = (gw_expert_limits){0, 8, NULL};
    gw_session *s = NULL;
    gw_error err;
    if (gw_session_new(&c, &s, &err) != GW_OK) fail_msg("gw_session_new: %s", err.msg);
    return s;
}

/* The last card the session's log shows played. */
static gw_card last_played(const gw_session *s) {
    gw_event e[64];
    uint32_t last = gw_session_last_event(s);
    int n = gw_session_events(s, last > 40 ? last - 40 : 1, 0, e, 64);
    for (int i = n - 1; i >= 0; i--)
        if (e[i].kind == GW_EVENT_PLAY || e[i].kind == GW_EVENT_ERROR) return e[i].card;
    return GW_NO_CARD;
}

/* German: two deals that differ only in the two cards at the stock's bottom (hidden from both players until
 * the twelfth trick turns the first of them up). A computer taking player 1's place after some cards, at
 * every level that does not cheat, decides the same in both, card for card, until then. */
static void german_takeover_sees_only_its_observation(void **state) {
    (void)state;
    for (int level = GW_AI_RANDOM; level <= GW_AI_EXPERT; level++)
        for (uint64_t d = 0; d < 2; d++) {
            gw_rng rng;
            gw_rng_seed(&rng, 1000 + d);
            gw_card deck[GW_MAX_DECK];
            gw_deck_shuffled(GW_CLASSIC, &rng, deck);
            uint8_t a_deck[52], b_deck[52];
            for (int i = 0; i < 52; i++)
                a_deck[i] = b_deck[i] = deck[i];
            b_deck[50] = a_deck[51];
            b_deck[51] = a_deck[50];
            gw_session *a = german_deal(a_deck), *b = german_deal(b_deck);
            int takeover_at = 3 + (int)d;
            int moves = 0, decisions = 0;
            while (gw_session_game(a)->tricks_done < 12) {
                if (moves == takeover_at) {
                    seat(a, 1, GW_SEAT_COMPUTER, level);
                    seat(b, 1, GW_SEAT_COMPUTER, level);
                }
                gw_error err;
                gw_turn t = gw_session_turn(a);
                assert_int_equal(gw_session_turn(b).player, t.player);
                if (t.computer) {
                    assert_int_equal(gw_session_play_computer(a, &err), GW_OK);
                    assert_int_equal(gw_session_play_computer(b, &err), GW_OK);
                    assert_int_equal(last_played(a), last_played(b));
                    decisions++;
                } else {
                    gw_action act = card_action(gw_first(gw_game_legal(gw_session_game(a))));
                    assert_int_equal(gw_session_act(a, t.player, &act, NULL, &err), GW_OK);
                    assert_int_equal(gw_session_act(b, t.player, &act, NULL, &err), GW_OK);
                }
                moves++;
            }
            assert_true(decisions >= 5);
            gw_session_free(a);
            gw_session_free(b);
        }
}

/* One Android deal from deck, player 0 dealing, both outside. */
static gw_session *one_deal_session(const uint8_t *deck) {
    gw_session_config c;
    sa_config(&c);
    c.deck = deck;
    c.dealer = 0;
    c.seat_seed[0] = 91;
    c.seat_seed[1] = 92;
    c.seats[1] = (gw_seat_config){GW_SEAT_OUTSIDE, 0, ""};
    c.android_samples = 2;
    gw_session *s = NULL;
    gw_error err;
    if (gw_session_new(&c, &s, &err) != GW_OK) fail_msg("gw_session_new: %s", err.msg);
    return s;
}

/* Android: the dealer's place taken at the deal; two decks that differ only in one card of N and one of X
 * (both hidden from the dealer) give the same first command to X. */
static void android_takeover_sees_only_its_observation(void **state) {
    (void)state;
    for (int level = GW_ANDROID_RANDOM; level < GW_ANDROID_LEVELS; level++)
        for (uint64_t d = 0; d < 4; d++) {
            gw_rng rng;
            gw_rng_seed(&rng, 2000 + d);
            gw_card deck[52];
            gw_deck_shuffled(GW_CLASSIC, &rng, deck);
            uint8_t a_deck[52], b_deck[52];
            for (int i = 0; i < 52; i++)
                a_deck[i] = b_deck[i] = deck[i];
            /* card i goes to seat (i + 1) % 4: index 1 to X, index 2 to N (neither the trump, index 51) */
            b_deck[1] = a_deck[2];
            b_deck[2] = a_deck[1];
            gw_session *sa = one_deal_session(a_deck), *sb = one_deal_session(b_deck);
            seat(sa, 0, GW_SEAT_COMPUTER, level);
            seat(sb, 0, GW_SEAT_COMPUTER, level);
            gw_error err;
            /* L (player 1's android) leads: the same commands in both (L's hand is the same) */
            while (gw_session_turn(sa).seat == GW_SEAT_L) {
                gw_action act = sa_random_action(gw_session_android_game(sa), &rng);
                assert_int_equal(gw_session_act(sa, 1, &act, NULL, &err), GW_OK);
                assert_int_equal(gw_session_act(sb, 1, &act, NULL, &err), GW_OK);
            }
            assert_int_equal(gw_session_turn(sa).seat, GW_SEAT_X);
            assert_true(gw_session_turn(sa).computer);
            uint32_t na = gw_session_last_event(sa), nb = gw_session_last_event(sb);
            assert_int_equal(gw_session_play_computer(sa, &err), GW_OK);
            assert_int_equal(gw_session_play_computer(sb, &err), GW_OK);
            gw_event ea, eb;
            assert_int_equal(gw_session_events(sa, na + 1, 0, &ea, 1), 1);
            assert_int_equal(gw_session_events(sb, nb + 1, 0, &eb, 1), 1);
            assert_int_equal(ea.command, eb.command);
            gw_session_free(sa);
            gw_session_free(sb);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(german_takeover_mid_hand),
        cmocka_unit_test(bad_seat_calls_are_refused),
        cmocka_unit_test(android_takeover_mid_hand),
        cmocka_unit_test(german_takeover_sees_only_its_observation),
        cmocka_unit_test(android_takeover_sees_only_its_observation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
