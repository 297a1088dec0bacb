/* SPDX-License-Identifier: MIT */
/* Code shared by the pdntools programs (options: cmdline.h): the one
 * diagnostic formatter, per-game output buffers, the file/game driver and
 * the GameType resolution of a game. */
#ifndef PDN_TOOLS_COMMON_H
#define PDN_TOOLS_COMMON_H

#include <stdarg.h>
#include <stdio.h>
#include <pdn/pdn.h>
#include "cmdline.h"
#include "output.h"
#include "run.h"
#include "infer.h"
#include "fold.h"

#if defined(__GNUC__)
#define TOOL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TOOL_PRINTF(f, a)
#endif

/* Exit statuses of every tool. */
enum { TOOL_OK = 0, TOOL_PROBLEMS = 1, TOOL_TROUBLE = 2 };

/* Each tool defines its name: const char tool_name[] = "pdn-legal"; */
extern const char tool_name[];

/* Growable NUL-terminated byte buffer (the pipeline's run_buf). Running out
 * of memory ends the program with status 2 (tools, unlike the library, may
 * exit). */
typedef run_buf tbuf;
void tbuf_add(tbuf *b, const char *s, size_t n);
void tbuf_adds(tbuf *b, const char *s);
void tbuf_addc(tbuf *b, char c);
void tbuf_printf(tbuf *b, const char *fmt, ...) TOOL_PRINTF(2, 3);
/* Appends v in decimal, without printf's cost (JSON hot paths). */
void tbuf_addu(tbuf *b, unsigned long v);
/* Appends s as a JSON string literal (quotes included). Bytes that are not
 * valid UTF-8 are read as Latin-1. */
void tbuf_json(tbuf *b, const char *s);
/* Length of the valid UTF-8 sequence at s (2 to 4), or 0. */
size_t tool_utf8_len(const unsigned char *s);
void tbuf_free(tbuf *b);
void *tool_xmalloc(size_t n);

/* The output of one game, kept in memory until it is written in input
 * order (games may be processed in parallel with -j). */
/* What one worker thread keeps from game to game: a board and a move list,
 * reused while the GameType stays the same (most archives hold one
 * variant, and making a board costs more than resetting one). */
typedef struct tool_cache {
    pdn_board *board;
    pdn_gametype gt;
    pdn_movelist *moves;
    pdn_board *cand[INFER_NCAND]; /* infer.c's, one per candidate */
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
    tool_fold *folds;        /* its warning lines, when they may fold */
    size_t nfolds, capfolds;
} tool_out;

struct tool_opts;
/* Processes one game (NULL when the reader could build none), appending all
 * of its output to *to. rerr is the reader's error for it (code 0: none),
 * already reported. Must not touch anything but *to and the game. */
typedef void tool_game_fn(const struct tool_opts *o, const char *file,
                          pdn_game *g, const pdn_error *rerr, tool_out *to);
/* Runs in input order after the game's output is written; status is the
 * game's (0 clean, 1 problems, 2 trouble). Returns 0, or -1 on a write
 * error (already reported). */
typedef int tool_emit_fn(const struct tool_opts *o, const pdn_game *g,
                         int status);

typedef struct tool_opts {
    int quiet;               /* -q: warnings are not printed */
    int werror;              /* -W: warnings count as problems */
    int json;                /* -f json */
    int diag_stdout;         /* findings go to the output, not stderr */
    int strict_reader;       /* reader warnings are errors (validate -S) */
    int jobs;                /* -j N: worker threads */
    int have_gt;             /* -g given */
    pdn_gametype gt;         /* -g GAMETYPE */
    tool_output *out;        /* -o FILE or the standard output */
    tool_game_fn *game;
    tool_emit_fn *emit;
    /* after a file's last game: findings about the whole file, into t */
    void (*file_end)(const struct tool_opts *o, tool_out *t);
    void *ud;                /* the tool's own options */
    unsigned long only;      /* when not 0: the one game to process */
    const char *json_more;   /* JSON members of findings given no extra */
    const char *file;        /* the input being read */
    int have_force;          /* -G given */
    pdn_gametype force;      /* -G GAMETYPE: over any GameType tag */
    int adapt;               /* -A: a tag that does not fit gives way to
                                the variant that does */
    int every;               /* -E: no folding of repeated warnings */
    const infer_prior *prior;/* the first pass over the file, or NULL */
    struct tool_file *fs;    /* per-file state of the main thread */
} tool_opts;

