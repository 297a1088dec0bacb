/* SPDX-License-Identifier: MIT */
/* For the targets over a tool's own parsers (fuzz-sources: files of
 * tools/): the two reporting functions of the tool library those files
 * call, here silent (the target is one program; the tool library's
 * report.c and cmdline.c bring the whole driver with them). */
#ifndef PDN_FUZZ_TOOL_H
#define PDN_FUZZ_TOOL_H

#include "common.h"
#include "plies.h"

const char tool_name[] = "pdn-fuzz";

void
tool_error(const char *fmt, ...)
{
    (void)fmt;
}

int
tool_usage_error(const char *fmt, ...)
{
    (void)fmt;
    return TOOL_TROUBLE;
}

/* The GameTypes the targets place a parsed pattern on: every board size
 * and numbering the tools meet (10x10, 8x8 numeric and algebraic, 12x12,
 * 10x8, 8x10, a folk variant). */
static const char *const fuzz_gametypes[] = {
    "20", "21", "22", "23", "25", "26", "27,B,12,10,N0,1", "29", "30", "31",
    "40", "41", "20,W,10,10,N2,0", "25,W,8,8,A0,0,G"};

/* Calls fn(ud, c, m) with the board c after each legal first move m of
 * gt's start position. */
typedef void fuzz_move_fn(void *ud, const pdn_board *c, const pdn_move *m);

static void
fuzz_first_moves(const pdn_gametype *gt, fuzz_move_fn *fn, void *ud)
{
    pdn_board *b = pdn_board_new(gt, NULL);
    pdn_movelist *l = pdn_movelist_new();
    size_t k;

    if (b != NULL && l != NULL && pdn_board_moves(b, l, NULL) >= 0)
        for (k = 0; k < pdn_movelist_count(l); k++) {
            pdn_board *c = pdn_board_new(gt, NULL);

            if (c == NULL)
                continue;
            pdn_board_apply(c, pdn_movelist_at(l, k));
            fn(ud, c, pdn_movelist_at(l, k));
            pdn_board_free(c);
        }
    pdn_movelist_free(l);
    pdn_board_free(b);
}

#ifdef PDN_TOOLS_DB_PATTERN_H
/* db_pattern_match on board b's squares. */
static int
fuzz_pattern_on(const db_pattern *p, const pdn_board *b)
{
    db_squares sq;

    db_squares_of(b, sq);
    return db_pattern_match(p, sq);
}
#endif

#ifdef PDN_TOOLS_DB_MANOEUVRE_H
/* db_manoeuvre_match on board b's squares. */
static int
fuzz_manoeuvre_on(const db_manoeuvre *v, const pdn_board *b,
                  unsigned long ply, const pdn_move *m)
{
    db_squares sq;

    db_squares_of(b, sq);
    return db_manoeuvre_match(v, sq, ply, m);
}
#endif

#endif /* PDN_FUZZ_TOOL_H */
