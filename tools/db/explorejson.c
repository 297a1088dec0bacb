/* SPDX-License-Identifier: MIT */
/* The explorer's JSON (explore.h, man/pdn-json.5): a node's records, a
 * node as one object, a board, and a game's moves with the position
 * after each. */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

static void
json_int(tbuf *b, const char *name, long v)
{
    tbuf_printf(b, ",\"%s\":%ld", name, v);
}

static void
json_wdl(tbuf *b, const char *name, long w, long d, long l)
{
    tbuf_printf(b, ",\"%s\":{\"wins\":%ld,\"draws\":%ld,\"losses\":%ld}", name,
                w, d, l);
}

static void
json_counts(tbuf *b, const ex_count *c)
{
    json_int(b, "games", c->games);
    json_int(b, "wins", c->wins);
    json_int(b, "draws", c->draws);
    json_int(b, "losses", c->losses);
    json_int(b, "unknown", c->unknown);
    if (c->dated > 0)
        tbuf_printf(b, ",\"year_average\":%.1f,\"year_last\":%d",
                    c->year_sum / (double)c->dated, c->year_last);
    else
        tbuf_adds(b, ",\"year_average\":null,\"year_last\":null");
}

static void
json_str(tbuf *b, const char *name, const char *v)
{
    tbuf_printf(b, ",\"%s\":", name);
    if (v != NULL)
        tbuf_json(b, v);
    else
        tbuf_adds(b, "null");
}

void
ex_json_games(tbuf *b, const ex_game *g, size_t n)
{
    size_t i;

    tbuf_addc(b, '[');
    for (i = 0; i < n; i++) {
        tbuf_printf(b, "%s{\"id\":%lld", i ? "," : "", (long long)g[i].id);
        json_str(b, "white", g[i].white);
        json_str(b, "black", g[i].black);
        json_str(b, "event", g[i].event);
        json_str(b, "date", g[i].date);
        if (g[i].year != 0)
            json_int(b, "year", g[i].year);
        else
            tbuf_adds(b, ",\"year\":null");
        json_str(b, "result", g[i].result);
        tbuf_addc(b, '}');
    }
    tbuf_addc(b, ']');
}

void
ex_json_position(tbuf *b, const ex_node *n)
{
    const ex_count *c = &n->c;
    int first_moves = n->turn == n->gt.start;
    char w = n->gt.start == 'W';

    tbuf_adds(b, "{\"type\":\"position\",\"file\":");
    tbuf_json(b, n->file);
    tbuf_adds(b, ",\"game\":null,\"fen\":");
    tbuf_json(b, n->fen);
    json_str(b, "gametype", n->gts);
    json_str(b, "variant", pdn_gametype_name(&n->gt));
    tbuf_printf(b, ",\"key\":\"%016llx\",\"turn\":\"%c\",\"first\":\"%c\"",
                (unsigned long long)n->key, n->turn, n->gt.start);
    json_counts(b, c);
    json_int(b, "continued", c->games - n->ended);
    json_int(b, "ended", n->ended);
    json_wdl(b, "to_move", first_moves ? c->wins : c->losses, c->draws,
             first_moves ? c->losses : c->wins);
    json_wdl(b, "white", w ? c->wins : c->losses, c->draws,
             w ? c->losses : c->wins);
    json_wdl(b, "black", w ? c->losses : c->wins, c->draws,
             w ? c->wins : c->losses);
    tbuf_adds(b, ",\"top\":");
    ex_json_games(b, n->games, n->ngames);
    tbuf_addc(b, '}');
}

void
ex_json_move(tbuf *b, const ex_node *n, const ex_move *m)
{
    tbuf_adds(b, "{\"type\":\"move\",\"file\":");
    tbuf_json(b, n->file);
    tbuf_adds(b, ",\"game\":null,\"move\":");
    tbuf_json(b, m->move);
    tbuf_printf(b, ",\"key\":\"%016llx\"", (unsigned long long)m->next);
    json_str(b, "fen", m->fen);
    json_counts(b, &m->c);
    json_int(b, "reached", m->reached);
    tbuf_printf(b, ",\"transposition\":%s",
                m->reached > m->via ? "true" : "false");
    tbuf_adds(b, ",\"top\":");
    ex_json_games(b, m->top, m->ntop);
    tbuf_addc(b, '}');
}

void
ex_board_json(tbuf *b, const pdn_gametype *gt, const char *fen)
{
    pdn_board *bd = pdn_board_new(gt, NULL);
    int sq, n = pdn_square_count(gt);

    tbuf_printf(b, "{\"width\":%d,\"height\":%d,\"squares\":[", gt->width,
                gt->height);
    if (bd != NULL && fen != NULL)
        pdn_board_set_fen_string(bd, fen, NULL);
    for (sq = 1; sq <= n; sq++) {
        int at = pdn_square_to_coord(gt, sq), p = 0;
        char name[16];

        if (at < 0)
            continue;
        if (bd != NULL)
            p = pdn_board_piece(bd, at);
        pdn_coord_name(gt, at, name, sizeof name);
        tbuf_printf(b, "%s[%d,%d,\"%c\",", sq > 1 ? "," : "",
                    PDN_COORD_FILE(at), PDN_COORD_RANK(at),
                    p != 0 && strchr("wbWB", p) != NULL ? p : '.');
        tbuf_json(b, name);
        tbuf_addc(b, ']');
    }
    tbuf_adds(b, "]}");
    pdn_board_free(bd);
}

