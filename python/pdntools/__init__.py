# SPDX-License-Identifier: MIT
"""pdntools: PDN (Portable Draughts Notation) games from Python, with
libpdn compiled in (the extension pdntools._pdn).

    import pdntools
    for game in pdntools.read("games.pdn"):
        print(game.headers.get("White"), game.result)
        board = game.board()
        for node in game.mainline():
            board.push(node.move)
        print(board.fen(), board.outcome())

Reading streams (one game in memory at a time); replaying applies the
game's GameType (tag, Variant tag, the reader's gametype=, else the variant
the game fits), its FEN tag and its setups. See python/README.md.
"""
import collections
import io
import json
import os
import subprocess
from collections.abc import MutableMapping

from . import _pdn

__all__ = ["read", "read_game", "read_string", "parse", "write", "Game",
           "GameNode", "Reader", "Board", "Move", "Ply", "Outcome",
           "GameType", "Finding", "PdnError", "IllegalMoveError",
           "InvalidFenError", "InvalidTagError", "InvalidGameTypeError",
           "check_file", "libpdn_version", "WHITE", "BLACK", "square_name",
           "square_number", "__version__"]

WHITE, BLACK = "W", "B"
Move = _pdn.Move
Ply = _pdn.Ply
Reader = _pdn.Reader


__version__ = _pdn.version()


def libpdn_version():
    """The version of the libpdn built in ("0.1.0")."""
    return _pdn.version()


class PdnError(Exception):
    """An error of libpdn: .code ("syntax", "illegal", ...), .line,
    .column, .game, .text, .source, .severity."""

    def __init__(self, **kw):
        self.code = kw.get("code", "unknown")
        self.line = kw.get("line", 0)
        self.column = kw.get("column", 0)
        self.game = kw.get("game", 0)
        self.text = kw.get("text", "")
        self.source = kw.get("source")
        self.severity = kw.get("severity", "error")
        Exception.__init__(self, str(self))

    def __str__(self):
        where = "%s:%d:%d: " % (self.source or "<input>", self.line,
                                self.column) if self.line else ""
        game = " (game %d)" % self.game if self.game else ""
        return "%s%s: %s%s" % (where, self.severity, self.text, game)


class Finding(PdnError):
    """A problem found by a check: also .ply, .move, .fen, .legal (the legal
    moves of the position, as text); a draw rule adds .rule, .automatic,
    .rule_from."""

    def __init__(self, **kw):
        self.ply = kw.pop("ply", None)
        self.move = kw.pop("move", None)
        self.fen = kw.pop("fen", None)
        self.legal = kw.pop("legal", None)
        self.rule = kw.pop("rule", None)
        self.automatic = kw.pop("automatic", None)
        self.rule_from = kw.pop("rule_from", None)
        PdnError.__init__(self, **kw)

    def as_dict(self):
        return {k: getattr(self, k) for k in (
            "code", "severity", "source", "game", "line", "column", "text",
            "ply", "move", "fen", "legal")}


class IllegalMoveError(Finding, ValueError):
    """A move that cannot be played (code "illegal", "ambiguous" or
    "move"), or a start position or setup that cannot be placed. A
    ValueError, as python-chess's."""


class InvalidFenError(PdnError, ValueError):
    """A FEN or setup that cannot be read or placed (code "setup")."""


class InvalidTagError(PdnError, ValueError):
    """A tag name or value no PDN can hold (code "tag"): a name that is
    empty or holds a blank, a control byte, '[', ']' or '"'; a value with a
    line break."""


class InvalidGameTypeError(PdnError, ValueError):
    """A GameType that is not known (code "variant")."""


def _choice(what, value, choices):
    """value when it is one of choices, else a ValueError naming them."""
    if value not in choices:
        raise ValueError("%s=%r: one of %s" % (
            what, value, ", ".join(repr(c) for c in choices)))
    return value


