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

#endif /* PDN_TOOLS_SELECTDUP_H */
