/* SPDX-License-Identifier: MIT */
/* Engine: a draughts program spoken to through the Hub protocol
 * (pdn/engine.h), the core of pdntools.engine. The waits on the program
 * (its start, a search, ping, the end) run without the GIL, one call at a
 * time per engine (a lock of its own). An error that makes the client
 * unusable ends the program at once; the calls after it raise
 * EngineTerminatedError. The exception classes come from pdntools.engine
 * (_set_classes). */
#include "pdnpy.h"

#include <pythread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static PyObject *EngineError, *EngineTerminatedError, *EngineTimeoutError;

typedef struct {
    PyObject_HEAD
    pdn_engine *e;
    PyThread_type_lock lock;
    int state;          /* 0 not started, 1 running, 2 failed, 3 closed */
    pdn_error ferr;     /* what made it fail (state 2) */
} PdnPyEngine;

enum { ENG_NEW, ENG_RUNNING, ENG_FAILED, ENG_CLOSED };

/* The class of an error of the client: a timeout, a program that ended,
 * else EngineError. */
static PyObject *
error_class(const pdn_error *err)
{
    if (err->code == PDN_EIO) {
        if (strstr(err->text, "no answer in") != NULL ||
            strstr(err->text, "reads no input") != NULL)
            return EngineTimeoutError;
        if (strstr(err->text, "cannot start") == NULL &&
            strstr(err->text, "no program given") == NULL)
            return EngineTerminatedError;
    }
    return EngineError;
}

static PyObject *
raise_err(const pdn_error *err)
{
    if (EngineError == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "pdntools.engine not loaded");
        return NULL;
    }
    return pdnpy_raise(error_class(err), err, NULL);
}

PyObject *
pdnpy_engine_raise(const pdn_error *err, int terminated)
{
    if (terminated && EngineTerminatedError != NULL)
        return pdnpy_raise(EngineTerminatedError, err, NULL);
    return raise_err(err);
}

void
pdnpy_lock_wait(PyThread_type_lock lock)
{
    if (!PyThread_acquire_lock(lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
}

PyObject *
pdnpy_locked_new(PyTypeObject *type, size_t off)
{
    PyObject *self = type->tp_alloc(type, 0);
    PyThread_type_lock *lock;

    if (self == NULL)
        return NULL;
    lock = (PyThread_type_lock *)(void *)((char *)self + off);
    *lock = PyThread_allocate_lock();
    if (*lock == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return self;
}

static void
lock_engine(PdnPyEngine *self)
{
    pdnpy_lock_wait(self->lock);
}

static void
unlock_engine(PdnPyEngine *self)
{
    PyThread_release_lock(self->lock);
}

/* 0 when the engine can be used (the lock held); else -1 with
 * EngineTerminatedError. */
static int
usable(PdnPyEngine *self)
{
    pdn_error err;

    if (self->state == ENG_RUNNING && self->e != NULL)
        return 0;
    memset(&err, 0, sizeof err);
    err.code = self->state == ENG_FAILED ? self->ferr.code : PDN_EIO;
    err.severity = PDN_SEV_ERROR;
    if (self->state == ENG_FAILED)
        snprintf(err.text, sizeof err.text, "engine unusable after an "
                 "earlier error (%.150s)", self->ferr.text);
    else
        snprintf(err.text, sizeof err.text, "engine %s",
                 self->state == ENG_NEW ? "not started" : "closed");
    if (EngineTerminatedError == NULL)
        PyErr_SetString(PyExc_RuntimeError, err.text);
    else
        pdnpy_raise(EngineTerminatedError, &err, NULL);
    return -1;
}

/* After a call that failed with *err: when the client is unusable, the
 * program is ended at once (the lock held, the GIL taken). Raises. */
static PyObject *
failed(PdnPyEngine *self, const pdn_error *err)
{
    if (self->e != NULL && pdn_engine_failed(self->e, &self->ferr)) {
        pdn_engine *e = self->e;

        self->e = NULL;
        self->state = ENG_FAILED;
        Py_BEGIN_ALLOW_THREADS
        pdn_engine_free(e);
        Py_END_ALLOW_THREADS
    }
    return raise_err(err);
}

/* The start of a call on the engine: 0 with the lock held; -1 with
 * EngineTerminatedError (the lock released) when it cannot be used. */
static int
begin_call(PdnPyEngine *self)
{
    lock_engine(self);
    if (usable(self) < 0) {
        unlock_engine(self);
        return -1;
    }
    return 0;
}

/* The end of a call that gives None: rc and *err are what the client
 * said (raised when rc is not 0); the lock is released. */
static PyObject *
end_call(PdnPyEngine *self, int rc, const pdn_error *err)
{
    if (rc != 0) {
        failed(self, err);
        unlock_engine(self);
        return NULL;
    }
    unlock_engine(self);
    Py_RETURN_NONE;
}

static PyObject *
eng_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    (void)args;
    (void)kw;
    return pdnpy_locked_new(type, offsetof(PdnPyEngine, lock));
}

/* Engine(argv, cwd=None, timeout=0, stderr=-1, max_line=0): starts the
 * program and reads its hello. */
static int
eng_init(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"argv", "cwd", "timeout", "stderr", "max_line",
                             NULL};
    PdnPyEngine *self = (PdnPyEngine *)o;
    PyObject *argv_o, *cwd_o = Py_None, *words = NULL, *cwd_b = NULL;
    const char **argv = NULL;
    double timeout = 0;
    int stderr_fd = -1, rc = -1;
    Py_ssize_t max_line = 0, n, i;
    pdn_engine_options opts;
    pdn_engine *e;
    pdn_error err;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|Odin", kwlist, &argv_o,
                                     &cwd_o, &timeout, &stderr_fd,
                                     &max_line))
        return -1;
    if (self->state != ENG_NEW) {
        PyErr_SetString(PyExc_RuntimeError, "engine already started");
        return -1;
    }
    if (timeout < 0 || timeout != timeout || max_line < 0) {
        PyErr_SetString(PyExc_ValueError, "timeout and max_line must not "
                        "be negative");
        return -1;
    }
    words = PySequence_List(argv_o);
    if (words == NULL)
        return -1;
    n = PyList_GET_SIZE(words);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "no program given");
        goto done;
    }
    argv = PyMem_Calloc((size_t)n + 1, sizeof *argv);
    if (argv == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        PyObject *b = NULL;

        if (!PyUnicode_FSConverter(PyList_GET_ITEM(words, i), &b))
            goto done;
        /* the list keeps the bytes alive */
        PyList_SET_ITEM(words, i, b);
        argv[i] = PyBytes_AS_STRING(b);
    }
    if (cwd_o != Py_None && !PyUnicode_FSConverter(cwd_o, &cwd_b))
        goto done;
    pdn_engine_options_init(&opts);
    opts.argv = argv;
    opts.dir = cwd_b != NULL ? PyBytes_AS_STRING(cwd_b) : NULL;
    opts.timeout = timeout;
    opts.max_line = (size_t)max_line;
    opts.stderr_fd = stderr_fd;
    lock_engine(self);
    Py_BEGIN_ALLOW_THREADS
    e = pdn_engine_start(&opts, &err);
    Py_END_ALLOW_THREADS
    if (e == NULL)
        raise_err(&err);
    else {
        self->e = e;
        self->state = ENG_RUNNING;
        rc = 0;
    }
    unlock_engine(self);
