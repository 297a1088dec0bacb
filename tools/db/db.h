/* SPDX-License-Identifier: MIT */
/* pdn-db: a game database in one SQLite file (man/pdn-db.1 gives the
 * schema). schema.c opens and checks a database; key.c makes the position
 * key of the index; build.c reads PDN into it (create, add); search.c
 * answers pdn-select's criteria from it (its parts in search.h); emit.c
 * writes the games found. */
#ifndef PDN_TOOLS_DB_H
#define PDN_TOOLS_DB_H

#include <stdint.h>
#include <sqlite3.h>
#include <pdn/pdn.h>

/* The schema this pdn-db writes and reads (PRAGMA user_version), and the
 * mark of a pdn-db file (PRAGMA application_id: "PDND"). */
#define DB_SCHEMA_VERSION 5
#define DB_APPLICATION_ID 0x50444E44

/* Opens path: read-only for queries (write 0; SQLITE_OPEN_READONLY), or
 * for adding (write 1). Checks that it is a whole SQLite file holding a
 * pdn-db database of a schema this program reads. NULL after reporting
 * "pdn-db: DB: why" (not a database, truncated, another application's,
 * a newer schema, corrupt). */
sqlite3 *db_open(const char *path, int write);
/* 1 when db has the index named name (schema 5's indexes of tag values
 * and years; a database of schema 4 is searched without them). */
int db_has_index(sqlite3 *db, const char *name);
/* write for a connection that one thread uses to read through a table:
 * read-only, without SQLite's mutexes. (Mapping the file, PRAGMA
 * mmap_size, made a scan of the plies table slower and counted the whole
 * file in its memory.) */
#define DB_OPEN_SCAN 2
/* Makes a new database for path (which must not exist): its schema, in
 * one transaction, in a temporary beside path (tmp, removed by a signal).
 * NULL after reporting. */
struct tool_temp;
sqlite3 *db_create(const char *path, struct tool_temp *tmp);
/* Ends what db_create began: when ok, the database in WAL mode, closed
 * and linked to path (never over a file made meanwhile); else closed.
 * The temporary removed either way. 0, or -1 after reporting. */
int db_create_end(sqlite3 *db, const char *path, struct tool_temp *tmp,
                  int ok);
/* Makes schema 5's indexes of tag values and years (CREATE INDEX IF NOT
 * EXISTS): 0, or -1 after reporting. */
int db_search_indexes(sqlite3 *db, const char *path);
/* Reports "pdn-db: DB: what: SQLite's message" and returns 2. */
int db_fail(sqlite3 *db, const char *path, const char *what);
/* Prepares sql on db; NULL after reporting. */
sqlite3_stmt *db_prepare(sqlite3 *db, const char *path, const char *sql);
/* Runs sql (no rows); 0, or -1 after reporting. */
int db_exec(sqlite3 *db, const char *path, const char *sql);
/* An integer of the meta table (0 when absent). */
long long db_meta_int(sqlite3 *db, const char *key);

/* The index key of a position: b's pdn_board_hash combined with its
 * GameType, so that one position of two variants has two keys. The one
 * place that defines it (a library key may take its place). */
int64_t db_key(const pdn_board *b);

/* 1 when a and b (of one GameType) hold the same pieces on the same
 * squares, the same side to move. */
int db_same_board(const pdn_board *a, const pdn_board *b);

/* Material signature as stored: white men, black men, white kings, black
 * kings (one byte each, from the high byte down). */
#define DB_SIG(wm, bm, wk, bk) \
    ((int64_t)(wm) << 24 | (int64_t)(bm) << 16 | (int64_t)(wk) << 8 | (bk))
int64_t db_material(const pdn_board *b);

struct tool_opts;
struct tool_out;

/* What one replay of a main line found. */
typedef struct db_walked {
    int legal;               /* -1: not replayed; 1: to its end */
    int skipped;             /* a move that could not be read was passed */
    unsigned long plies;     /* moves played */
    unsigned long stop;      /* the ply of the move it stopped at, or 0 */
    int have_fp;             /* fp is the whole game's (legal) */
    pdn_fingerprint fp;
} db_walked;

/* Called with every position the replay reaches: the start (ply 0), after
 * a setup (m NULL for both), after each move (m the move played); returns
 * 1 to stop there. */
