/* SPDX-License-Identifier: MIT */
/* Unit tests for the match module. */
#include "suites.h"

Suite *
match_suite(void)
{
    Suite *s = suite_create("match");
    return s;
}
