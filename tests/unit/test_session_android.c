/* test_session_android.c: the Android Whist session: the rubber as line mode plays it (deals, dealer,
 * computer seeds), events and who sees them, every action in every state with its refusal, the rubber's end,
 * one deal, the computer's decision split, undo, hints, records and restoring them. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "gw_test.h"
#include "session_android_test.h"

#include "gw/android_record.h"
#include "gw/deck.h"
#include "gw/seeds.h"

/* ---- helpers --------------------------------------------------------------------------------- */

static gw_view *view_of(const gw_session *s, int viewer) {
    static gw_view v;
    gw_error err;
    assert_int_equal(gw_session_view(s, viewer, &v, &err), GW_OK);
    return &v;
}

/* All events so far as viewer sees them (malloc'd; *n their number). */
static gw_event *events_of(const gw_session *s, int viewer, int *n) {
    uint32_t last = gw_session_last_event(s);
    gw_event *e = calloc(last + 1, sizeof *e);
    assert_non_null(e);
    *n = gw_session_events(s, 1, viewer, e, (int)last);
    assert_int_equal(*n, (int)last);
    return e;
}

/* The record text so far. */
static char *record_of(const gw_session *s, bool with_current) {
    gw_text t = {0};
    gw_session_record(s, with_current, &t);
    assert_false(t.failed);
    char *copy = strdup(gw_text_str(&t));
    gw_text_free(&t);
    return copy;
}

/* One step of play: the computer if it is to act, else a random outside action. */
static void step(gw_session *s, gw_rng *r) {
    gw_turn t = gw_session_turn(s);
    gw_error err;
    if (t.computer) {
        gw_status st = gw_session_play_computer(s, &err);
        if (st != GW_OK) print_error("play_computer: %s\n", err.msg);
        assert_int_equal(st, GW_OK);
        return;
    }
    gw_action a = sa_random_action(gw_session_android_game(s), r);
    gw_refusal why;
    gw_status st = gw_session_act(s, t.player, &a, &why, &err);
    if (st != GW_OK) print_error("act: %s\n", err.msg);
    assert_int_equal(st, GW_OK);
}

/* Plays until the session is over (dealing on between hands); returns the number of steps. */
static int play_to_end(gw_session *s, gw_rng *r) {
    int steps = 0;
    gw_error err;
    while (gw_session_state_of(s) != GW_SESSION_OVER) {
        if (gw_session_state_of(s) == GW_SESSION_HAND_OVER)
            assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        else
            step(s, r);
        steps++;
    }
    return steps;
}

/* ---- the rubber as line mode plays it -------------------------------------------------------- */

/* The deals come from the rubber's seed as line mode drew them (one generator, a shuffled deck a hand), the
 * first dealer is bit 0 of gw_mix64(seed), and the dealer alternates. */
static void deals_and_dealers_are_line_modes(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed < 6; seed++) {
        gw_session *s = sa_new(seed * 7919, GW_ANDROID_RANDOM, GW_ANDROID_RANDOM, false);
        gw_rng rng;
        gw_rng_seed(&rng, seed * 7919);
        int dealer = (int)(gw_mix64(seed * 7919) & 1), hands = 0;
        gw_rng r;
        gw_rng_seed(&r, seed);
        gw_error err;
        while (gw_session_state_of(s) != GW_SESSION_OVER) {
            const gw_android_game *g = gw_session_android_game(s);
            gw_card deck[GW_ANDROID_DECK];
            gw_deck_shuffled(GW_CLASSIC, &rng, deck);
            assert_memory_equal(g->deck, deck, sizeof deck);
            assert_int_equal(g->dealer, dealer);
            assert_int_equal(view_of(s, GW_SPECTATOR)->hand_number, ++hands);
            while (gw_session_state_of(s) == GW_SESSION_PLAYING)
                step(s, &r);
            dealer = 1 - dealer;
            if (gw_session_state_of(s) == GW_SESSION_HAND_OVER)
                assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        }
        assert_int_equal(gw_session_rubber(s)->hands, hands);
        assert_null(gw_session_match(s));
        assert_null(gw_session_game(s));
        gw_session_free(s);
    }
}

/* Player 2's computer has line mode's seed gw_mix64(seed ^ 0xA17D), player 1's its own (seeds.h): a session
 * of two computers plays as two players made with those seeds on the bare hand. */
static void computers_have_the_derived_seeds(void **state) {
    (void)state;
    const uint64_t seed = 424242;
    assert_int_equal(gw_seed_derive(seed, GW_SEED_ANDROID_COMPUTER, 1), gw_mix64(seed ^ 0xA17Du));
    assert_true(gw_seed_derive(seed, GW_SEED_ANDROID_COMPUTER, 0) !=
                gw_seed_derive(seed, GW_SEED_ANDROID_COMPUTER, 1));
    gw_session *s = sa_new(seed, GW_ANDROID_RANDOM, GW_ANDROID_HARD, false);
    gw_android_player *p[2];
    gw_android_player_options o0 = {.level = GW_ANDROID_RANDOM,
                                    .seed = gw_seed_derive(seed, GW_SEED_ANDROID_COMPUTER, 0)};
    gw_android_player_options o1 = {.level = GW_ANDROID_HARD, .seed = gw_mix64(seed ^ 0xA17Du), .samples = 8};
    assert_int_equal(gw_android_player_make(&o0, &p[0], NULL), GW_OK);
    assert_int_equal(gw_android_player_make(&o1, &p[1], NULL), GW_OK);
    gw_android_game *g = malloc(sizeof *g);
    gw_error err;
    for (int hand = 0; hand < 2; hand++) {
        *g = *gw_session_android_game(s);
        for (int i = 0; i < 2; i++)
            gw_android_player_begin_hand(p[i], i);
        while (!gw_android_over(g)) {
            gw_android_step st;
            assert_int_equal(gw_android_player_act(p[gw_android_actor(g)], g, &st, &err), GW_OK);
            assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
            const gw_android_game *sg = gw_session_android_game(s);
            assert_int_equal(sg->nevents, g->nevents);
            assert_memory_equal(sg->events, g->events, g->nevents * sizeof g->events[0]);
        }
        assert_int_equal(gw_session_state_of(s), GW_SESSION_HAND_OVER);
        assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
    }
    free(g);
    gw_android_player_free(p[0]);
    gw_android_player_free(p[1]);
    gw_session_free(s);
}

/* ---- events and views ------------------------------------------------------------------------ */

/* A deal is told publicly with the turned card; each hand face up to its human, an android's also to the
 * opposing human (D sees L, N sees X), face down to the other human and to spectators. */
