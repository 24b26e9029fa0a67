/* bench_serve.c: a load generator for `whist serve`: N browser-like clients on one libwebsockets client
 * event loop (on libev's epoll). Each opens /ws (subprotocol whist, the page's Origin) without a cookie, as
 * a new browser does (the server issues its identity in the handshake), starts a German Whist match against
 * the `random` computer and plays legal cards from the views it receives, hand after hand, match after match.
 * It measures actions per second, the latency from a client's `act` to the arrival of the `play` event it
 * causes (the computer's thinking is not in it), and, given the server's pid, the server's memory per game
 * (VmRSS before the clients and after, divided by N). Prints figures; exits 1 only when the run itself failed
 * (a connection lost or refused, a message refused, a client whose game did not progress), never on speed.
 * bench/serve_load.sh runs it against a fresh server. */
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
#define OUT_MAX    128

typedef enum client_state { C_IDLE = 0, C_CONNECTING, C_OPEN, C_DONE } client_state;

typedef struct client {
    struct lws *wsi;
    lws_sorted_usec_list_t sul; /* the pause before the next action */
    int index;
    client_state state;
    char *in; /* the message being received */
    size_t in_len;
    char out[OUT_MAX]; /* the message to send when writable */
    size_t out_len;
    bool started;     /* a game was asked for */
    bool scheduled;   /* an action is waiting for its pause */
    int64_t act_sent; /* when the pending act was written (us), 0: none */
    uint64_t rng;
    long acts;  /* acts answered by their play event, in the window */
    long views; /* views received */
} client;

typedef struct bench {
    struct lws_context *ctx;
    client *clients;
    int n, next_connect, connecting, open, ended;
    int pace_ms;
    const char *host;
    int port;
    char host_port[80], origin[96];
    bool window; /* measuring */
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

/* VmRSS of process pid in kB, or -1. */
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

/* GET / on a blocking socket: whether the server answers it (200). */
static bool server_answers(void) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)B.port)};
    bool ok =
        inet_pton(AF_INET, B.host, &a.sin_addr) == 1 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
    char req[256];
    int n = snprintf(req, sizeof req, "GET / HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", B.host_port);
    ok = ok && write(fd, req, (size_t)n) == n;
    char buf[64];
    size_t got = 0;
    while (ok && got < sizeof buf - 1) {
        ssize_t r = read(fd, buf + got, sizeof buf - 1 - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
    }
    close(fd);
    buf[got] = '\0';
    return ok && strncmp(buf, "HTTP/1.1 200", 12) == 0;
}

/* ---- playing ---------------------------------------------------------------------------------------- */

static void queue(client *c, const char *text) {
    c->out_len = (size_t)snprintf(c->out, sizeof c->out, "%s", text);
    lws_callback_on_writable(c->wsi);
}

/* The views are read by a scan for the few fields a client needs, not parsed (a parse of every view cost
 * the load generator more than the server its work). Each key named here occurs once in a view. */

/* What follows "KEY": in text, or NULL. */
static const char *field(const char *text, const char *key) {
    char pattern[40];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(text, pattern);
    return p ? p + strlen(pattern) : NULL;
}

/* A legal card of the view's own hand (follow the suit led when possible), chosen at random. */
static bool choose_card(client *c, const char *text, char card[3]) {
    const char *own = field(text, "own"), *led = field(text, "led");
    if (!own || *own != '[' || !led) return false;
    char suit = *led == '"' ? led[2] : 0;
    const char *cards[13];
    int n = 0, follow = 0;
    for (const char *p = own + 1; *p == '"' && n < 13; p += 5) { /* "AS", */
        cards[n++] = p + 1;
        if (p[2] == suit) follow++;
    }
    int legal = 0;
    for (int i = 0; i < n; i++)
        if (!follow || cards[i][1] == suit) cards[legal++] = cards[i];
    if (!legal) return false;
    const char *pick = cards[next_random(&c->rng) % (uint64_t)legal];
    card[0] = pick[0];
    card[1] = pick[1];
    card[2] = '\0';
    return true;
}

/* The pause is over: what the last view asked for. */
static void act_now(lws_sorted_usec_list_t *sul) {
    client *c = lws_container_of(sul, client, sul);
    c->scheduled = false;
    if (c->state == C_OPEN) lws_callback_on_writable(c->wsi);
}

