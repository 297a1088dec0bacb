/* SPDX-License-Identifier: MIT */
/* board-svg: a picture of a game's position.
 *
 *   board-svg FILE GAME PLY
 *
 * Writes the position after ply PLY of the main line of game GAME of FILE
 * (0: the start position) as an SVG image on standard output, with the
 * square numbers: the board at a node (pdn_node_board), drawn by
 * pdn_board_svg. */
#include <stdio.h>
#include <stdlib.h>
#include <pdn/pdn.h>

int
main(int argc, char **argv)
{
    unsigned long want, ply;
    pdn_reader *r;
    pdn_game *g = NULL;
    pdn_board *b = NULL;
    pdn_error err;
    FILE *fp;
    char *svg;
    size_t n;

    if (argc != 4 || (fp = fopen(argv[1], "rb")) == NULL ||
        (r = pdn_reader_new_file(fp, argv[1])) == NULL) {
        fprintf(stderr, "usage: board-svg FILE GAME PLY\n");
        return 2;
    }
    want = strtoul(argv[2], NULL, 10);
    ply = strtoul(argv[3], NULL, 10);
    while (pdn_reader_next(r, &g, NULL) != 0 && g != NULL &&
           pdn_game_number(g) < want)
        pdn_game_free(g), g = NULL;
    if (g != NULL && ply == 0) {
        pdn_gametype gt;
        if (pdn_game_gametype(g, NULL, &gt, &err) >= 0 &&
            (b = pdn_board_new(&gt, &err)) != NULL &&
            pdn_game_start(g, b, &err) < 0)
            pdn_board_free(b), b = NULL;
    } else if (g != NULL) {
        const pdn_node *node = pdn_game_first(g);
        while (node != NULL && pdn_node_ply(node) < ply)
            node = pdn_node_next(node);
        if (node == NULL)
            fprintf(stderr, "%s: game %lu has no ply %lu\n", argv[1], want,
                    ply);
        else
            b = pdn_node_board(node, &err);
    }
    if (b == NULL) {
        if (g != NULL)
            fprintf(stderr, "%s: %s\n", argv[1], err.text);
        return 1;
    }
    n = pdn_board_svg(b, PDN_SVG_NUMBERS, 32, NULL, 0);
    if ((svg = malloc(n + 1)) == NULL)
        return 2;
    pdn_board_svg(b, PDN_SVG_NUMBERS, 32, svg, n + 1);
    fputs(svg, stdout);
    free(svg);
    pdn_board_free(b);
    pdn_game_free(g);
    pdn_reader_free(r);
    fclose(fp);
    return 0;
}
