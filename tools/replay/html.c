/* SPDX-License-Identifier: MIT */
/* The viewer page of pdn-replay -f html. The games are the text of a few
 * <script type="text/x-pdn-games"> elements, which the browser never
 * runs: two lines per game, its list entry (JSON) and its data (JSON),
 * with every '<' written \u003c. The first elements hold one game each,
 * so that the first game shows at once, the later ones up to CHUNK games:
 * an element costs the browser about a kilobyte besides its text, which
 * for an archive of 20,000 games was a third of the page's memory. The
 * page reads each element's text once into a string and drops the
 * element, and parses a game's data only when the game is shown. Square
 * numbers travel as one character each (alpha), moves written as their
 * squares as '=' or '~', and what a standard GameType gives (geometry,
 * initial position) as its number. */
#include <config.h>
#include "html.h"
#include "openrec.h"
#include "viewer-assets.h" /* viewer_css, viewer_js, viewer_html, viewer_wasm */

#include <string.h>

/* Squares 1..77 as the characters '0'..'~' without '<' and '\\' (neither
 * needs escaping in a script). Boards with more squares get every FEN. */
#define ALPHA_MAX 77

static char
alpha(int sq)
{
    int c = 48 + sq - 1;

    if (c >= 60)
        c++;
    if (c >= 92)
        c++;
    return (char)c;
}

/* Appends JSON text j with every '<' written \u003c (JSON text has '<'
 * only inside strings), so that no "</script" can end the element. */
static void
json_safe(tbuf *out, const tbuf *j)
{
    size_t i, from = 0;

    for (i = 0; i < j->len; i++) {
        if (j->data[i] != '<')
            continue;
        tbuf_add(out, j->data + from, i - from);
        tbuf_adds(out, "\\u003c");
        from = i + 1;
    }
    tbuf_add(out, j->data + from, j->len - from);
}

/* The squares of gt as file letter and rank digit each, square 1 first. */
static void
geometry(tbuf *out, const pdn_gametype *gt)
{
    int s, c;

    for (s = 1; (c = pdn_square_to_coord(gt, s)) >= 0; s++)
        tbuf_printf(out, "%c%c", 'a' + PDN_COORD_FILE(c),
                    '0' + PDN_COORD_RANK(c));
}

/* The page's head carries the geometry and initial position (GEO) of
 * every standard GameType up to this number, so that a game of one names
 * its type instead. */
#define STD_TYPES 128

/* gt's standard geometry and initial FEN into geo and fen; 0, or -1 when
 * gt's type has no standard value. */
static int
standard(const pdn_gametype *gt, tbuf *geo, char *fen, size_t size)
{
    pdn_gametype std;
    pdn_board *b;

    if (gt->type < 0 || gt->type >= STD_TYPES ||
        pdn_gametype_standard(gt->type, &std) != 0 ||
        (b = pdn_board_new(&std, NULL)) == NULL)
        return -1;
    geometry(geo, &std);
    pdn_board_fen_string(b, fen, size);
    pdn_board_free(b);
    return 0;
}

/* Empties t (its data stays a valid string). */
static void
reset(tbuf *t)
{
    t->len = 0;
    if (t->data != NULL)
        t->data[0] = '\0';
}

static void
rec_start(html_rec *r, const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int c;

    memset(r->prev, 0, sizeof r->prev);
    for (c = 0; c < 256; c++)
        if (PDN_COORD_FILE(c) < gt->width && PDN_COORD_RANK(c) < gt->height)
            r->prev[c] = (unsigned char)pdn_board_piece(b, c);
    r->turn = pdn_board_turn(b);
    r->always = gt->folk == PDN_FOLK_TOWERS || gt->folk == PDN_FOLK_LASKA ||
                pdn_square_count(gt) > ALPHA_MAX;
}

/* Records ply k, the position b reached by last, in a line: its code in
 * plies (the path's squares, '*' and the captured squares, '+' for a
 * promotion) and, where the page would not rebuild b from the previous
 * position by applying the code as rec_apply does, "k":"FEN" in fens. */
