/* server_int.h: what the files of whist serve share: its connections, players, games, jobs and the server,
 * and the functions each file gives the others (serve.c the event loop, the handshake and the sockets, http.c
 * the HTTP answers, peers.c the clients by address, log.c the rate-limited log, send.c the outgoing queues
 * and the messages held until saved, players.c tokens and players, game.c the games and the store,
 * messages.c a browser's messages, replay.c the statistics, history and replay answers, tables.c the tables
 * between two people). Everything runs on the loop's thread except what a job's run does on a worker. */
#ifndef SERVER_INT_H
#define SERVER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "cookies.h"
#include "gw/session.h"
#include "gw/store.h"
#include "gw/table.h"
#include "hosts.h"
#include "pool.h"
#include "review_cache.h"
#include "gw/web_settings.h"

struct lws;
struct lws_context;
struct sockaddr;

#define TOKEN_BYTES       16
#define TOKEN_HEX         COOKIE_TOKEN_HEX  /* 2 * TOKEN_BYTES */
#define OUT_QUEUE_MAX     (4 * 1024 * 1024) /* bytes waiting for one socket: one more closes it at once */
#define PLAYER_BUCKETS    4096              /* the players' hash table */
#define BROWSER_PROTOCOL  2                 /* the browser's protocol (docs/protocol.md), in welcome */
#define GAMES             2                 /* a player's games: one of each gw_game_kind */
#define TABLE_BUCKETS     4096              /* the tables' hash table */
#define TABLES_PER_MINUTE 10 /* tables one player may make: bursts of as many, then this a minute */

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
struct conn;
struct table_rt; /* tables.c: a table in memory */
struct client_msg;

/* A message of a change not yet saved: sent to its connection once the change is (game_flush_saves). */
typedef struct held_msg {
    struct held_msg *next;
    struct conn *c;
    char *text;
} held_msg;

/* The messages of a game's or a table's unsaved changes, in order (send_or_hold). */
typedef struct held_msgs {
    held_msg *head, *tail;
} held_msgs;

/* One WebSocket: the per-session data libwebsockets allocates (zeroed) and frees. */
typedef struct conn {
    struct lws *wsi;
    struct player *pl;
    struct conn *next;    /* in pl's list */
    gw_game_kind follows; /* the game of pl it follows (its welcome, events and views; act, quit, ...) */
    uint64_t serial;      /* this connection's number, never reused (jobs find their connection by it) */
    char token[TOKEN_HEX + 1];
    out_msg *head, *tail;
    size_t queued;
    char *in; /* the message being received */
    size_t in_len;
    bool in_too_long;
    bool close;              /* close once the queue is written */
    bool killed;             /* closed at once (its queue dropped): it gets nothing more */
    int errors_waiting;      /* error messages in its queue */
    unsigned errors_dropped; /* refusals not answered since the last error sent (send_error) */
    const char *refusal;     /* a fatal refusal's code to send once open, then close (NULL: none) */
    char refusal_msg[200];   /* its message */
    bool new_identity;       /* the handshake had no usable token: a new one is issued with the 101 */
    bool want_welcome;       /* follows a game whose hint is worked out: welcome it when the hint is done */
    bool counted;            /* counted in the server's open connections */
    double allowance;        /* the rate limit's bucket: messages it may still send now */
    uint64_t last_us;        /* when the bucket was last filled */
    /* the table it follows (tables.c), instead of its player's game; NULL: none */
    struct table_rt *table;
    struct conn *tnext;                   /* in the table's connections */
    char secret[GW_TABLE_SECRET_HEX + 1]; /* the seat's secret it joined with ("": a spectator) */
    bool moved;                           /* its seat was opened elsewhere: it leaves once told so */
} conn;

/* JOB_REVIEW: a part of a replay's review, posted by the JOB_REPLAY working it out (pool_post). */
/* JOB_TABLE: a table's computer decision (tables.c). */
typedef enum job_kind { JOB_THINK = 0, JOB_HINT, JOB_REPLAY, JOB_REVIEW, JOB_TABLE } job_kind;

struct game;

typedef struct job {
    pool_job base; /* first */
    job_kind kind;
    struct player *pl;    /* the player (it stays in memory while the job is out) */
    struct game *g;       /* JOB_THINK, JOB_HINT: the game lent */
    gw_thought *thought;  /* JOB_THINK, JOB_TABLE */
    struct table_rt *tab; /* JOB_TABLE: the table lent (it stays in memory while the job is out) */
    gw_session *session;  /* JOB_HINT */
    gw_hint hint;
    gw_status status;
    gw_error err;
    /* JOB_REPLAY: the hand's id and record in, the review's messages out (answer: the last, NULL with err on
     * failure; review_text: the whole review for the cache); JOB_REVIEW: answer, one review message */
    uint64_t conn_serial;
    int64_t id;
    uint64_t record_hash;
    int seat; /* JOB_REPLAY: the player the owner was in the hand (a table's seat; 0 against the computer) */
    char *record;
    json_t *answer;
    char *review_text;
} job;

