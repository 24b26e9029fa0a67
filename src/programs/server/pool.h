/* pool.h: a small pool of worker threads for the server: the event loop hands it jobs (a computer's
 * thinking, a hint) and takes back the finished ones, so that the loop never thinks. */
#ifndef SERVER_POOL_H
#define SERVER_POOL_H

#include <stdbool.h>

/* A job: embed it first in a larger struct. run is called on a worker
 * thread; ran tells the loop whether it was (false when the pool stopped
 * before starting it). The pool never frees a job. */
typedef struct pool_job {
    struct pool_job *next;
    void (*run)(struct pool_job *job);
    bool ran;
} pool_job;

typedef struct pool pool;

/* Starts threads workers; wake(ctx) is called on a worker after each job is
 * done (the server wakes its loop there). NULL if out of memory or threads. */
pool *pool_new(int threads, void (*wake)(void *ctx), void *ctx);
/* Queues job (from the loop). */
void pool_submit(pool *p, pool_job *job);
/* The next finished job, or NULL (from the loop). */
pool_job *pool_take_done(pool *p);
/* Stops the workers after the jobs they are running and joins them; then
 * every job not started is among the done ones with ran false. */
void pool_stop(pool *p);
/* Frees p after pool_stop (NULL is fine); take the done jobs first. */
void pool_free(pool *p);

#endif
