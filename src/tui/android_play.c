/* android_play.c: an Android Whist rubber at the terminal: one human against the computer, or two humans
 * taking turns at one keyboard with a hand-over screen; cards chosen from the hand, commands from a menu of
 * those valid now; the record saved after every play. */
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "android_table.h"
#include "app.h"
#include "dialog.h"
#include "gw/android_ai.h"
#include "gw/android_record.h"
#include "gw/files.h"
#include "gw/rng.h"
#include "layout.h"

typedef struct atable {
    tui_app *app;
    bool hot_seat;          /* two humans; else player 2 is the computer */
    gw_android_player *bot; /* the computer, for player 2 */
    gw_android_rubber rubber;
    gw_android_game g;
    gw_rng rng;       /* the deals */
    uint64_t seed;    /* the rubber's seed */
    int hand_no;      /* hands dealt in this rubber */
    int viewer;       /* the human whose view is on screen */
    bool screen_free; /* hot seat: the screen is hidden (nobody has taken it yet) */
    const char *names[2];
    char news[2][200];
    char status[200];
    bool status_warn;
    int sel;
    gw_text finished; /* record text of the finished hands */
    char record_path[4096];
    bool save_warned;
    int64_t store_rubber; /* the rubber in the statistics (tui_android_store_hand) */
} atable;

static void set_status(atable *t, bool warn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_status(atable *t, bool warn, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->status, sizeof t->status, fmt, ap);
    va_end(ap);
    t->status_warn = warn;
}

static void draw(atable *t, const gw_android_trick *shown, const char *keys, bool dim) {
    gw_android_view v;
    gw_android_observe(&t->g, t->viewer, &v);
    tui_android_view av = {&v,
                           &t->rubber,
                           {t->names[0], t->names[1]},
                           t->app->settings.suit_order,
                           dim ? t->sel : -1,
                           dim,
                           shown,
                           {t->news[0], t->news[1]},
                           t->status,
                           t->status_warn,
                           keys};
    tui_android_draw(&t->app->scr, &av);
}

static void backdrop(void *ctx) { draw(ctx, NULL, "", false); }

static bool is_computer(const atable *t, int player) { return !t->hot_seat && player == 1; }

/* Hot seat: hides everything until the next human takes the keyboard. */
static tui_exit hand_over(atable *t, int player) {
    if (!t->hot_seat || (t->viewer == player && !t->screen_free)) return TUI_BACK;
    tui_screen *s = &t->app->scr;
    for (;;) {
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            char line[120];
            snprintf(line, sizeof line, "Pass the keyboard to %s (seat %c).", t->names[player],
                     gw_seat_char(gw_player_seat(t->g.dealer, player)));
            tui_text(s, s->h / 2 - 2, (s->w - tui_label_width(line)) / 2, 0, TUI_C_TABLE, A_BOLD, line);
            tui_text(s, s->h / 2, (s->w - 54) / 2, 0, TUI_C_TABLE, 0,
                     "Everything private is hidden until they press a key.");
            if (t->news[0][0]) tui_text(s, s->h / 2 + 2, 2, s->w - 4, TUI_C_TABLE, 0, t->news[0]);
            tui_show();
        }
        tui_key k = tui_read_key(s, -1);
        if (k.code == TUI_KEY_SIGNAL) return TUI_SIGNAL;
        if (k.code != KEY_RESIZE && k.code != TUI_KEY_NONE) break;
    }
    t->viewer = player;
    t->screen_free = false;
    return TUI_BACK;
}

/* Saves the rubber so far (finished hands and the hand in play); score: the game points after a finished
 * hand (a won game shows 5), NULL while it goes on. */