done:
    PyMem_Free(argv);
    Py_XDECREF(cwd_b);
    Py_DECREF(words);
    return rc;
}

static void
eng_dealloc(PyObject *o)
{
    PdnPyEngine *self = (PdnPyEngine *)o;

    if (self->e != NULL) {
        pdn_engine *e = self->e;

        self->e = NULL;
        Py_BEGIN_ALLOW_THREADS
        pdn_engine_free(e);
        Py_END_ALLOW_THREADS
    }
    if (self->lock != NULL)
        PyThread_free_lock(self->lock);
    Py_TYPE(o)->tp_free(o);
}

/* id() -> (name, version, author) */
static PyObject *
eng_id(PyObject *o, PyObject *unused)
{
    PdnPyEngine *self = (PdnPyEngine *)o;
    PyObject *r;

    (void)unused;
    if (begin_call(self) < 0)
        return NULL;
    r = Py_BuildValue("(sss)", pdn_engine_name(self->e),
                      pdn_engine_version(self->e),
                      pdn_engine_author(self->e));
    unlock_engine(self);
    return r;
}

/* params() -> [(name, default, values), ...] */
static PyObject *
eng_params(PyObject *o, PyObject *unused)
{
    PdnPyEngine *self = (PdnPyEngine *)o;
    PyObject *out;
    size_t i, n;

    (void)unused;
    if (begin_call(self) < 0)
        return NULL;
    n = pdn_engine_param_count(self->e);
    out = PyList_New((Py_ssize_t)n);
    for (i = 0; out != NULL && i < n; i++) {
        PyObject *t = Py_BuildValue("(sss)",
                                    pdn_engine_param_name(self->e, i),
                                    pdn_engine_param_value(self->e, i),
                                    pdn_engine_param_values(self->e, i));

        if (t == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
    unlock_engine(self);
    return out;
}

/* set_param(name, value) */
static PyObject *
eng_set_param(PyObject *o, PyObject *args)
{
    PdnPyEngine *self = (PdnPyEngine *)o;
    const char *name, *value;
    pdn_error err;
    int rc;

    if (!PyArg_ParseTuple(args, "ss", &name, &value) || begin_call(self) < 0)
        return NULL;
    rc = pdn_engine_set_param(self->e, name, value, &err);
    return end_call(self, rc, &err);
}

/* A call that waits on the program: ping or new-game. */
static PyObject *
eng_wait(PdnPyEngine *self, int (*fn)(pdn_engine *, pdn_error *))
{
    pdn_error err;
    int rc;

    if (begin_call(self) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = fn(self->e, &err);
    Py_END_ALLOW_THREADS
    return end_call(self, rc, &err);
}

static PyObject *
eng_ping(PyObject *o, PyObject *unused)
{
    (void)unused;
    return eng_wait((PdnPyEngine *)o, pdn_engine_ping);
}

static PyObject *
eng_new_game(PyObject *o, PyObject *unused)
{
    (void)unused;
    return eng_wait((PdnPyEngine *)o, pdn_engine_new_game);
}

/* A board of the engine's own for a Board: the position before the
 * moves of its stack, those moves pushed (the history Hub sends); the
 * position alone when the stack cannot be kept. NULL with an exception. */
static pdn_board *
engine_board(PdnPyBoard *src)
{
    const pdn_board *start = src->n > 0 ? src->hist[0] : src->b;
    pdn_board *t = pdn_board_new(&src->gt, NULL);
    size_t i;

    if (t == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (pdn_board_copy(t, start) != 0) {
        pdn_board_free(t);
        PyErr_SetString(PyExc_ValueError, "a board the engine cannot take");
        return NULL;
    }
    for (i = 0; i < src->n; i++)
        if (pdn_board_push(t, &src->moves[i], NULL) != 0)
            break;
    if (i < src->n)
        pdn_board_copy(t, src->b);
    return t;
}

/* The moves of r's principal variation from b as Moves. */
static PyObject *
pv_list(const pdn_board *b, const pdn_engine_result *r)
{
    pdn_board *t = pdn_board_new(pdn_board_gametype(b), NULL);
    pdn_movelist *l = pdn_movelist_new();
    PyObject *out = PyList_New(0);
    size_t i;

    if (t == NULL || l == NULL || out == NULL ||
        pdn_board_copy(t, b) != 0) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto fail;
    }
    for (i = 0; i < r->npv; i++) {
        PyObject *mv;
        pdn_error err;

        if (pdn_board_moves(t, l, &err) < 0) {
            pdnpy_raise(NULL, &err, NULL);
            goto fail;
        }
        mv = pdnpy_move_new(t, l, &r->pv[i]);
        if (mv == NULL || PyList_Append(out, mv) < 0) {
            Py_XDECREF(mv);
            goto fail;
        }
        Py_DECREF(mv);
        pdn_board_apply(t, &r->pv[i]);
    }
    pdn_board_free(t);
    pdn_movelist_free(l);
    return out;
fail:
    pdn_board_free(t);
    pdn_movelist_free(l);
    Py_XDECREF(out);
    return NULL;
}

/* search(board, depth=0, nodes=0, time=0.0, timeout=0.0, analyze=False)
 * -> (move, pv, score or None, depth, nodes, time): the variant set from
 * the board's GameType, then a search of its position and history. */
static PyObject *
eng_search(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"board", "depth", "nodes", "time", "timeout",
                             "analyze", NULL};
    PdnPyEngine *self = (PdnPyEngine *)o;
    PyObject *bo, *pv = NULL, *mv = NULL, *score = NULL, *out = NULL;
    pdn_engine_limits lim;
    pdn_engine_result *res = NULL;
    pdn_board *t = NULL;
    pdn_status st;
    pdn_error err;
    int rc;

    memset(&lim, 0, sizeof lim);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|iKddp", kwlist,
                                     &PdnPy_BoardType, &bo, &lim.depth,
                                     &lim.nodes, &lim.move_time,
                                     &lim.timeout, &lim.analyze))
        return NULL;
    if (lim.depth < 0 || lim.move_time < 0 || lim.timeout < 0 ||
        lim.move_time != lim.move_time || lim.timeout != lim.timeout) {
        PyErr_SetString(PyExc_ValueError, "depth, time and timeout must not "
                        "be negative");
        return NULL;
    }
    if ((t = engine_board((PdnPyBoard *)bo)) == NULL)
        return NULL;
    if (pdn_board_status(t, &st, &err) != 0) {
        pdn_board_free(t);
        return pdnpy_raise(NULL, &err, NULL);
    }
    if (st.moves == 0) {
        pdn_board_free(t);
        PyErr_SetString(PyExc_ValueError, "the side to move has no legal "
                        "move: no search of a finished game");
        return NULL;
    }
    res = PyMem_Malloc(sizeof *res);
    if (res == NULL) {
        pdn_board_free(t);
        return PyErr_NoMemory();
    }
    lock_engine(self);
    if (usable(self) < 0)
        goto done;
    Py_BEGIN_ALLOW_THREADS
    rc = pdn_engine_set_variant(self->e, pdn_board_gametype(t), &err);
    if (rc == 0)
        rc = pdn_engine_search(self->e, t, &lim, res, &err);
    Py_END_ALLOW_THREADS
    if (rc != 0) {
        failed(self, &err);
        goto done;
    }
    if ((pv = pv_list(t, res)) == NULL)
        goto done;
    if (PyList_GET_SIZE(pv) < 1) {
        PyErr_SetString(PyExc_RuntimeError, "a search without a move");
        goto done;
    }
    mv = PyList_GET_ITEM(pv, 0);
    Py_INCREF(mv);
    if (res->has_score)
        score = PyFloat_FromDouble(res->score);
    else {
        score = Py_None;
        Py_INCREF(score);
    }
    if (score != NULL)
        out = Py_BuildValue("(OOOiKd)", mv, pv, score, res->depth,
                            res->nodes, res->time);
done:
    unlock_engine(self);
    Py_XDECREF(mv);
    Py_XDECREF(pv);
    Py_XDECREF(score);
    PyMem_Free(res);
    pdn_board_free(t);
    return out;
}

