/* fuzz_assert.h: the harnesses' check: a property that fails aborts with a message, in every build type
 * (assert() would vanish under NDEBUG), so libFuzzer keeps the input as a crash. */
#ifndef GW_FUZZ_ASSERT_H
#define GW_FUZZ_ASSERT_H

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_CHECK(cond)                                                                                     \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond);                      \
            abort();                                                                                         \
        }                                                                                                    \
    } while (0)

#endif
