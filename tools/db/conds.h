/* SPDX-License-Identifier: MIT */
/* pdn-db search: the conditions a game's positions and moves must meet
 * (conds.c): --pattern and --manoeuvre, each given up to DB_CONDS_MAX
 * times, every one somewhere in the main line, or (--sequence) in the
 * order given at later and later plies, or (--streak) on consecutive
 * plies. A pattern holds at ply p when it stands in the position after
 * the move of ply p (ply 0: the start) or after a setup there; a
 * manoeuvre when the move of ply p is it. */
#ifndef PDN_TOOLS_DB_CONDS_H
#define PDN_TOOLS_DB_CONDS_H

#include <pdn/pdn.h>
#include "pattern.h"
#include "manoeuvre.h"
#include "tbuf.h"

#define DB_CONDS_MAX 32

enum { DB_CONDS_EVERY = 0, DB_CONDS_SEQUENCE, DB_CONDS_STREAK };

typedef struct db_cond {
    int is_pattern;
    db_pattern pattern;
    db_manoeuvre manoeuvre;
} db_cond;

typedef struct db_conds {
    db_cond c[DB_CONDS_MAX];
    int n;
    int mode;                /* DB_CONDS_* */
    int all_plies;           /* list every ply (-f json), not stop early */
    int report;              /* EVERY: the condition whose plies are listed */
    /* one game */
    uint32_t found;          /* EVERY: the conditions met */
    int next;                /* SEQUENCE: the next to meet */
    uint32_t run;            /* STREAK: conditions 0..i met at the plies
                              * ending with the last one closed */
    unsigned long ply;       /* the ply whose events are being seen */
    uint32_t hits;           /* ... the conditions they meet */
    int have_ply;
    int matched;
    unsigned long at[DB_CONDS_MAX]; /* SEQUENCE, STREAK: where each met */
    tbuf plies;              /* "[p,q,...]" for -f json */
} db_conds;

/* Adds a condition parsed from spec (--pattern when pattern is set):
 * 0, or -1 after a usage error. */
int db_conds_add(db_conds *k, int pattern, const char *spec);
/* Sets every pattern's reversed flag (-Q). */
void db_conds_reversed(db_conds *k, int reversed);
/* Places the conditions on the board of the GameType written gts: 1 when
 * every one fits it (else no game of it can meet them). */
int db_conds_variant(db_conds *k, const char *gts);
/* A new game. */
void db_conds_start(db_conds *k);
/* One event of the game (db_walk's and db_plies_walk's order): the
 * position sq at ply, after move m (NULL: the start or a setup). Returns
 * 1 when the game is decided (its events need not be seen further). */
int db_conds_see(db_conds *k, const unsigned char *sq, unsigned long ply,
                 const pdn_move *m);
/* After the last event: 1 when the game meets the conditions; k->plies
 * then holds the plies to report: EVERY, every ply at which the reported
 * condition holds (the first pattern, else the first manoeuvre; only the
 * first unless all_plies); SEQUENCE and STREAK, the ply at which each
 * condition was met. */
int db_conds_end(db_conds *k);
/* A copy for another thread (its own placement and game state). */
void db_conds_copy(db_conds *dst, const db_conds *src);
void db_conds_free(db_conds *k);

#endif /* PDN_TOOLS_DB_CONDS_H */
