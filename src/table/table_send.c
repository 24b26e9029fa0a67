/* table_send.c: the messages a table sends, each made for its viewer from the session's view and events for
 * that viewer (gw_session_view, gw_session_events): never from the truth. Also the out list's memory. */
#include <stdlib.h>
#include <string.h>

#include "table_internal.h"

/* ---- the out list ----------------------------------------------------------------------------- */

void gw_table_out_init(gw_table_out *o) { memset(o, 0, sizeof *o); }

void gw_table_out_clear(gw_table_out *o) {
    for (size_t i = 0; i < o->n; i++)
        free(o->msgs[i].text);
    free(o->msgs);
    free(o->lost_conns);
    memset(o, 0, sizeof *o);
}

static void lose(gw_table_out *out, gw_conn_id conn) {
    for (size_t i = 0; i < out->n_lost; i++)
        if (out->lost_conns[i] == conn) return;
    if (out->n_lost == out->cap_lost) {
        size_t cap = out->cap_lost ? 2 * out->cap_lost : 4;
        gw_conn_id *more = realloc(out->lost_conns, cap * sizeof *more);
        if (!more) return; /* nothing more can be done: the host sees no message and the next resync heals */
        out->lost_conns = more;
        out->cap_lost = cap;
    }
    out->lost_conns[out->n_lost++] = conn;
}

char *tb_strdup(const char *text) {
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (copy) memcpy(copy, text, n);
    return copy;
}

void tb_push(gw_table_out *out, gw_conn_id conn, char *text) {
    if (!text) {
        lose(out, conn);
        return;
    }
    if (out->n == out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 16;
        gw_table_msg *more = realloc(out->msgs, cap * sizeof *more);
        if (!more) {
            free(text);
            lose(out, conn);
            return;
        }
        out->msgs = more;
        out->cap = cap;
    }
    out->msgs[out->n++] = (gw_table_msg){conn, text};
}

void tb_push_json(gw_table_out *out, gw_conn_id conn, json_t *j) { tb_push(out, conn, gw_protocol_dump(j)); }

void tb_error(gw_table_out *out, gw_conn_id conn, const char *code, const char *msg) {
    tb_push(out, conn, gw_protocol_encode_error(code, msg));
}

void tb_broadcast(gw_table *t, json_t *j, gw_table_out *out) {
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    for (size_t i = 0; i < t->nconns; i++)
        tb_push(out, t->conns[i].id, text ? tb_strdup(text) : NULL);
    free(text);
}

/* ---- pieces ------------------------------------------------------------------------------------ */

static const char *const PHRASES[TB_PHRASES] = {"good_game", "well_played", "thanks", "oops"};

const char *tb_phrase_name(int phrase) { return phrase >= 0 && phrase < TB_PHRASES ? PHRASES[phrase] : "?"; }

int tb_phrase_parse(const char *name) {
    for (int i = 0; i < TB_PHRASES; i++)
        if (strcmp(name, PHRASES[i]) == 0) return i;
    return -1;
}

static json_t *player_or_null(int p) { return p == 0 || p == 1 ? json_integer(p) : json_null(); }

static const char *kind_name(gw_table_seat_kind k) {
    return k == GW_TSEAT_PERSON ? "person" : k == GW_TSEAT_COMPUTER ? "computer" : "empty";
}

json_t *tb_seats_json(const gw_table *t, int64_t now_ms) {
    json_t *a = json_array();
    for (int p = 0; p < 2; p++) {
        const tb_seat *st = &t->seats[p];
        json_t *grace = json_null();
        if (st->kind == GW_TSEAT_PERSON && st->away_since_ms >= 0 && !st->taken_over) {
            int64_t left = st->away_since_ms + (int64_t)t->opt.grace_s * 1000 - now_ms;
            grace = json_integer(left > 0 ? left : 0);
        }
        json_array_append_new(a, json_pack("{s:s, s:s, s:b, s:o, s:b, s:o}", "kind", kind_name(st->kind),
                                           "name", st->name, "connected",
                                           st->kind == GW_TSEAT_PERSON && st->away_since_ms < 0,
                                           "grace_left_ms", grace, "taken_over", st->taken_over, "rating",
                                           st->rating >= 0 ? json_real(st->rating) : json_null()));
    }
    return a;
}

static const char *phase_name(gw_table_phase p) {
    return p == GW_TABLE_WAITING ? "waiting" : p == GW_TABLE_PLAYING ? "playing" : "over";
}

