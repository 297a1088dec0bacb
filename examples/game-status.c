/* SPDX-License-Identifier: MIT */
/* game-status: how each game's main line ends, by the rules.
 *
 *   game-status FILE...
 *
 * Replays the main line of every game on a board that keeps an undo stack
 * (pdn_board_push_play), a game without GameType under the variant its
 * moves fit (pdn_infer_hook), and prints per game: its variant, the plies
 * played, the game's status (over or not, who won, by which rule, a draw
 * that may be claimed), the material (as pdn-select -M writes it) and the
 * position's variant-keyed key. Then it takes every move back
 * (pdn_board_pop) and checks that the start position and the draw counts
 * come back, and that the board at the last node (pdn_node_board) is the
 * final position. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <pdn/pdn.h>

/* Replays g's main line on b, pushing each move; the last node played. */
static const pdn_node *
play_line(const pdn_game *g, pdn_board *b, pdn_movelist *l)
{
    const pdn_node *n, *last = NULL;

    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n)) {
        pdn_match m;

        /* a setup in the moves changes the position by other means: the
         * undo stack begins again there */
        if (pdn_node_apply_setup(n, b, NULL) != 0 || pdn_node_move(n) == NULL ||
            pdn_board_push_play(b, pdn_node_move(n), &m, l, NULL) !=
                PDN_MATCH_LEGAL)
            break;
        last = n;
    }
    return last;
}

static void
report(const char *file, const pdn_game *g, pdn_board *b,
       const pdn_node *last)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    char mat[64], start[PDN_FEN_STRING_MAX], fen[PDN_FEN_STRING_MAX];
    pdn_material m;
    pdn_status st;
    pdn_board *at;
    size_t k;

    if (pdn_board_status(b, &st, NULL) != 0)
        return;
    pdn_board_material(b, &m);
    pdn_material_format(&m, mat, sizeof mat);
    printf("%s game %lu: %s, %lu plies, ", file, pdn_game_number(g),
           pdn_gametype_name(gt), st.ply);
    if (st.over)
        printf("over (%s%s%s): %s", pdn_end_name(st.end),
               st.draw_rule ? " " : "",
               st.draw_rule ? pdn_draw_rule_name(st.draw_rule) : "",
               pdn_outcome_result(st.outcome, gt));
    else if (st.can_claim)
        printf("goes on, a draw may be claimed (%s)",
               pdn_draw_rule_name(st.draw_rule));
    else
        printf("goes on, %zu legal moves", st.moves);
    printf(", %s, key %016" PRIx64 "\n", mat, pdn_board_key(b));

    /* the board at the last node is the final position */
    pdn_board_fen_string(b, fen, sizeof fen);
    if (last != NULL && pdn_node_ply(last) == st.ply &&
        (at = pdn_node_board(last, NULL)) != NULL) {
        pdn_board_fen_string(at, start, sizeof start);
        if (strcmp(start, fen) != 0)
            printf("  the board at ply %lu differs\n", pdn_node_ply(last));
        pdn_board_free(at);
    }
    /* every move taken back: no draw counts left, the game's start */
    for (k = st.ply; k > 0; k--)
        if (pdn_board_pop(b, NULL) != 0)
            printf("  cannot take back ply %zu\n", k);
    if (pdn_board_drawinfo(b) != NULL)
        printf("  draw counts left after taking back every move\n");
}

int
main(int argc, char **argv)
{
    pdn_infer *x = pdn_infer_new();
    pdn_movelist *l = pdn_movelist_new();
    pdn_board *b = NULL;
    int i;

    if (argc < 2 || x == NULL || l == NULL) {
        fprintf(stderr, "usage: game-status FILE...\n");
        return 2;
    }
    for (i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        pdn_reader *r;
        pdn_game *g;

        if (fp == NULL || (r = pdn_reader_new_file(fp, argv[i])) == NULL) {
            perror(argv[i]);
            return 2;
        }
        while (pdn_reader_next(r, &g, NULL) != 0) {
            pdn_gametype gt;
            int from = g != NULL ? pdn_game_gametype(g, NULL, &gt, NULL) : -1;

            if (from >= 0 &&
                pdn_infer_hook(g, &gt, from, x, NULL) == 0 &&
                (b == NULL || !pdn_gametype_equal(&gt, pdn_board_gametype(b)))) {
                pdn_board_free(b);
                b = pdn_board_new(&gt, NULL);
            }
            if (from >= 0 && b != NULL && pdn_game_start(g, b, NULL) >= 0)
                report(argv[i], g, b, play_line(g, b, l));
            pdn_game_free(g);
        }
        pdn_reader_free(r);
        fclose(fp);
    }
    pdn_board_free(b);
    pdn_movelist_free(l);
    pdn_infer_free(x);
    return 0;
}
