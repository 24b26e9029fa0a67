/* review.c: the analysis of a played hand (review.h): each card against the best its player could have
 * played, from that player's observation, in points of the scoring rule. */
#include "gw/review.h"

#include <assert.h>
#include <math.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gw/observation.h"

gw_review_options gw_review_defaults(gw_scoring scoring) {
    return (gw_review_options){.stakes = {scoring, 0, {0, 0}},
                               .seats = 3u,
                               .foreplay = true,
                               .endgame = true,
                               .iterations = GW_REVIEW_ITERATIONS,
                               .seed = GW_REVIEW_SEED};
}

/* What the hand is worth to seat if it wins `mine` of the `left` endgame tricks still to play in o. */
static double endgame_worth(const gw_stakes *st, const gw_observation *o, int mine, int left) {
    int seat = o->seat, endgame[2], all[2];
    endgame[seat] = o->won[GW_ENDGAME][seat] + mine;
    endgame[1 - seat] = o->won[GW_ENDGAME][1 - seat] + left - mine;
    for (int p = 0; p < 2; p++)
        all[p] = o->won[GW_FOREPLAY][p] + endgame[p];
    return gw_stakes_value(st, o->variant, seat, endgame, all);
}

/* The endgame verdict: exact, from the solver (every card is known to the player in the endgame). */
static gw_status endgame_verdict(gw_solver *s, const gw_stakes *st, const gw_observation *o, gw_card c,
                                 gw_card_verdict *out, gw_error *err) {
    gw_card_value v[GW_RANKS];
    int best = 0, n = gw_endgame_values(s, o, v, &best, err);
    if (n < 0) return gw_error_set(err, GW_EINVAL, 0, 0, "the endgame cannot be solved");
    int left = gw_count(o->own), kept = -1; /* the tricks still to play, this one included */
    for (int i = 0; i < n; i++) {
        if (v[i].tricks == best) out->best_set |= gw_bit(v[i].card);
        if (v[i].card == c) kept = v[i].tricks;
    }
    if (kept < 0) return gw_error_set(err, GW_EINVAL, 0, 0, "the card is not legal here");
    assert(kept <= best && out->best_set);
    /* Points only grow with the player's own tricks, so the trick-best cards are the point-best too. */
    out->best = gw_has(out->best_set, c) ? c : gw_first(out->best_set);
    out->lost_tricks = best - kept;
    out->loss = endgame_worth(st, o, best, left) - endgame_worth(st, o, kept, left);
    out->worlds = 1;
    out->judged = true;
    return GW_OK;
}

/* The foreplay verdict: the expert's estimates of every legal card over the same worlds. */
static gw_status foreplay_verdict(gw_expert *e, const gw_observation *o, gw_card c, gw_card_verdict *out,
                                  gw_error *err) {
    gw_card_estimate est[13];
    int n = gw_expert_estimate(e, o, est);
    int at = -1;
    for (int i = 0; i < n; i++)
        if (est[i].card == c) at = i;
    if (at < 0) return gw_error_set(err, GW_EINVAL, 0, 0, "the card is not legal here");
    if (est[0].samples <= 0) return GW_OK; /* no world fits the observation: left unjudged */
    double loss = est[0].points - est[at].points;
    out->best = loss > 0 ? est[0].card : c;
    out->best_set = gw_bit(out->best);
    out->loss = loss > 0 ? loss : 0.0;
    out->se = loss > 0 ? est[at].se : 0.0;
    out->worlds = est[at].samples;
    out->judged = true;
    return GW_OK;
}

gw_status gw_review_card(gw_expert *e, gw_solver *s, const gw_stakes *st, const gw_game *g, gw_card c,
                         gw_card_verdict *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    out->card = c;
    out->best = c;
    gw_phase phase = gw_game_phase(g);
    if (phase == GW_OVER || gw_game_check(g, c) != GW_PLAY_OK)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the card is not legal here");
    out->phase = phase;
    out->seat = g->turn;
    out->trick = g->tricks_done + 1;
    gw_observation o;
    gw_observe(g, g->turn, &o); /* what the player knew: nothing more */
    gw_cards legal = gw_observation_legal(&o);
    if (legal == gw_bit(c)) {
        out->forced = out->judged = true;
        out->best_set = legal;
        out->worlds = phase == GW_ENDGAME ? 1 : 0;
        return GW_OK;
    }
    assert(phase == GW_ENDGAME ? s != NULL : e != NULL);
    return phase == GW_ENDGAME ? endgame_verdict(s, st, &o, c, out, err)
                               : foreplay_verdict(e, &o, c, out, err);
}

/* True if move a is costlier than move b (ties: the earlier). */
static bool costlier(const gw_hand_review *r, int a, int b) {
    if (r->card[a].loss != r->card[b].loss) return r->card[a].loss > r->card[b].loss;
    return a < b;
}

/* Puts move i among its player's costliest if it is one. */
static void rank_worst(gw_hand_review *r, int i) {
    int p = r->card[i].seat, n = r->nworst[p];
    if (!(r->card[i].loss > 0)) return;
    if (n == GW_REVIEW_WORST && !costlier(r, i, r->worst[p][n - 1])) return;
    int j = n < GW_REVIEW_WORST ? n++ : n - 1;
    for (; j > 0 && costlier(r, i, r->worst[p][j - 1]); j--)
        r->worst[p][j] = r->worst[p][j - 1];
    r->worst[p][j] = i;
    r->nworst[p] = n;
}

/* ---- the review card by card ---------------------------------------------------------------- */

