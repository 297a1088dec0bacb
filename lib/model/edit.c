/* SPDX-License-Identifier: MIT */
/* Editing the game model: comments, NAGs, marks, setups, moves and
 * variations, and deep copies. Everything new lives in the game's arena;
 * removed parts are unlinked, not freed (the arena goes with the game),
 * so that pointers a caller holds stay valid. */
#include <config.h>
#include "model/game_private.h"
#include "pdn/edit.h"
#include "pdn/variant.h"

#include <string.h>

/* ---- Lists of comments and NAGs ---- */

/* Item i of l and the one before it (NULL for the first). */
static pdnp_item *
item_at(pdnp_list *l, size_t i, pdnp_item **prev)
{
    pdnp_item *it, *p = NULL;

    if (i >= l->count)
        return NULL;
    for (it = l->first; i > 0; i--) {
        p = it;
        it = it->next;
    }
    if (prev != NULL)
        *prev = p;
    return it;
}

static int
list_remove(pdnp_list *l, size_t i)
{
    pdnp_item *p, *it = item_at(l, i, &p);

    if (it == NULL)
        return -1;
    if (p != NULL)
        p->next = it->next;
    else
        l->first = it->next;
    if (l->last == it)
        l->last = p;
    l->count--;
    return 0;
}

static int
list_set(pdn_game *g, pdnp_list *l, size_t i, const char *text)
{
    pdnp_item *it = item_at(l, i, NULL);
    char *s;

    if (it == NULL || text == NULL)
        return -1;
    if ((s = pdnp_arena_strndup(&g->arena, text, strlen(text))) == NULL)
        return -1;
    it->u.s = s;
    return 0;
}

int
pdn_game_add_comment(pdn_game *g, const char *text)
{
    if (g == NULL || text == NULL || !pdnp_comment_ok(text))
        return -1;
    return pdnp_list_add_str(g, &g->comments, text, strlen(text));
}

int
pdn_game_set_comment(pdn_game *g, size_t i, const char *text)
{
    return g != NULL && text != NULL && pdnp_comment_ok(text)
               ? list_set(g, &g->comments, i, text)
               : -1;
}

int
pdn_game_remove_comment(pdn_game *g, size_t i)
{
    return g != NULL ? list_remove(&g->comments, i) : -1;
}

/* The node's comment list on side where, created when asked to. */
static pdnp_list *
node_list(pdn_node *n, int where, int create)
{
    pdnp_nodex *x;

    if (n == NULL || (where != PDN_BEFORE && where != PDN_AFTER))
        return NULL;
    x = create ? pdnp_node_x(n) : n->x;
    if (x == NULL)
        return NULL;
    return where == PDN_BEFORE ? &x->before : &x->after;
}

static pdn_node **find_link(pdn_game *g, pdn_node *n, pdn_node **owner,
                            pdn_node **vprev);

/* The move before n in its line, or NULL when n starts its line. */
static pdn_node *
prev_in_line(pdn_node *n)
{
    pdn_node *owner, *vprev;
    pdn_node **link = find_link(n->game, n, &owner, &vprev);

    if (link == NULL || link == &n->game->first || owner != NULL)
        return NULL;
    /* &prev->next: next is the first member of a node */
    return (pdn_node *)(void *)((char *)link - offsetof(pdn_node, next));
}

int
pdn_node_add_comment(pdn_node *n, int where, const char *text)
{
    pdnp_list *l;
    pdn_node *p;

    if (text == NULL || n == NULL || !pdnp_comment_ok(text))
        return -1;
    /* A comment before a move that does not start its line stands where
     * the comments after the move before it end: it is written there,
     * and read back as one of them, so it is kept as one of them. */
    if (where == PDN_BEFORE && (p = prev_in_line(n)) != NULL) {
        n = p;
        where = PDN_AFTER;
    }
    l = node_list(n, where, 1);
    return l != NULL ? pdnp_list_add_str(n->game, l, text, strlen(text))
                     : -1;
}

