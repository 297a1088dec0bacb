/* SPDX-License-Identifier: MIT */
/* Reader, Game and Node, and the work done per game in C: replaying a
 * line to its FENs, keys or plies in one call, the material search, the
 * checks pdn-legal makes (legality, draw rules, the folk variants' end),
 * converting the notation, and inferring the variant of an untagged game.
 * The inference is done here until libpdn has its own (issue 29, item 3):
 * resolve() is where the switch goes. */
#include "pdnpy.h"

#include <stdio.h>
#include <string.h>

PyTypeObject *PdnPy_PlyType;

/* ---- walking a line ------------------------------------------------------ */

enum { EV_START, EV_SETUP, EV_MOVE };

/* Called at the start position, after a setup, and after every move; may
 * return 1 to stop, -1 with a Python exception. */
typedef int visit_fn(void *ud, int ev, const pdn_board *b,
                     const pdn_movelist *l, const pdn_match *m,
                     const pdn_node *n, unsigned long ply);

/* The board and lists a walk uses, kept from game to game (made again
 * when the GameType changes). */
static struct {
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l;
    pdn_match m;
} ctx;

static pdn_board *
ctx_board(const pdn_gametype *gt)
{
    if (ctx.b == NULL || !pdn_gametype_equal(&ctx.gt, gt)) {
        pdn_board *b = pdn_board_new(gt, NULL);

        if (b == NULL)
            return NULL;
        pdn_board_free(ctx.b);
        ctx.b = b;
        ctx.gt = *gt;
    }
    if (ctx.l == NULL && (ctx.l = pdn_movelist_new()) == NULL)
        return NULL;
    return ctx.b;
}

enum { WALK_OK, WALK_STOPPED, WALK_ERROR, WALK_PYERR };

typedef struct {
    int status;                  /* W_* */
    unsigned long plies;         /* moves played */
    PyObject *error;             /* WALK_ERROR: the IllegalMoveError/PdnError */
    int unread;                  /* it is at a token with no move */
    int at_start;                /* the start position failed */
} walk_out;

/* kw of a move that cannot be played at node n, ply ply. */
static PyObject *
fail_exc(const PdnPyGame *g, const pdn_node *n, unsigned long ply,
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

        kw = pdnpy_illegal_kw(b, ctx.l, &ctx.m, text, ply);
        if (kw == NULL)
            return NULL;
        e.code = ctx.m.status == PDN_MATCH_AMBIGUOUS ? PDN_EAMBIGUOUS
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
static void
walk(const PdnPyGame *g, const pdn_gametype *gt, visit_fn *fn, void *ud,
     walk_out *out)
{
    pdn_board *b = ctx_board(gt);
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
    if (fn != NULL && (rc = fn(ud, EV_START, b, ctx.l, NULL, NULL, 0))) {
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
                (rc = fn(ud, EV_SETUP, b, ctx.l, NULL, n, ply))) {
                out->status = rc < 0 ? WALK_PYERR : WALK_STOPPED;
                return;
            }
        }
        if (mt == NULL ||
            pdn_board_play(b, mt, &ctx.m, ctx.l, &err) != PDN_MATCH_LEGAL) {
            out->error = fail_exc(g, n, ply + 1, b, mt != NULL);
            out->unread = mt == NULL;
            out->status = out->error ? WALK_ERROR : WALK_PYERR;
            return;
        }
        out->plies = ++ply;
        if (fn != NULL && (rc = fn(ud, EV_MOVE, b, ctx.l, &ctx.m, n, ply))) {
            out->status = rc < 0 ? WALK_PYERR : WALK_STOPPED;
            return;
        }
    }
}

/* ---- which rules: tags, the reader's default, else inference ---------- */

/* The candidates, by the squares the first moves use (as tools/common/infer.c
 * orders them): 8x8 numeric, 8x8 algebraic, 10x10, 12x12. */
static const char *const cands[4][8] = {
    {"21", "22", "23", "24", "28", "31", "25,W,8,8,N2,0", NULL},
    {"25", "29", "26", "30", "25,W,8,8,A2,0", NULL},
    {"20", "40", NULL},
    {"27", NULL},
};
static const char *last_fit; /* the candidate the last game fitted */

