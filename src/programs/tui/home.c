/* home.c: the program's entry on a terminal: options, settings and statistics at start, and the home screen
 * (new game, resume, settings, statistics, history, rules, quit). */
#include <curses.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "android_play.h"
#include "app.h"
#include "describe.h"
#include "wrap.h"
#include "dialog.h"
#include "gw/files.h"
#include "gw/rng.h"
#include "layout.h"
#include "tui.h"

static const char USAGE[] =
    "Usage: whist [play] [--seed N] [--ascii] [--variant V] [--scoring S] [--target N]\n"
    "             [--opponent LEVEL] [--think-ms MS]\n"
    "'whist play --help' explains every option.\n";

typedef enum {
    ITEM_NEW,
    ITEM_RESUME,
    ITEM_RESUME_ANDROID,
    ITEM_ANDROID,
    ITEM_SETTINGS,
    ITEM_STATS,
    ITEM_HISTORY,
    ITEM_RULES,
    ITEM_QUIT,
    ITEMS
} item;

typedef struct home {
    tui_app *app;
    bool can_resume;
    bool busy;         /* another whist plays an unfinished game */
    bool busy_kind[2]; /* which (tui_kept): the screen looks again when another whist takes or leaves one */
    char resume_text[96];
    bool can_resume_android; /* an unfinished Android Whist rubber that this whist may resume */
    char resume_android_text[96];
    int at;
} home;

/* Whether menu item i is shown. */
static bool shown(const home *h, int i) {
    return (i != ITEM_RESUME || h->can_resume) && (i != ITEM_RESUME_ANDROID || h->can_resume_android);
}

static const char *item_label(const home *h, int i) {
    static const char *const LABEL[ITEMS] = {"New game",      "Resume",   "Resume Android Whist",
                                             "Android Whist", "Settings", "Statistics",
                                             "History",       "Rules",    "Quit"};
    return i == ITEM_RESUME ? h->resume_text : i == ITEM_RESUME_ANDROID ? h->resume_android_text : LABEL[i];
}

static void draw_home(void *ctx) {
    home *h = ctx;
    tui_screen *s = &h->app->scr;
    if (tui_too_small(s, TUI_MIN_W, TUI_MIN_H)) return;
    tui_clear(s);
    int y = s->h / 2 - 9, x = s->w / 2 - 26;
    if (y < 1) y = 1;
    const char *title = s->ascii ? "S H  G E R M A N   W H I S T  D C" : "♠ ♥  G E R M A N   W H I S T  ♦ ♣";
    tui_text(s, y, (s->w - tui_label_width(title)) / 2, 0, TUI_C_TABLE, A_BOLD, title);
    char sub[64]; /* the tricks of a hand in the deck set: 26, or 14 in the small deck */
    snprintf(sub, sizeof sub, "two players, one deck, %d tricks",
             2 * gw_hand_size(h->app->settings.rules.variant));
    tui_text(s, y + 1, (s->w - tui_label_width(sub)) / 2, 0, TUI_C_TABLE, 0, sub);
    int row = y + 4;
    for (int i = 0; i < ITEMS; i++) {
        if (!shown(h, i)) continue;
        bool sel = i == h->at;
        tui_textf(s, row++, x, 54, sel ? TUI_C_SELECT : TUI_C_TABLE, sel ? A_BOLD : 0, " %s %-50s",
                  sel ? ">" : " ", item_label(h, i));
    }
    const gw_settings *st = &h->app->settings;
    row++;
    tui_textf(s, row++, x, s->w - x, TUI_C_TABLE, 0, "%s deck, %s scoring, match to %d, computer: %s",
              gw_variant_name(st->rules.variant), tui_scoring_label(st->rules.scoring, st->rules.variant),
              st->rules.target, gw_ai_level_name(st->opponent));
    int keys = tui_footer(s, s->ascii ? " Up/Down  n new  r resume  w android  s settings  a stats  "
                                        "h history  ? rules  q quit"
                                      : " ↑↓ n new  r resume  w android  s settings  a stats  h history  "
                                        "? rules  q quit"); /* 79 columns: one row at 80 */
    /* Long messages wrap: the notice above the keys, the statistics' state under the settings. */
    int bottom = s->h - keys - 2, top = bottom + 1;
    if (h->app->notice[0]) {
        tui_span lines[3];
        int n = tui_wrap(h->app->notice, s->w - 4, lines, 3);
        top = bottom - (n < 3 ? n : 3) + 1;
        tui_text_wrapped(s, top, 2, s->w - 4, 3, TUI_C_WARN, A_BOLD, h->app->notice);
    }
    if (h->app->store_off[0]) {
        char off[320];
        snprintf(off, sizeof off, "Statistics are off: %s", h->app->store_off);
        tui_text_wrapped(s, row, x, s->w - x - 1, top - row, TUI_C_TABLE, A_DIM, off);
    }
}

