/* SPDX-License-Identifier: MIT */
/* Option parsing of every tool over the C library's getopt: getopt_long
 * (long names, unambiguous abbreviations) where configure found it, the
 * short options alone otherwise. Built from the tool's table and the
 * common one, so that adding an option is one line in a table. */
#include <config.h>
#include "cmdline.h"
#include "common.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(HAVE_GETOPT_LONG) && defined(HAVE_GETOPT_H) && \
    !defined(TOOL_SHORT_OPTIONS_ONLY)
#include <getopt.h>
#define TOOL_LONG_OPTIONS 1
#endif

const tool_option tool_common_options[] = {
    {"gametype", 'g', "GAMETYPE",
     "game type of games without a GameType tag\n"
     "(number, full GameType or name; without it\n"
     "the variant the game fits is taken)"},
    {"output", 'o', "FILE", "write the output to FILE (- for standard "
                            "output)"},
    {"quiet", 'q', NULL, "print errors only (no warnings or notes)"},
    {"werror", 'W', NULL, "count warnings as problems (exit status 1)"},
    {"jobs", 'j', "N", "process games with N threads (0: one per core)"},
    {"force-gametype", 'G', "GAMETYPE",
     "game type of every game, over its GameType tag"},
    {"adapt", 'A', NULL, "a game illegal under its GameType tag but legal\n"
                         "under another variant or numbering: use that"},
    {"every-warning", 'E', NULL, "show every repeated warning (not folded)"},
    {"games", 0x80, "RANGE", "only games FIRST-LAST of each input (7, 5-9,\n"
                            "100-: to the end, or a list: 1,5,9-12); the\n"
                            "others are read, not checked"},
    {"label", 0x81, "NAME", "call standard input NAME in reports"},
    {"max-game-size", 0x85, "BYTES", "the longest game read whole (default 1M;\n"
                                    "suffixes K, M, G); a longer one is a\n"
                                    "limit error, and copied whole from a file"},
    {"summary", 0x82, "FORMAT", "closing summary: text (standard error, the\n"
                               "default), json (the last record), none"},
    {"progress", 0x83, NULL, "show a progress line on standard error"},
    {"no-progress", 0x84, NULL, "no progress line (the default when standard\n"
                               "error is not a terminal)"},
    {"help", 'h', NULL, "display this help and exit"},
    {"version", 'V', NULL, "output version information and exit"},
    {NULL, 0, NULL, NULL}};

/* Help column where option texts start. */
#define HELP_COL 30
/* Options of one tool at most. */
#define MAX_OPTS 64

/* The options a tool takes, in --help order, and getopt's forms of them. */
typedef struct cl_set {
    const tool_option *opt[MAX_OPTS];
    int n;
    char shorts[2 * MAX_OPTS + 2];
#ifdef TOOL_LONG_OPTIONS
    struct option longs[MAX_OPTS + 1];
#endif
} cl_set;

static void
cl_add(cl_set *s, const tool_option *t)
{
    size_t k = strlen(s->shorts);

    if (t->help == NULL || s->n == MAX_OPTS)
        return;
#ifndef TOOL_LONG_OPTIONS
    if (t->letter >= TOOL_LONG_ONLY)
        return; /* no way to name it without getopt_long */
#endif
    if (t->letter < TOOL_LONG_ONLY) {
        s->shorts[k++] = (char)t->letter;
        if (t->arg != NULL)
            s->shorts[k++] = ':';
        s->shorts[k] = '\0';
    }
#ifdef TOOL_LONG_OPTIONS
    s->longs[s->n].name = t->name;
    s->longs[s->n].has_arg = t->arg != NULL ? required_argument : no_argument;
    s->longs[s->n].flag = NULL;
    s->longs[s->n].val = t->letter;
#endif
    s->opt[s->n++] = t;
}

/* The tool's options, then the common ones it takes, then -h and -V. */
static void
cl_build(const tool_cmdline *cl, cl_set *s)
{
    const tool_option *t;

    memset(s, 0, sizeof *s);
    s->shorts[0] = ':';
    for (t = cl->own; t->name != NULL; t++)
        cl_add(s, t);
    for (t = tool_common_options; t->name != NULL; t++)
        if (t->letter > 0 && t->letter < 0x100 &&
            (strchr(cl->common, t->letter) != NULL ||
             strchr("hV", t->letter) != NULL))
            cl_add(s, t);
}

/* The options of the running tool (built by its first tool_getopt call),
 * for the messages that name an option. */
