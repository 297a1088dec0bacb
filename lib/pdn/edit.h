/* SPDX-License-Identifier: MIT */
/* Editing a game: comments, NAGs, strength marks, setups, moves and
 * variations; building a game from nothing; cloning one. A game and its
 * nodes belong to one thread at a time (no locking): edit a game only
 * where nothing else reads it. Every string given is copied. Strings and
 * nodes a getter returned before an edit stay valid until the game is
 * freed (edits never free a game's memory; removed parts are unlinked). */
#ifndef PDN_EDIT_H
#define PDN_EDIT_H

#include <stddef.h>
#include <pdn/error.h>
#include <pdn/game.h>
#include <pdn/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A deep copy of g, owned by the caller (pdn_game_free()): tags, result,
 * moves, comments, NAGs, setups, variations, and also the game number,
 * source positions and raw text, so that pdn_game_equal(g, clone) is 1 and
 * the clone's positions are g's. NULL when memory runs out. */
pdn_game *pdn_game_clone(const pdn_game *g);

/* Sets the game's number in its input (pdn_game_number): a game read by
 * a reader that could not know how many games came before it. 0, or -1
 * when g is NULL. */
int pdn_game_set_number(pdn_game *g, unsigned long number);

/* Game comments (after the last move of the main line; see
 * pdn_game_comment_at). Add appends; set replaces comment i; remove drops
 * comment i. Text is stored as given. PDN has no escape in comments: a
 * text holding '}' is written as a ';' comment, so it may not hold a line
 * break nor begin or end with a blank (the reader trims ';' comments).
 * Return 0, or -1 when i is out of range, an argument is NULL, the text
 * cannot be written so, or memory runs out (the game is unchanged). */
int pdn_game_add_comment(pdn_game *g, const char *text);
int pdn_game_set_comment(pdn_game *g, size_t i, const char *text);
int pdn_game_remove_comment(pdn_game *g, size_t i);

/* The same for the comments of a node, before (PDN_BEFORE) or after its
 * move (PDN_AFTER). Only a move that starts its line (the game's, or a
 * variation's) has comments before it: before any other move, a comment
 * stands where the comments after the previous move end, and is added
 * there, as the reader reads it back. */
int pdn_node_add_comment(pdn_node *n, int where, const char *text);
int pdn_node_set_comment(pdn_node *n, int where, size_t i, const char *text);
int pdn_node_remove_comment(pdn_node *n, int where, size_t i);

/* NAGs ($1 .. $255 as written; any int is kept). Add appends, remove
 * drops NAG i. 0, or -1 as above. */
int pdn_node_add_nag(pdn_node *n, int nag);
int pdn_node_remove_nag(pdn_node *n, size_t i);
/* The strength mark glued to the move: "!", "?", "!!", "??", "!?", "?!"
 * (NULL removes it); -1 for anything else. */
int pdn_node_set_strength(pdn_node *n, const char *mark);
/* The setup command standing before the move: a FEN string (checked by
 * pdn_fen_parse; -1 with *err when it cannot be read), NULL removes it. */
int pdn_node_set_setup(pdn_node *n, const char *fen, pdn_error *err);
/* The move number written before n's move: number (0: none, saturated at
 * 999,999,999) and ellipsis (1: "N...", a second mover's move). The
 * writer counts the numbers of every line itself; of the first move of a
 * game that starts from a FEN tag it takes the number and, when neither a
 * GameType nor a Variant tag says which side moves first, the side (so a
 * program that knows the variant says it here). 0, or -1 when n is NULL. */
int pdn_node_set_number(pdn_node *n, unsigned long number, int ellipsis);

/* Moves. text is one move token as pdn_movetext_parse reads it ("32-28",
 * "c3:e5"); a token that is no move gives NULL with *err (PDN_EMOVE).
 * Legality is not checked here (pdn_replay does that). The new node is
 * returned, owned by g; NULL with *err (PDN_ENOMEM) when memory runs out.
 *
 * pdn_game_append_move: at the end of the main line.
 * pdn_node_insert_after: right after n in n's line (the rest of the line
 *   follows the new move).
 * pdn_node_add_variation: a new variation of n (an alternative to n's
 *   move, from the position before it), after its other variations, made
 *   of this one move; extend it with pdn_node_insert_after. */
pdn_node *pdn_game_append_move(pdn_game *g, const char *text,
                               pdn_error *err);
pdn_node *pdn_node_insert_after(pdn_node *n, const char *text,
                                pdn_error *err);
pdn_node *pdn_node_add_variation(pdn_node *n, const char *text,
                                 pdn_error *err);
/* pdn_game_append_legal (pdn/rules.h) appends a legal move of a board,
 * written by the rules. */

/* Removes n and every move after it in its line, with their variations.
 * When n is the first move of a variation, the variation goes; when it is
 * the first move of the main line, the game has no moves left (its game
 * comments stay). Returns 0, or -1 when n is not in g or memory runs out
 * (finding n walks the tree with a heap stack); g is then unchanged. */
int pdn_game_cut(pdn_game *g, pdn_node *n);
/* Removes variation i of n (0, or -1 when there is none). */
int pdn_node_remove_variation(pdn_node *n, size_t i);
/* Makes variation i of n the line n was on: n and the moves after it
 * become that variation's place, in its order among n's variations
 * (an editor's "promote"). Returns the promoted line's first node, or
 * NULL when there is no variation i or memory runs out (the game is then
 * unchanged). */
pdn_node *pdn_node_promote_variation(pdn_node *n, size_t i);

/* Sets the GameType tag from gt (pdn_gametype_format). 0 or -1. */
int pdn_game_set_gametype(pdn_game *g, const pdn_gametype *gt);

#ifdef __cplusplus
}
#endif
#endif /* PDN_EDIT_H */
