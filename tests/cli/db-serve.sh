#!/bin/sh
# SPDX-License-Identifier: MIT
# pdn-db serve on a free loopback port, over a database of the samples:
# hostile requests (paths out of its assets, %2e%2e and %00, huge and
# malformed parameters, bad FENs, junk that is not HTTP, idle connections,
# 600 requests from 24 clients at once; all bounded) get JSON errors and
# leave it answering right; answers while the database changes equal
# pdn-db explore's (db-serve.py changes); hostile load (db-serve.py load: 200 slow
# clients beside 8 normal requests, garbage, Expect: 100-continue, Host
# names, costly regexes, no path in the JSON); IPv6 (::1); the access log;
# a query over its time limit is interrupted with a JSON error; a
# database without the explorer's index is refused, not indexed; the
# database file is not written; SIGTERM stops it.
# With Chromium, the page in a headless browser (db-serve.py browser):
# the tree walked by clicks, a game opened and stepped, a FEN pasted, a
# filter applied, an error shown; with --enable-wasm, moves played on the
# analysis board walk the explorer (db-board.py). Skipped (77) when pdn-db or its server
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
        port=$(sed -n 's|^pdn-db: serving .* on http://\(127\.0\.0\.1\)*\(\[::1\]\)*:\([0-9]*\)/$|\3|p' serve.err)
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
# no explorer's index: serve says what to run and leaves the file alone
sum=$(cksum < s.db)
set +e
pdn-db serve --port 0 s.db 2> noindex.err
st=$?
set -e
[ "$st" = 2 ] || { echo "FAIL: serve without an index: status $st" >&2; fail=1; }
grep -q 'pdn-db explore --index' noindex.err ||
    { echo "FAIL: serve without an index does not say what to run: $(cat noindex.err)" >&2; fail=1; }
[ "$(cksum < s.db)" = "$sum" ] || { echo "FAIL: serve wrote the index into its database" >&2; fail=1; }
pdn-db explore --index s.db > /dev/null
sum=$(cksum < s.db)
start "$PWD/s.db" --threads 4 --connections 64 --per-ip 64 --access-log access.log
python3 "$py" hostile "$port" || fail=1
kill -0 "$pid" 2>/dev/null || { echo "FAIL: the server died" >&2; exit 1; }
grep -q '^[0-9TZ:-]* 127\.0\.0\.1 "GET /api/explore" 200 [0-9]* [0-9.]*ms$' access.log ||
    { echo "FAIL: no access log line for GET /api/explore" >&2; fail=1; }
grep -q '"GET /api/nothing" 404 ' access.log ||
    { echo "FAIL: no access log line for a 404" >&2; fail=1; }
stop
# /api/engine: none without --engine; with pdn-test-engine, positions
# evaluated and their best lines legal; one search at a time (a silent
# engine's search holds the others off with 503)
start "$PWD/s.db"
python3 "$py" engine "$port" none || fail=1
stop
eng="$top_builddir/tests/engine/pdn-test-engine"
if [ -x "$eng" ]; then
    start "$PWD/s.db" --engine "$eng hub" --depth 3
    python3 "$py" engine "$port" || fail=1
    stop
    start "$PWD/s.db" --engine "$eng hub --silent" --move-time 0.1
    python3 "$py" engine "$port" busy || fail=1
    stop
    expect_status 2 pdn-db serve --engine "'unterminated" s.db
    expect_status 2 pdn-db serve --depth 3 s.db
else
    echo "note: no tests/engine/pdn-test-engine: /api/engine is not tried"
