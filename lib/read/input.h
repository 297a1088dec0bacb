/* SPDX-License-Identifier: MIT */
/* The reader's bottom layer: a sliding window over the byte source
 * (memory, FILE or callback), what the bytes are (text encodings, binary
 * input), and lines and columns. Lines are counted here only: every line
 * end any scanner passes goes through pdnp_input_newline(). Knows nothing
 * of tokens or games. Never installed. */
#ifndef PDN_READ_INPUT_H
#define PDN_READ_INPUT_H

#include <stddef.h>
#include <stdio.h>
#include "core/pdn_private.h"
#include "pdn/reader.h"

/* ---- Encodings (encoding.c) ---- */
/* 1 when s[0..n) has a byte >= 0x80. */
int pdnp_has_high(const char *s, size_t n);
/* 1 when s[0..n) is valid UTF-8. */
int pdnp_utf8_valid(const char *s, size_t n);

/* ---- Code pages of text that is not UTF-8 (codepage.c) ---- */
/* Indices of the evidence arrays; pdn_codepage (reader.h) is one more. */
enum { PDNP_CP_UNSURE = -1, PDNP_CP1252 = 0, PDNP_CP1251, PDNP_KOI8R,
       PDNP_CP866, PDNP_NCP };
/* What the words of a text say (zeroed at the start). */
typedef struct pdnp_cpev {
    unsigned long fit[PDNP_NCP];    /* words that read well under each */
    unsigned long misfit[PDNP_NCP]; /* words that do not */
    unsigned long words;            /* words with a byte above 0x7F */
    unsigned long c1;               /* bytes 0x80-0x9F */
    unsigned long letters[PDNP_NCP];/* Cyrillic letters of fitting words */
    unsigned long cost[PDNP_NCP];   /* their surprise in Russian text:
                                       -100 ln(frequency), summed */
} pdnp_cpev;
/* Unicode code point of byte c in code page cp (PDNP_CP1252...). */
unsigned pdnp_cp_code(int cp, unsigned char c);
/* Adds the evidence of the words of s[0..n) to *ev. */
void pdnp_cp_scan(pdnp_cpev *ev, const char *s, size_t n);
/* The code page *ev points to, or PDNP_CP_UNSURE. s[0..n): the text, to
 * tell whether candidates that fit as well decode it alike (NULL: they
 * are taken to differ). */
int pdnp_cp_verdict(const pdnp_cpev *ev, const char *s, size_t n);
/* Appends s[0..n) read in code page cp to b as UTF-8. 0 or -1 (ENOMEM). */
int pdnp_cp_to_utf8(pdnp_buf *b, const char *s, size_t n, int cp);
/* What an input starting with d[0..n) is when it is not text (gzip, zip,
 * bzip2, xz, zstd, UTF-16), as a message, or NULL. */
const char *pdnp_sniff_start(const unsigned char *d, size_t n);

/* ---- The window (input.c) ---- */
enum { PDNP_SRC_MEM, PDNP_SRC_FILE, PDNP_SRC_CB };
typedef struct pdnp_gzip pdnp_gzip;

typedef struct pdnp_input {
    int kind;
    FILE *fp;
    pdn_read_fn *fn;
    void *ud;
    const char *data; /* window: data[0] is absolute offset base */
    char *own;        /* our buffer (file, callback); NULL for memory */
    size_t len;       /* bytes in the window */
    size_t scan_end;  /* an item that starts before this index may be
                       * scanned up to 128 bytes with no check of the
                       * window's end: len when the window is ours (it is
                       * NUL-terminated), len - 128 in a caller's buffer */
    size_t cap;
    size_t base;      /* absolute offset of data[0] */
    int eof;
    int ioerr;
    /* Not text: what the input is (a message), set when its first bytes
     * or a NUL byte give it away; the window then ends there, at absolute
     * offset binary_at, and nothing more is read. */
    const char *binary;
    size_t binary_at;
    /* Lines: the number of the line being read (1-based) and the
     * absolute offset of its first byte. */
    unsigned long line;
    size_t line_off;
    pdnp_gzip *gz;    /* gzip input being inflated (gzip.c), else NULL */
} pdnp_input;

void pdnp_input_init_mem(pdnp_input *in, const char *buf, size_t len);
void pdnp_input_init_file(pdnp_input *in, FILE *fp);
void pdnp_input_init_cb(pdnp_input *in, pdn_read_fn *fn, void *ud);
void pdnp_input_free(pdnp_input *in);
/* Reads more bytes into the window. Returns the number added, 0 at the end
 * of input, -1 on a read error (ioerr set) or memory shortage (-2). */
long pdnp_input_fill(pdnp_input *in);
/* Drops the bytes before window index keep. */
void pdnp_input_discard(pdnp_input *in, size_t keep);

/* Gzip input (gzip.c). available: 1 when built with zlib. start: in reads
 * gzip from here on, head[0..n) its first compressed bytes (a memory
 * source: the whole input, used in place); 0 or -1 (memory). read: inflates
 * up to size bytes into dst: their number, 0 at the end (or after setting
 * in->binary for corrupt or truncated data), -1 on a read error (ioerr
 * set), -2 when memory runs out. */
int pdnp_gzip_available(void);
int pdnp_gzip_start(pdnp_input *in, const char *head, size_t n);
long pdnp_gzip_read(pdnp_input *in, char *dst, size_t size);
void pdnp_gzip_free(pdnp_gzip *gz);

/* A line ends just before window index next (which is past its LF, or
 * its CR, or its CR LF): the one place that counts lines. */
static inline void
pdnp_input_newline(pdnp_input *in, size_t next)
{
    in->line++;
    in->line_off = in->base + next;
}
/* Counts the line ends in window bytes [from, to) (comments and prose
 * span lines). A CR LF pair split across to is counted at the CR. */
void pdnp_input_count_lines(pdnp_input *in, size_t from, size_t to);
/* Position of window byte idx on the current line (every line end before
 * it counted). */
static inline pdn_pos
pdnp_input_pos(const pdnp_input *in, size_t idx)
{
    pdn_pos p;
    p.offset = in->base + idx;
    p.line = in->line;
    p.column = p.offset >= in->line_off ? p.offset - in->line_off + 1 : 1;
    return p;
}

#endif /* PDN_READ_INPUT_H */
