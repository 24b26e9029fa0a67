/* match.h: a match of hands to a target score, with its seeded dealing and alternating dealer. */
#ifndef GW_MATCH_H
#define GW_MATCH_H

#include <stdint.h>

#include "gw/game.h"
#include "gw/score.h"

#define GW_TARGET_MIN     1
#define GW_TARGET_MAX     1000
#define GW_TARGET_DEFAULT 10

/* Settings of a match. */
typedef struct gw_match_rules {
    gw_variant variant;
    gw_scoring scoring;
    int target; /* GW_TARGET_MIN..GW_TARGET_MAX */
} gw_match_rules;

/* The state of a match: a plain value. */
typedef struct gw_match {
    gw_match_rules rules;
    uint64_t seed; /* the match seed everything is drawn from */
    gw_rng rng;
    int hands_played; /* finished hands */
    int next_dealer;  /* dealer of the next hand */
    int first_dealer;
    int score[2];
} gw_match;

/* Starts a match: checks the rules and draws the first dealer from seed. */
gw_status gw_match_start(gw_match *m, gw_match_rules rules, uint64_t seed, gw_error *err);
/* Deals the next hand into g; *hand_seed (if not NULL) receives the deal seed
 * the deck came from (gw_deck_from_seed gives the same deck). */
void gw_match_deal(gw_match *m, gw_game *g, uint64_t *hand_seed);
/* Scores a finished hand (g must be GW_OVER), adds each player's points to
 * the match score and passes the deal. */
gw_hand_score gw_match_finish_hand(gw_match *m, const gw_game *g);
/* The match-end rule, for every scoring system: given the match score after
 * a finished hand, the winner (0 or 1), or -1 while the match goes on. The
 * match ends after the hand in which a score reaches rules->target; the
 * higher score wins (under running-total scoring both may reach it in one
 * hand). Level scores at or over the target (possible only under running
 * total) play on: the match ends after the first hand that leaves one player
 * ahead, which is the next one, as a hand's tricks cannot split evenly. A
 * record checker calls this to know where a match must end. */
int gw_match_score_winner(const gw_match_rules *rules, const int score[2]);
/* gw_match_score_winner of m's rules and score. */
int gw_match_winner(const gw_match *m);

#endif
