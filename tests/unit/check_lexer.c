/* SPDX-License-Identifier: MIT */
/* Unit tests for the lexer: token kinds and values, the lexing traps of
 * PDN, and line/column positions across CR, LF and CR LF. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "read/reader_private.h"
#include "suites.h"

/* Lexes s and renders the tokens as "K:value K:value ...". */
static void
lex_all(const char *s, char *out, size_t size)
{
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "lex");
    static const char kinds[] = "E[]\"W()CN!*/XO";
    int t;

    ck_assert_ptr_nonnull(r);
    out[0] = '\0';
    while ((t = pdnp_lex(&r->lx)) != PDNP_T_EOF && t != PDNP_T_ERROR) {
        size_t o = strlen(out);
        int n = (int)r->lx.vlen;
        if (t == PDNP_T_LBRACKET || t == PDNP_T_RBRACKET ||
            t == PDNP_T_LPAREN || t == PDNP_T_RPAREN || t == PDNP_T_STAR)
            n = 0;
        snprintf(out + o, size - o, "%s%c:%.*s", o ? " " : "", kinds[t], n,
                 pdnp_lex_val(&r->lx));
        if (t == PDNP_T_WORD && r->lx.slen > 0) {
            o = strlen(out);
            snprintf(out + o, size - o, "+%.*s", (int)r->lx.slen,
                     r->lx.in.data + r->lx.pos - r->lx.slen);
        }
    }
    if (t == PDNP_T_ERROR) {
        size_t o = strlen(out);
        snprintf(out + o, size - o, " X:%s", r->dg.e.text);
    }
    pdn_reader_free(r);
}

static const struct {
    const char *in, *want;
} toks[] = {
    {"1-1 1-10 1-0 1-05", "W:1-1 W:1-10 W:1-0 W:1-05"},
    {"32-28!? 19-23 (?) (!) (33", "W:32-28+!? W:19-23 !:? !:! (: W:33"},
    {"{a b}c", "C:a b W:c"},
    {"$12* $", "N:$12 *: O:$"},
    {"/FEN \"W:W31\"/ 1.", "/:FEN \"W:W31\" W:1."},
    {"; line comment  \nx", "C:line comment W:x"},
    {"% escape\nx % y", "W:x O:% W:y"},
    {"1- 7 35x 4", "W:1-7 W:35x4"},
    {"50.10- 4 36.38x 9 12...7-  11", "W:50.10-4 W:36.38x9 W:12...7-11"},
    {"5.- 4 5.x 9", "W:5.- W:4 W:5.x W:9"},
    {"1-\n7", "W:1- W:7"},
    {"1.32-28 12... 1/2-1/2 \xc2\xbd-\xc2\xbd", "W:1.32-28 W:12... "
                                              "W:1/2-1/2 W:\xc2\xbd-\xc2\xbd"},
    {"[Event \"x\"]", "[: W:Event \":\" W:x \":\" ]:"},
    {"a3b4 E3:G5 ed4", "W:a3b4 W:E3:G5 W:ed4"},
    {"{never", " X:unterminated comment '{' (no closing '}')"},
};

START_TEST(test_lexer_splits_tokens)
{
    char out[512];
    lex_all(toks[_i].in, out, sizeof out);
    ck_assert_str_eq(out, toks[_i].want);
}
END_TEST

/* Line and column of the third token for each kind of line end. */
static const struct {
    const char *in;
    unsigned long line, col;
    size_t offset;
} eols[] = {
    {"a\nb\n  c", 3, 3, 6},      {"a\r\nb\r\n  c", 3, 3, 8},
    {"a\rb\r  c", 3, 3, 6},      {"a\r\n\nb c", 3, 3, 6},
    {"{x\ny}\r\nb c", 3, 3, 9}, {"a b\tc", 1, 5, 4},
};

START_TEST(test_lexer_counts_lines_for_every_line_end)
{
    pdn_reader *r = pdn_reader_new_mem(eols[_i].in, strlen(eols[_i].in), "e");
    ck_assert_int_ne(pdnp_lex(&r->lx), PDNP_T_EOF);
    ck_assert_int_ne(pdnp_lex(&r->lx), PDNP_T_EOF);
    ck_assert_int_ne(pdnp_lex(&r->lx), PDNP_T_EOF);
    ck_assert_uint_eq(r->lx.tpos.line, eols[_i].line);
    ck_assert_uint_eq(r->lx.tpos.column, eols[_i].col);
    ck_assert_uint_eq(r->lx.tpos.offset, eols[_i].offset);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_lexer_word_at_end_of_input_without_newline)
{
    char out[64];
    lex_all("32-28", out, sizeof out);
    ck_assert_str_eq(out, "W:32-28");
}
END_TEST

START_TEST(test_lexer_long_comment_hits_token_limit)
{
    pdn_reader *r = pdn_reader_new_mem("  {0123456789}", 14, "lim");
    pdn_reader_set_limits(r, 0, 8, 0);
    ck_assert_int_eq(pdnp_lex(&r->lx), PDNP_T_ERROR);
    ck_assert_int_eq(r->dg.e.code, PDN_ELIMIT);
    ck_assert_uint_eq(r->dg.e.pos.column, 3);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_lexer_long_word_hits_token_limit)
{
    pdn_reader *r = pdn_reader_new_mem("1-2-3-4-5-6", 11, "lim");
    pdn_reader_set_limits(r, 0, 8, 0);
    ck_assert_int_eq(pdnp_lex(&r->lx), PDNP_T_ERROR);
    ck_assert_int_eq(r->dg.e.code, PDN_ELIMIT);
    ck_assert_uint_eq(r->dg.e.pos.column, 1);
    pdn_reader_free(r);
}
END_TEST

Suite *
lexer_suite(void)
{
    Suite *s = suite_create("lexer");
    TCase *core = tcase_create("core");
    TCase *limits = tcase_create("limits");

    tcase_add_loop_test(core, test_lexer_splits_tokens, 0,
                        sizeof toks / sizeof toks[0]);
    tcase_add_loop_test(core, test_lexer_counts_lines_for_every_line_end, 0,
                        sizeof eols / sizeof eols[0]);
    tcase_add_test(core, test_lexer_word_at_end_of_input_without_newline);
    tcase_add_test(limits, test_lexer_long_comment_hits_token_limit);
    tcase_add_test(limits, test_lexer_long_word_hits_token_limit);
    suite_add_tcase(s, core);
    suite_add_tcase(s, limits);
    return s;
}
