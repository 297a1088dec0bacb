/* SPDX-License-Identifier: MIT */
/* pdn-select's byte-for-byte routing of games (selectout.h) and the -i
 * files: made on first use (never an input), kept open up to a limit,
 * closed and reopened for appending when more are needed. */
#include <config.h>
#include "selectout.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHARD_FIELD "%{shard}"

/* -i files open at once, at most (an archive may hold thousands of
 * events, far more than a process may open). */
#define SPLIT_OPEN_MAX 64
#define SPLIT_BUCKETS 4096

typedef struct selout_file {
    tool_output out;         /* fp NULL while closed */
    char *path;              /* the name it gets at the end */
    tool_temp tmp;           /* written until then: a temporary beside it */
    unsigned long shard;     /* its number, 0: a file of %{TAG} */
    struct selout_file *next;
} selout_file;

int
selout_option(selout_opts *v, selout *r, int c, const char *arg)
{
    long n;

    switch (c) {
    case 'H':
    case 'J':
        v->dedupe = 1;
        v->fragments |= c == 'J';
        return 1;
    case 'k':
        v->count_only = 1;
        return 1;
    case 'I':
        if (tool_number_option(c, arg, 1, 2147483647L, NULL, &n) < 0)
            return -1;
        v->max = (unsigned long)n;
        return 1;
    case 'x':
        return tool_output_option(&v->bad, c, arg) < 0 ? -1 : 1;
    case 'i':
        return selout_split_option(r, arg) < 0 ? -1 : 1;
    default:
        return 0;
    }
}

int
selout_split_option(selout *r, const char *tmpl)
{
    const char *a = strstr(tmpl, "%{"), *z = a ? strchr(a, '}') : NULL;

    if (r->split != NULL) {
        tool_usage_error("option -i given twice");
        return -1;
    }
    if (a == NULL || z == NULL || z == a + 2) {
        tool_usage_error("-i: '%s' names no tag: write %%{TAG} where its "
                         "value goes (out/%%{Event}.pdn)", tmpl);
        return -1;
    }
    r->split = tmpl;
    return 0;
}

int
selout_shard_option(selout *r, int opt, const char *arg)
{
    long v;

    if (r->shard_games != 0 || r->shard_bytes != 0) {
        tool_usage_error("--shard-games and --shard-bytes: one of them, "
                         "once");
        return -1;
    }
    if (tool_number_option(opt, arg, 1, 2147483647L, NULL, &v) != 0)
        return -1;
    if (opt == SELECT_OPT_SHARD_GAMES)
        r->shard_games = (unsigned long)v;
    else
        r->shard_bytes = (unsigned long long)v;
    return 0;
}

int
selout_check(const selout *r)
{
    int sharding = r->shard_games != 0 || r->shard_bytes != 0;
    int field = r->split != NULL && strstr(r->split, SHARD_FIELD) != NULL;

    if (sharding && !field) {
        tool_usage_error("--shard-games and --shard-bytes write the shards "
                         "to the files of -i TEMPLATE: %s in it stands for "
                         "the shard's number (-i part-%s.pdn)", SHARD_FIELD,
                         SHARD_FIELD);
        return -1;
    }
    if (field && !sharding) {
        tool_usage_error("-i: %s is the shard's number: give --shard-games "
                         "N or --shard-bytes N", SHARD_FIELD);
        return -1;
    }
    return 0;
}

int
selout_conflicts(const selout_opts *v, const selout *r, const tool_opts *o,
                 int json)
{
    if (v->count_only && (o->out != tool_output_std() || json ||
                          r->split != NULL)) {
        tool_usage_error("-k prints one number on standard output: not with "
                         "-o, -f json or -i");
        return -1;
    }
    if (r->split != NULL && (json || o->out != tool_output_std())) {
        tool_usage_error("-i writes the games to the files it names: not "
                         "with -o or -f json");
        return -1;
    }
    return selout_check(r);
}

void
selout_init(selout *r, const tool_opts *o, tool_output *main,
            tool_output *bad, int argc, char **argv)
{
    r->o = o;
    r->main = main;
    r->bad = bad;
    if (main != NULL)
        main->end_line = 1;
    r->inputs = argv;
    r->ninputs = argc;
    if (r->split != NULL)
        r->files = calloc(SPLIT_BUCKETS, sizeof *r->files);
}

