/* SPDX-License-Identifier: MIT */
/* Corpus round trip: every game of every file under ../shared/corpus is
 * read, written (compatible style), read again and compared with
 * pdn_game_equal; writing is checked to be idempotent in both styles.
 * Exits 77 (skip) when the shared folder is absent. */
#include <config.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pdn/pdn.h"

static unsigned long files, games, errors, failures;

static char *
slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (fp == NULL)
        return NULL;
    if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 &&
        fseek(fp, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf != NULL && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        *len = (size_t)n;
    }
    fclose(fp);
    return buf;
}

static void
fail(const char *path, unsigned long game, const char *what)
{
    failures++;
    if (failures <= 20)
        fprintf(stderr, "FAIL: %s: game %lu: %s\n", path, game, what);
}

/* Reads one game from a string written by the writer. */
static pdn_game *
reread(const char *s, size_t len)
{
    pdn_error e;
    pdn_game *g;
    pdn_error_clear(&e);
    g = pdn_parse_string(s, len, &e);
    return g;
}

static void
check_game(const char *path, const pdn_game *g0)
{
    unsigned long n = pdn_game_number(g0);
    static const unsigned styles[] = {PDN_WRITE_COMPAT, PDN_WRITE_PDN3};
    size_t k;

    for (k = 0; k < 2; k++) {
        size_t l1, l2;
        char *s1 = pdn_game_to_string(g0, styles[k], &l1, NULL), *s2;
        pdn_game *g1;

        if (s1 == NULL) {
            fail(path, n, "writer failed");
            return;
        }
        g1 = reread(s1, l1);
        if (g1 == NULL) {
            fail(path, n, "writer output does not read back");
            fprintf(stderr, "%s", s1);
            free(s1);
            return;
        }
        /* The compatible style keeps everything; PDN 3.0 moves the result
         * into the Result tag, so only idempotence is checked there. */
        if (styles[k] == PDN_WRITE_COMPAT && pdn_game_equal(g0, g1, NULL) != 1) {
            fail(path, n, "game read back differs");
            fprintf(stderr, "%s", s1);
        }
        s2 = pdn_game_to_string(g1, styles[k], &l2, NULL);
        if (s2 == NULL || l1 != l2 || memcmp(s1, s2, l1) != 0) {
            fail(path, n, "writing is not idempotent");
            fprintf(stderr, "first:\n%s\nsecond:\n%s\n", s1,
                    s2 ? s2 : "(null)");
        }
        free(s2);
        free(s1);
        pdn_game_free(g1);
    }
}

static void
check_file(const char *path)
{
    size_t len, rawlen = 0;
    char *buf = slurp(path, &len);
    pdn_reader *r;
    pdn_game *g;
    pdn_error e;
    int rc;

    if (buf == NULL) {
        fail(path, 0, "cannot read the file");
        return;
    }
    files++;
    r = pdn_reader_new_mem(buf, len, path);
    if (r == NULL) {
        free(buf);
        fail(path, 0, "out of memory");
        return;
    }
    while ((rc = pdn_reader_next(r, &g, &e)) != 0) {
        size_t l;
        const char *raw;
        games++;
        if (g == NULL) {
            fail(path, games, "no game returned");
            break;
        }
        /* The raw texts partition the file. */
        raw = pdn_game_raw(g, &l);
        if (raw == NULL || rawlen + l > len ||
            memcmp(raw, buf + rawlen, l) != 0)
            fail(path, pdn_game_number(g), "raw text is not the input");
        rawlen += l;
        if (rc < 0)
            errors++;
        else
            check_game(path, g);
        pdn_game_free(g);
    }
    if (rawlen != len)
        fail(path, 0, "raw texts do not cover the whole file");
    pdn_reader_free(r);
    free(buf);
}

static void
walk(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char **names = NULL;
    size_t n = 0, cap = 0, i;

    if (d == NULL)
        return;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
            if (names == NULL)
                exit(2);
        }
        names[n] = malloc(strlen(dir) + strlen(de->d_name) + 2);
        if (names[n] == NULL)
            exit(2);
        sprintf(names[n], "%s/%s", dir, de->d_name);
        n++;
    }
    closedir(d);
    for (i = 0; i < n; i++) {
        struct stat st;
        size_t l = strlen(names[i]);
        if (stat(names[i], &st) == 0 && S_ISDIR(st.st_mode))
            walk(names[i]);
        else if (l < 3 || strcmp(names[i] + l - 3, ".md") != 0)
            check_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int
main(int argc, char **argv)
{
    const char *env = getenv("PDN_SHARED");
    char dir[4096];
    struct stat st;

    if (argc > 1)
        snprintf(dir, sizeof dir, "%s", argv[1]);
    else if (env != NULL && *env != '\0')
        snprintf(dir, sizeof dir, "%s/corpus", env);
    else
        snprintf(dir, sizeof dir, "%s/../shared/corpus", TOP_SRCDIR);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: %s not found\n", dir);
        return 77;
    }
    walk(dir);
    printf("round trip: %lu files, %lu games (%lu read with errors), "
           "%lu failures\n",
           files, games, errors, failures);
    return failures == 0 && files > 0 ? 0 : 1;
}
