/* SPDX-License-Identifier: MIT */
/* PDN tokens from the input window: a const character-class table drives
 * the scan; tokens are spans of the window (or of r->sbuf when rewritten),
 * so no token is copied or allocated. Line ends (CR, LF and CR LF) are
 * passed to the input layer, which counts them. Tag pairs are read in
 * tag.c, look-ahead and skipping in lookahead.c. */
#include <config.h>
#include "lexer.h"
#include "lexclass.h"
#include "plain.h"

#include <stdarg.h>
#include <string.h>

#define W C_WORD
#define D (C_WORD | C_DIGIT)
#define A (C_WORD | C_ALPHA)
const unsigned char pdnp_cls[256] = {
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

void
pdnp_lex_init(pdnp_lexer *lx, pdnp_diag *dg)
{
    memset(lx, 0, sizeof *lx);
    lx->dg = dg;
    lx->in.line = 1;
    lx->in.data = "";
    pdnp_buf_init(&lx->sbuf);
}

void
pdnp_lex_free(pdnp_lexer *lx)
{
    pdnp_input_free(&lx->in);
    pdnp_buf_free(&lx->sbuf);
}

int
pdnp_lex_fill_to(pdnp_lexer *r, size_t i)
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
                r->dg->fatal = PDN_ENOMEM;
                pdnp_fail(r->dg, PDN_ENOMEM, NULL, "out of memory");
            } else {
                r->dg->fatal = PDN_EIO;
                pdnp_fail(r->dg, PDN_EIO, NULL, "read error: %s",
                          strerror(r->in.ioerr));
            }
            return 0;
        }
    }
    return 1;
}

/* Skips white space, line ends, '%' lines and the literal "\r" that some
 * exporters write. Returns 0 at the end of input. */
