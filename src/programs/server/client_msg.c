/* client_msg.c: the strict reader of the browser's messages (client_msg.h). */
#include "client_msg.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

/* The options a browser may give a new game, as gw_session_config_option
 * reads them; "game" is applied first. The computers' limits are the server's, and so is the seed (a
 * browser choosing its deal could play again a deal it has seen). */
static const char *const OPTIONS[] = {"game", "variant", "scoring", "target", "opponent"};
#define N_OPTIONS        ((int)(sizeof OPTIONS / sizeof OPTIONS[0]))
#define OPTION_VALUE_MAX 40

static bool fail(char *code, char *msg, const char *c, const char *fmt, ...) {
    snprintf(code, GW_PROTOCOL_CODE_MAX, "%s", c);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, GW_PROTOCOL_MESSAGE_MAX, fmt, ap);
    va_end(ap);
    return false;
}

/* Only the fields named in allowed (n of them) may be present. */
static bool only_fields(const json_t *o, const char *const *allowed, int n, const char *where, char *code,
                        char *msg) {
    const char *key = gw_protocol_unknown_field(o, allowed, n);
    return !key || fail(code, msg, "unknown_field", "%s has no field '%.40s'", where, key);
}

static bool parse_new(const json_t *root, client_msg *out, char *code, char *msg) {
    static const char *const FIELDS[] = {"type", "options"};
    if (!only_fields(root, FIELDS, 2, "a new message", code, msg)) return false;
    const json_t *opts = json_object_get(root, "options");
    if (!opts) return fail(code, msg, "missing_field", "a new message needs 'options' (an object)");
    if (!json_is_object(opts)) return fail(code, msg, "wrong_type", "'options' must be an object");
    if (!only_fields(opts, OPTIONS, N_OPTIONS, "options", code, msg)) return false;
    for (int i = 0; i < N_OPTIONS; i++) { /* in OPTIONS' order: game first */
        const json_t *v = json_object_get(opts, OPTIONS[i]);
        if (!v) continue;
        if (!json_is_string(v))
            return fail(code, msg, "wrong_type", "options.%s must be a string", OPTIONS[i]);
        const char *s = json_string_value(v);
        if (strlen(s) > OPTION_VALUE_MAX || strlen(s) != json_string_length(v))
            return fail(code, msg, "out_of_range", "options.%s is too long", OPTIONS[i]);
        gw_error err;
        if (gw_session_config_option(&out->config, OPTIONS[i], s, &err) != GW_OK)
            return fail(code, msg, "bad_value", "%s", err.msg);
    }
    if (out->config.seats[1].kind != GW_SEAT_COMPUTER)
        return fail(code, msg, "bad_value", "options.opponent must be a computer level here");
    out->game = out->config.game;
    return true;
}

