/* SPDX-License-Identifier: MIT */
/* libFuzzer target: GameType parse and by_name; an accepted GameType must
 * format and parse back to itself, and its numbering must round-trip for
 * every square. */
/* fuzz-needs: pdn_gametype_parse pdn_gametype_by_name pdn_square_to_coord */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

static int
same(const pdn_gametype *a, const pdn_gametype *b)
{
    return a->type == b->type && a->rules == b->rules &&
           a->giveaway == b->giveaway && a->start == b->start &&
           a->width == b->width && a->height == b->height &&
           a->notation == b->notation && a->corner == b->corner &&
           a->invert == b->invert;
}

static void
check(const pdn_gametype *gt)
{
    char buf[64], name[16];
    pdn_gametype back;
    int n, num, c;

    n = (int)pdn_gametype_format(gt, buf, sizeof buf);
    FUZZ_CHECK(n > 0 && (size_t)n < sizeof buf, "length %d", n);
    FUZZ_CHECK(pdn_gametype_parse(buf, &back, NULL) == 0, "'%s'", buf);
    FUZZ_CHECK(same(gt, &back), "'%s' changed", buf);
    FUZZ_CHECK(pdn_gametype_by_name(pdn_gametype_name(gt), &back) == 0 &&
                   back.rules == gt->rules && back.giveaway == gt->giveaway,
               "name '%s'", pdn_gametype_name(gt));
    n = pdn_square_count(gt);
    FUZZ_CHECK(n > 0 && n <= 144, "count %d", n);
    for (num = 1; num <= n; num++) {
        c = pdn_square_to_coord(gt, num);
        FUZZ_CHECK(c >= 0 && pdn_coord_playable(gt, c), "square %d", num);
        FUZZ_CHECK(pdn_coord_to_square(gt, c) == num, "square %d", num);
        pdn_coord_name(gt, c, name, sizeof name);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_strdup(data, size);
    pdn_gametype gt;
    pdn_error err;
    int r;

    pdn_error_clear(&err);
    r = pdn_gametype_parse(s, &gt, &err);
    FUZZ_CHECK(r >= -1 && r <= 1, "return %d", r);
    FUZZ_CHECK((r == 0) == (err.code == PDN_OK), "code %d", err.code);
    if (r >= 0)
        check(&gt);
    if (pdn_gametype_by_name(s, &gt) == 0)
        check(&gt);
    free(s);
    return 0;
}
