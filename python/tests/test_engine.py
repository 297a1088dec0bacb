# SPDX-License-Identifier: MIT
"""pdntools.engine against pdn-test-engine (make check's test engine,
$PDN_TEST_ENGINE, set by tests/cli/python.sh) and every way it can fail,
and against Scan ($PDN_SCAN_DIR/scan, built by tests/cli/engine-scan.sh)
when it is there. Each test skips without its engine."""
import os
import sys
import threading
import time

import pytest

import pdntools
import pdntools.engine as pe

ENGINE = os.environ.get("PDN_TEST_ENGINE") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests",
    "engine", "pdn-test-engine")
SCAN_DIR = os.environ.get("PDN_SCAN_DIR", "")

needs_engine = pytest.mark.skipif(
    not os.access(ENGINE, os.X_OK),
    reason="no pdn-test-engine (make check builds it; PDN_TEST_ENGINE)")
needs_scan = pytest.mark.skipif(
    not os.access(os.path.join(SCAN_DIR, "scan"), os.X_OK),
    reason="no Scan (tests/cli/engine-scan.sh builds it; PDN_SCAN_DIR)")


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


def test_limit_and_classes():
    assert pe.Limit(depth=3) == pe.Limit(depth=3)
    assert repr(pe.Limit(depth=3, time=0.5)) == "Limit(depth=3, time=0.5)"
    with pytest.raises(ValueError):
        pe.Limit(depth=-1)
    assert issubclass(pe.EngineError, pdntools.PdnError)
    assert issubclass(pe.EngineTerminatedError, pe.EngineError)
    assert issubclass(pe.EngineTimeoutError, pe.EngineError)
    s = pe.PovScore(1.5, "B")
    assert (s.black(), s.white(), s.pov("B")) == (1.5, -1.5, 1.5)


@needs_engine
def test_id_options_analyse_play():
    with popen("hub") as engine:
        assert engine.alive
        assert engine.id == {"name": "pdn-test-engine", "version": "1.0",
                             "author": "pdntools tests"}
        assert set(engine.options) == {"variant", "threads"}
        assert engine.options["threads"].default == "1"
        assert "frisian" in engine.options["variant"].values
        engine.configure({"threads": 2})
        board = pdntools.Board(20)
        info = engine.analyse(board, pe.Limit(depth=3))
        assert info["depth"] == 3 and info["nodes"] > 0
        assert info["score"] == pe.PovScore(0.0, "W")
        pv = info["pv"]
        assert len(pv) == 3 and all(isinstance(m, pdntools.Move) for m in pv)
        assert str(pv[0]) == "31-26" and legal_line(board, pv)
        result = engine.play(board, pe.Limit(depth=3))
        assert result.move == pv[0] and result.ponder == pv[1]
        assert board.ply() == 0          # the board is not changed
        # a game: the moves pushed are the history sent
        for _ in range(12):
            r = engine.play(board, pe.Limit(depth=2))
            assert r.move in board.legal_moves
            board.push(r.move)
        assert board.ply() == 12
        engine.ping()
    assert not engine.alive
    with pytest.raises(pe.EngineTerminatedError, match="closed"):
        engine.play(board, pe.Limit(depth=1))
    engine.quit()                        # again: nothing


@needs_engine
def test_capture_and_string_command(tmp_path):
    # the only move is 21x32x23 (Hub's 21x23x27x28)
    board = pdntools.Board(20, fen="W:W21:B27,28,17")
    cmd = "'%s' hub" % ENGINE
    with pe.SimpleEngine.popen(cmd, cwd=str(tmp_path)) as engine:
        r = engine.play(board, pe.Limit(depth=1))
        assert r.move.is_capture and r.move.captured == (27, 28)
        # Limit() searches depth 1; nodes and time are sent
        assert engine.play(board, pe.Limit()).move == r.move
        assert engine.analyse(board, pe.Limit(nodes=100, time=1.0))["pv"]
        # a finished game: nothing to search, the engine still usable
        over = pdntools.Board(20, fen="B:W21:B")
        with pytest.raises(ValueError, match="no legal move"):
            engine.play(over, pe.Limit(depth=1))
        assert engine.alive


@needs_engine
def test_relative_program_in_cwd():
    d, name = os.path.split(os.path.abspath(ENGINE))
    with pe.SimpleEngine.popen(["./" + name], cwd=d) as engine:
        assert engine.id["name"] == "pdn-test-engine"


@needs_engine
def test_variants():
    with popen() as engine:
        board = pdntools.Board("frisian")
        assert engine.play(board, pe.Limit(depth=2)).move in board.legal_moves
        # the variant is set once, at the first search
        with pytest.raises(pe.EngineError) as e:
            engine.play(pdntools.Board(20), pe.Limit(depth=1))
        assert e.value.code == "variant" and engine.alive
        with pytest.raises(pe.EngineError, match="after the first search"):
            engine.configure({"threads": 4})
        assert engine.play(board, pe.Limit(depth=1)).move in board.legal_moves
    with popen() as engine:
        board = pdntools.Board("english")
        assert engine.play(board, pe.Limit(depth=2)).move in board.legal_moves
    with popen("--wrong-variant") as engine:
        with pytest.raises(pe.EngineError, match="does not play frisian"):
            engine.play(pdntools.Board("frisian"), pe.Limit(depth=1))
        assert engine.alive
        board = pdntools.Board(20)
        assert engine.play(board, pe.Limit(depth=1)).move in board.legal_moves
    with popen() as engine:
        with pytest.raises(pe.EngineError, match="Hub has no name"):
            engine.play(pdntools.Board("towers"), pe.Limit(depth=1))
        with pytest.raises(pe.EngineError) as e:
            engine.configure({"hash": 64})
        assert e.value.code == "tag" and engine.alive


