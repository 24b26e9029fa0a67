/* test_android_ai.c: Android Whist computer players: legal and deterministic at every level, sound inference,
 * no peeking, easy's commands, strength. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/android_ai.h"
#include "gw/android_score.h"
#include "gw_test.h"
#include "../../src/engine/ai/android_know.h"
#include "../../src/engine/ai/android_tactics.h"

/* Deals the hand of seed: a shuffled deck, the dealer from the seed. */
static void deal(gw_android_game *g, uint64_t seed) {
    gw_card deck[GW_ANDROID_DECK];
    assert_int_equal(gw_deck_from_seed(GW_CLASSIC, seed, deck), GW_ANDROID_DECK);
    assert_int_equal(gw_android_deal(g, deck, (int)(gw_mix64(seed) & 1), NULL), GW_OK);
}

static gw_android_player *make(gw_android_level level, uint64_t seed, int samples) {
    gw_android_player_options opt = {level, seed, samples, 0, NULL};
    gw_android_player *ai = NULL;
    gw_error err;
    assert_int_equal(gw_android_player_make(&opt, &ai, &err), GW_OK);
    return ai;
}

/* Called before every action with the game and the human to act. */
typedef void (*before_fn)(const gw_android_game *g, int player, void *ctx);
/* Called after every action. */
typedef void (*after_fn)(const gw_android_game *before, const gw_android_step *step, void *ctx);

/* Plays g to the end, human p by ai[p]; every action must be accepted. */
static void play_out(gw_android_game *g, gw_android_player *ai[2], before_fn before, after_fn after,
                     void *ctx) {
    gw_android_game *prev = after ? malloc(sizeof *prev) : NULL;
    int actions = 0;
    if (ai[0] != ai[1])
        for (int p = 0; p < 2; p++)
            gw_android_player_begin_hand(ai[p], p);
    while (!gw_android_over(g)) {
        int p = gw_android_actor(g);
        if (before) before(g, p, ctx);
        if (prev) *prev = *g;
        gw_android_step step;
        gw_error err;
        gw_status st = gw_android_player_act(ai[p], g, &step, &err);
        if (st != GW_OK) fail_msg("%s: %s", gw_android_level_name(gw_android_player_level(ai[p])), err.msg);
        assert_int_equal(step.player, p);
        if (after) after(prev, &step, ctx);
        assert_true(++actions < 2000);
    }
    free(prev);
    assert_int_equal(g->won[0] + g->won[1], GW_ANDROID_TRICKS);
}

/* Plays the hand of seed with levels a (human 0) and b (human 1). */
static void play_levels(gw_android_game *g, uint64_t seed, gw_android_level a, gw_android_level b,
                        int samples, before_fn before, after_fn after, void *ctx) {
    deal(g, seed);
    gw_android_player *ai[2] = {make(a, seed * 2 + 1, samples), make(b, seed * 2 + 2, samples)};
    play_out(g, ai, before, after, ctx);
    gw_android_player_free(ai[0]);
    gw_android_player_free(ai[1]);
}

/* ---- the player object ---------------------------------------------------- */

static void levels_have_names(void **state) {
    (void)state;
    gw_android_level l;
    for (int i = 0; i < GW_ANDROID_LEVELS; i++) {
        assert_true(gw_android_level_parse(gw_android_level_name((gw_android_level)i), &l));
        assert_int_equal(l, i);
    }
    assert_false(gw_android_level_parse("expert", &l));
    assert_false(gw_android_level_parse("", &l));
}

static void bad_options_are_refused(void **state) {
    (void)state;
    gw_android_player *ai = NULL;
    gw_error err;
    gw_android_player_options bad_level = {(gw_android_level)7, 1, 0, 0, NULL};
    assert_int_equal(gw_android_player_make(&bad_level, &ai, &err), GW_EINVAL);
    assert_null(ai);
    gw_android_player_options bad_samples = {GW_ANDROID_HARD, 1, -1, 0, NULL};
    assert_int_equal(gw_android_player_make(&bad_samples, &ai, &err), GW_EINVAL);
    gw_android_player_options bad_time = {GW_ANDROID_HARD, 1, 10, -5, NULL};
    assert_int_equal(gw_android_player_make(&bad_time, &ai, &err), GW_EINVAL);
    /* A time bound needs the caller's clock: the engine reads none itself. */
    gw_android_player_options no_clock = {GW_ANDROID_HARD, 1, 10, 50, NULL};
    assert_int_equal(gw_android_player_make(&no_clock, &ai, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "needs a clock"));
    assert_null(ai);
}