int
pdn_node_set_comment(pdn_node *n, int where, size_t i, const char *text)
{
    pdnp_list *l = node_list(n, where, 0);

    return l != NULL && text != NULL && pdnp_comment_ok(text)
               ? list_set(n->game, l, i, text)
               : -1;
}

int
pdn_node_remove_comment(pdn_node *n, int where, size_t i)
{
    pdnp_list *l = node_list(n, where, 0);

    return l != NULL ? list_remove(l, i) : -1;
}

int
pdn_node_add_nag(pdn_node *n, int nag)
{
    pdnp_nodex *x = n != NULL ? pdnp_node_x(n) : NULL;

    return x != NULL ? pdnp_list_add_nag(n->game, &x->nags, nag) : -1;
}

int
pdn_node_remove_nag(pdn_node *n, size_t i)
{
    return n != NULL && n->x != NULL ? list_remove(&n->x->nags, i) : -1;
}

int
pdn_node_set_strength(pdn_node *n, const char *mark)
{
    static const char *const marks[] = {"!", "?", "!!", "??", "!?", "?!"};
    size_t k;
    pdnp_nodex *x;

    if (n == NULL)
        return -1;
    if (mark == NULL) {
        if (n->x != NULL)
            n->x->strength = NULL;
        return 0;
    }
    for (k = 0; k < sizeof marks / sizeof marks[0]; k++)
        if (strcmp(mark, marks[k]) == 0)
            break;
    if (k == sizeof marks / sizeof marks[0] || (x = pdnp_node_x(n)) == NULL)
        return -1;
    x->strength = marks[k];
    return 0;
}

int
pdn_node_set_number(pdn_node *n, unsigned long number, int ellipsis)
{
    if (n == NULL)
        return -1;
    n->number = number < PDNP_NUM_MAX ? number : PDNP_NUM_MAX;
    n->ellipsis = number != 0 && ellipsis != 0;
    return 0;
}

int
pdn_node_set_setup(pdn_node *n, const char *fen, pdn_error *err)
{
    pdn_fen f;
    pdnp_nodex *x;
    char *s;

    pdn_error_clear(err);
    if (n == NULL)
        return -1;
    if (fen == NULL) {
        if (n->x != NULL)
            n->x->setup = NULL;
        return 0;
    }
    if (pdn_fen_parse(fen, &f, err) < 0)
        return -1;
    pdn_error_clear(err); /* a FEN read with a warning is kept as given */
    if ((x = pdnp_node_x(n)) == NULL ||
        (s = pdnp_arena_strndup(&n->game->arena, fen, strlen(fen))) == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return -1;
    }
    x->setup = s;
    return 0;
}

/* ---- Moves ---- */

/* A new node holding move text, not yet linked; NULL with *err. */
static pdn_node *
move_node(pdn_game *g, const char *text, pdn_error *err)
{
    pdn_movetext mt;
    pdn_node *n;
    size_t len;

    pdn_error_clear(err);
    if (g == NULL || text == NULL) {
        pdnp_error_set(err, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0, "no move");
        return NULL;
    }
    len = strlen(text);
    if (pdnp_movetext_parse(text, len, &mt) != 0) {
        pdn_error e;
        pdn_error_clear(&e);
        pdnp_error_set(&e, PDN_EMOVE, PDN_SEV_ERROR, NULL, 0, "not a move: '");
        pdnp_quote(e.text, sizeof e.text, text, len, 40);
        if (err != NULL) {
            *err = e;
            strncat(err->text, "'", sizeof err->text - strlen(err->text) - 1);
        }
        return NULL;
    }
    if ((n = pdnp_node_new(g)) == NULL ||
        (n->text = pdnp_arena_strndup(&g->arena, text, len)) == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return NULL;
    }
    memset(&n->pos, 0, sizeof n->pos);
    n->mt = mt;
    n->has_move = 1;
    return n;
}

