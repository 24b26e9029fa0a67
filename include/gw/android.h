/* android.h: one hand of Android Whist: seats, the androids' commands, the play, and each human's view. */
#ifndef GW_ANDROID_H
#define GW_ANDROID_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/card.h"
#include "gw/game.h"
#include "gw/status.h"

/* ---- seats and sides ---------------------------------------------------- */

/* Seats in clockwise order from the dealer: D (dealer, human), L (android on
 * the dealer's left), X (android across), N (non-dealer, human). */
enum { GW_SEAT_D = 0, GW_SEAT_L = 1, GW_SEAT_X = 2, GW_SEAT_N = 3, GW_SEATS = 4 };
/* Partnerships: D and X are the dealer's side, N and L the non-dealer's. */
enum { GW_SIDE_DEALER = 0, GW_SIDE_NONDEALER = 1 };

#define GW_ANDROID_DECK   52 /* the whole deck is dealt */
#define GW_ANDROID_TRICKS 13 /* tricks in a hand, cards in each hand */

/* The seat after s, clockwise. */
static inline int gw_seat_next(int s) { return (s + 1) % GW_SEATS; }
/* The partnership of a seat (GW_SIDE_DEALER for D and X). */
static inline int gw_seat_side(int s) { return s & 1; }
/* The partner of a seat (D and X, L and N). */
static inline int gw_seat_partner(int s) { return (s + 2) % GW_SEATS; }
/* True for L and X. */
static inline bool gw_seat_is_android(int s) { return s == GW_SEAT_L || s == GW_SEAT_X; }
/* The seat's letter: 'D', 'L', 'X' or 'N'. */
char gw_seat_char(int s);
/* The seat of human player p (0 = player 1, 1 = player 2) when human `dealer`
 * deals: D for the dealer, N for the other. */
static inline int gw_player_seat(int dealer, int p) { return p == dealer ? GW_SEAT_D : GW_SEAT_N; }
/* The human (0 or 1) at seat D or N, or whose android sits at L or X (the
 * human it partners). */
static inline int gw_seat_player(int dealer, int s) {
    return gw_seat_side(s) == GW_SIDE_DEALER ? dealer : 1 - dealer;
}

/* ---- commands ----------------------------------------------------------- */

/* What a human tells their android. duck, beat and high are for following;
 * the others for leading, or following right after an error. */
typedef enum gw_android_command {
    GW_CMD_DUCK = 0,
    GW_CMD_BEAT,
    GW_CMD_HIGH,
    GW_CMD_SPADES, /* GW_CMD_SPADES + suit: the lowest card of the suit */
    GW_CMD_HEARTS,
    GW_CMD_DIAMONDS,
    GW_CMD_CLUBS,
    GW_CMD_SHORTEST,
    GW_CMD_LONGEST,
    GW_CMD_HIGH_SPADES, /* GW_CMD_HIGH_SPADES + suit: the highest card of the suit */
    GW_CMD_HIGH_HEARTS,
    GW_CMD_HIGH_DIAMONDS,
    GW_CMD_HIGH_CLUBS,
    GW_CMD_HIGH_SHORTEST,
    GW_CMD_HIGH_LONGEST,
    GW_CMD_COUNT,
    GW_CMD_NONE = 0xFF /* in the log: a human's card */
} gw_android_command;

/* The command's name as records write it: "duck", "high-spades". */
const char *gw_android_command_name(gw_android_command c);
/* Parses a command name (any case; "high" and the rest joined by '-' or one
 * space). s need not be NUL-terminated. False if it names no command. */
bool gw_android_command_parse(const char *s, size_t len, gw_android_command *out);
/* True for duck, beat and high (the commands for following). */
static inline bool gw_android_command_follows(gw_android_command c) { return c <= GW_CMD_HIGH; }

/* What an android answers to a command. */
typedef enum gw_android_answer {
    GW_ANSWER_CARD = 0, /* it plays a card */
    /* errors: the android says "error" (public), nothing is played */
    GW_ANSWER_NO_LED_SUIT,   /* duck: it holds none of the suit led */
    GW_ANSWER_CANNOT_BEAT,   /* beat, high: it cannot beat the winning card and holds none of the suit led */
    GW_ANSWER_VOID_SUIT,     /* a named suit: it holds none */
    GW_ANSWER_MUST_FOLLOW,   /* the command's card is of another suit while it holds the suit led */
    GW_ANSWER_SHORTEST_TIE,  /* two or more non-trump suits tie for shortest */
    GW_ANSWER_NO_PLAIN_SUIT, /* shortest: it holds trumps only */
    GW_ANSWER_LONGEST_TIE,   /* two or more suits tie for longest */
    /* refusals: the command is not accepted in this situation; it is not an
     * error of the android, nothing happens and nothing is recorded */
    GW_ANSWER_NOT_LEADING, /* duck, beat or high when leading */
    GW_ANSWER_NOT_NOW      /* a suit, shortest or longest when following, no error before it */
} gw_android_answer;