static void save(atable *t, const int *score) {
    gw_text out = {0};
    gw_text_puts(&out, gw_text_str(&t->finished));
    if (t->finished.len > 0) gw_text_putc(&out, '\n');
    gw_android_record_hand h;
    gw_android_record_hand_from_game(&h, &t->g, t->hand_no);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->seed);
    gw_android_record_hand_set_tag(&h, "Player1", t->names[0]);
    gw_android_record_hand_set_tag(&h, "Player2", t->hot_seat ? t->names[1] : "computer");
    gw_android_record_hand_set_tag(&h, "RubberSeed", seed);
    if (score) {
        h.has_score = true;
        h.score[0] = score[0];
        h.score[1] = score[1];
    }
    gw_android_record_write_hand(&h, &out);
    gw_android_record_hand_clear(&h);
    gw_error err;
    bool ok = !out.failed && gw_file_write(t->record_path, out.data, out.len, &err) == GW_OK;
    if (!ok && !t->save_warned)
        set_status(t, true, "The record cannot be saved: %s", out.failed ? "out of memory" : err.msg);
    t->save_warned = !ok;
    if (score && !out.failed) {
        gw_text_free(&t->finished);
        t->finished = out; /* the finished hand joins the record */
        return;
    }
    gw_text_free(&out);
}

/* A public line about the last event: "L (their android): beat = K♥" or "X: error on shortest". */
static void describe_event(atable *t, const gw_android_event *e) {
    char card[8] = "";
    if (e->card != GW_NO_CARD) tui_card_label(e->card, t->app->scr.ascii, card);
    int who = gw_seat_player(t->g.dealer, e->seat);
    if (t->g.ntrick >= 2) t->news[1][0] = '\0'; /* the last trick's winner stays until the second card */
    if (e->command == GW_CMD_NONE)
        snprintf(t->news[0], sizeof t->news[0], "%c (%s) plays %s.", gw_seat_char(e->seat), t->names[who],
                 card);
    else if (e->answer == GW_ANSWER_CARD)
        snprintf(t->news[0], sizeof t->news[0], "%s %s %c \"%s\": it plays %s.", t->names[who],
                 strcmp(t->names[who], "You") == 0 ? "tell" : "tells", gw_seat_char(e->seat),
                 gw_android_command_name((gw_android_command)e->command), card);
    else
        snprintf(t->news[0], sizeof t->news[0],
                 "%s %s %c \"%s\": %c says \"Error.\" Another command, please.", t->names[who],
                 strcmp(t->names[who], "You") == 0 ? "tell" : "tells", gw_seat_char(e->seat),
                 gw_android_command_name((gw_android_command)e->command), gw_seat_char(e->seat));
}

/* The commands worth giving the android to play now (see gw_android_commands_open), from the view. */
static int valid_commands(const atable *t, gw_android_command out[GW_CMD_COUNT]) {
    gw_android_view v;
    gw_android_observe(&t->g, gw_android_actor(&t->g), &v);
    unsigned open = gw_android_commands_open(&v);
    int n = 0;
    for (int c = 0; c < GW_CMD_COUNT; c++)
        if (open & (1u << c)) out[n++] = (gw_android_command)c;
    return n;
}

typedef enum { ACT_DONE, ACT_QUIT, ACT_SIGNAL } act_result;

static act_result ask_leave(atable *t) {
    static const char *const LINES[] = {"Leave the table? This rubber ends here (its record is kept).", "",
                                        "y: leave        n or Esc: stay"};
    int k = tui_dialog(&t->app->scr, backdrop, t, "Leave", LINES, 3);
    if (k == TUI_KEY_SIGNAL) return ACT_SIGNAL;
    return k == 'y' || k == 'Y' ? ACT_QUIT : ACT_DONE;
}

/* The menu's letters: none of the navigation keys (j k) nor q. */
static const char LABELS[] = "abcdefghimnoprs";

