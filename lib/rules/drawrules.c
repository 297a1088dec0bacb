/* SPDX-License-Identifier: MIT */
/* Draw rules and the end of the game per variant: repetition counts by
 * position hash, plies without a capture or man move, and the endgame
 * counters of the FMJD, Russian and Frisian rules (man/pdn-rules.7 gives
 * each rule, its source and the decisions taken where sources differ). */
#include <config.h>
#include "core/pdn_private.h"
#include "rules_private.h"

#include <stdlib.h>
#include <string.h>

/* Which endgame rules a variant has. */
enum { EG_NONE = 0, EG_FMJD, EG_RUSSIAN, EG_FRISIAN };

typedef struct drawspec {
    unsigned char rep_auto;    /* repetition ends the game (else a claim) */
    unsigned char endgame;     /* EG_* */
    unsigned short kings;      /* kings-only plies that draw, 0 none */
    unsigned short forty;      /* English 40-move claim, in plies */
    const char *kings_text;
} drawspec;

/* Material: men and kings per side (index 1 White, 2 Black). */
typedef struct material {
    unsigned men[3], kings[3];
} material;

struct pdn_drawstate {
    drawspec spec;
    pdn_drawinfo info;
    uint64_t *hist;            /* hashes since the last irreversible ply
                                * (from hist[hbase]; before it, with keep,
                                * those of earlier stretches) */
    size_t nhist, cap, hbase;
    unsigned long hist_ply;    /* ply of hist[hbase] */
    int keep;                  /* keep earlier stretches (board undo) */
    material mat;
    unsigned char sq[256];     /* the position by coord: kind + 1, 0 */
    uint64_t turnkey;          /* the hash's side-to-move part */
    unsigned long mat_ply;     /* ply at which mat last changed */
    unsigned long fam_ply;     /* FMJD: entered lone king vs <= 3 */
    unsigned long five_ply;    /* FMJD: entered lone king vs <= 2 */
    int fam, five;
};

static const char *const rule_names[PDN_DRAW_RULE_COUNT] = {
    "none", "repetition", "kings-moves", "endgame", "forty-moves"
};

const char *
pdn_draw_rule_name(int rule)
{
    if (rule < 0 || rule >= PDN_DRAW_RULE_COUNT)
        return "none";
    return rule_names[rule];
}

/* The rules of a GameType. Giveaway games and the variants whose rule
 * books were not researched have the repetition claim only. */
static drawspec
spec_for(const pdn_gametype *gt)
{
    drawspec s = {0, EG_NONE, 0, 0, NULL};

    /* The towers variants, Stavropol: no draw rule in their rule texts. */
    if (gt->giveaway || gt->folk == PDN_FOLK_TOWERS ||
        gt->folk == PDN_FOLK_LASKA || gt->folk == PDN_FOLK_STAVROPOL)
        return s;
    switch (gt->rules) {
    case 20: /* International: FMJD article 6 */
    case 26: /* Brazilian: the FMJD rules on 64 squares */
        s.rep_auto = 1;
        s.endgame = EG_FMJD;
        s.kings = 50;
        s.kings_text = "25 moves by each side with kings only and no "
                       "capture (FMJD 6.2)";
        break;
    case 25: /* Russian */
        s.rep_auto = 1;
        s.endgame = EG_RUSSIAN;
        s.kings = 30;
        s.kings_text = "15 moves by each side with kings only and no "
                       "capture (Russian rules)";
        break;
    case 40: /* Frisian */
        s.rep_auto = 1;
        s.endgame = EG_FRISIAN;
        break;
    case 21: /* English: WCDF/EDA, both claims */
        s.forty = 80;
        break;
    default:
        break;
    }
    return s;
}

pdn_drawstate *
pdn_drawstate_new(void)
{
    pdn_drawstate *d = calloc(1, sizeof *d);

    return d;
}

void
pdn_drawstate_free(pdn_drawstate *d)
{
    if (d == NULL)
        return;
    free(d->hist);
    free(d);
}

