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
 * there: 1 for the same card or an equivalent, m->same for another card
 * that does the same to the trick (wins it or loses it, or leads the same
 * suit), m->other for the rest. */
typedef struct infer_model {
    double same;  /* another card with the same effect on the trick as the policy's */
    double other; /* any other card */
} infer_model;

/* The factors the expert uses (measured with bench/bench_infer). */
extern const infer_model INFER_DEFAULT;

double infer_likelihood(const gw_game *w, const gw_observation *o, const gw_stakes *st, const infer_model *m);

/* For tuning (bench/bench_infer): the model and the number of candidate
 * worlds drawn for each one the expert evaluates (1: uniform worlds, no
 * weighting); defined in expert.c. */
struct gw_expert;
void expert_set_inference(struct gw_expert *e, const infer_model *m, int candidates);

#endif
