/* SPDX-License-Identifier: MIT */
/* pdn-convert: rewrites PDN through the writer: target notation (-m, -N),
 * capture paths (-c), writing style (-s), or JSON (-f json). Squares are
 * mapped through board coordinates, so num -> alg -> num is the identity;
 * -c and JSON replay the moves to know their paths and captures. */
#include <config.h>
#include "common.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-convert";

enum { C_KEEP, C_SHORT, C_FULL };

typedef struct conv_opts {
    int notation;     /* 0 keep, 'N' or 'A' */
    int corner;       /* -N digit, -1 = the variant's own */
    int capture;      /* C_* */
    unsigned flags;   /* writer flags */
    int json;
} conv_opts;

/* One game being converted. */
typedef struct conv {
    const tool_opts *o;
    const conv_opts *co;
    const char *file;
    pdn_game *g;
    tool_out *to;
    pdn_gametype src, dst;
    pdn_movelist *l;
    tbuf *js;         /* JSON output, or NULL */
} conv;

static void
usage(FILE *out)
{
    fprintf(out,
            "Usage: %s [OPTION]... [FILE]...\n"
            "Rewrite PDN games canonically, in another notation or as "
            "JSON.\n\n"
            "  -m NOTATION      num or alg: square notation of the output\n"
            "                   (the GameType tag is rewritten to say so)\n"
            "  -N CODE          numbering of numeric output, e.g. N2 or N0\n"
            "                   (default: the variant's own)\n"
            "  -c PATHS         keep (default), short (from-to unless "
            "ambiguous)\n"
            "                   or full (every landing square)\n"
            "  -s STYLE         pdn3 (default) or compat (result token, 80 "
            "columns)\n"
            "  -f FORMAT        pdn (default) or json (one game per line)\n"
            "  -g GAMETYPE      game type of games without a GameType tag\n"
            "  -o FILE          write the output to FILE\n"
            "  -q               do not print warnings\n"
            "  -W               count warnings as problems (exit status 1)\n"
            "  -j N             process games with N threads\n",
            tool_name);
    tool_help_tail(out, "problems found in the input (the output is "
                        "still written)");
}

/* Rewrites the squares of mt (in src's notation) into dst's notation.
 * Returns 0, or -1 when a square does not exist. */
static int
map_move(const conv *c, const pdn_movetext *mt, pdn_movetext *out)
{
    unsigned char co[PDN_PATH_MAX];
    size_t i;

    if (mt->file_only || pdn_movetext_coords(&c->src, mt, co, NULL) != 0)
        return -1;
    *out = *mt;
    out->algebraic = c->dst.notation != 'N';
    if (out->sep == 0)
        out->sep = mt->capture ? pdn_gametype_capture_sep(&c->dst) : '-';
    for (i = 0; i < mt->n; i++) {
        /* a1 is coord 0; a numeric square is never 0 */
        int sq = out->algebraic ? co[i] : pdn_coord_to_square(&c->dst, co[i]);

        if (sq <= 0 && !out->algebraic)
            return -1;
        out->sq[i] = (unsigned char)sq;
    }
    return 0;
}

static void
json_squares(const conv *c, tbuf *b, const unsigned char *co, size_t n)
{
    char name[8];
    size_t i;

    tbuf_addc(b, '[');
    for (i = 0; i < n; i++) {
        pdn_coord_name(&c->dst, co[i], name, sizeof name);
        tbuf_printf(b, "%s\"%s\"", i ? "," : "", name);
    }
    tbuf_addc(b, ']');
}

static void
json_square(const conv *c, tbuf *b, int co)
{
    char name[8];

    pdn_coord_name(&c->dst, co, name, sizeof name);
    tbuf_printf(b, "\"%s\"", name);
}

static void
json_comments(tbuf *b, const char *key, const pdn_node *n, int where)
{
    size_t i, k = n ? pdn_node_comment_count(n, where) : 0;

    if (k == 0)
        return;
    tbuf_printf(b, ",\"%s\":[", key);
    for (i = 0; i < k; i++) {
        if (i)
            tbuf_addc(b, ',');
        tbuf_json(b, pdn_node_comment_at(n, where, i));
    }
    tbuf_addc(b, ']');
}

