/* SPDX-License-Identifier: MIT */
/* Node: a move of a game's tree, its comments, NAGs and variations, and
 * the Move it plays (computed on the game's own board, one move at a
 * time along a line). */
#include "walk.h"

#include <string.h>

/* ---- Node --------------------------------------------------------------- */

PyObject *
pdnpy_node_wrap(PyTypeObject *type, PdnPyGame *g, pdn_node *n,
                PyObject *parent, long ply)
{
    PdnPyNode *self = (PdnPyNode *)type->tp_alloc(type, 0);

    if (self == NULL)
        return NULL;
    Py_INCREF(g);
    self->game = g;
    self->n = n;
    Py_INCREF(parent);
    self->parent = parent;
    self->ply = ply;
    self->cached = 0;
    return (PyObject *)self;
}

static void
node_dealloc(PyObject *o)
{
    PdnPyNode *self = (PdnPyNode *)o;

    if (self->weak != NULL)
        PyObject_ClearWeakRefs(o);
    Py_XDECREF(self->game);
    Py_XDECREF(self->parent);
    Py_TYPE(o)->tp_free(o);
}

static PyObject *
node_tp_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    (void)type;
    (void)args;
    (void)kw;
    PyErr_SetString(PyExc_TypeError, "nodes come from a game "
                    "(game.variations, node.add_variation)");
    return NULL;
}

static PyObject *
node_next(PyObject *o, PyObject *unused)
{
    PdnPyNode *self = (PdnPyNode *)o;
    pdn_node *n = pdn_node_next_mut(self->n);

    (void)unused;
    if (n == NULL)
        Py_RETURN_NONE;
    return pdnpy_node_wrap(Py_TYPE(o), self->game, n, o, self->ply + 1);
}

PyObject *
pdnpy_line_nodes(PyTypeObject *type, PdnPyGame *g, pdn_node *n,
                 PyObject *parent, long ply)
{
    PyObject *out = PyList_New(0), *nd;

    if (out == NULL)
        return NULL;
    for (; n != NULL; n = pdn_node_next_mut(n), ply++) {
        if ((nd = pdnpy_node_wrap(type, g, n, parent, ply)) == NULL ||
            PyList_Append(out, nd) < 0) {
            Py_XDECREF(nd);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(nd);
        parent = nd;      /* held by the list */
    }
    return out;
}

/* _mainline() -> the nodes of the line after this one, in one call. */
static PyObject *
node_mainline(PyObject *o, PyObject *unused)
{
    PdnPyNode *self = (PdnPyNode *)o;

    (void)unused;
    return pdnpy_line_nodes(Py_TYPE(o), self->game,
                            pdn_node_next_mut(self->n), o, self->ply + 1);
}

static PyObject *
node_alternatives(PyObject *o, PyObject *unused)
{
    PdnPyNode *self = (PdnPyNode *)o;
    size_t i, k = pdn_node_variation_count(self->n);
    PyObject *out = PyList_New((Py_ssize_t)k);

    (void)unused;
    for (i = 0; out != NULL && i < k; i++) {
        PyObject *v = pdnpy_node_wrap(Py_TYPE(o), self->game,
                                pdn_node_variation_at_mut(self->n, i),
                                self->parent, self->ply);

        if (v == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, v);
    }
    return out;
}

static PyObject *
node_edit(PyObject *o, PyObject *args)
{
    PdnPyNode *self = (PdnPyNode *)o;
    const char *how, *text;
    pdn_error err;
    pdn_node *n;
    PyObject *parent;
    long ply;

    if (!PyArg_ParseTuple(args, "ss", &how, &text))
        return NULL;
    if (strcmp(how, "after") == 0) {
        n = pdn_node_insert_after(self->n, text, &err);
        parent = o;
        ply = self->ply + 1;
    } else {
        n = pdn_node_add_variation(self->n, text, &err);
        parent = self->parent;
        ply = self->ply;
    }
    if (n == NULL)
        return pdnpy_raise(NULL, &err, NULL);
    pdnpy_game_edited(self->game);
    return pdnpy_node_wrap(Py_TYPE(o), self->game, n, parent, ply);
}

static PyObject *
node_text(PyObject *o, void *c)
{
    (void)c;
    return pdnpy_str_or_none(pdn_node_text(((PdnPyNode *)o)->n));
}

static int
node_set_text(PyObject *o, PyObject *v, void *c)
{
    const char *s = v ? PyUnicode_AsUTF8(v) : NULL;

    (void)c;
    if (s == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a move text");
        return -1;
    }
    if (pdn_node_set_text(((PdnPyNode *)o)->n, s) != 0) {
        PyErr_Format(PyExc_ValueError, "'%s' is not a move", s);
        return -1;
    }
    pdnpy_game_edited(((PdnPyNode *)o)->game);
    return 0;
}

static PyObject *
node_comments(PyObject *o, PyObject *args)
{
    const pdn_node *n = ((PdnPyNode *)o)->n;
    int where;
    size_t i, k;
    PyObject *out;

    if (!PyArg_ParseTuple(args, "i", &where))
        return NULL;
    k = pdn_node_comment_count(n, where);
    out = PyList_New((Py_ssize_t)k);
    for (i = 0; out != NULL && i < k; i++) {
        PyObject *s = pdnpy_str_or_none(pdn_node_comment_at(n, where, i));

        if (s == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, s);
    }
    return out;
}

static PyObject *
node_set_comments(PyObject *o, PyObject *args)
{
    pdn_node *n = ((PdnPyNode *)o)->n;
    int where;
    PyObject *list;
    Py_ssize_t i;

    if (!PyArg_ParseTuple(args, "iO!", &where, &PyList_Type, &list))
        return NULL;
    while (pdn_node_comment_count(n, where) > 0)
        pdn_node_remove_comment(n, where, 0);
    for (i = 0; i < PyList_GET_SIZE(list); i++) {
        const char *s = PyUnicode_AsUTF8(PyList_GET_ITEM(list, i));

        if (s == NULL)
            return NULL;
        if (pdn_node_add_comment(n, where, s) != 0)
            return PyErr_NoMemory();
    }
    Py_RETURN_NONE;
}

static PyObject *
node_nags(PyObject *o, void *c)
{
    const pdn_node *n = ((PdnPyNode *)o)->n;
    size_t i, k = pdn_node_nag_count(n);
    PyObject *out = PyList_New((Py_ssize_t)k);

    (void)c;
    for (i = 0; out != NULL && i < k; i++)
        PyList_SET_ITEM(out, (Py_ssize_t)i,
                        PyLong_FromLong(pdn_node_nag_at(n, i)));
    return out;
}

static PyObject *
node_set_nags(PyObject *o, PyObject *list)
{
    pdn_node *n = ((PdnPyNode *)o)->n;
    Py_ssize_t i;

    if (!PyList_Check(list)) {
        PyErr_SetString(PyExc_TypeError, "a list of int");
        return NULL;
    }
    while (pdn_node_nag_count(n) > 0)
        pdn_node_remove_nag(n, 0);
    for (i = 0; i < PyList_GET_SIZE(list); i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(list, i));

        if (v == -1 && PyErr_Occurred())
            return NULL;
        if (pdn_node_add_nag(n, (int)v) != 0)
            return PyErr_NoMemory();
    }
    Py_RETURN_NONE;
}

