/* SPDX-License-Identifier: MIT */
/* The work done per game in one call to C: replaying a main line to its
 * FENs, keys or plies, the material search, the checks pdn-legal makes
 * (legality, draw rules, the folk variants' end) and converting the
 * notation. The methods are Game's (game.c lists them). */
#include "walk.h"

#include <stdio.h>
#include <string.h>

/* ---- batch replays ------------------------------------------------------ */

enum { R_FENS, R_KEYS, R_PLIES, R_NONE };

typedef struct {
    int mode;
    PyObject *list;
} collect;

static int
collect_fresh(void *ud)
{
    collect *c = ud;

    Py_XDECREF(c->list);
    c->list = PyList_New(0);
    return c->list ? 0 : -1;
}

static int
collect_visit(void *ud, int ev, const pdn_board *b, const pdn_movelist *l,
              const pdn_match *m, const pdn_node *n, unsigned long ply)
{
    collect *c = ud;
    PyObject *item;
    char fen[PDN_FEN_STRING_MAX];

    if (ev == EV_SETUP)
        return 0;
    switch (c->mode) {
    case R_FENS:
        pdn_board_fen_string(b, fen, sizeof fen);
        item = PyUnicode_FromString(fen);
        break;
    case R_KEYS:
        item = PyLong_FromUnsignedLongLong(pdnpy_key(b));
        break;
    case R_PLIES: {
        char mv[PDN_PATH_MAX * 4 + 4], turn[2] = {pdn_board_turn(b), 0};
        pdn_pos pos;

        if (ev == EV_START)
            return 0;
        pos = pdn_node_pos(n);
        pdn_move_format(b, l, &m->move, PDN_MOVE_SHORT, mv, sizeof mv);
        pdn_board_fen_string(b, fen, sizeof fen);
        item = PyStructSequence_New(PdnPy_PlyType);
        if (item == NULL)
            return -1;
        PyStructSequence_SET_ITEM(item, 0, PyLong_FromUnsignedLong(ply));
        PyStructSequence_SET_ITEM(item, 1, PyUnicode_FromString(
            pdn_node_text(n)));
        PyStructSequence_SET_ITEM(item, 2, PyUnicode_FromString(mv));
        PyStructSequence_SET_ITEM(item, 3, PyUnicode_FromString(fen));
        PyStructSequence_SET_ITEM(item, 4, PyUnicode_FromString(turn));
        PyStructSequence_SET_ITEM(item, 5, PyLong_FromUnsignedLong(
            pos.line));
        PyStructSequence_SET_ITEM(item, 6, PyLong_FromUnsignedLong(
            pos.column));
        if (PyErr_Occurred()) {
            Py_DECREF(item);
            return -1;
        }
        break;
    }
    default:
        return 0;
    }
    if (item == NULL || PyList_Append(c->list, item) < 0) {
        Py_XDECREF(item);
        return -1;
    }
    Py_DECREF(item);
    return 0;
}

/* _replay(gametype=None, what="fens") -> (list, error or None, gametype):
 * the FENs or keys of the start position and after every move, or the
 * Ply of every move ("plies"), or nothing ("none": the walk only). */
PyObject *
pdnpy_game_replay(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"gametype", "what", NULL};
    PdnPyGame *g = (PdnPyGame *)o;
    PyObject *spec = Py_None, *r;
    const char *what = "fens";
    collect c = {R_FENS, NULL};
    walk_out out;
    pdn_gametype gt;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Os", names, &spec, &what))
        return NULL;
    c.mode = strcmp(what, "fens") == 0 ? R_FENS : strcmp(what, "keys") == 0
             ? R_KEYS : strcmp(what, "plies") == 0 ? R_PLIES
             : strcmp(what, "none") == 0 ? R_NONE : -1;
    if (c.mode < 0) {
        PyErr_Format(PyExc_ValueError, "what: %s", what);
        return NULL;
    }
    if (collect_fresh(&c) < 0)
        return NULL;
    if (pdnpy_resolve_walk(g, spec, collect_visit, &c, collect_fresh, &out,
                           &gt) < 0) {
        Py_XDECREF(c.list);
        return NULL;
    }
    r = Py_BuildValue("(NNN)", c.list, out.error ? out.error
                      : (Py_INCREF(Py_None), Py_None),
                      pdnpy_gametype_str(&gt));
    return r;
}

