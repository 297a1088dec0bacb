/* SPDX-License-Identifier: MIT */
/* PDN tokens from the input window: a const character-class table drives
 * the scan; tokens are spans of the window (or of r->sbuf when rewritten),
 * so no token is copied or allocated. Lines and byte columns are counted
 * here; CR, LF and CR LF all end a line. */
#include <config.h>
#include "reader_private.h"

#include <stdarg.h>
#include <string.h>

enum {
    C_OTHER = 0,
    C_WS = 1,   /* space, tab, FF, VT */
    C_NL = 2,   /* CR, LF */
    C_WORD = 4, /* may appear in a move, number or result */
    C_DIGIT = 8,
    C_ALPHA = 16
};

#define W C_WORD
#define D (C_WORD | C_DIGIT)
#define A (C_WORD | C_ALPHA)
static const unsigned char cls[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, C_WS, C_NL, C_WS, C_WS, C_NL, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /*  ! " # $ % & ' ( ) * + , - . / */
    C_WS, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, W, W, W,
    /* 0-9 : ; < = > ? */
    D, D, D, D, D, D, D, D, D, D, W, 0, 0, 0, 0, 0,
    /* @ A-O */
    0, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* P-Z [ \ ] ^ _ */
    A, A, A, A, A, A, A, A, A, A, A, 0, 0, 0, 0, 0,
    /* ` a-o */
    0, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* p-z { | } ~ DEL */
    A, A, A, A, A, A, A, A, A, A, A, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 0xBD is the Latin-1 one-half of "½-½"; 0xC2 leads its UTF-8 form */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, W, 0, 0,
    0, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};
#undef W
#undef D
#undef A

static void
diag(pdn_reader *r, pdn_error *e, int code, int sev, const pdn_pos *pos,
     const char *fmt, va_list ap)
{
    /* Text read between games belongs to the game after it. */
    pdnp_error_vset(e, code, sev, pos,
                    r->g != NULL ? r->g->number : r->ngames + 1, fmt, ap);
    pdnp_error_source(e, r->name);
}

void
pdnp_warn(pdn_reader *r, int code, const pdn_pos *pos, const char *fmt, ...)
{
    pdn_error w;
    va_list ap;

    if (r->warn_fn == NULL)
        return;
    pdn_error_clear(&w);
    va_start(ap, fmt);
    diag(r, &w, code, PDN_SEV_WARNING, pos, fmt, ap);
    va_end(ap);
    r->warn_fn(&w, r->warn_ud);
}

void
pdnp_fail(pdn_reader *r, int code, const pdn_pos *pos, const char *fmt, ...)
{
    va_list ap;

    if (r->e.code != PDN_OK)
        return;
    va_start(ap, fmt);
    diag(r, &r->e, code, PDN_SEV_ERROR, pos, fmt, ap);
    va_end(ap);
}

int
pdnp_lex_fill_to(pdn_reader *r, size_t i)
{
    while (i >= r->in.len) {
        long got;
        /* The window never holds more than max_game bytes of one game and
         * a look-ahead of PDNP_SLACK: past them the input looks ended to
         * every scanner, and a token that needed more is a limit error
         * (parse_game). */
        if (i - r->gstart > r->max_window) {
            r->over = 1;
            return 0;
        }
        got = pdnp_input_fill(&r->in);
        if (got == 0)
            return 0;
        if (got < 0) {
            if (got == -2) {
                r->fatal = PDN_ENOMEM;
                pdnp_fail(r, PDN_ENOMEM, NULL, "out of memory");
            } else {
                r->fatal = PDN_EIO;
                pdnp_fail(r, PDN_EIO, NULL, "read error: %s",
                          strerror(r->in.ioerr));
            }
            return 0;
        }
    }
    return 1;
}

/* Position of window byte idx on the current line (the lexer has counted
 * every line end before it). */
pdn_pos
pdnp_lex_pos(const pdn_reader *r, size_t idx)
{
    pdn_pos p;
    p.offset = r->in.base + idx;
    p.line = r->line;
    p.column = p.offset >= r->line_off ? p.offset - r->line_off + 1 : 1;
    return p;
}


/* Counts line ends in window bytes [from, to): comments and prose span
 * lines. A CR LF pair split across to is counted at the CR. */
