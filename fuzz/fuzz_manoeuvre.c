/* SPDX-License-Identifier: MIT */
/* libFuzzer target: pdn-db search --manoeuvre's parser
 * (tools/db/manoeuvre.c). A spec parses or is refused; a parsed one keeps
 * its bounds (a side, a kind, a ply window that is not empty), is placed
 * on the board of every GameType of fuzz_tool.h and compared with every
 * first move of its start position. */
/* fuzz-needs: pdn_fen_parse pdn_board_set_fen */
/* fuzz-sources: tools/db/manoeuvre.c tools/db/plies.c tools/common/tbuf.c tools/common/run.c */
#include <config.h>
#include "manoeuvre.h"
#include "fuzz_util.h"
#include "fuzz_tool.h"

typedef struct tried {
    const db_manoeuvre *v;
    unsigned long ply;       /* each move as another ply: the windows too */
} tried;

static void
after_move(void *ud, const pdn_board *c, const pdn_move *m)
{
    tried *t = ud;

    (void)fuzz_manoeuvre_on(t->v, c, ++t->ply, m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_strdup(data, size);
    db_manoeuvre v;
    size_t i;
    int r;

    r = db_manoeuvre_parse(&v, s);
    FUZZ_CHECK(r == 0 || r == -1, "return %d", r);
    if (r == 0) {
        FUZZ_CHECK(v.side == 'W' || v.side == 'B', "side %d", v.side);
        FUZZ_CHECK(v.kind == 0 || v.kind == 'M' || v.kind == 'K', "kind %d",
                   v.kind);
        FUZZ_CHECK(v.hi == 0 || v.lo <= v.hi, "plies %lu..%lu", v.lo, v.hi);
        FUZZ_CHECK(v.from.count <= PDN_FEN_MAX && v.to.count <= PDN_FEN_MAX,
                   "counts %zu %zu", v.from.count, v.to.count);
    }
    for (i = 0; r == 0 && i < sizeof fuzz_gametypes / sizeof *fuzz_gametypes;
         i++) {
        pdn_gametype gt;
        tried t = {&v, 0};

        if (db_manoeuvre_variant(&v, fuzz_gametypes[i]) &&
            pdn_gametype_parse(fuzz_gametypes[i], &gt, NULL) >= 0)
            fuzz_first_moves(&gt, after_move, &t);
    }
    free(s);
    return 0;
}
