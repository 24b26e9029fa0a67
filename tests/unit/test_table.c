/* test_table.c: the table host (include/gw/table.h): options, seats filling and the match starting, what each
 * viewer is sent (legal actions from the engine), seat moves, resynchronisation from every event number,
 * leaving, the grace period, claims, the computer taking a seat and the person coming back, the clock per
 * card (time passed in) and the hand's mark, rematches (event numbers run on, the first dealer alternates),
 * chat routing, resigning, save and load mid-hand, and the strict reading of bad messages. */
#define _POSIX_C_SOURCE 200809L
#include "table_test.h"

#include "gw/protocol.h"
#include "gw/session.h"
#include "gw_test.h"

enum { C0 = 1, C1 = 2, SPEC = 3, SPEC2 = 4, C0B = 5 };

/* Both seats taken by alice and bob (conns C0, C1), a spectator SPEC: the match in play. */
static gw_table *two_people(gw_game_kind game, uint64_t seed, tt_box *b) {
    gw_table_options o = tt_options(game, seed);
    gw_table *t = tt_table(&o);
    tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
    tt_join(t, b, SPEC, NULL, "", "", 0, 0);
    tt_join(t, b, C1, TT_S1, "bob", "Bob", 0, 0);
    assert_int_equal(gw_table_phase_of(t), GW_TABLE_PLAYING);
    return t;
}

/* The player to act plays (engine-legal), the computer plays when due, or the next hand is dealt. False
 * when nothing can be done. */
static bool step(gw_table *t, tt_box *b, int64_t now) {
    if (gw_table_phase_of(t) != GW_TABLE_PLAYING) return false;
    if (gw_table_computer_due(t)) {
        tt_computer(t, b, now);
        return true;
    }
    const gw_session *s = gw_table_session(t);
    if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
        tt_send(t, b, C0, "{\"type\":\"table_next\"}", now);
        return true;
    }
    char text[160];
    int p;
    if (!tt_legal_text(t, text, sizeof text, &p)) return false;
    tt_send(t, b, p == 0 ? C0 : C1, text, now);
    assert_null(tt_find(b, p == 0 ? C0 : C1, "error", 0));
    return true;
}

static char *save_of(const gw_table *t) {
    gw_text x = {0};
    gw_error err;
    assert_int_equal(gw_table_save(t, &x, &err), GW_OK);
    char *s = malloc(x.len + 1);
    memcpy(s, gw_text_str(&x), x.len + 1);
    gw_text_free(&x);
    return s;
}

static char *record_of(const gw_table *t) {
    gw_text x = {0};
    gw_session_record(gw_table_session(t), true, &x);
    char *s = malloc(x.len + 1);
    memcpy(s, gw_text_str(&x), x.len + 1);
    gw_text_free(&x);
    return s;
}

/* ---- options --------------------------------------------------------------------------------------- */

static void options_are_checked(void **state) {
    (void)state;
    gw_table *t;
    gw_error err;
    gw_table_options o = tt_options(GW_GAME_GERMAN, 1);
    assert_int_equal(gw_table_new(&o, &t, &err), GW_OK);
    gw_table_free(t);
    gw_table_options bad;
    bad = o, snprintf(bad.id, sizeof bad.id, "a b");
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, bad.id[0] = '\0';
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, bad.grace_s = GW_TABLE_GRACE_MAX + 1;
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, bad.card_s = 20;
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, snprintf(bad.secrets[1], sizeof bad.secrets[1], "%s", TT_S0);
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, snprintf(bad.secrets[1], sizeof bad.secrets[1], "%s", "0123456789ABCDEF0123456789abcdef");
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, snprintf(bad.secrets[0], sizeof bad.secrets[0], "%s", "0123");
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, bad.takeover_level = GW_AI_ORACLE;
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, bad.session.seats[1] = (gw_seat_config){GW_SEAT_COMPUTER, GW_AI_HARD, ""}, bad.rated = true;
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, bad.session.seats[0] = bad.session.seats[1] = (gw_seat_config){GW_SEAT_COMPUTER, GW_AI_HARD, ""};
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    bad = o, bad.session.rules.target = 0;
    assert_int_equal(gw_table_new(&bad, &t, &err), GW_EINVAL);
    gw_table_options a = tt_options(GW_GAME_ANDROID, 1);
    a.takeover_level = GW_ANDROID_LEVELS;
    assert_int_equal(gw_table_new(&a, &t, &err), GW_EINVAL);
    gw_table_options d;
    gw_table_options_default(&d, GW_GAME_GERMAN);
    assert_int_equal(d.grace_s, 60);
    assert_int_equal(d.card_s, 0);
    assert_true(d.listed);
    assert_false(d.rated);
    assert_int_equal(d.takeover_level, GW_AI_HARD);
    assert_int_equal(d.session.seats[1].kind, GW_SEAT_OUTSIDE);
}

/* ---- seats ------------------------------------------------------------------------------------------ */

