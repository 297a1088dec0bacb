/* SPDX-License-Identifier: MIT */
/* libFuzzer target: pdn_game_boundary, where the parallel reader cuts an
 * input. The first two bytes choose from (a fraction of the text) and
 * most (0: no limit); the rest is the text, in a buffer of its exact size
 * so that a read past its end is caught. A cut lies inside the text
 * (never at 0), at a '[' or a blank after a result token; the cuts move
 * forward with from and with most, and from 0 and most 1 both give the
 * first game's. */
/* fuzz-needs: pdn_game_boundary */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

static void
check_cut(const char *d, size_t n, size_t cut)
{
    if (cut == 0)
        return;
    FUZZ_CHECK(cut < n, "cut %zu of %zu bytes", cut, n);
    FUZZ_CHECK(d[cut] == '[' || d[cut] == ' ' || d[cut] == '\t' ||
                   d[cut] == '\n' || d[cut] == '\r',
               "cut %zu at byte 0x%02x", cut, (unsigned char)d[cut]);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n, from, most, cut, c0, c1, prev, i;
    char *d;

    if (size < 2)
        return 0;
    n = size - 2;
    from = n * data[0] / 255;
    most = data[1] == 0 ? (size_t)-1 : data[1];
    d = malloc(n > 0 ? n : 1);
    if (d == NULL)
        abort();
    if (n > 0)
        memcpy(d, data + 2, n);

    FUZZ_CHECK(pdn_game_boundary(NULL, n, from, most) == 0, "NULL");
    FUZZ_CHECK(pdn_game_boundary(d, 0, 0, 1) == 0, "empty");
    cut = pdn_game_boundary(d, n, from, most);
    check_cut(d, n, cut);
    /* the first game's cut, asked two ways */
    c0 = pdn_game_boundary(d, n, 0, (size_t)-1);
    c1 = pdn_game_boundary(d, n, (size_t)-1, 1);
    check_cut(d, n, c0);
    FUZZ_CHECK(c0 == c1, "first cut %zu (from 0) vs %zu (most 1)", c0, c1);
    /* with no game there, no cut at all */
    FUZZ_CHECK(c0 != 0 || cut == 0, "cut %zu with no first game", cut);
    FUZZ_CHECK(cut == 0 || cut >= c0, "cut %zu before the first %zu", cut,
               c0);
    /* later from, later most: a cut no earlier, or none */
    prev = c0;
    for (i = 1; i <= 4; i++) {
        size_t c = pdn_game_boundary(d, n, n * i / 4, (size_t)-1);

        check_cut(d, n, c);
        FUZZ_CHECK(c == 0 || (prev != 0 && c >= prev),
                   "from %zu: cut %zu after %zu", n * i / 4, c, prev);
        prev = c;
    }
    prev = c0;
    for (i = 2; i <= 6; i++) {
        size_t c = pdn_game_boundary(d, n, (size_t)-1, i);

        check_cut(d, n, c);
        FUZZ_CHECK(c == 0 || (prev != 0 && c >= prev),
                   "most %zu: cut %zu after %zu", i, c, prev);
        prev = c;
    }
    free(d);
    return 0;
}