/* What the client does after a view: nothing (the computer's turn), a card, the next hand or a new match. */
static void on_view(client *c, const char *text) {
    const char *state = field(text, "state"), *turn = field(text, "turn");
    const char *player = turn ? field(turn, "player") : NULL,
               *computer = turn ? field(turn, "computer") : NULL;
    c->views++;
    if (!state || !player || !computer) {
        B.errors++;
        return;
    }
    if (strncmp(state, "\"hand_over\"", 11) == 0) {
        c->out_len = (size_t)snprintf(c->out, sizeof c->out, "{\"type\":\"next\"}");
    } else if (strncmp(state, "\"over\"", 6) == 0) {
        B.matches++;
        c->out_len =
            (size_t)snprintf(c->out, sizeof c->out,
                             "{\"type\":\"new\",\"options\":{\"game\":\"german\",\"opponent\":\"random\"}}");
    } else if (*player == '0' && strncmp(computer, "false", 5) == 0) {
        char card[3];
        if (!choose_card(c, text, card)) {
            B.errors++;
            return;
        }
        c->out_len = (size_t)snprintf(
            c->out, sizeof c->out, "{\"type\":\"act\",\"action\":{\"type\":\"play\",\"card\":\"%s\"}}", card);
    } else {
        return; /* the computer is to play */
    }
    if (B.pace_ms > 0) {
        /* a person's pause: uniform in [pace/2, 3 pace/2] */
        lws_usec_t us = (lws_usec_t)B.pace_ms * 500 +
                        (lws_usec_t)(next_random(&c->rng) % ((uint64_t)B.pace_ms * 1000 + 1));
        c->scheduled = true;
        lws_sul_schedule(B.ctx, 0, &c->sul, act_now, us);
    } else {
        lws_callback_on_writable(c->wsi);
    }
}

/* The play event of the client's act has come: its latency. */
static void played(client *c) {
    if (B.window) {
        if (B.lat_n == B.lat_cap) {
            B.lat_cap = B.lat_cap ? 2 * B.lat_cap : 65536;
            B.lat = realloc(B.lat, B.lat_cap * sizeof *B.lat);
            if (!B.lat) abort();
        }
        B.lat[B.lat_n++] = now_us() - c->act_sent;
        c->acts++;
    }
    c->act_sent = 0;
}

