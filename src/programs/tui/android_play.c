/* android_play.c: an Android Whist rubber at the terminal, played by the session (gw_session): one human
 * against the computer, or two humans taking turns at one keyboard with a hand-over screen; cards chosen
 * from the hand or typed, commands by their fixed keys or from a menu of those valid now; the session's
 * record and the unfinished rubber saved after every play, and resumed from it through the session. */
#include "android_play.h"

#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "android_describe.h"
#include "describe.h"
#include "android_table.h"
#include "dialog.h"
#include "gw/android_ai.h"
#include "gw/android_record.h"
#include "gw/files.h"
#include "gw/monotonic.h"
#include "layout.h"

typedef struct atable {
    tui_app *app;
    bool hot_seat;    /* two humans; else player 2 is the computer */
    gw_session *s;    /* the rubber: the session plays it, the table shows its views and events */
    gw_view view;     /* the viewer's, after the last change */
    uint32_t seen;    /* the session's events up to this number are on show */
    int viewer;       /* the human whose view is on screen */
    bool screen_free; /* hot seat: the screen is hidden (nobody has taken it yet) */
    const char *names[2];
    char news[2][200];
    tui_status status;
    int sel;
    char typed[2];                 /* a rank typed, waiting for its suit ("1" waits for its "0") */
    const gw_android_trick *shown; /* the finished trick drawn behind a box, or NULL */
    bool mid_hand;                 /* resumed in the middle of a hand: play on without a deal */
    char record_path[4096];
    char unfinished_path[4096];
    bool save_warned;
    int64_t store_rubber; /* the rubber in the statistics (tui_android_store_hand) */
} atable;

/* The viewer's view after a change. */
static void look(atable *t) {
    gw_error err;
    gw_session_view(t->s, t->viewer, &t->view, &err); /* players 0 and 1 are always viewers */
}

/* The android hand in play as the viewer sees it. */
static const gw_android_view *hand_view(const atable *t) { return &t->view.android; }

static void draw(atable *t, const gw_android_trick *shown, const char *keys, bool dim) {
    tui_android_view av = {hand_view(t),
                           &t->view.rubber,
                           {t->names[0], t->names[1]},
                           t->app->settings.suit_order,
                           dim ? t->sel : -1,
                           dim,
                           shown,
                           {t->news[0], t->news[1]},
                           t->status.text,
                           t->status.warn,
                           keys};
    tui_android_draw(&t->app->scr, &av);
}

static void backdrop(void *ctx) {
    atable *t = ctx;
    draw(t, t->shown, "", t->shown == NULL && !gw_seat_is_android(hand_view(t)->turn));
}

