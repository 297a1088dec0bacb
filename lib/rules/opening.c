/* SPDX-License-Identifier: MIT */
/* Openings: named openings and the ACF three-move ballots from the tables
 * in lib/openings (turned into C at build time by tsv2c.awk) and an
 * opening code for every variant.
 * A table entry is replayed once, on first use, to the hash of the
 * position after its moves; a game matches an entry when its position
 * after as many plies has that hash. A game that starts from a setup is
 * matched through the shortest sequence of plies from the initial
 * position that reaches the setup's position (a three-move ballot given
 * as a FEN). */
#include <config.h>
#include "core/pdn_private.h"
#include "pdn/opening.h"
#include "rules_private.h"

#include <pthread.h>
#include <string.h>

typedef struct entry {
    int type;
    const char *moves, *name, *name_en, *source; /* name NULL: a ballot */
    unsigned ballot;                             /* 0: none */
} entry;

static const entry table[] = {
#include "rules/opening-table.h"
};
#define TABLE_N (sizeof table / sizeof table[0])

/* Plies of a game looked at: the longest table entry must fit. */
#define PLIES_CAP 32
/* Setup search: at most this many positions (a three-move ballot needs
 * 302 in English checkers, four plies of International draughts about
 * ten thousand). */
#define SEARCH_NODES 50000

/* What replaying an entry gave: its plies and final hash; plies 0 when
 * its moves do not replay legally (check_opening tests that none is). */
static struct {
    unsigned plies;
    uint64_t hash;
} compiled[TABLE_N];
/* Per GameType of the tables: the longest entry and the plies at which
 * entries end (a bit each). */
#define TYPES_MAX 4
static struct {
    int type;
    unsigned longest;
    uint64_t ends;
} types[TYPES_MAX];
static size_t ntypes;
static int ready;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* Boards of the GameTypes met by pdn_opening_game, built once (under the
 * lock) and copied for each game: no geometry is built per game. */
#define BOARDS_MAX 8
static pdn_board *boards[BOARDS_MAX];
static size_t nboards;

/* Replays the moves of e from b's initial position; 0 plies when a move
 * is not legal or more than PLIES_CAP are written. -1 when memory runs
 * out. */
static int
compile_entry(const entry *e, pdn_board *b, pdn_movelist *l, unsigned *plies,
              uint64_t *hash, pdn_error *err)
{
    const char *s = e->moves, *t;
    pdn_movetext mt;
    pdn_match m;
    unsigned n = 0;
    int st;

    pdn_board_reset(b);
    *plies = 0;
    for (; *s; s = t) {
        while (*s == ' ')
            s++;
        for (t = s; *t && *t != ' '; t++)
            ;
        if (t == s)
            break;
        if (pdn_movetext_parse(s, (size_t)(t - s), &mt) != 0 ||
            n == PLIES_CAP)
            return 0;
        st = pdn_board_play(b, &mt, &m, l, err);
        if (st < 0)
            return -1;
        if (st != PDN_MATCH_LEGAL)
            return 0;
        n++;
    }
    *plies = n;
    *hash = pdn_board_hash(b);
    return 0;
}

static void
note_type(int type, unsigned plies)
{
    size_t k;

    for (k = 0; k < ntypes && types[k].type != type; k++)
        ;
    if (k == ntypes) {
        if (ntypes == TYPES_MAX)
            return;
        types[ntypes].type = type;
        types[ntypes].longest = 0;
        types[ntypes++].ends = 0;
    }
    if (plies > types[k].longest)
        types[k].longest = plies;
    types[k].ends |= UINT64_C(1) << plies;
}

/* Replays every entry (under the lock). -1 when memory runs out: the
 * next call tries again. */
static int
compile_all(pdn_error *err)
{
    pdn_gametype gt;
    pdn_board *b = NULL;
    pdn_movelist *l = pdn_movelist_new();
    size_t i;
    int type = -1, rc = 0;

    ntypes = 0;
    if (l == NULL)
        rc = -1;
    for (i = 0; rc == 0 && i < TABLE_N; i++) {
        if (table[i].type != type) {
            pdn_board_free(b);
            type = table[i].type;
            b = pdn_gametype_standard(type, &gt) == 0
                    ? pdn_board_new(&gt, err)
                    : NULL;
            if (b == NULL && err && err->code == PDN_ENOMEM)
                rc = -1;
        }
        compiled[i].plies = 0;
        if (b != NULL && compile_entry(&table[i], b, l, &compiled[i].plies,
                                       &compiled[i].hash, err) != 0)
            rc = -1;
        if (compiled[i].plies > 0)
            note_type(table[i].type, compiled[i].plies);
    }
    pdn_board_free(b);
    pdn_movelist_free(l);
    if (rc != 0)
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
    return rc;
}