static void json_node(conv *c, const pdn_node *n, const char *text,
                      const pdn_move *m, unsigned long ply);

/* Converts the line from n, position b (NULL once unknown; changed). */
static void
line(conv *c, pdn_board *b, pdn_node *n, unsigned long ply)
{
    const pdn_gametype *gt = &c->src;
    pdn_movetext mt2;
    pdn_match m;
    pdn_fen f;
    pdn_pos pos;
    char txt[PDN_PATH_MAX * 4];
    size_t i, k = 0;
    int ok;

    if (c->js)
        tbuf_addc(c->js, '[');
    for (; n != NULL; n = pdn_node_next(n), ply++) {
        const pdn_movetext *mt = pdn_node_move(n);

        if (b && pdn_node_setup(n) && (pdn_fen_parse(pdn_node_setup(n), &f,
                                                     NULL) < 0 ||
                                       pdn_board_set_fen(b, &f, NULL) != 0))
            b = NULL;
        ok = b && mt && pdn_board_moves(b, c->l, NULL) == 0 &&
             pdn_board_match(b, c->l, mt, &m) == PDN_MATCH_LEGAL;
        pos = pdn_node_pos(n);
        if (!ok && b && (c->co->capture != C_KEEP || c->js || mt == NULL ||
                         mt->file_only))
            tool_diag(c->o, c->to, c->file, &pos, pdn_game_number(c->g),
                      PDN_SEV_WARNING, PDN_EILLEGAL, NULL,
                      "cannot resolve move '%s': it and the rest of its line "
                      "are kept as written", pdn_node_text(n));
        if (!ok)
            b = NULL;
        /* The text to write: the engine's for -c short/full, else as
         * written (file-only moves resolved), in the output notation. */
        snprintf(txt, sizeof txt, "%s", pdn_node_text(n));
        if (ok && (c->co->capture != C_KEEP || mt->file_only))
            pdn_move_format(b, c->l, &m.move,
                            c->co->capture == C_FULL ? PDN_MOVE_FULL
                                                     : PDN_MOVE_SHORT,
                            txt, sizeof txt);
        if (pdn_movetext_parse(txt, strlen(txt), &mt2) == 0 &&
            map_move(c, &mt2, &mt2) == 0)
            pdn_movetext_format(&mt2, txt, sizeof txt);
        if (c->js) {
            if (k++ != 0)
                tbuf_addc(c->js, ',');
            json_node(c, n, txt, ok ? &m.move : NULL, ply);
        } else if (strcmp(txt, pdn_node_text(n)) != 0 &&
                   pdn_node_set_text(n, txt) != 0) {
            c->to->fatal = 1;
        }
        if (c->js && pdn_node_variation_count(n))
            tbuf_adds(c->js, ",\"variations\":[");
        for (i = 0; i < pdn_node_variation_count(n); i++) {
            pdn_board *vb = b ? pdn_board_new(gt, NULL) : NULL;

            if (vb)
                pdn_board_copy(vb, b);
            if (c->js && i)
                tbuf_addc(c->js, ',');
            line(c, vb, pdn_node_variation_at(n, i), ply);
            pdn_board_free(vb);
        }
        if (c->js)
            tbuf_adds(c->js, pdn_node_variation_count(n) ? "]}" : "}");
        if (ok)
            pdn_board_apply(b, &m.move);
    }
    if (c->js)
        tbuf_addc(c->js, ']');
}

