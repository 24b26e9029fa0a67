/* play.c: playing a match at the table on the session (gw_session): the human's keys and clicks, the
 * session's view drawn and its events shown (cards, tricks and their pauses, draws, up-cards), the computer's
 * turns, help, hints, undo, saving after every card, and storing every finished hand. */
#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "describe.h"
#include "dialog.h"
#include "gw/monotonic.h"
#include "gw/files.h"
#include "review.h"
#include "scoreboard.h"
#include "table.h"
#include "tracker.h"

typedef struct table {
    tui_app *app;
    tui_match *m;         /* the session plays the match: the table shows its view and events */
    gw_view view;         /* the human's (player 0), after the last change */
    tui_position pos;     /* what the table draws of it */
    const char *opponent; /* the computer's level */
    uint32_t seen;        /* the session's events up to this number are on show */
    gw_trick_event cur;   /* the trick in play as its events came (cards, leader), then its result */
    int sel;              /* selected card (display index) */
    char news[2][200];
    tui_status status;
    gw_trick_event last; /* the last finished trick */
    bool has_last;
    const gw_trick_event *shown; /* the trick whose result is on show */
    bool pulse_trump;
    char typed[4]; /* a rank typed, waiting for its suit */
    /* Hint values under the cards. */
    int nvalues;
    gw_card value_card[GW_RANKS];
    char value_text[GW_RANKS][8];
    gw_card value_best;
    bool save_warned;
    bool leave; /* q was pressed while the terminal was too small: leave the table */
    tui_layout layout;
} table;

static const char TAKEN_BACK[] = "Your last card is taken back.";

typedef enum { TURN_CARD, TURN_UNDONE, TURN_QUIT, TURN_SIGNAL } turn_result;

/* The human's view after a change. */
static void look(table *t) {
    gw_error err;
    if (gw_session_view(t->m->s, 0, &t->view, &err) != GW_OK) return; /* player 0 is always a viewer */
    tui_position_of_view(&t->view, t->opponent, &t->pos);
}

/* The trick in play as the view has it (after a deal, a resume or an undo). */
static void trick_from_view(table *t) {
    memset(&t->cur, 0, sizeof t->cur);
    t->cur.number = t->pos.trick_number;
    t->cur.leader = t->pos.leader;
    t->cur.cards[0] = t->pos.led;
    t->cur.cards[1] = GW_NO_CARD;
    t->cur.drawn[0] = t->cur.drawn[1] = t->cur.next_upcard = GW_NO_CARD;
    t->has_last = tui_last_trick(&t->view.german, &t->last);
    t->seen = gw_session_last_event(t->m->s);
}

static void draw(table *t) {
    tui_view v;
    memset(&v, 0, sizeof v);
    v.p = &t->pos;
    v.order = t->app->settings.suit_order;
    v.sel = t->shown ? -1 : t->sel;
    v.dim_illegal = !t->shown && t->pos.phase != GW_OVER && t->pos.turn == 0;
    v.shown = t->shown;
    v.news[0] = t->news[0];
    v.news[1] = t->news[1];
    v.status = t->status.text;
    v.status_warn = t->status.warn;
    v.pulse_trump = t->pulse_trump;
    v.nvalues = t->nvalues;
    memcpy(v.value_card, t->value_card, sizeof v.value_card);
    memcpy(v.value_text, t->value_text, sizeof v.value_text);
    v.value_best = t->value_best;
    v.no_tracker = !t->app->settings.tracker;
    v.stacked = t->app->settings.hand_display == GW_HAND_STACKED;
    tui_draw_table(&t->app->scr, &v, &t->layout);
}

static void backdrop(void *ctx) { draw(ctx); }

/* A box over the table; q while the terminal is too small (the box hidden) leaves the table. */
static int dialog(table *t, const char *title, const char *const *lines, int n) {
    int k = tui_dialog(&t->app->scr, backdrop, t, title, lines, n);
    if ((k == 'q' || k == 'Q') && tui_hidden(&t->app->scr)) t->leave = true;
    return k;
}

