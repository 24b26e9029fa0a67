/* test_android.c: Android Whist: every command in every situation, the deal, play, scoring, rubbers, views.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gw/android.h"
#include "gw/android_score.h"
#include "gw_test.h"

/* ---- commands, table-driven --------------------------------------------- */

/* One situation and command, and what the android must answer: a card
 * ("2S") or the name of an answer ("VOID_SUIT"). */
typedef struct command_case {
    const char *why;
    const char *hand;  /* the android's cards */
    char trump;        /* S H D C */
    const char *trick; /* cards already played, the card led first; "" when leading */
    bool after_error;
    const char *command;
    const char *expect;
} command_case;

static const char *const ANSWERS[] = {"CARD",        "NO_LED_SUIT",  "CANNOT_BEAT", "VOID_SUIT",
                                      "MUST_FOLLOW", "SHORTEST_TIE", "NO_PLAIN",    "LONGEST_TIE",
                                      "NOT_LEADING", "NOT_NOW"};

static const command_case CASES[] = {
    /* leading: a suit, shortest, longest and their high forms */
    {"lead a suit: its lowest card", "AS 7S 2S KH 3D", 'H', "", false, "spades", "2S"},
    {"lead high-suit: its highest card", "AS 7S 2S KH 3D", 'H', "", false, "high-spades", "AS"},
    {"lead a trump suit by name", "AS 7S 2S KH 3H 3D", 'H', "", false, "hearts", "3H"},
    {"lead a named void suit", "AS 7S 2S KH 3D", 'H', "", false, "clubs", "VOID_SUIT"},
    {"lead high- a void suit", "AS 7S 2S KH 3D", 'H', "", false, "high-clubs", "VOID_SUIT"},
    {"shortest: the one shortest non-trump suit", "AS 7S 2S 5H 9D KC 4C", 'H', "", false, "shortest", "9D"},
    {"shortest ignores void suits", "AS KS QS 4D 3D 2H", 'H', "", false, "shortest", "3D"},
    {"high-shortest: its highest card", "AS KS QS 4D 3D 2H", 'H', "", false, "high-shortest", "4D"},
    {"shortest ignores a shorter trump suit", "AH AS KS QD JD TD", 'H', "", false, "shortest", "KS"},
    {"shortest: two suits tie", "AS KS 4D 3D 5H", 'H', "", false, "shortest", "SHORTEST_TIE"},
    {"shortest: three singletons tie", "AS 4D 3C 5H 6H", 'H', "", false, "high-shortest", "SHORTEST_TIE"},
    {"shortest: no non-trump card", "AH 5H 2H", 'H', "", false, "shortest", "NO_PLAIN"},
    {"high-shortest: no non-trump card", "AH 5H 2H", 'H', "", false, "high-shortest", "NO_PLAIN"},
    {"shortest: one non-trump card", "AH 5H 2H 7C", 'H', "", false, "shortest", "7C"},
    {"longest: the trump suit counts", "AH KH QH 2H 5S 4S 3D", 'H', "", false, "longest", "2H"},
    {"high-longest: its highest card", "AH KH QH 2H 5S 4S 3D", 'H', "", false, "high-longest", "AH"},
    {"longest: a plain suit", "AS KS 7S 5H 3D", 'H', "", false, "longest", "7S"},
    {"longest: two suits tie", "AS KS 5H 4H 3D", 'H', "", false, "longest", "LONGEST_TIE"},
    {"longest: a tie with the trump suit", "AS KS 5H 4H", 'S', "", false, "high-longest", "LONGEST_TIE"},
    {"longest: a single card", "QD", 'H', "", false, "longest", "QD"},
    {"duck is for following", "AS 7S 2S", 'H', "", false, "duck", "NOT_LEADING"},
    {"beat is for following", "AS 7S 2S", 'H', "", false, "beat", "NOT_LEADING"},
    {"high is for following", "AS 7S 2S", 'H', "", false, "high", "NOT_LEADING"},
    {"leading after an error: the same commands", "AS 7S 2S KH", 'H', "", true, "high-hearts", "KH"},
    {"leading after an error: still no duck", "AS 7S 2S KH", 'H', "", true, "duck", "NOT_LEADING"},

    /* following with the suit led */
    {"duck: lowest of the suit led", "AS 7S 2S 5H", 'H', "KS", false, "duck", "2S"},
    {"beat: the lowest that beats", "AS QS 7S 2S", 'H', "9S", false, "beat", "QS"},
    {"high: the highest that beats", "AS QS 7S 2S", 'H', "9S", false, "high", "AS"},
    {"beat: only one card beats", "AS 7S 2S 5H", 'H', "KS", false, "beat", "AS"},
    {"beat: cannot beat, lowest of the suit led", "QS 7S 3H", 'H', "KS", false, "beat", "7S"},
    {"high: cannot beat, lowest of the suit led", "QS 7S 3H", 'H', "KS", false, "high", "7S"},
    {"beat the winning card, not the card led", "AS QS 7S", 'H', "9S KS", false, "beat", "AS"},
    {"beat: partner's ace cannot be beaten", "QS 7S", 'H', "KS AS", false, "beat", "7S"},
    {"beat: a ruffed trick cannot be beaten by the suit", "AS 7S 3H", 'H', "KS 2H", false, "beat", "7S"},
    {"high: a ruffed trick cannot be beaten by the suit", "AS 7S 3H", 'H', "KS 2H", false, "high", "7S"},
    {"trumps led: beat with a higher trump", "9H 2H AS", 'H', "5H", false, "beat", "9H"},
    {"trumps led: high", "QH 9H 2H AS", 'H', "5H", false, "high", "QH"},
    {"trumps led: duck", "9H 2H AS", 'H', "5H", false, "duck", "2H"},
    {"fourth hand: beat over two cards", "KD 8D 3D", 'S', "7D JD 2D", false, "beat", "KD"},
    {"following: a suit is not accepted before an error", "AS 7S 2S 5H", 'H', "KS", false, "spades",
     "NOT_NOW"},
    {"following: shortest is not accepted before an error", "AS 7S 2S 5H", 'H', "KS", false, "shortest",
     "NOT_NOW"},
    {"following: longest is not accepted before an error", "AS 7S 2S 5H", 'H', "KS", false, "high-longest",
     "NOT_NOW"},

    /* following without the suit led: ruffing and over-ruffing */
    {"duck: void in the suit led", "9H 4H 3D", 'H', "KS", false, "duck", "NO_LED_SUIT"},
    {"beat: ruff with the lowest trump", "9H 4H 3D", 'H', "KS", false, "beat", "4H"},
    {"high: ruff with the highest trump", "9H 4H 3D", 'H', "KS", false, "high", "9H"},
    {"beat: any trump beats a plain card", "2H AD", 'H', "KS AS", false, "beat", "2H"},
    {"beat: void, no trump", "3D 4C", 'H', "KS", false, "beat", "CANNOT_BEAT"},
    {"high: void, no trump", "3D 4C", 'H', "KS", false, "high", "CANNOT_BEAT"},
    {"beat: over-ruff with the lowest higher trump", "9H 7H 4H 3D", 'H', "KS 5H", false, "beat", "7H"},
    {"high: over-ruff with the highest trump", "9H 7H 4H 3D", 'H', "KS 5H", false, "high", "9H"},
    {"beat: cannot over-ruff", "4H 3H 2D", 'H', "KS 5H", false, "beat", "CANNOT_BEAT"},
    {"high: cannot over-ruff", "4H 3H 2D", 'H', "KS 5H", false, "high", "CANNOT_BEAT"},
    {"high: highest trump beats every trump played", "9H 2H 3D", 'H', "KS 5H 8H", false, "high", "9H"},
    {"high: highest trump beats one trump, not all", "7H 2H 3D", 'H', "KS 5H 8H", false, "high",
     "CANNOT_BEAT"},
    {"beat: trump beats one trump, not the winning one", "7H 2H 3D", 'H', "KS 8H 5H", false, "beat",
     "CANNOT_BEAT"},
    {"beat: trumps led, void in trumps", "AS 2D", 'H', "5H", false, "beat", "CANNOT_BEAT"},
    {"duck: trumps led, void in trumps", "AS 2D", 'H', "5H", false, "duck", "NO_LED_SUIT"},

    /* after an error, following with the suit led */
    {"after an error: the suit led by name", "AS 7S 2S 9H 3D", 'H', "KS", true, "spades", "2S"},
    {"after an error: high- the suit led", "AS 7S 2S 9H 3D", 'H', "KS", true, "high-spades", "AS"},
    {"after an error: another suit while able to follow", "AS 7S 2S 9H 3D", 'H', "KS", true, "hearts",
     "MUST_FOLLOW"},
    {"after an error: a void suit", "AS 7S 2S 9H 3D", 'H', "KS", true, "clubs", "VOID_SUIT"},
    {"after an error: shortest is another suit", "AS 7S 2S 9H 3D", 'H', "KS", true, "shortest",
     "MUST_FOLLOW"},
    {"after an error: shortest is the suit led", "7S 9H 8H 3D 2D", 'H', "KS", true, "high-shortest", "7S"},
    {"after an error: longest is the suit led", "AS 7S 2S 9H 3D", 'H', "KS", true, "longest", "2S"},
    {"after an error: longest is another suit", "AS 9D 8D 3D", 'H', "KS", true, "longest", "MUST_FOLLOW"},
    {"after an error: longest ties", "AS 7S 9D 3D", 'H', "KS", true, "longest", "LONGEST_TIE"},
    {"after an error: duck still works", "AS 7S 9D 3D", 'H', "KS", true, "duck", "7S"},

    /* after an error, following without the suit led */
    {"after an error, void: discard by suit", "9H 4H 3D 2D 5C", 'H', "KS", true, "diamonds", "2D"},
    {"after an error, void: high- a suit", "9H 4H 3D 2D 5C", 'H', "KS", true, "high-diamonds", "3D"},
    {"after an error, void: ruff by naming trumps", "9H 4H 3D 2D 5C", 'H', "KS", true, "hearts", "4H"},
    {"after an error, void: ruff high by naming trumps", "9H 4H 3D 2D 5C", 'H', "KS 5H", true, "high-hearts",
     "9H"},
    {"after an error, void: under-ruff by naming trumps", "4H 3D", 'H', "KS 5H", true, "hearts", "4H"},
    {"after an error, void: the suit led by name", "9H 4H 3D 2D 5C", 'H', "KS", true, "spades", "VOID_SUIT"},
    {"after an error, void: shortest", "9H 4H 3D 2D 5C", 'H', "KS", true, "shortest", "5C"},
    {"after an error, void: longest ties", "9H 4H 3D 2D 5C", 'H', "KS", true, "longest", "LONGEST_TIE"},
    {"after an error, void: shortest, trumps only", "9H 4H", 'H', "KS", true, "shortest", "NO_PLAIN"},
    {"after an error, void: duck fails again", "9H 4H 3D 2D 5C", 'H', "KS", true, "duck", "NO_LED_SUIT"},
    {"after an error, void: beat fails again", "3D 2D 5C", 'H', "KS", true, "beat", "CANNOT_BEAT"},
};

