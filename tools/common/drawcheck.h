/* SPDX-License-Identifier: MIT */
/* pdn-legal's draw-rule findings and result audit (libpdn's records,
 * pdn/check.h), and pdn-replay's per-ply draw-rule members, over libpdn's
 * pdn_drawstate. */
#ifndef PDN_TOOLS_DRAWCHECK_H
#define PDN_TOOLS_DRAWCHECK_H

#include "common.h"

/* One game's draw-rule check. The finding of the ply at which a rule
 * fired (pdn_check_draw: its counts, move and position) is kept for the
 * report. */
typedef struct drawcheck {
    pdn_drawstate *ds;       /* NULL: the check is off (or out of memory) */
    const tool_opts *o;
    tool_out *to;
    const char *file;
    const pdn_game *g;
    int state;               /* 0 no rule, 1 fired, 2 play went on */
    pdn_finding fired;       /* the rule's finding, as it fired */
} drawcheck;

/* Begins the check of game g at b's position (its start). on 0: the check
 * is off and the other calls do nothing. */
void drawcheck_begin(drawcheck *dc, int on, const tool_opts *o,
                     tool_out *to, const char *file, const pdn_game *g,
                     const pdn_board *b);
/* A setup command in the moves set b: the counts begin again there. */
void drawcheck_setup(drawcheck *dc, const pdn_board *b);
/* After move n, played as m, reached b. */
void drawcheck_move(drawcheck *dc, const pdn_board *b, const pdn_move *m,
                    const pdn_node *n);
/* The game's end: reports a rule that fired and was not followed by play
 * (a warning), and a win recorded after a draw by rule (an error); frees
 * the state. */
void drawcheck_end(drawcheck *dc);

/* pdn-replay -a -f json: the members of the position b that ds was last
 * fed (",\"repetitions\":..."), reached at ply of its line; l is scratch
 * for b's legal moves. */
void drawcheck_json(tbuf *out, const pdn_drawstate *ds, const pdn_board *b,
                    pdn_movelist *l, unsigned long ply);

#endif /* PDN_TOOLS_DRAWCHECK_H */
