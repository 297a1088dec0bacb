/* SPDX-License-Identifier: MIT */
/* Unit tests for the writer module. */
#include "suites.h"

Suite *
writer_suite(void)
{
    Suite *s = suite_create("writer");
    return s;
}
