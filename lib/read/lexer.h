/* SPDX-License-Identifier: MIT */
/* The reader's middle layer: PDN tokens from the input window, with their
 * positions, and the look-ahead the grammar asks for ("does a result
 * follow?"). The lexer owns the input (input.h) and is the only layer
 * that reads its bytes; the parser calls only the lexer. Never
 * installed. */
#ifndef PDN_READ_LEXER_H
#define PDN_READ_LEXER_H

#include <stddef.h>
#include "input.h"
#include "model/game_private.h"

/* Where the reader's diagnostics go: the input's name, the warning
 * callback, the first error of the game being read, and whether reading
 * must stop. Owned by the reader; the lexer reports through it. */
typedef struct pdnp_diag {
    const char *name;
    pdn_diag_fn *warn_fn;
    void *warn_ud;
    unsigned long game; /* number of the game being read (1-based) */
    pdn_error e;
    int fatal;          /* PDN_ENOMEM or PDN_EIO: stop reading */
} pdnp_diag;

void pdnp_warn(pdnp_diag *d, int code, const pdn_pos *pos, const char *fmt,
               ...) PDNP_PRINTF(4, 5);
/* Sets the game's error unless it has one already. */
void pdnp_fail(pdnp_diag *d, int code, const pdn_pos *pos, const char *fmt,
               ...) PDNP_PRINTF(4, 5);
/* Out of memory: a fatal error. Returns -1. */
int pdnp_nomem(pdnp_diag *d);

enum pdnp_tok {
    PDNP_T_EOF = 0,
    PDNP_T_LBRACKET,   /* '[' */
    PDNP_T_RBRACKET,   /* ']' */
    PDNP_T_STRING,     /* quoted string; value in lexer buffer */
    PDNP_T_WORD,       /* a run of word characters (move, number, result...) */
    PDNP_T_LPAREN,
    PDNP_T_RPAREN,
    PDNP_T_COMMENT,    /* {...} or ; comment: text in [val, val+vlen) */
    PDNP_T_NAG,        /* $n: number in num */
    PDNP_T_STRENGTH,   /* detached !? run or "(?)": text in val */
    PDNP_T_STAR,       /* '*' */
    PDNP_T_SETUP,      /* /.../ : text between the slashes */
    PDNP_T_ERROR,      /* error set in lexer */
    PDNP_T_OTHER,      /* a byte that is not PDN */
    /* Only from pdnp_lex_plain: */
    PDNP_T_NUMBER,     /* a move number "12." or "12...": num, ellipsis */
    PDNP_T_MOVE        /* a plain numeric move "32-28", "26x17x10" */
};

/* How far past max_game bytes of a game the reader may look ahead (for
 * white space after a terminator, say) before the input looks ended. */
#define PDNP_SLACK 65536

typedef struct pdnp_lexer {
    pdnp_input in;
    pdnp_diag *dg;
    size_t max_token, max_game;
    size_t max_window; /* window bytes of one game: max_game + slack */
    size_t gstart;   /* window index where the game's raw text starts */
    int over;        /* the game needed more than max_game + PDNP_SLACK
                      * bytes of the window */
    int nofast;      /* tests only: no fast path, the general one always */
    int fast_tag;    /* the last tag pair was read by the fast path */
    size_t pos;      /* window index of the next byte */
    pdnp_buf sbuf;   /* a token's value when rewritten */
    /* The current token. */
    int tok;
    size_t tstart;   /* window index of its first byte */
    pdn_pos tpos;
    size_t vstart, vlen; /* its value, in the window unless vbuf */
    int vbuf;
    size_t slen;     /* glued strength mark after a word */
    long num;
    int ellipsis;    /* PDNP_T_NUMBER: "..." */
    int ws_before;   /* white space or a line break before it */
    int joined;      /* a word rejoined across a space ("1- 7") */
} pdnp_lexer;

void pdnp_lex_init(pdnp_lexer *lx, pdnp_diag *dg);
void pdnp_lex_free(pdnp_lexer *lx);

static inline const char *
pdnp_lex_val(const pdnp_lexer *lx)
{
    return lx->vbuf ? lx->sbuf.data : lx->in.data + lx->vstart;
}
/* Window byte idx (a tag name from pdnp_lex_tag). */
static inline const char *
pdnp_lex_at(const pdnp_lexer *lx, size_t idx)
{
    return lx->in.data + idx;
}
/* The current token as written: window bytes [tstart, pos - slen). */
static inline const char *
pdnp_lex_text(const pdnp_lexer *lx, size_t *len)
{
    *len = lx->pos > lx->tstart + lx->slen ? lx->pos - lx->slen - lx->tstart
                                           : 0;
    return lx->in.data + lx->tstart;
}
/* The glued strength mark after a word ("!?"), slen bytes. */
static inline const char *
pdnp_lex_strength(const pdnp_lexer *lx)
{
    return lx->in.data + lx->pos - lx->slen;
}
/* Position of the current token's first byte, or of window byte idx. */
static inline pdn_pos
pdnp_lex_pos(const pdnp_lexer *lx, size_t idx)
{
    return pdnp_input_pos(&lx->in, idx);
}
/* The next token into tok / tpos / vstart..vlen. */
int pdnp_lex(pdnp_lexer *lx);
/* The plain items most of a game is made of, read straight from the
 * window: a move number ("12." "12...": PDNP_T_NUMBER with num and
 * ellipsis) or a numeric move ("32-28", "26x17x10": PDNP_T_MOVE with its
 * squares in *mt, its text and position as a token's), each followed by a
 * blank or a line end. 0 (nothing read) for anything else, which pdnp_lex
 * then reads, to the same result. pdnp_lex_plain is inline, in
 * plain.h. */
