/* SPDX-License-Identifier: MIT */
/* The explorer's nodes (explore.h): a position's moves with their games
 * and results, from the sums of table explore_sum (exploreindex.c) when
 * no filter is given; a filtered node intersects the position's game
 * lists (explore_list) with the set of the games that pass the filters
 * (explorefilter.c), each game counted from its outcome and year read
 * once (ex_info). A position the index does not hold
 * (fewer than EX_MIN games reach it) is answered from its rows as
 * ex_key_rows makes them. A next key is named by the legal move of the
 * position that makes it. */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static pdn_board *ex_board(ex_db *x, const ex_query *q, tbuf *err);

int
ex_key(ex_db *x, const ex_query *q, int64_t *key, tbuf *err)
{
    pdn_board *b = ex_board(x, q, err);

    if (b == NULL)
        return -1;
    *key = db_key(b);
    pdn_board_free(b);
    return 0;
}

static void
count_add(ex_count *c, sqlite3_stmt *st, int col)
{
    long dated = (long)sqlite3_column_int64(st, col + 4);

    c->games += (long)sqlite3_column_int64(st, col);
    c->wins += (long)sqlite3_column_int64(st, col + 1);
    c->draws += (long)sqlite3_column_int64(st, col + 2);
    c->losses += (long)sqlite3_column_int64(st, col + 3);
    c->unknown = c->games - c->wins - c->draws - c->losses;
    c->dated += dated;
    c->year_sum += (double)sqlite3_column_int64(st, col + 5);
    if (sqlite3_column_int(st, col + 6) > c->year_last)
        c->year_last = sqlite3_column_int(st, col + 6);
}

/* One row (a game) into *c. */
static void
count_row(ex_count *c, const ex_row *r)
{
    c->games++;
    c->wins += r->outcome == PDN_OUTCOME_FIRST;
    c->draws += r->outcome == PDN_OUTCOME_DRAW;
    c->losses += r->outcome == PDN_OUTCOME_SECOND;
    c->unknown = c->games - c->wins - c->draws - c->losses;
    if (r->year != 0) {
        c->dated++;
        c->year_sum += r->year;
        if (r->year > c->year_last)
            c->year_last = r->year;
    }
}

/* 1 when game passes the filters of the set in use. */
static int
in_set(const ex_db *x, int64_t id)
{
    return id >= 0 && id <= x->set_max && (x->set[id >> 3] >> (id & 7) & 1);
}

/* The games that reach key as the index sums them: 0 when it does not
 * hold key. */
static long
held(ex_db *x, int64_t key)
{
    long r = 0;

    sqlite3_bind_int64(x->reach, 1, key);
    if (sqlite3_step(x->reach) == SQLITE_ROW)
        r = (long)sqlite3_column_int64(x->reach, 0);
    sqlite3_reset(x->reach);
    return r;
}

/* The rows of the games that reach key (held or replayed): -1 when the
 * database failed. */
static long
reached(ex_db *x, int64_t key)
{
    long r = held(x, key);
    ex_row *rows;
    size_t n;

    if (r > 0)
        return r;
    if (ex_key_rows(x, key, &rows, &n) != 0)
        return -1;
    free(rows);
    return (long)n;
}

/* Rows latest first: by year, then by game (ids below 2^32). */
static int
by_recent_row(const void *a, const void *b)
{
    const ex_row *x = a, *y = b;
    int64_t kx = (int64_t)x->year << 33 | x->game,
            ky = (int64_t)y->year << 33 | y->game;

    return (kx < ky) - (kx > ky);
}

static char *
dup_col(sqlite3_stmt *st, int i)
{
    const char *v = (const char *)sqlite3_column_text(st, i);
    char *d;

    if (v == NULL)
        return NULL;
    d = tool_xmalloc(strlen(v) + 1);
    strcpy(d, v);
    return d;
}

static void
games_free(ex_game *g, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        free(g[i].white);
        free(g[i].black);
        free(g[i].event);
        free(g[i].date);
        free(g[i].result);
    }
    free(g);
}

/* The latest games (by year, then last stored) of the rows xr whose
 * move is next: a position's rows replayed, or its latest rows per move
 * from its game lists. */