/* ---- the -i files ---- */

/* The file name for g: the template with the tag's value, which keeps
 * its bytes but for those a name cannot hold or that would make two
 * values one name: '/', '%', control bytes, bytes that are not UTF-8, a
 * leading '.', and \ : * ? " < > | (refused by some file systems), each
 * written %XX. A game without the tag, or with an empty value, goes to
 * "%none", which no value gives (a '%' of a value is %25). */
static char *
split_name(const char *tmpl, const pdn_game *g)
{
    const char *a = strstr(tmpl, "%{"), *z = strchr(a, '}');
    const unsigned char *v;
    char tag[64];
    tbuf b = {NULL, 0, 0};
    size_t n = (size_t)(z - a - 2), i, k;

    if (n >= sizeof tag)
        n = sizeof tag - 1;
    memcpy(tag, a + 2, n);
    tag[n] = '\0';
    v = (const unsigned char *)pdn_game_tag(g, tag);
    tbuf_add(&b, tmpl, (size_t)(a - tmpl));
    if (v == NULL || v[0] == '\0')
        tbuf_adds(&b, "%none");
    for (i = 0; v != NULL && v[i] != '\0'; i += k) {
        k = v[i] >= 0x80 ? tool_utf8_len(v + i) : 1;
        if (k > 1) {
            tbuf_add(&b, (const char *)v + i, k);
            continue;
        }
        k = 1;
        if (v[i] < 0x20 || v[i] >= 0x7f || strchr("/%\\:*?\"<>|", v[i]) ||
            (v[i] == '.' && i == 0))
            tbuf_printf(&b, "%%%02X", v[i]);
        else
            tbuf_addc(&b, (char)v[i]);
    }
    tbuf_adds(&b, z + 1);
    return b.data;
}

static unsigned long
hash_name(const char *s)
{
    unsigned long h = 5381;

    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h % SPLIT_BUCKETS;
}

/* 1 when path is one of the inputs or the -x file (the same file, by
 * device and inode, or the same name). */
static int
is_taken(const selout *r, const char *path)
{
    struct stat a, b;
    int i;

    if (r->bad != NULL && r->bad->name != NULL &&
        (strcmp(r->bad->name, path) == 0 ||
         (r->bad->target != NULL && strcmp(r->bad->target, path) == 0)))
        return 1;
    if (stat(path, &a) != 0)
        return 0;
    if (r->bad != NULL && r->bad->target != NULL &&
        stat(r->bad->target, &b) == 0 && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino)
        return 1;
    for (i = 0; i < r->ninputs; i++)
        if (strcmp(r->inputs[i], "-") != 0 && stat(r->inputs[i], &b) == 0 &&
            a.st_dev == b.st_dev && a.st_ino == b.st_ino)
            return 1;
    return 0;
}

/* Closes open files until there is room for one more. */
static int
make_room(selout *r)
{
    size_t k;
    selout_file *f;

    for (k = 0; k < SPLIT_BUCKETS && r->open >= SPLIT_OPEN_MAX; k++)
        for (f = r->files[k]; f != NULL; f = f->next)
            if (f->out.fp != NULL && f != (selout_file *)r->prev) {
                if (fclose(f->out.fp) != 0 && f->out.err == 0)
                    f->out.err = errno;
                f->out.fp = NULL;
                r->open--;
            }
    return 0;
}

/* The name of shard number n: the template with n in width digits
 * (0001, 0002, ...). */
static char *
shard_name(const char *tmpl, unsigned long n, int width)
{
    const char *a = strstr(tmpl, SHARD_FIELD);
    tbuf b = {NULL, 0, 0};
    char num[32];

    snprintf(num, sizeof num, "%0*lu", width, n);
    tbuf_add(&b, tmpl, (size_t)(a - tmpl));
    tbuf_adds(&b, num);
    tbuf_adds(&b, a + strlen(SHARD_FIELD));
    return b.data;
}

