/* SPDX-License-Identifier: MIT */
/* pdn-db: writing the games a search selects (emit.c), byte for byte as
 * pdn-select writes them from their files: each game's text, then the end
 * of its last line (which the input holds at the start of the next game),
 * a newline only where two games that did not follow each other would
 * share a line; or one JSON record per game. */
#ifndef PDN_TOOLS_DB_EMIT_H
#define PDN_TOOLS_DB_EMIT_H

#include <stdint.h>
#include <sqlite3.h>
#include "output.h"

typedef struct db_game_row {
    int64_t id, file_id, number, pre;
    int64_t line, offset;    /* the game's first line; its text's offset */
    const char *file;
    const void *raw;
    int len;
    char *extra;             /* JSON: the value of "plies", or NULL */
} db_game_row;

typedef struct db_emit {
    tool_output *out;        /* NULL: nothing is written (a count) */
    int json;
    sqlite3 *db;
    const char *path;
    int index;               /* of the database among the operands */
    sqlite3_stmt *next_head, *tags;
    int have_prev, prev_index;
    int64_t prev_file, prev_number;
} db_emit;

void db_emit_init(db_emit *e, tool_output *out, int json);
/* The database the next games come from (db NULL: done with the last
 * one). 0, or -1 after reporting. */
int db_emit_source(db_emit *e, sqlite3 *db, const char *path, int index);
/* Writes one game. 0, or -1 after reporting a write error. */
int db_emit_game(db_emit *e, const db_game_row *row);

#endif /* PDN_TOOLS_DB_EMIT_H */
