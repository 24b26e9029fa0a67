/* test_settings.c: the settings file: defaults, every key and bad value, round trips, loading and saving. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gw_test.h"
#include "gw_tmp.h"
#include "gw/files.h"
#include "gw/settings.h"

GW_TMP_FIXTURES("settings")

static void assert_settings_equal(const gw_settings *a, const gw_settings *b) {
    assert_int_equal(a->rules.variant, b->rules.variant);
    assert_int_equal(a->rules.scoring, b->rules.scoring);
    assert_int_equal(a->rules.target, b->rules.target);
    assert_int_equal(a->opponent, b->opponent);
    assert_int_equal(a->suit_order, b->suit_order);
    assert_int_equal(a->speed, b->speed);
    assert_int_equal(a->single_click, b->single_click);
    assert_int_equal(a->bell, b->bell);
    assert_int_equal(a->tracker, b->tracker);
    assert_int_equal(a->hand_display, b->hand_display);
}

/* Parses text over the defaults; returns the status, the result in *s. */
static gw_status parse(const char *text, gw_settings *s, gw_error *warn) {
    gw_settings_default(s);
    return gw_settings_parse(text, strlen(text), s, warn);
}

static void test_defaults(void **state) {
    (void)state;
    gw_settings s;
    gw_settings_default(&s);
    assert_int_equal(s.rules.variant, GW_CLASSIC);
    assert_int_equal(s.rules.scoring, GW_LAST13);
    assert_int_equal(s.rules.target, 10);
    assert_int_equal(s.opponent, GW_AI_HARD);
    assert_int_equal(s.suit_order, GW_ORDER_ALTERNATE);
    assert_int_equal(s.speed, GW_SPEED_NORMAL);
    assert_false(s.single_click);
    assert_true(s.bell);
    assert_true(s.tracker);
    assert_int_equal(s.hand_display, GW_HAND_ROW);
}

static void test_hand_display_names(void **state) {
    (void)state;
    static const char *const NAMES[] = {"row", "stacked"};
    for (int i = 0; i < 2; i++) {
        gw_hand_display d;
        assert_string_equal(gw_hand_display_name((gw_hand_display)i), NAMES[i]);
        assert_true(gw_hand_display_parse(NAMES[i], &d));
        assert_int_equal(d, i);
    }
    gw_hand_display d = GW_HAND_STACKED;
    assert_false(gw_hand_display_parse("fan", &d));
    assert_false(gw_hand_display_parse("", &d));
    assert_int_equal(d, GW_HAND_STACKED);
    assert_string_equal(gw_hand_display_name((gw_hand_display)7), "unknown");
}

static void test_speed_names(void **state) {
    (void)state;
    static const char *const NAMES[] = {"normal", "fast", "instant"};
    for (int i = 0; i < 3; i++) {
        gw_speed sp;
        assert_string_equal(gw_speed_name((gw_speed)i), NAMES[i]);
        assert_true(gw_speed_parse(NAMES[i], &sp));
        assert_int_equal(sp, i);
    }
    gw_speed sp = GW_SPEED_FAST;
    assert_false(gw_speed_parse("slow", &sp));
    assert_false(gw_speed_parse("", &sp));
    assert_int_equal(sp, GW_SPEED_FAST);
}

/* Every combination of values survives write then parse, starting from
 * settings that differ from it. */
