/* SPDX-License-Identifier: MIT */
/* pdn-db explore: one node of the explorer as text or JSON records, the
 * explorer's index brought up to date (--index), or the tree to a depth
 * written as static pages (--html). */
#include <config.h>
#include "db.h"
#include "explore.h"
#include "common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define EX_OPT_MOVES 0xb0 /* TOOL_LONG_OWN + 16 */
#define EX_OPT_FEN 0xb1
#define EX_OPT_TOP 0xb2
#define EX_OPT_INDEX 0xb3
#define EX_OPT_HTML 0xb4
#define EX_OPT_DEPTH 0xb5

static const tool_option explore_options[] = {
    {"moves", EX_OPT_MOVES, "MOVES", "the position after MOVES (from the start,\n"
                                     "or from --fen); move numbers may be left in"},
    {"fen", EX_OPT_FEN, "FEN", "the position FEN"},
    {"tag", 'T', "PATTERN", "only games whose tag NAME matches ERE\n"
                            "(PATTERN is NAME=ERE; repeatable)"},
    {"player", 'P', "ERE", "only games whose White or Black matches ERE"},
    {"event", SELECT_OPT_EVENT, "ERE", "only games whose Event matches ERE"},
    {"result", 'Y', "RESULT", "only games of the result RESULT"},
    {"date", 'y', "RANGE", "only games dated in FROM..TO"},
    {"variant", 'K', "GAMETYPE", "the variant (default: the database's own,\n"
                                 "most games first)"},
    {"top", EX_OPT_TOP, "N", "the latest N games of each move (default 3)"},
    {"format", 'f', "FORMAT", "text (default) or json (records position, move)"},
    {"index", EX_OPT_INDEX, NULL, "bring the explorer's index up to date first\n"
                                  "(writes to DB)"},
    {"html", EX_OPT_HTML, "DIR", "write the explorer as static pages in DIR"},
    {"depth", EX_OPT_DEPTH, "N", "--html: the plies from the position (default 4)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline explore_cmdline = {
    "explore [OPTION]... DB",
    "The opening explorer: the games of the database DB that reach a\n"
    "position (the start by default), and every move played from it with\n"
    "its games and results.\n",
    explore_options, "", "no game reaches the position",
    "\nExit status:\n  0  done\n  1  no game reaches the position\n"
    "  2  usage error, a bad FEN or move, a database that cannot be read, "
    "its\n     explorer's index missing or stale (--index), system trouble\n"};

/* ---- text ---- */

static void
pct(tbuf *b, long part, long whole)
{
    if (whole > 0)
        tbuf_printf(b, "%5.1f", 100.0 * (double)part / (double)whole);
    else
        tbuf_adds(b, "    -");
}

static void
text_games(tbuf *b, const ex_game *g, size_t n, const char *indent,
           char start)
{
    size_t i;

    for (i = 0; i < n; i++) {
        tbuf_adds(b, indent);
        if (g[i].year != 0)
            tbuf_printf(b, "%d ", g[i].year);
        else
            tbuf_adds(b, "???? ");
        /* the first mover first, as the result is written (English:
         * Black), so that "1-0" reads as a win of the one named first */
        const char *w = g[i].white ? g[i].white : "?";
        const char *k = g[i].black ? g[i].black : "?";

        tbuf_printf(b, "%s - %s", start == 'B' ? k : w, start == 'B' ? w : k);
        if (g[i].event != NULL)
            tbuf_printf(b, ", %s", g[i].event);
        tbuf_printf(b, ", %s (game %lld)\n", g[i].result ? g[i].result : "*",
                    (long long)g[i].id);
    }
}

static void
wdl(tbuf *b, const char *who, long w, long d, long l)
{
    tbuf_printf(b, "%s +%ld =%ld -%ld", who, w, d, l);
}

static void
text_node(tbuf *b, const ex_node *n)
{
    const ex_count *c = &n->c;
    int first = n->turn == n->gt.start, w = n->gt.start == 'W';
    size_t i;

    tbuf_printf(b, "%s (%s, %s to move)\n", n->fen, pdn_gametype_name(&n->gt),
                n->turn == 'W' ? "White" : "Black");
    tbuf_printf(b, "%ld games: %ld go on, %ld end here; first mover %s: "
                   "%ld wins, %ld draws, %ld losses, %ld unknown\n",
                c->games, c->games - n->ended, n->ended,
                n->gt.start == 'W' ? "White" : "Black", c->wins, c->draws,
                c->losses, c->unknown);
    wdl(b, "  side to move:", first ? c->wins : c->losses, c->draws,
        first ? c->losses : c->wins);
    wdl(b, "; White:", w ? c->wins : c->losses, c->draws,
        w ? c->losses : c->wins);
    wdl(b, "; Black:", w ? c->losses : c->wins, c->draws,
        w ? c->wins : c->losses);
    tbuf_addc(b, '\n');
    if (n->nmoves == 0)
        return;
    tbuf_adds(b, "move          games     %   wins  draws losses  score  "
                 "avg year  last\n");
    for (i = 0; i < n->nmoves; i++) {
        const ex_move *m = &n->moves[i];
        long scored = m->c.wins + m->c.draws + m->c.losses;

        tbuf_printf(b, "%-12s %6ld ", m->move, m->c.games);
        pct(b, m->c.games, c->games - n->ended);
        tbuf_printf(b, " %6ld %6ld %6ld  ", m->c.wins, m->c.draws,
                    m->c.losses);
        if (scored > 0)
            tbuf_printf(b, "%5.1f", 100.0 * ((double)m->c.wins +
                                             (double)m->c.draws / 2) /
                                        (double)scored);
        else
            tbuf_adds(b, "    -");
        if (m->c.dated > 0)
            tbuf_printf(b, "  %8.1f  %4d", m->c.year_sum / (double)m->c.dated,
                        m->c.year_last);
        tbuf_addc(b, '\n');
        if (m->reached > m->via)
            tbuf_printf(b, "  transposition: %ld games reach the position, "
                           "%ld of them by this move from here\n",
                        m->reached, m->via);
        text_games(b, m->top, m->ntop, "    ", n->gt.start);
    }
}

/* ---- static pages ---- */

static int
write_file(const char *dir, const char *name, const char *data, size_t len)
{
    tbuf p = {NULL, 0, 0};
    FILE *fp;
    int rc = 0;

    tbuf_printf(&p, "%s/%s", dir, name);
    fp = fopen(p.data, "wb");
    if (fp == NULL || fwrite(data, 1, len, fp) != len) {
        tool_error("%s: %s", p.data, strerror(errno));
        rc = -1;
    }
    if (fp != NULL && fclose(fp) != 0 && rc == 0) {
        tool_error("%s: %s", p.data, strerror(errno));
        rc = -1;
    }
    tbuf_free(&p);
    return rc;
}

typedef struct html_state {
    ex_db *x;
    ex_query *q;
    const char *dir;
    int depth;
    long nodes, games;
    int64_t *seen;           /* keys written */
    size_t nseen, capseen;
    int64_t *ids;            /* games written */
    size_t nids, capids;
} html_state;

static int
seen_add(int64_t **v, size_t *n, size_t *cap, int64_t k)
{
    size_t i;

    for (i = 0; i < *n; i++)
        if ((*v)[i] == k)
            return 0;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        *v = realloc(*v, *cap * sizeof **v);
        if (*v == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    (*v)[(*n)++] = k;
    return 1;
}

static int
html_game(html_state *h, int64_t id)
{
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0};
    char name[64];
    int rc;

    if (!seen_add(&h->ids, &h->nids, &h->capids, id))
        return 0;
    tbuf_printf(&b, "exData(\"g%lld\",", (long long)id);
    rc = ex_game_json(h->x, id, &b, &err);
    tbuf_adds(&b, ");\n");
    snprintf(name, sizeof name, "data/g%lld.js", (long long)id);
    if (rc == 0)
        rc = write_file(h->dir, name, b.data, b.len);
    else
        tool_error("%s: game %lld: %s", h->x->path, (long long)id, err.data);
    h->games++;
    tbuf_free(&b);
    tbuf_free(&err);
    return rc;
}

static int
html_node(html_state *h, const char *fen, int depth)
{
    ex_node n;
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0};
    ex_query q = *h->q;
    char name[64];
    size_t i, k;
    int rc;

    q.fen = fen;
    q.moves = fen == h->q->fen ? h->q->moves : NULL;
    if ((rc = ex_node_get(h->x, &q, &n, &err)) != 0) {
        tool_error("%s: %s", h->x->path, err.data);
        tbuf_free(&err);
        return -1;
    }
    if (!seen_add(&h->seen, &h->nseen, &h->capseen, n.key)) {
        ex_node_free(&n);
        return 0;
    }
    if (depth == 0) {
        /* the root is also the page's first node */
        tbuf_adds(&b, "exRoot=\"");
        tbuf_printf(&b, "%016llx\";\n", (unsigned long long)n.key);
        rc = write_file(h->dir, "data/root.js", b.data, b.len);
        b.len = 0;
    }
    tbuf_printf(&b, "exData(\"%016llx\",", (unsigned long long)n.key);
    ex_node_json(&b, &n);
    tbuf_adds(&b, ");\n");
    snprintf(name, sizeof name, "data/%016llx.js", (unsigned long long)n.key);
    if (rc == 0)
        rc = write_file(h->dir, name, b.data, b.len);
    tbuf_free(&b);
    h->nodes++;
    for (i = 0; rc == 0 && i < n.ngames; i++)
        rc = html_game(h, n.games[i].id);
    for (i = 0; rc == 0 && i < n.nmoves; i++)
        for (k = 0; rc == 0 && k < n.moves[i].ntop; k++)
            rc = html_game(h, n.moves[i].top[k].id);
    for (i = 0; rc == 0 && depth < h->depth && i < n.nmoves; i++)
        rc = html_node(h, n.moves[i].fen, depth + 1);
    ex_node_free(&n);
    return rc;
}