/* The options of a table (table_new, play_anyone): those of a new game, then the table's own. */
static bool parse_table_options(const json_t *root, bool anyone, client_msg *out, char *code, char *msg) {
    static const char *const FIELDS[] = {"type", "options"};
    static const char *const TOPTIONS[] = {"game",  "variant", "scoring", "target", "opponent",
                                           "grace", "clock",   "rated",   "listed"};
    const char *what = anyone ? "a play_anyone message" : "a table_new message";
    if (!only_fields(root, FIELDS, 2, what, code, msg)) return false;
    const json_t *opts = json_object_get(root, "options");
    if (!opts) return fail(code, msg, "missing_field", "%s needs 'options' (an object)", what);
    if (!json_is_object(opts)) return fail(code, msg, "wrong_type", "'options' must be an object");
    if (!only_fields(opts, TOPTIONS, 9, "options", code, msg)) return false;
    out->config.seats[1].kind = GW_SEAT_OUTSIDE; /* a person, unless opponent says a computer level */
    out->config.seats[1].level = 0;
    out->grace_s = GW_TABLE_GRACE_DEFAULT;
    out->card_s = 0;
    out->rated = false;
    out->listed = anyone;
    for (int i = 0; i < 9; i++) { /* in TOPTIONS' order: game first */
        const json_t *v = json_object_get(opts, TOPTIONS[i]);
        if (!v) continue;
        if (!json_is_string(v))
            return fail(code, msg, "wrong_type", "options.%s must be a string", TOPTIONS[i]);
        const char *s = json_string_value(v);
        if (strlen(s) > OPTION_VALUE_MAX || strlen(s) != json_string_length(v))
            return fail(code, msg, "out_of_range", "options.%s is too long", TOPTIONS[i]);
        if (i < 5) {
            gw_error err;
            if (gw_session_config_option(&out->config, TOPTIONS[i], s, &err) != GW_OK)
                return fail(code, msg, "bad_value", "%s", err.msg);
        } else if (i == 5) { /* 0..GW_TABLE_GRACE_MAX in canonical form: digits, no leading zero */
            size_t n = strlen(s);
            bool ok = n >= 1 && n <= 4 && (s[0] != '0' || n == 1);
            for (size_t k = 0; ok && k < n; k++)
                ok = s[k] >= '0' && s[k] <= '9';
            if (!ok || atoi(s) > GW_TABLE_GRACE_MAX)
                return fail(code, msg, "bad_value", "options.grace is 0 to %d seconds", GW_TABLE_GRACE_MAX);
            out->grace_s = atoi(s);
        } else if (i == 6) {
            if (strcmp(s, "off") == 0)
                out->card_s = 0;
            else if (strcmp(s, "15") == 0 || strcmp(s, "30") == 0 || strcmp(s, "60") == 0)
                out->card_s = atoi(s);
            else
                return fail(code, msg, "bad_value", "options.clock is off, 15, 30 or 60");
        } else {
            bool yes = strcmp(s, "yes") == 0;
            if (!yes && strcmp(s, "no") != 0)
                return fail(code, msg, "bad_value", "options.%s is yes or no", TOPTIONS[i]);
            if (i == 7)
                out->rated = yes;
            else
                out->listed = yes;
        }
    }
    if (out->rated && out->config.seats[1].kind == GW_SEAT_COMPUTER)
        return fail(code, msg, "bad_value", "only a table of two people is rated");
    if (anyone && (out->config.seats[1].kind == GW_SEAT_COMPUTER || !out->listed))
        return fail(code, msg, "bad_value", "play anyone is against a person, at a listed table");
    out->game = out->config.game;
    return true;
}

/* Whether s is 1..GW_TABLE_ID_MAX-1 bytes of [0-9a-zA-Z_-]. */
static bool table_id_ok(const char *s) {
    size_t n = strlen(s);
    if (n == 0 || n >= GW_TABLE_ID_MAX) return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              s[i] == '_' || s[i] == '-'))
            return false;
    return true;
}