static void
rec_ply(html_rec *r, const pdn_board *b, const pdn_move *last,
        unsigned long k, tbuf *plies, tbuf *fens)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    char fen[PDN_FEN_STRING_MAX];
    int p = r->prev[last->path[0]], i, same;
    html_rec now;

    /* the page's rule: the piece goes from the first square of the path
     * to the last, the captured pieces go, a promoting man is crowned */
    r->prev[last->path[0]] = 0;
    for (i = 0; i < last->ncaptured; i++)
        r->prev[last->captured[i]] = 0;
    if (last->promotes && (p == 'w' || p == 'b'))
        p -= 'a' - 'A';
    r->prev[last->path[last->n - 1]] = (unsigned char)p;
    r->turn = r->turn == 'W' ? 'B' : 'W';
    rec_start(&now, b);
    same = !r->always && now.turn == r->turn &&
           memcmp(now.prev, r->prev, sizeof now.prev) == 0;
    if (plies->len > 0)
        tbuf_addc(plies, ' ');
    for (i = 0; i < last->n && !r->always; i++)
        tbuf_addc(plies, alpha(pdn_coord_to_square(gt, last->path[i])));
    if (last->ncaptured > 0 && !r->always)
        tbuf_addc(plies, '*');
    for (i = 0; i < last->ncaptured && !r->always; i++)
        tbuf_addc(plies, alpha(pdn_coord_to_square(gt, last->captured[i])));
    if (last->promotes)
        tbuf_addc(plies, '+');
    if (r->always) {
        /* a path by coords: file letter, rank digit */
        for (i = 0; i < last->n; i++)
            tbuf_printf(plies, "%c%c", 'a' + PDN_COORD_FILE(last->path[i]),
                        '0' + PDN_COORD_RANK(last->path[i]));
        if (last->ncaptured > 0)
            tbuf_addc(plies, '*');
        for (i = 0; i < last->ncaptured; i++)
            tbuf_printf(plies, "%c%c",
                        'a' + PDN_COORD_FILE(last->captured[i]),
                        '0' + PDN_COORD_RANK(last->captured[i]));
    }
    if (!same) {
        pdn_board_fen_string(b, fen, sizeof fen);
        tbuf_printf(fens, "%s\"%lu\":", fens->len ? "," : "", k);
        tbuf_json(fens, fen);
        memcpy(r->prev, now.prev, sizeof r->prev);
        r->turn = now.turn;
    }
}

void
html_game_init(html_game *h)
{
    memset(h, 0, sizeof *h);
}

void
html_game_free(html_game *h)
{
    tbuf_free(&h->plies);
    tbuf_free(&h->fens);
    tbuf_free(&h->vars);
    tbuf_free(&h->end);
    pdn_drawstate_free(h->ds);
    pdn_movelist_free(h->l);
    tbuf_free(&h->moves);
    memset(h, 0, sizeof *h);
}

void
html_ply(html_game *h, const pdn_board *b, const pdn_move *last)
{
    char fen[PDN_FEN_STRING_MAX];
    const pdn_drawinfo *di;

    if (last == NULL) {
        h->gt = pdn_board_gametype(b);
        rec_start(&h->rec, b);
        pdn_board_fen_string(b, fen, sizeof fen);
        tbuf_adds(&h->fens, "\"0\":");
        tbuf_json(&h->fens, fen);
        if (h->ds == NULL && (h->ds = pdn_drawstate_new()) != NULL)
            pdn_drawstate_start(h->ds, b);
        else if (h->ds != NULL)
            pdn_drawstate_setup(h->ds, b);
        return;
    }
    tbuf_add(&h->moves, (const char *)last, sizeof *last);
    h->n++;
    rec_ply(&h->rec, b, last, h->n, &h->plies, &h->fens);
    if (h->ds != NULL && !h->drawn &&
        pdn_drawstate_push(h->ds, b, last, NULL) > 0) {
        di = pdn_drawstate_info(h->ds);
        h->drawn = 1;
        tbuf_printf(&h->end, "%s at ply %lu: %s",
                    di->automatic ? "drawn" : "a draw could be claimed",
                    di->rule_ply, di->rule_text);
    }
}

/* A node's comments (before or after it), joined by a blank. */
static void
comments(tbuf *j, const pdn_node *n, int where)
{
    size_t i;
    tbuf t = {0};

    for (i = 0; i < pdn_node_comment_count(n, where); i++)
        tbuf_printf(&t, "%s%s", i ? " " : "",
                    pdn_node_comment_at(n, where, i));
    tbuf_json(j, t.data);
    tbuf_free(&t);
}

