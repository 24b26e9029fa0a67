/* table.c: drawing the card table from a view: hands, stock, trump, trick, draws, scores and news. */
#include "table.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "describe.h"

/* The key reminders: [ascii][tracker off]. */
static const char *const DEFAULT_KEYS[2][2] = {
    {" ←→ select  Enter play  ? help  t trick  c tracker  i hint  u undo  q quit",
     " ←→ select  Enter play  ? help  t trick  i hint  u undo  q quit"},
    {" <-> select  Enter play  ? help  t trick  c tracker  i hint  u undo  q quit",
     " <-> select  Enter play  ? help  t trick  i hint  u undo  q quit"}};

void tui_position_of_view(const gw_view *v, const char *opponent, tui_position *out) {
    const gw_observation *o = &v->german;
    memset(out, 0, sizeof *out);
    out->variant = o->variant;
    out->trump = o->trump;
    out->phase = o->phase;
    out->trick_number = o->trick_number;
    out->own = o->own;
    out->opp_count = o->opp_hand_size;
    out->turn = o->turn;
    out->leader = o->leader;
    out->led = o->led;
    out->stock_left = o->stock_left;
    out->upcard = o->upcard;
    out->legal = gw_observation_legal(o);
    memcpy(out->won, o->won, sizeof out->won);
    out->rules = v->rules;
    out->score[0] = v->score[0];
    out->score[1] = v->score[1];
    out->opponent = opponent;
}

void tui_position_of_game(const gw_game *g, const gw_match *m, const char *opponent, tui_position *out) {
    memset(out, 0, sizeof *out);
    out->variant = (gw_variant)g->variant;
    out->trump = g->trump;
    out->phase = gw_game_phase(g);
    out->trick_number = g->tricks_done + 1;
    out->own = g->hand[0];
    out->opp = g->hand[1];
    out->opp_count = gw_count(g->hand[1]);
    out->turn = g->turn;
    out->leader = g->leader;
    out->led = g->led;
    out->stock_left = gw_game_stock_left(g);
    out->upcard = gw_game_upcard(g);
    out->legal = g->turn == 0 ? gw_game_legal(g) : 0;
    for (int ph = 0; ph < 2; ph++)
        for (int p = 0; p < 2; p++)
            out->won[ph][p] = g->won[ph][p];
    out->rules = m->rules;
    out->score[0] = m->score[0];
    out->score[1] = m->score[1];
    out->opponent = opponent;
}

int tui_view_hand(const tui_view *v, gw_card out[GW_RANKS]) {
    return tui_hand_sorted(v->p->own, v->p->trump, v->order, out);
}

static void draw_title(const tui_screen *s, const tui_view *v, const tui_layout *L) {
    const tui_position *g = v->p;
    const gw_match_rules *r = &g->rules;
    gw_variant var = g->variant;
    int hs = gw_hand_size(var);
    tui_fill_row(s, 0, TUI_C_TITLE);
    /* The rules, with the game's name when it fits beside the phase and trump. */
    char left[160], rules[140];
    snprintf(rules, sizeof rules, "%s · %s · to %d", gw_variant_name(var), tui_scoring_label(r->scoring, var),
             r->target);
    snprintf(left, sizeof left, " German Whist · %s", rules);
    char right[96];
    gw_phase ph = g->phase;
    int n = g->trick_number;
    if (v->shown) { /* the pause after a trick (or the review): the trick on show, not the next one */
        n = v->shown->number;
        ph = n <= hs ? GW_FOREPLAY : GW_ENDGAME;
    }
    if (ph == GW_FOREPLAY)
        snprintf(right, sizeof right, "Foreplay · trick %d of %d · trump %s ", n, hs,
                 tui_suit_label(g->trump, s->ascii));
    else if (ph == GW_ENDGAME)
        snprintf(right, sizeof right, "Endgame · trick %d of %d · trump %s ", n - hs, hs,
                 tui_suit_label(g->trump, s->ascii));
    else
        snprintf(right, sizeof right, "Hand over ");
    int rw = tui_label_width(right);
    if (tui_label_width(left) + rw >= L->w) snprintf(left, sizeof left, " %s", rules);
    if (s->ascii) {
        tui_ascii_dots(left);
        tui_ascii_dots(right);
    }
    tui_text(s, 0, 0, L->w, TUI_C_TITLE, 0, left); /* after the dots became dashes on an ASCII terminal */
    if (tui_label_width(left) + rw < L->w) tui_text(s, 0, L->w - rw, rw, TUI_C_TITLE, A_BOLD, right);
}

