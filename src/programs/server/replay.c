/* replay.c: the answers of whist serve built from the store: a player's statistics and history, and the
 * replay of one hand: at once, on the loop, the hand as the record has it (German Whist: the hands, each
 * trick with its up-card and draws; Android Whist: the four hands, each trick's plays, commands and the
 * androids' errors), then, for German Whist, the review of each card the player played (the expert's
 * verdict in the foreplay, from what the player could know then, and the solver's in the endgame, in points
 * of the hand's scoring rule, and the costliest decisions), worked out on a worker of the pool and sent as
 * it comes, or taken from the cache of reviews. The fields are the protocol library's (gw/protocol_replay.h);
 * here the store, the worker pool, the cache and the parts; the statistics message is the protocol library's
 * too (gw/protocol_stats.h), counted from the store's rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/monotonic.h"
#include "gw/protocol_replay.h"
#include "gw/protocol_stats.h"
#include "server_int.h"

static json_t *pair_json(int a, int b) { return json_pack("[ii]", a, b); }

static json_t *player_json(int p) { return p >= 0 ? json_integer(p) : json_null(); }

/* Sets err to "the stored hand cannot be replayed"; false. */
static bool unreplayable(gw_error *err) {
    gw_error_set(err, GW_EINVAL, 0, 0, "the stored hand cannot be replayed");
    return false;
}

/* A message {"type": type, key: list}, or NULL (list dropped) without memory. */
static json_t *typed(const char *type, const char *key, json_t *list) {
    json_t *j = list ? json_object() : NULL;
    if (!j) {
        json_decref(list);
        return NULL;
    }
    json_object_set_new(j, "type", json_string(type));
    json_object_set_new(j, key, list);
    return j;
}

json_t *replay_stats_message(gw_store *st, const char *owner, gw_error *err) {
    gw_stats *rows = NULL;
    gw_android_stats *arows = NULL;
    int n = 0, an = 0;
    if (gw_store_owned_stats(st, owner, &rows, &n, err) != GW_OK) return NULL;
    if (gw_store_owned_android_stats(st, owner, &arows, &an, err) != GW_OK) {
        free(rows);
        return NULL;
    }
    json_t *j = gw_protocol_stats_message(rows, n, arows, an);
    free(rows);
    free(arows);
    if (!j) return NULL;
    gw_store_family_rating *ratings = NULL;
    int rn = 0;
    if (!owner) return j;
    if (gw_store_player_ratings(st, owner, &ratings, &rn, err) != GW_OK) {
        json_decref(j);
        return NULL;
    }
    json_t *list = json_array();
    for (int i = 0; i < rn && list; i++)
        json_array_append_new(list, json_pack("{sssfsfsi}", "family", ratings[i].family, "rating",
                                              ratings[i].r.rating, "rd", ratings[i].r.rd, "games",
                                              ratings[i].r.games));
    free(ratings);
    if (!list || json_object_set_new(j, "ratings", list) != 0) {
        json_decref(j);
        return NULL;
    }
    return j;
}

json_t *replay_history_message(gw_store *st, const char *owner, int limit, gw_error *err) {
    gw_store_entry *rows = NULL;
    int n = 0;
    if (gw_store_owned_history(st, owner, limit, &rows, &n, err) != GW_OK) return NULL;
    json_t *list = json_array();
    for (int i = 0; i < n && list; i++) {
        const gw_store_entry *e = &rows[i];
        json_array_append_new(
            list, json_pack("{sIsssIsisssssssssssisosososisosbsb}", "id", (json_int_t)e->id, "game",
                            e->android ? "android" : "german", "match", (json_int_t)e->match_id, "number",
                            e->number, "played", e->played, "variant", e->variant, "scoring", e->scoring,
                            "opponent", e->opponent, "vs", e->vs_person ? "person" : "computer", "target",
                            e->target, "tricks", pair_json(e->tricks[0], e->tricks[1]), "winner",
                            player_json(e->winner), "scored", pair_json(e->scored[0], e->scored[1]), "points",
                            e->points, "score", pair_json(e->score[0], e->score[1]), "slam", e->slam,
                            "assisted", e->assisted));
    }
    free(rows);
    return typed("history", "entries", list);
}

/* ---- the review: worked out on a worker, sent as it comes --------------------------------------------- */

#define REVIEW_POST_MS 100 /* the least time between two parts of a review sent */

/* {"type": "review", "id", "verdicts", "foreplay", "review", "complete"} (the arrays taken; summary taken,
 * NULL: null). */
static json_t *review_message(int64_t id, json_t *verdicts, json_t *foreplay, json_t *summary) {
    return json_pack("{sssIsosososb}", "type", "review", "id", (json_int_t)id, "verdicts", verdicts,
                     "foreplay", foreplay, "review", summary ? summary : json_null(), "complete",
                     summary != NULL);
}