class GameType(object):
    """A GameType: GameType("20"), GameType("20,W,10,10,N2,0"),
    GameType("english") (any name libpdn knows)."""

    __slots__ = ("value", "name", "number", "notation")

    def __init__(self, spec=20):
        spec = spec.value if isinstance(spec, GameType) else spec
        self.value, self.name, self.number, notation = _pdn.gametype_info(
            spec)
        self.notation = notation.decode()

    def with_notation(self, notation):
        """The same GameType with notation 'A' or 'N' (same corner)."""
        return GameType(_pdn.gametype_with_notation(self.value, notation))

    def __str__(self):
        return self.value

    def __repr__(self):
        return "GameType(%r)" % self.value

    def __eq__(self, other):
        return isinstance(other, GameType) and self.value == other.value

    def __hash__(self):
        return hash(self.value)


Outcome = collections.namedtuple("Outcome", "termination winner result text")
Outcome.__doc__ = """How a game ended: termination ("no-moves",
"variant-end", or a draw rule: "repetition", "kings-moves", "endgame",
"forty-moves"), winner ('W', 'B' or None), result ("1-0", "2-0",
"1/2-1/2", ...) and the rule in words."""

class Board(_pdn.Board):
    """A position under a GameType's rules, with a move stack:
    Board("english"), Board(20, fen="W:W31-50:B1-20").

    legal_moves, push(move), push_text("32-28"), pop(), peek(),
    move_stack, piece_at(square), fen(), set_fen(), key(), turn ('W' or
    'B'), is_game_over(), outcome(), can_claim_draw(), copy();
    str(board) draws it, _repr_svg_() too (Jupyter)."""

    __slots__ = ()

    def outcome(self, claim_draw=False):
        """An Outcome when the game is over (the side to move has no
        move, a folk variant's end, a draw rule that ends the game, or one
        that gives a claim with claim_draw), else None."""
        s = self._status(claim_draw)
        return None if s is None else Outcome(*s)

    def is_game_over(self, claim_draw=False):
        return self._status(claim_draw) is not None

    def play(self, text):
        """push_text, returning the move's short text (as earlier
        versions)."""
        return str(self.push_text(text))

    def svg(self, size=None, flipped=False, coordinates=False,
            header=True):
        """The position as an SVG image, drawn by libpdn (pdn_board_svg):
        size the pixels of a square (default 40, at most 400), flipped
        Black's side at the bottom, coordinates the square numbers (names
        on an algebraic board), header the XML declaration; the towers
        variants show the height of each stack."""
        flags = (1 if flipped else 0) | (2 if coordinates else 0) | \
            (0 if header else 4)
        return self._svg(flags, int(size or 0))

    def _repr_svg_(self):
        return self.svg(header=False)

    def is_legal(self, move):
        """Whether move (a Move, or a text such as "11-15") is a legal move
        of this position, written so that it names one move."""
        if isinstance(move, str):
            b = self.copy(stack=False)
            try:
                b.push_text(move)
            except IllegalMoveError:
                return False
            return True
        return move in self.legal_moves

    def draw_info(self):
        """The draw-rule counts after the moves of the stack (a dict):
        ply, repetitions (of this position), quiet (plies since the last
        capture or man move), since_capture, and the first rule that fired
        (rule, automatic, rule_ply, rule_from, rule_text; rule "none")."""
        return self._draw_info()

    def repetitions(self):
        """How often this position has occurred (this time included)."""
        return self._draw_info()["repetitions"]

    def quiet_plies(self):
        """Plies since the last capture or man move (python-chess's
        halfmove clock)."""
        return self._draw_info()["quiet"]


def square_name(number, gametype=20):
    """The name of square number on a GameType's board: square_name(10,
    "russian") is "c3"."""
    return _pdn.square_name(str(gametype), number)


def square_number(name, gametype=20):
    """The number of the square named name ("c3") on a GameType's board:
    square_number("c3", "russian") is 10."""
    return _pdn.square_number(str(gametype), name)


class Headers(MutableMapping):
    """A game's tags as a mapping (the first value of each name, in input
    order); writing sets or appends, del removes every tag of a name."""

    __slots__ = ("_game",)

    def __init__(self, game):
        self._game = game

    def __getitem__(self, name):
        v = self._game._tag(name)
        if v is None:
            raise KeyError(name)
        return v

    def __setitem__(self, name, value):
        self._game._set_tag(name, str(value))

    def __delitem__(self, name):
        if self._game._remove_tag(name) == 0:
            raise KeyError(name)

    def __iter__(self):
        seen = set()
        for k, _ in self._game.tag_items():
            if k not in seen:
                seen.add(k)
                yield k

    def __len__(self):
        return len({k for k, _ in self._game.tag_items()})

    def __repr__(self):
        return "Headers(%r)" % dict(self)


