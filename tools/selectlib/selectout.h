/* SPDX-License-Identifier: MIT */
/* Where pdn-select puts each game's bytes: the output, the -x file, the
 * file a -i template names for it, or nowhere. Every game is copied byte
 * for byte as read; the end of the line a game ends on goes with that
 * game, and a newline is added only where an input does not end with
 * one, so that the parts concatenate to the input. Shards (--shard-games,
 * --shard-bytes) add nothing at all: each is a run of whole games of one
 * input, and the shards of an input concatenate to it byte for byte. */
#ifndef PDN_TOOLS_SELECTOUT_H
#define PDN_TOOLS_SELECTOUT_H

#include "common.h"

struct selout_file;

typedef struct selout {
    const tool_opts *o;
    tool_output *main;        /* the output when it takes PDN, else NULL */
    tool_output *prev;        /* where the input's previous game went */
    tool_output *bad;         /* -x, or NULL */
    const char *split;        /* -i TEMPLATE */
    struct selout_file **files; /* -i: the files made, by hash of name */
    size_t nfiles, open;      /* files made; files open now */
    char **inputs;            /* the operands (never written over) */
    int ninputs;
    int failed;               /* a -i file could not be written */
    unsigned long shard_games; /* --shard-games N, or 0 */
    unsigned long long shard_bytes; /* --shard-bytes N, or 0 */
    unsigned long shard;      /* the current shard's number (from 1) */
    unsigned long shard_n;    /* games in it */
    tool_output *shard_out;   /* its file, NULL before the first */
} selout;

/* pdn-select's long-only shard options (after SELECT_OPT_EVENT). */
#define SELECT_OPT_SHARD_GAMES 0xa1
#define SELECT_OPT_SHARD_BYTES 0xa2

/* Which of the games selected are written, and where: the entries of
 * pdn-select's and pdn-db search's option tables (tool_option). */
#define SELOUT_OPTIONS \
    {"dedupe", 'H', NULL, "drop a game equal to an earlier one selected\n" \
                          "(variant, start position and moves)"}, \
    {"fragments", 'J', NULL, "also drop a game whose moves begin another\n" \
                             "selected game's (implies -H)"}, \
    {"count", 'k', NULL, "print only the number of games selected"}, \
    {"max-count", 'I', "N", "stop after N games selected"}, \
    {"bad", 'x', "FILE", "write the games not selected to FILE"}, \
    {"split", 'i', "TEMPLATE", "write each game selected to the file TEMPLATE\n" \
                               "names, %{TAG} standing for its TAG's value"}

/* What the other SELOUT_OPTIONS ask for. */
typedef struct selout_opts {
    int dedupe;               /* -H, -J */
    int fragments;            /* -J */
    int count_only;           /* -k */
    unsigned long max;        /* -I N, or 0 */
    tool_output *bad;         /* -x FILE, or NULL */
} selout_opts;

/* Takes option c of SELOUT_OPTIONS with its argument: -i into r, the
 * others into v. 1, 0 when c is not one of them, or -1 after a usage
 * error. */
int selout_option(selout_opts *v, selout *r, int c, const char *arg);

/* Records -i TEMPLATE: 0, or -1 after a usage error. */
int selout_split_option(selout *r, const char *tmpl);
/* Records --shard-games or --shard-bytes N: 0, or -1 after a usage
 * error. */
int selout_shard_option(selout *r, int opt, const char *arg);
/* After every option: -1 after a usage error when the shard options and
 * -i's %{shard} do not go together, else 0. */
int selout_check(const selout *r);
/* After every option, in pdn-select and pdn-db search alike: the choices
 * of SELOUT_OPTIONS that do not go with the output o->out, -f json (json)
 * or each other, and selout_check. 0, or -1 after a usage error. */
int selout_conflicts(const selout_opts *v, const selout *r,
                     const tool_opts *o, int json);
/* Ready to route: main is o->out unless it takes JSON or counts; bad is
 * the -x file (NULL: none), which no -i file may be. */
void selout_init(selout *r, const tool_opts *o, tool_output *main,
                 tool_output *bad, int argc, char **argv);
/* Copies the bytes of g (of file) to dest (o->out: the main output, or
 * the -i file of the game; NULL: nowhere). 0, or -1 after a write
 * error. */
/* A game left out (over the size limit, its input not to be read again):
 * its leading blank lines to the file the game before went to. 0, or -1
 * on a write error. */
int selout_gap(selout *r, const pdn_game *g);
int selout_game(selout *r, const char *file, const pdn_game *g,
                tool_output *dest);
/* The -i file of g (named by its tags): NULL after reporting a name that
 * cannot be written (the route failed: nothing is kept). */
tool_output *selout_split_file(selout *r, const pdn_game *g);
/* Closes the -i files; returns the status, 2 when one failed. */
int selout_end(selout *r, int status);

#endif /* PDN_TOOLS_SELECTOUT_H */
