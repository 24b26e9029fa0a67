/* ws_load.c: the WebSocket clients the load generators of `whist serve` share (ws_load.h): their connections
 * (at most CONNECTING handshakes in flight), messages in and out, pauses, the measured window, the
 * latencies and the figures' common end. */
#define _GNU_SOURCE
#include "ws_load.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ev.h>

#define CONNECTING 256 /* handshakes in flight at once while the clients connect */

static volatile sig_atomic_t interrupted;

int64_t ws_now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

uint64_t ws_random(uint64_t *s) {
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

const char *ws_field(const char *text, const char *key) {
    char pattern[40];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(text, pattern);
    return p ? p + strlen(pattern) : NULL;
}

void ws_load_defaults(ws_load *L, const char *name) {
    memset(L, 0, sizeof *L);
    L->name = name;
    L->host = "127.0.0.1";
    L->seconds = 10;
    L->warmup = 2;
    L->pace_ms = 1000;
}

bool ws_load_option(ws_load *L, int o, const char *arg) {
    switch (o) {
    case 'p': L->port = atoi(arg); return true;
    case 'H': L->host = arg; return true;
    case 's': L->seconds = atof(arg); return true;
    case 'w': L->warmup = atof(arg); return true;
    case 'm': L->pace_ms = atoi(arg); return true;
    case 'P': L->server_pid = atol(arg); return true;
    case 'v': L->verbose = true; return true;
    default: return false;
    }
}

bool ws_load_valid(const ws_load *L) {
    return L->port > 0 && L->seconds > 0 && L->warmup >= 0 && L->pace_ms >= 0;
}

static void on_signal(int sig) {
    (void)sig;
    interrupted = 1;
}

bool ws_load_init(ws_load *L, int n) {
    L->rss_before = L->server_pid ? rss_kb(L->server_pid) : -1;
    L->rss_after = -1;
    L->n = n;
    L->clients = calloc((size_t)n, sizeof *L->clients);
    if (!L->clients) return false;
    for (int i = 0; i < n; i++) {
        ws_client *c = &L->clients[i];
        c->load = L;
        c->index = i;
        c->rng = UINT64_C(0x9e3779b97f4a7c15) * ((uint64_t)i + 1u);
    }
    snprintf(L->host_port, sizeof L->host_port, "%s:%d", L->host, L->port);
    snprintf(L->origin, sizeof L->origin, "http://%s", L->host_port);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    return true;
}

/* ---- sending ----------------------------------------------------------------------------------------- */

static void send_now(ws_client *c) {
    if (c->state == WS_OPEN && c->wsi) lws_callback_on_writable(c->wsi);
}

/* The pause is over. */
static void pause_over(lws_sorted_usec_list_t *sul) {
    ws_client *c = lws_container_of(sul, ws_client, sul);
    c->scheduled = false;
    send_now(c);
}

void ws_queue(ws_client *c, const char *text, bool paced) {
    ws_load *L = c->load;
    c->out_len = (size_t)snprintf(c->out, sizeof c->out, "%s", text);
    if (paced && L->pace_ms > 0) {
        /* a person's pause: uniform in [pace/2, 3 pace/2] */
        lws_usec_t us = (lws_usec_t)L->pace_ms * 500 +
                        (lws_usec_t)(ws_random(&c->rng) % ((uint64_t)L->pace_ms * 1000 + 1));
        c->scheduled = true;
        lws_sul_schedule(L->ctx, 0, &c->sul, pause_over, us);
    } else {
        send_now(c);
    }
}

bool ws_load_latency(ws_load *L, int64_t sent) {
    if (!L->window) return false;
    if (L->lat_n == L->lat_cap) {
        L->lat_cap = L->lat_cap ? 2 * L->lat_cap : 65536;
        L->lat = realloc(L->lat, L->lat_cap * sizeof *L->lat);
        if (!L->lat) abort();
    }
    L->lat[L->lat_n++] = ws_now_us() - sent;
    return true;
}

/* ---- the client loop ------------------------------------------------------------------------------- */

static void connect_more(ws_load *L);

static void ended(ws_client *c) {
    ws_load *L = c->load;
    if (c->state == WS_CONNECTING) L->connecting--;
    if (c->state == WS_OPEN) L->open--;
    if (c->state != WS_DONE) L->ended++;
    c->state = WS_DONE;
    lws_sul_cancel(&c->sul);
    free(c->in);
    c->in = NULL;
    c->wsi = NULL;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    ws_client *c = user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->load->connecting--;
        c->load->open++;
        c->state = WS_OPEN;
        connect_more(c->load);
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (c->load->verbose)
            fprintf(stderr, "client %d: %s\n", c->index, in ? (const char *)in : "connection error");
        ended(c);
        connect_more(c->load);
        return 0;
    case LWS_CALLBACK_CLIENT_CLOSED: ended(c); return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        if (c->in_len + len > WS_IN_MAX) return -1;
        char *grown = realloc(c->in, c->in_len + len + 1);
        if (!grown) return -1;
        c->in = grown;
        memcpy(c->in + c->in_len, in, len);
        c->in_len += len;
        if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0) return 0;
        c->in[c->in_len] = '\0'; /* the generators' scans read it as a string */
        c->load->on_message(c, c->in, c->in_len);
        c->in_len = 0;
        return 0;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (!c->out_len || c->scheduled) return 0;
        unsigned char buf[LWS_PRE + WS_OUT_MAX];
        memcpy(buf + LWS_PRE, c->out, c->out_len);
        if (c->load->on_write) c->load->on_write(c);
        if (lws_write(wsi, buf + LWS_PRE, c->out_len, LWS_WRITE_TEXT) < (int)c->out_len) return -1;
        c->out_len = 0;
        return 0;
    }
    default: return 0;
    }
}

