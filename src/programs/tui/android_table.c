/* android_table.c: drawing the Android Whist table: four seats around the trick, from one human's view. */
#include "android_table.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "layout.h"

int tui_android_hand(const tui_android_view *av, gw_card out[GW_RANKS]) {
    return tui_hand_sorted(av->v->own, av->v->trump, av->order, out);
}

static int min_int(int a, int b) { return a < b ? a : b; }

void tui_android_layout_compute(int w, int h, tui_android_layout *L) {
    int ex = w > TUI_MIN_W ? w - TUI_MIN_W : 0, ey = h > TUI_MIN_H ? h - TUI_MIN_H : 0;
    L->w = w;
    L->h = h;
    L->hand_y = h - 7;
    L->top_y = 1 + ey / 5;
    L->top_x = 14 + ex / 2;
    L->top_stride = ex >= 40 ? 4 : 3;
    /* The trick centred between your android's backs and the news above your hand. */
    int gy = min_int(ey / 10, 2), gx = min_int(ex / 12, 6);
    int off = (L->top_y + 3 + L->hand_y - 2) / 2 - 9, cx = 37 + ex / 2;
    static const int DY[4] = {3, 0, -3, 0}, DX[4] = {0, -8, 0, 8};
    for (int p = 0; p < 4; p++) {
        L->trick_y[p] = 8 + off + DY[p] + (DY[p] > 0 ? gy : DY[p] < 0 ? -gy : 0);
        L->trick_x[p] = cx + DX[p] + (DX[p] > 0 ? gx : DX[p] < 0 ? -gx : 0);
    }
    L->side_y = L->trick_y[1] - 3;
    L->left_x = 1 + ex / 4;
    L->right_x = 56 + ex * 3 / 4;
    L->news_y = L->hand_y - 2;
    L->news_x = 2 + ex / 4;
    L->me_y = L->hand_y - 1;
    L->me_x = w - 18 - ex / 4;
    L->menu_y = L->side_y - 1;
}

static int hand_stride(const tui_android_layout *L, int n) {
    int ex = L->w > TUI_MIN_W ? L->w - TUI_MIN_W : 0;
    for (int stride = 6 + min_int(ex / 40, 2); stride > 5; stride--)
        if (n * stride - 1 <= L->w - 4) return stride;
    return 5;
}

int tui_android_card_x(const tui_android_layout *L, int n, int i) {
    int stride = hand_stride(L, n), span = n > 0 ? stride * (n - 1) + TUI_CARD_W : 0;
    return (L->w - span) / 2 + i * stride;
}

int tui_android_card_at(const tui_screen *s, int ncards, int y, int x) {
    tui_android_layout L;
    tui_android_layout_compute(s->w, s->h, &L);
    if (y < L.hand_y || y > L.hand_y + TUI_CARD_H) return -1;
    for (int i = ncards - 1; i >= 0; i--) {
        int cx = tui_android_card_x(&L, ncards, i);
        if (x >= cx && x < cx + TUI_CARD_W) return i;
    }
    return -1;
}

/* "X (your android)", "N (Player 2)". */
static void seat_label(const tui_android_view *av, int seat, char *out, size_t cap) {
    const gw_android_view *v = av->v;
    int human = gw_seat_player(v->dealer, seat);
    if (seat == v->seat)
        snprintf(out, cap, "%c %s", gw_seat_char(seat), av->names[human]);
    else if (gw_seat_is_android(seat))
        snprintf(out, cap, "%c %s android", gw_seat_char(seat), human == v->player ? "your" : "their");
    else
        snprintf(out, cap, "%c %s", gw_seat_char(seat), av->names[human]);
}

