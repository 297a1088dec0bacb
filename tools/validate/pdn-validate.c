/* SPDX-License-Identifier: MIT */
/* pdn-validate: PDN conformance without replaying the games: syntax, tags,
 * GameType and FEN, squares, notation, move numbers; -S adds the PDN 3.0
 * writing restrictions (replaying to know which captures are ambiguous). */
#include <config.h>
#include "common.h"
#include "tagcheck.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-validate";

/* Options of this tool. */
struct tool_self {
    int strict;              /* -S: the strict PDN 3.0 rules too */
};

/* Adding an option: one line here, one branch in main. */
static const tool_option validate_options[] = {
    {"strict", 'S', NULL, "also check the strict PDN 3.0 writing rules"},
    {"format", 'f', "FORMAT", "text (default) or json (one object per line)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline validate_cmdline = {
    "[OPTION]... [FILE]...",
    "Check that PDN files conform to the standard, without replaying the "
    "moves.\n",
    validate_options, "gGAEoqWj" TOOL_OPT_SCALE, "problems found in the input", NULL};

/* Expected move number of ply p (0-based) of a line, with off = 1 when the
 * second player moves first and base the number of the first move. */
#define MOVE_NO(p, base, off) ((base) + ((p) + (off)) / 2)

/* Whether a square of mt (n >= 1) is above count: the first two, which
 * every move has, without a loop. */
static inline int
squares_over(const pdn_movetext *mt, int count)
{
    int over = mt->sq[0] > count;
    size_t i;

    if (mt->n < 2)
        return over;
    over |= mt->sq[1] > count;
    for (i = 2; i < mt->n; i++)
        over |= mt->sq[i] > count;
    return over;
}

/* Checks a line of moves and, recursively, its variations (depth bounded
 * by the reader's limit): squares, notation, separator, numbers, and under
 * -S the canonical form of each move. p is the ply of n from the start of
 * the game, which fixes the number a move should carry. */
static void
check_line(const tool_opts *o, const char *file, const pdn_game *g,
           const pdn_gametype *gt, const pdn_node *n, unsigned long p,
           unsigned long base, int off, tool_out *to)
{
    int strict = o->self->strict, sev, count = pdn_square_count(gt);
    int numeric = gt->notation == 'N', csep = pdn_gametype_capture_sep(gt);
    unsigned long num = pdn_game_number(g);
    unsigned char coords[PDN_PATH_MAX];
    const char *t;
    pdn_error err;
    pdn_pos pos;
    size_t i, nv;

    sev = strict ? PDN_SEV_ERROR : PDN_SEV_WARNING;
    /* The position and text of a move are only fetched for a finding (or
     * under -S): most moves have none. */
    for (; n != NULL; n = pdn_node_next(n), p++) {
        const pdn_movetext *mt = pdn_node_move(n);
        unsigned long want = MOVE_NO(p, base, off), w = pdn_node_number(n);
        int second = (int)((p + off) & 1), bad;

        nv = pdn_node_variation_count(n);
        for (i = 0; i < nv; i++)
            check_line(o, file, g, gt, pdn_node_variation_at(n, i), p, base,
                       off, to);
        if (w != 0 && (w != want || (pdn_node_number_ellipsis(n) != 0) !=
                                        second)) {
            pos = pdn_node_pos(n);
            tool_diag(o, to, file, &pos, num, PDN_SEV_WARNING, PDN_EMOVE,
                      NULL, "move number '%lu%s' where '%lu%s' was expected",
                      w, pdn_node_number_ellipsis(n) ? "..." : ".", want,
                      second ? "..." : ".");
        }
        if (mt == NULL)
            continue;
        /* Numeric squares in range need no look-up; the rest is asked. */
        bad = mt->n > 0 && (mt->algebraic || squares_over(mt, count));
        if (!bad && numeric && (!mt->capture || mt->sep == csep) &&
            !strict)
            continue;
        pos = pdn_node_pos(n);
        t = pdn_node_text(n);
        if (bad) {
            pdn_error_clear(&err);
            if (pdn_movetext_coords(gt, mt, coords, &err) != 0) {
                err.pos = pos;
                err.game = num;
                tool_diag_err(o, to, file, &err, NULL);
            }
        }
        if (numeric == (mt->algebraic != 0))
            tool_diag(o, to, file, &pos, num, sev,
                      strict ? PDN_ESTRICT : PDN_EMOVE, NULL,
                      "%s move '%s' where GameType %d declares %s squares",
                      mt->algebraic ? "algebraic" : "numeric", t, gt->type,
                      numeric ? "numeric" : "algebraic");
        /* Russian sites write captures with x: accepted, with a note
         * (once a file), but not under -S */
        if (mt->capture && mt->sep != csep && !strict && gt->type == 25 &&
            mt->sep == 'x')
            tool_diag(o, to, file, &pos, num, TOOL_SEV_NOTE, PDN_EMOVE, NULL,
                      "capture '%s' is written with 'x' as Russian sites "
                      "write captures, not '%c' (accepted)", t, csep);
        else if (mt->capture && mt->sep != csep)
            tool_diag(o, to, file, &pos, num, sev,
                      strict ? PDN_ESTRICT : PDN_EMOVE, NULL,
                      "capture '%s' is not written with '%c'", t, csep);
        /* -S: the move as written must be the canonical token */
        if (!strict)
            continue;
        for (i = 0; t[i] != '\0'; i++)
            if ((t[i] == '0' && isdigit((unsigned char)t[i + 1]) &&
                 (i == 0 || !isdigit((unsigned char)t[i - 1]))) ||
                isupper((unsigned char)t[i]))
                break;
        if (t[i] != '\0' || mt->sep == 0)
            tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_ESTRICT,
                      NULL, "move '%s' is not in canonical form", t);
    }
}

