/* SPDX-License-Identifier: MIT */
/* Folding of repeated warnings: a warning that the file already showed,
 * in an earlier game or earlier in the same one, is left out of the text
 * output and counted, and the counts are given once at the end of the
 * file ("532 more games like game 1: ...", "3 more times in game 1: ...").
 * Two warnings are the same when their code and their message with every
 * quoted part and every number left out are. A note (TOOL_SEV_NOTE) is
 * shown once a file, and its repeats are left out without a count. JSON
 * output keeps every record; -E turns folding off. Runs on the main
 * thread, in input order, so the output does not depend on -j. */
#ifndef PDN_TOOLS_FOLD_H
#define PDN_TOOLS_FOLD_H

#include <stddef.h>

struct tool_opts;
struct tool_out;

/* A warning or note line of a game's output (text output only). */
typedef struct tool_fold {
    size_t off, len;         /* the line within its buffer */
    size_t msg, msglen;      /* its message within the line */
    unsigned long key;       /* code + message without quoted parts and
                                numbers */
    unsigned long game;
    int code;
    int in_err;              /* in the stderr buffer rather than out */
    int note;                /* a note: its repeats are not counted */
} tool_fold;

#define FOLD_MAX 1024
#define FOLD_SLOTS 2048

typedef struct fold_seen {
    unsigned long key, game;  /* game: the one that showed it */
    unsigned long more;       /* times left out since */
    unsigned long games;      /* other games among those */
    unsigned long last;       /* the last game that had it */
    int code, note;
    char *msg;
} fold_seen;

/* The warnings a file has shown so far, in the order first seen, with a
 * hash index. All zero at the start of a file. Beyond FOLD_MAX different
 * warnings, new ones are shown in full. */
typedef struct fold_state {
    fold_seen seen[FOLD_MAX];
    size_t nseen;
    int slot[FOLD_SLOTS];    /* index into seen + 1; 0: empty */
} fold_state;

/* Records, in to, the warning line (note 0) or note line (note 1) that
 * tool_diag just wrote into its out (in_err 0) or err buffer: the line
 * starts at start, its message runs from msg to msgend. */
void fold_note(struct tool_out *to, int in_err, size_t start, size_t msg,
               size_t msgend, unsigned long game, int code, int note);
/* 1 when the line of f (text at line) repeats a warning or note the file
 * already showed: then it is counted, to be left out. */
int fold_skip(fold_state *fs, const tool_fold *f, const char *line);
/* The count lines of the file's folded warnings (not of its notes), as
 * warnings without position into t, and frees what fs holds. They leave t's count of
 * warnings as it was: each warning they sum up was counted when found. */
void fold_report(fold_state *fs, const struct tool_opts *o, const char *file,
                 struct tool_out *t);

#endif /* PDN_TOOLS_FOLD_H */
