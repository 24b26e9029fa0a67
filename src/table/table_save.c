/* table_save.c: the whole table as JSON text for the host to keep (options and secrets, seats, the record of
 * the match in play from gw_session_record, the chat, the clock's time left), and a table made again from
 * it (the session rebuilt by gw_session_restore, every person away from the load's time). */
#include <stdlib.h>
#include <string.h>

#include "table_internal.h"

/* The save's format; a load refuses any other. */
#define TB_SAVE_VERSION 1

static const char *const PHASES[] = {"waiting", "playing", "over"};
static const char *const KINDS[] = {"empty", "person", "computer"};
static const char *const HOWS[] = {"played", "claimed", "resigned"};

static int name_index(const char *const *names, int n, const char *s) {
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0) return i;
    return -1;
}

gw_status gw_table_save(const gw_table *t, gw_text *out, gw_error *err) {
    json_t *seats = json_array(), *chat = json_array(), *record = json_null(), *clock = json_null();
    for (int p = 0; p < 2; p++) {
        const tb_seat *st = &t->seats[p];
        json_array_append_new(seats, json_pack("{s:s, s:s, s:s, s:i, s:b}", "kind", KINDS[st->kind],
                                               "identity", st->identity, "name", st->name, "level", st->level,
                                               "taken_over", st->taken_over));
    }
    for (int i = 0; i < t->nchat; i++)
        json_array_append_new(chat, json_pack("[i,s]", t->chat[i].from, tb_phrase_name(t->chat[i].phrase)));
    if (t->s) {
        gw_text rec = {0};
        gw_session_record(t->s, true, &rec);
        if (rec.failed) {
            gw_text_free(&rec);
            json_decref(seats);
            json_decref(chat);
            return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory (the record)");
        }
        json_decref(record);
        record = json_string(gw_text_str(&rec));
        gw_text_free(&rec);
    }
    if (t->clock_player >= 0 && t->due_player < 0) {
        json_decref(clock);
        clock = json_pack(
            "{s:i, s:I, s:I}", "player", t->clock_player, "event", (json_int_t)t->clock_event, "left_ms",
            (json_int_t)(t->clock_deadline > t->now_seen ? t->clock_deadline - t->now_seen : 0));
    } else if (t->clock_left_ms >= 0) { /* stopped: its player is away */
        json_decref(clock);
        clock = json_pack("{s:i, s:I, s:I}", "player", t->clock_left_player, "event",
                          (json_int_t)t->clock_left_event, "left_ms", (json_int_t)t->clock_left_ms);
    }
    json_t *j = json_pack(
        "{s:i, s:s, s:o, s:i, s:i, s:b, s:b, s:i, s:[s,s], s:s, s:o, s:i, s:I, s:i, s:i, s:s, s:[b,b], s:o, "
        "s:o, "
        "s:i, s:[i,i], s:o}",
        "version", TB_SAVE_VERSION, "id", t->opt.id, "config", gw_protocol_config_json(&t->opt.session, true),
        "grace", t->opt.grace_s, "clock_s", t->opt.card_s, "rated", t->opt.rated, "listed", t->opt.listed,
        "takeover_level", t->opt.takeover_level, "secrets", t->opt.secrets[0], t->opt.secrets[1], "phase",
        PHASES[t->phase], "seats", seats, "match", t->match_no, "base", (json_int_t)t->base, "hands_taken",
        t->hands_taken, "winner", t->winner, "how", HOWS[t->how], "rematch", t->rematch[0], t->rematch[1],
        "record", record, "clock", clock, "due_player", t->due_player, "marks", (int)t->marks_timeout,
        (int)t->marks_takeover, "chat", chat);
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!text) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory (the save)");
    gw_text_puts(out, text);
    free(text);
    return out->failed ? gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory (the save)") : GW_OK;
}

/* The saved text's fields, as the save writes them. */
typedef struct tb_saved {
    int version, grace, clock_s, rated, listed, takeover_level, match, hands_taken, winner, due_player;
    int marks[2], rematch[2];
    json_int_t base;
    const char *id, *secrets[2], *phase, *how;
    json_t *config, *seats, *record, *clock, *chat;
} tb_saved;

static gw_status bad(gw_error *err, const char *what) {
    return gw_error_set(err, GW_EINVAL, 0, 0, "the saved table is not valid: %s", what);
}

