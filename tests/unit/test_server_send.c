/* test_server_send.c: whist serve's outgoing queues (send.c, compiled into this test with its few
 * libwebsockets calls stubbed here and malloc wrapped to fail on demand): a message that cannot be queued
 * for want of memory closes the connection instead of being lost; the queue limit closes it at once and
 * frees the queue; while an error waits unwritten, further refusals are counted, and the next error sent
 * says how many. */
#define _DEFAULT_SOURCE /* strndup */
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "gw_test.h"

#include "server_int.h"

/* ---- stubs of what send.c asks libwebsockets ---- */

static server sv;
static int kills, writables;

struct lws_context *lws_get_context(const struct lws *wsi) {
    (void)wsi;
    return (struct lws_context *)&sv;
}
void *lws_context_user(struct lws_context *context) { return (server *)(void *)context; }
void lws_set_timeout(struct lws *wsi, enum pending_timeout reason, int secs) {
    (void)wsi;
    (void)reason;
    if (secs == LWS_TO_KILL_ASYNC) kills++;
}
int lws_callback_on_writable(struct lws *wsi) {
    (void)wsi;
    writables++;
    return 1;
}

/* malloc, failing the next fail_mallocs calls (-Wl,--wrap=malloc) */
static int fail_mallocs;
void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_malloc(size_t n) {
    if (fail_mallocs > 0) {
        fail_mallocs--;
        return NULL;
    }
    return __real_malloc(n);
}

static char fake_wsi;

static conn *fresh(void) {
    static conn c;
    send_drop(&c);
    memset(&c, 0, sizeof c);
    memset(&sv, 0, sizeof sv);
    c.wsi = (struct lws *)(void *)&fake_wsi;
    kills = writables = 0;
    return &c;
}

static char *text_of(size_t n) {
    char *t = malloc(n + 1);
    assert_non_null(t);
    memset(t, 'x', n);
    t[n] = '\0';
    return t;
}

static void test_queued(void **state) {
    (void)state;
    conn *c = fresh();
    send_text(c, text_of(10));
    send_text(c, text_of(20));
    assert_non_null(c->head);
    assert_int_equal(c->queued, 30);
    assert_false(c->killed);
    assert_int_equal(writables, 2);
    send_written(c, c->head);
    assert_int_equal(c->queued, 20);
    send_drop(c);
}

/* the text could not be made (NULL) or copied: the connection closes, nothing is lost silently */
static void test_no_memory_closes(void **state) {
    (void)state;
    conn *c = fresh();
    send_text(c, text_of(10));
    send_text(c, NULL);
    assert_true(c->killed);
    assert_true(c->close);
    assert_int_equal(kills, 1);
    assert_null(c->head);
    assert_int_equal(c->queued, 0);
    send_text(c, text_of(10)); /* a closed connection gets nothing more */
    assert_null(c->head);

    c = fresh();
    char *t = text_of(10);
    fail_mallocs = 1;
    send_text(c, t);
    fail_mallocs = 0;
    assert_true(c->killed);
    assert_int_equal(kills, 1);
    assert_null(c->head);
}

/* past OUT_QUEUE_MAX bytes waiting: closed now, the queue freed (and counted for malloc_trim) */
static void test_queue_limit_closes_at_once(void **state) {
    (void)state;
    conn *c = fresh();
    size_t chunk = 64 * 1024, n = 0;
    while (!c->killed && n < 100) {
        send_text(c, text_of(chunk));
        n++;
    }
    assert_true(c->killed);
    assert_int_equal(n, OUT_QUEUE_MAX / chunk + 1);
    assert_int_equal(kills, 1);
    assert_null(c->head);
    assert_int_equal(c->queued, 0);
    assert_true(sv.freed >= OUT_QUEUE_MAX);
}

static void test_refusals_counted(void **state) {
    (void)state;
    conn *c = fresh();
    send_error(c, "bad_json", "first");
    send_error(c, "bad_json", "second");
    send_error(c, "rate_limited", "third");
    send_text(c, text_of(5)); /* other messages still go */
    int n = 0;
    for (out_msg *m = c->head; m; m = m->next)
        n++;
    assert_int_equal(n, 2);
    assert_int_equal(c->errors_waiting, 1);
    assert_int_equal(c->errors_dropped, 2);
    send_written(c, c->head); /* the first error is written: the two counted are told at once, in one */
    assert_int_equal(c->errors_waiting, 1);
    assert_int_equal(c->errors_dropped, 0);
    out_msg *m = c->tail;
    assert_true(m->error);
    char *text = strndup((const char *)m->data + LWS_PRE, m->len);
    assert_non_null(strstr(text, "\"code\":\"unanswered\""));
    assert_non_null(strstr(text, "(and 2 earlier refusals, not answered)"));
    free(text);
    send_error(c, "no_game", "There is no game."); /* counted while that one waits */
    assert_int_equal(c->errors_dropped, 1);
    while (c->head && !c->head->error)
        send_written(c, c->head);
    send_written(c, c->head); /* ... and told once it is written */
    m = c->tail;
    text = strndup((const char *)m->data + LWS_PRE, m->len);
    assert_non_null(strstr(text, "(and 1 earlier refusals, not answered)"));
    free(text);
    send_written(c, c->head);
    assert_int_equal(c->errors_waiting, 0);
    assert_int_equal(c->errors_dropped, 0);
    assert_null(c->head);
    send_drop(c);
    assert_int_equal(c->errors_waiting, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_queued),
        cmocka_unit_test(test_no_memory_closes),
        cmocka_unit_test(test_queue_limit_closes_at_once),
        cmocka_unit_test(test_refusals_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
