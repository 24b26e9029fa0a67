/* table_test.h: helpers shared by the table host's tests: options with fixed secrets, calls that keep the
 * messages each connection got (parsed), lookups by type, and the cards hidden from each viewer computed from
 * the truth (the engine's hands), apart from the session's own visibility code. */
#ifndef TABLE_TEST_H
#define TABLE_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "gw/card.h"
#include "gw/table.h"

#define TT_S0 "0123456789abcdef0123456789abcdef"
#define TT_S1 "fedcba9876543210fedcba9876543210"

static inline gw_table_options tt_options(gw_game_kind game, uint64_t seed) {
    gw_table_options o;
    gw_table_options_default(&o, game);
    snprintf(o.id, sizeof o.id, "t1");
    o.session.seed = seed;
    o.session.limits = (gw_expert_limits){0, 20, NULL};
    o.session.android_samples = 4;
    o.session.android_think_ms = 0;
    o.takeover_level = game == GW_GAME_ANDROID ? (int)GW_ANDROID_EASY : (int)GW_AI_EASY;
    snprintf(o.secrets[0], sizeof o.secrets[0], "%s", TT_S0);
    snprintf(o.secrets[1], sizeof o.secrets[1], "%s", TT_S1);
    return o;
}

static inline gw_table *tt_table(const gw_table_options *o) {
    gw_table *t = NULL;
    gw_error err;
    if (gw_table_new(o, &t, &err) != GW_OK) fail_msg("gw_table_new: %s", err.msg);
    return t;
}

/* The messages of the last call, parsed, in order. */
typedef struct tt_box {
    size_t n;
    gw_conn_id conn[4096];
    json_t *msg[4096];
    size_t lost;
} tt_box;

static inline void tt_clear(tt_box *b) {
    for (size_t i = 0; i < b->n; i++)
        json_decref(b->msg[i]);
    b->n = 0;
    b->lost = 0;
}

/* Moves out's messages into b (parsed; each must be one JSON object), and clears out. */
static inline void tt_take(tt_box *b, gw_table_out *out) {
    tt_clear(b);
    b->lost = out->n_lost;
    for (size_t i = 0; i < out->n; i++) {
        json_error_t je;
        json_t *j = json_loads(out->msgs[i].text, JSON_REJECT_DUPLICATES, &je);
        if (!j || !json_is_object(j)) fail_msg("not a JSON object: %s", out->msgs[i].text);
        assert_null(strchr(out->msgs[i].text, '\n'));
        if (b->n < sizeof b->msg / sizeof b->msg[0]) {
            b->conn[b->n] = out->msgs[i].conn;
            b->msg[b->n++] = j;
        } else {
            json_decref(j);
        }
    }
    gw_table_out_clear(out);
}

static inline const char *tt_type(const json_t *m) { return json_string_value(json_object_get(m, "type")); }

/* The k-th (0-based) message of type to conn in b, or NULL. */
static inline json_t *tt_find(const tt_box *b, gw_conn_id conn, const char *type, int k) {
    for (size_t i = 0; i < b->n; i++)
        if (b->conn[i] == conn && strcmp(tt_type(b->msg[i]), type) == 0 && k-- == 0) return b->msg[i];
    return NULL;
}

static inline int tt_count(const tt_box *b, gw_conn_id conn, const char *type) {
    int n = 0;
    for (size_t i = 0; i < b->n; i++)
        if (b->conn[i] == conn && (!type || strcmp(tt_type(b->msg[i]), type) == 0)) n++;
    return n;
}

/* Joins (asserting GW_OK) and keeps the messages in b. */
static inline void tt_join(gw_table *t, tt_box *b, gw_conn_id conn, const char *secret, const char *identity,
                           const char *name, uint32_t since, int64_t now) {
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    gw_status st = gw_table_join(t, conn, secret, identity, name, since, now, &out, &err);
    if (st != GW_OK) fail_msg("gw_table_join: %s", err.msg);
    tt_take(b, &out);
}

static inline void tt_send(gw_table *t, tt_box *b, gw_conn_id conn, const char *text, int64_t now) {
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    gw_status st = gw_table_message(t, conn, text, strlen(text), now, &out, &err);
    if (st != GW_OK) fail_msg("gw_table_message: %s", err.msg);
    tt_take(b, &out);
}

