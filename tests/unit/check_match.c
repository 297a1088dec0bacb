/* SPDX-License-Identifier: MIT */
/* Unit tests for move matching and formatting: short, full and partial
 * paths, both full-path forms of PDN 3.0, the standard's ambiguity example,
 * algebraic, numeric and Russian short notation, every illegal reason, and
 * a format/match round trip over many positions of many variants. */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include "pdn/pdn.h"
#include "suites.h"
#include "testutil.h"

/* A position to match moves in: board and its legal moves. */
typedef struct pos {
    pdn_board *b;
    pdn_movelist *l;
} pos;

static void
pos_open(pos *p, const char *gametype, const char *fen)
{
    pdn_gametype gt;
    pdn_error e;
    pdn_fen f;

    pdn_error_clear(&e);
    ck_assert_msg(pdn_gametype_by_name(gametype, &gt) == 0, "gametype %s",
                  gametype);
    p->b = pdn_board_new(&gt, &e);
    ck_assert_msg(p->b != NULL, "board %s: %s", gametype, e.text);
    if (fen != NULL) {
        ck_assert_msg(pdn_fen_parse(fen, &f, &e) >= 0, "fen %s: %s", fen,
                      e.text);
        ck_assert_msg(pdn_board_set_fen(p->b, &f, &e) == 0, "fen %s: %s",
                      fen, e.text);
    }
    p->l = pdn_movelist_new();
    ck_assert_ptr_nonnull(p->l);
    ck_assert_int_eq(pdn_board_moves(p->b, p->l, &e), 0);
}

static void
pos_close(pos *p)
{
    pdn_movelist_free(p->l);
    pdn_board_free(p->b);
}

static int
match(const pos *p, const char *text, pdn_match *m)
{
    pdn_movetext mt;

    ck_assert_msg(pdn_movetext_parse(text, strlen(text), &mt) == 0,
                  "'%s' does not parse", text);
    return pdn_board_match(p->b, p->l, &mt, m);
}

/* The full path (every landing square) of a move, numeric or algebraic as
 * the board says. */
static const char *
full(const pos *p, const pdn_move *m)
{
    static char buf[256];

    pdn_move_format(p->b, p->l, m, PDN_MOVE_FULL, buf, sizeof buf);
    return buf;
}

static const char *
short_form(const pos *p, const pdn_move *m)
{
    static char buf[256];

    pdn_move_format(p->b, p->l, m, PDN_MOVE_SHORT, buf, sizeof buf);
    return buf;
}

/* Written move -> the legal move it denotes, given by its full path. */
static const struct {
    const char *gametype, *fen, *written, *full;
} legal_table[] = {
    /* The standard's example: every landing square, either route. */
    {"20", "W:WK47:B14,19,29,31,42", "47x38x24x13x36", "47x38x24x13x36"},
    {"20", "W:WK47:B14,19,29,31,42", "47x38x20x9x36", "47x38x20x9x36"},
    /* Partial paths: one square that only one route passes. */
    {"20", "W:WK47:B14,19,29,31,42", "47x13x36", "47x38x24x13x36"},
    {"20", "W:WK47:B14,19,29,31,42", "47x9x36", "47x38x20x9x36"},
    {"20", "W:WK47:B14,19,29,31,42", "47x20x36", "47x38x20x9x36"},
    /* The king takes 41 (b2) and must land on 28 (e5), the only square
     * from which it goes on over 33 (f4). Full path by landing squares
     * (46x28x39) or by the squares just behind each captured piece
     * (46x37x39: c3 behind b2, g3 behind f4). */
    {"20", "W:WK46:B41,33", "46x39", "46x28x39"},
    {"20", "W:WK46:B41,33", "46x28x39", "46x28x39"},
    {"20", "W:WK46:B41,33", "46x37x39", "46x28x39"},
    {"20", "W:WK46:B41,33", "46x37x44", "46x28x44"},
    /* One route lands on 30; another only passes it, just behind the
     * piece on 24, and lands on 35: landing squares are read first. */
    {"20", "B:W22,24,27,31,34,40,45,48:BK2,7,15,25", "2x30x17",
     "2x30x39x17"},
    {"20", "B:W22,24,27,31,34,40,45,48:BK2,7,15,25", "2x35x17",
     "2x35x44x17"},
    /* A circular capture, written in either direction (one move). */
    {"20", "W:WK38:B18,19,32,33", "38x27x13x24x38", "38x27x13x24x38"},
    {"20", "W:WK38:B18,19,32,33", "38x24x13x27x38", "38x27x13x24x38"},
    {"20", "W:WK38:B18,19,32,33", "38x38", "38x27x13x24x38"},
    /* Separators: old files write captures with '-', and ':' is read
     * anywhere; algebraic squares on a numeric board. */
    {"20", "W:W32,40:B28", "32x23", "32x23"},
    {"20", "W:W32,40:B28", "32-23", "32x23"},
    {"20", "W:W32,40:B28", "32:23", "32x23"},
    {"20", "W:W32,40:B28", "d4xf6", "32x23"},
    {"20", NULL, "d4-e5", "32-28"},
    {"20", NULL, "32-28", "32-28"},
    /* Russian: algebraic, ':' captures, a man crowned mid-capture going
     * on as a king; no separator; short notation 'ed4'. */
    {"25", "W:Wh6:Bg7,c5,d2", "h6:e1", "h6:f8:b4:e1"},
    {"25", "W:Wh6:Bg7,c5,d2", "h6:f8:b4:e1", "h6:f8:b4:e1"},
    {"25", "W:Wc3:Bd4,f6", "c3:g7", "c3:e5:g7"},
    {"25", "W:Wc3:Bd4,f6", "c3-g7", "c3:e5:g7"},
    {"25", NULL, "e3-d4", "e3-d4"},
    {"25", NULL, "c3d4", "c3-d4"},
    {"25", NULL, "ed4", "e3-d4"},
    {"25", NULL, "cd4", "c3-d4"},
    {"25", NULL, "gh4", "g3-h4"},
    /* The standard's remark that 47x38x24x... is not the only writing:
     * 24 is also the square just behind 29 on the other route. */
    {"20", "W:WK47:B14,19,29,31,42", "47x38x24x9x36", "47x38x20x9x36"},
    /* Italian: the king must take (23x21), not the man. */
    {"22", "W:WK23,31:B19,26,27", "23x21", "23x30x21"},
    /* English: Black moves first from 9-12. */
    {"21", NULL, "9-14", "9-14"},
    {"21", NULL, "12-16", "12-16"},
    /* International quantity rule: only 48x19 (three pieces). */
    {"20", "W:W48:B24,K31,34,K42,43", "48x19", "48x39x30x19"},
    {"20", "W:W48:B24,K31,34,K42,43", "48x30x19", "48x39x30x19"},
};
#define N_LEGAL (sizeof legal_table / sizeof legal_table[0])