/* The kind of a cell's content for pdnp_hash_key, plus one (0: empty),
 * by cell content (colour bits, PDNP_KING; padding and marks give 0 or
 * are masked off): 1 white man, 2 black man, 3 white king, 4 black king. */
static const unsigned char kinds[8] = { 0, 1, 2, 0, 0, 3, 4, 0 };

static unsigned char
kind_of(unsigned v)
{
    return kinds[v & (PDNP_WHITE | PDNP_BLACK | PDNP_KING)];
}

/* Counts a piece of kind k + 1 in (dir 1) or out (dir -1) of m. */
static void
count(material *m, unsigned k, int dir)
{
    unsigned side = (k - 1) % 2 + 1;

    if (k == 0)
        return;
    if (k > 2)
        m->kings[side] += (unsigned)dir;
    else
        m->men[side] += (unsigned)dir;
}

/* Copies b's pieces into d's mirror (by coord) and counts them. */
static void
mirror(pdn_drawstate *d, const pdn_board *b)
{
    int i;

    memset(d->sq, 0, sizeof d->sq);
    memset(&d->mat, 0, sizeof d->mat);
    for (i = 0; i < b->g.nplay; i++) {
        int c = b->g.play[i];
        unsigned char k = kind_of(b->pos.sq[c]);

        d->sq[b->g.coord[c]] = k;
        count(&d->mat, k, 1);
    }
}

/* Doubles the room of the history; -1 when memory runs out. */
static int
hist_grow(pdn_drawstate *d)
{
    uint64_t *v = pdnp_grow(d->hist, &d->cap, sizeof *v);

    if (v == NULL)
        return -1;
    d->hist = v;
    return 0;
}

/* Appends h to the history; -1 when memory runs out. Inline: every ply
 * pushes, and the history grows only a few times per game. */
static inline int
hist_push(pdn_drawstate *d, uint64_t h)
{
    if (d->nhist == d->cap && hist_grow(d) < 0)
        return -1;
    d->hist[d->nhist++] = h;
    return 0;
}

static void fmjd_track(pdn_drawstate *d);

/* Counts begin at b's position, at ply ply. */
static void
begin(pdn_drawstate *d, const pdn_board *b, unsigned long ply)
{
    d->spec = spec_for(pdn_board_gametype(b));
    memset(&d->info, 0, sizeof d->info);
    d->info.ply = ply;
    d->info.hash = pdn_board_hash(b);
    d->turnkey = pdnp_hash_turn(&b->pos);
    d->info.repetitions = 1;
    d->nhist = d->hbase = 0;
    d->hist_ply = ply;
    (void)hist_push(d, d->info.hash);
    mirror(d, b);
    d->mat_ply = d->fam_ply = d->five_ply = ply;
    d->fam = d->five = 0;
    fmjd_track(d);
}

void
pdn_drawstate_start(pdn_drawstate *d, const pdn_board *b)
{
    begin(d, b, 0);
}

void
pdn_drawstate_setup(pdn_drawstate *d, const pdn_board *b)
{
    pdn_drawinfo was = d->info;

    begin(d, b, was.ply);
    if (was.rule != PDN_DRAW_NONE) {
        d->info.rule = was.rule;
        d->info.automatic = was.automatic;
        d->info.rule_ply = was.rule_ply;
        d->info.rule_from = was.rule_from;
        memcpy(d->info.rule_plies, was.rule_plies, sizeof was.rule_plies);
        d->info.rule_text = was.rule_text;
    }
}

const pdn_drawinfo *
pdn_drawstate_info(const pdn_drawstate *d)
{
    return &d->info;
}

/* Records rule as fired at this ply, counted from ply from. */
static int
fire(pdn_drawstate *d, int rule, int automatic, unsigned long from,
     const char *text)
{
    pdn_drawinfo *i = &d->info;

    i->rule = rule;
    i->automatic = automatic;
    i->rule_ply = i->ply;
    i->rule_from = from;
    i->rule_text = text;
    return rule;
}

