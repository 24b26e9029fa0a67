/* layout.c: where everything goes on the table for a terminal size, and how cards are labelled. */
#include "layout.h"

#include <string.h>

static tui_rect rect(int y, int x, int h, int w) { return (tui_rect){y, x, h, w}; }

/* The widest spacing of n cards (stride card_w + 1, card_w or card_w - 1) that fits in width. */
static int stride_for(int n, int width, int card_w) {
    for (int s = card_w + 1; s >= card_w - 1; s--)
        if (n <= 1 || s * (n - 1) + card_w <= width) return s;
    return card_w - 1;
}

/* The card sizes, largest first, and what each needs: at least min_w columns (13 cards with a column between
 * them), rows for the table plus air rows (see natural_height), and the widest table it makes (a wider
 * terminal centres it). The smallest size fits every terminal of TUI_MIN_W x TUI_MIN_H. */
typedef struct card_size {
    int w, h, back_h, opp_stride;
    int min_w, air;
    int table_w;
} card_size;

static const card_size SIZES[] = {
    {9, 7, 5, 5, 134, 4, 150},
    {7, 5, 4, 4, 108, 4, 124},
    {TUI_CARD_W, TUI_CARD_H, TUI_BACK_H, 3, TUI_MIN_W, 0, 100},
};
#define NSIZES ((int)(sizeof SIZES / sizeof SIZES[0]))

/* The rows the table needs with hand_rows rows of cards: title, the opponent (room for the review's face-up
 * hand), the middle (label row, a card, label row), two news lines, each card row (raised row, the card, hint
 * row), you, status and keys. */
static int natural_height(const card_size *cs, int hand_rows) {
    int opp = cs->h > cs->back_h ? cs->h : cs->back_h;
    return 1 + opp + (cs->h + 2) + 2 + hand_rows * (cs->h + 2) + 3;
}

static bool fits(const card_size *cs, int w, int h, int hand_rows) {
    return w >= cs->min_w && h >= natural_height(cs, hand_rows) + cs->air;
}

static int max_int(int a, int b) { return a > b ? a : b; }

static void place(int w, int h, const card_size *cs, int hand_rows, int hand_count, int top_count,
                  int opp_count, tui_layout *L) {
    L->card_w = cs->w;
    L->card_h = cs->h;
    L->back_h = cs->back_h;
    int tw = w < cs->table_w ? w : cs->table_w, ox = (w - tw) / 2;
    /* Spare rows: up to 8 become air between the regions, the rest centres the table. */
    int spare = h - natural_height(cs, hand_rows);
    int air = spare < 8 ? spare : 8, oy = (spare - air) / 2;
    int gap_opp = air / 4, gap_mid = air / 4, gap_news = air - gap_opp - gap_mid;
    L->area = rect(1, ox, h - 2, tw);
    L->title = rect(0, 0, 1, w);
    L->keys = rect(h - 1, 0, 1, w);

    /* The opponent: up to 13 backs, then name and score. */
    int top = 1 + oy;
    L->opp_count = opp_count;
    L->opp_stride = cs->opp_stride;
    L->opp = rect(top, ox + 2, cs->back_h, tw - 4);
    L->opp_x0 = ox + 2;

    /* The middle: stock, trick and draws, each a label row, a card and a label row. */
    int mid_y = top + max_int(cs->h, cs->back_h) + gap_opp;
    L->stock = rect(mid_y, ox + 2, cs->h + 2, max_int(16, 2 * cs->w + 1));
    int trick_w = 2 * cs->w + 10;
    L->trick = rect(mid_y, ox + (tw - trick_w) / 2, cs->h + 2, trick_w);
    int dx = L->trick.x + trick_w + 4;
    L->draws = rect(mid_y, dx, cs->h + 2, ox + tw - dx - 1);
    L->message = rect(mid_y + cs->h + 2 + gap_mid, ox + 2, 2, tw - 4);

    /* The hand: each row centred on the screen, both at one stride. */
    int hand_y = L->message.y + 2 + gap_news;
    int split = hand_rows == 2 ? top_count : hand_count;
    int widest = max_int(split, hand_count - split);
    L->hand_count = hand_count;
    L->hand_rows = hand_rows;
    L->hand_split = split;
    L->hand_stride = stride_for(widest, tw - 4, cs->w);
    int left = w, right = 0;
    for (int r = 0; r < hand_rows; r++) {
        int n = r == 0 ? split : hand_count - split;
        int span = n > 0 ? L->hand_stride * (n - 1) + cs->w : 0;
        L->row_x0[r] = (w - span) / 2;
        L->row_y[r] = hand_y + r * (cs->h + 2);
        if (n > 0 && L->row_x0[r] < left) left = L->row_x0[r];
        if (n > 0 && L->row_x0[r] + span > right) right = L->row_x0[r] + span;
    }
    if (hand_rows == 1) L->row_x0[1] = L->row_x0[0], L->row_y[1] = L->row_y[0];
    if (left > right) left = right = w / 2; /* no cards */
    L->hand_x0 = L->row_x0[0];
    L->hand = rect(hand_y, left, hand_rows * (cs->h + 2), right - left);
    L->you = rect(hand_y + hand_rows * (cs->h + 2), ox + 2, 1, tw - 4);
    L->status = rect(L->you.y + 1, ox + 2, 1, tw - 4);
}

