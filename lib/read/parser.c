/* SPDX-License-Identifier: MIT */
/* The PDN grammar, read one game at a time into a pdn_game, and the public
 * reader API. Variations use an explicit stack of frames, not recursion.
 *
 * Grammar as read (PDN 3.0 reading grammar plus the forms found in real
 * files; every form outside PDN 3.0 gives a warning):
 *
 *   file        = { game } ;
 *   game        = { tag-pair | comment } , body , [ terminator ] ;
 *   tag-pair    = "[" , name , value , "]" ;
 *   value       = string | smart-quoted | bare-text ;   (bare: warning)
 *   body        = { item } ;
 *   item        = move-number | move | placeholder | variation | comment
 *               | nag | strength | setup | "*" (legacy forced mark) ;
 *   move-number = digits , ( "." | "..." ) ;            (may be glued)
 *   move        = square , { sep , square } , [ strength ] , [ "*" ] ;
 *   sep         = "-" | "x" | "X" | ":" | "" (algebraic only) ;
 *   strength    = ( "!" | "?" ) , { "!" | "?" } | "(" , strength , ")" ;
 *   variation   = "(" , body , ")" ;      ("(" prose ")" is a comment)
 *   comment     = "{" , text , "}" | ";" , text-to-eol ;
 *   nag         = "$" , digits ;
 *   setup       = "/" , "FEN" , string , "/" ;
 *   terminator  = "*" | result ;
 *   result      = "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1"
 *               | "0-0" | the same with ":" | "½-½" ;
 *
 * A game also ends, with a warning, where a tag pair follows its body or
 * where the input ends. Lines starting with '%' are ignored. */
#include <config.h>
#include "reader_private.h"

#include <errno.h>
#include <string.h>

#define DEFAULT_DEPTH 256
#define DEFAULT_TOKEN (1u << 18)
#define DEFAULT_GAME ((size_t)1 << 20)
/* What a game holds (moves, tags, comments) may take this many times
 * max_game bytes of memory. */
#define MODEL_FACTOR 4

/* ---- Construction ---- */

/* Limits default to the values documented in reader.h. */
static pdn_reader *
reader_new(const char *name)
{
    pdn_reader *r = pdnp_calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->name = pdnp_strdup(name != NULL ? name : "<input>");
    if (r->name == NULL) {
        pdnp_free(r);
        return NULL;
    }
    pdn_reader_set_limits(r, 0, 0, 0);
    r->line = 1;
    pdnp_buf_init(&r->sbuf);
    return r;
}

pdn_reader *
pdn_reader_new_mem(const char *buf, size_t len, const char *name)
{
    pdn_reader *r = reader_new(name);
    if (r != NULL)
        pdnp_input_init_mem(&r->in, buf, len);
    return r;
}

pdn_reader *
pdn_reader_new_file(FILE *fp, const char *name)
{
    pdn_reader *r = reader_new(name);
    if (r != NULL)
        pdnp_input_init_file(&r->in, fp);
    return r;
}

pdn_reader *
pdn_reader_new_cb(pdn_read_fn *fn, void *ud, const char *name)
{
    pdn_reader *r = reader_new(name);
    if (r != NULL)
        pdnp_input_init_cb(&r->in, fn, ud);
    return r;
}

void
pdn_reader_free(pdn_reader *r)
{
    if (r == NULL)
        return;
    pdnp_input_free(&r->in);
    pdnp_buf_free(&r->sbuf);
    pdn_game_free(r->g);
    pdnp_free(r->hi);
    pdnp_free(r->frames);
    pdnp_free(r->name);
    pdnp_free(r);
}

void
pdn_reader_set_warning_fn(pdn_reader *r, pdn_diag_fn *fn, void *ud)
{
    if (r == NULL)
        return;
    r->warn_fn = fn;
    r->warn_ud = ud;
}

void
pdn_reader_set_limits(pdn_reader *r, size_t max_depth, size_t max_token,
                      size_t max_game)
{
    if (r == NULL)
        return;
    r->max_depth = max_depth ? max_depth : DEFAULT_DEPTH;
    r->max_token = max_token ? max_token : DEFAULT_TOKEN;
    r->max_game = max_game ? max_game : DEFAULT_GAME;
    /* Saturating: a huge limit must not wrap around. */
    r->max_model = r->max_game <= (size_t)-1 / MODEL_FACTOR
                       ? r->max_game * MODEL_FACTOR
                       : (size_t)-1;
    r->max_window = r->max_game <= (size_t)-1 - PDNP_SLACK
                        ? r->max_game + PDNP_SLACK
                        : (size_t)-1;
}

unsigned long
pdn_reader_game_count(const pdn_reader *r)
{
    return r != NULL ? r->ngames : 0;
}

/* ---- Helpers ---- */

/* Memory a game's model takes: its arena blocks and tag blocks. */
static size_t
game_mem(const pdn_game *g)
{
    return g->arena.total + g->ntags * sizeof(pdnp_tag);
}

static int
nomem(pdn_reader *r)
{
    r->fatal = PDN_ENOMEM;
    pdnp_fail(r, PDN_ENOMEM, NULL, "out of memory");
    return -1;
}

static const char *
qtok(const pdn_reader *r, char *buf, size_t size)
{
    buf[0] = '\0';
    pdnp_quote(buf, size, pdnp_lex_val(r), r->vlen, 40);
    return buf;
}

static int
has_high(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 1;
    return 0;
}

/* Strings holding bytes >= 0x80 are remembered so that the game can be
 * transcoded at its end, once its encoding is known. */
