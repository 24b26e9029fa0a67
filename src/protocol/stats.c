/* stats.c: the player's statistics on the wire (include/gw/protocol_stats.h): the stats message of whist
 * serve and the WebAssembly module, and the facts of finished hands and games the module counts it from
 * (with the statistics library, include/gw/stats.h, as the store does). */
#include <stdlib.h>
#include <string.h>

#include "gw/protocol.h"
#include "gw/protocol_stats.h"

/* A row's opponent as "person" (a person: "human"), "computer" (a level), or "all" (the total). */
static const char *vs_name(const char *opponent) {
    return strcmp(opponent, "human") == 0 ? "person" : strcmp(opponent, "all") == 0 ? "all" : "computer";
}

json_t *gw_protocol_stats_message(const gw_stats *rows, int count, const gw_android_stats *arows,
                                  int acount) {
    json_t *german = json_array(), *android = json_array();
    for (int i = 0; i < count && german; i++) {
        const gw_stats *r = &rows[i];
        json_array_append_new(german,
                              json_pack("{sssssssssisisisisisisisisi}", "variant", r->variant, "opponent",
                                        r->opponent, "vs", vs_name(r->opponent), "scoring", r->scoring,
                                        "target", r->target, "matches", r->matches, "matches_won",
                                        r->matches_won, "hands", r->hands, "hands_won", r->hands_won, "slams",
                                        r->slams, "longest_streak", r->longest_streak, "current_streak",
                                        r->current_streak, "assisted", r->assisted));
    }
    for (int i = 0; i < acount && android; i++) {
        const gw_android_stats *r = &arows[i];
        json_array_append_new(
            android, json_pack("{sssssisisisisisisisisisi}", "opponent", r->opponent, "vs",
                               vs_name(r->opponent), "rubbers", r->rubbers, "rubbers_won", r->rubbers_won,
                               "games", r->games, "games_won", r->games_won, "hands", r->hands, "hands_won",
                               r->hands_won, "points", r->points, "points_against", r->points_against,
                               "longest_streak", r->longest_streak, "current_streak", r->current_streak));
    }
    if (!german || !android) {
        json_decref(german);
        json_decref(android);
        return NULL;
    }
    return json_pack("{sssoso}", "type", "stats", "german", german, "android", android);
}

/* ---- the facts ------------------------------------------------------------------------------------------
 */

/* One entry being read: where it is (for the messages) and what it holds. */
typedef struct fact {
    const char *list; /* "hands" or "games" */
    size_t index;
    const json_t *o;
    gw_error *err;
} fact;

static bool bad(const fact *f, const char *field, const char *what) {
    gw_error_set(f->err, GW_EINVAL, 0, 0, "%s[%u].%s: %s", f->list, (unsigned)f->index, field, what);
    return false;
}

/* The string field name into *out; false (err set) if absent or not a string. */
static bool text_of(const fact *f, const char *name, const char **out) {
    const json_t *v = json_object_get(f->o, name);
    if (!json_is_string(v)) return bad(f, name, "a string");
    *out = json_string_value(v);
    return true;
}

