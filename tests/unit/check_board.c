/* SPDX-License-Identifier: MIT */
/* Unit tests for boards: initial positions of every variant (reference
 * section 3), custom sizes, FEN in and out, setup errors, pieces, copy,
 * reset and applying moves. */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include "pdn/pdn.h"
#include "core/pdn_private.h"
#include "suites.h"
#include "testutil.h"

static pdn_board *
new_board(const char *gt_text)
{
    pdn_gametype gt;
    pdn_error err;
    pdn_board *b;

    pdn_error_clear(&err);
    ck_assert_msg(pdn_gametype_by_name(gt_text, &gt) == 0, "gametype %s",
                  gt_text);
    b = pdn_board_new(&gt, &err);
    ck_assert_msg(b != NULL, "board %s: %s", gt_text, err.text);
    return b;
}

static int
set_fen(pdn_board *b, const char *s, pdn_error *err)
{
    pdn_fen fen;

    ck_assert_int_ge(pdn_fen_parse(s, &fen, NULL), 0);
    return pdn_board_set_fen(b, &fen, err);
}

/* Initial positions, in each variant's own numbering (section 3). */
static const struct {
    const char *gt, *fen;
} start_table[] = {
    {"20", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
           ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
    {"40", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
           ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
    {"21", "B:W21,22,23,24,25,26,27,28,29,30,31,32"
           ":B1,2,3,4,5,6,7,8,9,10,11,12"},
    {"23", "B:W21,22,23,24,25,26,27,28,29,30,31,32"
           ":B1,2,3,4,5,6,7,8,9,10,11,12"},
    {"22", "W:W21,22,23,24,25,26,27,28,29,30,31,32"
           ":B1,2,3,4,5,6,7,8,9,10,11,12"},
    {"24", "W:W1,2,3,4,5,6,7,8,9,10,11,12"
           ":B21,22,23,24,25,26,27,28,29,30,31,32"},
    {"28", "W:W1,2,3,4,5,6,7,8,9,10,11,12"
           ":B21,22,23,24,25,26,27,28,29,30,31,32"},
    {"31", "B:W1,2,3,4,5,6,7,8:B25,26,27,28,29,30,31,32"},
    {"25", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3"
           ":Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
    {"26", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3"
           ":Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
    {"29", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3"
           ":Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
    {"30", "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
           ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"},
    {"41", "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3"
           ":Bb6,d6,f6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8"},
};
#define N_START (sizeof start_table / sizeof start_table[0])

START_TEST(test_initial_position_of_each_variant)
{
    pdn_board *b = new_board(start_table[_i].gt);

    ck_assert_str_eq(test_fen_of(b), start_table[_i].fen);
    pdn_board_free(b);
}
END_TEST

/* Canadian: 30 men each on 12x12, White on 43-72, a1 = 67 ('w'). */
START_TEST(test_canadian_initial_position)
{
    pdn_board *b = new_board("27");
    pdn_fen fen;
    size_t i;
    int w = 0, bl = 0;

    pdn_board_get_fen(b, &fen);
    ck_assert_int_eq(fen.turn, 'W');
    for (i = 0; i < fen.count; i++) {
        if (fen.piece[i].colour == 'W') {
            ck_assert_int_ge(fen.piece[i].sq, 43);
            w++;
        } else {
            ck_assert_int_le(fen.piece[i].sq, 30);
            bl++;
        }
        ck_assert_int_eq(fen.piece[i].king, 0);
    }
    ck_assert_int_eq(w, 30);
    ck_assert_int_eq(bl, 30);
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(0, 0)), 'w');
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(11, 11)), 'b');
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(0, 5)), 0);
    pdn_board_free(b);
}
END_TEST

/* Other sizes use (height - 2) / 2 rows of men, the same rules, and the
 * geometry of the GameType fields: {GameType, men per side, first
 * mover, a playable square, an unplayable one}. */
