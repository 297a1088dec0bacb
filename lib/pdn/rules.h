/* SPDX-License-Identifier: MIT */
/* The rules engine: positions, legal moves for every PDN variant, matching
 * written moves to legal ones, applying moves, and perft. */
#ifndef PDN_RULES_H
#define PDN_RULES_H

#include <stddef.h>
#include <stdint.h>
#include <pdn/error.h>
#include <pdn/game.h>
#include <pdn/result.h>
#include <pdn/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdn_board pdn_board;
typedef struct pdn_movelist pdn_movelist;

/* A legal move. path holds coords: the from square, every landing square,
 * the destination. captured holds the coords of the captured pieces in the
 * order they are jumped. */
typedef struct pdn_move {
    unsigned char n;          /* squares in path (>= 2) */
    unsigned char ncaptured;
    unsigned char promotes;   /* the moving man ends as a king */
    unsigned char path[PDN_PATH_MAX];
    unsigned char captured[PDN_PATH_MAX];
} pdn_move;

/* A new board holding gt's initial position, owned by the caller (free
 * with pdn_board_free()); NULL with *err (PDN_EVARIANT for a GameType whose
 * rules are not known or a board larger than 12x12, PDN_ENOMEM). Geometry
 * comes from gt's fields only. Men fill the first rows of each side: the
 * standard variants as in PDN 3.0; other sizes (height - 2) / 2 rows
 * (Thai rules: 2 rows; Turkish rules: one row fewer, from the second). */
pdn_board *pdn_board_new(const pdn_gametype *gt, pdn_error *err);
void pdn_board_free(pdn_board *b);
/* Copies src's position into dst (not src's undo stack: see
 * pdn_board_push). 0; -1 with dst unchanged when the two boards' GameTypes
 * differ (pdn_gametype_equal). */
int pdn_board_copy(pdn_board *dst, const pdn_board *src);
/* Back to the initial position. */
void pdn_board_reset(pdn_board *b);
/* Borrowed: the board's GameType. */
const pdn_gametype *pdn_board_gametype(const pdn_board *b);

/* Sets the position from a FEN value. Squares not on this board, a piece
 * twice on one square, or men on a row where they cannot be give -1 with
 * *err (PDN_ESETUP). A '?' turn means the first mover. */
int pdn_board_set_fen(pdn_board *b, const pdn_fen *fen, pdn_error *err);
/* The position as a FEN value, squares in the board's own notation. */
void pdn_board_get_fen(const pdn_board *b, pdn_fen *fen);
/* The position from a FEN string in one call (pdn_fen_parse, then
 * pdn_board_set_fen): 0; 1 when read with a warning in *err; -1 with *err
 * (PDN_ESETUP), b unchanged. */
int pdn_board_set_fen_string(pdn_board *b, const char *fen, pdn_error *err);
/* The position as a FEN string (pdn_fen_format of pdn_board_get_fen).
 * Returns the length it needs, like snprintf; PDN_FEN_STRING_MAX bytes
 * always suffice. */
#define PDN_FEN_STRING_MAX (PDN_FEN_MAX * 5 + 8)
size_t pdn_board_fen_string(const pdn_board *b, char *buf, size_t size);
/* How many pieces of one kind stand on b: piece is 'w' or 'b' (men), 'W'
 * or 'B' (kings) as pdn_board_piece gives them; -1 for another value. */
int pdn_board_count(const pdn_board *b, int piece);
/* Side to move: 'W' or 'B'. */
char pdn_board_turn(const pdn_board *b);
/* What stands on coord: 0 empty, 'w'/'b' man, 'W'/'B' king (in the towers
 * variants, the top piece of the stack there; pdn_board_count counts
 * tops too, and pdn_board_get_fen gives the pieces under them). */
int pdn_board_piece(const pdn_board *b, int coord);

