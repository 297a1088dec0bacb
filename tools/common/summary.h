/* SPDX-License-Identifier: MIT */
/* What a run checked (summary.c): the closing summary (files, games, plies
 * replayed, findings by severity, time) on standard error or as the last
 * JSON record, and the progress line of a run on a terminal. Main thread
 * only. */
#ifndef PDN_TOOLS_SUMMARY_H
#define PDN_TOOLS_SUMMARY_H

#include <stdio.h>
#include "driver.h"

/* --summary FORMAT */
enum { SUMMARY_TEXT = 0, SUMMARY_JSON, SUMMARY_NONE };

/* The start of the run (its clock) and of one input file (fp, named
 * file: its size for the progress line). */
void summary_begin(void);
void summary_file(const tool_opts *o, const char *file, FILE *fp);
/* One game done: its findings and plies, the byte offset it ends at. */
void summary_game(const tool_opts *o, unsigned long errors,
                  unsigned long warnings, unsigned long plies,
                  unsigned long long end);
/* Findings outside any game (a file's closing reports). */
void summary_findings(unsigned long errors, unsigned long warnings);
/* pdn-select: how many games were selected (the summary says it). */
void summary_selected(unsigned long n);
/* Games of the current file so far. */
unsigned long summary_file_games(void);
/* Erases the progress line before other text goes to standard error. */
void progress_clear(void);
/* The end of the run: the progress line erased, the summary written
 * (text on stderr unless -q; a "summary" record where the findings go:
 * the output when it holds JSON records, else stderr). Returns 0,
 * or -1 on a write error. */
int summary_end(const tool_opts *o);

#endif /* PDN_TOOLS_SUMMARY_H */
