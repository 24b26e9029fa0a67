/* rating.c: Glicko-2 rating periods (Glickman, "Example of the Glicko-2 system", 2013), rule families and
 * the computer levels' fixed ratings (include/gw/rating.h). */
#include "gw/rating.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>

#include "gw/deck.h"
#include "gw/levels.h"
#include "gw/score.h"

/* The system constant: how far the volatility may move in a period (Glickman: reasonable choices are 0.3
 * to 1.2; smaller keeps it from jumping on a few surprising results, which a card game with luck in every
 * deal will give). */
#define TAU 0.5
/* Glicko-2's scale factor between the Glicko scale and its own (173.7178 = 400 / ln 10). */
#define SCALE 173.7178
/* The volatility's iteration (step 5 of the paper): stop when the bracket is this narrow, or after this
 * many steps (the Illinois algorithm converges in a handful; the cap only guards against a loop). */
#define VOL_EPSILON   0.000001
#define VOL_ITERS_MAX 100
/* Bracketing the volatility from below (step 5.2) moves by tau at most this many times. */
#define VOL_BRACKET_MAX 100

static const double pi = 3.14159265358979323846;

void gw_rating_default(gw_rating *r) {
    r->rating = GW_RATING_DEFAULT;
    r->rd = GW_RATING_RD_MAX;
    r->vol = GW_RATING_VOL_DEFAULT;
    r->games = 0;
}

/* Checks one rating's values: the player's (index 0) or opponent index's (1, 2, ...). */
static gw_status check_rating(const gw_rating *r, int index, gw_error *err) {
    const char *what = NULL;
    if (!isfinite(r->rating) || r->rating < GW_RATING_MIN || r->rating > GW_RATING_MAX)
        what = "the rating must be a number from 0 to 4000";
    else if (!isfinite(r->rd) || !(r->rd > 0.0) || r->rd > GW_RATING_RD_MAX)
        what = "the rating deviation must be above 0 and at most 350";
    else if (!isfinite(r->vol) || !(r->vol > 0.0) || r->vol > 1.0)
        what = "the volatility must be above 0 and at most 1";
    else if (r->games < 0)
        what = "the number of games must not be negative";
    if (!what) return GW_OK;
    if (index == 0) return gw_error_set(err, GW_EINVAL, 0, 0, "the player's rating: %s", what);
    return gw_error_set(err, GW_EINVAL, 0, 0, "opponent %d's rating: %s", index, what);
}

/* g(phi) of the paper: how much an opponent's uncertainty damps the game's weight. */
static double g_of(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (pi * pi)); }

/* E(mu, mu_j, phi_j): the expected score against the opponent. */
static double expected(double mu, double mu_j, double g_j) { return 1.0 / (1.0 + exp(-g_j * (mu - mu_j))); }

/* f(x) of step 5, whose root is ln(sigma'^2). */
static double vol_f(double x, double delta, double phi, double v, double a) {
    double ex = exp(x);
    double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU);
}

/* Step 5: the new volatility by the Illinois algorithm (a regula falsi that halves the stale end). */
static double new_volatility(double sigma, double delta, double phi, double v) {
    double a = log(sigma * sigma);
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (k < VOL_BRACKET_MAX && vol_f(a - k * TAU, delta, phi, v, a) < 0.0)
            k++;
        B = a - k * TAU;
    }
    double fA = vol_f(A, delta, phi, v, a), fB = vol_f(B, delta, phi, v, a);
    for (int i = 0; i < VOL_ITERS_MAX && fabs(B - A) > VOL_EPSILON; i++) {
        if (fB == fA) /* cannot happen with a true bracket; never divide by zero */
            break;
        double C = A + (A - B) * fA / (fB - fA);
        double fC = vol_f(C, delta, phi, v, a);
        if (fC * fB <= 0.0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2.0);
}

static double clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

gw_status gw_rating_update(const gw_rating *r, const gw_rating_game *games, int n, gw_rating *out,
                           gw_error *err) {
    if (!r || !out) return gw_error_set(err, GW_EINVAL, 0, 0, "no rating given");
    if (n < 0 || n > GW_RATING_GAMES_MAX)
        return gw_error_set(err, GW_EINVAL, 0, 0, "a rating period holds 0 to 10000 games, not %d", n);
    if (n > 0 && !games) return gw_error_set(err, GW_EINVAL, 0, 0, "%d games announced but none given", n);
    gw_status st = check_rating(r, 0, err);
    if (st != GW_OK) return st;
    if (r->games > INT_MAX - n) return gw_error_set(err, GW_EINVAL, 0, 0, "too many games");
    for (int j = 0; j < n; j++) {
        st = check_rating(&games[j].opponent, j + 1, err);
        if (st != GW_OK) return st;
        double s = games[j].score;
        if (!isfinite(s) || s < 0.0 || s > 1.0)
            return gw_error_set(err, GW_EINVAL, 0, 0, "game %d: a score is from 0 (a loss) to 1 (a win)",
                                j + 1);
    }

    /* Step 2: onto the Glicko-2 scale. */
    double mu = (r->rating - GW_RATING_DEFAULT) / SCALE;
    double phi = r->rd / SCALE;
    gw_rating next = *r;
    next.games = r->games + n;
    if (n == 0) {
        /* No games: the rating and volatility stay, the deviation grows (step 6 alone). */
        next.rd = fmin(SCALE * sqrt(phi * phi + r->vol * r->vol), GW_RATING_RD_MAX);
        *out = next;
        gw_error_clear(err);
        return GW_OK;
    }

    /* Steps 3 and 4: the estimated variance v and improvement delta. */
    double inv_v = 0.0, sum = 0.0;
    for (int j = 0; j < n; j++) {
        double g_j = g_of(games[j].opponent.rd / SCALE);
        double e_j = expected(mu, (games[j].opponent.rating - GW_RATING_DEFAULT) / SCALE, g_j);
        inv_v += g_j * g_j * e_j * (1.0 - e_j);
        sum += g_j * (games[j].score - e_j);
    }
    double v = 1.0 / inv_v;
    double delta = v * sum;

    /* Steps 5 to 7: volatility, pre-period deviation, new deviation and rating. */
    double sigma = new_volatility(r->vol, delta, phi, v);
    double phi_star = sqrt(phi * phi + sigma * sigma);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * sum;

    /* Step 8: back onto the Glicko scale. */
    next.rating = clamp(SCALE * mu_new + GW_RATING_DEFAULT, GW_RATING_MIN, GW_RATING_MAX);
    next.rd = fmin(SCALE * phi_new, GW_RATING_RD_MAX);
    next.vol = clamp(sigma, 1e-9, 1.0);
    *out = next;
    gw_error_clear(err);
    return GW_OK;
}