static void a_deal_shows_each_hand_to_whom_it_may(void **state) {
    (void)state;
    gw_session *s = sa_new(77, SA_OUTSIDE, GW_ANDROID_EASY, false);
    const gw_android_game *g = gw_session_android_game(s);
    int dealer = g->dealer;
    for (int viewer = -1; viewer < 2; viewer++) {
        int n;
        gw_event *e = events_of(s, viewer, &n);
        assert_int_equal(n, 5);
        assert_int_equal(e[0].kind, GW_EVENT_DEAL);
        assert_int_equal(e[0].number, 1);
        assert_int_equal(e[0].hand, 1);
        assert_int_equal(e[0].player, dealer);
        assert_int_equal(e[0].card, gw_android_trump_card(g));
        assert_false(e[0].hidden);
        for (int seat = 0; seat < GW_SEATS; seat++) {
            const gw_event *h = &e[1 + seat];
            assert_int_equal(h->kind, GW_EVENT_HAND);
            assert_int_equal(h->number, 2 + seat);
            assert_int_equal(h->seat, seat);
            assert_int_equal(h->count, 13);
            assert_int_equal(h->player, gw_seat_player(dealer, seat));
            int sees = seat == GW_SEAT_D || seat == GW_SEAT_L ? dealer : 1 - dealer;
            if (viewer == sees) {
                assert_false(h->hidden);
                assert_true(h->cards == g->hand[seat]);
            } else {
                assert_true(h->hidden);
                assert_true(h->cards == 0);
                assert_int_equal(h->card, GW_NO_CARD);
            }
        }
        free(e);
    }
    gw_session_free(s);
}

/* A player's view is their human's view of the hand; a spectator's has no hand in it; a bad viewer is
 * refused. */
static void views_are_the_humans_and_the_publics(void **state) {
    (void)state;
    gw_session *s = sa_new(5, SA_OUTSIDE, GW_ANDROID_RANDOM, false);
    gw_rng r;
    gw_rng_seed(&r, 5);
    for (int i = 0; i < 9; i++)
        step(s, &r);
    const gw_android_game *g = gw_session_android_game(s);
    gw_android_view want;
    for (int p = 0; p < 2; p++) {
        gw_view *v = view_of(s, p);
        gw_android_observe(g, p, &want);
        assert_memory_equal(&v->android, &want, sizeof want);
        assert_int_equal(v->viewer, p);
        assert_int_equal(v->game, GW_GAME_ANDROID);
        assert_int_equal(v->state, GW_SESSION_PLAYING);
        assert_int_equal(v->turn.player, gw_android_actor(g));
        assert_int_equal(v->turn.seat, g->turn);
        assert_int_equal(v->winner, -1);
        assert_int_equal(v->hand_number, 1);
        assert_int_equal(v->kinds[1], GW_SEAT_COMPUTER);
        assert_true(v->german.own == 0);
    }
    gw_view *v = view_of(s, GW_SPECTATOR);
    assert_int_equal(v->android.player, -1);
    assert_int_equal(v->android.seat, -1);
    assert_true(v->android.own == 0 && v->android.opposing_hand == 0);
    assert_true(v->android.played == g->played);
    assert_int_equal(v->android.nevents, g->nevents);
    assert_int_equal(v->android.trump_card, gw_android_trump_card(g));
    for (int seat = 0; seat < GW_SEATS; seat++)
        assert_int_equal(v->android.held[seat], gw_count(g->hand[seat]));
    gw_view bad;
    gw_error err;
    assert_int_equal(gw_session_view(s, 2, &bad, &err), GW_EINVAL);
    gw_session_free(s);
}

/* Plays, errors and tricks are public events with the seat, its human, the command and the trick's number. */
static void plays_errors_and_tricks_are_told(void **state) {
    (void)state;
    gw_session *s = sa_new(99, SA_OUTSIDE, SA_OUTSIDE, false);
    gw_rng r;
    gw_rng_seed(&r, 99);
    int errors = 0, plays = 0, tricks = 0;
    while (gw_session_state_of(s) == GW_SESSION_PLAYING) {
        gw_android_game before = *gw_session_android_game(s);
        uint32_t from = gw_session_last_event(s) + 1;
        step(s, &r);
        gw_event e[4];
        int n = gw_session_events(s, from, GW_SPECTATOR, e, 4);
        assert_true(n >= 1);
        const gw_android_event *last = &gw_session_android_game(s)->events[before.nevents];
        assert_int_equal(e[0].seat, before.turn);
        assert_int_equal(e[0].player, gw_seat_player(before.dealer, before.turn));
        assert_int_equal(e[0].trick, before.tricks_done + 1);
        assert_int_equal(e[0].command, last->command);
        assert_false(e[0].hidden);
        if (last->card == GW_NO_CARD) {
            errors++;
            assert_int_equal(e[0].kind, GW_EVENT_ERROR);
            assert_int_equal(e[0].answer, last->answer);
            assert_int_equal(e[0].card, GW_NO_CARD);
            assert_int_equal(n, 1);
            continue;
        }
        plays++;
        assert_int_equal(e[0].kind, GW_EVENT_PLAY);
        assert_int_equal(e[0].card, last->card);
        if (before.ntrick == 3) {
            tricks++;
            const gw_android_game *g = gw_session_android_game(s);
            assert_int_equal(e[1].kind, GW_EVENT_TRICK);
            assert_int_equal(e[1].trick, tricks);
            if (g->tricks_done < 13) assert_int_equal(e[1].seat, g->leader);
            assert_int_equal(gw_count(e[1].cards), 4);
            assert_true(gw_has(e[1].cards, e[1].card));
        } else {
            assert_int_equal(n, 1);
        }
    }
    assert_int_equal(plays, 52);
    assert_int_equal(tricks, 13);
    assert_true(errors > 0);
    gw_session_free(s);
}

/* ---- every action in every state ------------------------------------------------------------- */

/* Every card (and a few non-cards) and every command (and a non-command), by either player, at every step of
 * whole hands, in play and between hands: the session refuses exactly what the rules refuse, for the reason
 * they give, with a sentence, and a refused action changes nothing. */