/* The keyboard human commands their android: a menu of the commands valid now. */
static act_result human_command(atable *t, gw_android_trick *done) {
    gw_android_command cmds[GW_CMD_COUNT];
    int n = valid_commands(t, cmds), at = 0;
    tui_screen *s = &t->app->scr;
    for (;;) {
        draw(t, NULL,
             s->ascii ? " Up/Down choose  Enter or a letter: command your android  q leave"
                      : " ↑↓ choose  Enter or a letter: command your android  q leave",
             false);
        /* The menu, on the side of the other human (the opposing android stays in view); two columns when
         * long. */
        int cols = n > 8 ? 2 : 1, rows = (n + cols - 1) / cols, w = cols == 2 ? 44 : 26, h = rows + 3, y = 4;
        int viewer_seat = gw_seat_partner(t->g.turn), left = gw_seat_next(viewer_seat);
        int x =
            gw_seat_is_android(left) ? s->w - w - 1 : 1; /* cover the other human's side, not the android's */
        char title[40];
        snprintf(title, sizeof title, "Command %c", gw_seat_char(t->g.turn));
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_draw_box(s, y, x, h, w, title);
            tui_text(s, y + 1, x + 2, w - 4, TUI_C_DIALOG, A_DIM,
                     t->g.ntrick == 0 ? (t->g.errors ? "leading, after an error" : "leading")
                                      : (t->g.errors ? "following, after an error" : "following"));
            for (int i = 0; i < n; i++)
                tui_textf(s, y + 2 + i % rows, x + 2 + (i / rows) * 21, 20,
                          i == at ? TUI_C_SELECT : TUI_C_DIALOG, i == at ? A_BOLD : 0, "%c) %-16s", LABELS[i],
                          gw_android_command_name(cmds[i]));
        }
        tui_show();
        tui_key k = tui_read_key(s, -1);
        int ch = k.code, pick = -1;
        if (ch == TUI_KEY_SIGNAL) return ACT_SIGNAL;
        if (ch == KEY_UP || ch == 'k') at = (at + n - 1) % n;
        if (ch == KEY_DOWN || ch == 'j') at = (at + 1) % n;
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') pick = at;
        const char *label = ch > 0 && ch < 128 ? strchr(LABELS, ch) : NULL;
        if (label && *label && label - LABELS < n) pick = (int)(label - LABELS);
        if (ch == 'q' || ch == 27) {
            act_result r = ask_leave(t);
            if (r != ACT_DONE) return r;
            continue;
        }
        if (pick < 0) continue;
        gw_android_outcome o;
        gw_error err;
        gw_status st = gw_android_command_play(&t->g, cmds[pick], &o, done, &err);
        if (st != GW_OK) {
            set_status(t, true, "%s", err.msg);
            continue;
        }
        t->status[0] = '\0';
        describe_event(t, &t->g.events[t->g.nevents - 1]);
        return ACT_DONE;
    }
}

/* The keyboard human plays a card of their own hand. */
static act_result human_card(atable *t, gw_android_trick *done) {
    tui_screen *s = &t->app->scr;
    gw_android_view v;
    gw_android_observe(&t->g, t->viewer, &v);
    gw_card cards[GW_RANKS];
    tui_android_view probe = {.v = &v, .order = t->app->settings.suit_order};
    int n = tui_android_hand(&probe, cards);
    gw_cards legal = gw_android_legal(&t->g);
    if (t->sel < 0 || t->sel >= n || !gw_has(legal, cards[t->sel]))
        for (t->sel = 0; t->sel < n - 1 && !gw_has(legal, cards[t->sel]); t->sel++)
            ;
    for (;;) {
        draw(t, NULL, s->ascii ? " <-> select  Enter play  q leave" : " ←→ select  Enter play  q leave",
             true);
        tui_show();
        tui_key k = tui_read_key(s, -1);
        int ch = k.code;
        if (ch == TUI_KEY_SIGNAL) return ACT_SIGNAL;
        if (ch == KEY_LEFT || ch == 'h') t->sel = (t->sel + n - 1) % n;
        if (ch == KEY_RIGHT || ch == 'l') t->sel = (t->sel + 1) % n;
        if (ch == 'q' || ch == 27) {
            act_result r = ask_leave(t);
            if (r != ACT_DONE) return r;
            continue;
        }
        bool play = ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ';
        if (ch == TUI_KEY_CLICK) {
            int i = tui_android_card_at(s, n, k.y, k.x);
            if (i < 0) continue;
            play = i == t->sel || t->app->settings.single_click;
            t->sel = i;
        }
        if (!play) continue;
        gw_error err;
        if (gw_android_play(&t->g, cards[t->sel], done, &err) != GW_OK) {
            set_status(t, true, "%s", err.msg);
            continue;
        }
        t->status[0] = '\0';
        describe_event(t, &t->g.events[t->g.nevents - 1]);
        return ACT_DONE;
    }
}

