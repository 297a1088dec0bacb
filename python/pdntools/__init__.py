# SPDX-License-Identifier: MIT
"""pdntools: PDN (Portable Draughts Notation) games from Python, over libpdn.

    import pdntools
    for game in pdntools.read("games.pdn"):
        print(game.number, game.tags.get("White"), game.result)
        for ply in game.replay():
            print(ply.number, ply.text, ply.fen)

Reading streams (one game in memory at a time); replaying applies the
game's GameType (tag, Variant tag, the reader's gametype=, else the variant
the game fits), its FEN tag and its setups. See python/README.md.
"""
import ctypes
import json
import os
import subprocess
from ctypes import byref, c_size_t, c_void_p

from . import _capi as _c

__all__ = ["read", "read_string", "parse", "write", "Game", "Board",
           "GameType", "Replay", "Ply", "Finding", "PdnError",
           "IllegalMoveError", "check_file", "libpdn_version"]

_ENC = "utf-8"


def _s(b):
    return None if b is None else b.decode(_ENC, "replace")


def _b(s):
    return s.encode(_ENC) if isinstance(s, str) else s


def libpdn_version():
    """The version of the loaded libpdn ("0.1.0")."""
    return _s(_c.version())


class PdnError(Exception):
    """An error of libpdn: .code ("syntax", "illegal", ...), .line,
    .column, .game, .text."""

    def __init__(self, err=None, **kw):
        if err is not None:
            kw.setdefault("code", _s(_c.code_name(err.code)))
            kw.setdefault("line", err.pos.line)
            kw.setdefault("column", err.pos.column)
            kw.setdefault("game", err.game)
            kw.setdefault("text", _s(err.text))
            kw.setdefault("source", _s(err.source))
        self.code = kw.get("code", "unknown")
        self.line = kw.get("line", 0)
        self.column = kw.get("column", 0)
        self.game = kw.get("game", 0)
        self.text = kw.get("text", "")
        self.source = kw.get("source")
        Exception.__init__(self, str(self))

    def __str__(self):
        where = "%s:%d:%d: " % (self.source or "<input>", self.line,
                                self.column) if self.line else ""
        game = " (game %d)" % self.game if self.game else ""
        return "%serror: %s%s" % (where, self.text, game)


class Finding(PdnError):
    """A problem found by a check: also .ply, .move, .fen, .legal (the legal
    moves of the position, as text)."""

    def __init__(self, **kw):
        self.ply = kw.pop("ply", None)
        self.move = kw.pop("move", None)
        self.fen = kw.pop("fen", None)
        self.legal = kw.pop("legal", None)
        PdnError.__init__(self, **kw)

    def as_dict(self):
        return {k: getattr(self, k) for k in (
            "code", "source", "game", "line", "column", "text", "ply",
            "move", "fen", "legal")}


class IllegalMoveError(Finding):
    """An illegal or ambiguous move met while replaying (code "illegal" or
    "ambiguous")."""


# ---- GameType ---------------------------------------------------------------

class GameType(object):
    """A GameType: GameType("20"), GameType("20,W,10,10,N2,0"),
    GameType("english") (any name pdn_gametype_by_name knows)."""

    __slots__ = ("_gt",)

    def __init__(self, spec=20):
        self._gt = _c.GameType()
        if isinstance(spec, GameType):
            ctypes.pointer(self._gt)[0] = spec._gt
            return
        text = str(spec)
        err = _c.Error()
        if _c.gametype_parse(_b(text), byref(self._gt), byref(err)) < 0 and \
                _c.gametype_by_name(_b(text), byref(self._gt)) != 0:
            raise ValueError("unknown game type '%s'" % text)

    @property
    def name(self):
        return _s(_c.gametype_name(byref(self._gt)))

    @property
    def number(self):
        return self._gt.type

    @property
    def notation(self):
        return _s(self._gt.notation)

    def with_notation(self, notation):
        """The same GameType with notation 'A' or 'N' (same corner)."""
        gt = GameType(self)
        gt._gt.notation = _b(notation)
        return gt

    def __str__(self):
        buf = ctypes.create_string_buffer(64)
        _c.gametype_format(byref(self._gt), buf, 64)
        return _s(buf.value)

    def __repr__(self):
        return "GameType(%r)" % str(self)

    def __eq__(self, other):
        return isinstance(other, GameType) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


