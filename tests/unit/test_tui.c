/* test_tui.c: the full-screen game's pure modules without a terminal: the table's layout, card labels and
 * order, the card tracker, the table's sentences, the match state (record text, restore, undo) and the
 * review's verdicts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "describe.h"
#include "gw/ai.h"
#include "gw/deck.h"
#include "gw/rng.h"
#include "gw/session.h"
#include "gw/observation.h"
#include "gw/solver.h"
#include "gw_test.h"
#include "layout.h"
#include "match_state.h"
#include "review.h"
#include "tracker.h"

/* ---- layout ---------------------------------------------------------------------------------------- */

static void assert_rect_inside(tui_rect r, int w, int h, bool may_be_empty) {
    assert_true(r.y >= 0 && r.x >= 0);
    assert_true(r.h >= (may_be_empty ? 0 : 1));
    assert_true(r.w >= (may_be_empty ? 0 : 1));
    assert_true(r.y + r.h <= h);
    assert_true(r.x + r.w <= w);
}

/* a ends (in rows) before b starts. */
static void assert_above(tui_rect a, tui_rect b) { assert_true(a.y + a.h <= b.y); }

/* a ends (in columns) before b starts. */
static void assert_left_of(tui_rect a, tui_rect b) { assert_true(a.x + a.w <= b.x); }

static void layout_refuses_small_terminals(void **state) {
    (void)state;
    tui_layout L;
    memset(&L, 0x5A, sizeof L);
    assert_false(tui_layout_compute(79, 24, 13, 13, &L));
    assert_int_equal(L.w, 79);
    assert_int_equal(L.h, 24);
    assert_int_equal(L.hand_count, 0); /* only w and h are filled */
    assert_int_equal(L.keys.w, 0);
    assert_false(tui_layout_compute(80, 23, 13, 13, &L));
    assert_int_equal(L.w, 80);
    assert_int_equal(L.h, 23);
    assert_false(tui_layout_compute(0, 0, 0, 0, &L));
    assert_false(tui_layout_compute(200, 10, 13, 13, &L));
    assert_false(tui_layout_compute(40, 60, 13, 13, &L));
    assert_true(tui_layout_compute(80, 24, 13, 13, &L));
    assert_int_equal(L.w, 80);
    assert_int_equal(L.h, 24);
    assert_int_equal(TUI_MIN_W, 80);
    assert_int_equal(TUI_MIN_H, 24);
}

/* Every rule of one layout: inside the screen and the table's area, in its order from top to bottom, no
 * overlaps, the hand's cards on the screen, left to right on each row. top < 0: one row; else stacked with
 * top cards on the first row (one row when the terminal is too short for two). */
static void check_layout_stacked(int w, int h, int n, int top, int opp) {
    tui_layout L;
    assert_true(tui_layout_compute_stacked(w, h, n, top, opp, &L));
    assert_int_equal(L.w, w);
    assert_int_equal(L.h, h);
    assert_int_equal(L.hand_count, n);
    assert_int_equal(L.opp_count, opp);
    int cw = L.card_w, ch = L.card_h;
    assert_true(cw >= TUI_CARD_W && ch >= TUI_CARD_H && L.back_h >= TUI_BACK_H && L.back_h < ch);

    /* The table's area: between the title and key lines, centred. */
    assert_rect_inside(L.area, w, h, false);
    assert_int_equal(L.area.y, 1);
    assert_int_equal(L.area.h, h - 2);
    assert_true(L.area.x * 2 + L.area.w == w || L.area.x * 2 + L.area.w == w - 1);
    tui_rect all[] = {L.title, L.opp, L.stock, L.trick, L.draws, L.message, L.you, L.status, L.keys};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        assert_rect_inside(all[i], w, h, false);
        if (i == 0 || i == 8) continue; /* the title and key lines span the screen */
        assert_true(all[i].x >= L.area.x && all[i].x + all[i].w <= L.area.x + L.area.w);
        assert_true(all[i].y >= L.area.y && all[i].y + all[i].h <= L.area.y + L.area.h);
    }
    assert_rect_inside(L.hand, w, h, n == 0);

    /* Top and bottom lines. */
    assert_int_equal(L.title.y, 0);
    assert_int_equal(L.keys.y, h - 1);
    assert_int_equal(L.title.h, 1);
    assert_int_equal(L.keys.h, 1);

    /* Top to bottom: title, opponent, middle (stock, trick, draws side by side), message, hand, you,
     * status, keys; none shares a row with the next. */
    assert_above(L.title, L.opp);
    assert_above(L.opp, L.stock);
    assert_above(L.opp, L.trick);
    assert_above(L.opp, L.draws);
    assert_above(L.stock, L.message);
    assert_above(L.trick, L.message);
    assert_above(L.draws, L.message);
    tui_rect hand_rows = {L.hand.y, 0, L.hand.h, w}; /* the hand's rows even when it has no cards */
    assert_above(L.message, hand_rows);
    assert_above(hand_rows, L.you);
    assert_above(L.you, L.status);
    assert_above(L.status, L.keys);
    assert_true(L.message.h >= 2);

    /* The middle: stock, trick and draws side by side without overlap, each with room for its cards. */
    assert_left_of(L.stock, L.trick);
    assert_left_of(L.trick, L.draws);
    assert_true(L.stock.h >= ch + 2 && L.trick.h >= ch + 2 && L.draws.h >= ch + 2);
    assert_true(L.stock.w >= 2 * cw + 1); /* the up-card and the stock's back */
    assert_true(L.trick.w >= 2 * cw + 10);
    assert_true(L.draws.w >= 2 * cw + 6 && L.draws.w >= 18); /* two cards; "Next up-card: 10♥" */

    /* The opponent: 13 backs fit in its region, and so do 13 face-up cards (the review) in its rows above
     * the middle. */
    assert_true(L.opp.h >= L.back_h);
    assert_true(L.opp_x0 >= L.opp.x);
    assert_true(L.opp_x0 + L.opp_stride * (GW_MAX_HAND - 1) + cw <= L.opp.x + L.opp.w);
    assert_true(L.opp_x0 + (cw - 1) * (GW_MAX_HAND - 1) + cw <= L.opp.x + L.opp.w);
    assert_true(L.opp.y + ch <= L.stock.y);
    /* The name and score right of 13 backs: 34 columns. */
    assert_true(L.opp_x0 + L.opp_stride * (GW_MAX_HAND - 1) + cw + 34 <= L.area.x + L.area.w);

    /* The hand: per row, the raised row, the cards and the hint row; the rows one under the other. */
    bool stacked = top >= 0 && L.hand_rows == 2;
    if (top < 0) assert_int_equal(L.hand_rows, 1);
    if (top >= 0 && h >= 28) assert_int_equal(L.hand_rows, 2); /* stacked whenever it fits */
    assert_int_equal(L.hand_split, stacked ? top : n);
    assert_int_equal(L.hand.h, L.hand_rows * (ch + 2));
    if (stacked) assert_int_equal(L.row_y[1], L.row_y[0] + ch + 2);
    if (n == 0) {
        assert_int_equal(L.hand.w, 0);
        return;
    }
    assert_true(L.hand_stride >= cw - 1); /* at least the label column of each card shows */
    int left = w, right = 0;
    for (int i = 0; i < n; i++) {
        int x = tui_layout_card_x(&L, i), y = tui_layout_card_y(&L, i);
        bool second = stacked && i >= top;
        assert_int_equal(y, L.row_y[second]);
        assert_true(y >= L.hand.y && y + ch + 2 <= L.hand.y + L.hand.h);
        assert_true(x >= L.hand.x && x + cw <= L.hand.x + L.hand.w);
        assert_true(x >= 0 && x + cw <= w);
        if (i > 0 && (!stacked || i != top))
            assert_int_equal(x, tui_layout_card_x(&L, i - 1) + L.hand_stride);
        if (x < left) left = x;
        if (x + cw > right) right = x + cw;
    }
    assert_int_equal(L.hand.x, left);
    assert_int_equal(L.hand.x + L.hand.w, right);
    /* Real hands (at most 13 cards) never overlap, and each row sits centred. */
    assert_true(L.hand_stride >= cw);
    for (int r = 0; r < L.hand_rows; r++) {
        int k = r == 0 ? L.hand_split : n - L.hand_split;
        if (k == 0) continue;
        int x0 = L.row_x0[r], span = L.hand_stride * (k - 1) + cw;
        int l = x0, rr = w - (x0 + span);
        assert_true(l - rr <= 1 && rr - l <= 1);
    }
}

