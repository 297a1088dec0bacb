/* SPDX-License-Identifier: MIT */
/* Tag values as real archives write them, and their standard forms:
 * dates (YYYY.MM.DD with ?? for what is unknown) and results. Used by
 * pdn-fix to repair them and by pdn-stats to read them. */
#ifndef PDN_TOOLS_FIXTAGS_H
#define PDN_TOOLS_FIXTAGS_H

#include <stddef.h>

/* Size of a standard date ("1973.05.??") with its NUL. */
#define FIX_DATE_SIZE 11

enum { FIX_SAME = 0, FIX_CHANGED = 1, FIX_AMBIGUOUS = -1, FIX_UNKNOWN = -2 };

/* The date v in the standard form into buf (FIX_DATE_SIZE bytes):
 * FIX_SAME when v is one already, FIX_CHANGED when buf holds its
 * standard form ("1841-??-??", "1973", "1950.", "14-12-2024", "2004.6.5",
 * "7 April 1934", "June 1934"), FIX_AMBIGUOUS when v is day and month in
 * an order that cannot be told ("12-08-2021"), FIX_UNKNOWN when it is not
 * a date this code reads ("?", "", "1-2 June 2002", "12.08.21"). order
 * settles the ambiguous case: 'd' day first, 'm' month first, 'y' the
 * year alone ("2021.??.??"); 0 leaves it ambiguous. */
int fix_date(const char *v, char buf[FIX_DATE_SIZE], int order);

/* The order of day and month the numeric date v (with a four-digit year
 * last) shows: 'd' (the first is over 12), 'm' (the second is), or 0. */
int fix_date_order(const char *v);

/* The standard token of a result written another way ("1/2:1/2", "0:1",
 * "½-½", "2:0"): 1 with the token in *out, 0 when v is a standard
 * token already or no result at all. */
int fix_result(const char *v, const char **out);

/* Whether v is a score such as "3-1", "1.5-0.5" or "12:8" that is not the
 * result of one game (a match score in a Result tag). */
int fix_match_score(const char *v);

#endif /* PDN_TOOLS_FIXTAGS_H */
