/* SPDX-License-Identifier: MIT */
/* Unit tests for the notation module. */
#include "suites.h"

Suite *
notation_suite(void)
{
    Suite *s = suite_create("notation");
    return s;
}
