/* SPDX-License-Identifier: MIT */
/* Streaming PDN reader: one game at a time from a FILE, a memory buffer or
 * a callback, with memory bounded by the largest game, not the input. */
#ifndef PDN_READER_H
#define PDN_READER_H

#include <stdio.h>
#include <pdn/error.h>
#include <pdn/game.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdn_reader pdn_reader;

/* Byte source: reads up to size bytes into buf and returns how many, 0 at
 * the end of input, (size_t)-1 on error. */
typedef size_t pdn_read_fn(void *buf, size_t size, void *ud);

/* Constructors. name is copied and used in diagnostics (NULL: "<input>").
 * They return a new reader owned by the caller (free with
 * pdn_reader_free()), or NULL when memory runs out. A reader never closes fp;
 * a memory reader does not copy buf, which must outlive it. */
pdn_reader *pdn_reader_new_file(FILE *fp, const char *name);
pdn_reader *pdn_reader_new_mem(const char *buf, size_t len, const char *name);
pdn_reader *pdn_reader_new_cb(pdn_read_fn *fn, void *ud, const char *name);
void pdn_reader_free(pdn_reader *r);

/* Receives each warning (something read by assuming what was meant) as it
 * is found. Without a callback warnings are dropped. Forms read with a
 * warning include: unquoted, typographic-quoted or empty tag values, an
 * unescaped '"' inside a value, a missing closing quote or ']', a stray
 * '[' or ']', a tag value broken over lines (the break read as ',' or
 * nothing in a FEN, as a space elsewhere), a tag pair broken after its
 * '[', "1- 7" and "50.10- 4" (a move split after its separator), a result
 * glued to the next game's move number ("0-001.33-29": the result ends the
 * game, the next starts at the number), '-' placeholders
 * and a final '-' as terminator, a game with no terminator (ended by the
 * next tag pair or the end of input), a game with no tag pairs, a UTF-8
 * BOM, text that is not UTF-8 (read from the code page its words point to,
 * see pdn_game_encoding), "(prose)" parentheses and
 * text glued to a move (read as comments), a detached strength mark, a
 * number with no '.', literal "\r" text, and empty variations. */
void pdn_reader_set_warning_fn(pdn_reader *r, pdn_diag_fn *fn, void *ud);

/* Resource limits; 0 keeps the default. Exceeding one is a PDN_ELIMIT error
 * for that game, at the line and column where it was reached, and reading
 * goes on with the next game. Defaults: depth 256 nested variations; token
 * 256 KiB (a move, comment, tag name or value, setup, prose parenthesis);
 * game 1 MiB of raw text, and 4 times max_game of memory for what the game
 * holds (moves, tags, comments as stored: about 25,000 moves). The reader
 * never holds more than max_game bytes of input plus one 64 KiB read: the
 * rest of a game over the limit, up to the next line that starts with '['
 * and a letter (the next game's tag section), is skipped unread into
 * memory; see pdn_game_raw_span. */
void pdn_reader_set_limits(pdn_reader *r, size_t max_depth, size_t max_token,
                           size_t max_game);

/* Reads the next game. Returns 1 with *out a new game owned by the caller;
 * 0 at the end of input (*out NULL); -1 on an error in this game, with *err
 * filled and *out the game as far as it was read (its raw text and number
 * are complete) or NULL if none could be built; the next call resumes at the
 * following game. After a PDN_EIO or PDN_ENOMEM error the reader stops.
 * Gzip input is inflated as it is read (libpdn built with zlib); a
 * truncated or corrupt one ends with a PDN_EENCODING error. Input that is
 * not text stops it too, with one PDN_EENCODING error and *out NULL: a
 * zip, bzip2, xz or zstd file or UTF-16 text, told from its first bytes,
 * or a NUL byte anywhere (the games before it are read, unless it comes
 * first or within the first 1024 bytes after another control byte: an
 * executable or an image is not PDN text, and makes no game). A NULL r is
 * -1 with PDN_EARG (libpdn(3), RETURN VALUE: the NULL policy). */
int pdn_reader_next(pdn_reader *r, pdn_game **out, pdn_error *err);

/* pdn_game_raw_span (pdn/game.h) tells where a game read lies in its
 * input, and its whole length there. */

/* Code pages of text that is not UTF-8. */
typedef enum pdn_codepage {
    PDN_CP_UTF8 = 0, /* UTF-8 or ASCII: nothing decoded */
    PDN_CP_1252,     /* Windows-1252, which covers printable Latin-1 */
    PDN_CP_1251,     /* Windows Cyrillic */
    PDN_CP_KOI8R,    /* KOI8-R */
    PDN_CP_866,      /* DOS Cyrillic */
    PDN_CP_COUNT
} pdn_codepage;

/* How the reader decoded a game's text (tag values, comments, setups). A
 * game whose strings are not all UTF-8 is decoded from one code page,
 * chosen by its words with a byte above 0x7F, each decoded under every
 * code page and judged as a word of that script (letter case, vowels,
 * accents, no box drawing): the code page its words point to clearly;
 * when they do not, the one the words of the input's earlier non-UTF-8
 * games point to (unless those pointed to several); otherwise CP1252
 * (sure 0). The warning "text is not valid UTF-8; read as ..." names the
 * code page. */
