/* SPDX-License-Identifier: MIT */
/* The game model: tags, move tree, comments. Nodes and strings of a game
 * live in one arena, freed at once with the game; this keeps parsing at one
 * allocation per few kilobytes instead of one per move. */
#include <config.h>
#include "model/game_private.h"
#include "pdn/edit.h"

#include <stdalign.h>
#include <stddef.h>
#include <string.h>

#define ALIGN PDNP_ALIGN
#define BLOCK_HDR PDNP_BLOCK_HDR

/* ---- Arena ---- */

void
pdnp_arena_init(pdnp_arena *a)
{
    a->head = NULL;
    a->next_size = 16384;
}

void
pdnp_arena_free(pdnp_arena *a)
{
    pdnp_block *b = a->head;
    while (b != NULL) {
        pdnp_block *n = b->next;
        pdnp_free(b);
        b = n;
    }
    a->head = NULL;
}

/* Aligned allocation from the newest block; a new block when it is full.
 * Blocks are never resized, so pointers into them stay valid. */
void *
pdnp_arena_alloc(pdnp_arena *a, size_t n)
{
    pdnp_block *b = a->head;
    size_t need = (n + ALIGN - 1) & ~(ALIGN - 1);

    if (need < n)
        return NULL;
    if (b != NULL)
        b->used = (b->used + ALIGN - 1) & ~(ALIGN - 1);
    if (b == NULL || b->used > b->size || b->size - b->used < need) {
        size_t size = a->next_size;
        if (size < need)
            size = need;
        if (size > (size_t)-1 - BLOCK_HDR)
            return NULL;
        b = pdnp_malloc(BLOCK_HDR + size);
        if (b == NULL)
            return NULL;
        a->total += BLOCK_HDR + size;
        b->size = size;
        b->used = 0;
        b->next = a->head;
        a->head = b;
        /* Grow geometrically so a huge game needs few blocks. */
        if (a->next_size < 1u << 20)
            a->next_size *= 2;
    }
    {
        char *p = (char *)b + BLOCK_HDR + b->used;
        b->used += need;
        return p;
    }
}

/* Strings need no alignment: packing them saves memory on huge games. */
static void *
arena_bytes(pdnp_arena *a, size_t n)
{
    pdnp_block *b = a->head;
    if (b != NULL && b->size - b->used >= n) {
        char *p = (char *)b + BLOCK_HDR + b->used;
        b->used += n;
        return p;
    }
    return pdnp_arena_alloc(a, n);
}

