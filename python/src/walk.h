/* SPDX-License-Identifier: MIT */
/* Walking a game's main line in C (walk.c): used by the batch replays
 * (replay.c), Game (game.c) and Node (node.c). */
#ifndef PDNPY_WALK_H
#define PDNPY_WALK_H

#include "pdnpy.h"

enum { EV_START, EV_SETUP, EV_MOVE };

/* Called at the start position, after a setup, and after every move; may
 * return 1 to stop, -1 with a Python exception. */
typedef int visit_fn(void *ud, int ev, const pdn_board *b,
                     const pdn_movelist *l, const pdn_match *m,
                     const pdn_node *n, unsigned long ply);

/* A game's scratch: the board its walks play on, the legal moves and the
 * last match (PdnPyGame.walker, made on first use). */
struct pdnpy_walker {
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l;
    pdn_match m;
};

enum { WALK_OK, WALK_STOPPED, WALK_ERROR, WALK_PYERR };

typedef struct {
    int status;                  /* WALK_* */
    unsigned long plies;         /* moves played */
    PyObject *error;             /* WALK_ERROR: the error that stopped it */
    int unread;                  /* it is at a token with no move */
    int at_start;                /* the start position failed */
} walk_out;

/* g's walker board set up for gt (NULL: no memory). */
pdn_board *pdnpy_walker_board(PdnPyGame *g, const pdn_gametype *gt);
void pdnpy_walker_free(pdnpy_walker *w);
/* The IllegalMoveError of a move that cannot be played at node n, ply ply
 * (is_move 0: a token with no move), from g's walker's list and match. */
PyObject *pdnpy_fail_exc(const PdnPyGame *g, const pdn_node *n,
                         unsigned long ply, const pdn_board *b, int is_move);
/* Plays g's main line under gt from its start position (FEN tag,
 * setups), calling fn (may be NULL). */
void pdnpy_walk(PdnPyGame *g, const pdn_gametype *gt, visit_fn *fn,
                void *ud, walk_out *out);
/* The GameType g is replayed under, and its walk: spec (a caller's
 * choice) first; else the GameType tag, the Variant tag, the reader's
 * default; else libpdn's inference (pdn_infer_gametype, the input's
 * name among its hints; fresh(ud) is called before the walk under the
 * inferred GameType). 0 with *out filled, or -1 with a
 * Python exception. */
int pdnpy_resolve_walk(PdnPyGame *g, PyObject *spec, visit_fn *fn, void *ud,
                       int (*fresh)(void *), walk_out *out,
                       pdn_gametype *gt);
/* The GameType only, walking the main line only when it must be
 * inferred: 0, or -1 with an exception. */
int pdnpy_resolve_only(PdnPyGame *g, PyObject *spec, pdn_gametype *gt);

#endif /* PDNPY_WALK_H */
