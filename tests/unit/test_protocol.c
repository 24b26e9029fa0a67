/* test_protocol.c: the JSON encoding: round trips of actions, turns, configurations, views, events and every
 * engine protocol message of both games, and the refusal (with its code) of every kind of bad input. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/android_score.h"
#include "gw/protocol.h"
#include "gw/session.h"
#include "gw_test.h"

/* ---- helpers ---------------------------------------------------------------------- */

/* Fails the test with the decoder's message unless st is GW_OK. */
static void expect_ok(gw_status st, const gw_protocol_error *err, const char *text) {
    if (st != GW_OK) fail_msg("refused (%s: %s): %s", gw_protocol_code_name(err->code), err->err.msg, text);
}

/* A German Whist hand of variant v from seed, `steps` random cards into it. */
static void german_game(gw_variant v, uint64_t seed, int steps, gw_game *g) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(v, seed, deck);
    assert_int_equal(gw_game_deal(g, v, deck, (int)(seed & 1), NULL), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, seed * 7 + 1);
    for (int i = 0; i < steps && gw_game_phase(g) != GW_OVER; i++)
        assert_int_equal(gw_game_play(g, tpick(&rng, gw_game_legal(g)), NULL), GW_OK);
}

/* The view a session would give of g: viewer 0, 1 or GW_SPECTATOR. */
static void german_view(const gw_game *g, gw_variant v, int viewer, gw_view *out) {
    memset(out, 0, sizeof *out);
    out->game = GW_GAME_GERMAN;
    out->viewer = viewer;
    bool over = gw_game_phase(g) == GW_OVER;
    out->state = over ? GW_SESSION_HAND_OVER : GW_SESSION_PLAYING;
    out->turn = over ? (gw_turn){-1, GW_ACTION_CARD, -1, false}
                     : (gw_turn){g->turn, GW_ACTION_CARD, g->turn, g->turn == 1};
    out->hand_number = 3;
    strcpy(out->names[0], "human");
    strcpy(out->names[1], "hard");
    out->kinds[0] = GW_SEAT_OUTSIDE;
    out->kinds[1] = GW_SEAT_COMPUTER;
    out->winner = -1;
    out->rules = (gw_match_rules){v, GW_EVERY, 7};
    out->score[0] = 4;
    out->score[1] = 2;
    gw_observe(g, viewer == GW_SPECTATOR ? 0 : viewer, &out->german);
    for (int p = 0; p < 2; p++)
        out->spectator_known[p] = g->upcards[p] & g->hand[p];
    if (viewer == GW_SPECTATOR) { /* as the session makes it */
        gw_observation *o = &out->german;
        o->seat = -1;
        o->own = o->opp_known = 0;
        o->opp_hand_size = 0;
        o->ndraws = 0;
        memset(o->draws, 0, sizeof o->draws);
        o->unseen = gw_deck_cards(v) & ~o->played & ~out->spectator_known[0] & ~out->spectator_known[1];
        if (o->upcard != GW_NO_CARD) o->unseen &= ~gw_bit(o->upcard);
    }
}

/* An Android Whist hand from seed, `steps` random plays (cards and commands, failed ones included). */
static void android_game(uint64_t seed, int steps, gw_android_game *g) {
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_from_seed(GW_CLASSIC, seed, deck);
    assert_int_equal(gw_android_deal(g, deck, (int)(seed & 1), NULL), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, seed * 11 + 3);
    for (int i = 0; i < steps && !gw_android_over(g);) {
        if (gw_seat_is_android(g->turn)) {
            gw_android_outcome out;
            gw_android_command c = (gw_android_command)gw_rng_below(&rng, GW_CMD_COUNT);
            gw_status st = gw_android_command_play(g, c, &out, NULL, NULL);
            if (st == GW_OK) i++;
        } else {
            assert_int_equal(gw_android_play(g, tpick(&rng, gw_android_legal(g)), NULL, NULL), GW_OK);
            i++;
        }
    }
}

static void android_view(const gw_android_game *g, int viewer, gw_view *out) {
    memset(out, 0, sizeof *out);
    out->game = GW_GAME_ANDROID;
    out->viewer = viewer;
    out->state = gw_android_over(g) ? GW_SESSION_HAND_OVER : GW_SESSION_PLAYING;
    int seat = g->turn;
    bool android = gw_seat_is_android(seat);
    out->turn = gw_android_over(g) ? (gw_turn){-1, GW_ACTION_CARD, -1, false}
                                   : (gw_turn){gw_seat_player(g->dealer, seat),
                                               android ? GW_ACTION_COMMAND : GW_ACTION_CARD, seat, false};
    out->hand_number = 2;
    strcpy(out->names[0], "bot \xc3\xa9"); /* UTF-8 survives */
    strcpy(out->names[1], "easy");
    out->kinds[1] = GW_SEAT_COMPUTER;
    out->winner = -1;
    gw_android_rubber_start(&out->rubber, 1);
    gw_android_hand_score hs = {{8, 5}, 0, 2};
    assert_int_equal(gw_android_rubber_add(&out->rubber, hs, &(gw_android_progress){0}, NULL), GW_OK);
    gw_android_observe(g, viewer == GW_SPECTATOR ? 0 : viewer, &out->android);
    if (viewer == GW_SPECTATOR) {
        out->android.player = out->android.seat = out->android.opposing_android = -1;
        out->android.own = out->android.opposing_hand = 0;
    }
    for (int i = out->android.ntrick; i < GW_SEATS; i++)
        out->android.trick[i] = GW_NO_CARD;
}

static void same_turn(const gw_turn *a, const gw_turn *b) {
    assert_int_equal(a->player, b->player);
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->seat, b->seat);
    assert_int_equal(a->computer, b->computer);
}

static void same_action(const gw_action *a, const gw_action *b) {
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->card, b->card);
    assert_int_equal(a->command, b->command);
}

/* Encodes v, decodes it, encodes again: the same text, and the decoded view holds what v held. */
static void view_round_trip(const gw_view *v) {
    char *s1 = gw_protocol_encode_view(v);
    assert_non_null(s1);
    assert_null(strchr(s1, '\n'));
    gw_view *back = malloc(sizeof *back);
    assert_non_null(back);
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_view(s1, strlen(s1), back, &err), &err, s1);
    char *s2 = gw_protocol_encode_view(back);
    assert_non_null(s2);
    assert_string_equal(s1, s2);
    assert_int_equal(back->game, v->game);
    assert_int_equal(back->viewer, v->viewer);
    assert_int_equal(back->state, v->state);
    same_turn(&back->turn, &v->turn);
    assert_int_equal(back->hand_number, v->hand_number);
    assert_memory_equal(back->names, v->names, sizeof v->names);
    assert_memory_equal(back->kinds, v->kinds, sizeof v->kinds);
    assert_int_equal(back->winner, v->winner);
    assert_int_equal(back->can_undo, v->can_undo);
    if (v->game == GW_GAME_GERMAN) {
        assert_memory_equal(&back->rules, &v->rules, sizeof v->rules);
        assert_memory_equal(back->score, v->score, sizeof v->score);
        assert_memory_equal(&back->german, &v->german, sizeof v->german);
        assert_memory_equal(back->spectator_known, v->spectator_known, sizeof v->spectator_known);
    } else {
        assert_memory_equal(&back->rubber, &v->rubber, sizeof v->rubber);
        assert_memory_equal(&back->android, &v->android, sizeof v->android);
    }
    free(s1);
    free(s2);
    free(back);
}

/* ---- round trips -------------------------------------------------------------------- */

static void actions_round_trip(void **state) {
    (void)state;
    for (int k = 0; k < 52 + GW_CMD_COUNT; k++) {
        gw_action a = k < 52 ? (gw_action){GW_ACTION_CARD, gw_card_make(k / 13, k % 13), GW_CMD_NONE}
                             : (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)(k - 52)};
        char *s = gw_protocol_encode_action(&a);
        assert_non_null(s);
        gw_action back;
        gw_protocol_error err;
        expect_ok(gw_protocol_decode_action(s, strlen(s), &back, &err), &err, s);
        same_action(&back, &a);
        free(s);
    }
    gw_action a = {GW_ACTION_CARD, tc("TH"), GW_CMD_NONE};
    char *s = gw_protocol_encode_action(&a);
    assert_string_equal(s, "{\"type\":\"play\",\"card\":\"TH\"}");
    free(s);
    a = (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, GW_CMD_HIGH_SPADES};
    s = gw_protocol_encode_action(&a);
    assert_string_equal(s, "{\"type\":\"command\",\"command\":\"high-spades\"}");
    free(s);
}

static void turns_round_trip(void **state) {
    (void)state;
    const gw_turn turns[] = {
        {0, GW_ACTION_CARD, 0, false}, {1, GW_ACTION_CARD, 1, true}, {-1, GW_ACTION_CARD, -1, false}};
    for (size_t i = 0; i < 3; i++) {
        char *s = gw_protocol_encode_turn(GW_GAME_GERMAN, &turns[i]);
        gw_turn back;
        gw_protocol_error err;
        expect_ok(gw_protocol_decode_turn(GW_GAME_GERMAN, s, strlen(s), &back, &err), &err, s);
        same_turn(&back, &turns[i]);
        free(s);
    }
    gw_turn t = {1, GW_ACTION_COMMAND, GW_SEAT_X, false};
    char *s = gw_protocol_encode_turn(GW_GAME_ANDROID, &t);
    assert_string_equal(s, "{\"player\":1,\"action\":\"command\",\"seat\":\"X\",\"computer\":false}");
    gw_turn back;
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_turn(GW_GAME_ANDROID, s, strlen(s), &back, &err), &err, s);
    same_turn(&back, &t);
    free(s);
}

static void a_config(gw_session_config *c, gw_game_kind game) {
    memset(c, 0, sizeof *c);
    c->game = game;
    c->rules = (gw_match_rules){GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT};
    strcpy(c->seats[0].name, "human");
    c->seats[1].kind = GW_SEAT_COMPUTER;
    c->seats[1].level = game == GW_GAME_GERMAN ? GW_AI_HARD : GW_ANDROID_HARD;
    c->limits.think_ms = 200;
    c->dealer = -1;
}