static void check_layout(int w, int h, int n, int opp) {
    check_layout_stacked(w, h, n, -1, opp);
    tui_layout one, via;
    assert_true(tui_layout_compute(w, h, n, opp, &one));
    assert_true(tui_layout_compute_stacked(w, h, n, -1, opp, &via));
    assert_memory_equal(&one, &via, sizeof one);
    /* Stacked splits: a few, as tui_hand_split may choose them. */
    check_layout_stacked(w, h, n, n, opp);
    check_layout_stacked(w, h, n, n / 2, opp);
    check_layout_stacked(w, h, n, (n + 1) / 2, opp);
}

static void layout_regions_fit_and_do_not_overlap(void **state) {
    (void)state;
    static const int sizes[][2] = {{80, 24}, {100, 30}, {200, 60}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (int n = 0; n <= GW_MAX_HAND; n++)
            check_layout(sizes[k][0], sizes[k][1], n, GW_MAX_HAND - n);
    /* Every size from the smallest up to 240 x 80. */
    for (int w = TUI_MIN_W; w <= 240; w++)
        for (int h = TUI_MIN_H; h <= 80; h++)
            for (int n = 1; n <= GW_MAX_HAND; n += 6)
                check_layout(w, h, n, 13);
}

/* Large terminals: larger cards, the table centred both ways; the smallest keeps today's table. */
static void layout_grows_and_centres(void **state) {
    (void)state;
    tui_layout L;
    assert_true(tui_layout_compute(80, 24, 13, 13, &L));
    assert_int_equal(L.card_w, TUI_CARD_W);
    assert_int_equal(L.card_h, TUI_CARD_H);
    assert_int_equal(L.opp.y, 1);
    assert_int_equal(L.stock.y, 5);
    assert_int_equal(L.message.y, 11);
    assert_int_equal(L.hand.y, 15);
    assert_int_equal(L.you.y, 21);
    assert_true(tui_layout_compute(200, 60, 13, 13, &L));
    assert_true(L.card_w >= 7 && L.card_h >= 5);
    assert_true(L.area.w < 200);
    int left = L.opp.x, right = 200 - (L.opp.x + L.opp.w);
    assert_true(left - right <= 1 && right - left <= 1);
    int above = L.opp.y - 1, below = (60 - 1) - (L.status.y + 1);
    assert_true(above > 2 && above - below <= 1 && below - above <= 1);
    int tc = L.trick.x + L.trick.w / 2;
    assert_true(tc >= 99 && tc <= 101);
    /* Sizes never shrink as the terminal grows. */
    int last = 0;
    for (int k = 0; k <= 60; k++) {
        assert_true(tui_layout_compute(80 + 2 * k, 24 + k / 2, 13, 13, &L));
        assert_true(L.card_w >= last);
        last = L.card_w;
    }
    assert_true(last > TUI_CARD_W);
    /* Stacked at 80x24 does not fit: one row; from 28 rows, two. */
    assert_true(tui_layout_compute_stacked(80, 24, 13, 6, 13, &L));
    assert_int_equal(L.hand_rows, 1);
    assert_true(tui_layout_compute_stacked(80, 28, 13, 6, 13, &L));
    assert_int_equal(L.hand_rows, 2);
    assert_int_equal(L.hand_split, 6);
    assert_true(tui_layout_compute_stacked(200, 60, 13, 6, 13, &L));
    assert_int_equal(L.hand_rows, 2);
    assert_true(L.card_w > TUI_CARD_W);
}

/* Where a stacked hand breaks: between suits, as evenly as can be, the longer row first on a tie. */
static void hand_split_between_suits(void **state) {
    (void)state;
    gw_card c[GW_MAX_HAND] = {0};
    assert_int_equal(tui_hand_split(c, 0), 0);
    c[0] = tc("AS");
    assert_int_equal(tui_hand_split(c, 1), 1);
    int n = tlist("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", c);
    assert_int_equal(tui_hand_split(c, n), n); /* one suit: one row */
    n = tlist("AS KS QS AH KH QH AD KD QD AC KC QC 2C", c);
    assert_int_equal(tui_hand_split(c, n), 6); /* 6 | 7 beats 9 | 4 and 3 | 10 */
    n = tlist("AS KS AH KH QH JH AD KD AC KC", c);
    assert_int_equal(tui_hand_split(c, n), 6); /* 2 | 8, 6 | 4, 8 | 2: the most even */
    n = tlist("AS KS QS AH KH QH", c);
    assert_int_equal(tui_hand_split(c, n), 3);
    n = tlist("AS KS AH KH", c);
    assert_int_equal(tui_hand_split(c, n), 2);
    n = tlist("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH", c);
    assert_int_equal(tui_hand_split(c, n), 12);
    n = tlist("AS KS AH KH QH AD", c); /* 2 | 4 or 5 | 1: 4 is less than 5 */
    assert_int_equal(tui_hand_split(c, n), 2);
    n = tlist("AS AH KH AD KD AC", c); /* 1|5, 3|3, 5|1: 3 | 3 */
    assert_int_equal(tui_hand_split(c, n), 3);
    n = tlist("AS KS AH KH AD AC", c); /* 2|4, 4|2 tie: the longer first row */
    assert_int_equal(tui_hand_split(c, n), 4);
}

/* The card the player sees at (y, x), worked out from the card columns: the last card of its row whose box
 * covers x (the next card is drawn over the one before). */
static int expected_card_at(const tui_layout *L, int y, int x) {
    int found = -1;
    for (int i = 0; i < L->hand_count; i++) {
        int cy = tui_layout_card_y(L, i), cx = tui_layout_card_x(L, i);
        if (y < cy || y > cy + L->card_h) continue; /* raised row and the card rows */
        if (x >= cx && x < cx + L->card_w) found = i;
    }
    return found;
}

static void check_card_at_stacked(int w, int h, int n, int top) {
    tui_layout L;
    assert_true(tui_layout_compute_stacked(w, h, n, top, 13, &L));
    int cw = L.card_w, ch = L.card_h;
    int hits[32] = {0};
    for (int y = -1; y <= h; y++)
        for (int x = -1; x <= w; x++) {
            int i = tui_layout_card_at(&L, y, x);
            assert_int_equal(i, expected_card_at(&L, y, x));
            if (i >= 0) hits[i]++;
        }
    /* Each card answers in its visible columns on the raised row and its card rows. */
    for (int i = 0; i < n; i++) {
        bool last_of_row = i + 1 == n || tui_layout_card_y(&L, i + 1) != tui_layout_card_y(&L, i);
        int visible = !last_of_row ? tui_layout_card_x(&L, i + 1) - tui_layout_card_x(&L, i) : cw;
        if (visible > cw) visible = cw;
        assert_int_equal(hits[i], visible * (ch + 1));
        int x = tui_layout_card_x(&L, i), y = tui_layout_card_y(&L, i);
        assert_int_equal(tui_layout_card_at(&L, y, x), i);           /* raised row */
        assert_int_equal(tui_layout_card_at(&L, y + ch, x), i);      /* bottom row */
        assert_int_equal(tui_layout_card_at(&L, y - 1, x), -1);      /* above */
        assert_int_equal(tui_layout_card_at(&L, y + ch + 1, x), -1); /* the hint row */
        /* Left of a card: the card before it on its row where they touch or overlap, else nothing. */
        bool prev_same_row = i > 0 && tui_layout_card_y(&L, i - 1) == y;
        assert_int_equal(tui_layout_card_at(&L, y + 1, x - 1),
                         prev_same_row && L.hand_stride <= cw ? i - 1 : -1);
    }
}

static void check_card_at(int w, int h, int n) {
    check_card_at_stacked(w, h, n, -1);
    check_card_at_stacked(w, h, n, n / 2);
}

static void layout_card_at_hits_each_card(void **state) {
    (void)state;
    for (int n = 0; n <= GW_MAX_HAND; n++) {
        check_card_at(80, 24, n);
        check_card_at(80, 30, n);
        check_card_at(100, 30, n);
        check_card_at(120, 40, n);
        check_card_at(200, 60, n);
    }
    /* Stride 6 leaves a gap; check that some layout has one. */
    tui_layout L;
    assert_true(tui_layout_compute(80, 24, 7, 7, &L));
    assert_int_equal(L.hand_stride, TUI_CARD_W + 1);
}

static void layout_card_at_overlapping_cards(void **state) {
    (void)state;
    /* Real hands never overlap at 80 columns; more cards than a hand holds force the narrowest stride. */
    for (int n = 16; n <= 18; n++) {
        tui_layout L;
        assert_true(tui_layout_compute(80, 24, n, 0, &L));
        assert_true(L.hand_stride < TUI_CARD_W);
        for (int i = 0; i < n; i++) {
            int x = tui_layout_card_x(&L, i);
            assert_true(x >= 0 && x + TUI_CARD_W <= 80);
            assert_int_equal(tui_layout_card_at(&L, L.hand.y + 1, x), i);
            /* The last column of a covered card belongs to the card drawn over it. */
            if (i + 1 < n)
                assert_int_equal(tui_layout_card_at(&L, L.hand.y + 1, x + TUI_CARD_W - 1), i + 1);
            else
                assert_int_equal(tui_layout_card_at(&L, L.hand.y + 1, x + TUI_CARD_W - 1), i);
        }
        check_card_at(80, 24, n);
    }
}

/* ---- card order and labels ----------------------------------------------------------------------- */

static void assert_sorted(gw_cards hand, int trump, gw_suit_style style, const char *expected) {
    gw_card want[GW_MAX_DECK], got[GW_RANKS];
    int n = tlist(expected, want);
    assert_int_equal(tui_hand_sorted(hand, trump, style, got), n);
    for (int i = 0; i < n; i++)
        assert_int_equal(got[i], want[i]);
}

static void hand_sorted_orders(void **state) {
    (void)state;
    gw_cards hand = tset("2S AS 3H KH 4D QD 5C JC TC");
    /* Classic: spades, hearts, diamonds, clubs whatever the trump; high to low in a suit. */
    for (int trump = 0; trump < GW_SUITS; trump++)
        assert_sorted(hand, trump, GW_ORDER_CLASSIC, "AS 2S KH 3H QD 4D JC TC 5C");
    /* Alternate: the trump first, then colours alternate (black trump: hearts before diamonds; red trump:
     * spades before clubs). */
    assert_sorted(hand, GW_SPADES, GW_ORDER_ALTERNATE, "AS 2S KH 3H JC TC 5C QD 4D");
    assert_sorted(hand, GW_HEARTS, GW_ORDER_ALTERNATE, "KH 3H AS 2S QD 4D JC TC 5C");
    assert_sorted(hand, GW_DIAMONDS, GW_ORDER_ALTERNATE, "QD 4D AS 2S KH 3H JC TC 5C");
    assert_sorted(hand, GW_CLUBS, GW_ORDER_ALTERNATE, "JC TC 5C KH 3H AS 2S QD 4D");
    /* The same rule checked suit by suit on every trump: trump first, colours alternate, each suit once. */
    for (int trump = 0; trump < GW_SUITS; trump++) {
        gw_cards four = tset("AS AH AD AC");
        gw_card out[GW_RANKS];
        assert_int_equal(tui_hand_sorted(four, trump, GW_ORDER_ALTERNATE, out), 4);
        assert_int_equal(gw_card_suit(out[0]), trump);
        int seen = 0;
        for (int i = 0; i < 4; i++) {
            seen |= 1 << gw_card_suit(out[i]);
            if (i > 0)
                assert_true(gw_suit_is_red(gw_card_suit(out[i])) != gw_suit_is_red(gw_card_suit(out[i - 1])));
        }
        assert_int_equal(seen, 15);
        /* The order the core documents. */
        int order[GW_SUITS];
        gw_suit_order(trump, GW_ORDER_ALTERNATE, order);
        for (int i = 0; i < 4; i++)
            assert_int_equal(gw_card_suit(out[i]), order[i]);
    }
    /* A full suit, high to low; a hand with missing suits; the empty hand. */
    assert_sorted(gw_suit_cards(GW_HEARTS), GW_CLUBS, GW_ORDER_ALTERNATE,
                  "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H");
    assert_sorted(tset("9D 2C AD"), GW_SPADES, GW_ORDER_ALTERNATE, "2C AD 9D");
    gw_card out[GW_RANKS];
    assert_int_equal(tui_hand_sorted(0, GW_HEARTS, GW_ORDER_ALTERNATE, out), 0);
    assert_int_equal(tui_hand_sorted(0, GW_HEARTS, GW_ORDER_CLASSIC, out), 0);
}

static void labels_and_widths(void **state) {
    (void)state;
    char s[8];
    tui_card_label(tc("TH"), false, s);
    assert_string_equal(s, "10♥");
    tui_card_label(tc("QS"), false, s);
    assert_string_equal(s, "Q♠");
    tui_card_label(tc("AD"), false, s);
    assert_string_equal(s, "A♦");
    tui_card_label(tc("2C"), false, s);
    assert_string_equal(s, "2♣");
    tui_card_label(tc("TH"), true, s);
    assert_string_equal(s, "10H");
    tui_card_label(tc("QS"), true, s);
    assert_string_equal(s, "QS");
    tui_card_label(tc("9D"), true, s);
    assert_string_equal(s, "9D");
    tui_card_label(tc("JC"), true, s);
    assert_string_equal(s, "JC");
    static const char *const SYMBOLS[] = {"♠", "♥", "♦", "♣"}, *const LETTERS[] = {"S", "H", "D", "C"};
    for (int suit = 0; suit < GW_SUITS; suit++) {
        assert_string_equal(tui_suit_label(suit, false), SYMBOLS[suit]);
        assert_string_equal(tui_suit_label(suit, true), LETTERS[suit]);
    }
    assert_int_equal(tui_label_width("10♥"), 3);
    assert_int_equal(tui_label_width("Q♠"), 2);
    assert_int_equal(tui_label_width("10H"), 3);
    assert_int_equal(tui_label_width("QS"), 2);
    assert_int_equal(tui_label_width(""), 0);
    assert_int_equal(tui_label_width("♠♥♦♣"), 4);
    assert_int_equal(tui_label_width("You win with K♥ and take 7♣"), 27);
    /* Every card: a label of 2 or 3 columns in both modes (3 only for the ten). */
    for (int c = 0; c < 64; c++) {
        if (!gw_card_valid((gw_card)c)) continue;
        int want = gw_card_rank((gw_card)c) == GW_RANK_T ? 3 : 2;
        tui_card_label((gw_card)c, false, s);
        assert_int_equal(tui_label_width(s), want);
        tui_card_label((gw_card)c, true, s);
        assert_int_equal(tui_label_width(s), want);
        assert_int_equal((int)strlen(s), want);
    }
}

/* ---- tracker --------------------------------------------------------------------------------------- */

/* The tracker of seat in g against what the full deal says the seat cannot know. */
static void check_tracker(const gw_game *g, int seat) {
    gw_observation o;
    gw_observe(g, seat, &o);
    tui_tracker t;
    tui_tracker_make(&o, &t);
    gw_variant v = (gw_variant)g->variant;
    int opp = 1 - seat, size = gw_deck_size(v);
    gw_cards hidden_stock = 0;
    for (int i = g->stock_pos + 1; i < size; i++)
        hidden_stock |= gw_bit(g->deck[i]);
    gw_cards up = g->stock_pos < size ? gw_bit(g->deck[g->stock_pos]) : 0;
    /* The opponent's cards the seat knows: up-cards it took while the stock lasts; all of them after. */
    gw_cards known = g->stock_pos < size ? g->hand[opp] & g->upcards[opp] : g->hand[opp];
    assert_true(t.opp_known == known);
    assert_true(t.unseen == (hidden_stock | (g->hand[opp] & ~known)));
    /* Deck = own + played + known + up-card + unseen, no card twice. */
    assert_true((t.unseen | g->hand[seat] | g->played | known | up) == gw_deck_cards(v));
    assert_int_equal(gw_count(t.unseen) + gw_count(g->hand[seat]) + gw_count(g->played) + gw_count(known) +
                         gw_count(up),
                     size);
    int sum = 0;
    for (int s = 0; s < GW_SUITS; s++) {
        assert_int_equal(t.unseen_count[s], gw_count(t.unseen & gw_suit_cards(s)));
        sum += t.unseen_count[s];
    }
    assert_int_equal(sum, gw_count(t.unseen));
    int stock_left = gw_game_stock_left(g);
    assert_int_equal(t.stock_hidden, stock_left > 0 ? stock_left - 1 : 0);
    assert_int_equal(t.stock_hidden, gw_count(hidden_stock));
    assert_int_equal(t.opp_unknown, gw_count(g->hand[opp] & ~known));
    assert_int_equal(gw_count(t.unseen), t.stock_hidden + t.opp_unknown);
}

static void tracker_follows_a_real_hand(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        gw_variant v = seed % 2 ? GW_CLASSIC : GW_SMALL;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, seed, deck);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, v, deck, (int)(seed / 2 % 2), &err), GW_OK);
        /* At the deal: nothing known of the opponent. */
        gw_observation o;
        gw_observe(&g, 0, &o);
        tui_tracker t;
        tui_tracker_make(&o, &t);
        int hs = gw_hand_size(v);
        assert_int_equal(gw_count(t.unseen), gw_deck_size(v) - hs - 1);
        assert_int_equal(t.stock_hidden, gw_deck_size(v) - 2 * hs - 1);
        assert_int_equal(t.opp_unknown, hs);
        assert_true(t.opp_known == 0);
        gw_rng rng;
        gw_rng_seed(&rng, seed);
        while (gw_game_phase(&g) != GW_OVER) {
            check_tracker(&g, 0);
            check_tracker(&g, 1);
            assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), NULL), GW_OK);
        }
        check_tracker(&g, 0);
        check_tracker(&g, 1);
        gw_observe(&g, 0, &o);
        tui_tracker_make(&o, &t);
        assert_true(t.unseen == 0);
        assert_int_equal(t.stock_hidden, 0);
        assert_int_equal(t.opp_unknown, 0);
    }
}