static void seats_fill_and_the_match_starts(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    gw_table_options o = tt_options(GW_GAME_GERMAN, 42);
    gw_table *t = tt_table(&o);
    assert_int_equal(gw_table_phase_of(t), GW_TABLE_WAITING);
    assert_null(gw_table_session(t));
    tt_join(t, b, C0, TT_S0, "alice", "Alice \"A\"", 0, 0);
    json_t *tab = tt_find(b, C0, "table", 0);
    assert_non_null(tab);
    assert_string_equal(json_string_value(json_object_get(tab, "phase")), "waiting");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(tab, "you"), "player")), 0);
    assert_null(tt_view(b, C0)); /* nothing dealt yet */
    gw_table_seat seat;
    gw_table_seat_of(t, 0, &seat);
    assert_int_equal(seat.kind, GW_TSEAT_PERSON);
    assert_string_equal(seat.identity, "alice");
    assert_string_equal(seat.name, "Alice A"); /* no quotes in a record's name */
    assert_int_equal(seat.connections, 1);
    /* a spectator while waiting */
    tt_join(t, b, SPEC, "", "", "ignored", 0, 0);
    tab = tt_find(b, SPEC, "table", 0);
    assert_true(json_is_null(json_object_get(json_object_get(tab, "you"), "player")));
    assert_null(json_object_get(json_object_get(tab, "config"), "seed")); /* never the seed */
    /* a link that opens no seat; the other seat by the same person */
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    assert_int_equal(gw_table_join(t, C1, "00000000000000000000000000000000", "bob", "Bob", 0, 0, &out, &err),
                     GW_EINVAL);
    tt_take(b, &out);
    assert_string_equal(json_string_value(json_object_get(tt_find(b, C1, "error", 0), "code")), "bad_secret");
    assert_int_equal(b->n, 1);
    assert_int_equal(gw_table_join(t, C1, TT_S1, "alice", "Alice", 0, 0, &out, &err), GW_EINVAL);
    tt_take(b, &out);
    assert_string_equal(json_string_value(json_object_get(tt_find(b, C1, "error", 0), "code")), "both_seats");
    assert_int_equal(gw_table_join(t, C1, TT_S1, "Bad Identity", "Bob", 0, 0, &out, &err), GW_EINVAL);
    tt_take(b, &out);
    assert_int_equal(gw_table_phase_of(t), GW_TABLE_WAITING);
    /* bob takes seat 1: the first hand is dealt, everybody is told (alice's rating with her seat) */
    gw_table_set_rating(t, 0, 1612.5);
    tt_join(t, b, C1, TT_S1, "bob", "hard", 0, 0);
    gw_table_seat_of(t, 1, &seat);
    assert_string_equal(seat.name, "Hard"); /* never a level's name: a record would take it for one */
    tab = tt_find(b, C1, "table", 0);
    assert_true(json_real_value(json_array_get(json_object_get(tab, "ratings"), 0)) == 1612.5);
    assert_true(json_is_null(json_array_get(json_object_get(tab, "ratings"), 1)));
    assert_true(json_real_value(
                    json_object_get(json_array_get(json_object_get(tab, "seats"), 0), "rating")) == 1612.5);
    assert_int_equal(gw_table_phase_of(t), GW_TABLE_PLAYING);
    assert_non_null(gw_table_session(t));
    uint32_t last = gw_table_last_event(t);
    assert_true(last >= 3);
    gw_conn_id all[3] = {C0, C1, SPEC};
    for (int i = 0; i < 3; i++) {
        tab = tt_find(b, all[i], "table", 0);
        assert_non_null(tab);
        assert_string_equal(json_string_value(json_object_get(tab, "phase")), "playing");
        /* everybody, the others included, sees both persons connected */
        for (int p = 0; p < 2; p++)
            assert_true(json_is_true(
                json_object_get(json_array_get(json_object_get(tab, "seats"), (size_t)p), "connected")));
        assert_int_equal(tt_count(b, all[i], "event"), (int)last);
        json_t *v = tt_view(b, all[i]);
        assert_non_null(v);
        json_t *viewer = json_object_get(json_object_get(v, "view"), "viewer");
        if (all[i] == SPEC)
            assert_true(json_is_null(viewer));
        else
            assert_int_equal(json_integer_value(viewer), all[i] == C0 ? 0 : 1);
    }
    /* the record names the persons */
    char *rec = record_of(t);
    assert_non_null(strstr(rec, "[Player1 \"Alice A\"]"));
    assert_non_null(strstr(rec, "[Player2 \"Hard\"]"));
    free(rec);
    tt_clear(b);
    free(b);
    gw_table_free(t);
}

/* The player to act gets the engine's legal cards (or commands); the other and the spectator nothing. */
static void legal_actions_are_the_engines(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_game_kind game = g ? GW_GAME_ANDROID : GW_GAME_GERMAN;
        gw_table *t = two_people(game, 9, b);
        for (int k = 0; k < 30; k++) {
            const gw_session *s = gw_table_session(t);
            gw_turn turn = gw_session_turn(s);
            gw_conn_id conns[3] = {C0, C1, SPEC};
            /* a fresh view for everybody: a spectator joining makes none; a step does */
            if (!step(t, b, k)) break;
            s = gw_table_session(t);
            turn = gw_session_turn(s);
            if (turn.player < 0) continue;
            for (int i = 0; i < 3; i++) {
                json_t *v = tt_view(b, conns[i]);
                assert_non_null(v);
                json_t *legal = json_object_get(v, "legal");
                int viewer = i < 2 ? i : GW_SPECTATOR;
                if (viewer != turn.player) {
                    assert_int_equal(json_array_size(legal), 0);
                    continue;
                }
                size_t n = 0;
                if (turn.kind == GW_ACTION_CARD) {
                    gw_cards set = game == GW_GAME_GERMAN ? gw_game_legal(gw_session_game(s))
                                                          : gw_android_legal(gw_session_android_game(s));
                    n = (size_t)gw_count(set);
                    for (size_t j = 0; j < json_array_size(legal); j++)
                        assert_true(gw_has(set, tc(json_string_value(json_array_get(legal, j)))));
                } else {
                    for (int c = 0; c < GW_CMD_COUNT; c++) {
                        gw_action a = {GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)c};
                        n += gw_session_check(s, turn.player, &a, NULL) == GW_REFUSE_NONE;
                    }
                }
                assert_int_equal(json_array_size(legal), n);
            }
        }
        gw_table_free(t);
    }
    tt_clear(b);
    free(b);
}

/* A seat's link opened by another identity: the seat moves there, the old connection is told and follows
 * no more; a second tab of the same person is one more connection. */
static void a_seat_moves(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    gw_table *t = two_people(GW_GAME_GERMAN, 3, b);
    tt_join(t, b, C0B, TT_S0, "alice", "Alice", gw_table_last_event(t), 10);
    gw_table_seat seat;
    gw_table_seat_of(t, 0, &seat);
    assert_int_equal(seat.connections, 2);
    assert_int_equal(tt_count(b, C0B, "event"), 0);
    tt_join(t, b, 9, TT_S0, "carol", "Carol", gw_table_last_event(t), 20);
    assert_non_null(tt_find(b, C0, "table_moved", 0));
    assert_non_null(tt_find(b, C0B, "table_moved", 0));
    assert_null(tt_find(b, C1, "table_moved", 0));
    gw_table_seat_of(t, 0, &seat);
    assert_string_equal(seat.identity, "carol");
    assert_int_equal(seat.connections, 1);
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    assert_int_equal(gw_table_message(t, C0, "{\"type\":\"table_resign\"}", 23, 30, &out, &err), GW_EINVAL);
    assert_int_equal(out.n, 0);
    gw_table_free(t);
    tt_clear(b);
    free(b);
}

