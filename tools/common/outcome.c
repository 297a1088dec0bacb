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

/* The result g records (Result tag, else its terminator) into *res. */
static pdn_outcome
recorded(const pdn_game *g, const char **res)
{
    *res = pdn_game_tag(g, "Result");
    if (*res == NULL)
        *res = pdn_game_result(g);
    return pdn_result_outcome(*res);
}

/* Reports that the recorded result res (saying said) should be real,
 * because of what happened (a clause: "White has no legal move ..."). */
static void
wrong_result(const tool_opts *o, const char *file, const pdn_game *g,
             const pdn_gametype *gt, const char *res, pdn_outcome said,
             pdn_outcome real, const char *because, tool_out *to)
{
    char says[2][64];
    pdn_pos pos = pdn_game_tag(g, "Result") ? pdn_game_tag_pos(g, "Result")
                                             : pdn_game_pos(g);

    tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_ERROR,
              PDN_ERESULT, NULL, "result '%s' says %s, but %s, so %s ('%s')",
              res, tool_outcome_text(said, gt, says[0], sizeof says[0]),
              because, tool_outcome_text(real, gt, says[1], sizeof says[1]),
              pdn_outcome_result(real, gt));
}

/* A finished game (no legal move) must carry the result it implies. PDN 3.0
 * gives results from the first mover's side; giveaway inverts the aim
 * (pdn_outcome_no_move). */
void
tool_check_result(const tool_opts *o, const char *file, const pdn_game *g,
                  const pdn_board *b, pdn_movelist *l, tool_out *to)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    const char *res;
    pdn_outcome said = recorded(g, &res), real;

    if (said == PDN_OUTCOME_INVALID || said == PDN_OUTCOME_UNKNOWN ||
        pdn_board_moves(b, l, NULL) != 0 || pdn_movelist_count(l) != 0)
        return;
    real = pdn_outcome_no_move(gt, pdn_board_turn(b));
    if (said != real)
        wrong_result(o, file, g, gt, res, said, real,
                     pdn_board_turn(b) == 'W'
                         ? "White has no legal move in the final position"
                         : "Black has no legal move in the final position",
                     to);
}

/* A folk variant's own end (pdn_board_folk_end: corners' race, ...): the
 * result must be the one it gave. */
void
tool_check_race(const tool_opts *o, const char *file, const pdn_game *g,
                const pdn_board *b, pdn_outcome real, unsigned long ply,
                const char *why, tool_out *to)
{
    const char *res;
    pdn_outcome said = recorded(g, &res);
    char because[256];

    if (said == PDN_OUTCOME_INVALID || said == PDN_OUTCOME_UNKNOWN ||
        said == real)
        return;
    snprintf(because, sizeof because, "the game ended at ply %lu (%s)", ply,
             why);
    wrong_result(o, file, g, pdn_board_gametype(b), res, said, real, because,
                 to);
}
