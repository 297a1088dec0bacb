/* SPDX-License-Identifier: MIT */
/* Helpers shared by the unit tests: the shared corpus walk, boards and
 * their move lists and FENs as text. */
#include <config.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <check.h>
#include "pdn/pdn.h"
#include "testutil.h"

/* nftw passes no user data: the walk's parameters live here for its
 * duration (the tests are single-threaded). */
static const char *walk_tag;
static const char *const *walk_exts;
static test_tag_fn *walk_fn;

static int
has_ext(const char *path)
{
    const char *ext = strrchr(path, '.');
    size_t i;

    for (i = 0; ext != NULL && walk_exts[i] != NULL; i++)
        if (strcmp(ext, walk_exts[i]) == 0)
            return 1;
    return 0;
}

static int
walk_file(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    char open[64], *buf, *p, *q;
    size_t n, lo;
    FILE *fp;

    (void)ftw;
    if (type != FTW_F || !has_ext(path))
        return 0;
    lo = (size_t)snprintf(open, sizeof open, "[%s \"", walk_tag);
    buf = malloc((size_t)st->st_size + 1);
    ck_assert_ptr_nonnull(buf);
    fp = fopen(path, "rb");
    ck_assert_ptr_nonnull(fp);
    n = fread(buf, 1, (size_t)st->st_size, fp);
    fclose(fp);
    buf[n] = '\0';
    for (p = buf; (p = strstr(p, open)) != NULL; p = q) {
        p += lo;
        q = strchr(p, '"');
        if (q == NULL)
            break;
        *q++ = '\0';
        walk_fn(path, p);
    }
    free(buf);
    return 0;
}

void
test_each_shared_tag(const char *tag, const char *const *exts,
                     test_tag_fn *fn)
{
    const char *shared = test_shared_dir();
    char path[4096];

    ck_assert_msg(shared != NULL, "../shared not found");
    walk_tag = tag;
    walk_exts = exts;
    walk_fn = fn;
    snprintf(path, sizeof path, "%s/corpus", shared);
    ck_assert_int_eq(nftw(path, walk_file, 16, FTW_PHYS), 0);
    snprintf(path, sizeof path, "%s/generated", shared);
    ck_assert_int_eq(nftw(path, walk_file, 16, FTW_PHYS), 0);
}

/* A board of GameType gt ("20", "21,W,8,8,N1,1", ...) set to fen, or at
 * the initial position when fen is NULL. */
pdn_board *
test_board_at(const char *gt_text, const char *fen)
{
    pdn_gametype gt;
    pdn_fen f;
    pdn_error err;
    pdn_board *b;

    pdn_error_clear(&err);
    ck_assert_msg(pdn_gametype_by_name(gt_text, &gt) == 0, "gametype %s",
                  gt_text);
    b = pdn_board_new(&gt, &err);
    ck_assert_msg(b != NULL, "board %s: %s", gt_text, err.text);
    if (fen != NULL) {
        ck_assert_msg(pdn_fen_parse(fen, &f, &err) >= 0, "fen %s: %s", fen,
                      err.text);
        ck_assert_msg(pdn_board_set_fen(b, &f, &err) == 0, "set %s: %s",
                      fen, err.text);
    }
    return b;
}

/* Name of coord: algebraic, or its number in the board's numbering. */
static void
sqname(const pdn_board *b, int coord, int alg, char *buf, size_t size)
{
    if (alg)
        snprintf(buf, size, "%c%d", 'a' + PDN_COORD_FILE(coord),
                 PDN_COORD_RANK(coord) + 1);
    else
        snprintf(buf, size, "%d",
                 pdn_coord_to_square(pdn_board_gametype(b), coord));
}

/* m written from-to (full: every landing square), '-' or 'x'. */
void
test_move_name(const pdn_board *b, const pdn_move *m, int alg, int full,
          char *buf, size_t size)
{
    char sq[8];
    size_t o = 0;
    int i;

    buf[0] = '\0';
    for (i = 0; i < m->n; i++) {
        if (!full && i > 0 && i < m->n - 1)
            continue;
        sqname(b, m->path[i], alg, sq, sizeof sq);
        o += (size_t)snprintf(buf + o, size - o, "%s%s",
                              i == 0 ? "" : (m->ncaptured ? "x" : "-"), sq);
    }
}

static int
cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The legal moves of b, sorted, space separated (see testutil.h). */
const char *
test_moves_text(const pdn_board *b, int alg, int full)
{
    static char out[4096];
    static char names[256][64];
    pdn_movelist *l = pdn_movelist_new();
    pdn_error err;
    size_t i, n, o = 0;

    pdn_error_clear(&err);
    ck_assert_ptr_nonnull(l);
    ck_assert_int_eq(pdn_board_moves(b, l, &err), 0);
    n = pdn_movelist_count(l);
    ck_assert_uint_le(n, 256);
    for (i = 0; i < n; i++)
        test_move_name(b, pdn_movelist_at(l, i), alg, full, names[i],
                  sizeof names[i]);
    qsort(names, n, sizeof names[0], cmp_str);
    out[0] = '\0';
    for (i = 0; i < n; i++)
        o += (size_t)snprintf(out + o, sizeof out - o, "%s%s",
                              i ? " " : "", names[i]);
    pdn_movelist_free(l);
    return out;
}

/* The board's position as a canonical FEN string. */
const char *
test_fen_of(const pdn_board *b)
{
    static char buf[1024];
    pdn_fen fen;

    pdn_board_get_fen(b, &fen);
    pdn_fen_format(&fen, buf, sizeof buf);
    return buf;
}

/* pdn_perft that must succeed (testutil.h). */
uint64_t
test_perft(const pdn_board *b, int depth, int merge)
{
    pdn_error err;
    uint64_t n = 7;

    pdn_error_clear(&err);
    ck_assert_msg(pdn_perft(b, depth, merge, &n, &err) == 0,
                  "perft depth %d: %s", depth, err.text);
    return n;
}
