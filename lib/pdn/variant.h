/* SPDX-License-Identifier: MIT */
/* GameType values, board geometry and square naming, and FEN setups as
 * values. Everything here is computed from the GameType fields (size,
 * notation, corner, invert flag, start colour), never from a variant name. */
#ifndef PDN_VARIANT_H
#define PDN_VARIANT_H

#include <stddef.h>
#include <pdn/error.h>
#include <pdn/game.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A GameType. type is the number as written; rules is the standard type
 * whose rules apply (equal to type for the standard table, 20 for
 * GameType 98); giveaway is 1 when the aim is inverted. */
typedef struct pdn_gametype {
    int type;
    int rules;
    int giveaway;
    char start;     /* 'W' or 'B': the side that moves first */
    int width;      /* files */
    int height;     /* ranks */
    char notation;  /* 'A' algebraic, 'N' numeric, 'S' short algebraic */
    int corner;     /* 0..3: where square 1 (a1) lies, seen by the first mover */
    int invert;     /* 0: the first mover's bottom-left square is playable */
    int folk;       /* PDN_FOLK_*: a folk variant (on type 25 or 30), or a
                     * site variant (96 Breakthrough, 97 Frysk!) */
} pdn_gametype;

/* The folk variants (man/pdn-rules.7, FOLK VARIANTS): no GameType number
 * names them, so they are written as the seventh field of a full GameType
 * of the type whose board they use: "25,W,8,8,A0,0,northern" (Russian),
 * "30,W,8,8,A0,0,corners" (every square, as Turkish),
 * "25,W,8,8,A0,0,towers", "21,W,7,7,A0,0,laska" (English moves). */
enum {
    PDN_FOLK_NONE = 0,
    PDN_FOLK_DIAGONAL,   /* men start in two opposite corners */
    PDN_FOLK_NORTHERN,   /* a captured king becomes a man of its colour */
    PDN_FOLK_SAMOYED,    /* captures of own pieces too, compulsory */
    PDN_FOLK_TWO_MOVE,   /* each side makes two moves in a row */
    PDN_FOLK_CORNERS,    /* Ugolki: a race on every square of type 30 */
    PDN_FOLK_TOWERS,     /* Bashni: captured pieces go under the captor */
    PDN_FOLK_LASKA,      /* Lasker's towers on 7x7, English moves (type 21) */
    PDN_FOLK_STAVROPOL,  /* either side's pieces may be moved */
    PDN_FOLK_BREAKTHROUGH, /* GameType 96: International, first king wins */
    PDN_FOLK_FRYSK,      /* GameType 97: Frisian from five men each */
    PDN_FOLK_COUNT
};

/* Result types of the PDN standard. */
enum { PDN_RESULT_DEFAULT = 0, PDN_RESULT_INTERNATIONAL = 1 };

/* Parses a GameType tag value: a bare number ("20", expanded to its standard
 * value) or the full form "20,W,10,10,N2,0". Returns 0; 1 when accepted with
 * a warning in *err (severity PDN_SEV_WARNING); -1 with *err (PDN_EVARIANT).
 * The type must be in the standard table or one of lidraughts' 96, 97, 98
 * (see pdn_gametype_standard); width and height 2..12; notation A, N or S with corner 0..3;
 * a missing InvertFlag is the type's own on its own board, else 0. Warned:
 * spaces around fields, a 0 width or height and a notation letter without
 * digit (both as written by some sites: the standard value is used).
 * Extension: a seventh field "G" marks a giveaway game whose type number
 * cannot say so; this is how Russian giveaway (type 25, giveaway 1) is
 * written ("25,W,8,8,A0,0,G"), so that format and parse round-trip. Readers
 * that ignore extra fields still get the right move rules. The seventh
 * field may instead name a folk variant of type 25 ("diagonal",
 * "northern", "samoyed", "two-move", "towers", "stavropol"), 21 ("laska") or 30
 * ("corners"):
 * "25,W,8,8,A0,0,samoyed". Messages have no
 * position (pos.line 0) and quote the bad field. */
int pdn_gametype_parse(const char *s, pdn_gametype *gt, pdn_error *err);
/* Fills *gt with the standard value of a type number. 0, or -1 if unknown.
 * Besides the PDN 3.0 table, lidraughts' numbers are known: 96
 * Breakthrough (rules 20, folk PDN_FOLK_BREAKTHROUGH), 97 Frysk! (rules
 * 40, folk PDN_FOLK_FRYSK) and 98 antidraughts (rules 20, giveaway 1). */