/* Fills t from the saved fields (its session aside). */
static gw_status load_fields(gw_table *t, const tb_saved *v, const gw_session_config *base, gw_error *err) {
    if (v->version != TB_SAVE_VERSION) return bad(err, "another version");
    if (strlen(v->id) >= GW_TABLE_ID_MAX) return bad(err, "the id");
    gw_format(t->opt.id, GW_TABLE_ID_MAX, "%s", v->id);
    char *cfg = json_dumps(v->config, JSON_COMPACT);
    if (!cfg) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    gw_protocol_error perr;
    gw_status st = gw_protocol_decode_config(cfg, strlen(cfg), &c, &perr);
    free(cfg);
    if (st != GW_OK) return gw_error_set(err, GW_EINVAL, 0, 0, "the saved table's config: %s", perr.err.msg);
    /* the host's clock and limits, never the saved ones */
    c.limits = base->limits;
    c.android_samples = base->android_samples;
    c.android_think_ms = base->android_think_ms;
    c.clock = base->clock;
    c.deck = NULL;
    t->opt.session = c;
    t->opt.grace_s = v->grace;
    t->opt.card_s = v->clock_s;
    t->opt.rated = v->rated;
    t->opt.listed = v->listed;
    t->opt.takeover_level = v->takeover_level;
    for (int p = 0; p < 2; p++) {
        if (strlen(v->secrets[p]) > GW_TABLE_SECRET_HEX) return bad(err, "a secret");
        gw_format(t->opt.secrets[p], GW_TABLE_SECRET_HEX + 1, "%s", v->secrets[p]);
    }
    int phase = name_index(PHASES, 3, v->phase), how = name_index(HOWS, 3, v->how);
    if (phase < 0 || how < 0) return bad(err, "the phase");
    t->phase = (gw_table_phase)phase;
    t->how = (tb_how)how;
    if (!json_is_array(v->seats) || json_array_size(v->seats) != 2) return bad(err, "the seats");
    for (int p = 0; p < 2; p++) {
        const char *kind, *identity, *name;
        int level, taken;
        if (json_unpack(json_array_get(v->seats, (size_t)p), "{s:s, s:s, s:s, s:i, s:b !}", "kind", &kind,
                        "identity", &identity, "name", &name, "level", &level, "taken_over", &taken) != 0)
            return bad(err, "a seat");
        tb_seat *s = &t->seats[p];
        int k = name_index(KINDS, 3, kind);
        if (k < 0 || strlen(identity) >= GW_TABLE_IDENTITY_MAX || strlen(name) >= GW_SEAT_NAME_MAX)
            return bad(err, "a seat");
        s->kind = (gw_table_seat_kind)k;
        gw_format(s->identity, GW_TABLE_IDENTITY_MAX, "%s", identity);
        gw_format(s->name, GW_SEAT_NAME_MAX, "%s", name);
        s->level = level;
        s->taken_over = taken && k == GW_TSEAT_PERSON;
    }
    /* the options as a new table checks them (the seats' kinds from the saved seats) */
    gw_table_options o = t->opt;
    for (int p = 0; p < 2; p++)
        o.session.seats[p] = t->seats[p].kind == GW_TSEAT_COMPUTER
                                 ? (gw_seat_config){GW_SEAT_COMPUTER, t->seats[p].level, ""}
                                 : (gw_seat_config){GW_SEAT_OUTSIDE, 0, ""};
    gw_table *probe;
    st = gw_table_new(&o, &probe, err);
    gw_table_free(probe);
    if (st != GW_OK) return st;
    if (v->match < 0 || v->base < 0 || v->base > (json_int_t)UINT32_MAX / 2 || v->hands_taken < 0 ||
        v->winner < -1 || v->winner > 1 || v->due_player < -1 || v->due_player > 1 || v->marks[0] < 0 ||
        v->marks[0] > 3 || v->marks[1] < 0 || v->marks[1] > 3)
        return bad(err, "a number out of range");
    t->match_no = v->match;
    t->base = (uint32_t)v->base;
    t->hands_taken = v->hands_taken;
    t->winner = v->winner;
    t->rematch[0] = v->rematch[0];
    t->rematch[1] = v->rematch[1];
    t->due_player = v->due_player;
    t->marks_timeout = (unsigned)v->marks[0];
    t->marks_takeover = (unsigned)v->marks[1];
    if (!json_is_array(v->chat) || json_array_size(v->chat) > TB_CHAT_KEEP) return bad(err, "the chat");
    for (size_t i = 0; i < json_array_size(v->chat); i++) {
        int from;
        const char *phrase;
        if (json_unpack(json_array_get(v->chat, i), "[i,s !]", &from, &phrase) != 0 || from < -1 ||
            from > 1 || tb_phrase_parse(phrase) < 0)
            return bad(err, "the chat");
        t->chat[t->nchat++] = (tb_chat){from, tb_phrase_parse(phrase)};
    }
    if (!json_is_null(v->clock)) {
        int player;
        json_int_t event, left;
        if (json_unpack(v->clock, "{s:i, s:I, s:I !}", "player", &player, "event", &event, "left_ms",
                        &left) != 0 ||
            player < 0 || player > 1 || event < 0 || event > (json_int_t)UINT32_MAX || left < 0)
            return bad(err, "the clock");
        t->clock_left_player = player;
        t->clock_left_event = (uint32_t)event;
        t->clock_left_ms = left;
    }
    return GW_OK;
}

