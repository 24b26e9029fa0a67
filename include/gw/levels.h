/* levels.h: the computer players' levels of both games, by name: what settings, records and statistics
 * store, without the players themselves (ai.h, android_ai.h). */
#ifndef GW_LEVELS_H
#define GW_LEVELS_H

#include <stdbool.h>

/* German Whist (ai.h). */
typedef enum gw_ai_level {
    GW_AI_RANDOM = 0, /* any legal card, uniformly */
    GW_AI_EASY = 1,   /* wins cheap tricks for good up-cards and in the endgame, discards low; no memory */
    GW_AI_HARD = 2,   /* perfect memory: judges up-cards against the unseen cards; solves the endgame */
    GW_AI_EXPERT = 3, /* samples the hidden cards and evaluates each card by playout and exact endgames */
    GW_AI_ORACLE = 4, /* sees every card (cheats): for analysis only */
    GW_AI_LEVELS = 5
} gw_ai_level;

/* The level's name ("random", "easy", "hard", "expert", "oracle"; "?" out of range). */
const char *gw_ai_level_name(gw_ai_level level);
/* Parses a level's name ("greedy", the old name of easy, is accepted);
 * false if unknown. */
bool gw_ai_level_parse(const char *s, gw_ai_level *out);

/* Android Whist (android_ai.h). */
typedef enum gw_android_level {
    GW_ANDROID_RANDOM = 0, /* a random legal card; a random command among those not refused */
    GW_ANDROID_EASY = 1,   /* whist tactics; commands from what is public about its android's hand */
    GW_ANDROID_HARD = 2,   /* samples hidden hands that fit the view, plays each choice out in them */
    GW_ANDROID_LEVELS = 3
} gw_android_level;

/* The level's name: "random", "easy" or "hard" ("?" out of range). */
const char *gw_android_level_name(gw_android_level level);
/* Parses a level's name; false if unknown. */
bool gw_android_level_parse(const char *s, gw_android_level *out);

#endif
