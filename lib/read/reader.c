/* SPDX-License-Identifier: MIT */
/* The public reader API: a reader over memory, a FILE or a callback, its
 * limits and warning callback, and pdn_reader_next, which reads one game
 * (parser.c), recovers from a broken one, settles its encoding and gives
 * it its raw text. */
#include <config.h>
#include "reader_private.h"

#include <string.h>

#define DEFAULT_DEPTH 256
#define DEFAULT_TOKEN (1u << 18)
#define DEFAULT_GAME ((size_t)1 << 20)
/* What a game holds (moves, tags, comments) may take this many times
 * max_game bytes of memory. */
#define MODEL_FACTOR 4

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
    r->dg.name = r->name;
    pdnp_lex_init(&r->lx, &r->dg);
    pdn_reader_set_limits(r, 0, 0, 0);
    pdnp_buf_init(&r->tbuf);
    return r;
}

pdn_reader *
pdn_reader_new_mem(const char *buf, size_t len, const char *name)
{
    pdn_reader *r = reader_new(name);
    if (r != NULL)
        pdnp_input_init_mem(&r->lx.in, buf, len);
    return r;
}

pdn_reader *
pdn_reader_new_file(FILE *fp, const char *name)
{
    pdn_reader *r = reader_new(name);
    if (r != NULL)
        pdnp_input_init_file(&r->lx.in, fp);
    return r;
}

pdn_reader *
pdn_reader_new_cb(pdn_read_fn *fn, void *ud, const char *name)
{
    pdn_reader *r = reader_new(name);
    if (r != NULL)
        pdnp_input_init_cb(&r->lx.in, fn, ud);
    return r;
}

void
pdn_reader_free(pdn_reader *r)
{
    if (r == NULL)
        return;
    pdnp_lex_free(&r->lx);
    pdnp_buf_free(&r->tbuf);
    pdn_game_free(r->g);
    pdnp_free(r->hi);
    pdnp_free(r->cpev);
    pdnp_free(r->frames);
    pdnp_free(r->name);
    pdnp_free(r);
}

void
pdn_reader_set_warning_fn(pdn_reader *r, pdn_diag_fn *fn, void *ud)
{
    if (r == NULL)
        return;
    r->dg.warn_fn = fn;
    r->dg.warn_ud = ud;
}

void
pdn_reader_set_limits(pdn_reader *r, size_t max_depth, size_t max_token,
                      size_t max_game)
{
    if (r == NULL)
        return;
    r->max_depth = max_depth ? max_depth : DEFAULT_DEPTH;
    r->lx.max_token = max_token ? max_token : DEFAULT_TOKEN;
    r->lx.max_game = max_game ? max_game : DEFAULT_GAME;
    /* Saturating: a huge limit must not wrap around. */
    r->max_model = r->lx.max_game <= (size_t)-1 / MODEL_FACTOR
                       ? r->lx.max_game * MODEL_FACTOR
                       : (size_t)-1;
    r->lx.max_window = r->lx.max_game <= (size_t)-1 - PDNP_SLACK
                        ? r->lx.max_game + PDNP_SLACK
                        : (size_t)-1;
}

int
pdn_reader_set_base(pdn_reader *r, unsigned long game, const pdn_pos *pos)
{
    pdnp_input *in;

    if (r == NULL || game == 0 || r->ngames != 0 || r->lx.in.base != 0 ||
        r->lx.in.line != 1 || r->stopped)
        return -1;
    in = &r->lx.in;
    r->ngames = game - 1;
    if (pos != NULL && pos->line > 0) {
        size_t col = pos->column > 0 ? pos->column - 1 : 0;
        in->line = pos->line;
        in->base = pos->offset;
        in->line_off = col <= pos->offset ? pos->offset - col : 0;
    }
    return 0;
}

int
pdn_reader_tell(const pdn_reader *r, pdn_pos *pos)
{
    if (r == NULL || pos == NULL || r->stopped)
        return -1;
    *pos = pdnp_lex_game_pos(&r->lx);
    return 0;
}

int
pdn_reader_add_history(pdn_reader *r, const pdn_reader *from)
{
    int k;

    if (r == NULL || from == NULL)
        return -1;
    r->cpseen |= from->cpseen;
    if (from->cpev == NULL)
        return 0;
    if (r->cpev == NULL && (r->cpev = pdnp_calloc(1, sizeof *r->cpev)) ==
                               NULL)
        return -1;
    for (k = 0; k < PDNP_NCP; k++) {
        r->cpev->fit[k] += from->cpev->fit[k];
        r->cpev->misfit[k] += from->cpev->misfit[k];
        r->cpev->letters[k] += from->cpev->letters[k];
        r->cpev->cost[k] += from->cpev->cost[k];
    }
    r->cpev->words += from->cpev->words;
    r->cpev->c1 += from->cpev->c1;
    return 0;
}

