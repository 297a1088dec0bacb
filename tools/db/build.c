/* SPDX-License-Identifier: MIT */
/* pdn-db create and add: every game read with the tools' driver (reader,
 * variant inference, -j workers), replayed on a worker as pdn-select
 * replays it (the positions and material it looks at), its findings
 * reported as diagnostics; on the main thread, in input order, its row,
 * its tags and the keys of its positions go into the database. One
 * transaction per run: an interrupted add leaves the database as it was. */
#include <config.h>
#include "db.h"
#include "plies.h"
#include "common.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

const char tool_name[] = "pdn-db";

#define DB_OPT_DROP 0xa0 /* TOOL_LONG_OWN */

static const tool_option build_options[] = {
    {"drop-duplicates", DB_OPT_DROP, NULL,
     "do not store a game whose variant, start\n"
     "position and moves equal a stored game's"},
    {"format", 'f', "FORMAT", "text (default) or json (findings and the\n"
                              "summary as records on standard output)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline create_cmdline = {
    "create [OPTION]... DB [FILE]...",
    "Make the game database DB from the PDN games of the FILEs.\n",
    build_options, "gGAEqWj" TOOL_OPT_SCALE,
    "problems found in the games (they are stored all the same)", NULL};
static const tool_cmdline add_cmdline = {
    "add [OPTION]... DB [FILE]...",
    "Add the PDN games of the FILEs to the game database DB.\n",
    build_options, "gGAEqWj" TOOL_OPT_SCALE,
    "problems found in the games (they are stored all the same)", NULL};

/* What a worker found in one game, handed to the main thread. */
typedef struct db_rec {
    const pdn_game *g;
    int have_gt;
    pdn_gametype gt;
    db_walked w;
    uint32_t *pos;           /* the index's key of each position */
    size_t npos, cappos;
    int64_t *sig;
    size_t nsig, capsig;
    unsigned long last_sig_ply; /* the ply whose material is sig[last] */
    int setup;               /* its start is not its variant's, or a
                              * setup changed its position */
    tbuf packed;             /* the game's text as stored (db_text_pack) */
    db_plies_enc pe;         /* its main line for the plies table */
    size_t size, pre;        /* its length, the end of the game before's */
    struct db_rec *next;
} db_rec;

#define NBUCKETS 1024
#define NAME_BUCKETS 256

/* A tag name and its id in tag_names. */
typedef struct tag_name {
    char *name;
    int64_t id;
    struct tag_name *next;
} tag_name;

typedef struct tool_self {
    const char *path;
    sqlite3 *db;
    int drop;
    pthread_mutex_t lock;
    db_rec *bucket[NBUCKETS];
    sqlite3_stmt *ins_file, *ins_game, *ins_tag, *find_fp, *file_games;
    sqlite3_stmt *ins_plies, *ins_name;
    struct tag_name *names[NAME_BUCKETS]; /* tag_names, by hash of name */
    const char *file;        /* the input of the last game stored */
    unsigned long last_number;
    int64_t file_id, file_games_n;
    db_postings pos, mat;    /* entries waiting for their segment */
    long long added, dropped, npositions, nmaterial;
    int failed;
} build_state;

/* The longest game text stored (the reader keeps 1 MiB of a game; the
 * rest of a longer one is read again from its file, up to this). */
#define TEXT_MAX (64 << 20)

/* Entries held in memory before they are written as a segment (8 bytes
 * each, and as much again to sort them): the build's memory bound. */
#define FLUSH_AT (1u << 23)

static void *
grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    *cap = *cap ? *cap * 2 : 64;
    while (*cap < need)
        *cap *= 2;
    p = realloc(p, *cap * size);
    if (p == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    return p;
}

/* ---- the worker: one replay of the main line ---- */

/* The position b reached at ply: its key, and its material when new
 * (which only a capture, a promotion or a setup changes). */
static void
see(db_rec *r, const pdn_board *b, unsigned long ply, const pdn_move *mv)
{
    int64_t m;
    size_t i;

    if (mv == NULL && ply > 0) {
        r->setup = 1;
        db_plies_setup(&r->pe, b);
    } else if (mv == NULL) {
        pdn_board *init = pdn_board_new(pdn_board_gametype(b), NULL);

        r->setup = init == NULL || !db_same_board(b, init);
        pdn_board_free(init);
        db_plies_begin(&r->pe, pdn_board_gametype(b), b, !r->setup);
    } else {
        db_plies_move(&r->pe, b, mv);
    }

    if (mv != NULL && mv->ncaptured == 0 && !mv->promotes && r->nsig != 0 &&
        r->last_sig_ply + 1 == ply) {
        r->last_sig_ply = ply;
        r->pos = grow(r->pos, &r->cappos, r->npos + 1, sizeof *r->pos);
        r->pos[r->npos++] = DB_POS_KEY(db_key(b));
        return;
    }
    m = db_material(b);
    r->last_sig_ply = ply;
    r->pos = grow(r->pos, &r->cappos, r->npos + 1, sizeof *r->pos);
    r->pos[r->npos++] = DB_POS_KEY(db_key(b));
    for (i = r->nsig; i > 0 && r->sig[i - 1] != m; i--)
        ;
    if (i == 0) {
        r->sig = grow(r->sig, &r->capsig, r->nsig + 1, sizeof *r->sig);
        r->sig[r->nsig++] = m;
    }
}

static void
rec_clear(db_rec *r)
{
    r->have_gt = 0;
    r->w.legal = -1;
    r->w.skipped = 0;
    r->w.plies = r->w.stop = 0;
    r->w.have_fp = 0;
    r->npos = r->nsig = 0;
    r->setup = 0;
    r->pe.ok = 0;
    r->pe.out.len = 0;
}

static int
see_fn(void *ud, const pdn_board *b, unsigned long ply, const pdn_move *m)
{
    see(ud, b, ply, m);
    return 0;
}

static int
replay(const tool_opts *o, const char *file, const pdn_game *g,
       const pdn_gametype *gt, db_rec *r, tool_out *to)
{
    if (db_walk(o, file, g, gt, to, 1, see_fn, r, &r->w) != 0)
        return -1;
    r->have_gt = 1;
    r->gt = *gt;
    return 0;
}

static size_t
bucket_of(const pdn_game *g)
{
    return ((uintptr_t)g >> 4) % NBUCKETS;
}

/* The game's whole text: its raw text, and the rest of a game over the
 * reader's size limit read again from its file. */
static void
whole_text(const char *file, const pdn_game *g, tbuf *t)
{
    size_t len, off, span;
    const char *raw = pdn_game_raw(g, &len);

    tbuf_add(t, raw != NULL ? raw : "", len);
    pdn_game_raw_span(g, &off, &span);
    if (span <= len)
        return;
    /* memory bounded by a game's size: no more than a stored game may
     * hold */
    if (span > TEXT_MAX) {
        tool_error("%s: game %lu is %zu bytes long: only its first %zu "
                   "bytes are stored (at most %d MiB a game)", file,
                   pdn_game_number(g), span, len, TEXT_MAX >> 20);
        return;
    }
    if (tool_read_rest(file, g, t) < 0)
        tool_error("%s: game %lu: only its first %zu of %zu bytes are "
                   "stored", file, pdn_game_number(g), len, span);
}

/* On the worker: the game's text as stored, and where it starts after
 * the end of the game before. */
static void
text_of(const char *file, const pdn_game *g, db_rec *r)
{
    tbuf text = {NULL, 0, 0};
    const char *raw;
    size_t pre = 0;

    whole_text(file, g, &text);
    raw = text.data != NULL ? text.data : "";
    if (pdn_game_number(g) != 1) {
        /* the end of the previous game's last line (tool_copy_head) */
        while (pre < text.len && (raw[pre] == ' ' || raw[pre] == '\t' ||
                                  raw[pre] == '\r'))
            pre++;
        pre = pre < text.len && raw[pre] == '\n' ? pre + 1 : 0;
    }
    r->pre = pre;
    r->size = text.len;
    db_text_pack(raw, text.len, &r->packed);
    tbuf_free(&text);
}

static void
build_game(const tool_opts *o, const char *file, pdn_game *g,
           const pdn_error *rerr, tool_out *to)
{
    build_state *s = o->self;
    db_rec *r;
    pdn_gametype gt;
    tool_mark mark;
    int cand, done = 0;
    size_t k;

    (void)rerr;
    if (g == NULL)
        return;
    r = tool_xmalloc(sizeof *r);
    memset(r, 0, sizeof *r);
    r->g = g;
    rec_clear(r);
    /* the file's variant first, as pdn-legal: legal throughout, it is
     * what inference would choose */
    if ((cand = tool_gametype_guess(o, file, g, &gt, to)) >= 0) {
        tool_out_mark(to, &mark);
        if (replay(o, file, g, &gt, r, to) == 0 && r->w.legal == 1 && !r->w.skipped) {
            tool_gametype_took(g, cand, to);
            done = 1;
        } else if (!to->fatal) {
            tool_out_undo(to, &mark);
            rec_clear(r);
        }
    }
    if (!done && tool_gametype(o, file, g, &gt, to) == 0)
        replay(o, file, g, &gt, r, to);
    text_of(file, g, r);
    k = bucket_of(g);
    pthread_mutex_lock(&s->lock);
    r->next = s->bucket[k];
    s->bucket[k] = r;
    pthread_mutex_unlock(&s->lock);
}

static db_rec *
take(build_state *s, const pdn_game *g)
{
    db_rec **pp, *r;
    size_t k = bucket_of(g);

    pthread_mutex_lock(&s->lock);
    for (pp = &s->bucket[k]; *pp != NULL && (*pp)->g != g; pp = &(*pp)->next)
        ;
    r = *pp;
    if (r != NULL)
        *pp = r->next;
    pthread_mutex_unlock(&s->lock);
    return r;
}

static void
rec_free(db_rec *r)
{
    free(r->pos);
    free(r->sig);
    tbuf_free(&r->packed);
    db_plies_free(&r->pe);
    free(r);
}

/* ---- the main thread: rows in input order ---- */

static int
step(build_state *s, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);

    sqlite3_reset(st);
    if (rc != SQLITE_DONE) {
        if (!s->failed)
            db_fail(s->db, s->path, "write");
        s->failed = 1;
        return -1;
    }
    return 0;
}

