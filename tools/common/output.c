/* SPDX-License-Identifier: MIT */
/* Safe output files: recorded while the options are read, checked and
 * opened once they all are, written through a temporary that replaces the
 * target only when the run succeeds, and removed when it fails or a signal
 * ends it. Write errors are reported once, with the errno of the failure. */
#include <config.h>
#include "output.h"
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { NOUT = 4 }; /* -o and the tools' own file options */

static tool_output std_out;
static tool_output files[NOUT];
static size_t nfiles;
/* The temporaries that exist, for the signal handler and exit(): changed
 * with the signals blocked. */
static char *volatile live[NOUT];
/* The temporaries made outside that table (tool_temp_create). */
static tool_temp *volatile extra;
static mode_t new_mode = 0666;
static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
#define NSIGS (sizeof sigs / sizeof *sigs)

static void
drop_temps(void)
{
    tool_temp *t;
    size_t i;

    for (i = 0; i < NOUT; i++)
        if (live[i] != NULL)
            unlink(live[i]); /* async-signal-safe, as is all of this */
    for (t = extra; t != NULL; t = t->next)
        unlink(t->path);
}

/* Removes the temporaries, then dies by the same signal, so that the
 * caller sees how the tool ended (a closed pipe: SIGPIPE, as cat). */
static void
on_signal(int sig)
{
    int e = errno;

    drop_temps();
    signal(sig, SIG_DFL);
    raise(sig); /* delivered when the handler returns */
    errno = e;
}

static void
block(int on, sigset_t *old)
{
    sigset_t s;
    size_t i;

    if (!on) {
        sigprocmask(SIG_SETMASK, old, NULL);
        return;
    }
    sigemptyset(&s);
    for (i = 0; i < NSIGS; i++)
        sigaddset(&s, sigs[i]);
    sigprocmask(SIG_BLOCK, &s, old);
}

