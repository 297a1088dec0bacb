/* SPDX-License-Identifier: MIT */
/* Unit tests (the reader suite's "cut" case) for parallel reading's scan
 * (lib/read/cut.c): where pdn_game_boundary cuts a buffer of games,
 * checked against where one reader of the whole text starts each game
 * (pdn_reader_tell), and the line and column pdn_pos_advance counts,
 * checked against that reader's. */
#include <config.h>

#include <string.h>

#include "pdn/pdn.h"
#include "suites.h"

/* The cut of s (from 1, so the first game start found) and the check
 * that one reader of s starts a game there, at the line and column
 * pdn_pos_advance counts over the bytes before the cut. */
static size_t
checked_cut(const char *s, size_t len)
{
    size_t cut = pdn_game_boundary(s, len, 1, 1000);
    pdn_reader *r = pdn_reader_new_mem(s, len, "cut");
    pdn_pos start = {1, 1, 0}, at;
    int found = 0;

    ck_assert_ptr_nonnull(r);
    if (cut != 0) {
        pdn_pos_advance(&start, s, cut);
        ck_assert_uint_eq(start.offset, cut);
    }
    while (pdn_reader_tell(r, &at) == 0) {
        pdn_game *g = NULL;
        pdn_error err;
        if (cut != 0 && at.offset == cut) {
            ck_assert_uint_eq(at.line, start.line);
            ck_assert_uint_eq(at.column, start.column);
            found = 1;
        }
        if (pdn_reader_next(r, &g, &err) == 0)
            break;
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    if (cut != 0)
        ck_assert_msg(found, "no game starts at the cut %zu", cut);
    return cut;
}

/* The offset just past the first occurrence of what in s. */
static size_t
past(const char *s, const char *what)
{
    const char *p = strstr(s, what);

    ck_assert_ptr_nonnull(p);
    return (size_t)(p - s) + strlen(what);
}

/* Texts of two games or more, each with where its first cut lies: just
 * past the first occurrence of a string. */
static const struct {
    const char *what, *text, *past;
} cases[] = {
    {"after the result", "[Event \"a\"]\n1. 11-15 24-20 1-0\n"
     "[Event \"b\"]\n1. 9-14 *\n", "1-0"},
    {"on the result's line", "[Event \"a\"]\n1. 11-15 0-1 [Event \"b\"]\n"
     "1. 9-14 *\n", "0-1"},
    /* a whole tag line after a result inside a comment is comment text */
    {"result in a comment", "[Event \"a\"]\n1. 11-15 {won 1-0\n"
     "[Event \"no\"]\nsays he} 24-20 1/2-1/2\n[Event \"b\"]\n1. 9-14 *\n",
     "1/2-1/2"},
    {"same line in a comment", "[Event \"a\"]\n1. 11-15 {1-0 [Event \"no\"]}"
     " 0-1\n[Event \"b\"]\n1. 9-14 *\n", "} 0-1"},
    {"result in a string", "[Event \"a\"]\n[Annotator \"says 1-0 [Site x\"]\n"
     "1. 11-15 1-0\n[Event \"b\"]\n1. 9-14 *\n", "15 1-0"},
    /* '"' inside a comment opens no string, '{' inside a string no
     * comment */
    {"quote in a comment", "[Event \"a {b\"]\n1. 11-15 {\"quoted} 2-0\n"
     "[Event \"b\"]\n1. 9-14 *\n", "2-0"},
    {"UTF-8 half", "[Event \"a\"]\n1. 11-15 24-20 \xC2\xBD-\xC2\xBD\n"
     "[Event \"b\"]\n1. 9-14 *\n", "\xC2\xBD-\xC2\xBD"},
    /* the reader reads no undecoded ISO-8859-1 half as a result (a move
     * it cannot read): its game ends at the next tag pair, and the cut
     * lies there too */
    {"ISO-8859-1 half", "[Event \"a\"]\n1. 11-15 24-20 \xBD-\xBD\n"
     "[Event \"b\"]\n1. 9-14 *\n", "\xBD-\xBD\n"},
    {"CR LF", "[Event \"a\"]\r\n1. 11-15 24-20 1-0\r\n"
     "[Event \"b\"]\r\n1. 9-14 *\r\n", "1-0"},
    {"no result", "[Event \"a\"]\n1. 11-15 24-20\n"
     "[Event \"b\"]\n1. 9-14 *\n", "24-20\n"},
};

START_TEST(test_cuts)
{
    const char *s = cases[_i].text;

    ck_assert_msg(checked_cut(s, strlen(s)) == past(s, cases[_i].past),
                  "%s: cut at %zu", cases[_i].what,
                  pdn_game_boundary(s, strlen(s), 1, 1000));
}
END_TEST

START_TEST(test_no_cut)
{
    const char *s = "[Event \"a\"]\n[Site \"b\"]\n1. 11-15 24-20 1-0\n";

    ck_assert_uint_eq(checked_cut(s, strlen(s)), 0);
    ck_assert_uint_eq(pdn_game_boundary(NULL, 10, 0, 1), 0);
    ck_assert_uint_eq(pdn_game_boundary("", 0, 0, 1), 0);
    /* a '[' that follows no result on its line starts nothing */
    ck_assert_uint_eq(pdn_game_boundary("1. 11-15 [Event \"b\"]", 20, 0, 1),
                      0);
    /* an unclosed comment hides the rest */
    s = "[Event \"a\"]\n1. 11-15 {open 1-0\n[Event \"b\"]\n1. 9-14 *\n";
    ck_assert_uint_eq(pdn_game_boundary(s, strlen(s), 1, 10), 0);
}
END_TEST

START_TEST(test_from_and_most)
{
    const char *s = "[Event \"a\"]\n1. 11-15 1-0\n[Event \"b\"]\n1. 9-14 0-1\n"
                    "[Event \"c\"]\n1. 10-14 *\n";
    size_t first = past(s, "1-0"), second = past(s, "0-1");

    /* the first game start at or after from */
    ck_assert_uint_eq(pdn_game_boundary(s, strlen(s), 0, 10), first);
    ck_assert_uint_eq(pdn_game_boundary(s, strlen(s), first + 2, 10),
                      second);
    ck_assert_uint_eq(pdn_game_boundary(s, strlen(s), strlen(s), 10), 0);
    /* or the most-th, if that comes first */
    ck_assert_uint_eq(pdn_game_boundary(s, strlen(s), strlen(s), 1), first);
    ck_assert_uint_eq(pdn_game_boundary(s, strlen(s), strlen(s), 2), second);
}
END_TEST

START_TEST(test_pos_advance)
{
    char text[200];
    pdn_pos pos = {3, 5, 40};
    size_t i;

    /* no line end: the column moves */
    pdn_pos_advance(&pos, "abc", 3);
    ck_assert_uint_eq(pos.line, 3);
    ck_assert_uint_eq(pos.column, 8);
    ck_assert_uint_eq(pos.offset, 43);
    /* a lone CR, CR LF, LF */
    pdn_pos_advance(&pos, "a\rb\r\nc\nde", 9);
    ck_assert_uint_eq(pos.line, 6);
    ck_assert_uint_eq(pos.column, 3);
    ck_assert_uint_eq(pos.offset, 52);
    /* a long span of LF lines (counted eight bytes at a time) */
    for (i = 0; i < sizeof text; i++)
        text[i] = i % 10 == 9 ? '\n' : 'x';
    pos.line = pos.column = 1;
    pos.offset = 0;
    pdn_pos_advance(&pos, text, 195);
    ck_assert_uint_eq(pos.line, 20);
    ck_assert_uint_eq(pos.column, 6);
    ck_assert_uint_eq(pos.offset, 195);
    pdn_pos_advance(&pos, text, 0);
    ck_assert_uint_eq(pos.offset, 195);
    pdn_pos_advance(NULL, text, 3);
    /* to the cut of a CR LF text */
    pos.line = pos.column = 1;
    pos.offset = 0;
    pdn_pos_advance(&pos, cases[8].text,
                    pdn_game_boundary(cases[8].text, strlen(cases[8].text),
                                      1, 1000));
    ck_assert_uint_eq(pos.line, 2);
    ck_assert_uint_eq(pos.column, 19);
}
END_TEST

/* The reader suite's "cut" case (check_reader.c). */
void
cut_tests(TCase *tc)
{
    tcase_add_loop_test(tc, test_cuts, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_no_cut);
    tcase_add_test(tc, test_from_and_most);
    tcase_add_test(tc, test_pos_advance);
}
