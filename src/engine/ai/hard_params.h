/* hard_params.h: the tuned constants of hard's foreplay judgement, one set per scoring family and deck
 * (internal to src/engine/ai). */
#ifndef GW_AI_HARD_PARAMS_H
#define GW_AI_HARD_PARAMS_H

/* The constants of hard_foreplay (hard.c). Worths are in rank steps: a
 * card's worth is its rank (or its effective rank, see `effective`) plus
 * `trump_bonus` for a trump; the up-card's gain is its worth minus the mean
 * worth of the cards the loser of the trick may draw. */
typedef struct hard_params {
    double want; /* fight for the up-card when gain + trick reaches this */
    double big;  /* spend a trump on a side up-card (ruff, or lead a top trump) from this gain + trick */
    double trump_bonus; /* a trump's extra worth over a side card of the same rank */
    double trick;       /* the foreplay trick's own worth (0 unless it counts: the `every` rule) */
    double spend;       /* following: per step of worth the winning card costs above the losing card */
    double length; /* losing a trick: per card of the suit, added to a card's cost (>0: shed short suits) */
    double attack; /* leading for a wanted up-card with no sure winner: lead the side card of highest
                      worth if it is worth this much (above an ace: never), else lead low */
    double trade;  /* leading a sure trump winner for the up-card only if the up-card is worth at least
                      the trump plus this (-99: whatever the trump) */
    int effective; /* 1: a card's rank counts only the unplayed cards above it that the player does not
                      hold (the 10 with A K Q J played is an ace); 0: its printed rank */
} hard_params;

/* clang-format off */
/* Today's hard before issue 15 (commit 2bfed89): kept to measure against
 * in bench/tune_hard.c. */
#define HARD_PARAMS_BASE {.want = 3, .big = 6, .trump_bonus = 13, .trick = 0, .spend = 0, .length = 0, \
                          .trade = -99, .attack = 99, .effective = 0}

/* The sets in use (see docs/ai.md "hard's foreplay" for how they were
 * tuned). TRICKS: last13, difference and total (only endgame tricks
 * count); EVERY: every trick counts. */
#define HARD_PARAMS_TRICKS_CLASSIC {.want = 1, .big = 6, .trump_bonus = 13, .trick = 0, .spend = 0, .length = 0, \
                                    .trade = 0, .attack = 0, .effective = 1}
#define HARD_PARAMS_TRICKS_SMALL {.want = 3, .big = 6, .trump_bonus = 13, .trick = 0, .spend = 0, .length = 0, \
                                  .trade = 0, .attack = 0, .effective = 1}
#define HARD_PARAMS_EVERY_CLASSIC {.want = 3, .big = 6, .trump_bonus = 11, .trick = 6, .spend = 0, .length = 0, \
                                   .trade = -4, .attack = 0, .effective = 1}
#define HARD_PARAMS_EVERY_SMALL {.want = 3, .big = 6, .trump_bonus = 11, .trick = 6, .spend = 0, .length = 0, \
                                 .trade = -4, .attack = 0, .effective = 1}
/* clang-format on */

#endif
