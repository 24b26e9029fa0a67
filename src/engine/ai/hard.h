/* hard.h: the hard level's foreplay judgement, shared with the expert's playouts (internal to src/engine/ai).
 */
#ifndef GW_AI_HARD_H
#define GW_AI_HARD_H

#include "gw/card.h"
#include "gw/observation.h"
#include "gw/score.h"
#include "hard_params.h"

/* What the player to move knows in the foreplay, as hard judges it. */
typedef struct hard_view {
    gw_cards own;    /* the player's hand */
    gw_cards legal;  /* the cards it may play (own, or the suit led) */
    gw_cards theirs; /* the cards the opponent may hold */
    gw_cards hidden; /* those the loser of the trick may draw (theirs without the opponent's known cards) */
    gw_cards played; /* every card played so far */
    gw_card upcard;  /* the face-up stock card */
    gw_card led;     /* the card led, or GW_NO_CARD when leading */
    int trump;
    gw_variant variant;
} hard_view;

/* The constants hard plays with under stakes st (NULL: the default) in
 * deck v. */
const hard_params *hard_params_for(const gw_stakes *st, gw_variant v);

/* The foreplay card hard plays in view v with the constants p. */
gw_card hard_foreplay_with(const hard_view *v, const hard_params *p);

/* The foreplay card hard plays in view v under stakes st (NULL: the
 * default): hard_foreplay_with the constants of hard_params_for. */
gw_card hard_foreplay(const hard_view *v, const gw_stakes *st);

/* The suits (bit s for suit s) of which the opponent surely holds no card
 * the seat has not seen: it failed to follow them and drew no hidden card
 * since. */
unsigned hard_voids(const gw_observation *o);

/* The view of the seat to move in o (a foreplay observation), with its
 * inferred voids applied to `theirs`. */
hard_view hard_view_of(const gw_observation *o);

#endif
