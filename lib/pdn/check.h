/* SPDX-License-Identifier: MIT */
/* Checking a game: the findings of a replay (a move that cannot be played,
 * a move after the end of the game, a result the end contradicts) as
 * structured records, and the one function that words them. pdn-legal,
 * pdn-db and the Python module's Game.check() report these records, so
 * that a finding reads the same everywhere. */
#ifndef PDN_CHECK_H
#define PDN_CHECK_H

#include <stddef.h>
#include <pdn/error.h>
#include <pdn/game.h>
#include <pdn/result.h>
#include <pdn/rules.h>
#include <pdn/replay.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a finding is about. */
typedef enum pdn_finding_kind {
    PDN_FINDING_NONE = 0,
    PDN_FINDING_ILLEGAL = 1,   /* no legal move fits the move as written */
    PDN_FINDING_AMBIGUOUS = 2, /* several legal moves fit it */
    PDN_FINDING_AFTER_END = 3, /* a move written after the game was over */
    PDN_FINDING_RESULT = 4,    /* the recorded result contradicts the end */
    PDN_FINDING_NUMBERING = 5, /* a game read in the other numbering */
    PDN_FINDING_DRAW = 6,      /* a draw rule drew the game, or a draw
                                  could be claimed (pdn_drawstate) */
    PDN_FINDING_AFTER_DRAW = 7, /* a move after a rule drew the game */
    PDN_FINDING_DRAW_RESULT = 8 /* a win recorded after such a draw */
} pdn_finding_kind;

/* One finding. Its strings are owned by it (pdn_finding_clear frees
 * them), except why and suggest_why, which are static text. Members that
 * do not apply to its kind are 0 or NULL. */
typedef struct pdn_finding {
    int kind;                 /* a pdn_finding_kind */
    int severity;             /* PDN_SEV_ERROR */
    int code;                 /* PDN_EILLEGAL, PDN_EAMBIGUOUS, PDN_ERESULT */
    pdn_pos pos;              /* the move's, or the Result tag's (else the
                                 game's) for a result */
    unsigned long game;       /* the game's number (0 from
                                 pdn_check_move: a node does not know
                                 its game; the caller sets it) */
    unsigned long ply;        /* the move's ply (1: the first move) */
    char *move;               /* the move as written */
    char *fen;                /* the position before it (FEN) */
    const char *why;          /* ILLEGAL: the reason (pdn_reason_text);
                                 AFTER_END: the rule that ended the game */
    size_t nlegal;            /* the legal moves of that position, short */
    char **legal;             /* form, ordered by their squares' numbers */
    size_t nfits;             /* AMBIGUOUS: the legal moves the written */
    char **fits;              /* one denotes (pdn_board_candidates), full
                                 paths, ordered so; NULL when they cannot
                                 be told */
    char *suggest;            /* ILLEGAL: "did you mean" this move (short
                                 form), or NULL */
    const char *suggest_why;  /* the copying error it undoes */
    /* RESULT: the result audit */
    char *result;             /* the result as recorded */
    pdn_outcome said;         /* what it says */
    pdn_outcome real;         /* what the end implies */
    char *because;            /* why ("White has no legal move in the
                                 final position") */
    const char *real_result;  /* real as a result ("2-0") */
    char *said_text, *real_text; /* said and real in words */
    /* NUMBERING: the GameType the game is read in, "Russian
     * (25,W,8,8,A2,0)", and the square 1 of it and of the tag's */
    char *gametype;
    char square_one[8], square_one_was[8];
    /* DRAW, AFTER_DRAW, DRAW_RESULT: the counts as they were at the ply
     * the rule fired (rule, automatic, rule_ply, rule_from, rule_plies,
     * rule_text) and the move of that ply as written; fen is the position
     * it reached */
    pdn_drawinfo draw;
    char *draw_move;
} pdn_finding;

/* An empty finding (kind PDN_FINDING_NONE); clearing frees what it owns
 * and empties it again. */
void pdn_finding_init(pdn_finding *f);
void pdn_finding_clear(pdn_finding *f);

/* The parts every finding about move n at ply has, b the position before
 * it and l its legal moves: severity PDN_SEV_ERROR, position, ply, the
 * move as written, the FEN, the legal moves (kind PDN_FINDING_NONE: the
 * caller says what is wrong). 0, or -1 (memory; *f empty). */
int pdn_finding_at(const pdn_board *b, const pdn_movelist *l,
                   const pdn_node *n, unsigned long ply, pdn_finding *f);

/* Flags of pdn_check_move. */
#define PDN_CHECK_SUGGEST 1u /* look for a "did you mean" move */

/* The finding of move n at ply that cannot be played at b: m is the
 * match pdn_board_play gave (status PDN_MATCH_ILLEGAL or
 * PDN_MATCH_AMBIGUOUS) and l the list it left (every legal move of b). An
 * illegal move where b has no legal move is a move after the end of the
 * game. With PDN_CHECK_SUGGEST, an illegal move gets the legal move one
 * copying error away from it that keeps the most of the (up to 12) moves
 * written after n legal (two digits swapped, one miscopied, added or
 * dropped, from and to exchanged, a capture's path miswritten or short,
 * the board numbered from another corner or read mirrored), when the
 * moves after it confirm it. Fills *f (cleared first): 0, or -1 when
 * memory runs out (*f then empty). */