/* ---- sentences ------------------------------------------------------------------------------------- */

/* A small deal: the human (player 1, seat 0) leads; clubs are trump (8C is the up-card). */
static void small_deal(gw_game *g) {
    gw_card d[GW_MAX_DECK];
    int n = tdeck_from_hands("AH KH QH AS KS AD AC", "JH TH 9H QS JS KD KC",
                             "8C TS 9S 8S QD JD TD 9D 8D QC JC TC 9C 8H", d);
    assert_int_equal(n, 28);
    gw_error err;
    assert_int_equal(gw_game_deal(g, GW_SMALL, d, 1, &err), GW_OK);
    assert_int_equal(g->turn, 0);
    assert_int_equal(g->trump, GW_CLUBS);
}

/* The table's words for the human's card c in position g, the session judging: a session of g's deal (both
 * players outside) with g's cards played. */
static const char *refuse(const gw_game *g, gw_card c, bool ascii, char *buf, size_t cap) {
    gw_session_config cfg;
    gw_session_config_default(&cfg, GW_GAME_GERMAN);
    cfg.rules.variant = (gw_variant)g->variant;
    cfg.seats[1].kind = GW_SEAT_OUTSIDE;
    cfg.limits = (gw_expert_limits){0, 64, NULL}; /* no clock here */
    cfg.deck = g->deck;
    cfg.dealer = g->dealer;
    gw_session *s = NULL;
    gw_error err;
    gw_status st = gw_session_new(&cfg, &s, &err);
    if (st != GW_OK) print_error("session: %s\n", err.msg);
    assert_int_equal(st, GW_OK);
    gw_game r;
    assert_int_equal(gw_game_deal(&r, (gw_variant)g->variant, g->deck, g->dealer, &err), GW_OK);
    for (int i = 0; i < g->nmoves; i++) {
        gw_action a = {.kind = GW_ACTION_CARD, .card = g->moves[i]};
        assert_int_equal(gw_session_act(s, r.turn, &a, NULL, &err), GW_OK);
        assert_int_equal(gw_game_play(&r, g->moves[i], NULL), GW_OK);
    }
    gw_action a = {.kind = GW_ACTION_CARD, .card = c};
    err.msg[0] = '\0';
    gw_refusal why = gw_session_check(s, 0, &a, &err);
    const char *out = tui_refusal(why, err.msg, c, g->led, (gw_variant)g->variant, ascii, buf, cap);
    gw_session_free(s);
    return out;
}

