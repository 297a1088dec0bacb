/* SPDX-License-Identifier: MIT */
/* pdn-db search's own declarations, between its files: search.c (the
 * command line, the query and the loop over each database's games),
 * searchcand.c (the candidates the index gives), searchgame.c (a stored
 * game read back and decided: pdn-select's criteria, -H and -J, -i, the
 * plies of -f json) and searchplies.c (--pattern and --manoeuvre by the
 * plies table, in threads). */
#ifndef PDN_TOOLS_DB_SEARCH_H
#define PDN_TOOLS_DB_SEARCH_H

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
#include "selectsql.h"

/* The candidates of one database: the games the index gives, read in
 * turn by search_db. */
typedef struct search_cands {
    int use;                 /* the index gave the candidates: */
    int seek;                /* ... each read by its id (else the games
                              * read in order, the others passed) */
    int64_t *ids;            /* their ids, ascending */
    size_t n, cap;
    int64_t *next;           /* the second criterion's, to intersect */
    size_t nnext, capnext;
    unsigned char *bits;     /* the games in next, a bit each */
    int64_t nseen;           /* games the bits cover */
} search_cands;

/* -H and -J: the games selected so far, by fingerprint, over every
 * database (selectdup.h, selectpass.h). */
typedef struct search_dedupe {
    seldup seen;             /* -H: the games selected, by fingerprint */
    seldup_seq seq;          /* -H: game numbers over every database */
    int64_t last_file;       /* -H: the file of the last row numbered */
    int last_db;
    sqlite3_stmt *fp;        /* -H: a game's fingerprint */
    int pass;                /* -J: 1, 2 before the one that writes (0) */
    seldup all;              /* -J: every selected game's fingerprint */
    uint32_t *container;     /* -J: the game each one begins, or 0 */
    selpass sp;
} search_dedupe;

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
    search_dedupe dup;       /* -H and -J */
    db_emit ebad;            /* -x: the games not selected */
    selout route;            /* -i: the files of the games selected */
    tool_output *dest;       /* -i: the file of the game */
    const tool_opts *o;      /* the command's options (notes, records) */
    search_cands cands;      /* the candidates of the database searched */
    unsigned char need[2][4]; /* a signature the game must reach: the
                               * least of each kind of piece (white men,
                               * black men, white kings, black kings),
                               * as given or (row 1) reversed */
    int need_rows;
    tbuf text;               /* the current game's text */
    int have_text;
    int tags_exact;          /* search_tag_lookup gave each tag criterion's
                              * games */
    int bad_text;            /* the current game's text did not inflate */
    int bad_texts;           /* ... some game's of this database */
    const char *db_path;     /* the database searched */
    unsigned long last_ply;  /* -f json -X: the last ply written, plus 1 */
} search_state;

static inline void
bit_set(unsigned char *bits, int64_t id)
{
    bits[id >> 3] |= (unsigned char)(1 << (id & 7));
}

static inline int
bit_get(const unsigned char *bits, int64_t id)
{
    return bits[id >> 3] >> (id & 7) & 1;
}

/* search.c */
/* The text of the current row's game (columns 6 and 10). */
const char *search_text_of(search_state *s, sqlite3_stmt *st);
/* 1 when the query adds criteria of the columns and tags (make_query). */
int search_sql_criteria(const sel_crit *c);

/* searchcand.c: each narrows the candidates (s->cand); 0, or -1 after
 * reporting. */
int search_position_keys(search_state *s, sqlite3 *db, const char *path);
int search_candidates(search_state *s, sqlite3 *db, const char *path);
int search_tag_lookup(search_state *s, sqlite3 *db, const char *path);
int search_material_needs(search_state *s, sqlite3 *db, const char *path);
int search_opening_lookup(search_state *s, sqlite3 *db, const char *path);
int search_start_count(search_state *s, sqlite3 *db, const char *path);
/* Appends id to s->cand2. */
void search_cand_push(search_state *s, int64_t id);

/* searchgame.c */
/* Decides one stored game with pdn-select's code: 1 when selected. */
int search_decide(search_state *s, const char *file, const char *gts,
                  const void *raw, int len);
/* --pattern and --manoeuvre by replaying the game's text: 1 when met. */
int search_walk_game(search_state *s, const char *file, const char *gts,
                     const void *raw, int len);
/* -H and -J: 1 when the game is dropped. */
int search_repeated(search_state *s, int index, const db_game_row *row);
/* -i: the game's file becomes e's output. 0, or -1. */
int search_split_dest(search_state *s, db_emit *e, const db_game_row *row);
/* -f json -X: the plies at which the game reaches the position. */
char *search_plies_of(search_state *s, const char *file, const char *gts);

/* searchplies.c */
int search_plies_pass(search_state *s, sqlite3 *db, const char *path);
int search_conds_game(search_state *s, const char *path, int64_t id,
                      const char *file, const char *gts, sqlite3_stmt *st);

#endif
