/* SPDX-License-Identifier: MIT */
/* pdn-select's criteria (selectcrit.h): parsing them from the command
 * line and deciding one game, tags first, then at most one replay. */
#include <config.h>
#include "selectcrit.h"
#include "selectopen.h"
#include "common.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* -X's position as boards of each variant met (made once: making a board
 * costs more than replaying a game), and with colours reversed. */
#define SEL_VARIANTS 16
typedef struct sel_targets {
    pdn_gametype gt;
    int n;                   /* boards: 0 when the FEN does not fit gt */
    pdn_board *b[2];
    uint64_t hash[2];
} sel_targets;

struct sel_cache {
    pthread_mutex_t lock;
    int n;
    sel_targets t[SEL_VARIANTS];
};

/* ---- the command line ---- */

static int
add_tag(sel_crit *c, int letter, const char *name, size_t nlen,
        const char *ere, int icase)
{
    sel_tag *t;
    char msg[256];
    int rc;

    c->tags = realloc(c->tags, (c->ntags + 1) * sizeof *c->tags);
    if (c->tags == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    t = &c->tags[c->ntags];
    t->name = NULL;
    t->icase = icase;
    if (name != NULL) {
        t->name = tool_xmalloc(nlen + 1);
        memcpy(t->name, name, nlen);
        t->name[nlen] = '\0';
    }
    if ((rc = regcomp(&t->re, ere,
                      REG_EXTENDED | REG_NOSUB | (icase ? REG_ICASE : 0))) !=
        0) {
        regerror(rc, &t->re, msg, sizeof msg);
        free(t->name);
        tool_usage_error("%s: bad regular expression '%s': %s",
                         letter == SELECT_OPT_EVENT ? "--event"
                         : letter == 'P'            ? "-P"
                                                    : "-T",
                         ere, msg);
        return -1;
    }
    c->ntags++;
    return 1;
}

/* A date as written in a Date tag or an option: year, month, day with
 * any separators; '?' or a missing part stands for any. *lo and *hi get
 * the first and last day it can denote (YYYYMMDD). Returns 0, or -1 when
 * there is no four-digit year. */
static int
parse_date(const char *s, long *lo, long *hi)
{
    long part[3] = {-1, -1, -1};
    int k = 0;

    while (*s == ' ')
        s++;
    while (k < 3 && *s != '\0') {
        if (isdigit((unsigned char)*s)) {
            long v = 0;
            int d = 0;

            while (isdigit((unsigned char)*s) && d < 9)
                v = v * 10 + (*s++ - '0'), d++;
            if (k == 0 && d != 4)
                return -1;
            part[k++] = v;
        } else if (*s == '?') {
            if (k == 0)
                return -1;
            while (*s == '?')
                s++;
            k++;
        } else {
            return -1;
        }
        if (*s == '.' || *s == '-' || *s == '/')
            s++;
        else if (*s != '\0' && *s != ' ')
            return -1;
        else
            break;
    }
    if (part[0] < 0 || (part[1] >= 0 && (part[1] < 1 || part[1] > 12)) ||
        (part[2] >= 0 && (part[2] < 1 || part[2] > 31)))
        return -1;
    *lo = part[0] * 10000 + (part[1] < 0 ? 1 : part[1]) * 100 +
          (part[2] < 0 ? 1 : part[2]);
    *hi = part[0] * 10000 + (part[1] < 0 ? 12 : part[1]) * 100 +
          (part[2] < 0 ? 31 : part[2]);
    return 0;
}

/* FROM..TO (either end may be left out) or one value for both. */
static int
split_range(const char *arg, char *a, char *b, size_t size)
{
    const char *dots = strstr(arg, "..");

    if (strlen(arg) >= size)
        return -1;
    if (dots == NULL) {
        strcpy(a, arg);
        strcpy(b, arg);
        return 0;
    }
    memcpy(a, arg, (size_t)(dots - arg));
    a[dots - arg] = '\0';
    strcpy(b, dots + 2);
    return a[0] == '\0' && b[0] == '\0' ? -1 : 0;
}

static int
date_option(sel_crit *c, const char *arg)
{
    char a[64], b[64];
    long lo, hi;

    if (split_range(arg, a, b, sizeof a) != 0)
        goto bad;
    c->date_lo = 0;
    c->date_hi = 99999999;
    if (a[0] != '\0' && parse_date(a, &c->date_lo, &hi) != 0)
        goto bad;
    if (b[0] != '\0' && parse_date(b, &lo, &c->date_hi) != 0)
        goto bad;
    return 1;
bad:
    tool_usage_error("-y: bad date range '%s'; expected FROM..TO, dates as "
                     "YYYY, YYYY.MM or YYYY.MM.DD (either end may be left "
                     "out)", arg);
    return -1;
}

static int
plies_option(sel_crit *c, const char *arg)
{
    char a[32], b[32], *end;

    if (split_range(arg, a, b, sizeof a) != 0)
        goto bad;
    c->plies_lo = 0;
    c->plies_hi = (unsigned long)-1;
    if (a[0] != '\0' && (!isdigit((unsigned char)a[0]) ||
                         (c->plies_lo = strtoul(a, &end, 10), *end)))
        goto bad;
    if (b[0] != '\0' && (!isdigit((unsigned char)b[0]) ||
                         (c->plies_hi = strtoul(b, &end, 10), *end)))
        goto bad;
    c->have_plies = 1;
    return 1;
bad:
    tool_usage_error("-l: bad ply range '%s'; expected MIN..MAX (either "
                     "end may be left out) or a number", arg);
    return -1;
}

/* -M: "kings" (kings only), or a signature as libpdn reads it
 * (pdn_material_parse: "3K v 1K", "3Kv1K", "2M1K vs 2K", "K v K", "0"). */
static int
material_option(sel_crit *c, const char *arg)
{
    pdn_material m;

    memset(&c->mat, 0, sizeof c->mat);
    c->have_mat = 1;
    if (strcmp(arg, "kings") == 0 || strcmp(arg, "kings only") == 0) {
        c->mat.kings_only = 1;
        return 1;
    }
    if (pdn_material_parse(arg, &m, NULL) != 0)
        goto bad;
    memcpy(c->mat.men, m.men, sizeof m.men);
    memcpy(c->mat.kings, m.kings, sizeof m.kings);
    return 1;
bad:
    tool_usage_error("-M: bad material '%s'; expected WHITE v BLACK with "
                     "men (M) and kings (K) per side, such as '3K v 1K' or "
                     "'2M1K v 2K' ('0': none), or 'kings' (kings only)",
                     arg);
    return -1;
}

/* The moves of an opening: move tokens, move numbers ("1." "1...") left
 * out. */
static int
opening_option(sel_crit *c, const char *arg)
{
    const char *s = arg;

    while (*s != '\0') {
        size_t n;

        while (*s == ' ' || *s == '\t' || *s == ',')
            s++;
        n = strcspn(s, " \t,");
        if (n == 0)
            break;
        if (isdigit((unsigned char)s[0]) && s[strspn(s, "0123456789")] == '.') {
            s += strspn(s, "0123456789.");
            continue;
        }
        c->opening = realloc(c->opening, (c->nopening + 1) * sizeof *c->opening);
        if (c->opening == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
        if (pdn_movetext_parse(s, n, &c->opening[c->nopening]) != 0) {
            tool_usage_error("-B: '%.*s' is not a move (expected moves such "
                             "as '11-15 23-19' or 'c3-d4 f6-g5')", (int)n, s);
            return -1;
        }
        c->nopening++;
        s += n;
    }
    if (c->nopening == 0) {
        tool_usage_error("-B: no moves in '%s'", arg);
        return -1;
    }
    return 1;
}

static int
fen_option(sel_crit *c, const char *arg)
{
    pdn_error err;

    if (pdn_fen_parse(arg, &c->pos, &err) < 0) {
        tool_usage_error("-X: bad FEN '%s': %s", arg, err.text);
        return -1;
    }
    if (c->pos.turn == '?') {
        tool_usage_error("-X: FEN '%s' has no side to move", arg);
        return -1;
    }
    c->have_pos = 1;
    if (c->cache == NULL) {
        c->cache = tool_xmalloc(sizeof *c->cache);
        memset(c->cache, 0, sizeof *c->cache);
        pthread_mutex_init(&c->cache->lock, NULL);
    }
    return 1;
}

int
selcrit_option(sel_crit *c, int letter, const char *arg)
{
    static const char *const with[] = {"with", "without", NULL};
    static const char *const legal[] = {"legal", "illegal", NULL};
    const char *eq;
    int k;

    switch (letter) {
    case 'T': {
        /* NAME=ERE, or NAME~=ERE: in any case */
        int icase;

        if ((eq = strchr(arg, '=')) == NULL || eq == arg ||
            (eq == arg + 1 && *arg == '~')) {
            tool_usage_error("-T: expected NAME=ERE or NAME~=ERE, not '%s'",
                             arg);
            return -1;
        }
        icase = eq[-1] == '~';
        return add_tag(c, letter, arg, (size_t)(eq - arg) - (size_t)icase,
                       eq + 1, icase);
    }
    case 'P':
        return add_tag(c, letter, NULL, 0, arg, 0);
    case SELECT_OPT_EVENT:
        return add_tag(c, letter, "Event", 5, arg, 0);
    case 'Y':
        c->result = pdn_result_outcome(arg);
        if (c->result == PDN_OUTCOME_INVALID) {
            tool_usage_error("-Y: '%s' is not a result; valid values: 1-0, "
                             "0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *", arg);
            return -1;
        }
        c->have_result = 1;
        return 1;
    case 'y':
        return date_option(c, arg);
    case 'l':
        return plies_option(c, arg);
    case 'K':
        if (tool_gametype_option(letter, arg, &c->variant) != 0)
            return -1;
        c->have_variant = 1;
        return 1;
    case 'b':
        if ((k = tool_choice(letter, arg, with)) < 0)
            return -1;
        c->comments = k + 1;
        return 1;
    case 'L':
        if ((k = tool_choice(letter, arg, legal)) < 0)
            return -1;
        c->legality = k + 1;
        return 1;
    case 'B':
        return opening_option(c, arg);
    case SELECT_OPT_OPENING_NAME:
        free(c->opening_name);
        return (c->opening_name = selopen_arg(arg)) != NULL ? 1 : -1;
    case 'X':
        return fen_option(c, arg);
    case 'M':
        return material_option(c, arg);
    case 'Q':
        c->reversed = 1;
        return 1;
    case 'Z':
        c->invert = 1;
        return 1;
    default:
        return 0;
    }
}

int
selcrit_conflicts(const sel_crit *c, int pattern)
{
    if (c->reversed && !c->have_pos && !c->have_mat && !pattern) {
        tool_usage_error("-Q reverses the colours of -X and -M (pdn-db "
                         "search: and --pattern): give one of them");
        return -1;
    }
    return 0;
}

int
selcrit_replays(const sel_crit *c)
{
    return c->have_variant || c->legality || c->nopening || c->have_pos ||
           c->have_mat || c->fingerprint || c->opening_name;
}

void
selcrit_free(sel_crit *c)
{
    size_t i;

    for (i = 0; i < c->ntags; i++) {
        free(c->tags[i].name);
        regfree(&c->tags[i].re);
    }
    free(c->tags);
    free(c->opening);
    free(c->opening_name);
    if (c->cache != NULL) {
        int k;

        for (k = 0; k < c->cache->n; k++) {
            pdn_board_free(c->cache->t[k].b[0]);
            pdn_board_free(c->cache->t[k].b[1]);
        }
        pthread_mutex_destroy(&c->cache->lock);
        free(c->cache);
    }
}

/* ---- deciding a game by its tags and text ---- */

static int
tag_matches(const pdn_game *g, const char *name, const regex_t *re,
            int icase)
{
    size_t i, n = pdn_game_tag_count(g);
    const char *t;

    for (i = 0; i < n; i++) {
        t = pdn_game_tag_name_at(g, i);
        if ((icase ? strcasecmp(t, name) : strcmp(t, name)) == 0 &&
            regexec(re, pdn_game_tag_value_at(g, i), 0, NULL, 0) == 0)
            return 1;
    }
    return 0;
}

static int
line_has_comments(const pdn_node *n)
{
    size_t i;

    for (; n != NULL; n = pdn_node_next(n)) {
        if (pdn_node_comment_count(n, PDN_BEFORE) != 0 ||
            pdn_node_comment_count(n, PDN_AFTER) != 0)
            return 1;
        for (i = 0; i < pdn_node_variation_count(n); i++)
            if (line_has_comments(pdn_node_variation_at(n, i)))
                return 1;
    }
    return 0;
}

static unsigned long
count_plies(const pdn_game *g)
{
    const pdn_node *n;
    unsigned long k = 0;

    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
        if (pdn_node_move(n) != NULL)
            k++;
    return k;
}

/* The criteria read from the game as written: 1 when all hold. */
static int
text_match(const sel_crit *c, const pdn_game *g)
{
    size_t i;

    for (i = 0; i < c->ntags; i++) {
        const sel_tag *t = &c->tags[i];

        if (t->name != NULL ? !tag_matches(g, t->name, &t->re, t->icase)
                            : !tag_matches(g, "White", &t->re, 0) &&
                                  !tag_matches(g, "Black", &t->re, 0))
            return 0;
    }
    if (c->have_result) {
        const char *r = pdn_game_tag(g, "Result");

        if (pdn_result_outcome(r != NULL ? r : pdn_game_result(g)) !=
            c->result)
            return 0;
    }
    if (c->date_hi != 0) {
        const char *d = pdn_game_tag(g, "Date");
        long lo, hi;

        if (d == NULL || parse_date(d, &lo, &hi) != 0 || hi < c->date_lo ||
            lo > c->date_hi)
            return 0;
    }
    if (c->have_plies) {
        unsigned long k = count_plies(g);

        if (k < c->plies_lo || k > c->plies_hi)
            return 0;
    }
    if (c->comments) {
        int has = pdn_game_comment_count(g) != 0 ||
                  line_has_comments(pdn_game_first(g));

        if (has != (c->comments == 1))
            return 0;
    }
    return 1;
}

/* ---- deciding a game by one replay ---- */

/* What the replay looks for: the position (and its reverse) as boards and
 * hashes, and the state of each criterion. */
typedef struct replay {
    const sel_crit *c;
    sel_targets own;         /* when the cache is full */
    const sel_targets *tg;   /* the position; its colours reversed */
    int pos_seen, mat_seen, opening_ok, legal;
} replay;

static int
same_board(const pdn_board *a, const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(a);
    int f, r;

    if (pdn_board_turn(a) != pdn_board_turn(b))
        return 0;
    for (r = 0; r < gt->height; r++)
        for (f = 0; f < gt->width; f++)
            if (pdn_board_piece(a, PDN_COORD(f, r)) !=
                pdn_board_piece(b, PDN_COORD(f, r)))
                return 0;
    return 1;
}

/* The position with colours reversed: each piece to the square turned
 * half round, of the other colour; the other side to move. */
static pdn_board *
reversed(const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_board *r = pdn_board_new(gt, NULL);
    pdn_fen fen;
    int f, k;

    if (r == NULL)
        return NULL;
    fen.turn = pdn_board_turn(b) == 'W' ? 'B' : 'W';
    fen.count = 0;
    for (k = 0; k < gt->height; k++)
        for (f = 0; f < gt->width && fen.count < PDN_FEN_MAX; f++) {
            int p = pdn_board_piece(b, PDN_COORD(f, k));
            pdn_fen_piece *q = &fen.piece[fen.count];

            if (p == 0)
                continue;
            q->colour = (p == 'w' || p == 'W') ? 'B' : 'W';
            q->king = p == 'W' || p == 'B';
            q->algebraic = 1;
            q->nunder = 0;
            q->sq = PDN_COORD(gt->width - 1 - f, gt->height - 1 - k);
            fen.count++;
        }
    if (pdn_board_set_fen(r, &fen, NULL) != 0) {
        pdn_board_free(r);
        return NULL;
    }
    return r;
}

/* Fills t with the position's boards for t->gt. */
static void
make_targets(const sel_crit *c, sel_targets *t)
{
    pdn_board *b = pdn_board_new(&t->gt, NULL);

    t->n = 0;
    if (b == NULL || pdn_board_set_fen(b, &c->pos, NULL) != 0) {
        pdn_board_free(b);
        return;
    }
    t->b[0] = b;
    t->hash[0] = pdn_board_hash(b);
    t->n = 1;
    if (c->reversed && (t->b[1] = reversed(b)) != NULL) {
        t->hash[1] = pdn_board_hash(t->b[1]);
        t->n = 2;
    }
}

/* The position's boards for gt, from the cache or made for this game;
 * 0 when its squares do not fit gt (then no game of that variant reaches
 * it). */
static int
targets(replay *rp, const pdn_gametype *gt)
{
    struct sel_cache *k = rp->c->cache;
    int i;

    pthread_mutex_lock(&k->lock);
    for (i = 0; i < k->n && !pdn_gametype_equal(&k->t[i].gt, gt); i++)
        ;
    if (i == k->n && i < SEL_VARIANTS) {
        k->t[i].gt = *gt;
        make_targets(rp->c, &k->t[i]);
        k->n++;
    }
    pthread_mutex_unlock(&k->lock);
    if (i < SEL_VARIANTS) {
        rp->tg = &k->t[i];
    } else {
        rp->own.gt = *gt;
        make_targets(rp->c, &rp->own);
        rp->tg = &rp->own;
    }
    return rp->tg->n != 0;
}

static int
material_is(const sel_material *m, const int men[2], const int kings[2],
            int swap)
{
    int i;

    if (m->kings_only)
        return men[0] == 0 && men[1] == 0 && kings[0] > 0 && kings[1] > 0;
    for (i = 0; i < 2; i++)
        if (men[i ^ swap] != m->men[i] || kings[i ^ swap] != m->kings[i])
            return 0;
    return 1;
}

/* Looks at the position b reached: the position and the material. */
static void
look(replay *rp, const pdn_board *b)
{
    const sel_crit *c = rp->c;
    int i;

    if (c->have_pos && !rp->pos_seen) {
        uint64_t h = pdn_board_hash(b);

        for (i = 0; i < rp->tg->n; i++)
            if (h == rp->tg->hash[i] && same_board(b, rp->tg->b[i]))
                rp->pos_seen = 1;
    }
    if (c->have_mat && !rp->mat_seen) {
        const pdn_gametype *gt = pdn_board_gametype(b);
        int men[2] = {0, 0}, kings[2] = {0, 0}, f, r;

        for (r = 0; r < gt->height; r++)
            for (f = 0; f < gt->width; f++)
                switch (pdn_board_piece(b, PDN_COORD(f, r))) {
                case 'w': men[0]++; break;
                case 'b': men[1]++; break;
                case 'W': kings[0]++; break;
                case 'B': kings[1]++; break;
                default: break;
                }
        rp->mat_seen = material_is(&c->mat, men, kings, 0) ||
                       (c->reversed && material_is(&c->mat, men, kings, 1));
    }
}

static int
same_move(const pdn_move *a, const pdn_move *b)
{
    pdn_fingerprint x, y;

    /* equal from, to and captured set: what a fingerprint adds */
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    pdn_fingerprint_move(&x, a);
    pdn_fingerprint_move(&y, b);
    return pdn_fingerprint_equal(&x, &y);
}

/* 1 when the rest of the game cannot change the verdict: nothing needs
 * the whole line (legality, the fingerprint) and the opening, position
 * and material are settled (one that failed settles the game). */
static int
decided(const replay *rp, unsigned long ply)
{
    const sel_crit *c = rp->c;

    if (c->legality || c->fingerprint)
        return 0;
    if (!rp->opening_ok)
        return 1;
    return ply >= c->nopening && (!c->have_pos || rp->pos_seen) &&
           (!c->have_mat || rp->mat_seen);
}

/* Plays the main line on b, looking at every position. */
static void
play(replay *rp, const tool_opts *o, const char *file, const pdn_game *g,
     pdn_board *b, pdn_movelist *l, tool_out *to, sel_verdict *v,
     void (*prefix)(void *, const pdn_fingerprint *), void *ud)
{
    const sel_crit *c = rp->c;
    const pdn_node *n;
    unsigned long ply = 0;
    pdn_match m, om;

    pdn_fingerprint_start(&v->fp, b);
    look(rp, b);
    for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n)) {
        const pdn_movetext *mt = pdn_node_move(n);
        int set = tool_setup_at(o, file, n, pdn_game_number(g), b, to);

        if (set < 0)
            break;
        if (set > 0) {
            pdn_fingerprint_setup(&v->fp, b);
            look(rp, b);
        }
        if (mt == NULL)
            continue;
        if (ply < c->nopening && rp->opening_ok &&
            (pdn_board_moves(b, l, NULL) != 0 ||
             pdn_board_match(b, l, &c->opening[ply], &om) != PDN_MATCH_LEGAL))
            rp->opening_ok = 0;
        if (pdn_board_play(b, mt, &m, l, NULL) != PDN_MATCH_LEGAL)
            break;
        if (ply < c->nopening && rp->opening_ok && !same_move(&om.move, &m.move))
            rp->opening_ok = 0;
        if (prefix != NULL && ply != 0)
            prefix(ud, &v->fp);
        pdn_fingerprint_move(&v->fp, &m.move);
        ply++;
        look(rp, b);
        if (decided(rp, ply))
            return;
    }
    v->plies = ply;
    rp->legal = n == NULL;
    if (ply < c->nopening)
        rp->opening_ok = 0;
    /* the game's fingerprint stands for it only when it was all read */
    v->have_fp = rp->legal;
}

