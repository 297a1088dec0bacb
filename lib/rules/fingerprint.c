/* SPDX-License-Identifier: MIT */
/* Game fingerprints (pdn/fingerprint.h): two 64-bit lanes, each absorbing
 * every word through the splitmix64 finaliser with its own seed, so that
 * the lanes are independent hashes of the same sequence. */
#include <config.h>
#include "rules_private.h"
#include <pdn/fingerprint.h>

#define FP_SEED0 UINT64_C(0x50444E2D46503030) /* "PDN-FP00" */
#define FP_SEED1 UINT64_C(0x50444E2D46503131) /* "PDN-FP11" */

static void
absorb(pdn_fingerprint *f, uint64_t w)
{
    f->h[0] = pdnp_mix64(f->h[0] ^ w);
    f->h[1] = pdnp_mix64(f->h[1] + (w ^ FP_SEED1) * UINT64_C(0xD6E8FEB86659FD93));
}

void
pdn_fingerprint_start(pdn_fingerprint *f, const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);

    f->h[0] = FP_SEED0;
    f->h[1] = FP_SEED1;
    absorb(f, (uint64_t)(unsigned)gt->rules << 32 |
                  (uint64_t)(unsigned)gt->giveaway << 24 |
                  (uint64_t)(unsigned char)gt->start << 16 |
                  (uint64_t)(unsigned)gt->width << 8 |
                  (uint64_t)(unsigned)gt->height);
    absorb(f, (uint64_t)(unsigned)gt->type << 8 | (uint64_t)(unsigned)gt->invert);
    absorb(f, pdn_board_hash(b));
}

void
pdn_fingerprint_move(pdn_fingerprint *f, const pdn_move *m)
{
    uint64_t taken = 0;
    unsigned i;

    /* the captured set, whatever the order of the jumps */
    for (i = 0; i < m->ncaptured; i++)
        taken += pdnp_mix64(FP_SEED0 + m->captured[i]);
    absorb(f, (uint64_t)m->path[0] << 16 | (uint64_t)m->path[m->n - 1] << 8 |
                  m->ncaptured);
    absorb(f, taken);
}

void
pdn_fingerprint_setup(pdn_fingerprint *f, const pdn_board *b)
{
    /* a marker no move word can take: a move's top bits are 0 */
    absorb(f, ~UINT64_C(0));
    absorb(f, pdn_board_hash(b));
}

int
pdn_fingerprint_equal(const pdn_fingerprint *a, const pdn_fingerprint *b)
{
    return a->h[0] == b->h[0] && a->h[1] == b->h[1];
}
