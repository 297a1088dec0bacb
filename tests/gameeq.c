/* SPDX-License-Identifier: MIT */
/* gameeq [-k] A B: reads two PDN files and compares them game by game with
 * pdn_game_equal; with -k the tags must also be in the same input order
 * and the terminators the same, a missing one in A standing for '*' in B
 * (what pdn-convert -s keep writes). Games that hold a read error must
 * hold one in both files (their text is copied, not rewritten). Prints
 * each difference; exits 0 when every game is equal, 1 otherwise, 2 on a
 * usage or I/O error. */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include <pdn/pdn.h>

static int
next(pdn_reader *r, pdn_game **g)
{
    pdn_error e;

    pdn_error_clear(&e);
    return pdn_reader_next(r, g, &e);
}

/* Tags in input order and terminators, as -k wants them. */
static int
kept(const pdn_game *a, const pdn_game *b)
{
    const char *ra = pdn_game_result(a), *rb = pdn_game_result(b);
    size_t i, n = pdn_game_tag_count(a);

    if (rb == NULL || strcmp(ra ? ra : "*", rb) != 0 ||
        n != pdn_game_tag_count(b))
        return 0;
    for (i = 0; i < n; i++)
        if (strcmp(pdn_game_tag_name_at(a, i), pdn_game_tag_name_at(b, i)) ||
            strcmp(pdn_game_tag_value_at(a, i), pdn_game_tag_value_at(b, i)))
            return 0;
    return 1;
}

int
main(int argc, char **argv)
{
    FILE *fa, *fb;
    pdn_reader *ra, *rb;
    unsigned long n = 0, bad = 0;
    int rca, rcb, keep = argc > 1 && strcmp(argv[1], "-k") == 0;

    argv += keep;
    argc -= keep;
    if (argc != 3) {
        fprintf(stderr, "usage: gameeq [-k] A B\n");
        return 2;
    }
    fa = fopen(argv[1], "rb");
    fb = fopen(argv[2], "rb");
    if (fa == NULL || fb == NULL) {
        fprintf(stderr, "gameeq: cannot open %s\n", fa ? argv[2] : argv[1]);
        return 2;
    }
    ra = pdn_reader_new_file(fa, argv[1]);
    rb = pdn_reader_new_file(fb, argv[2]);
    for (;;) {
        pdn_game *ga = NULL, *gb = NULL;

        rca = next(ra, &ga);
        rcb = next(rb, &gb);
        if (rca == 0 && rcb == 0)
            break;
        n++;
        if (rca == 0 || rcb == 0) {
            printf("%s: game %lu: only in %s\n", argv[1], n,
                   rca == 0 ? argv[2] : argv[1]);
            bad++;
        } else if ((rca < 0) != (rcb < 0)) {
            printf("%s: game %lu: read error in one file only\n", argv[1], n);
            bad++;
        } else if (rca > 0 && (pdn_game_equal(ga, gb, NULL) != 1 ||
                               (keep && !kept(ga, gb)))) {
            printf("%s: game %lu: games differ\n", argv[1], n);
            bad++;
        }
        pdn_game_free(ga);
        pdn_game_free(gb);
        if (rca == 0 || rcb == 0)
            break;
    }
    pdn_reader_free(ra);
    pdn_reader_free(rb);
    fclose(fa);
    fclose(fb);
    printf("%s: %lu games, %lu differ\n", argv[1], n, bad);
    return bad != 0;
}
