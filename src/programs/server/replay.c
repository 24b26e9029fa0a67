/* replay.c: the answers of whist serve built from the store: a player's statistics and history, and the
 * replay of one hand (German Whist: trick by trick with the review of each card the player played: the
 * expert's verdict in the foreplay, from what the player could know then, and the solver's in the endgame,
 * in points of the hand's scoring rule, and the costliest decisions; Android Whist: its record). Runs on a
 * worker of the pool, never on the event loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/record_file.h"
#include "gw/review.h"
#include "gw/solver.h"
#include "server_int.h"

static json_t *card_json(gw_card c) {
    if (c == GW_NO_CARD) return json_null();
    char name[3] = {gw_rank_char(gw_card_rank(c)), gw_suit_char(gw_card_suit(c)), 0};
    return json_string(name);
}

static json_t *pair_json(int a, int b) { return json_pack("[ii]", a, b); }

static json_t *player_json(int p) { return p >= 0 ? json_integer(p) : json_null(); }

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
    json_t *german = json_array(), *android = json_array();
    for (int i = 0; i < n && german; i++) {
        const gw_stats *r = &rows[i];
        json_array_append_new(
            german,
            json_pack("{sssssssisisisisisisisisi}", "variant", r->variant, "opponent", r->opponent, "scoring",
                      r->scoring, "target", r->target, "matches", r->matches, "matches_won", r->matches_won,
                      "hands", r->hands, "hands_won", r->hands_won, "slams", r->slams, "longest_streak",
                      r->longest_streak, "current_streak", r->current_streak, "assisted", r->assisted));
    }
    for (int i = 0; i < an && android; i++) {
        const gw_android_stats *r = &arows[i];
        json_array_append_new(android, json_pack("{sssisisisisisisisisisi}", "opponent", r->opponent,
                                                 "rubbers", r->rubbers, "rubbers_won", r->rubbers_won,
                                                 "games", r->games, "games_won", r->games_won, "hands",
                                                 r->hands, "hands_won", r->hands_won, "points", r->points,
                                                 "points_against", r->points_against, "longest_streak",
                                                 r->longest_streak, "current_streak", r->current_streak));
    }
    free(rows);
    free(arows);
    json_t *j = typed("stats", "german", german);
    if (!j) {
        json_decref(android);
        return NULL;
    }
    if (!android || json_object_set_new(j, "android", android) != 0) {
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
            list, json_pack("{sIsssIsisssssssssisosososisosbsb}", "id", (json_int_t)e->id, "game",
                            e->android ? "android" : "german", "match", (json_int_t)e->match_id, "number",
                            e->number, "played", e->played, "variant", e->variant, "scoring", e->scoring,
                            "opponent", e->opponent, "target", e->target, "tricks",
                            pair_json(e->tricks[0], e->tricks[1]), "winner", player_json(e->winner), "scored",
                            pair_json(e->scored[0], e->scored[1]), "points", e->points, "score",
                            pair_json(e->score[0], e->score[1]), "slam", e->slam, "assisted", e->assisted));
    }
    free(rows);
    return typed("history", "entries", list);
}

/* One card's review: {"trick", "card", "loss", "se", "best", "worlds", "forced"} (loss and se in points). */
static json_t *review_card_json(const gw_card_verdict *v) {
    return json_pack("{sisososfsfsosisb}", "trick", v->trick, "phase",
                     json_string(v->phase == GW_FOREPLAY ? "foreplay" : "endgame"), "card",
                     card_json(v->card), "loss", v->loss, "se", v->se, "best", card_json(v->best), "worlds",
                     v->worlds, "forced", v->forced);
}

/* The review of player 0's cards in the hand dealt in `dealt` (h's moves): each foreplay card's verdict into
 * foreplay (taken), endgame losses in points added to verdicts' entries (in order), the summary as "review".
 */
static bool review_json(json_t *j, const gw_game *dealt, const gw_record_hand *h, json_t *foreplay,
                        json_t *verdicts, gw_error *err) {
    gw_review_options opt = gw_review_defaults(h->rules.scoring);
    opt.seats = 1u; /* player 0: the human whose history this is */
    gw_hand_review *r = malloc(sizeof *r);
    json_t *worst = json_array();
    bool ok = r && foreplay && worst;
    if (!ok)
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the review");
    else
        ok = gw_review_hand(dealt, h->moves, h->nmoves, &opt, r, err) == GW_OK;
    if (!ok) {
        free(r);
        json_decref(foreplay);
        json_decref(worst);
        return false;
    }
    size_t e = 0;
    for (int i = 0; i < r->nmoves; i++) {
        const gw_card_verdict *v = &r->card[i];
        if (!v->judged) continue;
        if (v->phase == GW_FOREPLAY)
            json_array_append_new(foreplay, review_card_json(v));
        else if (e < json_array_size(verdicts))
            json_object_set_new(json_array_get(verdicts, e++), "loss", json_real(v->loss));
    }
    for (int k = 0; k < r->nworst[0]; k++)
        json_array_append_new(worst, review_card_json(&r->card[r->worst[0][k]]));
    json_object_set_new(j, "foreplay", foreplay);
    json_object_set_new(j, "review",
                        json_pack("{sssfsfsfsfsisisisIso}", "unit", "points", "loss", r->loss[0], "se",
                                  r->loss_se[0], "foreplay_loss", r->foreplay_loss[0], "endgame_loss",
                                  r->endgame_loss[0], "foreplay_cards", r->judged[GW_FOREPLAY][0],
                                  "endgame_cards", r->judged[GW_ENDGAME][0], "iterations", opt.iterations,
                                  "seed", (json_int_t)opt.seed, "costliest", worst));
    free(r);
    return true;
}

