/* SPDX-License-Identifier: MIT */
/* pdn-match: one engine against another (Hub protocol), as cutechess-cli
 * runs them: openings from a PDN file, each played with both colours,
 * a depth, node or time limit per move, games ended by the variant's
 * rules as libpdn knows them (no legal move, automatic draw rules) or
 * adjudicated as a draw past a move limit; an engine that crashes, hangs
 * or plays an illegal move loses that game (its Termination tag says
 * how) and the match goes on. --adjudicate-score ends a game both
 * engines' scores agree is won, as cutechess-cli's resign adjudication.
 * The games are written as PDN, then a score table with the Elo
 * difference and its 95% margin. --concurrency N plays N games at once,
 * each with engines of its own. An engine may instead speak DXP over
 * TCP (--engine dxp://HOST:PORT, an engine that listens; --dxp-listen
 * PORT, one that connects): pdn-match is then the initiator of every
 * game, one game at a time. */
#include <config.h>
#include "common.h"
#include "engcmd.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char tool_name[] = "pdn-match";

enum { OPT_ENGINE = TOOL_LONG_OWN, OPT_ENGINE_DIR, OPT_PROTOCOL, OPT_DEPTH,
       OPT_NODES, OPT_MOVE_TIME, OPT_TIMEOUT, OPT_GAMES, OPT_OPENINGS,
       OPT_CONCURRENCY, OPT_MAX_PLIES, OPT_EVENT, OPT_PARAM, OPT_DXP_LISTEN,
       OPT_ADJ_SCORE, OPT_ADJ_MOVES };

