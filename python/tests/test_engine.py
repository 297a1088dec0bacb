# SPDX-License-Identifier: MIT
"""pdntools.engine against pdn-test-engine (make check's test engine,
$PDN_TEST_ENGINE, set by tests/cli/python.sh) and every way it can fail,
and against Scan ($PDN_SCAN_DIR/scan, built by tests/cli/engine-scan.sh)
when it is there. Each test skips without its engine. unittest, so that
pytest and unittest both run it."""
import os
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import pdntools
import pdntools.engine as pe

ENGINE = os.environ.get("PDN_TEST_ENGINE") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests",
    "engine", "pdn-test-engine")
SCAN_DIR = os.environ.get("PDN_SCAN_DIR", "")

needs_engine = unittest.skipUnless(
    os.access(ENGINE, os.X_OK),
    "no pdn-test-engine (make check builds it; PDN_TEST_ENGINE)")
needs_scan = unittest.skipUnless(
    os.access(os.path.join(SCAN_DIR, "scan"), os.X_OK),
    "no Scan (tests/cli/engine-scan.sh builds it; PDN_SCAN_DIR)")


def popen(*args, **kw):
    return pe.SimpleEngine.popen([ENGINE] + list(args), **kw)


def legal_line(board, moves):
    """Whether moves can be played one after the other from board."""
    b = board.copy()
    for m in moves:
        if m not in b.legal_moves:
            return False
        b.push(m)
    return True


class Classes(unittest.TestCase):
    def test_limit_and_classes(self):
        self.assertEqual(pe.Limit(depth=3), pe.Limit(depth=3))
        self.assertNotEqual(pe.Limit(depth=3), pe.Limit(nodes=3))
        self.assertEqual(repr(pe.Limit(depth=3, time=0.5)),
                         "Limit(depth=3, time=0.5)")
        with self.assertRaises(ValueError):
            pe.Limit(depth=-1)
        self.assertTrue(issubclass(pe.EngineError, pdntools.PdnError))
        self.assertTrue(issubclass(pe.EngineTerminatedError, pe.EngineError))
        self.assertTrue(issubclass(pe.EngineTimeoutError, pe.EngineError))
        s = pe.PovScore(1.5, "B")
        self.assertEqual((s.black(), s.white(), s.pov("B")),
                         (1.5, -1.5, 1.5))

    def test_arguments(self):
        with self.assertRaisesRegex(ValueError, "protocol"):
            pe.SimpleEngine.popen(["x"], protocol="uci")
        with self.assertRaises(ValueError):
            pe.SimpleEngine.popen([])