/* close(): quit, a moment for the program to end, then kill it. */
static PyObject *
eng_close(PyObject *o, PyObject *unused)
{
    PdnPyEngine *self = (PdnPyEngine *)o;
    pdn_engine *e;

    (void)unused;
    lock_engine(self);
    e = self->e;
    self->e = NULL;
    if (self->state != ENG_FAILED)
        self->state = ENG_CLOSED;
    if (e != NULL) {
        Py_BEGIN_ALLOW_THREADS
        pdn_engine_free(e);
        Py_END_ALLOW_THREADS
    }
    unlock_engine(self);
    Py_RETURN_NONE;
}

static PyObject *
eng_get_alive(PyObject *o, void *closure)
{
    (void)closure;
    return PyBool_FromLong(((PdnPyEngine *)o)->state == ENG_RUNNING);
}

/* _set_classes(EngineError, EngineTerminatedError, EngineTimeoutError) */
static PyObject *
eng_set_classes(PyObject *unused, PyObject *args)
{
    PyObject *a, *b, *c;

    (void)unused;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyType_Type, &a, &PyType_Type,
                          &b, &PyType_Type, &c))
        return NULL;
    /* given once, by pdntools.engine's import, and only read after (no
     * state that changes under threads) */
    if (EngineError != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_set_classes: the classes are "
                        "given once, at import");
        return NULL;
    }
    Py_INCREF(a);
    Py_INCREF(b);
    Py_INCREF(c);
    EngineError = a;
    EngineTerminatedError = b;
    EngineTimeoutError = c;
    Py_RETURN_NONE;
}