START_TEST(test_match_written_move_finds_its_legal_move)
{
    pos p;
    pdn_match m;
    int st;

    pos_open(&p, legal_table[_i].gametype, legal_table[_i].fen);
    st = match(&p, legal_table[_i].written, &m);
    ck_assert_msg(st == PDN_MATCH_LEGAL, "'%s': status %d reason '%s'",
                  legal_table[_i].written, st, pdn_reason_text(m.reason));
    ck_assert_int_eq(m.reason, PDN_WHY_NONE);
    ck_assert_str_eq(full(&p, &m.move), legal_table[_i].full);
    pos_close(&p);
}
END_TEST

START_TEST(test_match_standard_ambiguity_example)
{
    pos p;
    pdn_match m;
    size_t i;

    pos_open(&p, "20", "W:WK47:B14,19,29,31,42");
    ck_assert_int_eq(pdn_movelist_count(p.l), 2);
    ck_assert_int_eq(match(&p, "47x36", &m), PDN_MATCH_AMBIGUOUS);
    ck_assert_uint_eq(m.count, 2);
    /* A square both routes pass does not settle it either. */
    ck_assert_int_eq(match(&p, "47x38x36", &m), PDN_MATCH_AMBIGUOUS);
    ck_assert_uint_eq(m.count, 2);
    /* Short form of an ambiguous capture = its full path; each matches
     * back uniquely. */
    for (i = 0; i < pdn_movelist_count(p.l); i++) {
        const pdn_move *mv = pdn_movelist_at(p.l, i);
        const char *s = short_form(&p, mv);

        ck_assert_msg(strcmp(s, "47x38x24x13x36") == 0 ||
                          strcmp(s, "47x38x20x9x36") == 0,
                      "short form '%s'", s);
        ck_assert_int_eq(match(&p, s, &m), PDN_MATCH_LEGAL);
        ck_assert_int_eq(memcmp(m.move.path, mv->path, mv->n), 0);
    }
    pos_close(&p);
}
END_TEST

/* A path naming exactly the landing squares of one capture picks it out
 * even when another capture passes through all of them (found by the
 * strict fuzzer: Thai 30-23-14-7 read back as ambiguous). */
static void check_round_trip(const pos *p, const pdn_move *mv, unsigned flags);

START_TEST(test_match_exact_landings_beat_longer_route)
{
    pos p;
    pdn_match m;
    size_t i;
    int found = 0;

    pos_open(&p, "31", "W:WK30:B10,12,18,K20,K26,27");
    for (i = 0; i < pdn_movelist_count(p.l); i++) {
        const pdn_move *mv = pdn_movelist_at(p.l, i);

        check_round_trip(&p, mv, PDN_MOVE_SHORT);
        check_round_trip(&p, mv, PDN_MOVE_FULL);
        found += strcmp(full(&p, mv), "30-23-14-7") == 0;
    }
    ck_assert_int_eq(found, 1);
    ck_assert_int_eq(match(&p, "30-23-14-7", &m), PDN_MATCH_LEGAL);
    ck_assert_int_eq(m.move.n, 4);
    /* From and to alone still name both captures. */
    ck_assert_int_eq(match(&p, "30-7", &m), PDN_MATCH_AMBIGUOUS);
    pos_close(&p);
}
END_TEST

/* A single jump written from-to is its full path: it is meant even when
 * a longer capture ends on the same square (found by the strict fuzzer:
 * Thai 19-12 read back as ambiguous), and the longer one is written in
 * full. */
START_TEST(test_match_single_jump_beats_longer_route)
{
    pos p;
    pdn_match m;
    size_t i;
    int found = 0;

    pos_open(&p, "31", "W:W5,7,9,13,K19:B14,15,16,22");
    ck_assert_uint_eq(pdn_movelist_count(p.l), 3);
    for (i = 0; i < pdn_movelist_count(p.l); i++) {
        const pdn_move *mv = pdn_movelist_at(p.l, i);

        check_round_trip(&p, mv, PDN_MOVE_SHORT);
        check_round_trip(&p, mv, PDN_MOVE_FULL);
        found += strcmp(full(&p, mv), "19-12") == 0;
        found += strcmp(full(&p, mv), "19-10-17-26-12") == 0;
    }
    ck_assert_int_eq(found, 2);
    ck_assert_int_eq(match(&p, "19x12", &m), PDN_MATCH_LEGAL);
    ck_assert_int_eq(m.move.n, 2);
    ck_assert_int_eq(m.move.ncaptured, 1);
    ck_assert_int_eq(match(&p, "19x10x17x26x12", &m), PDN_MATCH_LEGAL);
    ck_assert_int_eq(m.move.ncaptured, 4);
    pos_close(&p);
}
END_TEST

