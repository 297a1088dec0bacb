/* SPDX-License-Identifier: MIT */
/* Ordered game pipeline: every thread takes its turn at the reader, reads
 * a batch of games and works on that batch itself, so a game is parsed and
 * processed on one core while it is hot in that core's caches; the calling
 * thread writes the batches out in input order. A bounded ring keeps
 * memory bounded by a few games whatever the input. */
#include <config.h>
#include "run.h"
#include "tbuf.h"

#include <errno.h>
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
#define RUN_BLOCK (16 * 1024)
/* ... or RUN_BLOCK_GAMES games, whichever comes first */
#define RUN_BLOCK_GAMES 32
/* A block's reader may read this many blocks past its own (its last game
 * goes on there); past them the block is read again in its turn. */
#define RUN_AHEAD 1
/* Reading again from where the reading before ended, a reader may go
 * through any number of blocks (a huge game): those it has left this far
 * behind (1.5 MiB: more than the reader's window, its game limit of 1 MiB,
 * its look-ahead and one read) are dropped as it goes, so memory stays
 * bounded. */
#define RUN_FAR (run_max_game + ((size_t)1 << 19))

/* The reader's game limit (--max-game-size), and its token limit: above
 * the default 1 MiB a token (a comment) may be as long as a game. */
static size_t run_max_game = (size_t)1 << 20;

void
run_set_max_game(size_t bytes)
{
    run_max_game = bytes != 0 ? bytes : (size_t)1 << 20;
}

pdn_reader *
run_limit(pdn_reader *r)
{
    if (r != NULL && run_max_game != (size_t)1 << 20)
        pdn_reader_set_limits(r, 0,
                              run_max_game > ((size_t)1 << 20) ? run_max_game
                                                               : 0,
                              run_max_game);
    return r;
}

enum { SLOT_FREE, SLOT_RUNNING, SLOT_DONE };

/* Parallel reading (run_input): the input is cut into blocks of about
 * RUN_BLOCK bytes where a game seems to begin; each thread parses a block
 * with a reader of its own, started there (pdn_reader_set_base), reading
 * on into the next blocks as far as its last game needs. */
typedef struct blk {
    char *data;
    size_t len;
    pdn_pos pos;               /* line, column and offset of data[0] */
    struct blk *next;
    int users;                 /* readers reading it now */
} blk;

