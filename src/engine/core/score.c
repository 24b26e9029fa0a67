/* score.c: the four scoring systems for a finished hand, both decks. */
#include "gw/score.h"

#include <string.h>

#include "gw/match.h"

static const char *const NAMES[GW_SCORINGS] = {"last13", "every", "difference", "total"};

const char *gw_scoring_name(gw_scoring s) { return (unsigned)s < GW_SCORINGS ? NAMES[s] : "?"; }

bool gw_scoring_parse(const char *s, gw_scoring *out) {
    for (int i = 0; i < GW_SCORINGS; i++) {
        if (strcmp(s, NAMES[i]) == 0) {
            *out = (gw_scoring)i;
            return true;
        }
    }
    return false;
}

gw_scoring_rule gw_scoring_rule_of(gw_variant v, gw_scoring s) {
    int phase = gw_hand_size(v); /* tricks in one phase: 13 or 7 */
    bool small = v == GW_SMALL;
    switch (s) {
    case GW_EVERY:
        /* Over 13 of 26 (classic), but over 6 of 14 in small, as seed 003 states (10 tricks to 4 scores
         * 4). */
        return (gw_scoring_rule){true, 2 * phase, small ? 6 : 13, 0};
    case GW_DIFFERENCE: return (gw_scoring_rule){false, phase, -1, 0};
    case GW_TOTAL: return (gw_scoring_rule){false, phase, -1, 0};
    case GW_LAST13:
    default: return (gw_scoring_rule){false, phase, phase / 2, small ? 5 : 10};
    }
}

gw_hand_score gw_score_hand(gw_variant v, gw_scoring s, const int endgame[2], const int all[2]) {
    gw_hand_score r = {{0, 0}, -1, {0, 0}, false};
    gw_scoring_rule rule = gw_scoring_rule_of(v, s);
    const int *counted = rule.all_tricks ? all : endgame;
    r.counted[0] = counted[0];
    r.counted[1] = counted[1];
    if (s == GW_TOTAL) { /* both score, the winner of the hand too */
        r.points[0] = counted[0];
        r.points[1] = counted[1];
    }
    if (counted[0] == counted[1]) return r;
    r.winner = counted[0] > counted[1] ? 0 : 1;
    int mine = counted[r.winner], theirs = counted[1 - r.winner];
    int *points = &r.points[r.winner];
    switch (s) {
    case GW_LAST13:
    case GW_EVERY:
        r.slam = rule.slam > 0 && mine == rule.tricks;
        *points = r.slam ? rule.slam : mine - rule.over;
        break;
    case GW_DIFFERENCE: *points = mine - theirs; break;
    case GW_TOTAL: break;
    }
    return r;
}

double gw_stakes_value(const gw_stakes *st, gw_variant v, int seat, const int endgame[2], const int all[2]) {
    gw_scoring scoring = st ? st->scoring : GW_LAST13;
    gw_hand_score hs = gw_score_hand(v, scoring, endgame, all);
    double value = (double)(hs.points[seat] - hs.points[1 - seat]);
    if (!st || st->target <= 0) return value;
    /* The match score after the hand, and who it makes the match's winner. */
    int after[2] = {st->score[0] + hs.points[0], st->score[1] + hs.points[1]};
    gw_match_rules rules = {v, scoring, st->target};
    int winner = gw_match_score_winner(&rules, after);
    if (winner < 0) return value;
    return value + (winner == seat ? GW_STAKES_MATCH : -GW_STAKES_MATCH);
}
