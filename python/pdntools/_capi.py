# SPDX-License-Identifier: MIT
"""ctypes declarations of the libpdn C API (lib/pdn/*.h), all in one file.

Only this file knows the C types; pdntools/__init__.py builds the Python
API on it. When a header changes, this is the file to follow it.

The shared library is found, in order, through $PDNTOOLS_LIBPDN (a path),
the libdir that `make install` recorded in _libdir.py, and the system's
loader (ctypes.util.find_library("pdn"), then "libpdn.so.0").
"""
import ctypes
import ctypes.util
import os
from ctypes import (POINTER, Structure, c_char, c_char_p, c_int, c_size_t,
                    c_ubyte, c_uint, c_uint64, c_ulong, c_void_p)

PATH_MAX = 32          # PDN_PATH_MAX
FEN_MAX = 160          # PDN_FEN_MAX
ERROR_SOURCE_SIZE = 4096
ERROR_TEXT_SIZE = 200


def _candidates():
    env = os.environ.get("PDNTOOLS_LIBPDN")
    if env:
        yield env
        return
    try:
        from ._libdir import LIBDIR  # written by make install
        yield os.path.join(LIBDIR, "libpdn.so.0")
    except ImportError:
        pass
    found = ctypes.util.find_library("pdn")
    if found:
        yield found
    yield "libpdn.so.0"
    yield "libpdn.dylib"


def _load():
    tried = []
    for name in _candidates():
        try:
            return ctypes.CDLL(name)
        except OSError as e:
            tried.append("%s (%s)" % (name, e))
    raise ImportError("pdntools: libpdn not found; tried " + "; ".join(tried)
                      + ". Install pdntools (make install) or set "
                      "PDNTOOLS_LIBPDN to the path of libpdn.so")


lib = _load()


class Pos(Structure):
    _fields_ = [("line", c_ulong), ("column", c_ulong), ("offset", c_size_t)]


class Error(Structure):
    _fields_ = [("code", c_int), ("severity", c_int), ("pos", Pos),
                ("game", c_ulong), ("text", c_char * ERROR_TEXT_SIZE),
                ("source", c_char * ERROR_SOURCE_SIZE)]


class MoveText(Structure):
    _fields_ = [("n", c_ubyte), ("capture", c_ubyte), ("algebraic", c_ubyte),
                ("file_only", c_ubyte), ("sep", c_char),
                ("sq", c_ubyte * PATH_MAX)]


class Move(Structure):
    _fields_ = [("n", c_ubyte), ("ncaptured", c_ubyte), ("promotes", c_ubyte),
                ("path", c_ubyte * PATH_MAX),
                ("captured", c_ubyte * PATH_MAX)]


class Match(Structure):
    _fields_ = [("status", c_int), ("reason", c_int), ("count", c_size_t),
                ("move", Move)]


class GameType(Structure):
    _fields_ = [("type", c_int), ("rules", c_int), ("giveaway", c_int),
                ("start", c_char), ("width", c_int), ("height", c_int),
                ("notation", c_char), ("corner", c_int), ("invert", c_int),
                ("folk", c_int)]


class FenPiece(Structure):
    _fields_ = [("colour", c_char), ("king", c_ubyte), ("algebraic", c_ubyte),
                ("sq", c_ubyte), ("nunder", c_ubyte), ("under", c_char * 31)]


class Fen(Structure):
    _fields_ = [("turn", c_char), ("count", c_size_t),
                ("piece", FenPiece * FEN_MAX)]


# enum values used by the module
MATCH_LEGAL, MATCH_ILLEGAL, MATCH_AMBIGUOUS = 0, 1, 2
MOVE_SHORT, MOVE_FULL, MOVE_NUMERIC, MOVE_ALGEBRAIC = 0, 1, 2, 4
WRITE_PDN3, WRITE_COMPAT, WRITE_CRLF, WRITE_LATIN1 = 0, 1, 2, 4
WRITE_KEEP_TAGS, WRITE_KEEP_RESULT = 8, 16
BEFORE, AFTER = 0, 1
SEV_ERROR, SEV_WARNING = 0, 1
EILLEGAL, EAMBIGUOUS = 10, 11

P = c_void_p
_E = POINTER(Error)
READ_FN = ctypes.CFUNCTYPE(c_size_t, c_void_p, c_size_t, c_void_p)