/* Posts the verdicts found since the last part (*verdicts and *foreplay, fresh arrays after) to the loop. */
static void post_part(job *j, json_t **verdicts, json_t **foreplay) {
    job *note = calloc(1, sizeof *note);
    json_t *m = note ? review_message(j->id, *verdicts, *foreplay, NULL) : NULL;
    *verdicts = json_array();
    *foreplay = json_array();
    if (!m) { /* no memory: these verdicts are left out of the parts, not out of the cached review */
        free(note);
        return;
    }
    note->kind = JOB_REVIEW;
    note->pl = j->pl;
    note->conn_serial = j->conn_serial;
    note->id = j->id;
    note->answer = m;
    pool_post(j->base.pool, &note->base);
}

/* The verdicts of moves [from, to) of the review r (final) on player p's cards, into verdicts and foreplay
 * (gw_protocol_review_verdicts), and a copy of each into all_verdicts and all_foreplay; g, the hand before
 * move `from`, is played on to move `to`. */
static void add_verdicts(gw_game *g, int p, const gw_card *moves, int from, int to, const gw_hand_review *r,
                         gw_solver *solver, json_t *verdicts, json_t *foreplay, json_t *all_verdicts,
                         json_t *all_foreplay) {
    size_t nv = json_array_size(verdicts), nf = json_array_size(foreplay);
    gw_protocol_review_verdicts(g, p, moves, from, to, r, solver, verdicts, foreplay);
    for (size_t k = nv; k < json_array_size(verdicts); k++)
        json_array_append_new(all_verdicts, json_deep_copy(json_array_get(verdicts, k)));
    for (size_t k = nf; k < json_array_size(foreplay); k++)
        json_array_append_new(all_foreplay, json_deep_copy(json_array_get(foreplay, k)));
}

/* Reviews the German Whist hand h (checked, finished) for the owner (j->seat) card by card (gw_reviewer),
 * posting the verdicts judged at most every REVIEW_POST_MS; the last part into j->answer, the whole review
 * into j->review_text. False with j->err. */
static bool review_hand(job *j, const gw_record_hand *h) {
    gw_error *err = &j->err;
    gw_game g;
    if (gw_protocol_replay_deal(&g, h, err) != GW_OK) return unreplayable(err);
    gw_review_options opt = gw_review_defaults(h->rules.scoring);
    opt.seats = 1u << j->seat; /* the human whose history this is: player 0, or seat 1 of a table */
    gw_reviewer *rv = NULL;
    gw_solver *solver = NULL;
    json_t *verdicts = json_array(), *foreplay = json_array(), *all_verdicts = json_array(),
           *all_foreplay = json_array();
    bool ok = verdicts && foreplay && all_verdicts && all_foreplay && gw_solver_new(0, &solver) == GW_OK;
    if (!ok)
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the review");
    else
        ok = gw_reviewer_new(&g, h->moves, h->nmoves, &opt, &rv, err) == GW_OK;
    const gw_clock *clock = gw_monotonic_clock();
    uint64_t last_post = gw_clock_now(clock);
    int shown = 0; /* the moves whose verdicts are added */
    while (ok && !gw_reviewer_done(rv)) {
        if (pool_stopping(j->base.pool)) { /* the server stops: the review is dropped, not waited for */
            ok = false;
            gw_error_set(err, GW_ESTATE, 0, 0, "the server is stopping");
            break;
        }
        int move;
        ok = gw_reviewer_step(rv, &move, err) == GW_OK;
        if (!ok || move < 0) break;
        int final = gw_reviewer_next(rv);
        add_verdicts(&g, j->seat, h->moves, shown, final, gw_reviewer_review(rv), solver, verdicts, foreplay,
                     all_verdicts, all_foreplay);
        shown = final;
        uint64_t now = gw_clock_now(clock);
        if (now - last_post >= REVIEW_POST_MS && json_array_size(verdicts) + json_array_size(foreplay) > 0) {
            post_part(j, &verdicts, &foreplay);
            last_post = now;
        }
    }
    if (ok) {
        const gw_hand_review *r = gw_reviewer_review(rv);
        add_verdicts(&g, j->seat, h->moves, shown, h->nmoves, r, solver, verdicts, foreplay, all_verdicts,
                     all_foreplay);
        json_t *whole = json_pack("{sOsOso}", "verdicts", all_verdicts, "foreplay", all_foreplay, "review",
                                  gw_protocol_review_summary_json(r, &opt, j->seat));
        j->review_text = whole ? json_dumps(whole, JSON_COMPACT) : NULL;
        j->answer =
            review_message(j->id, verdicts, foreplay, gw_protocol_review_summary_json(r, &opt, j->seat));
        verdicts = foreplay = NULL;
        json_decref(whole);
        ok = j->answer && j->review_text;
        if (!ok) gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the review");
    }
    json_decref(verdicts);
    json_decref(foreplay);
    json_decref(all_verdicts);
    json_decref(all_foreplay);
    gw_reviewer_free(rv);
    gw_solver_free(solver);
    return ok;
}

