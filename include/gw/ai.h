/* ai.h: computer players: from a seat's observation (never the full state) to a card. */
#ifndef GW_AI_H
#define GW_AI_H

#include <stdbool.h>

#include "gw/clock.h"
#include "gw/levels.h"
#include "gw/observation.h"
#include "gw/player.h"
#include "gw/rng.h"
#include "gw/score.h"
#include "gw/solver.h"

/* Exact values in the endgame, from the seat's observation o (the seat to
 * move; every unseen card is the opponent's): for each legal card the
 * seat's tricks from here, the current trick included, with best play by
 * both; *best (if not NULL) the most the seat can make. Returns the count
 * written (S H D C order, high to low), or -1 with a message in err (may be
 * NULL) if o is not an endgame position. */
int gw_endgame_values(gw_solver *s, const gw_observation *o, gw_card_value out[13], int *best, gw_error *err);

/* Level `random`: a uniformly random legal card. */
gw_card gw_ai_random(const gw_observation *o, gw_rng *rng);
/* Level `easy`: see gw_ai_level. st: what the hand is played for (NULL:
 * the default stakes). */
gw_card gw_ai_easy(const gw_observation *o, const gw_stakes *st);
/* Level `hard`: see gw_ai_level. solver: for the endgame (any table); st as
 * for easy. */
gw_card gw_ai_hard(const gw_observation *o, gw_solver *solver, const gw_stakes *st);

/* ---- expert ----------------------------------------------------------- */

#define GW_THINK_MS_DEFAULT 200

typedef struct gw_expert gw_expert;

/* How long the expert thinks: by time, by worlds sampled, or both
 * (whichever ends first; 0 switches a bound off, not both). With
 * iterations set and think_ms 0 its choices depend on the seed alone. The
 * time comes from the caller's clock (the engine reads none): a time bound
 * without a clock is refused (GW_EINVAL). The clock is borrowed: it must
 * outlive the expert. */
typedef struct gw_expert_limits {
    int think_ms;
    int iterations;
    const gw_clock *clock; /* needed when think_ms > 0; may be NULL otherwise */
} gw_expert_limits;

/* The expert's estimate for one legal card, over the sampled worlds after
 * playing it (exact in the endgame): what the hand is worth to the seat at
 * its end under the expert's stakes (gw_stakes_value: its points minus
 * the opponent's), and the tricks the scoring counts. */
typedef struct gw_card_estimate {
    gw_card card;
    double points; /* mean value in points of the stakes: what the card is ranked by */
    double tricks; /* mean tricks the scoring counts for the seat at the hand's end (the endgame's; every:
                      all) */
    double se;     /* the standard error of (first card's points - this card's), over the same worlds; 0 for
                      the first card and for exact values */
    int samples;   /* worlds sampled (1 when exact) */
} gw_card_estimate;

/* A new expert (free it with gw_expert_free); GW_EINVAL for negative
 * bounds, no bound at all, or a time bound without a clock. */
gw_status gw_expert_new(gw_expert_limits limits, uint64_t seed, gw_expert **out, gw_error *err);
void gw_expert_free(gw_expert *e);
/* What the expert plays for from its next estimate on (copied; NULL: the
 * default stakes, which a new expert has). */
void gw_expert_set_stakes(gw_expert *e, const gw_stakes *st);
/* Estimates every legal card of the seat to move in o (its turn) and
 * returns how many were written to out (at most 13), best first; in the
 * endgame the values are exact. */
int gw_expert_estimate(gw_expert *e, const gw_observation *o, gw_card_estimate out[13]);
/* The expert's card (the first of gw_expert_estimate). */
gw_card gw_expert_choose(gw_expert *e, const gw_observation *o);
/* The oracle's estimates (it cheats: for analysis only): every legal card
 * of the player to move in g, evaluated as the expert does but on the true
 * deal g instead of sampled ones. Written best first; returns the count. */
int gw_oracle_estimate(gw_expert *e, const gw_game *g, gw_card_estimate out[13]);

/* ---- players ---------------------------------------------------------- */

typedef struct gw_bot_options {
    gw_ai_level level;
    uint64_t seed;           /* every random choice comes from it */
    gw_expert_limits limits; /* expert only */
    gw_stakes stakes;        /* what it plays for (zero: the default stakes) */
} gw_bot_options;

/* A computer player of the given level (a gw_player: see player.h). */
gw_status gw_bot_new(const gw_bot_options *opt, gw_player **out, gw_error *err);
/* What a computer player plays for from its next card on (the session sets
 * it before each hand, with the match score); a no-op for a player that is
 * not one of gw_bot_new's. */
void gw_bot_set_stakes(gw_player *p, const gw_stakes *st);

#endif
