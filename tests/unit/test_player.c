/* test_player.c: the player interface and every computer level behind it: legal, reproducible, blind to
 * hidden cards; hard's choices. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/ai.h"
#include "gw_test.h"
#include "../../src/engine/ai/hard.h"

/* The expert's settings in tests: a few worlds, no clock, so runs repeat. */
static const gw_expert_limits FEW = {0, 6, NULL};

static gw_player *bot(gw_ai_level level, uint64_t seed, int seat) {
    gw_bot_options opt = {level, seed, FEW, {GW_LAST13, 0, {0, 0}}};
    gw_player *p = NULL;
    gw_error err;
    assert_int_equal(gw_bot_new(&opt, &p, &err), GW_OK);
    gw_player_sit(p, seat);
    return p;
}

/* Plays g to the end with the two players, telling each what its seat
 * sees; every card must be legal. The cards played go to moves. */
static void play_out(gw_game *g, gw_player *p[2]) {
    for (int seat = 0; seat < 2; seat++) {
        gw_observation o;
        gw_observe(g, seat, &o);
        gw_player_begin_hand(p[seat], &o);
    }
    while (gw_game_phase(g) != GW_OVER) {
        int seat = g->turn;
        gw_observation o;
        gw_observe(g, seat, &o);
        gw_player_reveal(p[seat], g);
        gw_card c = GW_NO_CARD;
        gw_error err;
        assert_int_equal(gw_player_choose(p[seat], &o, &c, &err), GW_OK);
        assert_true(gw_has(gw_game_legal(g), c));
        gw_trick_event ev;
        assert_int_equal(gw_game_play(g, c, &ev), GW_OK);
        if (!ev.completed) continue;
        for (int s = 0; s < 2; s++) {
            gw_seen_trick t;
            gw_seen_trick_make(&ev, s, &t);
            gw_observe(g, s, &o);
            gw_player_trick_done(p[s], &o, &t);
        }
    }
}

static void deal(gw_game *g, gw_variant v, uint64_t seed) {
    gw_card d[GW_MAX_DECK];
    gw_deck_from_seed(v, seed, d);
    gw_error err;
    assert_int_equal(gw_game_deal(g, v, d, (int)(seed & 1), &err), GW_OK);
}

static void every_level_plays_legal_cards_in_both_variants(void **state) {
    (void)state;
    for (int a = 0; a < GW_AI_LEVELS; a++) {
        for (uint64_t seed = 0; seed < 6; seed++) {
            gw_game g;
            gw_variant v = seed & 2 ? GW_SMALL : GW_CLASSIC;
            deal(&g, v, seed);
            gw_ai_level other = (gw_ai_level)((a + 1 + (int)seed) % GW_AI_LEVELS);
            gw_player *p[2] = {bot((gw_ai_level)a, seed, 0), bot(other, seed + 99, 1)};
            play_out(&g, p);
            assert_int_equal(gw_game_phase(&g), GW_OVER);
            gw_player_free(p[0]);
            gw_player_free(p[1]);
        }
    }
}

static void same_seed_same_game(void **state) {
    (void)state;
    for (int a = 0; a < GW_AI_LEVELS; a++) {
        gw_game g1, g2;
        deal(&g1, GW_CLASSIC, 40 + (uint64_t)a);
        g2 = g1;
        gw_player *p1[2] = {bot((gw_ai_level)a, 7, 0), bot(GW_AI_RANDOM, 8, 1)};
        gw_player *p2[2] = {bot((gw_ai_level)a, 7, 0), bot(GW_AI_RANDOM, 8, 1)};
        play_out(&g1, p1);
        play_out(&g2, p2);
        assert_memory_equal(g1.moves, g2.moves, sizeof g1.moves);
        for (int s = 0; s < 2; s++) {
            gw_player_free(p1[s]);
            gw_player_free(p2[s]);
        }
    }
}

/* Game b: game a's deal with the cards at deck positions i and j swapped,
 * replayed with a's cards; false if a's play is not legal there. */
