/* SPDX-License-Identifier: MIT */
/* pdn-db serve: the API's answers. /api/explore: a node of the explorer
 * with the named openings of its line and moves; /api/search: a page of
 * the games that pass the filters; /api/game: one game; /api/engine: the
 * engine's evaluation and best line of a position (--engine). */
#include <config.h>
#include "serve.h"
#include "selectsql.h"

#include <pdn/opening.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Plays one written move on b: its move in *m. 0, or -1 (not a move, or
 * not legal here). */
static int
sv_play(pdn_board *b, pdn_movelist *l, const char *t, size_t len, pdn_move *m)
{
    pdn_movetext mt;
    pdn_match k;

    if (pdn_movetext_parse(t, len, &mt) != 0 ||
        pdn_board_play(b, &mt, &k, l, NULL) != PDN_MATCH_LEGAL)
        return -1;
    *m = k.move;
    return 0;
}

static void
sv_opening_name(tbuf *b, const pdn_board *start, const pdn_move *line,
                size_t n)
{
    pdn_opening op;
    const char *name = NULL;

    if (pdn_opening_classify(start, line, n, &op, NULL) == 0)
        name = op.name_en != NULL ? op.name_en : op.name;
    if (name != NULL)
        tbuf_json(b, name);
    else
        tbuf_adds(b, "null");
}

/* ,"openings":{"position":NAME,"moves":[NAME,...]}: the named opening
 * (lib/pdn/opening.h's tables, its English name) the line of q makes, and
 * the one each move of n makes after it; null where none is named. The
 * line: q's moves from q's FEN or the variant's initial position. */
static void
sv_openings(tbuf *b, const ex_node *n, const ex_query *q)
{
    pdn_board *start = pdn_board_new(&n->gt, NULL), *t = NULL, *u = NULL;
    pdn_movelist *l = pdn_movelist_new();
    pdn_move *line = NULL;
    size_t nline = 0, i;
    const char *p = q->moves;
    int ok = start != NULL && l != NULL;

    if (ok && q->fen != NULL && pdn_board_set_fen_string(start, q->fen, NULL) < 0)
        ok = 0;
    if (ok && ((t = pdn_board_new(&n->gt, NULL)) == NULL ||
               (u = pdn_board_new(&n->gt, NULL)) == NULL))
        ok = 0;
    if (ok)
        pdn_board_copy(t, start);
    /* the line, as ex_node_get read it (move numbers left out) */
    line = tool_xmalloc((strlen(p != NULL ? p : "") / 2 + 2) * sizeof *line);
    while (ok && p != NULL && *p != '\0') {
        size_t len;
        const char *w;

        p += strspn(p, " ,\t\n");
        len = strcspn(p, " ,\t\n");
        if (len == 0)
            break;
        w = p;
        p += len;
        while (len > 0 && isdigit((unsigned char)*w) &&
               memchr(w, '.', len) != NULL) {
            size_t k = (size_t)((const char *)memchr(w, '.', len) - w);

            while (k < len && w[k] == '.')
                k++;
            len -= k;
            w += k;
        }
        if (len > 0 && sv_play(t, l, w, len, &line[nline++]) != 0)
            ok = 0;
    }
    tbuf_adds(b, ",\"openings\":{\"position\":");
    if (ok)
        sv_opening_name(b, start, line, nline);
    else
        tbuf_adds(b, "null");
    tbuf_adds(b, ",\"moves\":[");
    for (i = 0; i < n->nmoves; i++) {
        if (i > 0)
            tbuf_addc(b, ',');
        if (ok) {
            line = realloc(line, (nline + 1) * sizeof *line);
            if (line == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
            pdn_board_copy(u, t);
        }
        if (ok && sv_play(u, l, n->moves[i].move, strlen(n->moves[i].move),
                          &line[nline]) == 0)
            sv_opening_name(b, start, line, nline + 1);
        else
            tbuf_adds(b, "null");
    }
    tbuf_adds(b, "]}");
    free(line);
    pdn_movelist_free(l);
    pdn_board_free(start);
    pdn_board_free(t);
    pdn_board_free(u);
}

enum MHD_Result
sv_explore(sv_state *s, struct MHD_Connection *conn, sv_rq *rq,
           const sv_req *r)
{
    ex_query q;
    ex_node n;
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0}, key = {NULL, 0, 0};
    char why[160];
    sv_conn *c;
    int rc;

    if (sv_query(r, &q, &key, why, sizeof why) != 0) {
        selcrit_free(&q.crit);
        tbuf_free(&key);
        return sv_error(conn, rq, 400, why);
    }
    c = sv_take(s);
    if (sv_begin(s, c, &err) != 0) {
        rc = -3;
    } else {
        rc = ex_node_get(&c->x, &q, &n, &err);
        if (rc == -2)
            rq->retry = sv_failed(c);
    }
    sv_give(s, c);
    selcrit_free(&q.crit);
    tbuf_free(&key);
    if (rc != 0) {
        enum MHD_Result res;

        if (rc == -3)
            res = sv_retry(conn, rq, err.data);
        else
            res = sv_error(conn, rq, rc == -1 ? 400 : 503,
                           err.data != NULL ? err.data : "query failed");
        tbuf_free(&err);
        return res;
    }
    n.file = s->shown;
    ex_node_json(&b, &n);
    b.len--; /* its closing brace: the openings go in */
    sv_openings(&b, &n, &q);
    tbuf_addc(&b, '}');
    ex_node_free(&n);
    return sv_json(conn, rq, 200, &b);
}

