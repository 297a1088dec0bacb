/* SPDX-License-Identifier: MIT */
/* The items of a game, one grammar function each (the grammar is drawn in
 * parser.c): tag pairs, words (results, move numbers, moves), setups,
 * NAGs, strength marks, comments and the frames of variations. Each
 * takes the lexer's current token and adds it to the game model. */
#include <config.h>
#include "reader_private.h"
#include "plain.h"

#include <string.h>

static const char *
qtok(const pdn_reader *r, char *buf, size_t size)
{
    buf[0] = '\0';
    pdnp_quote(buf, size, pdnp_lex_val(&r->lx), r->lx.vlen, 40);
    return buf;
}

/* Strings holding bytes >= 0x80 are remembered so that the game can be
 * transcoded at its end, once its encoding is known. */
int
pdnp_note_high(pdn_reader *r, long tag, const char **slot)
{
    if (r->nhi == r->caphi) {
        size_t cap = r->caphi ? r->caphi * 2 : 16;
        pdnp_hislot *h = pdnp_realloc(r->hi, cap * sizeof *h);
        if (h == NULL)
            return pdnp_nomem(&r->dg);
        r->hi = h;
        r->caphi = cap;
    }
    r->hi[r->nhi].tag = tag;
    r->hi[r->nhi].slot = slot;
    r->nhi++;
    r->high = 1;
    return 0;
}

/* Adds a comment or other text to a list, noting non-ASCII text. */
static int
add_text(pdn_reader *r, pdnp_list *l, const char *s, size_t n)
{
    if (pdnp_list_add_str(r->g, l, s, n) < 0)
        return pdnp_nomem(&r->dg);
    if (pdnp_has_high(s, n))
        return pdnp_note_high(r, -1, &l->last->u.s);
    return 0;
}

/* A new line (variation) on the frame stack; the stack is the only thing
 * that grows with nesting, and it is capped by max_depth. */
int
pdnp_push_frame(pdn_reader *r, pdn_node *owner)
{
    pdnp_frame *f;
    if (r->nframes > r->max_depth) {
        pdnp_fail(&r->dg, PDN_ELIMIT, &r->lx.tpos,
                  "variations nested deeper than %zu", r->max_depth);
        return -1;
    }
    if (r->nframes == r->capframes) {
        size_t cap = r->capframes ? r->capframes * 2 : 16;
        f = pdnp_realloc(r->frames, cap * sizeof *f);
        if (f == NULL)
            return pdnp_nomem(&r->dg);
        r->frames = f;
        r->capframes = cap;
    }
    f = &r->frames[r->nframes++];
    memset(f, 0, sizeof *f);
    f->owner = owner;
    f->open = r->lx.tpos;
    return 0;
}

static int
add_var(pdn_reader *r, pdn_node *owner, pdn_node *first, pdn_node *last,
        size_t n)
{
    pdnp_nodex *ox = pdnp_node_x(owner);
    if (ox == NULL)
        return pdnp_nomem(&r->dg);
    if (ox->var_last != NULL) {
        pdnp_nodex *lx = pdnp_node_x(ox->var_last);
        if (lx == NULL)
            return pdnp_nomem(&r->dg);
        lx->sib = first;
    } else {
        ox->var = first;
    }
    ox->var_last = last;
    ox->nvar += n;
    return 0;
}

/* Queues a variation that had no move to replace (a variation opened
 * before any move of its line) for the line's next move. */
static int
queue_var(pdn_reader *r, pdnp_frame *f, pdn_node *first, pdn_node *last,
          size_t n)
{
    if (f->pvar_last != NULL) {
        pdnp_nodex *lx = pdnp_node_x(f->pvar_last);
        if (lx == NULL)
            return pdnp_nomem(&r->dg);
        lx->sib = first;
    } else {
        f->pvar = first;
    }
    f->pvar_last = last;
    f->npvar += n;
    return 0;
}

/* The list that takes a comment now: after the line's last move, or
 * before its first. NULL when memory runs out. */
static pdnp_list *
comment_list(pdn_reader *r, pdnp_frame *f)
{
    pdnp_nodex *x;
    if (f->last == NULL)
        return &f->before;
    x = pdnp_node_x(f->last);
    if (x == NULL) {
        pdnp_nomem(&r->dg);
        return NULL;
    }
    return &x->after;
}

