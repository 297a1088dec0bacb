/* SPDX-License-Identifier: MIT */
/* Unit tests for the rules module. */
#include "suites.h"

Suite *
rules_suite(void)
{
    Suite *s = suite_create("rules");
    return s;
}
