/* expert.c: the `expert` level (Perfect Information Monte Carlo) and the cheating oracle. */
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "rollout.h"
#include "world.h"

/* Design. In the foreplay each decision samples worlds (complete deals the
 * seat's observation could have come from: world.c) and, in each world,
 * plays each legal card (one per run of equivalent cards), finishes the
 * foreplay with a fast policy for both players (rollout.c) and solves the
 * endgame exactly with the expert's one solver, whose table stays valid
 * across calls. A card's estimate is its mean over the worlds; every card
 * sees the same worlds. The worlds come from a generator seeded with the
 * expert's seed and a hash of the observation, so with an iteration bound
 * alone the answer depends on nothing else. A time bound stops before a
 * world would overrun it, and also once the choice is settled (see
 * settled()). In the endgame every card is known: values are exact. */

enum { MIN_SETTLED = 48 /* worlds before a timed choice may count as settled */ };

struct gw_expert {
    gw_expert_limits limits;
    uint64_t seed;
    gw_solver *solver;
    world_sampler sampler;
    int last_worlds; /* worlds the last estimate used */
};

gw_status gw_expert_new(gw_expert_limits limits, uint64_t seed, gw_expert **out, gw_error *err) {
    *out = NULL;
    if (limits.think_ms < 0 || limits.iterations < 0 || (limits.think_ms == 0 && limits.iterations == 0))
        return gw_error_set(err, GW_EINVAL, 0, 0, "the expert needs a time or an iteration bound (%d ms, %d)",
                            limits.think_ms, limits.iterations);
    if (limits.think_ms > 0 && (!limits.clock || !limits.clock->now_ms))
        return gw_error_set(err, GW_EINVAL, 0, 0, "a time bound needs a clock (%d ms)", limits.think_ms);
    gw_expert *e = calloc(1, sizeof *e);
    if (!e) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    if (gw_solver_new(0, &e->solver) != GW_OK) {
        free(e);
        return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    }
    e->limits = limits;
    e->seed = seed;
    *out = e;
    return GW_OK;
}

void gw_expert_free(gw_expert *e) {
    if (!e) return;
    gw_solver_free(e->solver);
    free(e);
}

int expert_last_worlds(const gw_expert *e) { return e->last_worlds; }

/* True if a goes before b: best first; among equals the cheaper card (a
 * plain suit before trumps, then the lower rank, then the suit). */
static bool before(const gw_card_estimate *a, const gw_card_estimate *b, int trump) {
    if (a->tricks != b->tricks) return a->tricks > b->tricks;
    int ta = gw_card_suit(a->card) == trump, tb = gw_card_suit(b->card) == trump;
    if (ta != tb) return ta < tb;
    if (gw_card_rank(a->card) != gw_card_rank(b->card)) return gw_card_rank(a->card) < gw_card_rank(b->card);
    return gw_card_suit(a->card) < gw_card_suit(b->card);
}

static void sort_estimates(gw_card_estimate *out, int n, int trump) {
    for (int i = 1; i < n; i++) {
        gw_card_estimate x = out[i];
        int j = i;
        for (; j > 0 && before(&x, &out[j - 1], trump); j--)
            out[j] = out[j - 1];
        out[j] = x;
    }
}

/* Exact values in the endgame, where the opponent's hand is known. -1 if
 * the observation does not make a well-formed position. */
static int endgame_estimate(gw_expert *e, const gw_observation *o, gw_card_estimate out[13]) {
    gw_card_value vals[13];
    int n = gw_endgame_values(e->solver, o, vals, NULL, NULL);
    for (int i = 0; i < n; i++)
        out[i] = (gw_card_estimate){vals[i].card, (double)(o->won[GW_ENDGAME][o->seat] + vals[i].tricks), 1};
    sort_estimates(out, n, o->trump);
    return n;
}

/* The value, for each run, of the seat's endgame tricks after playing its
 * card in world w and playing out. */
static void evaluate_world(gw_expert *e, const gw_game *w, int seat, const gw_card *rep, int nruns,
                           int *value) {
    for (int i = 0; i < nruns; i++) {
        gw_game g = *w;
        value[i] = gw_game_play(&g, rep[i], NULL) == GW_OK ? rollout_value(&g, seat, e->solver) : 0;
    }
}

/* Running sums over the worlds: each run's values, and the differences of
 * each pair of runs (the same worlds serve every run). */
typedef struct tally {
    int worlds;
    double sum[13];
    double dsum[13][13], dsq[13][13]; /* [i][j], i < j: value i - value j */
} tally;

static void tally_add(tally *t, const int *value, int nruns) {
    t->worlds++;
    for (int i = 0; i < nruns; i++) {
        t->sum[i] += value[i];
        for (int j = i + 1; j < nruns; j++) {
            double d = value[i] - value[j];
            t->dsum[i][j] += d;
            t->dsq[i][j] += d * d;
        }
    }
}

/* True when, at three standard errors of the paired differences, no other
 * run is better than the leading one by more than a tenth of a trick
 * (or never better, when a difference does not vary at all): more worlds
 * would hardly change the choice or its worth. */
