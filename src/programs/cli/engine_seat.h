/* engine_seat.h: an outside program playing one player of a session through the line protocol
 * (docs/protocol.md): `whist arena --engine-a/-b`. Every failure of the program (it exits, hangs past the
 * time limit, writes garbage or no action) comes back as false with a sentence that says what it sent. */
#ifndef ENGINE_SEAT_H
#define ENGINE_SEAT_H

#include <stdbool.h>
#include <stddef.h>

#include "gw/session.h"

typedef struct engine_seat engine_seat;

/* Starts cmd (`/bin/sh -c cmd`); ms is the time it has for each answer.
 * NULL with the reason in why when it cannot be started. */
engine_seat *engine_seat_start(const char *cmd, int ms, char *why, size_t cap);

/* A new hand (one-deal session s) in which the program is player: tells it
 * the game, the rules and its player (hello) and waits for its ready. */
bool engine_seat_begin(engine_seat *e, const gw_session *s, int player, char *why, size_t cap);

/* The program's action now that player must act: sends the events its
 * player may see since the last call and the decision (its view), and reads
 * its answer. The action is not yet checked against the rules. */
bool engine_seat_decide(engine_seat *e, const gw_session *s, int player, gw_action *out, char *why,
                        size_t cap);

/* The hand is over: sends the events left (the score, the end). */
bool engine_seat_end(engine_seat *e, const gw_session *s, char *why, size_t cap);

/* The program's action was refused by the rules: tells it so (an error and
 * a bye: it has lost) and stops it. code is the refusal's code. */
void engine_seat_forfeit(engine_seat *e, const char *code, const char *message);

/* The last line the program sent, cut for messages ("" if none). */
const char *engine_seat_sent(const engine_seat *e);

/* Says bye, gives the program a moment to exit, stops and reaps it, frees e (NULL is fine). */
void engine_seat_stop(engine_seat *e);

#endif
