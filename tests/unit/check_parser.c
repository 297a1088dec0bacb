/* SPDX-License-Identifier: MIT */
/* Unit tests for the parser: the grammar into the game model, the real-world
 * forms read with a warning, errors with their positions, and limits. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/pdn.h"
#include "suites.h"

/* ---- A compact dump of a game model, compared as a string ---- */

static void
cat(char *out, size_t size, const char *fmt, const char *s)
{
    size_t o = strlen(out);
    snprintf(out + o, size - o, fmt, s);
}

static void
dump_line(const pdn_node *n, char *out, size_t size)
{
    char buf[64];
    size_t i;

    for (; n != NULL; n = pdn_node_next(n)) {
        if (out[0] != '\0' && strchr("(|", out[strlen(out) - 1]) == NULL)
            cat(out, size, "%s", " ");
        for (i = 0; i < pdn_node_comment_count(n, PDN_BEFORE); i++)
            cat(out, size, "<%s> ", pdn_node_comment_at(n, PDN_BEFORE, i));
        if (pdn_node_setup(n) != NULL)
            cat(out, size, "/%s/ ", pdn_node_setup(n));
        if (pdn_node_number(n) != 0) {
            snprintf(buf, sizeof buf, "%lu%s", pdn_node_number(n),
                     pdn_node_number_ellipsis(n) ? "..." : ".");
            cat(out, size, "%s", buf);
        }
        cat(out, size, pdn_node_move(n) != NULL ? "%s" : "?%s",
            pdn_node_text(n));
        if (pdn_node_strength(n) != NULL)
            cat(out, size, "%s", pdn_node_strength(n));
        for (i = 0; i < pdn_node_nag_count(n); i++) {
            snprintf(buf, sizeof buf, "$%d", pdn_node_nag_at(n, i));
            cat(out, size, "%s", buf);
        }
        for (i = 0; i < pdn_node_comment_count(n, PDN_AFTER); i++)
            cat(out, size, " {%s}", pdn_node_comment_at(n, PDN_AFTER, i));
        for (i = 0; i < pdn_node_variation_count(n); i++) {
            cat(out, size, "%s", " (");
            dump_line(pdn_node_variation_at(n, i), out, size);
            cat(out, size, "%s", ")");
        }
    }
}

/* "Tag=value;...|moves|G{comment}...|result" */
static void
dump_game(const pdn_game *g, char *out, size_t size)
{
    size_t i;
    out[0] = '\0';
    for (i = 0; i < pdn_game_tag_count(g); i++) {
        cat(out, size, "%s=", pdn_game_tag_name_at(g, i));
        cat(out, size, "%s;", pdn_game_tag_value_at(g, i));
    }
    cat(out, size, "%s", "|");
    dump_line(pdn_game_first(g), out, size);
    cat(out, size, "%s", "|");
    for (i = 0; i < pdn_game_comment_count(g); i++)
        cat(out, size, "{%s}", pdn_game_comment_at(g, i));
    cat(out, size, "|%s",
        pdn_game_result(g) != NULL ? pdn_game_result(g) : "none");
}

/* Warnings collected from a reader. */
typedef struct wlist {
    int n;
    pdn_error w[16];
} wlist;

static void
collect(const pdn_error *e, void *ud)
{
    wlist *l = ud;
    if (l->n < 16)
        l->w[l->n] = *e;
    l->n++;
}

/* Reads the first game of s; returns the reader's status. */
static int
read1(const char *s, pdn_game **g, pdn_error *e, wlist *wl)
{
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "t.pdn");
    int rc;
    ck_assert_ptr_nonnull(r);
    if (wl != NULL) {
        memset(wl, 0, sizeof *wl);
        pdn_reader_set_warning_fn(r, collect, wl);
    }
    pdn_error_clear(e);
    rc = pdn_reader_next(r, g, e);
    pdn_reader_free(r);
    return rc;
}

/* ---- The grammar: input -> model ---- */

