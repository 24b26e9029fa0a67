/* play.c: playing a match at the table: the computer's turns, the human's keys and clicks, tricks and
 * their pauses, help, hints, undo, saving after every card, and storing every finished hand. */
#include <ctype.h>
#include <stdarg.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "describe.h"
#include "dialog.h"
#include "gw/files.h"
#include "gw/monotonic.h"
#include "gw/observation.h"
#include "gw/player.h"
#include "gw/solver.h"
#include "review.h"
#include "scoreboard.h"
#include "table.h"
#include "tracker.h"

/* The hint solver's table: one solver serves the whole match. */
#define HINT_TABLE_BYTES (16u << 20)

typedef struct table {
    tui_app *app;
    tui_match *m;
    gw_player *bot;
    gw_expert *advisor; /* foreplay hints, made at the first one */
    gw_solver *solver;  /* endgame hints, made at the first one */
    int sel;            /* selected card (display index) */
    char news[2][200];
    char status[200];
    bool status_warn;
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

static void set_status(table *t, bool warn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_status(table *t, bool warn, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->status, sizeof t->status, fmt, ap);
    va_end(ap);
    t->status_warn = warn;
}

static void draw(table *t) {
    tui_view v;
    memset(&v, 0, sizeof v);
    v.g = &t->m->game;
    v.m = t->m;
    v.order = t->app->settings.suit_order;
    v.sel = t->shown ? -1 : t->sel;
    v.dim_illegal = !t->shown && gw_game_phase(v.g) != GW_OVER && v.g->turn == 0;
    v.shown = t->shown;
    v.news[0] = t->news[0];
    v.news[1] = t->news[1];
    v.status = t->status;
    v.status_warn = t->status_warn;
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
    if (!t->save_warned) set_status(t, true, "Cannot keep the match for resuming: %s", err.msg);
    t->save_warned = true;
}

static void clear_hint(table *t) {
    t->nvalues = 0;
    t->value_best = GW_NO_CARD;
}

/* The selection: kept on the same card when it can be, else the first legal card. */
static void fix_selection(table *t) {
    tui_view v = {.g = &t->m->game, .order = t->app->settings.suit_order};
    gw_card cards[GW_RANKS];
    int n = tui_view_hand(&v, cards);
    gw_cards legal = gw_game_legal(&t->m->game);
    if (t->sel >= 0 && t->sel < n && gw_has(legal, cards[t->sel])) return;
    t->sel = n > 0 ? 0 : -1;
    for (int i = 0; i < n; i++)
        if (gw_has(legal, cards[i])) {
            t->sel = i;
            return;
        }
}

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

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
        "Left/Right or h/l   select a card (a raised card is selected)",
        "Enter or space      play the selected card",
        "a k q j 10 9 .. 2   then s h d c: select that card (qs, 10h)",
        "mouse               click selects, a second click plays",
        "t                   the last trick",
        "c                   card tracker: cards not seen, the computer's known cards",
        "i                   hint: exact values in the endgame, the expert's",
        "                    estimate in the foreplay (best one underlined)",
        "u                   take back your last card (the hand counts as assisted)",
        "q                   leave the table (the match is kept for resuming)",
        "",
        "Foreplay: the winner of each trick takes the face-up card, the loser",
        "the next hidden one. Endgame: the last tricks are played out.",
        "Press any key.",
    };
    const char *lines[sizeof LINES / sizeof LINES[0]];
    int n = 0;
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++)
        if (LINES[i][0] != 'c' || t->app->settings.tracker) lines[n++] = LINES[i]; /* the tracker when on */
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
        set_status(t, true, "The card tracker is off (Settings).");
        return;
    }
    gw_observation o;
    gw_observe(&t->m->game, 0, &o);
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
        set_status(t, true, "No trick has been played in this hand yet.");
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