/* A name's last part longer than a directory entry may be. */
static int
too_long(const char *path)
{
    const char *slash = strrchr(path, '/');

    return strlen(slash != NULL ? slash + 1 : path) > NAME_MAX;
}

/* The -i file named path (taken over), made on first use: a temporary
 * until selout_end names it. */
static tool_output *
named_file(selout *r, char *path, unsigned long shard)
{
    int fd;

    unsigned long k = hash_name(path);
    selout_file *f;

    for (f = r->files[k]; f != NULL && strcmp(f->path, path) != 0;
         f = f->next)
        ;
    if (f == NULL) {
        if (is_taken(r, path) || too_long(path)) {
            tool_error("%s: %s (-i)", path,
                       too_long(path) ? strerror(ENAMETOOLONG)
                                      : "is an input or the -x file: not "
                                        "written over");
            free(path);
            return NULL;
        }
        f = tool_xmalloc(sizeof *f);
        memset(f, 0, sizeof *f);
        f->path = path;
        f->shard = shard;
        f->out.opt = 'i';
        f->out.name = path;
        f->out.end_line = r->shard_games == 0 && r->shard_bytes == 0;
        f->next = r->files[k];
        r->files[k] = f;
        r->nfiles++;
    } else {
        free(path);
    }
    if (f->out.fp == NULL) {
        make_room(r);
        if (f->tmp.path == NULL) {
            fd = tool_temp_create(&f->tmp, f->path);
            f->out.fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
        } else {
            f->out.fp = fopen(f->tmp.path, "ab");
        }
        if (f->out.fp == NULL) {
            tool_error("%s: %s", f->path, strerror(errno));
            return NULL;
        }
        r->open++;
    }
    return &f->out;
}

static tool_output *
split_file(selout *r, const pdn_game *g)
{
    return named_file(r, split_name(r->split, g), 0);
}

tool_output *
selout_split_file(selout *r, const pdn_game *g)
{
    tool_output *out = r->failed ? NULL : split_file(r, g);

    if (out == NULL)
        r->failed = 1;
    return out;
}

/* The shard g goes to: the current one, or the next when g starts an
 * input (a shard holds games of one input) or the current one is full:
 * it holds N games (--shard-games), or g would take it past N bytes
 * (--shard-bytes; a game larger than N fills a shard alone). bytes is
 * what g adds. */
static tool_output *
shard_file(selout *r, const pdn_game *g, unsigned long long bytes)
{
    tool_output *out = r->shard_out;

    if (out == NULL || pdn_game_number(g) == 1 ||
        (r->shard_games != 0 && r->shard_n >= r->shard_games) ||
        (r->shard_bytes != 0 && r->shard_n > 0 &&
         out->len + bytes > r->shard_bytes)) {
        r->shard++;
        r->shard_n = 0;
        r->shard_out = out = named_file(r, shard_name(r->split, r->shard, 4),
                                        r->shard);
        if (out == NULL)
            return NULL;
    }
    r->shard_n++;
    return out;
}

int
selout_gap(selout *r, const pdn_game *g)
{
    if (r->failed)
        return -1;
    if (pdn_game_number(g) == 1) {
        if (r->shard_games == 0 && r->shard_bytes == 0 &&
            tool_end_line(r->prev) < 0)
            return -1;
        r->prev = NULL;
    }
    return tool_copy_gap(r->prev, g);
}

int
selout_game(selout *r, const char *file, const pdn_game *g,
            tool_output *dest)
{
    size_t off, span;
    long head;
    int sharding = r->shard_games != 0 || r->shard_bytes != 0;

    if (r->failed)
        return -1;
    if (pdn_game_number(g) == 1) {
        /* a new input: the last one may not have ended its line (shards
         * stay byte for byte) */
        if (!sharding && tool_end_line(r->prev) < 0)
            return -1;
        r->prev = NULL;
    }
    head = tool_copy_head(r->prev, g);
    if (head < 0)
        return -1;
    if (dest != NULL && dest == r->main && r->split != NULL) {
        size_t h = (size_t)head;
        pdn_game_raw_span(g, &off, &span);
        /* what g adds to a shard: its bytes, and the end of its last
         * line, which comes with the next game (taken to be as long as
         * the end of the line before g) */
        dest = sharding ? shard_file(r, g, (span > h ? span - h : 0) +
                                               (h > 0 ? h : 1))
                        : split_file(r, g);
        if (dest == NULL) {
            r->failed = 1;
            return -1;
        }
    }
    if (dest != NULL && dest != r->prev && !sharding &&
        tool_end_line(dest) < 0)
        return -1;
    r->prev = dest;
    if (dest == NULL)
        return 0;
    return tool_copy_body(dest, file, g, (size_t)head);
}