/* Saves the unfinished match; warns once per problem. */
static void save(table *t) {
    gw_error err;
    if (tui_unfinished_save(t->m, &err)) {
        t->save_warned = false;
        return;
    }
    if (!t->save_warned) tui_status_set(&t->status, true, "Cannot keep the match for resuming: %s", err.msg);
    t->save_warned = true;
}

/* Whether the match at the table is kept for resuming: this whist holds its file and saving works. */
static bool kept(const table *t) { return tui_unfinished_held(TUI_KEPT_MATCH) && !t->save_warned; }

static void clear_hint(table *t) {
    t->nvalues = 0;
    t->value_best = GW_NO_CARD;
}

/* The selection: kept on the same card when it can be, else the first legal card. */
static void fix_selection(table *t) {
    tui_view v = {.p = &t->pos, .order = t->app->settings.suit_order};
    gw_card cards[GW_RANKS];
    int n = tui_view_hand(&v, cards);
    gw_cards legal = t->pos.legal;
    if (t->sel >= 0 && t->sel < n && gw_has(legal, cards[t->sel])) return;
    t->sel = n > 0 ? 0 : -1;
    for (int i = 0; i < n; i++)
        if (gw_has(legal, cards[i])) {
            t->sel = i;
            return;
        }
}

static long now_ms(void) { return (long)gw_clock_now(gw_monotonic_clock()); }

/* Pauses after a trick as the speed setting says; any key or click ends the pause. While the terminal is too
 * small, only q does something (it leaves the table, t->leave); the pause still ends on time. */
static tui_exit pause_after_trick(table *t) {
    static const int MS[] = {1500, 600, 0};
    int ms = MS[t->app->settings.speed];
    draw(t);
    tui_show();
    if (ms == 0) return TUI_BACK;
    long end = now_ms() + ms;
    for (;;) {
        long left = end - now_ms();
        if (left <= 0) return TUI_BACK;
        tui_key k = tui_read_key(&t->app->scr, (int)left);
        if (k.code == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (k.code == TUI_KEY_NONE) return TUI_BACK;
        if (k.code == KEY_RESIZE) {
            draw(t); /* a resize during the pause: redraw and wait on */
            tui_show();
            continue;
        }
        if (!tui_hidden(&t->app->scr)) return TUI_BACK;
        if (k.code == 'q' || k.code == 'Q') {
            t->leave = true;
            return TUI_BACK;
        }
    }
}

static void show_help(table *t) {
    static const char *LINES[] = {
        /* at most 76 columns: the box's inside at 80 */
        "Left/Right, h/l   select a card (a raised card is selected)",
        "Enter, space      play the selected card",
        "a k q j 10 9 .. 2 then s h d c: select that card (qs, 10h)",
        "mouse             click selects, a second click plays",
        "t                 the last trick",
        "c                 card tracker: cards not seen, the computer's known cards",
        "i                 hint: each card's points under the scoring rule, exact in",
        "                  the endgame, expected in the foreplay (best underlined)",
        "u                 take back your last card (the hand counts as assisted)",
        "q                 leave the table (the match is kept for resuming)",
        "q                 leave the table (this match is not kept for resuming)",
        "",
        "Foreplay: the winner of each trick takes the face-up card, the loser",
        "the next hidden one. Endgame: the last tricks are played out.",
        "Press any key.",
    };
    const char *lines[sizeof LINES / sizeof LINES[0]];
    int n = 0;
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++) {
        if (LINES[i][0] == 'c' && !t->app->settings.tracker) continue; /* the tracker when on */
        if (LINES[i][0] == 'q' && (strstr(LINES[i], "not kept") != NULL) == kept(t)) continue; /* one q */
        lines[n++] = LINES[i];
    }
    dialog(t, "Keys", lines, n);
}