static inline int
skip_space(pdnp_lexer *r)
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
                pdnp_input_newline(&r->in, p);
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
        if ((pdnp_cls[c] & C_WORD) || c == '[' || c == '{') {
            r->pos = p;
            return 1;
        }
        if (pdnp_cls[c] & C_WS) {
            p++;
            r->ws_before = 1;
        } else if (c == '\n') {
            p++;
            pdnp_input_newline(&r->in, p);
            r->ws_before = 1;
        } else if (c == '\r') {
            p++;
            if (pdnp_lex_need(r, p) && r->in.data[p] == '\n')
                p++;
            pdnp_input_newline(&r->in, p);
            r->ws_before = 1;
        } else if (c == '%' && r->in.base + p == r->in.line_off) {
            /* Escape line: ignored to its end. */
            while (pdnp_lex_need(r, p) && r->in.data[p] != '\n' &&
                   r->in.data[p] != '\r')
                p++;
            r->ws_before = 1;
        } else if (c == '\\' && pdnp_lex_need(r, p + 1) &&
                   (r->in.data[p + 1] == 'r' || r->in.data[p + 1] == 'n')) {
            pdn_pos pos = pdnp_lex_pos(r, p);
            pdnp_warn(r->dg, PDN_ESYNTAX, &pos,
                      "literal '\\%c' text read as white space",
                      r->in.data[p + 1]);
            p += 2;
            r->ws_before = 1;
        } else if (c == 0xEF && r->in.base + p == 0 &&
                   pdnp_lex_need(r, p + 2) &&
                   (unsigned char)r->in.data[p + 1] == 0xBB &&
                   (unsigned char)r->in.data[p + 2] == 0xBF) {
            pdn_pos pos = pdnp_lex_pos(r, p);
            pdnp_warn(r->dg, PDN_EENCODING, &pos,
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
scan_word(pdnp_lexer *r, size_t p)
{
    /* Never past the token limit: a huge "word" must not be buffered. */
    size_t stop = p + r->max_token + 1;
    for (;;) {
        const unsigned char *d = (const unsigned char *)r->in.data;
        size_t len = r->in.len < stop ? r->in.len : stop;
        while (p < len && (pdnp_cls[d[p]] & C_WORD))
            p++;
        if (p < len || p >= stop || !pdnp_lex_need(r, p))
            return p;
    }
}

/* A word: digits, letters, separators, dots and slashes. A trailing
 * separator followed by blanks and a square is joined ("1- 7", also after
 * a move number: "50.10- 4", "36.38x 9"); a run of
 * ! and ? right after it is its strength mark. */
static int
lex_word(pdnp_lexer *r)
{
    size_t p = scan_word(r, r->pos), q, m;
    const char *d = r->in.data;
    char last = d[p - 1];

    r->tok = PDNP_T_WORD;
    r->vstart = r->tstart;
    r->vlen = p - r->tstart;
    if (r->vlen > r->max_token) {
        pdnp_fail(r->dg, PDN_ELIMIT, &r->tpos, "token longer than %zu bytes",
                  r->max_token);
        r->pos = p;
        return r->tok = PDNP_T_ERROR;
    }
    /* "1- 7", "35x 4": a move split by spaces after its separator. */
    if ((last == '-' || last == 'x' || last == ':') && r->vlen > 1 &&
        (pdnp_cls[(unsigned char)d[p - 2]] & (C_DIGIT | C_ALPHA))) {
        q = p;
        while (pdnp_lex_need(r, q) &&
               (r->in.data[q] == ' ' || r->in.data[q] == '\t'))
            q++;
        if (q > p && pdnp_lex_need(r, q) &&
            (pdnp_cls[(unsigned char)r->in.data[q]] & C_DIGIT)) {
            size_t e = scan_word(r, q);
            pdn_movetext mt;
            pdnp_buf_clear(&r->sbuf);
            if (pdnp_buf_add(&r->sbuf, r->in.data + r->tstart, r->vlen) <
                    0 ||
                pdnp_buf_add(&r->sbuf, r->in.data + q, e - q) < 0) {
                r->dg->fatal = PDN_ENOMEM;
                pdnp_fail(r->dg, PDN_ENOMEM, NULL, "out of memory");
                return r->tok = PDNP_T_ERROR;
            }
            /* "50.10- 4": the move after its number */
            m = 0;
            while (m < r->sbuf.len && (pdnp_cls[(unsigned char)
                                                 r->sbuf.data[m]] & C_DIGIT))
                m++;
            if (m == 0 || m >= r->sbuf.len || r->sbuf.data[m] != '.')
                m = 0;
            while (m > 0 && m < r->sbuf.len && r->sbuf.data[m] == '.')
                m++;
            if (pdnp_movetext_parse(r->sbuf.data + m, r->sbuf.len - m,
                                    &mt) == 0) {
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
lex_comment(pdnp_lexer *r)
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
            pdnp_fail(r->dg, PDN_ELIMIT, &r->tpos,
                      "comment longer than %zu bytes", r->max_token);
            pdnp_input_count_lines(&r->in, r->tstart, cut);
            r->pos = cut;
            return r->tok = PDNP_T_ERROR;
        }
        if (!pdnp_lex_need(r, r->in.len)) {
            if (r->dg->fatal)
                return r->tok = PDNP_T_ERROR;
            pdnp_fail(r->dg, PDN_ESYNTAX, &r->tpos,
                      "unterminated comment '{' (no closing '}')");
            pdnp_input_count_lines(&r->in, r->tstart, r->in.len);
            r->pos = r->in.len;
            return r->tok = PDNP_T_ERROR;
        }
    }
    {
        size_t e = (size_t)(close - r->in.data);
        if (e - r->tstart - 1 > r->max_token) {
            pdnp_fail(r->dg, PDN_ELIMIT, &r->tpos,
                      "comment longer than %zu bytes", r->max_token);
            pdnp_input_count_lines(&r->in, r->tstart, e + 1);
            r->pos = e + 1;
            return r->tok = PDNP_T_ERROR;
        }
        r->vstart = r->tstart + 1;
        r->vlen = e - r->vstart;
        pdnp_input_count_lines(&r->in, r->vstart, e);
        r->pos = e + 1;
    }
    return r->tok = PDNP_T_COMMENT;
}

/* ';' comment: to the end of the line. */
static int
lex_line_comment(pdnp_lexer *r)
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
        pdnp_fail(r->dg, PDN_ELIMIT, &r->tpos, "comment longer than %zu bytes",
                  r->max_token);
        return r->tok = PDNP_T_ERROR;
    }
    return r->tok = PDNP_T_COMMENT;
}

/* '/' setup command: /FEN "..."/ up to the closing '/'. */
static int
lex_setup(pdnp_lexer *r)
{
    size_t p = r->pos + 1;
    for (;;) {
        char c;
        if (!pdnp_lex_need(r, p) || p - r->tstart > r->max_token) {
            if (r->dg->fatal)
                return r->tok = PDNP_T_ERROR;
            pdnp_fail(r->dg, PDN_ESETUP, &r->tpos,
                      "unterminated setup command (no closing '/')");
            r->pos = r->pos + 1;
            return r->tok = PDNP_T_ERROR;
        }
        c = r->in.data[p];
        if (c == '/')
            break;
        if (c == '\n' || c == '\r') {
            pdnp_fail(r->dg, PDN_ESETUP, &r->tpos,
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
pdnp_lex(pdnp_lexer *r)
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
        return r->tok = r->dg->fatal ? PDNP_T_ERROR : PDNP_T_EOF;
    }
    p = r->pos;
    r->tstart = p;
    r->tpos.offset = r->in.base + p;
    r->tpos.line = r->in.line;
    r->tpos.column = r->tpos.offset - r->in.line_off + 1;
    c = (unsigned char)r->in.data[p];
    if ((pdnp_cls[c] & C_DIGIT) && !r->nofast) {
        /* Fast path: a move or number wholly in the window, with no
         * glued strength and no trailing separator to rejoin. */
        const unsigned char *d = (const unsigned char *)r->in.data;
        size_t q = p + 1, len = r->in.len;
        while (q < len && (pdnp_cls[d[q]] & C_WORD))
            q++;
        if (q < len && d[q] != '!' && d[q] != '?' && d[q - 1] != '-' &&
            d[q - 1] != 'x' && d[q - 1] != ':' && q - p <= r->max_token) {
            r->vstart = p;
            r->vlen = q - p;
            r->pos = q;
            return r->tok = PDNP_T_WORD;
        }
    }
    if ((pdnp_cls[c] & C_WORD) && c != '/')
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
        while (pdnp_lex_need(r, q) && (pdnp_cls[(unsigned char)r->in.data[q]] &
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
        if (pdnp_cls[(unsigned char)s[i]] & C_ALPHA)
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
pdnp_lex_prose(pdnp_lexer *r)
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
        if (pdnp_cls[c] & (C_WS | C_NL)) {
            p++;
            continue;
        }
        ws = p;
        while (pdnp_lex_need(r, p)) {
            c = (unsigned char)r->in.data[p];
            if ((pdnp_cls[c] & (C_WS | C_NL)) || c == '(' || c == ')' ||
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
        while (s < e && (pdnp_cls[(unsigned char)r->in.data[s]] & (C_WS | C_NL)))
            s++;
        while (e > s &&
               (pdnp_cls[(unsigned char)r->in.data[e - 1]] & (C_WS | C_NL)))
            e--;
        pdnp_warn(r->dg, PDN_ESYNTAX, &pos,
                  "parenthesis holding text '%s' read as a comment",
                  pdnp_lex_quote(r, s, e - s, qb, sizeof qb));
        pdnp_input_count_lines(&r->in, r->pos, p);
        r->vstart = s;
        r->vlen = e - s;
        r->vbuf = 0;
        r->pos = p + 1;
        r->tok = PDNP_T_COMMENT;
    }
    return 1;
}

/* Byte classes of the plain-item scanner (plain.h). */
const unsigned char pdnp_fcls[256] = {
    ['\t'] = PDNP_F_BLANK | PDNP_F_END, [' '] = PDNP_F_BLANK | PDNP_F_END,
    ['\n'] = PDNP_F_NL | PDNP_F_END, ['\r'] = PDNP_F_END};
