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

/* The severity of a finding that is neither an error nor a warning, next
 * to the library's PDN_SEV_ERROR and PDN_SEV_WARNING: what a community
 * writes in its own way, accepted (a Russian game's x captures). */
enum { TOOL_SEV_NOTE = 2 };

/* Each tool defines its name: const char tool_name[] = "pdn-legal"; */
extern const char tool_name[];

/* "pdn-x: message" on stderr, no hint. */
void tool_error(const char *fmt, ...) TOOL_PRINTF(1, 2);
void tool_verror(const char *fmt, va_list ap);

/* A file name in a text finding: its control characters escaped as C
 * writes them (\n, \t, \r, else \ooo), so that a name with a newline
 * keeps one finding per line. */
void tool_add_file(tbuf *b, const char *file);

/* The single formatter of diagnostics:
 *   FILE:LINE:COL: error|warning|note: MESSAGE (game N)
 * (on stderr prefixed with the tool name, unless the tool's findings are
 * its output), or with -f json a "finding" record on the output (man
 * pdn-json(5)): type, file, game, line, col, severity, code, message, then
 * extra (",\"ply\":3,\"move\":...,\"fen\":...,\"legal\":[...]"), or ply, move,
 * fen and legal as null when extra is NULL. Counts an error or a warning
 * in *to (a note is not counted); neither a warning nor a note is printed
 * under -q. A repeated warning or note of a game's text is folded (see
 * fold.h). pos may be NULL. */
void tool_diag(const struct tool_opts *o, struct tool_out *to,
               const char *file, const pdn_pos *pos, unsigned long game,
               int severity, int code, const char *extra, const char *fmt,
               ...)
    TOOL_PRINTF(9, 10);
/* tool_diag for a library record. */
void tool_diag_err(const struct tool_opts *o, struct tool_out *to,
                   const char *file, const pdn_error *e, const char *extra);

/* Opens a JSON record: {"type":TYPE,"file":FILE,"game":GAME (a NULL file
 * and a game 0 are null). The caller adds its members and "}\n". */
void tool_json_head(tbuf *b, const char *type, const char *file,
                    unsigned long game);
/* v as a JSON number, or null when it is 0 (no line, no game). */
void tool_json_num(tbuf *b, unsigned long v);

/* What a game's output holds at one point, to take back what came after
 * (a replay tried before its variant was known): the output and stderr
 * text, folded-warning notes, counts. */
typedef struct tool_mark {
    size_t out, err, nfolds;
    unsigned long errors, warnings, plies;
} tool_mark;
void tool_out_mark(const struct tool_out *to, tool_mark *m);
void tool_out_undo(struct tool_out *to, const tool_mark *m);

/* The whole record of a game that could not be read or typed:
 * {"type":"game","file":FILE,"game":N,"error":{"line":L,"col":C,
 * "code":CODE,"message":M}}. */
void tool_json_unread(tbuf *b, const char *file, unsigned long game,
                      const pdn_pos *pos, int code, const char *message);

#endif /* PDN_TOOLS_REPORT_H */
