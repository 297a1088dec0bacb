/* SPDX-License-Identifier: MIT */
/* Written moves against legal ones: which legal move a move token denotes
 * (short, full or partial path, numeric or algebraic, Russian file-only
 * short notation), why a token denotes none, and how a legal move is
 * written back (PDN 3.0: a capture in full only when from-to is ambiguous).
 * The matcher knows no rules: it reads the legal list, and explains an
 * illegal move by asking the generator (the capture routes a piece has,
 * whether a from-to is a quiet move: rules_private.h). */
#include <config.h>
#include "pdn/rules.h"
#include "rules_private.h"

#include <stdio.h>
#include <string.h>

#include "core/pdn_private.h"

/* The side to move, as pdn_board_piece writes its pieces. */
static int
is_own(const pdn_board *b, int piece)
{
    return piece != 0 &&
           (piece & ~0x20) == (b->pos.turn == PDNP_BLACK ? 'B' : 'W');
}

/* ---------------------------------------------------------------------
 * Routes. A route is a capture sequence as the written move may describe
 * it: landing squares land[1..n] and, for each jump, the square just behind
 * the captured piece (PDN 3.0 accepts either in a full path). */

typedef struct route {
    int n;                              /* jumps */
    unsigned char from;
    unsigned char land[PDN_PATH_MAX];   /* 1..n */
    unsigned char behind[PDN_PATH_MAX]; /* 1..n */
    unsigned char cap[PDN_PATH_MAX];    /* 1..n */
} route;

/* How written squares between from and to may name a jump: its landing
 * square, the square just behind its captured piece, or either. */
enum { FIT_LAND = 1, FIT_BEHIND = 2, FIT_ANY = 3 };

/* The written squares w[0..nw-1] (w[0] already checked) follow the route:
 * the last one is its end, and each square between names, in order, some
 * jump as fit allows. */
static int
route_fits(const route *rt, const unsigned char *w, int nw, int fit)
{
    int i, j = 1;

    if (rt->n < 1 || w[nw - 1] != rt->land[rt->n])
        return 0;
    for (i = 1; i < nw - 1; i++) {
        while (j <= rt->n && !((fit & FIT_LAND) && w[i] == rt->land[j]) &&
               !((fit & FIT_BEHIND) && w[i] == rt->behind[j]))
            j++;
        if (j > rt->n)
            return 0;
        j++;
    }
    return 1;
}

/* The route of a legal capture; the squares behind the captured pieces
 * come from the generator. */
static void
route_of_move(const pdn_board *b, const pdn_move *m, route *rt)
{
    int j, c;

    rt->n = m->ncaptured;
    rt->from = m->path[0];
    if (m->n != m->ncaptured + 1) {
        /* Not one landing per capture: only landing squares can match. */
        rt->n = m->n - 1;
        for (j = 1; j < m->n; j++)
            rt->land[j] = rt->behind[j] = m->path[j];
        return;
    }
    for (j = 1; j <= rt->n; j++) {
        rt->land[j] = m->path[j];
        rt->cap[j] = m->captured[j - 1];
        c = pdnp_jump_behind(b, b->g.cell[m->path[j - 1]],
                             b->g.cell[m->captured[j - 1]]);
        rt->behind[j] = (unsigned char)(c < 0 ? m->path[j] : b->g.coord[c]);
    }
}

