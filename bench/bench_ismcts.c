/* bench_ismcts.c: ISMCTS against the PIMC expert and hard, at equal endgame solves per decision. */
/* Usage: bench_ismcts [-c C] [-s seed] [-m ihp] [deals [worlds...]] (defaults: 4 deals, 5 worlds, C 0.1,
 * every match). For each budget W the PIMC expert samples W worlds per foreplay decision (W solves per
 * distinct candidate card) and ISMCTS runs the same number of iterations (one solve each). Matches (-m):
 * i = ISMCTS vs PIMC, h = ISMCTS vs hard, p = PIMC vs hard, on classic duplicate deals (each deal played
 * twice, seats swapped). Prints per match: A's mean margin in endgame tricks per hand with a 95% interval
 * (1.96 sd / sqrt(deals) over per-deal means) and the mean endgame solves per foreplay decision. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "../src/engine/ai/rollout.h"
#include "../src/engine/ai/world.h"

/* ---- ISMCTS ------------------------------------------------------------ */

/* Design. Single-observer ISMCTS: one tree per decision, of the seat's
 * information sets keyed by the sequence of moves from the decision point
 * (both players' moves; draws and up-cards are left to the determinization).
 * Each iteration samples a world consistent with the observation, descends
 * the tree choosing among the children whose move is legal in that world by
 * UCB with availability counts (a child's "parent visits" are the times it
 * was available), expands one untried legal move, then finishes the foreplay
 * with the expert's playout policy and solves the endgame exactly. The
 * reward is the seat's endgame tricks over the hand size, counted for the
 * mover at each node (1 - reward for the opponent's moves). Legal cards are
 * merged into runs of equivalent cards (same suit, only played cards between)
 * at every node, as the expert does at the root. The card played is the most
 * visited root child. */

typedef struct node {
    int child, sibling; /* indices into the pool, -1 for none */
    gw_card card;       /* the move into this node (a run's lowest card) */
    uint8_t mover;      /* who played it */
    int visits, avail;
    double total; /* reward summed for the mover */
} node;

typedef struct ismcts {
    double c;   /* exploration constant */
    int worlds; /* budget: iterations = worlds x root runs */
    uint64_t seed;
    gw_solver *solver;
    world_sampler sampler;
    node *pool;
    int npool, cap;
    long solves; /* endgame solves so far */
} ismcts;

static int new_node(ismcts *m, gw_card card, int mover) {
    if (m->npool == m->cap) {
        int cap = m->cap ? 2 * m->cap : 1024;
        node *p = realloc(m->pool, (size_t)cap * sizeof *p);
        if (!p) return -1;
        m->pool = p;
        m->cap = cap;
    }
    m->pool[m->npool] = (node){-1, -1, card, (uint8_t)mover, 0, 0, 0.0};
    return m->npool++;
}

/* One iteration from the root (index 0) in world g. */
static bool iterate(ismcts *m, gw_game *g, gw_rng *rng, int seat) {
    int path[2 * GW_MAX_DECK + 1], depth = 0, at = 0;
    path[depth++] = 0;
    while (gw_game_phase(g) == GW_FOREPLAY) {
        gw_card rep[13];
        int n = world_runs(gw_game_legal(g), g->played, g->led, rep, NULL);
        gw_cards avail = 0, tried = 0;
        for (int i = 0; i < n; i++)
            avail |= gw_bit(rep[i]);
        int best = -1;
        double best_score = -1.0;
        for (int k = m->pool[at].child; k >= 0; k = m->pool[k].sibling) {
            node *ch = &m->pool[k];
            if (!gw_has(avail, ch->card)) continue;
            tried |= gw_bit(ch->card);
            ch->avail++;
            double score = ch->total / ch->visits + m->c * sqrt(log((double)ch->avail) / ch->visits);
            if (score > best_score) best_score = score, best = k;
        }
        gw_cards untried = avail & ~tried;
        if (untried) {
            gw_card c = gw_nth(untried, (int)gw_rng_below(rng, (uint32_t)gw_count(untried)));
            int k = new_node(m, c, g->turn);
            if (k < 0) return false;
            m->pool[k].sibling = m->pool[at].child;
            m->pool[at].child = k;
            m->pool[k].avail = 1;
            gw_game_play(g, c, NULL);
            path[depth++] = k;
            break;
        }
        gw_game_play(g, m->pool[best].card, NULL);
        at = best;
        path[depth++] = at;
    }
    int endgame[2] = {g->won[1][0], g->won[1][1]}, all[2];
    if (gw_game_phase(g) != GW_OVER) rollout_play(g, m->solver, NULL, endgame, all);
    double value = endgame[seat];
    value /= gw_hand_size((gw_variant)g->variant);
    m->solves++;
    for (int i = 0; i < depth; i++) {
        node *nd = &m->pool[path[i]];
        nd->visits++;
        nd->total += nd->mover == seat ? value : 1.0 - value;
    }
    return true;
}

