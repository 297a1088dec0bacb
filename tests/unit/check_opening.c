/* SPDX-License-Identifier: MIT */
/* Unit tests for the opening tables and their classification: every
 * table entry replays legally from the initial position and is named by
 * its own moves, the longest match wins, transpositions and setups (a
 * three-move ballot given as a FEN) are recognised, positions no opening
 * reaches are not named. The shared suite recognises real games. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pdn/pdn.h"
#include "core/pdn_private.h"
#include "suites.h"
#include "testutil.h"

/* Plays the space-separated moves of text on b into moves[]; returns how
 * many (all must be legal). */
static size_t
play(pdn_board *b, const char *text, pdn_move *moves, size_t max)
{
    pdn_movelist *l = pdn_movelist_new();
    const char *p = text;
    size_t n = 0;

    while (*p) {
        size_t len = strcspn(p, " ");
        pdn_movetext mt;
        pdn_match m;

        ck_assert_int_eq(pdn_movetext_parse(p, len, &mt), 0);
        ck_assert_msg(pdn_board_play(b, &mt, &m, l, NULL) == PDN_MATCH_LEGAL,
                      "move %.*s of '%s' not legal", (int)len, p, text);
        ck_assert_uint_lt(n, max);
        moves[n++] = m.move;
        p += len;
        p += *p == ' ';
    }
    pdn_movelist_free(l);
    return n;
}

/* Classifies text played from the initial position of gt. */
static pdn_opening
classify(const char *gt, const char *text)
{
    pdn_board *start = test_board_at(gt, NULL);
    pdn_board *b = test_board_at(gt, NULL);
    pdn_move moves[64];
    size_t n = play(b, text, moves, 64);
    pdn_opening op;
    pdn_error e;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_opening_classify(start, moves, n, &op, &e), 0);
    pdn_board_free(start);
    pdn_board_free(b);
    return op;
}

START_TEST(test_every_table_entry_replays_and_is_named)
{
    size_t i, count = pdn_opening_table_count();
    size_t english = 0, russian = 0, ballots = 0;
    unsigned char seen[175] = {0};

    ck_assert_uint_ge(count, 30);
    for (i = 0; i < count; i++) {
        int type;
        const char *name, *name_en, *source;
        const char *moves = pdn_opening_table_at(i, &type, &name, &name_en,
                                                 &source);
        unsigned ballot = pdn_opening_table_ballot(i);
        char gt[8];
        pdn_opening op;
        size_t plies = 1;
        const char *p;

        ck_assert_ptr_nonnull(moves);
        ck_assert(*source);
        ck_assert_msg(name != NULL || ballot > 0, "'%s': no name, no ballot",
                      moves);
        for (p = moves; *p; p++)
            plies += *p == ' ';
        snprintf(gt, sizeof gt, "%d", type);
        op = classify(gt, moves);
        if (name != NULL) {
            ck_assert(*name && name_en && *name_en);
            ck_assert_msg(op.name != NULL && strcmp(op.name, name) == 0,
                          "'%s' named %s, not %s", moves,
                          op.name ? op.name : "nothing", name);
            ck_assert_uint_eq(op.plies, plies);
            ck_assert_str_eq(op.name_en, name_en);
        } else {
            /* a ballot without a name of its own: named by a shorter
             * entry (or one as long: 11-15 22-17 15-19 is the Dyke) */
            ck_assert_ptr_null(name_en);
            ck_assert_uint_le(op.plies, plies);
        }
        if (ballot > 0) {
            /* the ACF deck: three plies, numbers 1-174, each once */
            ck_assert_int_eq(type, 21);
            ck_assert_uint_eq(plies, 3);
            ck_assert_uint_le(ballot, 174);
            ck_assert_msg(!seen[ballot], "ballot %u twice", ballot);
            seen[ballot] = 1;
            ballots++;
            ck_assert_str_eq(op.code, moves);
        }
        if (ballot > 0 || plies < 3) /* longer lines pass through one */
            ck_assert_uint_eq(op.ballot, ballot);
        ck_assert_uint_eq(op.setup_plies, 0);
        english += type == 21;
        russian += type == 25;
    }
    ck_assert_uint_eq(ballots, 156);
    ck_assert_uint_ge(english, 25 + 156);
    ck_assert_uint_ge(russian, 16);
    ck_assert_ptr_null(pdn_opening_table_at(count, NULL, NULL, NULL, NULL));
    ck_assert_uint_eq(pdn_opening_table_ballot(count), 0);
}
END_TEST

