/* SPDX-License-Identifier: MIT */
/* Unit tests for the reader: byte sources, raw text partition, resuming
 * after errors, encodings, bounded memory, read errors and ENOMEM. */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/reader_private.h"
#include "suites.h"
#include "testutil.h"

static const char sample[] =
    "\xef\xbb\xbf{file comment}\r\n"
    "[Event \"One\"]\r\n[Site \"S\"]\r\n\r\n"
    "1. 32-28 {a comment\r\nover lines} 19-23 (18-23 2. 37-32) 2. 28x19 "
    "14x23 1-0\r\n\r\n"
    "[Event \"Two\"]\n1. 33-28 ) 18-23 *\n\n"
    "[Event \"Three\"]\r1. 34-29 $1 20-25 2-0\r"
    "[Event \"Four\"]\n1. 31-27\n"
    "[Event \"Five\"]\n1. ed4 dc5 1/2:1/2\n\n   ";

/* Reads everything; renders "number:status:Event" per game. */
static void
read_all(pdn_reader *r, char *out, size_t size, char *raw, size_t rawsize)
{
    pdn_game *g;
    pdn_error e;
    int rc;
    size_t o, ro = 0;

    out[0] = '\0';
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        size_t l;
        const char *s;
        o = strlen(out);
        snprintf(out + o, size - o, "%lu:%d:%s ",
                 g != NULL ? pdn_game_number(g) : 0, rc,
                 g != NULL && pdn_game_tag(g, "Event") != NULL
                     ? pdn_game_tag(g, "Event")
                     : "-");
        s = pdn_game_raw(g, &l);
        if (raw != NULL && ro + l < rawsize) {
            memcpy(raw + ro, s, l);
            ro += l;
        }
        pdn_game_free(g);
    }
    if (raw != NULL)
        raw[ro] = '\0';
}

static const char want_games[] =
    "1:1:One 2:-1:Two 3:1:Three 4:1:Four 5:1:Five ";

START_TEST(test_reader_memory_source_resumes_after_error)
{
    pdn_reader *r = pdn_reader_new_mem(sample, strlen(sample), "m");
    char out[256], raw[1024];
    read_all(r, out, sizeof out, raw, sizeof raw);
    ck_assert_str_eq(out, want_games);
    /* The raw texts of the games partition the input. */
    ck_assert_str_eq(raw, sample);
    ck_assert_uint_eq(pdn_reader_game_count(r), 5);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_file_source_gives_same_games)
{
    FILE *fp = tmpfile();
    pdn_reader *r;
    char out[256], raw[1024];
    ck_assert_ptr_nonnull(fp);
    fwrite(sample, 1, strlen(sample), fp);
    rewind(fp);
    r = pdn_reader_new_file(fp, "f");
    read_all(r, out, sizeof out, raw, sizeof raw);
    ck_assert_str_eq(out, want_games);
    ck_assert_str_eq(raw, sample);
    pdn_reader_free(r);
    fclose(fp);
}
END_TEST

typedef struct chunks {
    const char *s;
    size_t len, pos, step;
    int fail_at; /* byte offset where reading fails, -1 never */
} chunks;

static size_t
chunk_read(void *buf, size_t size, void *ud)
{
    chunks *c = ud;
    size_t n = c->step < size ? c->step : size;
    if (c->fail_at >= 0 && c->pos >= (size_t)c->fail_at) {
        errno = EIO;
        return (size_t)-1;
    }
    if (n > c->len - c->pos)
        n = c->len - c->pos;
    memcpy(buf, c->s + c->pos, n);
    c->pos += n;
    return n;
}

