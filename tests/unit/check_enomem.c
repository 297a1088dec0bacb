/* SPDX-License-Identifier: MIT */
/* Out of memory everywhere: each scenario is run with its first, second,
 * third... allocation failing (lib/core/alloc.c's hook), until a run in which
 * no allocation failed. Every failed run must end in PDN_ENOMEM (or in
 * the result of a clean run, where the library can do without the
 * memory), never in a crash, a wrong result or a leak (make
 * check-valgrind runs these tests under valgrind). Then the other
 * failures of the outside world: a sink that refuses bytes, a file that
 * cannot be read. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/pdn.h"
#include "core/pdn_private.h"
#include "suites.h"
#include "testutil.h"

/* One scenario: returns PDN_OK or the error code it met, having freed all
 * it allocated. */
typedef int scenario_fn(void);

/* Runs fn under allocation failures 0, 1, 2, ...; returns the number of
 * runs that gave PDN_ENOMEM. */
static long
drive(scenario_fn *fn)
{
    long n, nomem = 0;
    int clean = fn();

    ck_assert_int_eq(clean, PDN_OK);
    for (n = 0; n < 200000; n++) {
        void *probe;
        int code;

        pdnp_alloc_fail_after(n);
        code = fn();
        /* The hook fired when it still refuses memory. */
        probe = pdnp_malloc(1);
        pdnp_alloc_fail_after(-1);
        if (probe != NULL) {
            pdnp_free(probe);
            ck_assert_int_eq(code, PDN_OK);
            return nomem;
        }
        ck_assert_msg(code == PDN_ENOMEM || code == PDN_OK,
                      "allocation %ld failing gave code %d", n, code);
        nomem += code == PDN_ENOMEM;
    }
    ck_abort_msg("more than 200000 allocations");
    return nomem;
}

/* A game with every kind of content: more tags than fit in the game
 * itself, comments before and after moves, nested and empty variations
 * with comments, NAGs, strengths, a setup, a game comment. */
static const char rich[] =
    "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n"
    "[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[GameType \"20\"]\n"
    "[A1 \"1\"]\n[A2 \"2\"]\n[A3 \"3\"]\n[A4 \"4\"]\n[A5 \"5\"]\n"
    "[A6 \"6\"]\n[A7 \"7\"]\n[A8 \"8\"]\n[A9 \"Kouam\xc3\xa9 \xe2\x82\xac\"]\n"
    "[A10 \"a \\\"q\\\"\"]\n"
    "{before} 1. 32-28 {after} $1 19-23! (18-23 {v} 2. 37-32 (() {empty} "
    "2. 38-32 ({deep} 2. 33-29)) 12-18) ({c} ) () 2. 28x19 14x23 "
    "/FEN \"W:W31,32,33:B18,19,20\"/ 3. 33-28 ; a } b\n23x32 4. 37x28?? "
    "{end} 1-0\n\n";

static int
parse_rich(void)
{
    pdn_error e;
    pdn_game *g;
    char *s;
    int code = PDN_OK;

    pdn_error_clear(&e);
    g = pdn_parse_string(rich, strlen(rich), &e);
    if (g == NULL)
        return e.code;
    s = pdn_game_to_string(g, PDN_WRITE_COMPAT, NULL, &e);
    if (s == NULL)
        code = e.code;
    free(s);
    s = pdn_game_to_string(g, PDN_WRITE_PDN3 | PDN_WRITE_CRLF, NULL, &e);
    if (s == NULL && code == PDN_OK)
        code = e.code;
    free(s);
    s = pdn_game_to_string(g, PDN_WRITE_COMPAT | PDN_WRITE_LATIN1, NULL, &e);
    if (s == NULL && code == PDN_OK)
        code = e.code;
    free(s);
    pdn_game_free(g);
    return code;
}

START_TEST(test_enomem_parse_and_write)
{
    ck_assert_int_gt(drive(parse_rich), 10);
}
END_TEST

/* Several games through a callback source in small chunks, the second
 * with an error the reader recovers from, the third big enough for the
 * reader's window to grow. */
static char *many;
static size_t many_len;

typedef struct chunks {
    size_t at;
} chunks;

static size_t
read_chunk(void *buf, size_t size, void *ud)
{
    chunks *c = ud;
    size_t n = many_len - c->at;

    if (n > 7)
        n = 7;
    if (n > size)
        n = size;
    memcpy(buf, many + c->at, n);
    c->at += n;
    return n;
}

static int
read_many(void)
{
    chunks c = {0};
    pdn_reader *r = pdn_reader_new_cb(read_chunk, &c, "many");
    pdn_game *g;
    pdn_error e;
    int rc, code = PDN_OK, games = 0;

    if (r == NULL)
        return PDN_ENOMEM;
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        if (rc < 0 && e.code == PDN_ENOMEM)
            code = PDN_ENOMEM;
        else
            games++;
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    if (code == PDN_OK)
        ck_assert_int_eq(games, 3);
    return code;
}

