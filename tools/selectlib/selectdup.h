/* SPDX-License-Identifier: MIT */
/* pdn-select's memory of the games it has seen: per game 16 bytes in an
 * open-addressed table (96 bits of its fingerprint and its number in the
 * whole input), so that a million games take 32 MB at most; and the files
 * the numbers fall in, to name a game as FILE:GAME. */
#ifndef PDN_TOOLS_SELECTDUP_H
#define PDN_TOOLS_SELECTDUP_H

#include <stddef.h>
#include <stdint.h>
#include <pdn/pdn.h>

typedef struct seldup_entry {
    uint64_t a;              /* fingerprint word 0 */
    uint32_t b;              /* the top half of word 1 */
    uint32_t index;          /* 1-based number in the input; 0: free */
} seldup_entry;

typedef struct seldup_file {
    char *name;
    uint32_t first;          /* index of its game 1 */
} seldup_file;

typedef struct seldup {
    seldup_entry *slot;
    size_t cap, count;
    seldup_file *files;
    size_t nfiles, capfiles;
} seldup;

/* The index of the first game stored with fp, or 0 after storing fp with
 * index (index > 0). */
uint32_t seldup_put(seldup *d, const pdn_fingerprint *fp, uint32_t index);
/* The index stored with fp, or 0. */
uint32_t seldup_get(const seldup *d, const pdn_fingerprint *fp);
/* Records that the games from index first on belong to file name. */
void seldup_file_start(seldup *d, const char *name, uint32_t first);
/* The file and game number of index. */
const char *seldup_name(const seldup *d, uint32_t index, unsigned long *game);
void seldup_free(seldup *d);
/* Numbering the games over every input as they come (pdn-select's games,
 * pdn-db search's rows): game n of the current input is base + n. */
typedef struct seldup_seq {
    uint32_t base, index;
    unsigned long last;      /* the last game number given */
} seldup_seq;
/* The number over every input of game n of file (other: not the input
 * of the previous call; a number not above the last also starts an
 * input), recording the input in d's file table when it starts. */
uint32_t seldup_number(seldup_seq *q, seldup *d, int other, const char *file,
                       unsigned long n);

struct tool_opts;
/* Which game a dropped one (game number of file, starting at pos)
 * repeats, first in names ("same game as" or "beginning of"): a note on
 * standard error, or with o->json a record of type duplicate on o->out.
 * Not a finding: the exit status stays. Nothing under o->quiet. */
void seldup_report(const seldup *names, const struct tool_opts *o,
                   const char *file, unsigned long number, pdn_pos pos,
                   const char *what, uint32_t first);
/* -H and -J: 1 when the game numbered me, of fingerprint fp, is dropped
 * (after seldup_report): with container (-J: all holds every selected
 * game's fingerprint, container the game each one begins) a fragment or
 * a repeat of another game of all; else a repeat of a game in seen
 * (where fp is stored when it is new). */
int seldup_drop(seldup *seen, const seldup *all, const uint32_t *container,
                const pdn_fingerprint *fp, uint32_t me,
                const struct tool_opts *o, const char *file,
                unsigned long number, pdn_pos pos);

#endif /* PDN_TOOLS_SELECTDUP_H */
