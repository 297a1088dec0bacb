/* SPDX-License-Identifier: MIT */
/* Canonical PDN output: standard tags first, moves in canonical form, move
 * numbers recomputed from the line, variations written with an explicit
 * stack. Reading the output and writing it again gives the same bytes. */
#include <config.h>
#include "model/game_private.h"
#include "pdn/variant.h"
#include "pdn/writer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define COLS 80


typedef struct wr {
    pdnp_buf *b;
    unsigned flags;
    size_t col;   /* column of the next byte on the current line */
    int fold;     /* fold lines at COLS */
    const char *nl;
    int lossy;    /* a character had no Latin-1 form */
    int glue;     /* the next token follows without a space ("(") */
    pdn_write_fn *fn; /* sink to flush to, or NULL: keep all in b */
    void *ud;
    int werr;     /* the sink failed */
    const char *bad; /* what cannot be written so that it reads back */
    int badcode;
} wr;

#define FLUSH 65536
#define GAME_GUESS 1023

/* pdnp_buf_add with its common case (room left) inline: the writer puts
 * a few bytes at a time. */
static inline int
put(wr *w, const char *s, size_t n)
{
    pdnp_buf *b = w->b;

    if (b->cap - b->len <= n && pdnp_buf_reserve(b, n) < 0)
        return -1;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

/* Line ends follow PDN_WRITE_CRLF; the column restarts. */
static int
newline(wr *w)
{
    w->col = 0;
    if (put(w, w->nl, strlen(w->nl)) < 0)
        return -1;
    if (w->fn != NULL && w->b->len >= FLUSH) {
        if (w->fn(w->b->data, w->b->len, w->ud) < 0) {
            w->werr = 1;
            return -1;
        }
        pdnp_buf_clear(w->b);
    }
    return 0;
}

/* Appends UTF-8 text, as Latin-1 when asked. Tracks the column. */
static int
text(wr *w, const char *s, size_t n)
{
    size_t i, last_nl = (size_t)-1;

    if (!(w->flags & PDN_WRITE_LATIN1)) {
        if (put(w, s, n) < 0)
            return -1;
    } else {
        for (i = 0; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c < 0x80) {
                if (pdnp_buf_addc(w->b, (char)c) < 0)
                    return -1;
            } else if ((c == 0xC2 || c == 0xC3) && i + 1 < n &&
                       ((unsigned char)s[i + 1] & 0xC0) == 0x80) {
                unsigned cp = ((c & 0x1Fu) << 6) | (s[i + 1] & 0x3Fu);
                if (pdnp_buf_addc(w->b, (char)cp) < 0)
                    return -1;
                i++;
            } else {
                /* No Latin-1 form: one '?' for the whole sequence. */
                while (i + 1 < n &&
                       ((unsigned char)s[i + 1] & 0xC0) == 0x80)
                    i++;
                w->lossy = 1;
                if (pdnp_buf_addc(w->b, '?') < 0)
                    return -1;
            }
        }
    }
    for (i = 0; i < n; i++)
        if (s[i] == '\n')
            last_nl = i;
    if (last_nl != (size_t)-1)
        w->col = n - last_nl - 1;
    else
        w->col += n;
    return 0;
}

/* The space or, when folding, the line end before a token of n bytes. */
static inline int
before_token(wr *w, size_t n)
{
    if (w->glue) {
        w->glue = 0;
        if (w->fold && w->col + n > COLS && newline(w) < 0)
            return -1;
    } else if (w->col > 0) {
        if (w->fold && w->col + 1 + n > COLS) {
            if (newline(w) < 0)
                return -1;
        } else if (put(w, " ", 1) < 0) {
            return -1;
        } else {
            w->col++;
        }
    }
    return 0;
}

/* One movetext token, preceded by a space or, when folding, a line end. */
static int
token(wr *w, const char *s, size_t n)
{
    return before_token(w, n) < 0 ? -1 : text(w, s, n);
}

/* A token of ASCII without line ends (a move as formatted, its number):
 * no conversion, no line end to look for. s has 16 bytes to read, so
 * that a short token is copied in one fixed-size move. */
static int
ascii_token(wr *w, const char *s, size_t n)
{
    pdnp_buf *b = w->b;

    if (before_token(w, n) < 0)
        return -1;
    if (n <= 16 && b->data != NULL && b->cap - b->len > 16) {
        memcpy(b->data + b->len, s, 16);
        b->len += n;
        b->data[b->len] = '\0';
    } else if (put(w, s, n) < 0) {
        return -1;
    }
    w->col += n;
    return 0;
}

