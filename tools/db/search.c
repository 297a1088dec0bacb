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
#include "db.h"
#include "emit.h"
#include "conds.h"
#include "plies.h"
#include "common.h"
#include "selectcrit.h"
#include "selectdup.h"
#include "selectopen.h"
#include "selectout.h"
#include "selectpass.h"

#include <pthread.h>
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

typedef struct search_state {
    sel_crit crit;
    selout_opts so;          /* -H -J -k -I -x (selectout.h) */
    int json;
    int verify;              /* some criterion is decided on the game */
    unsigned long selected;
    tool_opts vo;            /* what selectcrit.c is given */
    tool_cache cache;
    char gts[64];            /* the variant vo.force holds */
    int64_t *keys;           /* -X: the position's keys in this database */
    size_t nkeys;
    tbuf initial;            /* -X: the variants it is the start of */
    int pos_only;            /* -X is the only criterion decided on games */
    db_conds conds;          /* --pattern, --manoeuvre (conds.h) */
    int have_conds;
    unsigned char *sbits;    /* the games the plies table decided, */
    unsigned char *mbits;    /* ... those that meet the conditions */
    sqlite3_stmt *plies_st;  /* -f json: a game's stream */
    db_plies_geom geom;
    tbuf xplies;             /* -f json -X: the plies of the position */
    int every;               /* every game decided here (-x, -Z) */
    seldup seen;             /* -H: the games selected, by fingerprint */
    seldup_seq seq;          /* -H: game numbers over every database */
    int64_t last_file;       /* -H: the file of the last row numbered */
    int last_db;
    sqlite3_stmt *fp;        /* -H: a game's fingerprint */
    int pass;                /* -J: 1, 2 before the one that writes (0) */
    seldup all;              /* -J: every selected game's fingerprint */
    uint32_t *container;     /* -J: the game each one begins, or 0 */
    selpass sp;
    db_emit ebad;            /* -x: the games not selected */
    selout route;            /* -i: the files of the games selected */
    tool_output *dest;       /* -i: the file of the game */
    const tool_opts *o;      /* the command's options (notes, records) */
    int use_cand;            /* the index gave the candidates: */
    int seek;                /* ... each read by its id (else the games
                              * read in order, the others passed) */
    int64_t *cand;           /* their ids, ascending */
    size_t ncand, capcand;
    int64_t *cand2;          /* the second criterion's, to intersect */
    size_t ncand2, capcand2;
    unsigned char *cbits;    /* the games in cand2, a bit each */
    int64_t nseen;           /* games the bits cover */
    unsigned char need[2][4]; /* a signature the game must reach: the
                               * least of each kind of piece (white men,
                               * black men, white kings, black kings),
                               * as given or (row 1) reversed */
    int need_rows;
    tbuf text;               /* the current game's text */
    int have_text;
    int tags_exact;          /* tag_lookup gave each tag criterion's games */
    int bad_text;            /* the current game's text did not inflate */
    int bad_texts;           /* ... some game's of this database */
    const char *db_path;     /* the database searched */
    unsigned long last_ply;  /* -f json -X: the last ply written, plus 1 */
} search_state;

/* pdn_tag(i, value): the i-th tag criterion's expression matches. */
static void
tag_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
    const sel_crit *c = sqlite3_user_data(cx);
    int i = sqlite3_value_int(argv[0]);
    const char *v = (const char *)sqlite3_value_text(argv[1]);

    (void)argc;
    sqlite3_result_int(cx, i >= 0 && (size_t)i < c->ntags && v != NULL &&
                               regexec(&c->tags[i].re, v, 0, NULL, 0) == 0);
}

/* pdn_folk(gametype): the folk variant of a stored GameType (its
 * seventh field; PDN_FOLK_NONE without one), -1 when it does not read. */
static void
folk_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
    const char *v = (const char *)sqlite3_value_text(argv[0]);
    pdn_gametype gt;

    (void)argc;
    sqlite3_result_int(cx, v != NULL && pdn_gametype_by_name(v, &gt) == 0
                               ? gt.folk : -1);
}

/* The position with colours reversed: the board turned half round, each
 * piece of the other colour, the other side to move. NULL if it cannot
 * be placed. */
static pdn_board *
turned(const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_board *t = pdn_board_new(gt, NULL);
    pdn_fen fen;
    int sq, n = pdn_square_count(gt);

    memset(&fen, 0, sizeof fen);
    fen.turn = pdn_board_turn(b) == 'B' ? 'W' : 'B';
    for (sq = 1; t != NULL && sq <= n && fen.count < PDN_FEN_MAX; sq++) {
        int at = pdn_square_to_coord(gt, sq), p, f, r;

        if (at < 0 || (p = pdn_board_piece(b, at)) == 0)
            continue;
        f = gt->width - 1 - PDN_COORD_FILE(at);
        r = gt->height - 1 - PDN_COORD_RANK(at);
        fen.piece[fen.count].colour = p == 'w' || p == 'W' ? 'B' : 'W';
        fen.piece[fen.count].king = p == 'W' || p == 'B';
        fen.piece[fen.count].algebraic = 1;
        fen.piece[fen.count].sq = (unsigned char)PDN_COORD(f, r);
        fen.count++;
    }
    if (t != NULL && pdn_board_set_fen(t, &fen, NULL) != 0) {
        pdn_board_free(t);
        t = NULL;
    }
    return t;
}