/* Reads a tag pair after '[' (pos just past it). Returns 1 with name
 * and value in name and nlen (window) and *val, *vlen (in the window or
 * sbuf; also when a missing closing quote or ']' left an error and the
 * value runs to the end of its line); 0 when no tag name follows; 2 when
 * a name or value over the token limit was skipped to the end of its
 * line (error set); -1 on an error that ends the game. *high: the value
 * has bytes >= 0x80. */
int pdnp_lex_tag(pdnp_lexer *lx, size_t *name, size_t *nlen,
                 const char **val, size_t *vlen, int *high);
/* After a tag pair: 1 when the next line starts with '[' and a letter,
 * which is then the current token (PDNP_T_LBRACKET) as pdnp_lex would
 * make it; 0 otherwise, having read nothing. */
int pdnp_lex_next_tag_line(pdnp_lexer *lx);
/* After '(' (pos just past it): 1 when the parenthesis holds prose,
 * which is then consumed as a PDNP_T_COMMENT token; 0 otherwise. */
int pdnp_lex_prose(pdnp_lexer *lx);

/* ---- Look-ahead, for the grammar's decisions (lookahead.c) ---- */
/* 1 when a result token comes next, past white space. */
int pdnp_lex_result_follows(pdnp_lexer *lx);
/* 1 when only white space, or a tag pair start, lies ahead on the way to
 * the end of input or the next tag section. */
int pdnp_lex_end_follows(pdnp_lexer *lx);
/* 1 when a tag name follows the '[' just read (after blanks when blanks
 * is 1), or on the next line (pdnp_lex_broken_tag). */
int pdnp_lex_tag_follows(pdnp_lexer *lx, int blanks);
/* '[' at window index p-1 that ends its line (blanks aside) when the
 * next line starts with a tag name, blanks and '"': the index of that
 * name (a tag pair broken after its '['); 0 otherwise. */
size_t pdnp_lex_broken_tag(pdnp_lexer *lx, size_t p);
/* A word s[0..n) that is a result glued to the next game's move number
 * ("0-001.33-29", "1/2-1/21."): the result (normalised), its length in
 * *rlen; NULL for any other word. */
const char *pdnp_lex_glued_result(const char *s, size_t n, size_t *rlen);
/* 1, having consumed it, when byte c comes next (no white space). */
int pdnp_lex_eat(pdnp_lexer *lx, char c);
/* The current token as written, quoted for a message (at least one
 * byte). */
const char *pdnp_lex_quote_token(const pdnp_lexer *lx, char *buf,
                                 size_t size);
/* 1 when nothing but white space and comments remains in the input:
 * it is then consumed (its lines counted). */
int pdnp_lex_only_trailer(pdnp_lexer *lx);
/* What the input is when it is not text (a message), with the position
 * where that shows; NULL for text. */
const char *pdnp_lex_binary(pdnp_lexer *lx, pdn_pos *pos);
/* Goes back to the current token's start (it is read again). */
static inline void
pdnp_lex_unread(pdnp_lexer *lx)
{
    lx->pos = lx->tstart;
}
/* Skips to the end of the current token's line (never more than max_game
 * bytes past the game's start). */
void pdnp_lex_skip_line(pdnp_lexer *lx);
/* A game over the size limit: skips to the start of the next tag section
 * (a line starting with '[' and a letter after one that does not) or the
 * end of input, in bounded memory. in_body: a move or terminator was read.
 * keep(ud, bytes, n) is given the game's bytes before the window drops
 * them, and at the end when they are over max_game: the game holds what
 * it needs of them. Returns 0, or -1 when keep is NULL or failed (or
 * reading failed). */
typedef int pdnp_keep_fn(void *ud, const char *bytes, size_t n);
int pdnp_lex_skip_big(pdnp_lexer *lx, int in_body, pdnp_keep_fn *keep,
                      void *ud);
/* 1 when byte i of the window exists, reading more input if needed. */
int pdnp_lex_fill_to(pdnp_lexer *lx, size_t i);
static inline int
pdnp_lex_need(pdnp_lexer *lx, size_t i)
{
    return i < lx->in.len || pdnp_lex_fill_to(lx, i);
}
/* The game's raw text is window bytes [gstart, end): a big one read from a
 * file takes the window's buffer itself (*own set, nothing copied) and the
 * window goes on with what follows; otherwise *own is 0 and the caller
 * copies [*raw, *raw + *n). Afterwards the next game starts at end. 0, or
 * -1 when memory runs out. */
int pdnp_lex_take_raw(pdnp_lexer *lx, size_t end, char **raw, size_t *n,
                      int *own);
/* Drops the bytes of the games before the current one. */
void pdnp_lex_drop_read(pdnp_lexer *lx);
/* The game read so far: its length in bytes, where it starts. */
static inline size_t
pdnp_lex_game_len(const pdnp_lexer *lx)
{
    return lx->pos - lx->gstart;
}
static inline pdn_pos
pdnp_lex_game_pos(const pdnp_lexer *lx)
{
    return pdnp_input_pos(&lx->in, lx->gstart);
}
/* The next game starts at the current position. */
static inline void
pdnp_lex_next_game(pdnp_lexer *lx)
{
    lx->gstart = lx->pos;
}
/* 1 when n bytes from s, which points into the window, are all in it. */
static inline int
pdnp_lex_in_window(const pdnp_lexer *lx, const char *s, size_t n)
{
    return (size_t)(s - lx->in.data) + n <= lx->in.len;
}

#endif /* PDN_READ_LEXER_H */
