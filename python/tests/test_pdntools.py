# SPDX-License-Identifier: MIT
"""Tests of the pdntools module (tests/cli/python.sh installs it into a
fresh virtual environment with pip and runs them there, under pytest when
it is installed, else unittest)."""
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

    def test_plies_are_values(self):
        plies = list(pdntools.parse(ENGLISH).replay())
        self.assertEqual(plies[0].fen.split(":")[0], "W")
        self.assertEqual((plies[0].line, plies[0].column), (5, 4))
        g = pdntools.parse(ENGLISH)
        fens = g.fens()
        self.assertEqual(len(fens), 9)
        self.assertEqual(fens[1:], [p.fen for p in plies])
        self.assertEqual(len(set(g.keys())), 9)

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
        # the checker's words, as pdn-legal's and Game.check()'s
        self.assertEqual(e.text, "illegal move '31-26' at ply 7: capture "
                         "is compulsory")
        self.assertEqual(e.text, found[0].text)
        self.assertEqual(pdntools.parse(ENGLISH).check(), [])

    def test_ambiguous_words(self):
        fen = "W:WK47:B14,19,29,31,42"
        g = pdntools.parse('[GameType "20"]\n[FEN "%s"]\n1. 47x36 *\n' % fen)
        with self.assertRaises(pdntools.IllegalMoveError) as cm:
            list(g.replay())
        fits = ("ambiguous move '47x36' at ply 1: write it as "
                "47x38x20x9x36 or 47x38x24x13x36")
        self.assertEqual((cm.exception.code, cm.exception.text),
                         ("ambiguous", fits))
        self.assertEqual([f.text for f in g.check()], [fits])
        # a Board's move has no ply to give
        b = pdntools.Board("international", fen=fen)
        with self.assertRaises(pdntools.IllegalMoveError) as cm:
            b.play("47x36")
        self.assertEqual(cm.exception.text, fits.replace(" at ply 1", ""))

    def test_fen_tag_and_board(self):
        g = pdntools.parse('[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 *\n')
        self.assertEqual([p.fen for p in g.replay()], ["B:W19:B"])
        b = pdntools.Board("international")
        self.assertEqual(len(b.legal_moves), 9)
        self.assertEqual(b.play("32-28"), "32-28")
        self.assertEqual(b.turn, "B")
        with self.assertRaises(pdntools.IllegalMoveError):
            b.play("32-28")


class Boards(unittest.TestCase):
    def test_push_pop(self):
        b = pdntools.Board("english")
        start = b.fen()
        moves = b.legal_moves
        self.assertEqual(sorted(map(str, moves)),
                         ["10-14", "10-15", "11-15", "11-16", "12-16",
                          "9-13", "9-14"])
        m = [x for x in moves if str(x) == "11-15"][0]
        self.assertEqual((m.from_square, m.to_square, m.captured),
                         (11, 15, ()))
        b.push(m)
        b.push_text("23-19")
        self.assertEqual(b.ply(), 2)
        self.assertEqual([str(x) for x in b.move_stack], ["11-15", "23-19"])
        after = b.fen()
        self.assertEqual(str(b.pop()), "23-19")
        self.assertEqual(str(b.pop()), "11-15")
        self.assertEqual(b.fen(), start)
        with self.assertRaises(IndexError):
            b.pop()
        b.push_text("11-15")
        c = b.copy()
        c.push_text("23-19")
        self.assertEqual(c.fen(), after)
        self.assertNotEqual(b.fen(), after)
        with self.assertRaises(pdntools.IllegalMoveError) as cm:
            b.push(m)       # 11-15 again: no man on 11
        self.assertIn("22-18", cm.exception.legal)

    def test_pieces_text_svg(self):
        b = pdntools.Board("english")
        self.assertEqual(b.piece_at(1), "b")
        self.assertEqual(b.piece_at(32), "w")
        self.assertIsNone(b.piece_at(15))
        with self.assertRaises(ValueError):
            b.piece_at(33)
        rows = str(b).split("\n")
        self.assertEqual(len(rows), 8)
        self.assertEqual(sum(r.count("b") for r in rows), 12)
        self.assertEqual(sum(r.count(".") for r in rows), 8)
        svg = b._repr_svg_()
        self.assertTrue(svg.startswith("<svg"))
        self.assertEqual(svg.count("<circle"), 24)
        b.set_fen("W:WK10:B1")
        self.assertEqual(b.piece_at(10), "W")
        self.assertEqual(b._repr_svg_().count("<circle"), 3)  # king: 2
        self.assertEqual(b.material(), (0, 1, 1, 0))

    def test_key_has_the_variant(self):
        i, f = pdntools.Board("20"), pdntools.Board("40")
        self.assertEqual(i.fen(), f.fen())
        self.assertEqual(i.hash(), f.hash())
        self.assertNotEqual(i.key(), f.key())
        self.assertEqual(i.key(), pdntools.Board(20).key())

    def test_game_over(self):
        b = pdntools.Board("english", fen="B:W22:B18")
        self.assertFalse(b.is_game_over())
        self.assertIsNone(b.outcome())
        b.push_text("18x25")
        out = b.outcome()
        self.assertIsNotNone(out)
        # Black moves first in English: its win is written 1-0
        self.assertEqual((out.termination, out.winner, out.result),
                         ("no-moves", "B", "1-0"))
        self.assertTrue(b.is_game_over())

    def test_folk_end(self):
        # Stavropol: White's move leaves no white piece able to move
        b = pdntools.Board("25,W,8,8,A0,0,stavropol", fen="W:Wg1:Bg3,f4")
        self.assertIsNone(b.outcome())
        b.push_text("g1-h2")
        out = b.outcome()
        self.assertEqual((out.termination, out.winner, out.result),
                         ("variant-end", "B", "0-1"))
        b.pop()
        self.assertFalse(b.is_game_over())

    def test_repetition(self):
        b = pdntools.Board("english", fen="W:WK29:BK4")
        self.assertFalse(b.can_claim_draw())
        for _ in range(2):
            for mv in ("29-25", "4-8", "25-29", "8-4"):
                b.push_text(mv)
        over = b.outcome(claim_draw=True)
        self.assertIsNotNone(over)
        self.assertEqual(over.termination, "repetition")
        self.assertEqual(over.result, "1/2-1/2")
        # taken back: no longer a third time
        b.pop()
        self.assertIsNone(b.outcome(claim_draw=True))