static int
board_class(const pdn_game *g)
{
    const pdn_node *n;
    int i = 0, top = 0, alg = 0, fr = 0, k;

    for (n = pdn_game_first(g); n != NULL && i < 16; n = pdn_node_next(n),
         i++) {
        const pdn_movetext *mt = pdn_node_move(n);

        if (mt == NULL)
            continue;
        for (k = 0; k < mt->n; k++) {
            if (mt->algebraic) {
                alg = 1;
                if (PDN_COORD_FILE(mt->sq[k]) > fr)
                    fr = PDN_COORD_FILE(mt->sq[k]);
                if ((mt->sq[k] >> 4) > fr)
                    fr = mt->sq[k] >> 4;
            } else if (mt->sq[k] > top)
                top = mt->sq[k];
        }
    }
    if (alg)
        return fr < 8 ? 1 : fr < 10 ? 2 : 3;
    return top <= 32 ? 0 : top <= 50 ? 2 : 3;
}

/* Infers g's GameType: the first candidate its main line fits from start
 * to end (the one the last game fitted tried first), else the one it fits
 * longest. fn/ud/fresh: the walk of the caller, run for every candidate
 * (fresh(ud) resets what it collected); *out is the chosen candidate's.
 * Returns 0, or -1 with a Python exception. */
static int
infer(PdnPyGame *g, pdn_gametype *gt, visit_fn *fn, void *ud,
      int (*fresh)(void *), walk_out *out)
{
    const char *order[32], *best = NULL;
    unsigned long best_n = 0;
    int cls = board_class(g->g), k, i, n = 0, j;

    if (last_fit != NULL)
        order[n++] = last_fit;
    for (k = -1; k < 4; k++) {
        int row = k < 0 ? cls : k;

        if (k == cls)
            continue;
        for (i = 0; cands[row][i] != NULL; i++) {
            const char *c = cands[row][i];

            for (j = 0; j < n && strcmp(order[j], c) != 0; j++)
                ;
            if (j == n && n < 32)
                order[n++] = c;
        }
    }
    for (i = 0; i < n; i++) {
        pdn_gametype c;

        if (pdn_gametype_parse(order[i], &c, NULL) < 0)
            continue;
        if (fresh != NULL && fresh(ud) < 0)
            return -1;
        walk(g, &c, fn, ud, out);
        if (out->status == WALK_PYERR)
            return -1;
        if (out->status == WALK_STOPPED) {
            /* the caller has what it wanted: whether the whole line fits
             * is asked of a silent walk */
            walk_out all;

            walk(g, &c, NULL, NULL, &all);
            if (all.status == WALK_ERROR) {
                Py_CLEAR(all.error);
                if (best == NULL || all.plies > best_n)
                    best = order[i], best_n = all.plies;
                continue;
            }
        }
        if (out->status != WALK_ERROR) {
            *gt = c;
            last_fit = order[i];
            Py_XSETREF(g->fits, pdnpy_gametype_str(&c));
            return 0;
        }
        Py_CLEAR(out->error);
        if (best == NULL || out->plies > best_n)
            best = order[i], best_n = out->plies;
    }
    if (best == NULL || pdn_gametype_parse(best, gt, NULL) < 0)
        pdn_gametype_standard(20, gt);
    if (fresh != NULL && fresh(ud) < 0)
        return -1;
    walk(g, gt, fn, ud, out);
    return out->status == WALK_PYERR ? -1 : 0;
}

/* The GameType g is replayed under, and its walk: spec (a caller's
 * choice) first; else the GameType tag, the Variant tag, the reader's
 * default; else the inference (which walks every candidate it tries).
 * Returns 0 with *out filled, or -1 with a Python exception. */
static int
resolve_walk(PdnPyGame *g, PyObject *spec, visit_fn *fn, void *ud,
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
    walk(g, gt, fn, ud, out);
    return out->status == WALK_PYERR ? -1 : 0;
}

