/* SPDX-License-Identifier: MIT */
/* Replaying a game: which GameType applies, its start position (FEN tag),
 * setups in the moves, and an iterator over a line (the main line or a
 * variation) that plays each move and stops with a precise error at the
 * first one that cannot be played. The tools replay games with these. */
#ifndef PDN_REPLAY_H
#define PDN_REPLAY_H

#include <stddef.h>
#include <pdn/error.h>
#include <pdn/game.h>
#include <pdn/variant.h>
#include <pdn/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The position of g's first tag named name, or g's own position when it
 * has none (where a message about that tag points). */
pdn_pos pdn_game_tag_pos(const pdn_game *g, const char *name);

/* Where a game's GameType came from. */
typedef enum pdn_gametype_from {
    PDN_GT_TAG = 1,      /* its GameType tag */
    PDN_GT_VARIANT = 2,  /* its Variant tag (no GameType tag) */
    PDN_GT_DEFAULT = 3,  /* neither: the caller's fallback, or 20 */
    PDN_GT_CALLER = 4    /* a pdn_gametype_fn hook chose it */
} pdn_gametype_from;

/* The GameType that applies to g: its GameType tag, else its Variant tag
 * (a name pdn_gametype_by_name knows), else *fallback (NULL:
 * International, 20). Returns where it came from (a pdn_gametype_from),
 * with *err cleared or holding a warning (severity PDN_SEV_WARNING: a tag
 * value read with a warning, an unknown Variant); -1 with *err
 * (PDN_EVARIANT) for a GameType tag that cannot be read. Positions in
 * *err are the tag's; err->game is g's number. Thread-safe on distinct
 * arguments (as every function of this header: no global state). */
int pdn_game_gametype(const pdn_game *g, const pdn_gametype *fallback,
                      pdn_gametype *gt, pdn_error *err);

/* Puts b (of the game's GameType) in g's start position: b's initial
 * position, or g's FEN tag when it has one. Returns 0; 1 when the FEN was
 * read with a warning in *err; -1 with *err (PDN_ESETUP, at the FEN tag)
 * when it cannot be read or placed (b is then in its initial position). */
int pdn_game_start(const pdn_game *g, pdn_board *b, pdn_error *err);

/* Applies the setup command standing before n (/FEN "..."/), if any, to
 * b. 0 (also when there is none), or -1 with *err (PDN_ESETUP, at n's
 * move) when it cannot be read or placed. */
int pdn_node_apply_setup(const pdn_node *n, pdn_board *b, pdn_error *err);

/* A hook that chooses the GameType of a game. It is given the game and,
 * in *gt, what pdn_game_gametype chose (from says how); it may change
 * *gt. Returns 0, or -1 to refuse the game (with *err filled, else a
 * PDN_EVARIANT error is made). The tools plug their variant inference in
 * here (an untagged game replayed under each variant its squares allow). */
typedef int pdn_gametype_fn(const pdn_game *g, pdn_gametype *gt, int from,
                            void *ud, pdn_error *err);

/* The replay iterator. It owns a board and a move list, and is meant to
 * be reused from game to game (the board is remade only when the GameType
 * changes). One thread at a time; the game must outlive its replay. */
typedef struct pdn_replay pdn_replay;

/* A new replay with no game, owned by the caller (pdn_replay_free()); NULL
 * when memory runs out. */
pdn_replay *pdn_replay_new(void);
void pdn_replay_free(pdn_replay *r);
/* The input name put in errors' source (copied; NULL: none). 0 or -1. */
int pdn_replay_set_source(pdn_replay *r, const char *name);
/* The GameType for a game with no GameType or Variant tag (NULL: 20). */
void pdn_replay_set_fallback(pdn_replay *r, const pdn_gametype *gt);
/* Forces gt on every game, whatever its tags say (NULL: no more). */
void pdn_replay_set_force(pdn_replay *r, const pdn_gametype *gt);
/* The hook called for every game after the tags are read (NULL: none). */
void pdn_replay_set_gametype_fn(pdn_replay *r, pdn_gametype_fn *fn,
                                void *ud);

/* Starts replaying g: its GameType (forced, else pdn_game_gametype and the
 * hook), its start position, and then line: NULL for the main line, or
 * the first node of a variation of g, whose moves before it (the main
 * line and the variations that lead to it) are played first. Returns 0,
 * 1 with a warning in *err (GameType or FEN read with a warning), or -1
 * with *err (GameType, FEN, or a move on the way to the variation that
 * cannot be played, or line not in g). */
