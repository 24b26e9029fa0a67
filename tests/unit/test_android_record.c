/* test_android_record.c: Android Whist records: reading, every checker rejection, matches, writing, round
 * trips. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/android_record.h"
#include "gw/files.h"
#include "gw/record.h"
#include "gw_test.h"

/* A whole hand (the spec's example trick first), in the writer's canonical form. */
static const char BASE[] =
    "[Game \"Android Whist\"]\n"
    "[Dealer \"1\"]\n"
    "[Deck \"AH 8H 4H TH KH 7H 3H 9H QH TS 2H 6H JH 9S 7S 5H AS 8S 6S 4S KS JD 5S 3S QS TD 8D 2S JS 9D 7D "
    "5D AD QC 6D 4D KD JC 7C 3D QD TC 6C 2D AC 9C 5C 3C KC 8C 4C 2C\"]\n"
    "[Result \"3-10\"]\n"
    "\n"
    "1. longest! high-hearts=AH duck=7H 2H 9H\n"
    "2. high-hearts=KH duck=8H 3H 6H\n"
    "3. longest=JS high=8S 5S 2S\n"
    "4. high-spades=AS beat=9S 6S 4S\n"
    "5. shortest! high-clubs=AC high=8C 6C 2C\n"
    "6. high-diamonds=AD beat=9D 7D 5D\n"
    "7. high-shortest! longest! high-shortest! high-diamonds=KD beat=TD 8D 2D\n"
    "8. diamonds=QD duck=JD 6D 3D\n"
    "9. longest! high-diamonds! diamonds! shortest! hearts=JH beat=9C 4H 5H\n"
    "10. longest=TC 5C 3C duck=KC\n"
    "11. high-clubs! high-diamonds! longest=QS high=TS 7S 3S\n"
    "12. high-spades=KS beat=JC 4C TH\n"
    "13. high-shortest! shortest! shortest! clubs=QC 7C 4D beat! longest=QH\n";

/* Reads text, which must hold one Android Whist hand. */
static void read_one(const char *text, gw_android_record *r) {
    gw_error err;
    assert_int_equal(gw_android_record_read(text, strlen(text), r, &err), GW_OK);
    assert_int_equal(r->count, 1);
    assert_true(r->hands[0].is_android);
}

