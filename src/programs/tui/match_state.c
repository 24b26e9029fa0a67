/* match_state.c: the German Whist match at the table on the session: its configuration, restoring it,
 * its finished hands and the last trick from the human's view. */
#include "match_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/monotonic.h"
#include "gw/record.h"

void tui_match_config(gw_session_config *c, gw_match_rules rules, uint64_t seed, gw_ai_level level,
                      int think_ms, bool computer) {
    gw_session_config_default(c, GW_GAME_GERMAN);
    c->rules = rules;
    c->seed = seed;
    c->seats[0].kind = GW_SEAT_OUTSIDE;
    c->seats[1].kind = computer ? GW_SEAT_COMPUTER : GW_SEAT_OUTSIDE;
    c->seats[1].level = (int)level;
    snprintf(c->seats[1].name, sizeof c->seats[1].name, "%s", gw_ai_level_name(level));
    c->limits = (gw_expert_limits){think_ms, 0, NULL};
    c->clock = gw_monotonic_clock();
    c->undo = true;
}

gw_status tui_match_start(tui_match *m, const gw_session_config *c, const char *date, gw_error *err) {
    memset(m, 0, sizeof *m);
    gw_status st = gw_session_new(c, &m->s, err);
    if (st != GW_OK) {
        m->s = NULL;
        return st;
    }
    tui_match_set_date(m, date);
    return GW_OK;
}

void tui_match_set_store(tui_match *m, int64_t id) {
    m->store_id = id > 0 ? id : 0;
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)m->store_id);
    gw_session_set_tag(m->s, "StoreMatch", m->store_id > 0 ? text : NULL, NULL);
}

void tui_match_set_date(tui_match *m, const char *date) { gw_session_set_tag(m->s, "Date", date, NULL); }

void tui_match_text(const tui_match *m, gw_text *out) { gw_session_record(m->s, true, out); }

gw_status tui_match_restore(tui_match *m, const gw_session_config *base, const char *text, size_t len,
                            gw_error *err) {
    memset(m, 0, sizeof *m);
    gw_record r;
    gw_status st = gw_record_read(text, len, &r, err);
    if (st != GW_OK) return st;
    st = gw_session_restore(base, text, len, &m->s, err); /* every hand checked, its rules among them */
    if (st == GW_OK && gw_session_state_of(m->s) == GW_SESSION_OVER)
        st = gw_error_set(err, GW_EINVAL, 0, 0, "the saved match is already over");
    if (st != GW_OK) {
        tui_match_free(m);
        gw_record_free(&r);
        return st;
    }
    /* The statistics row and the date of the hand in play, as the record has them. */
    const char *id = gw_record_hand_tag(&r.hands[0], "StoreMatch");
    const char *date = gw_record_hand_tag(&r.hands[r.count - 1], "Date");
    if (id) tui_match_set_store(m, strtoll(id, NULL, 10));
    if (date && gw_session_state_of(m->s) == GW_SESSION_PLAYING) tui_match_set_date(m, date);
    gw_record_free(&r);
    return GW_OK;
}

gw_status tui_match_finished_hand(const tui_match *m, int hand_no, gw_game *dealt, gw_game *finished,
                                  gw_hand_score *hs, gw_error *err) {
    gw_text t = {0};
    gw_status st = gw_session_hand_record(m->s, hand_no, &t, err);
    if (st == GW_OK && t.failed) st = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    gw_record r;
    if (st == GW_OK) st = gw_record_read(gw_text_str(&t), t.len, &r, err);
    gw_text_free(&t);
    if (st != GW_OK) return st;
    const gw_record_hand *h = r.count == 1 ? &r.hands[0] : NULL;
    if (!h || h->error.status != GW_OK || !h->finished) {
        st = gw_error_set(err, GW_EINVAL, 0, 0, "hand %d is not a finished hand", hand_no);
    } else {
        st = gw_game_deal(dealt, h->rules.variant, h->deck, h->dealer, err);
        *finished = h->game;
        *hs = h->outcome;
    }
    gw_record_free(&r);
    return st;
}

bool tui_last_trick(const gw_observation *o, gw_trick_event *out) {
    int done = o->nmoves / 2;
    if (done == 0) return false;
    int foreplay = gw_hand_size(o->variant), leader = 1 - o->dealer, winner = leader;
    for (int k = 0; k < done; k++) {
        leader = winner;
        bool follower_won = gw_trick_winner(o->trump, o->moves[2 * k], o->moves[2 * k + 1]);
        winner = follower_won ? 1 - leader : leader;
    }
    int k = done - 1;
    memset(out, 0, sizeof *out);
    out->completed = true;
    out->number = done;
    out->leader = leader;
    out->cards[0] = o->moves[2 * k];
    out->cards[1] = o->moves[2 * k + 1];
    out->winner = winner;
    out->drawn[0] = out->drawn[1] = out->next_upcard = GW_NO_CARD;
    if (k < foreplay && k < o->nups) {
        out->drawn[winner] = o->ups[k]; /* the up-card: seen by both */
        if (winner != o->seat && k < o->ndraws) out->drawn[o->seat] = o->draws[k];
        if (k + 1 < o->nups) out->next_upcard = o->ups[k + 1];
    }
    return true;
}

void tui_match_free(tui_match *m) {
    gw_session_free(m->s);
    m->s = NULL;
}
