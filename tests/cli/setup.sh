# SPDX-License-Identifier: MIT
# Sourced by every CLI test: strict shell, C locale, a private temporary
# directory removed on exit, and the locations of the trees.
set -eu
LC_ALL=C
export LC_ALL
: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdntest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
fail=0

# The shared reference folder beside the source tree, or $PDN_SHARED.
shared_dir() {
    if [ -n "${PDN_SHARED:-}" ] && [ -d "$PDN_SHARED" ]; then
        echo "$PDN_SHARED"
    elif [ -d "$top_srcdir/../shared" ]; then
        (cd "$top_srcdir/../shared" && pwd)
    fi
}

# Skips the test (exit 77) when the shared folder is absent.
need_shared() {
    shared=$(shared_dir)
    if [ -z "$shared" ]; then
        echo "SKIP: ../shared not found"
        exit 77
    fi
}

# expect_status WANT CMD...: runs CMD with stdout/stderr to $tmp/out and
# $tmp/err and records a failure when its exit status is not WANT.
expect_status() {
    want=$1
    shift
    set +e
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    set -e
    if [ "$got" != "$want" ]; then
        echo "FAIL: '$*' exited $got, expected $want" >&2
        sed 's/^/  stderr: /' "$tmp/err" | head -5 >&2
        fail=1
        return 1
    fi
    return 0
}

# sanitized TOOL: true when TOOL (found on PATH; through a libtool wrapper,
# the program in .libs beside it) was built with ASan or UBSan, whose
# memory use no limit of a test is meant for.
sanitized() {
    _bin=$(command -v "$1") || return 1
    if [ "$(head -c 2 "$_bin")" = "#!" ]; then
        for _b in "$(dirname "$_bin")/.libs/lt-$1" "$(dirname "$_bin")/.libs/$1"; do
            [ -f "$_b" ] && _bin=$_b && break
        done
    fi
    grep -qa '__asan_init\|__ubsan_handle' "$_bin" 2>/dev/null
}

# untime FILE...: drops the seconds of the closing summary ("... in 0.3 s"),
# which are the clock's, from captured output before two runs are compared.
untime() {
    local f
    for f in "$@"; do
        sed 's/ in [0-9.]* s$//' "$f" > "$f.untimed" && mv "$f.untimed" "$f"
    done
}

# find_browser: the headless browser the page tests drive (Chromium: its
# names in Debian and elsewhere), printed; nothing when none is installed,
# when python3 (which drives it, tests/cli/chromium.py) is missing, or
# when PDN_NO_BROWSER is set (a package build has none to start).
find_browser() {
    [ -z "${PDN_NO_BROWSER:-}" ] || return 0
    command -v python3 >/dev/null 2>&1 || return 0
    for _b in chromium chromium-browser google-chrome; do
        if command -v "$_b" >/dev/null 2>&1; then
            echo "$_b"
            return 0
        fi
    done
}

# page_result URL OUT [--FLAG]...: opens URL in $browser (Chromium's
# FLAGs added: --window-size=W,H, --force-dark-mode), waits for the page's
# element #result (600 s at most: the event, not a fixed time) and writes
# its text to OUT, a line end added, no-break spaces as spaces; status 1,
# with a message, when the browser could not be driven
page_result() {
    _url=$1 _out=$2
    shift 2
    if ! python3 "$top_srcdir/tests/cli/chromium.py" "$browser" "$@" \
            result "$_url" "$_out"; then
        echo "FAIL: $browser could not be driven (tests/cli/chromium.py)" >&2
        return 1
    fi
    { cat "$_out"; echo; } | sed 's/\xc2\xa0/ /g' >"$_out.tmp" &&
        mv "$_out.tmp" "$_out"
}
