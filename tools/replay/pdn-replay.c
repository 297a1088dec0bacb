/* SPDX-License-Identifier: MIT */
/* pdn-replay: plays the main line of each game and prints positions: the
 * final FEN of each game, every ply (-a), one game (-n) or one ply (-p), as
 * FEN, a text board, an SVG picture or JSON lines. */
#include <config.h>
#include "common.h"
#include "drawcheck.h"
#include "diagram.h"
#include "handover.h"
#include "html.h"
#include "openrec.h"
#include "pictures.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char tool_name[] = "pdn-replay";

enum { F_FEN, F_BOARD, F_SVG, F_JSON, F_HTML };

/* What the user asked: -n and -p select, per game on the workers. */
typedef struct replay_opts {
    int all;             /* -a */
    int format;          /* -f */
    unsigned long game;  /* -n, 0 = every game */
    long ply;            /* -p, -1 = the end */
    pic_opts pics;       /* -O, -t, -r, -z, -C, -U */
    int file_col;        /* --with-filename: text lines name their file */
    int openings;        /* --openings */
    unsigned long *plies;/* --plies: FIRST, LAST pairs (as -a, only these) */
    size_t nplies;
} replay_opts;

/* The -f html writer's run, on the main thread (in emit order) but for
 * hand, which the workers fill. */
typedef struct html_pages {
    int page_open;       /* the page's head is written */
    /* -O: pages of PAGE_GAMES games, written by the main thread from what
     * the workers hand it (a game's text, under its address) */
    handover *hand;
    unsigned long first; /* the first game's number */
    FILE *pf;            /* the page being written, or NULL */
    tool_temp ptmp;      /* its temporary */
    tbuf pname;          /* its name in DIR */
    unsigned long page;  /* its number, from 0 */
    unsigned long in_page; /* games on it */
    tbuf names;          /* every page's name, '\0' after each */
    tbuf ranges;         /* every page's first and last game number */
    unsigned long npages;
} html_pages;

/* The program: its options apart from its run, which the main thread
 * keeps (in emit) but for pages.hand. */
typedef struct tool_self {
    replay_opts opt;
    html_pages pages;    /* -f html */
    int found;           /* -n: the game was seen */
    unsigned long most;  /* the most games of one input */
} replay_tool;

/* Games on a page of -f html -O. */
#define PAGE_GAMES 5000

/* Options without a short form (-H is pdn-select's --dedupe). */
enum { OPT_WITH_FILENAME = TOOL_LONG_OWN, OPT_NO_FILENAME, OPT_PLIES,
       OPT_PAGE, OPT_NO_NUMBERS, OPT_NO_LAST };