/* Counts the occurrences of the current position (in hist, whose last
 * entry it is) and fires the repetition rule on the third. */
static int
repetition(pdn_drawstate *d, int may_fire)
{
    pdn_drawinfo *i = &d->info;
    unsigned long plies[3];
    unsigned n = 0;
    size_t k;

    /* Two entries or one since the last irreversible ply: the position
     * is there once (the same side moves every other entry). */
    if (d->nhist - d->hbase <= 2) {
        i->repetitions = 1;
        return 0;
    }
    /* the same side to move: every other entry, back from the last */
    for (k = d->nhist - d->hbase; k >= 1; k = k >= 2 ? k - 2 : 0) {
        if (d->hist[d->hbase + k - 1] == i->hash) {
            if (n < 3)
                plies[2 - n] = d->hist_ply + k - 1;
            n++;
        }
    }
    i->repetitions = n ? n : 1;
    if (n != 3 || !may_fire)
        return 0;
    memcpy(i->rule_plies, plies, sizeof plies);
    return fire(d, PDN_DRAW_REPETITION, d->spec.rep_auto, plies[0],
                d->spec.rep_auto ? "threefold repetition"
                                 : "threefold repetition (a claim)");
}

/* Moves made by side since ply from: plies from+1 .. ply alternate, the
 * first made by the side to move after ply from. */
static unsigned long
moves_by(const pdn_drawstate *d, int side, int turn_now)
{
    unsigned long n = d->info.ply - d->mat_ply;
    /* the mover of ply (mat_ply + 1) */
    int first = (n % 2 == 0) ? turn_now : (turn_now ^ 3);

    return first == side ? (n + 1) / 2 : n / 2;
}

/* A side with one king and nothing else: its number, else 0. */
static int
lone_king(const material *m)
{
    int s;

    for (s = PDNP_WHITE; s <= PDNP_BLACK; s++)
        if (m->men[s] == 0 && m->kings[s] == 1)
            return s;
    return 0;
}

/* FMJD 6.3 and 6.4: a lone king against three pieces (at least one
 * king): 16 moves each; against two pieces or one (a king among them):
 * 5 moves each. The 16 moves keep running when a capture leads into the
 * 5-move ending. */
static void
fmjd_track(pdn_drawstate *d)
{
    const material *m = &d->mat;
    int lone = lone_king(m), strong = lone ^ 3;
    unsigned n = lone ? m->men[strong] + m->kings[strong] : 0;
    int fam = lone && m->kings[strong] >= 1 && n <= 3;
    int five = fam && n <= 2;

    if (fam && !d->fam)
        d->fam_ply = d->info.ply;
    if (five && !d->five)
        d->five_ply = d->info.ply;
    d->fam = fam;
    d->five = five;
}

/* An endgame rule that applies (on) and has counted plies plies since
 * ply from: fires it (automatic), else 0. */
static int
endgame_after(pdn_drawstate *d, int on, unsigned long from,
              unsigned long plies, const char *text)
{
    if (!on || d->info.ply - from < plies)
        return 0;
    return fire(d, PDN_DRAW_ENDGAME, 1, from, text);
}

static int
endgame_fmjd(pdn_drawstate *d)
{
    int r;

    fmjd_track(d);
    r = endgame_after(d, d->five, d->five_ply, 10,
                      "two kings, a king and a man, or a king against a "
                      "king: 5 moves each (FMJD 6.4)");
    if (r == 0)
        r = endgame_after(d, d->fam, d->fam_ply, 32,
                          "three pieces with a king against a king: 16 "
                          "moves each (FMJD 6.3)");
    return r;
}

/* Russian rules: three kings or more against a lone king must take it by
 * their 15th move; with kings on both sides and the balance unchanged (no
 * capture, no crowning), 4 or 5 pieces draw after 30 moves, 6 or 7 pieces
 * after 60 (moves of either side, as counted by the federation). */
