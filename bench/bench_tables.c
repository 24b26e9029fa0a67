/* bench_tables.c: a load generator for the tables of `whist serve` (two people online): G games, each two
 * browser-like players (each a new browser: the server issues its identity in the handshake) at a table of
 * German Whist (or Android Whist), and one spectator for every ten games, on one libwebsockets client loop
 * (libev's epoll). Player 0 makes the table (table_new, unlisted), player 1 and the spectator join it by
 * its links; each player acts on its table_view's `legal` (a random one, after a person's pause), player 0
 * deals the next hand, both ask for a rematch when the match is over, so the games go on. It measures
 * actions per second, the latency from one player's `table_act` to the arrival at the other player of the
 * `play` event it causes, and, given the server's pid, the server's memory per game (VmRSS before the
 * clients and after, divided by G). Prints one line of figures; exits 1 only when the run itself failed (a
 * connection lost or refused, an unexpected error, a game that did not progress), never on speed.
 * bench/serve_tables_load.sh runs it against fresh servers at increasing sizes. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>
#include <jansson.h>
#include <libwebsockets.h>

#define IN_MAX     (256 * 1024) /* the largest message a client accepts */
#define CONNECTING 256          /* handshakes in flight at once while the clients connect */
#define OUT_MAX    256
#define ID_MAX     40
#define SECRET_MAX 40

typedef enum client_state { C_IDLE = 0, C_CONNECTING, C_OPEN, C_DONE } client_state;

struct game;

typedef struct client {
    struct lws *wsi;
    lws_sorted_usec_list_t sul; /* the pause before the next action */
    int index;
    struct game *g;
    int role; /* 0, 1: the players; 2: a spectator */
    client_state state;
    char *in;
    size_t in_len;
    char out[OUT_MAX];
    size_t out_len;
    bool welcomed, joined, scheduled;
    int last_next_hand; /* the hand whose table_next it sent */
    uint64_t rng;
    long acts;
} client;

typedef struct game {
    client *c[3]; /* players 0 and 1, the spectator or NULL */
    char id[ID_MAX], secret[2][SECRET_MAX];
    bool made;
    int64_t act_sent; /* when the pending act was written (us); 0: none */
    int actor;
    long acts;
} game;

typedef struct bench {
    struct lws_context *ctx;
    client *clients;
    game *games;
    int n, g, next_connect, connecting, open, ended;
    int pace_ms;
    const char *host, *kind;
    int port;
    char host_port[80], origin[96];
    bool window;
    int64_t *lat;
    size_t lat_n, lat_cap;
    long errors, refused, matches;
    bool verbose;
} bench;

static bench B;
static volatile sig_atomic_t interrupted;

static int64_t now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static uint64_t next_random(uint64_t *s) { /* xorshift64* */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static long rss_kb(long pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) kb = strtol(line + 6, NULL, 10);
    fclose(f);
    return kb;
}

/* ---- playing ---------------------------------------------------------------------------------------- */

static void send_now(client *c) {
    if (c->state == C_OPEN && c->wsi) lws_callback_on_writable(c->wsi);
}

static void act_now(lws_sorted_usec_list_t *sul) {
    client *c = lws_container_of(sul, client, sul);
    c->scheduled = false;
    send_now(c);
}

/* Queues text, after a person's pause when paced. */
static void queue(client *c, const char *text, bool paced) {
    c->out_len = (size_t)snprintf(c->out, sizeof c->out, "%s", text);
    if (paced && B.pace_ms > 0) {
        lws_usec_t us = (lws_usec_t)B.pace_ms * 500 +
                        (lws_usec_t)(next_random(&c->rng) % ((uint64_t)B.pace_ms * 1000 + 1));
        c->scheduled = true;
        lws_sul_schedule(B.ctx, 0, &c->sul, act_now, us);
    } else {
        send_now(c);
    }
}

/* The second player and the spectator join once the table is made and they are welcomed. */
static void maybe_join(client *c) {
    game *g = c->g;
    if (c->role == 0 || c->joined || !c->welcomed || !g->made) return;
    char text[OUT_MAX];
    if (c->role == 1)
        snprintf(text, sizeof text,
                 "{\"type\":\"table_join\",\"table\":\"%s\",\"secret\":\"%s\",\"since\":0}", g->id,
                 g->secret[1]);
    else
        snprintf(text, sizeof text, "{\"type\":\"table_join\",\"table\":\"%s\",\"secret\":null,\"since\":0}",
                 g->id);
    c->joined = true;
    queue(c, text, false);
}

