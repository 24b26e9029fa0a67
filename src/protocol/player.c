/* player.c: our computer levels as a program of the engine line protocol (gw/protocol_player.h): the
 * answers to whist's lines, a computer player made per hand from the decide's view. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/ai.h"
#include "gw/android_ai.h"
#include "gw/protocol.h"
#include "gw/protocol_player.h"
#include "gw/rng.h"

struct gw_protocol_player {
    char level[GW_PROTOCOL_LEVEL_MAX];
    gw_protocol_player_options o; /* o.level points at level */
    gw_game_kind game;            /* the match's game: the options', then each hello's */
    /* The computer playing one side: made at the first decide of each hand. */
    gw_game_kind made_game;
    int player;
    int hand; /* the hand its player was made for, 0 none */
    gw_player *german;
    gw_android_player *android;
    gw_protocol_message m;
    char note[GW_PROTOCOL_CODE_MAX + GW_PROTOCOL_MESSAGE_MAX + 40];
};

/* Fills err with status and the text of fmt (snprintf's format). */
static gw_status refuse(gw_error *err, gw_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static gw_status refuse(gw_error *err, gw_status status, const char *fmt, ...) {
    char msg[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gw_error_set(err, status, 0, 0, "%s", msg);
}

/* Whether level names a level that plays game. */
static bool plays(const char *level, gw_game_kind game) {
    gw_ai_level gl;
    gw_android_level al;
    return game == GW_GAME_GERMAN ? gw_ai_level_parse(level, &gl) && gl != GW_AI_ORACLE
                                  : gw_android_level_parse(level, &al);
}

gw_status gw_protocol_player_new(const gw_protocol_player_options *o, gw_protocol_player **out,
                                 gw_error *err) {
    *out = NULL;
    gw_error_clear(err);
    const char *level = o->level ? o->level : "";
    if (!plays(level, o->game))
        return refuse(err, GW_EINVAL, "unknown level '%s' (%s)", level,
                      o->game == GW_GAME_GERMAN ? "random, easy, hard or expert" : "random, easy or hard");
    if (o->game == GW_GAME_GERMAN && o->has_think && o->think_ms == 0 && o->iterations == 0)
        return refuse(err, GW_EINVAL, "--think-ms 0 leaves the expert no limit: give --iterations too");
    if (o->game == GW_GAME_ANDROID && o->iterations > GW_ANDROID_SAMPLES_MAX)
        return refuse(err, GW_EINVAL, "--iterations must be from 1 to %d with --game android",
                      GW_ANDROID_SAMPLES_MAX);
    if (o->think_ms < 0 || o->iterations < 0)
        return refuse(err, GW_EINVAL, "think_ms and iterations are 0 or more");
    gw_protocol_player *p = calloc(1, sizeof *p);
    if (!p) return refuse(err, GW_ENOMEM, "out of memory");
    snprintf(p->level, sizeof p->level, "%s", level);
    p->o = *o;
    p->o.level = p->level;
    p->game = o->game;
    *out = p;
    return GW_OK;
}

/* Drops the hand's computer player. */
static void drop_player(gw_protocol_player *p) {
    gw_player_free(p->german);
    gw_android_player_free(p->android);
    p->german = NULL;
    p->android = NULL;
    p->hand = 0;
}

void gw_protocol_player_free(gw_protocol_player *p) {
    if (!p) return;
    drop_player(p);
    free(p);
}

/* The seed of a hand's player: from the options' seed and what the player first sees (its cards, its
 * player), so that the same deal is played the same way whichever of several processes plays it. */
static uint64_t hand_seed(const gw_protocol_player_options *o, const gw_view *v) {
    uint64_t own = v->game == GW_GAME_GERMAN ? v->german.own : v->android.own;
    return gw_mix64(o->seed ^ gw_mix64(own + (uint64_t)v->viewer + 1));
}

/* Makes the player for the hand of view v. */
static gw_status make_player(gw_protocol_player *p, const gw_view *v, gw_error *err) {
    const gw_protocol_player_options *o = &p->o;
    gw_error e;
    drop_player(p);
    if (v->game == GW_GAME_GERMAN) {
        gw_ai_level level;
        if (!gw_ai_level_parse(o->level, &level) || level == GW_AI_ORACLE)
            return refuse(err, GW_EINVAL, "'%s' is no level for German Whist (random, easy, hard or expert)",
                          o->level);
        int think = o->has_think ? o->think_ms : o->iterations > 0 ? 0 : GW_THINK_MS_DEFAULT;
        gw_bot_options opt = {
            level, hand_seed(o, v), {think, o->iterations, o->clock}, {v->rules.scoring, 0, {0, 0}}};
        if (gw_bot_new(&opt, &p->german, &e) != GW_OK)
            return refuse(err, e.status, "cannot make the %s player: %s", o->level, e.msg);
        gw_player_sit(p->german, v->viewer);
    } else {
        gw_android_player_options opt;
        memset(&opt, 0, sizeof opt);
        if (!gw_android_level_parse(o->level, &opt.level))
            return refuse(err, GW_EINVAL, "'%s' is no level for Android Whist (random, easy or hard)",
                          o->level);
        opt.seed = hand_seed(o, v);
        opt.samples = o->iterations;
        opt.think_ms = o->has_think ? o->think_ms : 0;
        opt.clock = o->clock;
        if (gw_android_player_make(&opt, &p->android, &e) != GW_OK)
            return refuse(err, e.status, "cannot make the %s player: %s", o->level, e.msg);
        gw_android_player_begin_hand(p->android, v->viewer);
    }
    p->made_game = v->game;
    p->player = v->viewer;
    p->hand = v->hand_number;
    return GW_OK;
}

/* The action for a decide's view. */
static gw_status choose(gw_protocol_player *p, const gw_view *v, gw_action *out, gw_error *err) {
    gw_error e;
    if (v->viewer != 0 && v->viewer != 1) return refuse(err, GW_EINVAL, "a decide with a spectator's view");
    if (!p->german && !p->android) p->hand = 0;
    if (p->hand != v->hand_number || p->made_game != v->game || p->player != v->viewer) {
        gw_status st = make_player(p, v, err);
        if (st != GW_OK) return st;
    }
    gw_error_clear(&e);
    if (v->game == GW_GAME_GERMAN) {
        gw_card c = GW_NO_CARD;
        if (gw_player_choose(p->german, &v->german, &c, &e) != GW_OK)
            return refuse(err, e.status == GW_ENOMEM ? GW_ENOMEM : GW_EINVAL,
                          "the %s player could not choose: %s", p->o.level, e.msg);
        *out = (gw_action){GW_ACTION_CARD, c, GW_CMD_NONE};
    } else {
        gw_android_action a;
        if (gw_android_player_choose(p->android, &v->android, &a, &e) != GW_OK)
            return refuse(err, e.status == GW_ENOMEM ? GW_ENOMEM : GW_EINVAL,
                          "the %s player could not choose: %s", p->o.level, e.msg);
        *out = a.is_command ? (gw_action){GW_ACTION_COMMAND, GW_NO_CARD, a.command}
                            : (gw_action){GW_ACTION_CARD, a.card, GW_CMD_NONE};
    }
    return GW_OK;
}

gw_status gw_protocol_player_line(gw_protocol_player *p, const char *text, size_t len, char **answer,
                                  const char **note, gw_error *err) {
    *answer = NULL;
    *note = NULL;
    gw_error_clear(err);
    gw_protocol_message *m = &p->m;
    gw_protocol_error perr;
    if (gw_protocol_decode_message(GW_TO_PROGRAM, p->game, text, len, m, &perr) != GW_OK)
        return refuse(err, GW_EINVAL, "cannot read a line from whist: %s", perr.err.msg);
    switch (m->type) {
    case GW_MSG_HELLO: {
        p->game = m->hello.game;
        drop_player(p);
        char name[GW_SEAT_NAME_MAX];
        snprintf(name, sizeof name, "whist %s", p->o.level);
        *answer = gw_protocol_encode_ready(name);
        break;
    }
    case GW_MSG_DECIDE: {
        gw_action a;
        gw_status st = choose(p, &m->view, &a, err);
        if (st != GW_OK) return st;
        *answer = gw_protocol_encode_action(&a);
        break;
    }
    case GW_MSG_ERROR:
        snprintf(p->note, sizeof p->note, "whist refused our line (%s): %s", m->code, m->message);
        *note = p->note;
        return GW_OK;
    case GW_MSG_BYE: drop_player(p); return GW_OK;
    default: return GW_OK; /* events: the decide's view holds all we use */
    }
    return *answer ? GW_OK : refuse(err, GW_ENOMEM, "out of memory");
}
