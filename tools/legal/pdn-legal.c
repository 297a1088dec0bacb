/* SPDX-License-Identifier: MIT */
/* pdn-legal: replays every game (and with -v every variation) under its
 * variant's rules and reports illegal and ambiguous moves, moves after the
 * end, results the final position contradicts and invalid setups; -w/-x
 * split the input, byte for byte, into clean and broken games. */
#include <config.h>
#include "common.h"
#include "drawcheck.h"
#include "openrec.h"
#include "suggest.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-legal";

/* Options of this tool; the ok/bad files are written on the main thread
 * only (in emit order), never by workers. */
typedef struct tool_self {
    int variations;
    int no_draw;             /* -R */
    int openings;            /* --openings */
    tool_output *ok, *bad;
    tool_output *prev;       /* where the input's previous game went */
} legal_opts;

/* Adding an option: one line here, one branch in main. */
static const tool_option legal_options[] = {
    {"variations", 'v', NULL, "check every variation too"},
    {"no-draw-rules", 'R', NULL, "do not check the draw rules"},
    {"good", 'w', "FILE", "write the games without problems to FILE"},
    {"bad", 'x', "FILE", "write the games with problems to FILE"},
    {"format", 'f', "FORMAT", "text (default) or json (one object per line)"},
    TOOL_OPENINGS_OPTION,
    {NULL, 0, NULL, NULL}};

static const tool_cmdline legal_cmdline = {
    "[OPTION]... [FILE]...",
    "Replay PDN games under their variant's rules and report illegal "
    "moves.\n",
    legal_options, "gGAEoqWj" TOOL_OPT_SCALE,
    "problems found (illegal moves, bad setups, ...)", NULL};

/* What a line replay needs besides its board: where to report, and one
 * move list reused for every ply (no allocation per move). */
typedef struct line_ctx {
    const tool_opts *o;
    const char *file;
    const pdn_game *g;
    tool_out *to;
    pdn_movelist *l;
    drawcheck *dc;           /* the main line's draw rules, else NULL */
    pdn_outcome race;        /* a folk variant's own end, or UNKNOWN */
    const char *race_why;
    unsigned long race_ply;
} line_ctx;

/* Reports finding f of a move, in the one wording (pdn_finding_text). */
static void
report(line_ctx *c, pdn_finding *f)
{
    f->game = pdn_game_number(c->g);
    tool_report_finding(c->o, c->to, c->file, c->g, f, 1);
    pdn_finding_clear(f);
}

/* The finding of move n at ply that cannot be played at b (m: the match,
 * c->l: b's legal moves), a "did you mean" looked for. */
static void
unplayable(line_ctx *c, const pdn_node *n, unsigned long ply,
           const pdn_board *b, const pdn_match *m)
{
    pdn_finding f;

    pdn_finding_init(&f);
    if (pdn_check_move(b, c->l, m, n, ply, PDN_CHECK_SUGGEST, &f) < 0) {
        c->to->fatal = 1;
        return;
    }
    report(c, &f);
}

/* The main line of a folk variant after move n at ply: whether the game
 * is over by the variant's own end rule (pdn_board_folk_end: corners'
 * race, Stavropol); then a move after it is reported (1). */
static int
folk_ended(line_ctx *c, const pdn_board *b, const pdn_node *n,
           unsigned long ply)
{
    c->race = pdn_board_folk_end(b, ply, &c->race_why);
    c->race_ply = ply;
    if (c->race == PDN_OUTCOME_UNKNOWN || (n = pdn_node_next(n)) == NULL ||
        pdn_node_move(n) == NULL)
        return 0;
    {
        pdn_finding f;

        pdn_finding_init(&f);
        if (pdn_check_after_end(b, c->l, n, ply + 1, c->race_why, &f) < 0)
            c->to->fatal = 1;
        else
            report(c, &f);
    }
    return 1;
}

/* Replays the line starting at n from position b (which it changes).
 * Returns 0 when every move was legal, -1 otherwise. */
