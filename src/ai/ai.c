/* ai.c: the table of computer player levels and dispatch by level. */
#include "gw/ai.h"

#include <string.h>

static const char *const NAMES[] = {"random", "greedy"};

const char *gw_ai_level_name(gw_ai_level level) { return (unsigned)level < 2 ? NAMES[level] : "?"; }

bool gw_ai_level_parse(const char *s, gw_ai_level *out) {
    for (int i = 0; i < 2; i++) {
        if (strcmp(s, NAMES[i]) == 0) {
            *out = (gw_ai_level)i;
            return true;
        }
    }
    return false;
}

gw_card gw_ai_choose(gw_ai_level level, const gw_observation *o, gw_rng *rng) {
    switch (level) {
    case GW_AI_GREEDY: return gw_ai_greedy(o);
    case GW_AI_RANDOM: break;
    }
    return gw_ai_random(o, rng);
}
