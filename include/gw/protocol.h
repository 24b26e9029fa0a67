/* protocol.h: the JSON encoding of the session's views, actions, events, configuration and turns for both
 * games, and the messages of the engine line protocol (docs/protocol.md). Encoders build jansson values or
 * compact one-line strings; decoders are strict: anything unknown, missing, mistyped, out of range or
 * malformed is refused with a code and a message naming the field, and nothing is ever fixed silently.
 * Pure: no I/O, no globals; thread-safe as long as each call has its own values. */
#ifndef GW_PROTOCOL_H
#define GW_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "gw/session.h"

/* The protocol's version: the hello and the ready carry it as "protocol"; a
 * decoder refuses any other number (GW_PROTO_VERSION). Any change to a
 * message or a field that an existing program could misread raises it. */
#define GW_PROTOCOL_VERSION 1
/* The longest line (one message) a decoder takes, in bytes, newline excluded.
 * The largest message, a decide with an Android Whist view late in a hand
 * full of failed commands, is about 36 KB (test_protocol checks it fits). */
#define GW_PROTOCOL_LINE_MAX 65536
/* The deepest nesting of arrays and objects a decoder takes (messages need 5). */
#define GW_PROTOCOL_DEPTH_MAX 16
/* The longest error message carried, and the longest error code, NUL included. */
#define GW_PROTOCOL_MESSAGE_MAX 256
#define GW_PROTOCOL_CODE_MAX    32
/* The longest time per decision a decide may give, in ms (a day). */
#define GW_PROTOCOL_TIME_MAX 86400000

/* Seeds jansson's hash tables now, once (jansson reads /dev/urandom for it on
 * first use, through a descriptor without close-on-exec): a program that
 * starts threads which spawn other programs calls it before the threads, so
 * that no child inherits that descriptor. */
void gw_protocol_prepare_threads(void);

/* ---- errors --------------------------------------------------------------- */

/* Why a decoder refused its input. The name (gw_protocol_code_name) is what an
 * error message's "code" says. */
typedef enum gw_protocol_code {
    GW_PROTO_OK = 0,
    GW_PROTO_BAD_JSON,      /* not JSON, or something after the object ("bad_json") */
    GW_PROTO_TOO_LONG,      /* over GW_PROTOCOL_LINE_MAX bytes ("too_long") */
    GW_PROTO_TOO_DEEP,      /* nested deeper than GW_PROTOCOL_DEPTH_MAX ("too_deep") */
    GW_PROTO_NUL,           /* a NUL byte, raw or as \u0000 ("nul_byte") */
    GW_PROTO_DUPLICATE_KEY, /* an object names a field twice ("duplicate_key") */
    GW_PROTO_NOT_OBJECT,    /* the value is not an object ("not_object") */
    GW_PROTO_VERSION,       /* a hello or ready of another protocol version ("protocol_version") */
    GW_PROTO_UNKNOWN_TYPE,  /* "type" names no message ("unknown_type") */
    GW_PROTO_UNEXPECTED,    /* a message the other side sends, or one out of place ("unexpected_type") */
    GW_PROTO_UNKNOWN_FIELD, /* a field the object does not have ("unknown_field") */
    GW_PROTO_MISSING_FIELD, /* a required field is absent ("missing_field") */
    GW_PROTO_WRONG_TYPE,    /* a field of the wrong JSON type ("wrong_type") */
    GW_PROTO_OUT_OF_RANGE,  /* a number (or a text's length, an array's size) out of range ("out_of_range") */
    GW_PROTO_BAD_CARD,      /* not a card in canonical form ("AS", "TH"), or not of the deck ("bad_card") */
    GW_PROTO_BAD_COMMAND,   /* not an Android Whist command's name ("bad_command") */
    GW_PROTO_BAD_VALUE,     /* a text that names none of the field's values ("bad_value") */
    GW_PROTO_INCONSISTENT,  /* fields that contradict each other, or a card given twice ("inconsistent") */
    GW_PROTO_NO_MEMORY, /* out of memory ("no_memory"; jansson reports some failed allocations as bad_json) */
    GW_PROTO_CODE_COUNT
} gw_protocol_code;

/* The code's stable name ("bad_json", "unknown_field", ...). */
const char *gw_protocol_code_name(gw_protocol_code code);
/* An Android Whist answer's name as events and views write it ("card", "no_led_suit", ...; "card" for a
 * value out of range). */
const char *gw_protocol_answer_name(gw_android_answer answer);

/* A decoder's verdict: the code, and err (status GW_EINVAL, or GW_ENOMEM for
 * GW_PROTO_NO_MEMORY) with a sentence that names the field by its path
 * ("view.table.own[3]"); err.col is the 1-based byte column for JSON syntax
 * errors, else 0. */
typedef struct gw_protocol_error {
    gw_protocol_code code;
    gw_error err;
} gw_protocol_error;

