/* peers.c: whist serve's clients by address (server_int.h): the sockets each has open (every TCP connection,
 * a silent one too, counted from accept to close) and the new identities it may still make (a bucket of
 * --new-players-per-minute, refilled at that rate). An address is forgotten once it has nothing open and
 * its bucket is full again. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "server_int.h"

#define PEER_BUCKETS 1024

struct peer {
    struct peer *next; /* in its hash bucket */
    unsigned char addr[16];
    int open;         /* sockets open now */
    double allowance; /* new identities it may make now */
    uint64_t last_us; /* when allowance was last refilled */
};

struct peers {
    peer *buckets[PEER_BUCKETS];
    int per_address;    /* sockets open at once (0: no limit) */
    int new_per_minute; /* new identities a minute (0: no limit) */
    int count;          /* addresses known */
};

static uint64_t now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

peers *peers_new(int per_address, int new_per_minute) {
    peers *ps = calloc(1, sizeof *ps);
    if (!ps) return NULL;
    ps->per_address = per_address;
    ps->new_per_minute = new_per_minute;
    return ps;
}

void peers_free(peers *ps) {
    if (!ps) return;
    for (int b = 0; b < PEER_BUCKETS; b++)
        while (ps->buckets[b]) {
            peer *p = ps->buckets[b];
            ps->buckets[b] = p->next;
            free(p);
        }
    free(ps);
}

/* The address as 16 bytes (IPv4 as IPv4-mapped IPv6); false for another family. */
static bool addr_key(const struct sockaddr *sa, unsigned char key[16]) {
    memset(key, 0, 16);
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)(const void *)sa;
        key[10] = key[11] = 0xff;
        memcpy(key + 12, &in->sin_addr, 4);
        return true;
    }
    if (sa->sa_family == AF_INET6) {
        memcpy(key, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
        return true;
    }
    return false;
}

static unsigned bucket_of(const unsigned char key[16]) {
    uint32_t h = 2166136261u;
    for (int i = 0; i < 16; i++)
        h = (h ^ key[i]) * 16777619u;
    return h % PEER_BUCKETS;
}

/* The allowance refilled up to now. */
static void refill(const peers *ps, peer *p, uint64_t t) {
    double cap = ps->new_per_minute;
    p->allowance += (double)(t - p->last_us) * cap / 60e6;
    if (p->allowance > cap) p->allowance = cap;
    p->last_us = t;
}

/* Whether p can be forgotten: nothing open, its bucket full again. */
static bool idle(const peers *ps, peer *p, uint64_t t) {
    if (p->open > 0) return false;
    if (ps->new_per_minute <= 0) return true;
    refill(ps, p, t);
    return p->allowance >= ps->new_per_minute;
}

static void unlink_free(peers *ps, peer *p) {
    for (peer **pp = &ps->buckets[bucket_of(p->addr)]; *pp; pp = &(*pp)->next)
        if (*pp == p) {
            *pp = p->next;
            free(p);
            ps->count--;
            return;
        }
}

peer *peers_open(peers *ps, const struct sockaddr *sa) {
    unsigned char key[16];
    if (!addr_key(sa, key)) return NULL;
    unsigned b = bucket_of(key);
    peer *p = ps->buckets[b];
    while (p && memcmp(p->addr, key, 16) != 0)
        p = p->next;
    if (p && ps->per_address > 0 && p->open >= ps->per_address) return NULL;
    if (!p) {
        p = calloc(1, sizeof *p);
        if (!p) return NULL;
        memcpy(p->addr, key, 16);
        p->allowance = ps->new_per_minute;
        p->last_us = now_us();
        p->next = ps->buckets[b];
        ps->buckets[b] = p;
        ps->count++;
    }
    p->open++;
    return p;
}

void peers_close(peers *ps, peer *p) {
    if (!p) return;
    p->open--;
    if (idle(ps, p, now_us())) unlink_free(ps, p);
}

bool peers_new_identity(peers *ps, peer *p) {
    if (!p || ps->new_per_minute <= 0) return true;
    refill(ps, p, now_us());
    if (p->allowance < 1.0) return false;
    p->allowance -= 1.0;
    return true;
}

void peers_sweep(peers *ps) {
    uint64_t t = now_us();
    for (int b = 0; b < PEER_BUCKETS; b++)
        for (peer **pp = &ps->buckets[b]; *pp;) {
            peer *p = *pp;
            if (idle(ps, p, t)) {
                *pp = p->next;
                free(p);
                ps->count--;
            } else {
                pp = &p->next;
            }
        }
}

int peers_count(const peers *ps) { return ps->count; }
