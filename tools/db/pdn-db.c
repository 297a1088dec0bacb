/* SPDX-License-Identifier: MIT */
/* pdn-db: a game database over SQLite, one program with subcommands:
 * create and add (build.c), search (search.c), info (here). */
#include <config.h>
#include "db.h"
#include "common.h"
#include "explore.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const tool_option info_options[] = {{NULL, 0, NULL, NULL}};

static const tool_cmdline info_cmdline = {
    "info [OPTION]... DB...",
    "Describe the game databases DB: games, files, variants, index, size.\n",
    info_options, "", "",
    "\nExit status:\n  0  done\n"
    "  2  usage error, a database that cannot be read, or system trouble\n"};

static void
usage(FILE *out)
{
    fprintf(out,
            "Usage: pdn-db COMMAND [OPTION]... DB [ARG]...\n"
            "A game database of PDN games in one SQLite file.\n\n"
            "Commands:\n"
            "  create DB [FILE]...    make the database DB from the games of "
            "the FILEs\n"
            "  add DB [FILE]...       add the games of the FILEs to DB\n"
            "  search [OPTION]... DB...  write the games that match every "
            "criterion\n"
            "  info DB...             games, files, variants, index, size\n"
            "  optimize [OPTION]... DB  merge the segments of DB's index into "
            "one\n"
            "  verify DB...           check every index against the games\n"
            "  explore [OPTION]... DB  the opening explorer (pdn-db-explore(1))\n"
            "  serve [OPTION]... DB   the explorer over HTTP (pdn-db-explore(1))\n\n"
            "pdn-db COMMAND --help describes a command's options.\n"
            "Exit status:\n  0  done\n  1  problems found in the games, or "
            "no game selected\n  2  usage error or system trouble "
            "(input/output, memory, a database that cannot be read)\n");
}

static long long
one_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    long long v = -1;

    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

static int
info_one(const char *path)
{
    sqlite3 *db = db_open(path, 0);
    sqlite3_stmt *st;
    struct stat sb;
    long long games, pdn, files, dups, bad, plies;
    int rc;

    if (db == NULL)
        return TOOL_TROUBLE;
    games = one_int(db, "SELECT count(*) FROM games");
    pdn = one_int(db, "SELECT coalesce(sum(bytes), 0) FROM"
                      " (SELECT size AS bytes FROM games)");
    files = one_int(db, "SELECT count(*) FROM files");
    dups = one_int(db, "SELECT count(*) FROM games WHERE duplicate_of IS NOT"
                       " NULL");
    bad = one_int(db, "SELECT count(*) FROM games WHERE legal = 0");
    plies = one_int(db, "SELECT count(*) FROM plies");
    if (games < 0 || pdn < 0 || files < 0 || dups < 0 || bad < 0 ||
        plies < 0) {
        db_fail(db, path, "query");
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    printf("%s: schema %lld\n", path, one_int(db, "PRAGMA user_version"));
    printf("  files: %lld\n", files);
    printf("  games: %lld (%lld bytes of PDN)\n", games, pdn);
    printf("  duplicates: %lld\n", dups);
    printf("  illegal: %lld\n", bad);
    printf("  positions indexed: %lld\n", db_meta_int(db, "positions"));
    printf("  material signatures: %lld\n", db_meta_int(db, "material"));
    printf("  games with plies (--pattern, --manoeuvre): %lld\n", plies);
    if (stat(path, &sb) == 0)
        printf("  size: %lld bytes\n", (long long)sb.st_size);
    printf("  variants:\n");
    st = db_prepare(db, path,
                    "SELECT coalesce(gametype, '-'), count(*) FROM games"
                    " GROUP BY gametype ORDER BY count(*) DESC");
    if (st == NULL) {
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *gts = (const char *)sqlite3_column_text(st, 0);
        pdn_gametype gt;
        char name[96] = "no variant (not replayed)";

        if (pdn_gametype_parse(gts, &gt, NULL) >= 0)
            infer_describe(&gt, name, sizeof name);
        printf("    %s: %lld\n", name, (long long)sqlite3_column_int64(st, 1));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE || games < 0) {
        db_fail(db, path, "query");
        sqlite3_close(db);
        return TOOL_TROUBLE;
    }
    sqlite3_close(db);
    return TOOL_OK;
}

int
db_info_main(int argc, char **argv)
{
    tool_opts o;
    int c, st, i, worst = TOOL_OK;

    tool_opts_init(&o);
    while ((c = tool_getopt(&info_cmdline, &o, argc, argv, &st)) != -1)
        ;
    if (st >= 0)
        return st;
    if (optind >= argc)
        return tool_usage_error("info: no database named");
    for (i = optind; i < argc; i++) {
        st = info_one(argv[i]);
        worst = st > worst ? st : worst;
    }
    return tool_finish(&o, worst); /* a write error named, status 2 */
}

int
main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : NULL;

    /* SQLite's memory statistics: a lock per allocation, unused here */
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (cmd == NULL)
        return tool_usage_error("no command: create, add, search, explore, "
                                "serve, info or optimize");
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        if (cmd[1] == 'h' || cmd[2] == 'h')
            usage(stdout);
        else
            tool_version();
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout)) {
            tool_error("write error: %s", strerror(errno ? errno : EIO));
            return TOOL_TROUBLE;
        }
        return TOOL_OK;
    }
    if (strcmp(cmd, "create") == 0 || strcmp(cmd, "add") == 0)
        return db_build_main(argc - 1, argv + 1, cmd[0] == 'c');
    if (strcmp(cmd, "search") == 0)
        return db_search_main(argc - 1, argv + 1);
    if (strcmp(cmd, "explore") == 0)
        return db_explore_main(argc - 1, argv + 1);
    if (strcmp(cmd, "info") == 0)
        return db_info_main(argc - 1, argv + 1);
    if (strcmp(cmd, "serve") == 0)
        return db_serve_main(argc - 1, argv + 1);
    if (strcmp(cmd, "optimize") == 0)
        return db_optimize_main(argc - 1, argv + 1);
    if (strcmp(cmd, "verify") == 0)
        return db_verify_main(argc - 1, argv + 1);
    return tool_usage_error("unknown command '%s': create, add, search, "
                            "explore, serve, info, optimize or verify", cmd);
}
