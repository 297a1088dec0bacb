/* SPDX-License-Identifier: MIT */
/* The per-file driver: every operand read game by game through the -j
 * pipeline (run.c), each game's output written in input order, the
 * file's closing reports (variant tally, folded warnings). */
#include <config.h>
#include "driver.h"
#include "fold.h"
#include "summary.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int
tool_finish(tool_opts *o, int status)
{
    if (o != NULL) {
        free(o->ranges);
        o->ranges = NULL;
        o->nranges = 0;
    }
    return tool_outputs_close(status); /* the outputs are output.c's */
}

/* The main thread's state for the file being read: the first pass, what
 * the games were replayed as, and the warnings already shown. */
typedef struct tool_file {
    unsigned long read;      /* games read, in --games' range or not */
    infer_prior prior;
    infer_tally tally;
    fold_state fold;
} tool_file;

/* The run over one input, apart from what the user asked (o): the
 * workers read file and fs.prior (written before they start), the main
 * thread alone the rest of fs. */
typedef struct tool_pass {
    const tool_opts *o;
    const char *file;        /* the input being read */
    tool_file fs;
} tool_pass;

/* Worker side of the pipeline: reader record, reader warnings, then the
 * tool's own work, all into one buffer. job->flag is the length of the
 * part for the output; the rest goes to stderr. job->ext carries what the
 * main thread needs besides the text: how the variant was decided and
 * where the warning lines lie. */
typedef struct worker {
    const tool_pass *run;
    tool_cache cache;
} worker;

typedef struct job_ext {
    infer_game_result infer;
    int skipped;             /* outside --games' range: nothing was done */
    int dropped;             /* over the size limit, not to be read again:
                                left out */
    int copy_raw;            /* tool_out's */
    unsigned long errors, warnings, plies;
    size_t nfolds;
    tool_fold folds[]; /* in the same allocation: the job frees it whole */
} job_ext;

static void *
worker_new(void *ctx)
{
    worker *w = calloc(1, sizeof *w);

    if (w != NULL) {
        w->run = ctx;
        w->cache.prior = &w->run->fs.prior;
    }
    return w;
}

static void
worker_free(void *wctx)
{
    worker *w = wctx;

    pdn_board_free(w->cache.board);
    pdn_movelist_free(w->cache.moves);
    infer_cache_free(&w->cache);
    free(w);
}

/* Hands the game's variant decision, counts and fold list over to
 * emit(). */
static void
keep_ext(run_job *job, tool_out *to, int skipped)
{
    job_ext *x = tool_xmalloc(sizeof *x + to->nfolds * sizeof *to->folds);

    x->infer = to->infer;
    x->skipped = skipped == 1;
    x->dropped = skipped == 2;
    x->copy_raw = to->copy_raw;
    x->errors = to->errors;
    x->warnings = to->warnings;
    x->plies = to->plies;
    x->nfolds = to->nfolds;
    if (to->nfolds != 0)
        memcpy(x->folds, to->folds, to->nfolds * sizeof *to->folds);
    free(to->folds);
    job->ext = x;
}

static size_t
tool_max_game(const tool_opts *o)
{
    return o->max_game != 0 ? o->max_game : (size_t)1 << 20;
}

/* Is game num outside what the run is to process (--games, -n)? */
static int
outside(const tool_opts *o, unsigned long num)
{
    size_t i;

    if ((o->only != 0 && num != o->only) ||
        (o->first != 0 && num < o->first) ||
        (o->last != 0 && num > o->last))
        return 1;
    for (i = 0; i < o->nranges; i++)
        if (num >= o->ranges[2 * i] &&
            (o->ranges[2 * i + 1] == 0 || num <= o->ranges[2 * i + 1]))
            return 0;
    return o->nranges != 0;
}

/* The reader's one error for an input that is not text at all (a binary
 * file, a zip, UTF-16): an error of the file, counted as no game. */
static int
not_text(const run_job *job)
{
    return job->game == NULL && job->rc < 0 && job->index == 0 &&
           job->err.code == PDN_EENCODING && job->err.pos.offset == 0;
}

/* A game with more than one FEN tag: every tool takes the first (as
 * pdn_game_tag gives it) and says so, once per game, in one wording. */
static void
fen_twice(const tool_opts *o, const char *file, const pdn_game *g,
          tool_out *to)
{
    size_t i, n = pdn_game_tag_count(g), seen = 0;

    for (i = 0; i < n; i++) {
        pdn_pos pos;

        if (strcmp(pdn_game_tag_name_at(g, i), "FEN") != 0 || seen++ == 0)
            continue;
        pos = pdn_game_tag_pos_at(g, i);
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
                  PDN_ETAG, NULL, "duplicate tag 'FEN': the first one is "
                                  "used");
    }
}