static const struct {
    const char *in, *want;
} grammar[] = {
    {"[Event \"x\"]\n1. 32-28 19-23 2. 28x19 14x23 *",
     "Event=x;|1.32-28 19-23 2.28x19 14x23||*"},
    {"[Event \"a \\\"b\\\" c\\\\d\"] 1-0", "Event=a \"b\" c\\d;|||1-0"},
    {"[C \"C:\\nemesis\\games\"] *", "C=C:\\nemesis\\games;|||*"},
    {"[E \"\"] 1.32-28 17-21 2.37-32 0-2",
     "E=;|1.32-28 17-21 2.37-32||0-2"},
    {"[E \"\"] 1...32-28 *", "E=;|1...32-28||*"},
    {"[E \"\"] 12... 19-23 13. 33-28 *", "E=;|12...19-23 13.33-28||*"},
    {"[E \"\"] 1. 32-28 1-1", "E=;|1.32-28||1-1"},
    {"[E \"\"] 1. 1-10 1-1", "E=;|1.1-10||1-1"},
    {"[E \"\"] 1. 1-05 1-0", "E=;|1.1-05||1-0"},
    {"[E \"\"] 1. 06-11 0-0", "E=;|1.06-11||0-0"},
    {"[E \"\"] 1. 26x17x10 2-0", "E=;|1.26x17x10||2-0"},
    {"[E \"\"] 1. c3-d4 f6:d4 1/2-1/2", "E=;|1.c3-d4 f6:d4||1/2-1/2"},
    {"[E \"\"] 1. a3b4 E3:G5 *", "E=;|1.a3b4 E3:G5||*"},
    {"[E \"\"] 1. ed4 dc5 1/2:1/2", "E=;|1.ed4 dc5||1/2-1/2"},
    {"[E \"\"] 1. ed4 0:1", "E=;|1.ed4||0-1"},
    {"[E \"\"] 1. ed4 1:0", "E=;|1.ed4||1-0"},
    {"[E \"\"] 1. 32-28 \xc2\xbd-\xc2\xbd", "E=;|1.32-28||1/2-1/2"},
    {"[E \"\"] 1. 32-28! 19-23?! 2. 28x19!! ??",
     "E=;|1.32-28! 19-23?! 2.28x19!!||none"},
    {"[E \"\"] 1. 32-28(?) 19-23 (!?) *", "E=;|1.32-28? 19-23!?||*"},
    {"[E \"\"] 1. 32-28 $1 $14 19-23 *", "E=;|1.32-28$1$14 19-23||*"},
    {"[E \"\"] 1. 32-28* 19-23 *", "E=;|1.32-28$7 19-23||*"},
    {"[E \"\"] 1. 32-28 * 1-0", "E=;|1.32-28$7||1-0"},
    {"[E \"\"] {pre} 1. 32-28 {a} {b} 19-23 {end} 1-0",
     "E=;|<pre> 1.32-28 {a} {b} 19-23|{end}|1-0"},
    {"[E \"\"] 1. 32-28 (1. 33-28 (1. 34-29) 18-23) 19-23 *",
     "E=;|1.32-28 (1.33-28 (1.34-29) 18-23) 19-23||*"},
    {"[E \"\"] 1. 32-28 (33-28) (31-27 {x}) 19-23 *",
     "E=;|1.32-28 (33-28) (31-27 {x}) 19-23||*"},
    {"[E \"\"] 1. 32-28 19-23 /FEN \"W:W31-50:B1-20\"/ 1. 33-28 *",
     "E=;|1.32-28 19-23 /W:W31-50:B1-20/ 1.33-28||*"},
    {"[E \"\"] 1. 32-28 {[%clk 1:02:03]} *",
     "E=;|1.32-28|{[%clk 1:02:03]}|*"},
    {"[E \"\"]\n% escape line\n1. 32-28 ; rest of line\n19-23 *",
     "E=;|1.32-28 {rest of line} 19-23||*"},
    {"[A \"1\"][B \"2\"] [A \"3\"] *", "A=1;B=2;A=3;|||*"},
    {"[FEN \"W:W31-50:B1-20\"] *", "FEN=W:W31-50:B1-20;|||*"},
    {"[E \"\"] 1. 12x21x32x43x34x25x14x3x12x21x32x43x34x25x14x3 *",
     "E=;|1.12x21x32x43x34x25x14x3x12x21x32x43x34x25x14x3||*"},
    {"[E \"\"] {only a comment} *", "E=;||{only a comment}|*"},
    {"[E \"\"] 1. 32-28 19-23 77. ... {end} *",
     "E=;|1.32-28 19-23|{end}|*"},
};

