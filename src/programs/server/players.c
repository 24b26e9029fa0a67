/* players.c: whist serve's players: the tokens it issues (a random 128-bit identity in a cookie set by the
 * WebSocket handshake, recorded in the store when issued: a token it never issued is not taken), and the
 * players in memory, found by token in a hash table, each with its settings and game (server_int.h). */
#define _DEFAULT_SOURCE /* getrandom */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server_int.h"

#define PLAYERS_MAX 65536 /* players in memory (each with its game); more are refused until a restart */

bool token_new(char out[TOKEN_HEX + 1]) {
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

player *player_get(server *sv, const char *token, bool create) {
    player *p = in_memory(sv, token);
    if (p || !create || sv->n_players >= PLAYERS_MAX) return p;
    bool known = false;
    char *settings = NULL;
    gw_error err;
    if (gw_store_find_player(sv->store, token, &known, &settings, &err) != GW_OK) {
        server_log("cannot read the players: %s", err.msg);
        return NULL;
    }
    if (!known) return NULL;
    p = calloc(1, sizeof *p);
    if (!p) {
        free(settings);
        return NULL;
    }
    snprintf(p->token, sizeof p->token, "%s", token);
    web_settings_load(&p->settings, settings);
    free(settings);
    p->next = sv->players;
    sv->players = p;
    unsigned b = bucket_of(token);
    p->hnext = sv->buckets[b];
    sv->buckets[b] = p;
    sv->n_players++;
    return p;
}

void players_free(server *sv) {
    while (sv->players) {
        player *p = sv->players;
        sv->players = p->next;
        gw_session_free(p->s);
        free(p->unsaved);
        free(p);
    }
    memset(sv->buckets, 0, sizeof sv->buckets);
    sv->n_players = 0;
}

void player_attach(player *pl, conn *c) {
    c->pl = pl;
    c->next = pl->conns;
    pl->conns = c;
}

void player_detach(conn *c) {
    if (!c->pl) return;
    for (conn **pp = &c->pl->conns; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    c->pl = NULL;
}
