/* serve.c: `whist serve`: one libwebsockets event loop serves the web client's files over HTTP and one
 * WebSocket per browser tab; each player (a random token in a cookie) has one game, a gw_session that
 * only the loop changes; computers think and hints are worked out on the worker pool (pool.h). */
#define _DEFAULT_SOURCE /* getrandom, realpath, sigaction, strdup */
#include "server.h"

#include <assert.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ev.h>
#include <libwebsockets.h>

#include "client_msg.h"
#include "gw/levels.h"
#include "gw/monotonic.h"
#include "gw/score.h"
#include "gw/protocol.h"
#include "gw/session.h"
#include "gw/store.h"
#include "gw/text.h"
#include "pool.h"

#define TOKEN_BYTES   16
#define TOKEN_HEX     (2 * TOKEN_BYTES)
#define COOKIE_NAME   "whist_token"
#define PLAYERS_MAX   16384 /* players with a game in memory (bench/serve_load.sh plays 10000) */
#define WORKERS       2
#define THINK_MS      300               /* the expert's time per decision */
#define OUT_QUEUE_MAX (4 * 1024 * 1024) /* bytes waiting for one socket before it is closed */

static const char USAGE[] =
    "Usage: whist serve [--host ADDRESS] [--port N] [--data DIR] [--web DIR] [--cert FILE --key FILE]\n"
    "Play in a browser: serves the web client (DIR, default the source's web/) over\n"
    "HTTP and its games over a WebSocket at /ws, on ADDRESS only (default 127.0.0.1)\n"
    "and port N (default 8080; 0: any free port, printed on standard output).\n"
    "Stops cleanly on SIGTERM or SIGINT.\n";

/* ---- state -------------------------------------------------------------------- */

typedef struct out_msg {
    struct out_msg *next;
    size_t len;
    unsigned char data[]; /* LWS_PRE bytes, then the text */
} out_msg;

struct player;

/* One WebSocket: the per-session data libwebsockets allocates (zeroed) and frees. */
typedef struct conn {
    struct lws *wsi;
    struct player *pl;
    struct conn *next; /* in pl's list */
    char token[TOKEN_HEX + 1];
    out_msg *head, *tail;
    size_t queued;
    char *in; /* the message being received */
    size_t in_len;
    bool in_too_long;
    bool close;        /* close once the queue is written */
    bool want_welcome; /* opened while a hint was worked out: welcome it when the hint is done */
} conn;

typedef enum job_kind { JOB_THINK = 0, JOB_HINT } job_kind;

typedef struct job {
    pool_job base; /* first */
    job_kind kind;
    struct player *pl;
    gw_thought *thought; /* JOB_THINK */
    gw_session *session; /* JOB_HINT */
    gw_hint hint;
    gw_status status;
    gw_error err;
} job;

typedef struct player {
    struct player *next;
    char token[TOKEN_HEX + 1];
    gw_session *s;
    uint32_t saved_event; /* the last event when the game was last saved */
    char *unsaved;        /* the record to save at the next flush_saves (malloc'd), or NULL */
    uint32_t unsaved_event;
    struct player *next_unsaved;
    job *out; /* a job of this player on the pool, or NULL */
    conn *conns;
} player;

typedef struct server {
    struct lws_context *ctx;
    pool *pool;
    player *players;
    int n_players;
    gw_session_config base;
    char web[PATH_MAX]; /* the web client's folder, absolute */
    bool tls;           /* HTTPS: the cookie is Secure, the Origin https:// */
    gw_store *store;    /* where every game in progress is saved after every change */
    player *unsaved;    /* the players whose game changed since flush_saves */
} server;

static volatile sig_atomic_t stop_requested;

/* ---- tokens ---------------------------------------------------------------------- */

static bool new_token(char out[TOKEN_HEX + 1]) {
    unsigned char b[TOKEN_BYTES];
    size_t got = 0;
    while (got < sizeof b) {
        ssize_t n = getrandom(b + got, sizeof b - got, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        got += (size_t)n;
    }
    static const char HEX[] = "0123456789abcdef";
    for (int i = 0; i < TOKEN_BYTES; i++) {
        out[2 * i] = HEX[b[i] >> 4];
        out[2 * i + 1] = HEX[b[i] & 15];
    }
    out[TOKEN_HEX] = '\0';
    return true;
}

/* The token of the request's whist_token cookie into out, if it has one of the right form. */
static bool request_token(struct lws *wsi, char out[TOKEN_HEX + 1]) {
    char cookie[1024];
    int n = lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_COOKIE);
    if (n <= 0 || n >= (int)sizeof cookie) return false;
    if (lws_hdr_copy(wsi, cookie, (int)sizeof cookie, WSI_TOKEN_HTTP_COOKIE) < 0) return false;
    for (char *p = cookie; *p;) {
        while (*p == ' ' || *p == ';')
            p++;
        char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const size_t name_len = sizeof COOKIE_NAME - 1;
        if (len == name_len + 1 + TOKEN_HEX && strncmp(p, COOKIE_NAME "=", name_len + 1) == 0) {
            const char *v = p + name_len + 1;
            bool hex = true;
            for (int i = 0; i < TOKEN_HEX; i++)
                hex = hex && strchr("0123456789abcdef", v[i]) && v[i];
            if (hex) {
                memcpy(out, v, TOKEN_HEX);
                out[TOKEN_HEX] = '\0';
                return true;
            }
        }
        if (!end) break;
        p = end + 1;
    }
    return false;
}

