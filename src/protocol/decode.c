/* decode.c: the strict reader of the JSON encoding: one line of text to a session value or an engine
 * protocol message, or a code and a sentence that names the field; and the check for unknown fields that
 * the other strict readers (the table's, the server's) share. */
#include <assert.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "gw/android_ai.h"
#include "gw/seeds.h"
#include "proto_names.h"

/* ---- the decoder's state: the error and the path of the field being read ---- */

typedef struct dec {
    gw_protocol_error *err;
    char path[192];
    size_t plen;
} dec;

static bool fail(dec *d, gw_protocol_code code, const char *fmt, ...) {
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    d->err->code = code;
    gw_error_set(&d->err->err, code == GW_PROTO_NO_MEMORY ? GW_ENOMEM : GW_EINVAL, 0, 0, "%s: %s", d->path,
                 what);
    return false;
}

/* Appends ".key" (or "[i]") to the path; leave() restores it. */
static size_t enter(dec *d, const char *key) {
    size_t at = d->plen;
    int n = snprintf(d->path + at, sizeof d->path - at, ".%s", key);
    d->plen = n < 0 ? at : at + (size_t)n >= sizeof d->path ? sizeof d->path - 1 : at + (size_t)n;
    return at;
}

static size_t enter_index(dec *d, size_t i) {
    size_t at = d->plen;
    int n = snprintf(d->path + at, sizeof d->path - at, "[%zu]", i);
    d->plen = n < 0 ? at : at + (size_t)n >= sizeof d->path ? sizeof d->path - 1 : at + (size_t)n;
    return at;
}

static void leave(dec *d, size_t at) {
    d->plen = at;
    d->path[at] = '\0';
}

static const char *type_name(const json_t *v) {
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction or exponent";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "a value";
}

static bool wrong_type(dec *d, const json_t *v, const char *want) {
    return fail(d, GW_PROTO_WRONG_TYPE, "must be %s, not %s", want, type_name(v));
}

/* A short quotable form of a text received: at most 32 bytes, cut at a character's start (then "..."
 * follows), quotes and control characters as '?'. */
static const char *quote(const char *s, char out[40]) {
    size_t n = 0;
    for (; s[n] && n < 32; n++)
        out[n] = (s[n] == '"' || (unsigned char)s[n] < 0x20 || s[n] == 0x7F) ? '?' : s[n];
    bool cut = s[n] != '\0';
    while (cut && n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--; /* s[n] continues a character: cut before that character */
    strcpy(out + n, cut ? "..." : "");
    return out;
}

/* ---- values ---------------------------------------------------------------------- */

const char *gw_protocol_unknown_field(const json_t *o, const char *const *allowed, int n) {
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)o, key, val) {
        (void)val;
        if (proto_lookup(allowed, n, key) < 0) return key;
    }
    return NULL;
}

static bool v_object(dec *d, const json_t *v, const char *const *allowed, int nallowed) {
    if (!json_is_object(v)) return wrong_type(d, v, "an object");
    const char *key = gw_protocol_unknown_field(v, allowed, nallowed);
    if (key) {
        char q[40];
        return fail(d, GW_PROTO_UNKNOWN_FIELD, "unknown field \"%s\"", quote(key, q));
    }
    return true;
}

static bool v_int(dec *d, const json_t *v, long long lo, long long hi, long long *out) {
    if (!json_is_integer(v)) return wrong_type(d, v, "an integer");
    long long x = json_integer_value(v);
    if (x < lo || x > hi)
        return fail(d, GW_PROTO_OUT_OF_RANGE, "%lld is out of range (%lld to %lld)", x, lo, hi);
    *out = x;
    return true;
}

static bool v_text(dec *d, const json_t *v, size_t min, size_t cap, char *out) {
    if (!json_is_string(v)) return wrong_type(d, v, "a string");
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    if (n < min || n >= cap)
        return fail(d, GW_PROTO_OUT_OF_RANGE, "the text must have %zu to %zu bytes, not %zu", min, cap - 1,
                    n);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7F)
            return fail(d, GW_PROTO_BAD_VALUE, "holds a control character (byte %zu)", i + 1);
    memcpy(out, s, n + 1);
    return true;
}

static bool v_enum(dec *d, const json_t *v, const char *const *table, int n, int *out) {
    if (!json_is_string(v)) return wrong_type(d, v, "a string");
    int i = proto_lookup(table, n, json_string_value(v));
    if (i < 0) {
        char list[160] = "", q[40];
        for (int k = 0; k < n; k++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s\"%s\"", k ? ", " : "", table[k]);
        }
        return fail(d, GW_PROTO_BAD_VALUE, "\"%s\" is none of %s", quote(json_string_value(v), q), list);
    }
    *out = i;
    return true;
}

static bool v_player(dec *d, const json_t *v, bool nullable, int *out) {
    if (nullable && json_is_null(v)) {
        *out = -1;
        return true;
    }
    if (!json_is_integer(v)) return wrong_type(d, v, nullable ? "0, 1 or null" : "0 or 1");
    long long x;
    if (!v_int(d, v, 0, 1, &x)) return false;
    *out = (int)x;
    return true;
}

/* A card in canonical form, of the deck `deck`; null gives GW_NO_CARD when nullable. */
static bool v_card(dec *d, const json_t *v, gw_cards deck, bool nullable, gw_card *out) {
    if (nullable && json_is_null(v)) {
        *out = GW_NO_CARD;
        return true;
    }
    if (!json_is_string(v)) return wrong_type(d, v, nullable ? "a card or null" : "a card");
    const char *s = json_string_value(v);
    static const char ranks[] = "23456789TJQKA", suits[] = "SHDC";
    const char *r = json_string_length(v) == 2 && s[0] ? strchr(ranks, s[0]) : NULL;
    const char *u = r && s[1] ? strchr(suits, s[1]) : NULL;
    char q[40];
    if (!r || !u)
        return fail(d, GW_PROTO_BAD_CARD,
                    "\"%s\" is not a card (rank then suit in capitals: \"AS\", \"TH\", \"2C\")", quote(s, q));
    gw_card c = gw_card_make((int)(u - suits), (int)(r - ranks));
    if (!gw_has(deck, c)) return fail(d, GW_PROTO_BAD_CARD, "%s is not a card of this deck", s);
    *out = c;
    return true;
}

static bool v_array(dec *d, const json_t *v, size_t min, size_t max) {
    if (!json_is_array(v)) return wrong_type(d, v, "an array");
    size_t n = json_array_size(v);
    if (n < min || n > max)
        return fail(d, GW_PROTO_OUT_OF_RANGE, "must have %zu to %zu entries, not %zu", min, max, n);
    return true;
}

/* A list of distinct cards (no nulls). */
static bool v_card_list(dec *d, const json_t *v, gw_cards deck, int max, gw_card *out, int *n) {
    if (!v_array(d, v, 0, (size_t)max)) return false;
    gw_cards seen = 0;
    size_t i;
    json_t *item;
    json_array_foreach(v, i, item) {
        size_t at = enter_index(d, i);
        gw_card c;
        if (!v_card(d, item, deck, false, &c)) return false;
        if (gw_has(seen, c)) {
            char s[3];
            gw_card_format(c, s);
            return fail(d, GW_PROTO_INCONSISTENT, "%s is given twice", s);
        }
        leave(d, at);
        seen |= gw_bit(c);
        out[i] = c;
    }
    *n = (int)json_array_size(v);
    return true;
}