@needs_engine
class TestEngine(unittest.TestCase):
    def test_id_options_analyse_play(self):
        with popen("hub") as engine:
            self.assertTrue(engine.alive)
            self.assertEqual(engine.id, {"name": "pdn-test-engine",
                                         "version": "1.0",
                                         "author": "pdntools tests"})
            self.assertEqual(set(engine.options), {"variant", "threads"})
            self.assertEqual(engine.options["threads"].default, "1")
            self.assertIn("frisian", engine.options["variant"].values)
            engine.configure({"threads": 2})
            board = pdntools.Board(20)
            info = engine.analyse(board, pe.Limit(depth=3))
            self.assertEqual(info["depth"], 3)
            self.assertGreater(info["nodes"], 0)
            self.assertEqual(info["score"], pe.PovScore(0.0, "W"))
            pv = info["pv"]
            self.assertEqual(len(pv), 3)
            self.assertTrue(all(isinstance(m, pdntools.Move) for m in pv))
            self.assertEqual(str(pv[0]), "31-26")
            self.assertTrue(legal_line(board, pv))
            result = engine.play(board, pe.Limit(depth=3))
            self.assertEqual((result.move, result.ponder), (pv[0], pv[1]))
            self.assertEqual(board.ply(), 0)    # the board is not changed
            # a game: the moves pushed are the history sent
            for _ in range(12):
                r = engine.play(board, pe.Limit(depth=2))
                self.assertIn(r.move, board.legal_moves)
                board.push(r.move)
            self.assertEqual(board.ply(), 12)
            engine.ping()
        self.assertFalse(engine.alive)
        with self.assertRaisesRegex(pe.EngineTerminatedError, "closed"):
            engine.play(board, pe.Limit(depth=1))
        engine.quit()                           # again: nothing

    def test_capture_and_string_command(self):
        # the only move is 21x32x23 (Hub's 21x23x27x28)
        board = pdntools.Board(20, fen="W:W21:B27,28,17")
        with tempfile.TemporaryDirectory() as d, \
                pe.SimpleEngine.popen("'%s' hub" % ENGINE, cwd=d) as engine:
            r = engine.play(board, pe.Limit(depth=1))
            self.assertTrue(r.move.is_capture)
            self.assertEqual(r.move.captured, (27, 28))
            # Limit() searches depth 1; nodes and time are sent
            self.assertEqual(engine.play(board, pe.Limit()).move, r.move)
            self.assertTrue(engine.analyse(
                board, pe.Limit(nodes=100, time=1.0))["pv"])
            # a finished game: nothing to search, the engine still usable
            over = pdntools.Board(20, fen="B:W21:B")
            with self.assertRaisesRegex(ValueError, "no legal move"):
                engine.play(over, pe.Limit(depth=1))
            self.assertTrue(engine.alive)

    def test_relative_program_in_cwd(self):
        d, name = os.path.split(os.path.abspath(ENGINE))
        with pe.SimpleEngine.popen(["./" + name], cwd=d) as engine:
            self.assertEqual(engine.id["name"], "pdn-test-engine")

    def test_game_sends_new_game(self):
        g1, g2 = pdntools.Game(), pdntools.Game()
        board = pdntools.Board(20)
        with popen() as engine:
            for g in (g1, g1, g2):
                self.assertIn(engine.play(board, pe.Limit(depth=1),
                                          game=g).move, board.legal_moves)

    def test_variants(self):
        with popen() as engine:
            board = pdntools.Board("frisian")
            self.assertIn(engine.play(board, pe.Limit(depth=2)).move,
                          board.legal_moves)
            # the variant is set once, at the first search
            with self.assertRaises(pe.EngineError) as e:
                engine.play(pdntools.Board(20), pe.Limit(depth=1))
            self.assertEqual(e.exception.code, "variant")
            self.assertTrue(engine.alive)
            with self.assertRaisesRegex(pe.EngineError,
                                        "after the first search"):
                engine.configure({"threads": 4})
            self.assertIn(engine.play(board, pe.Limit(depth=1)).move,
                          board.legal_moves)
        with popen() as engine:
            board = pdntools.Board("english")
            self.assertIn(engine.play(board, pe.Limit(depth=2)).move,
                          board.legal_moves)
        with popen("--wrong-variant") as engine:
            with self.assertRaisesRegex(pe.EngineError,
                                        "does not play frisian"):
                engine.play(pdntools.Board("frisian"), pe.Limit(depth=1))
            self.assertTrue(engine.alive)
            board = pdntools.Board(20)
            self.assertIn(engine.play(board, pe.Limit(depth=1)).move,
                          board.legal_moves)
        with popen() as engine:
            with self.assertRaisesRegex(pe.EngineError, "Hub has no name"):
                engine.play(pdntools.Board("towers"), pe.Limit(depth=1))
            with self.assertRaises(pe.EngineError) as e:
                engine.configure({"hash": 64})
            self.assertEqual(e.exception.code, "tag")
            self.assertTrue(engine.alive)

    def test_illegal_move_is_never_played(self):
        board = pdntools.Board(20)
        with popen("--illegal", "--after", "2") as engine:
            first = engine.play(board, pe.Limit(depth=1)).move
            board.push(first)
            with self.assertRaises(pe.EngineError) as e:
                engine.play(board, pe.Limit(depth=1))
            self.assertIs(type(e.exception), pe.EngineError)
            self.assertEqual((e.exception.code, e.exception.move),
                             ("illegal", "1-2"))
            self.assertIn("move '1-2' is not legal in B:", str(e.exception))
            self.assertEqual(board.ply(), 1)
            self.assertEqual(board.peek(), first)
            # the engine was ended: every later call says so
            self.assertFalse(engine.alive)
            with self.assertRaisesRegex(pe.EngineTerminatedError, "1-2"):
                engine.play(board, pe.Limit(depth=1))

    def test_not_a_move(self):
        with popen("--syntax") as engine:
            with self.assertRaises(pe.EngineError) as e:
                engine.play(pdntools.Board(20), pe.Limit(depth=1))
            self.assertEqual((e.exception.code, e.exception.move),
                             ("syntax", "hello"))
            self.assertFalse(engine.alive)

    def test_engine_failures(self):
        for how, cls, text in (
                ("--silent", pe.EngineTimeoutError, "no answer in 1.0 s"),
                ("--garbage", pe.EngineTimeoutError, "no answer in 1.0 s"),
                ("--flood", pe.EngineTimeoutError, "no answer in 1.0 s"),
                ("--crash", pe.EngineTerminatedError, "killed by signal 6"),
                ("--exit", pe.EngineTerminatedError, "exited with status 3"),
                ("--huge", pe.EngineError,
                 "a line longer than 1048576 bytes")):
            with self.subTest(how=how), popen(how, timeout=5) as engine:
                with self.assertRaisesRegex(cls, text) as e:
                    engine.analyse(pdntools.Board(20), pe.Limit(depth=1),
                                   timeout=1)
                if cls is pe.EngineError:
                    self.assertIs(type(e.exception), pe.EngineError)
                self.assertFalse(engine.alive)
                with self.assertRaises(pe.EngineTerminatedError):
                    engine.ping()

    def test_start_failures(self):
        with self.assertRaisesRegex(pe.EngineTimeoutError, "Hub hello"):
            popen("--no-hello", timeout=1)
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(pe.EngineError) as e:
                pe.SimpleEngine.popen([os.path.join(d, "none")])
        self.assertNotIsInstance(e.exception, pe.EngineTerminatedError)
        self.assertIn("cannot start", str(e.exception))
        self.assertEqual(e.exception.code, "io")
        # it ends at once: not a Hub engine
        with self.assertRaisesRegex(pe.EngineTerminatedError,
                                    "exited with status"):
            pe.SimpleEngine.popen(["/bin/true"])


