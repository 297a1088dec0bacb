# SPDX-License-Identifier: MIT
"""pdntools.engine: draughts engines run as separate processes and spoken
to through the Hub protocol (Scan's), shaped as python-chess's
chess.engine.SimpleEngine:

    import pdntools, pdntools.engine
    board = pdntools.Board(20)
    with pdntools.engine.SimpleEngine.popen(["./scan", "hub"],
                                            cwd="scan") as engine:
        info = engine.analyse(board, pdntools.engine.Limit(depth=8))
        print(info["score"], info["pv"])
        result = engine.play(board, pdntools.engine.Limit(time=0.5))
        board.push(result.move)

An engine that speaks DXP (the DamExchange Protocol over TCP: Scan's
`scan dxp`, Kingsrow, Dam) is a DxpEngine, pdntools the initiator of
the games (new_game) or, asked for them, the follower (wait_game):

    with pdntools.engine.DxpEngine.connect("127.0.0.1", 27531) as engine:
        board = pdntools.Board(20)
        engine.new_game(board, "B")        # the engine plays Black
        move = ...                         # ours, for White
        engine.send_move(board, move)
        board.push(move)
        result = engine.play(board)        # its move, read
        board.push(result.move)
        engine.end_game()

The client is libpdn's (pdn/engine.h): every answer has a deadline, every
line a length limit, and a move the engine gives is checked against the
rules: one that is not legal is an EngineError naming it, never played.
The waits run without the GIL. See python/README.md.
"""
import re
import shlex

from . import Board, PdnError, _pdn

__all__ = ["SimpleEngine", "DxpEngine", "Limit", "PlayResult", "PovScore",
           "Option", "EngineError", "EngineTerminatedError",
           "EngineTimeoutError", "DXP_UNKNOWN", "DXP_I_LOSE", "DXP_DRAW",
           "DXP_I_WIN"]

# DXP's GAMEEND reasons, from the sender's view
DXP_UNKNOWN, DXP_I_LOSE, DXP_DRAW, DXP_I_WIN = 0, 1, 2, 3


_MOVE = re.compile(r"move '([^']*)' is (?:not legal|ambiguous)|"
                   r"'([^']*)' is not a move")


class EngineError(PdnError):
    """An engine that misbehaves (code "illegal": a move that is not legal,
    with .move its text; "syntax": an answer that is not Hub; "limit": a
    line too long; "io": a program that cannot be started or says it
    failed), or a request it cannot carry ("variant": a variant it does
    not play; "tag": a parameter it does not have)."""

    def __init__(self, **kw):
        PdnError.__init__(self, **kw)
        m = _MOVE.search(self.text) if self.code in ("illegal", "syntax") \
            else None
        self.move = m and (m.group(1) if m.group(1) is not None
                           else m.group(2))

    def __str__(self):
        return self.text


class EngineTerminatedError(EngineError):
    """The program ended (it exited, crashed, closed its output), or the
    engine was closed or made unusable by an earlier error."""


class EngineTimeoutError(EngineError):
    """The program gave no answer in time (then it is ended)."""


_pdn.Engine._set_classes(EngineError, EngineTerminatedError,
                         EngineTimeoutError)


class Limit(object):
    """The limits of a search: depth (plies), nodes, time (seconds for the
    move, Hub's move-time). With none set, a search of depth 1."""

    __slots__ = ("depth", "nodes", "time")

    def __init__(self, depth=None, nodes=None, time=None):
        for name, v in (("depth", depth), ("nodes", nodes), ("time", time)):
            if v is not None and (isinstance(v, bool) or v < 0):
                raise ValueError("Limit: %s=%r must be a number >= 0"
                                 % (name, v))
        self.depth = depth
        self.nodes = nodes
        self.time = time

    def __repr__(self):
        return "Limit(%s)" % ", ".join(
            "%s=%r" % (k, getattr(self, k)) for k in self.__slots__
            if getattr(self, k) is not None)

    def __eq__(self, other):
        return isinstance(other, Limit) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None


class PovScore(object):
    """A score in men (a man is 1.0), from the point of view of turn ('W'
    or 'B'), the side to move in the position searched."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative, turn):
        self.relative = relative
        self.turn = turn

    def pov(self, color):
        """The score from color's point of view ('W' or 'B')."""
        return self.relative if color == self.turn else -self.relative

    def white(self):
        return self.pov("W")

    def black(self):
        return self.pov("B")

    def __repr__(self):
        return "PovScore(%r, %r)" % (self.relative, self.turn)

    def __eq__(self, other):
        return isinstance(other, PovScore) and \
            (self.relative, self.turn) == (other.relative, other.turn)

    def __hash__(self):
        return hash((self.relative, self.turn))


