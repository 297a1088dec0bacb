/* SPDX-License-Identifier: MIT */
/* Writes games as canonical PDN. The output is idempotent: writing what was
 * read from the writer's own output gives the same bytes. */
#ifndef PDN_WRITER_H
#define PDN_WRITER_H

#include <stdio.h>
#include <pdn/error.h>
#include <pdn/game.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writer flags. The default (0) is strict PDN 3.0: UTF-8, the seven
 * standard tags first, '*' terminator with the result in the Result tag
 * (added when missing), no line limit; a game whose decided terminator
 * its Result tag contradicts keeps that terminator, so that it reads back
 * with it. PDN_WRITE_COMPAT ends the game with its result token and folds
 * lines at 80 columns. Move numbers are the writer's: counted from the
 * first move (see pdn_node_set_number), whatever the game held. */
enum {
    PDN_WRITE_PDN3 = 0,
    PDN_WRITE_COMPAT = 1u << 0,
    PDN_WRITE_CRLF = 1u << 1,   /* CR LF line ends */
    PDN_WRITE_LATIN1 = 1u << 2, /* ISO-8859-1 text; what it cannot hold is
                                   written as '?' with a PDN_EENCODING
                                   warning in *err and return 1 */
    PDN_WRITE_KEEP_TAGS = 1u << 3,  /* tags in input order, no Result tag
                                       added */
    PDN_WRITE_KEEP_RESULT = 1u << 4 /* the game's own result token as its
                                       terminator ('*' when it had none),
                                       without folding */
};

/* Sink: writes len bytes, returns 0, or -1 on error (errno set). */
typedef int pdn_write_fn(const char *buf, size_t len, void *ud);

/* Writes g followed by a blank line. Returns 0; 1 when written with a
 * warning in *err; -1 on a write error (PDN_EIO) or memory shortage, or
 * when g holds what no PDN can hold so that it reads back the same (the
 * setters refuse it; a game built otherwise): a comment holding '}' over
 * several lines or with blanks at its ends (PDN_ESYNTAX), a tag name with
 * a blank, '[', ']' or '"', a tag value with a line break (PDN_ETAG).
 * Nothing is then written, except that a sink may have received the
 * first 64 KiB of a larger game. */
int pdn_write_game(FILE *out, const pdn_game *g, unsigned flags,
                   pdn_error *err);
int pdn_write_game_cb(pdn_write_fn *fn, void *ud, const pdn_game *g,
                      unsigned flags, pdn_error *err);

/* Returns the text pdn_write_game would write, as a new NUL-terminated
 * string owned by the caller (free()), its length in *len when len is not
 * NULL; NULL with *err filled on failure. */
char *pdn_game_to_string(const pdn_game *g, unsigned flags, size_t *len,
                         pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_WRITER_H */