/* Closes f; 0, or -1 after reporting its first write error. */
static int
close_file(selout_file *f)
{
    if (f->out.fp == NULL && f->out.err == 0 && f->out.end_line &&
        f->out.len != 0 && f->out.last != '\n')
        f->out.fp = fopen(f->tmp.path, "ab");
    if (f->out.fp != NULL) {
        if (f->out.end_line)
            tool_end_line(&f->out);
        if (fclose(f->out.fp) != 0 && f->out.err == 0)
            f->out.err = errno;
        f->out.fp = NULL;
    }
    if (f->out.err != 0 && !f->out.reported) {
        tool_error("%s: %s", f->path, strerror(f->out.err));
        return -1;
    }
    return f->out.err != 0 ? -1 : 0;
}

/* The name f gets: shards numbered in width digits. 0, or -1 after
 * reporting a name that cannot be written. */
static int
final_name(selout *r, selout_file *f, int width)
{
    struct stat sb;

    if (f->shard != 0) {
        free(f->path);
        f->path = shard_name(r->split, f->shard, width);
        f->out.name = f->path;
    }
    if (is_taken(r, f->path) || too_long(f->path) ||
        (stat(f->path, &sb) == 0 && S_ISDIR(sb.st_mode))) {
        tool_error("%s: %s (-i)", f->path,
                   too_long(f->path) ? strerror(ENAMETOOLONG)
                   : is_taken(r, f->path)
                       ? "is an input or the -x file: not written over"
                       : strerror(EISDIR));
        return -1;
    }
    return 0;
}

/* Every file is written to a temporary; at the end, when the run went
 * well and every name can take its file, each is renamed to its name
 * (shard numbers in as many digits as the last needs, four at least, so
 * that the names sort); else none is, and nothing is written. */
int
selout_end(selout *r, int status)
{
    size_t k;
    selout_file *f, *next;
    int width = 4, ok;
    unsigned long n;

    ok = status < TOOL_TROUBLE && !r->failed;
    for (n = r->shard; n >= 10000; n /= 10)
        width++;
    for (k = 0; r->files != NULL && k < SPLIT_BUCKETS; k++)
        for (f = r->files[k]; f != NULL; f = f->next)
            if (close_file(f) != 0)
                ok = 0;
    for (k = 0; ok && r->files != NULL && k < SPLIT_BUCKETS; k++)
        for (f = r->files[k]; ok && f != NULL; f = f->next)
            if (final_name(r, f, width) != 0)
                ok = 0;
    for (k = 0; r->files != NULL && k < SPLIT_BUCKETS; k++)
        for (f = r->files[k]; f != NULL; f = f->next) {
            if (f->tmp.path != NULL && ok && rename(f->tmp.path, f->path) != 0) {
                tool_error("%s: %s", f->path, strerror(errno));
                status = TOOL_TROUBLE;
            }
            if (f->tmp.path != NULL && !ok)
                unlink(f->tmp.path);
        }
    /* the signal handler reads the list: forgotten before it is freed */
    tool_temps_forget();
    for (k = 0; r->files != NULL && k < SPLIT_BUCKETS; k++)
        for (f = r->files[k]; f != NULL; f = next) {
            next = f->next;
            free(f->tmp.path);
            free(f->path);
            free(f);
        }
    if (r->nfiles != 0 && !ok)
        tool_error("-i: none of the %lu files written", (unsigned long)r->nfiles);
    free(r->files);
    r->files = NULL;
    if (!ok)
        status = TOOL_TROUBLE;
    return status;
}