/* Move lists. */
pdn_movelist *pdn_movelist_new(void);
void pdn_movelist_free(pdn_movelist *l);
size_t pdn_movelist_count(const pdn_movelist *l);
const pdn_move *pdn_movelist_at(const pdn_movelist *l, size_t i);

/* Fills l with the legal moves of the side to move (captures identical in
 * start, end and captured set merged). An empty list means the side to move
 * has lost (won, in giveaway). Returns 0, or -1 with *err (PDN_ENOMEM;
 * PDN_ELIMIT for a capture longer than PDN_PATH_MAX squares, a capture
 * search of more than 2^20 jumps or more than 65536 moves, none of which a
 * real game comes near). */
int pdn_board_moves(const pdn_board *b, pdn_movelist *l, pdn_error *err);

/* Plays m, which must come from pdn_board_moves on this position (a move
 * that does not even name a piece of the side to move is ignored). Also
 * keeps the Frisian king-move counters, which pdn_board_set_fen clears. */
void pdn_board_apply(pdn_board *b, const pdn_move *m);

/* What a written move denotes in this position. */
enum pdn_match_status {
    PDN_MATCH_LEGAL = 0,   /* exactly one legal move: match->move */
    PDN_MATCH_ILLEGAL,     /* none: match->reason says why */
    PDN_MATCH_AMBIGUOUS    /* several: match->count of them */
};
enum pdn_illegal_reason {
    PDN_WHY_NONE = 0,
    PDN_WHY_NO_SQUARE,        /* a square that is not on the board */
    PDN_WHY_EMPTY,            /* no piece on the from square */
    PDN_WHY_OPPONENT,         /* the piece belongs to the side not to move */
    PDN_WHY_CAPTURE_REQUIRED, /* a capture is compulsory */
    PDN_WHY_NOT_MAXIMAL,      /* a capture the choice rule does not allow */
    PDN_WHY_INCOMPLETE,       /* the capture stops before its end */
    PDN_WHY_BAD_PATH,         /* a capture path the piece cannot follow */
    PDN_WHY_BLOCKED,          /* destination occupied or out of reach */
    PDN_WHY_DIRECTION,        /* a man moving the wrong way */
    PDN_WHY_GAME_OVER,        /* the side to move has no legal move */
    PDN_WHY_OTHER
};
typedef struct pdn_match {
    int status;
    int reason;
    size_t count;
    pdn_move move;
} pdn_match;

/* Finds the legal move (from l, the list of b's legal moves) that mt
 * denotes, by its from and to squares and every intermediate square it
 * gives. Returns match->status. */
int pdn_board_match(const pdn_board *b, const pdn_movelist *l,
                    const pdn_movetext *mt, pdn_match *match);
/* The candidates of a written move: fills out with the moves of l (b's
 * legal moves) that mt denotes, as pdn_board_match counts them (match->
 * count of them for an ambiguous move, the one move for a legal one, none
 * for an illegal one). Returns how many, or -1 with *err (PDN_ENOMEM).
 * out is the caller's, its previous contents replaced. */
int pdn_board_candidates(const pdn_board *b, const pdn_movelist *l,
                         const pdn_movetext *mt, pdn_movelist *out,
                         pdn_error *err);
/* Matches mt against the legal moves of b and, when it denotes exactly
 * one, plays it: the result (status, reason, count, move) is exactly that
 * of pdn_board_moves + pdn_board_match (+ pdn_board_apply when legal), at
 * a fraction of the cost for the moves games are made of (no legal list
 * is built for a quiet move; only captures when one is due). scratch is
 * the caller's list, reused from call to call: when the move is not
 * played it holds every legal move of b (as pdn_board_moves gives them),
 * and after a legal move only the legal moves that shared its from and to
 * squares, which is what pdn_move_format needs to write it in short form
 * (format after the call: only b's GameType is read). Returns
 * match->status, or -1 with *err (PDN_ENOMEM, PDN_ELIMIT as
 * pdn_board_moves) with b unchanged and scratch empty. */