/* The computer acts for player 2: a card of its hand, or a command to its android. */
static act_result computer_acts(atable *t, gw_android_trick *done) {
    gw_android_view v;
    gw_android_observe(&t->g, 1, &v);
    gw_android_action a;
    gw_error err;
    if (gw_android_player_choose(t->bot, &v, &a, &err) != GW_OK) {
        set_status(t, true, "The computer could not choose: %s", err.msg);
        return ACT_QUIT;
    }
    gw_status st;
    if (a.is_command) {
        gw_android_outcome o;
        st = gw_android_command_play(&t->g, a.command, &o, done, &err);
    } else {
        st = gw_android_play(&t->g, a.card, done, &err);
    }
    if (st != GW_OK) {
        set_status(t, true, "The computer broke a rule (a bug): %s", err.msg);
        return ACT_QUIT;
    }
    describe_event(t, &t->g.events[t->g.nevents - 1]);
    return ACT_DONE;
}

/* The pause after a finished trick, seen by the human at the keyboard. */
static act_result show_trick(atable *t, const gw_android_trick *done) {
    static const int MS[] = {1500, 600, 0};
    int ms = MS[t->app->settings.speed];
    char won[8];
    tui_card_label(done->cards[(done->winner - done->leader + GW_SEATS) % GW_SEATS], t->app->scr.ascii, won);
    int side = gw_seat_player(t->g.dealer, done->winner);
    snprintf(t->news[1], sizeof t->news[1], "%c wins trick %d with %s for %s side.",
             gw_seat_char(done->winner), done->number, won, side == t->viewer ? "your" : "the other");
    draw(t, done, "", false);
    tui_show();
    if (ms == 0) return ACT_DONE;
    tui_key k = tui_read_key(&t->app->scr, ms);
    return k.code == TUI_KEY_SIGNAL ? ACT_SIGNAL : ACT_DONE;
}

static void deal(atable *t) {
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_shuffled(GW_CLASSIC, &t->rng, deck);
    gw_error err;
    gw_android_deal(&t->g, deck, t->rubber.next_dealer, &err);
    t->hand_no++;
    char trump[8];
    tui_card_label(gw_android_trump_card(&t->g), t->app->scr.ascii, trump);
    snprintf(t->news[0], sizeof t->news[0], "Hand %d: %s deals; %s is turned: trump is %s. L leads.",
             t->hand_no, t->names[t->g.dealer], trump, gw_suit_name(t->g.trump));
    t->news[1][0] = '\0';
    if (t->hot_seat) t->screen_free = true;
    if (t->bot) gw_android_player_begin_hand(t->bot, 1);
}

/* The scoreboard after a hand; false when the player leaves. */
static act_result scoreboard(atable *t, const gw_android_progress *pr) {
    tui_screen *s = &t->app->scr;
    gw_android_hand_score hs = gw_android_score_hand(&t->g);
    const gw_android_rubber *r = &t->rubber;
    for (;;) {
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            int y = 3, x = (s->w - 64) / 2;
            tui_draw_box(s, y, x, 16, 64, r->winner >= 0 ? "The rubber is over" : "Hand over");
            int row = y + 2;
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, A_BOLD, "%-24s %12s %12s", "", t->names[0],
                      t->names[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Tricks (with android)",
                      hs.tricks[0], hs.tricks[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Points this hand",
                      hs.winner == 0 ? hs.points : 0, hs.winner == 1 ? hs.points : 0);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Game points (to 5)",
                      pr->points[0], pr->points[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Games won", r->games[0],
                      r->games[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Game values", r->values[0],
                      r->values[1]);
            row++;
            if (pr->game_winner >= 0)
                tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, A_BOLD, "%s win%s the game: worth %d (%s).",
                          t->names[pr->game_winner], pr->game_winner == 0 && !t->hot_seat ? "" : "s",
                          pr->game_value,
                          pr->game_value == 3   ? "treble"
                          : pr->game_value == 2 ? "double"
                                                : "single");
            if (r->winner >= 0)
                tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, A_BOLD,
                          "%s win%s the rubber by %d (bonus %d included).", t->names[r->winner],
                          r->winner == 0 && !t->hot_seat ? "" : "s", r->margin, GW_ANDROID_RUBBER_BONUS);
            tui_textf(s, y + 14, x + 3, 58, TUI_C_DIALOG, A_BOLD, "%s",
                      r->winner >= 0 ? "Enter: home" : "Enter: next hand    q: leave");
            tui_show();
        }
        tui_key k = tui_read_key(s, -1);
        if (k.code == TUI_KEY_SIGNAL) return ACT_SIGNAL;
        if (k.code == '\n' || k.code == '\r' || k.code == KEY_ENTER || k.code == ' ')
            return r->winner >= 0 ? ACT_QUIT : ACT_DONE;
        if (k.code == 'q' || k.code == 27) return ACT_QUIT;
    }
}