/* `i`: exact endgame values, or the expert's estimates in the foreplay. */
static void hint(table *t) {
    gw_observation o;
    gw_observe(&t->m->game, 0, &o);
    clear_hint(t);
    gw_error err;
    if (o.phase == GW_ENDGAME) {
        if (!t->solver && gw_solver_new(HINT_TABLE_BYTES, &t->solver) != GW_OK) {
            t->solver = NULL;
            set_status(t, true, "No hint: not enough memory for the solver.");
            return;
        }
        gw_card_value values[GW_RANKS];
        int best = 0, n = gw_endgame_values(t->solver, &o, values, &best, &err);
        if (n < 0) {
            set_status(t, true, "No hint: %s", err.msg);
            return;
        }
        for (int i = 0; i < n; i++) {
            t->value_card[i] = values[i].card;
            snprintf(t->value_text[i], sizeof t->value_text[i], "%d", values[i].tricks);
            if (values[i].tricks == best && t->value_best == GW_NO_CARD) t->value_best = values[i].card;
        }
        t->nvalues = n;
        set_status(t, false, "Exact: with best play you win %d more trick%s (numbers under your cards).",
                   best, best == 1 ? "" : "s");
        return;
    }
    if (!t->advisor) {
        gw_expert_limits lim = {t->app->think_ms, 0, gw_monotonic_clock()};
        if (gw_expert_new(lim, gw_mix64(t->m->match.seed ^ 0x4E4E4E4Eu), &t->advisor, &err) != GW_OK) {
            t->advisor = NULL;
            set_status(t, true, "No hint: %s", err.msg);
            return;
        }
    }
    set_status(t, false, "Thinking...");
    draw(t);
    tui_show();
    gw_card_estimate est[GW_RANKS];
    int n = gw_expert_estimate(t->advisor, &o, est);
    for (int i = 0; i < n; i++) {
        t->value_card[i] = est[i].card;
        snprintf(t->value_text[i], sizeof t->value_text[i], "%.1f", est[i].tricks);
    }
    t->nvalues = n;
    if (n > 0) {
        t->value_best = est[0].card;
        char label[8];
        tui_card_label(est[0].card, t->app->scr.ascii, label);
        set_status(t, false, "Estimate: endgame tricks to expect after each card (%d deals); best %s.",
                   est[0].samples, label);
    }
}

/* Selects card c if held; says why not otherwise. */
static void select_card(table *t, gw_card c) {
    tui_view v = {.g = &t->m->game, .order = t->app->settings.suit_order};
    gw_card cards[GW_RANKS];
    int n = tui_view_hand(&v, cards);
    char why[160];
    int i = tui_find_card(cards, n, c, t->app->scr.ascii, why, sizeof why);
    const char *no = i < 0 ? why : tui_refusal(&t->m->game, c, t->app->scr.ascii, why, sizeof why);
    if (i >= 0) t->sel = i;
    if (no)
        set_status(t, true, "%s", no);
    else
        t->status[0] = '\0';
}

/* Tries to play the selected card. */
static bool try_play(table *t, gw_card *out) {
    tui_view v = {.g = &t->m->game, .order = t->app->settings.suit_order};
    gw_card cards[GW_RANKS];
    int n = tui_view_hand(&v, cards);
    if (t->sel < 0 || t->sel >= n) return false;
    char why[160];
    const char *no = tui_refusal(&t->m->game, cards[t->sel], t->app->scr.ascii, why, sizeof why);
    if (no) {
        set_status(t, true, "%s", no);
        if (!t->app->settings.bell) return false;
        tui_bell();
        return false;
    }
    *out = cards[t->sel];
    return true;
}

