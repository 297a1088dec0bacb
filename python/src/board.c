/* SPDX-License-Identifier: MIT */
/* Board (Move is in move.c). A Board keeps a stack of the moves played
 * and of the positions before them (copies, pdn_board_copy), so pop()
 * restores a position and the draw state is rebuilt from the stack when
 * asked. A push copies the position before it only into a board the stack
 * already has (one a pop left), so a line pushed once costs no board per
 * move; the positions not kept are replayed from the last one kept when
 * pop(), peek(), move_stack or the draw rules ask (saved()). libpdn's undo
 * stack (pdn_board_push, pdn_board_pop), which keeps the draw counts, is
 * where room(), pop() and ds_sync() below should go. */
#include "pdnpy.h"

#include <string.h>

/* ---- Board ------------------------------------------------------------- */

PyTypeObject *pdnpy_board_class = &PdnPy_BoardType;

static PdnPyBoard *
board_alloc(PyTypeObject *type, const pdn_gametype *gt, const pdn_board *src)
{
    PdnPyBoard *self = (PdnPyBoard *)type->tp_alloc(type, 0);
    pdn_error err;

    if (self == NULL)
        return NULL;
    self->gt = *gt;
    self->l = NULL;
    self->hist = NULL;
    self->moves = NULL;
    self->n = self->cap = self->nhist = self->nsaved = 0;
    self->hash_ok = 0;
    self->ds = NULL;
    self->ds_fed = 0;
    self->ds_valid = 0;
    /* a clone costs a copy; a new board would compute its geometry */
    if (src != NULL && pdn_gametype_equal(pdn_board_gametype(src), gt))
        self->b = pdn_board_clone(src, &err);
    else
        self->b = pdn_board_new(gt, &err);
    if (self->b == NULL) {
        Py_DECREF(self);
        return (PdnPyBoard *)pdnpy_raise(NULL, &err, NULL);
    }
    if ((self->l = pdn_movelist_new()) == NULL) {
        Py_DECREF(self);
        return (PdnPyBoard *)PyErr_NoMemory();
    }
    if (src != NULL)
        pdn_board_copy(self->b, src);
    return self;
}

PdnPyBoard *
pdnpy_board_new(const pdn_gametype *gt, const pdn_board *src)
{
    return board_alloc(pdnpy_board_class, gt, src);
}

static void
board_dealloc(PyObject *o)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    size_t i;

    for (i = 0; i < self->nhist; i++)
        pdn_board_free(self->hist[i]);
    PyMem_Free(self->hist);
    PyMem_Free(self->moves);
    pdn_board_free(self->b);
    pdn_movelist_free(self->l);
    pdn_drawstate_free(self->ds);
    Py_TYPE(o)->tp_free(o);
}

void
pdnpy_board_clear_stack(PdnPyBoard *self)
{
    self->n = self->nsaved = 0;
    self->ds_valid = 0;
    pdnpy_board_changed(self);
}

static int
board_set_fen_text(PdnPyBoard *self, const char *fen)
{
    pdn_error err;

    if (pdn_board_set_fen_string(self->b, fen, &err) < 0) {
        pdnpy_raise(NULL, &err, NULL);
        return -1;
    }
    pdnpy_board_clear_stack(self);   /* and the cached hash */
    return 0;
}

