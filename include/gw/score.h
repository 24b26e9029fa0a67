/* score.h: scoring a finished hand in the four systems (last13, every, difference, total). */
#ifndef GW_SCORE_H
#define GW_SCORE_H

#include <stdbool.h>

#include "gw/deck.h"

typedef enum gw_scoring {
    GW_LAST13 = 0,     /* endgame tricks over half, slam bonus (seed 003) */
    GW_EVERY = 1,      /* all tricks over half (seed 003) */
    GW_DIFFERENCE = 2, /* difference of endgame tricks (seed 004) */
    GW_TOTAL = 3       /* both players add their endgame tricks (seed 000) */
} gw_scoring;

/* How many scoring systems there are (the last one is GW_SCORINGS - 1). */
#define GW_SCORINGS 4

/* The outcome of one hand. */
typedef struct gw_hand_score {
    int counted[2]; /* tricks the system counts, per player */
    int winner;     /* the player with more counted tricks (0 or 1), -1 on a tie */
    int points[2];  /* what each player scores: only the winner does, but under
                       GW_TOTAL both score their counted tricks */
    bool slam;      /* last13 with every endgame trick */
} gw_hand_score;

/* The system's name: "last13", "every", "difference", "total" (shown to
 * players as "running total"). */
const char *gw_scoring_name(gw_scoring s);
/* Parses a system's name; false if unknown. */
bool gw_scoring_parse(const char *s, gw_scoring *out);

/* A scoring system's rule table in a deck: what it counts and what the hand's
 * winner scores. gw_score_hand follows it, and every text that states the
 * rules takes its numbers from here (never typed twice). */
typedef struct gw_scoring_rule {
    bool all_tricks; /* counts the tricks of both phases (every); else the endgame's */
    int tricks;      /* the tricks it counts in a hand, both players': 13 or 26 (small: 7 or 14) */
    int over;        /* the winner scores its counted tricks over this many; -1: not so (difference:
                        the difference of the two counts; total: each its own count) */
    int slam;        /* winning every counted trick scores this instead; 0: no slam */
} gw_scoring_rule;

/* The rule table of system s in deck v: last13 counts the endgame's tricks
 * over 6 (small: 3), a slam 10 (small: 5); every all tricks over 13 (small:
 * 6, as seed 003 states: 10 tricks to 4 scores 4); difference and total the
 * endgame's tricks. An unknown system gets the table of last13. */
gw_scoring_rule gw_scoring_rule_of(gw_variant v, gw_scoring s);

/* Scores a finished hand from the endgame tricks and all tricks of each
 * player (the rule table of gw_scoring_rule_of). */
gw_hand_score gw_score_hand(gw_variant v, gw_scoring s, const int endgame[2], const int all[2]);

/* What a hand is played for, as a computer player weighs it: the scoring
 * rule in force and, when target > 0, the match it may decide (the score
 * before the hand, by player). A plain value; {GW_LAST13, 0, {0, 0}} is
 * the default. */
typedef struct gw_stakes {
    gw_scoring scoring;
    int target;   /* the match's target, or 0: the hand's points alone */
    int score[2]; /* the match score before this hand (with target > 0) */
} gw_stakes;

/* What winning the match by a hand is worth beside the hand's points, under stakes with target > 0: more
 * than any hand's points, so that a player one hand from the end plays for the match first. */
#define GW_STAKES_MATCH 100.0

/* What a finished hand (endgame and all tricks per player) is worth to
 * player `seat`, in points of st's scoring rule: its points minus the
 * opponent's (last13 counts a slam as 10, or 5 in the small deck; every
 * counts the foreplay's tricks too). With st->target > 0, plus
 * GW_STAKES_MATCH if the hand's points take the match score (st->score)
 * to a win of the match for seat (gw_match_score_winner's rule: at or over
 * the target and ahead), minus it for a loss. st NULL: the default stakes. */
double gw_stakes_value(const gw_stakes *st, gw_variant v, int seat, const int endgame[2], const int all[2]);

#endif
