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

/* The one place that formats a diagnostic. Warnings are counted even under
 * -q, so that -q -W still fails on them. */
void
tool_diag(const tool_opts *o, tool_out *to, const char *file,
          const pdn_pos *pos, unsigned long game, int severity, int code,
          const char *extra, const char *fmt, ...)
{
    const char *sev = severity == PDN_SEV_WARNING ? "warning" : "error";
    tbuf *b = o->diag_stdout ? &to->out : &to->err;
    unsigned long line = pos ? pos->line : 0, col = pos ? pos->column : 0;
    size_t start, mstart, msgend;
    va_list ap;

    if (severity == PDN_SEV_WARNING) {
        to->warnings++;
        if (o->quiet)
            return;
    } else {
        to->errors++;
    }
    if (o->json) {
        /* the message is formatted first, then escaped as one string */
        tbuf msg = {NULL, 0, 0};

        va_start(ap, fmt);
        tbuf_vprintf(&msg, fmt, ap);
        va_end(ap);
        tbuf_adds(b, "{\"file\":");
        tbuf_json(b, file);
        tbuf_printf(b, ",\"line\":%lu,\"col\":%lu,\"game\":%lu,"
                       "\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
                    line, col, game, sev, pdn_code_name(code));
        tbuf_json(b, msg.data);
        if (extra != NULL || o->json_more != NULL)
            tbuf_adds(b, extra != NULL ? extra : o->json_more);
        tbuf_add(b, "}\n", 2);
        tbuf_free(&msg);
        return;
    }
    start = b->len;
    if (!o->diag_stdout)
        tbuf_printf(b, "%s: ", tool_name);
    if (line != 0)
        tbuf_printf(b, "%s:%lu:%lu: %s: ", file, line, col, sev);
    else
        tbuf_printf(b, "%s: %s: ", file, sev);
    mstart = b->len;
    va_start(ap, fmt);
    tbuf_vprintf(b, fmt, ap);
    va_end(ap);
    msgend = b->len;
    if (game != 0)
        tbuf_printf(b, " (game %lu)", game);
    tbuf_addc(b, '\n');
    if (severity == PDN_SEV_WARNING && game != 0 && !o->every)
        fold_note(to, b == &to->err, start, mstart, msgend, game, code);
}

void
tool_diag_err(const tool_opts *o, tool_out *to, const char *file,
              const pdn_error *e, const char *extra)
{
    tool_diag(o, to, file, &e->pos, e->game, e->severity, e->code, extra,
              "%s", e->text);
}
