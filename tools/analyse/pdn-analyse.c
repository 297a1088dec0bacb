/* SPDX-License-Identifier: MIT */
/* pdn-analyse: annotates games with an engine (Hub protocol). Every
 * position of a game's main line is searched; each move gets its
 * evaluation as a [%eval ...] comment (White's view, in men), a NAG by
 * what it lost against the engine's best move (?! $6, ? $2, ?? $4 past
 * thresholds the user sets), and where it lost, the engine's best line
 * as a variation. The annotations are inserted into each game's raw text:
 * every byte of the input stays as it was. -j N runs N engines. */
#include <config.h>
#include "common.h"
#include "engcmd.h"
#include "handover.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-analyse";

typedef struct tool_self {
    engcmd eng;
    pdn_engine_limits lim;
    double thr[3];      /* inaccuracy, mistake, blunder (men) */
    int lines;          /* best lines as variations */
    int report;         /* 0 text, 1 json, 2 none */
    int report_stdout;  /* -o given: the report goes to stdout */
    handover hand;      /* each game's report, until its turn */
} an_opts;

enum { OPT_ENGINE = TOOL_LONG_OWN, OPT_ENGINE_DIR, OPT_PROTOCOL, OPT_DEPTH,
       OPT_NODES, OPT_MOVE_TIME, OPT_TIMEOUT, OPT_INACCURACY, OPT_MISTAKE,
       OPT_BLUNDER, OPT_NO_LINES, OPT_PARAM, OPT_REPORT };

static const tool_option analyse_options[] = {
    {"engine", OPT_ENGINE, "CMD", "the engine's command line (split into words\n"
                                  "as the shell would, run without a shell)"},
    {"engine-dir", OPT_ENGINE_DIR, "DIR", "the engine's working directory"},
    {"protocol", OPT_PROTOCOL, "PROTO", "hub (the default and only one)"},
    {"param", OPT_PARAM, "NAME=VALUE", "an engine parameter (set-param; again\n"
                                       "for more)"},
    {"depth", OPT_DEPTH, "N", "search depth per position (default 6 when\n"
                              "no --nodes or --move-time)"},
    {"nodes", OPT_NODES, "N", "nodes per position"},
    {"move-time", OPT_MOVE_TIME, "SECS", "seconds per position"},
    {"timeout", OPT_TIMEOUT, "SECS", "seconds to wait for a move before the\n"
                                     "engine is taken as hung (default 60)"},
    {"inaccuracy", OPT_INACCURACY, "MEN", "loss that marks a move ?! (0.3)"},
    {"mistake", OPT_MISTAKE, "MEN", "loss that marks a move ? (0.7)"},
    {"blunder", OPT_BLUNDER, "MEN", "loss that marks a move ?? (1.5)"},
    {"no-lines", OPT_NO_LINES, NULL, "no best line as a variation"},
    {"report", OPT_REPORT, "FORMAT", "the per-game summary: text (default),\n"
                                     "json or none; on stderr, on the\n"
                                     "standard output with -o"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline analyse_cmdline = {
    "--engine CMD [OPTION]... [FILE]...",
    "Annotate games with an engine's evaluations, marks and best lines.\n",
    analyse_options, "gGAEoqWj" TOOL_OPT_SCALE,
    "problems found in the input or with the engine (the games are still\n"
    "written)", NULL};

/* ---- the insertions ---- */

typedef struct ins {
    size_t at;     /* offset in the raw text */
    int order;     /* at one offset: lower first */
    char *text;
} ins;

typedef struct ins_list {
    ins *v;
    size_t n, cap;
    int nomem;
} ins_list;

static void
ins_add(ins_list *l, size_t at, int order, const char *text)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        ins *nv = realloc(l->v, cap * sizeof *nv);

        if (nv == NULL) {
            l->nomem = 1;
            return;
        }
        l->v = nv;
        l->cap = cap;
    }
    l->v[l->n].at = at;
    l->v[l->n].order = order;
    if ((l->v[l->n].text = strdup(text)) == NULL) {
        l->nomem = 1;
        return;
    }
    l->n++;
}