static int
endgame_russian(pdn_drawstate *d, int turn)
{
    const material *m = &d->mat;
    int lone = lone_king(m), strong = lone ^ 3;
    unsigned total = m->men[1] + m->kings[1] + m->men[2] + m->kings[2];
    int r;

    if (lone && m->kings[strong] >= 3 && moves_by(d, strong, turn) >= 15)
        return fire(d, PDN_DRAW_ENDGAME, 1, d->mat_ply,
                    "three kings or more against a lone king: 15 moves "
                    "(Russian rules)");
    if (m->kings[1] == 0 || m->kings[2] == 0)
        return 0;
    r = endgame_after(d, total == 4 || total == 5, d->mat_ply, 30,
                      "4 or 5 pieces, kings on both sides, balance "
                      "unchanged for 30 moves (Russian rules)");
    if (r == 0)
        r = endgame_after(d, total == 6 || total == 7, d->mat_ply, 60,
                          "6 or 7 pieces, kings on both sides, balance "
                          "unchanged for 60 moves (Russian rules)");
    return r;
}

/* Frisian rules: two kings against one king, 7 moves each; a king against
 * a king, 2 moves each (no men on the board). */
static int
endgame_frisian(pdn_drawstate *d)
{
    const material *m = &d->mat;
    unsigned a = m->kings[1], b = m->kings[2];
    int r;

    if (m->men[1] != 0 || m->men[2] != 0)
        return 0;
    r = endgame_after(d, a == 1 && b == 1, d->mat_ply, 4,
                      "a king against a king: 2 moves each (Frisian "
                      "rules)");
    if (r == 0)
        r = endgame_after(d, (a == 2 && b == 1) || (a == 1 && b == 2),
                          d->mat_ply, 14,
                          "two kings against a king: 7 moves each "
                          "(Frisian rules)");
    return r;
}

/* The counting rules, in the order they are tested at a ply. */
static int
counters(pdn_drawstate *d, int turn)
{
    const drawspec *s = &d->spec;
    pdn_drawinfo *i = &d->info;
    int r = 0;

    if (s->endgame == EG_FMJD)
        r = endgame_fmjd(d);
    else if (s->endgame == EG_RUSSIAN)
        r = endgame_russian(d, turn);
    else if (s->endgame == EG_FRISIAN)
        r = endgame_frisian(d);
    if (r == 0 && s->kings && i->quiet >= s->kings)
        r = fire(d, PDN_DRAW_KINGS_MOVES, 1, i->ply - i->quiet,
                 s->kings_text);
    if (r == 0 && s->forty && i->quiet >= s->forty)
        r = fire(d, PDN_DRAW_FORTY_MOVES, 0, i->ply - i->quiet,
                 "40 moves by each side without a capture or a man move "
                 "(a claim, WCDF/EDA)");
    return r;
}

/* Plays m on the mirror, updating the hash and the material; b is the
 * board after m. Returns 1 when the material changed. */
static int
mirror_play(pdn_drawstate *d, const pdn_board *b, const pdn_move *m)
{
    pdn_drawinfo *i = &d->info;
    int from = m->path[0], to = m->path[m->n - 1], k, changed = 0;
    unsigned char old = d->sq[from];
    unsigned char now = kind_of(b->pos.sq[b->g.cell[to]]);

    /* the side to move (two-move checkers: not every ply changes it) */
    uint64_t turn = pdnp_hash_turn(&b->pos);

    i->hash ^= d->turnkey ^ turn;
    d->turnkey = turn;
    if (old != 0)
        i->hash ^= pdnp_hash_key(from, old - 1u);
    d->sq[from] = 0;
    for (k = 0; k < m->ncaptured; k++) {
        unsigned char c = d->sq[m->captured[k]];
        /* Northern: a captured king leaves a man of its colour */
        unsigned char left =
            b->r.demote ? kind_of(b->pos.sq[b->g.cell[m->captured[k]]]) : 0;

        if (c != 0)
            i->hash ^= pdnp_hash_key(m->captured[k], c - 1u);
        count(&d->mat, c, -1);
        if (left != 0) {
            i->hash ^= pdnp_hash_key(m->captured[k], left - 1u);
            count(&d->mat, left, 1);
        }
        d->sq[m->captured[k]] = left;
        changed = 1;
    }
    if (now != 0)
        i->hash ^= pdnp_hash_key(to, now - 1u);
    d->sq[to] = now;
    if (now != old) {
        count(&d->mat, old, -1);
        count(&d->mat, now, 1);
        changed = 1;
    }
    return changed;
}

