/* players.c: whist serve's players: the tokens it issues (a random 128-bit identity in a cookie set by the
 * WebSocket handshake, recorded in the store when issued: a token it never issued is not taken), and the
 * players in memory, found by token in a hash table, each with its settings and games: brought in from the
 * store when a browser of theirs connects, evicted when idle, and pruned from the store when they never
 * finished a hand and were gone for long (server_int.h). */
#define _DEFAULT_SOURCE /* getrandom */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "gw/monotonic.h"
#include "server_int.h"

#define SEEN_EVERY   3600 /* seconds: a player's visit is recorded at most this often */
#define PRUNE_BATCH  64   /* players pruned at most per tick */
#define PRUNE_RESTED 60   /* seconds to wait after a tick that found fewer than PRUNE_BATCH to prune */

bool random_bytes(void *out, size_t n) {
    unsigned char *b = out;
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(b + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        got += (size_t)r;
    }
    return true;
}

bool token_new(char out[TOKEN_HEX + 1]) {
    unsigned char b[TOKEN_BYTES];
    if (!random_bytes(b, sizeof b)) return false;
    static const char HEX[] = "0123456789abcdef";
    for (int i = 0; i < TOKEN_BYTES; i++) {
        out[2 * i] = HEX[b[i] >> 4];
        out[2 * i + 1] = HEX[b[i] & 15];
    }
    out[TOKEN_HEX] = '\0';
    return true;
}