/* Closes the innermost variation and hangs it on its move. Returns 0, 1
 * when it was empty (no item of the line it belongs to), -1. */
int
pdnp_close_frame(pdn_reader *r)
{
    pdnp_frame f = *pdnp_top(r), *p;
    int rc = 0;
    r->nframes--;
    p = pdnp_top(r);
    if (f.first != NULL) {
        if (f.owner != NULL)
            rc = add_var(r, f.owner, f.first, f.first, 1);
        else
            rc = queue_var(r, p, f.first, f.first, 1);
    } else {
        pdnp_warn(&r->dg, PDN_ESYNTAX, &f.open, "empty variation ignored");
        if (f.before.count > 0) {
            pdnp_list *dst = &p->before;
            if (f.owner != NULL) {
                pdnp_nodex *ox = pdnp_node_x(f.owner);
                if (ox == NULL)
                    return pdnp_nomem(&r->dg);
                dst = &ox->after;
            }
            if (dst->last != NULL)
                dst->last->next = f.before.first;
            else
                dst->first = f.before.first;
            dst->last = f.before.last;
            dst->count += f.before.count;
        }
    }
    if (rc == 0 && f.npvar > 0) {
        if (f.owner != NULL)
            rc = add_var(r, f.owner, f.pvar, f.pvar_last, f.npvar);
        else
            rc = queue_var(r, p, f.pvar, f.pvar_last, f.npvar);
    }
    /* An empty variation leaves only its comments, which then trail the
     * move as if written after it (the writer writes them so): 1. */
    if (f.first != NULL || f.npvar > 0) {
        pdnp_mark_item(p);
        return rc;
    }
    return rc < 0 ? rc : 1;
}

/* Hangs node n at the end of line f, numbered by the move number read
 * before it. */
static inline void
link_node(pdn_reader *r, pdnp_frame *f, pdn_node *n)
{
    n->number = f->number;
    n->ellipsis = (unsigned char)f->ellipsis;
    f->number = 0;
    f->ellipsis = 0;
    if (f->last != NULL)
        f->last->next = n;
    else
        f->first = n;
    f->last = n;
    f->after_mark = 0;
    if (r->nframes == 1)
        r->g->first = f->first;
}

/* Adds a move to the current line. inwin: text lies in the input window. */
static pdn_node *
add_node(pdn_reader *r, const char *text, size_t len, const pdn_pos *pos,
         int inwin)
{
    pdnp_frame *f = pdnp_top(r);
    pdn_node *n = pdnp_node_new(r->g);
    if (n == NULL)
        goto oom;
    if (len < sizeof n->tbuf) {
        /* A fixed-size copy compiles to a few moves; it may read past the
         * token, but only within the window. */
        if (inwin && pdnp_lex_in_window(&r->lx, text, sizeof n->tbuf)) {
            memcpy(n->tbuf, text, sizeof n->tbuf);
        } else {
            size_t i;
            for (i = 0; i < len; i++)
                n->tbuf[i] = text[i];
        }
        n->tbuf[len] = '\0';
        n->text = n->tbuf;
    } else if ((n->text = pdnp_arena_strndup(&r->g->arena, text, len)) ==
               NULL) {
        goto oom;
    }
    n->pos = *pos;
    if (f->before.count > 0 || f->setup != NULL || f->npvar > 0) {
        pdnp_nodex *x = pdnp_node_x(n);
        if (x == NULL)
            goto oom;
        x->before = f->before;
        memset(&f->before, 0, sizeof f->before);
        x->setup = f->setup;
        f->setup = NULL;
        if (x->setup != NULL && pdnp_has_high(x->setup, strlen(x->setup)) &&
            pdnp_note_high(r, -1, &x->setup) < 0)
            return NULL;
        if (f->npvar > 0) {
            if (add_var(r, n, f->pvar, f->pvar_last, f->npvar) < 0)
                return NULL;
            f->pvar = f->pvar_last = NULL;
            f->npvar = 0;
        }
    }
    link_node(r, f, n);
    return n;
oom:
    pdnp_nomem(&r->dg);
    return NULL;
}

/* A move: its node, with the squares already read. NULL when memory
 * runs out. */