enum MHD_Result
sv_game(sv_state *s, struct MHD_Connection *conn, sv_rq *rq, const sv_req *r)
{
    long id = sv_number(sv_get(r, "id"), 1, 2147483647L);
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0};
    sv_conn *c;
    int rc;

    if (id < 0)
        return sv_error(conn, rq, 400,
                        "id: a game number (1 and up) is wanted");
    c = sv_take(s);
    if (sv_begin(s, c, &err) != 0) {
        rc = -3;
    } else {
        rc = ex_game_json(&c->x, id, &b, &err);
        if (rc == -2)
            rq->retry = sv_failed(c);
    }
    sv_give(s, c);
    if (rc != 0) {
        enum MHD_Result res;

        if (rc == -3)
            res = sv_retry(conn, rq, err.data);
        else
            res = sv_error(conn, rq, rc == -1 ? 404 : 503,
                           err.data != NULL ? err.data : "query failed");
        tbuf_free(&b);
        tbuf_free(&err);
        return res;
    }
    return sv_json(conn, rq, 200, &b);
}
/* The games that pass the filters (and reach the position, when one is
 * given): how many, and a page of them. */
enum MHD_Result
sv_search(sv_state *s, struct MHD_Connection *conn, sv_rq *rq,
          const sv_req *r)
{
    ex_query q;
    tbuf sql = {NULL, 0, 0}, b = {NULL, 0, 0}, err = {NULL, 0, 0},
         fkey = {NULL, 0, 0};
    char why[160];
    const char *v;
    long limit = 50, offset = 0, count = 0;
    int64_t key = 0;
    int have_key = 0, rc = SQLITE_DONE;
    sqlite3_stmt *st = NULL;
    sv_conn *c;

    rc = sv_query(r, &q, &fkey, why, sizeof why);
    tbuf_free(&fkey); /* the search does not keep a set */
    q.filter_key = NULL;
    if (rc != 0) {
        selcrit_free(&q.crit);
        return sv_error(conn, rq, 400, why);
    }
    rc = SQLITE_DONE;
    if (((v = sv_get(r, "limit")) != NULL &&
         (limit = sv_number(v, 1, 500)) < 0) ||
        ((v = sv_get(r, "offset")) != NULL &&
         (offset = sv_number(v, 0, 2147483647L)) < 0)) {
        selcrit_free(&q.crit);
        return sv_error(conn, rq, 400, "limit: 1 to 500; offset: 0 and up");
    }
    c = sv_take(s);
    if (sv_begin(s, c, &err) != 0) {
        enum MHD_Result res;

        sv_give(s, c);
        selcrit_free(&q.crit);
        res = sv_retry(conn, rq, err.data);
        tbuf_free(&err);
        return res;
    }
    if (q.fen != NULL || q.moves != NULL) {
        if (ex_key(&c->x, &q, &key, &err) != 0) {
            enum MHD_Result res;

            sv_give(s, c);
            selcrit_free(&q.crit);
            res = sv_error(conn, rq, 400, err.data);
            tbuf_free(&err);
            return res;
        }
        have_key = 1;
    }
    ex_functions(&c->x, &q.crit);
    tbuf_adds(&sql, "SELECT g.id, g.white, g.black, g.event, g.date,"
                    " g.result, count(*) OVER () FROM games g WHERE 1");
    ex_filters(&q.crit, &sql);
    /* the variant as pdn-db search -K selects it (one variant: giveaway
     * and the folk games of a board apart) */
    selsql_where(&q.crit, SELSQL_COLUMNS, &sql);
    if (have_key)
        ex_games_cond(&c->x, key, &sql);
    tbuf_printf(&sql, " ORDER BY g.id LIMIT %ld OFFSET %ld", limit, offset);
    tbuf_adds(&b, "{\"games\":[");
    if (sqlite3_prepare_v2(c->x.db, sql.data, -1, &st, NULL) == SQLITE_OK) {
        int first = 1;

        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            ex_game g;
            int i;
            const char *col[5];

            for (i = 0; i < 5; i++)
                col[i] = (const char *)sqlite3_column_text(st, i + 1);
            g.id = sqlite3_column_int64(st, 0);
            g.white = (char *)col[0];
            g.black = (char *)col[1];
            g.event = (char *)col[2];
            g.date = (char *)col[3];
            g.result = (char *)col[4];
            g.year = col[3] != NULL ? atoi(col[3]) : 0;
            if (g.year < 1000 || g.year > 9999)
                g.year = 0;
            count = (long)sqlite3_column_int64(st, 6);
            {
                tbuf one = {NULL, 0, 0};

                ex_json_games(&one, &g, 1); /* [{...}]: its one record */
                if (!first)
                    tbuf_addc(&b, ',');
                tbuf_add(&b, one.data + 1, one.len - 2);
                tbuf_free(&one);
            }
            first = 0;
        }
    } else {
        rc = SQLITE_ERROR;
    }
    if (rc != SQLITE_DONE && rc != SQLITE_INTERRUPT)
        rq->retry = sv_failed(c);
    if (rc != SQLITE_DONE)
        tbuf_adds(&err, rc == SQLITE_INTERRUPT
                            ? "query interrupted: it took too long"
                            : sqlite3_errmsg(c->x.db));
    sqlite3_finalize(st);
    sv_give(s, c);
    selcrit_free(&q.crit);
    tbuf_free(&sql);
    if (rc != SQLITE_DONE) {
        enum MHD_Result res = sv_error(conn, rq, 503, err.data);

        tbuf_free(&b);
        tbuf_free(&err);
        return res;
    }
    if (count == 0 && offset > 0)
        count = -1; /* past the end: unknown here */
    tbuf_printf(&b, "],\"count\":%ld,\"offset\":%ld}", count, offset);
    return sv_json(conn, rq, 200, &b);
}

