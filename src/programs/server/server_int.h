/* server_int.h: what the files of whist serve share: its connections, players, jobs and the server, and the
 * functions each file gives the others (serve.c the event loop, the handshake and the sockets, http.c the
 * HTTP answers, peers.c the clients by address, log.c the rate-limited log, send.c the outgoing queues,
 * players.c tokens and players, game.c the games and the store, messages.c a browser's messages,
 * replay.c the statistics, history and replay answers). Everything runs on the loop's thread except
 * what a job's run does on a worker. */
#ifndef SERVER_INT_H
#define SERVER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "cookies.h"
#include "gw/session.h"
#include "gw/store.h"
#include "hosts.h"
#include "pool.h"
#include "review_cache.h"
#include "web_settings.h"

struct lws;
struct lws_context;
struct sockaddr;

#define TOKEN_BYTES    16
#define TOKEN_HEX      COOKIE_TOKEN_HEX /* 2 * TOKEN_BYTES */
#define OUT_QUEUE_MAX  (4 * 1024 * 1024) /* bytes waiting for one socket: one more closes it at once */
#define PLAYER_BUCKETS 4096              /* the players' hash table */

typedef struct out_msg {
    struct out_msg *next;
    size_t len;
    bool error;           /* an error message (send_error) */
    unsigned char data[]; /* LWS_PRE bytes, then the text */
} out_msg;

typedef struct peers peers; /* peers.c */
typedef struct peer peer;
typedef struct web_file web_file; /* http.c */

struct player;

/* One WebSocket: the per-session data libwebsockets allocates (zeroed) and frees. */
typedef struct conn {
    struct lws *wsi;
    struct player *pl;
    struct conn *next; /* in pl's list */
    uint64_t serial;   /* this connection's number, never reused (jobs find their connection by it) */
    char token[TOKEN_HEX + 1];
    out_msg *head, *tail;
    size_t queued;
    char *in; /* the message being received */
    size_t in_len;
    bool in_too_long;
    bool close;        /* close once the queue is written */
    bool killed;       /* closed at once (its queue dropped): it gets nothing more */
    int errors_waiting;      /* error messages in its queue */
    unsigned errors_dropped; /* refusals not answered since the last error sent (send_error) */
    const char *refusal;     /* a fatal refusal's code to send once open, then close (NULL: none) */
    char refusal_msg[200];   /* its message */
    bool new_identity;       /* the handshake had no usable token: a new one is issued with the 101 */
    bool want_welcome; /* opened while a hint was worked out: welcome it when the hint is done */
    bool counted;      /* counted in the server's open connections */
    double allowance;  /* the rate limit's bucket: messages it may still send now */
    uint64_t last_us;  /* when the bucket was last filled */
} conn;

/* JOB_REVIEW: a part of a replay's review, posted by the JOB_REPLAY working it out (pool_post). */
typedef enum job_kind { JOB_THINK = 0, JOB_HINT, JOB_REPLAY, JOB_REVIEW } job_kind;

typedef struct job {
    pool_job base; /* first */
    job_kind kind;
    struct player *pl;
    gw_thought *thought; /* JOB_THINK */
    gw_session *session; /* JOB_HINT */
    gw_hint hint;
    gw_status status;
    gw_error err;
    /* JOB_REPLAY: the hand's id and record in, the review's messages out (answer: the last, NULL with err on
     * failure; review_text: the whole review for the cache); JOB_REVIEW: answer, one review message */
    uint64_t conn_serial;
    int64_t id;
    uint64_t record_hash;
    char *record;
    json_t *answer;
    char *review_text;
} job;

typedef struct player {
    struct player *next;  /* every player */
    struct player *hnext; /* in its hash bucket */
    char token[TOKEN_HEX + 1];
    web_settings settings;
    gw_session *s;
    uint32_t saved_event; /* the last event when the game was last saved */
    char *unsaved;        /* the record game_flush_saves is to write (malloc'd), or NULL */
    uint32_t unsaved_event;
    bool in_unsaved;             /* in the server's list of games to save */
    struct player *next_unsaved; /* in that list */
    job *out;                    /* a job of this player's game on the pool (think or hint), or NULL */
    bool heavy;                  /* a hint or a review of this player's is on the pool (one at most) */
    conn *conns;
} player;

typedef struct server {
    struct lws_context *ctx;
    pool *pool;
    review_cache reviews; /* the replays' reviews worked out lately */
    player *players;
    player *buckets[PLAYER_BUCKETS];
    int n_players;
    gw_session_config base;
    char web[4096]; /* the web client's folder, absolute */
    bool tls;       /* HTTPS: the cookie is Secure, the Origin https:// */
    gw_store *store;
    player *unsaved; /* the players whose game changed since game_flush_saves */
    int max_conns;   /* open WebSockets allowed at once */
    int n_conns;
    int rate; /* messages per second a connection may send (0: no limit), bursts of 2 * rate */
    uint64_t next_serial;
    /* the sockets (serve.c, http.c, peers.c) */
    host_rules hosts; /* the names it answers for */
    peers *peers;     /* open sockets and new identities by client address */
    int fd_cap;       /* sockets open at once, at most (below the process's file limit) */
    int n_sockets;    /* open now (every accepted TCP connection) */
    web_file *files;  /* the web client's files, in memory */
    size_t freed;     /* bytes freed (queues, closed sockets) since memory was last given back to the system */
    peer *accepting;  /* the address of the socket being accepted, until libwebsockets has adopted it */
    struct lws *accepting_wsi; /* its wsi, once made */
    bool accepting_counted;
} server;

/* ---- log.c ---- */
/* Writes "whist serve: " and the message on stderr, unless messages of this format (the same call site)
 * were written 5 times in the last second: then it is counted, and the count told with the next one
 * written (or by server_log_flush). Any thread. */