int pdn_board_play(pdn_board *b, const pdn_movetext *mt, pdn_match *match,
                   pdn_movelist *scratch, pdn_error *err);
/* Lower-case text of a reason ("capture is compulsory"). */
const char *pdn_reason_text(int reason);

/* Move formatting flags. Default: short form (from and to, the path only
 * when ambiguous among l), the board's notation, its capture separator. */
enum {
    PDN_MOVE_SHORT = 0,
    PDN_MOVE_FULL = 1u << 0,      /* every landing square */
    PDN_MOVE_NUMERIC = 1u << 1,   /* numbers even on an algebraic board */
    PDN_MOVE_ALGEBRAIC = 1u << 2  /* letters even on a numeric board */
};
/* Writes m as PDN move text. l may be NULL (then SHORT means from-to).
 * Returns the length it needs, like snprintf. */
size_t pdn_move_format(const pdn_board *b, const pdn_movelist *l,
                       const pdn_move *m, unsigned flags, char *buf,
                       size_t size);
/* pdn_move_format without a board: m written under gt's notation, its
 * short form the from and to squares (a capture back to its start
 * square lists them all); pass PDN_MOVE_FULL for a move that
 * pdn_move_ambiguous found ambiguous. */
size_t pdn_move_format_gt(const pdn_gametype *gt, const pdn_move *m,
                          unsigned flags, char *buf, size_t size);
/* Whether another move of l (NULL: none) has m's from and to squares,
 * so that m's short form lists every landing square. */
int pdn_move_ambiguous(const pdn_movelist *l, const pdn_move *m);

/* A 64-bit hash of b's position: the pieces on their squares and the side
 * to move (the Frisian king-move counters are not part of it). It is the
 * XOR of one key per piece and one for Black to move; the key of a piece
 * is splitmix64(0x50444E2D48415348 + 4 * coord + kind) with kind 0 white
 * man, 1 black man, 2 white king, 3 black king and coord its
 * PDN_COORD(file, rank); the side key is splitmix64(0x50444E2D48415348 +
 * 1024); in two-move checkers the second move of a turn XORs in
 * splitmix64(0x50444E2D48415348 + 1025); in the towers variants each stack
 * of two or more pieces XORs in a key of its coord, height and the pieces
 * under its top. The value is the same on every
 * run and platform (a position index
 * may store it); the GameType is not part of it. */
uint64_t pdn_board_hash(const pdn_board *b);

/* The end rules of the folk variants besides "the side to move has no
 * legal move" (man/pdn-rules.7): whether the game is over in b's position,
 * reached by the ply-th move (ply >= 1) counted from the position the
 * game began in (the initial position or a setup), and how:
 * PDN_OUTCOME_FIRST or PDN_OUTCOME_SECOND when that mover has won,
 * PDN_OUTCOME_DRAW, or PDN_OUTCOME_UNKNOWN while it goes on (and in every
 * other variant). Corners (Ugolki): a side has won once every one of its
 * men stands in the other side's start corner, unless the second mover
 * does the same on its next move (a draw); a side that still has a man in
 * its own start corner after its 40th move has lost. Stavropol: the side
 * that has just moved has lost when no piece of its colour can move while
 * the side to move's can. *why (may be NULL) gets the rule that ended
 * the game, static text, or NULL. */
pdn_outcome pdn_board_folk_end(const pdn_board *b, unsigned long ply,
                               const char **why);

/* Draw rules and the end of the game, per variant (man/pdn-rules.7 gives
 * each rule and its source). A pdn_drawstate is fed the start position and
 * then the position after every move played; it counts repetitions (by
 * pdn_board_hash), plies since the last capture or man move and the
 * endgame counters, and records the first rule that fires. */
