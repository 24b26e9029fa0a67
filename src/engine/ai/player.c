/* player.c: the player interface's calls, the seat's view of a trick, and the computer players behind it. */
#include <stdlib.h>

#include "gw/ai.h"

void gw_seen_trick_make(const gw_trick_event *ev, int seat, gw_seen_trick *out) {
    int opp = 1 - seat;
    *out = (gw_seen_trick){ev->number,      ev->leader, ev->winner,     {ev->cards[0], ev->cards[1]},
                           ev->drawn[seat], GW_NO_CARD, ev->next_upcard};
    /* The winner takes the face-up card: the loser's draw stays hidden. */
    if (ev->winner == opp) out->opp_draw = ev->drawn[opp];
}

void gw_player_begin_hand(gw_player *p, const gw_observation *o) {
    if (p->ops->begin_hand) p->ops->begin_hand(p, o);
}

gw_status gw_player_choose(gw_player *p, const gw_observation *o, gw_card *out, gw_error *err) {
    return p->ops->choose(p, o, out, err);
}

void gw_player_trick_done(gw_player *p, const gw_observation *o, const gw_seen_trick *t) {
    if (p->ops->trick_done) p->ops->trick_done(p, o, t);
}

void gw_player_reveal(gw_player *p, const gw_game *g) {
    if (p->ops->reveal) p->ops->reveal(p, g);
}

bool gw_player_cheats(const gw_player *p) { return p->ops->reveal != NULL; }

void gw_player_free(gw_player *p) {
    if (p) p->ops->destroy(p);
}

/* ---- computer players ---------------------------------------------------- */

typedef struct bot {
    gw_player base; /* first: a bot is a player */
    gw_ai_level level;
    gw_rng rng;
    gw_solver *solver; /* hard */
    gw_expert *expert; /* expert, oracle */
    gw_stakes stakes;
    gw_game truth; /* oracle: the state shown before each choice */
    bool shown;
} bot;

static gw_status bot_choose(gw_player *p, const gw_observation *o, gw_card *out, gw_error *err) {
    bot *b = (bot *)p;
    if (!gw_observation_legal(o)) return gw_error_set(err, GW_ESTATE, 0, 0, "it is not this player's turn");
    switch (b->level) {
    case GW_AI_RANDOM: *out = gw_ai_random(o, &b->rng); break;
    case GW_AI_EASY: *out = gw_ai_easy(o, &b->stakes); break;
    case GW_AI_HARD: *out = gw_ai_hard(o, b->solver, &b->stakes); break;
    case GW_AI_EXPERT: *out = gw_expert_choose(b->expert, o); break;
    case GW_AI_ORACLE: {
        if (!b->shown) return gw_error_set(err, GW_ESTATE, 0, 0, "the oracle was not shown the game");
        gw_card_estimate est[13];
        *out = gw_oracle_estimate(b->expert, &b->truth, est) > 0 ? est[0].card : GW_NO_CARD;
        b->shown = false;
        break;
    }
    default: return gw_error_set(err, GW_EINVAL, 0, 0, "unknown computer level");
    }
    return GW_OK;
}

static void bot_reveal(gw_player *p, const gw_game *g) {
    bot *b = (bot *)p;
    b->truth = *g;
    b->shown = true;
}

static void bot_destroy(gw_player *p) {
    bot *b = (bot *)p;
    gw_solver_free(b->solver);
    gw_expert_free(b->expert);
    free(b);
}

static const gw_player_ops BOT_OPS = {NULL, bot_choose, NULL, NULL, bot_destroy};
static const gw_player_ops ORACLE_OPS = {NULL, bot_choose, NULL, bot_reveal, bot_destroy};

/* The hard level's endgame table: one hand's endgame (13 cards, then
 * fewer, the table kept between its cards) fits in 1 MiB. */
#define HARD_TABLE_BYTES (1u << 20)

gw_status gw_bot_new(const gw_bot_options *opt, gw_player **out, gw_error *err) {
    if ((unsigned)opt->level >= GW_AI_LEVELS)
        return gw_error_set(err, GW_EINVAL, 0, 0, "unknown computer level");
    bot *b = calloc(1, sizeof *b);
    if (!b) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    b->base.ops = opt->level == GW_AI_ORACLE ? &ORACLE_OPS : &BOT_OPS;
    b->base.name = gw_ai_level_name(opt->level);
    b->level = opt->level;
    gw_rng_seed(&b->rng, opt->seed);
    gw_status st = GW_OK;
    if (opt->level == GW_AI_HARD && gw_solver_new(HARD_TABLE_BYTES, &b->solver) != GW_OK)
        st = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the endgame solver");
    if (st == GW_OK && (opt->level == GW_AI_EXPERT || opt->level == GW_AI_ORACLE))
        st = gw_expert_new(opt->limits, gw_mix64(opt->seed), &b->expert, err);
    if (st != GW_OK) {
        bot_destroy(&b->base);
        return st;
    }
    *out = &b->base;
    gw_bot_set_stakes(*out, &opt->stakes);
    return GW_OK;
}

void gw_bot_set_stakes(gw_player *p, const gw_stakes *st) {
    if (p->ops != &BOT_OPS && p->ops != &ORACLE_OPS) return;
    bot *b = (bot *)p;
    b->stakes = *st;
    if (b->expert) gw_expert_set_stakes(b->expert, st);
}