static void list_cards(char *out, size_t cap, gw_cards set, int trump, gw_suit_style order, bool ascii) {
    gw_card cards[GW_RANKS * GW_SUITS];
    int n = 0, suits[GW_SUITS];
    gw_suit_order(trump, order, suits);
    for (int k = 0; k < GW_SUITS; k++) {
        gw_cards suit = set & gw_suit_cards(suits[k]);
        while (suit) {
            gw_card c = gw_last(suit);
            cards[n++] = c;
            suit &= ~gw_bit(c);
        }
    }
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n && len + 8 < cap; i++) {
        char label[8];
        tui_card_label(cards[i], ascii, label);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " " : "", label);
    }
    if (n == 0) snprintf(out, cap, "none");
}

static void show_tracker(table *t) {
    if (!t->app->settings.tracker) {
        tui_status_set(&t->status, true, "The card tracker is off (Settings).");
        return;
    }
    const gw_observation o = t->view.german;
    tui_tracker tr;
    tui_tracker_make(&o, &tr);
    bool ascii = t->app->scr.ascii;
    static char lines[10][200];
    const char *ptr[10];
    int n = 0, order[GW_SUITS];
    gw_suit_order(o.trump, t->app->settings.suit_order, order);
    snprintf(lines[n++], sizeof lines[0], "Not seen yet (in the stock or the computer's hand):");
    for (int k = 0; k < GW_SUITS; k++) {
        int s = order[k];
        char list[160];
        list_cards(list, sizeof list, tr.unseen & gw_suit_cards(s), o.trump, t->app->settings.suit_order,
                   ascii);
        snprintf(lines[n++], sizeof lines[0], "  %s %-8s %d: %s", tui_suit_label(s, ascii), gw_suit_name(s),
                 tr.unseen_count[s], list);
    }
    char known[200];
    list_cards(known, sizeof known, tr.opp_known, o.trump, t->app->settings.suit_order, ascii);
    snprintf(lines[n++], sizeof lines[0], "The computer holds: %.170s", known);
    snprintf(lines[n++], sizeof lines[0], "  and %d card%s you cannot name; %d hidden in the stock.",
             tr.opp_unknown, tr.opp_unknown == 1 ? "" : "s", tr.stock_hidden);
    snprintf(lines[n++], sizeof lines[0], "Press any key.");
    for (int i = 0; i < n; i++)
        ptr[i] = lines[i];
    dialog(t, "Card tracker", ptr, n);
}

static void show_last_trick(table *t) {
    if (!t->has_last) {
        tui_status_set(&t->status, true, "No trick has been played in this hand yet.");
        return;
    }
    char news[200];
    tui_trick_news(&t->last, t->app->scr.ascii, news, sizeof news);
    const gw_trick_event *saved = t->shown;
    t->shown = &t->last;
    char title[32];
    snprintf(title, sizeof title, "Last trick: %d", t->last.number);
    const char *lines[] = {news, "Press any key."};
    dialog(t, title, lines, 2); /* the trick itself is drawn on the table behind the box */
    t->shown = saved;
}

/* The scoring rule as the hints name it. */
static const char *scoring_words(gw_scoring sc) {
    return sc == GW_TOTAL ? "running total" : gw_scoring_name(sc);
}

/* `i`: what each legal card is worth under the scoring rule in force, in points (the human's minus the
 * computer's at the hand's end), under the cards: exact in the endgame, the expert's expected points in
 * the foreplay (the session's advisor). */