static pdn_node *
move(pdn_reader *r, const char *s, size_t n, const pdn_pos *pos, int inwin,
     const pdn_movetext *mt)
{
    pdn_node *node = add_node(r, s, n, pos, inwin);
    if (node == NULL)
        return NULL;
    node->has_move = 1;
    node->mt = *mt;
    r->has_body = 1;
    return node;
}

/* A move number: it numbers the line's next move. */
static void
move_number(pdn_reader *r, unsigned long num, int ellipsis)
{
    pdnp_frame *f = pdnp_top(r);
    f->number = num;
    f->ellipsis = ellipsis;
    r->has_body = 1;
}

/* The free space of the arena's newest block where the node of a move
 * after a move, the usual case, is made (none when the line holds
 * comments, a setup or variations for its next move: add_node takes
 * those). */
static inline size_t
node_room(const pdnp_frame *f, const pdn_game *g, char **ap)
{
    const pdnp_block *b = g->arena.head;
    if (f->before.count == 0 && f->setup == NULL && f->npvar == 0 &&
        f->last != NULL && b != NULL && b->used % PDNP_ALIGN == 0) {
        *ap = (char *)b + PDNP_BLOCK_HDR + b->used;
        return b->size - b->used;
    }
    return 0;
}

int
pdnp_plain_items(pdn_reader *r)
{
    const size_t need = (sizeof(pdn_node) + PDNP_ALIGN - 1) &
                        ~(PDNP_ALIGN - 1);
    pdnp_frame *f = pdnp_top(r);
    pdn_game *g = r->g;
    char *ap = NULL;
    size_t room = node_room(f, g, &ap);

    if (!pdnp_lex_plain_on(&r->lx))
        return 0;
    for (;;) {
        pdn_node *n = room >= need ? (pdn_node *)(void *)ap : NULL;
        pdn_movetext tmp, *mt = n != NULL ? &n->mt : &tmp;
        const char *text;
        int t = pdnp_lex_plain(&r->lx, mt);

        if (t == 0)
            return 0;
        if (t == PDNP_T_NUMBER) {
            move_number(r, (unsigned long)r->lx.num, r->lx.ellipsis);
            continue;
        }
        /* The node is made here, its squares read straight into it. */
        text = pdnp_lex_val(&r->lx);
        if (n != NULL && r->lx.vlen < sizeof n->tbuf &&
            pdnp_lex_in_window(&r->lx, text, sizeof n->tbuf)) {
            g->arena.head->used += need;
            ap += need;
            room -= need;
            memcpy(n->tbuf, text, sizeof n->tbuf);
            n->tbuf[r->lx.vlen] = '\0';
            n->next = NULL;
            n->x = NULL;
            n->game = g;
            n->text = n->tbuf;
            n->pos = r->lx.tpos;
            n->has_move = 1;
            link_node(r, f, n);
            r->has_body = 1;
            continue;
        }
        if (n != NULL) {
            tmp = *mt; /* add_node makes its node where mt lies */
            mt = &tmp;
        }
        if (move(r, text, r->lx.vlen, &r->lx.tpos, 1, mt) == NULL)
            return -1;
        room = node_room(f, g, &ap);
    }
}

static int
end_with_result(pdn_reader *r, const char *res)
{
    r->g->result = res;
    r->has_body = 1;
    return 1;
}

/* "8-11Red overstepped...": prose glued to a move (s[0..n) does not read
 * as a move). 2 when it was read as the move and a comment, -1 when it is
 * no such thing, -2 on error. */
static int
glued_text(pdn_reader *r, const char *s, size_t n, const pdn_pos *pos)
{
    pdnp_frame *f = pdnp_top(r);
    size_t k = 0, i, letters = 0;
    pdn_movetext mt;
    pdn_node *node;

    while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '-' ||
                     s[k] == 'x' || s[k] == ':'))
        k++;
    for (i = k; i < n; i++)
        if ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z'))
            letters++;
    if (k == 0 || k == n || letters < 3 || s[k] == 'x' ||
        pdnp_movetext_parse(s, k, &mt) != 0)
        return -1;
    pdnp_warn(&r->dg, PDN_ESYNTAX, pos,
              "text glued to move '%.*s' read as a comment", (int)k, s);
    node = move(r, s, k, pos, !r->lx.vbuf, &mt);
    if (node == NULL)
        return -2;
    pdnp_mark_item(f);
    if (pdnp_node_x(node) == NULL)
        return pdnp_nomem(&r->dg) - 1;
    if (add_text(r, &node->x->after, s + k, n - k + r->lx.slen) < 0)
        return -2;
    return 2; /* ends with a comment: not an item boundary */
}

