/* SPDX-License-Identifier: MIT */
/* Move: a legal move of a position, its squares and its texts; the
 * legal moves of a position, and the IllegalMoveError of a move it cannot
 * play, in the checker's words (pdn/check.h). */
#include "pdnpy.h"

#include <stdio.h>
#include <string.h>


PyObject *
pdnpy_move_make(const pdn_gametype *gt, uint64_t origin, const pdn_move *m,
                int ambiguous)
{
    PdnPyMove *mv = PyObject_New(PdnPyMove, &PdnPy_MoveType);

    if (mv == NULL)
        return NULL;
    mv->m = *m;
    mv->gt = *gt;
    mv->origin = origin;
    mv->after = 0;
    mv->has_after = 0;
    mv->ambiguous = ambiguous;
    return (PyObject *)mv;
}

PyObject *
pdnpy_move_new(const pdn_board *b, const pdn_movelist *l, const pdn_move *m)
{
    return pdnpy_move_make(pdn_board_gametype(b), pdn_board_hash(b), m,
                           pdn_move_ambiguous(l, m));
}

void
pdnpy_move_text(const PdnPyMove *mv, char *buf, size_t size)
{
    pdn_move_format_gt(&mv->gt, &mv->m,
                       mv->ambiguous ? PDN_MOVE_FULL : PDN_MOVE_SHORT, buf,
                       size);
}

static void
move_dealloc(PyObject *self)
{
    PyObject_Free(self);
}

