/* test_game.c: the rules of one hand: deal, trump, leads, following suit, trick winners, draws, phases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/game.h"
#include "gw_test.h"

/* ---- the trick winner ---------------------------------------------------- */

/* The spec's wording as an oracle: if any trump was played the higher trump
 * wins; otherwise the higher card of the suit led. 0: led wins, 1: follower. */
static int spec_winner(int trump, gw_card led, gw_card follow) {
    const gw_card cards[2] = {led, follow};
    int best = -1;
    bool trumped = gw_card_suit(led) == trump || gw_card_suit(follow) == trump;
    int want_suit = trumped ? trump : gw_card_suit(led);
    for (int i = 0; i < 2; i++) {
        if (gw_card_suit(cards[i]) != want_suit) continue;
        if (best < 0 || gw_card_rank(cards[i]) > gw_card_rank(cards[best])) best = i;
    }
    return best;
}

static void trick_winner_examples(void **state) {
    (void)state;
    /* Higher card of the suit led wins. */
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("5S"), tc("9S")), 1);
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("9S"), tc("5S")), 0);
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("KS"), tc("AS")), 1);
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("2S"), tc("3S")), 1);
    /* Any trump beats any non-trump, whoever played it. */
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("AS"), tc("2H")), 1);
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("2H"), tc("AS")), 0);
    /* The higher trump wins. */
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("5H"), tc("9H")), 1);
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("9H"), tc("5H")), 0);
    /* A card of a third suit never wins, however high. */
    assert_int_equal(gw_trick_winner(GW_HEARTS, tc("2S"), tc("AD")), 0);
    assert_int_equal(gw_trick_winner(GW_CLUBS, tc("2D"), tc("AS")), 0);
    assert_int_equal(gw_trick_winner(GW_CLUBS, tc("2D"), tc("2C")), 1);
}

static void trick_winner_every_pair(void **state) {
    (void)state;
    for (int trump = 0; trump < GW_SUITS; trump++)
        for (gw_card led = 0; led < 64; led++)
            for (gw_card follow = 0; follow < 64; follow++) {
                if (!gw_card_valid(led) || !gw_card_valid(follow) || led == follow) continue;
                assert_int_equal(gw_trick_winner(trump, led, follow), spec_winner(trump, led, follow));
            }
}

/* ---- the deal ------------------------------------------------------------ */

static void example_deal(void **state) {
    (void)state;
    gw_game g;
    tdeal(&g, GW_SMALL, T_EXAMPLE_DECK, 1); /* Dealer "2" */
    assert_true(g.hand[0] == tset("AS QS TS 8S KH JH 9H"));
    assert_true(g.hand[1] == tset("KS JS 9S AH QH TH 8H"));
    assert_int_equal(gw_game_upcard(&g), tc("AD"));
    assert_int_equal(g.trump, GW_DIAMONDS);
    assert_int_equal(g.turn, 0); /* player 1 leads */
    assert_int_equal(g.leader, 0);
    assert_int_equal(g.dealer, 1);
    assert_int_equal(g.led, GW_NO_CARD);
    assert_int_equal(gw_game_phase(&g), GW_FOREPLAY);
    assert_int_equal(gw_game_stock_left(&g), 14);
    assert_int_equal(gw_game_trick_number(&g), 1);
    assert_true(g.played == 0);
    assert_true(g.upcards[0] == 0 && g.upcards[1] == 0);
    assert_int_equal(g.nmoves, 0);
    assert_true(gw_game_legal(&g) == g.hand[0]);
}

