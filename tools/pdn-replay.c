/* SPDX-License-Identifier: MIT */
/* pdn-replay: plays the main line of each game and prints positions: the
 * final FEN of each game, every ply (-a), one game (-n) or one ply (-p), as
 * FEN, a text board, an SVG picture or JSON lines. */
#include <config.h>
#include "common.h"
#include "diagram.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-replay";

enum { F_FEN, F_BOARD, F_SVG, F_JSON };

/* -n and -p select; the selection is applied per game on the workers,
 * found is set on the main thread only (in emit). */
typedef struct replay_opts {
    int all;             /* -a */
    int format;          /* -f */
    unsigned long game;  /* -n, 0 = every game */
    long ply;            /* -p, -1 = the end */
    int found;           /* -n: the game was seen */
    unsigned long most;  /* the most games of one input */
    int file_col;        /* several inputs: text lines name their file */
} replay_opts;

/* Adding an option: one line here, one branch in main. */
static const tool_option replay_options[] = {
    {"all", 'a', NULL, "every ply: game, ply, move, FEN after it"},
    {"game", 'n', "N", "only game N (1-based, in each FILE)"},
    {"ply", 'p', "PLY", "only the position after PLY moves (0: start)"},
    {"format", 'f', "FORMAT", "fen (default), board (text diagram), svg or "
                              "json"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline replay_cmdline = {
    "[OPTION]... [FILE]...",
    "Replay PDN games and print their positions (by default the final FEN "
    "of each).\n",
    replay_options, "goqWj",
    "a game stops at an illegal move, cannot be replayed or has not the\n"
    "     game (-n) or ply (-p) asked for", NULL};

/* Prints the position b of game number game of file, reached at ply by
 * move mv (text) / last. */
static void
show(const replay_opts *ro, tbuf *out, const char *file,
     unsigned long game, unsigned long ply, const char *mv,
     const pdn_board *b, const pdn_move *last)
{
    char fen[PDN_FEN_MAX * 5];

    tool_fen(b, fen, sizeof fen);
    switch (ro->format) {
    case F_FEN:
        /* one line per position: printf-free, this is the hot path of -a */
        if (ro->file_col) {
            tbuf_adds(out, file);
            tbuf_addc(out, '\t');
        }
        tbuf_addu(out, game);
        tbuf_addc(out, '\t');
        if (ro->all || ro->ply >= 0) {
            tbuf_addu(out, ply);
            tbuf_addc(out, '\t');
            tbuf_adds(out, *mv ? mv : "-");
            tbuf_addc(out, '\t');
        }
        tbuf_adds(out, fen);
        tbuf_addc(out, '\n');
        break;
    case F_JSON:
        /* the file and the game's number in it: records from several
         * inputs stay apart */
        tbuf_adds(out, "{\"file\":");
        tbuf_json(out, file);
        tbuf_printf(out, ",\"game\":%lu,\"ply\":%lu,\"move\":", game, ply);
        if (*mv)
            tbuf_json(out, mv);
        else
            tbuf_adds(out, "null");
        tbuf_adds(out, ",\"fen\":");
        tbuf_json(out, fen);
        tbuf_adds(out, "}\n");
        break;
    case F_BOARD:
        tbuf_printf(out, "%s%sgame %lu, ply %lu%s%s\n",
                    ro->file_col ? file : "", ro->file_col ? ": " : "", game,
                    ply, *mv ? ", after " : "", mv);
        diagram_text(out, b);
        tbuf_printf(out, "%s\n\n", fen);
        break;
    default:
        diagram_svg(out, b, last);
        break;
    }
}

static void
replay_game(const tool_opts *o, const char *file, pdn_game *g,
            const pdn_error *rerr, tool_out *to)
{
    const replay_opts *ro = o->ud;
    unsigned long num, ply = 0;
    pdn_movelist *l = NULL;
    const pdn_node *n;
    pdn_gametype gt;
    pdn_board *b;
    pdn_match m;
    pdn_move last;
    pdn_pos pos;
    char mv[PDN_PATH_MAX * 4] = "";
    int shown = 0, have_last = 0;

    (void)rerr;
    if (g == NULL || (ro->game != 0 && pdn_game_number(g) != ro->game))
        return;
    num = pdn_game_number(g);
    if (tool_gametype(o, file, g, &gt, to) != 0 ||
        (b = tool_board_reuse(o, file, g, &gt, to)) == NULL)
        return;
    if ((l = tool_movelist(to)) == NULL) {
        goto done;
    }
    /* ply 0 is the start position, after any FEN tag */
    if (ro->all || ro->ply == 0)
        show(ro, &to->out, file, num, 0, "", b, NULL), shown = ro->ply == 0;
    for (n = pdn_game_first(g); n != NULL && !shown; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);

        pos = pdn_node_pos(n);
        if (tool_setup(o, file, n, num, b, to) != 0 || mt == NULL)
            break;
        /* Matched and played in one call: l then holds every legal move
         * when the move is not played, and after a legal one the moves
         * sharing its squares, which is all the short form needs. */
        switch (pdn_board_play(b, mt, &m, l, NULL)) {
        case PDN_MATCH_LEGAL:
            break;
        case -1:
            tool_moves(o, file, n, num, b, l, to);
            goto end;
        case PDN_MATCH_AMBIGUOUS:
            tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_EAMBIGUOUS,
                      NULL, "ambiguous move '%s' at ply %lu",
                      pdn_node_text(n), ply + 1);
            goto end;
        default:
            tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_EILLEGAL,
                      NULL, "illegal move '%s' at ply %lu: %s",
                      pdn_node_text(n), ply + 1,
                      pdn_reason_text(pdn_movelist_count(l) == 0
                                          ? PDN_WHY_GAME_OVER
                                          : m.reason));
            goto end;
        }
        /* formatting costs a search for ambiguity: only when shown */
        if (ro->all || ro->ply >= 0 || ro->format != F_FEN)
            pdn_move_format(b, l, &m.move, PDN_MOVE_SHORT, mv, sizeof mv);
        last = m.move;
        have_last = 1;
        ply++;
        if (ro->all || (long)ply == ro->ply)
            show(ro, &to->out, file, num, ply, mv, b, &last), shown = !ro->all;
    }