def _fen_value(text):
    fen = _c.Fen()
    err = _c.Error()
    if _c.fen_parse(_b(text), byref(fen), byref(err)) < 0:
        raise PdnError(err)
    return fen


# ---- Board ------------------------------------------------------------------

class Board(object):
    """A position under a GameType's rules: Board("english"),
    Board(20, fen="W:W31-50:B1-20")."""

    def __init__(self, gametype=20, fen=None):
        self.gametype = gametype if isinstance(gametype, GameType) \
            else GameType(gametype)
        err = _c.Error()
        self._b = _c.board_new(byref(self.gametype._gt), byref(err))
        if not self._b:
            raise PdnError(err)
        self._l = _c.movelist_new()
        self._m = _c.Match()
        if fen is not None:
            self.set_fen(fen)

    def __del__(self):
        if getattr(self, "_b", None):
            _c.board_free(self._b)
            _c.movelist_free(self._l)
            self._b = None

    def copy(self):
        b = Board(self.gametype)
        _c.board_copy(b._b, self._b)
        return b

    def set_fen(self, text):
        fen = _fen_value(text)
        err = _c.Error()
        if _c.board_set_fen(self._b, byref(fen), byref(err)) != 0:
            raise PdnError(err)

    @property
    def fen(self):
        fen = _c.Fen()
        _c.board_get_fen(self._b, byref(fen))
        buf = ctypes.create_string_buffer(_c.FEN_MAX * 5 + 8)
        _c.fen_format(byref(fen), buf, len(buf))
        return _s(buf.value)

    @property
    def turn(self):
        """'W' or 'B'."""
        return _s(_c.board_turn(self._b))

    def hash(self):
        return _c.board_hash(self._b)

    def _format(self, move, flags, l=None):
        buf = ctypes.create_string_buffer(_c.PATH_MAX * 4 + 8)
        _c.move_format(self._b, l, move, flags, buf, len(buf))
        return _s(buf.value)

    def legal_moves(self, full=False):
        """The legal moves of the side to move, as text (short form unless
        full)."""
        err = _c.Error()
        if _c.board_moves(self._b, self._l, byref(err)) != 0:
            raise PdnError(err)
        flags = _c.MOVE_FULL if full else _c.MOVE_SHORT
        return [self._format(_c.movelist_at(self._l, i), flags, self._l)
                for i in range(_c.movelist_count(self._l))]

    def play(self, text):
        """Plays a move written as text ("32-28", "c3:e5"); returns it as
        written canonically. Raises IllegalMoveError."""
        mt = _c.MoveText()
        raw = _b(text)
        if _c.movetext_parse(raw, len(raw), byref(mt)) != 0:
            raise IllegalMoveError(code="move", text="'%s' is not a move"
                                   % text, move=text)
        err = _c.Error()
        st = _c.board_play(self._b, byref(mt), byref(self._m), self._l,
                           byref(err))
        if st == _c.MATCH_LEGAL:
            return self._format(byref(self._m.move), _c.MOVE_SHORT, self._l)
        if st < 0:
            raise PdnError(err)
        raise _illegal(self, self._m, text)

    def __str__(self):
        return self.fen


def _illegal(board, match, text, **kw):
    """The IllegalMoveError for a move board could not play (its scratch
    list holds the legal moves)."""
    legal = [board._format(_c.movelist_at(board._l, i), _c.MOVE_SHORT,
                           board._l)
             for i in range(_c.movelist_count(board._l))]
    if match.status == _c.MATCH_AMBIGUOUS:
        code, why = "ambiguous", "ambiguous move '%s' (%d legal moves fit)" \
            % (text, match.count)
    elif not legal:
        code, why = "illegal", "move '%s' after the end of the game: the " \
            "side to move has no legal move" % text
    else:
        code, why = "illegal", "illegal move '%s': %s" % (
            text, _s(_c.reason_text(match.reason)))
    return IllegalMoveError(code=code, text=why, move=text, fen=board.fen,
                            legal=legal, **kw)


