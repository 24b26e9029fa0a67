/* cmd_arena.c: `whist arena`: two sides (computer levels or outside programs) play duplicate deals of German
 * Whist or Android Whist against each other, each hand through a one-deal session; prints the margin, and
 * with --sprt stops once a sequential test decides. The games' own parts are in arena_german.c and
 * arena_android.c. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "bot_process.h"
#include "cli.h"
#include "engine_seat.h"
#include "gw/files.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "gw/seeds.h"

static const char HELP[] =
    "Usage: whist arena A B [--deals N] [--seed S] [--variant V] [--scoring S]\n"
    "                       [--jobs J] [--think-ms T] [--iterations I] [--json]\n"
    "                       [--sprt M0,M1] [--engine-a CMD] [--engine-b CMD] [--engine-ms MS]\n"
    "                       [--match SA,SB [--target T] [--match-known both|a|b|none]]\n"
    "       whist arena A B --game android [--deals N] [--seed S] [--jobs J]\n"
    "                       [--iterations I] [--think-ms T] [--json] [--sprt M0,M1] ...\n"
    "Plays side A against side B in duplicate: every deal is played twice with the\n"
    "same cards and dealer, once with A as player 1 and once with A as player 2, so\n"
    "the luck of the cards cancels. A side is a computer level (random, easy, hard,\n"
    "expert, oracle) or an outside program (--engine-a, --engine-b) that plays\n"
    "through the line protocol of `whist engine` (docs/protocol.md). Prints A's mean\n"
    "margin in the tricks the scoring counts per hand (endgame tricks; all tricks\n"
    "under every) with a 95% confidence interval, the share of hands each side won\n"
    "and the points per hand under the scoring (A's share and A's points minus B's\n"
    "with their 95% intervals), and the think time per card of each side. The last\n"
    "line sums it up; docs/arena.md explains the figures.\n"
    "\n"
    "  -g, --game G        german (default) or android: Android Whist, where A and\n"
    "                      B are the two humans (levels random, easy, hard), each\n"
    "                      playing their cards and commanding their android; the\n"
    "                      margin is in points per hand (tricks over six), and the\n"
    "                      hands of each seating are scored as rubbers\n"
    "                      (docs/android-ai.md)\n"
    "  -n, --deals N       deals to play, 1 to 1000000 (default 100; 2N hands); with\n"
    "                      --sprt the most deals the test may take\n"
    "  -s, --seed S        the run's seed: the same seed plays the same deals\n"
    "                      (default: a fresh one, printed)\n"
    "  -v, --variant V     classic (52 cards, default) or small (28 cards)\n"
    "  -S, --scoring S     last13 (default), every, difference or total: who won a hand,\n"
    "                      the points per hand, and the margin's tricks (every: all)\n"
    "  -j, --jobs J        play J deals at a time, 1 to 64 (default 1); an outside\n"
    "                      program runs once per job\n"
    "  -t, --think-ms T    expert and oracle: time per card in ms, 0 to 60000\n"
    "                      (default 200; 0 = no time bound, needs --iterations);\n"
    "                      android hard: an optional time bound per decision\n"
    "                      (default 0: none)\n"
    "  -i, --iterations I  expert and oracle: worlds sampled per card, 1 to\n"
    "                      10000000; alone it sets --think-ms 0, so that their\n"
    "                      play depends on the seed only; android hard: sampled\n"
    "                      deals per decision, 1 to 100000 (default 200)\n"
    "      --sprt M0,M1    stop once a sequential test decides between H0: A's\n"
    "                      margin per hand is M0 and H1: it is M1 (M0 < M1, in the\n"
    "                      margin's unit; 5% error each way; docs/arena.md)\n"
    "  -a, --engine-a CMD  side A is the program CMD (run by /bin/sh); then only B\n"
    "                      is named, as a level\n"
    "  -b, --engine-b CMD  side B is the program CMD; then only A is named\n"
    "      --engine-ms MS  a program's time for each answer, 1 to 600000 (default\n"
    "                      5000)\n"
    "      --match SA,SB   play every hand at this match score (A's, B's; each below\n"
    "                      the target): the computer plays for the match, and the\n"
    "                      share of hands that win it for each side is reported\n"
    "      --target T      the match's target with --match, 1 to 1000 (default 10)\n"
    "      --match-known K which sides play for the match with --match: both\n"
    "                      (default), a, b or none (the others play for the hand's\n"
    "                      points)\n"
    "      --json          print the results as one JSON object\n"
    "  -h, --help          show this help\n";

/* The rest of the help (one string would pass the 4095 characters C requires compilers to take). */
static const char HELP_NOTES[] =
    "\n"
    "Results depend only on the sides, the seed and the options, never on --jobs,\n"
    "except the think times and a player bounded by time (expert or oracle with\n"
    "--think-ms above 0, android hard with --think-ms), whose play depends on the\n"
    "speed of the machine.\n"
    "Exit status: 0 success, 1 a player failed or broke a rule (a program that\n"
    "exits, hangs past --engine-ms, writes garbage or plays an illegal card is\n"
    "named with the deal, its seed, the trick and what it sent), 2 usage error.\n";

