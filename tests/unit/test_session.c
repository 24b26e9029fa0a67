/* test_session.c: the German Whist session: actions in every state (refused ones too), the computer seats
 * and the think split, undo, resuming from the session's records, seeds, the option parser, the events'
 * visibility, hints and one-deal mode. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/record.h"
#include "gw/seeds.h"
#include "gw/session.h"
#include "gw_test.h"

/* A German match: player 0 outside, player 1 the computer at level, iterations only (no clock). */
static gw_session_config config(uint64_t seed, gw_ai_level level) {
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    c.seed = seed;
    c.seats[1].level = (int)level;
    c.limits = (gw_expert_limits){0, 30, NULL};
    return c;
}

static gw_session *open_session(const gw_session_config *c) {
    gw_session *s = NULL;
    gw_error err;
    gw_status st = gw_session_new(c, &s, &err);
    if (st != GW_OK) fail_msg("gw_session_new: %s", err.msg);
    return s;
}

static gw_action card_action(gw_card c) { return (gw_action){GW_ACTION_CARD, c, GW_CMD_NONE}; }

/* One step: the computer plays, or an outside player plays a random legal card, or the next hand is dealt.
 * False once the match is over. */
static bool step(gw_session *s, gw_rng *rng) {
    gw_error err;
    gw_session_state st = gw_session_state_of(s);
    if (st == GW_SESSION_OVER) return false;
    if (st == GW_SESSION_HAND_OVER) {
        assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        return true;
    }
    gw_turn t = gw_session_turn(s);
    assert_true(t.player == 0 || t.player == 1);
    if (t.computer) {
        gw_status r = gw_session_play_computer(s, &err);
        if (r != GW_OK) fail_msg("play_computer: %s", err.msg);
        return true;
    }
    gw_cards legal = gw_game_legal(gw_session_game(s));
    gw_action a = card_action(tpick(rng, legal));
    gw_refusal why;
    if (gw_session_act(s, t.player, &a, &why, &err) != GW_OK) fail_msg("act: %s", err.msg);
    assert_int_equal(why, GW_REFUSE_NONE);
    return true;
}

static char *record_of(const gw_session *s, bool with_current) {
    gw_text t = {0};
    gw_session_record(s, with_current, &t);
    assert_false(t.failed);
    char *out = strdup(gw_text_str(&t));
    gw_text_free(&t);
    return out;
}

/* ---- seeds ----------------------------------------------------------------- */

static void seeds_are_those_of_the_front_ends(void **state) {
    (void)state;
    uint64_t seed = 12345;
    assert_true(gw_seed_derive(seed, GW_SEED_COMPUTER, 1) == gw_mix64(seed ^ 0xA1A1A1A1u)); /* cmd_play.c */
    assert_true(gw_seed_derive(seed, GW_SEED_COMPUTER, 0) != gw_seed_derive(seed, GW_SEED_COMPUTER, 1));
    assert_true(gw_seed_derive(seed, GW_SEED_HINTS, 0) == gw_mix64(seed ^ 0x4E4E4E4Eu));
    assert_true(gw_seed_derive(seed, GW_SEED_ARENA_DEAL, 7) ==
                gw_mix64(gw_mix64(seed) + 7)); /* cmd_arena.c */
    assert_true(gw_seed_derive(seed, GW_SEED_ARENA_SEAT, 3) == gw_mix64(seed + 4));
    assert_true(gw_seed_derive(seed, GW_SEED_ANDROID_COMPUTER, 1) ==
                gw_mix64(seed ^ 0xA17Du)); /* cmd_android */
    assert_true(gw_seed_derive(seed, GW_SEED_ANDROID_COMPUTER, 0) != gw_mix64(seed ^ 0xA17Du));
    for (int k = 0; k < 4; k++)
        assert_int_equal(gw_seed_arena_android_dealer(seed, k),
                         (int)((gw_mix64(seed) >> 63) ^ (uint64_t)(k & 1)));
}

/* The session's computer is line mode's: the random level with the derived seed makes the same choices. */
static void computer_seed_is_line_modes(void **state) {
    (void)state;
    gw_session_config c = config(99, GW_AI_RANDOM);
    c.seats[0].kind = GW_SEAT_COMPUTER;
    c.seats[0].level = GW_AI_EASY;
    gw_session *s = open_session(&c);
    /* Line mode's way: the same deals from gw_match, the random bot seeded seed ^ 0xA1A1A1A1. */
    gw_match m;
    gw_error err;
    assert_int_equal(gw_match_start(&m, c.rules, c.seed, &err), GW_OK);
    gw_game g;
    gw_match_deal(&m, &g, NULL);
    gw_player *bot;
    gw_bot_options opt = {GW_AI_RANDOM, gw_mix64(99 ^ 0xA1A1A1A1u), c.limits, {GW_LAST13, 0, {0, 0}}};
    assert_int_equal(gw_bot_new(&opt, &bot, &err), GW_OK);
    gw_player_sit(bot, 1);
    gw_observation o;
    gw_observe(&g, 1, &o);
    gw_player_begin_hand(bot, &o);
    while (gw_game_phase(&g) != GW_OVER) {
        gw_card c1;
        gw_observe(&g, g.turn, &o);
        if (g.turn == 1)
            assert_int_equal(gw_player_choose(bot, &o, &c1, &err), GW_OK);
        else
            c1 = gw_ai_easy(&o, NULL);
        assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
        gw_trick_event ev;
        assert_int_equal(gw_game_play(&g, c1, &ev), GW_OK);
        assert_memory_equal(gw_session_game(s)->moves, g.moves, g.nmoves);
        if (ev.completed) {
            gw_observe(&g, 1, &o);
            gw_seen_trick seen;
            gw_seen_trick_make(&ev, 1, &seen);
            gw_player_trick_done(bot, &o, &seen);
        }
    }
    gw_player_free(bot);
    gw_session_free(s);
}

/* Same config, same game: events and record. */
static void same_seed_same_game(void **state) {
    (void)state;
    gw_session_config c = config(4242, GW_AI_HARD);
    c.seats[0].kind = GW_SEAT_COMPUTER;
    c.seats[0].level = GW_AI_RANDOM;
    c.rules.target = 3;
    gw_session *a = open_session(&c), *b = open_session(&c);
    gw_rng rng;
    gw_rng_seed(&rng, 1);
    while (step(a, &rng)) {
    }
    while (step(b, &rng)) {
    }
    assert_int_equal(gw_session_last_event(a), gw_session_last_event(b));
    assert_memory_equal(gw_session_match(a), gw_session_match(b), sizeof(gw_match));
    char *ra = record_of(a, true), *rb = record_of(b, true);
    assert_string_equal(ra, rb);
    /* The record reads back as a valid finished match. */
    gw_record r;
    gw_error err;
    assert_int_equal(gw_record_read(ra, strlen(ra), &r, &err), GW_OK);
    assert_int_equal(r.count, gw_session_match(a)->hands_played);
    for (int i = 0; i < r.count; i++) {
        assert_int_equal(r.hands[i].error.status, GW_OK);
        assert_true(r.hands[i].finished);
        assert_string_equal(gw_record_hand_tag(&r.hands[i], "Player1"), "random");
        assert_string_equal(gw_record_hand_tag(&r.hands[i], "Player2"), "hard");
    }
    gw_record_free(&r);
    free(ra);
    free(rb);
    gw_session_free(a);
    gw_session_free(b);
}