static int parse_suit(char c) {
    int s = gw_suit_parse(c);
    assert_true(s >= 0);
    return s;
}

static gw_android_situation situation(const char *hand, char trump, const char *trick, bool after_error) {
    gw_android_situation s = {.hand = tset(hand), .trump = parse_suit(trump), .after_error = after_error};
    gw_card cards[GW_MAX_DECK];
    s.nplayed = trick[0] ? tlist(trick, cards) : 0;
    assert_true(s.nplayed <= 3);
    for (int i = 0; i < 3; i++)
        s.trick[i] = i < s.nplayed ? cards[i] : GW_NO_CARD;
    return s;
}

static gw_android_command command(const char *name) {
    gw_android_command c;
    assert_true(gw_android_command_parse(name, strlen(name), &c));
    return c;
}

static void every_command_case(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const command_case *k = &CASES[i];
        gw_android_situation s = situation(k->hand, k->trump, k->trick, k->after_error);
        gw_android_outcome o = gw_android_evaluate(&s, command(k->command));
        char got[32];
        if (o.answer == GW_ANSWER_CARD)
            gw_card_format(o.card, got);
        else
            snprintf(got, sizeof got, "%s", ANSWERS[o.answer]);
        if (strcmp(got, k->expect) != 0)
            fail_msg("%s: %s gives %s, expected %s", k->why, k->command, got, k->expect);
        assert_true(o.answer == GW_ANSWER_CARD ? o.card != GW_NO_CARD : o.card == GW_NO_CARD);
        if (o.answer == GW_ANSWER_CARD) {
            /* Every card a command gives may be played by the rules. */
            int led = s.nplayed ? gw_card_suit(s.trick[0]) : -1;
            gw_cards follow = led >= 0 ? s.hand & gw_suit_cards(led) : 0;
            assert_true(gw_has(follow ? follow : s.hand, o.card));
        }
    }
}

