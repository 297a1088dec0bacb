/* SPDX-License-Identifier: MIT */
/* pdn-db's storage (db.h): a game's text compressed as the sqlite3
 * shell's sqlar functions read it, and the posting segments of the
 * position and material index. */
#include <config.h>
#include "db.h"
#include "report.h"
#include "tbuf.h"

#include <stdlib.h>
#include <string.h>
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

/* ---- game text ---- */

void
db_text_pack(const char *raw, size_t len, tbuf *out)
{
    out->len = 0;
#ifdef HAVE_ZLIB
    {
        uLongf n = compressBound((uLong)len);

        if (out->cap < (size_t)n + 1) {
            out->cap = (size_t)n + 1;
            if ((out->data = realloc(out->data, out->cap)) == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
        }
        if (compress2((Bytef *)out->data, &n, (const Bytef *)raw, (uLong)len,
                      6) == Z_OK && (size_t)n < len) {
            out->len = (size_t)n;
            return;
        }
    }
#endif
    /* no smaller compressed: stored as it is, as sqlar does */
    tbuf_add(out, raw, len);
}

int
db_text_unpack(const void *data, int n, int64_t size, tbuf *out)
{
    out->len = 0;
    if (size <= 0 || size == n) {
        tbuf_add(out, data != NULL ? data : "", (size_t)n);
        return 0;
    }
#ifdef HAVE_ZLIB
    {
        uLongf got = (uLongf)size;

        if (out->cap < (size_t)size + 1) {
            out->cap = (size_t)size + 1;
            if ((out->data = realloc(out->data, out->cap)) == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
        }
        if (uncompress((Bytef *)out->data, &got, data, (uLong)n) == Z_OK &&
            got == (uLongf)size) {
            out->len = (size_t)size;
            out->data[out->len] = 0;
            return 0;
        }
    }
#endif
    tbuf_add(out, "", 0);
    return -1;
}

/* sqlar_uncompress(data, size): data when its length is size (stored as
 * it was), else data inflated to size bytes. */
static void
uncompress_fn(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
    const void *data = sqlite3_value_blob(argv[0]);
    int n = sqlite3_value_bytes(argv[0]);
    sqlite3_int64 size = sqlite3_value_int64(argv[1]);

    (void)argc;
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
        sqlite3_result_null(cx);
        return;
    }
    if (size <= 0 || size == n) {
        sqlite3_result_value(cx, argv[0]);
        return;
    }
#ifdef HAVE_ZLIB
    {
        uLongf got = (uLongf)size;
        unsigned char *buf = sqlite3_malloc64((sqlite3_uint64)size);

        if (buf == NULL) {
            sqlite3_result_error_nomem(cx);
            return;
        }
        if (uncompress(buf, &got, data, (uLong)n) != Z_OK ||
            got != (uLongf)size) {
            sqlite3_free(buf);
            sqlite3_result_error(cx, "a game's text does not inflate", -1);
            return;
        }
        sqlite3_result_blob64(cx, buf, (sqlite3_uint64)size, sqlite3_free);
    }
#else
    (void)data;
    sqlite3_result_error(cx, "this pdn-db was built without zlib: a "
                             "compressed game's text cannot be read", -1);
#endif
}

int
db_functions(sqlite3 *db)
{
    return sqlite3_create_function(db, "sqlar_uncompress", 2,
                                   SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                   uncompress_fn, NULL, NULL);
}

/* ---- posting segments ---- */

/* Entries a block holds (the last of a segment fewer). */
#define BLOCK 2048

void
db_post_add(db_postings *p, uint32_t key, uint32_t game)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 4096;
        p->v = realloc(p->v, p->cap * sizeof *p->v);
        if (p->v == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
    }
    p->v[p->n++] = (uint64_t)key << 32 | game;
}

/* Sorts a[0..n): a radix sort of four 16-bit digits through tmp. */
static void
sort64(uint64_t *a, size_t n, uint64_t *tmp)
{
    static size_t count[65536];
    uint64_t *src = a, *dst = tmp, *t;
    int pass;

    for (pass = 0; pass < 4; pass++) {
        int shift = 16 * pass;
        size_t i, sum = 0;

        memset(count, 0, sizeof count);
        for (i = 0; i < n; i++)
            count[src[i] >> shift & 0xFFFF]++;
        for (i = 0; i < 65536; i++) {
            size_t c = count[i];

            count[i] = sum;
            sum += c;
        }
        for (i = 0; i < n; i++)
            dst[count[src[i] >> shift & 0xFFFF]++] = src[i];
        t = src;
        src = dst;
        dst = t;
    }
    /* four passes: the result is back in a */
}

