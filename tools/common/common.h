/* SPDX-License-Identifier: MIT */
/* Code shared by the pdntools programs, one concern per file (HACKING.md):
 *   tbuf.h      text buffers, JSON strings
 *   report.h    messages and diagnostics (text and JSON records)
 *   driver.h    the options every tool shares, the per-file game driver
 *   position.h  GameType, start position, legal moves, FEN
 *   outcome.h   results and who won
 *   summary.h   the closing summary and the progress line
 *   cmdline.h   options; output.h output files; run.h the -j pipeline
 * A tool includes this header for all of them. */
#ifndef PDN_TOOLS_COMMON_H
#define PDN_TOOLS_COMMON_H

#include "tbuf.h"
#include "report.h"
#include "driver.h"
#include "position.h"
#include "outcome.h"
#include "summary.h"

#endif /* PDN_TOOLS_COMMON_H */