/* ---- options ---------------------------------------------------------------- */

static void options_parser(void **state) {
    (void)state;
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    assert_int_equal(c.seats[0].kind, GW_SEAT_OUTSIDE);
    assert_int_equal(c.seats[1].kind, GW_SEAT_COMPUTER);
    assert_int_equal(c.seats[1].level, GW_AI_HARD);
    assert_int_equal(c.limits.think_ms, GW_THINK_MS_DEFAULT);
    assert_int_equal(c.rules.target, 10);
    gw_error err;
    assert_int_equal(gw_session_config_option(&c, "variant", "small", &err), GW_OK);
    assert_int_equal(c.rules.variant, GW_SMALL);
    assert_int_equal(gw_session_config_option(&c, "scoring", "total", &err), GW_OK);
    assert_int_equal(c.rules.scoring, GW_TOTAL);
    assert_int_equal(gw_session_config_option(&c, "target", "1000", &err), GW_OK);
    assert_int_equal(c.rules.target, 1000);
    assert_int_equal(gw_session_config_option(&c, "seed", "18446744073709551615", &err), GW_OK);
    assert_true(c.seed == UINT64_MAX);
    assert_int_equal(gw_session_config_option(&c, "opponent", "expert", &err), GW_OK);
    assert_int_equal(c.seats[1].level, GW_AI_EXPERT);
    assert_int_equal(gw_session_config_option(&c, "opponent", "greedy", &err), GW_OK);
    assert_int_equal(c.seats[1].level, GW_AI_EASY);
    assert_int_equal(gw_session_config_option(&c, "think-ms", "0", &err), GW_OK);
    assert_int_equal(gw_session_config_option(&c, "iterations", "500", &err), GW_OK);
    assert_int_equal(c.limits.iterations, 500);
    assert_int_equal(gw_session_config_option(&c, "samples", "100000", &err), GW_OK);
    assert_int_equal(c.android_samples, 100000);
    assert_int_equal(gw_session_config_option(&c, "opponent", "human", &err), GW_OK);
    assert_int_equal(c.seats[1].kind, GW_SEAT_OUTSIDE);
    /* Bad values: c unchanged, the message names the option and what is allowed. */
    gw_session_config before = c;
    static const char *const BAD[][3] = {
        {"variant", "big", "classic or small"},
        {"scoring", "most", "last13, every, difference or total"},
        {"target", "0", "from 1 to 1000"},
        {"target", "1001", "from 1 to 1000"},
        {"target", "+5", "from 1 to 1000"},
        {"target", "", "from 1 to 1000"},
        {"seed", "99999999999999999999", "from 0 to 18446744073709551615"},
        {"seed", "-1", "from 0 to 18446744073709551615"},
        {"seed", " 1", "from 0 to 18446744073709551615"},
        {"opponent", "wizard", "random, easy, hard, expert, oracle or human"},
        {"think-ms", "60001", "from 0 to 60000"},
        {"think-ms", "fast", "from 0 to 60000"},
        {"iterations", "10000001", "from 0 to 10000000"},
        {"samples", "0", "from 1 to 100000"},
        {"game", "chess", "german or android"},
        {"colour", "red", "unknown option 'colour'"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        assert_int_equal(gw_session_config_option(&c, BAD[i][0], BAD[i][1], &err), GW_EINVAL);
        assert_int_equal(err.status, GW_EINVAL);
        if (!strstr(err.msg, BAD[i][2])) fail_msg("%s=%s: '%s'", BAD[i][0], BAD[i][1], err.msg);
        assert_memory_equal(&c, &before, sizeof c);
    }
    /* The seed's words are those of every command (gw_seed_parse). */
    assert_int_equal(gw_session_config_option(&c, "seed", "x", &err), GW_EINVAL);
    assert_string_equal(err.msg, "the seed must be a whole number from 0 to 18446744073709551615, not 'x'");
    /* Android levels after "game". */
    assert_int_equal(gw_session_config_option(&c, "game", "android", &err), GW_OK);
    assert_int_equal(c.game, GW_GAME_ANDROID);
    assert_int_equal(gw_session_config_option(&c, "opponent", "expert", &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "random, easy, hard or human"));
    assert_int_equal(gw_session_config_option(&c, "opponent", "easy", &err), GW_OK);
    assert_int_equal(c.seats[1].level, GW_ANDROID_EASY);
}

static void bad_configs(void **state) {
    (void)state;
    gw_session *s = NULL;
    gw_error err;
    gw_session_config c = config(1, GW_AI_HARD);
    c.limits.think_ms = 100; /* a bound in ms without a clock */
    assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL);
    assert_null(s);
    c = config(1, GW_AI_HARD);
    c.seats[1].level = 9;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL);
    c = config(1, GW_AI_HARD);
    c.rules.target = 0;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL);
    c = config(1, GW_AI_EXPERT);
    c.limits = (gw_expert_limits){0, 0, NULL}; /* the expert with no bound at all */
    assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL);
    c = config(1, GW_AI_HARD);
    gw_card deck[GW_MAX_DECK];
    for (int i = 0; i < 52; i++)
        deck[i] = (gw_card)i;
    deck[5] = deck[6]; /* a card twice */
    c.deck = deck;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL);
    assert_null(s);
    gw_session_free(NULL);
}

/* ---- acting and refusals ----------------------------------------------------- */

