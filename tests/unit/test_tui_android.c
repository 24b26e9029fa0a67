/* test_tui_android.c: the Android Whist table's pure parts without a terminal: the fixed command keys, the
 * refusals in player words, the last trick with its commands and errors, and the layout from 80x24 to
 * large terminals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "android_describe.h"
#include "android_table.h"
#include "gw/session.h"
#include "gw_test.h"
#include "layout.h"

/* The deal of docs/android.md's example (tests/data/android/spec-example.gwr), player 1 dealing. */
static void example(gw_android_game *g) {
    gw_card deck[GW_ANDROID_DECK];
    assert_int_equal(tlist("AH 8H 4H TH KH 7H 3H 9H QH TS 2H 6H JH 9S 7S 5H AS 8S 6S 4S KS JD 5S 3S QS TD 8D "
                           "2S JS 9D 7D 5D AD QC 6D 4D KD JC 7C 3D QD TC 6C 2D AC 9C 5C 3C KC 8C 4C 2C",
                           deck),
                     GW_ANDROID_DECK);
    gw_error err;
    assert_int_equal(gw_android_deal(g, deck, 0, &err), GW_OK);
}

static void command(gw_android_game *g, gw_android_command c, bool works) {
    gw_android_outcome o;
    gw_android_trick done;
    gw_error err;
    assert_int_equal(gw_android_command_play(g, c, &o, &done, &err), GW_OK);
    assert_int_equal(o.card != GW_NO_CARD, works);
}

static void play(gw_android_game *g, const char *card) {
    gw_android_trick done;
    gw_error err;
    assert_int_equal(gw_android_play(g, tc(card), &done, &err), GW_OK);
}

static void assert_in(int v, int lo, int hi) {
    assert_true(v >= lo);
    assert_true(v <= hi);
}

/* Each command keeps one key, whatever else is open; no key is one the table needs for something else. */
static void command_keys_are_fixed(void **state) {
    (void)state;
    char seen[128] = {0};
    for (int c = 0; c < GW_CMD_COUNT; c++) {
        char k = tui_android_command_key((gw_android_command)c);
        assert_true(k > ' ' && k < 127);
        assert_false(seen[(int)k]);
        seen[(int)k] = 1;
        assert_null(strchr("qt?jk", k));
        gw_android_command back;
        assert_true(tui_android_key_command(k, &back));
        assert_int_equal(back, c);
    }
    assert_int_equal(tui_android_command_key(GW_CMD_DUCK), 'u');
    assert_int_equal(tui_android_command_key(GW_CMD_LONGEST), 'l');
    assert_int_equal(tui_android_command_key(GW_CMD_HIGH_SPADES), 'S');
    gw_android_command c;
    assert_false(tui_android_key_command('q', &c));
    assert_false(tui_android_key_command('t', &c));
    assert_false(tui_android_key_command(0, &c));
    assert_false(tui_android_key_command(-3, &c));
}

/* The example's deal in a session: both humans outside, player 1 dealing. */
static gw_session *example_session(void) {
    static gw_card deck[GW_ANDROID_DECK];
    assert_int_equal(tlist("AH 8H 4H TH KH 7H 3H 9H QH TS 2H 6H JH 9S 7S 5H AS 8S 6S 4S KS JD 5S 3S QS TD 8D "
                           "2S JS 9D 7D 5D AD QC 6D 4D KD JC 7C 3D QD TC 6C 2D AC 9C 5C 3C KC 8C 4C 2C",
                           deck),
                     GW_ANDROID_DECK);
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_ANDROID);
    c.seats[1].kind = GW_SEAT_OUTSIDE;
    c.limits = (gw_expert_limits){0, 64, NULL}; /* no clock in a unit test */
    c.deck = deck;
    c.dealer = 0;
    gw_session *s = NULL;
    gw_error err;
    gw_status st = gw_session_new(&c, &s, &err);
    if (st != GW_OK) print_error("session: %s\n", err.msg);
    assert_int_equal(st, GW_OK);
    return s;
}

/* The human whose android is to play commands it. */
static void session_command(gw_session *s, gw_android_command c) {
    gw_action a = {.kind = GW_ACTION_COMMAND, .command = c};
    gw_error err;
    assert_int_equal(gw_session_act(s, gw_session_turn(s).player, &a, NULL, &err), GW_OK);
}