static bool parse_table_join(const json_t *root, client_msg *out, char *code, char *msg) {
    static const char *const FIELDS[] = {"type", "table", "secret", "since"};
    if (!only_fields(root, FIELDS, 4, "a table_join message", code, msg)) return false;
    const json_t *t = json_object_get(root, "table"), *sec = json_object_get(root, "secret"),
                 *since = json_object_get(root, "since");
    if (!t) return fail(code, msg, "missing_field", "a table_join message needs 'table'");
    if (!json_is_string(t)) return fail(code, msg, "wrong_type", "'table' must be a string");
    if (!table_id_ok(json_string_value(t)) || strlen(json_string_value(t)) != json_string_length(t))
        return fail(code, msg, "no_table", "There is no such table.");
    snprintf(out->table, sizeof out->table, "%s", json_string_value(t));
    out->secret[0] = '\0';
    if (sec && !json_is_null(sec)) {
        if (!json_is_string(sec)) return fail(code, msg, "wrong_type", "'secret' must be a string or null");
        const char *s = json_string_value(sec);
        bool ok = strlen(s) == GW_TABLE_SECRET_HEX && json_string_length(sec) == GW_TABLE_SECRET_HEX;
        for (size_t i = 0; ok && i < GW_TABLE_SECRET_HEX; i++)
            ok = (s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f');
        if (!ok) return fail(code, msg, "bad_secret", "That link opens no seat of this table.");
        memcpy(out->secret, s, GW_TABLE_SECRET_HEX + 1);
    }
    out->since = 0;
    if (since) {
        if (!json_is_integer(since)) return fail(code, msg, "wrong_type", "'since' must be an integer");
        json_int_t n = json_integer_value(since);
        if (n < 0 || n > (json_int_t)UINT32_MAX)
            return fail(code, msg, "out_of_range", "'since' must be 0 to %lu", (unsigned long)UINT32_MAX);
        out->since = (uint32_t)n;
    }
    return true;
}

/* table_act and the others the table reads itself: only their type is known here. */
static bool table_passed(const char *type) {
    static const char *const PASSED[] = {"table_act",     "table_next", "table_claim", "table_computer",
                                         "table_rematch", "table_chat", "table_resign"};
    for (size_t i = 0; i < sizeof PASSED / sizeof PASSED[0]; i++)
        if (strcmp(type, PASSED[i]) == 0) return true;
    return false;
}

static bool parse_open(const json_t *root, client_msg *out, char *code, char *msg) {
    static const char *const FIELDS[] = {"type", "game"};
    if (!only_fields(root, FIELDS, 2, "an open message", code, msg)) return false;
    const json_t *g = json_object_get(root, "game");
    if (!g) return fail(code, msg, "missing_field", "an open message needs 'game'");
    if (!json_is_string(g)) return fail(code, msg, "wrong_type", "'game' must be a string");
    const char *s = json_string_value(g);
    if (strcmp(s, "german") == 0)
        out->game = GW_GAME_GERMAN;
    else if (strcmp(s, "android") == 0)
        out->game = GW_GAME_ANDROID;
    else
        return fail(code, msg, "bad_value", "'game' is german or android");
    return true;
}

static bool parse_act(const json_t *root, client_msg *out, char *code, char *msg) {
    static const char *const FIELDS[] = {"type", "action"};
    if (!only_fields(root, FIELDS, 2, "an act message", code, msg)) return false;
    const json_t *a = json_object_get(root, "action");
    if (!a) return fail(code, msg, "missing_field", "an act message needs 'action'");
    if (!json_is_object(a)) return fail(code, msg, "wrong_type", "'action' must be an object");
    char *text = json_dumps(a, JSON_COMPACT);
    if (!text) return fail(code, msg, "no_memory", "out of memory");
    gw_protocol_error perr;
    gw_status st = gw_protocol_decode_action(text, strlen(text), &out->action, &perr);
    free(text);
    if (st != GW_OK) return fail(code, msg, gw_protocol_code_name(perr.code), "action: %s", perr.err.msg);
    return true;
}

static bool parse_settings(const json_t *root, client_msg *out, char *code, char *msg) {
    static const char *const FIELDS[] = {"type", "settings"};
    if (!only_fields(root, FIELDS, 2, "a settings message", code, msg)) return false;
    const json_t *o = json_object_get(root, "settings");
    if (!o) return fail(code, msg, "missing_field", "a settings message needs 'settings' (an object)");
    return gw_web_settings_patch(&out->settings, o, out->given, code, msg);
}

/* The integer field name of root, lo..hi, into *out. */
static bool parse_int_field(const json_t *root, const char *type, const char *name, int64_t lo, int64_t hi,
                            int64_t *out, char *code, char *msg) {
    const char *fields[] = {"type", name};
    if (!only_fields(root, fields, 2, type, code, msg)) return false;
    const json_t *v = json_object_get(root, name);
    if (!v) return fail(code, msg, "missing_field", "%s needs '%s'", type, name);
    if (!json_is_integer(v)) return fail(code, msg, "wrong_type", "'%s' must be an integer", name);
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi)
        return fail(code, msg, "out_of_range", "'%s' must be %lld to %lld", name, (long long)lo,
                    (long long)hi);
    *out = (int64_t)n;
    return true;
}

