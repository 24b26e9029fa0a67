/* review_cache.c: the replays' reviews kept by hand id, least recently used dropped first (review_cache.h):
 * a hash table of chains over a list in the order of use. */
#include "review_cache.h"

#include <stdlib.h>
#include <string.h>

struct review_entry {
    review_entry *hnext;         /* in its bucket */
    review_entry *newer, *older; /* in the order of use */
    int64_t id;
    uint64_t hash;
    size_t size; /* what it holds: the entry and its text */
    char text[];
};

static size_t budget(const review_cache *rc) { return rc->budget ? rc->budget : REVIEW_CACHE_BYTES; }

static review_entry **bucket(review_cache *rc, int64_t id) {
    return &rc->buckets[(uint64_t)id % REVIEW_CACHE_BUCKETS];
}

static void unlink_use(review_cache *rc, review_entry *e) {
    if (e->newer)
        e->newer->older = e->older;
    else
        rc->newest = e->older;
    if (e->older)
        e->older->newer = e->newer;
    else
        rc->oldest = e->newer;
    e->newer = e->older = NULL;
}

static void link_newest(review_cache *rc, review_entry *e) {
    e->older = rc->newest;
    e->newer = NULL;
    if (rc->newest)
        rc->newest->newer = e;
    else
        rc->oldest = e;
    rc->newest = e;
}

static void drop(review_cache *rc, review_entry *e) {
    for (review_entry **p = bucket(rc, e->id); *p; p = &(*p)->hnext)
        if (*p == e) {
            *p = e->hnext;
            break;
        }
    unlink_use(rc, e);
    rc->bytes -= e->size;
    rc->count--;
    free(e);
}

static review_entry *find(review_cache *rc, int64_t id) {
    for (review_entry *e = *bucket(rc, id); e; e = e->hnext)
        if (e->id == id) return e;
    return NULL;
}

const char *review_cache_get(review_cache *rc, int64_t id, uint64_t hash) {
    review_entry *e = find(rc, id);
    if (!e || e->hash != hash) return NULL; /* not kept, or of another record under that id */
    unlink_use(rc, e);
    link_newest(rc, e);
    return e->text;
}

void review_cache_put(review_cache *rc, int64_t id, uint64_t hash, const char *text) {
    review_entry *old = find(rc, id);
    if (old) drop(rc, old);
    size_t len = strlen(text), size = sizeof(review_entry) + len + 1;
    if (size > budget(rc)) return;
    review_entry *e = malloc(size);
    if (!e) return;
    e->id = id;
    e->hash = hash;
    e->size = size;
    memcpy(e->text, text, len + 1);
    review_entry **b = bucket(rc, id);
    e->hnext = *b;
    *b = e;
    link_newest(rc, e);
    rc->bytes += size;
    rc->count++;
    while (rc->bytes > budget(rc))
        drop(rc, rc->oldest);
}

void review_cache_clear(review_cache *rc) {
    while (rc->oldest)
        drop(rc, rc->oldest);
    size_t keep = rc->budget;
    memset(rc, 0, sizeof *rc);
    rc->budget = keep;
}

uint64_t review_cache_hash(const char *text) {
    uint64_t h = 14695981039346656037u;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        h ^= *p;
        h *= 1099511628211u;
    }
    return h;
}
