/* SPDX-License-Identifier: MIT */
/* Test helper for split.sh: rawgames INPUT BADLIST OK BAD checks that the
 * raw texts of INPUT's games concatenate to INPUT, then writes the games
 * whose numbers are in BADLIST (one per line) to BAD and the others to OK,
 * as pdn-legal -w OK -x BAD should: the blanks and newline that end a
 * game's last line (found at the start of the next raw text) go with that
 * game, and a part whose last byte is not a newline gets one before a game
 * from the other part follows and at the end. Exit 0, 1 (raw texts lose
 * bytes), 2. */
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

/* One part of the split and its last byte. */
typedef struct part {
    FILE *fp;
    size_t len;
    char last;
} part;

static void
put(part *p, const char *s, size_t n)
{
    if (n == 0)
        return;
    fwrite(s, 1, n, p->fp);
    p->len += n;
    p->last = s[n - 1];
}

static void
end_line(part *p)
{
    if (p->len != 0 && p->last != '\n')
        put(p, "\n", 1);
}

int
main(int argc, char **argv)
{
    size_t inlen, badlen, len, off = 0, head;
    part ok = {NULL, 0, 0}, bd = {NULL, 0, 0}, *to, *prev = NULL;
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
    ok.fp = okf = fopen(argv[3], "wb");
    bd.fp = badf = fopen(argv[4], "wb");
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
        to = num < nbad && isbad[num] ? &bd : &ok;
        head = 0;
        if (prev != NULL) {
            /* spaces, tabs and CRs up to a newline end the last game */
            while (head < len && (raw[head] == ' ' || raw[head] == '\t' ||
                                  raw[head] == '\r'))
                head++;
            head = head < len && raw[head] == '\n' ? head + 1 : 0;
            put(prev, raw, head);
        }
        if (to != prev)
            end_line(to);
        put(to, raw + head, len - head);
        prev = to;
        pdn_game_free(g);
    }
    end_line(&ok);
    end_line(&bd);
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
