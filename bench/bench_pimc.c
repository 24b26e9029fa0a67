/* bench_pimc.c: variants of the PIMC expert against each other, in process, at equal worlds per decision. */
/* Usage: bench_pimc [-s seed] [-d deals] [-w worlds] [-v small] A B. A side is expert (today's: its
 * playouts play the last foreplay trick best on each world's deal), plain (the playout policy plays every
 * foreplay trick, as before), two (the last two tricks played best), seer (cheats: the expert on the true
 * deal with only the stock's order sampled), oracle (cheats: the expert on the true deal, stock included)
 * or hard. Plays duplicate deals (each twice, seats swapped) and prints A's margin per hand in
 * endgame tricks with a 95% interval, the per-deal sd and the mean worlds per decision. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "../src/engine/ai/world.h"

typedef enum { EXPERT, SEER, ORACLE, HARD, TWO, PLAIN } kind;
static const char *const KIND_NAME[] = {"expert", "seer", "oracle", "hard", "two", "plain"};

typedef struct agent {
    kind kind;
    gw_expert *expert;
    gw_solver *solver;
    long decisions, worlds;
} agent;

static bool agent_init(agent *a, kind k, int worlds, uint64_t seed) {
    memset(a, 0, sizeof *a);
    a->kind = k;
    gw_error err;
    if (k == HARD) return gw_solver_new(0, &a->solver) == GW_OK;
    if (gw_expert_new((gw_expert_limits){0, worlds, NULL}, seed, &a->expert, &err) != GW_OK) return false;
    if (k == TWO) expert_set_exact(a->expert, 2);
    if (k == PLAIN) expert_set_exact(a->expert, 0);
    return true;
}

static void agent_free(agent *a) {
    gw_solver_free(a->solver);
    gw_expert_free(a->expert);
}

static gw_card agent_choose(agent *a, const gw_game *g) {
    gw_observation o;
    gw_observe(g, g->turn, &o);
    gw_card rep[13];
    if (o.phase == GW_FOREPLAY && world_runs(gw_observation_legal(&o), o.played, o.led, rep, NULL) == 1)
        return rep[0];
    gw_card_estimate est[13];
    int n = 0;
    switch (a->kind) {
    case HARD: return gw_ai_hard(&o, a->solver, NULL);
    case EXPERT:
    case TWO:
    case PLAIN: n = gw_expert_estimate(a->expert, &o, est); break;
    case SEER: n = expert_seer_estimate(a->expert, g, est); break;
    case ORACLE: n = gw_oracle_estimate(a->expert, g, est); break;
    }
    if (o.phase == GW_FOREPLAY) {
        a->decisions++;
        a->worlds += expert_last_worlds(a->expert);
    }
    return n > 0 ? est[0].card : GW_NO_CARD;
}

static bool play_hand(agent *p[2], gw_variant v, const gw_card *deck, int dealer, int tricks[2]) {
    gw_game g;
    if (gw_game_deal(&g, v, deck, dealer, NULL) != GW_OK) return false;
    while (gw_game_phase(&g) != GW_OVER)
        if (gw_game_play(&g, agent_choose(p[g.turn], &g), NULL) != GW_OK) return false;
    for (int s = 0; s < 2; s++)
        tricks[s] = gw_game_endgame_tricks(&g, s);
    return true;
}

static kind parse_kind(const char *s) {
    for (int k = 0; k < 6; k++)
        if (!strcmp(s, KIND_NAME[k])) return (kind)k;
    fprintf(stderr, "bench_pimc: unknown side '%s' (expert, seer, oracle, hard, two, plain)\n", s);
    exit(2);
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    int deals = 20, worlds = 48;
    gw_variant v = GW_CLASSIC;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "-s"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "-d"))
            deals = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-w"))
            worlds = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-v"))
            v = strcmp(argv[i + 1], "small") ? GW_CLASSIC : GW_SMALL;
        else
            break;
    }
    if (i + 2 != argc || deals < 1 || worlds < 1) {
        fprintf(stderr, "usage: bench_pimc [-s seed] [-d deals] [-w worlds] [-v small] A B\n");
        return 2;
    }
    kind ka = parse_kind(argv[i]), kb = parse_kind(argv[i + 1]);
    agent a, b;
    bool ok =
        agent_init(&a, ka, worlds, gw_mix64(seed ^ 0xA)) && agent_init(&b, kb, worlds, gw_mix64(seed ^ 0xB));
    double sum = 0, sq = 0;
    int done = 0;
    for (int k = 0; ok && k < deals; k++) {
        gw_rng rng;
        gw_card deck[GW_MAX_DECK];
        gw_rng_seed(&rng, gw_mix64(seed * 1000003u + (uint64_t)k));
        gw_deck_shuffled(v, &rng, deck);
        int dealer = (int)gw_rng_below(&rng, 2), t1[2], t2[2];
        agent *first[2] = {&a, &b}, *second[2] = {&b, &a};
        ok = play_hand(first, v, deck, dealer, t1) && play_hand(second, v, deck, dealer, t2);
        double m = ((t1[0] - t1[1]) + (t2[1] - t2[0])) / 2.0;
        sum += m;
        sq += m * m;
        done++;
    }
    if (!ok) {
        fprintf(stderr, "bench_pimc: a match failed (out of memory or an illegal card)\n");
        return 1;
    }
    double mean = sum / done, sd = done > 1 ? sqrt((sq - done * mean * mean) / (done - 1)) : 0;
    printf("%s vs %s, %s, W=%d, seed %llu, %d deals: margin %+.3f +- %.3f (sd %.3f; sum %.1f sq %.1f) "
           "worlds/decision "
           "%.1f, %.1f\n",
           KIND_NAME[ka], KIND_NAME[kb], v == GW_SMALL ? "small" : "classic", worlds,
           (unsigned long long)seed, done, mean, 1.96 * sd / sqrt((double)done), sd, sum, sq,
           a.decisions ? (double)a.worlds / (double)a.decisions : 0.0,
           b.decisions ? (double)b.worlds / (double)b.decisions : 0.0);
    agent_free(&a);
    agent_free(&b);
    return 0;
}
