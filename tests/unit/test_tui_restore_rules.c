/* test_tui_restore_rules.c: restoring an unfinished match refuses a saved text whose hands do not all
 * follow the rules of hand 1 (variant, scoring, target), instead of taking hand 1's and going on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw_test.h"
#include "match_state.h"

/* The session's configuration here: the computer at easy, by worlds (no clock in a unit test). */
static void config(gw_session_config *c, gw_match_rules rules) {
    tui_match_config(c, rules, 4242, GW_AI_EASY, 0, true);
    c->limits = (gw_expert_limits){0, 64, NULL};
}

/* Plays n cards (or to the end of the hand): the human's first legal card, the computer's own. */
static void play(tui_match *m, int n) {
    gw_error err;
    for (int i = 0; i < n && gw_session_state_of(m->s) == GW_SESSION_PLAYING; i++) {
        if (gw_session_turn(m->s).computer) {
            assert_int_equal(gw_session_play_computer(m->s, &err), GW_OK);
            continue;
        }
        gw_view v;
        assert_int_equal(gw_session_view(m->s, 0, &v, &err), GW_OK);
        gw_action a = {.kind = GW_ACTION_CARD, .card = gw_first(gw_observation_legal(&v.german))};
        assert_int_equal(gw_session_act(m->s, 0, &a, NULL, &err), GW_OK);
    }
}

/* The saved text of a match with one finished hand and a second one under way. */
static char *two_hands(gw_match_rules rules) {
    tui_match m;
    gw_error err;
    gw_session_config c;
    config(&c, rules);
    assert_int_equal(tui_match_start(&m, &c, "2024.03.05", &err), GW_OK);
    play(&m, 1000);
    assert_int_equal(gw_session_state_of(m.s), GW_SESSION_HAND_OVER);
    assert_int_equal(gw_session_next_hand(m.s, &err), GW_OK);
    tui_match_set_date(&m, "2024.03.06");
    play(&m, 3);
    gw_text t = {0};
    tui_match_text(&m, &t);
    assert_false(t.failed);
    char *text = malloc(t.len + 1);
    assert_non_null(text);
    memcpy(text, gw_text_str(&t), t.len + 1);
    gw_text_free(&t);
    tui_match_free(&m);
    return text;
}

static char *copy_of(const char *s) {
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    assert_non_null(out);
    memcpy(out, s, n + 1);
    return out;
}

/* Replaces the n-th (0-based) occurrence of what in text by with (same length or shorter). */
static void replace_nth(char *text, const char *what, const char *with, int n) {
    char *at = text;
    for (int i = 0; i <= n; i++) {
        at = strstr(i ? at + 1 : at, what);
        assert_non_null(at);
    }
    size_t a = strlen(what), b = strlen(with);
    assert_true(b <= a);
    memcpy(at, with, b);
    memmove(at + b, at + a, strlen(at + a) + 1);
}

static void refused(const char *text, const char *why) {
    tui_match m;
    gw_error err;
    memset(&err, 0, sizeof err);
    gw_session_config base;
    config(&base, (gw_match_rules){GW_CLASSIC, GW_LAST13, 10});
    gw_status st = tui_match_restore(&m, &base, text, strlen(text), &err);
    if (st == GW_OK) tui_match_free(&m);
    if (st == GW_OK || !strstr(err.msg, why)) print_error("restore gave %d: %s\n%s\n", st, err.msg, text);
    assert_int_not_equal(st, GW_OK);
    assert_non_null(strstr(err.msg, why));
}

static void restores(const char *text) {
    tui_match m;
    gw_error err;
    gw_session_config base;
    config(&base, (gw_match_rules){GW_CLASSIC, GW_LAST13, 10});
    assert_int_equal(tui_match_restore(&m, &base, text, strlen(text), &err), GW_OK);
    assert_int_equal(gw_session_match(m.s)->hands_played, 1);
    tui_match_free(&m);
}

static void other_rules_in_hand_2(void **state) {
    (void)state;
    gw_match_rules rules = {GW_CLASSIC, GW_LAST13, 10};
    char *text = two_hands(rules);
    restores(text);

    /* Hand 2 says another target: the record reader already refuses it as one match. */
    char *bad = copy_of(text);
    replace_nth(bad, "[Target \"10\"]", "[Target \"20\"]", 1);
    refused(bad, "Target 20 differs");
    /* Without its Hand tag the reader cannot tell it belongs to the match: the restore must. */
    replace_nth(bad, "[Hand \"2\"]\n", "", 0);
    refused(bad, "other rules than hand 1");
    free(bad);

    /* Another scoring in hand 2, again without the Hand tag. */
    bad = copy_of(text);
    replace_nth(bad, "[Scoring \"last13\"]", "[Scoring \"every\"]", 1);
    replace_nth(bad, "[Hand \"2\"]\n", "", 0);
    refused(bad, "other rules than hand 1");
    free(bad);
    free(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(other_rules_in_hand_2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