/* The "x" member of node k: comments before ("b") and after ("a"), NAGs
 * ("g"); nothing when it has none. */
static void
extras(tbuf *x, const pdn_node *n, unsigned long k)
{
    size_t i, nb = pdn_node_comment_count(n, PDN_BEFORE);
    size_t na = pdn_node_comment_count(n, PDN_AFTER);
    size_t ng = pdn_node_nag_count(n);

    if (nb + na + ng == 0)
        return;
    tbuf_printf(x, "%s\"%lu\":{", x->len ? "," : "", k);
    if (nb > 0) {
        tbuf_adds(x, "\"b\":");
        comments(x, n, PDN_BEFORE);
    }
    if (na > 0) {
        tbuf_adds(x, nb > 0 ? ",\"a\":" : "\"a\":");
        comments(x, n, PDN_AFTER);
    }
    if (ng > 0) {
        tbuf_adds(x, nb + na > 0 ? ",\"g\":[" : "\"g\":[");
        for (i = 0; i < ng; i++)
            tbuf_printf(x, "%s%d", i ? "," : "", pdn_node_nag_at(n, i));
        tbuf_addc(x, ']');
    }
    tbuf_addc(x, '}');
}

/* A square's name as the game writes it. */
static void
sq_name(tbuf *m, const pdn_gametype *gt, int c)
{
    char name[8];

    pdn_coord_name(gt, c, name, sizeof name);
    tbuf_adds(m, name);
}

/* Node n's move as written with its strength mark, after a blank; played
 * as mv (NULL: not played), a move written as its first and last squares
 * ("11-15", "22x15") is '=' and one written with every landing square
 * ("26x17x10") '~', which the page spells out again. */
static void
move_text(tbuf *m, const pdn_node *n, const pdn_gametype *gt,
          const pdn_move *mv)
{
    const char *text = pdn_node_text(n);
    char sep = mv != NULL && mv->ncaptured ? pdn_gametype_capture_sep(gt)
                                           : '-';
    size_t at;
    int i;

    if (m->len > 0)
        tbuf_addc(m, ' ');
    at = m->len;
    if (mv != NULL && pdn_node_strength(n) == NULL) {
        for (i = 0; i < mv->n; i++) {
            if (i > 0)
                tbuf_addc(m, sep);
            sq_name(m, gt, mv->path[i]);
        }
        if (strcmp(m->data + at, text) == 0) {
            m->data[at] = mv->n > 2 ? '~' : '=';
            m->data[m->len = at + 1] = '\0';
            return;
        }
        m->data[m->len = at] = '\0';
        sq_name(m, gt, mv->path[0]);
        tbuf_addc(m, sep);
        sq_name(m, gt, mv->path[mv->n - 1]);
        if (mv->n > 2 && strcmp(m->data + at, text) == 0) {
            m->data[at] = '=';
            m->data[m->len = at + 1] = '\0';
            return;
        }
        m->data[m->len = at] = '\0';
    }
    tbuf_adds(m, text);
    if (pdn_node_strength(n) != NULL)
        tbuf_adds(m, pdn_node_strength(n));
}

static void var_line(tbuf *out, const pdn_board *from, const pdn_node *n,
                     pdn_movelist *l, int depth);

/* The variations of node k as the member "k":[LINE,...] of v; from is the
 * position before k. */
static void
variations(tbuf *v, const pdn_board *from, const pdn_node *n,
           unsigned long k, pdn_movelist *l, int depth)
{
    size_t i, nv = pdn_node_variation_count(n);

    if (nv == 0 || depth >= 64)
        return;
    tbuf_printf(v, "%s\"%lu\":[", v->len ? "," : "", k);
    for (i = 0; i < nv; i++) {
        if (i > 0)
            tbuf_addc(v, ',');
        var_line(v, from, pdn_node_variation_at(n, i), l, depth + 1);
    }
    tbuf_addc(v, ']');
}