/* ---- values ---------------------------------------------------------------
 *
 * Each value has a builder (a new jansson reference the caller owns and
 * json_decref's; NULL only without memory) and a writer (a compact one-line
 * NUL-terminated string, no newline, the caller free()s it; NULL only without
 * memory). The encoders trust their input to be a value the session made
 * (asserted); they write what it holds, so pass a viewer's own view and a
 * viewer's copy of an event. Cards are "AS", "TH", ...; a card face down or
 * absent is null; players are 0 or 1 (null: nobody); Android Whist seats
 * are "D", "L", "X", "N". */

/* Writes j compactly on one line and drops the caller's reference to it (j
 * may be NULL: then NULL). The string is the caller's to free(). */
char *gw_protocol_dump(json_t *j);

/* An action: {"type":"play","card":"AS"} or {"type":"command","command":"high-spades"}. */
json_t *gw_protocol_action_json(const gw_action *a);
char *gw_protocol_encode_action(const gw_action *a);

/* Who must act: {"player":0,"action":"card","seat":0,"computer":false}
 * (German Whist seat: the player; Android Whist: "D", "L", "X", "N"; player
 * and seat null when nobody). */
json_t *gw_protocol_turn_json(gw_game_kind game, const gw_turn *t);
char *gw_protocol_encode_turn(gw_game_kind game, const gw_turn *t);

/* What a viewer may know (a seat's or a spectator's view, either game). */
json_t *gw_protocol_view_json(const gw_view *v);
char *gw_protocol_encode_view(const gw_view *v);

/* One event as a viewer sees it: {"type":"event","number":..,"kind":..,"hand":..,"trick":..,"player":..,
 * "seat":..,"hidden":..,"seen_by":..,"card":..,"cards":..,"count":..}, with "command" (Android Whist plays
 * and errors), "answer" (Android errors) and the scores (score and over) added. Pass the viewer's copy
 * (gw_session_events, gw_event_for_viewer): a copy marked hidden never shows a card, whatever its card
 * fields hold. */
json_t *gw_protocol_event_json(gw_game_kind game, const gw_event *e);
char *gw_protocol_encode_event(gw_game_kind game, const gw_event *e);

/* The configuration: game, rules (German Whist), the players (kind,
 * computer level, name), the computers' limits, undo and, with_seed, the
 * seed as a decimal string. The seed fixes every deal: never send it to a
 * program that plays in the match (the engine protocol's hello carries the
 * configuration without it). Not carried: the clock, a fixed deck, its
 * dealer and seat seeds. */
json_t *gw_protocol_config_json(const gw_session_config *c, bool with_seed);
char *gw_protocol_encode_config(const gw_session_config *c, bool with_seed);

/* An error object {"type":"error","code":code,"message":message}; code is a
 * gw_protocol_code_name, a gw_refusal_code or another short lower-case
 * identifier (at most GW_PROTOCOL_CODE_MAX - 1 bytes of [a-z_]); message is
 * cut to GW_PROTOCOL_MESSAGE_MAX - 1 bytes (at a character boundary). */
json_t *gw_protocol_error_json(const char *code, const char *message);
char *gw_protocol_encode_error(const char *code, const char *message);
/* The error object of a decoder's verdict. */
char *gw_protocol_encode_decode_error(const gw_protocol_error *e);

/* ---- decoding values ------------------------------------------------------
 *
 * Every decoder takes text[0..len) (not NUL-terminated; one JSON object,
 * whitespace around it allowed), returns GW_OK and fills *out, or returns
 * GW_EINVAL (GW_ENOMEM) with *err filled and *out unchanged. err may be
 * NULL. Cards must be canonical ("AS", never "as", "10S" or "A♠"), sets hold
 * each card once, and every field of the encoding is required unless
 * docs/protocol.md says otherwise. The decoded value holds what the encoding
 * carries; whatever it does not (a game's unused part of a view, list
 * entries past their count) is zero, except an Android trick's empty places
 * (GW_NO_CARD): decoding what an encoder wrote and encoding it again gives
 * the same text. */

gw_status gw_protocol_decode_action(const char *text, size_t len, gw_action *out, gw_protocol_error *err);
gw_status gw_protocol_decode_turn(gw_game_kind game, const char *text, size_t len, gw_turn *out,
                                  gw_protocol_error *err);
gw_status gw_protocol_decode_view(const char *text, size_t len, gw_view *out, gw_protocol_error *err);
gw_status gw_protocol_decode_event(gw_game_kind game, const char *text, size_t len, gw_event *out,
                                   gw_protocol_error *err);
/* A configuration with its seed (a decimal string, 0 to 2^64-1). The fields
 * the encoding does not carry (clock, deck, dealer, seat seeds, and the other
 * game's limits and rules) keep the values *out had: start from
 * gw_session_config_default. */