static const tool_option match_options[] = {
    {"engine", OPT_ENGINE, "CMD", "an engine's command line (twice: the first\n"
                                  "and the second engine; split into words as\n"
                                  "the shell would, run without a shell)"},
    {"engine-dir", OPT_ENGINE_DIR, "DIR", "the working directory of the engine\n"
                                          "given before it (or of both, given\n"
                                          "once before either)"},
    {"protocol", OPT_PROTOCOL, "PROTO", "hub (default) or dxp: the protocol of\n"
                                        "the engine given before it (or of both,\n"
                                        "given before either); a DXP engine is\n"
                                        "--engine dxp://HOST:PORT (it listens)"},
    {"dxp-listen", OPT_DXP_LISTEN, "PORT", "an engine that speaks DXP and connects\n"
                                           "to 127.0.0.1 PORT (0: one the system\n"
                                           "chooses, said on standard error);\n"
                                           "stands for one --engine"},
    {"param", OPT_PARAM, "NAME=VALUE", "a parameter of both engines"},
    {"depth", OPT_DEPTH, "N", "search depth per move (default 4 when no\n"
                              "--nodes or --move-time)"},
    {"nodes", OPT_NODES, "N", "nodes per move"},
    {"move-time", OPT_MOVE_TIME, "SECS", "seconds per move"},
    {"timeout", OPT_TIMEOUT, "SECS", "seconds to wait for a move: past it the\n"
                                     "engine loses on time (default 60)"},
    {"games", OPT_GAMES, "N", "games to play (default: each opening twice,\n"
                              "or 2)"},
    {"openings", OPT_OPENINGS, "FILE", "a PDN file: each game's start and main\n"
                                       "line is an opening, played with both\n"
                                       "colours"},
    {"concurrency", OPT_CONCURRENCY, "N", "games played at once (default 1)"},
    {"max-plies", OPT_MAX_PLIES, "N", "adjudicate a draw after N plies\n"
                                      "(default 400)"},
    {"adjudicate-score", OPT_ADJ_SCORE, "MEN",
     "adjudicate a win when both engines' scores\n"
     "give one side MEN or more for\n"
     "--adjudicate-moves moves each"},
    {"adjudicate-moves", OPT_ADJ_MOVES, "N", "moves of each engine for\n"
                                            "--adjudicate-score (default 3)"},
    {"event-name", OPT_EVENT, "TEXT", "the Event tag (default \"pdn-match\")"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline match_cmdline = {
    "--engine CMD --engine CMD [OPTION]...\n"
    "  or:  pdn-match --engine CMD --dxp-listen PORT [OPTION]...",
    "Play games between two engines and write them as PDN, with a score\n"
    "table (wins, draws, losses, Elo difference).\n",
    match_options, "go", NULL,
    "\nThe score table goes to standard error, or to standard output when\n"
    "the games go to a file (-o).\n"
    "\nExit status:\n"
    "  0  the match was played (engine failures are lost games)\n"
    "  1  an opening could not be played, or no game ended normally\n"
    "  2  usage error or system trouble\n"};

/* An opening: the board after it (with its moves on the undo stack) and
 * the game holding its tags and moves. */
typedef struct opening {
    pdn_game *g;
    pdn_gametype gt;
    pdn_board *b;      /* the start position, its moves pushed */
    char *fen;         /* the FEN tag, or NULL */
} opening;

typedef struct game_out {
    char *text;        /* the PDN of the game */
    double score[2];   /* points of engine 1 and 2 (win 1, draw 0.5) */
    int done;
    int abnormal;      /* ended by a failure */
} game_out;

/* An engine that speaks DXP: where it listens (host, port) or the port
 * pdn-match listens on for it, and the connection. */
typedef struct dxpside {
    int on;
    int listen;
    char *host, *port;
    pdn_dxp *d;
} dxpside;

typedef struct match {
    engcmd eng[2];
    dxpside dx[2];
    double dxp_timeout;
    int dxp_minutes, dxp_moves;
    char *name[2];
    pdn_engine_limits lim;
    opening *op;
    size_t nop;
    pdn_gametype gt;   /* without openings */
    long games, max_plies;
    double adj_score;  /* men; 0: no score adjudication */
    long adj_moves;
    const char *event;
    char date[16];
    game_out *out;
    pthread_mutex_t lock;
    long next;
} match;

static char *
xstrdup(const char *s)
{
    char *d = strdup(s);

    if (d == NULL) {
        tool_error("out of memory");
        exit(TOOL_TROUBLE);
    }
    return d;
}

/* Reads the openings: 0, or -1 after reporting. */
static int
read_openings(match *m, const char *file, int have_gt)
{
    pdn_error err;
    pdn_reader *r = NULL;
    FILE *fp = fopen(file, "rb");
    pdn_game *g;
    int rc, bad = 0;

    if (fp == NULL) {
        tool_error("%s: cannot open: %s", file, strerror(errno));
        return -1;
    }
    r = pdn_reader_new_file(fp, file);
    if (r == NULL) {
        fclose(fp);
        tool_error("out of memory");
        return -1;
    }
    while ((rc = pdn_reader_next(r, &g, &err)) != 0) {
        opening o;
        const pdn_node *n;
        pdn_movelist *l;
        pdn_match mt;

        if (rc < 0) {
            tool_error("%s:%lu:%lu: error: %s (game %lu)", file, err.pos.line,
                       err.pos.column, err.text, err.game);
            pdn_game_free(g);
            bad = 1;
            continue;
        }
        memset(&o, 0, sizeof o);
        o.g = g;
        if (have_gt)
            o.gt = m->gt;
        else if (pdn_game_gametype(g, &m->gt, &o.gt, &err) < 0) {
            tool_error("%s: %s (game %lu)", file, err.text,
                       pdn_game_number(g));
            pdn_game_free(g);
            bad = 1;
            continue;
        }
        o.b = pdn_board_new(&o.gt, &err);
        l = pdn_movelist_new();
        if (o.b == NULL || l == NULL || pdn_game_start(g, o.b, &err) < 0) {
            tool_error("%s: %s (game %lu)", file, err.text,
                       pdn_game_number(g));
            pdn_board_free(o.b);
            pdn_movelist_free(l);
            pdn_game_free(g);
            bad = 1;
            continue;
        }
        if (pdn_game_tag(g, "FEN") != NULL)
            o.fen = xstrdup(pdn_game_tag(g, "FEN"));
        for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n)) {
            if (pdn_node_move(n) == NULL || pdn_node_setup(n) != NULL ||
                pdn_board_push_play(o.b, pdn_node_move(n), &mt, l, NULL) !=
                    PDN_MATCH_LEGAL) {
                pdn_pos p = pdn_node_pos(n);

                tool_error("%s:%lu:%lu: error: opening move '%s' cannot be "
                           "played (game %lu)", file, p.line, p.column,
                           pdn_node_text(n) ? pdn_node_text(n) : "?",
                           pdn_game_number(g));
                bad = 1;
                break;
            }
        }
        pdn_movelist_free(l);
        if (n != NULL) {
            pdn_board_free(o.b);
            pdn_game_free(g);
            free(o.fen);
            continue;
        }
        {
            opening *no = realloc(m->op, (m->nop + 1) * sizeof *no);

            if (no == NULL) {
                tool_error("out of memory");
                exit(TOOL_TROUBLE);
            }
            m->op = no;
            m->op[m->nop++] = o;
        }
    }
    pdn_reader_free(r);
    fclose(fp);
    if (m->nop == 0) {
        tool_error("%s: no opening that can be played", file);
        return -1;
    }
    return bad ? 1 : 0;
}

