/* SPDX-License-Identifier: MIT */
/* count-results: how the games of PDN files ended, counted by colour.
 *
 *   count-results FILE...
 *
 * Streams each file game by game (memory bounded by the largest game),
 * takes each game's outcome (its terminator, else its Result tag) and
 * names the winner's colour by the game's GameType: "1-0" is a win of the
 * side that moves first, Black in English draughts. */
#include <stdio.h>
#include <pdn/pdn.h>

int
main(int argc, char **argv)
{
    unsigned long games = 0, white = 0, black = 0, draws = 0, other = 0;
    unsigned long bad = 0;
    int i, rc;

    for (i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        pdn_reader *r;
        pdn_game *g;
        pdn_error err;

        if (fp == NULL || (r = pdn_reader_new_file(fp, argv[i])) == NULL) {
            perror(argv[i]);
            return 2;
        }
        while ((rc = pdn_reader_next(r, &g, &err)) != 0) {
            pdn_gametype gt;
            pdn_outcome o;

            if (rc < 0) {
                fprintf(stderr, "%s:%lu:%lu: error: %s (game %lu)\n",
                        err.source, err.pos.line, err.pos.column, err.text,
                        err.game);
                bad++;
            }
            if (g == NULL)
                continue;
            games++;
            o = pdn_game_outcome(g);
            /* the GameType tag, else the Variant tag, else International */
            pdn_game_gametype(g, NULL, &gt, NULL);
            switch (pdn_outcome_winner(o, &gt)) {
            case 'W':
                white++;
                break;
            case 'B':
                black++;
                break;
            default:
                if (o == PDN_OUTCOME_DRAW)
                    draws++;
                else
                    other++;
            }
            pdn_game_free(g);
        }
        pdn_reader_free(r);
        fclose(fp);
    }
    printf("games %lu\nwhite won %lu\nblack won %lu\ndrawn %lu\n"
           "unknown or other %lu\ngames with errors %lu\n",
           games, white, black, draws, other, bad);
    return bad != 0;
}
