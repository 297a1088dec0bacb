/* SPDX-License-Identifier: MIT */
/* Byte sources for the reader: a window of input bytes that grows while a
 * game is read and is trimmed between games, so memory stays bounded by
 * the largest game. A memory source is used in place, without copying. */
#include <config.h>
#include "input.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

/* Read granularity for file and callback sources. */
#define CHUNK 65536

/* 1 when d[0..n) starts like gzip and this build can inflate it. */
static int
gzip_start(const char *d, size_t n)
{
    return n >= 2 && (unsigned char)d[0] == 0x1F &&
           (unsigned char)d[1] == 0x8B && pdnp_gzip_available();
}

/* A NUL byte in the first PDNP_TEXT_SNIFF bytes: the input is not text. */
#define PDNP_TEXT_SNIFF 1024

/* Bytes before a NUL byte that are no text either: none, or a control
 * byte other than the blanks text has. */
static int
not_text(const char *d, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)d[i];

        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' &&
             c != '\f' && c != '\v') || c == 0x7f)
            return 1;
    }
    return n == 0;
}

/* Ends the window at new bytes [from, len) that show the input is not
 * text: a known magic number at its start, or a NUL byte. */
static void
sniff(pdnp_input *in, size_t from)
{
    const char *nul;
    if (in->base + from == 0 && in->len > 0) {
        const char *what = pdnp_sniff_start(
            (const unsigned char *)in->data, in->len);
        if (what != NULL) {
            in->binary = what;
            in->binary_at = 0;
            in->len = 0;
            in->eof = 1;
            return;
        }
    }
    nul = in->len > from ? memchr(in->data + from, '\0', in->len - from)
                         : NULL;
    if (nul != NULL) {
        in->binary = "binary file (a NUL byte): the rest of it is not read";
        in->binary_at = in->base + (size_t)(nul - in->data);
        in->len = (size_t)(nul - in->data);
        in->eof = 1;
        /* at the start, or near it after other control bytes (an
         * executable, an image): no text at all, so no game is made of
         * the bytes before it */
        if (in->base == 0 && in->binary_at < PDNP_TEXT_SNIFF &&
            not_text(in->data, in->len)) {
            in->binary = "binary file, not PDN text (a NUL byte near its "
                         "start)";
            in->len = 0;
        }
    }
}

static void
set_scan_end(pdnp_input *in)
{
    in->scan_end = in->kind != PDNP_SRC_MEM || in->gz != NULL ? in->len
                   : in->len > 128          ? in->len - 128
                                            : 0;
}

void
pdnp_input_init_mem(pdnp_input *in, const char *buf, size_t len)
{
    memset(in, 0, sizeof *in);
    in->line = 1;
    in->kind = PDNP_SRC_MEM;
    in->data = buf != NULL ? buf : "";
    in->len = buf != NULL ? len : 0;
    in->eof = 1;
    if (gzip_start(in->data, in->len) && pdnp_gzip_start(in, buf, len) == 0) {
        /* inflated into an owned window by pdnp_input_fill */
        in->data = "";
        in->len = 0;
        in->eof = 0;
        return;
    }
    sniff(in, 0);
    set_scan_end(in);
}

void
pdnp_input_init_file(pdnp_input *in, FILE *fp)
{
    memset(in, 0, sizeof *in);
    in->line = 1;
    in->kind = PDNP_SRC_FILE;
    in->fp = fp;
    in->data = "";
}

void
pdnp_input_init_cb(pdnp_input *in, pdn_read_fn *fn, void *ud)
{
    memset(in, 0, sizeof *in);
    in->line = 1;
    in->kind = PDNP_SRC_CB;
    in->fn = fn;
    in->ud = ud;
    in->data = "";
}

void
pdnp_input_free(pdnp_input *in)
{
    pdnp_free(in->own);
    pdnp_gzip_free(in->gz);
    in->gz = NULL;
    in->own = NULL;
    in->data = "";
    in->len = 0;
    in->scan_end = 0;
}

/* Appends one chunk. The buffer grows geometrically while a game is being
 * read; pdnp_input_discard() drops what earlier games used, so the
 * window never holds more than one game plus one chunk. */
