/* expert.c: the `expert` level (Perfect Information Monte Carlo) and the cheating oracle. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "rollout.h"
#include "world.h"

/* Design. In the foreplay each decision samples worlds (complete deals the
 * seat's observation could have come from: world.c) and, in each world,
 * plays each legal card (one per run of equivalent cards), finishes the
 * foreplay with a fast policy for both players (rollout.c) but for its last
 * trick, which both play best on the world's deal (a small search whose
 * leaves are endgames: at that trick each player knows all but a card or
 * two), and solves the endgame exactly with the expert's one solver, whose
 * table stays valid across calls. A world's value is what the finished hand is worth to the
 * seat under the expert's stakes (gw_stakes_value: points of the scoring
 * rule in force, not tricks). A card's estimate is its mean over the
 * worlds; every card sees the same worlds. The worlds come from a generator seeded with the
 * expert's seed and a hash of the observation, so with an iteration bound
 * alone the answer depends on nothing else. A time bound stops before a
 * world would overrun it, and also once the choice is settled (see
 * settled()). In the endgame every card is known: values are exact. */

enum {
    MIN_SETTLED = 48,       /* worlds before a timed choice may count as settled */
    EXPERT_EXACT_TRICKS = 1 /* foreplay tricks at a playout's end played best on the world's deal (measured
                               with bench/bench_pimc: the last one gains, in equal time, over none) */
};

struct gw_expert {
    gw_expert_limits limits;
    uint64_t seed;
    gw_solver *solver;
    gw_stakes stakes;
    world_sampler sampler;
    int last_worlds; /* worlds the last estimate used */
    int exact;       /* foreplay tricks the playouts play best on the world's deal */
};

void expert_set_exact(gw_expert *e, int tricks) { e->exact = tricks < 0 ? 0 : tricks; }

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
    e->exact = EXPERT_EXACT_TRICKS;
    *out = e;
    return GW_OK;
}

void gw_expert_set_stakes(gw_expert *e, const gw_stakes *st) {
    e->stakes = st ? *st : (gw_stakes){GW_LAST13, 0, {0, 0}};
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
    if (a->points != b->points) return a->points > b->points;
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

/* A finished hand's worth to seat under the stakes, and the tricks the
 * scoring counts for it. */
static void worth(const gw_stakes *st, gw_variant v, int seat, const int endgame[2], const int all[2],
                  double *points, double *tricks) {
    *points = gw_stakes_value(st, v, seat, endgame, all);
    *tricks = st->scoring == GW_EVERY ? all[seat] : endgame[seat];
}

/* Exact values in the endgame, where the opponent's hand is known. -1 if
 * the observation does not make a well-formed position. */
static int endgame_estimate(gw_expert *e, const gw_observation *o, gw_card_estimate out[13]) {
    gw_card_value vals[13];
    int n = gw_endgame_values(e->solver, o, vals, NULL, NULL);
    int seat = o->seat, left = gw_count(o->own);
    for (int i = 0; i < n; i++) {
        int endgame[2], all[2];
        endgame[seat] = o->won[GW_ENDGAME][seat] + vals[i].tricks;
        endgame[1 - seat] = o->won[GW_ENDGAME][1 - seat] + left - vals[i].tricks;
        for (int p = 0; p < 2; p++)
            all[p] = o->won[GW_FOREPLAY][p] + endgame[p];
        out[i] = (gw_card_estimate){.card = vals[i].card, .samples = 1};
        worth(&e->stakes, o->variant, seat, endgame, all, &out[i].points, &out[i].tricks);
    }
    sort_estimates(out, n, o->trump);
    return n;
}

/* For each run: what the hand is worth to the seat (points, and counted
 * tricks) after playing its card in world w and playing out. */
static void evaluate_world(gw_expert *e, const gw_game *w, int seat, const gw_card *rep, int nruns,
                           double *value, double *tricks) {
    for (int i = 0; i < nruns; i++) {
        gw_game g = *w;
        int endgame[2] = {0, 0}, all[2] = {0, 0};
        if (gw_game_play(&g, rep[i], NULL) == GW_OK)
            rollout_play_ex(&g, e->solver, &e->stakes, e->exact, endgame, all);
        worth(&e->stakes, (gw_variant)w->variant, seat, endgame, all, &value[i], &tricks[i]);
    }
}

/* Running sums over the worlds: each run's values, and the differences of
 * each pair of runs (the same worlds serve every run). */
typedef struct tally {
    int worlds;
    double sum[13], tsum[13];         /* points, counted tricks */
    double dsum[13][13], dsq[13][13]; /* [i][j], i < j: value i - value j */
} tally;

static void tally_add(tally *t, const double *value, const double *tricks, int nruns) {
    t->worlds++;
    for (int i = 0; i < nruns; i++) {
        t->sum[i] += value[i];
        t->tsum[i] += tricks[i];
        for (int j = i + 1; j < nruns; j++) {
            double d = value[i] - value[j];
            t->dsum[i][j] += d;
            t->dsq[i][j] += d * d;
        }
    }
}

/* What one trick more for the seat (one fewer for the opponent) is worth
 * in points of the scoring, away from the slam and the tie: 2 when the
 * value is the trick difference (difference; total, where both score their
 * tricks), else 1. */
static double trick_points(gw_scoring s) { return s == GW_DIFFERENCE || s == GW_TOTAL ? 2.0 : 1.0; }

/* True when, at three standard errors of the paired differences, no other
 * run is better than the leading one by more than a tenth of a trick's
 * points (tolerance: 0.1 point, or 0.2 under difference and total, whose
 * values are twice the tricks, so that the rule means the same under every
 * scoring),
 * or never better when a difference does not vary at all: more worlds
 * would hardly change the choice or its worth. */
static bool settled(const tally *t, int nruns, double tolerance) {
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
        double margin = mean + tolerance; /* must exceed three standard errors */
        if (margin <= 0 || margin * margin <= 9.0 * var / n) return false;
    }
    return true;
}