FAKE = r'''
import os, sys, time
marker, release = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    cmd = line.split()[0] if line.split() else ""
    if cmd == "hub":
        print("id name=fake", flush=True)
        print("wait", flush=True)
    elif cmd == "init":
        print("ready", flush=True)
    elif cmd == "go":
        open(marker, "w").close()
        for _ in range(6000):
            if os.path.exists(release):
                break
            time.sleep(0.01)
        print("done move=32-28", flush=True)
    elif cmd == "quit":
        break
'''


class Threads(unittest.TestCase):
    def test_search_releases_the_gil(self):
        """A thread waits on an engine that answers only once this thread
        has seen it start the search: the wait must leave the GIL (held,
        the search times out first)."""
        with tempfile.TemporaryDirectory() as d:
            script = os.path.join(d, "fake.py")
            with open(script, "w") as f:
                f.write(FAKE)
            marker = os.path.join(d, "go")
            release = os.path.join(d, "release")
            out = {}
            with pe.SimpleEngine.popen([sys.executable, script, marker,
                                        release]) as engine:
                def work():
                    try:
                        out["r"] = engine.play(pdntools.Board(20),
                                               pe.Limit(depth=1), timeout=60)
                    except Exception as e:      # reported below
                        out["e"] = e

                t = threading.Thread(target=work)
                t.start()
                while not os.path.exists(marker) and t.is_alive():
                    time.sleep(0.01)
                open(release, "w").close()
                t.join()
                self.assertNotIn("e", out, out.get("e"))
                self.assertEqual(str(out["r"].move), "32-28")


    @needs_engine
    def test_one_call_at_a_time(self):
        """Threads sharing an engine take turns: every search answers its
        own position."""
        errors = []

        def work(engine, fen):
            board = pdntools.Board(20, fen=fen)
            try:
                for _ in range(10):
                    r = engine.play(board, pe.Limit(depth=2))
                    if r.move not in board.legal_moves:
                        errors.append("%s: %s" % (fen, r.move))
            except Exception as e:              # reported below
                errors.append(e)

        with popen() as engine:
            ts = [threading.Thread(target=work, args=(engine, fen))
                  for fen in ("W:W31-50:B1-20", "B:W31-50:B1-20",
                              "W:W21:B27,28,17", "B:W35,40:B5,10")]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            self.assertEqual(errors, [])
            self.assertTrue(engine.alive)


