/* rules_screen.c: the rules of German Whist, with the numbers of the deck in Settings, then of Android Whist,
 * as a page to scroll through. */
#include <assert.h>
#include <curses.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "describe.h"
#include "layout.h"

#define RULE_LINES 112
#define RULE_WIDTH 100

/* Appends one line of the rules (printf-style). */
static void add(char lines[RULE_LINES][RULE_WIDTH], int *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void add(char lines[RULE_LINES][RULE_WIDTH], int *n, const char *fmt, ...) {
    if (*n >= RULE_LINES) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lines[*n], RULE_WIDTH, fmt, ap);
    va_end(ap);
    ++*n;
}

/* The rules of German Whist for the deck v (its numbers throughout), then of Android Whist, as lines; the
 * count. */
static int rules_text(gw_variant v, char lines[RULE_LINES][RULE_WIDTH]) {
    int n = 0, hs = gw_hand_size(v), deck = gw_deck_size(v), half = hs / 2;
    bool small = v == GW_SMALL;
    add(lines, &n, "German Whist is a trick-taking game for two players with one deck: 52 cards");
    add(lines, &n, "in the classic game, 28 in the small game (ace down to eight).");
    add(lines, &n, "These are the rules of the %s game (%d cards), as set in Settings.",
        small ? "small" : "classic", deck);
    add(lines, &n, "%s", "");
    add(lines, &n, "THE DEAL  Each player gets %d cards. The next card is turned face up on", hs);
    add(lines, &n, "the stock: its suit is trump for the whole hand.");
    add(lines, &n, "The dealer alternates; the other player leads the first trick.");
    add(lines, &n, "%s", "");
    add(lines, &n, "TRICKS  The leader plays any card; the other player must follow suit if");
    add(lines, &n, "they can. If they cannot, they may trump (ruff) or throw any card away.");
    add(lines, &n, "The higher card of the suit led wins, unless a trump was played: then");
    add(lines, &n, "the highest trump wins. The winner leads the next trick.");
    add(lines, &n, "%s", "");
    add(lines, &n, "THE FOREPLAY (first %d tricks)  The tricks are played for the face-up", hs);
    add(lines, &n, "card: the winner takes it, the loser takes the next hidden card, and a");
    add(lines, &n, "new card is turned up. The cards played are out of the game.");
    add(lines, &n, "%s", "");
    add(lines, &n, "THE ENDGAME (last %d tricks)  When the stock is empty the hands are", hs);
    add(lines, &n, "played out. A good memory now knows every card the opponent holds.");
    add(lines, &n, "%s", "");
    add(lines, &n, "SCORING  (Settings: Scoring)");
    for (int i = 0; i < GW_SCORINGS; i++) {
        const char *name = tui_scoring_label((gw_scoring)i, v);
        switch ((gw_scoring)i) {
        case GW_LAST13:
            add(lines, &n, "  %s: the winner of more endgame tricks scores the tricks over %d;", name, half);
            add(lines, &n, "      all %d endgame tricks: slam, %d points.", hs, small ? 5 : 10);
            break;
        case GW_EVERY:
            add(lines, &n, "  %s: all %d tricks count; the winner scores the tricks over %d.", name, 2 * hs,
                hs);
            break;
        case GW_DIFFERENCE:
            add(lines, &n, "  %s: the winner scores the difference of the endgame tricks.", name);
            break;
        case GW_TOTAL:
            add(lines, &n, "  %s: both players score their endgame tricks, %d a hand between", name, hs);
            add(lines, &n, "      them; the handheld game plays to 50 (Settings: Win target).");
            break;
        default: add(lines, &n, "  %s: see docs/rules.md.", name); break;
        }
    }
    add(lines, &n, "The match is won by the first to reach the win target (Settings); if");
    add(lines, &n, "both reach it in one hand, the higher score wins, and level scores");
    add(lines, &n, "play one more hand.");
    add(lines, &n, "%s", "");
    add(lines, &n, "AT THE TABLE  Left/Right select a card, Enter plays it; you can also type");
    add(lines, &n, "it (qs, 10h) or click it. Cards you may not play are dimmed. ? lists");
    add(lines, &n, "every key: last trick, card tracker, hints, undo, leaving the table.");
    add(lines, &n, "%s", "");
    add(lines, &n, "%s", "ANDROID WHIST");
    add(lines, &n, "%s", "");
    add(lines, &n, "%s", "Four hands, two humans, each with an android partner. Seats clockwise:");
    add(lines, &n, "%s", "D (the dealer), L (an android), X (an android), N (the other human).");
    add(lines, &n, "%s", "D plays with X, N with L. Each human sees their own hand and the");
    add(lines, &n, "%s", "OTHER side's android face up, never their own android's cards.");
    add(lines, &n, "%s", "");
    add(lines, &n, "%s", "THE DEAL  13 cards each, one at a time from L. The dealer's last card is");
    add(lines, &n, "%s", "turned: its suit is trump, and the card stays in the dealer's hand. L");
    add(lines, &n, "%s", "leads the first trick. Follow suit if you can; the highest trump wins,");
    add(lines, &n, "%s", "else the highest card of the suit led. The winner leads the next trick.");
    add(lines, &n, "%s", "");
    add(lines, &n, "%s", "COMMANDS  Your android plays only what you tell it. Following a card led:");
    add(lines, &n, "%s", "  duck (u)   its lowest card of the suit led");
    add(lines, &n, "%s", "  beat (b)   its lowest card that beats the winning card (a trump if it");
    add(lines, &n, "%s", "             holds none of the suit led), else its lowest of the suit led");
    add(lines, &n, "%s", "  high (g)   its highest card if that beats the winning card, else its");
    add(lines, &n, "%s", "             lowest of the suit led");
    add(lines, &n, "%s", "Leading (or after an error):");
    add(lines, &n, "%s", "  spades hearts diamonds clubs (s h d c)   its lowest card of that suit");
    add(lines, &n, "%s", "  shortest (o)   its lowest card of its shortest suit (not trumps)");
    add(lines, &n, "%s", "  longest (l)    its lowest card of its longest suit (trumps count)");
    add(lines, &n, "%s", "  high-spades ... high-longest (S H D C O L)   the highest card instead");
    add(lines, &n, "%s", "When it cannot do what it is told (no card of the suit, a tie for");
    add(lines, &n, "%s", "shortest or longest, nothing that beats), it says \"Error.\" for all to");
    add(lines, &n, "%s", "hear, and you give another command: then every command is open.");
    add(lines, &n, "%s", "");
    add(lines, &n, "%s", "SCORING  The side with more than six tricks scores a point for each");
    add(lines, &n, "%s", "trick over six. The first side to 5 points wins a game; the best of");
    add(lines, &n, "%s", "three games wins the rubber. A game is worth 3 if the losers had 0");
    add(lines, &n, "%s", "points, 2 if they had 1 or 2, 1 if they had 3 or 4; the rubber's winner");
    add(lines, &n, "%s", "adds 2. Honours score nothing.");
    add(lines, &n, "%s", "");
    add(lines, &n, "%s", "AT THE TABLE  Your card as in German Whist (arrows, or type qs, 10h, th).");
    add(lines, &n, "%s", "Your android: press a command's key; the menu shows those open now.");
    add(lines, &n, "%s", "t shows the last trick with every command and error; ? lists the keys.");
    assert(n < RULE_LINES);
    return n;
}