def test_arguments():
    with pytest.raises(ValueError, match="protocol"):
        pe.SimpleEngine.popen(["x"], protocol="uci")
    with pytest.raises(ValueError):
        pe.SimpleEngine.popen([])


@needs_engine
def test_illegal_move_is_never_played():
    board = pdntools.Board(20)
    with popen("--illegal", "--after", "2") as engine:
        first = engine.play(board, pe.Limit(depth=1)).move
        board.push(first)
        with pytest.raises(pe.EngineError) as e:
            engine.play(board, pe.Limit(depth=1))
        assert type(e.value) is pe.EngineError
        assert e.value.code == "illegal" and e.value.move == "1-2"
        assert "move '1-2' is not legal in B:" in str(e.value)
        assert board.ply() == 1 and board.peek() == first
        # the engine was ended: every later call says so
        assert not engine.alive
        with pytest.raises(pe.EngineTerminatedError, match="1-2"):
            engine.play(board, pe.Limit(depth=1))


@needs_engine
def test_not_a_move():
    with popen("--syntax") as engine:
        with pytest.raises(pe.EngineError) as e:
            engine.play(pdntools.Board(20), pe.Limit(depth=1))
        assert e.value.code == "syntax" and e.value.move == "hello"
        assert not engine.alive


@pytest.mark.parametrize("how,cls,text", [
    ("--silent", pe.EngineTimeoutError, "no answer in 1.0 s"),
    ("--garbage", pe.EngineTimeoutError, "no answer in 1.0 s"),
    ("--flood", pe.EngineTimeoutError, "no answer in 1.0 s"),
    ("--crash", pe.EngineTerminatedError, "killed by signal 6"),
    ("--exit", pe.EngineTerminatedError, "exited with status 3"),
    ("--huge", pe.EngineError, "a line longer than 1048576 bytes"),
])
@needs_engine
def test_engine_failures(how, cls, text):
    with popen(how, timeout=5) as engine:
        with pytest.raises(cls, match=text) as e:
            engine.analyse(pdntools.Board(20), pe.Limit(depth=1), timeout=1)
        assert isinstance(e.value, pe.EngineError)
        assert not engine.alive
        with pytest.raises(pe.EngineTerminatedError):
            engine.ping()


@needs_engine
def test_start_failures(tmp_path):
    with pytest.raises(pe.EngineTimeoutError, match="Hub hello"):
        popen("--no-hello", timeout=1)
    with pytest.raises(pe.EngineError) as e:
        pe.SimpleEngine.popen([str(tmp_path / "none")])
    assert not isinstance(e.value, pe.EngineTerminatedError)
    assert "cannot start" in str(e.value) and e.value.code == "io"
    # it ends at once: not a Hub engine
    with pytest.raises(pe.EngineTerminatedError, match="exited with status"):
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


def test_search_releases_the_gil(tmp_path):
    """A thread waits on an engine that answers only once this thread has
    seen it start the search: the wait must leave the GIL."""
    script = tmp_path / "fake.py"
    script.write_text(FAKE)
    marker, release = tmp_path / "go", tmp_path / "release"
    out = {}
    with pe.SimpleEngine.popen([sys.executable, str(script), str(marker),
                                str(release)]) as engine:
        def work():
            try:
                out["r"] = engine.play(pdntools.Board(20),
                                       pe.Limit(depth=1), timeout=60)
            except Exception as e:      # reported below
                out["e"] = e

        t = threading.Thread(target=work)
        t.start()
        while not marker.exists() and t.is_alive():
            time.sleep(0.01)
        release.touch()
        t.join()
        assert "e" not in out, out.get("e")
        assert str(out["r"].move) == "32-28"


@needs_scan
def test_scan():
    with pe.SimpleEngine.popen(["./scan", "hub"], cwd=SCAN_DIR) as engine:
        assert engine.id["name"] == "Scan"
        assert "normal" in engine.options["variant"].values
        board = pdntools.Board(20)
        info = engine.analyse(board, pe.Limit(depth=4))
        assert info["depth"] >= 1 and "score" in info
        assert len(info["pv"]) >= 2 and legal_line(board, info["pv"])
        for _ in range(20):
            if board.is_game_over():
                break
            r = engine.play(board, pe.Limit(depth=3))
            assert r.move in board.legal_moves
            board.push(r.move)
        assert board.ply() == 20


@needs_scan
def test_scan_frisian():
    with pe.SimpleEngine.popen(["./scan", "hub"], cwd=SCAN_DIR) as engine:
        board = pdntools.Board("frisian")
        for _ in range(6):
            r = engine.play(board, pe.Limit(depth=2))
            assert r.move in board.legal_moves
            board.push(r.move)
