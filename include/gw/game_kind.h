/* game_kind.h: the two games whist plays, German Whist and Android Whist, by name. */
#ifndef GW_GAME_KIND_H
#define GW_GAME_KIND_H

#include <stdbool.h>

typedef enum gw_game_kind { GW_GAME_GERMAN = 0, GW_GAME_ANDROID = 1 } gw_game_kind;

/* The game's short name as options and the protocol write it: "german", "android" (records' Game tag
 * says "German Whist" or "Android Whist"). */
const char *gw_game_kind_name(gw_game_kind g);
/* Parses "german" or "android" (any case); false if it names neither. */
bool gw_game_kind_parse(const char *s, gw_game_kind *out);

#endif
