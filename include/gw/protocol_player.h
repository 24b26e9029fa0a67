/* protocol_player.h: the program's side of the engine line protocol (docs/protocol.md) played by one of our
 * computer levels: it reads each line whist sends (hello, event, decide, error, bye) and answers ready to a
 * hello and play or command to a decide, choosing from the view the decide carries and nothing else. One
 * computer player is made at the first decide of each hand, seeded from the options' seed and what that
 * player first sees, so that the same deal is played the same way whichever process plays it. `whist engine
 * --level` (the command line) and the WebAssembly module (gw_wasm_engine_*) both play through it, with the
 * clock their host lends. Pure: no I/O, no globals, no clock of its own; one player per thread. */
#ifndef GW_PROTOCOL_PLAYER_H
#define GW_PROTOCOL_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gw/clock.h"
#include "gw/game_kind.h"
#include "gw/status.h"

/* The longest level name kept, NUL included. */
#define GW_PROTOCOL_LEVEL_MAX 16

typedef struct gw_protocol_player_options {
    gw_game_kind game;     /* the game until a hello names one */
    const char *level;     /* random, easy, hard or expert (Android Whist: random, easy or hard); copied */
    uint64_t seed;         /* the seed of the computer's own choices */
    bool has_think;        /* think_ms was given (else the expert's default, or none with iterations) */
    int think_ms;          /* expert: time per card; Android Whist hard: a time bound per decision */
    int iterations;        /* expert: worlds per card; Android Whist hard: sampled deals per decision */
    const gw_clock *clock; /* the host's monotonic clock (kept: it must outlive the player); NULL: none */
} gw_protocol_player_options;

typedef struct gw_protocol_player gw_protocol_player;

/* A player with options o in *out (the caller's, freed with gw_protocol_player_free). GW_OK; GW_EINVAL with
 * err for options `whist engine` refuses as usage errors ("unknown level 'L' (random, easy, hard or
 * expert)"; the expert with think_ms 0 given and no iterations; Android Whist iterations over
 * GW_ANDROID_SAMPLES_MAX); GW_ENOMEM. */
gw_status gw_protocol_player_new(const gw_protocol_player_options *o, gw_protocol_player **out,
                                 gw_error *err);
void gw_protocol_player_free(gw_protocol_player *p);

/* One line from whist (text of len bytes, newline removed). GW_OK with *answer the line to send back
 * (without a newline, the caller's to free) or NULL when none is due, and *note a message for the log or
 * NULL (whist refused our last line: "whist refused our line (CODE): MESSAGE"; the text is p's, valid until
 * the next call). Refused, the program must stop: GW_EINVAL with err for a line that cannot be read
 * ("cannot read a line from whist: ...") or a decide that cannot be answered (a spectator's view, a level
 * that does not play the hello's game, the player failing); GW_ENOMEM. */
gw_status gw_protocol_player_line(gw_protocol_player *p, const char *text, size_t len, char **answer,
                                  const char **note, gw_error *err);

#endif
