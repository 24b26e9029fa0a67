/* arena_android.c: Android Whist's part of `whist arena`: its deals and dealers, the score of a hand, the
 * figures in points per hand and the rubbers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "gw/deck.h"
#include "gw/seeds.h"

static bool parse_level(const char *name, int *level) {
    gw_android_level l;
    if (!gw_android_level_parse(name, &l)) return false;
    *level = (int)l;
    return true;
}

static const char *level_name(int level) { return gw_android_level_name((gw_android_level)level); }
/* hard samples hidden hands; random and easy play by rule. */
static bool level_thinks(int level) { return level == GW_ANDROID_HARD; }

/* The deck of `whist deal --seed ds`; the dealer alternates from deal to deal, so that each seating's
 * hands in deal order follow the rubbers' dealing. */
static void deal(const arena *ar, int k, uint64_t ds, uint8_t *deck, int *dealer) {
    gw_deck_from_seed(GW_CLASSIC, ds, deck);
    *dealer = gw_seed_arena_android_dealer(ar->seed, k);
}

static void configure(const arena *ar, gw_session_config *c) {
    c->android_samples = ar->android_samples;
    c->android_think_ms = ar->android_think_ms;
}

static void score(const arena *ar, const gw_session *s, int play, deal_result *r) {
    (void)ar;
    const gw_android_game *g = gw_session_android_game(s);
    gw_android_hand_score hs = gw_android_score_hand(g);
    for (int h = 0; h < 2; h++) {
        r->human_tricks[play][h] = gw_android_player_tricks(g, h);
        r->tricks[play][h ^ play] = r->human_tricks[play][h];
    }
    r->winner[play] = hs.winner < 0 ? -1 : hs.winner ^ play;
    if (hs.winner >= 0) r->points[play][hs.winner ^ play] = hs.points;
}

static double margin(const deal_result *r) {
    return (r->points[0][0] - r->points[0][1] + r->points[1][0] - r->points[1][1]) / 2.0;
}

static void where(const arena *ar, int k, uint64_t ds, char *out, size_t cap) {
    snprintf(out, cap, "deal %d (seed %llu: whist deal --seed %llu shows its cards; player %d deals)", k + 1,
             (unsigned long long)ds, (unsigned long long)ds, gw_seed_arena_android_dealer(ar->seed, k) + 1);
}

/* Scores each seating's hands, in deal order, as consecutive rubbers (a
 * rubber unfinished at the end is left out). */
static void rubbers(const arena *ar, summary *s) {
    double sum = 0, sq = 0;
    int n = 0, deals = s->deals;
    double *margins = malloc((size_t)deals * sizeof *margins);
    for (int play = 0; play < 2; play++) {
        gw_android_rubber rb;
        gw_android_rubber_start(&rb, gw_seed_arena_android_dealer(ar->seed, 0));
        for (int k = 0; k < deals; k++) {
            gw_android_hand_score hs = gw_android_score_tricks(ar->results[k].human_tricks[play]);
            gw_android_progress pr;
            if (gw_android_rubber_add(&rb, hs, &pr, NULL) != GW_OK || !pr.rubber_over) continue;
            int a_won = rb.winner == play; /* A is player `play` */
            int m = a_won ? rb.margin : -rb.margin;
            s->rubbers++;
            s->rubbers_won[a_won ? 0 : 1]++;
            if (margins && n < deals) margins[n] = m;
            n++;
            sum += m;
            gw_android_rubber_next(&rb);
        }
        if (rb.hands > 0) s->unfinished++;
    }
    if (n > 0) s->rubber_margin = sum / n;
    if (n > 1 && margins) {
        for (int i = 0; i < n && i < deals; i++)
            sq += (margins[i] - s->rubber_margin) * (margins[i] - s->rubber_margin);
        s->rubber_ci95 = 1.96 * sqrt(sq / (n - 1)) / sqrt((double)n);
    }
    free(margins);
}

