/* game.c: whist serve's games: each player's German Whist match and Android Whist rubber, a gw_session
 * each, changed only on the loop; the computer's decisions and hints lent to the worker pool; every change
 * saved in the store before anything of it is sent (its messages are held until the save commits, and a
 * change that cannot be saved is undone), every finished hand of either game put in the statistics under
 * its owner, the player's token, in the same transaction as the game (server_int.h). */
#define _DEFAULT_SOURCE /* strdup */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "gw/levels.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "gw/session_hands.h"
#include "gw/text.h"
#include "server_int.h"

/* After a failed save the computer of that game waits this long (or for the player) before trying again:
 * no loop of thinking and failing while the disk is full. */
#define STALL_MS 30000

bool game_seed(uint64_t *out) { return random_bytes(out, sizeof *out); }

/* ---- sending: what a change shows is held until the change is saved ---------------------------------- */

/* Queues text (taken; NULL: out of memory) for c: held with g's unsaved change, or sent now. */
static void hold_or_send(game *g, conn *c, char *text) { send_or_hold(&g->held, g->dirty, c, text); }

/* j (taken) to c, or to every connection following g when c is NULL. */
static void game_send(game *g, conn *only, json_t *j) {
    char *text = gw_protocol_dump(j);
    if (only) {
        hold_or_send(g, only, text);
        return;
    }
    for (conn *c = g->pl->conns; c; c = c->next)
        if (c->follows == g->kind && !c->table) hold_or_send(g, c, text ? strdup(text) : NULL);
    free(text);
}

static void game_error(game *g, conn *only, const char *code, const char *message) {
    game_send(g, only, gw_protocol_error_json(code, message));
}

void game_forget_conn(player *pl, conn *c) {
    for (int k = 0; k < GAMES; k++)
        send_held_forget(&pl->games[k].held, c);
}

void game_free(game *g) {
    assert(!g->out);
    send_held(&g->held, false);
    gw_session_free(g->s);
    g->s = NULL;
}

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

/* The events numbered from..last as player 0 sees them, then the view, to c (or every connection
 * following g). */
static void send_since(game *g, conn *only, uint32_t from) {
    const gw_session *s = g->s;
    uint32_t last = gw_session_last_event(s);
    gw_game_kind kind = gw_session_config_of(s)->game;
    gw_event ev[64];
    while (from <= last) {
        int n = gw_session_events(s, from, 0, ev, 64);
        if (n <= 0) break;
        for (int i = 0; i < n; i++)
            game_send(g, only, gw_protocol_event_json(kind, &ev[i]));
        from += (uint32_t)n;
    }
    game_send(g, only, view_message(s));
}

/* ---- summaries: the `games` message ------------------------------------------------------------------ */

/* The number of the hand in play, or of the one last scored. */
static int hand_of(const gw_session *s) {
    int played = gw_session_config_of(s)->game == GW_GAME_GERMAN ? gw_session_match(s)->hands_played
                                                                 : gw_session_rubber(s)->hands;
    return gw_session_state_of(s) == GW_SESSION_PLAYING ? played + 1 : played;
}

static const char *const STATE_NAMES[] = {"playing", "hand_over", "over"};

/* {"state", "hand", "score"} of g's game (German Whist: the match score; Android Whist: the games won in
 * the rubber), or null. */
static json_t *summary_json(const game *g) {
    if (!g->s) return json_null();
    const gw_session *s = g->s;
    const int *score = gw_session_config_of(s)->game == GW_GAME_GERMAN ? gw_session_match(s)->score
                                                                       : gw_session_rubber(s)->games;
    return json_pack("{sssis[ii]}", "state", STATE_NAMES[gw_session_state_of(s)], "hand", hand_of(s), "score",
                     score[0], score[1]);
}

static json_t *games_json(const player *pl) {
    return json_pack("{soso}", "german", summary_json(&pl->games[GW_GAME_GERMAN]), "android",
                     summary_json(&pl->games[GW_GAME_ANDROID]));
}

void game_send_games(player *pl) {
    json_t *j = json_object();
    if (j) {
        json_object_set_new(j, "type", json_string("games"));
        json_object_set_new(j, "games", games_json(pl));
    }
    char *text = gw_protocol_dump(j);
    for (conn *c = pl->conns; c; c = c->next)
        if (text)
            send_text(c, strdup(text));
        else
            send_lose(c);
    free(text);
}

/* Notes g's summary as it is now; true (and pl->games_changed) if it changed. */
static bool note_summary(game *g) {
    int state = g->s ? (int)gw_session_state_of(g->s) : -1, hand = g->s ? hand_of(g->s) : 0;
    if (state == g->shown_state && hand == g->shown_hand) return false;
    g->shown_state = state;
    g->shown_hand = hand;
    g->pl->games_changed = true;
    return true;
}