static const char *field(const char *text, const char *key) {
    char pattern[40];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(text, pattern);
    return p ? p + strlen(pattern) : NULL;
}

static void on_view(client *c, const char *text) {
    if (c->role == 2) return;
    const char *legal = field(text, "legal"), *state = field(text, "state"),
               *hand = field(text, "hand_number");
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
    char text_out[OUT_MAX];
    if (n > 0) {
        const char *pick = items[next_random(&c->rng) % (uint64_t)n];
        int len = (int)(strchr(pick, '"') - pick);
        bool card = len == 2; /* "AS"; the commands are words */
        if (card)
            snprintf(text_out, sizeof text_out,
                     "{\"type\":\"table_act\",\"action\":{\"type\":\"play\",\"card\":\"%.*s\"}}", len, pick);
        else
            snprintf(text_out, sizeof text_out,
                     "{\"type\":\"table_act\",\"action\":{\"type\":\"command\",\"command\":\"%.*s\"}}", len,
                     pick);
        queue(c, text_out, true);
    } else if (c->role == 0 && strncmp(state, "\"hand_over\"", 11) == 0) {
        int h = hand ? atoi(hand) : 0;
        if (h != c->last_next_hand) {
            c->last_next_hand = h;
            queue(c, "{\"type\":\"table_next\"}", true);
        }
    }
}

static void played(client *c) {
    game *g = c->g;
    if (B.window) {
        if (B.lat_n == B.lat_cap) {
            B.lat_cap = B.lat_cap ? 2 * B.lat_cap : 65536;
            B.lat = realloc(B.lat, B.lat_cap * sizeof *B.lat);
            if (!B.lat) abort();
        }
        B.lat[B.lat_n++] = now_us() - g->act_sent;
        g->acts++;
        g->c[g->actor]->acts++;
    }
    g->act_sent = 0;
}

static void on_message(client *c, const char *text, size_t len) {
    game *g = c->g;
    static const char EVENT[] = "{\"type\":\"event\",";
    if (len > sizeof EVENT && memcmp(text, EVENT, sizeof EVENT - 1) == 0) {
        if (g->act_sent && c->role == 1 - g->actor && strstr(text, "\"kind\":\"play\"")) {
            const char *p = field(text, "player");
            if (p && *p == (char)('0' + g->actor)) played(c);
        }
        return;
    }
    static const char VIEW[] = "{\"type\":\"table_view\",";
    if (len > sizeof VIEW && memcmp(text, VIEW, sizeof VIEW - 1) == 0) {
        on_view(c, text);
        return;
    }
    json_error_t je;
    json_t *msg = json_loadb(text, len, 0, &je);
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type) {
        B.errors++;
    } else if (strcmp(type, "welcome") == 0) {
        if (!c->welcomed) {
            c->welcomed = true;
            if (c->role == 0) {
                char t[OUT_MAX];
                snprintf(t, sizeof t,
                         "{\"type\":\"table_new\",\"options\":{\"game\":\"%s\",\"listed\":\"no\"}}", B.kind);
                queue(c, t, false);
            }
            maybe_join(c);
        }
    } else if (strcmp(type, "table_created") == 0 && c->role == 0) {
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
    } else if (strcmp(type, "table_over") == 0 && c->role < 2) {
        if (c->role == 0) B.matches++;
        queue(c, "{\"type\":\"table_rematch\"}", true);
    } else if (strcmp(type, "error") == 0) {
        const char *code = json_string_value(json_object_get(msg, "code"));
        if (!code || (strcmp(code, "not_now") != 0 && strcmp(code, "not_your_turn") != 0)) {
            B.refused++;
            if (B.verbose) fprintf(stderr, "client %d: %.*s\n", c->index, (int)len, text);
        }
    }
    json_decref(msg);
}

/* ---- the client loop ------------------------------------------------------------------------------- */

static void connect_more(void);