static void assert_not_held_message(const gw_game *g, const char *card) {
    char buf[128], label[8], want[64];
    for (int ascii = 0; ascii < 2; ascii++) {
        tui_card_label(tc(card), ascii, label);
        snprintf(want, sizeof want, "You do not hold %s.", label);
        const char *r = refuse(g, tc(card), ascii, buf, sizeof buf);
        assert_non_null(r);
        assert_string_equal(r, want);
    }
}

static void refusal_sentences(void **state) {
    (void)state;
    gw_game g;
    small_deal(&g);
    char buf[128];
    gw_trick_event ev;
    tplay(&g, "KH", &ev);
    /* The computer's turn: the human's card waits. */
    assert_string_equal(refuse(&g, tc("AH"), false, buf, sizeof buf), "Wait: it is the computer's turn.");
    tplay(&g, "9H", &ev); /* the human wins, takes 8C; the computer draws TS */
    tplay(&g, "8C", &ev);
    tplay(&g, "KC", &ev); /* the computer wins, takes 9S; the human draws 8S */
    tplay(&g, "JH", &ev); /* the computer leads a heart */
    assert_int_equal(g.turn, 0);
    /* A revoke. */
    assert_string_equal(refuse(&g, tc("AS"), false, buf, sizeof buf),
                        "You must follow ♥: you hold that suit.");
    assert_string_equal(refuse(&g, tc("8S"), true, buf, sizeof buf),
                        "You must follow H: you hold that suit.");
    /* Legal cards. */
    assert_null(refuse(&g, tc("AH"), false, buf, sizeof buf));
    assert_null(refuse(&g, tc("QH"), true, buf, sizeof buf));
    /* Cards the human does not hold: the same words wherever the card is (the up-card, hidden in the stock,
     * in the computer's hand, played). */
    assert_int_equal(gw_game_upcard(&g), tc("QD"));
    assert_not_held_message(&g, "QD");
    assert_not_held_message(&g, "JD"); /* in the stock */
    assert_not_held_message(&g, "8H"); /* the stock's last card */
    assert_not_held_message(&g, "TH"); /* the computer's */
    assert_not_held_message(&g, "TS"); /* the computer's hidden draw */
    assert_not_held_message(&g, "KH"); /* played */
    assert_not_held_message(&g, "JH"); /* just led */
    /* No message names a place. */
    static const char *const OTHERS[] = {"QD", "JD", "TH", "TS", "KH"};
    for (size_t i = 0; i < sizeof OTHERS / sizeof OTHERS[0]; i++) {
        const char *r = refuse(&g, tc(OTHERS[i]), false, buf, sizeof buf);
        assert_null(strstr(r, "stock"));
        assert_null(strstr(r, "computer"));
        assert_null(strstr(r, "played"));
        assert_null(strstr(r, "follow"));
    }
    /* A card of the classic deck only. */
    assert_string_equal(refuse(&g, tc("7S"), true, buf, sizeof buf), "7S is not in the small deck.");
    /* Leading: anything held is legal. */
    tplay(&g, "AH", &ev);
    assert_int_equal(g.turn, 0);
    assert_null(refuse(&g, tc("AS"), false, buf, sizeof buf));
    assert_null(refuse(&g, tc("8S"), false, buf, sizeof buf));
    /* The hand over. */
    while (gw_game_phase(&g) != GW_OVER)
        assert_int_equal(gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL), GW_OK);
    assert_string_equal(refuse(&g, tc("AS"), false, buf, sizeof buf), "The hand is over.");
}

