/* SPDX-License-Identifier: MIT */
/* Internals of the reader layers (input -> lexer -> parser -> game) and of
 * the game model they build. Never installed. */
#ifndef PDN_READER_PRIVATE_H
#define PDN_READER_PRIVATE_H

#include <stddef.h>
#include <stdio.h>
#include "core/pdn_private.h"

/* ---- Arena: the blocks one game's nodes and strings live in. ---- */
typedef struct pdnp_block {
    struct pdnp_block *next;
    size_t size, used;
    /* data follows, max_align_t aligned */
} pdnp_block;

typedef struct pdnp_arena {
    pdnp_block *head;
    size_t next_size;
    size_t total; /* bytes of the blocks malloc'd, for the game limit */
} pdnp_arena;

#define PDNP_ALIGN (_Alignof(max_align_t))
#define PDNP_BLOCK_HDR                                                     \
    ((sizeof(pdnp_block) + PDNP_ALIGN - 1) & ~(PDNP_ALIGN - 1))

void pdnp_arena_init(pdnp_arena *a);
void pdnp_arena_free(pdnp_arena *a);
void *pdnp_arena_alloc(pdnp_arena *a, size_t n);
char *pdnp_arena_strndup(pdnp_arena *a, const char *s, size_t n);

/* ---- Game model ---- */

/* Singly linked list item for comments and NAGs, allocated in the arena. */
typedef struct pdnp_item {
    struct pdnp_item *next;
    union {
        const char *s;
        int nag;
    } u;
} pdnp_item;

typedef struct pdnp_list {
    pdnp_item *first, *last;
    size_t count;
} pdnp_list;

/* What few moves have: variations, comments, NAGs, strength, setup. Kept
 * apart so that the common node is small. */
typedef struct pdnp_nodex {
    pdn_node *var;      /* first variation (alternatives to this move) */
    pdn_node *var_last;
    pdn_node *sib;      /* next variation of the node this one belongs to */
    size_t nvar;
    const char *strength;
    const char *setup;
    pdnp_list before, after, nags;
} pdnp_nodex;

struct pdn_node {
    pdn_node *next;     /* next move of the same line */
    pdnp_nodex *x;      /* NULL when the move has none of the rare parts */
    struct pdn_game *game;
    const char *text;
    pdn_pos pos;
    unsigned long number;
    unsigned char ellipsis;
    unsigned char has_move;
    pdn_movetext mt;
    char tbuf[21]; /* the text when it is short, saving an allocation */
};

static const pdnp_list pdnp_no_list = {NULL, NULL, 0};
#define PDNP_XL(n, f) ((n)->x != NULL ? &(n)->x->f : &pdnp_no_list)
#define PDNP_XV(n, f) ((n)->x != NULL ? (n)->x->f : 0)
/* The node's rare parts, created on first use; NULL when memory runs out. */
pdnp_nodex *pdnp_node_x(pdn_node *n);

/* A tag pair. Small on purpose (a game may hold a million): the line is
 * kept, the offset is relative to the raw text and the column is found
 * from the raw text when asked for. line 0: no position. */
typedef struct pdnp_tag {
    const char *name;
    const char *value;
    unsigned line;
    unsigned rel;
} pdnp_tag;

/* Tags live in blocks of PDNP_TBLOCK, so that a huge tag section needs no
 * reallocation of everything read so far. */
#define PDNP_TBITS 10
#define PDNP_TBLOCK (1u << PDNP_TBITS)
#define PDNP_TAG0 16
#define PDNP_TAG(g, i) (&(g)->tblk[(i) >> PDNP_TBITS][(i) & (PDNP_TBLOCK - 1)])

struct pdn_game {
    pdnp_arena arena;
    pdnp_tag **tblk;
    size_t ntags, nblk;
    size_t raw_off;   /* absolute offset of raw[0] */
    unsigned long raw_col; /* its column */
    const char *result;
    pdnp_list comments;
    pdn_node *first;
    unsigned long number;
    pdn_pos pos;
    char *raw;
    size_t raw_len;
    size_t raw_span;  /* its whole length in the input: more than raw_len
                       * when the game was over the size limit */
    int raw_arena;    /* raw lies in the arena, not in its own allocation */
    /* The usual handful of tags, and the block table while there is one
     * block, live in the game itself, as does its first arena block (after
     * the struct, in the same allocation): a game costs one allocation
     * besides its raw text. */
    pdnp_tag *tblk0[1];
    pdnp_tag tag0[PDNP_TAG0];
};

/* A new node with no move, text or rare parts, in g's arena; NULL when
 * memory runs out. Inline: the parser makes one per move. */
