/* rollout.c: the expert's playout policy for the rest of the foreplay, then the exact endgame. */
#include "rollout.h"

#include "hard.h"
#include "world.h"

/* hard's judgement from what the player to move may know in g, not from
 * the cards g hides from it. Tried against easy's rules as the playout
 * policy: the expert's margin against hard went from +1.6 to +2.55 tricks
 * per deal pair (80 duplicate deals, 30 worlds). */
gw_card rollout_card(const gw_game *g, const gw_stakes *st) {
    int p = g->turn;
    gw_card up = gw_game_upcard(g);
    gw_cards up_bit = up == GW_NO_CARD ? 0 : gw_bit(up);
    gw_cards theirs = gw_deck_cards((gw_variant)g->variant) & ~g->hand[p] & ~g->played & ~up_bit;
    hard_view v = {g->hand[p], gw_game_legal(g), theirs,   theirs & ~g->upcards[1 - p], g->played,
                   up,         g->led,           g->trump, (gw_variant)g->variant};
    return hard_foreplay(&v, st);
}

/* The tricks of a game whose foreplay is over, the endgame solved. */
static void finish(gw_game *g, gw_solver *solver, int endgame[2], int all[2]);

/* The worth to seat p of g, whose foreplay is just over, within (alpha,
 * beta): exact inside, else a bound on the side it fell (at most alpha, or
 * at least beta). The worth only grows with p's endgame tricks, so the
 * window becomes one in tricks and the solver searches only as exactly as
 * it needs. */
static double endgame_value(const gw_game *g, gw_solver *solver, const gw_stakes *st, int p, double alpha,
                            double beta) {
    int rest = gw_count(g->hand[p]);
    double worth[14];
    for (int t = 0; t <= rest; t++) {
        int endgame[2], all[2];
        endgame[p] = g->won[1][p] + t;
        endgame[1 - p] = g->won[1][1 - p] + rest - t;
        for (int s = 0; s < 2; s++)
            all[s] = g->won[0][s] + endgame[s];
        worth[t] = gw_stakes_value(st, (gw_variant)g->variant, p, endgame, all);
    }
    int lo = 0, hi = rest; /* p's tricks: at most lo is worth at most alpha, at least hi at least beta */
    while (lo < rest && worth[lo + 1] <= alpha)
        lo++;
    while (hi > 0 && worth[hi - 1] >= beta)
        hi--;
    if (hi < lo) hi = lo;
    int leader = g->leader;
    gw_position pos = {g->trump, g->hand[leader], g->hand[1 - leader], g->led};
    int t = leader == p ? gw_solve_within(solver, &pos, lo, hi)
                        : rest - gw_solve_within(solver, &pos, rest - hi, rest - lo);
    return worth[t];
}

/* The worth to the player to move of g (in the foreplay) with best play by
 * both on g's full deal, searched within (alpha, beta): the foreplay's
 * remaining cards, the endgame solved after it. *best gets the best card
 * (the first of equals, the policy's card tried first). */
static double foreplay_value(gw_game *g, gw_solver *solver, const gw_stakes *st, double alpha, double beta,
                             gw_card *best) {
    int p = g->turn;
    gw_card rep[13];
    int of[64];
    int n = world_runs(gw_game_legal(g), g->played, g->led, rep, of);
    /* The policy's card first: it is often best, and a good first value
     * cuts the others short. */
    int first = of[rollout_card(g, st)];
    gw_card lead = rep[first];
    for (int i = first; i > 0; i--)
        rep[i] = rep[i - 1];
    rep[0] = lead;
    double top = -1e9;
    *best = rep[0];
    for (int i = 0; i < n; i++) {
        gw_game h = *g;
        gw_game_play(&h, rep[i], NULL);
        double v;
        gw_card next;
        if (gw_game_phase(&h) == GW_FOREPLAY && h.turn == p)
            v = foreplay_value(&h, solver, st, alpha, beta, &next);
        else if (gw_game_phase(&h) == GW_FOREPLAY)
            v = -foreplay_value(&h, solver, st, -beta, -alpha, &next);
        else
            v = endgame_value(&h, solver, st, p, alpha, beta);
        if (v > top) {
            top = v;
            *best = rep[i];
            if (top > alpha) alpha = top;
            if (alpha >= beta) break;
        }
    }
    return top;
}

void rollout_play(gw_game *g, gw_solver *solver, const gw_stakes *st, int endgame[2], int all[2]) {
    rollout_play_ex(g, solver, st, 0, endgame, all);
}

void rollout_play_ex(gw_game *g, gw_solver *solver, const gw_stakes *st, int exact, int endgame[2],
                     int all[2]) {
    while (gw_game_phase(g) == GW_FOREPLAY) {
        gw_card c;
        if (gw_game_stock_left(g) <= 2 * exact)
            foreplay_value(g, solver, st, -1e9, 1e9, &c);
        else
            c = rollout_card(g, st);
        gw_game_play(g, c, NULL);
    }
    finish(g, solver, endgame, all);
}

static void finish(gw_game *g, gw_solver *solver, int endgame[2], int all[2]) {
    int extra[2] = {0, 0};
    if (gw_game_phase(g) != GW_OVER) {
        int leader = g->leader;
        gw_position pos = {g->trump, g->hand[leader], g->hand[1 - leader], g->led};
        int v = gw_solve(solver, &pos), rest = gw_count(g->hand[1 - leader]);
        extra[leader] = v;
        extra[1 - leader] = rest - v;
    }
    for (int p = 0; p < 2; p++) {
        endgame[p] = g->won[1][p] + extra[p];
        all[p] = g->won[0][p] + endgame[p];
    }
}