/* The news of a completed trick against the rules: who won with what, what each drew that the human may
 * know, nothing of the computer's hidden draw, no draw in the endgame. */
static void check_news(const gw_trick_event *ev, bool ascii) {
    char news[200], won[8], want[200];
    tui_trick_news(ev, ascii, news, sizeof news);
    tui_card_label(ev->cards[ev->winner == ev->leader ? 0 : 1], ascii, won);
    if (ev->drawn[0] == GW_NO_CARD) {
        snprintf(want, sizeof want, "%s trick %d with %s.", ev->winner == 0 ? "You win" : "The computer wins",
                 ev->number, won);
        assert_string_equal(news, want);
        assert_null(strstr(news, "draw"));
        assert_null(strstr(news, "take"));
        return;
    }
    char take[8], draw[8];
    tui_card_label(ev->drawn[ev->winner], ascii, take);
    tui_card_label(ev->drawn[1 - ev->winner], ascii, draw);
    if (ev->winner == 0) {
        snprintf(want, sizeof want, "You win with %s and take %s; the computer draws a hidden card.", won,
                 take);
        assert_string_equal(news, want);
        assert_null(strstr(news, draw)); /* never the computer's draw */
    } else {
        snprintf(want, sizeof want, "The computer wins with %s and takes %s; you draw %s.", won, take, draw);
        assert_string_equal(news, want);
    }
}

static void trick_news_sentences(void **state) {
    (void)state;
    gw_game g;
    small_deal(&g);
    char news[200];
    gw_trick_event ev;
    tplay(&g, "KH", &ev);
    assert_false(ev.completed);
    tplay(&g, "9H", &ev);
    assert_true(ev.completed);
    tui_trick_news(&ev, false, news, sizeof news);
    assert_string_equal(news, "You win with K♥ and take 8♣; the computer draws a hidden card.");
    assert_null(strstr(news, "10♠")); /* the computer drew TS */
    tui_trick_news(&ev, true, news, sizeof news);
    assert_string_equal(news, "You win with KH and take 8C; the computer draws a hidden card.");
    check_news(&ev, false);
    check_news(&ev, true);
    /* The computer wins as follower: its card is named, and the human's draw. */
    tplay(&g, "8C", &ev);
    tplay(&g, "KC", &ev);
    tui_trick_news(&ev, false, news, sizeof news);
    assert_string_equal(news, "The computer wins with K♣ and takes 9♠; you draw 8♠.");
    tui_trick_news(&ev, true, news, sizeof news);
    assert_string_equal(news, "The computer wins with KC and takes 9S; you draw 8S.");
    /* The computer leads and loses: the human's card is named. */
    tplay(&g, "JH", &ev);
    tplay(&g, "AH", &ev);
    tui_trick_news(&ev, false, news, sizeof news);
    assert_string_equal(news, "You win with A♥ and take Q♦; the computer draws a hidden card.");
    /* The rest of the hand, every trick, both modes; the endgame names no draw. */
    int endgame = 0;
    while (gw_game_phase(&g) != GW_OVER) {
        assert_int_equal(gw_game_play(&g, gw_last(gw_game_legal(&g)), &ev), GW_OK);
        if (!ev.completed) continue;
        check_news(&ev, false);
        check_news(&ev, true);
        if (ev.drawn[0] == GW_NO_CARD) endgame++;
    }
    assert_int_equal(endgame, 7);
    tui_trick_news(&ev, false, news, sizeof news);
    assert_null(strstr(news, "draw"));
    assert_non_null(strstr(news, "trick 14 with"));
}

static void assert_reason(gw_variant v, gw_scoring s, int e0, int e1, int a0, int a1, const char *want) {
    int endgame[2] = {e0, e1}, all[2] = {a0, a1};
    gw_hand_score hs = gw_score_hand(v, s, endgame, all);
    char buf[128];
    tui_score_reason(&hs, s, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void score_reasons(void **state) {
    (void)state;
    /* last13: slam, then the tricks over 6 (over 3 in small). */
    assert_reason(GW_CLASSIC, GW_LAST13, 13, 0, 20, 6, "slam: 10");
    assert_reason(GW_CLASSIC, GW_LAST13, 0, 13, 8, 18, "slam: 10");
    assert_reason(GW_SMALL, GW_LAST13, 7, 0, 9, 5, "slam: 5");
    assert_reason(GW_CLASSIC, GW_LAST13, 8, 5, 12, 14, "8 tricks to 5: 2 over 6");
    assert_reason(GW_CLASSIC, GW_LAST13, 5, 8, 14, 12, "8 tricks to 5: 2 over 6");
    assert_reason(GW_CLASSIC, GW_LAST13, 7, 6, 13, 13, "7 tricks to 6: 1 over 6");
    assert_reason(GW_SMALL, GW_LAST13, 5, 2, 8, 6, "5 tricks to 2: 2 over 3");
    assert_reason(GW_SMALL, GW_LAST13, 3, 4, 6, 8, "4 tricks to 3: 1 over 3");
    /* every: all tricks over 13 (over 6 of 14 in small); no slam. */
    assert_reason(GW_CLASSIC, GW_EVERY, 9, 4, 16, 10, "16 tricks to 10: 3 over 13");
    assert_reason(GW_CLASSIC, GW_EVERY, 13, 0, 14, 12, "14 tricks to 12: 1 over 13");
    assert_reason(GW_SMALL, GW_EVERY, 6, 1, 10, 4, "10 tricks to 4: 4 over 6");
    assert_reason(GW_SMALL, GW_EVERY, 2, 5, 5, 9, "9 tricks to 5: 3 over 6");
    /* difference of the endgame tricks. */
    assert_reason(GW_CLASSIC, GW_DIFFERENCE, 9, 4, 10, 16, "9 tricks to 4: difference 5");
    assert_reason(GW_CLASSIC, GW_DIFFERENCE, 0, 13, 13, 13, "13 tricks to 0: difference 13");
    assert_reason(GW_SMALL, GW_DIFFERENCE, 3, 4, 7, 7, "4 tricks to 3: difference 1");
    /* running total: both score their endgame tricks, no slam. */
    assert_reason(GW_CLASSIC, GW_TOTAL, 8, 5, 12, 14, "you 8, the computer 5 endgame tricks");
    assert_reason(GW_CLASSIC, GW_TOTAL, 13, 0, 20, 6, "you 13, the computer 0 endgame tricks");
    assert_reason(GW_SMALL, GW_TOTAL, 3, 4, 9, 5, "you 3, the computer 4 endgame tricks");
    /* Ties score nothing. */
    assert_reason(GW_CLASSIC, GW_EVERY, 8, 5, 13, 13, "13 tricks each: no score");
    assert_reason(GW_SMALL, GW_EVERY, 3, 4, 7, 7, "7 tricks each: no score");
    gw_hand_score tie = {{6, 6}, -1, {0, 0}, false};
    char buf[64];
    tui_score_reason(&tie, GW_DIFFERENCE, buf, sizeof buf);
    assert_string_equal(buf, "6 tricks each: no score");
}

/* The trick counts the table shows follow the scoring rule, through a whole hand: every-trick scoring counts
 * both phases (the foreplay's tricks stay counted in the endgame), last13 and difference the endgame's. */
static void counted_tricks_follow_the_scoring(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed((gw_variant)v, 77, deck);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, (gw_variant)v, deck, 0, &err), GW_OK);
        int hs = gw_hand_size((gw_variant)v);
        while (gw_game_phase(&g) != GW_OVER) {
            assert_int_equal(gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL), GW_OK);
            int fore = g.won[0][0] + g.won[0][1], all = 0;
            for (int p = 0; p < 2; p++) {
                int every = tui_counted_tricks(&g, GW_EVERY, p);
                assert_int_equal(every, g.won[0][p] + g.won[1][p]);
                assert_int_equal(tui_counted_tricks(&g, GW_LAST13, p), g.won[1][p]);
                assert_int_equal(tui_counted_tricks(&g, GW_DIFFERENCE, p), g.won[1][p]);
                all += every;
            }
            assert_int_equal(all, g.tricks_done);
            if (gw_game_phase(&g) == GW_ENDGAME) assert_int_equal(fore, hs); /* kept after the foreplay */
        }
    }
    gw_game g;
    memset(&g, 0, sizeof g);
    g.won[0][0] = 7;
    g.won[0][1] = 6;
    g.won[1][0] = 1;
    char buf[64];
    tui_counted_text(&g, GW_EVERY, 0, buf, sizeof buf);
    assert_string_equal(buf, "8 tricks (both phases)");
    tui_counted_text(&g, GW_EVERY, 1, buf, sizeof buf);
    assert_string_equal(buf, "6 tricks (both phases)");
    tui_counted_text(&g, GW_LAST13, 0, buf, sizeof buf);
    assert_string_equal(buf, "1 endgame trick");
    tui_counted_text(&g, GW_DIFFERENCE, 1, buf, sizeof buf);
    assert_string_equal(buf, "0 endgame tricks");
}