static bool v_cards(dec *d, const json_t *v, gw_cards deck, int max, gw_cards *out) {
    assert(max <= GW_MAX_DECK);
    gw_card list[GW_MAX_DECK];
    int n;
    if (!v_card_list(d, v, deck, max, list, &n)) return false;
    gw_cards s = 0;
    for (int i = 0; i < n; i++)
        s |= gw_bit(list[i]);
    *out = s;
    return true;
}

static bool v_seat(dec *d, gw_game_kind game, const json_t *v, bool nullable, int *out) {
    if (game == GW_GAME_GERMAN) return v_player(d, v, nullable, out);
    if (nullable && json_is_null(v)) {
        *out = -1;
        return true;
    }
    if (!json_is_string(v))
        return wrong_type(d, v,
                          nullable ? "a seat (\"D\", \"L\", \"X\", \"N\") or null"
                                   : "a seat (\"D\", \"L\", \"X\", \"N\")");
    const char *s = json_string_value(v);
    const char *at = json_string_length(v) == 1 && s[0] ? strchr(proto_seat_letters, s[0]) : NULL;
    char q[40];
    if (!at)
        return fail(d, GW_PROTO_BAD_VALUE, "\"%s\" is not a seat (\"D\", \"L\", \"X\", \"N\")", quote(s, q));
    *out = (int)(at - proto_seat_letters);
    return true;
}

static bool v_command(dec *d, const json_t *v, bool nullable, int *out) {
    if (nullable && json_is_null(v)) {
        *out = GW_CMD_NONE;
        return true;
    }
    if (!json_is_string(v)) return wrong_type(d, v, nullable ? "a command or null" : "a command");
    const char *s = json_string_value(v);
    gw_android_command c;
    char q[40];
    if (!gw_android_command_parse(s, json_string_length(v), &c) || strcmp(gw_android_command_name(c), s) != 0)
        return fail(d, GW_PROTO_BAD_COMMAND,
                    "\"%s\" is not a command (duck, beat, high, spades, ..., shortest, longest, high-spades, "
                    "..., high-longest)",
                    quote(s, q));
    *out = (int)c;
    return true;
}

/* ---- fields: the same readers on an object's field, which must be there ----------- */

static const json_t *need(dec *d, const json_t *o, const char *key) {
    const json_t *v = json_object_get(o, key);
    if (!v) fail(d, GW_PROTO_MISSING_FIELD, "missing");
    return v;
}

/* Runs `read` (an expression using fv, the field's value) on field key of o with the path set. */
#define FIELD(d, o, key, read)                                                                               \
    do {                                                                                                     \
        size_t at_ = enter(d, key);                                                                          \
        const json_t *fv = need(d, o, key);                                                                  \
        if (!fv || !(read)) return false;                                                                    \
        leave(d, at_);                                                                                       \
    } while (0)

static bool f_int(dec *d, const json_t *o, const char *key, int lo, int hi, int *out) {
    long long x = 0;
    FIELD(d, o, key, v_int(d, fv, lo, hi, &x));
    *out = (int)x;
    return true;
}

static bool f_bool(dec *d, const json_t *o, const char *key, bool *out) {
    FIELD(d, o, key, json_is_boolean(fv) || wrong_type(d, fv, "true or false"));
    *out = json_is_true(json_object_get(o, key));
    return true;
}

static bool f_enum(dec *d, const json_t *o, const char *key, const char *const *table, int n, int *out) {
    FIELD(d, o, key, v_enum(d, fv, table, n, out));
    return true;
}

static bool f_player(dec *d, const json_t *o, const char *key, bool nullable, int *out) {
    FIELD(d, o, key, v_player(d, fv, nullable, out));
    return true;
}

static bool f_seat(dec *d, gw_game_kind game, const json_t *o, const char *key, bool nullable, int *out) {
    FIELD(d, o, key, v_seat(d, game, fv, nullable, out));
    return true;
}

static bool f_card(dec *d, const json_t *o, const char *key, gw_cards deck, bool nullable, gw_card *out) {
    FIELD(d, o, key, v_card(d, fv, deck, nullable, out));
    return true;
}

static bool f_cards(dec *d, const json_t *o, const char *key, gw_cards deck, int max, gw_cards *out) {
    FIELD(d, o, key, v_cards(d, fv, deck, max, out));
    return true;
}

static bool f_card_list(dec *d, const json_t *o, const char *key, gw_cards deck, int max, gw_card *out,
                        int *n) {
    FIELD(d, o, key, v_card_list(d, fv, deck, max, out, n));
    return true;
}

static bool f_command(dec *d, const json_t *o, const char *key, bool nullable, int *out) {
    FIELD(d, o, key, v_command(d, fv, nullable, out));
    return true;
}

static bool f_text(dec *d, const json_t *o, const char *key, size_t min, size_t cap, char *out) {
    FIELD(d, o, key, v_text(d, fv, min, cap, out));
    return true;
}

/* An array of two integers lo..hi. */
static bool f_pair(dec *d, const json_t *o, const char *key, int lo, int hi, int out[2]) {
    FIELD(d, o, key, v_array(d, fv, 2, 2));
    const json_t *a = json_object_get(o, key);
    for (size_t i = 0; i < 2; i++) {
        size_t at = enter(d, key);
        enter_index(d, i);
        long long x;
        if (!v_int(d, json_array_get(a, i), lo, hi, &x)) return false;
        leave(d, at);
        out[i] = (int)x;
    }
    return true;
}

