/* test_tui_screens.c: the parts of the home, settings, statistics, history and rules screens that need no
 * terminal: the names of the scoring rules, the wrapping of long messages, the numbers of the rules (the
 * engine's, for every deck and scoring rule), and storing the full-screen Android Whist's hands (the
 * database made only when the first hand is stored). */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app.h"
#include "describe.h"
#include "gw/android_ai.h"
#include "gw/android_score.h"
#include "gw/rng.h"
#include "gw_test.h"
#include "gw_tmp.h"
#include "rules_text.h"
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

/* The rules' lines joined by single blanks (the wrapping and the hanging indents undone); every line at most
 * width columns. */
static void rules_joined(gw_variant v, int width, char *out, size_t cap) {
    static tui_rules r;
    tui_rules_text(v, width, &r);
    assert_true(r.n > 40 && r.n < TUI_RULE_LINES);
    assert_string_equal(r.line[r.android], "ANDROID WHIST");
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < r.n; i++) {
        int cols = 0;
        for (const char *p = r.line[i]; *p; p++)
            cols += (*p & 0xC0) != 0x80;
        if (cols > width) fail_msg("rules line %d is %d columns, over %d: '%s'", i, cols, width, r.line[i]);
        const char *t = r.line[i];
        while (*t == ' ')
            t++;
        if (!*t) continue;
        len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? " " : "", t);
        assert_true(len < cap);
    }
}

/* The number right after the text key in text (which must hold key). */
static int number_after(const char *text, const char *key) {
    const char *p = strstr(text, key);
    if (!p) fail_msg("the rules lack '%s': %s", key, text);
    return atoi(p + strlen(key));
}

/* The first number after key, then the next number after next: the paragraph of one scoring rule. */
static int number_after_in(const char *text, const char *key, const char *next) {
    const char *p = strstr(text, key);
    if (!p) fail_msg("the rules lack '%s': %s", key, text);
    return number_after(p, next);
}

/* Every number the rules state is the engine's, for both decks and every scoring rule: the rules text is
 * compared with what the engine scores (gw_score_hand, Android Whist's scoring), not with a copy of its
 * numbers. (The small deck under every-trick scoring said "over 7"; the engine and seed 003 score over 6.) */
