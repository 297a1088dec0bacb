/* SPDX-License-Identifier: MIT */
/* Unit tests for a board's undo stack (pdn_board_push, pdn_board_pop),
 * the game status in one call, and the API fixes of issue 29: errors
 * cleared on success, pdn_board_copy between GameTypes, pdn_parse_string
 * with length 0, a reader's base. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* What is compared before a push and after the pop that takes it back. */
typedef struct snap {
    char fen[PDN_FEN_STRING_MAX];
    uint64_t hash;
    pdn_drawinfo di;
    int has_di;
    size_t depth;
} snap;

static void
take(const pdn_board *b, snap *s)
{
    const pdn_drawinfo *di = pdn_board_drawinfo(b);

    pdn_board_fen_string(b, s->fen, sizeof s->fen);
    s->hash = pdn_board_hash(b);
    s->has_di = di != NULL;
    if (di != NULL)
        s->di = *di;
    s->depth = pdn_board_stack_size(b);
}

static void
same(const snap *a, const snap *b)
{
    ck_assert_str_eq(a->fen, b->fen);
    ck_assert_uint_eq(a->hash, b->hash);
    ck_assert_uint_eq(a->depth, b->depth);
    ck_assert_int_eq(a->has_di, b->has_di);
    if (!a->has_di)
        return;
    ck_assert_uint_eq(a->di.ply, b->di.ply);
    ck_assert_uint_eq(a->di.hash, b->di.hash);
    ck_assert_uint_eq(a->di.repetitions, b->di.repetitions);
    ck_assert_uint_eq(a->di.quiet, b->di.quiet);
    ck_assert_uint_eq(a->di.since_capture, b->di.since_capture);
    ck_assert_int_eq(a->di.rule, b->di.rule);
}

/* A random walk of up to n plies pushed on gt's board, then popped back
 * to the start: every position and draw count comes back. */
static void
walk(const char *gt, const char *fen, int n, unsigned seed)
{
    pdn_board *b = test_board_at(gt, fen);
    pdn_movelist *l = pdn_movelist_new();
    snap *s = calloc((size_t)n + 1, sizeof *s);
    pdn_move *mv = calloc((size_t)n + 1, sizeof *mv);
    int i, k;
    pdn_error err;

    for (i = 0; i < n; i++) {
        size_t c;
        take(b, &s[i]);
        ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
        if ((c = pdn_movelist_count(l)) == 0)
            break;
        seed = seed * 1103515245u + 12345u;
        mv[i] = *pdn_movelist_at(l, (seed >> 16) % c);
        ck_assert_int_eq(pdn_board_push(b, &mv[i], &err), 0);
        ck_assert_int_eq(err.code, PDN_OK);
        ck_assert_uint_eq(pdn_board_stack_size(b), (size_t)i + 1);
        ck_assert_int_eq(pdn_board_drawinfo(b)->ply, i + 1);
        ck_assert_uint_eq(pdn_board_drawinfo(b)->hash, pdn_board_hash(b));
    }
    for (k = i; k > 0; k--) {
        pdn_move m;
        snap now;
        ck_assert_int_eq(pdn_board_pop(b, &m), 0);
        ck_assert_int_eq(m.n, mv[k - 1].n);
        ck_assert_int_eq(m.ncaptured, mv[k - 1].ncaptured);
        ck_assert_int_eq(m.promotes, mv[k - 1].promotes);
        ck_assert_int_eq(memcmp(m.path, mv[k - 1].path, m.n), 0);
        ck_assert_int_eq(memcmp(m.captured, mv[k - 1].captured, m.ncaptured),
                         0);
        take(b, &now);
        same(&now, &s[k - 1]);
    }
    ck_assert_int_eq(pdn_board_pop(b, NULL), -1);
    ck_assert_ptr_null(pdn_board_drawinfo(b));
    free(mv);
    free(s);
    pdn_movelist_free(l);
    pdn_board_free(b);
}

START_TEST(t_push_pop_walk)
{
    static const char *const gts[] = {
        "international", "english", "russian", "frisian", "brazilian",
        "italian", "turkish", "antidraughts", "northern", "samoyed",
        "two-move", "towers", "laska", "stavropol", "diagonal", "corners"};
    size_t i;
    unsigned seed;

    for (i = 0; i < sizeof gts / sizeof gts[0]; i++)
        for (seed = 1; seed <= 4; seed++)
            walk(gts[i], NULL, 150, seed * 7919u + (unsigned)i);
}
END_TEST

