/* SPDX-License-Identifier: MIT */
/* Unit tests for position hashing and the draw-rule tracker: for each
 * variant, games written (or chosen move by move) to reach each rule,
 * checked one ply before the rule and at its ply. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "rules/rules_private.h"
#include "suites.h"
#include "testutil.h"

/* One tracker run: the ply at which the first rule fired and the rule. */
typedef struct run {
    unsigned long ply;
    int rule;
    int automatic;
    unsigned long plies;   /* plies played */
} run;

static void
note(run *r, pdn_drawstate *d, int got)
{
    ck_assert_int_ge(got, 0);
    if (got > 0 && r->rule == 0) {
        r->rule = got;
        r->ply = pdn_drawstate_info(d)->ply;
        r->automatic = pdn_drawstate_info(d)->automatic;
        ck_assert_uint_eq(pdn_drawstate_info(d)->rule_ply, r->ply);
    }
    r->plies = pdn_drawstate_info(d)->ply;
}

/* Plays the space-separated moves of text from fen; max: stop after that
 * many plies. */
static run
play_text(const char *gt, const char *fen, const char *text,
          unsigned long max)
{
    pdn_board *b = test_board_at(gt, fen);
    pdn_drawstate *d = pdn_drawstate_new();
    pdn_movelist *l = pdn_movelist_new();
    run r = {0, 0, 0, 0};
    const char *p = text;

    pdn_drawstate_start(d, b);
    while (*p && r.plies < max) {
        size_t n = strcspn(p, " ");
        pdn_movetext mt;
        pdn_match m;

        ck_assert_int_eq(pdn_movetext_parse(p, n, &mt), 0);
        ck_assert_msg(pdn_board_play(b, &mt, &m, l, NULL) == PDN_MATCH_LEGAL,
                      "move %.*s", (int)n, p);
        note(&r, d, pdn_drawstate_push(d, b, &m.move, NULL));
        /* the tracker's incremental hash is the board's */
        ck_assert_uint_eq(pdn_drawstate_info(d)->hash, pdn_board_hash(b));
        p += n;
        p += *p == ' ';
    }
    pdn_movelist_free(l);
    pdn_drawstate_free(d);
    pdn_board_free(b);
    return r;
}

/* Whether the side to move in b must capture. */
static int
must_capture(const pdn_board *b, pdn_movelist *l)
{
    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    return pdn_movelist_count(l) > 0 &&
           pdn_movelist_at(l, 0)->ncaptured > 0;
}

/* Whether the side to move in b has a king move that captures nothing
 * and leaves the opponent no capture, and (depth > 0) after which the
 * opponent has one too: a lookahead that keeps a walk of kings among men
 * from running into a dead end. */
static int
has_quiet(const pdn_board *b, int depth)
{
    pdn_movelist *l = pdn_movelist_new(), *l2 = pdn_movelist_new();
    pdn_board *t = pdn_board_new(pdn_board_gametype(b), NULL);
    size_t i;
    int ok = 0;

    ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
    for (i = 0; i < pdn_movelist_count(l) && !ok; i++) {
        const pdn_move *m = pdn_movelist_at(l, i);
        int piece = pdn_board_piece(b, m->path[0]);

        if (m->ncaptured || (piece != 'W' && piece != 'B'))
            continue;
        pdn_board_copy(t, b);
        pdn_board_apply(t, m);
        ok = !must_capture(t, l2) && pdn_movelist_count(l2) > 0 &&
             (depth == 0 || has_quiet(t, depth - 1));
    }
    pdn_board_free(t);
    pdn_movelist_free(l);
    pdn_movelist_free(l2);
    return ok;
}

/* Plays max plies from fen choosing, each time, the first legal king move
 * (at the plies listed in man_at, 0-terminated, a man move that does not
 * crown instead) that captures nothing, leads to a position not seen
 * before and leaves the opponent no capture: the material stays, only the
 * counters run. */