static void command_names_round_trip(void **state) {
    (void)state;
    static const char *const NAMES[GW_CMD_COUNT] = {
        "duck",        "beat",          "high",       "spades",        "hearts",
        "diamonds",    "clubs",         "shortest",   "longest",       "high-spades",
        "high-hearts", "high-diamonds", "high-clubs", "high-shortest", "high-longest"};
    for (int c = 0; c < GW_CMD_COUNT; c++) {
        assert_string_equal(gw_android_command_name((gw_android_command)c), NAMES[c]);
        assert_int_equal(command(NAMES[c]), c);
    }
    assert_int_equal(command("Duck"), GW_CMD_DUCK);
    assert_int_equal(command("HIGH-Hearts"), GW_CMD_HIGH_HEARTS);
    assert_int_equal(command("high spades"), GW_CMD_HIGH_SPADES);
    gw_android_command c;
    static const char *const BAD[] = {"",           "dive",         "high-",    "high-trumps",
                                      "highspades", "high--spades", "spade",    "duck!",
                                      "lowest",     "high  spades", "high-high"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        assert_false(gw_android_command_parse(BAD[i], strlen(BAD[i]), &c));
    assert_true(gw_android_command_follows(GW_CMD_HIGH));
    assert_false(gw_android_command_follows(GW_CMD_SPADES));
}

/* The errors in words, as the checker and the replay show them. */
static void answer_texts(void **state) {
    (void)state;
    static const struct {
        const char *hand, *trick, *command, *text;
        bool after_error;
    } TEXTS[] = {
        {"9H 4H 3D", "KS", "duck", "holds no spades, the suit led", false},
        {"4H 3H 2D", "KS 5H", "beat", "cannot beat 5H and holds no spades, the suit led", false},
        {"AS 7S 3D", "", "clubs", "holds no clubs", false},
        {"AS 7S 3D", "", "high-clubs", "holds no clubs", false},
        {"AS 7S 2S 9H 3D", "KS", "shortest", "it would play 3D but holds spades, the suit led", true},
        {"AS KS 4D 3D 5H", "", "shortest", "spades and diamonds tie for shortest, 2 cards each", false},
        {"AS 4D 3C 5H 6H", "", "shortest", "spades, diamonds and clubs tie for shortest, 1 card each", false},
        {"AH 5H", "", "shortest", "holds only trumps, so no shortest non-trump suit", false},
        {"AS KS 5H 4H 3D", "", "longest", "spades and hearts tie for longest, 2 cards each", false},
        {"AS 5H 3D 2C", "", "longest", "spades, hearts, diamonds and clubs tie for longest, 1 card each",
         false},
        {"AS", "", "duck",
         "duck, beat and high are for following; a leader is told a suit, shortest or longest", false},
        {"AS", "KS", "spades",
         "a suit, shortest and longest are for leading or right after an error; a follower is told duck, "
         "beat or "
         "high",
         false},
    };
    for (size_t i = 0; i < sizeof TEXTS / sizeof TEXTS[0]; i++) {
        gw_android_situation s = situation(TEXTS[i].hand, 'H', TEXTS[i].trick, TEXTS[i].after_error);
        gw_android_command c = command(TEXTS[i].command);
        gw_android_outcome o = gw_android_evaluate(&s, c);
        char text[128];
        gw_android_answer_text(&s, c, o.answer, text, (int)sizeof text);
        assert_string_equal(text, TEXTS[i].text);
    }
}

static void winning_card(void **state) {
    (void)state;
    gw_card t[4];
    tlist("KS AS 2S 3S", t);
    assert_int_equal(gw_android_winning_card(GW_HEARTS, t, 4), tc("AS"));
    tlist("KS 2H AS 3H", t);
    assert_int_equal(gw_android_winning_card(GW_HEARTS, t, 4), tc("3H"));
    tlist("KS AD QD JD", t);
    assert_int_equal(gw_android_winning_card(GW_HEARTS, t, 4), tc("KS")); /* discards never win */
    tlist("5H 2S AH 9S", t);
    assert_int_equal(gw_android_winning_card(GW_SPADES, t, 4), tc("9S"));
    assert_int_equal(gw_android_winning_card(GW_SPADES, t, 1), tc("5H"));
}

/* ---- deal and play ------------------------------------------------------ */

/* The deck of four hands: card 1 to L, 2 to X, 3 to N, 4 to D ...; D's last
 * card (the 52nd) turns trump. */
static void deck_of(const char *d, const char *l, const char *x, const char *n,
                    gw_card deck[GW_ANDROID_DECK]) {
    gw_card hands[GW_SEATS][GW_MAX_DECK];
    const char *text[GW_SEATS] = {d, l, x, n};
    for (int s = 0; s < GW_SEATS; s++)
        assert_int_equal(tlist(text[s], hands[s]), GW_ANDROID_TRICKS);
    for (int i = 0; i < GW_ANDROID_DECK; i++)
        deck[i] = hands[gw_seat_next(i % GW_SEATS)][i / GW_SEATS];
}

/* The spec's example hand: L's hearts and spades tie for longest. */
#define EX_D "TH 9H 6H 5H 4S 3S 2S 5D 4D 3D 2D 3C 2C"
#define EX_L "AH KH QH JH AS KS QS JS AD KD QD AC KC"
#define EX_X "8H 7H TS 9S 8S JD TD 9D QC JC TC 9C 8C"
#define EX_N "4H 3H 2H 7S 6S 5S 8D 7D 6D 7C 6C 5C 4C"

static void example_game(gw_android_game *g, int dealer) {
    gw_card deck[GW_ANDROID_DECK];
    deck_of(EX_D, EX_L, EX_X, EX_N, deck);
    gw_error err;
    assert_int_equal(gw_android_deal(g, deck, dealer, &err), GW_OK);
}

static void deal_order_and_trump(void **state) {
    (void)state;
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_fill(GW_CLASSIC, deck); /* AS KS QS ... 2C */
    gw_android_game g;
    gw_error err;
    assert_int_equal(gw_android_deal(&g, deck, 1, &err), GW_OK);
    assert_true(g.hand[GW_SEAT_L] == tset("AS TS 6S 2S JH 7H 3H QD 8D 4D KC 9C 5C"));
    assert_true(g.hand[GW_SEAT_X] == tset("KS 9S 5S AH TH 6H 2H JD 7D 3D QC 8C 4C"));
    assert_true(g.hand[GW_SEAT_N] == tset("QS 8S 4S KH 9H 5H AD TD 6D 2D JC 7C 3C"));
    assert_true(g.hand[GW_SEAT_D] == tset("JS 7S 3S QH 8H 4H KD 9D 5D AC TC 6C 2C"));
    assert_int_equal(gw_android_trump_card(&g), tc("2C"));
    assert_int_equal(g.trump, GW_CLUBS);
    assert_true(gw_has(g.hand[GW_SEAT_D], tc("2C"))); /* the turned card stays in D's hand */
    assert_int_equal(g.leader, GW_SEAT_L);
    assert_int_equal(g.turn, GW_SEAT_L);
    assert_int_equal(g.dealer, 1);
    assert_int_equal(gw_player_seat(1, 1), GW_SEAT_D);
    assert_int_equal(gw_player_seat(1, 0), GW_SEAT_N);
    for (int s = 0; s < GW_SEATS; s++)
        assert_int_equal(gw_count(g.hand[s]), GW_ANDROID_TRICKS);
}

static void seats_and_sides(void **state) {
    (void)state;
    char letters[GW_SEATS + 1] = {0};
    for (int seat = 0; seat < GW_SEATS; seat++)
        letters[seat] = gw_seat_char(seat);
    assert_string_equal(letters, "DLXN");
    assert_int_equal(gw_seat_next(GW_SEAT_D), GW_SEAT_L);
    assert_int_equal(gw_seat_next(GW_SEAT_N), GW_SEAT_D);
    assert_int_equal(gw_seat_side(GW_SEAT_D), GW_SIDE_DEALER);
    assert_int_equal(gw_seat_side(GW_SEAT_X), GW_SIDE_DEALER);
    assert_int_equal(gw_seat_side(GW_SEAT_L), GW_SIDE_NONDEALER);
    assert_int_equal(gw_seat_side(GW_SEAT_N), GW_SIDE_NONDEALER);
    assert_int_equal(gw_seat_partner(GW_SEAT_D), GW_SEAT_X);
    assert_int_equal(gw_seat_partner(GW_SEAT_L), GW_SEAT_N);
    assert_true(gw_seat_is_android(GW_SEAT_L) && gw_seat_is_android(GW_SEAT_X));
    assert_false(gw_seat_is_android(GW_SEAT_D) || gw_seat_is_android(GW_SEAT_N));
    /* player 2 deals: D and X are player 2's, N and L player 1's */
    assert_int_equal(gw_seat_player(1, GW_SEAT_D), 1);
    assert_int_equal(gw_seat_player(1, GW_SEAT_X), 1);
    assert_int_equal(gw_seat_player(1, GW_SEAT_N), 0);
    assert_int_equal(gw_seat_player(1, GW_SEAT_L), 0);
}

static void deal_refuses_bad_decks(void **state) {
    (void)state;
    gw_card deck[GW_ANDROID_DECK];
    gw_deck_fill(GW_CLASSIC, deck);
    gw_android_game g;
    gw_error err;
    assert_int_equal(gw_android_deal(&g, deck, 2, &err), GW_EINVAL);
    deck[5] = deck[4];
    assert_int_equal(gw_android_deal(&g, deck, 0, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "twice"));
}

static gw_android_outcome order(gw_android_game *g, const char *name, gw_status want,
                                gw_android_trick *done) {
    gw_android_outcome o;
    gw_error err;
    assert_int_equal(gw_android_command_play(g, command(name), &o, done, &err), want);
    return o;
}

static void the_spec_example_trick(void **state) {
    (void)state;
    gw_android_game g;
    example_game(&g, 0);
    assert_int_equal(g.trump, GW_CLUBS);
    gw_android_trick done;
    gw_error err;
    /* 1. longest! high-hearts=AH duck=7H 2H 9H */
    gw_android_outcome o = order(&g, "longest", GW_OK, &done);
    assert_int_equal(o.answer, GW_ANSWER_LONGEST_TIE);
    assert_int_equal(g.errors, 1);
    assert_int_equal(g.turn, GW_SEAT_L);
    o = order(&g, "high-hearts", GW_OK, &done);
    assert_int_equal(o.card, tc("AH"));
    assert_int_equal(g.errors, 0);
    assert_false(done.completed);
    assert_int_equal(order(&g, "duck", GW_OK, &done).card, tc("7H"));
    assert_int_equal(gw_android_play(&g, tc("2H"), &done, &err), GW_OK);
    assert_int_equal(gw_android_play(&g, tc("9H"), &done, &err), GW_OK);
    assert_true(done.completed);
    assert_int_equal(done.number, 1);
    assert_int_equal(done.leader, GW_SEAT_L);
    assert_int_equal(done.winner, GW_SEAT_L);
    assert_int_equal(done.cards[0], tc("AH"));
    assert_int_equal(done.cards[3], tc("9H"));
    assert_int_equal(g.won[GW_SIDE_NONDEALER], 1);
    assert_int_equal(gw_android_player_tricks(&g, 1), 1); /* player 2 is N, with L */
    assert_int_equal(g.leader, GW_SEAT_L);
    assert_int_equal(g.turn, GW_SEAT_L);
    /* the log: five events, one an error */
    assert_int_equal(g.nevents, 5);
    assert_int_equal(g.events[0].answer, GW_ANSWER_LONGEST_TIE);
    assert_int_equal(g.events[0].card, GW_NO_CARD);
    assert_int_equal(g.events[1].command, GW_CMD_HIGH_HEARTS);
    assert_int_equal(g.events[2].seat, GW_SEAT_X);
    assert_int_equal(g.events[3].command, GW_CMD_NONE);
}

/* The commands offered at each step of the spec's example trick, from the commanding human's view. */
static unsigned open_now(const gw_android_game *g) {
    gw_android_view v;
    gw_android_observe(g, gw_seat_player(g->dealer, g->turn), &v);
    return gw_android_commands_open(&v);
}

static void commands_open(void **state) {
    (void)state;
    gw_android_game g;
    example_game(&g, 0);
    const unsigned follow = (1u << GW_CMD_DUCK) | (1u << GW_CMD_BEAT) | (1u << GW_CMD_HIGH);
    const unsigned all = (1u << GW_CMD_COUNT) - 1;
    assert_int_equal(open_now(&g), all & ~follow); /* L leads: no duck, beat or high */
    order(&g, "longest", GW_OK, NULL);             /* an error: longest is not offered again */
    assert_int_equal(open_now(&g), all & ~follow & ~(1u << GW_CMD_LONGEST));
    order(&g, "high-hearts", GW_OK, NULL);
    assert_int_equal(open_now(&g), follow); /* X follows with no error before */
    order(&g, "duck", GW_OK, NULL);
    assert_int_equal(open_now(&g), 0u); /* a human's turn */
}

static void human(gw_android_game *g, const char *card, gw_status want, const char *msg) {
    gw_error err;
    gw_android_trick done;
    assert_int_equal(gw_android_play(g, tc(card), &done, &err), want);
    if (msg) assert_string_equal(err.msg, msg);
}

/* Plays the spec's example trick. */
static void example_trick(gw_android_game *g) {
    order(g, "longest", GW_OK, NULL);
    order(g, "high-hearts", GW_OK, NULL);
    order(g, "duck", GW_OK, NULL);
    human(g, "2H", GW_OK, NULL);
    human(g, "9H", GW_OK, NULL);
}

static void turns_refusals_and_errors(void **state) {
    (void)state;
    gw_android_game g;
    example_game(&g, 0);
    /* an android does not play cards; duck is refused when leading, unlogged */
    human(&g, "AH", GW_ESTATE, "L is an android: it plays by command");
    assert_int_equal(order(&g, "duck", GW_EILLEGAL, NULL).answer, GW_ANSWER_NOT_LEADING);
    assert_int_equal(g.nevents, 0);
    example_trick(&g);
    /* 2. hearts=JH duck=8H 3H 5H: L wins */
    assert_int_equal(order(&g, "hearts", GW_OK, NULL).card, tc("JH"));
    assert_int_equal(order(&g, "spades", GW_EILLEGAL, NULL).answer, GW_ANSWER_NOT_NOW); /* X follows */
    assert_int_equal(order(&g, "duck", GW_OK, NULL).card, tc("8H"));
    gw_error err;
    assert_int_equal(gw_android_command_play(&g, GW_CMD_DUCK, &(gw_android_outcome){0}, NULL, &err),
                     GW_ESTATE);
    assert_string_equal(err.msg, "N is a human: it plays a card, not a command");
    human(&g, "3H", GW_OK, NULL);
    human(&g, "2S", GW_EILLEGAL, "D played 2S but holds hearts and must follow suit");
    human(&g, "9H", GW_EILLEGAL, "D played 9H but does not hold it (it was played already)");
    human(&g, "KC", GW_EILLEGAL, "D played KC but does not hold it (L does)");
    human(&g, "5H", GW_OK, NULL);
    assert_int_equal(g.leader, GW_SEAT_L);
    /* 3. hearts=QH, X void in hearts: duck fails, then a suit is accepted */
    order(&g, "hearts", GW_OK, NULL);
    assert_int_equal(order(&g, "spades", GW_EILLEGAL, NULL).answer, GW_ANSWER_NOT_NOW);
    int logged = g.nevents;
    for (int i = 0; i < GW_ANDROID_MAX_ERRORS; i++)
        assert_int_equal(order(&g, "duck", GW_OK, NULL).answer, GW_ANSWER_NO_LED_SUIT);
    assert_int_equal(g.nevents, logged + GW_ANDROID_MAX_ERRORS);
    assert_int_equal(g.errors, GW_ANDROID_MAX_ERRORS);
    order(&g, "duck", GW_ESTATE, NULL); /* one failure too many: refused, not logged */
    assert_int_equal(g.nevents, logged + GW_ANDROID_MAX_ERRORS);
    order(&g, "hearts", GW_ESTATE, NULL); /* a void suit fails too */
    gw_android_trick done;
    assert_int_equal(order(&g, "spades", GW_OK, &done).card, tc("8S")); /* a working command still works */
    assert_int_equal(g.errors, 0);
    human(&g, "4H", GW_OK, NULL);
    gw_android_play(&g, tc("6H"), &done, &err);
    assert_true(done.completed);
    assert_int_equal(done.winner, GW_SEAT_L);
    assert_int_equal(done.cards[1], tc("8S"));
    assert_int_equal(g.won[GW_SIDE_NONDEALER], 3);
    assert_int_equal(g.tricks_done, 3);
}

/* ---- scoring, games and rubbers ----------------------------------------- */

static gw_android_hand_score hand_score(int a, int b) { return gw_android_score_tricks((int[2]){a, b}); }

static void hand_points(void **state) {
    (void)state;
    static const int ROWS[][4] = {/* tricks of side 1, side 2, winner, points */
                                  {7, 6, 0, 1},  {6, 7, 1, 1},  {8, 5, 0, 2},  {5, 8, 1, 2},
                                  {13, 0, 0, 7}, {0, 13, 1, 7}, {10, 3, 0, 4}, {6, 6, -1, 0}};
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        gw_android_hand_score s = hand_score(ROWS[i][0], ROWS[i][1]);
        assert_int_equal(s.winner, ROWS[i][2]);
        assert_int_equal(s.points, ROWS[i][3]);
        assert_int_equal(s.tricks[0], ROWS[i][0]);
    }
}