START_TEST(test_parser_reads_grammar_into_model)
{
    pdn_game *g = NULL;
    pdn_error e;
    char out[1024];
    int rc = read1(grammar[_i].in, &g, &e, NULL);
    ck_assert_msg(rc == 1, "rc %d: %s", rc, e.text);
    dump_game(g, out, sizeof out);
    ck_assert_str_eq(out, grammar[_i].want);
    pdn_game_free(g);
}
END_TEST

/* ---- Real-world forms: read, with a warning that says what was assumed */

static const struct {
    const char *in, *want;
    int code;
    unsigned long line, col;
    const char *text;
} forms[] = {
    {"[Round 17] *", "Round=17;|||*", PDN_ETAG, 1, 8,
     "unquoted value '17' of tag 'Round'"},
    {"[Event \x93Open\x94] *", "Event=Open;|||*", PDN_ETAG, 1, 8,
     "typographic quotes"},
    {"[Event \xe2\x80\x9cOpen\xe2\x80\x9d] *", "Event=Open;|||*", PDN_ETAG, 1,
     8, "typographic quotes"},
    {"[Event \"Open\"]] *", "Event=Open;|||*", PDN_ESYNTAX, 1, 15,
     "stray ']'"},
    {"[Event \"A \"B\" C\"] *", "Event=A \"B\" C;|||*", PDN_ETAG, 1, 11,
     "unescaped '\"'"},
    {"[Round \"11.1]\n*", "Round=11.1;|||*", PDN_ETAG, 1, 8,
     "no closing '\"'"},
    {"[Empty] *", "Empty=;|||*", PDN_ETAG, 1, 7, "has no value"},
    {"[E \"\"]\n1. 32-28 1- 7 *", "E=;|1.32-28 1-7||*", PDN_EMOVE, 2, 10,
     "move '1- 7' read as '1-7'"},
    {"[E \"\"]\n1. - - 2. - - 1/2-1/2", "E=;|1.?- ?- 2.?- ?-||1/2-1/2",
     PDN_EMOVE, 2, 4, "placeholder '-'"},
    {"[E \"\"]\n1. 32-28 19-23 -\n[E \"\"] *", "E=;|1.32-28 19-23||*",
     PDN_ERESULT, 2, 16, "'-' at the end"},
    {"[E \"\"]\n1. 32-28 19-23\n[Event \"next\"]\n*", "E=;|1.32-28 19-23||none",
     PDN_ESYNTAX, 3, 1, "no terminator"},
    {"1. 32-28 19-23 *", "|1.32-28 19-23||*", PDN_ESYNTAX, 1, 1,
     "no tag pairs"},
    {"[E \"\"]\n1. 32-28 (Roberto's first choice, the Wilderness 1.) 19-23 *",
     "E=;|1.32-28 {Roberto's first choice, the Wilderness 1.} 19-23||*",
     PDN_ESYNTAX, 2, 10, "read as a comment"},
    {"[E \"\"]\n1. 32-28 (a (b) c) *", "E=;|1.32-28|{a (b) c}|*",
     PDN_ESYNTAX, 2, 10, "read as a comment"},
    {"[E \"\"]\n1. 8-11Redoverstepped. *",
     "E=;|1.8-11|{Redoverstepped.}|*", PDN_ESYNTAX, 2, 4,
     "text glued to move '8-11'"},
    {"[E \"\"]\n1. 32-28 ! 19-23 *", "E=;|1.32-28! 19-23||*", PDN_ESYNTAX, 2,
     10, "separated from its move"},
    {"[E \"a\"]\\r\n1. 32-28\\r *", "E=a;|1.32-28||*", PDN_ESYNTAX, 1, 8,
     "literal '\\r'"},
    {"\xef\xbb\xbf[E \"a\"] *", "E=a;|||*", PDN_EENCODING, 1, 1,
     "byte order mark"},
    {"[E \"Kouam\xe9\"] *", "E=Kouam\xc3\xa9;|||*", PDN_EENCODING, 1, 1,
     "not valid UTF-8"},
    {"[E \"\x93x\x94\"] *", "E=\xe2\x80\x9cx\xe2\x80\x9d;|||*",
     PDN_EENCODING, 1, 1, "CP1252"},
    {"[\n[E \"a\"] *", "E=a;|||*", PDN_ESYNTAX, 1, 1, "not followed by a tag"},
    {"3\n[E \"a\"] 1. 32-28 *", "E=a;|1.32-28||*", PDN_ESYNTAX, 1, 1,
     "number '3' with no '.'"},
    {"[E \"\"]\n1. 32-28 ((2. 33-29) 19-23) *",
     "E=;|1.32-28 (19-23 (2.33-29))||*", PDN_ESYNTAX, 2, 11,
     "variation before any move"},
    {"[E \"\"]\n1. 32-28 () *", "E=;|1.32-28||*", PDN_ESYNTAX, 2, 10,
     "empty variation"},
    /* Columns after a comment over lines count from its last line. */
    {"[E \"\"]\n1. 32-28 {a\nb} 1- 7 *", "E=;|1.32-28 {a\nb} 1-7||*",
     PDN_EMOVE, 3, 4, "move '1- 7' read as '1-7'"},
    /* The comments of an empty variation stay where it stood. */
    {"[E \"\"]\n1. 32-28 ({c}) 19-23 *", "E=;|1.32-28 {c} 19-23||*",
     PDN_ESYNTAX, 2, 10, "empty variation"},
    {"[E \"\"]\n({a} {b}) 1. 32-28 *", "E=;|<a> <b> 1.32-28||*",
     PDN_ESYNTAX, 2, 1, "empty variation"},
    {"[E \"\"]\n1. 32-28 ({x} () {y}) {z} *", "E=;|1.32-28|{x}{y}{z}|*",
     PDN_ESYNTAX, 2, 15, "empty variation"},
    {"[E \"\"]\n1. 32-28 19-23", "E=;|1.32-28 19-23||none", PDN_ESYNTAX, 2, 15,
     "at the end of the input"},
};