static int
ins_cmp(const void *a, const void *b)
{
    const ins *x = a, *y = b;

    if (x->at != y->at)
        return x->at < y->at ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

static int
is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The end of the move token at i: its strength mark included. */
static size_t
token_end(const char *raw, size_t len, size_t i)
{
    while (i < len && !is_space(raw[i]) && strchr("{}()[];$%", raw[i]) == NULL)
        i++;
    return i;
}

/* After the comments and NAGs that follow a move (from i, the end of its
 * token): where its variation goes. */
static size_t
trailer_end(const char *raw, size_t len, size_t i)
{
    size_t end = i, j = i;

    for (;;) {
        while (j < len && is_space(raw[j]))
            j++;
        if (j < len && raw[j] == '{') {
            const char *q = memchr(raw + j, '}', len - j);

            if (q == NULL)
                return end;
            j = end = (size_t)(q - raw) + 1;
        } else if (j < len && raw[j] == '$') {
            j++;
            while (j < len && raw[j] >= '0' && raw[j] <= '9')
                j++;
            end = j;
        } else if (j < len && raw[j] == ';') {
            const char *q = memchr(raw + j, '\n', len - j);

            if (q == NULL)
                return end;
            j = end = (size_t)(q - raw) + 1;
        } else
            return end;
    }
}

/* ---- one game ---- */

typedef struct an_game {
    unsigned long moves[2];    /* moves analysed, White and Black */
    double loss[2];            /* their total loss */
    unsigned long marks[2][3]; /* ?!, ?, ?? */
    int stopped;               /* the analysis ended early */
} an_game;

static void
eval_text(char *buf, size_t size, double white)
{
    if (white > 999)
        white = 999;
    if (white < -999)
        white = -999;
    snprintf(buf, size, "{[%%eval %.2f]}", fabs(white) < 0.005 ? 0.0 : white);
}

/* The engine's line from b as PDN moves, numbered from ply (0-based,
 * counted from a start numbered first_no with first_second set when the
 * second mover moved first), and its eval, into buf. */
static void
line_text(tbuf *out, const pdn_board *b0, const pdn_engine_result *r,
          unsigned long no, int second, double white)
{
    pdn_board *b = pdn_board_clone(b0, NULL);
    pdn_movelist *l = pdn_movelist_new();
    char mv[PDN_PATH_MAX * 5], ev[64];
    size_t i;

    tbuf_adds(out, " (");
    for (i = 0; b != NULL && l != NULL && i < r->npv; i++) {
        if (pdn_board_moves(b, l, NULL) != 0)
            break;
        if (i == 0 || !second) {
            char num[32];

            snprintf(num, sizeof num, "%s%lu%s ", i ? " " : "", no,
                     second ? "..." : ".");
            tbuf_adds(out, num);
        } else
            tbuf_adds(out, " ");
        pdn_move_format(b, l, &r->pv[i], 0, mv, sizeof mv);
        tbuf_adds(out, mv);
        pdn_board_apply(b, &r->pv[i]);
        if (second)
            no++;
        second = !second;
    }
    eval_text(ev, sizeof ev, white);
    tbuf_adds(out, " ");
    tbuf_adds(out, ev);
    tbuf_adds(out, ")");
    pdn_board_free(b);
    pdn_movelist_free(l);
}

static void
report(const tool_opts *o, const char *file, const pdn_game *g,
       const an_game *a, tool_out *to)
{
    an_opts *ao = o->self;
    tbuf rb = {NULL, 0, 0}, *b = &rb;
    const char *w = pdn_game_tag(g, "White"), *k = pdn_game_tag(g, "Black");
    unsigned long n = a->moves[0] + a->moves[1];
    double avg[2];
    int s;

    for (s = 0; s < 2; s++)
        avg[s] = a->moves[s] ? a->loss[s] / (double)a->moves[s] : 0;
    (void)to;
    if (ao->report == 2)
        return;
    if (ao->report == 1) {
        char num[256];

        tool_json_head(b, "analysis", file, pdn_game_number(g));
        tbuf_adds(b, ",\"white\":");
        tbuf_json(b, w ? w : "");
        tbuf_adds(b, ",\"black\":");
        tbuf_json(b, k ? k : "");
        snprintf(num, sizeof num,
                 ",\"moves\":%lu,\"complete\":%s,\"average_loss\":{"
                 "\"white\":%.3f,\"black\":%.3f},\"marks\":{"
                 "\"white\":{\"inaccuracy\":%lu,\"mistake\":%lu,"
                 "\"blunder\":%lu},", n, a->stopped ? "false" : "true",
                 avg[0], avg[1], a->marks[0][0], a->marks[0][1],
                 a->marks[0][2]);
        tbuf_adds(b, num);
        snprintf(num, sizeof num,
                 "\"black\":{\"inaccuracy\":%lu,\"mistake\":%lu,"
                 "\"blunder\":%lu}}}\n", a->marks[1][0], a->marks[1][1],
                 a->marks[1][2]);
        tbuf_adds(b, num);
        handover_put(&ao->hand, g, rb.data);
        return;
    }
    {
        char line[1024];

        snprintf(line, sizeof line,
                 "%s: game %lu: %.100s - %.100s: %lu moves%s; White: "
                 "average loss %.2f, ?! %lu, ? %lu, ?? %lu; Black: average "
                 "loss %.2f, ?! %lu, ? %lu, ?? %lu\n",
                 file, pdn_game_number(g), w ? w : "?", k ? k : "?", n,
                 a->stopped ? " (analysis stopped early)" : "", avg[0],
                 a->marks[0][0], a->marks[0][1], a->marks[0][2], avg[1],
                 a->marks[1][0], a->marks[1][1], a->marks[1][2]);
        tbuf_adds(b, line);
    }
    handover_put(&ao->hand, g, rb.data);
}

/* In input order: the game's report, to stdout when the games go to a
 * file (-o), else to stderr. */
static int
analyse_emit(const tool_opts *o, const char *file, const pdn_game *g,
             int status)
{
    (void)file;
    an_opts *ao = o->self;
    char *r = g ? handover_take(&ao->hand, g) : NULL;

    (void)status;
    if (r != NULL) {
        fputs(r, ao->report_stdout ? stdout : stderr);
        free(r);
    }
    return 0;
}

/* The raw text with the insertions into to->out. */
static void
put_raw(tool_out *to, const char *raw, size_t len, ins_list *il)
{
    size_t pos = 0, i;

    qsort(il->v, il->n, sizeof *il->v, ins_cmp);
    for (i = 0; i < il->n; i++) {
        tbuf_add(&to->out, raw + pos, il->v[i].at - pos);
        tbuf_adds(&to->out, il->v[i].text);
        pos = il->v[i].at;
    }
    tbuf_add(&to->out, raw + pos, len - pos);
}

static void
ins_free(ins_list *il)
{
    size_t i;

    for (i = 0; i < il->n; i++)
        free(il->v[i].text);
    free(il->v);
}

#define MAXPLY 4096

static void
analyse_game(const tool_opts *o, const char *file, pdn_game *g,
             const pdn_error *rerr, tool_out *to)
{
    an_opts *ao = o->self;
    size_t len = 0, rawoff = 0, span = 0;
    const char *raw = g ? pdn_game_raw(g, &len) : NULL;
    pdn_gametype gt;
    pdn_board *b = NULL;
    pdn_movelist *scratch = NULL;
    pdn_engine *e = NULL;
    pdn_error err;
    ins_list il = {NULL, 0, 0, 0};
    an_game a;
    const pdn_node *n = NULL, **nodes = NULL;
    pdn_engine_result *res = NULL;
    char *has = NULL;
    unsigned long first_no = 1;
    int first_second = 0;
    size_t nply = 0, i;

    memset(&a, 0, sizeof a);
    if (g == NULL)
        return;
    pdn_game_raw_span(g, &rawoff, &span);
    if (rerr->code != PDN_OK || span > len ||
        tool_gametype(o, file, g, &gt, to) != 0)
        goto copy;
    b = tool_board(o, file, g, &gt, to);
    if (b == NULL)
        goto copy;
    nodes = calloc(MAXPLY, sizeof *nodes);
    res = calloc(MAXPLY + 1, sizeof *res);
    has = calloc(MAXPLY + 1, 1);
    scratch = pdn_movelist_new();
    if (nodes == NULL || res == NULL || has == NULL || scratch == NULL) {
        to->fatal = 1;
        goto copy;
    }
    e = engcmd_get(&ao->eng, &gt, &err);
    if (e == NULL) {
        err.pos = pdn_game_pos(g);
        err.game = pdn_game_number(g);
        tool_diag_err(o, to, file, &err, NULL);
        goto copy;
    }
    {
        const pdn_node *f = pdn_game_first(g);

        if (f != NULL && pdn_node_number(f) > 0) {
            first_no = pdn_node_number(f);
            first_second = pdn_node_number_ellipsis(f);
        } else
            first_second = pdn_board_turn(b) != pdn_board_gametype(b)->start;
    }
    if (pdn_engine_new_game(e, &err) != 0)
        goto engine_failed;
    /* every position of the main line: search, then play the move */
    for (n = pdn_game_first(g);; n = pdn_node_next(n)) {
        pdn_status st;
        pdn_match m;

        if (pdn_board_status(b, &st, NULL) != 0)
            break;
        if (!st.over) {
            if (pdn_engine_search(e, b, &ao->lim, &res[nply], &err) != 0) {
                if (err.code == PDN_EVARIANT)
                    break;
                goto engine_failed;
            }
            has[nply] = 1;
        } else {
            /* the side to move has lost (won, giving away), or a draw */
            res[nply].has_score = 1;
            res[nply].score = st.outcome == PDN_OUTCOME_DRAW ? 0
                              : (st.outcome == PDN_OUTCOME_FIRST) ==
                                        (pdn_board_turn(b) == gt.start)
                                  ? 100
                                  : -100;
        }
        if (n == NULL || nply >= MAXPLY || st.over)
            break;
        if (pdn_node_setup(n) != NULL || pdn_node_move(n) == NULL ||
            pdn_board_push_play(b, pdn_node_move(n), &m, scratch, NULL) !=
                PDN_MATCH_LEGAL) {
            a.stopped = 1;
            tool_diag(o, to, file, NULL, pdn_game_number(g),
                      PDN_SEV_WARNING, PDN_EILLEGAL, NULL,
                      "analysis stops at ply %zu (%s): a move that cannot "
                      "be played", nply + 1,
                      pdn_node_text(n) ? pdn_node_text(n) : "?");
            break;
        }
        nodes[nply++] = n;
    }
    if (n != NULL && nply >= MAXPLY)
        a.stopped = 1;
    /* the annotations, move by move: ply i leads from position i to i+1 */
    {
        pdn_board *t = pdn_board_clone(b, NULL);
        pdn_movelist *l = pdn_movelist_new();

        if (t == NULL || l == NULL) {
            pdn_board_free(t);
            pdn_movelist_free(l);
            to->fatal = 1;
            goto copy;
        }
        while (pdn_board_pop(t, NULL) == 0)
            ;
        for (i = 0; i < nply; i++) {
            const pdn_node *nd = nodes[i];
            const pdn_move *played = pdn_board_stack_at(b, i);
            pdn_pos p = pdn_node_pos(nd);
            int side = pdn_board_turn(t) == 'W' ? 0 : 1, mark = -1;
            double s0 = res[i].score, s1 = res[i + 1].score, loss = 0;
            size_t at, tend;
            char buf[128], ev[64];

            if (played == NULL || !res[i + 1].has_score ||
                p.offset < rawoff || (at = p.offset - rawoff) >= len ||
                strchr("{}()[];$%\" \t\r\n", raw[at]) != NULL) {
                if (played != NULL)
                    pdn_board_apply(t, played);
                continue;
            }
            tend = token_end(raw, len, at);
            if (has[i] && res[i].has_score) {
                const pdn_move *best = &res[i].move;
                int same = best->n == played->n &&
                           best->ncaptured == played->ncaptured &&
                           memcmp(best->path, played->path, best->n) == 0;

                loss = same ? 0 : s0 + s1;
                if (loss < 0)
                    loss = 0;
                a.moves[side]++;
                a.loss[side] += loss;
                mark = loss >= ao->thr[2] ? 2 : loss >= ao->thr[1] ? 1
                       : loss >= ao->thr[0] ? 0 : -1;
                if (mark >= 0)
                    a.marks[side][mark]++;
            }
            eval_text(ev, sizeof ev,
                      pdn_board_turn(t) == 'W' ? -s1 : s1);
            snprintf(buf, sizeof buf, "%s %s",
                     mark < 0 || pdn_node_nag_count(nd) > 0 ||
                             pdn_node_strength(nd) != NULL
                         ? ""
                         : mark == 2 ? " $4" : mark == 1 ? " $2" : " $6",
                     ev);
            ins_add(&il, tend, 0, buf);
            if (ao->lines && mark >= 0 && res[i].npv > 0) {
                unsigned long pl = (unsigned long)i + (first_second ? 1 : 0);
                tbuf v = {NULL, 0, 0};

                line_text(&v, t, &res[i], first_no + pl / 2, (int)(pl % 2),
                          side == 0 ? s0 : -s0);
                if (v.data != NULL)
                    ins_add(&il, trailer_end(raw, len, tend), 1, v.data);
                tbuf_free(&v);
            }
            pdn_board_apply(t, played);
        }
        pdn_board_free(t);
        pdn_movelist_free(l);
        if (il.nomem)
            to->fatal = 1;
    }
    goto done;
engine_failed:
    err.pos = n != NULL ? pdn_node_pos(n) : pdn_game_pos(g);
    err.game = pdn_game_number(g);
    tool_diag_err(o, to, file, &err, NULL);
    a.stopped = 1;
copy:
    /* the game as it was */
    ins_free(&il);
    il.v = NULL;
    il.n = 0;
done:
    if (raw != NULL)
        put_raw(to, raw, len, &il);
    if (b != NULL && has != NULL)
        report(o, file, g, &a, to);
    if (e != NULL)
        engcmd_put(&ao->eng, e, &gt);
    ins_free(&il);
    pdn_board_free(b);
    pdn_movelist_free(scratch);
    free(nodes);
    free(res);
    free(has);
}

static int
analyse_end(const tool_opts *o)
{
    an_opts *ao = o->self;

    engcmd_end(&ao->eng);
    return 0;
}

int
main(int argc, char **argv)
{
    static const char *const protos[] = {"hub", "dxp", NULL};
    static const char *const reports[] = {"text", "json", "none", NULL};
    an_opts ao;
    const char *cmd = NULL, *why;
    const char **params = NULL;
    size_t np = 0;
    tool_opts o;
    long v;
    int c, st, rc, depth_set = 0;

    memset(&ao, 0, sizeof ao);
    ao.thr[0] = 0.3;
    ao.thr[1] = 0.7;
    ao.thr[2] = 1.5;
    ao.lines = 1;
    ao.eng.timeout = 60;
    ao.lim.analyze = 1;
    tool_opts_init(&o);
    o.game = analyse_game;
    o.self = &ao;
    o.run_end = analyse_end;
    o.emit = analyse_emit;
    handover_init(&ao.hand);
    params = calloc((size_t)argc + 1, sizeof *params);
    if (params == NULL)
        return TOOL_TROUBLE;
    while ((c = tool_getopt(&analyse_cmdline, &o, argc, argv, &st)) != -1) {
        int bad = 0;

        switch (c) {
        case OPT_ENGINE:
            if (cmd != NULL)
                return tool_usage_error("--engine: given twice");
            cmd = optarg;
            break;
        case OPT_ENGINE_DIR:
            ao.eng.dir = optarg;
            break;
        case OPT_PROTOCOL:
            if ((rc = tool_choice(c, optarg, protos)) < 0)
                return TOOL_TROUBLE;
            if (rc == 1)
                return tool_usage_error("--protocol dxp: pdn-analyse speaks "
                                        "hub only");
            break;
        case OPT_PARAM:
            if (strchr(optarg, '=') == NULL)
                return tool_usage_error("--param: expected NAME=VALUE, not "
                                        "'%s'", optarg);
            params[np++] = optarg;
            break;
        case OPT_DEPTH:
            bad = tool_number_option(c, optarg, 1, 99, NULL, &v);
            ao.lim.depth = (int)v;
            depth_set = 1;
            break;
        case OPT_NODES:
            bad = tool_number_option(c, optarg, 1, 2000000000L, NULL, &v);
            ao.lim.nodes = (unsigned long long)v;
            break;
        case OPT_MOVE_TIME:
            bad = tool_real_option("move-time", optarg, 0.001, 1e9,
                                   &ao.lim.move_time);
            break;
        case OPT_TIMEOUT:
            bad = tool_real_option("timeout", optarg, 0.01, 1e9,
                                   &ao.lim.timeout);
            break;
        case OPT_INACCURACY:
            bad = tool_real_option("inaccuracy", optarg, 0, 1e9, &ao.thr[0]);
            break;
        case OPT_MISTAKE:
            bad = tool_real_option("mistake", optarg, 0, 1e9, &ao.thr[1]);
            break;
        case OPT_BLUNDER:
            bad = tool_real_option("blunder", optarg, 0, 1e9, &ao.thr[2]);
            break;
        case OPT_NO_LINES:
            ao.lines = 0;
            break;
        case OPT_REPORT:
            if ((rc = tool_choice(c, optarg, reports)) < 0)
                return TOOL_TROUBLE;
            ao.report = rc;
            break;
        }
        if (bad)
            return TOOL_TROUBLE;
    }
    if (st >= 0)
        return st;
    if (cmd == NULL)
        return tool_usage_error("--engine CMD is required");
    if (!(ao.thr[0] <= ao.thr[1] && ao.thr[1] <= ao.thr[2]))
        return tool_usage_error("--inaccuracy, --mistake and --blunder: each "
                                "at most the next");
    if (engcmd_split(cmd, &ao.eng.argv, &why) != 0)
        return tool_usage_error("--engine: %s in '%s'", why, cmd);
    if (!depth_set && ao.lim.nodes == 0 && ao.lim.move_time <= 0)
        ao.lim.depth = 6;
    ao.eng.params = params;
    ao.eng.nparams = np;
    ao.report_stdout = o.out != tool_output_std();
    if (engcmd_init(&ao.eng) != 0)
        return TOOL_TROUBLE;
    rc = tool_run(&o, argc - optind, argv + optind);
    engcmd_end(&ao.eng);
    engcmd_free(ao.eng.argv);
    handover_free(&ao.hand);
    free(params);
    return rc;
}
