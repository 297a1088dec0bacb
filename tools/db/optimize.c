/* SPDX-License-Identifier: MIT */
/* pdn-db optimize: the segments of the index (store.c) merged into one of
 * each kind, in one transaction (an interrupted run leaves the database
 * as it was), then VACUUM when asked. */
#include <config.h>
#include "db.h"
#include "common.h"

#include <sys/stat.h>
#include <unistd.h>

#define DB_OPT_VACUUM 0xa1 /* TOOL_LONG_OWN */

static const tool_option optimize_options[] = {
    {"vacuum", DB_OPT_VACUUM, NULL,
     "then rebuild the file (SQLite's VACUUM): the\n"
     "pages the merge freed are given back"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline optimize_cmdline = {
    "optimize [OPTION]... DB",
    "Merge the segments of the index of the game database DB into one.\n",
    optimize_options, "q", "",
    "\nExit status:\n  0  done (also when there was nothing to merge)\n"
    "  2  usage error, a database that cannot be read or written, or "
    "system trouble\n"};

/* the segments of kind and the bytes of their blocks */
static int
index_size(sqlite3 *db, const char *path, int kind, long long *segs,
           long long *bytes)
{
    sqlite3_stmt *st = db_prepare(db, path,
                                  "SELECT count(DISTINCT seg),"
                                  " coalesce(sum(length(data)), 0)"
                                  " FROM postings WHERE kind = ?");
    int ok;

    if (st == NULL)
        return -1;
    sqlite3_bind_int(st, 1, kind);
    if ((ok = sqlite3_step(st) == SQLITE_ROW)) {
        *segs = sqlite3_column_int64(st, 0);
        *bytes = sqlite3_column_int64(st, 1);
    } else
        db_fail(db, path, "query");
    sqlite3_finalize(st);
    return ok ? 0 : -1;
}

static long long
file_size(const char *path)
{
    struct stat sb;

    return stat(path, &sb) == 0 ? (long long)sb.st_size : -1;
}

int
db_optimize_main(int argc, char **argv)
{
    static const char *const what[2] = {"positions", "material"};
    tool_opts o;
    sqlite3 *db;
    const char *path;
    struct stat sb;
    long long segs[2][2], bytes[2][2], size0, n;
    int c, st, kind, vacuum = 0, merge = 0, failed = 0;

    tool_opts_init(&o);
    while ((c = tool_getopt(&optimize_cmdline, &o, argc, argv, &st)) != -1)
        if (c == DB_OPT_VACUUM)
            vacuum = 1;
    if (st >= 0)
        return st;
    if (optind >= argc)
        return tool_usage_error("optimize: no database named");
    if (optind + 1 < argc)
        return tool_usage_error("optimize: one database at a time");
    path = argv[optind];
    /* a file no one may write is left alone, even by a user who could */
    if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
        (sb.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0) {
        tool_error("%s: read-only file: not optimized", path);
        return TOOL_TROUBLE;
    }
    if ((db = db_open(path, 1)) == NULL)
        return TOOL_TROUBLE;
    if (sqlite3_db_readonly(db, "main") == 1) {
        tool_error("%s: cannot be written: not optimized", path);
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    size0 = file_size(path);
    if (db_exec(db, path, "PRAGMA cache_size = -65536; BEGIN IMMEDIATE") != 0)
        failed = 1;
    for (kind = 0; kind < 2 && !failed; kind++)
        if (index_size(db, path, kind, &segs[kind][0], &bytes[kind][0]) != 0)
            failed = 1;
        else if (segs[kind][0] > 1)
            merge = 1;
    for (kind = 0; kind < 2 && !failed; kind++) {
        if (merge && (n = db_post_merge(db, path, kind)) < 0)
            failed = 1;
        else if (index_size(db, path, kind, &segs[kind][1],
                            &bytes[kind][1]) != 0)
            failed = 1;
    }
    if (failed || db_exec(db, path, "COMMIT") != 0) {
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    (void)n;
    if (vacuum && db_exec(db, path, "VACUUM") != 0) {
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    if (sqlite3_close(db) != SQLITE_OK)
        return db_fail(db, path, "close");
    if (o.quiet)
        return TOOL_OK;
    if (!merge)
        fprintf(stderr, "%s: %s: nothing to merge: %lld segment%s of "
                "positions, %lld of material\n", tool_name, path, segs[0][0],
                segs[0][0] == 1 ? "" : "s", segs[1][0]);
    for (kind = 0; kind < 2 && merge; kind++)
        fprintf(stderr, "%s: %s: %s: %lld segments, %lld bytes -> %lld "
                "segment%s, %lld bytes\n", tool_name, path, what[kind],
                segs[kind][0], bytes[kind][0], segs[kind][1],
                segs[kind][1] == 1 ? "" : "s", bytes[kind][1]);
    fprintf(stderr, "%s: %s: file: %lld bytes -> %lld bytes%s\n", tool_name,
            path, size0, file_size(path), vacuum ? " (vacuumed)" : "");
    return TOOL_OK;
}