int pdn_check_move(const pdn_board *b, const pdn_movelist *l,
                   const pdn_match *m, const pdn_node *n, unsigned long ply,
                   unsigned flags, pdn_finding *f);
/* The finding of move n at ply, written after the game ended at b by the
 * rule why (a static string: a folk variant's end, pdn_board_folk_end);
 * l receives b's legal moves. 0, or -1 (memory). */
int pdn_check_after_end(const pdn_board *b, pdn_movelist *l,
                        const pdn_node *n, unsigned long ply,
                        const char *why, pdn_finding *f);
/* The finding of a replay stopped by pdn_replay_next (-1 with
 * PDN_EILLEGAL or PDN_EAMBIGUOUS): pdn_check_move on its board, list,
 * match and node. 0; 1 when the replay did not stop at such a move (*f
 * empty); -1 (memory). */
int pdn_check_replay(const pdn_replay *r, unsigned flags, pdn_finding *f);
/* The result audit of g played to its final position b: a side to move
 * without a legal move implies a result (pdn_outcome_no_move), and so does
 * a folk variant's own end (end, not PDN_OUTCOME_UNKNOWN, at end_ply by
 * the rule end_why); a recorded result (Result tag, else the game's
 * terminator) saying otherwise is a finding. l is scratch for b's moves.
 * 1 with *f filled, 0 when the result agrees (or says nothing), -1
 * (memory). */
int pdn_check_result(const pdn_game *g, const pdn_board *b, pdn_movelist *l,
                     pdn_outcome end, unsigned long end_ply,
                     const char *end_why, pdn_finding *f);

/* The finding of a draw rule that fired at the ply of move n, reaching
 * b: i is the counts then (pdn_drawstate_info after the
 * pdn_drawstate_push that returned the rule). Kind PDN_FINDING_DRAW, a
 * warning at n, code the rule's (PDN_EDRAW_REPETITION...), ply
 * i->rule_ply. 0, or -1 (memory; *f empty). */
int pdn_check_draw(const pdn_drawinfo *i, const pdn_board *b,
                   const pdn_node *n, pdn_finding *f);
/* The finding of move next, played after the draw d (a PDN_FINDING_DRAW
 * of a rule that ends the game, i.e. d->draw.automatic): kind
 * PDN_FINDING_AFTER_DRAW, an error at next, ply the one after the draw's.
 * 0, or -1 (memory). */
int pdn_check_after_draw(const pdn_finding *d, const pdn_node *next,
                         pdn_finding *f);
/* The result audit of g after the draw d (automatic): a win recorded
 * (Result tag, else the terminator) is a finding, kind
 * PDN_FINDING_DRAW_RESULT, code PDN_ERESULT. 1 with *f filled, 0 when the
 * result says no win or d ends nothing, -1 (memory). */
int pdn_check_draw_result(const pdn_game *g, const pdn_finding *d,
                          pdn_finding *f);

/* The numbering decision. A bare GameType number or Variant name (from
 * PDN_GT_TAG or PDN_GT_VARIANT, a tag without a comma) of an algebraic
 * board numbered from a1 does not say how numeric squares are numbered,
 * and programs write them two ways: from a1 and from b8 (International's).
 * A game whose FEN tag can be placed only with square 1 on b8, and that is
 * legal throughout so (pdn_infer_try on x, NULL: one made for the call),
 * is read so: *gt becomes that GameType and *f a warning (kind
 * PDN_FINDING_NUMBERING, code PDN_EVARIANT, at the FEN tag). Returns 1
 * then, 0 when gt stands (*f empty), -1 (memory). A full GameType names
 * its numbering and is believed. */
int pdn_check_numbering(pdn_infer *x, const pdn_game *g, int from,
                        pdn_gametype *gt, pdn_finding *f);

/* Flags of pdn_finding_text. */
#define PDN_FINDING_POSITION 1u /* add "; position FEN; legal moves: ..." */
#define PDN_FINDING_NOTE 2u     /* the "did you mean" note instead */

/* The words of finding f (the one wording of pdntools), such as
 * "illegal move '32-28' at ply 5: no piece on the from square",
 * "ambiguous move '47x36' at ply 1: write it as 47x38x20x9x36 or
 * 47x38x24x13x36", "move '5-9' at ply 40 after the end of the game: the
 * side to move has no legal move", "result '2-0' says ..., but ..., so
 * ... ('0-2')", "game drawn by rule at ply 50: threefold repetition; the
 * position of plies 42, 46 and 50" (PDN_FINDING_POSITION adds only the
 * position to a draw's words); with PDN_FINDING_NOTE, "did you mean 27-22? (two digits
 * swapped)" ("" when f has no suggestion). Returns the length it needs,
 * like snprintf. */
size_t pdn_finding_text(const pdn_finding *f, unsigned flags, char *buf,
                        size_t size);

#ifdef __cplusplus
}
#endif
#endif /* PDN_CHECK_H */