class Option(object):
    """A parameter the engine declared: name, default (its value then, a
    string) and values (the choices of an enum, else an empty list)."""

    __slots__ = ("name", "default", "values")

    def __init__(self, name, default, values):
        self.name = name
        self.default = default
        self.values = values

    def __repr__(self):
        return "Option(name=%r, default=%r, values=%r)" % (
            self.name, self.default, self.values)

    def __eq__(self, other):
        return isinstance(other, Option) and \
            (self.name, self.default, self.values) == \
            (other.name, other.default, other.values)

    __hash__ = None


class PlayResult(object):
    """What play() gives: move (a Move of the board), ponder (the answer
    the engine expects, the second move of its line, or None) and info
    (as analyse() gives it). A DXP engine that ends the game instead of
    moving gives move None, resigned (its GAMEEND said it loses) or
    draw_offered (it said draw), and info["gameend"] its reason."""

    __slots__ = ("move", "ponder", "info", "resigned", "draw_offered")

    def __init__(self, move, ponder, info, resigned=False,
                 draw_offered=False):
        self.move = move
        self.ponder = ponder
        self.info = info
        self.resigned = resigned
        self.draw_offered = draw_offered

    def __repr__(self):
        return "<PlayResult move=%s ponder=%s>" % (self.move, self.ponder)


def _board_of(fen):
    """An international draughts Board of a FEN."""
    return Board(20, fen=fen)


def _words(command):
    if isinstance(command, (str, bytes)):
        if isinstance(command, bytes):
            command = command.decode()
        return shlex.split(command)
    return [w if isinstance(w, (str, bytes)) else str(w) for w in command]


def _fileno(stderr):
    if stderr is None:
        return -1
    if isinstance(stderr, int):
        return stderr
    return stderr.fileno()


class _Closing(object):
    """A context manager that closes the engine at its end."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        raise NotImplementedError


class SimpleEngine(_Closing):
    """An engine process and its Hub client. Start one with popen(); use
    it with `with` (or call quit()). One call at a time: calls from other
    threads wait for it."""

    def __init__(self, command, cwd=None, protocol="hub", timeout=10.0,
                 stderr=None):
        if protocol != "hub":
            raise ValueError("protocol=%r: the only protocol is 'hub'"
                             % (protocol,))
        if timeout is None:
            timeout = 0.0
        self._engine = _pdn.Engine(_words(command), cwd, float(timeout),
                                   _fileno(stderr))
        self._game = None
        name, version, author = self._engine.id()
        self.id = {"name": name, "author": author}
        if version:
            self.id["version"] = version
        self.options = {}
        for n, default, values in self._engine.params():
            self.options[n] = Option(n, default, values.split())

    @classmethod
    def popen(cls, command, cwd=None, protocol="hub", timeout=10.0,
              stderr=None):
        """Starts command (a list of words, or a string split as the shell
        would, without a shell) in cwd and reads its hello. protocol: "hub";
        timeout: seconds allowed for the answers that are not a search's;
        stderr: where the engine's standard error goes (a file or a
        descriptor; None: nowhere)."""
        return cls(command, cwd, protocol, timeout, stderr)

    def __repr__(self):
        return "<SimpleEngine %r%s>" % (
            self.id.get("name"), "" if self._engine.alive else " (ended)")

    @property
    def alive(self):
        """Whether the program runs and can be used."""
        return self._engine.alive

    def configure(self, options):
        """Sets the engine's parameters ({name: value}) before its first
        search (Hub initialises an engine then): EngineError for a
        parameter it did not declare or once it has searched. A value True
        or False is sent as "true" or "false"."""
        for name, value in dict(options).items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            self._engine.set_param(str(name), str(value))

    def ping(self):
        """Waits for the engine's pong."""
        self._engine.ping()

    def _search(self, board, limit, game, timeout, analyze):
        if not isinstance(limit, Limit):
            raise TypeError("limit: a pdntools.engine.Limit, not %s"
                            % type(limit).__name__)
        if game is not None and game is not self._game:
            if self._game is not None:
                self._engine.new_game()
            self._game = game
        move, pv, score, depth, nodes, secs = self._engine.search(
            board, int(limit.depth or 0), int(limit.nodes or 0),
            float(limit.time or 0.0), float(timeout or 0.0), analyze)
        info = {"pv": pv, "time": secs}
        if score is not None:
            info["score"] = PovScore(score, board.turn)
        if depth:
            info["depth"] = depth
        if nodes:
            info["nodes"] = nodes
        return move, info

    def analyse(self, board, limit, game=None, timeout=None):
        """Searches board's position (its GameType sets the engine's
        variant; its move stack is sent as the history) and returns what
        the engine said (a dict): pv (Moves, the first the engine's move),
        score (PovScore, when given), depth and nodes (when given), time
        (seconds). game: a new object there tells the engine that a new
        game began. timeout: seconds to wait for the move (None: libpdn's
        default, twice the time limit plus 10, else 60)."""
        return self._search(board, limit, game, timeout, True)[1]

    def play(self, board, limit, game=None, timeout=None):
        """The engine's move in board's position, as a PlayResult (move,
        ponder, info); arguments as analyse(). The board is not changed."""
        move, info = self._search(board, limit, game, timeout, False)
        pv = info["pv"]
        return PlayResult(move, pv[1] if len(pv) > 1 else None, info)

    def quit(self):
        """Sends quit, gives the program a moment to end, then kills it."""
        self._engine.close()

    def close(self):
        self._engine.close()


