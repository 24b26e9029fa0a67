/* test_record_file.c: the one record file reader: each hand read by the game its Game tag names, errors
 * with their lines, the match checks run per game (a hand of another game ends a run), no hand following
 * an unfinished one, and the two games' readers as views of it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/record_file.h"
#include "gw_test.h"

/* A finished Android Whist hand (the spec's example), dealt by player 1. */
#define ANDROID_HAND(hand_tag, dealer)                                                                       \
    "[Game \"Android Whist\"]\n" hand_tag "[Dealer \"" dealer "\"]\n"                                        \
    "[Deck \"AH 8H 4H TH KH 7H 3H 9H QH TS 2H 6H JH 9S 7S 5H AS 8S 6S 4S KS JD 5S 3S QS TD 8D 2S JS 9D 7D "  \
    "5D AD QC 6D 4D KD JC 7C 3D QD TC 6C 2D AC 9C 5C 3C KC 8C 4C 2C\"]\n"                                    \
    "\n"                                                                                                     \
    "1. longest! high-hearts=AH duck=7H 2H 9H\n"                                                             \
    "2. high-hearts=KH duck=8H 3H 6H\n"                                                                      \
    "3. longest=JS high=8S 5S 2S\n"                                                                          \
    "4. high-spades=AS beat=9S 6S 4S\n"                                                                      \
    "5. shortest! high-clubs=AC high=8C 6C 2C\n"                                                             \
    "6. high-diamonds=AD beat=9D 7D 5D\n"                                                                    \
    "7. high-shortest! longest! high-shortest! high-diamonds=KD beat=TD 8D 2D\n"                             \
    "8. diamonds=QD duck=JD 6D 3D\n"                                                                         \
    "9. longest! high-diamonds! diamonds! shortest! hearts=JH beat=9C 4H 5H\n"                               \
    "10. longest=TC 5C 3C duck=KC\n"                                                                         \
    "11. high-clubs! high-diamonds! longest=QS high=TS 7S 3S\n"                                              \
    "12. high-spades=KS beat=JC 4C TH\n"                                                                     \
    "13. high-shortest! shortest! shortest! clubs=QC 7C 4D beat! longest=QH\n"

/* A German Whist hand of the small deck, one trick played. */
#define GERMAN_HAND(hand_tag, dealer, moves)                                                                 \
    "[Game \"German Whist\"]\n[Variant \"small\"]\n" hand_tag "[Dealer \"" dealer                            \
    "\"]\n[Deck \"" T_EXAMPLE_DECK "\"]\n\n" moves "\n"

static void read_file(const char *text, gw_record_file *f) {
    gw_error err;
    assert_int_equal(gw_record_file_read(text, strlen(text), f, &err), GW_OK);
}

static void assert_error(const gw_record_file_hand *h, int line, int col, const char *msg) {
    const gw_error *e = gw_record_file_error(h);
    assert_int_not_equal(e->status, GW_OK);
    assert_int_equal(e->line, line);
    assert_int_equal(e->col, col);
    assert_non_null(strstr(e->msg, msg));
}

/* One read: each hand by its Game tag, with its summary; an unknown game is an error at its tag. */
static void each_hand_by_its_game(void **state) {
    (void)state;
    static const char TEXT[] =
        ANDROID_HAND("", "1") "\n" GERMAN_HAND("", "2", "1. AS KS") "\n"
                                                                    "[Dealer \"2\"]\n[Game \"Chess\"]\n";
    gw_record_file f;
    read_file(TEXT, &f);
    assert_int_equal(f.count, 3);
    assert_int_equal(f.hands[0].game, GW_GAME_ANDROID);
    assert_int_equal(f.hands[1].game, GW_GAME_GERMAN);
    assert_int_equal(f.hands[2].game, GW_GAME_GERMAN); /* read as German Whist, which names the problem */
    char line[96];
    assert_int_equal(gw_record_file_error(&f.hands[0])->status, GW_OK);
    gw_record_file_summary(&f.hands[0], line, (int)sizeof line);
    assert_string_equal(line, "hand 1: tricks 3-10, side 2 scores 4");
    assert_int_equal(gw_record_file_error(&f.hands[1])->status, GW_OK);
    gw_record_file_summary(&f.hands[1], line, (int)sizeof line);
    assert_string_equal(line, "hand 2: unfinished after trick 1");
    assert_int_equal(gw_record_file_line(&f.hands[1]), 19);
    assert_int_equal(gw_record_file_number(&f.hands[2]), 3);
    assert_error(&f.hands[2], 27, 1, "unknown game \"Chess\" (expected \"German Whist\")");
    assert_int_equal(f.hands[2].game_pos.line, 27);
    gw_record_file_free(&f);
}

/* A hand after an unfinished one of the same match is refused at its first line, in both games; not
 * when the hands are no match (no Hand tags) or the first is finished. */