static void actions_and_refusals(void **state) {
    (void)state;
    gw_session_config c = config(7, GW_AI_EASY);
    c.seats[1].kind = GW_SEAT_OUTSIDE; /* two outside players: every refusal by hand */
    c.rules.target = 1;
    gw_session *s = open_session(&c);
    gw_error err;
    gw_refusal why;
    const gw_game *g = gw_session_game(s);
    assert_int_equal(gw_session_state_of(s), GW_SESSION_PLAYING);
    gw_turn t = gw_session_turn(s);
    assert_int_equal(t.player, g->turn);
    assert_false(t.computer);
    int p = t.player;
    /* Not your turn. */
    gw_action a = card_action(gw_first(g->hand[1 - p]));
    assert_int_equal(gw_session_act(s, 1 - p, &a, &why, &err), GW_EILLEGAL);
    assert_int_equal(why, GW_REFUSE_NOT_YOUR_TURN);
    assert_string_equal(gw_refusal_code(why), "not_your_turn");
    assert_int_equal(gw_session_check(s, 5, &a, &err), GW_REFUSE_NOT_YOUR_TURN);
    /* A command in German Whist. */
    gw_action cmd = {GW_ACTION_COMMAND, GW_NO_CARD, GW_CMD_NONE};
    assert_int_equal(gw_session_check(s, p, &cmd, &err), GW_REFUSE_WRONG_KIND);
    /* Not a card; not a card of the variant. */
    a = card_action(GW_NO_CARD);
    assert_int_equal(gw_session_check(s, p, &a, &err), GW_REFUSE_NOT_A_CARD);
    a = card_action(200);
    assert_int_equal(gw_session_check(s, p, &a, &err), GW_REFUSE_NOT_A_CARD);
    /* Not held: the opponent's card, the up-card, a card in the stock: one sentence that never says where. */
    uint32_t before = gw_session_last_event(s);
    gw_card theirs = gw_first(g->hand[1 - p]), up = gw_game_upcard(g), stock = g->deck[g->stock_pos + 1];
    gw_card probes[3] = {theirs, up, stock};
    for (int i = 0; i < 3; i++) {
        a = card_action(probes[i]);
        assert_int_equal(gw_session_act(s, p, &a, &why, &err), GW_EILLEGAL);
        assert_int_equal(why, GW_REFUSE_NOT_HELD);
        char expect[64];
        gw_format(expect, (int)sizeof expect, "You do not hold %C.", probes[i]);
        assert_string_equal(err.msg, expect);
    }
    assert_int_equal(gw_session_last_event(s), before); /* nothing changed */
    /* Play a card, then the follower must follow when able. */
    gw_card lead = gw_first(g->hand[p]);
    a = card_action(lead);
    assert_int_equal(gw_session_act(s, p, &a, &why, &err), GW_OK);
    gw_cards follow = g->hand[1 - p] & gw_suit_cards(gw_card_suit(lead));
    gw_cards other = g->hand[1 - p] & ~follow;
    if (follow && other) {
        a = card_action(gw_first(other));
        assert_int_equal(gw_session_act(s, 1 - p, &a, &why, &err), GW_EILLEGAL);
        assert_int_equal(why, GW_REFUSE_MUST_FOLLOW);
        assert_non_null(strstr(err.msg, "You must follow suit"));
    }
    /* A played card. */
    a = card_action(lead);
    assert_int_equal(gw_session_check(s, 1 - p, &a, &err), GW_REFUSE_NOT_HELD);
    /* Play the hand (target 1: it ends the match unless nobody scores). */
    gw_rng rng;
    gw_rng_seed(&rng, 3);
    while (gw_session_state_of(s) == GW_SESSION_PLAYING)
        step(s, &rng);
    a = card_action(gw_first(gw_deck_cards(GW_CLASSIC)));
    if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
        assert_int_equal(gw_session_check(s, 0, &a, &err), GW_REFUSE_HAND_OVER);
        assert_int_equal(gw_session_turn(s).player, -1);
        while (step(s, &rng)) {
        }
    }
    assert_int_equal(gw_session_state_of(s), GW_SESSION_OVER);
    assert_int_equal(gw_session_check(s, 0, &a, &err), GW_REFUSE_HAND_OVER);
    assert_string_equal(err.msg, "The match is over.");
    assert_int_equal(gw_session_next_hand(s, &err), GW_ESTATE);
    gw_hint h;
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_ESTATE);
    gw_view v;
    assert_int_equal(gw_session_view(s, 0, &v, &err), GW_OK);
    assert_int_equal(v.winner, gw_match_winner(gw_session_match(s)));
    assert_int_equal(gw_session_view(s, 2, &v, &err), GW_EINVAL);
    gw_session_free(s);
}

/* The computer seat: refusals for it, next_hand mid-hand, and the think split with BUSY. */
static void computer_and_think_split(void **state) {
    (void)state;
    gw_session_config c = config(11, GW_AI_HARD);
    gw_session *s = open_session(&c);
    gw_error err;
    gw_refusal why;
    const gw_game *g = gw_session_game(s);
    assert_int_equal(gw_session_next_hand(s, &err), GW_ESTATE); /* the hand is in play */
    gw_rng rng;
    gw_rng_seed(&rng, 5);
    if (g->turn == 0) step(s, &rng); /* the computer to act */
    gw_turn t = gw_session_turn(s);
    assert_int_equal(t.player, 1);
    assert_true(t.computer);
    gw_action a = card_action(gw_first(gw_game_legal(g)));
    assert_int_equal(gw_session_act(s, 1, &a, &why, &err), GW_EILLEGAL);
    assert_int_equal(why, GW_REFUSE_COMPUTER);
    /* Player 0 may not act either (not its turn), nor is it a computer to think for later. */
    assert_int_equal(gw_session_check(s, 0, &a, &err), GW_REFUSE_NOT_YOUR_TURN);
    gw_thought *th;
    assert_int_equal(gw_session_think_begin(s, &th, &err), GW_OK);
    gw_thought *again;
    assert_int_equal(gw_session_think_begin(s, &again, &err), GW_ESTATE);
    assert_int_equal(gw_session_check(s, 0, &a, &err), GW_REFUSE_BUSY);
    assert_int_equal(gw_session_act(s, 0, &a, &why, &err), GW_EILLEGAL);
    assert_int_equal(why, GW_REFUSE_BUSY);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    assert_int_equal(gw_session_next_hand(s, &err), GW_ESTATE);
    gw_hint h;
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_ESTATE);
    /* Cancel: nothing changed; begin again, run, end: one card played. */
    uint32_t n = gw_session_last_event(s);
    gw_session_think_cancel(s, th);
    assert_int_equal(gw_session_last_event(s), n);
    assert_int_equal(gw_session_think_begin(s, &th, &err), GW_OK);
    int moves = g->nmoves;
    gw_thought_run(th);
    assert_int_equal(gw_session_think_end(s, th, &err), GW_OK);
    assert_int_equal(g->nmoves, moves + 1);
    assert_true(gw_session_last_event(s) > n);
    /* An outside player's turn: no computer to think. */
    while (gw_session_turn(s).player != 0)
        step(s, &rng);
    assert_int_equal(gw_session_think_begin(s, &th, &err), GW_ESTATE);
    assert_int_equal(gw_session_play_computer(s, &err), GW_ESTATE);
    /* End without run: refused, state unchanged. */
    a = card_action(gw_first(gw_game_legal(g)));
    assert_int_equal(gw_session_act(s, 0, &a, &why, &err), GW_OK);
    if (gw_session_turn(s).computer) {
        assert_int_equal(gw_session_think_begin(s, &th, &err), GW_OK);
        n = gw_session_last_event(s);
        assert_int_equal(gw_session_think_end(s, th, &err), GW_ESTATE);
        assert_int_equal(gw_session_last_event(s), n);
        assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
    }
    gw_session_free(s);
}

/* ---- undo ---------------------------------------------------------------------- */