START_TEST(test_parser_reads_real_world_form_with_warning)
{
    pdn_game *g = NULL;
    pdn_error e;
    wlist wl;
    char out[1024];
    int rc = read1(forms[_i].in, &g, &e, &wl), k, found = -1;

    ck_assert_msg(rc == 1, "rc %d: %s", rc, e.text);
    dump_game(g, out, sizeof out);
    ck_assert_str_eq(out, forms[_i].want);
    for (k = 0; k < wl.n && k < 16 && found < 0; k++)
        if (strstr(wl.w[k].text, forms[_i].text) != NULL)
            found = k;
    ck_assert_msg(found >= 0, "no warning '%s' (%d warnings, first '%s')",
                  forms[_i].text, wl.n, wl.n > 0 ? wl.w[0].text : "");
    ck_assert_int_eq(wl.w[found].severity, PDN_SEV_WARNING);
    ck_assert_int_eq(wl.w[found].code, forms[_i].code);
    ck_assert_uint_eq(wl.w[found].pos.line, forms[_i].line);
    ck_assert_uint_eq(wl.w[found].pos.column, forms[_i].col);
    ck_assert_uint_eq(wl.w[found].game, 1);
    ck_assert_str_eq(wl.w[found].source, "t.pdn");
    pdn_game_free(g);
}
END_TEST

START_TEST(test_parser_standard_game_gives_no_warning)
{
    pdn_game *g = NULL;
    pdn_error e;
    wlist wl;
    int rc = read1("[Event \"x\"]\r\n1. 32-28 {c} 19-23 (18-23) 2. 37-32 $2 "
                   "1/2-1/2\r\n",
                   &g, &e, &wl);
    ck_assert_int_eq(rc, 1);
    ck_assert_int_eq(wl.n, 0);
    pdn_game_free(g);
}
END_TEST

/* ---- Errors: code, position, quoted text ---- */

