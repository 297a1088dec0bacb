#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python module against the C tool on OCA (22,621 games): reading only,
# reading and replaying every ply (the variant inferred, and given), and
# pdn-legal -j 1 on the same file (inferring, and with -g english). Median
# CPU seconds (user + system: the figures stay comparable on a shared
# machine) of BENCH_RUNS runs (default 5) and the ratio module / tool.
#   bench/python.sh [BUILDDIR [SRCDIR]]     (make bench runs it)
set -euo pipefail
build=${1:-$(pwd)}
src=${2:-$(cd "$(dirname "$0")/.." && pwd)}
runs=${BENCH_RUNS:-5}
shared=${PDN_SHARED:-$src/../shared}
oca=$shared/corpus/english/oca__OCA_2.0.pdn
[ -f "$oca" ] || { echo "python bench: $oca not found (set PDN_SHARED)" >&2; exit 77; }
command -v python3 >/dev/null || { echo "python bench: no python3" >&2; exit 77; }
. "$src/bench/tools.sh"
bench_tools python "$build" pdn-legal
PDNTOOLS_LIBPDN=$build/lib/.libs/libpdn.so
PYTHONPATH=$src/python
export PDNTOOLS_LIBPDN PYTHONPATH
work=$(mktemp "${TMPDIR:-/tmp}/pdnpybench.XXXXXX")
trap 'rm -f "$work" "$work.py"' EXIT

# median CMD...: the median CPU time (user + system) of $runs runs.
median() {
    local i
    for i in $(seq "$runs"); do
        "$timebin" -f '%U %S' -o "$work" "$@" >/dev/null 2>&1 || true
        awk '{ print $1 + $2 }' "$work"
    done | sort -n | awk -v n="$runs" '{ t[NR] = $1 }
        END { printf "%.3f", t[int((n + 1) / 2)] }'
}

cat >"$work.py" <<'PY'
import sys, pdntools
mode, path = sys.argv[1], sys.argv[2]
gt = "english" if mode.endswith("given") else None
plies = 0
for g in pdntools.read(path, gametype=gt):
    if mode.startswith("check"):
        g.check()
    elif mode != "read":
        for p in g.replay(strict=False):
            plies += 1
PY
c_inf=$(median "$tools/pdn-legal" -j 1 "$oca")
c_gt=$(median "$tools/pdn-legal" -j 1 -g english "$oca")
p_read=$(median python3 "$work.py" read "$oca")
p_inf=$(median python3 "$work.py" infer "$oca")
p_gt=$(median python3 "$work.py" given "$oca")
k_inf=$(median python3 "$work.py" check "$oca")
k_gt=$(median python3 "$work.py" check-given "$oca")
printf '%-40s %8s %7s\n' "OCA (11.5 MB, 22,621 games)" "CPU s" ratio
printf '%-40s %8s\n' "pdn-legal -j 1" "$c_inf"
printf '%-40s %8s\n' "pdn-legal -j 1 -g english" "$c_gt"
printf '%-40s %8s\n' "python: read every game" "$p_read"
printf '%-40s %8s %7s\n' "python: read + replay (variant inferred)" "$p_inf" \
    "$(awk -v a="$p_inf" -v b="$c_inf" 'BEGIN { printf "%.1fx", a / b }')"
printf '%-40s %8s %7s\n' "python: read + replay (gametype=english)" "$p_gt" \
    "$(awk -v a="$p_gt" -v b="$c_gt" 'BEGIN { printf "%.1fx", a / b }')"
printf '%-40s %8s %7s\n' "python: read + check() (inferred)" "$k_inf" \
    "$(awk -v a="$k_inf" -v b="$c_inf" 'BEGIN { printf "%.1fx", a / b }')"
printf '%-40s %8s %7s\n' "python: read + check() (english)" "$k_gt" \
    "$(awk -v a="$k_gt" -v b="$c_gt" 'BEGIN { printf "%.1fx", a / b }')"
