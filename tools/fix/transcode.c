/* SPDX-License-Identifier: MIT */
/* Text that is not UTF-8 in the tools' messages (transcode.h). */
#include <config.h>
#include "transcode.h"

int
tc_is_utf8(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    size_t k;

    while (p < end) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        if ((size_t)(end - p) < 2 || (k = tool_utf8_len(p)) == 0 ||
            (size_t)(end - p) < k)
            return 0;
        p += k;
    }
    return 1;
}

const char *
tc_name(pdn_codepage cp, const char *s, size_t n)
{
    size_t i;

    if (cp == PDN_CP_1252) {
        for (i = 0; i < n; i++)
            if ((unsigned char)s[i] >= 0x80 && (unsigned char)s[i] < 0xA0)
                break;
        if (i == n)
            return "Latin-1";
    }
    return pdn_codepage_name(cp) != NULL ? pdn_codepage_name(cp) : "unknown";
}

void
tc_describe(tbuf *out, const pdn_encoding *enc)
{
    int cp, n, first = 1;

    for (cp = PDN_CP_1252; cp < PDN_CP_COUNT; cp++)
        tbuf_printf(out, "%s%s %lu", cp != PDN_CP_1252 ? ", " : "",
                    cp == PDN_CP_1252 ? "Latin-1/1252"
                                      : pdn_codepage_name((pdn_codepage)cp),
                    enc->fit[cp]);
    tbuf_printf(out, " of %lu words", enc->words);
    /* the tie-break of Cyrillic readings, when two have letters enough */
    for (cp = PDN_CP_1251, n = 0; cp < PDN_CP_COUNT; cp++)
        n += enc->rarity[cp] != 0;
    for (cp = PDN_CP_1251; n > 1 && cp < PDN_CP_COUNT; cp++) {
        if (enc->rarity[cp] == 0)
            continue;
        tbuf_printf(out, "%s %s %.1f", first ? "; letter rarity:" : ",",
                    pdn_codepage_name((pdn_codepage)cp), enc->rarity[cp]);
        first = 0;
    }
}
