/* app.h: what every screen of the full-screen game shares: the terminal, the settings, the statistics
 * database, and the file that keeps an unfinished match. */
#ifndef GW_TUI_APP_H
#define GW_TUI_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/android_ai.h"
#include "gw/android_score.h"
#include "gw/settings.h"
#include "gw/store.h"
#include "match_state.h"
#include "screen.h"

typedef struct tui_app {
    tui_screen scr;
    gw_settings settings;
    gw_store *store; /* NULL: nothing stored yet (store_off empty), or statistics off (store_off says why) */
    char store_off[256]; /* why the statistics are off; "" if they are not */
    char notice[320];    /* a warning for the home screen, shown once */
    bool has_seed;       /* --seed: the seed of the next new match */
    uint64_t seed;
    int think_ms; /* the expert's time per card */
} tui_app;

/* The statistics database for writing: opened (and created) on first need,
 * so that looking at the screens creates nothing. NULL when the statistics
 * are off (store_off then says why). */
gw_store *tui_app_store(tui_app *app);

/* How a screen ended. */
typedef enum tui_exit { TUI_BACK = 0, TUI_SIGNAL = 1 } tui_exit;

/* The unfinished games kept for resuming, each in its file of $XDG_DATA_HOME/whist: the German Whist match
 * (unfinished.gwr) and the Android Whist rubber (unfinished-android.gwr), each locked (gw_file_lock_take)
 * by the whist that plays it, from the claim to the release or the end of the process, however it ends. */
typedef enum tui_kept { TUI_KEPT_MATCH = 0, TUI_KEPT_RUBBER = 1 } tui_kept;
/* The file name of a kept game. */
const char *tui_unfinished_name(tui_kept k);
/* The path of an unfinished game's file NAME in $XDG_DATA_HOME/whist (its
 * folder made only when writing: looking creates nothing); false with the
 * reason in err. */
bool tui_unfinished_file(const char *name, char *out, size_t cap, bool writing, gw_error *err);
/* Reads the unfinished game's file NAME into *data (malloc'd; free() it):
 * false if there is none (err->status GW_OK) or it cannot be read (err). */
bool tui_unfinished_read(const char *name, char **data, size_t *len, gw_error *err);
/* Claims kind k's file for the game about to be played: true when this whist
 * may keep its game there; false when another whist plays the unfinished
 * game (*other: its process id, 0 if unknown): until the release, saving
 * then fails with that reason and removing does nothing, so the other's
 * game is never touched. Claiming again while held answers true. */
bool tui_unfinished_claim(tui_kept k, long *other);
/* Ends the claim (after the game, or when it is not played after all). */
void tui_unfinished_release(tui_kept k);
/* True while this whist holds the claim on kind k's file: its game there is kept for resuming. */
bool tui_unfinished_held(tui_kept k);
/* True if another whist plays kind k's unfinished game now (*other its process id, 0 if unknown). */
bool tui_unfinished_busy(tui_kept k, long *other);
/* Saves the match so far (atomically); false with the reason in err. */
bool tui_unfinished_save(const tui_match *m, gw_error *err);
/* Loads and rebuilds the unfinished match (gw_session_restore): with
 * computer, the computer seated as in play (think_ms for the expert); without,
 * only looked at (nobody thinks). False if there is none or it cannot be used
 * (err says why; err->status GW_OK means there is none). */
bool tui_unfinished_load(tui_match *m, int think_ms, bool computer, gw_error *err);
/* Forgets kind k's unfinished game (nothing while another whist plays it). */
void tui_unfinished_remove(tui_kept k);

/* The local date "YYYY.MM.DD" (for records) and time "YYYY-MM-DD HH:MM:SS" (for the database). */
void tui_today(char date[16], char stamp[24]);

/* Starts a match of rules against level with seed into m (a session, its
 * first hand dealt and dated today) and records it in the statistics
 * (m->store_id, the StoreMatch tag) when they are open, or,
 * with open_store, can be opened (tui_app_store); if that fails, m->store_id
 * is 0 and app->notice says "This match is not in the statistics: WHY".
 * False, with "Cannot start a match: WHY" in app->notice, for bad rules. */
bool tui_match_begin(tui_app *app, bool open_store, tui_match *m, gw_match_rules rules, uint64_t seed,
                     gw_ai_level level);

/* The screens. Each returns TUI_SIGNAL when a signal asks the program to stop. */
/* Plays m (new, or resumed from the unfinished match) until it ends or the player leaves. */
tui_exit tui_play(tui_app *app, tui_match *m, bool resumed);
tui_exit tui_settings_screen(tui_app *app);
tui_exit tui_stats_screen(tui_app *app);
tui_exit tui_rules_screen(tui_app *app);
/* A rubber of Android Whist: against the computer, or two humans at this terminal (hot_seat); kept for
 * resuming (the claim on its file taken, see tui_unfinished_claim) unless keep is false: then it is played
 * without being kept and the table says so. */
tui_exit tui_android(tui_app *app, bool hot_seat, bool keep);
/* The stored hands, newest first, of both games; Enter replays one. */
tui_exit tui_history_screen(tui_app *app);

/* Stores the Android Whist hand of session s just scored (its record as the
 * session writes it; score: its GW_EVENT_SCORE) with the rubber after it.
 * *rubber_id is 0 before the rubber's first stored hand (it is then recorded,
 * the opponent being player 2's level or "human"), -1 once storing failed (a
 * notice says why; the rest of the rubber is not stored). */
void tui_android_store_hand(tui_app *app, int64_t *rubber_id, const gw_session *s, const gw_event *score);

#endif
