/* SPDX-License-Identifier: MIT */
/* Draw rules in the tools: pdn-legal reports the ply where a game was
 * drawn by rule (an error when the rule ends the game and play went on, a
 * warning otherwise) and a win recorded after such a draw; pdn-replay
 * gives the counts behind the rules at every ply. */
#include <config.h>
#include "drawcheck.h"

#include <stdlib.h>
#include <string.h>

void
drawcheck_begin(drawcheck *dc, int on, const tool_opts *o, tool_out *to,
                const char *file, const pdn_game *g, const pdn_board *b)
{
    memset(dc, 0, sizeof *dc);
    pdn_finding_init(&dc->fired);
    if (!on || (dc->ds = pdn_drawstate_new()) == NULL)
        return;
    dc->o = o;
    dc->to = to;
    dc->file = file;
    dc->g = g;
    pdn_drawstate_start(dc->ds, b);
}

/* The JSON members of a draw-rule finding: the ply at which the rule took
 * effect, its move and position, the rule and the plies it counted
 * from. */
static void
extra_json(tbuf *x, const pdn_finding *f)
{
    const pdn_drawinfo *i = &f->draw;

    tbuf_printf(x, ",\"ply\":%lu,\"move\":", i->rule_ply);
    tbuf_json(x, f->draw_move != NULL ? f->draw_move : "");
    tbuf_adds(x, ",\"fen\":");
    tbuf_json(x, f->fen != NULL ? f->fen : "");
    tbuf_printf(x, ",\"legal\":null,\"rule\":\"%s\",\"automatic\":%s,"
                   "\"from\":%lu",
                pdn_draw_rule_name(i->rule), i->automatic ? "true" : "false",
                i->rule_from);
    if (i->rule == PDN_DRAW_REPETITION)
        tbuf_printf(x, ",\"plies\":[%lu,%lu,%lu]", i->rule_plies[0],
                    i->rule_plies[1], i->rule_plies[2]);
}

/* Reports draw-rule finding f in the checker's words (with the position
 * unless -f json). */
static void
report(const drawcheck *dc, const pdn_finding *f)
{
    tbuf x = {NULL, 0, 0};
    char *text = tool_finding_words(f, dc->o->json ? 0
                                                    : PDN_FINDING_POSITION);

    extra_json(&x, f);
    tool_diag(dc->o, dc->to, dc->file, &f->pos, pdn_game_number(dc->g),
              f->severity, f->code, x.data, "%s", text);
    free(text);
    tbuf_free(&x);
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
    pdn_finding after;

    if (dc->ds == NULL)
        return;
    /* play went on after a rule that ends the game: an error at n */
    if (dc->state == 1 && dc->fired.draw.automatic) {
        pdn_finding_init(&after);
        if (pdn_check_after_draw(&dc->fired, n, &after) < 0)
            dc->to->fatal = 1;
        else
            report(dc, &after);
        pdn_finding_clear(&after);
        dc->state = 2;
    }
    if (pdn_drawstate_push(dc->ds, b, m, NULL) > 0 && dc->state == 0) {
        if (pdn_check_draw(pdn_drawstate_info(dc->ds), b, n, &dc->fired) < 0)
            dc->to->fatal = 1;
        else
            dc->state = 1;
    }
}

void
drawcheck_end(drawcheck *dc)
{
    pdn_finding f;

    if (dc->ds == NULL)
        return;
    /* a rule that fired and was not followed by play: a warning */
    if (dc->state == 1)
        report(dc, &dc->fired);
    /* a win recorded after a draw that the rules make automatic */
    pdn_finding_init(&f);
    if (dc->state != 0 && pdn_check_draw_result(dc->g, &dc->fired, &f) > 0)
        report(dc, &f);
    pdn_finding_clear(&f);
    pdn_finding_clear(&dc->fired);
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
