/* SPDX-License-Identifier: MIT */
/* pdn-db: the games a search selects, as pdn-select writes them
 * (emit.h). */
#include <config.h>
#include "db.h"
#include "emit.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

void
db_emit_init(db_emit *e, tool_output *out, int json)
{
    memset(e, 0, sizeof *e);
    e->out = out;
    e->json = json;
    if (out != NULL && !json)
        out->end_line = 1;
}

int
db_emit_source(db_emit *e, sqlite3 *db, const char *path, int index)
{
    sqlite3_finalize(e->next_head);
    sqlite3_finalize(e->tags);
    e->next_head = e->tags = NULL;
    e->db = db;
    e->path = path;
    e->index = index;
    if (db == NULL || e->out == NULL)
        return 0;
    e->next_head = db_prepare(db, path,
                              "SELECT substr(sqlar_uncompress(raw, size), 1, pre)"
                              " FROM games"
                              " WHERE id = ? AND file = ? AND number = ?"
                              " AND pre > 0");
    e->tags = db_prepare(db, path, "SELECT name, value FROM tags"
                                   " WHERE game = ? ORDER BY seq");
    return e->next_head != NULL && e->tags != NULL ? 0 : -1;
}

/* {"type":"game","file":...,"game":N,"tags":{...}} as pdn-select -f json
 * writes it (a repeated tag: its first value), and the plies of -X. */
static int
json_game(db_emit *e, const db_game_row *row)
{
    tbuf b = {NULL, 0, 0};
    size_t open, nseen = 0;
    char *seen[256];
    int rc;

    tbuf_adds(&b, "{\"type\":\"game\",\"file\":");
    tbuf_json(&b, row->file);
    tbuf_adds(&b, ",\"game\":");
    tbuf_addu(&b, (unsigned long)row->number);
    /* where its first token is, as pdn-select -f json gives it: the
     * blanks that open the stored text come before it */
    {
        const unsigned char *r = row->raw;
        int64_t k = 0;

        while (k < row->len && (r[k] == ' ' || r[k] == '\t' || r[k] == '\r' ||
                                r[k] == '\n'))
            k++;
        tbuf_printf(&b, ",\"line\":%lld,\"offset\":%lld",
                    (long long)row->line, (long long)(row->offset + k));
    }
    tbuf_adds(&b, ",\"tags\":{");
    open = b.len;
    sqlite3_bind_int64(e->tags, 1, row->id);
    while (sqlite3_step(e->tags) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(e->tags, 0);
        size_t i;

        /* a repeated name: its first value, as pdn_game_tag gives it */
        for (i = 0; i < nseen && strcmp(seen[i], name) != 0; i++)
            ;
        if (i < nseen)
            continue;
        if (nseen < sizeof seen / sizeof seen[0]) {
            seen[nseen] = tool_xmalloc(strlen(name) + 1);
            strcpy(seen[nseen++], name);
        }
        if (b.len != open)
            tbuf_addc(&b, ',');
        tbuf_json(&b, name);
        tbuf_addc(&b, ':');
        tbuf_json(&b, (const char *)sqlite3_column_text(e->tags, 1));
    }
    while (nseen > 0)
        free(seen[--nseen]);
    sqlite3_reset(e->tags);
    tbuf_adds(&b, "}");
    if (row->extra != NULL) {
        tbuf_adds(&b, ",\"plies\":");
        tbuf_adds(&b, row->extra);
    }
    tbuf_adds(&b, "}\n");
    rc = tool_write(e->out, b.data, b.len);
    tbuf_free(&b);
    return rc;
}

int
db_emit_game(db_emit *e, const db_game_row *row)
{
    int follows = e->have_prev && e->prev_index == e->index &&
                  e->prev_file == row->file_id &&
                  e->prev_number + 1 == row->number;
    const char *raw = row->raw != NULL ? row->raw : "";
    size_t pre = (size_t)row->pre;

    if (e->out == NULL)
        return 0;
    e->have_prev = 1;
    e->prev_index = e->index;
    e->prev_file = row->file_id;
    e->prev_number = row->number;
    if (e->json)
        return json_game(e, row);
    if (!follows && tool_end_line(e->out) < 0)
        return -1;
    if (pre > (size_t)row->len)
        pre = (size_t)row->len;
    if (tool_write(e->out, raw + pre, (size_t)row->len - pre) < 0)
        return -1;
    /* the end of its last line: at the start of the next game's text */
    sqlite3_bind_int64(e->next_head, 1, row->id + 1);
    sqlite3_bind_int64(e->next_head, 2, row->file_id);
    sqlite3_bind_int64(e->next_head, 3, row->number + 1);
    if (sqlite3_step(e->next_head) == SQLITE_ROW &&
        sqlite3_column_bytes(e->next_head, 0) > 0 &&
        tool_write(e->out, sqlite3_column_blob(e->next_head, 0),
                   (size_t)sqlite3_column_bytes(e->next_head, 0)) < 0) {
        sqlite3_reset(e->next_head);
        return -1;
    }
    sqlite3_reset(e->next_head);
    return 0;
}
