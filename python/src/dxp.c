/* SPDX-License-Identifier: MIT */
/* Dxp: a peer spoken to through the DamExchange Protocol over TCP
 * (pdn/engine.h's DXP part), the core of pdntools.engine.DxpEngine. The
 * client asks for games or (wait_game, answer_game) is asked; the waits (connect, accept, a
 * game's acceptance, a move, a game's end) run without the GIL, one call
 * at a time per peer. Errors raise pdntools.engine's classes, as the
 * Hub engine's do; after one the peer is unusable. */
#include "pdnpy.h"

#include <pythread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    pdn_dxp *d;
    PyThread_type_lock lock;
} PdnPyDxp;

static void
dxp_lock(PdnPyDxp *self)
{
    pdnpy_lock_wait(self->lock);
}

/* 0 with the lock held when the peer is open and usable; else -1 with
 * EngineTerminatedError. */
static int
dxp_begin(PdnPyDxp *self)
{
    pdn_error err;

    pdn_error why;

    dxp_lock(self);
    if (self->d != NULL && !pdn_dxp_failed(self->d, &why))
        return 0;
    PyThread_release_lock(self->lock);
    memset(&err, 0, sizeof err);
    err.code = PDN_EIO;
    err.severity = PDN_SEV_ERROR;
    if (self->d != NULL)
        snprintf(err.text, sizeof err.text, "dxp unusable after an earlier "
                 "error (%.150s)", why.text);
    else
        strcpy(err.text, "dxp: the connection is closed");
    pdnpy_engine_raise(&err, 1);
    return -1;
}

/* The end of a call: raises *err when rc is negative; releases the
 * lock. */
static PyObject *
dxp_end(PdnPyDxp *self, int rc, const pdn_error *err)
{
    PyThread_release_lock(self->lock);
    if (rc < 0)
        return pdnpy_engine_raise(err, 0);
    Py_RETURN_NONE;
}

static PyObject *
dxp_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    (void)args;
    (void)kw;
    return pdnpy_locked_new(type, offsetof(PdnPyDxp, lock));
}

/* Dxp(host, port, listen=False, timeout=0.0, name=None): connects to a
 * peer that listens, or (listen) listens for one, which accept() waits
 * for. */
static int
dxp_init(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"host", "port", "listen", "timeout", "name",
                             NULL};
    PdnPyDxp *self = (PdnPyDxp *)o;
    const char *host, *port, *name = NULL;
    int listen = 0;
    double timeout = 0;
    pdn_dxp_options opt;
    pdn_dxp *d;
    pdn_error err;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "zs|pdz", kwlist, &host,
                                     &port, &listen, &timeout, &name))
        return -1;
    if (self->d != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "already connected");
        return -1;
    }
    if (timeout < 0 || timeout != timeout) {
        PyErr_SetString(PyExc_ValueError, "timeout must not be negative");
        return -1;
    }
    pdn_dxp_options_init(&opt);
    opt.timeout = timeout;
    opt.name = name;
    Py_BEGIN_ALLOW_THREADS
    d = listen ? pdn_dxp_listen(host, port, &opt, &err)
               : pdn_dxp_connect(host != NULL ? host : "127.0.0.1", port,
                                 &opt, &err);
    Py_END_ALLOW_THREADS
    if (d == NULL) {
        pdnpy_engine_raise(&err, 0);
        return -1;
    }
    self->d = d;
    return 0;
}

static void
dxp_dealloc(PyObject *o)
{
    PdnPyDxp *self = (PdnPyDxp *)o;

    pdn_dxp_free(self->d);
    if (self->lock != NULL)
        PyThread_free_lock(self->lock);
    Py_TYPE(o)->tp_free(o);
}

/* accept(): waits for the peer's connection (after listen). */
static PyObject *
dxp_accept(PyObject *o, PyObject *unused)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    pdn_error err;
    int rc;

    (void)unused;
    if (dxp_begin(self) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = pdn_dxp_accept(self->d, &err);
    Py_END_ALLOW_THREADS
    return dxp_end(self, rc, &err);
}

/* A board of the client's for a Board (its position, its history). */
static pdn_board *
dxp_board(PyObject *bo)
{
    PdnPyBoard *src = (PdnPyBoard *)bo;
    pdn_board *t = pdn_board_new(&src->gt, NULL);

    if (t == NULL)
        PyErr_NoMemory();
    else if (pdn_board_copy(t, src->b) != 0) {
        pdn_board_free(t);
        PyErr_SetString(PyExc_ValueError, "a board DXP cannot take");
        t = NULL;
    }
    return t;
}

/* A call that sends: a game's request (move NULL) or a move. */
typedef struct dxp_send {
    int follower, minutes, moves;
    const pdn_move *move;
    double seconds;
} dxp_send;

