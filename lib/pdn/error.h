/* SPDX-License-Identifier: MIT */
/* Diagnostics shared by every libpdn module: a position in the input and an
 * error or warning record. The library fills these; it never prints. */
#ifndef PDN_ERROR_H
#define PDN_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A place in the input. line and column are 1-based and column counts bytes
 * (PDN files mix Latin-1, CP1252 and UTF-8); offset is the 0-based byte
 * offset from the start of the input. A zero line means "no position". */
typedef struct pdn_pos {
    unsigned long line;
    unsigned long column;
    size_t offset;
} pdn_pos;

/* Diagnostic categories. The names returned by pdn_code_name() are stable
 * and are what the tools print in machine-readable output. */
enum pdn_code {
    PDN_OK = 0,
    PDN_ENOMEM,    /* "nomem": memory ran out */
    PDN_EIO,       /* "io": reading or writing failed */
    PDN_ESYNTAX,   /* "syntax": the text is not PDN */
    PDN_ETAG,      /* "tag": a tag pair is malformed or its value is invalid */
    PDN_ESETUP,    /* "setup": a FEN or setup is invalid */
    PDN_EMOVE,     /* "move": a move token cannot be read */
    PDN_EVARIANT,  /* "variant": GameType unknown or invalid */
    PDN_ELIMIT,    /* "limit": a resource limit (depth, token size) was hit */
    PDN_EENCODING, /* "encoding": bytes that are not valid text */
    PDN_EILLEGAL,  /* "illegal": a move that the rules do not allow */
    PDN_EAMBIGUOUS,/* "ambiguous": a move that denotes several legal moves */
    PDN_ERESULT,   /* "result": result tag or terminator inconsistent */
    PDN_ESTRICT,   /* "strict": breaks a PDN 3.0 writing restriction */
    PDN_ENOMOVES,  /* "no-moves": a game whose body has no move */
    /* a game drawn by rule (pdn_draw_rule order): "draw-repetition",
     * "draw-kings-moves", "draw-endgame", "draw-forty-moves" */
    PDN_EDRAW_REPETITION,
    PDN_EDRAW_KINGS_MOVES,
    PDN_EDRAW_ENDGAME,
    PDN_EDRAW_FORTY_MOVES,
    PDN_ECODE_COUNT
};

enum pdn_severity {
    PDN_SEV_ERROR = 0,
    PDN_SEV_WARNING = 1
};

#define PDN_ERROR_SOURCE_SIZE 64
#define PDN_ERROR_TEXT_SIZE 200

/* One diagnostic. text is lower-case, has no location and no final period,
 * and quotes the offending input where there is one. source is the input
 * name given to the reader, truncated on the left when too long. game is
 * the 1-based number of the game in its input, 0 when not inside a game. */
typedef struct pdn_error {
    int code;
    int severity;
    pdn_pos pos;
    unsigned long game;
    char source[PDN_ERROR_SOURCE_SIZE];
    char text[PDN_ERROR_TEXT_SIZE];
} pdn_error;

/* Callback that receives warnings (and, where documented, errors) as they
 * are found. The record is borrowed for the duration of the call only. */
typedef void pdn_diag_fn(const pdn_error *diag, void *ud);

/* Stable lower-case name of a code ("syntax", "illegal", ...); "unknown"
 * for a value outside enum pdn_code. */
const char *pdn_code_name(int code);

/* Clears *err to "no error" (code PDN_OK, empty text). err may be NULL. */
void pdn_error_clear(pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_ERROR_H */
