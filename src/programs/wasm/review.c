/* review.c: the analysis of a finished hand for the WebAssembly module (docs/wasm.md): the replay of one
 * hand's record, as whist serve's replay message has it (German Whist: the hands, each trick with its up-card
 * and draws; Android Whist: the four hands, each trick's plays, commands and the androids' errors), with, for
 * German Whist, the review of each card of one player (the expert's verdict in the foreplay, from what the
 * player could know then, and the solver's in the endgame, in points of the hand's scoring rule, and the
 * costliest decisions), worked out at once. The same fields as the server's, built by the protocol library
 * (gw/protocol_replay.h); here only the export: the record read, the whole review at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "gw/protocol_replay.h"
#include "wasm.h"

/* Sets the review fields of j ("verdicts", "foreplay", "review", "complete") for player `seat` of the German
 * Whist hand h, judged over `iterations` worlds per foreplay card. False with err. */
static bool review_hand(json_t *j, const gw_record_hand *h, int seat, int iterations, gw_error *err) {
    gw_game g;
    if (gw_protocol_replay_deal(&g, h, err) != GW_OK) return false;
    gw_review_options opt = gw_review_defaults(h->rules.scoring);
    opt.seats = 1u << seat;
    opt.iterations = iterations;
    gw_hand_review *r = malloc(sizeof *r);
    gw_solver *solver = NULL;
    json_t *verdicts = json_array(), *foreplay = json_array();
    bool ok = r && verdicts && foreplay && gw_solver_new(0, &solver) == GW_OK;
    if (!ok)
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory for the review");
    else
        ok = gw_review_hand(&g, h->moves, h->nmoves, &opt, r, err) == GW_OK;
    if (ok) {
        gw_protocol_review_verdicts(&g, seat, h->moves, 0, h->nmoves, r, solver, verdicts, foreplay);
        json_object_set_new(j, "verdicts", verdicts);
        json_object_set_new(j, "foreplay", foreplay);
        json_object_set_new(j, "review", gw_protocol_review_summary_json(r, &opt, seat));
        verdicts = foreplay = NULL;
    }
    json_decref(verdicts);
    json_decref(foreplay);
    gw_solver_free(solver);
    free(r);
    return ok;
}

json_t *wasm_review(const char *record, int seat, int iterations, gw_error *err) {
    gw_record_file rec;
    if (gw_record_file_read(record, strlen(record), &rec, err) != GW_OK) return NULL;
    json_t *j = json_object();
    bool android = rec.count == 1 && rec.hands[0].game == GW_GAME_ANDROID, ok = j != NULL;
    if (!ok) {
        gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory");
    } else {
        json_object_set_new(j, "type", json_string("replay"));
        json_object_set_new(j, "game", json_string(android ? "android" : "german"));
        json_object_set_new(j, "you", json_integer(seat));
        ok = gw_protocol_replay_hand(j, &rec, err) == GW_OK &&
             (android || review_hand(j, &rec.hands[0].german, seat, iterations, err));
        json_object_set_new(j, "complete", json_true());
    }
    gw_record_file_free(&rec);
    if (ok) return j;
    json_decref(j);
    return NULL;
}