/* A field that must be an object with only the allowed fields; *out is the object. */
static bool f_object(dec *d, const json_t *o, const char *key, const char *const *allowed, int n,
                     const json_t **out) {
    FIELD(d, o, key, v_object(d, fv, allowed, n));
    *out = json_object_get(o, key);
    return true;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- parsing the line ---------------------------------------------------------- */

/* The line as a jansson object: length, NUL bytes and nesting are checked before jansson sees it. */
static json_t *parse(dec *d, const char *text, size_t len) {
    if (len > GW_PROTOCOL_LINE_MAX) {
        fail(d, GW_PROTO_TOO_LONG, "the line has %zu bytes, more than the %d allowed", len,
             GW_PROTOCOL_LINE_MAX);
        return NULL;
    }
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\0') {
            fail(d, GW_PROTO_NUL, "a NUL byte at byte %zu", i + 1);
            d->err->err.col = (int)(i + 1);
            return NULL;
        }
        if (in_string) {
            if (c == '\\' && i + 1 < len) {
                if (text[i + 1] == 'u' && i + 5 < len && memcmp(text + i + 2, "0000", 4) == 0) {
                    fail(d, GW_PROTO_NUL, "a NUL character (\\u0000) at byte %zu", i + 1);
                    d->err->err.col = (int)(i + 1);
                    return NULL;
                }
                i++;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > GW_PROTOCOL_DEPTH_MAX) {
                fail(d, GW_PROTO_TOO_DEEP, "nested deeper than %d levels at byte %zu", GW_PROTOCOL_DEPTH_MAX,
                     i + 1);
                d->err->err.col = (int)(i + 1);
                return NULL;
            }
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
    if (!root) {
        gw_protocol_code code = GW_PROTO_BAD_JSON;
        switch (json_error_code(&je)) {
        case json_error_out_of_memory: code = GW_PROTO_NO_MEMORY; break;
        case json_error_stack_overflow: code = GW_PROTO_TOO_DEEP; break;
        case json_error_null_character:
        case json_error_null_byte_in_key: code = GW_PROTO_NUL; break;
        case json_error_duplicate_key: code = GW_PROTO_DUPLICATE_KEY; break;
        case json_error_numeric_overflow: code = GW_PROTO_OUT_OF_RANGE; break;
        default: break;
        }
        if (je.text[0] == '\0') { /* jansson could not start: its only need then is memory */
            fail(d, GW_PROTO_NO_MEMORY, "out of memory");
            return NULL;
        }
        const char *what = json_error_code(&je) == json_error_end_of_input_expected
                               ? "something follows the JSON value"
                               : "not valid JSON";
        fail(d, code, "%s at byte %d: %s", what, je.position, je.text);
        d->err->err.col = je.position > 0 ? je.position : 1;
        return NULL;
    }
    if (!json_is_object(root)) {
        fail(d, GW_PROTO_NOT_OBJECT, "must be a JSON object, not %s", type_name(root));
        json_decref(root);
        return NULL;
    }
    return root;
}

/* ---- the values ---------------------------------------------------------------- */

static const char *const action_play_fields[] = {"type", "card"};
static const char *const action_command_fields[] = {"type", "command"};

/* o's "type" (already read as t: "play" or "command") and its field. */
static bool read_action(dec *d, const json_t *o, bool command, gw_action *out) {
    memset(out, 0, sizeof *out);
    if (command) {
        if (!v_object(d, o, action_command_fields, COUNT(action_command_fields))) return false;
        int c;
        if (!f_command(d, o, "command", false, &c)) return false;
        out->kind = GW_ACTION_COMMAND;
        out->command = (gw_android_command)c;
        out->card = GW_NO_CARD;
    } else {
        if (!v_object(d, o, action_play_fields, COUNT(action_play_fields))) return false;
        if (!f_card(d, o, "card", GW_ALL_CARDS, false, &out->card)) return false;
        out->kind = GW_ACTION_CARD;
        out->command = GW_CMD_NONE;
    }
    return true;
}

/* The "type" field, which must be a string. */
static bool read_type(dec *d, const json_t *o, const char **out) {
    FIELD(d, o, "type", json_is_string(fv) || wrong_type(d, fv, "a string"));
    *out = json_string_value(json_object_get(o, "type"));
    return true;
}

static const char *const turn_fields[] = {"player", "action", "seat", "computer"};

static bool read_turn(dec *d, gw_game_kind game, const json_t *o, gw_turn *out) {
    memset(out, 0, sizeof *out);
    if (!v_object(d, o, turn_fields, COUNT(turn_fields))) return false;
    int kind;
    if (!f_player(d, o, "player", true, &out->player) ||
        !f_enum(d, o, "action", proto_action_names, 2, &kind) ||
        !f_seat(d, game, o, "seat", true, &out->seat) || !f_bool(d, o, "computer", &out->computer))
        return false;
    out->kind = (gw_action_kind)kind;
    return true;
}

static const char *const german_table_fields[] = {
    "trump", "dealer",       "phase", "to_play",        "leader",         "led",    "upcard",
    "stock", "trick_number", "own",   "opponent_count", "opponent_known", "unseen", "upcards",
    "won",   "moves",        "ups",   "draws"};
static const char *const won_fields[] = {"foreplay", "endgame"};

static bool read_suit(dec *d, const json_t *o, const char *key, int *out) {
    static const char *const suits[] = {"S", "H", "D", "C"};
    return f_enum(d, o, key, suits, 4, out);
}

/* What the computer players may rely on in a German Whist observation (a view that breaks it is no
 * view the session gives): each card in one place, the counts adding up, the phase, the trick and the
 * card led agreeing with the moves. A spectator's places are checked in read_view. */
static bool german_table_consistent(dec *d, const gw_observation *o, int n) {
    gw_cards up = o->upcard == GW_NO_CARD ? 0 : gw_bit(o->upcard);
    gw_cards places[] = {o->own, o->played, o->opp_known, o->unseen, up};
    gw_cards all = 0;
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        if (all & places[i])
            return fail(d, GW_PROTO_INCONSISTENT,
                        "a card is in two places (own, played, opponent_known, unseen, upcard)");
        all |= places[i];
    }
    if (o->seat >= 0) {
        if (all != gw_deck_cards(o->variant))
            return fail(d, GW_PROTO_INCONSISTENT,
                        "own, played, opponent_known, unseen and upcard miss cards");
        if (gw_count(o->own) + o->opp_hand_size + o->stock_left + o->nmoves != n)
            return fail(d, GW_PROTO_INCONSISTENT,
                        "own, opponent_count, stock and moves do not add up to the deck");
        if (gw_count(o->opp_known) > o->opp_hand_size)
            return fail(d, GW_PROTO_INCONSISTENT, "opponent_known holds more than opponent_count cards");
    }
    gw_phase phase = o->nmoves == n ? GW_OVER : o->stock_left > 0 ? GW_FOREPLAY : GW_ENDGAME;
    if (o->phase != phase || (o->stock_left > 0) != (o->upcard != GW_NO_CARD) || (o->stock_left & 1) ||
        (phase == GW_OVER && o->stock_left > 0))
        return fail(d, GW_PROTO_INCONSISTENT, "phase, stock and upcard disagree with the moves");
    if (o->trick_number != o->nmoves / 2 + 1 ||
        o->won[0][0] + o->won[0][1] + o->won[1][0] + o->won[1][1] != o->nmoves / 2)
        return fail(d, GW_PROTO_INCONSISTENT, "trick_number or won disagree with the moves");
    if (o->led != (o->nmoves & 1 ? o->moves[o->nmoves - 1] : GW_NO_CARD))
        return fail(d, GW_PROTO_INCONSISTENT, "led is not the last move of a trick begun");
    return true;
}

