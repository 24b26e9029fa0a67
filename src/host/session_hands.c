/* session_hands.c: a session's scored hand into the store (include/gw/session_hands.h). */
#include "gw/session_hands.h"

/* x[0], x[1] from seat's side: swapped for seat 1. */
static void side(int seat, const int in[2], int out[2]) {
    out[0] = in[seat];
    out[1] = in[1 - seat];
}

/* A winner (0, 1, or -1 for none) from seat's side. */
static int side_of(int seat, int winner) { return winner < 0 || seat == 0 ? winner : 1 - winner; }

static gw_status add_german(gw_store *s, const gw_session *ses, int64_t id, const gw_event *e,
                            const char *rec, const char *played, int seat, gw_error *err) {
    const gw_match *match = gw_session_match(ses);
    gw_store_hand h = {.match_id = id,
                       .number = e->hand,
                       .record = rec,
                       .played = played,
                       .winner = side_of(seat, e->winner),
                       .slam = gw_session_hand_slam(ses, e->hand),
                       .assisted = gw_session_hand_assisted(ses, e->hand),
                       .match_winner = side_of(seat, gw_match_winner(match))};
    side(seat, e->tricks, h.tricks);
    side(seat, e->points, h.points);
    side(seat, match->score, h.score);
    return gw_store_add_hand(s, &h, NULL, err);
}

static gw_status add_android(gw_store *s, const gw_session *ses, int64_t id, const gw_event *e,
                             const char *rec, const char *played, int seat, gw_error *err) {
    const gw_android_rubber *ru = gw_session_rubber(ses);
    gw_store_android_hand h = {.rubber_id = id,
                               .number = e->hand,
                               .record = rec,
                               .played = played,
                               .winner = side_of(seat, e->winner),
                               .points = e->winner >= 0 ? e->points[e->winner] : 0,
                               .game_winner = side_of(seat, e->game_winner),
                               .rubber_winner = side_of(seat, ru->winner)};
    side(seat, e->tricks, h.tricks);
    side(seat, e->score, h.score);
    side(seat, ru->games, h.games);
    side(seat, ru->values, h.values);
    return gw_store_add_android_hand(s, &h, NULL, err);
}

gw_status gw_store_add_session_hand(gw_store *s, const gw_session *ses, int64_t row_id, const gw_event *e,
                                    const char *played, gw_error *err) {
    return gw_store_add_session_hand_seat(s, ses, row_id, e, played, 0, err);
}

gw_status gw_store_add_session_hand_seat(gw_store *s, const gw_session *ses, int64_t row_id,
                                         const gw_event *e, const char *played, int seat, gw_error *err) {
    if (seat != 0 && seat != 1) return gw_error_set(err, GW_EINVAL, 0, 0, "not a seat");
    if (e->kind != GW_EVENT_SCORE) return gw_error_set(err, GW_EINVAL, 0, 0, "not a score event");
    gw_text rec = {0};
    gw_status st = gw_session_hand_record(ses, e->hand, &rec, err);
    if (st == GW_OK && rec.failed) st = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    if (st == GW_OK)
        st = gw_session_config_of(ses)->game == GW_GAME_GERMAN
                 ? add_german(s, ses, row_id, e, gw_text_str(&rec), played, seat, err)
                 : add_android(s, ses, row_id, e, gw_text_str(&rec), played, seat, err);
    gw_text_free(&rec);
    return st;
}