START_TEST(test_reader_callback_source_in_small_chunks_gives_same_games)
{
    /* Chunks of 1..7 bytes split every token somewhere. */
    chunks c = {sample, strlen(sample), 0, (size_t)_i + 1, -1};
    pdn_reader *r = pdn_reader_new_cb(chunk_read, &c, "cb");
    char out[256], raw[1024];
    read_all(r, out, sizeof out, raw, sizeof raw);
    ck_assert_str_eq(out, want_games);
    ck_assert_str_eq(raw, sample);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_read_error_gives_eio_and_stops)
{
    chunks c = {sample, strlen(sample), 0, 16, 80};
    pdn_reader *r = pdn_reader_new_cb(chunk_read, &c, "cb");
    pdn_game *g = NULL;
    pdn_error e;
    int rc;
    while ((rc = pdn_reader_next(r, &g, &e)) == 1)
        pdn_game_free(g);
    ck_assert_int_eq(rc, -1);
    ck_assert_int_eq(e.code, PDN_EIO);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_positions_in_later_games_are_absolute)
{
    pdn_reader *r = pdn_reader_new_mem(sample, strlen(sample), "m");
    pdn_game *g = NULL;
    pdn_error e;
    int k;
    for (k = 0; k < 2; k++) {
        pdn_reader_next(r, &g, &e);
        pdn_game_free(g);
    }
    /* Game 2's stray ')' is on line 9, column 10. */
    ck_assert_int_eq(e.code, PDN_ESYNTAX);
    ck_assert_uint_eq(e.game, 2);
    ck_assert_uint_eq(e.pos.line, 9);
    ck_assert_uint_eq(e.pos.column, 10);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_uint_eq(pdn_game_pos(g).line, 11);
    ck_assert_uint_eq(pdn_game_pos(g).column, 1);
    ck_assert_uint_eq(pdn_node_pos(pdn_game_first(g)).line, 12);
    pdn_game_free(g);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_tag_positions)
{
    const char *s = "[A \"1\"] 1-0 [B \"2\"] [C \"3\"]\n  [D \"4\"] *";
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "m");
    pdn_game *g = NULL;
    pdn_error e;
    pdn_pos p;
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    p = pdn_game_tag_pos_at(g, 0);
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.column, 13);
    ck_assert_uint_eq(p.offset, 12);
    p = pdn_game_tag_pos_at(g, 1);
    ck_assert_uint_eq(p.column, 21);
    p = pdn_game_tag_pos_at(g, 2);
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.column, 3);
    ck_assert_uint_eq(p.offset, 30);
    ck_assert_uint_eq(pdn_game_tag_pos_at(g, 3).line, 0);
    pdn_game_free(g);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_broken_first_token_keeps_raw_text)
{
    const char *s = "[A \"1\"] *\n  {never closed";
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "m");
    pdn_game *g = NULL;
    pdn_error e;
    const char *raw;
    size_t len;
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_int_eq(e.code, PDN_ESYNTAX);
    ck_assert_uint_eq(e.pos.line, 2);
    ck_assert_uint_eq(e.pos.column, 3);
    ck_assert_uint_eq(e.game, 2);
    ck_assert_ptr_nonnull(g);
    raw = pdn_game_raw(g, &len);
    ck_assert_uint_eq(len, strlen(s) - 9);
    ck_assert_int_eq(memcmp(raw, s + 9, len), 0);
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_end_of_input_is_sticky)
{
    pdn_reader *r = pdn_reader_new_mem("  \n", 3, "m");
    pdn_game *g = (pdn_game *)1;
    pdn_error e;
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_decides_encoding_per_game)
{
    const char *s = "[W \"Ber\xe9ot\"] *\n[W \"Ber\xc3\xa9ot\"] *\n";
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "m");
    pdn_game *g = NULL;
    pdn_error e;
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_str_eq(pdn_game_tag(g, "W"), "Ber\xc3\xa9ot");
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_str_eq(pdn_game_tag(g, "W"), "Ber\xc3\xa9ot");
    pdn_game_free(g);
    pdn_reader_free(r);
}
END_TEST

START_TEST(test_reader_parse_string_reads_first_game)
{
    pdn_error e;
    pdn_game *g = pdn_parse_string("[A \"1\"] * [A \"2\"] *", 20, &e);
    ck_assert_ptr_nonnull(g);
    ck_assert_str_eq(pdn_game_tag(g, "A"), "1");
    pdn_game_free(g);
    pdn_error_clear(&e);
    ck_assert_ptr_null(pdn_parse_string("", 0, &e));
    ck_assert_int_eq(e.code, PDN_ESYNTAX);
    pdn_error_clear(&e);
    ck_assert_ptr_null(pdn_parse_string("1. 32-28 )", 10, &e));
    ck_assert_int_eq(e.code, PDN_ESYNTAX);
}
END_TEST

/* The window holds one game at a time: reading many games from a FILE
 * keeps it near the size of one read chunk. */
START_TEST(test_reader_memory_is_bounded_by_the_largest_game)
{
    FILE *fp = tmpfile();
    pdn_reader *r;
    pdn_game *g;
    pdn_error e;
    int i, n = 0;
    for (i = 0; i < 20000; i++)
        fprintf(fp, "[Event \"g%d\"]\n1. 32-28 19-23 2. 37-32 14-19 "
                    "3. 41-37 10-14 {a comment} 1-0\n\n",
                i);
    rewind(fp);
    r = pdn_reader_new_file(fp, "big");
    while (pdn_reader_next(r, &g, &e) == 1) {
        n++;
        pdn_game_free(g);
    }
    ck_assert_int_eq(n, 20000);
    ck_assert_uint_le(r->lx.in.cap, 256u * 1024);
    pdn_reader_free(r);
    fclose(fp);
}
END_TEST

/* A game over 1 MB read from a FILE takes the window as its raw text;
 * the texts still partition the input and the next game is read. */
START_TEST(test_reader_big_game_raw_text_from_file)
{
    FILE *fp = tmpfile();
    pdn_reader *r;
    pdn_game *g;
    pdn_error e;
    char *all, *raw;
    size_t len, off = 0;
    long n;
    int i, games = 0;
    fputs("[Event \"small\"] 1. 32-28 *\n[Event \"big\"]\n", fp);
    for (i = 0; i < 80000; i++)
        fprintf(fp, "%d. 32-28 19-23\n", i + 1);
    fputs("1-0\n[Event \"after\"] 1. 33-28 *\n", fp);
    n = ftell(fp);
    all = malloc((size_t)n);
    rewind(fp);
    ck_assert_uint_eq(fread(all, 1, (size_t)n, fp), (size_t)n);
    rewind(fp);
    r = pdn_reader_new_file(fp, "big");
    pdn_reader_set_limits(r, 0, 0, (size_t)8 << 20); /* over the default */
    while (pdn_reader_next(r, &g, &e) == 1) {
        raw = (char *)pdn_game_raw(g, &len);
        ck_assert_int_eq(memcmp(raw, all + off, len), 0);
        off += len;
        if (++games == 2) {
            ck_assert_uint_gt(len, 1u << 20);
            ck_assert_str_eq(pdn_game_result(g), "1-0");
        }
        pdn_game_free(g);
    }
    ck_assert_int_eq(games, 3);
    ck_assert_uint_eq(off, (size_t)n);
    pdn_reader_free(r);
    free(all);
    fclose(fp);
}
END_TEST

/* Every allocation failure gives PDN_ENOMEM (or a clean result when the
 * failing allocation is not needed), never a crash or a leak. */