static void
add_key(search_state *s, const pdn_board *b)
{
    s->keys = realloc(s->keys, (s->nkeys + 1) * sizeof *s->keys);
    if (s->keys == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    s->keys[s->nkeys++] = db_key(b);
}

/* A variant whose start position is the -X position: its games without
 * FEN tag reach it at ply 0, proved without a replay. */
static void
initial(search_state *s, const char *gts)
{
    char *q = sqlite3_mprintf("%s%Q", s->initial.len ? "," : "", gts);

    tbuf_adds(&s->initial, q);
    sqlite3_free(q);
}

/* -X: the keys of the position under every variant of the database. */
static int
position_keys(search_state *s, sqlite3 *db, const char *path)
{
    /* a seek of the games_gametype index per variant, not a scan */
    sqlite3_stmt *st = db_prepare(db, path,
                                  "WITH RECURSIVE v(g) AS (SELECT"
                                  " min(gametype) FROM games UNION ALL"
                                  " SELECT (SELECT min(gametype) FROM games"
                                  " WHERE gametype > v.g) FROM v WHERE"
                                  " v.g IS NOT NULL)"
                                  " SELECT g FROM v WHERE g IS NOT NULL");
    int rc;

    s->nkeys = 0;
    s->initial.len = 0;
    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        pdn_gametype gt;
        pdn_board *b, *t;

        if (pdn_gametype_parse((const char *)sqlite3_column_text(st, 0), &gt,
                               NULL) < 0 ||
            (b = pdn_board_new(&gt, NULL)) == NULL)
            continue;
        if (pdn_board_set_fen(b, &s->crit.pos, NULL) == 0) {
            pdn_board *init = pdn_board_new(&gt, NULL);

            add_key(s, b);
            if (init != NULL && db_same_board(b, init))
                initial(s, (const char *)sqlite3_column_text(st, 0));
            if (s->crit.reversed && (t = turned(b)) != NULL) {
                add_key(s, t);
                if (init != NULL && db_same_board(t, init))
                    initial(s, (const char *)sqlite3_column_text(st, 0));
                pdn_board_free(t);
            }
            pdn_board_free(init);
        }
        pdn_board_free(b);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, path, "query"), -1;
    return 0;
}

static void
bit_set(unsigned char *bits, int64_t id)
{
    bits[id >> 3] |= (unsigned char)(1 << (id & 7));
}

static int
bit_get(const unsigned char *bits, int64_t id)
{
    return bits[id >> 3] >> (id & 7) & 1;
}

/* Appends id to s->cand2. */
static void
cand_push(search_state *s, int64_t id)
{
    if (s->ncand2 == s->capcand2) {
        s->capcand2 = s->capcand2 ? s->capcand2 * 2 : 1024;
        s->cand2 = realloc(s->cand2, s->capcand2 * sizeof *s->cand2);
        if (s->cand2 == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    s->cand2[s->ncand2++] = id;
}

/* The index's candidates (db_post_lookup): their ids into s->cand2. */
static void
cand_fn(void *ud, uint32_t key, uint32_t game)
{
    search_state *s = ud;

    (void)key;
    /* each game once: the memory is the games found, not the entries */
    if ((int64_t)game < s->nseen) {
        if (bit_get(s->cbits, game))
            return;
        bit_set(s->cbits, game);
    }
    cand_push(s, game);
}

/* --pattern, --manoeuvre: a signature that has the pieces they need */
static void
need_fn(void *ud, uint32_t key, uint32_t game)
{
    search_state *s = ud;
    int r, i;

    for (r = 0; r < s->need_rows; r++) {
        for (i = 0; i < 4 && (key >> (24 - 8 * i) & 255) >= s->need[r][i];
             i++)
            ;
        if (i == 4) {
            cand_fn(ud, key, game);
            return;
        }
    }
}

/* -M kings: a signature with black kings, and no men (db.h, DB_SIG) */
static void
kings_fn(void *ud, uint32_t key, uint32_t game)
{
    if ((key & 255) != 0)
        cand_fn(ud, key, game);
}

static int
cmp_id(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

    return x < y ? -1 : x > y;
}

/* s->cand2 sorted, each id once, and intersected with s->cand when
 * first is 0 (else it becomes s->cand). */
static void
cand_merge(search_state *s, int first)
{
    size_t i, j, n = 0;
    int64_t *t;

    for (i = 0; i < s->ncand2; i++) /* the bits cleared for the next */
        if (s->cand2[i] < s->nseen)
            s->cbits[s->cand2[i] >> 3] = 0;
    if (s->ncand2 > 1)
        qsort(s->cand2, s->ncand2, sizeof *s->cand2, cmp_id);
    for (i = 0; i < s->ncand2; i++)
        if (n == 0 || s->cand2[i] != s->cand2[n - 1])
            s->cand2[n++] = s->cand2[i];
    s->ncand2 = n;
    if (!first) {
        for (i = j = n = 0; i < s->ncand && j < s->ncand2;)
            if (s->cand[i] < s->cand2[j])
                i++;
            else if (s->cand[i] > s->cand2[j])
                j++;
            else
                s->cand2[n++] = s->cand[i++], j++;
        s->ncand2 = n;
    }
    t = s->cand, s->cand = s->cand2, s->cand2 = t;
    n = s->ncand, s->ncand = s->ncand2, s->ncand2 = 0;
    i = s->capcand, s->capcand = s->capcand2, s->capcand2 = i;
    (void)n;
}

/* The games whose material reaches need (s->need, need_rows), merged
 * into the candidates: a necessary condition, each game then decided. */
static int
need_lookup(search_state *s, sqlite3 *db, const char *path)
{
    int r, i, any = 0;

    for (r = 0; r < s->need_rows; r++)
        for (i = 0; i < 4; i++)
            any |= s->need[r][i] != 0;
    if (!any) /* every game has some position with nothing required */
        return 0;
    if (db_post_lookup(db, path, DB_POST_MATERIAL, 0, UINT32_MAX, need_fn,
                       s) != 0)
        return -1;
    cand_merge(s, !s->use_cand);
    s->use_cand = 1;
    return 0;
}

/* What --pattern and --manoeuvre need, as pieces present: a king of the
 * pattern needs a king of its colour in the position that holds it (a
 * man a man); a manoeuvre of a king, or promoting, a king of its side in
 * the position after the move. Kings only: men are in almost every
 * game. 0, or -1 after reporting. */
static int
material_needs(search_state *s, sqlite3 *db, const char *path)
{
    size_t i;

    sqlite3_stmt *st;
    int k, covered = 0;

    if (s->crit.invert || !s->have_conds)
        return 0;
    /* the plies of most games are read faster than the index narrows */
    if ((st = db_prepare(db, path, "SELECT count(*) FROM plies")) == NULL)
        return -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        covered = sqlite3_column_int64(st, 0) * 2 >= s->nseen - 1;
    sqlite3_finalize(st);
    if (covered)
        return 0;
    /* every condition must be met: each one's need narrows */
    for (k = 0; k < s->conds.n; k++) {
        const db_pattern *p = &s->conds.c[k].pattern;
        const db_manoeuvre *v = &s->conds.c[k].manoeuvre;

        if (s->conds.c[k].is_pattern && p->have_pieces) {
            int king = 0;

            memset(s->need, 0, sizeof s->need);
            for (i = 0; i < p->pieces.count; i++) {
                const pdn_fen_piece *q = &p->pieces.piece[i];
                int w = q->colour == 'W';

                if (!q->king)
                    continue;
                king = 1;
                s->need[0][w ? 2 : 3] = 1;
                s->need[1][w ? 3 : 2] = 1; /* colours reversed */
            }
            s->need_rows = p->reversed ? 2 : 1;
            if (king && need_lookup(s, db, path) != 0)
                return -1;
        } else if (!s->conds.c[k].is_pattern &&
                   (v->kind == 'K' || v->promotes)) {
            memset(s->need, 0, sizeof s->need);
            s->need[0][v->side == 'W' ? 2 : 3] = 1;
            s->need_rows = 1;
            if (need_lookup(s, db, path) != 0)
                return -1;
        }
    }
    return 0;
}

/* -B: a game whose first moves are the opening's reaches, when it starts
 * at its variant's start and no setup comes first, the position they lead
 * to from there; the candidates are the games the index gives for that
 * position under each variant of the database, and the games that start
 * elsewhere or hold a setup (games.setup). 0, or -1 after reporting. */
static int
opening_lookup(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    sqlite3_stmt *st;
    pdn_movelist *l;
    int rc;

    if (c->invert || c->nopening == 0)
        return 0;
    st = db_prepare(db, path,
                    "WITH RECURSIVE v(g) AS (SELECT min(gametype) FROM games"
                    " UNION ALL SELECT (SELECT min(gametype) FROM games"
                    " WHERE gametype > v.g) FROM v WHERE v.g IS NOT NULL)"
                    " SELECT g FROM v WHERE g IS NOT NULL");
    if (st == NULL || (l = pdn_movelist_new()) == NULL) {
        sqlite3_finalize(st);
        return -1;
    }
    s->ncand2 = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        pdn_gametype gt;
        pdn_board *b;
        pdn_match m;
        size_t i;

        if (pdn_gametype_parse((const char *)sqlite3_column_text(st, 0), &gt,
                               NULL) < 0 ||
            (b = pdn_board_new(&gt, NULL)) == NULL)
            continue;
        for (i = 0; i < c->nopening; i++)
            if (pdn_board_play(b, &c->opening[i], &m, l, NULL) !=
                PDN_MATCH_LEGAL)
                break;
        if (i == c->nopening) {
            uint32_t k = DB_POS_KEY(db_key(b));

            if (db_post_lookup(db, path, DB_POST_POSITION, k, k, cand_fn,
                               s) != 0)
                rc = SQLITE_ERROR;
        }
        pdn_board_free(b);
        if (rc == SQLITE_ERROR)
            break;
    }
    sqlite3_finalize(st);
    pdn_movelist_free(l);
    if (rc != SQLITE_DONE)
        return db_fail(db, path, "query"), -1;
    st = db_prepare(db, path, "SELECT id FROM games WHERE setup = 1");
    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        cand_fn(s, 0, (uint32_t)sqlite3_column_int64(st, 0));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, path, "query"), -1;
    cand_merge(s, !s->use_cand);
    s->use_cand = 1;
    return 0;
}