end:
    if (ro->ply > (long)ply) {
        pos = pdn_game_pos(g);
        tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_EMOVE, NULL,
                  n == NULL ? "-p: no ply %ld: the game has only %lu pl%s"
                            : "-p: no ply %ld: the replay stops at ply %lu",
                  ro->ply, ply, ply == 1 ? "y" : "ies");
    } else if (!ro->all && ro->ply < 0) {
        show(ro, &to->out, file, num, ply, mv, b, have_last ? &last : NULL);
    }
done:
    tool_release(to, b, l);
}

static int
note_game(const tool_opts *o, const pdn_game *g, int status)
{
    replay_opts *ro = o->ud;

    (void)status;
    if (g != NULL && ro->game != 0 && pdn_game_number(g) == ro->game)
        ro->found = 1;
    if (g != NULL && pdn_game_number(g) > ro->most)
        ro->most = pdn_game_number(g);
    return 0;
}

int
main(int argc, char **argv)
{
    static const char *const fmts[] = {"fen", "board", "svg", "json", NULL};
    replay_opts ro = {0, F_FEN, 0, -1, 0, 0, 0};
    tool_opts o;
    long v;
    int c, st;

    tool_opts_init(&o);
    o.game = replay_game;
    o.emit = note_game;
    o.ud = &ro;
    while ((c = tool_getopt(&replay_cmdline, &o, argc, argv, &st)) != -1) {
        if (c == 'a') {
            ro.all = 1;
        } else if (c == 'n' || c == 'p') {
            if (tool_number_option(c, optarg, c == 'n' ? 1 : 0, LONG_MAX,
                                   c == 'n' ? "a game number from 1"
                                            : "a ply number from 0",
                                   &v) != 0)
                return TOOL_TROUBLE;
            if (c == 'n')
                ro.game = (unsigned long)v;
            else
                ro.ply = v;
        } else if (c == 'f') {
            if ((ro.format = tool_choice(c, optarg, fmts)) < 0)
                return TOOL_TROUBLE;
            o.json = ro.format == F_JSON;
        }
    }
    if (st >= 0)
        return st;
    if (ro.all && ro.ply >= 0)
        return tool_usage_error("options -a and -p exclude each other");
    o.only = ro.game;
    ro.file_col = argc - optind > 1;
    st = tool_run(&o, argc - optind, argv + optind);
    if (ro.game != 0 && !ro.found && st < TOOL_TROUBLE) {
        tool_error("-n: no game %lu: %s %lu game%s", ro.game,
                   argc - optind > 1 ? "each input has at most"
                                     : "the input has only",
                   ro.most, ro.most == 1 ? "" : "s");
        st = TOOL_PROBLEMS;
    }
    return st;
}
