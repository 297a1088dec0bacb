/* SPDX-License-Identifier: MIT */
/* engine-drive: runs the engine client of libpdn for the tests: starts
 * the program after "--", sets a variant, plays --searches moves from
 * the start (or --fen) asking the engine for each, and prints a line a
 * search ("move 32-28 score 0.00 depth 3 pv 3") or the error ("error
 * CODE: TEXT", exit 1). --loop N starts the engine N times (the fuzz
 * run: any error is fine, a crash or hang of the client is not). */
#include <config.h>
#include <pdn/pdn.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
run(char **argv, const char *dir, double timeout, size_t max_line,
    const char *variant, const char *fen, int depth, int searches,
    int quiet)
{
    pdn_engine_options o;
    pdn_engine_limits lim = {0, 0, 0, 0, 0};
    pdn_engine_result r;
    pdn_error err;
    pdn_gametype gt;
    pdn_engine *e;
    pdn_board *b;
    int i, rc = 0;

    pdn_engine_options_init(&o);
    o.argv = (const char *const *)argv;
    o.dir = dir;
    o.timeout = timeout;
    o.max_line = max_line;
    if (pdn_gametype_by_name(variant, &gt) != 0 &&
        pdn_gametype_parse(variant, &gt, NULL) < 0) {
        fprintf(stderr, "engine-drive: unknown variant %s\n", variant);
        return 2;
    }
    b = pdn_board_new(&gt, NULL);
    if (b == NULL || (fen && pdn_board_set_fen_string(b, fen, NULL) < 0))
        return 2;
    e = pdn_engine_start(&o, &err);
    if (e == NULL) {
        if (!quiet)
            printf("error %s: %s\n", pdn_code_name(err.code), err.text);
        pdn_board_free(b);
        return 1;
    }
    if (!quiet)
        printf("engine %s %s\n", pdn_engine_name(e), pdn_engine_version(e));
    if (pdn_engine_set_variant(e, &gt, &err) != 0) {
        if (!quiet)
            printf("error %s: %s\n", pdn_code_name(err.code), err.text);
        rc = 1;
    }
    lim.depth = depth;
    lim.timeout = timeout;
    for (i = 0; rc == 0 && i < searches; i++) {
        char mv[200];

        if (pdn_engine_search(e, b, &lim, &r, &err) != 0) {
            if (!quiet)
                printf("error %s: %s\n", pdn_code_name(err.code), err.text);
            rc = 1;
            break;
        }
        pdn_engine_move_format(b, &r.move, mv, sizeof mv);
        if (!quiet)
            printf("move %s score %.2f depth %d pv %zu\n", mv, r.score,
                   r.depth, r.npv);
        if (pdn_board_push(b, &r.move, NULL) != 0)
            break;
        {
            pdn_status st;

            if (pdn_board_status(b, &st, NULL) != 0 || st.over)
                break;
        }
    }
    if (rc == 0 && pdn_engine_failed(e, &err))
        rc = 1;
    pdn_engine_free(e);
    pdn_board_free(b);
    return rc;
}

int
main(int argc, char **argv)
{
    const char *dir = NULL, *variant = "international", *fen = NULL;
    double timeout = 10;
    size_t max_line = 0;
    int depth = 2, searches = 1, loop = 0, i;

    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (i + 1 >= argc)
            return 2;
        if (strcmp(argv[i], "--dir") == 0)
            dir = argv[++i];
        else if (strcmp(argv[i], "--timeout") == 0)
            timeout = atof(argv[++i]);
        else if (strcmp(argv[i], "--max-line") == 0)
            max_line = (size_t)atol(argv[++i]);
        else if (strcmp(argv[i], "--variant") == 0)
            variant = argv[++i];
        else if (strcmp(argv[i], "--fen") == 0)
            fen = argv[++i];
        else if (strcmp(argv[i], "--depth") == 0)
            depth = atoi(argv[++i]);
        else if (strcmp(argv[i], "--searches") == 0)
            searches = atoi(argv[++i]);
        else if (strcmp(argv[i], "--loop") == 0)
            loop = atoi(argv[++i]);
        else
            return 2;
    }
    if (i + 1 >= argc)
        return 2;
    argv += i + 1;
    if (loop > 0) {
        /* argv's last word is replaced by the run's number (--fuzz N) */
        int n, ok = 0, bad = 0, last = 0;
        char num[32];

        while (argv[last + 1] != NULL)
            last++;
        for (n = 0; n < loop; n++) {
            snprintf(num, sizeof num, "%d", n);
            argv[last] = num;
            if (run(argv, dir, timeout, max_line, variant, fen, depth,
                    searches, 1) == 0)
                ok++;
            else
                bad++;
        }
        printf("runs %d ok %d errors %d\n", loop, ok, bad);
        return 0;
    }
    return run(argv, dir, timeout, max_line, variant, fen, depth, searches,
               0);
}