static int
variant_is(const pdn_gametype *a, const pdn_gametype *b)
{
    return a->type == b->type && a->rules == b->rules &&
           a->giveaway == b->giveaway && a->width == b->width &&
           a->height == b->height && a->folk == b->folk;
}

/* The criteria that need the variant: 1 when all hold. */
static int
replay_match(const sel_crit *c, const tool_opts *o, const char *file,
             const pdn_game *g, tool_out *to, sel_verdict *v,
             void (*prefix)(void *, const pdn_fingerprint *), void *ud)
{
    replay rp;
    pdn_gametype gt;
    pdn_board *b;
    pdn_movelist *l;
    /* a game that fails may still be selected (-v) and need its
     * fingerprint: then it is replayed anyway */
    int all = c->fingerprint && c->invert, ok, named;

    memset(&rp, 0, sizeof rp);
    rp.c = c;
    rp.opening_ok = 1;
    if (tool_gametype(o, file, g, &gt, to) != 0)
        return 0;
    if (c->have_variant && !variant_is(&gt, &c->variant) && !all)
        return 0;
    named = !c->opening_name || selopen_match(c->opening_name, g, &gt);
    if (!named && !all)
        return 0;
    if (c->have_pos && !targets(&rp, &gt) && !all)
        return 0;
    if ((b = tool_board_reuse(o, file, g, &gt, to)) == NULL)
        return 0;
    if ((l = tool_movelist(to)) != NULL)
        play(&rp, o, file, g, b, l, to, v, prefix, ud);
    tool_release(to, b, l);
    if (rp.tg == &rp.own) {
        pdn_board_free(rp.own.b[0]);
        pdn_board_free(rp.own.b[1]);
    }
    ok = l != NULL && (!c->have_variant || variant_is(&gt, &c->variant)) &&
         named &&
         (!c->legality || rp.legal == (c->legality == 1)) &&
         (!c->nopening || rp.opening_ok) && (!c->have_pos || rp.pos_seen) &&
         (!c->have_mat || rp.mat_seen);
    return ok;
}

void
selcrit_game(const sel_crit *c, const tool_opts *o, const char *file,
             const pdn_game *g, tool_out *to, sel_verdict *v,
             void (*prefix)(void *, const pdn_fingerprint *), void *ud)
{
    int match;

    memset(v, 0, sizeof *v);
    match = text_match(c, g);
    if ((match || c->invert) && selcrit_replays(c)) {
        int r = replay_match(c, o, file, g, to, v, prefix, ud);

        match = match && r;
    }
    v->match = match != c->invert;
}

int
selcrit_date(const char *s, long *lo, long *hi)
{
    return parse_date(s, lo, hi);
}