enum pdn_draw_rule {
    PDN_DRAW_NONE = 0,
    PDN_DRAW_REPETITION,   /* the same position a third time */
    PDN_DRAW_KINGS_MOVES,  /* only king moves, no capture, for N moves */
    PDN_DRAW_ENDGAME,      /* few pieces: N moves to win */
    PDN_DRAW_FORTY_MOVES,  /* English: 40 moves each, no man move/capture */
    PDN_DRAW_RULE_COUNT
};

typedef struct pdn_drawinfo {
    unsigned long ply;         /* plies played since the start position */
    uint64_t hash;             /* pdn_board_hash of the position */
    unsigned repetitions;      /* occurrences of this position, this one
                                * included (same side to move) */
    unsigned long quiet;       /* plies since the last capture or man move
                                * (or the start) */
    unsigned long since_capture; /* plies since the last capture */
    int rule;                  /* first rule that fired, PDN_DRAW_NONE */
    int automatic;             /* 1: it ends the game; 0: a claim */
    unsigned long rule_ply;    /* the ply at which it fired */
    unsigned long rule_from;   /* the ply its count started from (for a
                                * repetition: the first occurrence) */
    unsigned long rule_plies[3]; /* repetition: the three occurrences */
    const char *rule_text;     /* static: the rule ("threefold repetition",
                                * "25 moves by each side with kings only,
                                * no capture (FMJD 6.2)") */
} pdn_drawinfo;

typedef struct pdn_drawstate pdn_drawstate;
/* A tracker with no game (pdn_drawstate_start begins one); NULL when
 * memory runs out. */
pdn_drawstate *pdn_drawstate_new(void);
void pdn_drawstate_free(pdn_drawstate *d);
/* Begins a game at b's position (ply 0), under b's GameType's rules. */
void pdn_drawstate_start(pdn_drawstate *d, const pdn_board *b);
/* A setup in the moves (a /FEN/ command): the counts begin again at b's
 * position (repetitions, plies since a capture or man move, the endgame
 * counters), the plies keep their numbers, and a rule that fired before
 * stays the first. */
void pdn_drawstate_setup(pdn_drawstate *d, const pdn_board *b);
/* Feeds the position b reached by playing m (as pdn_board_play or
 * pdn_board_apply played it). Returns the rule that fired at this ply
 * (PDN_DRAW_NONE when none, or when one fired earlier); -1 with *err
 * (PDN_ENOMEM) when the history cannot grow (the counts stay right, a
 * repetition may be missed). */
int pdn_drawstate_push(pdn_drawstate *d, const pdn_board *b,
                       const pdn_move *m, pdn_error *err);
/* Borrowed: the counts after the last position fed. */
const pdn_drawinfo *pdn_drawstate_info(const pdn_drawstate *d);
/* Stable lower-case name of a rule ("repetition", "kings-moves",
 * "endgame", "forty-moves"; "none"). */
const char *pdn_draw_rule_name(int rule);

/* Leaf nodes at depth from b's position into *nodes (1 at depth 0 or
 * less). merge: 1 counts captures identical in start, end and captured set
 * once (the default elsewhere), 0 counts each capture sequence. Returns 0,
 * or -1 with *err (PDN_ENOMEM, or PDN_ELIMIT when a position reached hits a
 * limit of pdn_board_moves) and *nodes 0. nodes and err may be NULL. */
int pdn_perft(const pdn_board *b, int depth, int merge, uint64_t *nodes,
              pdn_error *err);

/* ---- Making and taking back moves (the undo stack) ----
 * A board keeps the moves pushed on it with what it needs to take each
 * back: the position before it and the draw-rule counts (pdn_drawstate's,
 * kept by the board for its own game). The history begins at the
 * position the board has when the first move is pushed, and begins again
 * whenever the position was changed by other means (pdn_board_apply,
 * pdn_board_play, pdn_board_set_fen, pdn_board_reset, pdn_board_copy into
 * it): it is valid only while the position is the one the last push or
 * pop left. Memory: 616 bytes per move on the stack on x86-64 (the
 * position before it, the move, the draw counts and the position's
 * hash), in arrays that grow by doubling, held until the board is freed
 * and reused by later pushes (the towers variants also keep one board for
 * the start of the history, and take a move back by playing the moves
 * before it again); at most PDN_BOARD_STACK_MAX moves (about 40 MB). One
 * thread at a time per board. */
