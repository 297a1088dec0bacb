/* SPDX-License-Identifier: MIT */
/* pdn-db explore and serve: the opening explorer over a pdn-db database.
 * exploreindex.c keeps the explorer's index (tables explore_sum,
 * explore_list and explore_info, built from the positions table);
 * explore.c answers one node: the games that reach a position, and every move played from it
 * with its games and results, under the filters of explorefilter.c;
 * explorejson.c writes a node as JSON records (man/pdn-json.5) and
 * explorecli.c as text and static pages (--html). pdn-db serve
 * (serveapi.c) answers the same over HTTP. */
#ifndef PDN_TOOLS_DB_EXPLORE_H
#define PDN_TOOLS_DB_EXPLORE_H

#include <stdint.h>
#include <sqlite3.h>
#include <pdn/pdn.h>
#include "tbuf.h"
#include "selectcrit.h"

/* The sets of games of the last filters a connection keeps. */
#define EX_SETS_KEPT 4

/* Games listed per move, and at most at a node. */
#define EX_TOP_MAX 50

typedef struct ex_game {
    int64_t id;
    char *white, *black, *event, *date, *result;
    int year;                /* 0: undated */
} ex_game;

/* Results counted from the first mover's side; unknown: "*" and the like. */
typedef struct ex_count {
    long games, wins, draws, losses, unknown;
    long dated;
    double year_sum;
    int year_last;
} ex_count;

typedef struct ex_move {
    int64_t next;            /* the key of the position it makes */
    char move[96];           /* in the variant's notation, short form */
    char fen[PDN_FEN_MAX * 5];
    ex_count c;
    long reached;            /* games that reach the position it makes */
    long via;                /* of them, by this move from here (no filter) */
    ex_game *top;
    size_t ntop;
} ex_move;

typedef struct ex_node {
    const char *file;        /* the database's path */
    pdn_gametype gt;
    char gts[64];
    char fen[PDN_FEN_MAX * 5];
    char turn;               /* 'W' or 'B' */
    int64_t key;
    ex_count c;              /* every game that reaches it */
    long ended;              /* games that end here (no move follows) */
    ex_move *moves;
    size_t nmoves;
    ex_game *games;          /* the latest games at the node */
    size_t ngames;
} ex_node;

/* What a node is asked with: a position (fen, or moves from the start,
 * or both: moves from fen), the tag filters of pdn-db search (tags,
 * players, event, result, dates, variant) and the games listed. */
typedef struct ex_query {
    const char *fen;
    const char *moves;
    sel_crit crit;
    int top;                 /* games per move, 0..EX_TOP_MAX */
    const char *filter_key;  /* the filters as text: the games that pass
                                them are kept for the next query with the
                                same key (NULL: not kept) */
} ex_query;

/* A row of the explorer's index: a game reaches key, then next
 * (0: it ends there). */
typedef struct ex_row {
    int64_t key, next, game;
    int year, outcome;
} ex_row;

/* A sorted set of position keys of the index (DB_POS_KEY). */
typedef struct ex_keyset {
    uint32_t *k;
    size_t n;
} ex_keyset;

/* The index holds the rows of the positions whose key the position
 * index gives at least EX_MIN games (meta explore_min); the others are
 * answered by replaying those games (ex_key_rows). EX_FORMAT: meta
 * explore_format, the index's format (an index without it is rebuilt). */
#ifndef EX_MIN
#define EX_MIN 8
#endif
#define EX_FORMAT 4

struct ex_replay;

typedef struct ex_db {
    sqlite3 *db;
    const char *path;
    char **variants;         /* the database's GameTypes, most games first */
    size_t nvariants;
    sqlite3_stmt *sum, *sum_one, *reach;
    unsigned char *set;      /* a bit per game id: it passes the filters */
    int64_t set_max;
    char *set_key;           /* the filters of set (ex_query.filter_key) */
    /* the sets of the last filters, kept (the one in use is above) */
    struct ex_kept {
        unsigned char *set;
        int64_t max;
        char *key;
        unsigned long used;
    } kept[EX_SETS_KEPT];
    unsigned long clock;
    struct ex_replay *rp;    /* ex_key_rows's replays */
    sqlite3_stmt *one;       /* a game's text, for them */
    sqlite3_stmt *list;      /* a position's game lists (explore_list) */
    /* each game's outcome, year and Date range (selcrit_date; lo > hi:
     * none), by id up to info_max: read once (ex_info) for the filters
     * and the filtered nodes */
    unsigned char *info_outcome;
    uint16_t *info_year;
    int32_t *info_dlo, *info_dhi;
    int64_t info_max;        /* -1: not read */
} ex_db;