static void game_values(void **state) {
    (void)state;
    static const int VALUES[5] = {3, 2, 2, 1, 1}; /* treble, double, double, single, single */
    for (int p = 0; p < 5; p++)
        assert_int_equal(gw_android_game_value(p), VALUES[p]);
}

/* Adds a hand that side `winner` wins with 6 + points tricks. */
static gw_android_progress add(gw_android_rubber *r, int winner, int points) {
    gw_android_progress p;
    gw_error err;
    int tricks = 6 + points;
    gw_android_hand_score s = winner == 0 ? hand_score(tricks, 13 - tricks) : hand_score(13 - tricks, tricks);
    assert_int_equal(gw_android_rubber_add(r, s, &p, &err), GW_OK);
    return p;
}

static void treble_double_single(void **state) {
    (void)state;
    gw_android_rubber r;
    gw_android_rubber_start(&r, 0);
    gw_android_progress p = add(&r, 0, 7); /* 13-0: 7 points, the game at 5, 2 not carried */
    assert_int_equal(p.points[0], 5);
    assert_int_equal(p.points[1], 0);
    assert_int_equal(p.game_winner, 0);
    assert_int_equal(p.game_value, 3); /* treble */
    assert_int_equal(r.points[0], 0);  /* the next game starts from 0-0 */
    assert_int_equal(r.games[0], 1);
    p = add(&r, 1, 1);
    assert_int_equal(p.points[1], 1);
    assert_int_equal(p.game_winner, -1);
    p = add(&r, 0, 3);
    p = add(&r, 0, 2); /* 5-1: double */
    assert_int_equal(p.game_winner, 0);
    assert_int_equal(p.game_value, 2);
    assert_true(p.rubber_over);
    assert_int_equal(r.winner, 0);
    assert_int_equal(r.values[0], 3 + 2 + GW_ANDROID_RUBBER_BONUS);
    assert_int_equal(r.values[1], 0);
    assert_int_equal(r.margin, 7);
    assert_int_equal(r.ngames, 2);
    assert_int_equal(r.game_value[0], 3);
    assert_int_equal(r.game_value[1], 2);
    gw_error err;
    assert_int_equal(gw_android_rubber_add(&r, hand_score(7, 6), &p, &err), GW_ESTATE);
}

