/* SPDX-License-Identifier: MIT */
/* Reader: the games of a path, bytes or a file object, one at a time; the
 * Ply type; the registration of Game, Node, Reader and Ply. */
#include "pdnpy.h"

#include <stdio.h>
#include <string.h>

PyTypeObject *PdnPy_PlyType;

/* ---- Reader ------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    pdn_reader *r;
    FILE *fp;
    PyObject *keep;       /* the bytes or the file object read */
    PyObject *name;
    PyObject *gametype;   /* gametype= for untagged games */
    PyTypeObject *cls;    /* the Game class made */
    PyTypeObject *ncls;   /* its Nodes' class (NULL: the package's) */
    int failed;           /* a Python exception in a callback */
    PyObject *warnings;   /* the reader's warnings for the next game */
} PdnPyReader;

/* A warning of the reader: kept for the game it is about. */
static void
warn_cb(const pdn_error *diag, void *ud)
{
    PdnPyReader *self = ud;
    PyObject *kw, *f;

    if (self->failed)
        return;
    if ((kw = pdnpy_error_kw(diag)) == NULL ||
        PyDict_SetItemString(kw, "source", self->name) < 0 ||
        (f = pdnpy_make(pdnpy_Finding, kw)) == NULL) {
        Py_XDECREF(kw);
        self->failed = 1;
        return;
    }
    Py_DECREF(kw);
    if (PyList_Append(self->warnings, f) < 0)
        self->failed = 1;
    Py_DECREF(f);
}

static size_t
read_cb(void *buf, size_t size, void *ud)
{
    PdnPyReader *self = ud;
    PyObject *data;
    char *p;
    Py_ssize_t n;

    data = PyObject_CallMethod(self->keep, "read", "n", (Py_ssize_t)size);
    if (data == NULL) {
        self->failed = 1;
        return (size_t)-1;
    }
    if (PyUnicode_Check(data)) {
        PyObject *b = PyUnicode_AsUTF8String(data);

        Py_DECREF(data);
        if ((data = b) == NULL) {
            self->failed = 1;
            return (size_t)-1;
        }
    }
    if (PyBytes_AsStringAndSize(data, &p, &n) < 0) {
        Py_DECREF(data);
        self->failed = 1;
        return (size_t)-1;
    }
    /* a text stream may give more bytes than asked: keep the rest */
    if ((size_t)n > size) {
        Py_DECREF(data);
        PyErr_SetString(PyExc_ValueError, "read() gave more than asked "
                        "(open the file in binary mode)");
        self->failed = 1;
        return (size_t)-1;
    }
    memcpy(buf, p, (size_t)n);
    Py_DECREF(data);
    return (size_t)n;
}