def dxp_engine(*args):
    """pdn-test-engine in its DXP mode (args: --listen 0 or --connect
    HOST:PORT and its misbehaviours); with --listen, the port it said."""
    p = subprocess.Popen([ENGINE, "dxp"] + list(args),
                         stdout=subprocess.PIPE, universal_newlines=True)
    port = None
    if "--listen" in args:
        line = p.stdout.readline()
        if not line.startswith("port "):
            p.kill()
            raise AssertionError("no port from pdn-test-engine: %r" % line)
        port = int(line.split()[1])
    return p, port


def dxp_stop(p):
    """Ends a dxp_engine() process that is still running."""
    if p.poll() is None:
        p.kill()
    p.wait()
    p.stdout.close()


@needs_engine
class Dxp(unittest.TestCase):
    def play_game(self, engine, color, plies):
        """plies of a game from the start, the engine playing color and
        we the first legal move: the board after them."""
        board = pdntools.Board(20)
        engine.new_game(board, color)
        for _ in range(plies):
            if board.turn == color:
                result = engine.play(board, timeout=60)
                self.assertIn(result.move, board.legal_moves)
                self.assertFalse(result.resigned)
                board.push(result.move)
            else:
                move = list(board.legal_moves)[0]
                engine.send_move(board, move, 1.5)
                board.push(move)
        return board

    def test_connect_to_a_listening_engine(self):
        p, port = dxp_engine("--listen", "0")
        try:
            with pe.DxpEngine.connect("127.0.0.1", port, timeout=60,
                                      name="pytest") as engine:
                self.assertTrue(engine.alive)
                board = self.play_game(engine, "B", 10)
                self.assertEqual(len(board.move_stack), 10)
                self.assertEqual(engine.id, {"name": "pdn-test-engine"})
                engine.end_game(pe.DXP_DRAW, stop=True)
            self.assertEqual(p.wait(60), 0)
        finally:
            dxp_stop(p)

    def test_listen_for_an_engine(self):
        with pe.DxpEngine.listen(0, timeout=60) as engine:
            self.assertGreater(engine.port, 0)
            p, _ = dxp_engine("--connect", "127.0.0.1:%d" % engine.port)
            try:
                engine.accept()
                # two games, the engine White in the first
                self.play_game(engine, "W", 7)
                engine.end_game()
                self.play_game(engine, "B", 6)
                engine.end_game(pe.DXP_I_WIN, stop=True)
                self.assertEqual(p.wait(60), 0)
            finally:
                dxp_stop(p)
        self.assertFalse(engine.alive)
        self.assertIn("ended", repr(engine))

    def test_misbehaving_engines(self):
        for flag, check in (("--illegal", "illegal"), ("--resign", "resign"),
                            ("--refuse", "refuse")):
            p, port = dxp_engine("--listen", "0", flag)
            try:
                with pe.DxpEngine.connect(port=port, timeout=60) as engine:
                    board = pdntools.Board(20)
                    if check == "refuse":
                        with self.assertRaisesRegex(pe.EngineError,
                                                    "refused"):
                            engine.new_game(board, "W")
                        self.assertFalse(engine.alive)
                        continue
                    engine.new_game(board, "W")
                    if check == "illegal":
                        with self.assertRaises(pe.EngineError) as cm:
                            engine.play(board, timeout=60)
                        self.assertEqual(cm.exception.code, "illegal")
                        self.assertFalse(engine.alive)
                        with self.assertRaises(pe.EngineTerminatedError):
                            engine.play(board)
                    else:
                        result = engine.play(board, timeout=60)
                        self.assertIsNone(result.move)
                        self.assertTrue(result.resigned)
                        self.assertEqual(result.info["gameend"],
                                         pe.DXP_I_LOSE)
                        engine.end_game(pe.DXP_I_WIN, stop=True)
            finally:
                dxp_stop(p)

    def test_follower(self):
        """pdntools on both sides: the initiator connects to a follower
        that listens (as Scan's dxp-server), asks for two games (one from
        a position, declined)."""
        with pe.DxpEngine.listen(0, timeout=60, name="follower") as f:
            i = pe.DxpEngine.connect(port=f.port, timeout=60, name="boss")
            f.accept()
            errors = []

            def initiator(fn, *args):
                t = threading.Thread(target=lambda: call(fn, *args))
                t.start()
                return t

            def call(fn, *args):
                try:
                    fn(*args)
                except Exception as e:  # reported by the main thread
                    errors.append(e)
            start = pdntools.Board(20)
            t = initiator(i.new_game, start, "B", 5, 75)
            board, color, minutes, moves = f.wait_game(60)
            self.assertEqual((board.fen(), color, minutes, moves),
                             (start.fen(), "B", 5, 75))
            self.assertEqual(f.id, {"name": "boss"})
            f.answer_game()
            t.join()
            self.assertEqual(errors, [])
            self.assertEqual(i.id, {"name": "follower"})
            # a move each way
            move = list(start.legal_moves)[0]
            i.send_move(start, move)
            start.push(move)
            got = f.play(board, timeout=60)
            self.assertEqual(got.move, move)
            board.push(got.move)
            reply = list(board.legal_moves)[-1]
            f.send_move(board, reply, 2)
            self.assertEqual(i.play(start, timeout=60).move, reply)
            # the initiator ends the game; the follower reads it
            t = initiator(i.end_game, pe.DXP_DRAW)
            end = f.play(board, timeout=60)
            self.assertTrue(end.draw_offered)
            f.end_game(pe.DXP_DRAW)
            t.join()
            self.assertEqual(errors, [])
            # a position, declined
            pos = pdntools.Board(20, fen="B:W50:BK1")
            t = initiator(i.new_game, pos, "W")
            board, color, _, _ = f.wait_game(60)
            self.assertEqual((board.fen(), color), (pos.fen(), "W"))
            f.answer_game(False)
            t.join()
            self.assertEqual(len(errors), 1)
            self.assertIn("refused (acceptance code 2", str(errors[0]))
            i.close()

    def test_arguments(self):
        with pe.DxpEngine.listen(0) as engine:
            board = pdntools.Board(20)
            move = list(board.legal_moves)[0]
            board.push(move)
            with self.assertRaises(ValueError):
                engine._dxp.send_move(board, move)
            with self.assertRaises(ValueError):
                engine.new_game(board, "X")
        with self.assertRaises(pe.EngineTerminatedError):
            engine.new_game(pdntools.Board(20), "W")


@needs_scan
class Scan(unittest.TestCase):
    def test_scan(self):
        with pe.SimpleEngine.popen(["./scan", "hub"],
                                   cwd=SCAN_DIR) as engine:
            self.assertEqual(engine.id["name"], "Scan")
            self.assertIn("normal", engine.options["variant"].values)
            board = pdntools.Board(20)
            info = engine.analyse(board, pe.Limit(depth=4))
            self.assertGreaterEqual(info["depth"], 1)
            self.assertIn("score", info)
            self.assertGreaterEqual(len(info["pv"]), 2)
            self.assertTrue(legal_line(board, info["pv"]))
            for _ in range(20):
                r = engine.play(board, pe.Limit(depth=3))
                self.assertIn(r.move, board.legal_moves)
                board.push(r.move)
            self.assertEqual(board.ply(), 20)

    def test_scan_frisian(self):
        with pe.SimpleEngine.popen(["./scan", "hub"],
                                   cwd=SCAN_DIR) as engine:
            board = pdntools.Board("frisian")
            for _ in range(6):
                r = engine.play(board, pe.Limit(depth=2))
                self.assertIn(r.move, board.legal_moves)
                board.push(r.move)


if __name__ == "__main__":
    unittest.main()
