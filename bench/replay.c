/* SPDX-License-Identifier: MIT */
/* bench/replay: CPU time of reading a PDN file and replaying its games,
 * (a) parse only, (b) parse + replay with pdn_board_moves +
 * pdn_board_match + pdn_board_apply, (c) parse + replay with
 * pdn_board_play; -c also checks, ply by ply, that (b) and (c) agree.
 * -m MODE runs only that mode (0, 1 or 2; 3: pdn_board_play on games
 * parsed beforehand), e.g. under a profiler.
 *   bench/replay [-c] [-n RUNS] [-m MODE] FILE */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "pdn/pdn.h"

enum { MODE_PARSE, MODE_OLD, MODE_PLAY, MODE_CHECK };

typedef struct stats {
    unsigned long games, plies, stopped, mismatches;
} stats;

/* CPU time of this process in seconds: the machine is shared, so wall
 * time would measure the neighbours too. */
static double
cpu_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The game type as the tools find it, in short: the GameType tag, else
 * algebraic squares mean Russian, numbers above 32 International, else
 * English. */
static int
game_type(const pdn_game *g, pdn_gametype *gt)
{
    const char *tag = pdn_game_tag(g, "GameType");
    const pdn_node *n;
    int rules = 21;
    size_t i;

    if (tag != NULL)
        return pdn_gametype_parse(tag, gt, NULL) < 0 ? -1 : 0;
    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);
        if (mt == NULL)
            continue;
        if (mt->algebraic || mt->file_only) {
            rules = 25;
            break;
        }
        for (i = 0; i < mt->n; i++)
            if (mt->sq[i] > 32)
                rules = 20;
    }
    return pdn_gametype_standard(rules, gt);
}

static int
set_fen(pdn_board *b, const char *text)
{
    pdn_fen f;

    return text == NULL || (pdn_fen_parse(text, &f, NULL) >= 0 &&
                            pdn_board_set_fen(b, &f, NULL) == 0)
               ? 0
               : -1;
}

/* Same status, reason, count and (for a legal move) the same move. */
static int
same_match(const pdn_match *a, const pdn_match *b)
{
    const pdn_move *x = &a->move, *y = &b->move;

    if (a->status != b->status || a->reason != b->reason ||
        a->count != b->count)
        return 0;
    if (a->status != PDN_MATCH_LEGAL)
        return 1;
    return x->n == y->n && x->ncaptured == y->ncaptured &&
           x->promotes == y->promotes &&
           memcmp(x->path, y->path, x->n) == 0 &&
           memcmp(x->captured, y->captured, x->ncaptured) == 0;
}

/* Replays the main line of g; stops at the first move that is not one
 * legal move. */
static void
replay(const pdn_game *g, int mode, pdn_movelist *l, pdn_movelist *l2,
       stats *st)
{
    const pdn_node *n;
    pdn_gametype gt;
    pdn_board *b, *b2 = NULL;
    pdn_match m, m2;
    int rc;

    if (game_type(g, &gt) != 0 || (b = pdn_board_new(&gt, NULL)) == NULL) {
        st->stopped++;
        return;
    }
    if (mode == MODE_CHECK && (b2 = pdn_board_new(&gt, NULL)) == NULL)
        goto done;
    if (set_fen(b, pdn_game_tag(g, "FEN")) != 0)
        goto done;
    if (b2 != NULL)
        pdn_board_copy(b2, b);
    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);

        if (mt == NULL || set_fen(b, pdn_node_setup(n)) != 0)
            break;
        if (mode == MODE_OLD || mode == MODE_CHECK) {
            if (pdn_board_moves(b, l, NULL) != 0)
                break;
            rc = pdn_board_match(b, l, mt, &m);
            if (rc == PDN_MATCH_LEGAL)
                pdn_board_apply(b, &m.move);
        } else {
            rc = pdn_board_play(b, mt, &m, l, NULL);
        }
        if (b2 != NULL) {
            if (set_fen(b2, pdn_node_setup(n)) != 0)
                break;
            pdn_board_play(b2, mt, &m2, l2, NULL);
            if (!same_match(&m, &m2)) {
                fprintf(stderr, "game %lu: '%s' differs (%d/%d vs %d/%d)\n",
                        pdn_game_number(g), pdn_node_text(n), m.status,
                        m.reason, m2.status, m2.reason);
                st->mismatches++;
                break;
            }
        }
        if (rc != PDN_MATCH_LEGAL) {
            st->stopped++;
            break;
        }
        st->plies++;
    }
done:
    pdn_board_free(b2);
    pdn_board_free(b);
}

/* One pass over the file in memory. Returns the CPU seconds it took. */
static double
run(const char *buf, size_t len, int mode, stats *st)
{
    pdn_movelist *l = pdn_movelist_new(), *l2 = pdn_movelist_new();
    pdn_reader *r = pdn_reader_new_mem(buf, len, "bench");
    double t0 = cpu_now();
    pdn_game *g;
    int rc;

    memset(st, 0, sizeof *st);
    if (l == NULL || l2 == NULL || r == NULL) {
        fprintf(stderr, "replay: out of memory\n");
        exit(2);
    }
    while ((rc = pdn_reader_next(r, &g, NULL)) != 0) {
        if (g == NULL) {
            if (rc < 0)
                continue;
            break;
        }
        st->games++;
        if (mode != MODE_PARSE)
            replay(g, mode, l, l2, st);
        pdn_game_free(g);
    }
    t0 = cpu_now() - t0;
    pdn_reader_free(r);
    pdn_movelist_free(l);
    pdn_movelist_free(l2);
    return t0;
}