/* Written move -> why it is illegal. */
static const struct {
    const char *gametype, *fen, *written;
    int reason;
} illegal_table[] = {
    {"20", NULL, "51-46", PDN_WHY_NO_SQUARE},
    {"20", NULL, "50-55", PDN_WHY_NO_SQUARE},
    {"25", NULL, "i3-h4", PDN_WHY_NO_SQUARE},
    {"25", NULL, "e3-e4", PDN_WHY_NO_SQUARE},     /* a light square */
    {"20", NULL, "30-25", PDN_WHY_EMPTY},
    {"20", "W:W28:B1", "27-22", PDN_WHY_EMPTY},
    {"25", "W:Wc3:Bh8", "bc5", PDN_WHY_EMPTY},   /* no White man on b */
    {"20", NULL, "19-23", PDN_WHY_OPPONENT},
    {"21", NULL, "22-18", PDN_WHY_OPPONENT},      /* Black starts */
    {"20", "W:W32,40:B28", "40-34", PDN_WHY_CAPTURE_REQUIRED},
    {"20", "W:W32,40:B28", "32-27", PDN_WHY_CAPTURE_REQUIRED},
    /* A finished two-piece capture where three must be taken. */
    {"20", "W:W48:B24,K31,34,K42,43", "48x26", PDN_WHY_NOT_MAXIMAL},
    {"20", "W:W48:B24,K31,34,K42,43", "48x37x26", PDN_WHY_NOT_MAXIMAL},
    /* Italian: king 23 and man 31 both take two; the king must. */
    {"22", "W:WK23,31:B19,26,27", "31x15", PDN_WHY_NOT_MAXIMAL},
    {"22", "W:WK23,31:B19,26,27", "31x22", PDN_WHY_INCOMPLETE},
    /* Stopping where the capture goes on. */
    {"20", "W:W48:B24,K31,34,K42,43", "48x39", PDN_WHY_INCOMPLETE},
    {"20", "W:W48:B24,K31,34,K42,43", "48x30", PDN_WHY_INCOMPLETE},
    {"25", "W:Wh6:Bg7,c5,d2", "h6:f8", PDN_WHY_INCOMPLETE},
    {"25", "W:Wc3:Bd4,f6", "c3:e5", PDN_WHY_INCOMPLETE},
    /* A flying king landing where it cannot go on, when it could. */
    {"20", "W:WK46:B41,33", "46x37", PDN_WHY_INCOMPLETE},
    /* A path that fits no capture of the piece. */
    {"20", "W:W48:B24,K31,34,K42,43", "48x37x19", PDN_WHY_BAD_PATH},
    {"20", "W:WK47:B14,19,29,31,42", "47x38x14x36", PDN_WHY_BAD_PATH},
    {"20", "W:W28:B1", "28x17", PDN_WHY_BAD_PATH},
    /* Occupied or out of reach. */
    {"20", NULL, "36-31", PDN_WHY_BLOCKED},
    {"20", NULL, "32-23", PDN_WHY_BLOCKED},
    {"20", "W:W28:B1", "28-17", PDN_WHY_BLOCKED},
    {"20", "W:W28:B1", "28-26", PDN_WHY_BLOCKED},
    {"21", "B:WK27:B1", "27-18", PDN_WHY_OPPONENT},
    {"21", "W:WK27:B1", "27-18", PDN_WHY_BLOCKED}, /* short king */
    /* Men moving backwards. */
    {"20", "W:W28:B1", "28-32", PDN_WHY_DIRECTION},
    {"20", "W:W28:B1", "28-33", PDN_WHY_DIRECTION},
    {"25", "W:Wd4:Bh8", "d4-c3", PDN_WHY_DIRECTION},
    /* No legal move at all. */
    {"20", "W:W46:B37,41", "46-41", PDN_WHY_GAME_OVER},
};
#define N_ILLEGAL (sizeof illegal_table / sizeof illegal_table[0])

START_TEST(test_match_illegal_move_gives_reason)
{
    pos p;
    pdn_match m;
    int st;

    pos_open(&p, illegal_table[_i].gametype, illegal_table[_i].fen);
    st = match(&p, illegal_table[_i].written, &m);
    ck_assert_msg(st == PDN_MATCH_ILLEGAL && m.reason ==
                                                illegal_table[_i].reason,
                  "'%s' in %s: status %d reason %d '%s', expected %d",
                  illegal_table[_i].written,
                  illegal_table[_i].fen ? illegal_table[_i].fen : "start",
                  st, m.reason, pdn_reason_text(m.reason),
                  illegal_table[_i].reason);
    pos_close(&p);
}
END_TEST