/* The ISMCTS card for o (its turn); *iters receives the iterations run. */
static gw_card ismcts_choose(ismcts *m, const gw_observation *o, int *iters) {
    *iters = 0;
    gw_cards legal = gw_observation_legal(o);
    if (!legal) return GW_NO_CARD;
    if (o->phase == GW_ENDGAME) return gw_ai_hard(o, m->solver, NULL); /* exact, as the expert */
    gw_card rep[13];
    int nruns = world_runs(legal, o->played, o->led, rep, NULL);
    if (nruns == 1) return rep[0];
    if (!world_prepare(&m->sampler, o)) return gw_ai_hard(o, m->solver, NULL);
    gw_rng rng;
    gw_rng_seed(&rng, gw_mix64(m->seed) ^ world_observation_hash(o));
    m->npool = 0;
    if (new_node(m, GW_NO_CARD, 1 - o->seat) < 0) return gw_ai_hard(o, m->solver, NULL);
    int budget = m->worlds * nruns;
    for (int i = 0; i < budget; i++) {
        gw_game w;
        if (!world_sample(&m->sampler, &rng, &w) || !iterate(m, &w, &rng, o->seat)) break;
        ++*iters;
    }
    int best = -1;
    for (int k = m->pool[0].child; k >= 0; k = m->pool[k].sibling) {
        const node *ch = &m->pool[k], *b = best >= 0 ? &m->pool[best] : NULL;
        if (!b || ch->visits > b->visits ||
            (ch->visits == b->visits && ch->total / ch->visits > b->total / b->visits))
            best = k;
    }
    return best >= 0 ? m->pool[best].card : gw_ai_hard(o, m->solver, NULL);
}

/* ---- the players and the duplicate match ------------------------------- */

typedef enum kind { HARD, PIMC, ISMCTS } kind;
static const char *const KIND_NAME[] = {"hard", "pimc", "ismcts"};

typedef struct agent {
    kind kind;
    gw_solver *solver; /* hard */
    gw_expert *expert; /* pimc */
    ismcts *mcts;      /* ismcts */
    long decisions;    /* foreplay decisions with a choice (more than one run) */
    long solves;
} agent;

static bool agent_init(agent *a, kind k, int worlds, double c, uint64_t seed) {
    memset(a, 0, sizeof *a);
    a->kind = k;
    gw_error err;
    switch (k) {
    case HARD: return gw_solver_new(0, &a->solver) == GW_OK;
    case PIMC: return gw_expert_new((gw_expert_limits){0, worlds, NULL}, seed, &a->expert, &err) == GW_OK;
    case ISMCTS:
        a->mcts = calloc(1, sizeof *a->mcts);
        if (!a->mcts) return false;
        a->mcts->c = c;
        a->mcts->worlds = worlds;
        a->mcts->seed = seed;
        return gw_solver_new(0, &a->mcts->solver) == GW_OK;
    }
    return false;
}

static void agent_free(agent *a) {
    gw_solver_free(a->solver);
    gw_expert_free(a->expert);
    if (a->mcts) {
        gw_solver_free(a->mcts->solver);
        free(a->mcts->pool);
        free(a->mcts);
    }
}

static gw_card agent_choose(agent *a, const gw_observation *o) {
    gw_card rep[13];
    bool choice =
        o->phase == GW_FOREPLAY && world_runs(gw_observation_legal(o), o->played, o->led, rep, NULL) > 1;
    if (choice) a->decisions++;
    switch (a->kind) {
    case HARD: return gw_ai_hard(o, a->solver, NULL);
    case PIMC: {
        gw_card c = gw_expert_choose(a->expert, o);
        /* The expert solves once per world and run (none with a single run). */
        if (choice)
            a->solves += (long)expert_last_worlds(a->expert) *
                         world_runs(gw_observation_legal(o), o->played, o->led, rep, NULL);
        return c;
    }
    case ISMCTS: {
        int iters;
        gw_card c = ismcts_choose(a->mcts, o, &iters);
        a->solves += iters;
        return c;
    }
    }
    return GW_NO_CARD;
}