START_TEST(test_reader_enomem_paths_return_errors)
{
    long n;
    int done = 0;
    for (n = 0; n < 2000 && !done; n++) {
        pdn_reader *r;
        pdn_game *g;
        pdn_error e;
        int rc, nomem = 0;
        pdnp_alloc_fail_after(n);
        r = pdn_reader_new_mem(sample, strlen(sample), "m");
        if (r == NULL) {
            pdnp_alloc_fail_after(-1);
            continue;
        }
        while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
            if (rc < 0 && e.code == PDN_ENOMEM) {
                nomem = 1;
                ck_assert_ptr_null(g);
            }
            pdn_game_free(g);
        }
        pdn_reader_free(r);
        pdnp_alloc_fail_after(-1);
        if (!nomem)
            done = 1;
    }
    ck_assert_int_eq(done, 1);
}
END_TEST

/* Fixtures: every .pdn file in tests/data/reader/fail gives exactly the
 * errors of the golden file beside it (NAME.err: one "GAME LINE:COL CODE"
 * line per error, in order; a missing golden file is a failure), every
 * file in tests/data/reader/succeed reads without one. Returns the number
 * of files whose errors differ; *files counts the .pdn files. */
static int
read_dir_errors(const char *dir, int *files, int golden)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int bad = 0;
    ck_assert_ptr_nonnull(d);
    *files = 0;
    while ((de = readdir(d)) != NULL) {
        char path[1024], got[1024] = "", want[1024] = "";
        size_t len = strlen(de->d_name), o = 0;
        FILE *fp;
        pdn_reader *r;
        pdn_game *g;
        pdn_error e;
        int rc;
        if (len < 5 || strcmp(de->d_name + len - 4, ".pdn") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        fp = fopen(path, "rb");
        ck_assert_ptr_nonnull(fp);
        r = pdn_reader_new_file(fp, path);
        while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
            if (rc < 0 && o < sizeof got)
                o += (size_t)snprintf(got + o, sizeof got - o,
                                      "%lu %lu:%lu %s\n", e.game,
                                      e.pos.line, e.pos.column,
                                      pdn_code_name(e.code));
            pdn_game_free(g);
        }
        pdn_reader_free(r);
        fclose(fp);
        (*files)++;
        if (golden) {
            snprintf(path + strlen(path) - 4, 5, ".err");
            fp = fopen(path, "rb");
            if (fp != NULL) {
                want[fread(want, 1, sizeof want - 1, fp)] = '\0';
                fclose(fp);
            } else {
                snprintf(want, sizeof want, "(no golden file %.900s)\n", path);
            }
        }
        if (strcmp(got, want) != 0) {
            fprintf(stderr, "%s/%s: errors\n%sexpected\n%s", dir,
                    de->d_name, got, want);
            bad++;
        }
    }
    closedir(d);
    return bad;
}

START_TEST(test_reader_fail_samples_give_errors)
{
    int files, bad = read_dir_errors(TEST_SRC("tests/data/reader/fail"),
                                     &files, 1);
    ck_assert_int_gt(files, 0);
    ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(test_reader_succeed_samples_give_no_errors)
{
    int files, bad = read_dir_errors(TEST_SRC("tests/data/reader/succeed"),
                                     &files, 0);
    ck_assert_int_gt(files, 0);
    ck_assert_int_eq(bad, 0);
}
END_TEST

/* Every corpus file is read to its end without a crash or a hang, the
 * raw texts cover it, and games with errors are counted. */
START_TEST(test_reader_reads_fmjd_samples)
{
    const char *shared = test_shared_dir();
    char path[1024];
    FILE *fp;
    pdn_reader *r;
    pdn_game *g;
    pdn_error e;
    int rc, games = 0;
    ck_assert_ptr_nonnull(shared);
    snprintf(path, sizeof path, "%s/corpus/czech/fmjd_fail__mrdrcd08.pdn",
             shared);
    fp = fopen(path, "rb");
    ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
    /* This FMJD "fail" file is well-formed PDN: what it fails is the
     * rules (checked by pdn-legal), so the reader reads all 40 games. */
    r = pdn_reader_new_file(fp, path);
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        ck_assert_int_eq(rc, 1);
        games++;
        pdn_game_free(g);
    }
    ck_assert_int_eq(games, 40);
    pdn_reader_free(r);
    fclose(fp);
}
END_TEST

/* The fast path for plain moves gives the same games, positions and
 * diagnostics as the general path. */
static void
diag_count(const pdn_error *e, void *ud)
{
    unsigned long *n = ud;
    *n = *n * 31 + e->pos.offset + (unsigned long)e->code;
}

static void
compare_paths(const char *s, size_t len)
{
    pdn_reader *a = pdn_reader_new_mem(s, len, "a");
    pdn_reader *b = pdn_reader_new_mem(s, len, "b");
    pdn_game *ga, *gb;
    pdn_error ea, eb;
    unsigned long wa = 0, wb = 0;
    int ra, rb;
    b->lx.nofast = 1;
    pdn_reader_set_warning_fn(a, diag_count, &wa);
    pdn_reader_set_warning_fn(b, diag_count, &wb);
    do {
        const pdn_node *x, *y;
        ra = pdn_reader_next(a, &ga, &ea);
        rb = pdn_reader_next(b, &gb, &eb);
        ck_assert_int_eq(ra, rb);
        if (ra < 0) {
            ck_assert_int_eq(ea.code, eb.code);
            ck_assert_uint_eq(ea.pos.offset, eb.pos.offset);
        }
        if (ga != NULL && gb != NULL) {
            ck_assert_int_eq(pdn_game_equal(ga, gb, NULL), 1);
            for (x = pdn_game_first(ga), y = pdn_game_first(gb);
                 x != NULL && y != NULL;
                 x = pdn_node_next(x), y = pdn_node_next(y)) {
                ck_assert_uint_eq(pdn_node_pos(x).line, pdn_node_pos(y).line);
                ck_assert_uint_eq(pdn_node_pos(x).column,
                                  pdn_node_pos(y).column);
                ck_assert_uint_eq(pdn_node_number(x), pdn_node_number(y));
                ck_assert_str_eq(pdn_node_text(x), pdn_node_text(y));
            }
        }
        pdn_game_free(ga);
        pdn_game_free(gb);
    } while (ra != 0);
    ck_assert_uint_eq(wa, wb);
    pdn_reader_free(a);
    pdn_reader_free(b);
}

