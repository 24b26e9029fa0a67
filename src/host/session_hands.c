/* session_hands.c: a session's scored hand into the store (include/gw/session_hands.h). */
#include "gw/session_hands.h"

#include <stdlib.h>

#include "gw/score.h"

static gw_status add_german(gw_store *s, const gw_session *ses, int64_t id, const gw_event *e,
                            const char *rec, const char *played, gw_error *err) {
    gw_view *v = malloc(sizeof *v); /* large */
    if (!v) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    gw_status st = gw_session_view(ses, 0, v, err);
    if (st == GW_OK) {
        const gw_observation *o = &v->german;
        const gw_match_rules *r = &gw_session_config_of(ses)->rules;
        int endgame[2] = {o->won[GW_ENDGAME][0], o->won[GW_ENDGAME][1]};
        int all[2] = {o->won[GW_FOREPLAY][0] + endgame[0], o->won[GW_FOREPLAY][1] + endgame[1]};
        const gw_match *match = gw_session_match(ses);
        gw_store_hand h = {.match_id = id,
                           .number = e->hand,
                           .record = rec,
                           .played = played,
                           .tricks = {e->tricks[0], e->tricks[1]},
                           .winner = e->winner,
                           .points = {e->points[0], e->points[1]},
                           .slam = gw_score_hand(r->variant, r->scoring, endgame, all).slam,
                           .assisted = gw_session_hand_assisted(ses, e->hand),
                           .score = {match->score[0], match->score[1]},
                           .match_winner = gw_match_winner(match)};
        st = gw_store_add_hand(s, &h, NULL, err);
    }
    free(v);
    return st;
}

static gw_status add_android(gw_store *s, const gw_session *ses, int64_t id, const gw_event *e,
                             const char *rec, const char *played, gw_error *err) {
    const gw_android_rubber *ru = gw_session_rubber(ses);
    gw_store_android_hand h = {.rubber_id = id,
                               .number = e->hand,
                               .record = rec,
                               .played = played,
                               .tricks = {e->tricks[0], e->tricks[1]},
                               .winner = e->winner,
                               .points = e->winner >= 0 ? e->points[e->winner] : 0,
                               .score = {e->score[0], e->score[1]},
                               .game_winner = e->game_winner,
                               .games = {ru->games[0], ru->games[1]},
                               .values = {ru->values[0], ru->values[1]},
                               .rubber_winner = ru->winner};
    return gw_store_add_android_hand(s, &h, NULL, err);
}

gw_status gw_store_add_session_hand(gw_store *s, const gw_session *ses, int64_t row_id, const gw_event *e,
                                    const char *played, gw_error *err) {
    if (e->kind != GW_EVENT_SCORE) return gw_error_set(err, GW_EINVAL, 0, 0, "not a score event");
    gw_text rec = {0};
    gw_status st = gw_session_hand_record(ses, e->hand, &rec, err);
    if (st == GW_OK && rec.failed) st = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    if (st == GW_OK)
        st = gw_session_config_of(ses)->game == GW_GAME_GERMAN
                 ? add_german(s, ses, row_id, e, gw_text_str(&rec), played, err)
                 : add_android(s, ses, row_id, e, gw_text_str(&rec), played, err);
    gw_text_free(&rec);
    return st;
}