void
tool_output_init(void)
{
    struct sigaction sa, old;
    mode_t m = umask(0);
    size_t i;

    umask(m);
    new_mode = 0666 & ~m; /* what fopen would give a new file */
    std_out.fp = stdout;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < NSIGS; i++) {
        /* An interrupt the caller ignores (nohup, '&') stays ignored; a
         * closed pipe always ends the tool. */
        if (sigs[i] != SIGPIPE && sigaction(sigs[i], NULL, &old) == 0 &&
            old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
    atexit(drop_temps);
}

tool_output *
tool_output_std(void)
{
    return &std_out;
}

int
tool_output_option(tool_output **slot, int opt, const char *arg)
{
    tool_output *out;

    if (*slot != NULL && (*slot)->opt != 0) {
        tool_usage_error("option -%c given twice", opt);
        return -1;
    }
    if (nfiles == NOUT) {
        tool_usage_error("too many output files");
        return -1;
    }
    out = &files[nfiles++];
    memset(out, 0, sizeof *out);
    out->opt = opt;
    out->name = arg;
    *slot = out;
    return 0;
}

static int
is_std(const tool_output *o)
{
    return o->name == NULL || strcmp(o->name, "-") == 0;
}

/* "-o 'x.pdn'" or "standard output", for messages. */
static const char *
label(const tool_output *o, char *buf, size_t size)
{
    if (o->opt == 0)
        return "standard output";
    snprintf(buf, size, "-%c '%s'%s", o->opt, o->name,
             is_std(o) ? " (standard output)" : "");
    return buf;
}

/* Where a regular output goes: the real path of an existing file (so a
 * symbolic link stays and its file is replaced), else the real path of
 * its directory and its name. NULL after setting errno. */
static char *
resolve(const char *name)
{
    char *r = realpath(name, NULL), *copy, *slash, *dir, *base;

    if (r != NULL || errno != ENOENT)
        return r;
    copy = strdup(name);
    if (copy == NULL)
        return NULL;
    slash = strrchr(copy, '/');
    if (slash == NULL) {
        dir = realpath(".", NULL);
        base = copy;
    } else {
        *slash = '\0';
        dir = realpath(slash == copy ? "/" : copy, NULL);
        base = slash + 1;
    }
    if (dir != NULL && (r = malloc(strlen(dir) + strlen(base) + 2)) != NULL)
        sprintf(r, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, base);
    free(dir);
    free(copy);
    return r;
}

/* What one output is, for the checks. */
typedef struct out_id {
    tool_output *o;
    int exists;     /* stat succeeded and it is a regular file */
    int direct;     /* stdout, a device, a FIFO: written in place */
    struct stat st;
} out_id;

static int
same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

static int
same_output(const out_id *a, const out_id *b)
{
    if (a->exists && b->exists) /* regular files: stdout's too */
        return same_file(&a->st, &b->st);
    if (is_std(a->o) || is_std(b->o))
        return is_std(a->o) && is_std(b->o);
    return a->o->target != NULL && b->o->target != NULL &&
           strcmp(a->o->target, b->o->target) == 0;
}

/* Finds what output id is; 0, or -1 after reporting. */
static int
identify(out_id *id)
{
    tool_output *o = id->o;

    id->exists = id->direct = 0;
    if (is_std(o)) {
        id->direct = 1;
        id->exists = fstat(STDOUT_FILENO, &id->st) == 0 &&
                     S_ISREG(id->st.st_mode);
        return 0;
    }
    if (o->name[0] == '\0' || o->name[strlen(o->name) - 1] == '/') {
        tool_error("'%s': %s", o->name,
                   strerror(o->name[0] != '\0' ? EISDIR : ENOENT));
        return -1;
    }
    if (stat(o->name, &id->st) == 0) {
        id->exists = S_ISREG(id->st.st_mode);
        id->direct = !id->exists;
    }
    /* /dev/stdout and its kind are written in place, whatever they are:
     * renaming over what they lead to would not write to the descriptor */
    if (strncmp(o->name, "/dev/std", 8) == 0 ||
        strncmp(o->name, "/dev/fd/", 8) == 0 ||
        strncmp(o->name, "/proc/self/fd/", 14) == 0)
        id->direct = 1;
    if (!id->direct && (o->target = resolve(o->name)) == NULL) {
        tool_error("%s: %s", o->name, strerror(errno));
        return -1;
    }
    return 0;
}

/* Is output id one of the inputs? 0, or -1 after reporting. */
static int
check_inputs(const out_id *id, int argc, char **argv)
{
    char buf[PATH_MAX + 16];
    struct stat st;
    int i;

    if (!id->exists)
        return 0;
    for (i = 0; i < argc || (i == 0 && argc == 0); i++) {
        const char *in = argc == 0 ? "-" : argv[i];
        int std = strcmp(in, "-") == 0;

        if ((std ? fstat(STDIN_FILENO, &st) : stat(in, &st)) != 0 ||
            !same_file(&st, &id->st))
            continue;
        tool_error("output %s is the same file as input %s%s%s; nothing "
                   "written",
                   label(id->o, buf, sizeof buf), std ? "" : "'",
                   std ? "standard input" : in, std ? "" : "'");
        return -1;
    }
    return 0;
}

int
tool_temp_create(tool_temp *t, const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t d = slash != NULL ? (size_t)(slash - target) + 1 : 0;
    sigset_t old;
    int fd, e;

    t->path = tool_xmalloc(d + 32);
    memcpy(t->path, target, d);
    strcpy(t->path + d, ".pdntools.XXXXXX");
    block(1, &old);
    fd = mkstemp(t->path);
    e = errno;
    if (fd >= 0) {
        t->next = extra;
        extra = t;
    }
    block(0, &old);
    if (fd < 0) {
        free(t->path);
        t->path = NULL;
        errno = e;
        return -1;
    }
    fchmod(fd, new_mode);
    return fd;
}

void
tool_temp_forget(tool_temp *t)
{
    tool_temp *volatile *p;
    sigset_t old;

    block(1, &old);
    for (p = &extra; *p != NULL; p = &(*p)->next)
        if (*p == t) {
            *p = t->next;
            break;
        }
    block(0, &old);
    free(t->path);
    t->path = NULL;
}

void
tool_temps_forget(void)
{
    sigset_t old;

    block(1, &old);
    extra = NULL;
    block(0, &old);
}

/* Creates the temporary beside o's target, with the target's permission
 * bits (or a new file's). 0, or -1 after reporting. */
static int
open_temp(tool_output *o, size_t slot, const out_id *id)
{
    const char *t = o->target, *base = strrchr(t, '/') + 1;
    sigset_t old;
    int fd, e;

    o->tmp = tool_xmalloc(strlen(t) + 10);
    sprintf(o->tmp, "%.*s.%s.XXXXXX", (int)(base - t), t, base);
    block(1, &old);
    fd = mkstemp(o->tmp);
    e = errno;
    if (fd >= 0)
        live[slot] = o->tmp;
    block(0, &old);
    if (fd < 0) {
        tool_error("%s: cannot create a file beside it: %s", o->name,
                   strerror(e));
        free(o->tmp);
        o->tmp = NULL;
        return -1;
    }
    fchmod(fd, id->exists ? id->st.st_mode & 07777 : new_mode);
    if ((o->fp = fdopen(fd, "wb")) == NULL) {
        tool_error("%s: %s", o->name, strerror(errno));
        close(fd);
        return -1;
    }
    return 0;
}

/* The outputs of this run: the files, then stdout when it is main. */
static size_t
collect(out_id *ids, tool_output *main_out)
{
    size_t i, n = 0;

    for (i = 0; i < nfiles; i++)
        ids[n++].o = &files[i];
    if (main_out == &std_out)
        ids[n++].o = &std_out;
    return n;
}

/* An output that is not a regular file gets whole lines (tool_write):
 * unbuffered stdio under our own line-aligned buffer. */
static void
set_whole(tool_output *o)
{
    struct stat sb;

    if (o->fp == NULL || fstat(fileno(o->fp), &sb) != 0 ||
        S_ISREG(sb.st_mode) || setvbuf(o->fp, NULL, _IONBF, 0) != 0)
        return;
    o->whole = isatty(fileno(o->fp)) ? 2 : 1;
}

int
tool_outputs_open(tool_output *main_out, int argc, char **argv)
{
    char b1[PATH_MAX + 16], b2[PATH_MAX + 16];
    out_id ids[NOUT + 1];
    size_t i, j, n = collect(ids, main_out);

    for (i = 0; i < n; i++) {
        if (identify(&ids[i]) != 0 || check_inputs(&ids[i], argc, argv) != 0)
            return -1;
        for (j = 0; j < i; j++) {
            if (!same_output(&ids[i], &ids[j]))
                continue;
            tool_error("output %s is the same file as output %s; nothing "
                       "written",
                       label(ids[i].o, b1, sizeof b1),
                       label(ids[j].o, b2, sizeof b2));
            return -1;
        }
    }
    /* Every check passed: only now is anything opened. */
    for (i = 0; i < n; i++) {
        tool_output *o = ids[i].o;

        if (o == &std_out)
            continue;
        if (is_std(o)) {
            o->fp = stdout;
        } else if (ids[i].direct) {
            if ((o->fp = fopen(o->name, "wb")) == NULL) {
                tool_error("%s: %s", o->name, strerror(errno));
                return -1;
            }
        } else if (open_temp(o, (size_t)(o - files), &ids[i]) != 0) {
            return -1;
        }
    }
    for (i = 0; i < n; i++)
        set_whole(ids[i].o);
    return 0;
}

/* Records and reports (once) a write error of o. */
static void
failed(tool_output *o, int e)
{
    if (o->err == 0)
        o->err = e != 0 ? e : EIO;
    if (o->reported)
        return;
    o->reported = 1;
    if (!is_std(o))
        tool_error("%s: write error: %s", o->name, strerror(o->err));
    else
        tool_error("write error: %s", strerror(o->err));
}

/* Takes (F_WRLCK) or gives back (F_UNLCK) the record lock of a pipe, so
 * that of several pdntools writing into one pipe one writes at a time: a
 * write of more than PIPE_BUF bytes is not atomic, and the lock keeps the
 * others' lines out of it. Where the system has no such lock on a pipe
 * the writes go on unlocked. */
static void
pipe_lock(const tool_output *o, short type)
{
    struct flock fl;

    if (o->whole != 1)
        return;
    memset(&fl, 0, sizeof fl);
    fl.l_type = type;
    fl.l_whence = SEEK_SET;
    while (fcntl(fileno(o->fp), F_SETLKW, &fl) != 0 && errno == EINTR)
        continue;
}

/* One write of n bytes (stdio unbuffered: one write(2), repeated only
 * when the system writes less), under the pipe's lock unless a long line
 * holds it already. */
static int
put_now(tool_output *o, const char *s, size_t n)
{
    size_t done;
    int e;

    if (n == 0)
        return 0;
    if (!o->midline)
        pipe_lock(o, F_WRLCK);
    errno = 0;
    done = fwrite(s, 1, n, o->fp);
    e = errno;
    if (!o->midline)
        pipe_lock(o, F_UNLCK);
    if (done != n) {
        failed(o, e);
        return -1;
    }
    return 0;
}

/* The last newline of p[0..n), or NULL. */
static const char *
last_newline(const char *p, size_t n)
{
    while (n > 0)
        if (p[--n] == '\n')
            return p + n;
    return NULL;
}

/* Writes o's pending whole lines in batches of at most PIPE_BUF bytes,
 * while PIPE_BUF bytes are pending (on a terminal: every ended line; with
 * all set: everything). A line longer than PIPE_BUF is written as it
 * comes, in pieces, under the pipe's lock from its first piece to its
 * newline (so that another pdntools writing into the pipe does not cut
 * into it), and no byte is searched for a newline twice: memory and time
 * stay linear whatever the line's length. */
static int
put_lines(tool_output *o, int all)
{
    size_t at = 0;

    while (at < o->plen) {
        const char *p = o->pend + at, *nl;
        size_t left = o->plen - at, end;

        if (o->midline) {
            /* the rest of a long line: up to its newline, else what is
             * pending once that is PIPE_BUF bytes (the bytes searched
             * are not searched again) */
            nl = memchr(p + o->scanned, '\n', left - o->scanned);
            if (nl == NULL && !all && left < PIPE_BUF) {
                o->scanned = left;
                break;
            }
            end = nl != NULL ? (size_t)(nl - p) + 1 : left;
            if (put_now(o, p, end) < 0)
                return -1;
            at += end;
            o->scanned = 0;
            if (nl != NULL || all) {
                o->midline = 0;
                pipe_lock(o, F_UNLCK);
            }
            continue;
        }
        if (!all && o->whole != 2 && left < PIPE_BUF)
            break;
        nl = last_newline(p, left < PIPE_BUF ? left : PIPE_BUF);
        if (nl != NULL) {
            end = (size_t)(nl - p) + 1;
        } else if (left >= PIPE_BUF) {
            /* a long line: its first piece, the lock kept */
            pipe_lock(o, F_WRLCK);
            o->midline = 1;
            o->scanned = 0;
            continue;
        } else if (all) {
            end = left;
        } else {
            break; /* a terminal: the line is not ended yet */
        }
        if (put_now(o, p, end) < 0)
            return -1;
        at += end;
    }
    if (at > 0) { /* (pend is NULL while nothing was ever written) */
        memmove(o->pend, o->pend + at, o->plen - at);
        o->plen -= at;
    }
    return 0;
}

int
tool_write(tool_output *o, const char *s, size_t len)
{
    if (len == 0)
        return 0;
    if (o->err != 0)
        return -1;
    if (o->whole) {
        if (o->plen + len > o->pcap) {
            size_t cap = o->pcap ? o->pcap : 4 * PIPE_BUF;
            char *p;

            while (cap < o->plen + len)
                cap *= 2;
            if ((p = realloc(o->pend, cap)) == NULL) {
                failed(o, ENOMEM);
                return -1;
            }
            o->pend = p;
            o->pcap = cap;
        }
        memcpy(o->pend + o->plen, s, len);
        o->plen += len;
        if ((o->plen >= PIPE_BUF || o->whole == 2 || o->midline) &&
            put_lines(o, 0) < 0)
            return -1;
    } else if (put_now(o, s, len) < 0) {
        return -1;
    }
    o->len += len;
    o->last = s[len - 1];
    return 0;
}

int
tool_flush(tool_output *o)
{
    if (o->err != 0)
        return -1;
    if (o->whole && put_lines(o, 1) < 0)
        return -1;
    errno = 0;
    if (fflush(o->fp) != 0 || ferror(o->fp)) {
        failed(o, errno);
        return -1;
    }
    return 0;
}

/* Flushes and closes o (stdout stays open for std_out); 0 or -1. */
static int
close_one(tool_output *o)
{
    int rc;

    if (o->fp == NULL)
        return 0;
    if (o->end_line && o->len != 0 && o->last != '\n')
        tool_write(o, "\n", 1);
    rc = tool_flush(o);
    if (o->fp != stdout) {
        errno = 0;
        if (fclose(o->fp) != 0 && rc == 0) {
            failed(o, errno);
            rc = -1;
        }
        o->fp = NULL;
    }
    return rc;
}

int
tool_outputs_close(int status)
{
    sigset_t old;
    size_t i;

    for (i = 0; i < nfiles; i++)
        if (close_one(&files[i]) != 0)
            status = TOOL_TROUBLE;
    if (close_one(&std_out) != 0)
        status = TOOL_TROUBLE;
    errno = 0;
    if (fclose(stdout) != 0 && std_out.err == 0) {
        failed(&std_out, errno);
        status = TOOL_TROUBLE;
    }
    std_out.fp = NULL;
    /* A failed run leaves the old files as they were. */
    block(1, &old);
    for (i = 0; i < nfiles; i++) {
        tool_output *o = &files[i];

        if (o->tmp == NULL)
            continue;
        if (status == TOOL_TROUBLE) {
            unlink(o->tmp);
        } else if (rename(o->tmp, o->target) != 0) {
            tool_error("%s: %s", o->name, strerror(errno));
            unlink(o->tmp);
            status = TOOL_TROUBLE;
        }
        live[i] = NULL;
        free(o->tmp);
        o->tmp = NULL;
    }
    block(0, &old);
    return status;
}

/* ---- games copied byte for byte ---- */

long
tool_copy_head(tool_output *prev, const pdn_game *g)
{
    size_t len, i = 0;
    const char *raw = pdn_game_raw(g, &len);

    if (pdn_game_number(g) == 1)
        return 0;
    while (i < len && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\r'))
        i++;
    i = i < len && raw[i] == '\n' ? i + 1 : 0;
    if (prev != NULL && tool_write(prev, raw, i) < 0)
        return -1;
    return (long)i;
}

int
tool_copy_gap(tool_output *prev, const pdn_game *g)
{
    size_t len, i = 0;
    const char *raw = pdn_game_raw(g, &len);

    while (i < len && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\r' ||
                       raw[i] == '\n'))
        i++;
    return prev != NULL && tool_write(prev, raw, i) < 0 ? -1 : 0;
}

int
tool_end_line(tool_output *out)
{
    if (out == NULL || out->len == 0 || out->last == '\n')
        return 0;
    return tool_write(out, "\n", 1);
}

/* The input being read, when its bytes can be read again at the
 * reader's offsets: its descriptor and the offset of its first byte read;
 * -1 for a pipe, a terminal or gzip input (whose offsets are those of the
 * text). Set by the driver before a file's first game, read by the
 * workers (tool_input_rereadable) and the main thread. */
static int in_fd = -1;
static off_t in_base;

void
tool_input_set(FILE *fp)
{
    struct stat sb;
    unsigned char magic[2];
    int fd = fp != NULL ? fileno(fp) : -1;
    off_t at;

    in_fd = -1;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))
        return;
    /* stdin redirected from a file may start anywhere in it; nothing is
     * buffered yet, so the descriptor's offset is the first byte read */
    at = ftello(fp);
    if (at < 0)
        return;
    if (pread(fd, magic, 2, at) == 2 && magic[0] == 0x1F && magic[1] == 0x8B)
        return;
    in_fd = fd;
    in_base = at;
}

