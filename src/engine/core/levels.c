/* levels.c: the names of the computer players' levels, both games (levels.h). */
#include "gw/levels.h"

#include <string.h>

static const char *const NAMES[GW_AI_LEVELS] = {"random", "easy", "hard", "expert", "oracle"};
static const char *const ANDROID_NAMES[GW_ANDROID_LEVELS] = {"random", "easy", "hard"};

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

const char *gw_android_level_name(gw_android_level level) {
    return (unsigned)level < GW_ANDROID_LEVELS ? ANDROID_NAMES[level] : "?";
}

bool gw_android_level_parse(const char *s, gw_android_level *out) {
    for (int i = 0; i < GW_ANDROID_LEVELS; i++)
        if (strcmp(s, ANDROID_NAMES[i]) == 0) {
            *out = (gw_android_level)i;
            return true;
        }
    return false;
}