/* Hot seat: hides everything until the next human takes the keyboard. */
static tui_exit hand_over(atable *t, int player) {
    if (!t->hot_seat || (t->viewer == player && !t->screen_free)) return TUI_BACK;
    tui_screen *s = &t->app->scr;
    for (;;) {
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            char line[120];
            snprintf(line, sizeof line, "Pass the keyboard to %s (seat %c).", t->names[player],
                     gw_seat_char(gw_player_seat(hand_view(t)->dealer, player)));
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
    look(t);
    return TUI_BACK;
}

/* The unfinished rubber's path (see tui_unfinished_file). */
static bool unfinished_path(char *out, size_t cap, bool writing, gw_error *err) {
    return tui_unfinished_file(tui_unfinished_name(TUI_KEPT_RUBBER), out, cap, writing, err);
}

/* Whether the rubber at the table is kept for resuming: this whist holds its file and saving works. */
static bool kept(const atable *t) { return t->unfinished_path[0] && !t->save_warned; }

/* Saves the rubber so far (finished hands and the hand in play, as the session writes it) as its record and
 * as the unfinished rubber (removed once the rubber is over). */
static void save(atable *t) {
    gw_text out = {0};
    gw_session_record(t->s, true, &out);
    gw_error err;
    bool ok = !out.failed;
    if (ok && t->record_path[0]) ok = gw_file_write(t->record_path, out.data, out.len, &err) == GW_OK;
    if (ok && t->unfinished_path[0]) {
        if (gw_session_state_of(t->s) == GW_SESSION_OVER)
            remove(t->unfinished_path);
        else
            ok = gw_file_write(t->unfinished_path, out.data, out.len, &err) == GW_OK;
    }
    if (!ok && !t->save_warned)
        tui_status_set(&t->status, true, "The rubber cannot be saved: %s",
                       out.failed ? "out of memory" : err.msg);
    t->save_warned = !ok;
    gw_text_free(&out);
}

/* A public line about the last event: "L (their android): beat = K♥" or "X: error on shortest". */
static void describe_event(atable *t) {
    const gw_android_view *v = hand_view(t);
    if (v->nevents == 0) return;
    const gw_android_event *e = &v->events[v->nevents - 1];
    char card[8] = "";
    if (e->card != GW_NO_CARD) tui_card_label(e->card, t->app->scr.ascii, card);
    int who = gw_seat_player(v->dealer, e->seat);
    if (v->ntrick >= 2) t->news[1][0] = '\0'; /* the last trick's winner stays until the second card */
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
    unsigned open = gw_android_commands_open(hand_view(t)); /* the viewer is the human to act */
    int n = 0;
    for (int c = 0; c < GW_CMD_COUNT; c++)
        if (open & (1u << c)) out[n++] = (gw_android_command)c;
    return n;
}

typedef enum { ACT_DONE, ACT_QUIT, ACT_SIGNAL } act_result;

/* `q`: leave the table (the rubber is kept, if it is). In the card mode s h d c select a queen instead, for
 * "qs". */
static act_result ask_leave(atable *t, bool cards, int *queen_suit) {
    const char *const lines[] = {kept(t) ? "Leave the table? The rubber is kept: Resume on the home screen."
                                         : "Leave the table? This rubber is not kept for resuming.",
                                 "", "y or q: leave        n or Esc: stay",
                                 "(s h d c select a queen, for 'qs' typed as a card)"};
    int k = tui_dialog(&t->app->scr, backdrop, t, "Leave", lines, cards ? 4 : 3);
    if (k == TUI_KEY_SIGNAL) return ACT_SIGNAL;
    if (k == 'y' || k == 'Y' || k == 'q' || k == 'Q') return ACT_QUIT;
    if (cards && queen_suit && k > 0 && k < 128) *queen_suit = gw_suit_parse((char)k);
    return ACT_DONE;
}

/* `t`: the last finished trick, every card, command and error in it, drawn on the table behind a box.
 * Returns the key that closed it (in the card mode s h d c then select a ten, for "th"), 0 when no trick
 * is finished yet. */
static int show_last_trick(atable *t, bool cards) {
    gw_android_trick last;
    char lines[24][96];
    int n = 0;
    if (!tui_android_last_trick(hand_view(t), t->names, t->app->scr.ascii, &last, lines, 20, &n)) return 0;
    const char *ptr[24];
    for (int i = 0; i < n; i++)
        ptr[i] = lines[i];
    ptr[n++] = "";
    ptr[n++] = cards ? "Press any key (s h d c select a ten, for 'th' typed as a card)." : "Press any key.";
    char title[40];
    snprintf(title, sizeof title, "Last trick: %d", last.number);
    t->shown = &last;
    int k = tui_dialog(&t->app->scr, backdrop, t, title, ptr, n);
    t->shown = NULL;
    return k;
}

/* `?`: every key of the table, the command keys among them. */
static int show_keys(atable *t) {
    const char *const text[] = {
        "Your card:  Left/Right or h/l select, Enter or space plays; or type it:",
        "            rank then suit (qs, 10h, th, 9c), then Enter; click a card.",
        "Your android:  press a command's key (each keeps its key), or Up/Down",
        "            and Enter. The menu shows the commands open now:",
        "   u duck     b beat     g high              (following)",
        "   s spades   h hearts   d diamonds  c clubs  (lowest of the suit)",
        "   o shortest l longest                       (lowest of that suit)",
        "   S H D C O L: high-spades ... high-shortest, high-longest (highest)",
        kept(t) ? "t  the last trick, with every command and error     q  leave (kept)"
                : "t  the last trick, with every command and error     q  leave (not kept)",
        "",
        "Press any key.",
    };
    return tui_dialog(&t->app->scr, backdrop, t, "Keys", text, (int)(sizeof text / sizeof text[0]));
}

/* The keyboard human commands their android: each command by its fixed key, or from the menu of those open
 * now. */
/* Carries out player's action through the session; false with the reason on the status line if refused. */
static bool act(atable *t, int player, const gw_action *a) {
    gw_error err;
    if (gw_session_act(t->s, player, a, NULL, &err) != GW_OK) {
        tui_status_set(&t->status, true, "%s", err.msg);
        return false;
    }
    look(t);
    tui_status_clear(&t->status);
    describe_event(t);
    return true;
}

static act_result human_command(atable *t) {
    gw_android_command cmds[GW_CMD_COUNT];
    int n = valid_commands(t, cmds), at = 0;
    tui_screen *s = &t->app->scr;
    for (;;) {
        draw(t, NULL,
             s->ascii ? " Up/Down Enter or a key: command your android  t last trick  ? keys  q leave"
                      : " ↑↓ Enter or a key: command your android  t last trick  ? keys  q leave",
             false);
        /* The menu, on the side of the other human (the opposing android stays in view); two columns when
         * long. */
        tui_android_layout L;
        tui_android_layout_compute(s->w, s->h, &L);
        int cols = n > 8 ? 2 : 1, rows = (n + cols - 1) / cols, w = cols == 2 ? 44 : 26, h = rows + 3;
        int y = L.menu_y;
        const gw_android_view *v = hand_view(t);
        int viewer_seat = gw_seat_partner(v->turn), left = gw_seat_next(viewer_seat);
        /* cover the other human's side, not the android's */
        int x = gw_seat_is_android(left) ? s->w - w - L.left_x : L.left_x;
        char title[40];
        snprintf(title, sizeof title, "Command %c", gw_seat_char(v->turn));
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_draw_box(s, y, x, h, w, title);
            tui_text(s, y + 1, x + 2, w - 4, TUI_C_DIALOG, A_DIM,
                     v->ntrick == 0 ? (v->errors ? "leading, after an error" : "leading")
                                    : (v->errors ? "following, after an error" : "following"));
            for (int i = 0; i < n; i++)
                tui_textf(s, y + 2 + i % rows, x + 2 + (i / rows) * 21, 20,
                          i == at ? TUI_C_SELECT : TUI_C_DIALOG, i == at ? A_BOLD : 0, "%c  %-16s",
                          tui_android_command_key(cmds[i]), gw_android_command_name(cmds[i]));
        }
        tui_show();
        tui_key k = tui_read_key(s, -1);
        int ch = k.code, pick = -1;
        if (ch == TUI_KEY_SIGNAL) return ACT_SIGNAL;
        if (ch == KEY_RESIZE || ch == TUI_KEY_NONE) continue;
        gw_android_command c;
        if (ch == KEY_UP || ch == 'k') {
            at = (at + n - 1) % n;
        } else if (ch == KEY_DOWN || ch == 'j') {
            at = (at + 1) % n;
        } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
            pick = at;
        } else if (tui_android_key_command(ch, &c)) {
            for (int i = 0; i < n; i++)
                if (cmds[i] == c) pick = i;
            if (pick < 0) {
                char why[200];
                const char *no = tui_android_command_refusal(v, c, why, sizeof why);
                tui_status_set(&t->status, true, "%s", no ? no : "That command is not open now.");
                continue;
            }
        } else if (ch == 't' || ch == 'T') {
            if (show_last_trick(t, false) == 0)
                tui_status_set(&t->status, true, "No trick has been finished in this hand yet.");
            else if (t->status.warn)
                tui_status_clear(&t->status);
            continue;
        } else if (ch == '?') {
            if (show_keys(t) == TUI_KEY_SIGNAL) return ACT_SIGNAL;
            continue;
        } else if (ch == 'q' || ch == 'Q' || ch == 27) {
            act_result r = ask_leave(t, false, NULL);
            if (r != ACT_DONE) return r;
            continue;
        } else if (ch > 0 && ch < 128 && isprint(ch)) {
            tui_status_set(&t->status, true,
                           "'%c' is not a key here: your android %c is to play; ? lists the keys.", ch,
                           gw_seat_char(v->turn));
            continue;
        } else {
            continue;
        }
        if (pick < 0) continue;
        gw_action a = {.kind = GW_ACTION_COMMAND, .command = cmds[pick]};
        if (act(t, t->viewer, &a)) return ACT_DONE;
    }
}

