/* test_engine_invariants.c: the engine asserts the invariants that must never break (German Whist's and
 * Android Whist's hands, the solver's positions), and a build with GW_ASSERTS keeps those asserts: a
 * corrupted state stops the program (in a child process here) instead of playing on. A case whose set-up
 * fails, or that ends any other way than expected, fails the test (it used to pass as "did not abort"). */
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
/* How a child running a case ended. */
typedef enum { CHILD_RAN = 0, CHILD_ABORTED = 1, CHILD_OTHER = 2 } child_end;

/* A case's set-up that fails (what the cases below do when they cannot build their state): the test must
 * see it as a failure, not as "did not abort". */
#define SETUP_FAILED 2

/* Runs f in a child process: CHILD_ABORTED if it stopped on an assertion (SIGABRT), CHILD_RAN if it ran to
 * its end, CHILD_OTHER for anything else (its set-up failed: exit SETUP_FAILED; another signal or exit),
 * with what happened in why. */
static child_end run_child(void (*f)(void), char *why, size_t cap) {
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
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) return CHILD_ABORTED;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return CHILD_RAN;
    if (WIFEXITED(status))
        snprintf(why, cap, "the child exited with %d%s", WEXITSTATUS(status),
                 WEXITSTATUS(status) == SETUP_FAILED ? " (its set-up failed)" : "");
    else
        snprintf(why, cap, "the child stopped on signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : -1);
    return CHILD_OTHER;
}

/* Fails the test unless f ends as expected (CHILD_ABORTED or CHILD_RAN); name says which case. */
static void expect(void (*f)(void), child_end want, const char *name) {
    char why[96] = "";
    child_end got = run_child(f, why, sizeof why);
    if (got == want) return;
    if (got == CHILD_OTHER) fail_msg("%s: %s", name, why);
    fail_msg("%s: %s", name, got == CHILD_RAN ? "ran on instead of stopping" : "stopped on an assertion");
}

/* A set-up that fails, as every case below does when it cannot deal: */
static void setup_fails(void) { _exit(SETUP_FAILED); }

/* German Whist: a card in both hands. */
static void german_card_in_two_hands(void) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, 3, deck);
    gw_game g;
    if (gw_game_deal(&g, GW_CLASSIC, deck, 0, NULL) != GW_OK) _exit(SETUP_FAILED);
    g.hand[g.turn] |= g.hand[1 - g.turn] & -g.hand[1 - g.turn]; /* the other's lowest card, twice */
    gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL);
}

/* German Whist: a trick counted that was never played. */
static void german_trick_count_off(void) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_SMALL, 4, deck);
    gw_game g;
    if (gw_game_deal(&g, GW_SMALL, deck, 1, NULL) != GW_OK) _exit(SETUP_FAILED);
    g.won[0][1]++;
    gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL);
}

/* Android Whist: a card lost from every hand. */
static void android_card_lost(void) {
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_from_seed(GW_CLASSIC, 5, deck);
    gw_android_game *g = malloc(sizeof *g);
    if (!g || gw_android_deal(g, deck, 0, NULL) != GW_OK) _exit(SETUP_FAILED);
    g->hand[GW_SEAT_X] &= g->hand[GW_SEAT_X] - 1;
    gw_android_command_play(g, GW_CMD_DUCK, &(gw_android_outcome){0}, NULL, NULL);
    free(g);
}

/* The solver: a position whose hands share a card. */
static void solver_overlapping_hands(void) {
    gw_solver *s;
    if (gw_solver_new(0, &s) != GW_OK) _exit(SETUP_FAILED);
    gw_position p = {GW_SPADES, 0x3, 0x6, GW_NO_CARD};
    gw_solve(s, &p);
    gw_solver_free(s);
}

/* And sound states pass: a whole hand of each game plays out under the asserts. */
static void sound_hands(void) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_CLASSIC, 6, deck);
    gw_game g;
    if (gw_game_deal(&g, GW_CLASSIC, deck, 0, NULL) != GW_OK) _exit(SETUP_FAILED);
    while (gw_game_phase(&g) != GW_OVER)
        gw_game_play(&g, gw_first(gw_game_legal(&g)), NULL);
}

#endif

static void corrupted_states_stop_the_engine(void **state) {
    (void)state;
#ifdef NDEBUG
    skip(); /* an optimised build without GW_ASSERTS: the asserts are compiled out */
#else
    char why[96] = "";
    /* the helper tells a failed set-up from a case that ran on or stopped */
    assert_int_equal(run_child(setup_fails, why, sizeof why), CHILD_OTHER);
    assert_non_null(strstr(why, "set-up failed"));
    expect(sound_hands, CHILD_RAN, "sound hands");
    expect(german_card_in_two_hands, CHILD_ABORTED, "a card in two hands");
    expect(german_trick_count_off, CHILD_ABORTED, "a trick counted that was never played");
    expect(android_card_lost, CHILD_ABORTED, "an Android Whist card lost");
    expect(solver_overlapping_hands, CHILD_ABORTED, "the solver's overlapping hands");
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corrupted_states_stop_the_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
