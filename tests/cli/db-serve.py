# SPDX-License-Identifier: MIT
"""Drives pdn-db serve for tests/cli/db-serve.sh, with python3's standard
library only.

  db-serve.py hostile PORT      hostile and concurrent requests (bounded)
  db-serve.py load PORT         hostile load, to a server whose header
                                timeout is long (600 s): slow clients
                                (slowloris) do not hold normal requests
                                back; garbage, Expect: 100-continue,
                                costly regexes answered without waiting
                                for a timeout; the Host allow-list; no
                                path in the JSON
  db-serve.py slowcut PORT      slow clients, to a server whose header
                                timeout is short (3 s): each is cut
  db-serve.py changes PORT DB ADD REPLACEMENT
                                a client polls /api/explore while ADD is
                                added to DB, its index rebuilt, and DB
                                replaced by REPLACEMENT (an indexed
                                database): every answer equals pdn-db
                                explore's for a state DB was in while the
                                request ran, or is a 503 to retry
  db-serve.py engine PORT [busy|none]
                                /api/engine: with pdn-db serve --engine
                                (tests/engine/pdn-test-engine), the
                                evaluation and best line of positions,
                                legal (pdn-legal checks the line), bad
                                requests refused; busy: a server whose
                                engine never answers gives another request
                                503 with Retry-After meanwhile (one search
                                at a time); none: a server without
                                --engine answers 404
  db-serve.py browser PORT DIR BROWSER
                                headless Chromium (BROWSER: as setup.sh's
                                find_browser names it) over its DevTools
                                protocol (tests/cli/chromium.py): walks
                                the tree by clicks, opens a game, pastes
                                a FEN; screenshots in DIR

Prints one line per failure and exits 1 when there was one."""
import http.client
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def raw(port, data, timeout=5.0):
    """Sends bytes as they are; the answer's status and body (or None)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        s.sendall(data)
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            out += chunk
            if len(out) > 1 << 22:
                break
    finally:
        s.close()
    if not out.startswith(b"HTTP/1."):
        return None, out
    head, _, body = out.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


def get(port, path, method="GET", headers=None, host="127.0.0.1"):
    c = http.client.HTTPConnection(host, port, timeout=120)
    h = {"Connection": "close"}
    h.update(headers or {})
    try:
        c.request(method, path, headers=h)
        r = c.getresponse()
        return r.status, r.read(), r.getheader("Content-Type")
    finally:
        c.close()


def expect_json_error(port, path, codes, what, method="GET"):
    st, body, ctype = get(port, path, method)
    if st not in codes:
        fail("%s: status %d, expected %s" % (what, st, codes))
        return
    try:
        j = json.loads(body)
    except ValueError:
        fail("%s: not JSON: %r" % (what, body[:80]))
        return
    if "error" not in j or not ctype.startswith("application/json"):
        fail("%s: no error message: %r" % (what, body[:80]))


def hostile(port):
    q = urllib.parse.quote
    # paths out of the assets, as sent (curl and browsers would fold them)
    for p in [b"/../../etc/passwd", b"/%2e%2e/%2e%2e/etc/passwd",
              b"/explore.js/../../../etc/passwd", b"/..%2f..%2fetc%2fpasswd",
              b"//etc/passwd", b"/index.html%00.js", b"/web/index.html",
              b"/tools/db/web/explore.js", b"/.", b"/%", b"/api/../index.html"]:
        st, body = raw(port, b"GET " + p + b" HTTP/1.1\r\nHost: localhost\r\n"
                       b"Connection: close\r\n\r\n")
        if st == 200 or (body and b"root:" in body):
            fail("path %r: status %s" % (p, st))
    # the parameters: malformed, unknown, too long, bad values
    cases = [
        ("/api/explore?fen=" + q("W:Wzz"), "bad FEN"),
        ("/api/explore?fen=" + q("X:W1:B2"), "bad turn"),
        ("/api/explore?fen=" + q("W:W99:B1"), "square off the board"),
        ("/api/explore?moves=" + q("11-15 11-15") + "&variant=english",
         "illegal move"),
        ("/api/explore?moves=" + q("zz"), "bad move"),
        ("/api/explore?fen=" + "W:W" + "1," * 600, "long FEN"),
        ("/api/explore?foo=1", "unknown parameter"),
        ("/api/explore?" + "&".join("fen=x" for _ in range(40)),
         "too many parameters"),
        ("/api/explore?player=" + q("("), "bad regex"),
        ("/api/explore?date=" + q("1990..19x9"), "bad date"),
        ("/api/explore?result=" + q("3-3"), "bad result"),
        ("/api/explore?variant=" + q("nonesuch"), "bad variant"),
        ("/api/explore?top=999", "top too big"),
        ("/api/explore?top=-1", "top negative"),
        ("/api/explore?fen=" + q("W:W1\x00:B2"), "NUL in FEN"),
        ("/api/game?id=abc", "id not a number"),
        ("/api/game?id=-1", "id negative"),
        ("/api/game?id=99999999999999999999", "id too big"),
        ("/api/game", "no id"),
        ("/api/search?limit=100000", "limit too big"),
        ("/api/search?offset=x", "bad offset"),
        ("/api/nothing", "unknown API"),
        ("/api/explore/../game?id=1", "path in the API"),
    ]
    for path, what in cases:
        expect_json_error(port, path, (400, 404), what)
    expect_json_error(port, "/api/game?id=99999999", (404,), "no such game")
    expect_json_error(port, "/api/explore", (405,), "POST", method="POST")
    expect_json_error(port, "/api/explore", (405,), "DELETE", method="DELETE")
    # a request line and headers over the memory limit: refused whole
    st, _ = raw(port, b"GET /api/explore?fen=" + b"W" * 200000 +
                b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    if st is not None and st < 400:
        fail("huge request line: status %s" % st)
    st, _ = raw(port, b"GET / HTTP/1.1\r\nHost: localhost\r\n" +
                b"".join(b"X-H%d: %s\r\n" % (i, b"v" * 100)
                         for i in range(1000)) + b"Connection: close\r\n\r\n")
    if st is not None and st < 400:
        fail("header flood: status %s" % st)
    for junk in [b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"\x00\x01\x02\xff\r\n\r\n",
                 b"GET / HTTP/9.9\r\n\r\n",
                 b"POST /api/explore HTTP/1.1\r\nHost: localhost\r\nContent-Length: "
                 b"99999999\r\n\r\nabc"]:
        st, _ = raw(port, junk, timeout=3.0)
        if st == 200:
            fail("junk %r answered 200" % junk[:20])
    # idle connections do not stop others from being answered
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(16)]
    st, _, _ = get(port, "/api/explore")
    if st != 200:
        fail("with 16 idle connections: status %d" % st)
    for s in idle:
        s.close()
    # many at once: every answer whole and right
    want = get(port, "/api/explore")[1]
    paths = ["/api/explore", "/", "/explore.js", "/api/explore?fen=bad",
             "/api/game?id=1", "/api/search?limit=5"]
    errors = []

    def worker(n):
        for i in range(25):
            p = paths[(n + i) % len(paths)]
            try:
                st, body, _ = get(port, p)
            except OSError as e:
                errors.append("%s: %s" % (p, e))
                continue
            if p == "/api/explore" and (st != 200 or body != want):
                errors.append("%s: %d, answer differs" % (p, st))
            elif p == "/api/explore?fen=bad" and st != 400:
                errors.append("%s: %d" % (p, st))
            elif p not in ("/api/explore", "/api/explore?fen=bad") and st != 200:
                errors.append("%s: %d" % (p, st))

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for e in errors[:5]:
        fail("concurrent: " + e)
    # still there, still right
    st, body, _ = get(port, "/api/explore")
    if st != 200 or body != want:
        fail("after the hostile requests: status %d" % st)
    print("hostile: %d cases, %d concurrent requests" %
          (len(cases) + 30, 24 * 25))


def timed_raw(port, data, bound, what):
    """raw(), failing when the answer takes longer than bound seconds."""
    t = time.monotonic()
    st, body = raw(port, data, timeout=bound + 5)
    took = time.monotonic() - t
    if took > bound:
        fail("%s: answered after %.1f s (bound %.0f s)" % (what, took, bound))
    return st, body


# How long an answer "at once" may take on a loaded machine: far less than
# the server's header timeout in the load test (600 s), so that an answer
# that waited for the timeout fails, and far more than a busy machine
# needs; the test passes as soon as the answers come.
AT_ONCE = 120


def load(port):
    # a garbage request line: 400 at once (not after the header timeout)
    for junk in [b"GARBAGE LINE HERE\r\n\r\n", b"GET /\r\n\r\n",
                 b"\x01\x02junk \x03 x\r\n\r\n"]:
        st, _ = timed_raw(port, junk, AT_ONCE, "garbage %r" % junk[:12])
        if st != 400:
            fail("garbage %r: status %s, expected 400" % (junk[:12], st))
    # Expect: 100-continue with a body announced: a final answer at once
    for m in [b"GET", b"POST"]:
        st, body = timed_raw(port, m + b" /api/explore HTTP/1.1\r\nHost: "
                             b"localhost\r\nExpect: 100-continue\r\n"
                             b"Content-Length: 10\r\nConnection: close"
                             b"\r\n\r\n", AT_ONCE, "Expect: 100-continue")
        final = 200 if m == b"GET" else 405
        if st == 100:  # then the final answer
            st = int(body.split(b" ", 2)[1]) \
                if body.startswith(b"HTTP/1.1 ") else None
        if st != final:
            fail("%s with Expect: 100-continue: status %s, expected %d"
                 % (m.decode(), st, final))
    # the Host header: this machine's names and addresses only
    for h, want in [("localhost", 200), ("localhost:%d" % port, 200),
                    ("127.0.0.1:%d" % port, 200), ("[::1]:%d" % port, 200),
                    ("LOCALHOST.", 200), ("evil.example", 421),
                    ("evil.example:%d" % port, 421), ("127.0.0.1.evil.example",
                                                       421),
                    ("localhost.evil.example", 421)]:
        st, body, _ = get(port, "/api/explore?top=0", headers={"Host": h})
        if st != want:
            fail("Host: %s: status %d, expected %d" % (h, st, want))
    # a costly regex: refused (400) before it is run; one run would end at
    # the time limit with another status
    q = urllib.parse.quote
    for re_ in ["((a*)*)*\\1\\2", "(a|b)\\1(c)\\2", "(((((((((a)))))))))",
                "a{1,100}b{1,100}c{1,100}", "(a{1,255}){1,255}"]:
        t = time.monotonic()
        st, body, _ = get(port, "/api/explore?player=" + q(re_))
        took = time.monotonic() - t
        if st != 400 or took > AT_ONCE:
            fail("player %r: status %d after %.1f s, expected 400 at once"
                 % (re_, st, took))
    st, body, _ = get(port, "/api/explore?player=" + q("(a|b)*c{2}[\\1]"))
    if st != 200:
        fail("a harmless regex: status %d" % st)
    # the JSON names the database by its file name, not its path
    st, body, _ = get(port, "/api/explore")
    j = json.loads(body)
    if st != 200 or "/" in j["position"]["file"] or \
            any("/" in m["file"] for m in j["moves"]):
        fail("a path in the JSON: %r" % j["position"].get("file"))
    slowloris(port, False)


def slowloris(port, cut):
    """200 slow clients from 127.0.0.2, each trickling a header line, do
    not keep 8 normal requests from 127.0.0.1 unanswered (cut False: the
    server's header timeout is 600 s, they would wait for it); each slow
    one is shut down once the header timeout (cut True: 3 s) has passed."""
    slow = []
    try:
        for _ in range(200):
            s = socket.socket()
            s.bind(("127.0.0.2", 0))
            s.settimeout(5)
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
            except OSError:
                pass  # refused: over the limit per address
            slow.append(s)
    except OSError as e:
        print("note: slowloris skipped (127.0.0.2: %s)" % e)
        for s in slow:
            s.close()
        return

    def trickle():
        for s in slow:
            try:
                s.sendall(b"X-Slow: 1\r\n")
            except OSError:
                pass
    trickle()
    t = time.monotonic()
    for i in range(8):
        try:
            st, _, _ = get(port, "/api/explore?top=0")
        except OSError as e:
            st = str(e)
        if st != 200:
            fail("with 200 slow clients: request %d: %s" % (i + 1, st))
    took = time.monotonic() - t
    if took > AT_ONCE:
        fail("with 200 slow clients: 8 requests took %.1f s" % took)
    if not cut:
        for s in slow:
            s.close()
        print("load: 8 requests in %.2f s beside 200 slow clients" % took)
        return
    # every slow one is cut by the server (EOF or reset), trickling or not
    open_ = set(range(len(slow)))
    end = time.monotonic() + AT_ONCE
    while open_ and time.monotonic() < end:
        trickle()
        # wait (half a second at most: the next trickle) for any to end
        ready, _, _ = select.select([slow[i] for i in open_], [], [], 0.5)
        for s in ready:
            try:
                if s.recv(4096) == b"":
                    open_.discard(slow.index(s))
            except OSError:
                open_.discard(slow.index(s))
    for s in slow:
        s.close()
    if open_:
        fail("%d slow clients still open %d s later" % (len(open_), AT_ONCE))
    print("slowcut: %d slow clients cut" % len(slow))


def cli_answer(db):
    """pdn-db explore -f json DB as the server's answer would hold it:
    (position, moves), or None when it refuses (a stale index)."""
    p = subprocess.run(["pdn-db", "explore", "-f", "json", db],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode == 2:
        return None
    recs = [json.loads(line) for line in p.stdout.splitlines()]
    return json.dumps([recs[0], recs[1:]], sort_keys=True)


def changes(port, db, add, replacement):
    """The server while its database changes: see the module's help."""
    def server_answer():
        t = time.monotonic()
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        c.request("GET", "/api/explore")
        r = c.getresponse()
        body = r.read()
        out = (t, time.monotonic(), r.status, r.getheader("Retry-After"),
               body)
        c.close()
        return out

    def norm(body):
        j = json.loads(body)
        return json.dumps([j["position"], j["moves"]], sort_keys=True)

    states = [cli_answer(db)]          # state i: from times[i] on
    times = [0.0]
    first = server_answer()
    if first[2] != 200 or norm(first[4]) != states[0]:
        fail("changes: before any change, the server differs from "
             "pdn-db explore")
    polls = []
    done = threading.Event()

    def poller():
        while not done.is_set():
            try:
                polls.append(server_answer())
            except OSError as e:
                polls.append((0, 0, str(e), None, b""))
    th = threading.Thread(target=poller)
    th.start()
    # each step: (begins, ends), then the state after it
    steps = []
    for cmd in (["pdn-db", "add", "-q", db, add],
                ["pdn-db", "explore", "--index", db],
                ["mv", replacement, db]):
        t0 = time.monotonic()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
        t1 = time.monotonic()
        if p.returncode != 0:
            fail("changes: %s: status %d: %s" % (" ".join(cmd), p.returncode,
                                                 p.stderr[:200]))
        steps.append((t0, t1))
        states.append(cli_answer(db))
    done.set()
    th.join()
    # after the add the index may be stale (pdn-db explore refuses: None)
    # or brought up to date by the add itself
    if states[2] is None or states[3] is None or states[0] == states[2] or \
            states[2] == states[3]:
        fail("changes: the states are not as expected (three different "
             "answers before the add, after the index, after the mv)")
    # a state is visible from its step's beginning (the step may commit at
    # any time in it) to the end of the next step
    def window(i):
        lo = steps[i - 1][0] if i > 0 else 0.0
        hi = steps[i][1] if i < len(steps) else float("inf")
        return lo, hi
    n503 = 0
    for t0, t1, st, retry, body in polls:
        if st == 503:
            n503 += 1
            if retry is None:
                fail("changes: a 503 without Retry-After")
            continue
        if st != 200:
            fail("changes: status %s" % st)
            continue
        a = norm(body)
        ok = False
        for i, want in enumerate(states):
            lo, hi = window(i)
            if want is not None and a == want and t1 >= lo and t0 <= hi:
                ok = True
        if not ok:
            which = [i for i, w in enumerate(states) if w == a]
            fail("changes: an answer at %.3f-%.3f s equals state %s; the "
                 "steps ran %s" % (t0, t1, which or "none",
                                   ["%.3f-%.3f" % s for s in steps]))
    # once every change is made, the next answer is the last state's
    last = server_answer()
    if last[2] != 200 or norm(last[4]) != states[3]:
        fail("changes: after the changes: status %d, %s" %
             (last[2], "the replacement's answer" if last[2] == 200 and
              norm(last[4]) == states[3] else "not the replacement's answer"))
    print("changes: %d answers while the database changed (%d of them 503)"
          % (len(polls), n503))


# ---- the browser: tests/cli/chromium.py's DevTools client ----

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402


class DevTools(chromium.Page):
    """The page; a wait that never sees its event fails the test."""

    def wait(self, expr, what, timeout=chromium.WAIT):
        if chromium.Page.wait(self, expr, timeout):
            return True
        fail("browser: timed out waiting for " + what)
        return False


READY = ("document.body.getAttribute('data-state') === 'ready' && "
         "document.querySelectorAll('#moves tbody tr').length > 0")


def browser(port, outdir, name):
    if shutil.which(name) is None:
        print("no Chromium")
        return 77
    try:
        with chromium.Browser(name, ["--window-size=1280,800"], DevTools) as d:
            browse(d, port, outdir)
    except OSError as e:
        fail("browser: %s" % e)
    return 1 if failures else 0


def browse(d, port, outdir):
    """the explorer's page at port, walked as a player does"""
    d.call("Emulation.setDeviceMetricsOverride", width=1280, height=800,
           deviceScaleFactor=1, mobile=False)
    api = json.loads(get(port, "/api/explore")[1])
    d.call("Page.navigate", url="http://127.0.0.1:%d/" % port)
    if not d.wait(READY, "the start position"):
        return
    d.shot(os.path.join(outdir, "start.png"))
    rows = d.js("document.querySelectorAll('#moves tbody tr').length")
    if rows != len(api["moves"]):
        fail("browser: %s moves shown, the API gives %d" %
             (rows, len(api["moves"])))
    if d.js("document.getElementById('fen').textContent") != \
            api["position"]["fen"]:
        fail("browser: the start's FEN is not the API's")
    # the score's convention: the first mover's, named
    head = d.js("document.getElementById('scorehead').textContent")
    first = "Black" if api["position"]["first"] == "B" else "White"
    if first not in head:
        fail("browser: the score's head %r does not name %s" % (head, first))
    # the openings beside the moves, as the API names them
    named = 0
    for k, name in enumerate(api["openings"]["moves"]):
        if name:
            named += 1
            row = d.js("document.querySelectorAll('#moves tbody tr')[%d]"
                       ".textContent" % k)
            if name not in row:
                fail("browser: move %d: opening %r not shown (%r)"
                     % (k, name, row))
    # the keyboard: down, right (a move), right (the first), Home, End,
    # left
    def press(k):
        d.js("document.dispatchEvent(new KeyboardEvent('keydown',"
             "{key: %s, bubbles: true}))" % json.dumps(k))

    def crumbs():
        return d.js("Array.prototype.map.call(document.querySelectorAll("
                    "'#path a'), function (a) { return a.textContent; })"
                    ".slice(1).join(' ')")

    def wait_path(want, what):
        d.wait("document.body.getAttribute('data-state') === 'ready' && "
               "Array.prototype.map.call(document.querySelectorAll("
               "'#path a'), function (a) { return a.textContent; })"
               ".slice(1).join(' ') === %s" % json.dumps(want), what)
    m0 = api["moves"][0]["move"]
    press("ArrowDown")
    press("ArrowRight")
    wait_path(m0, "the first move by the keyboard")
    n1 = json.loads(get(port, "/api/explore?moves=" +
                        urllib.parse.quote(m0))[1])
    m1 = n1["moves"][0]["move"]
    press("ArrowRight")
    wait_path(m0 + " " + m1, "the second move by the keyboard")
    press("Home")
    wait_path("", "Home")
    press("End")
    wait_path(m0 + " " + m1, "End: the line walked")
    press("ArrowLeft")
    wait_path(m0, "back a move")
    # a failed request: the path still names the board
    d.js("document.getElementById('player').value = '(';"
         "document.querySelector('#moves tbody tr').click()")
    d.wait("document.getElementById('error').textContent.length > 0",
           "the error of a bad filter")
    if crumbs() != m0 or d.js("document.getElementById('fen')"
                              ".textContent") != n1["position"]["fen"]:
        fail("browser: after a failed request the path is %r, the board "
             "%s" % (crumbs(), d.js("document.getElementById('fen')"
                                     ".textContent")))
    d.js("document.getElementById('player').value = ''")
    press("Home")
    wait_path("", "Home again")
    # game search, 100 a page
    s0 = json.loads(get(port, "/api/search?fen=" +
                        urllib.parse.quote(api["position"]["fen"]) +
                        "&variant=" + urllib.parse.quote(
                            api["position"]["gametype"]) +
                        "&limit=100&offset=100")[1])
    d.js("document.getElementById('search').click()")
    d.wait("document.body.getAttribute('data-state') === 'ready' && "
           "document.getElementById('gameshead').textContent"
           ".indexOf('found') > 0", "the games searched")
    if s0["count"] > 100:
        d.js("document.getElementById('next').click()")
        d.wait("document.body.getAttribute('data-state') === 'ready' && "
               "document.getElementById('games').start === 101",
               "the next 100 games")
        gid1 = d.js("document.querySelector('#games li')"
                    ".getAttribute('data-id')")
        if int(gid1) != s0["games"][0]["id"]:
            fail("browser: games 101-: the first is %s, the API's %s"
                 % (gid1, s0["games"][0]["id"]))
    else:
        fail("browser: only %d games searched: paging not tried"
             % s0["count"])
    d.js("document.getElementById('apply').click()")
    d.wait(READY, "the start after the search")
    # walk: the first move, then the second move there
    walked = []
    for depth in range(2):
        m = d.js("document.querySelector('#moves tbody tr td.mv')"
                 ".firstChild.textContent")
        walked.append(m)
        d.js("document.querySelector('#moves tbody tr').click()")
        d.wait("document.body.getAttribute('data-state') === 'ready' && "
               "document.getElementById('path').textContent.indexOf(%s)"
               " >= 0" % json.dumps(m), "the move " + m)
        d.wait(READY, "the moves after " + m)
        node = json.loads(get(port, "/api/explore?moves=" +
                              urllib.parse.quote(" ".join(walked)))[1])
        shown = d.js("document.getElementById('fen').textContent")
        if shown != node["position"]["fen"]:
            fail("browser: after %s the board shows %s, the API %s" %
                 (" ".join(walked), shown, node["position"]["fen"]))
        summary = d.js("document.getElementById('summary').textContent")
        if not summary.startswith("%d game" % node["position"]["games"]):
            fail("browser: after %s the summary is %r" %
                 (" ".join(walked), summary))
    d.shot(os.path.join(outdir, "walked.png"))
    # back to the start by the path
    d.js("document.querySelector('#path a').click()")
    d.wait("document.body.getAttribute('data-state') === 'ready' && "
           "document.getElementById('fen').textContent === %s"
           % json.dumps(api["position"]["fen"]), "the start again")
    d.js("document.querySelectorAll('#moves tbody tr')[0].click()")
    d.wait(READY + " && document.getElementById('path').textContent"
           ".indexOf(%s) >= 0" % json.dumps(walked[0]), "the first move again")
    # open a game listed at the node, and step through it
    gid = d.js("document.querySelector('#games li').getAttribute('data-id')")
    d.js("document.querySelector('#games li').click()")
    d.wait("!document.getElementById('game').hidden && "
           "document.querySelectorAll('#gmoves .gm').length > 0",
           "the game")
    g = json.loads(get(port, "/api/game?id=" + gid)[1])
    d.js("document.getElementById('fwd').click();"
         "document.getElementById('fwd').click()")
    shown = d.js("document.getElementById('fen').textContent")
    if len(g["plies"]) >= 2 and shown != g["plies"][1]["fen"]:
        fail("browser: game %s ply 2 shows %s, the API %s" %
             (gid, shown, g["plies"][1]["fen"]))
    on = d.js("document.querySelector('.gm.on').textContent")
    if len(g["plies"]) >= 2 and on != g["plies"][1]["move"]:
        fail("browser: game %s: the move marked is %r" % (gid, on))
    d.shot(os.path.join(outdir, "game.png"))
    # paste a FEN
    fen = node["position"]["fen"]
    d.js("document.getElementById('fenin').value = %s;"
         "document.getElementById('apply').click()" % json.dumps(fen))
    d.wait(READY + " && document.getElementById('fen').textContent === %s"
           % json.dumps(fen), "the pasted FEN")
    # a filter: the summary gives the filtered games
    d.js("document.getElementById('fenin').value = '';"
         "document.getElementById('result').value = '1-0';"
         "document.getElementById('apply').click()")
    f = json.loads(get(port, "/api/explore?result=1-0")[1])
    d.wait("document.body.getAttribute('data-state') === 'ready' && "
           "document.getElementById('summary').textContent.indexOf(%s)"
           " === 0" % json.dumps("%d game" % f["position"]["games"]),
           "the filtered start")
    d.shot(os.path.join(outdir, "filtered.png"))
    # a bad FEN: an error shown, the page still there
    d.js("document.getElementById('fenin').value = 'W:Wzz';"
         "document.getElementById('apply').click()")
    d.wait("document.getElementById('error').textContent"
           ".indexOf('bad FEN') >= 0", "the error of a bad FEN")
    print("browser: walked %s, opened game %s" % (" ".join(walked), gid))
    # a phone: the board across the screen, the table whole
    d.call("Emulation.setDeviceMetricsOverride", width=390, height=844,
           deviceScaleFactor=1, mobile=True)
    d.call("Page.navigate", url="http://127.0.0.1:%d/" % port)
    d.wait(READY, "the start on a phone")
    bw = d.js("document.getElementById('board').getBoundingClientRect()"
              ".width")
    if bw < 300:
        fail("browser: at 390 px the board is %d px wide" % bw)
    right = d.js("(function () { var r = 0; document.querySelectorAll("
                 "'#moves tr > *').forEach(function (c) { if "
                 "(c.offsetParent) r = Math.max(r, "
                 "c.getBoundingClientRect().right); }); return r; })()")
    if right > 390:
        fail("browser: at 390 px the table reaches %d px" % right)
    d.shot(os.path.join(outdir, "phone.png"))
    print("browser: %d openings named, board %d px at 390 px"
          % (named, bw))


def engine(port, how):
    if how == "none":
        st, body = get(port, "/api/engine")[:2]
        if st != 404 or "--engine" not in json.loads(body)["error"]:
            fail("engine: no --engine: %s %s" % (st, body))
        return
    if how == "busy":
        # a search that never ends (a silent engine, stopped at its
        # timeout): every other request meanwhile is told to come back
        # (which of two requests searches is the server's choice)
        def hget(fen):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            try:
                c.request("GET", "/api/engine?gametype=21&fen=" +
                          urllib.parse.quote(fen))
                r = c.getresponse()
                return r.status, r.read(), r.getheader("Retry-After")
            finally:
                c.close()
        # Two requests the same worker thread took before either ran are
        # answered one after the other (each then searches: no 503 to
        # see): a round like that is tried again, 8 rounds at most.
        for _ in range(8):
            answers = []
            t = threading.Thread(target=lambda: answers.append(hget("")))
            t.start()
            while t.is_alive() and \
                    not any(b"searching" in a[1] for a in answers):
                answers.append(hget("W:W21:B12"))
            t.join()
            told = [a for a in answers if a[0] == 503 and b"searching" in a[1]]
            if told:
                break
        if not told:
            fail("engine: no 503 while the engine searched: %r" % answers)
        elif told[0][2] is None:
            fail("engine: the 503 gives no Retry-After")
        hung = [a for a in answers if b"searching" not in a[1]]
        if not hung or hung[0][0] != 503:
            fail("engine: a silent engine: %r" % answers)
        return
    start = json.loads(get(port, "/api/explore")[1])["position"]
    for gt, fen in ((start["gametype"], ""), (start["gametype"], start["fen"]),
                    ("20", ""), ("21", "W:W18,K30:BK3,14,15")):
        st, body = get(port, "/api/engine?gametype=%s&fen=%s" %
                       (urllib.parse.quote(gt), urllib.parse.quote(fen)))[:2]
        if st != 200:
            fail("engine: %s %r: %s %s" % (gt, fen, st, body))
            continue
        j = json.loads(body)
        if fen and j["fen"] != fen:
            fail("engine: the position searched is %s, not %s" % (j["fen"], fen))
        if j["depth"] != 3 or j["engine"] != "pdn-test-engine" or \
                not isinstance(j["white"], float) or not j["pv"] or \
                j["pv"][0] != j["move"]:
            fail("engine: %s %r: %s" % (gt, fen, body))
            continue
        if (j["turn"] == "W") != (j["white"] == j["score"]) and j["score"]:
            fail("engine: White's score is not the side to move's: %s" % body)
        # the line is legal from the position: pdn-legal says so
        pdn = '[GameType "%s"]\n[FEN "%s"]\n%s *\n' % (gt, j["fen"],
                                                      " ".join(j["pv"]))
        r = subprocess.run(["pdn-legal", "-q"], input=pdn.encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode != 0:
            fail("engine: the best line %s is not legal: %s" %
                 (" ".join(j["pv"]), r.stderr.decode()[:200]))
    # a position with no move: said, no search
    st, body = get(port, "/api/engine?gametype=21&fen=" +
                   urllib.parse.quote("W:W:B1"))[:2]
    if st != 200 or not json.loads(body).get("over"):
        fail("engine: a position with no move: %s %s" % (st, body))
    for q, what in (("gametype=21&fen=W:Wzz", "a bad FEN"),
                    ("gametype=zz", "a bad GameType"),
                    ("gametype=21&depth=99", "an unknown parameter")):
        st = get(port, "/api/engine?" + q)[0]
        if st != 400:
            fail("engine: %s: %s, not 400" % (what, st))


if __name__ == "__main__":
    if sys.argv[1] == "engine":
        engine(int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "")
        sys.exit(1 if failures else 0)
    if sys.argv[1] in ("hostile", "load"):
        (hostile if sys.argv[1] == "hostile" else load)(int(sys.argv[2]))
        sys.exit(1 if failures else 0)
    if sys.argv[1] == "slowcut":
        slowloris(int(sys.argv[2]), True)
        sys.exit(1 if failures else 0)
    if sys.argv[1] == "changes":
        changes(int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5])
        sys.exit(1 if failures else 0)
    sys.exit(browser(int(sys.argv[2]), sys.argv[3], sys.argv[4]))
