/* arena.h: what `whist arena`'s harness (cmd_arena.c) shares with each game's part (arena_german.c,
 * arena_android.c): the run, one deal's results, the figures, and the per-game callbacks. */
#ifndef ARENA_H
#define ARENA_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/session.h"

#define ARENA_MSG_BYTES 1024

/* What one deal gave; sides are 0 = A, 1 = B; in play 0 A is player 1, in play 1 player 2. */
typedef struct deal_result {
    int tricks[2][2];        /* [play][side]: German endgame tricks; Android all tricks */
    int counted[2][2];       /* German [play][side]: the tricks the scoring counts (endgame; every: all) */
    int human_tricks[2][2];  /* Android [play][player]: for the rubbers */
    int winner[2];           /* per play: the side that won the hand, or -1 for a tie */
    int points[2][2];        /* [play][side]: what each side scored (the loser 0, except German `total`) */
    int plays[2], errors[2]; /* Android, per side: android cards commanded, commands the android failed */
    int match_winner[2];     /* German --match, per play: the side the hand makes the match's winner, or -1 */
    double think_sum[2], think_max[2]; /* per side, ms */
    int decisions[2];                  /* per side */
} deal_result;

/* The sequential test (--sprt M0,M1): see docs/arena.md. */
typedef struct arena_sprt {
    bool on;
    double m0, m1;       /* the margins per hand of H0 and H1 */
    double alpha, beta;  /* error rates (0.05 each) */
    double lower, upper; /* log(beta / (1 - alpha)), log((1 - beta) / alpha) */
    int min_deals;       /* no decision before this many deals */
    /* The outcome, set by the harness: */
    int decided; /* 0 not (yet), 1 H1 accepted, -1 H0 accepted */
    int at;      /* deals in the decision (or all deals when undecided) */
    double llr;  /* the log-likelihood ratio at `at` */
} arena_sprt;

/* A side: a computer level, or an outside program (--engine-a/-b). */
typedef struct arena_side {
    bool engine;
    int level;       /* a gw_ai_level or gw_android_level */
    const char *cmd; /* the program's command (engine) */
} arena_side;

typedef struct arena arena;

/* The figures of a run, summed in deal order. */
typedef struct summary {
    int deals, hands;
    double margin, sd, ci95; /* per hand in the game's unit; ci95: half-width, 0 with one deal */
    double tricks_margin;    /* Android: tricks per hand; German: endgame tricks per hand */
    double won_pct[2], ties_pct;
    double won_ci95;  /* of won_pct[0], from each deal's share of hands A won (paired as the margin) */
    double points[2]; /* per hand */
    double points_margin, points_sd, points_ci95; /* A's points minus B's per hand, paired by deal */
    /* German --match: the share of hands (%) that end the match won by A, by B, or not, and A's share's
     * interval; A's share minus B's per hand with its interval (all paired by deal). */
    double match_pct[2], match_open_pct, match_ci95, match_margin, match_margin_ci95;
    int rubbers, rubbers_won[2], unfinished; /* Android */
    double rubber_margin, rubber_ci95;       /* Android: A's mean margin per finished rubber */
    double errors_per_play[2];               /* Android */
    double think_mean[2], think_median[2], think_median_foreplay[2], think_max[2];
    double wall_s;
} summary;

/* The part of the arena that differs between the games. */
typedef struct arena_game {
    gw_game_kind kind;
    const char *levels;      /* the levels for messages: "random, easy, hard, expert or oracle" */
    const char *levels_list; /* the same as a list: "random, easy, hard, expert, oracle" */
    int think_kept;          /* decisions per side and deal kept for the medians */
    bool (*parse_level)(const char *name, int *level);
    const char *(*level_name)(int level);
    /* Whether a level thinks (searches or samples: its time per decision says something), as against
     * playing by rule at once (random, easy). */
    bool (*level_thinks)(int level);
    /* Deal k (seed ds) of the run: its cards (GW_MAX_DECK) and dealer. */
    void (*deal)(const arena *ar, int k, uint64_t ds, uint8_t *deck, int *dealer);
    /* The session's config for one hand, beyond seats, deck and seeds (rules, limits). */
    void (*configure)(const arena *ar, gw_session_config *c);
    /* After the hand of `play` is over: its outcome into r. */
    void (*score)(const arena *ar, const gw_session *s, int play, deal_result *r);
    /* A deal's margin of A per hand (the mean over its two plays). */
    double (*margin)(const deal_result *r);
    /* What summarize cannot do alone (Android: the rubbers); may be NULL. */
    void (*summarize)(const arena *ar, summary *s);
    void (*print_text)(const arena *ar, const summary *s, int jobs);
    void (*print_json)(const arena *ar, const summary *s, int jobs);
    /* Where the deal is, for messages: "deal 3 (whist deal --seed N shows it)". */
    void (*where)(const arena *ar, int k, uint64_t ds, char *out, size_t cap);
} arena_game;

extern const arena_game ARENA_GERMAN, ARENA_ANDROID;

struct arena {
    const arena_game *game;
    arena_side side[2]; /* A, B */
    gw_variant variant; /* German */
    gw_scoring scoring; /* German */
    /* German --match: every hand is played at this match score (by side) towards target; the sides
     * whose bit is in match_known (1 A, 2 B) play for the match, the others for the hand's points. */
    bool match_on;
    int match_score[2], target, match_known;
    gw_expert_limits limits;
    int android_samples, android_think_ms;
    int engine_ms; /* an outside program's time per decision */
    uint64_t seed;
    int deals; /* asked for */
    int jobs;
    deal_result *results; /* one per deal, in deal order */
    float *times;         /* [deal][side][game->think_kept]: decision times, ms */
    bool *foreplay;       /* the same: whether the decision was in the German foreplay */
    arena_sprt sprt;
    pthread_mutex_t lock; /* guards what follows */
    int next;             /* the next deal to play */
    bool stop;
    bool *done;     /* per deal: played */
    int prefix;     /* deals 0..prefix-1 all played (and folded into the test) */
    double sum, sq; /* of the margins of those deals */
    int played;     /* deals in the figures: all, or those up to the test's decision */
    int err_deal;   /* the lowest deal that failed, or -1 */
    char err_msg[ARENA_MSG_BYTES];
};

/* A side's name for the figures: the level's, or "engine". */
const char *arena_side_name(const arena *ar, int side);
/* Whether a side thinks: an outside program, or a level that searches (arena_game.level_thinks). The text
 * gives think times only for the sides that think. */
bool arena_side_thinks(const arena *ar, int side);
/* Prints "Think time per UNIT: A mean M, median D[ (foreplay F)], max X; B ...", with only the sides that
 * think (no line when neither does); foreplay: with the median over the foreplay's cards. */
void arena_print_think_text(const arena *ar, const summary *s, const char *unit, bool foreplay);

/* Shared print helpers (cmd_arena.c). */
const char *arena_signed2(double x, char out[32]);
const char *arena_ms_text(double ms, char out[32]);
/* The margin's line ("Margin of A in UNIT per hand: ..., 95% interval ..."), and its JSON members
 * ("margin", "ci95", "margin_sd"). */
void arena_print_margin_text(const summary *s, const char *unit);
void arena_print_margin_json(const summary *s);
/* The sequential test's line, when on ("Sequential test ...: ..."), and its JSON member ("\"sprt\": {...},
 * "). */
void arena_print_sprt_text(const arena *ar);
void arena_print_sprt_json(const arena *ar);
/* The program lines (text) and JSON members for outside programs, when any. */
void arena_print_engines_text(const arena *ar);
void arena_print_engines_json(const arena *ar);

#endif
