/* pool.h: the worker threads of the server: the event loop hands them jobs (a computer's thinking, a hint,
 * a replay's review) and takes back the finished ones, so that the loop never thinks. A computer's
 * decision never waits behind the heavy jobs (hints and reviews): those may hold only some of the
 * workers at once, and a decision is taken before any of them. */
#ifndef SERVER_POOL_H
#define SERVER_POOL_H

#include <stdbool.h>

/* What a job is, in the order the workers take them. */
typedef enum pool_class {
    POOL_THINK = 0, /* a computer's decision: any worker, before everything else */
    POOL_HINT,      /* heavy (at most `heavy` workers at once): a hint, before the reviews */
    POOL_REVIEW,    /* heavy: a replay's review */
    POOL_CLASSES
} pool_class;

typedef struct pool pool;

/* A job: embed it first in a larger struct. run is called on a worker thread; ran tells the loop whether it
 * was (false when the pool stopped before starting it). The pool never frees a job. */
typedef struct pool_job {
    struct pool_job *next;
    void (*run)(struct pool_job *job);
    pool *pool; /* set by pool_submit: run may pool_post through it */
    bool ran;
} pool_job;

/* Starts think + heavy worker threads (think >= 1, heavy >= 1): heavy jobs run on at most `heavy` of them
 * at once, so `think` workers are always there for decisions. wake(ctx) is called on a worker after each
 * job is done and each note posted (the server wakes its loop there). NULL if out of memory or threads. */
pool *pool_new(int think, int heavy, void (*wake)(void *ctx), void *ctx);
/* Queues job (from the loop): after every job of an earlier class, and after those of its class queued
 * before it. */
void pool_submit(pool *p, pool_job *job, pool_class cls);
/* From a job's run on a worker: puts note (a job of the caller's own that is not queued) among the done
 * ones at once, before the job that posts it, and wakes the loop; its ran is true. */
void pool_post(pool *p, pool_job *note);
/* From a job's run: whether the pool is stopping (a long job may end early then). */
bool pool_stopping(pool *p);
/* The next finished job or posted note, in the order they finished, or NULL (from the loop). */
pool_job *pool_take_done(pool *p);
/* Stops the workers after the jobs they are running and joins them; then every job not started is among
 * the done ones with ran false. */
void pool_stop(pool *p);
/* Frees p after pool_stop (NULL is fine); take the done jobs first. */
void pool_free(pool *p);

#endif
