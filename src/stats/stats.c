/* stats.c: the player's statistics counted from the facts of finished hands and games
 * (include/gw/stats.h): the rows by key, the streaks, slams and undos, the finished matches and rubbers,
 * their order and the total row. */
#include "gw/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/levels.h"
#include "gw/score.h"

/* A new zeroed row at the end of *rows (count used, cap room, size bytes each, one more kept free for the
 * total row); NULL without memory. */
static void *add_row(void **rows, int *count, int *cap, size_t size) {
    if (*count == *cap) {
        int n = *cap ? 2 * *cap : 8;
        void *p = realloc(*rows, (size_t)(n + 1) * size); /* + 1: the total row at the end */
        if (!p) return NULL;
        *rows = p;
        *cap = n;
    }
    unsigned char *r = (unsigned char *)*rows + (size_t)(*count)++ * size;
    memset(r, 0, size);
    return r;
}

/* Drops the rows without hands (made by a match or rubber alone), sorts the rest by compare and appends
 * total: the rows handed over, or NULL (freed) without memory. */
static void *finish(void **rows, int *count, size_t size, const void *total, int (*hands_of)(const void *),
                    int (*compare)(const void *, const void *), int *out) {
    unsigned char *r = *rows;
    if (!r) r = malloc(size); /* nothing counted: room for the total row alone */
    int n = 0;
    for (int i = 0; r && i < *count; i++)
        if (hands_of(r + (size_t)i * size) > 0) memmove(r + (size_t)n++ * size, r + (size_t)i * size, size);
    *rows = NULL;
    *count = 0;
    *out = 0;
    if (!r) return NULL;
    qsort(r, (size_t)n, size, compare);
    memcpy(r + (size_t)n * size, total, size);
    *out = n + 1;
    return r;
}

/* ---- German Whist ------------------------------------------------------------------------------------- */

void gw_stats_tally_init(gw_stats_tally *t) {
    memset(t, 0, sizeof *t);
    strcpy(t->total.variant, "all");
    strcpy(t->total.opponent, "all");
    strcpy(t->total.scoring, "all");
}

void gw_stats_tally_free(gw_stats_tally *t) {
    free(t->rows);
    gw_stats_tally_init(t);
}

/* The key's row in its own form (names cut to a row's length). */
static gw_stats key_row(const gw_stats_key *k) {
    gw_stats r = {0};
    snprintf(r.variant, sizeof r.variant, "%s", k->variant ? k->variant : "");
    snprintf(r.scoring, sizeof r.scoring, "%s", k->scoring ? k->scoring : "");
    snprintf(r.opponent, sizeof r.opponent, "%s", k->opponent ? k->opponent : "");
    r.target = k->target;
    return r;
}

/* The row of key k, made if missing; NULL without memory. */
static gw_stats *row_of(gw_stats_tally *t, const gw_stats_key *k) {
    gw_stats key = key_row(k);
    for (int i = 0; i < t->count; i++) {
        gw_stats *r = &t->rows[i];
        if (strcmp(r->variant, key.variant) == 0 && strcmp(r->scoring, key.scoring) == 0 &&
            r->target == key.target && strcmp(r->opponent, key.opponent) == 0)
            return r;
    }
    void *rows = t->rows;
    gw_stats *r = add_row(&rows, &t->count, &t->cap, sizeof *r);
    t->rows = rows;
    if (r) *r = key;
    return r;
}

/* Counts one hand, taken in the order they were played. */
static void count_hand(gw_stats *r, int winner, bool slam, bool assisted) {
    r->hands++;
    if (winner == 0) {
        r->hands_won++;
        r->slams += slam;
        r->current_streak++;
        if (r->current_streak > r->longest_streak) r->longest_streak = r->current_streak;
    } else {
        r->current_streak = 0;
    }
    r->assisted += assisted;
}

bool gw_stats_count_hand(gw_stats_tally *t, const gw_stats_key *k, int winner, bool slam, bool assisted) {
    gw_stats *r = row_of(t, k);
    if (!r) return false;
    count_hand(r, winner, slam, assisted);
    count_hand(&t->total, winner, slam, assisted);
    return true;
}

bool gw_stats_count_match(gw_stats_tally *t, const gw_stats_key *k, int winner) {
    gw_stats *r = row_of(t, k);
    if (!r) return false;
    r->matches++;
    r->matches_won += winner == 0;
    t->total.matches++;
    t->total.matches_won += winner == 0;
    return true;
}

/* The place of a level name in the order random, easy, hard, expert, oracle;
 * names whist does not know come after. */
