/* test_store_web.c: the games in progress of whist serve in the store: saved, replaced, listed, refused. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gw_test.h"
#include "gw_tmp.h"

#include "gw/store.h"

GW_TMP_FIXTURES("store_web")

static void test_save_replace_list(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    gw_store_web_game *rows;
    int n;
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    gw_store_web_games_free(rows, n);
    const char *a = "0123456789abcdef0123456789abcdef", *b = "ffffffffffffffffffffffffffffffff";
    assert_int_equal(gw_store_save_web_game(s, b, "record b", &err), GW_OK);
    assert_int_equal(gw_store_save_web_game(s, a, "record a1", &err), GW_OK);
    assert_int_equal(gw_store_save_web_game(s, a, "record a2", &err), GW_OK);
    gw_store_close(s);
    /* after closing and opening again: the last save of each player, in token order */
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    assert_string_equal(rows[0].token, a);
    assert_string_equal(rows[0].record, "record a2");
    assert_string_equal(rows[1].token, b);
    assert_string_equal(rows[1].record, "record b");
    gw_store_web_games_free(rows, n);
    /* tokens are lower-case hexadecimal, 1 to GW_STORE_TOKEN_MAX characters */
    char longer[GW_STORE_TOKEN_MAX + 2];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    const char *bad[] = {"", "ABCDEF", "12 34", "x'; DROP TABLE web_games; --", longer};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(gw_store_save_web_game(s, bad[i], "r", &err), GW_EINVAL);
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    gw_store_web_games_free(rows, n);
    gw_store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_save_replace_list, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