static void rules_numbers(void **state) {
    (void)state;
    static char text[32768];
    for (int width = 40; width <= 74; width += 34) {
        for (int vi = 0; vi < 2; vi++) {
            gw_variant v = (gw_variant)vi;
            int hs = gw_hand_size(v);
            rules_joined(v, width, text, sizeof text);
            assert_int_equal(number_after(text, "with one deck: "), gw_deck_size(GW_CLASSIC));
            assert_int_equal(number_after(text, "in the classic game, "), gw_deck_size(GW_SMALL));
            char ranks[32];
            snprintf(ranks, sizeof ranks, "(ace down to %c) in the small",
                     gw_rank_char(gw_lowest_rank(GW_SMALL)));
            assert_non_null(strstr(text, ranks));
            assert_int_equal(number_after(text, "Each player gets "), hs);
            assert_int_equal(number_after(text, "(first "), hs);
            assert_int_equal(number_after(text, "(last "), hs);
            for (int si = 0; si < GW_SCORINGS; si++) {
                gw_scoring sc = (gw_scoring)si;
                char key[64];
                snprintf(key, sizeof key, "%s: ", tui_scoring_label(sc, v));
                /* what the engine scores: a hand won by one trick over the mark, a hand won with every trick
                 */
                bool all = sc == GW_EVERY;
                int counted = all ? 2 * hs : hs;
                int stated = number_after_in(text, key, all ? "all " : "the ");
                assert_int_equal(stated, counted);
                if (sc == GW_LAST13 || sc == GW_EVERY) {
                    /* the two smallest winning hands score their tricks over the mark the rules state */
                    int over = number_after_in(text, key, "tricks over ");
                    for (int mine = counted / 2 + 1; mine <= counted / 2 + 2; mine++) {
                        int endgame[2] = {mine, hs - mine}, both[2] = {mine, counted - mine};
                        if (all)
                            endgame[0] = endgame[1] = hs / 2; /* every: the endgame alone decides nothing */
                        gw_hand_score won = gw_score_hand(v, sc, endgame, all ? both : endgame);
                        if (won.winner != 0 || won.slam || won.points[0] != mine - over)
                            fail_msg("%s, %s: the rules say over %d, but %d tricks to %d score %d",
                                     gw_variant_name(v), gw_scoring_name(sc), over, mine, counted - mine,
                                     won.points[0]);
                    }
                }
                if (sc == GW_LAST13) {
                    gw_hand_score slam = gw_score_hand(v, sc, (int[2]){hs, 0}, (int[2]){hs, hs});
                    assert_true(slam.slam);
                    char slam_key[32];
                    snprintf(slam_key, sizeof slam_key, "all %d: slam, ", hs);
                    assert_int_equal(number_after(text, slam_key), slam.points[0]);
                } else {
                    const char *p = strstr(text, key);
                    const char *end = strchr(p, '.');
                    const char *slam = strstr(p, "slam");
                    assert_true(!slam || slam > end); /* no slam but in last13 */
                }
            }
            /* Android Whist: the book, the game, the rubber and the values, as the engine scores them. */
            const char *android = strstr(text, "ANDROID WHIST");
            assert_non_null(android);
            int book = 0;
            while (gw_android_score_tricks((int[2]){book + 1, GW_ANDROID_TRICKS - book - 1}).winner != 0)
                book++;
            assert_int_equal(number_after(android, "THE DEAL  "), GW_ANDROID_TRICKS);
            assert_int_equal(number_after(android, "more than "), book);
            assert_int_equal(number_after(android, "for each trick over "), book);
            gw_android_rubber r;
            gw_android_rubber_start(&r, 0);
            gw_android_progress pr = {.game_winner = -1};
            int points = 0, games = 0;
            while (!pr.rubber_over) { /* side 0 wins every hand by one trick */
                gw_android_hand_score one =
                    gw_android_score_tricks((int[2]){book + 1, GW_ANDROID_TRICKS - book - 1});
                assert_int_equal(gw_android_rubber_add(&r, one, &pr, NULL), GW_OK);
                if (games == 0) points += one.points;
                if (pr.game_winner == 0) games++;
            }
            assert_int_equal(number_after(android, "The first side to "), points);
            int value = gw_android_game_value(0);
            assert_int_equal(number_after(android, "A game is worth "), value);
            assert_int_equal(number_after(android, "rubber's winner adds "), r.values[0] - games * value);
            /* the best of N: N games when the sides take one each first */
            gw_android_rubber_start(&r, 0);
            int played = 0;
            for (int side = 0; !pr.rubber_over || played == 0; side = 1 - side) {
                pr.rubber_over = false;
                for (pr.game_winner = -1; pr.game_winner < 0;) {
                    int t[2] = {GW_ANDROID_TRICKS - book - 1, GW_ANDROID_TRICKS - book - 1};
                    t[side] = book + 1 + GW_ANDROID_GAME_POINTS;
                    t[1 - side] = GW_ANDROID_TRICKS - t[side];
                    assert_int_equal(gw_android_rubber_add(&r, gw_android_score_tricks(t), &pr, NULL), GW_OK);
                }
                played++;
                if (pr.rubber_over) break;
            }
            assert_int_equal(number_after(android, "the best of "), played);
            for (int lp = 0; lp < GW_ANDROID_GAME_POINTS; lp++) { /* "1 if they had 3 or 4" */
                char had[48], had_range[48], had_or[48];
                snprintf(had, sizeof had, "%d if %s %d", gw_android_game_value(lp),
                         lp ? "they had" : "the losers had", lp);
                snprintf(had_or, sizeof had_or, "or %d", lp);
                snprintf(had_range, sizeof had_range, "to %d", lp);
                if (!strstr(android, had)) {
                    /* inside a group: the group's value is stated with its first points */
                    int first = lp;
                    while (first > 0 && gw_android_game_value(first - 1) == gw_android_game_value(lp))
                        first--;
                    snprintf(had, sizeof had, "%d if %s %d", gw_android_game_value(lp),
                             first ? "they had" : "the losers had", first);
                    const char *g = strstr(android, had);
                    if (!g || !(strstr(g, had_or) || strstr(g, had_range)))
                        fail_msg("the rules do not give a game's value when the losers had %d points: %s", lp,
                                 android);
                }
            }
        }
    }
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
        cmocka_unit_test(scoring_labels),       cmocka_unit_test(typed_cards),
        cmocka_unit_test(wrap_lines),           cmocka_unit_test(rules_numbers),
        cmocka_unit_test(android_hands_stored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