class _TreeMixin(object):
    """What a Game and a GameNode share, as python-chess's GameNode."""

    __slots__ = ()

    def _child(self):
        raise NotImplementedError

    @property
    def variations(self):
        """The moves that follow: the main continuation first, then its
        alternatives."""
        first = self._child()
        return [] if first is None else [first] + first._alternatives()

    def next(self):
        """The main continuation, or None."""
        return self._child()

    def variation(self, which):
        """A continuation: by index (0 the main one), by Move or by its
        text; KeyError when none."""
        v = self.variations
        if isinstance(which, int):
            return v[which]
        for n in v:
            if n.text == str(which) or (isinstance(which, Move) and
                                        n.move == which):
                return n
        raise KeyError(which)

    def root(self):
        """The Game this node belongs to."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def is_mainline(self):
        """Whether this node is on the game's main line."""
        node = self
        while node.parent is not None:
            if node.parent.next() != node:
                return False
            node = node.parent
        return True

    def is_end(self):
        return self._child() is None

    def mainline(self):
        """The nodes of the main line from here (made in one call)."""
        return iter(self._mainline())

    def mainline_moves(self):
        """The written moves of the main line from here."""
        return [n.text for n in self.mainline()]

    def end(self):
        """The last node of the main line (self when it has none)."""
        nodes = self._mainline()
        return nodes[-1] if nodes else self

    def add_variation(self, move, comment=None, nags=()):
        """A new move after this one: the main continuation when there is
        none, else an alternative to it. move: a Move or its text."""
        text = str(move)
        first = self._child()
        if first is None:
            node = self._append_first(text)
        else:
            node = first._edit("variation", text)
        if comment:
            node.comment = comment
        if nags:
            node.nags = set(nags)
        return node

    def add_main_variation(self, move, comment=None):
        """A new move that becomes the main continuation."""
        node = self.add_variation(move, comment)
        first = self._child()
        if first is not None and first != node:
            alts = first._alternatives()
            node = first._promote(alts.index(node))
        return node

    def remove_variation(self, node):
        """Removes the continuation node (with all that follows it)."""
        first = self._child()
        if first is None:
            raise ValueError("no variation to remove")
        if node == first:
            alts = first._alternatives()
            if alts:
                first._promote(0)
                self._child()._remove_variation(0)
            else:
                first._cut()
            return
        alts = first._alternatives()
        first._remove_variation(alts.index(node))

    def promote_to_main(self, node):
        first = self._child()
        if first is not None and node != first:
            first._promote(first._alternatives().index(node))


class GameNode(_TreeMixin, _pdn.Node):
    """A move of a game's tree: .move (a Move), .text (as written),
    .parent, .variations, .comment, .starting_comment, .nags, .board(),
    .ply(), and editing (add_variation, ...)."""

    __slots__ = ()

    def _child(self):
        return self._next()

    def _append_first(self, text):
        return self._edit("after", text)

    @property
    def game(self):
        return self.game_object

    @property
    def comment(self):
        """The comments after the move, joined by a space."""
        return " ".join(self._comments(1))

    @comment.setter
    def comment(self, text):
        self._set_comments(1, [text] if text else [])

    @property
    def starting_comment(self):
        """The comments standing before the move."""
        return " ".join(self._comments(0))

    @starting_comment.setter
    def starting_comment(self, text):
        self._set_comments(0, [text] if text else [])

    @property
    def comments(self):
        return self._comments(1)

    @property
    def nags(self):
        return set(self._nags)

    @nags.setter
    def nags(self, values):
        self._set_nags(sorted(values))

    @property
    def line(self):
        return self._pos[0]

    @property
    def column(self):
        return self._pos[1]

    def board(self):
        """The position after this move (a new Board whose move stack
        holds the line's moves)."""
        return self._board(None)

    def uci(self):
        return self.text

    def __repr__(self):
        return "<GameNode ply %d %s>" % (self.ply(), self.text)


