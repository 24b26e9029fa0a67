/* settings_screen.c: the settings screen: every setting on one page, changed with the arrow keys and saved
 * on leaving. */
#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "describe.h"
#include "layout.h"

enum {
    ROW_VARIANT,
    ROW_SCORING,
    ROW_TARGET,
    ROW_OPPONENT,
    ROW_ORDER,
    ROW_SPEED,
    ROW_CLICK,
    ROW_BELL,
    ROW_TRACKER,
    ROW_HAND,
    ROWS
};

static const char *const ROW_NAME[ROWS] = {
    "Game type", "Scoring",           "Win target",    "Computer level", "Suit order",
    "Speed",     "Single-click play", "Bell on trump", "Card tracker",   "Hand display"};

static const int TARGETS[] = {10, 25, 50};
static const gw_ai_level LEVELS[] = {GW_AI_EASY, GW_AI_HARD, GW_AI_EXPERT};

static void value_text(const gw_settings *s, int row, char *out, size_t cap) {
    switch (row) {
    case ROW_VARIANT:
        snprintf(out, cap, "%s", s->rules.variant == GW_SMALL ? "small (28 cards)" : "classic (52 cards)");
        break;
    case ROW_SCORING: {
        const char *label = tui_scoring_label(s->rules.scoring, s->rules.variant);
        if (s->rules.scoring == GW_LAST13 || s->rules.scoring == GW_TOTAL)
            snprintf(out, cap, "%s (endgame tricks)", label);
        else
            snprintf(out, cap, "%s", label);
        break;
    }
    case ROW_TARGET: {
        bool custom = s->rules.target != 10 && s->rules.target != 25 && s->rules.target != 50;
        snprintf(out, cap, "%d%s", s->rules.target, custom ? " (custom)" : "");
        break;
    }
    case ROW_OPPONENT: snprintf(out, cap, "%s", gw_ai_level_name(s->opponent)); break;
    case ROW_ORDER:
        snprintf(out, cap, "%s",
                 s->suit_order == GW_ORDER_ALTERNATE ? "alternate (trump first, colours alternate)"
                                                     : "classic (spades hearts diamonds clubs)");
        break;
    case ROW_SPEED: snprintf(out, cap, "%s", gw_speed_name(s->speed)); break;
    case ROW_CLICK: snprintf(out, cap, "%s", s->single_click ? "on" : "off"); break;
    case ROW_BELL: snprintf(out, cap, "%s", s->bell ? "on" : "off"); break;
    case ROW_TRACKER: snprintf(out, cap, "%s", s->tracker ? "allowed" : "not allowed"); break;
    case ROW_HAND:
        snprintf(out, cap, "%s", s->hand_display == GW_HAND_STACKED ? "stacked (two rows)" : "one row");
        break;
    default: out[0] = '\0';
    }
}

static int cycle(int v, int n, int dir) { return (v + dir + n) % n; }

static void change(gw_settings *s, int row, int dir) {
    switch (row) {
    case ROW_VARIANT: s->rules.variant = (gw_variant)cycle((int)s->rules.variant, 2, dir); break;
    case ROW_SCORING: s->rules.scoring = (gw_scoring)cycle((int)s->rules.scoring, GW_SCORINGS, dir); break;
    case ROW_TARGET: {
        int i = 0;
        while (i < 3 && TARGETS[i] != s->rules.target)
            i++;
        if (i == 3) i = dir > 0 ? -1 : 3; /* a custom target: step to the nearest preset */
        s->rules.target = TARGETS[cycle(i, 3, dir)];
        break;
    }
    case ROW_OPPONENT: {
        int i = 1;
        for (int k = 0; k < 3; k++)
            if (LEVELS[k] == s->opponent) i = k;
        s->opponent = LEVELS[cycle(i, 3, dir)];
        break;
    }
    case ROW_ORDER: s->suit_order = (gw_suit_style)cycle((int)s->suit_order, 2, dir); break;
    case ROW_SPEED: s->speed = (gw_speed)cycle((int)s->speed, 3, dir); break;
    case ROW_CLICK: s->single_click = !s->single_click; break;
    case ROW_BELL: s->bell = !s->bell; break;
    case ROW_TRACKER: s->tracker = !s->tracker; break;
    case ROW_HAND: s->hand_display = (gw_hand_display)cycle((int)s->hand_display, 2, dir); break;
    default: break;
    }
}