char *
pdnp_arena_strndup(pdnp_arena *a, const char *s, size_t n)
{
    char *d = n < (size_t)-1 ? arena_bytes(a, n + 1) : NULL;
    if (d == NULL)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* ---- Games ---- */

/* Offset of the first arena block after the game struct, and its size:
 * enough for the moves and strings of most games. */
#define GAME_OFF ((sizeof(pdn_game) + ALIGN - 1) & ~(ALIGN - 1))
#define GAME_FIRST 8192

pdn_game *
pdn_game_new(void)
{
    pdn_game *g = pdnp_malloc(GAME_OFF + BLOCK_HDR + GAME_FIRST);
    pdnp_block *b;
    if (g == NULL)
        return NULL;
    memset(g, 0, sizeof *g);
    pdnp_arena_init(&g->arena);
    b = (pdnp_block *)((char *)g + GAME_OFF);
    b->next = NULL;
    b->size = GAME_FIRST;
    b->used = 0;
    g->arena.head = b;
    return g;
}

void
pdn_game_free(pdn_game *g)
{
    pdnp_block *b, *first;
    size_t i;
    if (g == NULL)
        return;
    /* Every block but the one inside the game's own allocation. */
    first = (pdnp_block *)((char *)g + GAME_OFF);
    for (b = g->arena.head; b != NULL;) {
        pdnp_block *n = b->next;
        if (b != first)
            pdnp_free(b);
        b = n;
    }
    for (i = 0; i < g->nblk; i++)
        if (g->tblk[i] != g->tag0)
            pdnp_free(g->tblk[i]);
    if (g->tblk != g->tblk0)
        pdnp_free(g->tblk);
    if (!g->raw_arena)
        pdnp_free(g->raw);
    pdnp_free(g);
}

/* Most moves carry no comment, NAG or variation: their record is made
 * only for the moves that need one. */
pdnp_nodex *
pdnp_node_x(pdn_node *n)
{
    if (n->x == NULL) {
        n->x = pdnp_arena_alloc(&n->game->arena, sizeof *n->x);
        if (n->x != NULL)
            memset(n->x, 0, sizeof *n->x);
    }
    return n->x;
}

/* Appends it to l. Always succeeds; returns 0 for its callers' sake. */
static int
list_push(pdnp_list *l, pdnp_item *it)
{
    it->next = NULL;
    if (l->last != NULL)
        l->last->next = it;
    else
        l->first = it;
    l->last = it;
    l->count++;
    return 0;
}

int
pdnp_list_add_str(pdn_game *g, pdnp_list *l, const char *s, size_t n)
{
    pdnp_item *it = pdnp_arena_alloc(&g->arena, sizeof *it);
    char *d;
    if (it == NULL)
        return -1;
    d = pdnp_arena_strndup(&g->arena, s, n);
    if (d == NULL)
        return -1;
    it->u.s = d;
    return list_push(l, it);
}

int
pdnp_list_add_nag(pdn_game *g, pdnp_list *l, int nag)
{
    pdnp_item *it = pdnp_arena_alloc(&g->arena, sizeof *it);
    if (it == NULL)
        return -1;
    it->u.nag = nag;
    return list_push(l, it);
}

/* Lists are short (comments of one move), so indexed access walks. */
static const pdnp_item *
list_at(const pdnp_list *l, size_t i)
{
    const pdnp_item *it;
    if (i >= l->count)
        return NULL;
    for (it = l->first; i > 0; i--)
        it = it->next;
    return it;
}

int
pdnp_game_add_tag(pdn_game *g, const char *name, size_t nlen,
                  const char *value, size_t vlen, const pdn_pos *pos)
{
    pdnp_tag *t;
    if (g->nblk == 0) {
        /* The first tags go in the game itself. */
        g->tblk = g->tblk0;
        g->tblk[0] = g->tag0;
        g->nblk = 1;
    } else if ((g->ntags & (PDNP_TBLOCK - 1)) == 0 &&
               g->ntags >> PDNP_TBITS == g->nblk) {
        pdnp_tag **tb, *blk;
        /* The block table doubles; blocks are never moved. */
        if ((g->nblk & (g->nblk - 1)) == 0) {
            size_t cap = g->nblk * 2;
            if (g->tblk == g->tblk0) {
                tb = pdnp_malloc(cap * sizeof *tb);
                if (tb != NULL)
                    tb[0] = g->tblk0[0];
            } else {
                tb = pdnp_realloc(g->tblk, cap * sizeof *tb);
            }
            if (tb == NULL)
                return -1;
            g->tblk = tb;
        }
        blk = pdnp_malloc(PDNP_TBLOCK * sizeof *blk);
        if (blk == NULL)
            return -1;
        g->tblk[g->nblk++] = blk;
    } else if (g->nblk == 1 && g->ntags == PDNP_TAG0 &&
               g->tblk[0] == g->tag0) {
        pdnp_tag *blk = pdnp_malloc(PDNP_TBLOCK * sizeof *blk);
        if (blk == NULL)
            return -1;
        memcpy(blk, g->tag0, sizeof g->tag0);
        g->tblk[0] = blk;
    }
    t = PDNP_TAG(g, g->ntags);
    t->name = pdnp_arena_strndup(&g->arena, name, nlen);
    t->value = pdnp_arena_strndup(&g->arena, value, vlen);
    if (t->name == NULL || t->value == NULL)
        return -1;
    t->line = 0;
    t->rel = 0;
    if (pos != NULL && pos->line != 0) {
        size_t rel = pos->offset - g->raw_off;
        t->line = pos->line > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)pos->line;
        t->rel = rel > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)rel;
    }
    g->ntags++;
    return 0;
}

