/* describe.c: the sentences the table shows about refusals, tricks and scores, and the names of the scoring
 * rules. */
#include "describe.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>

#include "layout.h"

const char *tui_refusal_common(gw_refusal r, const char *sentence, gw_card c, gw_card led, bool ascii,
                               char *buf, size_t cap) {
    char label[8];
    tui_card_label(c, ascii, label);
    switch (r) {
    case GW_REFUSE_NONE: return NULL;
    case GW_REFUSE_MUST_FOLLOW:
        snprintf(buf, cap, "You must follow %s: you hold that suit.",
                 tui_suit_label(gw_card_suit(led), ascii));
        return buf;
    case GW_REFUSE_HAND_OVER: snprintf(buf, cap, "The hand is over."); return buf;
    case GW_REFUSE_NOT_HELD:
        snprintf(buf, cap, "You do not hold %s.", label);
        return buf; /* never where it is */
    default:
        snprintf(buf, cap, "%s", sentence && *sentence ? sentence : "That card cannot be played now.");
        return buf;
    }
}

const char *tui_refusal(gw_refusal r, const char *sentence, gw_card c, gw_card led, gw_variant v, bool ascii,
                        char *buf, size_t cap) {
    switch (r) {
    case GW_REFUSE_NOT_A_CARD: {
        char label[8];
        tui_card_label(c, ascii, label);
        snprintf(buf, cap, "%s is not in the %s deck.", label, gw_variant_name(v));
        return buf;
    }
    case GW_REFUSE_NOT_YOUR_TURN:
    case GW_REFUSE_COMPUTER:
    case GW_REFUSE_BUSY: snprintf(buf, cap, "Wait: it is the computer's turn."); return buf;
    default: return tui_refusal_common(r, sentence, c, led, ascii, buf, cap);
    }
}

void tui_trick_news(const gw_trick_event *ev, bool ascii, char *buf, size_t cap) {
    char won[8], take[8], draw[8];
    tui_card_label(ev->cards[ev->winner == ev->leader ? 0 : 1], ascii, won);
    const char *who = ev->winner == 0 ? "You win" : "The computer wins";
    if (ev->drawn[0] == GW_NO_CARD) {
        snprintf(buf, cap, "%s trick %d with %s.", who, ev->number, won);
        return;
    }
    tui_card_label(ev->drawn[ev->winner], ascii, take);
    if (ev->winner == 0) {
        snprintf(buf, cap, "%s with %s and take %s; the computer draws a hidden card.", who, won, take);
    } else {
        tui_card_label(ev->drawn[0], ascii, draw);
        snprintf(buf, cap, "%s with %s and takes %s; you draw %s.", who, won, take, draw);
    }
}

void tui_score_reason(const gw_hand_score *hs, gw_scoring s, char *buf, size_t cap) {
    if (s == GW_TOTAL) {
        snprintf(buf, cap, "you %d, the computer %d endgame tricks", hs->counted[0], hs->counted[1]);
        return;
    }
    if (hs->winner < 0) {
        snprintf(buf, cap, "%d tricks each: no score", hs->counted[0]);
        return;
    }
    int w = hs->counted[hs->winner], l = hs->counted[1 - hs->winner];
    if (hs->slam) {
        snprintf(buf, cap, "slam: %d", hs->points[hs->winner]);
    } else if (s == GW_DIFFERENCE) {
        snprintf(buf, cap, "%d tricks to %d: difference %d", w, l, hs->points[hs->winner]);
    } else {
        /* The winner scores the tricks over a fixed mark (6 or 13, 3 or 6 in small). */
        int points = hs->points[hs->winner];
        snprintf(buf, cap, "%d tricks to %d: %d over %d", w, l, points, w - points);
    }
}

int tui_counted_tricks(const gw_game *g, gw_scoring s, int p) {
    return s == GW_EVERY ? g->won[0][p] + g->won[1][p] : g->won[1][p];
}

void tui_counted_text(const gw_game *g, gw_scoring s, int p, char *buf, size_t cap) {
    const int won[2][2] = {{g->won[0][0], g->won[0][1]}, {g->won[1][0], g->won[1][1]}};
    tui_counted_won_text(won, s, p, buf, cap);
}

void tui_counted_won_text(const int won[2][2], gw_scoring s, int p, char *buf, size_t cap) {
    int n = s == GW_EVERY ? won[0][p] + won[1][p] : won[1][p];
    snprintf(buf, cap, "%d %strick%s%s", n, s == GW_EVERY ? "" : "endgame ", n == 1 ? "" : "s",
             s == GW_EVERY ? " (both phases)" : "");
}

const char *tui_scoring_label(gw_scoring s, gw_variant v) {
    switch (s) {
    case GW_LAST13: { /* "Last 13", "Last 7": the endgame's tricks, as many as a hand's cards */
        static char last[2][16];
        int i = v == GW_SMALL;
        snprintf(last[i], sizeof last[i], "Last %d", gw_hand_size(v));
        return last[i];
    }
    case GW_EVERY: return "Every trick";
    case GW_DIFFERENCE: return "Difference";
    case GW_TOTAL: return "Running total";
    default: return gw_scoring_name(s);
    }
}

int tui_rank_of_key(int ch) {
    switch (tolower(ch)) {
    case 'a': return GW_RANK_A;
    case 'k': return GW_RANK_A - 1;
    case 'q': return GW_RANK_A - 2;
    case 'j': return GW_RANK_J;
    case 't': return GW_RANK_T;
    default: break;
    }
    if (ch >= '2' && ch <= '9') return ch - '2';
    return -1;
}

tui_typed tui_typed_key(char typed[2], int ch, gw_card *card) {
    if (typed[0] == '1' && !typed[1] && ch == '0') {
        typed[1] = '0';
        return TUI_TYPED_MORE;
    }
    int suit = ch > 0 && ch < 128 ? gw_suit_parse((char)ch) : -1;
    int rank = typed[0] == '1' ? (typed[1] ? GW_RANK_T : -1) : tui_rank_of_key(typed[0]);
    typed[0] = typed[1] = '\0';
    if (suit < 0 || rank < 0) return TUI_TYPED_NONE;
    *card = gw_card_make(suit, rank);
    return TUI_TYPED_CARD;
}

int tui_find_card(const gw_card *cards, int n, gw_card c, bool ascii, char *buf, size_t cap) {
    for (int i = 0; i < n; i++)
        if (cards[i] == c) return i;
    char label[8];
    tui_card_label(c, ascii, label);
    snprintf(buf, cap, "You do not hold %s.", label);
    return -1;
}

void tui_status_set(tui_status *st, bool warn, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->text, sizeof st->text, fmt, ap);
    va_end(ap);
    st->warn = warn;
}

void tui_status_clear(tui_status *st) { st->text[0] = '\0'; }

void tui_status_refusal(tui_status *st, const char *no) {
    if (no)
        tui_status_set(st, true, "%s", no);
    else
        tui_status_clear(st);
}

tui_typed tui_typed_status(tui_status *st, char typed[2], int ch, gw_card *card) {
    tui_typed r = tui_typed_key(typed, ch, card);
    if (r == TUI_TYPED_MORE) tui_status_set(st, false, "10... now the suit: s h d c");
    if (r == TUI_TYPED_NONE) tui_status_clear(st);
    return r;
}
