/* SPDX-License-Identifier: MIT */
/* pdn-convert's transcription helpers: squares, moves and FEN setups mapped
 * from one notation of a board to another through coordinates, and the
 * JSON form of games and moves. */
#ifndef PDN_TOOLS_GAMEFMT_H
#define PDN_TOOLS_GAMEFMT_H

#include "common.h"

/* Rewrites the squares of mt (written for src) in dst's notation; src and
 * dst describe the same board. Returns 0, or -1 when a square does not
 * exist or mt gives only a file ('ed4'). out may be mt. */
int gf_map_move(const pdn_gametype *src, const pdn_gametype *dst,
                const pdn_movetext *mt, pdn_movetext *out);
/* The same for a FEN string, into buf. Returns 0, or -1 when the FEN
 * cannot be read or holds a square that does not exist. */
int gf_map_fen(const pdn_gametype *src, const pdn_gametype *dst,
               const char *fen, char *buf, size_t size);

/* JSON records (man pdn-json(5)). gf_json_game_open appends
 * {"type":"game","file":FILE,"game":N,"tags":{name:value,...},
 * ["repeated_tags":[[name,value],...],]"moves": (N is the game's number in
 * FILE) and gf_json_game_close the game comments, the result and the
 * closing brace. gf_json_move appends one move object without its closing
 * brace (the caller may add "variations"): ply, move (text), resolved
 * (whether it was matched to one legal move), from, to, path and captures
 * (squares in dst's notation: numbers, or algebraic names as strings;
 * from the legal move when resolved, else the written path only),
 * strength, nags, setup, and the comments before and after it. */
void gf_json_game_open(tbuf *b, const char *file, const pdn_game *g);
void gf_json_game_close(tbuf *b, const pdn_game *g);
void gf_json_move(tbuf *b, const pdn_gametype *src, const pdn_gametype *dst,
                  const pdn_node *n, const char *text, const pdn_move *m,
                  unsigned long ply);

/* --width: appends the game text (tag lines, then move text) to out with
 * every move text line folded at the last blank outside a comment that
 * keeps it within width columns (UTF-8 characters counted once); a word
 * longer than that, a comment's own text and the tag lines stay whole.
 * Line ends (LF or CR LF) are kept. */
void gf_fold(tbuf *out, const char *text, size_t len, size_t width);

/* --no-move-numbers: appends the game text to out without the move
 * numbers of its move text ("12." and "12..." outside comments and tag
 * lines, with the blank after them). */
void gf_drop_numbers(tbuf *out, const char *text, size_t len);

#endif
