/* serve.c: `whist serve`: its options, and one libwebsockets event loop that serves the web client's files
 * over HTTP (http.c) and one WebSocket per browser tab, whose handshake carries the player's identity (a
 * token cookie, issued in the handshake's answer when the browser has none); it counts every socket by
 * client address (peers.c) and keeps within the process's file limit. The players, games and messages are
 * in the files server_int.h lists. */
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
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h> /* malloc_trim */
#endif

#if defined(GW_HAVE_LIBEV)
#include <ev.h>
#endif
#include <libwebsockets.h>

#include "client_msg.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "server_int.h"

#define WORKERS_MAX            256   /* --workers at most */
#define THINK_MS               300   /* the computer's time per decision, by default */
#define MAX_CONNECTIONS        1024  /* open WebSockets at once, by default */
#define RATE_LIMIT             50    /* messages a second per connection, by default */
#define MAX_PER_ADDRESS        64    /* open sockets per client address, by default */
#define NEW_PLAYERS_PER_MINUTE 20    /* new identities per client address a minute, by default */
#define ALLOW_HOSTS_MAX        16    /* --allow-host names */
#define FD_RESERVE             64    /* file descriptors kept for the database, the loop and the rest */
#define HEADER_MAX             16384 /* bytes of a request's headers (cookies of other sites included) */
#define TRIM_AFTER             (1024 * 1024) /* bytes of queues freed before memory goes back to the system */
#define EVICT_AFTER            60            /* seconds an idle player stays in memory, by default */
#define PRUNE_AFTER            604800 /* seconds (a week) before a player that never finished a hand is pruned */

static const char USAGE[] =
    "Usage: whist serve [--host ADDRESS] [--port N] [--data DIR] [--web DIR] [--cert FILE --key FILE]\n"
    "                   [--engine FILE] [--think-ms N] [--max-connections N] [--rate-limit N] [--workers N]\n"
    "                   [--allow-host NAME]... [--max-per-address N] [--new-players-per-minute N]\n"
    "                   [--evict-after SECONDS] [--prune-after SECONDS]\n"
    "Play in a browser: serves the web client (DIR, default the source's web/) over\n"
    "HTTP and its games over a WebSocket at /ws, on ADDRESS only (default 127.0.0.1)\n"
    "and port N (default 8080; 0: any free port, printed on standard output).\n"
    "  --engine FILE         the engine in WebAssembly (whist-engine.js), served as js/whist-engine.js\n"
    "                        when DIR has none, so that the page plays the computer offline when this\n"
    "                        server is out of reach (default: the build's, when it was built:\n"
    "                        ./run.sh web-build; \"\": none)\n"
    "  --think-ms N          the computer's time per decision, 1 to 60000 (default 300)\n"
    "  --max-connections N   WebSockets open at once, 1 to 1000000 (default 1024; at most what the\n"
    "                        file limit allows); more are refused\n"
    "  --rate-limit N        messages a second one WebSocket may send (bursts of 2N), 0: no limit\n"
    "                        (default 50); one over gets the error rate_limited\n"
    "  --workers N           threads for the computer's decisions, 1 to 256 (default: the cores);\n"
    "                        hints and replays' reviews get half as many more, never more at once\n"
    "  --allow-host NAME     a host name the pages may be asked by (besides ADDRESS, and localhost\n"
    "                        on a loopback address); repeatable\n"
    "  --max-per-address N   sockets one client address may have open, 0: no limit (default 64)\n"
    "  --new-players-per-minute N\n"
    "                        new players one client address may make a minute, 0: no limit\n"
    "                        (default 20)\n"
    "  --evict-after SECONDS a player with no connection, everything saved, leaves memory after\n"
    "                        this long (default 60; 0: at once)\n"
    "  --prune-after SECONDS a player that never finished a hand and was not seen for this long\n"
    "                        is deleted with its unfinished games (default 604800, a week; 0: never)\n"
    "Stops cleanly on SIGTERM or SIGINT.\n";

static volatile sig_atomic_t stop_requested;

/* A worker finished a job: the loop wakes (LWS_CALLBACK_EVENT_WAIT_CANCELLED) and takes it back. */
static void wake_loop(void *ctx) { lws_cancel_service(ctx); }