static run
play_pieces(const char *gt, const char *fen, unsigned long max,
            const unsigned long *man_at, unsigned long setup_at)
{
    pdn_board *b = test_board_at(gt, fen), *t = test_board_at(gt, fen);
    pdn_drawstate *d = pdn_drawstate_new();
    pdn_movelist *l = pdn_movelist_new(), *l2 = pdn_movelist_new();
    uint64_t seen[400];
    size_t nseen = 0, i, k;
    run r = {0, 0, 0, 0};

    pdn_drawstate_start(d, b);
    seen[nseen++] = pdn_board_hash(b);
    while (r.plies < max) {
        int found = 0, man = man_at && *man_at == r.plies + 1;

        /* a setup command of the same position: the counts begin again,
         * the plies keep their numbers */
        if (setup_at != 0 && r.plies == setup_at) {
            pdn_drawstate_setup(d, b);
            ck_assert_uint_eq(pdn_drawstate_info(d)->ply, setup_at);
            ck_assert_uint_eq(pdn_drawstate_info(d)->quiet, 0);
        }
        size_t pass, times;

        ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
        /* a position not seen before; failing that, one seen once (never
         * a third time: no repetition) */
        for (pass = 0; pass < 2 && !found; pass++)
        for (i = 0; i < pdn_movelist_count(l) && !found; i++) {
            const pdn_move *m = pdn_movelist_at(l, i);
            int piece = pdn_board_piece(b, m->path[0]);
            int king = piece == 'W' || piece == 'B';
            uint64_t h;

            if (m->ncaptured || king == man || m->promotes)
                continue;
            pdn_board_copy(t, b);
            pdn_board_apply(t, m);
            h = pdn_board_hash(t);
            for (k = times = 0; k < nseen; k++)
                times += seen[k] == h;
            if (times > pass || must_capture(t, l2) ||
                pdn_movelist_count(l2) == 0 || !has_quiet(t, 1))
                continue;
            seen[nseen++] = h;
            pdn_board_apply(b, m);
            note(&r, d, pdn_drawstate_push(d, b, m, NULL));
            ck_assert_uint_eq(pdn_drawstate_info(d)->hash, h);
            found = 1;
        }
        ck_assert_msg(found, "%s %s: no %s move at ply %lu", gt, fen,
                      man ? "man" : "king", r.plies);
        man_at += man;
    }
    pdn_movelist_free(l);
    pdn_movelist_free(l2);
    pdn_drawstate_free(d);
    pdn_board_free(b);
    pdn_board_free(t);
    return r;
}

static run
play_kings(const char *gt, const char *fen, unsigned long max)
{
    return play_pieces(gt, fen, max, NULL, 0);
}

/* The rule fires at exactly ply at: not in at - 1 plies, and at ply at
 * (men move at the plies of man_at, see play_pieces). */
static void
boundary_pieces(const char *gt, const char *fen, unsigned long at, int rule,
                int automatic, const unsigned long *man_at)
{
    run r = play_pieces(gt, fen, at - 1, man_at, 0);

    ck_assert_msg(r.rule == 0, "%s %s: rule %d at ply %lu, before %lu", gt,
                  fen, r.rule, r.ply, at);
    r = play_pieces(gt, fen, at, man_at, 0);
    ck_assert_msg(r.rule == rule && r.ply == at,
                  "%s %s: rule %s at ply %lu, want %s at %lu", gt, fen,
                  pdn_draw_rule_name(r.rule), r.ply,
                  pdn_draw_rule_name(rule), at);
    ck_assert_int_eq(r.automatic, automatic);
}

static void
boundary_kings(const char *gt, const char *fen, unsigned long at, int rule,
               int automatic)
{
    boundary_pieces(gt, fen, at, rule, automatic, NULL);
}

