/* history_screen.c: the stored hands of both games, newest first, and replaying one: a German Whist hand in
 * the review (trick by trick, both hands, the solver's verdicts), an Android Whist hand as its trick list. */
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "describe.h"
#include "gw/android_record.h"
#include "gw/record.h"
#include "layout.h"
#include "review.h"
#include "wrap.h"

/* ---- the list ------------------------------------------------------------------------------------------ */

/* "classic Last 13" or "Android Whist". */
static void rules_text(const gw_store_entry *e, char *out, size_t cap) {
    gw_variant v = GW_CLASSIC;
    gw_scoring sc;
    if (e->android) {
        snprintf(out, cap, "Android Whist");
        return;
    }
    gw_variant_parse(e->variant, &v);
    snprintf(out, cap, "%s %s", e->variant,
             gw_scoring_parse(e->scoring, &sc) ? tui_scoring_label(sc, v) : e->scoring);
}

/* "you 2", "you 10 slam", "opponent 3", "no score", with " *" when assisted. */
static void result_text(const gw_store_entry *e, char *out, size_t cap) {
    if (e->winner < 0)
        snprintf(out, cap, "no score");
    else
        snprintf(out, cap, "%s %d%s%s", e->winner == 0 ? (e->android ? "your side" : "you") : "opponent",
                 e->points, e->slam ? " slam" : "", e->assisted ? " *" : "");
}

#define LIST_COLS "%-16s %-21s %4s %-8s %6s  %s"

static void draw_list(tui_app *app, const gw_store_entry *rows, int n, int at, int top, const char *msg) {
    tui_screen *s = &app->scr;
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    tui_clear(s);
    int keys = tui_footer(s, s->ascii ? " Up/Down PgUp/PgDn choose   Enter replay   q or Esc back"
                                      : " ↑↓ PgUp/PgDn choose   Enter replay   q or Esc back");
    int w = 78, h = s->h - keys - 1, x = (s->w - w) / 2;
    tui_draw_box(s, 0, x, h, w, "History");
    if (msg) {
        tui_text_wrapped(s, 2, x + 2, w - 4, h - 3, TUI_C_DIALOG, 0, msg);
        tui_show();
        return;
    }
    tui_textf(s, 1, x + 2, w - 4, TUI_C_DIALOG, A_BOLD, LIST_COLS, "Played", "Rules", "To", "Opponent",
              "Tricks", "Result");
    int rows_shown = h - 5;
    for (int i = 0; i < rows_shown && top + i < n; i++) {
        const gw_store_entry *e = &rows[top + i];
        char date[24], rules[48], to[8], tricks[16], result[48];
        snprintf(date, sizeof date, "%.16s", e->played);
        rules_text(e, rules, sizeof rules);
        snprintf(to, sizeof to, "%d", e->target);
        snprintf(tricks, sizeof tricks, "%d-%d", e->tricks[0], e->tricks[1]);
        result_text(e, result, sizeof result);
        bool sel = top + i == at;
        tui_textf(s, 2 + i, x + 1, w - 2, sel ? TUI_C_SELECT : TUI_C_DIALOG, sel ? A_BOLD : 0,
                  "%s" LIST_COLS " ", sel ? ">" : " ", date, rules, to, e->opponent, tricks, result);
    }
    const gw_store_entry *e = &rows[at];
    char foot[160];
    snprintf(foot, sizeof foot, "Hand %d of its %s (whist replay --id %lld).  * you took back a card",
             e->number, e->android ? "rubber" : "match", (long long)e->id);
    tui_text_wrapped(s, h - 3, x + 2, w - 4, 2, TUI_C_DIALOG, A_DIM, foot);
    tui_show();
}

/* ---- replaying a German Whist hand in the review ------------------------------------------------------- */