static PyObject *
node_strength(PyObject *o, void *c)
{
    (void)c;
    return pdnpy_str_or_none(pdn_node_strength(((PdnPyNode *)o)->n));
}

static int
node_set_strength(PyObject *o, PyObject *v, void *c)
{
    const char *s = NULL;

    (void)c;
    if (v != NULL && v != Py_None && (s = PyUnicode_AsUTF8(v)) == NULL)
        return -1;
    if (pdn_node_set_strength(((PdnPyNode *)o)->n, s) != 0) {
        PyErr_Format(PyExc_ValueError, "not a strength mark: %R", v);
        return -1;
    }
    return 0;
}

static PyObject *
node_setup(PyObject *o, void *c)
{
    (void)c;
    return pdnpy_str_or_none(pdn_node_setup(((PdnPyNode *)o)->n));
}

static PyObject *
node_pos(PyObject *o, void *c)
{
    pdn_pos p = pdn_node_pos(((PdnPyNode *)o)->n);

    (void)c;
    return Py_BuildValue("(kk)", p.line, p.column);
}

static PyObject *
node_ply(PyObject *o, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(((PdnPyNode *)o)->ply);
}

static PyObject *
node_board(PyObject *o, PyObject *args)
{
    PdnPyNode *self = (PdnPyNode *)o, **path;
    PyObject *spec = Py_None, *p, *r;
    Py_ssize_t n = 0, i;

    if (!PyArg_ParseTuple(args, "|O", &spec))
        return NULL;
    for (p = o; PyObject_TypeCheck(p, &PdnPy_NodeType);
         p = ((PdnPyNode *)p)->parent)
        n++;
    if ((path = PyMem_Malloc((size_t)n * sizeof *path)) == NULL)
        return PyErr_NoMemory();
    for (p = o, i = n; i > 0; p = ((PdnPyNode *)p)->parent)
        path[--i] = (PdnPyNode *)p;
    r = pdnpy_line_board(self->game, spec, path, n);
    PyMem_Free(path);
    return r;
}

/* Plays nd's move (and the setup before it) on b, keeping what a Move
 * needs in nd; *hash is b's hash before and after (each position's hash
 * is computed once along a line). 0, or -1 with an exception. */