static void deal_alternates_from_the_non_dealer(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        int h = gw_hand_size((gw_variant)v);
        for (uint64_t seed = 0; seed < 20; seed++) {
            gw_card d[GW_MAX_DECK];
            gw_deck_from_seed((gw_variant)v, seed, d);
            for (int dealer = 0; dealer < 2; dealer++) {
                gw_game g;
                gw_error err;
                assert_int_equal(gw_game_deal(&g, (gw_variant)v, d, dealer, &err), GW_OK);
                gw_cards nd = 0, dl = 0;
                for (int i = 0; i < 2 * h; i += 2) {
                    nd |= gw_bit(d[i]);     /* cards 1, 3, 5 ... */
                    dl |= gw_bit(d[i + 1]); /* cards 2, 4, 6 ... */
                }
                assert_true(g.hand[1 - dealer] == nd);
                assert_true(g.hand[dealer] == dl);
                assert_int_equal(gw_count(g.hand[0]), h);
                assert_int_equal(gw_count(g.hand[1]), h);
                /* Card 27 (small: 15) is turned up; its suit is trump. */
                assert_int_equal(gw_game_upcard(&g), d[2 * h]);
                assert_int_equal(gw_game_upcard(&g), d[v == GW_SMALL ? 14 : 26]);
                assert_int_equal(g.trump, gw_card_suit(d[2 * h]));
                assert_int_equal(gw_game_stock_left(&g), v == GW_SMALL ? 14 : 26);
                /* The non-dealer leads the first trick. */
                assert_int_equal(g.turn, 1 - dealer);
                assert_int_equal(g.leader, 1 - dealer);
                assert_int_equal(gw_game_trick_leader(&g, 1), 1 - dealer);
                assert_memory_equal(g.deck, d, (size_t)gw_deck_size((gw_variant)v));
            }
        }
    }
}

static void deal_refuses_bad_input(void **state) {
    (void)state;
    gw_card d[GW_MAX_DECK];
    gw_game g;
    gw_error err;
    int n = tlist(T_EXAMPLE_DECK, d);
    assert_int_equal(n, 28);
    assert_int_equal(gw_game_deal(&g, GW_SMALL, d, 2, &err), GW_EINVAL);
    assert_int_equal(gw_game_deal(&g, GW_SMALL, d, -1, &err), GW_EINVAL);
    assert_int_equal(gw_game_deal(&g, GW_CLASSIC, d, 0, &err), GW_EINVAL); /* 28 cards, not 52 */
    d[3] = tc("2S");
    assert_int_equal(gw_game_deal(&g, GW_SMALL, d, 0, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "2S"));
    tlist(T_EXAMPLE_DECK, d);
    d[3] = d[4];
    assert_int_equal(gw_game_deal(&g, GW_SMALL, d, 0, &err), GW_EINVAL);
}

/* ---- play: a scripted small hand ---------------------------------------- */

/* Hearts are trumps (the up-card 9H); player 1 (index 1) deals, so player 0 leads. */
static void scripted_deal(gw_game *g) {
    gw_card d[GW_MAX_DECK];
    int n = tdeck_from_hands("AS KS QS JS TS 9S 8S", "AH 8H AD KD QD JD TD",
                             "9H KH AC QH KC JH QC TH JC 9D TC 8D 9C 8C", d);
    assert_int_equal(n, 28);
    gw_error err;
    assert_int_equal(gw_game_deal(g, GW_SMALL, d, 1, &err), GW_OK);
    assert_int_equal(g->trump, GW_HEARTS);
}

typedef struct scripted_trick {
    const char *led, *follow;
    int leader, winner;
    const char *drawn0, *drawn1, *next_up; /* NULL: GW_NO_CARD */
    const char *legal;                     /* the follower's legal cards */
    const char *hand0, *hand1;             /* the hands after the trick */
} scripted_trick;