/* ---- batch replays ------------------------------------------------------- */

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
static PyObject *
game_replay(PyObject *o, PyObject *args, PyObject *kw)
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
    if (resolve_walk(g, spec, collect_visit, &c, collect_fresh, &out, &gt)
        < 0) {
        Py_XDECREF(c.list);
        return NULL;
    }
    r = Py_BuildValue("(NNN)", c.list, out.error ? out.error
                      : (Py_INCREF(Py_None), Py_None),
                      pdnpy_gametype_str(&gt));
    return r;
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
static PyObject *
game_find_material(PyObject *o, PyObject *args, PyObject *kw)
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
    if (resolve_walk((PdnPyGame *)o, spec, material_visit, &s,
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
            char fen[PDN_FEN_STRING_MAX];
            PyObject *x;
            int rc;

            pdn_board_fen_string(b, fen, sizeof fen);
            x = Py_BuildValue("{s:k,s:s,s:s,s:[]}", "ply", ply + 1, "move",
                              pdn_node_text(next), "fen", fen, "legal");
            rc = x ? add_finding(c, PDN_EILLEGAL, PDN_SEV_ERROR,
                                 pdn_node_pos(next), x,
                                 "move '%s' at ply %lu after the end of the "
                                 "game: %s", pdn_node_text(next), ply + 1,
                                 why ? why : "the variant's end") : -1;
            Py_XDECREF(x);
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
 * the final position (ctx.b, as the walk left it) has no legal move, or
 * a folk variant's own end. */
static int
result_check(checker *c, const pdn_gametype *gt)
{
    const pdn_game *g = c->g->g;
    const char *res;
    pdn_outcome said = recorded(g, &res), real;
    char because[256], says[2][64];
    pdn_pos pos;

    if (said == PDN_OUTCOME_INVALID || said == PDN_OUTCOME_UNKNOWN)
        return 0;
    if (pdn_board_moves(ctx.b, ctx.l, NULL) == 0 &&
        pdn_movelist_count(ctx.l) == 0) {
        real = pdn_outcome_no_move(gt, pdn_board_turn(ctx.b));
        snprintf(because, sizeof because, "%s has no legal move in the "
                 "final position", pdn_board_turn(ctx.b) == 'W' ? "White"
                                                                : "Black");
    } else if (c->folk && c->race != PDN_OUTCOME_UNKNOWN) {
        real = c->race;
        snprintf(because, sizeof because, "the game ended at ply %lu (%s)",
                 c->race_ply, c->race_why ? c->race_why : "its end rule");
    } else
        return 0;
    if (said == real)
        return 0;
    pos = pdn_game_tag(g, "Result") ? pdn_game_tag_pos(g, "Result")
                                    : pdn_game_pos(g);
    pdn_outcome_describe(said, gt, says[0], sizeof says[0]);
    pdn_outcome_describe(real, gt, says[1], sizeof says[1]);
    return add_finding(c, PDN_ERESULT, PDN_SEV_ERROR, pos, NULL,
                       "result '%s' says %s, but %s, so %s ('%s')", res,
                       says[0], because, says[1],
                       pdn_outcome_result(real, gt));
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
static PyObject *
game_check(PyObject *o, PyObject *args, PyObject *kw)
{
    static char *names[] = {"gametype", "draw_rules", NULL};
    PdnPyGame *g = (PdnPyGame *)o;
    PyObject *spec = Py_None;
    int draws = 1, no_moves;
    checker c;
    walk_out out;
    pdn_gametype gt;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Op", names, &spec, &draws))
        return NULL;
    memset(&c, 0, sizeof c);
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
    if (resolve_walk(g, spec, draws ? check_visit : NULL, &c, check_fresh,
                     &out, &gt) < 0)
        goto fail;
    /* a folk variant's end is checked once its GameType is known */
    if (draws && gt.folk != PDN_FOLK_NONE) {
        Py_CLEAR(out.error);
        if (check_fresh(&c) < 0)
            goto fail;
        c.folk = 1;
        walk(g, &gt, check_visit, &c, &out);
        if (out.status == WALK_PYERR)
            goto fail;
    }
    /* the result against the final position, or a folk variant's end */
    if (out.status == WALK_OK && result_check(&c, &gt) < 0)
        goto fail;
    /* (the walks of the inference empty c.found: added after them) */
    {
        pdn_board *b = ctx_board(&gt);
        pdn_gametype tagged;
        pdn_error err;

        /* a GameType or Variant tag read with a warning */
        if ((spec == NULL || spec == Py_None) &&
            pdn_game_gametype(g->g, NULL, &tagged, &err) > 0 &&
            err.code != PDN_OK && err.severity == PDN_SEV_WARNING &&
            add_finding(&c, err.code, PDN_SEV_WARNING, err.pos, NULL, "%s",
                        err.text) < 0)
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
    return c.found;
fail:
    Py_XDECREF(out.error);
    pdn_drawstate_free(c.ds);
    Py_DECREF(c.found);
    return NULL;
}

/* ---- convert ------------------------------------------------------------- */

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
static PyObject *
game_convert(PyObject *o, PyObject *args)
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
    if (resolve_walk(g, spec, convert_visit, &c, convert_fresh, &out, &gt)
        < 0) {
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

/* ---- Game ----------------------------------------------------------------- */

/* An edit of g's moves or tags: the positions its nodes cached, and the
 * variant inferred, may no longer hold. */
static void
edited(PdnPyGame *g)
{
    g->gen++;
    Py_CLEAR(g->fits);
}

static PyObject *
node_wrap(PyTypeObject *type, PdnPyGame *g, pdn_node *n, PyObject *parent,
          long ply);

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
    Py_TYPE(o)->tp_free(o);
}

static PyObject *
str_or_none(const char *s)
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

static PyObject *
game_result(PyObject *o, void *c)
{
    (void)c;
    return str_or_none(pdn_game_result(((PdnPyGame *)o)->g));
}

static int
game_set_result(PyObject *o, PyObject *v, void *c)
{
    const char *s = NULL;

    (void)c;
    if (v != NULL && v != Py_None && (s = PyUnicode_AsUTF8(v)) == NULL)
        return -1;
    if (pdn_game_set_result(((PdnPyGame *)o)->g, s) != 0) {
        PyErr_Format(PyExc_ValueError, "not a result: %R", v);
        return -1;
    }
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
                                    str_or_none(pdn_game_tag_name_at(g, i)),
                                    str_or_none(pdn_game_tag_value_at(g, i)));

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
    return str_or_none(pdn_game_tag(((PdnPyGame *)o)->g, s));
}

static PyObject *
game_set_tag(PyObject *o, PyObject *args)
{
    const char *k, *v;

    if (!PyArg_ParseTuple(args, "ss", &k, &v))
        return NULL;
    if (pdn_game_set_tag(((PdnPyGame *)o)->g, k, v) != 0)
        return PyErr_NoMemory();
    edited((PdnPyGame *)o);
    Py_RETURN_NONE;
}

static PyObject *
game_remove_tag(PyObject *o, PyObject *name)
{
    const char *s = PyUnicode_AsUTF8(name);

    if (s == NULL)
        return NULL;
    edited((PdnPyGame *)o);
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
        PyObject *s = str_or_none(pdn_game_comment_at(g, i));

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
    return node_wrap(pdnpy_node_class, g, n, o, 1);
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
    edited(g);
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
    return (PyObject *)c;
}

/* The GameType g is replayed under, as resolve_walk finds it, walking
 * the main line only when it must be inferred: 0, or -1 with an
 * exception. */
static int
resolve_only(PdnPyGame *g, PyObject *spec, pdn_gametype *gt)
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
    if (resolve_walk(g, spec, NULL, NULL, NULL, &out, gt) < 0)
        return -1;
    Py_XDECREF(out.error);
    return 0;
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
    if (resolve_only((PdnPyGame *)o, spec, &gt) < 0)
        return NULL;
    return pdnpy_gametype_str(&gt);
}

/* The Board of a line: the start position, then the moves of the nodes
 * (root first); setups empty the move stack. */
static PyObject *
line_board(PdnPyGame *g, PyObject *spec, PdnPyNode **path, Py_ssize_t n)
{
    pdn_gametype gt;
    PdnPyBoard *b;
    pdn_error err;
    Py_ssize_t i;

    if (resolve_only(g, spec, &gt) < 0)
        return NULL;
    if ((b = pdnpy_board_new(&gt, NULL)) == NULL)
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
            PyObject *exc = fail_exc(g, nd, (unsigned long)path[i]->ply,
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
    return line_board((PdnPyGame *)o, spec, NULL, 0);
}

static PyMethodDef game_methods[] = {
    {"tag_items", game_tag_items, METH_NOARGS,
     "every tag pair, in input order"},
    {"_tag", game_tag, METH_O, "the first value of a tag, or None"},
    {"_set_tag", game_set_tag, METH_VARARGS, "sets a tag"},
    {"_remove_tag", game_remove_tag, METH_O, "removes a tag: how many"},
    {"_first", game_first, METH_NOARGS, "the first node, or None"},
    {"_append", game_append, METH_O, "appends a move to the main line"},
    {"_to_pdn", game_to_pdn, METH_VARARGS, "the game as PDN text"},
    {"_replay", (PyCFunction)(void (*)(void))game_replay,
     METH_VARARGS | METH_KEYWORDS,
     "_replay(gametype=None, what='fens') -> (list, error, gametype)"},
    {"find_material", (PyCFunction)(void (*)(void))game_find_material,
     METH_VARARGS | METH_KEYWORDS,
     "find_material(wm, wk, bm, bk, gametype=None) -> (ply, key, fen) or "
     "None: the first position of the main line with that material (-1: "
     "any number)"},
    {"_check", (PyCFunction)(void (*)(void))game_check,
     METH_VARARGS | METH_KEYWORDS, "_check(gametype=None, draw_rules=True)"},
    {"_convert", game_convert, METH_VARARGS, "_convert(flags, gametype)"},
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

/* ---- Node ------------------------------------------------------------------ */

static PyObject *
node_wrap(PyTypeObject *type, PdnPyGame *g, pdn_node *n, PyObject *parent,
          long ply)
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
    return node_wrap(Py_TYPE(o), self->game, n, o, self->ply + 1);
}

static PyObject *
node_alternatives(PyObject *o, PyObject *unused)
{
    PdnPyNode *self = (PdnPyNode *)o;
    size_t i, k = pdn_node_variation_count(self->n);
    PyObject *out = PyList_New((Py_ssize_t)k);

    (void)unused;
    for (i = 0; out != NULL && i < k; i++) {
        PyObject *v = node_wrap(Py_TYPE(o), self->game,
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
    edited(self->game);
    return node_wrap(Py_TYPE(o), self->game, n, parent, ply);
}

static PyObject *
node_text(PyObject *o, void *c)
{
    (void)c;
    return str_or_none(pdn_node_text(((PdnPyNode *)o)->n));
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
    edited(((PdnPyNode *)o)->game);
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
        PyObject *s = str_or_none(pdn_node_comment_at(n, where, i));

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
    return str_or_none(pdn_node_strength(((PdnPyNode *)o)->n));
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
    return str_or_none(pdn_node_setup(((PdnPyNode *)o)->n));
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
    r = line_board(self->game, spec, path, n);
    PyMem_Free(path);
    return r;
}

/* Plays nd's move (and the setup before it) on b, keeping what a Move
 * needs in nd: 0, or -1 with an exception. */
static int
play_node(PdnPyNode *nd, pdn_board *b)
{
    const pdn_movetext *mt = pdn_node_move(nd->n);
    pdn_error err;
    uint64_t origin;

    if (pdn_node_setup(nd->n) != NULL &&
        pdn_node_apply_setup(nd->n, b, &err) < 0) {
        pdnpy_raise(NULL, &err, NULL);
        return -1;
    }
    origin = pdn_board_hash(b);
    if (mt == NULL ||
        pdn_board_play(b, mt, &ctx.m, ctx.l, &err) != PDN_MATCH_LEGAL) {
        PyObject *exc = fail_exc(nd->game, nd->n, (unsigned long)nd->ply, b,
                                 mt != NULL);

        if (exc != NULL) {
            PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
            Py_DECREF(exc);
        }
        return -1;
    }
    nd->move = ctx.m.move;
    nd->origin = origin;
    /* the scratch list holds what the short form needs */
    pdn_move_format(b, ctx.l, &nd->move, PDN_MOVE_SHORT, nd->text,
                    sizeof nd->text);
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
    pdn_error err;
    int rc = 0;

    if (self->cached && self->gen == g->gen)
        return 0;
    if (g->gt_gen != g->gen + 1) {
        if (resolve_only(g, Py_None, &g->gt) < 0)
            return -1;
        g->gt_gen = g->gen + 1;
        g->cur_gen = 0;
    }
    if (ctx_board(&g->gt) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (g->cur == NULL && (g->cur = pdn_board_new(&g->gt, &err)) == NULL) {
        pdnpy_raise(NULL, &err, NULL);
        return -1;
    }
    from = PyObject_TypeCheck(self->parent, &PdnPy_NodeType)
           ? ((PdnPyNode *)self->parent)->n : NULL;
    if (g->cur_gen == g->gen + 1 && g->cur_node == from) {
        g->cur_gen = 0;
        if (play_node(self, g->cur) < 0)
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
    for (i = 0; rc == 0 && i < n; i++)
        rc = play_node(chain[i], g->cur);
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

    (void)unused;
    if (node_compute(self) < 0)
        return NULL;
    return pdnpy_move_make(&self->game->gt, self->origin, &self->move,
                           self->text);
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
    edited(((PdnPyNode *)o)->game);
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
    edited(self->game);
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
    edited(self->game);
    return node_wrap(Py_TYPE(o), self->game, n, self->parent, self->ply);
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

/* ---- Reader ------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    pdn_reader *r;
    FILE *fp;
    PyObject *keep;       /* the bytes or the file object read */
    PyObject *name;
    PyObject *gametype;   /* gametype= for untagged games */
    PyTypeObject *cls;    /* the Game class made */
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
        Py_INCREF(ncls);
        pdnpy_node_class = (PyTypeObject *)ncls;
    }
    if ((self = (PdnPyReader *)type->tp_alloc(type, 0)) == NULL)
        return NULL;
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

static PyMethodDef reader_methods[] = {
    {"close", reader_close, METH_NOARGS, "stops reading"},
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