/* A player's line: turn marker, name, match points, and (for the human) the tricks the scoring counts. */
static void draw_player_line(const tui_screen *s, const tui_view *v, int y, int x, int w, int p) {
    const tui_position *g = v->p;
    bool turn = g->phase != GW_OVER && g->turn == p && !v->shown;
    const char *marker = turn ? (s->ascii ? "*" : "●") : " ";
    char tricks[64] = "";
    if (p == 0) {
        tricks[0] = tricks[1] = ' ';
        tui_counted_won_text(g->won, g->rules.scoring, p, tricks + 2, sizeof tricks - 2);
    }
    char text[160];
    snprintf(text, sizeof text, " %s %s  %d point%s%s%s", marker, p == 0 ? "You" : "Computer", g->score[p],
             g->score[p] == 1 ? "" : "s", tricks, turn ? (p == 0 ? "  your turn" : "  to play") : "");
    tui_text(s, y, x, w, TUI_C_TABLE, A_BOLD, text);
    if (turn) tui_text(s, y, x + 1, 1, TUI_C_MARK, A_BOLD, marker);
}

static void draw_opponent(const tui_screen *s, const tui_view *v, const tui_layout *L) {
    const tui_position *g = v->p;
    int n = g->opp_count;
    int right = L->opp_x0;
    if (v->opp_face_up) {
        gw_card cards[GW_RANKS];
        int k = tui_hand_sorted(g->opp, g->trump, v->order, cards);
        int stride = L->card_w - 1;
        for (int i = 0; i < k; i++)
            tui_draw_card_sized(s, L->opp.y, L->opp_x0 + i * stride, cards[i], 0, L->card_w, L->card_h);
        if (k > 0) right += stride * (k - 1) + L->card_w;
    } else {
        for (int i = 0; i < n; i++)
            tui_draw_back_sized(s, L->opp.y, L->opp_x0 + i * L->opp_stride, L->back_h, L->card_w);
        if (n > 0) right += L->opp_stride * (n - 1) + L->card_w;
    }
    int end = L->area.x + L->area.w; /* the table's right edge */
    int x = right + 2;
    if (!v->opp_face_up && x > end - 34) x = end - 34;
    if (x > end - 16) return; /* the review's face-up hand leaves no room */
    tui_textf(s, L->opp.y, x + 3, end - x - 3, TUI_C_TABLE, 0, "%s, %d card%s", g->opponent, n,
              n == 1 ? "" : "s");
    draw_player_line(s, v, L->opp.y + 1, x, end - x, 1);
    char tricks[64]; /* the computer's counted tricks on a line of their own: its line is short */
    tui_counted_won_text(g->won, g->rules.scoring, 1, tricks, sizeof tricks);
    tui_text(s, L->opp.y + 2, x + 3, end - x - 3, TUI_C_TABLE, 0, tricks);
}

static void draw_stock(const tui_screen *s, const tui_view *v, const tui_layout *L) {
    const tui_position *g = v->p;
    int y = L->stock.y, x = L->stock.x, cw = L->card_w, ch = L->card_h;
    unsigned attrs = A_BOLD | (v->pulse_trump ? A_BLINK | A_REVERSE : 0);
    tui_textf(s, y, x, 16, TUI_C_TABLE, attrs, "Trump %s", tui_suit_label(g->trump, s->ascii));
    if (g->phase == GW_FOREPLAY || (v->shown && v->shown->drawn[0] != GW_NO_CARD)) {
        int left = g->stock_left;
        gw_card up = g->upcard;
        if (up != GW_NO_CARD) {
            tui_draw_card_sized(s, y + 1, x, up, 0, cw, ch);
            if (left > 1) tui_draw_back_sized(s, y + 1, x + cw + 1, ch, cw);
        } else {
            tui_draw_slot_sized(s, y + 1, x, ch, cw);
        }
        tui_textf(s, y + 1 + ch, x, 16, TUI_C_TABLE, 0, "Stock: %d left", left);
    } else {
        tui_text(s, y + ch / 2, x, 16, TUI_C_TABLE, 0, "Endgame:");
        tui_text(s, y + 1 + ch / 2, x, 16, TUI_C_TABLE, 0, "the stock is out");
    }
}

