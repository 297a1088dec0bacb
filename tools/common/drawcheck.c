/* SPDX-License-Identifier: MIT */
/* Draw rules in the tools: pdn-legal reports the ply where a game was
 * drawn by rule (an error when the rule ends the game and play went on, a
 * warning otherwise) and a win recorded after such a draw; pdn-replay
 * gives the counts behind the rules at every ply. */
#include <config.h>
#include "drawcheck.h"

#include <string.h>

/* The diagnostic code of a rule: "draw-repetition", ... */
static int
rule_code(int rule)
{
    return PDN_EDRAW_REPETITION + rule - PDN_DRAW_REPETITION;
}

void
drawcheck_begin(drawcheck *dc, int on, const tool_opts *o, tool_out *to,
                const char *file, const pdn_game *g, const pdn_board *b)
{
    memset(dc, 0, sizeof *dc);
    if (!on || (dc->ds = pdn_drawstate_new()) == NULL)
        return;
    dc->o = o;
    dc->to = to;
    dc->file = file;
    dc->g = g;
    pdn_drawstate_start(dc->ds, b);
}

/* The JSON members of a finding: the ply at which the rule took effect,
 * its move and position, the rule and the plies it counted from. */
static void
extra_json(tbuf *x, const drawcheck *dc)
{
    const pdn_drawinfo *i = &dc->info;

    tbuf_printf(x, ",\"ply\":%lu,\"move\":", i->rule_ply);
    tbuf_json(x, dc->move);
    tbuf_adds(x, ",\"fen\":");
    tbuf_json(x, dc->fen);
    tbuf_printf(x, ",\"legal\":null,\"rule\":\"%s\",\"automatic\":%s,"
                   "\"from\":%lu",
                pdn_draw_rule_name(i->rule), i->automatic ? "true" : "false",
                i->rule_from);
    if (i->rule == PDN_DRAW_REPETITION)
        tbuf_printf(x, ",\"plies\":[%lu,%lu,%lu]", i->rule_plies[0],
                    i->rule_plies[1], i->rule_plies[2]);
}

/* What the rule counted: "plies 4, 8 and 12" or "since ply 20". */
static void
counted(tbuf *msg, const pdn_drawinfo *i)
{
    if (i->rule == PDN_DRAW_REPETITION)
        tbuf_printf(msg, "the position of plies %lu, %lu and %lu",
                    i->rule_plies[0], i->rule_plies[1], i->rule_plies[2]);
    else
        tbuf_printf(msg, "counted from ply %lu", i->rule_from);
}

/* Reports the rule that fired: at the next move (severity error, play
 * went on after an automatic draw) or at its own ply. */
static void
report(drawcheck *dc, const pdn_node *next)
{
    const pdn_drawinfo *i = &dc->info;
    tbuf x = {NULL, 0, 0}, msg = {NULL, 0, 0};
    pdn_pos pos = next ? pdn_node_pos(next) : dc->pos;

    extra_json(&x, dc);
    if (next != NULL)
        tbuf_printf(&msg, "move '%s' at ply %lu after the game was drawn "
                          "at ply %lu: ",
                    pdn_node_text(next), i->rule_ply + 1, i->rule_ply);
    else if (i->automatic)
        tbuf_printf(&msg, "game drawn by rule at ply %lu: ", i->rule_ply);
    else
        tbuf_printf(&msg, "a draw could be claimed at ply %lu: ",
                    i->rule_ply);
    tbuf_printf(&msg, "%s; ", i->rule_text);
    counted(&msg, i);
    if (!dc->o->json)
        tbuf_printf(&msg, "; position %s", dc->fen);
    tool_diag(dc->o, dc->to, dc->file, &pos, pdn_game_number(dc->g),
              next ? PDN_SEV_ERROR : PDN_SEV_WARNING, rule_code(i->rule),
              x.data, "%s", msg.data);
    tbuf_free(&x);
    tbuf_free(&msg);
}