/* -S: a capture is written in full if and only if from-to is ambiguous
 * or it ends where it started. */
static void
check_paths(const tool_opts *o, const char *file, const pdn_game *g,
            const pdn_gametype *gt, tool_out *to)
{
    unsigned long num = pdn_game_number(g);
    pdn_board *b = tool_board(o, file, g, gt, to);
    pdn_movelist *l = pdn_movelist_new();
    const pdn_node *n;
    pdn_match m;
    pdn_pos pos;
    size_t i, same;
    int rc;

    for (n = pdn_game_first(g); b && l && n; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);

        pos = pdn_node_pos(n);
        if (mt == NULL || pdn_node_setup(n) != NULL ||
            pdn_board_moves(b, l, NULL) != 0)
            break;
        rc = pdn_board_match(b, l, mt, &m);
        if (rc == PDN_MATCH_AMBIGUOUS)
            tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_ESTRICT,
                      NULL, "capture '%s' is ambiguous and must be written "
                            "in full", pdn_node_text(n));
        if (rc != PDN_MATCH_LEGAL)
            break;
        for (same = i = 0; i < pdn_movelist_count(l); i++) {
            const pdn_move *x = pdn_movelist_at(l, i);
            same += x->path[0] == m.move.path[0] &&
                    x->path[x->n - 1] == m.move.path[m.move.n - 1];
        }
        /* a capture back to its start square is written in full, as
         * the standard's 47x38x24x13x36 and the writer have it */
        if (mt->n > 2 && same == 1 && m.move.ncaptured > 0 &&
            m.move.path[0] != m.move.path[m.move.n - 1])
            tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_ESTRICT,
                      NULL, "capture '%s' is written in full although its "
                            "short form is not ambiguous",
                      pdn_node_text(n));
        pdn_board_apply(b, &m.move);
    }
    pdn_movelist_free(l);
    pdn_board_free(b);
}

static void
validate_game(const tool_opts *o, const char *file, pdn_game *g,
              const pdn_error *rerr, tool_out *to)
{
    const char *fen;
    pdn_gametype gt;
    unsigned long base = 1;
    int off = 0, have;
    pdn_fen f;

    (void)rerr;
    if (g == NULL)
        return;
    have = tool_gametype(o, file, g, &gt, to) == 0;
    tagcheck(o, file, g, have ? &gt : NULL, to);
    if (!have)
        return;
    if ((fen = pdn_game_tag(g, "FEN")) != NULL) {
        pdn_board *b = tool_board(o, file, g, &gt, to);

        if (b == NULL)
            return;
        pdn_board_free(b);
        if (pdn_fen_parse(fen, &f, NULL) >= 0 && f.turn != '?')
            off = f.turn != gt.start;
        if (pdn_game_first(g) && pdn_node_number(pdn_game_first(g)))
            base = pdn_node_number(pdn_game_first(g));
    }
    check_line(o, file, g, &gt, pdn_game_first(g), 0, base, off, to);
    /* Paths need the position: only worth it once the text is sound. */
    if (o->self->strict && to->errors == 0)
        check_paths(o, file, g, &gt, to);
}

int
main(int argc, char **argv)
{
    tool_opts o;
    struct tool_self self = {0};
    int c, st;

    tool_opts_init(&o);
    o.diag_stdout = 1;
    o.game = validate_game;
    o.self = &self;
    while ((c = tool_getopt(&validate_cmdline, &o, argc, argv, &st)) != -1) {
        if (c == 'S') {
            self.strict = o.strict_reader = 1;
        } else if (c == 'f') {
            static const char *const fmts[] = {"text", "json", NULL};
            if ((o.json = tool_choice(c, optarg, fmts)) < 0)
                return TOOL_TROUBLE;
        }
    }
    if (st >= 0)
        return st;
    return tool_run(&o, argc - optind, argv + optind);
}
