/* rng.h: the seeded random number generator (xoshiro256**), the only source of chance. */
#ifndef GW_RNG_H
#define GW_RNG_H

#include <stdint.h>

/* Generator state: a plain value; copy it to save and restore a stream. */
typedef struct gw_rng {
    uint64_t s[4];
} gw_rng;

/* Seeds the generator; every seed (0 included) gives a good stream. */
void gw_rng_seed(gw_rng *rng, uint64_t seed);
/* The next 64 random bits. */
uint64_t gw_rng_next(gw_rng *rng);
/* A uniform integer in [0, n) without modulo bias; n must be at least 1. */
uint32_t gw_rng_below(gw_rng *rng, uint32_t n);
/* Shuffles n bytes in place (Fisher-Yates), every order equally likely. */
void gw_rng_shuffle(gw_rng *rng, uint8_t *items, int n);
/* SplitMix64 step: a well-mixed 64-bit value derived from x (for sub-seeds). */
uint64_t gw_mix64(uint64_t x);

#endif
