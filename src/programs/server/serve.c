/* serve.c: `whist serve`: its options, and one libwebsockets event loop that serves the web client's files
 * over HTTP (handing each new browser its token) and one WebSocket per browser tab; the players, games and
 * messages are in the files server_int.h lists. */
#define _DEFAULT_SOURCE /* realpath, sigaction */
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
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ev.h>
#include <libwebsockets.h>

#include "client_msg.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "server_int.h"

#define WORKERS         2
#define THINK_MS        300  /* the computer's time per decision, by default */
#define MAX_CONNECTIONS 1024 /* open WebSockets at once, by default */
#define RATE_LIMIT      50   /* messages a second per connection, by default */
#define EVICT_AFTER     60     /* seconds an idle player stays in memory, by default */
#define PRUNE_AFTER     604800 /* seconds (a week) before a player that never finished a hand is pruned */

static const char USAGE[] =
    "Usage: whist serve [--host ADDRESS] [--port N] [--data DIR] [--web DIR] [--cert FILE --key FILE]\n"
    "                   [--think-ms N] [--max-connections N] [--rate-limit N]\n"
    "                   [--evict-after SECONDS] [--prune-after SECONDS]\n"
    "Play in a browser: serves the web client (DIR, default the source's web/) over\n"
    "HTTP and its games over a WebSocket at /ws, on ADDRESS only (default 127.0.0.1)\n"
    "and port N (default 8080; 0: any free port, printed on standard output).\n"
    "  --think-ms N          the computer's time per decision, 1 to 60000 (default 300)\n"
    "  --max-connections N   WebSockets open at once, 1 to 1000000 (default 1024); more are refused\n"
    "  --rate-limit N        messages a second one WebSocket may send (bursts of 2N), 0: no limit\n"
    "                        (default 50); one over gets the error rate_limited\n"
    "  --evict-after SECONDS a player with no connection, everything saved, leaves memory after\n"
    "                        this long (default 60; 0: at once)\n"
    "  --prune-after SECONDS a player that never finished a hand and was not seen for this long\n"
    "                        is deleted with its unfinished games (default 604800, a week; 0: never)\n"
    "Stops cleanly on SIGTERM or SIGINT.\n";

static volatile sig_atomic_t stop_requested;

