/* test_protocol_player.c: our computer levels as a program of the engine line protocol
 * (gw/protocol_player.h): ready to a hello, a legal action the session takes to every decide of a whole hand
 * in both games, the same cards from the same seed, nothing to events and byes, a note for whist's error,
 * the refusals of a line that cannot be read or a level that does not play the game, and of bad options. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/android_ai.h"
#include "gw/protocol.h"
#include "gw/protocol_player.h"

/* A clock that never moves: the players here are bounded by iterations only. */
static uint64_t still(void *ctx) {
    (void)ctx;
    return 0;
}
static const gw_clock STILL = {still, NULL};

static gw_protocol_player *make(gw_game_kind game, const char *level, uint64_t seed) {
    gw_protocol_player_options o = {game, level, seed, false, 0, 12, &STILL};
    gw_protocol_player *p = NULL;
    gw_error err;
    assert_int_equal(gw_protocol_player_new(&o, &p, &err), GW_OK);
    return p;
}

/* Feeds line (freed here) to p: the answer (the caller's), or NULL; asserts GW_OK and no note. */
static char *feed(gw_protocol_player *p, char *line) {
    assert_non_null(line);
    char *answer = NULL;
    const char *note = NULL;
    gw_error err;
    gw_status st = gw_protocol_player_line(p, line, strlen(line), &answer, &note, &err);
    if (st != GW_OK) fail_msg("refused '%.80s': %s", line, err.msg);
    assert_null(note);
    free(line);
    return answer;
}

/* A session of game with seed (player 1 the easy computer), whose hello p answered with ready; v is room for
 * a view. */
static gw_session *start(gw_game_kind game, uint64_t seed, gw_protocol_player *p, gw_view *v) {
    gw_session_config c;
    gw_session_config_default(&c, game);
    c.seed = seed;
    c.seats[1].level = game == GW_GAME_GERMAN ? GW_AI_EASY : GW_ANDROID_EASY;
    c.limits = (gw_expert_limits){0, 100, NULL};
    gw_session *s;
    gw_error err;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
    gw_protocol_hello h;
    memset(&h, 0, sizeof h);
    h.game = game;
    h.rules = *gw_session_config_of(s);
    assert_int_equal(gw_session_view(s, 0, v, &err), GW_OK);
    memcpy(h.names, v->names, sizeof h.names);
    char *ready = feed(p, gw_protocol_encode_hello(&h));
    assert_non_null(strstr(ready, "\"type\":\"ready\""));
    free(ready);
    return s;
}

/* Plays the first hand of a session of game (player 0 through p, player 1 the session's easy computer) to
 * its end; the cards and commands p chose, in order, into moves (room for 128); returns how many. */
static int play_hand(gw_game_kind game, gw_protocol_player *p, int *moves) {
    gw_view *v = malloc(sizeof *v);
    gw_protocol_message *m = malloc(sizeof *m);
    assert_non_null(v);
    assert_non_null(m);
    gw_session *s = start(game, 2026, p, v);
    gw_error err;
    uint32_t seen = 1;
    gw_event events[64];
    int n_moves = 0;
    while (gw_session_state_of(s) == GW_SESSION_PLAYING) {
        int n = gw_session_events(s, seen, 0, events, 64);
        for (int i = 0; i < n; i++)
            assert_null(feed(p, gw_protocol_encode_event(game, &events[i])));
        seen += (uint32_t)n;
        gw_turn turn = gw_session_turn(s);
        if (turn.computer) {
            assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
            continue;
        }
        assert_int_equal(gw_session_view(s, 0, v, &err), GW_OK);
        char *answer = feed(p, gw_protocol_encode_decide(v, 2000));
        assert_non_null(answer);
        gw_protocol_error perr;
        assert_int_equal(gw_protocol_decode_message(GW_FROM_PROGRAM, game, answer, strlen(answer), m, &perr),
                         GW_OK);
        free(answer);
        assert_int_equal(m->type, GW_MSG_ACTION);
        gw_refusal why;
        assert_int_equal(gw_session_act(s, 0, &m->action, &why, &err), GW_OK);
        assert_true(n_moves < 128);
        moves[n_moves++] =
            m->action.kind == GW_ACTION_CARD ? (int)m->action.card : 100 + (int)m->action.command;
    }
    gw_protocol_result res = {GW_END_STOPPED, -1, {0, 0}, "stopped"};
    assert_null(feed(p, gw_protocol_encode_bye(&res)));
    free(v);
    free(m);
    gw_session_free(s);
    return n_moves;
}