int
pdn_drawstate_push(pdn_drawstate *d, const pdn_board *b, const pdn_move *m,
                   pdn_error *err)
{
    pdn_drawinfo *i = &d->info;
    int man = m->promotes || !(b->pos.sq[b->g.cell[m->path[m->n - 1]]] &
                               PDNP_KING);
    int fired = i->rule != PDN_DRAW_NONE, r = 0, st = 0;

    i->ply++;
    i->since_capture = m->ncaptured ? 0 : i->since_capture + 1;
    i->quiet = (m->ncaptured || man) ? 0 : i->quiet + 1;
    if (mirror_play(d, b, m))
        d->mat_ply = i->ply;
    if (b->tw != NULL) /* towers: stacks the mirror does not hold */
        i->hash = pdn_board_hash(b);
    /* a capture or a man move cannot be undone: earlier positions never
     * come back */
    if (i->quiet == 0) {
        d->nhist = d->keep ? d->nhist : 0;
        d->hbase = d->nhist;
        d->hist_ply = i->ply;
    }
    if (hist_push(d, i->hash) < 0) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        st = -1;
        d->nhist = d->keep ? d->nhist : 0;
        d->hbase = d->nhist;
        d->hist_ply = i->ply + 1;
        i->repetitions = 1;
    }
    if (st == 0)
        r = repetition(d, !fired);
    if (!fired && r == 0)
        r = counters(d, b->pos.turn);
    return st < 0 ? -1 : r;
}

/* ---- Saving and restoring the counts for the board's undo stack
 * (history.c): the history of hashes is kept whole (keep), so a restore
 * only moves its end back; the mirror of the position is rebuilt from
 * the board. ---- */
void
pdnp_draw_keep(pdn_drawstate *d)
{
    d->keep = 1;
}

void
pdnp_draw_save(const pdn_drawstate *d, pdnp_drawsnap *s)
{
    s->info = d->info;
    s->nhist = d->nhist;
    s->hbase = d->hbase;
    s->hist_ply = d->hist_ply;
    s->turnkey = d->turnkey;
    s->mat_ply = d->mat_ply;
    s->fam_ply = d->fam_ply;
    s->five_ply = d->five_ply;
    s->fam = (unsigned char)d->fam;
    s->five = (unsigned char)d->five;
}

void
pdnp_draw_restore(pdn_drawstate *d, const pdnp_drawsnap *s,
                  const pdn_board *b)
{
    d->info = s->info;
    d->nhist = s->nhist <= d->nhist ? s->nhist : d->nhist;
    d->hbase = s->hbase <= d->nhist ? s->hbase : d->nhist;
    d->hist_ply = s->hist_ply;
    d->turnkey = s->turnkey;
    d->mat_ply = s->mat_ply;
    d->fam_ply = s->fam_ply;
    d->five_ply = s->five_ply;
    d->fam = s->fam;
    d->five = s->five;
    mirror(d, b);
}

pdn_drawstate *
pdnp_draw_clone(const pdn_drawstate *d)
{
    pdn_drawstate *c = pdn_drawstate_new();

    if (c == NULL)
        return NULL;
    *c = *d;
    c->hist = NULL;
    c->cap = 0;
    if (d->nhist > 0) {
        if ((c->hist = pdnp_malloc(d->nhist * sizeof *c->hist)) == NULL) {
            pdn_drawstate_free(c);
            return NULL;
        }
        memcpy(c->hist, d->hist, d->nhist * sizeof *c->hist);
        c->cap = d->nhist;
    }
    return c;
}
