/* match_begin.c: starting a German Whist match at the table and recording it in the statistics (for the home
 * screen's New game and the scoreboard's next match). */
#include <stdio.h>

#include "app.h"

bool tui_match_begin(tui_app *app, bool open_store, tui_match *m, gw_match_rules rules, uint64_t seed,
                     gw_ai_level level) {
    gw_error err;
    if (tui_match_start(m, rules, seed, level, &err) != GW_OK) {
        snprintf(app->notice, sizeof app->notice, "Cannot start a match: %s", err.msg);
        return false;
    }
    gw_store *store = open_store ? tui_app_store(app) : app->store;
    if (store) {
        char date[16], stamp[24];
        tui_today(date, stamp);
        gw_store_match sm = {rules, gw_ai_level_name(level), seed, stamp};
        if (gw_store_begin_match(store, &sm, &m->store_id, &err) != GW_OK) {
            snprintf(app->notice, sizeof app->notice, "This match is not in the statistics: %s", err.msg);
            m->store_id = 0;
        }
    }
    return true;
}
