/* SPDX-License-Identifier: MIT */
/* The code page of text that is not UTF-8, decided by evidence: every
 * word that holds a byte above 0x7F is decoded under each candidate
 * (Windows-1252, which covers printable Latin-1, and the Cyrillic code
 * pages of Russian archives: CP1251, KOI8-R, CP866) and judged as a word
 * of that script (one script per word, a plausible letter case, a vowel
 * in a Cyrillic word, few accented letters in a Latin one, no box-drawing
 * characters or signs between letters), and two Cyrillic readings that
 * fit alike (KOI8-R and CP1251 swap the cases) by how common their
 * letters are in Russian text. A code page is taken only when its words fit clearly
 * better than every other's, or when the candidates that fit as well
 * decode the text to the same characters; otherwise the verdict is
 * "unsure" and the caller leaves the bytes alone. */
#ifndef PDN_TOOLS_TRANSCODE_H
#define PDN_TOOLS_TRANSCODE_H

#include <stddef.h>
#include "common.h"

enum { TC_UNSURE = -1, TC_CP1252 = 0, TC_CP1251, TC_KOI8R, TC_CP866,
       TC_COUNT };

/* What the words of a text say. */
typedef struct tc_evidence {
    unsigned long fit[TC_COUNT];    /* words that read well under each */
    unsigned long misfit[TC_COUNT]; /* words that do not */
    unsigned long words;            /* words with a byte above 0x7F */
    unsigned long c1;               /* bytes 0x80-0x9F (CP1252, not
                                       Latin-1) */
    unsigned long letters[TC_COUNT];/* Cyrillic letters of fitting words */
    unsigned long cost[TC_COUNT];   /* their surprise in Russian text:
                                       -100 ln(frequency), summed */
} tc_evidence;

/* Whether the n bytes at s are UTF-8 (or ASCII). */
int tc_is_utf8(const char *s, size_t n);
/* Adds the evidence of the n bytes at s to *ev (which starts zeroed). */
void tc_scan(tc_evidence *ev, const char *s, size_t n);
/* Adds, line by line, the evidence of the lines of s that are not valid
 * UTF-8. */
void tc_scan_lines(tc_evidence *ev, const char *s, size_t n);
/* The code page *ev points to, or TC_UNSURE. s, n: the text, to tell
 * whether candidates that fit as well decode it alike (NULL: they are
 * taken to differ). */
int tc_verdict(const tc_evidence *ev, const char *s, size_t n);
/* "Latin-1" (CP1252 with no byte 0x80-0x9F), "Windows-1252", "CP1251",
 * "KOI8-R", "CP866". */
const char *tc_name(int cp, const tc_evidence *ev);
/* Appends the n bytes at s decoded from code page cp as UTF-8. */
void tc_decode(tbuf *out, const char *s, size_t n, int cp);
/* "CP1251 14 words, KOI8-R 0, ..." : the counts behind a verdict. */
void tc_describe(tbuf *out, const tc_evidence *ev);

#endif /* PDN_TOOLS_TRANSCODE_H */