struct gw_reviewer {
    gw_review_options opt;
    gw_expert *e; /* the foreplay's judge (NULL when the options leave the foreplay out) */
    gw_solver *s; /* the endgame's (NULL when they leave the endgame out) */
    gw_game at;   /* the hand before move `next` */
    gw_card moves[GW_MAX_DECK];
    int next;      /* the first move not yet passed: every verdict before it is final */
    double var[2]; /* per player: the sum of the judged losses' variances */
    gw_hand_review out;
};

/* Whether the options want move i judged, the game being at (before that move). */
static bool wanted(const gw_review_options *opt, const gw_game *at) {
    gw_phase phase = gw_game_phase(at);
    if (phase == GW_OVER || !((opt->seats >> at->turn) & 1u)) return false;
    return phase == GW_FOREPLAY ? opt->foreplay : opt->endgame;
}

gw_status gw_reviewer_new(const gw_game *dealt, const gw_card *moves, int nmoves,
                          const gw_review_options *opt, gw_reviewer **out, gw_error *err) {
    *out = NULL;
    if (opt->iterations < 1 || nmoves < 0 || nmoves > GW_MAX_DECK || dealt->nmoves != 0)
        return gw_error_set(err, GW_EINVAL, 0, 0, "a review needs iterations from 1 and a dealt hand (%d)",
                            opt->iterations);
    gw_reviewer *r = calloc(1, sizeof *r);
    if (!r) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for a review");
    r->opt = *opt;
    r->at = *dealt;
    /* Every move is checked, and its place in the hand written, before any card is judged. */
    gw_game g = *dealt;
    for (int i = 0; i < nmoves; i++) {
        gw_card_verdict *v = &r->out.card[i];
        v->card = moves[i];
        v->seat = g.turn;
        v->trick = g.tricks_done + 1;
        v->phase = gw_game_phase(&g);
        r->moves[i] = moves[i];
        if (v->phase == GW_OVER || gw_game_play(&g, moves[i], NULL) != GW_OK) {
            free(r);
            return gw_error_set(err, GW_EINVAL, 0, 0, "move %d (%C) is not legal", i + 1, moves[i]);
        }
    }
    r->out.nmoves = nmoves;
    gw_status st = GW_OK;
    if (opt->foreplay)
        st = gw_expert_new((gw_expert_limits){0, opt->iterations, NULL}, opt->seed, &r->e, err);
    if (st == GW_OK && opt->endgame && gw_solver_new(0, &r->s) != GW_OK)
        st = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the solver");
    if (st != GW_OK) {
        gw_reviewer_free(r);
        return st;
    }
    if (r->e) gw_expert_set_stakes(r->e, &opt->stakes);
    *out = r;
    return GW_OK;
}

gw_status gw_reviewer_step(gw_reviewer *r, int *move, gw_error *err) {
    *move = -1;
    while (r->next < r->out.nmoves) {
        int i = r->next;
        gw_card c = r->moves[i];
        if (wanted(&r->opt, &r->at)) {
            gw_card_verdict *v = &r->out.card[i];
            gw_error why;
            gw_status st = gw_review_card(r->e, r->s, &r->opt.stakes, &r->at, c, v, &why);
            if (st != GW_OK) return gw_error_set(err, st, 0, 0, "move %d (%C): %s", i + 1, c, why.msg);
            if (v->judged) {
                int p = v->seat;
                gw_hand_review *h = &r->out;
                h->judged[v->phase][p]++;
                h->loss[p] += v->loss;
                r->var[p] += v->se * v->se;
                h->loss_se[p] = sqrt(r->var[p]);
                if (v->phase == GW_FOREPLAY)
                    h->foreplay_loss[p] += v->loss;
                else
                    h->endgame_loss[p] += v->loss;
                rank_worst(h, i);
            }
            *move = i;
        }
        gw_status played = gw_game_play(&r->at, c, NULL);
        assert(played == GW_OK); /* checked by gw_reviewer_new */
        (void)played;
        r->next = i + 1;
        if (*move >= 0) return GW_OK;
    }
    return GW_OK;
}

bool gw_reviewer_done(const gw_reviewer *r) { return r->next >= r->out.nmoves; }

int gw_reviewer_next(const gw_reviewer *r) { return r->next; }

const gw_hand_review *gw_reviewer_review(const gw_reviewer *r) { return &r->out; }

void gw_reviewer_free(gw_reviewer *r) {
    if (!r) return;
    gw_expert_free(r->e);
    gw_solver_free(r->s);
    free(r);
}

gw_status gw_review_hand(const gw_game *dealt, const gw_card *moves, int nmoves, const gw_review_options *opt,
                         gw_hand_review *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    gw_reviewer *r;
    gw_status st = gw_reviewer_new(dealt, moves, nmoves, opt, &r, err);
    if (st != GW_OK) return st;
    int move = 0;
    while (st == GW_OK && !gw_reviewer_done(r))
        st = gw_reviewer_step(r, &move, err);
    *out = r->out;
    gw_reviewer_free(r);
    return st;
}

const char *gw_review_points_text(double x, char *buf, size_t cap) {
    int n = cap > INT_MAX ? INT_MAX : (int)cap;
    if (x == (double)(long)x) {
        gw_format(buf, n, "%d point%s", (int)x, x == 1.0 ? "" : "s");
        return buf;
    }
    /* Two decimals, rounded (the engine's own formatter: no stdio here). */
    long hundredths = lround(fabs(x) * 100.0);
    gw_format(buf, n, "%s%d.%d%d points", x < 0 ? "-" : "", (int)(hundredths / 100),
              (int)(hundredths / 10 % 10), (int)(hundredths % 10));
    return buf;
}