static void choose_refuses_when_not_its_turn(void **state) {
    (void)state;
    gw_android_game *g = malloc(sizeof *g);
    gw_android_view *v = malloc(sizeof *v);
    deal(g, 5);
    gw_android_player *ai = make(GW_ANDROID_EASY, 1, 0);
    gw_android_action act;
    gw_error err;
    /* L leads: its commander is the non-dealer; the dealer must not act. */
    gw_android_observe(g, g->dealer, v);
    assert_int_equal(gw_android_player_choose(ai, v, &act, &err), GW_ESTATE);
    gw_android_observe(g, 1 - g->dealer, v);
    assert_int_equal(gw_android_player_choose(ai, v, &act, &err), GW_OK);
    assert_true(act.is_command);
    /* A player told it plays the dealer refuses the other human's view. */
    gw_android_player_begin_hand(ai, g->dealer);
    assert_int_equal(gw_android_player_choose(ai, v, &act, &err), GW_EINVAL);
    gw_android_player_begin_hand(ai, 1 - g->dealer);
    assert_int_equal(gw_android_player_choose(ai, v, &act, &err), GW_OK);
    gw_android_player_begin_hand(ai, -1); /* either human again */
    /* Once the hand is over nobody acts. */
    gw_android_player *both[2] = {ai, ai};
    play_out(g, both, NULL, NULL, NULL);
    gw_android_observe(g, 0, v);
    assert_int_equal(gw_android_player_choose(ai, v, &act, &err), GW_ESTATE);
    gw_android_step step;
    assert_int_equal(gw_android_player_act(ai, g, &step, &err), GW_ESTATE);
    gw_android_player_free(ai);
    free(v);
    free(g);
}

/* hard's time bound is measured on the caller's clock: with one that ticks a
 * ms per read, a 5 ms bound stops the sampling long before its 100000
 * samples, and the action is still one the rules allow. */
static uint64_t ticking_ms(void *ctx) { return ++*(uint64_t *)ctx; }

static void time_bound_reads_the_callers_clock(void **state) {
    (void)state;
    gw_android_game *g = malloc(sizeof *g);
    gw_android_view *v = malloc(sizeof *v);
    deal(g, 5);
    uint64_t now = 0;
    gw_clock clock = {ticking_ms, &now};
    gw_android_player_options opt = {GW_ANDROID_HARD, 1, GW_ANDROID_SAMPLES_MAX, 5, &clock};
    gw_android_player *ai = NULL;
    gw_error err;
    assert_int_equal(gw_android_player_make(&opt, &ai, &err), GW_OK);
    gw_android_step step;
    for (int i = 0; i < 4; i++)
        assert_int_equal(gw_android_player_act(ai, g, &step, &err), GW_OK);
    assert_true(now > 0);
    assert_true(now < 100);
    gw_android_player_free(ai);
    free(v);
    free(g);
}

/* ---- every level plays legally, to the end -------------------------------- */

static void every_level_plays_whole_hands(void **state) {
    (void)state;
    gw_android_game *g = malloc(sizeof *g);
    for (int a = 0; a < GW_ANDROID_LEVELS; a++)
        for (int b = 0; b < GW_ANDROID_LEVELS; b++)
            for (uint64_t seed = 1; seed <= 12; seed++)
                play_levels(g, seed * 31 + (uint64_t)(a * 3 + b), (gw_android_level)a, (gw_android_level)b, 8,
                            NULL, NULL, NULL);
    free(g);
}

/* ---- what a human infers is true ------------------------------------------ */

typedef struct sound_ctx {
    aai_know know;
    gw_rng rng;
    int decisions, exact_samples, samples;
} sound_ctx;

/* At every action: the true hidden hands lie within may and hold must, the
 * true android hand fits every answer, and samples fit the view. */
