/* ai.h: computer players: from a seat's observation (never the full state) to a card. */
#ifndef GW_AI_H
#define GW_AI_H

#include <stdbool.h>

#include "gw/observation.h"
#include "gw/rng.h"

typedef enum gw_ai_level {
    GW_AI_RANDOM = 0, /* any legal card, uniformly */
    GW_AI_GREEDY = 1  /* wins cheap tricks for good up-cards and in the endgame, discards low otherwise */
} gw_ai_level;

/* The level's name ("random", "greedy"). */
const char *gw_ai_level_name(gw_ai_level level);
/* Parses a level's name; false if unknown. */
bool gw_ai_level_parse(const char *s, gw_ai_level *out);

/* The card the level plays for the seat whose turn it is in o. o must be
 * that seat's observation with at least one legal card. rng supplies every
 * random choice, so equal inputs give equal cards. */
gw_card gw_ai_choose(gw_ai_level level, const gw_observation *o, gw_rng *rng);

/* Level `random`: a uniformly random legal card. */
gw_card gw_ai_random(const gw_observation *o, gw_rng *rng);
/* Level `greedy`: see gw_ai_level. */
gw_card gw_ai_greedy(const gw_observation *o);

#endif
