/* table_internal.h: what the table host's files share: the table itself (seats, connections, the match in
 * play, the clocks, the chat) and each file's internal functions (tb_ prefix). Internal to src/table. */
#ifndef TABLE_INTERNAL_H
#define TABLE_INTERNAL_H

#include <jansson.h>

#include "gw/protocol.h"
#include "gw/table.h"

/* The chat phrases, by number (the wire's names: tb_phrase_name). */
enum { TB_PHRASES = 4 };
/* How many phrases the table keeps (and saves). */
#define TB_CHAT_KEEP 32

/* How a match ended. */
typedef enum tb_how { TB_PLAYED = 0, TB_CLAIMED = 1, TB_RESIGNED = 2 } tb_how;

/* A connection following the table. */
typedef struct tb_conn {
    gw_conn_id id;
    int viewer; /* 0, 1 or GW_SPECTATOR */
} tb_conn;

typedef struct tb_seat {
    gw_table_seat_kind kind;
    char identity[GW_TABLE_IDENTITY_MAX];
    char name[GW_SEAT_NAME_MAX];
    int level;             /* a computer seat's level (from the start) */
    int64_t away_since_ms; /* a person with no connection: since when; -1 if connected (or no person) */
    bool grace_told;       /* the other seat was told this seat's grace period ran out */
    bool taken_over;       /* the computer plays this person's seat (abandonment) */
    double rating;         /* the host's (gw_table_set_rating), shown with the seat; < 0: none */
    bool return_pending;   /* the person came back while a decision was out: outside again at its end */
} tb_seat;

typedef struct tb_chat {
    int from; /* 0, 1 or GW_SPECTATOR */
    int phrase;
} tb_chat;

struct gw_table {
    gw_table_options opt;
    gw_table_phase phase;
    gw_session *s;   /* the match in play (NULL while waiting) */
    int match_no;    /* matches started (1 for the first) */
    uint32_t base;   /* the table's event number before the match in play */
    uint32_t sent;   /* the session's events every connection has been sent */
    int hands_taken; /* gw_table_take_hands: hands of the match in play reported */
    tb_seat seats[2];
    tb_conn *conns;
    size_t nconns, cap_conns;
    int winner; /* once over: 0, 1 or -1 */
    tb_how how;
    bool rematch[2]; /* offered, by player */
    /* The clock per card: it runs for clock_player (-1: none) since the session's event clock_event. */
    int clock_player;
    uint32_t clock_event;
    int64_t clock_deadline;
    int64_t clock_left_ms; /* after a load: the time the card in play had left when saved (-1: none), for */
    int clock_left_player; /* this player, at */
    uint32_t clock_left_event; /* this session event */
    int due_player;         /* a card whose time ran out: the computer plays it for this player (-1: none) */
    unsigned marks_timeout; /* the hand in play: bits of the players whose card the clock gave the computer */
    unsigned marks_takeover; /* the hand in play: bits of the players whose seat the computer took over */
    gw_thought *thought;     /* lent out (gw_table_think_begin) */
    bool thought_clock;      /* for due_player's card: the seat goes back to outside at its end */
    int64_t now_seen;        /* the latest host time of a call (a save gives the clock's time left from it) */
    tb_chat chat[TB_CHAT_KEEP];
    int nchat;
    gw_view *view; /* scratch */
};

/* ---- table.c ---- */
tb_conn *tb_conn_find(gw_table *t, gw_conn_id id);
/* Whether the person may take back cards (table_undo): the host allowed it (options' session.undo) and the
 * other seat is a computer from the start (never two persons, never rated). */
bool tb_undo_on(const gw_table *t);
/* Starts the first match (both seats filled) or the next (rematch); GW_ENOMEM/GW_EINVAL from the session. */
gw_status tb_start_match(gw_table *t, uint64_t seed, gw_error *err);
/* The seed of match number match_no (1: the options' seed; after it, mixed from it: see docs/table.md). */
uint64_t tb_match_seed(const gw_table *t, int match_no, int k);
/* After any change of the session: the new events and views to every connection, the match's end, the
 * marks of a hand that ended, the clock. */
void tb_after_change(gw_table *t, int64_t now_ms, gw_table_out *out);
/* The record's marks for the hand in play written as session tags (Timeout, Takeover). */
void tb_write_marks(gw_table *t);
/* The person at player p gets the seat back from the computer (now, or when the decision out ends). */
void tb_seat_back(gw_table *t, int p);
/* Ends the match: winner (-1 none), how; tells everybody. */
void tb_end_match(gw_table *t, int winner, tb_how how, int64_t now_ms, gw_table_out *out);
/* Whether player q may claim or hand the other seat to the computer now. */
bool tb_grace_over(const gw_table *t, int q, int64_t now_ms);
/* A rematch offered by p (both offered: the next match starts). */
void tb_rematch(gw_table *t, int p, int64_t now_ms, gw_table_out *out);

/* ---- table_send.c ---- */
/* A malloc'd copy of text (NULL without memory). */
char *tb_strdup(const char *text);
void tb_push(gw_table_out *out, gw_conn_id conn, char *text);
void tb_push_json(gw_table_out *out, gw_conn_id conn, json_t *j);
void tb_error(gw_table_out *out, gw_conn_id conn, const char *code, const char *msg);
json_t *tb_seats_json(const gw_table *t, int64_t now_ms);
/* The table message for conn: the table, who conn is, since and resync. */
json_t *tb_table_json(const gw_table *t, int viewer, uint32_t since, bool resync, int64_t now_ms);
/* The events of the session numbered from..last as viewer sees them, then (session or not) nothing else. */
void tb_send_events(gw_table *t, gw_conn_id conn, int viewer, uint32_t from, gw_table_out *out);
void tb_send_view(gw_table *t, gw_conn_id conn, int viewer, int64_t now_ms, gw_table_out *out);
/* To every connection: a copy of j (consumed). */
void tb_broadcast(gw_table *t, json_t *j, gw_table_out *out);
json_t *tb_over_json(const gw_table *t);
json_t *tb_rematch_json(const gw_table *t);
const char *tb_phrase_name(int phrase);
int tb_phrase_parse(const char *name);

/* ---- table_clock.c ---- */
/* The clock after a change: started for the person to act, stopped otherwise. */
void tb_clock_update(gw_table *t, int64_t now_ms);
/* The time left of the running clock, or -1. */
int64_t tb_clock_left(const gw_table *t, int64_t now_ms);

#endif