/* "Another whist is playing the unfinished match (pid N)." (pid 0: unknown) for kind k. */
static void busy_text(tui_kept k, long pid, char *out, size_t cap) {
    const char *what = k == TUI_KEPT_RUBBER ? "rubber" : "match";
    if (pid > 0)
        snprintf(out, cap, "Another whist is playing the unfinished %s (pid %ld).", what, pid);
    else
        snprintf(out, cap, "Another whist is playing the unfinished %s.", what);
}

/* The notice for the games other whists play (pid < 0: that game is not held); Resume is not offered for
 * them meanwhile. */
static void busy_notice(tui_app *app, long match_pid, long rubber_pid) {
    char match[96] = "", rubber[96] = "";
    if (match_pid >= 0) busy_text(TUI_KEPT_MATCH, match_pid, match, sizeof match);
    if (rubber_pid >= 0) busy_text(TUI_KEPT_RUBBER, rubber_pid, rubber, sizeof rubber);
    snprintf(app->notice, sizeof app->notice, "%s%s%s", match, match[0] && rubber[0] ? " " : "", rubber);
}

static void peek_unfinished(home *h) {
    tui_match m;
    gw_error err;
    gw_error_clear(&err);
    long pid = 0, rubber_pid = 0;
    bool was_busy = h->busy;
    bool match_busy = tui_unfinished_busy(TUI_KEPT_MATCH, &pid);
    bool rubber_busy = tui_unfinished_busy(TUI_KEPT_RUBBER, &rubber_pid);
    h->busy = match_busy || rubber_busy;
    h->busy_kind[TUI_KEPT_MATCH] = match_busy;
    h->busy_kind[TUI_KEPT_RUBBER] = rubber_busy;
    if (was_busy) h->app->notice[0] = '\0'; /* said again below while it holds */
    if (h->busy) busy_notice(h->app, match_busy ? pid : -1, rubber_busy ? rubber_pid : -1);
    h->can_resume = !match_busy && tui_unfinished_load(&m, h->app->think_ms, false, &err);
    if (h->can_resume) {
        const gw_match *match = gw_session_match(m.s);
        snprintf(h->resume_text, sizeof h->resume_text,
                 "Resume: hand %d, you %d - computer %d (German Whist)", match->hands_played + 1,
                 match->score[0], match->score[1]);
        tui_match_free(&m);
    } else if (!match_busy && err.status != GW_OK) {
        snprintf(h->app->notice, sizeof h->app->notice, "The unfinished match cannot be resumed: %s",
                 err.msg);
    }
    /* The rubber another whist plays is not offered either: resuming it there would be refused, and a
     * new rubber here leaves it alone. */
    h->can_resume_android = !rubber_busy && tui_android_unfinished(h->resume_android_text,
                                                                   sizeof h->resume_android_text, NULL, &err);
    if (!rubber_busy && !h->can_resume_android && err.status != GW_OK)
        snprintf(h->app->notice, sizeof h->app->notice, "The unfinished rubber cannot be resumed: %s",
                 err.msg);
    if (!shown(h, h->at)) h->at = ITEM_NEW;
}

/* A new game where another whist plays the unfinished one of kind k: played, but not kept for resuming. */
static bool new_beside_other(home *h, tui_kept k, long pid) {
    char who[96];
    busy_text(k, pid, who, sizeof who);
    const char *const lines[] = {who,
                                 k == TUI_KEPT_RUBBER
                                     ? "A new rubber here is not kept for resuming (that one is"
                                     : "A new match here is not kept for resuming (that one is",
                                 "left alone).", "", "y: play it anyway      n or Esc: back"};
    int k2 =
        tui_dialog(&h->app->scr, draw_home, h, k == TUI_KEPT_RUBBER ? "Android Whist" : "New game", lines, 5);
    return k2 == 'y' || k2 == 'Y';
}

