/* engine.c: the WebAssembly module's engine line protocol player (docs/wasm.md, "The engine line protocol's
 * player"): our computer level as a program of the engine line protocol, as `whist engine --level` plays it
 * (gw/protocol_player.h), one line at a time, on the page's clock; the host (bench/wasm_engine.mjs under
 * node) reads whist's lines and writes the answers. Only in the node module (whist-engine-player.js, for
 * `whist arena` and its test): the page's module leaves it out, as the page never needs it. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "gw/protocol.h"
#include "gw/protocol_player.h"
#include "gw/session.h"
#include "wasm.h"

#define WASM_ENGINES 8 /* players open at once */

static gw_protocol_player *engines[WASM_ENGINES];

/* A player: {"level", "options": {"game", "think-ms", "iterations", "seed"}} (strings or whole numbers, read
 * as `whist engine --level` reads its options): {"ok", "engine"}, the handle for gw_wasm_engine_line. */
GW_WASM_EXPORT char *gw_wasm_engine_new(const char *request) {
    wasm_ready();
    char *why = NULL;
    json_t *j = wasm_parse(request, &why);
    if (!j) return why;
    static const char *const FIELDS[] = {"level", "options"};
    static const char *const ENGINE_OPTIONS[] = {"game", "think-ms", "iterations", "seed"};
    const char *key = gw_protocol_unknown_field(j, FIELDS, 2);
    const char *level = wasm_str_field(j, "level", NULL);
    const json_t *o = json_object_get(j, "options");
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    int h = 0;
    while (h < WASM_ENGINES && engines[h])
        h++;
    if (key)
        why = wasm_fail("bad_request", "an engine has no field '%.40s'", key);
    else if (!level)
        why = wasm_fail("bad_request", "level: a computer level's name");
    else if (o && (!json_is_object(o) || gw_protocol_unknown_field(o, ENGINE_OPTIONS, 4)))
        why = wasm_fail("bad_request", "options: game, think-ms, iterations and seed only");
    else if (!(why = wasm_apply_options(o, &c)) && h == WASM_ENGINES)
        why = wasm_fail("too_many_tables", "%d engines are open: free one first", WASM_ENGINES);
    if (!why) {
        gw_protocol_player_options po = {c.game,
                                         level,
                                         c.seed,
                                         o && json_object_get(o, "think-ms"),
                                         c.limits.think_ms,
                                         c.limits.iterations,
                                         &WASM_CLOCK};
        gw_error err;
        if (gw_protocol_player_new(&po, &engines[h], &err) != GW_OK)
            why = wasm_fail_err(&err);
        else
            why = wasm_answer(json_pack("{sbsi}", "ok", 1, "engine", h));
    }
    json_decref(j);
    return why;
}

/* One line from whist (without its newline) to engine h: {"ok", "answer" (the line to send back, or null),
 * "note" (for the log: whist refused our line, or null)}; a line refused (the program must stop) is ok
 * false, with the message `whist engine` prints. */
GW_WASM_EXPORT char *gw_wasm_engine_line(int h, const char *line) {
    wasm_ready();
    gw_protocol_player *p = h >= 0 && h < WASM_ENGINES ? engines[h] : NULL;
    if (!p) return wasm_fail("no_table", "there is no engine %d", h);
    if (!line) return wasm_fail("bad_request", "no line");
    char *reply = NULL;
    const char *note = NULL;
    gw_error err;
    if (gw_protocol_player_line(p, line, strlen(line), &reply, &note, &err) != GW_OK)
        return wasm_fail_err(&err);
    json_t *j = json_pack("{sbsoso}", "ok", 1, "answer", reply ? json_string(reply) : json_null(), "note",
                          note ? json_string(note) : json_null());
    free(reply);
    return wasm_answer(j);
}

/* Frees engine h (its slot is free again). */
GW_WASM_EXPORT void gw_wasm_engine_free(int h) {
    wasm_ready();
    if (h < 0 || h >= WASM_ENGINES) return;
    gw_protocol_player_free(engines[h]);
    engines[h] = NULL;
}