static void hint(table *t) {
    clear_hint(t);
    if (t->pos.phase == GW_FOREPLAY) {
        tui_status_set(&t->status, false, "Thinking...");
        draw(t);
        tui_show();
    }
    gw_hint h;
    gw_error err;
    if (gw_session_hint(t->m->s, 0, &h, &err) != GW_OK) {
        tui_status_set(&t->status, true, "No hint: %s", err.msg);
        return;
    }
    for (int i = 0; i < h.count; i++) {
        t->value_card[i] = h.cards[i];
        double v = h.value[i];
        if (h.exact) {
            int p = (int)(v < 0 ? v - 0.5 : v + 0.5);
            snprintf(t->value_text[i], sizeof t->value_text[i], p ? "%+d" : "%d", p);
        } else {
            snprintf(t->value_text[i], sizeof t->value_text[i], v > -0.05 && v < 0.05 ? "0.0" : "%+.1f", v);
        }
    }
    t->nvalues = h.count;
    if (h.count == 0) {
        tui_status_clear(&t->status);
        return;
    }
    t->value_best = h.cards[0]; /* best first */
    gw_scoring sc = gw_session_config_of(t->m->s)->rules.scoring;
    const char *counted = sc == GW_EVERY ? "tricks in all" : "endgame tricks";
    if (h.exact) {
        int p = (int)(h.value[0] < 0 ? h.value[0] - 0.5 : h.value[0] + 0.5);
        tui_status_set(&t->status, false, "Exact points, %s: best play wins you %d more trick%s, %s point%s.",
                       scoring_words(sc), h.best, h.best == 1 ? "" : "s", t->value_text[0],
                       p == 1 || p == -1 ? "" : "s");
        return;
    }
    char label[8];
    tui_card_label(h.cards[0], t->app->scr.ascii, label);
    tui_status_set(&t->status, false, "Expected points, %s (%d deals): best %s, %.1f %s.", scoring_words(sc),
                   h.samples, label, h.tricks[0], counted);
}

/* The table's words for why the human may not play c now, or NULL if they may (the session judges). */
static const char *refusal(table *t, gw_card c, char *why, size_t cap) {
    gw_action a = {.kind = GW_ACTION_CARD, .card = c};
    gw_error err;
    err.msg[0] = '\0';
    gw_refusal r = gw_session_check(t->m->s, 0, &a, &err);
    return tui_refusal(r, err.msg, c, t->pos.led, t->pos.variant, t->app->scr.ascii, why, cap);
}

/* Selects card c if held; says why not otherwise. */
static void select_card(table *t, gw_card c) {
    tui_view v = {.p = &t->pos, .order = t->app->settings.suit_order};
    gw_card cards[GW_RANKS];
    int n = tui_view_hand(&v, cards);
    char why[160];
    int i = tui_find_card(cards, n, c, t->app->scr.ascii, why, sizeof why);
    const char *no = i < 0 ? why : refusal(t, c, why, sizeof why);
    t->sel = i; /* a card not held leaves nothing selected: Enter then plays nothing */
    tui_status_refusal(&t->status, no);
}

/* Tries to play the selected card. */
static bool try_play(table *t, gw_card *out) {
    tui_view v = {.p = &t->pos, .order = t->app->settings.suit_order};
    gw_card cards[GW_RANKS];
    int n = tui_view_hand(&v, cards);
    if (t->sel < 0 || t->sel >= n) {
        tui_status_set(&t->status, true, "No card is selected: choose one with the arrows or type it.");
        return false;
    }
    char why[160];
    const char *no = refusal(t, cards[t->sel], why, sizeof why);
    if (no) {
        tui_status_set(&t->status, true, "%s", no);
        if (!t->app->settings.bell) return false;
        tui_bell();
        return false;
    }
    *out = cards[t->sel];
    return true;
}

static turn_result ask_quit(table *t, gw_card *queen_pick) {
    const char *const lines[] = {
        kept(t) ? "Leave the table? The match is kept: Resume on the home screen."
                : "Leave the table? This match is not kept for resuming.",
        "",
        "y or q: leave        n or Esc: stay",
        "(s h d c select a queen, for 'qs' typed as a card)",
    };
    int k = dialog(t, "Leave", lines, 4);
    if (k == TUI_KEY_SIGNAL) return TURN_SIGNAL;
    if (k == 'y' || k == 'Y' || k == 'q' || k == 'Q') return TURN_QUIT;
    int suit = k > 0 && k < 256 ? gw_suit_parse((char)k) : -1;
    if (suit >= 0) *queen_pick = gw_card_make(suit, GW_RANK_A - 2);
    return TURN_CARD; /* stay */
}

