/* SPDX-License-Identifier: MIT */
/* The position key of the index and the material signature (db.h). */
#include <config.h>
#include "db.h"

#include <string.h>

/* splitmix64's finaliser: spreads the variant's fields over 64 bits. */
static uint64_t
mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int64_t
db_key(const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    uint64_t v = 0x50444E2D44420000ULL;

    /* what makes the rules and the board: not the numbering, which
     * changes the names of squares, not the position */
    v = mix(v ^ (uint64_t)(unsigned)gt->type);
    v = mix(v ^ ((uint64_t)(unsigned)gt->rules << 8 |
                 (uint64_t)(unsigned)gt->giveaway << 16 |
                 (uint64_t)(unsigned)gt->folk << 24));
    v = mix(v ^ ((uint64_t)(unsigned)gt->width << 32 |
                 (uint64_t)(unsigned)gt->height << 40 |
                 (uint64_t)(unsigned char)gt->start << 48));
    return (int64_t)(pdn_board_hash(b) ^ v);
}

int64_t
db_material(const pdn_board *b)
{
    pdn_material m;

    /* the playable squares only, as pdn-select -M counts them */
    pdn_board_material(b, &m);
    return DB_SIG(m.men[0] < 255 ? m.men[0] : 255,
                  m.men[1] < 255 ? m.men[1] : 255,
                  m.kings[0] < 255 ? m.kings[0] : 255,
                  m.kings[1] < 255 ? m.kings[1] : 255);
}

int
db_same_board(const pdn_board *a, const pdn_board *b)
{
    char fa[PDN_FEN_STRING_MAX], fb[PDN_FEN_STRING_MAX];

    /* the hash first: two boards that differ almost never share it */
    if (pdn_board_hash(a) != pdn_board_hash(b))
        return 0;
    pdn_board_fen_string(a, fa, sizeof fa);
    pdn_board_fen_string(b, fb, sizeof fb);
    return strcmp(fa, fb) == 0;
}