/* Makes call q on board t (freed), the GIL released; None or raises. */
static PyObject *
dxp_run(PdnPyDxp *self, pdn_board *t, const dxp_send *q)
{
    pdn_error err;
    int rc;

    if (dxp_begin(self) < 0) {
        pdn_board_free(t);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    if (q->move == NULL)
        rc = pdn_dxp_game_request(self->d, t, q->follower, q->minutes,
                                  q->moves, &err);
    else
        rc = pdn_dxp_send_move(self->d, t, q->move, q->seconds, &err);
    Py_END_ALLOW_THREADS
    pdn_board_free(t);
    return dxp_end(self, rc, &err);
}

/* game_request(board, follower, minutes=0, moves=0): asks for a game
 * from board's position, the peer playing follower ('W' or 'B'). */
static PyObject *
dxp_game_request(PyObject *o, PyObject *args)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    PyObject *bo;
    const char *follower;
    dxp_send q = {0, 0, 0, NULL, 0};
    pdn_board *t;

    if (!PyArg_ParseTuple(args, "O!s|ii", &PdnPy_BoardType, &bo, &follower,
                          &q.minutes, &q.moves))
        return NULL;
    if (strcmp(follower, "W") != 0 && strcmp(follower, "B") != 0) {
        PyErr_SetString(PyExc_ValueError, "follower: 'W' or 'B'");
        return NULL;
    }
    if ((t = dxp_board(bo)) == NULL)
        return NULL;
    q.follower = follower[0];
    return dxp_run(self, t, &q);
}

/* send_move(board, move, seconds=0.0): sends move, a legal move of
 * board's position. */
static PyObject *
dxp_send_move(PyObject *o, PyObject *args)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    PyObject *bo, *mo;
    dxp_send q = {0, 0, 0, NULL, 0};
    pdn_movelist *l;
    pdn_board *t;
    pdn_error err;
    size_t i, n = 0;

    if (!PyArg_ParseTuple(args, "O!O!|d", &PdnPy_BoardType, &bo,
                          &PdnPy_MoveType, &mo, &q.seconds))
        return NULL;
    if ((t = dxp_board(bo)) == NULL)
        return NULL;
    l = pdn_movelist_new();
    if (l == NULL || pdn_board_moves(t, l, &err) < 0) {
        pdn_movelist_free(l);
        pdn_board_free(t);
        return PyErr_NoMemory();
    }
    for (i = 0; i < pdn_movelist_count(l); i++)
        if (pdnpy_move_same(pdn_movelist_at(l, i), &((PdnPyMove *)mo)->m))
            n++;
    pdn_movelist_free(l);
    if (n == 0) {
        pdn_board_free(t);
        PyErr_SetString(PyExc_ValueError, "not a legal move of the board");
        return NULL;
    }
    q.move = &((PdnPyMove *)mo)->m;
    return dxp_run(self, t, &q);
}

/* read_move(board, timeout=0.0) -> (move, seconds), or (None, reason)
 * when the peer ended the game (its GAMEEND reason). */
static PyObject *
dxp_read_move(PyObject *o, PyObject *args)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    PyObject *bo, *out = NULL;
    double timeout = 0, secs = 0;
    pdn_move m;
    pdn_board *t;
    pdn_error err;
    int rc, reason = 0;

    if (!PyArg_ParseTuple(args, "O!|d", &PdnPy_BoardType, &bo, &timeout))
        return NULL;
    if (timeout < 0 || timeout != timeout) {
        PyErr_SetString(PyExc_ValueError, "timeout must not be negative");
        return NULL;
    }
    if ((t = dxp_board(bo)) == NULL)
        return NULL;
    if (dxp_begin(self) < 0) {
        pdn_board_free(t);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = pdn_dxp_read_move(self->d, t, timeout, &m, &secs, &reason, &err);
    Py_END_ALLOW_THREADS
    PyThread_release_lock(self->lock);
    if (rc < 0)
        pdnpy_engine_raise(&err, 0);
    else if (rc == 1)
        out = Py_BuildValue("(Oi)", Py_None, reason);
    else {
        PyObject *mv = pdnpy_move_new(t, NULL, &m);

        if (mv != NULL)
            out = Py_BuildValue("(Nd)", mv, secs);
    }
    pdn_board_free(t);
    return out;
}

/* wait_game(timeout=0.0) -> (fen, colour, minutes, moves): the
 * follower's side, the peer's GAMEREQ read (answer_game answers it). */
static PyObject *
dxp_wait_game(PyObject *o, PyObject *args)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    double timeout = 0;
    pdn_dxp_request r;
    pdn_gametype gt;
    pdn_board *t;
    pdn_error err;
    char fen[PDN_FEN_STRING_MAX];
    int rc;

    if (!PyArg_ParseTuple(args, "|d", &timeout))
        return NULL;
    if (timeout < 0 || timeout != timeout) {
        PyErr_SetString(PyExc_ValueError, "timeout must not be negative");
        return NULL;
    }
    pdn_gametype_standard(20, &gt);
    if ((t = pdn_board_new(&gt, NULL)) == NULL)
        return PyErr_NoMemory();
    if (dxp_begin(self) < 0) {
        pdn_board_free(t);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = pdn_dxp_game_wait(self->d, t, timeout, &r, &err);
    Py_END_ALLOW_THREADS
    PyThread_release_lock(self->lock);
    if (rc == 0)
        pdn_board_fen_string(t, fen, sizeof fen);
    pdn_board_free(t);
    if (rc != 0)
        return pdnpy_engine_raise(&err, 0);
    return Py_BuildValue("(sCii)", fen, r.colour, r.minutes, r.moves);
}