static const struct {
    const char *in;
    int code;
    unsigned long line, col;
    const char *text;
} errs[] = {
    {"[E \"\"]\n1. 32-28 )", PDN_ESYNTAX, 2, 10, "unexpected ')'"},
    {"[E \"\"]\n1. 32-28 (33-28 *", PDN_ESYNTAX, 2, 10,
     "unterminated variation"},
    {"[E \"\"]\n1. 32-28\n  {never closed", PDN_ESYNTAX, 3, 3,
     "unterminated comment"},
    {"[E \"\"]\n1. 32-99z *", PDN_EMOVE, 2, 4, "cannot read move '32-99z'"},
    {"[E \"\"]\n1. 0-5 *", PDN_EMOVE, 2, 4, "cannot read move '0-5'"},
    {"[E \"\"]\n1. 32-28 19-23 2. x *", PDN_EMOVE, 2, 19,
     "cannot read move 'x'"},
    {"[E \"open\n1. 32-28 *", PDN_ETAG, 1, 4,
     "no closing '\"' in the value of tag 'E'"},
    {"[E open\n1. 32-28 *", PDN_ETAG, 1, 4, "no closing ']'"},
    {"[E \"\"]\n1. 32-28 /FEN \"W:W31\" *", PDN_ESETUP, 2, 10,
     "unterminated setup"},
    {"[E \"\"]\n1. 32-28 /xyz/ *", PDN_ESETUP, 2, 10, "cannot read setup"},
    {"[E \"\"]\n1. 32-28 @ *", PDN_ESYNTAX, 2, 10, "unexpected character '@'"},
    {"[E \"\"]\n1. 32-28 \"x\" *", PDN_ESYNTAX, 2, 10, "unexpected '\"'"},
    {"[E \"\"]\n1. 32-28 $70000 *", PDN_ESYNTAX, 2, 10, "NAG '$70000'"},
    {"[E \"\"]\n1. 32-28 [%clk 1:00] *", PDN_ESYNTAX, 2, 11,
     "unexpected character '%'"},
    {"[E \"\"]\r\n\r\n   1. 32-28 19-23 2. 28xx19 *", PDN_EMOVE, 3, 22,
     "'28xx19'"},
    {"[E \"\"]\r1. 32-28\r2. 28x19 zz *", PDN_EMOVE, 3, 10,
     "cannot read move 'zz'"},
};

START_TEST(test_parser_error_has_code_position_and_text)
{
    pdn_game *g = NULL;
    pdn_error e;
    int rc = read1(errs[_i].in, &g, &e, NULL);

    ck_assert_int_eq(rc, -1);
    ck_assert_int_eq(e.code, errs[_i].code);
    ck_assert_int_eq(e.severity, PDN_SEV_ERROR);
    ck_assert_uint_eq(e.pos.line, errs[_i].line);
    ck_assert_uint_eq(e.pos.column, errs[_i].col);
    ck_assert_uint_eq(e.game, 1);
    ck_assert_str_eq(e.source, "t.pdn");
    ck_assert_msg(strstr(e.text, errs[_i].text) != NULL, "text '%s'",
                  e.text);
    /* The game is returned as far as it was read, with its raw text. */
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(pdn_game_number(g), 1);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_parser_error_offset_is_byte_offset)
{
    pdn_game *g = NULL;
    pdn_error e;
    ck_assert_int_eq(read1("[E \"\"]\n1. 32-28 )", &g, &e, NULL), -1);
    ck_assert_uint_eq(e.pos.offset, 16);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_parser_node_positions_follow_lines)
{
    pdn_game *g = NULL;
    pdn_error e;
    const pdn_node *n;
    ck_assert_int_eq(
        read1("[E \"\"]\r\n1. 32-28\n19-23 {x\ny} 2.\r33-28 *", &g, &e, NULL),
        1);
    n = pdn_game_first(g);
    ck_assert_uint_eq(pdn_node_pos(n).line, 2);
    ck_assert_uint_eq(pdn_node_pos(n).column, 4);
    ck_assert_uint_eq(pdn_node_pos(n).offset, 11);
    n = pdn_node_next(n);
    ck_assert_uint_eq(pdn_node_pos(n).line, 3);
    ck_assert_uint_eq(pdn_node_pos(n).column, 1);
    n = pdn_node_next(n);
    ck_assert_uint_eq(pdn_node_pos(n).line, 5);
    ck_assert_uint_eq(pdn_node_pos(n).column, 1);
    ck_assert_uint_eq(pdn_game_tag_pos_at(g, 0).line, 1);
    ck_assert_uint_eq(pdn_game_tag_pos_at(g, 0).column, 1);
    pdn_game_free(g);
}
END_TEST

/* ---- Limits ---- */

