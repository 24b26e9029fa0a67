/* test_tui_screens.c: the parts of the home, settings, statistics and history screens that need no terminal:
 * the names of the scoring rules, the wrapping of long messages, and storing the full-screen Android Whist's
 * hands (the database made only when the first hand is stored). */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "app.h"
#include "describe.h"
#include "gw/android_ai.h"
#include "gw/rng.h"
#include "gw_test.h"
#include "gw_tmp.h"
#include "wrap.h"

/* Seed 003's names, the small deck's own for the endgame rule. */
static void scoring_labels(void **state) {
    (void)state;
    assert_string_equal(tui_scoring_label(GW_LAST13, GW_CLASSIC), "Last 13");
    assert_string_equal(tui_scoring_label(GW_LAST13, GW_SMALL), "Last 7");
    assert_string_equal(tui_scoring_label(GW_EVERY, GW_CLASSIC), "Every trick");
    assert_string_equal(tui_scoring_label(GW_EVERY, GW_SMALL), "Every trick");
    assert_string_equal(tui_scoring_label(GW_DIFFERENCE, GW_SMALL), "Difference");
    assert_string_equal(tui_scoring_label(GW_TOTAL, GW_SMALL), "Running total");
    /* every rule this build knows has a name, and the count is what the parser knows */
    int n = GW_SCORINGS;
    for (int i = 0; i < n; i++) {
        const char *name = tui_scoring_label((gw_scoring)i, GW_CLASSIC);
        assert_non_null(name);
        assert_true(name[0] >= 'A' && name[0] <= 'Z');
    }
    gw_scoring back;
    assert_false(gw_scoring_parse(gw_scoring_name((gw_scoring)n), &back));
}

/* A card typed a key at a time: rank then suit, "1" "0" for the ten; anything else drops it. */
static void typed_cards(void **state) {
    (void)state;
    char typed[2] = {'q', '\0'};
    gw_card c = GW_NO_CARD;
    assert_int_equal(tui_typed_key(typed, 's', &c), TUI_TYPED_CARD);
    assert_int_equal(c, gw_card_make(GW_SPADES, GW_RANK_A - 2));
    assert_int_equal(typed[0], '\0');
    typed[0] = '1';
    assert_int_equal(tui_typed_key(typed, '0', &c), TUI_TYPED_MORE);
    assert_int_equal(tui_typed_key(typed, 'h', &c), TUI_TYPED_CARD);
    assert_int_equal(c, gw_card_make(GW_HEARTS, GW_RANK_T));
    typed[0] = '1';
    assert_int_equal(tui_typed_key(typed, 'h', &c), TUI_TYPED_NONE); /* "1h" is no card */
    assert_int_equal(typed[0], '\0');
    typed[0] = '7';
    assert_int_equal(tui_typed_key(typed, 'x', &c), TUI_TYPED_NONE);
    assert_int_equal(tui_rank_of_key('K'), GW_RANK_A - 1);
    assert_int_equal(tui_rank_of_key('2'), 0);
    assert_int_equal(tui_rank_of_key('x'), -1);
    /* a typed card is looked for in the hand on show only */
    gw_card hand[2] = {gw_card_make(GW_SPADES, GW_RANK_A), gw_card_make(GW_HEARTS, GW_RANK_T)};
    char why[64];
    assert_int_equal(tui_find_card(hand, 2, hand[1], true, why, sizeof why), 1);
    assert_int_equal(tui_find_card(hand, 2, gw_card_make(GW_CLUBS, 0), true, why, sizeof why), -1);
    assert_string_equal(why, "You do not hold 2C.");
}

/* The lines of text wrapped to width, joined with '|'. */
static void wrapped(const char *text, int width, char *out, size_t cap) {
    tui_span lines[32];
    int n = tui_wrap(text, width, lines, 32);
    assert_true(n <= 32);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char line[256];
        snprintf(line, sizeof line, "%s%.*s", i ? "|" : "", lines[i].len, text + lines[i].start);
        strncat(out, line, cap - strlen(out) - 1);
    }
}

