/* android_hard.c: the Android Whist level `hard`: sampled deals that fit the view, every choice played out in
 * each. */
#include <string.h>

#include "android_levels.h"
#include "android_tactics.h"

#define MAX_CANDIDATES GW_CMD_COUNT
/* Tricks charged per sample in which a command fails: errors cost nothing
 * in the game, but between equal commands the one that plays now wins. */
#define ERROR_TIEBREAK 1e-3

/* The side's tricks when c is played now in deal w and the rest is played
 * out with the tactics. */
static int value_of_card(const aai_table *w, gw_card c, int side) {
    aai_table x = *w;
    aai_play(&x, c);
    return aai_rollout(&x, side);
}

/* What the samples say of each command: ok[c] sums its value over the
 * samples where it plays a card; after[c][d] sums, over the samples where c
 * fails, the value of following its error with command d. */
typedef struct command_sums {
    double ok[GW_CMD_COUNT];
    double after[GW_CMD_COUNT][GW_CMD_COUNT];
    int failed[GW_CMD_COUNT]; /* the samples in which c fails */
} command_sums;

/* The android's situation in deal w, before or after an error. */
static gw_android_situation situation(const aai_know *k, const aai_table *w, bool after_error) {
    gw_android_situation s = {.hand = w->may[k->android],
                              .trump = k->trump,
                              .nplayed = k->ntrick < 3 ? k->ntrick : 3,
                              .after_error = after_error};
    for (int i = 0; i < 3; i++)
        s.trick[i] = i < s.nplayed ? k->trick[i] : GW_NO_CARD;
    return s;
}

/* One sampled deal w: the value of each open command, and of each command
 * that may follow an error. A card is played out; a second error is
 * followed by the tactics' card among those commands can give. Commands
 * giving the same card share one playout. */
static void score_commands(const aai_know *k, const aai_table *w, unsigned open, int side,
                           command_sums *sums) {
    int by_card[64];
    for (int i = 0; i < 64; i++)
        by_card[i] = -1;
    int again = -1; /* the value after two errors */
    int next[GW_CMD_COUNT];
    bool next_done = false;
    gw_android_situation now = situation(k, w, k->errors > 0), later = situation(k, w, true);
    for (int c = 0; c < GW_CMD_COUNT; c++) {
        if (!(open & (1u << c))) continue;
        gw_android_outcome o = gw_android_evaluate(&now, (gw_android_command)c);
        if (o.answer == GW_ANSWER_CARD) {
            if (by_card[o.card] < 0) by_card[o.card] = value_of_card(w, o.card, side);
            sums->ok[c] += by_card[o.card];
            continue;
        }
        sums->failed[c]++;
        if (!next_done) { /* every command after an error in this deal */
            for (int d = 0; d < GW_CMD_COUNT; d++) {
                gw_android_outcome p = gw_android_evaluate(&later, (gw_android_command)d);
                if (p.answer == GW_ANSWER_CARD) {
                    if (by_card[p.card] < 0) by_card[p.card] = value_of_card(w, p.card, side);
                    next[d] = by_card[p.card];
                } else {
                    if (again < 0)
                        again = value_of_card(
                            w, aai_card(w, aai_reachable(w->may[k->android], k->trump, w->trick, w->ntrick)),
                            side);
                    next[d] = again;
                }
            }
            next_done = true;
        }
        for (int d = 0; d < GW_CMD_COUNT; d++)
            sums->after[c][d] += next[d];
    }
}

/* A command's estimate: its value where it plays a card, plus where it
 * fails the best single command to follow (chosen over all those deals at
 * once, as the next decision will be, knowing only that it failed). */
static double command_value(const aai_know *k, const command_sums *sums, int c) {
    double best = 0;
    if (sums->failed[c]) {
        const unsigned follow = (1u << GW_CMD_DUCK) | (1u << GW_CMD_BEAT) | (1u << GW_CMD_HIGH);
        unsigned then = ((1u << GW_CMD_COUNT) - 1) & ~k->failed & ~(1u << c);
        if (k->ntrick == 0) then &= ~follow;
        bool any = false;
        for (int d = 0; d < GW_CMD_COUNT; d++)
            if ((then & (1u << d)) && (!any || sums->after[c][d] > best)) {
                best = sums->after[c][d];
                any = true;
            }
    }
    return sums->ok[c] + best - ERROR_TIEBREAK * sums->failed[c];
}

gw_android_action aai_hard(const aai_know *k, gw_rng *rng, int samples, int think_ms, const gw_clock *clock) {
    aai_table base;
    aai_table_from_know(k, &base);
    bool own = aai_turn(&base) == k->me;
    int side = gw_seat_side(k->me);
    int cand[MAX_CANDIDATES], n = 0;
    if (own) { /* one card of each run of equivalent cards: the lowest */
        gw_cards legal = aai_legal(&base, k->may[k->me]);
        for (gw_cards rest = legal; rest && n < MAX_CANDIDATES; rest &= rest - 1) {
            gw_card c = gw_first(rest);
            if (aai_equivalent_low(k->may[k->me], k->played, c) == c) cand[n++] = c;
        }
    } else {
        for (unsigned open = aai_commands_open(k); open; open &= open - 1)
            cand[n++] = __builtin_ctz(open);
    }
    if (n == 1) return own ? aai_card_action((gw_card)cand[0]) : aai_command_action(cand[0]);
    double sum[MAX_CANDIDATES];
    memset(sum, 0, sizeof sum);
    command_sums sums;
    memset(&sums, 0, sizeof sums);
    unsigned open = aai_commands_open(k);
    uint64_t start = think_ms > 0 ? gw_clock_now(clock) : 0;
    for (int i = 0; i < samples; i++) {
        if (think_ms > 0 && i > 0 && gw_clock_now(clock) - start >= (uint64_t)think_ms) break;
        gw_cards hands[GW_SEATS];
        aai_sample(k, rng, hands);
        aai_table w;
        aai_table_with_hands(k, hands, &w);
        if (own)
            for (int j = 0; j < n; j++)
                sum[j] += value_of_card(&w, (gw_card)cand[j], side);
        else
            score_commands(k, &w, open, side, &sums);
    }
    if (!own)
        for (int j = 0; j < n; j++)
            sum[j] = command_value(k, &sums, cand[j]);
    int best = 0;
    for (int j = 1; j < n; j++)
        if (sum[j] > sum[best]) best = j;
    return own ? aai_card_action((gw_card)cand[best]) : aai_command_action(cand[best]);
}