/* Runs of '=' in moves m as "=N" (N > 1). */
static void
runs(tbuf *out, const tbuf *m)
{
    size_t i = 0, r;

    while (i < m->len) {
        for (r = 0; i + 2 * r < m->len && m->data[i + 2 * r] == '=' &&
                    (i + 2 * r + 1 == m->len || m->data[i + 2 * r + 1] == ' ');
             r++)
            ;
        if (r > 1) {
            tbuf_printf(out, "=%lu", (unsigned long)r);
            i += 2 * r - 1;
        } else {
            for (; i < m->len && m->data[i] != ' '; i++)
                tbuf_addc(out, m->data[i]);
        }
        if (i < m->len)
            tbuf_addc(out, m->data[i++]);
    }
}

/* A line object: moves "m" (space-separated, runs of '=' counted), plies
 * "p" (only as many as were legal), FENs "f", extras "x", variations "v"
 * and why its first move not played is not legal "e", the last four left
 * out when empty (why may be NULL). */
static void
line_obj(tbuf *out, const tbuf *m, const tbuf *p, const tbuf *f,
         const tbuf *x, const tbuf *v, const char *why)
{
    tbuf r = {0};

    runs(&r, m);
    tbuf_adds(out, "{\"m\":");
    tbuf_json(out, r.data);
    tbuf_adds(out, ",\"p\":");
    tbuf_json(out, p->data);
    if (f->len > 0)
        tbuf_printf(out, ",\"f\":{%s}", f->data);
    if (x->len > 0)
        tbuf_printf(out, ",\"x\":{%s}", x->data);
    if (v->len > 0)
        tbuf_printf(out, ",\"v\":{%s}", v->data);
    if (why != NULL) {
        tbuf_adds(out, ",\"e\":");
        tbuf_json(out, why);
    }
    tbuf_addc(out, '}');
    tbuf_free(&r);
}

/* A variation from position from, replayed on a copy of it. */
static void
var_line(tbuf *out, const pdn_board *from, const pdn_node *n,
         pdn_movelist *l, int depth)
{
    const pdn_gametype *gt = pdn_board_gametype(from);
    pdn_board *b = pdn_board_new(gt, NULL);
    tbuf m = {0}, p = {0}, f = {0}, x = {0}, v = {0};
    unsigned long k;
    int alive = b != NULL, st;
    const char *why = NULL;
    html_rec r;
    pdn_match mm;

    if (b != NULL) {
        pdn_board_copy(b, from);
        rec_start(&r, b);
    }
    for (k = 0; n != NULL; n = pdn_node_next(n), k++) {
        const char *setup = pdn_node_setup(n);

        extras(&x, n, k);
        if (!alive) {
            move_text(&m, n, gt, NULL);
            continue;
        }
        if (setup != NULL && pdn_board_set_fen_string(b, setup, NULL) != 0)
            alive = 0, why = "the setup before it is not a legal position";
        if (alive)
            variations(&v, b, n, k, l, depth);
        if (alive && pdn_node_move(n) == NULL)
            alive = 0;
        if (alive && (st = pdn_board_play(b, pdn_node_move(n), &mm, l,
                                          NULL)) != PDN_MATCH_LEGAL) {
            alive = 0;
            why = st == PDN_MATCH_AMBIGUOUS ? "ambiguous"
                  : st == -1                ? NULL
                  : pdn_reason_text(pdn_movelist_count(l) == 0
                                        ? PDN_WHY_GAME_OVER
                                        : mm.reason);
        }
        if (alive)
            rec_ply(&r, b, &mm.move, k + 1, &p, &f);
        move_text(&m, n, gt, alive ? &mm.move : NULL);
    }
    line_obj(out, &m, &p, &f, &x, &v, why);
    pdn_board_free(b);
    tbuf_free(&m);
    tbuf_free(&p);
    tbuf_free(&f);
    tbuf_free(&x);
    tbuf_free(&v);
}

void
html_variations(html_game *h, const pdn_board *b, const pdn_node *n)
{
    if (pdn_node_variation_count(n) == 0)
        return;
    if (h->l == NULL && (h->l = pdn_movelist_new()) == NULL)
        return;
    variations(&h->vars, b, n, h->n, h->l, 0);
}

void
html_stopped(html_game *h, const pdn_node *n, unsigned long ply,
             const char *why)
{
    reset(&h->end);
    tbuf_printf(&h->end, "illegal move %s at ply %lu: %s", pdn_node_text(n),
                ply, why);
}