static bool read_german_table(dec *d, const json_t *t, gw_variant variant, int viewer, gw_observation *o) {
    if (!v_object(d, t, german_table_fields, COUNT(german_table_fields))) return false;
    gw_cards deck = gw_deck_cards(variant);
    int n = gw_deck_size(variant), h = gw_hand_size(variant);
    int phase;
    o->seat = viewer;
    o->variant = variant;
    if (!read_suit(d, t, "trump", &o->trump) || !f_player(d, t, "dealer", false, &o->dealer) ||
        !f_enum(d, t, "phase", proto_phase_names, 3, &phase) || !f_player(d, t, "to_play", false, &o->turn) ||
        !f_player(d, t, "leader", false, &o->leader) || !f_card(d, t, "led", deck, true, &o->led) ||
        !f_card(d, t, "upcard", deck, true, &o->upcard) || !f_int(d, t, "stock", 0, n, &o->stock_left) ||
        !f_int(d, t, "trick_number", 1, 2 * h + 1, &o->trick_number) ||
        !f_cards(d, t, "own", deck, h, &o->own) || !f_int(d, t, "opponent_count", 0, h, &o->opp_hand_size) ||
        !f_cards(d, t, "opponent_known", deck, h, &o->opp_known) ||
        !f_cards(d, t, "unseen", deck, n, &o->unseen))
        return false;
    o->phase = (gw_phase)phase;
    const json_t *ups;
    FIELD(d, t, "upcards", v_array(d, fv, 2, 2));
    ups = json_object_get(t, "upcards");
    for (size_t p = 0; p < 2; p++) {
        size_t at = enter(d, "upcards");
        enter_index(d, p);
        if (!v_cards(d, json_array_get(ups, p), deck, h, &o->upcards[p])) return false;
        leave(d, at);
    }
    const json_t *won;
    if (!f_object(d, t, "won", won_fields, 2, &won)) return false;
    size_t at = enter(d, "won");
    if (!f_pair(d, won, "foreplay", 0, h, o->won[GW_FOREPLAY]) ||
        !f_pair(d, won, "endgame", 0, h, o->won[GW_ENDGAME]))
        return false;
    leave(d, at);
    if (!f_card_list(d, t, "moves", deck, n, o->moves, &o->nmoves) ||
        !f_card_list(d, t, "ups", deck, n / 2, o->ups, &o->nups) ||
        !f_card_list(d, t, "draws", deck, n / 2, o->draws, &o->ndraws))
        return false;
    for (int i = 0; i < o->nmoves; i++)
        o->played |= gw_bit(o->moves[i]);
    return german_table_consistent(d, o, n);
}

static const char *const android_table_fields[] = {
    "seat",    "dealer", "trump_card",  "own", "opposing_android", "opposing_hand", "held", "leader",
    "to_play", "trick",  "tricks_done", "won", "errors",           "events"};
static const char *const android_event_fields[] = {"seat", "command", "card", "answer"};

/* The same for an Android Whist view: each card in one place, the counts adding up, the trick the last
 * cards played, the viewer at D or N with the android opposite its partner. */
static bool android_table_consistent(dec *d, const gw_android_view *a) {
    if ((a->own & a->played) || (a->opposing_hand & a->played) || (a->own & a->opposing_hand))
        return fail(d, GW_PROTO_INCONSISTENT, "a card is in two places (own, opposing_hand, played)");
    int held = 0;
    for (int s = 0; s < GW_SEATS; s++)
        held += a->held[s];
    int played = gw_count(a->played);
    if (held + played != GW_ANDROID_DECK || played != 4 * a->tricks_done + a->ntrick ||
        a->won[0] + a->won[1] != a->tricks_done || (a->tricks_done == GW_ANDROID_TRICKS && a->ntrick > 0))
        return fail(d, GW_PROTO_INCONSISTENT, "held, the events, trick, tricks_done and won do not add up");
    for (int i = 0; i < a->ntrick; i++)
        if (!gw_has(a->played, a->trick[i]))
            return fail(d, GW_PROTO_INCONSISTENT, "a card of the trick was never played");
    if (a->player >= 0) {
        int seat = a->player == a->dealer ? GW_SEAT_D : GW_SEAT_N;
        int opposing = seat == GW_SEAT_D ? GW_SEAT_L : GW_SEAT_X;
        if (a->seat != seat || a->opposing_android != opposing || a->held[seat] != gw_count(a->own) ||
            a->held[opposing] != gw_count(a->opposing_hand))
            return fail(d, GW_PROTO_INCONSISTENT,
                        "seat, opposing_android, own, opposing_hand and held disagree");
    }
    return true;
}

static bool read_android_table(dec *d, const json_t *t, int viewer, gw_android_view *a) {
    if (!v_object(d, t, android_table_fields, COUNT(android_table_fields))) return false;
    a->player = viewer;
    if (!f_seat(d, GW_GAME_ANDROID, t, "seat", true, &a->seat) ||
        !f_player(d, t, "dealer", false, &a->dealer) ||
        !f_card(d, t, "trump_card", GW_ALL_CARDS, false, &a->trump_card) ||
        !f_cards(d, t, "own", GW_ALL_CARDS, GW_ANDROID_TRICKS, &a->own) ||
        !f_seat(d, GW_GAME_ANDROID, t, "opposing_android", true, &a->opposing_android) ||
        !f_cards(d, t, "opposing_hand", GW_ALL_CARDS, GW_ANDROID_TRICKS, &a->opposing_hand))
        return false;
    a->trump = gw_card_suit(a->trump_card);
    FIELD(d, t, "held", v_array(d, fv, GW_SEATS, GW_SEATS));
    for (size_t s = 0; s < GW_SEATS; s++) {
        size_t at = enter(d, "held");
        enter_index(d, s);
        long long x;
        if (!v_int(d, json_array_get(json_object_get(t, "held"), s), 0, GW_ANDROID_TRICKS, &x)) return false;
        leave(d, at);
        a->held[s] = (int)x;
    }
    if (!f_seat(d, GW_GAME_ANDROID, t, "leader", false, &a->leader) ||
        !f_seat(d, GW_GAME_ANDROID, t, "to_play", false, &a->turn) ||
        !f_card_list(d, t, "trick", GW_ALL_CARDS, GW_SEATS, a->trick, &a->ntrick) ||
        !f_int(d, t, "tricks_done", 0, GW_ANDROID_TRICKS, &a->tricks_done) ||
        !f_pair(d, t, "won", 0, GW_ANDROID_TRICKS, a->won) ||
        !f_int(d, t, "errors", 0, GW_ANDROID_MAX_ERRORS, &a->errors))
        return false;
    for (int i = a->ntrick; i < GW_SEATS; i++)
        a->trick[i] = GW_NO_CARD;
    FIELD(d, t, "events", v_array(d, fv, 0, GW_ANDROID_MAX_EVENTS));
    const json_t *evs = json_object_get(t, "events");
    size_t i;
    json_t *e;
    json_array_foreach(evs, i, e) {
        size_t at = enter(d, "events");
        enter_index(d, i);
        int seat, command, answer;
        gw_card c;
        if (!v_object(d, e, android_event_fields, COUNT(android_event_fields)) ||
            !f_seat(d, GW_GAME_ANDROID, e, "seat", false, &seat) ||
            !f_command(d, e, "command", true, &command) || !f_card(d, e, "card", GW_ALL_CARDS, true, &c) ||
            !f_enum(d, e, "answer", proto_answer_names, 10, &answer))
            return false;
        if ((c == GW_NO_CARD) != (answer != GW_ANSWER_CARD))
            return fail(d, GW_PROTO_INCONSISTENT, "a card goes with the answer \"card\" and only with it");
        if (c != GW_NO_CARD && gw_has(a->played, c))
            return fail(d, GW_PROTO_INCONSISTENT, "the card was played before");
        leave(d, at);
        a->events[i] = (gw_android_event){(uint8_t)seat, (uint8_t)command, c, (uint8_t)answer};
        if (c != GW_NO_CARD) a->played |= gw_bit(c);
    }
    a->nevents = (int)json_array_size(evs);
    return android_table_consistent(d, a);
}

