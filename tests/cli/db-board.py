#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The explorer's analysis board in headless Chromium (pdn-db serve's page
or pdn-db explore --html's from file://): moves played by clicks on the
board, picked by the test from libpdn's legal moves (the page's own
WebAssembly), walk the explorer to the move's position; a drag plays a
move as a click does; a legal move no game plays leaves the explorer
(served: a position of no game; static: said, the board stays); the
board at desktop and phone width is saved as PNGs. Served, the page's
Content-Security-Policy allows no inline script and WebAssembly by
'wasm-unsafe-eval' alone, and the board still comes (its WebAssembly
compiled under it); a server with an engine (--engine) has the position
shown evaluated: the bar, the score and the best line the API gives.

  db-board.py BROWSER URL OUTDIR [--static]

Exit status 0, 1 (a failure, on standard error), 77 (no browser, or a
page without libpdn's WebAssembly: built without --enable-wasm)."""
import json
import os
import shutil
import sys
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402

failures = 0


def fail(msg):
    global failures
    failures += 1
    print("FAIL: db-board: " + msg, file=sys.stderr)


READY = ("document.body.getAttribute('data-state') === 'ready' && "
         "document.querySelectorAll('#moves tbody tr').length > 0 && "
         "document.body.classList.contains('analysis')")

# the centre of square q ([file, rank]) on the page, and a pointer event
# there: the board's own geometry (48 units a square, rank 0 at the
# bottom)
HELPERS = """
window.tSq = function (q) {
  var b = document.getElementById('board'), h = b.viewBox.baseVal.height / 48;
  var r = b.getBoundingClientRect(), vb = b.viewBox.baseVal;
  var m = b.getScreenCTM();
  var p = b.createSVGPoint();
  p.x = q[0] * 48 + 24; p.y = (h - 1 - q[1]) * 48 + 24;
  p = p.matrixTransform(m);
  return {clientX: p.x, clientY: p.y, bubbles: true};
};
window.tClick = function (q) {
  document.getElementById('board').dispatchEvent(new MouseEvent('click', tSq(q)));
};
window.tDrag = function (a, z) {
  var b = document.getElementById('board');
  b.dispatchEvent(new PointerEvent('pointerdown', tSq(a)));
  b.dispatchEvent(new PointerEvent('pointerup', tSq(z)));
  b.dispatchEvent(new MouseEvent('click', tSq(z)));
};
window.tRows = function () {
  return Array.prototype.map.call(document.querySelectorAll('td.mv'),
    function (e) { return e.firstChild.nodeValue; });
};
window.tPath = function () {
  return Array.prototype.map.call(document.querySelectorAll('#path a'),
    function (a) { return a.textContent; }).slice(1).join(' ');
};
window.tMoves = function () {
  var gt = document.getElementById('board').getAttribute('data-gametype');
  var fen = document.getElementById('fen').textContent;
  return PdnModule().then(function (M) {
    return M.moves(gt, fen).map(function (m) {
      var b = new M.Board(gt, fen), after = b.play(m.move).fen;
      b.free();
      return {move: m.move, path: m.path, after: after};
    });
  });
};
true"""


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    exe, url, outdir = argv[1:4]
    static = "--static" in argv[4:]
    if shutil.which(exe) is None:
        return 77
    if static:
        if not os.path.exists(os.path.join(os.path.dirname(
                urllib.parse.urlparse(url).path), "pdn.js")):
            print("db-board: no pdn.js (no --enable-wasm)")
            return 77
    else:
        try:
            urllib.request.urlopen(urllib.parse.urljoin(url, "pdn.js"))
        except urllib.error.HTTPError:
            print("db-board: no pdn.js (no --enable-wasm)")
            return 77
        csp = urllib.request.urlopen(url).headers.get(
            "Content-Security-Policy", "")
        if "script-src 'self' 'wasm-unsafe-eval'" not in csp or \
                "unsafe-inline" in csp or "'unsafe-eval'" in csp:
            fail("the page's Content-Security-Policy: %r" % csp)
    with chromium.Browser(exe, ["--window-size=1280,800"]) as d:
        run(d, url, outdir, static)
    return 1 if failures else 0


def run(d, url, outdir, static):
    d.call("Emulation.setDeviceMetricsOverride", width=1280, height=800,
           deviceScaleFactor=1, mobile=False)
    if not chromium.open_page(d, url) or not d.wait(READY, chromium.WAIT):
        chromium.describe(d, url)
        fail("the page's analysis board never came (%s)" % url)
        return
    d.js(HELPERS)
    walked = []
    # two plies of the explorer's moves: the first by clicks, the second
    # by a drag
    for ply in range(2):
        rows = d.js("tRows()")
        legal = d.js("tMoves()")
        if not rows or not legal:
            fail("ply %d: no moves (rows %r, legal %r)" % (ply, rows, legal))
            return
        known = [m for m in legal if m["move"] in rows]
        if not known:
            fail("ply %d: no legal move is among the explorer's %r" %
                 (ply, rows))
            return
        m = known[-1]
        a, z = json.dumps(m["path"][0]), json.dumps(m["path"][-1])
        if ply == 0:
            d.js("tClick(%s)" % a)
            if not d.js("document.querySelectorAll('#board .dest').length "
                        "> 0"):
                fail("a piece clicked shows no destination")
            d.js("tClick(%s)" % z)
        else:
            d.js("tDrag(%s, %s)" % (a, z))
        walked.append(m["move"])
        want = " ".join(walked)
        if not d.wait(READY + " && tPath() === %s" % json.dumps(want),
                      chromium.WAIT):
            fail("the board's move %s: the path is %r" % (want, d.js("tPath()")))
            return
        fen = d.js("document.getElementById('fen').textContent")
        if fen != m["after"]:
            fail("after %s the board shows %s, libpdn %s" %
                 (want, fen, m["after"]))
    # a legal move no game plays
    rows = d.js("tRows()")
    legal = d.js("tMoves()")
    other = [m for m in legal if m["move"] not in rows]
    if other:
        m = other[0]
        d.js("tClick(%s); tClick(%s)" % (json.dumps(m["path"][0]),
                                         json.dumps(m["path"][-1])))
        if static:
            if not d.wait("document.getElementById('error').textContent"
                          ".indexOf(%s) === 0" % json.dumps(m["move"]),
                          chromium.WAIT):
                fail("static: a move of no game is not said")
            if d.js("tPath()") != " ".join(walked):
                fail("static: a move of no game moved the path")
        else:
            want = " ".join(walked + [m["move"]])
            if not d.wait("document.body.getAttribute('data-state') === "
                          "'ready' && tPath() === %s" % json.dumps(want),
                          chromium.WAIT):
                fail("served: a move of no game: the path is %r" %
                     d.js("tPath()"))
            elif not d.js("document.getElementById('summary').textContent"
                          ".indexOf('0 games') === 0"):
                fail("served: a move of no game: %r" % d.js(
                    "document.getElementById('summary').textContent"))
            if d.js("document.getElementById('fen').textContent") != \
                    m["after"]:
                fail("served: a move of no game: the board is not libpdn's")
            d.js("document.querySelectorAll('#path a')[%d].click()" %
                 len(walked))
            d.wait(READY + " && tPath() === %s" % json.dumps(" ".join(walked)),
                   chromium.WAIT)
    if not static:
        evaluation(d, url)
    # the pictures: a piece chosen, its moves shown
    name = "static" if static else "served"
    for w, h in ((1280, 800), (390, 844)):
        d.call("Emulation.setDeviceMetricsOverride", width=w, height=h,
               deviceScaleFactor=1, mobile=w < 700)
        legal = d.js("tMoves()") or []
        if legal:
            d.js("tClick(%s)" % json.dumps(legal[0]["path"][0]))
        d.shot(os.path.join(outdir, "board-%s-%dx%d.png" % (name, w, h)))


def evaluation(d, url):
    """the engine's evaluation of the position shown, as the API gives it"""
    fen = d.js("document.getElementById('fen').textContent")
    gt = d.js("document.getElementById('board').getAttribute('data-gametype')")
    try:
        r = urllib.request.urlopen(urllib.parse.urljoin(
            url, "api/engine?fen=%s&gametype=%s" % (
                urllib.parse.quote(fen), urllib.parse.quote(gt))))
    except urllib.error.HTTPError as e:
        if e.code == 404:
            if not d.js("document.getElementById('engine').hidden"):
                fail("no engine, yet the evaluation is shown")
            return
        raise
    j = json.loads(r.read())
    if not d.wait("document.getElementById('engine').getAttribute("
                  "'data-state') === 'ready'", chromium.WAIT):
        fail("the engine's evaluation never came")
        return
    text = d.js("document.getElementById('evaltext').textContent")
    pv = d.js("document.getElementById('evalpv').textContent")
    width = d.js("document.getElementById('evalw').style.width")
    if "depth %d" % j["depth"] not in text or \
            pv != "Best: " + " ".join(j["pv"]) or not width.endswith("%"):
        fail("the evaluation shown (%r, %r, %r) is not the API's %r" %
             (text, pv, width, j))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