/* A connection that comes back with any event number gets exactly the events after it, or a full
 * resynchronisation (every event of the match in play) when the number is not the table's. */
static void resync_from_every_event_number(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_table *t = two_people(g ? GW_GAME_ANDROID : GW_GAME_GERMAN, 5, b);
        for (int k = 0; k < 25; k++)
            step(t, b, 0);
        for (int round = 0; round < 2; round++) {
            uint32_t last = gw_table_last_event(t);
            json_t *base_j = NULL;
            for (uint32_t since = 0; since <= last + 2; since++) {
                gw_conn_id c = 100 + since;
                tt_join(t, b, c, round == 0 ? NULL : TT_S1, round == 0 ? "" : "bob", "", since, 0);
                json_t *tab = tt_find(b, c, "table", 0);
                assert_non_null(tab);
                uint32_t base = (uint32_t)json_integer_value(json_object_get(tab, "base"));
                base_j = tab;
                bool known = since == 0 ? base == 0 : since >= base && since <= last;
                assert_int_equal(json_is_true(json_object_get(tab, "resync")), !known);
                uint32_t from = known ? since : base;
                assert_int_equal((uint32_t)json_integer_value(json_object_get(tab, "since")), from);
                assert_int_equal(tt_count(b, c, "event"), (int)(last - from));
                for (uint32_t n = from + 1; n <= last; n++) {
                    json_t *e = tt_find(b, c, "event", (int)(n - from - 1));
                    assert_int_equal(json_integer_value(json_object_get(e, "number")), n);
                }
                assert_non_null(tt_view(b, c));
                tt_leave(t, b, c, 0);
            }
            (void)base_j;
            /* the second round after a rematch: the numbers run on from the first match's */
            if (round == 0) {
                tt_send(t, b, C0, "{\"type\":\"table_resign\"}", 0);
                tt_send(t, b, C0, "{\"type\":\"table_rematch\"}", 0);
                tt_send(t, b, C1, "{\"type\":\"table_rematch\"}", 0);
                assert_int_equal(gw_table_phase_of(t), GW_TABLE_PLAYING);
                for (int k = 0; k < 10; k++)
                    step(t, b, 0);
            }
        }
        gw_table_free(t);
    }
    tt_clear(b);
    free(b);
}

/* ---- leaving, the grace period, claims, the computer ------------------------------------------------- */

static const char *code_of(const tt_box *b, gw_conn_id c) {
    json_t *e = tt_find(b, c, "error", 0);
    return e ? json_string_value(json_object_get(e, "code")) : "";
}

static void leaving_and_claiming(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    gw_table *t = two_people(GW_GAME_GERMAN, 8, b);
    assert_int_equal(gw_table_next_deadline(t), -1);
    tt_leave(t, b, C1, 1000);
    json_t *seats = tt_find(b, C0, "table_seats", 0);
    assert_non_null(seats);
    json_t *s1 = json_array_get(json_object_get(seats, "seats"), 1);
    assert_false(json_is_true(json_object_get(s1, "connected")));
    assert_int_equal(json_integer_value(json_object_get(s1, "grace_left_ms")), 60000);
    assert_non_null(tt_find(b, SPEC, "table_seats", 0));
    gw_table_seat seat;
    gw_table_seat_of(t, 1, &seat);
    assert_int_equal(seat.away_since_ms, 1000);
    assert_int_equal(gw_table_next_deadline(t), 61000);
    tt_send(t, b, C0, "{\"type\":\"table_claim\"}", 60999);
    assert_string_equal(code_of(b, C0), "not_now");
    tt_send(t, b, C0, "{\"type\":\"table_computer\"}", 2000);
    assert_string_equal(code_of(b, C0), "not_now");
    tt_tick(t, b, 30000);
    assert_int_equal(b->n, 0);
    tt_tick(t, b, 61000);
    assert_non_null(tt_find(b, C0, "table_seats", 0));
    assert_int_equal(gw_table_next_deadline(t), -1);
    tt_send(t, b, SPEC, "{\"type\":\"table_claim\"}", 61000);
    assert_string_equal(code_of(b, SPEC), "not_seated");
    tt_send(t, b, C0, "{\"type\":\"table_claim\"}", 61000);
    json_t *over = tt_find(b, SPEC, "table_over", 0);
    assert_non_null(over);
    assert_int_equal(json_integer_value(json_object_get(over, "winner")), 0);
    assert_string_equal(json_string_value(json_object_get(over, "how")), "claimed");
    assert_int_equal(gw_table_phase_of(t), GW_TABLE_OVER);
    /* over: nothing is played */
    char text[160];
    int p;
    if (tt_legal_text(t, text, sizeof text, &p)) {
        tt_send(t, b, p == 0 ? C0 : SPEC, text, 62000);
        assert_int_equal(b->n, 1);
    }
    gw_table_free(t);
    tt_clear(b);
    free(b);
}

/* After the grace period the computer takes the empty seat (the hand marked Takeover), plays it, and the
 * person who comes back takes it again. */
static void the_computer_takes_the_seat_and_the_person_comes_back(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_table *t = two_people(g ? GW_GAME_ANDROID : GW_GAME_GERMAN, 12, b);
        for (int k = 0; k < 5; k++)
            step(t, b, 0);
        tt_leave(t, b, C1, 0);
        tt_send(t, b, C0, "{\"type\":\"table_computer\"}", 60000);
        assert_string_equal(code_of(b, C0), "");
        gw_table_seat seat;
        gw_table_seat_of(t, 1, &seat);
        assert_true(seat.taken_over);
        assert_int_equal(gw_session_config_of(gw_table_session(t))->seats[1].kind, GW_SEAT_COMPUTER);
        int computer_moves = 0;
        for (int k = 0; k < 40; k++) {
            if (gw_table_computer_due(t)) computer_moves++;
            step(t, b, 60000 + k);
        }
        assert_true(computer_moves > 0);
        char *rec = record_of(t);
        assert_non_null(strstr(rec, "[Takeover \"2\"]"));
        free(rec);
        /* bob comes back: his seat again */
        tt_join(t, b, C1, TT_S1, "bob", "Bob", 0, 70000);
        gw_table_seat_of(t, 1, &seat);
        assert_false(seat.taken_over);
        assert_int_equal(gw_session_config_of(gw_table_session(t))->seats[1].kind, GW_SEAT_OUTSIDE);
        assert_non_null(tt_find(b, C0, "table_seats", 0));
        gw_table_free(t);
    }
    tt_clear(b);
    free(b);
}