START_TEST(test_parser_depth_limit_gives_elimit)
{
    size_t n = 300, i;
    char *s = malloc(n * 12 + 64);
    pdn_reader *r;
    pdn_game *g = NULL;
    pdn_error e;
    strcpy(s, "[E \"\"] 1. 32-28");
    for (i = 0; i < n; i++)
        strcat(s, " (33-28");
    strcat(s, " *");
    r = pdn_reader_new_mem(s, strlen(s), "deep");
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_int_eq(e.code, PDN_ELIMIT);
    ck_assert_uint_eq(e.pos.line, 1);
    ck_assert_uint_eq(e.pos.column, 16 + 7 * 256 + 1);
    pdn_game_free(g);
    pdn_reader_free(r);
    free(s);
}
END_TEST

START_TEST(test_parser_deep_nesting_within_limit_is_read)
{
    size_t n = 200, i;
    char *s = malloc(n * 20 + 64);
    pdn_game *g = NULL, *g2;
    pdn_error e;
    const pdn_node *x;
    char *w;
    strcpy(s, "[E \"\"] 1. 32-28");
    for (i = 0; i < n; i++)
        strcat(s, " (33-28");
    for (i = 0; i < n; i++)
        strcat(s, ")");
    strcat(s, " *");
    ck_assert_int_eq(read1(s, &g, &e, NULL), 1);
    for (i = 0, x = pdn_game_first(g); pdn_node_variation_count(x) == 1;
         i++)
        x = pdn_node_variation_at(x, 0);
    ck_assert_uint_eq(i, n);
    /* Writing and comparing deep trees uses no recursion either. */
    w = pdn_game_to_string(g, PDN_WRITE_COMPAT, NULL, NULL);
    ck_assert_ptr_nonnull(w);
    g2 = pdn_parse_string(w, strlen(w), &e);
    ck_assert_ptr_nonnull(g2);
    ck_assert_int_eq(pdn_game_equal(g, g2, NULL), 1);
    free(w);
    pdn_game_free(g2);
    pdn_game_free(g);
    free(s);
}
END_TEST

START_TEST(test_parser_token_limit_gives_elimit)
{
    const char *s = "[E \"\"]\n1. 32-28 {a comment longer than 16} *\n"
                    "[E \"2\"] 1. 33-28 *";
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "tok");
    pdn_game *g = NULL;
    pdn_error e;
    pdn_reader_set_limits(r, 0, 16, 0);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_int_eq(e.code, PDN_ELIMIT);
    ck_assert_uint_eq(e.pos.line, 2);
    ck_assert_uint_eq(e.pos.column, 10);
    pdn_game_free(g);
    /* The next game is not lost. */
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_str_eq(pdn_game_tag(g, "E"), "2");
    pdn_game_free(g);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_parser_game_size_limit_gives_elimit)
{
    const char *s = "[E \"1\"]\n1. 32-28 19-23 2. 37-32 14-19 *\n"
                    "[E \"2\"] *";
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "big");
    pdn_game *g = NULL;
    pdn_error e;
    int rc, errors = 0, n = 0;
    pdn_reader_set_limits(r, 0, 0, 20);
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        if (rc < 0) {
            ck_assert_int_eq(e.code, PDN_ELIMIT);
            errors++;
        }
        n++;
        pdn_game_free(g);
    }
    ck_assert_int_ge(errors, 1);
    ck_assert_int_ge(n, 2);
    pdn_reader_free(r);
}
END_TEST

/* A huge unterminated comment is cut at the game limit, not read to the
 * end of the input. */
START_TEST(test_parser_game_limit_bounds_error_recovery)
{
    size_t n = 4u << 20, i;
    char *s = malloc(n + 64);
    pdn_reader *r;
    pdn_game *g = NULL;
    pdn_error e;
    size_t len;
    strcpy(s, "[E \"\"] 1. 32-28 {");
    len = strlen(s);
    for (i = 0; i < n; i++)
        s[len + i] = 'a';
    s[len + n] = '\0';
    r = pdn_reader_new_mem(s, len + n, "huge");
    pdn_reader_set_limits(r, 0, 1024, 65536);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_int_eq(e.code, PDN_ELIMIT);
    pdn_game_raw(g, &len);
    ck_assert_uint_lt(len, 200000);
    pdn_game_free(g);
    pdn_reader_free(r);
    free(s);
}
END_TEST

