/* SPDX-License-Identifier: MIT */
/* The engine client's internals: the process and its channel
 * (process.c), the Hub protocol (hub.c), moves and positions in Hub's
 * form (hubtext.c), a move named by its squares matched against the
 * legal moves (movematch.c), DXP (dxp.c). */
#ifndef PDN_ENGINE_PRIVATE_H
#define PDN_ENGINE_PRIVATE_H

#include <stdarg.h>
#include <sys/types.h>
#include "pdn/engine.h"
#include "core/pdn_private.h"

typedef struct pdnp_param {
    char *name, *value, *values;
} pdnp_param;

struct pdn_engine {
    pid_t pid;
    int fd;                 /* the socket: its standard input and output */
    char label[64];         /* argv[0]'s last part, for messages */
    char name[128], version[64], author[128];
    pdnp_param *params;
    size_t nparams, capparams;
    double timeout;
    size_t max_line;
    char *buf;              /* what was read, from bstart to blen */
    size_t bstart, blen, bcap;
    char out[8192];         /* a line written */
    pdnp_buf pending;       /* set-param lines until init */
    char variant[16];       /* the Hub variant set ("" = normal) */
    int initialized;
    int failed;
    pdn_error ferr;
};

double pdnp_now(void);
/* Fills *err with "prefix 'label': text" (text from fmt and ap); when
 * fatal and *failed is still 0, also keeps that error in *ferr and sets
 * *failed (the Hub client's and DXP's one wording of their errors). */
void pdnp_eng_vfail(const char *prefix, const char *label, int fatal,
                    int *failed, pdn_error *ferr, pdn_error *err, int code,
                    const char *fmt, va_list ap) PDNP_PRINTF(8, 0);
/* Fills *err with "engine 'label': text"; an error other than
 * PDN_EVARIANT and PDN_ETAG also makes e unusable (its error kept). */
void pdnp_eng_fail(pdn_engine *e, pdn_error *err, int code, const char *fmt,
                   ...) PDNP_PRINTF(4, 5);
int pdnp_eng_spawn(pdn_engine *e, const pdn_engine_options *o,
                   pdn_error *err);
/* Writes n bytes (0, or -1 with *err). */
int pdnp_eng_write(pdn_engine *e, const char *s, size_t n, pdn_error *err);
/* Writes line and a newline. */
int pdnp_eng_send(pdn_engine *e, const char *line, pdn_error *err);
/* The next line (NUL-ended, without its end of line; valid until the
 * next read) into *line: 0; -2 when deadline passes first (nothing
 * reported); -1 with *err (its output ended, a line too long). waiting
 * names what for, in messages. */
int pdnp_eng_read_line(pdn_engine *e, double deadline, const char *waiting,
                       char **line, pdn_error *err);
/* quit, a moment, SIGKILL; closes the channel. */
void pdnp_eng_stop(pdn_engine *e);

/* The legal move of b that goes from square from to square to and
 * captures the nc squares of caps, in any order (nc < 0: whatever it
 * captures): 0 with *m; -1 with *err, "move QUOTED is not legal in FEN"
 * (PDN_EILLEGAL) or "move QUOTED is ambiguous in FEN" (code ambiguous),
 * quoted naming the move as its protocol wrote it. */
int pdnp_eng_match(const pdn_board *b, int from, int to, const int *caps,
                   int nc, pdn_move *m, pdn_error *err, const char *quoted,
                   int ambiguous);

#endif