/* _final(gametype=None, board=False) -> the FEN (or a Board with no move
 * stack) of the main line's last position that can be reached: its walk
 * in C, one FEN. */
PyObject *
pdnpy_game_final(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"gametype", "board", NULL};
    PdnPyGame *g = (PdnPyGame *)o;
    PyObject *spec = Py_None;
    int board = 0;
    walk_out out;
    pdn_gametype gt;
    char fen[PDN_FEN_STRING_MAX];

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Op", names, &spec, &board))
        return NULL;
    if (pdnpy_resolve_walk(g, spec, NULL, NULL, NULL, &out, &gt) < 0)
        return NULL;
    Py_XDECREF(out.error);
    if (g->walker == NULL || g->walker->b == NULL)
        return PyErr_NoMemory();
    if (board)
        return (PyObject *)pdnpy_board_new(&gt, g->walker->b);
    pdn_board_fen_string(g->walker->b, fen, sizeof fen);
    return PyUnicode_FromString(fen);
}

/* _opening(gametype=None) -> (code, plies, name, name_en, ballot,
 * setup_plies) or None: libpdn's pdn_opening_game. */
PyObject *
pdnpy_game_opening(PyObject *o, PyObject *args)
{
    PdnPyGame *g = (PdnPyGame *)o;
    PyObject *spec = Py_None;
    pdn_gametype gt;
    pdn_opening op;
    pdn_error err;

    if (!PyArg_ParseTuple(args, "|O", &spec))
        return NULL;
    if (pdnpy_resolve_only(g, spec, &gt) < 0)
        return NULL;
    if (pdn_opening_game(g->g, &gt, &op, &err) < 0)
        return pdnpy_raise(NULL, &err, NULL);
    if (op.code[0] == '\0' && op.name == NULL)
        Py_RETURN_NONE;
    return Py_BuildValue("(sIzzII)", op.code, op.plies, op.name, op.name_en,
                         op.ballot, op.setup_plies);
}

/* _infer(name=None) -> (gametype, legal, moves, plies, runner-up or
 * None, its plies, [the other candidates legal throughout]): libpdn's
 * inference (pdn_infer_gametype), how it decided, and what else the moves
 * fit (pdn_infer_try on every other candidate of the board). */
PyObject *
pdnpy_game_infer(PyObject *o, PyObject *args)
{
    PdnPyGame *g = (PdnPyGame *)o;
    const char *name = NULL;
    pdn_infer *x;
    pdn_infer_result res;
    pdn_gametype gt, c;
    pdn_error err;
    PyObject *also, *next;
    int rc, i;

    if (!PyArg_ParseTuple(args, "|z", &name))
        return NULL;
    if ((x = pdn_infer_new()) == NULL)
        return PyErr_NoMemory();
    rc = pdn_infer_gametype(x, g->g, name, &gt, &res, &err);
    if (rc < 0) {
        pdn_infer_free(x);
        return pdnpy_raise(NULL, &err, NULL);
    }
    if ((also = PyList_New(0)) == NULL) {
        pdn_infer_free(x);
        return NULL;
    }
    for (i = 0; res.legal && res.moves && i < PDN_INFER_NCAND; i++) {
        PyObject *s;

        if (i == res.cand || !pdn_infer_fits_board(g->g, i) ||
            pdn_infer_candidate(i, &c) < 0 ||
            pdn_infer_try(x, g->g, &c, NULL) != 1)
            continue;
        if ((s = pdnpy_gametype_str(&c)) == NULL ||
            PyList_Append(also, s) < 0) {
            Py_XDECREF(s);
            Py_DECREF(also);
            pdn_infer_free(x);
            return NULL;
        }
        Py_DECREF(s);
    }
    pdn_infer_free(x);
    if (res.next < 0 || pdn_infer_candidate(res.next, &c) < 0) {
        Py_INCREF(Py_None);
        next = Py_None;
    } else
        next = pdnpy_gametype_str(&c);
    return Py_BuildValue("(NiikNkN)", pdnpy_gametype_str(&gt), res.legal,
                         res.moves, res.plies, next, res.next_plies, also);
}