void
pdnp_lex_count_lines(pdn_reader *r, size_t from, size_t to)
{
    const char *d = r->in.data;
    size_t i;
    for (i = from; i < to; i++) {
        if (d[i] == '\n') {
            r->line++;
            r->line_off = r->in.base + i + 1;
        } else if (d[i] == '\r') {
            if (i + 1 < to && d[i + 1] == '\n')
                i++;
            r->line++;
            r->line_off = r->in.base + i + 1;
        }
    }
}

/* Quotes window bytes [i, i+n) into a message argument. */
static const char *
quote(const pdn_reader *r, size_t i, size_t n, char *buf, size_t size)
{
    buf[0] = '\0';
    pdnp_quote(buf, size, r->in.data + i, n, 40);
    return buf;
}

/* Skips white space, line ends, '%' lines and the literal "\r" that some
 * exporters write. Returns 0 at the end of input. */
static inline int
skip_space(pdn_reader *r)
{
    size_t p = r->pos;
    const char *d;

    for (;;) {
        unsigned char c;
        size_t len = r->in.len;
        /* Fast path: runs of blanks and LF line ends. */
        d = r->in.data;
        while (p < len) {
            c = (unsigned char)d[p];
            if (c == ' ' || c == '\t') {
                p++;
            } else if (c == '\n') {
                p++;
                r->line++;
                r->line_off = r->in.base + p;
            } else {
                break;
            }
            r->ws_before = 1;
        }
        if (p >= len && !pdnp_lex_need(r, p)) {
            r->pos = p;
            return 0;
        }
        d = r->in.data;
        c = (unsigned char)d[p];
        /* Most tokens start with a word byte or '[', '{': done. */
        if ((cls[c] & C_WORD) || c == '[' || c == '{') {
            r->pos = p;
            return 1;
        }
        if (cls[c] & C_WS) {
            p++;
            r->ws_before = 1;
        } else if (c == '\n') {
            p++;
            r->line++;
            r->line_off = r->in.base + p;
            r->ws_before = 1;
        } else if (c == '\r') {
            p++;
            if (pdnp_lex_need(r, p) && r->in.data[p] == '\n')
                p++;
            r->line++;
            r->line_off = r->in.base + p;
            r->ws_before = 1;
        } else if (c == '%' && r->in.base + p == r->line_off) {
            /* Escape line: ignored to its end. */
            while (pdnp_lex_need(r, p) && r->in.data[p] != '\n' &&
                   r->in.data[p] != '\r')
                p++;
            r->ws_before = 1;
        } else if (c == '\\' && pdnp_lex_need(r, p + 1) &&
                   (r->in.data[p + 1] == 'r' || r->in.data[p + 1] == 'n')) {
            pdn_pos pos = pdnp_lex_pos(r, p);
            pdnp_warn(r, PDN_ESYNTAX, &pos,
                      "literal '\\%c' text read as white space",
                      r->in.data[p + 1]);
            p += 2;
            r->ws_before = 1;
        } else if (c == 0xEF && r->in.base + p == 0 &&
                   pdnp_lex_need(r, p + 2) &&
                   (unsigned char)r->in.data[p + 1] == 0xBB &&
                   (unsigned char)r->in.data[p + 2] == 0xBF) {
            pdn_pos pos = pdnp_lex_pos(r, p);
            pdnp_warn(r, PDN_EENCODING, &pos,
                      "UTF-8 byte order mark at the start skipped");
            p += 3;
            /* Columns stay byte counts; the BOM still occupies 3. */
        } else {
            r->pos = p;
            return 1;
        }
    }
}

/* Scans a word starting at p; returns the index past it. */
static size_t
scan_word(pdn_reader *r, size_t p)
{
    /* Never past the token limit: a huge "word" must not be buffered. */
    size_t stop = p + r->max_token + 1;
    for (;;) {
        const unsigned char *d = (const unsigned char *)r->in.data;
        size_t len = r->in.len < stop ? r->in.len : stop;
        while (p < len && (cls[d[p]] & C_WORD))
            p++;
        if (p < len || p >= stop || !pdnp_lex_need(r, p))
            return p;
    }
}

/* A word: digits, letters, separators, dots and slashes. A trailing
 * separator followed by blanks and a square is joined ("1- 7"); a run of
 * ! and ? right after it is its strength mark. */