void game_welcome(conn *c) {
    player *pl = c->pl;
    game *g = &pl->games[c->follows];
    json_t *j = json_object();
    if (j) {
        json_object_set_new(j, "type", json_string("welcome"));
        json_object_set_new(j, "protocol", json_integer(BROWSER_PROTOCOL));
        json_object_set_new(j, "game",
                            g->s ? gw_protocol_config_json(gw_session_config_of(g->s), false) : json_null());
        json_object_set_new(j, "games", games_json(pl));
        json_object_set_new(j, "settings", gw_web_settings_json(&pl->settings));
    }
    game_send(g, c, j);
    if (g->s) send_since(g, c, 1);
}

void save_failure(char *out, size_t cap, bool full, const char *why) {
    if (full)
        snprintf(out, cap, "cannot save: the server's disk is full");
    else if (strncmp(why, "cannot ", 7) == 0)
        snprintf(out, cap, "%s", why);
    else
        snprintf(out, cap, "cannot save: %s", why);
}

/* ---- the transaction of one turn of the loop ------------------------------------------------------------
 */

/* A write of the turn's transaction failed: nothing of it will be kept. */
static void batch_fail(server *sv, const gw_error *err) {
    if (!sv->batch_failed) {
        sv->batch_failed = true;
        sv->batch_full = gw_store_disk_full(sv->store);
        snprintf(sv->batch_why, sizeof sv->batch_why, "%s", err->msg);
        server_log("%s", err->msg);
    }
    gw_store_rollback(sv->store);
}

void game_batch_fail(server *sv, const gw_error *err) { batch_fail(sv, err); }

/* The turn's transaction, opened if need be; false if it failed. */
static bool batch_open(server *sv) {
    if (sv->batch_failed) return false;
    if (gw_store_in_batch(sv->store)) return true;
    gw_error err;
    if (gw_store_begin(sv->store, &err) == GW_OK) return true;
    batch_fail(sv, &err);
    return false;
}

bool game_batch_open(server *sv) { return batch_open(sv); }

/* g changed: to be saved, its messages held until then. */
static void mark_dirty(server *sv, game *g) {
    g->pl->last = g->kind;
    if (g->dirty) return;
    g->dirty = true;
    g->next_dirty = sv->dirty;
    sv->dirty = g;
}

/* ---- statistics: the hands of both games go where the terminal game's go, owned by the player ---------- */

/* Records g's match (rubber), at its first scored hand: a game given up before has no row. */
static bool stats_begin(server *sv, game *g) {
    const gw_session_config *c = gw_session_config_of(g->s);
    gw_error err;
    gw_status st;
    if (g->kind == GW_GAME_GERMAN) {
        gw_store_match sm = {c->rules, gw_ai_level_name((gw_ai_level)c->seats[1].level), c->seed, NULL, false,
                             0};
        st = gw_store_begin_owned_match(sv->store, &sm, g->pl->token, &g->stats_id, &err);
    } else {
        gw_store_rubber sr = {gw_android_level_name((gw_android_level)c->seats[1].level), c->seed, NULL,
                              false, 0};
        st = gw_store_begin_owned_rubber(sv->store, &sr, g->pl->token, &g->stats_id, &err);
    }
    if (st != GW_OK) {
        g->stats_id = 0;
        batch_fail(sv, &err);
        return false;
    }
    return true;
}

/* A match (rubber) with hands given up for a new one, or quit. */
static void stats_abandon(server *sv, game *g) {
    if (!g->s || g->stats_id <= 0 || gw_session_state_of(g->s) == GW_SESSION_OVER || !batch_open(sv)) return;
    gw_error err;
    gw_status st = g->kind == GW_GAME_GERMAN ? gw_store_abandon_match(sv->store, g->stats_id, &err)
                                             : gw_store_abandon_rubber(sv->store, g->stats_id, &err);
    if (st != GW_OK && st != GW_ESTATE) batch_fail(sv, &err); /* GW_ESTATE: over or abandoned already */
}

/* Stores the hands scored by the events numbered from on, in the turn's transaction (a hand stored already
 * is refused by the store and skipped). */
static void stats_hands(server *sv, game *g, uint32_t from) {
    uint32_t last = gw_session_last_event(g->s);
    for (uint32_t n = from; n <= last; n++) {
        gw_event e;
        if (gw_session_events(g->s, n, 0, &e, 1) != 1 || e.kind != GW_EVENT_SCORE) continue;
        if (!batch_open(sv) || (g->stats_id <= 0 && !stats_begin(sv, g))) return;
        gw_error err;
        if (gw_store_add_session_hand(sv->store, g->s, g->stats_id, &e, NULL, &err) != GW_OK &&
            err.status != GW_ESTATE) {
            batch_fail(sv, &err);
            return;
        }
    }
}