static void
put_varint(tbuf *b, uint64_t v)
{
    unsigned char c[10];
    int n = 0;

    while (v >= 0x80) {
        c[n++] = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    c[n++] = (unsigned char)v;
    tbuf_add(b, (const char *)c, (size_t)n);
}

static const unsigned char *
get_varint(const unsigned char *p, const unsigned char *end, uint64_t *v)
{
    uint64_t x = 0;
    int shift = 0;

    while (p < end && shift < 64) {
        x |= (uint64_t)(*p & 0x7F) << shift;
        if (!(*p++ & 0x80)) {
            *v = x;
            return p;
        }
        shift += 7;
    }
    return NULL;
}

long long
db_post_flush(sqlite3 *db, const char *path, int kind, db_postings *p)
{
    sqlite3_stmt *seg = NULL, *ins = NULL;
    uint64_t *tmp;
    size_t i, j, n;
    long long segno = 1;
    tbuf b = {NULL, 0, 0};
    int failed = 0;

    if (p->n == 0)
        return 0;
    if ((tmp = malloc(p->n * sizeof *tmp)) == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    sort64(p->v, p->n, tmp);
    free(tmp);
    /* one entry for a key and a game, however often the game reaches it */
    for (i = n = 0; i < p->n; i++)
        if (n == 0 || p->v[i] != p->v[n - 1])
            p->v[n++] = p->v[i];
    seg = db_prepare(db, path, "SELECT coalesce(max(seg), 0) + 1 FROM"
                               " postings WHERE kind = ?");
    ins = db_prepare(db, path, "INSERT INTO postings VALUES(?, ?, ?, ?, ?)");
    if (seg == NULL || ins == NULL) {
        failed = 1;
        goto done;
    }
    sqlite3_bind_int(seg, 1, kind);
    if (sqlite3_step(seg) == SQLITE_ROW)
        segno = sqlite3_column_int64(seg, 0);
    for (i = 0; i < n && !failed; i = j) {
        uint32_t prev = (uint32_t)(p->v[i] >> 32), g = 0;

        /* a block: the first key's delta is 0, its game written whole;
         * then each key's delta from the one before, and its game whole
         * when the key changed, else its delta */
        b.len = 0;
        for (j = i; j < n && j < i + BLOCK; j++) {
            uint32_t k = (uint32_t)(p->v[j] >> 32), gj = (uint32_t)p->v[j];

            put_varint(&b, k - prev);
            put_varint(&b, j == i || k != prev ? gj : gj - g);
            prev = k;
            g = gj;
        }
        sqlite3_bind_int(ins, 1, kind);
        sqlite3_bind_int64(ins, 2, segno);
        sqlite3_bind_int64(ins, 3, (int64_t)(p->v[i] >> 32));
        sqlite3_bind_int64(ins, 4, (int64_t)i);
        sqlite3_bind_blob(ins, 5, b.data, (int)b.len, SQLITE_STATIC);
        if (sqlite3_step(ins) != SQLITE_DONE) {
            db_fail(db, path, "write");
            failed = 1;
        }
        sqlite3_reset(ins);
    }
done:
    sqlite3_finalize(seg);
    sqlite3_finalize(ins);
    tbuf_free(&b);
    p->n = 0;
    return failed ? -1 : (long long)n;
}

void
db_post_free(db_postings *p)
{
    free(p->v);
    memset(p, 0, sizeof *p);
}

/* The entries of one block with a key in [lo, hi]. */
static void
decode(const unsigned char *d, int len, uint32_t first, uint32_t lo,
       uint32_t hi, db_post_fn *fn, void *ud)
{
    const unsigned char *p = d, *end = d + len;
    uint32_t k = first, g = 0;
    int at = 0;

    while (p != NULL && p < end) {
        uint64_t dk, dg;

        if ((p = get_varint(p, end, &dk)) == NULL ||
            (p = get_varint(p, end, &dg)) == NULL)
            break;
        k += (uint32_t)dk;
        g = at == 0 || dk != 0 ? (uint32_t)dg : g + (uint32_t)dg;
        at = 1;
        if (k > hi)
            break;
        if (k >= lo)
            fn(ud, k, g);
    }
}

int
db_post_lookup(sqlite3 *db, const char *path, int kind, uint32_t lo,
               uint32_t hi, db_post_fn *fn, void *ud)
{
    sqlite3_stmt *segs, *before, *in;
    int64_t seg = 0;
    int rc = 0;

    segs = db_prepare(db, path, "SELECT seg FROM postings WHERE kind = ?"
                                " AND seg > ? ORDER BY seg LIMIT 1");
    before = db_prepare(db, path,
                        "SELECT first, data FROM postings WHERE kind = ?"
                        " AND seg = ? AND first < ? ORDER BY first DESC,"
                        " at DESC LIMIT 1");
    in = db_prepare(db, path, "SELECT first, data FROM postings WHERE"
                              " kind = ? AND seg = ? AND first BETWEEN ?"
                              " AND ? ORDER BY first, at");
    if (segs == NULL || before == NULL || in == NULL)
        rc = -1;
    while (rc == 0) {
        sqlite3_bind_int(segs, 1, kind);
        sqlite3_bind_int64(segs, 2, seg);
        if (sqlite3_step(segs) != SQLITE_ROW) {
            sqlite3_reset(segs);
            break;
        }
        seg = sqlite3_column_int64(segs, 0);
        sqlite3_reset(segs);
        /* the block before the range may hold its first keys */
        sqlite3_bind_int(before, 1, kind);
        sqlite3_bind_int64(before, 2, seg);
        sqlite3_bind_int64(before, 3, lo);
        if (sqlite3_step(before) == SQLITE_ROW)
            decode(sqlite3_column_blob(before, 1),
                   sqlite3_column_bytes(before, 1),
                   (uint32_t)sqlite3_column_int64(before, 0), lo, hi, fn, ud);
        sqlite3_reset(before);
        sqlite3_bind_int(in, 1, kind);
        sqlite3_bind_int64(in, 2, seg);
        sqlite3_bind_int64(in, 3, lo);
        sqlite3_bind_int64(in, 4, hi);
        while (sqlite3_step(in) == SQLITE_ROW)
            decode(sqlite3_column_blob(in, 1), sqlite3_column_bytes(in, 1),
                   (uint32_t)sqlite3_column_int64(in, 0), lo, hi, fn, ud);
        if (sqlite3_reset(in) != SQLITE_OK) {
            db_fail(db, path, "query");
            rc = -1;
        }
    }
    sqlite3_finalize(segs);
    sqlite3_finalize(before);
    sqlite3_finalize(in);
    return rc;
}
