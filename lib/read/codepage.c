/* SPDX-License-Identifier: MIT */
/* Code pages of legacy PDN files and the evidence that tells them apart
 * (input.h): Windows-1252, which covers printable Latin-1, and the
 * Cyrillic code pages of Russian archives (CP1251, KOI8-R, CP866). Every
 * word that holds a byte above 0x7F is decoded under each and judged as a
 * word of that script (one script per word, a plausible letter case, a
 * vowel in a Cyrillic word, few accented letters in a Latin one, no
 * box-drawing characters or signs between letters); two Cyrillic readings
 * that fit alike (KOI8-R and CP1251 swap the cases) are told apart by how
 * common their letters are in Russian text. A code page is taken only
 * when its words fit clearly better than every other's, or when the
 * candidates that fit as well decode the text to the same characters.
 * The tables give the Unicode code point of each byte 0x80-0xFF; bytes a
 * code page leaves undefined keep their C1 meaning, so that no byte is
 * lost. */
#include <config.h>
#include "input.h"

#include <string.h>

static const unsigned short cp1252_hi[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

static const unsigned short cp1251_hi[64] = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,
    0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
    0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x0098, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
    0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7,
    0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
    0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7,
    0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457};

/* KOI8-R 0xC0-0xFF: lower case first, in the order of the Latin letters
 * they sound like. */
static const unsigned short koi8r_hi[128] = {
    0x2500, 0x2502, 0x250C, 0x2510, 0x2514, 0x2518, 0x251C, 0x2524,
    0x252C, 0x2534, 0x253C, 0x2580, 0x2584, 0x2588, 0x258C, 0x2590,
    0x2591, 0x2592, 0x2593, 0x2320, 0x25A0, 0x2219, 0x221A, 0x2248,
    0x2264, 0x2265, 0x00A0, 0x2321, 0x00B0, 0x00B2, 0x00B7, 0x00F7,
    0x2550, 0x2551, 0x2552, 0x0451, 0x2553, 0x2554, 0x2555, 0x2556,
    0x2557, 0x2558, 0x2559, 0x255A, 0x255B, 0x255C, 0x255D, 0x255E,
    0x255F, 0x2560, 0x2561, 0x0401, 0x2562, 0x2563, 0x2564, 0x2565,
    0x2566, 0x2567, 0x2568, 0x2569, 0x256A, 0x256B, 0x256C, 0x00A9,
    0x044E, 0x0430, 0x0431, 0x0446, 0x0434, 0x0435, 0x0444, 0x0433,
    0x0445, 0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E,
    0x043F, 0x044F, 0x0440, 0x0441, 0x0442, 0x0443, 0x0436, 0x0432,
    0x044C, 0x044B, 0x0437, 0x0448, 0x044D, 0x0449, 0x0447, 0x044A,
    0x042E, 0x0410, 0x0411, 0x0426, 0x0414, 0x0415, 0x0424, 0x0413,
    0x0425, 0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E,
    0x041F, 0x042F, 0x0420, 0x0421, 0x0422, 0x0423, 0x0416, 0x0412,
    0x042C, 0x042B, 0x0417, 0x0428, 0x042D, 0x0429, 0x0427, 0x042A};

/* CP866 0xB0-0xDF and 0xF0-0xFF (0x80-0xAF and 0xE0-0xEF are the
 * Cyrillic alphabet in order, computed below). */
static const unsigned short cp866_box[48] = {
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556,
    0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,
    0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B,
    0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580};
static const unsigned short cp866_tail[16] = {
    0x0401, 0x0451, 0x0404, 0x0454, 0x0407, 0x0457, 0x040E, 0x045E,
    0x00B0, 0x2219, 0x00B7, 0x221A, 0x2116, 0x00A4, 0x25A0, 0x00A0};

/* The code point of byte c in code page cp. */
unsigned
pdnp_cp_code(int cp, unsigned char c)
{
    if (c < 0x80)
        return c;
    switch (cp) {
    case PDNP_CP1251:
        return c < 0xC0 ? cp1251_hi[c - 0x80] : 0x0410u + (c - 0xC0u);
    case PDNP_KOI8R:
        return koi8r_hi[c - 0x80];
    case PDNP_CP866:
        if (c < 0xB0)
            return 0x0410u + (c - 0x80u);
        if (c < 0xE0)
            return cp866_box[c - 0xB0];
        if (c < 0xF0)
            return 0x0440u + (c - 0xE0u);
        return cp866_tail[c - 0xF0];
    default:
        return c < 0xA0 ? cp1252_hi[c - 0x80] : c;
    }
}