static tui_exit new_game(home *h) {
    tui_app *app = h->app;
    tui_match old;
    gw_error err;
    long pid = 0;
    if (!tui_unfinished_claim(TUI_KEPT_MATCH, &pid)) {
        if (!new_beside_other(h, TUI_KEPT_MATCH, pid)) {
            tui_unfinished_release(TUI_KEPT_MATCH);
            return tui_signal_caught() ? TUI_SIGNAL : TUI_BACK;
        }
    } else if (tui_unfinished_load(&old, app->think_ms, false, &err)) {
        static const char *const LINES[] = {"Start a new match? The unfinished one will be abandoned.", "",
                                            "y: new match      n or Esc: back"};
        int k = tui_dialog(&app->scr, draw_home, h, "New game", LINES, 3);
        if (k == TUI_KEY_SIGNAL || (k != 'y' && k != 'Y')) {
            tui_match_free(&old);
            tui_unfinished_release(TUI_KEPT_MATCH);
            return k == TUI_KEY_SIGNAL ? TUI_SIGNAL : TUI_BACK;
        }
        if (app->store && old.store_id > 0) gw_store_abandon_match(app->store, old.store_id, &err);
        tui_match_free(&old);
    }
    tui_unfinished_remove(TUI_KEPT_MATCH);
    uint64_t seed = app->has_seed ? app->seed : gw_fresh_seed();
    app->has_seed = false;
    tui_match m;
    if (!tui_match_begin(app, true, &m, app->settings.rules, seed, app->settings.opponent)) {
        tui_unfinished_release(TUI_KEPT_MATCH);
        return TUI_BACK;
    }
    tui_exit e = tui_play(app, &m, false);
    tui_unfinished_release(TUI_KEPT_MATCH);
    tui_match_free(&m);
    return e;
}

static tui_exit resume(home *h) {
    tui_match m;
    gw_error err;
    long pid = 0;
    if (!tui_unfinished_claim(TUI_KEPT_MATCH, &pid)) {
        tui_unfinished_release(TUI_KEPT_MATCH);
        busy_notice(h->app, pid, -1);
        return TUI_BACK;
    }
    if (!tui_unfinished_load(&m, h->app->think_ms, true, &err)) {
        tui_unfinished_release(TUI_KEPT_MATCH);
        if (err.status != GW_OK)
            snprintf(h->app->notice, sizeof h->app->notice, "The unfinished match cannot be resumed: %s",
                     err.msg);
        return TUI_BACK;
    }
    tui_exit e = tui_play(h->app, &m, true);
    tui_unfinished_release(TUI_KEPT_MATCH);
    tui_match_free(&m);
    return e;
}

/* Android Whist: against the computer, or two humans at this terminal; or the unfinished rubber. A new
 * rubber replaces the unfinished one only with this whist's claim on its file, after asking; while another
 * whist plays that one, a new rubber here is played without being kept, and that one is left alone. */
static tui_exit android_game(home *h) {
    const char *lines[] = {"Android Whist: each human commands an android partner.",
                           "",
                           "c: you against the computer",
                           "t: two players at this terminal",
                           "r: resume the unfinished rubber",
                           "Esc: back"};
    if (!h->can_resume_android) lines[4] = lines[5];
    int k = tui_dialog(&h->app->scr, draw_home, h, "Android Whist", lines, h->can_resume_android ? 6 : 5);
    if (k == TUI_KEY_SIGNAL) return TUI_SIGNAL;
    if ((k == 'r' || k == 'R') && h->can_resume_android) return tui_android_resume(h->app);
    if (k != 'c' && k != 'C' && k != 't' && k != 'T') return TUI_BACK;
    bool hot_seat = k == 't' || k == 'T', keep = true;
    long pid = 0;
    char summary[96];
    int64_t old_id = 0;
    gw_error err;
    if (!tui_unfinished_claim(TUI_KEPT_RUBBER, &pid)) {
        tui_unfinished_release(TUI_KEPT_RUBBER);
        if (!new_beside_other(h, TUI_KEPT_RUBBER, pid)) return tui_signal_caught() ? TUI_SIGNAL : TUI_BACK;
        keep = false;
    } else if (tui_android_unfinished(summary, sizeof summary, &old_id, &err)) {
        static const char *const ASK[] = {"Start a new rubber? The unfinished one will be abandoned.", "",
                                          "y: new rubber      n or Esc: back"};
        int y = tui_dialog(&h->app->scr, draw_home, h, "Android Whist", ASK, 3);
        if (y == TUI_KEY_SIGNAL || (y != 'y' && y != 'Y')) {
            tui_unfinished_release(TUI_KEPT_RUBBER);
            return y == TUI_KEY_SIGNAL ? TUI_SIGNAL : TUI_BACK;
        }
        if (h->app->store && old_id > 0) gw_store_abandon_rubber(h->app->store, old_id, &err);
        tui_unfinished_remove(TUI_KEPT_RUBBER);
    }
    tui_exit e = tui_android(h->app, hot_seat, keep);
    tui_unfinished_release(TUI_KEPT_RUBBER);
    return e;
}