/* The ballots: one ply short of a ballot has none, a barred sequence has
 * none, a transposition into a ballot's position has its number, a
 * ballot's own name beats the shorter ones, play past it keeps it. */
START_TEST(test_ballots)
{
    pdn_opening op = classify("21", "11-15 23-19 8-11");

    ck_assert_uint_eq(op.ballot, 126);
    ck_assert_ptr_null(op.name);
    op = classify("21", "11-15 23-19");
    ck_assert_uint_eq(op.ballot, 0);
    op = classify("21", "11-15 23-19 8-11 22-17 4-8");
    ck_assert_uint_eq(op.ballot, 126);
    ck_assert_str_eq(op.name, "Old Fourteenth");
    /* 9-14 22-18 12-16: barred (ACF 44) */
    op = classify("21", "9-14 22-18 12-16");
    ck_assert_uint_eq(op.ballot, 0);
    ck_assert_str_eq(op.name, "Double Corner");
    ck_assert_str_eq(op.code, "9-14 22-18 12-16");
    /* 11-15 22-17 9-14 is ACF 38, 9-14 22-17 11-15, by transposition */
    op = classify("21", "11-15 22-17 9-14");
    ck_assert_uint_eq(op.ballot, 38);
    ck_assert_str_eq(op.code, "11-15 22-17 9-14");
    /* the first and the last ballot of the deck, and their names */
    op = classify("21", "9-13 21-17 5-9");
    ck_assert_uint_eq(op.ballot, 1);
    ck_assert_str_eq(op.name, "Edinburgh");
    op = classify("21", "12-16 24-20 10-15");
    ck_assert_uint_eq(op.ballot, 174);
    ck_assert_str_eq(op.name, "Skunk");
    op = classify("21", "12-16 24-20 10-15 22-18");
    ck_assert_str_eq(op.name, "Skunk");
    ck_assert_uint_eq(op.plies, 3);
    op = classify("21", "9-13 22-18 6-9");
    ck_assert_str_eq(op.name, "Dreaded Edinburgh");
    /* 75 is the Nemesis; 133 has no name of its own (a Bristol) */
    op = classify("21", "10-14 24-19 6-10");
    ck_assert_str_eq(op.name, "Nemesis");
    ck_assert_uint_eq(op.ballot, 75);
    op = classify("21", "11-16 21-17 7-11");
    ck_assert_str_eq(op.name, "Leeds");
    ck_assert_uint_eq(op.ballot, 133);
    op = classify("21", "9-13 22-18");
    ck_assert_str_eq(op.name, "Edinburgh Single");
    ck_assert_uint_eq(op.ballot, 0);
    /* Russian draughts and International: no ballots */
    op = classify("25", "c3-d4 d6-c5 b2-c3");
    ck_assert_uint_eq(op.ballot, 0);
    /* the English moves of a ballot on a giveaway board: no ballot */
    op = classify("21,W,8,8,N1,0,G", "11-15 23-19 8-11");
    ck_assert_uint_eq(op.ballot, 0);
}
END_TEST