/* How a failure of the engine to move ends the game. */
static const char *
termination_of(const pdn_error *err)
{
    if (err->code == PDN_EILLEGAL || err->code == PDN_ESYNTAX ||
        err->code == PDN_EAMBIGUOUS)
        return "rules infraction";
    if (strstr(err->text, "no answer in") != NULL)
        return "time forfeit";
    return "abandoned";
}

/* The connection of DXP engine side, made once: 0, or -1 with *err. */
static int
dxp_ready(match *m, int side, pdn_error *err)
{
    dxpside *x = &m->dx[side];
    pdn_dxp_options o;

    if (x->d != NULL)
        return pdn_dxp_accept(x->d, err);
    pdn_dxp_options_init(&o);
    o.timeout = m->dxp_timeout;
    o.name = "pdn-match";
    x->d = pdn_dxp_connect(x->host, x->port, &o, err);
    return x->d != NULL ? 0 : -1;
}

/* GAMEEND's reason for the DXP engine of colour col: from the view of
 * its opponent, the side pdn-match played. */
static int
dxp_reason(pdn_outcome oc, const pdn_gametype *gt, int col)
{
    int win;

    if (oc == PDN_OUTCOME_UNKNOWN || oc == PDN_OUTCOME_BOTH_LOST)
        return PDN_DXP_UNKNOWN;
    win = pdn_outcome_winner(oc, gt);
    return win == col ? PDN_DXP_I_LOSE : win != 0 ? PDN_DXP_I_WIN
                                                  : PDN_DXP_DRAW;
}

/* Score adjudication: the plies in a row whose mover's score gave the
 * side of sign (1 White, -1 Black) at least the threshold. */
typedef struct adjudge {
    long plies;
    int sign;
} adjudge;

/* Notes a ply's score, from White's view (has 0: the engine gave none,
 * which breaks the run). */
static void
adjudge_note(adjudge *a, double threshold, int has, double white_score)
{
    int sign = white_score > 0 ? 1 : -1;

    if (threshold <= 0 || !has || fabs(white_score) < threshold) {
        a->plies = 0;
        return;
    }
    if (a->plies > 0 && a->sign == sign)
        a->plies++;
    else {
        a->sign = sign;
        a->plies = 1;
    }
}

