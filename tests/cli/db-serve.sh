#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db serve on a free loopback port, over a database of the samples:
# hostile requests (paths out of its assets, %2e%2e and %00, huge and
# malformed parameters, bad FENs, junk that is not HTTP, idle connections,
# 600 requests from 24 clients at once; all bounded) get JSON errors and
# leave it answering right; a query over its time limit is interrupted
# with a JSON error; the database file is not written; SIGTERM stops it.
# With Chromium, the page in a headless browser (db-serve.py browser):
# the tree walked by clicks, a game opened and stepped, a FEN pasted, a
# filter applied, an error shown. Skipped (77) when pdn-db or its server
# was not built, or without python3.
. "${top_srcdir:-.}/tests/cli/setup.sh"

command -v pdn-db >/dev/null 2>&1 || { echo "SKIP: pdn-db not built (no SQLite)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
if pdn-db serve --help 2>&1 | grep -q 'without libmicrohttpd'; then
    echo "SKIP: pdn-db serve not built (no libmicrohttpd)"
    exit 77
fi
py="$top_srcdir/tests/cli/db-serve.py"
cd "$tmp"

# start DB [OPTION]...: a server in the background; $pid, $port
start() {
    db=$1
    shift
    pdn-db serve --port 0 "$@" "$db" 2> serve.err &
    pid=$!
    port=
    i=0
    while [ -z "$port" ] && [ $i -lt 1200 ]; do
        sleep 0.1
        port=$(sed -n 's|^pdn-db: serving .* on http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' serve.err)
        i=$((i + 1))
    done
    if [ -z "$port" ]; then
        echo "FAIL: the server did not start: $(cat serve.err)" >&2
        kill "$pid" 2>/dev/null || true
        exit 1
    fi
}

# stop: SIGTERM ends it with status 0
stop() {
    kill -TERM "$pid"
    set +e
    wait "$pid"
    st=$?
    set -e
    if [ "$st" != 0 ]; then
        echo "FAIL: the server ended with status $st on SIGTERM" >&2
        fail=1
    fi
}

pdn-db create -q s.db "$top_srcdir"/samples/*.pdn 2> /dev/null || true
# the first start brings the explorer's index up to date
start s.db
stop
sum=$(cksum < s.db)
start s.db --threads 4 --connections 64
python3 "$py" hostile "$port" || fail=1
kill -0 "$pid" 2>/dev/null || { echo "FAIL: the server died" >&2; exit 1; }
browser=$(find_browser)
if [ -n "$browser" ]; then
    set +e
    python3 "$py" browser "$port" "$tmp" "$browser"
    st=$?
    set -e
    [ "$st" = 0 ] || [ "$st" = 77 ] || fail=1
    kill -0 "$pid" 2>/dev/null || { echo "FAIL: the server died" >&2; exit 1; }
else
    echo "note: no Chromium: the browser part is skipped"
fi
stop
if grep -q 'runtime error\|AddressSanitizer\|LeakSanitizer' serve.err; then
    echo "FAIL: the server's sanitizer reports:" >&2
    grep -m 5 'runtime error\|Sanitizer' serve.err >&2
    fail=1
fi
[ "$(cksum < s.db)" = "$sum" ] || { echo "FAIL: the server wrote to its database" >&2; fail=1; }

# a query over the time limit: interrupted, answered with a JSON error
i=0
while [ $i -lt 100 ]; do
    cat "$top_srcdir"/samples/*.pdn
    i=$((i + 1))
done > many.pdn
pdn-db create -q many.db many.pdn 2> /dev/null || true
start many.db --time-limit 1
python3 - "$port" <<'EOF' || fail=1
import http.client, json, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=120)
# a tag of no column: every game's tags are read (some milliseconds)
c.request("GET", "/api/search?tag=" + "Site%3D(a|b|c|d|e)*z" + "&limit=500")
r = c.getresponse()
body = json.loads(r.read())
if r.status != 503 or "took too long" not in body.get("error", ""):
    print("FAIL: a query over the time limit: %d %s" % (r.status, body), file=sys.stderr)
    sys.exit(1)
EOF
stop

# a bad address, a busy port, no database
expect_status 2 pdn-db serve --bind 'not-an-address' s.db
expect_status 2 pdn-db serve --port 70000 s.db
expect_status 2 pdn-db serve no-such.db
exit $fail