START_TEST(test_longest_match_wins)
{
    pdn_opening op = classify("21", "11-15 23-19 8-11 22-17 4-8 17-13");

    ck_assert_str_eq(op.name, "Old Fourteenth");
    ck_assert_uint_eq(op.plies, 5);
    ck_assert_str_eq(op.code, "11-15 23-19 8-11");
    ck_assert_uint_eq(op.code_plies, 3);
    /* one ply short of the Old Fourteenth: no longer entry, and 11-15
     * 23-19 has no name of its own */
    op = classify("21", "11-15 23-19 8-11 22-17");
    ck_assert_ptr_null(op.name);
    ck_assert_uint_eq(op.plies, 0);
    op = classify("21", "11-15 23-19 8-11 22-17 9-13 25-22");
    ck_assert_str_eq(op.name, "Laird and Lady Refused");
    op = classify("21", "11-15 24-20 8-11");
    ck_assert_str_eq(op.name, "Ayrshire Lassie");
    ck_assert_uint_eq(op.plies, 2);
    op = classify("21", "9-13 22-18");
    ck_assert_str_eq(op.name, "Edinburgh Single");
    op = classify("21", "9-13 21-17");
    ck_assert_str_eq(op.name, "Edinburgh");
    ck_assert_uint_eq(op.plies, 1);
    ck_assert_str_eq(op.code, "9-13 21-17");
    ck_assert_uint_eq(op.code_plies, 2);
}
END_TEST

START_TEST(test_russian_names_and_codes)
{
    pdn_opening op = classify("25", "c3-d4 d6-c5 b2-c3 f6-g5 c3-b4");

    ck_assert_str_eq(op.name, "Городская партия");
    ck_assert_str_eq(op.name_en, "Gorodskaya partiya (City Game)");
    ck_assert_uint_eq(op.plies, 4);
    ck_assert_str_eq(op.code, "c3-d4 d6-c5 b2-c3 f6-g5");
    ck_assert_uint_eq(op.code_plies, 4);
    /* the same position by another order of moves */
    op = classify("25", "c3-d4 f6-g5 b2-c3 d6-c5");
    ck_assert_str_eq(op.name, "Городская партия");
    ck_assert_str_eq(op.code, "c3-d4 f6-g5 b2-c3 d6-c5");
    /* one ply before the named position */
    op = classify("25", "c3-d4 d6-c5 b2-c3");
    ck_assert_ptr_null(op.name);
    ck_assert_str_eq(op.code, "c3-d4 d6-c5 b2-c3");
    /* captures in the code are written with the variant's separator */
    op = classify("25", "c3-d4 b6-a5 d4-c5 d6:b4 a3:c5");
    ck_assert_str_eq(op.name, "Кол");
    ck_assert_str_eq(op.code, "c3-d4 b6-a5 d4-c5 d6:b4");
    /* the Тычок by either order of captures; one ply short: no name */
    op = classify("25", "c3-b4 f6-e5 b4-c5 b6:d4 e3:c5 d6:b4 a3:c5");
    ck_assert_str_eq(op.name, "Тычок");
    ck_assert_uint_eq(op.plies, 7);
    op = classify("25", "c3-b4 f6-e5 b4-c5 d6:b4 a3:c5 b6:d4");
    ck_assert_ptr_null(op.name);
    /* the Перекрёсток, and the longer Обратный перекрёсток from it */
    op = classify("25", "c3-d4 d6-e5 b2-c3 e7-d6 e3-f4");
    ck_assert_str_eq(op.name, "Перекрёсток");
    ck_assert_str_eq(op.name_en, "Perekryostok (Crossroads)");
    op = classify("25", "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4 d6-c5");
    ck_assert_str_eq(op.name, "Обратный перекрёсток");
    op = classify("25", "c3-d4 d6-e5 b2-c3");
    ck_assert_ptr_null(op.name);
    op = classify("25", "c3-d4 h6-g5 g3-h4 g7-h6");
    ck_assert_str_eq(op.name, "Обратная игра Бодянского");
    op = classify("25", "c3-d4 h6-g5 g3-f4");
    ck_assert_ptr_null(op.name);
    op = classify("25", "g3-h4 b6-a5");
    ck_assert_str_eq(op.name, "Игра Петрова");
    op = classify("25", "g3-h4");
    ck_assert_ptr_null(op.name);
    /* Russian giveaway: the same moves, no name, a code */
    op = classify("25,W,8,8,A0,0,G", "c3-d4 d6-c5 b2-c3 f6-g5");
    ck_assert_ptr_null(op.name);
    ck_assert_str_eq(op.code, "c3-d4 d6-c5 b2-c3 f6-g5");
}
END_TEST