/* ---- the clock ------------------------------------------------------------------------------------- */

static void the_clock_plays_a_card_and_marks_the_hand(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_table_options o = tt_options(g ? GW_GAME_ANDROID : GW_GAME_GERMAN, 77);
        o.card_s = 15;
        gw_table *t = tt_table(&o);
        tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 1000);
        assert_int_equal(gw_table_next_deadline(t), -1); /* no clock while waiting */
        tt_join(t, b, C1, TT_S1, "bob", "Bob", 0, 2000);
        assert_int_equal(gw_table_next_deadline(t), 17000);
        int p = gw_session_turn(gw_table_session(t)).player;
        json_t *clock = json_object_get(tt_view(b, C0), "clock");
        assert_int_equal(json_integer_value(json_object_get(clock, "player")), p);
        assert_int_equal(json_integer_value(json_object_get(clock, "left_ms")), 15000);
        tt_tick(t, b, 16999);
        assert_false(gw_table_computer_due(t));
        tt_tick(t, b, 17000);
        assert_true(gw_table_computer_due(t));
        assert_int_equal(json_array_size(json_object_get(tt_view(b, p == 0 ? C0 : C1), "legal")), 0);
        char text[160];
        int q;
        assert_true(tt_legal_text(t, text, sizeof text, &q));
        tt_send(t, b, p == 0 ? C0 : C1, text, 17001);
        assert_string_equal(code_of(b, p == 0 ? C0 : C1), "not_now");
        uint32_t before = gw_table_last_event(t);
        tt_computer(t, b, 17100);
        assert_true(gw_table_last_event(t) > before);
        assert_int_equal(gw_session_config_of(gw_table_session(t))->seats[p].kind, GW_SEAT_OUTSIDE);
        char *rec = record_of(t);
        assert_non_null(strstr(rec, p == 0 ? "[Timeout \"1\"]" : "[Timeout \"2\"]"));
        free(rec);
        /* the next card's clock runs from the computer's card */
        int next = gw_session_turn(gw_table_session(t)).player;
        if (next >= 0) assert_int_equal(gw_table_next_deadline(t), 17100 + 15000);
        /* no clock against a player who is away */
        tt_leave(t, b, next == 0 ? C0 : C1, 18000);
        assert_int_equal(gw_table_next_deadline(t), 18000 + 60000);
        /* coming back wins no time: the card keeps what it had left (14.1 s) */
        if (next >= 0) {
            tt_join(t, b, next == 0 ? C0 : C1, next == 0 ? TT_S0 : TT_S1, next == 0 ? "alice" : "bob", "", 0,
                    50000);
            assert_int_equal(gw_table_next_deadline(t), 50000 + 14100);
            /* and through a save and a load too */
            tt_leave(t, b, next == 0 ? C0 : C1, 51000);
            char *saved = save_of(t);
            gw_table *u;
            gw_error err;
            assert_int_equal(gw_table_load(saved, strlen(saved), &o.session, 70000, &u, &err), GW_OK);
            free(saved);
            tt_join(u, b, C0, TT_S0, "alice", "", 0, 80000);
            tt_join(u, b, C1, TT_S1, "bob", "", 0, 80000);
            assert_int_equal(gw_table_next_deadline(u), 80000 + 13100);
            gw_table_free(u);
        }
        tt_clear(b);
        gw_table_free(t);
    }
    free(b);
}

/* ---- rematch ---------------------------------------------------------------------------------------- */

static int first_dealer_of(const gw_table *t) {
    gw_event e;
    assert_int_equal(gw_session_events(gw_table_session(t), 1, GW_SPECTATOR, &e, 1), 1);
    return e.player;
}

static void rematches_alternate_the_first_dealer(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_table_options o = tt_options(g ? GW_GAME_ANDROID : GW_GAME_GERMAN, 1234);
        o.session.rules.target = 1;
        gw_table *t = tt_table(&o);
        tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
        tt_join(t, b, C1, TT_S1, "bob", "Bob", 0, 0);
        tt_join(t, b, SPEC, NULL, "", "", 0, 0);
        uint64_t seed1 = gw_session_config_of(gw_table_session(t))->seed;
        for (int m = 1; m <= 3; m++) {
            int dealer = first_dealer_of(t);
            tt_send(t, b, C0, "{\"type\":\"table_rematch\"}", 0);
            assert_string_equal(code_of(b, C0), "not_now");
            if (g == 0) {
                while (step(t, b, 0)) {
                }
                assert_non_null(tt_find(b, SPEC, "table_over", 0));
                assert_string_equal(
                    json_string_value(json_object_get(tt_find(b, SPEC, "table_over", 0), "how")), "played");
            } else {
                tt_send(t, b, C1, "{\"type\":\"table_resign\"}", 0);
            }
            assert_int_equal(gw_table_phase_of(t), GW_TABLE_OVER);
            uint32_t last = gw_table_last_event(t);
            tt_send(t, b, C0, "{\"type\":\"table_rematch\"}", 0);
            json_t *r = tt_find(b, C1, "table_rematch", 0);
            assert_non_null(r);
            assert_true(json_is_true(json_array_get(json_object_get(r, "offered"), 0)));
            assert_false(json_is_true(json_array_get(json_object_get(r, "offered"), 1)));
            tt_send(t, b, C0, "{\"type\":\"table_rematch\"}", 0);
            assert_string_equal(code_of(b, C0), "not_now");
            tt_send(t, b, C1, "{\"type\":\"table_rematch\"}", 0);
            assert_int_equal(gw_table_phase_of(t), GW_TABLE_PLAYING);
            json_t *tab = tt_find(b, SPEC, "table", 0);
            assert_int_equal(json_integer_value(json_object_get(tab, "match")), m + 1);
            assert_int_equal(json_integer_value(json_object_get(tab, "base")), last);
            json_t *e = tt_find(b, SPEC, "event", 0);
            assert_int_equal(json_integer_value(json_object_get(e, "number")), last + 1);
            assert_int_equal(first_dealer_of(t), 1 - dealer);
            const gw_session_config *c = gw_session_config_of(gw_table_session(t));
            assert_true(c->seed != seed1);
            assert_int_equal(c->rules.target, g == 0 ? 1 : c->rules.target);
        }
        gw_table_free(t);
    }
    tt_clear(b);
    free(b);
}