static void on_message(client *c, const char *text, size_t len) {
    /* the events (most messages) without parsing: the one that matters is our own play */
    static const char EVENT[] = "{\"type\":\"event\",";
    if (len > sizeof EVENT && memcmp(text, EVENT, sizeof EVENT - 1) == 0) {
        if (c->act_sent && strstr(text, "\"kind\":\"play\"") && strstr(text, "\"player\":0,")) played(c);
        return;
    }
    static const char VIEW[] = "{\"type\":\"view\",";
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
        if (!c->started) {
            c->started = true;
            queue(c, "{\"type\":\"new\",\"options\":{\"game\":\"german\",\"opponent\":\"random\"}}");
        }
    } else if (strcmp(type, "error") == 0) {
        B.refused++;
        if (B.verbose) fprintf(stderr, "client %d: %.*s\n", c->index, (int)len, text);
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
        c->in[c->in_len] = '\0'; /* the scans below read it as a string */
        on_message(c, c->in, c->in_len);
        c->in_len = 0;
        return 0;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (!c->out_len || c->scheduled) return 0;
        unsigned char buf[LWS_PRE + OUT_MAX];
        memcpy(buf + LWS_PRE, c->out, c->out_len);
        if (strncmp(c->out, "{\"type\":\"act\"", 13) == 0) c->act_sent = now_us();
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

/* Starts handshakes until CONNECTING are in flight or every client has started. */
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

/* Wakes the loop every 100 ms, so that it checks the clock even when no client has anything to do. */
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
    "Usage: bench_serve --port N [--host ADDRESS] [--clients N] [--seconds S] [--warmup S] [--pace MS]\n"
    "                   [--server-pid PID] [--verbose]\n"
    "N clients (default 100) play German Whist against the random computer on whist serve at\n"
    "ADDRESS:N, each pausing about MS ms (default 1000; 0: none) before each action, like a person.\n"
    "After every client has connected and the warm-up (default 2 s), measures for S seconds (default 10).\n"
    "Prints one line of figures; exit 1 when a client was refused, lost or did not progress.\n";

int main(int argc, char **argv) {
    long server_pid = 0;
    double seconds = 10, warmup = 2;
    B.host = "127.0.0.1";
    B.n = 100;
    B.pace_ms = 1000;
    static const struct option LONG[] = {{"port", required_argument, NULL, 'p'},
                                         {"host", required_argument, NULL, 'H'},
                                         {"clients", required_argument, NULL, 'n'},
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
        case 'n': B.n = atoi(optarg); break;
        case 's': seconds = atof(optarg); break;
        case 'w': warmup = atof(optarg); break;
        case 'm': B.pace_ms = atoi(optarg); break;
        case 'P': server_pid = atol(optarg); break;
        case 'v': B.verbose = true; break;
        case 'h': fputs(USAGE, stdout); return 0;
        default: fputs(USAGE, stderr); return 2;
        }
    }
    if (B.port <= 0 || B.n <= 0 || seconds <= 0 || warmup < 0 || B.pace_ms < 0) {
        fputs(USAGE, stderr);
        return 2;
    }
    snprintf(B.host_port, sizeof B.host_port, "%s:%d", B.host, B.port);
    snprintf(B.origin, sizeof B.origin, "http://%s", B.host_port);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);

    long rss_before = server_pid ? rss_kb(server_pid) : -1;
    B.clients = calloc((size_t)B.n, sizeof *B.clients);
    if (!B.clients) return 1;
    int64_t t0 = now_us();
    for (int i = 0; i < B.n; i++) {
        client *c = &B.clients[i];
        c->index = i;
        c->rng = UINT64_C(0x9e3779b97f4a7c15) * ((uint64_t)i + 1u);
    }
    if (!server_answers()) {
        fprintf(stderr, "bench_serve: no server answers GET / at %s\n", B.host_port);
        return 1;
    }
    double get_s = (double)(now_us() - t0) / 1e6;

    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = PROTOCOLS;
    info.timeout_secs = 60;
    info.options = LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN; /* the Origin as given, http:// included */
    /* libev's loop on epoll: lws's own loop poll()s every socket at each wake-up, which with 10000
     * connections cost the load generator more than the server its work */
    struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL);
    void *loops[1] = {loop};
    if (!loop) {
        fprintf(stderr, "bench_serve: no libev loop\n");
        return 1;
    }
    info.options |= LWS_SERVER_OPTION_LIBEV;
    info.foreign_loops = loops;
    B.ctx = lws_create_context(&info);
    if (!B.ctx) {
        fprintf(stderr, "bench_serve: no libwebsockets context\n");
        return 1;
    }
    t0 = now_us();
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
        if (B.ended == B.n) break; /* every client is gone */
    }
    B.window = false;
    int64_t measured = now_us() - window_start;
    long rss_after = server_pid ? rss_kb(server_pid) : -1;
    double connect_s = connected_at ? (double)(connected_at - t0) / 1e6 : -1;

    long stalled = 0, acts = 0;
    for (int i = 0; i < B.n; i++) {
        acts += B.clients[i].acts;
        if (B.clients[i].state != C_OPEN || B.clients[i].acts == 0) stalled++;
    }
    qsort(B.lat, B.lat_n, sizeof *B.lat, compare_i64);
    double p50 = B.lat_n ? (double)B.lat[B.lat_n / 2] / 1000 : 0;
    double p99 = B.lat_n ? (double)B.lat[B.lat_n * 99 / 100] / 1000 : 0;
    double pmax = B.lat_n ? (double)B.lat[B.lat_n - 1] / 1000 : 0;
    double rate = measured > 0 ? (double)acts * 1e6 / (double)measured : 0;
    printf("clients=%d open=%d pace_ms=%d gets_s=%.2f connect_s=%.2f seconds=%.1f acts=%ld acts_per_s=%.0f "
           "p50_ms=%.2f p99_ms=%.2f max_ms=%.2f matches=%ld refused=%ld errors=%ld lost=%d stalled=%ld",
           B.n, B.open, B.pace_ms, get_s, connect_s, (double)measured / 1e6, acts, rate, p50, p99, pmax,
           B.matches, B.refused, B.errors, B.ended, stalled);
    if (rss_before >= 0 && rss_after >= 0)
        printf(" rss_before_kb=%ld rss_after_kb=%ld kb_per_game=%.1f", rss_before, rss_after,
               (double)(rss_after - rss_before) / B.n);
    printf("\n");
    fflush(stdout);
    bool failed = interrupted || !connected_at || B.refused || B.errors || B.ended || stalled;
    lws_context_destroy(B.ctx);
    ev_loop_destroy(loop);
    for (int i = 0; i < B.n; i++)
        free(B.clients[i].in);
    free(B.clients);
    free(B.lat);
    return failed ? 1 : 0;
}
