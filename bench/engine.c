/* SPDX-License-Identifier: MIT */
/* bench/engine: time in the engine client per move. Plays games of up to
 * 200 plies from the start of International draughts with the engine
 * after "--" (the engine moving for both sides, its history sent with
 * each position), SEARCHES searches in all at depth DEPTH, and prints the
 * wall time per move and the client's own CPU time per move (this
 * process's user + system time: the positions written, the lines read
 * and parsed, every move checked through the rules engine and the pv
 * read), and the client's share of the wall time.
 * Usage: bench/engine SEARCHES DEPTH [DIR] -- PROGRAM ARGS... */
#include <config.h>
#include <pdn/pdn.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double
cpu(void)
{
    struct rusage ru;

    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static double
wall(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
    pdn_engine_options o;
    pdn_engine_limits lim = {0, 0, 0, 0, 0};
    pdn_engine_result r;
    pdn_error err;
    pdn_gametype gt;
    pdn_engine *e;
    pdn_board *b;
    long n, searches;
    int i = 3;
    double c0, w0, c, w;

    if (argc < 5)
        return 2;
    searches = atol(argv[1]);
    lim.depth = atoi(argv[2]);
    pdn_engine_options_init(&o);
    if (strcmp(argv[3], "--") != 0)
        o.dir = argv[i++];
    if (strcmp(argv[i], "--") != 0)
        return 2;
    o.argv = (const char *const *)(argv + i + 1);
    pdn_gametype_standard(20, &gt);
    b = pdn_board_new(&gt, NULL);
    e = pdn_engine_start(&o, &err);
    if (b == NULL || e == NULL) {
        fprintf(stderr, "bench/engine: %s\n", e ? "no board" : err.text);
        return 1;
    }
    c0 = cpu();
    w0 = wall();
    for (n = 0; n < searches; n++) {
        pdn_status st;

        if (pdn_engine_search(e, b, &lim, &r, &err) != 0) {
            fprintf(stderr, "bench/engine: %s\n", err.text);
            return 1;
        }
        pdn_board_push(b, &r.move, NULL);
        if (pdn_board_status(b, &st, NULL) != 0 || st.over ||
            pdn_board_stack_size(b) >= 200) {
            pdn_board_reset(b);
            pdn_engine_new_game(e, NULL);
        }
    }
    c = cpu() - c0;
    w = wall() - w0;
    printf("%-20s depth %2d %6ld moves: %8.1f us wall/move, client %6.1f us "
           "CPU/move (%.1f%% of the wall time)\n",
           pdn_engine_name(e), lim.depth, searches, w / searches * 1e6,
           c / searches * 1e6, 100 * c / w);
    pdn_engine_free(e);
    pdn_board_free(b);
    return 0;
}