START_TEST(test_code_elsewhere)
{
    pdn_opening op = classify("20", "32-28 19-23 28x19 14x23 37-32");

    ck_assert_ptr_null(op.name);
    ck_assert_str_eq(op.code, "32-28 19-23 28x19 14x23");
    ck_assert_uint_eq(op.code_plies, 4);
    op = classify("20", "");
    ck_assert_str_eq(op.code, "");
    ck_assert_uint_eq(op.code_plies, 0);
}
END_TEST

/* The position after prefix as a setup, then the moves of rest. */
static pdn_opening
from_setup(const char *gt, const char *prefix, const char *rest)
{
    pdn_board *b = test_board_at(gt, NULL);
    pdn_move moves[64];
    pdn_opening op;
    pdn_fen f;
    size_t n;

    play(b, prefix, moves, 64);
    pdn_board_get_fen(b, &f);
    pdn_board_reset(b);
    ck_assert_int_eq(pdn_board_set_fen(b, &f, NULL), 0);
    {
        pdn_board *start = test_board_at(gt, NULL);

        pdn_board_copy(start, b);
        n = play(b, rest, moves, 64);
        ck_assert_int_eq(pdn_opening_classify(start, moves, n, &op, NULL), 0);
        pdn_board_free(start);
    }
    pdn_board_free(b);
    return op;
}

START_TEST(test_ballot_position_as_setup)
{
    pdn_opening op = from_setup("21", "11-15 23-19 8-11", "22-17 4-8 17-13");

    ck_assert_str_eq(op.name, "Old Fourteenth");
    ck_assert_uint_eq(op.setup_plies, 3);
    ck_assert_uint_eq(op.plies, 5);
    ck_assert_uint_eq(op.ballot, 126);
    ck_assert_str_eq(op.code, "11-15 23-19 8-11");
    /* a ballot that captures: 9-14 23-18 14x23 */
    op = from_setup("21", "9-14 23-18 14x23", "27x18");
    ck_assert_uint_eq(op.setup_plies, 3);
    ck_assert_str_eq(op.code, "9-14 23-18 14x23");
    ck_assert_str_eq(op.name, "Double Cross");
    ck_assert_uint_eq(op.ballot, 46);
    /* Russian: a setup two plies in */
    op = from_setup("25", "c3-d4 d6-c5", "b2-c3 f6-g5");
    ck_assert_str_eq(op.name, "Городская партия");
    ck_assert_uint_eq(op.setup_plies, 2);
}
END_TEST

START_TEST(test_unreachable_setup_is_not_named)
{
    pdn_board *b = test_board_at("21", "W:W18,K30:B5,6");
    pdn_opening op;

    ck_assert_int_eq(pdn_opening_classify(b, NULL, 0, &op, NULL), 0);
    ck_assert_ptr_null(op.name);
    ck_assert_str_eq(op.code, "");
    ck_assert_uint_eq(op.setup_plies, 0);
    pdn_board_free(b);
    /* eleven men a side (an 11-man ballot): no sequence of plies from
     * the initial position reaches it */
    b = test_board_at("21", "B:W19,21,22,23,25,26,27,28,29,30,31:"
                            "B1,2,3,4,5,6,7,8,9,10,12");
    ck_assert_int_eq(pdn_opening_classify(b, NULL, 0, &op, NULL), 0);
    ck_assert_ptr_null(op.name);
    ck_assert_str_eq(op.code, "");
    pdn_board_free(b);
}
END_TEST

