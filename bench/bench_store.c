/* bench_store.c: the statistics database: time to store a finished hand (one transaction each, as the game
 * does), and to read the statistics and the history as the database grows. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gw/game.h"
#include "gw/match.h"
#include "gw/record.h"
#include "gw/store.h"

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Plays a random hand of match m into g and returns its record text. */
static void random_hand(gw_match *m, gw_game *g, gw_rng *rng, gw_text *out) {
    uint64_t seed;
    gw_match_deal(m, g, &seed);
    while (gw_game_phase(g) != GW_OVER) {
        gw_cards legal = gw_game_legal(g);
        gw_game_play(g, gw_nth(legal, (int)gw_rng_below(rng, (uint32_t)gw_count(legal))), NULL);
    }
    gw_record_hand h;
    gw_record_hand_from_game(&h, g, m->rules, m->hands_played + 1);
    gw_record_write_hand(&h, out);
    gw_record_hand_clear(&h);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    const char *path = argc > 2 ? argv[2] : "bench_store.db";
    if (n <= 0) {
        fprintf(stderr, "usage: bench_store [HANDS] [DATABASE (removed first)]\n");
        return 2;
    }
    unlink(path);
    gw_store *s;
    gw_error err;
    if (gw_store_open(path, &s, &err) != GW_OK) {
        fprintf(stderr, "bench_store: %s\n", err.msg);
        return 1;
    }
    gw_rng rng;
    gw_rng_seed(&rng, 1);
    double *times = malloc(sizeof *times * (size_t)n);
    gw_match m;
    gw_match_rules rules = {GW_CLASSIC, GW_LAST13, 10};
    int64_t match_id = 0;
    bool new_match = true;
    for (int i = 0; i < n; i++) {
        if (new_match) {
            gw_match_start(&m, rules, (uint64_t)i, NULL);
            gw_store_match sm = {rules, i % 2 ? "hard" : "expert", (uint64_t)i, NULL, false, 0};
            gw_store_begin_match(s, &sm, &match_id, &err);
        }
        gw_game g;
        gw_text rec = {0};
        random_hand(&m, &g, &rng, &rec);
        gw_hand_score hs = gw_match_finish_hand(&m, &g);
        gw_store_hand h = {match_id,
                           m.hands_played,
                           gw_text_str(&rec),
                           NULL,
                           {hs.counted[0], hs.counted[1]},
                           hs.winner,
                           {hs.points[0], hs.points[1]},
                           hs.slam,
                           i % 7 == 0,
                           {m.score[0], m.score[1]},
                           gw_match_winner(&m)};
        double t0 = now_seconds();
        if (gw_store_add_hand(s, &h, NULL, &err) != GW_OK) {
            fprintf(stderr, "bench_store: %s\n", err.msg);
            return 1;
        }
        times[i] = now_seconds() - t0;
        new_match = h.match_winner >= 0;
        gw_text_free(&rec);
    }
    qsort(times, (size_t)n, sizeof *times, compare_doubles);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += times[i];
    printf("store a hand (one transaction, %d hands): mean %.2f ms, median %.2f ms, 99th pct %.2f ms, max "
           "%.2f ms\n",
           n, 1e3 * sum / n, 1e3 * times[n / 2], 1e3 * times[n * 99 / 100], 1e3 * times[n - 1]);
    double t0 = now_seconds();
    gw_stats *rows;
    int count;
    gw_store_stats(s, &rows, &count, &err);
    double t1 = now_seconds();
    gw_store_entry *entries;
    int nentries;
    gw_store_history(s, 20, &entries, &nentries, &err);
    double t2 = now_seconds();
    char *text = NULL;
    gw_store_record(s, n / 2, &text, &err);
    double t3 = now_seconds();
    printf(
        "statistics over %d hands: %.2f ms (%d rows, %d hands counted); history of 20: %.2f ms; one record: "
        "%.2f ms\n",
        n, 1e3 * (t1 - t0), count, rows[count - 1].hands, 1e3 * (t2 - t1), 1e3 * (t3 - t2));
    free(rows);
    free(entries);
    free(text);
    free(times);
    gw_store_close(s);
    return 0;
}