static tui_exit replay_german(tui_app *app, const gw_store_entry *e, const char *text, char *msg,
                              size_t cap) {
    gw_record rec = {0};
    gw_error err;
    if (gw_record_read(text, strlen(text), &rec, &err) != GW_OK || rec.count < 1 ||
        rec.hands[0].error.status != GW_OK || !rec.hands[0].finished) {
        snprintf(msg, cap, "Hand %lld cannot be replayed: %s", (long long)e->id,
                 rec.count > 0 && rec.hands[0].error.status != GW_OK ? rec.hands[0].error.msg
                                                                     : "its record is not a finished hand");
        gw_record_free(&rec);
        return TUI_BACK;
    }
    const gw_record_hand *h = &rec.hands[0];
    gw_match m;
    memset(&m, 0, sizeof m);
    m.rules = h->rules;
    m.hands_played = e->number;
    m.score[0] = e->score[0];
    m.score[1] = e->score[1];
    gw_ai_level level;
    if (!gw_ai_level_parse(e->opponent, &level)) level = GW_AI_HARD;
    gw_game dealt;
    tui_exit x = TUI_BACK;
    if (gw_game_deal(&dealt, h->rules.variant, h->deck, h->dealer, &err) != GW_OK) {
        snprintf(msg, cap, "Hand %lld cannot be replayed: %s", (long long)e->id, err.msg);
    } else {
        x = tui_review(app, &m, gw_ai_level_name(level), &dealt, &h->game);
    }
    gw_record_free(&rec);
    return x;
}

/* ---- replaying an Android Whist hand as text ---------------------------------------------------------- */

#define TEXT_LINES 240
#define TEXT_WIDTH 74 /* the box's inside */
typedef struct text_page {
    char line[TEXT_LINES][4 * TEXT_WIDTH]; /* a sign takes up to 3 bytes a column */
    int n;
} text_page;

/* Adds a line (printf-style), wrapped between words to the box's width: the lines it goes on over are
 * indented by four blanks (a hand of 13 cards with its seat's name did not fit, and was cut). */
static void add(text_page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text_page *p, const char *fmt, ...) {
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    const char *rest = text;
    int indent = 0;
    do {
        if (p->n >= TEXT_LINES) return;
        tui_span span = {0, 0};
        tui_wrap(rest, TEXT_WIDTH - indent, &span, 1); /* the next line only */
        snprintf(p->line[p->n++], sizeof p->line[0], "%*s%.*s", indent, "", span.len, rest + span.start);
        rest += span.start + span.len;
        while (*rest == ' ')
            rest++;
        indent = 4;
    } while (*rest);
}

/* "D (you)" or "X (the computer's android)". */
static void seat_name(const gw_store_entry *e, int dealer, int seat, char *out, size_t cap) {
    int p = gw_seat_player(dealer, seat);
    bool human2 = strcmp(e->opponent, "human") == 0;
    const char *who = p == 0 ? (human2 ? "player 1" : "you") : (human2 ? "player 2" : "the computer");
    if (gw_seat_is_android(seat))
        snprintf(out, cap, "%c (%s%s android)", gw_seat_char(seat), who, p == 0 && !human2 ? "r" : "'s");
    else
        snprintf(out, cap, "%c (%s)", gw_seat_char(seat), who);
}

/* A hand of at most 13 cards, trumps first, suits alternating, high to low. */
static void cards_text(gw_cards hand, int trump, bool ascii, char *out, size_t cap) {
    gw_card sorted[GW_RANKS];
    int k = tui_hand_sorted(hand, trump, GW_ORDER_ALTERNATE, sorted);
    out[0] = '\0';
    for (int i = 0; i < k; i++) {
        char label[8];
        tui_card_label(sorted[i], ascii, label);
        size_t used = strlen(out);
        snprintf(out + used, cap - used, "%s%s", i ? " " : "", label);
    }
}

