/* SPDX-License-Identifier: MIT */
/* Unit tests for the lexer module. */
#include "suites.h"

Suite *
lexer_suite(void)
{
    Suite *s = suite_create("lexer");
    return s;
}