_pdn._set_classes(PdnError, Finding, IllegalMoveError, Board, GameNode,
                  {"setup": InvalidFenError, "tag": InvalidTagError,
                   "variant": InvalidGameTypeError,
                   "illegal": IllegalMoveError, "ambiguous": IllegalMoveError,
                   "move": IllegalMoveError})


class Game(_TreeMixin, _pdn.Game):
    """One game, the root of its tree: headers, mainline(), variations,
    board(), replay(), check(), to_pdn(), convert()."""

    __slots__ = ()

    def _child(self):
        return self._first()

    def _append_first(self, text):
        self._append(text)
        return self._first()

    @property
    def headers(self):
        return Headers(self)

    # the earlier names
    @property
    def tags(self):
        return dict(self.headers)

    def __getitem__(self, name):
        return self.headers[name]

    def __setitem__(self, name, value):
        self.headers[name] = value

    def __delitem__(self, name):
        del self.headers[name]

    def get(self, name, default=None):
        v = self._tag(name)
        return default if v is None else v

    __hash__ = object.__hash__

    @property
    def parent(self):
        return None

    def ply(self):
        return 0

    @property
    def comment(self):
        return " ".join(self.final_comments)

    @property
    def moves(self):
        """The main line's moves as written."""
        return self.mainline_moves()

    def comments(self):
        """(ply, text) for every comment of the main line, in order; ply 0
        stands before the first move."""
        out = []
        i = 0
        for i, n in enumerate(self.mainline()):
            out += [(i, c) for c in n._comments(0)]
            out += [(i + 1, c) for c in n._comments(1)]
        last = i + 1 if self._first() is not None else 0
        return out + [(last, c) for c in self.final_comments]

    def gametype(self, default=None):
        """The GameType replay() uses: the GameType tag, the Variant tag,
        default (else the reader's gametype=), else the variant whose rules
        the main line fits (the one it fits longest when none fits it
        all)."""
        return GameType(self._gametype(default))

    def board(self, gametype=None):
        """The start position (GameType, FEN tag) as a Board."""
        return self._board(gametype)

    def replay(self, gametype=None, strict=True):
        """The main line's plies (Ply: number, text, move, fen, turn,
        line, column), replayed in C in one call. strict: an illegal move
        raises IllegalMoveError after the plies before it; else they are
        given and the error is left in self.replay_error."""
        plies, err, _ = self._replay(gametype, "plies")
        yield from plies
        if err is not None and strict:
            raise err

    def fens(self, gametype=None):
        """The FEN of the start position and after every move of the main
        line (as far as it can be played): one C call."""
        return self._replay(gametype, "fens")[0]

    def final_fen(self, gametype=None):
        """The FEN after the last move of the main line that can be played
        (fens()[-1], without the others): one walk in C."""
        return self._final(gametype)

    def final_board(self, gametype=None):
        """The main line's last position that can be reached as a Board
        with an empty move stack (end().board() holds the line's moves
        on its stack, at the cost of a Board per move)."""
        return self._final(gametype, True)

    def inference(self, name=None):
        """How libpdn infers the variant from the moves alone (what the
        tools do for an untagged game; the tags are not read): a dict with
        gametype (GameType), legal (the main line is legal throughout
        under it), plies (legal plies under it), runner_up (the best other
        candidate libpdn tried on its way, GameType or None),
        runner_up_plies, also (the other variants under which the main
        line is legal throughout, GameTypes) and ambiguous (also is not
        empty: the moves alone do not tell the variant). name: the input's
        name, a hint ("russian.pdn")."""
        gt, legal, moves, plies, nxt, nxt_plies, also = self._infer(name)
        return {"gametype": GameType(gt), "legal": bool(legal),
                "moves": bool(moves), "plies": plies,
                "runner_up": GameType(nxt) if nxt is not None else None,
                "runner_up_plies": nxt_plies,
                "also": [GameType(a) for a in also],
                "ambiguous": bool(also)}

    def opening(self, gametype=None):
        """The opening of the game (libpdn's tables, pdn_opening_game): a
        dict with code (the first plies, "11-15 23-19 8-11"), plies (those
        the named opening covers), name, name_en, ballot (the ACF
        three-move ballot, 0 when none) and setup_plies; None when nothing
        is known."""
        o = self._opening(gametype)
        if o is None:
            return None
        return dict(zip(("code", "plies", "name", "name_en", "ballot",
                         "setup_plies"), o))

    def keys(self, gametype=None):
        """The position keys (Board.key()) of the main line, as fens()."""
        return self._replay(gametype, "keys")[0]

    def replay_error(self, gametype=None):
        """The IllegalMoveError that stops the main line, or None."""
        return self._replay(gametype, "none")[1]

    def check(self, gametype=None, draw_rules=True):
        """What pdn-legal reports for this game's main line: a list of
        Finding (the reader's error, the first move that cannot be played,
        a move after the end of the game, and the draw rules: a move after
        an automatic draw, a draw by rule or a claim (severity warning), a
        win recorded after a draw), with the reader's warnings and a game
        with no moves (severity warning). Empty when all is well."""
        out = list(self.warnings)
        if self.error is not None:
            out.append(self.error)
        return out + self._check(gametype, draw_rules)

    @property
    def warnings(self):
        """The reader's warnings about this game (Finding, severity
        "warning"): what it read in a lenient way."""
        return list(self._warnings or ())

    def to_pdn(self, style="pdn3", crlf=False):
        """The game as PDN text. style: "pdn3" (strict PDN 3.0), "compat"
        (result token, 80 columns) or "keep" (tags in input order, the
        game's own terminator)."""
        flags = {"pdn3": 0, "compat": 1, "keep": 8 | 16}[
            _choice("style", style, ("pdn3", "compat", "keep"))]
        return self._to_pdn(flags | (2 if crlf else 0))

    def __str__(self):
        return self.to_pdn("keep")

    def convert(self, notation=None, captures="short", gametype=None):
        """Rewrites the main line's moves in place: notation "num" or "alg"
        (the GameType tag is rewritten to say so; None keeps it), captures
        "short" (from-to unless ambiguous) or "full" (every landing square).
        Raises IllegalMoveError (ValueError for another notation or
        captures); returns self."""
        _choice("notation", notation, (None, "num", "alg"))
        _choice("captures", captures, ("short", "full"))
        flags = 1 if captures == "full" else 0
        flags |= {"alg": 4, "num": 2}.get(notation, 0)
        gt = GameType(self._convert(flags, gametype))
        if notation in ("alg", "num"):
            self["GameType"] = str(gt.with_notation(
                "A" if notation == "alg" else "N"))
        return self

    def __repr__(self):
        return "<Game %d %r>" % (self.number, self.get("Event"))