static void check_knowledge(const gw_android_game *g, int player, void *ctx) {
    sound_ctx *c = ctx;
    gw_android_view *v = malloc(sizeof *v);
    for (int p = 0; p < 2; p++) { /* both humans, whoever acts */
        gw_android_observe(g, p, v);
        aai_know *k = &c->know;
        aai_know_make(v, k);
        for (int s = 0; s < GW_SEATS; s++) {
            assert_int_equal(g->hand[s] & k->may[s], g->hand[s]);
            assert_int_equal(g->hand[s] & k->must[s], k->must[s]);
            assert_int_equal(gw_count(g->hand[s]), k->held[s]);
        }
        assert_int_equal(aai_violations(k, g->hand[k->android], 1000), 0);
        if (p != player) continue;
        gw_cards hands[GW_SEATS];
        int bad = aai_sample(k, &c->rng, hands);
        c->samples++;
        if (bad == 0) c->exact_samples++;
        gw_cards all = 0;
        for (int s = 0; s < GW_SEATS; s++) {
            assert_int_equal(gw_count(hands[s]), k->held[s]);
            assert_int_equal(all & hands[s], 0);
            all |= hands[s];
            if (bad == 0) {
                assert_int_equal(hands[s] & k->may[s], hands[s]);
                assert_int_equal(hands[s] & k->must[s], k->must[s]);
            }
        }
        assert_int_equal(all | g->played, GW_ALL_CARDS);
        assert_int_equal(hands[k->me], g->hand[k->me]);
        assert_int_equal(hands[k->rival_android], g->hand[k->rival_android]);
    }
    c->decisions++;
    free(v);
}

static void inference_is_sound_and_samples_fit(void **state) {
    (void)state;
    gw_android_game *g = malloc(sizeof *g);
    sound_ctx *c = calloc(1, sizeof *c);
    gw_rng_seed(&c->rng, 77);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gw_android_level a = (gw_android_level)(seed % 3), b = (gw_android_level)((seed / 3) % 3);
        play_levels(g, 1000 + seed, a, b, 6, check_knowledge, NULL, c);
    }
    /* The repair almost always finds a deal that fits every answer. */
    assert_true(c->exact_samples * 100 >= c->samples * 99);
    free(c);
    free(g);
}

/* Every single answer's exclusions: the android's hand then held none. */
static void exclusions_match_the_engine(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 5);
    for (int round = 0; round < 20000; round++) {
        gw_card deck[GW_ANDROID_DECK];
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        int n = (int)gw_rng_below(&rng, 4), size = 1 + (int)gw_rng_below(&rng, 13);
        gw_android_situation s = {.trump = (int)gw_rng_below(&rng, 4), .nplayed = n};
        for (int i = 0; i < 3; i++)
            s.trick[i] = i < n ? deck[i] : GW_NO_CARD;
        for (int i = 0; i < size; i++)
            s.hand |= gw_bit(deck[3 + i]);
        s.after_error = gw_rng_below(&rng, 2);
        for (int c = 0; c < GW_CMD_COUNT; c++) {
            gw_android_outcome o = gw_android_evaluate(&s, (gw_android_command)c);
            if (o.answer == GW_ANSWER_NOT_LEADING || o.answer == GW_ANSWER_NOT_NOW) continue;
            gw_cards ex = aai_excluded(&s, c, (int)o.answer, o.card);
            assert_int_equal(ex & s.hand, 0);
        }
    }
}

/* ---- what an android can be made to play ---------------------------------- */

static void reachable_cards_match_the_commands(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 9);
    for (int round = 0; round < 20000; round++) {
        gw_card deck[GW_ANDROID_DECK];
        gw_deck_shuffled(GW_CLASSIC, &rng, deck);
        int n = (int)gw_rng_below(&rng, 4), size = 1 + (int)gw_rng_below(&rng, 13);
        gw_android_situation s = {.trump = (int)gw_rng_below(&rng, 4), .nplayed = n};
        for (int i = 0; i < 3; i++)
            s.trick[i] = i < n ? deck[i] : GW_NO_CARD;
        for (int i = 0; i < size; i++)
            s.hand |= gw_bit(deck[3 + i]);
        /* Every card a first command gives, and after any error every card
         * a second command gives. */
        gw_cards got = 0;
        bool any_error = false;
        for (int c = 0; c < GW_CMD_COUNT; c++) {
            gw_android_outcome o = gw_android_evaluate(&s, (gw_android_command)c);
            if (o.answer == GW_ANSWER_CARD) got |= gw_bit(o.card);
            if (gw_android_answer_is_error(o.answer)) any_error = true;
        }
        if (any_error) {
            gw_android_situation after = s;
            after.after_error = true;
            for (int c = 0; c < GW_CMD_COUNT; c++) {
                gw_android_outcome o = gw_android_evaluate(&after, (gw_android_command)c);
                if (o.answer == GW_ANSWER_CARD) got |= gw_bit(o.card);
            }
        }
        assert_int_equal(aai_reachable(s.hand, s.trump, s.trick, n), got);
    }
}