gw_status gw_table_load(const char *text, size_t len, const gw_session_config *base, int64_t now_ms,
                        gw_table **out, gw_error *err) {
    *out = NULL;
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) return gw_error_set(err, GW_EINVAL, 0, 0, "the saved table is not JSON: %s", je.text);
    tb_saved v;
    memset(&v, 0, sizeof v);
    if (json_unpack_ex(
            root, &je, JSON_STRICT,
            "{s:i, s:s, s:o, s:i, s:i, s:b, s:b, s:i, s:[s,s], s:s, s:o, s:i, s:I, s:i, s:i, s:s, s:[b,b], "
            "s:o, s:o, s:i, s:[i,i], s:o}",
            "version", &v.version, "id", &v.id, "config", &v.config, "grace", &v.grace, "clock_s", &v.clock_s,
            "rated", &v.rated, "listed", &v.listed, "takeover_level", &v.takeover_level, "secrets",
            &v.secrets[0], &v.secrets[1], "phase", &v.phase, "seats", &v.seats, "match", &v.match, "base",
            &v.base, "hands_taken", &v.hands_taken, "winner", &v.winner, "how", &v.how, "rematch",
            &v.rematch[0], &v.rematch[1], "record", &v.record, "clock", &v.clock, "due_player", &v.due_player,
            "marks", &v.marks[0], &v.marks[1], "chat", &v.chat) != 0) {
        gw_status st = gw_error_set(err, GW_EINVAL, 0, 0, "the saved table is not valid: %s", je.text);
        json_decref(root);
        return st;
    }
    gw_table *t = calloc(1, sizeof *t);
    gw_view *view = malloc(sizeof *view);
    if (!t || !view) {
        free(t);
        free(view);
        json_decref(root);
        return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    }
    t->view = view;
    t->seats[0].rating = t->seats[1].rating = -1;
    t->winner = -1;
    t->clock_player = -1;
    t->due_player = -1;
    t->clock_left_ms = -1;
    gw_status st = load_fields(t, &v, base, err);
    if (st == GW_OK && t->phase != GW_TABLE_WAITING) {
        if (!json_is_string(v.record)) {
            st = bad(err, "a match without its record");
        } else {
            gw_session_config c = t->opt.session;
            c.undo = tb_undo_on(t);
            for (int p = 0; p < 2; p++)
                c.seats[p] = t->seats[p].kind == GW_TSEAT_COMPUTER
                                 ? (gw_seat_config){GW_SEAT_COMPUTER, t->seats[p].level, ""}
                                 : (gw_seat_config){GW_SEAT_OUTSIDE, 0, ""};
            st =
                gw_session_restore(&c, json_string_value(v.record), json_string_length(v.record), &t->s, err);
            if (st == GW_OK && gw_session_config_of(t->s)->game != t->opt.session.game)
                st = bad(err, "the record is of the other game");
            for (int p = 0; p < 2 && st == GW_OK; p++)
                if (t->seats[p].taken_over)
                    st = gw_session_seat(t->s, p,
                                         &(gw_seat_config){GW_SEAT_COMPUTER, t->opt.takeover_level, ""}, err);
            if (st == GW_OK) {
                t->sent = gw_session_last_event(t->s);
                tb_write_marks(t);
            }
        }
    } else if (st == GW_OK && !json_is_null(v.record)) {
        st = bad(err, "a record before the match");
    }
    json_decref(root);
    if (st != GW_OK) {
        gw_table_free(t);
        return st;
    }
    for (int p = 0; p < 2; p++)
        if (t->seats[p].kind == GW_TSEAT_PERSON)
            t->seats[p].away_since_ms = now_ms;
        else
            t->seats[p].away_since_ms = -1;
    t->now_seen = now_ms;
    *out = t;
    return GW_OK;
}
