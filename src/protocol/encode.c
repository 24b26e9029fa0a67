/* encode.c: the session's values and the engine protocol's messages as jansson values and one-line JSON. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "gw/android_ai.h"
#include "proto_names.h"

/* A builder: any allocation that fails marks it, and the value is dropped at the end (a value with a
 * field missing is never sent). */
typedef struct enc {
    bool fail;
} enc;

static json_t *take(enc *b, json_t *v) {
    if (!v) b->fail = true;
    return v;
}

/* put and push take v's reference in every case (jansson drops it when it fails). */
static void put(enc *b, json_t *obj, const char *key, json_t *v) {
    if (!obj) json_decref(v);
    if (!v || !obj || json_object_set_new(obj, key, v) != 0) b->fail = true;
}

static void push(enc *b, json_t *arr, json_t *v) {
    if (!arr) json_decref(v);
    if (!v || !arr || json_array_append_new(arr, v) != 0) b->fail = true;
}

static json_t *finish(enc *b, json_t *v) {
    if (b->fail) {
        json_decref(v);
        return NULL;
    }
    return v;
}

static json_t *str(enc *b, const char *s) { return take(b, json_string_nocheck(s)); }
static json_t *num(enc *b, long long v) { return take(b, json_integer(v)); }
static json_t *boolean(enc *b, bool v) { return take(b, json_boolean(v)); }
static json_t *null(enc *b) { return take(b, json_null()); }

static json_t *card(enc *b, gw_card c) {
    if (!gw_card_valid(c)) return null(b);
    char s[3];
    gw_card_format(c, s);
    return take(b, json_stringn_nocheck(s, 2));
}

/* A set, spades to clubs, high to low in each suit. */
static json_t *cards(enc *b, gw_cards s) {
    json_t *a = take(b, json_array());
    for (int suit = 0; suit < GW_SUITS; suit++)
        for (int rank = GW_RANKS - 1; rank >= 0; rank--)
            if (gw_has(s, gw_card_make(suit, rank))) push(b, a, card(b, gw_card_make(suit, rank)));
    return a;
}

static json_t *card_list(enc *b, const gw_card *list, int n) {
    json_t *a = take(b, json_array());
    for (int i = 0; i < n; i++)
        push(b, a, card(b, list[i]));
    return a;
}

static json_t *player(enc *b, int p) { return p == 0 || p == 1 ? num(b, p) : null(b); }

static json_t *seat(enc *b, gw_game_kind game, int s) {
    if (game == GW_GAME_GERMAN) return player(b, s);
    if (s < 0 || s >= GW_SEATS) return null(b);
    return take(b, json_stringn_nocheck(&proto_seat_letters[s], 1));
}

static json_t *suit(enc *b, int s) {
    assert(s >= 0 && s < GW_SUITS);
    char c = gw_suit_char(s);
    return take(b, json_stringn_nocheck(&c, 1));
}

static json_t *pair(enc *b, const int v[2]) {
    json_t *a = take(b, json_array());
    push(b, a, num(b, v[0]));
    push(b, a, num(b, v[1]));
    return a;
}

static json_t *command(enc *b, int c) {
    return c >= 0 && c < GW_CMD_COUNT ? str(b, gw_android_command_name((gw_android_command)c)) : null(b);
}

static json_t *name_of(enc *b, const char *const *table, int n, int v) {
    assert(v >= 0 && v < n);
    return str(b, table[v >= 0 && v < n ? v : 0]);
}

/* Text cut to fit cap bytes (NUL included; at most GW_PROTOCOL_MESSAGE_MAX), never inside a UTF-8
 * character, as a checked string: a message may quote what a program sent, and jansson refuses invalid
 * UTF-8, whose bytes are then written as '?', as are control characters always. */
