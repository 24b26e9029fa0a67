/* test_server_pool.c: whist serve's worker pool (src/programs/server/pool.h): a decision starts while every
 * heavy job's worker is held, the heavy jobs never take more than their workers, hints before reviews,
 * notes posted before their job is done, a stop hands back the jobs not started and is seen by a long job.
 * Jobs block on a gate the test opens, so the order of events is fixed; a wait of 20 s only turns a hang into
 * a failure. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, pthread_cond_timedwait */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "pool.h"

typedef struct tjob {
    pool_job base; /* first */
    struct world *w;
    int name;  /* written into the world's order when it runs */
    bool gate; /* waits for the world's gate to open */
    int notes; /* posts this many notes (each a tjob of the world's) */
} tjob;

typedef struct world {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool open;        /* the gate */
    int running;      /* gated jobs started and not finished */
    int heavy_seen;   /* the most gated jobs running at once */
    int order[16], n; /* the names of the jobs as they started */
    tjob notes[8];
    int nnotes;
    int wakes;
} world;

static void run(pool_job *pj) {
    tjob *j = (tjob *)pj;
    world *w = j->w;
    pthread_mutex_lock(&w->mu);
    w->order[w->n++] = j->name;
    if (j->gate) {
        w->running++;
        if (w->running > w->heavy_seen) w->heavy_seen = w->running;
        pthread_cond_broadcast(&w->cv);
        while (!w->open)
            pthread_cond_wait(&w->cv, &w->mu);
        w->running--;
    }
    for (int k = 0; k < j->notes; k++) {
        tjob *note = &w->notes[w->nnotes++];
        note->name = 100 + k;
        pthread_mutex_unlock(&w->mu);
        pool_post(pj->pool, &note->base);
        pthread_mutex_lock(&w->mu);
    }
    pthread_mutex_unlock(&w->mu);
}

static void wake(void *ctx) {
    world *w = ctx;
    pthread_mutex_lock(&w->mu);
    w->wakes++;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

static void world_init(world *w) {
    memset(w, 0, sizeof *w);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
}

static void world_free(world *w) {
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
}

static void job_init(tjob *j, world *w, int name, bool gate) {
    memset(j, 0, sizeof *j);
    j->base.run = run;
    j->w = w;
    j->name = name;
    j->gate = gate;
}

/* Waits (w->mu held) until cond holds; false after 20 s. */
static bool wait_for(world *w, bool (*cond)(world *, int), int arg) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 20;
    while (!cond(w, arg))
        if (pthread_cond_timedwait(&w->cv, &w->mu, &until) != 0) return cond(w, arg);
    return true;
}

static bool running_is(world *w, int n) { return w->running == n; }
static bool started(world *w, int n) { return w->n >= n; }

