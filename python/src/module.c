/* SPDX-License-Identifier: MIT */
/* The module pdntools._pdn: its functions, the exception classes the
 * Python package hands it, GameType helpers and the position key. */
#include "pdnpy.h"

#include <stdio.h>
#include <string.h>

PyObject *pdnpy_PdnError, *pdnpy_Finding, *pdnpy_IllegalMoveError;
/* code name -> the PdnError subclass raised for it (the package's
 * InvalidFenError, InvalidTagError, ...). It and the classes above are
 * given once, by the package's import (_set_classes, under the import
 * lock), and only read after, so that threads (free-threaded Python
 * included) share no state that changes. */
static PyObject *by_code;

int
pdnpy_gametype(PyObject *spec, pdn_gametype *gt)
{
    PyObject *s;
    const char *text;
    pdn_error err;

    if (spec == NULL || spec == Py_None)
        return pdn_gametype_standard(20, gt) == 0 ? 0 : -1;
    s = PyObject_Str(spec);
    if (s == NULL)
        return -1;
    text = PyUnicode_AsUTF8(s);
    if (text == NULL) {
        Py_DECREF(s);
        return -1;
    }
    if (pdn_gametype_parse(text, gt, &err) >= 0 ||
        pdn_gametype_by_name(text, gt) == 0) {
        Py_DECREF(s);
        return 0;
    }
    memset(&err, 0, sizeof err);
    err.code = PDN_EVARIANT;
    snprintf(err.text, sizeof err.text, "unknown game type '%.200s' (a "
             "GameType tag value such as \"20\" or \"21,W,8,8,N2,0\", or a "
             "name such as \"english\")", text);
    Py_DECREF(s);
    pdnpy_raise(NULL, &err, NULL);
    return -1;
}

PyObject *
pdnpy_gametype_str(const pdn_gametype *gt)
{
    char buf[96];

    pdn_gametype_format(gt, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

PyObject *
pdnpy_make(PyObject *cls, PyObject *kw)
{
    PyObject *args = PyTuple_New(0), *r;

    if (args == NULL)
        return NULL;
    r = PyObject_Call(cls, args, kw);
    Py_DECREF(args);
    return r;
}

/* d[k] = v, v a new reference (NULL: an error already set). */
static int
put(PyObject *d, const char *k, PyObject *v)
{
    int rc;

    if (v == NULL)
        return -1;
    rc = PyDict_SetItemString(d, k, v);
    Py_DECREF(v);
    return rc;
}

PyObject *
pdnpy_error_kw(const pdn_error *e)
{
    PyObject *kw = PyDict_New();

    if (kw == NULL)
        return NULL;
    if (put(kw, "code", PyUnicode_FromString(pdn_code_name(e->code))) ||
        put(kw, "line", PyLong_FromUnsignedLong(e->pos.line)) ||
        put(kw, "column", PyLong_FromUnsignedLong(e->pos.column)) ||
        put(kw, "game", PyLong_FromUnsignedLong(e->game)) ||
        put(kw, "text", PyUnicode_DecodeUTF8(e->text, strlen(e->text),
                                             "replace")) ||
        put(kw, "severity", PyUnicode_FromString(
            e->severity == PDN_SEV_WARNING ? "warning" : "error")) ||
        (e->source[0] != '\0' &&
         put(kw, "source", PyUnicode_DecodeFSDefault(e->source)))) {
        Py_DECREF(kw);
        return NULL;
    }
    return kw;
}

PyObject *
pdnpy_raise(PyObject *cls, const pdn_error *e, PyObject *extra)
{
    PyObject *kw = pdnpy_error_kw(e), *exc;

    if (kw == NULL)
        return NULL;
    if (extra != NULL && PyDict_Update(kw, extra) < 0) {
        Py_DECREF(kw);
        return NULL;
    }
    if (e->code == PDN_ENOMEM) {
        Py_DECREF(kw);
        return PyErr_NoMemory();
    }
    if (cls == NULL && by_code != NULL)
        cls = PyDict_GetItemString(by_code, pdn_code_name(e->code));
    exc = pdnpy_make(cls ? cls : pdnpy_PdnError, kw);
    Py_DECREF(kw);
    if (exc != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
        Py_DECREF(exc);
    }
    return NULL;
}

static uint64_t
splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15u;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    return x ^ (x >> 31);
}

uint64_t
pdnpy_key(const pdn_board *b)
{
    /* FNV-1a of the GameType's tag value, mixed: stable across runs. */
    char buf[96];
    uint64_t h = 0xCBF29CE484222325u;
    size_t i, n = pdn_gametype_format(pdn_board_gametype(b), buf, sizeof buf);

    for (i = 0; i < n && i < sizeof buf; i++)
        h = (h ^ (unsigned char)buf[i]) * 0x100000001B3u;
    return pdn_board_hash(b) ^ splitmix64(h);
}

static PyObject *
set_classes(PyObject *self, PyObject *args)
{
    PyObject *a, *b, *c, *board, *node, *codes = NULL;

    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO!O!|O!", &a, &b, &c, &PyType_Type,
                          &board, &PyType_Type, &node, &PyDict_Type, &codes))
        return NULL;
    if (pdnpy_PdnError != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_set_classes: the classes are "
                        "given once, at import");
        return NULL;
    }
    if (!PyType_IsSubtype((PyTypeObject *)board, &PdnPy_BoardType) ||
        !PyType_IsSubtype((PyTypeObject *)node, &PdnPy_NodeType)) {
        PyErr_SetString(PyExc_TypeError, "not a Board or Node class");
        return NULL;
    }
    if (codes != NULL) {
        /* a copy: the caller's dict could change after */
        if ((codes = PyDict_Copy(codes)) == NULL)
            return NULL;
        by_code = codes;
    }
    Py_INCREF(board);
    pdnpy_board_class = (PyTypeObject *)board;
    Py_INCREF(node);
    pdnpy_node_class = (PyTypeObject *)node;
    Py_INCREF(a);
    Py_INCREF(b);
    Py_INCREF(c);
    pdnpy_PdnError = a;
    pdnpy_Finding = b;
    pdnpy_IllegalMoveError = c;
    Py_RETURN_NONE;
}