static const scripted_trick SCRIPT[14] = {
    /* A third suit never wins: AD on 8S loses. The winner takes the up-card 9H. */
    {"8S", "AD", 0, 0, "9H", "KH", "AC", "AH 8H AD KD QD JD TD", "AS KS QS JS TS 9S 9H",
     "AH 8H KD QD JD TD KH"},
    /* Hearts stay trumps though the up-card is now a club: 8H beats 9S. */
    {"9S", "8H", 0, 1, "QH", "AC", "KC", "AH KH 8H KD QD JD TD", "AS KS QS JS TS 9H QH",
     "AH KH KD QD JD TD AC"},
    /* The winner leads; the follower trumps the led king. */
    {"KD", "9H", 1, 0, "KC", "JH", "QC", "AS KS QS JS TS 9H QH", "AS KS QS JS TS QH KC",
     "AH KH QD JD TD AC JH"},
    /* Trump led: must follow with a trump; the higher trump wins. */
    {"QH", "KH", 0, 1, "TH", "QC", "JC", "AH KH JH", "AS KS QS JS TS KC TH", "AH QD JD TD AC JH QC"},
    {"AC", "KC", 1, 1, "9D", "JC", "TC", "KC", "AS KS QS JS TS TH 9D", "AH QD JD TD JH QC JC"},
    {"QD", "9D", 1, 1, "8D", "TC", "9C", "9D", "AS KS QS JS TS TH 8D", "AH JD TD JH QC JC TC"},
    /* The last foreplay trick empties the stock: no next up-card. */
    {"JC", "AS", 1, 1, "8C", "9C", NULL, "AS KS QS JS TS TH 8D", "KS QS JS TS TH 8D 8C",
     "AH JD TD JH QC TC 9C"},
    /* Endgame: the winner of trick 7 leads, nobody draws. */
    {"AH", "TH", 1, 1, NULL, NULL, NULL, "TH", "KS QS JS TS 8D 8C", "JD TD JH QC TC 9C"},
    {"9C", "8C", 1, 1, NULL, NULL, NULL, "8C", "KS QS JS TS 8D", "JD TD JH QC TC"},
    {"TD", "8D", 1, 1, NULL, NULL, NULL, "8D", "KS QS JS TS", "JD JH QC TC"},
    {"QC", "TS", 1, 1, NULL, NULL, NULL, "KS QS JS TS", "KS QS JS", "JD JH TC"},
    {"JD", "KS", 1, 1, NULL, NULL, NULL, "KS QS JS", "QS JS", "JH TC"},
    {"TC", "QS", 1, 1, NULL, NULL, NULL, "QS JS", "JS", "JH"},
    {"JH", "JS", 1, 1, NULL, NULL, NULL, "JS", "", ""},
};

static gw_card opt_card(const char *s) { return s ? tc(s) : GW_NO_CARD; }

