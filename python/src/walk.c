/* SPDX-License-Identifier: MIT */
/* Walking a game's main line in C (start position, setups, moves) with a
 * visitor, on the game's own board; which GameType a game is replayed
 * under (its tags, the reader's default, else libpdn's inference). */
#include "walk.h"

#include <stdio.h>
#include <string.h>

/* ---- walking a line ----------------------------------------------------- */

/* The board and lists a game's walks use, kept from walk to walk (made
 * again when the GameType changes): each game has its own, so that no
 * state is shared between games (or threads). */
pdn_board *
pdnpy_walker_board(PdnPyGame *g, const pdn_gametype *gt)
{
    pdnpy_walker *w = g->walker;

    if (w == NULL) {
        if ((w = PyMem_Calloc(1, sizeof *w)) == NULL)
            return NULL;
        g->walker = w;
    }
    if (w->b == NULL || !pdn_gametype_equal(&w->gt, gt)) {
        pdn_board *b = pdn_board_new(gt, NULL);

        if (b == NULL)
            return NULL;
        pdn_board_free(w->b);
        w->b = b;
        w->gt = *gt;
    }
    if (w->l == NULL && (w->l = pdn_movelist_new()) == NULL)
        return NULL;
    return w->b;
}

void
pdnpy_walker_free(pdnpy_walker *w)
{
    if (w == NULL)
        return;
    pdn_board_free(w->b);
    pdn_movelist_free(w->l);
    PyMem_Free(w);
}

/* kw of a move that cannot be played at node n, ply ply. */
PyObject *
pdnpy_fail_exc(const PdnPyGame *g, const pdn_node *n, unsigned long ply,
         const pdn_board *b, int is_move)
{
    pdn_error e;
    PyObject *kw, *exc;
    const char *text = pdn_node_text(n);

    memset(&e, 0, sizeof e);
    e.pos = pdn_node_pos(n);
    e.game = pdn_game_number(g->g);
    if (!is_move) {
        char fen[PDN_FEN_STRING_MAX];

        e.code = PDN_EMOVE;
        snprintf(e.text, sizeof e.text, "'%s' is not a move", text);
        pdn_board_fen_string(b, fen, sizeof fen);
        kw = Py_BuildValue("{s:k,s:s,s:s}", "ply", ply, "move", text,
                           "fen", fen);
    } else {
        PyObject *t;

        kw = pdnpy_illegal_kw(b, g->walker->l, &g->walker->m, n, text,
                              ply);
        if (kw == NULL)
            return NULL;
        e.code = g->walker->m.status == PDN_MATCH_AMBIGUOUS ? PDN_EAMBIGUOUS
                                                     : PDN_EILLEGAL;
        t = PyDict_GetItemString(kw, "text");
        snprintf(e.text, sizeof e.text, "%s", t ? PyUnicode_AsUTF8(t) : "");
        PyDict_DelItemString(kw, "text");
        PyDict_DelItemString(kw, "code");
    }
    if (kw == NULL)
        return NULL;
    {
        PyObject *all = pdnpy_error_kw(&e);

        if (all == NULL || PyDict_Update(all, kw) < 0) {
            Py_XDECREF(all);
            Py_DECREF(kw);
            return NULL;
        }
        Py_DECREF(kw);
        if (g->source != NULL && g->source != Py_None)
            PyDict_SetItemString(all, "source", g->source);
        exc = pdnpy_make(pdnpy_IllegalMoveError, all);
        Py_DECREF(all);
    }
    return exc;
}

/* A PdnError for *e (a setup that cannot be placed). */
static PyObject *
error_exc(const PdnPyGame *g, const pdn_error *e)
{
    PyObject *kw = pdnpy_error_kw(e), *exc;

    if (kw == NULL)
        return NULL;
    if (g->source != NULL && g->source != Py_None)
        PyDict_SetItemString(kw, "source", g->source);
    exc = pdnpy_make(pdnpy_IllegalMoveError, kw);
    Py_DECREF(kw);
    return exc;
}

/* Plays g's main line under gt from its start position (FEN tag,
 * setups), calling fn. */