static int
lex_word(pdn_reader *r)
{
    size_t p = scan_word(r, r->pos), q;
    const char *d = r->in.data;
    char last = d[p - 1];

    r->tok = PDNP_T_WORD;
    r->vstart = r->tstart;
    r->vlen = p - r->tstart;
    if (r->vlen > r->max_token) {
        pdnp_fail(r, PDN_ELIMIT, &r->tpos, "token longer than %zu bytes",
                  r->max_token);
        r->pos = p;
        return r->tok = PDNP_T_ERROR;
    }
    /* "1- 7", "35x 4": a move split by spaces after its separator. */
    if ((last == '-' || last == 'x' || last == ':') && r->vlen > 1 &&
        (cls[(unsigned char)d[p - 2]] & (C_DIGIT | C_ALPHA))) {
        q = p;
        while (pdnp_lex_need(r, q) &&
               (r->in.data[q] == ' ' || r->in.data[q] == '\t'))
            q++;
        if (q > p && pdnp_lex_need(r, q) &&
            (cls[(unsigned char)r->in.data[q]] & C_DIGIT)) {
            size_t e = scan_word(r, q);
            pdn_movetext mt;
            pdnp_buf_clear(&r->sbuf);
            if (pdnp_buf_add(&r->sbuf, r->in.data + r->tstart, r->vlen) <
                    0 ||
                pdnp_buf_add(&r->sbuf, r->in.data + q, e - q) < 0) {
                r->fatal = PDN_ENOMEM;
                pdnp_fail(r, PDN_ENOMEM, NULL, "out of memory");
                return r->tok = PDNP_T_ERROR;
            }
            if (pdnp_movetext_parse(r->sbuf.data, r->sbuf.len, &mt) == 0) {
                r->vbuf = 1;
                r->vlen = r->sbuf.len;
                r->joined = 1;
                p = e;
            }
        }
    }
    /* A strength mark glued to the word belongs to it. */
    q = p;
    while (pdnp_lex_need(r, q) &&
           (r->in.data[q] == '!' || r->in.data[q] == '?'))
        q++;
    r->slen = q - p;
    r->pos = q;
    return r->tok;
}

/* '{' comment: up to the next '}'; does not nest. */
static int
lex_comment(pdn_reader *r)
{
    size_t p = r->pos + 1;
    const char *close;

    for (;;) {
        close = r->in.len > p
                    ? memchr(r->in.data + p, '}', r->in.len - p)
                    : NULL;
        if (close != NULL)
            break;
        if (r->in.len - r->tstart > r->max_token + 1) {
            /* Cut at the limit; recovery reads on from there. */
            size_t cut = r->tstart + r->max_token + 1;
            pdnp_fail(r, PDN_ELIMIT, &r->tpos,
                      "comment longer than %zu bytes", r->max_token);
            pdnp_lex_count_lines(r, r->tstart, cut);
            r->pos = cut;
            return r->tok = PDNP_T_ERROR;
        }
        if (!pdnp_lex_need(r, r->in.len)) {
            if (r->fatal)
                return r->tok = PDNP_T_ERROR;
            pdnp_fail(r, PDN_ESYNTAX, &r->tpos,
                      "unterminated comment '{' (no closing '}')");
            pdnp_lex_count_lines(r, r->tstart, r->in.len);
            r->pos = r->in.len;
            return r->tok = PDNP_T_ERROR;
        }
    }
    {
        size_t e = (size_t)(close - r->in.data);
        if (e - r->tstart - 1 > r->max_token) {
            pdnp_fail(r, PDN_ELIMIT, &r->tpos,
                      "comment longer than %zu bytes", r->max_token);
            pdnp_lex_count_lines(r, r->tstart, e + 1);
            r->pos = e + 1;
            return r->tok = PDNP_T_ERROR;
        }
        r->vstart = r->tstart + 1;
        r->vlen = e - r->vstart;
        pdnp_lex_count_lines(r, r->vstart, e);
        r->pos = e + 1;
    }
    return r->tok = PDNP_T_COMMENT;
}

/* ';' comment: to the end of the line. */
static int
lex_line_comment(pdn_reader *r)
{
    size_t p = r->pos + 1;
    while (pdnp_lex_need(r, p) && r->in.data[p] != '\n' &&
           r->in.data[p] != '\r')
        p++;
    r->vstart = r->pos + 1;
    while (r->vstart < p && (r->in.data[r->vstart] == ' ' ||
                             r->in.data[r->vstart] == '\t'))
        r->vstart++;
    while (p > r->vstart &&
           (r->in.data[p - 1] == ' ' || r->in.data[p - 1] == '\t'))
        p--;
    r->vlen = p - r->vstart;
    r->pos = p;
    if (r->vlen > r->max_token) {
        pdnp_fail(r, PDN_ELIMIT, &r->tpos, "comment longer than %zu bytes",
                  r->max_token);
        return r->tok = PDNP_T_ERROR;
    }
    return r->tok = PDNP_T_COMMENT;
}

