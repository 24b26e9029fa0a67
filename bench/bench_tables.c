/* bench_tables.c: a load generator for the tables of `whist serve` (two people online): G games, each two
 * browser-like players (each a new browser: the server issues its identity in the handshake) at a table of
 * German Whist (or Android Whist), and one spectator for every ten games, on one libwebsockets client loop
 * (libev's epoll; the clients, their loop and the figures are ws_load.c's, shared with bench_serve.c).
 * Player 0 makes the table (table_new, unlisted), player 1 and the spectator join it by its links; each
 * player acts on its table_view's `legal` (a random one, after a person's pause), player 0 deals the next
 * hand, both ask for a rematch when the match is over, so the games go on. It measures actions per second,
 * the latency from one player's `table_act` to the arrival at the other player of the `play` event it
 * causes, and, given the server's pid, the server's memory per game (VmRSS before the clients and after,
 * divided by G). Prints one line of figures; exits 1 only when the run itself failed (a connection lost or
 * refused, an unexpected error, a game that did not progress), never on speed.
 * bench/serve_tables_load.sh runs it against fresh servers at increasing sizes. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ws_load.h"

#define ID_MAX     40
#define SECRET_MAX 40

struct game;

/* What a client is to this generator (ws_client.user). */
typedef struct member {
    ws_client *ws;
    struct game *g;
    int role; /* 0, 1: the players; 2: a spectator */
    bool welcomed, joined;
    int last_next_hand; /* the hand whose table_next it sent */
} member;

typedef struct game {
    member *c[3]; /* players 0 and 1, the spectator or NULL */
    char id[ID_MAX], secret[2][SECRET_MAX];
    bool made;
    int64_t act_sent; /* when the pending act was written (us); 0: none */
    int actor;
    long acts;
} game;

static ws_load B;
static member *members;
static game *games;
static int n_games;
static const char *kind;

/* ---- playing ---------------------------------------------------------------------------------------- */

/* The second player and the spectator join once the table is made and they are welcomed. */
static void maybe_join(member *m) {
    game *g = m->g;
    if (m->role == 0 || m->joined || !m->welcomed || !g->made) return;
    char text[WS_OUT_MAX];
    if (m->role == 1)
        snprintf(text, sizeof text,
                 "{\"type\":\"table_join\",\"table\":\"%s\",\"secret\":\"%s\",\"since\":0}", g->id,
                 g->secret[1]);
    else
        snprintf(text, sizeof text, "{\"type\":\"table_join\",\"table\":\"%s\",\"secret\":null,\"since\":0}",
                 g->id);
    m->joined = true;
    ws_queue(m->ws, text, false);
}

static void on_view(member *m, const char *text) {
    if (m->role == 2) return;
    const char *legal = ws_field(text, "legal"), *state = ws_field(text, "state"),
               *hand = ws_field(text, "hand_number");
    if (!legal || *legal != '[' || !state) {
        B.errors++;
        return;
    }
    const char *items[64];
    int n = 0;
    for (const char *p = legal + 1; *p == '"' && n < 64;) {
        items[n++] = p + 1;
        const char *end = strchr(p + 1, '"');
        if (!end) break;
        p = end + 1;
        if (*p == ',') p++;
    }
    char text_out[WS_OUT_MAX];
    if (n > 0) {
        const char *pick = items[ws_random(&m->ws->rng) % (uint64_t)n];
        int len = (int)(strchr(pick, '"') - pick);
        bool card = len == 2; /* "AS"; the commands are words */
        if (card)
            snprintf(text_out, sizeof text_out,
                     "{\"type\":\"table_act\",\"action\":{\"type\":\"play\",\"card\":\"%.*s\"}}", len, pick);
        else
            snprintf(text_out, sizeof text_out,
                     "{\"type\":\"table_act\",\"action\":{\"type\":\"command\",\"command\":\"%.*s\"}}", len,
                     pick);
        ws_queue(m->ws, text_out, true);
    } else if (m->role == 0 && strncmp(state, "\"hand_over\"", 11) == 0) {
        int h = hand ? atoi(hand) : 0;
        if (h != m->last_next_hand) {
            m->last_next_hand = h;
            ws_queue(m->ws, "{\"type\":\"table_next\"}", true);
        }
    }
}

/* The play event of the actor's act has come to the other player: its latency. */
static void played(game *g) {
    if (ws_load_latency(&B, g->act_sent)) {
        g->acts++;
        g->c[g->actor]->ws->acts++;
    }
    g->act_sent = 0;
}