/* BASE with the first `from` replaced by `to` (static buffer). */
static const char *edited(const char *from, const char *to) {
    static char out[4096];
    const char *at = strstr(BASE, from);
    assert_non_null(at);
    size_t head = (size_t)(at - BASE);
    assert_true(strlen(BASE) + strlen(to) < sizeof out);
    memcpy(out, BASE, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

/* The text's one hand is refused at line:col with msg. */
static void expect_error(const char *text, int line, int col, const char *msg) {
    gw_android_record r;
    read_one(text, &r);
    const gw_error *e = &r.hands[0].error;
    if (e->status == GW_OK || strcmp(e->msg, msg) != 0 || e->line != line || e->col != col)
        fail_msg("got %d:%d '%s' (status %d), expected %d:%d '%s'", e->line, e->col, e->msg, (int)e->status,
                 line, col, msg);
    gw_android_record_free(&r);
}

static void reads_the_base_hand(void **state) {
    (void)state;
    gw_android_record r;
    read_one(BASE, &r);
    const gw_android_record_hand *h = &r.hands[0];
    assert_int_equal(h->error.status, GW_OK);
    assert_true(h->finished);
    assert_int_equal(h->dealer, 0);
    assert_int_equal(h->game.trump, GW_CLUBS);
    assert_int_equal(h->outcome.tricks[0], 3);
    assert_int_equal(h->outcome.tricks[1], 10);
    assert_int_equal(h->outcome.winner, 1);
    assert_int_equal(h->outcome.points, 4);
    char line[64];
    gw_android_record_summary(h, line, (int)sizeof line);
    assert_string_equal(line, "hand 1: tricks 3-10, side 2 scores 4");
    /* the spec's trick: L's error, then four cards */
    const gw_android_event *ev = h->game.events;
    assert_int_equal(ev[0].seat, GW_SEAT_L);
    assert_int_equal(ev[0].answer, GW_ANSWER_LONGEST_TIE);
    assert_int_equal(ev[1].card, tc("AH"));
    assert_int_equal(ev[2].seat, GW_SEAT_X);
    assert_int_equal(ev[3].seat, GW_SEAT_N);
    assert_int_equal(ev[4].seat, GW_SEAT_D);
    gw_android_record_free(&r);
}

static void read_then_write_gives_the_same_text(void **state) {
    (void)state;
    gw_android_record r;
    read_one(BASE, &r);
    gw_text out = {0};
    gw_android_record_write_hand(&r.hands[0], &out);
    assert_string_equal(gw_text_str(&out), BASE);
    gw_text_free(&out);
    gw_android_record_free(&r);
}

/* Side 1 is player 1 with their android whoever deals. */
static void dealer_two_swaps_the_sides(void **state) {
    (void)state;
    gw_android_record r;
    read_one(edited("[Dealer \"1\"]\n[Deck", "[Dealer \"2\"]\n[Deck"), &r);
    const gw_android_record_hand *h = &r.hands[0];
    assert_int_equal(h->error.status, GW_EINVAL); /* the Result is player 1's side first */
    assert_string_equal(h->error.msg, "Result 3-10 does not match the moves, which give 10-3");
    gw_android_record_free(&r);
    read_one(edited("[Dealer \"1\"]\n[Deck", "[Dealer \"2\"]\n[Result \"10-3\"]\n[Deck"), &r);
    assert_string_equal(r.hands[0].error.msg, "tag Result appears twice");
    gw_android_record_free(&r);
    const char *text = edited("[Dealer \"1\"]", "[Dealer \"2\"]");
    char swapped[4096];
    strcpy(swapped, text);
    char *result = strstr(swapped, "3-10");
    memcpy(result, "10-3", 4);
    read_one(swapped, &r);
    char line[64];
    assert_int_equal(r.hands[0].error.status, GW_OK);
    gw_android_record_summary(&r.hands[0], line, (int)sizeof line);
    assert_string_equal(line, "hand 1: tricks 10-3, side 1 scores 4");
    gw_android_record_free(&r);
}

static void accepts_the_gwr_conventions(void **state) {
    (void)state;
    static const char *const FORMS[][2] = {
        {"1. longest! high-hearts=AH", "1.longest! high-hearts=AH"}, /* glued to the number */
        {"duck=7H 2H 9H", "duck=7h 2h 9h"},                          /* lower-case cards */
        {"duck=7H 2H 9H", "Duck=7H 2H 9H"},                          /* any case for commands */
        {"duck=7H 2H 9H", "duck=7H { N: } 2H ; D next\n 9H"},        /* comments */
        {"duck=7H 2H 9H\n2.", "duck=7H\n\n2H\t9H 2."},               /* free spacing */
        {"[Result \"3-10\"]\n",
         "[Result \"3-10\"]\n[Player1 \"Ann\"]\n[Seed \"7\"]\n[Date \"2024.05.01\"]\n"},
        {"[Dealer",
         "[Variant \"small\"]\n[Target \"x\"]\n[Dealer"}, /* German Whist's tags mean nothing here */
    };
    for (size_t i = 0; i < sizeof FORMS / sizeof FORMS[0]; i++) {
        gw_android_record r;
        read_one(edited(FORMS[i][0], FORMS[i][1]), &r);
        if (r.hands[0].error.status != GW_OK) fail_msg("form %zu: %s", i, r.hands[0].error.msg);
        assert_true(r.hands[0].finished);
        gw_android_record_free(&r);
    }
    /* CRLF line ends */
    char crlf[4096];
    size_t n = 0;
    for (const char *p = BASE; *p; p++) {
        if (*p == '\n') crlf[n++] = '\r';
        crlf[n++] = *p;
    }
    crlf[n] = '\0';
    gw_android_record r;
    read_one(crlf, &r);
    assert_int_equal(r.hands[0].error.status, GW_OK);
    gw_android_record_free(&r);
}

static void unfinished_hands(void **state) {
    (void)state;
    static const struct {
        const char *moves;
        int tricks;
    } CUTS[] = {{"", 0},
                {"1. longest!", 0},
                {"1. longest! high-hearts=AH duck=7H", 0},
                {"1. longest! high-hearts=AH duck=7H 2H 9H", 1},
                {"1. longest! high-hearts=AH duck=7H 2H 9H 2.", 1}};
    for (size_t i = 0; i < sizeof CUTS / sizeof CUTS[0]; i++) {
        char text[1024];
        const char *moves = strstr(BASE, "1. longest!");
        size_t head = (size_t)(moves - BASE);
        memcpy(text, BASE, head);
        strcpy(text + head, CUTS[i].moves);
        char *result = strstr(text, "[Result \"3-10\"]\n");
        memmove(result, result + 16, strlen(result + 16) + 1);
        gw_android_record r;
        read_one(text, &r);
        assert_int_equal(r.hands[0].error.status, GW_OK);
        assert_false(r.hands[0].finished);
        char line[64], want[64];
        gw_android_record_summary(&r.hands[0], line, (int)sizeof line);
        snprintf(want, sizeof want, "hand 1: unfinished after trick %d", CUTS[i].tricks);
        assert_string_equal(line, want);
        gw_android_record_free(&r);
    }
    char eleven[4096];
    size_t keep = (size_t)(strstr(BASE, "12. ") - BASE);
    memcpy(eleven, BASE, keep);
    eleven[keep] = '\0';
    expect_error(eleven, 4, 1, "Result 3-10 does not match the moves: the hand is unfinished after trick 11");
}

/* Every problem the checker must name, at its place. */
static void rejections(void **state) {
    (void)state;
    static const struct {
        const char *from, *to;
        int line, col;
        const char *msg;
    } CASES[] = {
        {"1. longest!", "1. high-hearts!", 6, 4,
         "trick 1: 'high-hearts!' is wrong: L answers high-hearts with AH, "
         "not an error"},
        {"duck=7H", "duck=8H", 6, 28, "trick 1: 'duck=8H' is wrong: X answers duck with 7H, not 8H"},
        {"1. longest!", "1. longest=AH", 6, 4,
         "trick 1: 'longest=AH' is wrong: L answers longest with an error (spades and hearts tie for "
         "longest, 4 "
         "cards each)"},
        {"beat=9S", "beat!", 9, 19, "trick 4: 'beat!' is wrong: X answers beat with 9S, not an error"},
        {"7H 2H 9H", "7H 7S 9H", 6, 36, "trick 1: N played 7S but holds hearts and must follow suit"},
        {"7H 2H 9H", "7H TH 9H", 6, 36, "trick 1: N played TH but does not hold it (D does)"},
        {"2. high-hearts=KH duck=8H 3H 6H", "2. high-hearts=KH duck=8H 3H AH", 7, 30,
         "trick 2: D played AH but does not hold it (it was played already)"},
        {"2H 9H\n2.", "2H\n2.", 7, 1, "trick 1: D has not played (a trick has four plays), found '2.'"},
        {"2H 9H\n2.", "2H 9H 5S\n2.", 6, 42, "trick 2: expected the trick number '2.' before 5S"},
        {"2H 9H\n2.", "2H 9H x\n2.", 6, 42, "trick 2: expected the trick number '2.', found 'x'"},
        {"1. longest!", "longest!", 6, 1, "trick 1: expected the trick number '1.' before longest!"},
        {"duck=7H", "dive=7H", 6, 28,
         "trick 1: 'dive' is not a command (duck, beat, high, spades, hearts, diamonds, clubs, shortest, "
         "longest, "
         "high-SUIT, high-shortest, high-longest)"},
        {"1. longest!", "1. high-trumps!", 6, 4,
         "trick 1: 'high-trumps' is not a command (duck, beat, high, spades, hearts, diamonds, clubs, "
         "shortest, "
         "longest, high-SUIT, high-shortest, high-longest)"},
        {"duck=7H", "duck=7X", 6, 33, "trick 1: '7X' is not a card"},
        {"duck=7H", "duck=", 6, 33, "trick 1: '' is not a card"},
        {"duck=7H", "7H", 6, 28,
         "trick 1: X is an android and plays by command (e.g. 'duck=7H'), not a bare card"},
        {"duck=7H", "duck", 6, 28,
         "trick 1: 'duck' needs '!' (it was an error) or '=CARD' (the card it gave)"},
        {"7H 2H 9H", "7H duck=2H 9H", 6, 36,
         "trick 1: N is human and plays a card, not a command ('duck=2H')"},
        {"7H 2H 9H", "7H 2H high!", 6, 39, "trick 1: D is human and plays a card, not a command ('high!')"},
        {"7H 2H 9H", "7H 2H ZZ", 6, 39, "trick 1: 'ZZ' is not a card"},
        {"1. longest!", "1. duck!", 6, 4,
         "trick 1: L cannot be told 'duck' now: duck, beat and high are for following; a leader is told a "
         "suit, "
         "shortest or longest"},
        {"duck=8H", "hearts=8H", 7, 19,
         "trick 2: X cannot be told 'hearts' now: a suit, shortest and longest are for leading or right "
         "after an "
         "error; a follower is told duck, beat or high"},
        {"1. longest! high-hearts=AH", "1. longest! 2. high-hearts=AH", 6, 13,
         "trick 1: L's command failed, so another must follow before '2.'"},
        {"2. high-hearts=KH", "3. high-hearts=KH", 7, 1,
         "trick 2: trick number 3 is out of sequence (expected 2.)"},
        {"13. high-shortest!", "12. high-shortest!", 18, 1,
         "trick 13: trick number 12 is out of sequence (expected 13.)"},
        {"longest=QH\n", "longest=QH\n14. spades=2S\n", 19, 1,
         "trick 14: too many tricks, the hand ended after trick 13"},
        {"longest=QH\n", "longest=QH { the end } 9S\n", 18, 84,
         "trick 14: too many tricks, the hand ended after trick 13"},
        {"1. longest!", "1. longest! {open", 6, 13, "comment '{' is never closed with '}'"},
        {"[Result \"3-10\"]", "[Result \"4-9\"]", 4, 1,
         "Result 4-9 does not match the moves, which give 3-10"},
        {"[Result \"3-10\"]", "[Result \"3:10\"]", 4, 1,
         "tag Result must be tricks of side 1 and side 2 (e.g. 7-6), not \"3:10\""},
        {"[Result \"3-10\"]", "[Score \"7-2\"]", 4, 1,
         "tag Score must be game points of side 1 and side 2, each 0 to 5 (e.g. 2-5), not \"7-2\""},
        {"[Dealer \"1\"]", "[Dealer \"3\"]", 2, 1, "tag Dealer must be 1 or 2, not \"3\""},
        {"[Dealer \"1\"]\n", "", 1, 1, "missing required tag Dealer"},
        {"[Dealer \"1\"]", "[Dealer \"1\"]\n[Dealer \"2\"]", 3, 1, "tag Dealer appears twice"},
        {"[Dealer \"1\"]", "[Dealer \"1\"]\n[Game \"German Whist\"]", 3, 1, "tag Game appears twice"},
        {"[Dealer \"1\"]", "[Dealer 1]", 2, 1,
         "malformed tag: the value must be in double quotes, [Name \"value\"]"},
        {"[Dealer \"1\"]", "[Dealer \"1\"] 5", 2, 14,
         "malformed tag: unexpected text after ']' (one tag per line)"},
        {"[Dealer \"1\"]", "[Hand \"0\"]\n[Dealer \"1\"]", 2, 1,
         "tag Hand must be a whole number from 1, not \"0\""},
        {"[Dealer \"1\"]", "[Date \"2024-05-01\"]\n[Dealer \"1\"]", 2, 1,
         "tag Date must be YYYY.MM.DD, not \"2024-05-01\""},
        {"[Deck \"AH 8H 4H", "[Deck \"AH AH 4H", 3, 11, "deck: AH appears twice"},
        {"[Deck \"AH 8H 4H", "[Deck \"AH 1H 4H", 3, 11, "deck: '1H' is not a card"},
        {" 4C 2C\"]", " 4C\"]", 3, 1, "deck: 51 cards, the deck has 52 (missing 2C)"},
        {" 4C 2C\"]", " 4C 2C 2C\"]", 3, 164, "deck: 2C appears twice"},
        {"[Deck \"AH", "[Dock \"AH", 1, 1, "missing required tag Deck"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        print_message("case %zu: %s\n", i, CASES[i].msg);
        expect_error(edited(CASES[i].from, CASES[i].to), CASES[i].line, CASES[i].col, CASES[i].msg);
    }
}

static void at_most_sixteen_errors_a_card(void **state) {
    (void)state;
    char moves[512] = "1.";
    for (int i = 0; i < GW_ANDROID_MAX_ERRORS; i++)
        strcat(moves, " longest!");
    strcat(moves, " high-hearts=AH");
    gw_android_record r;
    read_one(edited("1. longest! high-hearts=AH", moves), &r);
    assert_int_equal(r.hands[0].error.status, GW_OK);
    gw_android_record_free(&r);
    char more[512] = "1. longest!";
    strcat(more, moves + 2);
    expect_error(edited("1. longest! high-hearts=AH", more), 6, 148,
                 "trick 1: more than 16 failed commands for one card of L");
}

/* ---- files of several hands, and matches -------------------------------- */

/* A random hand dealt by `dealer`, played to the end with random commands. */
static void random_hand(gw_rng *rng, int dealer, gw_android_game *g) {
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_shuffled(GW_CLASSIC, rng, deck);
    gw_error err;
    assert_int_equal(gw_android_deal(g, deck, dealer, &err), GW_OK);
    while (!gw_android_over(g)) {
        gw_android_outcome o;
        if (gw_seat_is_android(g->turn))
            gw_android_command_play(g, (gw_android_command)gw_rng_below(rng, GW_CMD_COUNT), &o, NULL, &err);
        else
            gw_android_play(g, tpick(rng, gw_android_legal(g)), NULL, &err);
    }
}

/* A match of n hands as one text, Hand and Score tags included; the scores
 * each hand leaves go to scores[]. */
static void match_text(uint64_t seed, int n, gw_text *out, int scores[][2]) {
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    gw_android_rubber rubber;
    gw_android_rubber_start(&rubber, 1);
    for (int i = 0; i < n; i++) {
        gw_android_game g;
        random_hand(&rng, rubber.next_dealer, &g);
        gw_android_record_hand h;
        gw_android_record_hand_from_game(&h, &g, i + 1);
        gw_android_progress p;
        gw_error err;
        if (rubber.winner >= 0) gw_android_rubber_next(&rubber);
        assert_int_equal(gw_android_rubber_add(&rubber, h.outcome, &p, &err), GW_OK);
        h.has_score = true;
        h.score[0] = scores[i][0] = p.points[0];
        h.score[1] = scores[i][1] = p.points[1];
        if (i) gw_text_putc(out, '\n');
        gw_android_record_write_hand(&h, out);
    }
}

static void a_match_of_hands(void **state) {
    (void)state;
    enum { N = 12 };
    int scores[N][2];
    gw_text text = {0};
    match_text(99, N, &text, scores);
    gw_android_record r;
    gw_error err;
    assert_int_equal(gw_android_record_read(text.data, text.len, &r, &err), GW_OK);
    assert_int_equal(r.count, N);
    bool game_won = false;
    for (int i = 0; i < N; i++) {
        assert_int_equal(r.hands[i].error.status, GW_OK);
        assert_int_equal(r.hands[i].number, i + 1);
        assert_int_equal(r.hands[i].dealer, (i + 1) % 2);
        game_won = game_won || scores[i][0] == 5 || scores[i][1] == 5;
    }
    assert_true(game_won); /* the example crosses a game's end */
    gw_android_record_free(&r);

    /* a wrong Score, and a dealer who deals twice */
    char *bad = malloc(text.len + 1);
    memcpy(bad, text.data, text.len + 1);
    char *second = strstr(bad, "[Hand \"2\"]");
    char *score = strstr(second, "[Score \"");
    score[8] = score[8] == '5' ? '4' : (char)(score[8] + 1);
    assert_int_equal(gw_android_record_read(bad, strlen(bad), &r, &err), GW_OK);
    assert_int_equal(r.hands[0].error.status, GW_OK);
    assert_non_null(strstr(r.hands[1].error.msg, "does not match the game score"));
    assert_non_null(strstr(r.hands[1].error.msg, "after hand 2"));
    gw_android_record_free(&r);
    memcpy(bad, text.data, text.len + 1);
    second = strstr(bad, "[Hand \"2\"]");
    char *dealer = strstr(second, "[Dealer \"");
    dealer[9] = '2';                             /* hand 1 was dealt by player 2 too */
    char *result = strstr(second, "[Result \""); /* which changes the sides' tricks: no Result */
    memmove(result, strchr(result, '\n') + 1, strlen(strchr(result, '\n') + 1) + 1);
    assert_int_equal(gw_android_record_read(bad, strlen(bad), &r, &err), GW_OK);
    assert_string_equal(r.hands[1].error.msg, "the dealer must alternate: player 2 dealt hand 1 too");
    gw_android_record_free(&r);
    free(bad);
    gw_text_free(&text);
}

/* A Score after a won game shows 5 (the rest is not carried), and the next
 * game starts from 0-0. */
static void score_after_a_game(void **state) {
    (void)state;
    /* BASE, dealt by player 1, is 3-10: side 2 scores 4. Dealt by player 2
     * the same cards give 10-3: side 1 scores 4, and the game stands 4-4. */
    char second[4096], text[8192];
    strcpy(second, edited("[Dealer \"1\"]", "[Dealer \"2\"]"));
    memcpy(strstr(second, "3-10"), "10-3", 4);
    snprintf(text, sizeof text, "[Hand \"1\"]\n[Score \"0-4\"]\n%s\n[Hand \"2\"]\n[Score \"0-5\"]\n%s", BASE,
             second);
    gw_android_record r;
    gw_error err;
    assert_int_equal(gw_android_record_read(text, strlen(text), &r, &err), GW_OK);
    assert_int_equal(r.count, 2);
    assert_int_equal(r.hands[0].error.status, GW_OK);
    assert_string_equal(r.hands[1].error.msg, "Score 0-5 does not match the game score 4-4 after hand 2");
    gw_android_record_free(&r);
    memcpy(strstr(text, "0-5"), "4-4", 3);
    assert_int_equal(gw_android_record_read(text, strlen(text), &r, &err), GW_OK);
    assert_int_equal(r.hands[1].error.status, GW_OK);
    gw_android_record_free(&r);
}

/* A hand that takes a side past 5 shows 5 in its Score (the rest is not
 * carried), and the next game starts from 0-0: matches are searched for one
 * where that happens, and every Score is checked against the rule. */
static void score_capped_at_five(void **state) {
    (void)state;
    enum { N = 10 };
    bool capped = false;
    for (uint64_t seed = 1; seed < 100 && !capped; seed++) {
        int scores[N][2], game[2] = {0, 0};
        gw_text text = {0};
        match_text(seed, N, &text, scores);
        gw_android_record r;
        gw_error err;
        assert_int_equal(gw_android_record_read(text.data, text.len, &r, &err), GW_OK);
        for (int i = 0; i < N; i++) {
            assert_int_equal(r.hands[i].error.status, GW_OK);
            const gw_android_hand_score *s = &r.hands[i].outcome;
            game[s->winner] += s->points;
            if (game[s->winner] > 5) capped = true;
            if (game[s->winner] >= 5) game[s->winner] = 5;
            assert_int_equal(scores[i][0], game[0]);
            assert_int_equal(scores[i][1], game[1]);
            assert_int_equal(r.hands[i].score[0], game[0]);
            if (game[s->winner] == 5) game[0] = game[1] = 0;
        }
        gw_android_record_free(&r);
        gw_text_free(&text);
    }
    assert_true(capped);
}

/* German Whist and Android Whist hands in one file are split alike. */
static void mixed_files(void **state) {
    (void)state;
    char text[8192];
    snprintf(text, sizeof text,
             "[Game \"German Whist\"]\n[Variant \"small\"]\n[Dealer \"2\"]\n[Deck \"%s\"]\n\n1. AS KS\n\n%s",
             T_EXAMPLE_DECK, BASE);
    gw_android_record r;
    gw_record g;
    gw_error err;
    assert_int_equal(gw_android_record_read(text, strlen(text), &r, &err), GW_OK);
    assert_int_equal(gw_record_read(text, strlen(text), &g, &err), GW_OK);
    assert_int_equal(r.count, 2);
    assert_int_equal(g.count, 2);
    assert_false(r.hands[0].is_android);
    assert_true(r.hands[1].is_android);
    assert_int_equal(r.hands[1].error.status, GW_OK);
    assert_int_equal(r.hands[1].number, 2);
    assert_int_equal(g.hands[0].error.status, GW_OK);
    gw_android_record first = {r.hands, 1};
    assert_false(gw_android_record_any(&first));
    assert_true(gw_android_record_any(&r));
    gw_record_free(&g);
    gw_android_record_free(&r);
}

/* Reads every .gwr of a folder with both readers: the same hands, on the same lines. */
static int same_split_in(const char *folder) {
    const char *data = getenv("GW_TEST_DATA");
    if (!data) return 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data, folder);
    DIR *dir = opendir(path);
    if (!dir) return 0;
    int files = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".gwr") != 0) continue;
        char file[1400];
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        char *text;
        size_t len;
        gw_error err;
        assert_int_equal(gw_file_read(file, &text, &len, &err), GW_OK);
        gw_record g;
        gw_android_record a;
        assert_int_equal(gw_record_read(text, len, &g, &err), GW_OK);
        assert_int_equal(gw_android_record_read(text, len, &a, &err), GW_OK);
        assert_int_equal(a.count, g.count);
        for (int i = 0; i < a.count; i++)
            assert_int_equal(a.hands[i].line, g.hands[i].line);
        gw_record_free(&g);
        gw_android_record_free(&a);
        free(text);
        files++;
    }
    closedir(dir);
    return files;
}