/* '/' setup command: /FEN "..."/ up to the closing '/'. */
static int
lex_setup(pdn_reader *r)
{
    size_t p = r->pos + 1;
    for (;;) {
        char c;
        if (!pdnp_lex_need(r, p) || p - r->tstart > r->max_token) {
            if (r->fatal)
                return r->tok = PDNP_T_ERROR;
            pdnp_fail(r, PDN_ESETUP, &r->tpos,
                      "unterminated setup command (no closing '/')");
            r->pos = r->pos + 1;
            return r->tok = PDNP_T_ERROR;
        }
        c = r->in.data[p];
        if (c == '/')
            break;
        if (c == '\n' || c == '\r') {
            pdnp_fail(r, PDN_ESETUP, &r->tpos,
                      "unterminated setup command (no closing '/')");
            r->pos = p;
            return r->tok = PDNP_T_ERROR;
        }
        p++;
    }
    r->vstart = r->pos + 1;
    r->vlen = p - r->vstart;
    r->pos = p + 1;
    return r->tok = PDNP_T_SETUP;
}

/* The next token into r->tok / r->tpos / r->vstart..vlen. A word made of
 * digits that ends inside the window takes a fast path: it is what most
 * of a game is made of. */
int
pdnp_lex(pdn_reader *r)
{
    unsigned char c;
    size_t p;

    r->ws_before = 0;
    r->vbuf = 0;
    r->joined = 0;
    r->slen = 0;
    if (!skip_space(r)) {
        r->tstart = r->pos;
        r->tpos = pdnp_lex_pos(r, r->pos);
        return r->tok = r->fatal ? PDNP_T_ERROR : PDNP_T_EOF;
    }
    p = r->pos;
    r->tstart = p;
    r->tpos.offset = r->in.base + p;
    r->tpos.line = r->line;
    r->tpos.column = r->tpos.offset - r->line_off + 1;
    c = (unsigned char)r->in.data[p];
    if (cls[c] & C_DIGIT) {
        /* Fast path: a move or number wholly in the window, with no
         * glued strength and no trailing separator to rejoin. */
        const unsigned char *d = (const unsigned char *)r->in.data;
        size_t q = p + 1, len = r->in.len;
        while (q < len && (cls[d[q]] & C_WORD))
            q++;
        if (q < len && d[q] != '!' && d[q] != '?' && d[q - 1] != '-' &&
            d[q - 1] != 'x' && d[q - 1] != ':' && q - p <= r->max_token) {
            r->vstart = p;
            r->vlen = q - p;
            r->pos = q;
            return r->tok = PDNP_T_WORD;
        }
    }
    if ((cls[c] & C_WORD) && c != '/')
        return lex_word(r);
    switch (c) {
    case '[':
        r->pos = p + 1;
        return r->tok = PDNP_T_LBRACKET;
    case ']':
        r->pos = p + 1;
        return r->tok = PDNP_T_RBRACKET;
    case ')':
        r->pos = p + 1;
        return r->tok = PDNP_T_RPAREN;
    case '(': {
        /* "(?)", "(!?)": a strength mark, not a variation. */
        size_t q = p + 1;
        while (pdnp_lex_need(r, q) &&
               (r->in.data[q] == '!' || r->in.data[q] == '?'))
            q++;
        if (q > p + 1 && pdnp_lex_need(r, q) && r->in.data[q] == ')') {
            r->vstart = p + 1;
            r->vlen = q - p - 1;
            r->pos = q + 1;
            return r->tok = PDNP_T_STRENGTH;
        }
        r->pos = p + 1;
        return r->tok = PDNP_T_LPAREN;
    }
    case '{':
        return lex_comment(r);
    case ';':
        return lex_line_comment(r);
    case '*':
        r->pos = p + 1;
        return r->tok = PDNP_T_STAR;
    case '!':
    case '?': {
        size_t q = p;
        while (pdnp_lex_need(r, q) &&
               (r->in.data[q] == '!' || r->in.data[q] == '?'))
            q++;
        r->vstart = p;
        r->vlen = q - p;
        r->pos = q;
        return r->tok = PDNP_T_STRENGTH;
    }
    case '$': {
        size_t q = p + 1;
        long n = 0;
        while (pdnp_lex_need(r, q) && (cls[(unsigned char)r->in.data[q]] &
                                       C_DIGIT)) {
            if (n < 100000)
                n = n * 10 + (r->in.data[q] - '0');
            q++;
        }
        if (q == p + 1)
            break;
        r->num = n;
        r->vstart = p;
        r->vlen = q - p;
        r->pos = q;
        return r->tok = PDNP_T_NAG;
    }
    case '/':
        return lex_setup(r);
    case '"': {
        r->pos = p + 1;
        r->vstart = p;
        r->vlen = 1;
        return r->tok = PDNP_T_STRING;
    }
    default:
        break;
    }
    /* Not PDN: one byte (a whole UTF-8 sequence when it is one). */
    {
        size_t q = p + 1;
        if (c >= 0xC0)
            while (pdnp_lex_need(r, q) &&
                   ((unsigned char)r->in.data[q] & 0xC0) == 0x80 &&
                   q - p < 4)
                q++;
        r->vstart = p;
        r->vlen = q - p;
        r->pos = q;
    }
    return r->tok = PDNP_T_OTHER;
}

