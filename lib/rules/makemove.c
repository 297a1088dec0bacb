/* SPDX-License-Identifier: MIT */
/* Making and unmaking a generated move on the position (and exporting it
 * as a public pdn_move): what perft, play and the draw tracker do after
 * movegen.c has listed the moves. */
#include <config.h>
#include "rules_private.h"

#include <string.h>

/* Order matters: the from square is emptied before the destination is
 * filled, since a circular capture ends where it started. */
void
pdnp_make(const pdn_board *b, pdnp_pos *p, const pdnp_mv *m, pdnp_undo *u)
{
    int side = p->turn, opp = side ^ 3, i;
    unsigned char piece = m->piece;

    memcpy(u->kcell, p->kcell, sizeof u->kcell);
    memcpy(u->kcount, p->kcount, sizeof u->kcount);
    u->second = p->second;
    p->sq[m->from] = PDNP_EMPTY;
    pdnp_bit_clear(p->occ[side], m->from);
    for (i = 0; i < m->ncap; i++) {
        int c = m->cap[i], v = m->capv[i];
        int cs = v & (PDNP_WHITE | PDNP_BLACK); /* Samoyed: either side */
        if ((v & PDNP_KING) && b->r.demote) {
            /* Northern: a man of its colour stays in the king's place */
            p->sq[c] = (unsigned char)cs;
            pdnp_bit_clear(p->kocc, c);
            p->nmen[cs]++;
            continue;
        }
        p->sq[c] = PDNP_EMPTY;
        pdnp_bit_clear(p->occ[cs], c);
        if (v & PDNP_KING)
            pdnp_bit_clear(p->kocc, c);
        else
            p->nmen[cs]--;
    }
    if (m->promotes) {
        piece |= PDNP_KING;
        p->nmen[side]--;
    }
    if (m->piece & PDNP_KING)
        pdnp_bit_clear(p->kocc, m->from);
    p->sq[m->to] = piece;
    pdnp_bit_set(p->occ[side], m->to);
    if (piece & PDNP_KING)
        pdnp_bit_set(p->kocc, m->to);
    if (b->r.king_limit) {
        /* Frisian: count the quiet moves the same king makes in a row. */
        if (m->ncap == 0 && (m->piece & PDNP_KING)) {
            if (p->kcount[side] > 0 && p->kcell[side] == m->from)
                p->kcount[side]++;
            else
                p->kcount[side] = 1;
            p->kcell[side] = m->to;
        } else {
            p->kcount[side] = 0;
        }
    }
    if (b->r.two_move && !p->second) {
        p->second = 1; /* the same side moves again */
        return;
    }
    p->second = 0;
    p->turn = (unsigned char)opp;
}

void
pdnp_unmake(const pdn_board *b, pdnp_pos *p, const pdnp_mv *m,
            const pdnp_undo *u)
{
    int side = m->piece & (PDNP_WHITE | PDNP_BLACK), i;

    p->sq[m->to] = PDNP_EMPTY;
    pdnp_bit_clear(p->occ[side], m->to);
    if (m->piece & PDNP_KING || m->promotes)
        pdnp_bit_clear(p->kocc, m->to);
    for (i = 0; i < m->ncap; i++) {
        int c = m->cap[i], v = m->capv[i];
        int cs = v & (PDNP_WHITE | PDNP_BLACK);
        p->sq[c] = (unsigned char)v;
        pdnp_bit_set(p->occ[cs], c);
        if (v & PDNP_KING) {
            pdnp_bit_set(p->kocc, c);
            if (b->r.demote)
                p->nmen[cs]--; /* the man make left there */
        } else {
            p->nmen[cs]++;
        }
    }
    if (m->promotes)
        p->nmen[side]++;
    p->sq[m->from] = m->piece;
    pdnp_bit_set(p->occ[side], m->from);
    if (m->piece & PDNP_KING)
        pdnp_bit_set(p->kocc, m->from);
    memcpy(p->kcell, u->kcell, sizeof u->kcell);
    memcpy(p->kcount, u->kcount, sizeof u->kcount);
    p->second = u->second;
    p->turn = (unsigned char)side;
}

void
pdnp_mv_export(const pdn_board *b, const pdnp_mv *m, pdn_move *out)
{
    int i;

    out->n = m->npath;
    out->ncaptured = m->ncap;
    out->promotes = m->promotes;
    if (m->ncap == 0) {
        out->path[0] = b->g.coord[m->from];
        out->path[1] = b->g.coord[m->to];
        return;
    }
    for (i = 0; i < m->npath; i++)
        out->path[i] = b->g.coord[m->path[i]];
    for (i = 0; i < m->ncap; i++)
        out->captured[i] = b->g.coord[m->cap[i]];
}