def _source(source, name):
    """(what the C reader reads, its name)."""
    if isinstance(source, os.PathLike) or isinstance(source, str):
        path = os.fspath(source)
        return os.fsdecode(path), name or os.fsdecode(path)
    if isinstance(source, (bytes, bytearray, memoryview)):
        if name is None:
            p = os.fsdecode(bytes(source))
            return p, p
        return bytes(source), name
    if not hasattr(source, "read"):
        raise TypeError("a path, bytes or a file object, not %s"
                        % type(source).__name__)
    if hasattr(source, "buffer") and hasattr(source, "encoding"):
        source = source.buffer if source.buffer is not None else source
    return source, name or getattr(source, "name", "<stream>")


class _TextStream(object):
    """A text stream read as UTF-8 bytes, no more than asked each time."""

    def __init__(self, f):
        self._f = f
        self._rest = b""

    def read(self, n):
        while len(self._rest) < n:
            t = self._f.read(n)
            if not t:
                break
            self._rest += t.encode("utf-8")
        out, self._rest = self._rest[:n], self._rest[n:]
        return out


def read(source, gametype=None, name=None):
    """Iterates the games of source: a path, a binary or text file object,
    or bytes (with name=). gametype: the GameType of games without a
    GameType or Variant tag (default: the variant each fits)."""
    src, label = _source(source, name)
    if not isinstance(src, (str, bytes)):
        try:
            probe = src.read(0)
        except Exception:
            probe = b""
        if isinstance(probe, str):
            src = _TextStream(src)
    if gametype is not None and not isinstance(gametype, str):
        gametype = str(gametype)
    return _pdn.Reader(src, label, gametype, Game, GameNode)