#define DEALS_DEFAULT     100
#define DEALS_MAX         1000000
#define JOBS_MAX          64
#define THINK_MS_MAX      60000
#define ITERATIONS_MAX    10000000
#define ENGINE_MS_DEFAULT 5000
#define ENGINE_MS_MAX     600000
#define SPRT_ERROR        0.05 /* alpha and beta */
#define SPRT_MIN_DEALS    16   /* the sample variance is too rough below */

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

const char *arena_side_name(const arena *ar, int side) {
    return ar->side[side].engine ? "engine" : ar->game->level_name(ar->side[side].level);
}

bool arena_side_thinks(const arena *ar, int side) {
    return ar->side[side].engine || ar->game->level_thinks(ar->side[side].level);
}

void arena_print_think_text(const arena *ar, const summary *s, const char *unit, bool foreplay) {
    if (!arena_side_thinks(ar, 0) && !arena_side_thinks(ar, 1)) return;
    printf("Think time per %s: ", unit);
    bool first = true;
    for (int side = 0; side < 2; side++) {
        if (!arena_side_thinks(ar, side)) continue;
        char mean[32], median[32], fore[32], max[32], fore_text[64] = "";
        if (foreplay)
            snprintf(fore_text, sizeof fore_text, " (foreplay %s)",
                     arena_ms_text(s->think_median_foreplay[side], fore));
        printf("%s%s mean %s, median %s%s, max %s", first ? "" : "; ", side == 0 ? "A" : "B",
               arena_ms_text(s->think_mean[side], mean), arena_ms_text(s->think_median[side], median),
               fore_text, arena_ms_text(s->think_max[side], max));
        first = false;
    }
    printf(".\n");
}

/* A side for messages: "hard (A)", "the program 'python3 bot.py' (B)". */
static void side_text(const arena *ar, int side, char *out, size_t cap) {
    const char *who = side == 0 ? "A" : "B";
    if (ar->side[side].engine) {
        char cmd[120];
        bot_truncate(ar->side[side].cmd, 100, cmd, sizeof cmd);
        snprintf(out, cap, "the program '%s' (%s)", cmd, who);
    } else {
        snprintf(out, cap, "%s (%s)", ar->game->level_name(ar->side[side].level), who);
    }
}

/* ---- one hand, one deal --------------------------------------------------- */

/* The programs of one job: each engine side runs once per job, started at its first hand. */
typedef struct job {
    arena *ar;
    engine_seat *engine[2];
} job;

/* The number of the trick in play, for messages. */
static int trick_number(const gw_session *s) {
    const gw_game *g = gw_session_game(s);
    if (g) return gw_game_trick_number(g);
    const gw_android_game *a = gw_session_android_game(s);
    return a ? a->tricks_done + 1 : 0;
}

/* Whether the German hand in s is in its foreplay (the expert thinks there). */
static bool in_foreplay(const gw_session *s) {
    const gw_game *g = gw_session_game(s);
    return g && gw_game_phase(g) == GW_FOREPLAY;
}

/* Makes a side's program ready for a hand in which it is player p. */
static bool engine_ready(job *jb, int side, const gw_session *s, int p, char *why, size_t cap) {
    if (!jb->engine[side]) {
        jb->engine[side] = engine_seat_start(jb->ar->side[side].cmd, jb->ar->engine_ms, why, cap);
        if (!jb->engine[side]) return false;
    }
    return engine_seat_begin(jb->engine[side], s, p, why, cap);
}

/* Plays the hand of deal k in which A is player `play` + 1 (in play 0 side A
 * is player 0, in play 1 player 1), adding its outcome and think times to r.
 * False with the reason in why if a side could not be made, failed, or broke a rule. */
