/* session.c: the session's common part: configuration and its one option parser, the event log and who
 * sees what of it, record tags, the checks every call shares (state, busy, players) and the dispatch to
 * each game's part (german.c, android.c); the computer's decision split in three for other threads. */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gw/android_record.h"
#include "gw/seeds.h"
#include "session_internal.h"

/* ---- configuration -------------------------------------------------------- */

void gw_session_config_default(gw_session_config *c, gw_game_kind game) {
    memset(c, 0, sizeof *c);
    c->game = game;
    c->rules = (gw_match_rules){GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT};
    c->seats[0].kind = GW_SEAT_OUTSIDE;
    c->seats[1].kind = GW_SEAT_COMPUTER;
    c->seats[1].level = game == GW_GAME_ANDROID ? (int)GW_ANDROID_HARD : (int)GW_AI_HARD;
    c->limits = (gw_expert_limits){GW_THINK_MS_DEFAULT, 0, NULL};
    c->dealer = 0;
}

/* Digits only (no sign, no blanks), within lo..hi. */
static bool parse_int(const char *s, long lo, long hi, long *out) {
    if (!(*s >= '0' && *s <= '9')) return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end != '\0' || v < lo || v > hi) return false;
    *out = v;
    return true;
}

gw_status gw_session_config_option(gw_session_config *c, const char *name, const char *value, gw_error *err) {
    assert(c && name && value);
    gw_session_config n = *c;
    long v = 0;
    if (strcmp(name, "game") == 0) {
        gw_game_kind g;
        if (!gw_game_kind_parse(value, &g))
            return gw_error_set(err, GW_EINVAL, 0, 0, "unknown game '%s' (german or android)", value);
        if (g != n.game) /* a level means another thing in the other game: each computer starts at hard */
            for (int p = 0; p < 2; p++)
                n.seats[p].level = g == GW_GAME_ANDROID ? (int)GW_ANDROID_HARD : (int)GW_AI_HARD;
        n.game = g;
    } else if (strcmp(name, "variant") == 0) {
        if (!gw_variant_parse(value, &n.rules.variant))
            return gw_error_set(err, GW_EINVAL, 0, 0, "unknown variant '%s' (classic or small)", value);
    } else if (strcmp(name, "scoring") == 0) {
        if (!gw_scoring_parse(value, &n.rules.scoring))
            return gw_error_set(err, GW_EINVAL, 0, 0,
                                "unknown scoring '%s' (last13, every, difference or total)", value);
    } else if (strcmp(name, "target") == 0) {
        if (!parse_int(value, GW_TARGET_MIN, GW_TARGET_MAX, &v))
            return gw_error_set(err, GW_EINVAL, 0, 0,
                                "the target must be a whole number from 1 to 1000, not '%s'", value);
        n.rules.target = (int)v;
    } else if (strcmp(name, "seed") == 0) {
        if (!gw_seed_parse(value, &n.seed, NULL))
            return gw_error_set(err, GW_EINVAL, 0, 0,
                                "the seed must be a whole number from 0 to 18446744073709551615, not '%s'",
                                value);
    } else if (strcmp(name, "opponent") == 0) {
        if (strcmp(value, "human") == 0) {
            n.seats[1].kind = GW_SEAT_OUTSIDE;
            n.seats[1].level = 0;
        } else if (n.game == GW_GAME_ANDROID) {
            gw_android_level l;
            if (!gw_android_level_parse(value, &l))
                return gw_error_set(err, GW_EINVAL, 0, 0,
                                    "unknown opponent '%s' (random, easy, hard or human)", value);
            n.seats[1].kind = GW_SEAT_COMPUTER;
            n.seats[1].level = (int)l;
        } else {
            gw_ai_level l;
            if (!gw_ai_level_parse(value, &l))
                return gw_error_set(err, GW_EINVAL, 0, 0,
                                    "unknown opponent '%s' (random, easy, hard, expert, oracle or human)",
                                    value);
            n.seats[1].kind = GW_SEAT_COMPUTER;
            n.seats[1].level = (int)l;
        }
        n.seats[1].name[0] = '\0';
    } else if (strcmp(name, "think-ms") == 0) {
        if (!parse_int(value, 0, 60000, &v))
            return gw_error_set(err, GW_EINVAL, 0, 0, "think-ms wants milliseconds from 0 to 60000, not '%s'",
                                value);
        n.limits.think_ms = (int)v;
        n.android_think_ms = (int)v;
    } else if (strcmp(name, "iterations") == 0) {
        if (!parse_int(value, 0, 10000000, &v))
            return gw_error_set(err, GW_EINVAL, 0, 0,
                                "iterations wants a whole number from 0 to 10000000, not '%s'", value);
        n.limits.iterations = (int)v;
    } else if (strcmp(name, "samples") == 0) {
        if (!parse_int(value, 1, GW_ANDROID_SAMPLES_MAX, &v))
            return gw_error_set(err, GW_EINVAL, 0, 0, "samples wants a whole number from 1 to %d, not '%s'",
                                GW_ANDROID_SAMPLES_MAX, value);
        n.android_samples = (int)v;
    } else {
        return gw_error_set(err, GW_EINVAL, 0, 0,
                            "unknown option '%s' (game, variant, scoring, target, seed, opponent, think-ms, "
                            "iterations or samples)",
                            name);
    }
    *c = n;
    return GW_OK;
}

