/* android_store.c: the full-screen Android Whist's finished hands into the statistics database, one call per
 * hand (the rubber is recorded at its first hand), each with its record as the session writes it. */
#include <stdio.h>

#include "app.h"
#include "gw/session_hands.h"

void tui_android_store_hand(tui_app *app, int64_t *rubber_id, const gw_session *s, const gw_event *score) {
    if (*rubber_id < 0 || !tui_app_store(app)) return; /* off for this rubber, or statistics off */
    const gw_session_config *c = gw_session_config_of(s);
    gw_error err;
    const char *opponent = c->seats[1].kind == GW_SEAT_COMPUTER
                               ? gw_android_level_name((gw_android_level)c->seats[1].level)
                               : "human";
    char date[16], stamp[24];
    tui_today(date, stamp);
    if (*rubber_id == 0) {
        gw_store_rubber sr = {opponent, c->seed, stamp, false, 0};
        if (gw_store_begin_rubber(app->store, &sr, rubber_id, &err) != GW_OK) {
            snprintf(app->notice, sizeof app->notice, "This rubber is not in the statistics: %s", err.msg);
            *rubber_id = -1;
            return;
        }
    }
    if (gw_store_add_session_hand(app->store, s, *rubber_id, score, stamp, &err) != GW_OK) {
        snprintf(app->notice, sizeof app->notice, "This rubber is not in the statistics: %s", err.msg);
        *rubber_id = -1;
    }
}
