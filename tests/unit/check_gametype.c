/* SPDX-License-Identifier: MIT */
/* Unit tests for the gametype module. */
#include "suites.h"

Suite *
gametype_suite(void)
{
    Suite *s = suite_create("gametype");
    return s;
}