#define PDN_BOARD_STACK_MAX 65536
/* Plays m, which must come from pdn_board_moves on this position, and
 * keeps it on the stack. 0; -1 with *err and the board unchanged:
 * PDN_EILLEGAL for a move that does not even name a piece of the side to
 * move, PDN_ENOMEM, PDN_ELIMIT past PDN_BOARD_STACK_MAX moves. */
int pdn_board_push(pdn_board *b, const pdn_move *m, pdn_error *err);
/* pdn_board_play (same arguments, same results) that keeps the move
 * played on the stack; -1 with *err (PDN_ENOMEM, PDN_ELIMIT) and b
 * unchanged when it cannot be kept. */
int pdn_board_push_play(pdn_board *b, const pdn_movetext *mt,
                        pdn_match *match, pdn_movelist *scratch,
                        pdn_error *err);
/* Takes back the last move pushed: the position and the draw-rule counts
 * are those before it. 0 with *m (may be NULL) the move taken back; -1
 * when there is none (an empty stack, or a history begun again). */
int pdn_board_pop(pdn_board *b, pdn_move *m);
/* The moves pdn_board_pop can take back (0 for a history begun again),
 * and the i-th of them from the first pushed (borrowed until the next
 * push or pop; NULL for i out of range). */
size_t pdn_board_stack_size(const pdn_board *b);
const pdn_move *pdn_board_stack_at(const pdn_board *b, size_t i);
/* A new board (owned by the caller) with b's GameType, position and undo
 * stack (its moves and draw counts): popping either leaves the other as
 * it is. NULL with *err (PDN_ENOMEM, PDN_EVARIANT as pdn_board_new). */
pdn_board *pdn_board_clone(const pdn_board *b, pdn_error *err);
/* Forgets the stack: the history begins again at b's position. */
void pdn_board_clear_stack(pdn_board *b);
/* Borrowed: the draw-rule counts of the history (as pdn_drawstate_info
 * gives them, the plies counted from its start), valid until the next
 * call on b; NULL when no move was pushed since it began. */
const pdn_drawinfo *pdn_board_drawinfo(const pdn_board *b);

/* ---- The state of the game in one call ---- */
/* What ended a game. */
enum pdn_end {
    PDN_END_NONE = 0,  /* it goes on */
    PDN_END_NO_MOVE,   /* the side to move has no legal move */
    PDN_END_DRAW_RULE, /* an automatic draw rule (pdn_draw_rule) */
    PDN_END_FOLK       /* a folk variant's own end (pdn_board_folk_end) */
};
typedef struct pdn_status {
    int over;            /* 1 when the game is over */
    pdn_outcome outcome; /* PDN_OUTCOME_FIRST or _SECOND (that mover won),
                            _DRAW; PDN_OUTCOME_UNKNOWN while it goes on */
    int end;             /* enum pdn_end */
    int draw_rule;       /* the first draw rule that fired, automatic or a
                            claim (enum pdn_draw_rule), PDN_DRAW_NONE */
    int can_claim;       /* 1: that rule is a claim, which a side may make */
    size_t moves;        /* legal moves of the side to move */
    unsigned long ply;   /* moves on the stack (pdn_board_stack_size) */
    const char *text;    /* static: the rule that ended the game or may be
                            claimed, NULL */
} pdn_status;
/* The state of b's game: its position, with the history of the moves
 * pushed (pdn_board_push) for the draw rules and the folk variants' own
 * ends (which count plies from the history's start). Decided in this
 * order: a draw rule that fired automatically before the last move, a
 * folk variant's own end, no legal move for the side to move (it has
 * lost, or won in giveaway: pdn_outcome_no_move), an automatic draw rule
 * fired by the last move. Returns 0, or -1 with *err (as pdn_board_moves)
 * and *st cleared. Thread-safe on a board no call changes. */