/* ---- rule families ------------------------------------------------------------------------------- */

/* Every German Whist family by variant (classic, small) and scoring (last13, every, difference, total),
 * the names gw_variant_name and gw_scoring_name give (tests/unit/test_rating.c checks they agree). */
static const char *const german_families[2][GW_SCORINGS] = {
    {"german-classic-last13", "german-classic-every", "german-classic-difference", "german-classic-total"},
    {"german-small-last13", "german-small-every", "german-small-difference", "german-small-total"},
};

const char *gw_rating_family(const gw_session_config *c) {
    if (!c) return NULL;
    if (c->game == GW_GAME_ANDROID) return "android";
    if (c->game != GW_GAME_GERMAN) return NULL;
    int v = (int)c->rules.variant, s = (int)c->rules.scoring;
    if (v < GW_CLASSIC || v > GW_SMALL || s < 0 || s >= GW_SCORINGS) return NULL;
    return german_families[v][s];
}

/* ---- the computer levels ------------------------------------------------------------------------- */

/* The fixed ratings by level, on the scale of a rated game: a whole German Whist match or Android Whist
 * rubber (docs/stats.md, "Ratings"). Each step's rating difference is the Glicko/Elo expected score's,
 * 400·log10(s / (1 − s)), of the share s of the games the stronger level won; hard, the default computer
 * opponent, is anchored at 1500, where a new player starts. German Whist, classic, last13, to 10 (used for
 * every family; whist of commit 7b96f9b, RelWithDebInfo):
 *   hard vs easy: 82.0% of 300 matches (78.0 to 86.0) -> +263 (+220 to +315):
 *     SEEDS=150 STEPS=hard:easy bench/rating_ladder.sh (match seeds 1..150, each played both ways);
 *   easy vs random: 300 of 300 matches; with none lost, 99.0% is the most the run shows at 95% (the rule of
 *     three, 3/300) -> +798 (bench/rating_hands.py empirical on these matches' hands says +1750: random
 *     wins almost never);
 *   expert vs hard (200 ms per card): 81.0% of 100 matches (73.7 to 88.3) -> +252 (+179 to +352):
 *     SEEDS=10 and FIRST=11 SEEDS=40, STEPS=expert:hard (seeds 1..50), joined by bench/rating_hands.py
 *     matches; the arena ladder's hands (docs/ai.md: 62.7% ± 3.0 won, margin +2.00) give +233 (+152 to
 *     +326) through a model of independent hands (bench/rating_hands.py normal 2.00 62.7), which gives +291
 *     for hard vs easy's arena figures, inside that step's interval.
 * Android Whist: the rubbers of docs/android-ai.md's arena runs (2,000 deals each, seed 1):
 *   hard vs easy 552-47: 92.2% (90.0 to 94.3) -> +428 (+382 to +488);
 *   easy vs random 617-15: 97.6% (96.4 to 98.8) -> +646 (+573 to +768). */
static const double german_levels[GW_AI_EXPERT + 1] = {
    [GW_AI_RANDOM] = 439.0, /* easy - 798 */
    [GW_AI_EASY] = 1237.0,  /* hard - 263 */
    [GW_AI_HARD] = 1500.0,  /* the anchor */
    [GW_AI_EXPERT] = 1752.0 /* hard + 252 */
};
static const double android_levels[GW_ANDROID_LEVELS] = {
    [GW_ANDROID_RANDOM] = 426.0, /* easy - 646 */
    [GW_ANDROID_EASY] = 1072.0,  /* hard - 428 */
    [GW_ANDROID_HARD] = 1500.0   /* the anchor */
};

gw_rating gw_rating_computer(gw_game_kind game, int level) {
    gw_rating r;
    gw_rating_default(&r);
    double value = -1.0;
    if (game == GW_GAME_GERMAN && level >= GW_AI_RANDOM && level <= GW_AI_EXPERT)
        value = german_levels[level];
    else if (game == GW_GAME_ANDROID && level >= GW_ANDROID_RANDOM && level < GW_ANDROID_LEVELS)
        value = android_levels[level];
    if (value >= 0.0) {
        r.rating = value;
        r.rd = GW_RATING_COMPUTER_RD;
    }
    return r;
}
