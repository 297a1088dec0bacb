/* SPDX-License-Identifier: MIT */
/* Unit tests for what issue 29 added around positions: game fingerprints
 * that tell captures apart by the pieces they took, the variant-keyed
 * position key, material signatures, the SVG picture of a board, and a
 * node's parent, ply, line and board. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* English men capture forwards only, and any capture may be chosen: the
 * man on e1 takes d2 and d4, or f2 and f4, both times landing on e5. Two
 * games that differ only in that choice are two games. */
START_TEST(t_fingerprint_taken)
{
    pdn_board *b = test_board_at("english", "W:We1:Bd2,f2,d4,f4");
    pdn_movelist *l = pdn_movelist_new();
    const pdn_move *m0, *m1;
    pdn_fingerprint a, c, d;

    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    ck_assert_uint_eq(pdn_movelist_count(l), 2);
    m0 = pdn_movelist_at(l, 0);
    m1 = pdn_movelist_at(l, 1);
    /* the same from and to squares, as many pieces taken */
    ck_assert_int_eq(m0->path[0], m1->path[0]);
    ck_assert_int_eq(m0->path[m0->n - 1], m1->path[m1->n - 1]);
    ck_assert_int_eq(m0->ncaptured, m1->ncaptured);
    pdn_fingerprint_start(&a, b);
    c = a;
    d = a;
    pdn_fingerprint_move(&a, m0);
    pdn_fingerprint_move(&c, m1);
    ck_assert(!pdn_fingerprint_equal(&a, &c));
    /* and the order of the jumps does not count */
    {
        pdn_move r = *m0;
        r.captured[0] = m0->captured[1];
        r.captured[1] = m0->captured[0];
        pdn_fingerprint_move(&d, &r);
        ck_assert(pdn_fingerprint_equal(&a, &d));
    }
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

START_TEST(t_board_key)
{
    pdn_board *i = test_board_at("international", NULL);
    pdn_board *f = test_board_at("frisian", NULL);
    pdn_board *r = test_board_at("russian", NULL);
    pdn_board *z = test_board_at("brazilian", NULL);
    pdn_board *i2 = test_board_at("20,W,10,10,N1,0", NULL);

    /* the hash leaves the variant out; the key does not */
    ck_assert_uint_eq(pdn_board_hash(i), pdn_board_hash(f));
    ck_assert_uint_ne(pdn_board_key(i), pdn_board_key(f));
    ck_assert_uint_eq(pdn_board_hash(r), pdn_board_hash(z));
    ck_assert_uint_ne(pdn_board_key(r), pdn_board_key(z));
    /* numbering is not part of the game */
    ck_assert_uint_eq(pdn_board_key(i), pdn_board_key(i2));
    ck_assert_uint_eq(pdn_board_key(i),
                      pdn_board_hash(i) ^
                          pdn_gametype_key(pdn_board_gametype(i)));
    /* stable from release to release: the formula of rules.h, computed
     * apart (splitmix64 of the seed XOR 20 << 48 | 10 << 24 | 10 << 16 |
     * 'W' << 8) */
    ck_assert_uint_eq(pdn_gametype_key(pdn_board_gametype(i)),
                      UINT64_C(0x606c148db190ac2b));
    pdn_board_free(i);
    pdn_board_free(f);
    pdn_board_free(r);
    pdn_board_free(z);
    pdn_board_free(i2);
}
END_TEST

START_TEST(t_material)
{
    pdn_board *b = test_board_at("international", NULL);
    pdn_material m, p;
    pdn_error e;
    char buf[64];

    pdn_board_material(b, &m);
    ck_assert_int_eq(m.men[0], 20);
    ck_assert_int_eq(m.men[1], 20);
    ck_assert_int_eq(m.kings[0] + m.kings[1], 0);
    ck_assert_uint_eq(pdn_material_format(&m, buf, sizeof buf), 9);
    ck_assert_str_eq(buf, "20M v 20M");
    pdn_board_free(b);
    b = test_board_at("russian", "W:Wa1,Kc1,Ke1:BKh8");
    pdn_board_material(b, &m);
    pdn_material_format(&m, buf, sizeof buf);
    ck_assert_str_eq(buf, "1M2K v 1K");
    ck_assert_int_eq(pdn_material_parse(buf, &p, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    ck_assert(pdn_material_equal(&m, &p));
    ck_assert_int_eq(pdn_material_parse("1m2k vs K", &p, NULL), 0);
    ck_assert(pdn_material_equal(&m, &p));
    ck_assert_int_eq(pdn_material_parse("3K v 0", &p, NULL), 0);
    ck_assert_int_eq(p.kings[0], 3);
    ck_assert_int_eq(p.men[1] + p.kings[1], 0);
    ck_assert_int_eq(pdn_material_parse("3X v 1K", &p, &e), -1);
    ck_assert_int_eq(e.code, PDN_ESYNTAX);
    ck_assert_ptr_nonnull(strstr(e.text, "'3X v 1K'"));
    ck_assert_int_eq(pdn_material_parse("3K", &p, NULL), -1);
    ck_assert_int_eq(pdn_material_parse("3K v ", &p, NULL), -1);
    /* the edges: four digits a number, PDN_MATERIAL_MAX a side (a long
     * text whose sum would overflow an int is refused) */
    ck_assert_int_eq(pdn_material_parse("9999M v 0", &p, NULL), 0);
    ck_assert_int_eq(p.men[0], 9999);
    ck_assert_int_eq(pdn_material_parse("10000M v 0", &p, NULL), -1);
    {
        size_t i, n = 300000;
        char *big = malloc(5 * n + 8);

        ck_assert_ptr_nonnull(big);
        for (i = 0; i < 10; i++)
            memcpy(big + 5 * i, "9999K", 5);
        memcpy(big + 50, " v 0", 5);
        ck_assert_int_eq(pdn_material_parse(big, &p, NULL), 0);
        ck_assert_int_eq(p.kings[0], 99990);
        for (i = 0; i < n; i++)
            memcpy(big + 5 * i, "9999K", 5);
        memcpy(big + 5 * n, " v 0", 5);
        ck_assert_int_eq(pdn_material_parse(big, &p, NULL), -1);
        free(big);
    }
    pdn_board_free(b);
}
END_TEST

static size_t
count_of(const char *s, const char *what)
{
    size_t n = 0;

    while ((s = strstr(s, what)) != NULL)
        n++, s++;
    return n;
}

START_TEST(t_svg)
{
    pdn_board *b = test_board_at("international", "W:W31,K32:B20");
    size_t n = pdn_board_svg(b, 0, 0, NULL, 0), k;
    char *s = malloc(n + 1), small[64];

    ck_assert_uint_gt(n, 100);
    ck_assert_uint_eq(pdn_board_svg(b, 0, 0, s, n + 1), n);
    ck_assert_uint_eq(strlen(s), n);
    ck_assert(strncmp(s, "<?xml", 5) == 0);
    ck_assert_ptr_nonnull(strstr(s, "width=\"400\" height=\"400\""));
    ck_assert_uint_eq(count_of(s, "<rect"), 100);
    /* three pieces, the king with a ring of its own */
    ck_assert_uint_eq(count_of(s, "<circle"), 4);
    ck_assert_uint_eq(count_of(s, ">K</text>"), 1);
    ck_assert(strcmp(s + n - 7, "</svg>\n") == 0);
    /* cut like snprintf */
    ck_assert_uint_eq(pdn_board_svg(b, 0, 0, small, sizeof small), n);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
    ck_assert(strncmp(small, s, sizeof small - 1) == 0);
    free(s);
    n = pdn_board_svg(b, PDN_SVG_NUMBERS | PDN_SVG_NO_HEADER, 20, NULL, 0);
    s = malloc(n + 1);
    pdn_board_svg(b, PDN_SVG_NUMBERS | PDN_SVG_NO_HEADER, 20, s, n + 1);
    ck_assert(strncmp(s, "<svg", 4) == 0);
    ck_assert_ptr_nonnull(strstr(s, ">50</text>"));
    ck_assert_ptr_nonnull(strstr(s, "width=\"200\""));
    free(s);
    pdn_board_free(b);
    /* towers: the height of a stack */
    b = test_board_at("towers", "W:Wc3(bb):Bh8");
    n = pdn_board_svg(b, 0, 0, NULL, 0);
    s = malloc(n + 1);
    pdn_board_svg(b, 0, 0, s, n + 1);
    ck_assert_ptr_nonnull(strstr(s, ">3</text>"));
    k = count_of(s, "<circle");
    ck_assert_uint_eq(k, 2);
    free(s);
    pdn_board_free(b);
}
END_TEST

START_TEST(t_tree)
{
    static const char text[] =
        "[GameType \"20\"]\n"
        "1. 32-28 (1. 33-28 18-23 (1... 19-23 2. 28x19 14x23)) 19-23 "
        "2. 28x19 14x23 *\n";
    pdn_game *g = pdn_parse_string(text, 0, NULL);
    const pdn_node *a, *v, *v2, *w, *w2, *last;
    pdn_replay *r = pdn_replay_new();
    pdn_board *b;
    char fen[PDN_FEN_STRING_MAX], fen2[PDN_FEN_STRING_MAX];
    pdn_error e;

    ck_assert_ptr_nonnull(g);
    a = pdn_game_first(g);                       /* 32-28 */
    v = pdn_node_variation_at(a, 0);             /* 33-28 */
    v2 = pdn_node_next(v);                       /* 18-23 */
    w = pdn_node_variation_at(v2, 0);            /* 19-23 */
    w2 = pdn_node_next(pdn_node_next(w));        /* 14x23 */
    last = pdn_node_next(pdn_node_next(pdn_node_next(a)));
    ck_assert_ptr_null(pdn_node_parent(a));
    ck_assert_ptr_null(pdn_node_parent(v));
    ck_assert_ptr_eq(pdn_node_parent(v2), v);
    ck_assert_ptr_eq(pdn_node_parent(w), v);
    ck_assert_ptr_eq(pdn_node_parent(pdn_node_next(a)), a);
    ck_assert_uint_eq(pdn_node_ply(a), 1);
    ck_assert_uint_eq(pdn_node_ply(v), 1);
    ck_assert_uint_eq(pdn_node_ply(w), 2);
    ck_assert_uint_eq(pdn_node_ply(w2), 4);
    ck_assert_uint_eq(pdn_node_ply(last), 4);
    ck_assert_ptr_null(pdn_node_parent(NULL));
    ck_assert_uint_eq(pdn_node_ply(NULL), 0);
    ck_assert_ptr_eq(pdn_node_line(last), a);
    ck_assert_ptr_eq(pdn_node_line(w2), w);
    /* the board at a node of a variation of a variation */
    ck_assert_int_eq(pdn_replay_to(r, w2, &e), 0);
    ck_assert_ptr_eq(pdn_replay_node(r), w2);
    ck_assert_uint_eq(pdn_replay_ply(r), 4);
    pdn_replay_fen(r, fen, sizeof fen);
    b = pdn_node_board(w2, &e);
    ck_assert_ptr_nonnull(b);
    pdn_board_fen_string(b, fen2, sizeof fen2);
    ck_assert_str_eq(fen, fen2);
    pdn_board_free(b);
    /* the main line's end: the same position, reached another way */
    b = pdn_node_board(last, &e);
    pdn_board_fen_string(b, fen2, sizeof fen2);
    pdn_board_free(b);
    b = pdn_node_board(w2, &e);
    pdn_board_fen_string(b, fen, sizeof fen);
    ck_assert_str_ne(fen, fen2); /* 33-28 and 32-28 differ */
    pdn_board_free(b);
    b = pdn_node_board(v, &e);
    ck_assert_str_eq(test_fen_of(b), "B:W28,31,32,34,35,36,37,38,39,40,41,42,"
                                     "43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,"
                                     "8,9,10,11,12,13,14,15,16,17,18,19,20");
    pdn_board_free(b);
    pdn_replay_free(r);
    pdn_game_free(g);
}
END_TEST

/* g's GameType by inference, as its number text. */
static int
inferred(pdn_infer *x, const char *text, const char *name, char *buf,
         pdn_infer_result *res)
{
    pdn_game *g = pdn_parse_string(text, 0, NULL);
    pdn_gametype gt;
    pdn_error e;
    int rc;

    ck_assert_ptr_nonnull(g);
    rc = pdn_infer_gametype(x, g, name, &gt, res, &e);
    if (rc == 0) {
        ck_assert_int_eq(e.code, PDN_OK);
        pdn_gametype_format(&gt, buf, 64);
    } else {
        ck_assert_int_eq(e.code, PDN_EVARIANT);
        strcpy(buf, "-");
    }
    pdn_game_free(g);
    return rc;
}

START_TEST(t_infer)
{
    pdn_infer *x = pdn_infer_new();
    pdn_infer_result res;
    pdn_gametype c;
    char buf[64];
    pdn_replay *r;
    pdn_game *g;

    /* English: Black (1-12) moves first; 11-15 is legal there only */
    ck_assert_int_eq(inferred(x, "1. 11-15 23-19 2. 8-11 22-17 *", NULL,
                              buf, &res), 0);
    ck_assert_str_eq(buf, "21");
    ck_assert_int_eq(res.legal, 1);
    ck_assert_uint_eq(res.plies, 4);
    ck_assert_int_eq(res.cand, 0);
    /* International: squares up to 50 */
    inferred(x, "1. 32-28 19-23 2. 28x19 14x23 *", NULL, buf, &res);
    ck_assert_str_eq(buf, "20");
    /* algebraic on 8x8: Russian first */
    inferred(x, "1. c3-d4 f6-g5 *", NULL, buf, &res);
    ck_assert_str_eq(buf, "25");
    /* a hint breaks the tie between boards the moves fit alike */
    inferred(x, "[Event \"Campionato italiano\"]\n1. 22-18 *", NULL, buf,
             &res);
    ck_assert_str_eq(buf, "22");
    /* English, then Italian: White's 22-18 is no English first move */
    inferred(x, "1. 22-18 *", "brasil.pdn", buf, &res);
    ck_assert_str_eq(buf, "22");
    ck_assert_int_eq(res.next, 0);
    /* the input's name as a hint: pool checkers before English */
    inferred(x, "1. 11-15 *", "pool-2019.pdn", buf, &res);
    ck_assert_str_eq(buf, "23");
    /* the prior comes first when the game fits it */
    ck_assert_int_eq(pdn_infer_candidate(1, &c), 0);
    pdn_infer_set_prior(x, 1);
    inferred(x, "1. 22-18 *", NULL, buf, &res);
    ck_assert_str_eq(buf, "22");
    pdn_infer_set_prior(x, -1);
    /* squares that fit no board */
    ck_assert_int_eq(inferred(x, "1. k9-l8 *", NULL, buf, &res), -1);
    ck_assert_int_eq(pdn_infer_candidate(PDN_INFER_NCAND, &c), -1);
    /* the hook: an untagged English game replays */
    g = pdn_parse_string("1. 11-15 23-19 *", 0, NULL);
    r = pdn_replay_new();
    pdn_replay_set_gametype_fn(r, pdn_infer_hook, x);
    ck_assert_int_eq(pdn_replay_start(r, g, NULL, NULL), 0);
    ck_assert_int_eq(pdn_replay_gametype(r)->type, 21);
    ck_assert_int_eq(pdn_replay_next(r, NULL), 1);
    ck_assert_int_eq(pdn_replay_next(r, NULL), 1);
    ck_assert_int_eq(pdn_replay_next(r, NULL), 0);
    pdn_replay_set_gametype_fn(r, pdn_infer_hook, NULL);
    ck_assert_int_eq(pdn_replay_start(r, g, NULL, NULL), 0);
    ck_assert_int_eq(pdn_replay_gametype(r)->type, 21);
    pdn_replay_free(r);
    {
        unsigned long plies[PDN_INFER_NCAND];
        int legal[PDN_INFER_NCAND], tried[PDN_INFER_NCAND], h;
        pdn_game *empty = pdn_parse_string("[Event \"x\"]\n*", 0, NULL);

        /* numeric squares up to 32: the seven numeric 8x8 candidates,
         * then 20 40 27 (a number fits every larger board) */
        ck_assert_int_eq(pdn_infer_sample(x, g, NULL, plies, legal, tried,
                                          &h), 10);
        ck_assert_int_eq(tried[0] && legal[0] && plies[0] == 2, 1);
        ck_assert_int_eq(tried[7], 0);
        ck_assert_int_eq(h, -1);
        ck_assert_int_eq(pdn_infer_sample(x, empty, NULL, plies, legal,
                                          tried, &h), 0);
        pdn_game_free(empty);
    }
    ck_assert(pdn_infer_fits_board(g, 0));
    ck_assert(!pdn_infer_fits_board(g, 15));
    /* the board at a node of an untagged game: its variant inferred */
    {
        pdn_board *b = pdn_node_board(pdn_node_next(pdn_game_first(g)),
                                      NULL);
        ck_assert_ptr_nonnull(b);
        ck_assert_int_eq(pdn_board_gametype(b)->type, 21);
        /* 11-15 23-19 played */
        ck_assert_str_eq(test_fen_of(b), "B:W19,21,22,24,25,26,27,28,29,30,"
                                         "31,32:B1,2,3,4,5,6,7,8,9,10,12,"
                                         "15");
        pdn_board_free(b);
    }
    pdn_game_free(g);
    pdn_infer_free(x);
}
END_TEST

Suite *
position_suite(void)
{
    Suite *s = suite_create("position");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, t_fingerprint_taken);
    tcase_add_test(tc, t_board_key);
    tcase_add_test(tc, t_material);
    tcase_add_test(tc, t_svg);
    tcase_add_test(tc, t_tree);
    tcase_add_test(tc, t_infer);
    suite_add_tcase(s, tc);
    return s;
}
