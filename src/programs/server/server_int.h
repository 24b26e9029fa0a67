/* server_int.h: what the files of whist serve share: its connections, players, games, jobs and the server, and the
 * functions each file gives the others (serve.c the event loop and HTTP, send.c the outgoing queues,
 * players.c tokens and players, game.c the games and the store, messages.c a browser's messages,
 * replay.c the statistics, history and replay answers). Everything runs on the loop's thread except
 * what a job's run does on a worker. */
#ifndef SERVER_INT_H
#define SERVER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "gw/session.h"
#include "gw/store.h"
#include "pool.h"
#include "web_settings.h"

struct lws;
struct lws_context;

#define TOKEN_BYTES      16
#define TOKEN_HEX        (2 * TOKEN_BYTES)
#define COOKIE_NAME      "whist_token"
#define OUT_QUEUE_MAX    (4 * 1024 * 1024) /* bytes waiting for one socket before it is closed */
#define PLAYER_BUCKETS   4096              /* the players' hash table */
#define BROWSER_PROTOCOL 2                 /* the browser's protocol (docs/protocol.md), in welcome */
#define GAMES            2                 /* a player's games: one of each gw_game_kind */

typedef struct out_msg {
    struct out_msg *next;
    size_t len;
    unsigned char data[]; /* LWS_PRE bytes, then the text */
} out_msg;

struct player;
struct conn;

/* A message of a change not yet saved: sent to its connection once the change is (game_flush_saves). */
typedef struct held_msg {
    struct held_msg *next;
    struct conn *c;
    char *text;
} held_msg;

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
    bool close;        /* close once the queue is written */
    bool want_welcome; /* follows a game whose hint is worked out: welcome it when the hint is done */
    bool counted;      /* counted in the server's open connections */
    bool replaying;    /* a replay of its is on the pool */
    double allowance;  /* the rate limit's bucket: messages it may still send now */
    uint64_t last_us;  /* when the bucket was last filled */
} conn;

typedef enum job_kind { JOB_THINK = 0, JOB_HINT, JOB_REPLAY } job_kind;

struct game;

typedef struct job {
    pool_job base; /* first */
    job_kind kind;
    struct player *pl;   /* the player (it stays in memory while the job is out) */
    struct game *g;      /* JOB_THINK, JOB_HINT: the game lent */
    gw_thought *thought; /* JOB_THINK */
    gw_session *session; /* JOB_HINT */
    gw_hint hint;
    gw_status status;
    gw_error err;
    /* JOB_REPLAY: the hand's id and record in, the answer out (NULL: err says why) */
    uint64_t conn_serial;
    int64_t id;
    char *record;
    json_t *answer;
} job;

/* One game of a player: a German Whist match or an Android Whist rubber, saved after every change and
 * kept until replaced (new) or ended (quit), a finished one included. Its changes' messages are held until
 * the change is saved (save before send). */
typedef struct game {
    struct player *pl;
    gw_game_kind kind;
    gw_session *s;         /* NULL: the player has none of this game */
    int64_t stats_id;      /* its match (rubber) in the statistics; 0 until its first hand is scored */
    uint32_t saved_event;  /* the last event when it was last saved */
    bool dirty;            /* changed since it was last saved: in the server's list of games to save */
    struct game *next_dirty;
    held_msg *held, *held_tail; /* the messages of its unsaved changes */
    job *out;              /* a job of this game on the pool (think or hint), or NULL */
    bool stalled;          /* its last save failed: the computer waits for the player (or stall_until) */
    bool lost;             /* its saved record could not be read back: read again when the player returns */
    uint64_t stall_until;  /* monotonic milliseconds */
    int shown_state;       /* the summary last told (games): its state and hand; -1: no game */
    int shown_hand;
} game;

typedef struct player {
    struct player *next, *prev; /* every player in memory */
    struct player *hnext;       /* in its hash bucket */
    char token[TOKEN_HEX + 1];
    web_settings settings;
    game games[GAMES];   /* indexed by gw_game_kind */
    gw_game_kind last;   /* the game changed last: a new connection follows it */
    conn *conns;
    int jobs;            /* replays on the pool (the player stays in memory until they are back) */
    bool games_changed;  /* a summary changed: `games` to every connection once saved */
    int64_t seen;        /* when it was last recorded as seen (players.last_seen), seconds since 1970 */
    uint64_t idle_since; /* monotonic milliseconds since it was idle (no connection, nothing out or unsaved); 0:
                            not idle */
} player;

typedef struct server {
    struct lws_context *ctx;
    pool *pool;
    player *players; /* in memory: those connected, and the idle ones until evicted */
    player *buckets[PLAYER_BUCKETS];
    int n_players;
    gw_session_config base;
    char web[4096]; /* the web client's folder, absolute */
    bool tls;       /* HTTPS: the cookie is Secure, the Origin https:// */
    gw_store *store;
    game *dirty;       /* the games changed since game_flush_saves */
    bool batch_failed; /* a write of the transaction open since the last game_flush_saves failed */
    bool batch_full;   /* ... because the disk is full */
    char batch_why[256];
    int max_conns; /* open WebSockets allowed at once */
    int n_conns;
    int rate; /* messages per second a connection may send (0: no limit), bursts of 2 * rate */
    uint64_t next_serial;
    int64_t evict_after; /* seconds an idle player stays in memory */
    int64_t prune_after; /* seconds after which a player that never finished a hand is pruned; 0: never */
    int64_t next_prune;  /* when to prune next (seconds since 1970) */
    bool stopping;       /* the loop ended: no more jobs */
    int exit_code;       /* the program's, when it stops */
} server;

/* ---- send.c ---- */
/* Queues text (a string the caller gives up; NULL: out of memory) on c. */
void send_text(conn *c, char *text);
/* Queues j (the reference is taken; NULL: out of memory) on c, on every connection of pl. */
void send_json(conn *c, json_t *j);
void broadcast_json(player *pl, json_t *j);
void send_error(conn *c, const char *code, const char *message);
void broadcast_error(player *pl, const char *code, const char *message);
/* Frees what is queued on c and what it was receiving (the connection closed). */
void send_drop(conn *c);

/* ---- players.c ---- */
/* A fresh random token; false if the system gives no randomness. */
bool token_new(char out[TOKEN_HEX + 1]);
/* The token of the request's whist_token cookie into out, if it has one of the right form. */
bool token_of_request(struct lws *wsi, char out[TOKEN_HEX + 1]);
/* Issues a new token (recorded in the store: only issued tokens are valid); false on failure. */
bool token_issue(server *sv, char out[TOKEN_HEX + 1]);
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
/* Frees what g holds (its session, held messages). */
void game_free(game *g);

/* ---- messages.c ---- */
/* One message from a browser (text, len bytes), rate limit included. */
void handle_message(server *sv, conn *c, const char *text, size_t len);

/* ---- replay.c ---- */
/* {"type":"stats",...} and {"type":"history",...} of owner (NULL without memory; err set on a store
 * failure). */
json_t *replay_stats_message(gw_store *st, const char *owner, gw_error *err);
json_t *replay_history_message(gw_store *st, const char *owner, int limit, gw_error *err);
/* {"type":"replay",...} of hand id from its record text (on a worker: no server state). NULL with err. */
json_t *replay_message(int64_t id, const char *record, gw_error *err);

#endif