static bool play_hand(job *jb, int k, uint64_t ds, int play, const uint8_t *deck, int dealer, deal_result *r,
                      float *times, bool *foreplay, char *why, size_t cap) {
    arena *ar = jb->ar;
    const arena_game *game = ar->game;
    gw_session_config c;
    gw_error err;
    gw_session_config_default(&c, game->kind);
    game->configure(ar, &c);
    c.seed = ds;
    c.clock = gw_monotonic_clock();
    c.deck = deck;
    c.dealer = dealer;
    for (int p = 0; p < 2; p++) {
        const arena_side *sd = &ar->side[p ^ play];
        c.seats[p].kind = sd->engine ? GW_SEAT_OUTSIDE : GW_SEAT_COMPUTER;
        c.seats[p].level = sd->engine ? 0 : sd->level;
        c.seats[p].name[0] = '\0';
        c.seat_seed[p] = gw_seed_derive(ds, GW_SEED_ARENA_SEAT, (uint64_t)(2 * play + p));
        if (ar->match_on) {
            c.match_score[p] = ar->match_score[p ^ play];
            c.match_stakes[p] = (ar->match_known >> (p ^ play)) & 1;
        }
    }
    char where[200], who[160];
    game->where(ar, k, ds, where, sizeof where);
    gw_session *s = NULL;
    if (gw_session_new(&c, &s, &err) != GW_OK) {
        snprintf(why, cap, "%s: %s", where, err.msg);
        return false;
    }
    bool ok = true;
    for (int p = 0; p < 2 && ok; p++)
        if (ar->side[p ^ play].engine && !engine_ready(jb, p ^ play, s, p, why, cap)) {
            side_text(ar, p ^ play, who, sizeof who);
            char inner[ARENA_MSG_BYTES];
            snprintf(inner, sizeof inner, "%s", why);
            snprintf(why, cap, "%.150s, at the start of %.200s, with A as player %d: %.600s", who, where,
                     play + 1, inner);
            ok = false;
        }
    gw_turn t;
    while (ok && (t = gw_session_turn(s)).player >= 0) {
        int side = t.player ^ play, trick = trick_number(s);
        bool fore = in_foreplay(s);
        uint32_t before = gw_session_last_event(s);
        char inner[ARENA_MSG_BYTES] = "";
        double dt = 0;
        side_text(ar, side, who, sizeof who);
        if (t.computer) {
            gw_thought *th = NULL;
            gw_status st = gw_session_think_begin(s, &th, &err);
            if (st == GW_OK) {
                double t0 = now_ms();
                gw_thought_run(th);
                dt = now_ms() - t0;
                st = gw_session_think_end(s, th, &err);
            }
            if (st != GW_OK) {
                snprintf(inner, sizeof inner, "failed: %s", err.msg[0] ? err.msg : gw_status_name(st));
                ok = false;
            }
        } else {
            gw_action act;
            double t0 = now_ms();
            ok = engine_seat_decide(jb->engine[side], s, t.player, &act, inner, sizeof inner);
            dt = now_ms() - t0;
            gw_refusal no = GW_REFUSE_NONE;
            if (ok && gw_session_act(s, t.player, &act, &no, &err) != GW_OK) {
                char sent[300];
                snprintf(sent, sizeof sent, "%s", engine_seat_sent(jb->engine[side]));
                engine_seat_forfeit(jb->engine[side], gw_refusal_code(no), err.msg);
                snprintf(inner, sizeof inner, "played an illegal %s (%s: %s); it sent: %s",
                         act.kind == GW_ACTION_COMMAND ? "command" : "card", gw_refusal_code(no), err.msg,
                         sent);
                ok = false;
            }
        }
        if (!ok) {
            snprintf(why, cap, "%.150s, in %.200s, trick %d, with A as player %d: %.600s", who, where, trick,
                     play + 1, inner);
            break;
        }
        r->think_sum[side] += dt;
        if (dt > r->think_max[side]) r->think_max[side] = dt;
        if (r->decisions[side] < game->think_kept) {
            times[side * game->think_kept + r->decisions[side]] = (float)dt;
            foreplay[side * game->think_kept + r->decisions[side]] = fore;
        }
        r->decisions[side]++;
        if (t.kind == GW_ACTION_COMMAND) { /* Android: did the android carry the command out? */
            gw_event ev[8];
            bool failed = false;
            int n;
            for (uint32_t from = before + 1; (n = gw_session_events(s, from, GW_SPECTATOR, ev, 8)) > 0;
                 from += (uint32_t)n)
                for (int i = 0; i < n; i++)
                    failed |= ev[i].kind == GW_EVENT_ERROR;
            if (failed)
                r->errors[side]++;
            else
                r->plays[side]++;
        }
    }
    for (int p = 0; p < 2 && ok; p++)
        if (ar->side[p ^ play].engine && !engine_seat_end(jb->engine[p ^ play], s, why, cap)) {
            char inner[ARENA_MSG_BYTES];
            snprintf(inner, sizeof inner, "%s", why);
            side_text(ar, p ^ play, who, sizeof who);
            snprintf(why, cap, "%.150s, at the end of %.200s, with A as player %d: %.600s", who, where,
                     play + 1, inner);
            ok = false;
        }
    if (ok) game->score(ar, s, play, r);
    gw_session_free(s);
    return ok;
}

/* Plays deal k twice (duplicate) into its result. */
static bool play_deal(job *jb, int k, char *why, size_t cap) {
    arena *ar = jb->ar;
    uint64_t ds = gw_seed_derive(ar->seed, GW_SEED_ARENA_DEAL, (uint64_t)k);
    uint8_t deck[GW_MAX_DECK];
    int dealer = 0;
    ar->game->deal(ar, k, ds, deck, &dealer);
    deal_result *r = &ar->results[k];
    size_t kept = (size_t)ar->game->think_kept;
    memset(r, 0, sizeof *r);
    for (int play = 0; play < 2; play++)
        if (!play_hand(jb, k, ds, play, deck, dealer, r, ar->times + (size_t)k * 2 * kept,
                       ar->foreplay + (size_t)k * 2 * kept, why, cap))
            return false;
    return true;
}