START_TEST(test_hash_stable_and_side_sensitive)
{
    pdn_board *a = test_board_at("international", NULL);
    pdn_board *b = test_board_at("international", "W:W31-50:B1-20");
    pdn_board *c = test_board_at("international", "B:W31-50:B1-20");

    /* a fixed formula: this value must never change */
    ck_assert_uint_eq(pdn_board_hash(a), pdn_board_hash(b));
    ck_assert_uint_eq(pdn_board_hash(a), UINT64_C(0x40491efce484618d));
    ck_assert_uint_ne(pdn_board_hash(a), pdn_board_hash(c));
    pdn_board_free(a);
    pdn_board_free(b);
    pdn_board_free(c);
}
END_TEST

/* The key table the compiler fills is splitmix64 of the seed plus the
 * index, as computed at run time. */
START_TEST(test_hash_keys_are_the_formula)
{
    size_t i;

    for (i = 0; i < PDNP_HASH_NKEYS; i++)
        ck_assert_msg(pdnp_hash_keys[i] == pdnp_mix64(PDNP_HASH_SEED + i),
                      "key %zu", i);
    ck_assert(pdnp_hash_key(0x23, 2) == pdnp_mix64(PDNP_HASH_SEED + 4 * 0x23 + 2));
}
END_TEST

START_TEST(test_hash_same_position_other_order)
{
    pdn_board *a = test_board_at("international", NULL);
    pdn_board *b = test_board_at("international", NULL);
    pdn_movelist *l = pdn_movelist_new();
    const char *x[] = {"31-26", "20-24", "32-27", "19-23"};
    const char *y[] = {"32-27", "19-23", "31-26", "20-24"};
    pdn_movetext mt;
    pdn_match m;
    int i;

    for (i = 0; i < 4; i++) {
        pdn_movetext_parse(x[i], strlen(x[i]), &mt);
        ck_assert_int_eq(pdn_board_play(a, &mt, &m, l, NULL), 0);
        pdn_movetext_parse(y[i], strlen(y[i]), &mt);
        ck_assert_int_eq(pdn_board_play(b, &mt, &m, l, NULL), 0);
        if (i < 3)
            ck_assert_uint_ne(pdn_board_hash(a), pdn_board_hash(b));
    }
    ck_assert_uint_eq(pdn_board_hash(a), pdn_board_hash(b));
    pdn_movelist_free(l);
    pdn_board_free(a);
    pdn_board_free(b);
}
END_TEST

/* Repetition: the start position comes back at plies 4 and 8. */
START_TEST(test_repetition_boundary_per_variant)
{
    static const struct {
        const char *gt, *fen, *moves;
        int automatic;
    } t[] = {
        {"international", "W:WK50:BK1", "50-44 1-7 44-50 7-1 50-44 1-7 "
                                        "44-50 7-1", 1},
        {"russian", "W:WKa1,c1:BKb8,f8", "a1-b2 b8-a7 b2-a1 a7-b8 a1-b2 "
                                         "b8-a7 b2-a1 a7-b8", 1},
        {"frisian", "W:WK50,K49:BK1,K2", "50-44 1-7 44-50 7-1 50-44 1-7 "
                                       "44-50 7-1", 1},
        {"english", "B:WK32,28:BK1,5", "1-6 32-27 6-1 27-32 1-6 32-27 6-1 "
                                       "27-32", 0},
        {"italian", "W:WK32,30:BK1,3", "32-28 1-5 28-32 5-1 32-28 1-5 "
                                       "28-32 5-1", 0},
        {"antidraughts", "W:WK50:BK1", "50-44 1-7 44-50 7-1 50-44 1-7 "
                                       "44-50 7-1", 0},
    };
    size_t i;

    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        run r = play_text(t[i].gt, t[i].fen, t[i].moves, 7);

        ck_assert_msg(r.rule == 0, "%s: fired at ply %lu", t[i].gt, r.ply);
        r = play_text(t[i].gt, t[i].fen, t[i].moves, 8);
        ck_assert_msg(r.rule == PDN_DRAW_REPETITION && r.ply == 8,
                      "%s: rule %d at %lu", t[i].gt, r.rule, r.ply);
        ck_assert_int_eq(r.automatic, t[i].automatic);
    }
}
END_TEST