/* ---- Tag pairs ---- */

static int
is_smart_open(const pdn_reader *r, size_t p, size_t *len)
{
    const unsigned char *d = (const unsigned char *)r->in.data;
    if (d[p] == 0x93) {
        *len = 1;
        return 1;
    }
    if (d[p] == 0xE2 && p + 2 < r->in.len && d[p + 1] == 0x80 &&
        d[p + 2] == 0x9C) {
        *len = 3;
        return 1;
    }
    return 0;
}

static int
is_smart_close(const pdn_reader *r, size_t p, size_t *len)
{
    const unsigned char *d = (const unsigned char *)r->in.data;
    if (d[p] == 0x94 || d[p] == 0x93 || d[p] == '"') {
        *len = 1;
        return 1;
    }
    if (d[p] == 0xE2 && p + 2 < r->in.len && d[p + 1] == 0x80 &&
        (d[p + 2] == 0x9D || d[p + 2] == 0x9C)) {
        *len = 3;
        return 1;
    }
    return 0;
}

static int
nomem(pdn_reader *r)
{
    r->fatal = PDN_ENOMEM;
    pdnp_fail(r, PDN_ENOMEM, NULL, "out of memory");
    return -1;
}

/* Index of the end of the current line (first CR/LF at or after p, or the
 * end of input), reading more input as needed. */
static size_t
line_end(pdn_reader *r, size_t p)
{
    while (pdnp_lex_need(r, p) && r->in.data[p] != '\n' &&
           r->in.data[p] != '\r')
        p++;
    return p;
}

/* Index of the end of the line from p, as line_end(), but never more
 * than the game size limit past the game's start: what an over-long tag
 * leaves on its line is skipped in bounded memory. */
static size_t
skip_line(pdn_reader *r, size_t p)
{
    while (p - r->gstart <= r->max_game && pdnp_lex_need(r, p) &&
           r->in.data[p] != '\n' && r->in.data[p] != '\r')
        p++;
    return p;
}

/* A value with no closing quote or ']': the rest of its line, trimmed,
 * with an error for the game, which goes on with the next line. */
static int
value_to_eol(pdn_reader *r, size_t s, size_t name, size_t nlen,
             const pdn_pos *pos, const char *what)
{
    size_t e = skip_line(r, s), eol = e;
    char qb[64];
    if (r->fatal)
        return -1;
    while (e > s && (r->in.data[e - 1] == ' ' || r->in.data[e - 1] == '\t'))
        e--;
    pdnp_fail(r, PDN_ETAG, pos, "%s tag '%s'; it is read to the end of "
              "its line", what, quote(r, name, nlen, qb, sizeof qb));
    pdnp_buf_clear(&r->sbuf);
    if (e - s > r->max_token)
        e = s + r->max_token;
    if (pdnp_buf_add(&r->sbuf, r->in.data + s, e - s) < 0)
        return nomem(r);
    r->pos = eol;
    return 1;
}

/* 1 when a '"' at q is followed by blanks and ']' (it closes the value). */
static int
closes_value(pdn_reader *r, size_t q, size_t *after)
{
    q++;
    while (pdnp_lex_need(r, q) &&
           (r->in.data[q] == ' ' || r->in.data[q] == '\t'))
        q++;
    if (pdnp_lex_need(r, q) && r->in.data[q] == ']') {
        *after = q + 1;
        return 1;
    }
    return 0;
}

