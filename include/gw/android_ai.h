/* android_ai.h: computer players for a human's role in Android Whist: from that human's view to a card or a
 * command. */
#ifndef GW_ANDROID_AI_H
#define GW_ANDROID_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "gw/android.h"
#include "gw/clock.h"
#include "gw/levels.h"
#include "gw/status.h"

#define GW_ANDROID_SAMPLES_DEFAULT 200 /* hard: sampled deals per decision */
#define GW_ANDROID_SAMPLES_MAX     100000

typedef struct gw_android_player_options {
    gw_android_level level;
    uint64_t seed; /* every random choice comes from it */
    int samples;   /* hard: sampled deals per decision, 1 to GW_ANDROID_SAMPLES_MAX; 0 = the default */
    int think_ms;  /* hard: also stop sampling after this many ms (0 = no time bound: the choices then
                      depend on the seed and the views alone) */
    const gw_clock *clock; /* the time for think_ms (borrowed: it must outlive the player); needed when
                              think_ms > 0, may be NULL otherwise */
} gw_android_player_options;

/* What a human does on their turn: play one of their cards, or command
 * their android when it is the android's turn. */
typedef struct gw_android_action {
    bool is_command;
    gw_card card;               /* is_command false: the card */
    gw_android_command command; /* is_command true: the command */
} gw_android_action;

typedef struct gw_android_player gw_android_player;

/* A player of the given level with the default options (hard: 200 samples
 * per decision, no time bound). GW_EINVAL for an unknown level. It serves
 * one human at a time, any number of hands; free it with
 * gw_android_player_free. */
gw_status gw_android_player_new(gw_android_level level, uint64_t seed, gw_android_player **out,
                                gw_error *err);
/* As gw_android_player_new with every option; GW_EINVAL for a bad level,
 * samples count or time bound, or a time bound without a clock. */
gw_status gw_android_player_make(const gw_android_player_options *opt, gw_android_player **out,
                                 gw_error *err);
void gw_android_player_free(gw_android_player *p);
/* The player's level. */
gw_android_level gw_android_player_level(const gw_android_player *p);

/* A hand begins in which p plays human `player` (0 or 1): from then on
 * gw_android_player_choose refuses the view of the other human. Optional:
 * a player never told (or told -1) accepts either human's view. */
void gw_android_player_begin_hand(gw_android_player *p, int player);

/* The action of the human whose view v is: a card when that human is to
 * play (v->turn == v->seat), a command when their android is (v->turn ==
 * gw_seat_partner(v->seat)). Reads v and nothing else: it never sees the
 * hidden hands. GW_ESTATE if the hand is over or neither is to play;
 * GW_EINVAL for the other human's view (see begin_hand). The card is always
 * legal; the command is never one the rules refuse now nor one that failed
 * already in this play, but it may fail (errors are part of the game). */
gw_status gw_android_player_choose(gw_android_player *p, const gw_android_view *v, gw_android_action *out,
                                   gw_error *err);

/* The human (0 or 1) to act in g: the one at the seat to play, or the one
 * whose android is to play; -1 once the hand is over. */
int gw_android_actor(const gw_android_game *g);

/* What one action did. */
typedef struct gw_android_step {
    int player; /* the human who acted */
    gw_android_action action;
    gw_android_outcome outcome; /* a command's card or error; a card's {GW_ANSWER_CARD, card} */
    gw_android_trick trick;     /* completed: the action ended a trick */
} gw_android_step;

/* For whoever runs a table: shows p the view of the human to act in g (and
 * nothing more), asks for the action and carries it out with the engine,
 * which checks it. GW_OK (out filled) when the card was played or the
 * android answered, even with an error; otherwise g is unchanged and the
 * status is the engine's or the player's (err says why). */
gw_status gw_android_player_act(gw_android_player *ai, gw_android_game *g, gw_android_step *out,
                                gw_error *err);

#endif
