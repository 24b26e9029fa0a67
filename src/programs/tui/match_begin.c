/* match_begin.c: starting a German Whist match at the table (a session) and recording it in the statistics
 * (for the home screen's New game and the scoreboard's next match). */
#include <stdio.h>

#include "app.h"

bool tui_match_begin(tui_app *app, bool open_store, tui_match *m, gw_match_rules rules, uint64_t seed,
                     gw_ai_level level) {
    gw_error err;
    gw_session_config c;
    tui_match_config(&c, rules, seed, level, app->think_ms, true);
    char date[16], stamp[24];
    tui_today(date, stamp);
    if (tui_match_start(m, &c, date, &err) != GW_OK) {
        snprintf(app->notice, sizeof app->notice, "Cannot start a match: %s", err.msg);
        return false;
    }
    gw_store *store = open_store ? tui_app_store(app) : app->store;
    if (store) {
        gw_store_match sm = {rules, gw_ai_level_name(level), seed, stamp, false, 0};
        int64_t id = 0;
        if (gw_store_begin_match(store, &sm, &id, &err) != GW_OK) {
            snprintf(app->notice, sizeof app->notice, "This match is not in the statistics: %s", err.msg);
            id = 0;
        }
        tui_match_set_store(m, id);
    }
    return true;
}