/* FNV-1a of the token's characters. */
static unsigned bucket_of(const char *token) {
    uint32_t h = 2166136261u;
    for (const char *p = token; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    return h % PLAYER_BUCKETS;
}

static player *in_memory(server *sv, const char *token) {
    for (player *p = sv->buckets[bucket_of(token)]; p; p = p->hnext)
        if (strcmp(p->token, token) == 0) return p;
    return NULL;
}

bool token_issue(server *sv, char out[TOKEN_HEX + 1], char *why, size_t cap) {
    game_flush_saves(sv); /* the token's own transaction, committed before the cookie goes out */
    for (int tries = 0; tries < 3; tries++) {
        if (!token_new(out)) {
            snprintf(why, cap, "the system gives no random numbers");
            return false;
        }
        gw_error err;
        gw_status st = gw_store_add_player(sv->store, out, &err);
        if (st == GW_OK) return true;
        if (st != GW_ESTATE) { /* GW_ESTATE: drawn before (never, with 128 bits): draw again */
            server_log("cannot record a new player: %s", err.msg);
            snprintf(why, cap, "%s", err.msg);
            return false;
        }
    }
    snprintf(why, cap, "no unused token");
    return false;
}

bool token_known(server *sv, const char *token) {
    if (in_memory(sv, token)) return true;
    bool known = false;
    gw_error err;
    if (gw_store_find_player(sv->store, token, &known, NULL, &err) != GW_OK) {
        server_log("cannot read the players: %s", err.msg);
        return false;
    }
    return known;
}

player *player_find(server *sv, const char *token) { return in_memory(sv, token); }

static void player_free(player *p) {
    for (int k = 0; k < GAMES; k++)
        game_free(&p->games[k]);
    free(p);
}

/* The player with token from the store, in memory; NULL (err set) if it cannot be read or is unknown. */
static player *player_load(server *sv, const char *token, gw_error *err) {
    gw_store_player sp;
    if (gw_store_load_player(sv->store, token, &sp, err) != GW_OK) return NULL;
    if (!sp.known) {
        gw_error_set(err, GW_EINVAL, 0, 0, "no such player");
        return NULL;
    }
    player *p = calloc(1, sizeof *p);
    if (!p) {
        free(sp.settings);
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
        return NULL;
    }
    snprintf(p->token, sizeof p->token, "%s", token);
    gw_web_settings_load(&p->settings, sp.settings);
    free(sp.settings);
    p->seen = sp.last_seen;
    for (int k = 0; k < GAMES; k++) {
        p->games[k].pl = p;
        p->games[k].kind = (gw_game_kind)k;
        p->games[k].shown_state = -1;
    }
    if (!game_load(sv, p, -1, err)) {
        player_free(p);
        return NULL;
    }
    p->next = sv->players;
    if (p->next) p->next->prev = p;
    sv->players = p;
    unsigned b = bucket_of(token);
    p->hnext = sv->buckets[b];
    sv->buckets[b] = p;
    sv->n_players++;
    for (int k = 0; k < GAMES; k++)
        game_maybe_think(sv, &p->games[k]);
    return p;
}

/* Takes p out of memory (nothing of it is unsaved or out), its visit recorded if it was not this hour (so
 * that pruning counts from when it left). */
static void player_evict(server *sv, player *p) {
    int64_t now = (int64_t)time(NULL);
    gw_error err;
    if ((now - p->seen >= SEEN_EVERY || now < p->seen) &&
        gw_store_touch_player(sv->store, p->token, now, &err) != GW_OK)
        server_log("cannot record a player's visit: %s", err.msg);
    if (p->prev)
        p->prev->next = p->next;
    else
        sv->players = p->next;
    if (p->next) p->next->prev = p->prev;
    for (player **pp = &sv->buckets[bucket_of(p->token)]; *pp; pp = &(*pp)->hnext)
        if (*pp == p) {
            *pp = p->hnext;
            break;
        }
    sv->n_players--;
    player_free(p);
}

bool player_connect(server *sv, conn *c) {
    gw_error err;
    player *pl = in_memory(sv, c->token);
    bool ok = true;
    if (!pl) {
        pl = player_load(sv, c->token, &err);
        ok = pl != NULL;
    }
    for (int k = 0; ok && k < GAMES; k++) { /* a game whose saved record could not be read back */
        game *g = &pl->games[k];
        if (g->lost && !g->dirty) ok = game_load(sv, pl, k, &err);
        if (ok) g->lost = false;
    }
    if (!ok) {
        server_log("cannot bring in a player: %s", err.msg);
        send_error(c, "server", "The server cannot read your games now; try again later.");
        c->close = true; /* after the error: send_text drops what a closing connection is given */
        return false;
    }
    c->pl = pl;
    c->next = pl->conns;
    pl->conns = c;
    pl->idle_since = 0;
    c->follows = pl->last;
    game *g = &pl->games[c->follows];
    g->stalled = false; /* a save of it failed: the computer tries again for the player come back */
    int64_t now = (int64_t)time(NULL);
    if (now - pl->seen >= SEEN_EVERY || now < pl->seen) {
        /* at most once an hour: a write per page load would cost more than the pruning it serves */
        if (gw_store_touch_player(sv->store, pl->token, now, &err) == GW_OK)
            pl->seen = now;
        else
            server_log("cannot record a player's visit: %s", err.msg);
    }
    if (g->out && g->out->kind == JOB_HINT)
        c->want_welcome = true; /* the session is the worker's until the hint is done */
    else
        game_welcome(c);
    game_maybe_think(sv, g);
    return true;
}

void player_detach(server *sv, conn *c) {
    player *pl = c->pl;
    if (!pl) return;
    table_unfollow(sv, c);
    for (conn **pp = &pl->conns; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    game_forget_conn(pl, c);
    c->pl = NULL;
}

/* Whether p can leave memory: nothing of it is connected, out on the pool or unsaved. */
static bool idle(const player *p) {
    if (p->conns || p->jobs) return false;
    for (int k = 0; k < GAMES; k++)
        if (p->games[k].out || p->games[k].dirty || p->games[k].held.head) return false;
    return true;
}

static bool in_use(void *ctx, const char *token) { return in_memory(ctx, token) != NULL; }

void players_tick(server *sv) {
    game_flush_saves(sv); /* the store as the players were told, and no transaction open */
    uint64_t now = gw_clock_now(gw_monotonic_clock());
    for (player *p = sv->players, *next; p; p = next) {
        next = p->next;
        for (int k = 0; k < GAMES; k++) {
            game *g = &p->games[k];
            if (g->stalled && now >= g->stall_until) {
                g->stalled = false;
                game_maybe_think(sv, g);
            }
        }
        if (!idle(p)) {
            p->idle_since = 0;
        } else if (!p->idle_since) {
            p->idle_since = now;
        } else if (now - p->idle_since >= (uint64_t)sv->evict_after * 1000u) {
            player_evict(sv, p);
        }
    }
    game_flush_saves(sv); /* what a computer woken above did at once */
    int64_t t = (int64_t)time(NULL);
    if (sv->prune_after > 0 && t >= sv->next_prune) {
        int pruned = 0;
        gw_error err;
        if (gw_store_prune_players(sv->store, t - sv->prune_after, PRUNE_BATCH, in_use, sv, &pruned, &err) !=
            GW_OK) {
            server_log("cannot prune the players: %s", err.msg);
            sv->next_prune = t + PRUNE_RESTED;
        } else {
            sv->next_prune =
                pruned < PRUNE_BATCH ? t + (sv->prune_after < PRUNE_RESTED ? 1 : PRUNE_RESTED) : t;
        }
    }
}

void players_free(server *sv) {
    while (sv->players) {
        player *p = sv->players;
        sv->players = p->next;
        player_free(p);
    }
    memset(sv->buckets, 0, sizeof sv->buckets);
    sv->n_players = 0;
}