START_TEST(test_reader_fast_path_matches_general_path)
{
    static const char *const cases[] = {
        "[E \"\"]\n1. 32-28 19-23 2. 37-32 14x23x32 3. 1-1",
        "[E \"\"] 1. 32-28 19-23 2. 1-10 1-1 1-0",
        "[E \"\"] 1. 32-28 19-23- 2. 37-32 *",
        "[E \"\"] 1. 32-28 35x 4 2. 06-11 32-28! 19-23* 1-0",
        "[E \"\"] 1. 32-28\r\n19-23\r2. 37-32{c}(33-29)*",
        "[E \"\"] 1. 32-28 19-23 2.37-32 12... 19-23 0-2",
        "[E \"\"] 1. 32-28 19-23 2. 37-32 14-19 3. 41-37 10-14 1/2-1/2",
        "1. 32-28 19- 23 2.28x 19 14x23 1-001.32-28 2-001.31-27 *",
        "[E \"a\nb\"][FEN \"W:W1\n,2:B3\"]\n[\nE \"\"]\n1. 50.10- 4 *",
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        compare_paths(cases[i], strlen(cases[i]));
    compare_paths(sample, strlen(sample));
}
END_TEST

/* Every file of the shared corpus and generated games read twice: from a
 * FILE with the fast paths (plain items, usual tag pairs, the lexer's
 * digit run) and from memory by the general path only. Games, raw text,
 * positions, errors and every warning (code, place, text) must be the
 * same. */
static unsigned long
text_hash(unsigned long h, const char *s)
{
    for (; *s != '\0'; s++)
        h = h * 131 + (unsigned char)*s;
    return h;
}

static void
diag_hash(const pdn_error *e, void *ud)
{
    unsigned long *h = ud;
    *h = text_hash(*h * 31 + e->pos.line * 7 + e->pos.column +
                       e->pos.offset + (unsigned long)e->code,
                   e->text);
}

static unsigned long compared_files, compared_games;

static void
compare_file_paths(const char *path)
{
    FILE *fp = fopen(path, "rb");
    char *buf;
    long size;
    pdn_reader *a, *b;
    unsigned long wa = 0, wb = 0, n = 0;
    int ra, rb;

    ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
    fseek(fp, 0, SEEK_END);
    size = ftell(fp);
    rewind(fp);
    buf = malloc((size_t)size + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)size, fp), (size_t)size);
    rewind(fp);
    a = pdn_reader_new_file(fp, "x");
    b = pdn_reader_new_mem(buf, (size_t)size, "x");
    b->lx.nofast = 1;
    pdn_reader_set_warning_fn(a, diag_hash, &wa);
    pdn_reader_set_warning_fn(b, diag_hash, &wb);
    do {
        pdn_game *ga, *gb;
        pdn_error ea, eb;
        const pdn_node *x, *y;
        const char *rawa, *rawb;
        size_t la, lb;
        ra = pdn_reader_next(a, &ga, &ea);
        rb = pdn_reader_next(b, &gb, &eb);
        n++;
        ck_assert_msg(ra == rb, "%s: game %lu: %d vs %d", path, n, ra, rb);
        if (ra < 0) {
            ck_assert_msg(ea.code == eb.code &&
                              ea.pos.offset == eb.pos.offset &&
                              ea.pos.line == eb.pos.line &&
                              ea.pos.column == eb.pos.column &&
                              strcmp(ea.text, eb.text) == 0,
                          "%s: game %lu: error '%s' vs '%s'", path, n,
                          ea.text, eb.text);
        }
        ck_assert_msg((ga == NULL) == (gb == NULL), "%s: game %lu", path, n);
        if (ga != NULL) {
            ck_assert_msg(pdn_game_equal(ga, gb, NULL) == 1,
                          "%s: game %lu differs", path, n);
            rawa = pdn_game_raw(ga, &la);
            rawb = pdn_game_raw(gb, &lb);
            ck_assert_msg(la == lb && memcmp(rawa, rawb, la) == 0,
                          "%s: game %lu: raw text differs", path, n);
            ck_assert_uint_eq(pdn_game_pos(ga).offset,
                              pdn_game_pos(gb).offset);
            ck_assert_uint_eq(pdn_game_pos(ga).column,
                              pdn_game_pos(gb).column);
            for (la = 0; la < pdn_game_tag_count(ga); la++) {
                pdn_pos pa = pdn_game_tag_pos_at(ga, la);
                pdn_pos pb = pdn_game_tag_pos_at(gb, la);
                ck_assert_msg(pa.line == pb.line && pa.column == pb.column &&
                                  pa.offset == pb.offset,
                              "%s: game %lu: tag %zu position", path, n, la);
            }
            for (x = pdn_game_first(ga), y = pdn_game_first(gb);
                 x != NULL && y != NULL;
                 x = pdn_node_next(x), y = pdn_node_next(y)) {
                pdn_pos pa = pdn_node_pos(x), pb = pdn_node_pos(y);
                ck_assert_msg(pa.line == pb.line && pa.column == pb.column &&
                                  pa.offset == pb.offset,
                              "%s: game %lu: move '%s' at %lu:%lu vs %lu:%lu",
                              path, n, pdn_node_text(x), pa.line, pa.column,
                              pb.line, pb.column);
                ck_assert_uint_eq(pdn_node_number(x), pdn_node_number(y));
                ck_assert_str_eq(pdn_node_text(x), pdn_node_text(y));
            }
            compared_games++;
        }
        pdn_game_free(ga);
        pdn_game_free(gb);
    } while (ra != 0);
    ck_assert_msg(wa == wb, "%s: the warnings differ", path);
    pdn_reader_free(a);
    pdn_reader_free(b);
    fclose(fp);
    free(buf);
    compared_files++;
}