class _Window(object):
    """The bytes of an open file as one game's reader asks for them, in
    small reads (so that little is read past the game), remembering what
    was given so that the file can be put back right after the game."""

    def __init__(self, f, text):
        self._f = f
        self._text = text
        self._chunk = 4096
        self._given = []     # text: the str chunks given, in order
        self.total = 0       # bytes given

    def read(self, n):
        want = min(n, self._chunk)
        if self._chunk < 65536:
            self._chunk *= 2
        if self._text:
            t = self._f.read(max(1, want // 4))
            if not isinstance(t, str):
                raise TypeError("read_game: the handle gave %s, not str"
                                % type(t).__name__)
            self._given.append(t)
            b = t.encode("utf-8")
        else:
            b = self._f.read(want)
            if not isinstance(b, (bytes, bytearray)):
                raise TypeError("read_game: the handle gave %s, not bytes"
                                % type(b).__name__)
        self.total += len(b)
        return b

    def chars(self, nbytes):
        """The characters given in the first nbytes bytes (text)."""
        data = "".join(self._given).encode("utf-8")[:nbytes]
        return len(data.decode("utf-8", "replace"))


def read_game(handle, gametype=None, name=None):
    """The next game of an open file (binary or text), or None at the end
    of it, leaving handle right after the game, so that

        while True:
            game = pdntools.read_game(f)
            if game is None:
                break

    reads every game of f, as python-chess's chess.pgn.read_game does. The
    reader reads a little past the game and then seeks back: handle must be
    seekable (io.UnsupportedOperation otherwise; read(handle) iterates the
    games of any stream). Game numbers and positions count from where the
    handle stood."""
    if not hasattr(handle, "read"):
        raise TypeError("read_game: a file object, not %s"
                        % type(handle).__name__)
    if not (hasattr(handle, "seekable") and handle.seekable()):
        raise io.UnsupportedOperation(
            "read_game: the handle is not seekable (the reader reads ahead "
            "of the game and must go back); use pdntools.read(handle) to "
            "iterate the games of a stream")
    start = handle.tell()
    text = isinstance(handle, io.TextIOBase) or \
        isinstance(handle.read(0), str)
    win = _Window(handle, text)
    label = name or getattr(handle, "name", "<stream>")
    if gametype is not None and not isinstance(gametype, str):
        gametype = str(gametype)
    r = _pdn.Reader(win, str(label), gametype, Game, GameNode)
    try:
        game = next(r, None)
        end = r._tell()
    finally:
        r.close()
    if game is None:
        return None
    if end is not None and end < win.total:
        if text:
            handle.seek(start)
            handle.read(win.chars(end))
        else:
            handle.seek(start + end)
    return game


def read_string(text, gametype=None, name="<string>"):
    """Iterates the games of a PDN text (str or bytes)."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    return read(data, gametype, name)


def parse(text, gametype=None):
    """The first game of a PDN text."""
    for g in read_string(text, gametype):
        return g
    raise PdnError(code="no-moves", text="no game in the text")


def write(games, dest, style="pdn3", crlf=False):
    """Writes games to dest (a path or a text file object) as PDN."""
    if isinstance(dest, (str, bytes, os.PathLike)):
        with open(dest, "w", encoding="utf-8", newline="") as f:
            return write(games, f, style, crlf)
    if isinstance(games, Game):
        games = [games]
    n = 0
    for g in games:
        dest.write(g.to_pdn(style, crlf))
        n += 1
    return n


def check_file(path, tool="pdn-legal", args=()):
    """Runs a pdntools checker (pdn-legal, pdn-validate) on path with
    -f json and returns its findings as dicts (the tool's JSON records).
    The tool is looked up in $PATH."""
    p = subprocess.run([tool, "-f", "json"] + list(args) + [str(path)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        raise OSError("%s exited %d: %s" % (tool, p.returncode,
                                             p.stderr.decode("utf-8",
                                                             "replace")))
    return [json.loads(line) for line in p.stdout.decode("utf-8")
            .splitlines() if line.strip()]