typedef int db_see_fn(void *ud, const pdn_board *b, unsigned long ply,
                      const pdn_move *m);

/* Replays g's main line under gt as pdn-select does (tools/select/selectcrit.c:
 * setups applied, a move that cannot be read passed over, the first move
 * that cannot be played ends it, reported when report is set, as pdn-legal
 * words it). 0, or -1 when g has no start position under gt (reported
 * through to). */
int db_walk(const struct tool_opts *o, const char *file, const pdn_game *g,
            const pdn_gametype *gt, struct tool_out *to, int report,
            db_see_fn *see, void *ud, db_walked *w);

/* store.c: a game's text as stored (the games table's raw and size):
 * out holds zlib's compress() output when it is shorter than len, else
 * the text itself, as the sqlite3 shell's sqlar_compress() makes it. */
struct run_buf;
void db_text_pack(const char *raw, size_t len, struct run_buf *out);
/* Frees what db_text_pack keeps (its zlib streams). */
void db_text_pack_end(void);
/* The text back from what db_text_pack made (size its length): 0, or -1
 * when it does not inflate (out empty). */
int db_text_unpack(const void *data, int n, int64_t size,
                   struct run_buf *out);
/* Defines sqlar_uncompress(raw, size) on db (the sqlite3 shell's): the
 * text of a game. SQLITE_OK or SQLite's error. */
int db_functions(sqlite3 *db);

/* The index: (key, game) entries, 32 bits each, kept in sorted,
 * delta-coded blocks (the postings table). Kinds: */
#define DB_POST_POSITION 0 /* DB_POS_KEY of db_key */
#define DB_POST_MATERIAL 1 /* db_material */
/* A position's key in the index: the high db_key_bits bits of db_key
 * (meta 'key_bits'). A lookup gives, beside the games that reach the
 * position, about one entry in 2^db_key_bits of the others (each decided
 * on the game). Schema 5 makes 32 (at 10^8 games, about 10^10 entries:
 * 2.5 false candidates a lookup, where 24 bits gave 640); a database of
 * schema 4 keeps its 24. db_open and db_create set it (the process's
 * databases are opened one at a time, those of a search's threads
 * through DB_OPEN_SCAN, which leaves it). */
extern int db_key_bits;
#define DB_POS_KEY(k) ((uint32_t)((uint64_t)(k) >> (64 - db_key_bits)))
typedef struct db_postings {
    uint64_t *v;
    size_t n, cap;
} db_postings;
void db_post_add(db_postings *p, uint32_t key, uint32_t game);
/* Writes the entries held as a new segment of kind (sorted, each key and
 * game once) and empties p: the number of entries written, or -1 after
 * reporting. */
long long db_post_flush(sqlite3 *db, const char *path, int kind,
                        db_postings *p);
void db_post_free(db_postings *p);
/* Sorts a[0..n) (tmp: room for n more), stable in the high 32 bits; the
 * low 32 bits are sorted only when they are not ascending already. */
void db_sort64(uint64_t *a, size_t n, uint64_t *tmp);
/* Calls fn with every entry of kind whose key lies in [lo, hi], segment
 * by segment (a game may come more than once, not in order). 0, or -1
 * after reporting. */
typedef void db_post_fn(void *ud, uint32_t key, uint32_t game);
int db_post_lookup(sqlite3 *db, const char *path, int kind, uint32_t lo,
                   uint32_t hi, db_post_fn *fn, void *ud);
/* Merges the segments of kind into one (a k-way merge, a block of each
 * segment in memory at a time), written after the last and the others
 * deleted, inside the caller's transaction: the number of entries, 0
 * when there were fewer than two segments (nothing written), or -1 after
 * reporting. */
long long db_post_merge(sqlite3 *db, const char *path, int kind);

/* The subcommands: argc and argv from the subcommand's name on. Each
 * returns the exit status. */
int db_build_main(int argc, char **argv, int create);
int db_search_main(int argc, char **argv);
int db_info_main(int argc, char **argv);
int db_explore_main(int argc, char **argv);
int db_optimize_main(int argc, char **argv);
int db_verify_main(int argc, char **argv);

#endif /* PDN_TOOLS_DB_H */
