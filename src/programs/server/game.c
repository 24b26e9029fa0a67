/* game.c: whist serve's games: each player's gw_session, changed only on the loop; the computer's decisions
 * and hints lent to the worker pool; every change saved in the store, every finished hand of either game
 * put in the statistics under its owner, the player's token (server_int.h). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/levels.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "gw/session_hands.h"
#include "gw/text.h"
#include "server_int.h"

/* ---- sending the game --------------------------------------------------------------------------- */

/* {"type":"view","view":...}: what player 0 may see now. */
static json_t *view_message(const gw_session *s) {
    gw_view *v = malloc(sizeof *v);
    if (!v) return NULL;
    json_t *j = NULL;
    if (gw_session_view(s, 0, v, NULL) == GW_OK) {
        j = json_object();
        if (j) {
            json_object_set_new(j, "type", json_string("view"));
            json_object_set_new(j, "view", gw_protocol_view_json(v));
        }
    }
    free(v);
    return j;
}

/* The events numbered from..last as player 0 sees them, then the view, to c (or every connection of pl). */
static void send_since(player *pl, conn *only, uint32_t from) {
    const gw_session *s = pl->s;
    uint32_t last = gw_session_last_event(s);
    gw_game_kind game = gw_session_config_of(s)->game;
    gw_event ev[64];
    while (from <= last) {
        int n = gw_session_events(s, from, 0, ev, 64);
        if (n <= 0) break;
        for (int i = 0; i < n; i++) {
            json_t *j = gw_protocol_event_json(game, &ev[i]);
            if (only)
                send_json(only, j);
            else
                broadcast_json(pl, j);
        }
        from += (uint32_t)n;
    }
    if (only)
        send_json(only, view_message(s));
    else
        broadcast_json(pl, view_message(s));
}

void game_welcome(conn *c) {
    player *pl = c->pl;
    json_t *j = json_object();
    if (j) {
        json_object_set_new(j, "type", json_string("welcome"));
        json_object_set_new(j, "protocol", json_integer(GW_PROTOCOL_VERSION));
        json_object_set_new(
            j, "game", pl->s ? gw_protocol_config_json(gw_session_config_of(pl->s), false) : json_null());
        json_object_set_new(j, "settings", web_settings_json(&pl->settings));
    }
    send_json(c, j);
    if (pl->s) send_since(pl, c, 1);
}

void game_save(server *sv, player *pl) {
    if (!pl->s) { /* the game ended (quit): a save still waiting must not bring it back */
        free(pl->unsaved);
        pl->unsaved = NULL;
        gw_error err;
        if (gw_store_delete_web_game(sv->store, pl->token, &err) != GW_OK) {
            server_log("cannot delete a game: %s", err.msg);
            broadcast_error(pl, "not_saved", "The game could not be deleted from the database.");
        }
        return;
    }
    gw_text t = {0};
    gw_session_record(pl->s, true, &t);
    if (t.failed) {
        gw_text_free(&t);
        server_log("cannot save a game: out of memory");
        broadcast_error(pl, "not_saved", "The game could not be saved; it goes on.");
        return;
    }
    if (!pl->in_unsaved) {
        pl->in_unsaved = true;
        pl->next_unsaved = sv->unsaved;
        sv->unsaved = pl;
    }
    free(pl->unsaved);
    pl->unsaved = t.data; /* taken from t */
    pl->unsaved_event = gw_session_last_event(pl->s);
}

void game_flush_saves(server *sv) {
    int n = 0;
    for (player *p = sv->unsaved; p; p = p->next_unsaved)
        n += p->unsaved != NULL;
    gw_error err;
    gw_status st = GW_OK;
    if (n) {
        gw_store_web_game *rows = malloc((size_t)n * sizeof *rows);
        if (!rows) st = gw_error_set(&err, GW_ENOMEM, 0, 0, "out of memory");
        int i = 0;
        for (player *p = sv->unsaved; rows && p; p = p->next_unsaved) {
            if (!p->unsaved) continue;
            memcpy(rows[i].token, p->token, sizeof p->token);
            rows[i++].record = p->unsaved;
        }
        if (st == GW_OK) st = gw_store_save_web_games(sv->store, rows, n, &err);
        free(rows);
        if (st != GW_OK) server_log("cannot save %d game(s): %s", n, err.msg);
    }
    while (sv->unsaved) {
        player *p = sv->unsaved;
        sv->unsaved = p->next_unsaved;
        if (p->unsaved) {
            if (st == GW_OK)
                p->saved_event = p->unsaved_event;
            else
                broadcast_error(p, "not_saved", "The game could not be saved; it goes on.");
        }
        free(p->unsaved);
        p->unsaved = NULL;
        p->next_unsaved = NULL;
        p->in_unsaved = false;
    }
}