START_TEST(test_match_frisian_fourth_king_move_is_other)
{
    static const char *const moves[] = {"50-44", "1-7", "44-50", "7-12",
                                        "50-44", "2-8"};
    pos p;
    pdn_match m;
    pdn_error e;
    size_t i;

    /* Three quiet moves of the same king while White still has a man:
     * the fourth is refused by a rule the geometry cannot explain. */
    pdn_error_clear(&e);
    pos_open(&p, "40", "W:WK50,36:B1,2");
    for (i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        ck_assert_int_eq(match(&p, moves[i], &m), PDN_MATCH_LEGAL);
        pdn_board_apply(p.b, &m.move);
        ck_assert_int_eq(pdn_board_moves(p.b, p.l, &e), 0);
    }
    ck_assert_int_eq(match(&p, "44-50", &m), PDN_MATCH_ILLEGAL);
    ck_assert_int_eq(m.reason, PDN_WHY_OTHER);
    ck_assert_int_eq(match(&p, "36-31", &m), PDN_MATCH_LEGAL);
    pos_close(&p);
}
END_TEST

START_TEST(test_match_reason_texts_are_distinct)
{
    int i, j;

    for (i = PDN_WHY_NONE; i <= PDN_WHY_OTHER; i++) {
        const char *t = pdn_reason_text(i);

        ck_assert_ptr_nonnull(t);
        ck_assert_int_gt((int)strlen(t), 5);
        ck_assert_msg(t[0] >= 'a' && t[0] <= 'z', "'%s' not lower-case", t);
        ck_assert_msg(t[strlen(t) - 1] != '.', "'%s' ends with '.'", t);
        for (j = PDN_WHY_NONE; j < i; j++)
            ck_assert_str_ne(t, pdn_reason_text(j));
    }
    ck_assert_str_eq(pdn_reason_text(PDN_WHY_CAPTURE_REQUIRED),
                     "capture is compulsory");
    ck_assert_str_eq(pdn_reason_text(-1), "unknown reason");
    ck_assert_str_eq(pdn_reason_text(PDN_WHY_OTHER + 1), "unknown reason");
}
END_TEST

/* Formatting: gametype, position, written move, flags, expected text. */
static const struct {
    const char *gametype, *fen, *written;
    unsigned flags;
    const char *out;
} format_table[] = {
    {"20", NULL, "32-28", PDN_MOVE_SHORT, "32-28"},
    {"20", NULL, "32-28", PDN_MOVE_ALGEBRAIC, "d4-e5"},
    {"20", "W:W48:B24,K31,34,K42,43", "48x19", PDN_MOVE_SHORT, "48x19"},
    {"20", "W:W48:B24,K31,34,K42,43", "48x19", PDN_MOVE_FULL,
     "48x39x30x19"},
    {"20", "W:W48:B24,K31,34,K42,43", "48x19",
     PDN_MOVE_FULL | PDN_MOVE_ALGEBRAIC, "e1xg3xi5xg7"},
    /* A capture back to its start is always written with its path. */
    {"20", "W:WK38:B18,19,32,33", "38x38", PDN_MOVE_SHORT,
     "38x27x13x24x38"},
    {"25", NULL, "c3-d4", PDN_MOVE_SHORT, "c3-d4"},
    {"25", "W:Wc3:Bd4,f6", "c3:g7", PDN_MOVE_SHORT, "c3:g7"},
    {"25", "W:Wc3:Bd4,f6", "c3:g7", PDN_MOVE_FULL, "c3:e5:g7"},
    {"26", "W:Wc3:Bd4,f6", "c3xg7", PDN_MOVE_SHORT, "c3xg7"},
    {"21", NULL, "9-14", PDN_MOVE_SHORT, "9-14"},
    /* Thai writes captures with '-'. */
    {"31", "B:W6:B10", "10-1", PDN_MOVE_SHORT, "10-1"},
};
#define N_FORMAT (sizeof format_table / sizeof format_table[0])

START_TEST(test_format_writes_pdn_move_text)
{
    pos p;
    pdn_match m;
    char buf[128];
    size_t n;

    pos_open(&p, format_table[_i].gametype, format_table[_i].fen);
    ck_assert_int_eq(match(&p, format_table[_i].written, &m),
                     PDN_MATCH_LEGAL);
    n = pdn_move_format(p.b, p.l, &m.move, format_table[_i].flags, buf,
                        sizeof buf);
    ck_assert_str_eq(buf, format_table[_i].out);
    ck_assert_uint_eq(n, strlen(format_table[_i].out));
    pos_close(&p);
}
END_TEST

START_TEST(test_format_numeric_on_algebraic_board)
{
    pos p;
    pdn_match m;
    char buf[64];
    int from, to;

    /* Russian squares given numbers by the GameType's own numbering. */
    pos_open(&p, "25", NULL);
    ck_assert_int_eq(match(&p, "c3-d4", &m), PDN_MATCH_LEGAL);
    pdn_move_format(p.b, p.l, &m.move, PDN_MOVE_NUMERIC, buf, sizeof buf);
    from = pdn_coord_to_square(pdn_board_gametype(p.b), PDN_COORD(2, 2));
    to = pdn_coord_to_square(pdn_board_gametype(p.b), PDN_COORD(3, 3));
    ck_assert_int_gt(from, 0);
    {
        char want[32];

        snprintf(want, sizeof want, "%d-%d", from, to);
        ck_assert_str_eq(buf, want);
    }
    /* And the numeric writing matches back. */
    ck_assert_int_eq(match(&p, buf, &m), PDN_MATCH_LEGAL);
    ck_assert_int_eq(m.move.path[0], PDN_COORD(2, 2));
    pos_close(&p);
}
END_TEST

