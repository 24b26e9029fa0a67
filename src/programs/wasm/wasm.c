/* wasm.c: the WebAssembly module's entry points (docs/wasm.md): the table host (include/gw/table.h) of a
 * browser that plays offline, with its computer deciding here, synchronously (the module runs in a Web
 * Worker), and the analysis the browser needs without a server: the hint for the seat to play and the review
 * of a finished hand's record. JSON text in; out, a JSON object as text in memory the module allocated, which
 * the caller gives back to gw_wasm_free. The host's time (now_ms) comes in with each call; the computers'
 * think time is bounded by the browser's clock (performance.now, through emscripten_get_now). Tables live in
 * a few numbered slots until gw_wasm_close. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "gw/levels.h"
#include "gw/protocol.h"
#include "gw/protocol_stats.h"
#include "gw/record_file.h"
#include "gw/review.h"
#include "gw/session.h"
#include "gw/solver.h"
#include "gw/table.h"
#include "gw/web_settings.h"
#include "gw/text.h"
#include "wasm.h"

#define WASM_TABLES         8    /* tables open at once */
#define WASM_REVIEW_MAX_ITS 1000 /* worlds per foreplay card a review may ask */
#define WASM_TEXT_MAX       (1u << 24)

/* The tables open, by slot (the handle the caller gets is the slot's index). */
static gw_table *tables[WASM_TABLES];

/* The clock that bounds the computers' thinking: the page's monotonic clock in ms. */
static uint64_t browser_now(void *ctx) {
    (void)ctx;
#ifdef __EMSCRIPTEN__
    return (uint64_t)emscripten_get_now();
#else
    return 0;
#endif
}
const gw_clock WASM_CLOCK = {browser_now, NULL};

/* jansson seeds its hash tables at its first use from /dev/urandom, which a module without a file system
 * lacks: every entry point seeds it first with a constant (the tables hold the module's own JSON only). */
void wasm_ready(void) {
    static bool seeded;
    if (!seeded) json_object_seed(0x5eed1234u);
    seeded = true;
}

/* ---- results ------------------------------------------------------------------------------------------- */

static const char NO_MEMORY[] =
    "{\"ok\":false,\"error\":{\"code\":\"no_memory\",\"message\":\"out of memory\"}}";

/* j (taken) as the caller's text; the no-memory answer if it cannot be made. */
char *wasm_answer(json_t *j) {
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!text) {
        text = malloc(sizeof NO_MEMORY);
        if (text) memcpy(text, NO_MEMORY, sizeof NO_MEMORY);
    }
    return text;
}

static json_t *error_json(const char *code, const char *message) {
    return json_pack("{sbs{ssss}}", "ok", 0, "error", "code", code, "message", message);
}