/* Opens path read-only for the explorer; with index set, first brings the
 * explorer's index up to date (opening the file for writing). 0, or -1
 * after reporting. */
int ex_open(ex_db *x, const char *path, int index);
void ex_close(ex_db *x);
/* Answers q into *n. 0; -1 when q is wrong (why in *err: a bad FEN, an
 * illegal move, ...); -2 when the database failed or the query was
 * interrupted (why in *err). */
int ex_node_get(ex_db *x, const ex_query *q, ex_node *n, tbuf *err);
void ex_node_free(ex_node *n);
/* The key of q's position (its board as ex_node_get sets it up): 0, or
 * -1 with why in *err. */
int ex_key(ex_db *x, const ex_query *q, int64_t *key, tbuf *err);
/* The SQL functions the filters use (selectsql.h), over c; then
 * ex_filters appends " AND ..." conditions on the games g: 1 when it
 * appended any. */
void ex_functions(ex_db *x, const sel_crit *c);
int ex_filters(const sel_crit *c, tbuf *q);
/* The JSON records of a node (man/pdn-json.5), without a newline. */
void ex_json_position(tbuf *b, const ex_node *n);
void ex_json_move(tbuf *b, const ex_node *n, const ex_move *m);
/* A node as one object: position, board, moves (the server's answer). */
void ex_node_json(tbuf *b, const ex_node *n);
void ex_json_games(tbuf *b, const ex_game *g, size_t n);
/* The moves of a game and the position after each (for the board). */
int ex_game_json(ex_db *x, int64_t id, tbuf *b, tbuf *err);
/* The board of a position as JSON: width, height, and each square
 * (numbered from 1) with its file, rank and piece. */
void ex_board_json(tbuf *b, const pdn_gametype *gt, const char *fen);

/* The page of the explorer: index.html, explore.js, explore.css (from
 * tools/db/web, embedded at build). NULL when name is none of them. */
const char *ex_asset(const char *name, size_t *len, const char **type);

int db_explore_main(int argc, char **argv);
int db_serve_main(int argc, char **argv);

/* pdn-db verify: a row of the explorer's index (a game in a list of
 * explore_list) hashed (its
 * game left out), and the sum and number of such hashes of the rows one
 * game's positions (keys at plies, in order) give (added to *hash and
 * *count). */
uint64_t ex_row_hash(int64_t key, int64_t next, int year, int outcome);
void ex_game_digest(const int64_t *keys, const int64_t *plies, size_t n,
                    const char *date, int outcome, const ex_keyset *keep,
                    uint64_t *hash, uint32_t *count);
/* Table explore_info: each game's outcome, year and Date range,
 * EX_INFO_IDS games a row (chunk c: ids c * EX_INFO_IDS and on),
 * EX_INFO_SIZE bytes a game; ex_info_entry writes a game's. */
#define EX_INFO_IDS 4096
#define EX_INFO_SIZE 11
void ex_info_entry(unsigned char *p, int outcome, const char *date);
/* The game ids of a list of explore_list (len bytes; ids: room for len):
 * their number. */
size_t ex_list_decode(const unsigned char *p, size_t len, int64_t *ids);
/* The keys the position index gives at least min games: the keys whose
 * rows the explorer's index holds. 0, or -1 after reporting. */
int ex_frequent(sqlite3 *db, const char *path, long min, ex_keyset *f);
int ex_keyset_has(const ex_keyset *f, uint32_t k);
void ex_keyset_free(ex_keyset *f);
/* The rows of key, made by replaying the games the position index gives
 * for it (the rows the index would hold): 0, or -1 when the database
 * failed. *rows is malloc'd (free it). */
int ex_key_rows(ex_db *x, int64_t key, ex_row **rows, size_t *n);
/* Reads each game's outcome, year and Date range into x (once). 0, or
 * -1 when the database failed. */
int ex_info(ex_db *x);
/* The game lists of key (table explore_list: for each next, the games
 * of the rows key, next in ascending order, delta-coded): fn(ud, next,
 * ids, n) for each next, ids decoded. 0, or -1 when the database
 * failed. */
int ex_lists(ex_db *x, int64_t key,
             void (*fn)(void *ud, int64_t next, const int64_t *ids,
                        size_t n),
             void *ud);
/* Appends " AND g.id IN (...)": the games g that reach key. 0 or -1. */
int ex_games_cond(ex_db *x, int64_t key, tbuf *sql);

/* Between the explorer's files: the set of the games that pass q's
 * filters (explorefilter.c) into x->set, 0 or -1. */
int ex_set(ex_db *x, const ex_query *q);

#endif /* PDN_TOOLS_DB_EXPLORE_H */