/* The human's turn: keys and clicks until a legal card is played. */
static turn_result human_turn(table *t, gw_card *out) {
    fix_selection(t);
    t->typed[0] = '\0';
    for (;;) {
        if (t->leave) return TURN_QUIT;
        draw(t);
        tui_show();
        tui_key k = tui_read_key(&t->app->scr, -1);
        int ch = k.code;
        if (ch == TUI_KEY_SIGNAL) return TURN_SIGNAL;
        if (ch == KEY_RESIZE || ch == TUI_KEY_NONE) continue;
        if (tui_hidden(&t->app->scr)) {
            /* The table is hidden behind the too-small message: no key may act on it but q, which leaves
             * as the Leave box does (it cannot be shown to ask first). */
            if (ch == 'q' || ch == 'Q') return TURN_QUIT;
            continue;
        }
        tui_view v = {.p = &t->pos, .order = t->app->settings.suit_order};
        gw_card cards[GW_RANKS];
        int n = tui_view_hand(&v, cards);
        /* A rank typed before: this key names the suit (or, after "1", the 0 of 10). */
        if (t->typed[0]) {
            gw_card c;
            tui_typed r = tui_typed_status(&t->status, t->typed, ch, &c);
            if (r == TUI_TYPED_CARD) select_card(t, c);
            if (r != TUI_TYPED_NONE || ch == 27) continue;
        }
        switch (ch) {
        case KEY_LEFT:
        case 'h':
            if (n) t->sel = t->sel < 0 ? n - 1 : (t->sel - 1 + n) % n;
            tui_status_clear(&t->status);
            continue;
        case KEY_RIGHT:
        case 'l':
            if (n) t->sel = (t->sel + 1) % n;
            tui_status_clear(&t->status);
            continue;
        case KEY_HOME: t->sel = 0; continue;
        case KEY_END: t->sel = n - 1; continue;
        case '\n':
        case '\r':
        case ' ':
        case KEY_ENTER:
            if (try_play(t, out)) return TURN_CARD;
            continue;
        case TUI_KEY_CLICK: {
            int i = tui_layout_card_at(&t->layout, k.y, k.x);
            if (i < 0) continue;
            if (i == t->sel || t->app->settings.single_click) {
                t->sel = i;
                if (try_play(t, out)) return TURN_CARD;
            } else {
                t->sel = i;
                select_card(t, cards[i]);
            }
            continue;
        }
        case '?': show_help(t); continue;
        case 't': show_last_trick(t); continue;
        case 'c': show_tracker(t); continue;
        case 'i': hint(t); continue;
        case 'u': {
            gw_error err;
            if (!t->view.can_undo || gw_session_undo(t->m->s, 0, &err) != GW_OK) {
                /* The news of an earlier undo would say a card was taken back just now. */
                if (strcmp(t->news[0], TAKEN_BACK) == 0) t->news[0][0] = t->news[1][0] = '\0';
                if (t->view.can_undo)
                    tui_status_set(&t->status, true, "Nothing to take back: %s", err.msg);
                else
                    tui_status_set(&t->status, true,
                                   "Nothing to take back: you have not played a card in this hand.");
                continue;
            }
            return TURN_UNDONE;
        }
        case 'q':
        case 'Q': {
            gw_card queen = GW_NO_CARD;
            turn_result r = ask_quit(t, &queen);
            if (r != TURN_CARD) return r;
            if (queen != GW_NO_CARD) select_card(t, queen);
            continue;
        }
        case 27: tui_status_clear(&t->status); continue;
        default: break;
        }
        if (ch == '1' || (tui_rank_of_key(ch) >= 0 && ch != 't' && ch != 'T')) {
            t->typed[0] = (char)tolower(ch);
            t->typed[1] = '\0';
            tui_status_set(&t->status, false, "%s... now the suit: s h d c",
                           ch == '1' ? "1" : (char[2]){(char)toupper(ch), 0});
            continue;
        }
        if (ch > 0 && ch < 256 && isprint(ch))
            tui_status_set(&t->status, true, "'%c' is not a key here: ? lists the keys.", ch);
    }
}

