/* android_score.h: Android Whist scoring: points per hand, games to 5, rubbers of three games with their
 * values. */
#ifndef GW_ANDROID_SCORE_H
#define GW_ANDROID_SCORE_H

#include <stdbool.h>

#include "gw/android.h"
#include "gw/status.h"

#define GW_ANDROID_BOOK         (GW_ANDROID_TRICKS / 2) /* a side scores a point a trick over these six */
#define GW_ANDROID_GAME_POINTS  5                       /* a game is won by the first side to reach this */
#define GW_ANDROID_RUBBER_GAMES 3                       /* a rubber is the best of this many games */
#define GW_ANDROID_RUBBER_WON   (GW_ANDROID_RUBBER_GAMES / 2 + 1) /* games that win the rubber: 2 */
#define GW_ANDROID_RUBBER_BONUS 2 /* added to the rubber winner's game values */

/* A hand's score. Sides are named by their human: side 0 is player 1 with
 * their android, side 1 player 2 with theirs. */
typedef struct gw_android_hand_score {
    int tricks[2]; /* tricks of side 0 and side 1 */
    int winner;    /* the side with more than six tricks, -1 if neither */
    int points;    /* its tricks over six (0 when winner is -1) */
} gw_android_hand_score;

/* Scores tricks[0]-tricks[1]: the side with more than six scores one point
 * per trick over six. */
gw_android_hand_score gw_android_score_tricks(const int tricks[2]);

/* Scores a hand (finished or not) by its humans' sides. */
gw_android_hand_score gw_android_score_hand(const gw_android_game *g);

/* The value of a game won against a side that scored loser_points in it
 * (0 to 4): 3 (treble) for 0, 2 (double) for 1 or 2, 1 (single) for 3 or 4. */
int gw_android_game_value(int loser_points);

/* A rubber (best of three games) and the dealing between the two humans: a
 * plain value. Sides as in gw_android_hand_score. */
typedef struct gw_android_rubber {
    int next_dealer; /* the human who deals the next hand */
    int hands;       /* hands played in this rubber */
    int points[2];   /* game points in the game being played */
    int games[2];    /* games won */
    int values[2];   /* game values won, and the bonus once the rubber is over */
    int ngames;      /* games finished, 0..3 */
    int game_winner[GW_ANDROID_RUBBER_GAMES];
    int game_value[GW_ANDROID_RUBBER_GAMES];
    int winner; /* -1 until a side has won two games; then the side with more value */
    int margin; /* the winner's value less the loser's */
} gw_android_rubber;

/* What adding a hand did. */
typedef struct gw_android_progress {
    int points[2];   /* game points after the hand; a won game shows 5 and the loser's points */
    int game_winner; /* the side that won a game with this hand, else -1 */
    int game_value;  /* that game's value (0 if none) */
    bool rubber_over;
} gw_android_progress;

/* Starts a rubber whose first hand human first_dealer (0 or 1) deals. */
void gw_android_rubber_start(gw_android_rubber *r, int first_dealer);

/* Adds a finished hand's score: points to its winner (a game ends at 5,
 * points beyond are not carried), the game's value, and at two games the
 * rubber bonus, winner and margin; the deal passes to the other human.
 * GW_ESTATE if the rubber is over; GW_EINVAL for a score with no winner. */
gw_status gw_android_rubber_add(gw_android_rubber *r, gw_android_hand_score s, gw_android_progress *out,
                                gw_error *err);

/* Starts the next rubber: scores cleared, the dealing goes on alternating. */
void gw_android_rubber_next(gw_android_rubber *r);

#endif
