/* stats.h: the player's statistics counted from the facts of finished hands and games (docs/stats.md):
 * German Whist per set of rules and opponent level, Android Whist per opponent, each with a total row. Pure
 * computation (the library gw_stats: no I/O, no clock), shared by the SQLite store (which reads the facts
 * from its tables, src/host) and the WebAssembly module (which gets them from the browser's store). */
#ifndef GW_STATS_H
#define GW_STATS_H

#include <stdbool.h>

/* Statistics for one set of rules (variant, scoring, target) and opponent
 * level, from the human's side. */
typedef struct gw_stats {
    char variant[16];         /* "classic", "small", or "all" for the total row */
    char opponent[16];        /* level name, or "all" */
    char scoring[16];         /* "last13", "every", ... (gw_scoring_name), or "all" */
    int target;               /* the match's win target; 0 in the total row */
    int matches, matches_won; /* finished matches (abandoned or unfinished ones not counted) */
    int hands, hands_won;     /* hands played; hands the human won (took more of the counted tricks) */
    int slams;                /* the human's slams */
    int longest_streak;       /* most hands won in a row (hands in the order played) */
    int current_streak;       /* hands won in a row, up to the last one */
    int assisted;             /* hands with an undo */
} gw_stats;

/* Android Whist statistics for one opponent, from player 1's side. */
typedef struct gw_android_stats {
    char opponent[16];          /* level name, "human", or "all" for the total row */
    int rubbers, rubbers_won;   /* finished rubbers (abandoned ones not counted) */
    int games, games_won;       /* games finished */
    int hands, hands_won;       /* hands played; hands where player 1's side scored */
    int points, points_against; /* hand points scored by player 1's side, and against it */
    int longest_streak;         /* most hands won in a row */
    int current_streak;         /* hands won in a row, up to the last one */
} gw_android_stats;

/* What a German Whist hand or match is counted under: its rules and the opponent (names longer than a
 * row's 15 characters are cut there). */
typedef struct gw_stats_key {
    const char *variant, *scoring, *opponent;
    int target;
} gw_stats_key;

/* German Whist statistics being counted. Zero it (or gw_stats_tally_init) before use; free it with
 * gw_stats_tally_free (or hand its rows over with gw_stats_tally_rows). */
typedef struct gw_stats_tally {
    gw_stats *rows; /* every key counted so far, in the order first seen */
    int count, cap;
    gw_stats total;
} gw_stats_tally;

void gw_stats_tally_init(gw_stats_tally *t);
void gw_stats_tally_free(gw_stats_tally *t);

/* Counts one finished hand of key k, hands in the order they were played (the streaks follow that order,
 * the total row's across keys): winner 0 the human, 1 the opponent, -1 a tie; slam: the hand's winner took
 * every counted trick (a slam counts for the human only); assisted: the human took back a card. false
 * without memory (nothing counted). */
bool gw_stats_count_hand(gw_stats_tally *t, const gw_stats_key *k, int winner, bool slam, bool assisted);

/* Counts one finished match of key k (won when winner is 0; abandoned or unfinished ones are not to be
 * counted), in any order with the hands: the total row always counts it, a key's row only if that key
 * has hands. false without memory. */
bool gw_stats_count_match(gw_stats_tally *t, const gw_stats_key *k, int winner);

/* The result: the rows of the keys that have hands, ordered by variant name, scoring rule (in gw_scoring
 * order; unknown names after), target, then level (random, easy, hard, expert, oracle; unknown names
 * after), followed by the "all" total row (target 0; zeros when nothing was counted): *count rows,
 * malloc'd (free() them). The tally is left empty (as after gw_stats_tally_init). NULL without memory
 * (the tally freed). */
gw_stats *gw_stats_tally_rows(gw_stats_tally *t, int *count);

/* The same for Android Whist, by opponent. */
typedef struct gw_android_tally {
    gw_android_stats *rows;
    int count, cap;
    gw_android_stats total;
} gw_android_tally;

void gw_android_tally_init(gw_android_tally *t);
void gw_android_tally_free(gw_android_tally *t);

/* Counts one finished hand against opponent, in the order played: winner the side that scored (0 player
 * 1's, 1 the other, -1 none), points what it scored, game_winner the side that won a game with this hand
 * (-1: none). false without memory. */
bool gw_android_count_hand(gw_android_tally *t, const char *opponent, int winner, int points,
                           int game_winner);

/* Counts one finished rubber against opponent (won when winner is 0), as gw_stats_count_match. */
bool gw_android_count_rubber(gw_android_tally *t, const char *opponent, int winner);

/* The rows of the opponents that have hands (the levels random, easy, hard in order, then "human", then
 * other names), then the "all" total row: *count rows, malloc'd. NULL without memory (the tally freed). */
gw_android_stats *gw_android_tally_rows(gw_android_tally *t, int *count);

#endif
