/* SPDX-License-Identifier: MIT */
/* pdn-select: writes the games that match every criterion, each byte for
 * byte as in its input, and with -x the others; counts them (-k), lists
 * them (-f json), drops repeated games (-H) and fragments of games (-J).
 * The criteria are decided on the workers (selectcrit.c); the order-bound
 * decisions (duplicates, -I) on the main thread, in input order. */
#include <config.h>
#include "common.h"
#include "selectcrit.h"
#include "selectdup.h"
#include "selectopen.h"
#include "selectout.h"
#include "selectpass.h"
#include "selectsort.h"
#include "handover.h"
#include "summary.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-select";

static const tool_option select_options[] = {
    SELCRIT_OPTIONS,
    SELOUT_OPTIONS,
    {"shard-games", SELECT_OPT_SHARD_GAMES, "N",
     "-i: shards of N games, %{shard} in TEMPLATE\n"
     "standing for the shard's number (0001, ...)"},
    {"shard-bytes", SELECT_OPT_SHARD_BYTES, "N",
     "-i: shards of about N bytes (a larger game\n"
     "alone), at game boundaries"},
    {"sort", SELECT_OPT_SORT, "TAG", "write the games selected in the order of\n"
                                     "their TAG's value (bytes; Date: as dates;\n"
                                     "games without it last, equal values in\n"
                                     "input order)"},
    {"format", 'f', "FORMAT", "pdn (default: the games) or json (one record\n"
                              "per game: file, game, tags)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline select_cmdline = {
    "[OPTION]... [FILE]...",
    "Write the PDN games that match every criterion, byte for byte.\n",
    select_options, "gGAEoqWj" TOOL_OPT_SCALE,
    "no game selected, or input that could not be read", NULL};


typedef struct tool_self {
    sel_crit crit;
    selout_opts so;          /* -H -J -k -I -x (selectout.h) */
    int json;
    atomic_int stopped;       /* -I reached: the workers do nothing */
    unsigned long selected;
    seldup seen;              /* games selected, by fingerprint */
    seldup all;               /* -J: every game's, from the first pass */
    uint32_t *container;      /* -J: the game each one begins, or 0 */
    seldup_seq seq;           /* game numbers over all inputs */
    const char *file;         /* the input of the last game emitted */
    selout route;             /* where the bytes go */
    selsort sort;             /* --sort: the games selected, in order */
    handover verdicts;        /* each game's, from the workers */
} select_state;

/* What a worker hands over: the verdict, and the reader's error when
 * the game could not be read whole (its JSON record is then that). */
typedef struct sel_pending {
    sel_verdict v;
    pdn_pos pos;
    int code;                /* PDN_OK: read whole */
    char message[256];
} sel_pending;

/* The verdict of g; 0 when none was handed over (no game, or -I). */
static int
take(select_state *s, const pdn_game *g, sel_pending *v)
{
    sel_pending *p = handover_take(&s->verdicts, g);

    if (p == NULL)
        return 0;
    *v = *p;
    free(p);
    return 1;
}

static void
select_game(const tool_opts *o, const char *file, pdn_game *g,
            const pdn_error *rerr, tool_out *to)
{
    select_state *s = o->self;
    sel_pending p;

    if (g == NULL || atomic_load(&s->stopped))
        return;
    selcrit_game(&s->crit, o, file, g, to, &p.v, NULL, NULL);
    p.code = rerr->code;
    p.pos = rerr->pos;
    snprintf(p.message, sizeof p.message, "%s", rerr->code ? rerr->text : "");
    handover_put(&s->verdicts, g, tool_xmemdup(&p, sizeof p));
}

/* The game's number over every input, and the file table it needs. */
static uint32_t
number(select_state *s, const char *file, const pdn_game *g)
{
    int other = file != s->file;

    s->file = file;
    return seldup_number(&s->seq, &s->seen, other, file,
                         pdn_game_number(g));
}

/* The order-bound part of the verdict: -H, -J and -I. */
static int
decide(select_state *s, const tool_opts *o, const char *file,
       const pdn_game *g, const sel_verdict *v)
{
    uint32_t me = number(s, file, g);

    if (!v->match)
        return 0;
    if (s->so.dedupe && v->have_fp &&
        seldup_drop(&s->seen, &s->all, s->container, &v->fp, me, o, file,
                    pdn_game_number(g), pdn_game_pos(g)))
        return 0;
    s->selected++;
    if (s->so.max != 0 && s->selected == s->so.max)
        atomic_store(&s->stopped, 1);
    return 1;
}

/* A selected game's record: where it starts in its input (line, byte
 * offset) and its tags; or the reader's error when it could not be read
 * whole. */
static void
json_record(tbuf *b, const char *file, const pdn_game *g,
            const sel_pending *p)
{
    size_t i, j, n = pdn_game_tag_count(g);
    pdn_pos pos = pdn_game_pos(g);

    if (p->code != PDN_OK) {
        tool_json_unread(b, file, pdn_game_number(g), &p->pos, p->code,
                         p->message);
        return;
    }
    tool_json_head(b, "game", file, pdn_game_number(g));
    tbuf_printf(b, ",\"line\":%lu,\"offset\":%llu,\"tags\":{",
                (unsigned long)pos.line, (unsigned long long)pos.offset);
    for (i = 0; i < n; i++) {
        const char *name = pdn_game_tag_name_at(g, i);

        /* a repeated tag: its first value, as pdn_game_tag gives it */
        for (j = 0; j < i && strcmp(pdn_game_tag_name_at(g, j), name); j++)
            ;
        if (j < i)
            continue;
        if (b->data[b->len - 1] != '{')
            tbuf_addc(b, ',');
        tbuf_json(b, name);
        tbuf_addc(b, ':');
        tbuf_json(b, pdn_game_tag_value_at(g, i));
    }
    tbuf_adds(b, "}}\n");
}

static int
select_emit(const tool_opts *o, const char *file, const pdn_game *g,
            int status)
{
    select_state *s = o->self;
    sel_pending v;
    int chosen, stopped = atomic_load(&s->stopped);

    if (g == NULL)
        return 0;
    if (status < 0 && tool_game_oversize(g, NULL) &&
        !tool_input_rereadable()) /* left out */
        return selout_gap(&s->route, g);
    if (!take(s, g, &v) || (stopped && s->selected >= s->so.max))
        return selout_game(&s->route, file, g, NULL);
    chosen = decide(s, o, file, g, &v.v);
    if (chosen && s->json) {
        tbuf b = {NULL, 0, 0};
        int rc;

        json_record(&b, file, g, &v);
        rc = tool_write(o->out, b.data, b.len);
        tbuf_free(&b);
        return rc < 0 ? -1 : selout_game(&s->route, file, g, NULL);
    }
    if (chosen && s->sort.tag != NULL) {
        if (selout_game(&s->route, file, g, &s->sort.out) < 0)
            return -1;
        selsort_add(&s->sort, g);
        return 0;
    }
    if (chosen)
        return selout_game(&s->route, file, g, s->route.main);
    return selout_game(&s->route, file, g, s->so.bad);
}

/* After the last input: the summary says how many were selected. */
static int
select_run_end(const tool_opts *o)
{
    select_state *s = o->self;

    summary_selected(s->selected);
    return s->sort.tag != NULL ? selsort_end(&s->sort, o->out) : 0;
}

static int
parse(select_state *s, tool_opts *o, int argc, char **argv)
{
    int c, st, r;

    while ((c = tool_getopt(&select_cmdline, o, argc, argv, &st)) != -1) {
        if ((r = selcrit_option(&s->crit, c, optarg)) != 0) {
            if (r < 0)
                return TOOL_TROUBLE;
        } else if ((r = selout_option(&s->so, &s->route, c, optarg)) != 0) {
            if (r < 0)
                return TOOL_TROUBLE;
        } else if (c == SELECT_OPT_SHARD_GAMES || c == SELECT_OPT_SHARD_BYTES) {
            if (selout_shard_option(&s->route, c, optarg) < 0)
                return TOOL_TROUBLE;
        } else if (c == SELECT_OPT_SORT) {
            s->sort.tag = optarg;
        } else if (c == 'f') {
            static const char *const fmts[] = {"pdn", "json", NULL};
            if ((s->json = tool_choice(c, optarg, fmts)) < 0)
                return TOOL_TROUBLE;
            /* findings and notes as records beside the games' */
            o->json = o->diag_stdout = s->json;
        }
    }
    /* -H and -J: replaying criteria, a game that cannot be replayed is
     * not selected */
    s->crit.fingerprint |= s->so.dedupe;
    s->crit.prefixes |= s->so.fragments;
    if (s->so.bad != NULL)
        s->so.bad->end_line = 1;
    if (st >= 0)
        return st;
    if (selout_conflicts(&s->so, &s->route, o, s->json) < 0)
        return TOOL_TROUBLE;
    if (s->sort.tag != NULL && (s->so.count_only || s->json ||
                                s->route.split != NULL))
        return tool_usage_error("--sort orders the games written: not with "
                                "-k, -f json or -i");
    if (selcrit_conflicts(&s->crit, 0) < 0)
        return TOOL_TROUBLE;
    if (s->crit.prefixes && (argc == optind || strcmp(argv[argc - 1], "-") == 0))
        return tool_usage_error("-J reads its inputs three times "
                                "(fingerprints, prefixes, output): they "
                                "must be files, not standard input");
    return -1;
}

int
main(int argc, char **argv)
{
    static select_state s;
    tool_opts o;
    int st, out_fd = -1;

    tool_opts_init(&o);
    o.game = select_game;
    o.emit = select_emit;
    o.run_end = select_run_end;
    o.self = &s;
    handover_init(&s.verdicts);
    if ((st = parse(&s, &o, argc, argv)) >= 0)
        return st;
    argc -= optind;
    argv += optind;
    /* Tags alone: nothing is replayed, not even the first pass that
     * decides the variant of untagged games, and reading is the work. */
    if (!selcrit_replays(&s.crit))
        o.have_gt = 1;
    selout_init(&s.route, &o, s.so.count_only || s.json ? NULL : o.out, s.so.bad,
                argc, argv);
    o.copies = !(s.so.count_only || s.json) || s.so.bad != NULL ||
               s.route.split != NULL;
    /* -J: fingerprints of every game first, then which game each begins */
    if (s.crit.prefixes &&
        selpass_fragments(&s.crit, &o, argc, argv, &s.all, &s.container) != 0)
        return TOOL_TROUBLE;
    if (s.sort.tag != NULL && selsort_open(&s.sort) != 0)
        return TOOL_TROUBLE;
    if (s.so.count_only)
        out_fd = dup(STDOUT_FILENO);
    st = tool_run(&o, argc, argv);
    st = selout_end(&s.route, st);
    if (out_fd >= 0) {
        char line[32];
        int n = snprintf(line, sizeof line, "%lu\n", s.selected);

        if (st < TOOL_TROUBLE && write(out_fd, line, (size_t)n) != n) {
            tool_error("standard output: write error");
            st = TOOL_TROUBLE;
        }
        close(out_fd);
    }
    if (st == TOOL_OK && s.selected == 0)
        st = TOOL_PROBLEMS;
    handover_free(&s.verdicts);
    seldup_free(&s.seen);
    seldup_free(&s.all);
    free(s.container);
    selcrit_free(&s.crit);
    return st;
}