bool tui_layout_compute_stacked(int w, int h, int hand_count, int top_count, int opp_count, tui_layout *L) {
    memset(L, 0, sizeof *L);
    L->w = w;
    L->h = h;
    if (w < TUI_MIN_W || h < TUI_MIN_H) return false;
    bool stacked = top_count >= 0;
    if (top_count < 0 || top_count > hand_count) top_count = hand_count;
    /* Stacked as asked, with the largest cards that allow it; else one row. */
    for (int rows = stacked ? 2 : 1; rows >= 1; rows--)
        for (int k = 0; k < NSIZES; k++)
            if (fits(&SIZES[k], w, h, rows)) {
                place(w, h, &SIZES[k], rows, hand_count, top_count, opp_count, L);
                return true;
            }
    return false; /* not reached: the smallest size fits one row on every terminal of the minimum size */
}

bool tui_layout_compute(int w, int h, int hand_count, int opp_count, tui_layout *L) {
    return tui_layout_compute_stacked(w, h, hand_count, -1, opp_count, L);
}

int tui_hand_split(const gw_card *cards, int n) {
    int best = n, best_longer = n;
    for (int i = 1; i < n; i++) {
        if (gw_card_suit(cards[i]) == gw_card_suit(cards[i - 1])) continue;
        int longer = max_int(i, n - i);
        if (longer < best_longer || (longer == best_longer && i > best)) {
            best = i;
            best_longer = longer;
        }
    }
    return best;
}

int tui_layout_card_x(const tui_layout *L, int i) {
    int r = i >= L->hand_split && L->hand_rows == 2;
    return L->row_x0[r] + (i - (r ? L->hand_split : 0)) * L->hand_stride;
}

int tui_layout_card_y(const tui_layout *L, int i) {
    return L->row_y[i >= L->hand_split && L->hand_rows == 2];
}

int tui_layout_card_at(const tui_layout *L, int y, int x) {
    /* Rows: the raised row and the card rows (a raised card leaves its last row empty, which still selects
     * it). */
    for (int r = 0; r < L->hand_rows; r++) {
        if (y < L->row_y[r] || y >= L->row_y[r] + L->card_h + 1) continue;
        int first = r == 0 ? 0 : L->hand_split,
            last = r == 0 && L->hand_rows == 2 ? L->hand_split : L->hand_count;
        for (int i = last - 1; i >= first; i--) {
            int cx = tui_layout_card_x(L, i);
            if (x >= cx && x < cx + L->card_w) return i;
        }
        return -1;
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