unsigned long
pdn_reader_game_count(const pdn_reader *r)
{
    return r != NULL ? r->ngames : 0;
}

/* The stored string of slot i. */
static const char **
hi_slot(pdn_reader *r, size_t i)
{
    return r->hi[i].tag >= 0 ? &PDNP_TAG(r->g, r->hi[i].tag)->value
                             : r->hi[i].slot;
}

/* The code page of a game that is not UTF-8 (see pdn_game_encoding),
 * from the words of its strings, joined in tbuf. */
static int
choose_codepage(pdn_reader *r)
{
    pdn_game *g = r->g;
    pdnp_cpev ev;
    int cp, k;
    size_t i;

    pdnp_buf_clear(&r->tbuf);
    for (i = 0; i < r->nhi; i++) {
        const char *s = *hi_slot(r, i);
        if (pdnp_buf_add(&r->tbuf, s, strlen(s)) < 0 ||
            pdnp_buf_addc(&r->tbuf, '\n') < 0)
            return pdnp_nomem(&r->dg);
    }
    if (r->cpev == NULL && (r->cpev = pdnp_calloc(1, sizeof *r->cpev)) ==
                               NULL)
        return pdnp_nomem(&r->dg);
    memset(&ev, 0, sizeof ev);
    pdnp_cp_scan(&ev, r->tbuf.data, r->tbuf.len);
    cp = pdnp_cp_verdict(&ev, r->tbuf.data, r->tbuf.len);
    for (k = 0; k < PDNP_NCP; k++) {
        r->cpev->fit[k] += ev.fit[k];
        r->cpev->misfit[k] += ev.misfit[k];
        r->cpev->letters[k] += ev.letters[k];
        r->cpev->cost[k] += ev.cost[k];
    }
    r->cpev->words += ev.words;
    r->cpev->c1 += ev.c1;
    g->cp_sure = 1;
    if (cp != PDNP_CP_UNSURE) {
        r->cpseen |= 1u << cp;
    } else if ((r->cpseen & (r->cpseen - 1)) == 0 &&
               (cp = pdnp_cp_verdict(r->cpev, NULL, 0)) != PDNP_CP_UNSURE) {
        g->cp_input = 1;
    } else {
        cp = PDNP_CP1252;
        g->cp_sure = 0;
    }
    g->cp = (unsigned char)(cp + 1);
    return cp;
}

int
pdnp_fix_encoding(pdn_reader *r)
{
    size_t i;
    int valid = 1, cp;
    pdn_game *g = r->g;

    for (i = 0; i < r->nhi && valid; i++) {
        const char *s = *hi_slot(r, i);
        valid = pdnp_utf8_valid(s, strlen(s));
    }
    if (valid)
        return 0;
    if ((cp = choose_codepage(r)) < 0)
        return -1;
    if (cp == PDNP_CP1252)
        pdnp_warn(&r->dg, PDN_EENCODING, &g->pos,
                  "text is not valid UTF-8; read as CP1252/Latin-1");
    else
        pdnp_warn(&r->dg, PDN_EENCODING, &g->pos,
                  "text is not valid UTF-8; read as %s%s",
                  pdn_codepage_name((pdn_codepage)g->cp),
                  g->cp_input ? ", as the input's earlier games" : "");
    for (i = 0; i < r->nhi; i++) {
        const char **slot = hi_slot(r, i);
        char *d;
        pdnp_buf_clear(&r->tbuf);
        if (pdnp_cp_to_utf8(&r->tbuf, *slot, strlen(*slot), cp) < 0)
            return pdnp_nomem(&r->dg);
        d = pdnp_arena_strndup(&g->arena, r->tbuf.data, r->tbuf.len);
        if (d == NULL)
            return pdnp_nomem(&r->dg);
        *slot = d;
    }
    return 0;
}

int
pdn_game_encoding(const pdn_game *g, pdn_encoding *enc)
{
    pdnp_cpev ev;
    int k;

    if (g == NULL || enc == NULL)
        return -1;
    memset(enc, 0, sizeof *enc);
    enc->cp = (pdn_codepage)g->cp;
    enc->sure = g->cp == PDN_CP_UTF8 || g->cp_sure;
    enc->from_input = g->cp_input;
    if (g->cp == PDN_CP_UTF8 || g->raw == NULL)
        return 0;
    /* the evidence: the words of the game's text as written */
    memset(&ev, 0, sizeof ev);
    pdnp_cp_scan(&ev, g->raw, g->raw_len);
    enc->words = ev.words;
    for (k = 0; k < PDNP_NCP; k++) {
        enc->fit[k + 1] = ev.fit[k];
        if (k != PDNP_CP1252 && ev.letters[k] >= 8)
            enc->rarity[k + 1] =
                (double)ev.cost[k] / 100.0 / (double)ev.letters[k];
    }
    return 0;
}