static void test_round_trip(void **state) {
    (void)state;
    static const int TARGETS[] = {1, 2, 10, 999, 1000};
    static const gw_ai_level LEVELS[] = {GW_AI_EASY, GW_AI_HARD, GW_AI_EXPERT};
    int combos = 0;
    for (int v = 0; v < 2; v++)
        for (int sc = 0; sc < 3; sc++)
            for (int t = 0; t < 5; t++)
                for (int l = 0; l < 3; l++)
                    for (int o = 0; o < 2; o++)
                        for (int sp = 0; sp < 3; sp++)
                            for (int bits = 0; bits < 16; bits++) {
                                gw_settings s = {{(gw_variant)v, (gw_scoring)sc, TARGETS[t]},
                                                 LEVELS[l],
                                                 (gw_suit_style)o,
                                                 (gw_speed)sp,
                                                 (bits & 1) != 0,
                                                 (bits & 2) != 0,
                                                 (bits & 4) != 0,
                                                 (bits & 8) ? GW_HAND_STACKED : GW_HAND_ROW};
                                gw_text t1 = {0};
                                gw_settings_write(&s, &t1);
                                assert_false(t1.failed);
                                assert_int_equal(t1.data[0], '#'); /* the comment line first */
                                assert_int_equal(t1.data[t1.len - 1], '\n');
                                gw_settings back = {{(gw_variant)(1 - v), (gw_scoring)((sc + 1) % 3), 500},
                                                    LEVELS[(l + 1) % 3],
                                                    (gw_suit_style)(1 - o),
                                                    (gw_speed)((sp + 1) % 3),
                                                    !(bits & 1),
                                                    !(bits & 2),
                                                    !(bits & 4),
                                                    (bits & 8) ? GW_HAND_ROW : GW_HAND_STACKED};
                                gw_error warn;
                                assert_int_equal(gw_settings_parse(t1.data, t1.len, &back, &warn), GW_OK);
                                assert_int_equal(warn.status, GW_OK);
                                assert_settings_equal(&s, &back);
                                gw_text t2 = {0}; /* written again: the same text */
                                gw_settings_write(&back, &t2);
                                assert_string_equal(t1.data, t2.data);
                                gw_text_free(&t1);
                                gw_text_free(&t2);
                                combos++;
                            }
    assert_int_equal(combos, 2 * 3 * 5 * 3 * 2 * 3 * 16);
}

static void test_written_text(void **state) {
    (void)state;
    gw_settings s;
    gw_settings_default(&s);
    gw_text t = {0};
    gw_settings_write(&s, &t);
    const char *lines = strchr(t.data, '\n') + 1;
    assert_string_equal(lines, "variant = classic\n"
                               "scoring = last13\n"
                               "target = 10\n"
                               "opponent = hard\n"
                               "suit-order = alternate\n"
                               "speed = normal\n"
                               "single-click = off\n"
                               "bell = on\n"
                               "tracker = on\n"
                               "hand-display = row\n");
    gw_text_free(&t);
}

static void test_every_key(void **state) {
    (void)state;
    gw_settings s;
    gw_error warn;
    assert_int_equal(parse("variant = small\n", &s, &warn), GW_OK);
    assert_int_equal(s.rules.variant, GW_SMALL);
    assert_int_equal(parse("scoring = every\n", &s, &warn), GW_OK);
    assert_int_equal(s.rules.scoring, GW_EVERY);
    assert_int_equal(parse("scoring = difference\n", &s, &warn), GW_OK);
    assert_int_equal(s.rules.scoring, GW_DIFFERENCE);
    assert_int_equal(parse("scoring = total\n", &s, &warn), GW_OK);
    assert_int_equal(s.rules.scoring, GW_TOTAL);
    assert_int_equal(parse("target = 1000\n", &s, &warn), GW_OK);
    assert_int_equal(s.rules.target, 1000);
    assert_int_equal(parse("target = 1\n", &s, &warn), GW_OK);
    assert_int_equal(s.rules.target, 1);
    assert_int_equal(parse("opponent = easy\n", &s, &warn), GW_OK);
    assert_int_equal(s.opponent, GW_AI_EASY);
    assert_int_equal(parse("opponent = expert\n", &s, &warn), GW_OK);
    assert_int_equal(s.opponent, GW_AI_EXPERT);
    assert_int_equal(parse("suit-order = classic\n", &s, &warn), GW_OK);
    assert_int_equal(s.suit_order, GW_ORDER_CLASSIC);
    assert_int_equal(parse("speed = instant\n", &s, &warn), GW_OK);
    assert_int_equal(s.speed, GW_SPEED_INSTANT);
    assert_int_equal(parse("speed = fast\n", &s, &warn), GW_OK);
    assert_int_equal(s.speed, GW_SPEED_FAST);
    static const char *const YES[] = {"on", "yes", "true", "1"}, *const NO[] = {"off", "no", "false", "0"};
    for (int i = 0; i < 4; i++) {
        char text[128];
        snprintf(text, sizeof text, "single-click = %s\nbell = %s\ntracker = %s\n", YES[i], NO[i], NO[i]);
        assert_int_equal(parse(text, &s, &warn), GW_OK);
        assert_true(s.single_click);
        assert_false(s.bell);
        assert_false(s.tracker);
        snprintf(text, sizeof text, "single-click = %s\nbell = %s\ntracker = %s\n", NO[i], YES[i], YES[i]);
        assert_int_equal(parse(text, &s, &warn), GW_OK);
        assert_false(s.single_click);
        assert_true(s.bell);
        assert_true(s.tracker);
    }
    assert_int_equal(parse("hand-display = stacked\n", &s, &warn), GW_OK);
    assert_int_equal(s.hand_display, GW_HAND_STACKED);
    assert_int_equal(parse("hand-display = stacked\nHand-Display = ROW\n", &s, &warn), GW_OK);
    assert_int_equal(s.hand_display, GW_HAND_ROW);
    /* the last of two lines for one key wins */
    assert_int_equal(parse("target = 5\ntarget = 7\n", &s, &warn), GW_OK);
    assert_int_equal(s.rules.target, 7);
}