static int
play_line(line_ctx *c, pdn_board *b, const pdn_node *n, unsigned long ply)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    legal_opts *lo = c->o->self;
    unsigned long num = pdn_game_number(c->g);
    pdn_match m;
    size_t i;
    int folk = c->dc != NULL && gt->folk != PDN_FOLK_NONE;

    for (; n != NULL; n = pdn_node_next(n), ply++) {
        const pdn_movetext *mt = pdn_node_move(n);
        int set = tool_setup_at(c->o, c->file, n, num, b, c->to);

        if (set < 0)
            return -1;
        if (set > 0 && c->dc != NULL)
            drawcheck_setup(c->dc, b);
        /* Variations branch from the position before this move, so they
         * are played on a copy before the move is applied. Their depth is
         * bounded by the reader's limit (256). */
        for (i = 0; lo->variations && i < pdn_node_variation_count(n); i++) {
            pdn_board *vb = pdn_board_new(gt, NULL);
            drawcheck *dc = c->dc;

            if (vb == NULL) {
                c->to->fatal = 1;
                return -1;
            }
            pdn_board_copy(vb, b);
            c->dc = NULL;
            play_line(c, vb, pdn_node_variation_at(n, i), ply);
            c->dc = dc;
            pdn_board_free(vb);
        }
        if (mt == NULL) /* unreadable token: the reader reported it */
            return -1;
        /* Matched and played in one call; when the move is not played,
         * c->l holds every legal move of b, as the findings need. */
        switch (pdn_board_play(b, mt, &m, c->l, NULL)) {
        case PDN_MATCH_LEGAL:
            c->to->plies++;
            if (c->dc != NULL)
                drawcheck_move(c->dc, b, &m.move, n);
            if (folk && folk_ended(c, b, n, ply))
                return -1;
            break;
        case PDN_MATCH_AMBIGUOUS:
        case PDN_MATCH_ILLEGAL:
            /* ambiguous, illegal, or after the end of the game (no legal
             * move): the library's finding */
            unplayable(c, n, ply, b, &m);
            return -1;
        default:
            /* the generator failed (PDN_ELIMIT, PDN_ENOMEM): reported as
             * before */
            tool_moves(c->o, c->file, n, num, b, c->l, c->to);
            return -1;
        }
    }
    return 0;
}

/* 1 when the main line holds no move: an empty body, or placeholders such
 * as '-' only (problem collections: a setup and a result). */
static int
no_moves(const pdn_game *g)
{
    const pdn_node *n;

    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
        if (pdn_node_move(n) != NULL)
            return 0;
    return 1;
}

/* A game illegal under its GameType tag that another variant of its
 * board, or another numbering, fits throughout: the tag is likely wrong. */
static void
suggest(line_ctx *c, const pdn_gametype *gt)
{
    char was[96], fit[96];
    pdn_gametype alt;
    pdn_pos pos;

    if (c->o->have_force || c->o->adapt ||
        pdn_game_tag(c->g, "GameType") == NULL ||
        !infer_refit(c->g, gt, &alt, c->to))
        return;
    infer_describe(gt, was, sizeof was);
    infer_describe(&alt, fit, sizeof fit);
    pos = pdn_game_tag_pos(c->g, "GameType");
    tool_diag(c->o, c->to, c->file, &pos, pdn_game_number(c->g),
              PDN_SEV_WARNING, PDN_EVARIANT, NULL,
              "illegal as %s, but legal as %s: wrong GameType? (-A replays "
              "such games so, -G sets the variant)", was, fit);
}

/* Replays g under gt, reporting what it finds. Returns 0 when the main
 * line is legal throughout, -1 when it is not, -2 when g has no start
 * position under gt (reported). */
static int
legal_replay(const tool_opts *o, const char *file, pdn_game *g,
             const pdn_gametype *gt, tool_out *to)
{
    line_ctx c = {o, file, g, to, NULL, NULL, PDN_OUTCOME_UNKNOWN, NULL, 0};
    legal_opts *lo = o->self;
    drawcheck dc;
    pdn_board *b;
    int rc = -1;

    if ((b = tool_board_reuse(o, file, g, gt, to)) == NULL)
        return -2;
    if (no_moves(g)) {
        pdn_pos pos = pdn_game_pos(g);

        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_WARNING,
                  PDN_ENOMOVES, NULL, "game has no moves: nothing to replay");
    }
    drawcheck_begin(&dc, !lo->no_draw, o, to, file, g, b);
    c.dc = &dc;
    if ((c.l = tool_movelist(to)) != NULL &&
        (rc = play_line(&c, b, pdn_game_first(g), 1)) == 0) {
        tool_check_result(o, file, g, b, c.l, c.race, c.race_ply,
                          c.race_why, to);
    }
    drawcheck_end(&dc);
    if (rc != 0 && c.l != NULL && !to->fatal)
        suggest(&c, gt);
    tool_release(to, b, c.l);
    return rc;
}