static void configs_round_trip(void **state) {
    (void)state;
    const uint64_t seeds[] = {0, 1, 99999999999ull, UINT64_MAX};
    for (int game = 0; game < 2; game++)
        for (int k = 0; k < 4; k++) {
            gw_session_config c;
            a_config(&c, (gw_game_kind)game);
            c.seed = seeds[k];
            if (game == GW_GAME_GERMAN) {
                c.rules = (gw_match_rules){(gw_variant)(k & 1), (gw_scoring)k, 1 + 333 * k};
                c.seats[0].kind = GW_SEAT_COMPUTER;
                c.seats[0].level = k;
                c.seats[1].level = 4 - k;
                c.limits = (gw_expert_limits){k * 100, k * 1000, NULL};
            } else {
                c.seats[0].kind = k & 1 ? GW_SEAT_COMPUTER : GW_SEAT_OUTSIDE;
                c.seats[0].level = k & 1 ? k % 3 : 0;
                c.android_samples = k * 50;
                c.android_think_ms = k;
            }
            c.undo = k & 1;
            char *s = gw_protocol_encode_config(&c, true);
            assert_non_null(s);
            gw_session_config back;
            a_config(&back, GW_GAME_GERMAN);
            gw_protocol_error err;
            expect_ok(gw_protocol_decode_config(s, strlen(s), &back, &err), &err, s);
            if (game == GW_GAME_ANDROID) back.limits = c.limits; /* not Android's: left as they were */
            assert_memory_equal(&back, &c, sizeof c);
            free(s);
        }
    gw_session_config c;
    a_config(&c, GW_GAME_GERMAN);
    c.seed = UINT64_MAX;
    char *s = gw_protocol_encode_config(&c, true);
    assert_non_null(strstr(s, "\"seed\":\"18446744073709551615\""));
    free(s);
    s = gw_protocol_encode_config(&c, false);
    assert_null(strstr(s, "seed"));
    assert_string_equal(
        s, "{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,"
           "\"players\":[{\"kind\":\"outside\",\"name\":\"human\"},{\"kind\":\"computer\","
           "\"level\":\"hard\",\"name\":\"\"}],\"think_ms\":200,\"iterations\":0,\"undo\":false}");
    free(s);
}

static void german_views_round_trip(void **state) {
    (void)state;
    gw_view *v = malloc(sizeof *v);
    assert_non_null(v);
    for (uint64_t seed = 1; seed <= 12; seed++)
        for (int steps = 0; steps <= 52; steps += 3) {
            gw_variant var = seed & 2 ? GW_SMALL : GW_CLASSIC;
            gw_game g;
            german_game(var, seed, steps, &g);
            for (int viewer = -1; viewer <= 1; viewer++) {
                german_view(&g, var, viewer, v);
                view_round_trip(v);
            }
        }
    free(v);
}

static void android_views_round_trip(void **state) {
    (void)state;
    gw_view *v = malloc(sizeof *v);
    assert_non_null(v);
    for (uint64_t seed = 1; seed <= 8; seed++)
        for (int steps = 0; steps <= 52; steps += 5) {
            gw_android_game g;
            android_game(seed, steps, &g);
            for (int viewer = -1; viewer <= 1; viewer++) {
                android_view(&g, viewer, v);
                view_round_trip(v);
            }
        }
    free(v);
}

/* *e as an event with every field empty, as the decoder leaves the fields a kind does not carry. Written in
 * place, padding included (the round trip compares the bytes; a struct returned by value need not keep its
 * padding, and at -O3 it did not). */
static void ev(gw_event *e, uint32_t number, gw_event_kind kind) {
    memset(e, 0, sizeof *e);
    e->number = number;
    e->kind = kind;
    e->hand = 1;
    e->player = e->seat = e->winner = e->game_winner = -1;
    e->card = GW_NO_CARD;
    e->command = GW_CMD_NONE;
    e->answer = GW_ANSWER_CARD;
    e->seen_by = GW_SEEN_P0 | GW_SEEN_P1 | GW_SEEN_SPECTATOR;
}

static void events_round_trip_in(gw_game_kind game, const gw_event *list, int n) {
    for (int i = 0; i < n; i++) {
        char *s = gw_protocol_encode_event(game, &list[i]);
        assert_non_null(s);
        gw_event back;
        gw_protocol_error err;
        expect_ok(gw_protocol_decode_event(game, s, strlen(s), &back, &err), &err, s);
        assert_memory_equal(&back, &list[i], sizeof back);
        free(s);
    }
}

static void german_events_round_trip(void **state) {
    (void)state;
    gw_event e[12];
    int n = 0;
    ev(&e[n], 1, GW_EVENT_DEAL), e[n].player = 1, e[n].card = tc("QH"), n++;
    ev(&e[n], 2, GW_EVENT_HAND), e[n].player = e[n].seat = 0, e[n].count = 13, e[n].seen_by = GW_SEEN_P0;
    e[n].cards = tset("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"), n++;
    ev(&e[n], 3, GW_EVENT_HAND), e[n].player = e[n].seat = 1, e[n].count = 13, e[n].seen_by = GW_SEEN_P1;
    e[n].hidden = true, n++;
    ev(&e[n], 4, GW_EVENT_PLAY), e[n].trick = 1, e[n].player = e[n].seat = 0, e[n].card = tc("AS"), n++;
    ev(&e[n], 5, GW_EVENT_TRICK), e[n].trick = 1, e[n].player = e[n].seat = 0, e[n].card = tc("AS");
    e[n].cards = tset("AS 2S"), n++;
    ev(&e[n], 6, GW_EVENT_DRAW), e[n].trick = 1, e[n].player = 0, e[n].card = tc("QH"), n++;
    ev(&e[n], 7, GW_EVENT_DRAW), e[n].trick = 1, e[n].player = 1, e[n].hidden = true,
                                 e[n].seen_by = GW_SEEN_P1, n++;
    ev(&e[n], 8, GW_EVENT_UPCARD), e[n].card = tc("2D"), n++;
    ev(&e[n], 9, GW_EVENT_UPCARD), n++;
    ev(&e[n], 10, GW_EVENT_SCORE), e[n].tricks[0] = 8, e[n].tricks[1] = 5, e[n].points[0] = 2,
                                   e[n].score[0] = 9;
    e[n].winner = 0, n++;
    ev(&e[n], 11, GW_EVENT_OVER), e[n].winner = 0, e[n].number = UINT32_MAX, n++;
    ev(&e[n], 12, GW_EVENT_UNDO), e[n].player = 0, e[n].count = 2, n++;
    events_round_trip_in(GW_GAME_GERMAN, e, n);
    char *s = gw_protocol_encode_event(GW_GAME_GERMAN, &e[6]);
    assert_string_equal(
        s, "{\"type\":\"event\",\"number\":7,\"kind\":\"draw\",\"hand\":1,\"trick\":1,\"player\":1,"
           "\"seat\":null,\"hidden\":true,\"seen_by\":2,\"card\":null,\"cards\":null,\"count\":0}");
    free(s);
}

static void android_events_round_trip(void **state) {
    (void)state;
    gw_event e[10];
    int n = 0;
    ev(&e[n], 1, GW_EVENT_DEAL), e[n].player = 0, e[n].card = tc("7C"), n++;
    ev(&e[n], 2, GW_EVENT_HAND), e[n].player = 0, e[n].seat = GW_SEAT_L, e[n].count = 13;
    e[n].seen_by = GW_SEEN_P1, e[n].hidden = true, n++;
    ev(&e[n], 3, GW_EVENT_HAND), e[n].player = 1, e[n].seat = GW_SEAT_X, e[n].count = 13;
    e[n].seen_by = GW_SEEN_P0, e[n].cards = tset("AKQJT98765432..."), n++;
    ev(&e[n], 4, GW_EVENT_ERROR), e[n].trick = 1, e[n].player = 0, e[n].seat = GW_SEAT_L,
                                  e[n].command = GW_CMD_HEARTS;
    e[n].answer = GW_ANSWER_VOID_SUIT, n++;
    ev(&e[n], 5, GW_EVENT_PLAY), e[n].trick = 1, e[n].player = 0, e[n].seat = GW_SEAT_L,
                                 e[n].command = GW_CMD_LONGEST;
    e[n].card = tc("2S"), n++;
    ev(&e[n], 6, GW_EVENT_PLAY), e[n].trick = 1, e[n].player = 1, e[n].seat = GW_SEAT_N, e[n].card = tc("3S"),
                                 n++;
    ev(&e[n], 7, GW_EVENT_TRICK), e[n].trick = 13, e[n].player = 1, e[n].seat = GW_SEAT_N,
                                  e[n].card = tc("3S");
    e[n].cards = tset("2S 3S 4H 5H"), n++;
    ev(&e[n], 8, GW_EVENT_SCORE), e[n].tricks[0] = 4, e[n].tricks[1] = 9, e[n].points[1] = 3,
                                  e[n].score[1] = 5;
    e[n].winner = 1, e[n].game_winner = 1, e[n].game_value = 2, n++;
    ev(&e[n], 9, GW_EVENT_OVER), n++;
    ev(&e[n], 10, GW_EVENT_UNDO), e[n].player = 1, e[n].count = 3, n++;
    events_round_trip_in(GW_GAME_ANDROID, e, n);
    char *s = gw_protocol_encode_event(GW_GAME_ANDROID, &e[4]);
    assert_string_equal(
        s, "{\"type\":\"event\",\"number\":5,\"kind\":\"play\",\"hand\":1,\"trick\":1,\"player\":0,"
           "\"seat\":\"L\",\"hidden\":false,\"seen_by\":7,\"card\":\"2S\",\"cards\":[],\"count\":0,"
           "\"command\":\"longest\"}");
    free(s);
}