/* A stored game: its text, and its moves replayed from its start with
 * the position after each: {"id":..,"pdn":..,"gametype":..,"start":FEN,
 * "plies":[{"move":..,"fen":..}]}. */
int
ex_game_json(ex_db *x, int64_t id, tbuf *b, tbuf *err)
{
    sqlite3_stmt *st = db_prepare(x->db, x->path,
                                  "SELECT sqlar_uncompress(raw, size), pre,"
                                  " gametype, white, black,"
                                  " event, date, result FROM games"
                                  " WHERE id = ?");
    pdn_reader *r = NULL;
    pdn_game *g = NULL;
    pdn_gametype gt;
    pdn_board *bd = NULL;
    pdn_movelist *l = NULL;
    const pdn_node *nd;
    pdn_error e;
    const char *raw;
    int len, pre, first = 1;
    char fen[PDN_FEN_MAX * 5];

    if (st == NULL)
        return -2;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) != SQLITE_ROW) {
        tbuf_printf(err, "no game %lld", (long long)id);
        sqlite3_finalize(st);
        return -1;
    }
    raw = sqlite3_column_blob(st, 0);
    len = sqlite3_column_bytes(st, 0);
    pre = sqlite3_column_int(st, 1);
    if (pre > len)
        pre = len;
    tbuf_printf(b, "{\"type\":\"game\",\"id\":%lld", (long long)id);
    json_str(b, "white", (const char *)sqlite3_column_text(st, 3));
    json_str(b, "black", (const char *)sqlite3_column_text(st, 4));
    json_str(b, "event", (const char *)sqlite3_column_text(st, 5));
    json_str(b, "date", (const char *)sqlite3_column_text(st, 6));
    json_str(b, "result", (const char *)sqlite3_column_text(st, 7));
    json_str(b, "gametype", (const char *)sqlite3_column_text(st, 2));
    {
        tbuf t = {NULL, 0, 0};

        tbuf_add(&t, raw != NULL ? raw + pre : "", (size_t)(len - pre));
        json_str(b, "pdn", t.data != NULL ? t.data : "");
        tbuf_free(&t);
    }
    if (sqlite3_column_text(st, 2) != NULL &&
        pdn_gametype_parse((const char *)sqlite3_column_text(st, 2), &gt,
                           NULL) >= 0 &&
        (r = pdn_reader_new_mem(raw, (size_t)len, "db")) != NULL &&
        pdn_reader_next(r, &g, &e) > 0 && g != NULL &&
        (bd = pdn_board_new(&gt, NULL)) != NULL &&
        (l = pdn_movelist_new()) != NULL) {
        const char *f = pdn_game_tag(g, "FEN");

        if (f != NULL)
            pdn_board_set_fen_string(bd, f, NULL);
        tool_fen(bd, fen, sizeof fen);
        json_str(b, "start", fen);
        tbuf_adds(b, ",\"board\":");
        ex_board_json(b, &gt, fen);
        tbuf_adds(b, ",\"plies\":[");
        for (nd = pdn_game_first(g); nd != NULL; nd = pdn_node_next(nd)) {
            const pdn_movetext *mt = pdn_node_move(nd);
            pdn_match m;

            if (mt == NULL)
                continue;
            if (pdn_board_play(bd, mt, &m, l, NULL) != PDN_MATCH_LEGAL)
                break;
            tool_fen(bd, fen, sizeof fen);
            tbuf_adds(b, first ? "{\"move\":" : ",{\"move\":");
            first = 0;
            tbuf_json(b, pdn_node_text(nd));
            json_str(b, "fen", fen);
            tbuf_addc(b, '}');
        }
        tbuf_addc(b, ']');
    } else {
        tbuf_adds(b, ",\"start\":null,\"plies\":[]");
    }
    tbuf_addc(b, '}');
    pdn_movelist_free(l);
    pdn_board_free(bd);
    pdn_game_free(g);
    pdn_reader_free(r);
    sqlite3_finalize(st);
    return 0;
}

void
ex_node_json(tbuf *b, const ex_node *n)
{
    size_t i;

    tbuf_adds(b, "{\"position\":");
    ex_json_position(b, n);
    tbuf_adds(b, ",\"board\":");
    ex_board_json(b, &n->gt, n->fen);
    tbuf_adds(b, ",\"moves\":[");
    for (i = 0; i < n->nmoves; i++) {
        if (i > 0)
            tbuf_addc(b, ',');
        ex_json_move(b, n, &n->moves[i]);
    }
    tbuf_adds(b, "]}");
}