void
pdnp_glued_result(pdn_reader *r, const char *s, size_t n, size_t k,
                  const pdn_pos *pos)
{
    char qb[64], rb[16], nb[64];

    qb[0] = rb[0] = nb[0] = '\0';
    pdnp_quote(qb, sizeof qb, s, n, 40);
    pdnp_quote(rb, sizeof rb, s, k, 10);
    pdnp_quote(nb, sizeof nb, s + k, n - k, 40);
    pdnp_warn(&r->dg, PDN_ERESULT, pos,
              "a result glued to a move number: '%s' read as the result "
              "'%s', and a new game from '%s'",
              qb, rb, nb);
    /* the next game starts right after the result */
    r->lx.pos = r->lx.tstart + k;
    r->lx.slen = 0;
}

/* What follows a move: a glued strength mark, the legacy '*' (a forced
 * move, NAG 7). */
static int
move_suffix(pdn_reader *r, pdn_node *node)
{
    if (r->lx.slen > 0) {
        if (pdnp_node_x(node) == NULL)
            return pdnp_nomem(&r->dg);
        node->x->strength = pdnp_arena_strndup(
            &r->g->arena, pdnp_lex_strength(&r->lx), r->lx.slen);
        if (node->x->strength == NULL)
            return pdnp_nomem(&r->dg);
    }
    if (pdnp_lex_eat(&r->lx, '*')) {
        if (pdnp_node_x(node) == NULL ||
            pdnp_list_add_nag(r->g, &node->x->nags, 7) < 0)
            return pdnp_nomem(&r->dg);
    }
    return 0;
}

/* A move number at the start of a word ("12.", "12...", "1.32-28"), or a
 * run of dots alone: it numbers the line's next move. Returns 2 when the
 * word was no more than that, 1 when a move follows (*s, *n and *pos then
 * name it), 0 when the word has no number, -1 when it cannot be read. */
static int
number_prefix(pdn_reader *r, const char **s, size_t *n, pdn_pos *pos)
{
    pdnp_frame *f = pdnp_top(r);
    size_t i = 0;
    char qb[64];

    while (i < *n && (*s)[i] >= '0' && (*s)[i] <= '9')
        i++;
    if (i == *n && r->lx.slen == 0) {
        /* "3": a number with no '.'; not a move. */
        pdnp_warn(&r->dg, PDN_ESYNTAX, pos,
                  "number '%s' with no '.' read as a move number",
                  qtok(r, qb, sizeof qb));
        f->number = pdnp_move_number(*s, i);
        f->ellipsis = 0;
        return 2;
    }
    r->has_body = 1;
    if (i > 0 && i < *n && (*s)[i] == '.') {
        unsigned long num = pdnp_move_number(*s, i);
        size_t dots = 0;
        while (i < *n && (*s)[i] == '.') {
            i++;
            dots++;
        }
        move_number(r, num, dots >= 2);
        *s += i;
        *n -= i;
        if (*n == 0)
            return r->lx.slen > 0 ? -1 : 2; /* a number is no item */
        /* The move glued to its number starts i bytes further. */
        pos->column += i;
        pos->offset += i;
        return 1;
    }
    if ((*s)[0] == '.') {
        for (i = 0; i < *n && (*s)[i] == '.'; i++)
            ;
        if (i == *n && *n >= 2 && r->lx.slen == 0) {
            f->ellipsis = 1;
            return 2;
        }
    }
    return 0;
}

/* A word: result, move number, ellipsis, placeholder or move. Returns 1
 * when it ended the game, 0 to go on, 2 to go on when the word is no item
 * that comments can follow (a move number, or a move with glued text),
 * -1 on error. */
