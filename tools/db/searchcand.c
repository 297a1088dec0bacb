/* SPDX-License-Identifier: MIT */
/* pdn-db search's candidates (search.h): the games the index gives for
 * -X, -M, -B, the tag criteria and -y, and what --pattern and --manoeuvre
 * need of a game's material; each list of ids intersected with the
 * others, and the games then decided one by one. */
#include <config.h>
#include "search.h"

#include <stdlib.h>
#include <string.h>

/* The position with colours reversed: the board turned half round, each
 * piece of the other colour, the other side to move. NULL if it cannot
 * be placed. */
static pdn_board *
turned(const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_board *t = pdn_board_new(gt, NULL);
    pdn_fen fen;
    int sq, n = pdn_square_count(gt);

    memset(&fen, 0, sizeof fen);
    fen.turn = pdn_board_turn(b) == 'B' ? 'W' : 'B';
    for (sq = 1; t != NULL && sq <= n && fen.count < PDN_FEN_MAX; sq++) {
        int at = pdn_square_to_coord(gt, sq), p, f, r;

        if (at < 0 || (p = pdn_board_piece(b, at)) == 0)
            continue;
        f = gt->width - 1 - PDN_COORD_FILE(at);
        r = gt->height - 1 - PDN_COORD_RANK(at);
        fen.piece[fen.count].colour = p == 'w' || p == 'W' ? 'B' : 'W';
        fen.piece[fen.count].king = p == 'W' || p == 'B';
        fen.piece[fen.count].algebraic = 1;
        fen.piece[fen.count].sq = (unsigned char)PDN_COORD(f, r);
        fen.count++;
    }
    if (t != NULL && pdn_board_set_fen(t, &fen, NULL) != 0) {
        pdn_board_free(t);
        t = NULL;
    }
    return t;
}

static void
add_key(search_state *s, const pdn_board *b)
{
    s->keys = realloc(s->keys, (s->nkeys + 1) * sizeof *s->keys);
    if (s->keys == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    s->keys[s->nkeys++] = db_key(b);
}

/* A variant whose start position is the -X position: its games without
 * FEN tag reach it at ply 0, proved without a replay. */
static void
initial(search_state *s, const char *gts)
{
    char *q = sqlite3_mprintf("%s%Q", s->initial.len ? "," : "", gts);

    tbuf_adds(&s->initial, q);
    sqlite3_free(q);
}

/* -X: the keys of the position under every variant of the database. */
int
search_position_keys(search_state *s, sqlite3 *db, const char *path)
{
    /* a seek of the games_gametype index per variant, not a scan */
    sqlite3_stmt *st = db_prepare(db, path,
                                  "WITH RECURSIVE v(g) AS (SELECT"
                                  " min(gametype) FROM games UNION ALL"
                                  " SELECT (SELECT min(gametype) FROM games"
                                  " WHERE gametype > v.g) FROM v WHERE"
                                  " v.g IS NOT NULL)"
                                  " SELECT g FROM v WHERE g IS NOT NULL");
    int rc;

    s->nkeys = 0;
    s->initial.len = 0;
    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        pdn_gametype gt;
        pdn_board *b, *t;

        if (pdn_gametype_parse((const char *)sqlite3_column_text(st, 0), &gt,
                               NULL) < 0 ||
            (b = pdn_board_new(&gt, NULL)) == NULL)
            continue;
        if (pdn_board_set_fen(b, &s->crit.pos, NULL) == 0) {
            pdn_board *init = pdn_board_new(&gt, NULL);

            add_key(s, b);
            if (init != NULL && db_same_board(b, init))
                initial(s, (const char *)sqlite3_column_text(st, 0));
            if (s->crit.reversed && (t = turned(b)) != NULL) {
                add_key(s, t);
                if (init != NULL && db_same_board(t, init))
                    initial(s, (const char *)sqlite3_column_text(st, 0));
                pdn_board_free(t);
            }
            pdn_board_free(init);
        }
        pdn_board_free(b);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, path, "query"), -1;
    return 0;
}

