# SPDX-License-Identifier: MIT
"""What a python-chess user expects of pdntools: read_game on an open
file, one error hierarchy, Board.perft, the opening, SVG, square names,
the node API, the stubs (tests/cli/python.sh runs these with the
others)."""
import io
import os
import tempfile
import unittest

import pdntools

GAME = """[Event "E%d"]
[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 {a shot} 4. 10x17 21x14 1-0

"""
OCA = os.path.join(os.environ.get("PDN_SHARED") or (os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared")),
    "corpus", "english", "oca__OCA_2.0.pdn")


def games_text(n):
    return "".join(GAME % i for i in range(1, n + 1))


def read_all(f):
    out = []
    while True:
        g = pdntools.read_game(f)
        if g is None:
            return out
        out.append(g)


class ReadGame(unittest.TestCase):
    def test_binary_and_text_handles(self):
        text = games_text(1000)         # over 64 KiB: past any read-ahead
        self.assertGreater(len(text), 65536)
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "g.pdn")
            with open(p, "w") as f:
                f.write(text)
            for mode in ("rb", "r"):
                with open(p, mode) as f:
                    games = read_all(f)
                    self.assertEqual(f.read(), "" if mode == "r" else b"")
                self.assertEqual([g["Event"] for g in games],
                                 ["E%d" % i for i in range(1, 1001)])
                self.assertTrue(all(len(g.moves) == 8 for g in games))
        self.assertEqual(len(read_all(io.BytesIO(text.encode()))), 1000)
        self.assertEqual(len(read_all(io.StringIO(text))), 1000)

    def test_handle_after_the_game(self):
        f = io.BytesIO(games_text(2).encode() + b"rest")
        self.assertEqual(pdntools.read_game(f)["Event"], "E1")
        self.assertTrue(f.read().lstrip().startswith(b"[Event \"E2\"]"))

    def test_not_seekable(self):
        class Pipe(io.RawIOBase):
            def readable(self):
                return True

            def readinto(self, b):
                return 0
        with self.assertRaises(io.UnsupportedOperation):
            pdntools.read_game(Pipe())
        with self.assertRaises(TypeError):
            pdntools.read_game("not a file")

    @unittest.skipUnless(os.path.exists(OCA), "no ../shared corpus")
    def test_oca(self):
        with open(OCA) as f:
            self.assertEqual(len(read_all(f)), 22621)


class Errors(unittest.TestCase):
    def test_hierarchy(self):
        for cls in (pdntools.IllegalMoveError, pdntools.InvalidFenError,
                    pdntools.InvalidTagError, pdntools.InvalidGameTypeError):
            self.assertTrue(issubclass(cls, ValueError), cls)
            self.assertTrue(issubclass(cls, pdntools.PdnError), cls)

    def test_bad_tags(self):
        g = pdntools.Game()
        for name, value in (("Bad Name", "x"), ("", "x"), ("[x", "y"),
                            ("Event", "a\nb")):
            with self.assertRaises(pdntools.InvalidTagError) as cm:
                g.headers[name] = value
            self.assertEqual(cm.exception.code, "tag")
            self.assertIn("cannot be written in PDN", str(cm.exception))
        self.assertEqual(dict(g.headers), {})

    def test_bad_fen_and_gametype(self):
        with self.assertRaises(pdntools.InvalidFenError):
            pdntools.Board(20, fen="W:W99:B1")
        with self.assertRaises(pdntools.InvalidGameTypeError) as cm:
            pdntools.Board("xyz")
        self.assertIn("unknown game type 'xyz'", str(cm.exception))
        with self.assertRaises(ValueError):
            pdntools.GameType("nonsense")

    def test_bad_arguments(self):
        g = pdntools.parse(GAME % 1)
        with self.assertRaises(ValueError) as cm:
            g.to_pdn(style="bad")
        self.assertIn("'pdn3'", str(cm.exception))
        with self.assertRaises(ValueError):
            g.convert(notation="xyz")
        with self.assertRaises(ValueError):
            g.convert(captures="some")
        with self.assertRaises(TypeError) as cm:
            pdntools.read(123)
        self.assertIn("not int", str(cm.exception))

    def test_result_one_truth(self):
        g = pdntools.Game()
        g.add_variation("11-15")
        g.headers["Result"] = "1-0"
        self.assertEqual(g.result, "1-0")
        self.assertTrue(g.to_pdn("compat").rstrip().endswith("11-15 1-0"))
        g.result = "0-1"
        self.assertEqual(g.headers["Result"], "0-1")
        g.result = None
        self.assertNotIn("Result", g.headers)


