/* SPDX-License-Identifier: MIT */
/* build-game: a game made from nothing, written, and read back equal.
 *
 *   build-game
 *
 * Builds an English draughts game: tags, moves given as text, moves
 * chosen on a board (the first legal move, in short form), a variation, a
 * comment and a NAG, and the result; writes it in the PDN 3.0 style and
 * checks that the text reads back as the same game. */
#include <stdio.h>
#include <stdlib.h>
#include <pdn/pdn.h>

int
main(void)
{
    static const char *const opening[] = {"11-15", "23-19", "8-11", "22-17"};
    pdn_game *g = pdn_game_new(), *back;
    pdn_replay *rp = pdn_replay_new();
    pdn_movelist *l = pdn_movelist_new();
    pdn_gametype gt;
    pdn_node *n;
    pdn_error err;
    char *text;
    size_t i, len;
    int k;

    if (g == NULL || rp == NULL || l == NULL)
        return 2;
    pdn_gametype_standard(21, &gt);
    pdn_game_set_tag(g, "Event", "Built by libpdn");
    pdn_game_set_tag(g, "White", "Engine A");
    pdn_game_set_tag(g, "Black", "Engine B");
    pdn_game_set_gametype(g, &gt);
    for (i = 0; i < sizeof opening / sizeof opening[0]; i++)
        if ((n = pdn_game_append_move(g, opening[i], &err)) == NULL)
            return fprintf(stderr, "%s\n", err.text), 2;
    pdn_node_add_comment(n, PDN_AFTER, "the Old Fourteenth");
    pdn_node_add_nag(n, 1);
    pdn_node_add_variation(n, "24-20", &err);
    /* four more plies: each time the main line is replayed to its end
     * and the first legal move there is appended, in short form */
    for (k = 0; k < 4; k++) {
        if (pdn_replay_start(rp, g, NULL, &err) < 0)
            return fprintf(stderr, "%s\n", err.text), 2;
        while (pdn_replay_next(rp, &err) == 1)
            continue;
        if (err.code != PDN_OK ||
            pdn_board_moves(pdn_replay_board(rp), l, &err) != 0 ||
            pdn_movelist_count(l) == 0 ||
            pdn_game_append_legal(g, pdn_replay_board(rp),
                                  pdn_movelist_at(l, 0), &err) == NULL)
            return fprintf(stderr, "%s\n", err.text), 2;
    }
    pdn_game_set_result(g, "1/2-1/2");
    text = pdn_game_to_string(g, PDN_WRITE_PDN3, &len, &err);
    if (text == NULL)
        return fprintf(stderr, "%s\n", err.text), 2;
    fputs(text, stdout);
    back = pdn_parse_string(text, len, &err);
    printf("read back: %s\n", back != NULL && pdn_game_equal(g, back, NULL) == 1
                                  ? "the same game"
                                  : "DIFFERENT");
    free(text);
    pdn_game_free(back);
    pdn_game_free(g);
    pdn_movelist_free(l);
    pdn_replay_free(rp);
    return 0;
}