static tui_exit open_item(home *h, int i) {
    h->app->notice[0] = '\0';
    switch (i) {
    case ITEM_NEW: return new_game(h);
    case ITEM_RESUME: return h->can_resume ? resume(h) : TUI_BACK;
    case ITEM_RESUME_ANDROID: return h->can_resume_android ? tui_android_resume(h->app) : TUI_BACK;
    case ITEM_ANDROID: return android_game(h);
    case ITEM_SETTINGS: return tui_settings_screen(h->app);
    case ITEM_STATS: return tui_stats_screen(h->app);
    case ITEM_HISTORY: return tui_history_screen(h->app);
    case ITEM_RULES: return tui_rules_screen(h->app);
    default: return TUI_BACK;
    }
}

gw_store *tui_app_store(tui_app *app) {
    if (app->store || app->store_off[0]) return app->store;
    gw_error err;
    if (gw_store_open(NULL, &app->store, &err) != GW_OK) {
        app->store = NULL;
        snprintf(app->store_off, sizeof app->store_off, "%s",
                 err.msg[0] ? err.msg : "the database cannot be opened");
    }
    return app->store;
}

/* The home screen until the player quits; returns the signal that stopped it, or 0. */
static int home_loop(tui_app *app) {
    home h = {app, false, false, {false, false}, "", false, "", ITEM_NEW};
    peek_unfinished(&h);
    if (h.can_resume)
        h.at = ITEM_RESUME;
    else if (h.can_resume_android)
        h.at = ITEM_RESUME_ANDROID;
    for (;;) {
        draw_home(&h);
        tui_show();
        /* Every half second the locks are looked at (cheap): when another whist takes a game or lets go
         * of one, the screen says so and offers Resume or not (it noticed only a whist letting go). */
        tui_key k = tui_read_key(&app->scr, 500);
        int ch = k.code, open = -1;
        switch (ch) {
        case TUI_KEY_SIGNAL: return tui_signal_caught();
        case TUI_KEY_NONE: { /* has another whist taken or left a game? */
            bool changed = false;
            for (int kind = 0; kind < 2; kind++)
                changed |= tui_unfinished_busy((tui_kept)kind, NULL) != h.busy_kind[kind];
            if (!changed) continue;
            peek_unfinished(&h);
            if (h.can_resume) h.at = ITEM_RESUME;
            continue;
        }
        case KEY_UP:
        case 'k':
            do
                h.at = (h.at + ITEMS - 1) % ITEMS;
            while (!shown(&h, h.at));
            continue;
        case KEY_DOWN:
        case 'j':
        case '\t':
            do
                h.at = (h.at + 1) % ITEMS;
            while (!shown(&h, h.at));
            continue;
        case '\n':
        case '\r':
        case ' ':
        case KEY_ENTER: open = h.at; break;
        case 'n': open = ITEM_NEW; break;
        case 'r': open = h.can_resume ? ITEM_RESUME : h.can_resume_android ? ITEM_RESUME_ANDROID : -1; break;
        case 's': open = ITEM_SETTINGS; break;
        case 'a': open = ITEM_STATS; break;
        case 'h': open = ITEM_HISTORY; break;
        case 'w': open = ITEM_ANDROID; break;
        case '?': open = ITEM_RULES; break;
        case 'q':
        case 27: return 0;
        case TUI_KEY_CLICK: {
            int y = app->scr.h / 2 - 9;
            if (y < 1) y = 1;
            int row = y + 4;
            for (int i = 0; i < ITEMS; i++) {
                if (!shown(&h, i)) continue;
                if (k.y == row++) open = i;
            }
            break;
        }
        default: continue;
        }
        if (open < 0) continue;
        if (open == ITEM_QUIT) return 0;
        h.at = open;
        if (open_item(&h, open) == TUI_SIGNAL) return tui_signal_caught();
        peek_unfinished(&h);
        if (h.can_resume && (open == ITEM_NEW || open == ITEM_RESUME)) h.at = ITEM_RESUME;
        if (h.can_resume_android && (open == ITEM_ANDROID || open == ITEM_RESUME_ANDROID))
            h.at = ITEM_RESUME_ANDROID;
    }
}