# ---- Games ------------------------------------------------------------------

class Game(object):
    """One game: tags, moves, result, raw text; replay(), check(), to_pdn(),
    convert()."""

    def __init__(self, ptr=None, source=None, reader=None):
        self._g = ptr if ptr else _c.game_new()
        if not self._g:
            raise MemoryError()
        self.source = source
        self.error = None          # the reader's error in this game, if any
        self._reader = reader
        self._default = None       # the reader's gametype=
        self._fits = None          # the inferred GameType it all fits

    def __del__(self):
        if getattr(self, "_g", None):
            _c.game_free(self._g)
            self._g = None

    @property
    def number(self):
        return _c.game_number(self._g)

    @property
    def line(self):
        return _c.game_pos(self._g).line

    @property
    def tags(self):
        """The tags as a dict (the first value of each name, input order)."""
        d = {}
        for k, v in self.tag_items():
            d.setdefault(k, v)
        return d

    def tag_items(self):
        """Every tag pair, duplicates included, in input order."""
        g = self._g
        return [(_s(_c.game_tag_name_at(g, i)), _s(_c.game_tag_value_at(g, i)))
                for i in range(_c.game_tag_count(g))]

    def __getitem__(self, name):
        v = _c.game_tag(self._g, _b(name))
        if v is None:
            raise KeyError(name)
        return _s(v)

    def get(self, name, default=None):
        v = _c.game_tag(self._g, _b(name))
        return default if v is None else _s(v)

    def __setitem__(self, name, value):
        if _c.game_set_tag(self._g, _b(name), _b(value)) != 0:
            raise MemoryError()

    def __delitem__(self, name):
        if _c.game_remove_tag(self._g, _b(name)) == 0:
            raise KeyError(name)

    @property
    def result(self):
        """The terminator, normalised ("1-0", "1/2-1/2", "*"), or None."""
        return _s(_c.game_result(self._g))

    @property
    def raw(self):
        """The game's bytes exactly as read."""
        n = c_size_t()
        p = _c.game_raw(self._g, byref(n))
        return ctypes.string_at(p, n.value) if p else b""

    def _nodes(self):
        n = _c.game_first(self._g)
        while n:
            yield n
            n = _c.node_next(n)

    @property
    def moves(self):
        """The main line's moves as written."""
        return [_s(_c.node_text(n)) for n in self._nodes()]

    def comments(self):
        """(ply, text) for every comment of the main line, in order; ply 0
        stands before the first move."""
        out = []
        for i, n in enumerate(self._nodes()):
            for where, ply in ((_c.BEFORE, i), (_c.AFTER, i + 1)):
                for k in range(_c.node_comment_count(n, where)):
                    out.append((ply, _s(_c.node_comment_at(n, where, k))))
        last = sum(1 for _ in self._nodes())
        for k in range(_c.game_comment_count(self._g)):
            out.append((last, _s(_c.game_comment_at(self._g, k))))
        return out

    def gametype(self, default=None):
        """The GameType replay() uses: the GameType tag, the Variant tag,
        default, else the variant whose rules the main line fits (the one it
        fits longest when none fits it all)."""
        tag = self.get("GameType")
        if tag is not None:
            return GameType(tag)
        var = self.get("Variant")
        if var is not None:
            try:
                return GameType(var)
            except ValueError:
                pass
        if default is None:
            default = self._default
        if default is not None:
            return default if isinstance(default, GameType) \
                else GameType(default)
        return _infer(self, self._reader)

    def replay(self, gametype=None, strict=True):
        """An iterator over the main line: a Ply per move played. strict:
        an illegal move raises IllegalMoveError; else the iteration stops
        and the Replay's .error holds it."""
        return Replay(self, gametype, strict)

    def check(self, gametype=None):
        """The problems pdn-legal reports first for this game's main line:
        a list of Finding (empty when every move is legal)."""
        out = [self.error] if self.error is not None else []
        gt = self.gametype(gametype)
        if self._fits is not None and self._fits == str(gt):
            return out          # inferred by a replay that was all legal
        r = Replay(self, gt, strict=False)
        r.run()
        if r.error is not None:
            out.append(r.error)
        return out

    def to_pdn(self, style="pdn3", crlf=False):
        """The game as PDN text. style: "pdn3" (strict PDN 3.0), "compat"
        (result token, 80 columns) or "keep" (tags in input order, the
        game's own terminator)."""
        flags = {"pdn3": _c.WRITE_PDN3, "compat": _c.WRITE_COMPAT,
                 "keep": _c.WRITE_KEEP_TAGS | _c.WRITE_KEEP_RESULT}[style]
        if crlf:
            flags |= _c.WRITE_CRLF
        err = _c.Error()
        n = c_size_t()
        p = _c.game_to_string(self._g, flags, byref(n), byref(err))
        if not p:
            raise PdnError(err)
        try:
            return ctypes.string_at(p, n.value).decode(_ENC, "replace")
        finally:
            _c.free(p)

    def __str__(self):
        return self.to_pdn("keep")

    def __eq__(self, other):
        if not isinstance(other, Game):
            return False
        eq = _c.game_equal(self._g, other._g, None)
        if eq < 0:
            raise MemoryError("pdn_game_equal: out of memory")
        return eq == 1

    __hash__ = object.__hash__

    def convert(self, notation=None, captures="short", gametype=None):
        """Rewrites the main line's moves in place: notation "num" or "alg"
        (the GameType tag is rewritten to say so; None keeps it), captures
        "short" (from-to unless ambiguous) or "full" (every landing square).
        Raises IllegalMoveError; returns self."""
        flags = _c.MOVE_FULL if captures == "full" else _c.MOVE_SHORT
        gt = self.gametype(gametype)
        if notation == "alg":
            flags |= _c.MOVE_ALGEBRAIC
        elif notation == "num":
            flags |= _c.MOVE_NUMERIC
        texts = [(ply.node, ply.format(flags))
                 for ply in Replay(self, gt, True)]
        for node, text in texts:
            if _c.node_set_text(node, _b(text)) != 0:
                raise MemoryError()
        if notation in ("alg", "num"):
            self["GameType"] = str(gt.with_notation(
                "A" if notation == "alg" else "N"))
        return self