/* Writes the entries held as a segment of each kind. */
static int
flush(build_state *s)
{
    long long n;

    if (s->failed)
        return -1;
    if ((n = db_post_flush(s->db, s->path, DB_POST_POSITION, &s->pos)) < 0)
        s->failed = 1;
    else
        s->npositions += n;
    if (!s->failed &&
        (n = db_post_flush(s->db, s->path, DB_POST_MATERIAL, &s->mat)) < 0)
        s->failed = 1;
    else if (!s->failed)
        s->nmaterial += n;
    return s->failed ? -1 : 0;
}

static void
file_done(build_state *s)
{
    if (s->file_id == 0)
        return;
    sqlite3_bind_int64(s->file_games, 1, s->file_games_n);
    sqlite3_bind_int64(s->file_games, 2, s->file_id);
    step(s, s->file_games);
}

/* A new input: its row in the files table. */
static int
new_file(build_state *s, const char *name)
{
    file_done(s);
    sqlite3_bind_text(s->ins_file, 1, name, -1, SQLITE_TRANSIENT);
    if (step(s, s->ins_file) != 0)
        return -1;
    s->file_id = sqlite3_last_insert_rowid(s->db);
    s->file_games_n = 0;
    return 0;
}

static int
has_comments(const pdn_node *n)
{
    for (; n != NULL; n = pdn_node_next(n)) {
        size_t v = pdn_node_variation_count(n);

        if (pdn_node_comment_count(n, PDN_BEFORE) +
                pdn_node_comment_count(n, PDN_AFTER) != 0)
            return 1;
        while (v-- > 0)
            if (has_comments(pdn_node_variation_at(n, v)))
                return 1;
    }
    return 0;
}

