/* review.c: replaying a finished hand trick by trick with the solver's verdict on the human's endgame cards.
 */
#include "review.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "describe.h"
#include "gw/ai.h"
#include "gw/observation.h"
#include "table.h"

int tui_review_compute(gw_solver *solver, const gw_game *dealt, const gw_game *finished,
                       tui_review_trick *out, gw_error *err) {
    gw_game g = *dealt;
    int n = 0;
    tui_verdict pending = {0};
    for (int i = 0; i < finished->nmoves; i++) {
        if (g.led == GW_NO_CARD) {
            out[n].before = g;
            memset(&out[n].verdict, 0, sizeof out[n].verdict);
        }
        gw_card c = finished->moves[i];
        if (g.turn == 0 && gw_game_phase(&g) == GW_ENDGAME) {
            gw_observation o;
            gw_observe(&g, 0, &o);
            gw_card_value values[GW_RANKS];
            int best = 0, count = gw_endgame_values(solver, &o, values, &best, err);
            if (count < 0) return -1;
            pending = (tui_verdict){true, 0, best, 0};
            for (int k = 0; k < count; k++) {
                if (values[k].card == c) pending.kept = values[k].tricks;
                if (values[k].tricks == best) pending.best_cards |= gw_bit(values[k].card);
            }
            out[n].verdict = pending;
        }
        gw_trick_event ev;
        if (gw_game_play(&g, c, &ev) != GW_OK)
            return gw_error_set(err, GW_EINVAL, 0, 0, "the hand does not replay"), -1;
        if (ev.completed) out[n++].ev = ev;
    }
    return n;
}

void tui_review_position(const tui_review_trick *t, gw_game *out) {
    *out = t->before;
    int leader = t->ev.leader;
    out->hand[leader] &= ~gw_bit(t->ev.cards[0]);
    out->hand[1 - leader] &= ~gw_bit(t->ev.cards[1]);
}

/* The sentence under a trick: the verdict on the human's card. */
static void verdict_text(const tui_review_trick *t, bool ascii, char *buf, size_t cap) {
    const tui_verdict *v = &t->verdict;
    if (!v->judged) {
        snprintf(buf, cap,
                 t->before.stock_pos < gw_deck_size((gw_variant)t->before.variant)
                     ? "Foreplay trick: the solver judges endgame cards only."
                     : "");
        return;
    }
    gw_card mine = t->ev.leader == 0 ? t->ev.cards[0] : t->ev.cards[1];
    char label[8];
    tui_card_label(mine, ascii, label);
    if (v->kept == v->best) {
        snprintf(buf, cap, "Solver: %s was best play (you could still win %d trick%s).", label, v->best,
                 v->best == 1 ? "" : "s");
        return;
    }
    char better[8];
    tui_card_label(gw_last(v->best_cards), ascii, better);
    int lost = v->best - v->kept;
    snprintf(buf, cap, "Solver: %s cost %d trick%s: %s would have kept %d, %s keeps %d.", label, lost,
             lost == 1 ? "" : "s", better, v->best, label, v->kept);
}

tui_exit tui_review(tui_app *app, const gw_match *m, const char *opponent, const gw_game *dealt,
                    const gw_game *finished) {
    static tui_review_trick tricks[GW_MAX_DECK / 2];
    gw_solver *solver = NULL;
    gw_error err;
    int n = -1;
    if (gw_solver_new(0, &solver) == GW_OK)
        n = tui_review_compute(solver, dealt, finished, tricks, &err);
    else
        gw_error_set(&err, GW_ENOMEM, 0, 0, "not enough memory for the solver");
    gw_solver_free(solver);
    int lost_total = 0, judged = 0;
    for (int i = 0; i < n; i++)
        if (tricks[i].verdict.judged) {
            judged++;
            lost_total += tricks[i].verdict.best - tricks[i].verdict.kept;
        }
    int hs = gw_hand_size((gw_variant)dealt->variant);
    int at = n > hs ? hs : 0; /* start at the endgame, where the verdicts are */
    for (;;) {
        tui_view v;
        memset(&v, 0, sizeof v);
        gw_game shown;
        tui_position pos;
        char news[200], verdict[200], status[320];
        if (n <= 0) {
            tui_position_of_game(finished, m, opponent, &pos);
            v.p = &pos;
            snprintf(status, sizeof status, "No review: %s", err.msg);
            v.status = status;
            v.status_warn = true;
        } else {
            const tui_review_trick *t = &tricks[at];
            tui_review_position(t, &shown);
            tui_position_of_game(&shown, m, opponent, &pos);
            v.p = &pos;
            v.shown = &t->ev;
            v.opp_face_up = true;
            tui_trick_news(&t->ev, app->scr.ascii, news, sizeof news);
            verdict_text(t, app->scr.ascii, verdict, sizeof verdict);
            v.news[0] = news;
            v.news[1] = verdict;
            snprintf(status, sizeof status,
                     "Review: hand %d, trick %d of %d. Your %d endgame cards lost %d trick%s.",
                     m->hands_played, at + 1, n, judged, lost_total, lost_total == 1 ? "" : "s");
            v.status = status;
        }
        v.order = app->settings.suit_order;
        v.stacked = app->settings.hand_display == GW_HAND_STACKED;
        v.sel = -1;
        v.value_best = GW_NO_CARD;
        v.keys = app->scr.ascii ? " <- -> trick by trick   Home/End first/last   q back"
                                : " ← → trick by trick   Home/End first/last   q back";
        tui_draw_table(&app->scr, &v, NULL);
        tui_show();
        tui_key k = tui_read_key(&app->scr, -1);
        if (tui_hidden(&app->scr) && k.code != 'q' && k.code != TUI_KEY_SIGNAL) continue; /* too small */
        switch (k.code) {
        case TUI_KEY_SIGNAL: return TUI_SIGNAL;
        case KEY_LEFT:
        case 'h':
            if (at > 0) at--;
            break;
        case KEY_RIGHT:
        case 'l':
        case ' ':
            if (at < n - 1) at++;
            break;
        case KEY_HOME: at = 0; break;
        case KEY_END: at = n > 0 ? n - 1 : 0; break;
        default:
            if (tui_key_back(k.code)) return TUI_BACK;
            break;
        }
    }
}
