/* SPDX-License-Identifier: MIT */
/* pdn-db: a game's main line as the plies table stores it (plies.c), for
 * the searches that look at every position (--pattern, --manoeuvre and
 * their sequences): what stands on each square, rebuilt move by move
 * without the rules, so that a search reads a few bytes a ply instead of
 * inflating, parsing and replaying the game.
 *
 * The stream holds the events db_walk gives, in order: the start (the
 * variant's initial position, or a board), a setup (a board), each move
 * played (its from and to squares, the squares of the pieces it
 * captures, whether it promotes). A move is one byte when it is a step of
 * one square along a diagonal (square number * 4 + direction, on boards
 * of at most 60 squares), else 0xF0 | promotes | capture << 1, from, to,
 * then the count and squares of the captured pieces; a board is 0xFF, a
 * count and (square, piece) pairs; the initial position 0xFE.
 *
 * create and add store a game's stream only when every square each move
 * touches holds, in the stream's board, what the replay's board holds
 * there (pdn_board_piece): the towers and Laska stacks, or any rule that
 * changes a square in another way, leave a game without one, and such a
 * game is replayed from its text. */
#ifndef PDN_TOOLS_DB_PLIES_H
#define PDN_TOOLS_DB_PLIES_H

#include <stddef.h>
#include <pdn/pdn.h>
#include "tbuf.h"

/* A board as the stream rebuilds it: what stands on each coord
 * (PDN_COORD), 0 empty, 'w' 'b' men, 'W' 'B' kings. */
typedef unsigned char db_squares[256];

/* What stands on b's squares (the others 0). */
void db_squares_of(const pdn_board *b, db_squares sq);

/* ---- writing (create, add) ---- */
typedef struct db_plies_enc {
    tbuf out;
    db_squares sq;
    const pdn_gametype *gt;
    int ok;                  /* 0: the stream lost the replay's board */
    int compact;             /* one-byte steps (60 squares at most) */
    int squares;             /* the board's (pdn_square_count) */
} db_plies_enc;

/* A new stream at the start position b of a game under gt (initial: it is
 * the variant's initial position). */
void db_plies_begin(db_plies_enc *e, const pdn_gametype *gt,
                    const pdn_board *b, int initial);
/* A setup made the position b. */
void db_plies_setup(db_plies_enc *e, const pdn_board *b);
/* Move m was played, leading to b. */
void db_plies_move(db_plies_enc *e, const pdn_board *b, const pdn_move *m);
void db_plies_free(db_plies_enc *e);

/* ---- reading (search) ---- */
/* A variant's geometry and initial position, made once per GameType. */
typedef struct db_plies_geom {
    char gts[64];
    int ok;                  /* 0: no such GameType or board */
    int count;               /* squares */
    int height;
    unsigned char coord[256]; /* square number -> coord */
    /* the one-byte moves (codes below 0xF0): from, to, the square jumped
     * over; ok 0 no such move, 1 a step, 2 a jump */
    unsigned char code_from[240], code_to[240], code_over[240];
    unsigned char code_ok[240];
    db_squares init;
} db_plies_geom;

/* Makes *g for the GameType written gts unless it is that one already:
 * g->ok. */
int db_plies_geom_for(db_plies_geom *g, const char *gts);

/* Called at each event with the board after it: ply 0 and m NULL at the
 * start, m NULL after a setup, else the move of that ply (its path holds
 * the from and to squares only). Returns 1 to stop. */
typedef int db_plies_fn(void *ud, const unsigned char *sq, unsigned long ply,
                        const pdn_move *m);
/* Replays the stream data[0..n) of a game under g: 0 (to its end or
 * stopped), or -1 when the stream is not one db_plies_enc wrote for such
 * a board (fn may have been called). */
int db_plies_walk(const db_plies_geom *g, const void *data, size_t n,
                  db_plies_fn *fn, void *ud);

#endif /* PDN_TOOLS_DB_PLIES_H */
