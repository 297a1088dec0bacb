/* SPDX-License-Identifier: MIT */
/* The reader's diagnostics: warnings go to the caller's callback as they
 * are found, the first error of a game is kept for pdn_reader_next. */
#include <config.h>
#include "lexer.h"

#include <stdarg.h>

static void
diag(pdnp_diag *d, pdn_error *e, int code, int sev, const pdn_pos *pos,
     const char *fmt, va_list ap)
{
    pdnp_error_vset(e, code, sev, pos, d->game, fmt, ap);
    pdnp_error_source(e, d->name);
}

void
pdnp_warn(pdnp_diag *d, int code, const pdn_pos *pos, const char *fmt, ...)
{
    pdn_error w;
    va_list ap;

    if (d->warn_fn == NULL)
        return;
    pdn_error_clear(&w);
    va_start(ap, fmt);
    diag(d, &w, code, PDN_SEV_WARNING, pos, fmt, ap);
    va_end(ap);
    d->warn_fn(&w, d->warn_ud);
}

void
pdnp_fail(pdnp_diag *d, int code, const pdn_pos *pos, const char *fmt, ...)
{
    va_list ap;

    if (d->e.code != PDN_OK)
        return;
    va_start(ap, fmt);
    diag(d, &d->e, code, PDN_SEV_ERROR, pos, fmt, ap);
    va_end(ap);
}

int
pdnp_nomem(pdnp_diag *d)
{
    d->fatal = PDN_ENOMEM;
    pdnp_fail(d, PDN_ENOMEM, NULL, "out of memory");
    return -1;
}