static void splits_hands_like_german_whist(void **state) {
    (void)state;
    if (!getenv("GW_TEST_DATA")) skip();
    assert_true(same_split_in("check") > 50);
    assert_true(same_split_in("android") > 10);
}

static void tags_kept_and_written(void **state) {
    (void)state;
    gw_android_record r;
    read_one(edited("[Result \"3-10\"]\n",
                    "[Result \"3-10\"]\n[Player2 \"Bo \\\"B\\\"\"]\n[Hand \"4\"]\n[Seed "
                    "\"18446744073709551615\"]\n[Score \"0-4\"]\n"),
             &r);
    gw_android_record_hand *h = &r.hands[0];
    assert_int_equal(h->error.status, GW_OK);
    assert_string_equal(gw_android_record_hand_tag(h, "Player2"), "Bo \"B\"");
    assert_null(gw_android_record_hand_tag(h, "Player1"));
    assert_int_equal(h->number, 4);
    assert_true(h->has_seed);
    assert_true(h->seed == UINT64_MAX);
    assert_int_equal(gw_android_record_hand_set_tag(h, "Player1", "Al"), GW_OK);
    assert_int_equal(gw_android_record_hand_set_tag(h, "Player2", "Bo"), GW_OK);
    gw_text out = {0};
    gw_android_record_write_hand(h, &out);
    const char *want = "[Game \"Android Whist\"]\n[Hand \"4\"]\n[Player2 \"Bo\"]\n[Player1 \"Al\"]\n[Dealer "
                       "\"1\"]\n[Seed \"18446744073709551615\"]\n[Deck \"AH 8H";
    assert_memory_equal(gw_text_str(&out), want, strlen(want));
    assert_non_null(strstr(gw_text_str(&out), "[Result \"3-10\"]\n[Score \"0-4\"]\n\n1. longest!"));
    char line[64];
    gw_android_record_summary(h, line, (int)sizeof line);
    assert_string_equal(line, "hand 4: tricks 3-10, side 2 scores 4");
    gw_text_free(&out);
    gw_android_record_free(&r);
}