void replay_run(job *j) {
    gw_record_file rec;
    if (gw_record_file_read(j->record, strlen(j->record), &rec, &j->err) != GW_OK) return;
    if (rec.count != 1 || rec.hands[0].game != GW_GAME_GERMAN)
        (void)unreplayable(&j->err);
    else
        (void)review_hand(j, &rec.hands[0].german);
    gw_record_file_free(&rec);
}

/* The connection of a replay's job, if it is still open. */
static conn *job_conn(const job *j) {
    for (conn *c = j->pl->conns; c; c = c->next)
        if (c->serial == j->conn_serial) return c;
    return NULL;
}

void replay_done(server *sv, job *j) {
    conn *c = job_conn(j);
    if (j->kind == JOB_REPLAY) {
        j->pl->heavy = false;
        if (j->review_text) review_cache_put(&sv->reviews, j->id, j->record_hash, j->review_text);
        if (c && !j->answer) send_error(c, "server", j->err.msg);
    }
    if (c && j->answer) {
        send_json(c, j->answer);
        j->answer = NULL;
    }
    job_free(j);
}

/* {"type": "replay", "id", "game", ...} of the hand in rec (one hand, finished) without its review, or NULL
 * with err. */
static json_t *hand_message(int64_t id, const gw_record_file *rec, gw_error *err) {
    json_t *j = json_object();
    if (!j) {
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
        return NULL;
    }
    bool android = rec->count == 1 && rec->hands[0].game == GW_GAME_ANDROID;
    json_object_set_new(j, "type", json_string("replay"));
    json_object_set_new(j, "id", json_integer((json_int_t)id));
    json_object_set_new(j, "game", json_string(android ? "android" : "german"));
    if (gw_protocol_replay_hand(j, rec, err) != GW_OK) {
        if (err->status == GW_EINVAL) (void)unreplayable(err); /* the server's words for its store's hand */
        json_decref(j);
        return NULL;
    }
    return j;
}

/* Sets j's review fields: those of a cached review (text), or none yet. False without memory. */
static bool set_review(json_t *j, const char *text) {
    json_t *kept = text ? json_loads(text, 0, NULL) : NULL;
    if (text && !kept) return false;
    json_object_set_new(j, "verdicts", kept ? json_incref(json_object_get(kept, "verdicts")) : json_array());
    json_object_set_new(j, "foreplay", kept ? json_incref(json_object_get(kept, "foreplay")) : json_array());
    json_object_set_new(j, "review", kept ? json_incref(json_object_get(kept, "review")) : json_null());
    json_object_set_new(j, "complete", json_boolean(kept != NULL));
    json_decref(kept);
    return true;
}

void replay_start(server *sv, conn *c, int64_t id) {
    player *pl = c->pl;
    char *record = NULL;
    gw_error err;
    gw_status st = gw_store_owned_record(sv->store, pl->token, id, &record, &err); /* the owner first */
    if (st == GW_EINVAL) {
        send_error(c, "not_found", "There is no such hand in your history.");
        return;
    }
    int seat = 0; /* the player the owner was: a table's seat 1, else 0 */
    if (st == GW_OK) st = gw_store_owned_hand_seat(sv->store, pl->token, id, &seat, &err);
    if (st != GW_OK) {
        free(record);
        send_error(c, "server", err.msg);
        return;
    }
    gw_record_file rec;
    if (gw_record_file_read(record, strlen(record), &rec, &err) != GW_OK) {
        free(record);
        send_error(c, "no_memory", "the server is out of memory");
        return;
    }
    json_t *j = hand_message(id, &rec, &err);
    bool android = rec.count == 1 && rec.hands[0].game == GW_GAME_ANDROID;
    gw_record_file_free(&rec);
    if (!j) {
        free(record);
        send_error(c, err.status == GW_ENOMEM ? "no_memory" : "server", err.msg);
        return;
    }
    json_object_set_new(j, "you", json_integer(seat));
    if (android) { /* nothing to review: the whole replay now */
        free(record);
        json_object_set_new(j, "complete", json_true());
        send_json(c, j);
        return;
    }
    uint64_t hash = review_cache_hash(record);
    const char *kept = review_cache_get(&sv->reviews, id, hash);
    job *rj = NULL;
    if (!kept && pl->heavy) {
        free(record);
        json_decref(j);
        send_error(c, "busy", "A hint or a replay of yours is being worked out: ask again when it is done.");
        return;
    }
    if (!kept) rj = calloc(1, sizeof *rj);
    if ((!kept && !rj) || !set_review(j, kept)) {
        free(rj);
        free(record);
        json_decref(j);
        send_error(c, "no_memory", "the server is out of memory");
        return;
    }
    send_json(c, j);
    if (kept) {
        free(record);
        return;
    }
    rj->base.run = game_run_job;
    rj->kind = JOB_REPLAY;
    rj->pl = pl;
    rj->conn_serial = c->serial;
    rj->id = id;
    rj->record = record;
    rj->record_hash = hash;
    rj->seat = seat;
    pl->heavy = true;
    pl->jobs++; /* the player stays in memory until its review is back */
    pool_submit(sv->pool, &rj->base, POOL_REVIEW);
}
