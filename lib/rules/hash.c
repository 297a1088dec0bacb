/* SPDX-License-Identifier: MIT */
/* Position hashing: one fixed 64-bit key per (square, piece kind) and one
 * for the side to move, XORed together. The keys come from a fixed
 * formula, not from a random table, so a hash is the same on every run. */
#include <config.h>
#include "rules_private.h"

#define HASH_SEED UINT64_C(0x50444E2D48415348) /* "PDN-HASH" */

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

uint64_t
pdnp_hash_key(int coord, unsigned kind)
{
    return mix64(HASH_SEED + 4u * (unsigned)coord + kind);
}

uint64_t
pdnp_hash_side(void)
{
    return mix64(HASH_SEED + 1024);
}

uint64_t
pdnp_hash_turn(const pdnp_pos *p)
{
    return (p->turn == PDNP_BLACK ? pdnp_hash_side() : 0) ^
           (p->second ? mix64(HASH_SEED + 1025) : 0);
}

uint64_t
pdn_board_hash(const pdn_board *b)
{
    const pdnp_pos *p = &b->pos;
    uint64_t h = pdnp_hash_turn(p);
    int w;

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
    return h;
}