static const struct lws_protocols PROTOCOLS[] = {
    {"whist", callback, 0, WS_IN_MAX, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* Starts handshakes until CONNECTING are in flight or every client has started. */
static void connect_more(ws_load *L) {
    while (L->connecting < CONNECTING && L->next_connect < L->n) {
        ws_client *c = &L->clients[L->next_connect++];
        struct lws_client_connect_info i;
        memset(&i, 0, sizeof i);
        i.context = L->ctx;
        i.address = L->host;
        i.port = L->port;
        i.path = "/ws";
        i.host = L->host_port;
        i.origin = L->origin;
        i.protocol = "whist";
        i.userdata = c;
        i.pwsi = &c->wsi;
        c->state = WS_CONNECTING;
        L->connecting++;
        if (!lws_client_connect_via_info(&i)) ended(c);
    }
}

/* Wakes the loop every 100 ms, so that it checks the clock even when no client has anything to do. */
static void tick(lws_sorted_usec_list_t *sul) {
    ws_load *L = lws_container_of(sul, ws_load, tick);
    lws_sul_schedule(L->ctx, 0, sul, tick, 100 * LWS_US_PER_MS);
}

bool ws_load_run(ws_load *L) {
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = PROTOCOLS;
    info.timeout_secs = 60;
    info.options = LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN; /* the Origin as given, http:// included */
    /* libev's loop on epoll: lws's own loop poll()s every socket at each wake-up, which with 10000
     * connections cost the load generator more than the server its work */
    L->loop = ev_loop_new(EVBACKEND_EPOLL);
    void *loops[1] = {L->loop};
    if (!L->loop) {
        fprintf(stderr, "%s: no libev loop\n", L->name);
        return false;
    }
    info.options |= LWS_SERVER_OPTION_LIBEV;
    info.foreign_loops = loops;
    L->ctx = lws_create_context(&info);
    if (!L->ctx) {
        fprintf(stderr, "%s: no libwebsockets context\n", L->name);
        return false;
    }
    L->t0 = ws_now_us();
    tick(&L->tick);
    connect_more(L);
    int64_t window_end = 0;
    while (!interrupted) {
        ev_run(L->loop, EVRUN_ONCE);
        int64_t t = ws_now_us();
        if (!L->connected_at && L->next_connect == L->n && L->connecting == 0) {
            L->connected_at = t;
            L->window_start = t + (int64_t)(L->warmup * 1e6);
        }
        if (L->connected_at && !L->window && !window_end && t >= L->window_start) {
            L->window = true;
            window_end = t + (int64_t)(L->seconds * 1e6);
        }
        if (L->window && t >= window_end) break;
        if (L->ended == L->n) break; /* every client is gone */
    }
    L->window = false;
    L->measured = ws_now_us() - L->window_start;
    L->interrupted = interrupted;
    L->rss_after = L->server_pid ? rss_kb(L->server_pid) : -1;
    return true;
}

static int compare_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

bool ws_load_report(ws_load *L, long acts, long stalled, int per) {
    int64_t measured = L->measured;
    double connect_s = L->connected_at ? (double)(L->connected_at - L->t0) / 1e6 : -1;
    qsort(L->lat, L->lat_n, sizeof *L->lat, compare_i64);
    double p50 = L->lat_n ? (double)L->lat[L->lat_n / 2] / 1000 : 0;
    double p99 = L->lat_n ? (double)L->lat[L->lat_n * 99 / 100] / 1000 : 0;
    double pmax = L->lat_n ? (double)L->lat[L->lat_n - 1] / 1000 : 0;
    double rate = measured > 0 ? (double)acts * 1e6 / (double)measured : 0;
    printf("connect_s=%.2f seconds=%.1f acts=%ld acts_per_s=%.0f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f "
           "matches=%ld refused=%ld errors=%ld lost=%d stalled=%ld",
           connect_s, (double)measured / 1e6, acts, rate, p50, p99, pmax, L->matches, L->refused, L->errors,
           L->ended, stalled);
    if (L->rss_before >= 0 && L->rss_after >= 0)
        printf(" rss_before_kb=%ld rss_after_kb=%ld kb_per_game=%.1f", L->rss_before, L->rss_after,
               (double)(L->rss_after - L->rss_before) / per);
    printf("\n");
    fflush(stdout);
    return L->interrupted || !L->connected_at || L->refused || L->errors || L->ended || stalled;
}

void ws_load_free(ws_load *L) {
    if (L->ctx) lws_context_destroy(L->ctx);
    if (L->loop) ev_loop_destroy(L->loop);
    for (int i = 0; i < L->n; i++)
        free(L->clients[i].in);
    free(L->clients);
    free(L->lat);
}
