/* table_msgs.c: one message from a connection, read strictly (jansson; every kind of malformed message is an
 * error object to that connection alone and changes nothing), and what each does at the table: act, next,
 * claim, computer, rematch, chat, resign, undo. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table_internal.h"

typedef enum tb_type {
    TB_ACT,
    TB_NEXT,
    TB_CLAIM,
    TB_COMPUTER,
    TB_REMATCH,
    TB_CHAT,
    TB_RESIGN,
    TB_UNDO
} tb_type;

typedef struct tb_msg {
    tb_type type;
    gw_action action; /* TB_ACT */
    int phrase;       /* TB_CHAT */
} tb_msg;

typedef struct tb_refusal {
    char code[GW_PROTOCOL_CODE_MAX];
    char msg[GW_PROTOCOL_MESSAGE_MAX];
} tb_refusal;

static bool fail(tb_refusal *r, const char *code, const char *fmt, ...) {
    snprintf(r->code, sizeof r->code, "%s", code);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    return false;
}

/* Only the fields named in allowed (n of them) may be present. */
static bool only_fields(const json_t *o, const char *const *allowed, int n, const char *where,
                        tb_refusal *r) {
    const char *key = gw_protocol_unknown_field(o, allowed, n);
    return !key || fail(r, "unknown_field", "%s has no field '%.40s'", where, key);
}

static bool parse_act(const json_t *root, tb_msg *m, tb_refusal *r) {
    static const char *const FIELDS[] = {"type", "action"};
    if (!only_fields(root, FIELDS, 2, "a table_act message", r)) return false;
    const json_t *a = json_object_get(root, "action");
    if (!a) return fail(r, "missing_field", "a table_act message needs 'action'");
    if (!json_is_object(a)) return fail(r, "wrong_type", "'action' must be an object");
    char *text = json_dumps(a, JSON_COMPACT);
    if (!text) return fail(r, "no_memory", "out of memory");
    gw_protocol_error perr;
    gw_status st = gw_protocol_decode_action(text, strlen(text), &m->action, &perr);
    free(text);
    if (st != GW_OK) return fail(r, gw_protocol_code_name(perr.code), "action: %s", perr.err.msg);
    return true;
}

static bool parse_chat(const json_t *root, tb_msg *m, tb_refusal *r) {
    static const char *const FIELDS[] = {"type", "phrase"};
    if (!only_fields(root, FIELDS, 2, "a table_chat message", r)) return false;
    const json_t *p = json_object_get(root, "phrase");
    if (!p) return fail(r, "missing_field", "a table_chat message needs 'phrase'");
    if (!json_is_string(p)) return fail(r, "wrong_type", "'phrase' must be a string");
    m->phrase =
        strlen(json_string_value(p)) == json_string_length(p) ? tb_phrase_parse(json_string_value(p)) : -1;
    if (m->phrase < 0) return fail(r, "bad_value", "'phrase' is good_game, well_played, thanks or oops");
    return true;
}

