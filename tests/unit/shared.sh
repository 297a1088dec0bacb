#!/bin/sh
# SPDX-License-Identifier: MIT
# The unit tests that read ../shared (check_pdn --shared): skipped (77)
# when the folder is absent, failed when a file they name is missing.
exec "${top_builddir:-.}/tests/unit/check_pdn" --shared
