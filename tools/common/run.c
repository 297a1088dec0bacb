/* SPDX-License-Identifier: MIT */
/* Ordered game pipeline: every thread takes its turn at the reader, reads
 * a batch of games and works on that batch itself, so a game is parsed and
 * processed on one core while it is hot in that core's caches; the calling
 * thread writes the batches out in input order. A bounded ring keeps
 * memory bounded by a few games whatever the input. */
#include <config.h>
#include "run.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>
#if defined HAVE_MALLOC_H && defined HAVE_MALLOPT
#include <malloc.h>
#endif

/* Games travel in batches: a game of an archive takes a few microseconds,
 * about what one hand-over between threads costs. A batch ends at
 * RUN_BATCH_GAMES games or RUN_BATCH_BYTES of raw text; the ring has
 * RUN_DEPTH_PER_WORKER slots a thread, so that a thread that has finished
 * its batch can read the next while the earlier ones wait to be written.
 *
 * What is in flight is parsed games, each at least the 8 KiB first block
 * of its arena (lib/model/game.c) besides its raw text, and a run_job
 * (about 4.4 KiB, most of it the error record). So the ring is bounded as
 * a whole: a game costs its raw text plus RUN_GAME_COST, and no batch is
 * read while the batches in flight cost RUN_COST_IN_FLIGHT or more (a
 * batch is let through when none is in flight, however large its game).
 *
 * Games were once parsed by the calling thread and handed to workers: on
 * two idle cores -j 2 then took 40% more CPU time than -j 1 (every game
 * crossed from one core's caches to the other's) and ran 1.4x faster
 * instead of 2x: bench/README. */
#define RUN_BATCH_GAMES 32
#define RUN_BATCH_BYTES (64 * 1024)
#define RUN_DEPTH_PER_WORKER 4
#define RUN_GAME_COST (8 * 1024 + sizeof(run_job))
#define RUN_COST_IN_FLIGHT (4 * 1024 * 1024)

enum { SLOT_FREE, SLOT_RUNNING, SLOT_DONE };

typedef struct run_batch {
    run_job *v;
    size_t n, cap;
    size_t cost;               /* raw text of its games + RUN_GAME_COST
                                  each */
} run_batch;

typedef struct run_state {
    pthread_mutex_t lock;
    pthread_cond_t can_read;   /* the reader or a slot became free, or the
                                  input ended */
    pthread_cond_t job_done;   /* a batch became DONE, the reader became
                                  free, or the input ended (the calling
                                  thread waits on it) */
    run_batch *ring;
    int *slot;
    size_t cap, head, count;
    size_t inflight;           /* cost of the batches in the ring */
    int reading;               /* a thread is at the reader */
    int eof;                   /* nothing more is read */
    pdn_reader *r;
    unsigned long index;       /* the next game's number, for the reader */
    const run_ops *ops;
    void *ctx;
} run_state;

typedef struct worker {
    pthread_t thread;
    run_state *st;
    int started;
} worker;