static cl_set cl_cur;
static const tool_cmdline *cl_built;

/* How a message names option opt: "-x", or "--name" for a long-only one. */
static const char *
cl_label(int opt)
{
    static char buf[64];
    int i;

    if (opt < TOOL_LONG_ONLY) {
        snprintf(buf, sizeof buf, "-%c", opt);
        return buf;
    }
    for (i = 0; i < cl_cur.n; i++)
        if (cl_cur.opt[i]->letter == opt) {
            snprintf(buf, sizeof buf, "--%s", cl_cur.opt[i]->name);
            return buf;
        }
    return "an option";
}

static const tool_option *
cl_find(const cl_set *s, int letter)
{
    int i;

    for (i = 0; i < s->n; i++)
        if (s->opt[i]->letter == letter)
            return s->opt[i];
    return NULL;
}

void
tool_usage(const tool_cmdline *cl, FILE *out)
{
    cl_set s;
    int i;

    cl_build(cl, &s);
    fprintf(out, "Usage: %s %s\n%s\n", tool_name, cl->synopsis, cl->purpose);
    for (i = 0; i < s.n; i++) {
        const tool_option *t = s.opt[i];
        const char *h = t->help, *nl;
        int col;

#ifdef TOOL_LONG_OPTIONS
        if (t->letter >= TOOL_LONG_ONLY)
            col = fprintf(out, "      --%s%s%s", t->name, t->arg ? " " : "",
                          t->arg ? t->arg : "");
        else
            col = fprintf(out, "  -%c, --%s%s%s", t->letter, t->name,
                          t->arg ? " " : "", t->arg ? t->arg : "");
#else
        col = fprintf(out, "  -%c%s%s", t->letter, t->arg ? " " : "",
                      t->arg ? t->arg : "");
#endif
        for (;; h = nl + 1, col = 0) {
            nl = strchr(h, '\n');
            if (col >= HELP_COL - 1)
                fputc('\n', out), col = 0;
            fprintf(out, "%*s%.*s\n", HELP_COL - col, "",
                    nl ? (int)(nl - h) : (int)strlen(h), h);
            if (nl == NULL)
                break;
        }
    }
    if (cl->tail != NULL) {
        fputs(cl->tail, out);
        return;
    }
    fprintf(out, "\nWith no FILE, or when FILE is -, read standard input.\n"
                 "\nExit status:\n  0  no problem found\n  1  %s\n"
                 "  2  usage error or system trouble (input/output, "
                 "memory)\n",
            cl->problems);
}

void
tool_version(void)
{
    printf("%s (%s) %s\n", tool_name, PACKAGE_NAME, PACKAGE_VERSION);
    printf("libpdn %s\n", pdn_version());
    printf("Copyright (C) 2026 the pdntools authors.\n");
    printf("License MIT: <https://opensource.org/licenses/MIT>.\n"
           "This is free software: you are free to change and redistribute "
           "it.\nThere is NO WARRANTY, to the extent permitted by law.\n");
}

int
tool_usage_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tool_verror(fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try '%s --help' for more information.\n", tool_name);
    return TOOL_TROUBLE;
}

/* The option word getopt stopped at: the long option's name (up to '='),
 * or NULL when it was a short one. */
static const char *
long_word(int argc, char **argv, size_t *len)
{
    const char *a = optind > 0 && optind <= argc ? argv[optind - 1] : NULL;

    if (a == NULL || strncmp(a, "--", 2) != 0)
        return NULL;
    *len = strcspn(a + 2, "=");
    return a + 2;
}

/* Reports getopt's ':' or '?', naming the option and, for an ambiguous
 * abbreviation, what it could mean. */
