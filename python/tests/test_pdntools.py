# SPDX-License-Identifier: MIT
"""Tests of the pdntools module over the built libpdn (tests/cli/python.sh
runs them with PDNTOOLS_LIBPDN pointing into the build tree)."""
import contextlib
import gzip
import io
import os
import shutil
import tempfile
import unittest

import pdntools

ENGLISH = """[Event "Club match"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 {a shot} 4. 10x17 21x14 1-0

[Event "Second"]
[GameType "21"]
[Result "*"]
1. 11-15 24-19 2. 15x24 28x19 *
"""

ILLEGAL = """[Event "Copy error"]
[GameType "20"]
1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23-28 4. 31-26 *
"""

ALG = """[GameType "25"]
1. e3-f4 d6-e5 2. f4xd6 e7xc5 *
"""


@contextlib.contextmanager
def written(name, data):
    """A temporary file holding data (bytes or text), by its path."""
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, name)
        with open(p, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        yield p


class Reading(unittest.TestCase):
    def test_tags_and_moves(self):
        games = list(pdntools.read_string(ENGLISH))
        self.assertEqual(len(games), 2)
        g = games[0]
        self.assertEqual(g.number, 1)
        self.assertEqual(g.tags, {"Event": "Club match", "White": "Ann",
                                  "Black": "Bob", "Result": "1-0"})
        self.assertEqual(g["White"], "Ann")
        self.assertIsNone(g.get("FEN"))
        self.assertEqual(g.moves, ["11-15", "23-19", "8-11", "22-17",
                                   "9-13", "17-14", "10x17", "21x14"])
        self.assertEqual(g.result, "1-0")
        self.assertIn((6, "a shot"), g.comments())
        self.assertTrue(g.raw.startswith(b'[Event "Club match"]'))
        self.assertEqual(games[1].line, 7)

    def test_file_path_and_object(self):
        with written("e.pdn", ENGLISH) as p:
            by_path = [g.tags["Event"] for g in pdntools.read(p)]
            with open(p, "rb") as f:
                by_obj = [g.tags["Event"] for g in pdntools.read(f)]
            by_text = [g.tags["Event"] for g in
                       pdntools.read(io.StringIO(ENGLISH))]
            self.assertEqual(by_path, ["Club match", "Second"])
            self.assertEqual(by_obj, by_path)
            self.assertEqual(by_text, by_path)
            with self.assertRaises(OSError):
                list(pdntools.read(p + ".absent"))

    def test_gzip(self):
        data = gzip.compress(ENGLISH.encode())
        with written("e.pdn.gz", data) as p:
            self.assertEqual([g.moves for g in pdntools.read(p)],
                             [g.moves for g in pdntools.read_string(ENGLISH)])
        mem = list(pdntools.read(data, name="mem.gz"))
        self.assertEqual([g.number for g in mem], [1, 2])
        cut = []
        with self.assertRaises(pdntools.PdnError) as cm:
            for g in pdntools.read(data[:-30], name="cut.gz"):
                cut.append(g.number)
        self.assertEqual(cut, [1, 2])   # game 2 as far as it goes
        self.assertEqual(cm.exception.code, "encoding")
        self.assertIn("truncated", cm.exception.text)

    def test_reader_error_keeps_going(self):
        text = '[Event "a"]\n1. 32-28 [x *\n\n[Event "b"]\n1. 32-28 *\n'
        games = list(pdntools.read_string(text, gametype=20))
        self.assertEqual([g.get("Event") for g in games], ["a", "b"])
        self.assertIsNone(games[0].error)
        self.assertEqual((games[1].error.code, games[1].error.line),
                         ("tag", 2))


class Replaying(unittest.TestCase):
    def test_fens_and_moves(self):
        g = pdntools.parse(ENGLISH)   # no GameType: English is inferred
        self.assertEqual(g.gametype().number, 21)
        plies = [(p.number, p.text, p.move, p.fen) for p in g.replay()]
        self.assertEqual(len(plies), 8)
        self.assertEqual(plies[0][:3], (1, "11-15", "11-15"))
        self.assertEqual(plies[0][3],
                         "W:W21,22,23,24,25,26,27,28,29,30,31,32:"
                         "B1,2,3,4,5,6,7,8,9,10,12,15")
        self.assertTrue(plies[-1][3].startswith("B:"))

    def test_stale_ply(self):
        plies = list(pdntools.parse(ENGLISH).replay())
        with self.assertRaises(RuntimeError):
            plies[0].fen

    def test_illegal(self):
        g = pdntools.parse(ILLEGAL)
        with self.assertRaises(pdntools.IllegalMoveError) as cm:
            list(g.replay())
        e = cm.exception
        self.assertEqual((e.code, e.ply, e.move, e.line), ("illegal", 7,
                                                           "31-26", 3))
        self.assertEqual(sorted(e.legal), ["32x23", "33x22"])
        found = g.check()
        self.assertEqual(len(found), 1)
        self.assertEqual(found[0].ply, 7)
        self.assertEqual(pdntools.parse(ENGLISH).check(), [])

    def test_fen_tag_and_board(self):
        g = pdntools.parse('[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 *\n')
        self.assertEqual([p.fen for p in g.replay()], ["B:W19:B"])
        b = pdntools.Board("international")
        self.assertEqual(len(b.legal_moves()), 9)
        self.assertEqual(b.play("32-28"), "32-28")
        self.assertEqual(b.turn, "B")
        with self.assertRaises(pdntools.IllegalMoveError):
            b.play("32-28")


class Writing(unittest.TestCase):
    def test_round_trip(self):
        g = pdntools.parse(ENGLISH)
        again = pdntools.parse(g.to_pdn("keep"))
        self.assertEqual(g, again)
        self.assertIn('[Result "1-0"]', g.to_pdn())
        out = io.StringIO()
        self.assertEqual(pdntools.write(pdntools.read_string(ENGLISH), out), 2)
        self.assertEqual(len(list(pdntools.read_string(out.getvalue()))), 2)

    def test_edit_tags(self):
        g = pdntools.parse(ENGLISH)
        g["Site"] = "Leeds"
        del g["Black"]
        self.assertEqual(g.tags.get("Site"), "Leeds")
        self.assertNotIn("Black", g.tags)
        with self.assertRaises(KeyError):
            del g["Black"]

    def test_convert(self):
        g = pdntools.parse(ALG).convert(notation="num")
        self.assertEqual(g.moves, ["11-15", "22-19", "15:22", "27:18"])
        self.assertEqual(g["GameType"], "25,W,8,8,N0,0")
        back = pdntools.parse(g.to_pdn()).convert(notation="alg")
        self.assertEqual(back.moves, ["e3-f4", "d6-e5", "f4:d6", "e7:c5"])
        self.assertEqual(back["GameType"], "25")
        full = pdntools.parse(ENGLISH).convert(captures="full")
        self.assertEqual(full.moves[-2:], ["10x17", "21x14"])


class Tools(unittest.TestCase):
    @unittest.skipUnless(shutil.which("pdn-legal"), "pdn-legal not in PATH")
    def test_check_file(self):
        with written("bad.pdn", ILLEGAL) as p:
            found = pdntools.check_file(p)
        self.assertEqual([(r["code"], r["ply"]) for r in found],
                         [("illegal", 7)])

    def test_version(self):
        self.assertRegex(pdntools.libpdn_version(), r"^\d+\.\d+\.\d+$")


if __name__ == "__main__":
    unittest.main()