/* The Android Whist hand as lines: the deal, every play (android commands and errors), the score. */
static bool android_page(const gw_store_entry *e, const gw_android_record_hand *h, bool ascii, text_page *p) {
    gw_android_game g;
    gw_error err;
    p->n = 0;
    if (!h->dealt || gw_android_deal(&g, h->deck, h->dealer, &err) != GW_OK) return false;
    char name[64], cards[96], label[8];
    add(p, "Hand %d of the rubber, played %s against %s.", e->number, e->played, e->opponent);
    tui_card_label(gw_android_trump_card(&g), ascii, label);
    add(p, "Trump: %s (the turned card %s, the dealer's last card).", tui_suit_label(g.trump, ascii), label);
    static const int ORDER[GW_SEATS] = {GW_SEAT_D, GW_SEAT_L, GW_SEAT_X, GW_SEAT_N};
    for (int i = 0; i < GW_SEATS; i++) {
        seat_name(e, h->dealer, ORDER[i], name, sizeof name);
        cards_text(g.hand[ORDER[i]], g.trump, ascii, cards, sizeof cards);
        add(p, "%s holds: %s", name, cards);
    }
    add(p, "%s", "");
    const gw_android_game *rec = &h->game;
    for (int i = 0; i < rec->nevents; i++) {
        const gw_android_event *ev = &rec->events[i];
        char head[16];
        if (g.errors > 0)
            snprintf(head, sizeof head, "        ");
        else if (g.ntrick == 0)
            snprintf(head, sizeof head, "%3d. %c  ", g.tricks_done + 1, gw_seat_char(g.turn));
        else
            snprintf(head, sizeof head, "     %c  ", gw_seat_char(g.turn));
        gw_android_trick done = {.completed = false};
        if (ev->command == GW_CMD_NONE) {
            gw_android_play(&g, ev->card, &done, &err);
            tui_card_label(ev->card, ascii, label);
            add(p, "%s%s", head, label);
        } else {
            gw_android_command c = (gw_android_command)ev->command;
            gw_android_situation sit = gw_android_situation_now(&g);
            gw_android_outcome o;
            gw_android_command_play(&g, c, &o, &done, &err);
            if (o.answer == GW_ANSWER_CARD) {
                tui_card_label(o.card, ascii, label);
                add(p, "%s%s = %s", head, gw_android_command_name(c), label);
            } else {
                char why[128];
                gw_android_answer_text(&sit, c, o.answer, why, (int)sizeof why);
                add(p, "%s%s: error, %s", head, gw_android_command_name(c), why);
            }
        }
        if (done.completed) {
            seat_name(e, h->dealer, done.winner, name, sizeof name);
            add(p, "     won by %s; tricks %d-%d", name, gw_android_player_tricks(&g, 0),
                gw_android_player_tricks(&g, 1));
        }
    }
    add(p, "%s", "");
    if (h->finished)
        add(p, "Tricks: your side %d, the other side %d. %s", h->outcome.tricks[0], h->outcome.tricks[1],
            h->outcome.winner < 0    ? "No score."
            : h->outcome.winner == 0 ? "Your side scores."
                                     : "The other side scores.");
    if (h->has_score) add(p, "Game points after the hand: %d to %d.", h->score[0], h->score[1]);
    return true;
}

static tui_exit replay_android(tui_app *app, const gw_store_entry *e, const char *text, char *msg,
                               size_t cap) {
    gw_android_record rec = {0};
    gw_error err;
    static text_page page;
    if (gw_android_record_read(text, strlen(text), &rec, &err) != GW_OK || rec.count < 1 ||
        !rec.hands[0].is_android || !android_page(e, &rec.hands[0], app->scr.ascii, &page)) {
        snprintf(msg, cap, "Hand %lld cannot be replayed: its record is not an Android Whist hand",
                 (long long)e->id);
        gw_android_record_free(&rec);
        return TUI_BACK;
    }
    gw_android_record_free(&rec);
    int top = 0;
    for (;;) {
        tui_screen *s = &app->scr;
        int keys = 1, h = s->h - 2;
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            keys = tui_footer(s, s->ascii ? " Up/Down PgUp/PgDn scroll   q or Esc back"
                                          : " ↑↓ PgUp/PgDn scroll   q or Esc back");
            h = s->h - keys - 1;
            int w = 78, x = (s->w - w) / 2;
            char title[48];
            snprintf(title, sizeof title, "Android Whist: hand %d of its rubber", e->number); /* as in play */
            tui_draw_box(s, 0, x, h, w, title);
            for (int i = 0; i < h - 2 && top + i < page.n; i++)
                tui_text(s, 1 + i, x + 2, w - 4, TUI_C_DIALOG, 0, page.line[top + i]);
            tui_show();
        }
        int max_top = page.n - (h - 2) > 0 ? page.n - (h - 2) : 0;
        tui_key k = tui_read_key(s, -1);
        if (k.code == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (tui_key_back(k.code)) return TUI_BACK;
        tui_key_scroll(k.code, &top, max_top);
    }
}

