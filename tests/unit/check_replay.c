/* SPDX-License-Identifier: MIT */
/* Replay (pdn/replay.h): GameType choice, start positions, setups, the
 * iterator over lines, its errors; move candidates. */
#include <config.h>
#include <pdn/pdn.h>
#include <string.h>
#include "suites.h"

static pdn_game *
parse(const char *s)
{
    pdn_error e;
    pdn_game *g = pdn_parse_string(s, strlen(s), &e);

    ck_assert_msg(g != NULL, "parse: %s", e.text);
    return g;
}

/* Replays the main line of s and returns the FEN after it (static), or
 * the error text ("ERR code line:col text"). */
static const char *
replay_to_end(pdn_replay *r, const char *s, unsigned long *plies)
{
    static char out[PDN_FEN_STRING_MAX + 300];
    pdn_game *g = parse(s);
    pdn_error e;
    int rc;

    rc = pdn_replay_start(r, g, NULL, &e);
    while (rc >= 0 && (rc = pdn_replay_next(r, &e)) == 1)
        continue;
    if (rc < 0)
        snprintf(out, sizeof out, "ERR %s %lu:%lu %s", pdn_code_name(e.code),
                 e.pos.line, e.pos.column, e.text);
    else
        pdn_replay_fen(r, out, sizeof out);
    if (plies != NULL)
        *plies = pdn_replay_ply(r);
    pdn_game_free(g);
    return out;
}

