/* match_state.h: the match at the table: the hands so far as record text, the hand in play, undo, and
 * rebuilding an unfinished match from its saved record (pure: no curses, no files). */
#ifndef GW_TUI_MATCH_STATE_H
#define GW_TUI_MATCH_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/ai.h"
#include "gw/match.h"
#include "gw/text.h"

/* The human is player 1 (seat 0); the computer player 2 (seat 1). */
typedef struct tui_match {
    gw_match match;
    gw_game game;  /* the hand in play, or the last one finished */
    gw_game dealt; /* that hand as dealt (for undo and the review) */
    uint64_t hand_seed;
    gw_ai_level level;
    bool in_hand;     /* a hand is dealt and not yet scored */
    bool assisted;    /* the hand in play had an undo */
    int64_t store_id; /* the match in the statistics database, 0 if none */
    char date[16];    /* "YYYY.MM.DD" of the hand in play */
    gw_text finished; /* record text of the finished hands */
} tui_match;

/* Starts a match (no hand dealt yet). Fails on bad rules. */
gw_status tui_match_start(tui_match *m, gw_match_rules rules, uint64_t seed, gw_ai_level level,
                          gw_error *err);

/* Deals the next hand, dated date ("YYYY.MM.DD"). */
void tui_match_deal(tui_match *m, const char *date);

/* Scores the finished hand in play and adds its record to `finished`. */
gw_hand_score tui_match_finish_hand(tui_match *m);

/* The record of hand `hand_no` from game g with this match's tags (Date,
 * players, MatchSeed, StoreMatch, Assisted, and the Score when finished). */
void tui_match_hand_text(const tui_match *m, const gw_game *g, int hand_no, bool assisted, gw_text *out);

/* The whole match so far as record text: finished hands and the hand in play. */
void tui_match_text(const tui_match *m, gw_text *out);

/* Takes back the human's last card of the hand in play and the computer's
 * cards after it; marks the hand assisted. False if the human has not
 * played in this hand. */
bool tui_match_undo(tui_match *m);

/* Rebuilds a match from the text tui_match_text wrote: replays every hand
 * from the match seed and checks each deal against the record. Fails with
 * a message if the text is not such a record or the match is over. */
gw_status tui_match_restore(tui_match *m, const char *text, size_t len, gw_error *err);

/* Frees the record text. */
void tui_match_free(tui_match *m);

#endif
