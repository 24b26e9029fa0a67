/* seeds.c: every seed derived from a match, rubber or arena seed (seeds.h): the rules line mode and the
 * arena have always used, so that their games and records stay the same. */
#include "gw/seeds.h"

#include "gw/rng.h"

/* Player 0's computer is told apart from player 1's (whose rule is line mode's). */
#define SEAT0_SALT 0x5EA7000000000000u

uint64_t gw_seed_derive(uint64_t seed, gw_seed_use use, uint64_t index) {
    switch (use) {
    case GW_SEED_COMPUTER: return gw_mix64(seed ^ 0xA1A1A1A1u ^ (index == 0 ? SEAT0_SALT : 0));
    case GW_SEED_HINTS: return gw_mix64(seed ^ 0x4E4E4E4Eu);
    case GW_SEED_ARENA_DEAL: return gw_mix64(gw_mix64(seed) + index);
    case GW_SEED_ARENA_SEAT: return gw_mix64(seed + 1 + index);
    case GW_SEED_ANDROID_COMPUTER: return gw_mix64(seed ^ 0xA17Du ^ (index == 0 ? SEAT0_SALT : 0));
    }
    return gw_mix64(seed);
}

int gw_seed_arena_android_dealer(uint64_t seed, int k) {
    return (int)((gw_mix64(seed) >> 63) ^ ((uint64_t)k & 1));
}

bool gw_seed_parse(const char *s, uint64_t *out, gw_error *err) {
    uint64_t x = 0;
    bool ok = *s != '\0';
    for (const char *c = s; ok && *c; c++) {
        unsigned digit = (unsigned)(*c - '0');
        if (*c < '0' || *c > '9' || x > (UINT64_MAX - digit) / 10)
            ok = false;
        else
            x = x * 10 + digit;
    }
    if (!ok) {
        gw_error_set(err, GW_EINVAL, 0, 0,
                     "the seed must be a whole number from 0 to 18446744073709551615, not '%s'", s);
        return false;
    }
    *out = x;
    return true;
}
