/* SPDX-License-Identifier: MIT */
/* Gzip-compressed input, inflated through zlib as it is read: the input
 * layer (input.c) hands its compressed bytes here when the first two are
 * the gzip magic number, and the window then fills with text as from any
 * other source. Memory stays bounded: zlib's 32 KiB window and one 64 KiB
 * buffer of compressed bytes. Concatenated members (cat a.gz b.gz) are read
 * one after the other, as gzip -d does. Built without zlib, such input is
 * refused with a message that says so. */
#include <config.h>
#include "input.h"

#include <errno.h>
#include <string.h>

#ifdef HAVE_ZLIB
#include <zlib.h>

#define ZCHUNK 65536

struct pdnp_gzip {
    z_stream z;
    int ended;                 /* a member ended: next bytes start another */
    int done;                  /* no more compressed bytes */
    const unsigned char *mem;  /* a memory source: the whole input */
    unsigned char buf[ZCHUNK]; /* compressed bytes of a file or callback */
};

int
pdnp_gzip_available(void)
{
    return 1;
}

int
pdnp_gzip_start(pdnp_input *in, const char *head, size_t n)
{
    pdnp_gzip *gz = pdnp_malloc(sizeof *gz);

    if (gz == NULL)
        return -1;
    memset(&gz->z, 0, sizeof gz->z);
    gz->ended = gz->done = 0;
    gz->mem = NULL;
    /* 16 + 15: a gzip header and trailer, the largest window */
    if (inflateInit2(&gz->z, 16 + 15) != Z_OK) {
        pdnp_free(gz);
        return -1;
    }
    if (in->kind == PDNP_SRC_MEM) {
        gz->mem = (const unsigned char *)head;
        gz->z.next_in = (unsigned char *)gz->mem;
        gz->z.avail_in = (uInt)n;
        gz->done = 1;
    } else {
        memcpy(gz->buf, head, n);
        gz->z.next_in = gz->buf;
        gz->z.avail_in = (uInt)n;
    }
    in->gz = gz;
    return 0;
}

void
pdnp_gzip_free(pdnp_gzip *gz)
{
    if (gz == NULL)
        return;
    inflateEnd(&gz->z);
    pdnp_free(gz);
}

/* More compressed bytes from the file or callback: 1, 0 at their end, -1
 * on a read error (in->ioerr set). */
static int
refill(pdnp_input *in, pdnp_gzip *gz)
{
    size_t got;

    if (gz->done)
        return 0;
    if (in->kind == PDNP_SRC_FILE) {
        got = fread(gz->buf, 1, ZCHUNK, in->fp);
        if (got == 0 && ferror(in->fp)) {
            in->ioerr = errno ? errno : EIO;
            return -1;
        }
    } else {
        got = in->fn(gz->buf, ZCHUNK, in->ud);
        if (got == (size_t)-1) {
            in->ioerr = errno ? errno : EIO;
            return -1;
        }
        if (got > ZCHUNK)
            got = ZCHUNK;
    }
    if (got == 0) {
        gz->done = 1;
        return 0;
    }
    gz->z.next_in = gz->buf;
    gz->z.avail_in = (uInt)got;
    return 1;
}

/* Ends the input with a message: what was inflated before stays. */
static long
stop(pdnp_input *in, const char *why)
{
    in->binary = why;
    in->binary_at = in->base + in->len;
    in->eof = 1;
    return 0;
}

long
pdnp_gzip_read(pdnp_input *in, char *dst, size_t size)
{
    pdnp_gzip *gz = in->gz;
    int rc;

    gz->z.next_out = (unsigned char *)dst;
    gz->z.avail_out = (uInt)size;
    while (gz->z.avail_out == size) {
        if (gz->z.avail_in == 0) {
            int more = refill(in, gz);
            if (more < 0)
                return -1;
            if (more == 0) {
                if (gz->ended)
                    return 0;
                return stop(in, "gzip-compressed file: it ends inside "
                                "the compressed data (truncated)");
            }
        }
        if (gz->ended) {
            /* another member, or bytes that are not gzip after the last */
            if (gz->z.next_in[0] != 0x1F)
                return stop(in, "gzip-compressed file: bytes after the "
                                "end of the compressed data are not read");
            if (inflateReset(&gz->z) != Z_OK)
                return -1;
            gz->ended = 0;
        }
        rc = inflate(&gz->z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            gz->ended = 1;
        } else if (rc == Z_MEM_ERROR) {
            return -2;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            return stop(in, "gzip-compressed file: the compressed data "
                            "is corrupt");
        }
    }
    return (long)(size - gz->z.avail_out);
}

#else /* !HAVE_ZLIB */

int
pdnp_gzip_available(void)
{
    return 0;
}

int
pdnp_gzip_start(pdnp_input *in, const char *head, size_t n)
{
    (void)in;
    (void)head;
    (void)n;
    return -1;
}

void
pdnp_gzip_free(pdnp_gzip *gz)
{
    (void)gz;
}

long
pdnp_gzip_read(pdnp_input *in, char *dst, size_t size)
{
    (void)in;
    (void)dst;
    (void)size;
    return -1;
}

#endif /* HAVE_ZLIB */