static void undo(void **state) {
    (void)state;
    gw_session_config c = config(21, GW_AI_EASY);
    gw_error err;
    gw_rng rng;
    gw_rng_seed(&rng, 9);
    /* Off unless config.undo. */
    gw_session *s = open_session(&c);
    while (gw_session_game(s)->nmoves < 6)
        step(s, &rng);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    gw_session_free(s);
    /* Not against another outside player. */
    c.undo = true;
    c.seats[1].kind = GW_SEAT_OUTSIDE;
    s = open_session(&c);
    while (gw_session_game(s)->nmoves < 6)
        step(s, &rng);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    gw_session_free(s);
    /* Against the computer: allowed once the player has played; not for the computer. */
    c.seats[1].kind = GW_SEAT_COMPUTER;
    s = open_session(&c);
    const gw_game *g = gw_session_game(s);
    gw_view v;
    if (g->turn == 1) step(s, &rng);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE); /* nothing played yet */
    assert_int_equal(gw_session_view(s, 0, &v, &err), GW_OK);
    assert_false(v.can_undo);
    assert_int_equal(gw_session_undo(s, 1, &err), GW_ESTATE);
    while (g->nmoves < 9)
        step(s, &rng);
    while (gw_session_turn(s).player != 0)
        step(s, &rng);
    assert_int_equal(gw_session_view(s, 0, &v, &err), GW_OK);
    assert_true(v.can_undo);
    assert_int_equal(gw_session_view(s, 1, &v, &err), GW_OK);
    assert_false(v.can_undo);
    /* The player's last card and the computer's after it. */
    uint8_t moves[GW_MAX_DECK];
    int nmoves = g->nmoves;
    memcpy(moves, g->moves, (size_t)nmoves);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_OK);
    int last = g->nmoves;
    assert_true(last < nmoves);
    assert_memory_equal(g->moves, moves, (size_t)last);
    assert_int_equal(g->turn, 0);
    gw_event e;
    assert_int_equal(gw_session_events(s, gw_session_last_event(s), 1, &e, 1), 1);
    assert_int_equal(e.kind, GW_EVENT_UNDO);
    assert_int_equal(e.player, 0);
    assert_int_equal(e.count, nmoves - last);
    assert_true(gw_session_hand_assisted(s, 1));
    char *rec = record_of(s, true);
    assert_non_null(strstr(rec, "[Assisted \"yes\"]"));
    free(rec);
    /* The computer plays on (it was told the hand again); the hand is recorded assisted. */
    while (gw_session_state_of(s) == GW_SESSION_PLAYING)
        step(s, &rng);
    assert_true(gw_session_hand_assisted(s, 1));
    gw_text t = {0};
    assert_int_equal(gw_session_hand_record(s, 1, &t, &err), GW_OK);
    assert_non_null(strstr(gw_text_str(&t), "[Assisted \"yes\"]"));
    gw_text_free(&t);
    assert_int_equal(gw_session_hand_record(s, 2, &t, &err), GW_EINVAL);
    /* Hand over: nothing to take back. */
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
        assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        assert_false(gw_session_hand_assisted(s, 2));
    }
    gw_session_free(s);
}

/* A small-deck match to target against level, played to its end (player 0 random cards, from seed). */
static gw_session *small_match_played(uint64_t seed, gw_ai_level level, int target) {
    gw_session_config c = config(seed, level);
    c.rules.variant = GW_SMALL;
    c.rules.target = target;
    gw_session *s = open_session(&c);
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    while (step(s, &rng)) {
    }
    return s;
}

/* Each finished hand's slam flag is its score's: under last13 the winner took every endgame trick (the
 * other counted none); the same after a restore from the record; never for a hand not finished. */
static void hand_slams(void **state) {
    (void)state;
    gw_session *s = small_match_played(41, GW_AI_RANDOM, 40);
    int n = (int)gw_session_last_event(s), hands = 0, slams = 0;
    gw_event *e = calloc((size_t)n, sizeof *e);
    assert_int_equal(gw_session_events(s, 1, 0, e, n), n);
    for (int i = 0; i < n; i++) {
        if (e[i].kind != GW_EVENT_SCORE) continue;
        bool slam = e[i].winner >= 0 && e[i].tricks[1 - e[i].winner] == 0;
        assert_int_equal(gw_session_hand_slam(s, e[i].hand), slam);
        hands++;
        slams += slam;
    }
    assert_true(hands >= 5 && slams >= 1); /* the seed gives both */
    assert_false(gw_session_hand_slam(s, 0));
    assert_false(gw_session_hand_slam(s, hands + 1));
    char *rec = record_of(s, true);
    gw_session *r = NULL;
    gw_error err;
    gw_session_config base = config(0, GW_AI_RANDOM);
    assert_int_equal(gw_session_restore(&base, rec, strlen(rec), &r, &err), GW_OK);
    for (int h = 1; h <= hands; h++)
        assert_int_equal(gw_session_hand_slam(r, h), gw_session_hand_slam(s, h));
    gw_session_free(r);
    free(rec);
    free(e);
    gw_session_free(s);
}

/* ---- resume --------------------------------------------------------------------- */

/* Every event of s as viewer 0 sees it. */
static int all_events(const gw_session *s, gw_event **out) {
    int n = (int)gw_session_last_event(s);
    *out = calloc((size_t)n + 1, sizeof **out);
    assert_int_equal(gw_session_events(s, 1, 0, *out, n), n);
    return n;
}

/* Plays a whole match (random outside player 0 against level), saving the record at several points;
 * each cut resumes to the same events, record and play as the uninterrupted match. */
static void resume_level(gw_ai_level level, uint64_t seed, gw_variant v, int target) {
    gw_session_config c = config(seed, level);
    c.rules.variant = v;
    c.rules.target = target;
    gw_session *s = open_session(&c);
    gw_error err;
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    gw_session_set_tag(s, "Date", "2026.11.24", &err);
    gw_session_set_tag(s, "StoreMatch", "17", &err);
    enum { CUTS = 8 };
    char *cuts[CUTS];
    uint32_t cut_events[CUTS];
    gw_rng cut_rng[CUTS];
    int ncuts = 0, steps = 0;
    do {
        if (steps % 23 == 5 && ncuts < CUTS) {
            cuts[ncuts] = record_of(s, true);
            cut_events[ncuts] = gw_session_last_event(s);
            cut_rng[ncuts] = rng;
            ncuts++;
        }
        steps++;
    } while (step(s, &rng));
    char *full = record_of(s, true);
    gw_event *want;
    int nwant = all_events(s, &want);
    for (int k = 0; k < ncuts; k++) {
        gw_session *r = NULL;
        gw_session_config base = config(0, GW_AI_RANDOM); /* levels and seed come from the record */
        gw_status st = gw_session_restore(&base, cuts[k], strlen(cuts[k]), &r, &err);
        if (st != GW_OK) fail_msg("restore cut %d: %s", k, err.msg);
        assert_true(gw_session_config_of(r)->seed == seed);
        assert_int_equal(gw_session_config_of(r)->seats[1].level, level);
        /* The record as saved, and the events so far (a finished hand's restore may stop before the deal). */
        char *again = record_of(r, true);
        assert_string_equal(again, cuts[k]);
        free(again);
        uint32_t got = gw_session_last_event(r);
        assert_true(got <= cut_events[k]);
        gw_event *have;
        int nhave = all_events(r, &have);
        for (int i = 0; i < nhave; i++)
            assert_memory_equal(&have[i], &want[i], sizeof(gw_event));
        free(have);
        /* Play on with the same outside choices: the same match. */
        gw_rng rr = cut_rng[k];
        gw_session_set_tag(r, "Date", "2026.11.24", &err);
        while (step(r, &rr)) {
        }
        again = record_of(r, true);
        assert_string_equal(again, full);
        free(again);
        nhave = all_events(r, &have);
        assert_int_equal(nhave, nwant);
        for (int i = 0; i < nhave; i++)
            assert_memory_equal(&have[i], &want[i], sizeof(gw_event));
        free(have);
        gw_session_free(r);
        free(cuts[k]);
    }
    free(want);
    free(full);
    gw_session_free(s);
}