/* "pdn-x: message" on stderr, no hint. */
void tool_error(const char *fmt, ...) TOOL_PRINTF(1, 2);
void tool_verror(const char *fmt, va_list ap);

/* The single formatter of diagnostics:
 *   FILE:LINE:COL: error|warning: MESSAGE (game N)
 * (on stderr prefixed with the tool name), or with -f json one object per
 * line holding file, line, col, game, severity, code, message and the extra
 * JSON members (",\"ply\":3", or NULL). Counts it in *to; a warning is not
 * printed under -q. pos may be NULL. */
void tool_diag(const tool_opts *o, tool_out *to, const char *file,
               const pdn_pos *pos, unsigned long game, int severity,
               int code, const char *extra, const char *fmt, ...)
    TOOL_PRINTF(9, 10);
/* tool_diag for a library record. */
void tool_diag_err(const tool_opts *o, tool_out *to, const char *file,
                   const pdn_error *e, const char *extra);

/* Reads every operand (none or "-" = stdin, called <stdin>) game by game,
 * calls o->game and writes each game's output in input order. Returns the
 * exit status (after tool_finish()). */
int tool_run(tool_opts *o, int argc, char **argv);
/* Ends the run's outputs (tool_outputs_close): a write error is reported
 * and gives 2. Returns max(status, that). */
int tool_finish(tool_opts *o, int status);

/* The GameType of g: -G, else its GameType tag (with -A, another variant
 * of the board or numbering when the game is illegal under the tag and
 * legal under that), else a Variant tag, else -g, else decided by
 * replaying the game under each variant its squares allow (infer.h; said
 * once per file, and per game when no variant fits it throughout).
 * Returns 0, or -1 after reporting an invalid GameType. */
int tool_gametype(const tool_opts *o, const char *file, const pdn_game *g,
                  pdn_gametype *gt, tool_out *to);
/* A board in g's start position (FEN tag applied). NULL after reporting
 * (unknown rules, bad FEN: an error). */
pdn_board *tool_board(const tool_opts *o, const char *file,
                      const pdn_game *g, const pdn_gametype *gt,
                      tool_out *to);
/* As tool_board, but the board is the worker's cached one (to->cache),
 * reset or remade for gt: borrowed, valid until the next call for this
 * worker; do not free it. Without a cache it is tool_board's. */
pdn_board *tool_board_reuse(const tool_opts *o, const char *file,
                            const pdn_game *g, const pdn_gametype *gt,
                            tool_out *to);
/* The worker's move list (empty contents not guaranteed); NULL after
 * setting to->fatal when memory runs out. Borrowed like the board. */
pdn_movelist *tool_movelist(tool_out *to);
/* Frees what tool_board_reuse or tool_movelist returned when the caller
 * is outside the pipeline (to->cache NULL); a no-op otherwise. */
void tool_release(tool_out *to, pdn_board *b, pdn_movelist *l);

/* Applies the setup command standing before move n, if any, to b. Returns
 * 0, or -1 after reporting a setup that cannot be read or placed. */
int tool_setup(const tool_opts *o, const char *file, const pdn_node *n,
               unsigned long game, pdn_board *b, tool_out *to);
/* Fills l with b's legal moves. Returns 0, or -1 after reporting. */
int tool_moves(const tool_opts *o, const char *file, const pdn_node *n,
               unsigned long game, const pdn_board *b, pdn_movelist *l,
               tool_out *to);
/* Position of g's first tag named name, or of the game. */
pdn_pos tool_tag_pos(const pdn_game *g, const char *name);
/* Appends, sorted by square numbers, the legal moves l of position b (only
 * those the written squares w, wn of them, denote when w is not NULL; a
 * first square PDN_COORD(file, 15) names a file only) as
 * pdn_move_format writes them with flags: a JSON array, or separated by
 * sep ("none" when there are none). */
void tool_add_moves(tbuf *out, const pdn_board *b, const pdn_movelist *l,
                    const unsigned char *w, size_t wn, unsigned flags,
                    const char *sep, int json);
/* What outcome o says, naming the winner's colour in a game of type gt
 * (NULL when the type is unknown): "Black (the first mover) won", "the
 * game was drawn", "both sides lost", ... A static string or buf. */
const char *tool_outcome_text(pdn_outcome o, const pdn_gametype *gt,
                              char *buf, size_t size);
/* Formats the board's position as a FEN string into buf. */
void tool_fen(const pdn_board *b, char *buf, size_t size);

#endif /* PDN_TOOLS_COMMON_H */
