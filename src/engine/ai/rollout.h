/* rollout.h: the expert's playout policy on a sampled deal (internal to src/engine/ai). */
#ifndef GW_ROLLOUT_H
#define GW_ROLLOUT_H

#include "gw/game.h"
#include "gw/solver.h"

/* The policy's card for the player to move in g (the foreplay): hard's
 * rules, judged only from what that player may know in g. */
gw_card rollout_card(const gw_game *g);

/* Plays g with the policy for both players until the stock is empty, then
 * solves the endgame: returns player p's endgame tricks with best play
 * (those already won included). g must not be over. */
int rollout_value(gw_game *g, int p, gw_solver *solver);

#endif