pdn_node *
pdn_game_append_move(pdn_game *g, const char *text, pdn_error *err)
{
    pdn_node *n = move_node(g, text, err), *last;

    if (n == NULL)
        return NULL;
    if (g->first == NULL) {
        g->first = n;
        return n;
    }
    for (last = g->first; last->next != NULL; last = last->next)
        continue;
    last->next = n;
    return n;
}

pdn_node *
pdn_node_insert_after(pdn_node *at, const char *text, pdn_error *err)
{
    pdn_node *n = move_node(at != NULL ? at->game : NULL, text, err);

    if (n == NULL)
        return NULL;
    n->next = at->next;
    at->next = n;
    return n;
}

/* Appends n (a line's first node) to owner's variations. 0, or -1 when
 * memory runs out. */
static int
add_variation(pdn_node *owner, pdn_node *n)
{
    pdnp_nodex *x = pdnp_node_x(owner), *vx = pdnp_node_x(n);

    /* the last variation may have no rare parts yet */
    if (x == NULL || vx == NULL ||
        (x->var_last != NULL && pdnp_node_x(x->var_last) == NULL))
        return -1;
    vx->sib = NULL;
    if (x->var_last != NULL)
        x->var_last->x->sib = n;
    else
        x->var = n;
    x->var_last = n;
    x->nvar++;
    return 0;
}

pdn_node *
pdn_node_add_variation(pdn_node *at, const char *text, pdn_error *err)
{
    pdn_node *n = move_node(at != NULL ? at->game : NULL, text, err);

    if (n == NULL)
        return NULL;
    if (add_variation(at, n) != 0) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return NULL;
    }
    return n;
}

/* ---- Where a node is linked from ---- */

/* The link that holds n: &g->first, &prev->next, or in a variation list
 * (*owner set to the node whose variation n starts, *vprev to the
 * variation before it, NULL when n is the first). NULL when n is not in
 * g. A walk over the tree with an explicit stack of lines. */
static pdn_node **
find_link(pdn_game *g, pdn_node *n, pdn_node **owner, pdn_node **vprev)
{
    pdn_node **stack, **found = NULL;
    size_t sp = 0, cap = 16;

    *owner = *vprev = NULL;
    if (g == NULL || n == NULL || g->first == NULL)
        return NULL;
    if (g->first == n)
        return &g->first;
    if ((stack = pdnp_malloc(cap * sizeof *stack)) == NULL)
        return NULL;
    stack[sp++] = g->first;
    while (sp > 0 && found == NULL) {
        pdn_node *x;

        for (x = stack[--sp]; x != NULL && found == NULL; x = x->next) {
            pdn_node *v, *pv = NULL;

            if (x->next == n)
                found = &x->next;
            for (v = PDNP_XV(x, var); v != NULL && found == NULL;
                 pv = v, v = PDNP_XV(v, sib)) {
                if (v == n) {
                    *owner = x;
                    *vprev = pv;
                    found = pv != NULL ? &pv->x->sib : &x->x->var;
                    break;
                }
                if (sp == cap) {
                    pdn_node **s2 =
                        pdnp_realloc(stack, 2 * cap * sizeof *stack);
                    if (s2 == NULL) {
                        sp = 0;
                        break;
                    }
                    stack = s2;
                    cap *= 2;
                }
                stack[sp++] = v;
            }
        }
    }
    pdnp_free(stack);
    return found;
}

/* Unlinks variation v (after vprev) from owner's list. */
static void
unlink_variation(pdn_node *owner, pdn_node *vprev, pdn_node *v)
{
    pdnp_nodex *x = owner->x;

    if (vprev != NULL)
        vprev->x->sib = PDNP_XV(v, sib);
    else
        x->var = PDNP_XV(v, sib);
    if (x->var_last == v)
        x->var_last = vprev;
    x->nvar--;
    if (v->x != NULL)
        v->x->sib = NULL;
}

int
pdn_game_cut(pdn_game *g, pdn_node *n)
{
    pdn_node *owner, *vprev;
    pdn_node **link = find_link(g, n, &owner, &vprev);

    if (link == NULL)
        return -1;
    if (owner != NULL)
        unlink_variation(owner, vprev, n);
    else
        *link = NULL;
    return 0;
}