/* A WebSocket may open only from a page of this server: its Origin is http://HOST with the Host it asked. */
static bool origin_ok(struct lws *wsi, bool tls) {
    char origin[300], host[256];
    int no = lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN), nh = lws_hdr_total_length(wsi, WSI_TOKEN_HOST);
    if (no <= 0 || nh <= 0 || no >= (int)sizeof origin || nh >= (int)sizeof host) return false;
    if (lws_hdr_copy(wsi, origin, (int)sizeof origin, WSI_TOKEN_ORIGIN) < 0) return false;
    if (lws_hdr_copy(wsi, host, (int)sizeof host, WSI_TOKEN_HOST) < 0) return false;
    const char *scheme = tls ? "https://" : "http://";
    size_t n = strlen(scheme);
    return strncmp(origin, scheme, n) == 0 && strcmp(origin + n, host) == 0;
}

/* ---- sending ----------------------------------------------------------------------- */

/* Queues text (a string the caller gives up, NULL: out of memory) on c. */
static void send_text(conn *c, char *text) {
    if (!text || c->close) {
        free(text);
        return;
    }
    size_t len = strlen(text);
    out_msg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m) {
        free(text);
        return;
    }
    m->next = NULL;
    m->len = len;
    memcpy(m->data + LWS_PRE, text, len);
    free(text);
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
    c->queued += len;
    if (c->queued > OUT_QUEUE_MAX) c->close = true; /* a reader that never reads */
    lws_callback_on_writable(c->wsi);
}

static void send_json(conn *c, json_t *j) { send_text(c, gw_protocol_dump(j)); }

static void send_error(conn *c, const char *code, const char *message) {
    send_text(c, gw_protocol_encode_error(code, message));
}

static void broadcast_json(player *pl, json_t *j) {
    char *text = gw_protocol_dump(j);
    if (!text) return;
    for (conn *c = pl->conns; c; c = c->next)
        send_text(c, strdup(text));
    free(text);
}

static void broadcast_error(player *pl, const char *code, const char *message) {
    broadcast_json(pl, gw_protocol_error_json(code, message));
}

/* {"type":"view","view":...}: what player 0 may see now. */
static json_t *view_message(const gw_session *s) {
    gw_view *v = malloc(sizeof *v);
    if (!v) return NULL;
    json_t *j = NULL;
    if (gw_session_view(s, 0, v, NULL) == GW_OK) {
        j = json_object();
        if (j) {
            json_object_set_new(j, "type", json_string("view"));
            json_object_set_new(j, "view", gw_protocol_view_json(v));
        }
    }
    free(v);
    return j;
}

/* The events numbered from..last as player 0 sees them, then the view, to c (or every connection of pl). */
static void send_since(player *pl, conn *only, uint32_t from) {
    const gw_session *s = pl->s;
    uint32_t last = gw_session_last_event(s);
    gw_game_kind game = gw_session_config_of(s)->game;
    gw_event ev[64];
    while (from <= last) {
        int n = gw_session_events(s, from, 0, ev, 64);
        if (n <= 0) break;
        for (int i = 0; i < n; i++) {
            json_t *j = gw_protocol_event_json(game, &ev[i]);
            if (only)
                send_json(only, j);
            else
                broadcast_json(pl, j);
        }
        from += (uint32_t)n;
    }
    if (only)
        send_json(only, view_message(s));
    else
        broadcast_json(pl, view_message(s));
}

/* Saves pl's game: its record now, written into the database with the other games changed in the same
 * turn of the loop by flush_saves, before any socket is written (so a browser never sees a change that a
 * crash could lose). A failure is told to its connections (and on stderr), the game goes on. */
static void save_game(server *sv, player *pl) {
    gw_text t = {0};
    gw_session_record(pl->s, true, &t);
    char *record = t.failed ? NULL : t.data; /* taken from t */
    if (!record) {
        gw_text_free(&t);
        fprintf(stderr, "whist serve: cannot save a game: out of memory\n");
        broadcast_error(pl, "not_saved", "The game could not be saved; it goes on.");
        return;
    }
    if (!pl->unsaved) {
        pl->next_unsaved = sv->unsaved;
        sv->unsaved = pl;
    }
    free(pl->unsaved);
    pl->unsaved = record;
    pl->unsaved_event = gw_session_last_event(pl->s);
}