START_TEST(test_repetition_info_counts)
{
    pdn_board *b = test_board_at("international", "W:WK50:BK1");
    pdn_drawstate *d = pdn_drawstate_new();
    pdn_movelist *l = pdn_movelist_new();
    const char *mv[] = {"50-44", "1-7", "44-50", "7-1"};
    const pdn_drawinfo *i = pdn_drawstate_info(d);
    pdn_movetext mt;
    pdn_match m;
    int k;

    pdn_drawstate_start(d, b);
    ck_assert_uint_eq(i->repetitions, 1);
    for (k = 0; k < 8; k++) {
        pdn_movetext_parse(mv[k % 4], strlen(mv[k % 4]), &mt);
        ck_assert_int_eq(pdn_board_play(b, &mt, &m, l, NULL), 0);
        pdn_drawstate_push(d, b, &m.move, NULL);
        ck_assert_uint_eq(i->repetitions, k < 3 ? 1u : k < 7 ? 2u : 3u);
        ck_assert_uint_eq(i->quiet, (unsigned long)k + 1);
        ck_assert_uint_eq(i->hash, pdn_board_hash(b));
    }
    ck_assert_uint_eq(i->rule_plies[0], 0);
    ck_assert_uint_eq(i->rule_plies[1], 4);
    ck_assert_uint_eq(i->rule_plies[2], 8);
    ck_assert_str_eq(pdn_draw_rule_name(i->rule), "repetition");
    pdn_movelist_free(l);
    pdn_drawstate_free(d);
    pdn_board_free(b);
}
END_TEST

/* A capture and a man move clear the count of quiet plies and the
 * repetition history; a promotion and a capture keep the hash right. */
START_TEST(test_capture_and_man_move_reset)
{
    run r = play_text("international", "W:WK50,35:BK1,24",
                      "35-30 24x35 50-44 1-7", 10);

    ck_assert_int_eq(r.rule, 0);
    ck_assert_uint_eq(r.plies, 4);
    r = play_text("russian", "W:Wc7,Kh2:Bd6,Ka5", "c7xe5 a5-b4 e5-f6 b4-a5 "
                  "f6-g7 a5-b4 g7-h8", 10);
    ck_assert_uint_eq(r.plies, 7);
}
END_TEST

/* Once a rule has fired, later plies fire nothing, and the repetition
 * count goes on. */
START_TEST(test_fires_once)
{
    run r = play_text("international", "W:WK50:BK1",
                      "50-44 1-7 44-50 7-1 50-44 1-7 44-50 7-1 50-44 1-7 "
                      "44-50 7-1", 12);

    ck_assert_int_eq(r.rule, PDN_DRAW_REPETITION);
    ck_assert_uint_eq(r.ply, 8);
    ck_assert_uint_eq(r.plies, 12);
}
END_TEST

START_TEST(test_kings_moves_boundary)
{
    /* FMJD 6.2: 25 moves each = 50 plies; Russian: 15 each = 30; the men
     * stay where they are */
    boundary_kings("international", "W:WK46,K47,36:BK4,K5,15", 50,
                   PDN_DRAW_KINGS_MOVES, 1);
    boundary_kings("brazilian", "W:WKc1,h2:BKf8,a7", 50,
                   PDN_DRAW_KINGS_MOVES, 1);
    boundary_kings("russian", "W:WKc1,h2,h4:BKf8,a5,a7", 30,
                   PDN_DRAW_KINGS_MOVES, 1);
    /* English: 40 moves each, a claim */
    boundary_kings("english", "B:WK29,K30,K31,K32:BK1,K2,K3,K4", 80,
                   PDN_DRAW_FORTY_MOVES, 0);
}
END_TEST