/* Plays game k (0-based). */
static void
play(match *m, long k)
{
    game_out *go = &m->out[k];
    opening *op = m->nop ? &m->op[(k / 2) % (long)m->nop] : NULL;
    int swap = (int)(k % 2);   /* engine 1 has White in even games */
    pdn_gametype gt = op ? op->gt : m->gt;
    pdn_board *b = NULL;
    pdn_engine *e[2] = {NULL, NULL};
    pdn_game *g = pdn_game_new();
    pdn_error err;
    const char *term = "normal", *why = NULL;
    char whybuf[PDN_ERROR_TEXT_SIZE + 64], num[32];
    pdn_outcome oc = PDN_OUTCOME_UNKNOWN;
    size_t i;
    int side, accepted[2] = {0, 0};
    adjudge adj = {0, 0};

    if (g == NULL)
        return;
    b = op ? pdn_board_clone(op->b, &err) : pdn_board_new(&gt, &err);
    if (b == NULL) {
        pdn_game_free(g);
        return;
    }
    pdn_game_set_tag(g, "Event", m->event);
    pdn_game_set_tag(g, "Site", "pdn-match");
    pdn_game_set_tag(g, "Date", m->date);
    snprintf(num, sizeof num, "%ld", k + 1);
    pdn_game_set_tag(g, "Round", num);
    pdn_game_set_tag(g, "White", m->name[swap]);
    pdn_game_set_tag(g, "Black", m->name[!swap]);
    pdn_game_set_tag(g, "Result", "*");
    pdn_game_set_gametype(g, &gt);
    if (op != NULL && op->fen != NULL)
        pdn_game_set_tag(g, "FEN", op->fen);
    /* the opening's moves, from the start of the board's history */
    if (op != NULL) {
        pdn_board *t = pdn_board_clone(op->b, NULL);

        while (t != NULL && pdn_board_pop(t, NULL) == 0)
            ;
        for (i = 0; t != NULL && i < pdn_board_stack_size(op->b); i++) {
            const pdn_move *mv = pdn_board_stack_at(op->b, i);

            pdn_game_append_legal(g, t, mv, NULL);
            pdn_board_apply(t, mv);
        }
        pdn_board_free(t);
    }
    for (side = 0; side < 2; side++) {
        if (m->dx[side].on) {
            if (dxp_ready(m, side, &err) == 0 &&
                pdn_dxp_game_request(m->dx[side].d, b, side == swap ? 'W'
                                                                    : 'B',
                                     m->dxp_minutes, m->dxp_moves,
                                     &err) == 0) {
                const char *pn = pdn_dxp_peer_name(m->dx[side].d);

                accepted[side] = 1;
                if (pn[0] != '\0' && strcmp(pn, m->name[side]) != 0 &&
                    strcmp(pn, m->name[!side]) != 0) {
                    /* one game at a time: no other thread reads it */
                    free(m->name[side]);
                    m->name[side] = xstrdup(pn);
                }
                pdn_game_set_tag(g, side == swap ? "White" : "Black",
                                 m->name[side]);
                continue;
            }
        } else
            e[side] = engcmd_get(&m->eng[side], &gt, &err);
        if (e[side] == NULL) {
            /* it could not even start: it loses */
            int white = side == swap;

            oc = white == (gt.start == 'W') ? PDN_OUTCOME_SECOND
                                            : PDN_OUTCOME_FIRST;
            term = "abandoned";
            snprintf(whybuf, sizeof whybuf, "%s", err.text);
            why = whybuf;
            go->abnormal = 1;
            break;
        }
        if (e[side] != NULL)
            pdn_engine_new_game(e[side], NULL);
    }
    while (why == NULL) {
        pdn_status st;
        pdn_engine_result r;
        int white, who, rc;

        if (pdn_board_status(b, &st, &err) != 0) {
            why = err.text;
            term = "abandoned";
            break;
        }
        if (st.over) {
            oc = st.outcome;
            why = st.text ? st.text
                  : st.end == PDN_END_NO_MOVE ? "no legal move" : "rules";
            break;
        }
        if ((long)st.ply >= m->max_plies) {
            oc = PDN_OUTCOME_DRAW;
            term = "adjudication";
            why = "move limit";
            break;
        }
        if (m->adj_score > 0 && adj.plies >= 2 * m->adj_moves) {
            oc = (adj.sign > 0) == (gt.start == 'W') ? PDN_OUTCOME_FIRST
                                                     : PDN_OUTCOME_SECOND;
            term = "adjudication";
            snprintf(whybuf, sizeof whybuf, "score adjudication: both "
                     "engines gave %s %.2f men or more for %ld moves each",
                     adj.sign > 0 ? "White" : "Black", m->adj_score,
                     m->adj_moves);
            why = whybuf;
            break;
        }
        white = pdn_board_turn(b) == 'W';
        who = white ? swap : !swap;   /* the engine to move */
        if (m->dx[who].on) {
            double secs = 0;
            int reason = 0;

            memset(&r, 0, sizeof r);
            rc = pdn_dxp_read_move(m->dx[who].d, b, m->lim.timeout, &r.move,
                                   &secs, &reason, &err);
            r.time = secs;
            if (rc == 1) {
                /* it ended the game in a position the rules go on from */
                static const char *const said[] = {
                    "with no reason", "resigning", "claiming a draw",
                    "claiming a win"};

                oc = reason == PDN_DXP_DRAW ? PDN_OUTCOME_DRAW
                     : (pdn_board_turn(b) == gt.start) ? PDN_OUTCOME_SECOND
                                                       : PDN_OUTCOME_FIRST;
                if (reason != PDN_DXP_I_LOSE && reason != PDN_DXP_DRAW) {
                    term = "abandoned";
                    go->abnormal = 1;
                }
                snprintf(whybuf, sizeof whybuf, "the DXP engine ended the "
                         "game, %s", said[reason & 3]);
                why = whybuf;
                break;
            }
        } else
            rc = pdn_engine_search(e[who], b, &m->lim, &r, &err);
        if (rc != 0) {
            oc = (pdn_board_turn(b) == gt.start) ? PDN_OUTCOME_SECOND
                                                 : PDN_OUTCOME_FIRST;
            term = termination_of(&err);
            snprintf(whybuf, sizeof whybuf, "%s", err.text);
            why = whybuf;
            go->abnormal = 1;
            break;
        }
        adjudge_note(&adj, m->adj_score, !m->dx[who].on && r.has_score,
                     white ? r.score : -r.score);
        if (pdn_game_append_legal(g, b, &r.move, NULL) == NULL ||
            pdn_board_push(b, &r.move, &err) != 0) {
            why = "out of memory";
            term = "abandoned";
            break;
        }
        /* the move for a DXP opponent (the move's squares need only b's
         * GameType) */
        if (m->dx[!who].on && pdn_dxp_send_move(m->dx[!who].d, b, &r.move,
                                                 r.time, &err) != 0) {
            oc = (pdn_board_turn(b) == gt.start) ? PDN_OUTCOME_SECOND
                                                 : PDN_OUTCOME_FIRST;
            term = "abandoned";
            snprintf(whybuf, sizeof whybuf, "%s", err.text);
            why = whybuf;
            go->abnormal = 1;
            break;
        }
    }
    for (side = 0; side < 2; side++)
        if (accepted[side] && !pdn_dxp_failed(m->dx[side].d, NULL))
            pdn_dxp_game_end(m->dx[side].d,
                             dxp_reason(oc, &gt, side == swap ? 'W' : 'B'),
                             k == m->games - 1, NULL);
    pdn_game_set_tag(g, "Termination", term);
    if (why != NULL)
        pdn_game_add_comment(g, why);
    if (oc != PDN_OUTCOME_UNKNOWN) {
        const char *res = pdn_outcome_result(oc, &gt);
        int win = pdn_outcome_winner(oc, &gt);
        double ws = oc == PDN_OUTCOME_BOTH_LOST ? -1
                    : win == 'W' ? 1 : win == 'B' ? 0 : 0.5;

        pdn_game_set_tag(g, "Result", res);
        pdn_game_set_result(g, res);
        if (ws >= 0) {
            go->score[swap] = ws;
            go->score[!swap] = 1 - ws;
            go->done = 1;
        }
    } else
        pdn_game_set_result(g, "*");
    go->text = pdn_game_to_string(g, PDN_WRITE_KEEP_TAGS |
                                         PDN_WRITE_KEEP_RESULT, NULL, NULL);
    for (side = 0; side < 2; side++)
        engcmd_put(&m->eng[side], e[side], &gt);
    pdn_board_free(b);
    pdn_game_free(g);
}

