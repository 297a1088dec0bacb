/* SPDX-License-Identifier: MIT */
/* pdn-perft: counts the leaf nodes of the move tree of any variant to a
 * given depth, to check the rules engine against published tables; -D
 * splits the last depth by first move; -j N shares the subtrees of the
 * first two plies between N threads. */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

const char tool_name[] = "pdn-perft";

#define DEFAULT_DEPTH 6
#define MAX_DEPTH 30
#define MAX_JOBS 256

/* Adding an option: one line here, one branch in main. */
static const tool_option perft_options[] = {
    {"gametype", 'g', "GAMETYPE",
     "variant: a GameType number (20), a full GameType\n"
     "(20,W,10,10,N2,0) or a name (international,\n"
     "russian, frisian...); default 20"},
    {"fen", 'F', "FEN", "start from this position instead"},
    {"depth", 'd', "DEPTH", "count up to DEPTH plies (default 6, at most 30)"},
    {"divide", 'D', NULL, "divide: count the last depth per first move\n"
                          "(MOVE<TAB>COUNT lines, then total<TAB>COUNT)"},
    {"duplicates", 'u', NULL, "count each capture sequence, even those with\n"
                              "the same start, end and captured pieces\n"
                              "(default: such duplicates are one move)"},
    {"jobs", 'j', "N", "count with N threads (0: one per core); the\n"
                       "counts are those of one thread"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline perft_cmdline = {
    "[OPTION]...",
    "Count the positions reached after every sequence of DEPTH moves\n"
    "(perft) from the initial position of a draughts variant, one\n"
    "line per depth: DEPTH<TAB>COUNT. Timings go to standard error.\n",
    perft_options, "", NULL,
    "\nExit status:\n"
    "  0  counts printed\n"
    "  2  usage error (bad option, unknown variant, bad FEN) or\n"
    "     system trouble (memory, write error)\n"};

static double
now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
timing(int depth, double secs, uint64_t nodes)
{
    fprintf(stderr, "%s: depth %d: %.3f s, %.0f nodes/s\n", tool_name, depth,
            secs, secs > 0 ? (double)nodes / secs : 0.0);
}

/* One subtree of a parallel count: the position after the first one or
 * two plies, counted to the remaining depth by whichever thread takes it. */
typedef struct ptask {
    pdn_board *b;
    int depth;
    size_t root;   /* the first move it starts with (-D's lines) */
    uint64_t n;
    int failed;
    pdn_error err;
} ptask;

typedef struct plan {
    ptask *t;
    size_t n, cap, next; /* next: the first task no thread took yet */
    int merge;
    pthread_mutex_t lock;
} plan;

/* Appends the task of counting depth plies from b. 0, or -1 when memory
 * runs out. */
static int
add_task(plan *p, const pdn_board *b, int depth, size_t root)
{
    ptask *t;
    pdn_error err;

    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        ptask *v = realloc(p->t, cap * sizeof *v);
        if (v == NULL)
            return -1;
        p->t = v;
        p->cap = cap;
    }
    t = &p->t[p->n];
    memset(t, 0, offsetof(ptask, err));
    pdn_error_clear(&t->err);
    t->b = pdn_board_new(pdn_board_gametype(b), &err);
    if (t->b == NULL)
        return -1;
    pdn_board_copy(t->b, b);
    t->depth = depth;
    t->root = root;
    p->n++;
    return 0;
}

/* Can b's moves stand for its subtrees? Always when duplicate captures are
 * one move (merge); under -u only when b has none, since pdn_board_moves
 * lists each such capture once. */
static int
splits(const pdn_board *b, int merge)
{
    uint64_t all, merged;

    return merge || (pdn_perft(b, 1, 0, &all, NULL) == 0 &&
                     pdn_perft(b, 1, 1, &merged, NULL) == 0 && all == merged);
}

/* The tasks of counting depth plies from b: one per position after two
 * plies (after one where a move's position does not split, or depth < 3),
 * or b whole when it does not split (not under -D, whose lines follow
 * pdn_board_moves). l receives b's moves. 0, or -1 with *err. */
static int
make_plan(plan *p, const pdn_board *b, int depth, int div, pdn_movelist *l,
          pdn_error *err)
{
    pdn_board *child = pdn_board_new(pdn_board_gametype(b), err);
    pdn_movelist *l2 = pdn_movelist_new();
    size_t i, j;
    int rc = -1;

    if (child == NULL || l2 == NULL || pdn_board_moves(b, l, err) != 0)
        goto out;
    if (!div && !splits(b, p->merge)) {
        rc = add_task(p, b, depth, 0);
        goto out;
    }
    for (i = 0; i < pdn_movelist_count(l); i++) {
        pdn_board_copy(child, b);
        pdn_board_apply(child, pdn_movelist_at(l, i));
        if (depth < 3 || !splits(child, p->merge)) {
            if (add_task(p, child, depth - 1, i) != 0)
                goto out;
            continue;
        }
        if (pdn_board_moves(child, l2, err) != 0)
            goto out;
        for (j = 0; j < pdn_movelist_count(l2); j++) {
            pdn_board *gc = child;
            size_t at = p->n;
            if (add_task(p, child, depth - 2, i) != 0)
                goto out;
            gc = p->t[at].b;
            pdn_board_apply(gc, pdn_movelist_at(l2, j));
        }
    }
    rc = 0;
out:
    if (rc != 0 && err->code == 0) {
        err->code = PDN_ENOMEM;
        snprintf(err->text, sizeof err->text, "memory exhausted");
    }
    pdn_board_free(child);
    pdn_movelist_free(l2);
    return rc;
}
static void *
count_tasks(void *arg)
{
    plan *p = arg;

    for (;;) {
        ptask *t;
        pthread_mutex_lock(&p->lock);
        t = p->next < p->n ? &p->t[p->next++] : NULL;
        pthread_mutex_unlock(&p->lock);
        if (t == NULL)
            return NULL;
        t->failed = pdn_perft(t->b, t->depth, p->merge, &t->n, &t->err);
    }
}

/* Counts every task of p on jobs threads (the calling one among them).
 * Returns the first failed task in plan order, whose error a count on one
 * thread would have met first, or NULL. */
static const ptask *
run_plan(plan *p, int jobs)
{
    pthread_t th[MAX_JOBS];
    int i, started = 0;
    size_t k;

    if ((size_t)jobs > p->n)
        jobs = p->n > 0 ? (int)p->n : 1;
    for (i = 1; i < jobs; i++)
        if (pthread_create(&th[started], NULL, count_tasks, p) == 0)
            started++;
    count_tasks(p);
    for (i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    for (k = 0; k < p->n; k++)
        if (p->t[k].failed)
            return &p->t[k];
    return NULL;
}

static void
plan_free(plan *p)
{
    size_t k;

    for (k = 0; k < p->n; k++)
        pdn_board_free(p->t[k].b);
    free(p->t);
    pthread_mutex_destroy(&p->lock);
}

/* The count at depth from b into *total, on jobs threads; with div, one
 * line per first move first (MOVE<TAB>COUNT). 0, or -1 once the error is
 * reported. */
static int
count(const pdn_board *b, int depth, int merge, int jobs, int div,
      uint64_t *total)
{
    plan p;
    pdn_error err;
    pdn_movelist *l = pdn_movelist_new();
    uint64_t *per = NULL;
    const ptask *bad = NULL;
    size_t i, nroot;
    char buf[256];
    int rc = -1;

    memset(&p, 0, sizeof p);
    p.merge = merge;
    pthread_mutex_init(&p.lock, NULL);
    pdn_error_clear(&err);
    *total = 0;
    if (l == NULL) {
        tool_error("memory exhausted");
        plan_free(&p);
        return -1;
    }
    if (jobs <= 1 && !div) {
        /* one thread: the library's count as it stands */
        if (pdn_perft(b, depth, merge, total, &err) == 0)
            rc = 0;
        else
            tool_error("%s", err.text);
        pdn_movelist_free(l);
        plan_free(&p);
        return rc;
    }
    if (make_plan(&p, b, depth, div, l, &err) != 0) {
        tool_error("%s", err.text);
        goto out;
    }
    bad = run_plan(&p, jobs);
    if (bad != NULL) {
        tool_error("%s", bad->err.code ? bad->err.text : "memory exhausted");
        goto out;
    }
    nroot = pdn_movelist_count(l);
    per = calloc(nroot + 1, sizeof *per);
    if (per == NULL) {
        tool_error("memory exhausted");
        goto out;
    }
    for (i = 0; i < p.n; i++) {
        per[p.t[i].root] += p.t[i].n;
        *total += p.t[i].n;
    }
    for (i = 0; div && i < nroot; i++) {
        pdn_move_format(b, l, pdn_movelist_at(l, i), PDN_MOVE_SHORT, buf,
                        sizeof buf);
        printf("%s\t%llu\n", buf, (unsigned long long)per[i]);
    }
    rc = 0;
out:
    free(per);
    pdn_movelist_free(l);
    plan_free(&p);
    return rc;
}

/* The start position: the variant's initial one, or the FEN. */
static pdn_board *
start_board(const pdn_gametype *gt, const char *fen_text)
{
    pdn_error err;
    pdn_board *b;
    pdn_fen fen;

    pdn_error_clear(&err);
    b = pdn_board_new(gt, &err);
    if (b == NULL) {
        tool_error("%s", err.code ? err.text : "memory exhausted");
        return NULL;
    }
    if (fen_text == NULL)
        return b;
    if (pdn_fen_parse(fen_text, &fen, &err) < 0 ||
        pdn_board_set_fen(b, &fen, &err) != 0) {
        tool_usage_error("invalid FEN: %s", err.text);
        pdn_board_free(b);
        return NULL;
    }
    return b;
}

int
main(int argc, char **argv)
{
    pdn_gametype gt;
    const char *fen = NULL;
    int c, d, depth = DEFAULT_DEPTH, div = 0, merge = 1, jobs = 1, st;
    long v;
    pdn_board *b;
    int have_gt = 0;

    pdn_gametype_standard(20, &gt);
    while ((c = tool_getopt(&perft_cmdline, NULL, argc, argv, &st)) != -1) {
        switch (c) {
        case 'g':
            if (tool_gametype_option(c, optarg, &gt) != 0)
                return TOOL_TROUBLE;
            have_gt = 1;
            break;
        case 'F':
            fen = optarg;
            break;
        case 'd':
            if (tool_number_option(c, optarg, 1, MAX_DEPTH, NULL, &v) != 0)
                return TOOL_TROUBLE;
            depth = (int)v;
            break;
        case 'D':
            div = 1;
            break;
        case 'u':
            merge = 0;
            break;
        case 'j':
            if (tool_number_option(c, optarg, 0, MAX_JOBS,
                                   "1-256 or 0 for all cores", &v) != 0)
                return TOOL_TROUBLE;
            if (v == 0) {
                v = sysconf(_SC_NPROCESSORS_ONLN);
                v = v < 1 ? 1 : v > MAX_JOBS ? MAX_JOBS : v;
            }
            jobs = (int)v;
            break;
        }
    }
    if (st >= 0)
        return st;
    if (optind < argc)
        return tool_usage_error("extra operand '%s'", argv[optind]);
    if (fen != NULL && !have_gt)
        return tool_usage_error("-F: a FEN does not say its variant: give "
                                "-g GAMETYPE too (-g 20 for International)");
    b = start_board(&gt, fen);
    if (b == NULL)
        return TOOL_TROUBLE;
    st = TOOL_OK;
    if (div) {
        double t0 = now();
        uint64_t n;

        if (count(b, depth, merge, jobs, 1, &n) != 0) {
            st = TOOL_TROUBLE;
        } else {
            printf("total\t%llu\n", (unsigned long long)n);
            timing(depth, now() - t0, n);
        }
    } else {
        for (d = 1; d <= depth; d++) {
            double t0 = now();
            uint64_t n;
            int wr;

            /* the first depths take microseconds: one thread */
            if (count(b, d, merge, d < 5 ? 1 : jobs, 0, &n) != 0) {
                st = TOOL_TROUBLE;
                break;
            }
            printf("%d\t%llu\n", d, (unsigned long long)n);
            /* Show each depth as soon as it is known: deep counts take
             * minutes. A write error is reported with its cause (a full
             * disk: "No space left on device") and ends the count. */
            wr = tool_flush(tool_output_std());
            timing(d, now() - t0, n);
            if (wr != 0)
                break;
        }
    }
    pdn_board_free(b);
    return tool_finish(NULL, st);
}