/* ---- Accessors: NULL-safe, borrowed results ---- */

unsigned long
pdn_game_number(const pdn_game *g)
{
    return g != NULL ? g->number : 0;
}

int
pdn_game_set_number(pdn_game *g, unsigned long number)
{
    if (g == NULL)
        return -1;
    g->number = number;
    return 0;
}

pdn_pos
pdn_game_pos(const pdn_game *g)
{
    pdn_pos p = {0, 0, 0};
    return g != NULL ? g->pos : p;
}

const char *
pdn_game_raw(const pdn_game *g, size_t *len)
{
    if (g == NULL || g->raw == NULL) {
        if (len != NULL)
            *len = 0;
        return NULL;
    }
    if (len != NULL)
        *len = g->raw_len;
    return g->raw;
}

void
pdn_game_raw_span(const pdn_game *g, size_t *offset, size_t *length)
{
    if (offset != NULL)
        *offset = g != NULL && g->raw != NULL ? g->raw_off : 0;
    if (length != NULL)
        *length = g == NULL || g->raw == NULL ? 0
                  : g->raw_span > g->raw_len ? g->raw_span
                                             : g->raw_len;
}

size_t
pdn_game_tag_count(const pdn_game *g)
{
    return g != NULL ? g->ntags : 0;
}

const char *
pdn_game_tag_name_at(const pdn_game *g, size_t i)
{
    return g != NULL && i < g->ntags ? PDNP_TAG(g, i)->name : NULL;
}

const char *
pdn_game_tag_value_at(const pdn_game *g, size_t i)
{
    return g != NULL && i < g->ntags ? PDNP_TAG(g, i)->value : NULL;
}

pdn_pos
pdn_game_tag_pos_at(const pdn_game *g, size_t i)
{
    pdn_pos p = {0, 0, 0};
    const pdnp_tag *t;
    size_t k;
    if (g == NULL || i >= g->ntags || PDNP_TAG(g, i)->line == 0)
        return p;
    t = PDNP_TAG(g, i);
    p.line = t->line;
    p.offset = g->raw_off + t->rel;
    /* The column: back to the line start within the raw text, or to the
     * raw text's own start, whose column is known. */
    if (g->raw == NULL || t->rel > g->raw_len)
        return p;
    for (k = t->rel; k > 0; k--)
        if (g->raw[k - 1] == '\n' || g->raw[k - 1] == '\r')
            break;
    p.column = k > 0 ? t->rel - k + 1 : g->raw_col + t->rel;
    return p;
}

const char *
pdn_game_tag(const pdn_game *g, const char *name)
{
    size_t i;
    if (g == NULL || name == NULL)
        return NULL;
    /* The first byte rules out most names without a call. */
    for (i = 0; i < g->ntags; i++) {
        const pdnp_tag *t = PDNP_TAG(g, i);
        if (t->name[0] == name[0] && strcmp(t->name, name) == 0)
            return t->value;
    }
    return NULL;
}

int
pdn_game_set_tag_err(pdn_game *g, const char *name, const char *value,
                     pdn_error *err)
{
    size_t i;
    char *v;

    pdn_error_clear(err);
    if (g == NULL || name == NULL || value == NULL)
        return pdnp_error_arg(err, "pdn_game_set_tag", g == NULL ? "g"
                              : name == NULL ? "name" : "value");
    if (!pdnp_tag_name_ok(name)) {
        pdnp_error_set(err, PDN_ETAG, PDN_SEV_ERROR, NULL, 0,
                       "tag name '%.64s' cannot be written in PDN (%s)",
                       name, *name == '\0' ? "it is empty"
                       : "a blank, a control byte, '[', ']' or '\"'");
        return -1;
    }
    if (!pdnp_tag_value_ok(value)) {
        pdnp_error_set(err, PDN_ETAG, PDN_SEV_ERROR, NULL, 0,
                       "the value of tag '%.64s' cannot be written in PDN "
                       "(a line break)", name);
        return -1;
    }
    for (i = 0; i < g->ntags; i++) {
        if (strcmp(PDNP_TAG(g, i)->name, name) == 0) {
            v = pdnp_arena_strndup(&g->arena, value, strlen(value));
            if (v == NULL)
                break;
            PDNP_TAG(g, i)->value = v;
            return 0;
        }
    }
    if (i == g->ntags && pdnp_game_add_tag(g, name, strlen(name), value,
                                           strlen(value), NULL) == 0)
        return 0;
    pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0, "out of memory");
    return -1;
}