static void *
worker(void *arg)
{
    match *m = arg;

    for (;;) {
        long k;

        pthread_mutex_lock(&m->lock);
        k = m->next++;
        pthread_mutex_unlock(&m->lock);
        if (k >= m->games)
            return NULL;
        play(m, k);
    }
}

/* The Elo difference of a score fraction p. */
static double
elo(double p)
{
    return -400 * log10(1 / p - 1);
}

static void
table(const match *m, FILE *f)
{
    double sum = 0, sq = 0, p, sd, lo, hi;
    long n = 0, w = 0, d = 0, l = 0, k;

    for (k = 0; k < m->games; k++) {
        const game_out *go = &m->out[k];

        if (!go->done)
            continue;
        n++;
        sum += go->score[0];
        sq += go->score[0] * go->score[0];
        if (go->score[0] == 1)
            w++;
        else if (go->score[0] == 0)
            l++;
        else
            d++;
    }
    fprintf(f, "%-24s %6s %6s %6s %6s %8s\n", "engine", "games", "wins",
            "draws", "losses", "score");
    fprintf(f, "%-24.24s %6ld %6ld %6ld %6ld %8.1f\n", m->name[0], n, w, d,
            l, sum);
    fprintf(f, "%-24.24s %6ld %6ld %6ld %6ld %8.1f\n", m->name[1], n, l, d,
            w, (double)n - sum);
    if (n == 0)
        return;
    p = sum / (double)n;
    sd = sqrt((sq / (double)n - p * p) / (double)n);
    if (p <= 0 || p >= 1) {
        fprintf(f, "Elo difference: %s (score %.1f%%)\n",
                p <= 0 ? "-inf" : "+inf", 100 * p);
        return;
    }
    lo = p - 1.96 * sd;
    hi = p + 1.96 * sd;
    if (lo <= 0 || hi >= 1)
        fprintf(f, "Elo difference: %.1f +/- inf (score %.1f%%)\n", elo(p),
                100 * p);
    else
        fprintf(f, "Elo difference: %.1f +/- %.1f (score %.1f%%, 95%%)\n",
                elo(p) + 0.0, (elo(hi) - elo(lo)) / 2 + 0.0, 100 * p);
}

