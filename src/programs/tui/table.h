/* table.h: drawing the card table: both hands, the stock and trump, the trick, draws, scores and news. */
#ifndef GW_TUI_TABLE_H
#define GW_TUI_TABLE_H

#include <stdbool.h>

#include "gw/game.h"
#include "layout.h"
#include "match_state.h"
#include "screen.h"

/* Everything one frame of the table shows. */
typedef struct tui_view {
    const gw_game *g;
    const tui_match *m;
    gw_suit_style order;
    int sel;          /* the selected own card (display index) or -1 */
    bool dim_illegal; /* the human's turn: dim the cards they may not play */
    const gw_trick_event
        *shown;          /* a finished trick to show (with its draws), or NULL for the trick in play */
    bool opp_face_up;    /* the review: show the computer's hand */
    const char *news[2]; /* two lines of news */
    const char *status;  /* the reply to the last key */
    bool status_warn;    /* the status is a refusal or a warning */
    const char *keys;    /* the key reminder (NULL: the default one) */
    bool stacked;        /* the hand in two rows (the hand-display setting) */
    bool no_tracker;     /* the card tracker is off: the default reminder leaves out its key */
    int nvalues;         /* hint values under the cards */
    gw_card value_card[GW_RANKS];
    char value_text[GW_RANKS][8];
    gw_card value_best;
    bool pulse_trump; /* a trump just appeared: the trump sign blinks */
} tui_view;

/* Draws the frame (the caller shows it) and gives the layout used, for
 * mouse clicks. A terminal below the minimum gets the too-small message. */
void tui_draw_table(const tui_screen *s, const tui_view *v, tui_layout *out);

/* The cards of the human's hand in display order, as tui_draw_table shows them. */
int tui_view_hand(const tui_view *v, gw_card out[GW_RANKS]);

#endif