/* Shows what the session's new events did: the cards played (a computer's trump rings the bell), the trick
 * they completed with its draws and the next up-card. True when a trick was completed (t->cur holds it). */
static bool take_events(table *t) {
    gw_event ev[16];
    bool completed = false;
    for (;;) {
        int n = gw_session_events(t->m->s, t->seen + 1, 0, ev, (int)(sizeof ev / sizeof ev[0]));
        if (n <= 0) break;
        for (int i = 0; i < n; i++) {
            const gw_event *e = &ev[i];
            t->seen = e->number;
            switch (e->kind) {
            case GW_EVENT_PLAY:
                if (t->cur.completed || e->trick != t->cur.number || t->cur.cards[0] == GW_NO_CARD) {
                    memset(&t->cur, 0, sizeof t->cur);
                    t->cur.number = e->trick;
                    t->cur.leader = e->player;
                    t->cur.cards[0] = e->card;
                    t->cur.cards[1] = t->cur.drawn[0] = t->cur.drawn[1] = t->cur.next_upcard = GW_NO_CARD;
                } else {
                    t->cur.cards[1] = e->card;
                }
                if (e->player == 1 && t->app->settings.bell && gw_card_suit(e->card) == t->pos.trump) {
                    tui_bell();
                    t->pulse_trump = true;
                }
                break;
            case GW_EVENT_TRICK:
                t->cur.completed = true;
                t->cur.winner = e->player;
                completed = true;
                break;
            case GW_EVENT_DRAW:
                if (e->player == 0 || e->player == 1)
                    t->cur.drawn[e->player] = e->hidden ? GW_NO_CARD : e->card;
                break;
            case GW_EVENT_UPCARD: t->cur.next_upcard = e->card; break;
            default: break; /* the deal, the score and the end come from the view and the match */
            }
        }
    }
    return completed;
}

typedef enum { HAND_DONE, HAND_QUIT, HAND_SIGNAL, HAND_ERROR } hand_result;