/* A header's value (at most cap - 1 bytes) into out; false if it is missing or longer. */
static bool header(struct lws *wsi, enum lws_token_indexes h, char *out, int cap) {
    int n = lws_hdr_total_length(wsi, h);
    return n > 0 && n < cap && lws_hdr_copy(wsi, out, cap, h) >= 0;
}

/* ---- libwebsockets callbacks -------------------------------------------------------------- */

/* A TCP connection was accepted (wsi: the listener): refused when the server has all the sockets its file
 * limit allows, or this address has --max-per-address open; else its address is counted, and handed to the
 * connection's wsi when libwebsockets has made and adopted it (at once, in this same call: WSI_CREATE, then
 * SERVER_NEW_CLIENT_INSTANTIATED, or WSI_DESTROY if the adoption fails). */
static int socket_accepted(server *sv, const struct lws_filter_network_conn_args *a) {
    if (sv->accepting_counted) peers_close(sv->peers, sv->accepting); /* its wsi never came */
    sv->accepting = NULL;
    sv->accepting_wsi = NULL;
    sv->accepting_counted = false;
    if (sv->n_sockets >= sv->fd_cap) {
        server_log("%d sockets open, all the file limit allows: new connections are refused", sv->n_sockets);
        return 1;
    }
    peer *p = peers_open(sv->peers, (const struct sockaddr *)&a->cli_addr);
    if (!p) {
        server_log("a client address has all the sockets it may open: its next connections are refused");
        return 1;
    }
    sv->accepting = p;
    sv->accepting_counted = true;
    return 0;
}

static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                         size_t len) {
    server *sv = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_HTTP: return http_serve(sv, wsi, in ? (const char *)in : "/");
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION: return socket_accepted(sv, user);
    case LWS_CALLBACK_WSI_CREATE: /* the accepted socket's wsi (its opaque data is set after this) */
        if (sv && sv->accepting_counted && !sv->accepting_wsi) sv->accepting_wsi = wsi;
        return 0;
    case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED: /* adopted: the address goes with the wsi */
        if (sv && sv->accepting_wsi == wsi) {
            lws_set_opaque_user_data(wsi, sv->accepting);
            sv->accepting = NULL;
            sv->accepting_wsi = NULL;
            sv->accepting_counted = false;
            sv->n_sockets++;
        }
        return 0;
    case LWS_CALLBACK_WSI_DESTROY: {
        if (!sv) return 0;
        if (sv->accepting_wsi == wsi) { /* its adoption failed */
            peers_close(sv->peers, sv->accepting);
            sv->accepting = NULL;
            sv->accepting_wsi = NULL;
            sv->accepting_counted = false;
            return 0;
        }
        peer *p = lws_get_opaque_user_data(wsi);
        if (p) {
            lws_set_opaque_user_data(wsi, NULL);
            peers_close(sv->peers, p);
            sv->n_sockets--;
            sv->freed += HEADER_MAX; /* about what its header table and wsi took: for malloc_trim */
        }
        return 0;
    }
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: return 1; /* a WebSocket must ask for "whist" */
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (sv && sv->pool) game_drain_jobs(sv);
        return 0;
    default: return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* The handshake of a WebSocket: /ws, a Host and an Origin of this server, room for one more; then who it
 * is: exactly one well-formed token this server issued, or none (or an unknown or malformed one: a new
 * identity, issued with the answer), or two tokens (refused once open). 0 to go on, 1 to refuse. */
static int ws_filter(server *sv, struct lws *wsi, conn *c) {
    char uri[8], host[300], origin[300];
    if (!header(wsi, WSI_TOKEN_GET_URI, uri, (int)sizeof uri) || strcmp(uri, "/ws") != 0) return 1;
    if (!header(wsi, WSI_TOKEN_HOST, host, (int)sizeof host) || !hosts_allow_host(&sv->hosts, host)) return 1;
    if (!header(wsi, WSI_TOKEN_ORIGIN, origin, (int)sizeof origin) || !hosts_allow_origin(&sv->hosts, origin))
        return 1;
    if (sv->n_conns >= sv->max_conns) return 1; /* too many open at once */
    /* every Cookie header, however long (up to the header limit) */
    cookie_tokens t = {0};
    char *buf = NULL;
    for (int i = 0;; i++) {
        int n = lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_COOKIE, i);
        if (n <= 0) break;
        char *grown = realloc(buf, (size_t)n + 1);
        if (!grown) {
            free(buf);
            return 1;
        }
        buf = grown;
        int got = lws_hdr_copy_fragment(wsi, buf, n + 1, WSI_TOKEN_HTTP_COOKIE, i);
        if (got > 0) cookie_scan(&t, buf, (size_t)got);
    }
    free(buf);
    if (t.count >= 2) {
        c->refusal = "two_tokens";
        snprintf(
            c->refusal_msg, sizeof c->refusal_msg, "%s",
            "This browser sent two whist_token cookies (another site on this computer may have set one): "
            "clear this site's cookies, then reload.");
    } else if (t.count == 1 && t.well_formed && token_known(sv, t.first)) {
        memcpy(c->token, t.first, sizeof c->token);
    } else {
        c->new_identity = true; /* issued in the answer (LWS_CALLBACK_ADD_HEADERS), after lws's own checks */
    }
    return 0;
}

