/* scoreboard.c: the scoreboard after each hand and the winner at the end of the match. */
#include "scoreboard.h"

#include <curses.h>
#include <stdio.h>

#include "describe.h"
#include "layout.h"

static void draw(tui_app *app, const gw_match *m, const gw_game *g, const gw_hand_score *hs) {
    tui_screen *s = &app->scr;
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    tui_clear(s);
    const gw_match_rules *r = &m->rules;
    int winner = gw_match_winner(m);
    int w = 64, h = 17, y = (s->h - h) / 2, x = (s->w - w) / 2;
    char title[64];
    snprintf(title, sizeof title, "Hand %d is over", m->hands_played);
    tui_draw_box(s, y, x, h, w, winner >= 0 ? "The match is over" : title);
    int row = y + 2, c1 = x + 4, c2 = x + 30, c3 = x + 42;
    tui_text(s, row, c2, 10, TUI_C_DIALOG, A_BOLD, "You");
    tui_text(s, row++, c3, 10, TUI_C_DIALOG, A_BOLD, "Computer");
    tui_text(s, row, c1, 24, TUI_C_DIALOG, 0, "Foreplay tricks");
    tui_textf(s, row, c2, 8, TUI_C_DIALOG, 0, "%3d", g->won[0][0]);
    tui_textf(s, row++, c3, 8, TUI_C_DIALOG, 0, "%3d", g->won[0][1]);
    tui_text(s, row, c1, 24, TUI_C_DIALOG, 0, "Endgame tricks");
    tui_textf(s, row, c2, 8, TUI_C_DIALOG, 0, "%3d", g->won[1][0]);
    tui_textf(s, row++, c3, 8, TUI_C_DIALOG, 0, "%3d", g->won[1][1]);
    tui_textf(s, row, c1, 24, TUI_C_DIALOG, A_BOLD, "Counted (%s)",
              tui_scoring_label(r->scoring, r->variant));
    tui_textf(s, row, c2, 8, TUI_C_DIALOG, A_BOLD, "%3d", hs->counted[0]);
    tui_textf(s, row++, c3, 8, TUI_C_DIALOG, A_BOLD, "%3d", hs->counted[1]);
    tui_text(s, row, c1, 24, TUI_C_DIALOG, 0, "Points this hand");
    for (int p = 0; p < 2; p++)
        tui_textf(s, row, p ? c3 : c2, 8, TUI_C_DIALOG, 0, "%3d", hs->points[p]);
    row++;
    char why[96];
    tui_score_reason(hs, r->scoring, why, sizeof why);
    const char *who = r->scoring == GW_TOTAL ? "Both score"
                      : hs->winner == 0      ? "You score"
                      : hs->winner == 1      ? "The computer scores"
                                             : "Nobody scores";
    tui_textf(s, row++, c1, w - 8, TUI_C_DIALOG, 0, "%s: %s", who, why);
    row++;
    tui_textf(s, row, c1, 24, TUI_C_DIALOG, A_BOLD, "Match score (to %d)", r->target);
    const char *star = s->ascii ? "*" : "★"; /* the winner's trophy, next to their score */
    tui_textf(s, row, c2, 10, TUI_C_DIALOG, A_BOLD, "%3d %s", m->score[0], winner == 0 ? star : "");
    tui_textf(s, row++, c3, 10, TUI_C_DIALOG, A_BOLD, "%3d %s", m->score[1], winner == 1 ? star : "");
    row++;
    if (winner == 0)
        tui_textf(s, row++, c1, w - 8, TUI_C_RED_TEXT, A_BOLD, "%s You win the match %d to %d! %s", star,
                  m->score[0], m->score[1], star);
    else if (winner == 1)
        tui_textf(s, row++, c1, w - 8, TUI_C_DIALOG, A_BOLD, "The computer wins the match %d to %d.",
                  m->score[1], m->score[0]);
    else if (m->score[0] == m->score[1] && m->score[0] >= r->target) /* running total */
        tui_textf(s, row++, c1, w - 8, TUI_C_DIALOG, 0, "Level at the target: hand %d decides, %s.",
                  m->hands_played + 1, m->next_dealer == 0 ? "you deal" : "the computer deals");
    else
        tui_textf(s, row++, c1, w - 8, TUI_C_DIALOG, 0, "Next: hand %d, %s.", m->hands_played + 1,
                  m->next_dealer == 0 ? "you deal" : "the computer deals");
    tui_textf(s, row++, c1, w - 8, TUI_C_DIALOG, A_DIM, "Match seed %llu", (unsigned long long)m->seed);
    row = y + h - 2;
    tui_text(s, row, c1, w - 8, TUI_C_DIALOG, A_BOLD,
             winner >= 0 ? "Enter: new game    r: review this hand    h: home"
                         : "Enter: next hand    r: review this hand    h: home");
    tui_show();
}

tui_board_result tui_scoreboard(tui_app *app, const gw_match *m, const gw_game *finished,
                                const gw_hand_score *hs) {
    bool over = gw_match_winner(m) >= 0;
    for (;;) {
        draw(app, m, finished, hs);
        tui_key k = tui_read_key(&app->scr, -1);
        if (tui_hidden(&app->scr) && k.code != 'q' && k.code != TUI_KEY_SIGNAL) continue; /* too small */
        switch (k.code) {
        case TUI_KEY_SIGNAL: return TUI_BOARD_SIGNAL;
        case '\n':
        case '\r':
        case ' ':
        case KEY_ENTER: return over ? TUI_BOARD_NEW : TUI_BOARD_NEXT;
        case 'n':
        case 'N':
            if (over) return TUI_BOARD_NEW;
            break;
        case 'r':
        case 'R': return TUI_BOARD_REVIEW;
        case 'h':
        case 'H':
        case 'q':
        case 27: return TUI_BOARD_HOME;
        default: break;
        }
    }
}