START_TEST(test_parser_path_limit_gives_elimit)
{
    char s[512] = "[E \"\"] 1. 1";
    pdn_game *g = NULL;
    pdn_error e;
    int i;
    for (i = 0; i < 40; i++)
        strcat(s, "x2");
    strcat(s, " *");
    ck_assert_int_eq(read1(s, &g, &e, NULL), -1);
    ck_assert_int_eq(e.code, PDN_ELIMIT);
    ck_assert_uint_eq(e.pos.column, 11);
    pdn_game_free(g);
}
END_TEST

/* Limits just under and just over: 256 nested variations read, 257 give
 * PDN_ELIMIT; with a 64 KiB game limit (256 KiB of model) 1,000 moves
 * read and 2,500 give PDN_ELIMIT; the next game is read either way. */
static int
limit_case(const char *body, size_t max_game)
{
    char *s = malloc(strlen(body) + 64);
    pdn_reader *r;
    pdn_game *g = NULL;
    pdn_error e;
    int rc, rc2;
    sprintf(s, "[E \"1\"]\n%s *\n[E \"2\"]\n1. 32-28 *\n", body);
    r = pdn_reader_new_mem(s, strlen(s), "lim");
    pdn_reader_set_limits(r, 0, 0, max_game);
    rc = pdn_reader_next(r, &g, &e);
    if (rc < 0)
        ck_assert_int_eq(e.code, PDN_ELIMIT);
    pdn_game_free(g);
    rc2 = pdn_reader_next(r, &g, &e);
    ck_assert_int_eq(rc2, 1);
    ck_assert_str_eq(pdn_game_tag(g, "E"), "2");
    pdn_game_free(g);
    pdn_reader_free(r);
    free(s);
    return rc;
}

START_TEST(test_parser_limits_just_under_and_over)
{
    static const int depth[] = {256, 257}, moves[] = {1000, 2500};
    char *b = malloc(20000);
    int i, k;
    for (k = 0; k < 2; k++) {
        strcpy(b, "1. 32-28");
        for (i = 0; i < depth[k]; i++)
            strcat(b, " (19-23");
        for (i = 0; i < depth[k]; i++)
            strcat(b, ")");
        ck_assert_int_eq(limit_case(b, 0), k == 0 ? 1 : -1);
        b[0] = '\0';
        for (i = 0; i < moves[k]; i++)
            strcat(b, i % 2 ? "5-1 " : "1-5 ");
        ck_assert_int_eq(limit_case(b, 65536), k == 0 ? 1 : -1);
    }
    free(b);
}
END_TEST

Suite *
parser_suite(void)
{
    Suite *s = suite_create("parser");
    TCase *core = tcase_create("core");
    TCase *errors = tcase_create("errors");
    TCase *limits = tcase_create("limits");

    tcase_add_loop_test(core, test_parser_reads_grammar_into_model, 0,
                        sizeof grammar / sizeof grammar[0]);
    tcase_add_loop_test(core, test_parser_reads_real_world_form_with_warning,
                        0, sizeof forms / sizeof forms[0]);
    tcase_add_test(core, test_parser_standard_game_gives_no_warning);
    tcase_add_test(core, test_parser_node_positions_follow_lines);
    tcase_add_loop_test(errors, test_parser_error_has_code_position_and_text,
                        0, sizeof errs / sizeof errs[0]);
    tcase_add_test(errors, test_parser_error_offset_is_byte_offset);
    tcase_add_test(limits, test_parser_depth_limit_gives_elimit);
    tcase_add_test(limits, test_parser_deep_nesting_within_limit_is_read);
    tcase_add_test(limits, test_parser_token_limit_gives_elimit);
    tcase_add_test(limits, test_parser_game_size_limit_gives_elimit);
    tcase_add_test(limits, test_parser_limits_just_under_and_over);
    tcase_add_test(limits, test_parser_path_limit_gives_elimit);
    tcase_add_test(limits, test_parser_game_limit_bounds_error_recovery);
    suite_add_tcase(s, core);
    suite_add_tcase(s, errors);
    suite_add_tcase(s, limits);
    return s;
}
