/* tables.c: whist serve's tables between two people (docs/protocol.md, "Tables"): each a gw_table (the table
 * host, include/gw/table.h) in memory while a connection follows it and --evict-after after the last left,
 * read from the store when first joined; every change saved (the tables row) before its messages go out
 * (held until the turn's transaction commits, as game.c does; a change that cannot be saved is undone: the
 * table read back as saved, its connections told not_saved and given it again); its computer's decisions
 * lent to the worker pool; its clocks and grace periods ticked once a second; each finished hand put in the
 * history and statistics of each person seated (from that seat's side), and a rated match's result in both
 * players' ratings, in the same transaction as the table. The lobby and play anyone read the waiting tables
 * from the store. */
#define _DEFAULT_SOURCE /* strdup */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "client_msg.h"
#include "gw/levels.h"
#include "gw/monotonic.h"
#include "gw/protocol.h"
#include "gw/rating.h"
#include "gw/session_hands.h"
#include "gw/text.h"
#include "server_int.h"

#define LOBBY_MAX 50    /* tables a lobby message lists at most */
#define STALL_MS  30000 /* after a failed save the table's computer waits this long */
#define ID_BYTES  12    /* random bytes of a table's id (24 hexadecimal digits) */

typedef struct table_rt {
    struct table_rt *next, *prev; /* every table in memory */
    struct table_rt *hnext;       /* in its hash bucket */
    char id[GW_TABLE_ID_MAX];
    gw_table *t;
    conn *conns; /* the connections following it (conn.tnext) */
    bool dirty;  /* changed since it was last saved: in sv->dirty_tables */
    struct table_rt *next_dirty;
    held_msgs held; /* the messages of its unsaved changes */
    job *out;       /* its computer's decision on the pool, or NULL */
    bool stalled;   /* its last save failed: its computer waits until stall_until */
    uint64_t stall_until;
    int64_t stats_id[2]; /* the statistics row of the match in play of each seat's person; 0: none yet */
    char match_key[GW_STORE_TABLE_KEY_MAX + 1];
    gw_table_phase phase; /* as last seen (a match's end is handled once) */
    int over_winner;      /* the last table_over's winner (-1: none) and how ("" until one is seen) */
    char over_how[12];
    uint64_t idle_since; /* monotonic ms since nothing followed it (0: followed, or busy) */
    /* each seated person's rating in the table's family, as shown in its seats (read when it sat down) */
    char rated_ident[2][GW_TABLE_IDENTITY_MAX];
    bool has_rating[2];
    double rating[2];
} table_rt;

static void refresh_ratings(server *sv, table_rt *tr, bool force);

static int64_t now_ms(void) { return (int64_t)gw_clock_now(gw_monotonic_clock()); }