START_TEST(test_format_counts_like_snprintf)
{
    pos p;
    pdn_match m;
    char buf[6];
    size_t n;

    pos_open(&p, "20", "W:W48:B24,K31,34,K42,43");
    ck_assert_int_eq(match(&p, "48x19", &m), PDN_MATCH_LEGAL);
    memset(buf, 'z', sizeof buf);
    n = pdn_move_format(p.b, p.l, &m.move, PDN_MOVE_FULL, buf, sizeof buf);
    ck_assert_uint_eq(n, strlen("48x39x30x19"));
    ck_assert_str_eq(buf, "48x39");
    n = pdn_move_format(p.b, p.l, &m.move, PDN_MOVE_FULL, NULL, 0);
    ck_assert_uint_eq(n, strlen("48x39x30x19"));
    /* Without a list the short form is from-to. */
    n = pdn_move_format(p.b, NULL, &m.move, PDN_MOVE_SHORT, buf, sizeof buf);
    ck_assert_str_eq(buf, "48x19");
    ck_assert_uint_eq(n, 5);
    pos_close(&p);
}
END_TEST

/* Round trip: in positions reached by a deterministic walk through each
 * variant, every legal move's short and full writings match back to that
 * same move and to no other. */
static const char *const walk_types[] = {
    "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31",
    "40", "41", "98",
};
#define N_WALK (sizeof walk_types / sizeof walk_types[0])

static void
check_round_trip(const pos *p, const pdn_move *mv, unsigned flags)
{
    char buf[256];
    pdn_movetext mt;
    pdn_match m;

    pdn_move_format(p->b, p->l, mv, flags, buf, sizeof buf);
    ck_assert_msg(pdn_movetext_parse(buf, strlen(buf), &mt) == 0,
                  "'%s' does not parse", buf);
    ck_assert_msg(pdn_board_match(p->b, p->l, &mt, &m) == PDN_MATCH_LEGAL,
                  "'%s' gives status %d (%s)", buf, m.status,
                  pdn_reason_text(m.reason));
    ck_assert_msg(m.move.n == mv->n &&
                      memcmp(m.move.path, mv->path, mv->n) == 0,
                  "'%s' matched %s", buf, full(p, &m.move));
}

START_TEST(test_format_then_match_is_identity)
{
    pdn_gametype gt;
    pdn_error e;
    pos p;
    unsigned long seed = 12345u + (unsigned long)_i * 77u;
    size_t i, n;
    int ply, games, captures = 0;

    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_gametype_by_name(walk_types[_i], &gt), 0);
    for (games = 0; games < 4; games++) {
        p.b = pdn_board_new(&gt, &e);
        ck_assert_ptr_nonnull(p.b);
        p.l = pdn_movelist_new();
        for (ply = 0; ply < 150; ply++) {
            ck_assert_int_eq(pdn_board_moves(p.b, p.l, &e), 0);
            n = pdn_movelist_count(p.l);
            if (n == 0)
                break;
            for (i = 0; i < n; i++) {
                const pdn_move *mv = pdn_movelist_at(p.l, i);

                captures += mv->ncaptured > 0;
                check_round_trip(&p, mv, PDN_MOVE_SHORT);
                check_round_trip(&p, mv, PDN_MOVE_FULL);
                check_round_trip(&p, mv, PDN_MOVE_FULL | PDN_MOVE_NUMERIC);
                check_round_trip(&p, mv, PDN_MOVE_ALGEBRAIC);
            }
            seed = seed * 1103515245u + 12345u;
            pdn_board_apply(p.b, pdn_movelist_at(p.l, (seed >> 16) % n));
        }
        pos_close(&p);
    }
    /* The walk must have met captures, or it tested little. */
    ck_assert_int_gt(captures, 10);
}
END_TEST

/* pdn_board_play against its contract: for every written move, the same
 * status, reason, count and move as pdn_board_moves + pdn_board_match, the
 * same position afterwards, and in scratch the full legal list when the
 * move is not played, or what pdn_move_format needs when it is. */

static void
assert_same_move(const pdn_move *a, const pdn_move *b, const char *text)
{
    ck_assert_msg(a->n == b->n && a->ncaptured == b->ncaptured &&
                      a->promotes == b->promotes &&
                      memcmp(a->path, b->path, a->n) == 0 &&
                      memcmp(a->captured, b->captured, a->ncaptured) == 0,
                  "'%s': moves differ", text);
}

typedef struct play_ctx {
    pdn_board *x, *y;             /* the two ways */
    pdn_board *start;             /* where each walk starts */
    pdn_movelist *full, *scratch, *after1, *after2;
    long played, illegal, ambiguous, unread;
} play_ctx;