/* Classes of a decoded character. */
enum { K_SYMBOL, K_BAD, K_LATIN, K_CYRILLIC };

/* Class of code point u (not ASCII) and whether it is an upper-case
 * letter. Punctuation that legacy texts use (quotes, dashes, the degree,
 * the numero sign...) is a neutral symbol; box drawing, mathematics and
 * C1 controls are not text. */
static int
classify(unsigned u, int *upper)
{
    *upper = 0;
    if ((u >= 0xC0 && u <= 0xFF && u != 0xD7 && u != 0xF7) ||
        u == 0x152 || u == 0x153 || u == 0x160 || u == 0x161 ||
        u == 0x178 || u == 0x17D || u == 0x17E || u == 0x192) {
        *upper = (u >= 0xC0 && u < 0xDF) || u == 0x152 || u == 0x160 ||
                 u == 0x178 || u == 0x17D;
        return K_LATIN;
    }
    if ((u >= 0x400 && u <= 0x45F) || u == 0x490 || u == 0x491) {
        *upper = u < 0x430 || u == 0x490;
        return K_CYRILLIC;
    }
    if ((u >= 0xA0 && u <= 0xBF) || u == 0xD7 || u == 0xF7 ||
        (u >= 0x2013 && u <= 0x203A) || u == 0x20AC || u == 0x2116 ||
        u == 0x2122 || u == 0x2C6 || u == 0x2DC)
        return K_SYMBOL;
    return K_BAD;
}

/* -100 ln of the frequency of each letter а..я in Russian text (ё: as
 * rare as ъ). */
static const unsigned short cyr_cost[32] = {
    253, 413, 310, 407, 351, 246, 471, 413, 260, 442, 335, 312, 344, 270, 221,
    357, 306, 290, 276, 365, 581, 460, 530, 427, 496, 552, 782, 396, 407, 581,
    512, 391};

static unsigned
lower_cyr(unsigned u)
{
    if (u >= 0x400 && u < 0x430)
        u += u < 0x410 ? 0x50 : 0x20;
    return u;
}

static unsigned
letter_cost(unsigned u)
{
    u = lower_cyr(u);
    return u >= 0x430 && u < 0x450 ? cyr_cost[u - 0x430] : 782;
}

static int
cyr_vowel(unsigned u)
{
    static const unsigned short v[] = {0x430, 0x435, 0x438, 0x43E, 0x443,
                                       0x44B, 0x44D, 0x44E, 0x44F, 0x451};
    size_t i;

    u = lower_cyr(u);
    for (i = 0; i < sizeof v / sizeof v[0]; i++)
        if (u == v[i])
            return 1;
    return 0;
}

/* How the word w (n bytes, one above 0x7F at least) reads in cp: 1 fits,
 * -1 does not, 0 says nothing (its only non-ASCII characters are
 * neutral symbols). Adds the cost of its Cyrillic letters to *cost. */
static int
judge(const unsigned char *w, size_t n, int cp, unsigned long *cost)
{
    size_t i, ascii = 0, latin = 0, cyr = 0, vowels = 0;
    int up, prev_lower = 0, gap = 0;

    for (i = 0; i < n; i++) {
        unsigned u = pdnp_cp_code(cp, w[i]);
        int k;

        if (u < 0x80) {
            ascii++;
            up = u <= 'Z';
        } else if ((k = classify(u, &up)) == K_BAD) {
            return -1;
        } else if (k == K_SYMBOL) {
            /* a sign between letters is another code page's letter,
             * save an apostrophe ("O’Neil") */
            gap |= ascii + latin + cyr != 0 && u != 0x2019 && u != 0x2018;
            continue;
        } else if (k == K_LATIN) {
            latin++;
        } else {
            cyr++;
            vowels += (size_t)cyr_vowel(u);
            *cost += letter_cost(u);
        }
        if ((up && prev_lower) || gap)
            return -1; /* "пЕТРОВ": another code page's case */
        prev_lower = !up;
    }
    if (latin + cyr == 0)
        return 0;
    if (cyr != 0)
        return ascii + latin == 0 && (cyr < 3 || vowels != 0) &&
                       (cyr < 4 || vowels * 5 >= cyr)
                   ? 1
                   : -1;
    /* a Latin word is mostly ASCII letters: "Kouamé", "Müller", "è" */
    return latin <= ascii + 1 ? 1 : -1;
}

