/* SPDX-License-Identifier: MIT */
/* pdn-db: one replay of a game's main line (db.h, db_walk), looking at
 * the positions pdn-select looks at. */
#include <config.h>
#include "db.h"
#include "common.h"

#include <string.h>

/* The finding at the move that stops the replay, as pdn-legal words it. */
static void
finding(const tool_opts *o, const char *file, const pdn_game *g,
        const pdn_node *n, unsigned long ply, const pdn_board *b,
        pdn_movelist *l, const pdn_match *m, int rc, tool_out *to)
{
    char fen[PDN_FEN_STRING_MAX];
    tbuf msg = {NULL, 0, 0}, extra = {NULL, 0, 0};
    pdn_pos pos = pdn_node_pos(n);

    if (rc == PDN_MATCH_ILLEGAL && pdn_movelist_count(l) == 0)
        tbuf_printf(&msg, "move '%s' at ply %lu after the end of the game: "
                    "the side to move has no legal move", pdn_node_text(n),
                    ply);
    else if (rc == PDN_MATCH_ILLEGAL)
        tbuf_printf(&msg, "illegal move '%s' at ply %lu: %s",
                    pdn_node_text(n), ply, pdn_reason_text(m->reason));
    else if (rc == PDN_MATCH_AMBIGUOUS)
        tbuf_printf(&msg, "ambiguous move '%s' at ply %lu: %zu legal moves "
                    "fit it", pdn_node_text(n), ply, m->count);
    else
        tbuf_printf(&msg, "move '%s' at ply %lu: the legal moves could not "
                    "be made", pdn_node_text(n), ply);
    if (rc == PDN_MATCH_ILLEGAL || rc == PDN_MATCH_AMBIGUOUS) {
        if (rc == PDN_MATCH_AMBIGUOUS)
            (void)pdn_board_moves(b, l, NULL);
        /* the position and its moves: in the record's members with
         * -f json (as pdn-legal gives them), else in the message */
        tool_move_json(&extra, n, ply, b, l);
        if (!o->json) {
            tool_fen(b, fen, sizeof fen);
            tbuf_printf(&msg, "; position %s; legal moves: ", fen);
            tool_add_moves(&msg, b, l, NULL, 0, PDN_MOVE_SHORT, ", ", 0);
        }
    }
    tool_diag(o, to, file, &pos, pdn_game_number(g), PDN_SEV_ERROR,
              rc == PDN_MATCH_AMBIGUOUS ? PDN_EAMBIGUOUS : PDN_EILLEGAL,
              extra.data, "%s", msg.data);
    tbuf_free(&msg);
    tbuf_free(&extra);
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