static char *
dup_text(const char *t)
{
    size_t n = strlen(t) + 1;

    return memcpy(tool_xmalloc(n), t, n);
}

/* -T, -P, --event and -y: each criterion's games, intersected with the
 * candidates. A tag criterion's expression is matched once against each
 * distinct value of its tag names (walked on the index tag_values_value,
 * a seek for each value), and the games of the values that match are
 * read from the same index; -y's years from games_year. The games are
 * then decided as before (the query keeps each criterion): the sets only
 * spare reading the others. */
static int
tag_lookup(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    sqlite3_stmt *names = NULL, *first = NULL, *next = NULL, *games = NULL;
    size_t i;
    int rc = 0;

    s->tags_exact = 0;
    if (c->invert || s->every)
        return 0;
    if (c->date_hi != 0 && db_has_index(db, "games_year")) {
        sqlite3_stmt *y = db_prepare(db, path, "SELECT id FROM games WHERE"
                                               " CAST(substr(ltrim(date, ' '),"
                                               " 1, 4) AS INTEGER) BETWEEN ?"
                                               " AND ?");

        if (y == NULL)
            return -1;
        sqlite3_bind_int64(y, 1, c->date_lo / 10000);
        sqlite3_bind_int64(y, 2, c->date_hi / 10000);
        while (sqlite3_step(y) == SQLITE_ROW)
            cand_fn(s, 0, (uint32_t)sqlite3_column_int64(y, 0));
        if (sqlite3_finalize(y) != SQLITE_OK) {
            db_fail(db, path, "query");
            return -1;
        }
        cand_merge(s, !s->use_cand);
        s->use_cand = 1;
    }
    if (c->ntags == 0 || !db_has_index(db, "tag_values_value"))
        return 0;
    first = db_prepare(db, path, "SELECT min(value) FROM tag_values WHERE"
                                 " name = ?");
    next = db_prepare(db, path, "SELECT value FROM tag_values WHERE name = ?"
                                " AND value > ? ORDER BY value LIMIT 1");
    games = db_prepare(db, path, "SELECT game FROM tag_values WHERE name = ?"
                                 " AND value = ?");
    if (first == NULL || next == NULL || games == NULL)
        rc = -1;
    for (i = 0; rc == 0 && i < c->ntags; i++) {
        char *sql = c->tags[i].name != NULL
                        ? sqlite3_mprintf("SELECT id FROM tag_names WHERE"
                                          " name = %Q%s", c->tags[i].name,
                                          c->tags[i].icase
                                              ? " COLLATE NOCASE" : "")
                        : sqlite3_mprintf("SELECT id FROM tag_names WHERE"
                                          " name IN ('White', 'Black')");

        names = sql != NULL ? db_prepare(db, path, sql) : NULL;
        sqlite3_free(sql);
        if (names == NULL) {
            rc = -1;
            break;
        }
        while (rc == 0 && sqlite3_step(names) == SQLITE_ROW) {
            int64_t name = sqlite3_column_int64(names, 0);
            const char *t;
            char *cur = NULL;

            sqlite3_bind_int64(first, 1, name);
            if (sqlite3_step(first) == SQLITE_ROW &&
                (t = (const char *)sqlite3_column_text(first, 0)) != NULL)
                cur = dup_text(t);
            sqlite3_reset(first);
            while (cur != NULL) {
                if (regexec(&c->tags[i].re, cur, 0, NULL, 0) == 0) {
                    sqlite3_bind_int64(games, 1, name);
                    sqlite3_bind_text(games, 2, cur, -1, SQLITE_STATIC);
                    while (sqlite3_step(games) == SQLITE_ROW)
                        cand_fn(s, 0,
                                (uint32_t)sqlite3_column_int64(games, 0));
                    if (sqlite3_reset(games) != SQLITE_OK) {
                        db_fail(db, path, "query");
                        rc = -1;
                    }
                }
                /* the next distinct value: one seek past this one */
                sqlite3_bind_int64(next, 1, name);
                sqlite3_bind_text(next, 2, cur, -1, SQLITE_TRANSIENT);
                free(cur);
                cur = NULL;
                if (rc == 0 && sqlite3_step(next) == SQLITE_ROW &&
                    (t = (const char *)sqlite3_column_text(next, 0)) != NULL)
                    cur = dup_text(t);
                if (sqlite3_reset(next) != SQLITE_OK && rc == 0) {
                    db_fail(db, path, "query");
                    rc = -1;
                }
            }
        }
        sqlite3_finalize(names);
        names = NULL;
        if (rc == 0) {
            cand_merge(s, !s->use_cand);
            s->use_cand = 1;
        }
    }
    sqlite3_finalize(first);
    sqlite3_finalize(next);
    sqlite3_finalize(games);
    /* the candidates are the games of every tag criterion: the query
     * need not ask again (its EXISTS would scan the new index) */
    s->tags_exact = rc == 0;
    return rc;
}

