/* SPDX-License-Identifier: MIT */
/* For the targets over the engine client's move readers (fuzz_hub.c,
 * fuzz_dxp.c): the positions they read moves in and the read-back check
 * of a move they wrote. */
#ifndef PDN_FUZZ_ENGINE_H
#define PDN_FUZZ_ENGINE_H

#include "pdn/pdn.h"
#include "fuzz_util.h"

#define FUZZ_ENGINE_BOARDS 2

/* A reader of a move in a protocol's text, as pdn_engine_move_parse. */
typedef int fuzz_move_parse_fn(const pdn_board *b, const char *s,
                               size_t len, pdn_move *m, pdn_error *err);

/* The International start and a position with captures due, made at the
 * first call. */
static pdn_board *const *
fuzz_engine_boards(void)
{
    static pdn_board *b[FUZZ_ENGINE_BOARDS];
    pdn_gametype gt;

    if (b[0] == NULL) {
        pdn_gametype_standard(20, &gt);
        b[0] = pdn_board_new(&gt, NULL);
        b[1] = pdn_board_new(&gt, NULL);
        pdn_board_set_fen_string(b[1], "W:W27,28,32,K45:B17,18,19,22,23", NULL);
    }
    return b;
}

/* s (n bytes) read through parse in b: 0 with *m, or -1 after checking
 * that the error is a syntax or illegal one (or, when ambiguous is 1, an
 * ambiguous one). */
static int
fuzz_read_move(const pdn_board *b, fuzz_move_parse_fn *parse, const char *s,
               size_t n, pdn_move *m, int ambiguous)
{
    pdn_error err;

    if (parse(b, s, n, m, &err) == 0)
        return 0;
    FUZZ_CHECK(err.code == PDN_ESYNTAX || err.code == PDN_EILLEGAL ||
                   (ambiguous && err.code == PDN_EAMBIGUOUS),
               "code %d", err.code);
    return -1;
}

/* out (k bytes), written for m, reads back through parse as m itself. */
static void
fuzz_reads_back(const pdn_board *b, fuzz_move_parse_fn *parse,
                const char *out, size_t k, const pdn_move *m)
{
    pdn_move back;
    pdn_error err;

    FUZZ_CHECK(parse(b, out, k, &back, &err) == 0,
               "'%s' does not read back: %s", out, err.text);
    FUZZ_CHECK(back.n == m->n && back.ncaptured == m->ncaptured &&
                   memcmp(back.path, m->path, m->n) == 0,
               "'%s' reads back as another move", out);
}

#endif
