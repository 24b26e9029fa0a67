/* hosts.h: the host names whist serve answers for (docs/server.md, "Hosts"): a request's Host header and a
 * WebSocket's Origin must name one of them with the server's port, so a page of another site whose name
 * was made to point at this machine (DNS rebinding) reaches nothing. Pure: no I/O. */
#ifndef SERVER_HOSTS_H
#define SERVER_HOSTS_H

#include <stdbool.h>

/* The server's hosts: its --host address, the names of --allow-host, its port and scheme. */
typedef struct host_rules {
    const char *bound;        /* the address it listens on (--host) */
    const char *const *names; /* --allow-host names (n_names of them) */
    int n_names;
    int port; /* the port it listens on */
    bool tls; /* https and wss */
} host_rules;

/* Whether host_header (a Host header's value: NAME or NAME:PORT) names this server: the --host address,
 * any IP address literal when that is a wildcard address (0.0.0.0 or ::), localhost when it is a loopback
 * or wildcard address, or an --allow-host name (names compared without case); with the server's port, which
 * may be left out only when it is the scheme's default (80, or 443 under TLS). */
bool hosts_allow_host(const host_rules *r, const char *host_header);

/* Whether origin (an Origin header's value) is the scheme (http://, or https:// under TLS) followed by a
 * Host that hosts_allow_host accepts, and nothing else. */
bool hosts_allow_origin(const host_rules *r, const char *origin);

#endif