/* The German Whist hand h as the replay message's fields, into j. */
static bool german_replay(json_t *j, const gw_record_hand *h, gw_error *err) {
    gw_game g;
    if (h->error.status != GW_OK || !h->finished || h->dealer < 0 ||
        gw_game_deal(&g, h->rules.variant, h->deck, h->dealer, err) != GW_OK) {
        gw_error_set(err, GW_EINVAL, 0, 0, "the stored hand cannot be replayed");
        return false;
    }
    const gw_game dealt = g;
    gw_solver *solver = NULL;
    if (gw_solver_new(0, &solver) != GW_OK) {
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the solver");
        return false;
    }
    const char *names[2] = {gw_record_hand_tag(h, "Player1"), gw_record_hand_tag(h, "Player2")};
    json_t *hands = json_array(), *tricks = json_array(), *verdicts = json_array();
    for (int p = 0; p < 2; p++) {
        json_t *cards = json_array();
        for (gw_cards s = g.hand[p]; s; s &= s - 1)
            json_array_append_new(cards, card_json(gw_first(s)));
        json_array_append_new(hands, cards);
    }
    json_object_set_new(j, "rules",
                        json_pack("{sssssi}", "variant", gw_variant_name(h->rules.variant), "scoring",
                                  gw_scoring_name(h->rules.scoring), "target", h->rules.target));
    json_object_set_new(j, "names", json_pack("[ss]", names[0] ? names[0] : "", names[1] ? names[1] : ""));
    json_object_set_new(j, "dealer", json_integer(h->dealer));
    char trump[2] = {gw_suit_char(g.trump), 0};
    json_object_set_new(j, "trump", json_string(trump));
    for (int i = 0; i + 1 < h->nmoves; i += 2) {
        int deck_size = gw_deck_size(h->rules.variant);
        gw_card up = g.stock_pos < deck_size ? g.deck[g.stock_pos] : GW_NO_CARD;
        gw_trick_event ev;
        for (int k = 0; k < 2; k++) {
            int who = g.turn, value, best;
            if (who == 0 && gw_solve_verdict(solver, &g, h->moves[i + k], &value, &best))
                json_array_append_new(verdicts,
                                      json_pack("{sisosisi}", "trick", g.tricks_done + 1, "card",
                                                card_json(h->moves[i + k]), "value", value, "best", best));
            gw_game_play(&g, h->moves[i + k], &ev);
        }
        json_t *t = json_pack(
            "{sisis[oo]sisoso}", "number", ev.number, "leader", ev.leader, "cards", card_json(ev.cards[0]),
            card_json(ev.cards[1]), "winner", ev.winner, "up", card_json(up), "draws",
            ev.drawn[0] != GW_NO_CARD ? json_pack("[oo]", card_json(ev.drawn[0]), card_json(ev.drawn[1]))
                                      : json_null());
        json_array_append_new(tricks, t);
    }
    gw_solver_free(solver);
    const gw_hand_score *o = &h->outcome;
    json_object_set_new(j, "hands", hands);
    json_object_set_new(j, "tricks", tricks);
    json_object_set_new(j, "verdicts", verdicts);
    if (!review_json(j, &dealt, h, json_array(), verdicts, err)) return false;
    json_object_set_new(j, "result",
                        json_pack("{sosisoso}", "tricks", pair_json(o->counted[0], o->counted[1]), "points",
                                  o->winner >= 0 ? o->points[o->winner] : 0, "scored",
                                  pair_json(o->points[0], o->points[1]), "winner", player_json(o->winner)));
    return true;
}

/* The record text without its seed tags (RubberSeed, and any other tag named ...Seed), malloc'd (NULL: out of
 * memory): a seed deals every hand of its rubber, the ones still to be played and the one in play included.
 */
static char *without_seeds(const char *record) {
    char *out = malloc(strlen(record) + 1), *o = out;
    if (!out) return NULL;
    for (const char *line = record; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        const char *name_end = line[0] == '[' ? strchr(line, ' ') : NULL;
        bool seed =
            name_end && name_end < line + len && name_end - line > 4 && strncmp(name_end - 4, "Seed", 4) == 0;
        if (!seed) {
            memcpy(o, line, len);
            o += len;
        }
        line += len;
    }
    *o = '\0';
    return out;
}

json_t *replay_message(int64_t id, const char *record, gw_error *err) {
    gw_record_file rec;
    if (gw_record_file_read(record, strlen(record), &rec, err) != GW_OK) return NULL;
    json_t *j = json_object();
    bool ok = j && rec.count == 1;
    if (!j)
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    else if (!ok)
        gw_error_set(err, GW_EINVAL, 0, 0, "the stored hand cannot be replayed");
    if (ok) {
        json_object_set_new(j, "type", json_string("replay"));
        json_object_set_new(j, "id", json_integer((json_int_t)id));
        bool android = rec.hands[0].game == GW_GAME_ANDROID;
        json_object_set_new(j, "game", json_string(android ? "android" : "german"));
        char *shown = android ? without_seeds(record) : NULL;
        if (android && !shown) {
            ok = false;
            gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
        } else if (android) {
            json_object_set_new(j, "record", json_string(shown));
            free(shown);
        } else
            ok = german_replay(j, &rec.hands[0].german, err);
    }
    gw_record_file_free(&rec);
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}
