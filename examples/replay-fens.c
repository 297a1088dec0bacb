/* SPDX-License-Identifier: MIT */
/* replay-fens: every position of the main line of each game, as FEN.
 *
 *   replay-fens FILE...
 *
 * Prints "GAME<TAB>PLY<TAB>MOVE<TAB>FEN" for the start position (ply 0,
 * move "-") and after every move. The library applies the GameType (tag,
 * Variant tag or International), the FEN tag and setups in the moves, and
 * stops a game at a move it cannot play, with the move's file, line and
 * column. */
#include <stdio.h>
#include <pdn/pdn.h>

static void
show(const pdn_replay *rp, unsigned long game)
{
    char fen[PDN_FEN_STRING_MAX], mv[PDN_PATH_MAX * 4];

    pdn_replay_fen(rp, fen, sizeof fen);
    if (pdn_replay_move_text(rp, PDN_MOVE_SHORT, mv, sizeof mv) == 0)
        mv[0] = '-', mv[1] = '\0';
    printf("%lu\t%lu\t%s\t%s\n", game, pdn_replay_ply(rp), mv, fen);
}

int
main(int argc, char **argv)
{
    pdn_replay *rp = pdn_replay_new();
    int i, rc, status = 0;

    if (rp == NULL)
        return 2;
    for (i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        pdn_reader *r;
        pdn_game *g;
        pdn_error err;

        if (fp == NULL || (r = pdn_reader_new_file(fp, argv[i])) == NULL) {
            perror(argv[i]);
            return 2;
        }
        pdn_replay_set_source(rp, argv[i]);
        while ((rc = pdn_reader_next(r, &g, &err)) != 0) {
            if (rc > 0 && pdn_replay_start(rp, g, NULL, &err) >= 0) {
                show(rp, pdn_game_number(g));
                while ((rc = pdn_replay_next(rp, &err)) == 1)
                    show(rp, pdn_game_number(g));
            }
            if (rc < 0) {
                fprintf(stderr, "%s:%lu:%lu: error: %s (game %lu)\n",
                        err.source, err.pos.line, err.pos.column, err.text,
                        err.game);
                status = 1;
            }
            pdn_game_free(g);
        }
        pdn_reader_free(r);
        fclose(fp);
    }
    pdn_replay_free(rp);
    return status;
}