static int
write_html(ex_db *x, ex_query *q, const char *dir, int depth)
{
    static const char *const assets[] = {"index.html", "explore.js",
                                         "explore.css", "pick.js", "pdn.js"};
    html_state h;
    tbuf p = {NULL, 0, 0};
    size_t i;
    int rc = 0;

    memset(&h, 0, sizeof h);
    h.x = x;
    h.q = q;
    h.dir = dir;
    h.depth = depth;
    tbuf_printf(&p, "%s/data", dir);
    if ((mkdir(dir, 0777) != 0 && errno != EEXIST) ||
        (mkdir(p.data, 0777) != 0 && errno != EEXIST)) {
        tool_error("%s: %s", p.data, strerror(errno));
        tbuf_free(&p);
        return TOOL_TROUBLE;
    }
    tbuf_free(&p);
    for (i = 0; rc == 0 && i < sizeof assets / sizeof assets[0]; i++) {
        size_t len;
        const char *type, *a = ex_asset(assets[i], &len, &type);

        if (a == NULL) /* pdn.js: built with --enable-wasm only */
            continue;
        if (i == 0) {
            /* the static page: its data from the scripts of data/, no server */
            const char *mark = strstr(a, "<!--static-->");
            tbuf b = {NULL, 0, 0};

            if (mark == NULL) {
                tool_error("index.html: no static mark");
                return TOOL_TROUBLE;
            }
            tbuf_add(&b, a, (size_t)(mark - a));
            tbuf_adds(&b, "<script>var exStatic = true;</script>\n"
                          "<script src=\"data/root.js\"></script>");
            tbuf_adds(&b, mark + strlen("<!--static-->"));
            rc = write_file(dir, assets[i], b.data, b.len);
            tbuf_free(&b);
        } else {
            rc = write_file(dir, assets[i], a, len);
        }
    }
    if (rc == 0)
        rc = html_node(&h, q->fen, 0);
    free(h.seen);
    free(h.ids);
    if (rc == 0)
        fprintf(stderr, "pdn-db: %s: %ld positions and %ld games written\n",
                dir, h.nodes, h.games);
    return rc == 0 ? TOOL_OK : TOOL_TROUBLE;
}

