/* hard_params.h: the tuned constants of hard's foreplay judgement, one set per scoring family and deck
 * (internal to src/engine/ai). */
#ifndef GW_AI_HARD_PARAMS_H
#define GW_AI_HARD_PARAMS_H

/* The constants of hard_foreplay (hard.c). Worths are in rank steps: a
 * card's worth is its rank (or its effective rank, see `effective`) plus
 * `trump_bonus` for a trump; the up-card's gain is its worth minus the mean
 * worth of the cards the loser of the trick may draw. The gains quoted are
 * new against old in bench/tune_hard (hard against hard, duplicate deals
 * of 3,000 to 4,000, 95% intervals about 0.07), each with the others in
 * place; docs/ai.md "hard's foreplay" has the commands. */
typedef struct hard_params {
    /* Fight for the up-card when its gain (+ trick) reaches this. Tuned by
     * coordinate ascent in tune_hard; flat: 0 to 5 within 0.1 trick. */
    double want;
    /* Spend a trump on a side up-card (ruff it, or lead a top trump) only
     * from this gain + trick; flat from 3 to 99. */
    double big;
    /* A trump's worth over a side card of the same rank. 13 (a trump over
     * any side card) for the endgame-trick rules; 11 under every (+0.1). */
    double trump_bonus;
    /* The foreplay trick's own worth in rank steps: 0 unless it scores
     * (the `every` rule), where 6 was best of 0 to 9 (+1.2 tricks a hand
     * over 0 in the classic deck, +0.7 in the small). */
    double trick;
    /* Leading for a wanted up-card with no sure winner: the side card of
     * highest worth if it is worth this much, else the cheapest side card.
     * 0 (always) against 99 (never, as before): +0.47 tricks a hand. */
    double attack;
    /* A sure trump winner is led for the up-card only if the up-card is
     * worth at least the trump plus this: 0 (not the ace of trumps for the
     * 2) against -99 (any, as before): +0.10; under every -4 (+0.1). */
    double trade;
    /* 1: a card's rank counts only the unplayed cards above it that the
     * player does not hold (the 10 with A K Q J played is an ace); 0: its
     * printed rank, as before (+0.07 tricks a hand). */
    int effective;
} hard_params;

/* clang-format off */
/* Today's hard before issue 15 (commit 2bfed89): kept to measure against
 * in bench/tune_hard.c. */
#define HARD_PARAMS_BASE {.want = 3, .big = 6, .trump_bonus = 13, .trick = 0, \
                          .trade = -99, .attack = 99, .effective = 0}

/* The sets in use (see docs/ai.md "hard's foreplay" for how they were
 * tuned). TRICKS: last13, difference and total (only endgame tricks
 * count); EVERY: every trick counts. */
#define HARD_PARAMS_TRICKS_CLASSIC {.want = 1, .big = 6, .trump_bonus = 13, .trick = 0, \
                                    .trade = 0, .attack = 0, .effective = 1}
#define HARD_PARAMS_TRICKS_SMALL {.want = 3, .big = 6, .trump_bonus = 13, .trick = 0, \
                                  .trade = 0, .attack = 0, .effective = 1}
#define HARD_PARAMS_EVERY_CLASSIC {.want = 3, .big = 6, .trump_bonus = 11, .trick = 6, \
                                   .trade = -4, .attack = 0, .effective = 1}
#define HARD_PARAMS_EVERY_SMALL {.want = 3, .big = 6, .trump_bonus = 11, .trick = 6, \
                                 .trade = -4, .attack = 0, .effective = 1}
/* clang-format on */

#endif