/* ---- refusals ------------------------------------------------------------- */

const char *gw_refusal_code(gw_refusal r) {
    static const char *const CODES[GW_REFUSE_COUNT] = {
        "none",           "not_your_turn", "computer",      "wrong_kind",  "not_a_card",
        "not_held",       "must_follow",   "not_a_command", "not_leading", "not_now",
        "failed_already", "busy",          "hand_over"};
    return r >= 0 && r < GW_REFUSE_COUNT ? CODES[r] : "unknown";
}

/* ---- the event log -------------------------------------------------------- */

gw_event ses_event(gw_event_kind kind, int hand) {
    gw_event e;
    memset(&e, 0, sizeof e);
    e.kind = kind;
    e.hand = hand;
    e.player = -1;
    e.seat = -1;
    e.card = GW_NO_CARD;
    e.command = GW_CMD_NONE;
    e.winner = -1;
    e.game_winner = -1;
    e.seen_by = GW_SEEN_P0 | GW_SEEN_P1 | GW_SEEN_SPECTATOR;
    return e;
}

gw_status ses_emit(gw_session *s, const gw_event *e, gw_error *err) {
    if (s->nevents == s->cap_events) {
        size_t cap = s->cap_events ? 2 * s->cap_events : 64;
        gw_event *grown = realloc(s->events, cap * sizeof *grown);
        if (!grown) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory (the event log)");
        s->events = grown;
        s->cap_events = cap;
    }
    gw_event *slot = &s->events[s->nevents++];
    *slot = *e;
    slot->number = (uint32_t)s->nevents;
    slot->hidden = false;
    return GW_OK;
}

/* The GW_SEEN_* bit of viewer. */
static unsigned seen_bit(int viewer) {
    return viewer == 0 ? GW_SEEN_P0 : viewer == 1 ? GW_SEEN_P1 : GW_SEEN_SPECTATOR;
}

void gw_event_for_viewer(const gw_event *e, int viewer, gw_event *out) {
    *out = *e;
    if (e->seen_by & seen_bit(viewer)) {
        out->hidden = false;
        return;
    }
    out->hidden = true;
    out->card = GW_NO_CARD;
    out->cards = 0;
}

uint32_t gw_session_last_event(const gw_session *s) { return (uint32_t)s->nevents; }

int gw_session_events(const gw_session *s, uint32_t from, int viewer, gw_event *out, int cap) {
    if (from == 0) from = 1;
    int n = 0;
    for (size_t i = from - 1; i < s->nevents && n < cap; i++)
        gw_event_for_viewer(&s->events[i], viewer, &out[n++]);
    return n;
}

/* ---- the session ---------------------------------------------------------- */

