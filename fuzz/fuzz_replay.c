/* SPDX-License-Identifier: MIT */
/* libFuzzer target: what pdn-legal does. Read every game of a file, set
 * up its GameType and FEN, and replay the main line and the variations
 * one level deep with move matching, stopping at the first bad move. */
/* fuzz-needs: pdn_reader_new_mem pdn_reader_next */
/* fuzz-needs: pdn_board_new pdn_board_match */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

/* Plays the line starting at n on b; returns plies played. */
static size_t
play_line(pdn_board *b, pdn_movelist *l, const pdn_node *n, int variations)
{
    pdn_error err;
    pdn_match m;
    pdn_board *before = NULL;
    size_t plies = 0, i;

    for (; n != NULL && plies < 400; n = pdn_node_next(n), plies++) {
        const pdn_movetext *mt = pdn_node_move(n);
        if (pdn_node_setup(n) != NULL) {
            pdn_fen fen;
            if (pdn_fen_parse(pdn_node_setup(n), &fen, NULL) < 0 ||
                pdn_board_set_fen(b, &fen, NULL) < 0)
                break;
        }
        if (mt == NULL)
            break;
        pdn_error_clear(&err);
        if (pdn_board_moves(b, l, &err) < 0)
            break;
        if (variations && pdn_node_variation_count(n) > 0) {
            if (before == NULL)
                before = pdn_board_new(pdn_board_gametype(b), NULL);
            for (i = 0; before != NULL && i < pdn_node_variation_count(n);
                 i++) {
                pdn_board_copy(before, b);
                play_line(before, l, pdn_node_variation_at(n, i), 0);
            }
            pdn_board_moves(b, l, &err);
        }
        pdn_board_match(b, l, mt, &m);
        if (m.status != PDN_MATCH_LEGAL)
            break;
        pdn_board_apply(b, &m.move);
    }
    pdn_board_free(before);
    return plies;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pdn_reader *r;
    pdn_game *g;
    pdn_error err;
    pdn_movelist *l = pdn_movelist_new();
    size_t games = 0;
    int st;

    r = pdn_reader_new_mem((const char *)data, size, "fuzz");
    if (r == NULL || l == NULL)
        goto done;
    while (games++ <= size) {
        pdn_gametype gt;
        pdn_board *b;
        const char *v;
        pdn_fen fen;

        pdn_error_clear(&err);
        g = NULL;
        st = pdn_reader_next(r, &g, &err);
        if (st == 0)
            break;
        if (g == NULL) {
            if (err.code == PDN_EIO || err.code == PDN_ENOMEM)
                break;
            continue;
        }
        v = pdn_game_tag(g, "GameType");
        if (v == NULL || pdn_gametype_parse(v, &gt, NULL) < 0)
            pdn_gametype_standard(20, &gt);
        b = pdn_board_new(&gt, NULL);
        if (b != NULL) {
            v = pdn_game_tag(g, "FEN");
            if (v != NULL && pdn_fen_parse(v, &fen, NULL) >= 0 &&
                pdn_board_set_fen(b, &fen, NULL) < 0)
                pdn_board_reset(b);
            play_line(b, l, pdn_game_first(g), 1);
            pdn_board_free(b);
        }
        pdn_game_free(g);
    }
done:
    pdn_reader_free(r);
    pdn_movelist_free(l);
    return 0;
}