int
pdn_game_set_tag(pdn_game *g, const char *name, const char *value)
{
    return pdn_game_set_tag_err(g, name, value, NULL);
}

/* Compacts the tag table in place; order of the others is kept. */
size_t
pdn_game_remove_tag(pdn_game *g, const char *name)
{
    size_t i, o = 0, removed;
    if (g == NULL || name == NULL)
        return 0;
    for (i = 0; i < g->ntags; i++) {
        if (strcmp(PDNP_TAG(g, i)->name, name) != 0) {
            *PDNP_TAG(g, o) = *PDNP_TAG(g, i);
            o++;
        }
    }
    removed = g->ntags - o;
    g->ntags = o;
    return removed;
}

const char *
pdn_game_result(const pdn_game *g)
{
    return g != NULL ? g->result : NULL;
}

/* Accepts the same spellings as the reader ("0:1", "1/2:1/2") and stores
 * the normalised form. */
int
pdn_game_set_result(pdn_game *g, const char *result)
{
    const char *r;
    if (g == NULL)
        return -1;
    if (result == NULL) {
        g->result = NULL;
        return 0;
    }
    r = pdn_result_token(result, strlen(result));
    if (r == NULL)
        return -1;
    g->result = r;
    return 0;
}

size_t
pdn_game_comment_count(const pdn_game *g)
{
    return g != NULL ? g->comments.count : 0;
}

const char *
pdn_game_comment_at(const pdn_game *g, size_t i)
{
    const pdnp_item *it = g != NULL ? list_at(&g->comments, i) : NULL;
    return it != NULL ? it->u.s : NULL;
}

const pdn_node *
pdn_game_first(const pdn_game *g)
{
    return g != NULL ? g->first : NULL;
}

const pdn_node *
pdn_node_next(const pdn_node *n)
{
    return n != NULL ? n->next : NULL;
}

size_t
pdn_node_variation_count(const pdn_node *n)
{
    return n != NULL ? PDNP_XV(n, nvar) : 0;
}

const pdn_node *
pdn_node_variation_at(const pdn_node *n, size_t i)
{
    pdn_node *v;
    if (n == NULL || i >= PDNP_XV(n, nvar))
        return NULL;
    for (v = n->x->var; i > 0; i--)
        v = v->x->sib;
    return v;
}

const pdn_movetext *
pdn_node_move(const pdn_node *n)
{
    return n != NULL && n->has_move ? &n->mt : NULL;
}

const char *
pdn_node_text(const pdn_node *n)
{
    return n != NULL ? n->text : NULL;
}

pdn_pos
pdn_node_pos(const pdn_node *n)
{
    pdn_pos p = {0, 0, 0};
    return n != NULL ? n->pos : p;
}

int
pdn_node_set_text(pdn_node *n, const char *text)
{
    pdn_movetext mt;
    char *t;
    size_t len;
    if (n == NULL || text == NULL)
        return -1;
    len = strlen(text);
    if (pdnp_movetext_parse(text, len, &mt) != 0)
        return -1;
    t = pdnp_arena_strndup(&n->game->arena, text, len);
    if (t == NULL)
        return -1;
    n->text = t;
    n->mt = mt;
    n->has_move = 1;
    return 0;
}

unsigned long
pdn_node_number(const pdn_node *n)
{
    return n != NULL ? n->number : 0;
}

int
pdn_node_number_ellipsis(const pdn_node *n)
{
    return n != NULL ? n->ellipsis : 0;
}

const char *
pdn_node_strength(const pdn_node *n)
{
    return n != NULL ? PDNP_XV(n, strength) : NULL;
}

size_t
pdn_node_nag_count(const pdn_node *n)
{
    return n != NULL ? PDNP_XL(n, nags)->count : 0;
}

