/* hosts.c: the Host and Origin checks of whist serve (hosts.h). */
#define _DEFAULT_SOURCE /* inet_pton, strncasecmp */
#include "hosts.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NAME_MAX_LEN 253 /* the longest DNS name */

/* An IPv4 dotted quad or an IPv6 address (without brackets). */
static bool ip_literal(const char *name, bool v6) {
    unsigned char buf[16];
    return inet_pton(v6 ? AF_INET6 : AF_INET, name, buf) == 1;
}

static bool wildcard(const char *a) { return strcmp(a, "0.0.0.0") == 0 || strcmp(a, "::") == 0; }

static bool loopback(const char *a) {
    unsigned char b[16];
    if (inet_pton(AF_INET, a, b) == 1) return b[0] == 127;
    return strcmp(a, "::1") == 0 || strcasecmp(a, "localhost") == 0;
}

bool hosts_allow_host(const host_rules *r, const char *h) {
    /* NAME, [V6], NAME:PORT or [V6]:PORT */
    char name[NAME_MAX_LEN + 1];
    const char *port = NULL;
    bool v6 = h[0] == '[';
    size_t n;
    if (v6) {
        const char *close = strchr(h, ']');
        if (!close) return false;
        n = (size_t)(close - h - 1);
        if (close[1] == ':')
            port = close + 2;
        else if (close[1] != '\0')
            return false;
        h++;
    } else {
        const char *colon = strchr(h, ':');
        n = colon ? (size_t)(colon - h) : strlen(h);
        if (colon) port = colon + 1;
    }
    if (n == 0 || n > NAME_MAX_LEN) return false;
    memcpy(name, h, n);
    name[n] = '\0';
    if (port) {
        /* decimal, no sign, no leading zero, the server's */
        if (!*port || *port == '0' || strlen(port) > 5) return false;
        for (const char *p = port; *p; p++)
            if (*p < '0' || *p > '9') return false;
        if (atoi(port) != r->port) return false;
    } else if (r->port != (r->tls ? 443 : 80)) {
        return false;
    }
    if (!v6 && strcasecmp(name, r->bound) == 0) return true;
    if (v6 && ip_literal(name, true) && strcmp(name, r->bound) == 0) return true;
    if (wildcard(r->bound) && ip_literal(name, v6)) return true;
    if (!v6 && strcasecmp(name, "localhost") == 0 && (wildcard(r->bound) || loopback(r->bound))) return true;
    if (v6) return false;
    for (int i = 0; i < r->n_names; i++)
        if (strcasecmp(name, r->names[i]) == 0) return true;
    return false;
}

bool hosts_allow_origin(const host_rules *r, const char *origin) {
    const char *scheme = r->tls ? "https://" : "http://";
    size_t n = strlen(scheme);
    if (strncmp(origin, scheme, n) != 0) return false;
    const char *h = origin + n;
    if (!*h || strpbrk(h, "/?#@ \t")) return false;
    return hosts_allow_host(r, h);
}
