/* cmd_arena.c: `whist arena`: two computer levels play duplicate deals of German Whist or Android Whist
 * against each other; prints the margin. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gw/files.h"
#include "gw/ai.h"
#include "gw/android_ai.h"
#include "gw/android_score.h"
#include "gw/deck.h"
#include "gw/monotonic.h"

static const char HELP[] =
    "Usage: whist arena A B [--deals N] [--seed S] [--variant V] [--scoring S]\n"
    "                       [--jobs J] [--think-ms T] [--iterations I] [--json]\n"
    "       whist arena A B --game android [--deals N] [--seed S] [--jobs J]\n"
    "                       [--iterations I] [--think-ms T] [--json]\n"
    "Plays computer level A against level B (random, easy, hard, expert, oracle)\n"
    "in duplicate: every deal is played twice with the same cards and dealer, once\n"
    "with A as player 1 and once with A as player 2, so the luck of the cards\n"
    "cancels. Prints A's mean margin in endgame tricks per hand with a 95%\n"
    "confidence interval, the share of hands each side won and the match points\n"
    "per hand under the scoring, and the think time per card of each side. The\n"
    "last line sums it up; docs/arena.md explains the figures.\n"
    "\n"
    "  -g, --game G        german (default) or android: Android Whist, where A and\n"
    "                      B are the two humans (levels random, easy, hard), each\n"
    "                      playing their cards and commanding their android; the\n"
    "                      margin is in points per hand (tricks over six), and the\n"
    "                      hands of each seating are scored as rubbers\n"
    "                      (docs/android-ai.md)\n"
    "  -n, --deals N       deals to play, 1 to 1000000 (default 100; 2N hands)\n"
    "  -s, --seed S        the run's seed: the same seed plays the same deals\n"
    "                      (default: a fresh one, printed)\n"
    "  -v, --variant V     classic (52 cards, default) or small (28 cards)\n"
    "  -S, --scoring S     last13 (default), every, difference or total: who won a hand\n"
    "                      and the points per hand\n"
    "  -j, --jobs J        play J deals at a time, 1 to 64 (default 1)\n"
    "  -t, --think-ms T    expert and oracle: time per card in ms, 0 to 60000\n"
    "                      (default 200; 0 = no time bound, needs --iterations);\n"
    "                      android hard: an optional time bound per decision\n"
    "                      (default 0: none)\n"
    "  -i, --iterations I  expert and oracle: worlds sampled per card, 1 to\n"
    "                      10000000; alone it sets --think-ms 0, so that their\n"
    "                      play depends on the seed only; android hard: sampled\n"
    "                      deals per decision, 1 to 100000 (default 200)\n"
    "      --json          print the results as one JSON object\n"
    "  -h, --help          show this help\n"
    "\n"
    "Results depend only on the levels, the seed and the options, never on\n"
    "--jobs, except the think times and a player bounded by time (expert or\n"
    "oracle with --think-ms above 0, android hard with --think-ms), whose play\n"
    "depends on the speed of the machine.\n"
    "Exit status: 0 success, 1 a player failed or broke a rule, 2 usage error.\n";

#define DEALS_DEFAULT   100
#define DEALS_MAX       1000000
#define JOBS_MAX        64
#define THINK_MS_MAX    60000
#define ITERATIONS_MAX  10000000
#define ARENA_MSG_BYTES 512

/* What one deal gave; sides are 0 = A, 1 = B, plays 0 (A is player 1) and 1. */
typedef struct deal_result {
    int tricks[2][2];                  /* endgame tricks: [play][side] */
    int winner[2];                     /* per play: the side that won the hand, or -1 for a tie */
    int points[2][2];                  /* what each side scored: [play][side] */
    double think_sum[2], think_max[2]; /* per side, ms */
    int decisions[2];                  /* per side */
    float think[2][GW_MAX_DECK];       /* per side, every decision's time in ms (for the median) */
    bool foreplay[2][GW_MAX_DECK];     /* per side, whether that decision was in the foreplay */
} deal_result;

/* What one Android Whist deal gave; sides 0 = A, 1 = B; in play p A is human p. */
#define ANDROID_THINK_KEPT 256 /* decisions per side and deal kept for the median */
typedef struct android_result {
    int tricks[2][2];                  /* [play][side] */
    int human_tricks[2][2];            /* [play][human]: for the rubbers */
    int winner[2];                     /* per play: the side that scored */
    int points[2];                     /* per play: what it scored */
    int plays[2], errors[2];           /* per side: android cards commanded, android errors */
    double think_sum[2], think_max[2]; /* per side, ms */
    int decisions[2];                  /* per side: cards and commands given */
    float think[2][ANDROID_THINK_KEPT];
} android_result;

typedef struct arena {
    bool android;                   /* --game android */
    gw_android_level alevel[2];     /* A, B when android */
    gw_android_player_options aopt; /* android: samples and think_ms for hard */
    android_result *aresults;       /* android: one per deal */
    gw_ai_level level[2];           /* A, B */
    gw_variant variant;
    gw_scoring scoring;
    gw_expert_limits limits;
    uint64_t seed;
    int deals;
    deal_result *results; /* one per deal, in deal order */
    pthread_mutex_t lock; /* guards next, stop, err_deal, err_msg */
    int next;             /* the next deal to play */
    bool stop;
    int err_deal; /* the lowest deal that failed, or -1 */
    char err_msg[ARENA_MSG_BYTES];
} arena;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The seed of deal k: `whist deal --seed` with it shows the same deck and dealer. */
static uint64_t deal_seed(uint64_t seed, int k) { return gw_mix64(gw_mix64(seed) + (uint64_t)k); }