static PyObject *
board_tp_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"variant", "fen", NULL};
    PyObject *spec = NULL;
    const char *fen = NULL;
    pdn_gametype gt;
    PdnPyBoard *self;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Oz", names, &spec, &fen))
        return NULL;
    if (pdnpy_gametype(spec, &gt) < 0)
        return NULL;
    if ((self = board_alloc(type, &gt, NULL)) == NULL)
        return NULL;
    if (fen != NULL && board_set_fen_text(self, fen) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

/* Room for one more move on the stack (moves[n], hist[n]), and the
 * position before it (self->b) kept in hist[n] when that costs a copy: a
 * board is there, or it is the stack's first (the others are replayed
 * from it). 0, or -1 (no memory). Undo with unsave() when the move is
 * not played. */
static int
room(PdnPyBoard *self)
{
    if (self->n == self->cap) {
        size_t cap = self->cap ? self->cap * 2 : 16;
        pdn_board **h = PyMem_Realloc(self->hist, cap * sizeof *h);

        if (h == NULL)
            return -1;
        self->hist = h;
        pdn_move *m = PyMem_Realloc(self->moves, cap * sizeof *m);
        if (m == NULL)
            return -1;
        self->moves = m;
        self->cap = cap;
    }
    if (self->nsaved == self->n) {
        if (self->n < self->nhist)
            pdn_board_copy(self->hist[self->n], self->b);
        else if (self->n == 0) {
            /* a clone costs a copy; a new board would compute its
             * geometry */
            if ((self->hist[0] = pdn_board_clone(self->b, NULL)) == NULL)
                return -1;
            self->nhist = 1;
        } else
            return 0;
        self->nsaved++;
    }
    return 0;
}

/* The move room() made way for was not played. */
static void
unsave(PdnPyBoard *self)
{
    if (self->nsaved > self->n)
        self->nsaved = self->n;
}

/* The positions before moves 0..k-1 of the stack (k <= n) in hist,
 * replayed from the last one kept: 0, or -1 with MemoryError. */
static int
saved(PdnPyBoard *self, size_t k)
{
    for (; self->nsaved < k; self->nsaved++) {
        size_t i = self->nsaved;   /* >= 1: the first is always kept */

        if (i == self->nhist) {
            if ((self->hist[i] = pdn_board_clone(self->hist[i - 1], NULL))
                == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            self->nhist++;
        } else
            pdn_board_copy(self->hist[i], self->hist[i - 1]);
        pdn_board_apply(self->hist[i], &self->moves[i - 1]);
    }
    return 0;
}

/* The position after move i of the stack. */
static const pdn_board *
after(const PdnPyBoard *self, size_t i)
{
    return i + 1 < self->n ? self->hist[i + 1] : self->b;
}

/* Feeds the draw state every position of the stack it has not seen. */
static int
ds_sync(PdnPyBoard *self)
{
    if (self->ds == NULL && (self->ds = pdn_drawstate_new()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (saved(self, self->n) < 0)
        return -1;
    if (!self->ds_valid || self->ds_fed > self->n) {
        pdn_drawstate_start(self->ds, self->n ? self->hist[0] : self->b);
        self->ds_fed = 0;
        self->ds_valid = 1;
    }
    for (; self->ds_fed < self->n; self->ds_fed++)
        pdn_drawstate_push(self->ds, after(self, self->ds_fed),
                           &self->moves[self->ds_fed], NULL);
    return 0;
}

int
pdnpy_board_push_mt(PdnPyBoard *self, const pdn_movetext *mt,
                    const char *text, const pdn_node *n)
{
    pdn_match m;
    pdn_error err;
    int st;

    if (room(self) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    st = pdn_board_play(self->b, mt, &m, self->l, &err);
    if (st == PDN_MATCH_LEGAL) {
        self->moves[self->n++] = m.move;
        pdnpy_board_changed(self);
        return 0;
    }
    unsave(self);
    if (st < 0) {
        pdnpy_raise(NULL, &err, NULL);
        return -1;
    }
    {
        PyObject *kw = pdnpy_illegal_kw(self->b, self->l, &m, n, text,
                                        n != NULL ? self->n + 1 : 0);
        pdn_error e;

        if (kw == NULL)
            return -1;
        memset(&e, 0, sizeof e);
        e.code = m.status == PDN_MATCH_AMBIGUOUS ? PDN_EAMBIGUOUS
                                                 : PDN_EILLEGAL;
        if (n != NULL) {
            e.pos = pdn_node_pos(n);
            e.game = pdn_game_number(pdn_node_game(n));
        }
        PyDict_DelItemString(kw, "code");
        snprintf(e.text, sizeof e.text, "%s",
                 PyUnicode_AsUTF8(PyDict_GetItemString(kw, "text")));
        PyDict_DelItemString(kw, "text");
        pdnpy_raise(pdnpy_IllegalMoveError, &e, kw);
        Py_DECREF(kw);
        return -1;
    }
}

/* self->b's hash, from the cache when it holds it. */
static uint64_t
board_hash_of(const PdnPyBoard *self)
{
    return self->hash_ok ? self->hash : pdn_board_hash(self->b);
}

static PyObject *
board_push_text(PyObject *o, PyObject *arg)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    const char *text = PyUnicode_AsUTF8(arg);
    uint64_t origin;
    pdn_movetext mt;

    if (text == NULL)
        return NULL;
    if (pdn_movetext_parse(text, strlen(text), &mt) != 0) {
        PyObject *why = PyUnicode_FromFormat("'%s' is not a move", text);
        PyObject *kw = why ? Py_BuildValue("{s:s,s:N,s:s}", "code", "move",
                                           "text", why, "move", text) : NULL;
        PyObject *exc;

        if (kw == NULL)
            return NULL;
        exc = pdnpy_make(pdnpy_IllegalMoveError, kw);
        Py_DECREF(kw);
        if (exc != NULL) {
            PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
            Py_DECREF(exc);
        }
        return NULL;
    }
    origin = board_hash_of(self);
    if (pdnpy_board_push_mt(self, &mt, text, NULL) < 0)
        return NULL;
    /* the short form needs the legal moves pdn_board_play left in l */
    return pdnpy_move_make(&self->gt, origin, &self->moves[self->n - 1],
                           pdn_move_ambiguous(self->l,
                                              &self->moves[self->n - 1]));
}

/* Plays m, a legal move of self->b, keeping it on the stack; after: the
 * hash of the position it leads to (NULL: unknown). 0, or -1 with
 * MemoryError. */
static int
push_legal(PdnPyBoard *self, const pdn_move *m, const uint64_t *after)
{
    if (room(self) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->moves[self->n] = *m;
    pdn_board_apply(self->b, &self->moves[self->n]);
    self->n++;
    self->hash_ok = after != NULL;
    if (after != NULL)
        self->hash = *after;
    return 0;
}

static PyObject *
board_push(PyObject *o, PyObject *arg)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    const PdnPyMove *mv = (const PdnPyMove *)arg;
    pdn_error err;
    size_t i, n;

    if (PyUnicode_Check(arg))
        return board_push_text(o, arg);
    if (!PyObject_TypeCheck(arg, &PdnPy_MoveType)) {
        PyErr_SetString(PyExc_TypeError, "push: a Move or a str");
        return NULL;
    }
    /* a Move of this very position (same GameType, same hash) is
     * played as it is; any other must be one of the legal moves */
    if (mv->origin == board_hash_of(self) &&
        pdn_gametype_equal(&mv->gt, &self->gt)) {
        if (push_legal(self, &mv->m, mv->has_after ? &mv->after : NULL) < 0)
            return NULL;
        Py_INCREF(arg);
        return arg;
    }
    if (pdn_board_moves(self->b, self->l, &err) < 0)
        return pdnpy_raise(NULL, &err, NULL);
    n = pdn_movelist_count(self->l);
    for (i = 0; i < n; i++)
        if (pdnpy_move_same(pdn_movelist_at(self->l, i),
                            &((PdnPyMove *)arg)->m))
            break;
    if (i == n) {
        char text[PDNPY_MOVE_TEXT];
        PyObject *kw, *exc;

        pdnpy_move_text(mv, text, sizeof text);
        kw = pdnpy_illegal_kw(self->b, self->l, &(pdn_match){
            PDN_MATCH_ILLEGAL, PDN_WHY_OTHER, 0, {0}}, NULL, text, 0);

        if (kw == NULL)
            return NULL;
        exc = pdnpy_make(pdnpy_IllegalMoveError, kw);
        Py_DECREF(kw);
        if (exc != NULL) {
            PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
            Py_DECREF(exc);
        }
        return NULL;
    }
    if (push_legal(self, pdn_movelist_at(self->l, i), NULL) < 0)
        return NULL;
    Py_INCREF(arg);
    return arg;
}

static PyObject *
board_pop(PyObject *o, PyObject *unused)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    pdn_error err;
    PyObject *mv;

    (void)unused;
    if (self->n == 0) {
        PyErr_SetString(PyExc_IndexError, "pop from an empty move stack");
        return NULL;
    }
    if (saved(self, self->n) < 0)
        return NULL;
    self->n--;
    self->nsaved = self->n;
    pdn_board_copy(self->b, self->hist[self->n]);
    pdnpy_board_changed(self);
    if (self->ds_fed > self->n)
        self->ds_valid = 0;
    /* the move's short form among the legal moves of the position */
    if (pdn_board_moves(self->b, self->l, &err) < 0)
        return pdnpy_raise(NULL, &err, NULL);
    mv = pdnpy_move_new(self->b, self->l, &self->moves[self->n]);
    return mv;
}

static PyObject *
board_peek(PyObject *o, PyObject *unused)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    pdn_error err;

    (void)unused;
    if (self->n == 0) {
        PyErr_SetString(PyExc_IndexError, "peek at an empty move stack");
        return NULL;
    }
    if (saved(self, self->n) < 0)
        return NULL;
    if (pdn_board_moves(self->hist[self->n - 1], self->l, &err) < 0)
        return pdnpy_raise(NULL, &err, NULL);
    return pdnpy_move_new(self->hist[self->n - 1], self->l,
                          &self->moves[self->n - 1]);
}

static PyObject *
board_move_stack(PyObject *o, void *c)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    PyObject *out = PyList_New((Py_ssize_t)self->n);
    pdn_error err;
    size_t i;

    (void)c;
    if (out == NULL)
        return NULL;
    if (saved(self, self->n) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    for (i = 0; i < self->n; i++) {
        PyObject *mv;

        if (pdn_board_moves(self->hist[i], self->l, &err) < 0) {
            Py_DECREF(out);
            return pdnpy_raise(NULL, &err, NULL);
        }
        if ((mv = pdnpy_move_new(self->hist[i], self->l, &self->moves[i]))
            == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, mv);
    }
    return out;
}

static PyObject *
board_legal_moves(PyObject *o, void *c)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    pdn_error err;
    size_t i, n;
    PyObject *out;

    (void)c;
    if (pdn_board_moves(self->b, self->l, &err) < 0)
        return pdnpy_raise(NULL, &err, NULL);
    n = pdn_movelist_count(self->l);
    if ((out = PyList_New((Py_ssize_t)n)) == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *mv = pdnpy_move_new(self->b, self->l,
                                      pdn_movelist_at(self->l, i));

        if (mv == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, mv);
    }
    return out;
}

static PyObject *
board_fen(PyObject *o, PyObject *unused)
{
    char buf[PDN_FEN_STRING_MAX];

    (void)unused;
    pdn_board_fen_string(((PdnPyBoard *)o)->b, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *
board_set_fen(PyObject *o, PyObject *arg)
{
    const char *fen = PyUnicode_AsUTF8(arg);

    if (fen == NULL || board_set_fen_text((PdnPyBoard *)o, fen) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *
board_reset(PyObject *o, PyObject *unused)
{
    (void)unused;
    pdn_board_reset(((PdnPyBoard *)o)->b);
    pdnpy_board_clear_stack((PdnPyBoard *)o);
    Py_RETURN_NONE;
}

static PyObject *
board_key(PyObject *o, PyObject *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(pdnpy_key(((PdnPyBoard *)o)->b));
}

static PyObject *
board_hash(PyObject *o, PyObject *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(pdn_board_hash(((PdnPyBoard *)o)->b));
}

static PyObject *
board_copy(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"stack", NULL};
    PdnPyBoard *self = (PdnPyBoard *)o, *c;
    int stack = 1;
    size_t i;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|p", names, &stack))
        return NULL;
    if ((c = board_alloc(Py_TYPE(o), &self->gt, self->b)) == NULL)
        return NULL;
    c->hash = self->hash;
    c->hash_ok = self->hash_ok;
    if (!stack || self->n == 0)
        return (PyObject *)c;
    /* the moves, and the positions kept (the others are replayed when
     * asked, as on self) */
    if ((c->hist = PyMem_Malloc(self->n * sizeof *c->hist)) == NULL ||
        (c->moves = PyMem_Malloc(self->n * sizeof *c->moves)) == NULL) {
        Py_DECREF(c);
        return PyErr_NoMemory();
    }
    c->cap = self->n;
    for (i = 0; i < self->nsaved; i++) {
        if ((c->hist[i] = pdn_board_clone(self->hist[i], NULL)) == NULL) {
            Py_DECREF(c);
            return PyErr_NoMemory();
        }
        c->nhist = c->nsaved = i + 1;
    }
    memcpy(c->moves, self->moves, self->n * sizeof *c->moves);
    c->n = self->n;
    return (PyObject *)c;
}

/* A square argument: its number (int) or its name ("e3"): the coord, or
 * -1 with an exception. */
static int
coord_of(const PdnPyBoard *self, PyObject *sq)
{
    if (PyLong_Check(sq)) {
        long n = PyLong_AsLong(sq);
        int c = n > 0 && n < 256 ? pdn_square_to_coord(&self->gt, (int)n)
                                 : -1;

        if (c < 0 && !PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "no square %ld on this board",
                         n);
        return c;
    }
    if (PyUnicode_Check(sq)) {
        const char *s = PyUnicode_AsUTF8(sq);
        int f, r;

        if (s != NULL && s[0] >= 'a' && s[0] <= 'z' && s[1] >= '1' &&
            s[1] <= '9') {
            f = s[0] - 'a';
            r = atoi(s + 1) - 1;
            if (f < self->gt.width && r >= 0 && r < self->gt.height &&
                pdn_coord_playable(&self->gt, PDN_COORD(f, r)))
                return PDN_COORD(f, r);
        }
        PyErr_Format(PyExc_ValueError, "no square %R on this board", sq);
        return -1;
    }
    PyErr_SetString(PyExc_TypeError, "a square is an int or a name");
    return -1;
}

static PyObject *
board_piece_at(PyObject *o, PyObject *sq)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    int c = coord_of(self, sq), p;
    char s[2];

    if (c < 0)
        return NULL;
    p = pdn_board_piece(self->b, c);
    if (p == 0)
        Py_RETURN_NONE;
    s[0] = (char)p;
    s[1] = '\0';
    return PyUnicode_FromString(s);
}

static PyObject *
board_turn(PyObject *o, void *c)
{
    char s[2] = {pdn_board_turn(((PdnPyBoard *)o)->b), '\0'};

    (void)c;
    return PyUnicode_FromString(s);
}

static PyObject *
board_gametype(PyObject *o, void *c)
{
    (void)c;
    return pdnpy_gametype_str(&((PdnPyBoard *)o)->gt);
}

static PyObject *
board_ply(PyObject *o, PyObject *unused)
{
    (void)unused;
    return PyLong_FromSize_t(((PdnPyBoard *)o)->n);
}

/* The rows of the board, top rank first: a piece letter, '.' for an empty
 * playable square, ' ' for a square not played on. */
static PyObject *
board_grid(PyObject *o, PyObject *unused)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    PyObject *rows = PyList_New(0);
    int f, r;

    (void)unused;
    if (rows == NULL)
        return NULL;
    for (r = self->gt.height - 1; r >= 0; r--) {
        char line[32];
        PyObject *s;

        for (f = 0; f < self->gt.width && f < 31; f++) {
            int c = PDN_COORD(f, r);
            int p = pdn_coord_playable(&self->gt, c) ? pdn_board_piece(
                self->b, c) : -1;

            line[f] = p < 0 ? ' ' : p == 0 ? '.' : (char)p;
        }
        line[f] = '\0';
        if ((s = PyUnicode_FromString(line)) == NULL ||
            PyList_Append(rows, s) < 0) {
            Py_XDECREF(s);
            Py_DECREF(rows);
            return NULL;
        }
        Py_DECREF(s);
    }
    return rows;
}

static PyObject *
board_material(PyObject *o, PyObject *unused)
{
    const pdn_board *b = ((PdnPyBoard *)o)->b;

    (void)unused;
    return Py_BuildValue("(iiii)", pdn_board_count(b, 'w'),
                         pdn_board_count(b, 'W'), pdn_board_count(b, 'b'),
                         pdn_board_count(b, 'B'));
}

/* _status(claim) -> None while the game goes on, else (termination,
 * winner 'W'/'B' or None, result, rule text). */
static PyObject *
board_status(PyObject *o, PyObject *args)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    const pdn_drawinfo *info;
    pdn_error err;
    int claim = 0, w;
    pdn_outcome out;
    const char *why = NULL;
    char win[2] = {0, 0};

    if (!PyArg_ParseTuple(args, "|p", &claim))
        return NULL;
    if (pdn_board_moves(self->b, self->l, &err) < 0)
        return pdnpy_raise(NULL, &err, NULL);
    if (pdn_movelist_count(self->l) == 0) {
        out = pdn_outcome_no_move(&self->gt, pdn_board_turn(self->b));
        w = pdn_outcome_winner(out, &self->gt);
        win[0] = (char)w;
        return Py_BuildValue("(szss)", "no-moves", w ? win : NULL,
                             pdn_outcome_result(out, &self->gt),
                             "the side to move has no legal move");
    }
    if (self->n > 0 && self->gt.folk != PDN_FOLK_NONE &&
        (out = pdn_board_folk_end(self->b, self->n, &why)) !=
            PDN_OUTCOME_UNKNOWN) {
        w = pdn_outcome_winner(out, &self->gt);
        win[0] = (char)w;
        return Py_BuildValue("(szss)", "variant-end", w ? win : NULL,
                             pdn_outcome_result(out, &self->gt),
                             why ? why : "the variant's end");
    }
    if (ds_sync(self) < 0)
        return NULL;
    info = pdn_drawstate_info(self->ds);
    if (info->rule != PDN_DRAW_NONE && (info->automatic || claim))
        return Py_BuildValue("(szss)", pdn_draw_rule_name(info->rule), NULL,
                             pdn_outcome_result(PDN_OUTCOME_DRAW, &self->gt),
                             info->rule_text);
    Py_RETURN_NONE;
}

static PyObject *
board_can_claim_draw(PyObject *o, PyObject *unused)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    const pdn_drawinfo *info;

    (void)unused;
    if (ds_sync(self) < 0)
        return NULL;
    info = pdn_drawstate_info(self->ds);
    return PyBool_FromLong(info->rule != PDN_DRAW_NONE && !info->automatic);
}