/* Appends id to s->cands.next. */
void
search_cand_push(search_state *s, int64_t id)
{
    if (s->cands.nnext == s->cands.capnext) {
        s->cands.capnext = s->cands.capnext ? s->cands.capnext * 2 : 1024;
        s->cands.next =
            realloc(s->cands.next, s->cands.capnext * sizeof *s->cands.next);
        if (s->cands.next == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    s->cands.next[s->cands.nnext++] = id;
}

/* The index's candidates (db_post_lookup): their ids into s->cands.next. */
static void
cand_fn(void *ud, uint32_t key, uint32_t game)
{
    search_state *s = ud;

    (void)key;
    /* each game once: the memory is the games found, not the entries */
    if ((int64_t)game < s->cands.nseen) {
        if (bit_get(s->cands.bits, game))
            return;
        bit_set(s->cands.bits, game);
    }
    search_cand_push(s, game);
}

/* --pattern, --manoeuvre: a signature that has the pieces they need */
static void
need_fn(void *ud, uint32_t key, uint32_t game)
{
    search_state *s = ud;
    int r, i;

    for (r = 0; r < s->need_rows; r++) {
        for (i = 0; i < 4 && (key >> (24 - 8 * i) & 255) >= s->need[r][i];
             i++)
            ;
        if (i == 4) {
            cand_fn(ud, key, game);
            return;
        }
    }
}

/* -M kings: a signature with black kings, and no men (db.h, DB_SIG) */
static void
kings_fn(void *ud, uint32_t key, uint32_t game)
{
    if ((key & 255) != 0)
        cand_fn(ud, key, game);
}

static int
cmp_id(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

    return x < y ? -1 : x > y;
}

/* s->cands.next sorted, each id once, and intersected with s->cands.ids when
 * first is 0 (else it becomes s->cands.ids). */
static void
cand_merge(search_state *s, int first)
{
    size_t i, j, n = 0;
    int64_t *t;

    for (i = 0; i < s->cands.nnext; i++) /* the bits cleared for the next */
        if (s->cands.next[i] < s->cands.nseen)
            s->cands.bits[s->cands.next[i] >> 3] = 0;
    if (s->cands.nnext > 1)
        qsort(s->cands.next, s->cands.nnext, sizeof *s->cands.next, cmp_id);
    for (i = 0; i < s->cands.nnext; i++)
        if (n == 0 || s->cands.next[i] != s->cands.next[n - 1])
            s->cands.next[n++] = s->cands.next[i];
    s->cands.nnext = n;
    if (!first) {
        for (i = j = n = 0; i < s->cands.n && j < s->cands.nnext;)
            if (s->cands.ids[i] < s->cands.next[j])
                i++;
            else if (s->cands.ids[i] > s->cands.next[j])
                j++;
            else
                s->cands.next[n++] = s->cands.ids[i++], j++;
        s->cands.nnext = n;
    }
    t = s->cands.ids, s->cands.ids = s->cands.next, s->cands.next = t;
    n = s->cands.n, s->cands.n = s->cands.nnext, s->cands.nnext = 0;
    i = s->cands.cap, s->cands.cap = s->cands.capnext, s->cands.capnext = i;
    (void)n;
}

/* The games whose material reaches need (s->need, need_rows), merged
 * into the candidates: a necessary condition, each game then decided. */
static int
need_lookup(search_state *s, sqlite3 *db, const char *path)
{
    int r, i, any = 0;

    for (r = 0; r < s->need_rows; r++)
        for (i = 0; i < 4; i++)
            any |= s->need[r][i] != 0;
    if (!any) /* every game has some position with nothing required */
        return 0;
    if (db_post_lookup(db, path, DB_POST_MATERIAL, 0, UINT32_MAX, need_fn,
                       s) != 0)
        return -1;
    cand_merge(s, !s->cands.use);
    s->cands.use = 1;
    return 0;
}

/* What --pattern and --manoeuvre need, as pieces present: a king of the
 * pattern needs a king of its colour in the position that holds it (a
 * man a man); a manoeuvre of a king, or promoting, a king of its side in
 * the position after the move. Kings only: men are in almost every
 * game. 0, or -1 after reporting. */
int
search_material_needs(search_state *s, sqlite3 *db, const char *path)
{
    size_t i;

    sqlite3_stmt *st;
    int k, covered = 0;

    if (s->crit.invert || !s->have_conds)
        return 0;
    /* the plies of most games are read faster than the index narrows */
    if ((st = db_prepare(db, path, "SELECT count(*) FROM plies")) == NULL)
        return -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        covered = sqlite3_column_int64(st, 0) * 2 >= s->cands.nseen - 1;
    sqlite3_finalize(st);
    if (covered)
        return 0;
    /* every condition must be met: each one's need narrows */
    for (k = 0; k < s->conds.n; k++) {
        const db_pattern *p = &s->conds.c[k].pattern;
        const db_manoeuvre *v = &s->conds.c[k].manoeuvre;

        if (s->conds.c[k].is_pattern && p->have_pieces) {
            int king = 0;

            memset(s->need, 0, sizeof s->need);
            for (i = 0; i < p->pieces.count; i++) {
                const pdn_fen_piece *q = &p->pieces.piece[i];
                int w = q->colour == 'W';

                if (!q->king)
                    continue;
                king = 1;
                s->need[0][w ? 2 : 3] = 1;
                s->need[1][w ? 3 : 2] = 1; /* colours reversed */
            }
            s->need_rows = p->reversed ? 2 : 1;
            if (king && need_lookup(s, db, path) != 0)
                return -1;
        } else if (!s->conds.c[k].is_pattern &&
                   (v->kind == 'K' || v->promotes)) {
            memset(s->need, 0, sizeof s->need);
            s->need[0][v->side == 'W' ? 2 : 3] = 1;
            s->need_rows = 1;
            if (need_lookup(s, db, path) != 0)
                return -1;
        }
    }
    return 0;
}

/* -B: a game whose first moves are the opening's reaches, when it starts
 * at its variant's start and no setup comes first, the position they lead
 * to from there; the candidates are the games the index gives for that
 * position under each variant of the database, and the games that start
 * elsewhere or hold a setup (games.setup). 0, or -1 after reporting. */
int
search_opening_lookup(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    sqlite3_stmt *st;
    pdn_movelist *l;
    int rc;

    if (c->invert || c->nopening == 0)
        return 0;
    st = db_prepare(db, path,
                    "WITH RECURSIVE v(g) AS (SELECT min(gametype) FROM games"
                    " UNION ALL SELECT (SELECT min(gametype) FROM games"
                    " WHERE gametype > v.g) FROM v WHERE v.g IS NOT NULL)"
                    " SELECT g FROM v WHERE g IS NOT NULL");
    if (st == NULL || (l = pdn_movelist_new()) == NULL) {
        sqlite3_finalize(st);
        return -1;
    }
    s->cands.nnext = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        pdn_gametype gt;
        pdn_board *b;
        pdn_match m;
        size_t i;

        if (pdn_gametype_parse((const char *)sqlite3_column_text(st, 0), &gt,
                               NULL) < 0 ||
            (b = pdn_board_new(&gt, NULL)) == NULL)
            continue;
        for (i = 0; i < c->nopening; i++)
            if (pdn_board_play(b, &c->opening[i], &m, l, NULL) !=
                PDN_MATCH_LEGAL)
                break;
        if (i == c->nopening) {
            uint32_t k = DB_POS_KEY(db_key(b));

            if (db_post_lookup(db, path, DB_POST_POSITION, k, k, cand_fn,
                               s) != 0)
                rc = SQLITE_ERROR;
        }
        pdn_board_free(b);
        if (rc == SQLITE_ERROR)
            break;
    }
    sqlite3_finalize(st);
    pdn_movelist_free(l);
    if (rc != SQLITE_DONE)
        return db_fail(db, path, "query"), -1;
    st = db_prepare(db, path, "SELECT id FROM games WHERE setup = 1");
    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        cand_fn(s, 0, (uint32_t)sqlite3_column_int64(st, 0));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, path, "query"), -1;
    cand_merge(s, !s->cands.use);
    s->cands.use = 1;
    return 0;
}