int pdn_board_status(const pdn_board *b, pdn_status *st, pdn_error *err);
/* Lower-case name of a pdn_end value ("none", "no-move", "draw-rule",
 * "variant-end"); "none" for another value. */
const char *pdn_end_name(int end);

/* ---- Position keys for indexes ---- */
/* A 64-bit key of b's position in its variant: pdn_board_hash(b) XOR
 * pdn_gametype_key(b's GameType), so that the same pieces in two variants
 * (International and Frisian starts, Russian and Brazilian) get different
 * keys. pdn_gametype_key is splitmix64(0x50444E2D56415249 ^ w) with w =
 * rules << 48 | folk << 40 | giveaway << 32 | width << 24 | height << 16
 * | start << 8 | invert (start the character 'W' or 'B', giveaway and
 * invert 0 or 1): the GameType's numbering, notation and type number are
 * not part of it (a game numbered from another corner is the same game).
 * Stable: the same value on every run and platform, and kept from
 * release to release (an index may store it); a change would be a new
 * function. */
uint64_t pdn_board_key(const pdn_board *b);
uint64_t pdn_gametype_key(const pdn_gametype *gt);

/* ---- Material ---- */
/* The pieces on a board by kind, index 0 White and 1 Black (in the
 * towers variants the tops of the stacks, as pdn_board_count counts). */
typedef struct pdn_material {
    int men[2];
    int kings[2];
} pdn_material;
void pdn_board_material(const pdn_board *b, pdn_material *m);
/* The material signature of pdn-select -M: "WHITE v BLACK", each side its
 * men (M) then kings (K) with their numbers ("3K", "2M1K", "4M"), "0" for
 * a side with none: "2M1K v 3K". Returns the length it needs, like
 * snprintf. */
size_t pdn_material_format(const pdn_material *m, char *buf, size_t size);
/* Reads a signature as pdn-select -M does: "3K v 1K", "3Kv1K", "2M1K vs
 * 2K", a number before M or K omitted for one ("K v K"), "0" for none,
 * either letter in either case, blanks around a side; numbers of up to
 * four digits, at most PDN_MATERIAL_MAX men and as many kings a side. 0,
 * or -1 with *err (PDN_ESYNTAX) quoting s. */
#define PDN_MATERIAL_MAX 99999
int pdn_material_parse(const char *s, pdn_material *m, pdn_error *err);
/* 1 when a and b are the same material, else 0. */
int pdn_material_equal(const pdn_material *a, const pdn_material *b);

/* ---- A picture of a board ---- */
enum {
    PDN_SVG_FLIP = 1u << 0,    /* Black's side at the bottom */
    PDN_SVG_NUMBERS = 1u << 1, /* the square numbers (names on an
                                  algebraic board) on the squares */
    PDN_SVG_NO_HEADER = 1u << 2 /* no XML declaration (to embed it in
                                   HTML) */
};
/* b's position as an SVG image (UTF-8 text, a standalone document): the
 * board's squares seen from White (flags: PDN_SVG_*), cell pixels a
 * square (0: 40; at most 400), its men and kings (kings with a crown
 * mark), and in the towers variants the height of each stack of two or
 * more on it. Returns the length it needs, like snprintf (buf may be NULL
 * with size 0). Thread-safe; no allocation. */
size_t pdn_board_svg(const pdn_board *b, unsigned flags, int cell,
                     char *buf, size_t size);

/* Appends legal move m of position b (b as it stands before m) to the end
 * of g's main line, written in short form in b's notation
 * (pdn_move_format, with b's legal moves to tell an ambiguous capture). */
pdn_node *pdn_game_append_legal(pdn_game *g, const pdn_board *b,
                                const pdn_move *m, pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_RULES_H */
