/* test_session_tag.c: gw_session_tag reads back the tags a front end set, and after a restore those of the
 * record's last hand (how line mode finds the statistics row of a resumed game). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/session.h"

static gw_session *german(void) {
    gw_session_config c;
    gw_session_config_default(&c, GW_GAME_GERMAN);
    c.seed = 7;
    c.limits = (gw_expert_limits){0, 30, NULL};
    gw_session *s = NULL;
    gw_error err;
    assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
    return s;
}

static void test_set_and_read(void **state) {
    (void)state;
    gw_session *s = german();
    gw_error err;
    assert_null(gw_session_tag(s, "StoreMatch"));
    assert_int_equal(gw_session_set_tag(s, "StoreMatch", "12", &err), GW_OK);
    assert_int_equal(gw_session_set_tag(s, "Date", "2026.11.24", &err), GW_OK);
    assert_string_equal(gw_session_tag(s, "StoreMatch"), "12");
    assert_string_equal(gw_session_tag(s, "Date"), "2026.11.24");
    assert_int_equal(gw_session_set_tag(s, "StoreMatch", "13", &err), GW_OK);
    assert_string_equal(gw_session_tag(s, "StoreMatch"), "13");
    assert_int_equal(gw_session_set_tag(s, "StoreMatch", NULL, &err), GW_OK);
    assert_null(gw_session_tag(s, "StoreMatch"));
    assert_null(gw_session_tag(s, "Player2")); /* written by the session itself, not a set tag */
    gw_session_free(s);
}

static void test_restored(void **state) {
    (void)state;
    gw_session *s = german();
    gw_error err;
    assert_int_equal(gw_session_set_tag(s, "StoreMatch", "41", &err), GW_OK);
    assert_int_equal(gw_session_set_tag(s, "Date", "2001.02.03", &err), GW_OK);
    gw_text t = {0};
    gw_session_record(s, true, &t);
    assert_false(t.failed);
    gw_session_config base;
    gw_session_config_default(&base, GW_GAME_GERMAN);
    base.limits = (gw_expert_limits){0, 30, NULL};
    gw_session *r = NULL;
    gw_status st = gw_session_restore(&base, t.data, t.len, &r, &err);
    if (st != GW_OK) fail_msg("restore: %s", err.msg);
    assert_string_equal(gw_session_tag(r, "StoreMatch"), "41");
    assert_string_equal(gw_session_tag(r, "Date"), "2001.02.03");
    gw_text_free(&t);
    gw_session_free(r);
    gw_session_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_and_read),
        cmocka_unit_test(test_restored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