typedef struct pdn_encoding {
    pdn_codepage cp;   /* PDN_CP_UTF8: the text was UTF-8 */
    int sure;          /* 0: nothing told the code page; CP1252 assumed */
    int from_input;    /* the code page of the input's earlier games */
    unsigned long words; /* the words of the game's raw text with a
                            byte above 0x7F */
    unsigned long fit[PDN_CP_COUNT]; /* of those, the words that read
                                        well under each code page */
    double rarity[PDN_CP_COUNT]; /* a Cyrillic reading with 8 letters or
                                    more: -ln of the mean frequency of
                                    its letters in Russian text (lower
                                    reads more like Russian); else 0 */
} pdn_encoding;

/* Fills *enc for g: the code page the reader decoded it from (a game not
 * read by a reader, or cloned: UTF-8). 0, or -1 when g or enc is NULL. */
int pdn_game_encoding(const pdn_game *g, pdn_encoding *enc);
/* "UTF-8", "Windows-1252", "CP1251", "KOI8-R", "CP866"; NULL for a value
 * that is no code page. */
const char *pdn_codepage_name(pdn_codepage cp);
/* The n bytes at s read in code page cp, as a new NUL-terminated UTF-8
 * string (free() it; PDN_CP_UTF8 copies), its length in *len (may be
 * NULL). NULL when memory runs out or cp is no code page. */
char *pdn_text_decode(pdn_codepage cp, const char *s, size_t n,
                      size_t *len);

/* Number of games returned so far (with or without error), counted from
 * the base (pdn_reader_set_base): the number of the last game returned. */
unsigned long pdn_reader_game_count(const pdn_reader *r);

/* A reader that starts in the middle of an input (a file opened at an
 * offset stored by an index, or a buffer holding one game of it): game is
 * the number its first game gets (1 for a whole input), and *pos (may be
 * NULL) where its first byte lies in the whole input (line, column and
 * byte offset, as pdn_game_pos and pdn_game_raw_span give them), so that
 * game numbers, diagnostics, positions and raw spans continue those of
 * the whole input. A gzip input or one that is not text is told from its
 * first bytes only at offset 0. Call it before the first pdn_reader_next:
 * 0, or -1 (then, or for game 0) with r unchanged. */
int pdn_reader_set_base(pdn_reader *r, unsigned long game,
                        const pdn_pos *pos);

/* Where r's next game starts (the first byte of its raw text, which is
 * where its last game's raw text ends): line, column and byte offset in
 * the whole input, as pdn_reader_set_base takes them to start another
 * reader there. 0, or -1 when r or pos is NULL or r has stopped (at the
 * end of input, after a PDN_EIO or PDN_ENOMEM error, or at input that is
 * not text). */
int pdn_reader_tell(const pdn_reader *r, pdn_pos *pos);

/* An input read in parts by several readers (pdn_reader_set_base): adds
 * to r what the games from read (its own and what was added to it) told
 * of the input's code page, as if r had read them before its first game
 * (see pdn_encoding: the code page of the input's earlier games). Call it
 * before r's first game. 0, or -1 when r or from is NULL or memory runs
 * out. */
int pdn_reader_add_history(pdn_reader *r, const pdn_reader *from);

/* Where to cut the text d[0..n) so that parts of an input can be read by
 * readers of their own (pdn_reader_set_base): before the first game that
 * seems to begin at or after byte from, or before the most-th game that
 * seems to begin in d if that comes first; 0 when none does (d[0] is
 * never a cut; d NULL is none). A game seems to begin at '[' and a letter
 * that starts a line after a line that is no tag line, or that follows a
 * result token (pdn_result_token) and blanks on its line; the cut lies
 * right after that result token when there is one (where a reader of the
 * whole input starts the next game), else at the '['. d[0] is taken to
 * lie outside any comment: '[' inside a '{' comment (one that opens
 * outside a tag line: a '{' in a tag value opens none) is passed over,
 * and so is a result token inside a tag line. A cut is a guess: the reader started there may find it
 * started inside a game, which pdn_reader_tell on the reader of the text
 * before tells. Pure (thread-safe, no allocation). */
size_t pdn_game_boundary(const char *d, size_t n, size_t from, size_t most);

/* Moves *pos (line, column and byte offset) over the n bytes at d, lines
 * ended as the reader ends them: LF, CR LF or a lone CR (a CR that ends d
 * ends its line, so cut an input outside a CR LF pair). Nothing when pos
 * or d is NULL. */
void pdn_pos_advance(pdn_pos *pos, const char *d, size_t n);

/* Whole-input helper: parses the first game of s (len bytes; len 0:
 * strlen(s)). Returns a new game owned by the caller, with *err cleared,
 * or NULL with *err filled. */
pdn_game *pdn_parse_string(const char *s, size_t len, pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_READER_H */