static const struct {
    const char *gt;
    int men;
    char turn;
} custom_table[] = {
    {"20,W,12,10,N2,0", 24, 'W'}, /* 12 files, 4 rows of 6 */
    {"21,B,10,10,N1,0", 20, 'B'}, /* English rules on 10x10 */
    {"25,W,6,6,A0,0", 6, 'W'},    /* 2 rows of 3 */
    {"24,W,8,8,N1,1", 12, 'W'},
    {"30,W,10,10,A0,0", 30, 'W'}, /* Turkish: rows 2-4, every square */
    {"20,W,8,12,N2,0", 20, 'W'},  /* 5 rows of 4 */
};
#define N_CUSTOM (sizeof custom_table / sizeof custom_table[0])

START_TEST(test_custom_sizes_use_derived_rows)
{
    pdn_board *b = new_board(custom_table[_i].gt);
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_fen fen;
    size_t i;
    int w = 0, bl = 0;

    ck_assert_int_eq(pdn_board_turn(b), custom_table[_i].turn);
    pdn_board_get_fen(b, &fen);
    for (i = 0; i < fen.count; i++) {
        int coord = fen.piece[i].algebraic
                        ? fen.piece[i].sq
                        : pdn_square_to_coord(gt, fen.piece[i].sq);
        ck_assert(pdn_coord_playable(gt, coord));
        if (fen.piece[i].colour == 'W') {
            ck_assert_int_lt(PDN_COORD_RANK(coord), gt->height / 2 - 1);
            w++;
        } else {
            ck_assert_int_gt(PDN_COORD_RANK(coord), gt->height / 2);
            bl++;
        }
    }
    ck_assert_int_eq(w, custom_table[_i].men);
    ck_assert_int_eq(bl, custom_table[_i].men);
    /* The first mover has moves, and its men move towards the far side. */
    ck_assert_uint_gt(test_perft(b, 1, 1), 0);
    pdn_board_free(b);
}
END_TEST

/* FEN in, FEN out: the canonical form comes back. */
static const struct {
    const char *gt, *in, *out;
} fen_table[] = {
    {"20", "W:W48:B24,K31,34,K42,43", "W:W48:B24,K31,34,K42,43"},
    {"20", "B:B1-3:W50", "B:W50:B1,2,3"},
    {"21", "W:WK1,32:B5", "W:WK1,32:B5"},
    {"25", "W:Wh6:Bg7,c5,d2", "W:Wh6:Bd2,c5,g7"},
    {"25", "B:W1,2:B32", "B:Wa1,c1:Bh8"},
    {"20", "?:W50:B1", "W:W50:B1"},
    {"21", "?:W30:B1", "B:W30:B1"},
    {"20", "W:W:B", "W:W:B"},
    {"30", "W:Wa1,Kh8:Bd5", "W:Wa1,Kh8:Bd5"},
};
#define N_FEN (sizeof fen_table / sizeof fen_table[0])

START_TEST(test_fen_round_trip)
{
    pdn_board *b = new_board(fen_table[_i].gt);
    pdn_error err;

    pdn_error_clear(&err);
    ck_assert_int_eq(set_fen(b, fen_table[_i].in, &err), 0);
    ck_assert_int_eq(err.code, PDN_OK);
    ck_assert_str_eq(test_fen_of(b), fen_table[_i].out);
    pdn_board_free(b);
}
END_TEST

/* Setup errors: {GameType, FEN, message}; the board keeps its position. */
static const struct {
    const char *gt, *in, *text;
} bad_table[] = {
    {"20", "W:W51:B1", "square '51' is not on this board"},
    {"21", "W:W33:B1", "square '33' is not on this board"},
    {"21", "W:Wa2:B1", "square 'a2' is not on this board"},
    {"20", "W:Wk1:B1", "square 'k1' is not on this board"},
    {"20", "W:W31,31:B1", "square '31' is given twice"},
    {"20", "W:W31:B31", "square '31' is given twice"},
    {"20", "W:W3:B20", "white man on its promotion row at '3'"},
    {"20", "W:W30:B48", "black man on its promotion row at '48'"},
    {"21", "W:W30:B31", "black man on its promotion row at '31'"},
    {"25", "W:Wb8:Bh6", "white man on its promotion row at 'b8'"},
    {"30", "W:Wa2:Ba1", "black man on its promotion row at 'a1'"},
};
#define N_BAD (sizeof bad_table / sizeof bad_table[0])

