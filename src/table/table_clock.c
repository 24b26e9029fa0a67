/* table_clock.c: the table's timers, with the time passed in: the clock per card (when it runs out the
 * computer plays that one card for the seat, and the hand is marked), the grace periods of persons who
 * left, and the computer's turns (now, or lent to a worker). */
#include <stdlib.h>

#include "table_internal.h"

/* Who the clock runs for now: the person to act, present and playing their own seat; -1 if nobody. */
static int clock_for(const gw_table *t) {
    if (t->opt.card_s <= 0 || !t->s || t->phase != GW_TABLE_PLAYING || t->thought) return -1;
    if (gw_session_state_of(t->s) != GW_SESSION_PLAYING) return -1;
    gw_turn turn = gw_session_turn(t->s);
    if (turn.player < 0 || turn.computer) return -1;
    const tb_seat *st = &t->seats[turn.player];
    if (st->kind != GW_TSEAT_PERSON || st->taken_over || st->away_since_ms >= 0) return -1;
    return turn.player;
}

void tb_clock_update(gw_table *t, int64_t now_ms) {
    if (t->due_player >= 0 && (t->thought || (t->s && gw_session_turn(t->s).player == t->due_player &&
                                              gw_session_last_event(t->s) == t->clock_event)))
        return; /* the computer is to play (or plays) the card whose time ran out */
    t->due_player = -1;
    int p = clock_for(t);
    uint32_t ev = t->s ? gw_session_last_event(t->s) : 0;
    if (p >= 0 && p == t->clock_player && ev == t->clock_event) return; /* the same card's clock runs on */
    if (t->clock_player >= 0 && ev == t->clock_event) {
        /* the clock stops with the card still to play (its player left): it keeps the time it had left, so
         * that leaving and coming back wins no time */
        t->clock_left_ms = t->clock_deadline > now_ms ? t->clock_deadline - now_ms : 0;
        t->clock_left_player = t->clock_player;
        t->clock_left_event = ev;
    }
    if (t->clock_left_ms >= 0 && ev != t->clock_left_event) t->clock_left_ms = -1; /* that card is played */
    if (p < 0) {
        t->clock_player = -1;
        return;
    }
    t->clock_player = p;
    t->clock_event = ev;
    int64_t full = (int64_t)t->opt.card_s * 1000;
    /* a card whose clock stopped (its player left; a load) keeps the time it had left */
    bool saved = t->clock_left_ms >= 0 && t->clock_left_ms <= full && t->clock_left_player == p;
    t->clock_deadline = now_ms + (saved ? t->clock_left_ms : full);
    t->clock_left_ms = -1;
}

int64_t tb_clock_left(const gw_table *t, int64_t now_ms) {
    if (t->clock_player < 0 || t->due_player >= 0) return -1;
    int64_t left = t->clock_deadline - now_ms;
    return left > 0 ? left : 0;
}

/* The grace deadline of player p's seat, or -1. */
static int64_t grace_deadline(const gw_table *t, int p) {
    const tb_seat *st = &t->seats[p];
    if (t->phase != GW_TABLE_PLAYING || st->kind != GW_TSEAT_PERSON || st->away_since_ms < 0 ||
        st->taken_over)
        return -1;
    return st->away_since_ms + (int64_t)t->opt.grace_s * 1000;
}

bool tb_grace_over(const gw_table *t, int q, int64_t now_ms) {
    int64_t d = grace_deadline(t, 1 - q);
    return d >= 0 && now_ms >= d;
}

void gw_table_tick(gw_table *t, int64_t now_ms, gw_table_out *out) {
    t->now_seen = now_ms;
    if (t->clock_player >= 0 && t->due_player < 0 && now_ms >= t->clock_deadline) {
        t->due_player = t->clock_player; /* gw_table_computer_due: the host has the computer play it */
        for (size_t i = 0; i < t->nconns; i++)
            tb_send_view(t, t->conns[i].id, t->conns[i].viewer, now_ms, out);
    }
    bool told = false;
    for (int p = 0; p < 2; p++) {
        int64_t d = grace_deadline(t, p);
        if (d >= 0 && now_ms >= d && !t->seats[p].grace_told) {
            t->seats[p].grace_told = true;
            told = true;
        }
    }
    if (told)
        tb_broadcast(t, json_pack("{s:s, s:o}", "type", "table_seats", "seats", tb_seats_json(t, now_ms)),
                     out);
}