void
html_ended(html_game *h, const pdn_board *b)
{
    pdn_movelist *l = pdn_movelist_new();
    char w[64];
    int side = pdn_board_turn(b);

    if (l == NULL)
        return;
    if (h->end.len == 0 && pdn_board_moves(b, l, NULL) == 0 &&
        pdn_movelist_count(l) == 0) {
        pdn_outcome_describe(pdn_outcome_no_move(h->gt, side), h->gt, w,
                             sizeof w);
        tbuf_printf(&h->end, "%s has no move at ply %lu: %s",
                    side == 'W' ? "White" : "Black", h->n, w);
    }
    pdn_movelist_free(l);
}

/* The list entry: [number, White, Black, Result, Event, Date, Site, Round,
 * opening, first mover, outcome] (outcome: F first mover won, S second,
 * D draw, L both lost, U unknown). */
static void
entry(tbuf *j, const pdn_game *g, unsigned long num, const pdn_gametype *gt)
{
    static const char *const tags[] = {"White", "Black", "Result", "Event",
                                        "Date", "Site", "Round", NULL};
    static const char oc[] = "UUFSDL";
    pdn_opening op;
    tbuf o = {0};
    int i, out = pdn_game_outcome(g);

    tbuf_printf(j, "[%lu", num);
    for (i = 0; tags[i] != NULL; i++) {
        tbuf_addc(j, ',');
        tbuf_json(j, pdn_game_tag(g, tags[i]) ? pdn_game_tag(g, tags[i]) : "");
    }
    if (pdn_game_tag(g, "Opening") != NULL)
        tbuf_adds(&o, pdn_game_tag(g, "Opening"));
    else if (pdn_opening_game(g, gt, &op, NULL) == 0) {
        if (op.name_en != NULL || op.name != NULL)
            tbuf_adds(&o, op.name_en != NULL ? op.name_en : op.name);
        if (op.ballot != 0)
            tbuf_printf(&o, "%sballot %u", o.len ? ", " : "", op.ballot);
        if (o.len == 0)
            tbuf_adds(&o, op.code);
    }
    tbuf_addc(j, ',');
    tbuf_json(j, o.data);
    tbuf_printf(j, ",\"%c\",\"%c\"]", gt->start == 'B' ? 'B' : 'W',
                out >= 0 && out <= 5 ? oc[out] : 'U');
    tbuf_free(&o);
}