static bool is_computer(const gw_session_config *c, int p) { return c->seats[p].kind == GW_SEAT_COMPUTER; }

/* The configuration's own checks (each game checks its rules and deck when it starts). */
static gw_status check_config(const gw_session_config *c, gw_error *err) {
    if (c->game != GW_GAME_GERMAN && c->game != GW_GAME_ANDROID)
        return gw_error_set(err, GW_EINVAL, 0, 0, "unknown game %d", (int)c->game);
    for (int p = 0; p < 2; p++) {
        const gw_seat_config *seat = &c->seats[p];
        if (seat->kind != GW_SEAT_OUTSIDE && seat->kind != GW_SEAT_COMPUTER)
            return gw_error_set(err, GW_EINVAL, 0, 0, "player %d: unknown seat kind %d", p + 1,
                                (int)seat->kind);
        int levels = c->game == GW_GAME_ANDROID ? GW_ANDROID_LEVELS : GW_AI_LEVELS;
        if (seat->kind == GW_SEAT_COMPUTER && (seat->level < 0 || seat->level >= levels))
            return gw_error_set(err, GW_EINVAL, 0, 0, "player %d: unknown computer level %d", p + 1,
                                seat->level);
        if (memchr(seat->name, '\0', sizeof seat->name) == NULL)
            return gw_error_set(err, GW_EINVAL, 0, 0, "player %d: the name is too long", p + 1);
        for (const char *ch = seat->name; *ch; ch++)
            if ((unsigned char)*ch < 0x20 || *ch == '"' || *ch == '\\' || *ch == 0x7f)
                return gw_error_set(
                    err, GW_EINVAL, 0, 0,
                    "player %d: a name may not hold quotes, backslashes or control characters", p + 1);
    }
    if (c->limits.think_ms < 0 || c->limits.think_ms > 60000 || c->limits.iterations < 0 ||
        c->limits.iterations > 10000000)
        return gw_error_set(err, GW_EINVAL, 0, 0,
                            "the expert's limits are out of range (think-ms %d, iterations %d)",
                            c->limits.think_ms, c->limits.iterations);
    if (c->game == GW_GAME_GERMAN && c->limits.think_ms > 0 && !c->clock)
        return gw_error_set(err, GW_EINVAL, 0, 0,
                            "think-ms needs a clock (or set iterations and think-ms 0)");
    if (c->android_samples < 0 || c->android_samples > GW_ANDROID_SAMPLES_MAX)
        return gw_error_set(err, GW_EINVAL, 0, 0, "samples must be from 1 to %d (0: the default)",
                            GW_ANDROID_SAMPLES_MAX);
    if (c->android_think_ms < 0 || c->android_think_ms > 60000)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the Android think-ms must be from 0 to 60000");
    if (c->android_think_ms > 0 && !c->clock)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the Android think-ms needs a clock");
    if (c->deck && c->game == GW_GAME_GERMAN && c->rules.variant != GW_CLASSIC &&
        c->rules.variant != GW_SMALL)
        return gw_error_set(err, GW_EINVAL, 0, 0, "unknown variant %d", (int)c->rules.variant);
    if (c->deck && c->dealer != 0 && c->dealer != 1)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the dealer must be player 1 or 2");
    return GW_OK;
}

/* A session shell from c (no game yet). */
static gw_status make_shell(const gw_session_config *c, gw_session **out, gw_error *err) {
    *out = NULL;
    gw_status st = check_config(c, err);
    if (st != GW_OK) return st;
    gw_session *s = calloc(1, sizeof *s);
    if (!s) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    s->config = *c;
    if (c->deck) {
        memcpy(s->deck_copy, c->deck,
               c->game == GW_GAME_ANDROID ? 52 : (size_t)gw_deck_size(c->rules.variant));
        s->config.deck = s->deck_copy;
    }
    s->winner = -1;
    *out = s;
    return GW_OK;
}