class Ply(object):
    """A move of a replay: .number (1-based ply), .text (as written),
    .line/.column; .move (canonical short text), .fen and .turn (the
    position after the move) are read from the replay's board, so they are
    valid until the replay goes on (later: RuntimeError)."""

    __slots__ = ("_r", "number", "node")

    def __init__(self, r, number, node):
        self._r = r
        self.number = number
        self.node = node

    def _live(self):
        if self._r.ply != self.number:
            raise RuntimeError("ply %d: the replay has gone on (read .fen "
                               "and .move during the step)" % self.number)
        return self._r

    @property
    def text(self):
        return _s(_c.node_text(self.node))

    @property
    def line(self):
        return _c.node_pos(self.node).line

    @property
    def column(self):
        return _c.node_pos(self.node).column

    def format(self, flags=_c.MOVE_SHORT):
        b = self._live().board
        return b._format(byref(b._m.move), flags, b._l)

    @property
    def move(self):
        return self.format(_c.MOVE_SHORT)

    @property
    def fen(self):
        return self._live().board.fen

    @property
    def turn(self):
        return self._live().board.turn

    def __repr__(self):
        return "Ply(%d, %r)" % (self.number, self.text)


class Replay(object):
    """Iterates a game's main line from its start position (GameType, FEN
    tag, setups), one Ply per move. .board is the live position, .error the
    IllegalMoveError that stopped a non-strict replay."""

    def __init__(self, game, gametype=None, strict=True):
        self.game = game
        self.gametype = game.gametype(gametype)
        self.strict = strict
        self.error = None
        self.ply = 0
        self.board = Board(self.gametype)
        fen = game.get("FEN")
        if fen is not None:
            self._setup(fen, game.line, 0)

    def _setup(self, fen, line, column):
        try:
            self.board.set_fen(fen)
        except PdnError as e:
            e.line, e.column, e.game = line, column, self.game.number
            e.source = self.game.source
            raise

    def _played(self):
        """The nodes of the main line as each is played (self.ply counts
        them); stops at the first that cannot be (self.error)."""
        b = self.board
        P = _c.Ptr
        bp, lp, mref = P(b._b), P(b._l), byref(b._m)
        f = _c.fast
        play, nxt, move, setup = (f.pdn_board_play, f.pdn_node_next,
                                  f.pdn_node_move, f.pdn_node_setup)
        node = f.pdn_game_first(P(self.game._g))
        ply = 0
        # a setup is written between two '/': a game read without one has
        # none, and its moves need no setup call
        raw = self.game.raw
        setups = not raw or b"/" in raw
        while node:
            if setups and setup(node) is not None:
                pos = _c.node_pos(node)
                self._setup(_s(_c.node_setup(node)), pos.line, pos.column)
            m = move(node)
            if not m or play(bp, m, mref, lp, None) != 0:
                self._fail(node, ply + 1, m)
                return
            ply += 1
            self.ply = ply
            yield node
            node = nxt(node)

    def __iter__(self):
        for node in self._played():
            yield Ply(self, self.ply, node)

    def run(self):
        """Plays the whole main line without yielding; returns the number
        of plies played (self.error tells why it stopped early)."""
        n = 0
        for n, _ in enumerate(self._played(), 1):
            pass
        return n

    def _fail(self, node, ply, m):
        b, g = self.board, self.game
        pos = _c.node_pos(node)
        text = _s(_c.node_text(node))
        kw = dict(line=pos.line, column=pos.column, game=g.number,
                  source=g.source, ply=ply)
        if not m:
            e = IllegalMoveError(code="move", text="'%s' is not a move"
                                 % text, move=text, fen=b.fen, **kw)
        else:
            if b._m.status not in (_c.MATCH_ILLEGAL, _c.MATCH_AMBIGUOUS):
                b._m.status = _c.MATCH_ILLEGAL
            e = _illegal(b, b._m, text, **kw)
            e.text = e.text.replace("'%s'" % text, "'%s' at ply %d"
                                    % (text, ply), 1)
        self.ply = -1
        self.error = e
        if self.strict:
            raise e