static void draw(tui_app *app, int at, const char *typed, const char *msg) {
    tui_screen *s = &app->scr;
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    tui_clear(s);
    int y = (s->h - 18) / 2, x = (s->w - 72) / 2;
    tui_draw_box(s, y, x, 18, 72, "Settings");
    for (int r = 0; r < ROWS; r++) {
        char v[96];
        value_text(&app->settings, r, v, sizeof v);
        if (r == ROW_TARGET && typed[0]) snprintf(v, sizeof v, "%s_ (Enter sets it)", typed);
        bool sel = r == at;
        tui_textf(s, y + 2 + r, x + 2, 68, sel ? TUI_C_SELECT : TUI_C_DIALOG, sel ? A_BOLD : 0,
                  "%s %-18s %s%s%-44s", sel ? ">" : " ", ROW_NAME[r], sel ? "< " : "  ", v, sel ? " >" : "");
    }
    tui_text(s, y + 12, x + 2, 68, TUI_C_DIALOG, A_DIM, "Rules changes apply to the next new match.");
    tui_text(s, y + 13, x + 2, 68, TUI_C_DIALOG, A_DIM,
             "On the Win target row, type digits for a custom target.");
    if (msg && *msg) tui_text(s, y + 15, x + 2, 68, TUI_C_WARN, A_BOLD, msg);
    tui_fill_row(s, s->h - 1, TUI_C_TITLE);
    tui_text(s, s->h - 1, 0, s->w, TUI_C_TITLE, 0,
             s->ascii ? " Up/Down choose  Left/Right or Enter change  q or Esc save and go back"
                      : " ↑↓ choose  ←→ or Enter change  q or Esc save and go back");
    tui_show();
}

/* Sets the target typed on the Win target row; false with the reason in msg
 * if it is out of range. typed is cleared either way. */
static bool take_typed(tui_app *app, char *typed, char *msg, size_t cap) {
    int t = atoi(typed);
    bool ok = t >= GW_TARGET_MIN && t <= GW_TARGET_MAX;
    if (ok)
        app->settings.rules.target = t;
    else
        snprintf(msg, cap, "%s is not a win target (%d to %d points): not kept.", typed, GW_TARGET_MIN,
                 GW_TARGET_MAX);
    typed[0] = '\0';
    return ok;
}

tui_exit tui_settings_screen(tui_app *app) {
    int at = 0;
    char typed[8] = "", msg[160] = "";
    for (;;) {
        draw(app, at, typed, msg);
        tui_key k = tui_read_key(&app->scr, -1);
        int ch = k.code;
        if (ch == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (at == ROW_TARGET && ch >= '0' && ch <= '9') {
            if (strlen(typed) >= 4) continue; /* no target has five digits */
            size_t n = strlen(typed);
            typed[n] = (char)ch;
            typed[n + 1] = '\0';
            msg[0] = '\0';
            continue;
        }
        if (typed[0] && (ch == KEY_BACKSPACE || ch == 127 || ch == 8)) {
            typed[strlen(typed) - 1] = '\0';
            continue;
        }
        if (typed[0] && ch != KEY_RESIZE && ch != TUI_KEY_NONE) {
            /* Enter, leaving the row or the screen: the digits typed are the target. */
            if (!take_typed(app, typed, msg, sizeof msg)) continue; /* refused: said so, stay */
            msg[0] = '\0';
            if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) continue;
        }
        switch (ch) {
        case KEY_UP:
        case 'k': at = cycle(at, ROWS, -1); break;
        case KEY_DOWN:
        case 'j':
        case '\t': at = cycle(at, ROWS, 1); break;
        case KEY_LEFT:
        case 'h': change(&app->settings, at, -1); break;
        case KEY_RIGHT:
        case 'l':
        case ' ':
        case '\n':
        case '\r':
        case KEY_ENTER: change(&app->settings, at, 1); break;
        case 'q':
        case 27: {
            gw_error err;
            if (gw_settings_save(&app->settings, &err) != GW_OK)
                snprintf(app->notice, sizeof app->notice,
                         "Settings not saved (they apply until you quit): %s", err.msg);
            return TUI_BACK;
        }
        case KEY_RESIZE:
        case TUI_KEY_NONE: continue; /* keep the message */
        default: break;
        }
        msg[0] = '\0';
    }
}
