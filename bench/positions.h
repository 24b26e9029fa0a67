/* positions.h: the fixed positions the benchmarks share, so that bench_solver and wasm_speed time the same
 * endgames, and bench_expert and wasm_speed the same decisions. */
#ifndef GW_BENCH_POSITIONS_H
#define GW_BENCH_POSITIONS_H

#include <stdint.h>

#include "gw/observation.h"
#include "gw/solver.h"

/* n random 13-card endgames from seed: random deal, trump and leader. */
void bench_endgames(gw_position *out, int n, uint64_t seed);

/* Classic deal number deal (0, 1, ...: the deck of seed deal + 1, dealer deal % 2) played by easy on both
 * sides up to the start of trick number trick (1 to 13); *o: what the player to move sees. */
void bench_foreplay(int deal, int trick, gw_observation *o);

#endif