static PyObject *
board_str(PyObject *o)
{
    PyObject *rows = board_grid(o, NULL), *sep, *s;

    if (rows == NULL)
        return NULL;
    sep = PyUnicode_FromString("\n");
    s = sep ? PyUnicode_Join(sep, rows) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(rows);
    return s;
}

static PyObject *
board_repr(PyObject *o)
{
    char buf[PDN_FEN_STRING_MAX], gt[96];

    pdn_board_fen_string(((PdnPyBoard *)o)->b, buf, sizeof buf);
    pdn_gametype_format(&((PdnPyBoard *)o)->gt, gt, sizeof gt);
    return PyUnicode_FromFormat("Board('%s', fen='%s')", gt, buf);
}

static PyObject *
board_richcompare(PyObject *a, PyObject *b, int op)
{
    int eq;

    if (!PyObject_TypeCheck(b, &PdnPy_BoardType) ||
        (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    eq = pdn_gametype_equal(&((PdnPyBoard *)a)->gt, &((PdnPyBoard *)b)->gt)
         && pdnpy_key(((PdnPyBoard *)a)->b) == pdnpy_key(((PdnPyBoard *)b)->b);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

/* _draw_info() -> dict: the draw-rule counts after the stack's moves
 * (python-chess's halfmove clock and repetitions, for draughts' rules). */
static PyObject *
board_draw_info(PyObject *o, PyObject *unused)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    const pdn_drawinfo *i;

    (void)unused;
    if (ds_sync(self) < 0)
        return NULL;
    i = pdn_drawstate_info(self->ds);
    return Py_BuildValue("{s:k,s:I,s:k,s:k,s:s,s:O,s:k,s:k,s:z}",
                         "ply", i->ply, "repetitions", i->repetitions,
                         "quiet", i->quiet, "since_capture",
                         i->since_capture, "rule",
                         pdn_draw_rule_name(i->rule), "automatic",
                         i->automatic ? Py_True : Py_False, "rule_ply",
                         i->rule_ply, "rule_from", i->rule_from, "rule_text",
                         i->rule_text);
}

/* _svg(flags, cell) -> str: libpdn's picture (pdn_board_svg). */
static PyObject *
board_svg(PyObject *o, PyObject *args)
{
    PdnPyBoard *self = (PdnPyBoard *)o;
    unsigned flags;
    int cell;
    size_t n;
    char *buf;
    PyObject *r;

    if (!PyArg_ParseTuple(args, "Ii", &flags, &cell))
        return NULL;
    n = pdn_board_svg(self->b, flags, cell, NULL, 0);
    if ((buf = PyMem_Malloc(n + 1)) == NULL)
        return PyErr_NoMemory();
    pdn_board_svg(self->b, flags, cell, buf, n + 1);
    r = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)strlen(buf), "replace");
    PyMem_Free(buf);
    return r;
}

