# SPDX-License-Identifier: MIT
# Sourced by the bench scripts. bench_tools NAME BUILD TOOL...: sets
# $tools to the directory of the built TOOLs (the real programs: in a build
# tree the libtool wrapper scripts' start-up, ~10 ms, would swamp small
# inputs) and $timebin to GNU time; exits 2 when one is missing.
bench_tools() {
    _name=$1 _build=$2
    shift 2
    tools=$_build/tools
    for _t in "$@"; do
        [ -x "$tools/$_t" ] || { echo "$_name: $tools/$_t not built" >&2; exit 2; }
    done
    if [ -d "$tools/.libs" ] && [ -x "$tools/.libs/$1" ]; then
        tools=$tools/.libs
        LD_LIBRARY_PATH=$_build/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
    fi
    timebin=/usr/bin/time
    [ -x "$timebin" ] || { echo "$_name: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }
}