/* -X and -M: the games the index gives (a position's key is 32 bits of
 * db_key: the games are decided all the same; material is exact). */
static int
candidates(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    size_t i;

    s->use_cand = !c->invert && (c->have_pos || c->have_mat);
    s->ncand = s->ncand2 = 0;
    if (!s->use_cand)
        return 0;
    if (c->have_pos) {
        for (i = 0; i < s->nkeys; i++) {
            uint32_t k = DB_POS_KEY(s->keys[i]);

            if (db_post_lookup(db, path, DB_POST_POSITION, k, k, cand_fn,
                               s) != 0)
                return -1;
        }
        cand_merge(s, 1);
    }
    if (c->have_mat && c->mat.kings_only) {
        if (db_post_lookup(db, path, DB_POST_MATERIAL, 256, 65535,
                           kings_fn, s) != 0)
            return -1;
        cand_merge(s, !c->have_pos);
    } else if (c->have_mat) {
        const sel_material *m = &c->mat;
        uint32_t a = (uint32_t)DB_SIG(m->men[0], m->men[1], m->kings[0],
                                      m->kings[1]),
                 b = (uint32_t)DB_SIG(m->men[1], m->men[0], m->kings[1],
                                      m->kings[0]);

        if (db_post_lookup(db, path, DB_POST_MATERIAL, a, a, cand_fn, s) !=
                0 ||
            (c->reversed && b != a &&
             db_post_lookup(db, path, DB_POST_MATERIAL, b, b, cand_fn, s) !=
                 0))
            return -1;
        cand_merge(s, !c->have_pos);
    }
    return 0;
}

/* The text of the current row's game (columns 6 and 10). */
static const char *
text_of(search_state *s, sqlite3_stmt *st)
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
static int
sql_criteria(const sel_crit *c)
{
    return c->ntags != 0 || c->have_result || c->have_variant ||
           c->have_plies || c->comments || c->legality || c->date_hi != 0;
}

/* The candidates' query: what the columns decide exactly. */
static void
make_query(search_state *s, tbuf *q)
{
    const sel_crit *c = &s->crit;
    size_t i;

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
    for (i = 0; i < c->ntags && !s->tags_exact; i++) {
        /* NAME~=ERE: the name in any case (ASCII, as strcasecmp) */
        char *cond = c->tags[i].name != NULL
                         ? sqlite3_mprintf("t.name = %Q%s", c->tags[i].name,
                                           c->tags[i].icase
                                               ? " COLLATE NOCASE" : "")
                         : sqlite3_mprintf("t.name IN ('White', 'Black')");

        tbuf_printf(q, " AND EXISTS(SELECT 1 FROM tags t WHERE t.game = g.id"
                       " AND %s AND pdn_tag(%zu, t.value))", cond, i);
        sqlite3_free(cond);
    }
    if (c->have_result)
        tbuf_printf(q, " AND g.outcome = %d", (int)c->result);
    if (c->have_variant)
        tbuf_printf(q, " AND g.type = %d AND g.rules = %d AND g.giveaway = %d"
                       " AND g.width = %d AND g.height = %d",
                    c->variant.type, c->variant.rules, c->variant.giveaway,
                    c->variant.width, c->variant.height);
    if (c->have_variant) /* towers, northern: Russian's numbers, a name */
        tbuf_printf(q, " AND pdn_folk(g.gametype) = %d", c->variant.folk);
    if (c->have_plies)
        tbuf_printf(q, " AND g.moves BETWEEN %lu AND %llu", c->plies_lo,
                    (unsigned long long)c->plies_hi > 9223372036854775807ULL
                        ? 9223372036854775807ULL
                        : (unsigned long long)c->plies_hi);
    if (c->comments)
        tbuf_printf(q, " AND g.comments = %d", c->comments == 1);
    if (c->legality)
        tbuf_printf(q, " AND g.legal = %d", c->legality == 1);
    if (c->date_hi != 0) /* the year: the first four digits */
        tbuf_printf(q, " AND CAST(substr(ltrim(g.date, ' '), 1, 4) AS INTEGER)"
                       " BETWEEN %ld AND %ld", c->date_lo / 10000,
                    c->date_hi / 10000);
    if (selcrit_replays(c))
        tbuf_adds(q, " AND g.gametype IS NOT NULL");
    if (s->seek) /* one candidate of the index at a time */
        tbuf_adds(q, " AND g.id = ?1");
    else
        tbuf_adds(q, " ORDER BY g.id");
}