static bool swapped(const gw_game *a, int i, int j, gw_game *b) {
    gw_card d[GW_MAX_DECK];
    int n = gw_deck_size((gw_variant)a->variant);
    for (int k = 0; k < n; k++)
        d[k] = a->deck[k];
    gw_card t = d[i];
    d[i] = d[j];
    d[j] = t;
    gw_error err;
    if (gw_game_deal(b, (gw_variant)a->variant, d, a->dealer, &err) != GW_OK) return false;
    for (int k = 0; k < a->nmoves; k++)
        if (gw_game_play(b, a->moves[k], NULL) != GW_OK) return false;
    return true;
}

/* Two games that differ only in cards hidden from the seat to move (the
 * opponent's unseen cards and the stock below the up-card) give every
 * level but the oracle the same observation and the same card. */
static void no_level_but_the_oracle_reads_hidden_cards(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 3);
    int compared = 0, oracle_differs = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        gw_game g;
        deal(&g, seed & 1 ? GW_SMALL : GW_CLASSIC, seed);
        /* Random play to a foreplay position. */
        int stop = (int)gw_rng_below(&rng, 10);
        for (int k = 0; k < stop && gw_game_phase(&g) == GW_FOREPLAY; k++)
            assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), NULL), GW_OK);
        if (gw_game_phase(&g) != GW_FOREPLAY) continue;
        int seat = g.turn, opp = 1 - seat, n = gw_deck_size((gw_variant)g.variant);
        gw_observation o;
        gw_observe(&g, seat, &o);
        /* An opponent's unseen card and a stock card below the up-card. */
        int i = -1, j = -1;
        for (int k = 0; k < n && i < 0; k++)
            if (gw_has(g.hand[opp] & o.unseen, g.deck[k])) i = k;
        if (g.stock_pos + 1 < n)
            j = g.stock_pos + 1 + (int)gw_rng_below(&rng, (uint32_t)(n - g.stock_pos - 1));
        gw_game h;
        if (i < 0 || j < 0 || !swapped(&g, i, j, &h)) continue;
        assert_true(g.hand[opp] != h.hand[opp] || g.deck[j] != h.deck[j]);
        gw_observation oh;
        gw_observe(&h, seat, &oh);
        assert_memory_equal(&o, &oh, sizeof o);
        for (int a = 0; a < GW_AI_LEVELS; a++) {
            gw_player *x = bot((gw_ai_level)a, seed, seat), *y = bot((gw_ai_level)a, seed, seat);
            gw_player_reveal(x, &g);
            gw_player_reveal(y, &h);
            gw_card cx, cy;
            gw_error err;
            assert_int_equal(gw_player_choose(x, &o, &cx, &err), GW_OK);
            assert_int_equal(gw_player_choose(y, &oh, &cy, &err), GW_OK);
            if (a == GW_AI_ORACLE)
                oracle_differs += cx != cy;
            else
                assert_int_equal(cx, cy);
            gw_player_free(x);
            gw_player_free(y);
        }
        compared++;
    }
    assert_true(compared >= 20);
    (void)oracle_differs; /* the oracle may differ: it is the one that looks */
}

static void only_the_oracle_is_shown_the_state(void **state) {
    (void)state;
    for (int a = 0; a < GW_AI_LEVELS; a++) {
        gw_player *p = bot((gw_ai_level)a, 1, 0);
        assert_int_equal(gw_player_cheats(p), a == GW_AI_ORACLE);
        assert_string_equal(p->name, gw_ai_level_name((gw_ai_level)a));
        gw_player_free(p);
    }
    /* An oracle that was not shown the game refuses rather than guess. */
    gw_game g;
    deal(&g, GW_CLASSIC, 5);
    gw_observation o;
    gw_observe(&g, g.turn, &o);
    gw_player *p = bot(GW_AI_ORACLE, 1, g.turn);
    gw_card c;
    gw_error err;
    assert_int_equal(gw_player_choose(p, &o, &c, &err), GW_ESTATE);
    gw_player_free(p);
}