START_TEST(test_main_line_plies)
{
    pdn_game *g = parse("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *");
    pdn_replay *r = pdn_replay_new();
    static const char *const moves[] = {"32-28", "19-23", "28x19", "14x23"};
    char fen[PDN_FEN_STRING_MAX], mv[64];
    pdn_error e;
    int i;

    ck_assert_int_eq(pdn_replay_start(r, g, NULL, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    ck_assert_int_eq(pdn_replay_gametype_from(r), PDN_GT_TAG);
    ck_assert_int_eq(pdn_replay_gametype(r)->type, 20);
    ck_assert_ptr_null(pdn_replay_move(r));
    ck_assert_uint_eq(pdn_replay_move_text(r, 0, mv, sizeof mv), 0);
    pdn_replay_fen(r, fen, sizeof fen);
    ck_assert_str_eq(fen, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,"
                          "46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,"
                          "15,16,17,18,19,20");
    for (i = 0; i < 4; i++) {
        ck_assert_int_eq(pdn_replay_next(r, &e), 1);
        ck_assert_uint_eq(pdn_replay_ply(r), (unsigned long)i + 1);
        pdn_replay_move_text(r, PDN_MOVE_SHORT, mv, sizeof mv);
        ck_assert_str_eq(mv, moves[i]);
        ck_assert_str_eq(pdn_node_text(pdn_replay_node(r)), moves[i]);
    }
    ck_assert_int_eq(pdn_replay_next(r, &e), 0);
    ck_assert_int_eq(pdn_board_count(pdn_replay_board(r), 'w'), 19);
    ck_assert_int_eq(pdn_board_count(pdn_replay_board(r), 'b'), 19);
    ck_assert_int_eq(pdn_board_count(pdn_replay_board(r), 'W'), 0);
    ck_assert_int_eq(pdn_board_count(pdn_replay_board(r), 'x'), -1);
    pdn_replay_fen(r, fen, sizeof fen);
    ck_assert(strncmp(fen, "W:W31,", 6) == 0);
    ck_assert_str_eq(fen + strlen(fen) - 9, ",18,20,23");
    pdn_replay_free(r);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_illegal_move_stops_where_it_is)
{
    pdn_game *g = parse("[Event \"x\"]\n1. 32-28 19-23\n2. 28-22 14x23 *");
    pdn_replay *r = pdn_replay_new();
    pdn_error e;

    ck_assert_int_eq(pdn_replay_set_source(r, "/a/rather/long/path/to/some/"
                                              "directory/of/games/file.pdn"),
                     0);
    ck_assert_int_eq(pdn_replay_start(r, g, NULL, &e), 0);
    ck_assert_int_eq(pdn_replay_gametype_from(r), PDN_GT_DEFAULT);
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_int_eq(pdn_replay_next(r, &e), -1);
    ck_assert_int_eq(e.code, PDN_EILLEGAL);
    ck_assert_uint_eq(e.pos.line, 3);
    ck_assert_uint_eq(e.pos.column, 4);
    ck_assert_uint_eq(e.game, 1);
    ck_assert_str_eq(e.source, "/a/rather/long/path/to/some/directory/of/"
                               "games/file.pdn");
    ck_assert_str_eq(e.text, "illegal move '28-22' at ply 3: capture is "
                             "compulsory");
    ck_assert_int_eq(pdn_replay_match(r)->reason, PDN_WHY_CAPTURE_REQUIRED);
    ck_assert_uint_eq(pdn_replay_ply(r), 2);
    ck_assert_str_eq(pdn_node_text(pdn_replay_node(r)), "28-22");
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_replay_next(r, &e), -1);
    ck_assert_int_eq(e.code, PDN_EILLEGAL);
    /* a move after the end of the game, in the checker's words */
    ck_assert_str_eq(replay_to_end(r, "[FEN \"W:W28:B23\"]\n"
                                      "1. 28x19 10-14 *", NULL),
                     "ERR illegal 2:10 move '10-14' at ply 2 after the end of "
                     "the game: the side to move has no legal move");
    ck_assert_uint_eq(pdn_replay_ply(r), 1);
    /* the next game starts clean */
    ck_assert_str_eq(replay_to_end(r, "1. 32-28 *", NULL),
                     "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,"
                     "48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,"
                     "19,20");
    pdn_replay_free(r);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_ambiguous_move_and_its_candidates)
{
    pdn_replay *r = pdn_replay_new();
    pdn_movelist *c = pdn_movelist_new();
    pdn_movetext mt;
    pdn_error e;
    const pdn_board *b;
    size_t i;
    char mv[64];

    ck_assert_str_eq(replay_to_end(r, "[FEN \"W:WK47:B14,19,29,31,42\"]\n"
                                      "1. 47x36 *", NULL),
                     "ERR ambiguous 2:4 ambiguous move '47x36' at ply 1: "
                     "write it as 47x38x20x9x36 or 47x38x24x13x36");
    ck_assert_uint_eq(pdn_replay_match(r)->count, 2);
    /* the candidates, from the list the failed move left */
    b = pdn_replay_board(r);
    pdn_movetext_parse("47x36", 5, &mt);
    ck_assert_int_eq(pdn_board_candidates(b, pdn_replay_moves(r), &mt, c, &e),
                     2);
    for (i = 0; i < 2; i++) {
        const pdn_move *m = pdn_movelist_at(c, i);
        pdn_move_format(b, pdn_replay_moves(r), m, PDN_MOVE_SHORT, mv,
                        sizeof mv);
        ck_assert_int_eq(m->path[0], pdn_square_to_coord(
                                         pdn_board_gametype(b), 47));
        ck_assert(strncmp(mv, "47x", 3) == 0 && strlen(mv) > 5);
    }
    /* one candidate for a legal move, none for an illegal one */
    pdn_movetext_parse("47x38x36", 8, &mt);
    ck_assert_int_eq(pdn_board_candidates(b, pdn_replay_moves(r), &mt, c, &e),
                     2);
    pdn_movetext_parse("47-41", 5, &mt);
    ck_assert_int_eq(pdn_board_candidates(b, pdn_replay_moves(r), &mt, c, &e),
                     0);
    /* the squares behind the captured pieces (30 behind 34 in both), and
     * a path mixing them with landing squares (a merged capture's other
     * route): the finding names the moves the matcher counted */
    ck_assert_str_eq(replay_to_end(r, "[FEN \"W:WK1,K9:B10,34,38,18,33\"]\n"
                                      "1. 9x30x25 *", NULL),
                     "ERR ambiguous 2:4 ambiguous move '9x30x25' at ply 1: "
                     "write it as 9x22x39x25 or 9x27x43x25");
    ck_assert_str_eq(replay_to_end(r, "[FEN \"W:WK1,K49:B23,K13,43,37,30,38,"
                                      "K17\"]\n1. 1x24x35 *", NULL),
                     "ERR ambiguous 2:4 ambiguous move '1x24x35' at ply 1: "
                     "write it as 1x29x42x26x8x19x35 or 1x34x48x26x8x19x35");
    b = pdn_replay_board(r);
    pdn_movetext_parse("1x24x35", 7, &mt);
    ck_assert_int_eq(pdn_board_candidates(b, pdn_replay_moves(r), &mt, c, &e),
                     2);
    ck_assert_uint_eq(pdn_replay_match(r)->count, 2);
    pdn_movelist_free(c);
    pdn_replay_free(r);
}
END_TEST

/* Draw-rule findings: the rule that fired, a move after it, a win
 * recorded after it, in the checker's words. */
START_TEST(test_draw_findings)
{
    pdn_game *g = parse("[GameType \"20\"]\n[FEN \"W:WK50,K49:BK1,K2\"]\n"
                        "[Result \"2-0\"]\n1. 50-44 1-7 2. 44-50 7-1 "
                        "3. 50-44 1-7 4. 44-50 7-1 5. 50-44 2-0");
    pdn_replay *r = pdn_replay_new();
    pdn_drawstate *ds = pdn_drawstate_new();
    pdn_finding d, a, res;
    pdn_error e;
    char t[512];
    int rc, fired = 0;

    pdn_finding_init(&d);
    pdn_finding_init(&a);
    pdn_finding_init(&res);
    rc = pdn_replay_start(r, g, NULL, &e);
    pdn_drawstate_start(ds, pdn_replay_board(r));
    while (rc >= 0 && (rc = pdn_replay_next(r, &e)) == 1) {
        if (fired == 1) {
            ck_assert_int_eq(pdn_check_after_draw(&d, pdn_replay_node(r),
                                                  &a), 0);
            fired = 2;
        }
        if (pdn_drawstate_push(ds, pdn_replay_board(r), pdn_replay_move(r),
                               NULL) > 0 && fired == 0) {
            ck_assert_int_eq(pdn_check_draw(pdn_drawstate_info(ds),
                                            pdn_replay_board(r),
                                            pdn_replay_node(r), &d), 0);
            fired = 1;
        }
    }
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(d.kind, PDN_FINDING_DRAW);
    ck_assert_int_eq(d.code, PDN_EDRAW_REPETITION);
    ck_assert_int_eq(d.severity, PDN_SEV_WARNING);
    pdn_finding_text(&d, PDN_FINDING_POSITION, t, sizeof t);
    ck_assert_str_eq(t, "game drawn by rule at ply 8: threefold repetition; "
                        "the position of plies 0, 4 and 8; position "
                        "W:WK49,K50:BK1,K2");
    ck_assert_int_eq(a.kind, PDN_FINDING_AFTER_DRAW);
    ck_assert_int_eq(a.severity, PDN_SEV_ERROR);
    ck_assert_uint_eq(a.ply, 9);
    ck_assert_str_eq(a.draw_move, "7-1");
    pdn_finding_text(&a, 0, t, sizeof t);
    ck_assert_str_eq(t, "move '50-44' at ply 9 after the game was drawn at "
                        "ply 8: threefold repetition; the position of plies "
                        "0, 4 and 8");
    ck_assert_int_eq(pdn_check_draw_result(g, &d, &res), 1);
    ck_assert_int_eq(res.code, PDN_ERESULT);
    pdn_finding_text(&res, PDN_FINDING_POSITION, t, sizeof t);
    ck_assert_str_eq(t, "result '2-0' records a win, but the game was drawn "
                        "at ply 8: threefold repetition");
    pdn_finding_clear(&d);
    pdn_finding_clear(&a);
    pdn_finding_clear(&res);
    pdn_drawstate_free(ds);
    pdn_replay_free(r);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_gametype_tag_variant_fallback_force)
{
    pdn_replay *r = pdn_replay_new();
    pdn_gametype gt;
    unsigned long plies;
    const char *english = "1. 11-15 23-19 2. 8-11 22-17 *";

    /* English: Black moves first */
    ck_assert(strncmp(replay_to_end(r, "[GameType \"21\"]\n1. 11-15 23-19 "
                                       "2. 8-11 22-17 *", &plies),
                      "B:W", 3) == 0);
    ck_assert_uint_eq(plies, 4);
    ck_assert(strncmp(replay_to_end(r, "[Variant \"English draughts\"]\n"
                                       "1. 11-15 23-19 2. 8-11 22-17 *",
                                    &plies),
                      "B:W", 3) == 0);
    ck_assert_int_eq(pdn_replay_gametype_from(r), PDN_GT_VARIANT);
    /* untagged: International by default, so 11-15 is no move of White */
    ck_assert(strncmp(replay_to_end(r, english, NULL), "ERR illegal 1:4", 15)
              == 0);
    pdn_gametype_standard(21, &gt);
    pdn_replay_set_fallback(r, &gt);
    ck_assert(strncmp(replay_to_end(r, english, NULL), "B:W", 3) == 0);
    ck_assert_int_eq(pdn_replay_gametype_from(r), PDN_GT_DEFAULT);
    /* forced over a tag that says otherwise */
    pdn_replay_set_force(r, &gt);
    ck_assert(strncmp(replay_to_end(r, "[GameType \"20\"]\n1. 11-15 *", NULL),
                      "W:W", 3) == 0);
    ck_assert_int_eq(pdn_replay_gametype_from(r), PDN_GT_CALLER);
    pdn_replay_free(r);
}
END_TEST

/* A hook that replays every game as Russian draughts, and refuses games
 * with a Round tag. */
static int
russian(const pdn_game *g, pdn_gametype *gt, int from, void *ud,
        pdn_error *err)
{
    (void)err;
    ++*(int *)ud;
    if (pdn_game_tag(g, "Round") != NULL)
        return -1;
    ck_assert_int_eq(from, PDN_GT_DEFAULT);
    return pdn_gametype_standard(25, gt);
}

START_TEST(test_gametype_hook)
{
    pdn_replay *r = pdn_replay_new();
    int calls = 0;

    pdn_replay_set_gametype_fn(r, russian, &calls);
    ck_assert(strncmp(replay_to_end(r, "1. c3-d4 f6-g5 *", NULL), "W:W", 3)
              == 0);
    ck_assert_int_eq(pdn_replay_gametype(r)->type, 25);
    ck_assert_int_eq(pdn_replay_gametype_from(r), PDN_GT_CALLER);
    ck_assert_str_eq(replay_to_end(r, "[Round \"1\"]\n1. c3-d4 *", NULL),
                     "ERR variant 1:1 no game type for this game");
    ck_assert_int_eq(calls, 2);
    pdn_replay_free(r);
}
END_TEST

START_TEST(test_fen_tag_and_setups)
{
    pdn_replay *r = pdn_replay_new();
    pdn_game *g;
    pdn_board *b;
    pdn_gametype gt;
    pdn_error e;

    ck_assert_str_eq(replay_to_end(r, "[FEN \"B:W28:B19\"]\n1... 19-23 "
                                      "2. 28x19 *", NULL),
                     "B:W19:B");
    /* a setup in the moves */
    ck_assert_str_eq(replay_to_end(r, "1. 32-28 /FEN \"W:W40:B10\"/ 2. 40-34 *",
                                   NULL),
                     "B:W34:B10");
    ck_assert_str_eq(replay_to_end(r, "[FEN \"W:W28:B99\"]\n1. 28-22 *", NULL),
                     "ERR setup 1:1 square '99' is not on this board");
    ck_assert_str_eq(replay_to_end(r, "[Event \"e\"]\n[GameType \"x\"]\n"
                                      "1. 32-28 *", NULL),
                     "ERR variant 2:1 invalid game type 'x'");
    /* pdn_game_start and pdn_game_gametype alone */
    g = parse("[GameType \"20\"]\n[FEN \"W:W28:B19.\"]\n1. 28x10 *");
    ck_assert_int_eq(pdn_game_gametype(g, NULL, &gt, &e), PDN_GT_TAG);
    b = pdn_board_new(&gt, &e);
    ck_assert_int_eq(pdn_game_start(g, b, &e), 1);
    ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
    ck_assert_uint_eq(e.pos.line, 2);
    ck_assert_int_eq(pdn_board_count(b, 'w'), 1);
    pdn_board_free(b);
    pdn_game_free(g);
    g = parse("[Variant \"Klingon\"]\n1. 32-28 *");
    ck_assert_int_eq(pdn_game_gametype(g, NULL, &gt, &e), PDN_GT_DEFAULT);
    ck_assert_str_eq(e.text, "unknown variant 'Klingon' in the Variant tag");
    ck_assert_int_eq(gt.type, 20);
    pdn_game_free(g);
    pdn_replay_free(r);
}
END_TEST

START_TEST(test_variation_line)
{
    pdn_game *g = parse("1. 32-28 19-23 (1... 20-24 2. 34-30 (2. 33-29) "
                        "15-20) 2. 28x19 14x23 *");
    const pdn_node *v = pdn_node_variation_at(pdn_node_next(pdn_game_first(g)),
                                              0);
    const pdn_node *w = pdn_node_variation_at(pdn_node_next(v), 0);
    pdn_replay *r = pdn_replay_new();
    char fen[PDN_FEN_STRING_MAX];
    pdn_error e;

    ck_assert_int_eq(pdn_replay_start(r, g, v, &e), 0);
    ck_assert_uint_eq(pdn_replay_ply(r), 1);
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_str_eq(pdn_node_text(pdn_replay_node(r)), "20-24");
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_int_eq(pdn_replay_next(r, &e), 0);
    ck_assert_uint_eq(pdn_replay_ply(r), 4);
    /* a variation inside a variation */
    ck_assert_int_eq(pdn_replay_start(r, g, w, &e), 0);
    ck_assert_uint_eq(pdn_replay_ply(r), 2);
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_int_eq(pdn_replay_next(r, &e), 0);
    pdn_replay_fen(r, fen, sizeof fen);
    ck_assert(strncmp(fen, "B:W28,29,31,", 12) == 0);
    ck_assert(strstr(fen, ",24") != NULL);
    /* a node of another game */
    {
        pdn_game *h = parse("1. 32-28 *");
        ck_assert_int_eq(pdn_replay_start(r, h, v, &e), -1);
        ck_assert_int_eq(e.code, PDN_EMOVE);
        pdn_game_free(h);
    }
    pdn_replay_free(r);
    pdn_game_free(g);
}
END_TEST

/* ---- The checker (pdn/check.h) ---- */

/* The finding of the first move of s that cannot be played, by
 * pdn_check_replay; its words (with the position) in text. */
static int
check_first(const char *s, unsigned flags, pdn_finding *f, char *text,
            size_t size)
{
    pdn_game *g = parse(s);
    pdn_replay *r = pdn_replay_new();
    pdn_error e;
    int rc;

    rc = pdn_replay_start(r, g, NULL, &e);
    while (rc >= 0 && (rc = pdn_replay_next(r, &e)) == 1)
        continue;
    rc = pdn_check_replay(r, flags, f);
    pdn_finding_text(f, PDN_FINDING_POSITION, text, size);
    pdn_replay_free(r);
    pdn_game_free(g);
    return rc;
}

START_TEST(test_check_ambiguous)
{
    pdn_finding f;
    char text[512];

    pdn_finding_init(&f);
    ck_assert_int_eq(check_first("[GameType \"20\"]\n[FEN \"W:WK47:B14,19,"
                                 "29,31,42\"]\n1. 47x36 *", 0, &f, text,
                                 sizeof text), 0);
    ck_assert_int_eq(f.kind, PDN_FINDING_AMBIGUOUS);
    ck_assert_int_eq(f.code, PDN_EAMBIGUOUS);
    ck_assert_int_eq(f.severity, PDN_SEV_ERROR);
    ck_assert_uint_eq(f.ply, 1);
    ck_assert_uint_eq(f.pos.line, 3);
    ck_assert_uint_eq(f.pos.column, 4);
    ck_assert_str_eq(f.move, "47x36");
    ck_assert_str_eq(f.fen, "W:WK47:B14,19,29,31,42");
    ck_assert_uint_eq(f.nfits, 2);
    ck_assert_str_eq(f.fits[0], "47x38x20x9x36");
    ck_assert_str_eq(f.fits[1], "47x38x24x13x36");
    ck_assert_uint_eq(f.nlegal, 2);
    ck_assert_str_eq(text, "ambiguous move '47x36' at ply 1: write it as "
                           "47x38x20x9x36 or 47x38x24x13x36; position "
                           "W:WK47:B14,19,29,31,42; legal moves: "
                           "47x38x20x9x36, 47x38x24x13x36");
    /* the length needed, like snprintf */
    ck_assert_uint_eq(pdn_finding_text(&f, 0, NULL, 0), strlen(
        "ambiguous move '47x36' at ply 1: write it as 47x38x20x9x36 or "
        "47x38x24x13x36"));
    pdn_finding_clear(&f);
    ck_assert_int_eq(f.kind, PDN_FINDING_NONE);
    ck_assert_ptr_null(f.move);
}
END_TEST

START_TEST(test_check_illegal_and_suggestion)
{
    pdn_finding f;
    char text[1024];

    pdn_finding_init(&f);
    /* 28-22 for the compulsory capture */
    ck_assert_int_eq(check_first("1. 32-28 19-23\n2. 28-22 14x23 *", 0, &f,
                                 text, sizeof text), 0);
    ck_assert_int_eq(f.kind, PDN_FINDING_ILLEGAL);
    ck_assert_uint_eq(f.ply, 3);
    ck_assert_str_eq(f.why, "capture is compulsory");
    ck_assert_uint_eq(f.nlegal, 1);
    ck_assert_str_eq(f.legal[0], "28x19");
    ck_assert_ptr_null(f.suggest);
    ck_assert_str_eq(text, "illegal move '28-22' at ply 3: capture is "
                           "compulsory; position W:W28,31,33,34,35,36,37,"
                           "38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,"
                           "5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23; "
                           "legal moves: 28x19");
    /* 28-32 for 32-28, from and to exchanged: the next moves confirm it */
    ck_assert_int_eq(check_first("1. 28-32 19-23 2. 28x19 14x23 *",
                                 PDN_CHECK_SUGGEST, &f, text, sizeof text),
                     0);
    ck_assert_int_eq(f.kind, PDN_FINDING_ILLEGAL);
    ck_assert_ptr_nonnull(f.suggest);
    ck_assert_str_eq(f.suggest, "32-28");
    pdn_finding_text(&f, PDN_FINDING_NOTE, text, sizeof text);
    ck_assert_str_eq(text, "did you mean 32-28? (the from and to squares "
                           "exchanged)");
    pdn_finding_clear(&f);
}
END_TEST

START_TEST(test_check_after_end_and_result)
{
    pdn_game *g = parse("[Result \"0-2\"]\n[GameType \"20\"]\n[FEN "
                        "\"W:W28:B23\"]\n1. 28x19 20-24 0-2");
    pdn_replay *r = pdn_replay_new();
    pdn_movelist *l = pdn_movelist_new();
    pdn_finding f;
    pdn_error e;
    char text[512];

    pdn_finding_init(&f);
    ck_assert_int_eq(pdn_replay_start(r, g, NULL, &e), 0);
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_int_eq(pdn_replay_next(r, &e), -1);
    ck_assert_int_eq(pdn_check_replay(r, 0, &f), 0);
    ck_assert_int_eq(f.kind, PDN_FINDING_AFTER_END);
    ck_assert_uint_eq(f.nlegal, 0);
    pdn_finding_text(&f, PDN_FINDING_POSITION, text, sizeof text);
    ck_assert_str_eq(text, "move '20-24' at ply 2 after the end of the "
                           "game: the side to move has no legal move; "
                           "position B:W19:B; legal moves: none");
    /* the result audit at the final position (Black has no move) */
    ck_assert_int_eq(pdn_check_result(g, pdn_replay_board(r), l,
                                      PDN_OUTCOME_UNKNOWN, 0, NULL, &f), 1);
    ck_assert_int_eq(f.kind, PDN_FINDING_RESULT);
    ck_assert_int_eq(f.code, PDN_ERESULT);
    ck_assert_uint_eq(f.pos.line, 1);
    ck_assert_str_eq(f.result, "0-2");
    ck_assert_int_eq(f.said, PDN_OUTCOME_SECOND);
    ck_assert_int_eq(f.real, PDN_OUTCOME_FIRST);
    pdn_finding_text(&f, 0, text, sizeof text);
    ck_assert_str_eq(text, "result '0-2' says Black (the second mover) won, "
                           "but Black has no legal move in the final "
                           "position, so White (the first mover) won "
                           "('2-0')");
    pdn_finding_clear(&f);
    /* a legal game ends with no finding */
    ck_assert_int_eq(pdn_check_replay(r, 0, &f), 0);
    pdn_movelist_free(l);
    pdn_replay_free(r);
    pdn_game_free(g);
    g = parse("1. 32-28 *");
    r = pdn_replay_new();
    ck_assert_int_eq(pdn_replay_start(r, g, NULL, &e), 0);
    ck_assert_int_eq(pdn_replay_next(r, &e), 1);
    ck_assert_int_eq(pdn_check_replay(r, 0, &f), 1);
    ck_assert_int_eq(f.kind, PDN_FINDING_NONE);
    pdn_replay_free(r);
    pdn_game_free(g);
}
END_TEST

Suite *
replay_suite(void)
{
    Suite *s = suite_create("replay");
    TCase *tc = tcase_create("replay");

    tcase_add_test(tc, test_main_line_plies);
    tcase_add_test(tc, test_illegal_move_stops_where_it_is);
    tcase_add_test(tc, test_ambiguous_move_and_its_candidates);
    tcase_add_test(tc, test_draw_findings);
    tcase_add_test(tc, test_gametype_tag_variant_fallback_force);
    tcase_add_test(tc, test_gametype_hook);
    tcase_add_test(tc, test_fen_tag_and_setups);
    tcase_add_test(tc, test_variation_line);
    tcase_add_test(tc, test_check_ambiguous);
    tcase_add_test(tc, test_check_illegal_and_suggestion);
    tcase_add_test(tc, test_check_after_end_and_result);
    suite_add_tcase(s, tc);
    return s;
}
