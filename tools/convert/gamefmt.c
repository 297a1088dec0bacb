/* SPDX-License-Identifier: MIT */
/* Transcription helpers of pdn-convert: notation mapping through board
 * coordinates (so that numeric -> algebraic -> numeric is the identity)
 * and the JSON form of games and moves. */
#include <config.h>
#include "gamefmt.h"

#include <string.h>

/* Squares go through coordinates rather than a table per variant pair:
 * both numberings are computed from the same GameType fields, so the
 * mapping is a bijection and converting back gives the original squares. */
int
gf_map_move(const pdn_gametype *src, const pdn_gametype *dst,
            const pdn_movetext *mt, pdn_movetext *out)
{
    unsigned char co[PDN_PATH_MAX];
    int alg = dst->notation != 'N', sq;
    size_t i;

    if (mt->file_only || pdn_movetext_coords(src, mt, co, NULL) != 0)
        return -1;
    for (i = 0; i < mt->n; i++) {
        /* a1 is coord 0, while a numeric square is never 0 */
        sq = alg ? co[i] : pdn_coord_to_square(dst, co[i]);
        if (sq <= 0 && !alg)
            return -1;
        co[i] = (unsigned char)sq;
    }
    *out = *mt;
    out->algebraic = (unsigned char)alg;
    if (out->sep == 0)
        out->sep = mt->capture ? pdn_gametype_capture_sep(dst) : '-';
    memcpy(out->sq, co, mt->n);
    return 0;
}

int
gf_map_fen(const pdn_gametype *src, const pdn_gametype *dst,
           const char *fen, char *buf, size_t size)
{
    pdn_fen f;
    size_t i;
    int co;

    if (pdn_fen_parse(fen, &f, NULL) < 0)
        return -1;
    for (i = 0; i < f.count; i++) {
        pdn_fen_piece *p = &f.piece[i];

        co = p->algebraic ? p->sq : pdn_square_to_coord(src, p->sq);
        if (co < 0 || !pdn_coord_playable(dst, co))
            return -1;
        p->algebraic = dst->notation != 'N';
        p->sq = (unsigned char)(p->algebraic ? co
                                             : pdn_coord_to_square(dst, co));
    }
    pdn_fen_format(&f, buf, size);
    return 0;
}

static void
json_squares(tbuf *b, const pdn_gametype *gt, const unsigned char *co,
             size_t n, int array)
{
    char name[8];
    size_t i;

    if (array)
        tbuf_addc(b, '[');
    for (i = 0; i < n; i++) {
        size_t len = pdn_coord_name(gt, co[i], name, sizeof name);

        if (i)
            tbuf_addc(b, ',');
        len = len < sizeof name ? len : sizeof name - 1;
        if (gt->notation == 'N') { /* numbers are numbers */
            tbuf_add(b, name, len);
            continue;
        }
        tbuf_addc(b, '"');
        tbuf_add(b, name, len);
        tbuf_addc(b, '"');
    }
    if (array)
        tbuf_addc(b, ']');
}

/* A "key":[...] member of strings, left out when there are none, so that
 * the common case (no comments) stays short. */
static void
json_strings(tbuf *b, const char *key, size_t n,
             const char *(*at)(const void *, int, size_t), const void *obj,
             int where)
{
    size_t i;

    for (i = 0; i < n; i++) {
        tbuf_printf(b, i ? "," : ",\"%s\":[", key);
        tbuf_json(b, at(obj, where, i));
    }
    if (n)
        tbuf_addc(b, ']');
}

static const char *
node_comment(const void *n, int where, size_t i)
{
    return pdn_node_comment_at(n, where, i);
}

static const char *
game_comment(const void *g, int where, size_t i)
{
    (void)where;
    return pdn_game_comment_at(g, i);
}

void
gf_json_move(tbuf *b, const pdn_gametype *src, const pdn_gametype *dst,
             const pdn_node *n, const char *text, const pdn_move *m,
             unsigned long ply)
{
    const pdn_movetext *mt = pdn_node_move(n);
    unsigned char co[PDN_PATH_MAX];
    size_t i;

    tbuf_adds(b, "{\"ply\":");
    tbuf_addu(b, ply);
    tbuf_adds(b, ",\"move\":");
    tbuf_json(b, text);
    tbuf_adds(b, m != NULL ? ",\"resolved\":true" : ",\"resolved\":false");
    if (m != NULL) {
        tbuf_adds(b, ",\"from\":");
        json_squares(b, dst, m->path, 1, 0);
        tbuf_adds(b, ",\"to\":");
        json_squares(b, dst, m->path + m->n - 1, 1, 0);
        tbuf_adds(b, ",\"path\":");
        json_squares(b, dst, m->path, m->n, 1);
        tbuf_adds(b, ",\"captures\":");
        json_squares(b, dst, m->captured, m->ncaptured, 1);
    } else if (mt && !mt->file_only &&
               pdn_movetext_coords(src, mt, co, NULL) == 0) {
        tbuf_adds(b, ",\"path\":");
        json_squares(b, dst, co, mt->n, 1);
    }
    if (pdn_node_strength(n)) {
        tbuf_adds(b, ",\"strength\":");
        tbuf_json(b, pdn_node_strength(n));
    }
    for (i = 0; i < pdn_node_nag_count(n); i++)
        tbuf_printf(b, "%s%d", i ? "," : ",\"nags\":[", pdn_node_nag_at(n, i));
    if (i)
        tbuf_addc(b, ']');
    if (pdn_node_setup(n)) {
        tbuf_adds(b, ",\"setup\":");
        tbuf_json(b, pdn_node_setup(n));
    }
    json_strings(b, "before", pdn_node_comment_count(n, PDN_BEFORE),
                 node_comment, n, PDN_BEFORE);
    json_strings(b, "comments", pdn_node_comment_count(n, PDN_AFTER),
                 node_comment, n, PDN_AFTER);
}

