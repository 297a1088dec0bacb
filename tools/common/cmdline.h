/* SPDX-License-Identifier: MIT */
/* The command line of every tool: one table of options per tool (plus the
 * common table) from which getopt_long's array, the short option string,
 * --help's option lines and, through --help and the usage errors, the bash
 * completion are derived. getopt_long where configure finds it, getopt
 * with the short options alone otherwise. */
#ifndef PDN_TOOLS_CMDLINE_H
#define PDN_TOOLS_CMDLINE_H

#include <stdio.h>

#if defined(__GNUC__)
#define TOOL_CL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TOOL_CL_PRINTF(f, a)
#endif

struct tool_opts;

/* One option: long name, letter, argument name (NULL: none) and help
 * text ('\n' starts a continuation line). Tables end with a NULL name.
 * A letter of TOOL_LONG_ONLY or more is a code for an option without a
 * short form (a rare option of one tool whose natural letter means
 * something else in another tool): it exists where getopt_long does. */
#define TOOL_LONG_ONLY 0x80
/* The common options without a short form, named in a tool's common
 * string like letters (so that a code stays under 0x100 and fits a
 * char), and the first code free for a tool's own. */
#define TOOL_OPT_GAMES "\x80"
#define TOOL_OPT_LABEL "\x81"
#define TOOL_OPT_SUMMARY "\x82"
#define TOOL_OPT_PROGRESS "\x83"
#define TOOL_OPT_NO_PROGRESS "\x84"
#define TOOL_OPT_MAX_GAME "\x85"
#define TOOL_OPT_SCALE TOOL_OPT_GAMES TOOL_OPT_LABEL TOOL_OPT_SUMMARY \
    TOOL_OPT_PROGRESS TOOL_OPT_NO_PROGRESS TOOL_OPT_MAX_GAME
#define TOOL_LONG_OWN 0xa0
typedef struct tool_option {
    const char *name;
    int letter;
    const char *arg;
    const char *help;
} tool_option;

/* A tool's command line. */
typedef struct tool_cmdline {
    const char *synopsis;      /* after the name: "[OPTION]... [FILE]..." */
    const char *purpose;       /* what the tool does, ending in '\n' */
    const tool_option *own;    /* the tool's options (before the common) */
    const char *common;        /* letters of the common table it takes */
    const char *problems;      /* what exit status 1 means */
    const char *tail;          /* when set: replaces the standard end of
                                  --help (stdin, exit statuses) */
} tool_cmdline;

/* The common options: -g, -o, -q, -W, -j (handled by tool_common_option),
 * -G, -A, -E (GameType inference and folding), --games, --label,
 * --max-game-size (ranges, shards and limits), --summary, --progress,
 * --no-progress (summary and progress), -h and -V (handled by
 * tool_getopt). */
extern const tool_option tool_common_options[];

/* Next option of the tool's own table, with optarg set: its letter. The
 * first call prepares signals and outputs (tool_output_init) and handles
 * --help and --version wherever they stand before "--". Common letters
 * are handled here through tool_common_option(o, ...) when o is not NULL
 * (else returned like the tool's own). Returns -1 at the end of the
 * options, or -1 with *status set (0 after --help/--version, 2 after a
 * usage error, already reported) when the tool must exit; *status is -1
 * otherwise. */
int tool_getopt(const tool_cmdline *cl, struct tool_opts *o, int argc,
                char **argv, int *status);
/* Prints cl's --help to out. */
void tool_usage(const tool_cmdline *cl, FILE *out);
/* --version: the tool's and the loaded libpdn's versions, copyright. */
void tool_version(void);

/* Prints "pdn-x: message" and the --help hint on stderr; returns 2. */
int tool_usage_error(const char *fmt, ...) TOOL_CL_PRINTF(1, 2);
/* A list of ranges separated by commas, each "N", "A-B", "A-" or "-B"
 * ("1,5,9-12"), of numbers from min ("-B" starts at min), as --games
 * takes: *n pairs FIRST, LAST (ULONG_MAX: an open end) in a new array
 * *pairs. Returns 0, or -1 (nothing allocated) when arg is not such a
 * list. */
int tool_range_list(const char *arg, unsigned long min, unsigned long **pairs,
                    size_t *n);
/* tool_choice, tool_gametype_option and tool_number_option refuse (usage
 * error) an option given twice on the command line with different values,
 * as -o twice is refused. */
/* The argument of option -opt among the NULL-terminated names: its index,
 * or -1 after a usage error naming the valid values. */
int tool_choice(int opt, const char *arg, const char *const *names);
/* -g's argument into *gt: 0, or -1 after a usage error that lists the
 * valid names. */
struct pdn_gametype;
int tool_gametype_option(int opt, const char *arg, struct pdn_gametype *gt);
/* A whole decimal number from min to max into *v: 0, or -1 after a usage
 * error "-opt: expected MIN-MAX" (what says more when not NULL). */
int tool_number_option(int opt, const char *arg, long min, long max,
                       const char *what, long *v);
/* A decimal number (a fraction allowed) from min to max into *v: 0, or -1
 * after a usage error "--name: expected a number of at least MIN" (or
 * "from MIN to MAX" when max is under 1e9). */
int tool_real_option(const char *name, const char *arg, double min,
                     double max, double *v);

/* Initialises o (stdout, no gametype). */
void tool_opts_init(struct tool_opts *o);
/* Handles a common option letter (g, G, A, E, j, o, q, W, k, L, y, P, Q). Returns 1 when
 * handled, 0 when c is not a common letter, -1 after a usage error. */
int tool_common_option(struct tool_opts *o, int c, const char *arg);

#endif /* PDN_TOOLS_CMDLINE_H */