static turn_result ask_quit(table *t, gw_card *queen_pick) {
    static const char *const LINES[] = {
        "Leave the table? The match is kept: Resume on the home screen.",
        "",
        "y or q: leave        n or Esc: stay",
        "(s h d c select a queen, for 'qs' typed as a card)",
    };
    int k = dialog(t, "Leave", LINES, 4);
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
        tui_view v = {.g = &t->m->game, .order = t->app->settings.suit_order};
        gw_card cards[GW_RANKS];
        int n = tui_view_hand(&v, cards);
        /* A rank typed before: this key names the suit (or, after "1", the 0 of 10). */
        if (t->typed[0]) {
            gw_card c;
            tui_typed r = tui_typed_key(t->typed, ch, &c);
            if (r == TUI_TYPED_MORE) {
                set_status(t, false, "10... now the suit: s h d c");
                continue;
            }
            if (r == TUI_TYPED_CARD) {
                select_card(t, c);
                continue;
            }
            t->status[0] = '\0';
            if (ch == 27) continue;
        }
        switch (ch) {
        case KEY_LEFT:
        case 'h':
            if (n) t->sel = (t->sel - 1 + n) % n;
            t->status[0] = '\0';
            continue;
        case KEY_RIGHT:
        case 'l':
            if (n) t->sel = (t->sel + 1) % n;
            t->status[0] = '\0';
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
        case 'u':
            if (!tui_match_undo(t->m)) {
                /* The news of an earlier undo would say a card was taken back just now. */
                if (strcmp(t->news[0], TAKEN_BACK) == 0) t->news[0][0] = t->news[1][0] = '\0';
                set_status(t, true, "Nothing to take back: you have not played a card in this hand.");
                continue;
            }
            return TURN_UNDONE;
        case 'q':
        case 'Q': {
            gw_card queen = GW_NO_CARD;
            turn_result r = ask_quit(t, &queen);
            if (r != TURN_CARD) return r;
            if (queen != GW_NO_CARD) select_card(t, queen);
            continue;
        }
        case 27: t->status[0] = '\0'; continue;
        default: break;
        }
        if (ch == '1' || (tui_rank_of_key(ch) >= 0 && ch != 't' && ch != 'T')) {
            t->typed[0] = (char)tolower(ch);
            t->typed[1] = '\0';
            set_status(t, false, "%s... now the suit: s h d c",
                       ch == '1' ? "1" : (char[2]){(char)toupper(ch), 0});
            continue;
        }
        if (ch > 0 && ch < 256 && isprint(ch))
            set_status(t, true, "'%c' is not a key here: ? lists the keys.", ch);
    }
}

/* Tells the computer the hand from the start (after a deal, a resume or an undo). */
static void brief_bot(table *t) {
    gw_game g = t->m->dealt;
    gw_observation o;
    gw_observe(&g, 1, &o);
    gw_player_begin_hand(t->bot, &o);
    for (int i = 0; i < t->m->game.nmoves; i++) {
        gw_trick_event ev;
        gw_game_play(&g, t->m->game.moves[i], &ev);
        if (!ev.completed) continue;
        gw_observe(&g, 1, &o);
        gw_seen_trick seen;
        gw_seen_trick_make(&ev, 1, &seen);
        gw_player_trick_done(t->bot, &o, &seen);
        t->last = ev;
        t->has_last = true;
    }
}

typedef enum { HAND_DONE, HAND_QUIT, HAND_SIGNAL, HAND_ERROR } hand_result;