static void
bind_text_or_null(sqlite3_stmt *st, int i, const char *v)
{
    if (v != NULL)
        sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

static int64_t
duplicate_of(build_state *s, const db_rec *r)
{
    int64_t id = 0;

    if (!r->w.have_fp)
        return 0;
    sqlite3_bind_blob(s->find_fp, 1, r->w.fp.h, sizeof r->w.fp.h, SQLITE_STATIC);
    if (sqlite3_step(s->find_fp) == SQLITE_ROW)
        id = sqlite3_column_int64(s->find_fp, 0);
    sqlite3_reset(s->find_fp);
    return id;
}

static size_t
name_hash(const char *name)
{
    size_t h = 5381;

    while (*name != '\0')
        h = h * 33 + (unsigned char)*name++;
    return h % NAME_BUCKETS;
}

static void
name_keep(build_state *s, const char *name, int64_t id)
{
    tag_name *t = tool_xmalloc(sizeof *t);
    size_t k = name_hash(name);

    t->name = tool_xmemdup(name, strlen(name) + 1);
    t->id = id;
    t->next = s->names[k];
    s->names[k] = t;
}

/* The id of a tag name in tag_names (a new row for a new name), or -1
 * after reporting. */
static int64_t
name_id(build_state *s, const char *name)
{
    tag_name *t;

    for (t = s->names[name_hash(name)]; t != NULL; t = t->next)
        if (strcmp(t->name, name) == 0)
            return t->id;
    sqlite3_bind_text(s->ins_name, 1, name, -1, SQLITE_STATIC);
    if (step(s, s->ins_name) != 0)
        return -1;
    name_keep(s, name, sqlite3_last_insert_rowid(s->db));
    return sqlite3_last_insert_rowid(s->db);
}

/* The names the database holds already (add). 0, or -1 after reporting. */
static int
names_load(build_state *s)
{
    sqlite3_stmt *st = db_prepare(s->db, s->path,
                                  "SELECT id, name FROM tag_names");
    int rc;

    if (st == NULL)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        name_keep(s, (const char *)sqlite3_column_text(st, 1),
                  sqlite3_column_int64(st, 0));
    if (rc != SQLITE_DONE) {
        db_fail(s->db, s->path, "read");
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    return 0;
}

static void
names_free(build_state *s)
{
    size_t k;

    for (k = 0; k < NAME_BUCKETS; k++)
        while (s->names[k] != NULL) {
            tag_name *t = s->names[k];

            s->names[k] = t->next;
            free(t->name);
            free(t);
        }
}

static int
store(build_state *s, const tool_opts *o, const char *file,
      const pdn_game *g, db_rec *r)
{
    sqlite3_stmt *st = s->ins_game;
    const char *res = pdn_game_tag(g, "Result");
    pdn_outcome out;
    const pdn_node *n;
    size_t off, span, i, ntags = pdn_game_tag_count(g);
    long moves = 0;
    int64_t dup = duplicate_of(s, r), id;
    char gts[64];

    if (dup != 0 && s->drop) {
        pdn_pos pos = pdn_game_pos(g);

        if (!o->quiet)
            fprintf(stderr, "%s: %s:%lu:%lu: note: not stored: same game as "
                    "game %lld of the database (game %lu)\n", tool_name,
                    file, (unsigned long)pos.line,
                    (unsigned long)pos.column, (long long)dup,
                    pdn_game_number(g));
        s->dropped++;
        return 0;
    }
    if (res == NULL)
        res = pdn_game_result(g);
    out = pdn_result_outcome(res);
    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
        moves += pdn_node_move(n) != NULL;
    pdn_game_raw_span(g, &off, &span);
    sqlite3_bind_int64(st, 1, s->file_id);
    sqlite3_bind_int64(st, 2, (int64_t)pdn_game_number(g));
    sqlite3_bind_int64(st, 3, (int64_t)off);
    sqlite3_bind_int64(st, 4, (int64_t)pdn_game_pos(g).line);
    bind_text_or_null(st, 5, pdn_game_tag(g, "White"));
    bind_text_or_null(st, 6, pdn_game_tag(g, "Black"));
    bind_text_or_null(st, 7, pdn_game_tag(g, "Event"));
    bind_text_or_null(st, 8, pdn_game_tag(g, "Date"));
    bind_text_or_null(st, 9, res);
    sqlite3_bind_int(st, 10, (int)out);
    if (out == PDN_OUTCOME_FIRST || out == PDN_OUTCOME_SECOND ||
        out == PDN_OUTCOME_DRAW || out == PDN_OUTCOME_BOTH_LOST)
        sqlite3_bind_double(st, 11, out == PDN_OUTCOME_FIRST  ? 1.0
                                    : out == PDN_OUTCOME_DRAW ? 0.5
                                                              : 0.0);
    else
        sqlite3_bind_null(st, 11);
    for (i = 12; i <= 18; i++)
        sqlite3_bind_null(st, (int)i);
    if (r->have_gt) {
        pdn_gametype_format(&r->gt, gts, sizeof gts);
        sqlite3_bind_text(st, 12, gts, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 13, pdn_gametype_name(&r->gt), -1,
                          SQLITE_STATIC);
        sqlite3_bind_int(st, 14, r->gt.type);
        sqlite3_bind_int(st, 15, r->gt.rules);
        sqlite3_bind_int(st, 16, r->gt.giveaway);
        sqlite3_bind_int(st, 17, r->gt.width);
        sqlite3_bind_int(st, 18, r->gt.height);
    }
    sqlite3_bind_int64(st, 19, moves);
    for (i = 20; i <= 22; i++)
        sqlite3_bind_null(st, (int)i);
    if (r->w.legal >= 0) {
        sqlite3_bind_int64(st, 20, (int64_t)r->w.plies);
        if (!r->w.legal)
            sqlite3_bind_int64(st, 21, (int64_t)r->w.stop);
        sqlite3_bind_int(st, 22, r->w.legal);
    }
    sqlite3_bind_int(st, 23, pdn_game_comment_count(g) != 0 ||
                                 has_comments(pdn_game_first(g)));
    if (r->w.have_fp)
        sqlite3_bind_blob(st, 24, r->w.fp.h, sizeof r->w.fp.h, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, 24);
    if (dup != 0)
        sqlite3_bind_int64(st, 25, dup);
    else
        sqlite3_bind_null(st, 25);
    sqlite3_bind_int64(st, 26, (int64_t)r->pre);
    sqlite3_bind_int64(st, 27, (int64_t)r->size);
    sqlite3_bind_blob(st, 28, r->packed.data != NULL ? r->packed.data : "",
                      (int)r->packed.len, SQLITE_STATIC);
    sqlite3_bind_int(st, 29, r->setup || !r->have_gt);
    if (step(s, st) != 0)
        return -1;
    id = sqlite3_last_insert_rowid(s->db);
    for (i = 0; i < ntags; i++) {
        int64_t name = name_id(s, pdn_game_tag_name_at(g, i));

        if (name < 0)
            return -1;
        sqlite3_bind_int64(s->ins_tag, 1, id);
        sqlite3_bind_int64(s->ins_tag, 2, (int64_t)i);
        sqlite3_bind_int64(s->ins_tag, 3, name);
        sqlite3_bind_text(s->ins_tag, 4, pdn_game_tag_value_at(g, i), -1,
                          SQLITE_STATIC);
        if (step(s, s->ins_tag) != 0)
            return -1;
    }
    if (r->have_gt && r->pe.ok && r->pe.out.len != 0) {
        sqlite3_bind_int64(s->ins_plies, 1, id);
        sqlite3_bind_text(s->ins_plies, 2, gts, -1, SQLITE_STATIC);
        sqlite3_bind_blob(s->ins_plies, 3, r->pe.out.data,
                          (int)r->pe.out.len, SQLITE_STATIC);
        if (step(s, s->ins_plies) != 0)
            return -1;
    }
    for (i = 0; i < r->npos; i++)
        db_post_add(&s->pos, r->pos[i], (uint32_t)id);
    for (i = 0; i < r->nsig; i++)
        db_post_add(&s->mat, (uint32_t)r->sig[i], (uint32_t)id);
    s->added++;
    s->file_games_n++;
    if (s->pos.n + s->mat.n >= FLUSH_AT)
        return flush(s);
    return 0;
}

static int
build_emit(const tool_opts *o, const char *file, const pdn_game *g,
           int status)
{
    build_state *s = o->self;
    db_rec *r;
    int rc = 0;

    (void)status;
    if (g == NULL || (r = take(s, g)) == NULL)
        return 0;
    if (s->failed)
        rc = -1;
    else if ((file != s->file ||
              pdn_game_number(g) <= s->last_number) &&
             new_file(s, file) != 0)
        rc = -1;
    s->file = file;
    s->last_number = pdn_game_number(g);
    if (rc == 0)
        rc = store(s, o, file, g, r);
    rec_free(r);
    return rc;
}

/* 1 when path is one of the inputs (never written over). */
static int
is_input(const char *path, int argc, char **argv)
{
    struct stat a, b;
    int i;

    if (stat(path, &a) != 0)
        return 0;
    for (i = 0; i < argc; i++)
        if (strcmp(argv[i], "-") != 0 && stat(argv[i], &b) == 0 &&
            a.st_dev == b.st_dev && a.st_ino == b.st_ino)
            return 1;
    return 0;
}

static int
prepare_all(build_state *s)
{
    static const char *const sql[] = {
        "INSERT INTO files(path, added) VALUES(?, datetime('now'))",
        "INSERT INTO games(file, number, offset, line, white, black, event,"
        " date, result, outcome, score, gametype, variant, type, rules,"
        " giveaway, width, height, moves, plies, stop_ply, legal, comments,"
        " fingerprint, duplicate_of, pre, size, raw, setup) VALUES(?, ?, ?,"
        " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
        " ?, ?, ?, ?)",
        "INSERT INTO tag_values VALUES(?, ?, ?, ?)",
        "SELECT id FROM games WHERE fingerprint = ? ORDER BY id LIMIT 1",
        "UPDATE files SET games = ? WHERE id = ?",
        "INSERT INTO plies VALUES(?, ?, ?)",
        "INSERT INTO tag_names(name) VALUES(?)"};
    sqlite3_stmt **st[] = {&s->ins_file, &s->ins_game, &s->ins_tag,
                           &s->find_fp, &s->file_games, &s->ins_plies,
                           &s->ins_name};
    size_t i;

    for (i = 0; i < sizeof st / sizeof st[0]; i++)
        if ((*st[i] = db_prepare(s->db, s->path, sql[i])) == NULL)
            return -1;
    return 0;
}

static void
finalize_all(build_state *s)
{
    sqlite3_finalize(s->ins_file);
    sqlite3_finalize(s->ins_game);
    sqlite3_finalize(s->ins_tag);
    sqlite3_finalize(s->find_fp);
    sqlite3_finalize(s->file_games);
    sqlite3_finalize(s->ins_plies);
    sqlite3_finalize(s->ins_name);
}

static int
count_meta(build_state *s)
{
    char sql[256];

    snprintf(sql, sizeof sql,
             "UPDATE meta SET value = value + %lld WHERE key = 'positions';"
             " UPDATE meta SET value = value + %lld WHERE key = 'material';",
             s->npositions, s->nmaterial);
    return db_exec(s->db, s->path, sql);
}

int
db_build_main(int argc, char **argv, int create)
{
    static build_state s;
    static tool_temp tmp;
    tool_opts o;
    int c, st;

    tool_opts_init(&o);
    o.game = build_game;
    o.emit = build_emit;
    o.self = &s;
    pthread_mutex_init(&s.lock, NULL);
    while ((c = tool_getopt(create ? &create_cmdline : &add_cmdline, &o, argc,
                            argv, &st)) != -1)
        if (c == DB_OPT_DROP) {
            s.drop = 1;
        } else if (c == 'f') {
            static const char *const fmts[] = {"text", "json", NULL};
            if ((o.json = tool_choice(c, optarg, fmts)) < 0)
                return TOOL_TROUBLE;
            o.diag_stdout = o.json; /* the records, the summary last */
        }
    if (st >= 0)
        return st;
    if (optind >= argc)
        return tool_usage_error("%s: no database named", argv[0]);
    s.path = argv[optind++];
    argc -= optind;
    argv += optind;
    if (is_input(s.path, argc, argv)) {
        tool_error("%s: is an input: not written over", s.path);
        return TOOL_TROUBLE;
    }
    s.db = create ? db_create(s.path, &tmp) : db_open(s.path, 1);
    if (s.db == NULL)
        return TOOL_TROUBLE;
    /* a new file: no fsync and no journal (a temporary, removed when the
     * run fails or is killed); adding to a database: every commit on disk */
    if (db_exec(s.db, s.path, create ? "PRAGMA synchronous = OFF"
                                     : "PRAGMA synchronous = FULL") != 0 ||
        db_exec(s.db, s.path, "PRAGMA cache_size = -65536;"
                               " BEGIN IMMEDIATE") != 0 ||
        prepare_all(&s) != 0 || names_load(&s) != 0) {
        finalize_all(&s);
        if (create)
            db_create_end(s.db, s.path, &tmp, 0);
        else
            sqlite3_close(s.db);
        return TOOL_TROUBLE;
    }
    o.copies = 1; /* a game is stored whole or not at all */
    st = tool_run(&o, argc, argv);
    file_done(&s);
    if (!s.failed && flush(&s) == 0 && count_meta(&s) == 0 &&
        (!create || db_search_indexes(s.db, s.path) == 0) &&
        db_exec(s.db, s.path, "COMMIT") == 0) {
        /* -f json: the summary record says it */
        if (!o.quiet && !o.json)
            fprintf(stderr, "%s: %s: %lld games stored\n", tool_name,
                    s.path, s.added);
        if (s.dropped != 0 && !o.quiet && !o.json)
            fprintf(stderr, "%s: %s: %lld duplicate games not stored\n",
                    tool_name, s.path, s.dropped);
    } else {
        st = TOOL_TROUBLE;
        sqlite3_exec(s.db, "ROLLBACK", NULL, NULL, NULL);
    }
    finalize_all(&s);
    if (create) {
        if (db_create_end(s.db, s.path, &tmp, st < TOOL_TROUBLE) != 0)
            st = TOOL_TROUBLE;
    } else if (sqlite3_close(s.db) != SQLITE_OK && st < TOOL_TROUBLE)
        st = db_fail(s.db, s.path, "close");
    db_post_free(&s.pos);
    db_post_free(&s.mat);
    names_free(&s);
    db_text_pack_end();
    return st;
}
