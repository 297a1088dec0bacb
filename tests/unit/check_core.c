/* SPDX-License-Identifier: MIT */
/* Unit tests for errors, allocation and growable buffers. */
#include <config.h>
#include <string.h>
#include "core/pdn_private.h"
#include "suites.h"

START_TEST(test_code_names_are_stable)
{
    ck_assert_str_eq(pdn_code_name(PDN_OK), "ok");
    ck_assert_str_eq(pdn_code_name(PDN_ESYNTAX), "syntax");
    ck_assert_str_eq(pdn_code_name(PDN_EILLEGAL), "illegal");
    ck_assert_str_eq(pdn_code_name(PDN_ESTRICT), "strict");
    ck_assert_str_eq(pdn_code_name(PDN_ENOMOVES), "no-moves");
    ck_assert_str_eq(pdn_code_name(-1), "unknown");
    ck_assert_str_eq(pdn_code_name(PDN_ECODE_COUNT), "unknown");
}
END_TEST

START_TEST(test_error_first_wins)
{
    pdn_error e;
    pdn_pos p = {3, 7, 42};

    pdn_error_clear(&e);
    pdnp_error_set(&e, PDN_ESYNTAX, PDN_SEV_ERROR, &p, 2, "bad '%s'", "x");
    pdnp_error_set(&e, PDN_ETAG, PDN_SEV_ERROR, NULL, 3, "later");
    ck_assert_int_eq(e.code, PDN_ESYNTAX);
    ck_assert_uint_eq(e.pos.line, 3);
    ck_assert_uint_eq(e.pos.column, 7);
    ck_assert_uint_eq(e.pos.offset, 42);
    ck_assert_uint_eq(e.game, 2);
    ck_assert_str_eq(e.text, "bad 'x'");
    pdnp_error_set(NULL, PDN_ETAG, PDN_SEV_ERROR, NULL, 0, "ignored");
}
END_TEST

START_TEST(test_error_source_keeps_right_end)
{
    pdn_error e;
    char name[PDN_ERROR_SOURCE_SIZE + 100];

    /* a long real path is kept whole (it used to be cut at 64 bytes) */
    pdn_error_clear(&e);
    pdnp_error_source(&e, "/work/shared/corpus/mixed/a-rather-long-directory"
                          "-name/and-a-long-file-name-too/game.pdn");
    ck_assert_str_eq(e.source, "/work/shared/corpus/mixed/a-rather-long-"
                               "directory-name/and-a-long-file-name-too/"
                               "game.pdn");
    /* only a name longer than the record is cut, on the left */
    pdn_error_clear(&e);
    memset(name, 'a', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    memcpy(name + sizeof name - 9, "game.pdn", 8);
    pdnp_error_source(&e, name);
    ck_assert_uint_eq(strlen(e.source), sizeof e.source - 1);
    ck_assert_str_eq(e.source + strlen(e.source) - 8, "game.pdn");
    ck_assert(strncmp(e.source, "...", 3) == 0);
}
END_TEST

START_TEST(test_quote_escapes_and_cuts)
{
    char buf[64] = "near '";

    pdnp_quote(buf, sizeof buf, "a\tb\x01", 4, 10);
    ck_assert_str_eq(buf, "near 'a\\x09b\\x01");
    buf[0] = '\0';
    pdnp_quote(buf, sizeof buf, "abcdefghij", 10, 4);
    ck_assert_str_eq(buf, "abcd...");
}
END_TEST

START_TEST(test_buf_grows_and_terminates)
{
    pdnp_buf b;
    int i;

    pdnp_buf_init(&b);
    for (i = 0; i < 1000; i++)
        ck_assert_int_eq(pdnp_buf_addc(&b, 'x'), 0);
    ck_assert_uint_eq(b.len, 1000);
    ck_assert_int_eq(b.data[1000], '\0');
    ck_assert_int_eq(pdnp_buf_printf(&b, "%d-%s", 12, "ab"), 0);
    ck_assert_str_eq(b.data + 1000, "12-ab");
    pdnp_buf_clear(&b);
    ck_assert_uint_eq(b.len, 0);
    ck_assert_str_eq(b.data, "");
    pdnp_buf_free(&b);
    ck_assert_ptr_null(b.data);
}
END_TEST

START_TEST(test_alloc_hook_fails_nth)
{
    void *p;
    pdnp_buf b;

    pdnp_alloc_fail_after(1);
    p = pdnp_malloc(8);
    ck_assert_ptr_nonnull(p);
    pdnp_free(p);
    ck_assert_ptr_null(pdnp_malloc(8));
    pdnp_buf_init(&b);
    ck_assert_int_eq(pdnp_buf_adds(&b, "abc"), -1);
    pdnp_alloc_fail_after(-1);
    ck_assert_int_eq(pdnp_buf_adds(&b, "abc"), 0);
    ck_assert_str_eq(b.data, "abc");
    pdnp_buf_free(&b);
}
END_TEST

START_TEST(test_utoa_writes_decimal)
{
    char buf[32];
    size_t n;

    n = pdnp_utoa(0, buf);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(buf[0], '0');
    n = pdnp_utoa(50, buf);
    buf[n] = '\0';
    ck_assert_str_eq(buf, "50");
    n = pdnp_utoa(18446744073709551615UL, buf);
    buf[n] = '\0';
    ck_assert_str_eq(buf, sizeof(unsigned long) == 8 ? "18446744073709551615"
                                                     : buf);
    n = pdnp_utoa(1000000, buf);
    buf[n] = '\0';
    ck_assert_str_eq(buf, "1000000");
}
END_TEST

START_TEST(test_version_matches_package)
{
    ck_assert_str_eq(pdn_version(), PACKAGE_VERSION);
}
END_TEST

Suite *
core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_code_names_are_stable);
    tcase_add_test(tc, test_error_first_wins);
    tcase_add_test(tc, test_error_source_keeps_right_end);
    tcase_add_test(tc, test_quote_escapes_and_cuts);
    tcase_add_test(tc, test_buf_grows_and_terminates);
    tcase_add_test(tc, test_alloc_hook_fails_nth);
    tcase_add_test(tc, test_utoa_writes_decimal);
    tcase_add_test(tc, test_version_matches_package);
    suite_add_tcase(s, tc);
    return s;
}