/* Adding an option: one line here, one branch in main. */
static const tool_option replay_options[] = {
    {"all", 'a', NULL, "every ply: game, ply, move, FEN after it"},
    {"game", 'n', "N", "only game N (1-based, in each FILE)"},
    {"ply", 'p', "PLY", "only the position after PLY moves (0: start)"},
    {"format", 'f', "FORMAT", "fen (default), board (text diagram), svg,\n"
                              "json or html (a viewer page of one file's\n"
                              "games)"},
    {"svg-dir", 'O', "DIR", "svg: one file per position in DIR\n"
                            "(FILE-gN-pPLY.svg); html: pages of 5000\n"
                            "games (FILE-pN.html) and their index\n"
                            "(FILE.html)"},
    {"sheet", 't', NULL, "svg: a game's positions on one sheet\n"
                         "(with -O: FILE-gN.svg)"},
    {"flip", 'r', NULL, "diagrams seen from the second mover's side"},
    {"square-size", 'z', "PIXELS", "svg: size of a square (default 44)"},
    {"colours", 'C', "LIGHT,DARK", "svg and html: colours of the squares"},
    {"unicode", 'U', NULL, "board: Unicode pieces"},
    TOOL_OPENINGS_OPTION,
    {"with-filename", OPT_WITH_FILENAME, NULL,
     "fen and board: each line or diagram names its\n"
     "file first (whatever the number of files)"},
    {"no-filename", OPT_NO_FILENAME, NULL, "fen and board: no file name (the default)"},
    {"plies", OPT_PLIES, "LIST", "the positions after these plies only, as -a\n"
                                 "(0,10,20-30,40-; 0: the start)"},
    {"page", OPT_PAGE, "SIZE", "svg -t: the sheet a page, a4 or letter"},
    {"no-numbers", OPT_NO_NUMBERS, NULL,
     "board, svg and html: no square numbers, files\nor ranks"},
    {"no-last-move", OPT_NO_LAST, NULL, "svg: the last move not marked"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline replay_cmdline = {
    "[OPTION]... [FILE]...",
    "Replay PDN games and print their positions (by default the final FEN "
    "of each).\n",
    replay_options, "gGAEoqWj" TOOL_OPT_SCALE,
    "a game stops at an illegal move, cannot be replayed or has not the\n"
    "     game (-n) or ply (-p) asked for", NULL};

/* The comments that stand at the position after node at's move (NULL:
 * the start), where [%csl] and [%cal] draw: those after it, those
 * before the next move, and at the end the game's, into t. */
static void
marks_at(tbuf *t, const pdn_game *g, const pdn_node *at)
{
    const pdn_node *next = at != NULL ? pdn_node_next(at) : pdn_game_first(g);
    size_t i;

    for (i = 0; at != NULL && i < pdn_node_comment_count(at, PDN_AFTER); i++)
        tbuf_printf(t, "%s\n", pdn_node_comment_at(at, PDN_AFTER, i));
    for (i = 0; next != NULL && i < pdn_node_comment_count(next, PDN_BEFORE);
         i++)
        tbuf_printf(t, "%s\n", pdn_node_comment_at(next, PDN_BEFORE, i));
    for (i = 0; next == NULL && i < pdn_game_comment_count(g); i++)
        tbuf_printf(t, "%s\n", pdn_game_comment_at(g, i));
}

/* One game's replay, as show() prints its positions. */
typedef struct view {
    const replay_opts *ro;
    pic_sheet *sheet;        /* pictures: the game's sheet (-t) */
    tool_out *to;
    const char *file;
    const pdn_game *g;
    const pdn_board *b;      /* the position */
    const char *mv;          /* the move that reached it, as text ("": none) */
    const pdn_board *before; /* pictures: the position before last, or NULL */
    const pdn_move *last;    /* the last move played */
    const pdn_drawstate *ds; /* -a -f json: the draw-rule counts, or NULL */
    pdn_movelist *l;         /* scratch for ds */
} view;

/* Prints v's position, reached at ply by the move of node at (NULL: the
 * start, or no move played: no last move; pictures draw the marks of
 * its comments). */
static void
show(const view *v, unsigned long ply, const pdn_node *at)
{
    const replay_opts *ro = v->ro;
    tool_out *to = v->to;
    tbuf *out = &to->out;
    const char *file = v->file, *mv = v->mv;
    const pdn_game *g = v->g;
    const pdn_board *b = v->b;
    unsigned long game = pdn_game_number(g);
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
        tool_json_head(out, "position", file, game);
        tbuf_adds(out, ",\"ply\":");
        tbuf_addu(out, ply);
        tbuf_adds(out, ",\"move\":");
        if (*mv)
            tbuf_json(out, mv);
        else
            tbuf_adds(out, "null");
        tbuf_adds(out, ",\"fen\":");
        tbuf_json(out, fen);
        if (v->ds != NULL)
            drawcheck_json(out, v->ds, b, v->l, ply);
        tbuf_adds(out, "}\n");
        break;
    case F_BOARD:
        tbuf_printf(out, "%s%sgame %lu, ply %lu%s%s\n",
                    ro->file_col ? file : "", ro->file_col ? ": " : "", game,
                    ply, *mv ? ", after " : "", mv);
        diagram_text(out, b, &ro->pics.style);
        tbuf_printf(out, "%s\n\n", fen);
        break;
    default: {
        tbuf marks = {0};

        marks_at(&marks, g, at);
        pic_show(&ro->pics, v->sheet, to, file, g, ply, mv, b,
                 at != NULL ? v->before : NULL,
                 at != NULL ? v->last : NULL, marks.data);
        tbuf_free(&marks);
        break;
    }
    }
}

/* An illegal or ambiguous move n at ply of game num: l holds b's legal
 * moves; the finding carries them as pdn-legal's does, in the checker's
 * words (pdn_check_move, pdn_finding_text). */
static void
bad_move(const tool_opts *o, tool_out *to, const char *file,
         unsigned long num, const pdn_node *n, unsigned long ply,
         const pdn_board *b, const pdn_movelist *l, const pdn_match *m)
{
    pdn_pos pos = pdn_node_pos(n);
    tbuf x = {NULL, 0, 0};
    pdn_finding f;
    char *text;

    pdn_finding_init(&f);
    if (pdn_check_move(b, l, m, n, ply, 0, &f) < 0) {
        to->fatal = 1;
        return;
    }
    text = tool_finding_words(&f, 0);
    tool_move_json(&x, n, ply, b, l);
    tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, f.code, x.data, "%s",
              text);
    free(text);
    tbuf_free(&x);
    pdn_finding_clear(&f);
}

