/* SPDX-License-Identifier: MIT */
/* Move text: a move as written ("32-28", "26x17x10", "c3:e5", "ed4"), read,
 * formatted, and mapped to board coordinates. Every function on written
 * moves is here; matching one against the legal moves is pdn_board_match
 * (pdn/rules.h). */
#ifndef PDN_MOVETEXT_H
#define PDN_MOVETEXT_H

#include <stddef.h>
#include <pdn/error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pdn_gametype; /* pdn/variant.h */

/* Board coordinates used everywhere a square is not a number: file and rank
 * are 0-based, seen from White (a1 = White's near left = coord 0). */
#define PDN_COORD(file, rank) ((unsigned char)(((rank) << 4) | (file)))
#define PDN_COORD_FILE(c) ((int)((c) & 15))
#define PDN_COORD_RANK(c) ((int)(((c) >> 4) & 15))

/* Longest path a written or generated move may have (squares, from and to
 * included). A longer one is a PDN_ELIMIT error. */
#define PDN_PATH_MAX 32

/* A move as written. Numeric squares hold their number (1..255); algebraic
 * squares hold PDN_COORD(file, rank). With file_only set, sq[0] names only a
 * file (rank bits 15): the Russian short notation 'ed4'. */
typedef struct pdn_movetext {
    unsigned char n;         /* squares in sq[] (2 .. PDN_PATH_MAX) */
    unsigned char capture;   /* written with 'x' or ':' */
    unsigned char algebraic; /* squares written as letter + digit */
    unsigned char file_only; /* sq[0] is a file only */
    char sep;                /* '-', 'x', ':' or 0 when none ('a3b4') */
    unsigned char sq[PDN_PATH_MAX];
} pdn_movetext;

/* Parses one move token (no strength mark) such as "32-28", "26x17x10",
 * "c3:e5", "E3:G5", "a3b4", "06-11", "ed4". Returns 0 and fills *mt, or -1
 * when s is not a move. Never allocates. */
int pdn_movetext_parse(const char *s, size_t len, pdn_movetext *mt);

/* Formats a movetext canonically (no leading zeros, lower-case algebraic,
 * its own separator). Returns the length it needs, like snprintf. */
size_t pdn_movetext_format(const pdn_movetext *mt, char *buf, size_t size);

/* Maps a written move's squares to coords (numeric squares by gt's
 * numbering, algebraic ones directly). A file-only first square maps to 255
 * (its file stays in mt->sq[0]). coords must hold mt->n entries. Returns 0,
 * or -1 with *err (PDN_EMOVE, no position) naming a square that is not a
 * playable square of this board ("square '51' does not exist on this
 * board"). */
int pdn_movetext_coords(const struct pdn_gametype *gt, const pdn_movetext *mt,
                        unsigned char *coords, pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_MOVETEXT_H */
