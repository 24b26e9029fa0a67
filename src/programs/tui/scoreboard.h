/* scoreboard.h: the end of a hand and of the match: tricks, points and why, the running score, the winner. */
#ifndef GW_TUI_SCOREBOARD_H
#define GW_TUI_SCOREBOARD_H

#include "app.h"

typedef enum tui_board_result {
    TUI_BOARD_NEXT,
    TUI_BOARD_NEW, /* the match is over: a new one with the same rules */
    TUI_BOARD_HOME,
    TUI_BOARD_REVIEW,
    TUI_BOARD_SIGNAL
} tui_board_result;

/* Shows the scoreboard of the hand just finished (match m, after it) and
 * waits: Enter (next hand; when the match is over, a new game), n (a new
 * game, when the match is over), r (review the hand), h, q or Esc (home).
 * While the terminal is too small only q acts. */
tui_board_result tui_scoreboard(tui_app *app, const gw_match *m, const gw_game *finished,
                                const gw_hand_score *hs);

#endif