static void draw_trick(const tui_screen *s, const tui_view *v, const tui_layout *L) {
    const tui_position *g = v->p;
    int y = L->trick.y, x = L->trick.x;
    gw_card cards[2] = {GW_NO_CARD, GW_NO_CARD}; /* [seat] */
    int winner = -1, leader = g->leader;
    if (v->shown) {
        leader = v->shown->leader;
        cards[leader] = v->shown->cards[0];
        cards[1 - leader] = v->shown->cards[1];
        winner = v->shown->winner;
    } else if (g->led != GW_NO_CARD) {
        cards[g->leader] = g->led;
    }
    /* The computer's card on the left, yours on the right; under each, who led and who won. */
    for (int seat = 1; seat >= 0; seat--) {
        int cx = x + (seat == 1 ? 3 : 8 + L->card_w);
        tui_text(s, y, cx - (seat == 1 ? 2 : 0), 10, TUI_C_TABLE, 0, seat == 0 ? "You" : "Computer");
        if (cards[seat] != GW_NO_CARD)
            tui_draw_card_sized(s, y + 1, cx, cards[seat], seat == winner ? TUI_CARD_WINNER : 0, L->card_w,
                                L->card_h);
        else
            tui_draw_slot_sized(s, y + 1, cx, L->card_h, L->card_w);
        char under[24] = "";
        if (cards[seat] != GW_NO_CARD && seat == leader) snprintf(under, sizeof under, "led");
        if (seat == winner) snprintf(under, sizeof under, "%s", s->ascii ? "^wins" : "▲wins");
        tui_text(s, y + 1 + L->card_h, cx, 9, seat == winner ? TUI_C_MARK : TUI_C_TABLE, A_BOLD, under);
    }
}

static void draw_draws(const tui_screen *s, const tui_view *v, const tui_layout *L) {
    const gw_trick_event *ev = v->shown;
    if (!ev || ev->drawn[0] == GW_NO_CARD) return;
    int y = L->draws.y, x = L->draws.x, cw = L->card_w, ch = L->card_h, x2 = x + cw + 6;
    tui_textf(s, y, x, L->draws.w, TUI_C_TABLE, 0, "%-*s%s", cw + 6, "You drew", "It drew");
    tui_draw_card_sized(s, y + 1, x, ev->drawn[0], 0, cw, ch);
    if (ev->winner == 1)
        tui_draw_card_sized(s, y + 1, x2, ev->drawn[1], 0, cw, ch); /* the up-card: seen by both */
    else
        tui_draw_back_sized(s, y + 1, x2, ch, cw);
    if (ev->next_upcard != GW_NO_CARD) {
        char up[8];
        tui_card_label(ev->next_upcard, s->ascii, up);
        tui_textf(s, y + 1 + ch, x, L->draws.w, TUI_C_TABLE, A_BOLD, "Next up-card: %s", up);
    }
}

static void draw_hand(const tui_screen *s, const tui_view *v, const tui_layout *L, const gw_card *cards,
                      int n) {
    gw_cards legal = v->dim_illegal ? v->p->legal : 0;
    for (int i = 0; i < n; i++) {
        bool sel = i == v->sel;
        int look = sel ? TUI_CARD_SELECTED : 0;
        if (v->dim_illegal && !gw_has(legal, cards[i])) look |= TUI_CARD_DIM;
        tui_draw_card_sized(s, tui_layout_card_y(L, i) + (sel ? 0 : 1), tui_layout_card_x(L, i), cards[i],
                            look, L->card_w, L->card_h);
    }
    for (int k = 0; k < v->nvalues; k++)
        for (int i = 0; i < n; i++)
            if (cards[i] == v->value_card[k]) {
                bool best = cards[i] == v->value_best;
                tui_text(s, tui_layout_card_y(L, i) + 1 + L->card_h, tui_layout_card_x(L, i), L->hand_stride,
                         best ? TUI_C_MARK : TUI_C_TABLE, best ? A_BOLD | A_UNDERLINE : 0, v->value_text[k]);
            }
}

void tui_draw_table(const tui_screen *s, const tui_view *v, tui_layout *out) {
    gw_card cards[GW_RANKS];
    int n = tui_view_hand(v, cards);
    tui_layout L;
    int top = v->stacked ? tui_hand_split(cards, n) : -1;
    if (!tui_layout_compute_stacked(s->w, s->h, n, top, v->p->opp_count, &L)) {
        if (out) *out = L;
        tui_too_small(s, TUI_MIN_W, TUI_MIN_H);
        return;
    }
    tui_clear(s);
    draw_title(s, v, &L);
    draw_opponent(s, v, &L);
    draw_stock(s, v, &L);
    draw_trick(s, v, &L);
    draw_draws(s, v, &L);
    for (int i = 0; i < 2; i++)
        if (v->news[i])
            tui_text(s, L.message.y + i, L.message.x, L.message.w, TUI_C_TABLE, A_BOLD, v->news[i]);
    draw_hand(s, v, &L, cards, n);
    draw_player_line(s, v, L.you.y, L.you.x - 1, L.you.w, 0);
    if (v->status && *v->status)
        tui_text(s, L.status.y, L.status.x, L.status.w, v->status_warn ? TUI_C_WARN : TUI_C_TABLE,
                 v->status_warn ? A_BOLD : 0, v->status);
    const char *keys = v->keys ? v->keys : DEFAULT_KEYS[s->ascii][v->no_tracker];
    tui_fill_row(s, L.keys.y, TUI_C_TITLE);
    tui_text(s, L.keys.y, 0, L.w, TUI_C_TITLE, 0, keys);
    if (out) *out = L;
}
