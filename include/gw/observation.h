/* observation.h: what one seat may know of a hand; the only view computer players get. */
#ifndef GW_OBSERVATION_H
#define GW_OBSERVATION_H

#include "gw/game.h"

/* Everything player `seat` may know, and nothing else: own hand, every card
 * played, every up-card and who took it, the stock's size, and the
 * opponent's cards that these reveal. A plain value. */
typedef struct gw_observation {
    int seat; /* 0 or 1 */
    gw_variant variant;
    int trump;
    int dealer;
    gw_phase phase;
    int turn;            /* who plays next */
    int leader;          /* who led the current trick */
    gw_card led;         /* the card led to the current trick, or GW_NO_CARD */
    gw_card upcard;      /* face-up stock card, or GW_NO_CARD */
    int stock_left;      /* cards in the stock, the up-card included */
    int trick_number;    /* 1-based number of the trick being played */
    gw_cards own;        /* the seat's hand */
    gw_cards played;     /* every card played */
    gw_cards upcards[2]; /* up-cards each player took */
    gw_cards opp_known;  /* cards known to be in the opponent's hand now */
    gw_cards unseen;     /* cards whose place the seat does not know (stock or opponent) */
    int opp_hand_size;
    int won[2][2]; /* tricks won: [phase][player] */
    int nmoves;
    gw_card moves[GW_MAX_DECK]; /* every card played, in order */
    int nups;
    gw_card ups[GW_MAX_DECK / 2]; /* the face-up card of each foreplay trick so far, in order */
    int ndraws;
    gw_card draws[GW_MAX_DECK / 2]; /* what the seat drew after each finished foreplay trick, in order */
} gw_observation;

/* The observation of player seat (0 or 1) in game g. */
void gw_observe(const gw_game *g, int seat, gw_observation *out);

/* The cards the seat may play now (empty if it is not its turn). */
gw_cards gw_observation_legal(const gw_observation *o);

#endif