static void every_action_in_every_state(void **state) {
    (void)state;
    gw_error err;
    int seen[GW_REFUSE_COUNT] = {0};
    for (uint64_t seed = 1; seed <= 3; seed++) {
        gw_session *s = sa_new(seed, SA_OUTSIDE, seed == 3 ? GW_ANDROID_RANDOM : SA_OUTSIDE, false);
        gw_rng r;
        gw_rng_seed(&r, seed);
        for (int hand = 0; hand < 2; hand++) {
            while (true) {
                const gw_android_game *g = gw_session_android_game(s);
                for (int player = 0; player < 2; player++) {
                    gw_action acts[52 + 3 + GW_CMD_COUNT + 1];
                    int n = 0;
                    for (int suit = 0; suit < 4; suit++)
                        for (int rank = 0; rank < 13; rank++)
                            acts[n++] = (gw_action){GW_ACTION_CARD, gw_card_make(suit, rank), GW_CMD_NONE};
                    acts[n++] = (gw_action){GW_ACTION_CARD, GW_NO_CARD, GW_CMD_NONE};
                    acts[n++] = (gw_action){GW_ACTION_CARD, gw_card_make(1, 13), GW_CMD_NONE};
                    acts[n++] = (gw_action){GW_ACTION_CARD, 64, GW_CMD_NONE};
                    for (int c = 0; c <= GW_CMD_COUNT; c++)
                        acts[n++] = (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)c};
                    for (int i = 0; i < n; i++) {
                        gw_refusal want = sa_expected(s, g, player, &acts[i]);
                        gw_refusal got = gw_session_check(s, player, &acts[i], &err);
                        if (got != want)
                            print_error("player %d action %d/%d: want %s, got %s (%s)\n", player,
                                        acts[i].kind, acts[i].kind ? acts[i].command : acts[i].card,
                                        gw_refusal_code(want), gw_refusal_code(got), err.msg);
                        assert_int_equal(got, want);
                        seen[got]++;
                        if (got == GW_REFUSE_NONE) continue;
                        assert_true(strlen(err.msg) > 0);
                        uint32_t last = gw_session_last_event(s);
                        gw_refusal why = GW_REFUSE_NONE;
                        assert_int_equal(gw_session_act(s, player, &acts[i], &why, &err), GW_EILLEGAL);
                        assert_int_equal(why, want);
                        assert_int_equal(gw_session_last_event(s), last);
                    }
                }
                if (gw_session_state_of(s) != GW_SESSION_PLAYING) break;
                step(s, &r);
            }
            assert_int_equal(gw_session_state_of(s), GW_SESSION_HAND_OVER);
            assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
            assert_int_equal(gw_session_next_hand(s, &err), GW_ESTATE); /* in play */
        }
        gw_session_free(s);
    }
    for (int r = 0; r < GW_REFUSE_COUNT; r++)
        if (r != GW_REFUSE_BUSY) {
            if (!seen[r]) print_error("never seen: %s\n", gw_refusal_code((gw_refusal)r));
            assert_true(seen[r] > 0);
        }
}

/* The sentences of refusals: those a front end showed, and never where a card is that the player does not
 * hold. */
static void refusals_say_why_in_the_players_words(void **state) {
    (void)state;
    gw_session *s = sa_new(2024, SA_OUTSIDE, SA_OUTSIDE, false);
    gw_rng r;
    gw_rng_seed(&r, 1);
    gw_error err;
    const gw_android_game *g = gw_session_android_game(s);
    /* L leads: its human (the non-dealer) must command it. */
    int nd = 1 - g->dealer;
    gw_action duck = {GW_ACTION_COMMAND, GW_NO_CARD, GW_CMD_DUCK};
    assert_int_equal(gw_session_check(s, nd, &duck, &err), GW_REFUSE_NOT_LEADING);
    assert_string_equal(err.msg, "Not \"duck\" now: a leader is told a suit, shortest or longest.");
    gw_action card = {GW_ACTION_CARD, gw_first(g->hand[GW_SEAT_L]), GW_CMD_NONE};
    assert_int_equal(gw_session_check(s, nd, &card, &err), GW_REFUSE_WRONG_KIND);
    assert_string_equal(err.msg,
                        "Your android L plays by command, not by card: tell it one of spades, hearts, "
                        "diamonds, clubs, shortest, longest, high-spades, high-hearts, high-diamonds, "
                        "high-clubs, high-shortest, high-longest.");
    assert_int_equal(gw_session_check(s, 1 - nd, &duck, &err), GW_REFUSE_NOT_YOUR_TURN);
    assert_string_equal(err.msg, "Wait: it is L's turn, the other player's android's.");
    /* Play until the non-dealer's own seat N is to play. */
    while (g->turn != GW_SEAT_N)
        step(s, &r);
    gw_action cmd = {GW_ACTION_COMMAND, GW_NO_CARD, GW_CMD_LONGEST};
    assert_int_equal(gw_session_check(s, nd, &cmd, &err), GW_REFUSE_WRONG_KIND);
    assert_string_equal(err.msg, "It is your own turn, not your android's: play a card from your hand.");
    assert_int_equal(gw_session_check(s, 1 - nd, &card, &err), GW_REFUSE_NOT_YOUR_TURN);
    assert_string_equal(err.msg, "Wait: it is N's turn, the other player's.");
    /* A card held elsewhere (another seat, already played) is only "not held". */
    for (int seat = 0; seat < GW_SEATS; seat++) {
        if (seat == GW_SEAT_N || !g->hand[seat]) continue;
        gw_action other = {GW_ACTION_CARD, gw_first(g->hand[seat]), GW_CMD_NONE};
        assert_int_equal(gw_session_check(s, nd, &other, &err), GW_REFUSE_NOT_HELD);
        char want[64];
        gw_format(want, sizeof want, "You do not hold %C.", other.card);
        assert_string_equal(err.msg, want);
    }
    gw_action played = {GW_ACTION_CARD, g->trick[0], GW_CMD_NONE};
    assert_int_equal(gw_session_check(s, nd, &played, &err), GW_REFUSE_NOT_HELD);
    gw_action none = {GW_ACTION_CARD, GW_NO_CARD, GW_CMD_NONE};
    assert_int_equal(gw_session_check(s, nd, &none, &err), GW_REFUSE_NOT_A_CARD);
    assert_string_equal(err.msg, "That is not a card.");
    gw_session_free(s);

    /* A computer seat, a failed command, a follower's first command, a command that is none. */
    s = sa_new(31337, SA_OUTSIDE, GW_ANDROID_RANDOM, false);
    g = gw_session_android_game(s);
    assert_int_equal(gw_session_check(s, 1, &duck, &err), GW_REFUSE_COMPUTER);
    bool failed_seen = false, not_now_seen = false;
    while (gw_session_state_of(s) == GW_SESSION_PLAYING && !(failed_seen && not_now_seen)) {
        gw_turn t = gw_session_turn(s);
        if (!t.computer && t.kind == GW_ACTION_COMMAND) {
            gw_action bad = {GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)GW_CMD_COUNT};
            assert_int_equal(gw_session_check(s, t.player, &bad, &err), GW_REFUSE_NOT_A_COMMAND);
            assert_string_equal(err.msg, "That is not a command.");
            if (g->ntrick > 0 && g->errors == 0) {
                gw_action spades = {GW_ACTION_COMMAND, GW_NO_CARD, GW_CMD_SPADES};
                assert_int_equal(gw_session_check(s, t.player, &spades, &err), GW_REFUSE_NOT_NOW);
                assert_string_equal(err.msg,
                                    "Not \"spades\" yet: a follower is told duck, beat or high first.");
                not_now_seen = true;
            }
            if (g->errors > 0) {
                gw_android_command c = (gw_android_command)g->events[g->nevents - 1].command;
                gw_action again = {GW_ACTION_COMMAND, GW_NO_CARD, c};
                assert_int_equal(gw_session_check(s, t.player, &again, &err), GW_REFUSE_FAILED_ALREADY);
                char want[128];
                gw_format(want, sizeof want,
                          "%c said \"Error.\" to %s already for this card, and would again.",
                          gw_seat_char(g->turn), gw_android_command_name(c));
                assert_string_equal(err.msg, want);
                failed_seen = true;
            }
        }
        step(s, &r);
    }
    assert_true(failed_seen && not_now_seen);
    gw_session_free(s);
}