static int
cl_error(const cl_set *s, int c, int argc, char **argv)
{
    const tool_option *t = optopt ? cl_find(s, optopt) : NULL;
    size_t len = 0;
    const char *w = long_word(argc, argv, &len);
    char list[512] = "";
    int i, hits = 0;

    if (w != NULL && t != NULL && t->letter >= TOOL_LONG_ONLY)
        return tool_usage_error("option '--%s' %s", t->name,
                                c == ':' ? "requires an argument"
                                         : "takes no argument");
    if (w != NULL && t != NULL && c == ':')
        return tool_usage_error("option '--%s' (-%c) requires an argument",
                                t->name, t->letter);
    if (w != NULL && t != NULL)
        return tool_usage_error("option '--%s' (-%c) takes no argument",
                                t->name, t->letter);
    if (c == ':')
        return tool_usage_error("option requires an argument -- '%c'",
                                optopt);
#ifndef TOOL_LONG_OPTIONS
    if (optopt == '-')
        return tool_usage_error("invalid option -- '-' (this build takes "
                                "the short options alone)");
#endif
    if (w == NULL)
        return tool_usage_error("invalid option -- '%c'", optopt);
    for (i = 0; i < s->n; i++)
        if (strncmp(s->opt[i]->name, w, len) == 0 && len > 0) {
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s--%s",
                     hits++ ? ", " : "", s->opt[i]->name);
        }
    if (hits > 1)
        return tool_usage_error("option '--%.*s' is ambiguous; possibilities: "
                                "%s", (int)len, w, list);
    return tool_usage_error("unrecognized option '--%.*s'", (int)len, w);
}

static int
cl_next(const cl_set *s, int argc, char **argv)
{
#ifdef TOOL_LONG_OPTIONS
    return getopt_long(argc, argv, s->shorts, s->longs, NULL);
#else
    (void)s;
    return getopt(argc, argv, s->shorts);
#endif
}

/* The first pass: --help or --version anywhere before "--" (a usage error
 * elsewhere does not hide them). Returns -1, or the status to exit with. */
static int
cl_help_pass(const tool_cmdline *cl, const cl_set *s, int argc, char **argv)
{
    int c, want = 0;

#ifndef TOOL_LONG_OPTIONS
    int i;

    /* the short-only parser does not know the long forms */
    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (want == 0 && (strcmp(argv[i], "--help") == 0 ||
                          strcmp(argv[i], "--version") == 0))
            want = argv[i][2];
#endif
    while (want == 0 && (c = cl_next(s, argc, argv)) != -1)
        if (c == 'h' || c == 'V')
            want = c == 'h' ? 'h' : 'v';
#ifdef TOOL_LONG_OPTIONS
    optind = 0; /* glibc, musl and the BSDs start over */
#else
    optind = 1;
#endif
    if (want == 0)
        return -1;
    if (want == 'h')
        tool_usage(cl, stdout);
    else
        tool_version();
    return tool_finish(NULL, TOOL_OK);
}

/* At exit, when the outputs were not closed through tool_finish (output.c
 * closes standard output then, reporting a write error): standard output
 * flushed and checked, so that no tool ends silently with its output
 * lost (pdn-db info > /dev/full). Registered before output.c's own exit
 * handler, hence run after it (its temporaries are gone by then). */
static void
check_stdout(void)
{
    int e;

    if (tool_output_std()->fp != stdout)
        return; /* closed, and any error reported, by output.c */
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return;
    e = errno != 0 ? errno : EIO;
    tool_error("write error: %s", strerror(e));
    _exit(TOOL_TROUBLE);
}

int
tool_getopt(const tool_cmdline *cl, tool_opts *o, int argc, char **argv,
            int *status)
{
    cl_set *s = &cl_cur;
    int c, st;

    *status = -1;
    opterr = 0;
    if (cl_built != cl) {
        static int checked;

        if (!checked && atexit(check_stdout) == 0)
            checked = 1;
        cl_built = cl;
        tool_output_init();
        cl_build(cl, s);
        if ((*status = cl_help_pass(cl, s, argc, argv)) >= 0)
            return -1;
    }
    while ((c = cl_next(s, argc, argv)) != -1) {
        if (c == ':' || c == '?') {
            *status = cl_error(s, c, argc, argv);
            return -1;
        }
        if (o == NULL || c <= 0 || c >= 0x100 ||
            strchr(cl->common, c) == NULL)
            return c;
        if ((st = tool_common_option(o, c, optarg)) < 0) {
            *status = TOOL_TROUBLE;
            return -1;
        }
    }
    return -1;
}

void
tool_opts_init(tool_opts *o)
{
    memset(o, 0, sizeof *o);
    o->out = tool_output_std();
}

/* An option of one value given twice on the command line (arg is getopt's
 * optarg) with another value: a usage error, as -o twice is; the same
 * value again is harmless. Values given otherwise (pdn-db serve's query
 * parameters) are not checked. Returns 0, or -1 after the error. */
static int
cl_once(int opt, const char *arg)
{
    static const char *seen[0x100];

    if (arg != optarg || opt <= 0 || opt >= 0x100)
        return 0;
    if (seen[opt] != NULL && strcmp(seen[opt], arg) != 0) {
        tool_usage_error("option %s given twice ('%s', then '%s')",
                         cl_label(opt), seen[opt], arg);
        return -1;
    }
    seen[opt] = arg;
    return 0;
}

