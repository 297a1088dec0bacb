/* SPDX-License-Identifier: MIT */
/* libFuzzer target: what a DXP engine sends, as the DXP client reads its
 * moves. The input is cut into messages at its NUL bytes; each is read
 * by pdn_dxp_move_parse in two positions (the International start, a
 * position with captures due): an error is a syntax, illegal or
 * ambiguous one; a move read is one of the legal moves, formats as a
 * MOVE message of the right length and reads back as itself. */
/* fuzz-needs: pdn_dxp_move_parse pdn_dxp_move_format */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_move(const pdn_board *b, const char *s, size_t n)
{
    pdn_move m, back;
    pdn_error err;
    char out[256];
    size_t k;

    if (pdn_dxp_move_parse(b, s, n, &m, &err) != 0) {
        FUZZ_CHECK(err.code == PDN_ESYNTAX || err.code == PDN_EILLEGAL ||
                       err.code == PDN_EAMBIGUOUS,
                   "code %d", err.code);
        return;
    }
    k = pdn_dxp_move_format(b, &m, 12.5, out, sizeof out);
    FUZZ_CHECK(k == 11 + 2 * (size_t)m.ncaptured && strlen(out) == k,
               "length %zu", k);
    FUZZ_CHECK(pdn_dxp_move_parse(b, out, k, &back, &err) == 0,
               "'%s' does not read back: %s", out, err.text);
    FUZZ_CHECK(back.n == m.n && back.ncaptured == m.ncaptured &&
                   memcmp(back.path, m.path, m.n) == 0,
               "'%s' reads back as another move", out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pdn_board *b[2];
    size_t start = 0, i;
    pdn_gametype gt;
    int j;

    if (b[0] == NULL) {
        pdn_gametype_standard(20, &gt);
        b[0] = pdn_board_new(&gt, NULL);
        b[1] = pdn_board_new(&gt, NULL);
        pdn_board_set_fen_string(b[1], "W:W27,28,32,K45:B17,18,19,22,23", NULL);
    }
    for (i = 0; i <= size; i++)
        if (i == size || data[i] == '\0') {
            for (j = 0; j < 2; j++)
                check_move(b[j], (const char *)data + start, i - start);
            start = i + 1;
        }
    return 0;
}