/* Reads text[0..len) into m, or says why not in r. */
static bool parse(const char *text, size_t len, tb_msg *m, tb_refusal *r) {
    if (len > GW_PROTOCOL_LINE_MAX)
        return fail(r, "too_long", "the message has %zu bytes, more than the %d allowed", len,
                    GW_PROTOCOL_LINE_MAX);
    if (memchr(text, '\0', len)) return fail(r, "nul_byte", "the message holds a NUL byte");
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
    if (!root) {
        if (json_error_code(&je) == json_error_duplicate_key)
            return fail(r, "duplicate_key", "byte %d: %s", je.position, je.text);
        return fail(r, "bad_json", "not valid JSON at byte %d: %s", je.position, je.text);
    }
    bool ok = false;
    memset(m, 0, sizeof *m);
    const json_t *t = json_is_object(root) ? json_object_get(root, "type") : NULL;
    if (!json_is_object(root))
        fail(r, "not_object", "a message must be a JSON object");
    else if (!t)
        fail(r, "missing_field", "a message needs 'type'");
    else if (!json_is_string(t))
        fail(r, "wrong_type", "'type' must be a string");
    else {
        static const struct {
            const char *name;
            tb_type type;
        } BARE[] = {{"table_next", TB_NEXT},         {"table_claim", TB_CLAIM},
                    {"table_computer", TB_COMPUTER}, {"table_rematch", TB_REMATCH},
                    {"table_resign", TB_RESIGN},     {"table_undo", TB_UNDO}};
        static const char *const TYPE_ONLY[] = {"type"};
        const char *type = json_string_value(t);
        bool known = false;
        if (strcmp(type, "table_act") == 0) {
            m->type = TB_ACT;
            known = true;
            ok = parse_act(root, m, r);
        } else if (strcmp(type, "table_chat") == 0) {
            m->type = TB_CHAT;
            known = true;
            ok = parse_chat(root, m, r);
        }
        for (size_t i = 0; i < sizeof BARE / sizeof BARE[0] && !known; i++)
            if (strcmp(type, BARE[i].name) == 0) {
                m->type = BARE[i].type;
                known = true;
                ok = only_fields(root, TYPE_ONLY, 1, "this message", r);
            }
        if (!known) fail(r, "unknown_type", "no table message is called '%.40s'", type);
    }
    json_decref(root);
    return ok;
}

/* ---- what each message does ----------------------------------------------------------------------- */

static bool seated(const tb_conn *c, tb_refusal *r) {
    if (c->viewer == 0 || c->viewer == 1) return true;
    return fail(r, "not_seated", "A spectator watches: only the players act.");
}

static bool playing(const gw_table *t, tb_refusal *r) {
    if (t->phase == GW_TABLE_PLAYING) return true;
    return fail(r, t->phase == GW_TABLE_OVER ? "table_over" : "not_now",
                t->phase == GW_TABLE_OVER ? "The match is over."
                                          : "The match has not started: a seat is empty.");
}

static bool do_act(gw_table *t, int p, const gw_action *a, int64_t now_ms, gw_table_out *out, tb_refusal *r) {
    if (!playing(t, r)) return false;
    if (t->due_player == p)
        return fail(r, "not_now", "Your time for this card ran out: the computer plays it.");
    gw_error err;
    gw_refusal why;
    if (gw_session_act(t->s, p, a, &why, &err) != GW_OK)
        return fail(r, why != GW_REFUSE_NONE ? gw_refusal_code(why) : "no_memory", "%s", err.msg);
    tb_after_change(t, now_ms, out);
    return true;
}

static bool do_next(gw_table *t, int64_t now_ms, gw_table_out *out, tb_refusal *r) {
    if (!playing(t, r)) return false;
    if (t->thought) return fail(r, "busy", "Wait: the computer is deciding.");
    if (gw_session_state_of(t->s) != GW_SESSION_HAND_OVER)
        return fail(r, "not_now", "The hand is still in play.");
    gw_error err;
    if (gw_session_next_hand(t->s, &err) != GW_OK) return fail(r, "no_memory", "%s", err.msg);
    tb_after_change(t, now_ms, out);
    return true;
}

/* The person at p takes back their last card and the computer's after it, as the session allows it (the
 * hand is marked Assisted): only against a computer seat, at a table whose host allowed it. */
static bool do_undo(gw_table *t, int p, int64_t now_ms, gw_table_out *out, tb_refusal *r) {
    if (!playing(t, r)) return false;
    if (t->thought) return fail(r, "busy", "Wait: the computer is deciding.");
    if (t->seats[1 - p].kind != GW_TSEAT_COMPUTER)
        return fail(r, "cannot_undo", "Cards are taken back only against the computer.");
    if (!tb_undo_on(t)) return fail(r, "cannot_undo", "Taking back cards is off at this table.");
    if (t->due_player >= 0) return fail(r, "cannot_undo", "The clock gave this card to the computer.");
    gw_error err;
    if (gw_session_undo(t->s, p, &err) != GW_OK)
        return fail(r, err.status == GW_ENOMEM ? "no_memory" : "cannot_undo", "%s", err.msg);
    tb_after_change(t, now_ms, out);
    return true;
}