static PyMethodDef eng_methods[] = {
    {"id", eng_id, METH_NOARGS, "id() -> (name, version, author)"},
    {"params", eng_params, METH_NOARGS,
     "params() -> [(name, default, values), ...]"},
    {"set_param", eng_set_param, METH_VARARGS,
     "set_param(name, value): before the first search"},
    {"search", (PyCFunction)(void (*)(void))eng_search,
     METH_VARARGS | METH_KEYWORDS,
     "search(board, depth=0, nodes=0, time=0.0, timeout=0.0, analyze="
     "False) -> (move, pv, score, depth, nodes, time)"},
    {"ping", eng_ping, METH_NOARGS, "ping(): waits for pong"},
    {"new_game", eng_new_game, METH_NOARGS,
     "new_game(): the next searches are unrelated to earlier ones"},
    {"close", eng_close, METH_NOARGS, "close(): quit, then kill"},
    {"_set_classes", eng_set_classes, METH_VARARGS | METH_STATIC,
     "_set_classes(EngineError, EngineTerminatedError, "
     "EngineTimeoutError)"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef eng_getset[] = {
    {"alive", eng_get_alive, NULL,
     "whether the program runs and the client is usable", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyTypeObject PdnPy_EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pdntools._pdn.Engine",
    .tp_basicsize = sizeof(PdnPyEngine),
    .tp_dealloc = eng_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Engine(argv, cwd=None, timeout=0.0, stderr=-1, max_line=0): "
              "a Hub engine run as a separate process (pdn/engine.h)",
    .tp_methods = eng_methods,
    .tp_getset = eng_getset,
    .tp_init = eng_init,
    .tp_new = eng_new,
};

int
pdnpy_engine_init_types(PyObject *m)
{
    if (PyType_Ready(&PdnPy_EngineType) < 0)
        return -1;
    Py_INCREF(&PdnPy_EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&PdnPy_EngineType) < 0)
        return -1;
    return 0;
}