static int
comment(wr *w, const char *c)
{
    int rc, semi = 0;
    pdnp_buf t;
    pdnp_buf_init(&t);
    /* A '}' cannot stand in a {} comment: a one-line text (as read from a
     * ';' comment) is written as a ';' comment; any other is refused (the
     * setters refuse it too), never changed. */
    if (!pdnp_comment_ok(c)) {
        w->bad = "a comment holding '}' over several lines (or with blanks "
                 "at its ends) cannot be written as PDN";
        w->badcode = PDN_ESYNTAX;
        return -1;
    }
    if (strchr(c, '}') != NULL) {
        semi = 1;
        if (pdnp_buf_adds(&t, "; ") < 0 || pdnp_buf_adds(&t, c) < 0)
            goto oom;
    } else if (pdnp_buf_addc(&t, '{') < 0 || pdnp_buf_adds(&t, c) < 0 ||
               pdnp_buf_addc(&t, '}') < 0) {
        goto oom;
    }
    rc = token(w, t.data, t.len);
    if (rc == 0 && semi)
        rc = newline(w);
    pdnp_buf_free(&t);
    return rc;
oom:
    pdnp_buf_free(&t);
    return -1;
}

/* Comments of one list, each as a token (they may fold between them). */
static int
comments(wr *w, const pdnp_list *l)
{
    const pdnp_item *it;
    for (it = l->first; it != NULL; it = it->next)
        if (comment(w, it->u.s) < 0)
            return -1;
    return 0;
}

static int
tag_line(wr *w, const char *name, const char *value)
{
    const char *v;
    if (!pdnp_tag_name_ok(name) || !pdnp_tag_value_ok(value)) {
        w->bad = "a tag name with a blank, '[', ']' or '\"', or a tag value "
                 "with a line break, cannot be written as PDN";
        w->badcode = PDN_ETAG;
        return -1;
    }
    if (put(w, "[", 1) < 0 || put(w, name, strlen(name)) < 0 ||
        put(w, " \"", 2) < 0)
        return -1;
    /* '"' is escaped; a backslash only where the reader would take it
     * for an escape. */
    for (v = value; *v != '\0'; v++) {
        if (*v == '"') {
            if (put(w, "\\\"", 2) < 0)
                return -1;
        } else if (*v == '\\' && (v[1] == '\\' || v[1] == '"')) {
            if (put(w, "\\\\", 2) < 0)
                return -1;
        } else {
            size_t run = strcspn(v, "\"\\");
            if (run == 0)
                run = 1;
            /* the line ends after the value: no column to keep */
            if ((w->flags & PDN_WRITE_LATIN1 ? text(w, v, run)
                                             : put(w, v, run)) < 0)
                return -1;
            v += run - 1;
        }
    }
    if (put(w, "\"]", 2) < 0)
        return -1;
    return newline(w);
}

typedef struct wframe {
    const pdn_node *cur;
    const pdn_node *pvar; /* next variation of the last written move */
    unsigned long num, vnum;
    int side, vside;      /* 0: first mover's move, 1: second's */
    int need_num;         /* write "N..." before a second-mover move */
} wframe;

/* A move with its number (when written), glued strength, then its NAGs.
 * The number and the move form one token so that folding never
 * separates them. */