static inline pdn_node *
pdnp_node_new(pdn_game *g)
{
    pdnp_block *b = g->arena.head;
    pdn_node *n;
    size_t need = (sizeof *n + PDNP_ALIGN - 1) & ~(PDNP_ALIGN - 1);
    if (b != NULL && b->used % PDNP_ALIGN == 0 && b->size - b->used >= need) {
        n = (pdn_node *)((char *)b + PDNP_BLOCK_HDR + b->used);
        b->used += need;
    } else {
        n = pdnp_arena_alloc(&g->arena, sizeof *n);
        if (n == NULL)
            return NULL;
    }
    n->next = NULL;
    n->x = NULL;
    n->game = g;
    n->text = NULL;
    n->number = 0;
    n->ellipsis = 0;
    n->has_move = 0;
    return n;
}
int pdnp_list_add_str(pdn_game *g, pdnp_list *l, const char *s, size_t n);
int pdnp_list_add_nag(pdn_game *g, pdnp_list *l, int nag);
int pdnp_game_add_tag(pdn_game *g, const char *name, size_t nlen,
                      const char *value, size_t vlen, const pdn_pos *pos);
/* Walks the tags in canonical order: the first of each of the seven
 * standard tags in standard order, then the rest in input order.
 * pdnp_tagiter_next gives a tag index, or -1 at the end; it->k reaches
 * PDNP_NSTD once the standard tags are done. */
#define PDNP_NSTD 7
typedef struct pdnp_tagiter {
    size_t first[PDNP_NSTD];
    size_t k, i;
} pdnp_tagiter;
void pdnp_tagiter_init(const pdn_game *g, pdnp_tagiter *it);
long pdnp_tagiter_next(const pdn_game *g, pdnp_tagiter *it);
/* Move numbers saturate at PDNP_NUM_MAX, in the reader and in the
 * writer's count alike, so that a huge one reads back as written. */
#define PDNP_NUM_MAX 999999999UL
static inline unsigned long
pdnp_move_number(const char *s, size_t n)
{
    unsigned long v = 0;
    size_t k;
    for (k = 0; k < n; k++)
        v = v > (PDNP_NUM_MAX - (unsigned)(s[k] - '0')) / 10
                ? PDNP_NUM_MAX
                : v * 10 + (unsigned)(s[k] - '0');
    return v;
}
/* Normalised result string for a terminator token, NULL if s is none. */
const char *pdnp_result_norm(const char *s, size_t n);

/* ---- Movetext ---- */
/* Like pdn_movetext_parse; returns 1 when the token is a move whose path
 * is longer than PDN_PATH_MAX squares. */
int pdnp_movetext_parse(const char *s, size_t len, pdn_movetext *mt);

/* ---- Encoding ---- */
/* 1 when s[0..n) is valid UTF-8. */
int pdnp_utf8_valid(const char *s, size_t n);
/* Appends s[0..n) read as CP1252 to b as UTF-8. 0 or -1 (ENOMEM). */
int pdnp_cp1252_to_utf8(pdnp_buf *b, const char *s, size_t n);
/* Unicode code point of CP1252 byte c (>= 0x80). */
unsigned pdnp_cp1252_code(unsigned char c);
/* What an input starting with d[0..n) is when it is not text (gzip, zip,
 * bzip2, xz, zstd, UTF-16), as a message, or NULL. */
const char *pdnp_sniff_start(const unsigned char *d, size_t n);

/* ---- Input: a sliding window over the byte source ---- */
enum { PDNP_SRC_MEM, PDNP_SRC_FILE, PDNP_SRC_CB };
typedef struct pdnp_gzip pdnp_gzip;

typedef struct pdnp_input {
    int kind;
    FILE *fp;
    pdn_read_fn *fn;
    void *ud;
    const char *data; /* window: data[0] is absolute offset base */
    char *own;        /* our buffer (file, callback); NULL for memory */
    size_t len;       /* bytes in the window */
    size_t cap;
    size_t base;      /* absolute offset of data[0] */
    int eof;
    int ioerr;
    /* Not text: what the input is (a message), set when its first bytes
     * or a NUL byte give it away; the window then ends there, at absolute
     * offset binary_at, and nothing more is read. */
    const char *binary;
    size_t binary_at;
    pdnp_gzip *gz;    /* gzip input being inflated (gzip.c), else NULL */
} pdnp_input;

void pdnp_input_init_mem(pdnp_input *in, const char *buf, size_t len);
void pdnp_input_init_file(pdnp_input *in, FILE *fp);
void pdnp_input_init_cb(pdnp_input *in, pdn_read_fn *fn, void *ud);
void pdnp_input_free(pdnp_input *in);
/* Reads more bytes into the window. Returns the number added, 0 at the end
 * of input, -1 on a read error (ioerr set) or memory shortage (-2). */
long pdnp_input_fill(pdnp_input *in);
/* Drops the bytes before window index keep. */
void pdnp_input_discard(pdnp_input *in, size_t keep);

/* Gzip input (gzip.c). available: 1 when built with zlib. start: in reads
 * gzip from here on, head[0..n) its first compressed bytes (a memory
 * source: the whole input, used in place); 0 or -1 (memory). read: inflates
 * up to size bytes into dst: their number, 0 at the end (or after setting
 * in->binary for corrupt or truncated data), -1 on a read error (ioerr
 * set), -2 when memory runs out. */