static void resume_from_records(void **state) {
    (void)state;
    resume_level(GW_AI_RANDOM, 31, GW_SMALL, 3);
    resume_level(GW_AI_HARD, 32, GW_CLASSIC, 2);
    resume_level(GW_AI_EASY, 33, GW_SMALL, 5);
}

static void restore_refusals(void **state) {
    (void)state;
    gw_session *s = small_match_played(41, GW_AI_EASY, 2);
    char *full = record_of(s, true);
    gw_session *r = NULL;
    gw_error err;
    gw_session_config base = config(0, GW_AI_HARD);
    /* A finished match restores as over. */
    assert_int_equal(gw_session_restore(&base, full, strlen(full), &r, &err), GW_OK);
    assert_int_equal(gw_session_state_of(r), GW_SESSION_OVER);
    assert_int_equal(gw_session_view(r, 0, &(gw_view){0}, &err), GW_OK);
    gw_session_free(r);
    /* Garbage, no hand. */
    assert_int_equal(gw_session_restore(&base, "hello", 5, &r, &err), GW_EINVAL);
    assert_null(r);
    assert_int_equal(gw_session_restore(&base, "", 0, &r, &err), GW_EINVAL);
    /* Another seed: not dealt from it. */
    char *bad = strdup(full);
    char *seed_at = strstr(bad, "[MatchSeed \"41\"]");
    assert_non_null(seed_at);
    seed_at[12] = '2';
    assert_int_equal(gw_session_restore(&base, bad, strlen(bad), &r, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "not dealt from the match seed"));
    free(bad);
    /* A hand after the end of the match. */
    gw_text t = {0};
    gw_text_puts(&t, full);
    gw_text_putc(&t, '\n');
    const gw_match *m = gw_session_match(s);
    gw_text h = {0};
    assert_int_equal(gw_session_hand_record(s, m->hands_played, &h, &err), GW_OK);
    gw_text_free(&h);
    /* Make one more hand of this match by hand: deal it from the match. */
    gw_match more = *m;
    gw_game g;
    uint64_t hs;
    gw_match_deal(&more, &g, &hs);
    gw_record_hand rh;
    gw_record_hand_from_match(&rh, &g, &more, more.hands_played + 1, hs);
    gw_record_hand_set_tag(&rh, "Player1", "human");
    gw_record_hand_set_tag(&rh, "Player2", "easy");
    gw_record_write_hand(&rh, &t);
    gw_record_hand_clear(&rh);
    assert_int_equal(gw_session_restore(&base, gw_text_str(&t), t.len, &r, &err), GW_EINVAL);
    assert_null(r);
    gw_text_free(&t);
    /* An unfinished hand before another: cut the first hand's moves. */
    if (m->hands_played >= 2) {
        gw_text one = {0}, two = {0};
        assert_int_equal(gw_session_hand_record(s, 1, &one, &err), GW_OK);
        assert_int_equal(gw_session_hand_record(s, 2, &two, &err), GW_OK);
        char *first = strdup(gw_text_str(&one));
        char *blank = strstr(first, "\n\n");
        assert_non_null(blank);
        blank[2] = '\0'; /* the tags only: no moves */
        /* The Result and Score tags of a finished hand would not fit an unfinished one: drop them. */
        gw_text cut = {0};
        for (char *line = strtok(first, "\n"); line; line = strtok(NULL, "\n"))
            if (strncmp(line, "[Result", 7) != 0 && strncmp(line, "[Score", 6) != 0) {
                gw_text_puts(&cut, line);
                gw_text_putc(&cut, '\n');
            }
        gw_text_puts(&cut, "\n\n");
        gw_text_puts(&cut, gw_text_str(&two));
        assert_int_equal(gw_session_restore(&base, gw_text_str(&cut), cut.len, &r, &err), GW_EINVAL);
        assert_null(r);
        free(first);
        gw_text_free(&cut);
        gw_text_free(&one);
        gw_text_free(&two);
    }
    /* The computer's level missing. */
    bad = strdup(full);
    char *p2 = strstr(bad, "[Player2 \"easy\"]");
    assert_non_null(p2);
    memcpy(p2 + 10, "ezzy", 4);
    assert_int_equal(gw_session_restore(&base, bad, strlen(bad), &r, &err), GW_EINVAL);
    free(bad);
    free(full);
    gw_session_free(s);
}

/* ---- events and views ------------------------------------------------------------ */