static int
compare_walk(const char *path, const struct stat *st, int type,
             struct FTW *ftw)
{
    size_t n = strlen(path);
    (void)st;
    (void)ftw;
    if (type == FTW_F && !(n > 3 && strcmp(path + n - 3, ".md") == 0))
        compare_file_paths(path);
    return 0;
}

START_TEST(test_reader_fast_path_matches_general_path_on_corpus)
{
    const char *shared = test_shared_dir();
    char path[1024];
    ck_assert_ptr_nonnull(shared);
    compared_files = compared_games = 0;
    snprintf(path, sizeof path, "%s/corpus", shared);
    ck_assert_int_eq(nftw(path, compare_walk, 16, FTW_PHYS), 0);
    snprintf(path, sizeof path, "%s/generated", shared);
    ck_assert_int_eq(nftw(path, compare_walk, 16, FTW_PHYS), 0);
    /* The whole corpus (607 files, 34,406 games) and the generated games. */
    ck_assert_uint_ge(compared_files, 607);
    ck_assert_uint_gt(compared_games, 30000);
}
END_TEST

/* A broken line inside a tag section keeps its game one game: the error
 * is at the line, the game reads on, and the next game is read as
 * usual (tests/data/validate/tag-section/input.pdn, eight games). */
START_TEST(test_reader_broken_tag_line_keeps_one_game)
{
    static const struct {
        unsigned long line, col; /* 0: no error */
        const char *site, *date;
        size_t moves;
    } want[] = {
        {0, 0, "Haarlem", "1998.05.12", 4},
        {0, 0, "Haarlem", "1998.05.13", 4},
        {19, 1, "Haarlem", "1998.05.14", 2},
        {0, 0, "Haarlem", "1998.05.15", 2},
        {0, 0, "Haarlem", "1998.05.16", 2},
        {43, 7, "Haarlem", "1998.05.17", 2},
        {51, 7, "Haarlem", "1998.05.18", 2},
        {59, 8, NULL, "1998.05.19", 2},
    };
    FILE *fp =
        fopen(TEST_SRC("tests/data/validate/tag-section/input.pdn"), "rb");
    pdn_reader *r;
    pdn_game *g;
    pdn_error e;
    size_t i = 0;
    int rc;

    ck_assert_ptr_nonnull(fp);
    r = pdn_reader_new_file(fp, "t.pdn");
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        const pdn_node *n;
        size_t moves = 0;
        ck_assert_uint_lt(i, sizeof want / sizeof want[0]);
        ck_assert_ptr_nonnull(g);
        if (want[i].line == 0) {
            ck_assert_msg(rc == 1, "game %zu: %s", i + 1, e.text);
        } else {
            ck_assert_int_eq(rc, -1);
            ck_assert_uint_eq(e.pos.line, want[i].line);
            ck_assert_uint_eq(e.pos.column, want[i].col);
            ck_assert_uint_eq(e.game, i + 1);
        }
        if (want[i].site != NULL)
            ck_assert_str_eq(pdn_game_tag(g, "Site"), want[i].site);
        ck_assert_str_eq(pdn_game_tag(g, "Date"), want[i].date);
        ck_assert_ptr_nonnull(pdn_game_tag(g, "Result"));
        for (n = pdn_game_first(g); n != NULL; n = pdn_node_next(n))
            moves++;
        ck_assert_uint_eq(moves, want[i].moves);
        pdn_game_free(g);
        i++;
    }
    ck_assert_uint_eq(i, sizeof want / sizeof want[0]);
    pdn_reader_free(r);
    fclose(fp);
}
END_TEST

/* Warnings collected as "line:col:text|". */
static void
collect_warnings(const pdn_error *e, void *ud)
{
    char *out = ud;
    size_t o = strlen(out);
    snprintf(out + o, 1024 - o, "%lu:%lu:%s|", e->pos.line, e->pos.column,
             e->text);
}

/* Real files break a tag pair over lines: a value (its line break read as
 * ',' between two squares of a FEN, as nothing next to a separator, as a
 * space in other tags) and a line that ends after its '['. Each is one
 * tag pair of its game, with one warning. */