void server_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* libwebsockets' log lines, as one kind (lws_set_log_level's emit function). */
void server_log_lws(int level, const char *line);
/* Tells the counts of messages not written whose second is over. */
void server_log_flush(void);

/* ---- peers.c ---- */
/* The clients by address: at most per_address sockets open at once each, new_per_minute new identities a
 * minute each (bursts of as many; 0: no limit). NULL without memory. */
peers *peers_new(int per_address, int new_per_minute);
void peers_free(peers *ps);
/* A socket from address sa opens: its address's entry, counted; NULL if that address has per_address open
 * already (or sa is not an IP address, or there is no memory). */
peer *peers_open(peers *ps, const struct sockaddr *sa);
/* A socket of p's closed (p NULL: nothing). */
void peers_close(peers *ps, peer *p);
/* Whether p may make one more new identity now (and counts it). */
bool peers_new_identity(peers *ps, peer *p);
/* Forgets the addresses with nothing open whose bucket is full again. */
void peers_sweep(peers *ps);
int peers_count(const peers *ps);

/* ---- http.c ---- */
/* Answers an HTTP request for uri (GET or HEAD of a file of the web client; anything else refused): 0, or
 * -1 to close the connection. */
int http_serve(server *sv, struct lws *wsi, const char *uri);
/* A short text answer with status code. */
int http_answer(struct lws *wsi, unsigned code, const char *text);
void http_files_free(server *sv);

/* ---- send.c ---- */
/* Queues text (a string the caller gives up) on c. Without memory (text NULL, or no room for the copy) or
 * past OUT_QUEUE_MAX bytes waiting, c is closed at once: its browser reconnects and gets the game again. */
void send_text(conn *c, char *text);
/* Queues j (the reference is taken; NULL: out of memory) on c, on every connection of pl. */
void send_json(conn *c, json_t *j);
void broadcast_json(player *pl, json_t *j);
/* An error for c; while another error waits in c's queue, only counted (the next one sent says how many). */
void send_error(conn *c, const char *code, const char *message);
void broadcast_error(player *pl, const char *code, const char *message);
/* Frees what is queued on c and what it was receiving (the connection closed). */
void send_drop(conn *c);
/* Closes c at once: its queue freed, nothing more queued, the socket closed on the loop's next turn. */
void send_kill(conn *c);
/* m, the head of c's queue, was written: out of the queue, freed. */
void send_written(conn *c, out_msg *m);

/* ---- players.c ---- */
/* A fresh random token; false if the system gives no randomness. */
bool token_new(char out[TOKEN_HEX + 1]);
/* Issues a new token (recorded in the store: only issued tokens are valid); false with why (cap bytes) on
 * failure. */
bool token_issue(server *sv, char out[TOKEN_HEX + 1], char *why, size_t cap);
/* Whether this server issued token (in memory, or in the store). */
bool token_known(server *sv, const char *token);
/* The player with token: in memory, or brought in from the store (its settings) when create; NULL if the
 * token was never issued, or out of memory. */
player *player_get(server *sv, const char *token, bool create);
void players_free(server *sv);
/* Puts c in pl's connections, or takes it out. */
void player_attach(player *pl, conn *c);
void player_detach(conn *c);

/* ---- game.c ---- */
/* Saves pl's game: takes its record now, written by the next game_flush_saves (no game: deletes the saved
 * one at once, and drops a save still waiting); a failure is told to its connections. */
void game_save(server *sv, player *pl);
/* Writes the games game_save was given since the last call into the store, in one transaction; a failure is
 * told to each game's connections. Called before any socket is written and after each turn of the loop. */
void game_flush_saves(server *sv);
/* After a change of pl's game (its events from `from` on): to the connections, into the statistics, saved. */
void game_changed(server *sv, player *pl, uint32_t from);
/* Lends the computer to act (if any) to the pool. */
void game_maybe_think(server *sv, player *pl);
/* Starts pl's new game s (the old one, if any, abandoned in the statistics). */
void game_replace(server *sv, player *pl, gw_session *s);
/* Ends pl's game (abandoned if it goes on); pl has no game after. */
void game_quit(server *sv, player *pl);
/* What a connection gets first (and every tab after a new game or quit): welcome, then the game. */
void game_welcome(conn *c);
/* The finished jobs, back on the loop. */
void game_drain_jobs(server *sv);
/* After the pool stopped: every job taken back, a decision that ran applied, the others cancelled. */
void game_stop_jobs(server *sv);
/* Runs a job on a worker. */
void game_run_job(pool_job *pj);
/* Frees a job and what it holds. */
void job_free(job *j);

/* ---- messages.c ---- */
/* One message from a browser (text, len bytes), rate limit included. */
void handle_message(server *sv, conn *c, const char *text, size_t len);

/* ---- replay.c ---- */
/* {"type":"stats",...} and {"type":"history",...} of owner (NULL without memory; err set on a store
 * failure). */
json_t *replay_stats_message(gw_store *st, const char *owner, gw_error *err);
json_t *replay_history_message(gw_store *st, const char *owner, int limit, gw_error *err);
/* Answers c's `replay` of hand id: not_found unless it is of c's player; the hand at once, with its review
 * when the cache has it; else the review is worked out on the pool (busy while another hint or review of
 * the player's is there) and sent as it comes, in `review` messages. */
void replay_start(server *sv, conn *c, int64_t id);
/* Works out a replay's review on a worker (posting its parts as they come). */
void replay_run(job *j);
/* A replay's job (JOB_REPLAY or JOB_REVIEW) back on the loop: sent to its connection if still open; the
 * finished review cached. The job is freed. */
void replay_done(server *sv, job *j);

#endif