/* Writes the games save_game was given since the last call, in one transaction. */
static void flush_saves(server *sv) {
    int n = 0;
    for (player *p = sv->unsaved; p; p = p->next_unsaved)
        n++;
    if (!n) return;
    gw_store_web_game *rows = malloc((size_t)n * sizeof *rows);
    gw_error err;
    gw_status st = rows ? GW_OK : gw_error_set(&err, GW_ENOMEM, 0, 0, "out of memory");
    int i = 0;
    for (player *p = sv->unsaved; rows && p; p = p->next_unsaved, i++) {
        memcpy(rows[i].token, p->token, sizeof p->token);
        rows[i].record = p->unsaved;
    }
    if (st == GW_OK) st = gw_store_save_web_games(sv->store, rows, n, &err);
    free(rows);
    if (st != GW_OK) fprintf(stderr, "whist serve: cannot save %d game(s): %s\n", n, err.msg);
    while (sv->unsaved) {
        player *p = sv->unsaved;
        sv->unsaved = p->next_unsaved;
        if (st == GW_OK)
            p->saved_event = p->unsaved_event;
        else
            broadcast_error(p, "not_saved", "The game could not be saved; it goes on.");
        free(p->unsaved);
        p->unsaved = NULL;
        p->next_unsaved = NULL;
    }
}

/* ---- statistics: a German Whist match's hands go where the terminal game's go ------------------------ */

/* The match's row in the statistics (the StoreMatch tag, kept in the record), or 0. */
static int64_t stats_row(const player *pl) {
    const char *tag = gw_session_tag(pl->s, "StoreMatch");
    return tag ? strtoll(tag, NULL, 10) : 0;
}

/* Records the start of pl's new match of German Whist (Android Whist's rubbers are not counted yet). */
static void stats_begin(server *sv, player *pl) {
    const gw_session_config *c = gw_session_config_of(pl->s);
    if (c->game != GW_GAME_GERMAN) return;
    gw_store_match sm = {c->rules, gw_ai_level_name((gw_ai_level)c->seats[1].level), c->seed, NULL};
    int64_t id;
    gw_error err;
    if (gw_store_begin_match(sv->store, &sm, &id, &err) != GW_OK) {
        fprintf(stderr, "whist serve: the statistics: %s\n", err.msg);
        return;
    }
    char value[32];
    snprintf(value, sizeof value, "%lld", (long long)id);
    if (gw_session_set_tag(pl->s, "StoreMatch", value, &err) != GW_OK)
        fprintf(stderr, "whist serve: the statistics: %s\n", err.msg);
}

/* A match given up for a new one. */
static void stats_abandon(server *sv, player *pl) {
    int64_t id = stats_row(pl);
    gw_error err;
    if (id > 0 && gw_session_state_of(pl->s) != GW_SESSION_OVER)
        (void)gw_store_abandon_match(sv->store, id, &err);
}

/* Stores the hands scored by the events numbered from on (a hand stored already, after a restart from a
 * save older than the statistics, is refused by the store and skipped). */
static void stats_hands(server *sv, player *pl, uint32_t from) {
    int64_t id = stats_row(pl);
    if (id <= 0 || gw_session_config_of(pl->s)->game != GW_GAME_GERMAN) return;
    uint32_t last = gw_session_last_event(pl->s);
    for (uint32_t n = from; n <= last; n++) {
        gw_event e;
        if (gw_session_events(pl->s, n, 0, &e, 1) != 1 || e.kind != GW_EVENT_SCORE) continue;
        gw_view *v = malloc(sizeof *v);
        gw_text rec = {0};
        gw_error err;
        if (!v || gw_session_view(pl->s, 0, v, &err) != GW_OK ||
            gw_session_hand_record(pl->s, e.hand, &rec, &err) != GW_OK || rec.failed) {
            free(v);
            gw_text_free(&rec);
            continue;
        }
        const gw_observation *o = &v->german;
        const gw_match_rules *r = &gw_session_config_of(pl->s)->rules;
        int endgame[2] = {o->won[GW_ENDGAME][0], o->won[GW_ENDGAME][1]};
        int all[2] = {o->won[GW_FOREPLAY][0] + endgame[0], o->won[GW_FOREPLAY][1] + endgame[1]};
        const gw_match *match = gw_session_match(pl->s);
        gw_store_hand h = {.match_id = id,
                           .number = e.hand,
                           .record = gw_text_str(&rec),
                           .played = NULL,
                           .tricks = {e.tricks[0], e.tricks[1]},
                           .winner = e.winner,
                           .points = {e.points[0], e.points[1]},
                           .slam = gw_score_hand(r->variant, r->scoring, endgame, all).slam,
                           .assisted = gw_session_hand_assisted(pl->s, e.hand),
                           .score = {match->score[0], match->score[1]},
                           .match_winner = gw_match_winner(match)};
        if (gw_store_add_hand(sv->store, &h, NULL, &err) != GW_OK && err.status != GW_ESTATE)
            fprintf(stderr, "whist serve: the statistics: %s\n", err.msg);
        gw_text_free(&rec);
        free(v);
    }
}