/* Is the position after ply among those -a and --plies show? */
static int
wanted(const replay_opts *ro, unsigned long ply)
{
    size_t i;

    if (!ro->all || ro->nplies == 0)
        return ro->all;
    for (i = 0; i < ro->nplies; i++)
        if (ply >= ro->plies[2 * i] && ply <= ro->plies[2 * i + 1])
            return 1;
    return 0;
}

/* Replays g under gt and shows what the options ask for. Returns 1 when
 * the main line was played to its end, every move legal, else 0. */
static int
replay_under(const tool_opts *o, const char *file, pdn_game *g,
             const pdn_gametype *gt, tool_out *to)
{
    const replay_opts *ro = &o->self->opt;
    unsigned long num = pdn_game_number(g), ply = 0;
    pdn_movelist *l = NULL;
    const pdn_node *n = NULL, *played = NULL;
    pdn_board *b;
    pdn_match m;
    pdn_move last;
    pdn_pos pos;
    char mv[PDN_PATH_MAX * 4] = "";
    int shown = 0, html = ro->format == F_HTML, listed = 0;
    html_game hg;
    pic_sheet sheet;
    pdn_drawstate *ds = NULL;
    /* pictures: the position before the last move, for its captures */
    pdn_board *before = NULL;
    view v;

    html_game_init(&hg);
    memset(&sheet, 0, sizeof sheet);
    if ((b = tool_board_reuse(o, file, g, gt, to)) == NULL)
        return 0;
    if ((l = tool_movelist(to)) == NULL) {
        n = pdn_game_first(g);
        goto done;
    }
    /* -a -f json: the draw-rule counts of every ply */
    if (ro->all && ro->format == F_JSON && (ds = pdn_drawstate_new()) != NULL)
        pdn_drawstate_start(ds, b);
    /* ply 0 is the start position, after any FEN tag */
    if (ro->format == F_SVG || html)
        before = pdn_board_new(gt, NULL);
    v = (view){ro, &sheet, to, file, g, b, mv, before, &last, ds, l};
    if (wanted(ro, 0) || ro->ply == 0)
        show(&v, 0, NULL), shown = ro->ply == 0, listed++;
    if (html)
        html_ply(&hg, b, NULL);
    for (n = pdn_game_first(g); n != NULL && !shown; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);
        int set;

        pos = pdn_node_pos(n);
        if ((set = tool_setup_at(o, file, n, num, b, to)) < 0 || mt == NULL)
            break;
        if (ds != NULL && set > 0)
            pdn_drawstate_setup(ds, b);
        /* Matched and played in one call: l then holds every legal move
         * when the move is not played, and after a legal one the moves
         * sharing its squares, which is all the short form needs. */
        if (before != NULL)
            pdn_board_copy(before, b);
        if (html)
            html_variations(&hg, b, n);
        switch (pdn_board_play(b, mt, &m, l, NULL)) {
        case PDN_MATCH_LEGAL:
            break;
        case -1:
            tool_moves(o, file, n, num, b, l, to);
            goto end;
        default: /* illegal or ambiguous */
            bad_move(o, to, file, num, n, ply + 1, b, l, &m);
            if (html)
                html_stopped(&hg, n, ply + 1,
                             m.status == PDN_MATCH_AMBIGUOUS
                                 ? "ambiguous"
                                 : pdn_reason_text(pdn_movelist_count(l) == 0
                                                       ? PDN_WHY_GAME_OVER
                                                       : m.reason));
            goto end;
        }
        /* formatting costs a search for ambiguity: only when shown */
        if (ro->all || ro->ply >= 0 || ro->format != F_FEN)
            pdn_move_format(b, l, &m.move, PDN_MOVE_SHORT, mv, sizeof mv);
        last = m.move;
        played = n;
        ply++;
        to->plies++;
        if (ds != NULL)
            pdn_drawstate_push(ds, b, &m.move, NULL);
        if (wanted(ro, ply) || (long)ply == ro->ply)
            show(&v, ply, n), shown = !ro->all, listed++;
        if (html)
            html_ply(&hg, b, &last);
    }
end:
    if (ro->ply > (long)ply) {
        pos = pdn_game_pos(g);
        tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_EMOVE, NULL,
                  n == NULL ? "-p: no ply %ld: the game has only %lu pl%s"
                            : "-p: no ply %ld: the replay stops at ply %lu",
                  ro->ply, ply, ply == 1 ? "y" : "ies");
    } else if (ro->nplies > 0 && listed == 0) {
        pos = pdn_game_pos(g);
        tool_diag(o, to, file, &pos, num, PDN_SEV_ERROR, PDN_EMOVE, NULL,
                  n == NULL ? "--plies: none of the plies listed: the game "
                              "has only %lu pl%s"
                            : "--plies: none of the plies listed: the replay "
                              "stops at ply %lu%s",
                  ply, n != NULL ? "" : ply == 1 ? "y" : "ies");
    } else if (html) {
        html_ended(&hg, b);
        html_game_write(&to->out, &hg, g, num, gt);
    } else if (!ro->all && ro->ply < 0) {
        show(&v, ply, played);
    }
    if (ro->openings)
        tool_opening_record(to, file, g, gt);
