/* SPDX-License-Identifier: MIT */
/* add-comment: edits games: a comment after a chosen ply of the main line.
 *
 *   add-comment PLY TEXT FILE
 *
 * Writes the games of FILE to the standard output (the compatible style,
 * each game with its own result token) with TEXT as a comment after move
 * PLY of each game's main line (1-based), or as a game comment when the
 * game is shorter. Nothing is serialised and spliced by hand: the game is
 * edited and written. */
#include <stdio.h>
#include <stdlib.h>
#include <pdn/pdn.h>

int
main(int argc, char **argv)
{
    pdn_reader *r;
    pdn_game *g;
    pdn_error err;
    FILE *fp;
    long ply;
    int rc, status = 0;

    if (argc != 4 || (ply = strtol(argv[1], NULL, 10)) < 1) {
        fprintf(stderr, "usage: add-comment PLY TEXT FILE\n");
        return 2;
    }
    if ((fp = fopen(argv[3], "rb")) == NULL ||
        (r = pdn_reader_new_file(fp, argv[3])) == NULL) {
        perror(argv[3]);
        return 2;
    }
    while ((rc = pdn_reader_next(r, &g, &err)) != 0) {
        pdn_node *n = pdn_game_first_mut(g);
        long k;

        if (rc < 0) {
            fprintf(stderr, "%s:%lu:%lu: error: %s (game %lu)\n", err.source,
                    err.pos.line, err.pos.column, err.text, err.game);
            status = 1;
            if (g == NULL)
                continue;
        }
        for (k = 1; k < ply && n != NULL; k++)
            n = pdn_node_next_mut(n);
        if ((n != NULL ? pdn_node_add_comment(n, PDN_AFTER, argv[2])
                       : pdn_game_add_comment(g, argv[2])) != 0 ||
            pdn_write_game(stdout, g, PDN_WRITE_COMPAT, &err) < 0) {
            fprintf(stderr, "add-comment: %s\n", err.text);
            status = 2;
        }
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    fclose(fp);
    return status;
}