/* The whole number field name within lo..hi into *out (null: -1 when null_ok); false (err set) if not. */
static bool int_of(const fact *f, const char *name, long long lo, long long hi, bool null_ok, int *out) {
    const json_t *v = json_object_get(f->o, name);
    if (null_ok && json_is_null(v)) {
        *out = -1;
        return true;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return bad(f, name, null_ok ? "null or a whole number from -1 to 1" : "a whole number in range");
    *out = (int)json_integer_value(v);
    return true;
}

/* The boolean field name (absent: false) into *out; false (err set) if another value. */
static bool flag_of(const fact *f, const char *name, bool *out) {
    const json_t *v = json_object_get(f->o, name);
    if (v && !json_is_boolean(v)) return bad(f, name, "true or false");
    *out = json_is_true(v);
    return true;
}

/* Whether the entry's fields are all among allowed (n of them). */
static bool known_fields(const fact *f, const char *const *allowed, int n) {
    const char *key = gw_protocol_unknown_field(f->o, allowed, n);
    return key ? bad(f, key, "no such field") : true;
}

/* The German Whist key of the entry (its texts f's). */
static bool key_of(const fact *f, gw_stats_key *k) {
    int target = 0;
    bool ok = text_of(f, "variant", &k->variant) && text_of(f, "scoring", &k->scoring) &&
              text_of(f, "opponent", &k->opponent) && int_of(f, "target", 0, 1000000, false, &target);
    k->target = target;
    return ok;
}

/* Whether the entry is of German Whist (else Android Whist); false (err set) if neither. */
static bool game_of(const fact *f, bool *german) {
    const char *game = NULL;
    if (!text_of(f, "game", &game)) return false;
    *german = strcmp(game, "german") == 0;
    return *german || strcmp(game, "android") == 0 ? true : bad(f, "game", "\"german\" or \"android\"");
}

static bool no_memory(gw_error *err) {
    gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory counting the statistics");
    return false;
}

static bool count_hand(const fact *f, gw_stats_tally *t, gw_android_tally *a) {
    static const char *const GERMAN[] = {"game",     "variant", "scoring", "target",
                                         "opponent", "winner",  "slam",    "assisted"};
    static const char *const ANDROID[] = {"game", "opponent", "winner", "points", "game_winner"};
    bool german = false;
    int winner = -1;
    if (!game_of(f, &german)) return false;
    if (german) {
        gw_stats_key k;
        bool slam = false, assisted = false;
        if (!known_fields(f, GERMAN, 8) || !key_of(f, &k) || !int_of(f, "winner", -1, 1, true, &winner) ||
            !flag_of(f, "slam", &slam) || !flag_of(f, "assisted", &assisted))
            return false;
        return gw_stats_count_hand(t, &k, winner, slam, assisted) || no_memory(f->err);
    }
    const char *opponent = NULL;
    int points = 0, game_winner = -1;
    if (!known_fields(f, ANDROID, 5) || !text_of(f, "opponent", &opponent) ||
        !int_of(f, "winner", -1, 1, true, &winner) || !int_of(f, "points", 0, 1000000, false, &points) ||
        !int_of(f, "game_winner", -1, 1, true, &game_winner))
        return false;
    return gw_android_count_hand(a, opponent, winner, points, game_winner) || no_memory(f->err);
}

static bool count_game(const fact *f, gw_stats_tally *t, gw_android_tally *a) {
    static const char *const GERMAN[] = {"game", "variant", "scoring", "target", "opponent", "winner"};
    static const char *const ANDROID[] = {"game", "opponent", "winner"};
    bool german = false;
    int winner = -1;
    if (!game_of(f, &german)) return false;
    if (german) {
        gw_stats_key k;
        if (!known_fields(f, GERMAN, 6) || !key_of(f, &k) || !int_of(f, "winner", 0, 1, false, &winner))
            return false;
        return gw_stats_count_match(t, &k, winner) || no_memory(f->err);
    }
    const char *opponent = NULL;
    if (!known_fields(f, ANDROID, 3) || !text_of(f, "opponent", &opponent) ||
        !int_of(f, "winner", 0, 1, false, &winner))
        return false;
    return gw_android_count_rubber(a, opponent, winner) || no_memory(f->err);
}

/* Counts every entry of the list name of facts with count; false (err set) at the first bad one. */
static bool count_list(const json_t *facts, const char *name, gw_stats_tally *t, gw_android_tally *a,
                       bool (*count)(const fact *, gw_stats_tally *, gw_android_tally *), gw_error *err) {
    const json_t *list = json_object_get(facts, name);
    if (!list) return true;
    if (!json_is_array(list)) {
        gw_error_set(err, GW_EINVAL, 0, 0, "%s: a list", name);
        return false;
    }
    for (size_t i = 0; i < json_array_size(list); i++) {
        fact f = {name, i, json_array_get(list, i), err};
        if (!json_is_object(f.o)) {
            gw_error_set(err, GW_EINVAL, 0, 0, "%s[%u]: an object", name, (unsigned)i);
            return false;
        }
        if (!count(&f, t, a)) return false;
    }
    return true;
}

gw_status gw_protocol_stats_from_facts(const json_t *facts, json_t **out, gw_error *err) {
    static const char *const FIELDS[] = {"hands", "games"};
    if (!json_is_object(facts)) return gw_error_set(err, GW_EINVAL, 0, 0, "the facts: an object");
    const char *key = gw_protocol_unknown_field(facts, FIELDS, 2);
    if (key) return gw_error_set(err, GW_EINVAL, 0, 0, "the facts have no field '%s'", key);
    gw_stats_tally t;
    gw_android_tally a;
    gw_stats_tally_init(&t);
    gw_android_tally_init(&a);
    gw_status st = GW_OK;
    if (!count_list(facts, "hands", &t, &a, count_hand, err) ||
        !count_list(facts, "games", &t, &a, count_game, err)) {
        st = err->status;
    } else {
        int n = 0, an = 0;
        gw_stats *rows = gw_stats_tally_rows(&t, &n);
        gw_android_stats *arows = gw_android_tally_rows(&a, &an);
        json_t *m = rows && arows ? gw_protocol_stats_message(rows, n, arows, an) : NULL;
        free(rows);
        free(arows);
        if (m) {
            *out = m;
            gw_error_clear(err);
        } else {
            st = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory counting the statistics");
        }
    }
    gw_stats_tally_free(&t);
    gw_android_tally_free(&a);
    return st;
}