done:
    pic_sheet_end(&ro->pics, &sheet, to, file, g);
    html_game_free(&hg);
    pdn_board_free(before);
    pdn_drawstate_free(ds);
    tool_release(to, b, l);
    return n == NULL;
}

static void
replay_one(const tool_opts *o, const char *file, pdn_game *g,
           const pdn_error *rerr, tool_out *to)
{
    const replay_opts *ro = &o->self->opt;
    const html_pages *pg = &o->self->pages;
    pdn_gametype gt;
    tool_mark mark;
    unsigned long num = g != NULL ? pdn_game_number(g) : rerr->game;
    unsigned long first = ro->game != 0 ? ro->game
                          : o->first != 0 ? o->first : 1;
    int cand;

    /* the page's head goes before the first game's output (the first
     * of -n, -k or --games), and the games into elements of a few */
    if (ro->format == F_HTML && pg->hand == NULL && num == first)
        html_head(&to->out, file, &ro->pics.style);
    if (ro->format == F_HTML && pg->hand == NULL && num >= first)
        html_part(&to->out, num - first);
    if (g == NULL || (ro->game != 0 && pdn_game_number(g) != ro->game))
        return;
    /* A game without GameType is replayed as the file's variant first:
     * played to its end, that is what inference would choose, and the one
     * replay serves both; else what it showed is taken back. Not with -p
     * (the replay stops early) or pictures (-f svg writes files). */
    if (ro->ply < 0 && ro->format != F_SVG &&
        (cand = tool_gametype_guess(o, file, g, &gt, to)) >= 0) {
        tool_out_mark(to, &mark);
        if (replay_under(o, file, g, &gt, to)) {
            tool_gametype_took(g, cand, to);
            return;
        }
        if (to->fatal)
            return;
        tool_out_undo(to, &mark);
    }
    if (tool_gametype(o, file, g, &gt, to) == 0)
        (void)replay_under(o, file, g, &gt, to);
}

/* -f html -O: a game's text goes to the main thread (page_put) */
static void
replay_game(const tool_opts *o, const char *file, pdn_game *g,
            const pdn_error *rerr, tool_out *to)
{
    handover *hand = o->self->pages.hand;
    size_t at = to->out.len;
    tbuf *t;

    replay_one(o, file, g, rerr, to);
    if (hand == NULL || g == NULL || to->out.len == at)
        return;
    t = tool_xmalloc(sizeof *t);
    memset(t, 0, sizeof *t);
    tbuf_add(t, to->out.data + at, to->out.len - at);
    to->out.data[to->out.len = at] = '\0';
    handover_put(hand, g, t);
}

/* The name of page k of -O: STEM-pNNNN.html. */
static void
page_name(tbuf *t, const char *stem, unsigned long k)
{
    t->len = 0;
    tbuf_printf(t, "%s-p%04lu.html", stem, k + 1);
}

/* Ends the page being written (next: another follows) and renames it
 * over its name. 0, or -1 after reporting. */
static int
page_close(html_pages *pg, const char *dir, const char *stem, int next)
{
    tbuf t = {0}, prev = {0}, nx = {0}, games = {0}, path = {0};
    unsigned long *r = (unsigned long *)(void *)pg->ranges.data;
    int rc = 0;

    if (pg->page > 0)
        page_name(&prev, stem, pg->page - 1);
    if (next)
        page_name(&nx, stem, pg->page + 1);
    tbuf_printf(&games, "games %lu\xe2\x80\x93%lu", r[2 * pg->page],
                r[2 * pg->page + 1]);
    tbuf_printf(&t, "%s.html", stem); /* the index */
    html_nav(&path, prev.data, nx.data, t.data, games.data);
    html_tail_src(&path, "pdn.js"); /* written once beside the pages */
    tbuf_free(&t);
    tbuf_printf(&t, "%s/%s", dir, pg->pname.data);
    if (fwrite(path.data, 1, path.len, pg->pf) != path.len ||
        fclose(pg->pf) != 0 || rename(pg->ptmp.path, t.data) != 0) {
        tool_error("%s: %s", t.data, strerror(errno));
        unlink(pg->ptmp.path);
        rc = -1;
    }
    pg->pf = NULL;
    tool_temps_forget();
    free(pg->ptmp.path);
    pg->ptmp.path = NULL;
    tbuf_free(&t);
    tbuf_free(&prev);
    tbuf_free(&nx);
    tbuf_free(&games);
    tbuf_free(&path);
    return rc;
}