/* A hidden copy never shows a card, whatever its fields hold. */
static void hidden_events_show_no_card(void **state) {
    (void)state;
    gw_event e;
    ev(&e, 3, GW_EVENT_DRAW);
    e.player = 1, e.trick = 2, e.card = tc("AS"), e.hidden = true;
    char *s = gw_protocol_encode_event(GW_GAME_GERMAN, &e);
    assert_null(strstr(s, "AS"));
    free(s);
    ev(&e, 4, GW_EVENT_HAND);
    e.player = e.seat = 1, e.count = 2, e.cards = tset("AS KH"), e.hidden = true;
    s = gw_protocol_encode_event(GW_GAME_GERMAN, &e);
    assert_null(strstr(s, "AS"));
    assert_null(strstr(s, "KH"));
    free(s);
}

/* Every message, encoded and decoded again by the side that reads it. */
static void message_round_trip(gw_protocol_side side, gw_game_kind game, const gw_protocol_message *m) {
    char *s1 = gw_protocol_encode_message(game, m);
    assert_non_null(s1);
    gw_protocol_message *back = malloc(sizeof *back);
    assert_non_null(back);
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_message(side, game, s1, strlen(s1), back, &err), &err, s1);
    assert_int_equal(back->type, m->type);
    char *s2 = gw_protocol_encode_message(game, back);
    assert_string_equal(s1, s2);
    if (m->type != GW_MSG_DECIDE && m->type != GW_MSG_HELLO) assert_memory_equal(back, m, sizeof *m);
    free(s1);
    free(s2);
    free(back);
}

static void messages_round_trip(void **state) {
    (void)state;
    gw_protocol_message *m = calloc(1, sizeof *m);
    assert_non_null(m);
    for (int game = 0; game < 2; game++) {
        memset(m, 0, sizeof *m);
        m->type = GW_MSG_HELLO;
        m->hello.game = (gw_game_kind)game;
        m->hello.player = 1;
        a_config(&m->hello.rules, (gw_game_kind)game);
        m->hello.rules.seed = 0;
        strcpy(m->hello.names[0], "human");
        strcpy(m->hello.names[1], "bot.py");
        message_round_trip(GW_TO_PROGRAM, (gw_game_kind)game, m);
        memset(m, 0, sizeof *m);
        m->type = GW_MSG_DECIDE;
        m->time_ms = 5000;
        if (game == GW_GAME_GERMAN) {
            gw_game g;
            german_game(GW_CLASSIC, 5, 7, &g);
            german_view(&g, GW_CLASSIC, 1, &m->view);
        } else {
            gw_android_game g;
            android_game(5, 7, &g);
            android_view(&g, 0, &m->view);
        }
        message_round_trip(GW_TO_PROGRAM, (gw_game_kind)game, m);
    }
    memset(m, 0, sizeof *m);
    m->type = GW_MSG_EVENT;
    ev(&m->event, 9, GW_EVENT_UPCARD);
    m->event.card = tc("9C");
    message_round_trip(GW_TO_PROGRAM, GW_GAME_GERMAN, m);
    memset(m, 0, sizeof *m);
    m->type = GW_MSG_ERROR;
    strcpy(m->code, "must_follow");
    strcpy(m->message, "you must follow suit: you hold hearts");
    message_round_trip(GW_TO_PROGRAM, GW_GAME_GERMAN, m);
    memset(m, 0, sizeof *m);
    m->type = GW_MSG_BYE;
    m->result =
        (gw_protocol_result){GW_END_FORFEIT, 0, {3, 11}, "player 2 played 7H, which it does not hold"};
    message_round_trip(GW_TO_PROGRAM, GW_GAME_GERMAN, m);
    memset(m, 0, sizeof *m);
    m->type = GW_MSG_READY;
    strcpy(m->name, "legal-bot 1.0");
    message_round_trip(GW_FROM_PROGRAM, GW_GAME_GERMAN, m);
    memset(m, 0, sizeof *m);
    m->type = GW_MSG_ACTION;
    /* field by field: the message is compared byte for byte, padding included */
    m->action.kind = GW_ACTION_CARD;
    m->action.card = tc("QD");
    m->action.command = GW_CMD_NONE;
    message_round_trip(GW_FROM_PROGRAM, GW_GAME_GERMAN, m);
    m->action.kind = GW_ACTION_COMMAND;
    m->action.card = GW_NO_CARD;
    m->action.command = GW_CMD_DUCK;
    message_round_trip(GW_FROM_PROGRAM, GW_GAME_ANDROID, m);
    free(m);
}

/* The hello carries the configuration, never the seed. */
static void hello_never_carries_the_seed(void **state) {
    (void)state;
    gw_protocol_hello h;
    memset(&h, 0, sizeof h);
    h.game = GW_GAME_GERMAN;
    a_config(&h.rules, GW_GAME_GERMAN);
    h.rules.seed = 123456789123ull;
    char *s = gw_protocol_encode_hello(&h);
    assert_null(strstr(s, "seed"));
    assert_null(strstr(s, "123456789123"));
    assert_non_null(strstr(s, "\"protocol\":1"));
    free(s);
}

static void error_objects(void **state) {
    (void)state;
    char *s = gw_protocol_encode_error("not_your_turn", "it is not your turn");
    assert_string_equal(
        s, "{\"type\":\"error\",\"code\":\"not_your_turn\",\"message\":\"it is not your turn\"}");
    free(s);
    /* over-long, control characters and invalid UTF-8 are cut and replaced, never sent raw */
    char longmsg[600];
    memset(longmsg, 'x', sizeof longmsg - 1);
    longmsg[sizeof longmsg - 1] = '\0';
    longmsg[10] = '\n';
    longmsg[11] = (char)0xFF;
    s = gw_protocol_encode_error("bad_card", longmsg);
    assert_non_null(s);
    gw_protocol_message *m = malloc(sizeof *m);
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_message(GW_TO_PROGRAM, GW_GAME_GERMAN, s, strlen(s), m, &err), &err, s);
    assert_int_equal(strlen(m->message), GW_PROTOCOL_MESSAGE_MAX - 1);
    assert_int_equal(m->message[10], '?');
    assert_int_equal(m->message[11], '?');
    free(m);
    free(s);
    /* a decoder's verdict as an error object */
    gw_action a;
    assert_int_equal(gw_protocol_decode_action("{\"type\":\"play\",\"card\":\"ZZ\"}", 27, &a, &err),
                     GW_EINVAL);
    s = gw_protocol_encode_decode_error(&err);
    assert_non_null(strstr(s, "\"code\":\"bad_card\""));
    assert_non_null(strstr(s, "action.card"));
    free(s);
}

/* ---- views and events of real sessions ---------------------------------------------- */

/* The text of a value decoded and encoded again equals the text it came from. */
static void session_view_round_trip(const gw_view *v) {
    char *s1 = gw_protocol_encode_view(v);
    assert_non_null(s1);
    gw_view *back = malloc(sizeof *back);
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_view(s1, strlen(s1), back, &err), &err, s1);
    char *s2 = gw_protocol_encode_view(back);
    assert_string_equal(s1, s2);
    same_turn(&back->turn, &v->turn);
    assert_int_equal(back->viewer, v->viewer);
    assert_int_equal(back->state, v->state);
    if (v->game == GW_GAME_GERMAN) {
        const gw_observation *a = &back->german, *b = &v->german;
        assert_int_equal(a->seat, b->seat);
        assert_int_equal(a->variant, b->variant);
        assert_true(a->own == b->own && a->played == b->played && a->unseen == b->unseen &&
                    a->opp_known == b->opp_known);
        assert_int_equal(a->nmoves, b->nmoves);
        assert_int_equal(a->ndraws, b->ndraws);
        assert_memory_equal(a->draws, b->draws, (size_t)b->ndraws);
        /* a spectator's view names no card of a hand */
        if (v->viewer == GW_SPECTATOR) assert_true(a->own == 0 && a->opp_known == 0 && a->ndraws == 0);
    } else {
        const gw_android_view *a = &back->android, *b = &v->android;
        assert_int_equal(a->player, b->player);
        assert_int_equal(a->seat, b->seat);
        assert_int_equal(a->trump, b->trump);
        assert_true(a->own == b->own && a->opposing_hand == b->opposing_hand && a->played == b->played);
        assert_int_equal(a->nevents, b->nevents);
        assert_memory_equal(a->events, b->events, (size_t)b->nevents * sizeof b->events[0]);
        if (v->viewer == GW_SPECTATOR) assert_true(a->own == 0 && a->opposing_hand == 0);
    }
    free(s1);
    free(s2);
    free(back);
}

static void session_event_round_trip(gw_game_kind game, const gw_event *e) {
    char *s1 = gw_protocol_encode_event(game, e);
    assert_non_null(s1);
    gw_event back;
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_event(game, s1, strlen(s1), &back, &err), &err, s1);
    char *s2 = gw_protocol_encode_event(game, &back);
    assert_string_equal(s1, s2);
    if (!(back.player == e->player && back.card == e->card && back.cards == e->cards))
        fail_msg("%s: player %d card %d cards %llx trick %d seat %d", s1, e->player, e->card,
                 (unsigned long long)e->cards, e->trick, e->seat);
    assert_true(back.number == e->number && back.kind == e->kind && back.hand == e->hand &&
                back.player == e->player && back.hidden == e->hidden && back.card == e->card &&
                back.cards == e->cards);
    if (e->hidden) {
        /* face down: no card is named */
        for (gw_card c = 0; c < 64; c++) {
            if (!gw_card_valid(c)) continue;
            char name[8] = "\"";
            gw_card_format(c, name + 1);
            strcat(name, "\"");
            assert_null(strstr(s1, name));
        }
    }
    free(s1);
    free(s2);
}

/* Plays whole matches of computer seats; after every action each viewer's view and events go through the
 * encoding and back. */