/* The table's words for card c of the human to play, the session judging. */
static const char *refuse(gw_session *s, const char *card, bool ascii, char *buf, size_t cap) {
    int player = gw_session_turn(s).player;
    static gw_view v;
    gw_error err;
    assert_int_equal(gw_session_view(s, player, &v, &err), GW_OK);
    gw_action a = {.kind = GW_ACTION_CARD, .card = tc(card)};
    err.msg[0] = '\0';
    gw_refusal r = gw_session_check(s, player, &a, &err);
    return tui_android_refusal(r, err.msg, tc(card), v.android.ntrick > 0 ? v.android.trick[0] : GW_NO_CARD,
                               v.android.turn, ascii, buf, cap);
}

/* A card refused as the German Whist table refuses it, never saying who holds a card. */
static void card_refusals_in_player_words(void **state) {
    (void)state;
    gw_session *s = example_session();
    session_command(s, GW_CMD_LONGEST);     /* fails */
    session_command(s, GW_CMD_HIGH_HEARTS); /* L: AH */
    session_command(s, GW_CMD_DUCK);        /* X: 7H */
    char buf[160];
    assert_string_equal(refuse(s, "7S", false, buf, sizeof buf), "You must follow ♥: you hold that suit.");
    assert_string_equal(refuse(s, "7S", true, buf, sizeof buf), "You must follow H: you hold that suit.");
    assert_string_equal(refuse(s, "AS", true, buf, sizeof buf), "You do not hold AS.");
    assert_string_equal(refuse(s, "AH", true, buf, sizeof buf), "You do not hold AH.");
    assert_null(refuse(s, "2H", true, buf, sizeof buf));
    gw_session_free(s);
}

static void command_refusals(void **state) {
    (void)state;
    gw_android_game g;
    example(&g);
    gw_android_view v;
    char buf[160];
    gw_android_observe(&g, 0, &v);
    assert_string_equal(tui_android_command_refusal(&v, GW_CMD_DUCK, buf, sizeof buf),
                        "Not \"duck\" now: a leader is told a suit, shortest or longest.");
    assert_null(tui_android_command_refusal(&v, GW_CMD_LONGEST, buf, sizeof buf));
    command(&g, GW_CMD_LONGEST, false);
    gw_android_observe(&g, 1, &v);
    assert_string_equal(tui_android_command_refusal(&v, GW_CMD_LONGEST, buf, sizeof buf),
                        "\"longest\" failed already for this card: another command, please.");
    assert_null(tui_android_command_refusal(&v, GW_CMD_HIGH_SPADES, buf, sizeof buf));
    command(&g, GW_CMD_HIGH_HEARTS, true);
    gw_android_observe(&g, 0, &v);
    assert_string_equal(tui_android_command_refusal(&v, GW_CMD_SPADES, buf, sizeof buf),
                        "Not \"spades\" yet: a follower is told duck, beat or high first.");
    assert_null(tui_android_command_refusal(&v, GW_CMD_DUCK, buf, sizeof buf));
}

/* The last trick: every card, every command, every error, and who won it. */
static void last_trick_with_commands_and_errors(void **state) {
    (void)state;
    gw_android_game g;
    example(&g);
    const char *names[2] = {"Player 1", "Player 2"};
    gw_android_view v;
    gw_android_trick t;
    char lines[12][96];
    int n = -1;
    gw_android_observe(&g, 1, &v);
    assert_false(tui_android_last_trick(&v, names, true, &t, lines, 12, &n));
    assert_int_equal(n, 0);
    command(&g, GW_CMD_LONGEST, false);
    command(&g, GW_CMD_HIGH_HEARTS, true);
    command(&g, GW_CMD_DUCK, true);
    play(&g, "2H");
    gw_android_observe(&g, 1, &v);
    assert_false(tui_android_last_trick(&v, names, true, &t, lines, 12, &n)); /* not finished */
    play(&g, "9H");
    command(&g, GW_CMD_LONGEST, true); /* L leads trick 2 (spades, now the longest) */
    gw_android_observe(&g, 1, &v);     /* N: player 2 */
    assert_true(tui_android_last_trick(&v, names, true, &t, lines, 12, &n));
    assert_int_equal(t.number, 1);
    assert_int_equal(t.leader, GW_SEAT_L);
    assert_int_equal(t.winner, GW_SEAT_L);
    assert_int_equal(t.cards[0], tc("AH"));
    assert_int_equal(t.cards[3], tc("9H"));
    assert_int_equal(n, 6);
    assert_string_equal(lines[0], "L your android     told \"longest\": \"Error.\"");
    assert_string_equal(lines[1], "L your android     told \"high-hearts\": plays AH");
    assert_string_equal(lines[2], "X their android    told \"duck\": plays 7H");
    assert_string_equal(lines[3], "N Player 2         plays 2H");
    assert_string_equal(lines[4], "D Player 1         plays 9H");
    assert_string_equal(lines[5], "L your android wins with AH for your side.");
    gw_android_observe(&g, 0, &v); /* D sees the same public trick, from the other side */
    assert_true(tui_android_last_trick(&v, names, false, &t, lines, 12, &n));
    assert_string_equal(lines[0], "L their android    told \"longest\": \"Error.\"");
    assert_string_equal(lines[5], "L their android wins with A♥ for the other side.");
}