/* A game of a tag criterion (selsql_tag_games): a candidate. */
static void
tag_game(void *ud, int64_t id)
{
    cand_fn(ud, 0, (uint32_t)id);
}

/* -T, -P, --event and -y: each criterion's games, intersected with the
 * candidates. A tag criterion's expression is matched once against each
 * distinct value of its tag names (walked on the index tag_values_value,
 * a seek for each value), and the games of the values that match are
 * read from the same index; -y's years from games_year. The games are
 * then decided as before (the query keeps each criterion): the sets only
 * spare reading the others. */
int
search_tag_lookup(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    size_t i;
    int rc = 0;

    s->tags_exact = 0;
    if (c->invert || s->every)
        return 0;
    if (c->date_hi != 0 && db_has_index(db, "games_year")) {
        sqlite3_stmt *y = db_prepare(db, path, "SELECT id FROM games WHERE"
                                               " CAST(substr(ltrim(date, ' '),"
                                               " 1, 4) AS INTEGER) BETWEEN ?"
                                               " AND ?");

        if (y == NULL)
            return -1;
        sqlite3_bind_int64(y, 1, c->date_lo / 10000);
        sqlite3_bind_int64(y, 2, c->date_hi / 10000);
        while (sqlite3_step(y) == SQLITE_ROW)
            cand_fn(s, 0, (uint32_t)sqlite3_column_int64(y, 0));
        if (sqlite3_finalize(y) != SQLITE_OK) {
            db_fail(db, path, "query");
            return -1;
        }
        cand_merge(s, !s->cands.use);
        s->cands.use = 1;
    }
    if (c->ntags == 0 || !db_has_index(db, "tag_values_value"))
        return 0;
    for (i = 0; rc == 0 && i < c->ntags; i++) {
        if ((rc = selsql_tag_games(db, c, i, tag_game, s)) != 0)
            db_fail(db, path, "query");
        else {
            cand_merge(s, !s->cands.use);
            s->cands.use = 1;
        }
    }
    /* the candidates are the games of every tag criterion: the query
     * need not ask again (its EXISTS would scan the new index) */
    s->tags_exact = rc == 0;
    return rc;
}

