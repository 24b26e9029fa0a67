/* layout.c: where everything goes on the table for a terminal size, and how cards are labelled. */
#include "layout.h"

#include <string.h>

static tui_rect rect(int y, int x, int h, int w) { return (tui_rect){y, x, h, w}; }

/* The widest spacing of n cards (stride 6, 5 or 4) that fits in width. */
static int stride_for(int n, int width, int card_w) {
    for (int s = card_w + 1; s >= card_w - 1; s--)
        if (n <= 1 || s * (n - 1) + card_w <= width) return s;
    return card_w - 1;
}

bool tui_layout_compute(int w, int h, int hand_count, int opp_count, tui_layout *L) {
    memset(L, 0, sizeof *L);
    L->w = w;
    L->h = h;
    if (w < TUI_MIN_W || h < TUI_MIN_H) return false;
    int extra = (h - TUI_MIN_H) / 3; /* taller terminals: air between the regions */
    if (extra > 4) extra = 4;
    L->title = rect(0, 0, 1, w);

    /* The opponent: up to 13 backs, 3 apart, then name and score. */
    L->opp_count = opp_count;
    L->opp_stride = 3;
    L->opp = rect(1 + extra / 2, 2, TUI_BACK_H, w - 4);
    L->opp_x0 = 2;

    /* The middle: label row, a card, label row. */
    int mid_y = 5 + extra;
    L->stock = rect(mid_y, 2, TUI_CARD_H + 2, 16);
    int trick_w = 2 * TUI_CARD_W + 10;
    L->trick = rect(mid_y, (w - trick_w) / 2, TUI_CARD_H + 2, trick_w);
    L->draws = rect(mid_y, L->trick.x + trick_w + 4, TUI_CARD_H + 2, w - (L->trick.x + trick_w + 4) - 1);
    L->message = rect(mid_y + TUI_CARD_H + 2 + extra / 2, 2, 2, w - 4);

    /* From the bottom: keys, status, you, hint values, the cards, the raised row. */
    L->keys = rect(h - 1, 0, 1, w);
    L->status = rect(h - 2, 2, 1, w - 4);
    L->you = rect(h - 3, 2, 1, w - 4);
    L->hand_count = hand_count;
    L->hand_stride = stride_for(hand_count, w - 4, TUI_CARD_W);
    int span = hand_count > 0 ? L->hand_stride * (hand_count - 1) + TUI_CARD_W : 0;
    L->hand_x0 = (w - span) / 2;
    L->hand = rect(h - 4 - TUI_CARD_H - 1, L->hand_x0, TUI_CARD_H + 2, span);
    return true;
}

int tui_layout_card_x(const tui_layout *L, int i) { return L->hand_x0 + i * L->hand_stride; }

int tui_layout_card_at(const tui_layout *L, int y, int x) {
    /* Rows: the raised row and the card rows (a raised card leaves its last row empty, which still selects
     * it). */
    if (y < L->hand.y || y >= L->hand.y + TUI_CARD_H + 1) return -1;
    for (int i = L->hand_count - 1; i >= 0; i--) {
        int cx = tui_layout_card_x(L, i);
        if (x >= cx && x < cx + TUI_CARD_W) return i;
    }
    return -1;
}

int tui_hand_sorted(gw_cards hand, int trump, gw_suit_style style, gw_card out[GW_RANKS]) {
    int order[GW_SUITS], n = 0;
    gw_suit_order(trump, style, order);
    for (int k = 0; k < GW_SUITS; k++) {
        gw_cards suit = hand & gw_suit_cards(order[k]);
        while (suit && n < GW_RANKS) {
            gw_card c = gw_last(suit);
            out[n++] = c;
            suit &= ~gw_bit(c);
        }
    }
    return n;
}

const char *tui_suit_label(int suit, bool ascii) {
    static const char *const LETTER[GW_SUITS] = {"S", "H", "D", "C"};
    return ascii ? LETTER[suit & 3] : gw_suit_symbol(suit);
}

void tui_card_label(gw_card c, bool ascii, char out[8]) {
    int r = gw_card_rank(c), n = 0;
    if (r == GW_RANK_T) {
        out[n++] = '1';
        out[n++] = '0';
    } else {
        out[n++] = gw_rank_char(r);
    }
    const char *s = tui_suit_label(gw_card_suit(c), ascii);
    size_t len = strlen(s);
    memcpy(out + n, s, len);
    out[n + (int)len] = '\0';
}

int tui_label_width(const char *s) {
    int w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80) w++; /* count UTF-8 lead bytes only */
    return w;
}

void tui_ascii_dots(char *text) {
    for (char *p = text; (p = strstr(p, "·")) != NULL;) {
        memmove(p + 1, p + 2, strlen(p + 2) + 1);
        *p = '-';
    }
}