/* Kings-only endings, pushed and popped over thousands of plies: the
 * counters that irreversible plies reset come back too. */
START_TEST(t_push_pop_kings)
{
    walk("international", "W:WK46,K47,48:BK5,K4,3", 400, 3);
    walk("russian", "W:WKa1,Kc1,e1:BKh8,Kf8,d8", 400, 5);
    walk("english", "B:WK29,K30:BK1,K2", 300, 11);
    walk("frisian", "W:WK46,K47:BK5", 100, 13);
}
END_TEST

/* Pushes the move of b's side to move that takes back its previous move
 * (prev), else the first legal move; that move into *prev. */
static void
shuffle(pdn_board *b, pdn_movelist *l, pdn_move *prev, int have)
{
    size_t i, n;
    const pdn_move *pick = NULL;

    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    n = pdn_movelist_count(l);
    ck_assert_uint_gt(n, 0);
    for (i = 0; have && i < n && pick == NULL; i++) {
        const pdn_move *m = pdn_movelist_at(l, i);
        if (m->path[0] == prev->path[1] && m->path[1] == prev->path[0])
            pick = m;
    }
    if (pick == NULL)
        pick = pdn_movelist_at(l, 0);
    *prev = *pick;
    ck_assert_int_eq(pdn_board_push(b, pick, NULL), 0);
}

/* Shuffles kings until the third occurrence of the start position. */
static void
repeat(pdn_board *b, int *plies)
{
    pdn_movelist *l = pdn_movelist_new();
    pdn_move last[2];
    int i;

    for (i = 0; i < 8; i++)
        shuffle(b, l, &last[i % 2], i >= 2);
    *plies = i;
    pdn_movelist_free(l);
}

/* Pushes the space-separated written moves of text. */
static int
push_text(pdn_board *b, const char *text)
{
    pdn_movelist *l = pdn_movelist_new();
    int n = 0;

    while (*text) {
        size_t k = strcspn(text, " ");
        pdn_movetext mt;
        pdn_match m;

        ck_assert_int_eq(pdn_movetext_parse(text, k, &mt), 0);
        ck_assert_int_eq(pdn_board_push_play(b, &mt, &m, l, NULL),
                         PDN_MATCH_LEGAL);
        text += k;
        text += *text == ' ';
        n++;
    }
    pdn_movelist_free(l);
    return n;
}

START_TEST(t_status_repetition)
{
    pdn_board *b = test_board_at("international", "W:WK50:BK1");
    pdn_status st;
    int n;

    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.over, 0);
    ck_assert_int_eq(st.outcome, PDN_OUTCOME_UNKNOWN);
    n = push_text(b, "50-45 1-6 45-50 6-1 50-45 1-6 45-50 6-1");
    ck_assert_int_eq(pdn_board_drawinfo(b)->repetitions, 3);
    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.over, 1);
    ck_assert_int_eq(st.end, PDN_END_DRAW_RULE);
    ck_assert_int_eq(st.draw_rule, PDN_DRAW_REPETITION);
    ck_assert_int_eq(st.outcome, PDN_OUTCOME_DRAW);
    ck_assert_int_eq(st.can_claim, 0);
    ck_assert_uint_eq(st.ply, (unsigned long)n);
    ck_assert_str_eq(pdn_end_name(st.end), "draw-rule");
    /* one move back: the rule has not fired there */
    ck_assert_int_eq(pdn_board_pop(b, NULL), 0);
    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.over, 0);
    ck_assert_int_eq(st.draw_rule, PDN_DRAW_NONE);
    ck_assert_int_eq(pdn_board_drawinfo(b)->repetitions, 2);
    pdn_board_free(b);

    /* English: the repetition is a claim, the game goes on */
    b = test_board_at("english", "B:WK29,K30:BK1,K2");
    repeat(b, &n);
    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.over, 0);
    ck_assert_int_eq(st.can_claim, 1);
    ck_assert_int_eq(st.draw_rule, PDN_DRAW_REPETITION);
    ck_assert_ptr_nonnull(st.text);
    ck_assert_int_eq(pdn_board_pop(b, NULL), 0);
    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.can_claim, 0);
    pdn_board_free(b);
}
END_TEST

/* A man move pushed and taken back: the positions before it count again
 * for the repetition (the tracker drops them at an irreversible ply
 * unless it keeps them for the undo stack). */