START_TEST(test_bad_setup_is_rejected)
{
    pdn_board *b = new_board(bad_table[_i].gt);
    char before[1024];
    pdn_error err;

    snprintf(before, sizeof before, "%s", test_fen_of(b));
    pdn_error_clear(&err);
    ck_assert_int_eq(set_fen(b, bad_table[_i].in, &err), -1);
    ck_assert_int_eq(err.code, PDN_ESETUP);
    ck_assert_int_eq(err.severity, PDN_SEV_ERROR);
    ck_assert_uint_eq(err.pos.line, 0);
    ck_assert_uint_eq(err.pos.column, 0);
    ck_assert_str_eq(err.text, bad_table[_i].text);
    ck_assert_str_eq(test_fen_of(b), before);
    ck_assert_int_eq(set_fen(b, bad_table[_i].in, NULL), -1);
    pdn_board_free(b);
}
END_TEST

/* Kings may stand anywhere, their own last row included. */
START_TEST(test_kings_on_last_row_are_accepted)
{
    pdn_board *b = new_board("20");

    ck_assert_int_eq(set_fen(b, "W:WK3:BK48", NULL), 0);
    ck_assert_str_eq(test_fen_of(b), "W:WK3:BK48");
    pdn_board_free(b);
}
END_TEST

START_TEST(test_unknown_rules_give_variant_error)
{
    pdn_gametype gt;
    pdn_error err;

    ck_assert_int_eq(pdn_gametype_standard(20, &gt), 0);
    gt.rules = 99;
    pdn_error_clear(&err);
    ck_assert_ptr_null(pdn_board_new(&gt, &err));
    ck_assert_int_eq(err.code, PDN_EVARIANT);
    ck_assert_uint_eq(err.pos.line, 0);
    ck_assert_uint_eq(err.pos.column, 0);
    ck_assert_str_eq(err.text, "no rules known for game type 99");
    ck_assert_ptr_null(pdn_board_new(&gt, NULL));
    ck_assert_int_eq(pdn_gametype_standard(20, &gt), 0);
    gt.width = 13;
    pdn_error_clear(&err);
    ck_assert_ptr_null(pdn_board_new(&gt, &err));
    ck_assert_int_eq(err.code, PDN_EVARIANT);
    ck_assert_str_eq(err.text, "board size 13x10 not supported");
    ck_assert_ptr_null(pdn_board_new(NULL, &err));
}
END_TEST

START_TEST(test_out_of_memory_is_reported)
{
    pdn_gametype gt;
    pdn_error err;
    pdn_board *b;
    pdn_movelist *l;

    ck_assert_int_eq(pdn_gametype_standard(20, &gt), 0);
    pdn_error_clear(&err);
    pdnp_alloc_fail_after(0);
    b = pdn_board_new(&gt, &err);
    l = pdn_movelist_new();
    pdnp_alloc_fail_after(-1);
    ck_assert_ptr_null(b);
    ck_assert_ptr_null(l);
    ck_assert_int_eq(err.code, PDN_ENOMEM);
    ck_assert_str_eq(err.text, "out of memory");

    /* The move list cannot grow. */
    b = pdn_board_new(&gt, NULL);
    l = pdn_movelist_new();
    ck_assert_ptr_nonnull(b);
    ck_assert_ptr_nonnull(l);
    pdn_error_clear(&err);
    pdnp_alloc_fail_after(0);
    ck_assert_int_eq(pdn_board_moves(b, l, &err), -1);
    ck_assert_int_eq(err.code, PDN_ENOMEM);
    {
        /* perft fails too, and says so: not a count of 0. */
        uint64_t n = 7;
        pdn_error_clear(&err);
        ck_assert_int_eq(pdn_perft(b, 2, 1, &n, &err), -1);
        ck_assert_uint_eq(n, 0);
    }
    pdnp_alloc_fail_after(-1);
    ck_assert_int_eq(err.code, PDN_ENOMEM);
    ck_assert_uint_eq(pdn_movelist_count(l), 0);
    ck_assert_int_eq(pdn_board_moves(b, l, &err), 0);
    ck_assert_uint_eq(pdn_movelist_count(l), 9);
    pdn_movelist_free(l);
    pdn_board_free(b);
    pdn_board_free(NULL);
    pdn_movelist_free(NULL);
}
END_TEST