int pdn_gametype_standard(int type, pdn_gametype *gt);
/* Looks a variant up by name, case-insensitively: "international",
 * "english", "russian", "frisian", "antidraughts", "russian giveaway", ...
 * also a number or a full GameType string. Spaces, '_' and '-' are the
 * same, and a trailing "draughts"/"checkers" word is ignored, so Variant
 * tag values ("Russian giveaway", "American pool checkers") are found;
 * the folk variants by their names ("diagonal", "northern", "samoyed").
 * 0, or -1 if unknown. */
int pdn_gametype_by_name(const char *name, pdn_gametype *gt);
/* Short lower-case name of the rules ("international", "russian-giveaway",
 * "northern"). */
const char *pdn_gametype_name(const pdn_gametype *gt);
/* Writes the GameType value: the bare number when gt is that type's
 * standard value, else the full form with the InvertFlag (and ",G" for a
 * giveaway game of a type other than 98, or the folk variant's name).
 * Returns the length it needs,
 * like snprintf. Variant tags are the caller's business. */
size_t pdn_gametype_format(const pdn_gametype *gt, char *buf, size_t size);
int pdn_gametype_result_type(const pdn_gametype *gt);
/* 1 when a and b are the same GameType in every field, else 0. */
int pdn_gametype_equal(const pdn_gametype *a, const pdn_gametype *b);
/* The capture separator of the variant's tradition: 'x' or ':' ('-' Thai). */
char pdn_gametype_capture_sep(const pdn_gametype *gt);

/* Geometry. A coord is PDN_COORD(file, rank). Squares are numbered 1..count
 * by the GameType's notation letter and corner (for 'A' boards: the numeric
 * numbering given by the same corner digit), along rows starting from that
 * corner as seen by the first mover. Playable: the first mover's
 * bottom-left square is when invert is 0; Turkish rules (30) use every
 * square. All of these are O(1) arithmetic and accept any geometry (an
 * impossible one has no squares). */
int pdn_square_count(const pdn_gametype *gt);
int pdn_coord_playable(const pdn_gametype *gt, int coord);
/* Square number -> coord, or -1 when there is no such square. */
int pdn_square_to_coord(const pdn_gametype *gt, int num);
/* coord -> square number, or 0 when not a playable square. */
int pdn_coord_to_square(const pdn_gametype *gt, int coord);
/* Name of a square in the GameType's notation ("32" or "e3"; a square with
 * no number is named algebraically, a coord outside 0..255 "?"). Returns
 * the length it needs, like snprintf. */
size_t pdn_coord_name(const pdn_gametype *gt, int coord, char *buf,
                      size_t size);
/* A FEN setup as a value. Squares are as written: numeric numbers, or
 * PDN_COORD values when algebraic is set. In the towers variants a square
 * holds a stack: colour and king give its top piece, under[0..nunder-1]
 * the pieces beneath it from the top down, each 'w', 'b' (men), 'W' or
 * 'B' (kings), written "Wc3(bW)" (man/pdn-rules.7, FOLK VARIANTS). All
 * pieces of a FEN, those under a top included, number at most
 * PDN_FEN_MAX. */
#define PDN_FEN_MAX 160
#define PDN_FEN_UNDER_MAX 31
typedef struct pdn_fen_piece {
    char colour;             /* 'W' or 'B' */
    unsigned char king;
    unsigned char algebraic;
    unsigned char sq;
    unsigned char nunder;    /* pieces under this one (towers), else 0 */
    char under[PDN_FEN_UNDER_MAX];
} pdn_fen_piece;

typedef struct pdn_fen {
    char turn;               /* 'W', 'B' or '?' */
    size_t count;
    pdn_fen_piece piece[PDN_FEN_MAX];
} pdn_fen;

/* Parses a FEN ("W:W31-50:B1-20", "B:WK4,18:B12,K30", algebraic squares,
 * ranges, an empty side, either colour first, stacks "Wc3(bW)"). Returns 0; 1 when accepted
 * with a warning in *err (spaces, a trailing '.', ':H0:F1' counters, a
 * doubled turn "W:W:W31", leading zeros "06", lower-case letters, a
 * trailing comma, a side missing); -1 with *err (PDN_ESETUP) quoting the
 * bad part. Whether squares exist on a board is pdn_board_set_fen's check.
 * In *err, pos.line is 0 and pos.column (1-based) / pos.offset give the
 * place in s: callers add them to the position of the value. A warning
 * never hides a later error. */
int pdn_fen_parse(const char *s, pdn_fen *fen, pdn_error *err);
/* Writes a FEN with no spaces and no trailing dot: the turn, then White's
 * pieces, then Black's (an empty side as ":W" or ":B"), each side in the
 * order of fen->piece, one square per item (no ranges), kings with 'K',
 * algebraic squares in lower case, the pieces under a stack's top in
 * parentheses after its square. Returns the length it needs, like
 * snprintf. */
size_t pdn_fen_format(const pdn_fen *fen, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif /* PDN_VARIANT_H */