/* -X and -M: the games the index gives (a position's key is 32 bits of
 * db_key: the games are decided all the same; material is exact). */
int
search_candidates(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    size_t i;

    s->cands.use = !c->invert && (c->have_pos || c->have_mat);
    s->cands.n = s->cands.nnext = 0;
    if (!s->cands.use)
        return 0;
    if (c->have_pos) {
        for (i = 0; i < s->nkeys; i++) {
            uint32_t k = DB_POS_KEY(s->keys[i]);

            if (db_post_lookup(db, path, DB_POST_POSITION, k, k, cand_fn,
                               s) != 0)
                return -1;
        }
        cand_merge(s, 1);
    }
    if (c->have_mat && c->mat.kings_only) {
        if (db_post_lookup(db, path, DB_POST_MATERIAL, 256, 65535,
                           kings_fn, s) != 0)
            return -1;
        cand_merge(s, !c->have_pos);
    } else if (c->have_mat) {
        const sel_material *m = &c->mat;
        uint32_t a = (uint32_t)DB_SIG(m->men[0], m->men[1], m->kings[0],
                                      m->kings[1]),
                 b = (uint32_t)DB_SIG(m->men[1], m->men[0], m->kings[1],
                                      m->kings[0]);

        if (db_post_lookup(db, path, DB_POST_MATERIAL, a, a, cand_fn, s) !=
                0 ||
            (c->reversed && b != a &&
             db_post_lookup(db, path, DB_POST_MATERIAL, b, b, cand_fn, s) !=
                 0))
            return -1;
        cand_merge(s, !c->have_pos);
    }
    return 0;
}

/* -k -X of a variant's start position (every game of that variant
 * reaches it): the games that start there without a setup are counted
 * from the games_gametype and games_setup indexes, not read one by one;
 * the candidates left to decide are the index's among the others (a
 * setup, another variant). 0, or -1 after reporting. */
int
search_start_count(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    sqlite3_stmt *st;
    tbuf q = {NULL, 0, 0};
    int64_t all = 0, setups = 0;
    int rc;

    if (!s->so.count_only || !s->pos_only || !s->cands.use || s->every ||
        c->invert || c->have_mat || s->have_conds || s->so.dedupe ||
        s->so.bad != NULL || s->so.max != 0 || s->json ||
        search_sql_criteria(c) || s->initial.len == 0)
        return 0;
    tbuf_printf(&q, "SELECT (SELECT count(*) FROM games WHERE gametype IN"
                    " (%s)), (SELECT count(*) FROM games WHERE setup = 1"
                    " AND gametype IN (%s))", s->initial.data,
                s->initial.data);
    st = db_prepare(db, path, q.data);
    tbuf_free(&q);
    if (st == NULL)
        return -1;
    if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        all = sqlite3_column_int64(st, 0);
        setups = sqlite3_column_int64(st, 1);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW) {
        db_fail(db, path, "query");
        return -1;
    }
    /* the others: a setup, or another variant */
    tbuf_printf(&q, "SELECT id FROM games WHERE setup = 1 UNION SELECT id"
                    " FROM games WHERE gametype NOT IN (%s) OR gametype IS"
                    " NULL", s->initial.data);
    st = db_prepare(db, path, q.data);
    tbuf_free(&q);
    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        cand_fn(s, 0, (uint32_t)sqlite3_column_int64(st, 0));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        db_fail(db, path, "query");
        return -1;
    }
    cand_merge(s, 0); /* each candidate left decided as before */
    s->selected += (unsigned long)(all - setups);
    return 0;
}
