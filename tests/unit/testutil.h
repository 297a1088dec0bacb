/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the unit tests. */
#ifndef PDN_TEST_UTIL_H
#define PDN_TEST_UTIL_H

#include <stdlib.h>
#include <sys/stat.h>

/* Every test case's timeout, in seconds: generous, so that a machine
 * busy with other work (a build daemon, load 20 and more on two cores)
 * does not fail a test that takes a second of CPU time; Check multiplies
 * it by $CK_TIMEOUT_MULTIPLIER (tcase_set_timeout and tcase_create both
 * honour it, and nothing here sets that variable). The default of the test
 * cases that set none is the same (check_main.c sets $CK_DEFAULT_TIMEOUT
 * when it is unset). The timeout bounds a hung test; speed goals belong in
 * bench/, never in a unit test. */
#define TEST_TIMEOUT 300
#define TEST_TIMEOUT_TEXT "300"

/* The shared reference folder (../shared beside the source tree, or
 * $PDN_SHARED), or NULL when it is absent. The tests that need it run in
 * the "shared" suite only (check_pdn --shared), which is skipped (exit
 * 77) without it; inside that suite a missing file is a failure. */
static inline const char *
test_shared_dir(void)
{
    static const char *const fallback = TOP_SRCDIR "/../shared";
    const char *env = getenv("PDN_SHARED");
    struct stat st;

    if (env != NULL && *env != '\0' && stat(env, &st) == 0)
        return env;
    if (stat(fallback, &st) == 0 && S_ISDIR(st.st_mode))
        return fallback;
    return NULL;
}

/* Calls fn(path, value) for every '[TAG "value"]' in the files of the
 * shared corpus and generated games whose names end in one of exts (a
 * NULL-terminated list, e.g. ".pdn"). Fails the test when the shared
 * folder is absent. testutil.c. */
typedef void test_tag_fn(const char *path, const char *value);
void test_each_shared_tag(const char *tag, const char *const *exts,
                          test_tag_fn *fn);

/* A board of GameType gt ("20", "russian", ...) set to fen, or at the
 * initial position when fen is NULL; fails the test otherwise.
 * testutil.c. */
struct pdn_board;
struct pdn_board *test_board_at(const char *gt_text, const char *fen);

/* m written as "c3-d4" or "c3xe5" (full: every landing square "c3xe5xg7"),
 * squares algebraic (alg) or numbered; the legal moves of b so written,
 * sorted and space separated (a static buffer); b's position as a
 * canonical FEN (a static buffer). testutil.c. */
struct pdn_move;
void test_move_name(const struct pdn_board *b, const struct pdn_move *m,
                    int alg, int full, char *buf, size_t size);
const char *test_moves_text(const struct pdn_board *b, int alg, int full);
const char *test_fen_of(const struct pdn_board *b);
/* pdn_perft(b, depth, merge) that must succeed: its count (the test fails
 * on an error). testutil.c. */
#include <stdint.h>
uint64_t test_perft(const struct pdn_board *b, int depth, int merge);

/* Path of a file in the source tree (tests/data/..., samples/...). */
#define TEST_SRC(rel) (TOP_SRCDIR "/" rel)

#endif
