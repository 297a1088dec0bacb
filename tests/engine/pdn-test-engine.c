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
 * --max-depth N caps its search (default 4); --score S reports the
 * score S (in men, its side's view) whatever it finds.
 * "pdn-test-engine dxp" speaks DXP instead, as the follower of the games
 * it is asked for: --connect HOST:PORT, or --listen PORT (a line "port N"
 * on standard output once it listens). The same options make it
 * misbehave at its Nth move (--illegal, --syntax, --silent, --garbage,
 * --huge: a message without end, --exit: it closes the connection,
 * --resign: GAMEEND "I lose", --claim: GAMEEND "I win"), --refuse
 * declines every game. Its own reading of the messages, not
 * libpdn's: the tests check one against the other. */
#include <config.h>
#include <pdn/pdn.h>

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { M_NONE, M_ILLEGAL, M_SYNTAX, M_SILENT, M_CRASH, M_EXIT, M_GARBAGE,
       M_HUGE, M_FLOOD, M_RESIGN, M_CLAIM };

static int mode = M_NONE, after = 1, wrong_variant = 0, no_hello = 0;
static int fuzz = 0, max_depth = 4;
static const char *fixed_score = NULL;
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

/* ---- DXP ---- */

static int dxp_fd = -1;
static int refuse = 0, playing = 0;

static void
dxp_put(const char *msg)
{
    size_t n = strlen(msg) + 1;

    while (n > 0) {
        ssize_t w = send(dxp_fd, msg, n, MSG_NOSIGNAL);

        if (w <= 0)
            exit(5);
        msg += w;
        n -= (size_t)w;
    }
}

/* The next message (NUL-ended) into msg; exits (7) when the peer
 * closes. */
static void
dxp_get(char *msg, size_t size)
{
    static char buf[4096];
    static size_t len;

    for (;;) {
        char *z = memchr(buf, '\0', len);
        ssize_t r;

        if (z != NULL) {
            size_t n = (size_t)(z - buf);

            snprintf(msg, size, "%s", buf);
            memmove(buf, z + 1, len - n - 1);
            len -= n + 1;
            return;
        }
        if (len == sizeof buf)
            exit(6);
        r = recv(dxp_fd, buf + len, sizeof buf - len, 0);
        if (r <= 0)
            exit(7); /* closed without a GAMEEND of stop code 1 */
        len += (size_t)r;
    }
}

static int
field(const char *s, int n)
{
    int v = 0, i;

    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + s[i] - '0';
    }
    return v;
}

/* GAMEREQ's position into b: 0, or -1. */
static int
dxp_position(pdn_board *b, const char *req)
{
    char fen[sizeof "x:W:B" + 2 * 200], w[200] = "", k[200] = "";
    const char *pos = req + 43;
    int i;

    if (req[42] == 'A') {
        pdn_gametype gt;
        pdn_board *s;

        pdn_gametype_standard(20, &gt);
        if ((s = pdn_board_new(&gt, NULL)) == NULL)
            return -1;
        pdn_board_fen_string(s, fen, sizeof fen);
        pdn_board_free(s);
        return pdn_board_set_fen_string(b, fen, NULL) < 0 ? -1 : 0;
    }
    if (req[42] != 'B' || strlen(pos) != 51)
        return -1;
    for (i = 1; i <= 50; i++) {
        char c = pos[i], *s = c == 'w' || c == 'W' ? w : k;

        if (c == 'e')
            continue;
        if (!strchr("wWzZ", c))
            return -1;
        snprintf(s + strlen(s), 200 - strlen(s), "%s%s%d", s[0] ? "," : "",
                 c == 'W' || c == 'Z' ? "K" : "", i);
    }
    snprintf(fen, sizeof fen, "%c:W%s:B%s", pos[0] == 'W' ? 'W' : 'B', w, k);
    return pdn_board_set_fen_string(b, fen, NULL) < 0 ? -1 : 0;
}

