/* SPDX-License-Identifier: MIT */
/* pdn-db's storage (db.h): a game's text compressed as the sqlite3
 * shell's sqlar functions read it, and the posting segments of the
 * position and material index. */
#include <config.h>
#include "db.h"
#include "report.h"
#include "tbuf.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif
/* the texts deflated by libdeflate, read back by zlib (its format) */
#if defined(HAVE_ZLIB) && defined(HAVE_LIBDEFLATE)
#define DB_LIBDEFLATE 1
#include <libdeflate.h>
#endif

/* ---- game text ---- */

/* zlib's level: 6 (its default) gains about 4% of the text over 1, for
 * about 1.6 times the time (10^5 generated games) */
#ifndef DB_TEXT_LEVEL
#define DB_TEXT_LEVEL 6
#endif
/* libdeflate's: 1 makes 0.6% more than zlib's 6 in 0.40 of its time,
 * 6 1.2% less in 0.66 (10^5 generated games, 94 MB) */
#ifndef DB_TEXT_LEVEL_LD
#define DB_TEXT_LEVEL_LD 1
#endif

#ifdef HAVE_ZLIB
/* zlib streams reset for each game rather than allocated for each, in
 * pools that the workers share: pool[0] inflate's, pool[w] deflate's of
 * a window of 2^w bytes (9..15). A game's text gets the least window that
 * holds it and a hash table to match (memLevel w - 6): the same bytes
 * within 0.02% (10^5 generated games), less memory cleared per game. The
 * stream is zlib's all the same: uncompress() and sqlar_uncompress() read
 * it. */
typedef struct zpool {
    z_stream zs;
#ifdef DB_LIBDEFLATE
    struct libdeflate_compressor *ld;
#endif
    struct zpool *next;
} zpool;

#define POOLS 17
#define POOL_LD 16 /* libdeflate's compressors */
static zpool *pool[POOLS];
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

void
db_text_pack_end(void)
{
    int k;

    for (k = 0; k < POOLS; k++)
        while (pool[k] != NULL) {
            zpool *z = pool[k];

            pool[k] = z->next;
            if (k == 0)
                inflateEnd(&z->zs);
#ifdef DB_LIBDEFLATE
            else if (k == POOL_LD)
                libdeflate_free_compressor(z->ld);
#endif
            else
                deflateEnd(&z->zs);
            free(z);
        }
}

/* Frees the pools at exit: one registration, the first time a stream is
 * made (under pool_lock). */
static void
at_exit_once(void)
{
    static int done;

    pthread_mutex_lock(&pool_lock);
    if (!done) {
        done = 1;
        atexit(db_text_pack_end);
    }
    pthread_mutex_unlock(&pool_lock);
}

/* A stream of pool k, reset, or NULL when zlib cannot make one. */
static zpool *
pool_take(int k)
{
    zpool *z;
    int rc;

    pthread_mutex_lock(&pool_lock);
    if ((z = pool[k]) != NULL)
        pool[k] = z->next;
    pthread_mutex_unlock(&pool_lock);
    if (z != NULL && k == POOL_LD)
        return z; /* libdeflate keeps nothing from one text to the next */
    if (z != NULL) {
        rc = k == 0 ? inflateReset(&z->zs) : deflateReset(&z->zs);
        if (rc == Z_OK)
            return z;
        if (k == 0)
            inflateEnd(&z->zs);
        else
            deflateEnd(&z->zs);
        free(z);
        return NULL;
    }
    at_exit_once();
    z = tool_xmalloc(sizeof *z);
    memset(z, 0, sizeof *z);
#ifdef DB_LIBDEFLATE
    if (k == POOL_LD) {
        if ((z->ld = libdeflate_alloc_compressor(DB_TEXT_LEVEL_LD)) != NULL)
            return z;
        free(z);
        return NULL;
    }
#endif
    rc = k == 0 ? inflateInit(&z->zs)
                : deflateInit2(&z->zs, DB_TEXT_LEVEL, Z_DEFLATED, k, k - 6,
                               Z_DEFAULT_STRATEGY);
    if (rc != Z_OK) {
        free(z);
        return NULL;
    }
    return z;
}

static void
pool_give(zpool *z, int k)
{
    pthread_mutex_lock(&pool_lock);
    z->next = pool[k];
    pool[k] = z;
    pthread_mutex_unlock(&pool_lock);
}