typedef struct {
    int want[4];
    unsigned long ply;
    uint64_t key;
    char fen[PDN_FEN_STRING_MAX];
    int found;
} material;

static int
material_visit(void *ud, int ev, const pdn_board *b, const pdn_movelist *l,
               const pdn_match *m, const pdn_node *n, unsigned long ply)
{
    static const char kinds[4] = {'w', 'W', 'b', 'B'};
    material *s = ud;
    int i;

    (void)l;
    (void)m;
    (void)n;
    if (ev == EV_SETUP)
        return 0;
    for (i = 0; i < 4; i++)
        if (s->want[i] >= 0 && pdn_board_count(b, kinds[i]) != s->want[i])
            return 0;
    s->found = 1;
    s->ply = ply;
    s->key = pdnpy_key(b);
    pdn_board_fen_string(b, s->fen, sizeof s->fen);
    return 1;
}

static int
material_fresh(void *ud)
{
    ((material *)ud)->found = 0;
    return 0;
}

/* find_material(wm, wk, bm, bk, gametype=None) -> (ply, key, fen) or
 * None: the first position of the main line with that material (-1:
 * any number), searched as far as the line can be replayed. */
PyObject *
pdnpy_game_find_material(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"wm", "wk", "bm", "bk", "gametype", NULL};
    material s;
    PyObject *spec = Py_None;
    walk_out out;
    pdn_gametype gt;

    memset(&s, 0, sizeof s);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiii|O", names, &s.want[0],
                                     &s.want[1], &s.want[2], &s.want[3],
                                     &spec))
        return NULL;
    if (pdnpy_resolve_walk((PdnPyGame *)o, spec, material_visit, &s,
                     material_fresh, &out, &gt) < 0)
        return NULL;
    Py_XDECREF(out.error);
    if (!s.found)
        Py_RETURN_NONE;
    return Py_BuildValue("(kKs)", s.ply, (unsigned long long)s.key, s.fen);
}

/* ---- check: what pdn-legal reports ------------------------------------- */

typedef struct {
    PdnPyGame *g;
    pdn_drawstate *ds;
    int state;             /* 0 no rule, 1 fired, 2 reported at a move */
    pdn_drawinfo info;
    pdn_pos pos;
    char move[PDN_PATH_MAX * 4 + 4];
    char fen[PDN_FEN_STRING_MAX];
    PyObject *found;       /* the list of findings */
    int folk;
    pdn_outcome race;      /* a folk variant's end, at race_ply */
    unsigned long race_ply;
    const char *race_why;
} checker;

static int
add_finding(checker *c, int code, int sev, pdn_pos pos, PyObject *extra,
            const char *fmt, ...)
{
    pdn_error e;
    va_list ap;
    PyObject *kw, *f;

    memset(&e, 0, sizeof e);
    e.code = code;
    e.severity = sev;
    e.pos = pos;
    e.game = pdn_game_number(c->g->g);
    va_start(ap, fmt);
    vsnprintf(e.text, sizeof e.text, fmt, ap);
    va_end(ap);
    if ((kw = pdnpy_error_kw(&e)) == NULL)
        return -1;
    if (c->g->source != NULL && c->g->source != Py_None)
        PyDict_SetItemString(kw, "source", c->g->source);
    if (extra != NULL && PyDict_Update(kw, extra) < 0) {
        Py_DECREF(kw);
        return -1;
    }
    f = pdnpy_make(pdnpy_Finding, kw);
    Py_DECREF(kw);
    if (f == NULL || PyList_Append(c->found, f) < 0) {
        Py_XDECREF(f);
        return -1;
    }
    Py_DECREF(f);
    return 0;
}

/* Adds finding f of libpdn's checker (pdn/check.h), in its words, with
 * its ply, move, position and legal moves when it is a move's. */
