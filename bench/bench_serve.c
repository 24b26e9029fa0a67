/* bench_serve.c: a load generator for `whist serve`: N browser-like clients on one libwebsockets client
 * event loop (on libev's epoll; the clients, their loop and the figures are ws_load.c's, shared with
 * bench_tables.c). Each opens /ws (subprotocol whist, the page's Origin) without a cookie, as a new browser
 * does (the server issues its identity in the handshake), starts a German Whist match against the `random`
 * computer and plays legal cards from the views it receives, hand after hand, match after match.
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
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>

#include "ws_load.h"

#define NEW_MATCH "{\"type\":\"new\",\"options\":{\"game\":\"german\",\"opponent\":\"random\"}}"

/* What a client is to this generator (ws_client.user). */
typedef struct player {
    bool started;     /* a game was asked for */
    int64_t act_sent; /* when the pending act was written (us), 0: none */
    long views;       /* views received */
} player;

static ws_load B;

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

/* A legal card of the view's own hand (follow the suit led when possible), chosen at random. */
static bool choose_card(ws_client *c, const char *text, char card[3]) {
    const char *own = ws_field(text, "own"), *led = ws_field(text, "led");
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
    const char *pick = cards[ws_random(&c->rng) % (uint64_t)legal];
    card[0] = pick[0];
    card[1] = pick[1];
    card[2] = '\0';
    return true;
}

/* What the client does after a view, after a person's pause: nothing (the computer's turn), a card, the
 * next hand or a new match. */
static void on_view(ws_client *c, const char *text) {
    player *p = c->user;
    const char *state = ws_field(text, "state"), *turn = ws_field(text, "turn");
    const char *who = turn ? ws_field(turn, "player") : NULL,
               *computer = turn ? ws_field(turn, "computer") : NULL;
    p->views++;
    if (!state || !who || !computer) {
        B.errors++;
        return;
    }
    char out[WS_OUT_MAX];
    if (strncmp(state, "\"hand_over\"", 11) == 0) {
        snprintf(out, sizeof out, "{\"type\":\"next\"}");
    } else if (strncmp(state, "\"over\"", 6) == 0) {
        B.matches++;
        snprintf(out, sizeof out, NEW_MATCH);
    } else if (*who == '0' && strncmp(computer, "false", 5) == 0) {
        char card[3];
        if (!choose_card(c, text, card)) {
            B.errors++;
            return;
        }
        snprintf(out, sizeof out, "{\"type\":\"act\",\"action\":{\"type\":\"play\",\"card\":\"%s\"}}", card);
    } else {
        return; /* the computer is to play */
    }
    ws_queue(c, out, true);
}

/* The play event of the client's act has come: its latency. */
static void played(ws_client *c) {
    player *p = c->user;
    if (ws_load_latency(&B, p->act_sent)) c->acts++;
    p->act_sent = 0;
}

static void on_message(ws_client *c, const char *text, size_t len) {
    player *p = c->user;
    /* the events (most messages) without parsing: the one that matters is our own play */
    static const char EVENT[] = "{\"type\":\"event\",";
    if (len > sizeof EVENT && memcmp(text, EVENT, sizeof EVENT - 1) == 0) {
        if (p->act_sent && strstr(text, "\"kind\":\"play\"") && strstr(text, "\"player\":0,")) played(c);
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
        if (!p->started) {
            p->started = true;
            ws_queue(c, NEW_MATCH, false);
        }
    } else if (strcmp(type, "error") == 0) {
        B.refused++;
        if (B.verbose) fprintf(stderr, "client %d: %.*s\n", c->index, (int)len, text);
    }
    json_decref(msg);
}

/* An act is being written: the latency counts from now. */
static void on_write(ws_client *c) {
    if (strncmp(c->out, "{\"type\":\"act\"", 13) == 0) ((player *)c->user)->act_sent = ws_now_us();
}

static const char USAGE[] =
    "Usage: bench_serve --port N [--host ADDRESS] [--clients N] [--seconds S] [--warmup S] [--pace MS]\n"
    "                   [--server-pid PID] [--verbose]\n"
    "N clients (default 100) play German Whist against the random computer on whist serve at\n"
    "ADDRESS:N, each pausing about MS ms (default 1000; 0: none) before each action, like a person.\n"
    "After every client has connected and the warm-up (default 2 s), measures for S seconds (default 10).\n"
    "Prints one line of figures; exit 1 when a client was refused, lost or did not progress.\n";

int main(int argc, char **argv) {
    int n = 100;
    ws_load_defaults(&B, "bench_serve");
    B.on_message = on_message;
    B.on_write = on_write;
    static const struct option LONG[] = {WS_LOAD_OPTIONS,
                                         {"clients", required_argument, NULL, 'n'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int o;
    while ((o = getopt_long(argc, argv, "", LONG, NULL)) != -1) {
        if (ws_load_option(&B, o, optarg)) continue;
        switch (o) {
        case 'n': n = atoi(optarg); break;
        case 'h': fputs(USAGE, stdout); return 0;
        default: fputs(USAGE, stderr); return 2;
        }
    }
    if (!ws_load_valid(&B) || n <= 0) {
        fputs(USAGE, stderr);
        return 2;
    }

    player *players = calloc((size_t)n, sizeof *players);
    if (!players || !ws_load_init(&B, n)) return 1;
    for (int i = 0; i < n; i++)
        B.clients[i].user = &players[i];
    int64_t t0 = ws_now_us();
    if (!server_answers()) {
        fprintf(stderr, "bench_serve: no server answers GET / at %s\n", B.host_port);
        return 1;
    }
    double get_s = (double)(ws_now_us() - t0) / 1e6;
    if (!ws_load_run(&B)) return 1;

    long stalled = 0, acts = 0;
    for (int i = 0; i < n; i++) {
        acts += B.clients[i].acts;
        if (B.clients[i].state != WS_OPEN || B.clients[i].acts == 0) stalled++;
    }
    printf("clients=%d open=%d pace_ms=%d gets_s=%.2f ", n, B.open, B.pace_ms, get_s);
    bool failed = ws_load_report(&B, acts, stalled, n);
    ws_load_free(&B);
    free(players);
    return failed ? 1 : 0;
}