/* ---- match state ----------------------------------------------------------------------------------- */

static gw_card first_legal(const gw_game *g) { return gw_first(gw_game_legal(g)); }

static void assert_same_game(const gw_game *a, const gw_game *b) {
    assert_memory_equal(a->hand, b->hand, sizeof a->hand);
    assert_true(a->played == b->played);
    assert_memory_equal(a->upcards, b->upcards, sizeof a->upcards);
    assert_int_equal(a->nmoves, b->nmoves);
    assert_memory_equal(a->moves, b->moves, a->nmoves);
    assert_memory_equal(a->deck, b->deck, (size_t)gw_deck_size((gw_variant)a->variant));
    assert_int_equal(a->variant, b->variant);
    assert_int_equal(a->trump, b->trump);
    assert_int_equal(a->dealer, b->dealer);
    assert_int_equal(a->leader, b->leader);
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->led, b->led);
    assert_int_equal(a->stock_pos, b->stock_pos);
    assert_int_equal(a->tricks_done, b->tricks_done);
    assert_memory_equal(a->won, b->won, sizeof a->won);
}

/* A match at the table as the home screen starts it: the computer at level. */
static void start(tui_match *m, gw_variant v, gw_scoring s, int target, uint64_t seed, gw_ai_level level) {
    gw_session_config c;
    tui_match_config(&c, (gw_match_rules){v, s, target}, seed, level, 0, true);
    c.limits = (gw_expert_limits){0, 64, NULL}; /* the expert by worlds: no clock in a unit test */
    gw_error err;
    assert_int_equal(tui_match_start(m, &c, "2024.03.05", &err), GW_OK);
    assert_true(m->store_id == 0);
    assert_int_equal(gw_session_state_of(m->s), GW_SESSION_PLAYING);
}

/* Plays up to n cards: the human's first legal card, the computer's own. */
static void play_cards(tui_match *m, int n) {
    for (int i = 0; i < n && gw_session_state_of(m->s) == GW_SESSION_PLAYING; i++) {
        gw_turn t = gw_session_turn(m->s);
        gw_error err;
        if (t.computer) {
            assert_int_equal(gw_session_play_computer(m->s, &err), GW_OK);
            continue;
        }
        gw_view v;
        assert_int_equal(gw_session_view(m->s, 0, &v, &err), GW_OK);
        gw_action a = {.kind = GW_ACTION_CARD, .card = gw_first(gw_observation_legal(&v.german))};
        assert_int_equal(gw_session_act(m->s, 0, &a, NULL, &err), GW_OK);
    }
}

static void play_to_end(tui_match *m) { play_cards(m, 2 * GW_MAX_DECK); }

/* The match's text. */
static char *text_of(const tui_match *m) {
    gw_text t = {0};
    tui_match_text(m, &t);
    assert_false(t.failed);
    char *out = malloc(t.len + 1);
    assert_non_null(out);
    memcpy(out, gw_text_str(&t), t.len + 1);
    gw_text_free(&t);
    return out;
}

/* Restores out from m's text with the computer seated (or not); fails the test if refused. */
static void restore_from(const tui_match *m, bool computer, tui_match *out) {
    char *text = text_of(m);
    gw_session_config base;
    tui_match_config(&base, (gw_match_rules){GW_CLASSIC, GW_LAST13, 10}, 0, GW_AI_HARD, 0, computer);
    base.limits = (gw_expert_limits){0, 64, NULL};
    gw_error err;
    gw_status st = tui_match_restore(out, &base, text, strlen(text), &err);
    if (st != GW_OK) print_error("restore: %s\n%s\n", err.msg, text);
    assert_int_equal(st, GW_OK);
    free(text);
}

/* Restores from text and expects a refusal whose message holds `why`. */
static void assert_refused(const char *text, const char *why) {
    tui_match m;
    gw_error err;
    memset(&err, 0, sizeof err);
    gw_session_config base;
    tui_match_config(&base, (gw_match_rules){GW_CLASSIC, GW_LAST13, 10}, 0, GW_AI_HARD, 0, true);
    assert_int_not_equal(tui_match_restore(&m, &base, text, strlen(text), &err), GW_OK);
    assert_null(m.s);
    assert_int_not_equal(err.status, GW_OK);
    if (why && !strstr(err.msg, why)) print_error("message: %s\n", err.msg);
    if (why) assert_non_null(strstr(err.msg, why));
}

/* The same match: state, the human's view, and (text) the record text. */
static void assert_same_match_text(const tui_match *a, const tui_match *b, bool text) {
    assert_int_equal(gw_session_state_of(a->s), gw_session_state_of(b->s));
    assert_true(a->store_id == b->store_id);
    static gw_view va, vb;
    gw_error err;
    assert_int_equal(gw_session_view(a->s, 0, &va, &err), GW_OK);
    assert_int_equal(gw_session_view(b->s, 0, &vb, &err), GW_OK);
    assert_memory_equal(&va.german, &vb.german, sizeof va.german);
    assert_memory_equal(va.score, vb.score, sizeof va.score);
    assert_int_equal(va.hand_number, vb.hand_number);
    if (!text) return;
    char *ta = text_of(a), *tb = text_of(b);
    assert_string_equal(ta, tb);
    free(ta);
    free(tb);
}

static void assert_same_match(const tui_match *a, const tui_match *b) { assert_same_match_text(a, b, true); }

/* Restored after the deal, after a few cards and mid-trick, with and without the computer seated: the
 * same match, its statistics row and the date of the hand in play kept; it plays on as the original. */
static void match_restore_round_trip(void **state) {
    (void)state;
    tui_match m, r;
    start(&m, GW_CLASSIC, GW_LAST13, 10, 12345, GW_AI_HARD);
    tui_match_set_store(&m, 42);
    static const int plays[] = {0, 6, 3};
    for (int step = 0; step < 3; step++) {
        play_cards(&m, plays[step]);
        for (int computer = 0; computer < 2; computer++) {
            /* Without the computer (the home screen's look at the saved match) the record is only read. */
            restore_from(&m, computer, &r);
            assert_same_match_text(&m, &r, computer);
            assert_true(r.store_id == 42);
            char *text = text_of(&r);
            assert_non_null(strstr(text, "[Date \"2024.03.05\"]"));
            assert_non_null(strstr(text, "[StoreMatch \"42\"]"));
            if (computer) assert_non_null(strstr(text, "[Player2 \"hard\"]"));
            free(text);
            tui_match_free(&r);
            assert_null(r.s);
        }
    }
    /* Whole hands: restored between hands and in the middle, it goes on exactly as the original. */
    for (int hand = 1; hand <= 3; hand++) {
        play_cards(&m, 2 * hand + 3);
        restore_from(&m, true, &r);
        play_to_end(&m);
        play_to_end(&r);
        assert_same_match(&m, &r);
        tui_match_free(&r);
        if (gw_session_state_of(m.s) != GW_SESSION_HAND_OVER) break;
        restore_from(&m, true, &r);
        assert_same_match(&m, &r);
        gw_error err;
        assert_int_equal(gw_session_next_hand(m.s, &err), GW_OK);
        assert_int_equal(gw_session_next_hand(r.s, &err), GW_OK);
        tui_match_set_date(&m, "2024.03.06");
        tui_match_set_date(&r, "2024.03.06");
        assert_same_match(&m, &r);
        tui_match_free(&r);
    }
    tui_match_free(&m);
}