/* One bad line: GW_EINVAL, the message and line number, nothing changed. */
static void expect_bad(const char *text, int line, const char *msg) {
    gw_settings s, d;
    gw_error warn;
    gw_settings_default(&d);
    assert_int_equal(parse(text, &s, &warn), GW_EINVAL);
    assert_int_equal(warn.status, GW_EINVAL);
    assert_int_equal(warn.line, line);
    if (!strstr(warn.msg, msg)) fail_msg("'%s': message '%s' lacks '%s'", text, warn.msg, msg);
    assert_settings_equal(&s, &d);
}

static void test_bad_values(void **state) {
    (void)state;
    expect_bad("colour = red\n", 1, "line 1: unknown setting 'colour'");
    expect_bad("variant = big\n", 1, "line 1: variant must be classic or small, not 'big'");
    expect_bad("scoring = most\n", 1, "scoring must be last13, every, difference or total, not 'most'");
    expect_bad("target = 0\n", 1, "target must be a whole number from 1 to 1000, not '0'");
    expect_bad("target = 1001\n", 1, "not '1001'");
    expect_bad("target = abc\n", 1, "not 'abc'");
    expect_bad("target = -5\n", 1, "not '-5'");
    expect_bad("target = 10x\n", 1, "not '10x'");
    expect_bad("target = 99999\n", 1, "not '99999'");
    expect_bad("target =\n", 1, "not ''");
    expect_bad("opponent = random\n", 1, "opponent must be easy, hard or expert, not 'random'");
    expect_bad("opponent = oracle\n", 1, "not 'oracle'");
    expect_bad("opponent = god\n", 1, "not 'god'");
    expect_bad("suit-order = rainbow\n", 1, "suit-order must be alternate or classic, not 'rainbow'");
    expect_bad("speed = slow\n", 1, "speed must be normal, fast or instant, not 'slow'");
    expect_bad("hand-display = fan\n", 1, "hand-display must be row or stacked, not 'fan'");
    expect_bad("hand-display = 2\n", 1, "hand-display must be row or stacked, not '2'");
    expect_bad("bell = maybe\n", 1, "bell must be on or off, not 'maybe'");
    expect_bad("tracker = 2\n", 1, "tracker must be on or off");
    expect_bad("single-click = \n", 1, "single-click must be on or off");
    expect_bad("\n\nvariant small\n", 3, "line 3: expected 'key = value'");
    expect_bad("= hard\n", 1, "expected a key before '='");
    char longline[400];
    memset(longline, 'x', sizeof longline);
    memcpy(longline, "bell = ", 7);
    longline[sizeof longline - 2] = '\n';
    longline[sizeof longline - 1] = '\0';
    expect_bad(longline, 1, "line 1: the line is longer than 256 characters");
    gw_settings s;
    gw_error warn;
    gw_settings_default(&s);
    assert_int_equal(gw_settings_parse("bell = off\0\n", 12, &s, &warn), GW_EINVAL);
    assert_non_null(strstr(warn.msg, "NUL"));
    assert_true(s.bell);
}