/* After a change of pl's game (its events from `from` on): to the connections, into the statistics, saved. */
static void changed(server *sv, player *pl, uint32_t from) {
    send_since(pl, NULL, from);
    stats_hands(sv, pl, from);
    save_game(sv, pl);
}

/* What a connection gets first: whether its player has a game, then (if so) all of it. */
static void send_welcome(conn *c) {
    player *pl = c->pl;
    json_t *j = json_object();
    if (j) {
        json_object_set_new(j, "type", json_string("welcome"));
        json_object_set_new(j, "protocol", json_integer(GW_PROTOCOL_VERSION));
        json_object_set_new(
            j, "game", pl->s ? gw_protocol_config_json(gw_session_config_of(pl->s), false) : json_null());
    }
    send_json(c, j);
    if (pl->s) send_since(pl, c, 1);
}

/* ---- the pool's jobs ---------------------------------------------------------------- */

static void run_job(pool_job *pj) {
    job *j = (job *)pj;
    if (j->kind == JOB_THINK)
        gw_thought_run(j->thought);
    else
        j->status = gw_session_hint(j->session, 0, &j->hint, &j->err);
}

static void wake_loop(void *ctx) { lws_cancel_service(ctx); }

static void finish_job(server *sv, job *j);

/* A computer that decides at once (the random levels): its decision is made on the loop, since lending it
 * to a worker would cost more (two thread switches and a wake-up of the loop) than the decision. */
static bool decides_at_once(const gw_session_config *c) {
    return c->seats[1].kind == GW_SEAT_COMPUTER &&
           c->seats[1].level == (c->game == GW_GAME_GERMAN ? (int)GW_AI_RANDOM : (int)GW_ANDROID_RANDOM);
}

/* Lends the computer to act (if any) to the pool, or lets it act now when it decides at once. */
static void maybe_think(server *sv, player *pl) {
    if (!pl->s || pl->out || gw_session_state_of(pl->s) != GW_SESSION_PLAYING) return;
    gw_turn t = gw_session_turn(pl->s);
    if (t.player < 0 || !t.computer) return;
    job *j = calloc(1, sizeof *j);
    if (!j) {
        broadcast_error(pl, "no_memory", "the server is out of memory");
        return;
    }
    gw_error err;
    if (gw_session_think_begin(pl->s, &j->thought, &err) != GW_OK) {
        free(j);
        broadcast_error(pl, "server", err.msg);
        return;
    }
    j->base.run = run_job;
    j->kind = JOB_THINK;
    j->pl = pl;
    pl->out = j;
    if (decides_at_once(gw_session_config_of(pl->s))) {
        run_job(&j->base);
        j->base.ran = true;
        finish_job(sv, j); /* which calls maybe_think again: the computer may act twice in a row */
        return;
    }
    pool_submit(sv->pool, &j->base);
}

static json_t *hint_message(const gw_hint *h) {
    json_t *j = json_object(), *cards = json_array();
    if (!j || !cards) {
        json_decref(j);
        json_decref(cards);
        return NULL;
    }
    for (int i = 0; i < h->count; i++) {
        char name[3] = {gw_rank_char(gw_card_rank(h->cards[i])), gw_suit_char(gw_card_suit(h->cards[i])), 0};
        json_t *c = json_object();
        json_object_set_new(c, "card", json_string(name));
        json_object_set_new(c, "value", json_real(h->value[i]));
        json_array_append_new(cards, c);
    }
    json_object_set_new(j, "type", json_string("hint"));
    json_object_set_new(j, "exact", json_boolean(h->exact));
    json_object_set_new(j, "cards", cards);
    if (h->exact)
        json_object_set_new(j, "best", json_integer(h->best));
    else
        json_object_set_new(j, "samples", json_integer(h->samples));
    return j;
}

/* A finished job, back on the loop. */
static void finish_job(server *sv, job *j) {
    player *pl = j->pl;
    assert(pl->out == j);
    pl->out = NULL;
    if (j->kind == JOB_THINK) {
        gw_error err;
        uint32_t from = gw_session_last_event(pl->s) + 1;
        if (gw_session_think_end(pl->s, j->thought, &err) != GW_OK)
            broadcast_error(pl, "server", err.msg);
        else
            changed(sv, pl, from);
        maybe_think(sv, pl);
    } else if (j->status == GW_OK) {
        broadcast_json(pl, hint_message(&j->hint));
    } else {
        broadcast_error(pl, "no_hint", j->err.msg);
    }
    for (conn *c = pl->conns; c; c = c->next)
        if (c->want_welcome) {
            c->want_welcome = false;
            send_welcome(c);
        }
    free(j);
}

static void drain_jobs(server *sv) {
    pool_job *pj;
    while ((pj = pool_take_done(sv->pool)) != NULL)
        finish_job(sv, (job *)pj);
}

/* ---- players --------------------------------------------------------------------------- */