/* A hand as text lines, one per suit in display order ("♠ A K 7"). */
static void suit_lines(const tui_screen *s, const tui_android_view *av, gw_cards hand, int y, int x, int w) {
    int order[GW_SUITS];
    gw_suit_order(av->v->trump, av->order, order);
    for (int k = 0; k < GW_SUITS; k++) {
        int suit = order[k];
        char line[96];
        int n = snprintf(line, sizeof line, "%s", tui_suit_label(suit, s->ascii));
        gw_cards cards = hand & gw_suit_cards(suit);
        if (!cards) n += snprintf(line + n, sizeof line - (size_t)n, " -");
        while (cards && n < (int)sizeof line - 4) {
            gw_card c = gw_last(cards);
            cards &= ~gw_bit(c);
            int r = gw_card_rank(c);
            n += snprintf(line + n, sizeof line - (size_t)n, r == GW_RANK_T ? " 10" : " %c", gw_rank_char(r));
        }
        bool red = gw_suit_is_red(suit);
        tui_text(s, y + k, x, w, red ? TUI_C_CARD_RED : TUI_C_CARD, A_BOLD, line);
    }
}

/* A side seat (left or right): its label, then the opposing android's cards face up or the other human's
 * count. */
static void side_seat(const tui_screen *s, const tui_android_layout *L, const tui_android_view *av, int seat,
                      int x) {
    const gw_android_view *v = av->v;
    char label[48];
    seat_label(av, seat, label, sizeof label);
    bool turn = v->tricks_done < GW_ANDROID_TRICKS && v->turn == seat && !av->shown;
    tui_textf(s, L->side_y, x, 24, turn ? TUI_C_MARK : TUI_C_TABLE, A_BOLD, "%s%s",
              turn ? (s->ascii ? "* " : "● ") : "", label);
    if (seat == v->opposing_android) {
        suit_lines(s, av, v->opposing_hand, L->side_y + 1, x, 22);
    } else {
        int n = v->held[seat];
        if (n > 0) tui_draw_back(s, L->side_y + 1, x, TUI_BACK_H);
        tui_textf(s, L->side_y + 2, x + TUI_CARD_W + 1, 16, TUI_C_TABLE, 0, "%d card%s", n,
                  n == 1 ? "" : "s");
    }
}

static void draw_trick(const tui_screen *s, const tui_android_layout *L, const tui_android_view *av) {
    const gw_android_view *v = av->v;
    const int *Y = L->trick_y, *X = L->trick_x; /* bottom, left, top, right */
    int n = av->shown ? GW_SEATS : v->ntrick, leader = av->shown ? av->shown->leader : v->leader;
    const gw_card *cards = av->shown ? av->shown->cards : v->trick;
    for (int p = 0; p < GW_SEATS; p++)
        tui_draw_slot(s, Y[p], X[p]);
    for (int i = 0; i < n; i++) {
        int seat = (leader + i) % GW_SEATS, p = tui_android_place(v->seat, seat);
        bool won = av->shown && av->shown->winner == seat;
        tui_draw_card(s, Y[p], X[p], cards[i], won ? TUI_CARD_WINNER : 0);
        if (i == 0) tui_text(s, Y[p] + TUI_CARD_H, X[p], 6, TUI_C_TABLE, 0, "led");
        if (won) tui_text(s, Y[p] + TUI_CARD_H, X[p], 6, TUI_C_MARK, A_BOLD, s->ascii ? "^wins" : "▲wins");
    }
}

static void draw_title(const tui_screen *s, const tui_android_view *av) {
    char line[200];
    const gw_android_view *v = av->v;
    const gw_android_rubber *r = av->r;
    int me = v->player, side_me = v->seat == GW_SEAT_D ? GW_SIDE_DEALER : GW_SIDE_NONDEALER;
    char trump[8];
    tui_card_label(v->trump_card, s->ascii, trump);
    tui_fill_row(s, 0, TUI_C_TITLE);
    char state[160];
    snprintf(state, sizeof state, "trump %s %s · tricks %d-%d · points %d-%d · games %d-%d · trick %d/%d",
             tui_suit_label(v->trump, s->ascii), trump, v->won[side_me], v->won[1 - side_me], r->points[me],
             r->points[1 - me], r->games[me], r->games[1 - me],
             v->tricks_done < GW_ANDROID_TRICKS ? v->tricks_done + 1 : GW_ANDROID_TRICKS, GW_ANDROID_TRICKS);
    /* The game's name when it fits short of the last column (from trick 10 at 80 columns it does not). */
    snprintf(line, sizeof line, " Android Whist · %s", state);
    if (tui_label_width(line) >= s->w) snprintf(line, sizeof line, " %s", state);
    if (s->ascii) tui_ascii_dots(line);
    tui_text(s, 0, 0, s->w, TUI_C_TITLE, 0, line);
}