/* The line where the Android Whist rules begin (w or Tab jumps there). */
static int android_line(char lines[RULE_LINES][RULE_WIDTH], int n) {
    for (int i = 0; i < n; i++)
        if (strcmp(lines[i], "ANDROID WHIST") == 0) return i;
    return 0;
}

tui_exit tui_rules_screen(tui_app *app) {
    static char lines[RULE_LINES][RULE_WIDTH];
    int n = rules_text(app->settings.rules.variant, lines), top = 0;
    for (;;) {
        tui_screen *s = &app->scr;
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            int h = s->h - 2, w = 78, x = (s->w - w) / 2;
            tui_draw_box(s, 0, x, h + 1, w, "Rules");
            int rows = h - 1;
            if (top > n - rows) top = n - rows > 0 ? n - rows : 0;
            for (int i = 0; i < rows && top + i < n; i++)
                tui_text(s, 1 + i, x + 2, w - 4, TUI_C_DIALOG, 0, lines[top + i]);
            tui_fill_row(s, s->h - 1, TUI_C_TITLE);
            tui_text(s, s->h - 1, 0, s->w, TUI_C_TITLE, 0,
                     s->ascii ? " Up/Down PgUp/PgDn scroll   w Android Whist   g German Whist   q or Esc back"
                              : " ↑↓ PgUp/PgDn scroll   w Android Whist   g German Whist   q or Esc back");
            tui_show();
        }
        tui_key k = tui_read_key(s, -1);
        if (k.code == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (tui_key_back(k.code)) return TUI_BACK;
        if (k.code == 'w' || k.code == '\t') top = android_line(lines, n);
        if (k.code == 'g' || k.code == KEY_HOME) top = 0;
        tui_key_scroll(k.code, &top, INT_MAX); /* clamped when drawn */
    }
}