/* The option names the session's parser knows (gw_session_config_option), as getopt_long hands them over. */
static const char *session_option(int opt) {
    switch (opt) {
    case 's': return "seed";
    case 'v': return "variant";
    case 'S': return "scoring";
    case 't': return "target";
    case 'o': return "opponent";
    case 'T': return "think-ms";
    default: return NULL;
    }
}

int gw_tui_main(int argc, char **argv) {
    static const struct option OPTIONS[] = {
        {"seed", required_argument, NULL, 's'},     {"ascii", no_argument, NULL, 'a'},
        {"variant", required_argument, NULL, 'v'},  {"scoring", required_argument, NULL, 'S'},
        {"target", required_argument, NULL, 't'},   {"opponent", required_argument, NULL, 'o'},
        {"think-ms", required_argument, NULL, 'T'}, {NULL, 0, NULL, 0}};
    static tui_app app;
    memset(&app, 0, sizeof app);
    app.think_ms = GW_THINK_MS_DEFAULT;
    gw_error err;
    gw_settings_default(&app.settings);
    if (gw_settings_load(&app.settings, &err) != GW_OK)
        snprintf(app.notice, sizeof app.notice, "Settings: %s", err.msg);
    /* The options go through the session's parser over the settings, so that they are read (and refused)
     * as in line mode. */
    gw_session_config opts;
    gw_session_config_default(&opts, GW_GAME_GERMAN);
    opts.rules = app.settings.rules;
    opts.seats[1].kind = GW_SEAT_COMPUTER;
    opts.seats[1].level = (int)app.settings.opponent;
    opts.limits.think_ms = app.think_ms;
    bool ascii = false;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "+:s:av:S:t:o:T:", OPTIONS, NULL)) != -1) {
        const char *name = session_option(opt);
        if (name) {
            if (gw_session_config_option(&opts, name, optarg, &err) != GW_OK) {
                fprintf(stderr, "whist play: %s\nTry 'whist play --help'.\n", err.msg);
                return 2;
            }
            if (opt == 's') app.has_seed = true;
            continue;
        }
        if (opt == 'a') {
            ascii = true;
            continue;
        }
        if (optopt)
            fprintf(stderr, "whist: option '-%c' is unknown or lacks its value\n%s", optopt, USAGE);
        else
            fprintf(stderr, "whist: unknown option '%s'\n%s", argv[optind - 1], USAGE);
        return 2;
    }
    if (opts.seats[1].kind != GW_SEAT_COMPUTER) {
        fprintf(stderr, "whist play: the full-screen game plays against the computer: --opponent random, "
                        "easy, hard, expert or oracle\nTry 'whist play --help'.\n");
        return 2;
    }
    app.settings.rules = opts.rules;
    app.seed = opts.seed;
    app.think_ms = opts.limits.think_ms;
    app.settings.opponent = (gw_ai_level)opts.seats[1].level;
    if (optind < argc) {
        fprintf(stderr, "whist: unexpected argument '%s'\n%s", argv[optind], USAGE);
        return 2;
    }
    /* An existing database is opened (and checked) now; none is created
     * until a hand is to be stored. */
    char db[4096];
    struct stat sb;
    if (gw_store_path(db, sizeof db, &err) != GW_OK)
        snprintf(app.store_off, sizeof app.store_off, "%s", err.msg);
    else if (!(stat(db, &sb) != 0 && errno == ENOENT))
        tui_app_store(&app);
    char why[256];
    tui_signals_install();
    if (!tui_screen_start(&app.scr, ascii, why, sizeof why)) {
        fprintf(stderr, "whist: %s; 'whist play --plain' plays in line mode\n", why);
        gw_store_close(app.store);
        return 1;
    }
    int sig = home_loop(&app);
    tui_screen_end(&app.scr);
    gw_store_close(app.store);
    if (sig) {
        fprintf(stderr,
                "whist: stopped by signal %d; an unfinished game is kept (Resume on the home screen)\n", sig);
        return 128 + sig;
    }
    return 0;
}