static void scripted_hand(void **state) {
    (void)state;
    gw_game g;
    scripted_deal(&g);
    for (int t = 0; t < 14; t++) {
        const scripted_trick *s = &SCRIPT[t];
        gw_trick_event ev;
        memset(&ev, 0x55, sizeof ev);
        assert_int_equal(gw_game_trick_number(&g), t + 1);
        assert_int_equal(gw_game_phase(&g), t < 7 ? GW_FOREPLAY : GW_ENDGAME);
        assert_int_equal(gw_game_stock_left(&g), t < 7 ? 14 - 2 * t : 0);
        assert_int_equal(g.turn, s->leader);
        assert_int_equal(g.leader, s->leader);
        assert_int_equal(gw_game_trick_leader(&g, t + 1), s->leader);
        /* The leader may lead anything. */
        assert_true(gw_game_legal(&g) == g.hand[s->leader]);
        tplay(&g, s->led, &ev);
        assert_false(ev.completed);
        assert_int_equal(g.led, tc(s->led));
        assert_int_equal(g.turn, 1 - s->leader);
        assert_true(gw_game_legal(&g) == tset(s->legal));
        tplay(&g, s->follow, &ev);
        assert_true(ev.completed);
        assert_int_equal(ev.number, t + 1);
        assert_int_equal(ev.leader, s->leader);
        assert_int_equal(ev.cards[0], tc(s->led));
        assert_int_equal(ev.cards[1], tc(s->follow));
        assert_int_equal(ev.winner, s->winner);
        assert_int_equal(ev.drawn[0], opt_card(s->drawn0));
        assert_int_equal(ev.drawn[1], opt_card(s->drawn1));
        assert_int_equal(ev.next_upcard, opt_card(s->next_up));
        assert_int_equal(gw_game_upcard(&g), opt_card(s->next_up));
        assert_true(g.hand[0] == tset(s->hand0));
        assert_true(g.hand[1] == tset(s->hand1));
        assert_int_equal(g.trump, GW_HEARTS); /* for the whole hand */
        assert_int_equal(g.led, GW_NO_CARD);
        assert_int_equal(g.turn, s->winner); /* the winner leads next */
        assert_int_equal(g.leader, s->winner);
        assert_int_equal(g.tricks_done, t + 1);
        assert_int_equal(g.nmoves, 2 * t + 2);
    }
    assert_int_equal(gw_game_phase(&g), GW_OVER);
    assert_true(gw_game_legal(&g) == 0);
    /* Player 0 won tricks 1 and 3; player 1 the rest, the whole endgame. */
    assert_int_equal(g.won[0][0], 2);
    assert_int_equal(g.won[0][1], 5);
    assert_int_equal(gw_game_endgame_tricks(&g, 0), 0);
    assert_int_equal(gw_game_endgame_tricks(&g, 1), 7);
    assert_int_equal(gw_game_all_tricks(&g, 0), 2);
    assert_int_equal(gw_game_all_tricks(&g, 1), 12);
    /* Up-cards each player took: 9H, KC, TH... by who won the foreplay tricks. */
    assert_true(g.upcards[0] == tset("9H KC"));
    assert_true(g.upcards[1] == tset("AC QC JC TC 9C"));
    assert_true(g.played == gw_deck_cards(GW_SMALL));
    /* Who led each trick, from the moves alone. */
    for (int t = 0; t < 14; t++)
        assert_int_equal(gw_game_trick_leader(&g, t + 1), SCRIPT[t].leader);
    /* The moves in order. */
    for (int t = 0; t < 14; t++) {
        assert_int_equal(g.moves[2 * t], tc(SCRIPT[t].led));
        assert_int_equal(g.moves[2 * t + 1], tc(SCRIPT[t].follow));
    }
}

static void example_first_trick(void **state) {
    (void)state;
    gw_game g;
    tdeal(&g, GW_SMALL, T_EXAMPLE_DECK, 1);
    gw_trick_event ev;
    tplay(&g, "AS", &ev);
    assert_false(ev.completed);
    /* Player 2 holds spades and must follow. */
    assert_true(gw_game_legal(&g) == tset("KS JS 9S"));
    tplay(&g, "KS", &ev);
    assert_true(ev.completed);
    assert_int_equal(ev.winner, 0);
    /* The winner takes the up-card AD, the loser the next card KD; QD is turned up. */
    assert_int_equal(ev.drawn[0], tc("AD"));
    assert_int_equal(ev.drawn[1], tc("KD"));
    assert_int_equal(ev.next_upcard, tc("QD"));
    assert_true(g.hand[0] == tset("QS TS 8S KH JH 9H AD"));
    assert_true(g.hand[1] == tset("JS 9S AH QH TH 8H KD"));
    assert_true(g.upcards[0] == gw_bit(tc("AD")));
    assert_true(g.upcards[1] == 0); /* KD was taken face down */
    assert_int_equal(gw_game_stock_left(&g), 12);
    assert_int_equal(g.turn, 0);
    assert_int_equal(g.trump, GW_DIAMONDS);
}

/* ---- checking moves ------------------------------------------------------ */

/* Asserts that c is refused for `why` and that playing it changes nothing. */
static void refused(gw_game *g, gw_card c, gw_play_check why) {
    assert_int_equal(gw_game_check(g, c), why);
    gw_game before;
    memcpy(&before, g, sizeof before);
    gw_trick_event ev;
    assert_int_equal(gw_game_play(g, c, &ev), GW_EILLEGAL);
    assert_memory_equal(&before, g, sizeof before);
    assert_int_equal(gw_game_play(g, c, NULL), GW_EILLEGAL);
    assert_memory_equal(&before, g, sizeof before);
}

