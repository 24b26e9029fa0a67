/* ws_load.h: what the load generators of `whist serve` share (bench_serve.c, bench_tables.c): N browser-like
 * WebSocket clients on one libwebsockets client event loop (on libev's epoll), each opening /ws (subprotocol
 * whist, the page's Origin) without a cookie, as a new browser does; a person's pause before a paced
 * message; the measured window (after every client has connected and the warm-up) and the latencies in it;
 * the server's memory (VmRSS of its pid); the figures' common end of the line; the options they share. The
 * generator gives the messages their meaning (on_message) and marks what it writes (on_write). */
#ifndef WS_LOAD_H
#define WS_LOAD_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libwebsockets.h>

#define WS_IN_MAX  (256 * 1024) /* the largest message a client accepts */
#define WS_OUT_MAX 256          /* the largest message a client sends */

typedef enum ws_state { WS_IDLE = 0, WS_CONNECTING, WS_OPEN, WS_DONE } ws_state;

struct ws_load;
struct ev_loop;

typedef struct ws_client {
    struct ws_load *load;
    struct lws *wsi;
    lws_sorted_usec_list_t sul; /* the pause before the next message */
    int index;
    ws_state state;
    char *in; /* the message being received */
    size_t in_len;
    char out[WS_OUT_MAX]; /* the message to send when writable */
    size_t out_len;
    bool scheduled; /* a message is waiting for its pause */
    uint64_t rng;
    long acts;  /* its actions answered, in the window (the generator counts them) */
    void *user; /* the generator's own state of this client */
} ws_client;

typedef struct ws_load {
    /* set by the generator before ws_load_init (ws_load_defaults, then the options) */
    const char *name; /* the program, in its messages */
    const char *host;
    int port;
    double seconds, warmup; /* the measured window, and the warm-up before it */
    int pace_ms;            /* a person's mean pause before a paced message (ms); 0: none */
    long server_pid;        /* 0: the server's memory is not measured */
    bool verbose;
    void (*on_message)(ws_client *c, const char *text, size_t len); /* a whole message; text[len] == '\0' */
    void (*on_write)(ws_client *c); /* c->out is being written (NULL: nothing to mark) */
    /* kept by ws_load.c */
    ws_client *clients;
    int n, next_connect, connecting, open, ended;
    char host_port[80], origin[96];
    struct lws_context *ctx;
    struct ev_loop *loop;
    lws_sorted_usec_list_t tick;
    bool window; /* measuring */
    int64_t *lat;
    size_t lat_n, lat_cap;
    long rss_before, rss_after;                       /* kB; -1: not measured */
    int64_t t0, connected_at, window_start, measured; /* us */
    bool interrupted;
    /* counted by the generator */
    long errors, refused, matches;
} ws_load;

/* The options both generators take (--port --host --seconds --warmup --pace --server-pid --verbose), for
 * their getopt_long table before their own. */
/* clang-format off */
#define WS_LOAD_OPTIONS                                                                             \
    {"port", required_argument, NULL, 'p'}, {"host", required_argument, NULL, 'H'},                 \
    {"seconds", required_argument, NULL, 's'}, {"warmup", required_argument, NULL, 'w'},            \
    {"pace", required_argument, NULL, 'm'}, {"server-pid", required_argument, NULL, 'P'},           \
    {"verbose", no_argument, NULL, 'v'}
/* clang-format on */

/* Empties L and sets the defaults: 127.0.0.1, 10 s measured after 2 s, a pause of 1000 ms. */
void ws_load_defaults(ws_load *L, const char *name);
/* Applies option o of WS_LOAD_OPTIONS (its argument arg); false if o is not one of them. */
bool ws_load_option(ws_load *L, int o, const char *arg);
/* Whether the settings of WS_LOAD_OPTIONS are valid (a port, a window, no negative warm-up or pause). */
bool ws_load_valid(const ws_load *L);

int64_t ws_now_us(void);
uint64_t ws_random(uint64_t *s); /* xorshift64* */

/* The views are read by a scan for the few fields a client needs, not parsed (a parse of every view cost
 * the load generator more than the server its work): what follows "KEY": in text, or NULL. Each key a
 * generator looks for occurs once in its message. */
const char *ws_field(const char *text, const char *key);

/* Measures the server's memory (if server_pid), makes n clients (index, random seed, load) and the address
 * and Origin, and catches SIGINT and SIGTERM (the run stops) and SIGPIPE. False: no memory. */
bool ws_load_init(ws_load *L, int n);

/* Queues text (the last queued is sent) on c, after a person's pause when paced (and pace_ms > 0). */
void ws_queue(ws_client *c, const char *text, bool paced);

/* The answer to what was written at sent (us) has come: its latency recorded, if measuring; whether it was.
 */
bool ws_load_latency(ws_load *L, int64_t sent);

/* Connects the clients and runs the loop until the window of seconds, after every client has connected and
 * warmup seconds, is over, or every client is gone, or a signal came; then the server's memory again. False
 * (and said on stderr) if the loop or the context could not be made. */
bool ws_load_run(ws_load *L);

/* Prints the figures' end of the line from connect_s (acts: the actions answered in the window; stalled:
 * the clients or games that did not progress; per: what the server's memory is divided by), and the
 * newline. Whether the run failed: interrupted, never all connected, a refusal, an error, a client gone, or
 * stalled. */
bool ws_load_report(ws_load *L, long acts, long stalled, int per);

/* Frees the context, the loop and the clients. */
void ws_load_free(ws_load *L);

#endif
