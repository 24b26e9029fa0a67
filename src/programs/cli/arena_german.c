/* arena_german.c: German Whist's part of `whist arena`: its deals, the score of a hand, and the figures in
 * endgame tricks. */
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "gw/deck.h"
#include "gw/match.h"
#include "gw/rng.h"
#include "gw/score.h"

static bool parse_level(const char *name, int *level) {
    gw_ai_level l;
    if (!gw_ai_level_parse(name, &l)) return false;
    *level = (int)l;
    return true;
}

static const char *level_name(int level) { return gw_ai_level_name((gw_ai_level)level); }
/* hard solves the endgame, the expert and the oracle search every card; random and easy play by rule. */
static bool level_thinks(int level) { return level >= GW_AI_HARD; }

/* As `whist deal --seed ds` draws deck and dealer. */
static void deal(const arena *ar, int k, uint64_t ds, uint8_t *deck, int *dealer) {
    (void)k;
    gw_rng rng;
    gw_rng_seed(&rng, ds);
    gw_deck_shuffled(ar->variant, &rng, deck);
    *dealer = (int)gw_rng_below(&rng, 2);
}

static void configure(const arena *ar, gw_session_config *c) {
    c->rules.variant = ar->variant;
    c->rules.scoring = ar->scoring;
    c->rules.target = ar->target;
    c->limits = ar->limits;
}

static void score(const arena *ar, const gw_session *s, int play, deal_result *r) {
    const gw_game *g = gw_session_game(s);
    int endgame[2], all[2];
    for (int seat = 0; seat < 2; seat++) {
        endgame[seat] = gw_game_endgame_tricks(g, seat);
        all[seat] = gw_game_all_tricks(g, seat);
        r->tricks[play][seat ^ play] = endgame[seat];
        r->counted[play][seat ^ play] = ar->scoring == GW_EVERY ? all[seat] : endgame[seat];
    }
    gw_hand_score hs = gw_score_hand(ar->variant, ar->scoring, endgame, all);
    r->winner[play] = hs.winner < 0 ? -1 : hs.winner ^ play;
    for (int seat = 0; seat < 2; seat++)
        r->points[play][seat ^ play] = hs.points[seat];
    r->match_winner[play] = -1;
    if (ar->match_on) { /* the match score after the hand, by side, and whom it makes the winner */
        gw_match_rules rules = {ar->variant, ar->scoring, ar->target};
        int after[2];
        for (int side = 0; side < 2; side++)
            after[side] = ar->match_score[side] + r->points[play][side];
        r->match_winner[play] = gw_match_score_winner(&rules, after);
    }
}

/* Which sides play for the match (--match-known). */
static const char *known_text(int known) {
    static const char *const TEXT[] = {"none", "A", "B", "A and B"};
    return TEXT[known & 3];
}

static void print_match_text(const arena *ar, const summary *s) {
    if (!ar->match_on) return;
    char d[32], lo[32], hi[32];
    printf("Match (every hand at A %d, B %d, to %d; playing for the match: %s): hands that win it: A %.1f%%",
           ar->match_score[0], ar->match_score[1], ar->target, known_text(ar->match_known), s->match_pct[0]);
    if (s->deals > 1)
        printf(" (95%% interval %.1f%% to %.1f%%)", s->match_pct[0] - s->match_ci95,
               s->match_pct[0] + s->match_ci95);
    printf(", B %.1f%%, neither %.1f%%; A's minus B's %s points of percentage", s->match_pct[1],
           s->match_open_pct, arena_signed2(s->match_margin, d));
    if (s->deals > 1)
        printf(", 95%% interval %s to %s", arena_signed2(s->match_margin - s->match_margin_ci95, lo),
               arena_signed2(s->match_margin + s->match_margin_ci95, hi));
    printf(".\n");
}

static void print_match_json(const arena *ar, const summary *s) {
    if (!ar->match_on) return;
    static const char *const KNOWN[] = {"none", "a", "b", "both"};
    printf("\"match\": {\"score\": [%d, %d], \"target\": %d, \"known\": \"%s\", \"a_won_pct\": %.4f, "
           "\"b_won_pct\": %.4f, \"neither_pct\": %.4f, \"margin_pct\": %.4f, ",
           ar->match_score[0], ar->match_score[1], ar->target, KNOWN[ar->match_known & 3], s->match_pct[0],
           s->match_pct[1], s->match_open_pct, s->match_margin == 0 ? 0.0 : s->match_margin);
    if (s->deals > 1)
        printf("\"a_won_ci95\": %.4f, \"margin_ci95\": %.4f}, ", s->match_ci95, s->match_margin_ci95);
    else
        printf("\"a_won_ci95\": null, \"margin_ci95\": null}, ");
}

/* In the tricks the scoring counts: endgame tricks, or all the hand's under every. */
static double margin(const deal_result *r) {
    return (r->counted[0][0] - r->counted[0][1] + r->counted[1][0] - r->counted[1][1]) / 2.0;
}

/* What the margin is in. */
static const char *margin_unit(const arena *ar) {
    return ar->scoring == GW_EVERY ? "all tricks" : "endgame tricks";
}