static int level_rank(const char *name) {
    gw_ai_level level;
    return gw_ai_level_parse(name, &level) ? (int)level : GW_AI_LEVELS;
}

/* The place of a scoring rule's name in gw_scoring order; unknown names after. */
static int scoring_rank(const char *name) {
    gw_scoring sc;
    return gw_scoring_parse(name, &sc) ? (int)sc : 1000;
}

static int compare_rows(const void *a, const void *b) {
    const gw_stats *x = a, *y = b;
    int c = strcmp(x->variant, y->variant);
    if (c) return c;
    int sx = scoring_rank(x->scoring), sy = scoring_rank(y->scoring);
    if (sx != sy) return sx < sy ? -1 : 1;
    if ((c = strcmp(x->scoring, y->scoring)) != 0) return c;
    if (x->target != y->target) return x->target < y->target ? -1 : 1;
    int rx = level_rank(x->opponent), ry = level_rank(y->opponent);
    if (rx != ry) return rx < ry ? -1 : 1;
    return strcmp(x->opponent, y->opponent);
}

static int hands_of(const void *r) { return ((const gw_stats *)r)->hands; }

gw_stats *gw_stats_tally_rows(gw_stats_tally *t, int *count) {
    void *rows = t->rows;
    gw_stats total = t->total;
    gw_stats *out = finish(&rows, &t->count, sizeof total, &total, hands_of, compare_rows, count);
    gw_stats_tally_init(t);
    return out;
}

/* ---- Android Whist ------------------------------------------------------------------------------------ */

void gw_android_tally_init(gw_android_tally *t) {
    memset(t, 0, sizeof *t);
    strcpy(t->total.opponent, "all");
}

void gw_android_tally_free(gw_android_tally *t) {
    free(t->rows);
    gw_android_tally_init(t);
}

/* The row of opponent, made if missing; NULL without memory. */
static gw_android_stats *arow_of(gw_android_tally *t, const char *opponent) {
    char name[sizeof t->total.opponent];
    snprintf(name, sizeof name, "%s", opponent ? opponent : "");
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->rows[i].opponent, name) == 0) return &t->rows[i];
    void *rows = t->rows;
    gw_android_stats *r = add_row(&rows, &t->count, &t->cap, sizeof *r);
    t->rows = rows;
    if (r) memcpy(r->opponent, name, sizeof name);
    return r;
}

/* Counts one hand, in the order they were played. */
static void count_android_hand(gw_android_stats *r, int winner, int points, int game_winner) {
    r->hands++;
    if (winner == 0) {
        r->hands_won++;
        r->points += points;
        if (++r->current_streak > r->longest_streak) r->longest_streak = r->current_streak;
    } else {
        r->current_streak = 0;
        if (winner == 1) r->points_against += points;
    }
    if (game_winner >= 0) {
        r->games++;
        r->games_won += game_winner == 0;
    }
}

bool gw_android_count_hand(gw_android_tally *t, const char *opponent, int winner, int points,
                           int game_winner) {
    gw_android_stats *r = arow_of(t, opponent);
    if (!r) return false;
    count_android_hand(r, winner, points, game_winner);
    count_android_hand(&t->total, winner, points, game_winner);
    return true;
}

bool gw_android_count_rubber(gw_android_tally *t, const char *opponent, int winner) {
    gw_android_stats *r = arow_of(t, opponent);
    if (!r) return false;
    r->rubbers++;
    r->rubbers_won += winner == 0;
    t->total.rubbers++;
    t->total.rubbers_won += winner == 0;
    return true;
}

/* The place of an opponent name: the levels in order, then "human", then others. */
static int opponent_rank(const char *name) {
    gw_android_level level;
    if (gw_android_level_parse(name, &level)) return (int)level;
    return strcmp(name, "human") == 0 ? GW_ANDROID_LEVELS : GW_ANDROID_LEVELS + 1;
}

static int compare_arows(const void *a, const void *b) {
    const gw_android_stats *x = a, *y = b;
    int rx = opponent_rank(x->opponent), ry = opponent_rank(y->opponent);
    if (rx != ry) return rx < ry ? -1 : 1;
    return strcmp(x->opponent, y->opponent);
}

static int ahands_of(const void *r) { return ((const gw_android_stats *)r)->hands; }

gw_android_stats *gw_android_tally_rows(gw_android_tally *t, int *count) {
    void *rows = t->rows;
    gw_android_stats total = t->total;
    gw_android_stats *out = finish(&rows, &t->count, sizeof total, &total, ahands_of, compare_arows, count);
    gw_android_tally_init(t);
    return out;
}