gw_status gw_session_new(const gw_session_config *c, gw_session **out, gw_error *err) {
    *out = NULL;
    gw_session *s;
    gw_status st = make_shell(c, &s, err);
    if (st != GW_OK) return st;
    st = c->game == GW_GAME_GERMAN ? ses_german_start(s, err) : ses_android_start(s, err);
    if (st != GW_OK) {
        gw_session_free(s);
        return st;
    }
    *out = s;
    return GW_OK;
}

gw_status gw_session_restore(const gw_session_config *base, const char *text, size_t len, gw_session **out,
                             gw_error *err) {
    *out = NULL;
    gw_session_config c = *base;
    c.deck = NULL; /* a record is a match or a rubber */
    /* The game is the record's (its Game tags), whatever base says. */
    gw_android_record ar;
    gw_status st0 = gw_android_record_read(text, len, &ar, err);
    if (st0 != GW_OK) return st0;
    gw_game_kind game = gw_android_record_any(&ar) ? GW_GAME_ANDROID : GW_GAME_GERMAN;
    gw_android_record_free(&ar);
    if (game != c.game) /* the levels come from the record: base's may not fit this game */
        for (int p = 0; p < 2; p++)
            c.seats[p].level = game == GW_GAME_ANDROID ? (int)GW_ANDROID_HARD : (int)GW_AI_HARD;
    c.game = game;
    gw_session *s;
    gw_status st = make_shell(&c, &s, err);
    if (st != GW_OK) return st;
    st = c.game == GW_GAME_GERMAN ? ses_german_restore(s, text, len, err)
                                  : ses_android_restore(s, text, len, err);
    if (st != GW_OK) {
        gw_session_free(s);
        return st;
    }
    *out = s;
    return GW_OK;
}

void gw_session_free(gw_session *s) {
    if (!s) return;
    if (s->german) ses_german_free(s);
    if (s->android) ses_android_free(s);
    free(s->events);
    free(s);
}

const gw_session_config *gw_session_config_of(const gw_session *s) { return &s->config; }
gw_session_state gw_session_state_of(const gw_session *s) { return s->state; }

gw_turn gw_session_turn(const gw_session *s) {
    if (s->state != GW_SESSION_PLAYING) return (gw_turn){-1, GW_ACTION_CARD, -1, false};
    return s->config.game == GW_GAME_GERMAN ? ses_german_turn(s) : ses_android_turn(s);
}

gw_status gw_session_view(const gw_session *s, int viewer, gw_view *out, gw_error *err) {
    if (viewer != 0 && viewer != 1 && viewer != GW_SPECTATOR)
        return gw_error_set(err, GW_EINVAL, 0, 0, "no such viewer %d (0, 1 or the spectator, -1)", viewer);
    memset(out, 0, sizeof *out);
    out->game = s->config.game;
    out->viewer = viewer;
    out->state = s->state;
    out->turn = gw_session_turn(s);
    out->winner = s->state == GW_SESSION_OVER ? s->winner : -1;
    out->rules = s->config.rules;
    for (int p = 0; p < 2; p++)
        out->kinds[p] = s->config.seats[p].kind;
    if (s->config.game == GW_GAME_GERMAN)
        ses_german_view(s, viewer, out);
    else
        ses_android_view(s, viewer, out);
    return GW_OK;
}

/* ---- acting --------------------------------------------------------------- */

/* The checks every game shares; GW_REFUSE_NONE when the game's own come next. */
static gw_refusal common_check(const gw_session *s, int player, gw_error *err) {
    if (s->busy) {
        gw_error_set(err, GW_EILLEGAL, 0, 0, "Wait: the computer is deciding.");
        return GW_REFUSE_BUSY;
    }
    if (s->state != GW_SESSION_PLAYING) {
        gw_error_set(err, GW_EILLEGAL, 0, 0,
                     s->state != GW_SESSION_OVER         ? "The hand is over."
                     : s->config.game == GW_GAME_ANDROID ? "The rubber is over."
                                                         : "The match is over.");
        return GW_REFUSE_HAND_OVER;
    }
    if (player != 0 && player != 1) {
        gw_error_set(err, GW_EILLEGAL, 0, 0, "There is no player %d.", player + 1);
        return GW_REFUSE_NOT_YOUR_TURN;
    }
    if (is_computer(&s->config, player)) {
        gw_error_set(err, GW_EILLEGAL, 0, 0, "Player %d is the computer: it plays by itself.", player + 1);
        return GW_REFUSE_COMPUTER;
    }
    return GW_REFUSE_NONE;
}