/* Game num's text t onto its page, which is begun when it is not the one
 * being written. 0, or -1 after reporting. */
static int
page_put(html_pages *pg, const pic_opts *pics, const char *file,
         unsigned long num, const tbuf *t)
{
    unsigned long k = (num - pg->first) / PAGE_GAMES, r[2];
    const char *stem = pic_stem(pics, file);
    tbuf head = {0}, path = {0};
    int fd;

    if (pg->pf != NULL && k != pg->page &&
        page_close(pg, pics->dir, stem, 1) != 0)
        return -1;
    if (pg->pf == NULL) {
        pg->page = k;
        pg->in_page = 0;
        page_name(&pg->pname, stem, k);
        tbuf_add(&pg->names, pg->pname.data, pg->pname.len + 1);
        r[0] = r[1] = num;
        tbuf_add(&pg->ranges, (const char *)r, sizeof r);
        pg->npages++;
        tbuf_printf(&path, "%s/%s", pics->dir, pg->pname.data);
        if ((fd = tool_temp_create(&pg->ptmp, path.data)) < 0 ||
            (pg->pf = fdopen(fd, "w")) == NULL) {
            tool_error("%s: %s", path.data, strerror(errno));
            tbuf_free(&path);
            return -1;
        }
        tbuf_free(&path);
        html_head(&head, file, &pics->style);
    }
    /* the page's games: their last number */
    ((unsigned long *)(void *)pg->ranges.data)[2 * pg->page + 1] = num;
    html_part(&head, pg->in_page++);
    if ((head.len != 0 &&
         fwrite(head.data, 1, head.len, pg->pf) != head.len) ||
        (t->len != 0 && fwrite(t->data, 1, t->len, pg->pf) != t->len)) {
        tool_error("%s/%s: %s", pics->dir, pg->pname.data,
                   strerror(errno));
        tbuf_free(&head);
        return -1;
    }
    tbuf_free(&head);
    return 0;
}

static int
note_game(const tool_opts *o, const char *file, const pdn_game *g,
          int status)
{
    replay_tool *rt = o->self;
    const replay_opts *ro = &rt->opt;
    html_pages *pg = &rt->pages;
    tbuf *t;
    int rc = 0;

    /* a game processed: the first wrote the page's head */
    if (status >= 0 && ro->format == F_HTML)
        pg->page_open = pg->hand == NULL;
    if (pg->hand != NULL && g != NULL &&
        (t = handover_take(pg->hand, g)) != NULL) {
        rc = page_put(pg, &ro->pics, file, pdn_game_number(g), t);
        tbuf_free(t);
        free(t);
    }
    if (g != NULL && ro->game != 0 && pdn_game_number(g) == ro->game)
        rt->found = 1;
    if (g != NULL && pdn_game_number(g) > rt->most)
        rt->most = pdn_game_number(g);
    return rc;
}

/* After a file's last game: the page's end. */
static void
end_page(const tool_opts *o, const char *file, tool_out *t)
{
    const replay_opts *ro = &o->self->opt;
    html_pages *pg = &o->self->pages;
    const char *stem;
    tbuf idx = {0}, path = {0};
    const char **names;
    const char *s;
    unsigned long i;
    size_t len;

    if (pg->page_open)
        html_tail(&t->out);
    pg->page_open = 0;
    if (pg->hand == NULL || pg->npages == 0)
        return;
    /* -O: the last page, then the index of them all */
    stem = pic_stem(&ro->pics, file);
    if (pg->pf != NULL && page_close(pg, ro->pics.dir, stem, 0) != 0)
        t->fatal = 1;
    names = tool_xmalloc(pg->npages * sizeof *names);
    for (i = 0, s = pg->names.data; i < pg->npages; i++, s += strlen(s) + 1)
        names[i] = s;
    html_index(&idx, file, names,
               (const unsigned long *)(void *)pg->ranges.data, pg->npages,
               pg->first, PAGE_GAMES);
    tbuf_printf(&path, "%s/%s.html", ro->pics.dir, stem);
    if (pic_write_file(path.data, idx.data, idx.len) != 0) {
        tool_error("%s: %s", path.data, strerror(errno));
        t->fatal = 1;
    }
    /* libpdn's WebAssembly, which every page loads (one copy, not one a
     * page) */
    if ((s = html_wasm(&len)) != NULL && len > 0) {
        path.len = 0;
        tbuf_printf(&path, "%s/pdn.js", ro->pics.dir);
        if (pic_write_file(path.data, s, len) != 0) {
            tool_error("%s: %s", path.data, strerror(errno));
            t->fatal = 1;
        }
    }
    free(names);
    tbuf_free(&idx);
    tbuf_free(&path);
    pg->names.len = pg->ranges.len = 0;
    pg->npages = 0;
}

