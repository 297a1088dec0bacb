/* SPDX-License-Identifier: MIT */
/* material-search: positions with a given material in the main lines.
 *
 *   material-search WM WK BM BK FILE...
 *
 * Finds the first position of each game with exactly WM white men, WK
 * white kings, BM black men and BK black kings (-1: any number), and
 * prints its game, ply, position hash (the same for the same position in
 * any game: for deduplication) and FEN. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <pdn/pdn.h>

static int want[4];

static int
fits(const pdn_board *b)
{
    static const char kinds[4] = {'w', 'W', 'b', 'B'};
    int i;

    for (i = 0; i < 4; i++)
        if (want[i] >= 0 && pdn_board_count(b, kinds[i]) != want[i])
            return 0;
    return 1;
}

int
main(int argc, char **argv)
{
    pdn_replay *rp = pdn_replay_new();
    unsigned long found = 0;
    int i, rc;

    if (argc < 6 || rp == NULL) {
        fprintf(stderr, "usage: material-search WM WK BM BK FILE...\n");
        return 2;
    }
    for (i = 0; i < 4; i++)
        want[i] = atoi(argv[i + 1]);
    for (i = 5; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        pdn_reader *r;
        pdn_game *g;

        if (fp == NULL || (r = pdn_reader_new_file(fp, argv[i])) == NULL) {
            perror(argv[i]);
            return 2;
        }
        while ((rc = pdn_reader_next(r, &g, NULL)) != 0) {
            if (g != NULL && pdn_replay_start(rp, g, NULL, NULL) >= 0) {
                /* the start position, then after every move; a game the
                 * library cannot replay further is searched as far as it
                 * goes */
                do {
                    const pdn_board *b = pdn_replay_board(rp);
                    char fen[PDN_FEN_STRING_MAX];

                    if (fits(b)) {
                        pdn_board_fen_string(b, fen, sizeof fen);
                        printf("%s\tgame %lu\tply %lu\t%016" PRIx64 "\t%s\n",
                               argv[i], pdn_game_number(g),
                               pdn_replay_ply(rp), pdn_board_hash(b), fen);
                        found++;
                        break;
                    }
                } while (pdn_replay_next(rp, NULL) == 1);
            }
            pdn_game_free(g);
        }
        pdn_reader_free(r);
        fclose(fp);
    }
    pdn_replay_free(rp);
    printf("%lu game%s\n", found, found == 1 ? "" : "s");
    return 0;
}