static void rubber_two_one(void **state) {
    (void)state;
    gw_android_rubber r;
    gw_android_rubber_start(&r, 1);
    add(&r, 1, 4);
    add(&r, 0, 4);
    gw_android_progress p = add(&r, 0, 1); /* side 1 wins game 1 against 4: single */
    assert_int_equal(p.game_value, 1);
    assert_int_equal(p.points[0], 5);
    assert_int_equal(p.points[1], 4);
    p = add(&r, 1, 5); /* side 2 wins game 2 against 0: treble */
    assert_int_equal(p.game_winner, 1);
    assert_int_equal(p.game_value, 3);
    assert_false(p.rubber_over);
    add(&r, 1, 2);
    add(&r, 0, 2);
    p = add(&r, 0, 6); /* 6 points from 2: the game at 5, side 2 had 2: double */
    assert_int_equal(p.points[0], 5);
    assert_int_equal(p.points[1], 2);
    assert_int_equal(p.game_value, 2);
    assert_true(p.rubber_over);
    assert_int_equal(r.games[0], 2);
    assert_int_equal(r.games[1], 1);
    assert_int_equal(r.values[0], 1 + 2 + GW_ANDROID_RUBBER_BONUS);
    assert_int_equal(r.values[1], 3);
    assert_int_equal(r.winner, 0);
    assert_int_equal(r.margin, 2);
    assert_int_equal(r.hands, 7);
}