typedef struct run_batch {
    run_job *v;
    size_t n, cap;
    size_t cost;               /* raw text of its games + RUN_GAME_COST
                                  each */
    /* parallel reading */
    blk *b;                    /* the block it was cut as */
    unsigned long seq;         /* the block's place in the input */
    pdn_reader *r;             /* its reader, for the code page history */
    int end;                   /* the reader ended (input, or stopped) */
    pdn_pos endpos;            /* else where it stopped: past the block */
    int hist;                  /* a game was decoded by the history */
    int trunc;                 /* its reader was stopped past RUN_AHEAD */
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
    /* Parallel reading (fp set): the cutter, the blocks not yet written
     * out, and the state of the input as one reader would read it, which
     * the blocks are checked against in input order (link_batch). */
    FILE *fp;
    const char *name;
    char *carry;               /* read, not yet cut into a block */
    size_t ncarry, capcarry;
    pdn_pos cpos;              /* where carry[0] lies */
    int src_eof, src_errno;
    size_t block;              /* target size of a block */
    blk *head_blk, *tail, *unclaimed;
    blk *claimed;              /* the last block claimed */
    unsigned long seq_next, link_next;
    pthread_cond_t linked;
    pdn_pos truth;             /* where the next game really starts */
    int truth_end;             /* the input has ended there */
    unsigned long number;      /* the next game's number */
    pdn_reader *hist;          /* code page history of the games linked */
    unsigned long redone;      /* blocks read again (PDN_RUN_STATS) */
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


/* ---- parallel reading: the cutter ---- */

/* Blocks are cut where libpdn's pdn_game_boundary guesses a game begins,
 * after RUN_BLOCK bytes or RUN_BLOCK_GAMES games (a block of many small
 * games would hold too much once parsed); a wrong guess costs time only:
 * every block is checked against where the reading before it ended. */

/* With st->lock held: cuts the next block from the input and appends it
 * to the list; NULL at the end of input (or on a read error, src_errno
 * set). */
static blk *
make_block(run_state *st)
{
    size_t want = st->block + st->block / 4, cut = 0;
    char *rest;
    blk *b;

    for (;;) {
        while (!st->src_eof && st->ncarry < want) {
            size_t got;
            if (st->capcarry < want) {
                char *p = realloc(st->carry, want);
                if (p == NULL) {
                    st->src_errno = ENOMEM;
                    return NULL;
                }
                st->carry = p;
                st->capcarry = want;
            }
            got = fread(st->carry + st->ncarry, 1, want - st->ncarry, st->fp);
            if (got == 0) {
                if (ferror(st->fp))
                    st->src_errno = errno ? errno : EIO;
                st->src_eof = 1;
            }
            st->ncarry += got;
        }
        cut = pdn_game_boundary(st->carry, st->ncarry, st->block,
                                RUN_BLOCK_GAMES);
        if (cut != 0)
            break;
        if (st->src_eof && st->ncarry <= want) {
            cut = st->ncarry;
            break;
        }
        if (want >= 8 * st->block || st->src_eof) {
            /* No game start in sight (a huge game): cut anyway, outside a
             * CR LF pair; the check moves the cut where it belongs. */
            cut = st->ncarry;
            if (cut > 1 && st->carry[cut - 1] == '\r' && !st->src_eof)
                cut--;
            break;
        }
        want *= 2;
    }
    if (cut == 0)
        return NULL;
    /* the block takes the buffer; what follows the cut starts a new one */
    b = calloc(1, sizeof *b);
    rest = malloc(st->capcarry);
    if (b == NULL || rest == NULL) {
        free(b);
        free(rest);
        st->src_errno = ENOMEM;
        return NULL;
    }
    b->data = st->carry;
    b->len = cut;
    b->pos = st->cpos;
    pdn_pos_advance(&st->cpos, st->carry, cut);
    memcpy(rest, st->carry + cut, st->ncarry - cut);
    st->carry = rest;
    st->ncarry -= cut;
    if (st->tail != NULL)
        st->tail->next = b;
    else
        st->head_blk = b;
    st->tail = b;
    if (st->unclaimed == NULL)
        st->unclaimed = b;
    return b;
}

/* A reader's byte source: the blocks from b on, cut as they are needed. */
typedef struct cursor {
    run_state *st;
    blk *b;
    size_t at;
    int hops;                  /* blocks it may still move on (-1: any) */
    int trunc;                 /* it was stopped there */
} cursor;

/* With st->lock held: drops the blocks not claimed yet that end RUN_FAR
 * or more before upto and that no reader reads: a reader reading again
 * from where the reading before ended went through them (inside a game,
 * so no block reader would start a game there). */
static void
swallow(run_state *st, size_t upto)
{
    blk *u;

    while ((u = st->unclaimed) != NULL && u->users == 0 &&
           u->pos.offset + u->len + RUN_FAR <= upto && st->claimed != NULL) {
        st->claimed->next = u->next;
        st->unclaimed = u->next;
        if (st->tail == u)
            st->tail = st->claimed;
        free(u->data);
        free(u);
    }
}

static size_t
feed(void *buf, size_t size, void *ud)
{
    cursor *c = ud;
    size_t n;

    while (c->at == c->b->len) {
        blk *next;
        int err;
        if (c->hops == 0) {
            c->trunc = 1;
            return 0;
        }
        pthread_mutex_lock(&c->st->lock);
        next = c->b->next;
        if (next == NULL)
            next = make_block(c->st);
        err = c->st->src_errno;
        if (next != NULL) {
            c->b->users--;
            next->users++;
            if (c->hops > 0)
                c->hops--;
            else
                swallow(c->st, next->pos.offset);
        }
        pthread_mutex_unlock(&c->st->lock);
        if (next == NULL) {
            if (err == 0)
                return 0;
            errno = err;
            return (size_t)-1;
        }
        c->b = next;
        c->at = 0;
    }
    n = c->b->len - c->at < size ? c->b->len - c->at : size;
    memcpy(buf, c->b->data + c->at, n);
    c->at += n;
    return n;
}

/* Reads into bt the games that start from byte at of block b (the input's
 * position pos there) up to the end of bt's block, the first numbered
 * game, the code page history of what came before added from hist (or
 * none): the reader reads on past the block as far as its last game
 * needs, and stops once the next game would start past the block. */
static void
parse_block(run_state *st, run_batch *bt, blk *b, size_t at, pdn_pos pos,
            unsigned long game, const pdn_reader *hist)
{
    cursor c = {st, b, at, hist != NULL ? -1 : RUN_AHEAD, 0};
    size_t stop = bt->b->pos.offset + bt->b->len;
    pdn_reader *r;

    pthread_mutex_lock(&st->lock);
    b->users++;
    pthread_mutex_unlock(&st->lock);
    r = run_limit(pdn_reader_new_cb(feed, &c, st->name));
    bt->n = 0;
    bt->end = 1;
    bt->hist = 0;
    bt->r = r;
    if (r == NULL || pdn_reader_set_base(r, game, &pos) < 0 ||
        (hist != NULL && pdn_reader_add_history(r, hist) < 0)) {
        /* memory exhausted: as one reader would have it, an error */
        bt->r = NULL;
        pdn_reader_free(r);
        if (bt->cap == 0 && (bt->v = malloc(sizeof *bt->v)) != NULL)
            bt->cap = 1;
        if (bt->cap != 0) {
            job_zero(&bt->v[0]);
            bt->v[0].rc = -1;
            bt->v[0].err.code = PDN_ENOMEM;
            strcpy(bt->v[0].err.text, "out of memory");
            bt->n = 1;
        }
        goto out;
    }
    for (;;) {
        pdn_encoding enc;
        pdn_pos next;
        run_job *job;

        if (bt->n == bt->cap) {
            size_t cap = bt->cap ? bt->cap * 2 : 8;
            run_job *v = tool_xmalloc(cap * sizeof *v);
            if (bt->n != 0)
                memcpy(v, bt->v, bt->n * sizeof *v);
            free(bt->v);
            bt->v = v;
            bt->cap = cap;
        }
        job = &bt->v[bt->n];
        if (!read_job(r, job, 0, 0))
            break;
        bt->n++;
        if (job->game != NULL && pdn_game_encoding(job->game, &enc) == 0 &&
            enc.cp != PDN_CP_UTF8 && (enc.from_input || !enc.sure))
            bt->hist = 1;
        if (pdn_reader_tell(r, &next) < 0)
            break;
        if (next.offset >= stop) {
            bt->end = 0;
            bt->endpos = next;
            break;
        }
    }
out:
    bt->trunc = c.trunc;
    pthread_mutex_lock(&st->lock);
    c.b->users--;
    pthread_mutex_unlock(&st->lock);
}

static void
batch_clear(run_batch *bt)
{
    size_t k;

    for (k = 0; k < bt->n; k++)
        job_reset(&bt->v[k]);
    bt->n = 0;
    pdn_reader_free(bt->r);
    bt->r = NULL;
}

/* The block's games as one reader of the whole input reads them, in
 * input order (one thread at a time): a block whose reader started where
 * the reading before it really ended is kept, its games renumbered;
 * otherwise (a cut that was no game's start, or a game whose code page
 * came from the input's earlier games) the block is read again from
 * where the reading before it ended, with the right number and code page
 * history. */
static void
link_batch(run_state *st, run_batch *bt)
{
    unsigned long delta = 0;
    size_t k;

    if (st->truth_end) {
        batch_clear(bt);
        bt->cost = 0;
        return;
    }
    if (bt->b->pos.offset != st->truth.offset ||
        bt->b->pos.line != st->truth.line ||
        bt->b->pos.column != st->truth.column ||
        (bt->hist && st->truth.offset != 0) || bt->trunc || bt->r == NULL) {
        blk *b = bt->b;
        pthread_mutex_lock(&st->lock);
        while (st->truth.offset > b->pos.offset + b->len && b->next != NULL)
            b = b->next;
        pthread_mutex_unlock(&st->lock);
        batch_clear(bt);
        st->redone++;
        parse_block(st, bt, b, st->truth.offset - b->pos.offset, st->truth,
                    st->number, st->hist);
        if (bt->r != NULL) {
            pdn_reader_free(st->hist); /* bt->r holds it all now */
            st->hist = bt->r;
            bt->r = NULL;
        }
    } else {
        delta = st->number - 1;
        pdn_reader_add_history(st->hist, bt->r);
        pdn_reader_free(bt->r);
        bt->r = NULL;
    }
    bt->cost = 0;
    for (k = 0; k < bt->n; k++) {
        run_job *job = &bt->v[k];
        size_t w, len = 0;

        if (st->ops->last != 0 && st->number > st->ops->last) {
            size_t j;
            for (j = k; j < bt->n; j++)
                job_reset(&bt->v[j]);
            bt->n = k;
            bt->end = 1;
            break;
        }
        job->index = st->number - 1;
        st->number++;
        if (delta != 0) {
            if (job->game != NULL)
                pdn_game_set_number(job->game,
                                    pdn_game_number(job->game) + delta);
            if (job->err.game != 0)
                job->err.game += delta;
            for (w = 0; w < job->nwarnings; w++)
                if (job->warnings[w].game != 0)
                    job->warnings[w].game += delta;
        }
        if (job->game != NULL)
            pdn_game_raw(job->game, &len);
        bt->cost += len + RUN_GAME_COST;
    }
    if (bt->end)
        st->truth_end = 1;
    else
        st->truth = bt->endpos;
}

/* With st->lock held: the parallel reading's part of read_and_work: claims
 * the next block, parses it (unlocked), links it in its turn. Returns 0
 * at the end of input. */
static int
cut_and_read(run_state *st, run_batch *bt)
{
    blk *b = st->unclaimed != NULL ? st->unclaimed : make_block(st);

    if (b == NULL)
        return 0;
    st->unclaimed = b->next;
    st->claimed = b;
    bt->b = b;
    bt->seq = st->seq_next++;
    st->reading = 0; /* the next block may be claimed at once */
    pthread_cond_signal(&st->can_read);
    pthread_mutex_unlock(&st->lock);
    parse_block(st, bt, b, 0, b->pos, 1, NULL);
    pthread_mutex_lock(&st->lock);
    while (st->link_next != bt->seq)
        pthread_cond_wait(&st->linked, &st->lock);
    pthread_mutex_unlock(&st->lock);
    link_batch(st, bt);
    pthread_mutex_lock(&st->lock);
    st->link_next++;
    if (st->truth_end)
        st->eof = 1;
    pthread_cond_broadcast(&st->linked);
    return 1;
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
    if (st->fp != NULL) {
        /* lock held throughout, but while parsing */
        got = cut_and_read(st, b);
    } else {
        pthread_mutex_unlock(&st->lock);
        got = read_batch(st->r, b, &st->index, st->ops->last);
        pthread_mutex_lock(&st->lock);
    }
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

/* The pipeline over st (its reader, or its input for parallel reading)
 * with jobs threads (2 or more). */
static int
run_pipeline(run_state *st, int jobs, const run_ops *ops, void *ctx)
{
    worker *ws;
    int i, status = 0, eof_write = 0;
    size_t k;
    void *mctx;

    st->cap = (size_t)jobs * RUN_DEPTH_PER_WORKER;
    st->ring = calloc(st->cap, sizeof *st->ring);
    st->slot = calloc(st->cap, sizeof *st->slot);
    ws = calloc((size_t)jobs, sizeof *ws);
    if (st->ring == NULL || st->slot == NULL || ws == NULL) {
        free(st->ring);
        free(st->slot);
        free(ws);
        return -1;
    }
    tune_malloc(jobs);
    st->ops = ops;
    st->ctx = ctx;
    pthread_mutex_init(&st->lock, NULL);
    pthread_cond_init(&st->can_read, NULL);
    pthread_cond_init(&st->job_done, NULL);
    pthread_cond_init(&st->linked, NULL);
    /* The calling thread reads and works like the others, and writes the
     * finished batches out in order, so -j N runs N threads. */
    mctx = ops->worker_new ? ops->worker_new(ctx) : ctx;
    for (i = 0; i < jobs - 1; i++) {
        ws[i].st = st;
        if (pthread_create(&ws[i].thread, NULL, worker_main, &ws[i]) == 0) {
            ws[i].started = 1;
        }
    }

    pthread_mutex_lock(&st->lock);
    for (;;) {
        /* Emit finished batches in input order. */
        while (st->count > 0 && st->slot[st->head] == SLOT_DONE) {
            run_batch *b = &st->ring[st->head];
            pthread_mutex_unlock(&st->lock);
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
            pthread_mutex_lock(&st->lock);
            if (b->b != NULL) {
                /* no reader goes back to a block written out */
                st->head_blk = b->b->next;
                if (st->tail == b->b)
                    st->tail = NULL;
                if (st->claimed == b->b)
                    st->claimed = NULL;
                free(b->b->data);
                free(b->b);
                b->b = NULL;
            }
            st->slot[st->head] = SLOT_FREE;
            st->inflight -= b->cost;
            st->head = (st->head + 1) % st->cap;
            st->count--;
            if (eof_write && !st->eof) {
                st->eof = 1;
                pthread_cond_broadcast(&st->can_read);
            } else {
                pthread_cond_signal(&st->can_read);
            }
        }
        if (st->eof && st->count == 0)
            break;
        if (may_read(st)) {
            read_and_work(st, mctx);
            continue;
        }
        pthread_cond_wait(&st->job_done, &st->lock);
    }
    pthread_cond_broadcast(&st->can_read);
    pthread_mutex_unlock(&st->lock);
    for (i = 0; i < jobs - 1; i++)
        if (ws[i].started)
            pthread_join(ws[i].thread, NULL);
    if (ops->worker_new && ops->worker_free && mctx)
        ops->worker_free(mctx);
    pthread_cond_destroy(&st->linked);
    pthread_cond_destroy(&st->job_done);
    pthread_cond_destroy(&st->can_read);
    pthread_mutex_destroy(&st->lock);
    for (k = 0; k < st->cap; k++)
        free(st->ring[k].v);
    free(st->ring);
    free(st->slot);
    free(ws);
    return status;
}

/* Threads beyond the processors only wait for each other: a thread
 * descheduled while it holds the reader stops the rest, and each wait
 * is a sleep and a wake-up (on 2 cores, pdn-validate -j 3, 4 and 8 took
 * 1.2x, 1.4x and 1.7x the time of -j 2: bench/README). */
static int
threads(int jobs)
{
    return jobs > online_cores() ? online_cores() : jobs;
}

int
run_games(pdn_reader *r, int jobs, const run_ops *ops, void *ctx)
{
    run_state st;
    int status;

    jobs = threads(jobs);
    if (jobs <= 1)
        return run_serial(r, ops, ctx);
    memset(&st, 0, sizeof st);
    st.r = r;
    status = run_pipeline(&st, jobs, ops, ctx);
    return status < 0 ? run_serial(r, ops, ctx) : status;
}

/* A reader's byte source for gzip input (read by one reader): the bytes
 * the cutter read, then the rest of the file. */
typedef struct prefix_src {
    const char *d;
    size_t n, at;
    FILE *fp;
} prefix_src;

static size_t
prefix_feed(void *buf, size_t size, void *ud)
{
    prefix_src *p = ud;
    size_t n;

    if (p->at < p->n) {
        n = p->n - p->at < size ? p->n - p->at : size;
        memcpy(buf, p->d + p->at, n);
        p->at += n;
        return n;
    }
    n = fread(buf, 1, size, p->fp);
    return n == 0 && ferror(p->fp) ? (size_t)-1 : n;
}

/* PDN_RUN_BLOCK: the block size in bytes (tests make it small, so that
 * the cuts land inside small files). */
static size_t
block_size(void)
{
    const char *e = getenv("PDN_RUN_BLOCK");
    long v = e != NULL ? strtol(e, NULL, 10) : 0;

    return v >= 16 ? (size_t)v : RUN_BLOCK;
}

int
run_input(FILE *fp, const char *name, int jobs, const run_ops *ops,
          void *ctx)
{
    run_state st;
    pdn_pos start = {1, 1, 0};
    int status;

    jobs = threads(jobs);
    if (jobs <= 1) {
        pdn_reader *r = run_limit(pdn_reader_new_file(fp, name));
        if (r == NULL)
            return 2;
        status = run_serial(r, ops, ctx);
        pdn_reader_free(r);
        return status;
    }
    memset(&st, 0, sizeof st);
    st.fp = fp;
    st.name = name;
    st.block = block_size();
    st.cpos = start;
    st.truth = start;
    st.number = 1;
    st.hist = pdn_reader_new_mem("", 0, name);
    /* the first bytes: gzip is inflated by one reader, at its own pace */
    while (!st.src_eof && st.ncarry < 2) {
        size_t got;
        if (st.capcarry == 0 &&
            (st.carry = malloc(st.capcarry = 2 * st.block)) == NULL)
            break;
        got = fread(st.carry + st.ncarry, 1, st.capcarry - st.ncarry, fp);
        if (got == 0)
            st.src_eof = 1;
        st.ncarry += got;
    }
    if (st.hist == NULL || st.carry == NULL ||
        (st.ncarry >= 2 && (unsigned char)st.carry[0] == 0x1F &&
         (unsigned char)st.carry[1] == 0x8B)) {
        prefix_src p = {st.carry, st.ncarry, 0, fp};
        pdn_reader *r = run_limit(pdn_reader_new_cb(prefix_feed, &p, name));
        status = r != NULL ? run_games(r, jobs, ops, ctx) : 2;
        pdn_reader_free(r);
        pdn_reader_free(st.hist);
        free(st.carry);
        return status;
    }
    status = run_pipeline(&st, jobs, ops, ctx);
    if (status < 0) {
        status = 2;
    }
    /* PDN_RUN_STATS: how many blocks were cut and read again (for the
     * benchmarks' notes) */
    if (getenv("PDN_RUN_STATS") != NULL)
        fprintf(stderr, "run: %lu blocks, %lu read again\n", st.seq_next,
                st.redone);
    while (st.head_blk != NULL) {
        blk *n = st.head_blk->next;
        free(st.head_blk->data);
        free(st.head_blk);
        st.head_blk = n;
    }
    pdn_reader_free(st.hist);
    free(st.carry);
    return status;
}