/* One game of a player: a German Whist match or an Android Whist rubber, saved after every change and
 * kept until replaced (new) or ended (quit), a finished one included. Its changes' messages are held until
 * the change is saved (save before send). */
typedef struct game {
    struct player *pl;
    gw_game_kind kind;
    gw_session *s;        /* NULL: the player has none of this game */
    int64_t stats_id;     /* its match (rubber) in the statistics; 0 until its first hand is scored */
    uint32_t saved_event; /* the last event when it was last saved */
    bool dirty;           /* changed since it was last saved: in the server's list of games to save */
    struct game *next_dirty;
    held_msgs held;       /* the messages of its unsaved changes */
    job *out;             /* a job of this game on the pool (think or hint), or NULL */
    bool stalled;         /* its last save failed: the computer waits for the player (or stall_until) */
    bool lost;            /* its saved record could not be read back: read again when the player returns */
    uint64_t stall_until; /* monotonic milliseconds */
    int shown_state;      /* the summary last told (games): its state and hand; -1: no game */
    int shown_hand;
} game;

typedef struct player {
    struct player *next, *prev; /* every player in memory */
    struct player *hnext;       /* in its hash bucket */
    char token[TOKEN_HEX + 1];
    gw_web_settings settings;
    game games[GAMES]; /* indexed by gw_game_kind */
    gw_game_kind last; /* the game changed last: a new connection follows it */
    conn *conns;
    int jobs;            /* replays on the pool (the player stays in memory until they are back) */
    bool heavy;          /* a hint or a review of this player's is on the pool (one at most, both games) */
    bool games_changed;  /* a summary changed: `games` to every connection once saved */
    int64_t seen;        /* when it was last recorded as seen (players.last_seen), seconds since 1970 */
    uint64_t idle_since; /* monotonic milliseconds since it was idle (no connection, nothing out or unsaved);
                            0: not idle */
    double tables_allowance; /* tables it may still make now (TABLES_PER_MINUTE a minute) */
    uint64_t tables_last_ms; /* when that was last counted (monotonic ms; 0: never) */
} player;