/* ---- loading, saving, undoing ------------------------------------------------------------------------ */

bool game_load(server *sv, player *pl, int only, gw_error *err) {
    gw_store_web_game rows[2];
    int n;
    if (gw_store_player_games(sv->store, pl->token, rows, &n, err) != GW_OK) return false;
    for (int i = 0; i < n; i++) {
        game *g = &pl->games[rows[i].game];
        if (only >= 0 && (int)rows[i].game != only) continue;
        gw_error e;
        if (gw_session_restore(&sv->base, rows[i].record, strlen(rows[i].record), &g->s, &e) != GW_OK) {
            server_log("a saved game does not restore: %s", e.msg);
            g->s = NULL;
            continue;
        }
        g->stats_id = rows[i].stats_id;
        g->saved_event = gw_session_last_event(g->s);
        g->shown_state = (int)gw_session_state_of(g->s);
        g->shown_hand = hand_of(g->s);
    }
    if (only < 0 && n > 0) pl->last = rows[0].game; /* saved last */
    for (int i = 0; i < n; i++)
        free(rows[i].record);
    return true;
}

/* Writes g (its record, or no game) in the turn's transaction; false if that failed. */
static bool save_game(server *sv, game *g) {
    gw_error err;
    gw_status st;
    if (!g->s) {
        st = gw_store_delete_web_game(sv->store, g->pl->token, g->kind, &err);
    } else {
        gw_text t = {0};
        gw_session_record(g->s, true, &t);
        if (t.failed) {
            st = gw_error_set(&err, GW_ENOMEM, 0, 0, "out of memory");
        } else {
            gw_store_web_game row = {.game = g->kind, .stats_id = g->stats_id, .record = t.data};
            snprintf(row.token, sizeof row.token, "%s", g->pl->token);
            st = gw_store_save_web_game(sv->store, &row, &err);
        }
        gw_text_free(&t);
    }
    if (st != GW_OK) batch_fail(sv, &err);
    return st == GW_OK;
}

/* g's change could not be saved: g back to its saved record (what its connections were last told), they
 * told why and given the game again; its computer waits (for the player, or STALL_MS). */
static void undo_change(server *sv, game *g, const char *why) {
    assert(!g->out); /* a job is lent a saved game only, and the game does not change while it is out */
    send_held(&g->held, false);
    gw_session_free(g->s);
    g->s = NULL;
    g->stats_id = 0;
    gw_error err;
    bool loaded = game_load(sv, g->pl, (int)g->kind, &err);
    g->lost = !loaded;
    g->stalled = true;
    g->stall_until = gw_clock_now(gw_monotonic_clock()) + STALL_MS;
    note_summary(g);
    for (conn *c = g->pl->conns; c; c = c->next) {
        if (c->follows != g->kind || c->table) continue;
        send_error(c, "not_saved", why);
        if (loaded)
            game_welcome(c);
        else
            send_lose(c); /* the game as saved cannot be read now: the browser comes back for it */
    }
    if (!loaded) {
        server_log("cannot read a game back: %s", err.msg);
        for (conn *c = g->pl->conns; c; c = c->next)
            send_lose(c); /* every tab: the player is read again when they come back */
    }
}

void game_flush_saves(server *sv) {
    while (sv->dirty || sv->dirty_tables || sv->batch_failed || gw_store_in_batch(sv->store)) {
        game *list = sv->dirty;
        sv->dirty = NULL;
        struct table_rt *tables = sv->dirty_tables;
        sv->dirty_tables = NULL;
        bool ok = batch_open(sv);
        for (game *g = list; ok && g; g = g->next_dirty)
            ok = save_game(sv, g);
        if (ok) ok = tables_save(sv, tables);
        gw_error err;
        if (ok && gw_store_in_batch(sv->store) && gw_store_commit(sv->store, &err) != GW_OK) {
            batch_fail(sv, &err);
            ok = false;
        }
        char why[300];
        save_failure(why, sizeof why, sv->batch_full, sv->batch_why);
        gw_store_rollback(sv->store);
        sv->batch_failed = sv->batch_full = false;
        for (game *g = list, *next; g; g = next) {
            next = g->next_dirty;
            g->next_dirty = NULL;
            g->dirty = false;
            if (ok) {
                g->saved_event = g->s ? gw_session_last_event(g->s) : 0;
                send_held(&g->held, true);
            } else {
                undo_change(sv, g, why);
            }
            if (g->pl->games_changed) {
                g->pl->games_changed = false;
                game_send_games(g->pl);
            }
            if (ok) game_maybe_think(sv, g); /* a computer waiting for the save (it may change g again) */
        }
        tables_saved(sv, tables, ok, why);
    }
}

