/* match.c: a match: seeded first dealer, one deal seed per hand, alternating deal, target score. */
#include "gw/match.h"

#include <string.h>

gw_status gw_match_start(gw_match *m, gw_match_rules rules, uint64_t seed, gw_error *err) {
    if (rules.target < GW_TARGET_MIN || rules.target > GW_TARGET_MAX)
        return gw_error_set(err, GW_EINVAL, 0, 0, "target must be from %d to %d, not %d", GW_TARGET_MIN,
                            GW_TARGET_MAX, rules.target);
    if ((unsigned)rules.variant > GW_SMALL || (unsigned)rules.scoring >= GW_SCORINGS)
        return gw_error_set(err, GW_EINVAL, 0, 0, "unknown variant or scoring");
    memset(m, 0, sizeof *m);
    m->rules = rules;
    m->seed = seed;
    gw_rng_seed(&m->rng, seed);
    m->first_dealer = m->next_dealer = (int)gw_rng_below(&m->rng, 2);
    return GW_OK;
}

void gw_match_deal(gw_match *m, gw_game *g, uint64_t *hand_seed) {
    uint64_t seed = gw_rng_next(&m->rng);
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(m->rules.variant, seed, deck);
    gw_status st = gw_game_deal(g, m->rules.variant, deck, m->next_dealer, NULL);
    (void)st; /* a shuffled deck is always valid */
    if (hand_seed) *hand_seed = seed;
}

gw_hand_score gw_match_finish_hand(gw_match *m, const gw_game *g) {
    int endgame[2] = {gw_game_endgame_tricks(g, 0), gw_game_endgame_tricks(g, 1)};
    int all[2] = {gw_game_all_tricks(g, 0), gw_game_all_tricks(g, 1)};
    gw_hand_score s = gw_score_hand(m->rules.variant, m->rules.scoring, endgame, all);
    m->score[0] += s.points[0];
    m->score[1] += s.points[1];
    m->hands_played++;
    m->next_dealer = 1 - m->next_dealer;
    return s;
}

int gw_match_score_winner(const gw_match_rules *rules, const int score[2]) {
    int t = rules->target;
    if (score[0] < t && score[1] < t) return -1;
    /* Level at or over the target: only under running total, where both
     * score each hand; the match plays on. */
    if (score[0] == score[1]) return -1;
    return score[0] > score[1] ? 0 : 1;
}

int gw_match_winner(const gw_match *m) { return gw_match_score_winner(&m->rules, m->score); }