static player *find_player(server *sv, const char *token, bool create) {
    for (player *p = sv->players; p; p = p->next)
        if (strcmp(p->token, token) == 0) return p;
    if (!create || sv->n_players >= PLAYERS_MAX) return NULL;
    player *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    memcpy(p->token, token, sizeof p->token);
    p->next = sv->players;
    sv->players = p;
    sv->n_players++;
    return p;
}

static void detach(conn *c) {
    if (!c->pl) return;
    for (conn **pp = &c->pl->conns; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    c->pl = NULL;
}

/* ---- one message from a browser ----------------------------------------------------------- */

static void handle_message(server *sv, conn *c, const char *text, size_t len) {
    player *pl = c->pl;
    client_msg *m = malloc(sizeof *m);
    if (!m) {
        send_error(c, "no_memory", "the server is out of memory");
        return;
    }
    char code[GW_PROTOCOL_CODE_MAX], msg[GW_PROTOCOL_MESSAGE_MAX];
    if (!client_msg_parse(text, len, &sv->base, m, code, msg)) {
        send_error(c, code, msg);
        free(m);
        return;
    }
    gw_error err;
    gw_error_clear(&err);
    if (pl->out && (m->type != CLIENT_ACT || pl->out->kind == JOB_HINT)) {
        send_error(c, "busy",
                   pl->out->kind == JOB_THINK ? "The computer is thinking." : "The hint is on its way.");
    } else if (m->type == CLIENT_NEW) {
        gw_session *s = NULL;
        m->config.clock = gw_monotonic_clock();
        if (gw_session_new(&m->config, &s, &err) != GW_OK) {
            send_error(c, "bad_value", err.msg);
        } else {
            if (pl->s) stats_abandon(sv, pl);
            gw_session_free(pl->s);
            pl->s = s;
            stats_begin(sv, pl);
            for (conn *o = pl->conns; o; o = o->next)
                send_welcome(o);
            save_game(sv, pl);
            maybe_think(sv, pl);
        }
    } else if (!pl->s) {
        send_error(c, "no_game", "There is no game: start one with a new message.");
    } else if (m->type == CLIENT_ACT) {
        uint32_t from = gw_session_last_event(pl->s) + 1;
        gw_refusal why = GW_REFUSE_NONE;
        if (gw_session_act(pl->s, 0, &m->action, &why, &err) != GW_OK) {
            send_error(c, why != GW_REFUSE_NONE ? gw_refusal_code(why) : "refused", err.msg);
        } else {
            changed(sv, pl, from);
            maybe_think(sv, pl);
        }
    } else if (m->type == CLIENT_UNDO) {
        uint32_t from = gw_session_last_event(pl->s) + 1;
        if (gw_session_undo(pl->s, 0, &err) != GW_OK) {
            send_error(c, "cannot_undo", err.msg);
        } else {
            changed(sv, pl, from);
        }
    } else if (m->type == CLIENT_NEXT) {
        uint32_t from = gw_session_last_event(pl->s) + 1;
        if (gw_session_next_hand(pl->s, &err) != GW_OK) {
            send_error(c, "not_now", err.msg);
        } else {
            changed(sv, pl, from);
            maybe_think(sv, pl);
        }
    } else {
        assert(m->type == CLIENT_HINT);
        gw_turn t = gw_session_turn(pl->s);
        if (t.player != 0 || t.kind != GW_ACTION_CARD || gw_session_state_of(pl->s) != GW_SESSION_PLAYING) {
            send_error(c, "not_now", "A hint is for a card you are to play.");
        } else {
            job *j = calloc(1, sizeof *j);
            if (!j) {
                send_error(c, "no_memory", "the server is out of memory");
            } else {
                j->base.run = run_job;
                j->kind = JOB_HINT;
                j->pl = pl;
                j->session = pl->s; /* the loop leaves the session alone while pl->out is set */
                pl->out = j;
                pool_submit(sv->pool, &j->base);
            }
        }
    }
    free(m);
}

/* ---- libwebsockets callbacks -------------------------------------------------------------- */

/* The content type of a file the web client may hold, by its name's ending; NULL: not served. */
static const char *mime_type(const char *path) {
    static const char *const TYPES[][2] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".webmanifest", "application/manifest+json"},
        {".mp3", "audio/mpeg"},
        {".ogg", "audio/ogg"},
        {".wav", "audio/wav"},
    };
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/')) return NULL;
    for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
        if (strcmp(dot, TYPES[i][0]) == 0) return TYPES[i][1];
    return NULL;
}

/* A path of the web client: letters, digits, '-', '_', '.', '/' only, no ".." nor "//" nor a name
 * starting with '.'. */
static bool safe_path(const char *p) {
    if (*p != '/' || strlen(p) > 200) return false;
    for (const char *q = p; *q; q++) {
        bool ok = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') ||
                  *q == '-' || *q == '_' || *q == '.' || *q == '/';
        if (!ok) return false;
        if (*q == '/' && (q[1] == '/' || q[1] == '.')) return false;
    }
    return true;
}

