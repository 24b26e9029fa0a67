/* test_table_property.c: random two-human tables of both games (legal and illegal actions, joins, leaves
 * and reconnections with random event numbers, seat moves, spectators coming and going, chat, ticks, claims,
 * the computer taking seats, rematches, garbage), and after EVERY call the check that no connection got a
 * card hidden from its viewer: the hidden cards are computed from the engine's true hands (table_test.h,
 * tt_hidden), not by the session's visibility code, and every card named anywhere in every message is looked
 * up. GW_TABLE_GAMES sets how many tables (default 12: a few seconds under the sanitizers); the scenario test
 * runs 10,000. */
#define _POSIX_C_SOURCE 200809L
#include "table_test.h"

#include "gw/protocol.h"
#include "gw/rng.h"
#include "gw/session.h"

#define MAX_CONNS 16

/* What the random tables went through, over the whole run (printed at the end, to see the paths are taken).
 */
typedef struct tally {
    long played, claimed, resigned, moved, resyncs, timeouts, takeovers, rematches;
} tally;

typedef struct conn {
    gw_conn_id id;
    int viewer; /* 0, 1, GW_SPECTATOR */
    bool on;
} conn;

typedef struct world {
    gw_table *t;
    gw_rng rng;
    int64_t now;
    conn conns[MAX_CONNS];
    gw_conn_id next_id;
    const char *identity[2]; /* who holds each seat now */
    gw_view *view;
    size_t last_n;       /* messages of the last call */
    uint64_t seen[8192]; /* the texts checked in the call, by hash */
    long messages, calls;
    tally *tally;
    int match_seen; /* the highest match number seen */
    uint64_t game_no;
} world;

static uint32_t below(world *w, uint32_t n) { return gw_rng_below(&w->rng, n); }

/* Every card named in j (but the German view's "unseen": the set of the cards the viewer cannot place,
 * checked apart) must not be hidden; the cards found are ORed into *named. */
static void scan(const json_t *j, gw_cards hidden, const char *where, const world *w, int viewer) {
    if (json_is_string(j)) {
        const char *s = json_string_value(j);
        gw_card c;
        if (json_string_length(j) == 2 && gw_card_parse(s, 2, &c) == GW_OK && gw_has(hidden, c))
            fail_msg("game %llu: viewer %d got hidden card %s in %s", (unsigned long long)w->game_no, viewer,
                     s, where);
        return;
    }
    if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            scan(json_array_get(j, i), hidden, where, w, viewer);
        return;
    }
    if (json_is_object(j)) {
        const char *key;
        json_t *v;
        json_object_foreach((json_t *)j, key, v) {
            if (strcmp(key, "unseen") == 0) continue;
            scan(v, hidden, key, w, viewer);
        }
    }
}

static gw_cards cards_of(const json_t *a) {
    gw_cards set = 0;
    for (size_t i = 0; i < json_array_size(a); i++) {
        gw_card c;
        assert_int_equal(gw_card_parse(json_string_value(json_array_get(a, i)), 2, &c), GW_OK);
        set |= gw_bit(c);
    }
    return set;
}

static conn *conn_of(world *w, gw_conn_id id) {
    for (int i = 0; i < MAX_CONNS; i++)
        if (w->conns[i].on && w->conns[i].id == id) return &w->conns[i];
    return NULL;
}