static void session_matches(gw_game_kind game) {
    gw_view *v = malloc(sizeof *v);
    gw_event *events = malloc(4096 * sizeof *events);
    assert_non_null(v);
    assert_non_null(events);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        gw_session_config c;
        gw_session_config_default(&c, game);
        c.seed = seed * 1000003;
        c.rules.target = 3;
        c.rules.variant = seed == 2 ? GW_SMALL : GW_CLASSIC;
        c.limits = (gw_expert_limits){0, 50, NULL};
        c.android_samples = 5;
        for (int p = 0; p < 2; p++) {
            c.seats[p].kind = GW_SEAT_COMPUTER;
            c.seats[p].level = game == GW_GAME_GERMAN ? (p ? GW_AI_RANDOM : GW_AI_EASY)
                                                      : (p ? GW_ANDROID_RANDOM : GW_ANDROID_EASY);
        }
        gw_session *s = NULL;
        gw_error err;
        gw_status st = gw_session_new(&c, &s, &err);
        if (st != GW_OK) fail_msg("gw_session_new: %s", err.msg);
        /* the configuration and the hello */
        char *text = gw_protocol_encode_config(gw_session_config_of(s), true);
        gw_session_config back;
        gw_session_config_default(&back, game);
        gw_protocol_error perr;
        expect_ok(gw_protocol_decode_config(text, strlen(text), &back, &perr), &perr, text);
        assert_true(back.seed == c.seed);
        free(text);
        uint32_t seen[3] = {1, 1, 1};
        int steps = 0;
        for (;;) {
            for (int viewer = -1; viewer <= 1; viewer++) {
                assert_int_equal(gw_session_view(s, viewer, v, &err), GW_OK);
                session_view_round_trip(v);
                int n = gw_session_events(s, seen[viewer + 1], viewer, events, 4096);
                for (int i = 0; i < n; i++)
                    session_event_round_trip(game, &events[i]);
                seen[viewer + 1] += (uint32_t)n;
            }
            gw_session_state state = gw_session_state_of(s);
            if (state == GW_SESSION_OVER) break;
            if (state == GW_SESSION_HAND_OVER)
                assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
            else if (gw_session_play_computer(s, &err) != GW_OK)
                fail_msg("play_computer: %s", err.msg);
            assert_true(++steps < 20000);
        }
        gw_session_free(s);
    }
    free(v);
    free(events);
}

static void german_sessions_round_trip(void **state) {
    (void)state;
    session_matches(GW_GAME_GERMAN);
}

static void android_sessions_round_trip(void **state) {
    (void)state;
    session_matches(GW_GAME_ANDROID);
}

/* The transcripts of tests/data/protocol (made from real sessions; docs/protocol.md quotes them): every line
 * is a message of one side or the other, and decoding and encoding it again gives the same line. */