/* ---- statistics: the hands of both games go where the terminal game's go, owned by the player ---------- */

static bool german(const player *pl) { return gw_session_config_of(pl->s)->game == GW_GAME_GERMAN; }

/* The tag that keeps the game's row in the statistics (as the terminal game's records do). */
static const char *row_tag(const player *pl) { return german(pl) ? "StoreMatch" : "StoreRubber"; }

/* The game's row in the statistics (kept in the record, so a restored game keeps it), or 0. */
static int64_t stats_row(const player *pl) {
    const char *tag = gw_session_tag(pl->s, row_tag(pl));
    return tag ? strtoll(tag, NULL, 10) : 0;
}

/* Records the start of pl's new match (rubber). */
static void stats_begin(server *sv, player *pl) {
    const gw_session_config *c = gw_session_config_of(pl->s);
    int64_t id;
    gw_error err;
    gw_status st;
    if (german(pl)) {
        gw_store_match sm = {c->rules, gw_ai_level_name((gw_ai_level)c->seats[1].level), c->seed, NULL};
        st = gw_store_begin_owned_match(sv->store, &sm, pl->token, &id, &err);
    } else {
        gw_store_rubber sr = {gw_android_level_name((gw_android_level)c->seats[1].level), c->seed, NULL};
        st = gw_store_begin_owned_rubber(sv->store, &sr, pl->token, &id, &err);
    }
    if (st != GW_OK) {
        server_log("the statistics: %s", err.msg);
        return;
    }
    char value[32];
    snprintf(value, sizeof value, "%lld", (long long)id);
    if (gw_session_set_tag(pl->s, row_tag(pl), value, &err) != GW_OK)
        server_log("the statistics: %s", err.msg);
}

/* A match (rubber) given up for a new one, or quit. */
static void stats_abandon(server *sv, player *pl) {
    int64_t id = stats_row(pl);
    gw_error err;
    if (id <= 0 || gw_session_state_of(pl->s) == GW_SESSION_OVER) return;
    if (german(pl))
        (void)gw_store_abandon_match(sv->store, id, &err);
    else
        (void)gw_store_abandon_rubber(sv->store, id, &err);
}

/* Stores the hands scored by the events numbered from on (a hand stored already, after a restart from a
 * save older than the statistics, is refused by the store and skipped). */
static void stats_hands(server *sv, player *pl, uint32_t from) {
    int64_t id = stats_row(pl);
    if (id <= 0) return;
    uint32_t last = gw_session_last_event(pl->s);
    for (uint32_t n = from; n <= last; n++) {
        gw_event e;
        if (gw_session_events(pl->s, n, 0, &e, 1) != 1 || e.kind != GW_EVENT_SCORE) continue;
        gw_error err;
        if (gw_store_add_session_hand(sv->store, pl->s, id, &e, NULL, &err) != GW_OK &&
            err.status != GW_ESTATE)
            server_log("the statistics: %s", err.msg);
    }
}

void game_changed(server *sv, player *pl, uint32_t from) {
    send_since(pl, NULL, from);
    stats_hands(sv, pl, from);
    game_save(sv, pl);
}

void game_replace(server *sv, player *pl, gw_session *s) {
    if (pl->s) stats_abandon(sv, pl);
    gw_session_free(pl->s);
    pl->s = s;
    stats_begin(sv, pl);
    for (conn *o = pl->conns; o; o = o->next)
        game_welcome(o);
    game_save(sv, pl);
    game_maybe_think(sv, pl);
}

void game_quit(server *sv, player *pl) {
    assert(!pl->out);
    if (pl->s) stats_abandon(sv, pl);
    gw_session_free(pl->s);
    pl->s = NULL;
    game_save(sv, pl);
    for (conn *o = pl->conns; o; o = o->next)
        game_welcome(o);
}

/* ---- the pool's jobs ---------------------------------------------------------------- */

void game_run_job(pool_job *pj) {
    job *j = (job *)pj;
    if (j->kind == JOB_THINK)
        gw_thought_run(j->thought);
    else if (j->kind == JOB_HINT)
        j->status = gw_session_hint(j->session, 0, &j->hint, &j->err);
    else
        replay_run(j);
}

static void finish_job(server *sv, job *j);

