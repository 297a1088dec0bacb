/* SPDX-License-Identifier: MIT */
/* pdn-stats: what an archive holds, per file and in total: games,
 * variants (after inference), results, dates, events, players, plies per
 * game, the most common openings (first plies, and the named openings of
 * libpdn's tables), and a score table per event. Text for
 * people, JSON lines for scripts. Games are read one at a time; what is
 * kept is the counters, not the games. */
#include <config.h>
#include "common.h"
#include "fixtags.h"
#include "stats.h"
#include "handover.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char tool_name[] = "pdn-stats";

/* What one game adds. */
typedef struct game_info {
    char variant[96];
    const char *result;    /* standard token, or "none" */
    int winner;            /* 'W', 'B', 0 */
    int scored;            /* a finished game: 1, 2 for 2/1/0 */
    int lost_both;
    char date[FIX_DATE_SIZE];
    char *event, *white, *black;
    unsigned long plies;
    char *opening;         /* "VARIANT\tMOVES", or NULL */
    char *named;           /* "VARIANT\tNAME" of its named opening, or NULL */
    int unread;            /* the reader could not build it whole */
} game_info;

/* Options without a short form (-k and -T mean other things in other
 * tools). */
enum { OPT_OPENING_PLIES = TOOL_LONG_OWN, OPT_TOP };