/* The value forms, in order: a quoted string (with \" and \\ escapes and
 * a rescue for unescaped inner quotes and a missing closing quote),
 * typographic quotes, nothing ("[Empty]"), or bare text up to ']'. */
int
pdnp_lex_tag(pdn_reader *r, size_t *name, size_t *nlen)
{
    size_t p = r->pos, q, eol;
    char qb[64];
    unsigned char c;

    while (pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    if (!pdnp_lex_need(r, p) ||
        !(cls[(unsigned char)r->in.data[p]] & C_ALPHA))
        return 0;
    *name = p;
    while (pdnp_lex_need(r, p) &&
           ((cls[(unsigned char)r->in.data[p]] & (C_ALPHA | C_DIGIT)) ||
            r->in.data[p] == '_'))
        p++;
    *nlen = p - *name;
    if (*nlen > r->max_token) {
        pdn_pos pos = pdnp_lex_pos(r, *name);
        pdnp_fail(r, PDN_ELIMIT, &pos, "tag name longer than %zu bytes",
                  r->max_token);
        r->pos = skip_line(r, p);
        return r->fatal ? -1 : 2;
    }
    while (pdnp_lex_need(r, p) &&
           (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
        p++;
    pdnp_buf_clear(&r->sbuf);
    if (pdnp_buf_reserve(&r->sbuf, 64) < 0)
        return nomem(r);
    if (!pdnp_lex_need(r, p)) {
        pdn_pos pos = pdnp_lex_pos(r, r->tstart);
        pdnp_fail(r, PDN_ETAG, &pos, "unterminated tag '%s'",
                  quote(r, *name, *nlen, qb, sizeof qb));
        r->pos = p;
        return -1;
    }
    c = (unsigned char)r->in.data[p];
    if (c == '"') {
        size_t open = p, after;
        int warned = 0;
        p++;
        for (;;) {
            size_t run = p;
            while (pdnp_lex_need(r, p)) {
                c = (unsigned char)r->in.data[p];
                if (c == '"' || c == '\\' || c == '\n' || c == '\r')
                    break;
                p++;
            }
            if (p > run && pdnp_buf_add(&r->sbuf, r->in.data + run,
                                        p - run) < 0)
                return nomem(r);
            if (p - open - 1 > r->max_token) {
                pdn_pos pos = pdnp_lex_pos(r, open);
                pdnp_fail(r, PDN_ELIMIT, &pos,
                          "tag value longer than %zu bytes", r->max_token);
                r->pos = skip_line(r, p);
                return r->fatal ? -1 : 2;
            }
            if (!pdnp_lex_need(r, p) || r->in.data[p] == '\n' ||
                r->in.data[p] == '\r') {
                pdn_pos pos = pdnp_lex_pos(r, open);
                size_t e = p;
                if (r->fatal)
                    return -1;
                /* '[Round "11.1]': the closing quote is missing. */
                while (e > open + 1 && (r->in.data[e - 1] == ' ' ||
                                        r->in.data[e - 1] == '\t'))
                    e--;
                if (e > open + 1 && r->in.data[e - 1] == ']') {
                    size_t vl = e - 1 - (open + 1);
                    pdnp_warn(r, PDN_ETAG, &pos,
                              "value of tag '%s' has no closing '\"'; it "
                              "ends at the ']'",
                              quote(r, *name, *nlen, qb, sizeof qb));
                    pdnp_buf_clear(&r->sbuf);
                    if (pdnp_buf_add(&r->sbuf, r->in.data + open + 1, vl) <
                        0)
                        return nomem(r);
                    r->pos = e;
                    return 1;
                }
                return value_to_eol(r, open + 1, *name, *nlen, &pos,
                                    "no closing '\"' in the value of");
            }
            c = (unsigned char)r->in.data[p];
            if (c == '\\') {
                /* PDN 3.0 escapes \" only; PGN adds \\. Any other
                 * backslash is kept as written (Windows paths). */
                if (pdnp_lex_need(r, p + 1) &&
                    (r->in.data[p + 1] == '"' || r->in.data[p + 1] == '\\')) {
                    if (r->in.data[p + 1] == '"' && !closes_value(r, p + 1,
                                                                  &after)) {
                        if (pdnp_buf_addc(&r->sbuf, '"') < 0)
                            return nomem(r);
                        p += 2;
                        continue;
                    }
                    if (r->in.data[p + 1] == '\\') {
                        if (pdnp_buf_addc(&r->sbuf, '\\') < 0)
                            return nomem(r);
                        p += 2;
                        continue;
                    }
                    /* '\"' followed by ']': a value ending in a
                     * backslash; keep it and close. */
                    if (pdnp_buf_addc(&r->sbuf, '\\') < 0)
                        return nomem(r);
                    p++;
                    continue;
                }
                if (pdnp_buf_addc(&r->sbuf, '\\') < 0)
                    return nomem(r);
                p++;
                continue;
            }
            /* c == '"' */
            if (closes_value(r, p, &after)) {
                p = after;
                break;
            }
            /* A quote that does not close the value: if one further on
             * this line does, this one is part of the value. */
            eol = line_end(r, p + 1);
            for (q = p + 1; q < eol; q++)
                if (r->in.data[q] == '"' && closes_value(r, q, &after))
                    break;
            if (q < eol) {
                if (!warned) {
                    pdn_pos pos = pdnp_lex_pos(r, p);
                    pdnp_warn(r, PDN_ETAG, &pos,
                              "unescaped '\"' inside the value of tag "
                              "'%s' kept as part of the value",
                              quote(r, *name, *nlen, qb, sizeof qb));
                    warned = 1;
                }
                if (pdnp_buf_addc(&r->sbuf, '"') < 0)
                    return nomem(r);
                p++;
                continue;
            }
            /* The value ends here but no ']' follows. */
            {
                size_t k = p + 1;
                pdn_pos pos;
                while (pdnp_lex_need(r, k) &&
                       (r->in.data[k] == ' ' || r->in.data[k] == '\t'))
                    k++;
                pos = pdnp_lex_pos(r, k);
                if (k < eol && r->in.data[k] != '[') {
                    /* "[Event "A" B]": text after the quotes. */
                    size_t rb = k;
                    while (rb < eol && r->in.data[rb] != ']')
                        rb++;
                    if (rb < eol) {
                        pdnp_warn(r, PDN_ETAG, &pos,
                                  "text after the value of tag '%s' "
                                  "ignored",
                                  quote(r, *name, *nlen, qb, sizeof qb));
                        p = rb + 1;
                        break;
                    }
                }
                pdnp_warn(r, PDN_ETAG, &pos,
                          "missing ']' after tag '%s' assumed",
                          quote(r, *name, *nlen, qb, sizeof qb));
                p = p + 1;
                break;
            }
        }
    } else if (is_smart_open(r, p, &q)) {
        size_t open = p, cl;
        pdn_pos pos = pdnp_lex_pos(r, p);
        pdnp_warn(r, PDN_ETAG, &pos,
                  "typographic quotes around the value of tag '%s' "
                  "read as '\"'",
                  quote(r, *name, *nlen, qb, sizeof qb));
        p += q;
        eol = line_end(r, p);
        for (q = p; q < eol; q++)
            if (is_smart_close(r, q, &cl))
                break;
        if (q >= eol) {
            /* '[Site “Haarlem]': the closing quote is missing. */
            size_t e = eol;
            while (e > p && (r->in.data[e - 1] == ' ' ||
                             r->in.data[e - 1] == '\t'))
                e--;
            pos = pdnp_lex_pos(r, open);
            if (e > p && r->in.data[e - 1] == ']') {
                pdnp_warn(r, PDN_ETAG, &pos,
                          "value of tag '%s' has no closing quote; it "
                          "ends at the ']'",
                          quote(r, *name, *nlen, qb, sizeof qb));
                if (pdnp_buf_add(&r->sbuf, r->in.data + p, e - 1 - p) < 0)
                    return nomem(r);
                r->pos = eol;
                return 1;
            }
            return value_to_eol(r, p, *name, *nlen, &pos,
                                "no closing quote in the value of");
        }
        if (pdnp_buf_add(&r->sbuf, r->in.data + p, q - p) < 0)
            return nomem(r);
        p = q + cl;
        while (pdnp_lex_need(r, p) &&
               (r->in.data[p] == ' ' || r->in.data[p] == '\t'))
            p++;
        if (pdnp_lex_need(r, p) && r->in.data[p] == ']') {
            p++;
        } else {
            pos = pdnp_lex_pos(r, p);
            pdnp_warn(r, PDN_ETAG, &pos, "missing ']' after tag '%s' assumed",
                      quote(r, *name, *nlen, qb, sizeof qb));
        }
    } else if (c == ']') {
        pdn_pos pos = pdnp_lex_pos(r, p);
        pdnp_warn(r, PDN_ETAG, &pos, "tag '%s' has no value; read as \"\"",
                  quote(r, *name, *nlen, qb, sizeof qb));
        p++;
    } else {
        /* "[Round 17]": an unquoted value up to ']' on this line. */
        size_t s = p, e;
        pdn_pos pos = pdnp_lex_pos(r, p);
        eol = line_end(r, p);
        for (q = p; q < eol && r->in.data[q] != ']'; q++)
            ;
        if (q >= eol)
            return value_to_eol(r, s, *name, *nlen, &pos,
                                "no closing ']' after");
        e = q;
        while (e > s && (r->in.data[e - 1] == ' ' || r->in.data[e - 1] ==
                                                         '\t'))
            e--;
        char vb[64];
        pdnp_warn(r, PDN_ETAG, &pos,
                  "unquoted value '%s' of tag '%s' read as a string",
                  quote(r, s, e - s, vb, sizeof vb),
                  quote(r, *name, *nlen, qb, sizeof qb));
        if (pdnp_buf_add(&r->sbuf, r->in.data + s, e - s) < 0)
            return nomem(r);
        p = q + 1;
    }
    r->pos = p;
    return 1;
}

/* ---- Parentheses used as prose ---- */

/* 1 when window bytes [s, e) form a word that only prose has: letters
 * that do not make a move. */
static int
prose_word(const char *s, size_t n)
{
    pdn_movetext mt;
    size_t i, letters = 0;

    while (n > 0 && strchr("\"'`.,;:!?", s[n - 1]) != NULL)
        n--;
    while (n > 0 && strchr("\"'`", s[0]) != NULL) {
        s++;
        n--;
    }
    for (i = 0; i < n; i++)
        if (cls[(unsigned char)s[i]] & C_ALPHA)
            letters++;
    if (letters == 0)
        return 0;
    return pdnp_movetext_parse(s, n, &mt) != 0;
}

/* Old files use parentheses for prose: "(Roberto's first choice, the
 * Wilderness 1.)". The words before any nested bracket, comment or setup
 * command decide: a word with letters that is no move makes the
 * parenthesis a comment. A setup ("/FEN ...") or a ';' comment ends the
 * decision as a '{' comment does, so that the writer's variations, which
 * hold those, never read as prose. */
int
pdnp_lex_prose(pdn_reader *r)
{
    size_t p = r->pos, limit = r->max_token, ws, we;
    int prose = 0, depth = 1;

    /* Decide from the words before any nested '(', ')' or '{'. */
    for (;;) {
        unsigned char c;
        if (!pdnp_lex_need(r, p) || p - r->pos > limit)
            return 0;
        c = (unsigned char)r->in.data[p];
        if (c == '(' || c == ')' || c == '{' || c == '}' || c == '[' ||
            c == '/' || c == ';')
            break;
        if (cls[c] & (C_WS | C_NL)) {
            p++;
            continue;
        }
        ws = p;
        while (pdnp_lex_need(r, p)) {
            c = (unsigned char)r->in.data[p];
            if ((cls[c] & (C_WS | C_NL)) || c == '(' || c == ')' ||
                c == '{' || c == '}')
                break;
            p++;
        }
        we = p;
        if (prose_word(r->in.data + ws, we - ws)) {
            prose = 1;
            break;
        }
    }
    if (!prose)
        return 0;
    /* Find the matching ')'; prose may hold balanced parentheses. */
    for (;;) {
        unsigned char c;
        if (!pdnp_lex_need(r, p) || p - r->pos > limit)
            return 0;
        c = (unsigned char)r->in.data[p];
        if (c == '{' || c == '}')
            return 0;
        if (c == '(')
            depth++;
        if (c == ')' && --depth == 0)
            break;
        p++;
    }
    {
        pdn_pos pos = r->tpos;
        char qb[64];
        size_t s = r->pos, e = p;
        while (s < e && (cls[(unsigned char)r->in.data[s]] & (C_WS | C_NL)))
            s++;
        while (e > s &&
               (cls[(unsigned char)r->in.data[e - 1]] & (C_WS | C_NL)))
            e--;
        pdnp_warn(r, PDN_ESYNTAX, &pos,
                  "parenthesis holding text '%s' read as a comment",
                  quote(r, s, e - s, qb, sizeof qb));
        pdnp_lex_count_lines(r, r->pos, p);
        r->vstart = s;
        r->vlen = e - s;
        r->vbuf = 0;
        r->pos = p + 1;
        r->tok = PDNP_T_COMMENT;
    }
    return 1;
}