/* ---- chat and resigning ----------------------------------------------------------------------------- */

static void chat_goes_where_it_should(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    gw_table *t = two_people(GW_GAME_GERMAN, 4, b);
    tt_join(t, b, SPEC2, NULL, "", "", 0, 0);
    tt_send(t, b, C0, "{\"type\":\"table_chat\",\"phrase\":\"good_game\"}", 0);
    gw_conn_id all[4] = {C0, C1, SPEC, SPEC2};
    for (int i = 0; i < 4; i++) {
        json_t *m = tt_find(b, all[i], "table_chat", 0);
        assert_non_null(m);
        assert_int_equal(json_integer_value(json_object_get(m, "from")), 0);
        assert_string_equal(json_string_value(json_object_get(m, "phrase")), "good_game");
    }
    tt_send(t, b, SPEC, "{\"type\":\"table_chat\",\"phrase\":\"oops\"}", 0);
    assert_null(tt_find(b, C0, "table_chat", 0));
    assert_null(tt_find(b, C1, "table_chat", 0));
    assert_string_equal(json_string_value(json_object_get(tt_find(b, SPEC2, "table_chat", 0), "from")),
                        "spectator");
    assert_non_null(tt_find(b, SPEC, "table_chat", 0));
    tt_send(t, b, C1, "{\"type\":\"table_chat\",\"phrase\":\"you lose\"}", 0);
    assert_string_equal(code_of(b, C1), "bad_value");
    assert_int_equal(b->n, 1);
    gw_table_free(t);
    tt_clear(b);
    free(b);
}

static void resigning_ends_the_match(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    gw_table *t = two_people(GW_GAME_ANDROID, 4, b);
    tt_send(t, b, SPEC, "{\"type\":\"table_resign\"}", 0);
    assert_string_equal(code_of(b, SPEC), "not_seated");
    tt_send(t, b, C1, "{\"type\":\"table_resign\"}", 0);
    json_t *over = tt_find(b, C0, "table_over", 0);
    assert_int_equal(json_integer_value(json_object_get(over, "winner")), 0);
    assert_string_equal(json_string_value(json_object_get(over, "how")), "resigned");
    tt_send(t, b, C0, "{\"type\":\"table_resign\"}", 0);
    assert_string_equal(code_of(b, C0), "table_over");
    tt_send(t, b, C1, "{\"type\":\"table_next\"}", 0);
    assert_string_equal(code_of(b, C1), "table_over");
    /* someone joining later learns how it ended */
    tt_join(t, b, SPEC2, NULL, "", "", 0, 0);
    assert_non_null(tt_find(b, SPEC2, "table_over", 0));
    gw_table_free(t);
    tt_clear(b);
    free(b);
}

/* ---- save and load ----------------------------------------------------------------------------------- */

static void save_and_load_mid_hand(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_table_options o = tt_options(g ? GW_GAME_ANDROID : GW_GAME_GERMAN, 31);
        o.card_s = 30;
        gw_table *t = tt_table(&o);
        tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
        tt_join(t, b, C1, TT_S1, "bob", "Bob", 0, 0);
        for (int k = 0; k < 9; k++)
            step(t, b, 0);
        tt_send(t, b, C1, "{\"type\":\"table_chat\",\"phrase\":\"thanks\"}", 0);
        tt_leave(t, b, C1, 100);
        tt_send(t, b, C0, "{\"type\":\"table_computer\"}", 60100);
        for (int k = 0; k < 3; k++)
            step(t, b, 60100);
        char *saved = save_of(t);
        char *rec = record_of(t);
        uint32_t last = gw_table_last_event(t);
        gw_table *u;
        gw_error err;
        if (gw_table_load(saved, strlen(saved), &o.session, 90000, &u, &err) != GW_OK)
            fail_msg("gw_table_load: %s", err.msg);
        assert_int_equal(gw_table_last_event(u), last);
        assert_int_equal(gw_table_phase_of(u), GW_TABLE_PLAYING);
        char *rec2 = record_of(u);
        assert_string_equal(rec, rec2);
        char *saved2 = save_of(u);
        gw_table_seat seat;
        gw_table_seat_of(u, 0, &seat);
        assert_int_equal(seat.away_since_ms, 90000);
        assert_int_equal(seat.connections, 0);
        gw_table_seat_of(u, 1, &seat);
        assert_true(seat.taken_over);
        assert_string_equal(seat.identity, "bob");
        assert_int_equal(gw_session_config_of(gw_table_session(u))->seats[1].kind, GW_SEAT_COMPUTER);
        /* alice comes back with the last number she saw: nothing missed */
        tt_join(u, b, C0, TT_S0, "alice", "Alice", last, 90000);
        assert_int_equal(tt_count(b, C0, "event"), 0);
        assert_false(json_is_true(json_object_get(tt_find(b, C0, "table", 0), "resync")));
        /* the game goes on */
        for (int k = 0; k < 20; k++)
            step(u, b, 90000);
        assert_true(gw_table_last_event(u) > last);
        /* bad saves */
        gw_table *x;
        assert_int_equal(gw_table_load("{}", 2, &o.session, 0, &x, &err), GW_EINVAL);
        assert_int_equal(gw_table_load("nonsense", 8, &o.session, 0, &x, &err), GW_EINVAL);
        char *broken = malloc(strlen(saved) + 1);
        memcpy(broken, saved, strlen(saved) + 1);
        char *r = strstr(broken, "[Deck ");
        if (r) r[7] = r[7] == 'A' ? 'K' : 'A';
        assert_int_equal(gw_table_load(broken, strlen(broken), &o.session, 0, &x, &err), GW_EINVAL);
        free(broken);
        free(saved);
        free(saved2);
        free(rec);
        free(rec2);
        gw_table_free(t);
        gw_table_free(u);
    }
    tt_clear(b);
    free(b);
}

/* ---- strict reading ----------------------------------------------------------------------------------- */

/* Every kind of malformed message: an error with its code to that connection alone, the table unchanged
 * (its save the same text). */
