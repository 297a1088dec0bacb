/* SPDX-License-Identifier: MIT */
/* pdn-test-engine: a small draughts engine over libpdn for the tests of
 * the engine client. It speaks Hub on its standard input and output and
 * searches a few plies by material (men 1, kings 3), so its scores move
 * and its lines are real; options make it misbehave from the Nth search
 * on (--after N):
 *   --illegal   answers a move that is not legal (1-2)
 *   --syntax    answers a move that is no move ("done move=hello")
 *   --silent    never answers a search (nor stop)
 *   --crash     aborts at the search
 *   --exit      exits with status 3 at the search
 *   --garbage   writes lines of random bytes and never answers
 *   --huge      writes a line of 4 MiB at the search
 *   --flood     writes info lines without end
 *   --no-hello  never answers hub
 *   --wrong-variant  declares International only
 *   --fuzz SEED answers every command with random protocol lines (and may
 *               exit), for the client's fuzz run
 * --max-depth N caps its search (default 4). */
#include <config.h>
#include <pdn/pdn.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { M_NONE, M_ILLEGAL, M_SYNTAX, M_SILENT, M_CRASH, M_EXIT, M_GARBAGE,
       M_HUGE, M_FLOOD };

static int mode = M_NONE, after = 1, wrong_variant = 0, no_hello = 0;
static int fuzz = 0, max_depth = 4;
static unsigned long rng = 1;
static unsigned long nodes;

static unsigned
rnd(unsigned n)
{
    rng = rng * 6364136223846793005UL + 1442695040888963407UL;
    return n ? (unsigned)((rng >> 33) % n) : 0;
}