int
tool_choice(int opt, const char *arg, const char *const *names)
{
    char list[256] = "";
    int i;

    if (cl_once(opt, arg) != 0)
        return -1;
    for (i = 0; names[i] != NULL; i++) {
        if (strcmp(arg, names[i]) == 0)
            return i;
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i ? ", " : "", names[i]);
    }
    tool_usage_error("%s: invalid value '%s'; valid values: %s", cl_label(opt),
                     arg, list);
    return -1;
}

int
tool_gametype_option(int opt, const char *arg, pdn_gametype *gt)
{
    char list[1024] = "";
    pdn_gametype t;
    int n;

    if (cl_once(opt, arg) != 0)
        return -1;
    if (pdn_gametype_by_name(arg, gt) == 0)
        return 0;
    for (n = 0; n < 100; n++) {
        if (pdn_gametype_standard(n, &t) != 0)
            continue;
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 list[0] ? ", " : "", pdn_gametype_name(&t));
    }
    /* the folk variants (man/pdn-rules.7) */
    for (n = PDN_FOLK_NONE + 1; n < PDN_FOLK_COUNT; n++) {
        pdn_gametype u;
        t.folk = n;
        /* those with a number of their own (96, 97) are listed above */
        if (pdn_gametype_by_name(pdn_gametype_name(&t), &u) == 0 &&
            u.type != u.rules)
            continue;
        snprintf(list + strlen(list), sizeof list - strlen(list), ", %s",
                 pdn_gametype_name(&t));
    }
    tool_usage_error("%s: unknown game type '%s'; valid names: %s (or a "
                     "GameType number or string such as 20,W,10,10,N2,0)",
                     cl_label(opt), arg, list);
    return -1;
}

int
tool_number_option(int opt, const char *arg, long min, long max,
                   const char *what, long *v)
{
    char *end;

    if (cl_once(opt, arg) != 0)
        return -1;
    *v = strtol(arg, &end, 10);
    if (*arg != '\0' && *end == '\0' && *v >= min && *v <= max)
        return 0;
    if (what != NULL)
        tool_usage_error("%s: invalid number '%s'; expected %s", cl_label(opt),
                         arg, what);
    else
        tool_usage_error("%s: invalid number '%s'; expected %ld-%ld",
                         cl_label(opt), arg, min, max);
    return -1;
}

int
tool_real_option(const char *name, const char *arg, double min, double max,
                 double *v)
{
    char *end;
    double d = strtod(arg, &end);

    if (end != arg && *end == '\0' && d >= min && d <= max) {
        *v = d;
        return 0;
    }
    if (max < 1e9)
        tool_usage_error("--%s: expected a number from %g to %g, not '%s'",
                         name, min, max, arg);
    else
        tool_usage_error("--%s: expected a number of at least %g, not '%s'",
                         name, min, arg);
    return -1;
}

/* One range "N", "A-B", "A-" or "-B" of numbers from min, from s up to
 * end, into *first and *last (ULONG_MAX: an open end): 0, or -1. */
static int
one_range(const char *s, const char *end, unsigned long min,
          unsigned long *first, unsigned long *last)
{
    unsigned long a = min, b = ULONG_MAX;
    const char *dash = memchr(s, '-', (size_t)(end - s));
    int ok = 1;
    char *e;

    if (dash == NULL) {
        a = b = strtoul(s, &e, 10);
        ok = *s >= '0' && *s <= '9' && e == end;
    } else {
        if (dash != s) {
            a = strtoul(s, &e, 10);
            ok = *s >= '0' && *s <= '9' && e == dash;
        }
        if (dash + 1 != end) {
            b = strtoul(dash + 1, &e, 10);
            ok = ok && dash[1] >= '0' && dash[1] <= '9' && e == end;
        }
    }
    *first = a;
    *last = b;
    return ok && a >= min && b >= a && b >= min ? 0 : -1;
}

