/* SPDX-License-Identifier: MIT */
/* Report formatting (report.c): messages to the user, diagnostics as text
 * lines or JSON records. */
#ifndef PDN_TOOLS_REPORT_H
#define PDN_TOOLS_REPORT_H

#include <stdarg.h>
#include <pdn/pdn.h>
#include "tbuf.h"

struct tool_opts;
struct tool_out;

/* Exit statuses of every tool. */
enum { TOOL_OK = 0, TOOL_PROBLEMS = 1, TOOL_TROUBLE = 2 };

/* Each tool defines its name: const char tool_name[] = "pdn-legal"; */
extern const char tool_name[];

/* "pdn-x: message" on stderr, no hint. */
void tool_error(const char *fmt, ...) TOOL_PRINTF(1, 2);
void tool_verror(const char *fmt, va_list ap);

/* The single formatter of diagnostics:
 *   FILE:LINE:COL: error|warning: MESSAGE (game N)
 * (on stderr prefixed with the tool name), or with -f json one object per
 * line holding file, line, col, game, severity, code, message and the extra
 * JSON members (",\"ply\":3", or NULL). Counts it in *to; a warning is not
 * printed under -q. pos may be NULL. */
void tool_diag(const struct tool_opts *o, struct tool_out *to,
               const char *file, const pdn_pos *pos, unsigned long game,
               int severity, int code, const char *extra, const char *fmt,
               ...)
    TOOL_PRINTF(9, 10);
/* tool_diag for a library record. */
void tool_diag_err(const struct tool_opts *o, struct tool_out *to,
                   const char *file, const pdn_error *e, const char *extra);

#endif /* PDN_TOOLS_REPORT_H */