static void
say(const char *s)
{
    fputs(s, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static int
eval(const pdn_board *b)
{
    int me = pdn_board_turn(b) == 'W';
    int w = pdn_board_count(b, 'w') + 3 * pdn_board_count(b, 'W');
    int k = pdn_board_count(b, 'b') + 3 * pdn_board_count(b, 'B');
    int v = me ? w - k : k - w;

    return pdn_board_gametype(b)->giveaway ? -v : v;
}

/* Negamax by material; the best line into pv (its length returned in
 * *npv). */
static int
search(pdn_board *b, int depth, pdn_move *pv, int *npv)
{
    pdn_movelist *l = pdn_movelist_new();
    pdn_move line[16];
    int best = -1000000, nline, i, n;

    nodes++;
    *npv = 0;
    if (l == NULL || pdn_board_moves(b, l, NULL) != 0)
        exit(4);
    n = (int)pdn_movelist_count(l);
    if (n == 0) {
        pdn_movelist_free(l);
        return pdn_board_gametype(b)->giveaway ? 10000 : -10000;
    }
    if (depth <= 0) {
        pdn_movelist_free(l);
        return eval(b);
    }
    for (i = 0; i < n; i++) {
        const pdn_move *m = pdn_movelist_at(l, i);
        int v;

        if (pdn_board_push(b, m, NULL) != 0)
            exit(4);
        v = -search(b, depth - 1, line, &nline);
        pdn_board_pop(b, NULL);
        if (v > best) {
            best = v;
            pv[0] = *m;
            memcpy(pv + 1, line, (size_t)nline * sizeof *line);
            *npv = nline + 1;
        }
    }
    pdn_movelist_free(l);
    return best;
}

/* Hub's pos=... into b. */
static int
set_position(pdn_board *b, const char *pos, const char *moves)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    char fen[sizeof "x:W:B" + 2 * 512], w[512] = "", k[512] = "";
    int n = pdn_square_count(gt), i;

    if ((int)strlen(pos) != n + 1)
        return -1;
    for (i = 1; i <= n; i++) {
        char c = pos[i], *s = c == 'w' || c == 'W' ? w : k;

        if (c == 'e')
            continue;
        if (c != 'w' && c != 'W' && c != 'b' && c != 'B')
            return -1;
        snprintf(s + strlen(s), 512 - strlen(s), "%s%s%d", s[0] ? "," : "",
                 c == 'W' || c == 'B' ? "K" : "", i);
    }
    snprintf(fen, sizeof fen, "%c:W%s:B%s", pos[0], w, k);
    if (pdn_board_set_fen_string(b, fen, NULL) < 0)
        return -1;
    while (moves != NULL && *moves) {
        size_t len;
        pdn_move m;

        while (*moves == ' ')
            moves++;
        len = strcspn(moves, " ");
        if (len == 0)
            break;
        if (pdn_engine_move_parse(b, moves, len, &m, NULL) != 0)
            return -1;
        pdn_board_apply(b, &m);
        moves += len;
    }
    return 0;
}

static void
misbehave(void)
{
    char buf[256];
    int i, j;

    switch (mode) {
    case M_SILENT:
        while (fgets(buf, sizeof buf, stdin) != NULL)
            ;
        exit(0);
    case M_CRASH:
        signal(SIGABRT, SIG_DFL);
        abort();
    case M_EXIT:
        exit(3);
    case M_GARBAGE:
        for (i = 0; i < 200; i++) {
            for (j = 0; j < 60; j++)
                buf[j] = (char)(1 + rnd(255));
            buf[60] = '\0';
            for (j = 0; j < 60; j++)
                if (buf[j] == '\n')
                    buf[j] = 'x';
            say(buf);
        }
        while (fgets(buf, sizeof buf, stdin) != NULL)
            ;
        exit(0);
    case M_HUGE:
        fputs("info pv=\"", stdout);
        for (i = 0; i < 4 * 1024 * 1024 / 8; i++)
            fputs("32-28 19", stdout);
        fflush(stdout);
        while (fgets(buf, sizeof buf, stdin) != NULL)
            ;
        exit(0);
    case M_FLOOD:
        for (;;)
            say("info depth=1 score=0.00 nodes=1");
    }
}

static void
fuzz_answer(const char *cmd, const pdn_board *b)
{
    static const char *const words[] = {
        "info", "done", "ready", "wait", "pong", "id", "param", "error",
        "done move=", "info pv=\"", "done move=32-28", "done move=1x2x3",
        "info score=nan depth=-1", "\"", "=", "done move=\"\"", "x"};
    char buf[512];
    int n = (int)rnd(4), i, j;

    for (i = 0; i < n; i++) {
        int k = 0, parts = 1 + (int)rnd(5);

        for (j = 0; j < parts && k < 400; j++) {
            int r = (int)rnd(4);

            if (r == 0)
                k += snprintf(buf + k, sizeof buf - k, "%s ",
                              words[rnd(sizeof words / sizeof *words)]);
            else if (r == 1)
                k += snprintf(buf + k, sizeof buf - k, "%u%c%u ",
                              rnd(60), "-x"[rnd(2)], rnd(60));
            else if (r == 2)
                k += snprintf(buf + k, sizeof buf - k, "%c",
                              (char)(1 + rnd(255)));
            else
                k += snprintf(buf + k, sizeof buf - k, "a=%u ", rnd(99));
        }
        buf[k] = '\0';
        for (j = 0; j < k; j++)
            if (buf[j] == '\n')
                buf[j] = ' ';
        say(buf);
    }
    if (rnd(60) == 0)
        exit((int)rnd(3));
    if (rnd(30) == 0)
        return;
    if (strncmp(cmd, "quit", 4) == 0)
        exit(0);
    if (strncmp(cmd, "hub", 3) == 0)
        say("wait");
    else if (strncmp(cmd, "init", 4) == 0)
        say("ready");
    else if (strncmp(cmd, "ping", 4) == 0)
        say("pong");
    else if (strncmp(cmd, "go", 2) == 0) {
        pdn_movelist *l = pdn_movelist_new();
        char mv[200], out[300];

        if (l != NULL && pdn_board_moves(b, l, NULL) == 0 &&
            pdn_movelist_count(l) > 0 && rnd(4) != 0) {
            pdn_engine_move_format(b, pdn_movelist_at(
                                          l, rnd((unsigned)
                                                 pdn_movelist_count(l))),
                                   mv, sizeof mv);
            snprintf(out, sizeof out, "%sdone move=%s%s",
                     rnd(3) ? "" : "info score=1.5 pv=\"1-2 x\"\n", mv,
                     rnd(3) ? "" : " ponder=1x2");
            say(out);
        } else
            say(words[rnd(sizeof words / sizeof *words)]);
        pdn_movelist_free(l);
    }
}

int
main(int argc, char **argv)
{
    pdn_gametype gt;
    pdn_board *b;
    char *line = NULL;
    size_t cap = 0;
    int depth = 1, searches = 0, i;

    signal(SIGPIPE, SIG_DFL);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (strcmp(a, "--illegal") == 0)
            mode = M_ILLEGAL;
        else if (strcmp(a, "--syntax") == 0)
            mode = M_SYNTAX;
        else if (strcmp(a, "--silent") == 0)
            mode = M_SILENT;
        else if (strcmp(a, "--crash") == 0)
            mode = M_CRASH;
        else if (strcmp(a, "--exit") == 0)
            mode = M_EXIT;
        else if (strcmp(a, "--garbage") == 0)
            mode = M_GARBAGE;
        else if (strcmp(a, "--huge") == 0)
            mode = M_HUGE;
        else if (strcmp(a, "--flood") == 0)
            mode = M_FLOOD;
        else if (strcmp(a, "--no-hello") == 0)
            no_hello = 1;
        else if (strcmp(a, "--wrong-variant") == 0)
            wrong_variant = 1;
        else if (strcmp(a, "--after") == 0 && i + 1 < argc)
            after = atoi(argv[++i]);
        else if (strcmp(a, "--max-depth") == 0 && i + 1 < argc)
            max_depth = atoi(argv[++i]);
        else if (strcmp(a, "--fuzz") == 0 && i + 1 < argc) {
            fuzz = 1;
            rng = strtoul(argv[++i], NULL, 10) * 2 + 1;
        } else if (strcmp(a, "hub") != 0) {
            fprintf(stderr, "pdn-test-engine: unknown argument '%s'\n", a);
            return 2;
        }
    }
    pdn_gametype_standard(20, &gt);
    b = pdn_board_new(&gt, NULL);
    if (b == NULL)
        return 4;
    while (getline(&line, &cap, stdin) > 0) {
        pdn_hub_line l;
        const char *v;

        line[strcspn(line, "\r\n")] = '\0';
        if (fuzz) {
            char *c = strdup(line);

            if (c != NULL && pdn_hub_line_parse(c, &l) == 0 &&
                strcmp(l.command, "pos") == 0 &&
                (v = pdn_hub_line_get(&l, "pos")) != NULL)
                (void)set_position(b, v, pdn_hub_line_get(&l, "moves"));
            free(c);
            fuzz_answer(line, b);
            continue;
        }
        if (pdn_hub_line_parse(line, &l) != 0)
            continue;
        if (strcmp(l.command, "hub") == 0) {
            if (no_hello)
                continue;
            say("id name=pdn-test-engine version=1.0 author=\"pdntools "
                "tests\"");
            say(wrong_variant ? "param name=variant value=normal type=enum "
                                "values=normal"
                              : "param name=variant value=normal type=enum "
                                "values=\"normal frisian losing bt english "
                                "russian brazilian italian pool czech\"");
            say("param name=threads value=1 type=int min=1 max=64");
            say("wait");
        } else if (strcmp(l.command, "set-param") == 0) {
            const char *name = pdn_hub_line_get(&l, "name");

            v = pdn_hub_line_get(&l, "value");
            if (name != NULL && v != NULL && strcmp(name, "variant") == 0) {
                pdn_gametype g2;

                if (strcmp(v, "frisian") == 0)
                    pdn_gametype_standard(40, &g2);
                else if (strcmp(v, "losing") == 0)
                    pdn_gametype_by_name("antidraughts", &g2);
                else if (strcmp(v, "bt") == 0)
                    pdn_gametype_by_name("breakthrough", &g2);
                else if (pdn_gametype_by_name(v, &g2) != 0)
                    pdn_gametype_standard(20, &g2);
                pdn_board_free(b);
                if ((b = pdn_board_new(&g2, NULL)) == NULL)
                    return 4;
            }
        } else if (strcmp(l.command, "init") == 0)
            say("ready");
        else if (strcmp(l.command, "ping") == 0)
            say("pong");
        else if (strcmp(l.command, "quit") == 0)
            break;
        else if (strcmp(l.command, "pos") == 0) {
            v = pdn_hub_line_get(&l, "pos");
            if (v == NULL ||
                set_position(b, v, pdn_hub_line_get(&l, "moves")) != 0)
                say("error message=\"bad position\"");
        } else if (strcmp(l.command, "level") == 0) {
            if ((v = pdn_hub_line_get(&l, "depth")) != NULL)
                depth = atoi(v);
        } else if (strcmp(l.command, "go") == 0) {
            pdn_move pv[16];
            char out[2048], mv[200];
            int npv, score, k, j;

            if (++searches >= after)
                misbehave();
            if (mode == M_ILLEGAL && searches >= after) {
                say("done move=1-2");
                continue;
            }
            if (mode == M_SYNTAX && searches >= after) {
                say("done move=hello");
                continue;
            }
            nodes = 0;
            score = search(b, depth < 1 ? 1 : depth > max_depth ? max_depth
                                                                : depth,
                           pv, &npv);
            k = snprintf(out, sizeof out, "info depth=%d score=%.2f "
                         "nodes=%lu pv=\"", depth, score / 1.0, nodes);
            {
                pdn_board *t = pdn_board_clone(b, NULL);

                for (j = 0; t != NULL && j < npv; j++) {
                    pdn_engine_move_format(t, &pv[j], mv, sizeof mv);
                    k += snprintf(out + k, sizeof out - k, "%s%s",
                                  j ? " " : "", mv);
                    pdn_board_apply(t, &pv[j]);
                }
                pdn_board_free(t);
            }
            snprintf(out + k, sizeof out - k, "\"");
            say(out);
            if (npv == 0) {
                say("error message=\"no move\"");
                continue;
            }
            pdn_engine_move_format(b, &pv[0], mv, sizeof mv);
            snprintf(out, sizeof out, "done move=%s", mv);
            say(out);
        }
    }
    free(line);
    pdn_board_free(b);
    return 0;
}