/* gametype_info(spec) -> (tag value, name or None, type, notation) */
static PyObject *
gametype_info(PyObject *self, PyObject *spec)
{
    pdn_gametype gt;
    const char *name;
    char buf[96];

    (void)self;
    if (pdnpy_gametype(spec, &gt) < 0)
        return NULL;
    pdn_gametype_format(&gt, buf, sizeof buf);
    name = pdn_gametype_name(&gt);
    return Py_BuildValue("(szic)", buf, name, gt.type, gt.notation);
}

/* gametype_with_notation(spec, 'A' or 'N') -> tag value */
static PyObject *
gametype_with_notation(PyObject *self, PyObject *args)
{
    PyObject *spec;
    const char *nt;
    pdn_gametype gt;

    (void)self;
    if (!PyArg_ParseTuple(args, "Os", &spec, &nt))
        return NULL;
    if (pdnpy_gametype(spec, &gt) < 0)
        return NULL;
    gt.notation = nt[0];
    return pdnpy_gametype_str(&gt);
}

static PyObject *
version(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(pdn_version());
}

/* square_name(spec, number) -> the square's name ("c3"), or None. */
static PyObject *
square_name(PyObject *self, PyObject *args)
{
    PyObject *spec;
    pdn_gametype gt;
    int num, coord;
    char buf[16];

    (void)self;
    if (!PyArg_ParseTuple(args, "Oi", &spec, &num) ||
        pdnpy_gametype(spec, &gt) < 0)
        return NULL;
    if ((coord = pdn_square_to_coord(&gt, num)) < 0) {
        PyErr_Format(PyExc_ValueError, "no square %d on this board", num);
        return NULL;
    }
    gt.notation = 'A';
    pdn_coord_name(&gt, coord, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

/* square_number(spec, name) -> the number of a square named "c3". */
static PyObject *
square_number(PyObject *self, PyObject *args)
{
    PyObject *spec;
    pdn_gametype gt;
    const char *name;
    int file, rank = 0, num = 0;
    const char *p;

    (void)self;
    if (!PyArg_ParseTuple(args, "Os", &spec, &name) ||
        pdnpy_gametype(spec, &gt) < 0)
        return NULL;
    file = name[0] >= 'a' && name[0] <= 'p' ? name[0] - 'a'
         : name[0] >= 'A' && name[0] <= 'P' ? name[0] - 'A' : -1;
    for (p = name + 1; *p >= '0' && *p <= '9' && rank < 100; p++)
        rank = rank * 10 + (*p - '0');
    if (file >= 0 && *p == '\0' && p > name + 1 && rank >= 1 && rank <= 16)
        num = pdn_coord_to_square(&gt, PDN_COORD(file, rank - 1));
    if (num <= 0) {
        PyErr_Format(PyExc_ValueError, "no playable square '%s' on this "
                     "board", name);
        return NULL;
    }
    return PyLong_FromLong(num);
}

static PyMethodDef methods[] = {
    {"_set_classes", set_classes, METH_VARARGS,
     "_set_classes(PdnError, Finding, IllegalMoveError, Board, Node, "
     "{code: class})"},
    {"gametype_info", gametype_info, METH_O,
     "gametype_info(spec) -> (tag value, name, type, notation)"},
    {"gametype_with_notation", gametype_with_notation, METH_VARARGS,
     "the GameType with another notation"},
    {"version", version, METH_NOARGS, "libpdn's version"},
    {"square_name", square_name, METH_VARARGS,
     "square_name(gametype, number) -> name"},
    {"square_number", square_number, METH_VARARGS,
     "square_number(gametype, name) -> number"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "pdntools._pdn",
    "The compiled core of pdntools (libpdn built in).", -1, methods,
    NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__pdn(void);

PyMODINIT_FUNC
PyInit__pdn(void)
{
    PyObject *m = PyModule_Create(&moddef);

    if (m == NULL)
        return NULL;
    if (pdnpy_board_init_types(m) < 0 || pdnpy_game_init_types(m) < 0 ||
        pdnpy_engine_init_types(m) < 0 || pdnpy_dxp_init_types(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