/* ---- determinism and no peeking -------------------------------------------- */

static void same_seeds_same_hands(void **state) {
    (void)state;
    gw_android_game *g1 = malloc(sizeof *g1), *g2 = malloc(sizeof *g2);
    for (int level = 0; level < GW_ANDROID_LEVELS; level++) {
        play_levels(g1, 42, (gw_android_level)level, GW_ANDROID_RANDOM, 8, NULL, NULL, NULL);
        play_levels(g2, 42, (gw_android_level)level, GW_ANDROID_RANDOM, 8, NULL, NULL, NULL);
        assert_int_equal(g1->nevents, g2->nevents);
        assert_memory_equal(g1->events, g2->events, g1->nevents * sizeof g1->events[0]);
    }
    /* Another seed for the random players: another hand. */
    deal(g1, 42);
    deal(g2, 42);
    gw_android_player *a[2] = {make(GW_ANDROID_RANDOM, 1, 0), make(GW_ANDROID_RANDOM, 2, 0)};
    gw_android_player *b[2] = {make(GW_ANDROID_RANDOM, 3, 0), make(GW_ANDROID_RANDOM, 4, 0)};
    play_out(g1, a, NULL, NULL, NULL);
    play_out(g2, b, NULL, NULL, NULL);
    assert_true(g1->nevents != g2->nevents ||
                memcmp(g1->events, g2->events, g1->nevents * sizeof g1->events[0]) != 0);
    for (int i = 0; i < 2; i++) {
        gw_android_player_free(a[i]);
        gw_android_player_free(b[i]);
    }
    free(g1);
    free(g2);
}

/* Replays g's log on another deal; true if every action gives the same answer. */
static bool replay_same(const gw_android_game *g, const gw_card *deck, gw_android_game *out) {
    if (gw_android_deal(out, deck, g->dealer, NULL) != GW_OK) return false;
    for (int i = 0; i < g->nevents; i++) {
        const gw_android_event *ev = &g->events[i];
        if (ev->command == GW_CMD_NONE) {
            if (gw_android_play(out, ev->card, NULL, NULL) != GW_OK) return false;
            continue;
        }
        gw_android_outcome o;
        if (gw_android_command_play(out, (gw_android_command)ev->command, &o, NULL, NULL) != GW_OK)
            return false;
        if (o.card != ev->card || o.answer != ev->answer) return false;
    }
    return true;
}

typedef struct peek_ctx {
    int stop_at; /* the action at which to test */
    int count;
    bool taken;
    gw_android_game snapshot;
} peek_ctx;

static void snapshot(const gw_android_game *g, int player, void *ctx) {
    (void)player;
    peek_ctx *c = ctx;
    if (c->count++ == c->stop_at) {
        c->snapshot = *g;
        c->taken = true;
    }
}

/* Two games that differ only in cards hidden from the human to act (a card
 * of its android's swapped with one of the other human's, the public record
 * unchanged) give that human the same view and every level the same action. */
