/* layout.h: where everything goes on the table for a terminal size, and how cards are labelled (pure: no
 * curses, unit-tested). */
#ifndef GW_TUI_LAYOUT_H
#define GW_TUI_LAYOUT_H

#include <stdbool.h>

#include "gw/card.h"

/* The smallest terminal the table fits in. */
#define TUI_MIN_W 80
#define TUI_MIN_H 24

/* The smallest cards: a face-up card is a box 5 wide and 4 high; the opponent's backs are 3 high. Larger
 * terminals get larger cards (tui_layout's card_w, card_h, back_h). */
#define TUI_CARD_W 5
#define TUI_CARD_H 4
#define TUI_BACK_H 3

typedef struct tui_rect {
    int y, x, h, w;
} tui_rect;

/* Every region of the table. Rows and columns are 0-based screen cells. */
typedef struct tui_layout {
    int w, h;
    int card_w, card_h, back_h; /* the card sizes for this terminal */
    tui_rect area;              /* the table between the title and key lines, centred on large terminals */
    tui_rect title;             /* top line: rules, phase, trump */
    tui_rect opp;               /* the opponent's backs and, right of them, name and score */
    int opp_x0, opp_stride, opp_count;
    tui_rect stock;   /* left of the middle: trump, up-card, cards left */
    tui_rect trick;   /* centre: the current trick */
    tui_rect draws;   /* right of the trick: what each player drew */
    tui_rect message; /* two lines of news (who won, who drew what) */
    tui_rect hand;    /* own hand: per card row, a row for the raised (selected) card, the cards, a row for
                         hint values */
    int hand_x0, hand_stride, hand_count;
    int hand_rows;   /* 1, or 2 when stacked */
    int hand_split;  /* cards [0, hand_split) on the first row, the rest on the second */
    int row_y[2];    /* the raised row of each card row */
    int row_x0[2];   /* the first card's column on each row (each row is centred) */
    tui_rect you;    /* under the hand: name, score, turn marker */
    tui_rect status; /* a short reply to the last key (refusals, typed card) */
    tui_rect keys;   /* bottom line: key reminder */
} tui_layout;

/* Lays out a w x h terminal for hand_count own cards in one row and
 * opp_count backs. The card size grows with the terminal (5x4 up to 9x7)
 * and on large terminals the table is centred. Returns false (and fills
 * only w and h) when the terminal is smaller than TUI_MIN_W x TUI_MIN_H. */
bool tui_layout_compute(int w, int h, int hand_count, int opp_count, tui_layout *L);

/* As tui_layout_compute with the hand stacked in two rows: top_count cards
 * on the first (0 < top_count <= hand_count; tui_hand_split chooses it). A
 * terminal too short for two rows (fewer than 28 lines) keeps one row:
 * L->hand_rows says which. */
bool tui_layout_compute_stacked(int w, int h, int hand_count, int top_count, int opp_count, tui_layout *L);

/* Where a stacked hand of n cards in display order breaks: between two
 * suits, so that the rows are as even as they can be (on a tie, the longer
 * first row); n when the hand is one suit (or n < 2). */
int tui_hand_split(const gw_card *cards, int n);

/* The left column of own card i (0-based, in display order). */
int tui_layout_card_x(const tui_layout *L, int i);

/* The raised row of own card i's row (an unselected card is drawn one lower). */
int tui_layout_card_y(const tui_layout *L, int i);

/* The index of the own card shown at screen cell (y, x), or -1. Where cards
 * overlap, the visible (right-hand) one wins. */
int tui_layout_card_at(const tui_layout *L, int y, int x);

/* The cards of hand in display order: suits in gw_suit_order(trump, style),
 * high to low within a suit. Returns the count. */
int tui_hand_sorted(gw_cards hand, int trump, gw_suit_style style, gw_card out[GW_RANKS]);

/* A card's short label: "10♥", "Q♠" (UTF-8) or "10H", "QS" (ascii). */
void tui_card_label(gw_card c, bool ascii, char out[8]);

/* A suit's symbol: "♥" (UTF-8) or "H" (ascii). */
const char *tui_suit_label(int suit, bool ascii);

/* The display width of a label (its characters; the suit symbols are one
 * column wide). */
int tui_label_width(const char *s);

/* Replaces each middle dot "·" of text with '-' (for terminals without UTF-8). */
void tui_ascii_dots(char *text);

#endif