int
tool_range_list(const char *arg, unsigned long min, unsigned long **pairs,
                size_t *n)
{
    const char *s = arg, *end;
    unsigned long a, b, *r = NULL;
    size_t k = 0;

    for (;; s = end + 1) {
        end = s + strcspn(s, ",");
        if (one_range(s, end, min, &a, &b) != 0) {
            free(r);
            return -1;
        }
        r = realloc(r, (k + 1) * 2 * sizeof *r);
        if (r == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
        r[2 * k] = a;
        r[2 * k + 1] = b;
        k++;
        if (*end == '\0')
            break;
    }
    *pairs = r;
    *n = k;
    return 0;
}

/* --games LIST: ranges separated by commas (1,5,9-12). o->first and
 * o->last span them all (0: an open end); o->ranges holds each when there
 * are several. */
static int
games_option(tool_opts *o, const char *arg)
{
    unsigned long hi = 0, *r;
    size_t n, i;
    int open = 0;

    if (tool_range_list(arg, 1, &r, &n) != 0) {
        tool_usage_error("--games: invalid range '%s'; expected "
                         "FIRST-LAST, FIRST-, -LAST or N (game numbers "
                         "from 1), or a list of them (1,5,9-12)", arg);
        return -1;
    }
    o->first = 0;
    for (i = 0; i < n; i++) {
        if (r[2 * i + 1] == ULONG_MAX)
            r[2 * i + 1] = 0;
        if (i == 0 || r[2 * i] < o->first)
            o->first = r[2 * i];
        open |= r[2 * i + 1] == 0;
        hi = r[2 * i + 1] > hi ? r[2 * i + 1] : hi;
    }
    o->last = open ? 0 : hi;
    free(o->ranges);
    o->ranges = n > 1 ? r : NULL;
    o->nranges = n > 1 ? n : 0;
    if (n == 1)
        free(r);
    return 1;
}

/* --max-game-size BYTES: a number with an optional K, M or G (binary
 * multiples), from 1K to 1G. */
static int
max_game_option(tool_opts *o, const char *arg)
{
    char *end;
    unsigned long long v;
    int shift = 0;

    errno = 0;
    v = strtoull(arg, &end, 10);
    if (*end != '\0' && end[1] == '\0')
        shift = *end == 'K' || *end == 'k'   ? 10
                : *end == 'M' || *end == 'm' ? 20
                : *end == 'G' || *end == 'g' ? 30
                                             : -1;
    if (*arg < '0' || *arg > '9' || errno != 0 || shift < 0 ||
        (*end != '\0' && shift == 0) || v > (1ULL << 30) >> shift ||
        v << shift < 1024) {
        tool_usage_error("--max-game-size: invalid size '%s'; expected "
                         "1K-1G (a number of bytes, or with K, M or G)",
                         arg);
        return -1;
    }
    o->max_game = (size_t)(v << shift);
    run_set_max_game(o->max_game);
    return 1;
}

/* The letters every tool shares, so that they mean the same everywhere. */
int
tool_common_option(tool_opts *o, int c, const char *arg)
{
    long n;

    switch (c) {
    case 'g':
    case 'G':
        if (tool_gametype_option(c, arg, c == 'g' ? &o->gt : &o->force) != 0)
            return -1;
        *(c == 'g' ? &o->have_gt : &o->have_force) = 1;
        return 1;
    case 'A':
        o->adapt = 1;
        return 1;
    case 'E':
        o->every = 1;
        return 1;
    case 'o':
        /* only recorded: opened once every option is known */
        return tool_output_option(&o->out, 'o', arg) < 0 ? -1 : 1;
    case 'j':
        if (tool_number_option(c, arg, 0, 256, "1-256 or 0 for all cores",
                               &n) != 0)
            return -1;
        if (n == 0) {
            n = sysconf(_SC_NPROCESSORS_ONLN);
            n = n < 1 ? 1 : n > 256 ? 256 : n;
        }
        o->jobs = (int)n;
        return 1;
    case 'q':
        o->quiet = 1;
        return 1;
    case 0x80: /* --games */
        return games_option(o, arg);
    case 0x81: /* --label */
        o->label = arg;
        return 1;
    case 0x85: /* --max-game-size */
        return max_game_option(o, arg);
    case 0x82: { /* --summary */
        static const char *const kinds[] = {"text", "json", "none", NULL};
        int v = tool_choice(c, arg, kinds);

        if (v < 0)
            return -1;
        o->summary = v; /* SUMMARY_TEXT, _JSON, _NONE */
        return 1;
    }
    case 0x83: /* --progress */
    case 0x84: /* --no-progress */
        o->progress = c == 0x83 ? 1 : -1;
        return 1;
    case 'W':
        o->werror = 1;
        return 1;
    default:
        return 0;
    }
}
