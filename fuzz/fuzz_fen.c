/* SPDX-License-Identifier: MIT */
/* libFuzzer target: FEN parse, then format and parse again; the canonical
 * form must read back without warning and format to the same text. */
/* fuzz-needs: pdn_fen_parse pdn_fen_format */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_strdup(data, size);
    char out[2048], again[2048];
    pdn_fen fen, back;
    pdn_error err;
    size_t n;
    int r;

    pdn_error_clear(&err);
    r = pdn_fen_parse(s, &fen, &err);
    FUZZ_CHECK(r >= -1 && r <= 1, "return %d", r);
    FUZZ_CHECK(strlen(err.text) < sizeof err.text, "text");
    FUZZ_CHECK((r == 0) == (err.code == PDN_OK), "code %d for %d", err.code, r);
    if (r >= 0) {
        FUZZ_CHECK(fen.count <= PDN_FEN_MAX, "count %zu", fen.count);
        n = pdn_fen_format(&fen, out, sizeof out);
        FUZZ_CHECK(n < sizeof out, "length %zu", n);
        FUZZ_CHECK(strlen(out) == n, "length %zu vs %zu", strlen(out), n);
        pdn_error_clear(&err);
        r = pdn_fen_parse(out, &back, &err);
        FUZZ_CHECK(r == 0, "'%s' read back with %d: %s", out, r, err.text);
        pdn_fen_format(&back, again, sizeof again);
        FUZZ_CHECK(strcmp(out, again) == 0, "'%s' != '%s'", out, again);
    }
    free(s);
    return 0;
}
