/* hard.h: the hard level's foreplay judgement, shared with the expert's playouts (internal to src/engine/ai).
 */
#ifndef GW_AI_HARD_H
#define GW_AI_HARD_H

#include "gw/card.h"
#include "gw/observation.h"
#include "gw/score.h"

/* The foreplay card of a player who may play `legal`, the up-card being
 * `upcard` and `led` the card led (GW_NO_CARD when leading). `theirs`: the
 * cards the opponent may hold; `hidden`: those the loser of the trick may
 * draw (theirs without the opponent's known cards). */
gw_card hard_foreplay(gw_cards legal, gw_cards theirs, gw_cards hidden, gw_card upcard, gw_card led,
                      int trump, const gw_stakes *st);

/* The suits (bit s for suit s) of which the opponent surely holds no card
 * the seat has not seen: it failed to follow them and drew no hidden card
 * since. */
unsigned hard_voids(const gw_observation *o);

#endif
