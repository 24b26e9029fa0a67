/* test_server_msg.c: whist serve's strict reading of the browser's new messages (client_msg.h) and the
 * settings (gw/web_settings.h): every key and value checked, a patch of some keys, canonical names, the
 * history limit and replay id in range, a new game's options (never its seed: the server deals), open of
 * either game, the settings' stored text read back, anything else refused. */
#include <stdlib.h>
#include <string.h>

#include "gw_test.h"

#include "client_msg.h"
#include "gw/web_settings.h"

static client_msg m;
static char code[GW_PROTOCOL_CODE_MAX], msg[GW_PROTOCOL_MESSAGE_MAX];

static bool parse(const char *text) {
    gw_session_config base;
    gw_session_config_default(&base, GW_GAME_GERMAN);
    return client_msg_parse(text, strlen(text), &base, &m, code, msg);
}

static void refused(const char *text, const char *want) {
    if (parse(text)) fail_msg("accepted: %s", text);
    if (strcmp(code, want) != 0) fail_msg("%s: code %s (%s), not %s", text, code, msg, want);
}

static void test_settings_message(void **state) {
    (void)state;
    assert_true(parse("{\"type\":\"settings\",\"settings\":{\"back\":\"stars\",\"opponent\":\"greedy\","
                      "\"target\":\"1000\",\"name\":\"Zoë\"}}"));
    assert_int_equal(m.type, CLIENT_SETTINGS);
    int given = 0;
    for (int k = 0; k < GW_WEB_SETTINGS; k++)
        given += m.given[k];
    assert_int_equal(given, 4);
    assert_string_equal(m.settings.value[GW_WEB_SETTING_BACK], "stars");
    assert_string_equal(m.settings.value[GW_WEB_SETTING_OPPONENT], "easy"); /* the canonical name */
    assert_string_equal(m.settings.value[GW_WEB_SETTING_TARGET], "1000");
    assert_string_equal(m.settings.value[GW_WEB_SETTING_NAME], "Zoë");
    assert_true(parse("{\"type\":\"settings\",\"settings\":{}}"));
    assert_true(parse("{\"type\":\"settings\",\"settings\":{\"name\":\"\"}}"));
    refused("{\"type\":\"settings\"}", "missing_field");
    refused("{\"type\":\"settings\",\"settings\":\"x\"}", "wrong_type");
    refused("{\"type\":\"settings\",\"settings\":{},\"more\":1}", "unknown_field");
    refused("{\"type\":\"settings\",\"settings\":{\"colour\":\"red\"}}", "unknown_field");
    refused("{\"type\":\"settings\",\"settings\":{\"sound\":1}}", "wrong_type");
    refused("{\"type\":\"settings\",\"settings\":{\"sound\":\"loud\"}}", "bad_value");
    refused("{\"type\":\"settings\",\"settings\":{\"sound\":\"on\",\"sound\":\"off\"}}", "duplicate_key");
    static const char *const BAD[] = {"\"target\":\"0\"",
                                      "\"target\":\"1001\"",
                                      "\"target\":\"07\"",
                                      "\"target\":\"-1\"",
                                      "\"target\":\"\"",
                                      "\"variant\":\"big\"",
                                      "\"scoring\":\"most\"",
                                      "\"opponent\":\"human\"",
                                      "\"android-opponent\":\"oracle\"",
                                      "\"name\":\"a\\u0001b\"",
                                      "\"name\":\"a\\u007fb\"",
                                      "\"name\":\"a\\u0085b\"",
                                      "\"name\":\"q\\\"\"",
                                      "\"name\":\"O'Brien\"",
                                      "\"name\":\"back\\\\slash\"",
                                      "\"name\":\"12345678901234567890123456789012\"",
                                      "\"faces\":\"Modern\"",
                                      "\"orientation\":\"sideways\"",
                                      "\"hand-display\":\"fan\"",
                                      "\"speed\":\"slow\"",
                                      "\"suit-order\":\"random\"",
                                      "\"single-click\":\"yes\"",
                                      "\"tracker\":\"true\"",
                                      "\"back\":\"\""};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char text[200];
        snprintf(text, sizeof text, "{\"type\":\"settings\",\"settings\":{\"sound\":\"off\",%s}}", BAD[i]);
        refused(text, "bad_value");
    }
}

static void test_other_messages(void **state) {
    (void)state;
    assert_true(parse("{\"type\":\"stats\"}"));
    assert_int_equal(m.type, CLIENT_STATS);
    assert_true(parse("{\"type\":\"quit\"}"));
    assert_int_equal(m.type, CLIENT_QUIT);
    refused("{\"type\":\"quit\",\"now\":true}", "unknown_field");
    assert_true(parse("{\"type\":\"history\",\"limit\":500}"));
    assert_int_equal(m.type, CLIENT_HISTORY);
    assert_int_equal(m.limit, 500);
    refused("{\"type\":\"history\",\"limit\":0}", "out_of_range");
    refused("{\"type\":\"history\",\"limit\":501}", "out_of_range");
    refused("{\"type\":\"history\",\"limit\":\"5\"}", "wrong_type");
    refused("{\"type\":\"history\",\"limit\":5.0}", "wrong_type");
    refused("{\"type\":\"history\"}", "missing_field");
    assert_true(parse("{\"type\":\"replay\",\"id\":9007199254740993}"));
    assert_int_equal(m.type, CLIENT_REPLAY);
    assert_true(m.id == 9007199254740993LL);
    refused("{\"type\":\"replay\",\"id\":0}", "out_of_range");
    refused("{\"type\":\"replay\",\"id\":null}", "wrong_type");
    refused("{\"type\":\"replay\",\"id\":1,\"game\":\"german\"}", "unknown_field");
}