static void no_level_peeks_at_hidden_cards(void **state) {
    (void)state;
    gw_android_game *g = malloc(sizeof *g), *twin = malloc(sizeof *twin);
    peek_ctx *c = malloc(sizeof *c);
    gw_android_view *v1 = malloc(sizeof *v1), *v2 = malloc(sizeof *v2);
    gw_rng rng;
    gw_rng_seed(&rng, 3);
    int compared = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        memset(c, 0, sizeof *c);
        c->stop_at = (int)gw_rng_below(&rng, 40);
        play_levels(g, 500 + seed, GW_ANDROID_EASY, GW_ANDROID_RANDOM, 6, snapshot, NULL, c);
        if (!c->taken) continue;
        const gw_android_game *s = &c->snapshot;
        int p = gw_android_actor(s), me = gw_player_seat(s->dealer, p);
        int android = gw_seat_partner(me), rival = me == GW_SEAT_D ? GW_SEAT_N : GW_SEAT_D;
        gw_cards mine = s->hand[android], theirs = s->hand[rival];
        if (!mine || !theirs) continue;
        for (int tries = 0; tries < 20; tries++) {
            gw_card x = tpick(&rng, mine), y = tpick(&rng, theirs);
            gw_card deck[GW_ANDROID_DECK];
            memcpy(deck, s->deck, sizeof deck);
            for (int i = 0; i < GW_ANDROID_DECK; i++)
                deck[i] = deck[i] == x ? y : deck[i] == y ? x : deck[i];
            if (gw_android_trump_card(s) == x || gw_android_trump_card(s) == y) continue;
            if (!replay_same(s, deck, twin)) continue;
            gw_android_observe(s, p, v1);
            gw_android_observe(twin, p, v2);
            assert_memory_equal(v1, v2, sizeof *v1);
            assert_true(s->hand[android] != twin->hand[android]);
            for (int level = 0; level < GW_ANDROID_LEVELS; level++) {
                gw_android_player *a1 = make((gw_android_level)level, seed, 8);
                gw_android_player *a2 = make((gw_android_level)level, seed, 8);
                gw_android_action r1, r2;
                assert_int_equal(gw_android_player_choose(a1, v1, &r1, NULL), GW_OK);
                assert_int_equal(gw_android_player_choose(a2, v2, &r2, NULL), GW_OK);
                assert_int_equal(r1.is_command, r2.is_command);
                if (r1.is_command)
                    assert_int_equal(r1.command, r2.command);
                else
                    assert_int_equal(r1.card, r2.card);
                gw_android_player_free(a1);
                gw_android_player_free(a2);
            }
            compared++;
            break;
        }
    }
    assert_true(compared >= 30);
    free(v1);
    free(v2);
    free(c);
    free(twin);
    free(g);
}

/* ---- easy's commands -------------------------------------------------------- */

/* The measurable property of easy's commands: it is never refused (the
 * engine would stop the hand), never repeats a failed command, never errs
 * while its android holds the suit led, and never gives a command whose
 * failure is certain from its view, but for the one error a void android
 * needs before it may discard (the suit commands open only after an error).
 * What is left are guesses when leading (longest may tie, a suit may be
 * void), and they are rare. */
typedef struct command_stats {
    int player; /* the human watched */
    int plays, needed, guesses, certain;
    aai_know know;
} command_stats;

/* True if command c was certain to fail given what `before`'s commander
 * may know of its android's hand. */
static bool certain_to_fail(const gw_android_game *before, gw_cards may, int c) {
    if ((c >= GW_CMD_SPADES && c <= GW_CMD_CLUBS) || (c >= GW_CMD_HIGH_SPADES && c <= GW_CMD_HIGH_CLUBS))
        return !(may & gw_suit_cards(c >= GW_CMD_HIGH_SPADES ? c - GW_CMD_HIGH_SPADES : c - GW_CMD_SPADES));
    if (c > GW_CMD_HIGH) return false;
    gw_cards led = gw_suit_cards(gw_card_suit(before->trick[0]));
    if (c == GW_CMD_DUCK) return !(may & led);
    gw_card w = gw_android_winning_card(before->trump, before->trick, before->ntrick);
    gw_cards ruffers = gw_card_suit(w) == before->trump ? aai_above(w) : gw_suit_cards(before->trump);
    return !(may & (led | ruffers));
}

