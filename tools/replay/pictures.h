/* SPDX-License-Identifier: MIT */
/* Where pdn-replay's SVG diagrams go: the output (one document), one file
 * per position in a directory (-O), or a sheet of numbered diagrams (-t),
 * one per game, as wide as a screen or the size of a page. */
#ifndef PDN_TOOLS_PICTURES_H
#define PDN_TOOLS_PICTURES_H

#include "common.h"
#include "diagram.h"

typedef struct pic_opts {
    diagram_style style;  /* -r, -z, -C, -U */
    const char *dir;      /* -O: files in it, NULL: the output */
    int sheet;            /* -t: a game's positions on one sheet */
    int page;             /* --page: the sheet a page, PIC_A4 or
                             PIC_LETTER (0: as wide as SHEET_WIDTH) */
    /* -O: the STEM of each operand's pictures (pic_stem) */
    char **operands, **stems;
    int noperands;
} pic_opts;

/* The STEM of file's pictures (file: an operand as given), or NULL for
 * its base name (standard input under its --label name). */
const char *pic_stem(const pic_opts *po, const char *file);

/* A game's sheet while it is drawn. */
typedef struct pic_sheet {
    tbuf body;            /* the diagrams, placed */
    unsigned long n;      /* how many */
    int w, h, cols;       /* one diagram's size, diagrams per row */
    char first;           /* the first mover ('W' or 'B') */
    tbuf starts;          /* --page: where each diagram starts in body
                             (size_t each) */
} pic_sheet;

/* The page sizes of --page, in the order of pic_page_names. */
enum { PIC_A4 = 1, PIC_LETTER };
extern const char *const pic_page_names[]; /* "a4", "letter", NULL */

/* Writes data to path through a temporary beside it, renamed over it.
 * 0, or -1 with errno. */
int pic_write_file(const char *path, const char *data, size_t len);
/* Draws the position b of game g of file, reached at ply by move mv (text)
 * / last (NULL at the start) from before (NULL: not known), with the
 * [%csl] and [%cal] marks of the comments marks (NULL: none): onto sh
 * (po->sheet), else to the output or with -O to DIR/STEM-gGAME-pPLY.svg,
 * STEM being pic_stem's or the input's name without its directory and .pdn
 * ending ("stdin" for standard input), GAME in six digits and PLY in four
 * (so that the names sort). A file that cannot be written is reported on
 * to (status 2). */
void pic_show(const pic_opts *po, pic_sheet *sh, tool_out *to,
              const char *file, const pdn_game *g, unsigned long ply,
              const char *mv, const pdn_board *b, const pdn_board *before,
              const pdn_move *last, const char *marks);
/* Writes game g's sheet, if it holds a diagram, as one document (to the
 * output, or DIR/STEM-gGAME.svg), then frees it. */
void pic_sheet_end(const pic_opts *po, pic_sheet *sh, tool_out *to,
                   const char *file, const pdn_game *g);

#endif
