/* SPDX-License-Identifier: MIT */
/* Folding of repeated warnings (see fold.h). */
#include <config.h>
#include "fold.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

/* What makes two warnings (or two notes) "the same" for folding: their
 * code and their message with every quoted part ('...' or "...") and
 * every number left out, so that "Date tag '1841-??-??' ..." of every game
 * is one warning. */
static unsigned long
fold_key(const char *s, size_t n, int code, int note)
{
    unsigned long h = 5381u + (unsigned long)code * 2u + (unsigned long)note;
    size_t i;

    for (i = 0; i < n; i++) {
        char q = s[i];

        if (q == '\'' || q == '"') {
            while (++i < n && s[i] != q)
                ;
            h = h * 33u + (unsigned char)q;
        } else if (q >= '0' && q <= '9') {
            while (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9')
                i++;
            h = h * 33u + '#';
        } else {
            h = h * 33u + (unsigned char)q;
        }
    }
    return h;
}

/* Keeps where a warning or note line lies, for emit() to fold it. */
void
fold_note(tool_out *to, int in_err, size_t start, size_t msg, size_t msgend,
          unsigned long game, int code, int note)
{
    tbuf *b = in_err ? &to->err : &to->out;
    tool_fold *f;

    if (to->nfolds == to->capfolds) {
        size_t cap = to->capfolds ? to->capfolds * 2 : 8;
        tool_fold *p = realloc(to->folds, cap * sizeof *p);

        if (p == NULL)
            return; /* not folded: shown in full */
        to->folds = p;
        to->capfolds = cap;
    }
    f = &to->folds[to->nfolds++];
    f->off = start;
    f->len = b->len - start;
    f->msg = msg - start;
    f->msglen = msgend - msg;
    f->key = fold_key(b->data + msg, msgend - msg, code, note);
    f->game = game;
    f->code = code;
    f->in_err = in_err;
    f->note = note;
}

/* The warning already shown with f's key, or NULL after recording f as
 * shown (NULL too when the table is full: then f is shown). */
static fold_seen *
fold_find(fold_state *fs, const tool_fold *f, const char *line)
{
    size_t h = (size_t)(f->key % FOLD_SLOTS);
    fold_seen *s;

    while (fs->slot[h] != 0) {
        s = &fs->seen[fs->slot[h] - 1];
        if (s->key == f->key)
            return s;
        h = (h + 1) % FOLD_SLOTS;
    }
    if (fs->nseen == FOLD_MAX)
        return NULL;
    s = &fs->seen[fs->nseen++];
    fs->slot[h] = (int)fs->nseen;
    s->key = f->key;
    s->game = s->last = f->game;
    s->more = s->games = 0;
    s->code = f->code;
    s->note = f->note;
    s->msg = tool_xmalloc(f->msglen + 1);
    memcpy(s->msg, line + f->msg, f->msglen);
    s->msg[f->msglen] = '\0';
    return NULL;
}

int
fold_skip(fold_state *fs, const tool_fold *f, const char *line)
{
    fold_seen *s = fold_find(fs, f, line);

    if (s == NULL)
        return 0;
    s->more++;
    if (f->game != s->last) {
        s->games++;
        s->last = f->game;
    }
    return 1;
}

void
fold_report(fold_state *fs, const tool_opts *o, const char *file,
            tool_out *t)
{
    /* the warnings a line sums up were counted when they were found: the
     * line itself is no new warning for the summary */
    unsigned long counted = t->warnings;
    size_t i;

    for (i = 0; i < fs->nseen; i++) {
        fold_seen *s = &fs->seen[i];

        /* a note is shown once a file, its repeats not counted */
        if (s->note) {
            free(s->msg);
            s->msg = NULL;
            continue;
        }
        /* a warning once in each game: counted in games; else in times,
         * naming the games when there are others */
        if (s->more != 0 && s->more == s->games)
            tool_diag(o, t, file, NULL, 0, PDN_SEV_WARNING, s->code, NULL,
                      "%lu more game%s like game %lu: %s (-E shows each)",
                      s->more, s->more == 1 ? "" : "s", s->game, s->msg);
        else if (s->more != 0 && s->games == 0)
            tool_diag(o, t, file, NULL, 0, PDN_SEV_WARNING, s->code, NULL,
                      "%lu more time%s in game %lu: %s (-E shows each)",
                      s->more, s->more == 1 ? "" : "s", s->game, s->msg);
        else if (s->more != 0)
            tool_diag(o, t, file, NULL, 0, PDN_SEV_WARNING, s->code, NULL,
                      "%lu more times in game %lu and %lu more game%s: %s "
                      "(-E shows each)",
                      s->more, s->game, s->games, s->games == 1 ? "" : "s",
                      s->msg);
        free(s->msg);
        s->msg = NULL;
    }
    t->warnings = counted;
}
