/* rules_screen.c: the rules of German Whist, then of Android Whist, as a page to scroll through. */
#include <curses.h>

#include "app.h"
#include "layout.h"

static const char *const RULES[] = {
    "German Whist is a trick-taking game for two players with one 52-card deck",
    "(or 28 cards in the small game: the 2s to 7s are taken out).",
    "",
    "THE DEAL  Each player gets 13 cards (7 in the small game). The next card",
    "is turned face up on the stock: its suit is trump for the whole hand.",
    "The dealer alternates; the other player leads the first trick.",
    "",
    "TRICKS  The leader plays any card; the other player must follow suit if",
    "they can. If they cannot, they may trump (ruff) or throw any card away.",
    "The higher card of the suit led wins, unless a trump was played: then",
    "the highest trump wins. The winner leads the next trick.",
    "",
    "THE FOREPLAY (first 13 tricks)  The tricks are played for the face-up",
    "card: the winner takes it, the loser takes the next hidden card, and a",
    "new card is turned up. The cards played are out of the game.",
    "",
    "THE ENDGAME (last 13 tricks)  When the stock is empty the hands are",
    "played out. A good memory now knows every card the opponent holds.",
    "",
    "SCORING  (Settings: Scoring)",
    "  last 13: the winner of more endgame tricks scores the tricks over 6",
    "           (over 3 in the small game); all 13 endgame tricks: slam, 10",
    "           points (5 in the small game).",
    "  every:   all 26 tricks count; the winner scores the tricks over 13",
    "           (over 6 in the small game).",
    "  difference: the winner scores the difference of the endgame tricks.",
    "The match is won by the first to reach the win target (Settings).",
    "",
    "AT THE TABLE  Left/Right select a card, Enter plays it; you can also type",
    "it (qs, 10h) or click it. Cards you may not play are dimmed. ? lists",
    "every key: last trick, card tracker, hints, undo, leaving the table.",
    "",
    "ANDROID WHIST",
    "",
    "Four hands, two humans, each with an android partner. Seats clockwise:",
    "D (the dealer), L (an android), X (an android), N (the other human).",
    "D plays with X, N with L. Each human sees their own hand and the",
    "OTHER side's android face up, never their own android's cards.",
    "",
    "THE DEAL  13 cards each, one at a time from L. The dealer's last card is",
    "turned: its suit is trump, and the card stays in the dealer's hand. L",
    "leads the first trick. Follow suit if you can; the highest trump wins,",
    "else the highest card of the suit led. The winner leads the next trick.",
    "",
    "COMMANDS  Your android plays only what you tell it. Following a card led:",
    "  duck (u)   its lowest card of the suit led",
    "  beat (b)   its lowest card that beats the winning card (a trump if it",
    "             holds none of the suit led), else its lowest of the suit led",
    "  high (g)   its highest card if that beats the winning card, else its",
    "             lowest of the suit led",
    "Leading (or after an error):",
    "  spades hearts diamonds clubs (s h d c)   its lowest card of that suit",
    "  shortest (o)   its lowest card of its shortest suit (not trumps)",
    "  longest (l)    its lowest card of its longest suit (trumps count)",
    "  high-spades ... high-longest (S H D C O L)   the highest card instead",
    "When it cannot do what it is told (no card of the suit, a tie for",
    "shortest or longest, nothing that beats), it says \"Error.\" for all to",
    "hear, and you give another command: then every command is open.",
    "",
    "SCORING  The side with more than six tricks scores a point for each",
    "trick over six. The first side to 5 points wins a game; the best of",
    "three games wins the rubber. A game is worth 3 if the losers had 0",
    "points, 2 if they had 1 or 2, 1 if they had 3 or 4; the rubber's winner",
    "adds 2. Honours score nothing.",
    "",
    "AT THE TABLE  Your card as in German Whist (arrows, or type qs, 10h, th).",
    "Your android: press a command's key; the menu shows those open now.",
    "t shows the last trick with every command and error; ? lists the keys.",
};

/* The first line of the Android Whist rules. */
static int android_line(void) {
    int n = (int)(sizeof RULES / sizeof RULES[0]);
    for (int i = 0; i < n; i++)
        if (RULES[i][0] == 'A' && RULES[i][1] == 'N' && RULES[i][2] == 'D') return i;
    return 0;
}

tui_exit tui_rules_screen(tui_app *app) {
    int n = (int)(sizeof RULES / sizeof RULES[0]), top = 0;
    for (;;) {
        tui_screen *s = &app->scr;
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            int h = s->h - 2, w = 78, x = (s->w - w) / 2;
            tui_draw_box(s, 0, x, h + 1, w, "Rules");
            int rows = h - 1;
            if (top > n - rows) top = n - rows > 0 ? n - rows : 0;
            for (int i = 0; i < rows && top + i < n; i++)
                tui_text(s, 1 + i, x + 2, w - 4, TUI_C_DIALOG, 0, RULES[top + i]);
            tui_fill_row(s, s->h - 1, TUI_C_TITLE);
            tui_text(s, s->h - 1, 0, s->w, TUI_C_TITLE, 0,
                     s->ascii ? " Up/Down PgUp/PgDn scroll   w Android Whist   g German Whist   q or Esc back"
                              : " ↑↓ PgUp/PgDn scroll   w Android Whist   g German Whist   q or Esc back");
            tui_show();
        }
        tui_key k = tui_read_key(s, -1);
        switch (k.code) {
        case TUI_KEY_SIGNAL: return TUI_SIGNAL;
        case KEY_UP:
        case 'k':
            if (top > 0) top--;
            break;
        case KEY_DOWN:
        case 'j': top++; break;
        case KEY_PPAGE: top = top > 10 ? top - 10 : 0; break;
        case 'w':
        case '\t': top = android_line(); break;
        case 'g':
        case KEY_HOME: top = 0; break;
        case KEY_NPAGE:
        case ' ': top += 10; break;
        case 'q':
        case 27:
        case '\n':
        case '\r':
        case KEY_ENTER: return TUI_BACK;
        default: break;
        }
    }
}
