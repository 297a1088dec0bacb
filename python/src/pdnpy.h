/* SPDX-License-Identifier: MIT */
/* pdntools._pdn: the compiled core of the pdntools module, over libpdn's
 * public API (compiled in by setup.py). board.c: Board; move.c: Move; walk.c
 * (walk.h): walking a main line and variant inference; replay.c: the
 * batch replays, check and convert; game.c: Game; node.c: Node;
 * reader.c: Reader and Ply; engine.c: Engine (pdntools.engine);
 * module.c: the module, errors and GameType helpers. No file keeps mutable state of its own: what a walk needs
 * belongs to its game. */
#ifndef PDNPY_H
#define PDNPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>
#include <pdn/pdn.h>

/* The exception classes, given by the Python package (_set_classes). */
extern PyObject *pdnpy_PdnError, *pdnpy_Finding, *pdnpy_IllegalMoveError;

extern PyTypeObject PdnPy_BoardType, PdnPy_MoveType, PdnPy_GameType,
    PdnPy_NodeType, PdnPy_ReaderType;
extern PyTypeObject *PdnPy_PlyType;

/* A GameType from a str ("20", "english", "21,W,8,8,N2,0"), an int (20) or
 * None (International): 0, or -1 with ValueError. */
int pdnpy_gametype(PyObject *spec, pdn_gametype *gt);
/* The GameType as its tag value ("21,W,8,8,N2,0" or "21"). */
PyObject *pdnpy_gametype_str(const pdn_gametype *gt);
/* Raises cls (a PdnError class) built from *e plus the keywords of extra
 * (may be NULL); returns NULL. */
PyObject *pdnpy_raise(PyObject *cls, const pdn_error *e, PyObject *extra);
/* An instance of cls with keywords kw (a dict). */
PyObject *pdnpy_make(PyObject *cls, PyObject *kw);
/* kw of an error: code, line, column, game, text, source. */
PyObject *pdnpy_error_kw(const pdn_error *e);

/* The position key: pdn_board_hash with the GameType in it (two variants
 * with the same pieces differ). Switch to libpdn's variant-keyed key when
 * it has one (issue 29, item 5). */
uint64_t pdnpy_key(const pdn_board *b);

/* Board. */
typedef struct {
    PyObject_HEAD
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l;      /* scratch */
    pdn_board **hist;     /* hist[i]: the position before move i, for
                           * i < nsaved (the others replayed when asked) */
    pdn_move *moves;      /* the move stack */
    size_t n, cap, nhist; /* moves, room, boards allocated in hist */
    size_t nsaved;        /* hist[0..nsaved) hold their positions */
    uint64_t hash;        /* pdn_board_hash(b), when hash_ok */
    int hash_ok;
    pdn_drawstate *ds;    /* fed lazily: ds_fed positions after moves */
    size_t ds_fed;
    int ds_valid;
} PdnPyBoard;

/* Move (move.c): a legal move of a position. */
typedef struct {
    PyObject_HEAD
    pdn_move m;
    pdn_gametype gt;
    uint64_t origin;      /* pdn_board_hash of the position it is from */
    uint64_t after;       /* and of the position it leads to, if has_after */
    int has_after;
    int ambiguous;        /* its short form lists every landing square */
} PdnPyMove;

/* Whether a and b are the same move (path and captured squares). */
static inline int
pdnpy_move_same(const pdn_move *a, const pdn_move *b)
{
    return a->n == b->n && a->ncaptured == b->ncaptured &&
           memcmp(a->path, b->path, a->n) == 0 &&
           memcmp(a->captured, b->captured, a->ncaptured) == 0;
}

/* The class of the Boards made in C (the package's Board subclass). These
 * and the exception classes are set once, when the package is imported
 * (_set_classes), and only read after: no state changes under threads. */
extern PyTypeObject *pdnpy_board_class;
/* The class of the Nodes made in C (the package's GameNode). */
extern PyTypeObject *pdnpy_node_class;
/* A new Board of gt in b's position (b NULL: the initial position). */
PdnPyBoard *pdnpy_board_new(const pdn_gametype *gt, const pdn_board *b);
/* Plays a written move on the board, keeping the stack: 0, or -1 with
 * IllegalMoveError (or another exception). pos/ply/game (may be NULL) go
 * into the error. */
int pdnpy_board_push_mt(PdnPyBoard *self, const pdn_movetext *mt,
                        const char *text, const pdn_node *n);
/* Empties the move stack (after a new position). */
void pdnpy_board_clear_stack(PdnPyBoard *self);
/* Notes that self->b was changed other than by a Move of known result
 * (the cached hash). */
static inline void
pdnpy_board_changed(PdnPyBoard *self)
{
    self->hash_ok = 0;
}
/* A Move of position b (l: b's legal moves, for the short form; NULL). */
PyObject *pdnpy_move_new(const pdn_board *b, const pdn_movelist *l,
                         const pdn_move *m);
/* A Move from its parts: origin is pdn_board_hash of its position,
 * ambiguous pdn_move_ambiguous among its position's legal moves (the text
 * is written when asked). */
PyObject *pdnpy_move_make(const pdn_gametype *gt, uint64_t origin,
                          const pdn_move *m, int ambiguous);