/* Does the regular file path hold exactly one game? (Read ahead for -f
 * svg, which then needs no -n; standard input is not read ahead.) */
static int
one_game(const char *path)
{
    FILE *fp;
    pdn_reader *r;
    pdn_game *g = NULL;
    pdn_error err;
    int n = 0, st;

    if (strcmp(path, "-") == 0 || (fp = fopen(path, "rb")) == NULL)
        return 0;
    if ((r = pdn_reader_new_file(fp, path)) != NULL) {
        while (n < 2 && (st = pdn_reader_next(r, &g, &err)) != 0) {
            pdn_game_free(g);
            g = NULL;
            n++;
            if (st < 0 && (err.code == PDN_EIO || err.code == PDN_ENOMEM))
                break;
        }
        pdn_reader_free(r);
    }
    fclose(fp);
    return n == 1;
}

/* Every output is one document: an SVG stream holds one position unless
 * -O gives each its own file; a page shows one file. Returns -1 when the
 * options fit, else the status to exit with. */
static int
check_pictures(const replay_opts *ro, int nfiles)
{
    struct stat sb;

    if (ro->pics.sheet && ro->format != F_SVG)
        return tool_usage_error("option -t needs -f svg");
    if (ro->pics.dir != NULL && ro->format != F_SVG && ro->format != F_HTML)
        return tool_usage_error("option -O needs -f svg or -f html");
    if (ro->format == F_HTML && (ro->all || ro->ply >= 0 || nfiles > 1))
        return tool_usage_error("-f html shows one file's games: no -a, -p "
                                "or second file");
    if (ro->pics.dir != NULL) {
        if (*ro->pics.dir == '\0')
            return tool_usage_error("option -O needs a directory name");
        if (mkdir(ro->pics.dir, 0777) != 0 &&
            (errno != EEXIST || stat(ro->pics.dir, &sb) != 0 ||
             !S_ISDIR(sb.st_mode))) {
            tool_error("%s: %s", ro->pics.dir,
                       errno == EEXIST ? "not a directory" : strerror(errno));
            return TOOL_TROUBLE;
        }
        return -1;
    }
    if (ro->format == F_SVG &&
        (ro->game == 0 || (ro->all && !ro->pics.sheet) || nfiles > 1))
        return tool_usage_error("-f svg writes one document: one position "
                                "(-n, -p) or with -t one game's (-n) of one "
                                "file; more need -O DIR");
    return -1;
}

static const char *const format_names[] = {"fen",  "board", "svg",
                                           "json", "html",  NULL};

/* The drawing options, and the formats that draw with them. */
enum { S_FLIP = 1, S_UNICODE = 2, S_SIZE = 4, S_COLOURS = 8,
       S_NO_NUMBERS = 16, S_NO_LAST = 32 };

/* An option of the drawings given with a format that does not use it: a
 * usage error (status 2), else -1. */
static int
check_styles(const replay_opts *ro, int styled)
{
    static const struct {
        int bit;
        const char *name;
        int formats; /* 1 << F_... */
        const char *which;
    } need[] = {
        {S_FLIP, "-r", 1 << F_BOARD | 1 << F_SVG | 1 << F_HTML,
         "board, svg and html"},
        {S_UNICODE, "-U", 1 << F_BOARD, "board"},
        {S_SIZE, "-z", 1 << F_SVG | 1 << F_HTML, "svg and html"},
        {S_COLOURS, "-C", 1 << F_SVG | 1 << F_HTML, "svg and html"},
        {S_NO_NUMBERS, "--no-numbers", 1 << F_BOARD | 1 << F_SVG | 1 << F_HTML,
         "board, svg and html"},
        {S_NO_LAST, "--no-last-move", 1 << F_SVG, "svg"},
    };
    size_t i;

    for (i = 0; i < sizeof need / sizeof *need; i++)
        if ((styled & need[i].bit) && !(need[i].formats & 1 << ro->format))
            return tool_usage_error("%s draws the diagrams of -f %s only, "
                                    "not of -f %s", need[i].name,
                                    need[i].which, format_names[ro->format]);
    return -1;
}

/* -C LIGHT,DARK: a name must be one SVG and CSS know (#rgb and #rrggbb
 * are checked by diagram_colours), else the board would be drawn in a
 * colour no viewer has (black). */