int64_t gw_table_next_deadline(const gw_table *t) {
    int64_t next = -1;
    if (t->clock_player >= 0 && t->due_player < 0) next = t->clock_deadline;
    for (int p = 0; p < 2; p++) {
        int64_t d = grace_deadline(t, p);
        if (d >= 0 && !t->seats[p].grace_told && (next < 0 || d < next)) next = d;
    }
    return next;
}

bool gw_table_computer_due(const gw_table *t) {
    if (!t->s || t->thought || t->phase != GW_TABLE_PLAYING) return false;
    if (gw_session_state_of(t->s) != GW_SESSION_PLAYING) return false;
    gw_turn turn = gw_session_turn(t->s);
    return turn.player >= 0 && (turn.computer || turn.player == t->due_player);
}

gw_status gw_table_think_begin(gw_table *t, gw_thought **out, gw_error *err) {
    *out = NULL;
    if (!gw_table_computer_due(t)) return gw_error_set(err, GW_ESTATE, 0, 0, "no computer is to act");
    int p = gw_session_turn(t->s).player;
    bool clock = !gw_session_turn(t->s).computer;
    if (clock) { /* the card whose time ran out: the computer stands in for this card only */
        gw_seat_config sc = {GW_SEAT_COMPUTER, t->opt.takeover_level, ""};
        gw_status st = gw_session_seat(t->s, p, &sc, err);
        if (st != GW_OK) return st;
    }
    gw_status st = gw_session_think_begin(t->s, out, err);
    if (st != GW_OK) {
        if (clock) gw_session_seat(t->s, p, &(gw_seat_config){GW_SEAT_OUTSIDE, 0, ""}, NULL);
        return st;
    }
    t->thought = *out;
    t->thought_clock = clock;
    return GW_OK;
}

/* After the decision out ends (applied or not): the stand-in leaves, persons who came back sit again. */
static void thought_done(gw_table *t) {
    if (t->thought_clock)
        gw_session_seat(t->s, t->due_player, &(gw_seat_config){GW_SEAT_OUTSIDE, 0, ""}, NULL);
    t->thought = NULL;
    t->thought_clock = false;
    t->due_player = -1;
    for (int p = 0; p < 2; p++)
        if (t->seats[p].return_pending) {
            t->seats[p].return_pending = false;
            tb_seat_back(t, p);
        }
}

gw_status gw_table_think_end(gw_table *t, gw_thought *th, int64_t now_ms, gw_table_out *out, gw_error *err) {
    t->now_seen = now_ms;
    if (!th || th != t->thought)
        return gw_error_set(err, GW_ESTATE, 0, 0, "that decision is not this table's");
    if (t->phase != GW_TABLE_PLAYING) { /* claimed or resigned meanwhile: the decision is void */
        gw_session_think_cancel(t->s, th);
        thought_done(t);
        return GW_OK;
    }
    if (t->thought_clock) {
        t->marks_timeout |= 1u << t->due_player;
        tb_write_marks(t); /* before the card: it may end the hand, whose record is written then */
    }
    gw_status st = gw_session_think_end(t->s, th, err);
    thought_done(t);
    tb_after_change(t, now_ms, out);
    return st;
}

void gw_table_think_cancel(gw_table *t, gw_thought *th) {
    if (!th || th != t->thought) return;
    gw_session_think_cancel(t->s, th);
    int due = t->thought_clock ? t->due_player : -1;
    thought_done(t);
    t->due_player = due; /* the card is still the computer's to play */
}

gw_status gw_table_play_computer(gw_table *t, int64_t now_ms, gw_table_out *out, gw_error *err) {
    gw_thought *th;
    gw_status st = gw_table_think_begin(t, &th, err);
    if (st != GW_OK) return st;
    gw_thought_run(th);
    return gw_table_think_end(t, th, now_ms, out, err);
}