TREE = """[GameType "21"]
1. 11-15 (1. 9-14 22-18 {the Double Corner}) 23-19 $1 {main} 2. 8-11 *
"""


class Tree(unittest.TestCase):
    def test_navigation(self):
        g = pdntools.parse(TREE)
        self.assertEqual(g.headers["GameType"], "21")
        main = list(g.mainline())
        self.assertEqual([n.text for n in main], ["11-15", "23-19", "8-11"])
        self.assertEqual([n.ply() for n in main], [1, 2, 3])
        self.assertIs(main[0].parent, g)
        self.assertEqual(main[2].parent, main[1])
        self.assertEqual([n.text for n in g.variations], ["11-15", "9-14"])
        alt = g.variations[1]
        self.assertIs(alt.parent, g)
        self.assertEqual(alt.variations[0].comment, "the Double Corner")
        self.assertEqual(main[1].nags, {1})
        self.assertEqual(main[1].comment, "main")
        self.assertEqual(str(main[1].move), "23-19")
        b = g.board()
        for n in g.mainline():
            b.push(n.move)
        self.assertEqual(b.fen(), g.fens()[-1])
        b = main[2].board()
        self.assertEqual(b.ply(), 3)
        self.assertEqual(b.fen(), g.fens()[3])
        self.assertEqual(alt.variations[0].board().piece_at(18), "w")
        main[1].text = "21-17"            # an edit: the positions again
        self.assertEqual(str(main[2].move), "8-11")
        after = main[2].board()
        self.assertEqual((after.piece_at(17), after.piece_at(21)),
                         ("w", None))
        main[1].text = "24-19"            # now 8-11 leaves a capture
        with self.assertRaises(pdntools.IllegalMoveError):
            main[2].move

    def test_editing(self):
        g = pdntools.parse(TREE)
        end = g.end()
        n = end.add_variation("24-20", comment="new", nags={2})
        self.assertEqual(n.ply(), 4)
        self.assertEqual(g.mainline_moves()[-1], "24-20")
        alt = end.parent.add_variation("22-18")
        self.assertEqual([v.text for v in end.parent.variations],
                         ["8-11", "22-18"])
        alt.comment = "or this"
        again = pdntools.parse(g.to_pdn())
        last = again.end()
        self.assertEqual((last.text, last.nags), ("24-20", {2}))
        self.assertIn((4, "new"), again.comments())
        self.assertIn("{or this}", g.to_pdn())
        end.parent.remove_variation(alt)
        self.assertEqual(len(end.parent.variations), 1)
        end.parent.add_main_variation("22-17")
        self.assertEqual(g.mainline_moves(), ["11-15", "23-19", "22-17"])
        empty = pdntools.Game()
        self.assertEqual(empty.variations, [])
        empty.headers["GameType"] = "21"
        first = empty.add_variation("11-15")
        self.assertIsInstance(first, pdntools.GameNode)
        self.assertIs(first.parent, empty)
        first.add_variation("23-19")
        self.assertEqual(empty.mainline_moves(), ["11-15", "23-19"])
        self.assertEqual(empty.end().board().turn, "B")  # Black began


class Checks(unittest.TestCase):
    def test_draw_rules(self):
        text = ('[GameType "21"]\n[FEN "W:WK29:BK4"]\n[Result "1-0"]\n'
                + " ".join(["29-25 4-8 25-29 8-4"] * 3) + " 1-0\n")
        found = pdntools.parse(text).check()
        codes = [(f.code, f.severity) for f in found]
        self.assertIn(("draw-repetition", "warning"), codes)
        self.assertEqual(pdntools.parse(text).check(draw_rules=False), [])

    def test_material(self):
        g = pdntools.parse(ENGLISH)
        ply, key, fen = g.find_material(11, 0, 12, 0)
        self.assertEqual(ply, 7)
        self.assertEqual(fen, g.fens()[7])
        self.assertEqual(key, g.keys()[7])
        self.assertIsNone(g.find_material(1, 1, 1, 1))


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