static hand_result play_hand(table *t) {
    bool bell = t->app->settings.bell;
    for (look(t); t->view.state == GW_SESSION_PLAYING; look(t)) {
        t->pulse_trump = false;
        gw_error err;
        if (t->view.turn.computer) {
            if (gw_session_config_of(t->m->s)->seats[1].level == GW_AI_EXPERT) {
                tui_status_set(&t->status, false, "The computer is thinking...");
                draw(t);
                tui_show();
            }
            if (gw_session_play_computer(t->m->s, &err) != GW_OK) {
                tui_status_set(&t->status, true, "The computer could not choose a card: %s", err.msg);
                return HAND_ERROR;
            }
            if (t->status.warn == false) tui_status_clear(&t->status);
        } else {
            gw_card c;
            turn_result r = human_turn(t, &c);
            if (r == TURN_SIGNAL) return HAND_SIGNAL;
            if (r == TURN_QUIT) return HAND_QUIT;
            if (r == TURN_UNDONE) {
                clear_hint(t);
                look(t);
                trick_from_view(t);
                snprintf(t->news[0], sizeof t->news[0], "%s", TAKEN_BACK);
                snprintf(t->news[1], sizeof t->news[1],
                         "This hand now counts as assisted in the statistics.");
                tui_status_clear(&t->status);
                save(t);
                continue;
            }
            gw_action a = {.kind = GW_ACTION_CARD, .card = c};
            if (gw_session_act(t->m->s, 0, &a, NULL, &err) != GW_OK) {
                tui_status_set(&t->status, true, "%s", err.msg);
                continue;
            }
            tui_status_clear(&t->status);
        }
        clear_hint(t);
        bool completed = take_events(t);
        look(t);
        bool over = t->view.state != GW_SESSION_PLAYING;
        /* Saved after every card but the hand's last: that one is saved scored, after the hand is stored in
         * the statistics. */
        if (!over) save(t);
        if (!completed) {
            char label[8];
            tui_card_label(t->cur.cards[0], t->app->scr.ascii, label);
            snprintf(t->news[0], sizeof t->news[0], "%s %s.",
                     t->cur.leader == 1 ? "The computer leads" : "You lead", label);
            t->news[1][0] = '\0';
            continue;
        }
        gw_trick_event ev = t->cur;
        t->last = ev;
        t->has_last = true;
        tui_trick_news(&ev, t->app->scr.ascii, t->news[0], sizeof t->news[0]);
        t->news[1][0] = '\0';
        if (ev.drawn[ev.winner] != GW_NO_CARD && ev.next_upcard == GW_NO_CARD)
            snprintf(t->news[1], sizeof t->news[1], "The stock is out: the endgame begins, %s.",
                     ev.winner == 0 ? "you lead" : "the computer leads");
        if (ev.next_upcard != GW_NO_CARD && gw_card_suit(ev.next_upcard) == t->pos.trump && bell) {
            tui_bell();
            t->pulse_trump = true;
        }
        t->shown = &ev;
        tui_exit e = pause_after_trick(t);
        t->shown = NULL;
        if (e == TUI_SIGNAL) return HAND_SIGNAL;
        if (t->leave) {
            t->leave = false;
            if (!over) return HAND_QUIT; /* after the last trick: on to the scoreboard */
        }
    }
    return HAND_DONE;
}

/* Stores finished hand hand_no (its record as the session writes it) in the statistics. */
static void store_hand(table *t, int hand_no, const gw_hand_score *hs) {
    tui_app *app = t->app;
    if (!app->store || t->m->store_id <= 0) return;
    gw_text rec = {0};
    gw_error err;
    gw_status st = gw_session_hand_record(t->m->s, hand_no, &rec, &err);
    const gw_match *match = gw_session_match(t->m->s);
    char date[16], stamp[24];
    tui_today(date, stamp);
    bool assisted = gw_session_hand_assisted(t->m->s, hand_no);
    gw_store_hand h = {
        .match_id = t->m->store_id,
        .number = hand_no,
        .record = gw_text_str(&rec),
        .played = stamp,
        .tricks = {hs->counted[0], hs->counted[1]},
        .winner = hs->winner,
        .points = {hs->points[0], hs->points[1]},
        .slam = hs->slam,
        .assisted = assisted,
        .score = {match->score[0], match->score[1]},
        .match_winner = gw_match_winner(match),
    };
    int64_t id;
    if (st != GW_OK || rec.failed || gw_store_add_hand(app->store, &h, &id, &err) != GW_OK)
        snprintf(app->notice, sizeof app->notice, "A hand could not be stored in the statistics: %s",
                 rec.failed ? "out of memory" : err.msg);
    gw_text_free(&rec);
}

/* A hand was dealt: its news, the bell for a trump up-card, and the match saved. */
static void dealt(table *t) {
    look(t);
    trick_from_view(t);
    t->has_last = false;
    clear_hint(t);
    char up[8];
    tui_card_label(t->pos.upcard, t->app->scr.ascii, up);
    /* Two lines: one did not fit 80 columns ("... (the turned card is" and the rest cut off). */
    snprintf(t->news[0], sizeof t->news[0], "Hand %d: %s.", t->view.hand_number,
             t->view.german.dealer == 0 ? "you deal, the computer leads" : "the computer deals, you lead");
    snprintf(t->news[1], sizeof t->news[1], "Trump is %s: the turned card is %s.", gw_suit_name(t->pos.trump),
             up);
    if (t->app->settings.bell && t->pos.upcard != GW_NO_CARD && gw_card_suit(t->pos.upcard) == t->pos.trump)
        tui_bell();
    save(t);
}