gw_refusal gw_session_check(const gw_session *s, int player, const gw_action *a, gw_error *err) {
    gw_error_clear(err);
    gw_refusal r = common_check(s, player, err);
    if (r != GW_REFUSE_NONE) return r;
    return s->config.game == GW_GAME_GERMAN ? ses_german_check(s, player, a, err)
                                            : ses_android_check(s, player, a, err);
}

gw_status gw_session_act(gw_session *s, int player, const gw_action *a, gw_refusal *why, gw_error *err) {
    gw_error local;
    if (!err) err = &local;
    gw_refusal r = gw_session_check(s, player, a, err);
    if (why) *why = r;
    if (r != GW_REFUSE_NONE) return GW_EILLEGAL;
    return s->config.game == GW_GAME_GERMAN ? ses_german_act(s, player, a, err)
                                            : ses_android_act(s, player, a, err);
}

gw_status gw_session_think_begin(gw_session *s, gw_thought **out, gw_error *err) {
    *out = NULL;
    if (s->busy) return gw_error_set(err, GW_ESTATE, 0, 0, "a computer decision is out already");
    gw_turn t = gw_session_turn(s);
    if (t.player < 0) return gw_error_set(err, GW_ESTATE, 0, 0, "nobody is to act: the hand is over");
    if (!t.computer) return gw_error_set(err, GW_ESTATE, 0, 0, "player %d is not a computer", t.player + 1);
    gw_thought *th = calloc(1, sizeof *th);
    if (!th) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    th->game = s->config.game;
    th->player = t.player;
    th->status = gw_error_set(&th->err, GW_ESTATE, 0, 0, "the decision was not made (gw_thought_run)");
    gw_status st = s->config.game == GW_GAME_GERMAN ? ses_german_think_begin(s, th, err)
                                                    : ses_android_think_begin(s, th, err);
    if (st != GW_OK) {
        free(th->android);
        free(th);
        return st;
    }
    s->busy = true;
    *out = th;
    return GW_OK;
}

void gw_thought_run(gw_thought *t) {
    if (t->game == GW_GAME_GERMAN)
        ses_german_think_run(t);
    else
        ses_android_think_run(t);
}

static void thought_free(gw_thought *t) {
    free(t->android);
    free(t);
}

gw_status gw_session_think_end(gw_session *s, gw_thought *t, gw_error *err) {
    assert(s->busy && t);
    s->busy = false;
    gw_status st;
    if (t->status != GW_OK)
        st = gw_error_set(err, GW_ESTATE, 0, 0, "the computer could not decide: %s", t->err.msg);
    else
        st = s->config.game == GW_GAME_GERMAN ? ses_german_think_end(s, t, err)
                                              : ses_android_think_end(s, t, err);
    thought_free(t);
    return st;
}

void gw_session_think_cancel(gw_session *s, gw_thought *t) {
    if (!t) return;
    assert(s->busy);
    s->busy = false;
    thought_free(t);
}

gw_status gw_session_play_computer(gw_session *s, gw_error *err) {
    gw_thought *t;
    gw_status st = gw_session_think_begin(s, &t, err);
    if (st != GW_OK) return st;
    gw_thought_run(t);
    return gw_session_think_end(s, t, err);
}

gw_status gw_session_next_hand(gw_session *s, gw_error *err) {
    if (s->busy) return gw_error_set(err, GW_ESTATE, 0, 0, "a computer decision is out");
    if (s->state != GW_SESSION_HAND_OVER)
        return gw_error_set(err, GW_ESTATE, 0, 0,
                            s->state != GW_SESSION_OVER         ? "the hand is still in play"
                            : s->config.game == GW_GAME_ANDROID ? "the rubber is over"
                                                                : "the match is over");
    return s->config.game == GW_GAME_GERMAN ? ses_german_next_hand(s, err) : ses_android_next_hand(s, err);
}

