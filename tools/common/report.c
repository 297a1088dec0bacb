/* SPDX-License-Identifier: MIT */
/* Report formatting: messages to the user and the one formatter of
 * diagnostics (text lines, or JSON records under -f json). */
#include <config.h>
#include "report.h"
#include "driver.h"
#include "fold.h"

#include <string.h>

/* Messages to the user: "pdn-x: ..." on stderr, the program name being a
 * constant (not argv[0]) so that messages do not depend on how the tool
 * was started. */
void
tool_verror(const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: ", tool_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void
tool_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tool_verror(fmt, ap);
    va_end(ap);
}

/* The members every finding has besides its place and message, null when
 * a finding is not about a move (schema: pdn-json(5)). */
#define FINDING_MORE ",\"ply\":null,\"move\":null,\"fen\":null," \
                     "\"legal\":null"

void
tool_json_num(tbuf *b, unsigned long v)
{
    if (v == 0)
        tbuf_add(b, "null", 4);
    else
        tbuf_addu(b, v);
}

void
tool_json_head(tbuf *b, const char *type, const char *file,
               unsigned long game)
{
    tbuf_adds(b, "{\"type\":\"");
    tbuf_adds(b, type);
    tbuf_adds(b, "\",\"file\":");
    if (file != NULL)
        tbuf_json(b, file);
    else
        tbuf_add(b, "null", 4);
    tbuf_adds(b, ",\"game\":");
    tool_json_num(b, game);
}

void
tool_json_unread(tbuf *b, const char *file, unsigned long game,
              const pdn_pos *pos, int code, const char *message)
{
    tool_json_head(b, "game", file, game);
    tbuf_adds(b, ",\"error\":{\"line\":");
    tool_json_num(b, pos->line);
    tbuf_adds(b, ",\"col\":");
    tool_json_num(b, pos->column);
    tbuf_printf(b, ",\"code\":\"%s\",\"message\":", pdn_code_name(code));
    tbuf_json(b, message);
    tbuf_adds(b, "}}\n");
}

void
tool_add_file(tbuf *b, const char *file)
{
    const unsigned char *s = (const unsigned char *)file;

    for (; *s != '\0'; s++) {
        if (*s >= 0x20 && *s != 0x7f)
            tbuf_addc(b, (char)*s);
        else if (*s == '\n')
            tbuf_adds(b, "\\n");
        else if (*s == '\t')
            tbuf_adds(b, "\\t");
        else if (*s == '\r')
            tbuf_adds(b, "\\r");
        else
            tbuf_printf(b, "\\%03o", *s);
    }
}

/* The one place that formats a diagnostic. Warnings are counted even under
 * -q, so that -q -W still fails on them. */
void
tool_diag(const tool_opts *o, tool_out *to, const char *file,
          const pdn_pos *pos, unsigned long game, int severity, int code,
          const char *extra, const char *fmt, ...)
{
    const char *sev = severity == PDN_SEV_WARNING ? "warning"
                      : severity == TOOL_SEV_NOTE ? "note"
                                                  : "error";
    /* findings go where the tool's records go (diag_stdout): with JSON
     * records on the output, told apart by their type; never into PDN */
    tbuf *b = o->diag_stdout ? &to->out : &to->err;
    unsigned long line = pos ? pos->line : 0, col = pos ? pos->column : 0;
    size_t start, mstart, msgend;
    va_list ap;

    if (severity == PDN_SEV_WARNING)
        to->warnings++;
    else if (severity != TOOL_SEV_NOTE)
        to->errors++;
    if (severity != PDN_SEV_ERROR && o->quiet)
        return;
    if (o->json) {
        /* the message is formatted first, then escaped as one string */
        tbuf msg = {NULL, 0, 0};

        va_start(ap, fmt);
        tbuf_vprintf(&msg, fmt, ap);
        va_end(ap);
        tool_json_head(b, "finding", file, game);
        tbuf_adds(b, ",\"line\":");
        tool_json_num(b, line);
        tbuf_adds(b, ",\"col\":");
        tool_json_num(b, col);
        tbuf_printf(b, ",\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
                    sev, pdn_code_name(code));
        tbuf_json(b, msg.data);
        tbuf_adds(b, extra != NULL ? extra
                   : o->json_more != NULL ? o->json_more : FINDING_MORE);
        tbuf_add(b, "}\n", 2);
        tbuf_free(&msg);
        return;
    }
    start = b->len;
    if (!o->diag_stdout)
        tbuf_printf(b, "%s: ", tool_name);
    tool_add_file(b, file);
    if (line != 0)
        tbuf_printf(b, ":%lu:%lu: %s: ", line, col, sev);
    else
        tbuf_printf(b, ": %s: ", sev);
    mstart = b->len;
    va_start(ap, fmt);
    tbuf_vprintf(b, fmt, ap);
    va_end(ap);
    msgend = b->len;
    if (game != 0)
        tbuf_printf(b, " (game %lu)", game);
    tbuf_addc(b, '\n');
    if (severity != PDN_SEV_ERROR && game != 0 && !o->every)
        fold_note(to, b == &to->err, start, mstart, msgend, game, code,
                  severity == TOOL_SEV_NOTE);
}

void
tool_diag_err(const tool_opts *o, tool_out *to, const char *file,
              const pdn_error *e, const char *extra)
{
    tool_diag(o, to, file, &e->pos, e->game, e->severity, e->code, extra,
              "%s", e->text);
}

void
tool_out_mark(const tool_out *to, tool_mark *m)
{
    m->out = to->out.len;
    m->err = to->err.len;
    m->nfolds = to->nfolds;
    m->errors = to->errors;
    m->warnings = to->warnings;
    m->plies = to->plies;
}

void
tool_out_undo(tool_out *to, const tool_mark *m)
{
    to->out.len = m->out;
    to->err.len = m->err;
    if (to->out.data != NULL)
        to->out.data[m->out] = '\0';
    if (to->err.data != NULL)
        to->err.data[m->err] = '\0';
    to->nfolds = m->nfolds;
    to->errors = m->errors;
    to->warnings = m->warnings;
    to->plies = m->plies;
}
