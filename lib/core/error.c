/* SPDX-License-Identifier: MIT */
/* Diagnostic records: code names, filling, quoting offending text. */
#include <config.h>
#include "pdn_private.h"

#include <stdio.h>
#include <string.h>

static const char *const code_names[PDN_ECODE_COUNT] = {
    "ok",      "nomem",   "io",      "syntax",   "tag",
    "setup",   "move",    "variant", "limit",    "encoding",
    "illegal", "ambiguous", "result", "strict",  "no-moves",
    "draw-repetition", "draw-kings-moves", "draw-endgame",
    "draw-forty-moves", "arg",
};

const char *
pdn_code_name(int code)
{
    if (code < 0 || code >= PDN_ECODE_COUNT)
        return "unknown";
    return code_names[code];
}

int
pdnp_error_arg(pdn_error *err, const char *fn, const char *what)
{
    pdnp_error_set(err, PDN_EARG, PDN_SEV_ERROR, NULL, 0, "%s: %s is NULL",
                   fn, what);
    return -1;
}

void
pdn_error_clear(pdn_error *err)
{
    if (err == NULL)
        return;
    /* field by field: the source buffer is large and only its first byte
     * says that it is empty */
    err->code = PDN_OK;
    err->severity = PDN_SEV_ERROR;
    memset(&err->pos, 0, sizeof err->pos);
    err->game = 0;
    err->text[0] = '\0';
    err->source[0] = '\0';
}

void
pdnp_error_source(pdn_error *err, const char *name)
{
    size_t len;

    if (err == NULL || name == NULL)
        return;
    len = strlen(name);
    if (len < sizeof err->source) {
        memcpy(err->source, name, len + 1);
    } else {
        /* Keep the right end: the file name matters more than the path. */
        memcpy(err->source, "...", 3);
        memcpy(err->source + 3, name + len - (sizeof err->source - 4),
               sizeof err->source - 3);
    }
}

void
pdnp_error_vset(pdn_error *err, int code, int severity, const pdn_pos *pos,
                unsigned long game, const char *fmt, va_list ap)
{
    if (err == NULL || err->code != PDN_OK)
        return;
    err->code = code;
    err->severity = severity;
    if (pos != NULL)
        err->pos = *pos;
    else
        memset(&err->pos, 0, sizeof err->pos);
    err->game = game;
    vsnprintf(err->text, sizeof err->text, fmt, ap);
}

void
pdnp_error_set(pdn_error *err, int code, int severity, const pdn_pos *pos,
               unsigned long game, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    pdnp_error_vset(err, code, severity, pos, game, fmt, ap);
    va_end(ap);
}

void
pdnp_quote(char *buf, size_t size, const char *s, size_t len, size_t max)
{
    size_t o = strlen(buf), i;
    int cut = 0;

    if (size == 0 || o >= size - 1)
        return;
    if (len > max) {
        len = max;
        cut = 1;
    }
    for (i = 0; i < len && o + 5 < size; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f) {
            o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
        } else {
            buf[o++] = (char)c;
        }
    }
    if (cut && o + 4 < size) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = '\0';
}