static int
ensure_compiled(pdn_error *err)
{
    int rc = 0;

    pthread_mutex_lock(&lock);
    if (!ready) {
        rc = compile_all(err);
        ready = rc == 0;
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

size_t
pdn_opening_table_count(void)
{
    return TABLE_N;
}

const char *
pdn_opening_table_at(size_t i, int *type, const char **name,
                     const char **name_en, const char **source)
{
    if (i >= TABLE_N)
        return NULL;
    if (type)
        *type = table[i].type;
    if (name)
        *name = table[i].name;
    if (name_en)
        *name_en = table[i].name_en;
    if (source)
        *source = table[i].source;
    return table[i].moves;
}

unsigned
pdn_opening_table_ballot(size_t i)
{
    return i < TABLE_N ? table[i].ballot : 0;
}

/* Plies of the opening code: the three-move opening of English and
 * American checkers, two moves each elsewhere. */
static unsigned
code_plies(const pdn_gametype *gt)
{
    return gt->rules == 21 ? 3 : PDN_OPENING_PLIES_MAX;
}

/* Pieces on b, and whether one of them is a king. */
static int
count_pieces(const pdn_board *b, int *kings)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    int f, r, p, n = 0;

    *kings = 0;
    for (r = 0; r < gt->height; r++)
        for (f = 0; f < gt->width; f++)
            if ((p = pdn_board_piece(b, PDN_COORD(f, r))) != 0) {
                n++;
                *kings |= p == 'W' || p == 'B';
            }
    return n;
}

/* The setup search: plies from the initial position to a position with
 * the hash target, depth first, at most depth plies. */
typedef struct search {
    uint64_t target;
    int min_pieces;
    long nodes;
    pdn_move path[PDN_OPENING_PLIES_MAX];
    pdn_movelist *lists[PDN_OPENING_PLIES_MAX];
} search;

/* 1 found (path[0..depth-1] filled), 0 not, -1 out of memory. The
 * children are copies of b on the stack (depth is at most 4). */
static int
find(search *s, const pdn_board *b, unsigned ply, unsigned depth)
{
    pdn_movelist *l;
    pdn_board child;
    pdn_error e;
    size_t i;
    int kings, rc = 0;

    /* at full depth ply is one past the lists (ASan: a corners game set
     * up with every man still on the board) */
    if (ply == depth)
        return pdn_board_hash(b) == s->target;
    l = s->lists[ply];
    child = *b;
    if (++s->nodes > SEARCH_NODES || count_pieces(b, &kings) < s->min_pieces)
        return 0;
    pdn_error_clear(&e);
    if (pdn_board_moves(b, l, &e) != 0)
        return e.code == PDN_ENOMEM ? -1 : 0;
    for (i = 0; rc == 0 && i < pdn_movelist_count(l); i++) {
        child.pos = b->pos;
        pdn_board_apply(&child, pdn_movelist_at(l, i));
        s->path[ply] = *pdn_movelist_at(l, i);
        rc = find(s, &child, ply + 1, depth);
    }
    return rc;
}

/* The shortest sequence (up to max plies) from init to start's position
 * into path; its length, 0 when none was found, -1 out of memory. A
 * position with a king, or with fewer pieces than the initial one minus
 * one per ply, is not searched. */
static int
setup_prefix(const pdn_board *init, const pdn_board *start, unsigned max,
             pdn_move *path, pdn_error *err)
{
    search s;
    unsigned d, i;
    int kings, k0, n0 = count_pieces(init, &k0), n = count_pieces(start,
                                                                &kings);
    int rc = 0;

    if (kings || n < n0 - (int)max || n > n0)
        return 0;
    memset(&s, 0, sizeof s);
    s.target = pdn_board_hash(start);
    s.min_pieces = n;
    for (i = 0; i < max; i++)
        if ((s.lists[i] = pdn_movelist_new()) == NULL)
            rc = -1;
    for (d = 1; rc == 0 && d <= max; d++) {
        s.nodes = 0;
        rc = find(&s, init, 0, d);
        if (rc == 1) {
            memcpy(path, s.path, d * sizeof *path);
            rc = (int)d;
            break;
        }
    }
    for (i = 0; i < max; i++)
        pdn_movelist_free(s.lists[i]);
    if (rc < 0)
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
    return rc;
}

/* 1 when the table's entries for type apply to gt's games. */
static int
table_applies(int type, const pdn_gametype *gt)
{
    pdn_gametype std;

    return gt->rules == type && !gt->giveaway &&
           pdn_gametype_standard(type, &std) == 0 && gt->width == std.width &&
           gt->height == std.height && gt->start == std.start;
}

/* The plies worth replaying for gt's games: the code's and the longest
 * entry's that applies; *ends gets a bit for each ply at which such an
 * entry ends (its position's hash is needed). */
static unsigned
plies_needed(const pdn_gametype *gt, uint64_t *ends)
{
    unsigned n = code_plies(gt);
    size_t k;

    *ends = 0;
    for (k = 0; k < ntypes; k++)
        if (table_applies(types[k].type, gt)) {
            *ends |= types[k].ends;
            if (types[k].longest > n)
                n = types[k].longest;
        }
    return n;
}

/* Replays the sequence from init: the code from its first plies and the
 * hashes of its positions; then the longest table entry that matches. */
static int
classify_seq(pdn_board *b, const pdn_move *seq, unsigned n, pdn_opening *op,
             pdn_error *err)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    uint64_t hash[PLIES_CAP + 1], ends;
    pdn_movelist *l = pdn_movelist_new();
    unsigned i, k = code_plies(gt), need = plies_needed(gt, &ends);
    size_t len = 0, j;
    int type = -1, applies = 0;

    if (l == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    if (n > need)
        n = need;
    for (i = 0; i < n; i++) {
        if (i < k) {
            /* a quiet move's from and to are never ambiguous: the list of
             * legal moves is only needed for a capture */
            if (seq[i].ncaptured && pdn_board_moves(b, l, err) != 0) {
                pdn_movelist_free(l);
                return -1;
            }
            if (i > 0)
                op->code[len++] = ' ';
            len += pdn_move_format(b, seq[i].ncaptured ? l : NULL, &seq[i],
                                   PDN_MOVE_SHORT, op->code + len,
                                   sizeof op->code - len);
            if (len >= sizeof op->code)
                len = sizeof op->code - 1;
            op->code_plies = i + 1;
        }
        pdn_board_apply(b, &seq[i]);
        if (ends >> (i + 1) & 1)
            hash[i + 1] = pdn_board_hash(b);
    }
    pdn_movelist_free(l);
    for (j = 0; j < TABLE_N; j++) {
        if (table[j].type != type) /* the tables come a GameType at a time */
            applies = table_applies(type = table[j].type, gt);
        if (!applies || compiled[j].plies == 0 || compiled[j].plies > n ||
            !(ends >> compiled[j].plies & 1) ||
            hash[compiled[j].plies] != compiled[j].hash)
            continue;
        if (table[j].ballot)
            op->ballot = table[j].ballot;
        if (table[j].name && compiled[j].plies > op->plies) {
            op->plies = compiled[j].plies;
            op->name = table[j].name;
            op->name_en = table[j].name_en;
            op->source = table[j].source;
        }
    }
    return 0;
}

/* The same pieces on the same squares and the same side to move. */
static int
same_position(const pdnp_pos *a, const pdnp_pos *b)
{
    return a->turn == b->turn &&
           memcmp(a->occ, b->occ, sizeof a->occ) == 0 &&
           memcmp(a->kocc, b->kocc, sizeof a->kocc) == 0;
}

int
pdn_opening_classify(const pdn_board *start, const pdn_move *moves, size_t n,
                     pdn_opening *op, pdn_error *err)
{
    pdn_move seq[PLIES_CAP];
    pdn_board b = *start; /* a copy: no allocation, no geometry to build */
    unsigned pre = 0, total, i;
    int rc;

    memset(op, 0, sizeof *op);
    /* The towers variants: no opening table, and their stacks are not in
     * a board copied by value. */
    if (start->tw != NULL)
        return 0;
    if (ensure_compiled(err) != 0)
        return -1;
    b.pos = b.init;
    if (!same_position(&b.pos, &start->pos)) {
        rc = setup_prefix(&b, start, code_plies(&b.gt), seq, err);
        if (rc <= 0)
            return rc;
        pre = (unsigned)rc;
    }
    total = pre;
    for (i = 0; i < n && total < PLIES_CAP; i++)
        seq[total++] = moves[i];
    op->setup_plies = pre;
    return classify_seq(&b, seq, total, op, err);
}

/* A board of gt in its initial position into *out (a copy of the one kept
 * for gt); 0, 1 for the towers variants (no opening table, and their
 * stacks live outside the board, so it cannot be copied by value: *out
 * untouched), or -1 with *err. */
static int
board_of(const pdn_gametype *gt, pdn_board *out, pdn_error *err)
{
    pdn_board *b;
    size_t k;
    int rc = 0;

    pthread_mutex_lock(&lock);
    for (k = 0; k < nboards && !pdn_gametype_equal(&boards[k]->gt, gt); k++)
        ;
    if (k < nboards) {
        *out = *boards[k];
    } else if ((b = pdn_board_new(gt, err)) == NULL) {
        rc = -1;
    } else if (b->tw != NULL) {
        pdn_board_free(b);
        rc = 1;
    } else {
        *out = *b;
        if (nboards < BOARDS_MAX)
            boards[nboards++] = b;
        else
            pdn_board_free(b);
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

int
pdn_opening_game(const pdn_game *g, const pdn_gametype *gt, pdn_opening *op,
                 pdn_error *err)
{
    pdn_move moves[PLIES_CAP];
    const char *fen;
    const pdn_node *node;
    pdn_movelist *l;
    pdn_board board, *b;
    pdn_match m;
    pdn_fen f;
    size_t n = 0;
    int rc;

    if (g == NULL || gt == NULL || op == NULL) {
        pdn_error_clear(err);
        if (op != NULL)
            memset(op, 0, sizeof *op);
        return pdnp_error_arg(err, "pdn_opening_game",
                              g == NULL ? "g" : gt == NULL ? "gt" : "op");
    }
    fen = pdn_game_tag(g, "FEN");
    node = pdn_game_first(g);
    l = pdn_movelist_new();
    rc = board_of(gt, &board, err);
    memset(op, 0, sizeof *op);
    if (rc == 1) {
        pdn_movelist_free(l);
        return 0;
    }
    b = rc == 0 ? &board : NULL;
    rc = 0;
    if (b == NULL || l == NULL) {
        if (l == NULL)
            pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                           "out of memory");
        rc = -1;
    } else if (fen != NULL && (pdn_fen_parse(fen, &f, err) < 0 ||
                               pdn_board_set_fen(b, &f, err) != 0)) {
        rc = -1;
    } else if (node && pdn_node_setup(node) &&
               (pdn_fen_parse(pdn_node_setup(node), &f, err) < 0 ||
                pdn_board_set_fen(b, &f, err) != 0)) {
        rc = -1; /* a setup command before the first move */
    }
    if (rc == 0 && (rc = ensure_compiled(err)) == 0) {
        uint64_t ends;
        unsigned need = plies_needed(gt, &ends);

        for (; node && n < need && pdn_node_move(node) &&
               (n == 0 || pdn_node_setup(node) == NULL);
             node = pdn_node_next(node)) {
            rc = pdn_board_play(b, pdn_node_move(node), &m, l, err);
            if (rc != PDN_MATCH_LEGAL)
                break;
            moves[n++] = m.move;
        }
        /* back to the start: the FEN (or setup) again, or the initial
         * position */
        if (rc >= 0 && n > 0) {
            if (fen != NULL || (pdn_game_first(g) &&
                                pdn_node_setup(pdn_game_first(g))))
                pdn_board_set_fen(b, &f, NULL);
            else
                pdn_board_reset(b);
        }
        rc = rc < 0 ? -1 : pdn_opening_classify(b, moves, n, op, err);
    }
    pdn_movelist_free(l);
    return rc;
}