static void open_gate(world *w) {
    pthread_mutex_lock(&w->mu);
    w->open = true;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

/* Takes n finished jobs (or notes) from p, waiting for each; their names into names (may be NULL). */
static void take(world *w, pool *p, int n, int *names) {
    for (int i = 0; i < n; i++) {
        pool_job *j;
        pthread_mutex_lock(&w->mu);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 20;
        while ((j = pool_take_done(p)) == NULL)
            if (pthread_cond_timedwait(&w->cv, &w->mu, &until) != 0) break;
        pthread_mutex_unlock(&w->mu);
        if (!j) j = pool_take_done(p);
        assert_non_null(j);
        assert_true(j->ran);
        if (names) names[i] = ((tjob *)j)->name;
    }
}

/* Every heavy worker held by a review that does not end: a decision still starts, and ends. */
static void test_decision_never_waits(void **state) {
    (void)state;
    world w;
    world_init(&w);
    pool *p = pool_new(1, 2, wake, &w);
    assert_non_null(p);
    tjob heavy[4], think;
    for (int i = 0; i < 4; i++) {
        job_init(&heavy[i], &w, i, true);
        pool_submit(p, &heavy[i].base, i % 2 ? POOL_HINT : POOL_REVIEW);
    }
    pthread_mutex_lock(&w.mu);
    assert_true(wait_for(&w, running_is, 2)); /* both heavy workers held */
    pthread_mutex_unlock(&w.mu);
    job_init(&think, &w, 9, false);
    pool_submit(p, &think.base, POOL_THINK);
    int name = -1;
    take(&w, p, 1, &name); /* with one queue for every job, this waited for the gate */
    assert_int_equal(name, 9);
    pthread_mutex_lock(&w.mu);
    assert_int_equal(w.running, 2); /* no third heavy job started on the decision's worker */
    pthread_mutex_unlock(&w.mu);
    open_gate(&w);
    take(&w, p, 4, NULL);
    assert_int_equal(w.heavy_seen, 2);
    pool_stop(p);
    assert_null(pool_take_done(p));
    pool_free(p);
    world_free(&w);
}

/* One heavy worker: hints go before the reviews queued earlier; decisions before both. */
static void test_order(void **state) {
    (void)state;
    world w;
    world_init(&w);
    pool *p = pool_new(1, 1, wake, &w);
    tjob first, review, hint;
    job_init(&first, &w, 1, true);
    pool_submit(p, &first.base, POOL_REVIEW);
    pthread_mutex_lock(&w.mu);
    assert_true(wait_for(&w, running_is, 1));
    pthread_mutex_unlock(&w.mu);
    job_init(&review, &w, 2, false);
    job_init(&hint, &w, 3, false);
    pool_submit(p, &review.base, POOL_REVIEW);
    pool_submit(p, &hint.base, POOL_HINT);
    open_gate(&w);
    take(&w, p, 3, NULL);
    assert_int_equal(w.n, 3);
    assert_int_equal(w.order[0], 1);
    assert_int_equal(w.order[1], 3);
    assert_int_equal(w.order[2], 2);
    assert_int_equal(w.heavy_seen, 1);
    pool_stop(p);
    pool_free(p);
    world_free(&w);
}

/* A job's notes reach the loop before the job, in the order posted, each with a wake-up. */
static void test_post(void **state) {
    (void)state;
    world w;
    world_init(&w);
    pool *p = pool_new(1, 1, wake, &w);
    tjob j;
    job_init(&j, &w, 7, false);
    j.notes = 2;
    pool_submit(p, &j.base, POOL_REVIEW);
    int names[3];
    take(&w, p, 3, names);
    assert_int_equal(names[0], 100);
    assert_int_equal(names[1], 101);
    assert_int_equal(names[2], 7);
    pool_stop(p);
    assert_int_equal(w.wakes, 3);
    pool_free(p);
    world_free(&w);
}

/* Stopped with jobs queued: the running one finishes, the others come back not run. */
static void test_stop(void **state) {
    (void)state;
    world w;
    world_init(&w);
    pool *p = pool_new(1, 1, wake, &w);
    tjob held, queued[3];
    job_init(&held, &w, 1, true);
    pool_submit(p, &held.base, POOL_REVIEW);
    pthread_mutex_lock(&w.mu);
    assert_true(wait_for(&w, started, 1));
    pthread_mutex_unlock(&w.mu);
    for (int i = 0; i < 3; i++) {
        job_init(&queued[i], &w, 2 + i, false);
        pool_submit(p, &queued[i].base, i == 0 ? POOL_HINT : POOL_REVIEW);
    }
    open_gate(&w); /* the held job ends; the stop may come before the others start */
    pool_stop(p);
    int ran = 0, back = 0;
    pool_job *d;
    while ((d = pool_take_done(p)) != NULL) {
        ran += d->ran;
        back++;
    }
    assert_int_equal(back, 4);
    assert_int_equal(ran, w.n);
    assert_true(held.base.ran);
    pool_free(p);
    world_free(&w);
}

/* A long job that asks pool_stopping ends early when the pool stops: the stop does not wait for it. */
static void spin(pool_job *pj) {
    tjob *j = (tjob *)pj;
    pthread_mutex_lock(&j->w->mu);
    j->w->running++;
    pthread_cond_broadcast(&j->w->cv);
    pthread_mutex_unlock(&j->w->mu);
    while (!pool_stopping(pj->pool)) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
}

static void test_stopping(void **state) {
    (void)state;
    world w;
    world_init(&w);
    pool *p = pool_new(1, 1, wake, &w);
    tjob j;
    job_init(&j, &w, 1, false);
    j.base.run = spin;
    pool_submit(p, &j.base, POOL_REVIEW);
    pthread_mutex_lock(&w.mu);
    assert_true(wait_for(&w, running_is, 1));
    pthread_mutex_unlock(&w.mu);
    pool_stop(p); /* returns: the job saw the stop */
    assert_ptr_equal(pool_take_done(p), &j.base);
    pool_free(p);
    world_free(&w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decision_never_waits),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_post),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_stopping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
