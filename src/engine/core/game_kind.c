/* game_kind.c: the games' names. */
#include "gw/game_kind.h"

#include <ctype.h>

const char *gw_game_kind_name(gw_game_kind g) { return g == GW_GAME_ANDROID ? "android" : "german"; }

/* True if s equals the lower-case word w, in any case. */
static bool same_word(const char *s, const char *w) {
    for (; *s && *w; s++, w++)
        if (tolower((unsigned char)*s) != *w) return false;
    return *s == *w;
}

bool gw_game_kind_parse(const char *s, gw_game_kind *out) {
    if (!s) return false;
    if (same_word(s, "german")) {
        *out = GW_GAME_GERMAN;
        return true;
    }
    if (same_word(s, "android")) {
        *out = GW_GAME_ANDROID;
        return true;
    }
    return false;
}
