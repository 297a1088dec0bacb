/* SPDX-License-Identifier: MIT */
/* The parser's internals: the reader object, the frames of open
 * variations, and what the grammar files (parser.c, items.c, reader.c)
 * share. The parser reads tokens from the lexer (lexer.h) only and builds
 * the game model (model/game_private.h). Never installed. */
#ifndef PDN_READER_PRIVATE_H
#define PDN_READER_PRIVATE_H

#include <stddef.h>
#include "lexer.h"
#include "model/game_private.h"

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
    pdnp_lexer lx;
    pdnp_diag dg;
    char *name;
    size_t max_depth;
    size_t max_model;  /* memory of one game's model (MODEL_FACTOR) */
    unsigned long ngames;
    int stopped;
    /* The game being read. */
    pdn_game *g;
    int has_body;    /* a move or terminator was read */
    int high;        /* a stored string has bytes >= 0x80 */
    pdnp_hislot *hi;
    size_t nhi, caphi;
    pdnp_frame *frames;
    size_t nframes, capframes;
    pdnp_buf tbuf;   /* transcoding */
    /* What the words of the input's games that were not UTF-8 say (made
     * at the first such game), and the code pages games of it were sure
     * of (bits). */
    pdnp_cpev *cpev;
    unsigned cpseen;
};

/* Memory a game's model takes: its arena blocks and tag blocks. */
static inline size_t
pdnp_game_mem(const pdn_game *g)
{
    return g->arena.total + g->ntags * sizeof(pdnp_tag);
}

/* ---- parser.c: the game and its move tree ---- */
/* Reads one game into r->g. Returns 1 (a game), 0 (end of input), -1
 * (error, with r->g possibly set), 2 (a game read to its end with an
 * error in r->dg.e). */
int pdnp_parse_game(pdn_reader *r);
/* Error recovery: skips to the end of the broken game (its terminator, or
 * before the next tag section). */
void pdnp_skip_game(pdn_reader *r);
/* The game's text is UTF-8 when all its stored strings are; otherwise it
 * is read from the code page its words point to (pdn_game_encoding). 0,
 * or -1 when memory runs out. */
int pdnp_fix_encoding(pdn_reader *r);

/* ---- items.c: the items of a game (grammar functions) ---- */
static inline pdnp_frame *
pdnp_top(pdn_reader *r)
{
    return &r->frames[r->nframes - 1];
}
/* A string with bytes >= 0x80 to transcode if the game is not UTF-8. */
int pdnp_note_high(pdn_reader *r, long tag, const char **slot);
/* Each returns 0 to go on, 1 when the item ended the game, 2 (word only)
 * to go on when the item is no item that comments can follow, -1 on
 * error. */
int pdnp_tag_pair(pdn_reader *r);
int pdnp_word(pdn_reader *r);
int pdnp_setup(pdn_reader *r);
int pdnp_star(pdn_reader *r);
int pdnp_nag(pdn_reader *r);
int pdnp_strength(pdn_reader *r);
int pdnp_comment(pdn_reader *r);
/* The word s[0..n) at pos, the current token, is a result of k bytes
 * glued to the next game's move number: the warning, and the lexer set
 * back to read the next game from the move number. */
void pdnp_glued_result(pdn_reader *r, const char *s, size_t n, size_t k,
                  const pdn_pos *pos);
/* The run of plain move numbers and moves most of a game is made of. */
int pdnp_plain_items(pdn_reader *r);
/* A new variation, opened on the line's last move. */
int pdnp_push_frame(pdn_reader *r, pdn_node *owner);
/* Closes the innermost variation. 0, 1 when it was empty, -1. */
int pdnp_close_frame(pdn_reader *r);
/* Comments after the last item of a line trail it: remembers how many of
 * the last move's comments came before. */
static inline void
pdnp_mark_item(pdnp_frame *f)
{
    f->after_mark =
        f->last != NULL && f->last->x != NULL ? f->last->x->after.count : 0;
}
/* Moves the comments after the main line's last move to the game. */
void pdnp_split_trailing(pdn_reader *r);

#endif /* PDN_READER_PRIVATE_H */