/* Replay alone, on games parsed beforehand (a bench may hold the whole
 * file; the tools never do): the rules side's ns/ply without the parse's
 * noise. Returns the best CPU seconds of runs for mode. */
static double
replay_only(pdn_game **games, size_t ngames, int mode, int runs,
            stats *st)
{
    pdn_movelist *l = pdn_movelist_new(), *l2 = pdn_movelist_new();
    double best = 1e30;
    size_t i;
    int k;

    if (l == NULL || l2 == NULL)
        exit(2);
    for (k = 0; k < runs; k++) {
        double t0 = cpu_now();
        memset(st, 0, sizeof *st);
        for (i = 0; i < ngames; i++)
            replay(games[i], mode, l, l2, st);
        t0 = cpu_now() - t0;
        if (t0 < best)
            best = t0;
    }
    pdn_movelist_free(l);
    pdn_movelist_free(l2);
    return best;
}

static pdn_game **
parse_all(const char *buf, size_t len, size_t *n)
{
    pdn_reader *r = pdn_reader_new_mem(buf, len, "bench");
    pdn_game **v = NULL, *g;
    size_t cap = 0;
    int rc;

    *n = 0;
    while (r != NULL && (rc = pdn_reader_next(r, &g, NULL)) != 0) {
        if (g == NULL) {
            if (rc < 0)
                continue;
            break;
        }
        if (*n == cap) {
            cap = cap ? cap * 2 : 1024;
            v = realloc(v, cap * sizeof *v);
            if (v == NULL)
                exit(2);
        }
        v[(*n)++] = g;
    }
    pdn_reader_free(r);
    return v;
}

static char *
slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    char *buf = NULL;
    long size;

    if (fp == NULL || fseek(fp, 0, SEEK_END) != 0 || (size = ftell(fp)) < 0 ||
        fseek(fp, 0, SEEK_SET) != 0 ||
        (buf = malloc((size_t)size + 1)) == NULL ||
        fread(buf, 1, (size_t)size, fp) != (size_t)size) {
        perror(path);
        exit(2);
    }
    fclose(fp);
    *len = (size_t)size;
    return buf;
}

int
main(int argc, char **argv)
{
    static const char *const names[] = {
        "parse only", "parse + moves/match/apply", "parse + pdn_board_play"};
    double best[3];
    int runs = 5, check = 0, only = -1, c, mode, i;
    stats st[3], ck;
    size_t len;
    char *buf;

    while ((c = getopt(argc, argv, "cn:m:")) != -1) {
        if (c == 'm')
            only = atoi(optarg);
        else if (c == 'c')
            check = 1;
        else if (c == 'n')
            runs = atoi(optarg) > 0 ? atoi(optarg) : 1;
        else
            return 2;
    }
    if (optind + 1 != argc) {
        fprintf(stderr, "usage: replay [-c] [-n RUNS] [-m MODE] FILE\n");
        return 2;
    }
    buf = slurp(argv[optind], &len);
    if (check) {
        run(buf, len, MODE_CHECK, &ck);
        printf("check: %lu games, %lu plies, %lu mismatches\n", ck.games,
               ck.plies, ck.mismatches);
        if (ck.mismatches != 0)
            return 1;
    }
    /* Best of runs, modes interleaved so that a busy moment hurts each
     * alike. */
    memset(st, 0, sizeof st);
    for (mode = 0; mode < 3; mode++)
        best[mode] = 1e30;
    for (i = 0; i < runs && only != 3; i++) {
        for (mode = 0; mode < 3; mode++) {
            double t;
            if (only >= 0 && mode != only && mode != 0)
                continue;
            t = run(buf, len, mode, &st[mode]);
            if (t < best[mode])
                best[mode] = t;
        }
    }
    printf("%s: %.2f MB, %lu games, %lu plies replayed (%lu games "
           "stopped early)\n",
           argv[optind], (double)len / 1e6, st[0].games, st[2].plies,
           st[2].stopped);
    if (st[1].plies != st[2].plies)
        printf("WARNING: the two replays played %lu and %lu plies\n",
               st[1].plies, st[2].plies);
    for (mode = 0; mode < 3; mode++) {
        if (best[mode] > 1e29)
            continue;
        printf("  %-28s %8.1f ms %8.1f MB/s", names[mode],
               best[mode] * 1e3, (double)len / 1e6 / best[mode]);
        if (mode > 0 && st[mode].plies > 0)
            printf("  replay %6.1f ns/ply",
                   (best[mode] - best[0]) * 1e9 / (double)st[mode].plies);
        printf("\n");
    }
    if (only < 0 || only == 3) {
        pdn_game **games;
        size_t ngames, k;
        stats s1, s2;
        double t1, t2;

        games = parse_all(buf, len, &ngames);
        t1 = only == 3 ? 0 : replay_only(games, ngames, MODE_OLD, runs, &s1);
        t2 = replay_only(games, ngames, MODE_PLAY, runs, &s2);
        printf("  replay only (parsed before): moves/match/apply %.1f "
               "ns/ply, pdn_board_play %.1f ns/ply\n",
               t1 * 1e9 / (double)(s1.plies ? s1.plies : 1),
               t2 * 1e9 / (double)(s2.plies ? s2.plies : 1));
        for (k = 0; k < ngames; k++)
            pdn_game_free(games[k]);
        free(games);
    }
    free(buf);
    return 0;
}