static int
colour_names_known(const char *arg)
{
    static const char names[] =
        " aliceblue antiquewhite aqua aquamarine azure beige bisque black"
        " blanchedalmond blue blueviolet brown burlywood cadetblue"
        " chartreuse chocolate coral cornflowerblue cornsilk crimson cyan"
        " darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey"
        " darkkhaki darkmagenta darkolivegreen darkorange darkorchid"
        " darkred darksalmon darkseagreen darkslateblue darkslategray"
        " darkslategrey darkturquoise darkviolet deeppink deepskyblue"
        " dimgray dimgrey dodgerblue firebrick floralwhite forestgreen"
        " fuchsia gainsboro ghostwhite gold goldenrod gray grey green"
        " greenyellow honeydew hotpink indianred indigo ivory khaki"
        " lavender lavenderblush lawngreen lemonchiffon lightblue"
        " lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen"
        " lightgrey lightpink lightsalmon lightseagreen lightskyblue"
        " lightslategray lightslategrey lightsteelblue lightyellow lime"
        " limegreen linen magenta maroon mediumaquamarine mediumblue"
        " mediumorchid mediumpurple mediumseagreen mediumslateblue"
        " mediumspringgreen mediumturquoise mediumvioletred midnightblue"
        " mintcream mistyrose moccasin navajowhite navy oldlace olive"
        " olivedrab orange orangered orchid palegoldenrod palegreen"
        " paleturquoise palevioletred papayawhip peachpuff peru pink plum"
        " powderblue purple rebeccapurple red rosybrown royalblue"
        " saddlebrown salmon sandybrown seagreen seashell sienna silver"
        " skyblue slateblue slategray slategrey snow springgreen steelblue"
        " tan teal thistle tomato turquoise violet wheat white whitesmoke"
        " yellow yellowgreen ";
    const char *p = arg, *end;
    char word[32];
    size_t n, i;

    for (;; p = end + 1) {
        end = p + strcspn(p, ",");
        n = (size_t)(end - p);
        if (*p != '#') {
            if (n == 0 || n + 3 > sizeof word)
                return 0;
            word[0] = ' ';
            for (i = 0; i < n; i++)
                word[i + 1] = (char)tolower((unsigned char)p[i]);
            word[n + 1] = ' ';
            word[n + 2] = '\0';
            if (strstr(names, word) == NULL)
                return 0;
        }
        if (*end == '\0')
            return 1;
    }
}

/* -O: the STEM of each operand's pictures, into po: its base name
 * without .pdn ("stdin" for standard input), or, when two operands would
 * share one, NN-BASE with the operand's number, so that no picture is
 * written over another's. */
static void
make_stems(pic_opts *po, int argc, char **argv)
{
    char **stems = tool_xmalloc(((size_t)argc + 1) * sizeof *stems);
    int i, j, clash = 0, width = 1, n;

    po->stems = stems;
    po->operands = argv;
    po->noperands = argc;
    for (n = argc; n >= 10; n /= 10)
        width++;
    for (i = 0; i < argc; i++) {
        const char *b = strrchr(argv[i], '/');
        size_t len;

        b = strcmp(argv[i], "-") == 0 ? "stdin" : b ? b + 1 : argv[i];
        len = strlen(b);
        if (len > 4 && strcmp(b + len - 4, ".pdn") == 0)
            len -= 4;
        stems[i] = tool_xmalloc(len + 32);
        snprintf(stems[i], len + 32, "%.*s", (int)len, b);
        for (j = 0; j < i; j++)
            clash |= strcmp(stems[i], stems[j]) == 0;
    }
    for (i = 0; clash && i < argc; i++) {
        tbuf t = {NULL, 0, 0};

        tbuf_printf(&t, "%0*d-%s", width, i + 1, stems[i]);
        free(stems[i]);
        stems[i] = t.data;
    }
}

static void
free_stems(pic_opts *po)
{
    int i;

    for (i = 0; po->stems != NULL && i < po->noperands; i++)
        free(po->stems[i]);
    free(po->stems);
}