START_TEST(t_pop_irreversible)
{
    pdn_board *b = test_board_at("international", "W:WK50,36:BK1,K15");
    pdn_status st;

    push_text(b, "50-45 1-6 45-50 6-1");
    ck_assert_int_eq(pdn_board_drawinfo(b)->repetitions, 2);
    push_text(b, "36-31");
    ck_assert_int_eq(pdn_board_drawinfo(b)->quiet, 0);
    ck_assert_int_eq(pdn_board_pop(b, NULL), 0);
    ck_assert_int_eq(pdn_board_drawinfo(b)->repetitions, 2);
    push_text(b, "50-45 1-6 45-50");
    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.over, 0);
    push_text(b, "6-1");
    ck_assert_int_eq(pdn_board_drawinfo(b)->repetitions, 3);
    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.over, 1);
    ck_assert_int_eq(st.draw_rule, PDN_DRAW_REPETITION);
    ck_assert_uint_eq(pdn_board_drawinfo(b)->rule_plies[0], 0);
    ck_assert_uint_eq(pdn_board_drawinfo(b)->rule_plies[2], 8);
    pdn_board_free(b);
}
END_TEST

/* A clone keeps the stack: both take the same moves back, apart. */
START_TEST(t_clone)
{
    static const char *const gts[] = {"international", "towers"};
    size_t i;

    for (i = 0; i < 2; i++) {
        pdn_board *b = test_board_at(gts[i], NULL), *c;
        pdn_movelist *l = pdn_movelist_new();
        char start[PDN_FEN_STRING_MAX], mid[PDN_FEN_STRING_MAX];
        int k;

        pdn_board_fen_string(b, start, sizeof start);
        for (k = 0; k < 6; k++) {
            ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
            ck_assert_int_eq(pdn_board_push(b, pdn_movelist_at(l, 0), NULL),
                             0);
            if (k == 2)
                pdn_board_fen_string(b, mid, sizeof mid);
        }
        c = pdn_board_clone(b, NULL);
        ck_assert_ptr_nonnull(c);
        ck_assert_uint_eq(pdn_board_stack_size(c), 6);
        ck_assert_str_eq(test_fen_of(c), test_fen_of(b));
        ck_assert_uint_eq(pdn_board_drawinfo(c)->ply, 6);
        for (k = 0; k < 3; k++)
            ck_assert_int_eq(pdn_board_pop(c, NULL), 0);
        ck_assert_str_eq(test_fen_of(c), mid);
        ck_assert_uint_eq(pdn_board_stack_size(b), 6);
        for (k = 0; k < 6; k++)
            ck_assert_int_eq(pdn_board_pop(b, NULL), 0);
        ck_assert_str_eq(test_fen_of(b), start);
        for (k = 0; k < 3; k++)
            ck_assert_int_eq(pdn_board_pop(c, NULL), 0);
        ck_assert_str_eq(test_fen_of(c), start);
        ck_assert_int_eq(pdn_board_pop(c, NULL), -1);
        pdn_board_free(c);
        /* a board without a stack clones to one without */
        c = pdn_board_clone(b, NULL);
        ck_assert_uint_eq(pdn_board_stack_size(c), 0);
        ck_assert_ptr_null(pdn_board_drawinfo(c));
        pdn_board_free(c);
        pdn_movelist_free(l);
        pdn_board_free(b);
    }
}
END_TEST

START_TEST(t_status_no_move)
{
    /* White's man on 46 is blocked by 41, and 37 behind it is taken */
    pdn_board *b = test_board_at("international", "W:W46:B41,37");
    pdn_status st;

    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.over, 1);
    ck_assert_int_eq(st.end, PDN_END_NO_MOVE);
    ck_assert_int_eq(st.outcome, PDN_OUTCOME_SECOND);
    ck_assert_uint_eq(st.moves, 0);
    pdn_board_free(b);
    b = test_board_at("antidraughts", "W:W46:B41,37");
    ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
    ck_assert_int_eq(st.outcome, PDN_OUTCOME_FIRST);
    pdn_board_free(b);
    /* a capture that ends the game, then taken back */
    b = test_board_at("international", "W:W33:B28");
    {
        pdn_movetext mt;
        pdn_match m;
        pdn_movelist *l = pdn_movelist_new();
        ck_assert_int_eq(pdn_movetext_parse("33x22", 5, &mt), 0);
        ck_assert_int_eq(pdn_board_push_play(b, &mt, &m, l, NULL),
                         PDN_MATCH_LEGAL);
        ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
        ck_assert_int_eq(st.over, 1);
        ck_assert_int_eq(st.outcome, PDN_OUTCOME_FIRST);
        ck_assert_uint_eq(st.ply, 1);
        ck_assert_int_eq(pdn_board_pop(b, NULL), 0);
        ck_assert_str_eq(test_fen_of(b), "W:W33:B28");
        ck_assert_int_eq(pdn_board_status(b, &st, NULL), 0);
        ck_assert_int_eq(st.over, 0);
        /* an illegal written move is not kept */
        ck_assert_int_eq(pdn_movetext_parse("33-29", 5, &mt), 0);
        ck_assert_int_eq(pdn_board_push_play(b, &mt, &m, l, NULL),
                         PDN_MATCH_ILLEGAL);
        ck_assert_uint_eq(pdn_board_stack_size(b), 0);
        pdn_movelist_free(l);
    }
    pdn_board_free(b);
}
END_TEST