class DxpEngine(_Closing):
    """An engine spoken to through DXP over TCP, pdntools being the
    initiator of the games (new_game: it asks, the engine follows) or the
    follower (wait_game, answer_game: the engine asks).
    Make one with connect() (an engine that listens, as `scan dxp` with
    dxp-server = true) or listen() then accept() (an engine that
    connects). International draughts (GameType 20) only. Every wait has
    a deadline (timeout, seconds: connecting, accepting, the game's
    acceptance, the game's end; a move's is play()'s); a move that is not
    legal is an EngineError naming it, never played; an error makes the
    connection unusable (EngineTerminatedError after it). One call at a
    time."""

    def __init__(self, dxp):
        self._dxp = dxp
        self.id = {}

    @classmethod
    def connect(cls, host="127.0.0.1", port=27531, timeout=10.0, name=None):
        """Connects to an engine that listens on host and port. name: ours
        in GAMEREQ (None: "pdntools")."""
        return cls(_pdn.Dxp(host, str(port), False, float(timeout or 0.0),
                            name))

    @classmethod
    def listen(cls, port=0, host="127.0.0.1", timeout=10.0, name=None):
        """Listens on host and port (0: one the system chooses, .port) for
        an engine to connect; accept() waits for it."""
        return cls(_pdn.Dxp(host, str(port), True, float(timeout or 0.0),
                            name))

    @property
    def port(self):
        """The port listened on (after listen()), else 0."""
        return self._dxp.port

    def accept(self):
        """Waits for the engine's connection (after listen())."""
        self._dxp.accept()

    def __repr__(self):
        return "<DxpEngine %r%s>" % (
            self.id.get("name"), "" if self.alive else " (ended)")

    @property
    def alive(self):
        """Whether the connection can be used."""
        return self._dxp.alive

    @property
    def chat(self):
        """The text of the engine's last CHAT ("" when none)."""
        return self._dxp.chat

    def new_game(self, board, color, minutes=0, moves=0):
        """Asks for a game from board's position (GAMEREQ), the engine
        playing color ('W' or 'B'), thinking time minutes for moves
        moves, and waits for its acceptance: EngineError ("io") when it
        refuses, ("variant") for a board DXP cannot carry."""
        self._dxp.game_request(board, color, int(minutes), int(moves))
        name = self._dxp.peer_name
        if name:
            self.id["name"] = name

    def wait_game(self, timeout=None):
        """The follower's side, for a peer that asks for the games: waits
        (at most timeout seconds; None: 60) for its GAMEREQ and returns
        (board, color, minutes, moves): a new Board of the game's start,
        our colour ('W' or 'B'), the thinking time. answer_game() must
        answer it; once accepted, the game goes on with send_move(),
        play() (its GAMEEND read as play()'s result) and end_game()."""
        fen, color, minutes, moves = self._dxp.wait_game(
            float(timeout or 0.0))
        name = self._dxp.peer_name
        if name:
            self.id["name"] = name
        return _board_of(fen), color, minutes, moves

    def answer_game(self, accept=True, code=None):
        """Answers the request wait_game() read (GAMEACC): accept, or
        decline (code 2; code: DXP's acceptance code, 0 to 3)."""
        self._dxp.answer_game(int(code) if code is not None
                              else 0 if accept else 2)

    def send_move(self, board, move, time=0.0):
        """Sends our move, a legal move of board's position, with the
        seconds it took (the board is not changed)."""
        self._dxp.send_move(board, move, float(time))

    def play(self, board, timeout=None):
        """Reads the engine's move in board's position (waiting at most
        timeout seconds; None: 60), as a PlayResult; the board is not
        changed."""
        move, x = self._dxp.read_move(board, float(timeout or 0.0))
        if move is None:
            return PlayResult(None, None, {"gameend": x},
                              resigned=x == DXP_I_LOSE,
                              draw_offered=x == DXP_DRAW)
        return PlayResult(move, None, {"time": x})

    def end_game(self, reason=DXP_UNKNOWN, stop=False):
        """Ends the game (GAMEEND, reason from our side's view: DXP_I_WIN,
        DXP_I_LOSE, DXP_DRAW, DXP_UNKNOWN; stop ends the session) and waits
        for the engine's GAMEEND, unless it ended the game first."""
        self._dxp.game_end(int(reason), bool(stop))

    def quit(self):
        """Closes the connection."""
        self._dxp.close()

    def close(self):
        self._dxp.close()