static void
check_play(play_ctx *c, const pdn_board *b, const char *text)
{
    pdn_movetext mt;
    pdn_match m1, m2;
    pdn_fen f1, f2;
    char s1[256], s2[256];
    size_t i;
    int st1, st2;

    if (pdn_movetext_parse(text, strlen(text), &mt) != 0) {
        c->unread++; /* every form written here reads: see the walk */
        return;
    }
    pdn_board_copy(c->x, b);
    pdn_board_copy(c->y, b);
    ck_assert_int_eq(pdn_board_moves(c->x, c->full, NULL), 0);
    st1 = pdn_board_match(c->x, c->full, &mt, &m1);
    if (st1 == PDN_MATCH_LEGAL)
        pdn_board_apply(c->x, &m1.move);
    st2 = pdn_board_play(c->y, &mt, &m2, c->scratch, NULL);
    ck_assert_msg(st1 == st2 && m1.status == m2.status &&
                      m1.reason == m2.reason && m1.count == m2.count,
                  "'%s': match %d/%d/%zu, play %d/%d/%zu", text, st1,
                  m1.reason, m1.count, st2, m2.reason, m2.count);
    if (st1 == PDN_MATCH_LEGAL) {
        c->played++;
        assert_same_move(&m1.move, &m2.move, text);
        pdn_move_format(c->x, c->full, &m1.move, PDN_MOVE_SHORT, s1,
                        sizeof s1);
        pdn_move_format(c->y, c->scratch, &m2.move, PDN_MOVE_SHORT, s2,
                        sizeof s2);
        ck_assert_str_eq(s1, s2);
    } else {
        if (st1 == PDN_MATCH_AMBIGUOUS)
            c->ambiguous++;
        else
            c->illegal++;
        ck_assert_uint_eq(pdn_movelist_count(c->scratch),
                          pdn_movelist_count(c->full));
        for (i = 0; i < pdn_movelist_count(c->full); i++)
            assert_same_move(pdn_movelist_at(c->full, i),
                             pdn_movelist_at(c->scratch, i), text);
    }
    /* Same position, and the same moves from it (which also covers the
     * Frisian king-move counters a FEN does not show). */
    pdn_board_get_fen(c->x, &f1);
    pdn_board_get_fen(c->y, &f2);
    ck_assert_msg(f1.turn == f2.turn && f1.count == f2.count &&
                      memcmp(f1.piece, f2.piece,
                             f1.count * sizeof f1.piece[0]) == 0,
                  "'%s': positions differ", text);
    ck_assert_int_eq(pdn_board_moves(c->x, c->after1, NULL), 0);
    ck_assert_int_eq(pdn_board_moves(c->y, c->after2, NULL), 0);
    ck_assert_uint_eq(pdn_movelist_count(c->after1),
                      pdn_movelist_count(c->after2));
}

/* The name of coord on b's board, or its number with numeric set. */
static void
name_of(const pdn_board *b, int coord, int numeric, char *buf, size_t size)
{
    const pdn_gametype *gt = pdn_board_gametype(b);

    if (numeric)
        snprintf(buf, size, "%d", pdn_coord_to_square(gt, coord));
    else
        pdn_coord_name(gt, coord, buf, size);
}

/* A capture written by the squares just behind its captured pieces. */
static void
behind_form(const pdn_board *b, const pdn_move *m, char *buf, size_t size)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int ostep = pdn_square_count(gt) == gt->width * gt->height ? 1 : 2;
    size_t o;
    int j;

    name_of(b, m->path[0], 0, buf, size);
    o = strlen(buf);
    for (j = 0; j < m->ncaptured && o + 8 < size; j++) {
        int cf = PDN_COORD_FILE(m->captured[j]);
        int cr = PDN_COORD_RANK(m->captured[j]);
        int df = cf - PDN_COORD_FILE(m->path[j]);
        int dr = cr - PDN_COORD_RANK(m->path[j]);
        int s = df != 0 && dr != 0 ? 1 : ostep;

        df = df > 0 ? 1 : df < 0 ? -1 : 0;
        dr = dr > 0 ? 1 : dr < 0 ? -1 : 0;
        buf[o++] = 'x';
        if (j == m->ncaptured - 1)
            name_of(b, m->path[m->n - 1], 0, buf + o, size - o);
        else
            name_of(b, PDN_COORD(cf + df * s, cr + dr * s), 0, buf + o,
                    size - o);
        o += strlen(buf + o);
    }
}

/* The walks: every variant from its initial position, and a few from
 * positions with kings, where flying lines, the Frisian king-move limit
 * and long captures come up at once. */
static const struct {
    const char *gametype, *fen;
} play_walks[] = {
    {"20", NULL}, {"21", NULL}, {"22", NULL}, {"23", NULL}, {"24", NULL},
    {"25", NULL}, {"26", NULL}, {"27", NULL}, {"28", NULL}, {"29", NULL},
    {"30", NULL}, {"31", NULL}, {"40", NULL}, {"41", NULL}, {"98", NULL},
    {"40", "W:WK46,K50,31,32,33:BK1,K5,16,17,18"},
    {"40", "W:WK28,K50,45:BK3,K23,6"},
    {"20", "W:WK46,K50,31,32,33,34:BK1,K5,16,17,18,19"},
    {"25", "W:WKa1,Kh2,c3,e3:BKh8,Kb8,d6,f6"},
    {"30", "W:WKa2,Kh2,b3,c3,d3:BKa7,Kh7,e6,f6,g6"},
    {"31", "W:WK1,K4,21,22:BK29,K32,10,11"},
    {"22", "W:WK1,K4,21,22:BK29,K32,10,11"},
    {"21", "W:WK1,K4,21,22:BK29,K32,10,11"},
};
#define N_PLAY_WALK (sizeof play_walks / sizeof play_walks[0])

