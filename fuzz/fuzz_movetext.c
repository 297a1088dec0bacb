/* SPDX-License-Identifier: MIT */
/* libFuzzer target: one move token. A token that parses is formatted,
 * parsed again (strict mode: it must give the same squares), and mapped
 * to coords on every standard board. */
/* fuzz-needs: pdn_movetext_parse pdn_movetext_format pdn_movetext_coords */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

static const int types[] = {20, 21, 22, 23, 24, 25, 26, 27,
                            28, 29, 30, 31, 40, 41, 98};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pdn_movetext mt, back;
    unsigned char coords[PDN_PATH_MAX];
    char buf[512];
    pdn_gametype gt;
    pdn_error err;
    size_t n, i;

    /* The parser gets libFuzzer's buffer itself, which has no terminator:
     * a read past size is an ASan report. */
    if (pdn_movetext_parse((const char *)data, size, &mt) < 0)
        return 0;
    FUZZ_CHECK(mt.n >= 1 && mt.n <= PDN_PATH_MAX, "n %u", (unsigned)mt.n);
    n = pdn_movetext_format(&mt, buf, sizeof buf);
    FUZZ_CHECK(n < sizeof buf && strlen(buf) == n, "length %zu", n);
    if (fuzz_strict()) {
        FUZZ_CHECK(pdn_movetext_parse(buf, n, &back) == 0, "'%s'", buf);
        FUZZ_CHECK(back.n == mt.n &&
                       memcmp(back.sq, mt.sq, mt.n) == 0 &&
                       back.algebraic == mt.algebraic &&
                       back.file_only == mt.file_only,
                   "'%s' changed", buf);
    }
    for (i = 0; i < sizeof types / sizeof types[0]; i++) {
        pdn_gametype_standard(types[i], &gt);
        pdn_error_clear(&err);
        if (pdn_movetext_coords(&gt, &mt, coords, &err) < 0)
            FUZZ_CHECK(err.code == PDN_EMOVE, "code %d", err.code);
    }
    return 0;
}