static void rubber_two_nil_singles(void **state) {
    (void)state;
    gw_android_rubber r;
    gw_android_rubber_start(&r, 0);
    add(&r, 0, 3), add(&r, 1, 3), add(&r, 0, 2); /* 5-3: single */
    add(&r, 0, 4), add(&r, 1, 4), add(&r, 0, 1); /* 5-4: single */
    assert_int_equal(r.winner, 0);
    assert_int_equal(r.values[0], 1 + 1 + GW_ANDROID_RUBBER_BONUS);
    assert_int_equal(r.margin, 4);
}

static void dealer_alternates(void **state) {
    (void)state;
    gw_android_rubber r;
    gw_android_rubber_start(&r, 1);
    assert_int_equal(r.next_dealer, 1);
    add(&r, 0, 7);
    assert_int_equal(r.next_dealer, 0);
    add(&r, 0, 7); /* rubber over after two hands */
    assert_int_equal(r.next_dealer, 1);
    assert_true(r.winner == 0);
    gw_android_rubber_next(&r); /* the deal goes on alternating */
    assert_int_equal(r.next_dealer, 1);
    assert_int_equal(r.winner, -1);
    assert_int_equal(r.values[0], 0);
    add(&r, 1, 1);
    assert_int_equal(r.next_dealer, 0);
    gw_error err;
    gw_android_progress p;
    assert_int_equal(gw_android_rubber_add(&r, hand_score(6, 6), &p, &err), GW_EINVAL);
}