/* A trick too long for one line goes on over indented lines, and reads back. */
static void long_tricks_wrap(void **state) {
    (void)state;
    char moves[512] = "1.";
    for (int i = 0; i < 12; i++)
        strcat(moves, " longest!");
    strcat(moves, " high-hearts=AH");
    gw_android_record r;
    read_one(edited("1. longest! high-hearts=AH", moves), &r);
    assert_int_equal(r.hands[0].error.status, GW_OK);
    gw_text out = {0};
    gw_android_record_write_hand(&r.hands[0], &out);
    const char *text = gw_text_str(&out);
    const char *first = strstr(text, "\n1. ");
    assert_non_null(first);
    const char *end = strchr(first + 1, '\n');
    assert_true(end - first - 1 <= 79);
    assert_memory_equal(end, "\n    longest!", 13);
    gw_android_record r2;
    read_one(text, &r2);
    assert_int_equal(r2.hands[0].error.status, GW_OK);
    assert_int_equal(r2.hands[0].game.nevents, r.hands[0].game.nevents);
    gw_android_record_free(&r2);
    gw_text_free(&out);
    gw_android_record_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_the_base_hand),
        cmocka_unit_test(read_then_write_gives_the_same_text),
        cmocka_unit_test(dealer_two_swaps_the_sides),
        cmocka_unit_test(accepts_the_gwr_conventions),
        cmocka_unit_test(unfinished_hands),
        cmocka_unit_test(rejections),
        cmocka_unit_test(at_most_sixteen_errors_a_card),
        cmocka_unit_test(a_match_of_hands),
        cmocka_unit_test(score_after_a_game),
        cmocka_unit_test(score_capped_at_five),
        cmocka_unit_test(mixed_files),
        cmocka_unit_test(splits_hands_like_german_whist),
        cmocka_unit_test(tags_kept_and_written),
        cmocka_unit_test(long_tricks_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