# ---- variant inference --------------------------------------------------------

_CANDS_8N = ["21", "22", "23", "24", "28", "31", "25,W,8,8,N2,0"]
_CANDS_8A = ["25", "29", "26", "30", "25,W,8,8,A2,0"]
_CANDS = {"8N": _CANDS_8N, "8A": _CANDS_8A, "10": ["20", "40"],
          "12": ["27"]}


def _board_class(game):
    top, alg, fr = 0, False, 0
    mt = _c.MoveText
    for i, n in enumerate(game._nodes()):
        if i == 16:     # a sample: _infer tries every class when it misleads
            break
        p = _c.node_move(n)
        if not p:
            continue
        m = mt.from_address(p)
        if m.algebraic:
            alg = True
            for i in range(m.n):
                fr = max(fr, m.sq[i] & 15, m.sq[i] >> 4)
        else:
            top = max(top, max(m.sq[i] for i in range(m.n)))
    if alg:
        return "8A" if fr < 8 else "10" if fr < 10 else "12"
    return "8N" if top <= 32 else "10" if top <= 50 else "12"


def _fit(game, gt):
    """Plies of the main line legal under gt (all: -1)."""
    try:
        r = Replay(game, gt, strict=False)
    except PdnError:
        return 0
    n = r.run()
    return -1 if r.error is None else n