/* Selects card c if the human holds it, saying why it cannot be played if so. */
/* The table's words for why the viewer may not play c now, or NULL if they may (the session judges). */
static const char *card_refusal(atable *t, gw_card c, char *why, size_t cap) {
    gw_action a = {.kind = GW_ACTION_CARD, .card = c};
    gw_error err;
    err.msg[0] = '\0';
    gw_refusal r = gw_session_check(t->s, t->viewer, &a, &err);
    const gw_android_view *v = hand_view(t);
    return tui_android_refusal(r, err.msg, c, v->ntrick > 0 ? v->trick[0] : GW_NO_CARD, v->turn,
                               t->app->scr.ascii, why, cap);
}

static void select_card(atable *t, const gw_card *cards, int n, gw_card c) {
    char why[160];
    int i = tui_find_card(cards, n, c, t->app->scr.ascii, why, sizeof why);
    const char *no = i < 0 ? why : card_refusal(t, c, why, sizeof why);
    t->sel = i; /* a card not held leaves nothing selected: Enter then plays nothing */
    tui_status_refusal(&t->status, no);
}

/* The keyboard human plays a card of their own hand: selected with the arrows, typed, or clicked. */
static act_result human_card(atable *t) {
    tui_screen *s = &t->app->scr;
    const gw_android_view *v = hand_view(t);
    gw_card cards[GW_RANKS];
    tui_android_view probe = {.v = v, .order = t->app->settings.suit_order};
    int n = tui_android_hand(&probe, cards);
    gw_cards legal = v->own;
    if (v->ntrick > 0 && (v->own & gw_suit_cards(gw_card_suit(v->trick[0]))))
        legal = v->own & gw_suit_cards(gw_card_suit(v->trick[0]));
    if (t->sel < 0 || t->sel >= n || !gw_has(legal, cards[t->sel]))
        for (t->sel = 0; t->sel < n - 1 && !gw_has(legal, cards[t->sel]); t->sel++)
            ;
    t->typed[0] = t->typed[1] = '\0';
    for (;;) {
        draw(t, NULL,
             s->ascii ? " <-> select  Enter play  or type it: qs 10h  t last trick  ? keys  q leave"
                      : " ←→ select  Enter play  or type it: qs 10h  t last trick  ? keys  q leave",
             true);
        tui_show();
        tui_key k = tui_read_key(s, -1);
        int ch = k.code;
        if (ch == TUI_KEY_SIGNAL) return ACT_SIGNAL;
        if (ch == KEY_RESIZE || ch == TUI_KEY_NONE) continue;
        /* A rank typed before: this key names the suit (or, after "1", the 0 of 10). */
        if (t->typed[0]) {
            gw_card c;
            tui_typed r = tui_typed_status(&t->status, t->typed, ch, &c);
            if (r == TUI_TYPED_CARD) select_card(t, cards, n, c);
            if (r != TUI_TYPED_NONE || ch == 27) continue;
        }
        bool play = ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ';
        if (ch == KEY_LEFT || ch == 'h') {
            t->sel = t->sel < 0 ? n - 1 : (t->sel + n - 1) % n;
            tui_status_clear(&t->status);
        } else if (ch == KEY_RIGHT || ch == 'l') {
            t->sel = (t->sel + 1) % n;
            tui_status_clear(&t->status);
        } else if (ch == KEY_HOME) {
            t->sel = 0;
        } else if (ch == KEY_END) {
            t->sel = n - 1;
        } else if (ch == 'q' || ch == 'Q' || ch == 27) {
            int queen = -1;
            act_result r = ask_leave(t, true, &queen);
            if (r != ACT_DONE) return r;
            if (queen >= 0) select_card(t, cards, n, gw_card_make(queen, GW_RANK_A - 2));
        } else if (ch == 't' || ch == 'T') {
            int key = show_last_trick(t, true);
            if (key == TUI_KEY_SIGNAL) return ACT_SIGNAL;
            int suit = key > 0 && key < 128 ? gw_suit_parse((char)key) : -1;
            if (key == 0) { /* no trick finished yet: t is only the ten */
                t->typed[0] = 't';
                tui_status_set(&t->status, false, "10... now the suit: s h d c");
            } else if (suit >= 0) {
                select_card(t, cards, n, gw_card_make(suit, GW_RANK_T));
            }
        } else if (ch == '?') {
            if (show_keys(t) == TUI_KEY_SIGNAL) return ACT_SIGNAL;
        } else if (ch == '1' || (tui_rank_of_key(ch) >= 0 && ch != 't' && ch != 'T')) {
            t->typed[0] = (char)tolower(ch);
            t->typed[1] = '\0';
            tui_status_set(&t->status, false, "%s... now the suit: s h d c",
                           ch == '1' ? "1" : (char[2]){(char)toupper(ch), 0});
        } else if (ch == TUI_KEY_CLICK) {
            int i = tui_android_card_at(s, n, k.y, k.x);
            if (i < 0) continue;
            play = i == t->sel || t->app->settings.single_click;
            t->sel = i;
        } else if (!play && ch > 0 && ch < 128 && isprint(ch)) {
            gw_android_command c;
            if (tui_android_key_command(ch, &c))
                tui_status_set(&t->status, true,
                               "It is your own turn, not your android's: play a card (type it: qs, 10h).");
            else
                tui_status_set(&t->status, true, "'%c' is not a key here: ? lists the keys.", ch);
        }
        if (!play) continue;
        if (t->sel < 0 || t->sel >= n) {
            tui_status_set(&t->status, true, "No card is selected: choose one with the arrows or type it.");
            continue;
        }
        char why[160];
        const char *no = card_refusal(t, cards[t->sel], why, sizeof why);
        if (no) {
            tui_status_set(&t->status, true, "%s", no);
            if (t->app->settings.bell) tui_bell();
            continue;
        }
        gw_action a = {.kind = GW_ACTION_CARD, .card = cards[t->sel]};
        if (act(t, t->viewer, &a)) return ACT_DONE;
    }
}