class Speedups(unittest.TestCase):
    def test_perft(self):
        b = pdntools.Board(20)
        self.assertEqual([b.perft(d) for d in range(5)],
                         [1, 9, 81, 658, 4265])
        self.assertEqual(pdntools.Board("21").perft(6), 36768)
        with self.assertRaises(ValueError):
            b.perft(-1)

    def test_final_position(self):
        g = pdntools.parse(GAME % 1)
        self.assertEqual(g.final_fen(), g.fens()[-1])
        self.assertEqual(g.final_fen(), g.end().board().fen())
        self.assertEqual(g.final_board().fen(), g.final_fen())
        self.assertEqual(g.final_board().move_stack, [])

    def test_node_walk(self):
        g = pdntools.parse(GAME % 1)
        b = g.board()
        for node in g.mainline():
            b.push(node.move)
        self.assertEqual(b.fen(), g.final_fen())
        self.assertEqual(len(b.move_stack), 8)

    def test_node_walk_stack(self):
        # A line pushed once keeps no position per move (they are played
        # again when asked): its stack, pops, copies and draw counts are
        # those of the positions it went through, in every variant.
        samples = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                               "..", "..", "samples")
        walked = 0
        for name in sorted(os.listdir(samples)):
            if not name.endswith(".pdn"):
                continue
            for g in pdntools.read(os.path.join(samples, name)):
                fens = g.fens()
                nodes = list(g.mainline())
                b = g.board()
                pushed = []
                try:
                    for node in nodes:
                        pushed.append(b.push(node.move))
                except pdntools.IllegalMoveError:
                    pass
                with self.subTest(sample=name, game=g.number):
                    k = len(pushed)
                    self.assertEqual(fens[:k + 1][-1], b.fen())
                    self.assertEqual(b.move_stack, pushed)
                    if k == len(nodes):
                        self.assertEqual(b.draw_info(),
                                         g.end().board().draw_info())
                    c = b.copy()
                    half = k // 2
                    for i in range(k, half, -1):
                        self.assertEqual(b.peek(), pushed[i - 1])
                        self.assertEqual(b.pop(), pushed[i - 1])
                        self.assertEqual(b.fen(), fens[i - 1])
                    # pushed again on the boards the pops left, and back
                    for i in range(half, k):
                        b.push(pushed[i])
                    self.assertEqual(b.fen(), fens[k])
                    while b.ply() > 0:
                        b.pop()
                    self.assertEqual(b.fen(), fens[0])
                    # the copy still holds the whole line
                    self.assertEqual(c.move_stack, pushed)
                    self.assertEqual(c.fen(), fens[k])
                    if k:
                        c.pop()
                        self.assertEqual(c.fen(), fens[k - 1])
                    walked += k
        self.assertGreater(walked, 400)

    def test_pushed_move_checked(self):
        # a Move is played without a search only on the position it
        # comes from: after pop(), set_fen() or a text move, a Move of
        # the position the line reached is searched for among the legal
        # moves of the position left (and is illegal there)
        g = pdntools.parse(GAME % 1)
        for change in ("pop", "set_fen", "push_text"):
            b = g.board()
            for node in g.mainline():
                b.push(node.move)
            nxt = b.legal_moves[0]
            if change == "pop":
                b.pop()
            elif change == "set_fen":
                b.set_fen(g.fens()[-2])
            else:
                b.push_text(str(nxt))
            before = b.fen()
            with self.assertRaises(pdntools.IllegalMoveError):
                b.push(nxt)
            self.assertEqual(b.fen(), before)

    def test_node_move_after_gametype_edit(self):
        # node.move follows an edit of the GameType tag: the move is
        # played under the new rules (it was played on the old board)
        g = pdntools.parse("[GameType \"21\"]\n1. 11-15 24-20 *\n")
        n = g.next()
        self.assertEqual(n.move.path, (11, 15))
        g["GameType"] = "20"
        with self.assertRaises(pdntools.IllegalMoveError):
            n.move
        g["GameType"] = "21"
        self.assertEqual(n.move.path, (11, 15))
        b = g.board()
        b.push(n.move)
        b.push(n.next().move)
        self.assertEqual(b.fen(), g.final_fen())

    def test_move_text_when_asked(self):
        # a node's Move is written when asked (pdn_move_format_gt): the
        # short form as the position's legal moves give it, full where
        # the from-to is ambiguous or a capture ends where it began
        fen = "W:WK47:B14,19,29,31,42"
        g = pdntools.parse('[GameType "20"]\n[FEN "%s"]\n'
                           '1. 47x38x20x9x36 *\n' % fen)
        m = g.next().move
        self.assertEqual(str(m), "47x38x20x9x36")
        self.assertEqual(repr(m), "Move('47x38x20x9x36')")
        b = pdntools.Board("international", fen=fen)
        self.assertEqual(sorted(str(x) for x in b.legal_moves),
                         ["47x38x20x9x36", "47x38x24x13x36"])
        self.assertEqual(str(b.push_text("47x38x20x9x36")), "47x38x20x9x36")
        g = pdntools.parse(GAME % 1)
        texts = [str(n.move) for n in g.mainline()]
        self.assertEqual(texts, g.mainline_moves())
        self.assertEqual(g.end().move.full(), "21x14")
        g = pdntools.parse('[GameType "25"]\n1. c3-d4 f6-e5 2. d4xf6 *\n')
        self.assertEqual([str(n.move) for n in g.mainline()],
                         ["c3-d4", "f6-e5", "d4:f6"])
        # a move no longer legal names itself in the error
        b = pdntools.Board("english")
        mv = b.legal_moves[0]
        b.push(mv)
        with self.assertRaises(pdntools.IllegalMoveError) as cm:
            b.push(mv)
        self.assertEqual(cm.exception.move, str(mv))