static void watch_commands(const gw_android_game *before, const gw_android_step *step, command_stats *c) {
    if (step->player != c->player || !step->action.is_command) return;
    for (int i = before->nevents - before->errors; i < before->nevents; i++) /* this play's failures */
        assert_int_not_equal(before->events[i].command, step->action.command);
    if (step->outcome.answer == GW_ANSWER_CARD) {
        c->plays++;
        return;
    }
    int android = before->turn;
    bool following = before->ntrick > 0;
    if (following) assert_int_equal(before->hand[android] & gw_suit_cards(gw_card_suit(before->trick[0])), 0);
    gw_android_view *v = malloc(sizeof *v);
    gw_android_observe(before, c->player, v);
    aai_know_make(v, &c->know);
    free(v);
    if (following && before->errors == 0)
        c->needed++;
    else if (certain_to_fail(before, c->know.may[android], (int)step->action.command))
        c->certain++;
    else
        c->guesses++;
}

static void easy_commands_fail_only_when_they_must(void **state) {
    (void)state;
    gw_android_game *g = malloc(sizeof *g), *before = malloc(sizeof *before);
    command_stats *easy = calloc(1, sizeof *easy);
    const int deals = 80;
    for (uint64_t seed = 1; seed <= (uint64_t)deals; seed++) {
        easy->player = (int)(seed & 1);
        gw_android_level a = easy->player == 0 ? GW_ANDROID_EASY : GW_ANDROID_RANDOM;
        gw_android_level b = easy->player == 0 ? GW_ANDROID_RANDOM : GW_ANDROID_EASY;
        deal(g, 700 + seed);
        gw_android_player *ai[2] = {make(a, seed, 0), make(b, seed + 1, 0)};
        while (!gw_android_over(g)) {
            *before = *g;
            gw_android_step step;
            gw_error err;
            if (gw_android_player_act(ai[gw_android_actor(g)], g, &step, &err) != GW_OK)
                fail_msg("%s", err.msg);
            watch_commands(before, &step, easy);
        }
        gw_android_player_free(ai[0]);
        gw_android_player_free(ai[1]);
    }
    print_message("easy: %d android plays, %d needed errors, %d guesses\n", easy->plays, easy->needed,
                  easy->guesses);
    assert_int_equal(easy->plays, deals * GW_ANDROID_TRICKS);
    assert_int_equal(easy->certain, 0);
    assert_true(easy->guesses * 10 < easy->plays);
    free(easy);
    free(before);
    free(g);
}

/* ---- the tactics on hand-made tables --------------------------------------- */

/* A known-hands table: trump, the trick so far led by seat `leader`, the four hands. */
static aai_table table(int trump, int leader, const char *trick, const char *d, const char *l, const char *x,
                       const char *n) {
    aai_table t;
    memset(&t, 0, sizeof t);
    t.trump = trump;
    t.leader = leader;
    gw_card cards[4];
    t.ntrick = tlist(trick, cards);
    const char *hands[GW_SEATS] = {d, l, x, n};
    for (int i = 0; i < GW_SEATS; i++) {
        t.trick[i] = i < t.ntrick ? cards[i] : GW_NO_CARD;
        if (i < t.ntrick) t.played |= gw_bit(cards[i]);
        t.may[i] = t.must[i] = tset(hands[i]);
        t.held[i] = gw_count(t.may[i]);
    }
    return t;
}

static gw_card tactic(const aai_table *t) {
    int m = aai_turn(t);
    return aai_card(t, aai_legal(t, t->may[m]));
}

static void tactics_follow_like_a_whist_player(void **state) {
    (void)state;
    /* Fourth hand (D after L, X, N): wins with the cheapest winner. */
    aai_table t = table(GW_HEARTS, GW_SEAT_L, "5S 9S TS", "AS KS QS 2S", "2C", "3C", "4C");
    assert_int_equal(tactic(&t), tc("QS"));
    /* Fourth hand, partner (X) winning: low. */
    t = table(GW_HEARTS, GW_SEAT_L, "5S AS 2D", "KS 3S 2S", "2C", "3C", "4C");
    assert_int_equal(tactic(&t), tc("2S"));
    /* Third hand (N after L and X), its partner L's king a sure winner (the ace gone or its own): low. */
    t = table(GW_HEARTS, GW_SEAT_L, "KS 3S", "QS", "2C", "3C", "AS 4S 7D");
    assert_int_equal(tactic(&t), tc("4S"));
    /* Third hand high: partner led low, second hand played low; D may hold the
     * ace: play the king (from K Q, the queen: the lowest of the sequence). */
    t = table(GW_HEARTS, GW_SEAT_L, "3S 4S", "AS 2D", "2C", "3C", "KS QS 5S");
    assert_int_equal(tactic(&t), tc("QS"));
    /* Second hand low (X after L's low lead). */
    t = table(GW_HEARTS, GW_SEAT_L, "4S", "2C", "3C", "AS 9S 2S", "KS");
    assert_int_equal(tactic(&t), tc("2S"));
    /* Void and the opponents winning, fourth hand: the lowest trump. */
    t = table(GW_HEARTS, GW_SEAT_L, "4S 9S TS", "2H 9H AH 3C", "2C", "3C", "4C");
    assert_int_equal(tactic(&t), tc("2H"));
    /* Void and the partner winning: discard the lowest plain card, keep trumps. */
    t = table(GW_HEARTS, GW_SEAT_L, "4S AS 3S", "2H 9H 7C 5D", "2C", "3C", "4C");
    assert_int_equal(tactic(&t), tc("5D"));
}