/* {"ok":false,"error":{"code","message"}} as text. */
char *wasm_fail(const char *code, const char *fmt, ...) {
    char message[sizeof((gw_error *)0)->msg + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    return wasm_answer(error_json(code, message));
}

static const char *status_code(gw_status st) {
    switch (st) {
    case GW_ENOMEM: return "no_memory";
    case GW_ESTATE: return "not_now";
    default: return "bad_value";
    }
}

char *wasm_fail_err(const gw_error *err) { return wasm_fail(status_code(err->status), "%s", err->msg); }

/* The table of handle h, or NULL. */
static gw_table *table_of(int h) { return h >= 0 && h < WASM_TABLES ? tables[h] : NULL; }

/* A connection id from JS: a whole number 1..2^53. */
static bool conn_id(double d, gw_conn_id *out) {
    if (!(d >= 1 && d <= 9007199254740992.0) || d != (double)(uint64_t)d) return false;
    *out = (gw_conn_id)d;
    return true;
}

/* The hands of the match in play scored since the last call: [{"number", "record", "assisted", "slam"}]. */
static json_t *hands_json(gw_table *t) {
    json_t *list = json_array();
    int first = 0, last = 0;
    gw_table_take_hands(t, &first, &last);
    const gw_session *s = gw_table_session(t);
    for (int n = first; list && s && n >= 1 && n <= last; n++) {
        gw_text text = {0};
        gw_error err;
        if (gw_session_hand_record(s, n, &text, &err) == GW_OK && !text.failed)
            json_array_append_new(list, json_pack("{sisssbsb}", "number", n, "record", text.data, "assisted",
                                                  gw_session_hand_assisted(s, n), "slam",
                                                  gw_session_hand_slam(s, n)));
        gw_text_free(&text);
    }
    return list;
}

static const char *const PHASES[] = {"waiting", "playing", "over"};

/* What a call on table h did: {"ok", "table", "out": [{"conn", "text"}], "lost", "phase", "computer_due",
 * "deadline", "hands"}, and "error" when st is not GW_OK. out is cleared. */
static char *table_result(int h, gw_table_out *out, gw_status st, const gw_error *err) {
    gw_table *t = tables[h];
    json_t *msgs = json_array(), *lost = json_array();
    for (size_t i = 0; msgs && i < out->n; i++)
        if (out->msgs[i].text)
            json_array_append_new(
                msgs, json_pack("{sIss}", "conn", (json_int_t)out->msgs[i].conn, "text", out->msgs[i].text));
    for (size_t i = 0; lost && i < out->n_lost; i++)
        json_array_append_new(lost, json_integer((json_int_t)out->lost_conns[i]));
    gw_table_out_clear(out);
    json_t *j = json_pack("{sbsisososssbsIso}", "ok", st == GW_OK, "table", h, "out", msgs, "lost", lost,
                          "phase", PHASES[gw_table_phase_of(t)], "computer_due", gw_table_computer_due(t),
                          "deadline", (json_int_t)gw_table_next_deadline(t), "hands", hands_json(t));
    if (j && st != GW_OK)
        json_object_set_new(j, "error", json_pack("{ssss}", "code", status_code(st), "message", err->msg));
    return wasm_answer(j);
}

/* Puts the new table t (made or loaded) in slot h: its answer, with nothing sent yet. */
static char *opened(int h, gw_table *t) {
    tables[h] = t;
    gw_table_out out;
    gw_table_out_init(&out);
    return table_result(h, &out, GW_OK, NULL);
}

/* ---- requests ------------------------------------------------------------------------------------------ */

json_t *wasm_parse(const char *text, char **why) {
    json_error_t e;
    json_t *j = text ? json_loads(text, JSON_REJECT_DUPLICATES, &e) : NULL;
    if (!json_is_object(j)) {
        json_decref(j);
        *why = text ? wasm_fail("bad_request", "not a JSON object: %s", j ? "another value" : e.text)
                    : wasm_fail("bad_request", "no request");
        return NULL;
    }
    return j;
}

/* The session options a browser may give, as gw_session_config_option reads them, "game" first. */
static const char *const OPTIONS[] = {"game",     "variant",    "scoring", "target", "opponent",
                                      "think-ms", "iterations", "samples", "seed"};
#define N_OPTIONS ((int)(sizeof OPTIONS / sizeof OPTIONS[0]))

/* Applies the options object o (strings or whole numbers) to c; NULL, or the answer of a bad one. */
char *wasm_apply_options(const json_t *o, gw_session_config *c) {
    if (!o) return NULL;
    if (!json_is_object(o)) return wasm_fail("bad_request", "'options' must be an object");
    const char *key = gw_protocol_unknown_field(o, OPTIONS, N_OPTIONS);
    if (key) return wasm_fail("bad_request", "options has no field '%.40s'", key);
    for (int i = 0; i < N_OPTIONS; i++) {
        const json_t *v = json_object_get(o, OPTIONS[i]);
        if (!v) continue;
        char num[32];
        const char *s;
        if (json_is_string(v)) {
            s = json_string_value(v);
        } else if (json_is_integer(v)) {
            snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
            s = num;
        } else {
            return wasm_fail("bad_request", "options.%s must be a string or a whole number", OPTIONS[i]);
        }
        gw_error err;
        if (gw_session_config_option(c, OPTIONS[i], s, &err) != GW_OK)
            return wasm_fail("bad_value", "%s", err.msg);
    }
    return NULL;
}

/* The whole number field name of j (absent: def) into *out, within lo..hi; false if bad. */
static bool int_field(const json_t *j, const char *name, long long def, long long lo, long long hi,
                      long long *out) {
    const json_t *v = json_object_get(j, name);
    *out = v ? (json_is_integer(v) ? (long long)json_integer_value(v) : lo - 1) : def;
    return *out >= lo && *out <= hi;
}

/* The string field name of j (absent: def); NULL if not a string. */
const char *wasm_str_field(const json_t *j, const char *name, const char *def) {
    const json_t *v = json_object_get(j, name);
    return v ? json_string_value(v) : def;
}

static int free_slot(void) {
    for (int h = 0; h < WASM_TABLES; h++)
        if (!tables[h]) return h;
    return -1;
}

/* ---- the table host ------------------------------------------------------------------------------------ */

/* A new table: {"id", "options": {game, variant, scoring, target, opponent, think-ms, iterations, samples,
 * seed}, "secrets": [S0, S1], "grace", "clock", "takeover", "undo" (true: the person may take back cards
 * against the computer seat, table_undo; default false)}. */
GW_WASM_EXPORT char *gw_wasm_new(const char *request, double now_ms) {
    wasm_ready();
    (void)now_ms;
    char *why = NULL;
    json_t *j = wasm_parse(request, &why);
    if (!j) return why;
    static const char *const FIELDS[] = {"id", "options", "secrets", "grace", "clock", "takeover", "undo"};
    const char *key = gw_protocol_unknown_field(j, FIELDS, 7);
    const json_t *undo = json_object_get(j, "undo");
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    if (key) {
        why = wasm_fail("bad_request", "a new table has no field '%.40s'", key);
    } else if (undo && !json_is_boolean(undo)) {
        why = wasm_fail("bad_request", "undo is true or false");
    } else if (!(why = wasm_apply_options(json_object_get(j, "options"), &c))) {
        gw_table_options o;
        gw_table_options_default(&o, c.game);
        c.clock = &WASM_CLOCK;
        c.undo = json_is_true(undo);
        o.session = c;
        const char *id = wasm_str_field(j, "id", "local");
        const json_t *sec = json_object_get(j, "secrets");
        const char *takeover = wasm_str_field(j, "takeover", NULL);
        long long grace, clock;
        if (!id || strlen(id) >= sizeof o.id) {
            why = wasm_fail("bad_value", "id is a string of 1 to %d characters", GW_TABLE_ID_MAX - 1);
        } else if (!json_is_array(sec) || json_array_size(sec) != 2 ||
                   !json_is_string(json_array_get(sec, 0)) || !json_is_string(json_array_get(sec, 1)) ||
                   strlen(json_string_value(json_array_get(sec, 0))) != GW_TABLE_SECRET_HEX ||
                   strlen(json_string_value(json_array_get(sec, 1))) != GW_TABLE_SECRET_HEX) {
            why = wasm_fail("bad_value", "secrets: two seats' secrets of %d hexadecimal digits",
                            GW_TABLE_SECRET_HEX);
        } else if (!int_field(j, "grace", GW_TABLE_GRACE_DEFAULT, 0, GW_TABLE_GRACE_MAX, &grace) ||
                   !int_field(j, "clock", 0, 0, 60, &clock)) {
            why =
                wasm_fail("bad_value", "grace is 0 to %d seconds, clock 0, 15, 30 or 60", GW_TABLE_GRACE_MAX);
        } else {
            snprintf(o.id, sizeof o.id, "%s", id);
            for (int p = 0; p < 2; p++)
                snprintf(o.secrets[p], sizeof o.secrets[p], "%s",
                         json_string_value(json_array_get(sec, (size_t)p)));
            o.grace_s = (int)grace;
            o.card_s = (int)clock;
            gw_ai_level al;
            gw_android_level an;
            if (takeover && c.game == GW_GAME_GERMAN && gw_ai_level_parse(takeover, &al))
                o.takeover_level = (int)al;
            else if (takeover && c.game == GW_GAME_ANDROID && gw_android_level_parse(takeover, &an))
                o.takeover_level = (int)an;
            else if (takeover)
                why = wasm_fail("bad_value", "takeover: no computer level '%.40s'", takeover);
            int h = free_slot();
            gw_error err;
            gw_table *t = NULL;
            if (!why && h < 0)
                why = wasm_fail("too_many_tables", "%d tables are open: close one first", WASM_TABLES);
            else if (!why && gw_table_new(&o, &t, &err) != GW_OK)
                why = wasm_fail_err(&err);
            if (!why) why = opened(h, t);
        }
    }
    json_decref(j);
    return why;
}

/* A connection joins table h: {"conn", "secret" (absent or "": a spectator), "identity", "name", "since"}. */
GW_WASM_EXPORT char *gw_wasm_join(int h, const char *request, double now_ms) {
    wasm_ready();
    gw_table *t = table_of(h);
    if (!t) return wasm_fail("no_table", "there is no table %d", h);
    char *why = NULL;
    json_t *j = wasm_parse(request, &why);
    if (!j) return why;
    static const char *const FIELDS[] = {"conn", "secret", "identity", "name", "since"};
    const char *key = gw_protocol_unknown_field(j, FIELDS, 5);
    const json_t *cv = json_object_get(j, "conn");
    gw_conn_id conn = 0;
    long long since = 0;
    const char *secret = wasm_str_field(j, "secret", ""), *identity = wasm_str_field(j, "identity", ""),
               *name = wasm_str_field(j, "name", "");
    if (key)
        why = wasm_fail("bad_request", "a join has no field '%.40s'", key);
    else if (!json_is_integer(cv) || !conn_id((double)json_integer_value(cv), &conn))
        why = wasm_fail("bad_request", "conn: a whole number from 1");
    else if (!secret || !identity || !name)
        why = wasm_fail("bad_request", "secret, identity and name are strings");
    else if (!int_field(j, "since", 0, 0, UINT32_MAX, &since))
        why = wasm_fail("bad_request", "since: an event number");
    if (!why) {
        gw_table_out out;
        gw_table_out_init(&out);
        gw_error err = {0};
        gw_status st =
            gw_table_join(t, conn, secret, identity, name, (uint32_t)since, (int64_t)now_ms, &out, &err);
        why = table_result(h, &out, st, &err);
    }
    json_decref(j);
    return why;
}

/* Connection conn leaves table h. */
GW_WASM_EXPORT char *gw_wasm_leave(int h, double conn, double now_ms) {
    wasm_ready();
    gw_table *t = table_of(h);
    gw_conn_id id;
    if (!t) return wasm_fail("no_table", "there is no table %d", h);
    if (!conn_id(conn, &id)) return wasm_fail("bad_request", "conn: a whole number from 1");
    gw_table_out out;
    gw_table_out_init(&out);
    gw_table_leave(t, id, (int64_t)now_ms, &out);
    return table_result(h, &out, GW_OK, NULL);
}

/* One message (text: one JSON object of docs/protocol.md, "Tables") from connection conn of table h. */
GW_WASM_EXPORT char *gw_wasm_message(int h, double conn, const char *text, double now_ms) {
    wasm_ready();
    gw_table *t = table_of(h);
    gw_conn_id id;
    if (!t) return wasm_fail("no_table", "there is no table %d", h);
    if (!conn_id(conn, &id)) return wasm_fail("bad_request", "conn: a whole number from 1");
    if (!text) return wasm_fail("bad_request", "no message");
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err = {0};
    gw_status st = gw_table_message(t, id, text, strlen(text), (int64_t)now_ms, &out, &err);
    return table_result(h, &out, st, &err);
}

/* Time passes on table h (call it when "deadline" falls due). */
GW_WASM_EXPORT char *gw_wasm_tick(int h, double now_ms) {
    wasm_ready();
    gw_table *t = table_of(h);
    if (!t) return wasm_fail("no_table", "there is no table %d", h);
    gw_table_out out;
    gw_table_out_init(&out);
    gw_table_tick(t, (int64_t)now_ms, &out);
    return table_result(h, &out, GW_OK, NULL);
}

/* The computer of table h acts now (when "computer_due"), blocking: within the session's limits. */
GW_WASM_EXPORT char *gw_wasm_computer(int h, double now_ms) {
    wasm_ready();
    gw_table *t = table_of(h);
    if (!t) return wasm_fail("no_table", "there is no table %d", h);
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err = {0};
    gw_status st = gw_table_play_computer(t, (int64_t)now_ms, &out, &err);
    return table_result(h, &out, st, &err);
}

/* Table h as text: {"ok", "save"} (the table's save, secrets included: keep it where the player keeps it). */
GW_WASM_EXPORT char *gw_wasm_save(int h) {
    wasm_ready();
    gw_table *t = table_of(h);
    if (!t) return wasm_fail("no_table", "there is no table %d", h);
    gw_text text = {0};
    gw_error err;
    if (gw_table_save(t, &text, &err) != GW_OK || text.failed) {
        gw_text_free(&text);
        return text.failed ? wasm_fail("no_memory", "out of memory") : wasm_fail_err(&err);
    }
    char *r = wasm_answer(json_pack("{sbss}", "ok", 1, "save", text.data));
    gw_text_free(&text);
    return r;
}

/* A table from a save: {"save", "options": {think-ms, iterations, samples}} (the computers' limits, this
 * host's; the rest comes from the save): a new handle, every connection gone (they join again). */
GW_WASM_EXPORT char *gw_wasm_load(const char *request, double now_ms) {
    wasm_ready();
    char *why = NULL;
    json_t *j = wasm_parse(request, &why);
    if (!j) return why;
    static const char *const FIELDS[] = {"save", "options"};
    const char *key = gw_protocol_unknown_field(j, FIELDS, 2);
    const char *save = wasm_str_field(j, "save", NULL);
    const json_t *o = json_object_get(j, "options");
    static const char *const LIMITS[] = {"think-ms", "iterations", "samples"};
    gw_session_config base;
    gw_session_config_default(&base, GW_GAME_GERMAN);
    if (key)
        why = wasm_fail("bad_request", "a load has no field '%.40s'", key);
    else if (!save)
        why = wasm_fail("bad_request", "save: the text gw_wasm_save gave");
    else if (o && (!json_is_object(o) || gw_protocol_unknown_field(o, LIMITS, 3)))
        why = wasm_fail("bad_request", "options: think-ms, iterations and samples only");
    else
        why = wasm_apply_options(o, &base);
    int h = free_slot();
    if (!why && h < 0) why = wasm_fail("too_many_tables", "%d tables are open: close one first", WASM_TABLES);
    if (!why) {
        base.clock = &WASM_CLOCK;
        base.undo = false;
        gw_table *t = NULL;
        gw_error err;
        if (gw_table_load(save, strlen(save), &base, (int64_t)now_ms, &t, &err) != GW_OK) {
            why = wasm_fail_err(&err);
        } else {
            why = opened(h, t);
        }
    }
    json_decref(j);
    return why;
}

/* Closes table h (its slot is free again). */
GW_WASM_EXPORT void gw_wasm_close(int h) {
    wasm_ready();
    gw_table *t = table_of(h);
    if (!t) return;
    gw_table_free(t);
    tables[h] = NULL;
}

/* ---- analysis: the hint and the review ------------------------------------------------------------------
 */

static json_t *card_json(gw_card c) {
    if (c == GW_NO_CARD) return json_null();
    char name[3] = {gw_rank_char(gw_card_rank(c)), gw_suit_char(gw_card_suit(c)), 0};
    return json_string(name);
}

/* The hint for player (0 or 1) of table h: {"ok", "message": {"type":"hint", "exact", "unit", "cards":
 * [{"card", "value", "tricks", "se"}], "best" or "samples"}}, as whist serve's hint message. */
GW_WASM_EXPORT char *gw_wasm_hint(int h, int player) {
    wasm_ready();
    gw_table *t = table_of(h);
    if (!t) return wasm_fail("no_table", "there is no table %d", h);
    gw_hint hint;
    gw_error err;
    if (gw_table_hint(t, player, &hint, &err) != GW_OK)
        return wasm_fail(err.status == GW_ESTATE ? "no_hint" : status_code(err.status), "%s", err.msg);
    json_t *cards = json_array();
    for (int i = 0; cards && i < hint.count; i++)
        json_array_append_new(cards, json_pack("{sosfsfsf}", "card", card_json(hint.cards[i]), "value",
                                               hint.value[i], "tricks", hint.tricks[i], "se", hint.se[i]));
    json_t *m = json_pack("{sssbssso}", "type", "hint", "exact", hint.exact, "unit",
                          hint.unit ? hint.unit : "points", "cards", cards);
    if (m)
        json_object_set_new(m, hint.exact ? "best" : "samples",
                            json_integer(hint.exact ? hint.best : hint.samples));
    return wasm_answer(m ? json_pack("{sbso}", "ok", 1, "message", m) : NULL);
}

/* The replay and review of one finished hand: {"record" (its .gwr text), "seat" (0 or 1: whose cards are
 * judged), "iterations" (worlds per foreplay card, default GW_REVIEW_ITERATIONS)}: {"ok", "message": whist
 * serve's replay message, complete}. */
GW_WASM_EXPORT char *gw_wasm_review(const char *request) {
    wasm_ready();
    char *why = NULL;
    json_t *j = wasm_parse(request, &why);
    if (!j) return why;
    static const char *const FIELDS[] = {"record", "seat", "iterations"};
    const char *key = gw_protocol_unknown_field(j, FIELDS, 3);
    const char *record = wasm_str_field(j, "record", NULL);
    long long seat, its;
    if (key) {
        why = wasm_fail("bad_request", "a review has no field '%.40s'", key);
    } else if (!record) {
        why = wasm_fail("bad_request", "record: the hand's record text");
    } else if (!int_field(j, "seat", 0, 0, 1, &seat) ||
               !int_field(j, "iterations", GW_REVIEW_ITERATIONS, 1, WASM_REVIEW_MAX_ITS, &its)) {
        why = wasm_fail("bad_value", "seat is 0 or 1, iterations 1 to %d", WASM_REVIEW_MAX_ITS);
    } else {
        gw_error err;
        json_t *m = wasm_review(record, (int)seat, (int)its, &err);
        why = m ? wasm_answer(json_pack("{sbso}", "ok", 1, "message", m)) : wasm_fail_err(&err);
    }
    json_decref(j);
    return why;
}

/* ---- the statistics ------------------------------------------------------------------------------------ */

/* The player's statistics from the facts the browser kept (gw_protocol_stats_from_facts: {"hands": [...],
 * "games": [...]}): {"ok", "message"}, whist serve's stats message with "ratings" [] (ratings are between
 * people only, never offline). */
GW_WASM_EXPORT char *gw_wasm_stats(const char *facts) {
    wasm_ready();
    char *why = NULL;
    json_t *j = wasm_parse(facts, &why);
    if (!j) return why;
    json_t *m = NULL;
    gw_error err;
    if (gw_protocol_stats_from_facts(j, &m, &err) != GW_OK) {
        why = err.status == GW_ENOMEM ? wasm_fail("no_memory", "%s", err.msg)
                                      : wasm_fail("bad_request", "%s", err.msg);
    } else if (json_object_set_new(m, "ratings", json_array()) != 0) {
        json_decref(m);
        why = wasm_fail("no_memory", "out of memory");
    } else {
        why = wasm_answer(json_pack("{sbso}", "ok", 1, "message", m));
    }
    json_decref(j);
    return why;
}

/* ---- the page's settings ------------------------------------------------------------------------------ */

/* The settings kept (the text the worker stored: a JSON object of strings; "" or NULL: none; a key or
 * value this whist does not take is left out) with patch applied (JSON text, "" or NULL: none), checked as
 * whist serve checks a settings message (gw_web_settings_patch): {"ok": true, "settings": {every key}}, or
 * a refusal with that message's codes (bad_request: patch no JSON). */
GW_WASM_EXPORT char *gw_wasm_settings(const char *kept, const char *patch) {
    wasm_ready();
    gw_web_settings s;
    gw_web_settings_default(&s);
    gw_web_settings_load(&s, kept);
    if (patch && *patch) {
        json_error_t e;
        json_t *p = json_loads(patch, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &e);
        if (!p) return wasm_fail("bad_request", "settings: %s", e.text);
        char code[GW_PROTOCOL_CODE_MAX], msg[GW_PROTOCOL_MESSAGE_MAX];
        bool ok = gw_web_settings_patch(&s, p, NULL, code, msg);
        json_decref(p);
        if (!ok) return wasm_fail(code, "%s", msg);
    }
    return wasm_answer(json_pack("{sbso}", "ok", 1, "settings", gw_web_settings_json(&s)));
}

/* The module's version: {"ok", "version", "tables"}. */
GW_WASM_EXPORT char *gw_wasm_version(void) {
    wasm_ready();
    return wasm_answer(json_pack("{sbsssi}", "ok", 1, "version", GW_VERSION, "tables", WASM_TABLES));
}

/* Frees a text the module returned (NULL is fine). */
GW_WASM_EXPORT void gw_wasm_free(char *text) { free(text); }