/* True for the answers that are the android's errors. */
static inline bool gw_android_answer_is_error(gw_android_answer a) {
    return a >= GW_ANSWER_NO_LED_SUIT && a <= GW_ANSWER_LONGEST_TIE;
}

/* Everything a command's result depends on. */
typedef struct gw_android_situation {
    gw_cards hand;    /* the android's cards */
    int trump;        /* the trump suit */
    int nplayed;      /* cards in the trick so far: 0 when leading, up to 3 */
    gw_card trick[3]; /* those cards, the card led first */
    bool after_error; /* a command for this play failed already */
} gw_android_situation;

/* A command's result: the card, or GW_NO_CARD with an error or refusal. */
typedef struct gw_android_outcome {
    gw_android_answer answer;
    gw_card card;
} gw_android_outcome;

/* The card of the trick so far that wins it now (the trick must not be empty). */
gw_card gw_android_winning_card(int trump, const gw_card *trick, int n);

/* What the android plays for command c in situation s. */
gw_android_outcome gw_android_evaluate(const gw_android_situation *s, gw_android_command c);

/* Explains an error or refusal in words ("holds no hearts, the suit led",
 * "clubs and diamonds tie for shortest") into out (cap bytes; 128 suffice).
 * s and c must be those that gave the answer. Returns the length. */
int gw_android_answer_text(const gw_android_situation *s, gw_android_command c, gw_android_answer a,
                           char *out, int cap);

/* ---- one hand ----------------------------------------------------------- */

/* An android play may fail this many times; a further failing command is
 * refused (there are 15 commands and one always works). */
#define GW_ANDROID_MAX_ERRORS 16
/* The longest log of a hand: 52 cards and the errors of 26 android plays. */
#define GW_ANDROID_MAX_EVENTS (GW_ANDROID_DECK + 2 * GW_ANDROID_TRICKS * GW_ANDROID_MAX_ERRORS)

/* One public event: a human's card, an android's card with its command, or
 * an android's error. */
typedef struct gw_android_event {
    uint8_t seat;    /* who played or was commanded */
    uint8_t command; /* gw_android_command; GW_CMD_NONE for a human's card */
    uint8_t card;    /* the card played; GW_NO_CARD for an error */
    uint8_t answer;  /* gw_android_answer: GW_ANSWER_CARD or the error */
} gw_android_event;

/* The state of one hand: a plain value (copy it to try a line of play). */
typedef struct gw_android_game {
    gw_cards hand[GW_SEATS];       /* cards held, by seat */
    gw_cards played;               /* every card played so far */
    gw_card deck[GW_ANDROID_DECK]; /* deal order: card i went to seat (i + 1) % 4 */
    uint8_t dealer;                /* the human at D: 0 (player 1) or 1 (player 2) */
    uint8_t trump;                 /* suit of the turned card, deck[51] */
    uint8_t leader;                /* seat that led the current trick */
    uint8_t turn;                  /* seat to play */
    uint8_t ntrick;                /* cards in the current trick */
    gw_card trick[GW_SEATS];       /* the current trick, the card led first */
    uint8_t tricks_done;           /* completed tricks, 0..13 */
    uint8_t won[2];                /* tricks won, by side (GW_SIDE_DEALER, GW_SIDE_NONDEALER) */
    uint8_t errors;                /* failed commands in the current android play */
    uint16_t nevents;              /* events in the log */
    gw_android_event events[GW_ANDROID_MAX_EVENTS]; /* every play and error, in order */
} gw_android_game;

/* What completing a trick did (filled when a play completes one). */
typedef struct gw_android_trick {
    bool completed;          /* false: the trick goes on */
    int number;              /* 1-based */
    int leader;              /* seat */
    gw_card cards[GW_SEATS]; /* in playing order, the card led first */
    int winner;              /* seat */
} gw_android_trick;