static void where(const arena *ar, int k, uint64_t ds, char *out, size_t cap) {
    snprintf(out, cap, "deal %d (whist deal%s --seed %llu shows it)", k + 1,
             ar->variant == GW_SMALL ? " --variant small" : "", (unsigned long long)ds);
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
    const char *a = arena_side_name(ar, 0), *b = arena_side_name(ar, 1);
    char lim[128], m[32];
    limits_text(&ar->limits, lim, sizeof lim);
    printf("Arena: %s (A) against %s (B), duplicate: every deal played twice, seats swapped.\n", a, b);
    arena_print_engines_text(ar);
    printf("Deals: %d (%d hands), seed %llu, %s deck, %s scoring.\n", s->deals, s->hands,
           (unsigned long long)ar->seed, gw_variant_name(ar->variant), gw_scoring_name(ar->scoring));
    printf("Expert and oracle: %s.\n", lim);
    arena_print_margin_text(s, margin_unit(ar));
    arena_print_sprt_text(ar);
    const char *sc = gw_scoring_name(ar->scoring);
    char lo[32], hi[32];
    if (s->deals > 1)
        printf("Hands won (%s): A %.1f%% (95%% interval %.1f%% to %.1f%%), B %.1f%%, tied %.1f%%.\n", sc,
               s->won_pct[0], s->won_pct[0] - s->won_ci95, s->won_pct[0] + s->won_ci95, s->won_pct[1],
               s->ties_pct);
    else
        printf("Hands won (%s): A %.1f%%, B %.1f%%, tied %.1f%%.\n", sc, s->won_pct[0], s->won_pct[1],
               s->ties_pct);
    printf("Points per hand (%s): A %.3f, B %.3f; A's minus B's %s", sc, s->points[0], s->points[1],
           arena_signed2(s->points_margin, m));
    if (s->deals > 1)
        printf(", 95%% interval %s to %s (sd per deal %.2f).\n",
               arena_signed2(s->points_margin - s->points_ci95, lo),
               arena_signed2(s->points_margin + s->points_ci95, hi), s->points_sd);
    else
        printf(" (one deal: no confidence interval).\n");
    print_match_text(ar, s);
    arena_print_think_text(ar, s, "card", true);
    printf("Time: %.2f s with %d job%s.\n", s->wall_s, jobs, jobs == 1 ? "" : "s");
    printf("%s vs %s: %d deals, margin %s \xC2\xB1 %.2f tricks per hand (95%%), A won %.1f%% of hands, "
           "points %s "
           "\xC2\xB1 %.2f per hand\n",
           a, b, s->deals, arena_signed2(s->margin, m), s->ci95, s->won_pct[0],
           arena_signed2(s->points_margin, lo), s->points_ci95);
}

static void print_json(const arena *ar, const summary *s, int jobs) {
    printf("{\"a\": \"%s\", \"b\": \"%s\", \"deals\": %d, \"hands\": %d, \"seed\": %llu, ",
           arena_side_name(ar, 0), arena_side_name(ar, 1), s->deals, s->hands, (unsigned long long)ar->seed);
    arena_print_engines_json(ar);
    printf("\"variant\": \"%s\", \"scoring\": \"%s\", ", gw_variant_name(ar->variant),
           gw_scoring_name(ar->scoring));
    printf("\"limits\": {\"think_ms\": %d, \"iterations\": %d}, ", ar->limits.think_ms,
           ar->limits.iterations);
    printf("\"margin_unit\": \"%s\", ", margin_unit(ar));
    arena_print_margin_json(s);
    printf("\"endgame_margin\": %.6f, ", s->tricks_margin == 0 ? 0.0 : s->tricks_margin);
    arena_print_sprt_json(ar);
    printf("\"a_won_pct\": %.4f, \"b_won_pct\": %.4f, \"ties_pct\": %.4f, ", s->won_pct[0], s->won_pct[1],
           s->ties_pct);
    printf("\"points_per_hand_a\": %.6f, \"points_per_hand_b\": %.6f, ", s->points[0], s->points[1]);
    printf("\"points_margin\": %.6f, ", s->points_margin == 0 ? 0.0 : s->points_margin);
    if (s->deals > 1)
        printf("\"points_ci95\": %.6f, \"points_sd\": %.6f, \"a_won_ci95\": %.4f, ", s->points_ci95,
               s->points_sd, s->won_ci95);
    else
        printf("\"points_ci95\": null, \"points_sd\": null, \"a_won_ci95\": null, ");
    print_match_json(ar, s);
    for (int side = 0; side < 2; side++)
        printf("%s\"%s\": {\"mean\": %.6f, \"median\": %.6f, \"median_foreplay\": %.6f, \"max\": %.6f}%s",
               side == 0 ? "\"think_ms\": {" : "", side == 0 ? "a" : "b", s->think_mean[side],
               s->think_median[side], s->think_median_foreplay[side], s->think_max[side],
               side == 0 ? ", " : "}, ");
    printf("\"wall_s\": %.3f, \"jobs\": %d}\n", s->wall_s, jobs);
}

const arena_game ARENA_GERMAN = {
    .kind = GW_GAME_GERMAN,
    .levels = "random, easy, hard, expert or oracle",
    .levels_list = "random, easy, hard, expert, oracle",
    .think_kept = GW_MAX_DECK, /* 26 cards a hand, two hands a deal */
    .parse_level = parse_level,
    .level_name = level_name,
    .level_thinks = level_thinks,
    .deal = deal,
    .configure = configure,
    .score = score,
    .margin = margin,
    .summarize = NULL,
    .print_text = print_text,
    .print_json = print_json,
    .where = where,
};
