/* ai.c: the names of the computer player levels. */
#include "gw/ai.h"

#include <string.h>

static const char *const NAMES[GW_AI_LEVELS] = {"random", "easy", "hard", "expert", "oracle"};

const char *gw_ai_level_name(gw_ai_level level) {
    return (unsigned)level < GW_AI_LEVELS ? NAMES[level] : "?";
}

bool gw_ai_level_parse(const char *s, gw_ai_level *out) {
    if (strcmp(s, "greedy") == 0) { /* the old name of easy, in early records */
        *out = GW_AI_EASY;
        return true;
    }
    for (int i = 0; i < GW_AI_LEVELS; i++) {
        if (strcmp(s, NAMES[i]) == 0) {
            *out = (gw_ai_level)i;
            return true;
        }
    }
    return false;
}