static PyObject *
reader_tp_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"source", "name", "gametype", "game_class",
                            "node_class", NULL};
    PyObject *src, *name = Py_None, *gt = Py_None, *cls = NULL, *ncls = NULL;
    PdnPyReader *self;
    const char *cname;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOO", names, &src, &name,
                                     &gt, &cls, &ncls))
        return NULL;
    if (cls != NULL && (!PyType_Check(cls) || !PyType_IsSubtype(
        (PyTypeObject *)cls, &PdnPy_GameType))) {
        PyErr_SetString(PyExc_TypeError, "game_class: a Game class");
        return NULL;
    }
    if (ncls != NULL) {
        if (!PyType_Check(ncls) || !PyType_IsSubtype((PyTypeObject *)ncls,
                                                     &PdnPy_NodeType)) {
            PyErr_SetString(PyExc_TypeError, "node_class: a Node class");
            return NULL;
        }
    }
    if ((self = (PdnPyReader *)type->tp_alloc(type, 0)) == NULL)
        return NULL;
    /* the reader's own: a module-wide class would be changed under the
     * other readers' feet (and threads) */
    Py_XINCREF(ncls);
    self->ncls = (PyTypeObject *)ncls;
    self->cls = cls ? (PyTypeObject *)cls : &PdnPy_GameType;
    Py_INCREF(self->cls);
    Py_INCREF(gt);
    self->gametype = gt;
    if (name == Py_None)
        name = PyUnicode_FromString("<input>");
    else
        name = PyObject_Str(name);
    if ((self->name = name) == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    if ((cname = PyUnicode_AsUTF8(name)) == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    if (PyUnicode_Check(src)) {
        PyObject *path;

        if (!PyUnicode_FSConverter(src, &path)) {
            Py_DECREF(self);
            return NULL;
        }
        self->fp = fopen(PyBytes_AS_STRING(path), "rb");
        if (self->fp == NULL) {
            PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, src);
            Py_DECREF(path);
            Py_DECREF(self);
            return NULL;
        }
        Py_DECREF(path);
        self->r = pdn_reader_new_file(self->fp, cname);
    } else if (PyBytes_Check(src)) {
        Py_INCREF(src);
        self->keep = src;
        self->r = pdn_reader_new_mem(PyBytes_AS_STRING(src),
                                     (size_t)PyBytes_GET_SIZE(src), cname);
    } else {
        Py_INCREF(src);
        self->keep = src;
        self->r = pdn_reader_new_cb(read_cb, self, cname);
    }
    if (self->r == NULL || (self->warnings = PyList_New(0)) == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    pdn_reader_set_warning_fn(self->r, warn_cb, self);
    return (PyObject *)self;
}

static void
reader_close_(PdnPyReader *self)
{
    pdn_reader_free(self->r);
    self->r = NULL;
    if (self->fp != NULL)
        fclose(self->fp);
    self->fp = NULL;
}

static void
reader_dealloc(PyObject *o)
{
    PdnPyReader *self = (PdnPyReader *)o;

    reader_close_(self);
    Py_XDECREF(self->keep);
    Py_XDECREF(self->name);
    Py_XDECREF(self->gametype);
    Py_XDECREF(self->cls);
    Py_XDECREF(self->ncls);
    Py_XDECREF(self->warnings);
    Py_TYPE(o)->tp_free(o);
}

static PyObject *
reader_close(PyObject *o, PyObject *unused)
{
    (void)unused;
    reader_close_((PdnPyReader *)o);
    Py_RETURN_NONE;
}

static PyObject *
reader_next(PyObject *o)
{
    PdnPyReader *self = (PdnPyReader *)o;
    pdn_game *g;
    pdn_error err;
    int rc;

    while (self->r != NULL) {
        g = NULL;
        rc = pdn_reader_next(self->r, &g, &err);
        if (self->failed) {
            pdn_game_free(g);
            reader_close_(self);
            return NULL;
        }
        if (rc == 0)
            break;
        if (g == NULL) {
            PyObject *x;

            if (err.code != PDN_ENOMEM && err.code != PDN_EIO &&
                err.code != PDN_EENCODING)
                continue;
            reader_close_(self);
            x = Py_BuildValue("{s:O}", "source", self->name);
            pdnpy_raise(NULL, &err, x);
            Py_XDECREF(x);
            return NULL;
        }
        {
            PdnPyGame *go = (PdnPyGame *)self->cls->tp_alloc(self->cls, 0);

            if (go == NULL) {
                pdn_game_free(g);
                return NULL;
            }
            go->g = g;
            go->warnings = self->warnings;
            if ((self->warnings = PyList_New(0)) == NULL) {
                Py_DECREF(go);
                return NULL;
            }
            Py_INCREF(self->name);
            go->source = self->name;
            Py_INCREF(self->gametype);
            go->default_gt = self->gametype;
            Py_XINCREF(self->ncls);
            go->node_cls = self->ncls;
            if (rc < 0) {
                PyObject *x = Py_BuildValue("{s:O}", "source", self->name);
                PyObject *kw = x ? pdnpy_error_kw(&err) : NULL;

                if (kw == NULL || PyDict_Update(kw, x) < 0 ||
                    (go->error = pdnpy_make(pdnpy_Finding, kw)) == NULL) {
                    Py_XDECREF(x);
                    Py_XDECREF(kw);
                    Py_DECREF(go);
                    return NULL;
                }
                Py_DECREF(x);
                Py_DECREF(kw);
            } else {
                Py_INCREF(Py_None);
                go->error = Py_None;
            }
            return (PyObject *)go;
        }
    }
    reader_close_(self);
    return NULL;
}

/* _tell() -> the byte offset where the next game starts (where the last
 * game's raw text ends), or None when the reader has stopped. */
static PyObject *
reader_tell(PyObject *o, PyObject *unused)
{
    PdnPyReader *self = (PdnPyReader *)o;
    pdn_pos pos;

    (void)unused;
    if (self->r == NULL || pdn_reader_tell(self->r, &pos) < 0)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong((unsigned long long)pos.offset);
}

static PyMethodDef reader_methods[] = {
    {"close", reader_close, METH_NOARGS, "stops reading"},
    {"_tell", reader_tell, METH_NOARGS,
     "_tell() -> where the next game starts (bytes), or None"},
    {NULL, NULL, 0, NULL}
};

PyTypeObject PdnPy_ReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pdntools._pdn.Reader",
    .tp_basicsize = sizeof(PdnPyReader),
    .tp_dealloc = reader_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Reader(source, name=None, gametype=None, game_class=None, "
              "node_class=None): the games of a path, bytes or a binary "
              "file object, one at a time.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = reader_next,
    .tp_methods = reader_methods,
    .tp_new = reader_tp_new,
};

static PyStructSequence_Field ply_fields[] = {
    {"number", "1-based ply"},
    {"text", "the move as written"},
    {"move", "the move in short canonical form"},
    {"fen", "the position after the move"},
    {"turn", "the side to move after it"},
    {"line", "where the move is written"},
    {"column", NULL},
    {NULL, NULL}
};

static PyStructSequence_Desc ply_desc = {
    "pdntools.Ply", "A move of a replay and the position after it.",
    ply_fields, 7
};

int
pdnpy_game_init_types(PyObject *m)
{
    if (PyType_Ready(&PdnPy_GameType) < 0 ||
        PyType_Ready(&PdnPy_NodeType) < 0 ||
        PyType_Ready(&PdnPy_ReaderType) < 0)
        return -1;
    if ((PdnPy_PlyType = PyStructSequence_NewType(&ply_desc)) == NULL)
        return -1;
    Py_INCREF(&PdnPy_GameType);
    Py_INCREF(&PdnPy_NodeType);
    Py_INCREF(&PdnPy_ReaderType);
    Py_INCREF(PdnPy_PlyType);
    if (PyModule_AddObject(m, "Game", (PyObject *)&PdnPy_GameType) < 0 ||
        PyModule_AddObject(m, "Node", (PyObject *)&PdnPy_NodeType) < 0 ||
        PyModule_AddObject(m, "Reader", (PyObject *)&PdnPy_ReaderType) < 0 ||
        PyModule_AddObject(m, "Ply", (PyObject *)PdnPy_PlyType) < 0)
        return -1;
    return 0;
}