void
pdnpy_walk(PdnPyGame *g, const pdn_gametype *gt, visit_fn *fn, void *ud,
     walk_out *out)
{
    pdn_board *b = pdnpy_walker_board(g, gt);
    pdnpy_walker *w = g->walker;
    const pdn_node *n;
    unsigned long ply = 0;
    pdn_error err;
    int rc;

    out->status = WALK_OK;
    out->plies = 0;
    out->error = NULL;
    out->unread = 0;
    out->at_start = 0;
    if (b == NULL) {
        PyErr_NoMemory();
        out->status = WALK_PYERR;
        return;
    }
    if (pdn_game_start(g->g, b, &err) < 0) {
        out->at_start = 1;
        out->error = error_exc(g, &err);
        out->status = out->error ? WALK_ERROR : WALK_PYERR;
        return;
    }
    if (fn != NULL && (rc = fn(ud, EV_START, b, w->l, NULL, NULL, 0))) {
        out->status = rc < 0 ? WALK_PYERR : WALK_STOPPED;
        return;
    }
    for (n = pdn_game_first(g->g); n != NULL; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);

        if (pdn_node_setup(n) != NULL) {
            if (pdn_node_apply_setup(n, b, &err) < 0) {
                out->error = error_exc(g, &err);
                out->status = out->error ? WALK_ERROR : WALK_PYERR;
                return;
            }
            if (fn != NULL &&
                (rc = fn(ud, EV_SETUP, b, w->l, NULL, n, ply))) {
                out->status = rc < 0 ? WALK_PYERR : WALK_STOPPED;
                return;
            }
        }
        if (mt == NULL ||
            pdn_board_play(b, mt, &w->m, w->l, &err) != PDN_MATCH_LEGAL) {
            out->error = pdnpy_fail_exc(g, n, ply + 1, b, mt != NULL);
            out->unread = mt == NULL;
            out->status = out->error ? WALK_ERROR : WALK_PYERR;
            return;
        }
        out->plies = ++ply;
        if (fn != NULL && (rc = fn(ud, EV_MOVE, b, w->l, &w->m, n, ply))) {
            out->status = rc < 0 ? WALK_PYERR : WALK_STOPPED;
            return;
        }
    }
}

/* ---- which rules: tags, the reader's default, else inference ------------ */

/* Infers g's GameType by libpdn's inference (pdn_infer_gametype, as the
 * tools do for an untagged game: the input's name among its hints), then
 * walks the main line under it with fn/ud (fresh(ud) first). A game whose
 * squares fit no board is walked under International draughts. Returns
 * 0, or -1 with a Python exception. */
static int
infer(PdnPyGame *g, pdn_gametype *gt, visit_fn *fn, void *ud,
      int (*fresh)(void *), walk_out *out)
{
    const char *name = NULL;
    pdn_infer *x;
    pdn_error err;
    int rc;

    if (g->source != NULL && PyUnicode_Check(g->source) &&
        (name = PyUnicode_AsUTF8(g->source)) == NULL)
        return -1;
    if ((x = pdn_infer_new()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    rc = pdn_infer_gametype(x, g->g, name, gt, NULL, &err);
    pdn_infer_free(x);
    if (rc < 0)
        pdn_gametype_standard(20, gt);
    else {
        PyObject *s = pdnpy_gametype_str(gt);

        if (s == NULL)
            return -1;
        Py_XSETREF(g->fits, s);
    }
    if (fresh != NULL && fresh(ud) < 0)
        return -1;
    pdnpy_walk(g, gt, fn, ud, out);
    return out->status == WALK_PYERR ? -1 : 0;
}

/* The GameType g is replayed under, and its walk: spec (a caller's
 * choice) first; else the GameType tag, the Variant tag, the reader's
 * default; else libpdn's inference. Returns 0 with *out filled, or -1
 * with a Python exception. */
int
pdnpy_resolve_walk(PdnPyGame *g, PyObject *spec, visit_fn *fn, void *ud,
             int (*fresh)(void *), walk_out *out, pdn_gametype *gt)
{
    pdn_error err;
    int from;

    if (spec != NULL && spec != Py_None) {
        if (pdnpy_gametype(spec, gt) < 0)
            return -1;
    } else {
        from = pdn_game_gametype(g->g, NULL, gt, &err);
        if (from < 0) {
            PyObject *exc = error_exc(g, &err);

            if (exc == NULL)
                return -1;
            out->status = WALK_ERROR;
            out->plies = 0;
            out->unread = 0;
            out->at_start = 1;
            out->error = exc;
            return 0;
        }
        if (from == PDN_GT_DEFAULT) {
            if (g->default_gt != NULL && g->default_gt != Py_None) {
                if (pdnpy_gametype(g->default_gt, gt) < 0)
                    return -1;
            } else if (g->fits != NULL) {
                if (pdnpy_gametype(g->fits, gt) < 0)
                    return -1;
            } else
                return infer(g, gt, fn, ud, fresh, out);
        }
    }
    pdnpy_walk(g, gt, fn, ud, out);
    return out->status == WALK_PYERR ? -1 : 0;
}

/* The GameType g is replayed under, as resolve_walk finds it, walking
 * the main line only when it must be inferred: 0, or -1 with an
 * exception. */
int
pdnpy_resolve_only(PdnPyGame *g, PyObject *spec, pdn_gametype *gt)
{
    walk_out out;
    pdn_error err;
    int from;

    if (spec == NULL || spec == Py_None) {
        from = pdn_game_gametype(g->g, NULL, gt, &err);
        if (from < 0) {
            PyObject *exc = error_exc(g, &err);

            if (exc != NULL) {
                PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
                Py_DECREF(exc);
            }
            return -1;
        }
        if (from != PDN_GT_DEFAULT)
            return 0;
    }
    if (pdnpy_resolve_walk(g, spec, NULL, NULL, NULL, &out, gt) < 0)
        return -1;
    Py_XDECREF(out.error);
    return 0;
}