/* A computer that decides at once (the random levels): its decision is made on the loop, since lending it
 * to a worker would cost more (two thread switches and a wake-up of the loop) than the decision. */
static bool decides_at_once(const gw_session_config *c) {
    return c->seats[1].kind == GW_SEAT_COMPUTER &&
           c->seats[1].level == (c->game == GW_GAME_GERMAN ? (int)GW_AI_RANDOM : (int)GW_ANDROID_RANDOM);
}

void game_maybe_think(server *sv, player *pl) {
    if (!pl->s || pl->out || gw_session_state_of(pl->s) != GW_SESSION_PLAYING) return;
    gw_turn t = gw_session_turn(pl->s);
    if (t.player < 0 || !t.computer) return;
    job *j = calloc(1, sizeof *j);
    if (!j) {
        broadcast_error(pl, "no_memory", "the server is out of memory");
        return;
    }
    gw_error err;
    if (gw_session_think_begin(pl->s, &j->thought, &err) != GW_OK) {
        free(j);
        broadcast_error(pl, "server", err.msg);
        return;
    }
    j->base.run = game_run_job;
    j->kind = JOB_THINK;
    j->pl = pl;
    pl->out = j;
    if (decides_at_once(gw_session_config_of(pl->s))) {
        game_run_job(&j->base);
        j->base.ran = true;
        finish_job(sv, j); /* which calls game_maybe_think again: the computer may act twice in a row */
        return;
    }
    pool_submit(sv->pool, &j->base, POOL_THINK);
}

static json_t *hint_message(const gw_hint *h) {
    json_t *j = json_object(), *cards = json_array();
    if (!j || !cards) {
        json_decref(j);
        json_decref(cards);
        return NULL;
    }
    for (int i = 0; i < h->count; i++) {
        char name[3] = {gw_rank_char(gw_card_rank(h->cards[i])), gw_suit_char(gw_card_suit(h->cards[i])), 0};
        json_t *c = json_object();
        json_object_set_new(c, "card", json_string(name));
        json_object_set_new(c, "value", json_real(h->value[i]));
        json_object_set_new(c, "tricks", json_real(h->tricks[i]));
        json_object_set_new(c, "se", json_real(h->se[i]));
        json_array_append_new(cards, c);
    }
    json_object_set_new(j, "type", json_string("hint"));
    json_object_set_new(j, "exact", json_boolean(h->exact));
    json_object_set_new(j, "unit", json_string(h->unit ? h->unit : "points"));
    json_object_set_new(j, "cards", cards);
    if (h->exact)
        json_object_set_new(j, "best", json_integer(h->best));
    else
        json_object_set_new(j, "samples", json_integer(h->samples));
    return j;
}

void job_free(job *j) {
    free(j->record);
    free(j->review_text);
    json_decref(j->answer);
    free(j);
}

/* A finished job, back on the loop. */
static void finish_job(server *sv, job *j) {
    if (j->kind == JOB_REPLAY || j->kind == JOB_REVIEW) {
        replay_done(sv, j);
        return;
    }
    player *pl = j->pl;
    assert(pl->out == j);
    pl->out = NULL;
    if (j->kind == JOB_THINK) {
        gw_error err;
        uint32_t from = gw_session_last_event(pl->s) + 1;
        if (gw_session_think_end(pl->s, j->thought, &err) != GW_OK)
            broadcast_error(pl, "server", err.msg);
        else
            game_changed(sv, pl, from);
        game_maybe_think(sv, pl);
    } else {
        pl->heavy = false;
        if (j->status == GW_OK)
            broadcast_json(pl, hint_message(&j->hint));
        else
            broadcast_error(pl, "no_hint", j->err.msg);
    }
    for (conn *c = pl->conns; c; c = c->next)
        if (c->want_welcome) {
            c->want_welcome = false;
            game_welcome(c);
        }
    job_free(j);
}

void game_drain_jobs(server *sv) {
    pool_job *pj;
    while ((pj = pool_take_done(sv->pool)) != NULL)
        finish_job(sv, (job *)pj);
}

void game_stop_jobs(server *sv) {
    pool_job *pj;
    while ((pj = pool_take_done(sv->pool)) != NULL) {
        job *j = (job *)pj;
        if (j->kind == JOB_THINK || j->kind == JOB_HINT) j->pl->out = NULL;
        if (j->kind == JOB_THINK) {
            gw_error err;
            if (j->base.ran)
                (void)gw_session_think_end(j->pl->s, j->thought, &err);
            else
                gw_session_think_cancel(j->pl->s, j->thought);
        }
        job_free(j);
    }
}