/* A card's name (thread-safe, unlike cli_card). */
static void card_name(gw_card c, char out[16]) {
    if (c == GW_NO_CARD)
        snprintf(out, 16, "no card");
    else if (!gw_card_valid(c))
        snprintf(out, 16, "card code %d", (int)c);
    else
        gw_card_format(c, out);
}

static const char *check_reason(gw_play_check why) {
    switch (why) {
    case GW_PLAY_NOT_A_CARD: return "not a card of this deck";
    case GW_PLAY_IN_STOCK: return "the card is in the stock";
    case GW_PLAY_PLAYED: return "the card was played already";
    case GW_PLAY_OTHER_HAND: return "the opponent holds the card";
    case GW_PLAY_MUST_FOLLOW: return "it must follow suit";
    case GW_PLAY_HAND_OVER: return "the hand is over";
    default: return "the rules forbid it";
    }
}

/* Plays one hand of deal k: in play 0 side A sits at seat 0, in play 1 at
 * seat 1. Adds the outcome and the think times to r; false with the reason in
 * why if a player could not be made, failed, or played an illegal card. */
static bool play_hand(const arena *ar, int k, uint64_t ds, int play, const gw_card *deck, int dealer,
                      deal_result *r, char *why, size_t cap) {
    gw_player *p[2] = {NULL, NULL};
    gw_error err;
    gw_game g;
    gw_observation o;
    bool ok = true;
    const char *player_no = play == 0 ? "1" : "2"; /* A's player number in this play */
    const char *vopt = ar->variant == GW_SMALL ? " --variant small" : "";
    for (int seat = 0; seat < 2 && ok; seat++) {
        int side = seat ^ play;
        gw_bot_options opt = {ar->level[side], gw_mix64(ds + (uint64_t)(1 + 2 * play + seat)), ar->limits};
        if (gw_bot_new(&opt, &p[seat], &err) != GW_OK) {
            snprintf(why, cap, "cannot make the %s player: %s", gw_ai_level_name(ar->level[side]), err.msg);
            ok = false;
        } else {
            gw_player_sit(p[seat], seat);
        }
    }
    if (ok && gw_game_deal(&g, ar->variant, deck, dealer, &err) != GW_OK) {
        snprintf(why, cap, "deal %d: %s", k + 1, err.msg);
        ok = false;
    }
    for (int seat = 0; seat < 2 && ok; seat++) {
        gw_observe(&g, seat, &o);
        gw_player_begin_hand(p[seat], &o);
    }
    while (ok && gw_game_phase(&g) != GW_OVER) {
        int seat = g.turn, side = seat ^ play;
        gw_player_reveal(p[seat], &g);
        gw_observe(&g, seat, &o);
        gw_card c = GW_NO_CARD;
        gw_error_clear(&err);
        bool fore = gw_game_phase(&g) == GW_FOREPLAY;
        double t0 = now_ms();
        gw_status st = gw_player_choose(p[seat], &o, &c, &err);
        double dt = now_ms() - t0;
        r->think_sum[side] += dt;
        if (dt > r->think_max[side]) r->think_max[side] = dt;
        if (r->decisions[side] < GW_MAX_DECK) {
            r->think[side][r->decisions[side]] = (float)dt;
            r->foreplay[side][r->decisions[side]] = fore;
        }
        r->decisions[side]++;
        gw_trick_event ev;
        gw_play_check bad = st == GW_OK ? gw_game_check(&g, c) : GW_PLAY_OK;
        if (st == GW_OK && bad == GW_PLAY_OK && gw_game_play(&g, c, &ev) == GW_OK) {
            if (!ev.completed) continue;
            for (int s = 0; s < 2; s++) {
                gw_seen_trick t;
                gw_observe(&g, s, &o);
                gw_seen_trick_make(&ev, s, &t);
                gw_player_trick_done(p[s], &o, &t);
            }
            continue;
        }
        char where[160], cn[16];
        snprintf(where, sizeof where,
                 "in deal %d (whist deal%s --seed %llu shows it), trick %d, with A as player %s", k + 1, vopt,
                 (unsigned long long)ds, gw_game_trick_number(&g), player_no);
        const char *name = gw_ai_level_name(ar->level[side]), *who = side == 0 ? "A" : "B";
        card_name(c, cn);
        if (st != GW_OK)
            snprintf(why, cap, "%s (%s) failed to choose a card %s: %s", name, who, where,
                     err.msg[0] ? err.msg : gw_status_name(st));
        else
            snprintf(why, cap, "%s (%s) played an illegal card, %s (%s), %s", name, who, cn,
                     bad == GW_PLAY_OK ? "the rules forbid it" : check_reason(bad), where);
        ok = false;
    }
    if (ok) {
        int endgame[2], all[2];
        for (int seat = 0; seat < 2; seat++) {
            endgame[seat] = gw_game_endgame_tricks(&g, seat);
            all[seat] = gw_game_all_tricks(&g, seat);
            r->tricks[play][seat ^ play] = endgame[seat];
        }
        gw_hand_score hs = gw_score_hand(ar->variant, ar->scoring, endgame, all);
        r->winner[play] = hs.winner < 0 ? -1 : hs.winner ^ play;
        for (int seat = 0; seat < 2; seat++)
            r->points[play][seat ^ play] = hs.points[seat];
    }
    gw_player_free(p[0]);
    gw_player_free(p[1]);
    return ok;
}

