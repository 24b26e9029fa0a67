/* android_store.c: the full-screen Android Whist's finished hands into the statistics database, one call per
 * hand (the rubber is recorded at its first hand). */
#include <stdio.h>

#include "app.h"
#include "gw/android_record.h"

void tui_android_store_hand(tui_app *app, int64_t *rubber_id, const gw_android_game *g, int hand_no,
                            uint64_t seed, const gw_android_player *bot, const gw_android_rubber *r,
                            const gw_android_progress *pr) {
    if (*rubber_id < 0 || !tui_app_store(app)) return; /* off for this rubber, or statistics off */
    gw_error err;
    const char *opponent = bot ? gw_android_level_name(gw_android_player_level(bot)) : "human";
    char date[16], stamp[24], seed_text[32];
    tui_today(date, stamp);
    if (*rubber_id == 0) {
        gw_store_rubber sr = {opponent, seed, stamp};
        if (gw_store_begin_rubber(app->store, &sr, rubber_id, &err) != GW_OK) {
            snprintf(app->notice, sizeof app->notice, "This rubber is not in the statistics: %s", err.msg);
            *rubber_id = -1;
            return;
        }
    }
    gw_android_record_hand h;
    gw_android_record_hand_from_game(&h, g, hand_no);
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
    gw_android_record_hand_set_tag(&h, "Date", date);
    gw_android_record_hand_set_tag(&h, "Player1", bot ? "human" : "Player 1");
    gw_android_record_hand_set_tag(&h, "Player2", bot ? opponent : "Player 2");
    gw_android_record_hand_set_tag(&h, "RubberSeed", seed_text);
    h.has_score = true;
    h.score[0] = pr->points[0];
    h.score[1] = pr->points[1];
    gw_text rec = {0};
    gw_android_record_write_hand(&h, &rec);
    gw_android_record_hand_clear(&h);
    gw_android_hand_score hs = gw_android_score_hand(g);
    gw_store_android_hand sh = {.rubber_id = *rubber_id,
                                .number = hand_no,
                                .record = gw_text_str(&rec),
                                .played = stamp,
                                .tricks = {hs.tricks[0], hs.tricks[1]},
                                .winner = hs.winner,
                                .points = hs.points,
                                .score = {pr->points[0], pr->points[1]},
                                .game_winner = pr->game_winner,
                                .games = {r->games[0], r->games[1]},
                                .values = {r->values[0], r->values[1]},
                                .rubber_winner = r->winner};
    if (rec.failed || gw_store_add_android_hand(app->store, &sh, NULL, &err) != GW_OK) {
        snprintf(app->notice, sizeof app->notice, "This rubber is not in the statistics: %s",
                 rec.failed ? "out of memory" : err.msg);
        *rubber_id = -1;
    }
    gw_text_free(&rec);
}