tui_exit tui_android(tui_app *app, bool hot_seat) {
    static atable t;
    memset(&t, 0, sizeof t);
    t.app = app;
    t.hot_seat = hot_seat;
    t.names[0] = hot_seat ? "Player 1" : "You";
    t.names[1] = hot_seat ? "Player 2" : "Computer";
    t.seed = app->has_seed ? app->seed : gw_fresh_seed();
    app->has_seed = false;
    gw_rng_seed(&t.rng, t.seed);
    gw_android_rubber_start(&t.rubber, (int)(gw_mix64(t.seed) & 1));
    t.sel = -1;
    gw_error err;
    if (!hot_seat) {
        gw_android_level level = app->settings.opponent == GW_AI_EASY ? GW_ANDROID_EASY : GW_ANDROID_HARD;
        if (gw_android_player_new(level, gw_mix64(t.seed ^ 0xA17Du), &t.bot, &err) != GW_OK) {
            snprintf(app->notice, sizeof app->notice, "The computer cannot play Android Whist: %s", err.msg);
            return TUI_BACK;
        }
    }
    char dir[3072];
    if (gw_xdg_dir(GW_XDG_DATA, "games", dir, sizeof dir, &err) == GW_OK)
        snprintf(t.record_path, sizeof t.record_path, "%s/android-%llu.gwr", dir, (unsigned long long)t.seed);
    else
        snprintf(app->notice, sizeof app->notice, "Android Whist records are not saved: %s", err.msg);
    tui_exit result = TUI_BACK;
    act_result r = ACT_DONE;
    while (r == ACT_DONE) {
        deal(&t);
        if (t.record_path[0]) save(&t, NULL);
        while (!gw_android_over(&t.g) && r == ACT_DONE) {
            int p = gw_android_actor(&t.g);
            gw_android_trick done = {0};
            if (is_computer(&t, p)) {
                r = computer_acts(&t, &done);
            } else {
                if (hand_over(&t, p) == TUI_SIGNAL) {
                    r = ACT_SIGNAL;
                    break;
                }
                r = gw_seat_is_android(t.g.turn) ? human_command(&t, &done) : human_card(&t, &done);
            }
            if (r != ACT_DONE) break;
            /* The hand's last play is saved with the hand's score, below. */
            if (t.record_path[0] && !gw_android_over(&t.g)) save(&t, NULL);
            if (done.completed) r = show_trick(&t, &done);
        }
        if (r != ACT_DONE) break;
        gw_android_progress pr;
        gw_android_rubber_add(&t.rubber, gw_android_score_hand(&t.g), &pr, &err);
        if (t.record_path[0]) save(&t, pr.points);
        tui_android_store_hand(app, &t.store_rubber, &t.g, t.hand_no, t.seed, t.bot, &t.rubber, &pr);
        r = scoreboard(&t, &pr);
    }
    if (r == ACT_SIGNAL) result = TUI_SIGNAL;
    gw_android_player_free(t.bot);
    gw_text_free(&t.finished);
    return result;
}