static void no_hand_after_an_unfinished_one(void **state) {
    (void)state;
    gw_record_file f;
    read_file(
        GERMAN_HAND("[Hand \"1\"]\n", "2", "1. AS KS") "\n" GERMAN_HAND("[Hand \"2\"]\n", "1", "1. AS KS"),
        &f);
    assert_int_equal(f.count, 2);
    assert_int_equal(gw_record_file_error(&f.hands[0])->status, GW_OK);
    assert_error(&f.hands[1], 9, 1, "hand 2 follows hand 1, which is unfinished");
    gw_record_file_free(&f);

    read_file(GERMAN_HAND("", "2", "1. AS KS") "\n" GERMAN_HAND("", "1", "1. AS KS"), &f);
    assert_int_equal(gw_record_file_error(&f.hands[1])->status, GW_OK);
    gw_record_file_free(&f);

    /* Android Whist: hand 1 stops after trick 1. */
    static const char CUT[] = ANDROID_HAND("[Hand \"1\"]\n", "1");
    char text[8192];
    const char *trick2 = strstr(CUT, "2. ");
    assert_non_null(trick2);
    int head = (int)(trick2 - CUT);
    snprintf(text, sizeof text, "%.*s\n%s", head, CUT, ANDROID_HAND("[Hand \"2\"]\n", "2"));
    read_file(text, &f);
    assert_int_equal(f.count, 2);
    assert_int_equal(gw_record_file_error(&f.hands[0])->status, GW_OK);
    assert_false(f.hands[0].android.finished);
    assert_error(&f.hands[1], 8, 1, "hand 2 follows hand 1, which is unfinished");
    gw_record_file_free(&f);

    /* After a finished hand, the next one follows. */
    read_file(ANDROID_HAND("[Hand \"1\"]\n", "1") "\n" ANDROID_HAND("[Hand \"2\"]\n", "2"), &f);
    assert_int_equal(gw_record_file_error(&f.hands[1])->status, GW_OK);
    gw_record_file_free(&f);
}

/* The match checks run per game: a hand of another game ends the run, so the dealer need not alternate
 * across it; within a run it must. */