gw_status gw_session_undo(gw_session *s, int player, gw_error *err) {
    if (s->busy) return gw_error_set(err, GW_ESTATE, 0, 0, "a computer decision is out");
    if (player != 0 && player != 1)
        return gw_error_set(err, GW_ESTATE, 0, 0, "there is no player %d", player + 1);
    if (!s->config.undo) return gw_error_set(err, GW_ESTATE, 0, 0, "taking back cards is off in this game");
    if (is_computer(&s->config, player) || !is_computer(&s->config, 1 - player))
        return gw_error_set(err, GW_ESTATE, 0, 0,
                            "cards are taken back only by a player against the computer");
    if (s->state != GW_SESSION_PLAYING)
        return gw_error_set(err, GW_ESTATE, 0, 0, "the hand is over: its cards stay played");
    return s->config.game == GW_GAME_GERMAN ? ses_german_undo(s, player, err)
                                            : ses_android_undo(s, player, err);
}

gw_status gw_session_hint(gw_session *s, int player, gw_hint *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    if (s->busy) return gw_error_set(err, GW_ESTATE, 0, 0, "a computer decision is out");
    gw_turn t = gw_session_turn(s);
    if (t.player < 0 || t.player != player || t.kind != GW_ACTION_CARD)
        return gw_error_set(err, GW_ESTATE, 0, 0, "no hint: it is not player %d's turn to play a card",
                            player + 1);
    return s->config.game == GW_GAME_GERMAN ? ses_german_hint(s, player, out, err)
                                            : ses_android_hint(s, player, out, err);
}

gw_status gw_session_seat(gw_session *s, int player, const gw_seat_config *seat, gw_error *err) {
    if (s->busy) return gw_error_set(err, GW_ESTATE, 0, 0, "a computer decision is out");
    if (player != 0 && player != 1)
        return gw_error_set(err, GW_EINVAL, 0, 0, "there is no player %d", player + 1);
    if (seat->kind != GW_SEAT_OUTSIDE && seat->kind != GW_SEAT_COMPUTER)
        return gw_error_set(err, GW_EINVAL, 0, 0, "player %d: unknown seat kind %d", player + 1,
                            (int)seat->kind);
    int levels = s->config.game == GW_GAME_ANDROID ? GW_ANDROID_LEVELS : GW_AI_LEVELS;
    if (seat->kind == GW_SEAT_COMPUTER && (seat->level < 0 || seat->level >= levels))
        return gw_error_set(err, GW_EINVAL, 0, 0, "player %d: unknown computer level %d", player + 1,
                            seat->level);
    /* The records keep the name they gave the player so far (a person's, "human", or the level's). */
    char name[GW_SEAT_NAME_MAX];
    gw_format(name, (int)sizeof name, "%s", ses_player_name(s, player));
    gw_status st = s->config.game == GW_GAME_GERMAN ? ses_german_seat(s, player, seat, err)
                                                    : ses_android_seat(s, player, seat, err);
    if (st == GW_OK) memcpy(s->config.seats[player].name, name, sizeof name);
    return st;
}

/* ---- records -------------------------------------------------------------- */

/* Tags the session writes from its own fields: set_tag may not touch them. */
static bool reserved_tag(const char *name) {
    static const char *const RESERVED[] = {"Game",   "Variant",    "Scoring", "Target",    "Hand",
                                           "Dealer", "Deck",       "Seed",    "MatchSeed", "Result",
                                           "Score",  "Player1",    "Player2", "Assisted",  "Moves",
                                           "Rubber", "RubberSeed", "Trump",   "Android"};
    for (size_t i = 0; i < sizeof RESERVED / sizeof RESERVED[0]; i++)
        if (strcmp(name, RESERVED[i]) == 0) return true;
    return false;
}

