/* client_msg.h: the strict reader of what a browser sends over the WebSocket (docs/protocol.md, "The
 * browser's WebSocket"): new, open, act, undo, hint, next, settings, stats, history, replay and quit. Pure:
 * no I/O.
 */
#ifndef SERVER_CLIENT_MSG_H
#define SERVER_CLIENT_MSG_H

#include <stddef.h>
#include <stdint.h>

#include "gw/protocol.h"
#include "gw/session.h"
#include "gw/table.h"
#include "gw/web_settings.h"

/* The longest message a browser may send, in bytes (the longest real one, a
 * new game with every option, is under 300). */
#define CLIENT_MSG_MAX 4096

typedef enum client_type {
    CLIENT_NEW = 0,
    CLIENT_ACT,
    CLIENT_UNDO,
    CLIENT_HINT,
    CLIENT_NEXT,
    CLIENT_SETTINGS,
    CLIENT_STATS,
    CLIENT_HISTORY,
    CLIENT_REPLAY,
    CLIENT_QUIT,
    CLIENT_OPEN,
    CLIENT_TABLE_NEW,   /* a table between two seats (docs/protocol.md, "Tables") */
    CLIENT_TABLE_JOIN,  /* follow a table: a seat by its secret, or a spectator */
    CLIENT_TABLE_LEAVE, /* follow it no more */
    CLIENT_LOBBY,       /* the tables waiting for a second person */
    CLIENT_PLAY_ANYONE, /* pair with a waiting table of the same options, or make one */
    CLIENT_TABLE /* table_act, _next, _claim, _computer, _rematch, _chat, _resign: to the table as sent */
} client_type;

/* The longest history a browser may ask for. */
#define CLIENT_HISTORY_MAX 500

typedef struct client_msg {
    client_type type;
    gw_session_config config; /* CLIENT_NEW: base with the options applied (the seed is the server's) */
    gw_game_kind game;        /* CLIENT_NEW: the game's kind (config.game); CLIENT_OPEN: the game to follow */
    gw_action action;         /* CLIENT_ACT */
    /* CLIENT_SETTINGS: the keys given (a patch), each value checked and in its canonical form */
    bool given[GW_WEB_SETTINGS];
    gw_web_settings settings;
    int limit;  /* CLIENT_HISTORY: 1..CLIENT_HISTORY_MAX */
    int64_t id; /* CLIENT_REPLAY: a hand's id, >= 1 */
    /* CLIENT_TABLE_NEW, CLIENT_PLAY_ANYONE: the table's options besides config (whose seats[1] says who sits
     * opposite: GW_SEAT_OUTSIDE for a person, the default; always a person for play anyone) */
    int grace_s, card_s;
    bool rated, listed;
    /* CLIENT_TABLE_JOIN: the table's id (well-formed), the seat's secret (32 lowercase hexadecimal digits;
     * "" for a spectator), the last event seen (0: none) */
    char table[GW_TABLE_ID_MAX];
    char secret[GW_TABLE_SECRET_HEX + 1];
    uint32_t since;
} client_msg;

/* Reads text[0..len) as one message. base is the server's configuration for
 * a new game (limits, clock, undo). true with *out filled, or false
 * with code (a short lower-case identifier, GW_PROTOCOL_CODE_MAX bytes) and
 * msg (GW_PROTOCOL_MESSAGE_MAX bytes) saying why: anything unknown, missing,
 * mistyped, too long or malformed is refused. */
bool client_msg_parse(const char *text, size_t len, const gw_session_config *base, client_msg *out,
                      char *code, char *msg);

#endif
