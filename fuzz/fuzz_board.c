/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the rules engine. Input: a variant byte, then an
 * optional FEN line, then move tokens. Each token is matched against the
 * legal moves and played (an unmatched token plays the move its first byte
 * selects), every legal move is formatted in every style; strict mode
 * checks that a formatted move matches back to itself and that the board's
 * FEN reads back to the same position. */
/* fuzz-needs: pdn_board_new pdn_board_moves pdn_board_match */
/* fuzz-needs: pdn_move_format pdn_movetext_parse */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

static const char *const types[] = {
    "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31",
    "40", "41", "98", "25,W,8,8,A0,0,G", "20,W,10,10,N1,0", "21,B,8,8,A0,0",
};
#define N_TYPES (sizeof types / sizeof types[0])
#define MAX_PLIES 200

static const unsigned flag_set[] = {PDN_MOVE_SHORT, PDN_MOVE_FULL,
                                    PDN_MOVE_NUMERIC, PDN_MOVE_ALGEBRAIC};

static void
format_all(const pdn_board *b, const pdn_movelist *l)
{
    char buf[256];
    size_t i, k, n;
    pdn_movetext mt;
    pdn_match m;

    for (i = 0; i < pdn_movelist_count(l); i++) {
        const pdn_move *mv = pdn_movelist_at(l, i);
        FUZZ_CHECK(mv->n >= 2 && mv->n <= PDN_PATH_MAX, "path %u",
                   (unsigned)mv->n);
        for (k = 0; k < sizeof flag_set / sizeof flag_set[0]; k++) {
            n = pdn_move_format(b, l, mv, flag_set[k], buf, sizeof buf);
            FUZZ_CHECK(n < sizeof buf && strlen(buf) == n, "length %zu", n);
            if (!fuzz_strict() || flag_set[k] == PDN_MOVE_ALGEBRAIC ||
                flag_set[k] == PDN_MOVE_NUMERIC)
                continue;
            FUZZ_CHECK(pdn_movetext_parse(buf, n, &mt) == 0, "'%s'", buf);
            pdn_board_match(b, l, &mt, &m);
            FUZZ_CHECK(m.status == PDN_MATCH_LEGAL, "'%s' status %d", buf,
                       m.status);
        }
    }
}

static void
check_fen(pdn_board *b)
{
    pdn_fen fen, back;
    pdn_board *copy;
    pdn_error err;
    char s1[2048], s2[2048];

    pdn_board_get_fen(b, &fen);
    pdn_fen_format(&fen, s1, sizeof s1);
    pdn_error_clear(&err);
    FUZZ_CHECK(pdn_fen_parse(s1, &back, &err) == 0, "'%s': %s", s1,
               err.text);
    copy = pdn_board_new(pdn_board_gametype(b), &err);
    if (copy == NULL)
        return;
    pdn_error_clear(&err);
    FUZZ_CHECK(pdn_board_set_fen(copy, &back, &err) == 0,
               "board FEN '%s' refused: %s", s1, err.text);
    pdn_board_get_fen(copy, &fen);
    pdn_fen_format(&fen, s2, sizeof s2);
    FUZZ_CHECK(strcmp(s1, s2) == 0, "'%s' became '%s'", s1, s2);
    pdn_board_free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l;
    pdn_error err;
    pdn_fen fen;
    pdn_movetext mt;
    pdn_match m;
    char *s, *p, *nl, *tok, *save = NULL;
    int ply = 0;

    if (size < 1)
        return 0;
    pdn_gametype_parse(types[data[0] % N_TYPES], &gt, NULL);
    s = fuzz_strdup(data + 1, size - 1);
    pdn_error_clear(&err);
    b = pdn_board_new(&gt, &err);
    l = pdn_movelist_new();
    if (b == NULL || l == NULL)
        goto done;
    p = s;
    nl = strchr(s, '\n');
    if (nl != NULL && memchr(s, ':', (size_t)(nl - s)) != NULL) {
        *nl = '\0';
        if (pdn_fen_parse(s, &fen, NULL) >= 0) {
            pdn_error_clear(&err);
            if (pdn_board_set_fen(b, &fen, &err) < 0) {
                FUZZ_CHECK(err.code != PDN_OK, "set_fen without code");
                pdn_board_reset(b);
            }
        }
        p = s + strlen(s) + 1;
    }
    for (tok = strtok_r(p, " \t\r\n", &save); tok != NULL && ply < MAX_PLIES;
         tok = strtok_r(NULL, " \t\r\n", &save), ply++) {
        size_t count;
        pdn_error_clear(&err);
        if (pdn_board_moves(b, l, &err) < 0)
            break;
        count = pdn_movelist_count(l);
        format_all(b, l);
        if (fuzz_strict() && ply % 8 == 0)
            check_fen(b);
        if (pdn_movetext_parse(tok, strlen(tok), &mt) == 0) {
            pdn_board_match(b, l, &mt, &m);
            pdn_reason_text(m.reason);
            if (m.status == PDN_MATCH_LEGAL) {
                pdn_board_apply(b, &m.move);
                continue;
            }
        }
        if (count == 0)
            break;
        pdn_board_apply(b, pdn_movelist_at(l, (unsigned char)tok[0] % count));
    }
    pdn_perft(b, 2, ply & 1, NULL, NULL);
done:
    pdn_movelist_free(l);
    pdn_board_free(b);
    free(s);
    return 0;
}
