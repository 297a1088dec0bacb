/* SPDX-License-Identifier: MIT */
/* pdn-db search on one stored game read back (search.h): pdn-select's
 * criteria, --pattern and --manoeuvre by replay, -H and -J, -i's file,
 * and the plies of the -X position for -f json. */
#include <config.h>
#include "search.h"

#include <stdlib.h>
#include <string.h>

/* Reads a stored game of file back and calls fn(s, file, g, to, arg) on
 * it, with the worker state selectcrit.c and db_walk need (their reports
 * dropped). 0 when the text held no game (fn not called), else 1. */
typedef void game_fn(search_state *s, const char *file, const pdn_game *g,
                     tool_out *to, void *arg);

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
        fn(s, file, g, &to, arg);
        tbuf_free(&to.out);
        tbuf_free(&to.err);
        free(to.folds);
    }
    pdn_game_free(g);
    pdn_reader_free(r);
    return found;
}

static void
crit_fn(search_state *s, const char *file, const pdn_game *g,
        tool_out *to, void *arg)
{
    sel_verdict v;

    selcrit_game(&s->crit, &s->vo, file, g, to, &v, NULL, NULL);
    *(int *)arg = v.match;
}

/* Decides one stored game with pdn-select's code: 1 when selected. */
int
search_decide(search_state *s, const char *file, const char *gts,
              const void *raw, int len)
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
walk_fn(search_state *s, const char *file, const pdn_game *g,
        tool_out *to, void *arg)
{
    db_walked w;

    db_walk(&s->vo, file, g, arg, to, 0, walk_seen, s, &w);
}

int
search_walk_game(search_state *s, const char *file, const char *gts,
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
prefix_fn(search_state *s, const char *file, const pdn_game *g,
          tool_out *to, void *arg)
{
    (void)to;
    selpass_game(&s->dup.sp, &s->vo, file, g, &s->cache,
                 *(uint32_t *)arg);
}

/* -H and -J: 1 when the game is dropped, its fingerprint (stored when it
 * was legal, as pdn-select has it) an earlier selected game's, or with
 * -J its moves the beginning of another's; the note or record names
 * that one. -J's passes before the writing one record the games (1). */
int
search_repeated(search_state *s, int index, const db_game_row *row)
{
    pdn_fingerprint fp;
    uint32_t me;
    int other = index != s->dup.last_db || row->file_id != s->dup.last_file,
        have;

    s->dup.last_db = index;
    s->dup.last_file = row->file_id;
    me = seldup_number(&s->dup.seq,
                       s->dup.pass == 1 ? &s->dup.all : &s->dup.seen, other,
                       row->file, (unsigned long)row->number);
    if (s->dup.pass == 2) { /* which stored games its moves begin */
        with_game(s, row->file, row->raw, row->len, prefix_fn, &me);
        return 1;
    }
    sqlite3_bind_int64(s->dup.fp, 1, row->id);
    have = sqlite3_step(s->dup.fp) == SQLITE_ROW &&
           sqlite3_column_bytes(s->dup.fp, 0) == (int)sizeof fp.h;
    if (have)
        memcpy(fp.h, sqlite3_column_blob(s->dup.fp, 0), sizeof fp.h);
    sqlite3_reset(s->dup.fp);
    if (have && s->dup.pass == 1)
        seldup_put(&s->dup.all, &fp, me);
    return s->dup.pass == 1 ||
           (have && seldup_drop(&s->dup.seen, &s->dup.all, s->dup.container,
                                &fp, me, s->o, row->file,
                                (unsigned long)row->number, start_pos(row)));
}

/* -i: the game's file, named by its tags, becomes the output. */
static void
split_fn(search_state *s, const char *file, const pdn_game *g,
         tool_out *to, void *arg)
{
    (void)file;
    (void)to;
    (void)arg;
    s->dest = selout_split_file(&s->route, g);
}

int
search_split_dest(search_state *s, db_emit *e, const db_game_row *row)
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
keys_fn(search_state *s, const char *file, const pdn_game *g,
        tool_out *to, void *arg)
{
    db_walked w;

    db_walk(&s->vo, file, g, arg, to, 0, key_seen, s, &w);
}

char *
search_plies_of(search_state *s, const char *file, const char *gts)
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