static void
json_node(conv *c, const pdn_node *n, const char *text, const pdn_move *m,
          unsigned long ply)
{
    const pdn_movetext *mt = pdn_node_move(n);
    unsigned char co[PDN_PATH_MAX];
    tbuf *b = c->js;
    size_t i;

    tbuf_printf(b, "{\"ply\":%lu,\"move\":", ply);
    tbuf_json(b, text);
    if (m != NULL) {
        tbuf_adds(b, ",\"from\":");
        json_square(c, b, m->path[0]);
        tbuf_adds(b, ",\"to\":");
        json_square(c, b, m->path[m->n - 1]);
        tbuf_adds(b, ",\"path\":");
        json_squares(c, b, m->path, m->n);
        tbuf_adds(b, ",\"captures\":");
        json_squares(c, b, m->captured, m->ncaptured);
    } else if (mt && !mt->file_only &&
               pdn_movetext_coords(&c->src, mt, co, NULL) == 0) {
        tbuf_adds(b, ",\"path\":");
        json_squares(c, b, co, mt->n);
    }
    if (pdn_node_strength(n)) {
        tbuf_adds(b, ",\"strength\":");
        tbuf_json(b, pdn_node_strength(n));
    }
    for (i = 0; i < pdn_node_nag_count(n); i++)
        tbuf_printf(b, "%s%d", i ? "," : ",\"nags\":[", pdn_node_nag_at(n, i));
    if (i)
        tbuf_addc(b, ']');
    if (pdn_node_setup(n)) {
        tbuf_adds(b, ",\"setup\":");
        tbuf_json(b, pdn_node_setup(n));
    }
    json_comments(b, "before", n, PDN_BEFORE);
    json_comments(b, "comments", n, PDN_AFTER);
}

/* Rewrites the squares of a FEN tag into the output notation. */
static void
map_fen(conv *c)
{
    const char *v = pdn_game_tag(c->g, "FEN");
    char buf[PDN_FEN_MAX * 5];
    pdn_fen f;
    size_t i;
    int co;

    if (v == NULL || pdn_fen_parse(v, &f, NULL) < 0)
        return;
    for (i = 0; i < f.count; i++) {
        co = f.piece[i].algebraic ? f.piece[i].sq
                                  : pdn_square_to_coord(&c->src,
                                                        f.piece[i].sq);
        if (co < 0 || !pdn_coord_playable(&c->dst, co))
            return;
        f.piece[i].algebraic = c->dst.notation != 'N';
        f.piece[i].sq = (unsigned char)(f.piece[i].algebraic
                                            ? co
                                            : pdn_coord_to_square(&c->dst,
                                                                  co));
    }
    pdn_fen_format(&f, buf, sizeof buf);
    if (strcmp(buf, v) != 0 && pdn_game_set_tag(c->g, "FEN", buf) != 0)
        c->to->fatal = 1;
}

static void
json_game(conv *c)
{
    tbuf *b = c->js;
    size_t i, n = pdn_game_tag_count(c->g);

    tbuf_printf(b, "{\"game\":%lu,\"tags\":[", pdn_game_number(c->g));
    for (i = 0; i < n; i++) {
        tbuf_adds(b, i ? ",[" : "[");
        tbuf_json(b, pdn_game_tag_name_at(c->g, i));
        tbuf_addc(b, ',');
        tbuf_json(b, pdn_game_tag_value_at(c->g, i));
        tbuf_addc(b, ']');
    }
    tbuf_adds(b, "],\"moves\":");
}