START_TEST(test_play_equals_moves_match_and_apply)
{
    pdn_gametype gt;
    pdn_board *b;
    play_ctx c;
    unsigned long seed = 4242u + (unsigned long)_i * 131u;
    char buf[256], t2[256];
    size_t i, n;
    int ply, games, k, nsq, captures = 0;

    memset(&c, 0, sizeof c);
    ck_assert_int_eq(pdn_gametype_by_name(play_walks[_i].gametype, &gt), 0);
    nsq = pdn_square_count(&gt);
    b = pdn_board_new(&gt, NULL);
    ck_assert_ptr_nonnull(b);
    if (play_walks[_i].fen != NULL) {
        pdn_fen f;
        ck_assert_int_ge(pdn_fen_parse(play_walks[_i].fen, &f, NULL), 0);
        ck_assert_int_eq(pdn_board_set_fen(b, &f, NULL), 0);
    }
    c.start = pdn_board_new(&gt, NULL);
    ck_assert_ptr_nonnull(c.start);
    pdn_board_copy(c.start, b);
    c.x = pdn_board_new(&gt, NULL);
    c.y = pdn_board_new(&gt, NULL);
    c.full = pdn_movelist_new();
    c.scratch = pdn_movelist_new();
    c.after1 = pdn_movelist_new();
    c.after2 = pdn_movelist_new();
    ck_assert_ptr_nonnull(c.after2);
    for (games = 0; games < 3; games++) {
        pdn_board_copy(b, c.start);
        for (ply = 0; ply < 120; ply++) {
            pdn_movelist *l = c.after1;

            ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
            n = pdn_movelist_count(l);
            /* every legal move in every form the matcher reads */
            for (i = 0; i < n; i++) {
                pdn_move mv = *pdn_movelist_at(l, i);

                captures += mv.ncaptured > 0;
                pdn_move_format(b, l, &mv, PDN_MOVE_SHORT, buf, sizeof buf);
                check_play(&c, b, buf);
                pdn_board_moves(b, l, NULL);
                pdn_move_format(b, l, &mv, PDN_MOVE_FULL, buf, sizeof buf);
                check_play(&c, b, buf);
                pdn_move_format(b, NULL, &mv, PDN_MOVE_NUMERIC, buf,
                                sizeof buf);
                check_play(&c, b, buf); /* from-to: may be ambiguous */
                pdn_move_format(b, NULL, &mv, PDN_MOVE_ALGEBRAIC, buf,
                                sizeof buf);
                check_play(&c, b, buf);
                if (mv.ncaptured > 0 && mv.n == mv.ncaptured + 1) {
                    behind_form(b, &mv, buf, sizeof buf);
                    check_play(&c, b, buf);
                }
                if (mv.n > 3) {
                    /* a partial path: from, one landing, to */
                    char a[16], m[16], z[16];
                    name_of(b, mv.path[0], 0, a, sizeof a);
                    name_of(b, mv.path[mv.n / 2], 0, m, sizeof m);
                    name_of(b, mv.path[mv.n - 1], 0, z, sizeof z);
                    snprintf(buf, sizeof buf, "%sx%sx%s", a, m, z);
                    check_play(&c, b, buf);
                }
                /* backwards, and Russian short notation (file + to) */
                pdn_move_format(b, NULL, &mv, PDN_MOVE_ALGEBRAIC, buf,
                                sizeof buf);
                snprintf(t2, sizeof t2, "%c%s", buf[0],
                         buf + strcspn(buf, "-x:") + 1);
                check_play(&c, b, t2);
                name_of(b, mv.path[mv.n - 1], 1, buf, sizeof buf);
                name_of(b, mv.path[0], 1, t2, sizeof t2);
                strcat(buf, "-");
                strcat(buf, t2);
                check_play(&c, b, buf);
                pdn_board_moves(b, l, NULL);
            }
            /* random squares: wrong moves of every kind, off-board ones */
            for (k = 0; k < 12; k++) {
                int a, z, m;
                seed = seed * 1103515245u + 12345u;
                a = (int)((seed >> 8) % (unsigned long)(nsq + 1)) + 1;
                z = (int)((seed >> 16) % (unsigned long)nsq) + 1;
                m = (int)((seed >> 24) % (unsigned long)nsq) + 1;
                if (k % 3 == 2)
                    snprintf(buf, sizeof buf, "%dx%dx%d", a, m, z);
                else
                    snprintf(buf, sizeof buf, "%d%c%d", a,
                             k % 3 ? 'x' : '-', z);
                check_play(&c, b, buf);
            }
            ck_assert_int_eq(pdn_board_moves(b, l, NULL), 0);
            n = pdn_movelist_count(l);
            if (n == 0) {
                check_play(&c, b, "1-2");  /* game over */
                break;
            }
            seed = seed * 1103515245u + 12345u;
            pdn_board_apply(b, pdn_movelist_at(l, (seed >> 16) % n));
        }
    }
    /* The walks met every outcome, or they tested little, and every form
     * they wrote was read. */
    ck_assert_int_eq(c.unread, 0);
    ck_assert_int_gt(captures, 10);
    ck_assert_int_gt(c.played, 100);
    ck_assert_int_gt(c.illegal, 100);
    if (gt.rules == 20 && !gt.giveaway && play_walks[_i].fen == NULL)
        ck_assert_int_gt(c.ambiguous, 0);
    pdn_movelist_free(c.after2);
    pdn_movelist_free(c.after1);
    pdn_movelist_free(c.scratch);
    pdn_movelist_free(c.full);
    pdn_board_free(c.y);
    pdn_board_free(c.x);
    pdn_board_free(c.start);
    pdn_board_free(b);
}
END_TEST

/* The Frisian limit through pdn_board_play: after three quiet moves of one
 * king the fourth is refused with the matcher's reason, and scratch holds
 * the legal moves, the other pieces' only. */
