/* describe.h: the sentences the table shows: why a card is refused, what a trick did, how a hand scored
 * and what a scoring rule is called (pure: unit-tested). */
#ifndef GW_TUI_DESCRIBE_H
#define GW_TUI_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/game.h"
#include "gw/session.h"
#include "gw/score.h"

/* The table's words for the session's refusal r of the human's card c
 * (gw_session_check; led: the card led to the trick, v the deck): "You must
 * follow ♥: you hold that suit.", with the table's card and suit labels
 * (ASCII ones on a plain terminal); a refusal the table has no words of its
 * own for gets the session's sentence. NULL for GW_REFUSE_NONE. Never tells
 * where a card the player does not hold is. */
const char *tui_refusal(gw_refusal r, const char *sentence, gw_card c, gw_card led, gw_variant v, bool ascii,
                        char *buf, size_t cap);

/* The words both tables (tui_refusal, tui_android_refusal) have for refusal r of card c: none (NULL), must
 * follow, hand over, not held; any other refusal gets the session's sentence (or a general one). */
const char *tui_refusal_common(gw_refusal r, const char *sentence, gw_card c, gw_card led, bool ascii,
                               char *buf, size_t cap);

/* What a finished trick did, from the human's seat (0): who won and who
 * drew what ("You win with K♥ and take 7♣; the computer draws a hidden card."). */
void tui_trick_news(const gw_trick_event *ev, bool ascii, char *buf, size_t cap);

/* Why a hand scored what it did: "slam: 10", "8 tricks to 5: 2 over six",
 * "difference of 3 tricks", "7 tricks each: no score"; under running total
 * "you 8, the computer 5 endgame tricks". */
void tui_score_reason(const gw_hand_score *hs, gw_scoring s, char *buf, size_t cap);

/* The tricks seat p has won so far that the scoring rule counts: every trick
 * of both phases with every-trick scoring, the endgame's with last13 and
 * difference (the foreplay's do not score). */
int tui_counted_tricks(const gw_game *g, gw_scoring s, int p);

/* Those tricks as the table shows them, named so the player knows which:
 * "12 tricks (both phases)", "1 endgame trick". */
void tui_counted_text(const gw_game *g, gw_scoring s, int p, char *buf, size_t cap);
/* The same from the tricks won, [phase][player] (a view's). */
void tui_counted_won_text(const int won[2][2], gw_scoring s, int p, char *buf, size_t cap);

/* The name a screen shows for a scoring rule in a variant (seed 003's
 * words): "Last 13" (classic) or "Last 7" (small), "Every trick",
 * "Difference", "Running total"; a rule without a display name here shows its short name
 * (gw_scoring_name). One place, so that every screen says the same. */
const char *tui_scoring_label(gw_scoring s, gw_variant v);

/* Finds card c among the n cards of the hand on show: its index, or -1
 * with "You do not hold Q♠." in buf (the card is never said to be
 * elsewhere: that could reveal a hidden card). */
int tui_find_card(const gw_card *cards, int n, gw_card c, bool ascii, char *buf, size_t cap);

/* Typing a card at a table, a key at a time: a rank (a k q j 9..2, t where
 * the table has no other use for it, or 1 then 0) and then a suit (s h d c).
 * The rank a key names (0 for the 2 .. GW_RANK_A), or -1. */
int tui_rank_of_key(int ch);

/* What the key after a typed rank did. */
typedef enum tui_typed {
    TUI_TYPED_MORE, /* "1" then "0": the suit comes next */
    TUI_TYPED_CARD, /* a whole card: *card */
    TUI_TYPED_NONE  /* not a card: the typing is dropped */
} tui_typed;

/* Takes key ch after the rank in typed[0] ("1" waits for its "0" in
 * typed[1]); clears typed unless it answers TUI_TYPED_MORE. */
tui_typed tui_typed_key(char typed[2], int ch, gw_card *card);

/* A table's status line: the reply to the last key, and whether it is a refusal or a warning. */
typedef struct tui_status {
    char text[200];
    bool warn;
} tui_status;

/* Sets the status line to the printf-formatted text (cut to fit), a warning or not. */
void tui_status_set(tui_status *st, bool warn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Empties the status line (its warn flag stays as it was). */
void tui_status_clear(tui_status *st);

/* Shows the refusal no as a warning, or empties the line when no is NULL (the card is taken). */
void tui_status_refusal(tui_status *st, const char *no);

/* A table's key ch after a typed rank (tui_typed_key): on TUI_TYPED_MORE the status asks for the suit, on
 * TUI_TYPED_NONE it is emptied; TUI_TYPED_CARD leaves it to the caller (*card). */
tui_typed tui_typed_status(tui_status *st, char typed[2], int ch, gw_card *card);

#endif