/* mv's short text in buf (PDNPY_MOVE_TEXT bytes). */
#define PDNPY_MOVE_TEXT (PDN_PATH_MAX * 4 + 4)
void pdnpy_move_text(const PdnPyMove *mv, char *buf, size_t size);
/* The IllegalMoveError keywords for a move b could not play, l holding
 * b's legal moves (as pdn_board_play leaves them): its text is the
 * checker's (pdn_finding_text) for node n at ply (n NULL: a Board's move,
 * text as written; ply 0: none said). */
PyObject *pdnpy_illegal_kw(const pdn_board *b, const pdn_movelist *l,
                           const pdn_match *m, const pdn_node *n,
                           const char *text,
                           unsigned long ply);
/* The legal moves in l as a list of short texts. */
PyObject *pdnpy_move_texts(const pdn_board *b, const pdn_movelist *l);

/* Game and Node. */
typedef struct pdnpy_walker pdnpy_walker; /* walk.h */

typedef struct {
    PyObject_HEAD
    pdn_game *g;
    PyObject *source;     /* the input's name, or None */
    PyObject *error;      /* the reader's error in this game, or None */
    PyObject *default_gt; /* the reader's gametype=, or None */
    PyObject *fits;       /* the inferred GameType (str), once known */
    PyObject *warnings;   /* the reader's warnings (a list), or NULL */
    unsigned long gen;    /* counts the edits (the nodes' caches) */
    pdn_board *cur;       /* the position after cur_node (NULL: none yet) */
    const pdn_node *cur_node; /* NULL: the start position */
    uint64_t cur_hash;    /* pdn_board_hash(cur) */
    unsigned long cur_gen;    /* gen + 1 when cur is valid, else 0 */
    pdn_gametype gt;      /* the GameType, resolved at gen gt_gen - 1 */
    unsigned long gt_gen;
    pdnpy_walker *walker; /* the board and lists of its walks, or NULL */
    PyTypeObject *node_cls; /* its Nodes' class (a Reader's node_class=),
                             * or NULL: pdnpy_node_class */
    PyObject *weak;
} PdnPyGame;

typedef struct {
    PyObject_HEAD
    PdnPyGame *game;
    pdn_node *n;
    PyObject *parent;     /* a Node or the Game */
    long ply;
    pdn_move move;        /* the move, when cached */
    uint64_t origin;      /* pdn_board_hash of the position before it */
    uint64_t after;       /* and after it */
    int ambiguous;        /* its short form lists every landing square */
    unsigned long gen;    /* the game's gen when cached */
    int cached;
    PyObject *weak;
} PdnPyNode;

/* Helpers shared by game.c and node.c. */
PyObject *pdnpy_str_or_none(const char *s);
/* Marks an edit of g's moves or tags (the nodes' caches, the variant). */
void pdnpy_game_edited(PdnPyGame *g);
PyObject *pdnpy_node_wrap(PyTypeObject *type, PdnPyGame *g, pdn_node *n,
                          PyObject *parent, long ply);
/* The nodes of the line from n (ply ply, after parent) as a list. */
PyObject *pdnpy_line_nodes(PyTypeObject *type, PdnPyGame *g, pdn_node *n,
                           PyObject *parent, long ply);
/* The Board of a line: the start position, then the moves of the nodes
 * path[0..n) (root first). */
PyObject *pdnpy_line_board(PdnPyGame *g, PyObject *spec, PdnPyNode **path,
                           Py_ssize_t n);
/* Game's methods in replay.c. */
PyObject *pdnpy_game_replay(PyObject *o, PyObject *args, PyObject *kw);
PyObject *pdnpy_game_infer(PyObject *o, PyObject *args);
PyObject *pdnpy_game_opening(PyObject *o, PyObject *args);
PyObject *pdnpy_game_final(PyObject *o, PyObject *args, PyObject *kw);
PyObject *pdnpy_game_find_material(PyObject *o, PyObject *args,
                                   PyObject *kw);
PyObject *pdnpy_game_check(PyObject *o, PyObject *args, PyObject *kw);
PyObject *pdnpy_game_convert(PyObject *o, PyObject *args);

int pdnpy_game_init_types(PyObject *m);
int pdnpy_board_init_types(PyObject *m);
/* Engine (engine.c): a Hub engine for pdntools.engine. */
int pdnpy_engine_init_types(PyObject *m);
/* Raises *err as pdntools.engine's class for it (EngineTimeoutError,
 * EngineTerminatedError, EngineError), or as EngineTerminatedError
 * (terminated); NULL. */
PyObject *pdnpy_engine_raise(const pdn_error *err, int terminated);
/* A new object of type whose PyThread_type_lock at offset off is made
 * (engine.c): NULL with an exception. */
PyObject *pdnpy_locked_new(PyTypeObject *type, size_t off);
/* Takes lock, waiting without the GIL when another thread holds it. */
void pdnpy_lock_wait(PyThread_type_lock lock);
/* Dxp (dxp.c): a DXP peer for pdntools.engine. */
int pdnpy_dxp_init_types(PyObject *m);

#endif /* PDNPY_H */
