/* SPDX-License-Identifier: MIT */
/* libFuzzer target: pdn-db search --pattern's parser (tools/db/pattern.c).
 * A spec parses or is refused; a parsed one is placed on the board of
 * every GameType of fuzz_tool.h and compared with its start position and
 * the position after each first move, its colours reversed too; the
 * position of its own pieces holds it. */
/* fuzz-needs: pdn_fen_parse pdn_board_set_fen */
/* fuzz-sources: tools/db/pattern.c tools/db/plies.c tools/common/tbuf.c tools/common/run.c */
#include <config.h>
#include "pattern.h"
#include "fuzz_util.h"
#include "fuzz_tool.h"

static void
after_move(void *ud, const pdn_board *c, const pdn_move *m)
{
    (void)m;
    (void)fuzz_pattern_on(ud, c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_strdup(data, size);
    db_pattern p;
    size_t i;
    int r;

    r = db_pattern_parse(&p, s);
    FUZZ_CHECK(r == 0 || r == -1, "return %d", r);
    for (i = 0; r == 0 && i < sizeof fuzz_gametypes / sizeof *fuzz_gametypes;
         i++) {
        pdn_gametype gt;
        pdn_board *b;

        FUZZ_CHECK(p.have_pieces || p.have_empty, "an empty pattern");
        FUZZ_CHECK(p.pieces.count <= PDN_FEN_MAX &&
                       p.empty.count <= PDN_FEN_MAX,
                   "counts %zu %zu", p.pieces.count, p.empty.count);
        p.reversed = (int)(i & 1);
        if (!db_pattern_variant(&p, fuzz_gametypes[i]))
            continue;
        FUZZ_CHECK(p.n <= 2 * PDN_FEN_MAX, "%zu squares", p.n);
        if (pdn_gametype_parse(fuzz_gametypes[i], &gt, NULL) < 0 ||
            (b = pdn_board_new(&gt, NULL)) == NULL)
            continue;
        (void)fuzz_pattern_on(&p, b);
        /* the position of the pattern's own pieces holds it */
        if (p.have_pieces && pdn_board_set_fen(b, &p.pieces, NULL) == 0)
            FUZZ_CHECK(fuzz_pattern_on(&p, b) || p.have_empty,
                       "'%s' on %s: its own pieces do not hold it", s,
                       fuzz_gametypes[i]);
        pdn_board_free(b);
        fuzz_first_moves(&gt, after_move, &p);
    }
    free(s);
    return 0;
}