/* perft(depth, duplicates=False) -> int: libpdn's pdn_perft on a copy of
 * the position, without the GIL. */
static PyObject *
board_perft(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"depth", "duplicates", NULL};
    PdnPyBoard *self = (PdnPyBoard *)o;
    int depth, dup = 0, rc;
    uint64_t nodes = 0;
    pdn_board *c;
    pdn_error err;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "i|p", names, &depth, &dup))
        return NULL;
    if (depth < 0) {
        PyErr_Format(PyExc_ValueError, "perft: depth %d (0 or more)", depth);
        return NULL;
    }
    if ((c = pdn_board_clone(self->b, &err)) == NULL)
        return pdnpy_raise(NULL, &err, NULL);
    Py_BEGIN_ALLOW_THREADS
    rc = pdn_perft(c, depth, !dup, &nodes, &err);
    Py_END_ALLOW_THREADS
    pdn_board_free(c);
    if (rc < 0)
        return pdnpy_raise(NULL, &err, NULL);
    return PyLong_FromUnsignedLongLong((unsigned long long)nodes);
}

static PyMethodDef board_methods[] = {
    {"push", board_push, METH_O, "push(move): plays a Move (or a str)"},
    {"_svg", board_svg, METH_VARARGS, "_svg(flags, cell) -> str"},
    {"_draw_info", board_draw_info, METH_NOARGS,
     "_draw_info() -> the draw-rule counts, a dict"},
    {"perft", (PyCFunction)(void (*)(void))board_perft,
     METH_VARARGS | METH_KEYWORDS,
     "perft(depth, duplicates=False) -> int: the positions reached after "
     "every sequence of depth moves (duplicates: each capture sequence "
     "counted, not each capture's start, end and captured set once)"},
    {"push_text", board_push_text, METH_O,
     "push_text(text) -> Move: plays a move written as text"},
    {"pop", board_pop, METH_NOARGS, "pop() -> Move: takes the last move back"},
    {"peek", board_peek, METH_NOARGS, "peek() -> Move: the last move"},
    {"fen", board_fen, METH_NOARGS, "fen() -> str"},
    {"set_fen", board_set_fen, METH_O, "set_fen(fen): a new position "
     "(the move stack is emptied)"},
    {"reset", board_reset, METH_NOARGS, "back to the initial position"},
    {"key", board_key, METH_NOARGS,
     "key() -> int: 64-bit position key, the variant included"},
    {"hash", board_hash, METH_NOARGS,
     "hash() -> int: libpdn's position hash (no variant)"},
    {"copy", (PyCFunction)(void (*)(void))board_copy,
     METH_VARARGS | METH_KEYWORDS, "copy(stack=True) -> Board"},
    {"piece_at", board_piece_at, METH_O,
     "piece_at(square) -> 'w', 'b', 'W', 'B' or None"},
    {"material", board_material, METH_NOARGS,
     "material() -> (white men, white kings, black men, black kings)"},
    {"ply", board_ply, METH_NOARGS, "ply() -> moves on the stack"},
    {"_grid", board_grid, METH_NOARGS, "rows of the board, top first"},
    {"_status", board_status, METH_VARARGS, "_status(claim) -> None or "
     "(termination, winner, result, text)"},
    {"can_claim_draw", board_can_claim_draw, METH_NOARGS,
     "a draw rule that gives a claim has fired"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef board_getset[] = {
    {"legal_moves", board_legal_moves, NULL, "the legal moves (Move)", NULL},
    {"move_stack", board_move_stack, NULL, "the moves played (Move)", NULL},
    {"turn", board_turn, NULL, "the side to move: 'W' or 'B'", NULL},
    {"gametype", board_gametype, NULL, "the GameType (tag value)", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

PyTypeObject PdnPy_BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pdntools._pdn.Board",
    .tp_basicsize = sizeof(PdnPyBoard),
    .tp_dealloc = board_dealloc,
    .tp_repr = board_repr,
    .tp_str = board_str,
    .tp_richcompare = board_richcompare,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Board(variant=20, fen=None): a position under a GameType's "
              "rules, with a move stack.",
    .tp_methods = board_methods,
    .tp_getset = board_getset,
    .tp_new = board_tp_new,
};

int
pdnpy_board_init_types(PyObject *m)
{
    if (PyType_Ready(&PdnPy_MoveType) < 0 ||
        PyType_Ready(&PdnPy_BoardType) < 0)
        return -1;
    Py_INCREF(&PdnPy_MoveType);
    Py_INCREF(&PdnPy_BoardType);
    if (PyModule_AddObject(m, "Move", (PyObject *)&PdnPy_MoveType) < 0 ||
        PyModule_AddObject(m, "Board", (PyObject *)&PdnPy_BoardType) < 0)
        return -1;
    return 0;
}
