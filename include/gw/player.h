/* player.h: a seat at the table (human, computer or, later, network), told what its seat sees and asked for
 * cards. */
#ifndef GW_PLAYER_H
#define GW_PLAYER_H

#include "gw/game.h"
#include "gw/observation.h"
#include "gw/status.h"

/* What one seat sees of a finished trick: both cards, the winner, its own
 * draw, and the opponent's draw only when it was the face-up card. */
typedef struct gw_seen_trick {
    int number;          /* 1-based trick number */
    int leader, winner;  /* 0 or 1 */
    gw_card cards[2];    /* [0] the card led, [1] the card that followed */
    gw_card own_draw;    /* what this seat drew, or GW_NO_CARD (endgame) */
    gw_card opp_draw;    /* the opponent's draw if it was the up-card, else GW_NO_CARD */
    gw_card next_upcard; /* the new face-up card, or GW_NO_CARD */
} gw_seen_trick;

/* The seat's view of a completed trick event (ev from gw_game_play). */
void gw_seen_trick_make(const gw_trick_event *ev, int seat, gw_seen_trick *out);

typedef struct gw_player gw_player;

/* What a kind of player does. Only `choose` is required. */
typedef struct gw_player_ops {
    /* A new hand was dealt; o is the seat's first observation. */
    void (*begin_hand)(gw_player *p, const gw_observation *o);
    /* The card to play now (o: the seat's observation, its turn). */
    gw_status (*choose)(gw_player *p, const gw_observation *o, gw_card *out, gw_error *err);
    /* A trick ended; o is the seat's observation after it. */
    void (*trick_done)(gw_player *p, const gw_observation *o, const gw_seen_trick *t);
    /* Cheating players only (the `oracle`, for analysis): the whole state
     * before each choice. Every other player leaves it NULL and is never
     * shown the state. */
    void (*reveal)(gw_player *p, const gw_game *g);
    /* Frees the player. */
    void (*destroy)(gw_player *p);
} gw_player_ops;

struct gw_player {
    const gw_player_ops *ops;
    const char *name; /* e.g. "hard", "human" */
    int seat;         /* 0 or 1, set by gw_player_sit */
};

/* Seats p (0 or 1). */
static inline void gw_player_sit(gw_player *p, int seat) { p->seat = seat; }
void gw_player_begin_hand(gw_player *p, const gw_observation *o);
/* Asks for a card; on success *out is the card (the caller still checks it
 * against the rules). */
gw_status gw_player_choose(gw_player *p, const gw_observation *o, gw_card *out, gw_error *err);
void gw_player_trick_done(gw_player *p, const gw_observation *o, const gw_seen_trick *t);
/* Shows g to the player if it is a cheating one; a no-op for the others. */
void gw_player_reveal(gw_player *p, const gw_game *g);
/* True for players that read the whole state (the oracle). */
bool gw_player_cheats(const gw_player *p);
void gw_player_free(gw_player *p);

#endif
