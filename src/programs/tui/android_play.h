/* android_play.h: the Android Whist rubber at the terminal, and the unfinished rubber kept for resuming
 * ($XDG_DATA_HOME/whist/unfinished-android.gwr, an ordinary Android Whist record rewritten after every play).
 */
#ifndef GW_TUI_ANDROID_PLAY_H
#define GW_TUI_ANDROID_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app.h"

/* tui_android (app.h) starts a new rubber; kept, it replaces an unfinished one as soon as it is dealt (the
 * home screen asks first, holding the claim on the file). */

/* Resumes the unfinished rubber exactly where it stopped (the computer's choices replayed); TUI_BACK with
 * app->notice set if it cannot be. */
tui_exit tui_android_resume(tui_app *app);

/* Whether an unfinished rubber can be resumed, with a one-line summary for the home screen ("Resume: hand 2,
 * 1-3, games 0-1 (Android Whist)") and, unless store_rubber is NULL, its rubber in the statistics (0 if
 * none). False if there is none or it cannot be used (err says why; err->status GW_OK means there is
 * none). */
bool tui_android_unfinished(char *summary, size_t cap, int64_t *store_rubber, gw_error *err);

#endif