/* A whole hand of each game, twice with the same seed: the same choices. */
static void test_plays_whole_hands(void **state) {
    (void)state;
    struct {
        gw_game_kind game;
        const char *level;
    } cases[] = {{GW_GAME_GERMAN, "expert"}, {GW_GAME_GERMAN, "easy"}, {GW_GAME_ANDROID, "hard"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int a[128], b[128];
        gw_protocol_player *p = make(cases[i].game, cases[i].level, 5);
        int na = play_hand(cases[i].game, p, a);
        int nb = play_hand(cases[i].game, p, b); /* after the bye, a new player for the same deal */
        gw_protocol_player_free(p);
        assert_true(na > 0);
        assert_int_equal(na, nb);
        assert_memory_equal(a, b, (size_t)na * sizeof a[0]);
    }
}

/* Refused lines, whist's error as a note, a level that does not play the hello's game. */
static void test_refusals(void **state) {
    (void)state;
    gw_protocol_player *p = make(GW_GAME_GERMAN, "expert", 0);
    char *answer = (char *)1;
    const char *note = NULL;
    gw_error err;
    const char *bad = "not json";
    assert_int_equal(gw_protocol_player_line(p, bad, strlen(bad), &answer, &note, &err), GW_EINVAL);
    assert_null(answer);
    assert_non_null(strstr(err.msg, "cannot read a line from whist: "));
    const char *ready = "{\"type\":\"ready\",\"protocol\":1,\"name\":\"x\"}";
    assert_int_equal(gw_protocol_player_line(p, ready, strlen(ready), &answer, &note, &err), GW_EINVAL);
    const char *error = "{\"type\":\"error\",\"code\":\"bad_card\",\"message\":\"no such card\"}";
    assert_int_equal(gw_protocol_player_line(p, error, strlen(error), &answer, &note, &err), GW_OK);
    assert_null(answer);
    assert_string_equal(note, "whist refused our line (bad_card): no such card");
    gw_protocol_player_free(p);

    /* expert at an Android Whist decide: the hello names the game, the decide is refused */
    p = make(GW_GAME_GERMAN, "expert", 0);
    gw_view *v = malloc(sizeof *v);
    assert_non_null(v);
    gw_session *s = start(GW_GAME_ANDROID, 3, p, v);
    while (gw_session_turn(s).computer)
        assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
    assert_int_equal(gw_session_view(s, 0, v, &err), GW_OK);
    char *decide = gw_protocol_encode_decide(v, 0);
    assert_int_equal(gw_protocol_player_line(p, decide, strlen(decide), &answer, &note, &err), GW_EINVAL);
    assert_string_equal(err.msg, "'expert' is no level for Android Whist (random, easy or hard)");
    free(decide);
    free(v);
    gw_session_free(s);
    gw_protocol_player_free(p);
}

/* The options whist engine refuses as usage errors. */
static void test_options(void **state) {
    (void)state;
    struct {
        gw_protocol_player_options o;
        const char *msg;
    } cases[] = {
        {{GW_GAME_GERMAN, "oracle", 0, false, 0, 0, NULL},
         "unknown level 'oracle' (random, easy, hard or expert)"},
        {{GW_GAME_GERMAN, NULL, 0, false, 0, 0, NULL}, "unknown level '' (random, easy, hard or expert)"},
        {{GW_GAME_ANDROID, "expert", 0, false, 0, 0, NULL}, "unknown level 'expert' (random, easy or hard)"},
        {{GW_GAME_GERMAN, "expert", 0, true, 0, 0, NULL},
         "--think-ms 0 leaves the expert no limit: give --iterations too"},
        {{GW_GAME_ANDROID, "hard", 0, false, 0, GW_ANDROID_SAMPLES_MAX + 1, NULL},
         "--iterations must be from 1 to 100000 with --game android"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gw_protocol_player *p = (gw_protocol_player *)1;
        gw_error err;
        assert_int_equal(gw_protocol_player_new(&cases[i].o, &p, &err), GW_EINVAL);
        assert_null(p);
        assert_string_equal(err.msg, cases[i].msg);
    }
    gw_protocol_player_free(NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plays_whole_hands),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
