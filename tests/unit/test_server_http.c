/* test_server_http.c: whist serve's reading of a request's identity and host (cookies.h, hosts.h): every
 * whist_token cookie counted however long the header and wherever it stands, only the exact name; the
 * Host and Origin of this server only (DNS rebinding), with its port, localhost on a loopback address,
 * IP literals on a wildcard one, --allow-host names. */
#include <stdlib.h>
#include <string.h>

#include "gw_test.h"

#include "cookies.h"
#include "hosts.h"

#define TOKEN "0123456789abcdef0123456789abcdef"

static cookie_tokens scan(const char *text) {
    cookie_tokens t;
    memset(&t, 0, sizeof t);
    cookie_scan(&t, text, strlen(text));
    return t;
}

static void test_one_token(void **state) {
    (void)state;
    cookie_tokens t = scan("whist_token=" TOKEN);
    assert_int_equal(t.count, 1);
    assert_true(t.well_formed);
    assert_string_equal(t.first, TOKEN);
    t = scan("theme=dark; whist_token=" TOKEN "; lang=en");
    assert_int_equal(t.count, 1);
    assert_string_equal(t.first, TOKEN);
    t = scan("  ;;whist_token=" TOKEN " ;");
    assert_int_equal(t.count, 1);
    assert_true(t.well_formed);
    /* other names: not ours */
    t = scan("my_whist_token=" TOKEN "; whist_token2=" TOKEN "; whist_tokens=x; whist_token");
    assert_int_equal(t.count, 0);
    assert_false(t.well_formed);
    t = scan("");
    assert_int_equal(t.count, 0);
}

static void test_malformed(void **state) {
    (void)state;
    static const char *const BAD[] = {
        "whist_token=",
        "whist_token=" TOKEN "0",
        "whist_token=0123456789abcdef0123456789abcde",
        "whist_token=0123456789ABCDEF0123456789ABCDEF",
        "whist_token=\"" TOKEN "\"",
        "whist_token=0123456789abcdef0123456789abcdeg",
        "whist_token= " TOKEN "x",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        cookie_tokens t = scan(BAD[i]);
        if (t.count != 1 || t.well_formed)
            fail_msg("%s: count %d, well formed %d", BAD[i], t.count, t.well_formed);
    }
}

static void test_two_tokens(void **state) {
    (void)state;
    /* a planted one first (a longer Path), the browser's own after */
    cookie_tokens t = scan("whist_token=ffffffffffffffffffffffffffffffff; whist_token=" TOKEN);
    assert_int_equal(t.count, 2);
    t = scan("whist_token=bad; whist_token=" TOKEN);
    assert_int_equal(t.count, 2);
    /* two Cookie headers: each scanned into the same count */
    memset(&t, 0, sizeof t);
    cookie_scan(&t, "whist_token=" TOKEN, strlen("whist_token=" TOKEN));
    cookie_scan(&t, "a=b; whist_token=" TOKEN, strlen("a=b; whist_token=" TOKEN));
    assert_int_equal(t.count, 2);
}

/* a Cookie header of any length: the token after 10,000 bytes of other sites' cookies, or a second one */
static void test_long_header(void **state) {
    (void)state;
    size_t pad = 10000;
    char *text = malloc(pad + 200);
    assert_non_null(text);
    for (size_t i = 0; i < pad; i += 10)
        memcpy(text + i, i % 1000 == 990 ? "; x=yyyyyy" : "yyyyyyyyyy", 10);
    memcpy(text, "other=", 6);
    strcpy(text + pad, "; whist_token=" TOKEN);
    cookie_tokens t = scan(text);
    assert_int_equal(t.count, 1);
    assert_string_equal(t.first, TOKEN);
    strcat(text, "; whist_token=" TOKEN);
    t = scan(text);
    assert_int_equal(t.count, 2);
    /* a length that stops short of the second one */
    memset(&t, 0, sizeof t);
    cookie_scan(&t, text, pad + strlen("; whist_token=" TOKEN));
    assert_int_equal(t.count, 1);
    free(text);
}

