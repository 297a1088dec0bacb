/* SPDX-License-Identifier: MIT */
/* The per-file driver (driver.c): the options every tool shares, one
 * game's output, and the run over every operand. */
#ifndef PDN_TOOLS_DRIVER_H
#define PDN_TOOLS_DRIVER_H

#include <stdio.h>
#include <pdn/pdn.h>
#include "tbuf.h"
#include "report.h"
#include "cmdline.h"
#include "output.h"
#include "run.h"
#include "infer.h"
#include "fold.h"

/* The output of one game, kept in memory until it is written in input
 * order (games may be processed in parallel with -j). */
/* What one worker thread keeps from game to game: a board and a move list,
 * reused while the GameType stays the same (most archives hold one
 * variant, and making a board costs more than resetting one). */
typedef struct tool_cache {
    pdn_board *board;
    pdn_gametype gt;
    pdn_movelist *moves;
    pdn_infer *infer;             /* infer.c's: the library's inference */
    const infer_prior *prior;     /* the first pass over the input being
                                     read (the variant inference starts
                                     with), or NULL */
} tool_cache;


typedef struct tool_out {
    tbuf out;                /* goes to the tool's output */
    tbuf err;                /* goes to stderr */
    unsigned long errors;    /* error diagnostics */
    unsigned long warnings;  /* warning diagnostics (printed or not) */
    int fatal;               /* system trouble: status 2 */
    tool_cache *cache;       /* this worker's; NULL outside the pipeline */
    infer_game_result infer; /* how its variant was decided (cand -1: by
                                a tag or -g) */
    tool_fold *folds;        /* its warning and note lines, to fold */
    size_t nfolds, capfolds;
    unsigned long plies;     /* moves replayed (the closing summary) */
    int copy_raw;            /* the game's bytes as read follow out (whole,
                                a game over the size limit included):
                                written by the driver from the game, not
                                copied into out first */
} tool_out;

struct tool_opts;
/* Each program's own options and state: every tool completes this type
 * once (pdn-legal.c's legal_opts, pdn-stats' stats_run, ...), so that its
 * callbacks reach them typed through tool_opts.self, with no cast. */
struct tool_self;
/* Processes one game (NULL when the reader could build none), appending all
 * of its output to *to. rerr is the reader's error for it (code 0: none),
 * already reported. Must not touch anything but *to and the game. */
typedef void tool_game_fn(const struct tool_opts *o, const char *file,
                          pdn_game *g, const pdn_error *rerr, tool_out *to);
/* Runs in input order after the game's output is written; status is the
 * game's (0 clean, 1 problems, 2 trouble; -1: outside --games' range, not
 * processed). Returns 0, or -1 on a write error (already reported). */
typedef int tool_emit_fn(const struct tool_opts *o, const char *file,
                         const pdn_game *g, int status);

/* What the user asked of the run, the tool's callbacks and its own
 * options (self). The run's state (the input being read, its first pass,
 * what its games showed) is the driver's own (driver.c's tool_pass), and
 * the callbacks are given what they need of it: the file's name, and the
 * first pass in the worker's tool_cache. */
typedef struct tool_opts {
    int quiet;               /* -q: warnings are not printed */
    int werror;              /* -W: warnings count as problems */
    int json;                /* -f json */
    int diag_stdout;         /* findings go to the output, not stderr (set
                                with -f json when the output holds the
                                JSON records, never when it holds PDN);
                                --summary json follows them */
    int strict_reader;       /* reader warnings are errors (validate -S) */
    int jobs;                /* -j N: worker threads */
    int have_gt;             /* -g given */
    pdn_gametype gt;         /* -g GAMETYPE */
    tool_output *out;        /* -o FILE or the standard output */
    tool_game_fn *game;
    tool_emit_fn *emit;
    /* after a file's last game: findings about the whole file, into t */
    void (*file_end)(const struct tool_opts *o, const char *file,
                     tool_out *t);
    struct tool_self *self;  /* the tool's own options (and state) */
    unsigned long only;      /* when not 0: the one game to process (-n) */
    const char *json_more;   /* JSON members of findings given no extra */
    int have_force;          /* -G given */
    pdn_gametype force;      /* -G GAMETYPE: over any GameType tag */
    int adapt;               /* -A: a tag that does not fit gives way to
                                the variant that does */
    int every;               /* -E: no folding of repeated warnings */
    int summary;             /* --summary: SUMMARY_TEXT, _JSON, _NONE */
    int progress;            /* --progress 1, --no-progress -1, else 0:
                                on a terminal */
    unsigned long first, last; /* --games FIRST-LAST: the games to process
                                  (0: open end) */
    unsigned long *ranges;   /* --games A-B,C-D,...: the pairs, when more
                                than one (first and last span them) */
    size_t nranges;
    const char *label;       /* --label: the name of standard input */
    int no_infer;            /* nothing the tool does needs the rules: a
                                game without GameType is not replayed to
                                infer its variant (International is
                                assumed, and not used) */
    /* after the last file, before the closing summary: 0, or -1 on a
     * write error (reported) */
    int (*run_end)(const struct tool_opts *o);
    int copies;              /* the tool writes games byte for byte: a game
                                over the size limit that cannot be read
                                again whole (standard input) is left out,
                                status 2, before o->game sees it */
    size_t max_game;         /* --max-game-size: the reader's game limit
                                (0: the library's default, 1 MiB) */
} tool_opts;

/* Reads every operand (none or "-" = stdin, called <stdin> or --label's name)
 * game by game (those of --games' range), calls o->game and writes each
 * game's output in input order; an input with no games is a warning; the
 * closing summary follows (summary.h). Returns the exit status (after
 * tool_finish()). */
int tool_run(tool_opts *o, int argc, char **argv);
/* 1 when fp is a directory (an operand that is no input). */
int tool_is_dir(FILE *fp);
/* Ends the run's outputs (tool_outputs_close): a write error is reported
 * and gives 2. Returns max(status, that). */
int tool_finish(tool_opts *o, int status);

#endif /* PDN_TOOLS_DRIVER_H */