static inline void tt_leave(gw_table *t, tt_box *b, gw_conn_id conn, int64_t now) {
    gw_table_out out;
    gw_table_out_init(&out);
    gw_table_leave(t, conn, now, &out);
    tt_take(b, &out);
}

static inline void tt_tick(gw_table *t, tt_box *b, int64_t now) {
    gw_table_out out;
    gw_table_out_init(&out);
    gw_table_tick(t, now, &out);
    tt_take(b, &out);
}

static inline void tt_computer(gw_table *t, tt_box *b, int64_t now) {
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    gw_status st = gw_table_play_computer(t, now, &out, &err);
    if (st != GW_OK) fail_msg("gw_table_play_computer: %s", err.msg);
    tt_take(b, &out);
}

/* The last table_view to conn in b (NULL if none). */
static inline json_t *tt_view(const tt_box *b, gw_conn_id conn) {
    json_t *last = NULL;
    for (size_t i = 0; i < b->n; i++)
        if (b->conn[i] == conn && strcmp(tt_type(b->msg[i]), "table_view") == 0) last = b->msg[i];
    return last;
}

/* The legal list of a table_view as text actions: the first one as a table_act message. */
static inline void tt_act_text(const char *legal, bool command, char *out, size_t cap) {
    if (command)
        snprintf(out, cap, "{\"type\":\"table_act\",\"action\":{\"type\":\"command\",\"command\":\"%s\"}}",
                 legal);
    else
        snprintf(out, cap, "{\"type\":\"table_act\",\"action\":{\"type\":\"play\",\"card\":\"%s\"}}", legal);
}

/* A legal action of the player to act now, from the engine (the first card, or the first command the rules
 * allow), as a table_act message; false if nobody outside is to act. */
static inline bool tt_legal_text(const gw_table *t, char *out, size_t cap, int *player) {
    const gw_session *s = gw_table_session(t);
    if (!s || gw_session_state_of(s) != GW_SESSION_PLAYING) return false;
    gw_turn turn = gw_session_turn(s);
    if (turn.player < 0 || turn.computer) return false;
    *player = turn.player;
    if (turn.kind == GW_ACTION_COMMAND) {
        for (int c = 0; c < GW_CMD_COUNT; c++) {
            gw_action a = {GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)c};
            if (gw_session_check(s, turn.player, &a, NULL) == GW_REFUSE_NONE) {
                tt_act_text(gw_android_command_name((gw_android_command)c), true, out, cap);
                return true;
            }
        }
        return false;
    }
    for (int c = 0; c < 64; c++) {
        gw_action a = {GW_ACTION_CARD, (gw_card)c, GW_CMD_NONE};
        if (gw_card_valid(a.card) && gw_session_check(s, turn.player, &a, NULL) == GW_REFUSE_NONE) {
            char name[3];
            gw_card_format(a.card, name);
            tt_act_text(name, false, out, cap);
            return true;
        }
    }
    return false;
}

/* ---- the truth: what each viewer may not see -------------------------------------------------------- */

/* The cards hidden from viewer (0, 1 or GW_SPECTATOR) in the hand in play of s, from the engine's hands. */
static inline gw_cards tt_hidden(const gw_session *s, int viewer) {
    const gw_game *g = gw_session_game(s);
    if (g) {
        gw_cards stock = 0;
        int size = gw_deck_size((gw_variant)g->variant);
        for (int i = g->stock_pos + 1; i < size; i++)
            stock |= gw_bit(g->deck[i]);
        /* a player whose stock is empty knows the opponent's hand by deduction (the cards it has not seen) */
        if ((viewer == 0 || viewer == 1) && g->stock_pos >= size) return 0;
        if (viewer == 0 || viewer == 1) return (g->hand[1 - viewer] & ~g->upcards[1 - viewer]) | stock;
        return (g->hand[0] & ~g->upcards[0]) | (g->hand[1] & ~g->upcards[1]) | stock;
    }
    const gw_android_game *a = gw_session_android_game(s);
    gw_cards hidden = 0;
    for (int seat = 0; seat < GW_SEATS; seat++) {
        bool seen = false;
        if (viewer == 0 || viewer == 1) {
            int own = gw_player_seat(a->dealer, viewer);
            int opposing_android = own == GW_SEAT_D ? GW_SEAT_L : GW_SEAT_X;
            seen = seat == own || seat == opposing_android;
        }
        if (!seen) hidden |= a->hand[seat];
    }
    return hidden & ~gw_bit(gw_android_trump_card(a));
}

#endif
