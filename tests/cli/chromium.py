#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Headless Chromium over its DevTools protocol, for every test that
looks at a page (the viewer, the analysis board, the explorer's static
site) and for screenshots. It waits for the event a test needs (the
page's own answer), with a generous bound, instead of a fixed time: the
WebAssembly compiles asynchronously, a page may lead to another, and a
loaded machine starts Chromium slowly.

  chromium.py BROWSER [--FLAG]... result URL OUT [URL OUT]...
      opens each URL, waits (WAIT, 600 s, at most) for the element #result
      and writes its text to OUT ("error timeout" when it never came)
  chromium.py BROWSER [--FLAG]... eval URL OUT COND EXPR
      opens URL, waits (WAIT at most) until the JavaScript COND is true and
      writes the string value of EXPR to OUT ("error timeout" when never)
  chromium.py BROWSER [--FLAG]... shot URL PNG WIDTH HEIGHT [EXPR]
      opens URL at WIDTHxHEIGHT (a phone below 700 px), waits for the
      analysis board, runs the JavaScript EXPR, and saves a screenshot

The --FLAGs (--window-size=W,H, --force-dark-mode, ...) are Chromium's.

A page that gives no answer in WAIT is described on standard error (its
address, state and text, and the exceptions, console errors and crashes
the browser reported), then tried once more in a fresh browser: a
renderer that hung or died under load is the browser's failure, not the
page's; a page that never answers fails both times. PDN_PAGE_WAIT sets
WAIT in seconds (to try that path quickly).
"""
import base64
import http.client
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse


class ProtocolError(Exception):
    """an error answer of the browser (a page gone while navigating, ...)"""


class Page:
    """One page target over a WebSocket (RFC 6455, client frames masked)."""

    def __init__(self, url):
        u = urllib.parse.urlparse(url)
        self.s = socket.create_connection((u.hostname, u.port), timeout=600)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\n"
                        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                        "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13"
                        "\r\n\r\n" % (u.path, u.hostname, u.port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.s.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise OSError("no WebSocket")
        self.buf = b""
        self.n = 0
        self.events = []

    def need(self, n):
        while len(self.buf) < n:
            b = self.s.recv(1 << 16)
            if not b:
                raise OSError("the browser went away")
            self.buf += b
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def message(self):
        data = b""
        while True:
            b0, b1 = self.need(2)
            n = b1 & 127
            if n == 126:
                n = struct.unpack(">H", self.need(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self.need(8))[0]
            data += self.need(n)
            if b0 & 0x80:
                return json.loads(data)

    def call(self, method, **params):
        self.n += 1
        msg = json.dumps({"id": self.n, "method": method,
                          "params": params}).encode()
        mask = os.urandom(4)
        n = len(msg)
        head = bytes([0x81])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        self.s.sendall(head + mask + bytes(c ^ mask[i % 4]
                                           for i, c in enumerate(msg)))
        while True:
            r = self.message()
            if r.get("method") in NOTED:
                self.events = (self.events + [noted(r)])[-8:]
            if r.get("id") == self.n:
                if "error" in r:
                    raise ProtocolError("%s: %s" % (method, r["error"]))
                return r.get("result", {})

    def js(self, expr):
        """the value of expr; None when it threw or the page was changing"""
        try:
            r = self.call("Runtime.evaluate", expression=expr,
                          returnByValue=True, awaitPromise=True)
        except ProtocolError:
            return None
        if "exceptionDetails" in r:
            return None
        return r["result"].get("value")

    def shot(self, path):
        """a PNG of the page once what was asked of it is drawn (two
        animation frames later)"""
        self.js("new Promise(function (r) { requestAnimationFrame(function ()"
                " { requestAnimationFrame(r); }); })")
        r = self.call("Page.captureScreenshot", format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    def wait(self, expr, seconds):
        """True once expr is true; polls every 0.1 s, seconds at most"""
        end = time.time() + seconds
        while time.time() < end:
            if self.js("(function () { try { return !!(%s); }"
                       " catch (e) { return false; } })()" % expr):
                return True
            time.sleep(0.1)
        return False


# How long an event may take: generous, for a loaded machine (two busy
# loops and a parallel make check start Chromium slowly); a test passes
# as soon as the event comes.
WAIT = int(os.environ.get("PDN_PAGE_WAIT", "600"))

# The browser's events kept for a page that gives no answer.
NOTED = ("Runtime.exceptionThrown", "Runtime.consoleAPICalled",
         "Inspector.targetCrashed", "Inspector.detached",
         "Page.javascriptDialogOpening")


def noted(r):
    """one line for a noted event"""
    p = r.get("params", {})
    if r["method"] == "Runtime.exceptionThrown":
        d = p.get("exceptionDetails", {})
        what = d.get("exception", {}).get("description") or d.get("text")
    elif r["method"] == "Runtime.consoleAPICalled":
        what = "console.%s %s" % (p.get("type"), " ".join(
            str(a.get("value", a.get("description", "")))
            for a in p.get("args", [])))
    else:
        what = json.dumps(p)
    return "%s: %s" % (r["method"], str(what)[:300])


def describe(d, url):
    """what the page that gave no answer looks like, on standard error"""
    try:
        state = d.js("location.href + ' ' + document.readyState + ' ' +"
                     " (document.body ? document.body.textContent : '')"
                     ".slice(0, 300)")
    except OSError as e:
        state = "no answer (%s)" % e
    print("chromium.py: no answer from %s in %d s; the page: %s" %
          (url, WAIT, state if state is not None else "does not evaluate"),
          file=sys.stderr)
    for e in d.events:
        print("chromium.py:   %s" % e, file=sys.stderr)


def open_page(d, url):
    """navigates to url; True once its document is loaded (not the old one)"""
    d.js("window.pdnOld = 1")
    d.call("Page.navigate", url=url)
    return d.wait("!window.pdnOld && document.readyState == 'complete'", WAIT)


def group_alive(group):
    """True while a process of the process group is running (not a zombie:
    a container's first process may never reap the orphans)"""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


class Browser:
    """Headless Chromium with one page over DevTools, as a context:
    `with Browser(exe, flags) as d:` gives the Page (or page_class, a
    subclass of it); the browser is
    stopped and its private profile removed on the way out."""

    def __init__(self, exe, flags=(), page_class=Page):
        self.exe = shutil.which(exe) or exe
        self.flags = list(flags)
        self.page_class = page_class

    def __enter__(self):
        self.prof = tempfile.mkdtemp(prefix="pdnpage.")
        # root (CI containers) needs --no-sandbox; the private profile
        # keeps the tests away from the user's
        self.p = subprocess.Popen(
            [self.exe, "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--remote-debugging-port=0",
             "--user-data-dir=" + self.prof] + self.flags + ["about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        try:
            return self.page()
        except BaseException:
            self.__exit__(None, None, None)
            raise

    def page(self):
        # Chromium writes its port in this file: waited for until a whole
        # first line is there
        port_file = os.path.join(self.prof, "DevToolsActivePort")
        end = time.time() + WAIT
        port = None
        while port is None and time.time() < end:
            try:
                with open(port_file) as f:
                    line = f.readline()
                if line.endswith("\n"):
                    port = int(line)
            except (OSError, ValueError):
                pass
            if port is None:
                if self.p.poll() is not None:
                    raise OSError("the browser exited %d" % self.p.returncode)
                time.sleep(0.1)
        if port is None:
            raise OSError("no DevTools port in %d s" % WAIT)
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        c.request("GET", "/json/list")
        page = [t for t in json.loads(c.getresponse().read())
                if t.get("type") == "page"][0]
        d = self.page_class(page["webSocketDebuggerUrl"])
        d.call("Page.enable")
        # exceptions, console messages and crashes, for describe()
        d.call("Runtime.enable")
        d.call("Inspector.enable")
        return d

    def __exit__(self, *exc):
        # the browser and its helper processes (a group of their own): the
        # profile is removed once the last of them, which may still write
        # to it while it ends, is gone
        group = self.p.pid
        self.p.terminate()
        try:
            self.p.wait(60)
        except subprocess.TimeoutExpired:
            pass
        for sig, seconds in ((signal.SIGTERM, 30), (signal.SIGKILL, 30)):
            try:
                os.killpg(group, sig)
            except ProcessLookupError:
                break
            end = time.time() + seconds
            while time.time() < end and group_alive(group):
                time.sleep(0.1)
            if not group_alive(group):
                break
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
        shutil.rmtree(self.prof, ignore_errors=True)
        return False


def main(argv):
    flags = []
    while len(argv) > 2 and argv[2].startswith("--"):
        flags.append(argv.pop(2))
    try:
        with Browser(argv[1], flags) as d:
            rc = run(d, argv)
        if isinstance(rc, list):
            # the pages that gave no answer, once more in a fresh browser
            # (what still gives none says "error timeout" in its OUT)
            print("chromium.py: %d page(s) once more in a fresh browser" %
                  (len(rc[3:]) // 2 if rc[2] == "result" else 1),
                  file=sys.stderr)
            with Browser(argv[1], flags) as d:
                rc = run(d, rc)
        return 0 if isinstance(rc, list) else rc
    except OSError as e:
        print("chromium.py: %s" % e, file=sys.stderr)
        return 1


def run(d, argv):
    """the command of argv on the page d: 0 or 1 (a screenshot that could
    not be taken), or for result and eval the argv of what gave no answer
    (its OUT says "error timeout")"""
    if argv[2] == "result":
        rest = argv[3:]
        missed = []
        for url, out in zip(rest[0::2], rest[1::2]):
            # the new page's own element, not the old page's (a
            # page that leads to another is followed to its end)
            ok = open_page(d, url) and \
                d.wait("!window.pdnOld && "
                       "document.getElementById('result')", WAIT)
            text = d.js("document.getElementById('result').textContent") \
                if ok else None
            if text is None:
                describe(d, url)
                missed += [url, out]
            with open(out, "w") as f:
                f.write(text if text is not None else "error timeout\n")
        return argv[:3] + missed if missed else 0
    elif argv[2] == "eval":
        url, out, cond, expr = argv[3:7]
        ok = open_page(d, url) and d.wait("!window.pdnOld && (%s)" % cond,
                                          WAIT)
        text = d.js("String(%s)" % expr) if ok else None
        if text is None:
            describe(d, url)
        with open(out, "w") as f:
            f.write(text if text is not None else "error timeout\n")
        return argv if text is None else 0
    else:
        url, png, w, h = argv[3], argv[4], int(argv[5]), int(argv[6])
        d.call("Emulation.setDeviceMetricsOverride", width=w, height=h,
               deviceScaleFactor=1, mobile=w < 700)
        if not (open_page(d, url) and d.wait("!window.pdnOld && P.A.M",
                                             WAIT)):
            print("the analysis board did not start", file=sys.stderr)
            return 1
        if len(argv) > 7:
            d.js(argv[7])
        d.shot(png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
