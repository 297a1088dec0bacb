/* SPDX-License-Identifier: MIT */
/* Outcome logic of the tools: results are read and normalised by libpdn
 * (pdn/result.h); this names the winner in messages and checks a result
 * against a final position. */
#include <config.h>
#include "outcome.h"
#include "position.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The outcome's words are libpdn's (pdn_outcome_describe). */
const char *
tool_outcome_text(pdn_outcome o, const pdn_gametype *gt, char *buf,
                  size_t size)
{
    pdn_outcome_describe(o, gt, buf, size);
    return buf;
}

int
tool_result_in_points(const char *result, pdn_outcome who)
{
    pdn_gametype intl;
    const char *points;

    if (result == NULL || pdn_gametype_standard(20, &intl) < 0)
        return 0;
    points = pdn_outcome_result(who, &intl);
    return points != NULL && points != pdn_outcome_result(who, NULL) &&
           strcmp(result, points) == 0;
}

char *
tool_finding_words(const pdn_finding *f, unsigned flags)
{
    size_t n = pdn_finding_text(f, flags, NULL, 0);
    char *s = tool_xmalloc(n + 1);

    pdn_finding_text(f, flags, s, n + 1);
    return s;
}

void
tool_check_result(const tool_opts *o, const char *file, const pdn_game *g,
                  const pdn_board *b, pdn_movelist *l, pdn_outcome end,
                  unsigned long end_ply, const char *end_why, tool_out *to)
{
    pdn_finding f;
    char *text;

    pdn_finding_init(&f);
    if (pdn_check_result(g, b, l, end, end_ply, end_why, &f) <= 0)
        return;
    text = tool_finding_words(&f, 0);
    tool_diag(o, to, file, &f.pos, f.game, f.severity, f.code, NULL, "%s",
              text);
    free(text);
    pdn_finding_clear(&f);
}

void
tool_report_finding(const tool_opts *o, tool_out *to, const char *file,
                    const pdn_game *g, const pdn_finding *f, int with_suggest)
{
    tbuf extra = {NULL, 0, 0}, *t = o->diag_stdout ? &to->out : &to->err;
    unsigned long game = pdn_game_number(g);
    char *text = tool_finding_words(f, o->json ? 0 : PDN_FINDING_POSITION);

    tool_finding_json(&extra, f);
    if (with_suggest && f->code == PDN_EILLEGAL) {
        tbuf_adds(&extra, ",\"suggest\":");
        if (f->suggest != NULL)
            tbuf_json(&extra, f->suggest);
        else
            tbuf_adds(&extra, "null");
    }
    tool_diag(o, to, file, &f->pos, game, f->severity, f->code, extra.data,
              "%s", text);
    free(text);
    tbuf_free(&extra);
    /* the suggestion as a note (-q: errors only, no notes) */
    if (f->suggest == NULL || o->json || o->quiet)
        return;
    text = tool_finding_words(f, PDN_FINDING_NOTE);
    if (!o->diag_stdout)
        tbuf_printf(t, "%s: ", tool_name);
    tool_add_file(t, file);
    tbuf_printf(t, ":%lu:%lu: note: %s (game %lu)\n", f->pos.line,
                f->pos.column, text, game);
    free(text);
}