/* A text's hash (FNV-1a), to check each text sent to several connections of one viewer once. */
static uint64_t hash_of(const char *s) {
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The check after every call: each message one JSON object, sent to a connection that follows the table (or
 * was just moved away; refusals to the sender alone), and naming no card hidden from its viewer in the hand
 * in play. */
static void check(world *w, gw_table_out *out, gw_conn_id from, bool refused_only) {
    w->calls++;
    w->last_n = out->n;
    assert_int_equal(out->n_lost, 0);
    const gw_session *s = gw_table_session(w->t);
    gw_cards hidden[3] = {0, 0, 0};
    int hand = -1;
    if (s) {
        for (int k = 0; k < 3; k++)
            hidden[k] = tt_hidden(s, k < 2 ? k : GW_SPECTATOR);
        gw_session_view(s, GW_SPECTATOR, w->view, NULL);
        hand = w->view->hand_number;
    }
    size_t nseen = 0;
    bool over = false, rematch = false;
    for (size_t i = 0; i < out->n; i++) {
        w->messages++;
        const char *text = out->msgs[i].text;
        conn *c = conn_of(w, out->msgs[i].conn);
        if (!c)
            fail_msg("a message to connection %llu, which does not follow the table",
                     (unsigned long long)out->msgs[i].conn);
        if (refused_only) assert_int_equal(out->msgs[i].conn, from);
        assert_null(strchr(text, '\n'));
        bool moved = strcmp(text, "{\"type\":\"table_moved\"}") == 0;
        uint64_t h = hash_of(text) ^ (uint64_t)(c->viewer + 2);
        bool dup = false;
        for (size_t k = 0; k < nseen && !dup; k++)
            dup = w->seen[k] == h;
        if (moved) {
            c->on = false;
            w->tally->moved++;
        }
        if (dup) continue;
        if (nseen < sizeof w->seen / sizeof w->seen[0]) w->seen[nseen++] = h;
        json_error_t je;
        json_t *m = json_loads(text, JSON_REJECT_DUPLICATES, &je);
        if (!m || !json_is_object(m)) fail_msg("not a JSON object: %s", text);
        const char *type = tt_type(m);
        /* what happened (once a call) */
        if (strcmp(type, "table_over") == 0 && !over) {
            over = true;
            const char *how = json_string_value(json_object_get(m, "how"));
            if (strcmp(how, "played") == 0) w->tally->played++;
            if (strcmp(how, "claimed") == 0) w->tally->claimed++;
            if (strcmp(how, "resigned") == 0) w->tally->resigned++;
        }
        if (strcmp(type, "table") == 0 && json_is_true(json_object_get(m, "resync"))) w->tally->resyncs++;
        if (strcmp(type, "table") == 0 && !rematch && json_integer_value(json_object_get(m, "match")) > 1 &&
            w->match_seen < json_integer_value(json_object_get(m, "match"))) {
            rematch = true;
            w->match_seen = (int)json_integer_value(json_object_get(m, "match"));
            w->tally->rematches++;
        }
        int k = c->viewer == GW_SPECTATOR ? 2 : c->viewer;
        /* a finished hand's events may show any card: every card of it was played */
        if (strcmp(type, "event") != 0 || json_integer_value(json_object_get(m, "hand")) == hand)
            scan(m, hidden[k], type, w, c->viewer);
        if (strcmp(type, "table_view") == 0) {
            json_t *table = json_object_get(json_object_get(m, "view"), "table");
            json_t *unseen = json_object_get(table, "unseen");
            if (unseen)
                assert_true(cards_of(unseen) == hidden[k]); /* German: exactly the cards it cannot place */
            if (c->viewer == GW_SPECTATOR) assert_int_equal(json_array_size(json_object_get(m, "legal")), 0);
        }
        json_decref(m);
    }
    gw_table_out_clear(out);
}

static int free_slot(world *w) {
    for (int i = 0; i < MAX_CONNS; i++)
        if (!w->conns[i].on) return i;
    return -1;
}

static void join(world *w, int viewer, const char *identity) {
    int i = free_slot(w);
    if (i < 0) return;
    gw_conn_id id = ++w->next_id;
    uint32_t last = gw_table_last_event(w->t);
    uint32_t since = below(w, 3) == 0 ? 0 : below(w, 2) ? last : below(w, last + 5);
    w->conns[i] = (conn){id, viewer, true};
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    const char *secret = viewer == 0 ? TT_S0 : viewer == 1 ? TT_S1 : NULL;
    gw_status st = gw_table_join(w->t, id, secret, identity, identity, since, w->now, &out, &err);
    if (st != GW_OK) {
        /* only the other seat's person opening this seat's link may be refused (both_seats) */
        w->conns[i].on = false;
        assert_true(viewer >= 0 && strcmp(identity, w->identity[1 - viewer]) == 0);
        gw_table_out_clear(&out);
        return;
    }
    if (viewer >= 0) w->identity[viewer] = identity;
    check(w, &out, id, false);
}

static void leave(world *w) {
    int i = (int)below(w, MAX_CONNS);
    if (!w->conns[i].on) return;
    gw_table_out out;
    gw_table_out_init(&out);
    w->conns[i].on = false;
    gw_table_leave(w->t, w->conns[i].id, w->now, &out);
    check(w, &out, 0, false);
}

static void send_text(world *w, conn *c, const char *text) {
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    gw_table_seat before[2], after[2];
    for (int p = 0; p < 2; p++)
        gw_table_seat_of(w->t, p, &before[p]);
    assert_int_equal(gw_table_message(w->t, c->id, text, strlen(text), w->now, &out, &err), GW_OK);
    for (int p = 0; p < 2; p++) {
        gw_table_seat_of(w->t, p, &after[p]);
        w->tally->takeovers += after[p].taken_over && !before[p].taken_over;
    }
    check(w, &out, c->id, false);
}

/* A random connection of viewer (any viewer if viewer is 9), or NULL. */
static conn *some_conn(world *w, int viewer) {
    int start = (int)below(w, MAX_CONNS);
    for (int k = 0; k < MAX_CONNS; k++) {
        conn *c = &w->conns[(start + k) % MAX_CONNS];
        if (c->on && (viewer == 9 || c->viewer == viewer)) return c;
    }
    return NULL;
}

/* A random action as a table_act message: legal (the engine's) or anything at all. */
static void random_act(world *w, bool legal) {
    const gw_session *s = gw_table_session(w->t);
    char text[200];
    int player = (int)below(w, 2);
    if (legal && s && gw_session_turn(s).player >= 0) {
        gw_turn turn = gw_session_turn(s);
        player = turn.player;
        char names[64][16];
        int n = 0;
        for (int c = 0; c < 64 && turn.kind == GW_ACTION_CARD; c++) {
            gw_action a = {GW_ACTION_CARD, (gw_card)c, GW_CMD_NONE};
            if (gw_card_valid(a.card) && gw_session_check(s, player, &a, NULL) == GW_REFUSE_NONE)
                gw_card_format(a.card, names[n++]);
        }
        for (int c = 0; c < GW_CMD_COUNT && turn.kind == GW_ACTION_COMMAND; c++) {
            gw_action a = {GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)c};
            if (gw_session_check(s, player, &a, NULL) == GW_REFUSE_NONE)
                snprintf(names[n++], sizeof names[0], "%s", gw_android_command_name((gw_android_command)c));
        }
        if (n == 0) return;
        tt_act_text(names[below(w, (uint32_t)n)], turn.kind == GW_ACTION_COMMAND, text, sizeof text);
    } else if (below(w, 2)) {
        char name[3];
        gw_card c = (gw_card)(below(w, 4) * 16 + below(w, 13));
        gw_card_format(c, name);
        tt_act_text(name, false, text, sizeof text);
    } else {
        tt_act_text(gw_android_command_name((gw_android_command)below(w, GW_CMD_COUNT)), true, text,
                    sizeof text);
    }
    conn *c = some_conn(w, below(w, 8) ? player : 9);
    if (c) send_text(w, c, text);
}

