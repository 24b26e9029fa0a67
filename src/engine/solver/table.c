/* table.c: the lookup tables the transposition table keys need without BMI2 (the table itself is in table.h).
 */
#include "solver_internal.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

void tt_init(gw_solver *s) {
#ifdef __BMI2__
    (void)s;
#else
    for (int u = 0; u < 256; u++) {
        for (int x = 0; x < 256; x++) {
            int out = 0, k = 0;
            for (int bit = 0; bit < 8; bit++) {
                if (!(u >> bit & 1)) continue;
                if (x >> bit & 1) out |= 1 << k;
                k++;
            }
            s->pext8[u][x] = (uint8_t)out;
        }
    }
#endif
}