static const char *const rubber_fields[] = {"next_dealer", "hands",   "points", "games",
                                            "values",      "results", "winner", "margin"};
static const char *const result_fields[] = {"winner", "value"};

static bool read_rubber(dec *d, const json_t *o, gw_android_rubber *r) {
    if (!v_object(d, o, rubber_fields, COUNT(rubber_fields))) return false;
    if (!f_player(d, o, "next_dealer", false, &r->next_dealer) ||
        !f_int(d, o, "hands", 0, INT_MAX, &r->hands) ||
        !f_pair(d, o, "points", 0, GW_ANDROID_GAME_POINTS, r->points) ||
        !f_pair(d, o, "games", 0, 3, r->games) || !f_pair(d, o, "values", 0, 100, r->values))
        return false;
    FIELD(d, o, "results", v_array(d, fv, 0, 3));
    const json_t *res = json_object_get(o, "results");
    size_t i;
    json_t *g;
    json_array_foreach(res, i, g) {
        size_t at = enter(d, "results");
        enter_index(d, i);
        if (!v_object(d, g, result_fields, 2) || !f_player(d, g, "winner", false, &r->game_winner[i]) ||
            !f_int(d, g, "value", 0, 5, &r->game_value[i]))
            return false;
        leave(d, at);
    }
    r->ngames = (int)json_array_size(res);
    return f_player(d, o, "winner", true, &r->winner) && f_int(d, o, "margin", -100, 100, &r->margin);
}

static bool read_rules(dec *d, const json_t *o, gw_match_rules *r);

static const char *const german_view_fields[] = {
    "game",   "viewer",   "state", "turn",  "hand_number", "names",          "seats",
    "winner", "can_undo", "rules", "score", "table",       "spectator_known"};
static const char *const android_view_fields[] = {"game",        "viewer", "state", "turn",
                                                  "hand_number", "names",  "seats", "winner",
                                                  "can_undo",    "rubber", "table"};
static const char *const rules_fields[] = {"variant", "scoring", "target"};

static bool read_game(dec *d, const json_t *o, gw_game_kind *out) {
    static const char *const games[] = {"german", "android"};
    int g;
    if (!f_enum(d, o, "game", games, 2, &g)) return false;
    *out = (gw_game_kind)g;
    return true;
}

static bool read_view(dec *d, const json_t *o, gw_view *v) {
    memset(v, 0, sizeof *v);
    if (!json_is_object(o)) return wrong_type(d, o, "an object");
    if (!read_game(d, o, &v->game)) return false;
    bool german = v->game == GW_GAME_GERMAN;
    if (german ? !v_object(d, o, german_view_fields, COUNT(german_view_fields))
               : !v_object(d, o, android_view_fields, COUNT(android_view_fields)))
        return false;
    int state;
    const json_t *turn;
    if (!f_player(d, o, "viewer", true, &v->viewer) || !f_enum(d, o, "state", proto_state_names, 3, &state) ||
        !f_object(d, o, "turn", turn_fields, COUNT(turn_fields), &turn))
        return false;
    v->state = (gw_session_state)state;
    size_t at = enter(d, "turn");
    if (!read_turn(d, v->game, turn, &v->turn)) return false;
    leave(d, at);
    if (!f_int(d, o, "hand_number", 0, INT_MAX, &v->hand_number)) return false;
    FIELD(d, o, "names", v_array(d, fv, 2, 2));
    FIELD(d, o, "seats", v_array(d, fv, 2, 2));
    for (size_t p = 0; p < 2; p++) {
        size_t at2 = enter(d, "names");
        enter_index(d, p);
        if (!v_text(d, json_array_get(json_object_get(o, "names"), p), 0, GW_SEAT_NAME_MAX, v->names[p]))
            return false;
        leave(d, at2);
        at2 = enter(d, "seats");
        enter_index(d, p);
        int kind;
        if (!v_enum(d, json_array_get(json_object_get(o, "seats"), p), proto_kind_names, 2, &kind))
            return false;
        leave(d, at2);
        v->kinds[p] = (gw_seat_kind)kind;
    }
    if (!f_player(d, o, "winner", true, &v->winner) || !f_bool(d, o, "can_undo", &v->can_undo)) return false;
    const json_t *sub;
    if (german) {
        if (!f_object(d, o, "rules", rules_fields, COUNT(rules_fields), &sub)) return false;
        at = enter(d, "rules");
        if (!read_rules(d, sub, &v->rules)) return false;
        leave(d, at);
        if (!f_pair(d, o, "score", 0, GW_PROTOCOL_SCORE_MAX, v->score)) return false;
        FIELD(d, o, "table", json_is_object(fv) || wrong_type(d, fv, "an object"));
        at = enter(d, "table");
        if (!read_german_table(d, json_object_get(o, "table"), v->rules.variant, v->viewer, &v->german))
            return false;
        leave(d, at);
        FIELD(d, o, "spectator_known", v_array(d, fv, 2, 2));
        gw_cards deck = gw_deck_cards(v->rules.variant);
        for (size_t p = 0; p < 2; p++) {
            at = enter(d, "spectator_known");
            enter_index(d, p);
            if (!v_cards(d, json_array_get(json_object_get(o, "spectator_known"), p), deck, GW_MAX_HAND,
                         &v->spectator_known[p]))
                return false;
            leave(d, at);
        }
    } else {
        FIELD(d, o, "rubber", json_is_object(fv) || wrong_type(d, fv, "an object"));
        at = enter(d, "rubber");
        if (!read_rubber(d, json_object_get(o, "rubber"), &v->rubber)) return false;
        leave(d, at);
        FIELD(d, o, "table", json_is_object(fv) || wrong_type(d, fv, "an object"));
        at = enter(d, "table");
        if (!read_android_table(d, json_object_get(o, "table"), v->viewer, &v->android)) return false;
        leave(d, at);
    }
    /* A spectator sees no hand: a view that shows one is no spectator's. */
    if (v->viewer == GW_SPECTATOR && (german ? v->german.own || v->german.opp_known || v->german.ndraws
                                             : v->android.own || v->android.opposing_hand)) {
        enter(d, "table");
        return fail(d, GW_PROTO_INCONSISTENT, "a spectator's view shows no hand and no draw");
    }
    /* A spectator's German Whist cards: each in one place, the deck in all (up-cards held are public). */
    if (german && v->viewer == GW_SPECTATOR) {
        const gw_observation *g = &v->german;
        gw_cards up = g->upcard == GW_NO_CARD ? 0 : gw_bit(g->upcard);
        gw_cards k0 = v->spectator_known[0], k1 = v->spectator_known[1];
        if ((k0 & k1) || ((k0 | k1) & (g->played | g->unseen | up)) ||
            (k0 | k1 | g->played | g->unseen | up) != gw_deck_cards(v->rules.variant)) {
            enter(d, "spectator_known");
            return fail(d, GW_PROTO_INCONSISTENT,
                        "spectator_known, played, unseen and upcard do not share the deck");
        }
    }
    return true;
}