int
pdn_node_nag_at(const pdn_node *n, size_t i)
{
    const pdnp_item *it = n != NULL ? list_at(PDNP_XL(n, nags), i) : NULL;
    return it != NULL ? it->u.nag : -1;
}

size_t
pdn_node_comment_count(const pdn_node *n, int where)
{
    if (n == NULL)
        return 0;
    return where == PDN_BEFORE ? PDNP_XL(n, before)->count
                               : PDNP_XL(n, after)->count;
}

const char *
pdn_node_comment_at(const pdn_node *n, int where, size_t i)
{
    const pdnp_item *it;
    if (n == NULL)
        return NULL;
    it = list_at(where == PDN_BEFORE ? PDNP_XL(n, before) : PDNP_XL(n, after),
                 i);
    return it != NULL ? it->u.s : NULL;
}

const char *
pdn_node_setup(const pdn_node *n)
{
    return n != NULL ? PDNP_XV(n, setup) : NULL;
}

/* ---- Canonical tag order (shared with the writer) ---- */

static const char *const std_tags[] = {"Event", "Site",  "Date", "Round",
                                       "White", "Black", "Result"};

void
pdnp_tagiter_init(const pdn_game *g, pdnp_tagiter *it)
{
    size_t i, k;
    /* The first tag of each standard name ... */
    for (k = 0; k < PDNP_NSTD; k++) {
        it->first[k] = (size_t)-1;
        for (i = 0; i < g->ntags; i++)
            if (strcmp(PDNP_TAG(g, i)->name, std_tags[k]) == 0) {
                it->first[k] = i;
                break;
            }
    }
    it->k = 0;
    it->i = 0;
}

long
pdnp_tagiter_next(const pdn_game *g, pdnp_tagiter *it)
{
    /* ... in standard order, then every other tag in input order. No
     * table of the game's size is made: a game may have a million tags. */
    while (it->k < PDNP_NSTD) {
        size_t f = it->first[it->k++];
        if (f != (size_t)-1)
            return (long)f;
    }
    while (it->i < g->ntags) {
        size_t i = it->i++, k;
        int taken = 0;
        for (k = 0; k < PDNP_NSTD && !taken; k++)
            taken = it->first[k] == i;
        if (!taken)
            return (long)i;
    }
    return -1;
}

/* ---- Equality ---- */

static int
str_eq(const char *a, const char *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return strcmp(a, b) == 0;
}

static int
list_eq(const pdnp_list *a, const pdnp_list *b, int nags)
{
    const pdnp_item *x, *y;
    if (a->count != b->count)
        return 0;
    for (x = a->first, y = b->first; x != NULL && y != NULL;
         x = x->next, y = y->next) {
        if (nags ? x->u.nag != y->u.nag : strcmp(x->u.s, y->u.s) != 0)
            return 0;
    }
    return 1;
}

/* Moves compare as parsed, so "06-11" equals "6-11"; a node with no
 * parsed move ("-" placeholder) compares by its text. */
static int
move_eq(const pdn_node *a, const pdn_node *b)
{
    if (a->has_move != b->has_move)
        return 0;
    if (!a->has_move)
        return str_eq(a->text, b->text);
    return a->mt.n == b->mt.n && a->mt.capture == b->mt.capture &&
           a->mt.algebraic == b->mt.algebraic &&
           a->mt.file_only == b->mt.file_only && a->mt.sep == b->mt.sep &&
           memcmp(a->mt.sq, b->mt.sq, a->mt.n) == 0;
}

static int
node_eq(const pdn_node *a, const pdn_node *b)
{
    if (!move_eq(a, b))
        return 0;
    if (a->x == NULL && b->x == NULL)
        return 1;
    return str_eq(PDNP_XV(a, strength), PDNP_XV(b, strength)) &&
           str_eq(PDNP_XV(a, setup), PDNP_XV(b, setup)) &&
           PDNP_XV(a, nvar) == PDNP_XV(b, nvar) &&
           list_eq(PDNP_XL(a, nags), PDNP_XL(b, nags), 1) &&
           list_eq(PDNP_XL(a, before), PDNP_XL(b, before), 0) &&
           list_eq(PDNP_XL(a, after), PDNP_XL(b, after), 0);
}

