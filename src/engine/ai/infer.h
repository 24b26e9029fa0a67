/* infer.h: how likely the opponent's foreplay plays are in a sampled world, under a model of its play
 * (internal to src/engine/ai). */
#ifndef GW_INFER_H
#define GW_INFER_H

#include "gw/game.h"
#include "gw/observation.h"
#include "gw/score.h"

/* The likelihood (up to a constant factor, in (0, 1]) of the opponent's
 * foreplay cards in o given the complete deal of world w (w's deck, dealer
 * and variant; its moves are o's): the moves are replayed and each of the
 * opponent's is scored against what the playout policy (rollout_card, which
 * judges only from what that player could know then) would have played
 * there: 1 for the same card or an equivalent, less for another card that
 * does the same to the trick (wins it or loses it, or leads the same suit),
 * least for the rest. */
double infer_likelihood(const gw_game *w, const gw_observation *o, const gw_stakes *st);

#endif