/* ---- the run -------------------------------------------------------------- */

/* The log-likelihood ratio of H1 against H0 after n deals whose margins sum
 * to sum with squares sq (docs/arena.md); 0 while the variance is 0. */
static double sprt_llr(const arena_sprt *t, int n, double sum, double sq) {
    double mean = sum / n, var = (sq - sum * mean) / (n - 1);
    if (!(var > 1e-12)) return 0;
    return n * (t->m1 - t->m0) * (2 * mean - t->m0 - t->m1) / (2 * var);
}

/* Folds the deals played in a row from the first into the test (lock held). */
static void advance(arena *ar) {
    arena_sprt *t = &ar->sprt;
    while (ar->prefix < ar->deals && ar->done[ar->prefix] && t->decided == 0) {
        double m = ar->game->margin(&ar->results[ar->prefix]);
        ar->sum += m;
        ar->sq += m * m;
        ar->prefix++;
        if (!t->on || ar->prefix < t->min_deals) continue;
        t->llr = sprt_llr(t, ar->prefix, ar->sum, ar->sq);
        t->at = ar->prefix;
        if (t->llr >= t->upper || t->llr <= t->lower) {
            t->decided = t->llr >= t->upper ? 1 : -1;
            ar->stop = true;
        }
    }
}

/* A job: takes the next deal until none is left, a deal failed or the test
 * decided. Deals are handed out in order, so every deal below a failed one is
 * played and the error reported (the lowest failed deal's) does not depend
 * on timing; the test is fed the deals in order too. */
static void *job_run(void *arg) {
    job *jb = arg;
    arena *ar = jb->ar;
    char why[ARENA_MSG_BYTES];
    for (;;) {
        pthread_mutex_lock(&ar->lock);
        int k = ar->stop || ar->next >= ar->deals ? -1 : ar->next++;
        pthread_mutex_unlock(&ar->lock);
        if (k < 0) break;
        bool ok = play_deal(jb, k, why, sizeof why);
        pthread_mutex_lock(&ar->lock);
        if (ok) {
            ar->done[k] = true;
            advance(ar);
        } else {
            if (ar->err_deal < 0 || k < ar->err_deal) {
                ar->err_deal = k;
                snprintf(ar->err_msg, sizeof ar->err_msg, "%s", why);
            }
            ar->stop = true;
        }
        pthread_mutex_unlock(&ar->lock);
        if (!ok) break;
    }
    for (int side = 0; side < 2; side++)
        engine_seat_stop(jb->engine[side]);
    return NULL;
}

/* Runs the deals on up to jobs threads (the calling one if jobs is 1). */
static void run_all(arena *ar) {
    int jobs = ar->jobs > ar->deals ? ar->deals : ar->jobs;
    pthread_t threads[JOBS_MAX];
    job jb[JOBS_MAX];
    memset(jb, 0, sizeof jb);
    gw_protocol_prepare_threads(); /* before any thread spawns a program */
    int started = 0;
    for (int i = 0; i < jobs && jobs > 1; i++) {
        jb[i].ar = ar;
        if (pthread_create(&threads[i], NULL, job_run, &jb[i]) != 0) break;
        started++;
    }
    if (started == 0) { /* one job, or no thread could start */
        jb[0].ar = ar;
        job_run(&jb[0]);
    }
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
}

/* ---- the figures ---------------------------------------------------------- */