static const tool_option stats_options[] = {
    {"format", 'f', "FORMAT", "text (default) or json (one object per\n"
                              "file, then the total)"},
    {"opening-plies", OPT_OPENING_PLIES, "N", "an opening is the first N plies (1-40,\n"
                                "default 6)"},
    {"top", OPT_TOP, "N", "text: the N most frequent of each list and\n"
                      "the score tables of the N largest events\n"
                      "(default 10, 0: all)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline stats_cmdline = {
    "[OPTION]... [FILE]...",
    "Summarise PDN archives: games, variants, results, dates, events,\n"
    "players, plies, openings and a score table per event.\n",
    stats_options, "gGAEoqWj" TOOL_OPT_SCALE, "games that could not be read",
    NULL};

/* A name worth counting, without the spaces around it: a new string, or
 * NULL for none, "" or "?". */
static char *
named(const char *v)
{
    size_t n;
    char *t;

    if (v == NULL)
        return NULL;
    while (*v == ' ' || *v == '\t')
        v++;
    n = strlen(v);
    while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
        n--;
    if (n == 0 || (n == 1 && v[0] == '?'))
        return NULL;
    t = tool_xmalloc(n + 1);
    memcpy(t, v, n);
    t[n] = '\0';
    return t;
}

/* The result of g: its Result tag (spellings of the wild read) when it
 * gives one, else its terminator; '*' or "none" when neither does. */
static void
result_of(const pdn_game *g, const pdn_gametype *gt, game_info *gi)
{
    const char *tag = pdn_game_tag(g, "Result"), *term = pdn_game_result(g);
    const char *r = tag;
    pdn_outcome o;

    if (r != NULL && fix_result(r, &r) == 0)
        r = tag;
    if (r == NULL || pdn_result_outcome(r) <= PDN_OUTCOME_UNKNOWN)
        r = term != NULL && pdn_result_outcome(term) > PDN_OUTCOME_UNKNOWN
                ? term
                : (r != NULL && pdn_result_outcome(r) == PDN_OUTCOME_UNKNOWN) ||
                          term != NULL
                      ? "*"
                      : NULL;
    o = r != NULL ? pdn_result_outcome(r) : PDN_OUTCOME_INVALID;
    /* counted by meaning: 1/2-1/2 and 1-1 are one draw, 2-0 is 1-0 */
    gi->result = r == NULL ? "none"
                 : o > PDN_OUTCOME_UNKNOWN ? pdn_outcome_result(o, NULL)
                                           : r;
    gi->scored = o > PDN_OUTCOME_UNKNOWN ? tool_result_in_points(r, o) + 1
                                         : 0;
    gi->winner = gt != NULL ? pdn_outcome_winner(o, gt) : 0;
    gi->lost_both = o == PDN_OUTCOME_BOTH_LOST;
}

/* The first k plies of the main line, each move as pdn_movetext_format
 * writes it. NULL when the game is shorter. */
static char *
opening_of(const pdn_game *g, const char *variant, long k)
{
    tbuf b = {NULL, 0, 0};
    const pdn_node *n = pdn_game_first(g);
    char txt[PDN_PATH_MAX * 4];
    long i;

    tbuf_printf(&b, "%s\t", variant);
    for (i = 0; i < k && n != NULL; i++, n = pdn_node_next(n)) {
        if (pdn_node_move(n) != NULL)
            pdn_movetext_format(pdn_node_move(n), txt, sizeof txt);
        else
            snprintf(txt, sizeof txt, "%s", pdn_node_text(n));
        tbuf_printf(&b, "%s%s", i ? " " : "", txt);
    }
    if (i < k) {
        tbuf_free(&b);
        return NULL;
    }
    return b.data;
}

/* The named opening of g under gt (pdn_opening_game) as "VARIANT\tNAME";
 * NULL when it has none or cannot be classified (a FEN that cannot be
 * set up is reported by pdn-validate, not here). */
static char *
named_opening(const pdn_game *g, const pdn_gametype *gt, const char *variant)
{
    tbuf b = {NULL, 0, 0};
    pdn_opening op;

    if (pdn_opening_game(g, gt, &op, NULL) != 0 || op.name == NULL)
        return NULL;
    tbuf_printf(&b, "%s\t%s", variant, op.name);
    return b.data;
}

static void
info(const tool_opts *o, const char *file, const pdn_game *g, game_info *gi,
     tool_out *to)
{
    const stats_opts *so = &o->self->so;
    const pdn_node *n;
    pdn_gametype gt;
    const char *d = pdn_game_tag(g, "Date");
    int ok = tool_gametype(o, file, g, &gt, to) == 0;

    memset(gi, 0, sizeof *gi);
    if (ok)
        infer_describe(&gt, gi->variant, sizeof gi->variant);
    else
        snprintf(gi->variant, sizeof gi->variant, "unknown");
    result_of(g, ok ? &gt : NULL, gi);
    if (d == NULL || fix_date(d, gi->date, 'y') < FIX_SAME)
        gi->date[0] = '\0';
    gi->event = named(pdn_game_tag(g, "Event"));
    gi->white = named(pdn_game_tag(g, "White"));
    gi->black = named(pdn_game_tag(g, "Black"));
    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
        gi->plies++;
    gi->opening = opening_of(g, gi->variant, so->opening);
    gi->named = ok ? named_opening(g, &gt, gi->variant) : NULL;
}

static smap *
submap(smap_entry *e)
{
    if (e->sub == NULL) {
        e->sub = tool_xmalloc(sizeof(smap));
        memset(e->sub, 0, sizeof(smap));
    }
    return e->sub;
}

/* A player's game against opponent in an event's table. */
static void
score(smap *table, const char *player, const char *opponent,
      const game_info *gi, int side)
{
    smap_entry *p = smap_get(table, player), *o;
    unsigned long units = 0;

    p->n++;
    p->wide |= gi->scored == 2;
    if (gi->lost_both || (gi->winner != 0 && gi->winner != side)) {
        p->lost++;
    } else if (gi->winner == side) {
        p->won++;
        units = 2u * (unsigned)gi->scored;
    } else {
        p->drawn++;
        units = (unsigned)gi->scored;
    }
    p->units += units;
    o = smap_get(submap(p), opponent);
    o->n++;
    o->units += units;
}

/* A date known in part counts by what is known: 1998.??.?? is not before
 * 1998.03.14, nor after 1998.03.28. */
static void
count_date(scope *s, const char *d)
{
    char lo[FIX_DATE_SIZE], hi[FIX_DATE_SIZE];
    size_t i;

    if (d[0] == '\0' || strncmp(d, "????", 4) == 0)
        return;
    s->dated++;
    for (i = 0; i < FIX_DATE_SIZE; i++) {
        lo[i] = d[i] == '?' ? '9' : d[i];
        hi[i] = d[i] == '?' ? '0' : d[i];
    }
    if (s->first[0] == '\0' || strcmp(lo, s->first_key) < 0)
        memcpy(s->first, d, FIX_DATE_SIZE), memcpy(s->first_key, lo, sizeof lo);
    if (s->last[0] == '\0' || strcmp(hi, s->last_key) > 0)
        memcpy(s->last, d, FIX_DATE_SIZE), memcpy(s->last_key, hi, sizeof hi);
}

static void
add(scope *s, const game_info *gi)
{
    smap_entry *ev;

    s->games++;
    smap_get(&s->variants, gi->variant)->n++;
    smap_get(&s->results, gi->result)->n++;
    count_date(s, gi->date);
    if (gi->event != NULL)
        smap_get(&s->events, gi->event)->n++;
    else
        s->noevent++;
    if (gi->white != NULL)
        smap_get(&s->players, gi->white)->n++;
    if (gi->black != NULL)
        smap_get(&s->players, gi->black)->n++;
    if (gi->plies >= s->nhist) {
        size_t n = gi->plies + 64;
        unsigned long *h = realloc(s->hist, n * sizeof *h);

        if (h == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
        memset(h + s->nhist, 0, (n - s->nhist) * sizeof *h);
        s->hist = h;
        s->nhist = n;
    }
    s->hist[gi->plies]++;
    s->plies += gi->plies;
    if (gi->opening != NULL)
        smap_get(&s->openings, gi->opening)->n++;
    if (gi->named != NULL)
        smap_get(&s->named, gi->named)->n++;
    if (gi->event == NULL || gi->white == NULL || gi->black == NULL ||
        gi->scored == 0)
        return;
    ev = smap_get(&s->tables, gi->event);
    ev->n++;
    score(submap(ev), gi->white, gi->black, gi, 'W');
    score(ev->sub, gi->black, gi->white, gi, 'B');
}

static void
scope_free(scope *s)
{
    smap_free(&s->variants);
    smap_free(&s->results);
    smap_free(&s->events);
    smap_free(&s->players);
    smap_free(&s->openings);
    smap_free(&s->named);
    smap_free(&s->tables);
    free(s->hist);
    memset(s, 0, sizeof *s);
}


/* Worker: what the game adds, handed over to stats_emit_game. A game the
 * reader could not build whole counts as unreadable. */
static void
stats_game(const tool_opts *o, const char *file, pdn_game *g,
           const pdn_error *rerr, tool_out *to)
{
    stats_run *sr = o->self;
    game_info *gi;

    if (g == NULL)
        return;
    gi = tool_xmalloc(sizeof *gi);
    if (rerr->code != 0)
        memset(gi, 0, sizeof *gi), gi->unread = 1;
    else
        info(o, file, g, gi, to);
    handover_put(&sr->infos, g, gi);
}

static void
game_info_free(game_info *gi)
{
    free(gi->opening);
    free(gi->named);
    free(gi->event);
    free(gi->white);
    free(gi->black);
    free(gi);
}

/* Main thread, in input order: the game counted in its file and the
 * total (status -1: outside --games' range, not counted). */
static int
stats_emit_game(const tool_opts *o, const char *file, const pdn_game *g,
                int status)
{
    (void)file;
    stats_run *sr = o->self;
    game_info *gi = g != NULL ? handover_take(&sr->infos, g) : NULL;

    if (status < 0) {
        if (gi != NULL)
            game_info_free(gi);
        return 0;
    }
    if (gi == NULL || gi->unread) {
        sr->file.unread++;
        if (!sr->single)
            sr->total.unread++;
    } else {
        add(&sr->file, gi);
        if (!sr->single)
            add(&sr->total, gi);
    }
    if (gi != NULL)
        game_info_free(gi);
    return 0;
}

/* After a file's last game: its record, then its counters start over. */
static void
stats_file_end(const tool_opts *o, const char *file, tool_out *t)
{
    stats_run *sr = o->self;

    sr->file.games += sr->file.unread;
    stats_format(o, &t->out, file, &sr->file);
    if (sr->single)
        sr->total = sr->file;
    else
        scope_free(&sr->file);
    memset(&sr->file, 0, sizeof sr->file);
}

/* After the last file: the total of every file (with -f json, or more
 * than one file). */
static int
stats_run_end(const tool_opts *o)
{
    stats_run *sr = o->self;
    int rc = 0;

    if (!sr->single)
        sr->total.games += sr->total.unread;
    if ((o->json || !sr->single) && o->out->err == 0)
        rc = stats_emit(o, NULL, &sr->total);
    return rc;
}

int
main(int argc, char **argv)
{
    static const char *const fmts[] = {"text", "json", NULL};
    static stats_run sr;
    tool_opts o;
    int c, v, st;

    sr.so.opening = 6;
    sr.so.top = 10;
    tool_opts_init(&o);
    o.self = &sr;
    o.game = stats_game;
    o.emit = stats_emit_game;
    o.file_end = stats_file_end;
    o.run_end = stats_run_end;
    while ((c = tool_getopt(&stats_cmdline, &o, argc, argv, &st)) != -1) {
        v = 0;
        if (c == 'f' && (v = tool_choice(c, optarg, fmts)) >= 0)
            o.json = o.diag_stdout = v;
        else if (c == OPT_OPENING_PLIES)
            v = tool_number_option(c, optarg, 1, 40, NULL, &sr.so.opening);
        else if (c == OPT_TOP)
            v = tool_number_option(c, optarg, 0, 1000000, NULL, &sr.so.top);
        if (v < 0)
            return TOOL_TROUBLE;
    }
    if (st >= 0)
        return st;
    argc -= optind;
    argv += optind;
    sr.single = argc <= 1;
    handover_init(&sr.infos);
    st = tool_run(&o, argc, argv);
    handover_free(&sr.infos);
    scope_free(&sr.total);
    return st;
}