static hand_result play_hand(table *t) {
    gw_game *g = &t->m->game;
    bool bell = t->app->settings.bell;
    while (gw_game_phase(g) != GW_OVER) {
        t->pulse_trump = false;
        gw_card c;
        if (g->turn == 1) {
            if (t->m->level == GW_AI_EXPERT) {
                set_status(t, false, "The computer is thinking...");
                draw(t);
                tui_show();
            }
            gw_observation o;
            gw_observe(g, 1, &o);
            gw_player_reveal(t->bot, g);
            gw_error err;
            if (gw_player_choose(t->bot, &o, &c, &err) != GW_OK) {
                set_status(t, true, "The computer could not choose a card: %s", err.msg);
                return HAND_ERROR;
            }
            if (t->status_warn == false) t->status[0] = '\0';
            if (bell && gw_card_suit(c) == g->trump) {
                tui_bell();
                t->pulse_trump = true;
            }
        } else {
            turn_result r = human_turn(t, &c);
            if (r == TURN_SIGNAL) return HAND_SIGNAL;
            if (r == TURN_QUIT) return HAND_QUIT;
            if (r == TURN_UNDONE) {
                clear_hint(t);
                t->has_last = false;
                brief_bot(t);
                snprintf(t->news[0], sizeof t->news[0], "%s", TAKEN_BACK);
                snprintf(t->news[1], sizeof t->news[1],
                         "This hand now counts as assisted in the statistics.");
                t->status[0] = '\0';
                save(t);
                continue;
            }
            t->status[0] = '\0';
        }
        clear_hint(t);
        gw_trick_event ev;
        if (gw_game_play(g, c, &ev) != GW_OK) {
            set_status(t, true, "Internal error: an illegal card was played.");
            return HAND_ERROR;
        }
        /* Saved after every card but the hand's last: that one is saved scored, with the hand stored in
         * the statistics, so a stop in the pause after the last trick replays only a forced card. */
        if (gw_game_phase(g) != GW_OVER) save(t);
        if (!ev.completed) {
            char label[8];
            tui_card_label(c, t->app->scr.ascii, label);
            snprintf(t->news[0], sizeof t->news[0], "%s %s.",
                     g->turn == 0 ? "The computer leads" : "You lead", label);
            t->news[1][0] = '\0';
            continue;
        }
        gw_observation o;
        gw_observe(g, 1, &o);
        gw_seen_trick seen;
        gw_seen_trick_make(&ev, 1, &seen);
        gw_player_trick_done(t->bot, &o, &seen);
        t->last = ev;
        t->has_last = true;
        tui_trick_news(&ev, t->app->scr.ascii, t->news[0], sizeof t->news[0]);
        t->news[1][0] = '\0';
        if (ev.drawn[0] != GW_NO_CARD && ev.next_upcard == GW_NO_CARD)
            snprintf(t->news[1], sizeof t->news[1], "The stock is out: the endgame begins, %s.",
                     ev.winner == 0 ? "you lead" : "the computer leads");
        if (ev.next_upcard != GW_NO_CARD && gw_card_suit(ev.next_upcard) == g->trump && bell) {
            tui_bell();
            t->pulse_trump = true;
        }
        t->shown = &ev;
        tui_exit e = pause_after_trick(t);
        t->shown = NULL;
        if (e == TUI_SIGNAL) return HAND_SIGNAL;
        if (t->leave) {
            t->leave = false;
            if (gw_game_phase(g) != GW_OVER)
                return HAND_QUIT; /* after the last trick: on to the scoreboard */
        }
    }
    return HAND_DONE;
}

static void store_hand(table *t, const gw_hand_score *hs, bool assisted) {
    tui_app *app = t->app;
    if (!app->store || t->m->store_id <= 0) return;
    gw_text rec = {0};
    tui_match_hand_text(t->m, &t->m->game, t->m->match.hands_played, assisted, &rec);
    char date[16], stamp[24];
    tui_today(date, stamp);
    gw_store_hand h = {
        .match_id = t->m->store_id,
        .number = t->m->match.hands_played,
        .record = gw_text_str(&rec),
        .played = stamp,
        .tricks = {hs->counted[0], hs->counted[1]},
        .winner = hs->winner,
        .points = {hs->points[0], hs->points[1]},
        .slam = hs->slam,
        .assisted = assisted,
        .score = {t->m->match.score[0], t->m->match.score[1]},
        .match_winner = gw_match_winner(&t->m->match),
    };
    gw_error err;
    int64_t id;
    if (rec.failed || gw_store_add_hand(app->store, &h, &id, &err) != GW_OK)
        snprintf(app->notice, sizeof app->notice, "A hand could not be stored in the statistics: %s",
                 rec.failed ? "out of memory" : err.msg);
    gw_text_free(&rec);
}

static void free_table(table *t) {
    gw_player_free(t->bot);
    gw_expert_free(t->advisor);
    gw_solver_free(t->solver);
    t->bot = NULL;
    t->advisor = NULL;
    t->solver = NULL;
}