static int
add_record(checker *c, const pdn_finding *f)
{
    PyObject *x = NULL, *legal;
    char *text;
    size_t len = pdn_finding_text(f, 0, NULL, 0), i;
    int rc;

    if ((text = PyMem_Malloc(len + 1)) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    pdn_finding_text(f, 0, text, len + 1);
    if (f->move != NULL) {
        if ((legal = PyList_New((Py_ssize_t)f->nlegal)) == NULL) {
            PyMem_Free(text);
            return -1;
        }
        for (i = 0; i < f->nlegal; i++) {
            PyObject *s = PyUnicode_FromString(f->legal[i]);

            if (s == NULL) {
                Py_DECREF(legal);
                PyMem_Free(text);
                return -1;
            }
            PyList_SET_ITEM(legal, (Py_ssize_t)i, s);
        }
        x = Py_BuildValue("{s:k,s:s,s:s,s:N}", "ply", f->ply, "move",
                          f->move, "fen", f->fen, "legal", legal);
        if (x == NULL) {
            PyMem_Free(text);
            return -1;
        }
    }
    rc = add_finding(c, f->code, f->severity, f->pos, x, "%s", text);
    Py_XDECREF(x);
    PyMem_Free(text);
    return rc;
}

static PyObject *
draw_extra(const checker *c)
{
    const pdn_drawinfo *i = &c->info;

    return Py_BuildValue("{s:k,s:s,s:s,s:s,s:O,s:k}", "ply", i->rule_ply,
                         "move", c->move, "fen", c->fen, "rule",
                         pdn_draw_rule_name(i->rule), "automatic",
                         i->automatic ? Py_True : Py_False, "rule_from",
                         i->rule_from);
}

static void
counted(char *buf, size_t size, const pdn_drawinfo *i)
{
    if (i->rule == PDN_DRAW_REPETITION)
        snprintf(buf, size, "the position of plies %lu, %lu and %lu",
                 i->rule_plies[0], i->rule_plies[1], i->rule_plies[2]);
    else
        snprintf(buf, size, "counted from ply %lu", i->rule_from);
}

static int
check_visit(void *ud, int ev, const pdn_board *b, const pdn_movelist *l,
            const pdn_match *m, const pdn_node *n, unsigned long ply)
{
    checker *c = ud;
    int code;

    (void)l;
    if (ev == EV_START) {
        pdn_drawstate_start(c->ds, b);
        return 0;
    }
    if (ev == EV_SETUP) {
        pdn_drawstate_setup(c->ds, b);
        return 0;
    }
    code = PDN_EDRAW_REPETITION + c->info.rule - PDN_DRAW_REPETITION;
    if (c->state == 1 && c->info.automatic) {
        char cnt[96];
        PyObject *x = draw_extra(c);
        int rc = x ? add_finding(c, code, PDN_SEV_ERROR, pdn_node_pos(n), x,
            "move '%s' at ply %lu after the game was drawn at ply %lu: %s; "
            "%s", pdn_node_text(n), c->info.rule_ply + 1, c->info.rule_ply,
            c->info.rule_text, (counted(cnt, sizeof cnt, &c->info), cnt))
            : -1;

        Py_XDECREF(x);
        if (rc < 0)
            return -1;
        c->state = 2;
    }
    if (pdn_drawstate_push(c->ds, b, &m->move, NULL) > 0 && c->state == 0) {
        c->info = *pdn_drawstate_info(c->ds);
        c->pos = pdn_node_pos(n);
        snprintf(c->move, sizeof c->move, "%s", pdn_node_text(n));
        pdn_board_fen_string(b, c->fen, sizeof c->fen);
        c->state = 1;
    }
    if (c->folk) {
        const char *why = NULL;
        const pdn_node *next = pdn_node_next(n);

        c->race = pdn_board_folk_end(b, ply, &why);
        c->race_ply = ply;
        c->race_why = why;
        if (c->race != PDN_OUTCOME_UNKNOWN &&
            next != NULL && pdn_node_move(next) != NULL) {
            pdn_finding f;
            int rc;

            pdn_finding_init(&f);
            if (pdn_check_after_end(b, c->g->walker->l, next, ply + 1, why,
                                    &f) < 0) {
                PyErr_NoMemory();
                return -1;
            }
            rc = add_record(c, &f);
            pdn_finding_clear(&f);
            return rc < 0 ? -1 : 1;
        }
    }
    return 0;
}

/* The result a game records (Result tag, else its terminator). */
static pdn_outcome
recorded(const pdn_game *g, const char **res)
{
    *res = pdn_game_tag(g, "Result");
    if (*res == NULL)
        *res = pdn_game_result(g);
    return *res ? pdn_result_outcome(*res) : PDN_OUTCOME_INVALID;
}

/* A finished game must carry the result it implies: the side to move in
 * the final position (the game's walker board, as the walk left it) has
 * no legal move, or a folk variant's own end (pdn_check_result). */
static int
result_check(checker *c)
{
    pdn_finding f;
    int rc;

    pdn_finding_init(&f);
    rc = pdn_check_result(c->g->g, c->g->walker->b, c->g->walker->l,
                          c->folk ? c->race : PDN_OUTCOME_UNKNOWN,
                          c->race_ply, c->race_why, &f);
    if (rc < 0) {
        PyErr_NoMemory();
        return -1;
    }
    rc = rc > 0 ? add_record(c, &f) : 0;
    pdn_finding_clear(&f);
    return rc;
}

/* The move that stopped the walk (out->plies moves were played before
 * it): its error's text becomes the checker's words for it (the same as
 * pdn-legal's), from the walker's board, list and match. */
static int
reword_stop(checker *c, const walk_out *out)
{
    pdnpy_walker *w = c->g->walker;
    const pdn_node *n = pdn_game_first(c->g->g);
    unsigned long i;
    pdn_finding f;
    PyObject *t;
    char *text;
    size_t len;
    int rc;

    if (out->status != WALK_ERROR || out->error == NULL || out->unread ||
        out->at_start || w == NULL ||
        (w->m.status != PDN_MATCH_ILLEGAL &&
         w->m.status != PDN_MATCH_AMBIGUOUS))
        return 0;
    for (i = 0; n != NULL && i < out->plies; i++)
        n = pdn_node_next(n);
    if (n == NULL || pdn_node_move(n) == NULL)
        return 0;
    pdn_finding_init(&f);
    if (pdn_check_move(w->b, w->l, &w->m, n, out->plies + 1, 0, &f) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    len = pdn_finding_text(&f, 0, NULL, 0);
    if ((text = PyMem_Malloc(len + 1)) == NULL) {
        pdn_finding_clear(&f);
        PyErr_NoMemory();
        return -1;
    }
    pdn_finding_text(&f, 0, text, len + 1);
    pdn_finding_clear(&f);
    t = PyUnicode_FromString(text);
    PyMem_Free(text);
    rc = t != NULL ? PyObject_SetAttrString(out->error, "text", t) : -1;
    Py_XDECREF(t);
    return rc;
}

static int
check_fresh(void *ud)
{
    checker *c = ud;

    c->state = 0;
    c->race = PDN_OUTCOME_UNKNOWN;
    return PyList_SetSlice(c->found, 0, PyList_GET_SIZE(c->found), NULL);
}

/* _check(gametype=None, draw_rules=True) -> [Finding]: the problems
 * pdn-legal reports in the main line: the first move that cannot be
 * played, a move after the end of a folk variant's game, and the draw
 * rules (a move after an automatic draw, a draw by rule or a claim, a win
 * recorded after a draw). */
PyObject *
pdnpy_game_check(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"gametype", "draw_rules", NULL};
    PdnPyGame *g = (PdnPyGame *)o;
    PyObject *spec = Py_None;
    int draws = 1, no_moves, bare = 0;
    PyObject *respec = NULL;
    pdn_finding renum;
    checker c;
    walk_out out;
    pdn_gametype gt;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Op", names, &spec, &draws))
        return NULL;
    memset(&c, 0, sizeof c);
    memset(&out, 0, sizeof out);
    c.g = g;
    c.race = PDN_OUTCOME_UNKNOWN;
    if ((c.found = PyList_New(0)) == NULL)
        return NULL;
    if ((c.ds = pdn_drawstate_new()) == NULL) {
        Py_DECREF(c.found);
        return PyErr_NoMemory();
    }
    {
        const pdn_node *n;

        for (n = pdn_game_first(g->g); n != NULL && pdn_node_move(n) == NULL;
             n = pdn_node_next(n))
            ;
        no_moves = n == NULL;
    }
    /* a bare GameType whose FEN fits only the other numbering: read in
     * it, as the tools read it (pdn_check_numbering) */
    pdn_finding_init(&renum);
    if (spec == NULL || spec == Py_None) {
        pdn_gametype tagged;
        pdn_error err;
        int from = pdn_game_gametype(g->g, NULL, &tagged, &err);
        char name[64];

        if (from > 0) {
            int rc = pdn_check_numbering(NULL, g->g, from, &tagged, &renum);

            if (rc < 0) {
                PyErr_NoMemory();
                goto fail;
            }
            if (rc > 0) {
                pdn_gametype_format(&tagged, name, sizeof name);
                if ((respec = PyUnicode_FromString(name)) == NULL)
                    goto fail;
                spec = respec;
                bare = 1;
            }
        }
    }
    if (pdnpy_resolve_walk(g, spec, draws ? check_visit : NULL, &c,
                           check_fresh, &out, &gt) < 0)
        goto fail;
    /* a folk variant's end is checked once its GameType is known */
    if (draws && gt.folk != PDN_FOLK_NONE) {
        Py_CLEAR(out.error);
        if (check_fresh(&c) < 0)
            goto fail;
        c.folk = 1;
        pdnpy_walk(g, &gt, check_visit, &c, &out);
        if (out.status == WALK_PYERR)
            goto fail;
    }
    /* the move that stopped the walk, in the checker's words */
    if (reword_stop(&c, &out) < 0)
        goto fail;
    /* the result against the final position, or a folk variant's end */
    if (out.status == WALK_OK && result_check(&c) < 0)
        goto fail;
    /* (the walks of the inference empty c.found: added after them) */
    {
        pdn_board *b = pdnpy_walker_board(g, &gt);
        pdn_gametype tagged;
        pdn_error err;

        /* a GameType or Variant tag read with a warning */
        if ((bare || spec == NULL || spec == Py_None) &&
            pdn_game_gametype(g->g, NULL, &tagged, &err) > 0 &&
            err.code != PDN_OK && err.severity == PDN_SEV_WARNING &&
            add_finding(&c, err.code, PDN_SEV_WARNING, err.pos, NULL, "%s",
                        err.text) < 0)
            goto fail;

        if (renum.kind != PDN_FINDING_NONE && add_record(&c, &renum) < 0)
            goto fail;
        if (b != NULL && pdn_game_start(g->g, b, &err) == 1 &&
            err.severity == PDN_SEV_WARNING && add_finding(
                &c, err.code, PDN_SEV_WARNING, err.pos, NULL, "%s",
                err.text) < 0)
            goto fail;
    }
    if (no_moves && !out.at_start) {
        if (add_finding(&c, PDN_ENOMOVES, PDN_SEV_WARNING,
                        pdn_game_pos(g->g), NULL, "game has no moves: "
                        "nothing to replay") < 0)
            goto fail;
    }
    /* a token with no move: the reader has warned of it (as pdn-legal) */
    if (out.error != NULL && !out.unread) {
        if (PyList_Append(c.found, out.error) < 0)
            goto fail;
    }
    Py_CLEAR(out.error);
    if (draws && c.state == 1) {
        char cnt[96];
        int code = PDN_EDRAW_REPETITION + c.info.rule - PDN_DRAW_REPETITION;
        PyObject *x = draw_extra(&c);
        int rc = x ? add_finding(&c, code, PDN_SEV_WARNING, c.pos, x,
            c.info.automatic ? "game drawn by rule at ply %lu: %s; %s"
                             : "a draw could be claimed at ply %lu: %s; %s",
            c.info.rule_ply, c.info.rule_text,
            (counted(cnt, sizeof cnt, &c.info), cnt)) : -1;

        Py_XDECREF(x);
        if (rc < 0)
            goto fail;
    }
    if (draws && c.state != 0 && c.info.automatic) {
        const char *res;
        pdn_outcome oc = recorded(g->g, &res);

        if (oc == PDN_OUTCOME_FIRST || oc == PDN_OUTCOME_SECOND) {
            PyObject *x = draw_extra(&c);
            pdn_pos pos = pdn_game_tag(g->g, "Result")
                          ? pdn_game_tag_pos(g->g, "Result")
                          : pdn_game_pos(g->g);
            int rc = x ? add_finding(&c, PDN_ERESULT, PDN_SEV_ERROR, pos, x,
                "result '%s' records a win, but the game was drawn at ply "
                "%lu: %s", res, c.info.rule_ply, c.info.rule_text) : -1;

            Py_XDECREF(x);
            if (rc < 0)
                goto fail;
        }
    }
    pdn_drawstate_free(c.ds);
    pdn_finding_clear(&renum);
    Py_XDECREF(respec);
    return c.found;
fail:
    Py_XDECREF(out.error);
    pdn_drawstate_free(c.ds);
    pdn_finding_clear(&renum);
    Py_XDECREF(respec);
    Py_DECREF(c.found);
    return NULL;
}

/* ---- convert ------------------------------------------------------------ */

typedef struct {
    unsigned flags;
    PyObject *texts;    /* one str per ply */
} converter;

static int
convert_visit(void *ud, int ev, const pdn_board *b, const pdn_movelist *l,
              const pdn_match *m, const pdn_node *n, unsigned long ply)
{
    converter *c = ud;
    char buf[PDN_PATH_MAX * 4 + 4];
    PyObject *s;

    (void)n;
    (void)ply;
    if (ev != EV_MOVE)
        return 0;
    pdn_move_format(b, l, &m->move, c->flags, buf, sizeof buf);
    if ((s = PyUnicode_FromString(buf)) == NULL ||
        PyList_Append(c->texts, s) < 0) {
        Py_XDECREF(s);
        return -1;
    }
    Py_DECREF(s);
    return 0;
}

static int
convert_fresh(void *ud)
{
    converter *c = ud;

    return PyList_SetSlice(c->texts, 0, PyList_GET_SIZE(c->texts), NULL);
}

/* _convert(flags, gametype=None) -> GameType used: rewrites the main
 * line's moves with pdn_move_format flags; raises IllegalMoveError. */
PyObject *
pdnpy_game_convert(PyObject *o, PyObject *args)
{
    PdnPyGame *g = (PdnPyGame *)o;
    PyObject *spec = Py_None;
    converter c;
    walk_out out;
    pdn_gametype gt;
    pdn_node *n;
    Py_ssize_t i = 0;

    if (!PyArg_ParseTuple(args, "I|O", &c.flags, &spec))
        return NULL;
    if ((c.texts = PyList_New(0)) == NULL)
        return NULL;
    if (pdnpy_resolve_walk(g, spec, convert_visit, &c, convert_fresh, &out,
                           &gt) < 0) {
        Py_DECREF(c.texts);
        return NULL;
    }
    if (out.error != NULL) {
        Py_DECREF(c.texts);
        PyErr_SetObject((PyObject *)Py_TYPE(out.error), out.error);
        Py_DECREF(out.error);
        return NULL;
    }
    for (n = pdn_game_first_mut(g->g); n != NULL &&
         i < PyList_GET_SIZE(c.texts); n = pdn_node_next_mut(n), i++)
        if (pdn_node_set_text(n, PyUnicode_AsUTF8(PyList_GET_ITEM(
            c.texts, i))) != 0) {
            Py_DECREF(c.texts);
            return PyErr_NoMemory();
        }
    Py_DECREF(c.texts);
    return pdnpy_gametype_str(&gt);
}
