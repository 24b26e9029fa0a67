/* monotonic.h: the host's monotonic clock, lent to the engine (clock.h) by the programs. */
#ifndef GW_MONOTONIC_H
#define GW_MONOTONIC_H

#include "gw/clock.h"

/* The system's monotonic clock in ms (CLOCK_MONOTONIC); a static object, safe from any thread. */
const gw_clock *gw_monotonic_clock(void);

#endif