def _infer(game, reader):
    cls = _board_class(game)
    cands = _CANDS[cls] + [c for k in ("8N", "8A", "10", "12") if k != cls
                           for c in _CANDS[k]]
    last = reader._last if reader is not None else None
    if last in cands:
        cands = [last] + [c for c in cands if c != last]
    best, best_n = cands[0], -2
    for c in cands:
        gt = _GT_CACHE.get(c) or _GT_CACHE.setdefault(c, GameType(c))
        n = _fit(game, gt)
        if n < 0:
            if reader is not None:
                reader._last = c
            game._fits = str(gt)
            return gt
        if n > best_n:
            best, best_n = c, n
    return _GT_CACHE[best]


_GT_CACHE = {}


# ---- reading and writing --------------------------------------------------------

_libc = _c._libc
_libc.fopen.restype = c_void_p
_libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_libc.fclose.argtypes = [c_void_p]
_c.lib.pdn_reader_new_file.restype = c_void_p
_c.lib.pdn_reader_new_file.argtypes = [c_void_p, ctypes.c_char_p]


class _Reader(object):
    """The games of one input, one at a time."""

    def __init__(self, source, name, gametype=None):
        self._fp = None
        self._keep = None
        self._last = None
        self.gametype = gametype
        if isinstance(source, (str, os.PathLike)) or \
                (isinstance(source, bytes) and name is None):
            path = os.fsencode(source)
            self.name = name or os.fsdecode(path)
            open(path, "rb").close()   # OSError as Python raises it
            self._fp = _libc.fopen(path, b"rb")
            if not self._fp:
                raise OSError("cannot open " + self.name)
            self._r = _c.lib.pdn_reader_new_file(self._fp, _b(self.name))
        elif isinstance(source, bytes):
            self.name = name or "<string>"
            self._keep = source
            self._r = _c.reader_new_mem(source, len(source), _b(self.name))
        else:
            self.name = name or getattr(source, "name", "<stream>")
            self._keep = _c.READ_FN(self._pull(source))
            self._r = _c.reader_new_cb(self._keep, None, _b(str(self.name)))
        if not self._r:
            self.close()
            raise MemoryError()

    @staticmethod
    def _pull(f):
        def cb(buf, size, _ud):
            try:
                data = f.read(size)
            except Exception:
                return c_size_t(-1).value
            if isinstance(data, str):
                data = data.encode(_ENC)
            ctypes.memmove(buf, data, len(data))
            return len(data)
        return cb

    def __iter__(self):
        err = _c.Error()
        out = c_void_p()
        nxt = _c.reader_next
        while self._r:
            rc = nxt(self._r, byref(out), byref(err))
            if rc == 0:
                break
            if out.value is None:
                e = PdnError(err)
                e.source = self.name
                if err.code in (1, 2, 9):   # nomem, io, encoding: stops
                    self.close()
                    raise e
                continue
            g = Game(out.value, self.name, self)
            out.value = None
            if rc < 0:
                g.error = Finding(**PdnError(err).__dict__)
                g.error.source = self.name
            g._default = self.gametype
            yield g
        self.close()

    def close(self):
        if getattr(self, "_r", None):
            _c.reader_free(self._r)
            self._r = None
        if self._fp:
            _libc.fclose(self._fp)
            self._fp = None

    __del__ = close


def read(source, gametype=None, name=None):
    """Iterates the games of source: a path, a binary or text file object,
    or bytes (with name=). gametype: the GameType of games without a
    GameType or Variant tag (default: the variant each fits)."""
    return iter(_Reader(source, name, gametype))


def read_string(text, gametype=None, name="<string>"):
    """Iterates the games of a PDN text (str or bytes)."""
    return read(_b(text), gametype, name)


def parse(text, gametype=None):
    """The first game of a PDN text."""
    for g in read_string(text, gametype):
        return g
    raise PdnError(code="no-moves", text="no game in the text")


def write(games, dest, style="pdn3", crlf=False):
    """Writes games to dest (a path or a text file object) as PDN."""
    if isinstance(dest, (str, bytes, os.PathLike)):
        with open(dest, "w", encoding=_ENC, newline="") as f:
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
                                             p.stderr.decode(_ENC, "replace")))
    return [json.loads(line) for line in p.stdout.decode(_ENC).splitlines()
            if line.strip()]
