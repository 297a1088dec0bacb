/* SPDX-License-Identifier: MIT */
/* The game model: tags in their order, a move tree with variations,
 * comments, NAGs, strength marks, setups and the result, every node with
 * its source position. Text is held as UTF-8. */
#ifndef PDN_GAME_H
#define PDN_GAME_H

#include <stddef.h>
#include <pdn/error.h>
#include <pdn/movetext.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdn_game pdn_game;
typedef struct pdn_node pdn_node;

/* New empty game, owned by the caller; free with pdn_game_free(). NULL when
 * memory runs out. */
pdn_game *pdn_game_new(void);
/* Frees g and everything it owns. pdn_game_free(NULL) is a no-op. */
void pdn_game_free(pdn_game *g);

/* 1-based number of the game in its input (0 for a game built by hand), and
 * the position of its first token (its first tag pair or body item). */
unsigned long pdn_game_number(const pdn_game *g);
pdn_pos pdn_game_pos(const pdn_game *g);

/* Where the game's raw text lies in its input: the byte offset of its first
 * byte and its whole length there. The length equals pdn_game_raw's unless
 * the game was over the size limit (PDN_ELIMIT): its raw text then holds
 * only the first bytes, and the rest lies at [offset + raw length,
 * offset + length) of the input, which a caller that must copy every game
 * whole (pdn-legal -w/-x) reads back from the input. 0 and 0 for a game
 * built by hand. */
void pdn_game_raw_span(const pdn_game *g, size_t *offset, size_t *length);

/* The game's bytes exactly as they were in the input. The raw texts of the
 * games of one input, in order, concatenate to the whole input byte for
 * byte (text between games belongs to the game after it; text after the
 * last game to the last game). Borrowed: valid until g is freed. NULL with
 * *len 0 for a game built by hand. */
const char *pdn_game_raw(const pdn_game *g, size_t *len);

/* Tags, in input order, duplicates and unknown names included. Names and
 * values are borrowed: valid until g is modified or freed. */
size_t pdn_game_tag_count(const pdn_game *g);
const char *pdn_game_tag_name_at(const pdn_game *g, size_t i);
const char *pdn_game_tag_value_at(const pdn_game *g, size_t i);
pdn_pos pdn_game_tag_pos_at(const pdn_game *g, size_t i);
/* Value of the first tag with this name (case-sensitive), NULL if absent. */
const char *pdn_game_tag(const pdn_game *g, const char *name);
/* Sets the first tag of that name, or appends one. Copies both strings.
 * Returns 0, or -1 when memory runs out or when no PDN can hold the pair:
 * a name that is empty or holds a blank or control byte, '[', ']' or
 * '"'; a value with a line break (CR or LF). */
int pdn_game_set_tag(pdn_game *g, const char *name, const char *value);
/* pdn_game_set_tag, saying why in *err (may be NULL): PDN_ETAG for a pair
 * no PDN can hold, PDN_ENOMEM, PDN_EARG for a NULL argument. */
int pdn_game_set_tag_err(pdn_game *g, const char *name, const char *value,
                         pdn_error *err);
/* Removes every tag of that name. Returns how many were removed. */
size_t pdn_game_remove_tag(pdn_game *g, const char *name);

/* The game terminator, normalised to "1-0", "0-1", "1/2-1/2", "2-0", "0-2",
 * "1-1", "0-0" or "*"; NULL when the game had none. Borrowed. */
const char *pdn_game_result(const pdn_game *g);
/* Sets the terminator (a string as above, or NULL for none). 0 or -1. */
int pdn_game_set_result(pdn_game *g, const char *result);

/* Comments that stand after the last move of the main line (or, in a game
 * with no moves, anywhere in its body), in order. Borrowed. */
size_t pdn_game_comment_count(const pdn_game *g);
const char *pdn_game_comment_at(const pdn_game *g, size_t i);

/* The move tree. pdn_game_first is the first node of the main line, NULL
 * for a game with no moves; pdn_node_next follows a line. The variations of
 * a node are alternatives to that node's move: each starts from the
 * position before it. Borrowed: valid until g is freed. A const game gives
 * const nodes; the _mut forms give the nodes of a game one may edit
 * (pdn/edit.h). */
const pdn_node *pdn_game_first(const pdn_game *g);
const pdn_node *pdn_node_next(const pdn_node *n);
size_t pdn_node_variation_count(const pdn_node *n);
const pdn_node *pdn_node_variation_at(const pdn_node *n, size_t i);
pdn_node *pdn_game_first_mut(pdn_game *g);
pdn_node *pdn_node_next_mut(pdn_node *n);
pdn_node *pdn_node_variation_at_mut(pdn_node *n, size_t i);
/* The game a node belongs to. */
const pdn_game *pdn_node_game(const pdn_node *n);

/* The move of a node, parsed, and its token as written (without strength
 * mark). A node whose move could not be parsed has pdn_node_move() NULL and
 * still keeps its text. */
const pdn_movetext *pdn_node_move(const pdn_node *n);
const char *pdn_node_text(const pdn_node *n);
/* Where the move token starts in the input (line 0 for a node built by hand). */
pdn_pos pdn_node_pos(const pdn_node *n);
/* Replaces the move (text is parsed as by pdn_movetext_parse). Returns 0,
 * or -1 when text is not a move or memory runs out. */
int pdn_node_set_text(pdn_node *n, const char *text);

/* The move number written before the move (0 if none) and whether it was
 * written with "..." (second player's move). */
unsigned long pdn_node_number(const pdn_node *n);
int pdn_node_number_ellipsis(const pdn_node *n);

/* Strength mark glued to the move ("!", "?!", ...; "(?)" is stored as "?"),
 * NULL if none. NAGs in order ($7 also stands for the legacy '*' mark). */
const char *pdn_node_strength(const pdn_node *n);
size_t pdn_node_nag_count(const pdn_node *n);
int pdn_node_nag_at(const pdn_node *n, size_t i);

/* Comments. PDN_BEFORE: comments standing before this move where there is
 * no earlier move in its line to hold them (start of game or variation);
 * PDN_AFTER: comments between this move and the next item. Borrowed. */
enum { PDN_BEFORE = 0, PDN_AFTER = 1 };
size_t pdn_node_comment_count(const pdn_node *n, int where);
const char *pdn_node_comment_at(const pdn_node *n, int where, size_t i);

/* Setup command (/FEN "..."/) that stands before this move: its FEN
 * string, NULL if none. Borrowed. */
const char *pdn_node_setup(const pdn_node *n);

/* 1 when a and b hold the same game: tags (names, values, and order as the
 * writer puts them: the first of each of the seven standard tags in standard
 * order, then the others in input order), result, the move tree (moves as
 * parsed, strength marks, NAGs, comments, setups, variations) and game
 * comments. The result is the terminator unless it is missing or '*',
 * else the Result tag's (normalised), else '*'; a Result tag that says
 * just that result counts as absent. So a game equals what any writer
 * flag wrote of it: the default (PDN 3.0) writer ends the game with '*'
 * and keeps (or adds) its result in the Result tag. Source positions, raw
 * text and move numbers are not compared.
 * Returns 1 (equal), 0 (different), or -1 with *err (PDN_ENOMEM: it uses
 * no recursion, but a worklist). err may be NULL. */
int pdn_game_equal(const pdn_game *a, const pdn_game *b, pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_GAME_H */