/* Plays deal k twice (duplicate) into r. */
static bool play_deal(const arena *ar, int k, deal_result *r, char *why, size_t cap) {
    uint64_t ds = deal_seed(ar->seed, k);
    gw_rng rng;
    gw_card deck[GW_MAX_DECK];
    gw_rng_seed(&rng, ds); /* as `whist deal --seed ds` draws deck and dealer */
    gw_deck_shuffled(ar->variant, &rng, deck);
    int dealer = (int)gw_rng_below(&rng, 2);
    memset(r, 0, sizeof *r);
    for (int play = 0; play < 2; play++)
        if (!play_hand(ar, k, ds, play, deck, dealer, r, why, cap)) return false;
    return true;
}

/* ---- Android Whist ------------------------------------------------------- */

/* The human who deals deal k: alternating from deal to deal, so that each
 * seating's hands in deal order follow the rubbers' dealing. */
static int android_dealer(uint64_t seed, int k) { return (int)((gw_mix64(seed) >> 63) ^ ((uint64_t)k & 1)); }

/* What an action was, for messages: "the card 7H" or "the command 'duck' to X". */
static void action_text(const gw_android_step *st, int seat, char *out, size_t cap) {
    char cn[16];
    if (st->action.is_command) {
        snprintf(out, cap, "the command '%s' to its android %c", gw_android_command_name(st->action.command),
                 gw_seat_char(seat));
    } else {
        card_name(st->action.card, cn);
        snprintf(out, cap, "the card %s", cn);
    }
}

/* Plays one hand of Android Whist deal k: A is human `play`. Every card and
 * command goes through the engine, which refuses what the rules forbid. */
static bool play_android_hand(const arena *ar, int k, uint64_t ds, int play, const gw_card *deck, int dealer,
                              android_result *r, char *why, size_t cap) {
    gw_android_player *p[2] = {NULL, NULL};
    gw_error err;
    bool ok = true;
    for (int h = 0; h < 2 && ok; h++) {
        int side = h ^ play;
        gw_android_player_options opt = ar->aopt;
        opt.level = ar->alevel[side];
        opt.seed = gw_mix64(ds + (uint64_t)(1 + 2 * play + h));
        if (gw_android_player_make(&opt, &p[h], &err) != GW_OK) {
            snprintf(why, cap, "cannot make the %s player: %s", gw_android_level_name(opt.level), err.msg);
            ok = false;
        } else {
            gw_android_player_begin_hand(p[h], h);
        }
    }
    gw_android_game *g = ok ? malloc(sizeof *g) : NULL;
    if (ok && !g) {
        snprintf(why, cap, "out of memory");
        ok = false;
    }
    if (ok && gw_android_deal(g, deck, dealer, &err) != GW_OK) {
        snprintf(why, cap, "deal %d: %s", k + 1, err.msg);
        ok = false;
    }
    while (ok && !gw_android_over(g)) {
        int h = gw_android_actor(g), side = h ^ play, seat = g->turn, trick = g->tricks_done + 1;
        gw_android_step st;
        gw_error_clear(&err);
        double t0 = now_ms();
        gw_status status = gw_android_player_act(p[h], g, &st, &err);
        double dt = now_ms() - t0;
        r->think_sum[side] += dt;
        if (dt > r->think_max[side]) r->think_max[side] = dt;
        if (r->decisions[side] < ANDROID_THINK_KEPT) r->think[side][r->decisions[side]] = (float)dt;
        r->decisions[side]++;
        if (status == GW_OK) {
            if (st.action.is_command) {
                if (st.outcome.answer == GW_ANSWER_CARD)
                    r->plays[side]++;
                else
                    r->errors[side]++;
            }
            continue;
        }
        char what[96];
        action_text(&st, seat, what, sizeof what);
        snprintf(why, cap, "%s (%s) %s %s in deal %d (seed %llu), trick %d, with A as player %d: %s",
                 gw_android_level_name(ar->alevel[side]), side == 0 ? "A" : "B",
                 status == GW_EILLEGAL ? "gave an illegal action," : "failed with", what, k + 1,
                 (unsigned long long)ds, trick, play + 1, err.msg[0] ? err.msg : gw_status_name(status));
        ok = false;
    }
    if (ok) {
        gw_android_hand_score hs = gw_android_score_hand(g);
        for (int h = 0; h < 2; h++) {
            r->human_tricks[play][h] = gw_android_player_tricks(g, h);
            r->tricks[play][h ^ play] = r->human_tricks[play][h];
        }
        r->winner[play] = hs.winner < 0 ? -1 : hs.winner ^ play;
        r->points[play] = hs.points;
    }
    free(g);
    gw_android_player_free(p[0]);
    gw_android_player_free(p[1]);
    return ok;
}

/* Plays Android Whist deal k twice, the levels swapping sides. */
static bool play_android_deal(const arena *ar, int k, android_result *r, char *why, size_t cap) {
    uint64_t ds = deal_seed(ar->seed, k);
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_from_seed(GW_CLASSIC, ds, deck);
    memset(r, 0, sizeof *r);
    for (int play = 0; play < 2; play++)
        if (!play_android_hand(ar, k, ds, play, deck, android_dealer(ar->seed, k), r, why, cap)) return false;
    return true;
}

/* A worker: takes the next deal until none is left or a deal failed. Deals
 * are handed out in order, so every deal below a failed one is played and
 * the error reported (the lowest failed deal's) does not depend on timing. */