static void a_seat_sees_its_own_draw_and_only_the_face_up_one_of_the_opponent(void **state) {
    (void)state;
    gw_trick_event ev = {true, 3, 0, {tc("AS"), tc("2S")}, 0, {tc("KH"), tc("4C")}, tc("9D")};
    gw_seen_trick t;
    gw_seen_trick_make(&ev, 0, &t); /* the winner: took KH; the loser's 4C is hidden */
    assert_int_equal(t.own_draw, tc("KH"));
    assert_int_equal(t.opp_draw, GW_NO_CARD);
    assert_int_equal(t.next_upcard, tc("9D"));
    gw_seen_trick_make(&ev, 1, &t); /* the loser: drew 4C, saw the winner take KH */
    assert_int_equal(t.own_draw, tc("4C"));
    assert_int_equal(t.opp_draw, tc("KH"));
    assert_int_equal(t.winner, 0);
    assert_int_equal(t.cards[0], tc("AS"));
    assert_int_equal(t.cards[1], tc("2S"));
}

/* ---- hard --------------------------------------------------------------- */

static gw_observation view(int trump, const char *upcard, const char *led, const char *own,
                           const char *unseen) {
    gw_observation o;
    memset(&o, 0, sizeof o);
    o.variant = GW_CLASSIC;
    o.trump = trump;
    o.phase = upcard ? GW_FOREPLAY : GW_ENDGAME;
    o.leader = led ? 1 : 0;
    o.led = led ? tc(led) : GW_NO_CARD;
    o.upcard = upcard ? tc(upcard) : GW_NO_CARD;
    o.stock_left = upcard ? 10 : 0;
    o.own = tset(own);
    o.unseen = tset(unseen);
    o.played = led ? gw_bit(o.led) : 0;
    return o;
}

static void hard_fights_cheaply_for_a_good_upcard_and_lets_a_poor_one_go(void **state) {
    (void)state;
    const char *unseen = "QS JS 8S 7S 3S 9H 8H 6H 5H 4H TD 9D 8D 7D 6D 5D 4D TC 9C 8C 7C 6C 5C 4C 3C 2C";
    /* Trump hearts; up-card the ace of trumps: win the spade with the cheapest winner. */
    gw_observation o = view(GW_HEARTS, "AH", "TS", "AS KS 9S 2S KH 3H 2H", unseen);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("KS"));
    /* A poor up-card (3 of clubs): keep the high spades, play the lowest. */
    o = view(GW_HEARTS, "3C", "TS", "AS KS 9S 2S KH 3H 2H", "QS JS 8S 7S 3S 9H 8H 6H 5H 4H TD 9D AC 2C");
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("2S"));
    /* Void in the suit led, the up-card a low club: no trump is spent. */
    o = view(GW_HEARTS, "4C", "TS", "KH 3H 2H 7D 6C", unseen);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("6C"));
    /* Leading for the ace of trumps: a side card nothing can beat (the ace
     * of spades), not a trump. */
    o = view(GW_HEARTS, "AH", NULL, "AS 9S 2S KH 3H 2C", unseen);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("AS"));
    /* Leading with a poor up-card: the cheapest side card. */
    o = view(GW_HEARTS, "2D", NULL, "AS 9S 4S KH 3H 3C", unseen);
    assert_int_equal(gw_ai_hard(&o, NULL, NULL), tc("3C"));
}

static void hard_plays_the_endgame_perfectly(void **state) {
    (void)state;
    gw_solver *s;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, 11);
    for (int k = 0; k < 200; k++) {
        gw_game g;
        deal(&g, k & 1 ? GW_SMALL : GW_CLASSIC, (uint64_t)k);
        while (gw_game_phase(&g) == GW_FOREPLAY)
            assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), NULL), GW_OK);
        int steps = (int)gw_rng_below(&rng, 6);
        for (int i = 0; i < steps && gw_count(g.hand[g.turn]) > 1; i++)
            assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), NULL), GW_OK);
        gw_observation o;
        gw_observe(&g, g.turn, &o);
        gw_card c = gw_ai_hard(&o, s, NULL);
        assert_true(gw_has(gw_game_legal(&g), c));
        /* Its card is worth the position's value. */
        bool leads = g.led == GW_NO_CARD;
        gw_position p = {g.trump, g.hand[leads ? g.turn : g.leader], g.hand[leads ? 1 - g.turn : g.turn],
                         g.led};
        gw_card_value v[13];
        int best, n = gw_solve_cards(s, &p, v, &best);
        bool found = false;
        for (int i = 0; i < n; i++)
            if (v[i].card == c) {
                assert_int_equal(v[i].tricks, best);
                found = true;
            }
        assert_true(found);
    }
    gw_solver_free(s);
}