void game_changed(server *sv, game *g, uint32_t from) {
    mark_dirty(sv, g);
    send_since(g, NULL, from);
    stats_hands(sv, g, from);
    note_summary(g);
}

void game_replace(server *sv, game *g, gw_session *s) {
    stats_abandon(sv, g);
    mark_dirty(sv, g);
    gw_session_free(g->s);
    g->s = s;
    g->stats_id = 0;
    g->stalled = g->lost = false;
    note_summary(g);
    g->pl->games_changed = true; /* a new game, even where the old one stood as far */
    for (conn *o = g->pl->conns; o; o = o->next)
        if (o->follows == g->kind && !o->table) game_welcome(o);
    game_maybe_think(sv, g);
}

void game_quit(server *sv, game *g) {
    assert(!g->out);
    stats_abandon(sv, g);
    mark_dirty(sv, g);
    gw_session_free(g->s);
    g->s = NULL;
    g->stats_id = 0;
    g->stalled = g->lost = false;
    note_summary(g);
    for (conn *o = g->pl->conns; o; o = o->next)
        if (o->follows == g->kind && !o->table) game_welcome(o);
}

/* ---- the pool's jobs ---------------------------------------------------------------- */

void game_run_job(pool_job *pj) {
    job *j = (job *)pj;
    if (j->kind == JOB_THINK || j->kind == JOB_TABLE)
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

void game_maybe_think(server *sv, game *g) {
    if (sv->stopping || !g->s || g->out || g->stalled || gw_session_state_of(g->s) != GW_SESSION_PLAYING)
        return;
    gw_turn t = gw_session_turn(g->s);
    if (t.player < 0 || !t.computer) return;
    bool at_once = decides_at_once(gw_session_config_of(g->s));
    if (!at_once && g->dirty) return; /* lent once saved: game_flush_saves calls again */
    job *j = calloc(1, sizeof *j);
    if (!j) {
        game_error(g, NULL, "no_memory", "the server is out of memory");
        return;
    }
    gw_error err;
    if (gw_session_think_begin(g->s, &j->thought, &err) != GW_OK) {
        free(j);
        game_error(g, NULL, "server", err.msg);
        return;
    }
    j->base.run = game_run_job;
    j->kind = JOB_THINK;
    j->pl = g->pl;
    j->g = g;
    g->out = j;
    if (at_once) {
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
    if (j->kind == JOB_TABLE) {
        table_job_done(sv, j);
        return;
    }
    if (j->kind == JOB_REPLAY || j->kind == JOB_REVIEW) {
        if (j->kind == JOB_REPLAY) j->pl->jobs--; /* its parts (JOB_REVIEW) come back before it */
        replay_done(sv, j);
        return;
    }
    game *g = j->g;
    assert(g->out == j);
    g->out = NULL;
    if (j->kind == JOB_THINK) {
        gw_error err;
        uint32_t from = gw_session_last_event(g->s) + 1;
        if (gw_session_think_end(g->s, j->thought, &err) != GW_OK)
            game_error(g, NULL, "server", err.msg);
        else
            game_changed(sv, g, from);
        game_maybe_think(sv, g);
    } else {
        g->pl->heavy = false;
        if (j->status == GW_OK)
            game_send(g, NULL, hint_message(&j->hint));
        else
            game_error(g, NULL, "no_hint", j->err.msg);
    }
    for (conn *c = g->pl->conns; c; c = c->next)
        if (c->want_welcome && c->follows == g->kind && !c->table) {
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
        if (j->kind == JOB_TABLE) {
            /* applied if it ran (saved by the last game_flush_saves), else cancelled */
            table_job_done(sv, j);
            continue;
        }
        if (j->kind == JOB_REPLAY || j->kind == JOB_REVIEW) {
            if (j->kind == JOB_REPLAY) j->pl->jobs--;
            job_free(j);
            continue;
        }
        game *g = j->g;
        g->out = NULL;
        if (j->kind == JOB_THINK) {
            gw_error err;
            uint32_t from = gw_session_last_event(g->s) + 1;
            if (!j->base.ran)
                gw_session_think_cancel(g->s, j->thought);
            else if (gw_session_think_end(g->s, j->thought, &err) == GW_OK)
                game_changed(sv, g, from); /* saved by the last game_flush_saves */
        }
        job_free(j);
    }
}
