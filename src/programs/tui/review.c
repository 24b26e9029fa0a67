/* review.c: replaying a finished hand trick by trick with the review of the human's cards: the expert's
 * verdict on foreplay cards, the solver's on endgame cards, in points of the scoring rule (review.h). */
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

/* The review's options for the human's cards. */
static gw_review_options human_options(gw_scoring scoring, int iterations) {
    gw_review_options opt = gw_review_defaults(scoring);
    opt.seats = 1u; /* the human */
    opt.iterations = iterations;
    return opt;
}

gw_status tui_review_start(const gw_game *dealt, const gw_game *finished, gw_scoring scoring, int iterations,
                           tui_review_trick *out, int n, tui_review_progress *p, gw_error *err) {
    memset(p, 0, sizeof *p);
    gw_review_options opt = human_options(scoring, iterations);
    gw_status st = gw_reviewer_new(dealt, finished->moves, finished->nmoves, &opt, &p->r, err);
    if (st != GW_OK) {
        p->done = p->failed = true;
        p->err = *err;
        return st;
    }
    const gw_hand_review *rev = gw_reviewer_review(p->r);
    for (int i = 0; i < rev->nmoves; i++) {
        const gw_card_verdict *v = &rev->card[i];
        if (v->seat != 0) continue;
        p->total++;
        if (v->trick >= 1 && v->trick <= n) out[v->trick - 1].pending = true;
    }
    p->done = gw_reviewer_done(p->r);
    return GW_OK;
}

bool tui_review_step(tui_review_progress *p, tui_review_trick *out, int n) {
    if (p->done) return false;
    int move = -1;
    if (gw_reviewer_step(p->r, &move, &p->err) != GW_OK) {
        p->done = p->failed = true;
        return false;
    }
    if (move >= 0) {
        const gw_card_verdict *v = &gw_reviewer_review(p->r)->card[move];
        p->judged++;
        if (v->trick >= 1 && v->trick <= n) {
            out[v->trick - 1].review = *v;
            out[v->trick - 1].pending = false;
        }
    }
    p->done = gw_reviewer_done(p->r);
    return !p->done;
}

const gw_hand_review *tui_review_so_far(const tui_review_progress *p) {
    return p->r ? gw_reviewer_review(p->r) : NULL;
}

void tui_review_stop(tui_review_progress *p) {
    gw_reviewer_free(p->r);
    p->r = NULL;
}

gw_status tui_review_analyse(const gw_game *dealt, const gw_game *finished, gw_scoring scoring,
                             int iterations, tui_review_trick *out, int n, gw_hand_review *rev,
                             gw_error *err) {
    tui_review_progress p;
    gw_status st = tui_review_start(dealt, finished, scoring, iterations, out, n, &p, err);
    if (st != GW_OK) return st;
    while (tui_review_step(&p, out, n))
        ;
    if (p.failed) {
        *err = p.err;
        st = p.err.status != GW_OK ? p.err.status : GW_EINVAL;
    } else {
        *rev = *tui_review_so_far(&p);
    }
    tui_review_stop(&p);
    return st;
}

void tui_review_summary(const gw_hand_review *rev, char *buf, size_t cap) {
    int len = snprintf(buf, cap, "Lost %.2f point%s", rev->loss[0], rev->loss[0] == 1.0 ? "" : "s");
    for (int k = 0; k < rev->nworst[0] && len > 0 && (size_t)len < cap; k++)
        len += snprintf(buf + len, cap - (size_t)len, "%s%d",
                        k                    ? ", "
                        : rev->nworst[0] > 1 ? "; worst: tricks "
                                             : "; worst: trick ",
                        rev->card[rev->worst[0][k]].trick);
    if (len > 0 && (size_t)len < cap) snprintf(buf + len, cap - (size_t)len, ".");
}

void tui_review_position(const tui_review_trick *t, gw_game *out) {
    *out = t->before;
    int leader = t->ev.leader;
    out->hand[leader] &= ~gw_bit(t->ev.cards[0]);
    out->hand[1 - leader] &= ~gw_bit(t->ev.cards[1]);
}