void
html_game_write(tbuf *out, const html_game *h, const pdn_game *g,
                unsigned long num, const pdn_gametype *gt)
{
    static const char *const listed[] = {"White", "Black", "Result",
                                         "Event", "Date",  "Site",
                                         "Round", NULL};
    tbuf j = {0}, m = {0}, x = {0}, geo = {0}, sgeo = {0}, fens = {0};
    char sfen[PDN_FEN_STRING_MAX];
    const pdn_node *n;
    unsigned long k;
    size_t i, skip = 0;
    int c, t, std;

    /* ENTRY\nDATA\n in the element html_part opened */
    entry(&j, g, num, gt);
    json_safe(out, &j);
    tbuf_addc(out, '\n');
    reset(&j);
    /* geometry and start: a standard type's are in the head's GEO */
    geometry(&geo, gt);
    std = standard(gt, &sgeo, sfen, sizeof sfen) == 0 && sgeo.len == geo.len &&
          memcmp(sgeo.data, geo.data, geo.len) == 0;
    /* what the page takes as given is left out: a standard type's
     * geometry, notation and capture separator, and its initial position,
     * come from GEO; "a":0, "n":1, empty tags, comments and ends */
    if (std)
        tbuf_printf(&j, "{\"G\":%d", gt->type);
    else
        tbuf_printf(&j, "{\"w\":%d,\"h\":%d,\"alg\":%d,\"cs\":\"%c\","
                        "\"sq\":\"%s\"",
                    gt->width, gt->height, gt->notation != 'N',
                    pdn_gametype_capture_sep(gt), geo.data ? geo.data : "");
    if (h->rec.always)
        tbuf_adds(&j, ",\"a\":1");
    if (std && h->fens.len > 5 &&
        strncmp(h->fens.data + 5, sfen, strlen(sfen)) == 0 &&
        h->fens.data[5 + strlen(sfen)] == '"') {
        /* "0":"FEN" is the type's initial position: left out */
        skip = 5 + strlen(sfen) + 1;
        if (h->fens.len > skip && h->fens.data[skip] == ',')
            skip++;
    }
    tbuf_add(&fens, h->fens.data + skip, h->fens.len - skip);
    /* the tags not in the list entry, in order */
    for (i = 0, c = 0; i < pdn_game_tag_count(g); i++) {
        const char *name = pdn_game_tag_name_at(g, i);

        for (t = 0; listed[t] != NULL && strcmp(listed[t], name); t++)
            ;
        if (listed[t] != NULL)
            continue;
        tbuf_adds(&j, c++ ? ",[" : ",\"t\":[[");
        tbuf_json(&j, name);
        tbuf_addc(&j, ',');
        tbuf_json(&j, pdn_game_tag_value_at(g, i));
        tbuf_addc(&j, ']');
    }
    if (c > 0)
        tbuf_addc(&j, ']');
    /* the main line, numbered from its first move's number */
    n = pdn_game_first(g);
    if (n != NULL && pdn_node_number(n) > 1)
        tbuf_printf(&j, ",\"n\":%lu", pdn_node_number(n));
    tbuf_adds(&j, ",\"L\":");
    for (k = 0; n != NULL; n = pdn_node_next(n), k++) {
        extras(&x, n, k);
        move_text(&m, n, gt, k < h->n ? (const pdn_move *)h->moves.data + k
                                     : NULL);
    }
    line_obj(&j, &m, &h->plies, &fens, &x, &h->vars, NULL);
    reset(&m);
    for (i = 0; i < pdn_game_comment_count(g); i++)
        tbuf_printf(&m, "%s%s", i ? " " : "", pdn_game_comment_at(g, i));
    if (m.len > 0) {
        tbuf_adds(&j, ",\"post\":");
        tbuf_json(&j, m.data);
    }
    if (pdn_game_result(g) != NULL) {
        tbuf_adds(&j, ",\"term\":");
        tbuf_json(&j, pdn_game_result(g));
    }
    if (h->end.len > 0) {
        tbuf_adds(&j, ",\"end\":");
        tbuf_json(&j, h->end.data);
    }
    tbuf_addc(&j, '}');
    json_safe(out, &j);
    tbuf_addc(out, '\n');
    tbuf_free(&j);
    tbuf_free(&m);
    tbuf_free(&x);
    tbuf_free(&geo);
    tbuf_free(&sgeo);
    tbuf_free(&fens);
}

void
html_head(tbuf *out, const char *file, const diagram_style *st)
{
    const char *mark, *name = strrchr(file, '/');
    char fen[PDN_FEN_STRING_MAX];
    pdn_gametype gt;
    tbuf geo = {0};
    int i, n = 0;

    tbuf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                   "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
                   "content=\"width=device-width, initial-scale=1\">\n"
                   "<title>");
    /* the file's name, not the folders it was found in: a published
     * page does not show the author's */
    name = name != NULL && name[1] != '\0' ? name + 1 : file;
    diagram_xml(out, name);
    tbuf_adds(out, "</title>\n<style>\n");
    tbuf_adds(out, viewer_css);
    tbuf_adds(out, "</style>\n<script>\n");
    tbuf_printf(out, "var CELL=%d,FLIP=%d,NONUM=%d,DK='%s',LT='%s',GEO={",
                st->cell, st->flip, st->no_numbers, st->dark, st->light);
    for (i = 0; i < STD_TYPES; i++) {
        if (pdn_gametype_standard(i, &gt) != 0)
            continue;
        reset(&geo);
        if (standard(&gt, &geo, fen, sizeof fen) != 0)
            continue;
        tbuf_printf(out, "%s%d:['%s','%s',%d,%d,%d,'%c']", n++ ? "," : "",
                    i, geo.data, fen, gt.width, gt.height,
                    gt.notation != 'N', pdn_gametype_capture_sep(&gt));
    }
    tbuf_adds(out, "};\n");
    tbuf_free(&geo);
    tbuf_adds(out, viewer_js);
    tbuf_adds(out, "</script>\n</head>\n<body>\n");
    /* the body, with the file's name for @FILE@ */
    mark = strstr(viewer_html, "@FILE@");
    tbuf_add(out, viewer_html, (size_t)(mark - viewer_html));
    diagram_xml(out, name);
    tbuf_adds(out, mark + 6);
    tbuf_adds(out, "<script type=\"text/x-pdn-games\">");
}

