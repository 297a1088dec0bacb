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

/* Diagnostic categories. The values are part of the ABI: they are
 * explicit, never renumbered, and a new code takes the next free value
 * before PDN_ECODE_COUNT. The names returned by pdn_code_name() are stable
 * too, and are what the tools print in machine-readable output. */
typedef enum pdn_error_code {
    PDN_OK = 0,
    PDN_ENOMEM = 1,     /* "nomem": memory ran out */
    PDN_EIO = 2,        /* "io": reading or writing failed */
    PDN_ESYNTAX = 3,    /* "syntax": the text is not PDN */
    PDN_ETAG = 4,       /* "tag": a tag pair is malformed or its value is
                           invalid */
    PDN_ESETUP = 5,     /* "setup": a FEN or setup is invalid */
    PDN_EMOVE = 6,      /* "move": a move token cannot be read */
    PDN_EVARIANT = 7,   /* "variant": GameType unknown or invalid */
    PDN_ELIMIT = 8,     /* "limit": a resource limit (depth, token size) was
                           hit */
    PDN_EENCODING = 9,  /* "encoding": bytes that are not valid text */
    PDN_EILLEGAL = 10,  /* "illegal": a move that the rules do not allow */
    PDN_EAMBIGUOUS = 11,/* "ambiguous": a move that denotes several legal
                           moves */
    PDN_ERESULT = 12,   /* "result": result tag or terminator inconsistent */
    PDN_ESTRICT = 13,   /* "strict": breaks a PDN 3.0 writing restriction */
    PDN_ENOMOVES = 14,  /* "no-moves": a game whose body has no move */
    /* a game drawn by rule (pdn_draw_rule order): "draw-repetition",
     * "draw-kings-moves", "draw-endgame", "draw-forty-moves" */
    PDN_EDRAW_REPETITION = 15,
    PDN_EDRAW_KINGS_MOVES = 16,
    PDN_EDRAW_ENDGAME = 17,
    PDN_EDRAW_FORTY_MOVES = 18,
    PDN_EARG = 19,      /* "arg": a required argument is NULL or out of
                           range (a caller's mistake) */
    PDN_ECODE_COUNT = 20
} pdn_error_code;

enum pdn_severity {
    PDN_SEV_ERROR = 0,
    PDN_SEV_WARNING = 1
};

/* source holds an input name of up to PDN_ERROR_SOURCE_SIZE - 1 bytes
 * whole (4095: PATH_MAX on Linux and more than any real path); only a
 * longer one is cut, on the left ("..." then its last bytes). */
#define PDN_ERROR_SOURCE_SIZE 4096
#define PDN_ERROR_TEXT_SIZE 200

/* One diagnostic, a value that owns all of its text: it may be copied,
 * kept and compared after the reader, board or game that filled it is
 * gone. code is a pdn_error_code, severity a pdn_severity. text is
 * lower-case, has no location and no final period, and quotes the
 * offending input where there is one. source is the input name given to
 * the reader ("" where there is no input: a board, a FEN string). game is
 * the 1-based number of the game in its input, 0 when not inside a game.
 *
 * The rule for every function that takes a pdn_error *err (which may be
 * NULL): *err is cleared (code PDN_OK) when the call succeeds, and filled
 * when it fails or, where documented, warns. A caller therefore never sees
 * the record of an earlier call. */
typedef struct pdn_error {
    int code;
    int severity;
    pdn_pos pos;
    unsigned long game;
    char text[PDN_ERROR_TEXT_SIZE];
    char source[PDN_ERROR_SOURCE_SIZE];
} pdn_error;

/* Callback that receives warnings (and, where documented, errors) as they
 * are found. The record is borrowed for the duration of the call only. */
typedef void pdn_diag_fn(const pdn_error *diag, void *ud);

/* Stable lower-case name of a code ("syntax", "illegal", ...); "unknown"
 * for a value outside pdn_error_code. Thread-safe; the string is static. */
const char *pdn_code_name(int code);

/* Clears *err to "no error" (code PDN_OK, no position, empty text and
 * source) in constant time (it does not touch the whole record). err may
 * be NULL. */
void pdn_error_clear(pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_ERROR_H */
