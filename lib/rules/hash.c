/* SPDX-License-Identifier: MIT */
/* Position hashing: one fixed 64-bit key per (square, piece kind) and one
 * for the side to move, XORed together. The keys come from a fixed
 * formula, not from a random table, so a hash is the same on every run. */
#include <config.h>
#include "rules_private.h"
#include "towers.h"

#define HASH_SEED PDNP_HASH_SEED
#define PDNP_KEY_SEED UINT64_C(0x50444E2D56415249) /* "PDN-VARI" */

/* The splitmix64 finaliser: a bijection that spreads every input bit. */
static uint64_t
mix64(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

uint64_t
pdnp_mix64(uint64_t x)
{
    return mix64(x);
}

/* The same finaliser as a constant expression, so that the keys are a
 * table the compiler fills: mix64(HASH_SEED + i) for i = 4 * coord + kind
 * (coords below 256), then the side to move (1024) and the second move
 * of a two-move turn (1025). check_draw compares it with mix64. */
#define MIX_1(x) ((x) + UINT64_C(0x9E3779B97F4A7C15))
#define MIX_2(x) (((x) ^ ((x) >> 30)) * UINT64_C(0xBF58476D1CE4E5B9))
#define MIX_3(x) (((x) ^ ((x) >> 27)) * UINT64_C(0x94D049BB133111EB))
#define MIX_4(x) ((x) ^ ((x) >> 31))
#define K1(i) MIX_4(MIX_3(MIX_2(MIX_1(HASH_SEED + (i)))))
#define K4(i) K1(i), K1((i) + 1), K1((i) + 2), K1((i) + 3)
#define K16(i) K4(i), K4((i) + 4), K4((i) + 8), K4((i) + 12)
#define K64(i) K16(i), K16((i) + 16), K16((i) + 32), K16((i) + 48)
#define K256(i) K64(i), K64((i) + 64), K64((i) + 128), K64((i) + 192)

const uint64_t pdnp_hash_keys[PDNP_HASH_NKEYS] = {
    K256(0), K256(256), K256(512), K256(768), K1(1024), K1(1025)};

uint64_t
pdn_board_hash(const pdn_board *b)
{
    const pdnp_pos *p;
    uint64_t h;
    int w;

    if (b == NULL)
        return 0;
    p = &b->pos;
    h = pdnp_hash_turn(p);
    for (w = 0; w < b->g.nwords; w++) {
        uint64_t bits = p->occ[PDNP_WHITE][w] | p->occ[PDNP_BLACK][w];

        while (bits != 0) {
            int c = w * 64 + __builtin_ctzll(bits);
            unsigned v = p->sq[c];
            unsigned kind = (v & PDNP_BLACK ? 1u : 0u) +
                            (v & PDNP_KING ? 2u : 0u);

            h ^= pdnp_hash_key(b->g.coord[c], kind);
            bits &= bits - 1;
        }
    }
    return b->tw != NULL ? h ^ pdnp_tw_hash(b) : h;
}

/* The variant's part of pdn_board_key: everything a GameType holds that
 * changes the game (not its numbering, notation or type number). */
uint64_t
pdn_gametype_key(const pdn_gametype *gt)
{
    uint64_t w = (uint64_t)(unsigned)(gt->rules & 0xff) << 48 |
                 (uint64_t)(unsigned)(gt->folk & 0xff) << 40 |
                 (uint64_t)(unsigned)(gt->giveaway != 0) << 32 |
                 (uint64_t)(unsigned)(gt->width & 0xff) << 24 |
                 (uint64_t)(unsigned)(gt->height & 0xff) << 16 |
                 (uint64_t)(unsigned char)gt->start << 8 |
                 (uint64_t)(unsigned)(gt->invert != 0);

    return mix64(PDNP_KEY_SEED ^ w);
}

uint64_t
pdn_board_key(const pdn_board *b)
{
    return pdn_board_hash(b) ^ pdn_gametype_key(&b->gt);
}
