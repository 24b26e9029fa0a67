/* pool.c: the worker threads of the server (pool.h): a queue of jobs in for each class, taken in class
 * order with the heavy ones capped, and one queue of finished jobs and notes out. */
#include "pool.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pool_job *todo[POOL_CLASSES], *todo_tail[POOL_CLASSES];
    pool_job *done, *done_tail;
    bool stopping;
    int heavy_max;     /* heavy jobs allowed to run at once */
    int heavy_running; /* heavy jobs running now */
    int threads;       /* threads started */
    pthread_t *tid;
    void (*wake)(void *ctx);
    void *ctx;
};

static void push(pool_job **head, pool_job **tail, pool_job *j) {
    j->next = NULL;
    if (*tail)
        (*tail)->next = j;
    else
        *head = j;
    *tail = j;
}

static pool_job *pop(pool_job **head, pool_job **tail) {
    pool_job *j = *head;
    if (j) {
        *head = j->next;
        if (!*head) *tail = NULL;
        j->next = NULL;
    }
    return j;
}

/* The class of the job a worker may start now (POOL_CLASSES: none): a decision first, then a heavy job if
 * fewer than heavy_max run. So at least threads - heavy_max workers never hold a heavy job. */
static pool_class next_class(const pool *p) {
    if (p->todo[POOL_THINK]) return POOL_THINK;
    if (p->heavy_running >= p->heavy_max) return POOL_CLASSES;
    for (int k = POOL_THINK + 1; k < POOL_CLASSES; k++)
        if (p->todo[k]) return (pool_class)k;
    return POOL_CLASSES;
}

static void *worker(void *arg) {
    pool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        pool_class k;
        while ((k = next_class(p)) == POOL_CLASSES && !p->stopping)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stopping) break;
        pool_job *j = pop(&p->todo[k], &p->todo_tail[k]);
        bool heavy = k != POOL_THINK;
        p->heavy_running += heavy;
        pthread_mutex_unlock(&p->mu);
        j->run(j);
        j->ran = true;
        pthread_mutex_lock(&p->mu);
        p->heavy_running -= heavy;
        push(&p->done, &p->done_tail, j);
        pthread_mutex_unlock(&p->mu);
        p->wake(p->ctx);
        pthread_mutex_lock(&p->mu);
        /* this worker looks at the queues again before it waits: a heavy job it leaves is taken now */
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

pool *pool_new(int think, int heavy, void (*wake)(void *ctx), void *ctx) {
    assert(think >= 1 && heavy >= 1 && wake);
    pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->tid = calloc((size_t)think + (size_t)heavy, sizeof *p->tid);
    if (!p->tid) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->heavy_max = heavy;
    p->wake = wake;
    p->ctx = ctx;
    for (int i = 0; i < think + heavy; i++) {
        if (pthread_create(&p->tid[i], NULL, worker, p) != 0) {
            pool_stop(p);
            pool_free(p);
            return NULL;
        }
        p->threads++;
    }
    return p;
}

void pool_submit(pool *p, pool_job *job, pool_class cls) {
    assert(cls >= POOL_THINK && cls < POOL_CLASSES);
    job->ran = false;
    job->pool = p;
    pthread_mutex_lock(&p->mu);
    assert(!p->stopping);
    push(&p->todo[cls], &p->todo_tail[cls], job);
    /* every idle worker is alike: one woken can take the job if any can (a heavy job over the cap waits
     * for the worker that ends a heavy one, which looks again before it sleeps) */
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

void pool_post(pool *p, pool_job *note) {
    note->ran = true;
    note->pool = p;
    pthread_mutex_lock(&p->mu);
    push(&p->done, &p->done_tail, note);
    pthread_mutex_unlock(&p->mu);
    p->wake(p->ctx);
}

bool pool_stopping(pool *p) {
    pthread_mutex_lock(&p->mu);
    bool stopping = p->stopping;
    pthread_mutex_unlock(&p->mu);
    return stopping;
}

pool_job *pool_take_done(pool *p) {
    pthread_mutex_lock(&p->mu);
    pool_job *j = pop(&p->done, &p->done_tail);
    pthread_mutex_unlock(&p->mu);
    return j;
}

void pool_stop(pool *p) {
    pthread_mutex_lock(&p->mu);
    p->stopping = true;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->threads; i++)
        pthread_join(p->tid[i], NULL);
    p->threads = 0;
    for (int k = 0; k < POOL_CLASSES; k++) {
        pool_job *j;
        while ((j = pop(&p->todo[k], &p->todo_tail[k])) != NULL)
            push(&p->done, &p->done_tail, j);
    }
}

void pool_free(pool *p) {
    if (!p) return;
    assert(p->threads == 0 && !p->done);
    for (int k = 0; k < POOL_CLASSES; k++)
        assert(!p->todo[k]);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->tid);
    free(p);
}