/* ---- events ------------------------------------------------------------------------ */

static const char *const event_fields[] = {"type",   "number", "kind",    "hand",        "trick",
                                           "player", "seat",   "hidden",  "seen_by",     "card",
                                           "cards",  "count",  "command", "answer",      "tricks",
                                           "points", "score",  "winner",  "game_winner", "game_value"};
enum { EVENT_COMMON = 12 }; /* the fields every event has: up to "count" */

static bool read_event(dec *d, gw_game_kind game, const json_t *o, gw_event *e) {
    memset(e, 0, sizeof *e);
    e->player = e->seat = e->winner = e->game_winner = -1;
    e->card = GW_NO_CARD;
    e->command = GW_CMD_NONE;
    e->answer = GW_ANSWER_CARD;
    e->seen_by = GW_SEEN_P0 | GW_SEEN_P1 | GW_SEEN_SPECTATOR;
    const char *type;
    if (!read_type(d, o, &type)) return false;
    if (strcmp(type, "event") != 0) {
        char q[40];
        enter(d, "type");
        return fail(d, GW_PROTO_UNEXPECTED, "\"%s\" where an event is due", quote(type, q));
    }
    int kind;
    if (!f_enum(d, o, "kind", proto_event_names, 10, &kind)) return false;
    e->kind = (gw_event_kind)kind;
    bool android = game == GW_GAME_ANDROID;
    bool play = android && (kind == GW_EVENT_PLAY || kind == GW_EVENT_ERROR),
         error = android && kind == GW_EVENT_ERROR;
    bool score = kind == GW_EVENT_SCORE || kind == GW_EVENT_OVER;
    /* the fields of this kind: the common ones, then those it adds */
    const char *allowed[COUNT(event_fields)];
    int n = 0;
    for (int i = 0; i < COUNT(event_fields); i++) {
        const char *f = event_fields[i];
        bool scores = strcmp(f, "tricks") == 0 || strcmp(f, "points") == 0 || strcmp(f, "score") == 0 ||
                      strcmp(f, "winner") == 0;
        bool games = strcmp(f, "game_winner") == 0 || strcmp(f, "game_value") == 0;
        if (i < EVENT_COMMON || (strcmp(f, "command") == 0 && play) || (strcmp(f, "answer") == 0 && error) ||
            (scores && score) || (games && score && android))
            allowed[n++] = f;
    }
    if (!v_object(d, o, allowed, n)) return false;
    long long number = 0;
    FIELD(d, o, "number", v_int(d, fv, 1, UINT32_MAX, &number));
    e->number = (uint32_t)number;
    int seen = 0;
    if (!f_int(d, o, "hand", 1, INT_MAX, &e->hand) ||
        !f_int(d, o, "trick", 0, android ? GW_ANDROID_TRICKS : 2 * GW_MAX_HAND, &e->trick) ||
        !f_player(d, o, "player", true, &e->player) || !f_seat(d, game, o, "seat", true, &e->seat) ||
        !f_bool(d, o, "hidden", &e->hidden) ||
        !f_int(d, o, "seen_by", 0, GW_SEEN_P0 | GW_SEEN_P1 | GW_SEEN_SPECTATOR, &seen))
        return false;
    e->seen_by = (unsigned)seen;
    if (e->hidden) {
        FIELD(d, o, "card",
              json_is_null(fv) || fail(d, GW_PROTO_INCONSISTENT, "must be null: the card is face down"));
        FIELD(d, o, "cards",
              json_is_null(fv) || fail(d, GW_PROTO_INCONSISTENT, "must be null: the cards are face down"));
    } else if (!f_card(d, o, "card", GW_ALL_CARDS, true, &e->card) ||
               !f_cards(d, o, "cards", GW_ALL_CARDS, GW_MAX_HAND, &e->cards)) {
        return false;
    }
    if (!f_int(d, o, "count", 0, GW_MAX_DECK, &e->count)) return false;
    if (kind == GW_EVENT_HAND && !e->hidden && gw_count(e->cards) != e->count) {
        enter(d, "cards");
        return fail(d, GW_PROTO_INCONSISTENT, "%d cards, but count says %d", gw_count(e->cards), e->count);
    }
    if (play) {
        int command = GW_CMD_NONE;
        if (!f_command(d, o, "command", kind == GW_EVENT_PLAY, &command)) return false;
        e->command = (gw_android_command)command;
    }
    if (error) {
        int a;
        if (!f_enum(d, o, "answer", proto_answer_names, 10, &a)) return false;
        if (!gw_android_answer_is_error((gw_android_answer)a)) {
            enter(d, "answer");
            return fail(d, GW_PROTO_BAD_VALUE, "an error event's answer is one of the android's errors");
        }
        e->answer = (gw_android_answer)a;
    }
    if (score && (!f_pair(d, o, "tricks", 0, 2 * GW_MAX_HAND, e->tricks) ||
                  !f_pair(d, o, "points", 0, GW_PROTOCOL_SCORE_MAX, e->points) ||
                  !f_pair(d, o, "score", 0, GW_PROTOCOL_SCORE_MAX, e->score) ||
                  !f_player(d, o, "winner", true, &e->winner)))
        return false;
    if (score && android &&
        (!f_player(d, o, "game_winner", true, &e->game_winner) ||
         !f_int(d, o, "game_value", 0, 5, &e->game_value)))
        return false;
    return true;
}

/* ---- the configuration ------------------------------------------------------------ */

static bool read_rules(dec *d, const json_t *o, gw_match_rules *r) {
    int variant, scoring;
    static const char *const variants[] = {"classic", "small"};
    static const char *const scorings[] = {"last13", "every", "difference", "total"};
    if (!f_enum(d, o, "variant", variants, 2, &variant) || !f_enum(d, o, "scoring", scorings, 4, &scoring) ||
        !f_int(d, o, "target", GW_TARGET_MIN, GW_TARGET_MAX, &r->target))
        return false;
    r->variant = (gw_variant)variant;
    r->scoring = (gw_scoring)scoring;
    return true;
}

/* A seed: decimal digits, 0 to 2^64-1 (gw_seed_parse, the rule of every front end). */
static bool v_seed(dec *d, const json_t *fv, uint64_t *out) {
    if (!json_is_string(fv)) return wrong_type(d, fv, "a string of decimal digits");
    const char *s = json_string_value(fv);
    size_t n = json_string_length(fv);
    char q[40];
    if (n == 0) return fail(d, GW_PROTO_BAD_VALUE, "the seed is empty");
    if (strspn(s, "0123456789") != n)
        return fail(d, GW_PROTO_BAD_VALUE, "the seed must be decimal digits, not \"%s\"", quote(s, q));
    if (!gw_seed_parse(s, out, NULL))
        return fail(d, GW_PROTO_OUT_OF_RANGE, "the seed must be 0 to 18446744073709551615, not \"%s\"",
                    quote(s, q));
    return true;
}