/* A refused action in any state: between hands and after the rubber. */
static void nothing_is_done_between_hands_or_after_the_end(void **state) {
    (void)state;
    gw_session *s = sa_new(8, GW_ANDROID_RANDOM, GW_ANDROID_EASY, false);
    gw_rng r;
    gw_rng_seed(&r, 8);
    gw_error err;
    gw_action a = {GW_ACTION_CARD, gw_card_make(0, 0), GW_CMD_NONE};
    while (gw_session_state_of(s) == GW_SESSION_PLAYING)
        step(s, &r);
    assert_int_equal(gw_session_state_of(s), GW_SESSION_HAND_OVER);
    assert_int_equal(gw_session_turn(s).player, -1);
    assert_int_equal(gw_session_check(s, 0, &a, &err), GW_REFUSE_HAND_OVER);
    assert_int_equal(gw_session_play_computer(s, &err), GW_ESTATE);
    play_to_end(s, &r);
    assert_int_equal(gw_session_check(s, 0, &a, &err), GW_REFUSE_HAND_OVER);
    assert_int_equal(gw_session_next_hand(s, &err), GW_ESTATE);
    assert_int_equal(gw_session_play_computer(s, &err), GW_ESTATE);
    gw_session_free(s);
}

/* ---- the rubber's end ------------------------------------------------------------------------ */

/* Every hand is scored (SCORE: tricks, points, game points, a game's winner and value) into the rubber, which
 * ends at two games with OVER naming its winner; the dealer alternates. */
static void a_rubber_ends_at_two_games(void **state) {
    (void)state;
    for (uint64_t seed = 10; seed < 16; seed++) {
        gw_session *s = sa_new(seed, GW_ANDROID_EASY, GW_ANDROID_RANDOM, false);
        gw_rng r;
        gw_rng_seed(&r, seed);
        play_to_end(s, &r);
        int n;
        gw_event *e = events_of(s, GW_SPECTATOR, &n);
        gw_android_rubber mine;
        gw_android_rubber_start(&mine, (int)(gw_mix64(seed) & 1));
        int deals = 0, scores = 0, last_dealer = -1;
        for (int i = 0; i < n; i++) {
            if (e[i].kind == GW_EVENT_DEAL) {
                deals++;
                assert_int_equal(e[i].hand, deals);
                assert_int_equal(e[i].player, mine.next_dealer);
                assert_true(e[i].player != last_dealer);
                last_dealer = e[i].player;
            }
            if (e[i].kind != GW_EVENT_SCORE) continue;
            scores++;
            assert_int_equal(e[i].tricks[0] + e[i].tricks[1], 13);
            gw_android_hand_score hs = gw_android_score_tricks(e[i].tricks);
            gw_android_progress pr;
            assert_int_equal(gw_android_rubber_add(&mine, hs, &pr, NULL), GW_OK);
            assert_int_equal(e[i].winner, hs.winner);
            assert_int_equal(e[i].points[hs.winner], hs.points);
            assert_int_equal(e[i].points[1 - hs.winner], 0);
            assert_int_equal(e[i].score[0], pr.points[0]);
            assert_int_equal(e[i].score[1], pr.points[1]);
            assert_int_equal(e[i].game_winner, pr.game_winner);
            assert_int_equal(e[i].game_value, pr.game_value);
        }
        assert_int_equal(deals, scores);
        assert_int_equal(e[n - 1].kind, GW_EVENT_OVER);
        assert_int_equal(e[n - 1].winner, mine.winner);
        assert_true(mine.winner >= 0);
        assert_memory_equal(gw_session_rubber(s), &mine, sizeof mine);
        gw_view *v = view_of(s, 0);
        assert_int_equal(v->winner, mine.winner);
        assert_int_equal(v->state, GW_SESSION_OVER);
        assert_int_equal(v->turn.player, -1);
        free(e);
        gw_session_free(s);
    }
}

/* ---- one deal -------------------------------------------------------------------------------- */

static gw_session *one_deal(const uint8_t *deck, int dealer, uint64_t s0, uint64_t s1, int lv0, int lv1) {
    gw_session_config c;
    sa_config(&c);
    c.deck = deck;
    c.dealer = dealer;
    c.seat_seed[0] = s0;
    c.seat_seed[1] = s1;
    c.seats[0] = (gw_seat_config){lv0 < 0 ? GW_SEAT_OUTSIDE : GW_SEAT_COMPUTER, lv0 < 0 ? 0 : lv0, ""};
    c.seats[1] = (gw_seat_config){lv1 < 0 ? GW_SEAT_OUTSIDE : GW_SEAT_COMPUTER, lv1 < 0 ? 0 : lv1, ""};
    c.android_samples = 8;
    gw_session *s = NULL;
    gw_error err;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
    return s;
}

/* One deal: that deck and dealer, the computers from seat_seed, one hand and then over (winner: the side
 * with seven tricks or more); its record has no rubber seed, hand number nor score, and restores. */