/* Deals a hand: deck holds the 52 cards in deal order (card 1 to L, 2 to X,
 * 3 to N, 4 to D, ...; card 52 turns trump and stays with D); human `dealer`
 * (0 or 1) sits at D. Fails with a message if the deck is not the 52 cards
 * or dealer is neither. L leads. */
gw_status gw_android_deal(gw_android_game *g, const gw_card *deck, int dealer, gw_error *err);

/* The turned card (D's last card), which fixes trump. */
static inline gw_card gw_android_trump_card(const gw_android_game *g) { return g->deck[GW_ANDROID_DECK - 1]; }
/* True when all 13 tricks are played. */
static inline bool gw_android_over(const gw_android_game *g) { return g->tricks_done >= GW_ANDROID_TRICKS; }
/* The cards the seat to play may play (empty when the hand is over). */
gw_cards gw_android_legal(const gw_android_game *g);
/* Whether the human to play may play card c, and if not why
 * (GW_PLAY_IN_STOCK never occurs). */
gw_play_check gw_android_check(const gw_android_game *g, gw_card c);
/* The seat holding card c, or -1 if it has been played (or is no card). */
int gw_android_holder(const gw_android_game *g, gw_card c);
/* The situation of the android to play (its hand, the trick, whether a
 * command of this play failed). */
gw_android_situation gw_android_situation_now(const gw_android_game *g);

/* Plays card c for the human to play. GW_ESTATE if the hand is over or an
 * android is to play; GW_EILLEGAL if c may not be played (err says why);
 * nothing changes then. done, if not NULL, tells whether the trick ended. */
gw_status gw_android_play(gw_android_game *g, gw_card c, gw_android_trick *done, gw_error *err);

/* Gives command c to the android to play. GW_OK when the android answered:
 * *out holds the card it played or its error (logged in both cases); an error
 * lets suit, shortest and longest commands follow. GW_EILLEGAL (nothing
 * changes) when the command is refused in this situation, *out holding the
 * refusal; GW_ESTATE when the hand is over, a human is to play, or the play
 * already failed GW_ANDROID_MAX_ERRORS times and c fails too. */
gw_status gw_android_command_play(gw_android_game *g, gw_android_command c, gw_android_outcome *out,
                                  gw_android_trick *done, gw_error *err);

/* Tricks won by the side of human p (0 or 1). */
static inline int gw_android_player_tricks(const gw_android_game *g, int p) {
    return g->won[p == g->dealer ? GW_SIDE_DEALER : GW_SIDE_NONDEALER];
}

/* ---- what each human sees ----------------------------------------------- */

/* Everything human `player` may know, and nothing else: their hand, the
 * opposing android's hand (D sees L, N sees X), the turned card, every card
 * played and every command and error. Never their own android's hand nor
 * the other human's. A plain value. */
typedef struct gw_android_view {
    int player; /* 0 or 1 */
    int seat;   /* GW_SEAT_D or GW_SEAT_N */
    int dealer; /* the human at D */
    int trump;
    gw_card trump_card;      /* face up; it stays in D's hand until D plays it */
    gw_cards own;            /* the human's cards */
    int opposing_android;    /* GW_SEAT_L for D, GW_SEAT_X for N */
    gw_cards opposing_hand;  /* that android's cards */
    int held[GW_SEATS];      /* how many cards each seat holds */
    gw_cards played;         /* every card played */
    int leader, turn;        /* seats; turn is meaningless once the hand is over */
    int ntrick;              /* cards in the current trick */
    gw_card trick[GW_SEATS]; /* the current trick, the card led first */
    int tricks_done;
    int won[2]; /* tricks by side (GW_SIDE_DEALER, GW_SIDE_NONDEALER) */
    int errors; /* failed commands in the current android play */
    int nevents;
    gw_android_event events[GW_ANDROID_MAX_EVENTS]; /* every play, command and error, in order */
} gw_android_view;

/* The commands worth giving the android to play in view v, a bit per
 * gw_android_command: those the situation does not refuse (duck, beat and
 * high when following; a suit, shortest and longest when leading or after an
 * error) and that have not failed already for this card (they would fail
 * again). 0 when no android is to play. */
unsigned gw_android_commands_open(const gw_android_view *v);

/* The view of human `player` (0 or 1) of hand g; every byte of out is set. */
void gw_android_observe(const gw_android_game *g, int player, gw_android_view *out);

#endif