/* The most games of one element. */
#define CHUNK 256

void
html_part(tbuf *out, unsigned long k)
{
    /* elements of 1, 1, 2, 4, ... games, then of CHUNK */
    if (k == 0 || (k < CHUNK && (k & (k - 1)) != 0) ||
        (k >= CHUNK && k % CHUNK != 0))
        return;
    tbuf_adds(out, "</script>\n");
    /* the first games are filed at once, not at the next poll */
    if (k <= 2)
        tbuf_adds(out, "<script>P.take()</script>\n");
    tbuf_adds(out, "<script type=\"text/x-pdn-games\">");
}

/* Appends a JavaScript string literal of s, '<' written \u003c (null
 * when s is NULL). */
static void
js_string(tbuf *out, const char *s)
{
    tbuf j = {0};

    if (s == NULL) {
        tbuf_adds(out, "null");
        return;
    }
    tbuf_json(&j, s);
    json_safe(out, &j);
    tbuf_free(&j);
}

void
html_nav(tbuf *out, const char *prev, const char *next, const char *index,
         const char *games)
{
    tbuf_adds(out, "</script>\n<script>P.nav(");
    js_string(out, prev);
    tbuf_addc(out, ',');
    js_string(out, next);
    tbuf_addc(out, ',');
    js_string(out, index);
    tbuf_addc(out, ',');
    js_string(out, games);
    tbuf_adds(out, ")");
}

void
html_index(tbuf *out, const char *file, const char *const *pages,
           const unsigned long *range, size_t n, unsigned long first,
           unsigned long per)
{
    size_t i;

    tbuf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                   "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
                   "content=\"width=device-width, initial-scale=1\">\n"
                   "<title>");
    diagram_xml(out, file);
    /* a link to game N (#g=N&p=PLY) goes on to its page */
    tbuf_adds(out, "</title>\n<script>\nvar PAGES=[");
    for (i = 0; i < n; i++) {
        if (i > 0)
            tbuf_addc(out, ',');
        js_string(out, pages[i]);
    }
    tbuf_printf(out, "], m = /[#&]g=(\\d+)/.exec(location.hash);\n"
                     "if (m) {\n    var k = Math.floor((m[1] - %lu) / %lu);\n"
                     "    if (k >= 0 && k < PAGES.length)\n"
                     "        location.replace(PAGES[k] + location.hash);\n"
                     "}\n</script>\n<style>body{font-family:'DejaVu Sans',"
                     "Verdana,sans-serif;margin:1em 2em}h1{font-size:1.3em;"
                     "word-break:break-all}li{margin:.4em 0}</style>\n</head>\n<body>\n<h1>",
                first, per);
    diagram_xml(out, file);
    tbuf_adds(out, "</h1>\n<ul>\n");
    for (i = 0; i < n; i++) {
        tbuf_adds(out, "<li><a href=\"");
        diagram_xml(out, pages[i]);
        tbuf_printf(out, "\">games %lu\xe2\x80\x93%lu</a></li>\n",
                    range[2 * i], range[2 * i + 1]);
    }
    tbuf_adds(out, "</ul>\n</body>\n</html>\n");
}

void
html_tail(tbuf *out)
{
    html_tail_src(out, NULL);
}

void
html_tail_src(tbuf *out, const char *src)
{
    tbuf_adds(out, "</script>\n");
    /* libpdn in WebAssembly (--enable-wasm): after the games, so that the
     * first game shows as soon as without it; the page is then an
     * analysis board */
    if (viewer_wasm[0] != '\0' && src != NULL) {
        tbuf_adds(out, "<script id=\"libpdn-wasm\" src=\"");
        diagram_xml(out, src);
        tbuf_adds(out, "\"></script>\n");
    } else if (viewer_wasm[0] != '\0') {
        tbuf_adds(out, "<script id=\"libpdn-wasm\">\n");
        tbuf_adds(out, viewer_wasm);
        tbuf_adds(out, "</script>\n");
    }
    tbuf_adds(out, "</body>\n</html>\n");
}

const char *
html_wasm(size_t *len)
{
    *len = strlen(viewer_wasm);
    return viewer_wasm;
}