/* Reads a stored game back and calls fn(s, g, to, arg) on it, with the
 * worker state selectcrit.c and db_walk need (their reports dropped).
 * 0 when the text held no game (fn not called), else 1. */
typedef void game_fn(search_state *s, const pdn_game *g, tool_out *to,
                     void *arg);

static int
with_game(search_state *s, const char *file, const void *raw, int len,
          game_fn *fn, void *arg)
{
    pdn_reader *r = pdn_reader_new_mem(raw, (size_t)len, file);
    pdn_game *g = NULL;
    pdn_error err;
    tool_out to;
    int found;

    if (r == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    found = pdn_reader_next(r, &g, &err) != 0 && g != NULL;
    if (found) {
        memset(&to, 0, sizeof to);
        to.cache = &s->cache;
        to.infer.r.cand = -1;
        s->vo.file = file;
        fn(s, g, &to, arg);
        tbuf_free(&to.out);
        tbuf_free(&to.err);
        free(to.folds);
    }
    pdn_game_free(g);
    pdn_reader_free(r);
    return found;
}

static void
crit_fn(search_state *s, const pdn_game *g, tool_out *to, void *arg)
{
    sel_verdict v;

    selcrit_game(&s->crit, &s->vo, s->vo.file, g, to, &v, NULL, NULL);
    *(int *)arg = v.match;
}

/* Decides one stored game with pdn-select's code: 1 when selected. */
static int
decide(search_state *s, const char *file, const char *gts, const void *raw,
       int len)
{
    int match = s->crit.invert;

    if (gts == NULL && selcrit_replays(&s->crit))
        return s->crit.invert; /* no variant: no replay criterion holds */
    if (gts != NULL && strcmp(gts, s->gts) != 0) {
        if (pdn_gametype_parse(gts, &s->vo.force, NULL) < 0)
            return s->crit.invert;
        snprintf(s->gts, sizeof s->gts, "%s", gts);
    }
    with_game(s, file, raw, len, crit_fn, &match);
    return match;
}

static int
walk_seen(void *ud, const pdn_board *b, unsigned long ply, const pdn_move *m)
{
    search_state *s = ud;
    db_squares sq;

    db_squares_of(b, sq);
    return db_conds_see(&s->conds, sq, ply, m);
}

/* --pattern and --manoeuvre, for a game the plies table does not hold:
 * its text replayed; 1 when it meets them (s->conds.plies: where). */
static void
walk_fn(search_state *s, const pdn_game *g, tool_out *to, void *arg)
{
    db_walked w;

    db_walk(&s->vo, s->vo.file, g, arg, to, 0, walk_seen, s, &w);
}

static int
walk_game(search_state *s, const char *file, const char *gts,
          const void *raw, int len)
{
    pdn_gametype gt;

    db_conds_start(&s->conds);
    if (gts == NULL || pdn_gametype_parse(gts, &gt, NULL) < 0 ||
        !db_conds_variant(&s->conds, gts))
        return 0;
    with_game(s, file, raw, len, walk_fn, &gt);
    return db_conds_end(&s->conds);
}

/* Where a stored game starts in its file: its line; its column counted
 * from the line's start when the stored text holds it. */
static pdn_pos
start_pos(const db_game_row *row)
{
    const unsigned char *r = row->raw;
    int k = (int)(row->pre < row->len ? row->pre : row->len), j;
    pdn_pos pos;

    while (k < row->len && (r[k] == ' ' || r[k] == '\t' || r[k] == '\r' ||
                            r[k] == '\n'))
        k++;
    for (j = k - 1; j >= 0 && r[j] != '\n'; j--)
        ;
    pos.line = (unsigned long)row->line;
    pos.column = (unsigned long)(k - j);
    pos.offset = (size_t)row->offset + (size_t)k;
    return pos;
}

static void
prefix_fn(search_state *s, const pdn_game *g, tool_out *to, void *arg)
{
    (void)to;
    selpass_game(&s->sp, &s->vo, s->vo.file, g, &s->cache,
                 *(uint32_t *)arg);
}

/* -H and -J: 1 when the game is dropped, its fingerprint (stored when it
 * was legal, as pdn-select has it) an earlier selected game's, or with
 * -J its moves the beginning of another's; the note or record names
 * that one. -J's passes before the writing one record the games (1). */
static int
repeated(search_state *s, int index, const db_game_row *row)
{
    pdn_fingerprint fp;
    uint32_t me;
    int other = index != s->last_db || row->file_id != s->last_file, have;

    s->last_db = index;
    s->last_file = row->file_id;
    me = seldup_number(&s->seq, s->pass == 1 ? &s->all : &s->seen, other,
                       row->file, (unsigned long)row->number);
    if (s->pass == 2) { /* which stored games its moves begin */
        with_game(s, row->file, row->raw, row->len, prefix_fn, &me);
        return 1;
    }
    sqlite3_bind_int64(s->fp, 1, row->id);
    have = sqlite3_step(s->fp) == SQLITE_ROW &&
           sqlite3_column_bytes(s->fp, 0) == (int)sizeof fp.h;
    if (have)
        memcpy(fp.h, sqlite3_column_blob(s->fp, 0), sizeof fp.h);
    sqlite3_reset(s->fp);
    if (have && s->pass == 1)
        seldup_put(&s->all, &fp, me);
    return s->pass == 1 ||
           (have && seldup_drop(&s->seen, &s->all, s->container, &fp, me,
                                s->o, row->file, (unsigned long)row->number,
                                start_pos(row)));
}

/* -i: the game's file, named by its tags, becomes the output. */
static void
split_fn(search_state *s, const pdn_game *g, tool_out *to, void *arg)
{
    (void)to;
    (void)arg;
    s->dest = selout_split_file(&s->route, g);
}

static int
split_dest(search_state *s, db_emit *e, const db_game_row *row)
{
    s->dest = NULL;
    with_game(s, row->file, row->raw, row->len, split_fn, NULL);
    if (s->dest == NULL)
        return -1;
    if (s->dest != e->out)
        s->dest->end_line = 1;
    e->out = s->dest;
    return 0;
}

/* -f json: the plies at which the game reaches the -X position (its
 * key under the game's variant). */
static int
key_seen(void *ud, const pdn_board *b, unsigned long ply, const pdn_move *m)
{
    search_state *s = ud;
    int64_t k = db_key(b);
    size_t i;

    (void)m;
    for (i = 0; i < s->nkeys && s->keys[i] != k; i++)
        ;
    if (i < s->nkeys && ply + 1 != s->last_ply) { /* each ply once */
        tbuf_printf(&s->xplies, "%s%lu", s->xplies.len > 1 ? "," : "", ply);
        s->last_ply = ply + 1;
    }
    return 0;
}

static void
keys_fn(search_state *s, const pdn_game *g, tool_out *to, void *arg)
{
    db_walked w;

    db_walk(&s->vo, s->vo.file, g, arg, to, 0, key_seen, s, &w);
}

static char *
plies_of(search_state *s, const char *file, const char *gts)
{
    pdn_gametype gt;

    if (!s->crit.have_pos || s->nkeys == 0)
        return NULL;
    s->xplies.len = 0;
    tbuf_adds(&s->xplies, "[");
    s->last_ply = 0;
    if (gts != NULL && pdn_gametype_parse(gts, &gt, NULL) >= 0)
        with_game(s, file, s->text.data, (int)s->text.len, keys_fn, &gt);
    tbuf_adds(&s->xplies, "]");
    return strdup(s->xplies.data);
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

/* ---- the plies table (plies.h): --pattern and --manoeuvre without
 * replaying ---- */

static int
conds_see(void *ud, const unsigned char *sq, unsigned long ply,
          const pdn_move *m)
{
    return db_conds_see(ud, sq, ply, m);
}

/* Decides a game by its stream: 1 it meets k, 0 it does not, -1 the
 * stream cannot say (the game is then replayed from its text). */
static int
stream_decides(db_conds *k, db_plies_geom *g, const char *gts,
               const void *data, int n)
{
    db_conds_start(k);
    if (gts == NULL || data == NULL || n <= 0 || !db_plies_geom_for(g, gts))
        return -1;
    if (!db_conds_variant(k, gts))
        return 0;
    if (db_plies_walk(g, data, (size_t)n, conds_see, k) != 0)
        return -1;
    return db_conds_end(k);
}

/* Decides game id by the stream of the current row of st (its gametype in
 * column col, its data in col + 1) into s->sbits and s->mbits. */
static void
decide_row(search_state *s, db_conds *k, db_plies_geom *g, int64_t id,
           sqlite3_stmt *st, int col)
{
    int r = stream_decides(k, g, (const char *)sqlite3_column_text(st, col),
                           sqlite3_column_blob(st, col + 1),
                           sqlite3_column_bytes(st, col + 1));

    if (r >= 0 && id >= 0 && id < s->nseen)
        bit_set(s->sbits, id);
    if (r > 0 && id >= 0 && id < s->nseen)
        bit_set(s->mbits, id);
}

/* One thread's share of the plies table: games lo..hi (ranges begin at a
 * multiple of 8, so that no two threads write one byte of the bits). */
typedef struct plies_job {
    search_state *s;
    const char *path;        /* opened by the thread (DB_OPEN_SCAN) */
    int64_t lo, hi;
    const unsigned char *only; /* the candidates' bits, or NULL: all */
    db_conds conds;
    db_plies_geom geom;
    int failed;
    pthread_t thread;
} plies_job;

static void *
plies_run(void *arg)
{
    plies_job *j = arg;
    search_state *s = j->s;
    sqlite3 *db = db_open(j->path, DB_OPEN_SCAN);
    sqlite3_stmt *st = NULL;
    int rc = SQLITE_ERROR;

    if (db != NULL)
        st = db_prepare(db, j->path, "SELECT game, gametype, data FROM plies"
                                     " WHERE game BETWEEN ?1 AND ?2");
    if (st != NULL) {
        sqlite3_bind_int64(st, 1, j->lo);
        sqlite3_bind_int64(st, 2, j->hi);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int64_t id = sqlite3_column_int64(st, 0);

            if (id < 0 || id >= s->nseen ||
                (j->only != NULL && !bit_get(j->only, id)))
                continue;
            decide_row(s, &j->conds, &j->geom, id, st, 1);
        }
        if (rc != SQLITE_DONE)
            db_fail(db, j->path, "query");
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    j->failed = rc != SQLITE_DONE;
    return NULL;
}

/* The threads a scan of n games gets. */
static int
scan_threads(int64_t n)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    if (n < 4096 || cpus < 2)
        return 1;
    return cpus > 8 ? 8 : (int)cpus;
}

/* Decides every candidate the plies table holds (s->sbits, s->mbits),
 * then keeps as candidates the games it did not rule out. 0, or -1 after
 * reporting. */
static int
plies_pass(search_state *s, sqlite3 *db, const char *path)
{
    int64_t top = s->nseen - 1, id;
    unsigned char *only = NULL;
    plies_job *jobs;
    int nt, t, failed = 0;
    size_t i, n;

    free(s->sbits);
    free(s->mbits);
    s->sbits = s->mbits = NULL;
    if (!s->have_conds || s->nseen <= 1)
        return 0;
    s->sbits = calloc((size_t)(s->nseen + 7) / 8, 1);
    s->mbits = calloc((size_t)(s->nseen + 7) / 8, 1);
    if (s->sbits == NULL || s->mbits == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    if (s->use_cand && (int64_t)s->ncand * 4 < top + 64) {
        /* few candidates: each one's stream by its id */
        sqlite3_stmt *st = db_prepare(db, path, "SELECT gametype, data FROM"
                                                " plies WHERE game = ?1");
        int rc = SQLITE_DONE;

        if (st == NULL)
            return -1;
        for (i = 0; i < s->ncand && rc != SQLITE_ERROR; i++) {
            id = s->cand[i];
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, id);
            if ((rc = sqlite3_step(st)) != SQLITE_ROW) {
                rc = rc == SQLITE_DONE ? rc : SQLITE_ERROR;
                continue;
            }
            decide_row(s, &s->conds, &s->geom, id, st, 0);
        }
        sqlite3_finalize(st);
        if (rc == SQLITE_ERROR)
            return db_fail(db, path, "query"), -1;
    } else {
        if (s->use_cand) {
            only = calloc((size_t)(s->nseen + 7) / 8, 1);
            if (only == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
            for (i = 0; i < s->ncand; i++)
                if (s->cand[i] >= 0 && s->cand[i] < s->nseen)
                    bit_set(only, s->cand[i]);
        }
        nt = scan_threads(top);
        jobs = tool_xmalloc((size_t)nt * sizeof *jobs);
        for (t = 0; t < nt; t++) {
            plies_job *j = &jobs[t];

            j->s = s;
            j->path = path;
            j->lo = t == 0 ? 0 : (top / nt * t) & ~(int64_t)7;
            j->hi = t == nt - 1 ? top : ((top / nt * (t + 1)) & ~(int64_t)7) - 1;
            j->only = only;
            j->failed = 0;
            db_conds_copy(&j->conds, &s->conds);
            memset(&j->geom, 0, sizeof j->geom);
        }
        for (t = 1; t < nt; t++)
            if (pthread_create(&jobs[t].thread, NULL, plies_run, &jobs[t]) !=
                0)
                plies_run(&jobs[t]), jobs[t].thread = pthread_self();
        plies_run(&jobs[0]);
        for (t = 0; t < nt; t++) {
            if (t > 0 && !pthread_equal(jobs[t].thread, pthread_self()))
                pthread_join(jobs[t].thread, NULL);
            failed |= jobs[t].failed;
            db_conds_free(&jobs[t].conds);
        }
        free(jobs);
        free(only);
        if (failed)
            return -1;
    }
    if (s->every) /* -x, -Z: every game is looked at all the same */
        return 0;
    /* the candidates: those the streams did not rule out */
    n = 0;
    if (s->use_cand) {
        for (i = 0; i < s->ncand; i++) {
            id = s->cand[i];
            if (id < 0 || id >= s->nseen || !bit_get(s->sbits, id) ||
                bit_get(s->mbits, id))
                s->cand[n++] = id;
        }
        s->ncand = n;
        return 0;
    }
    s->ncand2 = 0;
    for (id = 1; id <= top; id++)
        if (!bit_get(s->sbits, id) || bit_get(s->mbits, id))
            cand_push(s, id);
    {
        int64_t *tp = s->cand;
        size_t tc = s->capcand;

        s->cand = s->cand2, s->ncand = s->ncand2, s->capcand = s->capcand2;
        s->cand2 = tp, s->ncand2 = 0, s->capcand2 = tc;
    }
    s->use_cand = 1;
    return 0;
}

/* --pattern, --manoeuvre on one game of the query (st its row): by its
 * stream when the pass decided it (again for -f json, for its plies),
 * else by replaying its text. */
static int
conds_game(search_state *s, const char *path, int64_t id, const char *file,
           const char *gts, sqlite3_stmt *st)
{
    if (s->sbits != NULL && id >= 0 && id < s->nseen &&
        bit_get(s->sbits, id)) {
        int match = bit_get(s->mbits, id);

        if (match && s->json && !s->so.count_only) {
            if (s->plies_st == NULL &&
                (s->plies_st = db_prepare(sqlite3_db_handle(st), path,
                                          "SELECT gametype, data FROM plies"
                                          " WHERE game = ?1")) == NULL)
                exit(TOOL_TROUBLE);
            sqlite3_reset(s->plies_st);
            sqlite3_bind_int64(s->plies_st, 1, id);
            if (sqlite3_step(s->plies_st) != SQLITE_ROW ||
                stream_decides(&s->conds, &s->geom,
                               (const char *)sqlite3_column_text(s->plies_st,
                                                                 0),
                               sqlite3_column_blob(s->plies_st, 1),
                               sqlite3_column_bytes(s->plies_st, 1)) != 1) {
                tool_error("%s: game %lld: its plies changed while read",
                           path, (long long)id);
                exit(TOOL_TROUBLE);
            }
        }
        return match;
    }
    text_of(s, st);
    return walk_game(s, file, gts, s->text.data, (int)s->text.len);
}

/* -k -X of a variant's start position (every game of that variant
 * reaches it): the games that start there without a setup are counted
 * from the games_gametype and games_setup indexes, not read one by one;
 * the candidates left to decide are the index's among the others (a
 * setup, another variant). 0, or -1 after reporting. */
static int
start_count(search_state *s, sqlite3 *db, const char *path)
{
    const sel_crit *c = &s->crit;
    sqlite3_stmt *st;
    tbuf q = {NULL, 0, 0};
    int64_t all = 0, setups = 0;
    int rc;

    if (!s->so.count_only || !s->pos_only || !s->use_cand || s->every ||
        c->invert || c->have_mat || s->have_conds || s->so.dedupe ||
        s->so.bad != NULL || s->so.max != 0 || s->json ||
        sql_criteria(c) || s->initial.len == 0)
        return 0;
    tbuf_printf(&q, "SELECT (SELECT count(*) FROM games WHERE gametype IN"
                    " (%s)), (SELECT count(*) FROM games WHERE setup = 1"
                    " AND gametype IN (%s))", s->initial.data,
                s->initial.data);
    st = db_prepare(db, path, q.data);
    tbuf_free(&q);
    if (st == NULL)
        return -1;
    if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        all = sqlite3_column_int64(st, 0);
        setups = sqlite3_column_int64(st, 1);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW) {
        db_fail(db, path, "query");
        return -1;
    }
    /* the others: a setup, or another variant */
    tbuf_printf(&q, "SELECT id FROM games WHERE setup = 1 UNION SELECT id"
                    " FROM games WHERE gametype NOT IN (%s) OR gametype IS"
                    " NULL", s->initial.data);
    st = db_prepare(db, path, q.data);
    tbuf_free(&q);
    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        cand_fn(s, 0, (uint32_t)sqlite3_column_int64(st, 0));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        db_fail(db, path, "query");
        return -1;
    }
    cand_merge(s, 0); /* each candidate left decided as before */
    s->selected += (unsigned long)(all - setups);
    return 0;
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
    sqlite3_create_function(db, "pdn_tag", 2, SQLITE_UTF8, &s->crit, tag_fn,
                            NULL, NULL);
    sqlite3_create_function(db, "pdn_folk", 1,
                            SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, folk_fn,
                            NULL, NULL);
    free(s->cbits);
    s->nseen = max_id(db) + 1;
    s->cbits = calloc((size_t)(s->nseen + 7) / 8, 1);
    if (s->cbits == NULL)
        s->nseen = 0;
    if ((s->crit.have_pos && position_keys(s, db, path) != 0) ||
        candidates(s, db, path) != 0 || tag_lookup(s, db, path) != 0 ||
        material_needs(s, db, path) != 0 ||
        opening_lookup(s, db, path) != 0 || plies_pass(s, db, path) != 0 ||
        start_count(s, db, path) != 0) {
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    if (s->every) /* -x, -Z: every game is decided here, none passed */
        s->use_cand = 0;
    /* -k of games the plies decided, and nothing else to decide: counted
     * without reading their rows; the others go on */
    if (s->so.count_only && s->sbits != NULL && s->use_cand && !s->verify &&
        !s->so.dedupe && s->so.bad == NULL && !sql_criteria(&s->crit)) {
        size_t n = 0;

        for (ci = 0; ci < s->ncand; ci++) {
            int64_t id = s->cand[ci];

            if (id >= 0 && id < s->nseen && bit_get(s->sbits, id))
                s->selected += (unsigned long)bit_get(s->mbits, id);
            else
                s->cand[n++] = id;
        }
        s->ncand = n;
        if (s->so.max != 0 && s->selected > s->so.max)
            s->selected = s->so.max;
    }
    /* many candidates: the games in order beat a seek for each */
    s->seek = s->use_cand &&
              (int64_t)s->ncand * 4 < max_id(db) + 64;
    make_query(s, &q);
    st = db_prepare(db, path, q.data);
    tbuf_free(&q);
    if (st == NULL || db_emit_source(e, db, path, index) != 0 ||
        (s->so.bad != NULL && db_emit_source(&s->ebad, db, path, index) != 0) ||
        (s->so.dedupe &&
         (s->fp = db_prepare(db, path, "SELECT fingerprint FROM games"
                                       " WHERE id = ?")) == NULL)) {
        sqlite3_finalize(st);
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    for (ci = 0; s->so.max == 0 || s->selected < s->so.max;) {
        int64_t id;

        if (s->seek) {
            if (ci == s->ncand) {
                rc = SQLITE_DONE;
                break;
            }
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, s->cand[ci++]);
            if ((rc = sqlite3_step(st)) == SQLITE_DONE)
                continue;
        } else {
            rc = sqlite3_step(st);
        }
        if (rc != SQLITE_ROW)
            break;
        id = sqlite3_column_int64(st, 0);
        if (s->use_cand && !s->seek) { /* the candidates in step */
            while (ci < s->ncand && s->cand[ci] < id)
                ci++;
            if (ci == s->ncand) {
                rc = SQLITE_DONE;
                break;
            }
            if (s->cand[ci] != id)
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
            match = (text_of(s, st), !s->bad_text) &&
                    decide(s, file, gts, s->text.data, (int)s->text.len);
        if (match && s->have_conds)
            match = conds_game(s, path, id, file, gts, st);
        if (match && s->so.dedupe) {
            row.raw = text_of(s, st);
            row.len = (int)s->text.len;
            match = !repeated(s, index, &row);
        }
        if (!match) {
            /* -x: the games not selected, as pdn-select writes them */
            if (s->so.bad != NULL && s->pass == 0) {
                row.raw = text_of(s, st);
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
        row.raw = text_of(s, st);
        row.len = (int)s->text.len;
        if (s->bad_text)
            continue;
        s->selected++;
        if (s->route.split != NULL && split_dest(s, e, &row) != 0) {
            status = TOOL_TROUBLE;
            break;
        }
        row.extra = !s->json              ? NULL
                    : s->have_conds ? strdup(s->conds.plies.data)
                                    : plies_of(s, file, gts);
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
    sqlite3_finalize(s->fp);
    s->fp = NULL;
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
    if (s->so.count_only && (o->out != tool_output_std() || s->json ||
                          s->route.split != NULL))
        return tool_usage_error("-k prints one number on standard output: "
                                "not with -o, -f json or -i");
    if (s->route.split != NULL && (s->json || o->out != tool_output_std()))
        return tool_usage_error("-i writes the games to the files it names: "
                                "not with -o or -f json");
    if (selout_check(&s->route) < 0)
        return TOOL_TROUBLE;
    if (s->conds.mode != DB_CONDS_EVERY && s->conds.n < 2)
        return tool_usage_error("--sequence and --streak order two or more "
                                "--pattern and --manoeuvre conditions");
    for (c = 0; c < s->conds.n && !s->conds.c[c].is_pattern; c++)
        ;
    if (s->crit.reversed && !s->crit.have_pos && !s->crit.have_mat &&
        c == s->conds.n)
        return tool_usage_error("-Q reverses the colours of -X, -M and "
                                "--pattern: give one of them");
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
    s->sp.c = &s->crit;
    s->sp.all = &s->all;
    for (s->pass = 1; s->pass <= 2 && st == 0; s->pass++) {
        if (s->pass == 2) {
            size_t n = (size_t)s->seq.index + 1;

            s->sp.container = s->container =
                tool_xmalloc(n * sizeof *s->container);
            memset(s->container, 0, n * sizeof *s->container);
        }
        memset(&s->seq, 0, sizeof s->seq);
        s->last_db = 0;
        s->last_file = 0;
        for (i = 0; i < argc && st == 0; i++)
            st = search_db(s, &none, argv[i], i) == TOOL_TROUBLE;
    }
    s->pass = 0;
    memset(&s->seq, 0, sizeof s->seq);
    s->last_db = 0;
    s->last_file = 0;
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
    free(s.cand);
    free(s.cand2);
    free(s.cbits);
    tbuf_free(&s.text);
    tbuf_free(&s.initial);
    tbuf_free(&s.xplies);
    db_conds_free(&s.conds);
    free(s.sbits);
    free(s.mbits);
    selcrit_free(&s.crit);
    seldup_free(&s.seen);
    seldup_free(&s.all);
    free(s.container);
    return tool_finish(&o, st);
}

int
db_search_main(int argc, char **argv)
{
    return run(argc, argv);
}

