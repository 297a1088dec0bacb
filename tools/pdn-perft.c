/* SPDX-License-Identifier: MIT */
/* pdn-perft: counts the leaf nodes of the move tree of any variant to a
 * given depth, to check the rules engine against published tables; -D
 * splits the last depth by first move. */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

const char tool_name[] = "pdn-perft";

#define DEFAULT_DEPTH 6
#define MAX_DEPTH 30

/* Adding an option: one line here, one branch in main. */
static const tool_option perft_options[] = {
    {"gametype", 'g', "GAMETYPE",
     "variant: a GameType number (20), a full GameType\n"
     "(20,W,10,10,N2,0) or a name (international,\n"
     "russian, frisian...); default 20"},
    {"fen", 'F', "FEN", "start from this position instead"},
    {"depth", 'd', "DEPTH", "count up to DEPTH plies (default 6, at most 30)"},
    {"divide", 'D', NULL, "divide: count the last depth per first move\n"
                          "(MOVE<TAB>COUNT lines, then total<TAB>COUNT)"},
    {"duplicates", 'u', NULL, "count each capture sequence, even those with\n"
                              "the same start, end and captured pieces\n"
                              "(default: such duplicates are one move)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline perft_cmdline = {
    "[OPTION]...",
    "Count the positions reached after every sequence of DEPTH moves\n"
    "(perft) from the initial position of a draughts variant, one\n"
    "line per depth: DEPTH<TAB>COUNT. Timings go to standard error.\n",
    perft_options, "", NULL,
    "\nExit status:\n"
    "  0  counts printed\n"
    "  2  usage error (bad option, unknown variant, bad FEN) or\n"
    "     system trouble (memory, write error)\n"};

static double
now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
timing(int depth, double secs, uint64_t nodes)
{
    fprintf(stderr, "%s: depth %d: %.3f s, %.0f nodes/s\n", tool_name, depth,
            secs, secs > 0 ? (double)nodes / secs : 0.0);
}

/* The count at depth into *n; 0, or -1 once the error is reported. */
static int
count(const pdn_board *b, int depth, int merge, uint64_t *n)
{
    pdn_error err;
    pdn_error_clear(&err);
    if (pdn_perft(b, depth, merge, n, &err) == 0)
        return 0;
    tool_error("%s", err.text);
    return -1;
}

/* The last depth, one line per first move. */
static int
divide(const pdn_board *b, int depth, int merge)
{
    pdn_error err;
    pdn_movelist *l = pdn_movelist_new();
    pdn_board *child;
    uint64_t total = 0, n;
    size_t i;
    char buf[256];
    double t0 = now();

    pdn_error_clear(&err);
    child = pdn_board_new(pdn_board_gametype(b), &err);
    if (l == NULL || child == NULL ||
        pdn_board_moves(b, l, &err) != 0) {
        tool_error("%s", err.code ? err.text : "memory exhausted");
        pdn_movelist_free(l);
        pdn_board_free(child);
        return TOOL_TROUBLE;
    }
    for (i = 0; i < pdn_movelist_count(l); i++) {
        const pdn_move *m = pdn_movelist_at(l, i);

        pdn_board_copy(child, b);
        pdn_board_apply(child, m);
        if (count(child, depth - 1, merge, &n) != 0) {
            pdn_movelist_free(l);
            pdn_board_free(child);
            return TOOL_TROUBLE;
        }
        total += n;
        pdn_move_format(b, l, m, PDN_MOVE_SHORT, buf, sizeof buf);
        printf("%s\t%llu\n", buf, (unsigned long long)n);
    }
    printf("total\t%llu\n", (unsigned long long)total);
    timing(depth, now() - t0, total);
    pdn_movelist_free(l);
    pdn_board_free(child);
    return TOOL_OK;
}

/* The start position: the variant's initial one, or the FEN. */
static pdn_board *
start_board(const pdn_gametype *gt, const char *fen_text)
{
    pdn_error err;
    pdn_board *b;
    pdn_fen fen;

    pdn_error_clear(&err);
    b = pdn_board_new(gt, &err);
    if (b == NULL) {
        tool_error("%s", err.code ? err.text : "memory exhausted");
        return NULL;
    }
    if (fen_text == NULL)
        return b;
    if (pdn_fen_parse(fen_text, &fen, &err) < 0 ||
        pdn_board_set_fen(b, &fen, &err) != 0) {
        tool_usage_error("invalid FEN: %s", err.text);
        pdn_board_free(b);
        return NULL;
    }
    return b;
}

int
main(int argc, char **argv)
{
    pdn_gametype gt;
    const char *fen = NULL;
    int c, d, depth = DEFAULT_DEPTH, div = 0, merge = 1, st;
    long v;
    pdn_board *b;

    pdn_gametype_standard(20, &gt);
    while ((c = tool_getopt(&perft_cmdline, NULL, argc, argv, &st)) != -1) {
        switch (c) {
        case 'g':
            if (tool_gametype_option(c, optarg, &gt) != 0)
                return TOOL_TROUBLE;
            break;
        case 'F':
            fen = optarg;
            break;
        case 'd':
            if (tool_number_option(c, optarg, 1, MAX_DEPTH, NULL, &v) != 0)
                return TOOL_TROUBLE;
            depth = (int)v;
            break;
        case 'D':
            div = 1;
            break;
        case 'u':
            merge = 0;
            break;
        }
    }
    if (st >= 0)
        return st;
    if (optind < argc)
        return tool_usage_error("extra operand '%s'", argv[optind]);
    b = start_board(&gt, fen);
    if (b == NULL)
        return TOOL_TROUBLE;
    st = TOOL_OK;
    if (div) {
        st = divide(b, depth, merge);
    } else {
        for (d = 1; d <= depth; d++) {
            double t0 = now();
            uint64_t n;
            int wr;

            if (count(b, d, merge, &n) != 0) {
                st = TOOL_TROUBLE;
                break;
            }
            printf("%d\t%llu\n", d, (unsigned long long)n);
            /* Show each depth as soon as it is known: deep counts take
             * minutes. A write error is reported with its cause (a full
             * disk: "No space left on device") and ends the count. */
            wr = tool_flush(tool_output_std());
            timing(d, now() - t0, n);
            if (wr != 0)
                break;
        }
    }
    pdn_board_free(b);
    return tool_finish(NULL, st);
}