START_TEST(test_enomem_reader_callback_source)
{
    size_t o, i;

    many = malloc(40000);
    ck_assert_ptr_nonnull(many);
    o = (size_t)snprintf(many, 40000, "%s[Event \"two\"]\n1. 32-28 ) * \n\n"
                         "[Event \"three\"]\n", rich);
    for (i = 0; o + 40 < 40000 && i < 1500; i++)
        o += (size_t)snprintf(many + o, 40000 - o, "{%zu} ", i);
    o += (size_t)snprintf(many + o, 40000 - o, "1. 32-28 *\n");
    many_len = o;
    ck_assert_int_gt(drive(read_many), 10);
    free(many);
}
END_TEST

/* A game built through the API: tags, result, moves renamed. */
static int
build_game(void)
{
    pdn_game *g = pdn_game_new();
    pdn_game *h;
    pdn_error e;
    char name[16];
    int i, code = PDN_OK;

    if (g == NULL)
        return PDN_ENOMEM;
    for (i = 0; i < 40 && code == PDN_OK; i++) {
        snprintf(name, sizeof name, "T%d", i);
        if (pdn_game_set_tag(g, name, "a value that is long enough") < 0)
            code = PDN_ENOMEM;
    }
    if (code == PDN_OK && pdn_game_set_result(g, "2-0") < 0)
        code = PDN_ENOMEM;
    pdn_game_free(g);
    if (code != PDN_OK)
        return code;
    pdn_error_clear(&e);
    h = pdn_parse_string(rich, strlen(rich), &e);
    if (h == NULL)
        return e.code;
    if (pdn_node_set_text(pdn_game_first_mut(h), "31-27") < 0)
        code = PDN_ENOMEM;
    pdn_game_free(h);
    return code;
}

START_TEST(test_enomem_game_builder)
{
    ck_assert_int_gt(drive(build_game), 3);
}
END_TEST

/* Editing and replaying (#20): the rich game cloned (equal or ENOMEM),
 * edited, and its main line and a variation replayed. */
static int
edit_replay(void)
{
    pdn_error e;
    pdn_game *g, *c;
    pdn_replay *r;
    pdn_node *n;
    int code = PDN_OK, rc;

    pdn_error_clear(&e);
    if ((g = pdn_parse_string(rich, strlen(rich), &e)) == NULL)
        return e.code;
    if ((c = pdn_game_clone(g)) == NULL) {
        pdn_game_free(g);
        return PDN_ENOMEM;
    }
    /* unequal only when the comparison itself ran out of memory */
    if (pdn_game_equal(g, c, NULL) != 1) {
        void *probe = pdnp_malloc(1);
        ck_assert_ptr_null(probe);
        code = PDN_ENOMEM;
    }
    n = pdn_node_next_mut(pdn_game_first_mut(c));
    if (code != PDN_OK || pdn_node_add_comment(n, PDN_AFTER, "x") != 0 ||
        pdn_node_add_nag(n, 4) != 0 ||
        pdn_node_add_variation(n, "17-22", &e) == NULL ||
        pdn_node_promote_variation(n, 0) == NULL)
        code = PDN_ENOMEM;
    if ((r = pdn_replay_new()) == NULL) {
        code = PDN_ENOMEM;
    } else if (code == PDN_OK) {
        rc = pdn_replay_start(r, g, pdn_node_variation_at(
                                        pdn_node_next(pdn_game_first(g)), 0),
                              &e);
        while (rc >= 0 && (rc = pdn_replay_next(r, &e)) == 1)
            continue;
        if (rc < 0 && e.code == PDN_ENOMEM)
            code = PDN_ENOMEM;
    }
    pdn_replay_free(r);
    pdn_game_free(c);
    pdn_game_free(g);
    return code;
}

START_TEST(test_enomem_edit_and_replay)
{
    ck_assert_int_gt(drive(edit_replay), 3);
}
END_TEST

/* Rules: a board, its moves in a position with long king captures, a
 * move played, perft. */