static const char *const german_config_fields[] = {"game",     "variant",    "scoring", "target", "players",
                                                   "think_ms", "iterations", "undo",    "seed"};
static const char *const android_config_fields[] = {"game", "players", "think_ms", "samples", "undo", "seed"};
static const char *const player_fields[] = {"kind", "level", "name"};

/* The configuration in o into c (only the carried fields change); with_seed: the seed is required, else
 * refused. */
static bool read_config(dec *d, const json_t *o, bool with_seed, gw_session_config *c) {
    if (!json_is_object(o)) return wrong_type(d, o, "an object");
    if (!read_game(d, o, &c->game)) return false;
    bool german = c->game == GW_GAME_GERMAN;
    int nfields = german ? COUNT(german_config_fields) : COUNT(android_config_fields);
    if (!v_object(d, o, german ? german_config_fields : android_config_fields,
                  with_seed ? nfields : nfields - 1))
        return false;
    if (german && !read_rules(d, o, &c->rules)) return false;
    FIELD(d, o, "players", v_array(d, fv, 2, 2));
    for (size_t p = 0; p < 2; p++) {
        size_t at = enter(d, "players");
        enter_index(d, p);
        const json_t *po = json_array_get(json_object_get(o, "players"), p);
        gw_seat_config *s = &c->seats[p];
        int kind;
        if (!v_object(d, po, player_fields, COUNT(player_fields)) ||
            !f_enum(d, po, "kind", proto_kind_names, 2, &kind))
            return false;
        s->kind = (gw_seat_kind)kind;
        s->level = 0;
        if (s->kind == GW_SEAT_COMPUTER) {
            const char *german_levels[GW_AI_LEVELS], *android_levels[GW_ANDROID_LEVELS];
            for (int i = 0; i < GW_AI_LEVELS; i++)
                german_levels[i] = gw_ai_level_name((gw_ai_level)i);
            for (int i = 0; i < GW_ANDROID_LEVELS; i++)
                android_levels[i] = gw_android_level_name((gw_android_level)i);
            if (!f_enum(d, po, "level", german ? german_levels : android_levels,
                        german ? GW_AI_LEVELS : GW_ANDROID_LEVELS, &s->level))
                return false;
        } else if (json_object_get(po, "level")) {
            size_t at2 = enter(d, "level");
            fail(d, GW_PROTO_INCONSISTENT, "an outside player has no level");
            leave(d, at2);
            return false;
        }
        if (!f_text(d, po, "name", 0, GW_SEAT_NAME_MAX, s->name)) return false;
        leave(d, at);
    }
    if (german) {
        if (!f_int(d, o, "think_ms", 0, GW_PROTOCOL_THINK_MAX, &c->limits.think_ms) ||
            !f_int(d, o, "iterations", 0, GW_PROTOCOL_ITERATIONS_MAX, &c->limits.iterations))
            return false;
    } else if (!f_int(d, o, "think_ms", 0, GW_PROTOCOL_THINK_MAX, &c->android_think_ms) ||
               !f_int(d, o, "samples", 0, GW_ANDROID_SAMPLES_MAX, &c->android_samples)) {
        return false;
    }
    if (!f_bool(d, o, "undo", &c->undo)) return false;
    if (with_seed) FIELD(d, o, "seed", v_seed(d, fv, &c->seed));
    return true;
}

/* ---- entry points ------------------------------------------------------------------ */

/* Parses the line, runs read on the root, and keeps *err (when not NULL) consistent. */
typedef bool (*reader)(dec *d, const json_t *root, void *out, const void *ctx);

static gw_status run(const char *what, const char *text, size_t len, reader read, void *out, const void *ctx,
                     gw_protocol_error *err) {
    gw_protocol_error local;
    dec d = {.err = err ? err : &local};
    d.err->code = GW_PROTO_OK;
    gw_error_clear(&d.err->err);
    d.plen = (size_t)snprintf(d.path, sizeof d.path, "%s", what);
    json_t *root = parse(&d, text, len);
    if (!root) return d.err->err.status;
    bool ok = read(&d, root, out, ctx);
    json_decref(root);
    assert(ok == (d.err->code == GW_PROTO_OK));
    return ok ? GW_OK : d.err->err.status;
}

static bool action_reader(dec *d, const json_t *root, void *out, const void *ctx) {
    (void)ctx;
    const char *type;
    if (!read_type(d, root, &type)) return false;
    bool command = strcmp(type, "command") == 0;
    if (!command && strcmp(type, "play") != 0) {
        char q[40];
        enter(d, "type");
        return fail(d, GW_PROTO_UNKNOWN_TYPE, "\"%s\" is not an action (\"play\" or \"command\")",
                    quote(type, q));
    }
    gw_action a;
    if (!read_action(d, root, command, &a)) return false;
    *(gw_action *)out = a;
    return true;
}

gw_status gw_protocol_decode_action(const char *text, size_t len, gw_action *out, gw_protocol_error *err) {
    return run("action", text, len, action_reader, out, NULL, err);
}

static bool turn_reader(dec *d, const json_t *root, void *out, const void *ctx) {
    gw_turn t;
    if (!read_turn(d, *(const gw_game_kind *)ctx, root, &t)) return false;
    *(gw_turn *)out = t;
    return true;
}

gw_status gw_protocol_decode_turn(gw_game_kind game, const char *text, size_t len, gw_turn *out,
                                  gw_protocol_error *err) {
    return run("turn", text, len, turn_reader, out, &game, err);
}

/* Views and messages are large and a failed decode leaves *out unchanged: they are read into a heap copy. */
static bool view_reader(dec *d, const json_t *root, void *out, const void *ctx) {
    (void)ctx;
    gw_view *v = malloc(sizeof *v);
    if (!v) return fail(d, GW_PROTO_NO_MEMORY, "no memory for the view");
    bool ok = read_view(d, root, v);
    if (ok) memcpy(out, v, sizeof *v);
    free(v);
    return ok;
}

gw_status gw_protocol_decode_view(const char *text, size_t len, gw_view *out, gw_protocol_error *err) {
    return run("view", text, len, view_reader, out, NULL, err);
}

static bool event_reader(dec *d, const json_t *root, void *out, const void *ctx) {
    gw_event e;
    if (!read_event(d, *(const gw_game_kind *)ctx, root, &e)) return false;
    *(gw_event *)out = e;
    return true;
}

gw_status gw_protocol_decode_event(gw_game_kind game, const char *text, size_t len, gw_event *out,
                                   gw_protocol_error *err) {
    return run("event", text, len, event_reader, out, &game, err);
}

static bool config_reader(dec *d, const json_t *root, void *out, const void *ctx) {
    (void)ctx;
    gw_session_config c = *(gw_session_config *)out;
    if (!read_config(d, root, true, &c)) return false;
    *(gw_session_config *)out = c;
    return true;
}

gw_status gw_protocol_decode_config(const char *text, size_t len, gw_session_config *out,
                                    gw_protocol_error *err) {
    return run("config", text, len, config_reader, out, NULL, err);
}