static void ended(client *c) {
    if (c->state == C_CONNECTING) B.connecting--;
    if (c->state == C_OPEN) B.open--;
    if (c->state != C_DONE) B.ended++;
    c->state = C_DONE;
    lws_sul_cancel(&c->sul);
    free(c->in);
    c->in = NULL;
    c->wsi = NULL;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    client *c = user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        B.connecting--;
        B.open++;
        c->state = C_OPEN;
        connect_more();
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (B.verbose)
            fprintf(stderr, "client %d: %s\n", c->index, in ? (const char *)in : "connection error");
        ended(c);
        connect_more();
        return 0;
    case LWS_CALLBACK_CLIENT_CLOSED: ended(c); return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        if (c->in_len + len > IN_MAX) return -1;
        char *grown = realloc(c->in, c->in_len + len + 1);
        if (!grown) return -1;
        c->in = grown;
        memcpy(c->in + c->in_len, in, len);
        c->in_len += len;
        if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0) return 0;
        c->in[c->in_len] = '\0';
        on_message(c, c->in, c->in_len);
        c->in_len = 0;
        return 0;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (!c->out_len || c->scheduled) return 0;
        unsigned char buf[LWS_PRE + OUT_MAX];
        memcpy(buf + LWS_PRE, c->out, c->out_len);
        if (strncmp(c->out, "{\"type\":\"table_act\"", 19) == 0) {
            c->g->act_sent = now_us();
            c->g->actor = c->role;
        }
        if (lws_write(wsi, buf + LWS_PRE, c->out_len, LWS_WRITE_TEXT) < (int)c->out_len) return -1;
        c->out_len = 0;
        return 0;
    }
    default: return 0;
    }
}