/* The legal move a MOVE names, or -1. */
static int
dxp_move_of(const pdn_board *b, const char *msg, pdn_move *m)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_movelist *l = pdn_movelist_new();
    int from = field(msg + 5, 2), to = field(msg + 7, 2);
    int nc = field(msg + 9, 2), found = 0, i, j;
    size_t k;

    if (l == NULL || pdn_board_moves(b, l, NULL) != 0 || nc < 0 ||
        strlen(msg) != 11 + 2 * (size_t)nc)
        return -1;
    for (k = 0; k < pdn_movelist_count(l); k++) {
        const pdn_move *c = pdn_movelist_at(l, k);
        int ok = pdn_coord_to_square(gt, c->path[0]) == from &&
                 pdn_coord_to_square(gt, c->path[c->n - 1]) == to &&
                 c->ncaptured == nc;

        for (i = 0; ok && i < nc; i++) {
            for (j = 0; j < nc; j++)
                if (pdn_coord_to_square(gt, c->captured[j]) ==
                    field(msg + 11 + 2 * i, 2))
                    break;
            ok = j < nc;
        }
        if (ok && found++ == 0)
            *m = *c;
    }
    pdn_movelist_free(l);
    return found == 1 ? 0 : -1;
}

/* Our move (or our misbehaviour) when it is our turn. */
static void
dxp_play(pdn_board *b, int *moves)
{
    pdn_move pv[16];
    char msg[128];
    int npv, k, i;

    if (++*moves >= after) {
        char junk[5000];

        switch (mode) {
        case M_ILLEGAL:
            dxp_put("M0000010200");
            return;
        case M_SYNTAX:
            dxp_put("Mhello");
            return;
        case M_SILENT:
            while (recv(dxp_fd, junk, sizeof junk, 0) > 0)
                ;
            exit(0);
        case M_EXIT:
            close(dxp_fd);
            exit(3);
        case M_GARBAGE:
            for (i = 0; i < 60; i++)
                junk[i] = (char)(1 + rnd(255));
            junk[60] = '\0';
            dxp_put(junk);
            return;
        case M_RESIGN:
        case M_CLAIM:
            dxp_put(mode == M_RESIGN ? "E10" : "E30");
            playing = 0;
            return;
        case M_HUGE:
            memset(junk, 'C', sizeof junk - 1);
            junk[sizeof junk - 1] = '\0';
            dxp_put(junk);
            return;
        }
    }
    nodes = 0;
    search(b, max_depth, pv, &npv);
    if (npv == 0) {
        dxp_put("E10"); /* no move: I lose */
        playing = 0;
        return;
    }
    k = snprintf(msg, sizeof msg, "M0001%02d%02d%02d",
                 pdn_coord_to_square(pdn_board_gametype(b), pv[0].path[0]),
                 pdn_coord_to_square(pdn_board_gametype(b),
                                     pv[0].path[pv[0].n - 1]),
                 pv[0].ncaptured);
    for (i = 0; i < pv[0].ncaptured; i++)
        k += snprintf(msg + k, sizeof msg - k, "%02d",
                      pdn_coord_to_square(pdn_board_gametype(b),
                                          pv[0].captured[i]));
    dxp_put(msg);
    pdn_board_apply(b, &pv[0]);
}