# name: (restype, argtypes)
_DECLS = {
    "pdn_version": (c_char_p, []),
    "pdn_code_name": (c_char_p, [c_int]),
    "pdn_error_clear": (None, [_E]),
    # reader.h
    "pdn_reader_new_mem": (P, [c_char_p, c_size_t, c_char_p]),
    "pdn_reader_new_cb": (P, [READ_FN, c_void_p, c_char_p]),
    "pdn_reader_free": (None, [P]),
    "pdn_reader_next": (c_int, [P, POINTER(c_void_p), _E]),
    "pdn_reader_set_limits": (None, [P, c_size_t, c_size_t, c_size_t]),
    "pdn_parse_string": (P, [c_char_p, c_size_t, _E]),
    # game.h
    "pdn_game_new": (P, []),
    "pdn_game_free": (None, [P]),
    "pdn_game_number": (c_ulong, [P]),
    "pdn_game_pos": (Pos, [P]),
    "pdn_game_raw": (c_void_p, [P, POINTER(c_size_t)]),
    "pdn_game_tag_count": (c_size_t, [P]),
    "pdn_game_tag_name_at": (c_char_p, [P, c_size_t]),
    "pdn_game_tag_value_at": (c_char_p, [P, c_size_t]),
    "pdn_game_tag": (c_char_p, [P, c_char_p]),
    "pdn_game_set_tag": (c_int, [P, c_char_p, c_char_p]),
    "pdn_game_remove_tag": (c_size_t, [P, c_char_p]),
    "pdn_game_result": (c_char_p, [P]),
    "pdn_game_set_result": (c_int, [P, c_char_p]),
    "pdn_game_comment_count": (c_size_t, [P]),
    "pdn_game_comment_at": (c_char_p, [P, c_size_t]),
    "pdn_game_first": (P, [P]),
    "pdn_game_equal": (c_int, [P, P, c_void_p]),
    "pdn_node_next": (P, [P]),
    "pdn_node_variation_count": (c_size_t, [P]),
    "pdn_node_variation_at": (P, [P, c_size_t]),
    "pdn_node_move": (P, [P]),
    "pdn_node_text": (c_char_p, [P]),
    "pdn_node_pos": (Pos, [P]),
    "pdn_node_set_text": (c_int, [P, c_char_p]),
    "pdn_node_setup": (c_char_p, [P]),
    "pdn_node_nag_count": (c_size_t, [P]),
    "pdn_node_nag_at": (c_int, [P, c_size_t]),
    "pdn_node_comment_count": (c_size_t, [P, c_int]),
    "pdn_node_comment_at": (c_char_p, [P, c_int, c_size_t]),
    "pdn_node_strength": (c_char_p, [P]),
    "pdn_movetext_parse": (c_int, [c_char_p, c_size_t, POINTER(MoveText)]),
    # writer.h
    "pdn_game_to_string": (c_void_p, [P, c_uint, POINTER(c_size_t), _E]),
    # variant.h
    "pdn_gametype_parse": (c_int, [c_char_p, POINTER(GameType), _E]),
    "pdn_gametype_standard": (c_int, [c_int, POINTER(GameType)]),
    "pdn_gametype_by_name": (c_int, [c_char_p, POINTER(GameType)]),
    "pdn_gametype_name": (c_char_p, [POINTER(GameType)]),
    "pdn_gametype_format": (c_size_t, [POINTER(GameType), c_char_p,
                                       c_size_t]),
    "pdn_fen_parse": (c_int, [c_char_p, POINTER(Fen), _E]),
    "pdn_fen_format": (c_size_t, [POINTER(Fen), c_char_p, c_size_t]),
    "pdn_coord_name": (c_size_t, [POINTER(GameType), c_int, c_char_p,
                                  c_size_t]),
    "pdn_coord_to_square": (c_int, [POINTER(GameType), c_int]),
    # rules.h
    "pdn_board_new": (P, [POINTER(GameType), _E]),
    "pdn_board_free": (None, [P]),
    "pdn_board_copy": (None, [P, P]),
    "pdn_board_reset": (None, [P]),
    "pdn_board_set_fen": (c_int, [P, POINTER(Fen), _E]),
    "pdn_board_get_fen": (None, [P, POINTER(Fen)]),
    "pdn_board_turn": (c_char, [P]),
    "pdn_board_piece": (c_int, [P, c_int]),
    "pdn_board_moves": (c_int, [P, P, _E]),
    "pdn_board_apply": (None, [P, POINTER(Move)]),
    "pdn_board_play": (c_int, [P, P, POINTER(Match), P, _E]),
    "pdn_board_hash": (c_uint64, [P]),
    "pdn_reason_text": (c_char_p, [c_int]),
    "pdn_move_format": (c_size_t, [P, P, POINTER(Move), c_uint, c_char_p,
                                   c_size_t]),
    "pdn_movelist_new": (P, []),
    "pdn_movelist_free": (None, [P]),
    "pdn_movelist_count": (c_size_t, [P]),
    "pdn_movelist_at": (POINTER(Move), [P, c_size_t]),
    # result.h
    "pdn_result_outcome": (c_int, [c_char_p]),
}

for _name, (_res, _args) in _DECLS.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args
    globals()[_name[4:]] = _f   # pdn_board_play -> board_play

# free() of the C library, for strings the library returns to its caller
_libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
free = _libc.free
free.restype = None
free.argtypes = [c_void_p]


class Ptr(c_void_p):
    """A pointer the hot paths keep as a ctypes object: a subclass of
    c_void_p is not turned into an int on return, so passing it back
    needs no argtypes conversion (a replay step costs a third less)."""


# Hot-path variants without argtypes: every argument is a Ptr, a byref()
# or None.
fast = ctypes.CDLL(lib._name)
for _name, _res in (("pdn_game_first", Ptr), ("pdn_node_next", Ptr),
                    ("pdn_node_move", Ptr), ("pdn_node_setup", c_void_p),
                    ("pdn_board_play", c_int)):
    getattr(fast, _name).restype = _res
