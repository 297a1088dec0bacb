#!/bin/sh
# SPDX-License-Identifier: MIT
# Mutation testing: tests/mutate/run.sh [SRCDIR [LIST]] (make mutate).
# Copies the source tree to a temporary directory (outside the project, so
# that ../shared is absent: every mutation must be caught by tests that
# ship with pdntools), builds it and checks that make check passes. Then,
# for each line "NAME FILE SED-SCRIPT" of LIST (tests/mutate/mutations.list),
# it applies the sed script to FILE, rebuilds and runs make check, which
# must fail (the mutation is "killed"), and puts FILE back. Prints the
# tests that caught each mutation, then the score and the survivors.
# Environment: MUTATIONS="name ..." runs only those; JOBS (default 2);
# KEEP=1 keeps the copy. Exit status: 0 when every mutation is killed, 1
# when one survives, 2 when the list or the unmutated build is broken.
set -eu
src=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
list=${2:-$src/tests/mutate/mutations.list}
jobs=${JOBS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnmutate.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT HUP INT TERM
tree=$work/tree
unset PDN_SHARED

say() { printf '%s\n' "$*"; }
die() { say "mutate: $*" >&2; exit 2; }

# The copy: the files git knows (with their working-tree changes), or the
# whole tree for a tarball.
mkdir "$tree"
if [ -d "$src/.git" ] || [ -f "$src/.git" ]; then
    (cd "$src" && git ls-files --cached --others --exclude-standard) |
        while IFS= read -r f; do
            [ -e "$src/$f" ] || continue
            mkdir -p "$tree/$(dirname "$f")"
            cp -P "$src/$f" "$tree/$f"
        done
else
    cp -R "$src/." "$tree/"
    (cd "$tree" && { make distclean >/dev/null 2>&1 || true; })
fi

cd "$tree"
say "mutate: building a copy in $tree"
{ autoreconf -fi && ./configure CFLAGS="-O2 -g0" && make -j"$jobs"; } \
    >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; die "the unmutated tree does not build"; }
t0=$(date +%s)
make -j"$jobs" check >"$work/check.log" 2>&1 ||
    { grep -h '^FAIL' "$work/check.log" >&2 || true; die "make check fails without a mutation"; }
say "mutate: make check passes unmutated ($(($(date +%s) - t0)) s)"

# The tests that failed in the last make check, and the Check cases that
# failed in the unit test program.
failed_tests() {
    find tests -name '*.trs' -exec grep -l '^:test-result: \(FAIL\|ERROR\)' {} + 2>/dev/null |
        sed 's/\.trs$//' | sort | tr '\n' ' '
    sed -n 's/^[^:]*:[0-9]*:[FE]:[^:]*:\([a-z0-9_]*\):.*/\1/p' tests/unit/check_pdn.log 2>/dev/null |
        sort -u | tr '\n' ' '
}

total=0
killed=0
survivors=
while read -r name file script; do
    case $name in ''|'#'*) continue ;; esac
    [ -z "${MUTATIONS:-}" ] || case " $MUTATIONS " in *" $name "*) ;; *) continue ;; esac
    [ -f "$file" ] || die "$name: no file $file"
    cp -p "$file" "$work/orig"
    sed -e "$script" "$work/orig" >"$file"
    if cmp -s "$work/orig" "$file"; then
        cp -p "$work/orig" "$file"
        die "$name: the sed script does not change $file"
    fi
    total=$((total + 1))
    t0=$(date +%s)
    if ! make -j"$jobs" >"$work/build.log" 2>&1; then
        cp -p "$work/orig" "$file"
        tail -5 "$work/build.log" >&2
        die "$name: the mutated tree does not build (fix the list)"
    fi
    set +e
    make -j"$jobs" check >"$work/check.log" 2>&1
    st=$?
    set -e
    if [ "$st" -ne 0 ]; then
        killed=$((killed + 1))
        say "killed   $name ($(($(date +%s) - t0)) s): $(failed_tests)"
    else
        survivors="$survivors $name"
        say "SURVIVED $name ($(($(date +%s) - t0)) s)"
    fi
    cp "$work/orig" "$file"
    touch "$file"
done <"$list"
[ "$total" -gt 0 ] || die "no mutation selected"
make -j"$jobs" >/dev/null 2>&1 || true
say "mutation score: $killed/$total killed"
[ -z "$survivors" ] || { say "survivors:$survivors"; exit 1; }
exit 0