static int cmp_float(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The median decision time of a side over the deals played (or only its
 * foreplay decisions), in ms; 0 for none. */
static double think_median(const arena *ar, int n, int side, bool only_foreplay) {
    size_t kept = (size_t)ar->game->think_kept, count = 0;
    for (int k = 0; k < n; k++)
        count +=
            (size_t)(ar->results[k].decisions[side] < (int)kept ? ar->results[k].decisions[side] : (int)kept);
    if (count == 0) return 0;
    float *all = malloc(count * sizeof *all);
    if (!all) return -1;
    size_t at = 0;
    for (int k = 0; k < n; k++) {
        size_t base = ((size_t)k * 2 + (size_t)side) * kept;
        for (size_t i = 0; i < (size_t)ar->results[k].decisions[side] && i < kept; i++)
            if (!only_foreplay || ar->foreplay[base + i]) all[at++] = ar->times[base + i];
    }
    double m = 0;
    if (at > 0) {
        qsort(all, at, sizeof *all, cmp_float);
        m = all[at / 2];
    }
    free(all);
    return m;
}

/* Per deal figures, each the mean over the deal's two hands (side: A 0 or B 1, where it matters). */
/* A's points minus B's. */
static double deal_points(const deal_result *r, int side) {
    (void)side;
    return (r->points[0][0] - r->points[0][1] + r->points[1][0] - r->points[1][1]) / 2.0;
}

/* The share of the two hands that A won (0, 1/2 or 1; a tie is not a win). */
static double deal_won(const deal_result *r, int side) {
    (void)side;
    return ((r->winner[0] == 0) + (r->winner[1] == 0)) / 2.0;
}

/* --match: the share of the two hands that made side the match's winner. */
static double deal_match(const deal_result *r, int side) {
    return ((r->match_winner[0] == side) + (r->match_winner[1] == side)) / 2.0;
}

/* The mean of x over the n deals and its 95% half-width (0 with one deal). */
static void mean_ci(const arena *ar, int n, double (*x)(const deal_result *r, int side), int side,
                    double *mean, double *ci95) {
    double sum = 0, sq = 0;
    for (int k = 0; k < n; k++)
        sum += x(&ar->results[k], side);
    *mean = sum / n;
    for (int k = 0; k < n; k++) {
        double d = x(&ar->results[k], side) - *mean;
        sq += d * d;
    }
    *ci95 = n > 1 ? 1.96 * sqrt(sq / (n - 1)) / sqrt((double)n) : 0;
}

/* --match: A's share minus B's in a deal. */
static double deal_match_margin(const deal_result *r, int side) {
    (void)side;
    return deal_match(r, 0) - deal_match(r, 1);
}

static void summarize(const arena *ar, double wall_ms, summary *s) {
    memset(s, 0, sizeof *s);
    int n = ar->played, won[2] = {0, 0}, ties = 0, decisions[2] = {0, 0}, plays[2] = {0, 0},
        errors[2] = {0, 0};
    double sum = 0, tricks = 0, points[2] = {0, 0}, think[2] = {0, 0};
    for (int k = 0; k < n; k++) {
        const deal_result *r = &ar->results[k];
        sum += ar->game->margin(r);
        for (int play = 0; play < 2; play++) {
            tricks += (r->tricks[play][0] - r->tricks[play][1]) / 2.0;
            if (r->winner[play] < 0)
                ties++;
            else
                won[r->winner[play]]++;
            for (int side = 0; side < 2; side++) /* under running total both score */
                points[side] += r->points[play][side];
        }
        for (int side = 0; side < 2; side++) {
            think[side] += r->think_sum[side];
            decisions[side] += r->decisions[side];
            plays[side] += r->plays[side];
            errors[side] += r->errors[side];
            if (r->think_max[side] > s->think_max[side]) s->think_max[side] = r->think_max[side];
        }
    }
    s->deals = n;
    s->hands = 2 * n;
    s->margin = sum / n;
    s->tricks_margin = tricks / n;
    if (n > 1) {
        double sq = 0;
        for (int k = 0; k < n; k++) {
            double d = ar->game->margin(&ar->results[k]) - s->margin;
            sq += d * d;
        }
        s->sd = sqrt(sq / (n - 1));
        s->ci95 = 1.96 * s->sd / sqrt((double)n);
    }
    /* Points and hands won, paired by deal as the margin. */
    double won_share;
    mean_ci(ar, n, deal_points, 0, &s->points_margin, &s->points_ci95);
    s->points_sd = s->points_ci95 * sqrt((double)n) / 1.96;
    mean_ci(ar, n, deal_won, 0, &won_share, &s->won_ci95);
    s->won_ci95 *= 100;
    for (int side = 0; side < 2; side++) {
        s->won_pct[side] = 100.0 * won[side] / s->hands;
        s->points[side] = points[side] / s->hands;
        s->errors_per_play[side] = plays[side] ? (double)errors[side] / plays[side] : 0;
        s->think_mean[side] = decisions[side] ? think[side] / decisions[side] : 0;
        s->think_median[side] = think_median(ar, n, side, false);
        s->think_median_foreplay[side] = think_median(ar, n, side, true);
    }
    s->ties_pct = 100.0 * ties / s->hands;
    if (ar->match_on) {
        double b, bci;
        mean_ci(ar, n, deal_match, 0, &s->match_pct[0], &s->match_ci95);
        mean_ci(ar, n, deal_match, 1, &b, &bci);
        mean_ci(ar, n, deal_match_margin, 0, &s->match_margin, &s->match_margin_ci95);
        s->match_pct[0] *= 100;
        s->match_ci95 *= 100;
        s->match_pct[1] = 100 * b;
        s->match_margin *= 100;
        s->match_margin_ci95 *= 100;
        s->match_open_pct = 100 - s->match_pct[0] - s->match_pct[1];
    }
    if (ar->game->summarize) ar->game->summarize(ar, s);
    s->wall_s = wall_ms / 1e3;
}

const char *arena_signed2(double x, char out[32]) {
    if (fabs(x) < 0.005) x = 0;
    snprintf(out, 32, "%+.2f", x);
    return out;
}

const char *arena_ms_text(double ms, char out[32]) {
    if (ms >= 1)
        snprintf(out, 32, "%.1f ms", ms);
    else
        snprintf(out, 32, "%.1f \xC2\xB5s", ms * 1e3);
    return out;
}

void arena_print_margin_text(const summary *s, const char *unit) {
    char m[32], lo[32], hi[32];
    printf("Margin of A in %s per hand: %s", unit, arena_signed2(s->margin, m));
    if (s->deals > 1)
        printf(", 95%% interval %s to %s (sd per deal %.2f).\n", arena_signed2(s->margin - s->ci95, lo),
               arena_signed2(s->margin + s->ci95, hi), s->sd);
    else
        printf(" (one deal: no confidence interval; shown as 0.00 below).\n");
}

void arena_print_margin_json(const summary *s) {
    printf("\"margin\": %.6f, ", s->margin == 0 ? 0.0 : s->margin);
    if (s->deals > 1)
        printf("\"ci95\": %.6f, \"margin_sd\": %.6f, ", s->ci95, s->sd);
    else
        printf("\"ci95\": null, \"margin_sd\": null, ");
}

void arena_print_sprt_text(const arena *ar) {
    const arena_sprt *t = &ar->sprt;
    if (!t->on) return;
    char m0[32], m1[32];
    printf("Sequential test H0 %s against H1 %s (5%% errors, bounds %.2f and %.2f): ",
           arena_signed2(t->m0, m0), arena_signed2(t->m1, m1), t->lower, t->upper);
    if (t->decided > 0)
        printf("H1 accepted after %d deals (LLR %.2f): stopped.\n", t->at, t->llr);
    else if (t->decided < 0)
        printf("H0 accepted after %d deals (LLR %.2f): stopped.\n", t->at, t->llr);
    else if (t->at == 0)
        printf("undecided: fewer than %d deals.\n", t->min_deals);
    else
        printf("undecided after all %d deals (LLR %.2f).\n", t->at, t->llr);
}

void arena_print_sprt_json(const arena *ar) {
    const arena_sprt *t = &ar->sprt;
    if (!t->on) return;
    printf(
        "\"sprt\": {\"m0\": %.6f, \"m1\": %.6f, \"alpha\": %.4f, \"beta\": %.4f, \"lower\": %.6f, \"upper\": "
        "%.6f, \"result\": \"%s\", \"deals\": %d, \"llr\": %.6f}, ",
        t->m0, t->m1, t->alpha, t->beta, t->lower, t->upper,
        t->decided > 0   ? "H1"
        : t->decided < 0 ? "H0"
                         : "undecided",
        t->at, t->llr);
}

void arena_print_engines_text(const arena *ar) {
    for (int side = 0; side < 2; side++)
        if (ar->side[side].engine)
            printf("Side %s is the program: %s (%d ms per answer).\n", side == 0 ? "A" : "B",
                   ar->side[side].cmd, ar->engine_ms);
}

void arena_print_engines_json(const arena *ar) {
    for (int side = 0; side < 2; side++)
        if (ar->side[side].engine) {
            printf("\"engine_%s\": ", side == 0 ? "a" : "b");
            cli_json_string(stdout, ar->side[side].cmd);
            printf(", ");
        }
    if (ar->side[0].engine || ar->side[1].engine) printf("\"engine_ms\": %d, ", ar->engine_ms);
}

/* ---- options -------------------------------------------------------------- */

/* A whole number in [lo, hi] for option name; false with a usage message. */
static bool parse_int(const char *s, const char *name, long lo, long hi, int *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || !(*s >= '0' && *s <= '9') || *end != '\0' || v < lo || v > hi) {
        cli_usage_error("arena", "%s must be a whole number from %ld to %ld, not '%s'", name, lo, hi, s);
        return false;
    }
    *out = (int)v;
    return true;
}

