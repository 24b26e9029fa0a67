/* game.h: one hand of German Whist as a state machine, from the deal to the last trick. */
#ifndef GW_GAME_H
#define GW_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/card.h"
#include "gw/deck.h"

/* Players are 0 and 1 (records call them player 1 and player 2). */
typedef enum gw_phase {
    GW_FOREPLAY = 0, /* the stock has cards: tricks are played for the up-card */
    GW_ENDGAME = 1,  /* the stock is empty: these tricks count */
    GW_OVER = 2      /* every card has been played */
} gw_phase;

/* Why a card may not be played (GW_PLAY_OK if it may). */
typedef enum gw_play_check {
    GW_PLAY_OK = 0,
    GW_PLAY_NOT_A_CARD,  /* not one of the variant's cards */
    GW_PLAY_IN_STOCK,    /* the card is still in the stock */
    GW_PLAY_PLAYED,      /* the card was played already */
    GW_PLAY_OTHER_HAND,  /* the opponent holds it */
    GW_PLAY_MUST_FOLLOW, /* the player holds the suit led and must follow */
    GW_PLAY_HAND_OVER    /* the hand is finished */
} gw_play_check;

/* The state of one hand: a plain value (copy it to try a line of play). */
typedef struct gw_game {
    gw_cards hand[2];                   /* cards held */
    gw_cards played;                    /* every card played so far */
    gw_cards upcards[2];                /* face-up stock cards each player took (played or not) */
    uint8_t deck[GW_MAX_DECK];          /* deal order, top first */
    uint8_t moves[2 * GW_MAX_DECK / 2]; /* every card played, in order */
    uint8_t variant;                    /* gw_variant */
    uint8_t trump;                      /* suit of the first up-card */
    uint8_t dealer;                     /* 0 or 1 */
    uint8_t leader;                     /* who leads the current trick */
    uint8_t turn;                       /* who plays next */
    uint8_t led;                        /* card led to the current trick, or GW_NO_CARD */
    uint8_t stock_pos;                  /* deck index of the up-card (== deck size: stock empty) */
    uint8_t tricks_done;                /* completed tricks, 0..26 */
    uint8_t nmoves;                     /* cards played */
    uint8_t won[2][2];                  /* tricks won: [phase][player] */
} gw_game;

/* What completing a trick did; filled by gw_game_play when a trick ends. */
typedef struct gw_trick_event {
    bool completed;   /* false: the card was led, the trick goes on */
    int number;       /* 1-based trick number */
    int leader;       /* who led it */
    gw_card cards[2]; /* [0] the card led, [1] the card that followed */
    int winner;
    gw_card drawn[2];    /* what each player drew (GW_NO_CARD in the endgame) */
    gw_card next_upcard; /* the new face-up card, or GW_NO_CARD */
} gw_trick_event;

/* Which card wins a trick: 0 if the led card, 1 if the follower's. */
static inline int gw_trick_winner(int trump, gw_card led, gw_card follow) {
    int same_suit = gw_card_suit(follow) == gw_card_suit(led);
    int higher = gw_card_rank(follow) > gw_card_rank(led);
    int ruff = gw_card_suit(follow) == trump;
    return same_suit ? higher : ruff;
}

/* Deals a hand from deck (the variant's cards in deal order) with the given
 * dealer (0 or 1). Fails with a message if the deck is not exactly the
 * variant's cards. */
gw_status gw_game_deal(gw_game *g, gw_variant v, const gw_card *deck, int dealer, gw_error *err);

/* The phase the hand is in. */
static inline gw_phase gw_game_phase(const gw_game *g) {
    gw_variant v = (gw_variant)g->variant;
    if (g->tricks_done >= 2 * gw_hand_size(v)) return GW_OVER;
    return g->stock_pos < gw_deck_size(v) ? GW_FOREPLAY : GW_ENDGAME;
}
/* Cards left in the stock (the up-card included). */
int gw_game_stock_left(const gw_game *g);
/* The face-up top card of the stock, or GW_NO_CARD when the stock is empty. */
gw_card gw_game_upcard(const gw_game *g);
/* The 1-based number of the trick being played (tricks_done + 1). */
int gw_game_trick_number(const gw_game *g);
/* The cards the player to move may play (empty when the hand is over). */
static inline gw_cards gw_game_legal(const gw_game *g) {
    if (gw_game_phase(g) == GW_OVER) return 0;
    gw_cards held = g->hand[g->turn];
    if (g->led == GW_NO_CARD) return held;
    gw_cards follow = held & gw_suit_cards(gw_card_suit(g->led));
    return follow ? follow : held;
}
/* Whether the player to move may play card c, and if not, why. */
gw_play_check gw_game_check(const gw_game *g, gw_card c);
/* Plays card c for the player to move. Returns GW_EILLEGAL (and changes
 * nothing) if c is not legal. ev, if not NULL, tells what the card did. */
gw_status gw_game_play(gw_game *g, gw_card c, gw_trick_event *ev);
/* Tricks won in the endgame by player p. */
int gw_game_endgame_tricks(const gw_game *g, int p);
/* Tricks won in the whole hand by player p. */
int gw_game_all_tricks(const gw_game *g, int p);

/* The player who led trick number n (1-based, n <= tricks_done + 1). */
int gw_game_trick_leader(const gw_game *g, int n);

#endif
