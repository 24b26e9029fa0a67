/* seeds.h: every seed derived from a match, rubber or arena seed, in one place, so that a game replays the
 * same in every front end. */
#ifndef GW_SEEDS_H
#define GW_SEEDS_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/status.h"

/* What a derived seed is for. */
typedef enum gw_seed_use {
    GW_SEED_COMPUTER = 0,   /* German Whist: the computer player at player `index` (0 or 1) of a match */
    GW_SEED_HINTS = 1,      /* the hint advisor of a match (index ignored) */
    GW_SEED_ARENA_DEAL = 2, /* arena deal `index` (0-based): `whist deal --seed` with it shows the deal */
    GW_SEED_ARENA_SEAT = 3, /* from an arena DEAL seed: the player at seat index % 2 in play index / 2 */
    GW_SEED_ANDROID_COMPUTER = 4 /* Android Whist: the computer playing human `index` (0 or 1) of a rubber */
} gw_seed_use;

/* The seed for `use` derived from seed (see gw_seed_use for index). */
uint64_t gw_seed_derive(uint64_t seed, gw_seed_use use, uint64_t index);

/* Android Whist in the arena: the human (0 or 1) who deals arena deal k of the run with this seed
 * (alternating from deal to deal). */
int gw_seed_arena_android_dealer(uint64_t seed, int k);

/* Reads a seed: decimal digits only (no sign, no blanks), 0 to 2^64-1
 * (18446744073709551615). False, with "the seed must be a whole number from
 * 0 to 18446744073709551615, not 'S'" in err (may be NULL), otherwise. The one
 * rule for every command, the full-screen game, the session's options and the
 * protocol. */
bool gw_seed_parse(const char *s, uint64_t *out, gw_error *err);

#endif