START_TEST(test_endgame_boundary)
{
    /* FMJD 6.3 and 6.4 */
    boundary_kings("international", "W:WK46,K47,K48:BK3", 32,
                   PDN_DRAW_ENDGAME, 1);
    boundary_kings("international", "W:WK46,K47,36:BK3", 32,
                   PDN_DRAW_ENDGAME, 1);
    boundary_kings("international", "W:WK46,K47:BK3", 10, PDN_DRAW_ENDGAME,
                   1);
    boundary_kings("international", "B:WK46,36:BK3", 10, PDN_DRAW_ENDGAME,
                   1);
    boundary_kings("brazilian", "W:WKc1,Ke1:BKf8", 10, PDN_DRAW_ENDGAME, 1);
    /* Russian: the strong side's 15th move (White moves first: ply 29;
     * Black first: ply 30) */
    boundary_kings("russian", "W:WKc1,Ke1,Kg1:BKf8", 29, PDN_DRAW_ENDGAME,
                   1);
    boundary_kings("russian", "B:WKc1,Ke1,Kg1:BKf8", 30, PDN_DRAW_ENDGAME,
                   1);
    /* Russian: 4 or 5 pieces, kings on both sides: 30 moves */
    boundary_kings("russian", "W:WKc1,Ke1,h2:BKf8,a7", 30, PDN_DRAW_ENDGAME,
                   1);
    /* Russian: 6 or 7 pieces, kings on both sides: 60 moves (plies); a
     * man moves at plies 20 and 40 so that the kings-only rule (30 plies)
     * does not fire first */
    {
        static const unsigned long men[] = {20, 40, 0};

        boundary_pieces("russian", "W:WKc1,a3,e3:BKh8,a7,h6", 60,
                        PDN_DRAW_ENDGAME, 1, men);
        boundary_pieces("russian", "W:WKc1,a3,e3,h2:BKh8,a7,h6", 60,
                        PDN_DRAW_ENDGAME, 1, men);
        /* without the man moves the kings-only rule comes first */
        boundary_kings("russian", "W:WKc1,a3,e3:BKh8,a7,h6", 30,
                       PDN_DRAW_KINGS_MOVES, 1);
    }
    /* Frisian: two kings against one, 7 moves each; one against one, 2 */
    boundary_kings("frisian", "W:WK46,K47:BK3", 14, PDN_DRAW_ENDGAME, 1);
    boundary_kings("frisian", "W:WK46:BK3", 4, PDN_DRAW_ENDGAME, 1);
}
END_TEST

/* A setup in the moves restarts the counts: the Russian kings-only rule
 * (30 plies) fires 30 plies after a setup at ply 10, at ply 40, counted
 * from ply 10; a rule that fired before a setup stays. */
START_TEST(test_setup_restarts_the_counts)
{
    run r = play_pieces("russian", "W:WKc1,h2,h4:BKf8,a5,a7", 39, NULL, 10);

    ck_assert_int_eq(r.rule, 0);
    r = play_pieces("russian", "W:WKc1,h2,h4:BKf8,a5,a7", 40, NULL, 10);
    ck_assert_int_eq(r.rule, PDN_DRAW_KINGS_MOVES);
    ck_assert_uint_eq(r.ply, 40);
    r = play_pieces("russian", "W:WKc1,h2,h4:BKf8,a5,a7", 45, NULL, 35);
    ck_assert_int_eq(r.rule, PDN_DRAW_KINGS_MOVES);
    ck_assert_uint_eq(r.ply, 30);
}
END_TEST

/* Plays the written move text on b and feeds d; returns the push's
 * result. */