static void test_new_and_open(void **state) {
    (void)state;
    assert_true(parse("{\"type\":\"new\",\"options\":{\"game\":\"android\",\"opponent\":\"easy\"}}"));
    assert_int_equal(m.type, CLIENT_NEW);
    assert_int_equal(m.game, GW_GAME_ANDROID);
    assert_int_equal(m.config.game, GW_GAME_ANDROID);
    assert_true(parse("{\"type\":\"new\",\"options\":{\"variant\":\"small\",\"target\":\"5\"}}"));
    assert_int_equal(m.game, GW_GAME_GERMAN); /* German Whist by default */
    assert_int_equal(m.config.rules.target, 5);
    /* a client may not choose its deal: the seed is the server's */
    refused("{\"type\":\"new\",\"options\":{\"seed\":\"7\"}}", "unknown_field");
    refused("{\"type\":\"new\",\"options\":{\"game\":\"android\",\"seed\":\"0\"}}", "unknown_field");
    refused("{\"type\":\"new\",\"options\":{\"opponent\":\"human\"}}", "bad_value");
    assert_true(parse("{\"type\":\"open\",\"game\":\"android\"}"));
    assert_int_equal(m.type, CLIENT_OPEN);
    assert_int_equal(m.game, GW_GAME_ANDROID);
    assert_true(parse("{\"type\":\"open\",\"game\":\"german\"}"));
    assert_int_equal(m.game, GW_GAME_GERMAN);
    refused("{\"type\":\"open\"}", "missing_field");
    refused("{\"type\":\"open\",\"game\":\"chess\"}", "bad_value");
    refused("{\"type\":\"open\",\"game\":\"German\"}", "bad_value");
    refused("{\"type\":\"open\",\"game\":1}", "wrong_type");
    refused("{\"type\":\"open\",\"game\":\"german\",\"x\":1}", "unknown_field");
}