/* The good lines apply around bad ones; the first problem is reported. */
static void test_partial(void **state) {
    (void)state;
    gw_settings s;
    gw_error warn;
    assert_int_equal(parse("variant = small\n"
                           "target = 0\n"
                           "opponent = expert\n"
                           "nonsense\n"
                           "bell = off\n",
                           &s, &warn),
                     GW_EINVAL);
    assert_int_equal(warn.line, 2);
    /* every bad line is told, in order, not only the first */
    assert_string_equal(warn.msg, "line 2: target must be a whole number from 1 to 1000, not '0'; "
                                  "line 4: expected 'key = value', not 'nonsense'");
    assert_int_equal(s.rules.variant, GW_SMALL);
    assert_int_equal(s.rules.target, 10);
    assert_int_equal(s.opponent, GW_AI_EXPERT);
    assert_false(s.bell);
}

/* Many bad lines: the list fits the message, the rest are counted. */
static void test_many_bad_lines(void **state) {
    (void)state;
    gw_settings s;
    gw_error warn;
    char text[2000] = "";
    for (int i = 0; i < 30; i++)
        strcat(text, "colour = red\n");
    assert_int_equal(parse(text, &s, &warn), GW_EINVAL);
    assert_int_equal(warn.line, 1);
    assert_non_null(strstr(warn.msg, "line 1: unknown setting 'colour'; line 2: unknown setting 'colour'"));
    const char *more = strstr(warn.msg, "; and ");
    assert_non_null(more);
    assert_non_null(strstr(more, " more bad lines"));
    assert_true(strlen(warn.msg) < sizeof warn.msg - 1);
}

static void test_layout(void **state) {
    (void)state;
    gw_settings s;
    gw_error warn;
    assert_int_equal(parse("# a comment\r\n"
                           "\r\n"
                           "   # an indented comment = with an equals sign\n"
                           "\t\n"
                           "  Variant=SMALL  \r\n"
                           "target\t=\t25\r\n"
                           "speed = Fast", /* no newline at the end */
                           &s, &warn),
                     GW_OK);
    assert_int_equal(s.rules.variant, GW_SMALL);
    assert_int_equal(s.rules.target, 25);
    assert_int_equal(s.speed, GW_SPEED_FAST);
    assert_int_equal(parse("", &s, &warn), GW_OK);
    assert_int_equal(parse("\n\n\n", &s, &warn), GW_OK);
}

/* The settings file's path, for the test. */
static const char *settings_file(void) {
    static char path[512];
    gw_error err;
    assert_int_equal(gw_settings_path(path, sizeof path, &err), GW_OK);
    return path;
}

static void test_path(void **state) {
    (void)state;
    char want[256];
    snprintf(want, sizeof want, "%s/config/whist/settings.conf", root);
    assert_string_equal(settings_file(), want);
}

static void test_load_missing_file(void **state) {
    (void)state;
    gw_settings s, d;
    gw_settings_default(&d);
    memset(&s, 0x55, sizeof s);
    gw_error warn;
    setenv("XDG_CONFIG_HOME", "/tmp/gw-settings-there-is-no-such-folder", 1);
    assert_int_equal(gw_settings_load(&s, &warn), GW_OK);
    assert_int_equal(warn.status, GW_OK);
    assert_settings_equal(&s, &d);
    point_env_at_root();
}