void tui_android_draw(const tui_screen *s, const tui_android_view *av) {
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    const gw_android_view *v = av->v;
    tui_android_layout L;
    tui_android_layout_compute(s->w, s->h, &L);
    tui_clear(s);
    draw_title(s, av);
    /* Top: your android, face down. */
    int top = (v->seat + 2) % GW_SEATS, n = v->held[top];
    for (int i = 0; i < n; i++)
        tui_draw_back(s, L.top_y, L.top_x + i * L.top_stride, TUI_BACK_H);
    char label[48];
    seat_label(av, top, label, sizeof label);
    bool top_turn = v->tricks_done < GW_ANDROID_TRICKS && v->turn == top && !av->shown;
    tui_textf(s, L.top_y + 1, L.top_x + 2 + L.top_stride * (n > 0 ? n - 1 : 0) + TUI_CARD_W, 30,
              top_turn ? TUI_C_MARK : TUI_C_TABLE, A_BOLD, "%s%s: %d",
              top_turn ? (s->ascii ? "* " : "● ") : "", label, n);
    side_seat(s, &L, av, (v->seat + 1) % GW_SEATS, L.left_x);
    side_seat(s, &L, av, (v->seat + 3) % GW_SEATS, L.right_x);
    draw_trick(s, &L, av);
    for (int i = 0; i < 2; i++)
        if (av->news[i])
            tui_text(s, L.news_y + i, L.news_x, i == 1 ? L.me_x - L.news_x - 2 : s->w - 2 * L.news_x,
                     TUI_C_TABLE, A_BOLD, av->news[i]);
    /* The human's own seat, above their hand. */
    seat_label(av, v->seat, label, sizeof label);
    bool my_turn = v->tricks_done < GW_ANDROID_TRICKS && v->turn == v->seat && !av->shown;
    tui_textf(s, L.me_y, L.me_x, 17, my_turn ? TUI_C_MARK : TUI_C_TABLE, A_BOLD, "%s%s",
              my_turn ? (s->ascii ? "* " : "● ") : "", label);
    /* Bottom: the human's own hand. */
    gw_card cards[GW_RANKS];
    int k = tui_android_hand(av, cards);
    gw_cards legal = av->dim_illegal ? v->own : 0;
    if (av->dim_illegal && v->ntrick > 0) {
        gw_cards follow = v->own & gw_suit_cards(gw_card_suit(v->trick[0]));
        if (follow) legal = follow;
    }
    for (int i = 0; i < k; i++) {
        bool sel = i == av->sel;
        int look = sel ? TUI_CARD_SELECTED : 0;
        if (av->dim_illegal && !gw_has(legal, cards[i])) look |= TUI_CARD_DIM;
        tui_draw_card(s, L.hand_y + (sel ? 0 : 1), tui_android_card_x(&L, k, i), cards[i], look);
    }
    if (av->status && *av->status)
        tui_text(s, s->h - 2, 2, s->w - 4, av->status_warn ? TUI_C_WARN : TUI_C_TABLE,
                 av->status_warn ? A_BOLD : 0, av->status);
    tui_fill_row(s, s->h - 1, TUI_C_TITLE);
    tui_text(s, s->h - 1, 0, s->w, TUI_C_TITLE, 0, av->keys ? av->keys : "");
}