long
pdnp_input_fill(pdnp_input *in)
{
    size_t got;

    if (in->eof)
        return 0;
    if (in->cap - in->len < CHUNK) {
        size_t cap = in->cap ? in->cap : CHUNK;
        char *p;
        while (cap - in->len < CHUNK)
            cap *= 2;
        /* One spare byte keeps the window NUL-terminated. */
        p = pdnp_realloc(in->own, cap + 1);
        if (p == NULL)
            return -2;
        in->own = p;
        in->cap = cap;
        in->data = p;
    }
    if (in->gz != NULL) {
        long n = pdnp_gzip_read(in, in->own + in->len, CHUNK);
        if (n < 0) {
            in->eof = 1;
            return n == -2 ? -2 : -1;
        }
        got = (size_t)n;
        if (got == 0)
            in->eof = 1;
    } else if (in->kind == PDNP_SRC_FILE) {
        got = fread(in->own + in->len, 1, CHUNK, in->fp);
        if (got == 0) {
            if (ferror(in->fp)) {
                in->ioerr = errno ? errno : EIO;
                in->eof = 1;
                return -1;
            }
            in->eof = 1;
        }
    } else {
        got = in->fn(in->own + in->len, CHUNK, in->ud);
        if (got == (size_t)-1) {
            in->ioerr = errno ? errno : EIO;
            in->eof = 1;
            return -1;
        }
        if (got == 0)
            in->eof = 1;
        if (got > CHUNK)
            got = CHUNK;
    }
    if (in->base + in->len == 0 && in->gz == NULL &&
        gzip_start(in->own, got)) {
        /* the first bytes are gzip: inflate them and what follows */
        long n;
        if (pdnp_gzip_start(in, in->own, got) < 0)
            return -2;
        n = pdnp_gzip_read(in, in->own, CHUNK);
        if (n < 0) {
            in->eof = 1;
            return n == -2 ? -2 : -1;
        }
        got = (size_t)n;
        in->eof = got == 0;
    }
    in->len += got;
    if (got > 0) {
        size_t old = in->len - got;
        sniff(in, old);
        got = in->len - old;
    }
    in->own[in->len] = '\0';
    set_scan_end(in);
    return (long)got;
}

/* A memory source just moves its view; an owned buffer shifts the kept
 * bytes to its front (at most one chunk after a game). */
void
pdnp_input_discard(pdnp_input *in, size_t keep)
{
    if (keep == 0)
        return;
    if (keep > in->len)
        keep = in->len;
    if (in->kind == PDNP_SRC_MEM && in->gz == NULL) {
        in->data += keep;
    } else {
        memmove(in->own, in->own + keep, in->len - keep);
        in->own[in->len - keep] = '\0';
    }
    in->len -= keep;
    in->base += keep;
    set_scan_end(in);
}

void
pdnp_input_count_lines(pdnp_input *in, size_t from, size_t to)
{
    const char *d = in->data;
    size_t i;

    if (to - from >= 64 && memchr(d + from, '\r', to - from) == NULL) {
        /* LF only (a long span, as parallel reading's blocks): the line
         * ends counted eight bytes at a time (a byte of x that is zero,
         * exactly: its high bit in z), the last one found after */
        const uint64_t lo7 = 0x7F7F7F7F7F7F7F7FULL,
                       nl = 0x0A0A0A0A0A0A0A0AULL;
        unsigned long lines = 0;
        size_t last = to;

        for (i = from; i + 8 <= to; i += 8) {
            uint64_t x, z;
            memcpy(&x, d + i, 8);
            x ^= nl;
            z = ~(((x & lo7) + lo7) | x | lo7);
            while (z != 0) {
                lines++;
                z &= z - 1;
            }
        }
        for (; i < to; i++)
            lines += d[i] == '\n';
        if (lines == 0)
            return;
        while (d[last - 1] != '\n')
            last--;
        in->line += lines - 1;
        pdnp_input_newline(in, last);
        return;
    }
    for (i = from; i < to; i++) {
        if (d[i] == '\n') {
            pdnp_input_newline(in, i + 1);
        } else if (d[i] == '\r') {
            if (i + 1 < to && d[i + 1] == '\n')
                i++;
            pdnp_input_newline(in, i + 1);
        }
    }
}