START_TEST(test_reader_tag_broken_over_lines)
{
    static const char in[] =
        "[Event \"a\"]\n[FEN \"W:W31,32\n  33:B1,2,\n3\"]\n"
        "[Site \"Town  \n hall\"]\n1. 32-28\n"
        "[\n Event \"b\"]\r\n[FEN \"B:W31\n:B1\"]\n1... 1-6 *\n";
    static const char in2[] = "[Event \"c\n[Site \"x\"]\n[Round \"d\n"
                              "1. 32-28 {see \"e\"]} *\n";
    char warn[1024] = "";
    pdn_reader *r = pdn_reader_new_mem(in, sizeof in - 1, "t");
    pdn_game *g;
    pdn_error e;

    pdn_reader_set_warning_fn(r, collect_warnings, warn);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_str_eq(pdn_game_tag(g, "FEN"), "W:W31,32,33:B1,2,3");
    ck_assert_str_eq(pdn_game_tag(g, "Site"), "Town hall");
    ck_assert_uint_eq(pdn_game_tag_pos_at(g, 2).line, 5);
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_str_eq(pdn_game_tag(g, "Event"), "b");
    ck_assert_str_eq(pdn_game_tag(g, "FEN"), "B:W31:B1");
    ck_assert_uint_eq(pdn_game_pos(g).line, 8);
    ck_assert_uint_eq(pdn_node_pos(pdn_game_first(g)).line, 12);
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    ck_assert_str_eq(
        warn,
        "2:15:value of tag 'FEN' broken over two lines: the line break "
        "read as ','|"
        "5:14:value of tag 'Site' broken over two lines: the line break "
        "read as a space|"
        "8:1:game has no terminator; it ends before this tag pair|"
        "8:1:tag pair broken after its '[': read with the name and value "
        "of the next line|"
        "10:12:value of tag 'FEN' broken over two lines: the line break "
        "read as nothing|");
    pdn_reader_free(r);
    /* no line that opens a comment or a tag pair goes on a value */
    r = pdn_reader_new_mem(in2, sizeof in2 - 1, "t");
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_str_eq(e.text, "no closing '\"' in the value of tag 'Event'; "
                             "it is read to the end of its line");
    ck_assert_uint_eq(pdn_game_tag_count(g), 3);
    ck_assert_str_eq(pdn_game_tag(g, "Round"), "d");
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    pdn_reader_free(r);
}
END_TEST

/* Files without tags glue each result to the next game's move number:
 * every result there ends its game, and the next game starts at the
 * move number, with one warning each. */
START_TEST(test_reader_glued_result_starts_a_new_game)
{
    static const char in[] =
        "1. 32-28 19-23 0-001.33-29 17-22 1-101.32-28 2. 28x 19\n"
        "1/2-1/21.31-27 2-001.34-29 1-0";
    static const char in2[] = "1. 32-28 7y 19-23 1-001.33-29 17-22 *";
    static const char *const want[] = {"0-0", "1-1", "1/2-1/2", "2-0",
                                       "1-0"};
    static const unsigned long col[] = {1, 19, 37, 8, 19};
    char warn[1024] = "";
    pdn_reader *r = pdn_reader_new_mem(in, sizeof in - 1, "t");
    pdn_game *g;
    pdn_error e;
    size_t i = 0;
    int rc;

    pdn_reader_set_warning_fn(r, collect_warnings, warn);
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        ck_assert_uint_lt(i, 5);
        ck_assert_msg(rc == 1, "game %zu: %s", i + 1, e.text);
        ck_assert_uint_eq(pdn_game_pos(g).column, col[i]);
        ck_assert_str_eq(pdn_game_result(g), want[i]);
        pdn_game_free(g);
        i++;
    }
    ck_assert_uint_eq(i, 5);
    ck_assert_ptr_nonnull(strstr(
        warn, "1:16:a result glued to a move number: '0-001.33-29' read as "
              "the result '0-0', and a new game from '01.33-29'|"));
    ck_assert_ptr_nonnull(strstr(
        warn, "2:1:a result glued to a move number: '1/2-1/21.31-27' read "
              "as the result '1/2-1/2', and a new game from '1.31-27'|"));
    ck_assert_ptr_nonnull(strstr(warn, "1:49:move '28x 19' read as '28x19'"));
    pdn_reader_free(r);
    /* a broken game is skipped to the glued result, not past it */
    r = pdn_reader_new_mem(in2, sizeof in2 - 1, "t");
    warn[0] = '\0';
    pdn_reader_set_warning_fn(r, collect_warnings, warn);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_str_eq(e.text, "cannot read move '7y'");
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_uint_eq(pdn_game_pos(g).column, 22);
    ck_assert_str_eq(pdn_game_result(g), "*");
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    ck_assert_ptr_nonnull(strstr(
        warn, "1:19:a result glued to a move number: '1-001.33-29' read as "
              "the result '1-0', and a new game from '01.33-29'|"));
    pdn_reader_free(r);
}
END_TEST

/* Text that is not UTF-8 is read in the code page its words point to
 * (here CP1251), which pdn_game_encoding reports; a game whose own words
 * do not tell takes the code page of the input's earlier games. */
