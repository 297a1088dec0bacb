/* SPDX-License-Identifier: MIT */
/* Times the reader alone: reads every game of each file operand with
 * pdn_reader_next, as the tools do (from a FILE), and prints the CPU time,
 * the throughput and what was read. Usage: bench/parse [-n RUNS] FILE... */
#include <config.h>
#include "pdn/pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double
cpu_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Reads one file; adds its games, plies and bytes to the counters.
 * Returns 0, or -1 when the file cannot be opened. */
static int
read_file(const char *path, unsigned long *games, unsigned long *plies,
          unsigned long *bad, long *bytes)
{
    FILE *fp = fopen(path, "rb");
    pdn_reader *r;
    pdn_game *g;
    pdn_error err;
    int rc;

    if (fp == NULL) {
        perror(path);
        return -1;
    }
    r = pdn_reader_new_file(fp, path);
    if (r == NULL) {
        fclose(fp);
        return -1;
    }
    for (;;) {
        pdn_error_clear(&err);
        rc = pdn_reader_next(r, &g, &err);
        if (rc == 0)
            break;
        if (rc < 0)
            (*bad)++;
        if (g != NULL) {
            const pdn_node *n;
            (*games)++;
            for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
                (*plies)++;
            pdn_game_free(g);
        } else if (rc < 0 && err.code != PDN_OK &&
                   (err.code == PDN_ENOMEM || err.code == PDN_EIO)) {
            break;
        }
    }
    *bytes += ftell(fp);
    pdn_reader_free(r);
    fclose(fp);
    return 0;
}

int
main(int argc, char **argv)
{
    int runs = 5, i, k, first = 1;
    double best = 0;
    unsigned long games = 0, plies = 0, bad = 0;
    long bytes = 0;

    if (argc > 2 && strcmp(argv[1], "-n") == 0) {
        runs = atoi(argv[2]);
        first = 3;
    }
    if (first >= argc || runs < 1) {
        fprintf(stderr, "Usage: %s [-n RUNS] FILE...\n", argv[0]);
        return 2;
    }
    for (k = 0; k < runs; k++) {
        double t0 = cpu_ms(), t;

        games = plies = bad = 0;
        bytes = 0;
        for (i = first; i < argc; i++)
            if (read_file(argv[i], &games, &plies, &bad, &bytes) < 0)
                return 2;
        t = cpu_ms() - t0;
        if (k == 0 || t < best)
            best = t;
    }
    printf("%lu games (%lu with errors), %lu main-line plies, %ld bytes\n"
           "best of %d: %.2f ms CPU, %.1f MB/s\n",
           games, bad, plies, bytes, runs, best,
           best > 0 ? bytes / 1e6 / (best / 1e3) : 0.0);
    return 0;
}