static void
legal_game(const tool_opts *o, const char *file, pdn_game *g,
           const pdn_error *rerr, tool_out *to)
{
    legal_opts *lo = o->self;
    pdn_gametype gt;
    tool_mark mark;
    int cand, rc = 1;

    (void)rerr;
    if (g == NULL) {
        suggest_file_game(g, NULL, 0); /* not replayed: no file note */
        return;
    }
    /* A game without GameType is replayed as the file's variant first:
     * legal throughout, it is what inference would choose, and this one
     * replay serves both; else its reports are taken back, and inference
     * decides as usual. */
    if ((cand = tool_gametype_guess(o, file, g, &gt, to)) >= 0) {
        tool_out_mark(to, &mark);
        rc = legal_replay(o, file, g, &gt, to);
        /* legal, but its result wrong there: inference may see why (a
         * giveaway game's win) */
        if (rc == 0 && to->errors > mark.errors && !to->fatal)
            rc = 2;
        if (rc == 0)
            tool_gametype_took(g, cand, to);
        else if (!to->fatal)
            tool_out_undo(to, &mark), rc = 1;
    }
    if (rc == 1 && (tool_gametype(o, file, g, &gt, to) != 0 ||
                    (rc = legal_replay(o, file, g, &gt, to)) == -2)) {
        suggest_file_game(g, NULL, 0); /* not replayed: no file note */
        return;
    }
    if (!no_moves(g))
        suggest_file_game(g, &gt, rc == 0);
    if (lo->openings)
        tool_opening_record(to, file, g, &gt);
}

/* -w and -x: each game's bytes as read, to one file or the other
 * (tool_copy_head and tool_copy_body: the end of a game's last line goes
 * with that game). A newline is added only where an input does not end
 * with one (or two games share a line). */
static int
split(const tool_opts *o, const char *file, const pdn_game *g,
      int status)
{
    legal_opts *lo = o->self;
    tool_output *to = status == TOOL_OK ? lo->ok : lo->bad;
    tool_output *prev = lo->prev;
    long head;

    if (g == NULL)
        return 0;
    if (status < 0 && tool_game_oversize(g, NULL) &&
        !tool_input_rereadable()) /* left out: the game before keeps the
                                     blank lines after it */
        return tool_copy_gap(prev, g);
    if (status < 0) { /* outside --games' range: in neither file */
        lo->prev = NULL;
        return 0;
    }
    lo->prev = to;
    /* a new input: the last one may not have ended its line */
    if (pdn_game_number(g) == 1 &&
        (tool_end_line(lo->ok) < 0 || tool_end_line(lo->bad) < 0))
        return -1;
    /* prev NULL: that game's file was not asked for */
    head = tool_copy_head(prev, g);
    if (head < 0)
        return -1;
    if (to == NULL)
        return 0;
    if (to != prev && tool_end_line(to) < 0)
        return -1;
    return tool_copy_body(to, file, g, (size_t)head);
}

static int
games_on_stdout(const tool_output *t)
{
    return t != NULL && t->name != NULL && strcmp(t->name, "-") == 0;
}

int
main(int argc, char **argv)
{
    legal_opts lo = {0, 0, 0, NULL, NULL, NULL};
    tool_opts o;
    int c, st;

    tool_opts_init(&o);
    o.diag_stdout = 1;
    o.game = legal_game;
    o.emit = split;
    o.file_end = suggest_file_end;
    o.self = &lo;
    while ((c = tool_getopt(&legal_cmdline, &o, argc, argv, &st)) != -1) {
        if (c == 'v') {
            lo.variations = 1;
        } else if (c == 'R') {
            lo.no_draw = 1;
        } else if (c == TOOL_OPT_OPENINGS) {
            lo.openings = 1;
        } else if (c == 'w' || c == 'x') {
            /* recorded; opened by tool_run once all options are read */
            if (tool_output_option(c == 'w' ? &lo.ok : &lo.bad, c,
                                   optarg) < 0)
                return TOOL_TROUBLE;
            (c == 'w' ? lo.ok : lo.bad)->end_line = 1;
        } else if (c == 'f') {
            static const char *const fmts[] = {"text", "json", NULL};
            if ((o.json = tool_choice(c, optarg, fmts)) < 0)
                return TOOL_TROUBLE;
        }
    }
    if (st >= 0)
        return st;
    if (tool_openings_check(lo.openings, o.json) != 0)
        return TOOL_TROUBLE;
    /* games to standard output (-w - or -x -): the report goes to
     * standard error, and the games' output is the run's output */
    if (o.out == tool_output_std()) {
        tool_output *games = games_on_stdout(lo.ok)    ? lo.ok
                             : games_on_stdout(lo.bad) ? lo.bad
                                                       : NULL;

        if (games != NULL) {
            o.diag_stdout = 0;
            o.out = games;
        }
    }
    o.copies = lo.ok != NULL || lo.bad != NULL;
    /* -w and -x are committed with the report, by tool_finish */
    return tool_run(&o, argc - optind, argv + optind);
}
