/* SPDX-License-Identifier: MIT */
/* Unit tests for the writer: exact canonical output in both styles,
 * idempotence, line folding, CR LF, Latin-1 and write errors. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdn/pdn.h"
#include "core/pdn_private.h"
#include "model/game_private.h"
#include "suites.h"
#include "testutil.h"

static pdn_game *
parse(const char *s)
{
    pdn_error e;
    pdn_game *g = pdn_parse_string(s, strlen(s), &e);
    ck_assert_msg(g != NULL, "parse failed: %s", e.text);
    return g;
}

static char *
write_str(const pdn_game *g, unsigned flags)
{
    pdn_error e;
    char *s;
    pdn_error_clear(&e);
    s = pdn_game_to_string(g, flags, NULL, &e);
    ck_assert_ptr_nonnull(s);
    return s;
}

static const struct {
    const char *in;
    unsigned flags;
    const char *out;
} golden[] = {
    /* Standard tags first, the others in input order. */
    {"[GameType \"20\"][Black \"b\"][Event \"e\"][Result \"1-0\"]\n"
     "1. 32-28 19-23 2. 37-32 1-0",
     PDN_WRITE_COMPAT,
     "[Event \"e\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[GameType \"20\"]\n"
     "1. 32-28 19-23 2. 37-32 1-0\n\n"},
    /* PDN 3.0: '*' terminator, result in the Result tag. */
    {"[Event \"e\"][GameType \"20\"]\n1. 32-28 19-23 2-0", PDN_WRITE_PDN3,
     "[Event \"e\"]\n[Result \"2-0\"]\n[GameType \"20\"]\n"
     "1. 32-28 19-23 *\n\n"},
    /* Kept: tags in input order (duplicates too), the game's own
     * terminator even when the Result tag says otherwise, '*' for none. */
    {"[GameType \"20\"][Black \"b\"][Event \"e\"][Result \"2-0\"]"
     "[Black \"c\"]\n1. 32-28 19-23 0-2",
     PDN_WRITE_KEEP_TAGS | PDN_WRITE_KEEP_RESULT,
     "[GameType \"20\"]\n[Black \"b\"]\n[Event \"e\"]\n[Result \"2-0\"]\n"
     "[Black \"c\"]\n1. 32-28 19-23 0-2\n\n"},
    {"[GameType \"20\"][Event \"e\"]\n1. 32-28 19-23",
     PDN_WRITE_KEEP_TAGS | PDN_WRITE_KEEP_RESULT,
     "[GameType \"20\"]\n[Event \"e\"]\n1. 32-28 19-23 *\n\n"},
    /* Tags kept alone: no Result tag is added for the '*' terminator. */
    {"[GameType \"20\"][Event \"e\"]\n1. 32-28 19-23 1-1",
     PDN_WRITE_KEEP_TAGS,
     "[GameType \"20\"]\n[Event \"e\"]\n1. 32-28 19-23 *\n\n"},
    /* Canonical moves: no leading zeros, lower case, glued strength. */
    {"[E \"\"] 1. 06-11 ! 2. E3:G5 (?) *", PDN_WRITE_PDN3,
     "[E \"\"]\n1. 6-11! e3:g5? *\n\n"},
    /* Numbers recomputed; "N..." after comments and variations. */
    {"[E \"\"] 32-28 {c} 19-23 (18-23 37-32) 37-32 $1 14-19 *",
     PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 32-28 {c} 1... 19-23 (1... 18-23 2. 37-32) 2. 37-32 $1 "
     "14-19 *\n\n"},
    /* The writer owns move numbers: from the initial position the
     * first move is 1.; from a FEN the first written number is kept,
     * with the side the FEN and the GameType give, else the FEN's
     * full-move counter; numbers of later moves are counted. */
    {"[E \"\"] 12... 19-23 13. 33-28 *", PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 19-23 33-28 *\n\n"},
    {"[FEN \"B:W33:B19\"] 12... 19-23 13. 33-28 *", PDN_WRITE_COMPAT,
     "[FEN \"B:W33:B19\"]\n12... 19-23 13. 33-28 *\n\n"},
    {"[GameType \"21\"][FEN \"W:W24:B11\"] 1. 24-20 11-15 *",
     PDN_WRITE_COMPAT,
     "[GameType \"21\"]\n[FEN \"W:W24:B11\"]\n1... 24-20 2. 11-15 *\n\n"},
    {"[GameType \"21\"][FEN \"B:W24:B11\"] 24-20 11-15 *",
     PDN_WRITE_COMPAT,
     "[GameType \"21\"]\n[FEN \"B:W24:B11\"]\n1. 24-20 11-15 *\n\n"},
    {"[GameType \"20\"][FEN \"B:W33:B19:H0:F12\"] 19-23 33-28 *",
     PDN_WRITE_COMPAT,
     "[GameType \"20\"]\n[FEN \"B:W33:B19:H0:F12\"]\n12... 19-23 13. "
     "33-28 *\n\n"},
    {"[Variant \"American/English\"][FEN \"W:W24:B11\"] 1. 24-20 *",
     PDN_WRITE_COMPAT,
     "[Variant \"American/English\"]\n[FEN \"W:W24:B11\"]\n1... 24-20 "
     "*\n\n"},
    /* wrong numbers are not kept beside the counted ones */
    {"[E \"\"] 1. 11-15 24-20 7. 8-11 28-24 3... 9-13 22-18 *",
     PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 *\n\n"},
    /* Comments before the first move, setups, game comments, NAG 7. */
    {"[E \"\"] {intro} /FEN \"W:W31:B1\"/ 1. 31-27* 1-6 {end} 1-0",
     PDN_WRITE_COMPAT,
     "[E \"\"]\n{intro} /FEN \"W:W31:B1\"/ 1. 31-27 $7 1-6 {end} 1-0\n\n"},
    /* Escapes in tag values; a lone backslash stays as written. */
    {"[E \"a \\\"q\\\" \\\\\\\\ C:\\x\"] *", PDN_WRITE_COMPAT,
     "[E \"a \\\"q\\\" \\\\\\ C:\\x\"]\n*\n\n"},
    /* A backslash before a quote is escaped too: a\"b, not a\\"b. */
    {"[E \"a\\\\\\\"b\"] *", PDN_WRITE_COMPAT, "[E \"a\\\\\\\"b\"]\n*\n\n"},
    {"[E \"\"] *", PDN_WRITE_COMPAT | PDN_WRITE_CRLF,
     "[E \"\"]\r\n*\r\n\r\n"},
    {"[E \"Kouam\xc3\xa9 \xe2\x82\xac\"] *",
     PDN_WRITE_COMPAT | PDN_WRITE_LATIN1, "[E \"Kouam\xe9 ?\"]\n*\n\n"},
    {"[E \"Kouam\xc3\xa9\"] *", PDN_WRITE_PDN3 | PDN_WRITE_LATIN1,
     "[E \"Kouam\xc3\xa9\"]\n*\n\n"},
    {"[E \"\"] 1. - - 2. 32-28 1/2-1/2", PDN_WRITE_COMPAT,
     "[E \"\"]\n1. - - 2. 32-28 1/2-1/2\n\n"},
    {"1. 32-28 *", PDN_WRITE_COMPAT, "1. 32-28 *\n\n"},
    /* A number counting would not give is not kept. */
    {"[E \"\"] 1. 32-28 19-23 2..37-32 *", PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 32-28 19-23 2. 37-32 *\n\n"},
    /* A ';' comment holding '}' stays a ';' comment. */
    {"[E \"\"] 1. 32-28 ; a } b\n19-23 *", PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 32-28 ; a } b\n1... 19-23 *\n\n"},
    /* A move that would print as a result keeps a leading zero. */
    {"[E \"\"] 1. 32-28 01-1 *", PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 32-28 01-1 *\n\n"},
    /* "(?)" glued to its move leaves a setup in the variation, which
     * must not make it read as prose. */
    {"[E \"\"] 1. 32-28 19-23 (1... 18-23 2. 28x19 (?) /FEN \"B:W32:B23\"/ "
     "2... 10-14) *",
     PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 32-28 19-23 (1... 18-23 2. 28x19? /FEN \"B:W32:B23\"/ "
     "2... 10-14) *\n\n"},
    /* A strength on a placeholder, a long strength: glued, whole. */
    {"[E \"\"] 1. - ! 19-23 !?!?!?!?!? *", PDN_WRITE_COMPAT,
     "[E \"\"]\n1. -! 19-23!?!?!?!?!? *\n\n"},
    /* Move numbers saturate at 999,999,999, counting too. */
    {"[FEN \"W:W32,33:B19\"] 99999999999. 32-28 19-23 33-29 *",
     PDN_WRITE_COMPAT,
     "[FEN \"W:W32,33:B19\"]\n999999999. 32-28 19-23 999999999. 33-29 "
     "*\n\n"},
    /* The comments of an empty variation trail its move. */
    {"[E \"\"] 1. 32-28 19-23 ( {c} ) *", PDN_WRITE_COMPAT,
     "[E \"\"]\n1. 32-28 19-23 {c} *\n\n"},
};

/* With default flags a game whose Result tag contradicts its decided
 * terminator keeps the terminator, and reads back with it. */
START_TEST(test_writer_contradicting_result_reads_back)
{
    static const unsigned flags[] = {PDN_WRITE_PDN3, PDN_WRITE_KEEP_TAGS,
                                     PDN_WRITE_CRLF};
    pdn_game *g = parse("[Event \"e\"][Result \"0-1\"]\n"
                        "1. 32-28 19-23 1/2-1/2");
    size_t i;

    for (i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        char *s = write_str(g, flags[i]);
        pdn_game *h = parse(s);

        ck_assert_msg(strstr(s, " 1/2-1/2") != NULL, "%s", s);
        ck_assert_str_eq(pdn_game_result(h), "1/2-1/2");
        ck_assert_str_eq(pdn_game_tag(h, "Result"), "0-1");
        ck_assert_int_eq(pdn_game_equal(g, h, NULL), 1);
        pdn_game_free(h);
        free(s);
    }
    pdn_game_free(g);
    /* a Result tag saying the terminator's result: '*' as before */
    g = parse("[Event \"e\"][Result \"1/2-1/2\"]\n1. 32-28 1/2-1/2");
    {
        char *s = write_str(g, PDN_WRITE_PDN3);
        ck_assert_ptr_nonnull(strstr(s, "1. 32-28 *"));
        free(s);
    }
    pdn_game_free(g);
}
END_TEST

/* What the setters refuse but a game might still hold is refused by the
 * writer with an error, never changed: a comment holding '}' over two
 * lines, a tag name with ']', a value with a line break. */
START_TEST(test_writer_refuses_what_cannot_read_back)
{
    static const struct {
        const char *name, *value, *comment;
        int code;
    } cases[] = {
        {NULL, NULL, "a }\nb", PDN_ESYNTAX},
        {NULL, NULL, " a } b", PDN_ESYNTAX},
        {"A]", "v", NULL, PDN_ETAG},
        {"A B", "v", NULL, PDN_ETAG},
        {"Site", "x\ny", NULL, PDN_ETAG},
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pdn_game *g = parse("[Event \"e\"]\n1. 32-28 19-23 *");
        pdn_error e;
        char *s;

        /* put in behind the setters' back, as a reader could */
        if (cases[i].comment != NULL)
            ck_assert_int_eq(pdnp_list_add_str(g, &g->comments,
                                               cases[i].comment,
                                               strlen(cases[i].comment)),
                             0);
        else
            ck_assert_int_eq(pdnp_game_add_tag(g, cases[i].name,
                                               strlen(cases[i].name),
                                               cases[i].value,
                                               strlen(cases[i].value), NULL),
                             0);
        pdn_error_clear(&e);
        s = pdn_game_to_string(g, PDN_WRITE_COMPAT, NULL, &e);
        ck_assert_msg(s == NULL, "written: %s", s ? s : "");
        ck_assert_int_eq(e.code, cases[i].code);
        ck_assert_int_eq(pdn_write_game(stdout, g, PDN_WRITE_PDN3, &e), -1);
        ck_assert_int_eq(e.code, cases[i].code);
        pdn_game_free(g);
    }
}
END_TEST

START_TEST(test_writer_golden_output)
{
    pdn_game *g = parse(golden[_i].in), *g2;
    char *s = write_str(g, golden[_i].flags), *s2;
    ck_assert_str_eq(s, golden[_i].out);
    /* Writing what was read from the output gives the same bytes. */
    if (!(golden[_i].flags & PDN_WRITE_LATIN1)) {
        g2 = parse(s);
        s2 = write_str(g2, golden[_i].flags);
        ck_assert_str_eq(s2, s);
        if (golden[_i].flags & (PDN_WRITE_COMPAT | PDN_WRITE_KEEP_RESULT))
            ck_assert_int_eq(pdn_game_equal(g, g2, NULL), 1);
        free(s2);
        pdn_game_free(g2);
    }
    free(s);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_writer_compat_folds_at_80_columns)
{
    char in[4096] = "[E \"\"]";
    pdn_game *g, *g2;
    char *s, *line, *save = NULL;
    int i;
    for (i = 1; i <= 60; i++) {
        char m[64];
        snprintf(m, sizeof m, " %d. 32-28 (33-29 {c%d}) 19-23", i, i);
        strcat(in, m);
    }
    strcat(in, " 1-0");
    g = parse(in);
    s = write_str(g, PDN_WRITE_COMPAT);
    g2 = parse(s);
    ck_assert_int_eq(pdn_game_equal(g, g2, NULL), 1);
    for (line = strtok_r(s, "\n", &save); line != NULL;
         line = strtok_r(NULL, "\n", &save))
        ck_assert_uint_le(strlen(line), 80);
    free(s);
    s = write_str(g, PDN_WRITE_PDN3);
    ck_assert_ptr_nonnull(strstr(s, "60. 32-28"));
    /* PDN 3.0 has no line limit: the movetext stays on one line. */
    line = strstr(s, "1. 32-28");
    ck_assert_ptr_nonnull(line);
    ck_assert_uint_gt((size_t)(strchr(line, '\n') - line), 80);
    free(s);
    pdn_game_free(g2);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_writer_latin1_loss_is_a_warning)
{
    pdn_game *g = parse("[E \"\xe2\x82\xac\"] *");
    pdn_error e;
    FILE *fp = tmpfile();
    pdn_error_clear(&e);
    ck_assert_int_eq(
        pdn_write_game(fp, g, PDN_WRITE_COMPAT | PDN_WRITE_LATIN1, &e), 1);
    ck_assert_int_eq(e.code, PDN_EENCODING);
    ck_assert_int_eq(e.severity, PDN_SEV_WARNING);
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game(fp, g, PDN_WRITE_COMPAT, &e), 0);
    ck_assert_int_eq(e.code, PDN_OK);
    fclose(fp);
    pdn_game_free(g);
}
END_TEST

static int
failing_sink(const char *buf, size_t len, void *ud)
{
    (void)buf;
    (void)len;
    (void)ud;
    errno = ENOSPC;
    return -1;
}

START_TEST(test_writer_write_error_gives_eio)
{
    pdn_game *g = parse("[E \"\"] 1. 32-28 *");
    pdn_error e;
    FILE *ro;
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game_cb(failing_sink, NULL, g, 0, &e), -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    ck_assert_ptr_nonnull(strstr(e.text, "write error"));
    ro = fopen("/dev/null", "r");
    ck_assert_ptr_nonnull(ro);
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game(ro, g, 0, &e), -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    fclose(ro);
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game(NULL, g, 0, &e), -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_writer_to_string_reports_length)
{
    pdn_game *g = parse("[E \"\"] *");
    size_t len = 0;
    char *s = pdn_game_to_string(g, PDN_WRITE_COMPAT, &len, NULL);
    ck_assert_uint_eq(len, strlen(s));
    ck_assert_uint_eq(len, 10);
    free(s);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_writer_hand_built_game)
{
    pdn_game *g = pdn_game_new();
    char *s;
    ck_assert_int_eq(pdn_game_set_tag(g, "White", "w"), 0);
    ck_assert_int_eq(pdn_game_set_tag(g, "Event", "e"), 0);
    ck_assert_int_eq(pdn_game_set_result(g, "0-2"), 0);
    s = write_str(g, PDN_WRITE_COMPAT);
    ck_assert_str_eq(s, "[Event \"e\"]\n[White \"w\"]\n0-2\n\n");
    free(s);
    pdn_game_free(g);
}
END_TEST

typedef struct sink {
    char *buf;
    size_t len, cap;
    int calls, fail_at;
} sink;

static int
collect_sink(const char *buf, size_t len, void *ud)
{
    sink *k = ud;
    if (++k->calls == k->fail_at) {
        errno = EIO;
        return -1;
    }
    if (k->len + len > k->cap) {
        k->cap = (k->len + len) * 2;
        k->buf = realloc(k->buf, k->cap);
        ck_assert_ptr_nonnull(k->buf);
    }
    memcpy(k->buf + k->len, buf, len);
    k->len += len;
    return 0;
}

/* A big game goes to the sink in pieces, with the same bytes. */
START_TEST(test_writer_streams_big_game_to_sink)
{
    pdn_game *g = pdn_game_new();
    sink k = {NULL, 0, 0, 0, 0};
    pdn_error e;
    char name[32], *s;
    size_t len;
    int i;
    for (i = 0; i < 3000; i++) {
        snprintf(name, sizeof name, "T%d", i);
        ck_assert_int_eq(
            pdn_game_set_tag(g, name, "a value long enough to fill lines"),
            0);
    }
    ck_assert_int_eq(pdn_game_set_tag(g, "Event", "e"), 0);
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game_cb(collect_sink, &k, g, 0, &e), 0);
    ck_assert_int_gt(k.calls, 1);
    s = pdn_game_to_string(g, 0, &len, &e);
    ck_assert_uint_eq(len, k.len);
    ck_assert_int_eq(memcmp(s, k.buf, len), 0);
    ck_assert_int_eq(strncmp(s, "[Event \"e\"]\n[T0 ", 16), 0);
    free(s);
    /* A sink failing in the middle gives PDN_EIO. */
    k.len = 0;
    k.calls = 0;
    k.fail_at = 2;
    pdn_error_clear(&e);
    ck_assert_int_eq(pdn_write_game_cb(collect_sink, &k, g, 0, &e), -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    free(k.buf);
    pdn_game_free(g);
}
END_TEST

START_TEST(test_writer_enomem_gives_error)
{
    pdn_game *g = parse("[E \"x\"] {c} 1. 32-28 (33-28 {v}) 19-23 $1 1-0");
    long n;
    int done = 0;
    for (n = 0; n < 200 && !done; n++) {
        pdn_error e;
        char *s;
        pdn_error_clear(&e);
        pdnp_alloc_fail_after(n);
        s = pdn_game_to_string(g, PDN_WRITE_COMPAT, NULL, &e);
        pdnp_alloc_fail_after(-1);
        if (s == NULL) {
            ck_assert_int_eq(e.code, PDN_ENOMEM);
        } else {
            done = 1;
            free(s);
        }
    }
    ck_assert_int_eq(done, 1);
    pdn_game_free(g);
}
END_TEST

/* Every token kind the reader takes next to every other: each run of
 * three tokens of the list after a move (148,877 games) that reads without
 * error writes, in the compatible style, text that reads back as the
 * same game and writes the same bytes again. */
START_TEST(test_writer_round_trip_of_token_runs)
{
    static const char *const toks[] = {
        "32-28", "19-23", "28x19", "01-1", "1:1", "c3-d4", "e3:g5", "a3b4",
        "ed4", "26x17x10", "E3:G5", "06-11", "1.", "12...", "99999999999.",
        "3", "...", "-", "*", "$1", "$7", "!", "?", "!?", "(?)", "(!!)",
        "{c}", "{}", "{x\ny}", "; a } b\n", "(", ")", "/FEN \"W:W1\"/",
        "/FEN \"a\"b\"/", "(Roberto's choice)", "\n%x\n", "\r\n", "\\r",
        "{%c}", "{caf\xe9}", "-!", "32-28!", "32-28*", "1.32-28",
        "1...19-23", "8-11Red overstepped", "1- 7", "( {only} )",
        "({pre} 1... 18-23)", "(1. 33-28 {v})", "1-0", "0-0", ""};
    const size_t ntok = sizeof toks / sizeof toks[0];
    size_t a, b, c;
    int checked = 0;
    char in[512];

    for (a = 0; a < ntok; a++)
        for (b = 0; b < ntok; b++)
            for (c = 0; c < ntok; c++) {
                pdn_game *g, *g2;
                pdn_error e;
                char *s, *s2;
                snprintf(in, sizeof in, "[E \"\"]\n1. 32-28 %s %s %s *",
                         toks[a], toks[b], toks[c]);
                g = pdn_parse_string(in, strlen(in), &e);
                if (g == NULL)
                    continue;
                s = write_str(g, PDN_WRITE_COMPAT);
                g2 = parse(s);
                s2 = write_str(g2, PDN_WRITE_COMPAT);
                ck_assert_msg(pdn_game_equal(g, g2, NULL) == 1, "%s\n->\n%s", in,
                              s);
                ck_assert_str_eq(s2, s);
                checked++;
                free(s);
                free(s2);
                pdn_game_free(g2);
                pdn_game_free(g);
            }
    ck_assert_int_gt(checked, 50000);
}
END_TEST

Suite *
writer_suite(void)
{
    Suite *s = suite_create("writer");
    TCase *core = tcase_create("core");
    TCase *errors = tcase_create("errors");
    TCase *limits = tcase_create("limits");

    tcase_add_loop_test(core, test_writer_golden_output, 0,
                        sizeof golden / sizeof golden[0]);
    tcase_add_test(core, test_writer_to_string_reports_length);
    tcase_add_test(core, test_writer_contradicting_result_reads_back);
    tcase_add_test(core, test_writer_refuses_what_cannot_read_back);
    tcase_add_test(core, test_writer_hand_built_game);
    tcase_add_test(errors, test_writer_latin1_loss_is_a_warning);
    tcase_add_test(errors, test_writer_write_error_gives_eio);
    tcase_add_test(errors, test_writer_enomem_gives_error);
    tcase_add_test(limits, test_writer_streams_big_game_to_sink);
    tcase_add_test(limits, test_writer_compat_folds_at_80_columns);
    tcase_add_test(limits, test_writer_round_trip_of_token_runs);
    tcase_set_timeout(limits, TEST_TIMEOUT);

    suite_add_tcase(s, core);
    suite_add_tcase(s, errors);
    suite_add_tcase(s, limits);
    return s;
}