START_TEST(test_play_frisian_fourth_king_move_is_refused)
{
    static const char *const moves[] = {"50-44", "1-7", "44-50", "7-12",
                                        "50-44", "2-8"};
    pos p;
    pdn_match m;
    pdn_movetext mt;
    size_t i;

    pos_open(&p, "40", "W:WK50,36:B1,2");
    for (i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        ck_assert_int_eq(pdn_movetext_parse(moves[i], strlen(moves[i]), &mt),
                         0);
        ck_assert_int_eq(pdn_board_play(p.b, &mt, &m, p.l, NULL),
                         PDN_MATCH_LEGAL);
    }
    ck_assert_int_eq(pdn_movetext_parse("44-50", 5, &mt), 0);
    ck_assert_int_eq(pdn_board_play(p.b, &mt, &m, p.l, NULL),
                     PDN_MATCH_ILLEGAL);
    ck_assert_int_eq(m.reason, PDN_WHY_OTHER);
    ck_assert_int_eq(pdn_board_piece(p.b, pdn_square_to_coord(
                         pdn_board_gametype(p.b), 44)), 'W');
    for (i = 0; i < pdn_movelist_count(p.l); i++)
        ck_assert_int_eq(pdn_board_piece(p.b,
                                         pdn_movelist_at(p.l, i)->path[0]),
                         'w');
    ck_assert_uint_eq(pdn_movelist_count(p.l), 1);
    ck_assert_int_eq(pdn_movetext_parse("36-31", 5, &mt), 0);
    ck_assert_int_eq(pdn_board_play(p.b, &mt, &m, p.l, NULL),
                     PDN_MATCH_LEGAL);
    ck_assert_int_eq(pdn_board_turn(p.b), 'B');
    pos_close(&p);
}
END_TEST

START_TEST(test_match_limits_on_written_path)
{
    pos p;
    pdn_movetext mt;
    pdn_match m;
    int i;

    pos_open(&p, "20", "W:W48:B24,K31,34,K42,43");
    /* The longest path a move may have, going nowhere legal. */
    memset(&mt, 0, sizeof mt);
    mt.n = PDN_PATH_MAX;
    mt.capture = 1;
    mt.sep = 'x';
    for (i = 0; i < PDN_PATH_MAX; i++)
        mt.sq[i] = (unsigned char)(i % 2 ? 39 : 48);
    ck_assert_int_eq(pdn_board_match(p.b, p.l, &mt, &m), PDN_MATCH_ILLEGAL);
    ck_assert_int_eq(m.reason, PDN_WHY_BAD_PATH);
    /* A movetext of fewer than two squares is no move. */
    mt.n = 1;
    ck_assert_int_eq(pdn_board_match(p.b, p.l, &mt, &m), PDN_MATCH_ILLEGAL);
    ck_assert_int_eq(m.reason, PDN_WHY_BAD_PATH);
    pos_close(&p);
}
END_TEST

START_TEST(test_match_long_captures_explained)
{
    pos p;
    pdn_match m;

    /* Two flying kings among scattered men: five-piece captures, which the
     * explanation search walks through with every landing choice. */
    pos_open(&p, "20", "W:WK46,K50:B15,16,18,22,23,24,25,34,40,41");
    ck_assert_int_eq(pdn_movelist_at(p.l, 0)->ncaptured, 5);
    ck_assert_int_eq(match(&p, "46x3", &m), PDN_MATCH_ILLEGAL);
    ck_assert_int_eq(m.reason, PDN_WHY_BAD_PATH);
    ck_assert_int_eq(match(&p, "46x37x19", &m), PDN_MATCH_ILLEGAL);
    ck_assert_int_eq(m.reason, PDN_WHY_INCOMPLETE);
    /* Over 41 and 23 along the long diagonal to 5: the king had to stop
     * on 19, from where it goes on. */
    ck_assert_int_eq(match(&p, "46x5", &m), PDN_MATCH_ILLEGAL);
    ck_assert_int_eq(m.reason, PDN_WHY_INCOMPLETE);
    ck_assert_int_eq(match(&p, "46x37x19x30x39x6", &m), PDN_MATCH_LEGAL);
    pos_close(&p);
}
END_TEST

Suite *
match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("core");
    TCase *te = tcase_create("errors");
    TCase *tl = tcase_create("limits");

    tcase_add_loop_test(tc, test_match_written_move_finds_its_legal_move, 0,
                        (int)N_LEGAL);
    tcase_add_test(tc, test_match_standard_ambiguity_example);
    tcase_add_test(tc, test_match_exact_landings_beat_longer_route);
    tcase_add_test(tc, test_match_single_jump_beats_longer_route);
    tcase_add_loop_test(tc, test_format_writes_pdn_move_text, 0,
                        (int)N_FORMAT);
    tcase_add_test(tc, test_format_numeric_on_algebraic_board);
    tcase_add_test(tc, test_format_counts_like_snprintf);
    tcase_add_loop_test(tc, test_format_then_match_is_identity, 0,
                        (int)N_WALK);
    tcase_add_loop_test(tc, test_play_equals_moves_match_and_apply, 0,
                        (int)N_PLAY_WALK);
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);
    tcase_add_loop_test(te, test_match_illegal_move_gives_reason, 0,
                        (int)N_ILLEGAL);
    tcase_add_test(te, test_match_reason_texts_are_distinct);
    tcase_add_test(te, test_match_frisian_fourth_king_move_is_other);
    tcase_add_test(te, test_play_frisian_fourth_king_move_is_refused);
    suite_add_tcase(s, te);
    tcase_add_test(tl, test_match_limits_on_written_path);
    tcase_add_test(tl, test_match_long_captures_explained);
    suite_add_tcase(s, tl);
    return s;
}
