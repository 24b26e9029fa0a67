/* messages.c: one message from a browser: the rate limit, the strict reader (client_msg.h), then what it
 * asks: the player's settings, statistics, history, a replay; which of the player's two games the connection
 * follows (open), and that game's actions: new, act, undo, hint, next, quit (server_int.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client_msg.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "server_int.h"

/* Whether c may send one more message now: a bucket of 2 * rate messages, refilled at rate a second. */
static bool within_rate(const server *sv, conn *c) {
    if (sv->rate <= 0) return true;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t now = (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
    double cap = 2.0 * sv->rate;
    if (c->last_us == 0)
        c->allowance = cap;
    else
        c->allowance += (double)(now - c->last_us) * sv->rate / 1e6;
    if (c->allowance > cap) c->allowance = cap;
    c->last_us = now;
    if (c->allowance < 1.0) return false;
    c->allowance -= 1.0;
    return true;
}

/* The error for a save that failed. */
static void not_saved(gw_store *st, conn *c, const gw_error *err) {
    char why[300];
    save_failure(why, sizeof why, gw_store_disk_full(st), err->msg);
    send_error(c, "not_saved", why);
}

static void on_settings(server *sv, conn *c, const client_msg *m) {
    player *pl = c->pl;
    game_flush_saves(sv); /* the settings are written alone, answered once saved */
    gw_web_settings next = pl->settings;
    for (int k = 0; k < GW_WEB_SETTINGS; k++)
        if (m->given[k]) memcpy(next.value[k], m->settings.value[k], GW_WEB_SETTING_BYTES);
    char *text = gw_web_settings_dump(&next);
    gw_error err;
    if (!text) {
        send_error(c, "no_memory", "the server is out of memory");
        return;
    }
    gw_status st = gw_store_save_settings(sv->store, pl->token, text, &err);
    free(text);
    if (st != GW_OK) { /* nothing changed */
        server_log("cannot save the settings: %s", err.msg);
        not_saved(sv->store, c, &err);
        return;
    }
    pl->settings = next;
    json_t *j = json_object();
    if (j) {
        json_object_set_new(j, "type", json_string("settings"));
        json_object_set_new(j, "settings", gw_web_settings_json(&pl->settings));
    }
    broadcast_json(pl, j);
}

/* The messages that do not touch the game: true if m was one of them. */
static bool player_message(server *sv, conn *c, const client_msg *m) {
    gw_error err;
    gw_error_clear(&err);
    json_t *j;
    switch (m->type) {
    case CLIENT_SETTINGS: on_settings(sv, c, m); return true;
    case CLIENT_STATS:
    case CLIENT_HISTORY:
        game_flush_saves(sv); /* read as the player was told */
        j = m->type == CLIENT_STATS ? replay_stats_message(sv->store, c->pl->token, &err)
                                    : replay_history_message(sv->store, c->pl->token, m->limit, &err);
        if (j)
            send_json(c, j);
        else
            send_error(c, err.status == GW_OK || err.status == GW_ENOMEM ? "no_memory" : "server",
                       err.status == GW_OK ? "the server is out of memory" : err.msg);
        return true;
    case CLIENT_REPLAY:
        game_flush_saves(sv); /* the store as the player was told: a hand just scored is there */
        replay_start(sv, c, m->id);
        return true;
    default: return false;
    }
}

static void start_hint(server *sv, conn *c, game *g) {
    game_flush_saves(sv); /* a job is lent a saved game only (a failure undid the change: g as saved) */
    if (!g->s) {
        send_error(c, "no_game", "There is no game: start one with a new message.");
        return;
    }
    gw_turn t = gw_session_turn(g->s);
    if (t.player != 0 || t.kind != GW_ACTION_CARD || gw_session_state_of(g->s) != GW_SESSION_PLAYING) {
        send_error(c, "not_now", "A hint is for a card you are to play.");
        return;
    }
    if (g->out) { /* the computer woken by the save */
        send_error(c, "busy", "The computer is thinking.");
        return;
    }
    if (c->pl->heavy) { /* one heavy job per player */
        send_error(c, "busy", "A replay of yours is being worked out: ask again when it is done.");
        return;
    }
    job *j = calloc(1, sizeof *j);
    if (!j) {
        send_error(c, "no_memory", "the server is out of memory");
        return;
    }
    j->base.run = game_run_job;
    j->kind = JOB_HINT;
    j->pl = c->pl;
    j->g = g;
    j->session = g->s; /* the loop leaves the session alone while g->out is set */
    g->out = j;
    c->pl->heavy = true;
    pool_submit(sv->pool, &j->base, POOL_HINT);
}

/* A new game of the kind m->game: it replaces the player's game of that kind, which the connection
 * follows from now on. */
static void start_game(server *sv, conn *c, client_msg *m) {
    game *g = &c->pl->games[m->game];
    if (g->out) {
        send_error(c, "busy",
                   g->out->kind == JOB_THINK ? "The computer is thinking." : "The hint is on its way.");
        return;
    }
    gw_error err;
    gw_session *s = NULL;
    if (!game_seed(&m->config.seed)) {
        send_error(c, "server", "the server has no random numbers to deal with");
        return;
    }
    m->config.clock = gw_monotonic_clock();
    const char *name = c->pl->settings.value[GW_WEB_SETTING_NAME];
    snprintf(m->config.seats[0].name, sizeof m->config.seats[0].name, "%s", name[0] ? name : "You");
    if (gw_session_new(&m->config, &s, &err) != GW_OK) {
        send_error(c, "bad_value", err.msg);
        return;
    }
    c->follows = m->game; /* welcomed by game_replace with every connection following g */
    game_replace(sv, g, s);
}

static void game_message(server *sv, conn *c, client_msg *m) {
    if (m->type == CLIENT_NEW) {
        start_game(sv, c, m);
        return;
    }
    if (m->type == CLIENT_OPEN) {
        c->follows = m->game;
        c->want_welcome = false; /* (a welcome it waited for was of the game it followed) */
        game *g = &c->pl->games[m->game];
        g->stalled = false; /* the player is back at this game: its computer may try again */
        if (g->out && g->out->kind == JOB_HINT)
            c->want_welcome = true;
        else
            game_welcome(c);
        game_maybe_think(sv, g);
        return;
    }
    game *g = &c->pl->games[c->follows];
    gw_error err;
    gw_error_clear(&err);
    if (g->out && (m->type != CLIENT_ACT || g->out->kind == JOB_HINT)) {
        send_error(c, "busy",
                   g->out->kind == JOB_THINK ? "The computer is thinking." : "The hint is on its way.");
        return;
    }
    if (!g->s && m->type != CLIENT_QUIT) {
        send_error(c, "no_game", "There is no game: start one with a new message.");
        return;
    }
    g->stalled = false; /* the player acts: a computer stalled by a failed save may try again */
    if (m->type == CLIENT_QUIT) {
        game_quit(sv, g);
    } else if (m->type == CLIENT_ACT) {
        uint32_t from = gw_session_last_event(g->s) + 1;
        gw_refusal why = GW_REFUSE_NONE;
        if (gw_session_act(g->s, 0, &m->action, &why, &err) != GW_OK)
            send_error(c, why != GW_REFUSE_NONE ? gw_refusal_code(why) : "refused", err.msg);
        else
            game_changed(sv, g, from);
    } else if (m->type == CLIENT_UNDO) {
        uint32_t from = gw_session_last_event(g->s) + 1;
        if (gw_session_undo(g->s, 0, &err) != GW_OK)
            send_error(c, "cannot_undo", err.msg);
        else
            game_changed(sv, g, from);
    } else if (m->type == CLIENT_NEXT) {
        uint32_t from = gw_session_last_event(g->s) + 1;
        if (gw_session_next_hand(g->s, &err) != GW_OK)
            send_error(c, "not_now", err.msg);
        else
            game_changed(sv, g, from);
    } else {
        assert(m->type == CLIENT_HINT);
        start_hint(sv, c, g);
        return;
    }
    game_maybe_think(sv, g);
}

void handle_message(server *sv, conn *c, const char *text, size_t len) {
    if (!within_rate(sv, c)) {
        send_error(c, "rate_limited", "Too many messages: this one was dropped; slow down.");
        return;
    }
    client_msg *m = malloc(sizeof *m);
    if (!m) {
        send_error(c, "no_memory", "the server is out of memory");
        return;
    }
    char code[GW_PROTOCOL_CODE_MAX], msg[GW_PROTOCOL_MESSAGE_MAX];
    if (!client_msg_parse(text, len, &sv->base, m, code, msg)) {
        send_error(c, code, msg);
    } else if (m->type >= CLIENT_TABLE_NEW) {
        table_message(sv, c, m, text, len);
    } else if (!player_message(sv, c, m)) {
        if (c->table && (m->type == CLIENT_NEW || m->type == CLIENT_OPEN)) table_unfollow(sv, c);
        if (c->table)
            send_error(c, "not_now", "This tab follows a table: open one of your games first.");
        else
            game_message(sv, c, m);
    }
    free(m);
}