static void bad_messages_change_nothing(void **state) {
    (void)state;
    static const struct {
        const char *text, *code;
    } BAD[] = {
        {"", "bad_json"},
        {"{", "bad_json"},
        {"{} x", "bad_json"},
        {"[1]", "not_object"},
        {"\"table_act\"", "not_object"},
        {"{\"type\":\"table_next\",\"type\":\"table_next\"}", "duplicate_key"},
        {"{}", "missing_field"},
        {"{\"type\":7}", "wrong_type"},
        {"{\"type\":\"table_dance\"}", "unknown_type"},
        {"{\"type\":\"act\",\"action\":{\"type\":\"play\",\"card\":\"AS\"}}", "unknown_type"},
        {"{\"type\":\"table_next\",\"x\":1}", "unknown_field"},
        {"{\"type\":\"table_act\"}", "missing_field"},
        {"{\"type\":\"table_act\",\"action\":\"AS\"}", "wrong_type"},
        {"{\"type\":\"table_act\",\"action\":{\"type\":\"play\",\"card\":\"as\"}}", "bad_card"},
        {"{\"type\":\"table_act\",\"action\":{\"type\":\"play\",\"card\":\"1S\"}}", "bad_card"},
        {"{\"type\":\"table_act\",\"action\":{\"type\":\"play\"}}", "missing_field"},
        {"{\"type\":\"table_act\",\"action\":{\"type\":\"play\",\"card\":\"AS\",\"x\":1}}", "unknown_field"},
        {"{\"type\":\"table_act\",\"action\":{\"type\":\"command\",\"command\":\"jump\"}}", "bad_command"},
        {"{\"type\":\"table_act\",\"action\":{\"type\":\"fly\"}}", "unknown_type"},
        {"{\"type\":\"table_chat\"}", "missing_field"},
        {"{\"type\":\"table_chat\",\"phrase\":1}", "wrong_type"},
        {"{\"type\":\"table_chat\",\"phrase\":\"hello\"}", "bad_value"},
        {"{\"type\":\"table_chat\",\"phrase\":\"oops\\u0000\"}", "bad_json"},
        {"{\"type\":\"table_claim\"}", "not_now"},
        {"{\"type\":\"table_computer\"}", "not_now"},
        {"{\"type\":\"table_rematch\"}", "not_now"},
        {"{\"type\":\"table_next\"}", "not_now"},
    };
    tt_box *b = calloc(1, sizeof *b);
    gw_table *t = two_people(GW_GAME_GERMAN, 6, b);
    step(t, b, 0);
    char *before = save_of(t);
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        tt_send(t, b, C0, BAD[i].text, 0);
        assert_int_equal(b->n, 1);
        assert_int_equal(b->conn[0], C0);
        assert_string_equal(tt_type(b->msg[0]), "error");
        if (strcmp(json_string_value(json_object_get(b->msg[0], "code")), BAD[i].code) != 0)
            fail_msg("%s: %s, not %s", BAD[i].text, json_string_value(json_object_get(b->msg[0], "code")),
                     BAD[i].code);
        char *after = save_of(t);
        assert_string_equal(before, after);
        free(after);
    }
    /* a NUL byte, and a message too long */
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    assert_int_equal(gw_table_message(t, C0, "{\"type\":\0}", 10, 0, &out, &err), GW_OK);
    tt_take(b, &out);
    assert_string_equal(code_of(b, C0), "nul_byte");
    size_t n = GW_PROTOCOL_LINE_MAX + 10;
    char *big = malloc(n);
    memset(big, ' ', n);
    big[0] = '{';
    big[n - 1] = '}';
    assert_int_equal(gw_table_message(t, C0, big, n, 0, &out, &err), GW_OK);
    tt_take(b, &out);
    assert_string_equal(code_of(b, C0), "too_long");
    free(big);
    /* the rules' refusals: not this player's turn, a card not held */
    int p = gw_session_turn(gw_table_session(t)).player;
    gw_cards opp = gw_session_game(gw_table_session(t))->hand[1 - p];
    char text[160], name[3];
    gw_card_format(gw_first(opp), name);
    tt_act_text(name, false, text, sizeof text);
    tt_send(t, b, p == 0 ? C1 : C0, text, 0);
    assert_string_equal(code_of(b, p == 0 ? C1 : C0), "not_your_turn");
    tt_send(t, b, p == 0 ? C0 : C1, text, 0);
    assert_string_equal(code_of(b, p == 0 ? C0 : C1), "not_held");
    char *after = save_of(t);
    assert_string_equal(before, after);
    free(after);
    /* a connection that does not follow the table */
    assert_int_equal(gw_table_message(t, 99, "{\"type\":\"table_next\"}", 21, 0, &out, &err), GW_EINVAL);
    assert_int_equal(out.n, 0);
    free(before);
    gw_table_free(t);
    tt_clear(b);
    free(b);
}

/* ---- a computer seat, and the decision lent to a worker --------------------------------------------- */

/* A table against a computer level: the person's join deals, the computer acts when due (blocking or split
 * in three), actions wait while its decision is out, and the person's rematch alone starts the next match. */