static void check_reasons(void **state) {
    (void)state;
    gw_game g;
    tdeal(&g, GW_SMALL, T_EXAMPLE_DECK, 1);
    assert_int_equal(gw_game_check(&g, tc("AS")), GW_PLAY_OK);
    assert_int_equal(gw_game_check(&g, tc("9H")), GW_PLAY_OK);
    refused(&g, tc("KS"), GW_PLAY_OTHER_HAND);
    refused(&g, tc("AD"), GW_PLAY_IN_STOCK); /* the up-card */
    refused(&g, tc("KD"), GW_PLAY_IN_STOCK); /* hidden */
    refused(&g, tc("8C"), GW_PLAY_IN_STOCK); /* the bottom card */
    refused(&g, tc("2S"), GW_PLAY_NOT_A_CARD);
    refused(&g, tc("7H"), GW_PLAY_NOT_A_CARD);
    refused(&g, GW_NO_CARD, GW_PLAY_NOT_A_CARD);
    refused(&g, (gw_card)13, GW_PLAY_NOT_A_CARD); /* rank 13 */
    refused(&g, (gw_card)64, GW_PLAY_NOT_A_CARD);
    tplay(&g, "AS", NULL);
    refused(&g, tc("AH"), GW_PLAY_MUST_FOLLOW);
    refused(&g, tc("8H"), GW_PLAY_MUST_FOLLOW);
    refused(&g, tc("AS"), GW_PLAY_PLAYED);
    refused(&g, tc("QS"), GW_PLAY_OTHER_HAND);
    refused(&g, tc("AD"), GW_PLAY_IN_STOCK);
    assert_int_equal(gw_game_check(&g, tc("9S")), GW_PLAY_OK);
    tplay(&g, "KS", NULL);
    /* Drawn cards are now held: AD by player 1, KD by player 2. */
    assert_int_equal(gw_game_check(&g, tc("AD")), GW_PLAY_OK);
    refused(&g, tc("KD"), GW_PLAY_OTHER_HAND);
    refused(&g, tc("KS"), GW_PLAY_PLAYED);
    refused(&g, tc("QD"), GW_PLAY_IN_STOCK);
    /* In the classic deck the low cards are cards: the deck in fill order
     * gives the non-dealer AS QS ... 2S KH ..., the dealer KS JS ..., and
     * leaves diamonds and clubs in the stock. */
    gw_game c;
    gw_card d[GW_MAX_DECK];
    gw_deck_fill(GW_CLASSIC, d);
    gw_error err;
    assert_int_equal(gw_game_deal(&c, GW_CLASSIC, d, 1, &err), GW_OK);
    assert_int_equal(gw_game_check(&c, tc("2S")), GW_PLAY_OK);
    refused(&c, tc("3S"), GW_PLAY_OTHER_HAND);
    refused(&c, tc("2D"), GW_PLAY_IN_STOCK);
}

static void following_suit(void **state) {
    (void)state;
    gw_game g;
    scripted_deal(&g);
    /* Player 1 holds no spades: every card may follow a spade. */
    tplay(&g, "8S", NULL);
    assert_true(gw_game_legal(&g) == g.hand[1]);
    for (gw_cards s = g.hand[1]; s; s &= s - 1)
        assert_int_equal(gw_game_check(&g, gw_first(s)), GW_PLAY_OK);
    /* A non-trump discard is allowed and loses. */
    gw_game copy = g;
    tplay(&copy, "TD", NULL);
    assert_int_equal(copy.turn, 0);
    /* And trumping is allowed and wins. */
    copy = g;
    tplay(&copy, "8H", NULL);
    assert_int_equal(copy.turn, 1);
    /* With a card of the suit led, only that suit may follow. */
    scripted_deal(&g);
    tplay(&g, "8S", NULL);
    tplay(&g, "AD", NULL); /* player 0 wins and now also holds 9H */
    tplay(&g, "9H", NULL); /* hearts led to player 1, who holds AH 8H KH */
    assert_true(gw_game_legal(&g) == tset("AH KH 8H"));
    for (gw_cards s = g.hand[1] & ~tset("AH KH 8H"); s; s &= s - 1)
        refused(&g, gw_first(s), GW_PLAY_MUST_FOLLOW);
}