static const char *const GARBAGE[] = {
    "",
    "{",
    "[]",
    "{\"type\":\"table_act\"}",
    "{\"type\":\"table_chat\",\"phrase\":\"hi\"}",
    "{\"type\":\"table_next\",\"x\":0}",
    "{\"type\":\"table_act\",\"action\":{\"type\":\"play\",\"card\":\"ZZ\"}}",
    "{\"type\":\"table_next\",\"type\":\"table_next\"}",
    "{\"type\":1}",
    "null",
};

static const char *const BARE[] = {"{\"type\":\"table_next\"}", "{\"type\":\"table_claim\"}",
                                   "{\"type\":\"table_computer\"}", "{\"type\":\"table_rematch\"}",
                                   "{\"type\":\"table_resign\"}"};

static const char *const PHRASES[] = {"good_game", "well_played", "thanks", "oops"};

/* One random table, played by random people until its second match ends or the steps run out. */
static void one_game(uint64_t g, long *messages, long *calls, tally *tl) {
    world *w = calloc(1, sizeof *w);
    w->tally = tl;
    w->view = malloc(sizeof *w->view);
    w->game_no = g;
    gw_rng_seed(&w->rng, 0xC0FFEE ^ g);
    gw_game_kind game = below(w, 2) ? GW_GAME_ANDROID : GW_GAME_GERMAN;
    gw_table_options o = tt_options(game, gw_mix64(g));
    o.session.rules.variant = below(w, 2) ? GW_SMALL : GW_CLASSIC;
    o.session.rules.target = 1 + (int)below(w, 2);
    o.card_s = below(w, 2) ? 15 : 0;
    o.grace_s = (int)below(w, 30);
    o.session.android_samples = 2;
    w->t = tt_table(&o);
    w->identity[0] = w->identity[1] = "";
    w->now = 1000;
    join(w, 0, "alice");
    if (below(w, 2)) join(w, GW_SPECTATOR, "");
    join(w, 1, "bob");
    int steps = 100 + (int)below(w, 300);
    for (int k = 0; k < steps && gw_table_last_event(w->t) < 2000; k++) {
        w->now += below(w, 4) == 0 ? (int64_t)below(w, 40000) : (int64_t)below(w, 500);
        uint32_t r = below(w, 100);
        conn *c;
        if (gw_table_phase_of(w->t) == GW_TABLE_OVER && below(w, 3) == 0 &&
            (c = some_conn(w, (int)below(w, 2)))) {
            send_text(w, c, "{\"type\":\"table_rematch\"}");
        } else if (gw_table_computer_due(w->t) && below(w, 3)) {
            gw_table_out out;
            gw_table_out_init(&out);
            gw_error err;
            bool person = !gw_session_turn(gw_table_session(w->t)).computer;
            assert_int_equal(gw_table_play_computer(w->t, w->now, &out, &err), GW_OK);
            w->tally->timeouts += person;
            check(w, &out, 0, false);
        } else if (r < 45) {
            random_act(w, true);
        } else if (r < 52) {
            random_act(w, false);
        } else if (r < 58 && (c = some_conn(w, 9))) {
            send_text(w, c, BARE[0]);
        } else if (r < 63) {
            leave(w);
        } else if (r < 70) {
            int which = (int)below(w, 3);
            static const char *const WHO[] = {"alice", "bob", "carol"};
            join(w, which == 2 ? GW_SPECTATOR : which,
                 which == 2 || below(w, 10) ? WHO[below(w, 3)] : WHO[which]);
        } else if (r < 74) {
            join(w, GW_SPECTATOR, "");
        } else if (r < 78 && (c = some_conn(w, 9))) {
            char text[80];
            snprintf(text, sizeof text, "{\"type\":\"table_chat\",\"phrase\":\"%s\"}", PHRASES[below(w, 4)]);
            send_text(w, c, text);
        } else if (r < 86) {
            gw_table_out out;
            gw_table_out_init(&out);
            gw_table_tick(w->t, w->now, &out);
            check(w, &out, 0, false);
        } else if (r < 92 && (c = some_conn(w, 9))) {
            int which = (int)below(w, 5);
            if (which == 4 && below(w, 4)) which = 3; /* resigning now and then */
            send_text(w, c, BARE[which]);
        } else if ((c = some_conn(w, 9))) {
            gw_table_out out;
            gw_table_out_init(&out);
            gw_error err;
            const char *text = GARBAGE[below(w, sizeof GARBAGE / sizeof GARBAGE[0])];
            assert_int_equal(gw_table_message(w->t, c->id, text, strlen(text), w->now, &out, &err), GW_OK);
            check(w, &out, c->id, true);
            assert_int_equal(w->last_n, 1);
        }
        if (gw_table_phase_of(w->t) == GW_TABLE_OVER && below(w, 50) == 0) break;
    }
    /* a save and a load keep the match, and a resynchronised newcomer is checked too */
    gw_text saved = {0};
    gw_error err;
    assert_int_equal(gw_table_save(w->t, &saved, &err), GW_OK);
    gw_table *u;
    if (gw_table_load(gw_text_str(&saved), saved.len, &o.session, w->now, &u, &err) != GW_OK)
        fail_msg("game %llu: load: %s", (unsigned long long)g, err.msg);
    assert_int_equal(gw_table_last_event(u), gw_table_last_event(w->t));
    gw_text_free(&saved);
    gw_table_free(w->t);
    w->t = u;
    for (int i = 0; i < MAX_CONNS; i++)
        w->conns[i].on = false;
    join(w, GW_SPECTATOR, "");
    join(w, 0, w->identity[0][0] ? w->identity[0] : "alice");
    *messages += w->messages;
    *calls += w->calls;
    gw_table_free(w->t);
    free(w->view);
    free(w);
}

static void no_connection_gets_a_hidden_card(void **state) {
    (void)state;
    const char *env = getenv("GW_TABLE_GAMES");
    long games = env ? atol(env) : 12;
    long messages = 0, calls = 0;
    tally tl = {0};
    for (long g = 0; g < games; g++)
        one_game((uint64_t)g, &messages, &calls, &tl);
    print_message(
        "%ld tables, %ld calls, %ld messages checked; matches played out %ld, claimed %ld, resigned "
        "%ld; rematches %ld; seat moves %ld, resynchronisations %ld, cards the clock gave the computer "
        "%ld, seats the computer took over %ld\n",
        games, calls, messages, tl.played, tl.claimed, tl.resigned, tl.rematches, tl.moved, tl.resyncs,
        tl.timeouts, tl.takeovers);
    assert_true(calls > games);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_connection_gets_a_hidden_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