static void tactics_lead_like_a_whist_player(void **state) {
    (void)state;
    /* Cash a sure winner (D leads; nobody holds a higher spade). */
    aai_table t = table(GW_HEARTS, GW_SEAT_D, "", "AS 5S 7D 3D 2D", "2S 3C", "4S 4C", "6S KD");
    assert_int_equal(tactic(&t), tc("AS"));
    /* Long in trumps: draw them. */
    t = table(GW_HEARTS, GW_SEAT_D, "", "AH KH 7H 5H 3D", "2H 3C 4C", "4S 4D 5C", "6S 5D 6C");
    assert_int_equal(tactic(&t), tc("KH"));
    /* Otherwise low from the longest suit. */
    t = table(GW_HEARTS, GW_SEAT_D, "", "QD 9D 6D 2D 8S", "AD 3C", "KD 4C", "AS 5C");
    assert_int_equal(tactic(&t), tc("2D"));
}

/* ---- strength ----------------------------------------------------------------- */

/* A's mean margin in points per hand over `deals` duplicate deals. */
static double duplicate_margin(gw_android_level a, gw_android_level b, int deals, int samples) {
    gw_android_game *g = malloc(sizeof *g);
    double sum = 0;
    for (int d = 0; d < deals; d++) {
        for (int swap = 0; swap < 2; swap++) {
            uint64_t seed = 9000 + (uint64_t)d;
            gw_android_level l0 = swap ? b : a, l1 = swap ? a : b;
            play_levels(g, seed, l0, l1, samples, NULL, NULL, NULL);
            gw_android_hand_score s = gw_android_score_hand(g);
            int a_side = swap; /* A is human 0, then human 1 */
            sum += s.winner == a_side ? s.points : -s.points;
        }
    }
    free(g);
    return sum / (2.0 * deals);
}

static void easy_and_hard_beat_random(void **state) {
    (void)state;
    double easy = duplicate_margin(GW_ANDROID_EASY, GW_ANDROID_RANDOM, 12, 0);
    double hard = duplicate_margin(GW_ANDROID_HARD, GW_ANDROID_RANDOM, 6, 12);
    print_message("easy vs random %+.2f, hard vs random %+.2f points per hand\n", easy, hard);
    assert_true(easy > 1.0);
    assert_true(hard > 1.0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(levels_have_names),
        cmocka_unit_test(bad_options_are_refused),
        cmocka_unit_test(choose_refuses_when_not_its_turn),
        cmocka_unit_test(time_bound_reads_the_callers_clock),
        cmocka_unit_test(every_level_plays_whole_hands),
        cmocka_unit_test(inference_is_sound_and_samples_fit),
        cmocka_unit_test(exclusions_match_the_engine),
        cmocka_unit_test(reachable_cards_match_the_commands),
        cmocka_unit_test(same_seeds_same_hands),
        cmocka_unit_test(no_level_peeks_at_hidden_cards),
        cmocka_unit_test(easy_commands_fail_only_when_they_must),
        cmocka_unit_test(tactics_follow_like_a_whist_player),
        cmocka_unit_test(tactics_lead_like_a_whist_player),
        cmocka_unit_test(easy_and_hard_beat_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
