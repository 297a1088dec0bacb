#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Line and branch coverage of lib/ from gcovr's JSON report (make coverage).

Prints the figures for all of lib/, then the branch figure without the
board-size-specialised scanners of lib/rules/movegen.c: the ALWAYS_INLINE helpers
from its ALWAYS_INLINE definition up to gen_fail. The compiler makes one
copy of them per word count (2, 3 and PDNP_WORDS words of cells) and per
caller (scan_list, scan_count, the capture tests), and gcov counts every
branch of every copy on the same source line, so each source branch there
is counted up to six times, and the copies for word counts that no board
of the tests uses are never run. Those lines stay in the line figure.
Usage: coverage-summary.py REPORT.json SRCDIR
"""
import json
import sys


def inline_region(path):
    """First and last line of movegen.c's specialised scanners."""
    first = last = 0
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if first == 0 and line.startswith("#define ALWAYS_INLINE"):
                first = n
            if first and line.startswith("/* Reports a failed generation"):
                last = n - 1
                break
    if first == 0 or last == 0:
        sys.exit("coverage-summary: scanner region of lib/rules/movegen.c not found")
    return first, last


def main():
    report, srcdir = sys.argv[1], sys.argv[2]
    first, last = inline_region(srcdir + "/lib/rules/movegen.c")
    lines = [0, 0]
    branches = [0, 0]
    rest = [0, 0]
    with open(report, encoding="utf-8") as f:
        data = json.load(f)
    for entry in data["files"]:
        inline = entry["file"].endswith("lib/rules/movegen.c")
        for line in entry["lines"]:
            if line.get("gcovr/noncode"):
                continue
            lines[0] += 1
            lines[1] += line["count"] > 0
            b = line.get("branches", [])
            taken = sum(1 for x in b if x["count"] > 0)
            branches[0] += len(b)
            branches[1] += taken
            if not (inline and first <= line["line_number"] <= last):
                rest[0] += len(b)
                rest[1] += taken

    def pct(p):
        return 100.0 * p[1] / p[0] if p[0] else 100.0

    print("lib/ lines:    %5.1f%% (%d of %d)" % (pct(lines), lines[1], lines[0]))
    print("lib/ branches: %5.1f%% (%d of %d)"
          % (pct(branches), branches[1], branches[0]))
    print("lib/ branches without movegen.c's specialised scanners "
          "(lines %d-%d): %5.1f%% (%d of %d)"
          % (first, last, pct(rest), rest[1], rest[0]))


if __name__ == "__main__":
    main()
