/* wasm.h: what the WebAssembly module's two files share (src/programs/wasm). */
#ifndef GW_WASM_H
#define GW_WASM_H

#include <jansson.h>

#include "gw/status.h"

/* The replay message (whist serve's "replay": the hand and, German Whist, the review of player seat's cards
 * over iterations worlds per foreplay card, complete) of the record text holding one finished hand, the
 * caller's reference; NULL with err (GW_EINVAL: not one finished hand that replays; GW_ENOMEM). */
json_t *wasm_review(const char *record, int seat, int iterations, gw_error *err);

#endif