class Threads(unittest.TestCase):
    """The module's state is set once, at import, and only read after."""

    def test_classes_given_once(self):
        with self.assertRaises(RuntimeError):
            pdntools._pdn._set_classes(
                pdntools.PdnError, pdntools.Finding,
                pdntools.IllegalMoveError, pdntools.Board, pdntools.GameNode)
        # the classes given stay: a bad FEN is still the package's error
        with self.assertRaises(pdntools.InvalidFenError):
            pdntools.Board("20", fen="bad")

    def test_node_class_is_the_readers(self):
        # a Reader's node_class= is its own games', not every reader's
        class MyNode(pdntools.GameNode):
            __slots__ = ()
        r = pdntools._pdn.Reader((GAME % 1).encode(), node_class=MyNode,
                                 game_class=pdntools.Game)
        mine = next(iter(r))
        theirs = pdntools.parse(GAME % 2)
        self.assertIs(type(mine.next()), MyNode)
        self.assertIs(type(mine.mainline().__next__()), MyNode)
        self.assertIs(type(theirs.next()), pdntools.GameNode)
        self.assertIs(type(mine.copy().next()), MyNode)


class Reach(unittest.TestCase):
    def test_opening(self):
        o = pdntools.parse(GAME % 1).opening()
        self.assertEqual(o["code"], "11-15 23-19 8-11")
        self.assertEqual(o["ballot"], 126)
        self.assertTrue(o["name"])
        self.assertIsNone(pdntools.Game().opening())

    def test_svg(self):
        b = pdntools.Board(20)
        svg = b.svg()
        self.assertTrue(svg.startswith("<?xml"))
        self.assertIn('width="400"', svg)
        self.assertIn('width="300"', b.svg(size=30))
        self.assertNotEqual(b.svg(flipped=True), svg)
        self.assertIn(">50<", b.svg(coordinates=True))
        self.assertFalse(b._repr_svg_().startswith("<?xml"))
        # a towers variant: the height of each stack is drawn
        stacks = pdntools.Board("towers", fen="W:Wc3(bb),e3:Bf6")
        self.assertNotEqual(stacks.svg(), pdntools.Board(
            "towers", fen="W:Wc3,e3:Bf6").svg())

    def test_squares(self):
        self.assertEqual(pdntools.square_name(10, "russian"), "c3")
        self.assertEqual(pdntools.square_number("c3", "russian"), 10)
        self.assertEqual(pdntools.square_number("b10", 20), 1)
        for n in range(1, 51):
            self.assertEqual(pdntools.square_number(
                pdntools.square_name(n, 20), 20), n)
        with self.assertRaises(ValueError):
            pdntools.square_number("a2", "russian")   # a light square
        with self.assertRaises(ValueError):
            pdntools.square_name(33, "russian")

    def test_is_legal(self):
        b = pdntools.Board("21")
        self.assertTrue(b.is_legal("11-15"))
        self.assertFalse(b.is_legal("11-19"))
        self.assertFalse(b.is_legal("nonsense"))
        self.assertTrue(b.is_legal(b.legal_moves[0]))
        self.assertEqual(b.move_stack, [])

    def test_tree(self):
        g = pdntools.parse("[GameType \"21\"]\n1. 11-15 23-19 "
                           "(1... 22-18) 2. 8-11 *\n")
        first = g.variation(0)
        self.assertEqual(first.text, "11-15")
        alt = first.variation(1)
        self.assertEqual(alt.text, "22-18")
        self.assertEqual(first.variation("23-19").text, "23-19")
        self.assertFalse(alt.is_mainline())
        self.assertTrue(g.end().is_mainline())
        self.assertIs(alt.root(), g)
        with self.assertRaises(KeyError):
            first.variation("9-13")

    def test_draw_counters(self):
        b = pdntools.Board(20, fen="W:WK46:BK1")
        for mv in ("46-41", "1-6", "41-46", "6-1") * 2:
            b.push_text(mv)
        self.assertEqual(b.repetitions(), 3)
        self.assertEqual(b.quiet_plies(), 8)
        self.assertEqual(b.draw_info()["rule"], "repetition")

    def test_inference_ambiguity(self):
        one = pdntools.parse('[Event "a"]\n1. 9-13 *\n').inference()
        self.assertEqual(one["gametype"], pdntools.GameType("21"))
        self.assertTrue(one["legal"])
        self.assertTrue(one["ambiguous"])
        self.assertIn(pdntools.GameType("23"), one["also"])
        bad = pdntools.parse('[Event "a"]\n1. 11-15 15-19 *\n').inference()
        self.assertFalse(bad["legal"])
        self.assertFalse(bad["ambiguous"])
        self.assertEqual(bad["plies"], 1)

    def test_version(self):
        self.assertEqual(pdntools.__version__, pdntools.libpdn_version())


if __name__ == "__main__":
    unittest.main()
