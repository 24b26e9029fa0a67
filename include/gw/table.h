/* table.h: the table host: one German Whist match or Android Whist rubber between two seats (a person, a
 * computer level, or empty), its spectators, and its numbered event log, behind one message interface. A
 * table takes one client message from a connection (a seat's or a spectator's) and returns the messages
 * each connection must get, each made for its viewer: no connection ever gets a card hidden from it. No
 * sockets, threads, files, clock or randomness of its own: the host (whist serve, or the WebAssembly
 * engine in a Web Worker) passes the time in, gives the seed and the seat secrets, runs the computer's
 * decisions (now, or on a worker through gw_table_think_*) and delivers the messages. Wire format:
 * docs/protocol.md, "Tables". */
#ifndef GW_TABLE_H
#define GW_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/session.h"
#include "gw/status.h"
#include "gw/text.h"

/* A connection as the host numbers it (never 0, never reused while the table lives). */
typedef uint64_t gw_conn_id;

/* A seat secret: 32 lowercase hexadecimal digits (128 random bits from the host), NUL-terminated. */
#define GW_TABLE_SECRET_HEX 32
/* A person's identity as the host knows it (whist serve: the player's token): 1..64 bytes of [0-9a-z_-]. */
#define GW_TABLE_IDENTITY_MAX 65
/* A table's id as the host names it: 1..32 bytes of [0-9a-zA-Z_-]. */
#define GW_TABLE_ID_MAX 33

/* The grace period's bounds in seconds (default 60), and the times per card allowed (0: no clock). */
#define GW_TABLE_GRACE_DEFAULT 60
#define GW_TABLE_GRACE_MAX     3600

typedef enum gw_table_seat_kind {
    GW_TSEAT_EMPTY = 0,   /* nobody yet: waits for a person to take it with the seat's secret */
    GW_TSEAT_PERSON = 1,  /* a person, through connections that opened the seat's link */
    GW_TSEAT_COMPUTER = 2 /* a computer level (from the start, or taking over a person's seat) */
} gw_table_seat_kind;

/* How a table was made. */
typedef struct gw_table_options {
    char id[GW_TABLE_ID_MAX];
    gw_session_config session; /* game, rules, limits, clock, seed (the host's random); seats[p].kind
                                  and level: GW_SEAT_COMPUTER fills that seat with a computer, an outside
                                  seat waits for a person; undo: the person may take back cards
                                  (table_undo) as the session allows it, only at a table with a computer
                                  seat (otherwise GW_EINVAL), so never between two persons nor rated */
    int grace_s;               /* 0..GW_TABLE_GRACE_MAX: how long a person who left may come back before the
                                  other may claim the match or give the seat to the computer */
    int card_s;                /* 0 (no clock), 15, 30 or 60: time per card or command */
    bool rated;                /* the match counts for the players' ratings (both seats persons) */
    bool listed;               /* shown in the lobby while a seat is empty */
    int takeover_level;        /* the computer level that takes an abandoned seat or a card whose time ran
                                  out (a gw_ai_level or gw_android_level of the game) */
    char secrets[2][GW_TABLE_SECRET_HEX + 1]; /* each seat's secret (the host's random) */
} gw_table_options;

/* Sets o to the defaults of a game: grace 60 s, no clock, unrated, listed, takeover at hard; both seats
 * outside (persons), seed 0 and no secrets (the host sets id, seed and secrets). A rematch's seed is mixed
 * from o's seed and the match number (docs/table.md). The takeover level and a computer seat are never the
 * oracle (it sees every card); a rated table has no computer seat. */
void gw_table_options_default(gw_table_options *o, gw_game_kind game);