static int
move_token(wr *w, const pdn_node *n, wframe *f, int write_num)
{
    char buf[PDN_PATH_MAX * 5 + 64];
    size_t o = 0;
    const pdnp_item *it;

    if (write_num) {
        o = pdnp_utoa_small(f->num, buf);
        memcpy(buf + o, f->side ? "... " : ". ", f->side ? 4 : 2);
        o += f->side ? 4 : 2;
    }
    if (n->has_move) {
        size_t m = pdn_movetext_format(&n->mt, buf + o, sizeof buf - o);
        /* A move that reads as a result ("1-1", from "01-1") keeps a
         * leading zero, so that it reads back as the same move. */
        if (m < sizeof buf - o - 1 && (m == 3 || m == 7) &&
            pdn_result_token(buf + o, m) != NULL) {
            memmove(buf + o + 1, buf + o, m + 1);
            buf[o] = '0';
            m++;
        }
        o += m;
    } else
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s", n->text);
    if (o >= sizeof buf - 16)
        o = sizeof buf - 16;
    if (PDNP_XV(n, strength) != NULL) {
        /* The strength is glued to the move, however long. */
        size_t sl = strlen(n->x->strength);
        if (o + sl > sizeof buf) {
            if (token(w, buf, o) < 0 || text(w, n->x->strength, sl) < 0)
                return -1;
            o = 0;
        } else {
            memcpy(buf + o, n->x->strength, sl);
            o += sl;
        }
    }
    /* buf is longer than 16 bytes: ascii_token may read them all */
    if (o > 0 && (n->has_move && PDNP_XV(n, strength) == NULL
                      ? ascii_token(w, buf, o) : token(w, buf, o)) < 0)
        return -1;
    for (it = PDNP_XL(n, nags)->first; it != NULL; it = it->next) {
        size_t k = 1;
        buf[0] = '$';
        if (it->u.nag < 0) /* only a hand-built game can hold one */
            k = (size_t)snprintf(buf, sizeof buf, "$%d", it->u.nag);
        else
            k += pdnp_utoa((unsigned long)it->u.nag, buf + 1);
        if (token(w, buf, k) < 0)
            return -1;
    }
    return 0;
}

static int
setup_token(wr *w, const char *fen)
{
    pdnp_buf t;
    int rc;
    pdnp_buf_init(&t);
    rc = pdnp_buf_printf(&t, "/FEN \"%s\"/", fen);
    if (rc == 0)
        rc = token(w, t.data, t.len);
    pdnp_buf_free(&t);
    return rc;
}

/* The number and side (1: the second mover) of g's first move. From the
 * initial position: 1, the first mover. From a FEN: its side to move
 * against the first mover of the GameType tag (else of a Variant tag
 * naming one); when neither says, the side the first move was written
 * for. The number is the one written before the first move, else the
 * FEN's full-move counter (":F12"), else 1. */
static void
first_move(const pdn_game *g, unsigned long *num, int *side)
{
    const char *fen = pdn_game_tag(g, "FEN"), *t, *f;
    pdn_gametype gt;
    char start = 0;

    *num = 1;
    *side = 0;
    if (fen == NULL)
        return;
    if ((t = pdn_game_tag(g, "GameType")) != NULL) {
        if (pdn_gametype_parse(t, &gt, NULL) >= 0)
            start = gt.start;
    } else if ((t = pdn_game_tag(g, "Variant")) != NULL &&
               pdn_gametype_by_name(t, &gt) == 0) {
        start = gt.start;
    }
    while (*fen == ' ' || *fen == '\t')
        fen++;
    if (start != 0 && (*fen == 'W' || *fen == 'B'))
        *side = *fen != start;
    else if (g->first != NULL && g->first->number != 0)
        *side = g->first->ellipsis != 0;
    if (g->first != NULL && g->first->number != 0) {
        *num = g->first->number;
    } else if ((f = strstr(fen, ":F")) != NULL && f[2] >= '1' &&
               f[2] <= '9') {
        unsigned long v = pdnp_move_number(f + 2, strspn(f + 2, "0123456789"));
        if (v != 0)
            *num = v;
    }
}

/* The move tree, depth first, with an explicit stack of lines: each frame
 * remembers where its line continues after the variations of its last
 * move. The writer owns move numbers: they are counted in plies from the
 * first move's (first_move), in variations as in the line they leave,
 * whatever numbers the input had; "N..." is written where the reader
 * needs it (at the start of a line, after a comment or a variation). */