/* Same from, end and set of captured pieces: one move. */
static int
same_capture(const route *rt, const pdn_move *m)
{
    int i, j;

    if (m->ncaptured != rt->n || m->path[0] != rt->from ||
        m->path[m->n - 1] != rt->land[rt->n])
        return 0;
    for (i = 1; i <= rt->n; i++) {
        for (j = 0; j < m->ncaptured; j++)
            if (m->captured[j] == rt->cap[i])
                break;
        if (j == m->ncaptured)
            return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------------
 * Matching. */

typedef struct written {
    unsigned char w[PDN_PATH_MAX];
    int n;
    int file;           /* file of a file-only from square, else -1 */
    int capture;        /* written as a capture or with a path */
} written;

static int
from_fits(const written *wr, int from)
{
    if (wr->file >= 0)
        return PDN_COORD_FILE(from) == wr->file;
    return from == wr->w[0];
}

/* Whether the written move fits legal move m, reading its squares
 * between from and to as fit says. */
static int
move_fits(const pdn_board *b, const pdn_move *m, const written *wr, int fit)
{
    route rt;

    if (!from_fits(wr, m->path[0]) || m->path[m->n - 1] != wr->w[wr->n - 1])
        return 0;
    if (wr->n > 2) {
        if (m->ncaptured == 0)
            return 0;
        route_of_move(b, m, &rt);
        if (!route_fits(&rt, wr->w, wr->n, fit))
            return 0;
    }
    return 1;
}

/* Number of legal moves the written move fits, reading its squares
 * between from and to as fit says; *first is the first. */
static size_t
match_fit(const pdn_board *b, const pdn_movelist *l, const written *wr, int fit,
          size_t *first)
{
    size_t i, count = 0, nl = l->n;

    for (i = 0; i < nl; i++)
        if (move_fits(b, &l->v[i], wr, fit) && count++ == 0)
            *first = i;
    return count;
}

/* Number of legal moves whose path is exactly the written squares, every
 * landing square named and no other; *first is the first. */
static size_t
match_exact(const pdn_movelist *l, const written *wr, size_t *first)
{
    size_t i, count = 0;
    int j;

    for (i = 0; i < l->n; i++) {
        const pdn_move *m = &l->v[i];

        if (m->n != wr->n || !from_fits(wr, m->path[0]))
            continue;
        for (j = 1; j < m->n && m->path[j] == wr->w[j]; j++)
            continue;
        if (j == m->n && count++ == 0)
            *first = i;
    }
    return count;
}

/* Number of legal moves the written move fits. A full path names either
 * the landing squares or the squares just behind the captured pieces
 * (PDN 3.0), not a mixture: landing squares are tried first, so that
 * "2x30x17" where one route lands on 30 and another only passes it
 * behind a captured piece means the first. When several captures pass
 * through the written landing squares, the one that lands on exactly
 * those squares is meant: in Thai W:WK30:B10,12,18,K20,K26,27, "30-23-14-7"
 * is that capture, and 30-23-32-14-7 would be written with its 32. So is
 * a single jump written from-to, its full path: in Thai
 * W:W5,7,9,13,K19:B14,15,16,22, "19-12" is the jump over 16, and the
 * capture 19-10-17-26-12 must be written in full. */
static size_t
match_list(const pdn_board *b, const pdn_movelist *l, const written *wr,
           size_t *first)
{
    size_t count = match_fit(b, l, wr, FIT_LAND, first);

    if (count > 1 && match_exact(l, wr, first) == 1)
        return 1;
    if (count == 0 && wr->n > 2)
        count = match_fit(b, l, wr, FIT_BEHIND, first);
    return count;
}

/* What the geometric search found for a written move. */
typedef struct probe {
    const pdn_board *b;
    const written *wr;
    const pdn_movelist *l;
    size_t legal[PDN_PATH_MAX]; /* legal moves reached by another route */
    size_t nlegal;
    int complete;       /* fits a finished capture the rules reject */
    int incomplete;     /* fits a capture that could go on */
} probe;

static void
probe_visit(const pdnp_route *gr, int complete, void *ud)
{
    probe *p = ud;
    const written *wr = p->wr;
    const unsigned char *coord = p->b->g.coord;
    size_t i, j, nl;
    route r, *rt = &r;
    int k;

    /* The generator's cells as coords, jumps numbered from 1. */
    r.n = gr->n;
    r.from = coord[gr->from];
    for (k = 0; k < gr->n; k++) {
        r.land[k + 1] = coord[gr->land[k]];
        r.cap[k + 1] = coord[gr->cap[k]];
        r.behind[k + 1] = coord[gr->behind[k]];
    }
    if (!route_fits(rt, wr->w, wr->n, FIT_ANY))
        return;
    nl = p->l->n;
    for (i = 0; i < nl; i++) {
        if (same_capture(rt, &p->l->v[i])) {
            for (j = 0; j < p->nlegal; j++)
                if (p->legal[j] == i)
                    break;
            if (j == p->nlegal && p->nlegal < PDN_PATH_MAX)
                p->legal[p->nlegal++] = i;
            return;
        }
    }
    if (complete)
        p->complete = 1;
    else
        p->incomplete = 1;
}

/* Why a quiet move from -> to is impossible, captures aside (0: it is
 * possible; the Frisian limit on king moves is PDN_WHY_OTHER), as the
 * generator says. */
static int
quiet_reason(const pdn_board *b, int from, int to)
{
    int why = pdnp_quiet_why(b, &b->pos, b->g.cell[from], b->g.cell[to]);
    return why == PDN_WHY_OTHER ? PDN_WHY_NONE : why;
}

static int
set_illegal(pdn_match *match, int reason)
{
    match->status = PDN_MATCH_ILLEGAL;
    match->reason = reason;
    match->count = 0;
    return match->status;
}

static int
set_found(pdn_match *match, const pdn_movelist *l, size_t count,
          size_t first)
{
    match->reason = PDN_WHY_NONE;
    match->count = count;
    if (count == 1) {
        match->status = PDN_MATCH_LEGAL;
        match->move = l->v[first];
    } else {
        match->status = PDN_MATCH_AMBIGUOUS;
    }
    return match->status;
}

/* No legal move fits wr, whose from square (from) holds a piece of the
 * side to move: another route of a merged capture (the legal moves it
 * reaches in p->legal), or the reason. */
static int
explain(const pdn_board *b, const pdn_movelist *l, const written *wr,
        int from, pdn_match *match, probe *pp)
{
    int to = wr->w[wr->n - 1], why, caps;
    probe *p = pp;
    int st;

    memset(p, 0, sizeof *p);
    p->b = b;
    p->wr = wr;
    p->l = l;
    st = pdnp_gen_routes(b, &b->pos, b->g.cell[from], probe_visit, p);
    /* The list keeps one route of each merged capture; the written one may
     * be another (a circular capture the other way round). */
    if (p->nlegal > 0)
        return set_found(match, l, p->nlegal, p->legal[0]);
    /* A capture the piece can make by the geometry: finished, only the
     * choice rule (most pieces, kings first...) rejects it; unfinished,
     * it stops where it could go on. A finished one wins: it is what the
     * writer most likely meant. */
    if (p->complete)
        return set_illegal(match, PDN_WHY_NOT_MAXIMAL);
    if (p->incomplete)
        return set_illegal(match, PDN_WHY_INCOMPLETE);
    /* Captures are compulsory, so a legal list of captures means the side
     * must capture. */
    caps = l->n > 0 && l->v[0].ncaptured > 0;
    /* From-to only: a quiet move the geometry allows is refused by the
     * capture rule (or, with no capture, by a rule such as Frisian's
     * three king moves); one it does not allow says why. A from-to
     * written as a capture is judged as a path unless the square is
     * taken or the man goes backwards. */
    if (wr->n == 2) {
        why = quiet_reason(b, from, to);
        if (why == 0)
            return set_illegal(match, caps ? PDN_WHY_CAPTURE_REQUIRED
                                           : PDN_WHY_OTHER);
        if (!wr->capture || why == PDN_WHY_DIRECTION ||
            (why == PDN_WHY_BLOCKED && to != from &&
             pdn_board_piece(b, to) != 0))
            return set_illegal(match, why);
    } else if (to != from && pdn_board_piece(b, to) != 0) {
        return set_illegal(match, PDN_WHY_BLOCKED);
    }
    /* A capture path that fits no capture of this piece (when the search
     * ran out of budget, say no more than that the move is illegal). */
    return set_illegal(match, st < 0 ? PDN_WHY_OTHER : PDN_WHY_BAD_PATH);
}

/* The written squares of mt as coords in *wr: PDN_WHY_NONE, or the
 * reason it cannot denote a move. Squares go to coords through the
 * board's tables: the numbering and the squares in use as
 * pdn_movetext_coords and pdn_coord_playable give them, at one load a
 * square. */
static int
written_of(const pdn_board *b, const pdn_movetext *mt, written *wr)
{
    const uint16_t *tab = mt->algebraic ? b->g.cell : b->g.sqcell;
    int i, c;

    if (mt->n < 2 || mt->n > PDN_PATH_MAX)
        return PDN_WHY_BAD_PATH;
    wr->n = mt->n;
    wr->file = -1;
    wr->capture = mt->capture || mt->n > 2;
    for (i = 0; i < mt->n; i++) {
        if (i == 0 && mt->file_only) {
            wr->file = PDN_COORD_FILE(mt->sq[0]);
            if (wr->file >= b->gt.width)
                return PDN_WHY_NO_SQUARE;
            wr->w[0] = 255;
            continue;
        }
        if ((c = tab[mt->sq[i]]) == 0)
            return PDN_WHY_NO_SQUARE;
        wr->w[i] = b->g.coord[c];
    }
    return PDN_WHY_NONE;
}

/* The match proper on squares already turned into coords; rp receives
 * the route search's findings (nlegal 0 when it did not run). */
static int
match_written(const pdn_board *b, const pdn_movelist *l, const written *wr,
              pdn_match *match, probe *rp)
{
    size_t first = 0, count;
    int from, p, i;

    rp->nlegal = 0;
    if (l->n == 0)
        return set_illegal(match, PDN_WHY_GAME_OVER);
    count = match_list(b, l, wr, &first);
    if (count > 0)
        return set_found(match, l, count, first);
    from = wr->w[0];
    if (wr->file >= 0) {
        /* 'ed4': the piece of the side to move on that file (the first
         * one found stands for the explanation). */
        from = -1;
        for (i = 0; i < b->gt.height && from < 0; i++) {
            int c = PDN_COORD(wr->file, i);

            if (b->g.cell[c] != 0 &&
                is_own(b, pdn_board_piece(b, c)))
                from = c;
        }
        if (from < 0)
            return set_illegal(match, PDN_WHY_EMPTY);
    }
    p = pdn_board_piece(b, from);
    if (p == 0)
        return set_illegal(match, PDN_WHY_EMPTY);
    if (!is_own(b, p))
        return set_illegal(match, PDN_WHY_OPPONENT);
    return explain(b, l, wr, from, match, rp);
}

int
pdn_board_match(const pdn_board *b, const pdn_movelist *l,
                const pdn_movetext *mt, pdn_match *match)
{
    /* Squares to coords through the board's tables: the numbering and
     * the squares in use as pdn_movetext_coords and pdn_coord_playable
     * give them, at one load a square. */
    written wr;
    probe p;
    int why;

    memset(match, 0, sizeof *match);
    if ((why = written_of(b, mt, &wr)) != PDN_WHY_NONE)
        return set_illegal(match, why);
    return match_written(b, l, &wr, match, &p);
}

int
pdn_board_candidates(const pdn_board *b, const pdn_movelist *l,
                     const pdn_movetext *mt, pdn_movelist *out,
                     pdn_error *err)
{
    written wr;
    size_t i, first = 0, count;
    int fit = FIT_LAND;
    pdn_match mm;
    probe p;

    pdn_error_clear(err);
    out->n = 0;
    p.nlegal = 0;
    if (written_of(b, mt, &wr) != PDN_WHY_NONE)
        return 0;
    /* the moves pdn_board_match counts: one when it finds one (a path
     * that names exactly one capture's landing squares among several),
     * else every move that fits as it read the squares */
    count = match_list(b, l, &wr, &first);
    if (count > 1 && match_fit(b, l, &wr, FIT_LAND, &first) == 0)
        fit = FIT_BEHIND;
    /* none fits as written: the routes of merged captures the match
     * then searches (landing and behind squares mixed) */
    if (count == 0 && wr.n > 2 && l->n > 0 &&
        match_written(b, l, &wr, &mm, &p) != PDN_MATCH_ILLEGAL)
        count = p.nlegal;
    if (pdnp_movelist_reserve(out, count) != 0) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    if (count > 0 && p.nlegal == count) {
        for (i = 0; i < count; i++)
            out->v[out->n++] = l->v[p.legal[i]];
        return (int)out->n;
    }
    if (count == 1)
        out->v[out->n++] = l->v[first];
    for (i = 0; count > 1 && i < l->n; i++)
        if (move_fits(b, &l->v[i], &wr, fit))
            out->v[out->n++] = l->v[i];
    return (int)out->n;
}

static const char *const reason_texts[] = {
    "no error",
    "no such square on this board",
    "no piece on the from square",
    "the piece belongs to the side not to move",
    "capture is compulsory",
    "the capture rule requires another capture",
    "the capture stops before its end",
    "the piece cannot follow this capture path",
    "the destination is occupied or out of reach",
    "a man cannot move in that direction",
    "the game is over: the side to move has no legal move",
    "the move is not legal",
};

const char *
pdn_reason_text(int reason)
{
    if (reason < 0 ||
        (size_t)reason >= sizeof reason_texts / sizeof reason_texts[0])
        return "unknown reason";
    return reason_texts[reason];
}

/* ---------------------------------------------------------------------
 * Formatting. */

/* Appends the n bytes of s to buf at *len, snprintf-style: what fits is
 * written and NUL-terminated, *len counts it all. */
static void
put_text(const char *s, size_t n, char *buf, size_t size, size_t *len)
{
    size_t k;

    for (k = 0; k < n; k++, (*len)++) {
        if (*len + 1 < size) {
            buf[*len] = s[k];
            buf[*len + 1] = '\0';
        }
    }
}

static void
put_char(char ch, char *buf, size_t size, size_t *len)
{
    put_text(&ch, 1, buf, size, len);
}

/* Appends the name of coord c under gt to buf at *len: its number from
 * sqnum (a board's table, or NULL) or gt, or file and rank (no snprintf:
 * pdn-convert -c full formats every move, and snprintf was 43% of its
 * time). */
static void
put_square(const pdn_gametype *gt, const unsigned char *sqnum,
           int algebraic, int c, char *buf, size_t size, size_t *len)
{
    char tmp[16];
    size_t n = 0, k;
    unsigned v;

    if (algebraic) {
        tmp[n++] = (char)('a' + PDN_COORD_FILE(c));
        v = (unsigned)PDN_COORD_RANK(c) + 1;
    } else {
        v = sqnum != NULL && c >= 0 && c < 256 && sqnum[c] != 0
                ? sqnum[c]
                : (unsigned)pdn_coord_to_square(gt, c);
    }
    k = n;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    /* the digits were put last first */
    for (v = 0; k + v < n - 1 - v; v++) {
        char t = tmp[k + v];
        tmp[k + v] = tmp[n - 1 - v];
        tmp[n - 1 - v] = t;
    }
    put_text(tmp, n, buf, size, len);
}

int
pdn_move_ambiguous(const pdn_movelist *l, const pdn_move *m)
{
    size_t i, nl = l != NULL ? l->n : 0;

    for (i = 0; i < nl; i++) {
        const pdn_move *o = &l->v[i];

        /* Another move with the same from and to (m itself need not be
         * in l). */
        if (o->path[0] == m->path[0] &&
            o->path[o->n - 1] == m->path[m->n - 1] &&
            (o->n != m->n || memcmp(o->path, m->path, m->n) != 0))
            return 1;
    }
    return 0;
}

/* pdn_move_format's text for a board of GameType gt whose square table
 * is sqnum (NULL: gt's numbering worked out square by square). */
static size_t
format_move(const pdn_gametype *gt, const unsigned char *sqnum,
            const pdn_movelist *l, const pdn_move *m, unsigned flags,
            char *buf, size_t size)
{
    size_t len = 0, i;
    int algebraic, full;
    char sep;

    if (size > 0)
        buf[0] = '\0';
    if (m->n < 2)
        return 0;
    if (flags & PDN_MOVE_NUMERIC)
        algebraic = 0;
    else if (flags & PDN_MOVE_ALGEBRAIC)
        algebraic = 1;
    else
        algebraic = gt->notation != 'N';
    sep = m->ncaptured > 0 ? pdn_gametype_capture_sep(gt) : '-';
    full = (flags & PDN_MOVE_FULL) != 0;
    /* Ambiguous from-to, or a capture back to its start square: every
     * landing square, as the standard's example 47x38x24x13x36 has it (38
     * lies on a straight line, yet is written). */
    if (!full && (pdn_move_ambiguous(l, m) ||
                  (m->path[0] == m->path[m->n - 1] && m->n > 2)))
        full = 1;
    for (i = 0; i < m->n; i++) {
        if (!full && i > 0 && i < (size_t)m->n - 1)
            continue;
        if (i > 0)
            put_char(sep, buf, size, &len);
        put_square(gt, sqnum, algebraic, m->path[i], buf, size, &len);
    }
    return len;
}

size_t
pdn_move_format(const pdn_board *b, const pdn_movelist *l,
                const pdn_move *m, unsigned flags, char *buf, size_t size)
{
    return format_move(&b->gt, b->g.sqnum, l, m, flags, buf, size);
}

size_t
pdn_move_format_gt(const pdn_gametype *gt, const pdn_move *m,
                   unsigned flags, char *buf, size_t size)
{
    return format_move(gt, NULL, NULL, m, flags, buf, size);
}