static void one_deal_is_one_hand(void **state) {
    (void)state;
    uint8_t deck[GW_ANDROID_DECK];
    gw_deck_from_seed(GW_CLASSIC, 55, deck);
    gw_error err;
    gw_session *s = one_deal(deck, 1, 111, 222, GW_ANDROID_RANDOM, GW_ANDROID_EASY);
    const gw_android_game *g = gw_session_android_game(s);
    assert_memory_equal(g->deck, deck, sizeof deck);
    assert_int_equal(g->dealer, 1);
    /* The same as two players with those seeds on the bare hand. */
    gw_android_player *p[2];
    assert_int_equal(gw_android_player_new(GW_ANDROID_RANDOM, 111, &p[0], NULL), GW_OK);
    assert_int_equal(gw_android_player_new(GW_ANDROID_EASY, 222, &p[1], NULL), GW_OK);
    gw_android_game *bare = malloc(sizeof *bare);
    assert_int_equal(gw_android_deal(bare, deck, 1, NULL), GW_OK);
    while (!gw_android_over(bare)) {
        gw_android_step st;
        assert_int_equal(gw_android_player_act(p[gw_android_actor(bare)], bare, &st, &err), GW_OK);
    }
    gw_rng r;
    gw_rng_seed(&r, 1);
    play_to_end(s, &r);
    assert_int_equal(g->nevents, bare->nevents);
    assert_memory_equal(g->events, bare->events, bare->nevents * sizeof bare->events[0]);
    gw_android_hand_score hs = gw_android_score_hand(bare);
    assert_int_equal(gw_session_state_of(s), GW_SESSION_OVER);
    assert_int_equal(view_of(s, 1)->winner, hs.winner);
    assert_int_equal(gw_session_next_hand(s, &err), GW_ESTATE);
    assert_non_null(strstr(err.msg, "the rubber is over"));
    gw_action card = {GW_ACTION_CARD, 0, GW_CMD_DUCK};
    assert_int_equal(gw_session_check(s, 0, &card, &err), GW_REFUSE_HAND_OVER);
    assert_string_equal(err.msg, "The rubber is over.");
    char *text = record_of(s, true);
    assert_null(strstr(text, "RubberSeed"));
    assert_null(strstr(text, "[Hand"));
    assert_null(strstr(text, "[Score"));
    assert_non_null(strstr(text, "[Player1 \"random\"]\n[Player2 \"easy\"]\n"));
    gw_session_config base;
    sa_config(&base);
    base.seats[0].kind = GW_SEAT_COMPUTER;
    gw_session *back = NULL;
    assert_int_equal(gw_session_restore(&base, text, strlen(text), &back, &err), GW_OK);
    assert_int_equal(gw_session_state_of(back), GW_SESSION_OVER);
    char *again = record_of(back, true);
    assert_string_equal(again, text);
    free(again);
    free(text);
    gw_session_free(back);
    free(bare);
    gw_android_player_free(p[0]);
    gw_android_player_free(p[1]);
    gw_session_free(s);
    /* A deck that is not the 52 cards, a dealer that is no player. */
    gw_session_config c;
    sa_config(&c);
    deck[3] = deck[4];
    c.deck = deck;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL);
    gw_deck_from_seed(GW_CLASSIC, 55, deck);
    c.dealer = 2;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_EINVAL);
}

/* ---- the computer's decision split in three -------------------------------------------------- */

/* think_begin, run, end decide as play_computer does; while a decision is out every action, undo and deal is
 * refused as busy; cancel leaves the session as it was. */
static void thinking_apart_is_playing_the_computer(void **state) {
    (void)state;
    gw_session *a = sa_new(64, SA_OUTSIDE, GW_ANDROID_HARD, true);
    gw_session *b = sa_new(64, SA_OUTSIDE, GW_ANDROID_HARD, true);
    gw_rng ra, rb;
    gw_rng_seed(&ra, 3);
    gw_rng_seed(&rb, 3);
    gw_error err;
    int thoughts = 0;
    while (gw_session_state_of(a) == GW_SESSION_PLAYING) {
        gw_turn t = gw_session_turn(a);
        if (!t.computer) {
            step(a, &ra);
            step(b, &rb);
            continue;
        }
        gw_thought *th = NULL;
        assert_int_equal(gw_session_think_begin(a, &th, &err), GW_OK);
        assert_non_null(th);
        gw_thought *second = NULL;
        assert_int_equal(gw_session_think_begin(a, &second, &err), GW_ESTATE);
        gw_action any = {GW_ACTION_CARD, gw_card_make(0, 0), GW_CMD_NONE};
        assert_int_equal(gw_session_check(a, 0, &any, &err), GW_REFUSE_BUSY);
        assert_int_equal(gw_session_undo(a, 0, &err), GW_ESTATE);
        assert_int_equal(gw_session_next_hand(a, &err), GW_ESTATE);
        uint32_t last = gw_session_last_event(a);
        if (thoughts++ % 3 == 0) { /* cancelled: nothing happened (the computer may have moved its stream) */
            gw_thought_run(th);
            gw_session_think_cancel(a, th);
            assert_int_equal(gw_session_last_event(a), last);
            assert_int_equal(gw_session_turn(a).player, t.player);
            assert_int_equal(gw_session_think_begin(a, &th, &err), GW_OK);
            /* b's computer is asked once more too, so that both streams stay together */
            gw_thought *tb;
            assert_int_equal(gw_session_think_begin(b, &tb, &err), GW_OK);
            gw_thought_run(tb);
            gw_session_think_cancel(b, tb);
        }
        gw_thought_run(th);
        assert_int_equal(gw_session_think_end(a, th, &err), GW_OK);
        assert_int_equal(gw_session_play_computer(b, &err), GW_OK);
        assert_int_equal(gw_session_last_event(a), gw_session_last_event(b));
    }
    assert_true(thoughts > 10);
    const gw_android_game *ga = gw_session_android_game(a), *gb = gw_session_android_game(b);
    assert_int_equal(ga->nevents, gb->nevents);
    assert_memory_equal(ga->events, gb->events, ga->nevents * sizeof ga->events[0]);
    /* Not a computer's turn: nothing to think about. */
    gw_session *h = sa_new(64, SA_OUTSIDE, SA_OUTSIDE, false);
    gw_thought *th = NULL;
    assert_int_equal(gw_session_think_begin(h, &th, &err), GW_ESTATE);
    assert_int_equal(gw_session_play_computer(h, &err), GW_ESTATE);
    gw_session_free(h);
    gw_session_free(a);
    gw_session_free(b);
}

/* ---- undo ------------------------------------------------------------------------------------ */

/* Replays hand g's log up to (not including) event k on its deal. */
static void replay_prefix(const gw_android_game *g, int k, gw_android_game *out) {
    assert_int_equal(gw_android_deal(out, g->deck, g->dealer, NULL), GW_OK);
    for (int i = 0; i < k; i++) {
        const gw_android_event *e = &g->events[i];
        gw_android_outcome o;
        if (e->command == GW_CMD_NONE)
            assert_int_equal(gw_android_play(out, e->card, NULL, NULL), GW_OK);
        else
            assert_int_equal(gw_android_command_play(out, (gw_android_command)e->command, &o, NULL, NULL),
                             GW_OK);
    }
}

/* Undo takes back the outside player's last action (a card, or a command even if it failed) and the
 * computer's after it; the hand is assisted in the record; it is refused when off, without a computer, for
 * the computer, before the player acted in the hand, and between hands. */
