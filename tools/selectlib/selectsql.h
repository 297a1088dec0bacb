/* SPDX-License-Identifier: MIT */
/* pdn-select's criteria over a pdn-db database (tools/db/schema.c): the
 * SQL functions its conditions call, the conditions themselves, and the
 * games of a tag criterion read from the tag_values index. pdn-db search
 * and the explorer (explore, serve) both translate criteria here, so a
 * criterion means one thing in every query. */
#ifndef PDN_TOOLS_SELECTSQL_H
#define PDN_TOOLS_SELECTSQL_H

#include <stdint.h>
#include <sqlite3.h>
#include "selectcrit.h"
#include "tbuf.h"

/* Registers on db, over c (which must outlive their use):
 * pdn_tag(i, value): the i-th tag criterion's expression matches value;
 * pdn_date(date): the Date lies in -y's range, as pdn-select decides;
 * pdn_folk(gametype): the folk variant of a stored GameType (its seventh
 * field; PDN_FOLK_NONE without one), -1 when it does not read. */
void selsql_functions(sqlite3 *db, const sel_crit *c);

/* What selsql_where translates. */
enum {
    SELSQL_TAGS = 1,        /* the tag criteria, by the tags table */
    SELSQL_TAG_COLUMNS = 2, /* ... White, Black and Event by the games'
                             * columns (their first value) */
    SELSQL_RESULT = 4,      /* -Y */
    SELSQL_YEAR = 8,        /* -y by the Date's year (a superset) */
    SELSQL_DATE = 16,       /* -y exactly (pdn_date) */
    SELSQL_COLUMNS = 32     /* -K, -l, -b, -L and the replaying criteria's
                             * games that have a variant */
};

/* Appends to q the conditions " AND ..." on the games g of the criteria
 * of c that what names: 1 when it appended any. */
int selsql_where(const sel_crit *c, int what, tbuf *q);

/* The games of tag criterion i: fn(ud, id) for each game with a tag its
 * name names whose value its expression matches (a seek per distinct
 * value of the index tag_values_value, which the database must have). 0,
 * or -1 when a statement failed (sqlite3_errmsg(db) says why). */
int selsql_tag_games(sqlite3 *db, const sel_crit *c, size_t i,
                     void (*fn)(void *ud, int64_t id), void *ud);

#endif /* PDN_TOOLS_SELECTSQL_H */