/* The standard error of the mean of (run a's value - run b's) over t's worlds. */
static double pair_se(const tally *t, int a, int b) {
    if (a == b || t->worlds < 2) return 0.0;
    int lo = a < b ? a : b, hi = a < b ? b : a, n = t->worlds;
    double mean = t->dsum[lo][hi] / n, var = (t->dsq[lo][hi] / n - mean * mean) * n / (n - 1);
    return var > 0 ? sqrt(var / n) : 0.0;
}

/* The estimates from t's sums, sorted, each card's standard error against
 * the first. */
static int finish(gw_cards legal, const int *of, const tally *t, int trump, gw_card_estimate out[13]) {
    int n = 0, w = t->worlds;
    for (gw_cards l = legal; l; l &= l - 1) {
        gw_card c = gw_first(l);
        out[n++] = (gw_card_estimate){.card = c,
                                      .points = w ? t->sum[of[c]] / w : 0.0,
                                      .tricks = w ? t->tsum[of[c]] / w : 0.0,
                                      .samples = w};
    }
    sort_estimates(out, n, trump);
    for (int i = 0; i < n; i++)
        out[i].se = pair_se(t, of[out[0].card], of[out[i].card]);
    return n;
}

/* When no deal fits the observation (a hand-made one): the legal cards,
 * easy's first, unvalued. */
static int fallback(const gw_observation *o, gw_cards legal, gw_card_estimate out[13]) {
    gw_card first = gw_ai_easy(o, NULL);
    int n = 0;
    out[n++] = (gw_card_estimate){.card = first};
    for (gw_cards l = legal & ~gw_bit(first); l; l &= l - 1)
        out[n++] = (gw_card_estimate){.card = gw_first(l)};
    return n;
}

/* Where a decision's worlds come from: the sampler, or (the seer) the
 * true deal with the stock's hidden cards shuffled. */
typedef struct source {
    world_sampler *sampler;
    const gw_game *truth;
} source;

static bool next_world(source *src, gw_rng *rng, gw_game *out) {
    if (src->sampler) return world_sample(src->sampler, rng, out);
    *out = *src->truth;
    int n = gw_deck_size((gw_variant)out->variant);
    for (int i = n - 1; i > out->stock_pos + 1; i--) {
        int j = out->stock_pos + 1 + (int)gw_rng_below(rng, (uint32_t)(i - out->stock_pos));
        uint8_t t = out->deck[i];
        out->deck[i] = out->deck[j];
        out->deck[j] = t;
    }
    return true;
}

