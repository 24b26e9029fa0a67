/* android_ai.c: the Android Whist computer player object: levels, a view in and an action out, and a table
 * step. */
#include <stdlib.h>
#include <string.h>

#include "android_levels.h"
#include "gw/android_ai.h"

struct gw_android_player {
    gw_android_player_options opt;
    int player; /* the human it plays, -1 if not told */
    gw_rng rng;
    aai_know know; /* scratch: large, so kept here rather than on the stack */
};

gw_status gw_android_player_make(const gw_android_player_options *opt, gw_android_player **out,
                                 gw_error *err) {
    *out = NULL;
    if ((unsigned)opt->level >= GW_ANDROID_LEVELS)
        return gw_error_set(err, GW_EINVAL, 0, 0, "unknown computer level %d", (int)opt->level);
    if (opt->samples < 0 || opt->samples > GW_ANDROID_SAMPLES_MAX || opt->think_ms < 0)
        return gw_error_set(err, GW_EINVAL, 0, 0, "samples must be 0 to %d and think_ms at least 0",
                            GW_ANDROID_SAMPLES_MAX);
    if (opt->think_ms > 0 && (!opt->clock || !opt->clock->now_ms))
        return gw_error_set(err, GW_EINVAL, 0, 0, "a time bound needs a clock (%d ms)", opt->think_ms);
    gw_android_player *ai = malloc(sizeof *ai);
    if (!ai) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for a computer player");
    ai->opt = *opt;
    ai->player = -1;
    if (ai->opt.samples == 0) ai->opt.samples = GW_ANDROID_SAMPLES_DEFAULT;
    gw_rng_seed(&ai->rng, opt->seed);
    *out = ai;
    return GW_OK;
}

gw_status gw_android_player_new(gw_android_level level, uint64_t seed, gw_android_player **out,
                                gw_error *err) {
    gw_android_player_options opt = {level, seed, 0, 0, NULL};
    return gw_android_player_make(&opt, out, err);
}

void gw_android_player_free(gw_android_player *ai) { free(ai); }

void gw_android_player_begin_hand(gw_android_player *ai, int player) {
    ai->player = player == 0 || player == 1 ? player : -1;
}

gw_android_level gw_android_player_level(const gw_android_player *ai) { return ai->opt.level; }

gw_status gw_android_player_choose(gw_android_player *ai, const gw_android_view *v, gw_android_action *out,
                                   gw_error *err) {
    if (ai->player >= 0 && v->player != ai->player)
        return gw_error_set(err, GW_EINVAL, 0, 0, "this player plays human %d, not human %d", ai->player + 1,
                            v->player + 1);
    aai_know *k = &ai->know;
    aai_know_make(v, k);
    if (!aai_to_act(k, v->turn))
        return gw_error_set(err, GW_ESTATE, 0, 0, "it is not the turn of human %d nor of their android",
                            v->player + 1);
    switch (ai->opt.level) {
    case GW_ANDROID_RANDOM: *out = aai_random(k, &ai->rng); break;
    case GW_ANDROID_EASY: *out = aai_easy(k); break;
    case GW_ANDROID_HARD:
        *out = aai_hard(k, &ai->rng, ai->opt.samples, ai->opt.think_ms, ai->opt.clock);
        break;
    default: return gw_error_set(err, GW_EINVAL, 0, 0, "unknown computer level");
    }
    return GW_OK;
}

int gw_android_actor(const gw_android_game *g) {
    return gw_android_over(g) ? -1 : gw_seat_player(g->dealer, g->turn);
}

gw_status gw_android_player_act(gw_android_player *ai, gw_android_game *g, gw_android_step *out,
                                gw_error *err) {
    memset(out, 0, sizeof *out);
    out->player = gw_android_actor(g);
    if (out->player < 0) return gw_error_set(err, GW_ESTATE, 0, 0, "the hand is over");
    gw_android_view *v = malloc(sizeof *v);
    if (!v) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for a view");
    gw_android_observe(g, out->player, v);
    gw_status st = gw_android_player_choose(ai, v, &out->action, err);
    free(v);
    if (st != GW_OK) return st;
    if (out->action.is_command)
        return gw_android_command_play(g, out->action.command, &out->outcome, &out->trick, err);
    out->outcome = (gw_android_outcome){GW_ANSWER_CARD, out->action.card};
    return gw_android_play(g, out->action.card, &out->trick, err);
}
