/* tune_hard.c: plays hard's foreplay with two sets of constants (or two levels) against each other in
 * duplicate deals, straight through the engine (no protocol, no arena), to tune src/engine/ai/hard_params.h
 * and to measure margins in the rule's own units. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "gw/score.h"
#include "gw/solver.h"
#include "../src/engine/ai/hard.h"

/* A set of constants: a named set (base, tricks, every: those of
 * hard_params.h for the deck), then any "name=value" overrides after a
 * colon, comma separated: "tricks:attack=10,want=4". */
static bool parse_params(const char *s, gw_variant v, hard_params *out) {
    static const hard_params base = HARD_PARAMS_BASE;
    const char *colon = strchr(s, ':');
    size_t n = colon ? (size_t)(colon - s) : strlen(s);
    if (n == 4 && strncmp(s, "base", 4) == 0)
        *out = base;
    else if (n == 6 && strncmp(s, "tricks", 6) == 0)
        *out = *hard_params_for(&(gw_stakes){GW_LAST13, 0, {0, 0}}, v);
    else if (n == 5 && strncmp(s, "every", 5) == 0)
        *out = *hard_params_for(&(gw_stakes){GW_EVERY, 0, {0, 0}}, v);
    else
        return false;
    struct {
        const char *name;
        double *at;
    } fields[] = {{"want", &out->want},   {"big", &out->big},       {"trump_bonus", &out->trump_bonus},
                  {"trick", &out->trick}, {"attack", &out->attack},

                  {"trade", &out->trade}};
    for (const char *p = colon; p && *p;) {
        p++;
        const char *eq = strchr(p, '=');
        if (!eq) return false;
        size_t len = (size_t)(eq - p);
        double x = strtod(eq + 1, NULL);
        bool found = false;
        if (len == 9 && strncmp(p, "effective", 9) == 0) out->effective = (int)x, found = true;
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
            if (strlen(fields[i].name) == len && strncmp(p, fields[i].name, len) == 0)
                *fields[i].at = x, found = true;
        if (!found) return false;
        p = strchr(eq, ',');
    }
    return true;
}

/* A side: a set of constants for hard's foreplay (the endgame solved),
 * or a whole level as the arena plays it. */
typedef enum side_kind { SIDE_PARAMS, SIDE_HARD, SIDE_EASY, SIDE_RANDOM } side_kind;
typedef struct side {
    side_kind kind;
    hard_params params;
} side;

static bool parse_side(const char *s, gw_variant v, side *out) {
    static const char *const LEVELS[] = {"hard", "easy", "random"};
    for (int i = 0; i < 3; i++)
        if (strcmp(s, LEVELS[i]) == 0) {
            out->kind = (side_kind)(i + 1);
            return true;
        }
    out->kind = SIDE_PARAMS;
    return parse_params(s, v, &out->params);
}

static gw_card side_card(const side *sd, const gw_observation *o, gw_solver *solver, const gw_stakes *st,
                         gw_rng *rng) {
    switch (sd->kind) {
    case SIDE_PARAMS:
        if (o->phase == GW_FOREPLAY) {
            hard_view view = hard_view_of(o);
            return hard_foreplay_with(&view, &sd->params);
        }
        return gw_ai_hard(o, solver, st);
    case SIDE_HARD: return gw_ai_hard(o, solver, st);
    case SIDE_EASY: return gw_ai_easy(o, st);
    case SIDE_RANDOM: break;
    }
    return gw_ai_random(o, rng);
}

/* One hand of deck with A in seat a: A's counted-trick margin and points
 * margin under scoring s. Two sets of constants: the endgame is solved at
 * once; otherwise it is played card by card. */
static void play(gw_solver *solver, gw_rng *rng, gw_variant v, gw_scoring s, const gw_card *deck, int dealer,
                 int a, const side *sa, const side *sb, double *tricks, double *points) {
    gw_stakes st = {s, 0, {0, 0}};
    gw_game g;
    gw_game_deal(&g, v, deck, dealer, NULL);
    bool solve = sa->kind == SIDE_PARAMS && sb->kind == SIDE_PARAMS;
    while (gw_game_phase(&g) != GW_OVER && !(solve && gw_game_phase(&g) == GW_ENDGAME)) {
        gw_observation o;
        gw_observe(&g, g.turn, &o);
        gw_game_play(&g, side_card(g.turn == a ? sa : sb, &o, solver, &st, rng), NULL);
    }
    int endgame[2] = {g.won[1][0], g.won[1][1]}, all[2];
    if (gw_game_phase(&g) != GW_OVER) {
        int leader = g.leader;
        gw_position pos = {g.trump, g.hand[leader], g.hand[1 - leader], GW_NO_CARD};
        int w = gw_solve(solver, &pos);
        endgame[leader] = w;
        endgame[1 - leader] = gw_hand_size(v) - w;
    }
    for (int p = 0; p < 2; p++)
        all[p] = g.won[0][p] + endgame[p];
    const int *counted = s == GW_EVERY ? all : endgame;
    *tricks = counted[a] - counted[1 - a];
    *points = gw_stakes_value(&st, v, a, endgame, all);
}

/* Usage: tune_hard A B [deals [seed [scoring [variant]]]]. Prints A's mean
 * margin per hand in counted tricks (all tricks under every) and in points
 * of the rule, each with a 95% interval, over `deals` deals played twice
 * (seats swapped). A side is a set of constants for hard's foreplay (its
 * endgame solved) or a whole level (hard: gw_ai_hard, the last foreplay
 * trick solved too). */
int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: tune_hard A B [deals [seed [scoring [variant]]]]\n"
                        "  A, B: base | tricks | every, then :name=value,... (hard_params.h),\n"
                        "        or a level: hard | easy | random\n");
        return 2;
    }
    int deals = argc > 3 ? atoi(argv[3]) : 2000;
    unsigned long long seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    gw_scoring s = GW_LAST13;
    gw_variant v = GW_CLASSIC;
    if ((argc > 5 && !gw_scoring_parse(argv[5], &s)) || (argc > 6 && !gw_variant_parse(argv[6], &v))) {
        fprintf(stderr, "tune_hard: bad scoring or variant\n");
        return 2;
    }
    side pa, pb;
    if (!parse_side(argv[1], v, &pa) || !parse_side(argv[2], v, &pb)) {
        fprintf(stderr, "tune_hard: bad constants\n");
        return 2;
    }
    gw_solver *solver = NULL;
    if (gw_solver_new(0, &solver) != GW_OK) return 1;
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    double st = 0, st2 = 0, sp = 0, sp2 = 0;
    for (int d = 0; d < deals; d++) {
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, seed * 1000003ull + (unsigned long long)d, deck);
        double t = 0, p = 0;
        for (int a = 0; a < 2; a++) {
            double ti, pi;
            play(solver, &rng, v, s, deck, d % 2, a, &pa, &pb, &ti, &pi);
            t += ti / 2;
            p += pi / 2;
        }
        st += t;
        st2 += t * t;
        sp += p;
        sp2 += p * p;
    }
    double mt = st / deals, mp = sp / deals;
    double et = 1.96 * sqrt((st2 / deals - mt * mt) / (deals - 1)),
           ep = 1.96 * sqrt((sp2 / deals - mp * mp) / (deals - 1));
    printf("tricks %+.3f ± %.3f  points %+.3f ± %.3f\n", mt, et, mp, ep);
    gw_solver_free(solver);
    return 0;
}