bool client_msg_parse(const char *text, size_t len, const gw_session_config *base, client_msg *out,
                      char *code, char *msg) {
    if (len > CLIENT_MSG_MAX)
        return fail(code, msg, "too_long", "the message has %zu bytes, more than the %d allowed", len,
                    CLIENT_MSG_MAX);
    if (memchr(text, '\0', len)) return fail(code, msg, "nul_byte", "the message holds a NUL byte");
    json_error_t je;
    /* jansson refuses \u0000 in strings without JSON_ALLOW_NUL; messages nest 3 levels at most */
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        if (json_error_code(&je) == json_error_duplicate_key)
            return fail(code, msg, "duplicate_key", "byte %d: %s", je.position, je.text);
        return fail(code, msg, "bad_json", "not valid JSON at byte %d: %s", je.position, je.text);
    }
    bool ok = false;
    memset(out, 0, sizeof *out);
    if (!json_is_object(root)) {
        json_decref(root);
        return fail(code, msg, "not_object", "a message must be a JSON object");
    }
    out->config = *base;
    const json_t *t = json_object_get(root, "type");
    if (!t)
        fail(code, msg, "missing_field", "a message needs 'type'");
    else if (!json_is_string(t))
        fail(code, msg, "wrong_type", "'type' must be a string");
    else {
        const char *type = json_string_value(t);
        static const char *const TYPE_ONLY[] = {"type"};
        if (strcmp(type, "new") == 0) {
            out->type = CLIENT_NEW;
            ok = parse_new(root, out, code, msg);
        } else if (strcmp(type, "open") == 0) {
            out->type = CLIENT_OPEN;
            ok = parse_open(root, out, code, msg);
        } else if (strcmp(type, "act") == 0) {
            out->type = CLIENT_ACT;
            ok = parse_act(root, out, code, msg);
        } else if (strcmp(type, "settings") == 0) {
            out->type = CLIENT_SETTINGS;
            ok = parse_settings(root, out, code, msg);
        } else if (strcmp(type, "history") == 0) {
            int64_t n = 0;
            out->type = CLIENT_HISTORY;
            ok = parse_int_field(root, "a history message", "limit", 1, CLIENT_HISTORY_MAX, &n, code, msg);
            out->limit = (int)n;
        } else if (strcmp(type, "replay") == 0) {
            out->type = CLIENT_REPLAY;
            ok = parse_int_field(root, "a replay message", "id", 1, INT64_MAX, &out->id, code, msg);
        } else if (strcmp(type, "table_new") == 0 || strcmp(type, "play_anyone") == 0) {
            bool anyone = type[0] == 'p';
            out->type = anyone ? CLIENT_PLAY_ANYONE : CLIENT_TABLE_NEW;
            ok = parse_table_options(root, anyone, out, code, msg);
        } else if (strcmp(type, "table_join") == 0) {
            out->type = CLIENT_TABLE_JOIN;
            ok = parse_table_join(root, out, code, msg);
        } else if (strcmp(type, "table_leave") == 0 || strcmp(type, "lobby") == 0) {
            out->type = type[0] == 'l' ? CLIENT_LOBBY : CLIENT_TABLE_LEAVE;
            ok = only_fields(root, TYPE_ONLY, 1, "this message", code, msg);
        } else if (table_passed(type)) {
            out->type = CLIENT_TABLE; /* read strictly by the table */
            ok = true;
        } else if (strcmp(type, "undo") == 0 || strcmp(type, "hint") == 0 || strcmp(type, "next") == 0 ||
                   strcmp(type, "stats") == 0 || strcmp(type, "quit") == 0) {
            static const struct {
                const char *name;
                client_type type;
            } BARE[] = {{"undo", CLIENT_UNDO},
                        {"hint", CLIENT_HINT},
                        {"next", CLIENT_NEXT},
                        {"stats", CLIENT_STATS},
                        {"quit", CLIENT_QUIT}};
            for (size_t i = 0; i < sizeof BARE / sizeof BARE[0]; i++)
                if (strcmp(type, BARE[i].name) == 0) out->type = BARE[i].type;
            ok = only_fields(root, TYPE_ONLY, 1, "this message", code, msg);
        } else {
            fail(code, msg, "unknown_type", "no message is called '%.40s'", type);
        }
    }
    json_decref(root);
    return ok;
}