/* A malloc'd copy of s. */
static char *copy_of(const char *s) {
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    assert_non_null(out);
    memcpy(out, s, n + 1);
    return out;
}

/* A copy of text without the (first) line holding `what`. */
static char *without_line(const char *text, const char *what) {
    char *out = copy_of(text);
    char *at = strstr(out, what);
    assert_non_null(at);
    while (at > out && at[-1] != '\n')
        at--;
    char *end = strchr(at, '\n');
    assert_non_null(end);
    memmove(at, end + 1, strlen(end + 1) + 1);
    return out;
}

static void match_restore_refusals(void **state) {
    (void)state;
    assert_refused("", NULL);
    assert_refused("hello, world\n", NULL);
    assert_refused("[Game \"German Whist\"]\n[Variant \"classic\"]\n\n1. AS\n", NULL);

    tui_match m;
    start(&m, GW_CLASSIC, GW_LAST13, 10, 12345, GW_AI_EASY);
    play_cards(&m, 5);
    char *text = text_of(&m);
    assert_non_null(strstr(text, "[MatchSeed \"12345\"]"));
    char *bad = without_line(text, "[MatchSeed ");
    assert_refused(bad, "seed");
    free(bad);
    bad = without_line(text, "[Player2 ");
    assert_refused(bad, NULL);
    free(bad);
    /* Another match seed: the deal does not come from it. */
    bad = copy_of(text);
    char *seed = strstr(bad, "[MatchSeed \"") + strlen("[MatchSeed \"");
    seed[0] = '2'; /* 22345 */
    assert_refused(bad, "not dealt from");
    free(bad);
    free(text);
    tui_match_free(&m);

    /* A match that is over (target 1: the first hand with a winner ends it). */
    for (uint64_t seed_no = 3;; seed_no++) {
        start(&m, GW_SMALL, GW_LAST13, 1, seed_no, GW_AI_EASY);
        play_to_end(&m);
        if (gw_session_state_of(m.s) == GW_SESSION_OVER) break;
        tui_match_free(&m);
    }
    text = text_of(&m);
    assert_refused(text, "over");
    free(text);
    tui_match_free(&m);
}

/* The last trick from the human's view is the trick the rules completed, with the computer's hidden draw
 * face down (GW_NO_CARD), over whole hands of both decks. */
static void last_trick_from_the_view(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gw_variant v = seed % 2 ? GW_CLASSIC : GW_SMALL;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, seed, deck);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, v, deck, (int)(seed / 2 % 2), &err), GW_OK);
        gw_observation o;
        gw_trick_event got, last = {0};
        gw_observe(&g, 0, &o);
        assert_false(tui_last_trick(&o, &got));
        gw_rng rng;
        gw_rng_seed(&rng, seed);
        while (gw_game_phase(&g) != GW_OVER) {
            gw_cards legal = gw_game_legal(&g);
            int k = (int)gw_rng_below(&rng, (uint32_t)gw_count(legal));
            gw_card c = gw_first(legal);
            while (k-- > 0) {
                legal &= ~gw_bit(c);
                c = gw_first(legal);
            }
            gw_trick_event ev;
            assert_int_equal(gw_game_play(&g, c, &ev), GW_OK);
            if (ev.completed) {
                last = ev;
                if (ev.winner == 0)
                    last.drawn[1] = GW_NO_CARD; /* the computer's draw: hidden from the human */
            }
            gw_observe(&g, 0, &o);
            bool has = tui_last_trick(&o, &got);
            assert_int_equal(has, last.completed);
            if (!has) continue;
            assert_int_equal(got.number, last.number);
            assert_int_equal(got.leader, last.leader);
            assert_int_equal(got.winner, last.winner);
            assert_memory_equal(got.cards, last.cards, sizeof got.cards);
            assert_int_equal(got.drawn[0], last.drawn[0]);
            assert_int_equal(got.drawn[1], last.drawn[1]);
            assert_int_equal(got.next_upcard, last.next_upcard);
        }
    }
}

/* A finished hand as the scoreboard and the review get it: dealt, played out and scored as in the match. */
static void finished_hand_from_the_record(void **state) {
    (void)state;
    tui_match m;
    start(&m, GW_SMALL, GW_LAST13, 100, 31, GW_AI_HARD);
    gw_error err;
    gw_game dealt, finished;
    gw_hand_score hs;
    assert_int_not_equal(tui_match_finished_hand(&m, 1, &dealt, &finished, &hs, &err), GW_OK);
    const gw_game truth_dealt = *gw_session_game(m.s);
    play_to_end(&m);
    assert_int_equal(gw_session_state_of(m.s), GW_SESSION_HAND_OVER);
    assert_int_equal(tui_match_finished_hand(&m, 1, &dealt, &finished, &hs, &err), GW_OK);
    assert_same_game(&dealt, &truth_dealt);
    assert_same_game(&finished, gw_session_game(m.s));
    const gw_match *match = gw_session_match(m.s);
    assert_int_equal(match->score[0], hs.points[0]);
    assert_int_equal(match->score[1], hs.points[1]);
    gw_game g = dealt;
    for (int i = 0; i < finished.nmoves; i++)
        assert_int_equal(gw_game_play(&g, finished.moves[i], NULL), GW_OK);
    assert_same_game(&g, &finished);
    tui_match_free(&m);
}

/* Undo at the table: the session takes back the human's card and the computer's after it; the hand is
 * assisted in the record, which restores with it. */
static void match_undo(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        tui_match m;
        start(&m, seed % 2 ? GW_CLASSIC : GW_SMALL, GW_LAST13, 100, seed, GW_AI_HARD);
        gw_view v;
        gw_error err;
        assert_int_equal(gw_session_view(m.s, 0, &v, &err), GW_OK);
        assert_false(v.can_undo);
        assert_int_not_equal(gw_session_undo(m.s, 0, &err), GW_OK);
        if (gw_session_turn(m.s).computer) play_cards(&m, 1);
        assert_int_equal(gw_session_view(m.s, 0, &v, &err), GW_OK);
        const gw_observation before = v.german;
        play_cards(&m, 4);
        assert_int_equal(gw_session_view(m.s, 0, &v, &err), GW_OK);
        assert_true(v.can_undo);
        while (v.can_undo) {
            assert_int_equal(gw_session_undo(m.s, 0, &err), GW_OK);
            assert_int_equal(gw_session_view(m.s, 0, &v, &err), GW_OK);
        }
        assert_memory_equal(&v.german, &before, sizeof before);
        char *text = text_of(&m);
        assert_non_null(strstr(text, "[Assisted \"yes\"]"));
        free(text);
        tui_match r;
        restore_from(&m, true, &r);
        assert_same_match(&m, &r);
        tui_match_free(&r);
        tui_match_free(&m);
    }
}

/* ---- review ---------------------------------------------------------------------------------------- */

typedef enum { HUMAN_FIRST, HUMAN_BEST, HUMAN_WORST } human_policy;

/* The verdict computed here: the seat-0 solver values before the human's card. */
typedef struct expected_verdict {
    int kept, best, worst;
    gw_cards best_cards;
} expected_verdict;

