/* SPDX-License-Identifier: MIT */
/* Ordered game pipeline shared by the tools: the calling thread reads games,
 * N worker threads process them, and results are emitted in input order, so
 * that -j N output is identical to -j 1. */
#ifndef PDN_TOOLS_RUN_H
#define PDN_TOOLS_RUN_H

#include <stddef.h>
#include <stdio.h>
#include <pdn/pdn.h>

/* Growable text buffer for one game's output. */
typedef struct run_buf {
    char *data;
    size_t len;
    size_t cap;
} run_buf;

/* Frees b's text (the tools fill it with tbuf_* in tbuf.c). */
void run_buf_free(run_buf *b);

/* One game in flight. The reader fields are set before work() runs; the
 * worker fills out, status and flag; emit() sees them in input order. */
typedef struct run_job {
    unsigned long index;   /* 0-based position in the input */
    pdn_game *game;        /* owned by the pipeline; may be NULL */
    int rc;                /* pdn_reader_next's result: 1, or -1 (see err) */
    pdn_error err;
    pdn_error *warnings;   /* reader warnings found while reading it */
    size_t nwarnings;
    size_t capwarnings;
    run_buf out;           /* text for standard output */
    int status;            /* 0 clean, 1 problems found, 2 system error */
    int flag;              /* free for the tool */
    void *ext;             /* the tool's own record (malloc'd or NULL),
                              freed with the job */
} run_job;

typedef struct run_ops {
    /* Per-thread state (boards, move lists): created once per worker. May
     * be NULL; then work() receives ctx itself. */
    void *(*worker_new)(void *ctx);
    void (*worker_free)(void *wctx);
    /* Processes one game on a worker thread; must not touch shared state
     * except through wctx. */
    void (*work)(void *wctx, run_job *job);
    /* Runs on the calling thread, in input order. Returns 0, or -1 on a
     * write error (the pipeline then stops reading and returns 2). */
    int (*emit)(void *ctx, run_job *job);
    /* When not 0: no game past the last-th is read (a range's end). */
    unsigned long last;
} run_ops;

/* Reads every game of r and passes it through ops with jobs worker threads
 * (jobs <= 1: everything on the calling thread). Returns the highest job
 * status (0, 1 or 2), 2 also when a worker could not start or emit failed. */
int run_games(pdn_reader *r, int jobs, const run_ops *ops, void *ctx);

/* The same over the input fp (named name in diagnostics), every thread
 * parsing games of its own: the input is cut into blocks where games seem
 * to begin, each block is read by a reader of its own, and each block is
 * checked, in input order, against where the reading before it ended
 * (read again from there when it does not line up), so that games,
 * numbers, positions, raw texts, diagnostics and code pages are those of
 * one reader over the whole input. Memory stays bounded by a few blocks
 * in flight and the reader's game limit. Gzip input is read by one
 * reader (run_games). */
int run_input(FILE *fp, const char *name, int jobs, const run_ops *ops,
              void *ctx);

/* The reader's game limit for the readers made from now on (0: the
 * library's default, 1 MiB); a limit above it raises the token limit to
 * the same. */
void run_set_max_game(size_t bytes);
/* Sets that limit on r (may be NULL); returns r. */
pdn_reader *run_limit(pdn_reader *r);

#endif