/* --sprt M0,M1: two numbers, M0 < M1, each within ±13. */
static bool parse_sprt(const char *s, arena_sprt *t) {
    char *end, *end2 = NULL;
    errno = 0;
    double m0 = strtod(s, &end);
    double m1 = *end == ',' ? strtod(end + 1, &end2) : 0;
    if (errno || end == s || *end != ',' || end2 == end + 1 || *end2 != '\0' || !(m0 < m1) || fabs(m0) > 13 ||
        fabs(m1) > 13) {
        cli_usage_error("arena", "--sprt takes two margins M0,M1 with M0 < M1 (for example 0,0.2), not '%s'",
                        s);
        return false;
    }
    t->on = true;
    t->m0 = m0;
    t->m1 = m1;
    t->alpha = t->beta = SPRT_ERROR;
    t->lower = log(t->beta / (1 - t->alpha));
    t->upper = log((1 - t->beta) / t->alpha);
    t->min_deals = SPRT_MIN_DEALS;
    return true;
}

/* Plays the run and prints it: the arena is configured. */
static int run_and_print(arena *ar, bool json) {
    size_t kept = (size_t)ar->game->think_kept, n = (size_t)ar->deals;
    ar->results = calloc(n, sizeof *ar->results);
    ar->times = calloc(n * 2 * kept, sizeof *ar->times);
    ar->foreplay = calloc(n * 2 * kept, sizeof *ar->foreplay);
    ar->done = calloc(n, sizeof *ar->done);
    int rc = CLI_OK;
    if (!ar->results || !ar->times || !ar->foreplay || !ar->done) {
        fprintf(stderr, "whist arena: out of memory for %d deals\n", ar->deals);
        rc = CLI_FAIL;
    } else if (pthread_mutex_init(&ar->lock, NULL) != 0) {
        fprintf(stderr, "whist arena: cannot make a lock\n");
        rc = CLI_FAIL;
    } else {
        double t0 = now_ms();
        run_all(ar);
        double wall = now_ms() - t0;
        pthread_mutex_destroy(&ar->lock);
        ar->played = ar->sprt.decided ? ar->sprt.at : ar->deals;
        if (ar->err_deal >= 0 && ar->err_deal < ar->played) {
            fprintf(stderr, "whist arena: %s\n", ar->err_msg);
            rc = CLI_FAIL;
        } else {
            summary s;
            summarize(ar, wall, &s);
            if (json)
                ar->game->print_json(ar, &s, ar->jobs);
            else
                ar->game->print_text(ar, &s, ar->jobs);
            if (fflush(stdout) != 0) {
                perror("whist arena");
                rc = CLI_FAIL;
            }
        }
    }
    free(ar->results);
    free(ar->times);
    free(ar->foreplay);
    free(ar->done);
    return rc;
}

