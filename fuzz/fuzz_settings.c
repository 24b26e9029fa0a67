/* fuzz_settings.c: libFuzzer harness for the settings file reader (gw_settings_parse). Properties: what
 * it reads stays within every setting's range, and written back (gw_settings_write) it reads again to
 * the same settings with no warning. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_assert.h"
#include "gw/settings.h"

static bool same(const gw_settings *a, const gw_settings *b) {
    return a->rules.variant == b->rules.variant && a->rules.scoring == b->rules.scoring &&
           a->rules.target == b->rules.target && a->opponent == b->opponent &&
           a->suit_order == b->suit_order && a->speed == b->speed && a->single_click == b->single_click &&
           a->bell == b->bell && a->tracker == b->tracker;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gw_settings s, back;
    gw_error warn;
    gw_settings_default(&s);
    gw_status st = gw_settings_parse((const char *)data, size, &s, &warn);
    FUZZ_CHECK(st == GW_OK || (st == GW_EINVAL && warn.msg[0] != '\0'));
    FUZZ_CHECK(s.rules.target >= GW_TARGET_MIN && s.rules.target <= GW_TARGET_MAX);
    FUZZ_CHECK(strcmp(gw_speed_name(s.speed), "unknown") != 0);
    gw_text out = {0};
    gw_settings_write(&s, &out);
    FUZZ_CHECK(!out.failed);
    gw_settings_default(&back);
    FUZZ_CHECK(gw_settings_parse(out.data, out.len, &back, &warn) == GW_OK);
    FUZZ_CHECK(same(&s, &back));
    gw_text_free(&out);
    return 0;
}