static void limits_text(const arena *ar, char *out, size_t cap) {
    if (ar->android_think_ms > 0)
        snprintf(out, cap, "%d samples or %d ms per decision, whichever ends first", ar->android_samples,
                 ar->android_think_ms);
    else
        snprintf(out, cap, "%d samples per decision, no time bound", ar->android_samples);
}

static void print_text(const arena *ar, const summary *s, int jobs) {
    const char *a = arena_side_name(ar, 0), *b = arena_side_name(ar, 1);
    char lim[128], m[32], lo[32], hi[32];
    limits_text(ar, lim, sizeof lim);
    printf(
        "Arena: %s (A) against %s (B), Android Whist, duplicate: every deal played twice, sides swapped.\n",
        a, b);
    arena_print_engines_text(ar);
    printf("Deals: %d (%d hands), seed %llu, the dealer alternating from deal to deal.\n", s->deals, s->hands,
           (unsigned long long)ar->seed);
    printf("Hard: %s.\n", lim);
    arena_print_margin_text(s, "points");
    arena_print_sprt_text(ar);
    printf("Margin of A in tricks per hand: %s.\n", arena_signed2(s->tricks_margin, m));
    printf("Hands won: A %.1f%%, B %.1f%%.\n", s->won_pct[0], s->won_pct[1]);
    printf("Points per hand: A %.3f, B %.3f.\n", s->points[0], s->points[1]);
    if (s->rubbers == 0) {
        printf("Rubbers: none finished (%d unfinished).\n", s->unfinished);
    } else {
        char interval[96] = "";
        if (s->rubbers > 1)
            snprintf(interval, sizeof interval, ", 95%% interval %s to %s",
                     arena_signed2(s->rubber_margin - s->rubber_ci95, lo),
                     arena_signed2(s->rubber_margin + s->rubber_ci95, hi));
        printf("Rubbers: %d finished (%d unfinished): A won %d (%.1f%%), B won %d; A's mean margin %s per "
               "rubber%s.\n",
               s->rubbers, s->unfinished, s->rubbers_won[0], 100.0 * s->rubbers_won[0] / s->rubbers,
               s->rubbers_won[1], arena_signed2(s->rubber_margin, m), interval);
    }
    printf("Android errors per card commanded: A %.3f, B %.3f.\n", s->errors_per_play[0],
           s->errors_per_play[1]);
    arena_print_think_text(ar, s, "decision", false);
    printf("Time: %.2f s with %d job%s.\n", s->wall_s, jobs, jobs == 1 ? "" : "s");
    printf("%s vs %s (android): %d deals, margin %s \xC2\xB1 %.2f points per hand (95%%), A won %.1f%% of "
           "hands, rubbers %d-%d\n",
           a, b, s->deals, arena_signed2(s->margin, m), s->ci95, s->won_pct[0], s->rubbers_won[0],
           s->rubbers_won[1]);
}

static void print_json(const arena *ar, const summary *s, int jobs) {
    printf("{\"game\": \"android\", \"a\": \"%s\", \"b\": \"%s\", \"deals\": %d, \"hands\": %d, \"seed\": "
           "%llu, ",
           arena_side_name(ar, 0), arena_side_name(ar, 1), s->deals, s->hands, (unsigned long long)ar->seed);
    arena_print_engines_json(ar);
    printf("\"limits\": {\"samples\": %d, \"think_ms\": %d}, ", ar->android_samples, ar->android_think_ms);
    arena_print_margin_json(s);
    arena_print_sprt_json(ar);
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

const arena_game ARENA_ANDROID = {
    .kind = GW_GAME_ANDROID,
    .levels = "random, easy or hard",
    .levels_list = "random, easy, hard",
    .think_kept = 256, /* cards and commands per side and deal kept for the median */
    .parse_level = parse_level,
    .level_name = level_name,
    .level_thinks = level_thinks,
    .deal = deal,
    .configure = configure,
    .score = score,
    .margin = margin,
    .summarize = rubbers,
    .print_text = print_text,
    .print_json = print_json,
    .where = where,
};