/* A square as its number, or its name when it has none. */
static PyObject *
square_obj(const pdn_gametype *gt, int coord)
{
    int sq = pdn_coord_to_square(gt, coord);
    char buf[16];

    if (sq > 0)
        return PyLong_FromLong(sq);
    pdn_coord_name(gt, coord, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *
squares(const pdn_gametype *gt, const unsigned char *c, int n)
{
    PyObject *t = PyTuple_New(n);
    int i;

    if (t == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *s = square_obj(gt, c[i]);

        if (s == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, s);
    }
    return t;
}

static PyObject *
move_path(PyObject *self, void *c)
{
    PdnPyMove *mv = (PdnPyMove *)self;

    (void)c;
    return squares(&mv->gt, mv->m.path, mv->m.n);
}

static PyObject *
move_captured(PyObject *self, void *c)
{
    PdnPyMove *mv = (PdnPyMove *)self;

    (void)c;
    return squares(&mv->gt, mv->m.captured, mv->m.ncaptured);
}

static PyObject *
move_from(PyObject *self, void *c)
{
    PdnPyMove *mv = (PdnPyMove *)self;

    (void)c;
    return square_obj(&mv->gt, mv->m.path[0]);
}

static PyObject *
move_to(PyObject *self, void *c)
{
    PdnPyMove *mv = (PdnPyMove *)self;

    (void)c;
    return square_obj(&mv->gt, mv->m.path[mv->m.n - 1]);
}

static PyObject *
move_promotes(PyObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(((PdnPyMove *)self)->m.promotes);
}

static PyObject *
move_is_capture(PyObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(((PdnPyMove *)self)->m.ncaptured > 0);
}

static PyObject *
move_str(PyObject *self)
{
    char buf[PDNPY_MOVE_TEXT];

    pdnpy_move_text((PdnPyMove *)self, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *
move_repr(PyObject *self)
{
    char buf[PDNPY_MOVE_TEXT];

    pdnpy_move_text((PdnPyMove *)self, buf, sizeof buf);
    return PyUnicode_FromFormat("Move('%s')", buf);
}

static PyObject *
move_full(PyObject *self, PyObject *unused)
{
    PdnPyMove *mv = (PdnPyMove *)self;
    char buf[PDNPY_MOVE_TEXT];

    (void)unused;
    pdn_move_format_gt(&mv->gt, &mv->m, PDN_MOVE_FULL, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *
move_richcompare(PyObject *a, PyObject *b, int op)
{
    int eq;

    if (!PyObject_TypeCheck(b, &PdnPy_MoveType) ||
        (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    eq = pdnpy_move_same(&((PdnPyMove *)a)->m, &((PdnPyMove *)b)->m);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static Py_hash_t
move_hash(PyObject *self)
{
    const pdn_move *m = &((PdnPyMove *)self)->m;
    Py_hash_t h = m->n * 31 + m->ncaptured;
    int i;

    for (i = 0; i < m->n; i++)
        h = h * 1000003 + m->path[i];
    for (i = 0; i < m->ncaptured; i++)
        h = h * 1000003 + m->captured[i];
    return h == -1 ? -2 : h;
}

static PyGetSetDef move_getset[] = {
    {"path", move_path, NULL, "the squares: from, every landing, to", NULL},
    {"captured", move_captured, NULL, "the captured squares, in order", NULL},
    {"from_square", move_from, NULL, "the square the piece leaves", NULL},
    {"to_square", move_to, NULL, "the square it ends on", NULL},
    {"promotes", move_promotes, NULL, "a man becomes a king", NULL},
    {"is_capture", move_is_capture, NULL, "captures a piece", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyMethodDef move_methods[] = {
    {"full", move_full, METH_NOARGS, "the move with every landing square"},
    {NULL, NULL, 0, NULL}
};

PyTypeObject PdnPy_MoveType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pdntools.Move",
    .tp_basicsize = sizeof(PdnPyMove),
    .tp_dealloc = move_dealloc,
    .tp_repr = move_repr,
    .tp_str = move_str,
    .tp_hash = move_hash,
    .tp_richcompare = move_richcompare,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A legal move of a position: str() is its short text.",
    .tp_getset = move_getset,
    .tp_methods = move_methods,
};

/* ---- the moves of a position, a move it cannot play -------------------- */

PyObject *
pdnpy_move_texts(const pdn_board *b, const pdn_movelist *l)
{
    size_t i, n = pdn_movelist_count(l);
    PyObject *out = PyList_New((Py_ssize_t)n);
    char buf[PDN_PATH_MAX * 4 + 4];

    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *s;

        pdn_move_format(b, l, pdn_movelist_at(l, i), PDN_MOVE_SHORT, buf,
                        sizeof buf);
        if ((s = PyUnicode_FromString(buf)) == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, s);
    }
    return out;
}

/* The finding of a move b could not play (pdn/check.h): pdn_check_move's
 * at node n; a Board's move (n NULL) is put in a game of its own (*tmp,
 * freed by the caller) for it, so that an ambiguous move says the paths
 * it fits; a text no game takes gets the kind and reason alone. */
static int
illegal_finding(const pdn_board *b, const pdn_movelist *l,
                const pdn_match *m, const pdn_node *n, const char *text,
                unsigned long ply, pdn_game **tmp, pdn_finding *f)
{
    pdn_error err;

    pdn_finding_init(f);
    *tmp = NULL;
    if (n == NULL && text != NULL && (*tmp = pdn_game_new()) != NULL)
        n = pdn_game_append_move(*tmp, text, &err);
    if (n != NULL)
        return pdn_check_move(b, l, m, n, ply, 0, f);
    f->severity = PDN_SEV_ERROR;
    f->ply = ply;
    f->code = m->status == PDN_MATCH_AMBIGUOUS ? PDN_EAMBIGUOUS
                                               : PDN_EILLEGAL;
    f->kind = m->status == PDN_MATCH_AMBIGUOUS ? PDN_FINDING_AMBIGUOUS
              : pdn_movelist_count(l) == 0     ? PDN_FINDING_AFTER_END
                                               : PDN_FINDING_ILLEGAL;
    f->why = f->kind == PDN_FINDING_AFTER_END
                 ? "the side to move has no legal move"
                 : pdn_reason_text(m->reason);
    return 0;
}

PyObject *
pdnpy_illegal_kw(const pdn_board *b, const pdn_movelist *l,
                 const pdn_match *m, const pdn_node *n, const char *text,
                 unsigned long ply)
{
    PyObject *kw, *v = NULL;
    char why[PDN_ERROR_TEXT_SIZE + 64], fen[PDN_FEN_STRING_MAX], *at;
    pdn_finding f;
    pdn_game *tmp;
    int rc = illegal_finding(b, l, m, n, text, ply, &tmp, &f);

    if (rc < 0) {
        pdn_game_free(tmp);
        return PyErr_NoMemory();
    }
    if (f.move == NULL)
        f.move = (char *)text; /* not owned: taken back before clearing */
    pdn_finding_text(&f, 0, why, sizeof why);
    /* no ply: "illegal move '32-28': ..." */
    if (ply == 0 && (at = strstr(why, "' at ply 0")) != NULL)
        memmove(at + 1, at + 10, strlen(at + 10) + 1);
    if (f.move == text)
        f.move = NULL;
    pdn_finding_clear(&f);
    pdn_game_free(tmp);
    pdn_board_fen_string(b, fen, sizeof fen);
    if ((kw = Py_BuildValue("{s:s,s:s,s:s,s:s}", "code",
                            m->status == PDN_MATCH_AMBIGUOUS ? "ambiguous"
                                                             : "illegal",
                            "text", why, "move", text, "fen", fen)) == NULL)
        return NULL;
    if ((v = pdnpy_move_texts(b, l)) == NULL ||
        PyDict_SetItemString(kw, "legal", v) < 0)
        goto fail;
    Py_DECREF(v);
    if (ply > 0) {
        if ((v = PyLong_FromUnsignedLong(ply)) == NULL ||
            PyDict_SetItemString(kw, "ply", v) < 0)
            goto fail;
        Py_DECREF(v);
    }
    return kw;
fail:
    Py_XDECREF(v);
    Py_DECREF(kw);
    return NULL;
}