static void events_visibility(void **state) {
    (void)state;
    gw_session_config c = config(51, GW_AI_EASY);
    gw_session *s = open_session(&c);
    const gw_game *g = gw_session_game(s);
    gw_event e[4];
    /* DEAL, then each player's HAND face up to its owner only. */
    assert_int_equal(gw_session_events(s, 1, 0, e, 4), 3);
    assert_int_equal(e[0].kind, GW_EVENT_DEAL);
    assert_int_equal(e[0].number, 1);
    assert_int_equal(e[0].card, gw_game_upcard(g));
    assert_int_equal(e[0].player, g->dealer);
    assert_int_equal(e[1].kind, GW_EVENT_HAND);
    assert_int_equal(e[1].player, 0);
    assert_false(e[1].hidden);
    assert_true(e[1].cards == g->hand[0]);
    assert_int_equal(e[2].player, 1);
    assert_true(e[2].hidden);
    assert_true(e[2].cards == 0);
    assert_int_equal(e[2].count, 13);
    assert_int_equal(gw_session_events(s, 2, GW_SPECTATOR, e, 4), 2);
    assert_true(e[0].hidden && e[1].hidden);
    assert_int_equal(gw_session_events(s, 3, 1, e, 4), 1);
    assert_false(e[0].hidden);
    assert_true(e[0].cards == g->hand[1]);
    /* Play the first trick: TRICK, two DRAWs (the winner's up-card public, the loser's hidden to all but
     * the loser), the new UPCARD. */
    gw_rng rng;
    gw_rng_seed(&rng, 2);
    gw_card up = gw_game_upcard(g);
    while (g->tricks_done < 1)
        step(s, &rng);
    int w = g->leader; /* the winner leads the next trick */
    uint32_t last = gw_session_last_event(s);
    gw_event all[8];
    int n = gw_session_events(s, last - 3, w, all, 8);
    assert_int_equal(n, 4);
    assert_int_equal(all[0].kind, GW_EVENT_TRICK);
    assert_int_equal(all[0].player, w);
    assert_int_equal(all[1].kind, GW_EVENT_DRAW);
    assert_int_equal(all[1].player, w);
    assert_int_equal(all[1].card, up);
    assert_int_equal(all[2].kind, GW_EVENT_DRAW);
    assert_int_equal(all[2].player, 1 - w);
    assert_true(all[2].hidden);
    assert_int_equal(all[2].card, GW_NO_CARD);
    assert_int_equal(all[3].kind, GW_EVENT_UPCARD);
    assert_int_equal(all[3].card, gw_game_upcard(g));
    gw_event mine;
    gw_session_events(s, last - 1, 1 - w, &mine, 1);
    assert_false(mine.hidden);
    assert_true(gw_has(g->hand[1 - w] | g->played, mine.card));
    gw_session_events(s, last - 2, GW_SPECTATOR, &mine, 1);
    assert_false(mine.hidden);
    assert_int_equal(mine.card, up);
    gw_session_events(s, last - 1, GW_SPECTATOR, &mine, 1);
    assert_true(mine.hidden);
    /* gw_event_for_viewer on the truth. */
    gw_event copy;
    gw_event_for_viewer(&all[1], GW_SPECTATOR, &copy);
    assert_false(copy.hidden);
    /* Views: the player's observation; the spectator's public part only. */
    gw_view v;
    gw_error err;
    assert_int_equal(gw_session_view(s, 0, &v, &err), GW_OK);
    gw_observation o;
    gw_observe(g, 0, &o);
    assert_memory_equal(&v.german, &o, sizeof o);
    assert_int_equal(v.hand_number, 1);
    assert_string_equal(v.names[0], "human");
    assert_string_equal(v.names[1], "easy");
    assert_int_equal(gw_session_view(s, GW_SPECTATOR, &v, &err), GW_OK);
    assert_int_equal(v.german.seat, -1);
    assert_true(v.german.own == 0 && v.german.opp_known == 0);
    assert_int_equal(v.german.ndraws, 0);
    assert_true(v.spectator_known[w] == gw_bit(up) || gw_has(g->played, up));
    assert_false(v.can_undo);
    gw_session_free(s);
}

/* ---- hints -------------------------------------------------------------------------- */

static void hints(void **state) {
    (void)state;
    gw_session_config c = config(61, GW_AI_EASY);
    c.rules.variant = GW_SMALL;
    gw_session *s = open_session(&c);
    const gw_game *g = gw_session_game(s);
    gw_error err;
    gw_rng rng;
    gw_rng_seed(&rng, 6);
    while (gw_session_turn(s).player != 0)
        step(s, &rng);
    gw_hint h;
    assert_int_equal(gw_session_hint(s, 1, &h, &err), GW_ESTATE); /* not player 1's turn */
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_OK);
    assert_false(h.exact);
    assert_int_equal(h.count, gw_count(gw_game_legal(g)));
    assert_true(h.samples > 0);
    for (int i = 1; i < h.count; i++)
        assert_true(h.value[i - 1] >= h.value[i]);
    /* The estimate is the expert's seeded GW_SEED_HINTS, from player 0's observation. */
    gw_expert *e;
    assert_int_equal(gw_expert_new(c.limits, gw_seed_derive(61, GW_SEED_HINTS, 0), &e, &err), GW_OK);
    gw_observation o;
    gw_observe(g, 0, &o);
    gw_card_estimate est[13];
    assert_int_equal(gw_expert_estimate(e, &o, est), h.count);
    for (int i = 0; i < h.count; i++) {
        assert_int_equal(est[i].card, h.cards[i]);
        assert_true(est[i].points == h.value[i]);
        assert_true(est[i].tricks == h.tricks[i]);
    }
    assert_string_equal(h.unit, "expected points");
    gw_expert_free(e);
    /* The endgame: exact. */
    while (gw_game_phase(g) == GW_FOREPLAY || gw_session_turn(s).player != 0)
        step(s, &rng);
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_OK);
    assert_true(h.exact);
    assert_int_equal(h.count, gw_count(gw_game_legal(g)));
    assert_string_equal(h.unit, "points");
    assert_true(h.tricks[0] == h.best + gw_game_endgame_tricks(g, 0));
    gw_solver *solver;
    assert_int_equal(gw_solver_new(1u << 20, &solver), GW_OK);
    gw_observe(g, 0, &o);
    gw_card_value vals[13];
    int best;
    assert_int_equal(gw_endgame_values(solver, &o, vals, &best, &err), h.count);
    assert_int_equal(best, h.best);
    for (int i = 0; i < h.count; i++)
        for (int j = 0; j < h.count; j++)
            if (vals[j].card == h.cards[i]) {
                /* last13: the points of the hand's end with best play from here. */
                int endgame[2] = {gw_game_endgame_tricks(g, 0) + vals[j].tricks, 0};
                endgame[1] = gw_hand_size(GW_SMALL) - endgame[0];
                int all[2] = {0, 0};
                assert_true(h.tricks[i] == endgame[0]);
                assert_true(h.value[i] == gw_stakes_value(NULL, GW_SMALL, 0, endgame, all));
            }
    gw_solver_free(solver);
    gw_session_free(s);
}

/* ---- one deal ----------------------------------------------------------------------- */

static void one_deal(void **state) {
    (void)state;
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(GW_SMALL, 777, deck);
    gw_session_config c = config(0, GW_AI_RANDOM);
    c.seats[0].kind = GW_SEAT_COMPUTER;
    c.seats[0].level = GW_AI_EASY;
    c.rules.variant = GW_SMALL;
    c.deck = deck;
    c.dealer = 1;
    c.seat_seed[0] = 5;
    c.seat_seed[1] = 6;
    gw_session *s = open_session(&c);
    deck[0] = deck[1]; /* the session keeps its own copy */
    const gw_game *g = gw_session_game(s);
    assert_int_equal(g->dealer, 1);
    gw_card again[GW_MAX_DECK];
    gw_deck_from_seed(GW_SMALL, 777, again);
    assert_memory_equal(g->deck, again, 28);
    gw_rng rng;
    gw_rng_seed(&rng, 1);
    while (step(s, &rng)) {
    }
    assert_int_equal(gw_session_state_of(s), GW_SESSION_OVER);
    gw_event e;
    assert_int_equal(gw_session_events(s, gw_session_last_event(s), 0, &e, 1), 1);
    assert_int_equal(e.kind, GW_EVENT_OVER);
    gw_hand_score hs = gw_score_hand(GW_SMALL, c.rules.scoring,
                                     (int[2]){gw_game_endgame_tricks(g, 0), gw_game_endgame_tricks(g, 1)},
                                     (int[2]){gw_game_all_tricks(g, 0), gw_game_all_tricks(g, 1)});
    assert_int_equal(e.winner, hs.winner);
    gw_view v;
    gw_error err;
    assert_int_equal(gw_session_view(s, GW_SPECTATOR, &v, &err), GW_OK);
    assert_int_equal(v.winner, hs.winner);
    /* The random computer at player 1 drew from seat_seed[1]: the same deal again plays the same. */
    c.deck = again;
    gw_session *b = open_session(&c);
    while (step(b, &rng)) {
    }
    assert_memory_equal(gw_session_game(b)->moves, g->moves, g->nmoves);
    char *rec = record_of(b, true);
    assert_null(strstr(rec, "MatchSeed"));
    free(rec);
    gw_session_free(b);
    gw_session_free(s);
}