typedef struct server {
    struct lws_context *ctx;
    pool *pool;
    review_cache reviews; /* the replays' reviews worked out lately */
    player *players;      /* in memory: those connected, and the idle ones until evicted */
    player *buckets[PLAYER_BUCKETS];
    int n_players;
    gw_session_config base;
    char web[4096];    /* the web client's folder, absolute */
    char engine[4096]; /* the WebAssembly engine served as js/whist-engine.js when web/ has none
                        * (absolute; "": none, the page then plays on this server only) */
    bool tls;          /* HTTPS: the cookie is Secure, the Origin https:// */
    gw_store *store;
    game *dirty;       /* the games changed since game_flush_saves */
    bool batch_failed; /* a write of the transaction open since the last game_flush_saves failed */
    bool batch_full;   /* ... because the disk is full */
    char batch_why[256];
    int max_conns; /* open WebSockets allowed at once */
    int n_conns;
    int rate; /* messages per second a connection may send (0: no limit), bursts of 2 * rate */
    uint64_t next_serial;
    /* the sockets (serve.c, http.c, peers.c) */
    host_rules hosts; /* the names it answers for */
    peers *peers;     /* open sockets and new identities by client address */
    int fd_cap;       /* sockets open at once, at most (below the process's file limit) */
    int n_sockets;    /* open now (every accepted TCP connection) */
    web_file *files;  /* the web client's files, in memory */
    size_t freed;    /* bytes freed (queues, closed sockets) since memory was last given back to the system */
    peer *accepting; /* the address of the socket being accepted, until libwebsockets has adopted it */
    struct lws *accepting_wsi; /* its wsi, once made */
    bool accepting_counted;
    int64_t evict_after; /* seconds an idle player stays in memory */
    int64_t prune_after; /* seconds after which a player that never finished a hand is pruned; 0: never */
    int64_t next_prune;  /* when to prune next (seconds since 1970) */
    bool stopping;       /* the loop ended: no more jobs */
    /* the tables in memory (tables.c): those followed by a connection, and the idle ones until evicted */
    struct table_rt *tables;
    struct table_rt *table_buckets[TABLE_BUCKETS];
    int n_tables;
    struct table_rt *dirty_tables; /* changed since game_flush_saves */
    int exit_code;                 /* the program's, when it stops */
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
/* c missed a message (no memory): it closes once its queue is written, and its browser comes back to the
 * game or table as saved. */
void send_lose(conn *c);
/* Queues text (taken; NULL: out of memory, c lost) for c: held in q while hold (its change is not saved
 * yet: game_flush_saves), or sent now. */
void send_or_hold(held_msgs *q, bool hold, conn *c, char *text);
/* The held messages: sent (their change was saved) or dropped (it was undone); q emptied. */
void send_held(held_msgs *q, bool send);
/* Drops the messages held in q for c (it closed, or follows something else). */
void send_held_forget(held_msgs *q, conn *c);

/* ---- players.c ---- */
/* n bytes from the system's random source (getrandom); false if it gives none. */
bool random_bytes(void *out, size_t n);
/* A fresh random token; false if the system gives no randomness. */
bool token_new(char out[TOKEN_HEX + 1]);
/* Issues a new token (recorded in the store: only issued tokens are valid); false with why (cap bytes) on
 * failure. */
bool token_issue(server *sv, char out[TOKEN_HEX + 1], char *why, size_t cap);
/* Whether this server issued token (in memory, or in the store). */
bool token_known(server *sv, const char *token);
/* The player with token in memory, or NULL. */
player *player_find(server *sv, const char *token);
/* A new connection c of the player c->token: the player brought into memory from the store if it is not
 * there (its settings and games), c attached, following the game changed last, and welcomed. false (c told
 * why, and closing) if the player cannot be read. */
bool player_connect(server *sv, conn *c);
/* c closed: out of its player's connections (and its held messages dropped). */
void player_detach(server *sv, conn *c);
/* Once a second: idle players evicted from memory after --evict-after, stalled computers woken, and the
 * store pruned of players gone for --prune-after that never finished a hand (a small batch at a time). */
void players_tick(server *sv);
void players_free(server *sv);

/* ---- game.c ---- */
/* A player's games read from the store (the slots of kind only, or both when only is -1): each restored, or
 * none; false (err set) if the store cannot be read. */
bool game_load(server *sv, player *pl, int only, gw_error *err);
/* Writes the games changed since the last call into the store, with the statistics written with them, in
 * one transaction, then sends their held messages; a failure undoes the changes (each game back to its
 * saved record) and tells their connections (not_saved, then the game as saved). Called after each turn of
 * the loop and before anything that must see the store as the player was told. */
void game_flush_saves(server *sv);
/* After a change of g (its events from `from` on): to its connections (held until saved), into the
 * statistics, to be saved. */
void game_changed(server *sv, game *g, uint32_t from);
/* Lends the computer to act in g (if any) to the pool, once g is saved (the random levels decide at once). */
void game_maybe_think(server *sv, game *g);
/* Starts g's new game s (the old one, if any, abandoned in the statistics); every connection following g
 * is welcomed again. */
void game_replace(server *sv, game *g, gw_session *s);
/* Ends g's game (abandoned if it goes on); g has none after. */
void game_quit(server *sv, game *g);
/* What a connection gets first, after open, and after a new game or quit of the game it follows: welcome,
 * then the game (held while the game has unsaved changes). */
void game_welcome(conn *c);
/* The `games` message (every game's summary) to every connection of pl. */
void game_send_games(player *pl);
/* Drops the held messages for c (it closed). */
void game_forget_conn(player *pl, conn *c);
/* What a player is told when a save failed (cap bytes into out): "cannot save: the server's disk is full"
 * when it is (full), else the store's reason why. */
void save_failure(char *out, size_t cap, bool full, const char *why);
/* A fresh seed for a new match or rubber from the system's random source; false if it gives none. */
bool game_seed(uint64_t *out);
/* The finished jobs, back on the loop. */
void game_drain_jobs(server *sv);
/* After the pool stopped: every job taken back, a decision that ran applied (saved by the next
 * game_flush_saves), the others cancelled. */
void game_stop_jobs(server *sv);
/* Runs a job on a worker. */
void game_run_job(pool_job *pj);
/* Frees a job and what it holds. */
void job_free(job *j);
/* Frees what g holds (its session, held messages). */
void game_free(game *g);
/* The turn's transaction (what game_flush_saves commits), opened if need be; false if a write of it failed.
 */
bool game_batch_open(server *sv);
/* A write of the turn's transaction failed (err): nothing of it is kept, the players told at the flush. */
void game_batch_fail(server *sv, const gw_error *err);

/* ---- tables.c ---- */
/* A table message of c's (m read by client_msg_parse from text[0..len)): table_new, table_join, table_leave,
 * lobby, play_anyone, and those the table reads itself. */
void table_message(server *sv, conn *c, const struct client_msg *m, const char *text, size_t len);
/* c follows its table no more (it closed, or follows something else): the table told, its held messages for
 * c dropped. Nothing if it follows none. */
void table_unfollow(server *sv, conn *c);
/* Writes the tables of list (sv->dirty_tables taken by game_flush_saves) in the turn's open transaction;
 * false if a write failed. */
bool tables_save(server *sv, struct table_rt *list);
/* After the commit (ok) or its failure: each table's held messages sent, or the table read back as saved and
 * its connections told why (not_saved) and given it again. */
void tables_saved(server *sv, struct table_rt *list, bool ok, const char *why);
/* A JOB_TABLE back on the loop (or taken back after the pool stopped): applied if it ran, else cancelled. */
void table_job_done(server *sv, job *j);
/* Once a second: the tables' clocks and grace periods (gw_table_tick), stalled computers, idle tables evicted
 * after --evict-after. */
void tables_tick(server *sv);
void tables_free(server *sv);

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
