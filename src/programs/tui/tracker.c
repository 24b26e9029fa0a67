/* tracker.c: the card tracker, computed from what the seat may know. */
#include "tracker.h"

#include <string.h>

void tui_tracker_make(const gw_observation *o, tui_tracker *out) {
    memset(out, 0, sizeof *out);
    out->opp_known = o->opp_known;
    out->unseen = o->unseen;
    for (int s = 0; s < GW_SUITS; s++)
        out->unseen_count[s] = gw_count(out->unseen & gw_suit_cards(s));
    out->stock_hidden = o->stock_left > 0 ? o->stock_left - 1 : 0;
    out->opp_unknown = o->opp_hand_size - gw_count(o->opp_known);
}