void tui_review_verdict_text(const tui_review_trick *t, bool ascii, char *buf, size_t cap) {
    const tui_verdict *v = &t->verdict;
    const gw_card_verdict *r = &t->review;
    if (r->judged && r->phase == GW_FOREPLAY) {
        char label[8], better[8];
        tui_card_label(r->card, ascii, label);
        tui_card_label(r->best, ascii, better);
        if (r->forced)
            snprintf(buf, cap, "Expert: %s was your only card.", label);
        else if (!(r->loss > 0))
            snprintf(buf, cap, "Expert: %s was as good as any, from what you knew (%d deals).", label,
                     r->worlds);
        else
            snprintf(buf, cap, "Expert: %s cost %.2f %s %.2f points; %s was best from what you knew.", label,
                     r->loss, ascii ? "+-" : "±", r->se, better);
        return;
    }
    bool foreplay_trick = t->before.stock_pos < gw_deck_size((gw_variant)t->before.variant);
    if (t->pending && foreplay_trick) {
        snprintf(buf, cap, "Expert: judging your card... (the review goes on while you look)");
        return;
    }
    if (!v->judged) {
        snprintf(buf, cap, foreplay_trick ? "Foreplay trick: the solver judges endgame cards only." : "");
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
    char pts[32] = "";
    if (r->judged && r->phase == GW_ENDGAME) {
        char p[24];
        snprintf(pts, sizeof pts, " (%s)", gw_review_points_text(r->loss, p, sizeof p));
    }
    snprintf(buf, cap, "Solver: %s cost %d trick%s%s: %s would have kept %d, %s keeps %d.", label, lost,
             lost == 1 ? "" : "s", pts, better, v->best, label, v->kept);
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
    for (int i = 0; i < n; i++) {
        memset(&tricks[i].review, 0, sizeof tricks[i].review);
        tricks[i].pending = false;
    }
    /* The review in points, a card at a time between two looks at the keyboard: the expert on the foreplay
     * cards (about a second for a classic hand), the solver's points on the endgame's. */
    tui_review_progress prog = {.done = true};
    if (n > 0)
        tui_review_start(dealt, finished, m->rules.scoring, GW_REVIEW_ITERATIONS, tricks, n, &prog, &err);
    int worst_at = 0; /* the next of the costliest tricks the w key goes to */
    int lost_total = 0, judged = 0;
    for (int i = 0; i < n; i++)
        if (tricks[i].verdict.judged) {
            judged++;
            lost_total += tricks[i].verdict.best - tricks[i].verdict.kept;
        }
    int hs = gw_hand_size((gw_variant)dealt->variant);
    int at = n > hs ? hs : 0; /* start at the endgame, where the solver's verdicts are at once */
    tui_exit result = TUI_BACK;
    for (;;) {
        tui_view v;
        memset(&v, 0, sizeof v);
        gw_game shown;
        tui_position pos;
        char news[200], verdict[200], status[320];
        const gw_hand_review *rev = tui_review_so_far(&prog);
        bool reviewed = prog.done && !prog.failed && rev;
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
            tui_review_verdict_text(t, app->scr.ascii, verdict, sizeof verdict);
            v.news[0] = news;
            v.news[1] = verdict;
            char summary[160];
            if (reviewed)
                tui_review_summary(rev, summary, sizeof summary);
            else if (!prog.done)
                snprintf(summary, sizeof summary, "Judging your cards: %d of %d...", prog.judged, prog.total);
            else
                snprintf(summary, sizeof summary, "Your %d endgame cards lost %d trick%s.", judged,
                         lost_total, lost_total == 1 ? "" : "s");
            snprintf(status, sizeof status, "Review: hand %d, trick %d of %d. %s", m->hands_played, at + 1, n,
                     summary);
            v.status = status;
        }
        v.order = app->settings.suit_order;
        v.stacked = app->settings.hand_display == GW_HAND_STACKED;
        v.sel = -1;
        v.value_best = GW_NO_CARD;
        v.keys = app->scr.ascii ? " <- -> trick by trick   Home/End first/last   w worst   q back"
                                : " ← → trick by trick   Home/End first/last   w worst   q back";
        tui_draw_table(&app->scr, &v, NULL);
        tui_show();
        /* While cards are left to judge, the keyboard is looked at between two cards (one card takes a
         * fraction of a second): a key is answered at once, and the review goes on. */
        tui_key k = tui_read_key(&app->scr, prog.done ? -1 : 1);
        if (k.code == TUI_KEY_NONE) {
            tui_review_step(&prog, tricks, n);
            continue;
        }
        if (tui_hidden(&app->scr) && k.code != 'q' && k.code != TUI_KEY_SIGNAL) continue; /* too small */
        bool leave = false;
        switch (k.code) {
        case TUI_KEY_SIGNAL:
            result = TUI_SIGNAL;
            leave = true;
            break;
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
        case 'w': /* the costliest decisions in turn (once the whole hand is judged) */
            if (reviewed && rev->nworst[0] > 0) {
                at = rev->card[rev->worst[0][worst_at]].trick - 1;
                worst_at = (worst_at + 1) % rev->nworst[0];
            }
            break;
        default: leave = tui_key_back(k.code); break;
        }
        if (leave) break;
    }
    tui_review_stop(&prog);
    return result;
}
