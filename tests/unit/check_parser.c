/* SPDX-License-Identifier: MIT */
/* Unit tests for the parser module. */
#include "suites.h"

Suite *
parser_suite(void)
{
    Suite *s = suite_create("parser");
    return s;
}