/* A seat as the host may read it. */
typedef struct gw_table_seat {
    gw_table_seat_kind kind;
    char identity[GW_TABLE_IDENTITY_MAX]; /* the person holding it ("" if none) */
    char name[GW_SEAT_NAME_MAX];          /* shown to everybody */
    int connections;                      /* open connections on this seat */
    int64_t away_since_ms;                /* a person with no connection: since when (host time); -1 if not */
    bool taken_over;                      /* a person's seat the computer plays since abandonment */
} gw_table_seat;

/* Where the table is. */
typedef enum gw_table_phase {
    GW_TABLE_WAITING = 0, /* a seat is empty: nothing is dealt yet */
    GW_TABLE_PLAYING = 1, /* the match (rubber) goes on */
    GW_TABLE_OVER = 2     /* over: played out, claimed or resigned; a rematch may start the next */
} gw_table_phase;

/* The messages a call produced, each for one connection: texts (one JSON object each, no newline) that the
 * host sends in order. Owned by the gw_table_out; gw_table_out_clear frees them. A message that could not
 * be made for want of memory sets lost: the host closes those connections (lost_conns) so that they
 * reconnect and resynchronise. */
typedef struct gw_table_msg {
    gw_conn_id conn;
    char *text;
} gw_table_msg;

typedef struct gw_table_out {
    gw_table_msg *msgs;
    size_t n, cap;
    gw_conn_id *lost_conns;
    size_t n_lost, cap_lost;
} gw_table_out;

void gw_table_out_init(gw_table_out *o);
/* Frees every text and empties o (it can be used again). */
void gw_table_out_clear(gw_table_out *o);

typedef struct gw_table gw_table;

/* A new table from o (copied; the session's clock must outlive the table). Seats that o makes computers
 * are filled; the others are empty until a person joins. Once both seats are filled the first hand is
 * dealt. GW_EINVAL (a bad option, a secret not 32 hex digits, two equal secrets), GW_ENOMEM. */
gw_status gw_table_new(const gw_table_options *o, gw_table **out, gw_error *err);
void gw_table_free(gw_table *t);

const gw_table_options *gw_table_options_of(const gw_table *t);
gw_table_phase gw_table_phase_of(const gw_table *t);
void gw_table_seat_of(const gw_table *t, int player, gw_table_seat *out);
/* The session of the match in play (NULL while waiting): for the host's records and statistics only; the
 * host never changes it but through the table. */
const gw_session *gw_table_session(const gw_table *t);
/* The table's event number so far: it counts the events of every match of the table (rematches go on
 * from the last), 0 before any. */
uint32_t gw_table_last_event(const gw_table *t);

/* A connection joins: as the seat whose secret it gives (secret NULL or "": a spectator), for the person
 * identity (the host's; "" for a spectator), named name (a seat's display name; ignored for spectators).
 * since: the last table event the connection saw (0: none): it gets the events after it, or, if since is
 * not one of this table's numbers, a full resynchronisation. A seat's link opened by another identity
 * moves the seat to it (the old connections of that seat get `table_moved` and follow it no more). An
 * empty seat is taken; once both are taken the first hand is dealt. A person who comes back within the
 * grace period, or after the computer took the seat over, takes it again. A seat's identity is 1..64 bytes
 * of [0-9a-z_-]; one identity may not hold both seats. Refused: GW_EINVAL with the sentence in err, and an
 * error object with its code to conn in out ("bad_secret": a secret that opens no seat, or the computer's
 * seat; "bad_identity"; "both_seats"; "table_over": an empty seat of a table that is over); nothing else
 * changes. While a seat is empty nothing is dealt: a joining connection gets `table` without `table_view`. */
gw_status gw_table_join(gw_table *t, gw_conn_id conn, const char *secret, const char *identity,
                        const char *name, uint32_t since, int64_t now_ms, gw_table_out *out, gw_error *err);

/* A connection goes (closed, or it follows another table): nothing is sent to it; when it was a seat's last
 * connection the seat is away from now_ms and the other seat is told (waiting, with the grace left). */
void gw_table_leave(gw_table *t, gw_conn_id conn, int64_t now_ms, gw_table_out *out);