static void *worker(void *arg) {
    arena *ar = arg;
    char why[ARENA_MSG_BYTES];
    for (;;) {
        pthread_mutex_lock(&ar->lock);
        int k = ar->stop || ar->next >= ar->deals ? -1 : ar->next++;
        pthread_mutex_unlock(&ar->lock);
        if (k < 0) break;
        bool ok = ar->android ? play_android_deal(ar, k, &ar->aresults[k], why, sizeof why)
                              : play_deal(ar, k, &ar->results[k], why, sizeof why);
        if (!ok) {
            pthread_mutex_lock(&ar->lock);
            if (ar->err_deal < 0 || k < ar->err_deal) {
                ar->err_deal = k;
                snprintf(ar->err_msg, sizeof ar->err_msg, "%s", why);
            }
            ar->stop = true;
            pthread_mutex_unlock(&ar->lock);
            break;
        }
    }
    return NULL;
}

/* Runs the deals on up to jobs threads (the calling one if jobs is 1). */
static void run_all(arena *ar, int jobs) {
    if (jobs > ar->deals) jobs = ar->deals;
    pthread_t threads[JOBS_MAX];
    int started = 0;
    for (int i = 0; i < jobs && jobs > 1; i++) {
        if (pthread_create(&threads[i], NULL, worker, ar) != 0) break;
        started++;
    }
    if (started == 0) worker(ar); /* one job, or no thread could start */
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
}

/* The figures of a run, summed in deal order. */
typedef struct summary {
    int deals, hands;
    double margin, sd, ci95; /* ci95: half-width; 0 with one deal */
    double won_pct[2], ties_pct;
    double points[2]; /* per hand */
    double think_mean[2], think_median[2], think_median_foreplay[2], think_max[2];
    double wall_s;
} summary;