static int
rules(void)
{
    pdn_gametype gt;
    pdn_fen fen;
    pdn_error e;
    pdn_board *b;
    pdn_movelist *l, *s;
    pdn_movetext mt;
    pdn_match m;
    uint64_t nodes;
    int code = PDN_OK;

    ck_assert_int_eq(pdn_gametype_standard(20, &gt), 0);
    ck_assert_int_ge(pdn_fen_parse("W:WK46,K50,31,32:BK5,7,8,9,18,19,28,29,"
                                   "38,39",
                                   &fen, NULL),
                     0);
    pdn_error_clear(&e);
    b = pdn_board_new(&gt, &e);
    if (b == NULL)
        return e.code;
    l = pdn_movelist_new();
    s = pdn_movelist_new();
    if (l == NULL || s == NULL) {
        code = PDN_ENOMEM;
    } else if (pdn_board_set_fen(b, &fen, &e) != 0 ||
               pdn_board_moves(b, l, &e) != 0) {
        code = e.code;
    } else {
        ck_assert_uint_gt(pdn_movelist_count(l), 0);
        pdn_movetext_parse("46x13", 5, &mt);
        if (pdn_board_play(b, &mt, &m, s, &e) < 0)
            code = e.code;
        else if (pdn_perft(b, 2, 1, &nodes, &e) < 0)
            code = e.code;
    }
    pdn_movelist_free(s);
    pdn_movelist_free(l);
    pdn_board_free(b);
    return code;
}

START_TEST(test_enomem_rules)
{
    ck_assert_int_gt(drive(rules), 3);
}
END_TEST

/* pdn_game_equal out of memory for its worklist says so (-1, PDN_ENOMEM)
 * rather than "different" (0); with memory, the game equals itself. */
START_TEST(test_game_equal_enomem_is_distinct)
{
    pdn_error e;
    pdn_game *g = pdn_parse_string(rich, strlen(rich), &e);

    ck_assert_ptr_nonnull(g);
    pdn_error_clear(&e);
    pdnp_alloc_fail_after(0);
    ck_assert_int_eq(pdn_game_equal(g, g, &e), -1);
    pdnp_alloc_fail_after(-1);
    ck_assert_int_eq(e.code, PDN_ENOMEM);
    ck_assert_int_eq(pdn_game_equal(g, g, NULL), 1);
    pdn_game_free(g);
}
END_TEST

/* A sink that refuses every write after the first `ok` calls. */
typedef struct sink {
    int calls, ok;
} sink;

static int
refuse(const char *buf, size_t len, void *ud)
{
    sink *k = ud;
    (void)buf;
    (void)len;
    return k->calls++ < k->ok ? 0 : -1;
}

/* A refused write is PDN_EIO, both for a small game (written at the end)
 * and for a big one (flushed as it is rendered); no game is an error. */
START_TEST(test_write_error_from_sink_is_eio)
{
    pdn_error e;
    pdn_game *g = pdn_parse_string(rich, strlen(rich), &e);
    pdn_game *big = pdn_game_new();
    sink k = {0, 0};
    char value[1000];
    int i;

    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(big);
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game_cb(refuse, &k, g, PDN_WRITE_COMPAT, &e),
                     -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    memset(value, 'v', sizeof value - 1);
    value[sizeof value - 1] = '\0';
    for (i = 0; i < 200; i++) {
        char name[16];
        snprintf(name, sizeof name, "Tag%d", i);
        ck_assert_int_eq(pdn_game_set_tag(big, name, value), 0);
    }
    k.calls = 0;
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game_cb(refuse, &k, big, PDN_WRITE_COMPAT, &e),
                     -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    ck_assert_int_eq(k.calls, 1); /* stopped at the first flush */
    k.calls = 0;
    k.ok = 1000;
    ck_assert_int_eq(pdn_write_game_cb(refuse, &k, big, PDN_WRITE_COMPAT, &e),
                     0);
    ck_assert_int_gt(k.calls, 2);
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game_cb(refuse, &k, NULL, 0, &e), -1);
    ck_assert_int_eq(e.code, PDN_ENOMEM); /* "no game" */
    pdn_game_free(big);
    pdn_game_free(g);
}
END_TEST

/* A FILE that cannot be read (a directory): PDN_EIO, then the end. */
START_TEST(test_unreadable_file_is_eio)
{
    FILE *fp = fopen(".", "rb");
    pdn_reader *r;
    pdn_game *g;
    pdn_error e;

    ck_assert_ptr_nonnull(fp); /* POSIX: a directory opens for reading */
    r = pdn_reader_new_file(fp, "dir");
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    pdn_reader_free(r);
    fclose(fp);
}
END_TEST

Suite *
enomem_suite(void)
{
    Suite *s = suite_create("enomem");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_enomem_parse_and_write);
    tcase_add_test(tc, test_enomem_reader_callback_source);
    tcase_add_test(tc, test_enomem_game_builder);
    tcase_add_test(tc, test_enomem_edit_and_replay);
    tcase_add_test(tc, test_enomem_rules);
    tcase_add_test(tc, test_game_equal_enomem_is_distinct);
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);
    tc = tcase_create("io");
    tcase_add_test(tc, test_write_error_from_sink_is_eio);
    tcase_add_test(tc, test_unreadable_file_is_eio);
    suite_add_tcase(s, tc);
    return s;
}
