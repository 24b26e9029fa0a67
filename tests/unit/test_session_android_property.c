/* test_session_android_property.c: over 10,000 random Android Whist hands (one deal each, and some whole
 * rubbers) played by random and easy computers and random outside actions (legal cards, open commands that
 * may fail, refused attempts, undo), after every action no event copy and no view given to player 1, player
 * 2 or a spectator holds a card hidden from it. What each may know is worked out from the truth apart from
 * the session: their own seat's cards and the opposing android's as dealt, the turned card, and every card
 * played. */
#include "session_android_test.h"

#include "gw/deck.h"

#define HANDS_MAX 64 /* a rubber has at most 27 hands */

typedef struct watch {
    gw_cards played_ever[HANDS_MAX]; /* by hand number: cards played so far, also if taken back since */
    const gw_android_game *dealt[HANDS_MAX];
    gw_android_game *truth; /* copies of each hand as dealt */
    uint32_t seen[3];       /* per viewer (0, 1, spectator): events checked so far */
    gw_event *buf;
    gw_view *view;
    long checks;
} watch;

static int vindex(int viewer) { return viewer == GW_SPECTATOR ? 2 : viewer; }
static unsigned vbit(int viewer) {
    return viewer == 0 ? GW_SEEN_P0 : viewer == 1 ? GW_SEEN_P1 : GW_SEEN_SPECTATOR;
}

/* Keeps the deal of the hand in play and the cards played in it. */
static void note_truth(watch *w, const gw_session *s, int hand) {
    const gw_android_game *g = gw_session_android_game(s);
    assert_true(hand >= 1 && hand < HANDS_MAX);
    if (!w->dealt[hand]) {
        w->truth[hand] = *g;
        w->dealt[hand] = &w->truth[hand];
    }
    w->played_ever[hand] |= g->played;
}

static gw_cards known(const watch *w, int hand, int viewer) {
    assert_non_null(w->dealt[hand]);
    return sa_known(w->dealt[hand], viewer, w->played_ever[hand]);
}

/* The cards an event copy shows, as a set. */
static gw_cards event_cards(const gw_event *e) {
    return e->cards | (e->card != GW_NO_CARD ? gw_bit(e->card) : 0);
}

/* Checks every event viewer has not been shown yet, and viewer's view now. */
static void check_viewer(watch *w, const gw_session *s, int viewer, int hand) {
    uint32_t last = gw_session_last_event(s), *seen = &w->seen[vindex(viewer)];
    while (*seen < last) {
        int n = gw_session_events(s, *seen + 1, viewer, w->buf, 64);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            const gw_event *e = &w->buf[i];
            assert_int_equal(e->number, *seen + 1 + (uint32_t)i);
            gw_cards shows = event_cards(e);
            if (!(e->seen_by & vbit(viewer))) {
                assert_true(e->hidden);
                assert_true(shows == 0);
            }
            gw_cards may = known(w, e->hand, viewer);
            if (shows & ~may)
                print_error("event %u (kind %d, seat %d) shows viewer %d a hidden card\n", e->number, e->kind,
                            e->seat, viewer);
            assert_true((shows & ~may) == 0);
        }
        *seen += (uint32_t)n;
    }
    gw_view *v = w->view;
    gw_error err;
    assert_int_equal(gw_session_view(s, viewer, v, &err), GW_OK);
    gw_cards may = known(w, hand, viewer);
    const gw_android_view *a = &v->android;
    gw_cards shows = a->own | a->opposing_hand | a->played | gw_bit(a->trump_card);
    for (int i = 0; i < a->ntrick && i < GW_SEATS; i++)
        shows |= gw_bit(a->trick[i]);
    for (int i = 0; i < a->nevents; i++)
        if (a->events[i].card != GW_NO_CARD) shows |= gw_bit(a->events[i].card);
    if (shows & ~may) print_error("the view of viewer %d shows a hidden card\n", viewer);
    assert_true((shows & ~may) == 0);
    /* The German part of a view says nothing in Android Whist. */
    static const gw_observation none;
    assert_memory_equal(&v->german, &none, sizeof none);
    assert_true(v->spectator_known[0] == 0 && v->spectator_known[1] == 0);
    if (viewer == GW_SPECTATOR) assert_true(a->own == 0 && a->opposing_hand == 0);
    w->checks++;
}

static void check_all(watch *w, const gw_session *s) {
    gw_error err;
    assert_int_equal(gw_session_view(s, GW_SPECTATOR, w->view, &err), GW_OK);
    int hand = w->view->hand_number;
    note_truth(w, s, hand);
    for (int viewer = -1; viewer < 2; viewer++)
        check_viewer(w, s, viewer, hand);
}

/* A refused attempt: a random card or command by a random player; it must be refused as the rules say and
 * change nothing, and "not held" never says where the card is. */