static int estimate(gw_expert *e, const gw_observation *o, gw_cards legal, source *src,
                    gw_card_estimate out[13]) {
    gw_card rep[13];
    int of[64];
    int nruns = world_runs(legal, o->played, o->led, rep, of);
    gw_rng rng;
    gw_rng_seed(&rng, gw_mix64(e->seed) ^ world_observation_hash(o));
    tally t;
    memset(&t, 0, sizeof t);
    int think = e->limits.think_ms, iterations = e->limits.iterations;
    const gw_clock *clock = e->limits.clock;
    uint64_t start = think ? gw_clock_now(clock) : 0, last = start;
    /* A world may take longer than the mean (and the machine may be busy):
     * plan for the slowest one so far, within a budget a little short of
     * the limit, so that no decision overruns it. */
    double budget = think - think / 8.0, slowest = 0;
    for (;;) {
        int worlds = t.worlds;
        if (iterations && worlds >= iterations) break;
        if (think && worlds > 0) {
            /* Stop if one more world could overrun the time, or (timed
             * thinking only) if the choice is settled already. */
            uint64_t now = gw_clock_now(clock);
            double spent = (double)(now - start), step = (double)(now - last), next = spent / worlds;
            last = now;
            if (step > slowest) slowest = step;
            if (slowest > next) next = slowest;
            if (spent + next > budget) break;
            if (worlds >= MIN_SETTLED && worlds % 8 == 0 &&
                settled(&t, nruns, 0.1 * trick_points(e->stakes.scoring)))
                break;
        }
        gw_game w;
        double value[13], tricks[13];
        if (!next_world(src, &rng, &w)) break;
        evaluate_world(e, &w, o->seat, rep, nruns, value, tricks);
        tally_add(&t, value, tricks, nruns);
    }
    e->last_worlds = t.worlds;
    if (t.worlds == 0) return fallback(o, legal, out);
    return finish(legal, of, &t, o->trump, out);
}

int gw_expert_estimate(gw_expert *e, const gw_observation *o, gw_card_estimate out[13]) {
    gw_cards legal = gw_observation_legal(o);
    e->last_worlds = 0;
    if (!legal) return 0;
    if (o->phase == GW_ENDGAME) {
        int n = endgame_estimate(e, o, out);
        return n >= 0 ? n : fallback(o, legal, out);
    }
    if (!world_prepare(&e->sampler, o)) return fallback(o, legal, out);
    source src = {&e->sampler, NULL};
    return estimate(e, o, legal, &src, out);
}

/* The cheats' start on the true deal g: the mover's observation and legal
 * cards, and the estimates where no search is needed (none legal; the
 * endgame, exact): their count, or -1 to search the foreplay. */
static int true_deal_start(gw_expert *e, const gw_game *g, gw_observation *o, gw_cards *legal,
                           gw_card_estimate out[13]) {
    gw_observe(g, g->turn, o);
    *legal = gw_observation_legal(o);
    e->last_worlds = 0;
    if (!*legal) return 0;
    if (o->phase != GW_ENDGAME) return -1;
    int n = endgame_estimate(e, o, out);
    return n >= 0 ? n : fallback(o, *legal, out);
}

int expert_seer_estimate(gw_expert *e, const gw_game *g, gw_card_estimate *out) {
    gw_observation o;
    gw_cards legal;
    int done = true_deal_start(e, g, &o, &legal, out);
    if (done >= 0) return done;
    source src = {NULL, g};
    return estimate(e, &o, legal, &src, out);
}

gw_card gw_expert_choose(gw_expert *e, const gw_observation *o) {
    gw_cards legal = gw_observation_legal(o);
    if (!legal) return GW_NO_CARD;
    gw_card rep[13];
    int of[64];
    if (o->phase == GW_FOREPLAY && world_runs(legal, o->played, o->led, rep, of) == 1)
        return rep[0]; /* nothing to choose */
    gw_card_estimate est[13];
    return gw_expert_estimate(e, o, est) ? est[0].card : GW_NO_CARD;
}

int gw_oracle_estimate(gw_expert *e, const gw_game *g, gw_card_estimate out[13]) {
    gw_observation o;
    gw_cards legal;
    int done = true_deal_start(e, g, &o, &legal, out);
    if (done >= 0) return done;
    gw_card rep[13];
    int of[64];
    int nruns = world_runs(legal, o.played, o.led, rep, of);
    double value[13], tricks[13];
    tally t;
    memset(&t, 0, sizeof t);
    evaluate_world(e, g, o.seat, rep, nruns, value, tricks);
    tally_add(&t, value, tricks, nruns);
    e->last_worlds = 1;
    return finish(legal, of, &t, o.trump, out);
}
