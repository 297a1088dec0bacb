/* SPDX-License-Identifier: MIT */
/* The game model's internals: the arena one game lives in, move nodes,
 * tags, comments and the helpers that build them. The reader fills the
 * model through these; the writer and the model's own files read it.
 * Nothing here knows about input, tokens or grammar. Never installed. */
#ifndef PDN_MODEL_GAME_PRIVATE_H
#define PDN_MODEL_GAME_PRIVATE_H

#include <stddef.h>
#include <string.h>
#include "core/pdn_private.h"
#include "pdn/game.h"
#include "pdn/movetext.h"
#include "pdn/result.h"

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

/* v in decimal at out, as pdnp_utoa, without its division loop for the
 * numbers below 100 that squares and most move numbers are. */
static inline size_t
pdnp_utoa_small(unsigned long v, char *out)
{
    if (v < 10) {
        out[0] = (char)('0' + v);
        return 1;
    }
    if (v < 100) {
        static const char two[] =
            "00010203040506070809101112131415161718192021222324"
            "25262728293031323334353637383940414243444546474849"
            "50515253545556575859606162636465666768697071727374"
            "75767778798081828384858687888990919293949596979899";

        memcpy(out, two + 2 * v, 2);
        return 2;
    }
    return pdnp_utoa(v, out);
}

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
    unsigned char raw_arena; /* raw lies in the arena, not in its own
                              * allocation */
    /* How the reader decoded text that was not UTF-8 (pdn_game_encoding):
     * the code page (pdn_codepage; 0: UTF-8, or a game not read), whether
     * words told it, whether the input's earlier games did. */
    unsigned char cp, cp_sure, cp_input;
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
/* What a PDN writer can write so that it reads back the same (the
 * setters refuse the rest, the writer fails on it): a comment holding '}'
 * only as a ';' comment, so without a line break and without blanks at
 * its ends (the reader trims those); a tag name of printable bytes other
 * than blanks, '[', ']' and '"'; a tag value without a line break. */
static inline int
pdnp_comment_ok(const char *s)
{
    size_t n;

    if (strchr(s, '}') == NULL)
        return 1;
    n = strlen(s);
    return strpbrk(s, "\r\n") == NULL && n > 0 && s[0] != ' ' &&
           s[0] != '\t' && s[n - 1] != ' ' && s[n - 1] != '\t';
}

static inline int
pdnp_tag_name_ok(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if ((unsigned char)*s <= ' ' || *s == '[' || *s == ']' ||
            *s == '"' || *s == 0x7f)
            return 0;
    return 1;
}

static inline int
pdnp_tag_value_ok(const char *s)
{
    return strpbrk(s, "\r\n") == NULL;
}

/* ---- Move text (movetext.c) ---- */
/* Like pdn_movetext_parse; returns 1 when the token is a move whose path
 * is longer than PDN_PATH_MAX squares. */
int pdnp_movetext_parse(const char *s, size_t len, pdn_movetext *mt);

#endif /* PDN_MODEL_GAME_PRIVATE_H */
