/* bench_protocol.c: the JSON protocol's speed: views encoded per second (a seat's view in the middle of a
 * hand, both games), views decoded per second, and actions decoded per second (a card, a command). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gw/protocol.h"

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Player 0's view after `steps` random cards of a German Whist hand (classic deck). */
static void german_view(int steps, gw_view *v) {
    gw_card deck[GW_MAX_DECK];
    gw_game g;
    gw_rng rng;
    gw_rng_seed(&rng, 2024);
    gw_deck_shuffled(GW_CLASSIC, &rng, deck);
    gw_game_deal(&g, GW_CLASSIC, deck, 1, NULL);
    for (int i = 0; i < steps; i++) {
        gw_cards legal = gw_game_legal(&g);
        gw_game_play(&g, gw_nth(legal, (int)gw_rng_below(&rng, (uint32_t)gw_count(legal))), NULL);
    }
    memset(v, 0, sizeof *v);
    v->game = GW_GAME_GERMAN;
    v->turn = (gw_turn){g.turn, GW_ACTION_CARD, g.turn, false};
    v->hand_number = 1;
    strcpy(v->names[0], "human");
    strcpy(v->names[1], "hard");
    v->kinds[1] = GW_SEAT_COMPUTER;
    v->winner = -1;
    v->rules = (gw_match_rules){GW_CLASSIC, GW_LAST13, 10};
    gw_observe(&g, 0, &v->german);
}

/* Player 0's view after `steps` plays of an Android Whist hand (commands chosen at random until one works).
 */
static void android_view(int steps, gw_view *v) {
    gw_card deck[GW_ANDROID_DECK];
    gw_android_game g;
    gw_rng rng;
    gw_rng_seed(&rng, 2024);
    gw_deck_shuffled(GW_CLASSIC, &rng, deck);
    gw_android_deal(&g, deck, 0, NULL);
    for (int i = 0; i < steps;) {
        if (gw_seat_is_android(g.turn)) {
            gw_android_outcome out;
            if (gw_android_command_play(&g, (gw_android_command)gw_rng_below(&rng, GW_CMD_COUNT), &out, NULL,
                                        NULL) == GW_OK)
                i++;
        } else {
            gw_cards legal = gw_android_legal(&g);
            gw_android_play(&g, gw_nth(legal, (int)gw_rng_below(&rng, (uint32_t)gw_count(legal))), NULL,
                            NULL);
            i++;
        }
    }
    memset(v, 0, sizeof *v);
    v->game = GW_GAME_ANDROID;
    v->turn = (gw_turn){0, GW_ACTION_CARD, GW_SEAT_D, false};
    v->hand_number = 1;
    strcpy(v->names[0], "human");
    strcpy(v->names[1], "hard");
    v->kinds[1] = GW_SEAT_COMPUTER;
    v->winner = -1;
    gw_android_rubber_start(&v->rubber, 0);
    gw_android_observe(&g, 0, &v->android);
    for (int i = v->android.ntrick; i < GW_SEATS; i++)
        v->android.trick[i] = GW_NO_CARD;
}

static void bench_view(const char *name, const gw_view *v, long n) {
    size_t bytes = 0;
    double t0 = now_seconds();
    for (long i = 0; i < n; i++) {
        char *s = gw_protocol_encode_view(v);
        if (!s) {
            fprintf(stderr, "bench_protocol: out of memory\n");
            exit(1);
        }
        bytes += strlen(s);
        free(s);
    }
    double dt = now_seconds() - t0;
    char *s = gw_protocol_encode_view(v);
    size_t len = strlen(s);
    gw_view *back = malloc(sizeof *back);
    gw_protocol_error err;
    double t1 = now_seconds();
    for (long i = 0; i < n; i++)
        if (gw_protocol_decode_view(s, len, back, &err) != GW_OK) {
            fprintf(stderr, "bench_protocol: %s\n", err.err.msg);
            exit(1);
        }
    double dt2 = now_seconds() - t1;
    printf("%-8s view (%5zu bytes): %9.0f encoded/s (%.2f us)  %9.0f decoded/s (%.2f us)  [%zu bytes]\n",
           name, len, (double)n / dt, dt * 1e6 / (double)n, (double)n / dt2, dt2 * 1e6 / (double)n,
           bytes / (size_t)n);
    free(back);
    free(s);
}

static void bench_action(const char *name, const char *text, long n) {
    size_t len = strlen(text);
    gw_action a;
    gw_protocol_error err;
    unsigned check = 0;
    double t0 = now_seconds();
    for (long i = 0; i < n; i++) {
        if (gw_protocol_decode_action(text, len, &a, &err) != GW_OK) {
            fprintf(stderr, "bench_protocol: %s\n", err.err.msg);
            exit(1);
        }
        check += a.card + (unsigned)a.command;
    }
    double dt = now_seconds() - t0;
    printf("%-8s action %-44s %9.0f decoded/s (%.2f us)  [check %u]\n", name, text, (double)n / dt,
           dt * 1e6 / (double)n, check);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000;
    if (n <= 0) {
        fprintf(stderr, "usage: bench_protocol [ITERATIONS]\n");
        return 2;
    }
    printf(
        "bench_protocol: %ld iterations each, one core (views mid-hand: German after 20 cards, Android after "
        "24 plays)\n",
        n);
    gw_view *v = malloc(sizeof *v);
    german_view(20, v);
    bench_view("german", v, n);
    android_view(24, v);
    bench_view("android", v, n);
    free(v);
    bench_action("german", "{\"type\":\"play\",\"card\":\"QH\"}", n * 10);
    bench_action("android", "{\"type\":\"command\",\"command\":\"high-spades\"}", n * 10);
    return 0;
}