const char *
pdn_codepage_name(pdn_codepage cp)
{
    static const char *const names[PDN_CP_COUNT] = {
        "UTF-8", "Windows-1252", "CP1251", "KOI8-R", "CP866"};
    return (int)cp >= 0 && cp < PDN_CP_COUNT ? names[cp] : NULL;
}

char *
pdn_text_decode(pdn_codepage cp, const char *s, size_t n, size_t *len)
{
    pdnp_buf b;
    int rc;

    if ((int)cp < 0 || cp >= PDN_CP_COUNT || (s == NULL && n != 0))
        return NULL;
    pdnp_buf_init(&b);
    rc = cp == PDN_CP_UTF8 ? pdnp_buf_add(&b, s != NULL ? s : "", n)
                           : pdnp_cp_to_utf8(&b, s, n, (int)cp - 1);
    if (rc < 0 || pdnp_buf_reserve(&b, 1) < 0) {
        pdnp_buf_free(&b);
        return NULL;
    }
    b.data[b.len] = '\0';
    if (len != NULL)
        *len = b.len;
    return b.data;
}

/* Gives the game its raw text, up to end (window index): the window's
 * own buffer for a big game read from a file, the arena for a usual one,
 * a block of its own otherwise. 0, or -1 when memory runs out. */
static int
take_raw(pdn_reader *r, size_t end)
{
    pdn_game *g = r->g;
    char *raw;
    size_t n;
    int own;

    if (pdnp_lex_take_raw(&r->lx, end, &raw, &n, &own) < 0)
        return -1;
    if (own) {
        g->raw = raw;
    } else if (n < ((size_t)1 << 16)) {
        /* A game of usual size keeps its text in its arena: no allocation
         * of its own. */
        g->raw = pdnp_arena_strndup(&g->arena, raw, n);
        g->raw_arena = 1;
        if (g->raw == NULL)
            return pdnp_nomem(&r->dg);
    } else {
        g->raw = pdnp_malloc(n + 1);
        if (g->raw == NULL)
            return pdnp_nomem(&r->dg);
        memcpy(g->raw, raw, n);
        g->raw[n] = '\0';
    }
    g->raw_len = n;
    return 0;
}

/* A game read (perhaps broken): its encoding, its raw text. 0, or -1 on a
 * fatal error. */
static int
finish_game(pdn_reader *r)
{
    if (r->high && pdnp_fix_encoding(r) < 0)
        return -1;
    if (r->g->raw != NULL) {
        /* Over the size limit: skipping it took what it holds. */
        pdnp_lex_next_game(&r->lx);
        return r->dg.fatal ? -1 : 0;
    }
    pdnp_lex_only_trailer(&r->lx);
    if (r->dg.fatal)
        return -1;
    return take_raw(r, r->lx.pos);
}

int
pdn_reader_next(pdn_reader *r, pdn_game **out, pdn_error *err)
{
    int rc;

    pdn_error_clear(err); /* a game read cleanly leaves no stale record */
    if (out != NULL)
        *out = NULL;
    if (r == NULL)
        return pdnp_error_arg(err, "pdn_reader_next", "r");
    if (r->stopped)
        return 0;
    pdn_error_clear(&r->dg.e);
    pdnp_lex_drop_read(&r->lx);
    r->g = NULL;
    rc = pdnp_parse_game(r);
    if (rc < 0 && !r->dg.fatal)
        pdnp_skip_game(r);
    if (rc == 2)
        rc = -1; /* read to its end: nothing to skip */
    if (r->dg.fatal)
        goto fatal;
    if (rc == 0 && r->g == NULL) {
        pdn_pos pos;
        const char *what = pdnp_lex_binary(&r->lx, &pos);
        r->stopped = 1;
        if (what == NULL)
            return 0;
        /* Input that is not text: one error where it shows. */
        pdnp_fail(&r->dg, PDN_EENCODING, &pos, "%s", what);
        if (err != NULL)
            *err = r->dg.e;
        return -1;
    }
    if (r->g != NULL && finish_game(r) < 0)
        goto fatal;
    if (out != NULL)
        *out = r->g;
    else
        pdn_game_free(r->g);
    r->g = NULL;
    if (rc < 0) {
        if (err != NULL)
            *err = r->dg.e;
        return -1;
    }
    return 1;
fatal:
    r->stopped = 1;
    pdn_game_free(r->g);
    r->g = NULL;
    if (err != NULL)
        *err = r->dg.e;
    return -1;
}

pdn_game *
pdn_parse_string(const char *s, size_t len, pdn_error *err)
{
    pdn_reader *r;
    pdn_game *g = NULL;
    int rc;

    pdn_error_clear(err);
    if (len == 0 && s != NULL)
        len = strlen(s);
    r = pdn_reader_new_mem(s != NULL ? s : "", len, "<string>");
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