static void hand_over(void **state) {
    (void)state;
    gw_game g;
    scripted_deal(&g);
    for (int t = 0; t < 14; t++) {
        tplay(&g, SCRIPT[t].led, NULL);
        tplay(&g, SCRIPT[t].follow, NULL);
    }
    assert_int_equal(gw_game_phase(&g), GW_OVER);
    assert_int_equal(gw_game_trick_number(&g), 15);
    for (gw_cards s = gw_deck_cards(GW_SMALL); s; s &= s - 1)
        refused(&g, gw_first(s), GW_PLAY_HAND_OVER);
    refused(&g, tc("2S"), GW_PLAY_NOT_A_CARD);
}

/* ---- whole random hands -------------------------------------------------- */

/* Plays random legal cards and checks the phases, draws and hand sizes of
 * every trick. */
static void play_and_check(gw_variant v, uint64_t seed, int dealer) {
    int h = gw_hand_size(v), n = gw_deck_size(v);
    gw_card d[GW_MAX_DECK];
    gw_deck_from_seed(v, seed, d);
    gw_game g;
    gw_error err;
    assert_int_equal(gw_game_deal(&g, v, d, dealer, &err), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, seed ^ 0xABCDEFull);
    int trump = g.trump, last_winner = -1;
    for (int t = 1; t <= 2 * h; t++) {
        bool foreplay = t <= h;
        assert_int_equal(gw_game_phase(&g), foreplay ? GW_FOREPLAY : GW_ENDGAME);
        int leader = g.turn;
        assert_int_equal(leader, t == 1 ? 1 - dealer : last_winner);
        assert_int_equal(gw_game_trick_leader(&g, t), leader);
        gw_card up = gw_game_upcard(&g);
        int pos = g.stock_pos;
        gw_trick_event ev;
        gw_card led = tpick(&rng, gw_game_legal(&g));
        assert_int_equal(gw_game_play(&g, led, &ev), GW_OK);
        assert_false(ev.completed);
        gw_card follow = tpick(&rng, gw_game_legal(&g));
        assert_int_equal(gw_game_play(&g, follow, &ev), GW_OK);
        assert_true(ev.completed);
        int winner = gw_trick_winner(trump, led, follow) ? 1 - leader : leader;
        assert_int_equal(ev.winner, winner);
        assert_int_equal(g.trump, trump);
        if (foreplay) {
            /* Winner takes the up-card, loser the next card, the one after is turned up. */
            assert_int_equal(ev.drawn[winner], up);
            assert_int_equal(ev.drawn[1 - winner], d[pos + 1]);
            assert_true(gw_has(g.hand[winner], up));
            assert_true(gw_has(g.upcards[winner], up));
            assert_true(gw_has(g.hand[1 - winner], d[pos + 1]));
            assert_false(gw_has(g.upcards[1 - winner], d[pos + 1]));
            assert_int_equal(ev.next_upcard, pos + 2 < n ? d[pos + 2] : GW_NO_CARD);
            assert_int_equal(gw_count(g.hand[0]), h);
            assert_int_equal(gw_count(g.hand[1]), h);
            assert_int_equal(gw_game_stock_left(&g), n - 2 * h - 2 * t);
        } else {
            assert_int_equal(ev.drawn[0], GW_NO_CARD);
            assert_int_equal(ev.drawn[1], GW_NO_CARD);
            assert_int_equal(ev.next_upcard, GW_NO_CARD);
            assert_int_equal(gw_count(g.hand[0]), 2 * h - t);
            assert_int_equal(gw_count(g.hand[1]), 2 * h - t);
            assert_int_equal(gw_game_stock_left(&g), 0);
        }
        if (t == h) {
            /* The stock is empty; the winner of the last foreplay trick leads the endgame. */
            assert_int_equal(gw_game_stock_left(&g), 0);
            assert_int_equal(gw_game_upcard(&g), GW_NO_CARD);
            assert_int_equal(gw_game_phase(&g), GW_ENDGAME);
            assert_int_equal(g.turn, winner);
        }
        last_winner = winner;
        assert_int_equal(g.turn, winner);
    }
    assert_int_equal(gw_game_phase(&g), GW_OVER);
    assert_int_equal(g.won[0][0] + g.won[0][1], h);
    assert_int_equal(gw_game_endgame_tricks(&g, 0) + gw_game_endgame_tricks(&g, 1), h);
    assert_int_equal(gw_game_all_tricks(&g, 0) + gw_game_all_tricks(&g, 1), 2 * h);
    assert_true(g.hand[0] == 0 && g.hand[1] == 0);
    assert_true(g.played == gw_deck_cards(v));
}