/* Endgame values from an observation: the seat's own tricks whether it
 * leads or follows, and a refusal while the stock has cards. */
static void endgame_values_count_the_seats_tricks(void **state) {
    (void)state;
    gw_solver *s;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    /* Spades trump; the seat holds AS 2H, the opponent KS AH. */
    gw_observation o = view(GW_SPADES, NULL, NULL, "AS 2H", "");
    o.opp_known = tset("KS AH");
    gw_card_value v[13];
    int best, n = gw_endgame_values(s, &o, v, &best, NULL);
    assert_int_equal(n, 2);
    assert_int_equal(best, 1); /* AS wins, then 2H loses to AH */
    /* Following the opponent's lead of AH with AS 2H: 2H must follow. */
    o = view(GW_SPADES, NULL, "AH", "AS 2H", "");
    o.opp_known = tset("KS");
    n = gw_endgame_values(s, &o, v, &best, NULL);
    assert_int_equal(n, 1);
    assert_int_equal(v[0].card, tc("2H"));
    assert_int_equal(v[0].tricks, 1); /* loses this trick, AS beats KS after */
    assert_int_equal(best, 1);
    gw_error err;
    o = view(GW_SPADES, "3C", NULL, "AS 2H", "KS AH 3C");
    assert_int_equal(gw_endgame_values(s, &o, v, &best, &err), -1);
    assert_int_equal(err.status, GW_ESTATE);
    gw_solver_free(s);
}

/* Voids: the opponent failed to follow a suit and has drawn no hidden card
 * since; a hidden draw (it lost a foreplay trick) may be of any suit. */
static void hard_infers_voids_until_the_next_hidden_draw(void **state) {
    (void)state;
    gw_observation o;
    memset(&o, 0, sizeof o);
    o.variant = GW_CLASSIC;
    o.seat = 0;
    o.dealer = 1; /* seat 0 leads the first trick */
    o.trump = GW_HEARTS;
    o.phase = GW_FOREPLAY;
    const char *moves[] = {"2S", "3D", "4C", "7H"};
    for (int i = 0; i < 4; i++)
        o.moves[o.nmoves++] = tc(moves[i]);
    /* Trick 1: 2S led, the opponent discards 3D (void in spades) and loses
     * the trick: it draws a hidden card, so nothing is sure. */
    o.nmoves = 2;
    assert_int_equal(hard_voids(&o), 0);
    /* Trick 2: seat 0 leads again (it won); 4C, the opponent ruffs with
     * 7H and wins: it takes the up-card, no hidden draw, clubs void. */
    o.nmoves = 4;
    assert_int_equal(hard_voids(&o), 1u << GW_CLUBS);
    /* The opponent following suit shows nothing. */
    o.moves[3] = tc("9C");
    assert_int_equal(hard_voids(&o), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_level_plays_legal_cards_in_both_variants),
        cmocka_unit_test(same_seed_same_game),
        cmocka_unit_test(no_level_but_the_oracle_reads_hidden_cards),
        cmocka_unit_test(only_the_oracle_is_shown_the_state),
        cmocka_unit_test(a_seat_sees_its_own_draw_and_only_the_face_up_one_of_the_opponent),
        cmocka_unit_test(hard_fights_cheaply_for_a_good_upcard_and_lets_a_poor_one_go),
        cmocka_unit_test(hard_plays_the_endgame_perfectly),
        cmocka_unit_test(hard_infers_voids_until_the_next_hidden_draw),
        cmocka_unit_test(endgame_values_count_the_seats_tricks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