void
run_buf_free(run_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* Reader warnings are collected into the job being read, so that they are
 * printed with their game and in order even when games run in parallel. */
static void
collect_warning(const pdn_error *w, void *ud)
{
    run_job *job = ud;

    if (job->nwarnings == job->capwarnings) {
        size_t cap = job->capwarnings ? job->capwarnings * 2 : 4;
        pdn_error *p = realloc(job->warnings, cap * sizeof *p);
        if (p == NULL)
            return; /* dropped under memory shortage only */
        job->warnings = p;
        job->capwarnings = cap;
    }
    job->warnings[job->nwarnings++] = *w;
}

/* Zeroes job but for the error record's large source buffer, which is
 * cleared in constant time: this runs twice a game. */
static void
job_zero(run_job *job)
{
    memset(job, 0, offsetof(run_job, err));
    pdn_error_clear(&job->err);
    memset(&job->warnings, 0, sizeof *job - offsetof(run_job, warnings));
}

static void
job_reset(run_job *job)
{
    pdn_game_free(job->game);
    free(job->warnings);
    run_buf_free(&job->out);
    free(job->ext);
    job_zero(job);
}

/* Reads the next game into job. Returns 1 for a game (or an error record),
 * 0 at the end of input. */
static int
read_job(pdn_reader *r, run_job *job, unsigned long index,
         unsigned long last)
{
    int rc;

    job_zero(job);
    if (last != 0 && index >= last)
        return 0;
    job->index = index;
    pdn_reader_set_warning_fn(r, collect_warning, job);
    rc = pdn_reader_next(r, &job->game, &job->err);
    pdn_reader_set_warning_fn(r, NULL, NULL);
    if (rc == 0) {
        job_reset(job);
        return 0;
    }
    job->rc = rc;
    return 1;
}

/* Reads up to a batch of games into b, numbering them from *index.
 * Returns how many were read; 0 means the end of input. */
static size_t
read_batch(pdn_reader *r, run_batch *b, unsigned long *index,
           unsigned long last)
{
    size_t bytes = 0;

    b->n = 0;
    while (b->n < RUN_BATCH_GAMES && bytes < RUN_BATCH_BYTES) {
        size_t len = 0;
        if (b->n == b->cap) {
            size_t cap = b->cap ? b->cap * 2 : 8;
            run_job *v = realloc(b->v, cap * sizeof *v);
            if (v == NULL)
                break; /* a shorter batch; the next read retries */
            b->v = v;
            b->cap = cap;
        }
        if (!read_job(r, &b->v[b->n], *index, last))
            break;
        if (b->v[b->n].game != NULL)
            pdn_game_raw(b->v[b->n].game, &len);
        bytes += len;
        b->n++;
        (*index)++;
    }
    b->cost = bytes + b->n * RUN_GAME_COST;
    return b->n;
}

/* Runs the tool's work on every game of b. */
static void
work_batch(const run_ops *ops, void *wctx, run_batch *b)
{
    size_t k;

    for (k = 0; k < b->n; k++) {
        if (wctx != NULL || ops->worker_new == NULL)
            ops->work(wctx, &b->v[k]);
        else
            b->v[k].status = 2;
    }
}

/* With st->lock held: may this thread read the next batch? */
static int
may_read(const run_state *st)
{
    return !st->reading && !st->eof && st->count < st->cap &&
           (st->count == 0 || st->inflight < RUN_COST_IN_FLIGHT);
}

/* With st->lock held and may_read(st): claims the ring's next slot, reads
 * a batch into it (the lock released meanwhile) and works on it on this
 * thread; the slot is DONE on return, or given back at the end of input. */
static void
read_and_work(run_state *st, void *wctx)
{
    size_t tail = (st->head + st->count) % st->cap, got;
    run_batch *b = &st->ring[tail];

    st->reading = 1;
    st->slot[tail] = SLOT_RUNNING;
    st->count++;
    pthread_mutex_unlock(&st->lock);
    got = read_batch(st->r, b, &st->index, st->ops->last);
    pthread_mutex_lock(&st->lock);
    st->reading = 0;
    if (got == 0) {
        /* No slot was claimed after this one while it was read. */
        st->count--;
        st->slot[tail] = SLOT_FREE;
        st->eof = 1;
        pthread_cond_broadcast(&st->can_read);
        pthread_cond_broadcast(&st->job_done);
        return;
    }
    st->inflight += b->cost;
    /* The reader is free: for a waiting worker, or the calling thread
     * (which waits for batches to write). */
    pthread_cond_signal(&st->can_read);
    pthread_cond_signal(&st->job_done);
    pthread_mutex_unlock(&st->lock);
    work_batch(st->ops, wctx, b);
    pthread_mutex_lock(&st->lock);
    st->slot[tail] = SLOT_DONE;
    pthread_cond_broadcast(&st->job_done);
}

static void *
worker_main(void *arg)
{
    worker *w = arg;
    run_state *st = w->st;
    void *wctx = st->ops->worker_new ? st->ops->worker_new(st->ctx) : st->ctx;

    pthread_mutex_lock(&st->lock);
    for (;;) {
        if (may_read(st))
            read_and_work(st, wctx);
        else if (st->eof)
            break;
        else
            pthread_cond_wait(&st->can_read, &st->lock);
    }
    pthread_mutex_unlock(&st->lock);
    if (st->ops->worker_new && st->ops->worker_free && wctx)
        st->ops->worker_free(wctx);
    return NULL;
}

static int
run_serial(pdn_reader *r, const run_ops *ops, void *ctx)
{
    void *wctx = ops->worker_new ? ops->worker_new(ctx) : ctx;
    run_job job;
    unsigned long index = 0;
    int status = 0;

    if (ops->worker_new && wctx == NULL)
        return 2;
    while (read_job(r, &job, index++, ops->last)) {
        ops->work(wctx, &job);
        if (job.status > status)
            status = job.status;
        if (ops->emit(ctx, &job) < 0) {
            job_reset(&job);
            status = 2;
            break;
        }
        job_reset(&job);
    }
    if (ops->worker_new && ops->worker_free)
        ops->worker_free(wctx);
    return status;
}

/* The processors this process may run on (at least 1). */
static int
online_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* glibc's allocator for -j: games are freed by the thread that writes
 * them out, not the one that read them, and with the default thresholds
 * each thread's heap was trimmed and grown again batch after batch (page
 * faults and system time: -j 2 took 20% more CPU time than -j 1); and
 * every thread's own arena keeps what it once held. Set once, by the
 * first run with threads (run_games is called by the main thread only,
 * once per input). */