/* HOST:PORT (HOST may be [an IPv6 address]) into new strings (none
 * when host is NULL): 0, or -1 when malformed. */
static int
dxp_address(const char *s, char **host, char **port)
{
    const char *colon;
    size_t hl;
    char *end;
    long p;

    if (s[0] == '[') {
        const char *close = strchr(s, ']');

        if (close == NULL || close[1] != ':')
            return -1;
        colon = close + 1;
        s++;
        hl = (size_t)(close - s);
    } else {
        colon = strrchr(s, ':');
        if (colon == NULL)
            return -1;
        hl = (size_t)(colon - s);
    }
    p = strtol(colon + 1, &end, 10);
    if (hl == 0 || colon[1] == '\0' || *end != '\0' || p < 1 || p > 65535)
        return -1;
    if (host == NULL)
        return 0;
    *host = xstrdup(s);
    (*host)[hl] = '\0';
    *port = xstrdup(colon + 1);
    return 0;
}

int
main(int argc, char **argv)
{
    static const char *const protos[] = {"hub", "dxp", NULL};
    match m;
    const char *cmd[2] = {NULL, NULL}, *dir[2] = {NULL, NULL}, *openings = NULL;
    static const char **params; /* reachable: no leak on a usage error */
    tool_output *out = tool_output_std();
    size_t np = 0;
    int c, st, rc, ncmd = 0, ndir = 0, have_gt = 0, conc = 1, side, bad = 0;
    int depth_set = 0, games_set = 0, proto[2] = {-1, -1}, listen_side = -1;
    int adj_moves_set = 0;
    const char *listen_port = NULL;
    long v, k;
    pthread_t *th;
    time_t now = time(NULL);
    struct tm tmv;

    memset(&m, 0, sizeof m);
    pdn_gametype_standard(20, &m.gt);
    m.max_plies = 400;
    m.adj_moves = 3;
    m.event = "pdn-match";
    params = calloc((size_t)argc + 1, sizeof *params);
    if (params == NULL)
        return TOOL_TROUBLE;
    while ((c = tool_getopt(&match_cmdline, NULL, argc, argv, &st)) != -1) {
        int b2 = 0;

        switch (c) {
        case 'g':
            b2 = tool_gametype_option(c, optarg, &m.gt);
            have_gt = 1;
            break;
        case 'o':
            b2 = tool_output_option(&out, c, optarg) < 0;
            break;
        case OPT_ENGINE:
            if (ncmd == 2)
                return tool_usage_error("--engine: given more than twice");
            cmd[ncmd++] = optarg;
            break;
        case OPT_ENGINE_DIR:
            if (ndir == 2 || ndir > ncmd)
                return tool_usage_error("--engine-dir: once per engine, "
                                        "after its --engine (or once before "
                                        "both)");
            if (ncmd == 0 && ndir == 0) {
                dir[0] = dir[1] = optarg;
                ndir = 2;
            } else {
                dir[ncmd - 1] = optarg;
                ndir++;
            }
            break;
        case OPT_PROTOCOL:
            if ((rc = tool_choice(c, optarg, protos)) < 0)
                return TOOL_TROUBLE;
            if (ncmd == 0)
                proto[0] = proto[1] = rc;
            else
                proto[ncmd - 1] = rc;
            break;
        case OPT_DXP_LISTEN:
            if (listen_port != NULL)
                return tool_usage_error("--dxp-listen: given twice");
            if (ncmd == 2)
                return tool_usage_error("--dxp-listen: two engines given "
                                        "already");
            b2 = tool_number_option(c, optarg, 0, 65535, NULL, &v);
            listen_port = optarg;
            listen_side = ncmd;
            cmd[ncmd++] = "";
            break;
        case OPT_PARAM:
            if (strchr(optarg, '=') == NULL)
                return tool_usage_error("--param: expected NAME=VALUE, not "
                                        "'%s'", optarg);
            params[np++] = optarg;
            break;
        case OPT_DEPTH:
            b2 = tool_number_option(c, optarg, 1, 99, NULL, &v);
            m.lim.depth = (int)v;
            depth_set = 1;
            break;
        case OPT_NODES:
            b2 = tool_number_option(c, optarg, 1, 2000000000L, NULL, &v);
            m.lim.nodes = (unsigned long long)v;
            break;
        case OPT_MOVE_TIME:
            b2 = tool_real_option("move-time", optarg, 0.001, 1e9,
                                  &m.lim.move_time);
            break;
        case OPT_TIMEOUT:
            b2 = tool_real_option("timeout", optarg, 0.01, 1e9,
                                  &m.lim.timeout);
            break;
        case OPT_GAMES:
            b2 = tool_number_option(c, optarg, 1, 1000000, NULL, &m.games);
            games_set = 1;
            break;
        case OPT_OPENINGS:
            openings = optarg;
            break;
        case OPT_CONCURRENCY:
            b2 = tool_number_option(c, optarg, 1, 256, NULL, &v);
            conc = (int)v;
            break;
        case OPT_MAX_PLIES:
            b2 = tool_number_option(c, optarg, 1, 100000, NULL, &m.max_plies);
            break;
        case OPT_EVENT:
            m.event = optarg;
            break;
        case OPT_ADJ_SCORE:
            b2 = tool_real_option("adjudicate-score", optarg, 0.01, 1e9,
                                  &m.adj_score);
            break;
        case OPT_ADJ_MOVES:
            b2 = tool_number_option(c, optarg, 1, 10000, NULL, &m.adj_moves);
            adj_moves_set = 1;
            break;
        }
        if (b2)
            return TOOL_TROUBLE;
    }
    if (st >= 0)
        return st;
    if (ncmd != 2)
        return tool_usage_error("--engine CMD is needed twice (or once with "
                                "--dxp-listen)");
    if (optind < argc)
        return tool_usage_error("no operand is read (openings: --openings)");
    if (adj_moves_set && m.adj_score <= 0)
        return tool_usage_error("--adjudicate-moves: needs "
                                "--adjudicate-score");
    if (!depth_set && m.lim.nodes == 0 && m.lim.move_time <= 0)
        m.lim.depth = 4;
    m.dxp_timeout = m.lim.timeout > 0 ? m.lim.timeout : 60;
    m.dxp_moves = (int)((m.max_plies + 1) / 2 > 999 ? 999
                                                    : (m.max_plies + 1) / 2);
    m.dxp_minutes = m.lim.move_time > 0
                        ? (int)(m.lim.move_time * m.dxp_moves / 60 + 0.5)
                        : 0;
    if (m.dxp_minutes > 999)
        m.dxp_minutes = 999;
    /* the DXP engines checked before anything is allocated */
    for (side = 0; side < 2; side++) {
        if (side == listen_side || strncmp(cmd[side], "dxp://", 6) == 0) {
            if (proto[side] == 0)
                return tool_usage_error("--protocol hub: the engine '%s' "
                                        "speaks DXP", side == listen_side
                                        ? "--dxp-listen" : cmd[side]);
            if (side != listen_side &&
                dxp_address(cmd[side] + 6, NULL, NULL) != 0)
                return tool_usage_error("--engine: expected dxp://HOST:PORT, "
                                        "not '%s'", cmd[side]);
            if (conc > 1)
                return tool_usage_error("--concurrency: a DXP engine plays "
                                        "one game at a time");
        } else if (proto[side] == 1)
            return tool_usage_error("--protocol dxp: expected --engine "
                                    "dxp://HOST:PORT or --dxp-listen PORT, "
                                    "not '%s'", cmd[side]);
    }
    for (side = 0; side < 2; side++) {
        const char *why, *s;
        dxpside *x = &m.dx[side];

        if (side == listen_side || strncmp(cmd[side], "dxp://", 6) == 0) {
            x->on = 1;
            if (side == listen_side) {
                x->listen = 1;
                x->host = xstrdup("127.0.0.1");
                x->port = xstrdup(listen_port);
                m.name[side] = xstrdup("dxp-engine");
            } else {
                dxp_address(cmd[side] + 6, &x->host, &x->port);
                m.name[side] = xstrdup(cmd[side]);
            }
            continue;
        }
        if (engcmd_split(cmd[side], &m.eng[side].argv, &why) != 0)
            return tool_usage_error("--engine: %s in '%s'", why, cmd[side]);
        m.eng[side].dir = dir[side];
        m.eng[side].params = params;
        m.eng[side].nparams = np;
        if (engcmd_init(&m.eng[side]) != 0)
            return TOOL_TROUBLE;
        s = strrchr(m.eng[side].argv[0], '/');
        m.name[side] = xstrdup(s ? s + 1 : m.eng[side].argv[0]);
    }
    if (strcmp(m.name[0], m.name[1]) == 0) {
        size_t n = strlen(m.name[0]) + 3;

        for (side = 0; side < 2; side++) {
            char *nn = malloc(n);

            if (nn == NULL)
                return TOOL_TROUBLE;
            snprintf(nn, n, "%s-%d", m.name[side], side + 1);
            free(m.name[side]);
            m.name[side] = nn;
        }
    }
    if (openings != NULL && (rc = read_openings(&m, openings, have_gt)) != 0) {
        if (rc < 0)
            return TOOL_PROBLEMS;
        bad = 1;
    }
    if (!games_set)
        m.games = m.nop ? 2 * (long)m.nop : 2;
    gmtime_r(&now, &tmv);
    strftime(m.date, sizeof m.date, "%Y.%m.%d", &tmv);
    m.out = calloc((size_t)m.games, sizeof *m.out);
    th = calloc((size_t)conc, sizeof *th);
    if (m.out == NULL || th == NULL)
        return TOOL_TROUBLE;
    if (tool_outputs_open(out, 0, NULL) != 0)
        return TOOL_TROUBLE;
    if (listen_side >= 0) {
        pdn_dxp_options o;
        pdn_error err;
        dxpside *x = &m.dx[listen_side];

        pdn_dxp_options_init(&o);
        o.timeout = m.dxp_timeout;
        o.name = "pdn-match";
        x->d = pdn_dxp_listen(x->host, x->port, &o, &err);
        if (x->d == NULL) {
            tool_error("--dxp-listen %s: %s", x->port, err.text);
            return TOOL_TROUBLE;
        }
        /* the line a script waits for before it starts the engine */
        fprintf(stderr, "%s: dxp: listening on %s port %d\n", tool_name,
                x->host, pdn_dxp_port(x->d));
        fflush(stderr);
    }
    pthread_mutex_init(&m.lock, NULL);
    if (conc > m.games)
        conc = (int)m.games;
    for (c = 0; c < conc; c++)
        if (pthread_create(&th[c], NULL, worker, &m) != 0) {
            tool_error("cannot start a thread");
            return TOOL_TROUBLE;
        }
    for (c = 0; c < conc; c++)
        pthread_join(th[c], NULL);
    st = TOOL_OK;
    for (k = 0; k < m.games; k++) {
        const char *t = m.out[k].text;

        if (t == NULL) {
            st = TOOL_TROUBLE;
            continue;
        }
        size_t tl = strlen(t);

        if (tool_write(out, t, tl) < 0 ||
            (tl < 2 || t[tl - 2] != '\n' ? tool_write(out, "\n", 1) : 0) <
                0) {
            st = TOOL_TROUBLE;
            break;
        }
    }
    tool_flush(out);
    table(&m, out != tool_output_std() ? stdout : stderr);
    for (side = 0; side < 2; side++) {
        if (!m.dx[side].on)
            engcmd_end(&m.eng[side]);
        engcmd_free(m.eng[side].argv);
        free(m.name[side]);
        pdn_dxp_free(m.dx[side].d);
        free(m.dx[side].host);
        free(m.dx[side].port);
    }
    for (k = 0; k < m.games; k++)
        free(m.out[k].text);
    for (k = 0; k < (long)m.nop; k++) {
        pdn_board_free(m.op[k].b);
        pdn_game_free(m.op[k].g);
        free(m.op[k].fen);
    }
    free(m.op);
    free(m.out);
    free(th);
    free(params);
    if (st == TOOL_OK && bad)
        st = TOOL_PROBLEMS;
    return tool_finish(NULL, st);
}