static const struct lws_protocols PROTOCOLS[] = {
    {"whist", callback, 0, IN_MAX, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static void connect_more(void) {
    while (B.connecting < CONNECTING && B.next_connect < B.n) {
        client *c = &B.clients[B.next_connect++];
        struct lws_client_connect_info i;
        memset(&i, 0, sizeof i);
        i.context = B.ctx;
        i.address = B.host;
        i.port = B.port;
        i.path = "/ws";
        i.host = B.host_port;
        i.origin = B.origin;
        i.protocol = "whist";
        i.userdata = c;
        i.pwsi = &c->wsi;
        c->state = C_CONNECTING;
        B.connecting++;
        if (!lws_client_connect_via_info(&i)) ended(c);
    }
}

static lws_sorted_usec_list_t tick_sul;
static void tick(lws_sorted_usec_list_t *sul) { lws_sul_schedule(B.ctx, 0, sul, tick, 100 * LWS_US_PER_MS); }

static int compare_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void on_signal(int sig) {
    (void)sig;
    interrupted = 1;
}

static const char USAGE[] =
    "Usage: bench_tables --port N [--host ADDRESS] [--games G] [--game german|android] [--seconds S]\n"
    "                    [--warmup S] [--pace MS] [--server-pid PID] [--verbose]\n"
    "G games (default 50) between two clients each, a spectator for every ten, on whist serve's tables at\n"
    "ADDRESS:N, each player pausing about MS ms (default 1000; 0: none) before each action, like a person.\n"
    "After every client has connected and the warm-up (default 2 s), measures for S seconds (default 10).\n"
    "Prints one line of figures; exit 1 when a client was refused, lost or did not progress.\n";

int main(int argc, char **argv) {
    long server_pid = 0;
    double seconds = 10, warmup = 2;
    B.host = "127.0.0.1";
    B.kind = "german";
    B.g = 50;
    B.pace_ms = 1000;
    static const struct option LONG[] = {{"port", required_argument, NULL, 'p'},
                                         {"host", required_argument, NULL, 'H'},
                                         {"games", required_argument, NULL, 'n'},
                                         {"game", required_argument, NULL, 'k'},
                                         {"seconds", required_argument, NULL, 's'},
                                         {"warmup", required_argument, NULL, 'w'},
                                         {"pace", required_argument, NULL, 'm'},
                                         {"server-pid", required_argument, NULL, 'P'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int o;
    while ((o = getopt_long(argc, argv, "", LONG, NULL)) != -1) {
        switch (o) {
        case 'p': B.port = atoi(optarg); break;
        case 'H': B.host = optarg; break;
        case 'n': B.g = atoi(optarg); break;
        case 'k': B.kind = optarg; break;
        case 's': seconds = atof(optarg); break;
        case 'w': warmup = atof(optarg); break;
        case 'm': B.pace_ms = atoi(optarg); break;
        case 'P': server_pid = atol(optarg); break;
        case 'v': B.verbose = true; break;
        case 'h': fputs(USAGE, stdout); return 0;
        default: fputs(USAGE, stderr); return 2;
        }
    }
    if (B.port <= 0 || B.g <= 0 || seconds <= 0 || warmup < 0 || B.pace_ms < 0 ||
        (strcmp(B.kind, "german") != 0 && strcmp(B.kind, "android") != 0)) {
        fputs(USAGE, stderr);
        return 2;
    }
    snprintf(B.host_port, sizeof B.host_port, "%s:%d", B.host, B.port);
    snprintf(B.origin, sizeof B.origin, "http://%s", B.host_port);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);

    long rss_before = server_pid ? rss_kb(server_pid) : -1;
    int spectators = (B.g + 9) / 10;
    B.n = 2 * B.g + spectators;
    B.clients = calloc((size_t)B.n, sizeof *B.clients);
    B.games = calloc((size_t)B.g, sizeof *B.games);
    if (!B.clients || !B.games) return 1;
    /* the clients in game order (player 0, player 1, and after each tenth game's players its spectator) */
    int k = 0;
    for (int i = 0; i < B.g; i++) {
        game *g = &B.games[i];
        for (int r = 0; r < 3; r++) {
            if (r == 2 && i % 10 != 0) continue;
            client *c = &B.clients[k];
            c->index = k++;
            c->g = g;
            c->role = r;
            c->rng = UINT64_C(0x9e3779b97f4a7c15) * ((uint64_t)c->index + 1u);
            g->c[r] = c;
        }
    }

    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = PROTOCOLS;
    info.timeout_secs = 60;
    info.options = LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN;
    struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL);
    void *loops[1] = {loop};
    if (!loop) {
        fprintf(stderr, "bench_tables: no libev loop\n");
        return 1;
    }
    info.options |= LWS_SERVER_OPTION_LIBEV;
    info.foreign_loops = loops;
    B.ctx = lws_create_context(&info);
    if (!B.ctx) {
        fprintf(stderr, "bench_tables: no libwebsockets context\n");
        return 1;
    }
    int64_t t0 = now_us();
    tick(&tick_sul);
    connect_more();
    int64_t connected_at = 0, window_start = 0, window_end = 0;
    while (!interrupted) {
        ev_run(loop, EVRUN_ONCE);
        int64_t t = now_us();
        if (!connected_at && B.next_connect == B.n && B.connecting == 0) {
            connected_at = t;
            window_start = t + (int64_t)(warmup * 1e6);
        }
        if (connected_at && !B.window && !window_end && t >= window_start) {
            B.window = true;
            window_end = t + (int64_t)(seconds * 1e6);
        }
        if (B.window && t >= window_end) break;
        if (B.ended == B.n) break;
    }
    B.window = false;
    int64_t measured = now_us() - window_start;
    long rss_after = server_pid ? rss_kb(server_pid) : -1;
    double connect_s = connected_at ? (double)(connected_at - t0) / 1e6 : -1;

    long stalled = 0, acts = 0;
    for (int i = 0; i < B.g; i++) {
        acts += B.games[i].acts;
        if (B.games[i].acts == 0) stalled++;
    }
    qsort(B.lat, B.lat_n, sizeof *B.lat, compare_i64);
    double p50 = B.lat_n ? (double)B.lat[B.lat_n / 2] / 1000 : 0;
    double p99 = B.lat_n ? (double)B.lat[B.lat_n * 99 / 100] / 1000 : 0;
    double pmax = B.lat_n ? (double)B.lat[B.lat_n - 1] / 1000 : 0;
    double rate = measured > 0 ? (double)acts * 1e6 / (double)measured : 0;
    printf("games=%d clients=%d open=%d pace_ms=%d connect_s=%.2f seconds=%.1f acts=%ld acts_per_s=%.0f "
           "p50_ms=%.2f p99_ms=%.2f max_ms=%.2f matches=%ld refused=%ld errors=%ld lost=%d stalled=%ld",
           B.g, B.n, B.open, B.pace_ms, connect_s, (double)measured / 1e6, acts, rate, p50, p99, pmax,
           B.matches, B.refused, B.errors, B.ended, stalled);
    if (rss_before >= 0 && rss_after >= 0)
        printf(" rss_before_kb=%ld rss_after_kb=%ld kb_per_game=%.1f", rss_before, rss_after,
               (double)(rss_after - rss_before) / B.g);
    printf("\n");
    fflush(stdout);
    bool failed = interrupted || !connected_at || B.refused || B.errors || B.ended || stalled;
    lws_context_destroy(B.ctx);
    ev_loop_destroy(loop);
    for (int i = 0; i < B.n; i++)
        free(B.clients[i].in);
    free(B.clients);
    free(B.games);
    free(B.lat);
    return failed ? 1 : 0;
}