static int
note_high(pdn_reader *r, long tag, const char **slot)
{
    if (r->nhi == r->caphi) {
        size_t cap = r->caphi ? r->caphi * 2 : 16;
        pdnp_hislot *h = pdnp_realloc(r->hi, cap * sizeof *h);
        if (h == NULL)
            return nomem(r);
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
        return nomem(r);
    if (has_high(s, n))
        return note_high(r, -1, &l->last->u.s);
    return 0;
}

static pdnp_frame *
top(pdn_reader *r)
{
    return &r->frames[r->nframes - 1];
}

/* A new line (variation) on the frame stack; the stack is the only thing
 * that grows with nesting, and it is capped by max_depth. */
static int
push_frame(pdn_reader *r, pdn_node *owner)
{
    pdnp_frame *f;
    if (r->nframes > r->max_depth) {
        pdnp_fail(r, PDN_ELIMIT, &r->tpos,
                  "variations nested deeper than %zu", r->max_depth);
        return -1;
    }
    if (r->nframes == r->capframes) {
        size_t cap = r->capframes ? r->capframes * 2 : 16;
        f = pdnp_realloc(r->frames, cap * sizeof *f);
        if (f == NULL)
            return nomem(r);
        r->frames = f;
        r->capframes = cap;
    }
    f = &r->frames[r->nframes++];
    memset(f, 0, sizeof *f);
    f->owner = owner;
    f->open = r->tpos;
    return 0;
}

static int
add_var(pdn_reader *r, pdn_node *owner, pdn_node *first, pdn_node *last,
        size_t n)
{
    pdnp_nodex *ox = pdnp_node_x(owner);
    if (ox == NULL)
        return nomem(r);
    if (ox->var_last != NULL) {
        pdnp_nodex *lx = pdnp_node_x(ox->var_last);
        if (lx == NULL)
            return nomem(r);
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
            return nomem(r);
        lx->sib = first;
    } else {
        f->pvar = first;
    }
    f->pvar_last = last;
    f->npvar += n;
    return 0;
}

/* Comments after the last item of the main line become game comments;
 * this remembers how many of the last move's comments came before it. */
static void
mark_item(pdnp_frame *f)
{
    f->after_mark =
        f->last != NULL && f->last->x != NULL ? f->last->x->after.count : 0;
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
        nomem(r);
        return NULL;
    }
    return &x->after;
}

/* Closes the innermost variation and hangs it on its move. Returns 0, 1
 * when it was empty (no item of the line it belongs to), -1. */