static void
work(void *wctx, run_job *job)
{
    worker *w = wctx;
    const tool_opts *o = w->run->o;
    const char *file = w->run->file;
    tool_out to;
    size_t i, span = 0;
    int dropped = 0;

    memset(&to, 0, sizeof to);
    to.cache = &w->cache;
    to.infer.r.cand = -1;
    job->status = TOOL_OK;
    job->flag = 0;
    if (outside(o, job->game != NULL ? pdn_game_number(job->game)
                                     : job->index + 1)) {
        keep_ext(job, &to, 1);
        return;
    }
    for (i = 0; i < job->nwarnings; i++) {
        /* What the reader had to assume breaks strict PDN 3.0. */
        if (o->strict_reader)
            job->warnings[i].severity = PDN_SEV_ERROR;
        tool_diag_err(o, &to, file, &job->warnings[i], NULL);
    }
    if (job->rc < 0 &&
        (job->err.code == PDN_EIO || job->err.code == PDN_ENOMEM)) {
        /* system trouble, not a finding: "pdn-x: FILE: reason" */
        tbuf_printf(&to.err, "%s: %s: %s\n", tool_name, file,
                    job->err.text);
        to.fatal = 1;
    } else if (job->rc < 0) {
        if (not_text(job))
            job->err.game = 0; /* no game: the file's error */
        tool_diag_err(o, &to, file, &job->err, NULL);
    }
    if (!to.fatal && o->copies && tool_game_oversize(job->game, &span) &&
        !tool_input_rereadable()) {
        /* Its bytes past the reader's limit are gone: a game cut short
         * (inside a comment, say) is worse than none. */
        tbuf_printf(&to.err, "%s: %s: game %lu is over the size limit "
                    "(%zu bytes, more than --max-game-size %zu): left out "
                    "of the output, as the input cannot be read again "
                    "(read it from a file, or raise the limit)\n",
                    tool_name, file, pdn_game_number(job->game), span,
                    tool_max_game(o));
        to.fatal = 1;
        dropped = 2;
    }
    if (!to.fatal && job->game != NULL)
        fen_twice(o, file, job->game, &to);
    if (!to.fatal)
        o->game(o, file, job->game, &job->err, &to);
    job->out = to.out;
    job->flag = (int)to.out.len;
    if (to.err.len != 0)
        tbuf_add(&job->out, to.err.data, to.err.len);
    tbuf_free(&to.err);
    keep_ext(job, &to, dropped);
    if (to.fatal)
        job->status = TOOL_TROUBLE;
    else if (to.errors != 0 || (o->werror && to.warnings != 0))
        job->status = TOOL_PROBLEMS;
    else
        job->status = TOOL_OK;
}

/* Writes [from, to) of the job's text to the output or stderr. */
static int
put(const tool_opts *o, const char *s, size_t len, int in_err)
{
    if (!in_err)
        return tool_write(o->out, s, len);
    if (len != 0) {
        progress_clear();
        fwrite(s, 1, len, stderr);
    }
    return 0;
}

/* Writes one part of the job's text (output or stderr), leaving out the
 * warnings shown for an earlier game of the file. */
static int
put_folded(tool_pass *run, const run_job *job, const job_ext *x, int in_err)
{
    const tool_opts *o = run->o;
    size_t base = in_err ? (size_t)job->flag : 0, pos = base, i;
    size_t end = in_err ? job->out.len : (size_t)job->flag;

    for (i = 0; i < x->nfolds; i++) {
        const tool_fold *f = &x->folds[i];
        size_t at = base + f->off;

        if (f->in_err != in_err || !fold_skip(&run->fs.fold, f,
                                              job->out.data + at))
            continue;
        if (put(o, job->out.data + pos, at - pos, in_err) < 0)
            return -1;
        pos = at + f->len;
    }
    return put(o, job->out.data + pos, end - pos, in_err);
}

/* Main-thread side, in input order: the output part, then the stderr
 * part, then the tool's own hook (pdn-legal's -w/-x). */
static int
emit(void *ctx, run_job *job)
{
    tool_pass *run = ctx;
    const tool_opts *o = run->o;
    const job_ext *x = job->ext;
    size_t n = (size_t)job->flag, off = 0, span = 0;

    run->fs.read++;
    if (x == NULL || x->skipped)
        return o->emit != NULL ? o->emit(o, run->file, job->game, -1) : 0;
    /* a game the reader could not read whole (garbage, a binary file)
     * says nothing of the file's variant */
    if (job->rc >= 0)
        infer_count(&run->fs.tally, &x->infer);
    if (x->nfolds != 0) {
        if (put_folded(run, job, x, 0) < 0)
            return -1;
    } else if (tool_write(o->out, job->out.data, n) < 0) {
        return -1;
    }
    /* the game as read, streamed from the reader's copy (and the input) */
    if (x->copy_raw && job->game != NULL &&
        tool_copy_body(o->out, run->file, job->game, 0) < 0)
        return -1;
    if (x->nfolds != 0)
        put_folded(run, job, x, 1);
    else
        put(o, job->out.data + n, job->out.len - n, 1);
    if (job->game != NULL)
        pdn_game_raw_span(job->game, &off, &span);
    /* input that is not text at all (a binary file, a zip, UTF-16): its
     * error, but no game, for the summary as for the tool */
    if (not_text(job)) {
        summary_findings(x->errors, x->warnings);
        return 0;
    }
    summary_game(o, x->errors, x->warnings, x->plies,
                 (unsigned long long)off + span);
    if (o->emit != NULL)
        return o->emit(o, run->file, job->game,
                       x->dropped ? -1 : job->status);
    return 0;
}