/* inflates n bytes of data into size bytes at out: 0 or -1 */
static int
inflate_to(const void *data, int n, unsigned char *out, int64_t size)
{
    zpool *z = pool_take(0);
    int rc = -1;

    if (z == NULL)
        return -1;
    z->zs.next_in = (Bytef *)(uintptr_t)data;
    z->zs.avail_in = (uInt)n;
    z->zs.next_out = out;
    z->zs.avail_out = (uInt)size;
    if (inflate(&z->zs, Z_FINISH) == Z_STREAM_END &&
        z->zs.total_out == (uLong)size)
        rc = 0;
    pool_give(z, 0);
    return rc;
}
#else
void
db_text_pack_end(void)
{
}
#endif

void
db_text_pack(const char *raw, size_t len, tbuf *out)
{
    out->len = 0;
#ifdef HAVE_ZLIB
    {
        int w = 9, ok = 0;
        zpool *z;

#ifdef DB_LIBDEFLATE
        if (len > 1 && (z = pool_take(POOL_LD)) != NULL) {
            size_t n;

            if (out->cap < len + 1) {
                out->cap = len + 1;
                if ((out->data = realloc(out->data, out->cap)) == NULL) {
                    tool_error("memory exhausted");
                    exit(TOOL_TROUBLE);
                }
            }
            /* 0 unless it fits in fewer bytes than the text */
            n = libdeflate_zlib_compress(z->ld, raw, len, out->data, len - 1);
            pool_give(z, POOL_LD);
            out->len = n;
            if (n == 0) /* stored as it is, as sqlar does */
                tbuf_add(out, raw, len);
            return;
        }
#endif
        while (w < 15 && ((size_t)1 << w) < len)
            w++;
        if ((z = pool_take(w)) != NULL) {
            size_t n = deflateBound(&z->zs, (uLong)len);

            if (out->cap < n + 1) {
                out->cap = n + 1;
                if ((out->data = realloc(out->data, out->cap)) == NULL) {
                    tool_error("memory exhausted");
                    exit(TOOL_TROUBLE);
                }
            }
            z->zs.next_in = (Bytef *)(uintptr_t)raw;
            z->zs.avail_in = (uInt)len;
            z->zs.next_out = (Bytef *)out->data;
            z->zs.avail_out = (uInt)n;
            if (deflate(&z->zs, Z_FINISH) == Z_STREAM_END &&
                z->zs.total_out < len) {
                out->len = (size_t)z->zs.total_out;
                ok = 1;
            }
            pool_give(z, w);
        }
        if (ok)
            return;
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
        if (out->cap < (size_t)size + 1) {
            out->cap = (size_t)size + 1;
            if ((out->data = realloc(out->data, out->cap)) == NULL) {
                tool_error("memory exhausted");
                exit(TOOL_TROUBLE);
            }
        }
        if (inflate_to(data, n, (unsigned char *)out->data, size) == 0) {
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

/* Entries a block holds at most, and the size at which it ends: a row of
 * the postings table stays within its page (SQLite keeps up to about a
 * quarter of a page of a row of a table without rowid on the page: 1000
 * bytes of the 4096 of the smallest page pdn-db has used; it now makes
 * pages of 16384 bytes). */
#define BLOCK 1024
#define BLOCK_BYTES 940

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

/* Sorts a[0..n): a radix sort of 16-bit digits through tmp, the low
 * two only when the entries' low 32 bits (a game) are not ascending
 * already (create and add give them so): the sort is stable, so the high
 * two (the key) leave the games of one key in order. */
void
db_sort64(uint64_t *a, size_t n, uint64_t *tmp)
{
    static size_t count[65536];
    uint64_t *src = a, *dst = tmp, *t;
    int pass = 2;
    size_t k;

    for (k = 1; k < n && pass == 2; k++)
        if ((uint32_t)a[k] < (uint32_t)a[k - 1])
            pass = 0;
    for (; pass < 4; pass++) {
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
    /* two or four passes: the result is back in a */
}

/* A block is a bit stream (least significant bit first) after four
 * bytes: k, the Rice parameter of the key deltas, w, the width of a game
 * id, and the number of entries (16 bits, low byte first). Each entry: its key's delta from the one before (the block's first
 * key for the first entry), Rice coded (the quotient in unary, a run of
 * ones ended by a zero, then its k low bits; a quotient of ESCAPE or more
 * written as ESCAPE ones and the delta in 32 bits), then its game in w
 * bits. */
#define ESCAPE 24

typedef struct bitw {
    tbuf *b;
    uint64_t acc;
    int n;
} bitw;

static void
put_bits(bitw *w, uint64_t v, int n)
{
    while (n > 0) {
        int take = n > 32 ? 32 : n;

        w->acc |= (v & ((1ULL << take) - 1)) << w->n;
        w->n += take;
        v >>= take;
        n -= take;
        while (w->n >= 8) {
            tbuf_addc(w->b, (char)(w->acc & 0xFF));
            w->acc >>= 8;
            w->n -= 8;
        }
    }
}

static void
put_delta(bitw *w, uint32_t d, int k)
{
    uint32_t q = d >> k;

    if (q >= ESCAPE) {
        put_bits(w, (1ULL << ESCAPE) - 1, ESCAPE);
        put_bits(w, d, 32);
        return;
    }
    put_bits(w, (1ULL << q) - 1, (int)q + 1); /* q ones, a zero */
    put_bits(w, d, k);
}

typedef struct bitr {
    const unsigned char *p, *end;
    uint64_t acc;
    int n;
} bitr;

/* -1 at the end of the stream */
static int
fill(bitr *r, int need)
{
    while (r->n < need) {
        if (r->p == r->end)
            return -1;
        r->acc |= (uint64_t)*r->p++ << r->n;
        r->n += 8;
    }
    return 0;
}

static int
get_bits(bitr *r, int n, uint32_t *v)
{
    if (n == 0) {
        *v = 0;
        return 0;
    }
    if (fill(r, n) != 0)
        return -1;
    *v = (uint32_t)(r->acc & ((1ULL << n) - 1));
    r->acc >>= n;
    r->n -= n;
    return 0;
}

static int
get_delta(bitr *r, int k, uint32_t *d)
{
    uint32_t q = 0, bit, low;

    for (;;) {
        if (get_bits(r, 1, &bit) != 0)
            return -1;
        if (!bit)
            break;
        if (++q == ESCAPE)
            return get_bits(r, 32, d);
    }
    if (get_bits(r, k, &low) != 0)
        return -1;
    *d = q << k | low;
    return 0;
}

static int
width(uint32_t v)
{
    int n = 0;

    while (v != 0) {
        n++;
        v >>= 1;
    }
    return n;
}

/* Writes the first block of v[0..n) (n > 0, sorted) as the row (kind,
 * segno, the key of v[0], at): the number of entries it holds (up to
 * BLOCK, fewer when the block reaches BLOCK_BYTES), or 0 after
 * reporting. */
static size_t
put_block(sqlite3 *db, const char *path, sqlite3_stmt *ins, int kind,
          long long segno, const uint64_t *v, size_t n, long long at,
          tbuf *b)
{
    uint32_t prev = (uint32_t)(v[0] >> 32), span, gmax = 0;
    size_t cnt = n < BLOCK ? n : BLOCK, e;
    int k, w, ok;
    bitw bw;

    span = (uint32_t)(v[cnt - 1] >> 32) - prev;
    for (k = 0; ((uint64_t)cnt << (k + 1)) <= span && k < 31; k++)
        ;
    for (e = 0; e < cnt; e++)
        if ((uint32_t)v[e] > gmax)
            gmax = (uint32_t)v[e];
    w = width(gmax);
    b->len = 0;
    tbuf_addc(b, (char)k);
    tbuf_addc(b, (char)w);
    tbuf_addc(b, 0);
    tbuf_addc(b, 0);
    bw.b = b;
    bw.acc = 0;
    bw.n = 0;
    /* entries while the block stays within a cell of its page */
    for (e = 0; e < cnt && b->len < BLOCK_BYTES; e++) {
        uint32_t ke = (uint32_t)(v[e] >> 32);

        put_delta(&bw, ke - prev, k);
        put_bits(&bw, (uint32_t)v[e], w);
        prev = ke;
    }
    put_bits(&bw, 0, (8 - bw.n) & 7);
    cnt = e;
    b->data[2] = (char)(cnt & 0xFF);
    b->data[3] = (char)(cnt >> 8);
    sqlite3_bind_int(ins, 1, kind);
    sqlite3_bind_int64(ins, 2, segno);
    sqlite3_bind_int64(ins, 3, (int64_t)(v[0] >> 32));
    sqlite3_bind_int64(ins, 4, at);
    sqlite3_bind_blob(ins, 5, b->data, (int)b->len, SQLITE_STATIC);
    ok = sqlite3_step(ins) == SQLITE_DONE;
    if (!ok)
        db_fail(db, path, "write");
    sqlite3_reset(ins);
    return ok ? cnt : 0;
}

long long
db_post_flush(sqlite3 *db, const char *path, int kind, db_postings *p)
{
    sqlite3_stmt *seg = NULL, *ins = NULL;
    uint64_t *tmp;
    size_t i, cnt, n;
    long long segno = 1;
    tbuf b = {NULL, 0, 0};
    int failed = 0;

    if (p->n == 0)
        return 0;
    if ((tmp = malloc(p->n * sizeof *tmp)) == NULL) {
        tool_error("memory exhausted");
        exit(TOOL_TROUBLE);
    }
    db_sort64(p->v, p->n, tmp);
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
    for (i = 0; i < n; i += cnt)
        if ((cnt = put_block(db, path, ins, kind, segno, p->v + i, n - i,
                             (long long)i, &b)) == 0) {
            failed = 1;
            break;
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
    bitr r;
    uint32_t key = first, dk, g;
    int k, w, n, cnt;

    if (len < 4)
        return;
    k = d[0];
    w = d[1];
    cnt = d[2] | d[3] << 8;
    if (k > 31 || w > 32)
        return;
    r.p = d + 4;
    r.end = d + len;
    r.acc = 0;
    r.n = 0;
    for (n = 0; n < cnt; n++) {
        if (get_delta(&r, k, &dk) != 0 || get_bits(&r, w, &g) != 0)
            break;
        key += dk;
        if (key > hi)
            break;
        if (key >= lo)
            fn(ud, key, g);
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

/* ---- merging segments ---- */

/* One segment read block by block, its entries in order. */
typedef struct cursor {
    sqlite3_stmt *st;
    long long seg;
    uint64_t v[BLOCK];
    size_t n, i;
} cursor;

/* The next block of c into c->v: 1, 0 at the segment's end, -1 when the
 * block does not decode (corrupt), -2 when the query fails. */
static int
next_block(cursor *c)
{
    const unsigned char *d;
    bitr r;
    uint32_t key, dk, g;
    int len, k, w, cnt, rc;

    c->n = c->i = 0;
    if ((rc = sqlite3_step(c->st)) != SQLITE_ROW)
        return rc == SQLITE_DONE ? 0 : -2;
    key = (uint32_t)sqlite3_column_int64(c->st, 0);
    d = sqlite3_column_blob(c->st, 1);
    len = sqlite3_column_bytes(c->st, 1);
    if (d == NULL || len < 4)
        return -1;
    k = d[0];
    w = d[1];
    cnt = d[2] | d[3] << 8;
    if (k > 31 || w > 32 || cnt == 0 || cnt > BLOCK)
        return -1;
    r.p = d + 4;
    r.end = d + len;
    r.acc = 0;
    r.n = 0;
    while (c->n < (size_t)cnt) {
        if (get_delta(&r, k, &dk) != 0 || get_bits(&r, w, &g) != 0)
            return -1;
        key += dk;
        c->v[c->n++] = (uint64_t)key << 32 | g;
    }
    return 1;
}

/* the heap of cursors on their next entry */
static int
less(cursor *const *h, size_t a, size_t b)
{
    return h[a]->v[h[a]->i] < h[b]->v[h[b]->i];
}

static void
sift_down(cursor **h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        cursor *t;

        if (l < n && less(h, l, m))
            m = l;
        if (l + 1 < n && less(h, l + 1, m))
            m = l + 1;
        if (m == i)
            return;
        t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

long long
db_post_merge(sqlite3 *db, const char *path, int kind)
{
    sqlite3_stmt *segs, *ins = NULL, *del = NULL;
    cursor *cur = NULL, **heap = NULL, *bad = NULL;
    size_t nseg = 0, nheap = 0, i, nout = 0, used;
    uint64_t *out = NULL, last = 0;
    long long at = 0, segno = 0, entries = 0;
    tbuf b = {NULL, 0, 0};
    /* failed: 1 a segment that does not decode in order (bad), 2 an
     * error of SQLite (reported, or bad's query: reported below) */
    int failed = 0, rc, have_last = 0;

    segs = db_prepare(db, path, "SELECT seg FROM postings WHERE kind = ?"
                                " GROUP BY seg ORDER BY seg");
    if (segs == NULL)
        return -1;
    sqlite3_bind_int(segs, 1, kind);
    while ((rc = sqlite3_step(segs)) == SQLITE_ROW) {
        cur = realloc(cur, (nseg + 1) * sizeof *cur);
        if (cur == NULL) {
            tool_error("memory exhausted");
            exit(TOOL_TROUBLE);
        }
        cur[nseg].st = NULL;
        segno = sqlite3_column_int64(segs, 0);
        cur[nseg++].seg = segno;
    }
    if (rc != SQLITE_DONE) {
        db_fail(db, path, "query");
        failed = 1;
    }
    sqlite3_finalize(segs);
    if (failed || nseg < 2) {
        free(cur);
        return failed ? -1 : 0;
    }
    heap = tool_xmalloc(nseg * sizeof *heap);
    out = tool_xmalloc(BLOCK * sizeof *out);
    for (i = 0; i < nseg && !failed; i++) {
        cur[i].st = db_prepare(db, path, "SELECT first, data FROM postings"
                                         " WHERE kind = ? AND seg = ?"
                                         " ORDER BY first, at");
        if (cur[i].st == NULL) {
            failed = 2; /* reported */
            break;
        }
        sqlite3_bind_int(cur[i].st, 1, kind);
        sqlite3_bind_int64(cur[i].st, 2, cur[i].seg);
        if ((rc = next_block(&cur[i])) < 0) {
            bad = &cur[i];
            failed = rc == -1 ? 1 : 2;
        } else if (rc > 0)
            heap[nheap++] = &cur[i];
    }
    ins = db_prepare(db, path, "INSERT INTO postings VALUES(?, ?, ?, ?, ?)");
    if (ins == NULL)
        failed = 2;
    segno++; /* the merged segment follows the last (a segment of its own
              * key range: the cursors on the others never reach it) */
    for (i = nheap / 2; i-- > 0;)
        sift_down(heap, nheap, i);
    while (nheap > 0 && !failed) {
        cursor *c = heap[0];
        uint64_t e = c->v[c->i++];

        if (have_last && e < last) {
            bad = c;
            failed = 1;
            break;
        }
        if (!have_last || e != last) {
            out[nout++] = e;
            entries++;
        }
        last = e;
        have_last = 1;
        if (nout == BLOCK) {
            if ((used = put_block(db, path, ins, kind, segno, out, nout, at,
                                  &b)) == 0) {
                failed = 2;
                break;
            }
            memmove(out, out + used, (nout - used) * sizeof *out);
            nout -= used;
            at += (long long)used;
        }
        if (c->i == c->n) {
            if ((rc = next_block(c)) < 0) {
                bad = c;
                failed = rc == -1 ? 1 : 2;
                break;
            }
            if (rc == 0)
                heap[0] = heap[--nheap];
        }
        sift_down(heap, nheap, 0);
    }
    while (nout > 0 && !failed) {
        if ((used = put_block(db, path, ins, kind, segno, out, nout, at,
                              &b)) == 0) {
            failed = 2;
            break;
        }
        memmove(out, out + used, (nout - used) * sizeof *out);
        nout -= used;
        at += (long long)used;
    }
    if (failed == 1)
        tool_error("%s: the index is corrupt: a block of segment %lld of "
                   "kind %d does not decode in order", path, bad->seg, kind);
    else if (failed == 2 && bad != NULL)
        db_fail(db, path, "read");
    for (i = 0; i < nseg; i++)
        sqlite3_finalize(cur[i].st);
    if (!failed) {
        del = db_prepare(db, path, "DELETE FROM postings WHERE kind = ?"
                                   " AND seg < ?");
        if (del == NULL)
            failed = 2;
        else {
            sqlite3_bind_int(del, 1, kind);
            sqlite3_bind_int64(del, 2, segno);
            if (sqlite3_step(del) != SQLITE_DONE) {
                db_fail(db, path, "write");
                failed = 2;
            }
        }
    }
    sqlite3_finalize(del);
    sqlite3_finalize(ins);
    tbuf_free(&b);
    free(out);
    free(heap);
    free(cur);
    return failed ? -1 : entries;
}
