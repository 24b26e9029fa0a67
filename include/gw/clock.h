/* clock.h: the time source a caller lends the engine: the engine never reads a clock itself. */
#ifndef GW_CLOCK_H
#define GW_CLOCK_H

#include <stdint.h>

/* A monotonic clock in milliseconds, given by the caller (a program, the
 * server, a test). The engine calls now_ms(ctx) only to bound a computer
 * player's thinking; without a clock (NULL) only bounds in iterations apply.
 * now_ms must be safe to call from the thread that runs the decision. */
typedef struct gw_clock {
    uint64_t (*now_ms)(void *ctx);
    void *ctx;
} gw_clock;

/* The time now from c, 0 when c is NULL. */
static inline uint64_t gw_clock_now(const gw_clock *c) { return c && c->now_ms ? c->now_ms(c->ctx) : 0; }

#endif
