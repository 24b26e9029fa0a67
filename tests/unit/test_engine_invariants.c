/* test_engine_invariants.c: the engine asserts the invariants that must never break (German Whist's and
 * Android Whist's hands, the solver's positions), and a build with GW_ASSERTS keeps those asserts: a
 * corrupted state stops the program (in a child process here) instead of playing on. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "gw/android.h"
#include "gw/deck.h"
#include "gw/game.h"
#include "gw/solver.h"

#if defined(GW_ASSERTS) && defined(NDEBUG)
#error "GW_ASSERTS is on but NDEBUG is defined: the engine's asserts are compiled out"
#endif

#ifndef NDEBUG
/* Runs f in a child process; true if the child stopped on an assertion (SIGABRT). */
static bool aborts(void (*f)(void)) {
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none);
        if (!freopen("/dev/null", "w", stderr)) _exit(3);
        f();
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

/* German Whist: a card in both hands. */
static void german_card_in_two_hands(void) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, 3, deck);
    gw_game g;
    if (gw_game_deal(&g, GW_CLASSIC, deck, 0, NULL) != GW_OK) _exit(2);
    g.hand[g.turn] |= g.hand[1 - g.turn] & -g.hand[1 - g.turn]; /* the other's lowest card, twice */
    gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL);
}

/* German Whist: a trick counted that was never played. */
static void german_trick_count_off(void) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_SMALL, 4, deck);
    gw_game g;
    if (gw_game_deal(&g, GW_SMALL, deck, 1, NULL) != GW_OK) _exit(2);
    g.won[0][1]++;
    gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL);
}

/* Android Whist: a card lost from every hand. */
static void android_card_lost(void) {
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_from_seed(GW_CLASSIC, 5, deck);
    gw_android_game *g = malloc(sizeof *g);
    if (!g || gw_android_deal(g, deck, 0, NULL) != GW_OK) _exit(2);
    g->hand[GW_SEAT_X] &= g->hand[GW_SEAT_X] - 1;
    gw_android_command_play(g, GW_CMD_DUCK, &(gw_android_outcome){0}, NULL, NULL);
    free(g);
}

/* The solver: a position whose hands share a card. */
static void solver_overlapping_hands(void) {
    gw_solver *s;
    if (gw_solver_new(0, &s) != GW_OK) _exit(2);
    gw_position p = {GW_SPADES, 0x3, 0x6, GW_NO_CARD};
    gw_solve(s, &p);
    gw_solver_free(s);
}

/* And sound states pass: a whole hand of each game plays out under the asserts. */
static void sound_hands(void) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, 6, deck);
    gw_game g;
    if (gw_game_deal(&g, GW_CLASSIC, deck, 0, NULL) != GW_OK) _exit(2);
    while (gw_game_phase(&g) != GW_OVER)
        gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL);
}

#endif

static void corrupted_states_stop_the_engine(void **state) {
    (void)state;
#ifdef NDEBUG
    skip(); /* an optimised build without GW_ASSERTS: the asserts are compiled out */
#else
    assert_false(aborts(sound_hands));
    assert_true(aborts(german_card_in_two_hands));
    assert_true(aborts(german_trick_count_off));
    assert_true(aborts(android_card_lost));
    assert_true(aborts(solver_overlapping_hands));
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corrupted_states_stop_the_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
