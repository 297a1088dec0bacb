/* SPDX-License-Identifier: MIT */
/* pdn-db search: pdn-select's criteria over one or more databases. The
 * index gives the candidates (tags by regular expression, result,
 * variant, plies, comments, legality and material from the columns and
 * tables that hold exactly what pdn-select decides them by; a position, an
 * opening, a pattern or a manoeuvre narrowed by the posting index, store.c,
 * to the games that can hold them); whatever the columns do not settle (a
 * position, dates, an opening, -Z) is decided by pdn-select's own code
 * (selectcrit.c) on the stored game, so that the answer is pdn-select's. */
#include <config.h>
#include "search.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DB_OPT_PATTERN 0xb0 /* after pdn-select's codes */
#define DB_OPT_MANOEUVRE 0xb3
#define DB_OPT_SEQUENCE 0xb5
#define DB_OPT_STREAK 0xb6

/* pdn-select's criteria and choices of what is written, with its texts
 * (selectcrit.h, selectout.h), and the database's own criteria. */
static const tool_option search_options[] = {
    SELCRIT_OPTIONS,
    {"pattern", DB_OPT_PATTERN, "PATTERN",
     "the game reaches a position holding PATTERN:\n"
     "W22,K18:B9,12:E13,14 (white pieces, black\n"
     "pieces, K a king, E empty squares; the rest\n"
     "free)"},
    {"manoeuvre", DB_OPT_MANOEUVRE, "MOVE",
     "a move of the main line is MOVE:\n"
     "SIDE[KIND]FROM>TO[xN][=K][@LO..HI] (WK1-5>46-50x2:\n"
     "a white king from 1-5 to 46-50 capturing 2 or\n"
     "more; =K promoting; @ the plies)"},
    {"sequence", DB_OPT_SEQUENCE, NULL,
     "the --pattern and --manoeuvre conditions are\n"
     "met in the order given, each at a later ply"},
    {"streak", DB_OPT_STREAK, NULL,
     "... in the order given, on consecutive plies"},
    SELOUT_OPTIONS,
    {"format", 'f', "FORMAT", "pdn (default: the games) or json (one record\n"
                              "per game: file, game, tags)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline search_cmdline = {
    "search [OPTION]... DB...",
    "Write the games of the databases DB that match every criterion, byte\n"
    "for byte as they were read (pdn-select's criteria).\n",
    search_options, "oq", "no game selected",
    "\nEvery operand is a database (pdn-db create makes one); the games\n"
    "of several are searched in the order given.\n"
    "\nExit status:\n  0  games selected\n  1  no game selected\n"
    "  2  usage error, a database that cannot be read, or system trouble\n"};

/* The text of the current row's game (columns 6 and 10). */
const char *
search_text_of(search_state *s, sqlite3_stmt *st)
{
    if (!s->have_text) {
        if (db_text_unpack(sqlite3_column_blob(st, 6),
                           sqlite3_column_bytes(st, 6),
                           sqlite3_column_int64(st, 10), &s->text) != 0) {
            /* an error, never a game dropped without a word */
            tool_error("%s: game %lld (%s, game %lld): its stored text "
                       "does not inflate: the database is corrupt (pdn-db "
                       "verify checks it)", s->db_path,
                       (long long)sqlite3_column_int64(st, 0),
                       (const char *)sqlite3_column_text(st, 2),
                       (long long)sqlite3_column_int64(st, 3));
            s->bad_text = 1;
            s->bad_texts++;
        }
        s->have_text = 1;
    }
    return s->text.data != NULL ? s->text.data : "";
}

/* 1 when the query adds criteria of the columns and tags (make_query). */
int
search_sql_criteria(const sel_crit *c)
{
    return c->ntags != 0 || c->have_result || c->have_variant ||
           c->have_plies || c->comments || c->legality || c->date_hi != 0;
}

/* The candidates' query: what the columns decide exactly. */
static void
make_query(search_state *s, tbuf *q)
{
    const sel_crit *c = &s->crit;

    tbuf_adds(q, "SELECT g.id, g.file, f.path, g.number, g.gametype, g.pre,"
                 " g.raw, g.outcome, g.line, g.offset, g.size, ");
    if (c->have_pos && s->initial.len != 0)
        tbuf_printf(q, "g.gametype IN (%s) AND NOT EXISTS(SELECT 1 FROM tags"
                       " t WHERE t.game = g.id AND t.name = 'FEN')",
                    s->initial.data);
    else
        tbuf_adds(q, "0");
    tbuf_adds(q, " FROM games g JOIN files f ON f.id = g.file WHERE 1");
    if (!s->every && s->have_conds)
        tbuf_adds(q, " AND g.gametype IS NOT NULL");
    if (s->every) { /* every game: selectcrit.c decides (-Z, -x) */
        tbuf_adds(q, " ORDER BY g.id");
        return;
    }
    /* the tags unless the index gave each criterion's games */
    selsql_where(c, (s->tags_exact ? 0 : SELSQL_TAGS) | SELSQL_RESULT |
                        SELSQL_COLUMNS | SELSQL_YEAR, q);
    if (s->cands.seek) /* one candidate of the index at a time */
        tbuf_adds(q, " AND g.id = ?1");
    else
        tbuf_adds(q, " ORDER BY g.id");
}

static int64_t
max_id(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int64_t v = 0;

    if (sqlite3_prepare_v2(db, "SELECT max(id) FROM games", -1, &st,
                           NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* One database: its candidates, each decided and written. */
static int
search_db(search_state *s, db_emit *e, const char *path, int index)
{
    sqlite3 *db = db_open(path, 0);
    sqlite3_stmt *st = NULL;
    tbuf q = {NULL, 0, 0};
    int rc = SQLITE_DONE, status = TOOL_OK;
    size_t ci;

    if (db == NULL)
        return TOOL_TROUBLE;
    s->db_path = path;
    selsql_functions(db, &s->crit);
    free(s->cands.bits);
    s->cands.nseen = max_id(db) + 1;
    s->cands.bits = calloc((size_t)(s->cands.nseen + 7) / 8, 1);
    if (s->cands.bits == NULL)
        s->cands.nseen = 0;
    if ((s->crit.have_pos && search_position_keys(s, db, path) != 0) ||
        search_candidates(s, db, path) != 0 ||
        search_tag_lookup(s, db, path) != 0 ||
        search_material_needs(s, db, path) != 0 ||
        search_opening_lookup(s, db, path) != 0 ||
        search_plies_pass(s, db, path) != 0 ||
        search_start_count(s, db, path) != 0) {
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    if (s->every) /* -x, -Z: every game is decided here, none passed */
        s->cands.use = 0;
    /* -k of games the plies decided, and nothing else to decide: counted
     * without reading their rows; the others go on */
    if (s->so.count_only && s->sbits != NULL && s->cands.use && !s->verify &&
        !s->so.dedupe && s->so.bad == NULL && !search_sql_criteria(&s->crit)) {
        size_t n = 0;

        for (ci = 0; ci < s->cands.n; ci++) {
            int64_t id = s->cands.ids[ci];

            if (id >= 0 && id < s->cands.nseen && bit_get(s->sbits, id))
                s->selected += (unsigned long)bit_get(s->mbits, id);
            else
                s->cands.ids[n++] = id;
        }
        s->cands.n = n;
        if (s->so.max != 0 && s->selected > s->so.max)
            s->selected = s->so.max;
    }
    /* many candidates: the games in order beat a seek for each */
    s->cands.seek = s->cands.use &&
              (int64_t)s->cands.n * 4 < max_id(db) + 64;
    make_query(s, &q);
    st = db_prepare(db, path, q.data);
    tbuf_free(&q);
    if (st == NULL || db_emit_source(e, db, path, index) != 0 ||
        (s->so.bad != NULL && db_emit_source(&s->ebad, db, path, index) != 0) ||
        (s->so.dedupe &&
         (s->dup.fp = db_prepare(db, path, "SELECT fingerprint FROM games"
                                       " WHERE id = ?")) == NULL)) {
        sqlite3_finalize(st);
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    for (ci = 0; s->so.max == 0 || s->selected < s->so.max;) {
        int64_t id;

        if (s->cands.seek) {
            if (ci == s->cands.n) {
                rc = SQLITE_DONE;
                break;
            }
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, s->cands.ids[ci++]);
            if ((rc = sqlite3_step(st)) == SQLITE_DONE)
                continue;
        } else {
            rc = sqlite3_step(st);
        }
        if (rc != SQLITE_ROW)
            break;
        id = sqlite3_column_int64(st, 0);
        if (s->cands.use && !s->cands.seek) { /* the candidates in step */
            while (ci < s->cands.n && s->cands.ids[ci] < id)
                ci++;
            if (ci == s->cands.n) {
                rc = SQLITE_DONE;
                break;
            }
            if (s->cands.ids[ci] != id)
                continue;
        }
        s->have_text = 0;
        s->bad_text = 0;
        const char *file = (const char *)sqlite3_column_text(st, 2);
        const char *gts = (const char *)sqlite3_column_text(st, 4);
        db_game_row row;
        int match = 1;

        row.id = id;
        row.file_id = sqlite3_column_int64(st, 1);
        row.file = file;
        row.number = sqlite3_column_int64(st, 3);
        row.pre = sqlite3_column_int64(st, 5);
        row.line = sqlite3_column_int64(st, 8);
        row.offset = sqlite3_column_int64(st, 9);
        row.raw = NULL;
        row.len = 0;
        row.extra = NULL;
        /* a game proved to start in the -X position needs no replay; the
         * text is inflated only when something reads it */
        if (s->verify && !(s->pos_only && sqlite3_column_int(st, 11)))
            match = (search_text_of(s, st), !s->bad_text) &&
                    search_decide(s, file, gts, s->text.data,
                                  (int)s->text.len);
        if (match && s->have_conds)
            match = search_conds_game(s, path, id, file, gts, st);
        if (match && s->so.dedupe) {
            row.raw = search_text_of(s, st);
            row.len = (int)s->text.len;
            match = !search_repeated(s, index, &row);
        }
        if (!match) {
            /* -x: the games not selected, as pdn-select writes them */
            if (s->so.bad != NULL && s->dup.pass == 0) {
                row.raw = search_text_of(s, st);
                row.len = (int)s->text.len;
                if (!s->bad_text && db_emit_game(&s->ebad, &row) != 0) {
                    status = TOOL_TROUBLE;
                    break;
                }
            }
            continue;
        }
        if (s->so.count_only) {
            s->selected++;
            continue;
        }
        row.raw = search_text_of(s, st);
        row.len = (int)s->text.len;
        if (s->bad_text)
            continue;
        s->selected++;
        if (s->route.split != NULL && search_split_dest(s, e, &row) != 0) {
            status = TOOL_TROUBLE;
            break;
        }
        row.extra = !s->json              ? NULL
                    : s->have_conds ? strdup(s->conds.plies.data)
                                    : search_plies_of(s, file, gts);
        row.len = db_emit_game(e, &row);
        free(row.extra);
        if (row.len != 0) {
            status = TOOL_TROUBLE;
            break;
        }
    }
    if (status == TOOL_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
        status = db_fail(db, path, "query");
    if (s->bad_texts != 0)
        status = TOOL_TROUBLE;
    s->bad_texts = 0;
    sqlite3_finalize(st);
    sqlite3_finalize(s->dup.fp);
    s->dup.fp = NULL;
    sqlite3_finalize(s->plies_st);
    s->plies_st = NULL;
    db_emit_source(e, NULL, NULL, -1);
    db_emit_source(&s->ebad, NULL, NULL, -1);
    sqlite3_close(db);
    return status;
}

static int
parse(search_state *s, tool_opts *o, int argc, char **argv)
{
    int c, st, r;

    while ((c = tool_getopt(&search_cmdline, o,
                            argc, argv, &st)) != -1) {
        if ((r = selcrit_option(&s->crit, c, optarg)) != 0) {
            if (r < 0)
                return TOOL_TROUBLE;
        } else if (c == DB_OPT_PATTERN || c == DB_OPT_MANOEUVRE) {
            if (db_conds_add(&s->conds, c == DB_OPT_PATTERN, optarg) != 0)
                return TOOL_TROUBLE;
        } else if (c == DB_OPT_SEQUENCE || c == DB_OPT_STREAK) {
            int mode = c == DB_OPT_SEQUENCE ? DB_CONDS_SEQUENCE
                                            : DB_CONDS_STREAK;

            if (s->conds.mode != DB_CONDS_EVERY && s->conds.mode != mode)
                return tool_usage_error("--sequence and --streak: one or "
                                        "the other");
            s->conds.mode = mode;
        } else if ((r = selout_option(&s->so, &s->route, c, optarg)) != 0) {
            if (r < 0)
                return TOOL_TROUBLE;
        } else if (c == 'f') {
            static const char *const fmts[] = {"pdn", "json", NULL};
            if ((s->json = tool_choice(c, optarg, fmts)) < 0)
                return TOOL_TROUBLE;
            o->json = s->json; /* -H's notes as records */
        }
    }
    /* -H and -J: replaying criteria, a game that cannot be replayed is
     * not selected */
    s->crit.fingerprint |= s->so.dedupe;
    s->crit.prefixes |= s->so.fragments;
    if (st >= 0)
        return st;
    if (optind >= argc)
        return tool_usage_error("search: no database named");
    if (selout_conflicts(&s->so, &s->route, o, s->json) < 0)
        return TOOL_TROUBLE;
    if (s->conds.mode != DB_CONDS_EVERY && s->conds.n < 2)
        return tool_usage_error("--sequence and --streak order two or more "
                                "--pattern and --manoeuvre conditions");
    for (c = 0; c < s->conds.n && !s->conds.c[c].is_pattern; c++)
        ;
    if (selcrit_conflicts(&s->crit, c < s->conds.n) < 0)
        return TOOL_TROUBLE;
    return -1;
}

/* -J: two passes over the games selected before the one that writes, as
 * pdn-select makes over its files (selectpass.h): every fingerprint,
 * then which game each one begins. 0, or 2 after reporting. */
static int
fragments(search_state *s, int argc, char **argv)
{
    db_emit none;
    int i, st = 0;

    db_emit_init(&none, NULL, 0);
    s->dup.sp.c = &s->crit;
    s->dup.sp.all = &s->dup.all;
    for (s->dup.pass = 1; s->dup.pass <= 2 && st == 0; s->dup.pass++) {
        if (s->dup.pass == 2) {
            size_t n = (size_t)s->dup.seq.index + 1;

            s->dup.sp.container = s->dup.container =
                tool_xmalloc(n * sizeof *s->dup.container);
            memset(s->dup.container, 0, n * sizeof *s->dup.container);
        }
        memset(&s->dup.seq, 0, sizeof s->dup.seq);
        s->dup.last_db = 0;
        s->dup.last_file = 0;
        for (i = 0; i < argc && st == 0; i++)
            st = search_db(s, &none, argv[i], i) == TOOL_TROUBLE;
    }
    s->dup.pass = 0;
    memset(&s->dup.seq, 0, sizeof s->dup.seq);
    s->dup.last_db = 0;
    s->dup.last_file = 0;
    return st ? TOOL_TROUBLE : 0;
}

static int
run(int argc, char **argv)
{
    static search_state s;
    const sel_crit *c = &s.crit;
    tool_opts o;
    db_emit e;
    int st, i;

    tool_opts_init(&o);
    if ((st = parse(&s, &o, argc, argv)) >= 0)
        return st;
    argc -= optind;
    argv += optind;
    db_conds_reversed(&s.conds, c->reversed);
    s.conds.all_plies = s.json;
    s.have_conds = s.conds.n > 0;
    s.every = c->invert || s.so.bad != NULL;
    s.pos_only = c->have_pos && !c->nopening && !c->opening_name &&
                 c->date_hi == 0 && !s.every && !c->prefixes;
    s.verify = c->have_pos || c->nopening || c->opening_name ||
               c->date_hi != 0 || s.every || c->prefixes;
    s.o = &o;
    tool_opts_init(&s.vo);
    s.vo.quiet = 1;
    s.vo.have_force = 1;
    if (tool_outputs_open(o.out, argc, argv) != 0)
        return tool_finish(&o, TOOL_TROUBLE);
    db_emit_init(&e, s.so.count_only ? NULL : o.out, s.json);
    if (s.so.bad != NULL)
        db_emit_init(&s.ebad, s.so.bad, 0);
    selout_init(&s.route, &o, NULL, s.so.bad, argc, argv);
    if (c->prefixes && fragments(&s, argc, argv) != 0)
        st = TOOL_TROUBLE;
    for (i = 0; i < argc && st != TOOL_TROUBLE; i++) {
        int r = search_db(&s, &e, argv[i], i);

        st = r > st ? r : st;
    }
    if (st < 0)
        st = TOOL_OK;
    st = selout_end(&s.route, st);
    if (s.so.count_only && st < TOOL_TROUBLE) {
        char line[32];
        int len = snprintf(line, sizeof line, "%lu\n", s.selected);

        if (tool_write(o.out, line, (size_t)len) != 0)
            st = TOOL_TROUBLE;
    }
    if (st == TOOL_OK && s.selected == 0)
        st = TOOL_PROBLEMS;
    pdn_board_free(s.cache.board);
    pdn_movelist_free(s.cache.moves);
    infer_cache_free(&s.cache);
    free(s.keys);
    free(s.cands.ids);
    free(s.cands.next);
    free(s.cands.bits);
    tbuf_free(&s.text);
    tbuf_free(&s.initial);
    tbuf_free(&s.xplies);
    db_conds_free(&s.conds);
    free(s.sbits);
    free(s.mbits);
    selcrit_free(&s.crit);
    seldup_free(&s.dup.seen);
    seldup_free(&s.dup.all);
    free(s.dup.container);
    return tool_finish(&o, st);
}

int
db_search_main(int argc, char **argv)
{
    return run(argc, argv);
}
