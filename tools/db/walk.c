/* SPDX-License-Identifier: MIT */
/* pdn-db: one replay of a game's main line (db.h, db_walk), looking at
 * the positions pdn-select looks at. */
#include <config.h>
#include "db.h"
#include "common.h"

#include <string.h>

/* The finding at the move that stops the replay: the library's record
 * (pdn_check_move), worded as everywhere (pdn_finding_text). */
static void
finding(const tool_opts *o, const char *file, const pdn_game *g,
        const pdn_node *n, unsigned long ply, const pdn_board *b,
        pdn_movelist *l, const pdn_match *m, int rc, tool_out *to)
{
    pdn_finding f;
    pdn_pos pos = pdn_node_pos(n);

    pdn_finding_init(&f);
    if (rc != PDN_MATCH_ILLEGAL && rc != PDN_MATCH_AMBIGUOUS) {
        tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_ERROR,
                  PDN_EILLEGAL, NULL, "move '%s' at ply %lu: the legal moves "
                  "could not be made", pdn_node_text(n), ply);
        return;
    }
    if (pdn_check_move(b, l, m, n, ply, 0, &f) < 0) {
        to->fatal = 1;
        return;
    }
    tool_report_finding(o, to, file, g, &f, 0);
    pdn_finding_clear(&f);
}

int
db_walk(const tool_opts *o, const char *file, const pdn_game *g,
        const pdn_gametype *gt, tool_out *to, int report, db_see_fn *see,
        void *ud, db_walked *w)
{
    pdn_board *b = tool_board_reuse(o, file, g, gt, to);
    pdn_movelist *l;
    const pdn_node *n;
    unsigned long ply = 0;
    pdn_match m;
    int stop = 0;

    memset(w, 0, sizeof *w);
    w->legal = -1;
    if (b == NULL)
        return -1;
    if ((l = tool_movelist(to)) == NULL) {
        tool_release(to, b, l);
        return -1;
    }
    pdn_fingerprint_start(&w->fp, b);
    stop = see(ud, b, 0, NULL);
    for (n = pdn_game_first(g); n != NULL && !stop; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);
        int set = tool_setup_at(o, file, n, pdn_game_number(g), b, to), rc;

        if (set < 0) {
            w->stop = ply + 1;
            break;
        }
        if (set > 0) {
            pdn_fingerprint_setup(&w->fp, b);
            if ((stop = see(ud, b, ply, NULL)) != 0)
                break;
        }
        if (mt == NULL) {
            w->skipped = 1;
            continue;
        }
        rc = pdn_board_play(b, mt, &m, l, NULL);
        if (rc != PDN_MATCH_LEGAL) {
            w->stop = ply + 1;
            if (report)
                finding(o, file, g, n, ply + 1, b, l, &m, rc, to);
            break;
        }
        pdn_fingerprint_move(&w->fp, &m.move);
        ply++;
        stop = see(ud, b, ply, &m.move);
    }
    w->plies = ply;
    to->plies += ply;
    w->legal = n == NULL && !stop;
    w->have_fp = w->legal;
    tool_release(to, b, l);
    return 0;
}