void
drawcheck_setup(drawcheck *dc, const pdn_board *b)
{
    if (dc->ds != NULL)
        pdn_drawstate_setup(dc->ds, b);
}

void
drawcheck_move(drawcheck *dc, const pdn_board *b, const pdn_move *m,
               const pdn_node *n)
{
    if (dc->ds == NULL)
        return;
    if (dc->state == 1 && dc->info.automatic) {
        report(dc, n);
        dc->state = 2;
    }
    if (pdn_drawstate_push(dc->ds, b, m, NULL) > 0 && dc->state == 0) {
        dc->info = *pdn_drawstate_info(dc->ds);
        dc->pos = pdn_node_pos(n);
        snprintf(dc->move, sizeof dc->move, "%s", pdn_node_text(n));
        tool_fen(b, dc->fen, sizeof dc->fen);
        dc->state = 1;
    }
}

/* A win recorded after a draw that the rules make automatic. */
static void
audit_result(drawcheck *dc)
{
    const char *res = pdn_game_tag(dc->g, "Result");
    pdn_pos pos;
    tbuf x = {NULL, 0, 0};
    pdn_outcome out;

    if (res == NULL)
        res = pdn_game_result(dc->g);
    out = res ? pdn_result_outcome(res) : PDN_OUTCOME_INVALID;
    if (out != PDN_OUTCOME_FIRST && out != PDN_OUTCOME_SECOND)
        return;
    pos = pdn_game_tag(dc->g, "Result") ? pdn_game_tag_pos(dc->g, "Result")
                                        : pdn_game_pos(dc->g);
    extra_json(&x, dc);
    tool_diag(dc->o, dc->to, dc->file, &pos, pdn_game_number(dc->g),
              PDN_SEV_ERROR, PDN_ERESULT, x.data,
              "result '%s' records a win, but the game was drawn at ply "
              "%lu: %s",
              res, dc->info.rule_ply, dc->info.rule_text);
    tbuf_free(&x);
}

void
drawcheck_end(drawcheck *dc)
{
    if (dc->ds == NULL)
        return;
    if (dc->state == 1)
        report(dc, NULL);
    if (dc->state != 0 && dc->info.automatic)
        audit_result(dc);
    pdn_drawstate_free(dc->ds);
    dc->ds = NULL;
}

void
drawcheck_json(tbuf *out, const pdn_drawstate *ds, const pdn_board *b,
               pdn_movelist *l, unsigned long ply)
{
    const pdn_drawinfo *i = pdn_drawstate_info(ds);
    /* a folk variant's own end (the corners' race, Stavropol), which
     * comes before any other */
    int ended = pdn_board_gametype(b)->folk != PDN_FOLK_NONE &&
                pdn_board_folk_end(b, ply, NULL) != PDN_OUTCOME_UNKNOWN;
    int over = ended || (pdn_board_moves(b, l, NULL) == 0 &&
                         pdn_movelist_count(l) == 0);

    /* no printf: this runs at every ply of pdn-replay -a -f json */
    tbuf_adds(out, ",\"repetitions\":");
    tbuf_addu(out, i->repetitions);
    tbuf_adds(out, ",\"quiet\":");
    tbuf_addu(out, i->quiet);
    tbuf_adds(out, ",\"since_capture\":");
    tbuf_addu(out, i->since_capture);
    tbuf_adds(out, ",\"over\":");
    if (ended)
        tbuf_adds(out, "\"variant-end\"");
    else if (over)
        tbuf_adds(out, "\"no-move\"");
    else if (i->rule != PDN_DRAW_NONE && i->automatic)
        tbuf_printf(out, "\"draw-%s\"", pdn_draw_rule_name(i->rule));
    else
        tbuf_adds(out, "null");
    tbuf_adds(out, ",\"claim\":");
    if (!over && i->rule != PDN_DRAW_NONE && !i->automatic)
        tbuf_printf(out, "\"draw-%s\"", pdn_draw_rule_name(i->rule));
    else
        tbuf_adds(out, "null");
}
