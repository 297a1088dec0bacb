/* SPDX-License-Identifier: MIT */
/* Positions (position.c): a game's GameType and start position, setups,
 * legal moves as reports list them, FEN strings. */
#ifndef PDN_TOOLS_POSITION_H
#define PDN_TOOLS_POSITION_H

#include "driver.h"

/* The GameType of g: -G, else its GameType tag (with -A, another variant
 * of the board or numbering when the game is illegal under the tag and
 * legal under that; a bare GameType number or a Variant tag of an
 * algebraic board whose FEN can be placed only numbered from b8, the game
 * legal from there: that numbering, with a warning), else a Variant tag,
 * else -g, else decided by
 * replaying the game under each variant its squares allow (infer.h; said
 * once per file, and per game when no variant fits it throughout).
 * Returns 0, or -1 after reporting an invalid GameType. */
int tool_gametype(const tool_opts *o, const char *file, const pdn_game *g,
                  pdn_gametype *gt, tool_out *to);
/* For a tool that can undo what a replay reported: when g would have its
 * variant inferred (no tag, no -g or -G) and the file's variant fits its
 * squares, that variant in *gt and its candidate index (else -1). Replay
 * g under it: when every move of the main line is legal, that is the
 * variant tool_gametype would choose, and tool_gametype_took(g, cand, to)
 * records the choice for the file's summary, without a second replay;
 * otherwise undo the replay's reports (tool_out_undo) and call
 * tool_gametype. */
int tool_gametype_guess(const tool_opts *o, const char *file,
                        const pdn_game *g, pdn_gametype *gt,
                        const tool_out *to);
void tool_gametype_took(const pdn_game *g, int cand, tool_out *to);
/* A board in g's start position (FEN tag applied). NULL after reporting
 * (unknown rules, bad FEN: an error). */
pdn_board *tool_board(const tool_opts *o, const char *file,
                      const pdn_game *g, const pdn_gametype *gt,
                      tool_out *to);
/* As tool_board, but the board is the worker's cached one (to->cache),
 * reset or remade for gt: borrowed, valid until the next call for this
 * worker; do not free it. Without a cache it is tool_board's. */
pdn_board *tool_board_reuse(const tool_opts *o, const char *file,
                            const pdn_game *g, const pdn_gametype *gt,
                            tool_out *to);
/* The worker's move list (empty contents not guaranteed); NULL after
 * setting to->fatal when memory runs out. Borrowed like the board. */
pdn_movelist *tool_movelist(tool_out *to);
/* Frees what tool_board_reuse or tool_movelist returned when the caller
 * is outside the pipeline (to->cache NULL); a no-op otherwise. */
void tool_release(tool_out *to, pdn_board *b, pdn_movelist *l);

/* Applies the setup command standing before move n, if any, to b. Returns
 * 0, or -1 after reporting a setup that cannot be read or placed. */
int tool_setup(const tool_opts *o, const char *file, const pdn_node *n,
               unsigned long game, pdn_board *b, tool_out *to);
/* As tool_setup, for the replay loops: 1 when a setup stood before move n
 * and was applied, 0 when there was none (most moves: one inline test per
 * ply, no call), -1 after reporting one that cannot be read or placed. */
static inline int
tool_setup_at(const tool_opts *o, const char *file, const pdn_node *n,
              unsigned long game, pdn_board *b, tool_out *to)
{
    if (pdn_node_setup(n) == NULL)
        return 0;
    return tool_setup(o, file, n, game, b, to) != 0 ? -1 : 1;
}
/* Fills l with b's legal moves. Returns 0, or -1 after reporting. */
int tool_moves(const tool_opts *o, const char *file, const pdn_node *n,
               unsigned long game, const pdn_board *b, pdn_movelist *l,
               tool_out *to);
/* Formats the board's position as a FEN string into buf. */
void tool_fen(const pdn_board *b, char *buf, size_t size);
/* The members of a finding about move n at ply in position b, whose legal
 * moves are l: ,"ply":N,"move":TEXT,"fen":FEN,"legal":[...] (pdn-json(5)). */
void tool_move_json(tbuf *x, const pdn_node *n, unsigned long ply,
                    const pdn_board *b, const pdn_movelist *l);
/* The same members from finding f of libpdn's checker (pdn/check.h). */
void tool_finding_json(tbuf *x, const pdn_finding *f);
/* A game that starts from a FEN tag but has neither a GameType tag nor
 * a Variant tag naming one: its first move gets the number side of the
 * side the FEN gives the move to in gt, the variant found for it (-g,
 * inference; with o->no_infer the game alone is inferred, quietly, and
 * left as it is unless legal throughout), which the writer cannot know
 * (pdn_node_set_number). */
void tool_number_first_move(const tool_opts *o, const char *file,
                            pdn_game *g, const pdn_gametype *gt,
                            tool_out *to);

#endif /* PDN_TOOLS_POSITION_H */
