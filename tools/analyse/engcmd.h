/* SPDX-License-Identifier: MIT */
/* What pdn-analyse and pdn-match share about engines: --engine's command
 * line split into words as the shell splits them (quotes and backslashes,
 * no expansion, no shell run), and a pool of started engines that the
 * worker threads borrow and give back. */
#ifndef PDN_TOOLS_ENGCMD_H
#define PDN_TOOLS_ENGCMD_H

#include <pdn/pdn.h>

/* Splits s into a new NULL-ended array of new words (engcmd_free): 0, or
 * -1 with *why (static text) for an unterminated quote, a trailing
 * backslash, or no word at all. */
int engcmd_split(const char *s, char ***argv, const char **why);
void engcmd_free(char **argv);

/* An engine as a tool runs it: its command, directory, parameters
 * (NAME=VALUE strings) and the engines started, idle in a pool. */
typedef struct engcmd {
    char **argv;
    const char *dir;
    const char **params;
    size_t nparams;
    double timeout;
    struct engcmd_pool *pool;
} engcmd;

/* The pool (engcmd_init before the threads start, engcmd_end after). */
int engcmd_init(engcmd *c);
void engcmd_end(engcmd *c);
/* An idle engine set for gt, or a new one (its parameters set); NULL with
 * *err. */
pdn_engine *engcmd_get(engcmd *c, const pdn_gametype *gt, pdn_error *err);
/* Gives e back (freed when it has failed). */
void engcmd_put(engcmd *c, pdn_engine *e, const pdn_gametype *gt);

#endif