static void undo_takes_back_the_last_action(void **state) {
    (void)state;
    gw_error err;
    gw_session *s = sa_new(12, SA_OUTSIDE, GW_ANDROID_EASY, true);
    gw_rng r;
    gw_rng_seed(&r, 12);
    const gw_android_game *g = gw_session_android_game(s);
    assert_false(gw_session_hand_assisted(s, 1));
    if (gw_session_turn(s).player == 1) { /* the computer acts first: nothing of player 0's to take back */
        assert_false(view_of(s, 0)->can_undo);
        assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    }
    assert_int_equal(gw_session_undo(s, 1, &err), GW_ESTATE); /* the computer's */
    int undos = 0;
    gw_android_game *want = malloc(sizeof *want);
    while (gw_session_state_of(s) == GW_SESSION_PLAYING) {
        step(s, &r);
        if (gw_session_state_of(s) != GW_SESSION_PLAYING || gw_session_turn(s).player != 0) continue;
        if (gw_rng_below(&r, 4) != 0) continue;
        int last = -1;
        for (int i = 0; i < g->nevents; i++)
            if (gw_seat_player(g->dealer, g->events[i].seat) == 0) last = i;
        if (last < 0) {
            assert_false(view_of(s, 0)->can_undo);
            assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
            continue;
        }
        assert_true(view_of(s, 0)->can_undo);
        assert_false(view_of(s, 1)->can_undo);
        assert_false(view_of(s, GW_SPECTATOR)->can_undo);
        replay_prefix(g, last, want);
        int count = g->nevents - last;
        uint32_t before = gw_session_last_event(s);
        assert_int_equal(gw_session_undo(s, 0, &err), GW_OK);
        undos++;
        assert_int_equal(gw_session_last_event(s), before + 1);
        gw_event e;
        assert_int_equal(gw_session_events(s, before + 1, GW_SPECTATOR, &e, 1), 1);
        assert_int_equal(e.kind, GW_EVENT_UNDO);
        assert_int_equal(e.player, 0);
        assert_int_equal(e.count, count);
        assert_memory_equal(g, want, sizeof *want);
        assert_int_equal(gw_session_turn(s).player, 0);
        char *text = record_of(s, true);
        assert_non_null(strstr(text, "[Assisted \"yes\"]"));
        free(text);
        assert_true(gw_session_hand_assisted(s, 1));
    }
    assert_true(undos > 0);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE); /* between hands */
    char *text = record_of(s, false);
    assert_non_null(strstr(text, "[Assisted \"yes\"]"));
    gw_session_config base;
    sa_config(&base);
    gw_session *back = NULL;
    assert_int_equal(gw_session_restore(&base, text, strlen(text), &back, &err), GW_OK);
    char *again = record_of(back, false);
    assert_string_equal(again, text);
    free(again);
    free(text);
    gw_session_free(back);
    free(want);
    gw_session_free(s);
    /* Off, or two outside players. */
    s = sa_new(12, SA_OUTSIDE, GW_ANDROID_EASY, false);
    while (gw_session_turn(s).player != 0 || gw_session_android_game(s)->nevents == 0)
        step(s, &r);
    step(s, &r);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    assert_false(view_of(s, 0)->can_undo);
    gw_session_free(s);
    s = sa_new(12, SA_OUTSIDE, SA_OUTSIDE, true);
    for (int i = 0; i < 6; i++)
        step(s, &r);
    assert_int_equal(gw_session_undo(s, 0, &err), GW_ESTATE);
    assert_int_equal(gw_session_undo(s, 1, &err), GW_ESTATE);
    gw_session_free(s);
}

/* ---- hints ----------------------------------------------------------------------------------- */

static void there_are_no_hints(void **state) {
    (void)state;
    gw_session *s = sa_new(3, SA_OUTSIDE, GW_ANDROID_RANDOM, false);
    gw_rng r;
    gw_rng_seed(&r, 3);
    while (gw_session_turn(s).player != 0 || gw_session_turn(s).kind != GW_ACTION_CARD)
        step(s, &r);
    gw_hint h;
    gw_error err;
    assert_int_equal(gw_session_hint(s, 0, &h, &err), GW_ESTATE);
    assert_string_equal(err.msg, "no hints in Android Whist");
    assert_int_equal(h.count, 0);
    gw_session_free(s);
}

/* ---- records --------------------------------------------------------------------------------- */

/* The record has line mode's tags in line mode's order, Date and the front end's tags from set_tag. */
static void records_have_one_set_of_tags(void **state) {
    (void)state;
    gw_session *s = sa_new(987654321, SA_OUTSIDE, GW_ANDROID_HARD, false);
    gw_error err;
    assert_int_equal(gw_session_set_tag(s, "StoreRubber", "17", &err), GW_OK);
    assert_int_equal(gw_session_set_tag(s, "Date", "2026.11.24", &err), GW_OK);
    char *text = record_of(s, true);
    const gw_android_game *g = gw_session_android_game(s);
    char want[512];
    gw_format(want, sizeof want,
              "[Game \"Android Whist\"]\n[Hand \"1\"]\n[Date \"2026.11.24\"]\n[Player1 \"human\"]\n"
              "[Player2 \"hard\"]\n[RubberSeed \"987654321\"]\n[StoreRubber \"17\"]\n[Dealer \"%d\"]\n",
              g->dealer + 1);
    assert_memory_equal(text, want, strlen(want));
    free(text);
    text = record_of(s, false);
    assert_string_equal(text, "");
    free(text);
    gw_text t = {0};
    assert_int_equal(gw_session_hand_record(s, 1, &t, &err), GW_EINVAL);
    gw_text_free(&t);
    gw_session_free(s);
}

/* Plays both sessions on with the same outside actions and checks they stay the same to the end. */
static void same_continuation(gw_session *a, gw_session *b, uint64_t seed) {
    gw_rng ra, rb;
    gw_rng_seed(&ra, seed);
    gw_rng_seed(&rb, seed);
    play_to_end(a, &ra);
    play_to_end(b, &rb);
    char *ta = record_of(a, true), *tb = record_of(b, true);
    assert_string_equal(ta, tb);
    free(ta);
    free(tb);
    assert_memory_equal(gw_session_rubber(a), gw_session_rubber(b), sizeof(gw_android_rubber));
}

/* A record saved anywhere (start, mid-trick, right after an error, between hands) restores to the same
 * session: the same record, view and turn, and, the computer asked as the game asked it, the same
 * continuation as the session that was never saved. */