START_TEST(test_reader_decides_the_code_page_by_the_words)
{
    const char *s = "[Event \"\xcf\xe5\xf0\xe2\xe5\xed\xf1\xf2\xe2\xee \xe3\xee\xf0\xee\xe4\xe0\"]\n[White \"\xcd\xe5\xec\xe5\xf6 \xc4\xec\xe8\xf2\xf0\xe8\xe9\"] *\n"
                    "[White \"\xc4\xc0\"] *\n[White \"A\"] *\n";
    char warn[1024] = "";
    pdn_reader *r = pdn_reader_new_mem(s, strlen(s), "m");
    pdn_game *g = NULL;
    pdn_error e;
    pdn_encoding enc;

    pdn_reader_set_warning_fn(r, collect_warnings, warn);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_str_eq(pdn_game_tag(g, "White"), "\xd0\x9d\xd0\xb5\xd0\xbc\xd0\xb5\xd1\x86 \xd0\x94\xd0\xbc\xd0\xb8\xd1\x82\xd1\x80\xd0\xb8\xd0\xb9");
    ck_assert_str_eq(pdn_game_tag(g, "Event"), "\xd0\x9f\xd0\xb5\xd1\x80\xd0\xb2\xd0\xb5\xd0\xbd\xd1\x81\xd1\x82\xd0\xb2\xd0\xbe \xd0\xb3\xd0\xbe\xd1\x80\xd0\xbe\xd0\xb4\xd0\xb0");
    ck_assert_int_eq(pdn_game_encoding(g, &enc), 0);
    ck_assert_int_eq(enc.cp, PDN_CP_1251);
    ck_assert_int_eq(enc.sure, 1);
    ck_assert_int_eq(enc.from_input, 0);
    ck_assert_uint_eq(enc.words, 4);
    ck_assert_uint_eq(enc.fit[PDN_CP_1251], 4);
    pdn_game_free(g);
    /* "\xc4\xc0" reads as well in KOI8-R: the earlier game's code page */
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_str_eq(pdn_game_tag(g, "White"), "\xd0\x94\xd0\x90");
    ck_assert_int_eq(pdn_game_encoding(g, &enc), 0);
    ck_assert_int_eq(enc.cp, PDN_CP_1251);
    ck_assert_int_eq(enc.from_input, 1);
    pdn_game_free(g);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
    ck_assert_int_eq(pdn_game_encoding(g, &enc), 0);
    ck_assert_int_eq(enc.cp, PDN_CP_UTF8);
    pdn_game_free(g);
    ck_assert_str_eq(warn,
                     "1:1:text is not valid UTF-8; read as CP1251|"
                     "3:1:text is not valid UTF-8; read as CP1251, as the "
                     "input's earlier games|");
    ck_assert_int_eq(pdn_game_encoding(NULL, &enc), -1);
    pdn_reader_free(r);
}
END_TEST

/* pdn_text_decode and pdn_codepage_name over every code page. */
START_TEST(test_reader_text_decode)
{
    static const struct {
        pdn_codepage cp;
        const char *in, *out, *name;
    } cases[] = {
        {PDN_CP_UTF8, "Ber\xc3\xa9ot", "Ber\xc3\xa9ot", "UTF-8"},
        {PDN_CP_1252, "Ber\xe7ot \x80", "Ber\xc3\xa7ot \xe2\x82\xac",
         "Windows-1252"},
        {PDN_CP_1251, "\xc4\xe0", "\xd0\x94\xd0\xb0", "CP1251"},
        {PDN_CP_KOI8R, "\xe4\xc1", "\xd0\x94\xd0\xb0", "KOI8-R"},
        {PDN_CP_866, "\x84\xa0", "\xd0\x94\xd0\xb0", "CP866"},
    };
    size_t i, n;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *d = pdn_text_decode(cases[i].cp, cases[i].in,
                                  strlen(cases[i].in), &n);
        ck_assert_ptr_nonnull(d);
        ck_assert_str_eq(d, cases[i].out);
        ck_assert_uint_eq(n, strlen(cases[i].out));
        ck_assert_str_eq(pdn_codepage_name(cases[i].cp), cases[i].name);
        free(d);
    }
    ck_assert_ptr_null(pdn_text_decode(PDN_CP_COUNT, "a", 1, NULL));
    ck_assert_ptr_null(pdn_codepage_name(PDN_CP_COUNT));
}
END_TEST

/* Input that is not text is recognised from its first bytes, or at its
 * first NUL byte, and gives one error; what comes before a NUL is read. */
START_TEST(test_reader_binary_input_gives_one_error)
{
    static const struct {
        const char *in;
        size_t len;
        const char *what;
        int games;
        unsigned long line, col;
    } cases[] = {
        {"\x1f\x8b\x08\x00[Event", 9, "gzip-compressed", 0, 1, 1},
        {"PK\x03\x04\x14\x00", 6, "zip archive", 0, 1, 1},
        {"BZh91AY&SY", 10, "bzip2", 0, 1, 1},
        {"\xfd" "7zXZ\0\0", 8, "xz", 0, 1, 1},
        {"\xff\xfe[\0E\0", 6, "UTF-16 little-endian", 0, 1, 1},
        {"\xfe\xff\0[\0E", 6, "UTF-16 big-endian", 0, 1, 1},
        {"[\0E\0v\0e\0n\0t\0", 12, "UTF-16 little-endian", 0, 1, 1},
        {"\0[\0E\0v\0e\0n\0t", 12, "UTF-16 big-endian", 0, 1, 1},
        {"\0\0\0\0\0\0\0\0", 8, "binary file", 0, 1, 1},
        /* an executable: no game made of its first bytes */
        {"\x7f" "ELF\x02\x01\x01\0\0\0", 10, "not PDN text", 0, 1, 1},
        {"[Event \"x\"]\n1. 32-28 *\n\0\0\0[Event", 32, "binary file", 1,
         3, 1},
    };
    pdn_reader *r = pdn_reader_new_mem(cases[_i].in, cases[_i].len, "t");
    pdn_game *g;
    pdn_error e;
    int i;

    for (i = 0; i < cases[_i].games; i++) {
        ck_assert_int_eq(pdn_reader_next(r, &g, &e), 1);
        pdn_game_free(g);
    }
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), -1);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(e.code, PDN_EENCODING);
    ck_assert_msg(strstr(e.text, cases[_i].what) != NULL, "%s", e.text);
    ck_assert_uint_eq(e.pos.line, cases[_i].line);
    ck_assert_uint_eq(e.pos.column, cases[_i].col);
    ck_assert_int_eq(pdn_reader_next(r, &g, &e), 0);
    pdn_reader_free(r);
}
END_TEST

