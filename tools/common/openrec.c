/* SPDX-License-Identifier: MIT */
/* --openings: a game record with the game's opening (openrec.h). */
#include <config.h>
#include "openrec.h"
#include "report.h"

/* A string, or null. */
static void
json_str(tbuf *b, const char *s)
{
    if (s != NULL)
        tbuf_json(b, s);
    else
        tbuf_adds(b, "null");
}

int
tool_openings_check(int openings, int json)
{
    if (openings && !json)
        return tool_usage_error("--openings needs -f json");
    return 0;
}

void
tool_opening_record(tool_out *to, const char *file, const pdn_game *g,
                    const pdn_gametype *gt)
{
    tbuf *b = &to->out;
    pdn_opening op;
    pdn_error err;

    pdn_error_clear(&err);
    if (pdn_opening_game(g, gt, &op, &err) != 0) {
        if (err.code == PDN_ENOMEM) {
            to->fatal = 1;
            return;
        }
        op.name = NULL; /* a setup that cannot be made: nothing known */
        op.code[0] = '\0';
    }
    tool_json_head(b, "game", file, pdn_game_number(g));
    tbuf_adds(b, ",\"opening\":");
    if (op.name == NULL && op.code[0] == '\0') {
        tbuf_adds(b, "null}\n");
        return;
    }
    tbuf_adds(b, "{\"name\":");
    json_str(b, op.name);
    tbuf_adds(b, ",\"name_en\":");
    json_str(b, op.name_en);
    tbuf_printf(b, ",\"plies\":%u,\"code\":", op.plies);
    tbuf_json(b, op.code);
    tbuf_adds(b, ",\"ballot\":");
    if (op.ballot)
        tbuf_printf(b, "%u", op.ballot);
    else
        tbuf_adds(b, "null");
    tbuf_adds(b, "}}\n");
}