static void wrap_lines(void **state) {
    (void)state;
    char out[512];
    wrapped("", 10, out, sizeof out);
    assert_string_equal(out, "");
    wrapped("short", 10, out, sizeof out);
    assert_string_equal(out, "short");
    wrapped("the quick brown fox jumps", 10, out, sizeof out);
    assert_string_equal(out, "the quick|brown fox|jumps");
    /* a line exactly the width, then a blank */
    wrapped("abcde fghij", 5, out, sizeof out);
    assert_string_equal(out, "abcde|fghij");
    /* a word longer than a line is cut */
    wrapped("/a/very/long/path/to/whist.db is corrupt", 12, out, sizeof out);
    assert_string_equal(out, "/a/very/long|/path/to/whi|st.db is|corrupt");
    /* newlines break */
    wrapped("one\ntwo three", 20, out, sizeof out);
    assert_string_equal(out, "one|two three");
    /* UTF-8 characters are one column each */
    wrapped("♠♥♦♣ ♠♥♦♣", 4, out, sizeof out);
    assert_string_equal(out, "♠♥♦♣|♠♥♦♣");
    /* nothing is lost: every non-blank byte of a long message is in some line */
    const char *msg = "Statistics are off: cannot write in /home/someone/.local/share/whist: Permission "
                      "denied; the game is played without them";
    tui_span lines[16];
    int n = tui_wrap(msg, 30, lines, 16);
    int kept = 0, letters = 0;
    for (int i = 0; i < n; i++) {
        assert_true(lines[i].len <= 30);
        for (int k = 0; k < lines[i].len; k++)
            kept += msg[lines[i].start + k] != ' ';
    }
    for (const char *p = msg; *p; p++)
        letters += *p != ' ';
    assert_int_equal(kept, letters);
    /* max limits the spans filled, not the count */
    assert_int_equal(tui_wrap("a b c d e f", 1, lines, 2), 6);
}

/* Two finished hands of a rubber played by two computers in a session go to the database through
 * tui_android_store_hand, which records the rubber at the first and stores each hand's record as the
 * session writes it. */
static void android_hands_stored(void **state) {
    (void)state;
    assert_int_equal(gw_tmp_setup("tui-screens"), 0);
    static tui_app app;
    memset(&app, 0, sizeof app);
    char db[256];
    snprintf(db, sizeof db, "%s/data/whist/whist.db", root);
    struct stat sb;
    assert_int_not_equal(stat(db, &sb), 0); /* nothing yet */
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_ANDROID);
    c.seats[0].kind = GW_SEAT_COMPUTER;
    c.seats[0].level = GW_ANDROID_EASY;
    c.seats[1].level = GW_ANDROID_HARD;
    c.seed = 99;
    c.limits = (gw_expert_limits){0, 64, NULL}; /* no clock in a unit test */
    gw_session *s = NULL;
    gw_error err;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
    int64_t rubber_id = 0;
    uint32_t seen = 0;
    for (int hand = 1; hand <= 2; hand++) {
        if (hand > 1) assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        for (int moves = 0; gw_session_state_of(s) == GW_SESSION_PLAYING; moves++) {
            assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
            assert_true(moves < 2000);
        }
        gw_event e, score = {0};
        while (gw_session_events(s, seen + 1, 0, &e, 1) == 1) {
            seen = e.number;
            if (e.kind == GW_EVENT_SCORE) score = e;
        }
        assert_int_equal(score.kind, GW_EVENT_SCORE);
        assert_int_equal(score.hand, hand);
        tui_android_store_hand(&app, &rubber_id, s, &score);
        assert_string_equal(app.notice, "");
        assert_true(rubber_id > 0);
    }
    assert_int_equal(stat(db, &sb), 0); /* made for the first hand */
    gw_store_entry *rows;
    int n;
    assert_int_equal(gw_store_history(app.store, 0, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    assert_true(rows[0].android);
    assert_int_equal(rows[0].number, 2);
    assert_string_equal(rows[0].opponent, "hard");
    assert_int_equal(rows[0].tricks[0] + rows[0].tricks[1], 13);
    char *text;
    assert_int_equal(gw_store_record(app.store, rows[1].id, &text, &err), GW_OK);
    assert_non_null(strstr(text, "[Game \"Android Whist\"]"));
    assert_non_null(strstr(text, "[RubberSeed \"99\"]"));
    free(text);
    free(rows);
    gw_android_stats *st;
    assert_int_equal(gw_store_android_stats(app.store, &st, &n, &err), GW_OK);
    assert_int_equal(st[n - 1].hands, 2);
    free(st);
    gw_store_close(app.store);
    gw_session_free(s);
    assert_int_equal(gw_tmp_teardown(), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scoring_labels),
        cmocka_unit_test(typed_cards),
        cmocka_unit_test(wrap_lines),
        cmocka_unit_test(android_hands_stored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