static void test_hosts(void **state) {
    (void)state;
    static const char *const NAMES[] = {"whist.example", "Cards.Example"};
    host_rules r = {"127.0.0.1", NAMES, 2, 8080, false};
    static const char *const YES[] = {"127.0.0.1:8080",     "localhost:8080",     "LocalHost:8080",
                                      "whist.example:8080", "cards.example:8080", "CARDS.EXAMPLE:8080"};
    static const char *const NO[] = {"127.0.0.1",
                                     "127.0.0.1:8081",
                                     "127.0.0.1:08080",
                                     "127.0.0.1:+8080",
                                     "127.0.0.1:8080 ",
                                     "127.0.0.2:8080",
                                     "evil.example:8080",
                                     "whist.example.:8080",
                                     "xwhist.example:8080",
                                     "localhost.:8080",
                                     "localhost:8080:8080",
                                     "[::1]:8080",
                                     "",
                                     ":8080",
                                     "127.0.0.1:",
                                     "whist.example:80",
                                     "10.0.0.1:8080",
                                     "127.0.0.1:8080/"};
    for (size_t i = 0; i < sizeof YES / sizeof YES[0]; i++)
        if (!hosts_allow_host(&r, YES[i])) fail_msg("refused %s", YES[i]);
    for (size_t i = 0; i < sizeof NO / sizeof NO[0]; i++)
        if (hosts_allow_host(&r, NO[i])) fail_msg("accepted %s", NO[i]);
    /* the default port may be left out */
    host_rules web = {"192.168.1.5", NULL, 0, 80, false};
    assert_true(hosts_allow_host(&web, "192.168.1.5"));
    assert_true(hosts_allow_host(&web, "192.168.1.5:80"));
    assert_false(hosts_allow_host(&web, "localhost")); /* not a loopback address */
    assert_false(hosts_allow_host(&web, "192.168.1.6"));
    host_rules tls = {"192.168.1.5", NULL, 0, 443, true};
    assert_true(hosts_allow_host(&tls, "192.168.1.5"));
    assert_false(hosts_allow_host(&web, "192.168.1.5:443"));
    /* a wildcard address: any IP literal, localhost, no other name */
    host_rules any = {"0.0.0.0", NAMES, 1, 8080, false};
    assert_true(hosts_allow_host(&any, "10.1.2.3:8080"));
    assert_true(hosts_allow_host(&any, "[::1]:8080"));
    assert_true(hosts_allow_host(&any, "localhost:8080"));
    assert_true(hosts_allow_host(&any, "whist.example:8080"));
    assert_false(hosts_allow_host(&any, "evil.example:8080"));
    assert_false(hosts_allow_host(&any, "10.1.2.3.4:8080"));
    assert_false(hosts_allow_host(&any, "[::1]8080"));
}

static void test_origins(void **state) {
    (void)state;
    static const char *const NAMES[] = {"whist.example"};
    host_rules r = {"127.0.0.1", NAMES, 1, 8080, false};
    assert_true(hosts_allow_origin(&r, "http://127.0.0.1:8080"));
    assert_true(hosts_allow_origin(&r, "http://localhost:8080"));
    assert_true(hosts_allow_origin(&r, "http://whist.example:8080"));
    static const char *const NO[] = {"https://127.0.0.1:8080",
                                     "http://127.0.0.1:8080/",
                                     "http://127.0.0.1",
                                     "null",
                                     "",
                                     "ws://127.0.0.1:8080",
                                     "http://evil.example:8080",
                                     "http://127.0.0.1:8080.evil.example",
                                     "http://user@127.0.0.1:8080",
                                     "http://127.0.0.1:8081",
                                     "HTTP://127.0.0.1:8080",
                                     "http://127.0.0.1:8080?x",
                                     "http://127.0.0.1:8080 "};
    for (size_t i = 0; i < sizeof NO / sizeof NO[0]; i++)
        if (hosts_allow_origin(&r, NO[i])) fail_msg("accepted the Origin %s", NO[i]);
    host_rules tls = {"127.0.0.1", NULL, 0, 8443, true};
    assert_true(hosts_allow_origin(&tls, "https://127.0.0.1:8443"));
    assert_false(hosts_allow_origin(&tls, "http://127.0.0.1:8443"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_token),  cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_two_tokens), cmocka_unit_test(test_long_header),
        cmocka_unit_test(test_hosts),      cmocka_unit_test(test_origins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
