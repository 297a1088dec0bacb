/* SPDX-License-Identifier: MIT */
/* Opening a pdn-db database (db.h): the checks that give a clear error for
 * a file that is not one, and the schema of a new one. */
#include <config.h>
#include "db.h"
#include "report.h"
#include "tbuf.h"
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The schema (man/pdn-db.1 describes every column). Positions and
 * material are posting blocks (store.c) in one table without rowid,
 * keyed by the first key of each block; a game's tags are the view tags
 * over their values and their names, each name stored once (tag_names);
 * a game's text is raw, compressed
 * as sqlar stores a file (size its length); a game's main line as
 * plies.h writes it. */
static const char schema_sql[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;\n"
    "CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT NOT NULL,"
    " added TEXT NOT NULL, games INTEGER NOT NULL DEFAULT 0);\n"
    "CREATE TABLE games(id INTEGER PRIMARY KEY,"
    " file INTEGER NOT NULL REFERENCES files(id), number INTEGER NOT NULL,"
    " offset INTEGER NOT NULL, line INTEGER,"
    " white TEXT, black TEXT, event TEXT, date TEXT, result TEXT,"
    " outcome INTEGER NOT NULL, score REAL,"
    " gametype TEXT, variant TEXT, type INTEGER, rules INTEGER,"
    " giveaway INTEGER, width INTEGER, height INTEGER,"
    " moves INTEGER NOT NULL, plies INTEGER, stop_ply INTEGER,"
    " legal INTEGER, comments INTEGER NOT NULL,"
    " fingerprint BLOB, duplicate_of INTEGER,"
    " pre INTEGER NOT NULL, size INTEGER NOT NULL, raw BLOB NOT NULL,"
    " setup INTEGER NOT NULL);\n"
    "CREATE INDEX games_setup ON games(setup) WHERE setup = 1;\n"
    "CREATE INDEX games_fingerprint ON games(fingerprint)"
    " WHERE fingerprint IS NOT NULL;\n"
    "CREATE INDEX games_gametype ON games(gametype);\n"
    "CREATE TABLE tag_names(id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL UNIQUE);\n"
    "CREATE TABLE tag_values(game INTEGER NOT NULL, seq INTEGER NOT NULL,"
    " name INTEGER NOT NULL, value TEXT NOT NULL,"
    " PRIMARY KEY(game, seq)) WITHOUT ROWID;\n"
    "CREATE VIEW tags(game, seq, name, value) AS SELECT t.game, t.seq,"
    " n.name, t.value FROM tag_values t JOIN tag_names n ON n.id = t.name;\n"
    "CREATE TABLE postings(kind INTEGER NOT NULL, seg INTEGER NOT NULL,"
    " first INTEGER NOT NULL, at INTEGER NOT NULL, data BLOB NOT NULL,"
    " PRIMARY KEY(kind, seg, first, at)) WITHOUT ROWID;\n"
    "CREATE TABLE plies(game INTEGER PRIMARY KEY, gametype TEXT NOT NULL,"
    " data BLOB NOT NULL);\n";

/* Schema 5's indexes for the tag and date criteria: the values of each
 * tag name in order (a criterion's expression matched once a distinct
 * value, its games read from here), and the year a Date begins with (the
 * expression search's -y gives). Made at the end of a create (faster than
 * kept up row by row), and by the upgrade of a schema 4 database. */
static const char index_sql[] =
    "CREATE INDEX IF NOT EXISTS tag_values_value ON tag_values(name, value);\n"
    "CREATE INDEX IF NOT EXISTS games_year ON games("
    "CAST(substr(ltrim(date, ' '), 1, 4) AS INTEGER));\n";

int db_key_bits = 32;

int
db_search_indexes(sqlite3 *db, const char *path)
{
    return db_exec(db, path, index_sql);
}

int
db_fail(sqlite3 *db, const char *path, const char *what)
{
    int code = db != NULL ? sqlite3_errcode(db) : SQLITE_ERROR;

    if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
        tool_error("%s: %s: the database is corrupt (%s)", path, what,
                   sqlite3_errmsg(db));
    else
        tool_error("%s: %s: %s", path, what,
                   db != NULL ? sqlite3_errmsg(db) : "out of memory");
    return TOOL_TROUBLE;
}

sqlite3_stmt *
db_prepare(sqlite3 *db, const char *path, const char *sql)
{
    sqlite3_stmt *st = NULL;

    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        db_fail(db, path, "query");
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

int
db_exec(sqlite3 *db, const char *path, const char *sql)
{
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        db_fail(db, path, "write");
        return -1;
    }
    return 0;
}

long long
db_meta_int(sqlite3 *db, const char *key)
{
    sqlite3_stmt *st = NULL;
    long long v = 0;

    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?", -1,
                           &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
        if (sqlite3_step(st) == SQLITE_ROW)
            v = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    return v;
}

static unsigned long
be(const unsigned char *p, int n)
{
    unsigned long v = 0;

    while (n-- > 0)
        v = v << 8 | *p++;
    return v;
}

/* The file's first 100 bytes against SQLite's header: not a database, or
 * shorter than the size its header gives. 0, or -1 after reporting. */
static int
check_file(const char *path)
{
    unsigned char h[100];
    struct stat sb;
    FILE *fp = fopen(path, "rb");
    size_t n;
    unsigned long page, pages;

    if (fp == NULL) {
        tool_error("%s: %s", path, strerror(errno));
        return -1;
    }
    n = fread(h, 1, sizeof h, fp);
    if (fstat(fileno(fp), &sb) != 0)
        sb.st_size = 0;
    fclose(fp);
    if (n == 0) {
        tool_error("%s: not a pdn-db database: the file is empty", path);
        return -1;
    }
    if (n < sizeof h || memcmp(h, "SQLite format 3", 16) != 0) {
        tool_error("%s: not a pdn-db database: not an SQLite file", path);
        return -1;
    }
    page = be(h + 16, 2);
    if (page == 1)
        page = 65536;
    pages = be(h + 28, 4);
    /* the size in the header is valid when its change counter says so */
    if (pages != 0 && be(h + 92, 4) == be(h + 24, 4) &&
        (unsigned long long)sb.st_size < (unsigned long long)page * pages) {
        tool_error("%s: truncated database: %llu bytes of the %llu its "
                   "header gives", path, (unsigned long long)sb.st_size,
                   (unsigned long long)page * pages);
        return -1;
    }
    return 0;
}

static long long
pragma_int(sqlite3 *db, const char *sql, int *ok)
{
    sqlite3_stmt *st = NULL;
    long long v = 0;

    *ok = sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
          sqlite3_step(st) == SQLITE_ROW;
    if (*ok)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* A run of add that was killed leaves its journal (DB-journal): the
 * first connection that may write rolls it back. A query opens read-only,
 * so it lets one read-write connection do that first when it can. */
static void
roll_back(const char *path)
{
    tbuf j = {NULL, 0, 0};
    struct stat sb;
    sqlite3 *db = NULL;

    tbuf_printf(&j, "%s-journal", path);
    if (stat(j.data, &sb) == 0 && sb.st_size > 0 && access(path, W_OK) == 0 &&
        sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK)
        sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", NULL, NULL,
                     NULL);
    sqlite3_close(db);
    tbuf_free(&j);
}

/* A writer waits for another as long as that one writes (a second add
 * after the first, not an error after a few seconds): told once, then
 * polled every 50 ms. Readers of a WAL database never hold it up. */
static int
wait_writer(void *ud, int n)
{
    if (n == 0)
        fprintf(stderr, "%s: %s: another pdn-db is writing: waiting for it\n",
                tool_name, (const char *)ud);
    sqlite3_sleep(50);
    return 1;
}

sqlite3 *
db_open(const char *path, int write)
{
    sqlite3 *db = NULL;
    long long app, ver;
    int ok;

    if (check_file(path) != 0)
        return NULL;
    if (write != 1)
        roll_back(path);
    if (sqlite3_open_v2(path, &db,
                        write == 1 ? SQLITE_OPEN_READWRITE
                        : write == DB_OPEN_SCAN
                            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
                            : SQLITE_OPEN_READONLY,
                        NULL) != SQLITE_OK) {
        db_fail(db, path, "open");
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_extended_result_codes(db, 0);
    if (write == 1)
        sqlite3_busy_handler(db, wait_writer, (void *)path);
    else /* WAL: only a recovery or a checkpoint of a writer's makes one wait */
        sqlite3_busy_timeout(db, 60000);
    app = pragma_int(db, "PRAGMA application_id", &ok);
    if (!ok) {
        db_fail(db, path, "open");
        sqlite3_close(db);
        return NULL;
    }
    ver = pragma_int(db, "PRAGMA user_version", &ok);
    if (app != DB_APPLICATION_ID || ver < 1) {
        tool_error("%s: not a pdn-db database: an SQLite file of another "
                   "application", path);
        sqlite3_close(db);
        return NULL;
    }
    if (ver > DB_SCHEMA_VERSION) {
        tool_error("%s: schema version %lld is newer than this pdn-db's "
                   "(%d): read it with a newer pdn-db", path, ver,
                   DB_SCHEMA_VERSION);
        sqlite3_close(db);
        return NULL;
    }
    if (ver == 4 && write == 1) {
        /* 4 to 5: the indexes of tag values and years, nothing else */
        char sql[160];

        snprintf(sql, sizeof sql, "PRAGMA user_version = %d; UPDATE meta SET"
                 " value = %d WHERE key = 'schema'; COMMIT;",
                 DB_SCHEMA_VERSION, DB_SCHEMA_VERSION);
        if (db_exec(db, path, "BEGIN IMMEDIATE") != 0 ||
            db_search_indexes(db, path) != 0 || db_exec(db, path, sql) != 0) {
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            sqlite3_close(db);
            return NULL;
        }
        fprintf(stderr, "%s: %s: schema 4 upgraded to %d (indexes of tag "
                "values and years for search)\n", tool_name, path,
                DB_SCHEMA_VERSION);
        ver = DB_SCHEMA_VERSION;
    }
    /* schema 4 is read as it is (search without the indexes of 5) */
    if (ver < DB_SCHEMA_VERSION && ver != 4) {
        tool_error("%s: schema version %lld is older than this pdn-db's "
                   "(%d): make the database again with pdn-db create", path,
                   ver, DB_SCHEMA_VERSION);
        sqlite3_close(db);
        return NULL;
    }
    if (db_functions(db) != SQLITE_OK) {
        db_fail(db, path, "open");
        sqlite3_close(db);
        return NULL;
    }
    if (write != DB_OPEN_SCAN) { /* schema 4's 24, or what meta says */
        long long bits = db_meta_int(db, "key_bits");

        db_key_bits = bits >= 16 && bits <= 32 ? (int)bits : 24;
    }
    /* a database of an earlier pdn-db in a rollback journal: WAL from
     * its first write on, so that readers see a snapshot and never stall
     * the writer (a reader holds no lock a writer needs) */
    if (write == 1 && sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL,
                                   NULL) != SQLITE_OK) {
        db_fail(db, path, "open");
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

sqlite3 *
db_create(const char *path, tool_temp *tmp)
{
    sqlite3 *db = NULL;
    char sql[256];
    struct stat sb;
    int fd;

    if (stat(path, &sb) == 0) {
        tool_error("%s: exists: pdn-db create makes a new database (pdn-db "
                   "add adds to one)", path);
        return NULL;
    }
    /* built beside the target and renamed to it once whole: a create
     * that is killed leaves no database (a signal removes the temporary) */
    if ((fd = tool_temp_create(tmp, path)) < 0) {
        tool_error("%s: cannot make a temporary beside it: %s", path,
                   strerror(errno));
        return NULL;
    }
    close(fd);
    if (sqlite3_open_v2(tmp->path, &db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                        NULL) != SQLITE_OK) {
        db_fail(db, path, "create");
        sqlite3_close(db);
        remove(tmp->path);
        return NULL;
    }
    if (db_functions(db) != SQLITE_OK) {
        db_fail(db, path, "create");
        sqlite3_close(db);
        remove(tmp->path);
        return NULL;
    }
    /* pages of 16 KiB: a page's unused end and the rows' overflow pages
     * take less of the file than with 4 KiB (the database 3% smaller,
     * built 15% faster at 10^6 games) */
    snprintf(sql, sizeof sql,
             "PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; BEGIN;"
             " PRAGMA application_id = %d;"
             " PRAGMA user_version = %d;", DB_APPLICATION_ID,
             DB_SCHEMA_VERSION);
    if (db_exec(db, path, sql) != 0 || db_exec(db, path, schema_sql) != 0 ||
        (snprintf(sql, sizeof sql,
                  "INSERT INTO meta VALUES('schema', %d),"
                  " ('writer', 'pdntools pdn-db'), ('positions', 0),"
                  " ('material', 0), ('key_bits', 32); COMMIT;",
                  DB_SCHEMA_VERSION),
         db_exec(db, path, sql)) != 0) {
        sqlite3_close(db);
        remove(tmp->path);
        return NULL;
    }
    db_key_bits = 32;
    return db;
}

int
db_create_end(sqlite3 *db, const char *path, tool_temp *tmp, int ok)
{
    if (ok && db_exec(db, path, "PRAGMA journal_mode = WAL") != 0)
        ok = 0;
    if (sqlite3_close(db) != SQLITE_OK && ok) {
        db_fail(db, path, "close");
        ok = 0;
    }
    /* link: never over a file made meanwhile (rename where links fail) */
    if (ok && link(tmp->path, path) != 0 &&
        (errno == EEXIST || rename(tmp->path, path) != 0)) {
        tool_error("%s: %s", path, errno == EEXIST
                       ? "made by another run meanwhile: left as it is"
                       : strerror(errno));
        ok = 0;
    }
    remove(tmp->path);
    tool_temps_forget();
    free(tmp->path);
    tmp->path = NULL;
    return ok ? 0 : -1;
}

int
db_has_index(sqlite3 *db, const char *name)
{
    sqlite3_stmt *st = NULL;
    int yes = 0;

    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type ="
                               " 'index' AND name = ?", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        yes = sqlite3_step(st) == SQLITE_ROW;
    }
    sqlite3_finalize(st);
    return yes;
}