static unsigned bucket_of(const char *id) {
    unsigned h = 2166136261u;
    for (const char *p = id; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    return h % TABLE_BUCKETS;
}

static table_rt *in_memory(server *sv, const char *id) {
    for (table_rt *tr = sv->table_buckets[bucket_of(id)]; tr; tr = tr->hnext)
        if (strcmp(tr->id, id) == 0) return tr;
    return NULL;
}

/* ---- sending: held until saved ------------------------------------------------------------------------ */

static void hold_or_send(table_rt *tr, conn *c, char *text) { send_or_hold(&tr->held, tr->dirty, c, text); }

static void mark_dirty(server *sv, table_rt *tr) {
    if (tr->dirty) return;
    tr->dirty = true;
    tr->next_dirty = sv->dirty_tables;
    sv->dirty_tables = tr;
}

static conn *conn_of(table_rt *tr, gw_conn_id id) {
    for (conn *c = tr->conns; c; c = c->tnext)
        if (c->serial == id) return c;
    return NULL;
}

/* Takes c out of tr's connections (the table is not told). */
static void unlink_conn(table_rt *tr, conn *c) {
    for (conn **pp = &tr->conns; *pp; pp = &(*pp)->tnext)
        if (*pp == c) {
            *pp = c->tnext;
            break;
        }
    c->tnext = NULL;
    c->table = NULL;
    c->moved = false;
    c->secret[0] = '\0';
}

/* Notes what the host must act on in a message for a connection: table_moved (the connection follows the
 * table no more once told), table_over (the winner and how, for the records and ratings). */
static void inspect(table_rt *tr, conn *c, const char *text) {
    bool moved = strstr(text, "\"table_moved\"") != NULL, over = strstr(text, "\"table_over\"") != NULL;
    if (!moved && !over) return;
    json_t *j = json_loads(text, 0, NULL);
    const char *type = json_string_value(json_object_get(j, "type"));
    if (type && strcmp(type, "table_moved") == 0 && c) c->moved = true;
    if (type && strcmp(type, "table_over") == 0) {
        json_t *w = json_object_get(j, "winner");
        tr->over_winner = json_is_integer(w) ? (int)json_integer_value(w) : -1;
        const char *how = json_string_value(json_object_get(j, "how"));
        snprintf(tr->over_how, sizeof tr->over_how, "%s", how ? how : "played");
    }
    json_decref(j);
}

/* The messages of out to their connections (held while tr is unsaved); out emptied. */
static void deliver(table_rt *tr, gw_table_out *out) {
    for (size_t i = 0; i < out->n; i++) {
        conn *c = conn_of(tr, out->msgs[i].conn);
        char *text = out->msgs[i].text;
        out->msgs[i].text = NULL;
        if (text) inspect(tr, c, text);
        if (c)
            hold_or_send(tr, c, text);
        else
            free(text);
    }
    for (size_t i = 0; i < out->n_lost; i++) {
        conn *c = conn_of(tr, out->lost_conns[i]);
        if (c) send_lose(c);
    }
    gw_table_out_clear(out);
}

/* The connections told they moved follow the table no more (once their messages are sent). */
static void drop_moved(table_rt *tr) {
    for (conn *c = tr->conns, *next; c; c = next) {
        next = c->tnext;
        if (c->moved) unlink_conn(tr, c);
    }
}

static void send_to(table_rt *tr, conn *c, json_t *j) { hold_or_send(tr, c, gw_protocol_dump(j)); }

/* ---- records: hands, the end of a match, ratings ------------------------------------------------------ */

static bool is_person(const gw_table_seat *s) { return s->identity[0] != '\0'; }

/* The statistics row of seat p's person for the match in play, made at its first scored hand. */
static bool stats_row(server *sv, table_rt *tr, int p, const gw_table_seat seats[2]) {
    if (tr->stats_id[p] > 0) return true;
    const gw_session *s = gw_table_session(tr->t);
    const gw_session_config *c = gw_session_config_of(s);
    int o = 1 - p;
    bool vs_person = seats[o].kind == GW_TSEAT_PERSON || is_person(&seats[o]);
    const char *opponent = vs_person ? "human"
                           : c->game == GW_GAME_GERMAN
                               ? gw_ai_level_name((gw_ai_level)c->seats[o].level)
                               : gw_android_level_name((gw_android_level)c->seats[o].level);
    gw_error err;
    gw_status st;
    if (c->game == GW_GAME_GERMAN) {
        gw_store_match sm = {c->rules, opponent, c->seed, NULL, vs_person, p};
        st = gw_store_begin_owned_match(sv->store, &sm, seats[p].identity, &tr->stats_id[p], &err);
    } else {
        gw_store_rubber sr = {opponent, c->seed, NULL, vs_person, p};
        st = gw_store_begin_owned_rubber(sv->store, &sr, seats[p].identity, &tr->stats_id[p], &err);
    }
    if (st != GW_OK) {
        tr->stats_id[p] = 0;
        game_batch_fail(sv, &err);
        return false;
    }
    return true;
}

/* The hands scored since the last call into each seated person's statistics, in the turn's transaction. */
static void record_hands(server *sv, table_rt *tr) {
    int first = 0, last = 0;
    gw_table_take_hands(tr->t, &first, &last);
    const gw_session *s = gw_table_session(tr->t);
    if (first <= 0 || !s) return;
    gw_table_seat seats[2];
    for (int p = 0; p < 2; p++)
        gw_table_seat_of(tr->t, p, &seats[p]);
    for (uint32_t n = gw_session_last_event(s); n >= 1; n--) { /* newest first: the hands scored lately */
        gw_event e;
        if (gw_session_events(s, n, 0, &e, 1) != 1 || e.kind != GW_EVENT_SCORE) continue;
        if (e.hand < first) break;
        if (e.hand > last) continue;
        for (int p = 0; p < 2; p++) {
            if (!is_person(&seats[p])) continue;
            if (!game_batch_open(sv) || !stats_row(sv, tr, p, seats)) return;
            gw_error err;
            if (gw_store_add_session_hand_seat(sv->store, s, tr->stats_id[p], &e, NULL, p, &err) != GW_OK &&
                err.status != GW_ESTATE) {
                game_batch_fail(sv, &err);
                return;
            }
        }
    }
}

static gw_rating rating_of(server *sv, const char *token, const char *family, bool *ok) {
    gw_rating r;
    gw_rating_default(&r);
    gw_store_rating sr;
    bool found = false;
    gw_error err;
    if (gw_store_rating_get(sv->store, token, family, &sr, &found, &err) != GW_OK) {
        game_batch_fail(sv, &err);
        *ok = false;
    } else if (found) {
        r.rating = sr.rating;
        r.rd = sr.rd;
        r.vol = sr.vol;
        r.games = sr.games;
    }
    return r;
}

/* Both players' ratings after a rated match won by winner (-1: drawn). */
static void rate(server *sv, const gw_table_seat seats[2], const gw_session_config *config, int winner) {
    const char *family = gw_rating_family(config);
    bool ok = game_batch_open(sv);
    gw_rating r[2];
    for (int p = 0; ok && p < 2; p++)
        r[p] = rating_of(sv, seats[p].identity, family, &ok);
    for (int p = 0; ok && p < 2; p++) {
        gw_rating_game g = {r[1 - p], winner < 0 ? 0.5 : winner == p ? 1.0 : 0.0};
        gw_rating next;
        gw_error err;
        if (gw_rating_update(&r[p], &g, 1, &next, &err) != GW_OK) {
            server_log("cannot rate a match: %s", err.msg);
            return;
        }
        gw_store_rating sr = {next.rating, next.rd, next.vol, next.games};
        if (gw_store_rating_put(sv->store, seats[p].identity, family, &sr, &err) != GW_OK) {
            game_batch_fail(sv, &err);
            return;
        }
    }
}

/* The match (rubber) in play ended: given up ones abandoned in the statistics, a rated one into the ratings;
 * the next match (a rematch) gets statistics rows of its own. */
static void match_over(server *sv, table_rt *tr) {
    const gw_table_options *o = gw_table_options_of(tr->t);
    const gw_session *s = gw_table_session(tr->t);
    int winner = tr->over_winner;
    bool played = tr->over_how[0] == '\0' || strcmp(tr->over_how, "played") == 0;
    if (tr->over_how[0] == '\0' && s)
        winner = o->session.game == GW_GAME_GERMAN ? gw_match_winner(gw_session_match(s))
                                                   : gw_session_rubber(s)->winner;
    gw_table_seat seats[2];
    for (int p = 0; p < 2; p++)
        gw_table_seat_of(tr->t, p, &seats[p]);
    for (int p = 0; !played && p < 2; p++) {
        if (tr->stats_id[p] <= 0 || !game_batch_open(sv)) continue;
        gw_error err;
        gw_status st = o->session.game == GW_GAME_GERMAN
                           ? gw_store_abandon_match(sv->store, tr->stats_id[p], &err)
                           : gw_store_abandon_rubber(sv->store, tr->stats_id[p], &err);
        if (st != GW_OK && st != GW_ESTATE) game_batch_fail(sv, &err);
    }
    if (o->rated && is_person(&seats[0]) && is_person(&seats[1]) &&
        strcmp(seats[0].identity, seats[1].identity) != 0)
        rate(sv, seats, &o->session, winner);
    refresh_ratings(sv, tr, true); /* shown from the next message on */
    tr->stats_id[0] = tr->stats_id[1] = 0;
    tr->over_winner = -1;
    tr->over_how[0] = '\0';
}

/* ---- changes ------------------------------------------------------------------------------------------- */

static void maybe_think(server *sv, table_rt *tr);

/* Seat p's rating (the table shows it) as the person identity's in the table's family (none: -1). */
static void set_rating(server *sv, table_rt *tr, int p, const char *identity) {
    const char *family = gw_rating_family(&gw_table_options_of(tr->t)->session);
    snprintf(tr->rated_ident[p], sizeof tr->rated_ident[p], "%s", identity);
    gw_store_rating r;
    bool found = false;
    gw_error err;
    if (identity[0] && gw_store_rating_get(sv->store, identity, family, &r, &found, &err) != GW_OK)
        found = false;
    tr->has_rating[p] = found;
    tr->rating[p] = found ? r.rating : -1;
    gw_table_set_rating(tr->t, p, tr->rating[p]);
}

/* Each seated person's rating, read when the person at a seat changed (force: read again). */
static void refresh_ratings(server *sv, table_rt *tr, bool force) {
    for (int p = 0; p < 2; p++) {
        gw_table_seat st;
        gw_table_seat_of(tr->t, p, &st);
        if (force || strcmp(st.identity, tr->rated_ident[p]) != 0) set_rating(sv, tr, p, st.identity);
    }
}

/* tr changed (out: what the call gave): to be saved, its messages held until then, its records written. */
static void changed(server *sv, table_rt *tr, gw_table_out *out) {
    mark_dirty(sv, tr);
    tr->idle_since = 0;
    refresh_ratings(sv, tr, false);
    deliver(tr, out);
    record_hands(sv, tr);
    gw_table_phase ph = gw_table_phase_of(tr->t);
    if (ph == GW_TABLE_OVER && tr->phase != GW_TABLE_OVER) match_over(sv, tr);
    tr->phase = ph;
    maybe_think(sv, tr);
}

static void maybe_think(server *sv, table_rt *tr) {
    if (sv->stopping || tr->out || tr->dirty || tr->stalled || !gw_table_computer_due(tr->t)) return;
    job *j = calloc(1, sizeof *j);
    if (!j) return; /* tried again at the next change or tick */
    gw_error err;
    if (gw_table_think_begin(tr->t, &j->thought, &err) != GW_OK) {
        server_log("a table's computer cannot think: %s", err.msg);
        free(j);
        return;
    }
    j->base.run = game_run_job;
    j->kind = JOB_TABLE;
    j->tab = tr;
    tr->out = j;
    pool_submit(sv->pool, &j->base, POOL_THINK);
}

void table_job_done(server *sv, job *j) {
    table_rt *tr = j->tab;
    assert(tr->out == j);
    tr->out = NULL;
    if (!j->base.ran) {
        gw_table_think_cancel(tr->t, j->thought);
    } else {
        gw_table_out out;
        gw_table_out_init(&out);
        gw_error err;
        if (gw_table_think_end(tr->t, j->thought, now_ms(), &out, &err) != GW_OK)
            server_log("a table's computer decided in vain: %s", err.msg);
        changed(sv, tr, &out);
    }
    job_free(j);
}

/* ---- in memory: made, read from the store, evicted ------------------------------------------------------
 */

static table_rt *add_table(server *sv, gw_table *t, const char *id) {
    table_rt *tr = calloc(1, sizeof *tr);
    if (!tr) return NULL;
    snprintf(tr->id, sizeof tr->id, "%s", id);
    tr->t = t;
    tr->phase = gw_table_phase_of(t);
    tr->over_winner = -1;
    tr->next = sv->tables;
    if (tr->next) tr->next->prev = tr;
    sv->tables = tr;
    unsigned b = bucket_of(id);
    tr->hnext = sv->table_buckets[b];
    sv->table_buckets[b] = tr;
    sv->n_tables++;
    return tr;
}

static void remove_table(server *sv, table_rt *tr) {
    assert(!tr->out && !tr->dirty);
    while (tr->conns)
        unlink_conn(tr, tr->conns);
    send_held(&tr->held, false);
    if (tr->prev)
        tr->prev->next = tr->next;
    else
        sv->tables = tr->next;
    if (tr->next) tr->next->prev = tr->prev;
    for (table_rt **pp = &sv->table_buckets[bucket_of(tr->id)]; *pp; pp = &(*pp)->hnext)
        if (*pp == tr) {
            *pp = tr->hnext;
            break;
        }
    sv->n_tables--;
    gw_table_free(tr->t);
    free(tr);
}

/* The configuration a table is read back with: the server's clock and limits, no undo between people. */
static gw_session_config table_base(const server *sv) {
    gw_session_config b = sv->base;
    b.undo = false;
    return b;
}

/* The saved table id as a gw_table (*t; NULL when there is none). false (err) if the store or the text fails.
 */
static bool read_table(server *sv, const char *id, gw_table **t, gw_store_table *row, gw_error *err) {
    *t = NULL;
    bool found;
    if (gw_store_load_table(sv->store, id, row, &found, err) != GW_OK) return false;
    if (!found) return true;
    gw_session_config base = table_base(sv);
    gw_status st = gw_table_load(row->state, strlen(row->state), &base, now_ms(), t, err);
    if (st != GW_OK) {
        gw_store_table_free(row);
        return false;
    }
    return true;
}

/* The table id, in memory or read from the store; NULL when there is none (*failed: it could not be read). */
static table_rt *find_table(server *sv, const char *id, bool *failed) {
    *failed = false;
    table_rt *tr = in_memory(sv, id);
    if (tr) return tr;
    game_flush_saves(sv); /* the store as everybody was told */
    gw_table *t;
    gw_store_table row;
    gw_error err;
    if (!read_table(sv, id, &t, &row, &err)) {
        server_log("cannot read a table: %s", err.msg);
        *failed = true;
        return NULL;
    }
    if (!t) return NULL;
    tr = add_table(sv, t, id);
    if (!tr) {
        gw_table_free(t);
        gw_store_table_free(&row);
        *failed = true;
        return NULL;
    }
    tr->stats_id[0] = row.stats_id[0];
    tr->stats_id[1] = row.stats_id[1];
    snprintf(tr->match_key, sizeof tr->match_key, "%s", row.match_key);
    gw_store_table_free(&row);
    refresh_ratings(sv, tr, true); /* the table keeps none of its own */
    maybe_think(sv, tr);           /* a computer seat to move (saved before it was lent) */
    return tr;
}

/* ---- saving ---------------------------------------------------------------------------------------------
 */

static const char *game_name(gw_game_kind g) { return g == GW_GAME_ANDROID ? "android" : "german"; }

/* The lobby's entry of a table (its id, game, rules, grace, clock, rated, who waits), and the rating family
 * (taken out before it is sent). */
static char *lobby_text(const table_rt *tr, const gw_table_seat *waiting) {
    const gw_table_options *o = gw_table_options_of(tr->t);
    json_t *j = json_object();
    if (!j) return NULL;
    json_object_set_new(j, "table", json_string(tr->id));
    json_object_set_new(j, "game", json_string(game_name(o->session.game)));
    json_object_set_new(j, "rules", gw_protocol_config_json(&o->session, false));
    json_object_set_new(j, "grace", json_integer(o->grace_s));
    json_object_set_new(j, "clock", json_integer(o->card_s));
    json_object_set_new(j, "rated", json_boolean(o->rated));
    json_object_set_new(j, "waiting", json_string(waiting ? waiting->name : ""));
    json_object_set_new(j, "family", json_string(gw_rating_family(&o->session)));
    return gw_protocol_dump(j);
}

static bool save_table(server *sv, table_rt *tr) {
    gw_text text = {0};
    gw_error err;
    gw_status st = gw_table_save(tr->t, &text, &err);
    if (st == GW_OK && text.failed) st = gw_error_set(&err, GW_ENOMEM, 0, 0, "out of memory");
    gw_store_table row = {.game = gw_table_options_of(tr->t)->session.game,
                          .stats_id = {tr->stats_id[0], tr->stats_id[1]}};
    gw_table_seat seats[2];
    for (int p = 0; p < 2; p++) {
        gw_table_seat_of(tr->t, p, &seats[p]);
        snprintf(row.seats[p], sizeof row.seats[p], "%s", seats[p].identity);
    }
    gw_table_phase ph = gw_table_phase_of(tr->t);
    /* in the lobby while its person is there to play */
    row.waiting = gw_table_options_of(tr->t)->listed && ph == GW_TABLE_WAITING &&
                  seats[0].connections + seats[1].connections > 0;
    row.over = ph == GW_TABLE_OVER;
    snprintf(row.id, sizeof row.id, "%s", tr->id);
    snprintf(row.match_key, sizeof row.match_key, "%s", tr->match_key);
    row.state = text.data;
    row.lobby = NULL;
    if (st == GW_OK) { /* the lobby's entry, read only while the table waits there */
        row.lobby = row.waiting ? lobby_text(tr, is_person(&seats[0]) ? &seats[0] : &seats[1]) : strdup("{}");
        if (!row.lobby) st = gw_error_set(&err, GW_ENOMEM, 0, 0, "out of memory");
    }
    if (st == GW_OK) st = gw_store_save_table(sv->store, &row, &err);
    free(row.lobby);
    gw_text_free(&text);
    if (st != GW_OK) game_batch_fail(sv, &err);
    return st == GW_OK;
}

bool tables_save(server *sv, table_rt *list) {
    for (table_rt *tr = list; tr; tr = tr->next_dirty)
        if (!save_table(sv, tr)) return false;
    return true;
}

static const char *name_of(const conn *c) {
    const char *name = c->pl->settings.value[GW_WEB_SETTING_NAME];
    return name[0] ? name : "Player";
}

/* tr's change could not be saved: tr read back as saved; its connections told why and joined again (a
 * table never saved is gone: they are told there is none). */
static void undo_table(server *sv, table_rt *tr, const char *why) {
    assert(!tr->out);
    send_held(&tr->held, false);
    gw_table *t;
    gw_store_table row;
    gw_error err;
    bool read = read_table(sv, tr->id, &t, &row, &err);
    if (!read) server_log("cannot read a table back: %s", err.msg);
    for (conn *c = tr->conns; c; c = c->tnext)
        send_error(c, "not_saved", why);
    if (!read || !t) { /* it cannot be read now (they come back), or it was never saved */
        for (conn *c = tr->conns, *next; c; c = next) {
            next = c->tnext;
            if (read) send_error(c, "no_table", "The table could not be made.");
            unlink_conn(tr, c);
            if (!read) send_lose(c);
        }
        remove_table(sv, tr);
        return;
    }
    gw_table_free(tr->t);
    tr->t = t;
    tr->stats_id[0] = row.stats_id[0];
    tr->stats_id[1] = row.stats_id[1];
    gw_store_table_free(&row);
    tr->phase = gw_table_phase_of(t);
    tr->over_winner = -1;
    tr->over_how[0] = '\0';
    tr->stalled = true;
    tr->stall_until = gw_clock_now(gw_monotonic_clock()) + STALL_MS;
    refresh_ratings(sv, tr, true);
    int64_t now = now_ms();
    gw_table_out out;
    gw_table_out_init(&out);
    for (conn *c = tr->conns, *next; c; c = next) { /* each as it came, from the start */
        next = c->tnext;
        if (c->moved || gw_table_join(tr->t, c->serial, c->secret, c->pl->token, name_of(c), 0, now, &out,
                                      &err) != GW_OK) {
            unlink_conn(tr, c);
            send_error(c, "no_table", "The table is not as it was: open it again.");
        }
    }
    deliver(tr, &out); /* sent at once: the table is as saved (the joins are saved with its next change) */
}

void tables_saved(server *sv, table_rt *list, bool ok, const char *why) {
    for (table_rt *tr = list, *next; tr; tr = next) {
        next = tr->next_dirty;
        tr->next_dirty = NULL;
        tr->dirty = false;
        if (ok) {
            send_held(&tr->held, true);
            drop_moved(tr);
            maybe_think(sv, tr);
        } else {
            undo_table(sv, tr, why);
        }
    }
}

/* ---- a connection follows a table ------------------------------------------------------------------------
 */

void table_unfollow(server *sv, conn *c) {
    table_rt *tr = c->table;
    if (!tr) return;
    send_held_forget(&tr->held, c);
    bool moved = c->moved;
    unlink_conn(tr, c);
    if (moved) return; /* the table let it go already */
    gw_table_out out;
    gw_table_out_init(&out);
    gw_table_leave(tr->t, c->serial, now_ms(), &out);
    changed(sv, tr, &out);
}

/* The code of a refused join: the table's (its message starts "code: "), else bad_secret. */
static void join_refused(conn *c, const gw_error *err) {
    char code[GW_PROTOCOL_CODE_MAX] = "bad_secret";
    const char *colon = strchr(err->msg, ':');
    size_t n = colon ? (size_t)(colon - err->msg) : 0;
    bool ident = n > 0 && n < sizeof code;
    for (size_t i = 0; ident && i < n; i++)
        ident = (err->msg[i] >= 'a' && err->msg[i] <= 'z') || err->msg[i] == '_';
    if (ident) {
        memcpy(code, err->msg, n);
        code[n] = '\0';
    }
    send_error(c, code, ident ? colon + 2 : err->msg);
}

/* c joins tr as the seat of secret ("": a spectator), having seen events up to since. */
static void join(server *sv, conn *c, table_rt *tr, const char *secret, uint32_t since) {
    table_unfollow(sv, c);
    c->table = tr;
    c->tnext = tr->conns;
    tr->conns = c;
    c->moved = false;
    snprintf(c->secret, sizeof c->secret, "%s", secret);
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    const gw_table_options *o = gw_table_options_of(tr->t);
    for (int p = 0; p < 2; p++) /* the joiner's rating shown in what its join sends */
        if (secret[0] && strcmp(secret, o->secrets[p]) == 0 && strcmp(tr->rated_ident[p], c->pl->token) != 0)
            set_rating(sv, tr, p, c->pl->token);
    if (gw_table_join(tr->t, c->serial, secret, c->pl->token, name_of(c), since, now_ms(), &out, &err) !=
        GW_OK) {
        refresh_ratings(sv, tr, false); /* the seats as they are */
        unlink_conn(tr, c);
        bool told = false; /* the table's own error for c, if it made one */
        for (size_t i = 0; i < out.n; i++)
            if (out.msgs[i].conn == c->serial && out.msgs[i].text) {
                send_text(c, out.msgs[i].text);
                out.msgs[i].text = NULL;
                told = true;
            }
        gw_table_out_clear(&out);
        if (!told) join_refused(c, &err);
        return;
    }
    changed(sv, tr, &out);
}

/* {"type":"table_created","table":ID,"links":{"seat":[S0 or null, S1 or null],"watch":ID}}: the seats'
 * secrets shown are those whose index is set in show. */
static json_t *created_json(const table_rt *tr, const bool show[2]) {
    const gw_table_options *o = gw_table_options_of(tr->t);
    json_t *seat = json_array();
    for (int p = 0; p < 2 && seat; p++)
        json_array_append_new(seat, show[p] ? json_string(o->secrets[p]) : json_null());
    return json_pack("{sssss{soso}}", "type", "table_created", "table", tr->id, "links", "seat", seat,
                     "watch", json_string(tr->id));
}

static void hex(const unsigned char *b, size_t n, char *out) {
    static const char DIGITS[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = DIGITS[b[i] >> 4];
        out[2 * i + 1] = DIGITS[b[i] & 15];
    }
    out[2 * n] = '\0';
}

/* Whether pl may make one more table now (TABLES_PER_MINUTE a minute, in bursts of as many). */
static bool may_make_table(player *pl) {
    uint64_t now = gw_clock_now(gw_monotonic_clock());
    if (pl->tables_last_ms == 0)
        pl->tables_allowance = TABLES_PER_MINUTE;
    else
        pl->tables_allowance += (double)(now - pl->tables_last_ms) * TABLES_PER_MINUTE / 60000.0;
    if (pl->tables_allowance > TABLES_PER_MINUTE) pl->tables_allowance = TABLES_PER_MINUTE;
    pl->tables_last_ms = now ? now : 1;
    if (pl->tables_allowance < 1.0) return false;
    pl->tables_allowance -= 1.0;
    return true;
}

/* play anyone's key: the options two tables must share. */
static void key_of(const gw_table_options *o, char *out, size_t cap) {
    const gw_match_rules *r = &o->session.rules;
    if (o->session.game == GW_GAME_GERMAN)
        snprintf(out, cap, "german/%s/%s/%d/g%d/c%d/r%d", gw_variant_name(r->variant),
                 gw_scoring_name(r->scoring), r->target, o->grace_s, o->card_s, o->rated ? 1 : 0);
    else
        snprintf(out, cap, "android/g%d/c%d/r%d", o->grace_s, o->card_s, o->rated ? 1 : 0);
}

/* A new table of m's options, c at seat 0 (its maker): table_created, then as table_join. */
static void make_table(server *sv, conn *c, const client_msg *m) {
    if (!may_make_table(c->pl)) {
        send_error(c, "too_many_tables", "You made too many tables lately: wait a minute.");
        return;
    }
    gw_table_options o;
    gw_table_options_default(&o, m->config.game);
    o.session = m->config;
    o.session.undo = false;
    o.session.clock = gw_monotonic_clock();
    o.grace_s = m->grace_s;
    o.card_s = m->card_s;
    o.rated = m->rated;
    o.listed = m->listed;
    unsigned char id[ID_BYTES], sec[2][GW_TABLE_SECRET_HEX / 2];
    if (!game_seed(&o.session.seed) || !random_bytes(id, sizeof id) || !random_bytes(sec, sizeof sec)) {
        send_error(c, "server", "the server has no random numbers to deal with");
        return;
    }
    hex(id, sizeof id, o.id);
    for (int p = 0; p < 2; p++)
        hex(sec[p], sizeof sec[p], o.secrets[p]);
    gw_table *t;
    gw_error err;
    if (gw_table_new(&o, &t, &err) != GW_OK) {
        send_error(c, "bad_value", err.msg);
        return;
    }
    table_rt *tr = add_table(sv, t, o.id);
    if (!tr) {
        gw_table_free(t);
        send_error(c, "no_memory", "the server is out of memory");
        return;
    }
    key_of(&o, tr->match_key, sizeof tr->match_key);
    table_unfollow(sv, c);
    mark_dirty(sv, tr); /* nothing of it goes out before it is saved */
    const bool both[2] = {true, true};
    send_to(tr, c, created_json(tr, both));
    join(sv, c, tr, o.secrets[0], 0);
}

/* The empty seat of a waiting table, or -1. */
static int empty_seat(const table_rt *tr) {
    for (int p = 0; p < 2; p++) {
        gw_table_seat s;
        gw_table_seat_of(tr->t, p, &s);
        if (s.kind == GW_TSEAT_EMPTY) return p;
    }
    return -1;
}

static void play_anyone(server *sv, conn *c, const client_msg *m) {
    gw_table_options o;
    gw_table_options_default(&o, m->config.game);
    o.session = m->config;
    o.grace_s = m->grace_s;
    o.card_s = m->card_s;
    o.rated = m->rated;
    char key[GW_STORE_TABLE_KEY_MAX + 1];
    key_of(&o, key, sizeof key);
    game_flush_saves(sv); /* the store as everybody was told: a table just taken is not waiting */
    gw_store_table *rows;
    int n;
    gw_error err;
    if (gw_store_waiting_tables(sv->store, key, c->pl->token, 8, &rows, &n, &err) != GW_OK) {
        send_error(c, "server", err.msg);
        return;
    }
    for (int i = 0; i < n; i++) {
        bool failed;
        table_rt *tr = find_table(sv, rows[i].id, &failed);
        int p = tr && gw_table_phase_of(tr->t) == GW_TABLE_WAITING ? empty_seat(tr) : -1;
        if (p < 0) continue;
        gw_store_tables_free(rows, n);
        table_unfollow(sv, c);
        mark_dirty(sv, tr);
        const bool mine[2] = {p == 0, p == 1};
        send_to(tr, c, created_json(tr, mine));
        char secret[GW_TABLE_SECRET_HEX + 1];
        snprintf(secret, sizeof secret, "%s", gw_table_options_of(tr->t)->secrets[p]);
        join(sv, c, tr, secret, 0);
        return;
    }
    gw_store_tables_free(rows, n);
    make_table(sv, c, m);
}

static void lobby(server *sv, conn *c) {
    game_flush_saves(sv);
    gw_store_table *rows;
    int n;
    gw_error err;
    if (gw_store_waiting_tables(sv->store, NULL, NULL, LOBBY_MAX, &rows, &n, &err) != GW_OK) {
        send_error(c, "server", err.msg);
        return;
    }
    json_t *list = json_array();
    for (int i = 0; i < n && list; i++) {
        json_t *e = json_loads(rows[i].lobby, 0, NULL);
        const char *family = json_string_value(json_object_get(e, "family"));
        if (!e || !family) {
            json_decref(e);
            continue;
        }
        gw_store_rating r;
        bool found = false;
        const char *waiter = rows[i].seats[0][0] ? rows[i].seats[0] : rows[i].seats[1];
        if (waiter[0] && gw_store_rating_get(sv->store, waiter, family, &r, &found, &err) != GW_OK)
            found = false;
        json_object_set_new(e, "rating", found ? json_real(r.rating) : json_null());
        json_object_del(e, "family");
        json_array_append_new(list, e);
    }
    gw_store_tables_free(rows, n);
    send_json(c, json_pack("{ssso}", "type", "lobby", "tables", list ? list : json_array()));
}

void table_message(server *sv, conn *c, const client_msg *m, const char *text, size_t len) {
    switch (m->type) {
    case CLIENT_TABLE_NEW: make_table(sv, c, m); return;
    case CLIENT_PLAY_ANYONE: play_anyone(sv, c, m); return;
    case CLIENT_LOBBY: lobby(sv, c); return;
    case CLIENT_TABLE_LEAVE:
        if (!c->table)
            send_error(c, "no_table", "You follow no table.");
        else
            table_unfollow(sv, c);
        return;
    case CLIENT_TABLE_JOIN: {
        bool failed;
        table_rt *tr = find_table(sv, m->table, &failed);
        if (!tr) {
            if (failed)
                send_error(c, "server", "The server cannot read that table now; try again later.");
            else
                send_error(c, "no_table", "There is no such table.");
            return;
        }
        join(sv, c, tr, m->secret, m->since);
        return;
    }
    default: break;
    }
    table_rt *tr = c->table;
    if (!tr || c->moved) {
        send_error(c, "no_table", "You follow no table: join one first.");
        return;
    }
    gw_table_out out;
    gw_table_out_init(&out);
    gw_error err;
    if (gw_table_message(tr->t, c->serial, text, len, now_ms(), &out, &err) != GW_OK) {
        gw_table_out_clear(&out);
        send_error(c, "no_table", err.msg);
        return;
    }
    changed(sv, tr, &out);
}

/* ---- time ---------------------------------------------------------------------------------------------- */

void tables_tick(server *sv) {
    int64_t now = now_ms();
    uint64_t mono = (uint64_t)now;
    for (table_rt *tr = sv->tables, *next; tr; tr = next) {
        next = tr->next;
        if (tr->stalled && mono >= tr->stall_until) {
            tr->stalled = false;
            maybe_think(sv, tr);
        }
        int64_t due = gw_table_next_deadline(tr->t);
        if (due >= 0 && due <= now && !tr->out) {
            gw_table_out out;
            gw_table_out_init(&out);
            gw_table_tick(tr->t, now, &out);
            changed(sv, tr, &out);
        }
        if (tr->conns || tr->out || tr->dirty || tr->held.head) {
            tr->idle_since = 0;
        } else if (!tr->idle_since) {
            tr->idle_since = mono ? mono : 1;
        } else if (mono - tr->idle_since >= (uint64_t)sv->evict_after * 1000u) {
            remove_table(sv, tr);
        }
    }
    game_flush_saves(sv);
}

void tables_free(server *sv) {
    while (sv->tables) {
        table_rt *tr = sv->tables;
        tr->dirty = false;
        assert(!tr->out);
        remove_table(sv, tr);
    }
    memset(sv->table_buckets, 0, sizeof sv->table_buckets);
    sv->n_tables = 0;
    sv->dirty_tables = NULL;
}
