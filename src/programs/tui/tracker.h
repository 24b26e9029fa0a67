/* tracker.h: the card tracker: what a seat has not seen yet, suit by suit, and what it knows of the
 * opponent's hand (pure: from the observation only). */
#ifndef GW_TUI_TRACKER_H
#define GW_TUI_TRACKER_H

#include "gw/observation.h"

typedef struct tui_tracker {
    gw_cards unseen;    /* cards the seat has not seen: still hidden in the stock or the opponent's hand */
    gw_cards opp_known; /* cards the seat knows the opponent holds */
    int unseen_count[GW_SUITS];
    int stock_hidden; /* cards in the stock under the up-card */
    int opp_unknown;  /* cards in the opponent's hand the seat cannot name */
} tui_tracker;

void tui_tracker_make(const gw_observation *o, tui_tracker *out);

#endif