/* ---- tags ----------------------------------------------------------------------------- */

static void tags(void **state) {
    (void)state;
    gw_session_config c = config(71, GW_AI_HARD);
    gw_session *s = open_session(&c);
    gw_error err;
    assert_int_equal(gw_session_set_tag(s, "Date", "2026.11.24", &err), GW_OK);
    assert_int_equal(gw_session_set_tag(s, "StoreMatch", "3", &err), GW_OK);
    assert_int_equal(gw_session_set_tag(s, "Score", "1-2", &err), GW_EINVAL);
    assert_int_equal(gw_session_set_tag(s, "Player1", "x", &err), GW_EINVAL);
    assert_int_equal(gw_session_set_tag(s, "", "x", &err), GW_EINVAL);
    assert_int_equal(gw_session_set_tag(s, "Bad Name", "x", &err), GW_EINVAL);
    assert_int_equal(gw_session_set_tag(s, "Note", "a \"quote\"", &err), GW_EINVAL);
    assert_int_equal(gw_session_set_tag(s, "Note", "line\nbreak", &err), GW_EINVAL);
    char *rec = record_of(s, true);
    /* Line mode's order: Date, Player1, Player2, StoreMatch. */
    const char *d = strstr(rec, "[Date \"2026.11.24\"]"), *p1 = strstr(rec, "[Player1 \"human\"]"),
               *p2 = strstr(rec, "[Player2 \"hard\"]"), *sm = strstr(rec, "[StoreMatch \"3\"]");
    assert_true(d && p1 && p2 && sm && d < p1 && p1 < p2 && p2 < sm);
    free(rec);
    assert_int_equal(gw_session_set_tag(s, "StoreMatch", NULL, &err), GW_OK);
    rec = record_of(s, true);
    assert_null(strstr(rec, "StoreMatch"));
    free(rec);
    rec = record_of(s, false);
    assert_string_equal(rec, ""); /* no finished hand yet */
    free(rec);
    gw_session_free(s);
}

/* Between hands: every action is refused but the next deal. */
static void hand_over_state(void **state) {
    (void)state;
    gw_session_config c = config(81, GW_AI_EASY);
    c.undo = true;
    c.rules.target = 1000;
    gw_session *s = open_session(&c);
    gw_rng rng;
    gw_rng_seed(&rng, 8);
    while (gw_session_state_of(s) == GW_SESSION_PLAYING)
        step(s, &rng);
    assert_int_equal(gw_session_state_of(s), GW_SESSION_HAND_OVER);
    gw_error err;
    gw_refusal why;
    gw_action a = card_action(gw_first(gw_deck_cards(GW_CLASSIC)));
    assert_int_equal(gw_session_act(s, 0, &a, &why, &err), GW_EILLEGAL);
    assert_int_equal(why, GW_REFUSE_HAND_OVER);
    assert_string_equal(err.msg, "The hand is over.");
    assert_int_equal(gw_session_turn(s).player, -1);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    gw_hint h;
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_ESTATE);
    gw_thought *t;
    assert_int_equal(gw_session_think_begin(s, &t, &err), GW_ESTATE);
    assert_int_equal(gw_session_play_computer(s, &err), GW_ESTATE);
    gw_view v;
    assert_int_equal(gw_session_view(s, 1, &v, &err), GW_OK);
    assert_int_equal(v.state, GW_SESSION_HAND_OVER);
    assert_int_equal(v.hand_number, 1);
    assert_int_equal(v.winner, -1);
    assert_false(v.can_undo);
    /* The hand's SCORE event. */
    gw_event e;
    assert_int_equal(gw_session_events(s, gw_session_last_event(s), GW_SPECTATOR, &e, 1), 1);
    assert_int_equal(e.kind, GW_EVENT_SCORE);
    assert_int_equal(e.score[0], gw_session_match(s)->score[0]);
    assert_int_equal(e.score[1], gw_session_match(s)->score[1]);
    /* The record without the hand in play is the finished hand's; with_current adds nothing now. */
    char *a1 = record_of(s, false), *a2 = record_of(s, true);
    assert_string_equal(a1, a2);
    gw_text one = {0};
    assert_int_equal(gw_session_hand_record(s, 1, &one, &err), GW_OK);
    assert_string_equal(gw_text_str(&one), a1);
    gw_text_free(&one);
    free(a1);
    free(a2);
    assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
    assert_int_equal(gw_session_state_of(s), GW_SESSION_PLAYING);
    assert_int_equal(gw_session_view(s, 0, &v, &err), GW_OK);
    assert_int_equal(v.hand_number, 2);
    assert_int_equal(gw_session_game(s)->dealer, 1 - gw_session_match(s)->first_dealer);
    gw_session_free(s);
}

static void refusal_codes(void **state) {
    (void)state;
    for (int i = 0; i < GW_REFUSE_COUNT; i++) {
        assert_non_null(gw_refusal_code((gw_refusal)i));
        for (int j = 0; j < i; j++)
            assert_string_not_equal(gw_refusal_code((gw_refusal)i), gw_refusal_code((gw_refusal)j));
    }
    assert_string_equal(gw_refusal_code(GW_REFUSE_MUST_FOLLOW), "must_follow");
    assert_string_equal(gw_refusal_code(GW_REFUSE_COUNT), "unknown");
}