json_t *tb_table_json(const gw_table *t, int viewer, uint32_t since, bool resync, int64_t now_ms) {
    const gw_session_config *c = t->s ? gw_session_config_of(t->s) : &t->opt.session;
    json_t *ratings = json_null();
    if (t->seats[0].rating >= 0 || t->seats[1].rating >= 0) {
        json_decref(ratings);
        ratings = json_pack("[o,o]", t->seats[0].rating >= 0 ? json_real(t->seats[0].rating) : json_null(),
                            t->seats[1].rating >= 0 ? json_real(t->seats[1].rating) : json_null());
    }
    return json_pack("{s:s, s:s, s:{s:o}, s:o, s:i, s:i, s:b, s:s, s:o, s:i, s:I, s:I, s:b, s:o}", "type",
                     "table", "table", t->opt.id, "you", "player", player_or_null(viewer), "config",
                     gw_protocol_config_json(c, false), "grace", t->opt.grace_s, "clock", t->opt.card_s,
                     "rated", t->opt.rated, "phase", phase_name(t->phase), "seats", tb_seats_json(t, now_ms),
                     "match", t->match_no, "base", (json_int_t)t->base, "since", (json_int_t)since, "resync",
                     resync, "ratings", ratings);
}

json_t *tb_over_json(const gw_table *t) {
    static const char *const HOW[] = {"played", "claimed", "resigned"};
    return json_pack("{s:s, s:o, s:s}", "type", "table_over", "winner", player_or_null(t->winner), "how",
                     HOW[t->how]);
}

json_t *tb_rematch_json(const gw_table *t) {
    return json_pack("{s:s, s:[b,b]}", "type", "table_rematch", "offered", t->rematch[0], t->rematch[1]);
}

/* ---- events and views --------------------------------------------------------------------------- */

void tb_send_events(gw_table *t, gw_conn_id conn, int viewer, uint32_t from, gw_table_out *out) {
    if (!t->s) return;
    uint32_t last = gw_session_last_event(t->s);
    if (from == 0) from = 1;
    gw_game_kind game = gw_session_config_of(t->s)->game;
    enum { CHUNK = 64 };
    gw_event ev[CHUNK];
    while (from <= last) {
        int n = gw_session_events(t->s, from, viewer, ev, CHUNK);
        if (n <= 0) break;
        for (int i = 0; i < n; i++) {
            json_t *j = gw_protocol_event_json(game, &ev[i]);
            if (j) json_object_set_new(j, "number", json_integer((json_int_t)(t->base + ev[i].number)));
            tb_push_json(out, conn, j);
        }
        from += (uint32_t)n;
    }
}

/* What viewer may do now, as the engine says (gw_session_check over every card and command): card names, or
 * Android command names; empty when it is not the viewer's turn. */
static json_t *legal_json(const gw_table *t, int viewer) {
    json_t *a = json_array();
    if (!t->s || (viewer != 0 && viewer != 1) || t->phase != GW_TABLE_PLAYING) return a;
    gw_turn turn = gw_session_turn(t->s);
    if (turn.player != viewer || turn.computer || t->due_player == viewer) return a;
    if (turn.kind == GW_ACTION_COMMAND) {
        for (int c = 0; c < GW_CMD_COUNT; c++) {
            gw_action act = {GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)c};
            if (gw_session_check(t->s, viewer, &act, NULL) == GW_REFUSE_NONE)
                json_array_append_new(a, json_string(gw_android_command_name((gw_android_command)c)));
        }
        return a;
    }
    for (int c = 0; c < 64; c++) {
        gw_action act = {GW_ACTION_CARD, (gw_card)c, GW_CMD_NONE};
        if (!gw_card_valid(act.card) || gw_session_check(t->s, viewer, &act, NULL) != GW_REFUSE_NONE)
            continue;
        char name[3];
        gw_card_format(act.card, name);
        json_array_append_new(a, json_string(name));
    }
    return a;
}

void tb_send_view(gw_table *t, gw_conn_id conn, int viewer, int64_t now_ms, gw_table_out *out) {
    if (!t->s) return;
    gw_error err;
    if (gw_session_view(t->s, viewer, t->view, &err) != GW_OK) {
        tb_push(out, conn, NULL);
        return;
    }
    json_t *clock = json_null();
    int64_t left = tb_clock_left(t, now_ms);
    if (left >= 0) clock = json_pack("{s:i, s:I}", "player", t->clock_player, "left_ms", (json_int_t)left);
    tb_push_json(out, conn,
                 json_pack("{s:s, s:o, s:o, s:o}", "type", "table_view", "view",
                           gw_protocol_view_json(t->view), "legal", legal_json(t, viewer), "clock", clock));
}
