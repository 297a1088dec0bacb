/* SPDX-License-Identifier: MIT */
/* Unit tests for the reader module. */
#include "suites.h"

Suite *
reader_suite(void)
{
    Suite *s = suite_create("reader");
    return s;
}
