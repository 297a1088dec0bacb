/* SPDX-License-Identifier: MIT */
/* Outcome logic of the tools: results are read and normalised by libpdn
 * (pdn/result.h); this names the winner in messages and checks a result
 * against a final position. */
#include <config.h>
#include "outcome.h"
#include "position.h"

#include <stdio.h>

/* The outcome's words are libpdn's (pdn_outcome_describe). */
const char *
tool_outcome_text(pdn_outcome o, const pdn_gametype *gt, char *buf,
                  size_t size)
{
    pdn_outcome_describe(o, gt, buf, size);
    return buf;
}

/* A finished game (no legal move) must carry the result it implies. PDN 3.0
 * gives results from the first mover's side; giveaway inverts the aim
 * (pdn_outcome_no_move). */
void
tool_check_result(const tool_opts *o, const char *file, const pdn_game *g,
                  const pdn_board *b, pdn_movelist *l, tool_out *to)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    const char *res = pdn_game_tag(g, "Result");
    pdn_outcome said, real;
    char says[2][64];
    pdn_pos pos;

    if (res == NULL)
        res = pdn_game_result(g);
    said = pdn_result_outcome(res);
    if (said == PDN_OUTCOME_INVALID || said == PDN_OUTCOME_UNKNOWN ||
        pdn_board_moves(b, l, NULL) != 0 || pdn_movelist_count(l) != 0)
        return;
    real = pdn_outcome_no_move(gt, pdn_board_turn(b));
    if (said == real)
        return;
    pos = pdn_game_tag(g, "Result") ? pdn_game_tag_pos(g, "Result")
                                     : pdn_game_pos(g);
    tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_ERROR,
              PDN_ERESULT, NULL,
              "result '%s' says %s, but %s has no legal move in the final "
              "position, so %s ('%s')",
              res, tool_outcome_text(said, gt, says[0], sizeof says[0]),
              pdn_board_turn(b) == 'W' ? "White" : "Black",
              tool_outcome_text(real, gt, says[1], sizeof says[1]),
              pdn_outcome_result(real, gt));
}