/* 1 when tag i's name stands at an earlier index too. */
static int
repeated(const pdn_game *g, size_t i)
{
    const char *name = pdn_game_tag_name_at(g, i);
    size_t j;

    for (j = 0; j < i; j++)
        if (strcmp(pdn_game_tag_name_at(g, j), name) == 0)
            return 1;
    return 0;
}

/* Tags as an object in the order of the PDN (.tags.White in jq); a name
 * given again keeps its first value there, the later ones going to
 * "repeated_tags" as [name, value] pairs, so that nothing is lost. */
void
gf_json_game_open(tbuf *b, const char *file, const pdn_game *g)
{
    size_t i, k = 0, n = pdn_game_tag_count(g);

    tool_json_head(b, "game", file, pdn_game_number(g));
    tbuf_adds(b, ",\"tags\":{");
    for (i = 0; i < n; i++) {
        if (repeated(g, i))
            continue;
        if (k++)
            tbuf_addc(b, ',');
        tbuf_json(b, pdn_game_tag_name_at(g, i));
        tbuf_addc(b, ':');
        tbuf_json(b, pdn_game_tag_value_at(g, i));
    }
    tbuf_addc(b, '}');
    for (i = 0, k = 0; i < n; i++) {
        if (!repeated(g, i))
            continue;
        tbuf_adds(b, k++ ? ",[" : ",\"repeated_tags\":[[");
        tbuf_json(b, pdn_game_tag_name_at(g, i));
        tbuf_addc(b, ',');
        tbuf_json(b, pdn_game_tag_value_at(g, i));
        tbuf_addc(b, ']');
    }
    if (k)
        tbuf_addc(b, ']');
    tbuf_adds(b, ",\"moves\":");
}

void
gf_json_game_close(tbuf *b, const pdn_game *g)
{
    json_strings(b, "comments", pdn_game_comment_count(g), game_comment, g,
                 0);
    tbuf_adds(b, ",\"result\":");
    if (pdn_game_result(g))
        tbuf_json(b, pdn_game_result(g));
    else
        tbuf_adds(b, "null");
    tbuf_adds(b, "}\n");
}

/* The columns of line [s, e): UTF-8 continuation bytes do not count. */
static size_t
columns(const char *s, const char *e)
{
    size_t n = 0;

    for (; s < e; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

/* The comment depth after [s, e) from depth d. */
static int
depth_after(const char *s, const char *e, int d)
{
    for (; s < e; s++)
        d += *s == '{' ? 1 : *s == '}' && d > 0 ? -1 : 0;
    return d;
}

void
gf_fold(tbuf *out, const char *text, size_t len, size_t width)
{
    const char *p = text, *end = text + len, *nl, *e, *brk, *q;
    int depth = 0, tags = 1, d;

    for (; p < end; p = nl) {
        nl = memchr(p, '\n', (size_t)(end - p));
        nl = nl != NULL ? nl + 1 : end;
        e = nl > p && nl[-1] == '\n' ? nl - 1 : nl;
        if (e > p && e[-1] == '\r')
            e--;
        if (tags && depth == 0 && (p == e || *p != '['))
            tags = 0; /* the blank line after the tags, or move text */
        while (!tags && columns(p, e) > width) {
            /* the last blank outside comments within width, else the
             * first one after it */
            brk = NULL;
            for (q = p, d = depth; q < e; q++) {
                d += *q == '{' ? 1 : *q == '}' && d > 0 ? -1 : 0;
                if (*q == ' ' && d == 0) {
                    if (brk != NULL && columns(p, q) > width)
                        break;
                    brk = q;
                }
            }
            if (brk == NULL)
                break;
            tbuf_add(out, p, (size_t)(brk - p));
            tbuf_add(out, e < nl && *e == '\r' ? "\r\n" : "\n",
                     e < nl && *e == '\r' ? 2 : 1);
            depth = 0; /* a blank outside comments */
            p = brk + 1;
        }
        depth = depth_after(p, e, depth);
        tbuf_add(out, p, (size_t)(nl - p));
    }
}

/* A move number at s (its end before e): digits, then "." or "...", then
 * a blank or the end; its length with the blank, or 0. */
static size_t
move_number(const char *s, const char *e)
{
    const char *q = s;

    while (q < e && *q >= '0' && *q <= '9')
        q++;
    if (q == s || q == e || *q != '.')
        return 0;
    q += e - q >= 3 && q[1] == '.' && q[2] == '.' ? 3 : 1;
    if (q < e && *q != ' ' && *q != '\n' && *q != '\r')
        return 0;
    return (size_t)(q - s) + (q < e && *q == ' ');
}

void
gf_drop_numbers(tbuf *out, const char *text, size_t len)
{
    const char *p = text, *e = text + len;
    int depth = 0, tags = 1, bol = 1;
    size_t n;

    while (p < e) {
        if (bol && depth == 0 && tags && *p != '[')
            tags = 0; /* past the tag lines */
        if (!tags && depth == 0 && (p == text || p[-1] == ' ' ||
                                    p[-1] == '\n' || p[-1] == '(') &&
            (n = move_number(p, e)) != 0) {
            p += n;
            bol = 0;
            continue;
        }
        if (!tags)
            depth += *p == '{' ? 1 : *p == '}' && depth > 0 ? -1 : 0;
        bol = *p == '\n';
        tbuf_addc(out, *p++);
    }
}