/* A finished hand's score goes to the humans' sides whoever deals. */
static void score_by_player(void **state) {
    (void)state;
    for (int dealer = 0; dealer < 2; dealer++) {
        gw_android_game g;
        example_game(&g, dealer);
        example_trick(&g); /* L, the non-dealer's android, wins */
        gw_android_hand_score s = gw_android_score_hand(&g);
        assert_int_equal(s.tricks[1 - dealer], 1);
        assert_int_equal(s.tricks[dealer], 0);
    }
}

/* ---- what each human sees ----------------------------------------------- */

static void plays_at_random(gw_android_game *g, gw_rng *rng, int events) {
    gw_error err;
    while (!gw_android_over(g) && g->nevents < events) {
        if (gw_seat_is_android(g->turn)) {
            gw_android_outcome o;
            gw_android_command_play(g, (gw_android_command)gw_rng_below(rng, GW_CMD_COUNT), &o, NULL, &err);
        } else {
            assert_int_equal(gw_android_play(g, tpick(rng, gw_android_legal(g)), NULL, &err), GW_OK);
        }
    }
}

static bool views_equal(const gw_android_view *a, const gw_android_view *b) {
    bool same = a->player == b->player && a->seat == b->seat && a->dealer == b->dealer &&
                a->trump == b->trump && a->trump_card == b->trump_card && a->own == b->own &&
                a->opposing_android == b->opposing_android && a->opposing_hand == b->opposing_hand &&
                a->played == b->played && a->leader == b->leader && a->turn == b->turn &&
                a->ntrick == b->ntrick && a->tricks_done == b->tricks_done && a->won[0] == b->won[0] &&
                a->won[1] == b->won[1] && a->errors == b->errors && a->nevents == b->nevents &&
                memcmp(a->held, b->held, sizeof a->held) == 0 &&
                memcmp(a->trick, b->trick, sizeof a->trick) == 0;
    return same && memcmp(a->events, b->events, (size_t)a->nevents * sizeof a->events[0]) == 0;
}