static void transcript(const char *name, gw_game_kind game) {
    const char *dir = getenv("GW_TEST_DATA");
    assert_non_null(dir);
    char path[512];
    snprintf(path, sizeof path, "%s/protocol/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    char *line = malloc(GW_PROTOCOL_LINE_MAX + 2);
    gw_protocol_message *m = malloc(sizeof *m);
    int lines = 0, decides = 0;
    while (fgets(line, GW_PROTOCOL_LINE_MAX + 2, f)) {
        size_t n = strlen(line);
        assert_true(n > 0 && line[n - 1] == '\n');
        line[--n] = '\0';
        gw_protocol_error err;
        gw_protocol_side side = GW_TO_PROGRAM;
        gw_status st = gw_protocol_decode_message(side, game, line, n, m, &err);
        if (st != GW_OK && err.code == GW_PROTO_UNEXPECTED) {
            side = GW_FROM_PROGRAM;
            st = gw_protocol_decode_message(side, game, line, n, m, &err);
        }
        expect_ok(st, &err, line);
        char *again = gw_protocol_encode_message(game, m);
        assert_string_equal(again, line);
        free(again);
        decides += m->type == GW_MSG_DECIDE;
        lines++;
    }
    fclose(f);
    free(line);
    free(m);
    assert_true(lines > 20 && decides > 3);
}

static void transcripts_round_trip(void **state) {
    (void)state;
    transcript("german.jsonl", GW_GAME_GERMAN);
    transcript("android.jsonl", GW_GAME_ANDROID);
}

/* The transcripts themselves: what the engine protocol says to and hears from a program playing player 0
 * against easy, from the start of a match to a refused answer (a card it does not hold) after `decisions`
 * good ones. GW_PROTOCOL_REGENERATE=1 writes them anew instead of comparing. */
typedef struct text_buf {
    char *s;
    size_t len, cap;
} text_buf;

static void add_line(text_buf *t, char *line) {
    assert_non_null(line);
    size_t n = strlen(line);
    if (t->len + n + 2 > t->cap) {
        t->cap = (t->len + n + 2) * 2;
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    memcpy(t->s + t->len, line, n);
    t->len += n;
    t->s[t->len++] = '\n';
    t->s[t->len] = '\0';
    free(line);
}

/* The transcript of a session of game: the hello, then `decisions` decisions with their events. */
static void make_transcript(gw_game_kind game, int decisions, text_buf *t) {
    gw_session_config c;
    gw_session_config_default(&c, game);
    c.seed = game == GW_GAME_GERMAN ? 2026 : 7;
    c.seats[1].level = game == GW_GAME_GERMAN ? GW_AI_EASY : GW_ANDROID_EASY;
    strcpy(c.seats[0].name, "legal-bot");
    c.limits = (gw_expert_limits){0, 100, NULL};
    gw_session *s;
    gw_error err;
    gw_status st = gw_session_new(&c, &s, &err);
    if (st != GW_OK) fail_msg("gw_session_new: %s", err.msg);
    gw_view *v = malloc(sizeof *v);
    gw_protocol_hello h;
    memset(&h, 0, sizeof h);
    h.game = game;
    h.rules = *gw_session_config_of(s);
    assert_int_equal(gw_session_view(s, 0, v, &err), GW_OK);
    memcpy(h.names, v->names, sizeof h.names);
    add_line(t, gw_protocol_encode_hello(&h));
    add_line(t, gw_protocol_encode_ready("legal-bot"));
    uint32_t seen = 1;
    gw_event events[64];
    for (int made = 0; gw_session_state_of(s) == GW_SESSION_PLAYING;) {
        int n = gw_session_events(s, seen, 0, events, 64);
        for (int i = 0; i < n; i++)
            add_line(t, gw_protocol_encode_event(game, &events[i]));
        seen += (uint32_t)n;
        gw_turn turn = gw_session_turn(s);
        if (turn.computer) {
            assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
            continue;
        }
        assert_int_equal(gw_session_view(s, 0, v, &err), GW_OK);
        add_line(t, gw_protocol_encode_decide(v, 2000));
        gw_action a = {GW_ACTION_CARD, GW_NO_CARD, GW_CMD_NONE};
        if (made == decisions) { /* the lowest card neither held nor played: refused, and the end */
            gw_cards own = game == GW_GAME_GERMAN ? v->german.own : v->android.own;
            gw_cards played = game == GW_GAME_GERMAN ? v->german.played : v->android.played;
            a.card = gw_first(GW_ALL_CARDS & ~own & ~played);
            add_line(t, gw_protocol_encode_action(&a));
            gw_refusal r = gw_session_check(s, 0, &a, &err);
            assert_int_not_equal(r, GW_REFUSE_NONE);
            add_line(t, gw_protocol_encode_error(gw_refusal_code(r), err.msg));
            gw_protocol_result res = {GW_END_FORFEIT, 1, {0, 0}, ""};
            gw_format(res.message, (int)sizeof res.message, "the answer of player 0 was refused: %s",
                      err.msg);
            add_line(t, gw_protocol_encode_bye(&res));
            break;
        }
        if (turn.kind == GW_ACTION_COMMAND) { /* the first command the situation accepts */
            a.kind = GW_ACTION_COMMAND;
            a.command = (gw_android_command)__builtin_ctz(gw_android_commands_open(&v->android));
        } else if (game == GW_GAME_GERMAN) { /* the lowest legal card */
            a.card = gw_first(gw_observation_legal(&v->german));
        } else {
            gw_cards legal = v->android.own;
            if (v->android.ntrick > 0 && (legal & gw_suit_cards(gw_card_suit(v->android.trick[0]))))
                legal &= gw_suit_cards(gw_card_suit(v->android.trick[0]));
            a.card = gw_first(legal);
        }
        add_line(t, gw_protocol_encode_action(&a));
        if (gw_session_act(s, 0, &a, NULL, &err) != GW_OK) fail_msg("act: %s", err.msg);
        made++;
    }
    gw_session_free(s);
    free(v);
}

static void transcripts_match_sessions(void **state) {
    (void)state;
    const char *dir = getenv("GW_TEST_DATA");
    assert_non_null(dir);
    const char *regenerate = getenv("GW_PROTOCOL_REGENERATE");
    for (int game = 0; game < 2; game++) {
        text_buf t = {0};
        make_transcript((gw_game_kind)game, 6, &t);
        char path[512];
        snprintf(path, sizeof path, "%s/protocol/%s", dir,
                 game == GW_GAME_GERMAN ? "german.jsonl" : "android.jsonl");
        if (regenerate && strcmp(regenerate, "1") == 0) {
            FILE *f = fopen(path, "w");
            assert_non_null(f);
            assert_int_equal(fwrite(t.s, 1, t.len, f), t.len);
            assert_int_equal(fclose(f), 0);
        } else {
            FILE *f = fopen(path, "r");
            if (!f) fail_msg("cannot open %s", path);
            char *old = malloc(t.len + 2);
            size_t n = fread(old, 1, t.len + 1, f);
            fclose(f);
            old[n] = '\0';
            if (n != t.len || memcmp(old, t.s, t.len) != 0)
                fail_msg("%s differs from the session's transcript (GW_PROTOCOL_REGENERATE=1 rewrites it; "
                         "then update docs/protocol.md's examples)",
                         path);
            free(old);
        }
        free(t.s);
    }
}

/* The largest views there can be fit in a line: an Android Whist view with the most events, each with the
 * longest names, and a German Whist view of the classic deck at its fullest. */
static void largest_views_fit_a_line(void **state) {
    (void)state;
    gw_view *v = malloc(sizeof *v);
    gw_android_game g;
    android_game(1, 0, &g);
    android_view(&g, 0, v);
    v->android.nevents = GW_ANDROID_MAX_EVENTS;
    for (int i = 0; i < GW_ANDROID_MAX_EVENTS; i++)
        v->android.events[i] =
            (gw_android_event){GW_SEAT_X, GW_CMD_HIGH_DIAMONDS, GW_NO_CARD, GW_ANSWER_NO_PLAIN_SUIT};
    for (int p = 0; p < 2; p++) {
        memset(v->names[p], 'n', GW_SEAT_NAME_MAX - 1);
        v->names[p][GW_SEAT_NAME_MAX - 1] = '\0';
    }
    char *s = gw_protocol_encode_decide(v, GW_PROTOCOL_TIME_MAX);
    assert_non_null(s);
    size_t android = strlen(s);
    gw_protocol_message *m = malloc(sizeof *m);
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_message(GW_TO_PROGRAM, GW_GAME_ANDROID, s, android, m, &err), &err,
              "largest");
    free(s);
    gw_game gg;
    german_game(GW_CLASSIC, 9, 25, &gg);
    german_view(&gg, GW_CLASSIC, 0, v);
    v->german.unseen = GW_ALL_CARDS;
    v->german.nmoves = GW_MAX_DECK;
    for (int i = 0; i < GW_MAX_DECK; i++)
        v->german.moves[i] = gw_card_make(i / 13, i % 13);
    s = gw_protocol_encode_decide(v, GW_PROTOCOL_TIME_MAX);
    size_t german = strlen(s);
    free(s);
    printf("largest decide lines: Android %zu bytes, German %zu bytes (the limit: %d)\n", android, german,
           GW_PROTOCOL_LINE_MAX);
    assert_true(android < GW_PROTOCOL_LINE_MAX * 3 / 4);
    assert_true(german < GW_PROTOCOL_LINE_MAX / 8);
    free(m);
    free(v);
}

/* Out of memory: jansson's allocations fail from the n-th on. An encoder then gives NULL or the whole line,
 * never a line with a field missing; a decoder gives the whole value or a refusal; nothing leaks (ASan). */
static long alloc_left;

static void *failing_malloc(size_t n) {
    if (alloc_left-- <= 0) return NULL;
    return malloc(n);
}

static void out_of_memory(void **state) {
    (void)state;
    gw_view *v = malloc(sizeof *v);
    gw_game g;
    german_game(GW_CLASSIC, 6, 10, &g);
    german_view(&g, GW_CLASSIC, 1, v);
    char *whole = gw_protocol_encode_decide(v, 100);
    assert_non_null(whole);
    gw_protocol_message *m = malloc(sizeof *m);
    int nulls = 0, fulls = 0, refused = 0;
    for (long n = 0; n < 4000; n += n < 200 ? 1 : 37) {
        json_set_alloc_funcs(failing_malloc, free);
        alloc_left = n;
        char *s = gw_protocol_encode_decide(v, 100);
        alloc_left = n;
        gw_protocol_error err;
        gw_status st =
            gw_protocol_decode_message(GW_TO_PROGRAM, GW_GAME_GERMAN, whole, strlen(whole), m, &err);
        json_set_alloc_funcs(malloc, free);
        if (s) {
            assert_string_equal(s, whole);
            fulls++;
        } else {
            nulls++;
        }
        if (st != GW_OK) {
            /* jansson reports some failed allocations as syntax errors: any refusal will do */
            assert_true(err.code != GW_PROTO_OK && err.err.msg[0] != '\0');
            refused++;
        } else {
            char *again = gw_protocol_encode_message(GW_GAME_GERMAN, m);
            assert_string_equal(again, whole);
            free(again);
        }
        free(s);
    }
    assert_true(nulls > 0 && fulls > 0 && refused > 0);
    free(m);
    free(whole);
    free(v);
}

/* ---- refusals ------------------------------------------------------------------------ */

typedef struct bad_case {
    const char *text;
    gw_protocol_code code;
} bad_case;

static void expect_action_refused(const char *text, size_t len, gw_protocol_code code) {
    gw_action a = {GW_ACTION_CARD, 7, GW_CMD_NONE}, before = a;
    gw_protocol_error err;
    gw_status st = gw_protocol_decode_action(text, len, &a, &err);
    if (st == GW_OK || err.code != code)
        fail_msg("%s: expected %s, got %s (%s)", text, gw_protocol_code_name(code),
                 gw_protocol_code_name(err.code), err.err.msg);
    assert_int_equal(st, GW_EINVAL);
    assert_true(err.err.msg[0] != '\0');
    same_action(&a, &before); /* unchanged */
}

static void bad_actions(void **state) {
    (void)state;
    static const bad_case cases[] = {
        {"", GW_PROTO_BAD_JSON},
        {"   ", GW_PROTO_BAD_JSON},
        {"{", GW_PROTO_BAD_JSON},
        {"{\"type\":\"play\",\"card\":\"AS\"", GW_PROTO_BAD_JSON},
        {"{\"type\":\"play\",\"card\":\"AS\"} x", GW_PROTO_BAD_JSON},
        {"{\"type\":\"play\",\"card\":\"AS\"}{}", GW_PROTO_BAD_JSON},
        {"{'type':'play'}", GW_PROTO_BAD_JSON},
        {"{\"type\":\"play\",\"card\":\"A\xff\"}", GW_PROTO_BAD_JSON},
        {"[\"play\",\"AS\"]", GW_PROTO_NOT_OBJECT},
        {"\"play\"", GW_PROTO_NOT_OBJECT},
        {"42", GW_PROTO_NOT_OBJECT},
        {"null", GW_PROTO_NOT_OBJECT},
        {"{\"type\":\"play\",\"card\":\"AS\",\"card\":\"KS\"}", GW_PROTO_DUPLICATE_KEY},
        {"{\"type\":\"play\",\"type\":\"play\",\"card\":\"KS\"}", GW_PROTO_DUPLICATE_KEY},
        {"{\"type\":\"play\"}", GW_PROTO_MISSING_FIELD},
        {"{\"card\":\"AS\"}", GW_PROTO_MISSING_FIELD},
        {"{\"type\":\"command\"}", GW_PROTO_MISSING_FIELD},
        {"{\"type\":\"play\",\"card\":\"AS\",\"why\":1}", GW_PROTO_UNKNOWN_FIELD},
        {"{\"type\":\"play\",\"card\":\"AS\",\"command\":\"duck\"}", GW_PROTO_UNKNOWN_FIELD},
        {"{\"type\":\"play\",\"card\":1}", GW_PROTO_WRONG_TYPE},
        {"{\"type\":\"play\",\"card\":null}", GW_PROTO_WRONG_TYPE},
        {"{\"type\":\"play\",\"card\":[\"AS\"]}", GW_PROTO_WRONG_TYPE},
        {"{\"type\":5,\"card\":\"AS\"}", GW_PROTO_WRONG_TYPE},
        {"{\"type\":\"command\",\"command\":true}", GW_PROTO_WRONG_TYPE},
        {"{\"type\":\"play\",\"card\":\"as\"}", GW_PROTO_BAD_CARD},
        {"{\"type\":\"play\",\"card\":\"10S\"}", GW_PROTO_BAD_CARD},
        {"{\"type\":\"play\",\"card\":\"A\xe2\x99\xa0\"}", GW_PROTO_BAD_CARD},
        {"{\"type\":\"play\",\"card\":\"1S\"}", GW_PROTO_BAD_CARD},
        {"{\"type\":\"play\",\"card\":\"AS \"}", GW_PROTO_BAD_CARD},
        {"{\"type\":\"play\",\"card\":\"\"}", GW_PROTO_BAD_CARD},
        {"{\"type\":\"play\",\"card\":\"ASS\"}", GW_PROTO_BAD_CARD},
        {"{\"type\":\"command\",\"command\":\"Duck\"}", GW_PROTO_BAD_COMMAND},
        {"{\"type\":\"command\",\"command\":\"high spades\"}", GW_PROTO_BAD_COMMAND},
        {"{\"type\":\"command\",\"command\":\"jump\"}", GW_PROTO_BAD_COMMAND},
        {"{\"type\":\"command\",\"command\":\"\"}", GW_PROTO_BAD_COMMAND},
        {"{\"type\":\"fold\"}", GW_PROTO_UNKNOWN_TYPE},
        {"{\"type\":\"ready\",\"protocol\":1,\"name\":\"x\"}", GW_PROTO_UNKNOWN_TYPE},
        {"{\"type\":\"play\",\"card\":\"A\\u0000\"}", GW_PROTO_NUL},
        {"{\"ty\\u0000pe\":\"play\",\"card\":\"AS\"}", GW_PROTO_NUL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_action_refused(cases[i].text, strlen(cases[i].text), cases[i].code);
    /* raw NUL bytes, inside a string and after the object */
    static const char nul1[] = "{\"type\":\"play\",\"card\":\"A\0S\"}";
    expect_action_refused(nul1, sizeof nul1 - 1, GW_PROTO_NUL);
    static const char nul2[] = "{\"type\":\"play\",\"card\":\"AS\"}\0";
    expect_action_refused(nul2, sizeof nul2 - 1, GW_PROTO_NUL);
    /* nesting: too deep at the top and inside a field */
    char deep[200] = "";
    for (int i = 0; i < GW_PROTOCOL_DEPTH_MAX + 1; i++)
        strcat(deep, "[");
    for (int i = 0; i < GW_PROTOCOL_DEPTH_MAX + 1; i++)
        strcat(deep, "]");
    expect_action_refused(deep, strlen(deep), GW_PROTO_TOO_DEEP);
    char deep2[200] = "{\"type\":\"play\",\"card\":";
    for (int i = 0; i < GW_PROTOCOL_DEPTH_MAX; i++)
        strcat(deep2, "{\"a\":");
    strcat(deep2, "1");
    for (int i = 0; i < GW_PROTOCOL_DEPTH_MAX; i++)
        strcat(deep2, "}");
    strcat(deep2, "}");
    expect_action_refused(deep2, strlen(deep2), GW_PROTO_TOO_DEEP);
    /* brackets inside strings do not count */
    char shallow[200] = "{\"type\":\"play\",\"card\":\"";
    for (int i = 0; i < 40; i++)
        strcat(shallow, "[");
    strcat(shallow, "\"}");
    expect_action_refused(shallow, strlen(shallow), GW_PROTO_BAD_CARD);
    /* over-long: a valid action padded with blanks past the limit, and one just at it */
    size_t len = GW_PROTOCOL_LINE_MAX + 1;
    char *big = malloc(len);
    assert_non_null(big);
    memset(big, ' ', len);
    const char *ok = "{\"type\":\"play\",\"card\":\"AS\"}";
    memcpy(big, ok, strlen(ok));
    expect_action_refused(big, len, GW_PROTO_TOO_LONG);
    gw_action a;
    gw_protocol_error err;
    expect_ok(gw_protocol_decode_action(big, len - 1, &a, &err), &err, "the longest line");
    free(big);
    /* the message names the field */
    assert_int_equal(gw_protocol_decode_action("{\"type\":\"play\",\"card\":\"XX\"}", 27, &a, &err),
                     GW_EINVAL);
    assert_non_null(strstr(err.err.msg, "action.card"));
    assert_non_null(strstr(err.err.msg, "XX"));
    /* a NULL err is fine */
    assert_int_equal(gw_protocol_decode_action("{", 1, &a, NULL), GW_EINVAL);
}

static void expect_message_refused(gw_protocol_side side, gw_game_kind game, const char *text,
                                   gw_protocol_code code) {
    gw_protocol_message *m = malloc(sizeof *m);
    assert_non_null(m);
    gw_protocol_error err;
    gw_status st = gw_protocol_decode_message(side, game, text, strlen(text), m, &err);
    if (st == GW_OK || err.code != code)
        fail_msg("%s: expected %s, got %s (%s)", text, gw_protocol_code_name(code),
                 gw_protocol_code_name(err.code), err.err.msg);
    free(m);
}

#define RULES                                                                                                \
    "{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,\"players\":[{"       \
    "\"kind\":"                                                                                              \
    "\"outside\",\"name\":\"human\"},{\"kind\":\"computer\",\"level\":\"hard\",\"name\":\"\"}],\"think_"     \
    "ms\":"                                                                                                  \
    "200,\"iterations\":0,\"undo\":false}"

/* An event's text up to its count, left open (the case closes it or adds fields): number, kind, trick,
 * seat, hidden, card, cards, and a digit before seen_by's 7 ("" for 7 alone). */
#define EV(number, kind, trick, seat, hidden, card, cards, seen)                                             \
    "{\"type\":\"event\",\"number\":" number ",\"kind\":\"" kind "\",\"hand\":1,\"trick\":" trick            \
    ",\"player\":0,\"seat\":" seat ",\"hidden\":" hidden ",\"seen_by\":" seen "7,\"card\":" card             \
    ",\"cards\":" cards ",\"count\":0"
/* A score's fields, with this winner, closing the event. */
#define SC(winner) ",\"tricks\":[0,0],\"points\":[0,0],\"score\":[0,0],\"winner\":" winner "}"

static void bad_messages(void **state) {
    (void)state;
    const gw_protocol_side TO = GW_TO_PROGRAM, FROM = GW_FROM_PROGRAM;
    const gw_game_kind G = GW_GAME_GERMAN, A = GW_GAME_ANDROID;
    /* first the good hello these variations break */
    gw_protocol_message *m = malloc(sizeof *m);
    gw_protocol_error err;
    const char *hello = "{\"type\":\"hello\",\"protocol\":1,\"game\":\"german\",\"player\":0,\"rules\":" RULES
                        ",\"names\":[\"a\",\"b\"]}";
    expect_ok(gw_protocol_decode_message(TO, G, hello, strlen(hello), m, &err), &err, hello);
    free(m);
    struct {
        gw_protocol_side side;
        gw_game_kind game;
        const char *text;
        gw_protocol_code code;
    } cases[] = {
        /* versions: checked first, even before unknown fields */
        {TO, G,
         "{\"type\":\"hello\",\"protocol\":2,\"game\":\"german\",\"player\":0,\"rules\":" RULES
         ",\"names\":[\"a\",\"b\"],\"new\":1}",
         GW_PROTO_VERSION},
        {TO, G, "{\"type\":\"hello\",\"protocol\":0}", GW_PROTO_VERSION},
        {TO, G, "{\"type\":\"hello\",\"protocol\":\"1\"}", GW_PROTO_WRONG_TYPE},
        {TO, G, "{\"type\":\"hello\",\"game\":\"german\"}", GW_PROTO_MISSING_FIELD},
        {FROM, G, "{\"type\":\"ready\",\"protocol\":2,\"name\":\"x\"}", GW_PROTO_VERSION},
        {FROM, G, "{\"type\":\"ready\",\"name\":\"x\"}", GW_PROTO_MISSING_FIELD},
        /* who sends what */
        {FROM, G, hello, GW_PROTO_UNEXPECTED},
        {TO, G, "{\"type\":\"play\",\"card\":\"AS\"}", GW_PROTO_UNEXPECTED},
        {TO, G, "{\"type\":\"ready\",\"protocol\":1,\"name\":\"x\"}", GW_PROTO_UNEXPECTED},
        {FROM, G, "{\"type\":\"bye\",\"result\":{}}", GW_PROTO_UNEXPECTED},
        {FROM, G, "{\"type\":\"hint\"}", GW_PROTO_UNKNOWN_TYPE},
        {FROM, G, "{\"type\":\"\"}", GW_PROTO_UNKNOWN_TYPE},
        /* hello */
        {TO, A,
         "{\"type\":\"hello\",\"protocol\":1,\"game\":\"android\",\"player\":0,\"rules\":" RULES
         ",\"names\":[\"a\",\"b\"]}",
         GW_PROTO_INCONSISTENT},
        {TO, G,
         "{\"type\":\"hello\",\"protocol\":1,\"game\":\"german\",\"player\":2,\"rules\":" RULES
         ",\"names\":[\"a\",\"b\"]}",
         GW_PROTO_OUT_OF_RANGE},
        {TO, G,
         "{\"type\":\"hello\",\"protocol\":1,\"game\":\"german\",\"player\":0,\"rules\":" RULES
         ",\"names\":[\"a\"]}",
         GW_PROTO_OUT_OF_RANGE},
        {TO, G,
         "{\"type\":\"hello\",\"protocol\":1,\"game\":\"chess\",\"player\":0,\"rules\":" RULES
         ",\"names\":[\"a\",\"b\"]}",
         GW_PROTO_BAD_VALUE},
        {TO, G,
         "{\"type\":\"hello\",\"protocol\":1,\"game\":\"german\",\"player\":0,\"rules\":{\"game\":\"german\","
         "\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,\"players\":[{\"kind\":\"outside\","
         "\"name\":\"\"},{\"kind\":\"outside\",\"name\":\"\"}],\"think_ms\":0,\"iterations\":0,\"undo\":"
         "false,"
         "\"seed\":\"1\"},\"names\":[\"a\",\"b\"]}",
         GW_PROTO_UNKNOWN_FIELD}, /* never a seed in a hello */
        /* decide */
        {TO, A, "{\"type\":\"decide\",\"view\":{\"game\":\"german\"},\"time_ms\":100}",
         GW_PROTO_MISSING_FIELD},
        {TO, G, "{\"type\":\"decide\",\"view\":5,\"time_ms\":100}", GW_PROTO_WRONG_TYPE},
        {TO, G, "{\"type\":\"decide\",\"time_ms\":100}", GW_PROTO_MISSING_FIELD},
        /* error */
        {TO, G, "{\"type\":\"error\",\"code\":\"Bad\",\"message\":\"m\"}", GW_PROTO_BAD_VALUE},
        {TO, G, "{\"type\":\"error\",\"code\":\"\",\"message\":\"m\"}", GW_PROTO_OUT_OF_RANGE},
        {TO, G, "{\"type\":\"error\",\"code\":\"a_code_that_is_far_too_long_to_be_one\",\"message\":\"m\"}",
         GW_PROTO_OUT_OF_RANGE},
        {TO, G, "{\"type\":\"error\",\"code\":\"x\",\"message\":\"line\\nbreak\"}", GW_PROTO_BAD_VALUE},
        {TO, G, "{\"type\":\"error\",\"code\":\"x\"}", GW_PROTO_MISSING_FIELD},
        /* bye */
        {TO, G,
         "{\"type\":\"bye\",\"result\":{\"end\":\"won\",\"winner\":0,\"score\":[1,2],\"message\":\"\"}}",
         GW_PROTO_BAD_VALUE},
        {TO, G,
         "{\"type\":\"bye\",\"result\":{\"end\":\"over\",\"winner\":0,\"score\":[1,-2],\"message\":\"\"}}",
         GW_PROTO_OUT_OF_RANGE},
        {TO, G,
         "{\"type\":\"bye\",\"result\":{\"end\":\"over\",\"winner\":0,\"score\":[1,2,3],\"message\":\"\"}}",
         GW_PROTO_OUT_OF_RANGE},
        {TO, G,
         "{\"type\":\"bye\",\"result\":{\"end\":\"over\",\"winner\":\"0\",\"score\":[1,2],\"message\":\"\"}}",
         GW_PROTO_WRONG_TYPE},
        {TO, G, "{\"type\":\"bye\",\"result\":{\"end\":\"over\",\"score\":[1,2],\"message\":\"\"}}",
         GW_PROTO_MISSING_FIELD},
        {TO, G, "{\"type\":\"bye\"}", GW_PROTO_MISSING_FIELD},
        /* ready */
        {FROM, G, "{\"type\":\"ready\",\"protocol\":1,\"name\":\"\"}", GW_PROTO_OUT_OF_RANGE},
        {FROM, G, "{\"type\":\"ready\",\"protocol\":1,\"name\":\"0123456789012345678901234567890123\"}",
         GW_PROTO_OUT_OF_RANGE},
        {FROM, G, "{\"type\":\"ready\",\"protocol\":1,\"name\":\"tab\\there\"}", GW_PROTO_BAD_VALUE},
        {FROM, G, "{\"type\":\"ready\",\"protocol\":1,\"name\":\"x\",\"version\":\"2\"}",
         GW_PROTO_UNKNOWN_FIELD},
        /* numbers: out of range, overflowing 64 bits, fractions */
        {TO, G, EV("0", "over", "0", "0", "false", "null", "[]", "") SC("0"), GW_PROTO_OUT_OF_RANGE},
        {TO, G, EV("4294967296", "over", "0", "0", "false", "null", "[]", "") SC("0"), GW_PROTO_OUT_OF_RANGE},
        {TO, G, EV("99999999999999999999", "over", "0", "0", "false", "null", "[]", "") SC("0"),
         GW_PROTO_OUT_OF_RANGE},
        {TO, G, EV("1.0", "over", "0", "0", "false", "null", "[]", "") SC("0"), GW_PROTO_WRONG_TYPE},
        {TO, G, EV("1e3", "over", "0", "0", "false", "null", "[]", "") SC("0"), GW_PROTO_WRONG_TYPE},
        /* events */
        {TO, G, EV("1", "over", "0", "0", "false", "null", "[]", "") SC("0") "}", GW_PROTO_BAD_JSON},
        {TO, G, EV("1", "over", "0", "0", "false", "null", "[]", "") "}", GW_PROTO_MISSING_FIELD},
        {TO, G, EV("1", "boom", "0", "0", "false", "null", "[]", "") "}", GW_PROTO_BAD_VALUE},
        {TO, G, EV("1", "over", "0", "0", "false", "null", "[]", "") SC("2"), GW_PROTO_OUT_OF_RANGE},
        {TO, G, EV("1", "play", "1", "0", "false", "\"AS\"", "[]", "") ",\"winner\":0}",
         GW_PROTO_UNKNOWN_FIELD},
        {TO, G, EV("1", "play", "1", "0", "false", "\"AS\"", "[]", "") ",\"command\":null}",
         GW_PROTO_UNKNOWN_FIELD},
        {TO, G, EV("1", "play", "27", "0", "false", "\"AS\"", "[]", "") "}", GW_PROTO_OUT_OF_RANGE},
        {TO, A, EV("1", "play", "14", "\"L\"", "false", "\"AS\"", "[]", "") ",\"command\":null}",
         GW_PROTO_OUT_OF_RANGE},
        {TO, A, EV("1", "play", "1", "\"Q\"", "false", "\"AS\"", "[]", "") ",\"command\":null}",
         GW_PROTO_BAD_VALUE},
        {TO, A, EV("1", "play", "1", "0", "false", "\"AS\"", "[]", "") ",\"command\":null}",
         GW_PROTO_WRONG_TYPE},
        {TO, A, EV("1", "play", "1", "\"L\"", "false", "\"AS\"", "[]", "") "}", GW_PROTO_MISSING_FIELD},
        {TO, A, EV("1", "play", "1", "\"L\"", "false", "\"AS\"", "[]", "") ",\"command\":\"dive\"}",
         GW_PROTO_BAD_COMMAND},
        {TO, G, EV("1", "draw", "1", "1", "true", "\"AS\"", "null", "") "}", GW_PROTO_INCONSISTENT},
        {TO, G, EV("1", "draw", "1", "1", "true", "null", "[\"AS\"]", "") "}", GW_PROTO_INCONSISTENT},
        {TO, G, EV("1", "draw", "1", "1", "false", "\"AS\"", "null", "") "}", GW_PROTO_WRONG_TYPE},
        {TO, G, EV("1", "hand", "0", "1", "false", "null", "[\"AS\"]", "") "}",
         GW_PROTO_INCONSISTENT}, /* count 0 */
        {TO, G, EV("1", "hand", "0", "1", "false", "null", "[\"AS\",\"AS\"]", "") "}", GW_PROTO_INCONSISTENT},
        {TO, G, EV("1", "hand", "0", "1", "false", "null", "[\"AS\"]", "") "}", GW_PROTO_INCONSISTENT},
        {TO, G, EV("1", "hand", "0", "1", "false", "null", "[]", "1") "}",
         GW_PROTO_OUT_OF_RANGE}, /* seen_by 17 */
        {TO, A,
         EV("1", "error", "1", "\"L\"", "false", "null", "[]",
            "") ",\"command\":\"duck\",\"answer\":\"card\"}",
         GW_PROTO_BAD_VALUE},
        {TO, A,
         EV("1", "error", "1", "\"L\"", "false", "null", "[]",
            "") ",\"command\":null,\"answer\":\"void_suit\"}",
         GW_PROTO_WRONG_TYPE},
        {TO, G, "{\"type\":\"move\",\"number\":1}", GW_PROTO_UNKNOWN_TYPE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_message_refused(cases[i].side, cases[i].game, cases[i].text, cases[i].code);
    /* a decide: its view must be of the match's game; its time in range */
    gw_view *v = malloc(sizeof *v);
    gw_game g;
    german_game(GW_CLASSIC, 8, 4, &g);
    german_view(&g, GW_CLASSIC, 0, v);
    char *s = gw_protocol_encode_decide(v, 100);
    expect_message_refused(TO, A, s, GW_PROTO_INCONSISTENT);
    char *tail = strstr(s, ",\"time_ms\":100}");
    assert_non_null(tail);
    const char *times[] = {"-1", "86400001", "1.5", "\"100\"", "null"};
    const gw_protocol_code codes[] = {GW_PROTO_OUT_OF_RANGE, GW_PROTO_OUT_OF_RANGE, GW_PROTO_WRONG_TYPE,
                                      GW_PROTO_WRONG_TYPE, GW_PROTO_WRONG_TYPE};
    for (int i = 0; i < 5; i++) {
        char *t = malloc(strlen(s) + 40);
        sprintf(t, "%.*s,\"time_ms\":%s}", (int)(tail - s), s, times[i]);
        expect_message_refused(TO, G, t, codes[i]);
        free(t);
    }
    free(s);
    free(v);
}

static void expect_config_refused(const char *text, gw_protocol_code code) {
    gw_session_config c, before;
    a_config(&c, GW_GAME_GERMAN);
    before = c;
    gw_protocol_error err;
    gw_status st = gw_protocol_decode_config(text, strlen(text), &c, &err);
    if (st == GW_OK || err.code != code)
        fail_msg("%s: expected %s, got %s (%s)", text, gw_protocol_code_name(code),
                 gw_protocol_code_name(err.code), err.err.msg);
    assert_memory_equal(&c, &before, sizeof c); /* unchanged */
}

#define CFG(variant, seed, level, extra)                                                                     \
    "{\"game\":\"german\",\"variant\":" variant                                                              \
    ",\"scoring\":\"last13\",\"target\":10,\"players\":[{\"kind\":"                                          \
    "\"outside\",\"name\":\"human\"},{\"kind\":\"computer\",\"level\":" level                                \
    ",\"name\":\"\"}],\"think_ms\":"                                                                         \
    "200,\"iterations\":0,\"undo\":false,\"seed\":" seed extra "}"

static void bad_configs(void **state) {
    (void)state;
    gw_session_config c;
    a_config(&c, GW_GAME_GERMAN);
    gw_protocol_error err;
    const char *good = CFG("\"small\"", "\"18446744073709551615\"", "\"expert\"", "");
    expect_ok(gw_protocol_decode_config(good, strlen(good), &c, &err), &err, good);
    assert_true(c.seed == UINT64_MAX);
    assert_int_equal(c.rules.variant, GW_SMALL);
    assert_int_equal(c.seats[1].level, GW_AI_EXPERT);
    static const bad_case cases[] = {
        {CFG("\"classic\"", "42", "\"hard\"", ""), GW_PROTO_WRONG_TYPE},
        {CFG("\"classic\"", "\"-1\"", "\"hard\"", ""), GW_PROTO_BAD_VALUE},
        {CFG("\"classic\"", "\"+1\"", "\"hard\"", ""), GW_PROTO_BAD_VALUE},
        {CFG("\"classic\"", "\" 1\"", "\"hard\"", ""), GW_PROTO_BAD_VALUE},
        {CFG("\"classic\"", "\"\"", "\"hard\"", ""), GW_PROTO_BAD_VALUE},
        {CFG("\"classic\"", "\"18446744073709551616\"", "\"hard\"", ""), GW_PROTO_OUT_OF_RANGE},
        {CFG("\"classic\"", "\"99999999999999999999999\"", "\"hard\"", ""), GW_PROTO_OUT_OF_RANGE},
        {CFG("\"huge\"", "\"1\"", "\"hard\"", ""), GW_PROTO_BAD_VALUE},
        {CFG("\"classic\"", "\"1\"", "\"greedy\"", ""), GW_PROTO_BAD_VALUE},
        {CFG("\"classic\"", "\"1\"", "\"Hard\"", ""), GW_PROTO_BAD_VALUE},
        {CFG("\"classic\"", "\"1\"", "2", ""), GW_PROTO_WRONG_TYPE},
        {CFG("\"classic\"", "\"1\"", "\"hard\"", ",\"clock\":1"), GW_PROTO_UNKNOWN_FIELD},
        {CFG("\"classic\"", "\"1\"", "\"hard\"", ",\"seed\":\"2\""), GW_PROTO_DUPLICATE_KEY},
        {"{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":0,\"players\":[],"
         "\"think_ms\":0,\"iterations\":0,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_OUT_OF_RANGE},
        {"{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":1001,\"players\":[],"
         "\"think_ms\":0,\"iterations\":0,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_OUT_OF_RANGE},
        {"{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,\"players\":[],"
         "\"think_ms\":0,\"iterations\":0,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_OUT_OF_RANGE},
        {"{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,\"players\":[{"
         "\"kind\":"
         "\"outside\",\"level\":\"hard\",\"name\":\"\"},{\"kind\":\"outside\",\"name\":\"\"}],\"think_ms\":0,"
         "\"iterations\":0,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_INCONSISTENT},
        {"{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,\"players\":[{"
         "\"kind\":"
         "\"outside\",\"name\":\"\"},{\"kind\":\"outside\",\"name\":\"\"}],\"think_ms\":60001,"
         "\"iterations\":0,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_OUT_OF_RANGE},
        {"{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,\"players\":[{"
         "\"kind\":"
         "\"outside\",\"name\":\"\"},{\"kind\":\"outside\",\"name\":\"\"}],\"think_ms\":0,"
         "\"iterations\":0,\"undo\":\"no\",\"seed\":\"1\"}",
         GW_PROTO_WRONG_TYPE},
        {"{\"game\":\"german\",\"variant\":\"classic\",\"scoring\":\"last13\",\"target\":10,\"players\":[{"
         "\"kind\":"
         "\"outside\",\"name\":\"\"},{\"kind\":\"outside\",\"name\":\"\"}],\"think_ms\":0,"
         "\"iterations\":0,\"undo\":false}",
         GW_PROTO_MISSING_FIELD}, /* a configuration needs its seed */
        {"{\"game\":\"android\",\"variant\":\"classic\",\"players\":[{\"kind\":\"outside\",\"name\":\"\"},{"
         "\"kind\":"
         "\"outside\",\"name\":\"\"}],\"think_ms\":0,\"samples\":0,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_UNKNOWN_FIELD},
        {"{\"game\":\"android\",\"players\":[{\"kind\":\"outside\",\"name\":\"\"},{\"kind\":\"computer\","
         "\"level\":"
         "\"expert\",\"name\":\"\"}],\"think_ms\":0,\"samples\":0,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_BAD_VALUE}, /* Android Whist has no expert */
        {"{\"game\":\"android\",\"players\":[{\"kind\":\"outside\",\"name\":\"\"},{\"kind\":\"outside\","
         "\"name\":"
         "\"\"}],\"think_ms\":0,\"samples\":100001,\"undo\":false,\"seed\":\"1\"}",
         GW_PROTO_OUT_OF_RANGE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_config_refused(cases[i].text, cases[i].code);
}

/* Every field of every object of a view is required, typed and known: removing it, giving it a wrong type
 * or adding a field beside it is refused with the code for it, and the message names the field. */
static int mutations;

static void expect_view_refused(json_t *root, gw_protocol_code code, const char *field) {
    char *s = json_dumps(root, JSON_COMPACT);
    assert_non_null(s);
    gw_view *v = malloc(sizeof *v);
    gw_protocol_error err;
    gw_status st = gw_protocol_decode_view(s, strlen(s), v, &err);
    if (st == GW_OK || err.code != code)
        fail_msg("%s (%s): expected %s, got %s (%s)", field, s, gw_protocol_code_name(code),
                 gw_protocol_code_name(err.code), err.err.msg);
    if (!strstr(err.err.msg, field)) fail_msg("the message \"%s\" does not name %s", err.err.msg, field);
    free(v);
    free(s);
    mutations++;
}

static void mutate(json_t *root, json_t *obj) {
    const char *key;
    json_t *val;
    void *tmp;
    char *keys[32];
    size_t n = 0;
    json_object_foreach_safe(obj, tmp, key, val) {
        assert_true(n < 32);
        keys[n++] = strdup(key);
    }
    for (size_t i = 0; i < n; i++) {
        char *k = keys[i];
        val = json_object_get(obj, k);
        json_incref(val);
        /* missing */
        json_object_del(obj, k);
        expect_view_refused(root, GW_PROTO_MISSING_FIELD, k);
        /* a wrong type: an object where anything else is due, else a number */
        json_object_set_new(obj, k, json_is_object(val) ? json_integer(5) : json_object());
        expect_view_refused(root, GW_PROTO_WRONG_TYPE, k);
        json_object_set(obj, k, val);
        if (json_is_object(val)) mutate(root, val);
        if (json_is_array(val) && json_array_size(val) > 0 && json_is_object(json_array_get(val, 0)))
            mutate(root, json_array_get(val, 0));
        json_decref(val);
        free(k);
    }
    json_object_set_new(obj, "extra", json_true());
    expect_view_refused(root, GW_PROTO_UNKNOWN_FIELD, "extra");
    json_object_del(obj, "extra");
}

static void bad_views(void **state) {
    (void)state;
    gw_view *v = malloc(sizeof *v);
    for (int game = 0; game < 2; game++) {
        if (game == GW_GAME_GERMAN) {
            gw_game g;
            german_game(GW_CLASSIC, 3, 9, &g);
            german_view(&g, GW_CLASSIC, 0, v);
        } else {
            gw_android_game g;
            android_game(3, 9, &g);
            android_view(&g, 1, v);
        }
        json_t *root = gw_protocol_view_json(v);
        mutations = 0;
        mutate(root, root);
        assert_true(mutations > 60);
        /* and the untouched view still decodes */
        char *s = json_dumps(root, JSON_COMPACT);
        gw_protocol_error err;
        expect_ok(gw_protocol_decode_view(s, strlen(s), v, &err), &err, s);
        free(s);
        /* a card of another deck, a card twice, one in two places */
        json_t *table = json_object_get(root, "table");
        json_t *own = json_object_get(table, "own");
        json_t *saved = json_deep_copy(own);
        json_array_set_new(own, 0, json_string("A?"));
        expect_view_refused(root, GW_PROTO_BAD_CARD, "table.own[0]");
        json_array_set(own, 0, json_array_get(saved, 1));
        expect_view_refused(root, GW_PROTO_INCONSISTENT, "table.own[1]");
        json_array_set(own, 0,
                       json_array_get(json_object_get(table, "opposing_hand")
                                          ? json_object_get(table, "opposing_hand")
                                          : json_object_get(table, "unseen"),
                                      0));
        expect_view_refused(root, GW_PROTO_INCONSISTENT, "table");
        json_object_set_new(table, "own", saved);
        json_decref(root);
    }
    /* views that no session gives: cards lost or counts that do not add up */
    {
        gw_game gg;
        german_game(GW_CLASSIC, 7, 9, &gg); /* mid-trick: a card led */
        german_view(&gg, GW_CLASSIC, 0, v);
        const char *edits[][2] = {{"opponent_count", "0"}, {"stock", "20"},          {"trick_number", "4"},
                                  {"led", "null"},         {"phase", "\"endgame\""}, {"unseen", "[]"}};
        for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
            json_t *root = gw_protocol_view_json(v);
            json_error_t je;
            json_t *val = json_loads(edits[i][1], JSON_DECODE_ANY, &je);
            assert_non_null(val);
            json_object_set_new(json_object_get(root, "table"), edits[i][0], val);
            expect_view_refused(root, GW_PROTO_INCONSISTENT, "view.table");
            json_decref(root);
        }
        gw_android_game ag;
        android_game(7, 9, &ag);
        android_view(&ag, 1, v);
        const char *aedits[][2] = {{"held", "[13,13,13,13]"},     {"tricks_done", "0"}, {"won", "[0,0]"},
                                   {"opposing_android", "\"L\""}, {"seat", "\"D\""},    {"trick", "[]"}};
        for (size_t i = 0; i < sizeof aedits / sizeof aedits[0]; i++) {
            json_t *root = gw_protocol_view_json(v);
            json_error_t je;
            json_t *val = json_loads(aedits[i][1], JSON_DECODE_ANY, &je);
            assert_non_null(val);
            json_t *table = json_object_get(root, "table");
            bool same =
                json_equal(json_object_get(table, aedits[i][0]), val); /* an edit that changes nothing */
            json_object_set_new(table, aedits[i][0], val);
            if (!same) expect_view_refused(root, GW_PROTO_INCONSISTENT, "view.table");
            json_decref(root);
        }
    }
    /* a spectator's view that shows a hand */
    for (int game = 0; game < 2; game++) {
        if (game == GW_GAME_GERMAN) {
            gw_game gg;
            german_game(GW_CLASSIC, 5, 12, &gg);
            german_view(&gg, GW_CLASSIC, GW_SPECTATOR, v);
        } else {
            gw_android_game ag;
            android_game(5, 12, &ag);
            android_view(&ag, GW_SPECTATOR, v);
        }
        json_t *root = gw_protocol_view_json(v);
        json_t *own = json_object_get(json_object_get(root, "table"), "own");
        assert_int_equal(json_array_size(own), 0);
        /* a card whose place a spectator does not know (German: taken out of unseen) */
        gw_cards free_cards = game == GW_GAME_GERMAN ? v->german.unseen : GW_ALL_CARDS & ~v->android.played;
        char name[3];
        gw_card_format(gw_first(free_cards), name);
        json_array_append_new(own, json_string(name));
        json_t *unseen = json_object_get(json_object_get(root, "table"), "unseen");
        for (size_t i = 0; unseen && i < json_array_size(unseen); i++)
            if (strcmp(json_string_value(json_array_get(unseen, i)), name) == 0) json_array_remove(unseen, i);
        expect_view_refused(root, GW_PROTO_INCONSISTENT, "spectator");
        json_decref(root);
    }
    /* the small deck has no 7 */
    gw_game g;
    german_game(GW_SMALL, 4, 0, &g);
    german_view(&g, GW_SMALL, 0, v);
    json_t *root = gw_protocol_view_json(v);
    json_object_set_new(json_object_get(root, "table"), "led", json_string("7S"));
    expect_view_refused(root, GW_PROTO_BAD_CARD, "table.led");
    json_decref(root);
    free(v);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(actions_round_trip),
        cmocka_unit_test(turns_round_trip),
        cmocka_unit_test(configs_round_trip),
        cmocka_unit_test(german_views_round_trip),
        cmocka_unit_test(android_views_round_trip),
        cmocka_unit_test(german_events_round_trip),
        cmocka_unit_test(android_events_round_trip),
        cmocka_unit_test(hidden_events_show_no_card),
        cmocka_unit_test(german_sessions_round_trip),
        cmocka_unit_test(android_sessions_round_trip),
        cmocka_unit_test(messages_round_trip),
        cmocka_unit_test(transcripts_round_trip),
        cmocka_unit_test(transcripts_match_sessions),
        cmocka_unit_test(largest_views_fit_a_line),
        cmocka_unit_test(out_of_memory),
        cmocka_unit_test(hello_never_carries_the_seed),
        cmocka_unit_test(error_objects),
        cmocka_unit_test(bad_actions),
        cmocka_unit_test(bad_messages),
        cmocka_unit_test(bad_configs),
        cmocka_unit_test(bad_views),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
