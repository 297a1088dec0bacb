/* SPDX-License-Identifier: MIT */
/* Test helper for split.sh: rawgames INPUT BADLIST OK BAD checks that the
 * raw texts of INPUT's games concatenate to INPUT, then writes the games
 * whose numbers are in BADLIST (one per line) to BAD and the others to OK,
 * as pdn-legal -w OK -x BAD should. Exit 0, 1 (raw texts lose bytes), 2. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pdn/pdn.h>

static char *
slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n;

    *len = 0;
    if (fp == NULL)
        return NULL;
    for (;;) {
        if (*len + 65536 > cap) {
            char *p = realloc(buf, cap = 2 * cap + 65536);
            if (p == NULL)
                break;
            buf = p;
        }
        n = fread(buf + *len, 1, cap - *len, fp);
        if (n == 0)
            break;
        *len += n;
    }
    fclose(fp);
    return buf;
}

static char *
next_line(char *p, char *buf, size_t len)
{
    p = memchr(p, '\n', (size_t)(buf + len - p));
    return p != NULL ? p + 1 : NULL;
}

int
main(int argc, char **argv)
{
    size_t inlen, badlen, len, off = 0;
    char *in, *bad, *p;
    unsigned char *isbad;
    unsigned long nbad = 1, num;
    FILE *okf, *badf;
    pdn_reader *r;
    pdn_game *g;
    pdn_error err;
    const char *raw;
    int rc, status = 0;

    if (argc != 5)
        return 2;
    in = slurp(argv[1], &inlen);
    bad = slurp(argv[2], &badlen);
    okf = fopen(argv[3], "wb");
    badf = fopen(argv[4], "wb");
    if (in == NULL || okf == NULL || badf == NULL)
        return 2;
    /* BADLIST: one game number per line */
    for (p = bad; p != NULL && p < bad + badlen; p = next_line(p, bad, badlen))
        if ((num = strtoul(p, NULL, 10)) >= nbad)
            nbad = num + 1;
    isbad = calloc(nbad, 1);
    if (isbad == NULL)
        return 2;
    for (p = bad; p != NULL && p < bad + badlen; p = next_line(p, bad, badlen))
        isbad[strtoul(p, NULL, 10)] = 1;
    r = pdn_reader_new_mem(in, inlen, argv[1]);
    while ((rc = pdn_reader_next(r, &g, &err)) != 0) {
        if (g == NULL) {
            fprintf(stderr, "rawgames: a game with no record\n");
            status = 1;
            continue;
        }
        raw = pdn_game_raw(g, &len);
        num = pdn_game_number(g);
        if (off + len > inlen || memcmp(in + off, raw, len) != 0) {
            fprintf(stderr, "rawgames: game %lu: raw text differs\n", num);
            status = 1;
        }
        off += len;
        fwrite(raw, 1, len, num < nbad && isbad[num] ? badf : okf);
        pdn_game_free(g);
    }
    if (off != inlen) {
        fprintf(stderr, "rawgames: raw texts hold %zu of %zu bytes\n", off,
                inlen);
        status = 1;
    }
    pdn_reader_free(r);
    free(isbad);
    free(in);
    free(bad);
    if (fclose(okf) != 0 || fclose(badf) != 0)
        return 2;
    return status;
}