static int http_status(struct lws *wsi, unsigned code) {
    if (lws_return_http_status(wsi, code, NULL)) return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* GET of a file of the web client; every answer hands a browser without a token its identity (a cookie
 * the page's scripts cannot read, sent back only to this site). The files are served by this callback
 * rather than an lws_http_mount: libwebsockets 4.1 sends no LWS_CALLBACK_ADD_HEADERS for a mount's
 * files, so a mount could not set the cookie. */
static int serve_file(struct lws *wsi, const char *uri) {
    server *sv = lws_context_user(lws_get_context(wsi));
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        return http_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED);
    char path[PATH_MAX];
    const char *rel = strcmp(uri, "/") == 0 ? "/index.html" : uri;
    const char *type = mime_type(rel);
    if (!safe_path(rel) || !type) return http_status(wsi, HTTP_STATUS_NOT_FOUND);
    int n = snprintf(path, sizeof path, "%s%s", sv->web, rel);
    struct stat st;
    if (n < 0 || (size_t)n >= sizeof path || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return http_status(wsi, HTTP_STATUS_NOT_FOUND);
    char headers[256] = "";
    int hl = 0;
    char token[TOKEN_HEX + 1];
    if (!request_token(wsi, token)) {
        if (!new_token(token)) return http_status(wsi, HTTP_STATUS_INTERNAL_SERVER_ERROR);
        hl = snprintf(headers, sizeof headers,
                      "set-cookie: " COOKIE_NAME
                      "=%s; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict%s\r\n"
                      "cache-control: no-cache\r\n",
                      token, sv->tls ? "; Secure" : "");
    } else {
        hl = snprintf(headers, sizeof headers, "cache-control: no-cache\r\n");
    }
    int r = lws_serve_http_file(wsi, path, type, headers, hl);
    if (r < 0) return -1;
    if (r > 0) return lws_http_transaction_completed(wsi) ? -1 : 0;
    return 0;
}

static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                         size_t len) {
    if (reason == LWS_CALLBACK_HTTP) return serve_file(wsi, in ? (const char *)in : "/");
    if (reason == LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION) return 1; /* a WebSocket must ask for "whist" */
    if (reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED) {
        server *sv = lws_context_user(lws_get_context(wsi));
        if (sv && sv->pool) drain_jobs(sv);
        return 0;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    server *sv = lws_context_user(lws_get_context(wsi));
    conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        char uri[8];
        if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) != 3 ||
            lws_hdr_copy(wsi, uri, (int)sizeof uri, WSI_TOKEN_GET_URI) != 3 || strcmp(uri, "/ws") != 0)
            return 1;
        if (!origin_ok(wsi, sv->tls)) return 1;
        if (!request_token(wsi, c->token)) return 1;
        return 0;
    }
    case LWS_CALLBACK_ESTABLISHED: {
        c->wsi = wsi;
        player *pl = find_player(sv, c->token, true);
        if (!pl) {
            send_error(c, "server_full", "The server has too many players; try again later.");
            c->close = true; /* after the error: send_text drops what a closing connection is given */
            return 0;
        }
        c->pl = pl;
        c->next = pl->conns;
        pl->conns = c;
        if (pl->out && pl->out->kind == JOB_HINT)
            c->want_welcome = true; /* the session is the worker's until the hint is done */
        else
            send_welcome(c);
        return 0;
    }
    case LWS_CALLBACK_RECEIVE: {
        if (!c->pl) return 0;
        size_t want = c->in_len + len;
        if (lws_frame_is_binary(wsi)) c->in_too_long = true; /* refused below as not text */
        if (!c->in_too_long && want > CLIENT_MSG_MAX) {
            c->in_too_long = true;
        } else if (!c->in_too_long) {
            char *grown = realloc(c->in, want + 1);
            if (!grown) return -1;
            c->in = grown;
            memcpy(c->in + c->in_len, in, len);
            c->in_len = want;
        }
        if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0) return 0;
        if (c->in_too_long) {
            if (lws_frame_is_binary(wsi))
                send_error(c, "not_text", "messages are JSON text");
            else
                send_error(c, "too_long",
                           "the message is longer than the "
                           "4096"
                           " bytes allowed");
        } else {
            handle_message(sv, c, c->in ? c->in : "", c->in_len);
        }
        free(c->in);
        c->in = NULL;
        c->in_len = 0;
        c->in_too_long = false;
        return 0;
    }
    case LWS_CALLBACK_SERVER_WRITEABLE: {
        if (!c->head) return c->close ? -1 : 0;
        flush_saves(sv); /* what goes out is saved first */
        /* every queued message while the socket takes them (a change is several events and a view),
         * corked into as few packets as they fill: one wake-up and one packet per change, not per message */
        int fd = lws_get_socket_fd(wsi), on = 1, off = 0;
        setsockopt(fd, IPPROTO_TCP, TCP_CORK, &on, sizeof on);
        do {
            out_msg *m = c->head;
            if (lws_write(wsi, m->data + LWS_PRE, m->len, LWS_WRITE_TEXT) < (int)m->len) return -1;
            c->head = m->next;
            if (!c->head) c->tail = NULL;
            c->queued -= m->len;
            free(m);
        } while (c->head && !lws_send_pipe_choked(wsi)); /* a full socket waits for the next wake-up */
        setsockopt(fd, IPPROTO_TCP, TCP_CORK, &off, sizeof off);
        if (c->head || c->close) lws_callback_on_writable(wsi);
        return 0;
    }
    case LWS_CALLBACK_CLOSED:
        detach(c);
        while (c->head) {
            out_msg *m = c->head;
            c->head = m->next;
            free(m);
        }
        c->tail = NULL;
        free(c->in);
        c->in = NULL;
        return 0;
    default: return 0;
    }
}