static void a_computer_seat_plays_and_thinks_apart(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_game_kind game = g ? GW_GAME_ANDROID : GW_GAME_GERMAN;
        gw_table_options o = tt_options(game, 55);
        o.session.seats[1] =
            (gw_seat_config){GW_SEAT_COMPUTER, game == GW_GAME_ANDROID ? GW_ANDROID_EASY : GW_AI_EASY, ""};
        o.session.rules.target = 1;
        gw_table *t = tt_table(&o);
        gw_table_seat seat;
        gw_table_seat_of(t, 1, &seat);
        assert_int_equal(seat.kind, GW_TSEAT_COMPUTER);
        tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
        assert_int_equal(gw_table_phase_of(t), GW_TABLE_PLAYING);
        /* the computer's seat opens to nobody */
        gw_table_out out;
        gw_table_out_init(&out);
        gw_error err;
        assert_int_equal(gw_table_join(t, C1, TT_S1, "bob", "Bob", 0, 0, &out, &err), GW_EINVAL);
        gw_table_out_clear(&out);
        gw_thought *th;
        while (!gw_table_computer_due(t))
            assert_true(step(t, b, 0));
        assert_int_equal(gw_table_think_begin(t, &th, &err), GW_OK);
        assert_false(gw_table_computer_due(t));
        gw_thought *second;
        assert_int_equal(gw_table_think_begin(t, &second, &err), GW_ESTATE);
        assert_null(second);
        tt_send(t, b, C0, "{\"type\":\"table_next\"}", 0);
        assert_string_equal(code_of(b, C0), "busy");
        uint32_t before = gw_table_last_event(t);
        gw_thought_run(th);
        assert_int_equal(gw_table_think_end(t, th, 0, &out, &err), GW_OK);
        tt_take(b, &out);
        assert_true(gw_table_last_event(t) > before);
        assert_true(tt_count(b, C0, "event") > 0);
        /* the match to its end (resigned if long), then the person's rematch alone */
        for (int k = 0; k < 400 && step(t, b, 0); k++) {
        }
        if (gw_table_phase_of(t) == GW_TABLE_PLAYING) tt_send(t, b, C0, "{\"type\":\"table_resign\"}", 0);
        assert_int_equal(gw_table_phase_of(t), GW_TABLE_OVER);
        tt_send(t, b, C0, "{\"type\":\"table_rematch\"}", 0);
        assert_int_equal(gw_table_phase_of(t), GW_TABLE_PLAYING);
        assert_non_null(tt_find(b, C0, "table", 0));
        /* a decision out when the person resigns: void at its end */
        while (!gw_table_computer_due(t))
            assert_true(step(t, b, 0));
        assert_int_equal(gw_table_think_begin(t, &th, &err), GW_OK);
        tt_send(t, b, C0, "{\"type\":\"table_resign\"}", 0);
        before = gw_table_last_event(t);
        gw_thought_run(th);
        assert_int_equal(gw_table_think_end(t, th, 0, &out, &err), GW_OK);
        assert_int_equal(out.n, 0);
        assert_int_equal(gw_table_last_event(t), before);
        gw_table_out_clear(&out);
        gw_table_free(t);
    }
    tt_clear(b);
    free(b);
}

/* gw_table_hint: the hint of the player to play a card (the session's, from its own view), refused for the
 * other player, while a decision is out, in Android Whist, and after the match. */
static void hints_for_the_player_to_play(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    gw_table_options o = tt_options(GW_GAME_GERMAN, 77);
    o.session.seats[1] = (gw_seat_config){GW_SEAT_COMPUTER, GW_AI_EASY, ""};
    o.session.rules.target = 1;
    gw_table *t = tt_table(&o);
    gw_hint h;
    gw_error err;
    assert_int_equal(gw_table_hint(t, 0, &h, &err), GW_ESTATE); /* waiting: nothing dealt */
    tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
    int hints = 0;
    for (int k = 0; k < 400 && gw_table_phase_of(t) == GW_TABLE_PLAYING; k++) {
        gw_turn turn = gw_session_turn(gw_table_session(t));
        if (turn.player == 0 && gw_session_state_of(gw_table_session(t)) == GW_SESSION_PLAYING) {
            assert_int_equal(gw_table_hint(t, 0, &h, &err), GW_OK);
            assert_true(h.count >= 1);
            assert_int_equal(gw_table_hint(t, 1, &h, &err), GW_ESTATE);
            hints++;
        }
        assert_int_equal(gw_table_hint(t, 2, &h, &err), GW_EINVAL);
        if (gw_table_computer_due(t)) {
            gw_thought *th;
            assert_int_equal(gw_table_think_begin(t, &th, &err), GW_OK);
            assert_int_equal(gw_table_hint(t, 0, &h, &err), GW_ESTATE);
            gw_table_think_cancel(t, th);
        }
        if (!step(t, b, 0)) break;
    }
    assert_true(hints > 0);
    if (gw_table_phase_of(t) == GW_TABLE_PLAYING) tt_send(t, b, C0, "{\"type\":\"table_resign\"}", 0);
    assert_int_equal(gw_table_hint(t, 0, &h, &err), GW_ESTATE);
    gw_table_free(t);
    /* Android Whist has no hints */
    o = tt_options(GW_GAME_ANDROID, 78);
    o.session.seats[1] = (gw_seat_config){GW_SEAT_COMPUTER, GW_ANDROID_EASY, ""};
    t = tt_table(&o);
    tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
    for (int k = 0; k < 50 && gw_session_turn(gw_table_session(t)).player != 0; k++)
        assert_true(step(t, b, 0));
    assert_int_equal(gw_table_hint(t, 0, &h, &err), GW_ESTATE);
    gw_table_free(t);
    tt_clear(b);
    free(b);
}

/* Every card named in j but the German view's "unseen" (the cards the viewer cannot place) is not hidden. */
static void assert_hides(const json_t *j, gw_cards hidden) {
    if (json_is_string(j)) {
        gw_card c;
        if (json_string_length(j) == 2 && gw_card_parse(json_string_value(j), 2, &c) == GW_OK)
            assert_false(gw_has(hidden, c));
    } else if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            assert_hides(json_array_get(j, i), hidden);
    } else if (json_is_object(j)) {
        const char *key;
        json_t *v;
        json_object_foreach((json_t *)j, key, v) {
            if (strcmp(key, "unseen") != 0) assert_hides(v, hidden);
        }
    }
}

/* The person against a computer seat takes back a card (table_undo, the options' session.undo): refused
 * while nothing of the hand is theirs to take back, while a decision is out, from a spectator; then the undo
 * event and the view to the seat and the spectator (no hidden card, the German table as it was before the
 * card), the hand marked Assisted; refused between two persons (gw_table_new refuses the option, a table
 * without it answers cannot_undo) and at a computer's table whose host did not allow it. */