static void another_game_ends_a_match(void **state) {
    (void)state;
    gw_record_file f;
    read_file(ANDROID_HAND("[Hand \"1\"]\n", "1") "\n" ANDROID_HAND("[Hand \"2\"]\n", "1"), &f);
    assert_error(&f.hands[1], 22, 1, "the dealer must alternate: player 1 dealt hand 1 too");
    gw_record_file_free(&f);
    read_file(ANDROID_HAND("[Hand \"1\"]\n", "1") "\n" GERMAN_HAND("", "2", "1. AS KS") "\n" ANDROID_HAND(
                  "[Hand \"2\"]\n", "1"),
              &f);
    assert_int_equal(f.count, 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(gw_record_file_error(&f.hands[i])->status, GW_OK);
    gw_record_file_free(&f);
}

/* A match keeps its seed tag (MatchSeed, RubberSeed) where its hands say it: a hand that says another is
 * refused at that tag. */
static void a_match_keeps_its_seed(void **state) {
    (void)state;
    gw_record_file f;
    read_file(ANDROID_HAND("[Hand \"1\"]\n[RubberSeed \"5\"]\n", "1") "\n" ANDROID_HAND(
                  "[Hand \"2\"]\n  [RubberSeed \"6\"]\n",
                  "2") "\n" ANDROID_HAND("[Hand \"3\"]\n[RubberSeed \"5\"]\n", "1"),
              &f);
    assert_int_equal(f.count, 3);
    assert_int_equal(gw_record_file_error(&f.hands[0])->status, GW_OK);
    assert_error(&f.hands[1], 23, 3,
                 "RubberSeed 6 differs from the rubber's RubberSeed 5 (hand 1): a rubber keeps its seed");
    assert_int_equal(gw_record_file_error(&f.hands[2])->status, GW_OK);
    gw_record_file_free(&f);
    /* Not a match (no Hand tags): each hand may have its own. */
    read_file(GERMAN_HAND("[MatchSeed \"5\"]\n", "2", "1. AS KS") "\n" GERMAN_HAND("[MatchSeed \"6\"]\n", "1",
                                                                                   "1. AS KS"),
              &f);
    assert_int_equal(gw_record_file_error(&f.hands[1])->status, GW_OK);
    gw_record_file_free(&f);
}

/* gw_record_read and gw_android_record_read see the same hands, each game's as the file reader read them,
 * the other game's marked. */
static void the_games_readers_are_views(void **state) {
    (void)state;
    static const char TEXT[] = GERMAN_HAND("", "2", "1. AS KS") "\n" ANDROID_HAND("[Hand \"4\"]\n", "1");
    gw_error err;
    gw_record g;
    gw_android_record a;
    assert_int_equal(gw_record_read(TEXT, strlen(TEXT), &g, &err), GW_OK);
    assert_int_equal(gw_android_record_read(TEXT, strlen(TEXT), &a, &err), GW_OK);
    assert_int_equal(g.count, 2);
    assert_int_equal(a.count, 2);
    assert_int_equal(g.hands[0].error.status, GW_OK);
    assert_int_equal(g.hands[0].nmoves, 2);
    assert_int_equal(g.hands[1].line, 8);
    assert_int_equal(g.hands[1].number, 4);
    assert_int_equal(g.hands[1].error.line, 8);
    assert_int_equal(g.hands[1].error.col, 1);
    assert_string_equal(g.hands[1].error.msg, "unknown game \"Android Whist\" (expected \"German Whist\")");
    assert_false(a.hands[0].is_android);
    assert_int_equal(a.hands[0].line, 1);
    assert_int_equal(a.hands[0].number, 1);
    assert_true(a.hands[1].is_android);
    assert_int_equal(a.hands[1].error.status, GW_OK);
    assert_int_equal(a.hands[1].number, 4);
    assert_true(a.hands[1].finished);
    gw_record_free(&g);
    gw_android_record_free(&a);
}

/* Each hand is written by its game's writer and reads back as the same game and summary. */
static void written_by_its_game(void **state) {
    (void)state;
    static const char TEXT[] = ANDROID_HAND("", "1") "\n" GERMAN_HAND("[Hand \"2\"]\n", "2", "1. AS KS");
    gw_record_file f;
    read_file(TEXT, &f);
    gw_text out = {0};
    for (int i = 0; i < f.count; i++) {
        if (i) gw_text_putc(&out, '\n');
        gw_record_file_write_hand(&f.hands[i], &out);
    }
    assert_false(out.failed);
    gw_record_file back;
    read_file(gw_text_str(&out), &back);
    assert_int_equal(back.count, f.count);
    for (int i = 0; i < f.count; i++) {
        char s1[96], s2[96];
        assert_int_equal(back.hands[i].game, f.hands[i].game);
        assert_int_equal(gw_record_file_error(&back.hands[i])->status, GW_OK);
        gw_record_file_summary(&f.hands[i], s1, (int)sizeof s1);
        gw_record_file_summary(&back.hands[i], s2, (int)sizeof s2);
        assert_string_equal(s1, s2);
    }
    gw_record_file_free(&back);
    gw_record_file_free(&f);
    gw_text_free(&out);
}

/* An empty text holds no hand; tags, positions and errors of the envelope are the same in both games. */
static void envelope_errors(void **state) {
    (void)state;
    gw_record_file f;
    read_file("; only a comment\n", &f);
    assert_int_equal(f.count, 0);
    gw_record_file_free(&f);
    read_file("[Game \"Android Whist\"]\n[Seed \"x\"]\n", &f);
    assert_error(&f.hands[0], 2, 1, "tag Seed must be a whole number, not \"x\"");
    gw_record_file_free(&f);
    read_file("[Game \"German Whist\"]\n[Seed \"x\"]\n", &f);
    assert_error(&f.hands[0], 2, 1, "tag Seed must be a whole number, not \"x\"");
    gw_record_file_free(&f);
    read_file("[Game \"Android Whist\"]\n[Variant \"small\"]\n[Dealer \"1\"]\n", &f); /* not its tag: kept */
    assert_error(&f.hands[0], 1, 1, "missing required tag Deck");
    assert_int_equal(f.hands[0].android.ntags, 1);
    gw_record_file_free(&f);
    read_file("[Game \"Android Whist\"]\n[Score \"6-0\"]\n", &f);
    assert_error(&f.hands[0], 2, 1, "tag Score must be game points of side 1 and side 2");
    gw_record_file_free(&f);
    read_file("[Game \"German Whist\"]\n[Game \"Android Whist\"]\n", &f); /* the first names the game */
    assert_int_equal(f.hands[0].game, GW_GAME_GERMAN);
    assert_error(&f.hands[0], 2, 1, "tag Game appears twice");
    gw_record_file_free(&f);
    read_file("[Game \"Android Whist\"]\n[Game \"German Whist\"]\n", &f);
    assert_int_equal(f.hands[0].game, GW_GAME_ANDROID);
    assert_error(&f.hands[0], 2, 1, "tag Game appears twice");
    gw_record_file_free(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_hand_by_its_game),
        cmocka_unit_test(no_hand_after_an_unfinished_one),
        cmocka_unit_test(another_game_ends_a_match),
        cmocka_unit_test(a_match_keeps_its_seed),
        cmocka_unit_test(the_games_readers_are_views),
        cmocka_unit_test(written_by_its_game),
        cmocka_unit_test(envelope_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
