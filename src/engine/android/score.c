/* score.c: Android Whist scoring (classic Whist without honours): hand points, games to 5, rubbers. */
#include <string.h>

#include "gw/android_score.h"

gw_android_hand_score gw_android_score_tricks(const int tricks[2]) {
    gw_android_hand_score s = {{tricks[0], tricks[1]}, -1, 0};
    for (int side = 0; side < 2; side++) {
        if (tricks[side] > GW_ANDROID_BOOK && tricks[side] > tricks[1 - side]) {
            s.winner = side;
            s.points = tricks[side] - GW_ANDROID_BOOK;
        }
    }
    return s;
}

gw_android_hand_score gw_android_score_hand(const gw_android_game *g) {
    int tricks[2] = {gw_android_player_tricks(g, 0), gw_android_player_tricks(g, 1)};
    return gw_android_score_tricks(tricks);
}

int gw_android_game_value(int loser_points) {
    if (loser_points <= 0) return 3;
    return loser_points <= 2 ? 2 : 1;
}

void gw_android_rubber_start(gw_android_rubber *r, int first_dealer) {
    memset(r, 0, sizeof *r);
    r->next_dealer = first_dealer;
    r->winner = -1;
}

void gw_android_rubber_next(gw_android_rubber *r) { gw_android_rubber_start(r, r->next_dealer); }

gw_status gw_android_rubber_add(gw_android_rubber *r, gw_android_hand_score s, gw_android_progress *out,
                                gw_error *err) {
    if (r->winner >= 0) return gw_error_set(err, GW_ESTATE, 0, 0, "the rubber is over");
    if (s.winner != 0 && s.winner != 1)
        return gw_error_set(err, GW_EINVAL, 0, 0, "a hand of %d-%d tricks scores for neither side",
                            s.tricks[0], s.tricks[1]);
    gw_android_progress p = {.game_winner = -1};
    int w = s.winner;
    r->hands++;
    r->next_dealer = 1 - r->next_dealer;
    r->points[w] += s.points;
    if (r->points[w] > GW_ANDROID_GAME_POINTS) r->points[w] = GW_ANDROID_GAME_POINTS; /* not carried */
    p.points[0] = r->points[0];
    p.points[1] = r->points[1];
    if (r->points[w] == GW_ANDROID_GAME_POINTS) {
        p.game_winner = w;
        p.game_value = gw_android_game_value(r->points[1 - w]);
        r->game_winner[r->ngames] = w;
        r->game_value[r->ngames] = p.game_value;
        r->ngames++;
        r->games[w]++;
        r->values[w] += p.game_value;
        r->points[0] = r->points[1] = 0;
        if (r->games[w] == GW_ANDROID_RUBBER_WON) {
            r->values[w] += GW_ANDROID_RUBBER_BONUS;
            /* The side with more value wins; with the bonus that is always the
             * side that won two games (at least 1 + 1 + 2 against at most 3). */
            r->winner = r->values[0] > r->values[1] ? 0 : 1;
            r->margin = r->values[r->winner] - r->values[1 - r->winner];
            p.rubber_over = true;
        }
    }
    if (out) *out = p;
    return GW_OK;
}
