/* SPDX-License-Identifier: MIT */
/* Game: a game's tags, moves and text, and the Board of its line. The
 * batch replays, check and convert are in replay.c. */
#include "walk.h"

#include <string.h>

/* ---- Game --------------------------------------------------------------- */

/* An edit of g's moves or tags: the positions its nodes cached, and the
 * variant inferred, may no longer hold. */
void
pdnpy_game_edited(PdnPyGame *g)
{
    g->gen++;
    Py_CLEAR(g->fits);
}

PyTypeObject *pdnpy_node_class = &PdnPy_NodeType;

static PyObject *
game_tp_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    PdnPyGame *g;

    (void)args;
    (void)kw;
    if ((g = (PdnPyGame *)type->tp_alloc(type, 0)) == NULL)
        return NULL;
    if ((g->g = pdn_game_new()) == NULL) {
        Py_DECREF(g);
        return PyErr_NoMemory();
    }
    Py_INCREF(Py_None);
    g->source = Py_None;
    Py_INCREF(Py_None);
    g->error = Py_None;
    Py_INCREF(Py_None);
    g->default_gt = Py_None;
    return (PyObject *)g;
}

static void
game_dealloc(PyObject *o)
{
    PdnPyGame *g = (PdnPyGame *)o;

    if (g->weak != NULL)
        PyObject_ClearWeakRefs(o);
    pdn_game_free(g->g);
    Py_XDECREF(g->source);
    Py_XDECREF(g->error);
    Py_XDECREF(g->default_gt);
    Py_XDECREF(g->fits);
    Py_XDECREF(g->warnings);
    pdn_board_free(g->cur);
    pdnpy_walker_free(g->walker);
    Py_XDECREF(g->node_cls);
    Py_TYPE(o)->tp_free(o);
}

PyObject *
pdnpy_str_or_none(const char *s)
{
    if (s == NULL)
        Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(s, strlen(s), "replace");
}

static PyObject *
game_number(PyObject *o, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(pdn_game_number(((PdnPyGame *)o)->g));
}

static PyObject *
game_line(PyObject *o, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(pdn_game_pos(((PdnPyGame *)o)->g).line);
}

static PyObject *
game_raw(PyObject *o, void *c)
{
    size_t n = 0;
    const char *p = pdn_game_raw(((PdnPyGame *)o)->g, &n);

    (void)c;
    return PyBytes_FromStringAndSize(p ? p : "", p ? (Py_ssize_t)n : 0);
}

/* The result: the terminator, else the Result tag (a game built by hand
 * may have only the tag). Setting either sets both: one source of
 * truth. */
static PyObject *
game_result(PyObject *o, void *c)
{
    const pdn_game *g = ((PdnPyGame *)o)->g;
    const char *r = pdn_game_result(g);

    (void)c;
    if (r == NULL && (r = pdn_game_tag(g, "Result")) != NULL &&
        pdn_result_outcome(r) == PDN_OUTCOME_INVALID)
        r = NULL;
    return pdnpy_str_or_none(r);
}

