/* describe.h: the sentences the table shows: why a card is refused, what a trick did, how a hand scored
 * (pure: unit-tested). */
#ifndef GW_TUI_DESCRIBE_H
#define GW_TUI_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/game.h"
#include "gw/score.h"

/* Why the player to move in g may not play c ("you must follow ♥"), or
 * NULL if it may. Never tells where a card the player does not hold is. */
const char *tui_refusal(const gw_game *g, gw_card c, bool ascii, char *buf, size_t cap);

/* What a finished trick did, from the human's seat (0): who won and who
 * drew what ("You win with K♥ and take 7♣; the computer draws a hidden card."). */
void tui_trick_news(const gw_trick_event *ev, bool ascii, char *buf, size_t cap);

/* Why a hand scored what it did: "slam: 10", "8 tricks to 5: 2 over six",
 * "difference of 3 tricks", "7 tricks each: no score"; under running total
 * "you 8, the computer 5 endgame tricks". */
void tui_score_reason(const gw_hand_score *hs, gw_scoring s, char *buf, size_t cap);

#endif