int
pdnp_word(pdn_reader *r)
{
    const char *s = pdnp_lex_val(&r->lx), *res;
    size_t n = r->lx.vlen;
    pdn_pos pos = r->lx.tpos;
    pdn_movetext mt;
    pdn_node *node;
    char qb[64];
    size_t rl;
    int rc;

    /* Results are 1, 3 or 7 bytes, or start with the '½' byte. */
    if (r->lx.slen == 0 &&
        (n == 3 || n == 7 || n == 1 || (unsigned char)s[0] >= 0x80) &&
        (res = pdn_result_token(s, n)) != NULL)
        return end_with_result(r, res);
    rc = number_prefix(r, &s, &n, &pos);
    if (rc == 2)
        return 2;
    if (rc < 0)
        goto bad;
    if (n == 1 && s[0] == '-') {
        if (r->lx.slen == 0 && pdnp_lex_end_follows(&r->lx)) {
            pdnp_warn(&r->dg, PDN_ERESULT, &pos,
                      "'-' at the end of the game read as the terminator "
                      "'*'");
            return end_with_result(r, "*");
        }
        pdnp_warn(&r->dg, PDN_EMOVE, &pos,
                  "placeholder '-' read as an unknown move");
        node = add_node(r, "-", 1, &pos, 0);
        if (node == NULL)
            return -1;
        return move_suffix(r, node); /* "-!": the writer's "- !" */
    }
    rc = pdnp_movetext_parse(s, n, &mt);
    if (rc == 1) {
        pdnp_fail(&r->dg, PDN_ELIMIT, &pos,
                  "move '%s' has more than %d squares",
                  qtok(r, qb, sizeof qb), PDN_PATH_MAX);
        return -1;
    }
    if (rc != 0 && s == pdnp_lex_val(&r->lx) &&
        (res = pdnp_lex_glued_result(s, n, &rl)) != NULL) {
        pdnp_glued_result(r, s, n, rl, &pos);
        return end_with_result(r, res);
    }
    if (rc != 0) {
        rc = glued_text(r, s, n, &pos);
        if (rc == -1)
            goto bad;
        return rc < 0 ? -1 : rc;
    }
    if (r->lx.joined) {
        /* the move as written and as read, after any number before it */
        char jb[64];
        size_t jl, k = (size_t)(s - pdnp_lex_val(&r->lx));
        const char *js = pdnp_lex_text(&r->lx, &jl);
        jb[0] = qb[0] = '\0';
        pdnp_quote(jb, sizeof jb, js + k, jl - k, 40);
        pdnp_quote(qb, sizeof qb, s, n, 40);
        pdnp_warn(&r->dg, PDN_EMOVE, &pos, "move '%s' read as '%s'", jb, qb);
    }
    node = move(r, s, n, &pos, !r->lx.vbuf, &mt);
    if (node == NULL)
        return -1;
    return move_suffix(r, node);
bad:
    pdnp_fail(&r->dg, PDN_EMOVE, &pos, "cannot read move '%s'",
              qtok(r, qb, sizeof qb));
    return -1;
}

int
pdnp_setup(pdn_reader *r)
{
    const char *s = pdnp_lex_val(&r->lx);
    size_t n = r->lx.vlen, a, b;
    pdnp_frame *f = pdnp_top(r);
    char qb[64];
    char *v;

    /* /FEN "W:W31-50:B1-20"/: keep the string between the quotes. */
    for (a = 0; a < n && s[a] != '"'; a++)
        ;
    for (b = n; b > a + 1 && s[b - 1] != '"'; b--)
        ;
    if (a >= n || b <= a + 1) {
        pdnp_fail(&r->dg, PDN_ESETUP, &r->lx.tpos, "cannot read setup '/%s/'",
                  qtok(r, qb, sizeof qb));
        return -1;
    }
    if (f->setup != NULL)
        pdnp_warn(&r->dg, PDN_ESETUP, &r->lx.tpos,
                  "setup with no move after it replaced by the next one");
    v = pdnp_arena_strndup(&r->g->arena, s + a + 1, b - a - 2);
    if (v == NULL)
        return pdnp_nomem(&r->dg);
    f->setup = v;
    return 0;
}

int
pdnp_star(pdn_reader *r)
{
    pdnp_frame *f = pdnp_top(r);
    /* '*' before a result is the legacy forced-move mark; otherwise it
     * is the terminator. */
    if (f->last != NULL && pdnp_lex_result_follows(&r->lx)) {
        if (pdnp_node_x(f->last) == NULL ||
            pdnp_list_add_nag(r->g, &f->last->x->nags, 7) < 0)
            return pdnp_nomem(&r->dg);
        return 0;
    }
    return end_with_result(r, "*");
}

