/* SPDX-License-Identifier: MIT */
/* Shared by the pdntools programs: --help/--version, usage errors, the one
 * diagnostic formatter (text and JSON lines), the file-and-game driver with
 * per-game output buffers, and the GameType and start position of a game. */
#include <config.h>
#include "common.h"
#include "fold.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Memory: the tools stop with status 2 when it runs out; per-game buffers
 * grow geometrically so a long game costs a few reallocations, not one per
 * line. */
void *
tool_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (p == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    return p;
}

static void
tbuf_reserve(tbuf *b, size_t extra)
{
    size_t cap;
    char *p;

    if (b->len + extra + 1 <= b->cap)
        return;
    cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    /* plain realloc: these buffers belong to the tools, not the library */
    p = realloc(b->data, cap);
    if (p == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    b->data = p;
    b->cap = cap;
}

void
tbuf_add(tbuf *b, const char *s, size_t n)
{
    tbuf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void
tbuf_adds(tbuf *b, const char *s)
{
    tbuf_add(b, s, strlen(s));
}

void
tbuf_addc(tbuf *b, char c)
{
    tbuf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

/* Formats straight into the free space when it is enough (the usual
 * case), so that each piece of output is formatted once, not measured
 * first. */
static void
tbuf_vprintf(tbuf *b, const char *fmt, va_list ap)
{
    va_list aq;
    int n;

    tbuf_reserve(b, 128);
    va_copy(aq, ap);
    n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, aq);
    va_end(aq);
    if (n < 0) {
        b->data[b->len] = '\0';
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        tbuf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void
tbuf_printf(tbuf *b, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

void
tbuf_addu(tbuf *b, unsigned long v)
{
    char d[24];
    size_t n = sizeof d;

    do
        d[--n] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    tbuf_add(b, d + n, sizeof d - n);
}

size_t
tool_utf8_len(const unsigned char *s)
{
    size_t n, i;

    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4;
    else
        return 0;
    for (i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

/* JSON strings: the game model holds UTF-8, but messages may quote raw
 * input bytes, so anything that is not UTF-8 is escaped as \u00XX to keep
 * every output line valid JSON. */
void
tbuf_json(tbuf *b, const char *str)
{
    const unsigned char *s = (const unsigned char *)(str ? str : "");
    size_t n;

    tbuf_addc(b, '"');
    while (*s) {
        if (*s == '"' || *s == '\\') {
            tbuf_addc(b, '\\');
            tbuf_addc(b, (char)*s++);
        } else if (*s == '\n') {
            tbuf_add(b, "\\n", 2), s++;
        } else if (*s == '\r') {
            tbuf_add(b, "\\r", 2), s++;
        } else if (*s == '\t') {
            tbuf_add(b, "\\t", 2), s++;
        } else if (*s < 0x20 || *s == 0x7f) {
            tbuf_printf(b, "\\u%04x", *s++);
        } else if (*s < 0x80) {
            tbuf_addc(b, (char)*s++);
        } else if ((n = tool_utf8_len(s)) != 0) {
            tbuf_add(b, (const char *)s, n);
            s += n;
        } else {
            /* Not UTF-8: take the byte as Latin-1 so the line stays JSON. */
            tbuf_printf(b, "\\u%04x", *s++);
        }
    }
    tbuf_addc(b, '"');
}

void
tbuf_free(tbuf *b)
{
    run_buf_free(b); /* a tbuf is the pipeline's run_buf */
}

/* Messages to the user: "pdn-x: ..." on stderr, the program name being a
 * constant (not argv[0]) so that messages do not depend on how the tool
 * was started. */
void
tool_verror(const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: ", tool_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void
tool_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tool_verror(fmt, ap);
    va_end(ap);
}

/* The one place that formats a diagnostic. Warnings are counted even under
 * -q, so that -q -W still fails on them. */
void
tool_diag(const tool_opts *o, tool_out *to, const char *file,
          const pdn_pos *pos, unsigned long game, int severity, int code,
          const char *extra, const char *fmt, ...)
{
    const char *sev = severity == PDN_SEV_WARNING ? "warning" : "error";
    tbuf *b = o->diag_stdout ? &to->out : &to->err;
    unsigned long line = pos ? pos->line : 0, col = pos ? pos->column : 0;
    size_t start, mstart, msgend;
    va_list ap;

    if (severity == PDN_SEV_WARNING) {
        to->warnings++;
        if (o->quiet)
            return;
    } else {
        to->errors++;
    }
    if (o->json) {
        /* the message is formatted first, then escaped as one string */
        tbuf msg = {NULL, 0, 0};

        va_start(ap, fmt);
        tbuf_vprintf(&msg, fmt, ap);
        va_end(ap);
        tbuf_adds(b, "{\"file\":");
        tbuf_json(b, file);
        tbuf_printf(b, ",\"line\":%lu,\"col\":%lu,\"game\":%lu,"
                       "\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
                    line, col, game, sev, pdn_code_name(code));
        tbuf_json(b, msg.data);
        if (extra != NULL || o->json_more != NULL)
            tbuf_adds(b, extra != NULL ? extra : o->json_more);
        tbuf_add(b, "}\n", 2);
        tbuf_free(&msg);
        return;
    }
    start = b->len;
    if (!o->diag_stdout)
        tbuf_printf(b, "%s: ", tool_name);
    if (line != 0)
        tbuf_printf(b, "%s:%lu:%lu: %s: ", file, line, col, sev);
    else
        tbuf_printf(b, "%s: %s: ", file, sev);
    mstart = b->len;
    va_start(ap, fmt);
    tbuf_vprintf(b, fmt, ap);
    va_end(ap);
    msgend = b->len;
    if (game != 0)
        tbuf_printf(b, " (game %lu)", game);
    tbuf_addc(b, '\n');
    if (severity == PDN_SEV_WARNING && game != 0 && !o->every)
        fold_note(to, b == &to->err, start, mstart, msgend, game, code);
}

void
tool_diag_err(const tool_opts *o, tool_out *to, const char *file,
              const pdn_error *e, const char *extra)
{
    tool_diag(o, to, file, &e->pos, e->game, e->severity, e->code, extra,
              "%s", e->text);
}

int
tool_finish(tool_opts *o, int status)
{
    (void)o; /* the outputs are tools/output.c's */
    return tool_outputs_close(status);
}

/* Worker side of the pipeline: reader record, reader warnings, then the
 * tool's own work, all into one buffer. job->flag is the length of the
 * part for the output; the rest goes to stderr. job->ext carries what the
 * main thread needs besides the text: how the variant was decided and
 * where the warning lines lie. */
typedef struct worker {
    const tool_opts *o;
    tool_cache cache;
} worker;

typedef struct job_ext {
    infer_game_result infer;
    size_t nfolds;
    tool_fold folds[]; /* in the same allocation: the job frees it whole */
} job_ext;

static void *
worker_new(void *ctx)
{
    worker *w = calloc(1, sizeof *w);

    if (w != NULL)
        w->o = ctx;
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

/* Hands the game's variant decision and fold list over to emit(). */
static void
keep_ext(run_job *job, tool_out *to)
{
    job_ext *x;

    if (to->infer.cand < 0 && to->nfolds == 0) {
        free(to->folds);
        return;
    }
    x = tool_xmalloc(sizeof *x + to->nfolds * sizeof *to->folds);
    x->infer = to->infer;
    x->nfolds = to->nfolds;
    if (to->nfolds != 0)
        memcpy(x->folds, to->folds, to->nfolds * sizeof *to->folds);
    free(to->folds);
    job->ext = x;
}

static void
work(void *wctx, run_job *job)
{
    worker *w = wctx;
    const tool_opts *o = w->o;
    tool_out to;
    size_t i;

    memset(&to, 0, sizeof to);
    to.cache = &w->cache;
    to.infer.cand = -1;
    job->status = TOOL_OK;
    job->flag = 0;
    if (o->only != 0 && (job->game != NULL ? pdn_game_number(job->game)
                                           : job->index + 1) != o->only)
        return;
    for (i = 0; i < job->nwarnings; i++) {
        /* What the reader had to assume breaks strict PDN 3.0. */
        if (o->strict_reader)
            job->warnings[i].severity = PDN_SEV_ERROR;
        tool_diag_err(o, &to, o->file, &job->warnings[i], NULL);
    }
    if (job->rc < 0 &&
        (job->err.code == PDN_EIO || job->err.code == PDN_ENOMEM)) {
        /* system trouble, not a finding: "pdn-x: FILE: reason" */
        tbuf_printf(&to.err, "%s: %s: %s\n", tool_name, o->file,
                    job->err.text);
        to.fatal = 1;
    } else if (job->rc < 0) {
        tool_diag_err(o, &to, o->file, &job->err, NULL);
    }
    if (!to.fatal)
        o->game(o, o->file, job->game, &job->err, &to);
    job->out = to.out;
    job->flag = (int)to.out.len;
    if (to.err.len != 0)
        tbuf_add(&job->out, to.err.data, to.err.len);
    tbuf_free(&to.err);
    keep_ext(job, &to);
    if (to.fatal)
        job->status = TOOL_TROUBLE;
    else if (to.errors != 0 || (o->werror && to.warnings != 0))
        job->status = TOOL_PROBLEMS;
    else
        job->status = TOOL_OK;
}

/* The main thread's state for the file being read: the first pass, what
 * the games were replayed as, and the warnings already shown. */
struct tool_file {
    infer_prior prior;
    infer_tally tally;
    fold_state fold;
};

/* Writes [from, to) of the job's text to the output or stderr. */
static int
put(const tool_opts *o, const char *s, size_t len, int in_err)
{
    if (!in_err)
        return tool_write(o->out, s, len);
    fwrite(s, 1, len, stderr);
    return 0;
}

/* Writes one part of the job's text (output or stderr), leaving out the
 * warnings shown for an earlier game of the file. */
static int
put_folded(const tool_opts *o, const run_job *job, const job_ext *x,
           int in_err)
{
    size_t base = in_err ? (size_t)job->flag : 0, pos = base, i;
    size_t end = in_err ? job->out.len : (size_t)job->flag;

    for (i = 0; i < x->nfolds; i++) {
        const tool_fold *f = &x->folds[i];
        size_t at = base + f->off;

        if (f->in_err != in_err || !fold_skip(&o->fs->fold, f,
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
    const tool_opts *o = ctx;
    const job_ext *x = job->ext;
    size_t n = (size_t)job->flag;

    if (x != NULL)
        infer_count(&o->fs->tally, &x->infer);
    if (x != NULL && x->nfolds != 0) {
        if (put_folded(o, job, x, 0) < 0)
            return -1;
        put_folded(o, job, x, 1);
    } else {
        if (tool_write(o->out, job->out.data, n) < 0)
            return -1;
        if (job->out.len > n)
            fwrite(job->out.data + n, 1, job->out.len - n, stderr);
    }
    if (o->emit != NULL)
        return o->emit(o, job->game, job->status);
    return 0;
}

/* After the file's last game: what its games without GameType were
 * replayed as, and how many more games had each folded warning. Returns
 * the status these add (the summary is a warning). */
static int
file_end(const tool_opts *o, struct tool_file *fs)
{
    tool_out t;
    int st = TOOL_OK;

    memset(&t, 0, sizeof t);
    infer_summary(o, o->file, &fs->tally,
                  fs->prior.sampled != 0 ? &fs->prior : NULL, &t);
    if (o->file_end != NULL)
        o->file_end(o, &t);
    if (o->werror && t.warnings != 0)
        st = TOOL_PROBLEMS;
    fold_report(&fs->fold, o, o->file, &t);
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

/* One operand: a reader over the file and the pipeline over its games. An
 * unreadable file is reported and the next one is still read. */
static int
run_file(tool_opts *o, const char *arg)
{
    static const run_ops ops = {worker_new, worker_free, work, emit};
    int stdin_ = strcmp(arg, "-") == 0;
    FILE *fp = stdin_ ? stdin : fopen(arg, "rb");
    pdn_reader *r;
    int status, st;

    if (fp == NULL) {
        tool_error("%s: %s", arg, strerror(errno));
        return TOOL_TROUBLE;
    }
    o->file = stdin_ ? "<stdin>" : arg;
    o->fs = calloc(1, sizeof *o->fs);
    if (o->fs == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    o->fs->prior.prior = -1;
    if (!o->have_gt && !o->have_force && seekable(fp))
        infer_prepass(o, fp, o->file, &o->fs->prior);
    o->prior = &o->fs->prior;
    r = pdn_reader_new_file(fp, o->file);
    if (r == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    status = run_games(r, o->jobs, &ops, o);
    pdn_reader_free(r);
    if (!stdin_)
        fclose(fp);
    else
        clearerr(stdin);
    st = file_end(o, o->fs);
    free(o->fs);
    o->fs = NULL;
    o->prior = NULL;
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
    for (i = 0; i < argc || (i == 0 && argc == 0); i++) {
        st = run_file(o, argc == 0 ? "-" : argv[i]);
        if (st > status)
            status = st;
        if (st == TOOL_TROUBLE && o->out->err != 0)
            break;
    }
    return tool_finish(o, status);
}

/* Game type and start position. */
pdn_pos
tool_tag_pos(const pdn_game *g, const char *name)
{
    size_t i, n = pdn_game_tag_count(g);

    for (i = 0; i < n; i++)
        if (strcmp(pdn_game_tag_name_at(g, i), name) == 0)
            return pdn_game_tag_pos_at(g, i);
    return pdn_game_pos(g);
}

/* -A: a tagged game that is illegal under its tag and legal throughout
 * under another variant of its board (or numbering) is replayed so. */
static void
adapt(const tool_opts *o, const char *file, const pdn_game *g,
      pdn_gametype *gt, tool_out *to)
{
    char was[96], now[96];
    pdn_gametype fit;
    pdn_pos pos;

    if (infer_fits(g, gt, to) || !infer_refit(g, gt, &fit, to))
        return;
    infer_describe(gt, was, sizeof was);
    infer_describe(&fit, now, sizeof now);
    pos = tool_tag_pos(g, "GameType");
    tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
              PDN_EVARIANT, NULL,
              "illegal as %s, the GameType tag's; replayed as %s, under "
              "which it is legal (-A)", was, now);
    *gt = fit;
}

/* No tag and no -g: the variant the game fits (infer.c). A game that fits
 * none throughout is replayed under the one it fits longest, and says
 * which came next. */
static int
by_evidence(const tool_opts *o, const char *file, const pdn_game *g,
            pdn_gametype *gt, tool_out *to)
{
    infer_game_result *res = &to->infer;
    pdn_pos pos = pdn_game_pos(g);
    char name[96], next[96];
    pdn_gametype ngt;

    if (infer_game(o, g, gt, res, to) != 0) {
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_ERROR,
                  PDN_EVARIANT, NULL,
                  "cannot infer the game type: its squares fit no board "
                  "(-g sets it)");
        return -1;
    }
    if (res->legal || !res->moves)
        return 0;
    infer_describe(gt, name, sizeof name);
    if (res->next < 0) {
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
                  PDN_EVARIANT, NULL,
                  "no GameType tag, and the game is legal under no variant "
                  "of its board: replayed as %s (legal for %lu plies)",
                  name, res->plies);
        return 0;
    }
    infer_cand_gt(res->next, &ngt);
    infer_describe(&ngt, next, sizeof next);
    tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
              PDN_EVARIANT, NULL,
              "no GameType tag, and the game is legal under no variant of "
              "its board: replayed as %s (legal for %lu plies), next best "
              "%s (%lu plies)",
              name, res->plies, next, res->next_plies);
    return 0;
}

int
tool_gametype(const tool_opts *o, const char *file, const pdn_game *g,
              pdn_gametype *gt, tool_out *to)
{
    const char *tag = pdn_game_tag(g, "GameType");
    const char *variant = pdn_game_tag(g, "Variant");
    unsigned long num = pdn_game_number(g);
    pdn_error err;
    pdn_pos pos;
    int rc;

    if (o->have_force) {
        *gt = o->force;
        return 0;
    }
    if (tag != NULL) {
        pdn_error_clear(&err);
        rc = pdn_gametype_parse(tag, gt, &err);
        if (rc != 0) {
            pos = tool_tag_pos(g, "GameType");
            if (err.pos.line == 0)
                err.pos = pos;
            err.game = num;
            if (err.code == PDN_OK)
                err.code = PDN_EVARIANT;
            err.severity = rc < 0 ? PDN_SEV_ERROR : PDN_SEV_WARNING;
            tool_diag_err(o, to, file, &err, NULL);
        }
        if (rc >= 0 && o->adapt)
            adapt(o, file, g, gt, to);
        return rc < 0 ? -1 : 0;
    }
    if (variant != NULL) {
        if (pdn_gametype_by_name(variant, gt) == 0)
            return 0;
        pos = tool_tag_pos(g, "Variant");
        tool_diag(o, to, file, &pos, num, PDN_SEV_WARNING, PDN_EVARIANT,
                  NULL, "unknown variant '%s' in the Variant tag", variant);
    }
    if (o->have_gt) {
        *gt = o->gt;
        return 0;
    }
    return by_evidence(o, file, g, gt, to);
}

/* Puts g's FEN tag, if any, on b. Returns 0, or -1 after reporting. */
static int
place_fen(const tool_opts *o, const char *file, const pdn_game *g,
          pdn_board *b, tool_out *to)
{
    const char *fen = pdn_game_tag(g, "FEN");
    unsigned long num = pdn_game_number(g);
    pdn_error err;
    pdn_fen f;
    int rc;

    if (fen == NULL)
        return 0;
    pdn_error_clear(&err);
    /* A FEN read with a warning (a trailing '.', counters) is still used;
     * the warning is reported once the position is known to be valid. */
    rc = pdn_fen_parse(fen, &f, &err);
    if (rc >= 0 && pdn_board_set_fen(b, &f, rc > 0 ? NULL : &err) == 0) {
        if (rc > 0) {
            err.pos = tool_tag_pos(g, "FEN");
            err.game = num;
            err.severity = PDN_SEV_WARNING;
            tool_diag_err(o, to, file, &err, NULL);
        }
        return 0;
    }
    if (rc > 0) {
        /* the warning was replaced by the board's error */
        pdn_error_clear(&err);
        pdn_board_set_fen(b, &f, &err);
    }
    err.pos = tool_tag_pos(g, "FEN");
    err.game = num;
    err.severity = PDN_SEV_ERROR;
    if (err.code == PDN_OK)
        err.code = PDN_ESETUP;
    tool_diag_err(o, to, file, &err, NULL);
    return -1;
}

/* A new board for gt, or NULL after reporting. */
static pdn_board *
new_board(const tool_opts *o, const char *file, const pdn_game *g,
          const pdn_gametype *gt, tool_out *to)
{
    pdn_error err;
    pdn_board *b;

    pdn_error_clear(&err);
    b = pdn_board_new(gt, &err);
    if (b == NULL) {
        err.pos = tool_tag_pos(g, "GameType");
        err.game = pdn_game_number(g);
        tool_diag_err(o, to, file, &err, NULL);
    }
    return b;
}

pdn_board *
tool_board(const tool_opts *o, const char *file, const pdn_game *g,
           const pdn_gametype *gt, tool_out *to)
{
    pdn_board *b = new_board(o, file, g, gt, to);

    if (b != NULL && place_fen(o, file, g, b, to) != 0) {
        pdn_board_free(b);
        b = NULL;
    }
    return b;
}

pdn_board *
tool_board_reuse(const tool_opts *o, const char *file, const pdn_game *g,
                 const pdn_gametype *gt, tool_out *to)
{
    tool_cache *c = to->cache;

    if (c == NULL)
        return tool_board(o, file, g, gt, to);
    if (c->board != NULL && pdn_gametype_equal(&c->gt, gt)) {
        pdn_board_reset(c->board);
    } else {
        pdn_board_free(c->board);
        c->board = new_board(o, file, g, gt, to);
        if (c->board == NULL)
            return NULL;
        c->gt = *gt;
    }
    return place_fen(o, file, g, c->board, to) == 0 ? c->board : NULL;
}

pdn_movelist *
tool_movelist(tool_out *to)
{
    pdn_movelist *l;

    if (to->cache != NULL && to->cache->moves != NULL)
        return to->cache->moves;
    l = pdn_movelist_new();
    if (l == NULL)
        to->fatal = 1;
    else if (to->cache != NULL)
        to->cache->moves = l;
    return l;
}

void
tool_release(tool_out *to, pdn_board *b, pdn_movelist *l)
{
    if (to->cache != NULL)
        return;
    pdn_board_free(b);
    pdn_movelist_free(l);
}

/* Replay steps shared by pdn-legal and pdn-replay. A setup in the moves
 * keeps its node's position in reports, the FEN having none of its own. */
int
tool_setup(const tool_opts *o, const char *file, const pdn_node *n,
           unsigned long game, pdn_board *b, tool_out *to)
{
    const char *setup = pdn_node_setup(n);
    pdn_error err;
    pdn_fen f;

    if (setup == NULL)
        return 0;
    pdn_error_clear(&err);
    if (pdn_fen_parse(setup, &f, &err) >= 0 &&
        pdn_board_set_fen(b, &f, &err) == 0)
        return 0;
    err.pos = pdn_node_pos(n);
    err.game = game;
    err.severity = PDN_SEV_ERROR;
    tool_diag_err(o, to, file, &err, NULL);
    return -1;
}

int
tool_moves(const tool_opts *o, const char *file, const pdn_node *n,
           unsigned long game, const pdn_board *b, pdn_movelist *l,
           tool_out *to)
{
    pdn_error err;

    /* The error record is only cleared and filled on failure. */
    if (pdn_board_moves(b, l, NULL) == 0)
        return 0;
    pdn_error_clear(&err);
    pdn_board_moves(b, l, &err);
    err.pos = pdn_node_pos(n);
    err.game = game;
    tool_diag_err(o, to, file, &err, NULL);
    if (err.code == PDN_ENOMEM)
        to->fatal = 1;
    return -1;
}

/* Does the written move (its coords; a file-only first square as
 * PDN_COORD(file, 15)) denote legal move m? From and to
 * must agree and every written intermediate square lie on m's path, in
 * order. */
static int
denotes(const unsigned char *w, size_t wn, const pdn_move *m)
{
    size_t i, j = 1;

    /* A first square on rank 15 names a file only ('ed4'). */
    if (PDN_COORD_RANK(w[0]) == 15
            ? PDN_COORD_FILE(w[0]) != PDN_COORD_FILE(m->path[0])
            : w[0] != m->path[0])
        return 0;
    if (w[wn - 1] != m->path[m->n - 1])
        return 0;
    for (i = 1; i + 1 < wn; i++) {
        while (j + 1 < m->n && m->path[j] != w[i])
            j++;
        if (j + 1 >= m->n)
            return 0;
        j++;
    }
    return 1;
}

typedef char move_text[PDN_PATH_MAX * 4];

/* Orders move texts by their squares as numbers ("9-14" before "10-15"),
 * so that the output does not depend on the generator's order. */
static int
cmp_moves(const void *pa, const void *pb)
{
    const char *a = pa, *b = pb;

    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            unsigned long x = strtoul(a, (char **)&a, 10);
            unsigned long y = strtoul(b, (char **)&b, 10);

            if (x != y)
                return x < y ? -1 : 1;
        } else if (*a != *b) {
            return (unsigned char)*a - (unsigned char)*b;
        } else {
            a++, b++;
        }
    }
    return (unsigned char)*a - (unsigned char)*b;
}

void
tool_add_moves(tbuf *b, const pdn_board *bd, const pdn_movelist *l,
          const unsigned char *w, size_t wn, unsigned flags, const char *sep,
          int json)
{
    size_t i, k = 0, n = pdn_movelist_count(l);
    move_text *mv = tool_xmalloc(n * sizeof *mv);

    for (i = 0; i < n; i++)
        if (w == NULL || denotes(w, wn, pdn_movelist_at(l, i)))
            pdn_move_format(bd, l, pdn_movelist_at(l, i), flags, mv[k++],
                            sizeof *mv);
    /* sorted, so that reports do not depend on the generator's order */
    qsort(mv, k, sizeof *mv, cmp_moves);
    if (json)
        tbuf_addc(b, '[');
    for (i = 0; i < k; i++) {
        if (i != 0)
            tbuf_adds(b, json ? "," : sep);
        if (json)
            tbuf_json(b, mv[i]);
        else
            tbuf_adds(b, mv[i]);
    }
    if (json)
        tbuf_addc(b, ']');
    else if (k == 0)
        tbuf_adds(b, "none");
    free(mv);
}

/* Results are read by pdn_result_outcome (libpdn); this names the
 * winner for messages, so that a '1-0' in an English game reads as Black's
 * win. */
const char *
tool_outcome_text(pdn_outcome o, const pdn_gametype *gt, char *buf,
                  size_t size)
{
    int w = pdn_outcome_winner(o, gt);

    switch (o) {
    case PDN_OUTCOME_FIRST:
    case PDN_OUTCOME_SECOND:
        if (w == 0)
            return o == PDN_OUTCOME_FIRST ? "the first mover won"
                                          : "the second mover won";
        snprintf(buf, size, "%s (the %s mover) won",
                 w == 'W' ? "White" : "Black",
                 o == PDN_OUTCOME_FIRST ? "first" : "second");
        return buf;
    case PDN_OUTCOME_DRAW:
        return "the game was drawn";
    case PDN_OUTCOME_BOTH_LOST:
        return "both sides lost";
    case PDN_OUTCOME_UNKNOWN:
        return "the result is unknown";
    default:
        return "nothing (it is no result)";
    }
}

void
tool_fen(const pdn_board *b, char *buf, size_t size)
{
    pdn_fen f;

    pdn_board_get_fen(b, &f);
    pdn_fen_format(&f, buf, size);
}