static int
play_node(PdnPyNode *nd, pdn_board *b, uint64_t *hash)
{
    const pdn_movetext *mt = pdn_node_move(nd->n);
    pdnpy_walker *w = nd->game->walker;
    pdn_error err;

    if (pdn_node_setup(nd->n) != NULL) {
        if (pdn_node_apply_setup(nd->n, b, &err) < 0) {
            pdnpy_raise(NULL, &err, NULL);
            return -1;
        }
        *hash = pdn_board_hash(b);
    }
    if (mt == NULL ||
        pdn_board_play(b, mt, &w->m, w->l, &err) != PDN_MATCH_LEGAL) {
        PyObject *exc = pdnpy_fail_exc(nd->game, nd->n,
                                       (unsigned long)nd->ply, b, mt != NULL);

        if (exc != NULL) {
            PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
            Py_DECREF(exc);
        }
        return -1;
    }
    nd->move = w->m.move;
    nd->origin = *hash;
    nd->after = *hash = pdn_board_hash(b);
    /* the scratch list holds what the short form needs */
    nd->ambiguous = pdn_move_ambiguous(w->l, &nd->move);
    nd->cached = 1;
    nd->gen = nd->game->gen;
    return 0;
}

/* Computes self's move (nd->move, origin, text). The game keeps one
 * position, that after the node last computed, so the moves of a line
 * asked in order cost one move each (the moves of a main line cost one
 * replay); another node replays its line from the start. 0, or -1 with an
 * exception. */
static int
node_compute(PdnPyNode *self)
{
    PdnPyGame *g = self->game;
    PdnPyNode **chain;
    PyObject *p;
    Py_ssize_t n = 0, i;
    const pdn_node *from;
    const pdn_board *wb;
    pdn_error err;
    int rc = 0;

    if (self->cached && self->gen == g->gen)
        return 0;
    if (g->gt_gen != g->gen + 1) {
        if (pdnpy_resolve_only(g, Py_None, &g->gt) < 0)
            return -1;
        g->gt_gen = g->gen + 1;
        g->cur_gen = 0;
        /* the position kept is on a board of the GameType: made again
         * when an edit changed it */
        if (g->cur != NULL &&
            !pdn_gametype_equal(pdn_board_gametype(g->cur), &g->gt)) {
            pdn_board_free(g->cur);
            g->cur = NULL;
        }
    }
    /* the walker's lists (play_node), and its board to clone (a new board
     * would compute its geometry) */
    if (g->cur == NULL || g->walker == NULL || g->walker->l == NULL) {
        if ((wb = pdnpy_walker_board(g, &g->gt)) == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        if (g->cur == NULL && (g->cur = pdn_board_clone(wb, &err)) == NULL) {
            pdnpy_raise(NULL, &err, NULL);
            return -1;
        }
    }
    from = PyObject_TypeCheck(self->parent, &PdnPy_NodeType)
           ? ((PdnPyNode *)self->parent)->n : NULL;
    if (g->cur_gen == g->gen + 1 && g->cur_node == from) {
        g->cur_gen = 0;
        if (play_node(self, g->cur, &g->cur_hash) < 0)
            return -1;
        g->cur_node = self->n;
        g->cur_gen = g->gen + 1;
        return 0;
    }
    /* from the start: the line of self, root first */
    for (p = (PyObject *)self; PyObject_TypeCheck(p, &PdnPy_NodeType);
         p = ((PdnPyNode *)p)->parent)
        n++;
    if ((chain = PyMem_Malloc((size_t)n * sizeof *chain)) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (p = (PyObject *)self, i = n; i > 0; p = ((PdnPyNode *)p)->parent)
        chain[--i] = (PdnPyNode *)p;
    g->cur_gen = 0;
    if (pdn_game_start(g->g, g->cur, &err) < 0) {
        pdnpy_raise(NULL, &err, NULL);
        rc = -1;
    }
    g->cur_hash = pdn_board_hash(g->cur);
    for (i = 0; rc == 0 && i < n; i++)
        rc = play_node(chain[i], g->cur, &g->cur_hash);
    if (rc == 0) {
        g->cur_node = self->n;
        g->cur_gen = g->gen + 1;
    }
    PyMem_Free(chain);
    return rc;
}

/* _move() -> the Move of this node in the position before it. */
static PyObject *
node_move(PyObject *o, PyObject *unused)
{
    PdnPyNode *self = (PdnPyNode *)o;
    PdnPyMove *mv;

    (void)unused;
    if (node_compute(self) < 0)
        return NULL;
    mv = (PdnPyMove *)pdnpy_move_make(&self->game->gt, self->origin,
                                      &self->move, self->ambiguous);
    if (mv != NULL) {
        /* pushed on a board in the position before it, the board knows
         * its hash after it */
        mv->after = self->after;
        mv->has_after = 1;
    }
    return (PyObject *)mv;
}

static PyObject *
node_move_get(PyObject *o, void *c)
{
    (void)c;
    return node_move(o, NULL);
}

static PyObject *
node_remove_variation(PyObject *o, PyObject *arg)
{
    Py_ssize_t i = PyLong_AsSsize_t(arg);

    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || pdn_node_remove_variation(((PdnPyNode *)o)->n, (size_t)i)
        != 0) {
        PyErr_SetString(PyExc_IndexError, "no such variation");
        return NULL;
    }
    pdnpy_game_edited(((PdnPyNode *)o)->game);
    Py_RETURN_NONE;
}

static PyObject *
node_cut(PyObject *o, PyObject *unused)
{
    PdnPyNode *self = (PdnPyNode *)o;

    (void)unused;
    if (pdn_game_cut(self->game->g, self->n) != 0) {
        PyErr_SetString(PyExc_ValueError, "the node is not in its game");
        return NULL;
    }
    pdnpy_game_edited(self->game);
    Py_RETURN_NONE;
}

static PyObject *
node_promote(PyObject *o, PyObject *arg)
{
    PdnPyNode *self = (PdnPyNode *)o;
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    pdn_node *n;

    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || (n = pdn_node_promote_variation(self->n, (size_t)i)) ==
        NULL) {
        PyErr_SetString(PyExc_IndexError, "no such variation");
        return NULL;
    }
    pdnpy_game_edited(self->game);
    return pdnpy_node_wrap(Py_TYPE(o), self->game, n, self->parent, self->ply);
}