/* One message from a joined connection (text[0..len), one JSON object): act, next, claim, computer,
 * rematch, chat, resign, undo (docs/protocol.md, "Tables"; undo only at a table whose options allow it). Read
 * strictly; a refusal is an error object to that connection alone and changes nothing, and the call still
 * returns GW_OK. A connection that is not joined: GW_EINVAL (the host refuses it), nothing in out. After the
 * call, gw_table_computer_due says whether a computer must act. */
gw_status gw_table_message(gw_table *t, gw_conn_id conn, const char *text, size_t len, int64_t now_ms,
                           gw_table_out *out, gw_error *err);

/* Time passes: a card's time that ran out (the computer plays that card for the seat, the hand is marked:
 * the record's tag Timeout names the players, 1-based, whose card the clock gave the computer; Takeover
 * those whose seat the computer took over after abandonment; docs/table.md),
 * a grace period that ended (the one who stayed is told they may claim or hand the seat to the computer).
 * Call it by gw_table_next_deadline. */
void gw_table_tick(gw_table *t, int64_t now_ms, gw_table_out *out);
/* When the next timer falls due (host time, ms), or -1 when none. */
int64_t gw_table_next_deadline(const gw_table *t);

/* Whether a computer must act now (a computer seat, a taken-over seat, or a card whose time ran out). */
bool gw_table_computer_due(const gw_table *t);
/* The computer acts now, blocking (the WebAssembly host, tests): its events go out. GW_ESTATE if none due. */
gw_status gw_table_play_computer(gw_table *t, int64_t now_ms, gw_table_out *out, gw_error *err);
/* The same split for a worker (session.h): begin lends the decision (the table refuses actions with busy
 * until end or cancel), gw_thought_run decides on any thread, end applies it and sends its events (after
 * a claim or resignation meanwhile it voids the decision and returns GW_OK). */
gw_status gw_table_think_begin(gw_table *t, gw_thought **out, gw_error *err);
gw_status gw_table_think_end(gw_table *t, gw_thought *th, int64_t now_ms, gw_table_out *out, gw_error *err);
void gw_table_think_cancel(gw_table *t, gw_thought *th);

/* The hint for player (0 or 1), who must be to play a card in the match in play (gw_session_hint: German
 * Whist, from that player's own view only; the expert's estimate in the foreplay, exact in the endgame). The
 * host asks it for a connection's own seat only. GW_ESTATE (with the reason) when nothing is in play, the
 * player is not to play a card, the game has no hints (Android Whist) or a decision is out; GW_ENOMEM. */
gw_status gw_table_hint(gw_table *t, int player, gw_hint *out, gw_error *err);

/* The host's rating of player's person (a Glicko-2 rating of the game and rules; rating < 0: none), shown
 * from the next message on with the seat ("rating") and in `table` ("ratings"). Not saved: the host sets it
 * again after gw_table_load. */
void gw_table_set_rating(gw_table *t, int player, double rating);

/* What changed since the host last asked, for its records: the matches finished (their hands are in the
 * session's record), hands scored. The host calls gw_table_take_hands after each call to see which hands of
 * the match in play were scored since (first..last, 1-based; 0 0 if none). */
void gw_table_take_hands(gw_table *t, int *first, int *last);

/* The whole table as text (JSON: its options, secrets included, seats, the record of every hand of the
 * match in play, the chat, the clocks as time left): what the host saves after every change. Never sent
 * to a client. */
gw_status gw_table_save(const gw_table *t, gw_text *out, gw_error *err);
/* A table from its saved text, with base's clock and limits (the host's); every connection gone, each
 * person's seat away from now_ms (the grace period starts again). GW_EINVAL with the reason. */
gw_status gw_table_load(const char *text, size_t len, const gw_session_config *base, int64_t now_ms,
                        gw_table **out, gw_error *err);

#endif
