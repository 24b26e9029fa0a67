/* match_state.h: the German Whist match at the table, held by the session (gw_session): starting one,
 * restoring the unfinished one from its record, the finished hands as games for the scoreboard and the
 * review, and the last trick as the human may see it (pure: no curses, no files). */
#ifndef GW_TUI_MATCH_STATE_H
#define GW_TUI_MATCH_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/ai.h"
#include "gw/match.h"
#include "gw/session.h"
#include "gw/text.h"

/* The human is player 1 (player 0 of the session); the computer player 2 (player 1). */
typedef struct tui_match {
    gw_session *s;    /* owns the match; NULL before a start or after a free */
    int64_t store_id; /* the match in the statistics database, 0 if none */
} tui_match;

/* The session's configuration for a match at the table: rules, seed, the
 * computer at level (or, computer false, an outside seat: for looking at a
 * saved match without thinking), the expert's think_ms with the host's clock,
 * undo on. */
void tui_match_config(gw_session_config *c, gw_match_rules rules, uint64_t seed, gw_ai_level level,
                      int think_ms, bool computer);

/* Starts a match from c (its first hand dealt) dated date ("YYYY.MM.DD"); m->store_id 0. */
gw_status tui_match_start(tui_match *m, const gw_session_config *c, const char *date, gw_error *err);

/* Sets the match's statistics row (the StoreMatch tag from the hand in play on; 0 removes it). */
void tui_match_set_store(tui_match *m, int64_t id);

/* Dates the hand in play ("YYYY.MM.DD"), for the Date tag. */
void tui_match_set_date(tui_match *m, const char *date);

/* The whole match so far as record text: finished hands and the hand in play. */
void tui_match_text(const tui_match *m, gw_text *out);

/* Rebuilds the unfinished match from the text tui_match_text wrote
 * (gw_session_restore with base for the seat kinds, limits and clock), its
 * statistics row and the Date of the hand in play. Fails with a message if
 * the text is not such a record or the match is over. */
gw_status tui_match_restore(tui_match *m, const gw_session_config *base, const char *text, size_t len,
                            gw_error *err);

/* Finished hand hand_no (1-based) of the match as dealt and as played out,
 * with its score: from its record (the whole deal is public once every card
 * is played). GW_EINVAL if there is no such hand. */
gw_status tui_match_finished_hand(const tui_match *m, int hand_no, gw_game *dealt, gw_game *finished,
                                  gw_hand_score *hs, gw_error *err);

/* The last finished trick of the hand in o as the seat of o saw it (the
 * opponent's hidden draw as GW_NO_CARD): false if none is finished yet. */
bool tui_last_trick(const gw_observation *o, gw_trick_event *out);

/* Frees the session. */
void tui_match_free(tui_match *m);

#endif