static void on_message(ws_client *c, const char *text, size_t len) {
    member *m = c->user;
    game *g = m->g;
    static const char EVENT[] = "{\"type\":\"event\",";
    if (len > sizeof EVENT && memcmp(text, EVENT, sizeof EVENT - 1) == 0) {
        if (g->act_sent && m->role == 1 - g->actor && strstr(text, "\"kind\":\"play\"")) {
            const char *p = ws_field(text, "player");
            if (p && *p == (char)('0' + g->actor)) played(g);
        }
        return;
    }
    static const char VIEW[] = "{\"type\":\"table_view\",";
    if (len > sizeof VIEW && memcmp(text, VIEW, sizeof VIEW - 1) == 0) {
        on_view(m, text);
        return;
    }
    json_error_t je;
    json_t *msg = json_loadb(text, len, 0, &je);
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type) {
        B.errors++;
    } else if (strcmp(type, "welcome") == 0) {
        if (!m->welcomed) {
            m->welcomed = true;
            if (m->role == 0) {
                char t[WS_OUT_MAX];
                snprintf(t, sizeof t,
                         "{\"type\":\"table_new\",\"options\":{\"game\":\"%s\",\"listed\":\"no\"}}", kind);
                ws_queue(c, t, false);
            }
            maybe_join(m);
        }
    } else if (strcmp(type, "table_created") == 0 && m->role == 0) {
        json_t *links = json_object_get(msg, "links"), *seat = json_object_get(links, "seat");
        const char *id = json_string_value(json_object_get(msg, "table"));
        const char *s1 = json_string_value(json_array_get(seat, 1));
        if (!id || !s1) {
            B.errors++;
        } else {
            snprintf(g->id, sizeof g->id, "%s", id);
            snprintf(g->secret[1], sizeof g->secret[1], "%s", s1);
            g->made = true;
            for (int k = 1; k < 3; k++)
                if (g->c[k]) maybe_join(g->c[k]);
        }
    } else if (strcmp(type, "table_over") == 0 && m->role < 2) {
        if (m->role == 0) B.matches++;
        ws_queue(c, "{\"type\":\"table_rematch\"}", true);
    } else if (strcmp(type, "error") == 0) {
        const char *code = json_string_value(json_object_get(msg, "code"));
        if (!code || (strcmp(code, "not_now") != 0 && strcmp(code, "not_your_turn") != 0)) {
            B.refused++;
            if (B.verbose) fprintf(stderr, "client %d: %.*s\n", c->index, (int)len, text);
        }
    }
    json_decref(msg);
}

/* A table_act is being written: the latency counts from now, to the other player. */
static void on_write(ws_client *c) {
    member *m = c->user;
    if (strncmp(c->out, "{\"type\":\"table_act\"", 19) == 0) {
        m->g->act_sent = ws_now_us();
        m->g->actor = m->role;
    }
}

static const char USAGE[] =
    "Usage: bench_tables --port N [--host ADDRESS] [--games G] [--game german|android] [--seconds S]\n"
    "                    [--warmup S] [--pace MS] [--server-pid PID] [--verbose]\n"
    "G games (default 50) between two clients each, a spectator for every ten, on whist serve's tables at\n"
    "ADDRESS:N, each player pausing about MS ms (default 1000; 0: none) before each action, like a person.\n"
    "After every client has connected and the warm-up (default 2 s), measures for S seconds (default 10).\n"
    "Prints one line of figures; exit 1 when a client was refused, lost or did not progress.\n";

int main(int argc, char **argv) {
    ws_load_defaults(&B, "bench_tables");
    B.on_message = on_message;
    B.on_write = on_write;
    kind = "german";
    n_games = 50;
    static const struct option LONG[] = {WS_LOAD_OPTIONS,
                                         {"games", required_argument, NULL, 'n'},
                                         {"game", required_argument, NULL, 'k'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int o;
    while ((o = getopt_long(argc, argv, "", LONG, NULL)) != -1) {
        if (ws_load_option(&B, o, optarg)) continue;
        switch (o) {
        case 'n': n_games = atoi(optarg); break;
        case 'k': kind = optarg; break;
        case 'h': fputs(USAGE, stdout); return 0;
        default: fputs(USAGE, stderr); return 2;
        }
    }
    if (!ws_load_valid(&B) || n_games <= 0 || (strcmp(kind, "german") != 0 && strcmp(kind, "android") != 0)) {
        fputs(USAGE, stderr);
        return 2;
    }

    int spectators = (n_games + 9) / 10, n = 2 * n_games + spectators;
    members = calloc((size_t)n, sizeof *members);
    games = calloc((size_t)n_games, sizeof *games);
    if (!members || !games || !ws_load_init(&B, n)) return 1;
    /* the clients in game order (player 0, player 1, and after each tenth game's players its spectator) */
    int k = 0;
    for (int i = 0; i < n_games; i++) {
        game *g = &games[i];
        for (int r = 0; r < 3; r++) {
            if (r == 2 && i % 10 != 0) continue;
            member *m = &members[k];
            m->ws = &B.clients[k];
            m->ws->user = m;
            m->g = g;
            m->role = r;
            g->c[r] = m;
            k++;
        }
    }
    if (!ws_load_run(&B)) return 1;

    long stalled = 0, acts = 0;
    for (int i = 0; i < n_games; i++) {
        acts += games[i].acts;
        if (games[i].acts == 0) stalled++;
    }
    printf("games=%d clients=%d open=%d pace_ms=%d ", n_games, n, B.open, B.pace_ms);
    bool failed = ws_load_report(&B, acts, stalled, n_games);
    ws_load_free(&B);
    free(members);
    free(games);
    return failed ? 1 : 0;
}