static void
tune_malloc(int jobs)
{
#if defined HAVE_MALLOC_H && defined HAVE_MALLOPT && defined M_TRIM_THRESHOLD
    static int tuned;

    if (tuned)
        return;
    tuned = 1;
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, jobs);
#endif
#else
    (void)jobs;
#endif
}

int
run_games(pdn_reader *r, int jobs, const run_ops *ops, void *ctx)
{
    run_state st;
    worker *ws;
    int i, status = 0, eof_write = 0;
    size_t k;
    void *mctx;

    /* Threads beyond the processors only wait for each other: a thread
     * descheduled while it holds the reader stops the rest, and each wait
     * is a sleep and a wake-up (on 2 cores, pdn-validate -j 3, 4 and 8 took
     * 1.2x, 1.4x and 1.7x the time of -j 2: bench/README). */
    if (jobs > online_cores())
        jobs = online_cores();
    if (jobs <= 1)
        return run_serial(r, ops, ctx);
    memset(&st, 0, sizeof st);
    st.cap = (size_t)jobs * RUN_DEPTH_PER_WORKER;
    st.ring = calloc(st.cap, sizeof *st.ring);
    st.slot = calloc(st.cap, sizeof *st.slot);
    ws = calloc((size_t)jobs, sizeof *ws);
    if (st.ring == NULL || st.slot == NULL || ws == NULL) {
        free(st.ring);
        free(st.slot);
        free(ws);
        return run_serial(r, ops, ctx);
    }
    tune_malloc(jobs);
    st.r = r;
    st.ops = ops;
    st.ctx = ctx;
    pthread_mutex_init(&st.lock, NULL);
    pthread_cond_init(&st.can_read, NULL);
    pthread_cond_init(&st.job_done, NULL);
    /* The calling thread reads and works like the others, and writes the
     * finished batches out in order, so -j N runs N threads. */
    mctx = ops->worker_new ? ops->worker_new(ctx) : ctx;
    for (i = 0; i < jobs - 1; i++) {
        ws[i].st = &st;
        if (pthread_create(&ws[i].thread, NULL, worker_main, &ws[i]) == 0) {
            ws[i].started = 1;
        }
    }

    pthread_mutex_lock(&st.lock);
    for (;;) {
        /* Emit finished batches in input order. */
        while (st.count > 0 && st.slot[st.head] == SLOT_DONE) {
            run_batch *b = &st.ring[st.head];
            pthread_mutex_unlock(&st.lock);
            for (k = 0; k < b->n; k++) {
                run_job *job = &b->v[k];
                if (job->status > status)
                    status = job->status;
                if (!eof_write && ops->emit(ctx, job) < 0) {
                    status = 2;
                    eof_write = 1; /* stop reading; drain what is in flight */
                }
                job_reset(job);
            }
            b->n = 0;
            pthread_mutex_lock(&st.lock);
            st.slot[st.head] = SLOT_FREE;
            st.inflight -= b->cost;
            st.head = (st.head + 1) % st.cap;
            st.count--;
            if (eof_write && !st.eof) {
                st.eof = 1;
                pthread_cond_broadcast(&st.can_read);
            } else {
                pthread_cond_signal(&st.can_read);
            }
        }
        if (st.eof && st.count == 0)
            break;
        if (may_read(&st)) {
            read_and_work(&st, mctx);
            continue;
        }
        pthread_cond_wait(&st.job_done, &st.lock);
    }
    pthread_cond_broadcast(&st.can_read);
    pthread_mutex_unlock(&st.lock);
    for (i = 0; i < jobs - 1; i++)
        if (ws[i].started)
            pthread_join(ws[i].thread, NULL);
    if (ops->worker_new && ops->worker_free && mctx)
        ops->worker_free(mctx);
    pthread_cond_destroy(&st.job_done);
    pthread_cond_destroy(&st.can_read);
    pthread_mutex_destroy(&st.lock);
    for (k = 0; k < st.cap; k++)
        free(st.ring[k].v);
    free(st.ring);
    free(st.slot);
    free(ws);
    return status;
}