int
pdn_node_remove_variation(pdn_node *n, size_t i)
{
    pdn_node *v, *pv = NULL;

    if (n == NULL || i >= PDNP_XV(n, nvar))
        return -1;
    for (v = n->x->var; i > 0; i--) {
        pv = v;
        v = v->x->sib;
    }
    unlink_variation(n, pv, v);
    return 0;
}

pdn_node *
pdn_node_promote_variation(pdn_node *n, size_t i)
{
    pdn_node *owner, *vprev, *v, *pv = NULL, **link;
    pdnp_nodex *nx, *vx;

    if (n == NULL || i >= PDNP_XV(n, nvar))
        return NULL;
    link = find_link(n->game, n, &owner, &vprev);
    if (link == NULL)
        return NULL;
    for (v = n->x->var; i > 0; i--) {
        pv = v;
        v = v->x->sib;
    }
    /* the moved nodes need their rare parts (the last variation may have
     * none yet) */
    nx = n->x;
    if ((vx = pdnp_node_x(v)) == NULL ||
        pdnp_node_x(nx->var_last) == NULL)
        return NULL;
    /* n takes v's place among the variations, which move to v; v's own
     * variations (alternatives to its move, so to n's too) follow. */
    if (pv != NULL)
        pv->x->sib = n;
    else
        nx->var = n;
    if (nx->var_last == v)
        nx->var_last = n;
    {
        pdn_node *first = nx->var, *last = nx->var_last, *own = vx->var;
        size_t count = nx->nvar + vx->nvar;
        pdn_node *sib = nx->sib; /* n's place if n starts a variation */

        nx->sib = vx->sib;
        vx->var = first;
        vx->var_last = vx->var_last != NULL ? vx->var_last : last;
        last->x->sib = own;
        vx->nvar = count;
        vx->sib = sib;
        nx->var = nx->var_last = NULL;
        nx->nvar = 0;
    }
    if (owner != NULL && owner->x->var_last == n)
        owner->x->var_last = v;
    *link = v;
    return v;
}

int
pdn_game_set_gametype(pdn_game *g, const pdn_gametype *gt)
{
    char buf[64];

    if (g == NULL || gt == NULL ||
        pdn_gametype_format(gt, buf, sizeof buf) >= sizeof buf)
        return -1;
    return pdn_game_set_tag(g, "GameType", buf);
}

/* ---- Deep copies ---- */

static int
copy_list(pdn_game *g, pdnp_list *dst, const pdnp_list *src, int nags)
{
    const pdnp_item *it;

    for (it = src->first; it != NULL; it = it->next)
        if (nags ? pdnp_list_add_nag(g, dst, it->u.nag)
                 : pdnp_list_add_str(g, dst, it->u.s, strlen(it->u.s)))
            return -1;
    return 0;
}

static char *
copy_str(pdn_game *g, const char *s)
{
    return pdnp_arena_strndup(&g->arena, s, strlen(s));
}

/* A copy of node s in g, without its next and its variations. */
static pdn_node *
copy_node(pdn_game *g, const pdn_node *s)
{
    pdn_node *n = pdnp_node_new(g);
    pdnp_nodex *x;

    if (n == NULL)
        return NULL;
    n->pos = s->pos;
    n->number = s->number;
    n->ellipsis = s->ellipsis;
    n->has_move = s->has_move;
    n->mt = s->mt;
    if (s->text != NULL && (n->text = copy_str(g, s->text)) == NULL)
        return NULL;
    if (s->x == NULL)
        return n;
    if ((x = pdnp_node_x(n)) == NULL)
        return NULL;
    if (s->x->strength != NULL &&
        (x->strength = copy_str(g, s->x->strength)) == NULL)
        return NULL;
    if (s->x->setup != NULL && (x->setup = copy_str(g, s->x->setup)) == NULL)
        return NULL;
    if (copy_list(g, &x->before, &s->x->before, 0) != 0 ||
        copy_list(g, &x->after, &s->x->after, 0) != 0 ||
        copy_list(g, &x->nags, &s->x->nags, 1) != 0)
        return NULL;
    return n;
}