static const struct lws_protocols PROTOCOLS[] = {
    {"http", http_callback, 0, 0, 0, NULL, 0},
    {"whist", ws_callback, sizeof(conn), CLIENT_MSG_MAX, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* ---- the program ---------------------------------------------------------------------------- */

static void free_players(server *sv) {
    while (sv->players) {
        player *p = sv->players;
        sv->players = p->next;
        gw_session_free(p->s);
        free(p->unsaved);
        free(p);
    }
}

/* Opens the database (DIR/whist.db, or the default) and brings back every saved game: 0, or 1 after
 * saying why on stderr. A record that no longer restores is left in the database and told on stderr. */
static int load_games(server *sv, const char *data) {
    char path[PATH_MAX];
    if (data) {
        if (mkdir(data, 0700) != 0 && errno != EEXIST) {
            fprintf(stderr, "whist serve: cannot create %s: %s\n", data, strerror(errno));
            return 1;
        }
        int n = snprintf(path, sizeof path, "%s/whist.db", data);
        if (n < 0 || (size_t)n >= sizeof path) {
            fprintf(stderr, "whist serve: --data: the path is too long\n");
            return 1;
        }
    }
    gw_error err;
    if (gw_store_open(data ? path : NULL, &sv->store, &err) != GW_OK) {
        fprintf(stderr, "whist serve: %s\n", err.msg);
        return 1;
    }
    /* a commit after every card: into the write-ahead log, synced at checkpoints (docs/server.md) */
    if (gw_store_fast_commits(sv->store, &err) != GW_OK)
        fprintf(stderr, "whist serve: every save waits for the disk: %s\n", err.msg);
    gw_store_web_game *rows;
    int count;
    if (gw_store_web_games(sv->store, &rows, &count, &err) != GW_OK) {
        fprintf(stderr, "whist serve: %s\n", err.msg);
        return 1;
    }
    for (int i = 0; i < count; i++) {
        player *pl = strlen(rows[i].token) == TOKEN_HEX ? find_player(sv, rows[i].token, true) : NULL;
        if (!pl) continue;
        if (gw_session_restore(&sv->base, rows[i].record, strlen(rows[i].record), &pl->s, &err) != GW_OK) {
            fprintf(stderr, "whist serve: a saved game does not restore: %s\n", err.msg);
            pl->s = NULL;
            continue;
        }
        pl->saved_event = gw_session_last_event(pl->s);
        maybe_think(sv, pl);
    }
    gw_store_web_games_free(rows, count);
    return 0;
}

/* Only the loop's thread takes SIGTERM and SIGINT (the workers block them), so the signal interrupts
 * its poll and lws_service returns to the flag. */
static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
}

static int usage_error(const char *fmt, const char *arg) {
    fputs("whist serve: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'whist serve --help'.\n", stderr);
    return 2;
}

int server_main(int argc, char **argv) {
    const char *host = "127.0.0.1", *web = GW_WEB_DIR, *data = NULL, *cert = NULL, *key = NULL;
    long port = 8080;
    static const struct option LONG[] = {
        {"host", required_argument, NULL, 'H'}, {"port", required_argument, NULL, 'p'},
        {"web", required_argument, NULL, 'w'},  {"data", required_argument, NULL, 'd'},
        {"cert", required_argument, NULL, 'c'}, {"key", required_argument, NULL, 'k'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, ":h", LONG, NULL)) != -1) {
        switch (o) {
        case 'H': host = optarg; break;
        case 'p': {
            char *end;
            errno = 0;
            port = strtol(optarg, &end, 10);
            if (errno || *end || end == optarg || port < 0 || port > 65535)
                return usage_error("--port takes 0 to 65535, not '%s'", optarg);
            break;
        }
        case 'w': web = optarg; break;
        case 'd': data = optarg; break;
        case 'c': cert = optarg; break;
        case 'k': key = optarg; break;
        case 'h': fputs(USAGE, stdout); return 0;
        case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
        default: return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc) return usage_error("unexpected argument '%s'", argv[optind]);
    if (!cert != !key) return usage_error("%s", "--cert and --key go together");
    if (cert && (access(cert, R_OK) != 0 || access(key, R_OK) != 0))
        return usage_error("cannot read '%s'", access(cert, R_OK) != 0 ? cert : key);
    server sv;
    memset(&sv, 0, sizeof sv);
    char *web_path = sv.web, index_path[PATH_MAX + 16];
    struct stat st;
    if (!realpath(web, web_path) || stat(web_path, &st) != 0 || !S_ISDIR(st.st_mode))
        return usage_error("--web: '%s' is not a folder", web);
    snprintf(index_path, sizeof index_path, "%s/index.html", web_path);
    if (stat(index_path, &st) != 0) return usage_error("--web: '%s' has no index.html", web);

    gw_session_config_default(&sv.base, GW_GAME_GERMAN);
    sv.base.limits.think_ms = THINK_MS;
    sv.base.android_think_ms = THINK_MS;
    sv.base.clock = gw_monotonic_clock();
    sv.base.undo = true;

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = (int)port;
    info.iface = host;
    info.protocols = PROTOCOLS;
    info.user = &sv;
    /* without IPv6 the listener binds host only (with it, lws binds every address) */
    info.options = LWS_SERVER_OPTION_DISABLE_IPV6 | LWS_SERVER_OPTION_VALIDATE_UTF8;
    if (cert) {
        sv.tls = true;
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        info.ssl_cert_filepath = cert;
        info.ssl_private_key_filepath = key;
        /* HTTP/1.1 only: the files' extra headers (the cookie) are written as HTTP/1.1 text */
        info.alpn = "http/1.1";
    }
    lws_set_log_level(LLL_ERR, NULL);

    /* The loop on libev's epoll (lws's libev plugin, which libwebsockets-dev brings): lws's own loop
     * poll()s every socket at each wake-up, most of its time with 10000 players (bench/serve_load.sh).
     * Without the plugin, lws's own loop. */
    struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL);
    void *loops[1] = {loop};
    if (loop) {
        info.options |= LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = loops;
    }
    sv.ctx = lws_create_context(&info);
    if (!sv.ctx && loop) {
        ev_loop_destroy(loop);
        loop = NULL;
        info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = NULL;
        sv.ctx = lws_create_context(&info);
    }
    if (!sv.ctx) {
        fprintf(stderr, "whist serve: cannot listen on %s port %ld\n", host, port);
        return 1;
    }
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    gw_protocol_prepare_threads();           /* jansson's hash seed, before any thread exists */
    pthread_sigmask(SIG_BLOCK, &stop, &old); /* the workers inherit the mask */
    sv.pool = pool_new(WORKERS, wake_loop, sv.ctx);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!sv.pool) {
        fprintf(stderr, "whist serve: cannot start the worker threads\n");
        lws_context_destroy(sv.ctx);
        if (loop) ev_loop_destroy(loop);
        return 1;
    }
    if (load_games(&sv, data) != 0) {
        pool_stop(sv.pool);
        drain_jobs(&sv);
        pool_free(sv.pool);
        lws_context_destroy(sv.ctx);
        if (loop) ev_loop_destroy(loop);
        free_players(&sv);
        gw_store_close(sv.store);
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    struct lws_vhost *vh = lws_get_vhost_by_name(sv.ctx, "default");
    printf("whist serve: %s://%s:%d/\n", sv.tls ? "https" : "http", host,
           vh ? lws_get_vhost_listen_port(vh) : (int)port);
    fflush(stdout);

    while (!stop_requested) {
        if (loop)
            ev_run(loop, EVRUN_ONCE); /* a signal ends its wait too */
        else if (lws_service(sv.ctx, 0) < 0)
            break;
        flush_saves(&sv); /* the games changed in this turn of the loop (some with no socket to write) */
    }

    /* the workers finish what they run; thoughts not run are cancelled; every socket closes */
    pool_stop(sv.pool);
    pool_job *pj;
    while ((pj = pool_take_done(sv.pool)) != NULL) {
        job *j = (job *)pj;
        j->pl->out = NULL;
        if (j->kind == JOB_THINK) {
            gw_error err;
            if (j->base.ran)
                (void)gw_session_think_end(j->pl->s, j->thought, &err);
            else
                gw_session_think_cancel(j->pl->s, j->thought);
        }
        free(j);
    }
    pool_free(sv.pool);
    sv.pool = NULL;
    lws_context_destroy(sv.ctx);
    if (loop) ev_loop_destroy(loop);
    /* every change was saved when it was made: a thought applied above is saved now */
    for (player *p = sv.players; p; p = p->next)
        if (p->s && p->saved_event != gw_session_last_event(p->s)) save_game(&sv, p);
    flush_saves(&sv);
    free_players(&sv);
    gw_store_close(sv.store);
    fprintf(stderr, "whist serve: stopped\n");
    return 0;
}
