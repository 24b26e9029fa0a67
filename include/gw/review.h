/* review.h: the analysis of a played hand: each card of a player judged from what that player could know
 * when it played it (the expert's estimate in the foreplay, the exact solver in the endgame), in points of
 * the scoring rule in force, and the hand's costliest decisions. */
#ifndef GW_REVIEW_H
#define GW_REVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/ai.h"
#include "gw/game.h"
#include "gw/score.h"
#include "gw/status.h"

/* Worlds a foreplay card is judged over by default: a classic hand's foreplay is analysed in about a
 * second (docs/ai.md, "Reviewing a hand"). */
#define GW_REVIEW_ITERATIONS 100
/* The default seed of the expert's worlds (a review is deterministic for a given seed and iterations). */
#define GW_REVIEW_SEED 1
/* How many of the costliest decisions a hand's summary lists. */
#define GW_REVIEW_WORST 3

/* The verdict on one card played, for the player who played it, in points of the stakes' rule (what the
 * hand is worth to that player at its end: its points minus the opponent's, gw_stakes_value). */
typedef struct gw_card_verdict {
    bool judged;       /* false: not reviewed (the other player's card, a phase left out, or no world fits) */
    gw_phase phase;    /* GW_FOREPLAY: the expert's estimate; GW_ENDGAME: exact */
    int seat;          /* who played it (0 or 1) */
    int trick;         /* 1-based trick number */
    gw_card card;      /* the card played */
    gw_card best;      /* the best card: the card played itself when it gave nothing away */
    gw_cards best_set; /* endgame: every legal card as good as the best; foreplay: the best card */
    double loss;     /* points given away against the best card (>= 0; 0 when the card was best or as good) */
    double se;       /* the loss's standard error over the worlds (0 when exact) */
    int lost_tricks; /* endgame only: the tricks given away against best play by both */
    int worlds;      /* foreplay: the worlds the expert sampled; endgame: 1 */
    bool forced;     /* the player had one legal card (loss 0, nothing sampled) */
} gw_card_verdict;

/* What gw_review_hand does. A plain value. */
typedef struct gw_review_options {
    gw_stakes stakes; /* the rule the points are in (target 0: the hand alone) */
    unsigned seats;   /* which players' cards: bit 0 player 1, bit 1 player 2 */
    bool foreplay;    /* judge foreplay cards (the expert: costs iterations worlds a card) */
    bool endgame;     /* judge endgame cards (the solver: exact, quick) */
    int iterations;   /* worlds per foreplay card (>= 1) */
    uint64_t seed;    /* the worlds' seed */
} gw_review_options;

/* The defaults: last13, both players, both phases, GW_REVIEW_ITERATIONS, GW_REVIEW_SEED. */
gw_review_options gw_review_defaults(gw_scoring scoring);

/* The review of a hand. A plain value. */
typedef struct gw_hand_review {
    int nmoves;                        /* cards replayed */
    gw_card_verdict card[GW_MAX_DECK]; /* card[i]: the verdict on move i */
    double loss[2], loss_se[2];        /* per player: the sum of its judged cards' losses, and its standard
                                          error (the square root of the sum of their variances) */
    double foreplay_loss[2], endgame_loss[2]; /* per player: the two parts of loss */
    int judged[2][2];                         /* [phase][player]: cards judged */
    int nworst[2];                            /* per player: how many of worst[] are used */
    int worst[2][GW_REVIEW_WORST]; /* per player: its costliest judged cards (move indexes), loss > 0,
                                      the largest first (ties: the earlier card) */
} gw_hand_review;

/* The verdict on card c, the next card of game g (not over), for the player to move (e is needed in the
 * foreplay, s in the endgame; the other may be NULL): in the foreplay the expert e judges it from that
 * player's observation alone (gw_observe: never a card hidden from it), under e's stakes
 * (gw_expert_set_stakes); in the endgame the solver s judges it exactly (both hands are known then) and the
 * tricks are converted to points of st. GW_EINVAL if c is not a legal card of g. */
gw_status gw_review_card(gw_expert *e, gw_solver *s, const gw_stakes *st, const gw_game *g, gw_card c,
                         gw_card_verdict *out, gw_error *err);

/* Reviews the hand dealt in `dealt` (no card played) as played by moves[0..nmoves) (a finished hand or
 * part of one), for the players and phases of opt; out is filled (unjudged cards have judged false).
 * Deterministic for given options. GW_EINVAL for bad options or a move that is not legal, GW_ENOMEM if
 * memory is short. */
gw_status gw_review_hand(const gw_game *dealt, const gw_card *moves, int nmoves, const gw_review_options *opt,
                         gw_hand_review *out, gw_error *err);

/* A review made card by card, so that a front end can show each verdict as soon as it is judged (a classic
 * hand's foreplay costs about a second in all). Opaque; gw_review_hand is the same review in one call. */
typedef struct gw_reviewer gw_reviewer;

/* Starts the review of the hand dealt in `dealt` (no card played) as played by moves[0..nmoves), for the
 * players and phases of opt; nothing is judged yet, but every verdict's card, seat, trick and phase are
 * filled (gw_reviewer_review). The moves are copied. GW_EINVAL for bad options or a move that is not
 * legal (err names it), GW_ENOMEM if memory is short; *out is then NULL. Free with gw_reviewer_free. */
gw_status gw_reviewer_new(const gw_game *dealt, const gw_card *moves, int nmoves,
                          const gw_review_options *opt, gw_reviewer **out, gw_error *err);
/* Judges the next card the options want judged, passing over the others: GW_OK with *move the index of the
 * move judged (its verdict in gw_reviewer_review(r)->card[*move]; judged may still be false when no world
 * fits), or -1 when nothing was left to judge. One call costs one card: opt.iterations worlds in the
 * foreplay, a solve in the endgame. An error (the solver cannot solve an endgame) leaves the review
 * incomplete; err says which move. The cards are judged in order, so the review is the same, card for
 * card, as gw_review_hand's. */
gw_status gw_reviewer_step(gw_reviewer *r, int *move, gw_error *err);
/* Whether every move was passed (the review is complete). */
bool gw_reviewer_done(const gw_reviewer *r);
/* The first move whose verdict is not final yet (nmoves when done): verdicts before it are final. */
int gw_reviewer_next(const gw_reviewer *r);
/* The review so far, owned by r: the verdicts judged and their sums, errors and costliest cards (those of
 * the whole hand once done). Valid until the next step or gw_reviewer_free. */
const gw_hand_review *gw_reviewer_review(const gw_reviewer *r);
/* Frees r (NULL is fine). */
void gw_reviewer_free(gw_reviewer *r);

/* A loss in points of the rule as the reviews write it: "1 point", "4 points", "0.42 points". Writes at
 * most cap bytes into buf and returns buf. */
const char *gw_review_points_text(double x, char *buf, size_t cap);

#endif
