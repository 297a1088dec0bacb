/* SPDX-License-Identifier: MIT */
/* Helpers shared by the unit tests that read the shared corpus. */
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