gw_status gw_protocol_decode_config(const char *text, size_t len, gw_session_config *out,
                                    gw_protocol_error *err);
/* The first field of object o not named in allowed (n names), or NULL: what a strict reader of other
 * messages (the table's, the server's) refuses as unknown_field, as the decoders do. */
const char *gw_protocol_unknown_field(const json_t *o, const char *const *allowed, int n);

/* ---- the engine line protocol ----------------------------------------------
 *
 * One JSON object per line between whist and a program that plays one
 * player's part (docs/protocol.md). whist sends hello, event, decide, error
 * and bye; the program sends ready (after hello) and play or command (after
 * decide). */

typedef enum gw_protocol_type {
    GW_MSG_HELLO = 0, /* to the program: the game, its player, the rules (no seed), the names */
    GW_MSG_EVENT,     /* to the program: an event as its player sees it */
    GW_MSG_DECIDE,    /* to the program: act now; its view and the time it has */
    GW_MSG_ERROR,     /* to the program: its line was refused (it has lost: a bye follows) */
    GW_MSG_BYE,       /* to the program: the end; the result; then its input closes */
    GW_MSG_READY,     /* from the program: after hello, its name */
    GW_MSG_ACTION,    /* from the program: after decide, "play" a card or "command" an android */
    GW_MSG_TYPES
} gw_protocol_type;

/* Which side a decoder stands on: a program's reader takes only what whist
 * sends, whist's reader only what a program sends (GW_PROTO_UNEXPECTED). */
typedef enum gw_protocol_side { GW_TO_PROGRAM = 0, GW_FROM_PROGRAM = 1 } gw_protocol_side;

/* How a match ended for a program. */
typedef enum gw_protocol_end {
    GW_END_OVER = 0,    /* "over": played to its end */
    GW_END_FORFEIT = 1, /* "forfeit": a player lost by a refused answer, garbage, a crash or the clock */
    GW_END_STOPPED = 2  /* "stopped": whist stopped the match (interrupted, or an error of its own) */
} gw_protocol_end;

typedef struct gw_protocol_result {
    gw_protocol_end end;
    int winner;                            /* 0 or 1; -1 for none (a tie of a single deal, or stopped) */
    int score[2];                          /* German Whist: match score; Android Whist: game values won */
    char message[GW_PROTOCOL_MESSAGE_MAX]; /* why, in words ("" when over) */
} gw_protocol_result;

typedef struct gw_protocol_hello {
    gw_game_kind game;
    int player;              /* the program's player: 0 or 1 */
    gw_session_config rules; /* as gw_protocol_config_json without the seed (seed 0 here) */
    char names[2][GW_SEAT_NAME_MAX];
} gw_protocol_hello;

/* One message; type says which part is filled (the rest is zero). Large
 * (a view): allocate it or keep one. */
typedef struct gw_protocol_message {
    gw_protocol_type type;
    gw_protocol_hello hello;               /* GW_MSG_HELLO */
    gw_event event;                        /* GW_MSG_EVENT */
    gw_view view;                          /* GW_MSG_DECIDE */
    int64_t time_ms;                       /* GW_MSG_DECIDE: 1..GW_PROTOCOL_TIME_MAX, 0: no limit */
    char code[GW_PROTOCOL_CODE_MAX];       /* GW_MSG_ERROR */
    char message[GW_PROTOCOL_MESSAGE_MAX]; /* GW_MSG_ERROR */
    gw_protocol_result result;             /* GW_MSG_BYE */
    char name[GW_SEAT_NAME_MAX];           /* GW_MSG_READY: 1 to 31 bytes, no control characters */
    gw_action action;                      /* GW_MSG_ACTION */
} gw_protocol_message;

/* The messages one by one. hello->rules gives game (it must equal
 * hello->game) and the configuration; its seed is never written. */
json_t *gw_protocol_hello_json(const gw_protocol_hello *h);
char *gw_protocol_encode_hello(const gw_protocol_hello *h);
char *gw_protocol_encode_decide(const gw_view *v, int64_t time_ms);
char *gw_protocol_encode_bye(const gw_protocol_result *r);
char *gw_protocol_encode_ready(const char *name);
/* Any message (the event's game is m->view.game for none: pass it in game). */
json_t *gw_protocol_message_json(gw_game_kind game, const gw_protocol_message *m);
char *gw_protocol_encode_message(gw_game_kind game, const gw_protocol_message *m);

/* Decodes one line as side reads it. game is the match's game, which an
 * event needs and a decide's view must match (a hello carries its own).
 * GW_PROTO_VERSION for a hello or ready of another version, checked before
 * any other field so that a newer peer gets that reason. */
gw_status gw_protocol_decode_message(gw_protocol_side side, gw_game_kind game, const char *text, size_t len,
                                     gw_protocol_message *out, gw_protocol_error *err);

#endif