START_TEST(test_piece_and_turn_queries)
{
    pdn_board *b = new_board("21");

    ck_assert_int_eq(pdn_board_turn(b), 'B');
    ck_assert_int_eq(set_fen(b, "W:WK1,32:B5,K10", NULL), 0);
    ck_assert_int_eq(pdn_board_turn(b), 'W');
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(1, 7)), 'W');  /* 1 = b8 */
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(6, 0)), 'w');  /* 32 = g1 */
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(0, 6)), 'b');  /* 5 = a7 */
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(3, 5)), 'B');  /* 10 = d6 */
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(0, 0)), 0);
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(1, 0)), 0);   /* light */
    ck_assert_int_eq(pdn_board_piece(b, PDN_COORD(9, 9)), 0);   /* off */
    ck_assert_int_eq(pdn_board_piece(b, -1), 0);
    ck_assert_int_eq(pdn_board_piece(b, 300), 0);
    pdn_board_free(b);
}
END_TEST

START_TEST(test_copy_and_reset)
{
    pdn_board *a = new_board("20"), *b = new_board("20");
    char start[1024];

    snprintf(start, sizeof start, "%s", test_fen_of(a));
    ck_assert_int_eq(set_fen(a, "B:W40:B10", NULL), 0);
    pdn_board_copy(b, a);
    ck_assert_str_eq(test_fen_of(b), "B:W40:B10");
    ck_assert_uint_eq(test_perft(b, 3, 1), test_perft(a, 3, 1));
    pdn_board_reset(b);
    ck_assert_str_eq(test_fen_of(b), start);
    ck_assert_str_eq(test_fen_of(a), "B:W40:B10");
    pdn_board_copy(a, a);
    ck_assert_str_eq(test_fen_of(a), "B:W40:B10");
    pdn_board_free(a);
    pdn_board_free(b);
}
END_TEST

/* Finds the move from-to (numbers) in b's list. */
static const pdn_move *
find(const pdn_board *b, pdn_movelist *l, int from, int to)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    size_t i;

    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    for (i = 0; i < pdn_movelist_count(l); i++) {
        const pdn_move *m = pdn_movelist_at(l, i);
        if (pdn_coord_to_square(gt, m->path[0]) == from &&
            pdn_coord_to_square(gt, m->path[m->n - 1]) == to)
            return m;
    }
    ck_abort_msg("no move %d-%d", from, to);
    return NULL;
}