/* Swaps one random card (not the turned card) between seats a and b. */
static void swap_hidden(gw_android_game *g, gw_rng *rng, int a, int b) {
    gw_cards from_a = g->hand[a] & ~gw_bit(gw_android_trump_card(g));
    gw_cards from_b = g->hand[b] & ~gw_bit(gw_android_trump_card(g));
    if (!from_a || !from_b) return;
    gw_card x = tpick(rng, from_a), y = tpick(rng, from_b);
    g->hand[a] ^= gw_bit(x) | gw_bit(y);
    g->hand[b] ^= gw_bit(x) | gw_bit(y);
}

static void views_hide_what_they_must(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 2024);
    for (int round = 0; round < 300; round++) {
        gw_card deck[GW_ANDROID_DECK];
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        gw_android_game g;
        gw_error err;
        assert_int_equal(gw_android_deal(&g, deck, round % 2, &err), GW_OK);
        plays_at_random(&g, &rng, (int)gw_rng_below(&rng, 60));
        for (int player = 0; player < 2; player++) {
            gw_android_view v, w;
            gw_android_observe(&g, player, &v);
            int seat = gw_player_seat(g.dealer, player);
            int opposing = seat == GW_SEAT_D ? GW_SEAT_L : GW_SEAT_X;
            assert_int_equal(v.seat, seat);
            assert_int_equal(v.opposing_android, opposing);
            assert_true(v.own == g.hand[seat]);
            assert_true(v.opposing_hand == g.hand[opposing]);
            assert_int_equal(v.trump_card, deck[51]);
            assert_int_equal(v.nevents, g.nevents);
            /* the hidden hands: the human's own android and the other human */
            int hidden[2] = {gw_seat_partner(seat), gw_seat_partner(opposing)};
            gw_android_game other = g;
            swap_hidden(&other, &rng, hidden[0], hidden[1]);
            gw_android_observe(&other, player, &w);
            assert_true(views_equal(&v, &w));
            /* and what it sees does change its view */
            other = g;
            swap_hidden(&other, &rng, seat, opposing);
            gw_android_observe(&other, player, &w);
            assert_true(!views_equal(&v, &w) || !(g.hand[seat] & ~gw_bit(deck[51])) || !g.hand[opposing]);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_command_case),
        cmocka_unit_test(command_names_round_trip),
        cmocka_unit_test(answer_texts),
        cmocka_unit_test(winning_card),
        cmocka_unit_test(deal_order_and_trump),
        cmocka_unit_test(seats_and_sides),
        cmocka_unit_test(deal_refuses_bad_decks),
        cmocka_unit_test(the_spec_example_trick),
        cmocka_unit_test(turns_refusals_and_errors),
        cmocka_unit_test(commands_open),
        cmocka_unit_test(hand_points),
        cmocka_unit_test(game_values),
        cmocka_unit_test(treble_double_single),
        cmocka_unit_test(rubber_two_one),
        cmocka_unit_test(rubber_two_nil_singles),
        cmocka_unit_test(dealer_alternates),
        cmocka_unit_test(score_by_player),
        cmocka_unit_test(views_hide_what_they_must),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
