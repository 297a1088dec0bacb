/* SPDX-License-Identifier: MIT */
/* Text that is not UTF-8, as the tools speak of it. Which code page a
 * game is read in is decided once, by the library's reader, for every
 * tool (pdn_game_encoding in pdn/reader.h): these name that decision and
 * the evidence behind it in the tools' messages. */
#ifndef PDN_TOOLS_TRANSCODE_H
#define PDN_TOOLS_TRANSCODE_H

#include <stddef.h>
#include "common.h"

/* Whether the n bytes at s are UTF-8 (or ASCII). */
int tc_is_utf8(const char *s, size_t n);
/* The name of code page cp for a text s[0..n): "Latin-1" for CP1252 text
 * with no byte 0x80-0x9F, else pdn_codepage_name's. */
const char *tc_name(pdn_codepage cp, const char *s, size_t n);
/* "Latin-1/1252 2, CP1251 14, KOI8-R 0, CP866 0 of 16 words": the words
 * of a game that read well under each code page. */
void tc_describe(tbuf *out, const pdn_encoding *enc);

#endif /* PDN_TOOLS_TRANSCODE_H */