static int
movetext(wr *w, const pdn_game *g)
{
    wframe *st;
    size_t n, cap = 16;
    int rc = -1;

    if (g->first == NULL)
        return 0;
    st = pdnp_malloc(cap * sizeof *st);
    if (st == NULL)
        return -1;
    memset(&st[0], 0, sizeof st[0]);
    st[0].cur = g->first;
    first_move(g, &st[0].num, &st[0].side);
    st[0].need_num = 1;
    n = 1;
    while (n > 0) {
        wframe *f = &st[n - 1];
        const pdn_node *x;
        if (f->pvar != NULL) {
            const pdn_node *v = f->pvar;
            f->pvar = PDNP_XV(v, sib);
            f->need_num = 1;
            if (token(w, "(", 1) < 0)
                goto done;
            w->glue = 1;
            if (n == cap) {
                wframe *s2 = pdnp_realloc(st, cap * 2 * sizeof *st);
                if (s2 == NULL)
                    goto done;
                st = s2;
                cap *= 2;
                f = &st[n - 1];
            }
            memset(&st[n], 0, sizeof st[n]);
            st[n].cur = v;
            st[n].num = f->vnum;
            st[n].side = f->vside;
            st[n].need_num = 1;
            n++;
            continue;
        }
        if (f->cur == NULL) {
            if (n > 1) {
                if (w->fold && w->col + 1 > COLS && newline(w) < 0)
                    goto done;
                if (text(w, ")", 1) < 0)
                    goto done;
                st[n - 2].need_num = 1;
            }
            n--;
            continue;
        }
        x = f->cur;
        if (comments(w, PDNP_XL(x, before)) < 0)
            goto done;
        if (PDNP_XV(x, setup) != NULL && setup_token(w, x->x->setup) < 0)
            goto done;
        if (PDNP_XL(x, before)->count > 0 || PDNP_XV(x, setup) != NULL)
            f->need_num = 1;
        if (move_token(w, x, f, f->side == 0 || f->need_num) < 0)
            goto done;
        f->need_num = 0;
        if (comments(w, PDNP_XL(x, after)) < 0)
            goto done;
        if (PDNP_XL(x, after)->count > 0)
            f->need_num = 1;
        f->vnum = f->num;
        f->vside = f->side;
        f->pvar = PDNP_XV(x, var);
        if (f->side) {
            if (f->num < PDNP_NUM_MAX)
                f->num++;
            f->side = 0;
        } else {
            f->side = 1;
        }
        f->cur = x->next;
    }
    rc = 0;
done:
    pdnp_free(st);
    return rc;
}

/* The whole game: tags, movetext, game comments, terminator and a blank
 * line, into b. With a sink, b is flushed to it at line ends once it
 * holds FLUSH bytes, so a huge game is not held twice. Returns 0, -1 on
 * memory shortage, -2 on a sink error. */
static int
render(pdnp_buf *b, const pdn_game *g, unsigned flags, int *lossy,
       pdn_write_fn *fn, void *ud, const char **bad, int *badcode)
{
    wr w;
    pdnp_tagiter it;
    long i;
    int add_result;
    const char *res = g->result != NULL ? g->result : "*", *tag;
    int compat = (flags & PDN_WRITE_COMPAT) != 0;
    int own = (flags & (PDN_WRITE_COMPAT | PDN_WRITE_KEEP_RESULT)) != 0;

    /* A decided terminator that its Result tag contradicts is written as
     * it is: '*' would give the game the tag's result when read back. */
    tag = pdn_game_tag(g, "Result");
    if (!own && strcmp(res, "*") != 0 && tag != NULL &&
        (pdn_result_token(tag, strlen(tag)) == NULL ||
         strcmp(pdn_result_token(tag, strlen(tag)), res) != 0))
        own = 1;

    memset(&w, 0, sizeof w);
    w.b = b;
    w.fn = fn;
    w.ud = ud;
    w.flags = compat ? flags : flags & ~(unsigned)PDN_WRITE_LATIN1;
    w.fold = compat;
    w.nl = (flags & PDN_WRITE_CRLF) ? "\r\n" : "\n";
    /* PDN 3.0 ends every game with '*' and keeps the result in the
     * Result tag, added (last of the standard tags) when missing. */
    add_result = !own && !(flags & PDN_WRITE_KEEP_TAGS) &&
                 strcmp(res, "*") != 0 && pdn_game_tag(g, "Result") == NULL;
    if (flags & PDN_WRITE_KEEP_TAGS) {
        /* input order, as read */
        for (i = 0; i < (long)g->ntags; i++)
            if (tag_line(&w, PDNP_TAG(g, i)->name, PDNP_TAG(g, i)->value) < 0)
                goto fail;
        goto body;
    }
    pdnp_tagiter_init(g, &it);
    while (it.k < PDNP_NSTD) {
        size_t f = it.first[it.k++];
        if (f != (size_t)-1 &&
            tag_line(&w, PDNP_TAG(g, f)->name, PDNP_TAG(g, f)->value) < 0)
            goto fail;
    }
    if (add_result && tag_line(&w, "Result", res) < 0)
        goto fail;
    while ((i = pdnp_tagiter_next(g, &it)) >= 0)
        if (tag_line(&w, PDNP_TAG(g, i)->name, PDNP_TAG(g, i)->value) < 0)
            goto fail;
body:
    if (movetext(&w, g) < 0 || comments(&w, &g->comments) < 0)
        goto fail;
    if (token(&w, own ? res : "*", strlen(own ? res : "*")) < 0 ||
        newline(&w) < 0 || newline(&w) < 0)
        goto fail;
    *lossy = w.lossy;
    return 0;
fail:
    if (w.bad != NULL && bad != NULL) {
        *bad = w.bad;
        *badcode = w.badcode;
    }
    return w.werr ? -2 : w.bad != NULL ? -3 : -1;
}