static int
top_games(ex_db *x, int filtered, int64_t next, int limit, const ex_row *xr,
          size_t nxr, ex_game **out, size_t *nout)
{
    ex_row *m;
    sqlite3_stmt *st;
    size_t i, k = 0;

    *out = NULL;
    *nout = 0;
    if (limit <= 0)
        return 0;
    m = tool_xmalloc((nxr + 1) * sizeof *m);
    for (i = 0; i < nxr; i++)
        if (xr[i].next == next && (!filtered || in_set(x, xr[i].game)))
            m[k++] = xr[i];
    qsort(m, k, sizeof *m, by_recent_row);
    if (k > (size_t)limit)
        k = (size_t)limit;
    st = db_prepare(x->db, x->path, "SELECT white, black, event, date,"
                                    " result FROM games WHERE id = ?");
    if (st == NULL) {
        free(m);
        return -1;
    }
    *out = tool_xmalloc((k + 1) * sizeof **out);
    for (i = 0; i < k; i++) {
        sqlite3_bind_int64(st, 1, m[i].game);
        if (sqlite3_step(st) == SQLITE_ROW) {
            ex_game *g = &(*out)[(*nout)++];

            g->id = m[i].game;
            g->white = dup_col(st, 0);
            g->black = dup_col(st, 1);
            g->event = dup_col(st, 2);
            g->date = dup_col(st, 3);
            g->result = dup_col(st, 4);
            g->year = m[i].year;
        }
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    free(m);
    return 0;
}

/* The board of q: its variant (the filter's, or the first of the
 * database's where the position stands and has games), set up and moved. */
static pdn_board *
ex_board(ex_db *x, const ex_query *q, tbuf *err)
{
    pdn_fen fen;
    pdn_error e;
    size_t v;
    pdn_board *fallback = NULL;
    pdn_movelist *l = pdn_movelist_new();
    long furthest = -1;      /* the moves played in the variant whose
                                error err holds */

    if (l == NULL)
        return NULL;
    memset(&e, 0, sizeof e);
    if (q->fen != NULL && pdn_fen_parse(q->fen, &fen, &e) < 0) {
        tbuf_printf(err, "bad FEN '%.80s': %s", q->fen, e.text);
        pdn_movelist_free(l);
        return NULL;
    }
    for (v = 0; v < x->nvariants + 1; v++) {
        pdn_gametype gt;
        pdn_board *b;
        const char *p = q->moves;
        int bad = 0;
        long played = 0;

        if (v == x->nvariants) {
            if (!q->crit.have_variant || x->nvariants != 0)
                break;
            gt = q->crit.variant; /* an empty database */
        } else if (pdn_gametype_parse(x->variants[v], &gt, NULL) < 0 ||
                   (q->crit.have_variant &&
                    (gt.type != q->crit.variant.type ||
                     gt.rules != q->crit.variant.rules ||
                     gt.giveaway != q->crit.variant.giveaway ||
                     gt.folk != q->crit.variant.folk ||
                     gt.width != q->crit.variant.width ||
                     gt.height != q->crit.variant.height)))
            continue;
        if ((b = pdn_board_new(&gt, NULL)) == NULL)
            continue;
        memset(&e, 0, sizeof e);
        if (q->fen != NULL && pdn_board_set_fen(b, &fen, &e) != 0) {
            if (err->len == 0)
                tbuf_printf(err, "FEN '%.80s': %s", q->fen, e.text);
            pdn_board_free(b);
            continue;
        }
        /* the moves, move numbers left out */
        while (p != NULL && *p != '\0' && !bad) {
            size_t len;
            pdn_movetext mt;
            pdn_match m;
            const char *t;

            while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n')
                p++;
            for (len = 0; p[len] != '\0' && p[len] != ' ' && p[len] != ',' &&
                          p[len] != '\t' && p[len] != '\n';
                 len++)
                ;
            if (len == 0)
                break;
            t = p;
            p += len;
            while (len > 0 && isdigit((unsigned char)*t) &&
                   memchr(t, '.', len) != NULL) {
                const char *dot = memchr(t, '.', len);
                size_t k = (size_t)(dot - t);

                while (k < len && t[k] == '.')
                    k++;
                len -= k;
                t += k;
            }
            if (len == 0)
                continue;
            /* the error named is the one of the variant that played the
             * most moves: the move where the line goes wrong */
            if (pdn_movetext_parse(t, len, &mt) != 0) {
                if (played > furthest) {
                    tbuf_free(err);
                    tbuf_printf(err, "bad move '%.*s'",
                                (int)(len > 40 ? 40 : len), t);
                    furthest = played;
                }
                bad = 1;
            } else if (pdn_board_play(b, &mt, &m, l, NULL) != PDN_MATCH_LEGAL) {
                if (played > furthest) {
                    tbuf_free(err);
                    tbuf_printf(err, "move '%.*s' is %s here",
                                (int)(len > 40 ? 40 : len), t,
                                m.status == PDN_MATCH_AMBIGUOUS
                                    ? "ambiguous"
                                    : "illegal");
                    furthest = played;
                }
                bad = 1;
            } else {
                played++;
            }
        }
        if (bad) {
            pdn_board_free(b);
            continue;
        }
        tbuf_free(err);
        if (reached(x, db_key(b)) > 0) {
            pdn_board_free(fallback);
            pdn_movelist_free(l);
            return b;
        }
        if (fallback == NULL)
            fallback = b;
        else
            pdn_board_free(b);
    }
    pdn_movelist_free(l);
    if (fallback == NULL && err->len == 0)
        tbuf_adds(err, x->nvariants == 0 ? "the database has no replayed game"
                                         : "no variant of the database fits");
    return fallback;
}

static int
by_games(const void *a, const void *b)
{
    const ex_move *x = a, *y = b;

    if (x->c.games != y->c.games)
        return x->c.games < y->c.games ? 1 : -1;
    return strcmp(x->move, y->move);
}

static int
by_latest(const void *a, const void *b)
{
    const ex_game *x = a, *y = b;

    if (x->year != y->year)
        return x->year < y->year ? 1 : -1;
    return (x->id < y->id) - (x->id > y->id);
}

/* Names the next key of each move by the legal move that makes it; rows
 * no legal move makes (a setup) count as games that end here. */
static int
name_moves(ex_db *x, ex_node *n, const pdn_board *b, ex_count *rows,
           int64_t *next, size_t nrows, const ex_row *xr, size_t nxr)
{
    pdn_movelist *l = pdn_movelist_new();
    pdn_board *t = pdn_board_new(&n->gt, NULL);
    size_t i, k;

    if (l == NULL || t == NULL || pdn_board_moves(b, l, NULL) != 0) {
        pdn_movelist_free(l);
        pdn_board_free(t);
        return -1;
    }
    n->moves = tool_xmalloc((nrows + 1) * sizeof *n->moves);
    memset(n->moves, 0, (nrows + 1) * sizeof *n->moves);
    for (k = 0; k < pdn_movelist_count(l); k++) {
        const pdn_move *m = pdn_movelist_at(l, k);
        int64_t key;

        pdn_board_copy(t, b);
        pdn_board_apply(t, m);
        key = db_key(t);
        for (i = 0; i < nrows && (next[i] != key || next[i] == 0); i++)
            ;
        if (i == nrows)
            continue;
        {
            ex_move *mv = &n->moves[n->nmoves++];

            mv->next = key;
            mv->c = rows[i];
            pdn_move_format(b, l, m, PDN_MOVE_SHORT, mv->move,
                            sizeof mv->move);
            tool_fen(t, mv->fen, sizeof mv->fen);
            next[i] = 0; /* named: another legal move cannot make it */
            rows[i].games = -1;
        }
    }
    for (i = 0; i < nrows; i++)
        if (rows[i].games >= 0)
            n->ended += rows[i].games;
    pdn_movelist_free(l);
    pdn_board_free(t);
    /* transpositions: the games that reach where a move leads */
    for (i = 0; i < n->nmoves; i++) {
        ex_move *mv = &n->moves[i];
        size_t j;

        if ((mv->reached = reached(x, mv->next)) < 0)
            return -1;
        if (xr != NULL || nxr != 0) {
            for (j = 0; j < nxr; j++)
                mv->via += xr[j].next == mv->next;
            continue;
        }
        sqlite3_bind_int64(x->sum_one, 1, n->key);
        sqlite3_bind_int64(x->sum_one, 2, mv->next);
        if (sqlite3_step(x->sum_one) == SQLITE_ROW)
            mv->via = (long)sqlite3_column_int64(x->sum_one, 0);
        sqlite3_reset(x->sum_one);
    }
    qsort(n->moves, n->nmoves, sizeof *n->moves, by_games);
    return 0;
}

/* A filtered node of a position the index holds: its game lists
 * (ex_lists) intersected with the set of the filters, each game counted
 * from its outcome and year (ex_info); the latest lim of each move kept
 * as rows (cand) for top_games. */
typedef struct list_pass {
    ex_db *x;
    int64_t key;
    int filtered;            /* 0: every game passes, nothing counted */
    size_t lim;
    ex_count **rows, *all;
    int64_t **next;
    size_t *nrows, *cap;
    ex_row *cand, *top;
    size_t ncand, capcand;
} list_pass;

static size_t add_next(ex_count **rows, int64_t **next, size_t *n,
                       size_t *cap, int64_t key);

static void
list_next(void *ud, int64_t next, const int64_t *ids, size_t n)
{
    list_pass *p = ud;
    ex_db *x = p->x;
    size_t i, k = (size_t)-1, nt = 0;

    for (i = 0; i < n; i++) {
        int64_t id = ids[i];
        ex_row r;
        size_t j;

        if ((p->filtered && !in_set(x, id)) || id > x->info_max)
            continue;
        r.key = p->key;
        r.next = next;
        r.game = id;
        r.year = x->info_year[id];
        r.outcome = x->info_outcome[id];
        /* a move only when a game passes (as its rows would give) */
        if (p->filtered) {
            if (k == (size_t)-1)
                k = add_next(p->rows, p->next, p->nrows, p->cap, next);
            count_row(&(*p->rows)[k], &r);
            count_row(p->all, &r);
        }
        /* among the latest lim: sorted latest first */
        if (nt == p->lim && by_recent_row(&r, &p->top[nt - 1]) >= 0)
            continue;
        for (j = nt < p->lim ? nt : nt - 1; j > 0 &&
                                            by_recent_row(&r, &p->top[j - 1]) < 0;
             j--)
            p->top[j] = p->top[j - 1];
        p->top[j] = r;
        if (nt < p->lim)
            nt++;
    }
    if (p->ncand + nt > p->capcand) {
        p->capcand = (p->ncand + nt) * 2;
        p->cand = realloc(p->cand, p->capcand * sizeof *p->cand);
        if (p->cand == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    memcpy(p->cand + p->ncand, p->top, nt * sizeof *p->top);
    p->ncand += nt;
}

/* A move to the key next, its counts zero, appended: its index. */
static size_t
add_next(ex_count **rows, int64_t **next, size_t *n, size_t *cap,
         int64_t key)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 32;
        *rows = realloc(*rows, *cap * sizeof **rows);
        *next = realloc(*next, *cap * sizeof **next);
        if (*rows == NULL || *next == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    memset(&(*rows)[*n], 0, sizeof **rows);
    (*next)[*n] = key;
    return (*n)++;
}

int
ex_node_get(ex_db *x, const ex_query *q, ex_node *n, tbuf *err)
{
    pdn_board *b;
    sqlite3_stmt *st;
    ex_count *rows = NULL;
    int64_t *next = NULL;
    ex_row *xr = NULL;       /* the rows replayed (NULL: the index's) */
    ex_row *cand = NULL;     /* a filtered node's latest rows per move */
    size_t nrows = 0, cap = 0, i, nxr = 0, ncand = 0;
    int rc, filtered;
    tbuf s = {NULL, 0, 0};

    memset(n, 0, sizeof *n);
    if ((b = ex_board(x, q, err)) == NULL)
        return -1;
    n->file = x->path;
    n->gt = *pdn_board_gametype(b);
    pdn_gametype_format(&n->gt, n->gts, sizeof n->gts);
    tool_fen(b, n->fen, sizeof n->fen);
    n->turn = pdn_board_turn(b);
    n->key = db_key(b);
    ex_functions(x, &q->crit);
    filtered = ex_filters(&q->crit, &s);
    tbuf_free(&s);
    if (filtered && ex_set(x, q) != 0) {
        pdn_board_free(b);
        tbuf_adds(err, sqlite3_errcode(x->db) == SQLITE_INTERRUPT
                           ? "query interrupted: it took too long"
                           : sqlite3_errmsg(x->db));
        return -2;
    }
    rc = SQLITE_DONE;
    if (held(x, n->key) == 0) {
        /* a position the index does not hold: its rows, replayed */
        if (ex_key_rows(x, n->key, &xr, &nxr) != 0) {
            pdn_board_free(b);
            tbuf_adds(err, sqlite3_errmsg(x->db));
            return -2;
        }
        for (i = 0; i < nxr; i++) {
            size_t k;

            if (filtered && !in_set(x, xr[i].game))
                continue;
            for (k = 0; k < nrows && next[k] != xr[i].next; k++)
                ;
            if (k == nrows)
                add_next(&rows, &next, &nrows, &cap, xr[i].next);
            count_row(&rows[k], &xr[i]);
            count_row(&n->c, &xr[i]);
        }
        if (xr == NULL)
            xr = tool_xmalloc(sizeof *xr); /* marks the rows as replayed */
    }
    if (xr == NULL) {
        /* the position's game lists and the filters' set: its counts
         * when filtered (explore_sum's otherwise), its latest games */
        list_pass p;

        memset(&p, 0, sizeof p);
        p.x = x;
        p.key = n->key;
        p.filtered = filtered;
        p.lim = q->top > 10 ? (size_t)q->top : 10;
        p.rows = &rows;
        p.next = &next;
        p.nrows = &nrows;
        p.cap = &cap;
        p.all = &n->c;
        p.top = tool_xmalloc(p.lim * sizeof *p.top);
        if (ex_info(x) != 0 || ex_lists(x, n->key, list_next, &p) != 0)
            rc = SQLITE_ERROR;
        free(p.top);
        cand = p.cand != NULL ? p.cand : tool_xmalloc(sizeof *cand);
        ncand = p.ncand;
    }
    st = x->sum;
    sqlite3_bind_int64(st, 1, n->key);
    while (xr == NULL && !filtered && rc != SQLITE_ERROR &&
           (rc = sqlite3_step(st)) == SQLITE_ROW) {
        i = add_next(&rows, &next, &nrows, &cap,
                     sqlite3_column_int64(st, 0));
        count_add(&rows[i], st, 1);
        count_add(&n->c, st, 1);
    }
    sqlite3_reset(st);
    if (rc != SQLITE_DONE ||
        name_moves(x, n, b, rows, next, nrows, xr, nxr) != 0) {
        tbuf_adds(err, rc == SQLITE_INTERRUPT ? "query interrupted: it took "
                                                "too long"
                                              : sqlite3_errmsg(x->db));
        free(rows);
        free(next);
        free(xr);
        free(cand);
        pdn_board_free(b);
        ex_node_free(n);
        return -2;
    }
    free(rows);
    free(next);
    pdn_board_free(b);
    /* the games: each move's latest 10 at least (the position's own
     * latest 10 are among them, whatever --top), and the latest that end
     * here; each move's list cut to --top once the position's are taken */
    for (i = 0; i < n->nmoves; i++)
        if (top_games(x, filtered, n->moves[i].next,
                      q->top > 10 ? q->top : 10, cand ? cand : xr,
                      cand ? ncand : nxr, &n->moves[i].top,
                      &n->moves[i].ntop) != 0)
            goto fail;
    {
        ex_game *end;
        size_t nend, k;

        if (top_games(x, filtered, 0, 10, cand ? cand : xr,
                      cand ? ncand : nxr, &end, &nend) != 0)
            goto fail;
        n->games = tool_xmalloc((nend + 10 * n->nmoves + 1) * sizeof *n->games);
        for (k = 0; k < nend; k++)
            n->games[n->ngames++] = end[k];
        free(end);
        for (i = 0; i < n->nmoves; i++)
            for (k = 0; k < n->moves[i].ntop && k < 10; k++) {
                ex_game *g = &n->games[n->ngames++], *f = &n->moves[i].top[k];

                *g = *f;
#define DUPS(field)                                                           \
    do {                                                                      \
        g->field = NULL;                                                      \
        if (f->field != NULL) {                                               \
            g->field = tool_xmalloc(strlen(f->field) + 1);                    \
            strcpy(g->field, f->field);                                       \
        }                                                                     \
    } while (0)
                DUPS(white);
                DUPS(black);
                DUPS(event);
                DUPS(date);
                DUPS(result);
#undef DUPS
            }
        qsort(n->games, n->ngames, sizeof *n->games, by_latest);
        while (n->ngames > 10) {
            n->ngames--;
            free(n->games[n->ngames].white);
            free(n->games[n->ngames].black);
            free(n->games[n->ngames].event);
            free(n->games[n->ngames].date);
            free(n->games[n->ngames].result);
        }
        for (i = 0; i < n->nmoves; i++) {
            size_t keep = q->top > 0 ? (size_t)q->top : 0;

            while (n->moves[i].ntop > keep) {
                ex_game *g = &n->moves[i].top[--n->moves[i].ntop];

                free(g->white);
                free(g->black);
                free(g->event);
                free(g->date);
                free(g->result);
            }
        }
    }
    free(xr);
    free(cand);
    return 0;
fail:
    free(xr);
    free(cand);
    tbuf_adds(err, sqlite3_errcode(x->db) == SQLITE_INTERRUPT
                       ? "query interrupted: it took too long"
                       : sqlite3_errmsg(x->db));
    ex_node_free(n);
    return -2;
}

void
ex_node_free(ex_node *n)
{
    size_t i;

    for (i = 0; i < n->nmoves; i++)
        games_free(n->moves[i].top, n->moves[i].ntop);
    free(n->moves);
    games_free(n->games, n->ngames);
    memset(n, 0, sizeof *n);
}