static int cmp_float(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The median of n times (sorted in place, then freed); 0 for none. */
static double median_free(float *all, size_t n) {
    double m = 0;
    if (n > 0) {
        qsort(all, n, sizeof *all, cmp_float);
        m = all[n / 2];
    }
    free(all);
    return m;
}

/* The median decision time of a side over every deal (or only its
 * foreplay decisions), in ms. */
static double think_median(const arena *ar, int side, bool only_foreplay) {
    size_t n = 0;
    for (int k = 0; k < ar->deals; k++)
        n += (size_t)(ar->results[k].decisions[side] < GW_MAX_DECK ? ar->results[k].decisions[side]
                                                                   : GW_MAX_DECK);
    if (n == 0) return 0;
    float *all = malloc(n * sizeof *all);
    if (!all) return -1;
    size_t at = 0;
    for (int k = 0; k < ar->deals; k++) {
        const deal_result *r = &ar->results[k];
        for (int i = 0; i < r->decisions[side] && i < GW_MAX_DECK; i++)
            if (!only_foreplay || r->foreplay[side][i]) all[at++] = r->think[side][i];
    }
    return median_free(all, at);
}

static void summarize(const arena *ar, double wall_ms, summary *s) {
    memset(s, 0, sizeof *s);
    int n = ar->deals, won[2] = {0, 0}, ties = 0, decisions[2] = {0, 0};
    double sum = 0, points[2] = {0, 0}, think[2] = {0, 0};
    for (int k = 0; k < n; k++) {
        const deal_result *r = &ar->results[k];
        double m = 0;
        for (int play = 0; play < 2; play++) {
            m += r->tricks[play][0] - r->tricks[play][1];
            if (r->winner[play] < 0)
                ties++;
            else
                won[r->winner[play]]++;
            for (int side = 0; side < 2; side++) /* under running total both score */
                points[side] += r->points[play][side];
        }
        sum += m / 2;
        for (int side = 0; side < 2; side++) {
            think[side] += r->think_sum[side];
            decisions[side] += r->decisions[side];
            if (r->think_max[side] > s->think_max[side]) s->think_max[side] = r->think_max[side];
        }
    }
    s->deals = n;
    s->hands = 2 * n;
    s->margin = sum / n;
    if (n > 1) {
        double sq = 0;
        for (int k = 0; k < n; k++) {
            const deal_result *r = &ar->results[k];
            double d =
                (r->tricks[0][0] - r->tricks[0][1] + r->tricks[1][0] - r->tricks[1][1]) / 2.0 - s->margin;
            sq += d * d;
        }
        s->sd = sqrt(sq / (n - 1));
        s->ci95 = 1.96 * s->sd / sqrt((double)n);
    }
    for (int side = 0; side < 2; side++) {
        s->won_pct[side] = 100.0 * won[side] / s->hands;
        s->points[side] = points[side] / s->hands;
        s->think_mean[side] = decisions[side] ? think[side] / decisions[side] : 0;
        s->think_median[side] = think_median(ar, side, false);
        s->think_median_foreplay[side] = think_median(ar, side, true);
    }
    s->ties_pct = 100.0 * ties / s->hands;
    s->wall_s = wall_ms / 1e3;
}

/* x with two decimals and its sign always shown; never "-0.00". */
static const char *signed2(double x, char out[32]) {
    if (fabs(x) < 0.005) x = 0;
    snprintf(out, 32, "%+.2f", x);
    return out;
}

/* A time in ms for people: "12.3 ms", or "4.5 µs" below a millisecond. */
static const char *ms_text(double ms, char out[32]) {
    if (ms >= 1)
        snprintf(out, 32, "%.1f ms", ms);
    else
        snprintf(out, 32, "%.1f \xC2\xB5s", ms * 1e3);
    return out;
}

static void limits_text(const gw_expert_limits *l, char *out, size_t cap) {
    if (l->iterations > 0 && l->think_ms > 0)
        snprintf(out, cap, "%d ms or %d worlds per card, whichever ends first", l->think_ms, l->iterations);
    else if (l->iterations > 0)
        snprintf(out, cap, "%d worlds per card, no time bound", l->iterations);
    else
        snprintf(out, cap, "%d ms per card", l->think_ms);
}

static void print_text(const arena *ar, const summary *s, int jobs) {
    const char *a = gw_ai_level_name(ar->level[0]), *b = gw_ai_level_name(ar->level[1]);
    char lim[128], m[32], lo[32], hi[32];
    limits_text(&ar->limits, lim, sizeof lim);
    printf("Arena: %s (A) against %s (B), duplicate: every deal played twice, seats swapped.\n", a, b);
    printf("Deals: %d (%d hands), seed %llu, %s deck, %s scoring.\n", s->deals, s->hands,
           (unsigned long long)ar->seed, gw_variant_name(ar->variant), gw_scoring_name(ar->scoring));
    printf("Expert and oracle: %s.\n", lim);
    printf("Margin of A in endgame tricks per hand: %s", signed2(s->margin, m));
    if (s->deals > 1)
        printf(", 95%% interval %s to %s (sd per deal %.2f).\n", signed2(s->margin - s->ci95, lo),
               signed2(s->margin + s->ci95, hi), s->sd);
    else
        printf(" (one deal: no confidence interval; shown as 0.00 below).\n");
    printf("Hands won (%s): A %.1f%%, B %.1f%%, tied %.1f%%.\n", gw_scoring_name(ar->scoring), s->won_pct[0],
           s->won_pct[1], s->ties_pct);
    printf("Points per hand (%s): A %.3f, B %.3f.\n", gw_scoring_name(ar->scoring), s->points[0],
           s->points[1]);
    char t[8][32];
    printf("Think time per card: A mean %s, median %s (foreplay %s), max %s; B mean %s, median %s (foreplay "
           "%s), "
           "max %s.\n",
           ms_text(s->think_mean[0], t[0]), ms_text(s->think_median[0], t[1]),
           ms_text(s->think_median_foreplay[0], t[2]), ms_text(s->think_max[0], t[3]),
           ms_text(s->think_mean[1], t[4]), ms_text(s->think_median[1], t[5]),
           ms_text(s->think_median_foreplay[1], t[6]), ms_text(s->think_max[1], t[7]));
    printf("Time: %.2f s with %d job%s.\n", s->wall_s, jobs, jobs == 1 ? "" : "s");
    printf("%s vs %s: %d deals, margin %s \xC2\xB1 %.2f tricks per hand (95%%), A won %.1f%% of hands\n", a,
           b, s->deals, signed2(s->margin, m), s->ci95, s->won_pct[0]);
}

static void print_json(const arena *ar, const summary *s, int jobs) {
    printf("{\"a\": \"%s\", \"b\": \"%s\", \"deals\": %d, \"hands\": %d, \"seed\": %llu, ",
           gw_ai_level_name(ar->level[0]), gw_ai_level_name(ar->level[1]), s->deals, s->hands,
           (unsigned long long)ar->seed);
    printf("\"variant\": \"%s\", \"scoring\": \"%s\", ", gw_variant_name(ar->variant),
           gw_scoring_name(ar->scoring));
    printf("\"limits\": {\"think_ms\": %d, \"iterations\": %d}, ", ar->limits.think_ms,
           ar->limits.iterations);
    printf("\"margin\": %.6f, ", s->margin == 0 ? 0.0 : s->margin);
    if (s->deals > 1)
        printf("\"ci95\": %.6f, \"margin_sd\": %.6f, ", s->ci95, s->sd);
    else
        printf("\"ci95\": null, \"margin_sd\": null, ");
    printf("\"a_won_pct\": %.4f, \"b_won_pct\": %.4f, \"ties_pct\": %.4f, ", s->won_pct[0], s->won_pct[1],
           s->ties_pct);
    printf("\"points_per_hand_a\": %.6f, \"points_per_hand_b\": %.6f, ", s->points[0], s->points[1]);
    for (int side = 0; side < 2; side++)
        printf("%s\"%s\": {\"mean\": %.6f, \"median\": %.6f, \"median_foreplay\": %.6f, \"max\": %.6f}%s",
               side == 0 ? "\"think_ms\": {" : "", side == 0 ? "a" : "b", s->think_mean[side],
               s->think_median[side], s->think_median_foreplay[side], s->think_max[side],
               side == 0 ? ", " : "}, ");
    printf("\"wall_s\": %.3f, \"jobs\": %d}\n", s->wall_s, jobs);
}

/* ---- Android Whist figures ---------------------------------------------- */

typedef struct android_summary {
    int deals, hands;
    double margin, sd, ci95; /* points per hand; ci95 0 with one deal */
    double tricks_margin;    /* tricks per hand */
    double won_pct[2], points[2];
    int rubbers, rubbers_won[2], unfinished;
    double rubber_margin, rubber_ci95; /* A's mean margin per finished rubber; ci95 0 below two */
    double errors_per_play[2];
    double think_mean[2], think_median[2], think_max[2];
    double wall_s;
} android_summary;

/* A's points less B's in play p of deal r. */
static int android_points_margin(const android_result *r, int p) {
    return r->winner[p] == 0 ? r->points[p] : r->winner[p] == 1 ? -r->points[p] : 0;
}

/* Scores each seating's hands, in deal order, as consecutive rubbers (a
 * rubber unfinished at the end is left out). */
static void android_rubbers(const arena *ar, android_summary *s) {
    double sum = 0, sq = 0;
    int n = 0;
    double *margins = malloc((size_t)ar->deals * sizeof *margins);
    for (int play = 0; play < 2; play++) {
        gw_android_rubber rb;
        gw_android_rubber_start(&rb, android_dealer(ar->seed, 0));
        for (int k = 0; k < ar->deals; k++) {
            gw_android_hand_score hs = gw_android_score_tricks(ar->aresults[k].human_tricks[play]);
            gw_android_progress pr;
            if (gw_android_rubber_add(&rb, hs, &pr, NULL) != GW_OK || !pr.rubber_over) continue;
            int a_won = rb.winner == play; /* A is human `play` */
            int m = a_won ? rb.margin : -rb.margin;
            s->rubbers++;
            s->rubbers_won[a_won ? 0 : 1]++;
            if (margins && n < ar->deals) margins[n] = m;
            n++;
            sum += m;
            gw_android_rubber_next(&rb);
        }
        if (rb.hands > 0) s->unfinished++;
    }
    if (n > 0) s->rubber_margin = sum / n;
    if (n > 1 && margins) {
        for (int i = 0; i < n && i < ar->deals; i++)
            sq += (margins[i] - s->rubber_margin) * (margins[i] - s->rubber_margin);
        s->rubber_ci95 = 1.96 * sqrt(sq / (n - 1)) / sqrt((double)n);
    }
    free(margins);
}

/* The median of a side's kept decision times, in ms. */
static double android_think_median(const arena *ar, int side) {
    size_t n = 0;
    for (int k = 0; k < ar->deals; k++)
        n += (size_t)(ar->aresults[k].decisions[side] < ANDROID_THINK_KEPT ? ar->aresults[k].decisions[side]
                                                                           : ANDROID_THINK_KEPT);
    if (n == 0) return 0;
    float *all = malloc(n * sizeof *all);
    if (!all) return -1;
    size_t at = 0;
    for (int k = 0; k < ar->deals; k++)
        for (int i = 0; i < ar->aresults[k].decisions[side] && i < ANDROID_THINK_KEPT; i++)
            all[at++] = ar->aresults[k].think[side][i];
    return median_free(all, at);
}

static void android_summarize(const arena *ar, double wall_ms, android_summary *s) {
    memset(s, 0, sizeof *s);
    int n = ar->deals, won[2] = {0, 0}, plays[2] = {0, 0}, errors[2] = {0, 0}, decisions[2] = {0, 0};
    double sum = 0, tricks = 0, points[2] = {0, 0}, think[2] = {0, 0};
    for (int k = 0; k < n; k++) {
        const android_result *r = &ar->aresults[k];
        for (int p = 0; p < 2; p++) {
            sum += android_points_margin(r, p) / 2.0;
            tricks += (r->tricks[p][0] - r->tricks[p][1]) / 2.0;
            if (r->winner[p] >= 0) {
                won[r->winner[p]]++;
                points[r->winner[p]] += r->points[p];
            }
        }
        for (int side = 0; side < 2; side++) {
            plays[side] += r->plays[side];
            errors[side] += r->errors[side];
            decisions[side] += r->decisions[side];
            think[side] += r->think_sum[side];
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
            const android_result *r = &ar->aresults[k];
            double d = (android_points_margin(r, 0) + android_points_margin(r, 1)) / 2.0 - s->margin;
            sq += d * d;
        }
        s->sd = sqrt(sq / (n - 1));
        s->ci95 = 1.96 * s->sd / sqrt((double)n);
    }
    for (int side = 0; side < 2; side++) {
        s->won_pct[side] = 100.0 * won[side] / s->hands;
        s->points[side] = points[side] / s->hands;
        s->errors_per_play[side] = plays[side] ? (double)errors[side] / plays[side] : 0;
        s->think_mean[side] = decisions[side] ? think[side] / decisions[side] : 0;
        s->think_median[side] = android_think_median(ar, side);
    }
    android_rubbers(ar, s);
    s->wall_s = wall_ms / 1e3;
}

static void android_limits_text(const gw_android_player_options *o, char *out, size_t cap) {
    if (o->think_ms > 0)
        snprintf(out, cap, "%d samples or %d ms per decision, whichever ends first", o->samples, o->think_ms);
    else
        snprintf(out, cap, "%d samples per decision, no time bound", o->samples);
}

static void print_android_text(const arena *ar, const android_summary *s, int jobs) {
    const char *a = gw_android_level_name(ar->alevel[0]), *b = gw_android_level_name(ar->alevel[1]);
    char lim[128], m[32], lo[32], hi[32], t[6][32];
    android_limits_text(&ar->aopt, lim, sizeof lim);
    printf(
        "Arena: %s (A) against %s (B), Android Whist, duplicate: every deal played twice, sides swapped.\n",
        a, b);
    printf("Deals: %d (%d hands), seed %llu, the dealer alternating from deal to deal.\n", s->deals, s->hands,
           (unsigned long long)ar->seed);
    printf("Hard: %s.\n", lim);
    printf("Margin of A in points per hand: %s", signed2(s->margin, m));
    if (s->deals > 1)
        printf(", 95%% interval %s to %s (sd per deal %.2f).\n", signed2(s->margin - s->ci95, lo),
               signed2(s->margin + s->ci95, hi), s->sd);
    else
        printf(" (one deal: no confidence interval; shown as 0.00 below).\n");
    printf("Margin of A in tricks per hand: %s.\n", signed2(s->tricks_margin, m));
    printf("Hands won: A %.1f%%, B %.1f%%.\n", s->won_pct[0], s->won_pct[1]);
    printf("Points per hand: A %.3f, B %.3f.\n", s->points[0], s->points[1]);
    if (s->rubbers == 0) {
        printf("Rubbers: none finished (%d unfinished).\n", s->unfinished);
    } else {
        char interval[96] = "";
        if (s->rubbers > 1)
            snprintf(interval, sizeof interval, ", 95%% interval %s to %s",
                     signed2(s->rubber_margin - s->rubber_ci95, lo),
                     signed2(s->rubber_margin + s->rubber_ci95, hi));
        printf("Rubbers: %d finished (%d unfinished): A won %d (%.1f%%), B won %d; A's mean margin %s per "
               "rubber%s.\n",
               s->rubbers, s->unfinished, s->rubbers_won[0], 100.0 * s->rubbers_won[0] / s->rubbers,
               s->rubbers_won[1], signed2(s->rubber_margin, m), interval);
    }
    printf("Android errors per card commanded: A %.3f, B %.3f.\n", s->errors_per_play[0],
           s->errors_per_play[1]);
    printf("Think time per decision: A mean %s, median %s, max %s; B mean %s, median %s, max %s.\n",
           ms_text(s->think_mean[0], t[0]), ms_text(s->think_median[0], t[1]), ms_text(s->think_max[0], t[2]),
           ms_text(s->think_mean[1], t[3]), ms_text(s->think_median[1], t[4]),
           ms_text(s->think_max[1], t[5]));
    printf("Time: %.2f s with %d job%s.\n", s->wall_s, jobs, jobs == 1 ? "" : "s");
    printf("%s vs %s (android): %d deals, margin %s \xC2\xB1 %.2f points per hand (95%%), A won %.1f%% of "
           "hands, rubbers %d-%d\n",
           a, b, s->deals, signed2(s->margin, m), s->ci95, s->won_pct[0], s->rubbers_won[0],
           s->rubbers_won[1]);
}

static void print_android_json(const arena *ar, const android_summary *s, int jobs) {
    printf("{\"game\": \"android\", \"a\": \"%s\", \"b\": \"%s\", \"deals\": %d, \"hands\": %d, \"seed\": "
           "%llu, ",
           gw_android_level_name(ar->alevel[0]), gw_android_level_name(ar->alevel[1]), s->deals, s->hands,
           (unsigned long long)ar->seed);
    printf("\"limits\": {\"samples\": %d, \"think_ms\": %d}, ", ar->aopt.samples, ar->aopt.think_ms);
    printf("\"margin\": %.6f, ", s->margin == 0 ? 0.0 : s->margin);
    if (s->deals > 1)
        printf("\"ci95\": %.6f, \"margin_sd\": %.6f, ", s->ci95, s->sd);
    else
        printf("\"ci95\": null, \"margin_sd\": null, ");
    printf("\"tricks_margin\": %.6f, ", s->tricks_margin == 0 ? 0.0 : s->tricks_margin);
    printf("\"a_won_pct\": %.4f, \"b_won_pct\": %.4f, ", s->won_pct[0], s->won_pct[1]);
    printf("\"points_per_hand_a\": %.6f, \"points_per_hand_b\": %.6f, ", s->points[0], s->points[1]);
    printf("\"rubbers\": {\"finished\": %d, \"unfinished\": %d, \"a_won\": %d, \"b_won\": %d, \"margin\": ",
           s->rubbers, s->unfinished, s->rubbers_won[0], s->rubbers_won[1]);
    if (s->rubbers > 0)
        printf("%.6f, ", s->rubber_margin == 0 ? 0.0 : s->rubber_margin);
    else
        printf("null, ");
    if (s->rubbers > 1)
        printf("\"ci95\": %.6f}, ", s->rubber_ci95);
    else
        printf("\"ci95\": null}, ");
    printf("\"errors_per_play\": {\"a\": %.6f, \"b\": %.6f}, ", s->errors_per_play[0], s->errors_per_play[1]);
    for (int side = 0; side < 2; side++)
        printf("%s\"%s\": {\"mean\": %.6f, \"median\": %.6f, \"max\": %.6f}%s",
               side == 0 ? "\"think_ms\": {" : "", side == 0 ? "a" : "b", s->think_mean[side],
               s->think_median[side], s->think_max[side], side == 0 ? ", " : "}, ");
    printf("\"wall_s\": %.3f, \"jobs\": %d}\n", s->wall_s, jobs);
}

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

/* Runs the deals on the arena's threads and times the run (ms). */
static double run_timed(arena *ar, int jobs) {
    double t0 = now_ms();
    run_all(ar, jobs);
    return now_ms() - t0;
}

/* `whist arena A B --game android ...` once the options are read. */
static int android_arena(arena *ar, const char *names[2], int npos, bool german_options, bool has_seed,
                         bool has_think, int think_ms, int iterations, int jobs, bool json) {
    if (npos < 2) return cli_usage_error("arena", "expected two levels, A and B (random, easy, hard)");
    for (int i = 0; i < 2; i++)
        if (!gw_android_level_parse(names[i], &ar->alevel[i]))
            return cli_usage_error("arena", "unknown level '%s' for --game android (random, easy or hard)",
                                   names[i]);
    if (german_options) return cli_usage_error("arena", "--variant and --scoring are for --game german");
    if (iterations > GW_ANDROID_SAMPLES_MAX)
        return cli_usage_error("arena",
                               "--iterations must be a whole number from 1 to %d with --game android",
                               GW_ANDROID_SAMPLES_MAX);
    ar->aopt.samples = iterations > 0 ? iterations : GW_ANDROID_SAMPLES_DEFAULT;
    ar->aopt.think_ms = has_think ? think_ms : 0;
    ar->aopt.clock = gw_monotonic_clock();
    if (!has_seed) ar->seed = gw_fresh_seed();
    ar->aresults = calloc((size_t)ar->deals, sizeof *ar->aresults);
    if (!ar->aresults) {
        fprintf(stderr, "whist arena: out of memory for %d deals\n", ar->deals);
        return CLI_FAIL;
    }
    if (pthread_mutex_init(&ar->lock, NULL) != 0) {
        free(ar->aresults);
        fprintf(stderr, "whist arena: cannot make a lock\n");
        return CLI_FAIL;
    }
    double wall = run_timed(ar, jobs);
    pthread_mutex_destroy(&ar->lock);
    if (ar->err_deal >= 0) {
        free(ar->aresults);
        fprintf(stderr, "whist arena: %s\n", ar->err_msg);
        return CLI_FAIL;
    }
    android_summary s;
    android_summarize(ar, wall, &s);
    free(ar->aresults);
    if (json)
        print_android_json(ar, &s, jobs);
    else
        print_android_text(ar, &s, jobs);
    if (fflush(stdout) != 0) {
        perror("whist arena");
        return CLI_FAIL;
    }
    return CLI_OK;
}

int cmd_arena(int argc, char **argv) {
    static const struct option OPTIONS[] = {{"deals", required_argument, NULL, 'n'},
                                            {"seed", required_argument, NULL, 's'},
                                            {"variant", required_argument, NULL, 'v'},
                                            {"scoring", required_argument, NULL, 'S'},
                                            {"jobs", required_argument, NULL, 'j'},
                                            {"think-ms", required_argument, NULL, 't'},
                                            {"iterations", required_argument, NULL, 'i'},
                                            {"json", no_argument, NULL, 'J'},
                                            {"game", required_argument, NULL, 'g'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    arena ar;
    memset(&ar, 0, sizeof ar);
    ar.variant = GW_CLASSIC;
    ar.scoring = GW_LAST13;
    ar.deals = DEALS_DEFAULT;
    ar.err_deal = -1;
    int jobs = 1, think_ms = GW_THINK_MS_DEFAULT, iterations = 0, npos = 0;
    bool has_seed = false, has_think = false, json = false, has_variant = false, has_scoring = false;
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
        int opt = getopt_long(argc, argv, "+:n:s:v:S:j:t:i:g:h", OPTIONS, NULL);
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
            has_variant = true;
            break;
        case 'S':
            if (!cli_parse_scoring("arena", optarg, &ar.scoring)) return CLI_USAGE;
            has_scoring = true;
            break;
        case 'g':
            if (strcmp(optarg, "android") == 0)
                ar.android = true;
            else if (strcmp(optarg, "german") == 0)
                ar.android = false;
            else
                return cli_usage_error("arena", "unknown game '%s' (german or android)", optarg);
            break;
        case 'j':
            if (!parse_int(optarg, "--jobs", 1, JOBS_MAX, &jobs)) return CLI_USAGE;
            break;
        case 't':
            if (!parse_int(optarg, "--think-ms", 0, THINK_MS_MAX, &think_ms)) return CLI_USAGE;
            has_think = true;
            break;
        case 'i':
            if (!parse_int(optarg, "--iterations", 1, ITERATIONS_MAX, &iterations)) return CLI_USAGE;
            break;
        case 'J': json = true; break;
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("arena", argv, optind);
        }
    }
    if (ar.android)
        return android_arena(&ar, names, npos, has_variant || has_scoring, has_seed, has_think, think_ms,
                             iterations, jobs, json);
    if (npos < 2)
        return cli_usage_error("arena", "expected two levels, A and B (random, easy, hard, expert, oracle)");
    for (int i = 0; i < 2; i++)
        if (!gw_ai_level_parse(names[i], &ar.level[i]))
            return cli_usage_error("arena", "unknown level '%s' (random, easy, hard, expert or oracle)",
                                   names[i]);
    if (iterations > 0 && !has_think) think_ms = 0;
    if (think_ms == 0 && iterations == 0)
        return cli_usage_error("arena", "--think-ms 0 leaves the expert no limit: give --iterations too");
    ar.limits = (gw_expert_limits){think_ms, iterations, gw_monotonic_clock()};
    if (!has_seed) ar.seed = gw_fresh_seed();

    ar.results = calloc((size_t)ar.deals, sizeof *ar.results);
    if (!ar.results) {
        fprintf(stderr, "whist arena: out of memory for %d deals\n", ar.deals);
        return CLI_FAIL;
    }
    if (pthread_mutex_init(&ar.lock, NULL) != 0) {
        free(ar.results);
        fprintf(stderr, "whist arena: cannot make a lock\n");
        return CLI_FAIL;
    }
    double t0 = now_ms();
    run_all(&ar, jobs);
    double wall = now_ms() - t0;
    pthread_mutex_destroy(&ar.lock);
    if (ar.err_deal >= 0) {
        free(ar.results);
        fprintf(stderr, "whist arena: %s\n", ar.err_msg);
        return CLI_FAIL;
    }
    summary s;
    summarize(&ar, wall, &s);
    free(ar.results);
    if (json)
        print_json(&ar, &s, jobs);
    else
        print_text(&ar, &s, jobs);
    if (fflush(stdout) != 0) {
        perror("whist arena");
        return CLI_FAIL;
    }
    return CLI_OK;
}