/* New game at the end of a match: a fresh match with the finished one's rules and computer level, from a
 * new seed, in the statistics as the home screen's New game puts it. */
static bool next_match(table *t) {
    tui_match fresh;
    const gw_session_config *c = gw_session_config_of(t->m->s);
    if (!tui_match_begin(t->app, false, &fresh, c->rules, gw_fresh_seed(), (gw_ai_level)c->seats[1].level))
        return false;
    tui_match_free(t->m);
    *t->m = fresh;
    tui_status_clear(&t->status);
    return true;
}

tui_exit tui_play(tui_app *app, tui_match *m, bool resumed) {
    static table t; /* the view is large: one table at a time */
    memset(&t, 0, sizeof t);
    t.app = app;
    t.m = m;
    t.sel = -1;
    t.value_best = GW_NO_CARD;
    t.opponent = gw_ai_level_name((gw_ai_level)gw_session_config_of(m->s)->seats[1].level);
    look(&t);
    bool deal_news = !resumed;
    if (resumed && t.view.state == GW_SESSION_PLAYING) {
        trick_from_view(&t);
        snprintf(t.news[0], sizeof t.news[0], "Welcome back: hand %d goes on.", t.view.hand_number);
    }
    tui_exit result = TUI_BACK;
    while (gw_session_state_of(m->s) != GW_SESSION_OVER) {
        gw_error err;
        if (gw_session_state_of(m->s) == GW_SESSION_HAND_OVER) {
            if (gw_session_next_hand(m->s, &err) != GW_OK) {
                snprintf(app->notice, sizeof app->notice, "The next hand cannot be dealt: %s", err.msg);
                break;
            }
            char date[16], stamp[24];
            tui_today(date, stamp);
            tui_match_set_date(m, date);
            deal_news = true;
        }
        if (deal_news) dealt(&t);
        deal_news = false;
        hand_result r = play_hand(&t);
        if (r == HAND_SIGNAL) {
            result = TUI_SIGNAL;
            break;
        }
        if (r == HAND_QUIT) break;
        if (r == HAND_ERROR) {
            snprintf(app->notice, sizeof app->notice, "%s (the match is kept)", t.status.text);
            break;
        }
        const gw_match *match = gw_session_match(m->s);
        int hand_no = match->hands_played;
        gw_game dealt_game, finished;
        gw_hand_score hs;
        if (tui_match_finished_hand(m, hand_no, &dealt_game, &finished, &hs, &err) != GW_OK) {
            snprintf(app->notice, sizeof app->notice, "Hand %d cannot be shown: %s (the match is kept)",
                     hand_no, err.msg);
            save(&t);
            break;
        }
        store_hand(&t, hand_no, &hs);
        if (gw_session_state_of(m->s) == GW_SESSION_OVER)
            tui_unfinished_remove(TUI_KEPT_MATCH);
        else
            save(&t);
        tui_board_result b = tui_scoreboard(app, match, &finished, &hs);
        while (b == TUI_BOARD_REVIEW) {
            if (tui_review(app, match, t.opponent, &dealt_game, &finished) == TUI_SIGNAL) {
                b = TUI_BOARD_SIGNAL;
                break;
            }
            b = tui_scoreboard(app, match, &finished, &hs);
        }
        if (b == TUI_BOARD_SIGNAL) {
            result = TUI_SIGNAL;
            break;
        }
        if (b == TUI_BOARD_HOME) break;
        if (b == TUI_BOARD_NEW) {
            if (!next_match(&t)) break;
            t.opponent = gw_ai_level_name((gw_ai_level)gw_session_config_of(m->s)->seats[1].level);
            deal_news = true;
        }
    }
    return result;
}
