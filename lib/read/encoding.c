/* SPDX-License-Identifier: MIT */
/* Text encodings met in PDN files: UTF-8 validation and input that is not
 * text (the code pages of text that is not UTF-8: codepage.c). */
#include <config.h>
#include "input.h"

#include <string.h>

int
pdnp_has_high(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 1;
    return 0;
}

/* Strict UTF-8 (no overlong forms, surrogates or values past U+10FFFF):
 * a game is transcoded from CP1252 as soon as one string fails. */
int
pdnp_utf8_valid(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;

    while (p < end) {
        unsigned c = *p;
        size_t k;
        unsigned cp;
        if (c < 0x80) {
            p++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            k = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            k = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            k = 3;
            cp = c & 0x07;
        } else {
            return 0;
        }
        if ((size_t)(end - p) <= k)
            return 0;
        for (size_t i = 1; i <= k; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        /* Overlong forms, surrogates and values past U+10FFFF. */
        if ((k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return 0;
        p += k + 1;
    }
    return 1;
}

/* Input that is not text, recognised from its first bytes (magic numbers
 * of compressed files and archives, UTF-16): what it is, for the error
 * message, or NULL. A NUL byte anywhere else is found by the input layer
 * (input.c). */
const char *
pdnp_sniff_start(const unsigned char *d, size_t n)
{
    size_t i, even = 0, odd = 0, pairs;

    if (n >= 2 && d[0] == 0x1F && d[1] == 0x8B)
#ifdef HAVE_ZLIB
        return "gzip-compressed file: decompress it first";
#else
        return "gzip-compressed file, and this libpdn was built without "
               "zlib: decompress it first";
#endif
    if (n >= 4 && d[0] == 'P' && d[1] == 'K' &&
        ((d[2] == 3 && d[3] == 4) || (d[2] == 5 && d[3] == 6)))
        return "zip archive: extract it first";
    if (n >= 4 && d[0] == 'B' && d[1] == 'Z' && d[2] == 'h' &&
        d[3] >= '1' && d[3] <= '9')
        return "bzip2-compressed file: decompress it first";
    if (n >= 6 && memcmp(d, "\xFD" "7zXZ\0", 6) == 0)
        return "xz-compressed file: decompress it first";
    if (n >= 4 && memcmp(d, "\x28\xB5\x2F\xFD", 4) == 0)
        return "zstd-compressed file: decompress it first";
    if (n >= 2 && d[0] == 0xFF && d[1] == 0xFE)
        return "UTF-16 little-endian text (byte order mark FF FE): "
               "convert it to UTF-8 first";
    if (n >= 2 && d[0] == 0xFE && d[1] == 0xFF)
        return "UTF-16 big-endian text (byte order mark FE FF): "
               "convert it to UTF-8 first";
    /* ASCII as UTF-16 without a mark: every other byte is NUL. */
    pairs = (n < 256 ? n : 256) / 2;
    for (i = 0; i < pairs; i++) {
        unsigned char a = d[2 * i], b = d[2 * i + 1];
        even += a == 0 && b != 0 && b < 0x80;
        odd += b == 0 && a != 0 && a < 0x80;
    }
    if (pairs >= 2 && odd == pairs)
        return "UTF-16 little-endian text (ASCII interleaved with NUL "
               "bytes): convert it to UTF-8 first";
    if (pairs >= 2 && even == pairs)
        return "UTF-16 big-endian text (ASCII interleaved with NUL "
               "bytes): convert it to UTF-8 first";
    return NULL;
}