/* The handshake's answer is being written: a new identity is issued now (if this address may make one and
 * the store records it) and set as the cookie. */
static int ws_add_headers(server *sv, struct lws *wsi, conn *c, struct lws_process_html_args *args) {
    if (!c->new_identity || c->refusal) return 0;
    c->new_identity = false;
    if (!peers_new_identity(sv->peers, lws_get_opaque_user_data(wsi))) {
        c->refusal = "too_many_new_players";
        snprintf(c->refusal_msg, sizeof c->refusal_msg, "%s",
                 "Too many new players from your address in the last minute; try again in a minute.");
        return 0;
    }
    char why[120];
    if (!token_issue(sv, c->token, why, sizeof why)) {
        c->refusal = "not_saved";
        snprintf(c->refusal_msg, sizeof c->refusal_msg,
                 "A new player could not be recorded (%s); try again later.", why);
        return 0;
    }
    int n =
        snprintf(args->p, (size_t)args->max_len,
                 "Set-Cookie: " COOKIE_NAME "=%s; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict%s\r\n",
                 c->token, sv->tls ? "; Secure" : "");
    if (n < 0 || n >= args->max_len) return 1;
    args->p += n;
    args->max_len -= n;
    return 0;
}

static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    server *sv = lws_context_user(lws_get_context(wsi));
    conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: return ws_filter(sv, wsi, c);
    case LWS_CALLBACK_ADD_HEADERS: return ws_add_headers(sv, wsi, c, in);
    case LWS_CALLBACK_ESTABLISHED: {
        c->wsi = wsi;
        c->serial = ++sv->next_serial;
        c->counted = true;
        sv->n_conns++;
        if (!c->refusal && c->new_identity) { /* (never: the answer's headers issue it) */
            c->refusal = "server";
            snprintf(c->refusal_msg, sizeof c->refusal_msg, "%s", "No identity was issued; try again.");
        }
        if (c->refusal) { /* a fatal refusal: said, then closed (docs/protocol.md) */
            send_error(c, c->refusal, c->refusal_msg);
            c->close = true; /* after the error: nothing more is queued */
            return 0;
        }
        player_connect(sv,
                       c); /* the player from the store if need be (the token was checked in the handshake) */
        return 0;
    }
    case LWS_CALLBACK_RECEIVE: {
        if (!c->pl || c->killed) return 0;
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
            send_written(c, m);
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
            server_log("cannot create %s: %s", data, strerror(errno));
            return 1;
        }
        int n = snprintf(path, sizeof path, "%s/whist.db", data);
        if (n < 0 || (size_t)n >= sizeof path) {
            server_log("--data: the path is too long");
            return 1;
        }
    }
    gw_error err;
    if (gw_store_open(data ? path : NULL, &sv->store, &err) != GW_OK) {
        server_log("the database: %s", err.msg);
        return 1;
    }
    /* a commit after every card: into the write-ahead log, synced at checkpoints (docs/server.md) */
    if (gw_store_fast_commits(sv->store, &err) != GW_OK)
        server_log("every save waits for the disk: %s", err.msg);
    /* nobody is connected yet: no table waits in the lobby until its person comes back to it */
    if (gw_store_unlist_tables(sv->store, &err) != GW_OK) server_log("cannot empty the lobby: %s", err.msg);
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