START_TEST(t_push_other_means)
{
    pdn_board *b = test_board_at("international", NULL);
    pdn_movelist *l = pdn_movelist_new();
    pdn_error err;
    pdn_move bad;

    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    ck_assert_int_eq(pdn_board_push(b, pdn_movelist_at(l, 0), NULL), 0);
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    ck_assert_int_eq(pdn_board_push(b, pdn_movelist_at(l, 0), NULL), 0);
    ck_assert_uint_eq(pdn_board_stack_size(b), 2);
    /* the position changed by other means: the history begins again */
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    pdn_board_apply(b, pdn_movelist_at(l, 0));
    ck_assert_uint_eq(pdn_board_stack_size(b), 0);
    ck_assert_int_eq(pdn_board_pop(b, NULL), -1);
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    ck_assert_int_eq(pdn_board_push(b, pdn_movelist_at(l, 0), NULL), 0);
    ck_assert_uint_eq(pdn_board_stack_size(b), 1);
    ck_assert_ptr_nonnull(pdn_board_stack_at(b, 0));
    ck_assert_ptr_null(pdn_board_stack_at(b, 1));
    pdn_board_clear_stack(b);
    ck_assert_uint_eq(pdn_board_stack_size(b), 0);
    /* a move that names no piece of the side to move */
    memset(&bad, 0, sizeof bad);
    bad.n = 2;
    bad.path[0] = PDN_COORD(0, 9);
    bad.path[1] = PDN_COORD(1, 8);
    err.code = PDN_ENOMEM;
    ck_assert_int_eq(pdn_board_push(b, &bad, &err), -1);
    ck_assert_int_eq(err.code, PDN_EILLEGAL);
    ck_assert_uint_eq(pdn_board_stack_size(b), 0);
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

START_TEST(t_copy_gametype)
{
    pdn_board *a = test_board_at("international", NULL);
    pdn_board *f = test_board_at("frisian", "W:W31:B20");
    pdn_board *c = test_board_at("international", "W:W31:B20");

    char start[PDN_FEN_STRING_MAX];

    pdn_board_fen_string(a, start, sizeof start);
    ck_assert_int_eq(pdn_board_copy(a, f), -1);
    ck_assert_str_eq(test_fen_of(a), start);
    ck_assert_int_eq(pdn_board_copy(a, c), 0);
    ck_assert_str_eq(test_fen_of(a), "W:W31:B20");
    pdn_board_free(a);
    pdn_board_free(f);
    pdn_board_free(c);
}
END_TEST

/* An error record left over from an earlier call. */
static void
dirty(pdn_error *e)
{
    memset(e, 0, sizeof *e);
    e->code = PDN_ESYNTAX;
    strcpy(e->text, "earlier");
}

START_TEST(t_err_cleared)
{
    pdn_error e;
    pdn_gametype gt;
    pdn_fen fen;
    pdn_board *b;
    pdn_movelist *l = pdn_movelist_new();
    pdn_movetext mt;
    unsigned char co[PDN_PATH_MAX];
    uint64_t n;
    pdn_game *g;

    dirty(&e);
    ck_assert_int_eq(pdn_gametype_parse("20", &gt, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    dirty(&e);
    ck_assert_int_eq(pdn_fen_parse("W:W31:B20", &fen, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    dirty(&e);
    ck_assert_ptr_nonnull(b = pdn_board_new(&gt, &e));
    ck_assert_int_eq(e.code, PDN_OK);
    dirty(&e);
    ck_assert_int_eq(pdn_board_moves(b, l, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    dirty(&e);
    ck_assert_int_eq(pdn_board_set_fen(b, &fen, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    dirty(&e);
    ck_assert_int_eq(pdn_perft(b, 2, 1, &n, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    ck_assert_int_eq(pdn_movetext_parse("31-26", 5, &mt), 0);
    dirty(&e);
    ck_assert_int_eq(pdn_movetext_coords(&gt, &mt, co, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    /* a warning is still given, and an error after a warning is the
     * error */
    dirty(&e);
    ck_assert_int_eq(pdn_fen_parse("W:W31:B20.", &fen, &e), 1);
    ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
    dirty(&e);
    g = pdn_parse_string("[Event \"x\"]\n1. 32-28 *\n", 0, &e);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(e.code, PDN_OK);
    ck_assert_str_eq(pdn_node_text(pdn_game_first(g)), "32-28");
    pdn_game_free(g);
    pdn_movelist_free(l);
    pdn_board_free(b);
}
END_TEST

/* Line and column of byte offset off of s. */
static pdn_pos
pos_of(const char *s, size_t off)
{
    pdn_pos p = {1, 1, off};
    size_t i;

    for (i = 0; i < off; i++) {
        if (s[i] == '\n') {
            p.line++;
            p.column = 1;
        } else {
            p.column++;
        }
    }
    return p;
}

START_TEST(t_reader_base)
{
    static const char text[] =
        "[Event \"one\"]\n1. 32-28 19-23 *\n\n"
        "[Event \"two\"]\n[Round \"2\"]\n1. 32-28 19-23 2. 33-29 @@@ *\n"
        "[Event \"three\"]\n1. 31-27 *\n";
    pdn_reader *r = pdn_reader_new_mem(text, sizeof text - 1, "t.pdn");
    pdn_game *g, *all[3];
    pdn_error e, ea[3];
    size_t off, len;
    pdn_pos at;
    int i;

    for (i = 0; i < 3; i++)
        pdn_reader_next(r, &all[i], &ea[i]);
    pdn_reader_free(r);
    ck_assert_int_ne(ea[1].code, PDN_OK); /* 99-1 is no move */
    pdn_game_raw_span(all[1], &off, &len);
    at = pos_of(text, off);
    r = pdn_reader_new_mem(text + off, sizeof text - 1 - off, "t.pdn");
    ck_assert_int_eq(pdn_reader_set_base(r, 0, &at), -1);
    ck_assert_int_eq(pdn_reader_set_base(r, 2, &at), 0);
    for (i = 1; i < 3; i++) {
        size_t o2, l2, o1, l1;
        pdn_reader_next(r, &g, &e);
        ck_assert_ptr_nonnull(g);
        ck_assert_uint_eq(pdn_game_number(g), i + 1);
        ck_assert_uint_eq(pdn_game_pos(g).line, pdn_game_pos(all[i]).line);
        ck_assert_uint_eq(pdn_game_pos(g).column,
                          pdn_game_pos(all[i]).column);
        ck_assert_uint_eq(pdn_game_pos(g).offset,
                          pdn_game_pos(all[i]).offset);
        ck_assert_uint_eq(pdn_node_pos(pdn_game_first(g)).line,
                          pdn_node_pos(pdn_game_first(all[i])).line);
        pdn_game_raw_span(g, &o2, &l2);
        pdn_game_raw_span(all[i], &o1, &l1);
        ck_assert_uint_eq(o1, o2);
        ck_assert_uint_eq(l1, l2);
        ck_assert_int_eq(e.code, ea[i].code);
        ck_assert_uint_eq(e.game, ea[i].game);
        ck_assert_uint_eq(e.pos.line, ea[i].pos.line);
        ck_assert_uint_eq(e.pos.column, ea[i].pos.column);
        ck_assert_uint_eq(e.pos.offset, ea[i].pos.offset);
        pdn_game_free(g);
    }
    ck_assert_uint_eq(pdn_reader_game_count(r), 3);
    /* too late once reading began */
    ck_assert_int_eq(pdn_reader_set_base(r, 5, NULL), -1);
    pdn_reader_free(r);
    for (i = 0; i < 3; i++)
        pdn_game_free(all[i]);
}
END_TEST

/* An input read in two parts, the second reader started where the first
 * stopped (pdn_reader_tell) with its code page history
 * (pdn_reader_add_history), gives the games one reader gives; without
 * the history the game whose own words do not tell its code page is
 * read otherwise. */
START_TEST(t_reader_parts)
{
    static const char text[] =
        "[Event \"\xcf\xe5\xf0\xe2\xe5\xed\xf1\xf2\xe2\xee \xe3\xee\xf0"
        "\xee\xe4\xe0\"]\n[White \"\xcd\xe5\xec\xe5\xf6 \xc4\xec\xe8\xf2"
        "\xf0\xe8\xe9\"]\n1. 32-28 19-23 1-0 {after}\n\n"
        "[White \"\xc4\xc0\"]\r\n1. 31-26 *\n";
    pdn_reader *r = pdn_reader_new_mem(text, sizeof text - 1, "t.pdn");
    pdn_reader *a, *b;
    pdn_game *g[2], *h;
    pdn_encoding e1, e2;
    pdn_error e;
    pdn_pos at;
    int pass;

    ck_assert_int_eq(pdn_reader_next(r, &g[0], &e), 1);
    ck_assert_int_eq(pdn_reader_next(r, &g[1], &e), 1);
    ck_assert_int_eq(pdn_reader_tell(r, &at), 0);
    ck_assert_uint_eq(at.offset, sizeof text - 1);
    pdn_reader_free(r);
    for (pass = 0; pass < 2; pass++) {
        a = pdn_reader_new_mem(text, sizeof text - 1, "t.pdn");
        ck_assert_int_eq(pdn_reader_next(a, &h, &e), 1);
        pdn_game_free(h);
        ck_assert_int_eq(pdn_reader_tell(a, &at), 0);
        ck_assert_uint_eq(at.line, 3);
        ck_assert_uint_eq(at.column, 19);
        b = pdn_reader_new_mem(text + at.offset, sizeof text - 1 - at.offset,
                               "t.pdn");
        ck_assert_int_eq(pdn_reader_set_base(b, 2, &at), 0);
        if (pass == 1)
            ck_assert_int_eq(pdn_reader_add_history(b, a), 0);
        ck_assert_int_eq(pdn_reader_next(b, &h, &e), 1);
        ck_assert_uint_eq(pdn_game_number(h), 2);
        ck_assert_int_eq(pdn_game_equal(h, g[1], NULL), pass == 1);
        ck_assert_uint_eq(pdn_game_pos(h).line, pdn_game_pos(g[1]).line);
        pdn_game_encoding(h, &e1);
        pdn_game_encoding(g[1], &e2);
        if (pass == 1) {
            ck_assert_int_eq(e1.cp, e2.cp);
            ck_assert_int_eq(e1.from_input, 1);
            ck_assert_str_eq(pdn_game_tag_value_at(h, 0),
                             pdn_game_tag_value_at(g[1], 0));
        } else {
            ck_assert_int_ne(e1.cp, e2.cp);
        }
        ck_assert_int_eq(pdn_game_set_number(h, 7), 0);
        ck_assert_uint_eq(pdn_game_number(h), 7);
        pdn_game_free(h);
        ck_assert_int_eq(pdn_reader_next(b, &h, &e), 0);
        ck_assert_int_eq(pdn_reader_tell(b, &at), -1); /* stopped at the end */
        pdn_reader_free(a);
        pdn_reader_free(b);
    }
    ck_assert_int_eq(pdn_game_set_number(NULL, 1), -1);
    ck_assert_int_eq(pdn_reader_tell(NULL, &at), -1);
    ck_assert_int_eq(pdn_reader_add_history(NULL, NULL), -1);
    pdn_game_free(g[0]);
    pdn_game_free(g[1]);
}
END_TEST

Suite *
history_suite(void)
{
    Suite *s = suite_create("history");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, TEST_TIMEOUT);
    tcase_add_test(tc, t_push_pop_walk);
    tcase_add_test(tc, t_push_pop_kings);
    tcase_add_test(tc, t_status_repetition);
    tcase_add_test(tc, t_pop_irreversible);
    tcase_add_test(tc, t_clone);
    tcase_add_test(tc, t_status_no_move);
    tcase_add_test(tc, t_push_other_means);
    tcase_add_test(tc, t_copy_gametype);
    tcase_add_test(tc, t_err_cleared);
    tcase_add_test(tc, t_reader_base);
    tcase_add_test(tc, t_reader_parts);
    suite_add_tcase(s, tc);
    return s;
}