static bool do_claim_or_computer(gw_table *t, int q, bool claim, int64_t now_ms, gw_table_out *out,
                                 tb_refusal *r) {
    if (!playing(t, r)) return false;
    if (!tb_grace_over(t, q, now_ms))
        return fail(r, "not_now", "Only once the other player has been away for the whole grace period.");
    if (claim) {
        tb_end_match(t, q, TB_CLAIMED, now_ms, out);
        return true;
    }
    gw_seat_config sc = {GW_SEAT_COMPUTER, t->opt.takeover_level, ""};
    gw_error err;
    if (t->thought) return fail(r, "busy", "Wait: the computer is deciding.");
    if (gw_session_seat(t->s, 1 - q, &sc, &err) != GW_OK) return fail(r, "no_memory", "%s", err.msg);
    t->seats[1 - q].taken_over = true;
    t->marks_takeover |= 1u << (1 - q);
    tb_write_marks(t);
    tb_broadcast(t, json_pack("{s:s, s:o}", "type", "table_seats", "seats", tb_seats_json(t, now_ms)), out);
    tb_after_change(t, now_ms, out);
    return true;
}

static bool do_rematch(gw_table *t, int p, int64_t now_ms, gw_table_out *out, tb_refusal *r) {
    if (t->phase != GW_TABLE_OVER) return fail(r, "not_now", "A rematch is offered once the match is over.");
    if (t->rematch[p]) return fail(r, "not_now", "You offered a rematch already.");
    tb_rematch(t, p, now_ms, out);
    return true;
}

static void do_chat(gw_table *t, int from, int phrase, gw_table_out *out) {
    if (t->nchat == TB_CHAT_KEEP) {
        memmove(&t->chat[0], &t->chat[1], (TB_CHAT_KEEP - 1) * sizeof t->chat[0]);
        t->nchat--;
    }
    t->chat[t->nchat++] = (tb_chat){from, phrase};
    json_t *j = json_pack("{s:s, s:o, s:s}", "type", "table_chat", "from",
                          from >= 0 ? json_integer(from) : json_string("spectator"), "phrase",
                          tb_phrase_name(phrase));
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    for (size_t i = 0; i < t->nconns; i++)
        if (from >= 0 || t->conns[i].viewer == GW_SPECTATOR)
            tb_push(out, t->conns[i].id, text ? tb_strdup(text) : NULL);
    free(text);
}

gw_status gw_table_message(gw_table *t, gw_conn_id conn, const char *text, size_t len, int64_t now_ms,
                           gw_table_out *out, gw_error *err) {
    t->now_seen = now_ms;
    tb_conn *c = tb_conn_find(t, conn);
    if (!c)
        return gw_error_set(err, GW_EINVAL, 0, 0, "connection %llu does not follow this table",
                            (unsigned long long)conn);
    tb_msg m;
    tb_refusal r = {"", ""};
    bool ok = parse(text, len, &m, &r);
    int p = c->viewer;
    if (ok) switch (m.type) {
        case TB_ACT: ok = seated(c, &r) && do_act(t, p, &m.action, now_ms, out, &r); break;
        case TB_NEXT: ok = seated(c, &r) && do_next(t, now_ms, out, &r); break;
        case TB_CLAIM: ok = seated(c, &r) && do_claim_or_computer(t, p, true, now_ms, out, &r); break;
        case TB_COMPUTER: ok = seated(c, &r) && do_claim_or_computer(t, p, false, now_ms, out, &r); break;
        case TB_REMATCH: ok = seated(c, &r) && do_rematch(t, p, now_ms, out, &r); break;
        case TB_UNDO: ok = seated(c, &r) && do_undo(t, p, now_ms, out, &r); break;
        case TB_CHAT: do_chat(t, p, m.phrase, out); break;
        case TB_RESIGN:
            ok = seated(c, &r) && playing(t, &r);
            if (ok) tb_end_match(t, 1 - p, TB_RESIGNED, now_ms, out);
            break;
        }
    if (!ok) tb_error(out, conn, r.code, r.msg);
    return GW_OK;
}
