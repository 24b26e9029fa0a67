/* monotonic.c: the host's monotonic clock for the engine's time bounds. */
#define _POSIX_C_SOURCE 200809L
#include "gw/monotonic.h"

#include <time.h>

static uint64_t monotonic_ms(void *ctx) {
    (void)ctx;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

const gw_clock *gw_monotonic_clock(void) {
    static const gw_clock clock = {monotonic_ms, NULL};
    return &clock;
}
