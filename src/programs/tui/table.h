/* table.h: drawing the card table: both hands, the stock and trump, the trick, draws, scores and news. */
#ifndef GW_TUI_TABLE_H
#define GW_TUI_TABLE_H

#include <stdbool.h>

#include "gw/game.h"
#include "gw/match.h"
#include "gw/session.h"
#include "layout.h"
#include "screen.h"

/* The position the table draws, from the human's seat: at play the
 * session's view (nothing hidden from the human), in the review the whole
 * deal of a finished hand. */
typedef struct tui_position {
    gw_variant variant;
    int trump;
    gw_phase phase;
    int trick_number; /* 1-based number of the trick in play */
    gw_cards own;     /* the human's hand */
    gw_cards opp;     /* the computer's hand: only in the review (opp_face_up), else 0 */
    int opp_count;    /* the computer's number of cards */
    int turn, leader;
    gw_card led;    /* the card led to the trick in play, or GW_NO_CARD */
    int stock_left; /* the up-card included */
    gw_card upcard; /* or GW_NO_CARD */
    gw_cards legal; /* what the human may play now (0 if it is not their turn) */
    int won[2][2];  /* tricks won: [phase][player] */
    gw_match_rules rules;
    int score[2];         /* the match score */
    const char *opponent; /* the computer's level ("hard") */
} tui_position;

/* The position of the human (player 0) in view v. */
void tui_position_of_view(const gw_view *v, const char *opponent, tui_position *out);
/* The position of g with both hands (the review), the match's rules and score. */
void tui_position_of_game(const gw_game *g, const gw_match *m, const char *opponent, tui_position *out);

/* Everything one frame of the table shows. */
typedef struct tui_view {
    const tui_position *p;
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