static void records_restore_to_the_same_game(void **state) {
    (void)state;
    static const int levels[] = {GW_ANDROID_RANDOM, GW_ANDROID_EASY, GW_ANDROID_HARD};
    gw_error err;
    for (int k = 0; k < 9; k++) {
        uint64_t seed = 1000 + (uint64_t)k;
        gw_session *s = sa_new(seed, SA_OUTSIDE, levels[k % 3], false);
        gw_session_set_tag(s, "Date", "2026.01.02", &err);
        gw_rng r;
        gw_rng_seed(&r, seed);
        /* Where to stop: after a number of steps, or right after an error, or between hands. */
        int stop = 20 + 37 * k;
        for (int i = 0; i < stop && gw_session_state_of(s) != GW_SESSION_OVER; i++) {
            if (gw_session_state_of(s) == GW_SESSION_HAND_OVER) {
                if (k == 4) break;
                gw_session_next_hand(s, &err);
                gw_session_set_tag(s, "Date", i % 2 ? "2026.01.03" : "2026.01.02", &err);
                continue;
            }
            step(s, &r);
            const gw_android_game *g = gw_session_android_game(s);
            if (k == 5 && g->errors > 0) break;
        }
        char *text = record_of(s, true);
        gw_session_config base;
        sa_config(&base);
        base.android_samples = 8;
        gw_session *back = NULL;
        gw_status st = gw_session_restore(&base, text, strlen(text), &back, &err);
        if (st != GW_OK) print_error("restore: %s\n%s\n", err.msg, text);
        assert_int_equal(st, GW_OK);
        char *again = record_of(back, true);
        assert_string_equal(again, text);
        assert_int_equal(gw_session_state_of(back), gw_session_state_of(s));
        assert_int_equal(gw_session_config_of(back)->seed, seed);
        assert_int_equal(gw_session_config_of(back)->seats[1].level, levels[k % 3]);
        gw_view *v = view_of(s, 0);
        gw_view mine = *v;
        v = view_of(back, 0);
        assert_memory_equal(&v->android, &mine.android, sizeof mine.android);
        assert_int_equal(v->turn.player, mine.turn.player);
        assert_int_equal(v->turn.kind, mine.turn.kind);
        assert_int_equal(v->turn.seat, mine.turn.seat);
        assert_int_equal(v->turn.computer, mine.turn.computer);
        assert_memory_equal(&v->rubber, &mine.rubber, sizeof mine.rubber);
        assert_int_equal(v->hand_number, mine.hand_number);
        /* The log of the restored session is the game's. */
        int na, nb;
        gw_event *ea = events_of(s, 0, &na), *eb = events_of(back, 0, &nb);
        assert_int_equal(na, nb);
        assert_memory_equal(ea, eb, (size_t)na * sizeof *ea);
        free(ea);
        free(eb);
        same_continuation(s, back, seed + 1);
        free(again);
        free(text);
        gw_session_free(back);
        gw_session_free(s);
    }
}

/* A finished rubber restores as over; a record of the old full-screen game ("computer" and Opponent) as its
 * level. */
static void finished_and_old_records_restore(void **state) {
    (void)state;
    gw_error err;
    gw_session *s = sa_new(4321, SA_OUTSIDE, GW_ANDROID_EASY, false);
    gw_rng r;
    gw_rng_seed(&r, 4321);
    play_to_end(s, &r);
    char *text = record_of(s, true);
    gw_session_config base;
    sa_config(&base);
    gw_session *back = NULL;
    assert_int_equal(gw_session_restore(&base, text, strlen(text), &back, &err), GW_OK);
    assert_int_equal(gw_session_state_of(back), GW_SESSION_OVER);
    assert_memory_equal(gw_session_rubber(back), gw_session_rubber(s), sizeof(gw_android_rubber));
    for (int h = 1; h <= gw_session_rubber(s)->hands; h++) {
        gw_text a = {0}, b = {0};
        assert_int_equal(gw_session_hand_record(s, h, &a, &err), GW_OK);
        assert_int_equal(gw_session_hand_record(back, h, &b, &err), GW_OK);
        assert_string_equal(gw_text_str(&a), gw_text_str(&b));
        assert_non_null(strstr(text, gw_text_str(&a)));
        gw_text_free(&a);
        gw_text_free(&b);
    }
    gw_session_free(back);
    free(text);
    gw_session_free(s);

    /* The full-screen game wrote Player2 "computer" and the level as Opponent. */
    s = sa_new(4321, SA_OUTSIDE, GW_ANDROID_EASY, false);
    for (int i = 0; i < 30; i++)
        step(s, &r);
    text = record_of(s, true);
    char *old = malloc(strlen(text) + 64);
    char *at = strstr(text, "[Player2 \"easy\"]\n");
    assert_non_null(at);
    sprintf(old, "%.*s[Player2 \"computer\"]\n[Opponent \"easy\"]\n%s", (int)(at - text), text,
            at + strlen("[Player2 \"easy\"]\n"));
    base.seats[1].level = GW_ANDROID_HARD;
    assert_int_equal(gw_session_restore(&base, old, strlen(old), &back, &err), GW_OK);
    assert_int_equal(gw_session_config_of(back)->seats[1].level, GW_ANDROID_EASY);
    char *again = record_of(back, true);
    assert_string_equal(again, text);
    free(again);
    free(old);
    free(text);
    gw_session_free(back);
    gw_session_free(s);
}

/* Two people at one table: their names go into the record and come back; a record whose player 2 was a
 * person never restores with a computer in their place. */
static void names_restore_and_people_stay_people(void **state) {
    (void)state;
    gw_session_config c;
    sa_config(&c);
    c.seed = 31;
    c.seats[1].kind = GW_SEAT_OUTSIDE;
    gw_format(c.seats[0].name, GW_SEAT_NAME_MAX, "Alice");
    gw_session *s = NULL;
    gw_error err;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
    gw_view *v = view_of(s, GW_SPECTATOR);
    assert_string_equal(v->names[0], "Alice");
    assert_string_equal(v->names[1], "human");
    gw_rng r;
    gw_rng_seed(&r, 31);
    for (int i = 0; i < 70; i++)
        if (gw_session_state_of(s) == GW_SESSION_HAND_OVER)
            gw_session_next_hand(s, &err);
        else
            step(s, &r);
    char *text = record_of(s, true);
    assert_non_null(strstr(text, "[Player1 \"Alice\"]\n[Player2 \"human\"]\n"));
    gw_session_config base;
    sa_config(&base); /* player 2 the computer */
    gw_session *back = NULL;
    assert_int_equal(gw_session_restore(&base, text, strlen(text), &back, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "names no computer level"));
    base.seats[1].kind = GW_SEAT_OUTSIDE;
    assert_int_equal(gw_session_restore(&base, text, strlen(text), &back, &err), GW_OK);
    assert_string_equal(gw_session_config_of(back)->seats[0].name, "Alice");
    char *again = record_of(back, true);
    assert_string_equal(again, text);
    free(again);
    free(text);
    gw_session_free(back);
    gw_session_free(s);
}

/* Records `whist android --plain` wrote before the session (tests/data/session/android-line-LEVEL-SEED.gwr,
 * the last left in the middle of a hand by 'quit') are made again byte for byte by a session fed the same
 * human actions (the same deals, dealers, computer choices, tags and layout), and resume to the same text. */