static bool settled(const tally *t, int nruns) {
    int best = 0, n = t->worlds;
    for (int i = 1; i < nruns; i++)
        if (t->sum[i] > t->sum[best]) best = i;
    for (int j = 0; j < nruns; j++) {
        if (j == best) continue;
        int a = best < j ? best : j, b = best < j ? j : best;
        double sign = best < j ? 1.0 : -1.0;
        double mean = sign * t->dsum[a][b] / n, var = t->dsq[a][b] / n - mean * mean;
        if (var <= 1e-12) {
            if (mean < 0) return false;
            continue;
        }
        double margin = mean + 0.1; /* must exceed three standard errors */
        if (margin <= 0 || margin * margin <= 9.0 * var / n) return false;
    }
    return true;
}

/* The estimates from the sums over `worlds` worlds, sorted. */
static int finish(gw_cards legal, const int *of, const double *sum, int worlds, int trump,
                  gw_card_estimate out[13]) {
    int n = 0;
    for (gw_cards l = legal; l; l &= l - 1) {
        gw_card c = gw_first(l);
        out[n++] = (gw_card_estimate){c, worlds ? sum[of[c]] / worlds : 0.0, worlds};
    }
    sort_estimates(out, n, trump);
    return n;
}

/* When no deal fits the observation (a hand-made one): the legal cards,
 * easy's first, unvalued. */
static int fallback(const gw_observation *o, gw_cards legal, gw_card_estimate out[13]) {
    gw_card first = gw_ai_easy(o);
    int n = 0;
    out[n++] = (gw_card_estimate){first, 0.0, 0};
    for (gw_cards l = legal & ~gw_bit(first); l; l &= l - 1)
        out[n++] = (gw_card_estimate){gw_first(l), 0.0, 0};
    return n;
}

int gw_expert_estimate(gw_expert *e, const gw_observation *o, gw_card_estimate out[13]) {
    gw_cards legal = gw_observation_legal(o);
    e->last_worlds = 0;
    if (!legal) return 0;
    if (o->phase == GW_ENDGAME) {
        int n = endgame_estimate(e, o, out);
        return n >= 0 ? n : fallback(o, legal, out);
    }
    gw_card rep[13];
    int of[64];
    int nruns = world_runs(legal, o->played, rep, of);
    if (!world_prepare(&e->sampler, o)) return fallback(o, legal, out);
    gw_rng rng;
    gw_rng_seed(&rng, gw_mix64(e->seed) ^ world_observation_hash(o));
    tally t;
    memset(&t, 0, sizeof t);
    int think = e->limits.think_ms, iterations = e->limits.iterations;
    const gw_clock *clock = e->limits.clock;
    uint64_t start = think ? gw_clock_now(clock) : 0;
    for (;;) {
        int worlds = t.worlds;
        if (iterations && worlds >= iterations) break;
        if (think && worlds > 0) {
            /* Stop if one more world would likely overrun the time, or
             * (timed thinking only) if the choice is settled already. */
            double spent = (double)(gw_clock_now(clock) - start);
            if (spent + spent / worlds > think) break;
            if (worlds >= MIN_SETTLED && worlds % 8 == 0 && settled(&t, nruns)) break;
        }
        gw_game w;
        int value[13];
        if (!world_sample(&e->sampler, &rng, &w)) break;
        evaluate_world(e, &w, o->seat, rep, nruns, value);
        tally_add(&t, value, nruns);
    }
    int worlds = t.worlds;
    double *sum = t.sum;
    e->last_worlds = worlds;
    if (worlds == 0) return fallback(o, legal, out);
    return finish(legal, of, sum, worlds, o->trump, out);
}

gw_card gw_expert_choose(gw_expert *e, const gw_observation *o) {
    gw_cards legal = gw_observation_legal(o);
    if (!legal) return GW_NO_CARD;
    gw_card rep[13];
    int of[64];
    if (o->phase == GW_FOREPLAY && world_runs(legal, o->played, rep, of) == 1)
        return rep[0]; /* nothing to choose */
    gw_card_estimate est[13];
    return gw_expert_estimate(e, o, est) ? est[0].card : GW_NO_CARD;
}

int gw_oracle_estimate(gw_expert *e, const gw_game *g, gw_card_estimate out[13]) {
    gw_observation o;
    gw_observe(g, g->turn, &o);
    gw_cards legal = gw_observation_legal(&o);
    e->last_worlds = 0;
    if (!legal) return 0;
    if (o.phase == GW_ENDGAME) {
        int n = endgame_estimate(e, &o, out);
        return n >= 0 ? n : fallback(&o, legal, out);
    }
    gw_card rep[13];
    int of[64];
    int nruns = world_runs(legal, o.played, rep, of);
    int value[13];
    double sum[13];
    evaluate_world(e, g, o.seat, rep, nruns, value);
    for (int i = 0; i < nruns; i++)
        sum[i] = value[i];
    e->last_worlds = 1;
    return finish(legal, of, sum, 1, o.trump, out);
}