/* The computer acts for player 2 (the session runs it): a card of its hand, or a command to its android. */
static act_result computer_acts(atable *t) {
    gw_error err;
    if (gw_session_play_computer(t->s, &err) != GW_OK) {
        tui_status_set(&t->status, true, "The computer could not play: %s", err.msg);
        return ACT_QUIT;
    }
    look(t);
    describe_event(t);
    return ACT_DONE;
}

/* The session's events since the last look: whether they finished a trick, and the hand's score if they
 * scored it. */
static bool take_events(atable *t, gw_event *score, bool *scored) {
    gw_event ev[16];
    bool trick = false;
    for (;;) {
        int n = gw_session_events(t->s, t->seen + 1, t->viewer, ev, (int)(sizeof ev / sizeof ev[0]));
        if (n <= 0) break;
        for (int i = 0; i < n; i++) {
            t->seen = ev[i].number;
            if (ev[i].kind == GW_EVENT_TRICK) trick = true;
            if (ev[i].kind == GW_EVENT_SCORE) {
                *score = ev[i];
                *scored = true;
            }
        }
    }
    return trick;
}

/* The pause after a finished trick, seen by the human at the keyboard. */
static act_result show_trick(atable *t) {
    static const int MS[] = {1500, 600, 0};
    int ms = MS[t->app->settings.speed];
    gw_android_trick done;
    char lines[24][96];
    int nlines = 0;
    if (!tui_android_last_trick(hand_view(t), t->names, t->app->scr.ascii, &done, lines, 0, &nlines))
        return ACT_DONE;
    char won[8];
    tui_card_label(done.cards[(done.winner - done.leader + GW_SEATS) % GW_SEATS], t->app->scr.ascii, won);
    int side = gw_seat_player(hand_view(t)->dealer, done.winner);
    snprintf(t->news[1], sizeof t->news[1], "%c wins trick %d with %s for %s side.",
             gw_seat_char(done.winner), done.number, won, side == t->viewer ? "your" : "the other");
    draw(t, &done, "", false);
    tui_show();
    if (ms == 0) return ACT_DONE;
    tui_key k = tui_read_key(&t->app->scr, ms);
    return k.code == TUI_KEY_SIGNAL ? ACT_SIGNAL : ACT_DONE;
}