/* pdn_opening_game over a game given as text. */
static pdn_opening
game_opening(const char *text, int *rc)
{
    pdn_reader *r = pdn_reader_new_mem(text, strlen(text), "t.pdn");
    pdn_game *g = NULL;
    pdn_gametype gt;
    pdn_opening op;
    pdn_error e;
    const char *tag;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    tag = pdn_game_tag(g, "GameType");
    ck_assert_int_ge(pdn_gametype_parse(tag ? tag : "21", &gt, NULL), 0);
    *rc = pdn_opening_game(g, &gt, &op, &e);
    pdn_game_free(g);
    pdn_reader_free(r);
    return op;
}

START_TEST(test_game_main_line)
{
    int rc;
    pdn_opening op = game_opening(
        "[GameType \"25\"]\n1. c3-d4 d6-c5 (1... f6-g5) 2. b2-c3 f6-g5 *\n",
        &rc);

    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(op.name, "Городская партия");
    /* an illegal move ends what is looked at */
    op = game_opening("1. 11-15 23-19 2. 8-11 22-17 3. 4-8 4-8 *\n", &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(op.name, "Old Fourteenth");
    op = game_opening("1. 11-15 23-19 2. 8-12 22-17 3. 4-8 *\n", &rc);
    ck_assert_ptr_null(op.name);
    ck_assert_str_eq(op.code, "11-15 23-19");
    /* a ballot given as a FEN tag */
    op = game_opening("[FEN \"W:W19,21,22,24,25,26,27,28,29,30,31,32:"
                      "B1,2,3,4,5,6,7,9,10,11,12,15\"]\n"
                      "1. 22-17 4-8 *\n", &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_eq(op.setup_plies, 3);
    ck_assert_str_eq(op.code, "11-15 23-19 8-11");
    ck_assert_str_eq(op.name, "Old Fourteenth");
    /* a FEN that cannot be set up */
    op = game_opening("[FEN \"W:W99:B1\"]\n1. 23-19 *\n", &rc);
    ck_assert_int_eq(rc, -1);
}
END_TEST

/* Memory running out at every allocation in turn, a ballot setup game
 * (the setup search) first: -1 with PDN_ENOMEM, or the full answer. */
START_TEST(test_out_of_memory)
{
    static const char text[] =
        "[FEN \"W:W19,21,22,24,25,26,27,28,29,30,31,32:"
        "B1,2,3,4,5,6,7,9,10,11,12,15\"]\n1. 22-17 4-8 *\n";
    pdn_reader *r = pdn_reader_new_mem(text, strlen(text), "t.pdn");
    pdn_game *g = NULL;
    pdn_gametype gt;
    long n, failed = 0;

    ck_assert_int_eq(pdn_reader_next(r, &g, NULL), 1);
    pdn_gametype_standard(21, &gt);
    for (n = 0; n < 100000; n++) {
        pdn_opening op;
        pdn_error e;
        void *probe;
        int rc;

        pdn_error_clear(&e);
        pdnp_alloc_fail_after(n);
        rc = pdn_opening_game(g, &gt, &op, &e);
        probe = pdnp_malloc(1);
        pdnp_alloc_fail_after(-1);
        if (rc != 0) {
            ck_assert_int_eq(rc, -1);
            ck_assert_int_eq(e.code, PDN_ENOMEM);
            failed++;
            continue;
        }
        ck_assert_str_eq(op.name, "Old Fourteenth");
        ck_assert_uint_eq(op.setup_plies, 3);
        if (probe != NULL) { /* the hook never fired: done */
            pdnp_free(probe);
            break;
        }
    }
    ck_assert_int_gt(failed, 0);
    pdn_game_free(g);
    pdn_reader_free(r);
}
END_TEST

/* Counts over one file of the shared corpus, every game classified under
 * the GameType gt: games, games with a code, games named, and for the
 * games whose own Opening tag is in the table names (a transliterated
 * name and its table name), how many we name alike and otherwise. */
typedef struct tally {
    unsigned long games, coded, named, agree, differ, ballots;
} tally;

static tally
shared_tally(const char *rel, const char *gt_text,
             const char *const (*names)[2])
{
    char path[4096];
    FILE *fp;
    pdn_reader *r;
    pdn_game *g;
    pdn_gametype gt;
    pdn_error e;
    tally t = {0, 0, 0, 0, 0, 0};
    int rc;

    snprintf(path, sizeof path, "%s/%s", test_shared_dir(), rel);
    fp = fopen(path, "rb");
    ck_assert_msg(fp != NULL, "%s", path);
    ck_assert_int_ge(pdn_gametype_parse(gt_text, &gt, NULL), 0);
    r = pdn_reader_new_file(fp, path);
    pdn_error_clear(&e);
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        const char *own = g ? pdn_game_tag(g, "Opening") : NULL;
        pdn_opening op;
        size_t i;

        if (rc < 0 || g == NULL) {
            pdn_game_free(g);
            pdn_error_clear(&e);
            continue;
        }
        t.games++;
        ck_assert_int_eq(pdn_opening_game(g, &gt, &op, NULL), 0);
        t.coded += op.code[0] != '\0';
        t.named += op.name != NULL;
        t.ballots += op.ballot > 0;
        for (i = 0; names && own && op.name && names[i][0]; i++)
            if (strcmp(own, names[i][0]) == 0) {
                if (strcmp(op.name, names[i][1]) == 0)
                    t.agree++;
                else
                    t.differ++;
            }
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    fclose(fp);
    return t;
}

/* The Open Checkers Archive: every game gets a code; the named and ballot
 * counts as measured when the tables were written (they change with
 * them). */
START_TEST(test_shared_oca_openings)
{
    tally t = shared_tally("corpus/english/oca__OCA_2.0.pdn", "21", NULL);

    ck_assert_uint_eq(t.games, 22621);
    ck_assert_uint_eq(t.coded, 22621);
    ck_assert_uint_eq(t.named, 21778);
    ck_assert_uint_eq(t.ballots, 22568);
}
END_TEST

/* Abatsiev's games name their openings (transliterated): where we give
 * a name too, it is the same opening. */
START_TEST(test_shared_russian_names_agree)
{
    static const char *const names[][2] = {
        {"Kol", "Кол"},
        {"Gorodskaja partija", "Городская партия"},
        {"Obratnyj kol", "Обратный кол"},
        {"Obratnyj tychok", "Обратный тычок"},
        {"Igra Bodjanskogo", "Игра Бодянского"},
        {"Igra Filippova", "Игра Филиппова"},
        {"Obratnyj perekrestok", "Обратный перекрёсток"},
        {"Perekrestok", "Перекрёсток"},
        {"Obratnaja igra Bodjanskogo", "Обратная игра Бодянского"},
        {"Tychok", "Тычок"},
        {"Igra Petrova", "Игра Петрова"},
        {NULL, NULL}};
    tally t = shared_tally("corpus/russian/gamescheckers__abatsiev.pdn",
                           "25", names);

    ck_assert_uint_eq(t.games, 198);
    ck_assert_uint_eq(t.agree, 15);
    ck_assert_uint_eq(t.differ, 0);
}
END_TEST

void
opening_shared_tests(TCase *tc)
{
    tcase_add_test(tc, test_shared_oca_openings);
    tcase_add_test(tc, test_shared_russian_names_agree);
}

Suite *
opening_suite(void)
{
    Suite *s = suite_create("opening");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_every_table_entry_replays_and_is_named);
    tcase_add_test(tc, test_ballots);
    tcase_add_test(tc, test_longest_match_wins);
    tcase_add_test(tc, test_russian_names_and_codes);
    tcase_add_test(tc, test_code_elsewhere);
    tcase_add_test(tc, test_ballot_position_as_setup);
    tcase_add_test(tc, test_unreachable_setup_is_not_named);
    tcase_add_test(tc, test_game_main_line);
    tcase_add_test(tc, test_out_of_memory);
    suite_add_tcase(s, tc);
    return s;
}
