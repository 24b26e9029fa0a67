/* rollout.h: the expert's playout policy on a sampled deal (internal to src/engine/ai). */
#ifndef GW_ROLLOUT_H
#define GW_ROLLOUT_H

#include <stdbool.h>

#include "gw/game.h"
#include "gw/score.h"
#include "gw/solver.h"

/* The policy's card for the player to move in g (the foreplay): hard's
 * rules under stakes st, judged only from what that player may know in g. */
gw_card rollout_card(const gw_game *g, const gw_stakes *st);

/* Plays g with the policy for both players until the stock is empty, then
 * solves the endgame (g must not be over): endgame[p] and all[p] are each
 * player's tricks at the hand's end with best endgame play. */
void rollout_play(gw_game *g, gw_solver *solver, const gw_stakes *st, int endgame[2], int all[2]);

/* The same, with the last `exact` foreplay tricks played best by both on
 * g's full deal (0: none). */
void rollout_play_ex(gw_game *g, gw_solver *solver, const gw_stakes *st, int exact, int endgame[2],
                     int all[2]);

#endif