gw_status ses_tag_set(gw_session *s, const char *name, const char *value) {
    int i = 0;
    while (i < s->ntags && strcmp(s->tags[i].name, name) != 0)
        i++;
    if (!value) {
        if (i < s->ntags) {
            memmove(&s->tags[i], &s->tags[i + 1], (size_t)(s->ntags - i - 1) * sizeof s->tags[0]);
            s->ntags--;
        }
        return GW_OK;
    }
    if (i == s->ntags) {
        if (s->ntags == SES_TAGS_MAX) return GW_EINVAL;
        s->ntags++;
        gw_format(s->tags[i].name, (int)sizeof s->tags[i].name, "%s", name);
    }
    gw_format(s->tags[i].value, (int)sizeof s->tags[i].value, "%s", value);
    return GW_OK;
}

gw_status gw_session_set_tag(gw_session *s, const char *name, const char *value, gw_error *err) {
    size_t n = strlen(name);
    if (n == 0 || n >= SES_TAG_NAME_MAX)
        return gw_error_set(err, GW_EINVAL, 0, 0, "a tag name has 1 to %d characters", SES_TAG_NAME_MAX - 1);
    for (const char *ch = name; *ch; ch++) {
        bool ok = (*ch >= 'A' && *ch <= 'Z') || (*ch >= 'a' && *ch <= 'z') || (*ch >= '0' && *ch <= '9') ||
                  *ch == '_';
        if (!ok || (ch == name && !((*ch >= 'A' && *ch <= 'Z') || (*ch >= 'a' && *ch <= 'z'))))
            return gw_error_set(err, GW_EINVAL, 0, 0,
                                "the tag name '%s' is not a letter followed by letters, "
                                "digits or _",
                                name);
    }
    if (reserved_tag(name))
        return gw_error_set(err, GW_EINVAL, 0, 0, "the session writes the %s tag itself", name);
    if (value) {
        if (strlen(value) >= SES_TAG_VALUE_MAX)
            return gw_error_set(err, GW_EINVAL, 0, 0, "the %s tag's value is longer than %d characters", name,
                                SES_TAG_VALUE_MAX - 1);
        for (const char *ch = value; *ch; ch++)
            if ((unsigned char)*ch < 0x20 || *ch == '"' || *ch == '\\' || *ch == 0x7f)
                return gw_error_set(
                    err, GW_EINVAL, 0, 0,
                    "the %s tag's value may not hold quotes, backslashes or control characters", name);
    }
    if (ses_tag_set(s, name, value) != GW_OK)
        return gw_error_set(err, GW_EINVAL, 0, 0, "no room for more than %d tags", SES_TAGS_MAX);
    return GW_OK;
}

const char *gw_session_tag(const gw_session *s, const char *name) {
    for (int i = 0; i < s->ntags; i++)
        if (strcmp(s->tags[i].name, name) == 0) return s->tags[i].value;
    return NULL;
}

void gw_session_record(const gw_session *s, bool with_current, gw_text *out) {
    if (s->config.game == GW_GAME_GERMAN)
        ses_german_record(s, with_current, out);
    else
        ses_android_record(s, with_current, out);
}

gw_status gw_session_hand_record(const gw_session *s, int hand_no, gw_text *out, gw_error *err) {
    return s->config.game == GW_GAME_GERMAN ? ses_german_hand_record(s, hand_no, out, err)
                                            : ses_android_hand_record(s, hand_no, out, err);
}

const char *ses_player_name(const gw_session *s, int p) {
    const gw_seat_config *seat = &s->config.seats[p];
    if (seat->name[0]) return seat->name;
    if (seat->kind == GW_SEAT_OUTSIDE) return "human";
    return s->config.game == GW_GAME_ANDROID ? gw_android_level_name((gw_android_level)seat->level)
                                             : gw_ai_level_name((gw_ai_level)seat->level);
}

bool gw_session_hand_assisted(const gw_session *s, int hand_no) {
    return s->config.game == GW_GAME_GERMAN ? ses_german_hand_assisted(s, hand_no)
                                            : ses_android_hand_assisted(s, hand_no);
}

bool gw_session_hand_slam(const gw_session *s, int hand_no) {
    return s->config.game == GW_GAME_GERMAN && ses_german_hand_slam(s, hand_no);
}