static int
close_frame(pdn_reader *r)
{
    pdnp_frame f = *top(r), *p;
    int rc = 0;
    r->nframes--;
    p = top(r);
    if (f.first != NULL) {
        if (f.owner != NULL)
            rc = add_var(r, f.owner, f.first, f.first, 1);
        else
            rc = queue_var(r, p, f.first, f.first, 1);
    } else {
        pdnp_warn(r, PDN_ESYNTAX, &f.open, "empty variation ignored");
        if (f.before.count > 0) {
            pdnp_list *dst = &p->before;
            if (f.owner != NULL) {
                pdnp_nodex *ox = pdnp_node_x(f.owner);
                if (ox == NULL)
                    return nomem(r);
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
        mark_item(p);
        return rc;
    }
    return rc < 0 ? rc : 1;
}

/* Adds a move to the current line. inwin: text lies in the input window. */
static pdn_node *
add_node(pdn_reader *r, const char *text, size_t len, const pdn_pos *pos,
         int inwin)
{
    pdnp_frame *f = top(r);
    pdn_node *n = pdnp_node_new(r->g);
    if (n == NULL)
        goto oom;
    if (len < sizeof n->tbuf) {
        /* A fixed-size copy compiles to a few moves; it may read past the
         * token, but only within the window. */
        if (inwin && (size_t)(text - r->in.data) + sizeof n->tbuf <=
                         r->in.len) {
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
    n->number = f->number;
    n->ellipsis = (unsigned char)f->ellipsis;
    f->number = 0;
    f->ellipsis = 0;
    if (f->before.count > 0 || f->setup != NULL || f->npvar > 0) {
        pdnp_nodex *x = pdnp_node_x(n);
        if (x == NULL)
            goto oom;
        x->before = f->before;
        memset(&f->before, 0, sizeof f->before);
        x->setup = f->setup;
        f->setup = NULL;
        if (x->setup != NULL && has_high(x->setup, strlen(x->setup)) &&
            note_high(r, -1, &x->setup) < 0)
            return NULL;
        if (f->npvar > 0) {
            if (add_var(r, n, f->pvar, f->pvar_last, f->npvar) < 0)
                return NULL;
            f->pvar = f->pvar_last = NULL;
            f->npvar = 0;
        }
    }
    if (f->last != NULL)
        f->last->next = n;
    else
        f->first = n;
    f->last = n;
    f->after_mark = 0;
    if (r->nframes == 1)
        r->g->first = f->first;
    return n;
oom:
    nomem(r);
    return NULL;
}

/* Looks past white space at the raw bytes after the current token: 1 when
 * a result token comes next. */
static int
result_follows(pdn_reader *r)
{
    size_t p = r->pos, s;
    while (pdnp_lex_need(r, p) && strchr(" \t\r\n", r->in.data[p]) != NULL &&
           r->in.data[p] != '\0')
        p++;
    s = p;
    while (pdnp_lex_need(r, p) && strchr("0123456789/-:\xbd\xc2",
                                         r->in.data[p]) != NULL &&
           r->in.data[p] != '\0')
        p++;
    return p > s && pdnp_result_norm(r->in.data + s, p - s) != NULL;
}

/* 1 when only white space, or a tag pair start, lies ahead on the way to
 * the end of input or the next tag section. */
static int
end_follows(pdn_reader *r)
{
    size_t p = r->pos;
    while (pdnp_lex_need(r, p) && strchr(" \t\r\n", r->in.data[p]) != NULL &&
           r->in.data[p] != '\0')
        p++;
    return !pdnp_lex_need(r, p) || r->in.data[p] == '[';
}

/* 1 when a tag name follows the '[' just read. */
static int
tag_follows(pdn_reader *r)
{
    size_t p = r->pos;
    while (pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    return pdnp_lex_need(r, p) &&
           ((r->in.data[p] >= 'A' && r->in.data[p] <= 'Z') ||
            (r->in.data[p] >= 'a' && r->in.data[p] <= 'z'));
}

/* ---- Items ---- */

static int
end_with_result(pdn_reader *r, const char *res)
{
    r->g->result = res;
    r->has_body = 1;
    return 1;
}


/* The usual tag pair, '[Name "value"]' on one line with no escapes, read
 * straight from the window without the lexer's copy of the value. It
 * returns 0, having read nothing, for anything else (which
 * pdnp_lex_tag then reads, to the same result), 1 when the tag was added,
 * -1 when memory runs out. */
static int
tag_fast(pdn_reader *r, const pdn_pos *pos)
{
    const char *d = r->in.data;
    size_t len = r->in.len, p = r->pos, name, nlen, open, vlen;
    unsigned char c, high = 0;

    if (p >= len || !((d[p] >= 'A' && d[p] <= 'Z') ||
                      (d[p] >= 'a' && d[p] <= 'z')))
        return 0;
    name = p;
    while (p < len && ((d[p] >= 'A' && d[p] <= 'Z') ||
                       (d[p] >= 'a' && d[p] <= 'z') ||
                       (d[p] >= '0' && d[p] <= '9') || d[p] == '_'))
        p++;
    nlen = p - name;
    if (nlen > r->max_token || p >= len || d[p] != ' ')
        return 0;
    while (p < len && (d[p] == ' ' || d[p] == '\t'))
        p++;
    if (p >= len || d[p] != '"')
        return 0;
    open = p++;
    while (p < len && (c = (unsigned char)d[p]) != '"' && c != '\\' &&
           c != '\n' && c != '\r') {
        high |= c;
        p++;
    }
    if (p >= len || d[p] != '"' || p - open > r->max_token)
        return 0;
    vlen = p - open - 1;
    p++;
    while (p < len && (d[p] == ' ' || d[p] == '\t'))
        p++;
    if (p >= len || d[p] != ']')
        return 0;
    if (pdnp_game_add_tag(r->g, d + name, nlen, d + open + 1, vlen, pos) <
        0)
        return nomem(r);
    r->pos = p + 1;
    if ((high & 0x80) && note_high(r, (long)r->g->ntags - 1, NULL) < 0)
        return -1;
    return 1;
}
/* A word: result, move number, ellipsis, placeholder or move. Returns 1
 * when it ended the game, 0 to go on, 2 to go on when the word is no item
 * that comments can follow (a move number, or a move with glued text),
 * -1 on error. */
static int
word(pdn_reader *r)
{
    const char *s = pdnp_lex_val(r);
    size_t n = r->vlen, i = 0;
    pdn_pos moved;
    const pdn_pos *pos = &r->tpos;
    pdnp_frame *f = top(r);
    const char *res;
    pdn_movetext mt;
    pdn_node *node;
    char qb[64];
    int rc;

    /* pos points at the lexer's position; it is copied (late, when the
     * node is made) rather than at once, which would stall on the stores
     * the lexer has just made. */
    /* Results are 1, 3 or 7 bytes, or start with the '½' byte. */
    if (r->slen == 0 &&
        (n == 3 || n == 7 || n == 1 || (unsigned char)s[0] >= 0x80) &&
        (res = pdnp_result_norm(s, n)) != NULL)
        return end_with_result(r, res);
    /* Move number, perhaps glued to its move ("1.32-28"). */
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == n && r->slen == 0) {
        /* "3": a number with no '.'; not a move. */
        unsigned long num = pdnp_move_number(s, i);
        pdnp_warn(r, PDN_ESYNTAX, pos,
                  "number '%s' with no '.' read as a move number",
                  qtok(r, qb, sizeof qb));
        f->number = num;
        f->ellipsis = 0;
        return 2;
    }
    r->has_body = 1;
    if (i > 0 && i < n && s[i] == '.') {
        unsigned long num = pdnp_move_number(s, i);
        size_t dots = 0;
        while (i < n && s[i] == '.') {
            i++;
            dots++;
        }
        f->number = num;
        f->ellipsis = dots >= 2;
        s += i;
        n -= i;
        if (n == 0) {
            if (r->slen > 0)
                goto bad;
            return 2; /* a move number alone is no item of its own */
        }
        /* The move glued to its number starts i bytes further. */
        moved.line = r->tpos.line;
        moved.column = r->tpos.column + i;
        moved.offset = r->tpos.offset + i;
        pos = &moved;
    } else if (s[0] == '.') {
        for (i = 0; i < n && s[i] == '.'; i++)
            ;
        if (i == n && n >= 2 && r->slen == 0) {
            f->ellipsis = 1;
            return 2;
        }
    }
    if (n == 1 && s[0] == '-') {
        if (r->slen == 0 && end_follows(r)) {
            pdnp_warn(r, PDN_ERESULT, pos,
                      "'-' at the end of the game read as the terminator "
                      "'*'");
            return end_with_result(r, "*");
        }
        pdnp_warn(r, PDN_EMOVE, pos,
                  "placeholder '-' read as an unknown move");
        node = add_node(r, "-", 1, pos, 0);
        if (node == NULL)
            return -1;
        goto strength; /* "-!": what the writer makes of "- !" */
    }
    rc = pdnp_movetext_parse(s, n, &mt);
    if (rc == 1) {
        pdnp_fail(r, PDN_ELIMIT, pos,
                  "move '%s' has more than %d squares", qtok(r, qb,
                                                              sizeof qb),
                  PDN_PATH_MAX);
        return -1;
    }
    if (rc != 0) {
        /* "8-11Red overstepped...": prose glued to a move. */
        size_t k = 0, letters = 0;
        while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '-' ||
                         s[k] == 'x' || s[k] == ':'))
            k++;
        for (i = k; i < n; i++)
            if ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z'))
                letters++;
        if (k == 0 || k == n || letters < 3 || s[k] == 'x' ||
            pdnp_movetext_parse(s, k, &mt) != 0)
            goto bad;
        pdnp_warn(r, PDN_ESYNTAX, pos,
                  "text glued to move '%.*s' read as a comment", (int)k, s);
        node = add_node(r, s, k, pos, !r->vbuf);
        if (node == NULL)
            return -1;
        node->has_move = 1;
        node->mt = mt;
        mark_item(f);
        if (pdnp_node_x(node) == NULL)
            return nomem(r);
        if (add_text(r, &node->x->after, s + k, n - k + r->slen) < 0)
            return -1;
        return 2; /* ends with a comment: not an item boundary */
    }
    if (r->joined) {
        char jb[64];
        jb[0] = '\0';
        pdnp_quote(jb, sizeof jb, r->in.data + r->tstart,
                   r->pos - r->slen - r->tstart, 40);
        pdnp_warn(r, PDN_EMOVE, pos, "move '%s' read as '%s'", jb,
                  qtok(r, qb, sizeof qb));
    }
    node = add_node(r, s, n, pos, !r->vbuf);
    if (node == NULL)
        return -1;
    node->has_move = 1;
    node->mt = mt;
strength:
    if (r->slen > 0) {
        if (pdnp_node_x(node) == NULL)
            return nomem(r);
        node->x->strength = pdnp_arena_strndup(
            &r->g->arena, r->in.data + r->pos - r->slen, r->slen);
        if (node->x->strength == NULL)
            return nomem(r);
    }
    /* Legacy '*' glued to the move: a forced move, NAG 7. */
    if (pdnp_lex_need(r, r->pos) && r->in.data[r->pos] == '*') {
        r->pos++;
        if (pdnp_node_x(node) == NULL ||
            pdnp_list_add_nag(r->g, &node->x->nags, 7) < 0)
            return nomem(r);
    }
    return 0;
bad:
    pdnp_fail(r, PDN_EMOVE, pos, "cannot read move '%s'",
              qtok(r, qb, sizeof qb));
    return -1;
}

static int
setup(pdn_reader *r)
{
    const char *s = pdnp_lex_val(r);
    size_t n = r->vlen, a, b;
    pdnp_frame *f = top(r);
    char qb[64];
    char *v;

    /* /FEN "W:W31-50:B1-20"/: keep the string between the quotes. */
    for (a = 0; a < n && s[a] != '"'; a++)
        ;
    for (b = n; b > a + 1 && s[b - 1] != '"'; b--)
        ;
    if (a >= n || b <= a + 1) {
        pdnp_fail(r, PDN_ESETUP, &r->tpos, "cannot read setup '/%s/'",
                  qtok(r, qb, sizeof qb));
        return -1;
    }
    if (f->setup != NULL)
        pdnp_warn(r, PDN_ESETUP, &r->tpos,
                  "setup with no move after it replaced by the next one");
    v = pdnp_arena_strndup(&r->g->arena, s + a + 1, b - a - 2);
    if (v == NULL)
        return nomem(r);
    f->setup = v;
    return 0;
}

static int
star(pdn_reader *r)
{
    pdnp_frame *f = top(r);
    /* '*' before a result is the legacy forced-move mark; otherwise it
     * is the terminator. */
    if (f->last != NULL && result_follows(r)) {
        if (pdnp_node_x(f->last) == NULL ||
            pdnp_list_add_nag(r->g, &f->last->x->nags, 7) < 0)
            return nomem(r);
        return 0;
    }
    return end_with_result(r, "*");
}

static int
tag(pdn_reader *r)
{
    size_t name, nlen, p;
    pdn_pos pos = r->tpos;
    int rc;

    /* Usual tag pairs, and the next ones while each starts the line after
     * the last: '\n' and '[' are then taken here as the lexer would. */
    while ((rc = tag_fast(r, &pos)) > 0) {
        const char *d = r->in.data;
        p = r->pos;
        if (r->has_body || p + 2 >= r->in.len || d[p] != '\n' ||
            d[p + 1] != '[' ||
            !((d[p + 2] >= 'A' && d[p + 2] <= 'Z') ||
              (d[p + 2] >= 'a' && d[p + 2] <= 'z')) ||
            p + 2 - r->gstart > r->max_game ||
            (r->g->ntags % PDNP_TBLOCK == 0 &&
             game_mem(r->g) > r->max_model))
            return 0;
        r->line++;
        r->line_off = r->in.base + p + 1;
        r->ws_before = 1;
        r->vbuf = 0;
        r->joined = 0;
        r->slen = 0;
        r->tok = PDNP_T_LBRACKET;
        r->tstart = p + 1;
        r->tpos.line = r->line;
        r->tpos.column = 1;
        r->tpos.offset = r->in.base + p + 1;
        r->pos = p + 2;
        pos = r->tpos;
    }
    if (rc < 0)
        return -1;
    rc = pdnp_lex_tag(r, &name, &nlen);
    if (rc < 0)
        return -1;
    if (rc == 2)
        return 0; /* over a limit, skipped: the game goes on */
    if (rc == 0) {
        pdnp_warn(r, PDN_ESYNTAX, &pos,
                  "'[' not followed by a tag name ignored");
        return 0;
    }
    if (pdnp_game_add_tag(r->g, r->in.data + name, nlen, r->sbuf.data,
                          r->sbuf.len, &pos) < 0)
        return nomem(r);
    if (has_high(r->sbuf.data, r->sbuf.len))
        return note_high(r, (long)r->g->ntags - 1, NULL);
    return 0;
}

/* Moves the comments that follow the last move of the main line into the
 * game's own comments. */
static void
split_trailing(pdn_reader *r)
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

/* The game's text is UTF-8 when all its stored strings are; otherwise it
 * is read as CP1252 (which covers Latin-1). */
static int
fix_encoding(pdn_reader *r)
{
    size_t i;
    int valid = 1;
    pdn_game *g = r->g;

    for (i = 0; i < r->nhi && valid; i++) {
        const char *s = r->hi[i].tag >= 0 ? PDNP_TAG(g, r->hi[i].tag)->value
                                          : *r->hi[i].slot;
        valid = pdnp_utf8_valid(s, strlen(s));
    }
    if (valid)
        return 0;
    pdnp_warn(r, PDN_EENCODING, &g->pos,
              "text is not valid UTF-8; read as CP1252/Latin-1");
    for (i = 0; i < r->nhi; i++) {
        const char **slot = r->hi[i].tag >= 0
                                ? &PDNP_TAG(g, r->hi[i].tag)->value
                                : r->hi[i].slot;
        char *d;
        pdnp_buf_clear(&r->sbuf);
        if (pdnp_cp1252_to_utf8(&r->sbuf, *slot, strlen(*slot)) < 0)
            return nomem(r);
        d = pdnp_arena_strndup(&g->arena, r->sbuf.data, r->sbuf.len);
        if (d == NULL)
            return nomem(r);
        *slot = d;
    }
    return 0;
}

#define ALPHA(c) (((c) >= 'A' && (c) <= 'Z') || ((c) >= 'a' && (c) <= 'z'))

/* A game over the size limit keeps its first max_game bytes as its raw
 * text (from window index gstart). 0, or -1 when memory runs out. */
static int
hold_big(pdn_reader *r, size_t avail)
{
    pdn_game *g = r->g;
    size_t held = avail - r->gstart;
    if (g->raw != NULL)
        return 0;
    if (held > r->max_game)
        held = r->max_game;
    g->raw = pdnp_malloc(held + 1);
    if (g->raw == NULL)
        return nomem(r);
    memcpy(g->raw, r->in.data + r->gstart, held);
    g->raw[held] = '\0';
    g->raw_len = held;
    return 0;
}

/* A game over the size limit: it ends where a line that starts with '['
 * and a letter follows a line that does not (the next tag section), or
 * at the end of input. Its first max_game bytes become its raw text; the
 * rest is read a chunk at a time and dropped, its lines counted, and only
 * its length is kept (raw_span). Memory stays at the window's. */
static void
skip_big(pdn_reader *r)
{
    pdn_game *g = r->g;
    size_t i = r->pos;
    size_t ls = r->line_off > r->in.base ? r->line_off - r->in.base : 0;
    /* The line being read is a tag line when it starts with '['. */
    int bol = ls >= i, tagline = ls < i ? r->in.data[ls] == '[' : !r->has_body;

    r->over = 0;
    for (;;) {
        const char *d = r->in.data;
        size_t len = r->in.len, keep;
        for (; i + 1 < len; i++) {
            char c = d[i];
            if (c == '\n' || c == '\r') {
                bol = 1;
            } else if (bol) {
                if (c == '[' && ALPHA(d[i + 1]) && !tagline)
                    goto found;
                tagline = c == '[';
                bol = 0;
            }
        }
        /* Keep the byte not scanned yet, and a CR that an LF may follow
         * (scanning a byte twice changes nothing); drop the rest. */
        keep = i;
        if (keep > r->pos && d[keep - 1] == '\r')
            keep--;
        if (g == NULL || hold_big(r, keep) < 0)
            return;
        pdnp_lex_count_lines(r, r->pos, keep);
        pdnp_input_discard(&r->in, keep);
        r->pos = 0;
        r->gstart = 0;
        i -= keep;
        if (!pdnp_lex_fill_to(r, r->in.len)) {
            if (r->fatal)
                return;
            i = r->in.len;
            break;
        }
    }
found:
    if (g == NULL)
        return;
    if (i - r->gstart > r->max_game && hold_big(r, i) < 0)
        return;
    pdnp_lex_count_lines(r, r->pos, i);
    r->pos = i;
    if (g->raw != NULL) {
        g->raw_span = r->in.base + i - g->raw_off;
        r->gstart = i;
    }
}

/* Error recovery: skips to the end of the broken game (its terminator, or
 * before the next tag section). */
static void
skip_game(pdn_reader *r)
{
    for (;;) {
        int t;
        /* A game over the size limit is skipped in bounded memory. */
        if (r->over || r->pos - r->gstart > r->max_game) {
            skip_big(r);
            return;
        }
        t = pdnp_lex(r);
        if (r->over)
            continue;
        if (t == PDNP_T_EOF || r->fatal)
            return;
        if (t == PDNP_T_WORD && r->slen == 0 &&
            pdnp_result_norm(pdnp_lex_val(r), r->vlen) != NULL)
            return;
        if (t == PDNP_T_STAR && r->ws_before && !result_follows(r))
            return;
        if (t == PDNP_T_LBRACKET && pdnp_lex_need(r, r->pos) &&
            ((r->in.data[r->pos] >= 'A' && r->in.data[r->pos] <= 'Z') ||
             (r->in.data[r->pos] >= 'a' && r->in.data[r->pos] <= 'z'))) {
            r->pos = r->tstart;
            return;
        }
    }
}

/* 1 when nothing but white space and comments remains in the input. */
static int
only_trailer(pdn_reader *r)
{
    size_t p = r->pos;
    int bol = 0;
    for (;;) {
        char c;
        if (!pdnp_lex_need(r, p))
            return !r->fatal && !r->over;
        c = r->in.data[p];
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            p++;
        } else if (c == '\n' || c == '\r') {
            p++;
            bol = 1;
        } else if (c == '{') {
            while (pdnp_lex_need(r, p) && r->in.data[p] != '}')
                p++;
            if (!pdnp_lex_need(r, p))
                return 0; /* unterminated: an error for the next call */
            p++;
        } else if (c == ';' || (c == '%' && bol)) {
            while (pdnp_lex_need(r, p) && r->in.data[p] != '\n' &&
                   r->in.data[p] != '\r')
                p++;
        } else {
            return 0;
        }
    }
}

/* Gives the game its raw text [gstart, end). A big game read from a file
 * takes the window itself and the reader starts a new one with what
 * follows, so the game's bytes are not held twice. Returns the window
 * index where the next game starts, or -1. */
static long
take_raw(pdn_reader *r, size_t end)
{
    size_t n = end - r->gstart;
    if (r->in.own != NULL && r->gstart > 0 && n >= ((size_t)1 << 20)) {
        /* Bring the game to the front of the window first. */
        size_t g0 = r->gstart;
        pdnp_input_discard(&r->in, g0);
        r->pos -= g0;
        end -= g0;
        r->gstart = 0;
    }
    if (r->in.own != NULL && r->gstart == 0 && n >= ((size_t)1 << 20)) {
        size_t rest = r->in.len - end, cap = 65536;
        char *nb;
        while (cap < rest + 1)
            cap *= 2;
        nb = pdnp_malloc(cap + 1);
        if (nb == NULL)
            return nomem(r);
        memcpy(nb, r->in.own + end, rest);
        nb[rest] = '\0';
        r->g->raw = r->in.own;
        r->g->raw[end] = '\0';
        r->g->raw_len = n;
        r->in.own = nb;
        r->in.data = nb;
        r->in.cap = cap;
        r->in.len = rest;
        r->in.base += end;
        r->pos = 0;
        r->gstart = 0;
        return 0;
    }
    /* A game of usual size keeps its text in its arena: no allocation of
     * its own. */
    if (n < ((size_t)1 << 16)) {
        r->g->raw = pdnp_arena_strndup(&r->g->arena, r->in.data + r->gstart,
                                       n);
        r->g->raw_arena = 1;
        if (r->g->raw == NULL)
            return nomem(r);
    } else {
        r->g->raw = pdnp_malloc(n + 1);
        if (r->g->raw == NULL)
            return nomem(r);
        memcpy(r->g->raw, r->in.data + r->gstart, n);
        r->g->raw[n] = '\0';
    }
    r->g->raw_len = n;
    return (long)end;
}

/* Byte classes of the fast path: blanks it skips, digits. */
enum { F_BLANK = 1, F_NL = 2, F_DIGIT = 4, F_END = 8 };
static const unsigned char fcls[256] = {
    ['\t'] = F_BLANK | F_END, [' '] = F_BLANK | F_END, ['\n'] = F_NL | F_END,
    ['\r'] = F_END, ['0'] = F_DIGIT, ['1'] = F_DIGIT, ['2'] = F_DIGIT,
    ['3'] = F_DIGIT, ['4'] = F_DIGIT, ['5'] = F_DIGIT, ['6'] = F_DIGIT,
    ['7'] = F_DIGIT, ['8'] = F_DIGIT, ['9'] = F_DIGIT};
#define FDIGIT(c) ((unsigned)((unsigned char)(c) - '0') < 10)

/* Fast path for the bulk of a game: move numbers ("12." "12...") and
 * plain numeric moves ("32-28", "26x17x10") separated by blanks and LF,
 * read straight from the window into nodes. It stops, leaving the
 * position after the last item it took, at anything else (comments,
 * results, glued marks, CR, the window's end), which the general path then
 * reads: both give the same model. Returns 0, or -1 when memory runs
 * out.
 *
 * Scans within a token need no check against the window's end: a window
 * of our own is NUL-terminated, and in a caller's buffer no item starts
 * within 128 bytes of its end (the longest plain move is 2 + 31 * 3
 * bytes; runs of dots are bounded apart). The move's squares are written
 * straight into the free space of the arena, where its node will be. */
static int
fast_body(pdn_reader *r)
{
    const char *d = r->in.data;
    size_t len = r->in.len, p = r->pos, base = r->in.base;
    size_t lim = r->in.kind != PDNP_SRC_MEM ? len : len > 128 ? len - 128 : 0;
    size_t keep = p, keep_off = r->line_off;
    unsigned long keep_line = r->line, line = r->line;
    size_t line_off = r->line_off;
    const size_t need = (sizeof(pdn_node) + PDNP_ALIGN - 1) &
                        ~(PDNP_ALIGN - 1);
    const size_t gstart = r->gstart, max_game = r->max_game;
    pdnp_frame *f = top(r);
    pdn_game *g = r->g;
    pdnp_block *b;
    char *ap;
    size_t room;

    /* A move following a move, the usual case, has its node made here, in
     * the free space [ap, ap + room) of the arena's newest block (none
     * when the frame holds comments, a setup or variations for the next
     * move, which add_node then takes). The node's squares are parsed
     * straight into that space. */
#define FAST_ROOM()                                                        \
    do {                                                                   \
        b = g->arena.head;                                                 \
        ap = NULL;                                                         \
        room = 0;                                                          \
        if (f->before.count == 0 && f->setup == NULL && f->npvar == 0 &&   \
            f->last != NULL && b != NULL && b->used % PDNP_ALIGN == 0) {   \
            ap = (char *)b + PDNP_BLOCK_HDR + b->used;                     \
            room = b->size - b->used;                                      \
        }                                                                  \
    } while (0)
    FAST_ROOM();
    for (;;) {
        size_t start, q, n;
        unsigned v, k;
        char sep;
        pdn_movetext tmp, *mt;
        pdn_node *node;

        while (p < len && ((k = fcls[(unsigned char)d[p]]) &
                           (F_BLANK | F_NL))) {
            p++;
            if (k & F_NL) {
                line++;
                line_off = base + p;
            }
        }
        if (p >= lim || d[p] < '1' || d[p] > '9')
            break;
        start = p;
        v = (unsigned)(d[p] - '0');
        q = p + 1;
        if (FDIGIT(d[q]))
            v = v * 10 + (unsigned)(d[q++] - '0');
        if (d[q] == '.') {
            size_t dots = 0;
            while (q < len && d[q] == '.') {
                q++;
                dots++;
            }
            if (q >= len || !(fcls[(unsigned char)d[q]] & (F_BLANK | F_NL)))
                break;
            f->number = v;
            f->ellipsis = dots >= 2;
            r->has_body = 1;
            p = keep = q;
            keep_line = line;
            keep_off = line_off;
            continue;
        }
        sep = d[q];
        if (sep != '-' && sep != 'x')
            break;
        node = NULL;
        mt = &tmp;
        if (room >= need) {
            node = (pdn_node *)(void *)ap;
            mt = &node->mt;
        }
        mt->sq[0] = (unsigned char)v;
        n = 1;
        while (d[q] == sep && n < PDN_PATH_MAX) {
            q++;
            if (d[q] < '1' || d[q] > '9')
                break;
            v = (unsigned)(d[q++] - '0');
            if (FDIGIT(d[q]))
                v = v * 10 + (unsigned)(d[q++] - '0');
            mt->sq[n++] = (unsigned char)v;
        }
        if (n < 2 || !FDIGIT(d[q - 1]) || !(fcls[(unsigned char)d[q]] & F_END))
            break;
        if (q - start == 3 && d[start] == '1' && d[start + 2] == '1')
            break; /* "1-1" is a result */
        if (q - gstart > max_game)
            break;
        mt->n = (unsigned char)n;
        mt->capture = sep == 'x';
        mt->algebraic = 0;
        mt->file_only = 0;
        mt->sep = sep;
        if (node != NULL && q - start < sizeof node->tbuf &&
            start + sizeof node->tbuf <= len) {
            b->used += need;
            ap += need;
            room -= need;
            memcpy(node->tbuf, d + start, sizeof node->tbuf);
            node->tbuf[q - start] = '\0';
            node->next = NULL;
            node->x = NULL;
            node->game = g;
            node->text = node->tbuf;
            node->pos.line = line;
            node->pos.column = base + start - line_off + 1;
            node->pos.offset = base + start;
            node->number = f->number;
            node->ellipsis = (unsigned char)f->ellipsis;
            node->has_move = 1;
            f->number = 0;
            f->ellipsis = 0;
            f->last->next = node;
            f->last = node;
            f->after_mark = 0;
        } else {
            pdn_pos pos;
            if (node != NULL) {
                tmp = *mt; /* add_node makes its node where mt lies */
                mt = &tmp;
            }
            pos.line = line;
            pos.column = base + start - line_off + 1;
            pos.offset = base + start;
            node = add_node(r, d + start, q - start, &pos, 1);
            if (node == NULL)
                return -1;
            node->has_move = 1;
            node->mt = tmp;
            FAST_ROOM();
        }
        r->has_body = 1;
        p = keep = q;
        keep_line = line;
        keep_off = line_off;
    }
#undef FAST_ROOM
    /* Blanks after the last item are left to the lexer. */
    r->pos = keep;
    r->line = keep_line;
    r->line_off = keep_off;
    return 0;
}

/* After a token of a tag section that cannot be read: the error names
 * it (unless the game has an earlier one), the rest of its line is
 * skipped, and the tag section goes on. */
static void
skip_tag_line(pdn_reader *r, int had_err, char *qb, size_t qsize)
{
    pdnp_frame *f = top(r);
    size_t p = r->tstart;
    if (!had_err) {
        qb[0] = '\0';
        pdnp_quote(qb, qsize, r->in.data + r->tstart,
                   r->pos > r->tstart ? r->pos - r->tstart : 1, 40);
        pdn_error_clear(&r->e);
        pdnp_fail(r, PDN_ESYNTAX, &r->tpos,
                  "text '%s' between tag pairs ignored to the end of its "
                  "line", qb);
    }
    while (p - r->gstart <= r->max_game && pdnp_lex_need(r, p) &&
           r->in.data[p] != '\n' && r->in.data[p] != '\r')
        p++;
    if (p > r->pos)
        r->pos = p;
    r->has_body = 0;
    f->number = 0;
    f->ellipsis = 0;
}

/* Reads one game into r->g. Returns 1 (a game), 0 (end of input), -1
 * (error, with r->g possibly set), 2 (a game read to its end with an
 * error in r->e). */
static int
parse_game(pdn_reader *r)
{
    int t, rc = 0, ended = 0;
    char qb[64];

    size_t raw_off = r->in.base + r->gstart;
    unsigned long raw_col = raw_off - r->line_off + 1;

    r->has_body = 0;
    r->high = 0;
    r->nhi = 0;
    r->nframes = 0;
    for (;;) {
        int item = 1; /* a non-comment item: comments after it trail */
        int in_tags, had_err;
        if (r->has_body && !r->nofast && r->nframes > 0 &&
            fast_body(r) < 0)
            goto fail;
        had_err = r->e.code != PDN_OK;
        t = pdnp_lex(r);
        if ((t == PDNP_T_EOF && !r->over) || (t == PDNP_T_ERROR && r->fatal))
            break;
        /* Even a broken first token makes a game, which holds its text. */
        if (r->g == NULL) {
            r->g = pdn_game_new();
            if (r->g == NULL) {
                nomem(r);
                goto fail;
            }
            r->g->number = ++r->ngames;
            r->g->pos = r->tpos;
            r->g->raw_off = raw_off;
            r->g->raw_col = raw_col;
            if (push_frame(r, NULL) < 0)
                goto fail;
        }
        if (r->over && (t == PDNP_T_EOF || t == PDNP_T_ERROR)) {
            /* The token ran past the window's limit: the game is too
             * long, whatever the lexer made of its cut end. */
            if (!had_err)
                pdn_error_clear(&r->e);
            pdnp_fail(r, PDN_ELIMIT, &r->tpos, "game longer than %zu bytes",
                      r->max_game);
            goto fail;
        }
        if (t == PDNP_T_ERROR)
            goto fail;
        if (r->pos - r->gstart > r->max_game) {
            pdnp_fail(r, PDN_ELIMIT, &r->tpos, "game longer than %zu bytes",
                      r->max_game);
            goto fail;
        }
        if (game_mem(r->g) > r->max_model) {
            pdnp_fail(r, PDN_ELIMIT, &r->tpos,
                      "game holds more than %zu bytes of moves, tags and "
                      "comments",
                      r->max_model);
            goto fail;
        }
        /* Inside a tag section (tags read, no movetext yet), a line that
         * cannot be read is skipped, with an error, rather than ending
         * the game there and making the rest of it a game of its own. */
        in_tags = !r->has_body && r->g->ntags > 0;
        switch (t) {
        case PDNP_T_LBRACKET:
            if (r->has_body && tag_follows(r)) {
                pdnp_warn(r, PDN_ESYNTAX, &r->tpos,
                          "game has no terminator; it ends before this "
                          "tag pair");
                r->pos = r->tstart;
                ended = 1;
                break;
            }
            rc = tag(r);
            break;
        case PDNP_T_RBRACKET:
            pdnp_warn(r, PDN_ESYNTAX, &r->tpos, "stray ']' ignored");
            break;
        case PDNP_T_WORD:
            rc = word(r);
            if (rc == 1)
                ended = 1;
            if (rc == 2) {
                rc = 0;
                item = 0;
            }
            break;
        case PDNP_T_STAR:
            rc = star(r);
            if (rc == 1)
                ended = 1;
            item = 0; /* a NAG of its move, or the end */
            break;
        case PDNP_T_LPAREN:
            if (pdnp_lex_prose(r)) {
                pdnp_frame *f = top(r);
                item = 0;
                pdnp_list *l = comment_list(r, f);
                rc = l != NULL ? add_text(r, l, pdnp_lex_val(r), r->vlen)
                               : -1;
                break;
            }
            r->has_body = 1;
            if (top(r)->last == NULL)
                pdnp_warn(r, PDN_ESYNTAX, &r->tpos,
                          "variation before any move of its line; it is "
                          "taken as an alternative to the next move");
            rc = push_frame(r, top(r)->last);
            break;
        case PDNP_T_RPAREN:
            if (r->nframes <= 1) {
                pdnp_fail(r, PDN_ESYNTAX, &r->tpos,
                          "unexpected ')' with no open variation");
                rc = -1;
                break;
            }
            rc = close_frame(r);
            if (rc == 1) {
                rc = 0;
                item = 0;
            }
            break;
        case PDNP_T_COMMENT: {
            pdnp_frame *f = top(r);
            pdnp_list *l = comment_list(r, f);
            rc = l != NULL ? add_text(r, l, pdnp_lex_val(r), r->vlen) : -1;
            break;
        }
        case PDNP_T_NAG: {
            pdnp_frame *f = top(r);
            r->has_body = 1;
            item = 0; /* part of its move, written right after it */
            if (f->last == NULL) {
                pdnp_warn(r, PDN_ESYNTAX, &r->tpos,
                          "NAG '%s' before any move ignored",
                          qtok(r, qb, sizeof qb));
                break;
            }
            if (r->num > 65535) {
                pdnp_fail(r, PDN_ESYNTAX, &r->tpos,
                          "NAG '%s' out of range 0..65535",
                          qtok(r, qb, sizeof qb));
                goto fail;
            }
            if (pdnp_node_x(f->last) == NULL ||
                pdnp_list_add_nag(r->g, &f->last->x->nags, (int)r->num) < 0)
                rc = nomem(r);
            break;
        }
        case PDNP_T_STRENGTH: {
            pdnp_frame *f = top(r);
            const char *v = pdnp_lex_val(r);
            r->has_body = 1;
            item = 0; /* glued to its move when written */
            if (f->last == NULL || PDNP_XV(f->last, strength) != NULL) {
                pdnp_warn(r, PDN_ESYNTAX, &r->tpos,
                          "strength mark '%s' with no move to hold it "
                          "ignored",
                          qtok(r, qb, sizeof qb));
                break;
            }
            if (r->in.data[r->tstart] != '(')
                pdnp_warn(r, PDN_ESYNTAX, &r->tpos,
                          "strength mark '%s' separated from its move",
                          qtok(r, qb, sizeof qb));
            if (pdnp_node_x(f->last) == NULL) {
                rc = nomem(r);
                break;
            }
            f->last->x->strength =
                pdnp_arena_strndup(&r->g->arena, v, r->vlen);
            if (f->last->x->strength == NULL)
                rc = nomem(r);
            break;
        }
        case PDNP_T_SETUP:
            r->has_body = 1;
            rc = setup(r);
            item = 0; /* it belongs to the next move */
            break;
        case PDNP_T_STRING:
            pdnp_fail(r, PDN_ESYNTAX, &r->tpos,
                      "unexpected '\"' outside a tag pair");
            rc = -1;
            break;
        default:
            pdnp_fail(r, PDN_ESYNTAX, &r->tpos, "unexpected character '%s'",
                      qtok(r, qb, sizeof qb));
            rc = -1;
            break;
        }
        if (rc < 0 && in_tags && !r->fatal && t != PDNP_T_LBRACKET &&
            r->e.code != PDN_ELIMIT) {
            skip_tag_line(r, had_err, qb, sizeof qb);
            continue;
        }
        if (rc < 0)
            goto fail;
        if (ended)
            break;
        if (item && t != PDNP_T_COMMENT && t != PDNP_T_LBRACKET &&
            t != PDNP_T_RBRACKET && r->nframes > 0)
            mark_item(top(r));
    }
    if (r->g == NULL)
        return 0;
    if (r->nframes > 1) {
        pdnp_fail(r, PDN_ESYNTAX, &r->frames[r->nframes - 1].open,
                  "unterminated variation: '(' has no matching ')'");
        while (r->nframes > 1)
            if (close_frame(r) < 0)
                break;
        r->nframes = 1;
        split_trailing(r);
        return -1;
    }
    if (!ended && r->has_body)
        pdnp_warn(r, PDN_ESYNTAX, &r->tpos,
                  "game has no terminator at the end of the input");
    split_trailing(r);
    if (r->g->ntags == 0)
        pdnp_warn(r, PDN_ESYNTAX, &r->g->pos, "game has no tag pairs");
    /* An error that the game was read past (a broken tag line). */
    return r->e.code != PDN_OK ? 2 : 1;
fail:
    if (r->g != NULL && !r->fatal) {
        while (r->nframes > 1)
            if (close_frame(r) < 0)
                break;
        if (r->nframes >= 1) {
            r->nframes = 1;
            split_trailing(r);
        }
    }
    return -1;
}

int
pdn_reader_next(pdn_reader *r, pdn_game **out, pdn_error *err)
{
    int rc;

    pdn_error_clear(err); /* a game read cleanly leaves no stale record */
    if (out != NULL)
        *out = NULL;
    if (r == NULL)
        return 0;
    if (r->stopped)
        return 0;
    pdn_error_clear(&r->e);
    r->over = 0;
    /* The previous games' bytes are no longer needed; they are dropped
     * once they fill half the window, so that moving the rest to the
     * front costs little per game. */
    if (r->gstart > 0 && (r->in.own == NULL || r->gstart >= r->in.len / 2)) {
        pdnp_input_discard(&r->in, r->gstart);
        r->pos -= r->gstart;
        r->gstart = 0;
    }
    r->g = NULL;
    rc = parse_game(r);
    if (rc < 0 && !r->fatal)
        skip_game(r);
    if (rc == 2)
        rc = -1; /* read to its end: nothing to skip */
    if (r->fatal) {
        r->stopped = 1;
        pdn_game_free(r->g);
        r->g = NULL;
        if (err != NULL)
            *err = r->e;
        return -1;
    }
    if (rc == 0 && r->g == NULL) {
        r->stopped = 1;
        if (r->in.binary != NULL) {
            /* Input that is not text: one error where it shows. */
            pdn_pos pos;
            pdnp_lex_count_lines(r, r->pos, r->in.len);
            pos = pdnp_lex_pos(r, r->in.len);
            pdnp_fail(r, PDN_EENCODING, &pos, "%s", r->in.binary);
            if (err != NULL)
                *err = r->e;
            return -1;
        }
        return 0;
    }
    if (r->g != NULL) {
        size_t end = r->pos;
        if (r->high && fix_encoding(r) < 0)
            goto fatal;
        long next;
        if (r->g->raw != NULL) {
            /* Over the size limit: skip_big took what it holds. */
            end = r->pos;
        } else if (only_trailer(r)) {
            end = r->in.len;
            pdnp_lex_count_lines(r, r->pos, end);
        }
        if (r->fatal ||
            (next = r->g->raw != NULL ? (long)end : take_raw(r, end)) < 0)
            goto fatal;
        r->pos = (size_t)next;
        r->gstart = (size_t)next;
    }
    if (out != NULL)
        *out = r->g;
    else
        pdn_game_free(r->g);
    r->g = NULL;
    if (rc < 0) {
        if (err != NULL)
            *err = r->e;
        return -1;
    }
    return 1;
fatal:
    r->stopped = 1;
    pdn_game_free(r->g);
    r->g = NULL;
    if (err != NULL)
        *err = r->e;
    return -1;
}

pdn_game *
pdn_parse_string(const char *s, size_t len, pdn_error *err)
{
    pdn_reader *r = pdn_reader_new_mem(s, len, "<string>");
    pdn_game *g = NULL;
    int rc;

    if (r == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return NULL;
    }
    rc = pdn_reader_next(r, &g, err);
    if (rc < 0) {
        pdn_game_free(g);
        g = NULL;
    } else if (rc == 0) {
        pdnp_error_set(err, PDN_ESYNTAX, PDN_SEV_ERROR, NULL, 0,
                       "no game in the input");
    }
    pdn_reader_free(r);
    return g;
}
