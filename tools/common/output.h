/* SPDX-License-Identifier: MIT */
/* Safe output files for the tools: option arguments are only recorded, and
 * every output is checked (not an input, not another output) and opened
 * once all options are known. A regular file is written to a temporary
 * beside it and renamed over it when the run ends with status 0 or 1; a
 * run that fails (status 2) or is killed (SIGINT, SIGTERM, SIGHUP,
 * SIGPIPE) leaves the old file as it was and no temporary behind. */
#ifndef PDN_TOOLS_OUTPUT_H
#define PDN_TOOLS_OUTPUT_H

#include <stddef.h>
#include <stdio.h>
#include <pdn/game.h>
#include "tbuf.h"

typedef struct tool_output {
    int opt;               /* option letter ('o', 'w', 'x'); 0: stdout */
    const char *name;      /* as given; NULL or "-": standard output */
    FILE *fp;              /* set by tool_outputs_open */
    char *tmp;             /* the temporary beside the target, or NULL */
    char *target;          /* the path tmp is renamed to */
    int err;               /* errno of the first failed write, 0 */
    int reported;          /* that failure was reported */
    int end_line;          /* end a non-empty file with a newline */
    unsigned long long len; /* bytes written */
    char last;             /* the last byte written */
    int whole;             /* a pipe, FIFO or socket (1) or a terminal
                              (2): written in whole lines (tool_write) */
    char *pend;            /* whole: bytes not written yet */
    size_t plen, pcap;
    size_t scanned;        /* whole, midline: the first bytes of pend
                              known to hold no newline (each byte is
                              searched once) */
    int midline;           /* whole: a line longer than PIPE_BUF is being
                              written in pieces (the pipe's lock held) */
} tool_output;

/* First call of every tool: the signal handlers that remove temporaries
 * and the umask that new files get. */
void tool_output_init(void);
/* The standard output as an output (the default of -o). */
tool_output *tool_output_std(void);
/* Records output option -opt FILE in *slot (NULL or the standard output
 * until given). Returns 0, or -1 after a usage error: the option was
 * given twice. Nothing is opened yet. */
int tool_output_option(tool_output **slot, int opt, const char *arg);
/* Checks every recorded output, and main_out when it is the standard
 * output, against the inputs (argc operands; none or "-" is standard
 * input) and against each other, then opens them. Returns 0, or -1 after
 * reporting (nothing was written then). */
int tool_outputs_open(tool_output *main_out, int argc, char **argv);
/* Writes len bytes to out; 0, or -1 after reporting a write error. Into
 * anything but a regular file, whole lines go out with one write(2) each
 * batch of at most PIPE_BUF bytes (a longer line alone in one), so that
 * the records of two tools writing into one pipe never splice. */
int tool_write(tool_output *out, const char *s, size_t len);
/* Flushes out; 0, or -1 after reporting a write error. */
int tool_flush(tool_output *out);
/* Ends the run: flushes and closes every output and standard output, then
 * renames the temporaries over their targets when the status is below 2,
 * else removes them. Returns max(status, 2 on any write error). */
int tool_outputs_close(int status);

/* A temporary made outside the output options (pdn-select -i): removed
 * like theirs when a signal or exit ends the run, until forgotten. */
typedef struct tool_temp {
    char *path;                /* malloc'd */
    struct tool_temp *next;
} tool_temp;
/* Creates a temporary in target's directory, with a new file's
 * permissions, and records t (which must live until forgotten). Returns
 * its descriptor, or -1 with errno. */
int tool_temp_create(tool_temp *t, const char *target);
/* Forgets t (renamed or removed by the caller) and frees its path. */
void tool_temp_forget(tool_temp *t);
/* Forgets every temporary of tool_temp_create (renamed or removed by the
 * caller). */
void tool_temps_forget(void);

/* Games copied byte for byte (pdn-legal -w/-x, pdn-select). A game's raw
 * text starts with what stands between it and the game before: the end of
 * that game's last line (blanks and the newline) goes with that game, so
 * that every output ends its lines.
 *
 * tool_copy_head: the length of that end of line at the start of g's raw
 * text (0 for an input's first game), written to prev, the output the game
 * before went to (NULL: none); -1 on a write error (reported). */
long tool_copy_head(tool_output *prev, const pdn_game *g);
/* The rest of g's bytes after head to out, all of them: the bytes of a
 * game over the reader's size limit that it did not keep are read again
 * from the input (tool_copy_rest). 0, or -1 on a write or read error
 * (reported). */
int tool_copy_body(tool_output *out, const char *file, const pdn_game *g,
                   size_t head);
/* The input whose games are read next (the driver's, before its first
 * game; NULL: none): its bytes can be read again when it is a regular
 * file, not gzip (standard input redirected from a file included). */
void tool_input_set(FILE *fp);
/* 1 when the bytes of the input being read can be read again. */
int tool_input_rereadable(void);
/* 1 when g is over the reader's size limit (its raw text holds its first
 * bytes only), with *span (may be NULL) its whole length in the input. */
int tool_game_oversize(const pdn_game *g, size_t *span);
/* The bytes of g past its raw text (a game over the size limit), read
 * again from the input, to out; nothing for any other game. 0, or -1 on a
 * write or read error, or when the input cannot be read again (reported;
 * the driver leaves such a game out before any tool writes it). */
int tool_copy_rest(tool_output *out, const char *file, const pdn_game *g);
/* The same appended to t (any thread). 0, or -1 (reported). */
int tool_read_rest(const char *file, const pdn_game *g, tbuf *t);
/* A game left out (over the size limit, its input not to be read again):
 * the blanks and blank lines its raw text starts with, which set it apart
 * from the game before, written to prev (NULL: none). 0, or -1 on a write
 * error (reported). */
int tool_copy_gap(tool_output *prev, const pdn_game *g);
/* Ends out's last line when it is not ended (out may be NULL). 0, or -1
 * on a write error (reported). */
int tool_end_line(tool_output *out);

#endif /* PDN_TOOLS_OUTPUT_H */