/* ---- messages ---------------------------------------------------------------------- */

static const char *const hello_fields[] = {"type", "protocol", "game", "player", "rules", "names"};
static const char *const decide_fields[] = {"type", "view", "time_ms"};
static const char *const error_fields[] = {"type", "code", "message"};
static const char *const bye_fields[] = {"type", "result"};
static const char *const bye_result_fields[] = {"end", "winner", "score", "message"};
static const char *const ready_fields[] = {"type", "protocol", "name"};

/* "protocol" first: a peer of another version is told so whatever else it sent. */
static bool read_version(dec *d, const json_t *o) {
    long long version = 0;
    size_t at = enter(d, "protocol");
    const json_t *fv = need(d, o, "protocol");
    if (!fv) return false;
    if (!json_is_integer(fv)) return wrong_type(d, fv, "an integer");
    version = json_integer_value(fv);
    if (version != GW_PROTOCOL_VERSION)
        return fail(d, GW_PROTO_VERSION, "protocol %lld is not spoken here: this is protocol %d", version,
                    GW_PROTOCOL_VERSION);
    leave(d, at);
    return true;
}

static bool read_code(dec *d, const json_t *o, char out[GW_PROTOCOL_CODE_MAX]) {
    if (!f_text(d, o, "code", 1, GW_PROTOCOL_CODE_MAX, out)) return false;
    for (const char *p = out; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || *p == '_')) {
            size_t at = enter(d, "code");
            fail(d, GW_PROTO_BAD_VALUE, "a code is lower-case letters and '_' only");
            leave(d, at);
            return false;
        }
    return true;
}

typedef struct msg_ctx {
    gw_protocol_side side;
    gw_game_kind game;
} msg_ctx;

static bool read_message(dec *d, const json_t *o, const msg_ctx *ctx, gw_protocol_message *m) {
    memset(m, 0, sizeof *m);
    const char *type;
    if (!read_type(d, o, &type)) return false;
    int t = proto_lookup(proto_type_names, GW_MSG_TYPES + 1, type);
    if (t < 0) {
        char q[40];
        enter(d, "type");
        return fail(d, GW_PROTO_UNKNOWN_TYPE,
                    "\"%s\" is no message (hello, event, decide, error, bye, ready, play, command)",
                    quote(type, q));
    }
    gw_protocol_type mt = t == GW_MSG_TYPES ? GW_MSG_ACTION : (gw_protocol_type)t;
    bool to_program = mt <= GW_MSG_BYE;
    if (to_program != (ctx->side == GW_TO_PROGRAM)) {
        enter(d, "type");
        return fail(d, GW_PROTO_UNEXPECTED, "\"%s\" is sent %s, not %s", type,
                    to_program ? "by whist" : "by the program", to_program ? "by the program" : "by whist");
    }
    m->type = mt;
    switch (mt) {
    case GW_MSG_HELLO: {
        if (!read_version(d, o) || !v_object(d, o, hello_fields, COUNT(hello_fields)) ||
            !read_game(d, o, &m->hello.game) || !f_player(d, o, "player", false, &m->hello.player))
            return false;
        FIELD(d, o, "rules", json_is_object(fv) || wrong_type(d, fv, "an object"));
        size_t at = enter(d, "rules");
        if (!read_config(d, json_object_get(o, "rules"), false, &m->hello.rules)) return false;
        if (m->hello.rules.game != m->hello.game) {
            enter(d, "game");
            return fail(d, GW_PROTO_INCONSISTENT, "the rules are of the other game");
        }
        leave(d, at);
        FIELD(d, o, "names", v_array(d, fv, 2, 2));
        for (size_t p = 0; p < 2; p++) {
            at = enter(d, "names");
            enter_index(d, p);
            if (!v_text(d, json_array_get(json_object_get(o, "names"), p), 0, GW_SEAT_NAME_MAX,
                        m->hello.names[p]))
                return false;
            leave(d, at);
        }
        return true;
    }
    case GW_MSG_EVENT: return read_event(d, ctx->game, o, &m->event);
    case GW_MSG_DECIDE: {
        if (!v_object(d, o, decide_fields, COUNT(decide_fields))) return false;
        FIELD(d, o, "view", json_is_object(fv) || wrong_type(d, fv, "an object"));
        size_t at = enter(d, "view");
        if (!read_view(d, json_object_get(o, "view"), &m->view)) return false;
        if (m->view.game != ctx->game) {
            enter(d, "game");
            return fail(d, GW_PROTO_INCONSISTENT, "a view of %s in a game of %s",
                        gw_game_kind_name(m->view.game), gw_game_kind_name(ctx->game));
        }
        leave(d, at);
        long long ms = 0;
        FIELD(d, o, "time_ms", v_int(d, fv, 0, GW_PROTOCOL_TIME_MAX, &ms));
        m->time_ms = ms;
        return true;
    }
    case GW_MSG_ERROR:
        return v_object(d, o, error_fields, COUNT(error_fields)) && read_code(d, o, m->code) &&
               f_text(d, o, "message", 0, GW_PROTOCOL_MESSAGE_MAX, m->message);
    case GW_MSG_BYE: {
        const json_t *r;
        if (!v_object(d, o, bye_fields, COUNT(bye_fields)) ||
            !f_object(d, o, "result", bye_result_fields, COUNT(bye_result_fields), &r))
            return false;
        size_t at = enter(d, "result");
        int end;
        if (!f_enum(d, r, "end", proto_end_names, 3, &end) ||
            !f_player(d, r, "winner", true, &m->result.winner) ||
            !f_pair(d, r, "score", 0, GW_PROTOCOL_SCORE_MAX, m->result.score) ||
            !f_text(d, r, "message", 0, GW_PROTOCOL_MESSAGE_MAX, m->result.message))
            return false;
        leave(d, at);
        m->result.end = (gw_protocol_end)end;
        return true;
    }
    case GW_MSG_READY:
        return read_version(d, o) && v_object(d, o, ready_fields, COUNT(ready_fields)) &&
               f_text(d, o, "name", 1, GW_SEAT_NAME_MAX, m->name);
    case GW_MSG_ACTION: return read_action(d, o, t == GW_MSG_TYPES, &m->action);
    case GW_MSG_TYPES: break;
    }
    assert(0);
    return fail(d, GW_PROTO_UNKNOWN_TYPE, "no such message");
}

static bool message_reader(dec *d, const json_t *root, void *out, const void *ctx) {
    gw_protocol_message *m = malloc(sizeof *m);
    if (!m) return fail(d, GW_PROTO_NO_MEMORY, "no memory for the message");
    bool ok = read_message(d, root, ctx, m);
    if (ok) memcpy(out, m, sizeof *m);
    free(m);
    return ok;
}

gw_status gw_protocol_decode_message(gw_protocol_side side, gw_game_kind game, const char *text, size_t len,
                                     gw_protocol_message *out, gw_protocol_error *err) {
    msg_ctx ctx = {side, game};
    return run("message", text, len, message_reader, out, &ctx, err);
}