/* A worker finished a job: the loop wakes (LWS_CALLBACK_EVENT_WAIT_CANCELLED) and takes it back. */
static void wake_loop(void *ctx) { lws_cancel_service(ctx); }

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
    /* a browser without a token, or with one this server never issued (invented, or from a database since
     * replaced), gets a fresh one */
    if (!token_of_request(wsi, token) || !token_known(sv, token)) {
        if (!token_issue(sv, token)) return http_status(wsi, HTTP_STATUS_INTERNAL_SERVER_ERROR);
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
        if (sv && sv->pool) game_drain_jobs(sv);
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
        /* only a token this server issued: an invented or malformed one is refused */
        if (!token_of_request(wsi, c->token) || !token_known(sv, c->token)) return 1;
        if (sv->n_conns >= sv->max_conns) return 1; /* too many open at once */
        return 0;
    }
    case LWS_CALLBACK_ESTABLISHED: {
        c->wsi = wsi;
        c->serial = ++sv->next_serial;
        c->counted = true;
        sv->n_conns++;
        player_connect(sv, c); /* the player from the store if need be (the token was checked in the handshake) */
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
        game_flush_saves(sv); /* what goes out is saved first */
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
        player_detach(sv, c);
        send_drop(c);
        if (c->counted) sv->n_conns--;
        c->counted = false;
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

/* Opens the database (DIR/whist.db, or the default): 0, or 1 after saying why on stderr. No game is read
 * yet: a player's are when a browser of theirs connects. */
static int open_store(server *sv, const char *data) {
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
    return 0;
}

/* Once a second on the loop: the players' housekeeping (players_tick), and the database file checked: one
 * deleted or replaced under the running server would take every change since into a file nobody can open
 * again, so the server stops instead, with a message and exit status 1. */
static struct {
    lws_sorted_usec_list_t sul; /* first */
    server *sv;
} tick;

static void on_tick(lws_sorted_usec_list_t *sul) {
    server *sv = tick.sv;
    (void)sul;
    gw_error err;
    if (gw_store_check_file(sv->store, &err) != GW_OK) {
        fprintf(stderr, "whist serve: %s; stopping (start it again to use a fresh database)\n", err.msg);
        sv->exit_code = 1;
        stop_requested = 1;
        return;
    }
    players_tick(sv);
    lws_sul_schedule(sv->ctx, 0, &tick.sul, on_tick, LWS_US_PER_SEC);
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

/* Reads a decimal number lo..hi. */
static bool number_arg(const char *text, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (errno || *end || end == text || n < lo || n > hi) return false;
    *out = n;
    return true;
}

int server_main(int argc, char **argv) {
    const char *host = "127.0.0.1", *web = GW_WEB_DIR, *data = NULL, *cert = NULL, *key = NULL;
    long port = 8080, think_ms = THINK_MS, max_conns = MAX_CONNECTIONS, rate = RATE_LIMIT,
         evict_after = EVICT_AFTER, prune_after = PRUNE_AFTER;
    static const struct option LONG[] = {{"host", required_argument, NULL, 'H'},
                                         {"port", required_argument, NULL, 'p'},
                                         {"web", required_argument, NULL, 'w'},
                                         {"data", required_argument, NULL, 'd'},
                                         {"cert", required_argument, NULL, 'c'},
                                         {"key", required_argument, NULL, 'k'},
                                         {"think-ms", required_argument, NULL, 't'},
                                         {"max-connections", required_argument, NULL, 'm'},
                                         {"rate-limit", required_argument, NULL, 'r'},
                                         {"evict-after", required_argument, NULL, 'e'},
                                         {"prune-after", required_argument, NULL, 'P'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
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
        case 't':
            if (!number_arg(optarg, 1, 60000, &think_ms))
                return usage_error("--think-ms takes 1 to 60000, not '%s'", optarg);
            break;
        case 'm':
            if (!number_arg(optarg, 1, 1000000, &max_conns))
                return usage_error("--max-connections takes 1 to 1000000, not '%s'", optarg);
            break;
        case 'r':
            if (!number_arg(optarg, 0, 1000000, &rate))
                return usage_error("--rate-limit takes 0 to 1000000, not '%s'", optarg);
            break;
        case 'e':
            if (!number_arg(optarg, 0, 86400, &evict_after))
                return usage_error("--evict-after takes 0 to 86400, not '%s'", optarg);
            break;
        case 'P':
            if (!number_arg(optarg, 0, 315360000, &prune_after))
                return usage_error("--prune-after takes 0 to 315360000, not '%s'", optarg);
            break;
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
    char *web_path = sv.web, index_path[sizeof sv.web + 16];
    struct stat st;
    if (!realpath(web, web_path) || stat(web_path, &st) != 0 || !S_ISDIR(st.st_mode))
        return usage_error("--web: '%s' is not a folder", web);
    snprintf(index_path, sizeof index_path, "%s/index.html", web_path);
    if (stat(index_path, &st) != 0) return usage_error("--web: '%s' has no index.html", web);

    gw_session_config_default(&sv.base, GW_GAME_GERMAN);
    sv.base.limits.think_ms = (int)think_ms;
    sv.base.android_think_ms = (int)think_ms;
    sv.max_conns = (int)max_conns;
    sv.rate = (int)rate;
    sv.evict_after = evict_after;
    sv.prune_after = prune_after;
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
    if (open_store(&sv, data) != 0) {
        pool_stop(sv.pool);
        pool_free(sv.pool);
        lws_context_destroy(sv.ctx);
        if (loop) ev_loop_destroy(loop);
        return 1;
    }
    tick.sv = &sv;
    lws_sul_schedule(sv.ctx, 0, &tick.sul, on_tick, LWS_US_PER_SEC);
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
        game_flush_saves(&sv); /* the games changed in this turn of the loop (some with no socket to write) */
    }

    /* the workers finish what they run; thoughts not run are cancelled; every socket closes */
    sv.stopping = true;
    lws_sul_cancel(&tick.sul);
    pool_stop(sv.pool);
    game_stop_jobs(&sv);
    pool_free(sv.pool);
    sv.pool = NULL;
    lws_context_destroy(sv.ctx);
    if (loop) ev_loop_destroy(loop);
    /* every change was saved when it was made: a thought applied above is saved now */
    game_flush_saves(&sv);
    players_free(&sv);
    gw_store_close(sv.store);
    fprintf(stderr, "whist serve: stopped\n");
    return sv.exit_code;
}