int cmd_arena(int argc, char **argv) {
    enum { OPT_SPRT = 256, OPT_ENGINE_MS, OPT_MATCH, OPT_TARGET, OPT_MATCH_KNOWN };
    static const struct option OPTIONS[] = {{"deals", required_argument, NULL, 'n'},
                                            {"seed", required_argument, NULL, 's'},
                                            {"variant", required_argument, NULL, 'v'},
                                            {"scoring", required_argument, NULL, 'S'},
                                            {"jobs", required_argument, NULL, 'j'},
                                            {"think-ms", required_argument, NULL, 't'},
                                            {"iterations", required_argument, NULL, 'i'},
                                            {"json", no_argument, NULL, 'J'},
                                            {"game", required_argument, NULL, 'g'},
                                            {"sprt", required_argument, NULL, OPT_SPRT},
                                            {"engine-a", required_argument, NULL, 'a'},
                                            {"engine-b", required_argument, NULL, 'b'},
                                            {"engine-ms", required_argument, NULL, OPT_ENGINE_MS},
                                            {"match", required_argument, NULL, OPT_MATCH},
                                            {"target", required_argument, NULL, OPT_TARGET},
                                            {"match-known", required_argument, NULL, OPT_MATCH_KNOWN},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    arena ar;
    memset(&ar, 0, sizeof ar);
    ar.game = &ARENA_GERMAN;
    ar.variant = GW_CLASSIC;
    ar.scoring = GW_LAST13;
    ar.deals = DEALS_DEFAULT;
    ar.jobs = 1;
    ar.engine_ms = ENGINE_MS_DEFAULT;
    ar.err_deal = -1;
    int think_ms = GW_THINK_MS_DEFAULT, iterations = 0, npos = 0;
    ar.target = GW_TARGET_DEFAULT;
    ar.match_known = 3;
    const char *match = NULL;
    bool match_options = false;
    bool has_seed = false, has_think = false, json = false, german_options = false;
    const char *names[2] = {NULL, NULL};
    opterr = 0;
    optind = 1;
    /* Options may come before, between and after A and B: getopt stops at
     * each word that is not an option, which is taken and skipped. After
     * "--" every word is A or B (handled here: getopt's own handling of "--"
     * assumes it was not restarted). */
    for (;;) {
        if (optind < argc && strcmp(argv[optind], "--") == 0) {
            for (optind++; optind < argc; optind++) {
                if (npos >= 2) return cli_usage_error("arena", "unexpected argument '%s'", argv[optind]);
                names[npos++] = argv[optind];
            }
            break;
        }
        int opt = getopt_long(argc, argv, "+:n:s:v:S:j:t:i:g:a:b:h", OPTIONS, NULL);
        if (opt == -1) {
            if (optind >= argc) break;
            if (npos >= 2) return cli_usage_error("arena", "unexpected argument '%s'", argv[optind]);
            names[npos++] = argv[optind++];
            continue;
        }
        switch (opt) {
        case 'n':
            if (!parse_int(optarg, "--deals", 1, DEALS_MAX, &ar.deals)) return CLI_USAGE;
            break;
        case 's':
            if (!cli_parse_seed("arena", optarg, &ar.seed)) return CLI_USAGE;
            has_seed = true;
            break;
        case 'v':
            if (!cli_parse_variant("arena", optarg, &ar.variant)) return CLI_USAGE;
            german_options = true;
            break;
        case 'S':
            if (!cli_parse_scoring("arena", optarg, &ar.scoring)) return CLI_USAGE;
            german_options = true;
            break;
        case 'g': {
            gw_game_kind g;
            if (!gw_game_kind_parse(optarg, &g))
                return cli_usage_error("arena", "unknown game '%s' (german or android)", optarg);
            ar.game = g == GW_GAME_ANDROID ? &ARENA_ANDROID : &ARENA_GERMAN;
            break;
        }
        case 'j':
            if (!parse_int(optarg, "--jobs", 1, JOBS_MAX, &ar.jobs)) return CLI_USAGE;
            break;
        case 't':
            if (!parse_int(optarg, "--think-ms", 0, THINK_MS_MAX, &think_ms)) return CLI_USAGE;
            has_think = true;
            break;
        case 'i':
            if (!parse_int(optarg, "--iterations", 1, ITERATIONS_MAX, &iterations)) return CLI_USAGE;
            break;
        case OPT_SPRT:
            if (!parse_sprt(optarg, &ar.sprt)) return CLI_USAGE;
            break;
        case 'a':
        case 'b':
            if (!optarg[0]) return cli_usage_error("arena", "--engine-%c needs a command", opt);
            ar.side[opt - 'a'].engine = true;
            ar.side[opt - 'a'].cmd = optarg;
            break;
        case OPT_ENGINE_MS:
            if (!parse_int(optarg, "--engine-ms", 1, ENGINE_MS_MAX, &ar.engine_ms)) return CLI_USAGE;
            break;
        case OPT_MATCH: match = optarg; break;
        case OPT_TARGET:
            if (!parse_int(optarg, "--target", GW_TARGET_MIN, GW_TARGET_MAX, &ar.target)) return CLI_USAGE;
            match_options = true;
            break;
        case OPT_MATCH_KNOWN: {
            static const char *const KNOWN[] = {"none", "a", "b", "both"};
            int k = 0;
            while (k < 4 && strcmp(optarg, KNOWN[k]) != 0)
                k++;
            if (k == 4)
                return cli_usage_error("arena", "--match-known is both, a, b or none, not '%s'", optarg);
            ar.match_known = k;
            match_options = true;
            break;
        }
        case 'J': json = true; break;
        case 'h':
            fputs(HELP, stdout);
            fputs(HELP_NOTES, stdout);
            return CLI_OK;
        default: return cli_bad_option("arena", argv, optind);
        }
    }
    bool android = ar.game->kind == GW_GAME_ANDROID;
    int want = 2 - ar.side[0].engine - ar.side[1].engine, at = 0;
    if (npos != want) {
        if (want == 2)
            return cli_usage_error("arena", "expected two levels, A and B (%s)", ar.game->levels_list);
        if (want == 1)
            return cli_usage_error("arena", "expected one level for the side that is no program (%s)",
                                   ar.game->levels);
        return cli_usage_error("arena", "unexpected argument '%s': both sides are programs", names[0]);
    }
    for (int side = 0; side < 2; side++) {
        if (ar.side[side].engine) continue;
        if (!ar.game->parse_level(names[at], &ar.side[side].level))
            return cli_usage_error("arena", "unknown level '%s'%s (%s)", names[at],
                                   android ? " for --game android" : "", ar.game->levels);
        at++;
    }
    if (match) {
        char *end, *end2 = NULL;
        errno = 0;
        long a = strtol(match, &end, 10), b = *end == ',' ? strtol(end + 1, &end2, 10) : -1;
        if (errno || !(match[0] >= '0' && match[0] <= '9') || *end != ',' ||
            !(end[1] >= '0' && end[1] <= '9') || *end2 != '\0' || a >= ar.target || b >= ar.target)
            return cli_usage_error(
                "arena",
                "--match takes A's and B's match scores before each hand, SA,SB, each from 0 "
                "to the target less one (%d), not '%s'",
                ar.target - 1, match);
        ar.match_on = true;
        ar.match_score[0] = (int)a;
        ar.match_score[1] = (int)b;
    } else if (match_options) {
        return cli_usage_error("arena", "--target and --match-known go with --match SA,SB");
    }
    if (android) {
        if (german_options) return cli_usage_error("arena", "--variant and --scoring are for --game german");
        if (ar.match_on) return cli_usage_error("arena", "--match is for --game german");
        if (iterations > GW_ANDROID_SAMPLES_MAX)
            return cli_usage_error("arena",
                                   "--iterations must be a whole number from 1 to %d with --game android",
                                   GW_ANDROID_SAMPLES_MAX);
        ar.android_samples = iterations > 0 ? iterations : GW_ANDROID_SAMPLES_DEFAULT;
        ar.android_think_ms = has_think ? think_ms : 0;
    } else {
        if (iterations > 0 && !has_think) think_ms = 0;
        if (think_ms == 0 && iterations == 0)
            return cli_usage_error("arena", "--think-ms 0 leaves the expert no limit: give --iterations too");
        ar.limits = (gw_expert_limits){think_ms, iterations, NULL};
    }
    if (!has_seed) ar.seed = gw_fresh_seed();
    return run_and_print(&ar, json);
}
