/* SPDX-License-Identifier: MIT */
/* pdn-stats' counters and their output (statsout.c). */
#ifndef PDN_TOOLS_STATS_H
#define PDN_TOOLS_STATS_H

#include "common.h"
#include "fixtags.h"
#include "handover.h"
#include "statsmap.h"

typedef struct stats_opts {
    long opening;     /* --opening-plies: plies of an opening */
    long top;         /* --top: lines of each list in text (0: all) */
} stats_opts;

/* The counters of one file, or of every file. */
typedef struct scope {
    unsigned long games, unread;
    smap variants, results, events, players, openings, tables;
    smap named; /* "VARIANT\tNAME" of the named openings */
    unsigned long dated, noevent;
    char first[FIX_DATE_SIZE], last[FIX_DATE_SIZE];
    char first_key[FIX_DATE_SIZE], last_key[FIX_DATE_SIZE];
    unsigned long *hist; /* games by plies */
    size_t nhist;
    unsigned long long plies;
} scope;

/* The run: the counters of the file being read and of every file (with
 * one operand the total is the file's scope, so that the tables are held
 * once), and the workers' game_info on its way to the main thread. */
typedef struct tool_self {
    stats_opts so;
    scope total, file;
    int single;
    handover infos;
} stats_run;

/* Writes the counters of file (NULL: the total of every file) to the
 * output, as text or one JSON object. Returns 0, or -1 on a write
 * error (reported). */
int stats_emit(const tool_opts *o, const char *file, const scope *s);
/* The same into b. */
void stats_format(const tool_opts *o, tbuf *b, const char *file,
                  const scope *s);

#endif /* PDN_TOOLS_STATS_H */