static json_t *text_json(enc *b, const char *message, size_t cap) {
    char buf[GW_PROTOCOL_MESSAGE_MAX];
    assert(cap <= sizeof buf);
    size_t n = strlen(message);
    if (n > cap - 1) {
        n = cap - 1;
        while (n > 0 && ((unsigned char)message[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(buf, message, n);
    buf[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7F) buf[i] = '?';
    json_t *s = json_string(buf);
    if (!s) { /* invalid UTF-8 (or no memory: then the second try fails too) */
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)buf[i] >= 0x80) buf[i] = '?';
        s = json_string(buf);
    }
    return take(b, s);
}

/* ---- values ---------------------------------------------------------------- */

char *gw_protocol_dump(json_t *j) {
    if (!j) return NULL;
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return s;
}

static json_t *action_json(enc *b, const gw_action *a) {
    json_t *o = take(b, json_object());
    if (a->kind == GW_ACTION_COMMAND) {
        put(b, o, "type", str(b, "command"));
        put(b, o, "command", command(b, (int)a->command));
    } else {
        put(b, o, "type", str(b, "play"));
        put(b, o, "card", card(b, a->card));
    }
    return o;
}

json_t *gw_protocol_action_json(const gw_action *a) {
    enc b = {0};
    return finish(&b, action_json(&b, a));
}

char *gw_protocol_encode_action(const gw_action *a) { return gw_protocol_dump(gw_protocol_action_json(a)); }

static json_t *turn_json(enc *b, gw_game_kind game, const gw_turn *t) {
    json_t *o = take(b, json_object());
    put(b, o, "player", player(b, t->player));
    put(b, o, "action", name_of(b, proto_action_names, 2, (int)t->kind));
    put(b, o, "seat", seat(b, game, t->seat));
    put(b, o, "computer", boolean(b, t->computer));
    return o;
}

json_t *gw_protocol_turn_json(gw_game_kind game, const gw_turn *t) {
    enc b = {0};
    return finish(&b, turn_json(&b, game, t));
}

char *gw_protocol_encode_turn(gw_game_kind game, const gw_turn *t) {
    return gw_protocol_dump(gw_protocol_turn_json(game, t));
}

static json_t *german_table(enc *b, const gw_observation *o) {
    json_t *t = take(b, json_object());
    put(b, t, "trump", suit(b, o->trump));
    put(b, t, "dealer", player(b, o->dealer));
    put(b, t, "phase", name_of(b, proto_phase_names, 3, (int)o->phase));
    put(b, t, "to_play", player(b, o->turn));
    put(b, t, "leader", player(b, o->leader));
    put(b, t, "led", card(b, o->led));
    put(b, t, "upcard", card(b, o->upcard));
    put(b, t, "stock", num(b, o->stock_left));
    put(b, t, "trick_number", num(b, o->trick_number));
    put(b, t, "own", cards(b, o->own));
    put(b, t, "opponent_count", num(b, o->opp_hand_size));
    put(b, t, "opponent_known", cards(b, o->opp_known));
    put(b, t, "unseen", cards(b, o->unseen));
    json_t *ups = take(b, json_array());
    push(b, ups, cards(b, o->upcards[0]));
    push(b, ups, cards(b, o->upcards[1]));
    put(b, t, "upcards", ups);
    json_t *won = take(b, json_object());
    put(b, won, "foreplay", pair(b, o->won[GW_FOREPLAY]));
    put(b, won, "endgame", pair(b, o->won[GW_ENDGAME]));
    put(b, t, "won", won);
    put(b, t, "moves", card_list(b, o->moves, o->nmoves));
    put(b, t, "ups", card_list(b, o->ups, o->nups));
    put(b, t, "draws", card_list(b, o->draws, o->ndraws));
    return t;
}

static json_t *android_table(enc *b, const gw_android_view *v) {
    json_t *t = take(b, json_object());
    put(b, t, "seat", seat(b, GW_GAME_ANDROID, v->seat));
    put(b, t, "dealer", player(b, v->dealer));
    put(b, t, "trump_card", card(b, v->trump_card));
    put(b, t, "own", cards(b, v->own));
    put(b, t, "opposing_android", seat(b, GW_GAME_ANDROID, v->opposing_android));
    put(b, t, "opposing_hand", cards(b, v->opposing_hand));
    json_t *held = take(b, json_array());
    for (int s = 0; s < GW_SEATS; s++)
        push(b, held, num(b, v->held[s]));
    put(b, t, "held", held);
    put(b, t, "leader", seat(b, GW_GAME_ANDROID, v->leader));
    put(b, t, "to_play", seat(b, GW_GAME_ANDROID, v->turn));
    put(b, t, "trick", card_list(b, v->trick, v->ntrick));
    put(b, t, "tricks_done", num(b, v->tricks_done));
    put(b, t, "won", pair(b, v->won));
    put(b, t, "errors", num(b, v->errors));
    json_t *evs = take(b, json_array());
    for (int i = 0; i < v->nevents; i++) {
        const gw_android_event *e = &v->events[i];
        json_t *o = take(b, json_object());
        put(b, o, "seat", seat(b, GW_GAME_ANDROID, e->seat));
        put(b, o, "command", command(b, (int)e->command));
        put(b, o, "card", card(b, e->card));
        put(b, o, "answer", name_of(b, proto_answer_names, 10, e->answer));
        push(b, evs, o);
    }
    put(b, t, "events", evs);
    return t;
}

static json_t *rubber_json(enc *b, const gw_android_rubber *r) {
    json_t *o = take(b, json_object());
    put(b, o, "next_dealer", player(b, r->next_dealer));
    put(b, o, "hands", num(b, r->hands));
    put(b, o, "points", pair(b, r->points));
    put(b, o, "games", pair(b, r->games));
    put(b, o, "values", pair(b, r->values));
    json_t *res = take(b, json_array());
    for (int i = 0; i < r->ngames && i < 3; i++) {
        json_t *g = take(b, json_object());
        put(b, g, "winner", player(b, r->game_winner[i]));
        put(b, g, "value", num(b, r->game_value[i]));
        push(b, res, g);
    }
    put(b, o, "results", res);
    put(b, o, "winner", player(b, r->winner));
    put(b, o, "margin", num(b, r->margin));
    return o;
}

static json_t *view_json(enc *b, const gw_view *v) {
    json_t *o = take(b, json_object());
    gw_game_kind game = v->game == GW_GAME_ANDROID ? GW_GAME_ANDROID : GW_GAME_GERMAN;
    put(b, o, "game", str(b, gw_game_kind_name(game)));
    put(b, o, "viewer", player(b, v->viewer));
    put(b, o, "state", name_of(b, proto_state_names, 3, (int)v->state));
    put(b, o, "turn", turn_json(b, game, &v->turn));
    put(b, o, "hand_number", num(b, v->hand_number));
    json_t *names = take(b, json_array());
    push(b, names, text_json(b, v->names[0], GW_SEAT_NAME_MAX));
    push(b, names, text_json(b, v->names[1], GW_SEAT_NAME_MAX));
    put(b, o, "names", names);
    json_t *kinds = take(b, json_array());
    push(b, kinds, name_of(b, proto_kind_names, 2, (int)v->kinds[0]));
    push(b, kinds, name_of(b, proto_kind_names, 2, (int)v->kinds[1]));
    put(b, o, "seats", kinds);
    put(b, o, "winner", player(b, v->winner));
    put(b, o, "can_undo", boolean(b, v->can_undo));
    if (game == GW_GAME_GERMAN) {
        json_t *rules = take(b, json_object());
        put(b, rules, "variant", str(b, gw_variant_name(v->rules.variant)));
        put(b, rules, "scoring", str(b, gw_scoring_name(v->rules.scoring)));
        put(b, rules, "target", num(b, v->rules.target));
        put(b, o, "rules", rules);
        put(b, o, "score", pair(b, v->score));
        put(b, o, "table", german_table(b, &v->german));
        json_t *known = take(b, json_array());
        push(b, known, cards(b, v->spectator_known[0]));
        push(b, known, cards(b, v->spectator_known[1]));
        put(b, o, "spectator_known", known);
    } else {
        put(b, o, "rubber", rubber_json(b, &v->rubber));
        put(b, o, "table", android_table(b, &v->android));
    }
    return o;
}

json_t *gw_protocol_view_json(const gw_view *v) {
    /* A spectator is shown no hand. */
    assert(v->viewer != GW_SPECTATOR ||
           (v->game == GW_GAME_GERMAN
                ? v->german.own == 0 && v->german.opp_known == 0 && v->german.ndraws == 0
                : v->android.own == 0 && v->android.opposing_hand == 0));
    enc b = {0};
    return finish(&b, view_json(&b, v));
}

char *gw_protocol_encode_view(const gw_view *v) { return gw_protocol_dump(gw_protocol_view_json(v)); }

/* Every event has the same fields; a score and the end add the scores, Android Whist plays and errors
 * their command. A hidden copy shows null for its card and cards. */
static json_t *event_json(enc *b, gw_game_kind game, const gw_event *e) {
    json_t *o = take(b, json_object());
    put(b, o, "type", str(b, "event"));
    put(b, o, "number", num(b, e->number));
    put(b, o, "kind", name_of(b, proto_event_names, 10, (int)e->kind));
    put(b, o, "hand", num(b, e->hand));
    put(b, o, "trick", num(b, e->trick));
    put(b, o, "player", player(b, e->player));
    put(b, o, "seat", seat(b, game, e->seat));
    put(b, o, "hidden", boolean(b, e->hidden));
    put(b, o, "seen_by", num(b, e->seen_by));
    put(b, o, "card", e->hidden ? null(b) : card(b, e->card));
    put(b, o, "cards", e->hidden ? null(b) : cards(b, e->cards));
    put(b, o, "count", num(b, e->count));
    bool android = game == GW_GAME_ANDROID;
    if (android && (e->kind == GW_EVENT_PLAY || e->kind == GW_EVENT_ERROR))
        put(b, o, "command", command(b, (int)e->command));
    if (android && e->kind == GW_EVENT_ERROR)
        put(b, o, "answer", name_of(b, proto_answer_names, 10, (int)e->answer));
    if (e->kind == GW_EVENT_SCORE || e->kind == GW_EVENT_OVER) {
        put(b, o, "tricks", pair(b, e->tricks));
        put(b, o, "points", pair(b, e->points));
        put(b, o, "score", pair(b, e->score));
        put(b, o, "winner", player(b, e->winner));
        if (android) {
            put(b, o, "game_winner", player(b, e->game_winner));
            put(b, o, "game_value", num(b, e->game_value));
        }
    }
    return o;
}

json_t *gw_protocol_event_json(gw_game_kind game, const gw_event *e) {
    enc b = {0};
    return finish(&b, event_json(&b, game, e));
}

char *gw_protocol_encode_event(gw_game_kind game, const gw_event *e) {
    return gw_protocol_dump(gw_protocol_event_json(game, e));
}

static json_t *config_json(enc *b, const gw_session_config *c, bool with_seed) {
    json_t *o = take(b, json_object());
    bool german = c->game != GW_GAME_ANDROID;
    put(b, o, "game", str(b, gw_game_kind_name(german ? GW_GAME_GERMAN : GW_GAME_ANDROID)));
    if (german) {
        put(b, o, "variant", str(b, gw_variant_name(c->rules.variant)));
        put(b, o, "scoring", str(b, gw_scoring_name(c->rules.scoring)));
        put(b, o, "target", num(b, c->rules.target));
    }
    json_t *players = take(b, json_array());
    for (int p = 0; p < 2; p++) {
        const gw_seat_config *s = &c->seats[p];
        json_t *po = take(b, json_object());
        put(b, po, "kind", name_of(b, proto_kind_names, 2, (int)s->kind));
        if (s->kind == GW_SEAT_COMPUTER)
            put(b, po, "level",
                str(b, german ? gw_ai_level_name((gw_ai_level)s->level)
                              : gw_android_level_name((gw_android_level)s->level)));
        put(b, po, "name", text_json(b, s->name, GW_SEAT_NAME_MAX));
        push(b, players, po);
    }
    put(b, o, "players", players);
    if (german) {
        put(b, o, "think_ms", num(b, c->limits.think_ms));
        put(b, o, "iterations", num(b, c->limits.iterations));
    } else {
        put(b, o, "think_ms", num(b, c->android_think_ms));
        put(b, o, "samples", num(b, c->android_samples));
    }
    put(b, o, "undo", boolean(b, c->undo));
    if (with_seed) {
        char seed[24];
        gw_format(seed, (int)sizeof seed, "%llu", (unsigned long long)c->seed);
        put(b, o, "seed", str(b, seed));
    }
    return o;
}

json_t *gw_protocol_config_json(const gw_session_config *c, bool with_seed) {
    enc b = {0};
    return finish(&b, config_json(&b, c, with_seed));
}

char *gw_protocol_encode_config(const gw_session_config *c, bool with_seed) {
    return gw_protocol_dump(gw_protocol_config_json(c, with_seed));
}

static bool code_ok(const char *code) {
    size_t n = strlen(code);
    if (n == 0 || n >= GW_PROTOCOL_CODE_MAX) return false;
    for (size_t i = 0; i < n; i++)
        if (!((code[i] >= 'a' && code[i] <= 'z') || code[i] == '_')) return false;
    return true;
}

static json_t *error_json(enc *b, const char *code, const char *message) {
    assert(code_ok(code));
    json_t *o = take(b, json_object());
    put(b, o, "type", str(b, "error"));
    put(b, o, "code", str(b, code_ok(code) ? code : "unknown"));
    put(b, o, "message", text_json(b, message, GW_PROTOCOL_MESSAGE_MAX));
    return o;
}

json_t *gw_protocol_error_json(const char *code, const char *message) {
    enc b = {0};
    return finish(&b, error_json(&b, code, message));
}

char *gw_protocol_encode_error(const char *code, const char *message) {
    return gw_protocol_dump(gw_protocol_error_json(code, message));
}

char *gw_protocol_encode_decode_error(const gw_protocol_error *e) {
    return gw_protocol_encode_error(gw_protocol_code_name(e->code), e->err.msg);
}

/* ---- messages ---------------------------------------------------------------- */

static json_t *hello_json(enc *b, const gw_protocol_hello *h) {
    assert(h->rules.game == h->game);
    json_t *o = take(b, json_object());
    put(b, o, "type", str(b, "hello"));
    put(b, o, "protocol", num(b, GW_PROTOCOL_VERSION));
    put(b, o, "game", str(b, gw_game_kind_name(h->game)));
    put(b, o, "player", player(b, h->player));
    put(b, o, "rules", config_json(b, &h->rules, false));
    json_t *names = take(b, json_array());
    push(b, names, text_json(b, h->names[0], GW_SEAT_NAME_MAX));
    push(b, names, text_json(b, h->names[1], GW_SEAT_NAME_MAX));
    put(b, o, "names", names);
    return o;
}

json_t *gw_protocol_hello_json(const gw_protocol_hello *h) {
    enc b = {0};
    return finish(&b, hello_json(&b, h));
}

char *gw_protocol_encode_hello(const gw_protocol_hello *h) {
    return gw_protocol_dump(gw_protocol_hello_json(h));
}

static json_t *decide_json(enc *b, const gw_view *v, int64_t time_ms) {
    json_t *o = take(b, json_object());
    put(b, o, "type", str(b, "decide"));
    json_t *view = gw_protocol_view_json(v);
    put(b, o, "view", take(b, view));
    put(b, o, "time_ms", num(b, (long long)time_ms));
    return o;
}

char *gw_protocol_encode_decide(const gw_view *v, int64_t time_ms) {
    enc b = {0};
    return gw_protocol_dump(finish(&b, decide_json(&b, v, time_ms)));
}

static json_t *bye_json(enc *b, const gw_protocol_result *r) {
    json_t *o = take(b, json_object());
    put(b, o, "type", str(b, "bye"));
    json_t *res = take(b, json_object());
    put(b, res, "end", name_of(b, proto_end_names, 3, (int)r->end));
    put(b, res, "winner", player(b, r->winner));
    put(b, res, "score", pair(b, r->score));
    put(b, res, "message", text_json(b, r->message, GW_PROTOCOL_MESSAGE_MAX));
    put(b, o, "result", res);
    return o;
}

char *gw_protocol_encode_bye(const gw_protocol_result *r) {
    enc b = {0};
    return gw_protocol_dump(finish(&b, bye_json(&b, r)));
}

static json_t *ready_json(enc *b, const char *name) {
    json_t *o = take(b, json_object());
    put(b, o, "type", str(b, "ready"));
    put(b, o, "protocol", num(b, GW_PROTOCOL_VERSION));
    put(b, o, "name", text_json(b, name, GW_SEAT_NAME_MAX));
    return o;
}

char *gw_protocol_encode_ready(const char *name) {
    enc b = {0};
    return gw_protocol_dump(finish(&b, ready_json(&b, name)));
}

json_t *gw_protocol_message_json(gw_game_kind game, const gw_protocol_message *m) {
    enc b = {0};
    json_t *o = NULL;
    switch (m->type) {
    case GW_MSG_HELLO: o = hello_json(&b, &m->hello); break;
    case GW_MSG_EVENT: o = event_json(&b, game, &m->event); break;
    case GW_MSG_DECIDE: o = decide_json(&b, &m->view, m->time_ms); break;
    case GW_MSG_ERROR: o = error_json(&b, m->code, m->message); break;
    case GW_MSG_BYE: o = bye_json(&b, &m->result); break;
    case GW_MSG_READY: o = ready_json(&b, m->name); break;
    case GW_MSG_ACTION: o = action_json(&b, &m->action); break;
    case GW_MSG_TYPES:
        assert(0);
        b.fail = true;
        break;
    }
    return finish(&b, o);
}

char *gw_protocol_encode_message(gw_game_kind game, const gw_protocol_message *m) {
    return gw_protocol_dump(gw_protocol_message_json(game, m));
}

void gw_protocol_prepare_threads(void) { json_object_seed(0); }
