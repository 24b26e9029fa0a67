/* android_table.h: drawing the Android Whist table from one human's view: four seats, the opposing android
 * face up, your android face down, the trick, tricks per side, game points and games in the rubber. */
#ifndef GW_TUI_ANDROID_TABLE_H
#define GW_TUI_ANDROID_TABLE_H

#include <stdbool.h>

#include "gw/android.h"
#include "gw/android_score.h"
#include "screen.h"

/* One frame of the Android Whist table. */
typedef struct tui_android_view {
    const gw_android_view *v;   /* what the human at the bottom may see */
    const gw_android_rubber *r; /* the rubber so far (game points, games) */
    const char *names[2];       /* the humans' names: "You", "Computer", "Player 1" ... */
    gw_suit_style order;
    int sel;                       /* the selected own card (display index), -1 for none */
    bool dim_illegal;              /* the human plays a card: dim the ones they may not */
    const gw_android_trick *shown; /* a finished trick to show, or NULL for the trick in play */
    const char *news[2];
    const char *status;
    bool status_warn;
    const char *keys;
} tui_android_view;

/* The screen position of a seat for the human at the bottom: 0 bottom, 1 left, 2 top, 3 right. */
static inline int tui_android_place(int viewer_seat, int seat) {
    return (seat - viewer_seat + GW_SEATS) % GW_SEATS;
}

/* Draws the frame (too-small message below 80x24); the caller shows it. */
void tui_android_draw(const tui_screen *s, const tui_android_view *av);

/* The human's cards in display order (as drawn); returns the count. */
int tui_android_hand(const tui_android_view *av, gw_card out[GW_RANKS]);

/* The left column of own card i, and the card at a screen cell (-1 if none), for mouse clicks. */
int tui_android_card_at(const tui_screen *s, int ncards, int y, int x);

#endif