/* Plays one hand of deck with p[0], p[1] at seats 0 and 1; writes each
 * seat's endgame tricks. False if a player returned an illegal card. */
static bool play_hand(agent *p[2], const gw_card *deck, int dealer, int tricks[2]) {
    gw_game g;
    if (gw_game_deal(&g, GW_CLASSIC, deck, dealer, NULL) != GW_OK) return false;
    while (gw_game_phase(&g) != GW_OVER) {
        gw_observation o;
        gw_observe(&g, g.turn, &o);
        if (gw_game_play(&g, agent_choose(p[g.turn], &o), NULL) != GW_OK) return false;
    }
    for (int s = 0; s < 2; s++)
        tricks[s] = gw_game_endgame_tricks(&g, s);
    return true;
}

/* A against B on `deals` duplicate deals from seed; prints the margin of A. */
static bool match(kind ka, kind kb, int deals, int worlds, double c, uint64_t seed) {
    agent a, b;
    bool ok = agent_init(&a, ka, worlds, c, gw_mix64(seed ^ 0xA)) &&
              agent_init(&b, kb, worlds, c, gw_mix64(seed ^ 0xB));
    double sum = 0, sq = 0;
    for (int k = 0; ok && k < deals; k++) {
        gw_rng rng;
        gw_card deck[GW_MAX_DECK];
        gw_rng_seed(&rng, gw_mix64(seed + (uint64_t)k));
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        int dealer = (int)gw_rng_below(&rng, 2), t1[2], t2[2];
        agent *first[2] = {&a, &b}, *second[2] = {&b, &a};
        ok = play_hand(first, deck, dealer, t1) && play_hand(second, deck, dealer, t2);
        double m = ((t1[0] - t1[1]) + (t2[1] - t2[0])) / 2.0;
        sum += m;
        sq += m * m;
    }
    if (ok) {
        double mean = sum / deals, sd = deals > 1 ? sqrt((sq - deals * mean * mean) / (deals - 1)) : 0;
        printf("W=%-3d %-6s vs %-6s %4d deals  margin %+.2f +- %.2f  (sd %.2f)  solves/decision %s %.0f, %s "
               "%.0f\n",
               worlds, KIND_NAME[ka], KIND_NAME[kb], deals, mean, 1.96 * sd / sqrt((double)deals), sd,
               KIND_NAME[ka], a.decisions ? (double)a.solves / (double)a.decisions : 0.0, KIND_NAME[kb],
               b.decisions ? (double)b.solves / (double)b.decisions : 0.0);
        fflush(stdout);
    } else
        fprintf(stderr, "bench_ismcts: a match failed (out of memory or an illegal card)\n");
    agent_free(&a);
    agent_free(&b);
    return ok;
}

int main(int argc, char **argv) {
    double c = 0.1; /* tuned against PIMC at W 20 on other deals (-s 1000): 1.0 to 0.05, lower did better */
    uint64_t seed = 1;
    const char *which = "ihp";
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "-c"))
            c = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "-s"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "-m"))
            which = argv[i + 1];
        else
            break;
    }
    int deals = i < argc ? atoi(argv[i++]) : 4;
    if (deals < 1) {
        fprintf(stderr, "usage: bench_ismcts [-c C] [-s seed] [-m ihp] [deals [worlds...]]\n");
        return 2;
    }
    int budgets[16], nb = 0;
    for (; i < argc && nb < 16; i++)
        if (atoi(argv[i]) > 0) budgets[nb++] = atoi(argv[i]);
    if (nb == 0) budgets[nb++] = 5;
    printf("ISMCTS (C %.2f) vs PIMC expert vs hard, classic, seed %llu: margin of the first, endgame tricks "
           "per hand\n",
           c, (unsigned long long)seed);
    bool ok = true;
    for (int b = 0; b < nb; b++) {
        if (strchr(which, 'i')) ok = match(ISMCTS, PIMC, deals, budgets[b], c, seed) && ok;
        if (strchr(which, 'h')) ok = match(ISMCTS, HARD, deals, budgets[b], c, seed) && ok;
        if (strchr(which, 'p')) ok = match(PIMC, HARD, deals, budgets[b], c, seed) && ok;
    }
    return ok ? 0 : 1;
}