/* 80x24 keeps the smallest table; 200x60 spreads it around the centre with wider spacing. */
static void layout_fills_large_terminals(void **state) {
    (void)state;
    tui_android_layout L;
    tui_android_layout_compute(80, 24, &L);
    const int Y[4] = {11, 8, 5, 8}, X[4] = {37, 29, 37, 45};
    for (int p = 0; p < 4; p++) {
        assert_int_equal(L.trick_y[p], Y[p]);
        assert_int_equal(L.trick_x[p], X[p]);
    }
    assert_int_equal(L.hand_y, 17);
    assert_int_equal(L.top_y, 1);
    assert_int_equal(L.side_y, 5);
    assert_int_equal(L.left_x, 1);
    assert_int_equal(L.right_x, 56);
    assert_int_equal(L.news_y, 15);
    assert_in(80 - (tui_android_card_x(&L, 13, 12) + TUI_CARD_W) - tui_android_card_x(&L, 13, 0), 0, 1);

    for (int w = 80; w <= 240; w += 20)
        for (int h = 24; h <= 70; h += 6) {
            tui_android_layout B;
            tui_android_layout_compute(w, h, &B);
            /* the trick centred, every card on the screen, the trick between the top and the hand */
            assert_in(B.trick_x[2] + TUI_CARD_W / 2 - w / 2, -2, 1);
            assert_int_equal(B.trick_x[1] - B.trick_x[2], B.trick_x[2] - B.trick_x[3]);
            assert_true(B.top_y + TUI_BACK_H <= B.trick_y[2]);
            assert_true(B.trick_y[0] + TUI_CARD_H < B.news_y + 1);
            assert_true(B.left_x + 24 <= B.trick_x[1]);
            assert_true(B.trick_x[3] + TUI_CARD_W < B.right_x);
            assert_true(B.right_x + 24 <= w);
            assert_true(B.hand_y + 1 + TUI_CARD_H <= h - 2);
            assert_true(tui_android_card_x(&B, 13, 0) >= 0);
            assert_true(tui_android_card_x(&B, 13, 12) + TUI_CARD_W <= w);
            assert_true(B.top_x + 12 * B.top_stride + TUI_CARD_W + 2 + 22 <=
                        w); /* the label "● L your android: 13" */
        }
    tui_android_layout B;
    tui_android_layout_compute(200, 60, &B);
    assert_int_equal(B.hand_y, 53);
    assert_true(B.trick_x[3] - B.trick_x[1] > L.trick_x[3] - L.trick_x[1]); /* wider spacing */
    assert_true(B.trick_y[0] - B.trick_y[2] > L.trick_y[0] - L.trick_y[2]);
    assert_true(tui_android_card_x(&B, 13, 1) - tui_android_card_x(&B, 13, 0) >= 7);
    assert_in(B.trick_y[1] + TUI_CARD_H / 2 - (B.top_y + B.hand_y) / 2, -3, 3); /* centred up and down */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(command_keys_are_fixed),
        cmocka_unit_test(card_refusals_in_player_words),
        cmocka_unit_test(command_refusals),
        cmocka_unit_test(last_trick_with_commands_and_errors),
        cmocka_unit_test(layout_fills_large_terminals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