/* The engine's search of one position (fen, "" the start, of gametype):
 * {"engine":NAME,"fen":FEN,"turn":"W"|"B","score":MEN|null,
 * "white":MEN|null,"depth":N,"nodes":N,"time":S,"move":MOVE,"pv":[MOVE..]}
 * with score from the side to move's view and white from White's; a
 * position with no move gives "over":true and no search. One search at a
 * time (another request meanwhile: 503, Retry-After); the engine searches
 * to --depth, --move-time at most; one that fails is started afresh at
 * the next request. */
enum MHD_Result
sv_engine_answer(sv_state *s, struct MHD_Connection *conn, sv_rq *rq,
                 const sv_req *r)
{
    const char *gts = sv_get(r, "gametype"), *fen = sv_get(r, "fen");
    pdn_gametype gt;
    pdn_board *b = NULL;
    pdn_movelist *l = NULL;
    pdn_engine *e;
    pdn_engine_result res;
    pdn_error err;
    tbuf out = {NULL, 0, 0};
    char buf[1024];
    size_t i;
    int rc;

    if (!s->eng.on)
        return sv_error(conn, rq, 404, "no engine: pdn-db serve --engine CMD "
                                       "evaluates positions");
    pdn_error_clear(&err);
    if (pdn_gametype_parse(gts != NULL && *gts != '\0' ? gts : "20", &gt,
                           &err) != 0)
        return sv_error(conn, rq, 400, "gametype: not a GameType");
    b = pdn_board_new(&gt, NULL);
    l = pdn_movelist_new();
    if (b == NULL || l == NULL) {
        pdn_board_free(b);
        pdn_movelist_free(l);
        return sv_error(conn, rq, 503, "out of memory");
    }
    if (fen != NULL && *fen != '\0' &&
        pdn_board_set_fen_string(b, fen, &err) < 0) {
        pdn_board_free(b);
        pdn_movelist_free(l);
        return sv_error(conn, rq, 400, "fen: not a position of this variant");
    }
    pdn_board_fen_string(b, buf, sizeof buf);
    tbuf_adds(&out, "{\"fen\":");
    tbuf_json(&out, buf);
    tbuf_printf(&out, ",\"turn\":\"%c\"", pdn_board_turn(b));
    if (pdn_board_moves(b, l, &err) == 0 && pdn_movelist_count(l) == 0) {
        tbuf_adds(&out, ",\"over\":true}");
        pdn_board_free(b);
        pdn_movelist_free(l);
        return sv_json(conn, rq, 200, &out);
    }
    if (pthread_mutex_trylock(&s->eng.lock) != 0) {
        pdn_board_free(b);
        pdn_movelist_free(l);
        tbuf_free(&out);
        return sv_retry(conn, rq, "the engine is searching another position");
    }
    e = engcmd_get(&s->eng.cmd, &gt, &err);
    rc = e == NULL ? -1 : pdn_engine_search(e, b, &s->eng.lim, &res, &err);
    if (e != NULL) {
        tbuf_adds(&out, ",\"engine\":");
        tbuf_json(&out, pdn_engine_name(e));
    }
    engcmd_put(&s->eng.cmd, e, &gt);
    pthread_mutex_unlock(&s->eng.lock);
    if (rc != 0) {
        enum MHD_Result a;

        snprintf(buf, sizeof buf, "the engine: %s",
                 err.text[0] != '\0' ? err.text : "no answer");
        a = sv_error(conn, rq, err.code == PDN_EVARIANT ? 400 : 503, buf);
        pdn_board_free(b);
        pdn_movelist_free(l);
        tbuf_free(&out);
        return a;
    }
    if (res.has_score) {
        double v = res.score > -0.005 && res.score < 0.005 ? 0 : res.score;

        /* no "-0.00" */
        tbuf_printf(&out, ",\"score\":%.2f,\"white\":%.2f", v,
                    pdn_board_turn(b) == 'W' || v == 0 ? v : -v);
    }
    else
        tbuf_adds(&out, ",\"score\":null,\"white\":null");
    tbuf_printf(&out, ",\"depth\":%d,\"nodes\":%llu,\"time\":%.3f", res.depth,
                res.nodes, res.time);
    tbuf_adds(&out, ",\"move\":");
    pdn_board_moves(b, l, NULL);
    pdn_move_format(b, l, &res.move, PDN_MOVE_SHORT, buf, sizeof buf);
    tbuf_json(&out, buf);
    tbuf_adds(&out, ",\"pv\":[");
    for (i = 0; i < res.npv; i++) {
        if (pdn_board_moves(b, l, NULL) != 0)
            break;
        pdn_move_format(b, l, &res.pv[i], PDN_MOVE_SHORT, buf, sizeof buf);
        if (i > 0)
            tbuf_addc(&out, ',');
        tbuf_json(&out, buf);
        if (pdn_board_push(b, &res.pv[i], NULL) != 0)
            break;
    }
    tbuf_adds(&out, "]}");
    pdn_board_free(b);
    pdn_movelist_free(l);
    return sv_json(conn, rq, 200, &out);
}