/* A hand was dealt (or the rubber resumed): its news, the hot seat's screen hidden, the rubber saved. */
static void dealt(atable *t) {
    look(t);
    t->seen = gw_session_last_event(t->s);
    const gw_android_view *v = hand_view(t);
    if (t->mid_hand) {
        t->mid_hand = false;
        snprintf(t->news[0], sizeof t->news[0], "Resumed: hand %d, trick %d. Trump is %s.",
                 t->view.hand_number, v->tricks_done + 1, gw_suit_name(v->trump));
    } else {
        char trump[8];
        tui_card_label(v->trump_card, t->app->scr.ascii, trump);
        snprintf(t->news[0], sizeof t->news[0], "Hand %d: %s deals; %s is turned: trump is %s. L leads.",
                 t->view.hand_number, t->names[v->dealer], trump, gw_suit_name(v->trump));
    }
    t->news[1][0] = '\0';
    if (t->hot_seat) t->screen_free = true;
    save(t);
}

/* The scoreboard after a hand (score: its GW_EVENT_SCORE); ACT_QUIT when the player leaves. */
static act_result scoreboard(atable *t, const gw_event *score) {
    tui_screen *s = &t->app->scr;
    const gw_android_rubber *r = gw_session_rubber(t->s);
    int hand_winner = score->winner;
    for (;;) {
        if (!tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) {
            tui_clear(s);
            int y = 3, x = (s->w - 64) / 2;
            tui_draw_box(s, y, x, 16, 64, r->winner >= 0 ? "The rubber is over" : "Hand over");
            int row = y + 2;
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, A_BOLD, "%-24s %12s %12s", "", t->names[0],
                      t->names[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Tricks (with android)",
                      score->tricks[0], score->tricks[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Points this hand",
                      hand_winner == 0 ? score->points[0] : 0, hand_winner == 1 ? score->points[1] : 0);
            char to[32];
            snprintf(to, sizeof to, "Game points (to %d)", GW_ANDROID_GAME_POINTS);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", to, score->score[0],
                      score->score[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Games won", r->games[0],
                      r->games[1]);
            tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, 0, "%-24s %12d %12d", "Game values", r->values[0],
                      r->values[1]);
            row++;
            if (score->game_winner >= 0)
                tui_textf(s, row++, x + 3, 58, TUI_C_DIALOG, A_BOLD, "%s win%s the game: worth %d (%s).",
                          t->names[score->game_winner], score->game_winner == 0 && !t->hot_seat ? "" : "s",
                          score->game_value,
                          score->game_value == 3   ? "treble"
                          : score->game_value == 2 ? "double"
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

/* The humans' names on screen, and the session's seats: player 2 the computer at level (or, hot seat, a
 * second human); with_computer false: nobody thinks (enough to look at a saved rubber). */
static void rubber_config(gw_session_config *c, bool hot_seat, gw_android_level level, bool with_computer) {
    gw_session_config_default(c, GW_GAME_ANDROID);
    c->seats[0].kind = GW_SEAT_OUTSIDE;
    c->seats[1].kind = hot_seat || !with_computer ? GW_SEAT_OUTSIDE : GW_SEAT_COMPUTER;
    c->seats[1].level = (int)level;
    if (hot_seat) {
        snprintf(c->seats[0].name, sizeof c->seats[0].name, "Player 1");
        snprintf(c->seats[1].name, sizeof c->seats[1].name, "Player 2");
    } else {
        snprintf(c->seats[1].name, sizeof c->seats[1].name, "%s", gw_android_level_name(level));
    }
    c->clock = gw_monotonic_clock();
    c->undo = false;
}

static void set_names(atable *t) {
    t->names[0] = t->hot_seat ? "Player 1" : "You";
    t->names[1] = t->hot_seat ? "Player 2" : "Computer";
}

/* Dates the hand in play. */
static void set_date(atable *t) {
    char date[16], stamp[24];
    tui_today(date, stamp);
    gw_session_set_tag(t->s, "Date", date, NULL);
}

/* Rebuilds the rubber of an unfinished-rubber record through the session: every hand dealt again from the
 * rubber's seed and checked against the record, every play made again (the computer asked as in play, so
 * that it goes on exactly as it would have). with_computer false: nobody thinks (enough for a summary). */
static bool restore(atable *t, const char *data, size_t len, bool with_computer, gw_error *err) {
    /* Who played: the record's second player is a computer level (or, in records of the full-screen game
     * before the session, "computer" with an Opponent tag), or the second human. */
    gw_android_record rec;
    if (gw_android_record_read(data, len, &rec, err) != GW_OK) return false;
    bool ok = rec.count > 0 && rec.hands[0].is_android;
    const char *p2 = ok ? gw_android_record_hand_tag(&rec.hands[0], "Player2") : NULL;
    gw_android_level level = GW_ANDROID_HARD;
    t->hot_seat = !p2 || (!gw_android_level_parse(p2, &level) && strcmp(p2, "computer") != 0);
    t->store_rubber = 0;
    const char *date = NULL;
    for (int i = 0; i < rec.count; i++) {
        const char *id = gw_android_record_hand_tag(&rec.hands[i], "StoreRubber");
        if (id) t->store_rubber = strtoll(id, NULL, 10);
        date = gw_android_record_hand_tag(&rec.hands[i], "Date");
    }
    if (t->store_rubber < 0) t->store_rubber = 0;
    if (!ok) {
        gw_error_set(err, GW_EINVAL, 0, 0, "it is not a rubber of Android Whist");
        gw_android_record_free(&rec);
        return false;
    }
    set_names(t);
    gw_session_config base;
    rubber_config(&base, t->hot_seat, level, with_computer);
    ok = gw_session_restore(&base, data, len, &t->s, err) == GW_OK;
    if (ok && gw_session_state_of(t->s) == GW_SESSION_OVER) {
        gw_error_set(err, GW_EINVAL, 0, 0, "the rubber is over");
        ok = false;
    }
    if (ok) {
        t->mid_hand = gw_session_state_of(t->s) == GW_SESSION_PLAYING;
        if (t->mid_hand && date) gw_session_set_tag(t->s, "Date", date, NULL);
        if (t->store_rubber > 0) {
            char id[32];
            snprintf(id, sizeof id, "%lld", (long long)t->store_rubber);
            gw_session_set_tag(t->s, "StoreRubber", id, NULL);
        }
        look(t);
    } else {
        gw_session_free(t->s);
        t->s = NULL;
    }
    gw_android_record_free(&rec);
    return ok;
}

/* Reads the unfinished rubber into t; false if there is none (err GW_OK) or it cannot be used. */
static bool load_unfinished(atable *t, bool with_computer, gw_error *err) {
    char *data = NULL;
    size_t len = 0;
    if (!tui_unfinished_read(tui_unfinished_name(TUI_KEPT_RUBBER), &data, &len, err)) return false;
    bool ok = restore(t, data, len, with_computer, err);
    free(data);
    return ok;
}

static atable table_now; /* one rubber at a time; too big for the stack */

bool tui_android_unfinished(char *summary, size_t cap, int64_t *store_rubber, gw_error *err) {
    static atable peek; /* beside a rubber in play? never: the home screen looks between rubbers */
    atable *t = &peek;
    memset(t, 0, sizeof *t);
    bool ok = load_unfinished(t, false, err);
    if (store_rubber) *store_rubber = ok ? t->store_rubber : 0;
    if (ok) {
        const gw_android_rubber *r = gw_session_rubber(t->s);
        int hand = t->view.hand_number + (t->mid_hand ? 0 : 1);
        if (t->hot_seat)
            snprintf(summary, cap, "Resume: hand %d (Android Whist, two players)", hand);
        else
            snprintf(summary, cap, "Resume: hand %d, %d-%d, games %d-%d (Android Whist)", hand, r->points[0],
                     r->points[1], r->games[0], r->games[1]);
    }
    gw_session_free(t->s);
    t->s = NULL;
    return ok;
}

/* Plays the rubber in t (new, or resumed from the unfinished rubber) until it ends or the player leaves. */
static tui_exit play_rubber(atable *t, bool resumed, bool keep) {
    tui_app *app = t->app;
    gw_error err;
    char dir[3072];
    uint64_t seed = gw_session_config_of(t->s)->seed;
    if (gw_xdg_dir(GW_XDG_DATA, "games", dir, sizeof dir, &err) == GW_OK)
        snprintf(t->record_path, sizeof t->record_path, "%s/android-%llu.gwr", dir, (unsigned long long)seed);
    else
        snprintf(app->notice, sizeof app->notice, "Android Whist records are not saved: %s", err.msg);
    /* The unfinished rubber is this copy's while it plays: a second whist on the same data folder neither
     * resumes it nor overwrites nor removes it (tui_unfinished_claim). A rubber not kept never claims. */
    long other = 0;
    bool claimed = keep && tui_unfinished_claim(TUI_KEPT_RUBBER, &other);
    if (keep && !claimed) {
        tui_unfinished_release(TUI_KEPT_RUBBER);
        if (resumed) {
            snprintf(app->notice, sizeof app->notice,
                     "Another whist (pid %ld) is playing the unfinished rubber: it cannot be resumed here.",
                     other);
            gw_session_free(t->s);
            t->s = NULL;
            return TUI_BACK;
        }
    }
    if (!claimed) {
        if (!keep) tui_unfinished_busy(TUI_KEPT_RUBBER, &other); /* who holds it, to say so */
        if (other > 0) /* short: the table's status line has 80 columns */
            tui_status_set(&t->status, true,
                           "Cannot keep the rubber for resuming: another whist is playing (pid %ld)", other);
        else
            tui_status_set(&t->status, true,
                           "This rubber is not kept for resuming: another whist is playing.");
    } else if (!unfinished_path(t->unfinished_path, sizeof t->unfinished_path, true, &err)) {
        snprintf(app->notice, sizeof app->notice, "This rubber cannot be resumed later: %s", err.msg);
    }
    act_result r = ACT_DONE;
    while (r == ACT_DONE) {
        if (gw_session_state_of(t->s) == GW_SESSION_HAND_OVER) {
            if (gw_session_next_hand(t->s, &err) != GW_OK) {
                snprintf(app->notice, sizeof app->notice, "The next hand cannot be dealt: %s", err.msg);
                break;
            }
            set_date(t);
        }
        dealt(t);
        gw_event score;
        bool scored = false;
        while (!scored && r == ACT_DONE) {
            look(t);
            gw_turn turn = t->view.turn;
            if (turn.player < 0) break;
            if (turn.computer) {
                r = computer_acts(t);
            } else {
                if (hand_over(t, turn.player) == TUI_SIGNAL) {
                    r = ACT_SIGNAL;
                    break;
                }
                if (t->viewer != turn.player) { /* against the computer the viewer is always player 1 */
                    t->viewer = turn.player;
                    look(t);
                }
                r = turn.kind == GW_ACTION_COMMAND ? human_command(t) : human_card(t);
            }
            if (r != ACT_DONE) break;
            bool trick = take_events(t, &score, &scored);
            /* The hand's last play is saved with the hand's score, below. */
            if (!scored) save(t);
            if (trick) r = show_trick(t);
        }
        if (r != ACT_DONE) break;
        if (!scored) {
            snprintf(app->notice, sizeof app->notice, "The hand ended without a score (the rubber is kept)");
            break;
        }
        /* Stored first, so that the saved rubber carries its statistics row (StoreRubber) from then on. */
        tui_android_store_hand(t->app, &t->store_rubber, t->s, &score);
        if (t->store_rubber > 0) {
            char id[32];
            snprintf(id, sizeof id, "%lld", (long long)t->store_rubber);
            gw_session_set_tag(t->s, "StoreRubber", id, NULL);
        }
        save(t);
        r = scoreboard(t, &score);
    }
    if (claimed) tui_unfinished_release(TUI_KEPT_RUBBER);
    gw_session_free(t->s);
    t->s = NULL;
    return r == ACT_SIGNAL ? TUI_SIGNAL : TUI_BACK;
}

tui_exit tui_android(tui_app *app, bool hot_seat, bool keep) {
    atable *t = &table_now;
    memset(t, 0, sizeof *t);
    t->app = app;
    t->hot_seat = hot_seat;
    uint64_t seed = app->has_seed ? app->seed : gw_fresh_seed();
    app->has_seed = false;
    gw_android_level level = app->settings.opponent == GW_AI_EASY ? GW_ANDROID_EASY : GW_ANDROID_HARD;
    t->sel = -1;
    set_names(t);
    gw_session_config c;
    rubber_config(&c, hot_seat, level, true);
    c.seed = seed;
    gw_error err;
    if (gw_session_new(&c, &t->s, &err) != GW_OK) {
        t->s = NULL;
        snprintf(app->notice, sizeof app->notice, "The computer cannot play Android Whist: %s", err.msg);
        return TUI_BACK;
    }
    set_date(t);
    return play_rubber(t, false, keep);
}

tui_exit tui_android_resume(tui_app *app) {
    atable *t = &table_now;
    memset(t, 0, sizeof *t);
    t->app = app;
    t->sel = -1;
    gw_error err;
    if (!load_unfinished(t, true, &err)) {
        if (err.status != GW_OK)
            snprintf(app->notice, sizeof app->notice, "The unfinished rubber cannot be resumed: %s", err.msg);
        return TUI_BACK;
    }
    return play_rubber(t, true, true);
}