/* Reads a decimal number lo..hi. */
static bool number_arg(const char *text, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (errno || *end || end == text || n < lo || n > hi) return false;
    *out = n;
    return true;
}

/* Raises the soft limit on open files to the hard one (a process may), and returns the soft limit. */
static long raise_file_limit(void) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return 1024;
    rlim_t want = rl.rlim_max;
    if (want == RLIM_INFINITY || want > (rlim_t)1 << 20) want = (rlim_t)1 << 20; /* the kernel's nr_open */
    if (rl.rlim_cur < want) {
        struct rlimit up = {want, rl.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &up) == 0) rl.rlim_cur = want;
    }
    return rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > (rlim_t)1 << 20 ? 1L << 20 : (long)rl.rlim_cur;
}

/* Once a second, on the loop: the database file checked (one deleted or replaced under the running server
 * would take every change since into a file nobody can open again, so the server stops instead, with a
 * message and exit status 1), the players' housekeeping (players_tick: eviction, stalled computers,
 * pruning), the log's counts of messages not written, the clients no longer followed, and the memory of
 * closed queues given back to the system. */
typedef struct ticker {
    lws_sorted_usec_list_t sul;
    server *sv;
} ticker;

static void tick(lws_sorted_usec_list_t *sul) {
    ticker *t = lws_container_of(sul, ticker, sul);
    server *sv = t->sv;
    gw_error err;
    if (gw_store_check_file(sv->store, &err) != GW_OK) {
        server_log("%s; stopping (start it again to use a fresh database)", err.msg);
        sv->exit_code = 1;
        stop_requested = 1;
        return;
    }
    players_tick(sv);
    tables_tick(sv);
    server_log_flush();
    peers_sweep(sv->peers);
    if (sv->freed >= TRIM_AFTER) {
#if defined(__GLIBC__)
        malloc_trim(0); /* glibc keeps freed pages otherwise: a flood's queues would stay resident */
#endif
        sv->freed = 0;
    }
    lws_sul_schedule(sv->ctx, 0, &t->sul, tick, LWS_US_PER_SEC);
}