static void deal_news(table *t) {
    const gw_game *g = &t->m->game;
    char up[8];
    tui_card_label(gw_game_upcard(g), t->app->scr.ascii, up);
    snprintf(t->news[0], sizeof t->news[0], "Hand %d: %s. Trump is %s (the turned card is %s).",
             t->m->match.hands_played + 1,
             g->dealer == 0 ? "you deal, the computer leads" : "the computer deals, you lead",
             gw_suit_name(g->trump), up);
    t->news[1][0] = '\0';
}

/* The computer player for the match (seeded from it) and no hint helpers yet; false with the reason in the
 * home screen's notice if it cannot start. */
static bool seat_computer(table *t) {
    free_table(t);
    tui_match *m = t->m;
    gw_error err;
    gw_bot_options bo = {m->level,
                         gw_mix64(m->match.seed ^ 0xA1A1A1A1u ^ (uint64_t)m->match.hands_played << 32),
                         {t->app->think_ms, 0, gw_monotonic_clock()}};
    if (gw_bot_new(&bo, &t->bot, &err) != GW_OK) {
        t->bot = NULL;
        snprintf(t->app->notice, sizeof t->app->notice, "The computer player could not start: %s", err.msg);
        return false;
    }
    gw_player_sit(t->bot, 1);
    return true;
}

/* New game at the end of a match: a fresh match with the finished one's rules and computer level, from a
 * new seed, in the statistics as the home screen's New game puts it. */
static bool next_match(table *t) {
    tui_match fresh;
    if (!tui_match_begin(t->app, false, &fresh, t->m->match.rules, gw_fresh_seed(), t->m->level))
        return false;
    tui_match_free(t->m);
    *t->m = fresh;
    t->status[0] = '\0';
    return seat_computer(t);
}

tui_exit tui_play(tui_app *app, tui_match *m) {
    table t;
    memset(&t, 0, sizeof t);
    t.app = app;
    t.m = m;
    t.sel = -1;
    t.value_best = GW_NO_CARD;
    if (!seat_computer(&t)) return TUI_BACK;
    if (m->in_hand) {
        brief_bot(&t);
        snprintf(t.news[0], sizeof t.news[0], "Welcome back: hand %d goes on.", m->match.hands_played + 1);
    }
    tui_exit result = TUI_BACK;
    while (gw_match_winner(&m->match) < 0) {
        if (!m->in_hand) {
            char date[16], stamp[24];
            tui_today(date, stamp);
            tui_match_deal(m, date);
            t.has_last = false;
            clear_hint(&t);
            gw_observation o;
            gw_observe(&m->game, 1, &o);
            gw_player_begin_hand(t.bot, &o);
            deal_news(&t);
            if (app->settings.bell && gw_card_suit(gw_game_upcard(&m->game)) == m->game.trump) tui_bell();
            save(&t);
        }
        hand_result r = play_hand(&t);
        if (r == HAND_SIGNAL) {
            result = TUI_SIGNAL;
            break;
        }
        if (r == HAND_QUIT) break;
        if (r == HAND_ERROR) {
            snprintf(app->notice, sizeof app->notice, "%s (the match is kept)", t.status);
            break;
        }
        bool assisted = m->assisted;
        gw_game finished = m->game, dealt = m->dealt;
        gw_hand_score hs = tui_match_finish_hand(m);
        store_hand(&t, &hs, assisted);
        if (gw_match_winner(&m->match) >= 0)
            tui_unfinished_remove();
        else
            save(&t);
        tui_board_result b = tui_scoreboard(app, m, &finished, &hs);
        while (b == TUI_BOARD_REVIEW) {
            if (tui_review(app, m, &dealt, &finished) == TUI_SIGNAL) {
                b = TUI_BOARD_SIGNAL;
                break;
            }
            b = tui_scoreboard(app, m, &finished, &hs);
        }
        if (b == TUI_BOARD_SIGNAL) {
            result = TUI_SIGNAL;
            break;
        }
        if (b == TUI_BOARD_HOME) break;
        if (b == TUI_BOARD_NEW && !next_match(&t)) break;
    }
    free_table(&t);
    return result;
}