static PyObject *
node_richcompare(PyObject *a, PyObject *b, int op)
{
    int eq;

    if (!PyObject_TypeCheck(b, &PdnPy_NodeType) ||
        (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    eq = ((PdnPyNode *)a)->n == ((PdnPyNode *)b)->n;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static Py_hash_t
node_hash(PyObject *o)
{
    return _Py_HashPointer(((PdnPyNode *)o)->n);
}

static PyMethodDef node_methods[] = {
    {"_next", node_next, METH_NOARGS, "the next node of this line"},
    {"_mainline", node_mainline, METH_NOARGS,
     "the nodes of the line after this one, as a list"},
    {"_alternatives", node_alternatives, METH_NOARGS,
     "the variations standing for this move"},
    {"_edit", node_edit, METH_VARARGS, "_edit('after'|'variation', text)"},
    {"_comments", node_comments, METH_VARARGS, "_comments(where)"},
    {"_set_comments", node_set_comments, METH_VARARGS,
     "_set_comments(where, list)"},
    {"_set_nags", node_set_nags, METH_O, "_set_nags(list)"},
    {"_remove_variation", node_remove_variation, METH_O,
     "removes variation i of this move"},
    {"_cut", node_cut, METH_NOARGS, "removes this node and its line"},
    {"_promote", node_promote, METH_O, "promotes variation i"},
    {"ply", node_ply, METH_NOARGS, "ply() -> the moves from the start"},
    {"_board", node_board, METH_VARARGS, "the position after this move"},
    {"_move", node_move, METH_NOARGS, "the Move of this node"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef node_getset[] = {
    {"text", node_text, node_set_text, "the move as written", NULL},
    {"move", node_move_get, NULL, "the move as a Move of the position "
     "before it (the game keeps the position after the node last asked, "
     "so the moves of a line asked in order cost one replay)", NULL},
    {"_nags", node_nags, NULL, "the NAGs", NULL},
    {"strength", node_strength, node_set_strength,
     "the strength mark ('!', '?!', ...) or None", NULL},
    {"setup", node_setup, NULL, "the setup FEN before the move, or None",
     NULL},
    {"_pos", node_pos, NULL, "(line, column) of the move", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyMemberDef node_members[] = {
    {"parent", T_OBJECT, offsetof(PdnPyNode, parent), READONLY,
     "the node (or game) this move follows"},
    {"game_object", T_OBJECT, offsetof(PdnPyNode, game), READONLY,
     "the game"},
    {NULL, 0, 0, 0, NULL}
};

PyTypeObject PdnPy_NodeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pdntools._pdn.Node",
    .tp_basicsize = sizeof(PdnPyNode),
    .tp_dealloc = node_dealloc,
    .tp_richcompare = node_richcompare,
    .tp_hash = node_hash,
    .tp_weaklistoffset = offsetof(PdnPyNode, weak),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A move of a game's tree.",
    .tp_methods = node_methods,
    .tp_getset = node_getset,
    .tp_members = node_members,
    .tp_new = node_tp_new,
};