/* The game's result as the default writer keeps it: its terminator,
 * unless none or '*', else its Result tag's, else '*'. */
static const char *
game_result(const pdn_game *g)
{
    const char *t;

    if (g->result != NULL && strcmp(g->result, "*") != 0)
        return g->result;
    t = pdn_game_tag(g, "Result");
    t = t != NULL ? pdn_result_token(t, strlen(t)) : NULL;
    return t != NULL ? t : "*";
}

/* The next tag of the canonical order that is not a Result tag saying
 * only res (the result the writer adds or moves there), or -1. */
static long
next_tag(const pdn_game *g, pdnp_tagiter *it, const char *res)
{
    long i;

    while ((i = pdnp_tagiter_next(g, it)) >= 0) {
        const pdnp_tag *t = PDNP_TAG(g, i);
        const char *r = strcmp(t->name, "Result") == 0
                            ? pdn_result_token(t->value, strlen(t->value))
                            : NULL;
        if (r == NULL || strcmp(r, res) != 0)
            return i;
    }
    return -1;
}

int
pdn_game_equal(const pdn_game *a, const pdn_game *b, pdn_error *err)
{
    /* Worklist of line pairs still to compare: no recursion, so variation
     * depth costs heap, not stack. */
    const pdn_node **work = NULL;
    size_t nwork = 0, capwork = 0;
    int eq = 0;

    if (a == NULL || b == NULL)
        return a == b;
    /* The result as the writer keeps it: no terminator reads back as
     * '*', and the default writer ends a game with '*' and moves its
     * result to the Result tag; a Result tag saying just that result is
     * the same game as none. */
    const char *ra = game_result(a), *rb = game_result(b);
    if (strcmp(ra, rb) != 0 || !list_eq(&a->comments, &b->comments, 0))
        return 0;
    {
        pdnp_tagiter ia, ib;
        long x, y;
        pdnp_tagiter_init(a, &ia);
        pdnp_tagiter_init(b, &ib);
        do {
            x = next_tag(a, &ia, ra);
            y = next_tag(b, &ib, rb);
            if ((x < 0) != (y < 0) ||
                (x >= 0 &&
                 (strcmp(PDNP_TAG(a, x)->name, PDNP_TAG(b, y)->name) != 0 ||
                  strcmp(PDNP_TAG(a, x)->value, PDNP_TAG(b, y)->value) != 0)))
                return 0;
        } while (x >= 0);
    }
    if ((a->first == NULL) != (b->first == NULL))
        return 0;
    if (a->first == NULL)
        return 1;
    capwork = 16;
    work = pdnp_malloc(capwork * 2 * sizeof *work);
    if (work == NULL)
        goto nomem;
    work[0] = a->first;
    work[1] = b->first;
    nwork = 1;
    while (nwork > 0) {
        const pdn_node *x, *y;
        nwork--;
        x = work[2 * nwork];
        y = work[2 * nwork + 1];
        for (; x != NULL && y != NULL; x = x->next, y = y->next) {
            const pdn_node *vx, *vy;
            if (!node_eq(x, y))
                goto done;
            for (vx = PDNP_XV(x, var), vy = PDNP_XV(y, var);
                 vx != NULL && vy != NULL;
                 vx = PDNP_XV(vx, sib), vy = PDNP_XV(vy, sib)) {
                if (nwork == capwork) {
                    const pdn_node **w =
                        pdnp_realloc(work, capwork * 4 * sizeof *work);
                    if (w == NULL)
                        goto nomem;
                    work = w;
                    capwork *= 2;
                }
                work[2 * nwork] = vx;
                work[2 * nwork + 1] = vy;
                nwork++;
            }
        }
        if (x != NULL || y != NULL)
            goto done;
    }
    eq = 1;
done:
    pdnp_free(work);
    return eq;
nomem:
    pdnp_free(work);
    pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0, "out of memory");
    return -1;
}
