/* android_store.c: the full-screen Android Whist's finished hands into the statistics database, one call per
 * hand (the rubber is recorded at its first hand), each with its record as the session writes it. */
#include <stdio.h>

#include "app.h"

void tui_android_store_hand(tui_app *app, int64_t *rubber_id, const gw_session *s, const gw_event *score) {
    if (*rubber_id < 0 || !tui_app_store(app)) return; /* off for this rubber, or statistics off */
    const gw_session_config *c = gw_session_config_of(s);
    const gw_android_rubber *r = gw_session_rubber(s);
    gw_error err;
    const char *opponent = c->seats[1].kind == GW_SEAT_COMPUTER
                               ? gw_android_level_name((gw_android_level)c->seats[1].level)
                               : "human";
    char date[16], stamp[24];
    tui_today(date, stamp);
    if (*rubber_id == 0) {
        gw_store_rubber sr = {opponent, c->seed, stamp};
        if (gw_store_begin_rubber(app->store, &sr, rubber_id, &err) != GW_OK) {
            snprintf(app->notice, sizeof app->notice, "This rubber is not in the statistics: %s", err.msg);
            *rubber_id = -1;
            return;
        }
    }
    gw_text rec = {0};
    gw_status st = gw_session_hand_record(s, score->hand, &rec, &err);
    int winner = score->winner;
    gw_store_android_hand sh = {.rubber_id = *rubber_id,
                                .number = score->hand,
                                .record = gw_text_str(&rec),
                                .played = stamp,
                                .tricks = {score->tricks[0], score->tricks[1]},
                                .winner = winner,
                                .points = winner >= 0 ? score->points[winner] : 0,
                                .score = {score->score[0], score->score[1]},
                                .game_winner = score->game_winner,
                                .games = {r->games[0], r->games[1]},
                                .values = {r->values[0], r->values[1]},
                                .rubber_winner = r->winner};
    if (st != GW_OK || rec.failed || gw_store_add_android_hand(app->store, &sh, NULL, &err) != GW_OK) {
        snprintf(app->notice, sizeof app->notice, "This rubber is not in the statistics: %s",
                 rec.failed ? "out of memory" : err.msg);
        *rubber_id = -1;
    }
    gw_text_free(&rec);
}