int
db_explore_main(int argc, char **argv)
{
    static ex_query q;
    tool_opts o;
    ex_db x;
    ex_node n;
    tbuf b = {NULL, 0, 0}, err = {NULL, 0, 0};
    int c, st, r, json = 0, index = 0, depth = 4;
    const char *html = NULL;
    long v;
    size_t i;

    tool_opts_init(&o);
    q.top = 3;
    while ((c = tool_getopt(&explore_cmdline, &o, argc, argv, &st)) != -1) {
        if ((r = selcrit_option(&q.crit, c, optarg)) != 0) {
            if (r < 0)
                return TOOL_TROUBLE;
        } else if (c == EX_OPT_MOVES) {
            q.moves = optarg;
        } else if (c == EX_OPT_FEN) {
            q.fen = optarg;
        } else if (c == EX_OPT_TOP || c == EX_OPT_DEPTH) {
            if (tool_number_option(c, optarg, 0,
                                   c == EX_OPT_TOP ? EX_TOP_MAX : 40, NULL,
                                   &v) < 0)
                return TOOL_TROUBLE;
            if (c == EX_OPT_TOP)
                q.top = (int)v;
            else
                depth = (int)v;
        } else if (c == EX_OPT_INDEX) {
            index = 1;
        } else if (c == EX_OPT_HTML) {
            html = optarg;
        } else if (c == 'f') {
            static const char *const fmts[] = {"text", "json", NULL};
            if ((json = tool_choice(c, optarg, fmts)) < 0)
                return TOOL_TROUBLE;
        }
    }
    if (st >= 0)
        return st;
    if (optind + 1 != argc)
        return tool_usage_error("explore: %s", optind >= argc
                                                   ? "no database named"
                                                   : "one database only");
    if (ex_open(&x, argv[optind], index) != 0)
        return TOOL_TROUBLE;
    if (html != NULL) {
        st = write_html(&x, &q, html, depth);
        ex_close(&x);
        selcrit_free(&q.crit);
        return st;
    }
    r = ex_node_get(&x, &q, &n, &err);
    if (r != 0) {
        tool_error("%s: %s", argv[optind], err.data);
        tbuf_free(&err);
        ex_close(&x);
        selcrit_free(&q.crit);
        return TOOL_TROUBLE;
    }
    if (json) {
        ex_json_position(&b, &n);
        tbuf_addc(&b, '\n');
        for (i = 0; i < n.nmoves; i++) {
            ex_json_move(&b, &n, &n.moves[i]);
            tbuf_addc(&b, '\n');
        }
    } else {
        text_node(&b, &n);
    }
    st = n.c.games == 0 ? TOOL_PROBLEMS : TOOL_OK;
    if (b.len > 0 && fwrite(b.data, 1, b.len, stdout) != b.len)
        st = TOOL_TROUBLE;
    if (fflush(stdout) != 0)
        st = TOOL_TROUBLE;
    tbuf_free(&b);
    ex_node_free(&n);
    ex_close(&x);
    selcrit_free(&q.crit);
    return st;
}

#ifndef HAVE_MHD
int
db_serve_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    tool_error("serve: this pdn-db was built without libmicrohttpd "
               "(apt-get install libmicrohttpd-dev, then configure again)");
    return TOOL_TROUBLE;
}
#endif