/* A tag pair, and the next ones while each starts the line after the last
 * (the lexer reads those without going back through the token loop). */
int
pdnp_tag_pair(pdn_reader *r)
{
    pdn_pos pos = r->lx.tpos;
    for (;;) {
        size_t name, nlen, vlen;
        const char *val;
        int high, rc = pdnp_lex_tag(&r->lx, &name, &nlen, &val, &vlen, &high);
        if (rc < 0)
            return -1;
        if (rc == 2)
            return 0; /* over a limit, skipped: the game goes on */
        if (rc == 0) {
            pdnp_warn(&r->dg, PDN_ESYNTAX, &pos,
                      "'[' not followed by a tag name ignored");
            return 0;
        }
        if (pdnp_game_add_tag(r->g, pdnp_lex_at(&r->lx, name), nlen, val,
                              vlen, &pos) < 0)
            return pdnp_nomem(&r->dg);
        if (high && pdnp_note_high(r, (long)r->g->ntags - 1, NULL) < 0)
            return -1;
        if (r->has_body ||
            (r->g->ntags % PDNP_TBLOCK == 0 &&
             pdnp_game_mem(r->g) > r->max_model) ||
            !pdnp_lex_next_tag_line(&r->lx))
            return 0;
        pos = r->lx.tpos;
    }
}

int
pdnp_nag(pdn_reader *r)
{
    pdnp_frame *f = pdnp_top(r);
    char qb[64];
    r->has_body = 1;
    if (f->last == NULL) {
        pdnp_warn(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "NAG '%s' before any move ignored", qtok(r, qb, sizeof qb));
        return 0;
    }
    if (r->lx.num > 65535) {
        pdnp_fail(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "NAG '%s' out of range 0..65535", qtok(r, qb, sizeof qb));
        return -2;
    }
    if (pdnp_node_x(f->last) == NULL ||
        pdnp_list_add_nag(r->g, &f->last->x->nags, (int)r->lx.num) < 0)
        return pdnp_nomem(&r->dg);
    return 0;
}

int
pdnp_strength(pdn_reader *r)
{
    pdnp_frame *f = pdnp_top(r);
    const char *v = pdnp_lex_val(&r->lx);
    size_t tl;
    char qb[64];
    r->has_body = 1;
    if (f->last == NULL || PDNP_XV(f->last, strength) != NULL) {
        pdnp_warn(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "strength mark '%s' with no move to hold it ignored",
                  qtok(r, qb, sizeof qb));
        return 0;
    }
    if (pdnp_lex_text(&r->lx, &tl)[0] != '(')
        pdnp_warn(&r->dg, PDN_ESYNTAX, &r->lx.tpos,
                  "strength mark '%s' separated from its move",
                  qtok(r, qb, sizeof qb));
    if (pdnp_node_x(f->last) == NULL)
        return pdnp_nomem(&r->dg);
    f->last->x->strength = pdnp_arena_strndup(&r->g->arena, v, r->lx.vlen);
    if (f->last->x->strength == NULL)
        return pdnp_nomem(&r->dg);
    return 0;
}

int
pdnp_comment(pdn_reader *r)
{
    pdnp_list *l = comment_list(r, pdnp_top(r));
    return l != NULL ? add_text(r, l, pdnp_lex_val(&r->lx), r->lx.vlen) : -1;
}

/* Moves the comments that follow the last move of the main line into the
 * game's own comments. */
void
pdnp_split_trailing(pdn_reader *r)
{
    pdnp_frame *f = &r->frames[0];
    pdn_node *last = f->last;
    pdnp_list *l, *gc = &r->g->comments;
    pdnp_item *it, *tail;
    size_t i;

    if (last == NULL) {
        if (f->before.count > 0)
            *gc = f->before;
        return;
    }
    if (last->x == NULL)
        return;
    l = &last->x->after;
    if (f->after_mark >= l->count)
        return;
    if (f->after_mark == 0) {
        *gc = *l;
        memset(l, 0, sizeof *l);
        return;
    }
    for (it = l->first, i = 1; i < f->after_mark; i++)
        it = it->next;
    tail = it->next;
    gc->first = tail;
    gc->last = l->last;
    gc->count = l->count - f->after_mark;
    it->next = NULL;
    l->last = it;
    l->count = f->after_mark;
}