int
tool_input_rereadable(void)
{
    return in_fd >= 0;
}

int
tool_game_oversize(const pdn_game *g, size_t *span)
{
    size_t len = 0, off, whole = 0;

    if (g == NULL)
        return 0;
    pdn_game_raw(g, &len);
    pdn_game_raw_span(g, &off, &whole);
    if (span != NULL)
        *span = whole;
    return whole > len;
}

/* The bytes of g past its raw text, a chunk at a time, to put(ud) (the
 * workers call it too: pread leaves the descriptor's offset alone). */
static int
read_rest(const char *file, const pdn_game *g,
          int (*put)(void *ud, const char *s, size_t n), void *ud)
{
    size_t len, off, span, n, want;
    char buf[65536];
    ssize_t got;

    if (g == NULL || !tool_game_oversize(g, &span))
        return 0;
    pdn_game_raw(g, &len);
    pdn_game_raw_span(g, &off, &span);
    if (in_fd < 0) { /* the driver leaves such a game out before */
        tool_error("%s: game %lu (%zu bytes) is over the size limit and "
                   "the input cannot be read again",
                   file, pdn_game_number(g), span);
        return -1;
    }
    for (off += len, want = span - len; want > 0; want -= n, off += n) {
        n = want < sizeof buf ? want : sizeof buf;
        got = pread(in_fd, buf, n, in_base + (off_t)off);
        if (got <= 0) {
            tool_error("%s: game %lu: %s", file, pdn_game_number(g),
                       got < 0 ? strerror(errno)
                               : "input shorter than when read");
            return -1;
        }
        n = (size_t)got;
        if (put(ud, buf, n) < 0)
            return -1;
    }
    return 0;
}

static int
put_out(void *ud, const char *s, size_t n)
{
    return tool_write(ud, s, n);
}

static int
put_tbuf(void *ud, const char *s, size_t n)
{
    tbuf_add(ud, s, n);
    return 0;
}

int
tool_copy_rest(tool_output *out, const char *file, const pdn_game *g)
{
    return read_rest(file, g, put_out, out);
}

int
tool_read_rest(const char *file, const pdn_game *g, tbuf *t)
{
    return read_rest(file, g, put_tbuf, t);
}

int
tool_copy_body(tool_output *out, const char *file, const pdn_game *g,
               size_t head)
{
    size_t len;
    const char *raw = pdn_game_raw(g, &len);

    if (tool_write(out, raw + head, len - head) < 0)
        return -1;
    return tool_copy_rest(out, file, g);
}