static void test_save_then_load(void **state) {
    (void)state;
    gw_settings s = {{GW_SMALL, GW_DIFFERENCE, 42},
                     GW_AI_EXPERT,
                     GW_ORDER_CLASSIC,
                     GW_SPEED_INSTANT,
                     true,
                     false,
                     false,
                     GW_HAND_STACKED},
                back;
    gw_error err;
    assert_int_equal(gw_settings_save(&s, &err), GW_OK);
    assert_int_equal(gw_settings_load(&back, &err), GW_OK);
    assert_settings_equal(&s, &back);
    char *text;
    size_t len;
    assert_int_equal(gw_file_read(settings_file(), &text, &len, &err), GW_OK);
    assert_int_equal(text[0], '#');
    assert_non_null(strstr(text, "target = 42\n"));
    free(text);
    /* saved again over the old file */
    s.rules.target = 43;
    assert_int_equal(gw_settings_save(&s, &err), GW_OK);
    assert_int_equal(gw_settings_load(&back, &err), GW_OK);
    assert_int_equal(back.rules.target, 43);
    /* running total, written by its name */
    s.rules.scoring = GW_TOTAL;
    s.rules.target = 50;
    assert_int_equal(gw_settings_save(&s, &err), GW_OK);
    assert_int_equal(gw_file_read(settings_file(), &text, &len, &err), GW_OK);
    assert_non_null(strstr(text, "scoring = total\n"));
    free(text);
    assert_int_equal(gw_settings_load(&back, &err), GW_OK);
    assert_settings_equal(&s, &back);
}

static void test_load_bad_file(void **state) {
    (void)state;
    gw_error err;
    const char *text = "variant = small\nspeed = warp\n";
    char dir[256];
    assert_int_equal(gw_xdg_dir(GW_XDG_CONFIG, NULL, dir, sizeof dir, &err), GW_OK);
    assert_int_equal(gw_file_write(settings_file(), text, strlen(text), &err), GW_OK);
    gw_settings s;
    assert_int_equal(gw_settings_load(&s, &err), GW_EINVAL);
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, settings_file()));
    assert_non_null(strstr(err.msg, "line 2: speed must be normal, fast or instant, not 'warp'"));
    assert_int_equal(s.rules.variant, GW_SMALL);
    assert_int_equal(s.speed, GW_SPEED_NORMAL);
    remove(settings_file());
    /* unreadable: the settings file is a folder */
    assert_int_equal(mkdir(settings_file(), 0755), 0);
    assert_int_equal(gw_settings_load(&s, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "Is a directory"));
    gw_settings d;
    gw_settings_default(&d);
    assert_settings_equal(&s, &d);
    assert_int_equal(rmdir(settings_file()), 0);
}

static void test_save_unwritable(void **state) {
    (void)state;
    gw_settings s;
    gw_settings_default(&s);
    gw_error err;
    /* the config folder lies under a regular file: nobody can create it */
    char path[256];
    snprintf(path, sizeof path, "%s/a-file", root);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/a-file/config", root);
    setenv("XDG_CONFIG_HOME", path, 1);
    assert_int_equal(gw_settings_save(&s, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "Not a directory"));
    point_env_at_root();
    /* the settings file's name is taken by a folder */
    assert_int_equal(mkdir(settings_file(), 0755), 0);
    assert_int_equal(gw_settings_save(&s, &err), GW_EIO);
    assert_non_null(strstr(err.msg, "cannot save"));
    assert_int_equal(rmdir(settings_file()), 0);
}

static void test_save_read_only_folder(void **state) {
    (void)state;
    gw_settings s;
    gw_settings_default(&s);
    gw_error err;
    char path[256];
    assert_int_equal(gw_xdg_dir(GW_XDG_CONFIG, NULL, path, sizeof path, &err), GW_OK);
    assert_int_equal(chmod(path, 0500), 0);
    bool refused = gw_settings_save(&s, &err) != GW_OK;
    assert_int_equal(chmod(path, 0700), 0);
    if (!refused) skip();
    assert_int_equal(err.status, GW_EIO);
    assert_non_null(strstr(err.msg, "Permission denied"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_speed_names),
        cmocka_unit_test(test_hand_display_names),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_written_text),
        cmocka_unit_test(test_every_key),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_partial),
        cmocka_unit_test(test_many_bad_lines),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_path),
        cmocka_unit_test(test_load_missing_file),
        cmocka_unit_test(test_save_then_load),
        cmocka_unit_test(test_load_bad_file),
        cmocka_unit_test(test_save_unwritable),
        cmocka_unit_test(test_save_read_only_folder),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