static void undo_against_the_computer(void **state) {
    (void)state;
    tt_box *b = calloc(1, sizeof *b);
    for (int g = 0; g < 2; g++) {
        gw_game_kind game = g ? GW_GAME_ANDROID : GW_GAME_GERMAN;
        gw_table_options o = tt_options(game, 91);
        o.session.seats[1] =
            (gw_seat_config){GW_SEAT_COMPUTER, game == GW_GAME_ANDROID ? GW_ANDROID_EASY : GW_AI_EASY, ""};
        o.session.undo = true;
        gw_table *t = tt_table(&o);
        tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
        tt_join(t, b, SPEC, NULL, "", "", 0, 0);
        while (gw_table_computer_due(t))
            tt_computer(t, b, 0);
        /* nothing of this hand is alice's yet */
        uint32_t last = gw_table_last_event(t);
        tt_send(t, b, C0, "{\"type\":\"table_undo\"}", 0);
        assert_string_equal(code_of(b, C0), "cannot_undo");
        assert_int_equal(b->n, 1);
        assert_int_equal(gw_table_last_event(t), last);
        tt_send(t, b, SPEC, "{\"type\":\"table_undo\"}", 0);
        assert_string_equal(code_of(b, SPEC), "not_seated");
        /* alice plays until she may take back a card at her turn; her table before her last card is kept */
        json_t *before_last = NULL, *at_turn = NULL;
        bool ready = false, busy_seen = false;
        gw_error err;
        for (int k = 0; k < 200 && !ready; k++) {
            if (gw_table_computer_due(t)) {
                if (!busy_seen && before_last) { /* a decision out: busy */
                    gw_thought *th;
                    assert_int_equal(gw_table_think_begin(t, &th, &err), GW_OK);
                    tt_send(t, b, C0, "{\"type\":\"table_undo\"}", 0);
                    assert_string_equal(code_of(b, C0), "busy");
                    gw_table_think_cancel(t, th);
                    busy_seen = true;
                }
                tt_computer(t, b, 0);
            } else {
                char text[160];
                int p;
                if (!tt_legal_text(t, text, sizeof text, &p)) {
                    tt_send(t, b, C0, "{\"type\":\"table_next\"}", 0);
                    continue;
                }
                assert_int_equal(p, 0);
                json_decref(before_last);
                before_last = at_turn;
                at_turn = NULL;
                tt_send(t, b, C0, text, 0);
            }
            json_t *v = tt_view(b, C0);
            if (v && json_array_size(json_object_get(v, "legal")) > 0) {
                at_turn = json_deep_copy(v);
                ready = json_is_true(json_object_get(json_object_get(v, "view"), "can_undo")) && before_last;
            }
        }
        assert_true(ready);
        assert_true(busy_seen);
        last = gw_table_last_event(t);
        tt_send(t, b, C0, "{\"type\":\"table_undo\"}", 0);
        assert_null(tt_find(b, C0, "error", 0));
        assert_int_equal(gw_table_last_event(t), last + 1);
        const gw_session *s = gw_table_session(t);
        for (int k = 0; k < 2; k++) {
            gw_conn_id c = k ? SPEC : C0;
            json_t *e = tt_find(b, c, "event", 0);
            assert_non_null(e);
            assert_string_equal(json_string_value(json_object_get(e, "kind")), "undo");
            assert_int_equal(json_integer_value(json_object_get(e, "player")), 0);
            assert_int_equal(json_integer_value(json_object_get(e, "number")), last + 1);
            assert_int_equal(tt_count(b, c, "event"), 1);
            assert_int_equal(tt_count(b, c, "table_view"), 1);
            gw_cards hidden = tt_hidden(s, k ? GW_SPECTATOR : 0);
            for (size_t i = 0; i < b->n; i++)
                if (b->conn[i] == c) assert_hides(b->msg[i], hidden);
        }
        json_t *v = tt_view(b, C0);
        if (game == GW_GAME_GERMAN)
            assert_true(json_equal(json_object_get(json_object_get(v, "view"), "table"),
                                   json_object_get(json_object_get(before_last, "view"), "table")));
        assert_true(json_equal(json_object_get(v, "legal"), json_object_get(before_last, "legal")));
        assert_int_equal(json_array_size(json_object_get(tt_view(b, SPEC), "legal")), 0);
        char *rec = record_of(t);
        assert_non_null(strstr(rec, "Assisted"));
        free(rec);
        /* the save keeps the option: the loaded table still takes back cards */
        char *saved = save_of(t);
        gw_table *u;
        assert_int_equal(gw_table_load(saved, strlen(saved), &o.session, 0, &u, &err), GW_OK);
        assert_true(gw_session_config_of(gw_table_session(u))->undo);
        gw_table_free(u);
        free(saved);
        json_decref(before_last);
        json_decref(at_turn);
        gw_table_free(t);
        /* the host did not allow it: cannot_undo, even with a card to take back */
        o.session.undo = false;
        t = tt_table(&o);
        tt_join(t, b, C0, TT_S0, "alice", "Alice", 0, 0);
        for (int k = 0; k < 40; k++)
            assert_true(step(t, b, 0));
        while (gw_table_computer_due(t))
            tt_computer(t, b, 0);
        tt_send(t, b, C0, "{\"type\":\"table_undo\"}", 0);
        assert_string_equal(code_of(b, C0), "cannot_undo");
        gw_table_free(t);
        /* never between two persons */
        o = tt_options(game, 92);
        o.session.undo = true;
        gw_table *none = NULL;
        assert_int_equal(gw_table_new(&o, &none, &err), GW_EINVAL);
        assert_null(none);
        t = two_people(game, 92, b);
        for (int k = 0; k < 6; k++)
            assert_true(step(t, b, 0));
        for (int k = 0; k < 2; k++) {
            gw_conn_id c = k ? C1 : C0;
            last = gw_table_last_event(t);
            tt_send(t, b, c, "{\"type\":\"table_undo\"}", 0);
            assert_string_equal(code_of(b, c), "cannot_undo");
            assert_int_equal(b->n, 1);
            assert_int_equal(gw_table_last_event(t), last);
        }
        gw_table_free(t);
    }
    tt_clear(b);
    free(b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_are_checked),
        cmocka_unit_test(seats_fill_and_the_match_starts),
        cmocka_unit_test(legal_actions_are_the_engines),
        cmocka_unit_test(a_seat_moves),
        cmocka_unit_test(resync_from_every_event_number),
        cmocka_unit_test(leaving_and_claiming),
        cmocka_unit_test(the_computer_takes_the_seat_and_the_person_comes_back),
        cmocka_unit_test(the_clock_plays_a_card_and_marks_the_hand),
        cmocka_unit_test(rematches_alternate_the_first_dealer),
        cmocka_unit_test(chat_goes_where_it_should),
        cmocka_unit_test(resigning_ends_the_match),
        cmocka_unit_test(save_and_load_mid_hand),
        cmocka_unit_test(bad_messages_change_nothing),
        cmocka_unit_test(a_computer_seat_plays_and_thinks_apart),
        cmocka_unit_test(hints_for_the_player_to_play),
        cmocka_unit_test(undo_against_the_computer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