/* A line to copy: its source's first node, and where the copy goes (the
 * node whose variation it is; NULL: the main line). */
typedef struct line_job {
    const pdn_node *src;
    pdn_node *owner;
} line_job;

/* Copies the move tree of s into g, lines in breadth-first order (so the
 * variations of a node are appended in their order), no recursion. */
static int
copy_tree(pdn_game *g, const pdn_game *s)
{
    line_job *q;
    size_t head = 0, tail = 0, cap = 16;
    int rc = -1;

    if (s->first == NULL)
        return 0;
    if ((q = pdnp_malloc(cap * sizeof *q)) == NULL)
        return -1;
    q[tail].src = s->first;
    q[tail++].owner = NULL;
    while (head < tail) {
        line_job j = q[head++];
        const pdn_node *x;
        pdn_node *prev = NULL;

        for (x = j.src; x != NULL; x = x->next) {
            const pdn_node *v;
            pdn_node *n = copy_node(g, x);

            if (n == NULL)
                goto done;
            if (prev != NULL) {
                prev->next = n;
            } else if (j.owner == NULL) {
                g->first = n;
            } else if (add_variation(j.owner, n) != 0) {
                goto done;
            }
            prev = n;
            for (v = PDNP_XV(x, var); v != NULL; v = PDNP_XV(v, sib)) {
                if (tail == cap) {
                    line_job *q2 = pdnp_realloc(q, 2 * cap * sizeof *q);
                    if (q2 == NULL)
                        goto done;
                    q = q2;
                    cap *= 2;
                }
                if (pdnp_node_x(n) == NULL)
                    goto done;
                q[tail].src = v;
                q[tail++].owner = n;
            }
        }
    }
    rc = 0;
done:
    pdnp_free(q);
    return rc;
}

pdn_game *
pdn_game_clone(const pdn_game *s)
{
    pdn_game *g;
    size_t i;

    if (s == NULL || (g = pdn_game_new()) == NULL)
        return NULL;
    g->number = s->number;
    g->pos = s->pos;
    g->result = s->result; /* one of the static normalised strings */
    g->raw_off = s->raw_off;
    g->raw_col = s->raw_col;
    g->raw_span = s->raw_span;
    if (s->raw != NULL) {
        if ((g->raw = pdnp_malloc(s->raw_len + 1)) == NULL)
            goto fail;
        memcpy(g->raw, s->raw, s->raw_len);
        g->raw[s->raw_len] = '\0';
        g->raw_len = s->raw_len;
    }
    for (i = 0; i < s->ntags; i++) {
        const pdnp_tag *t = PDNP_TAG(s, i);

        if (pdnp_game_add_tag(g, t->name, strlen(t->name), t->value,
                              strlen(t->value), NULL) != 0)
            goto fail;
        PDNP_TAG(g, i)->line = t->line;
        PDNP_TAG(g, i)->rel = t->rel;
    }
    if (copy_list(g, &g->comments, &s->comments, 0) != 0 ||
        copy_tree(g, s) != 0)
        goto fail;
    return g;
fail:
    pdn_game_free(g);
    return NULL;
}

/* ---- Mutable access to the tree ---- */

/* The const getters' nodes, for the caller that holds the game
 * mutable. */
pdn_node *
pdn_game_first_mut(pdn_game *g)
{
    return (pdn_node *)pdn_game_first(g);
}

pdn_node *
pdn_node_next_mut(pdn_node *n)
{
    return (pdn_node *)pdn_node_next(n);
}

pdn_node *
pdn_node_variation_at_mut(pdn_node *n, size_t i)
{
    return (pdn_node *)pdn_node_variation_at(n, i);
}

const pdn_game *
pdn_node_game(const pdn_node *n)
{
    return n != NULL ? n->game : NULL;
}