int pdn_replay_start(pdn_replay *r, const pdn_game *g, const pdn_node *line,
                     pdn_error *err);
/* Plays the next move of the line, after applying the setup standing
 * before it. Returns 1 when it was played; 0 at the end of the line; -1
 * with *err at a move that cannot be played: PDN_EILLEGAL, PDN_EAMBIGUOUS
 * (the text is the checker's, pdn_finding_text of pdn_check_replay's
 * finding: why, the paths, a move after the end), PDN_ESETUP (its setup),
 * PDN_EMOVE (a placeholder with no move), PDN_ENOMEM, PDN_ELIMIT; the
 * position is that of the move, with the game number and the source.
 * After -1 the replay stays where it stopped (pdn_replay_match says what
 * the move denoted) and further calls return -1 again. */
int pdn_replay_next(pdn_replay *r, pdn_error *err);

/* The state after the last call. Borrowed: valid until the next call on
 * r. */
/* The GameType in use and where it came from (pdn_gametype_from). */
const pdn_gametype *pdn_replay_gametype(const pdn_replay *r);
int pdn_replay_gametype_from(const pdn_replay *r);
/* The position (the start position before the first move). */
const pdn_board *pdn_replay_board(const pdn_replay *r);
/* Plies played since the start position (0 at the start). */
unsigned long pdn_replay_ply(const pdn_replay *r);
/* The node of the move last played, or the one that failed; NULL at the
 * start. */
const pdn_node *pdn_replay_node(const pdn_replay *r);
/* The move last played (NULL at the start), and what the failing move
 * denoted after -1 (status, reason and the count of candidates). */
const pdn_move *pdn_replay_move(const pdn_replay *r);
const pdn_match *pdn_replay_match(const pdn_replay *r);
/* The scratch list of the last move, as pdn_board_play leaves it. */
const pdn_movelist *pdn_replay_moves(const pdn_replay *r);
/* The move last played in short form (pdn_move_format flags), and the
 * position as a FEN string; both return the length needed, like
 * snprintf (0 and "" for the move at the start). */
size_t pdn_replay_move_text(const pdn_replay *r, unsigned flags, char *buf,
                            size_t size);
size_t pdn_replay_fen(const pdn_replay *r, char *buf, size_t size);

/* ---- Where a node stands, and the board at a node ----
 * The model keeps no parent links: these walk the game's tree from its
 * first move (no recursion; time linear in the moves before n in the
 * walk, memory in the variations pending). */
/* The node whose move is played just before n's: the previous move of
 * n's line, or for the first move of a variation the move before the one
 * it is an alternative to; NULL for a first move of the game (a variation
 * of it included), for NULL, or when memory runs out. */
const pdn_node *pdn_node_parent(const pdn_node *n);
/* The ply of n's move, counted from the game's start position: 1 for the
 * first move (and for its alternatives), 0 for NULL or when memory runs
 * out. */
unsigned long pdn_node_ply(const pdn_node *n);
/* The first node of the line n is on: pdn_game_first for the main line,
 * else the first move of n's variation (the line to give
 * pdn_replay_start); NULL as pdn_node_parent. */
const pdn_node *pdn_node_line(const pdn_node *n);
/* Starts r on n's game (pdn_replay_start with n's line) and plays every
 * move up to n's, n's included: pdn_replay_board(r) is then the position
 * after n's move, pdn_replay_ply(r) its ply. Returns as pdn_replay_start
 * (0, 1 with a warning in *err), or -1 with *err (the first move on the
 * way that cannot be played, as pdn_replay_next, or PDN_ENOMEM). The
 * GameType is chosen as pdn_replay_start does (r's fallback, force and
 * hook). */
int pdn_replay_to(pdn_replay *r, const pdn_node *n, pdn_error *err);
/* A new board (owned by the caller) in the position after n's move, the
 * game's GameType from its tags (pdn_game_gametype), else the variant its
 * moves fit (pdn_infer_hook): pdn_replay_to on a replay of its own. NULL
 * with *err as pdn_replay_to. */
pdn_board *pdn_node_board(const pdn_node *n, pdn_error *err);