static int
word_byte(unsigned char c)
{
    return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void
pdnp_cp_scan(pdnp_cpev *ev, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;

    while (p < end) {
        const unsigned char *w = p;
        int high = 0, cp, v;

        if (!word_byte(*p)) {
            p++;
            continue;
        }
        for (; p < end && word_byte(*p); p++) {
            high |= *p >= 0x80;
            ev->c1 += *p >= 0x80 && *p < 0xA0;
        }
        if (!high)
            continue;
        ev->words++;
        for (cp = 0; cp < PDNP_NCP; cp++) {
            unsigned long cost = 0;
            size_t k, cyr = 0;
            int up;

            v = judge(w, (size_t)(p - w), cp, &cost);
            ev->fit[cp] += v > 0;
            ev->misfit[cp] += v < 0;
            if (v <= 0)
                continue;
            for (k = 0; k < (size_t)(p - w); k++)
                cyr += classify(pdnp_cp_code(cp, w[k]), &up) == K_CYRILLIC;
            ev->letters[cp] += cyr;
            ev->cost[cp] += cost;
        }
    }
}

/* Whether s reads the same in code pages a and b. */
static int
same_text(const char *s, size_t n, int a, int b)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (pdnp_cp_code(a, (unsigned char)s[i]) != pdnp_cp_code(b, (unsigned char)s[i]))
            return 0;
    return 1;
}

static long
score(const pdnp_cpev *ev, int cp)
{
    return (long)ev->fit[cp] - (long)ev->misfit[cp];
}

/* Of two Cyrillic readings, the one whose letters are clearly the more
 * common in Russian (half a nat a letter, over 8 letters at least): 1 for
 * a, -1 for b, 0 when they do not differ so. */
static int
likelier(const pdnp_cpev *ev, int a, int b)
{
    unsigned long na = ev->letters[a], nb = ev->letters[b];

    if (a == PDNP_CP1252 || b == PDNP_CP1252 || na < 8 || nb < 8)
        return 0;
    /* mean cost a + 50 <= mean cost b, in integers */
    if ((ev->cost[a] + 50 * na) * nb <= ev->cost[b] * na)
        return 1;
    if ((ev->cost[b] + 50 * nb) * na <= ev->cost[a] * nb)
        return -1;
    return 0;
}

/* Whether cp is out of the running against best: no word reads under
 * it, it fits two words fewer, it reads the text alike, or its letters
 * are the less likely. */
static int
beaten(const pdnp_cpev *ev, int cp, int best, const char *s, size_t n)
{
    return (ev->fit[cp] == 0 && ev->misfit[cp] != 0) ||
           score(ev, cp) + 2 <= score(ev, best) ||
           (s != NULL && same_text(s, n, best, cp)) ||
           likelier(ev, best, cp) > 0;
}

int
pdnp_cp_verdict(const pdnp_cpev *ev, const char *s, size_t n)
{
    int cp, best = 0, round;

    for (cp = 1; cp < PDNP_NCP; cp++)
        if (score(ev, cp) > score(ev, best))
            best = cp;
    /* A close reading with the likelier letters takes the lead. */
    for (round = 0; round < PDNP_NCP; round++) {
        for (cp = 0; cp < PDNP_NCP; cp++)
            if (cp != best && score(ev, cp) + 2 > score(ev, best) &&
                likelier(ev, cp, best) > 0)
                break;
        if (cp == PDNP_NCP)
            break;
        best = cp;
    }
    if (ev->fit[best] == 0 && ev->misfit[best] != 0)
        return PDNP_CP_UNSURE;
    if (ev->misfit[best] != 0 && ev->fit[best] <= ev->misfit[best])
        return PDNP_CP_UNSURE;
    for (cp = 0; cp < PDNP_NCP; cp++)
        if (cp != best && !beaten(ev, cp, best, s, n))
            return PDNP_CP_UNSURE;
    return best;
}

int
pdnp_cp_to_utf8(pdnp_buf *b, const char *s, size_t n, int cp)
{
    size_t i;
    if (pdnp_buf_reserve(b, n * 3) < 0)
        return -1;
    for (i = 0; i < n; i++) {
        unsigned c = pdnp_cp_code(cp, (unsigned char)s[i]);
        char *o = b->data + b->len;
        if (c < 0x80) {
            o[0] = (char)c;
            b->len += 1;
        } else if (c < 0x800) {
            o[0] = (char)(0xC0 | (c >> 6));
            o[1] = (char)(0x80 | (c & 0x3F));
            b->len += 2;
        } else {
            o[0] = (char)(0xE0 | (c >> 12));
            o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
            o[2] = (char)(0x80 | (c & 0x3F));
            b->len += 3;
        }
    }
    b->data[b->len] = '\0';
    return 0;
}
