/* wasm.h: what the WebAssembly module's files share (src/programs/wasm): the export marker, the page's clock,
 * the answers' form (JSON text the module allocates, given back to gw_wasm_free) and the readers of requests
 * (wasm.c), the review (review.c). */
#ifndef GW_WASM_H
#define GW_WASM_H

#include <jansson.h>

#include "gw/session.h"
#include "gw/status.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define GW_WASM_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define GW_WASM_EXPORT
#endif

/* The clock that bounds the computers' thinking: the page's monotonic clock in ms (emscripten_get_now). */
extern const gw_clock WASM_CLOCK;

/* Every entry point calls it first: jansson's hash seed, which a module without a file system cannot read
 * from /dev/urandom. */
void wasm_ready(void);

/* j (taken) as the caller's text; the no-memory answer if it cannot be made. */
char *wasm_answer(json_t *j);
/* {"ok":false,"error":{"code","message"}} as text; wasm_fail_err: the code of err's status (no_memory,
 * not_now, bad_value) and its message. */
char *wasm_fail(const char *code, const char *fmt, ...);
char *wasm_fail_err(const gw_error *err);

/* text as a JSON object (the caller's reference), or NULL with *why the refusal's text (bad_request). */
json_t *wasm_parse(const char *text, char **why);
/* Applies the options object o (strings or whole numbers, as gw_session_config_option reads them) to c:
 * NULL, or the answer of a bad one. */
char *wasm_apply_options(const json_t *o, gw_session_config *c);
/* The string field name of j (absent: def); NULL if not a string. */
const char *wasm_str_field(const json_t *j, const char *name, const char *def);

/* The replay message (whist serve's "replay": the hand and, German Whist, the review of player seat's cards
 * over iterations worlds per foreplay card, complete) of the record text holding one finished hand, the
 * caller's reference; NULL with err (GW_EINVAL: not one finished hand that replays; GW_ENOMEM). */
json_t *wasm_review(const char *record, int seat, int iterations, gw_error *err);

#endif