static void
convert_game(const tool_opts *o, const char *file, pdn_game *g,
             const pdn_error *rerr, tool_out *to)
{
    const conv_opts *co = o->ud;
    conv c = {o, co, file, g, to, {0}, {0}, NULL, NULL};
    pdn_board *b = NULL;
    pdn_error err;
    char gts[64];
    char *text;
    size_t i, len;

    if (g == NULL)
        return;
    if (rerr->code != PDN_OK) {
        /* Keep a game the reader could not read fully as it was. */
        if (!co->json) {
            const char *raw = pdn_game_raw(g, &len);
            tbuf_add(&to->out, raw ? raw : "", raw ? len : 0);
        }
        return;
    }
    if (tool_gametype(o, file, g, &c.src, to) != 0)
        return;
    c.dst = c.src;
    if (co->notation == 'A')
        c.dst.notation = 'A';
    else if (co->notation == 'N' || co->corner >= 0)
        c.dst.notation = 'N';
    if (c.dst.notation == 'N' && co->corner >= 0)
        c.dst.corner = co->corner;
    if (c.dst.notation != c.src.notation || c.dst.corner != c.src.corner) {
        pdn_gametype_format(&c.dst, gts, sizeof gts);
        if (pdn_game_set_tag(g, "GameType", gts) != 0)
            to->fatal = 1;
        map_fen(&c);
    }
    if (co->json) {
        c.js = &to->out;
        json_game(&c);
    }
    if (co->json || co->capture != C_KEEP) {
        b = tool_board(o, file, g, &c.src, to);
        if ((c.l = pdn_movelist_new()) == NULL)
            to->fatal = 1;
    }
    if (co->json || co->capture != C_KEEP || c.dst.notation != c.src.notation ||
        c.dst.corner != c.src.corner)
        line(&c, c.l ? b : NULL, pdn_game_first(g), 1);
    pdn_movelist_free(c.l);
    pdn_board_free(b);
    if (co->json) {
        for (i = 0; i < pdn_game_comment_count(g); i++) {
            tbuf_adds(&to->out, i ? "," : ",\"comments\":[");
            tbuf_json(&to->out, pdn_game_comment_at(g, i));
        }
        if (i)
            tbuf_addc(&to->out, ']');
        tbuf_adds(&to->out, ",\"result\":");
        if (pdn_game_result(g))
            tbuf_json(&to->out, pdn_game_result(g));
        else
            tbuf_adds(&to->out, "null");
        tbuf_adds(&to->out, "}\n");
        return;
    }
    pdn_error_clear(&err);
    text = pdn_game_to_string(g, co->flags, &len, &err);
    if (text == NULL) {
        tool_diag_err(o, to, file, &err, NULL);
        to->fatal = 1;
        return;
    }
    /* The writer's string becomes the output buffer: no second copy. */
    if (to->out.len == 0) {
        free(to->out.data);
        to->out.data = text;
        to->out.len = len;
        to->out.cap = len + 1;
    } else {
        tbuf_add(&to->out, text, len);
        free(text);
    }
}

int
main(int argc, char **argv)
{
    static const char *const nots[] = {"num", "alg", NULL};
    static const char *const caps[] = {"keep", "short", "full", NULL};
    static const char *const styles[] = {"pdn3", "compat", NULL};
    static const char *const fmts[] = {"pdn", "json", NULL};
    conv_opts co = {0, -1, C_KEEP, PDN_WRITE_PDN3, 0};
    tool_opts o;
    int c, v, st = tool_std_options(argc, argv, usage);

    if (st >= 0)
        return st;
    tool_opts_init(&o);
    o.game = convert_game;
    o.ud = &co;
    while ((c = getopt(argc, argv, ":m:N:c:s:g:f:o:qWj:hV")) != -1) {
        if (c == 'h' || c == 'V') {
            if (c == 'h')
                usage(stdout);
            else
                tool_version();
            return tool_finish(&o, TOOL_OK);
        }
        v = 0;
        if (c == 'm' && (v = tool_format_option(optarg, nots)) >= 0)
            co.notation = v == 0 ? 'N' : 'A';
        else if (c == 'c' && (v = tool_format_option(optarg, caps)) >= 0)
            co.capture = v;
        else if (c == 's' && (v = tool_format_option(optarg, styles)) >= 0)
            co.flags = v == 0 ? PDN_WRITE_PDN3 : PDN_WRITE_COMPAT;
        else if (c == 'f' && (v = tool_format_option(optarg, fmts)) >= 0)
            co.json = v;
        else if (c == 'N') {
            if ((optarg[0] != 'N' && optarg[0] != 'n') ||
                optarg[1] < '0' || optarg[1] > '3' || optarg[2] != '\0')
                return tool_usage_error("invalid numbering '%s' (N0 to N3)",
                                        optarg);
            co.corner = optarg[1] - '0';
        } else if (strchr("mcsf", c) == NULL &&
                   (st = tool_common_option(&o, c, optarg)) <= 0)
            return st < 0 ? TOOL_TROUBLE : tool_getopt_error(c, optopt);
        if (v < 0)
            return TOOL_TROUBLE;
    }
    return tool_run(&o, argc - optind, argv + optind);
}
