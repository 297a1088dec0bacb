/* SPDX-License-Identifier: MIT */
/* libFuzzer target: what a DXP engine sends, as the DXP client reads its
 * moves. The input is cut into messages at its NUL bytes; each is read
 * by pdn_dxp_move_parse in two positions (the International start, a
 * position with captures due): an error is a syntax, illegal or
 * ambiguous one; a move read is one of the legal moves, formats as a
 * MOVE message of the right length and reads back as itself. */
/* fuzz-needs: pdn_dxp_move_parse pdn_dxp_move_format */
#include <config.h>
#include "fuzz_engine.h"

static void
check_move(const pdn_board *b, const char *s, size_t n)
{
    pdn_move m;
    char out[256];
    size_t k;

    if (fuzz_read_move(b, pdn_dxp_move_parse, s, n, &m, 1) != 0)
        return;
    k = pdn_dxp_move_format(b, &m, 12.5, out, sizeof out);
    FUZZ_CHECK(k == 11 + 2 * (size_t)m.ncaptured && strlen(out) == k,
               "length %zu", k);
    fuzz_reads_back(b, pdn_dxp_move_parse, out, k, &m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pdn_board *const *b = fuzz_engine_boards();
    size_t start = 0, i;
    int j;

    for (i = 0; i <= size; i++)
        if (i == size || data[i] == '\0') {
            for (j = 0; j < FUZZ_ENGINE_BOARDS; j++)
                check_move(b[j], (const char *)data + start, i - start);
            start = i + 1;
        }
    return 0;
}