static void review_hand(gw_variant v, uint64_t seed, human_policy policy, int *lost) {
    gw_solver *mine = NULL, *theirs = NULL;
    assert_int_equal(gw_solver_new(0, &mine), GW_OK);
    assert_int_equal(gw_solver_new(0, &theirs), GW_OK);
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(v, seed, deck);
    gw_game dealt, g;
    gw_error err;
    assert_int_equal(gw_game_deal(&dealt, v, deck, (int)(seed % 2), &err), GW_OK);
    g = dealt;
    int hs = gw_hand_size(v);
    gw_game starts[GW_MAX_DECK / 2];
    gw_trick_event events[GW_MAX_DECK / 2];
    expected_verdict want[GW_MAX_DECK / 2];
    bool judged[GW_MAX_DECK / 2] = {false};
    while (gw_game_phase(&g) != GW_OVER) {
        int trick = g.tricks_done;
        if (g.led == GW_NO_CARD) starts[trick] = g;
        gw_card c = first_legal(&g);
        if (g.turn == 0 && gw_game_phase(&g) == GW_ENDGAME) {
            gw_observation o;
            gw_observe(&g, 0, &o);
            gw_card_value vals[GW_RANKS];
            int best = -1;
            int n = gw_endgame_values(mine, &o, vals, &best, &err);
            assert_true(n > 0);
            assert_int_equal(n, gw_count(gw_game_legal(&g)));
            expected_verdict e = {0, best, 99, 0};
            gw_card worst_card = vals[0].card, best_card = vals[0].card;
            for (int k = 0; k < n; k++) {
                if (vals[k].tricks == best) {
                    e.best_cards |= gw_bit(vals[k].card);
                    best_card = vals[k].card;
                }
                if (vals[k].tricks < e.worst) {
                    e.worst = vals[k].tricks;
                    worst_card = vals[k].card;
                }
            }
            if (policy == HUMAN_BEST) c = best_card;
            if (policy == HUMAN_WORST) c = worst_card;
            for (int k = 0; k < n; k++)
                if (vals[k].card == c) e.kept = vals[k].tricks;
            want[trick] = e;
            judged[trick] = true;
        }
        gw_trick_event ev;
        assert_int_equal(gw_game_play(&g, c, &ev), GW_OK);
        if (ev.completed) events[trick] = ev;
    }

    tui_review_trick out[GW_MAX_DECK / 2];
    memset(out, 0x5A, sizeof out);
    int n = tui_review_compute(theirs, &dealt, &g, out, &err);
    assert_int_equal(n, 2 * hs); /* 26 classic, 14 small */
    int njudged = 0;
    for (int i = 0; i < n; i++) {
        const tui_review_trick *t = &out[i];
        assert_int_equal(t->before.tricks_done, i);
        assert_int_equal(t->before.led, GW_NO_CARD);
        assert_same_game(&t->before, &starts[i]);
        assert_true(t->ev.completed);
        assert_int_equal(t->ev.number, i + 1);
        assert_memory_equal(t->ev.cards, events[i].cards, sizeof t->ev.cards);
        assert_int_equal(t->ev.winner, events[i].winner);
        assert_int_equal(t->ev.leader, events[i].leader);
        /* What the review draws: the hands before the trick without its two cards, each shown once. */
        gw_game shown;
        tui_review_position(t, &shown);
        gw_card human = t->ev.leader == 0 ? t->ev.cards[0] : t->ev.cards[1];
        gw_card computer = t->ev.leader == 0 ? t->ev.cards[1] : t->ev.cards[0];
        assert_true(shown.hand[0] == (starts[i].hand[0] & ~gw_bit(human)));
        assert_true(shown.hand[1] == (starts[i].hand[1] & ~gw_bit(computer)));
        assert_true(gw_has(starts[i].hand[0], human) && gw_has(starts[i].hand[1], computer));
        assert_int_equal(shown.tricks_done, i); /* the title's trick number */
        assert_true(shown.stock_pos == starts[i].stock_pos);
        /* Verdicts exactly on the human's endgame cards: one per endgame trick. */
        assert_int_equal(t->verdict.judged, i >= hs);
        assert_int_equal(t->verdict.judged, judged[i]);
        if (!t->verdict.judged) continue;
        njudged++;
        const expected_verdict *e = &want[i];
        assert_true(t->verdict.kept <= t->verdict.best);
        assert_int_equal(t->verdict.best, e->best);
        assert_int_equal(t->verdict.kept, e->kept);
        assert_true(t->verdict.best_cards == e->best_cards);
        assert_true(t->verdict.best_cards != 0);
        /* The human's card in this trick: its value is best exactly when the solver lists it as best. */
        gw_card mine_card = t->ev.leader == 0 ? t->ev.cards[0] : t->ev.cards[1];
        if (gw_has(e->best_cards, mine_card))
            assert_int_equal(t->verdict.kept, t->verdict.best);
        else
            assert_true(t->verdict.kept < t->verdict.best);
        if (policy == HUMAN_BEST) assert_int_equal(t->verdict.kept, t->verdict.best);
        if (policy == HUMAN_WORST) assert_int_equal(t->verdict.kept, e->worst);
        *lost += t->verdict.best - t->verdict.kept;
    }
    assert_int_equal(njudged, hs);
    gw_solver_free(mine);
    gw_solver_free(theirs);
}

static void review_verdicts(void **state) {
    (void)state;
    int lost_best = 0, lost_worst = 0, lost_first = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        review_hand(GW_CLASSIC, seed, HUMAN_FIRST, &lost_first);
        review_hand(GW_SMALL, seed, HUMAN_FIRST, &lost_first);
        review_hand(GW_CLASSIC, seed, HUMAN_BEST, &lost_best);
        review_hand(GW_SMALL, seed, HUMAN_BEST, &lost_best);
        review_hand(GW_CLASSIC, seed, HUMAN_WORST, &lost_worst);
        review_hand(GW_SMALL, seed, HUMAN_WORST, &lost_worst);
    }
    assert_int_equal(lost_best, 0);
    assert_true(lost_worst > 0); /* the verdicts do tell a loss */
    assert_true(lost_first >= 0);
}

/* The review of a finished match hand, as the table calls it (dealt and finished from the match's record). */
static void review_of_a_match_hand(void **state) {
    (void)state;
    tui_match m;
    start(&m, GW_SMALL, GW_LAST13, 100, 31, GW_AI_HARD);
    play_to_end(&m);
    gw_game dealt, finished;
    gw_hand_score hs;
    gw_error err;
    assert_int_equal(tui_match_finished_hand(&m, 1, &dealt, &finished, &hs, &err), GW_OK);
    gw_solver *s = NULL;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    tui_review_trick out[GW_MAX_DECK / 2];
    assert_int_equal(tui_review_compute(s, &dealt, &finished, out, &err), 14);
    assert_same_game(&out[0].before, &dealt);
    /* Replaying the last trick's position gives the finished hand. */
    gw_game g = out[13].before;
    assert_int_equal(gw_game_play(&g, out[13].ev.cards[0], NULL), GW_OK);
    assert_int_equal(gw_game_play(&g, out[13].ev.cards[1], NULL), GW_OK);
    assert_same_game(&g, &finished);
    gw_solver_free(s);
    tui_match_free(&m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(layout_refuses_small_terminals),
        cmocka_unit_test(layout_regions_fit_and_do_not_overlap),
        cmocka_unit_test(layout_grows_and_centres),
        cmocka_unit_test(hand_split_between_suits),
        cmocka_unit_test(layout_card_at_hits_each_card),
        cmocka_unit_test(layout_card_at_overlapping_cards),
        cmocka_unit_test(hand_sorted_orders),
        cmocka_unit_test(labels_and_widths),
        cmocka_unit_test(tracker_follows_a_real_hand),
        cmocka_unit_test(refusal_sentences),
        cmocka_unit_test(trick_news_sentences),
        cmocka_unit_test(score_reasons),
        cmocka_unit_test(counted_tricks_follow_the_scoring),
        cmocka_unit_test(match_restore_round_trip),
        cmocka_unit_test(match_restore_refusals),
        cmocka_unit_test(last_trick_from_the_view),
        cmocka_unit_test(finished_hand_from_the_record),
        cmocka_unit_test(match_undo),
        cmocka_unit_test(review_verdicts),
        cmocka_unit_test(review_of_a_match_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