/* After the file's last game: what its games without GameType were
 * replayed as, and how many more games had each folded warning. Returns
 * the status these add (the summary is a warning). */
static int
file_end(tool_pass *run)
{
    const tool_opts *o = run->o;
    const char *file = run->file;
    tool_file *fs = &run->fs;
    tool_out t;
    int st = TOOL_OK;

    memset(&t, 0, sizeof t);
    if (fs->read == 0)
        tool_diag(o, &t, file, NULL, 0, PDN_SEV_WARNING, PDN_ESYNTAX,
                  NULL, "no games found");
    else if (summary_file_games() == 0 && (o->first > 1 || o->last != 0))
        tool_diag(o, &t, file, NULL, 0, PDN_SEV_WARNING, PDN_ESYNTAX,
                  NULL, "no game in the range %lu-%.0lu (the input has %lu)",
                  o->first, o->last, fs->read);
    infer_summary(o, file, &fs->tally,
                  fs->prior.sampled != 0 ? &fs->prior : NULL, &t);
    if (o->file_end != NULL)
        o->file_end(o, file, &t);
    if (o->werror && t.warnings != 0)
        st = TOOL_PROBLEMS;
    fold_report(&fs->fold, o, file, &t);
    summary_findings(t.errors, t.warnings);
    if (put(o, t.out.data ? t.out.data : "", t.out.len, 0) < 0)
        st = TOOL_TROUBLE;
    put(o, t.err.data ? t.err.data : "", t.err.len, 1);
    tbuf_free(&t.out);
    tbuf_free(&t.err);
    return st;
}

/* A regular file can be read twice: first for the variant of its games
 * without GameType, when that is to be decided. */
static int
seekable(FILE *fp)
{
    struct stat sb;

    return fstat(fileno(fp), &sb) == 0 && S_ISREG(sb.st_mode);
}

int
tool_is_dir(FILE *fp)
{
    struct stat sb;

    return fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* One operand: a reader over the file and the pipeline over its games. An
 * unreadable file is reported and the next one is still read. */
static int
run_file(const tool_opts *o, const char *arg)
{
    run_ops ops = {worker_new, worker_free, work, emit, 0};
    int stdin_ = strcmp(arg, "-") == 0;
    FILE *fp = stdin_ ? stdin : fopen(arg, "rb");
    tool_pass *run;
    int status, st;

    if (fp == NULL || tool_is_dir(fp)) {
        tool_error("%s: %s", arg, strerror(fp == NULL ? errno : EISDIR));
        if (fp != NULL)
            fclose(fp);
        summary_findings(1, 0); /* the summary counts it: not "0 errors" */
        return TOOL_TROUBLE;
    }
    run = calloc(1, sizeof *run);
    if (run == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    run->o = o;
    run->file = !stdin_ ? arg : o->label != NULL ? o->label : "<stdin>";
    if (stdin_ && isatty(STDIN_FILENO) && !o->quiet) {
        /* a bare tool would otherwise seem to hang */
        progress_clear();
        tool_error("reading standard input (a terminal): end it with "
                   "Ctrl-D");
    }
    summary_file(o, run->file, fp);
    ops.last = o->last; /* no need to read past the range */
    run->fs.prior.prior = -1;
    tool_input_set(fp);
    run_set_max_game(o->max_game);
    if (!o->have_gt && !o->have_force && !o->no_infer && seekable(fp))
        infer_prepass(o, fp, run->file, &run->fs.prior);
    /* every thread parses games of its own: reading-bound tools gain
     * as much as the others */
    status = run_input(fp, run->file, o->jobs, &ops, run);
    tool_input_set(NULL);
    if (!stdin_)
        fclose(fp);
    else
        clearerr(stdin);
    st = file_end(run);
    free(run);
    return st > status ? st : status;
}

/* Every operand is read even after problems in earlier ones; only a
 * failing output stops the run, since nothing more could be written. */
int
tool_run(tool_opts *o, int argc, char **argv)
{
    int status = TOOL_OK, i, st;

    if (tool_outputs_open(o->out, argc, argv) != 0)
        return tool_finish(o, TOOL_TROUBLE);
    if (o->progress == 0) /* never on a file or a pipe */
        o->progress = isatty(STDERR_FILENO) ? 1 : -1;
    summary_begin();
    for (i = 0; i < argc || (i == 0 && argc == 0); i++) {
        st = run_file(o, argc == 0 ? "-" : argv[i]);
        if (st > status)
            status = st;
        if (st == TOOL_TROUBLE && o->out->err != 0)
            break;
    }
    if (o->run_end != NULL && o->run_end(o) != 0)
        status = TOOL_TROUBLE;
    if (summary_end(o) != 0 && status < TOOL_TROUBLE)
        status = TOOL_TROUBLE;
    return tool_finish(o, status);
}