int pdnp_gzip_available(void);
int pdnp_gzip_start(pdnp_input *in, const char *head, size_t n);
long pdnp_gzip_read(pdnp_input *in, char *dst, size_t size);
void pdnp_gzip_free(pdnp_gzip *gz);

/* ---- Lexer ---- */
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
    PDNP_T_OTHER       /* a byte that is not PDN */
};

/* A slot holding a stored string with bytes >= 0x80, rewritten when the
 * game turns out not to be UTF-8. tag >= 0 names a tag value. */
typedef struct pdnp_hislot {
    long tag;
    const char **slot;
} pdnp_hislot;

/* One open line of the move tree: the main line or a variation. */
typedef struct pdnp_frame {
    pdn_node *owner;   /* the move this variation replaces; NULL: none */
    pdn_node *first, *last;
    pdnp_list before;  /* comments waiting for the line's first move */
    const char *setup; /* setup waiting for the next move */
    pdn_node *pvar, *pvar_last; /* variations waiting for a move */
    size_t npvar;
    size_t after_mark; /* last->after count at the last non-comment item */
    unsigned long number;
    int ellipsis;
    pdn_pos open;
} pdnp_frame;

struct pdn_reader {
    pdnp_input in;
    char *name;
    pdn_diag_fn *warn_fn;
    void *warn_ud;
    size_t max_depth, max_token, max_game;
    size_t max_model;  /* memory of one game's model (MODEL_FACTOR) */
    size_t max_window; /* window bytes of one game: max_game + slack */
    unsigned long ngames;
    int stopped;
    int over;        /* the game needed more than max_game + PDNP_SLACK
                      * bytes of the window */
    int nofast;      /* tests only: always take the general path */
    /* Lexer: position of the next byte, line bookkeeping. */
    size_t pos;
    unsigned long line;
    size_t line_off; /* absolute offset of the current line's first byte */
    pdnp_buf sbuf;
    /* The current token. */
    int tok;
    size_t tstart;   /* window index of its first byte */
    pdn_pos tpos;
    size_t vstart, vlen; /* its value, in the window unless vbuf */
    int vbuf;
    size_t slen;     /* glued strength mark after a word */
    long num;
    int ws_before;   /* white space or a line break before it */
    int joined;      /* a word rejoined across a space ("1- 7") */
    /* The game being read. */
    pdn_game *g;
    size_t gstart;   /* window index where the game's raw text starts */
    pdn_error e;
    int fatal;       /* PDN_ENOMEM or PDN_EIO: stop reading */
    int has_body;    /* a move or terminator was read */
    int high;        /* a stored string has bytes >= 0x80 */
    pdnp_hislot *hi;
    size_t nhi, caphi;
    pdnp_frame *frames;
    size_t nframes, capframes;
};

/* How far past max_game bytes of a game the reader may look ahead (for
 * white space after a terminator, say) before the input looks ended. */
#define PDNP_SLACK 65536

/* Lexer entry points (lexer.c). */
static inline const char *
pdnp_lex_val(const pdn_reader *r)
{
    return r->vbuf ? r->sbuf.data : r->in.data + r->vstart;
}
pdn_pos pdnp_lex_pos(const pdn_reader *r, size_t idx);
int pdnp_lex(pdn_reader *r);
/* Counts the line ends in window bytes [from, to) into r->line. */
void pdnp_lex_count_lines(pdn_reader *r, size_t from, size_t to);
/* Reads a tag pair after '[' (r->pos just past it). Returns 1 with name
 * and value in name and nlen (window) and r->sbuf (also when a missing
 * closing quote or ']' left an error in r->e and the value runs to the end
 * of its line); 0 when no tag name follows; 2 when a name or value over
 * the token limit was skipped to the end of its line (error in r->e); -1
 * on an error that ends the game. */
int pdnp_lex_tag(pdn_reader *r, size_t *name, size_t *nlen);
/* After '(' (r->pos just past it): 1 when the parenthesis holds prose,
 * which is then consumed as a PDNP_T_COMMENT token; 0 otherwise. */
int pdnp_lex_prose(pdn_reader *r);
/* 1 when byte i of the window exists, reading more input if needed. */
int pdnp_lex_fill_to(pdn_reader *r, size_t i);
static inline int
pdnp_lex_need(pdn_reader *r, size_t i)
{
    return i < r->in.len || pdnp_lex_fill_to(r, i);
}
void pdnp_warn(pdn_reader *r, int code, const pdn_pos *pos,
               const char *fmt, ...) PDNP_PRINTF(4, 5);
void pdnp_fail(pdn_reader *r, int code, const pdn_pos *pos,
               const char *fmt, ...) PDNP_PRINTF(4, 5);

#endif /* PDN_READER_PRIVATE_H */