/* The program, its options in rt->opt (whose --plies list main frees). */
static int
replay_main(replay_tool *rt, int argc, char **argv)
{
    replay_opts *ro = &rt->opt;
    html_pages *pg = &rt->pages;
    tool_opts o;
    long v;
    int c, st, styled = 0;

    memset(rt, 0, sizeof *rt);
    ro->format = F_FEN;
    ro->ply = -1;
    tool_opts_init(&o);
    o.game = replay_game;
    o.emit = note_game;
    o.file_end = end_page;
    o.self = rt;
    diagram_style_init(&ro->pics.style);
    while ((c = tool_getopt(&replay_cmdline, &o, argc, argv, &st)) != -1) {
        if (c == 'a') {
            ro->all = 1;
        } else if (c == 'n' || c == 'p') {
            if (tool_number_option(c, optarg, c == 'n' ? 1 : 0, LONG_MAX,
                                   c == 'n' ? "a game number from 1"
                                            : "a ply number from 0",
                                   &v) != 0)
                return TOOL_TROUBLE;
            if (c == 'n')
                ro->game = (unsigned long)v;
            else
                ro->ply = v;
        } else if (c == 'O') {
            ro->pics.dir = optarg;
        } else if (c == 't') {
            ro->pics.sheet = 1;
        } else if (c == 'r') {
            ro->pics.style.flip = 1;
            styled |= S_FLIP;
        } else if (c == 'U') {
            ro->pics.style.unicode = 1;
            styled |= S_UNICODE;
        } else if (c == TOOL_OPT_OPENINGS) {
            ro->openings = 1;
        } else if (c == OPT_PLIES) {
            free(ro->plies);
            if (tool_range_list(optarg, 0, &ro->plies, &ro->nplies) != 0)
                return tool_usage_error("--plies: invalid list '%s'; "
                                        "expected plies and ranges of "
                                        "plies from 0 (0,10,20-30,40-)",
                                        optarg);
        } else if (c == OPT_PAGE) {
            if ((v = tool_choice(c, optarg, pic_page_names)) < 0)
                return TOOL_TROUBLE;
            ro->pics.page = (int)v + 1;
        } else if (c == OPT_NO_NUMBERS) {
            ro->pics.style.no_numbers = 1;
            styled |= S_NO_NUMBERS;
        } else if (c == OPT_NO_LAST) {
            ro->pics.style.no_last = 1;
            styled |= S_NO_LAST;
        } else if (c == OPT_WITH_FILENAME || c == OPT_NO_FILENAME) {
            ro->file_col = c == OPT_WITH_FILENAME;
        } else if (c == 'z') {
            if (tool_number_option(c, optarg, 8, 400, "a square size of "
                                   "8-400 pixels", &v) != 0)
                return TOOL_TROUBLE;
            ro->pics.style.cell = (int)v;
            styled |= S_SIZE;
        } else if (c == 'C') {
            styled |= S_COLOURS;
            if (!colour_names_known(optarg) ||
                diagram_colours(&ro->pics.style, optarg) != 0)
                return tool_usage_error("-C: invalid colours '%s'; expected "
                                        "LIGHT,DARK, each #rgb, #rrggbb or "
                                        "a name", optarg);
        } else if (c == 'f') {
            if ((ro->format = tool_choice(c, optarg, format_names)) < 0)
                return TOOL_TROUBLE;
            o.json = o.diag_stdout = ro->format == F_JSON;
        }
    }
    if (st >= 0)
        return st;
    if (ro->all && ro->ply >= 0)
        return tool_usage_error("options -a and -p exclude each other");
    if (ro->nplies > 0 && ro->ply >= 0)
        return tool_usage_error("options --plies and -p exclude each other");
    if (ro->nplies > 0 && ro->format == F_HTML)
        return tool_usage_error("-f html shows every ply: no --plies");
    if (ro->pics.page && !ro->pics.sheet)
        return tool_usage_error("option --page needs -t (a sheet)");
    /* --plies: as -a, only those */
    ro->all |= ro->nplies > 0;
    if ((st = check_styles(ro, styled)) >= 0)
        return st;
    if (tool_openings_check(ro->openings, o.json) != 0)
        return TOOL_TROUBLE;
    /* -f svg on a file of one game: that game, without -n */
    if (ro->format == F_SVG && ro->game == 0 && ro->pics.dir == NULL &&
        argc - optind == 1 && one_game(argv[optind]))
        ro->game = 1;
    if ((st = check_pictures(ro, argc - optind)) >= 0)
        return st;
    o.only = ro->game;
    if (ro->pics.dir != NULL) {
        make_stems(&ro->pics, argc - optind, argv + optind);
    }
    /* -f html -O: pages of the file's games and their index */
    if (ro->format == F_HTML && ro->pics.dir != NULL) {
        pg->hand = tool_xmalloc(sizeof *pg->hand);
        handover_init(pg->hand);
        pg->first = ro->game != 0 ? ro->game : o.first != 0 ? o.first : 1;
    }
    st = tool_run(&o, argc - optind, argv + optind);
    if (pg->hand != NULL) {
        handover_free(pg->hand);
        free(pg->hand);
        tbuf_free(&pg->pname);
        tbuf_free(&pg->names);
        tbuf_free(&pg->ranges);
    }
    free_stems(&ro->pics);
    if (ro->game != 0 && !rt->found && st < TOOL_TROUBLE) {
        tool_error("-n: no game %lu: %s %lu game%s", ro->game,
                   argc - optind > 1 ? "each input has at most"
                                     : "the input has only",
                   rt->most, rt->most == 1 ? "" : "s");
        st = TOOL_PROBLEMS;
    }
    return st;
}

int
main(int argc, char **argv)
{
    replay_tool rt;
    int st = replay_main(&rt, argc, argv);

    free(rt.opt.plies);
    return st;
}
