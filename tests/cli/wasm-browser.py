#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Headless Chromium over its DevTools protocol, for the analysis board's
tests (tests/cli/wasm-viewer.sh) and screenshots: the page's WebAssembly
compiles asynchronously, which --dump-dom does not wait for, so this
waits for the page's own answer, with a bound.

  wasm-browser.py BROWSER result URL OUT [URL OUT]...
      opens each URL, waits (WAIT, 600 s, at most) for the element #result and
      writes its text to OUT ("error timeout" when it never came)
  wasm-browser.py BROWSER shot URL PNG WIDTH HEIGHT [EXPR]
      opens URL at WIDTHxHEIGHT (a phone below 700 px), waits for the
      analysis board, runs the JavaScript EXPR, and saves a screenshot
"""
import base64
import http.client
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse


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
            if r.get("id") == self.n:
                if "error" in r:
                    raise OSError("%s: %s" % (method, r["error"]))
                return r.get("result", {})

    def js(self, expr):
        r = self.call("Runtime.evaluate", expression=expr,
                      returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            return None
        return r["result"].get("value")

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
WAIT = 600


def main(argv):
    exe = shutil.which(argv[1]) or argv[1]
    prof = tempfile.mkdtemp(prefix="pdnwasm.")
    p = subprocess.Popen([exe, "--headless", "--no-sandbox", "--disable-gpu",
                          "--no-first-run", "--remote-debugging-port=0",
                          "--user-data-dir=" + prof, "about:blank"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(prof, "DevToolsActivePort")
        end = time.time() + 300
        port = None
        while port is None and time.time() < end:
            try:
                with open(port_file) as f:
                    port = int(f.readline())
            except (OSError, ValueError):
                time.sleep(0.1)
        if port is None:
            print("no DevTools port", file=sys.stderr)
            return 1
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        c.request("GET", "/json/list")
        page = [t for t in json.loads(c.getresponse().read())
                if t.get("type") == "page"][0]
        d = Page(page["webSocketDebuggerUrl"])
        d.call("Page.enable")
        if argv[2] == "result":
            rest = argv[3:]
            for url, out in zip(rest[0::2], rest[1::2]):
                # the new page's own element, not the old page's
                d.js("window.pdnOld = 1")
                d.call("Page.navigate", url=url)
                ok = d.wait("!window.pdnOld && document.readyState == "
                            "'complete' && document.getElementById('result')",
                            WAIT)
                text = d.js("document.getElementById('result').textContent") \
                    if ok else None
                with open(out, "w") as f:
                    f.write(text if text is not None else "error timeout\n")
        else:
            url, png, w, h = argv[3], argv[4], int(argv[5]), int(argv[6])
            d.call("Emulation.setDeviceMetricsOverride", width=w, height=h,
                   deviceScaleFactor=1, mobile=w < 700)
            d.js("window.pdnOld = 1")
            d.call("Page.navigate", url=url)
            if not d.wait("!window.pdnOld && document.readyState == "
                          "'complete' && P.A.M", WAIT):
                print("the analysis board did not start", file=sys.stderr)
                return 1
            if len(argv) > 7:
                d.js(argv[7])
            time.sleep(0.2)
            r = d.call("Page.captureScreenshot", format="png")
            with open(png, "wb") as f:
                f.write(base64.b64decode(r["data"]))
        return 0
    finally:
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
        shutil.rmtree(prof, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
