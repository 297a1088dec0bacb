/* SPDX-License-Identifier: MIT */
/* Openings: the name and code of the way a game began. Named openings come
 * from tables with their sources (lib/openings/: English and American
 * checkers with the ACF three-move deck's ballot numbers, Russian
 * draughts; man/pdn-rules.7 lists them); every variant
 * gets an opening code, its first plies as written moves, so that
 * archives can be grouped without names. */
#ifndef PDN_OPENING_H
#define PDN_OPENING_H

#include <stddef.h>
#include <pdn/error.h>
#include <pdn/game.h>
#include <pdn/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Longest opening code: PDN_OPENING_PLIES_MAX moves and their spaces. */
#define PDN_OPENING_PLIES_MAX 4
#define PDN_OPENING_CODE_MAX (PDN_OPENING_PLIES_MAX * (PDN_PATH_MAX * 4 + 1))

typedef struct pdn_opening {
    /* The named opening whose moves the game began with (compared by the
     * position after as many plies, so a transposition counts); the
     * longest match wins. Static strings; NULL when none matched. */
    const char *name;         /* as in its tradition (Russian in Russian) */
    const char *name_en;      /* English or transliterated */
    const char *source;       /* where the table entry comes from */
    unsigned plies;           /* plies the named opening covers, 0: none */
    /* The code: the first plies (3 in English and American checkers, the
     * three-move opening; 4 elsewhere) in the variant's notation, short
     * form, separated by spaces ("11-15 23-19 8-11", "c3-d4 d6-c5 b2-c3
     * f6-g5"). Empty when fewer plies were played. */
    char code[PDN_OPENING_CODE_MAX];
    unsigned code_plies;
    /* Plies that were not played in the game but led from the initial
     * position to the setup it started from (a three-move ballot's
     * position given as a FEN): they are part of the code and of the
     * match. 0 when the game starts from the initial position. */
    unsigned setup_plies;
    /* English and American checkers: the number of the ACF three-move
     * ballot whose position the game reaches after three plies (1-174,
     * the deck's 156 numbers; lib/openings/english-3move.tsv), 0 when
     * none (a barred or unplayed sequence, another variant). */
    unsigned ballot;
} pdn_opening;

/* Classifies the moves moves[0..n-1] played from start (a position of
 * its GameType: the initial position, or a setup; for a setup, the
 * position after up to the code's number of plies from the initial one
 * with the same pieces and side to move is searched, and when found its
 * plies are put before the moves). Fills *op (zeroed first: no name and
 * an empty code when nothing is known, e.g. a setup no opening reaches,
 * or a game of the towers variants, which have no opening code).
 * Returns 0, or -1 with *err (PDN_ENOMEM). */
int pdn_opening_classify(const pdn_board *start, const pdn_move *moves,
                         size_t n, pdn_opening *op, pdn_error *err);

/* Classifies game g's main line under gt: its start (FEN tag, or the
 * initial position) and its first moves, up to the first that is not
 * legal or the first setup command in the line. Returns 0, or -1 with
 * *err (PDN_ENOMEM, PDN_EVARIANT for a GameType without rules, PDN_ESETUP
 * for a FEN tag that cannot be set up). */
int pdn_opening_game(const pdn_game *g, const pdn_gametype *gt,
                     pdn_opening *op, pdn_error *err);

/* The tables: entry i (0 .. count-1) of the named openings and ballots,
 * its GameType number, moves as written in the table, names (NULL for a
 * ballot without a name of its own) and source; NULL when i is out of
 * range. For tests and listings. */
size_t pdn_opening_table_count(void);
const char *pdn_opening_table_at(size_t i, int *type, const char **name,
                                 const char **name_en, const char **source);
/* Entry i's ballot number (ACF three-move deck), 0 when it has none or i
 * is out of range. */
unsigned pdn_opening_table_ballot(size_t i);

#ifdef __cplusplus
}
#endif
#endif /* PDN_OPENING_H */
