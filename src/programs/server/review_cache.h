/* review_cache.h: the reviews of the hands replayed lately, so that a hand is reviewed once: a hand's
 * review is the same every time (a fixed seed and number of worlds), so it is kept under the hand's id
 * (with a hash of the record it was worked out from), the least recently used dropped first once the
 * texts pass a byte budget. Used on the loop only (no lock). Zeroed, it is an empty cache. */
#ifndef SERVER_REVIEW_CACHE_H
#define SERVER_REVIEW_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define REVIEW_CACHE_BYTES   (8u * 1024u * 1024u) /* at most this much held, texts and entries */
#define REVIEW_CACHE_BUCKETS 1024

typedef struct review_entry review_entry;

typedef struct review_cache {
    review_entry *buckets[REVIEW_CACHE_BUCKETS];
    review_entry *newest, *oldest; /* the order of use */
    size_t bytes;                  /* held now */
    size_t budget;                 /* 0: REVIEW_CACHE_BYTES */
    int count;
} review_cache;

/* The review of hand id worked out from a record of hash `hash`, or NULL; a hit becomes the newest. The text
 * is the cache's: valid until the next review_cache_put or review_cache_clear. */
const char *review_cache_get(review_cache *rc, int64_t id, uint64_t hash);
/* Keeps a copy of text as hand id's review (replacing one kept), then drops the oldest over the budget. A
 * text larger than the budget, or no memory, keeps nothing. */
void review_cache_put(review_cache *rc, int64_t id, uint64_t hash, const char *text);
/* Frees every entry; rc is an empty cache after. */
void review_cache_clear(review_cache *rc);
/* A hash of a record's text (FNV-1a, 64 bits). */
uint64_t review_cache_hash(const char *text);

#endif