static int
dxp_main(const char *connect_to, const char *listen_port)
{
    struct addrinfo hints, *ai = NULL;
    char host[256], msg[4096];
    const char *port;
    pdn_gametype gt;
    pdn_board *b;
    int me = 0, moves = 0;

    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    if (connect_to != NULL) {
        const char *c = strrchr(connect_to, ':');

        if (c == NULL)
            return 2;
        snprintf(host, sizeof host, "%.*s", (int)(c - connect_to),
                 connect_to);
        port = c + 1;
        if (getaddrinfo(host, port, &hints, &ai) != 0)
            return 2;
        dxp_fd = socket(ai->ai_family, ai->ai_socktype, 0);
        if (dxp_fd < 0 || connect(dxp_fd, ai->ai_addr, ai->ai_addrlen) != 0)
            return 2;
    } else {
        struct sockaddr_in sa;
        socklen_t len = sizeof sa;
        int l = socket(AF_INET, SOCK_STREAM, 0), one = 1;

        memset(&sa, 0, sizeof sa);
        sa.sin_family = AF_INET;
        sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        sa.sin_port = htons((unsigned short)atoi(listen_port));
        setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (l < 0 || bind(l, (struct sockaddr *)&sa, sizeof sa) != 0 ||
            listen(l, 1) != 0 ||
            getsockname(l, (struct sockaddr *)&sa, &len) != 0)
            return 2;
        printf("port %d\n", ntohs(sa.sin_port));
        fflush(stdout);
        dxp_fd = accept(l, NULL, NULL);
        close(l);
        if (dxp_fd < 0)
            return 2;
    }
    if (ai != NULL)
        freeaddrinfo(ai);
    pdn_gametype_standard(20, &gt);
    if ((b = pdn_board_new(&gt, NULL)) == NULL)
        return 4;
    for (;;) {
        dxp_get(msg, sizeof msg);
        switch (msg[0]) {
        case 'R':
            /* R, version 2, name 32, colour, time 3, moves 3, A or B... */
            if (strlen(msg) < 43 || field(msg + 1, 2) != 1 ||
                (msg[35] != 'W' && msg[35] != 'Z') ||
                dxp_position(b, msg) != 0) {
                dxp_put("Apdn-test-engine                 1");
                break;
            }
            if (refuse) {
                dxp_put("Apdn-test-engine                 2");
                break;
            }
            dxp_put("Apdn-test-engine                 0");
            me = msg[35] == 'W' ? 'W' : 'B';
            playing = 1;
            if (pdn_board_turn(b) == me)
                dxp_play(b, &moves);
            break;
        case 'M': {
            pdn_move m;

            if (!playing || dxp_move_of(b, msg, &m) != 0) {
                dxp_put("Cerror: illegal move");
                close(dxp_fd);
                return 1;
            }
            pdn_board_apply(b, &m);
            if (playing && pdn_board_turn(b) == me)
                dxp_play(b, &moves);
            break;
        }
        case 'E':
            if (playing)
                dxp_put("E00");
            playing = 0;
            if (msg[2] == '1') {
                close(dxp_fd);
                pdn_board_free(b);
                return 0;
            }
            break;
        case 'B':
            dxp_put("K1");
            break;
        case 'C':
        case 'K':
            break;
        default:
            dxp_put("Cerror: unknown message");
            close(dxp_fd);
            return 1;
        }
    }
}

int
main(int argc, char **argv)
{
    pdn_gametype gt;
    pdn_board *b;
    char *line = NULL;
    size_t cap = 0;
    int depth = 1, searches = 0, i, dxp = 0;
    const char *connect_to = NULL, *listen_port = NULL;

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
        else if (strcmp(a, "--score") == 0 && i + 1 < argc)
            fixed_score = argv[++i];
        else if (strcmp(a, "dxp") == 0 && i == 1)
            dxp = 1;
        else if (strcmp(a, "--connect") == 0 && i + 1 < argc)
            connect_to = argv[++i];
        else if (strcmp(a, "--listen") == 0 && i + 1 < argc)
            listen_port = argv[++i];
        else if (strcmp(a, "--refuse") == 0)
            refuse = 1;
        else if (strcmp(a, "--resign") == 0)
            mode = M_RESIGN;
        else if (strcmp(a, "--claim") == 0)
            mode = M_CLAIM;
        else if (strcmp(a, "--fuzz") == 0 && i + 1 < argc) {
            fuzz = 1;
            rng = strtoul(argv[++i], NULL, 10) * 2 + 1;
        } else if (strcmp(a, "hub") != 0) {
            fprintf(stderr, "pdn-test-engine: unknown argument '%s'\n", a);
            return 2;
        }
    }
    if (dxp) {
        if ((connect_to == NULL) == (listen_port == NULL)) {
            fprintf(stderr, "pdn-test-engine: dxp needs --connect HOST:PORT "
                    "or --listen PORT\n");
            return 2;
        }
        return dxp_main(connect_to, listen_port);
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
            if (fixed_score != NULL)
                k = snprintf(out, sizeof out, "info depth=%d score=%s "
                             "nodes=%lu pv=\"", depth, fixed_score, nodes);
            else
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
