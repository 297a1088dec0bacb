/* SPDX-License-Identifier: MIT */
/* Generates random legal games for the database benchmark (bench/db.sh):
 * each side plays a random legal move, preferring one after which the
 * opponent has no capture (tried in random order, the first safe one
 * taken), so that games look like play rather than a random walk and run
 * their course; a game ends when the side to move has no legal move (the
 * result from that: a loss, or a win in giveaway) or, drawn, after a ply
 * limit, after 24 king moves without capture, when only a few kings
 * remain, or when a draw rule ends it. Tags: Event, Site, Date, Round,
 * White, Black, Result, GameType, from a small roster of players and
 * events. Public API only.
 * Usage: bench/gengames [-g GAMETYPE] [-n GAMES] [-s SEED] > out.pdn */
#include <config.h>
#include "pdn/pdn.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t
rnd(void)
{
    uint64_t x = rng_state;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static unsigned
below(unsigned n)
{
    return (unsigned)((rnd() >> 33) % n);
}

/* 1 when, after m, the opponent has a capture. */
static int
unsafe(const pdn_board *b, const pdn_move *m, pdn_board *tmp, pdn_movelist *l)
{
    pdn_board_copy(tmp, b);
    pdn_board_apply(tmp, m);
    if (pdn_board_moves(tmp, l, NULL) != 0 || pdn_movelist_count(l) == 0)
        return 0;
    return pdn_movelist_at(l, 0)->ncaptured != 0;
}

/* The men and kings on b, in one pass over the board (pdn_board_count
 * makes a pass for each kind of piece: four passes a ply were half of
 * the generator's time). */
static void
material(const pdn_board *b, const pdn_gametype *gt, int *men, int *kings)
{
    int f, r;

    *men = *kings = 0;
    for (r = 0; r < gt->height; r++)
        for (f = 0; f < gt->width; f++) {
            int p = pdn_board_piece(b, PDN_COORD(f, r));

            *men += p == 'w' || p == 'b';
            *kings += p == 'W' || p == 'B';
        }
}

static const char *const names[] = {
    "Anders", "Baba Sy", "Chizhov", "Dybman", "Eggers", "Fabre",
    "Georgiev", "Hoogland", "Ivanov", "Jansen", "Koeperman", "Leclercq",
    "Murugov", "N'Diaye", "Oldebeuving", "Perez", "Quist", "Roozenburg",
    "Sijbrands", "Tinsley", "Usmanov", "Valneris", "Wiersma", "Zhou"};
static const char *const events[] = {
    "Club championship", "Open tournament", "National championship",
    "Friendly match", "Team league", "Blitz cup"};

int
main(int argc, char **argv)
{
    pdn_gametype gt;
    pdn_board *b, *tmp;
    pdn_movelist *l, *ol;
    pdn_drawstate *ds = pdn_drawstate_new();
    unsigned long games = 1000, g;
    const unsigned long max_plies = 160;
    char gts[64];
    int c;

    pdn_gametype_standard(20, &gt);
    while ((c = getopt(argc, argv, "g:n:s:")) != -1) {
        if (c == 'g' && pdn_gametype_by_name(optarg, &gt) != 0) {
            fprintf(stderr, "gengames: unknown game type '%s'\n", optarg);
            return 2;
        } else if (c == 'n') {
            games = strtoul(optarg, NULL, 10);
        } else if (c == 's') {
            rng_state = strtoull(optarg, NULL, 10) * 0x9E3779B97F4A7C15ULL + 1;
        } else if (c != 'g') {
            fprintf(stderr, "usage: gengames [-g GAMETYPE] [-n GAMES] "
                            "[-s SEED]\n");
            return 2;
        }
    }
    b = pdn_board_new(&gt, NULL);
    tmp = pdn_board_new(&gt, NULL);
    l = pdn_movelist_new();
    ol = pdn_movelist_new();
    if (b == NULL || tmp == NULL || l == NULL || ol == NULL || ds == NULL) {
        fprintf(stderr, "gengames: cannot make a board for this game type\n");
        return 2;
    }
    pdn_gametype_format(&gt, gts, sizeof gts);
    for (g = 1; g <= games; g++) {
        char moves[8192], mv[64];
        size_t len = 0;
        unsigned long ply = 0, quiet = 0;
        pdn_outcome out = PDN_OUTCOME_DRAW;
        unsigned w = below(24), k = (w + 1 + below(23)) % 24;

        pdn_board_reset(b);
        pdn_drawstate_start(ds, b);
        for (;;) {
            size_t n, i, start, pick, mvlen;
            int men, kings;

            material(b, &gt, &men, &kings);

            if (pdn_board_moves(b, l, NULL) != 0)
                break;
            n = pdn_movelist_count(l);
            if (n == 0) {
                out = pdn_outcome_no_move(&gt, pdn_board_turn(b));
                break;
            }
            if (ply >= max_plies || (men == 0 && kings <= 3) || quiet >= 24)
                break;
            /* a safe move if one comes in a few random tries */
            start = below((unsigned)n);
            pick = start;
            for (i = 0; i < n && i < 4; i++) {
                size_t j = (start + i) % n;

                if (!unsafe(b, pdn_movelist_at(l, j), tmp, ol)) {
                    pick = j;
                    break;
                }
            }
            pdn_move_format(b, l, pdn_movelist_at(l, pick), PDN_MOVE_SHORT,
                            mv, sizeof mv);
            mvlen = strlen(mv);
            if (len + mvlen + 16 >= sizeof moves)
                break;
            /* the move number and the move, written by hand: snprintf
             * was an eighth of the time */
            if (ply % 2 == 0) {
                char digits[24];
                unsigned long num = ply / 2 + 1;
                size_t nd = 0;

                if (ply)
                    moves[len++] = ' ';
                do {
                    digits[nd++] = (char)('0' + num % 10);
                    num /= 10;
                } while (num != 0);
                while (nd > 0)
                    moves[len++] = digits[--nd];
                moves[len++] = '.';
                moves[len++] = ' ';
            } else {
                moves[len++] = ' ';
            }
            memcpy(moves + len, mv, mvlen);
            len += mvlen;
            moves[len] = '\0';
            {
                const pdn_move *m = pdn_movelist_at(l, pick);
                int p = pdn_board_piece(b, m->path[0]);

                /* king moves without capture: the game is running out */
                quiet = m->ncaptured == 0 && (p == 'W' || p == 'B')
                            ? quiet + 1 : 0;
                pdn_board_apply(b, m);
                /* a draw rule that ends the game (FMJD's, ...) */
                if (pdn_drawstate_push(ds, b, m, NULL) > 0 &&
                    pdn_drawstate_info(ds)->automatic)
                    quiet = 1000;
            }
            ply++;
        }
        printf("[Event \"%s\"]\n[Site \"Bench\"]\n"
               "[Date \"%u.%02u.%02u\"]\n[Round \"%u\"]\n"
               "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n"
               "[GameType \"%s\"]\n\n",
               events[below(6)], 1950 + below(76), 1 + below(12),
               1 + below(28), 1 + below(11), names[w], names[k],
               pdn_outcome_result(out, &gt), gts);
        /* lines of at most about 80 columns */
        {
            size_t col = 0, i = 0;

            while (i < len) {
                size_t wl = strcspn(moves + i, " ");

                if (col != 0 && col + wl + 1 > 79) {
                    putchar('\n');
                    col = 0;
                } else if (col != 0) {
                    putchar(' ');
                    col++;
                }
                fwrite(moves + i, 1, wl, stdout);
                col += wl;
                i += wl + (moves[i + wl] == ' ');
            }
            printf("%s%s\n\n", col ? " " : "", pdn_outcome_result(out, &gt));
        }
    }
    pdn_board_free(b);
    pdn_board_free(tmp);
    pdn_movelist_free(l);
    pdn_movelist_free(ol);
    pdn_drawstate_free(ds);
    return fflush(stdout) != 0;
}