static int
game_set_result(PyObject *o, PyObject *v, void *c)
{
    pdn_game *g = ((PdnPyGame *)o)->g;
    const char *s = NULL;

    (void)c;
    if (v != NULL && v != Py_None && (s = PyUnicode_AsUTF8(v)) == NULL)
        return -1;
    if (pdn_game_set_result(g, s) != 0) {
        PyErr_Format(PyExc_ValueError, "not a result: %R (1-0, 0-1, "
                     "1/2-1/2, 2-0, 0-2, 1-1, 0-0 or *)", v);
        return -1;
    }
    if (s != NULL && pdn_game_set_tag(g, "Result", pdn_game_result(g)) != 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (s == NULL)
        pdn_game_remove_tag(g, "Result");
    pdnpy_game_edited((PdnPyGame *)o);
    return 0;
}

static PyObject *
game_tag_items(PyObject *o, PyObject *unused)
{
    const pdn_game *g = ((PdnPyGame *)o)->g;
    size_t i, n = pdn_game_tag_count(g);
    PyObject *out = PyList_New((Py_ssize_t)n);

    (void)unused;
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *t = Py_BuildValue("(NN)",
                              pdnpy_str_or_none(pdn_game_tag_name_at(g, i)),
                              pdnpy_str_or_none(pdn_game_tag_value_at(g, i)));

        if (t == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
    return out;
}

static PyObject *
game_tag(PyObject *o, PyObject *name)
{
    const char *s = PyUnicode_AsUTF8(name);

    if (s == NULL)
        return NULL;
    return pdnpy_str_or_none(pdn_game_tag(((PdnPyGame *)o)->g, s));
}

static PyObject *
game_set_tag(PyObject *o, PyObject *args)
{
    const char *k, *v;
    pdn_error err;
    pdn_game *g = ((PdnPyGame *)o)->g;

    if (!PyArg_ParseTuple(args, "ss", &k, &v))
        return NULL;
    if (pdn_game_set_tag_err(g, k, v, &err) != 0)
        return pdnpy_raise(NULL, &err, NULL);
    /* the Result tag and the terminator say the same */
    if (strcmp(k, "Result") == 0 &&
        pdn_result_outcome(v) != PDN_OUTCOME_INVALID)
        (void)pdn_game_set_result(g, v);
    pdnpy_game_edited((PdnPyGame *)o);
    Py_RETURN_NONE;
}

static PyObject *
game_remove_tag(PyObject *o, PyObject *name)
{
    const char *s = PyUnicode_AsUTF8(name);

    if (s == NULL)
        return NULL;
    pdnpy_game_edited((PdnPyGame *)o);
    return PyLong_FromSize_t(pdn_game_remove_tag(((PdnPyGame *)o)->g, s));
}

static PyObject *
game_end_comments(PyObject *o, void *c)
{
    const pdn_game *g = ((PdnPyGame *)o)->g;
    size_t i, n = pdn_game_comment_count(g);
    PyObject *out = PyList_New((Py_ssize_t)n);

    (void)c;
    for (i = 0; out != NULL && i < n; i++) {
        PyObject *s = pdnpy_str_or_none(pdn_game_comment_at(g, i));

        if (s == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, s);
    }
    return out;
}

static int
game_set_end_comments(PyObject *o, PyObject *v, void *c)
{
    pdn_game *g = ((PdnPyGame *)o)->g;
    Py_ssize_t i;

    (void)c;
    if (v == NULL || !PyList_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "a list of str");
        return -1;
    }
    while (pdn_game_comment_count(g) > 0)
        pdn_game_remove_comment(g, 0);
    for (i = 0; i < PyList_GET_SIZE(v); i++) {
        const char *s = PyUnicode_AsUTF8(PyList_GET_ITEM(v, i));

        if (s == NULL)
            return -1;
        if (pdn_game_add_comment(g, s) != 0) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

static PyObject *
game_first(PyObject *o, PyObject *unused)
{
    PdnPyGame *g = (PdnPyGame *)o;
    pdn_node *n = pdn_game_first_mut(g->g);

    (void)unused;
    if (n == NULL)
        Py_RETURN_NONE;
    return pdnpy_node_wrap(g->node_cls ? g->node_cls : pdnpy_node_class, g,
                           n, o, 1);
}

/* _mainline() -> the nodes of the main line, in one call. */
static PyObject *
game_mainline(PyObject *o, PyObject *unused)
{
    PdnPyGame *g = (PdnPyGame *)o;

    (void)unused;
    return pdnpy_line_nodes(g->node_cls ? g->node_cls : pdnpy_node_class, g,
                            pdn_game_first_mut(g->g), o, 1);
}

static PyObject *
game_append(PyObject *o, PyObject *arg)
{
    PdnPyGame *g = (PdnPyGame *)o;
    const char *s = PyUnicode_AsUTF8(arg);
    pdn_error err;
    pdn_node *n;

    if (s == NULL)
        return NULL;
    if ((n = pdn_game_append_move(g->g, s, &err)) == NULL)
        return pdnpy_raise(NULL, &err, NULL);
    pdnpy_game_edited(g);
    Py_RETURN_NONE;
}

static PyObject *
game_to_pdn(PyObject *o, PyObject *args)
{
    unsigned flags = 0;
    pdn_error err;
    size_t n;
    char *p;
    PyObject *s;

    if (!PyArg_ParseTuple(args, "|I", &flags))
        return NULL;
    if ((p = pdn_game_to_string(((PdnPyGame *)o)->g, flags, &n, &err)) ==
        NULL)
        return pdnpy_raise(NULL, &err, NULL);
    s = PyUnicode_DecodeUTF8(p, (Py_ssize_t)n, "replace");
    free(p);
    return s;
}

static PyObject *
game_richcompare(PyObject *a, PyObject *b, int op)
{
    int eq;

    if (!PyObject_TypeCheck(b, &PdnPy_GameType) ||
        (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    eq = a == b || pdn_game_equal(((PdnPyGame *)a)->g, ((PdnPyGame *)b)->g,
                                  NULL);
    if (eq < 0)
        return PyErr_NoMemory();
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *
game_clone(PyObject *o, PyObject *unused)
{
    PdnPyGame *g = (PdnPyGame *)o, *c;

    (void)unused;
    c = (PdnPyGame *)Py_TYPE(o)->tp_alloc(Py_TYPE(o), 0);
    if (c == NULL)
        return NULL;
    if ((c->g = pdn_game_clone(g->g)) == NULL) {
        Py_DECREF(c);
        return PyErr_NoMemory();
    }
    Py_INCREF(g->source);
    c->source = g->source;
    Py_INCREF(g->error);
    c->error = g->error;
    Py_INCREF(g->default_gt);
    c->default_gt = g->default_gt;
    Py_XINCREF(g->node_cls);
    c->node_cls = g->node_cls;
    return (PyObject *)c;
}

/* _gametype(gametype=None) -> the GameType the game is replayed under
 * (the inference walks the main line). */
static PyObject *
game_gametype(PyObject *o, PyObject *args)
{
    PyObject *spec = Py_None;
    pdn_gametype gt;

    if (!PyArg_ParseTuple(args, "|O", &spec))
        return NULL;
    if (pdnpy_resolve_only((PdnPyGame *)o, spec, &gt) < 0)
        return NULL;
    return pdnpy_gametype_str(&gt);
}

/* The Board of a line: the start position, then the moves of the nodes
 * (root first); setups empty the move stack. */
PyObject *
pdnpy_line_board(PdnPyGame *g, PyObject *spec, PdnPyNode **path, Py_ssize_t n)
{
    pdn_gametype gt;
    const pdn_board *wb;
    PdnPyBoard *b;
    pdn_error err;
    Py_ssize_t i;

    if (pdnpy_resolve_only(g, spec, &gt) < 0)
        return NULL;
    /* from the game's walker board (its position is set below): a clone,
     * cheaper than a new board */
    if ((wb = pdnpy_walker_board(g, &gt)) == NULL)
        return PyErr_NoMemory();
    if ((b = pdnpy_board_new(&gt, wb)) == NULL)
        return NULL;
    if (pdn_game_start(g->g, b->b, &err) < 0) {
        Py_DECREF(b);
        return pdnpy_raise(NULL, &err, NULL);
    }
    for (i = 0; i < n; i++) {
        const pdn_node *nd = path[i]->n;
        const pdn_movetext *mt = pdn_node_move(nd);

        if (pdn_node_setup(nd) != NULL) {
            if (pdn_node_apply_setup(nd, b->b, &err) < 0) {
                Py_DECREF(b);
                return pdnpy_raise(NULL, &err, NULL);
            }
            pdnpy_board_clear_stack(b);
        }
        if (mt == NULL) {
            PyObject *exc = pdnpy_fail_exc(g, nd, (unsigned long)path[i]->ply,
                                     b->b, 0);

            Py_DECREF(b);
            if (exc != NULL) {
                PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
                Py_DECREF(exc);
            }
            return NULL;
        }
        if (pdnpy_board_push_mt(b, mt, pdn_node_text(nd), nd) < 0) {
            Py_DECREF(b);
            return NULL;
        }
    }
    return (PyObject *)b;
}

static PyObject *
game_board(PyObject *o, PyObject *args)
{
    PyObject *spec = Py_None;

    if (!PyArg_ParseTuple(args, "|O", &spec))
        return NULL;
    return pdnpy_line_board((PdnPyGame *)o, spec, NULL, 0);
}

static PyMethodDef game_methods[] = {
    {"tag_items", game_tag_items, METH_NOARGS,
     "every tag pair, in input order"},
    {"_tag", game_tag, METH_O, "the first value of a tag, or None"},
    {"_set_tag", game_set_tag, METH_VARARGS, "sets a tag"},
    {"_remove_tag", game_remove_tag, METH_O, "removes a tag: how many"},
    {"_first", game_first, METH_NOARGS, "the first node, or None"},
    {"_infer", pdnpy_game_infer, METH_VARARGS,
     "_infer(name=None): libpdn's variant inference and how it decided"},
    {"_opening", pdnpy_game_opening, METH_VARARGS,
     "_opening(gametype=None): libpdn's opening of the game"},
    {"_final", (PyCFunction)(void (*)(void))pdnpy_game_final,
     METH_VARARGS | METH_KEYWORDS,
     "_final(gametype=None, board=False): the last position"},
    {"_mainline", game_mainline, METH_NOARGS,
     "the nodes of the main line, as a list"},
    {"_append", game_append, METH_O, "appends a move to the main line"},
    {"_to_pdn", game_to_pdn, METH_VARARGS, "the game as PDN text"},
    {"_replay", (PyCFunction)(void (*)(void))pdnpy_game_replay,
     METH_VARARGS | METH_KEYWORDS,
     "_replay(gametype=None, what='fens') -> (list, error, gametype)"},
    {"find_material", (PyCFunction)(void (*)(void))pdnpy_game_find_material,
     METH_VARARGS | METH_KEYWORDS,
     "find_material(wm, wk, bm, bk, gametype=None) -> (ply, key, fen) or "
     "None: the first position of the main line with that material (-1: "
     "any number)"},
    {"_check", (PyCFunction)(void (*)(void))pdnpy_game_check,
     METH_VARARGS | METH_KEYWORDS, "_check(gametype=None, draw_rules=True)"},
    {"_convert", pdnpy_game_convert, METH_VARARGS,
     "_convert(flags, gametype)"},
    {"_gametype", game_gametype, METH_VARARGS, "_gametype(default=None)"},
    {"_board", game_board, METH_VARARGS, "the start position's Board"},
    {"copy", game_clone, METH_NOARGS, "a deep copy of the game"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef game_getset[] = {
    {"number", game_number, NULL, "1-based number in the input", NULL},
    {"line", game_line, NULL, "the line the game starts on", NULL},
    {"raw", game_raw, NULL, "the game's bytes as read", NULL},
    {"result", game_result, game_set_result, "the terminator", NULL},
    {"final_comments", game_end_comments, game_set_end_comments,
     "the comments after the last move", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyMemberDef game_members[] = {
    {"source", T_OBJECT, offsetof(PdnPyGame, source), 0, "input name"},
    {"error", T_OBJECT, offsetof(PdnPyGame, error), 0,
     "the reader's error in this game, or None"},
    {"_default", T_OBJECT, offsetof(PdnPyGame, default_gt), 0,
     "the reader's gametype="},
    {"_warnings", T_OBJECT, offsetof(PdnPyGame, warnings), 0,
     "the reader's warnings about this game (Finding), or None"},
    {NULL, 0, 0, 0, NULL}
};

PyTypeObject PdnPy_GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pdntools._pdn.Game",
    .tp_basicsize = sizeof(PdnPyGame),
    .tp_dealloc = game_dealloc,
    .tp_richcompare = game_richcompare,
    .tp_hash = PyObject_HashNotImplemented,
    .tp_weaklistoffset = offsetof(PdnPyGame, weak),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A game: tags, the move tree, the result.",
    .tp_methods = game_methods,
    .tp_getset = game_getset,
    .tp_members = game_members,
    .tp_new = game_tp_new,
};