static void random_hands_follow_the_rules(void **state) {
    (void)state;
    for (uint64_t seed = 0; seed < 200; seed++) {
        play_and_check(GW_CLASSIC, seed, (int)(seed & 1));
        play_and_check(GW_SMALL, seed, (int)((seed >> 1) & 1));
    }
}

/* The trump is the suit of the first up-card for the whole hand, even when
 * the next up-cards are of another suit and after the first is taken. */
static void trump_is_the_first_upcards_suit(void **state) {
    (void)state;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        gw_card d[GW_MAX_DECK];
        gw_deck_fill(GW_CLASSIC, d);
        /* Card 27 a seven of `suit`, card 29 (the next up-card) a seven of another suit. */
        gw_card want = gw_card_make(suit, 5), other = gw_card_make((suit + 1) % 4, 5);
        for (int i = 0; i < 52; i++) {
            if (d[i] == want)
                d[i] = d[26];
            else if (d[i] == other)
                d[i] = d[28];
        }
        d[26] = want;
        d[28] = other;
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, GW_CLASSIC, d, 0, &err), GW_OK);
        assert_int_equal(g.trump, suit);
        gw_rng rng;
        gw_rng_seed(&rng, (uint64_t)suit);
        while (gw_game_phase(&g) != GW_OVER) {
            gw_card led = tpick(&rng, gw_game_legal(&g));
            assert_int_equal(gw_game_play(&g, led, NULL), GW_OK);
            gw_card follow = tpick(&rng, gw_game_legal(&g));
            int leader = g.leader;
            gw_trick_event ev;
            assert_int_equal(gw_game_play(&g, follow, &ev), GW_OK);
            if (ev.number == 1) assert_int_equal(gw_card_suit(gw_game_upcard(&g)), (suit + 1) % 4);
            assert_int_equal(ev.winner, spec_winner(suit, led, follow) ? 1 - leader : leader);
            assert_int_equal(g.trump, suit);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trick_winner_examples),
        cmocka_unit_test(trick_winner_every_pair),
        cmocka_unit_test(example_deal),
        cmocka_unit_test(deal_alternates_from_the_non_dealer),
        cmocka_unit_test(deal_refuses_bad_input),
        cmocka_unit_test(scripted_hand),
        cmocka_unit_test(example_first_trick),
        cmocka_unit_test(check_reasons),
        cmocka_unit_test(following_suit),
        cmocka_unit_test(hand_over),
        cmocka_unit_test(random_hands_follow_the_rules),
        cmocka_unit_test(trump_is_the_first_upcards_suit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
