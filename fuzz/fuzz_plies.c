/* SPDX-License-Identifier: MIT */
/* libFuzzer target: pdn-db's plies streams (tools/db/plies.c). The input
 * read as a stream is replayed on the board of every GameType of
 * fuzz_tool.h (refused or followed, never more); read as a game (a
 * GameType, then a byte per move choosing among the legal moves) it is
 * played, written as a stream, and the stream read back must give the
 * board the rules gave after every move. */
/* fuzz-needs: pdn_board_moves pdn_board_apply pdn_square_to_coord */
/* fuzz-sources: tools/db/plies.c tools/common/tbuf.c tools/common/run.c */
#include <config.h>
#include "plies.h"
#include "fuzz_util.h"
#include "fuzz_tool.h"

#include <string.h>

#define MAX_PLIES 200

typedef struct seen {
    db_squares want[MAX_PLIES + 1];
    size_t n, at;
    int bad;
} seen;

static int
any_fn(void *ud, const unsigned char *sq, unsigned long ply,
       const pdn_move *m)
{
    size_t *count = ud;

    (void)sq;
    (void)ply;
    (void)m;
    return ++*count > 100000;
}

static int
check_fn(void *ud, const unsigned char *sq, unsigned long ply,
         const pdn_move *m)
{
    seen *s = ud;

    (void)m;
    if (s->at > s->n || ply != s->at ||
        memcmp(sq, s->want[s->at], sizeof(db_squares)) != 0)
        s->bad = 1;
    s->at++;
    return s->bad;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static seen s;
    db_plies_geom g;
    db_plies_enc e;
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l;
    size_t i, count;
    int r;

    /* any bytes as a stream */
    for (i = 0; i < sizeof fuzz_gametypes / sizeof *fuzz_gametypes; i++) {
        memset(&g, 0, sizeof g);
        if (!db_plies_geom_for(&g, fuzz_gametypes[i]))
            continue;
        count = 0;
        r = db_plies_walk(&g, data, size, any_fn, &count);
        FUZZ_CHECK(r == 0 || r == -1, "walk returned %d", r);
    }
    /* a game: written, read back */
    if (size == 0)
        return 0;
    i = data[0] % (sizeof fuzz_gametypes / sizeof *fuzz_gametypes);
    memset(&g, 0, sizeof g);
    if (pdn_gametype_parse(fuzz_gametypes[i], &gt, NULL) < 0 ||
        !db_plies_geom_for(&g, fuzz_gametypes[i]) ||
        (b = pdn_board_new(&gt, NULL)) == NULL)
        return 0;
    l = pdn_movelist_new();
    memset(&e, 0, sizeof e);
    db_plies_begin(&e, &gt, b, 1);
    db_squares_of(b, s.want[0]);
    s.n = 0;
    for (i = 1; i < size && s.n < MAX_PLIES && l != NULL; i++) {
        const pdn_move *m;

        if (pdn_board_moves(b, l, NULL) < 0 || pdn_movelist_count(l) == 0)
            break;
        m = pdn_movelist_at(l, data[i] % pdn_movelist_count(l));
        pdn_board_apply(b, m);
        db_plies_move(&e, b, m);
        db_squares_of(b, s.want[++s.n]);
    }
    if (e.ok) {
        s.at = 0;
        s.bad = 0;
        r = db_plies_walk(&g, e.out.data, e.out.len, check_fn, &s);
        FUZZ_CHECK(r == 0 && !s.bad && s.at == s.n + 1,
                   "%s: the stream of %zu plies read back wrong at %zu",
                   fuzz_gametypes[data[0] % (sizeof fuzz_gametypes /
                                             sizeof *fuzz_gametypes)],
                   s.n, s.at);
    }
    db_plies_free(&e);
    pdn_movelist_free(l);
    pdn_board_free(b);
    return 0;
}