/* answer_game(code): GAMEACC for the request read (0 accepts). */
static PyObject *
dxp_answer_game(PyObject *o, PyObject *args)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    int code, rc;
    pdn_error err;

    if (!PyArg_ParseTuple(args, "i", &code))
        return NULL;
    if (dxp_begin(self) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = pdn_dxp_game_answer(self->d, code, &err);
    Py_END_ALLOW_THREADS
    return dxp_end(self, rc, &err);
}

/* game_end(reason, stop=False): sends GAMEEND (reason from our side's
 * view) and waits for the peer's. */
static PyObject *
dxp_game_end(PyObject *o, PyObject *args)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    int reason, stop = 0, rc;
    pdn_error err;

    if (!PyArg_ParseTuple(args, "i|p", &reason, &stop))
        return NULL;
    if (dxp_begin(self) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = pdn_dxp_game_end(self->d, reason, stop, &err);
    Py_END_ALLOW_THREADS
    return dxp_end(self, rc, &err);
}

/* close(): closes the connection. */
static PyObject *
dxp_close(PyObject *o, PyObject *unused)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    pdn_dxp *d;

    (void)unused;
    dxp_lock(self);
    d = self->d;
    self->d = NULL;
    PyThread_release_lock(self->lock);
    pdn_dxp_free(d);
    Py_RETURN_NONE;
}

static PyObject *
dxp_get_port(PyObject *o, void *closure)
{
    PdnPyDxp *self = (PdnPyDxp *)o;

    (void)closure;
    return PyLong_FromLong(self->d != NULL ? pdn_dxp_port(self->d) : 0);
}

static PyObject *
dxp_get_text(PyObject *o, void *closure)
{
    PdnPyDxp *self = (PdnPyDxp *)o;
    const char *s = self->d == NULL ? ""
                    : closure != NULL ? pdn_dxp_chat(self->d)
                                      : pdn_dxp_peer_name(self->d);

    return PyUnicode_DecodeLatin1(s, (Py_ssize_t)strlen(s), NULL);
}

static PyObject *
dxp_get_alive(PyObject *o, void *closure)
{
    PdnPyDxp *self = (PdnPyDxp *)o;

    (void)closure;
    return PyBool_FromLong(self->d != NULL &&
                           !pdn_dxp_failed(self->d, NULL));
}

static PyMethodDef dxp_methods[] = {
    {"accept", dxp_accept, METH_NOARGS, "accept(): waits for the peer"},
    {"game_request", dxp_game_request, METH_VARARGS,
     "game_request(board, follower, minutes=0, moves=0)"},
    {"send_move", dxp_send_move, METH_VARARGS,
     "send_move(board, move, seconds=0.0)"},
    {"read_move", dxp_read_move, METH_VARARGS,
     "read_move(board, timeout=0.0) -> (move, seconds) or (None, reason)"},
    {"wait_game", dxp_wait_game, METH_VARARGS,
     "wait_game(timeout=0.0) -> (fen, colour, minutes, moves)"},
    {"answer_game", dxp_answer_game, METH_VARARGS, "answer_game(code)"},
    {"game_end", dxp_game_end, METH_VARARGS,
     "game_end(reason, stop=False)"},
    {"close", dxp_close, METH_NOARGS, "close(): closes the connection"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef dxp_getset[] = {
    {"port", dxp_get_port, NULL, "the port listened on, else 0", NULL},
    {"peer_name", dxp_get_text, NULL, "the peer's name from GAMEACC", NULL},
    {"chat", dxp_get_text, NULL, "the peer's last CHAT", "chat"},
    {"alive", dxp_get_alive, NULL, "whether the connection is usable",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyTypeObject PdnPy_DxpType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pdntools._pdn.Dxp",
    .tp_basicsize = sizeof(PdnPyDxp),
    .tp_dealloc = dxp_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Dxp(host, port, listen=False, timeout=0.0, name=None): a "
              "DXP peer over TCP (pdn/engine.h)",
    .tp_methods = dxp_methods,
    .tp_getset = dxp_getset,
    .tp_init = dxp_init,
    .tp_new = dxp_new,
};

int
pdnpy_dxp_init_types(PyObject *m)
{
    if (PyType_Ready(&PdnPy_DxpType) < 0)
        return -1;
    Py_INCREF(&PdnPy_DxpType);
    if (PyModule_AddObject(m, "Dxp", (PyObject *)&PdnPy_DxpType) < 0)
        return -1;
    return 0;
}