char *
pdn_game_to_string(const pdn_game *g, unsigned flags, size_t *len,
                   pdn_error *err)
{
    pdnp_buf b;
    int lossy = 0, rc = 0, code = 0;
    const char *bad = NULL;
    char *out;

    pdnp_buf_init(&b);
    /* Room for most games at once (OCA's average 510 bytes), rather
     * than growing from 64 bytes by doubling. */
    if (g == NULL || pdnp_buf_reserve(&b, GAME_GUESS) < 0 ||
        (rc = render(&b, g, flags, &lossy, NULL, NULL, &bad, &code)) < 0 ||
        pdnp_buf_reserve(&b, 0) < 0) {
        pdnp_buf_free(&b);
        if (rc == -3)
            pdnp_error_set(err, code, PDN_SEV_ERROR, NULL, g->number, "%s",
                           bad);
        else
            pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                           g == NULL ? "no game" : "out of memory");
        return NULL;
    }
    if (lossy)
        pdnp_error_set(err, PDN_EENCODING, PDN_SEV_WARNING, NULL,
                       g->number,
                       "text with no ISO-8859-1 form written as '?'");
    /* pdnp buffers come from malloc/realloc (alloc.c), so the caller can
     * free() this one: no copy of a possibly huge text. */
    out = b.data;
    if (len != NULL)
        *len = b.len;
    return out;
}

int
pdn_write_game_cb(pdn_write_fn *fn, void *ud, const pdn_game *g,
                  unsigned flags, pdn_error *err)
{
    pdnp_buf b;
    int lossy = 0, rc, code = 0;
    const char *bad = NULL;

    pdnp_buf_init(&b);
    rc = g != NULL ? render(&b, g, flags, &lossy, fn, ud, &bad, &code) : -1;
    if (rc == -3) {
        /* what the sink already has is the game's start only */
        pdnp_error_set(err, code, PDN_SEV_ERROR, NULL, g->number, "%s", bad);
        pdnp_buf_free(&b);
        return -1;
    }
    if (rc == -2) {
        pdnp_error_set(err, PDN_EIO, PDN_SEV_ERROR, NULL, g->number,
                       "write error: %s", strerror(errno));
        pdnp_buf_free(&b);
        return -1;
    }
    if (rc < 0 || pdnp_buf_reserve(&b, 0) < 0) {
        pdnp_buf_free(&b);
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       g == NULL ? "no game" : "out of memory");
        return -1;
    }
    if (b.len > 0 && fn(b.data, b.len, ud) < 0) {
        pdnp_error_set(err, PDN_EIO, PDN_SEV_ERROR, NULL, g->number,
                       "write error: %s", strerror(errno));
        pdnp_buf_free(&b);
        return -1;
    }
    pdnp_buf_free(&b);
    if (lossy) {
        pdnp_error_set(err, PDN_EENCODING, PDN_SEV_WARNING, NULL,
                       g->number,
                       "text with no ISO-8859-1 form written as '?'");
        return 1;
    }
    return 0;
}

/* stdio sink: a short write is an error with errno from stdio. */
static int
file_sink(const char *buf, size_t len, void *ud)
{
    FILE *fp = ud;
    if (len > 0 && fwrite(buf, 1, len, fp) != len) {
        if (errno == 0)
            errno = EIO;
        return -1;
    }
    return 0;
}

int
pdn_write_game(FILE *out, const pdn_game *g, unsigned flags, pdn_error *err)
{
    if (out == NULL) {
        pdnp_error_set(err, PDN_EIO, PDN_SEV_ERROR, NULL, 0,
                       "write error: no output stream");
        return -1;
    }
    errno = 0;
    return pdn_write_game_cb(file_sink, out, g, flags, err);
}