/* A game over the size limit (2 MiB of moves, limit 1 MiB) is one game
 * with a PDN_ELIMIT error: it keeps its first 1 MiB as raw text, its span
 * covers all of it, the reader holds no more than the window, and the
 * next game is read with its right line. From a file and from memory. */
START_TEST(test_reader_game_over_limit_keeps_its_span)
{
    FILE *fp = tmpfile();
    pdn_reader *r;
    pdn_game *g;
    pdn_error e;
    char *all;
    const char *raw;
    size_t len, off, span, at = 0;
    long n;
    int i, rc, games = 0;

    fputs("[Event \"small\"] 1. 32-28 *\n[Event \"big\"]\n", fp);
    for (i = 0; i < 150000; i++)
        fprintf(fp, "%d. 32-28 19-23\n", i + 1);
    fputs("1-0\n[Event \"after\"]\n1. 33-28 *\n", fp);
    n = ftell(fp);
    all = malloc((size_t)n);
    rewind(fp);
    ck_assert_uint_eq(fread(all, 1, (size_t)n, fp), (size_t)n);
    rewind(fp);
    r = _i == 0 ? pdn_reader_new_file(fp, "big")
                : pdn_reader_new_mem(all, (size_t)n, "big");
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        ck_assert_ptr_nonnull(g);
        raw = pdn_game_raw(g, &len);
        pdn_game_raw_span(g, &off, &span);
        ck_assert_uint_eq(off, at);
        ck_assert_uint_le(len, span);
        ck_assert_int_eq(memcmp(raw, all + off, len), 0);
        at += span;
        games++;
        if (games == 2) {
            ck_assert_int_eq(rc, -1);
            ck_assert_int_eq(e.code, PDN_ELIMIT);
            ck_assert_uint_eq(e.game, 2);
            ck_assert_uint_eq(len, 1u << 20);
            ck_assert_uint_gt(span, 2u << 20);
        } else {
            ck_assert_int_eq(rc, 1);
            ck_assert_uint_eq(len, span);
        }
        if (games == 3) {
            ck_assert_str_eq(pdn_game_tag(g, "Event"), "after");
            ck_assert_uint_eq(pdn_game_pos(g).line, 150000 + 4);
        }
        pdn_game_free(g);
    }
    ck_assert_int_eq(games, 3);
    ck_assert_uint_eq(at, (size_t)n);
    if (_i == 0)
        ck_assert_uint_le(r->lx.in.cap, 4u << 20);
    pdn_reader_free(r);
    free(all);
    fclose(fp);
}
END_TEST

void
reader_shared_tests(TCase *tc)
{
    tcase_add_test(tc, test_reader_fast_path_matches_general_path_on_corpus);
    tcase_add_test(tc, test_reader_reads_fmjd_samples);
}

Suite *
reader_suite(void)
{
    Suite *s = suite_create("reader");
    TCase *core = tcase_create("core");
    TCase *errors = tcase_create("errors");
    TCase *limits = tcase_create("limits");
    TCase *tc;

    tcase_add_test(core, test_reader_memory_source_resumes_after_error);
    tcase_add_test(core, test_reader_file_source_gives_same_games);
    tcase_add_loop_test(
        core, test_reader_callback_source_in_small_chunks_gives_same_games, 0,
        7);
    tcase_add_test(core, test_reader_positions_in_later_games_are_absolute);
    tcase_add_test(core, test_reader_end_of_input_is_sticky);
    tcase_add_test(core, test_reader_tag_positions);
    tcase_add_test(core, test_reader_fast_path_matches_general_path);
    tcase_add_test(core, test_reader_decides_encoding_per_game);
    tcase_add_test(core, test_reader_decides_the_code_page_by_the_words);
    tcase_add_test(core, test_reader_text_decode);
    tcase_add_test(core, test_reader_parse_string_reads_first_game);
    tcase_add_test(core, test_reader_succeed_samples_give_no_errors);
    tcase_add_test(errors, test_reader_read_error_gives_eio_and_stops);
    tcase_add_test(errors, test_reader_broken_first_token_keeps_raw_text);
    tcase_add_test(errors, test_reader_fail_samples_give_errors);
    tcase_add_test(errors, test_reader_enomem_paths_return_errors);
    tcase_add_test(errors, test_reader_broken_tag_line_keeps_one_game);
    tcase_add_test(errors, test_reader_tag_broken_over_lines);
    tcase_add_test(errors, test_reader_glued_result_starts_a_new_game);
    tcase_add_loop_test(errors, test_reader_binary_input_gives_one_error, 0,
                        11);
    tcase_add_test(limits, test_reader_memory_is_bounded_by_the_largest_game);
    tcase_add_test(limits, test_reader_big_game_raw_text_from_file);
    tcase_add_loop_test(limits, test_reader_game_over_limit_keeps_its_span, 0,
                        2);
    tcase_set_timeout(limits, TEST_TIMEOUT);
    tcase_set_timeout(errors, TEST_TIMEOUT);
    suite_add_tcase(s, core);
    suite_add_tcase(s, errors);
    suite_add_tcase(s, limits);
    tc = tcase_create("cut");
    cut_tests(tc);
    suite_add_tcase(s, tc);
    return s;
}