int server_main(int argc, char **argv) {
    const char *host = "127.0.0.1", *web = GW_WEB_DIR, *data = NULL, *cert = NULL, *key = NULL,
               *engine = NULL;
    const char *allow[ALLOW_HOSTS_MAX];
    int n_allow = 0;
    long port = 8080, think_ms = THINK_MS, max_conns = MAX_CONNECTIONS, rate = RATE_LIMIT,
         evict_after = EVICT_AFTER, prune_after = PRUNE_AFTER;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long workers = cores < 1 ? 1 : cores > WORKERS_MAX ? WORKERS_MAX : cores;
    long per_address = MAX_PER_ADDRESS, new_per_minute = NEW_PLAYERS_PER_MINUTE;
    static const struct option LONG[] = {{"host", required_argument, NULL, 'H'},
                                         {"port", required_argument, NULL, 'p'},
                                         {"web", required_argument, NULL, 'w'},
                                         {"engine", required_argument, NULL, 'E'},
                                         {"data", required_argument, NULL, 'd'},
                                         {"cert", required_argument, NULL, 'c'},
                                         {"key", required_argument, NULL, 'k'},
                                         {"think-ms", required_argument, NULL, 't'},
                                         {"max-connections", required_argument, NULL, 'm'},
                                         {"rate-limit", required_argument, NULL, 'r'},
                                         {"workers", required_argument, NULL, 'W'},
                                         {"allow-host", required_argument, NULL, 'a'},
                                         {"max-per-address", required_argument, NULL, 'A'},
                                         {"new-players-per-minute", required_argument, NULL, 'n'},
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
        case 'W':
            if (!number_arg(optarg, 1, WORKERS_MAX, &workers))
                return usage_error("--workers takes 1 to 256, not '%s'", optarg);
            break;
        case 'A':
            if (!number_arg(optarg, 0, 1000000, &per_address))
                return usage_error("--max-per-address takes 0 to 1000000, not '%s'", optarg);
            break;
        case 'n':
            if (!number_arg(optarg, 0, 1000000, &new_per_minute))
                return usage_error("--new-players-per-minute takes 0 to 1000000, not '%s'", optarg);
            break;
        case 'a': {
            bool ok = *optarg && strlen(optarg) <= 253;
            for (const char *q = optarg; *q && ok; q++)
                ok = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') ||
                     *q == '-' || *q == '.';
            if (!ok)
                return usage_error("--allow-host takes a host name (letters, digits, '-', '.'), not '%s'",
                                   optarg);
            if (n_allow == ALLOW_HOSTS_MAX) return usage_error("%s", "--allow-host: at most 16 names");
            allow[n_allow++] = optarg;
            break;
        }
        case 'e':
            if (!number_arg(optarg, 0, 86400, &evict_after))
                return usage_error("--evict-after takes 0 to 86400, not '%s'", optarg);
            break;
        case 'P':
            if (!number_arg(optarg, 0, 315360000, &prune_after))
                return usage_error("--prune-after takes 0 to 315360000, not '%s'", optarg);
            break;
        case 'w': web = optarg; break;
        case 'E': engine = optarg; break;
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
    /* the engine: --engine's file must be there; the build's is served when it is */
    if (engine && *engine &&
        (!realpath(engine, sv.engine) || stat(sv.engine, &st) != 0 || !S_ISREG(st.st_mode) ||
         access(sv.engine, R_OK) != 0))
        return usage_error("--engine: cannot read '%s'", engine);
    if (!engine && (!realpath(GW_ENGINE_FILE, sv.engine) || access(sv.engine, R_OK) != 0)) sv.engine[0] = 0;

    /* Every socket is a file descriptor: take all the process may have, keep FD_RESERVE for the database,
     * the loop and the rest, and never accept more sockets than that (libwebsockets would spin on accept's
     * EMFILE); the WebSockets are some of those sockets. */
    long files = raise_file_limit();
    sv.fd_cap = (int)(files > 2 * FD_RESERVE ? files - FD_RESERVE : files / 2);
    if (max_conns > sv.fd_cap) {
        server_log(
            "--max-connections %ld is more than the %d sockets its file limit allows (ulimit -n %ld): %d",
            max_conns, sv.fd_cap, files, sv.fd_cap);
        max_conns = sv.fd_cap;
    }

    gw_session_config_default(&sv.base, GW_GAME_GERMAN);
    sv.base.limits.think_ms = (int)think_ms;
    sv.base.android_think_ms = (int)think_ms;
    sv.max_conns = (int)max_conns;
    sv.rate = (int)rate;
    sv.evict_after = evict_after;
    sv.prune_after = prune_after;
    sv.base.clock = gw_monotonic_clock();
    sv.base.undo = true;
    sv.hosts.bound = host;
    sv.hosts.names = allow;
    sv.hosts.n_names = n_allow;
    sv.hosts.tls = cert != NULL;
    sv.peers = peers_new((int)per_address, (int)new_per_minute);
    if (!sv.peers) {
        server_log("out of memory");
        return 1;
    }

    /* Every HTTP answer's security headers (libwebsockets adds the vhost's to each status line): scripts,
     * styles, images and the WebSocket from this server only, nothing inline, no framing, no sniffing, no
     * referrer; HTTPS only from the first visit on, under TLS. 'wasm-unsafe-eval' lets the page's Web Worker
     * compile the WebAssembly engine (web/js/engine-worker.js, offline play); worker-src: the worker and
     * the service worker (web/sw.js) from this server only. */
    static const struct lws_protocol_vhost_options HSTS = {NULL, NULL,
                                                           "strict-transport-security:", "max-age=31536000"};
    static const struct lws_protocol_vhost_options REFERRER = {NULL, NULL, "referrer-policy:", "no-referrer"};
    static const struct lws_protocol_vhost_options NOSNIFF = {&REFERRER, NULL,
                                                              "x-content-type-options:", "nosniff"};
    static const struct lws_protocol_vhost_options CSP = {
        &NOSNIFF, NULL, "content-security-policy:",
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
        "img-src 'self'; connect-src 'self'; "
        "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"};
    struct lws_protocol_vhost_options referrer = REFERRER;
    if (cert) referrer.next = &HSTS;
    struct lws_protocol_vhost_options nosniff = NOSNIFF, csp = CSP;
    nosniff.next = &referrer;
    csp.next = &nosniff;

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = (int)port;
    info.iface = host;
    info.protocols = PROTOCOLS;
    info.user = &sv;
    info.headers = &csp;
    info.max_http_header_data = HEADER_MAX;
    /* without IPv6 the listener binds host only (with it, lws binds every address) */
    info.options = LWS_SERVER_OPTION_DISABLE_IPV6 | LWS_SERVER_OPTION_VALIDATE_UTF8;
    if (cert) {
        sv.tls = true;
        info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        info.ssl_cert_filepath = cert;
        info.ssl_private_key_filepath = key;
        /* HTTP/1.1 only: the handshake's cookie is written as HTTP/1.1 text */
        info.alpn = "http/1.1";
    }
    lws_set_log_level(LLL_ERR, server_log_lws);

#if defined(GW_HAVE_LIBEV)
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
#else
    sv.ctx = lws_create_context(&info); /* built without libev: lws's own poll() loop */
#endif
    if (!sv.ctx) {
        server_log("cannot listen on %s port %ld", host, port);
        peers_free(sv.peers);
#if defined(GW_HAVE_LIBEV)
        if (loop) ev_loop_destroy(loop);
#endif
        return 1;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(sv.ctx, "default");
    sv.hosts.port = vh ? lws_get_vhost_listen_port(vh) : (int)port;
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    gw_protocol_prepare_threads();           /* jansson's hash seed, before any thread exists */
    pthread_sigmask(SIG_BLOCK, &stop, &old); /* the workers inherit the mask */
    /* the decisions' workers, and half as many (at least one) for hints and reviews: pool.h */
    sv.pool = pool_new((int)workers, (int)(workers + 1) / 2, wake_loop, sv.ctx);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    int status = 0;
    if (!sv.pool) {
        server_log("cannot start the worker threads");
        status = 1;
    } else if (open_store(&sv, data) != 0) {
        pool_stop(sv.pool);
        pool_free(sv.pool);
        sv.pool = NULL;
        status = 1;
    }
    if (status != 0) {
        lws_context_destroy(sv.ctx);
#if defined(GW_HAVE_LIBEV)
        if (loop) ev_loop_destroy(loop);
#endif
        players_free(&sv);
        gw_store_close(sv.store);
        peers_free(sv.peers);
        return status;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    ticker tk;
    memset(&tk, 0, sizeof tk);
    tk.sv = &sv;
    lws_sul_schedule(sv.ctx, 0, &tk.sul, tick, LWS_US_PER_SEC);

    printf("whist serve: %s://%s:%d/\n", sv.tls ? "https" : "http", host, sv.hosts.port);
    fflush(stdout);

    while (!stop_requested) {
#if defined(GW_HAVE_LIBEV)
        if (loop)
            ev_run(loop, EVRUN_ONCE); /* a signal ends its wait too */
        else
#endif
            if (lws_service(sv.ctx, 0) < 0)
            break;
        game_flush_saves(&sv); /* the games changed in this turn of the loop (some with no socket to write) */
    }

    /* the workers finish what they run; thoughts not run are cancelled; every socket closes */
    sv.stopping = true;
    lws_sul_cancel(&tk.sul);
    pool_stop(sv.pool);
    game_stop_jobs(&sv);
    pool_free(sv.pool);
    sv.pool = NULL;
    lws_context_destroy(sv.ctx);
#if defined(GW_HAVE_LIBEV)
    if (loop) ev_loop_destroy(loop);
#endif
    /* every change was saved when it was made: a thought applied above is saved now */
    game_flush_saves(&sv);
    tables_free(&sv);
    players_free(&sv);
    review_cache_clear(&sv.reviews);
    gw_store_close(sv.store);
    http_files_free(&sv);
    peers_free(sv.peers);
    server_log_flush();
    server_log("stopped");
    return sv.exit_code;
}