static void try_refused(const gw_session *s, gw_rng *r) {
    gw_session *m = (gw_session *)s;
    gw_action a;
    if (gw_rng_below(r, 2))
        a = (gw_action){GW_ACTION_CARD, (gw_card)gw_rng_below(r, 64), GW_CMD_NONE};
    else
        a = (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, (gw_android_command)gw_rng_below(r, GW_CMD_COUNT + 1)};
    int player = (int)gw_rng_below(r, 2);
    gw_refusal want = sa_expected(s, gw_session_android_game(s), player, &a);
    if (want == GW_REFUSE_NONE) return;
    uint32_t last = gw_session_last_event(s);
    gw_refusal why;
    gw_error err;
    assert_int_equal(gw_session_act(m, player, &a, &why, &err), GW_EILLEGAL);
    assert_int_equal(why, want);
    assert_int_equal(gw_session_last_event(s), last);
    if (why == GW_REFUSE_NOT_HELD) {
        char msg[64];
        gw_format(msg, sizeof msg, "You do not hold %C.", a.card);
        assert_string_equal(err.msg, msg);
    }
}

/* One action of whoever is to act: the computer (directly or thought apart), or an outside action, at times
 * after a refused attempt, or an undo. */
static void act_once(gw_session *s, gw_rng *r) {
    gw_error err;
    gw_turn t = gw_session_turn(s);
    uint32_t k = gw_rng_below(r, 32);
    if (k < 6) try_refused(s, r);
    if (t.computer) {
        if (k == 7) {
            gw_thought *th;
            assert_int_equal(gw_session_think_begin(s, &th, &err), GW_OK);
            gw_thought_run(th);
            assert_int_equal(gw_session_think_end(s, th, &err), GW_OK);
        } else {
            assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
        }
        return;
    }
    gw_view v;
    if (k == 8 && gw_session_view(s, t.player, &v, &err) == GW_OK && v.can_undo) {
        assert_int_equal(gw_session_undo(s, t.player, &err), GW_OK);
        return;
    }
    gw_action a = sa_random_action(gw_session_android_game(s), r);
    assert_int_equal(gw_session_act(s, t.player, &a, NULL, &err), GW_OK);
}

/* Plays session s to its end, checking after every action. */
static void play_watched(gw_session *s, gw_rng *r, watch *w) {
    gw_error err;
    memset(w->played_ever, 0, sizeof w->played_ever);
    memset(w->dealt, 0, sizeof w->dealt);
    memset(w->seen, 0, sizeof w->seen);
    check_all(w, s);
    while (gw_session_state_of(s) != GW_SESSION_OVER) {
        if (gw_session_state_of(s) == GW_SESSION_HAND_OVER)
            assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
        else
            act_once(s, r);
        check_all(w, s);
    }
}

/* A seat: outside, random or easy. */
static gw_seat_config random_seat(gw_rng *r) {
    int k = (int)gw_rng_below(r, 3);
    return (gw_seat_config){k == 0 ? GW_SEAT_OUTSIDE : GW_SEAT_COMPUTER,
                            k == 2 ? GW_ANDROID_EASY : GW_ANDROID_RANDOM, ""};
}

static void no_view_nor_event_shows_a_hidden_card(void **state) {
    (void)state;
    watch w = {0};
    w.truth = malloc(HANDS_MAX * sizeof *w.truth);
    w.buf = malloc(64 * sizeof *w.buf);
    w.view = malloc(sizeof *w.view);
    assert_true(w.truth && w.buf && w.view);
    gw_rng r;
    gw_rng_seed(&r, 20261124);
    gw_error err;
    const int deals = 10000, rubbers = 20;
    for (int k = 0; k < deals + rubbers; k++) {
        gw_session_config c;
        sa_config(&c);
        c.seats[0] = random_seat(&r);
        c.seats[1] = random_seat(&r);
        c.undo = gw_rng_below(&r, 2);
        uint8_t deck[GW_ANDROID_DECK];
        if (k < deals) {
            gw_deck_from_seed(GW_CLASSIC, gw_rng_next(&r), deck);
            c.deck = deck;
            c.dealer = (int)gw_rng_below(&r, 2);
            c.seat_seed[0] = gw_rng_next(&r);
            c.seat_seed[1] = gw_rng_next(&r);
        } else {
            c.seed = gw_rng_next(&r);
        }
        gw_session *s = NULL;
        assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
        play_watched(s, &r, &w);
        gw_session_free(s);
    }
    print_message("%d deals and %d rubbers, %ld checks of a viewer\n", deals, rubbers, w.checks);
    free(w.truth);
    free(w.buf);
    free(w.view);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_view_nor_event_shows_a_hidden_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
