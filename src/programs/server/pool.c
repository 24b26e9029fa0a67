/* pool.c: the worker threads of the server (pool.h): one queue of jobs in, one of finished jobs out. */
#include "pool.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#define POOL_THREADS_MAX 16

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pool_job *todo, *todo_tail;
    pool_job *done, *done_tail;
    bool stopping;
    int threads;
    pthread_t tid[POOL_THREADS_MAX];
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

static void *worker(void *arg) {
    pool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->todo && !p->stopping)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stopping) break;
        pool_job *j = pop(&p->todo, &p->todo_tail);
        pthread_mutex_unlock(&p->mu);
        j->run(j);
        j->ran = true;
        pthread_mutex_lock(&p->mu);
        push(&p->done, &p->done_tail, j);
        pthread_mutex_unlock(&p->mu);
        p->wake(p->ctx);
        pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

pool *pool_new(int threads, void (*wake)(void *ctx), void *ctx) {
    assert(threads >= 1 && wake);
    if (threads > POOL_THREADS_MAX) threads = POOL_THREADS_MAX;
    pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->wake = wake;
    p->ctx = ctx;
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&p->tid[i], NULL, worker, p) != 0) {
            pool_stop(p);
            pool_free(p);
            return NULL;
        }
        p->threads++;
    }
    return p;
}

void pool_submit(pool *p, pool_job *job) {
    job->ran = false;
    pthread_mutex_lock(&p->mu);
    assert(!p->stopping);
    push(&p->todo, &p->todo_tail, job);
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
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
    pool_job *j;
    while ((j = pop(&p->todo, &p->todo_tail)) != NULL)
        push(&p->done, &p->done_tail, j);
}

void pool_free(pool *p) {
    if (!p) return;
    assert(p->threads == 0 && !p->todo && !p->done);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p);
}