/* ---- Variant inference ----
 * The variant of a game that has neither GameType nor a known Variant
 * tag, by evidence: its squares (numbers up to 32, 50 or 72, or algebraic
 * names up to h8 or j8) give the boards it may be on, and its main line
 * is replayed silently under each candidate variant of those boards
 * (PDN_INFER_NCAND of them, in a fixed order: 21 22 23 24 28 31, Russian
 * numbered from b8 "25,W,8,8,N2,0", 25 29 26 30, "25,W,8,8,A2,0", 20 40,
 * 27, 41); the first under which every move is legal is taken, else the
 * one under which it stays legal longest. The order is the prior's first
 * (pdn_infer_set_prior: the variant of the file, from a first pass over
 * its games), then a candidate its Event or Site tag or the input name
 * names ("italian", "russia", "brasil", "frisian", ...), then the table.
 * This is what the tools do for an untagged game (pdn-legal(1),
 * VARIANT INFERENCE). */
#define PDN_INFER_NCAND 16
/* The GameType of candidate i (0 <= i < PDN_INFER_NCAND): 0, or -1. */
int pdn_infer_candidate(int i, pdn_gametype *gt);
/* A context that keeps a board per candidate and a move list from game to
 * game (making a board costs more than most replays). Owned by the
 * caller: pdn_infer_free. NULL when memory runs out. One thread at a
 * time. */
typedef struct pdn_infer pdn_infer;
pdn_infer *pdn_infer_new(void);
void pdn_infer_free(pdn_infer *x);
/* The candidate to try first for every game (-1: none, the default). */
void pdn_infer_set_prior(pdn_infer *x, int cand);
/* How one game was decided. */
typedef struct pdn_infer_result {
    int cand;                /* the candidate taken */
    int legal;               /* the main line is legal throughout under it */
    int moves;               /* the game has moves (else only its setup
                                was tried, under the first candidate) */
    unsigned long plies;     /* legal plies under it */
    int next;                /* the runner-up, -1 when none was tried */
    unsigned long next_plies;
} pdn_infer_result;
/* The variant of g by evidence into *gt (the tags are not read for it:
 * the caller asks only for a game without GameType), how it was decided
 * into *res (may be NULL); name (may be NULL) is the input's name, for
 * hints. The giveaway form of the candidate taken is given instead (*gt
 * with giveaway set, res->cand the candidate) when g is legal under it and
 * name or g's Event or Site tag says giveaway ("suicide", "giveaway",
 * "losing", "anti") or g's result is possible only under giveaway (the
 * side left without a move won). Returns 0 (also when no candidate is legal throughout: see
 * res->legal), or -1 with *err (PDN_EVARIANT, no position) when g's
 * squares fit no board. */
int pdn_infer_gametype(pdn_infer *x, const pdn_game *g, const char *name,
                       pdn_gametype *gt, pdn_infer_result *res,
                       pdn_error *err);
/* A pdn_gametype_fn for pdn_replay_set_gametype_fn: a game whose GameType
 * came from no tag (from PDN_GT_DEFAULT) gets the inferred one; ud is a
 * pdn_infer (NULL: one made for the call). */
int pdn_infer_hook(const pdn_game *g, pdn_gametype *gt, int from, void *ud,
                   pdn_error *err);
/* 1 when g's squares fit the board and notation of candidate cand. */
int pdn_infer_fits_board(const pdn_game *g, int cand);
/* Replays g's main line under gt silently (on x's board when gt is a
 * candidate): 1 when every move is legal, 0 when one is not, -1 when a
 * setup cannot be placed or no board can be made; the legal plies in
 * *plies (may be NULL). */
int pdn_infer_try(pdn_infer *x, const pdn_game *g, const pdn_gametype *gt,
                  unsigned long *plies);
/* For a first pass over a file: replays g under every candidate its
 * squares fit, in the order of pdn_infer_gametype without a prior; per
 * candidate i, tried[i] 1 when it was, legal[i] 1 when legal throughout,
 * plies[i] its legal plies (arrays of PDN_INFER_NCAND); *hinted the
 * candidate its tags or name name, -1. Returns how many were tried (0
 * for a game without moves, which says nothing), -1 when its squares fit
 * no board. */
int pdn_infer_sample(pdn_infer *x, const pdn_game *g, const char *name,
                     unsigned long *plies, int *legal, int *tried,
                     int *hinted);

#ifdef __cplusplus
}
#endif
#endif /* PDN_REPLAY_H */
