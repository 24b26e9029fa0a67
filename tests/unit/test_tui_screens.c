/* test_tui_screens.c: the pure parts of the home, settings, statistics and history screens: the names of
 * the scoring rules and the wrapping of long messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "describe.h"
#include "wrap.h"

/* Seed 003's names, the small deck's own for the endgame rule. */
static void scoring_labels(void **state) {
    (void)state;
    assert_string_equal(tui_scoring_label(GW_LAST13, GW_CLASSIC), "Last 13");
    assert_string_equal(tui_scoring_label(GW_LAST13, GW_SMALL), "Last 7");
    assert_string_equal(tui_scoring_label(GW_EVERY, GW_CLASSIC), "Every trick");
    assert_string_equal(tui_scoring_label(GW_EVERY, GW_SMALL), "Every trick");
    assert_string_equal(tui_scoring_label(GW_DIFFERENCE, GW_SMALL), "Difference");
    /* every rule this build knows has a name, and the count is what the parser knows */
    int n = tui_scoring_count();
    assert_true(n >= 3);
    for (int i = 0; i < n; i++) {
        const char *name = tui_scoring_label((gw_scoring)i, GW_CLASSIC);
        assert_non_null(name);
        assert_true(name[0] >= 'A' && name[0] <= 'Z');
    }
    gw_scoring back;
    assert_false(gw_scoring_parse(gw_scoring_name((gw_scoring)n), &back));
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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scoring_labels),
        cmocka_unit_test(wrap_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