/* ---- the screen ---------------------------------------------------------------------------------------- */

tui_exit tui_history_screen(tui_app *app) {
    gw_store_entry *rows = NULL;
    int n = 0;
    gw_error err;
    char msg[400] = "", note[400] = "";
    if (app->store_off[0])
        snprintf(msg, sizeof msg, "Statistics are off, so there is no history: %s", app->store_off);
    else if (!app->store)
        snprintf(msg, sizeof msg,
                 "Nothing is stored yet: every hand you finish, of German Whist or Android "
                 "Whist, is kept here to replay.");
    else if (gw_store_history(app->store, 0, &rows, &n, &err) != GW_OK)
        snprintf(msg, sizeof msg, "The history cannot be read: %s", err.msg);
    else if (n == 0)
        snprintf(msg, sizeof msg,
                 "No games played yet: every hand you finish, of German Whist or Android Whist, "
                 "is kept here to replay.");
    int at = 0, top = 0;
    tui_exit result = TUI_BACK;
    for (;;) {
        int rows_shown = app->scr.h - 7 > 1 ? app->scr.h - 7 : 1; /* as draw_list shows them */
        if (at < top) top = at;
        if (at >= top + rows_shown) top = at - rows_shown + 1;
        draw_list(app, rows, n, at, top, msg[0] ? msg : NULL);
        if (note[0] && !msg[0]) {
            tui_text_wrapped(&app->scr, app->scr.h - 6, 3, app->scr.w - 6, 2, TUI_C_WARN, A_BOLD, note);
            tui_show();
        }
        tui_key k = tui_read_key(&app->scr, -1);
        if (k.code != KEY_RESIZE) note[0] = '\0';
        if (k.code == TUI_KEY_SIGNAL) {
            result = TUI_SIGNAL;
            break;
        }
        if (k.code == 'q' || k.code == 27) break;
        if (msg[0]) {
            if (k.code == '\n' || k.code == '\r' || k.code == KEY_ENTER) break;
            continue;
        }
        switch (k.code) {
        case KEY_UP:
        case 'k': at = at > 0 ? at - 1 : 0; break;
        case KEY_DOWN:
        case 'j': at = at < n - 1 ? at + 1 : n - 1; break;
        case KEY_PPAGE: at = at > 10 ? at - 10 : 0; break;
        case KEY_NPAGE: at = at + 10 < n - 1 ? at + 10 : n - 1; break;
        case KEY_HOME: at = 0; break;
        case KEY_END: at = n - 1; break;
        case '\n':
        case '\r':
        case ' ':
        case KEY_ENTER: {
            char *text = NULL;
            if (gw_store_record(app->store, rows[at].id, &text, &err) != GW_OK) {
                snprintf(note, sizeof note, "Hand %lld cannot be read: %s", (long long)rows[at].id, err.msg);
                break;
            }
            tui_exit x = rows[at].android ? replay_android(app, &rows[at], text, note, sizeof note)
                                          : replay_german(app, &rows[at], text, note, sizeof note);
            free(text);
            if (x == TUI_SIGNAL) {
                free(rows);
                return TUI_SIGNAL;
            }
            break;
        }
        default: break;
        }
    }
    free(rows);
    return result;
}