/* Names: a person's own name goes into the record and comes back with it; two computers by level. */
static void names_and_rules(void **state) {
    (void)state;
    gw_session_config c = config(91, GW_AI_EASY);
    gw_format(c.seats[0].name, (int)sizeof c.seats[0].name, "Ada");
    c.rules.variant = GW_SMALL;
    gw_session *s = open_session(&c);
    gw_rng rng;
    gw_rng_seed(&rng, 91);
    for (int i = 0; i < 10; i++)
        step(s, &rng);
    char *rec = record_of(s, true);
    assert_non_null(strstr(rec, "[Player1 \"Ada\"]"));
    gw_session *r;
    gw_error err;
    gw_session_config base = config(0, GW_AI_HARD);
    assert_int_equal(gw_session_restore(&base, rec, strlen(rec), &r, &err), GW_OK);
    gw_view v;
    assert_int_equal(gw_session_view(r, 0, &v, &err), GW_OK);
    assert_string_equal(v.names[0], "Ada");
    assert_string_equal(v.names[1], "easy");
    gw_session_free(r);
    /* A bad name is refused. */
    gw_format(c.seats[0].name, (int)sizeof c.seats[0].name, "A\"da");
    assert_int_equal(gw_session_new(&c, &r, &err), GW_EINVAL);
    /* A record whose hands disagree on the rules. */
    while (gw_session_state_of(s) == GW_SESSION_PLAYING)
        step(s, &rng);
    if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
        assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        free(rec);
        rec = record_of(s, true);
        char *second = strstr(rec, "[Hand \"2\"]");
        assert_non_null(second);
        char *target = strstr(second, "[Target \"10\"]");
        if (!target) { /* Target comes before Hand */
            target = second;
            while (target > rec && strncmp(target, "[Target \"10\"]", 13) != 0)
                target--;
        }
        assert_true(strncmp(target, "[Target \"10\"]", 13) == 0);
        target[9] = '9';
        target[10] = '"';
        target[11] = ']';
        target[12] = ' ';
        assert_int_equal(gw_session_restore(&base, rec, strlen(rec), &r, &err), GW_EINVAL);
        assert_null(r);
    }
    /* Two computers: each by its level, player 0's seed told apart from player 1's. */
    c = config(92, GW_AI_EASY);
    c.seats[0].kind = GW_SEAT_COMPUTER;
    c.seats[0].level = GW_AI_HARD;
    gw_session *b = open_session(&c);
    free(rec);
    rec = record_of(b, true);
    assert_non_null(strstr(rec, "[Player1 \"hard\"]"));
    assert_non_null(strstr(rec, "[Player2 \"easy\"]"));
    gw_session_free(b);
    free(rec);
    gw_session_free(s);
}

/* Records `whist play --plain` wrote before the session (tests/data/session/german-line-LEVEL-SEED.gwr, the
 * last left in the middle of a hand when input ended) are made again byte for byte by a session fed the same
 * human cards: the same deals, computer choices, tags and layout. */
static void line_mode_records_are_made_again(void **state) {
    (void)state;
    static const char *const FILES[] = {"session/german-line-random-4242.gwr",
                                        "session/german-line-hard-777.gwr",
                                        "session/german-line-easy-99.gwr"};
    if (!getenv("GW_TEST_DATA")) skip();
    gw_error err;
    for (size_t f = 0; f < sizeof FILES / sizeof FILES[0]; f++) {
        char *text = tdata(FILES[f]);
        gw_record rec;
        assert_int_equal(gw_record_read(text, strlen(text), &rec, &err), GW_OK);
        const gw_record_hand *first = &rec.hands[0];
        gw_ai_level level;
        assert_true(gw_ai_level_parse(gw_record_hand_tag(first, "Player2"), &level));
        gw_session_config c = config(strtoull(gw_record_hand_tag(first, "MatchSeed"), NULL, 10), level);
        c.rules = first->rules;
        gw_session *s = open_session(&c);
        assert_int_equal(gw_session_set_tag(s, "Date", gw_record_hand_tag(first, "Date"), &err), GW_OK);
        assert_int_equal(gw_session_set_tag(s, "StoreMatch", gw_record_hand_tag(first, "StoreMatch"), &err),
                         GW_OK);
        for (int h = 0; h < rec.count; h++) {
            if (h > 0) assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
            const gw_record_hand *want = &rec.hands[h];
            while (gw_session_state_of(s) == GW_SESSION_PLAYING) {
                gw_turn t = gw_session_turn(s);
                if (t.computer) {
                    assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
                    continue;
                }
                int next = gw_session_game(s)->nmoves;
                if (next == want->nmoves) break; /* the record stops here: input ended */
                gw_action a = card_action(want->moves[next]);
                assert_int_equal(gw_session_act(s, 0, &a, NULL, &err), GW_OK);
            }
        }
        char *again = record_of(s, true);
        assert_string_equal(again, text);
        free(again);
        /* And the session resumes from it to the same record. */
        gw_session *r;
        gw_session_config base = config(0, GW_AI_RANDOM);
        assert_int_equal(gw_session_restore(&base, text, strlen(text), &r, &err), GW_OK);
        again = record_of(r, true);
        assert_string_equal(again, text);
        free(again);
        gw_session_free(r);
        gw_record_free(&rec);
        gw_session_free(s);
        free(text);
    }
}

static uint64_t fake_now(void *ctx) { return ++*(uint64_t *)ctx; }

/* Every level plays a whole deal at either seat, through the think split; a time bound needs a clock. */
static void every_level_plays(void **state) {
    (void)state;
    uint64_t ticks = 0;
    gw_clock clock = {fake_now, &ticks};
    for (int level = 0; level < GW_AI_LEVELS; level++) {
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(GW_SMALL, (uint64_t)level, deck);
        gw_session_config c = config(0, (gw_ai_level)level);
        c.seats[0].kind = GW_SEAT_COMPUTER;
        c.seats[0].level = level;
        c.rules.variant = GW_SMALL;
        c.deck = deck;
        c.limits = (gw_expert_limits){1000, 20, NULL};
        gw_session *s = NULL;
        gw_error err;
        assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL); /* think-ms without a clock */
        assert_non_null(strstr(err.msg, "clock"));
        c.clock = &clock;
        s = open_session(&c);
        while (gw_session_state_of(s) == GW_SESSION_PLAYING) {
            gw_thought *t;
            assert_int_equal(gw_session_think_begin(s, &t, &err), GW_OK);
            gw_thought_run(t);
            assert_int_equal(gw_session_think_end(s, t, &err), GW_OK);
        }
        assert_int_equal(gw_session_state_of(s), GW_SESSION_OVER);
        assert_int_equal(gw_session_game(s)->nmoves, 28);
        gw_session_free(s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seeds_are_those_of_the_front_ends),
        cmocka_unit_test(computer_seed_is_line_modes),
        cmocka_unit_test(same_seed_same_game),
        cmocka_unit_test(options_parser),
        cmocka_unit_test(bad_configs),
        cmocka_unit_test(actions_and_refusals),
        cmocka_unit_test(computer_and_think_split),
        cmocka_unit_test(undo),
        cmocka_unit_test(hand_slams),
        cmocka_unit_test(resume_from_records),
        cmocka_unit_test(restore_refusals),
        cmocka_unit_test(events_visibility),
        cmocka_unit_test(hints),
        cmocka_unit_test(one_deal),
        cmocka_unit_test(tags),
        cmocka_unit_test(hand_over_state),
        cmocka_unit_test(refusal_codes),
        cmocka_unit_test(names_and_rules),
        cmocka_unit_test(line_mode_records_are_made_again),
        cmocka_unit_test(every_level_plays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