START_TEST(test_apply_quiet_capture_and_promotion)
{
    pdn_board *b = new_board("20");
    pdn_movelist *l = pdn_movelist_new();
    const pdn_move *m;

    /* Quiet move: the piece moves, the turn passes. */
    pdn_board_apply(b, find(b, l, 32, 28));
    ck_assert_int_eq(pdn_board_turn(b), 'B');
    ck_assert_int_eq(pdn_board_piece(b, pdn_square_to_coord(
                                            pdn_board_gametype(b), 32)), 0);
    ck_assert_int_eq(pdn_board_piece(b, pdn_square_to_coord(
                                            pdn_board_gametype(b), 28)), 'w');

    /* Capture: the captured men leave the board at once. */
    ck_assert_int_eq(set_fen(b, "W:W47:B13,14,22,24,31,34,K41,44", NULL),
                     0);
    m = find(b, l, 47, 49);
    ck_assert_int_gt(m->ncaptured, 1);
    pdn_board_apply(b, m);
    ck_assert_int_eq(pdn_board_turn(b), 'B');
    {
        pdn_fen fen;
        size_t i;
        int black = 0;
        pdn_board_get_fen(b, &fen);
        for (i = 0; i < fen.count; i++)
            black += fen.piece[i].colour == 'B';
        ck_assert_int_eq(black, 8 - m->ncaptured);
        for (i = 0; i < m->ncaptured; i++)
            ck_assert_int_eq(pdn_board_piece(b, m->captured[i]), 0);
        ck_assert_int_eq(pdn_board_piece(b, m->path[m->n - 1]), 'w');
        ck_assert_int_eq(pdn_board_piece(b, m->path[0]), 0);
    }

    /* Promotion: a man reaching the last row is crowned. */
    ck_assert_int_eq(set_fen(b, "W:W6:B45", NULL), 0);
    m = find(b, l, 6, 1);
    ck_assert_int_eq(m->promotes, 1);
    pdn_board_apply(b, m);
    ck_assert_str_eq(test_fen_of(b), "B:WK1:B45");
    /* A move that is not this position's is ignored, not trusted. */
    pdn_board_apply(b, NULL);
    ck_assert_str_eq(test_fen_of(b), "B:WK1:B45");
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

/* Turkish pieces leave at once, so a king may end its capture on the
 * square of a man it took earlier in the same move: g1 takes g2, f5, a3,
 * c2 and f3 and stops on f5 (a replay of the generated games found apply
 * refusing this). */
START_TEST(test_apply_capture_ending_on_a_taken_square)
{
    pdn_board *b = new_board("30");
    pdn_movelist *l = pdn_movelist_new();
    const pdn_move *m = NULL;
    size_t i;

    ck_assert_int_eq(set_fen(b, "B:Wc2,g2,h2,a3,e3,f3,f5:BKg1", NULL), 0);
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    for (i = 0; i < pdn_movelist_count(l); i++)
        if (pdn_movelist_at(l, i)->path[pdn_movelist_at(l, i)->n - 1] ==
            PDN_COORD(5, 4))
            m = pdn_movelist_at(l, i);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(m->ncaptured, 5);
    pdn_board_apply(b, m);
    ck_assert_str_eq(test_fen_of(b), "W:Wh2,e3:BKf5");
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

/* Replaying a whole game with apply gives the same position as the
 * generator's own make: after 40 plies the FEN round-trips and perft from
 * there equals perft from the same position set by FEN. */
START_TEST(test_apply_then_fen_gives_same_tree)
{
    /* Not Frisian: a FEN does not carry its king-move counters. */
    static const char *const types[] = {"20", "21", "22", "25", "30", "31",
                                        "29", "27"};
    pdn_board *b = new_board(types[_i]), *c = new_board(types[_i]);
    pdn_movelist *l = pdn_movelist_new();
    pdn_fen fen;
    int ply;

    for (ply = 0; ply < 40; ply++) {
        ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
        if (pdn_movelist_count(l) == 0)
            break;
        pdn_board_apply(b, pdn_movelist_at(l, (size_t)(ply * 5 + 3) %
                                                   pdn_movelist_count(l)));
    }
    pdn_board_get_fen(b, &fen);
    ck_assert_int_eq(pdn_board_set_fen(c, &fen, NULL), 0);
    ck_assert_str_eq(test_fen_of(c), test_fen_of(b));
    ck_assert_uint_eq(test_perft(c, 3, 1), test_perft(b, 3, 1));
    pdn_movelist_free(l);
    pdn_board_free(b);
    pdn_board_free(c);
}
END_TEST

/* Boards take their squares from the numbering (pdn_square_to_coord):
 * across geometries, sides to start, invert flags and numbering corners
 * these must be exactly the squares pdn_coord_playable names. A king can
 * be set on each of those and on no other, and the numbers name the same
 * squares in a FEN as algebraic names do. */
START_TEST(test_board_squares_are_the_playable_ones)
{
    static const int rules[] = {20, 21, 30, 40};
    static const int sizes[] = {2, 3, 5, 8, 10, 12};
    int ri, wi, hi, v, c;

    for (ri = 0; ri < 4; ri++)
        for (wi = 0; wi < 6; wi++)
            for (hi = 0; hi < 6; hi++)
                for (v = 0; v < 8; v++) {
                    pdn_gametype gt;
                    pdn_board *b;
                    pdn_fen f;

                    ck_assert_int_eq(pdn_gametype_standard(rules[ri], &gt),
                                     0);
                    gt.width = sizes[wi];
                    gt.height = sizes[hi];
                    gt.start = v & 1 ? 'B' : 'W';
                    gt.invert = (v >> 1) & 1;
                    gt.corner = v & 4 ? 3 : 0;
                    b = pdn_board_new(&gt, NULL);
                    ck_assert_ptr_nonnull(b);
                    memset(&f, 0, sizeof f);
                    f.turn = 'W';
                    f.count = 1;
                    f.piece[0].colour = 'W';
                    f.piece[0].king = 1;
                    /* the board's rectangle and one file and rank more */
                    for (c = 0; c < 256; c++) {
                        int on = PDN_COORD_FILE(c) < gt.width &&
                                 PDN_COORD_RANK(c) < gt.height &&
                                 pdn_coord_playable(&gt, c);
                        if (PDN_COORD_FILE(c) > gt.width ||
                            PDN_COORD_RANK(c) > gt.height)
                            continue;
                        f.piece[0].algebraic = 1;
                        f.piece[0].sq = (unsigned char)c;
                        ck_assert_msg((pdn_board_set_fen(b, &f, NULL) == 0)
                                          == on,
                                      "rules %d %dx%d v%d coord %d",
                                      rules[ri], gt.width, gt.height, v, c);
                        if (!on)
                            continue;
                        ck_assert_int_eq(pdn_board_piece(b, c), 'W');
                        f.piece[0].algebraic = 0;
                        f.piece[0].sq =
                            (unsigned char)pdn_coord_to_square(&gt, c);
                        ck_assert_int_eq(pdn_board_set_fen(b, &f, NULL), 0);
                        ck_assert_int_eq(pdn_board_piece(b, c), 'W');
                    }
                    pdn_board_free(b);
                }
}
END_TEST

Suite *
board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("core");
    TCase *te = tcase_create("errors");

    tcase_add_loop_test(tc, test_initial_position_of_each_variant, 0,
                        (int)N_START);
    tcase_add_test(tc, test_canadian_initial_position);
    tcase_add_test(tc, test_board_squares_are_the_playable_ones);
    tcase_set_timeout(tc, TEST_TIMEOUT);
    tcase_add_loop_test(tc, test_custom_sizes_use_derived_rows, 0,
                        (int)N_CUSTOM);
    tcase_add_loop_test(tc, test_fen_round_trip, 0, (int)N_FEN);
    tcase_add_test(tc, test_kings_on_last_row_are_accepted);
    tcase_add_test(tc, test_piece_and_turn_queries);
    tcase_add_test(tc, test_copy_and_reset);
    tcase_add_test(tc, test_apply_quiet_capture_and_promotion);
    tcase_add_test(tc, test_apply_capture_ending_on_a_taken_square);
    tcase_add_loop_test(tc, test_apply_then_fen_gives_same_tree, 0, 8);
    suite_add_tcase(s, tc);
    tcase_add_loop_test(te, test_bad_setup_is_rejected, 0, (int)N_BAD);
    tcase_add_test(te, test_unknown_rules_give_variant_error);
    tcase_add_test(te, test_out_of_memory_is_reported);
    suite_add_tcase(s, te);
    return s;
}