/* The tables' messages: their options and fields read strictly; those the table reads itself passed on. */
static void test_table_messages(void **state) {
    (void)state;
    assert_true(parse("{\"type\":\"table_new\",\"options\":{}}"));
    assert_int_equal(m.type, CLIENT_TABLE_NEW);
    assert_int_equal(m.config.seats[1].kind, GW_SEAT_OUTSIDE); /* a person opposite by default */
    assert_int_equal(m.grace_s, GW_TABLE_GRACE_DEFAULT);
    assert_int_equal(m.card_s, 0);
    assert_false(m.rated);
    assert_false(m.listed);
    assert_true(parse("{\"type\":\"table_new\",\"options\":{\"game\":\"android\",\"grace\":\"3600\","
                      "\"clock\":\"30\",\"rated\":\"yes\",\"listed\":\"yes\"}}"));
    assert_int_equal(m.config.game, GW_GAME_ANDROID);
    assert_int_equal(m.grace_s, 3600);
    assert_int_equal(m.card_s, 30);
    assert_true(m.rated && m.listed);
    assert_true(parse("{\"type\":\"table_new\",\"options\":{\"opponent\":\"hard\",\"grace\":\"0\"}}"));
    assert_int_equal(m.config.seats[1].kind, GW_SEAT_COMPUTER);
    assert_int_equal(m.grace_s, 0);
    static const char *const BAD[] = {"\"grace\":\"3601\"",     "\"grace\":\"-1\"",   "\"grace\":\"07\"",
                                      "\"grace\":\" 5\"",       "\"grace\":\"\"",     "\"clock\":\"20\"",
                                      "\"clock\":\"0\"",        "\"rated\":\"true\"", "\"listed\":\"1\"",
                                      "\"opponent\":\"genius\""};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char text[200];
        snprintf(text, sizeof text, "{\"type\":\"table_new\",\"options\":{%s}}", BAD[i]);
        refused(text, "bad_value");
    }
    refused("{\"type\":\"table_new\",\"options\":{\"opponent\":\"easy\",\"rated\":\"yes\"}}", "bad_value");
    refused("{\"type\":\"table_new\",\"options\":{\"seed\":\"1\"}}", "unknown_field");
    refused("{\"type\":\"table_new\",\"options\":{\"grace\":60}}", "wrong_type");
    refused("{\"type\":\"table_new\"}", "missing_field");
    assert_true(parse("{\"type\":\"play_anyone\",\"options\":{\"target\":\"7\"}}"));
    assert_int_equal(m.type, CLIENT_PLAY_ANYONE);
    assert_true(m.listed);
    refused("{\"type\":\"play_anyone\",\"options\":{\"opponent\":\"easy\"}}", "bad_value");
    refused("{\"type\":\"play_anyone\",\"options\":{\"listed\":\"no\"}}", "bad_value");
    /* table_join: the id's form, the secret's (32 lowercase hexadecimal digits, or null), since */
    assert_true(parse("{\"type\":\"table_join\",\"table\":\"ab-C_9\",\"secret\":null,\"since\":4294967295}"));
    assert_int_equal(m.type, CLIENT_TABLE_JOIN);
    assert_string_equal(m.table, "ab-C_9");
    assert_string_equal(m.secret, "");
    assert_int_equal(m.since, 4294967295u);
    assert_true(
        parse("{\"type\":\"table_join\",\"table\":\"t\",\"secret\":\"0123456789abcdef0123456789abcdef\"}"));
    assert_string_equal(m.secret, "0123456789abcdef0123456789abcdef");
    assert_int_equal(m.since, 0);
    refused("{\"type\":\"table_join\",\"table\":\"../x\"}", "no_table");
    refused("{\"type\":\"table_join\",\"table\":\"\"}", "no_table");
    refused("{\"type\":\"table_join\",\"table\":\"0123456789abcdef0123456789abcdefX\"}", "no_table");
    refused("{\"type\":\"table_join\",\"table\":\"t\",\"secret\":\"0123456789ABCDEF0123456789abcdef\"}",
            "bad_secret");
    refused("{\"type\":\"table_join\",\"table\":\"t\",\"secret\":\"0123\"}", "bad_secret");
    refused("{\"type\":\"table_join\",\"table\":\"t\",\"secret\":5}", "wrong_type");
    refused("{\"type\":\"table_join\",\"table\":\"t\",\"since\":-1}", "out_of_range");
    refused("{\"type\":\"table_join\",\"table\":\"t\",\"since\":4294967296}", "out_of_range");
    refused("{\"type\":\"table_join\",\"table\":\"t\",\"who\":1}", "unknown_field");
    refused("{\"type\":\"table_join\"}", "missing_field");
    assert_true(parse("{\"type\":\"lobby\"}"));
    assert_int_equal(m.type, CLIENT_LOBBY);
    assert_true(parse("{\"type\":\"table_leave\"}"));
    assert_int_equal(m.type, CLIENT_TABLE_LEAVE);
    refused("{\"type\":\"lobby\",\"x\":1}", "unknown_field");
    /* read by the table itself: passed on whole */
    static const char *const PASSED[] = {"table_act",     "table_next", "table_claim", "table_computer",
                                         "table_rematch", "table_chat", "table_resign"};
    for (size_t i = 0; i < sizeof PASSED / sizeof PASSED[0]; i++) {
        char text[100];
        snprintf(text, sizeof text, "{\"type\":\"%s\",\"anything\":1}", PASSED[i]);
        assert_true(parse(text));
        assert_int_equal(m.type, CLIENT_TABLE);
    }
    refused("{\"type\":\"table_dance\"}", "unknown_type");
}

static void test_settings_text(void **state) {
    (void)state;
    gw_web_settings s;
    gw_web_settings_default(&s);
    assert_string_equal(s.value[GW_WEB_SETTING_BACK], "blue");
    assert_string_equal(s.value[GW_WEB_SETTING_TARGET], "10");
    assert_string_equal(gw_web_setting_name(GW_WEB_SETTING_HAND_DISPLAY), "hand-display");
    assert_int_equal(gw_web_setting_key("android-opponent"), GW_WEB_SETTING_ANDROID_OPPONENT);
    assert_int_equal(gw_web_setting_key("nothing"), -1);
    snprintf(s.value[GW_WEB_SETTING_NAME], GW_WEB_SETTING_BYTES, "Ann");
    snprintf(s.value[GW_WEB_SETTING_FACES], GW_WEB_SETTING_BYTES, "classic");
    char *text = gw_web_settings_dump(&s);
    assert_non_null(text);
    gw_web_settings t;
    gw_web_settings_load(&t, text);
    free(text);
    for (int k = 0; k < GW_WEB_SETTINGS; k++)
        assert_string_equal(s.value[k], t.value[k]);
    /* what cannot be read, or values no longer allowed, fall back to the defaults; the rest is kept */
    gw_web_settings_load(&t, "{\"faces\":\"classic\",\"back\":\"gold\",\"sound\":7,\"x\":\"y\"}");
    assert_string_equal(t.value[GW_WEB_SETTING_FACES], "classic");
    assert_string_equal(t.value[GW_WEB_SETTING_BACK], "blue");
    assert_string_equal(t.value[GW_WEB_SETTING_SOUND], "on");
    gw_web_settings_load(&t, "not json");
    assert_string_equal(t.value[GW_WEB_SETTING_FACES], "modern");
    gw_web_settings_load(&t, NULL);
    assert_string_equal(t.value[GW_WEB_SETTING_NAME], "");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settings_message), cmocka_unit_test(test_other_messages),
        cmocka_unit_test(test_new_and_open),     cmocka_unit_test(test_table_messages),
        cmocka_unit_test(test_settings_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