static void line_mode_records_are_made_again(void **state) {
    (void)state;
    static const char *const FILES[] = {"session/android-line-random-4242.gwr",
                                        "session/android-line-hard-777.gwr",
                                        "session/android-line-easy-99.gwr"};
    if (!getenv("GW_TEST_DATA")) skip();
    gw_error err;
    for (size_t f = 0; f < sizeof FILES / sizeof FILES[0]; f++) {
        char *text = tdata(FILES[f]);
        gw_android_record rec;
        assert_int_equal(gw_android_record_read(text, strlen(text), &rec, &err), GW_OK);
        const gw_android_record_hand *first = &rec.hands[0];
        gw_session_config c;
        sa_config(&c);
        c.seed = strtoull(gw_android_record_hand_tag(first, "RubberSeed"), NULL, 10);
        gw_android_level level;
        assert_true(gw_android_level_parse(gw_android_record_hand_tag(first, "Player2"), &level));
        c.seats[1].level = (int)level;
        gw_session *s = NULL;
        assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
        assert_int_equal(gw_session_set_tag(s, "Date", gw_android_record_hand_tag(first, "Date"), &err),
                         GW_OK);
        assert_int_equal(gw_session_set_tag(s, "StoreRubber", "1", &err), GW_OK);
        for (int h = 0; h < rec.count; h++) {
            if (h > 0) assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
            const gw_android_game *want = &rec.hands[h].game;
            int next = 0;
            while (gw_session_state_of(s) == GW_SESSION_PLAYING) {
                gw_turn t = gw_session_turn(s);
                if (t.computer) {
                    assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
                    continue;
                }
                const gw_android_game *g = gw_session_android_game(s);
                next = g->nevents;
                if (next == want->nevents) break; /* the record stops here: 'quit' */
                const gw_android_event *e = &want->events[next];
                gw_action a = {GW_ACTION_CARD, e->card, GW_CMD_NONE};
                if (e->command != GW_CMD_NONE) a = (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, e->command};
                assert_int_equal(gw_session_act(s, 0, &a, NULL, &err), GW_OK);
            }
        }
        char *again = record_of(s, true);
        assert_string_equal(again, text);
        free(again);
        /* and it resumes to the same text */
        gw_session *back = NULL;
        assert_int_equal(gw_session_restore(&c, text, strlen(text), &back, &err), GW_OK);
        again = record_of(back, true);
        assert_string_equal(again, text);
        free(again);
        gw_session_free(back);
        gw_android_record_free(&rec);
        gw_session_free(s);
        free(text);
    }
}

/* Records that are no rubber of this seed are refused with the reason. */
static void bad_records_are_refused(void **state) {
    (void)state;
    gw_error err;
    gw_session *s = sa_new(777, SA_OUTSIDE, GW_ANDROID_RANDOM, false);
    gw_rng r;
    gw_rng_seed(&r, 777);
    while (gw_session_state_of(s) == GW_SESSION_PLAYING)
        step(s, &r);
    gw_session_next_hand(s, &err);
    for (int i = 0; i < 10; i++)
        step(s, &r);
    char *text = record_of(s, true);
    gw_session_config base;
    sa_config(&base);
    gw_session *back = (gw_session *)&err; /* must be reset */
    struct {
        const char *from, *to, *why;
        bool all; /* change every hand (else the first) */
    } cases[] = {
        {"[RubberSeed \"777\"]", "[RubberSeed \"778\"]", "was not dealt from the rubber seed 778", true},
        {"[RubberSeed \"777\"]", "[RubberSeed \"x\"]", "is not a number", true},
        {"[RubberSeed \"777\"]", "[Rubber \"777\"]", "lacks the rubber seed", true},
        {"[Game \"Android Whist\"]", "[Game \"German Whist\"]", "not of Android Whist", false},
        {"\n1. ", "\n1. ZZ ", "is not valid", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* Every hand changed alike (the record reader refuses a rubber whose hands disagree). */
        char *changed = malloc(2 * strlen(text) + 64), *out = changed;
        const char *in = text, *at;
        assert_non_null(strstr(text, cases[i].from));
        while ((at = strstr(in, cases[i].from)) != NULL) {
            out += sprintf(out, "%.*s%s", (int)(at - in), in, cases[i].to);
            in = at + strlen(cases[i].from);
            if (!cases[i].all) break;
        }
        strcpy(out, in);
        back = (gw_session *)&err;
        gw_status st = gw_session_restore(&base, changed, strlen(changed), &back, &err);
        if (st == GW_OK || !strstr(err.msg, cases[i].why)) print_error("case %zu: %s\n", i, err.msg);
        assert_int_equal(st, GW_EINVAL);
        assert_null(back);
        assert_non_null(strstr(err.msg, cases[i].why));
        free(changed);
    }
    /* An unfinished hand followed by another. */
    char *first = record_of(s, false);
    gw_session *t = sa_new(777, SA_OUTSIDE, GW_ANDROID_RANDOM, false);
    for (int i = 0; i < 5; i++)
        step(t, &r);
    char *part = record_of(t, true);
    char *two = malloc(strlen(part) + strlen(first) + 2);
    sprintf(two, "%s\n%s", part, first);
    assert_int_equal(gw_session_restore(&base, two, strlen(two), &back, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "unfinished"));
    free(two);
    /* A hand after the end of the rubber. */
    play_to_end(t, &r);
    char *whole = record_of(t, false);
    two = malloc(strlen(whole) + strlen(first) + 2);
    sprintf(two, "%s\n%s", whole, first);
    assert_int_equal(gw_session_restore(&base, two, strlen(two), &back, &err), GW_EINVAL);
    if (!strstr(err.msg, "after the end")) print_error("%s\n", err.msg);
    assert_non_null(strstr(err.msg, "after the end"));
    free(two);
    free(whole);
    free(part);
    free(first);
    gw_session_free(t);
    /* No hand of Android Whist at all. */
    assert_int_equal(gw_session_restore(&base, "", 0, &back, &err), GW_EINVAL);
    free(text);
    gw_session_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deals_and_dealers_are_line_modes),
        cmocka_unit_test(computers_have_the_derived_seeds),
        cmocka_unit_test(a_deal_shows_each_hand_to_whom_it_may),
        cmocka_unit_test(views_are_the_humans_and_the_publics),
        cmocka_unit_test(plays_errors_and_tricks_are_told),
        cmocka_unit_test(every_action_in_every_state),
        cmocka_unit_test(refusals_say_why_in_the_players_words),
        cmocka_unit_test(nothing_is_done_between_hands_or_after_the_end),
        cmocka_unit_test(a_rubber_ends_at_two_games),
        cmocka_unit_test(one_deal_is_one_hand),
        cmocka_unit_test(thinking_apart_is_playing_the_computer),
        cmocka_unit_test(undo_takes_back_the_last_action),
        cmocka_unit_test(there_are_no_hints),
        cmocka_unit_test(records_have_one_set_of_tags),
        cmocka_unit_test(records_restore_to_the_same_game),
        cmocka_unit_test(finished_and_old_records_restore),
        cmocka_unit_test(names_restore_and_people_stay_people),
        cmocka_unit_test(line_mode_records_are_made_again),
        cmocka_unit_test(bad_records_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