fi
# the page in Chromium, over 100 copies of the samples (game search pages)
i=0
while [ $i -lt 100 ]; do
    cat "$top_srcdir"/samples/*.pdn
    i=$((i + 1))
done > many.pdn
pdn-db create -q many.db many.pdn 2> /dev/null || true
pdn-db explore --index many.db > /dev/null
browser=$(find_browser)
if [ -n "$browser" ]; then
    if [ -x "$eng" ]; then
        start many.db --engine "$eng hub" --depth 3
    else
        start many.db
    fi
    set +e
    python3 "$py" browser "$port" "$tmp" "$browser"
    st=$?
    # the analysis board (--enable-wasm): moves played on it walk the
    # explorer, under the page's Content-Security-Policy
    python3 "$top_srcdir/tests/cli/db-board.py" "$browser" \
        "http://127.0.0.1:$port/" "$tmp"
    st2=$?
    set -e
    [ "$st" = 0 ] || [ "$st" = 77 ] || fail=1
    [ "$st2" = 0 ] || [ "$st2" = 77 ] || fail=1
    kill -0 "$pid" 2>/dev/null || { echo "FAIL: the server died" >&2; exit 1; }
    stop
else
    echo "note: no Chromium: the browser part is skipped"
fi
if grep -q 'runtime error\|AddressSanitizer\|LeakSanitizer' serve.err; then
    echo "FAIL: the server's sanitizer reports:" >&2
    grep -m 5 'runtime error\|Sanitizer' serve.err >&2
    fail=1
fi
[ "$(cksum < s.db)" = "$sum" ] || { echo "FAIL: the server wrote to its database" >&2; fail=1; }

# a position's latest games are its own: 12 games of 4 first moves, one
# a year; with top=1 the start lists the 10 latest of all 12
python3 - > years.pdn <<'EOF'
lines = ["9-13 22-18", "10-14 22-18", "11-15 23-19", "12-16 24-20"]
for i in range(12):
    print('[Event "e%d"]\n[Date "%d.01.01"]\n[White "w%d"]\n[Black "b%d"]\n'
          '[Result "1-0"]\n[GameType "21"]\n\n1. %s 1-0\n'
          % (i, 1990 + i, i, i, lines[i % 4]))
EOF
pdn-db create -q y.db years.pdn "$top_srcdir"/samples/international.pdn 2> /dev/null || true
pdn-db explore --index y.db > /dev/null
start y.db
python3 - "$port" <<'EOF' || fail=1
import http.client, json, sys, urllib.parse
def get(path):
    c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
    c.request("GET", path)
    r = c.getresponse()
    return r.status, json.loads(r.read())
bad = 0
st, j = get("/api/explore?top=1")
years = [g["year"] for g in j["position"]["top"]]
if st != 200 or years != list(range(2001, 1991, -1)):
    print("FAIL: the start's latest games: %s" % years, file=sys.stderr)
    bad = 1
if any(len(m["top"]) != 1 for m in j["moves"]):
    print("FAIL: top=1 lists more per move", file=sys.stderr)
    bad = 1
# the illegal move of a line is named, whatever other variants make of it
st, j = get("/api/explore?moves=" + urllib.parse.quote("11-15 23-19 8-11 22-17 9-9"))
if st != 400 or "'9-9'" not in j.get("error", ""):
    print("FAIL: an illegal fifth move: %d %s" % (st, j), file=sys.stderr)
    bad = 1
sys.exit(bad)
EOF
stop

# a changing database: a client polls while games are added, the index
# rebuilt and the file replaced; every answer is pdn-db explore's for a
# state the file was in meanwhile, or a 503 to retry
cp s.db c.db
i=0
while [ $i -lt 30 ]; do
    cat "$top_srcdir"/samples/*.pdn
    i=$((i + 1))
done > more.pdn
pdn-db create -q d.db "$top_srcdir"/samples/international.pdn 2> /dev/null || true
pdn-db explore --index d.db > /dev/null
start c.db
python3 "$py" changes "$port" c.db more.pdn d.db || fail=1
stop

# hostile load: slow clients from 127.0.0.2, garbage, Expect, Host
# names, costly regexes, the path kept out of JSON; a header timeout of
# 600 s, so that an answer that waited for it cannot pass for one given
# at once, however loaded the machine
start "$PWD/s.db" --header-timeout 600
python3 "$py" load "$port" || fail=1
stop
# the slow clients cut once a header timeout of 3 s has passed
start "$PWD/s.db" --header-timeout 3
python3 "$py" slowcut "$port" || fail=1
stop
# IPv6, when this machine has ::1
if python3 -c 'import socket; s = socket.socket(socket.AF_INET6); s.bind(("::1", 0))' 2>/dev/null; then
    start s.db --bind ::1
    python3 - "$port" <<'EOF' || fail=1
import http.client, json, sys
c = http.client.HTTPConnection("::1", int(sys.argv[1]), timeout=10)
c.request("GET", "/api/explore?top=0")
r = c.getresponse()
if r.status != 200 or "position" not in json.loads(r.read()):
    print("FAIL: over IPv6: status %d" % r.status, file=sys.stderr)
    sys.exit(1)
EOF
    stop
else
    echo "note: no IPv6 loopback: --bind ::1 not tried"
fi
# an address of another machine: a warning before anything listens
# (192.0.2.1, an address for documentation, is not this machine's)
set +e
pdn-db serve --port 0 --bind 192.0.2.1 s.db 2> far.err
set -e
grep -q 'warning: 192.0.2.1 is not a loopback address' far.err ||
    { echo "FAIL: no warning for a non-loopback --bind: $(cat far.err)" >&2; fail=1; }

# a query over the time limit: interrupted, answered with a JSON error
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

# the variant of /api/search and of explore is one variant, as pdn-db
# search -K's: a Russian game and a towers game (Russian's numbers and a
# name) apart
printf '[GameType "25"]\n[Result "*"]\n\n1. c3-d4 *\n\n[GameType "25,W,8,8,A0,0,towers"]\n[Result "*"]\n\n1. c3-d4 *\n' > k.pdn
pdn-db create -q k.db k.pdn
pdn-db explore --index k.db > /dev/null
pdn-db explore -f json -K 25,W,8,8,A0,0,towers k.db | grep -q '"variant":"towers"' ||
    { echo "FAIL: pdn-db explore -K of towers: not the towers node" >&2; fail=1; }
start k.db
for v in 25 25,W,8,8,A0,0,towers; do
    want=$(pdn-db search -k -K "$v" k.db)
    [ "$want" = 1 ] || { echo "FAIL: pdn-db search -k -K $v: $want, not 1" >&2; fail=1; }
    python3 - "$port" "$v" "$want" <<'EOF' || fail=1
import http.client, json, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=600)
c.request("GET", "/api/search?variant=" + sys.argv[2])
r = c.getresponse()
body = json.loads(r.read())
if r.status != 200 or str(body.get("count")) != sys.argv[3]:
    print("FAIL: /api/search?variant=%s: %d %s; pdn-db search -K counts %s"
          % (sys.argv[2], r.status, body, sys.argv[3]), file=sys.stderr)
    sys.exit(1)
EOF
done
stop

# a bad address, a busy port, no database
expect_status 2 pdn-db serve --bind 'not-an-address' s.db
expect_status 2 pdn-db serve --port 70000 s.db
expect_status 2 pdn-db serve no-such.db
exit $fail