static int
push_text(pdn_board *b, pdn_drawstate *d, pdn_movelist *l, const char *text)
{
    pdn_movetext mt;
    pdn_match m;

    ck_assert_int_eq(pdn_movetext_parse(text, strlen(text), &mt), 0);
    ck_assert_int_eq(pdn_board_play(b, &mt, &m, l, NULL), PDN_MATCH_LEGAL);
    return pdn_drawstate_push(d, b, &m.move, NULL);
}

/* After a setup of another position the tracker follows the new board:
 * its hash is the board's at every ply, repetitions count from the setup
 * on. */
START_TEST(test_setup_of_another_position)
{
    pdn_board *b = test_board_at("international", "W:WK49,37:BK2,14");
    pdn_drawstate *d = pdn_drawstate_new();
    pdn_movelist *l = pdn_movelist_new();
    static const char *const before[] = {"49-43", "2-8", "43-49", "8-2"};
    static const char *const after[] = {"48-42", "3-9", "42-48", "9-3",
                                        "48-42", "3-9", "42-48", "9-3"};
    pdn_fen f;
    size_t i;
    int got = 0;

    pdn_drawstate_start(d, b);
    for (i = 0; i < 4; i++)
        ck_assert_int_eq(push_text(b, d, l, before[i]), 0);
    ck_assert_uint_eq(pdn_drawstate_info(d)->repetitions, 2);
    ck_assert_int_eq(pdn_fen_parse("W:WK48,37:BK3,14", &f, NULL), 0);
    ck_assert_int_eq(pdn_board_set_fen(b, &f, NULL), 0);
    pdn_drawstate_setup(d, b);
    ck_assert_uint_eq(pdn_drawstate_info(d)->repetitions, 1);
    for (i = 0; i < 8; i++) {
        got = push_text(b, d, l, after[i]);
        ck_assert_uint_eq(pdn_drawstate_info(d)->hash, pdn_board_hash(b));
        ck_assert_uint_eq(pdn_drawstate_info(d)->ply, 5 + i);
        ck_assert_int_eq(got, i == 7 ? PDN_DRAW_REPETITION : 0);
    }
    /* the third occurrence of the setup position: plies 4, 8 and 12 */
    ck_assert_uint_eq(pdn_drawstate_info(d)->rule_plies[0], 4);
    ck_assert_uint_eq(pdn_drawstate_info(d)->rule_plies[2], 12);
    pdn_movelist_free(l);
    pdn_drawstate_free(d);
    pdn_board_free(b);
}
END_TEST

/* No counting rule where none was found in the rule books: only the
 * repetition claim. */
START_TEST(test_no_counting_rule_elsewhere)
{
    run r = play_kings("italian", "W:WK32,K28:BK1,K5", 60);

    ck_assert_int_eq(r.rule, 0);
    r = play_kings("antidraughts", "W:WK46,K47:BK3", 120);
    ck_assert_int_eq(r.rule, 0);
    r = play_kings("frisian", "W:WK46,K47,K48:BK3", 120);
    ck_assert_int_eq(r.rule, 0);
}
END_TEST

Suite *
draw_suite(void)
{
    Suite *s = suite_create("draw");
    TCase *tc = tcase_create("draw");

    tcase_add_test(tc, test_hash_stable_and_side_sensitive);
    tcase_add_test(tc, test_hash_same_position_other_order);
    tcase_add_test(tc, test_hash_keys_are_the_formula);
    tcase_add_test(tc, test_repetition_boundary_per_variant);
    tcase_add_test(tc, test_repetition_info_counts);
    tcase_add_test(tc, test_capture_and_man_move_reset);
    tcase_add_test(tc, test_fires_once);
    tcase_add_test(tc, test_kings_moves_boundary);
    tcase_add_test(tc, test_endgame_boundary);
    tcase_add_test(tc, test_no_counting_rule_elsewhere);
    tcase_add_test(tc, test_setup_restarts_the_counts);
    tcase_add_test(tc, test_setup_of_another_position);
    suite_add_tcase(s, tc);
    return s;
}
