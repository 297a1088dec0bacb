/* SPDX-License-Identifier: MIT */
/* pdn-fix: repairs what archives get wrong in a way that can be told for
 * sure, and says what it changed: result spellings, dates, a FEN's
 * trailing dot, spaces around tag values, typographic tag quotes, a
 * missing GameType (from the variant the game is legal under), a Result
 * tag and terminator that disagree where the final position says which is
 * right, and text in a legacy code page (transcode.h). A game with a
 * repair is written through the writer (tags in input order, its own
 * terminator); every other game is copied byte for byte. -e only lists
 * the repairs. */
#include <config.h>
#include "common.h"
#include "fixtags.h"
#include "transcode.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-fix";

/* What the first pass over a regular file found: the order of its dates. */
typedef struct fix_file {
    const char *name;
    unsigned long order[3][2]; /* per separator - . /: Date tags that
                                  put the day, the month first beyond
                                  doubt */
    char example[3][2][16];    /* the first of each */
} fix_file;

typedef struct tool_self {
    int dry;          /* -e: list the repairs, write nothing */
    fix_file *files;  /* one per operand that is a regular file */
    size_t nfiles;
} fix_opts;

/* One game being repaired. g is the game as read (positions, raw text);
 * w the one written: g itself, or g read again from its text decoded
 * from a Cyrillic code page. Tags are at the same index in both. */
typedef struct fix {
    const tool_opts *o;
    const char *file;
    const pdn_game *g;
    pdn_game *w;
    tool_out *to;
    unsigned long changes;
    size_t ntags;          /* tags of the game as read */
    unsigned char *dirty;  /* per tag as read: its text is to be rewritten */
    const char *term;      /* the terminator as read (static), or NULL */
} fix;

static const tool_option fix_options[] = {
    {"dry-run", 'e', NULL, "list the repairs only; write no PDN"},
    {"format", 'f', "FORMAT", "text (default) or json: how repairs and\n"
                              "findings are reported"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline fix_cmdline = {
    "[OPTION]... [FILE]...",
    "Repair PDN games where the right form is certain, reporting each "
    "repair.\n",
    fix_options, "gGAEoqWj" TOOL_OPT_SCALE,
    "problems found in the input that were not repaired", NULL};

/* A repair, as a finding of severity "note": on the output with -e, on
 * standard error otherwise; JSON adds "repair", "from" and "to". Counted
 * but not printed under -q. */
static void
note(fix *c, const pdn_pos *pos, const char *what, const char *from,
     const char *into, const char *fmt, ...) TOOL_PRINTF(6, 7);

static void
note(fix *c, const pdn_pos *pos, const char *what, const char *from,
     const char *into, const char *fmt, ...)
{
    const tool_opts *o = c->o;
    tbuf *b = o->diag_stdout ? &c->to->out : &c->to->err;
    unsigned long game = pdn_game_number(c->g);
    char msg[1024];
    va_list ap;
    pdn_pos gpos;

    if (pos->line == 0) { /* a tag the repair itself added: the game's place */
        gpos = pdn_game_pos(c->g);
        pos = &gpos;
    }
    c->changes++;
    if (o->quiet) /* -q: errors only, no warnings or notes */
        return;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (o->json) {
        /* a finding of man/pdn-json.5, with the repair's members */
        tbuf_adds(b, "{\"type\":\"finding\",\"file\":");
        tbuf_json(b, c->file);
        tbuf_printf(b, ",\"game\":%lu,\"line\":%lu,\"col\":%lu,"
                       "\"severity\":\"note\",\"code\":\"fix\","
                       "\"message\":",
                    game, pos->line, pos->column);
        tbuf_json(b, msg);
        tbuf_printf(b, ",\"ply\":null,\"move\":null,\"fen\":null,"
                       "\"legal\":null,\"repair\":\"%s\",\"from\":", what);
        /* members are never left out to mean null (pdn-json(5)) */
        if (from != NULL)
            tbuf_json(b, from);
        else
            tbuf_adds(b, "null");
        tbuf_adds(b, ",\"to\":");
        if (into != NULL)
            tbuf_json(b, into);
        else
            tbuf_adds(b, "null");
        tbuf_adds(b, "}\n");
    } else {
        if (!o->diag_stdout)
            tbuf_printf(b, "%s: ", tool_name);
        tool_add_file(b, c->file);
        tbuf_printf(b, ":%lu:%lu: note: %s (game %lu)\n",
                    pos->line, pos->column, msg, game);
    }
}

static const fix_file *file_of(const fix_opts *fo, const char *name);

/* Sets a tag of the written game; the line of the tag as read is then
 * rewritten (a new tag is added after the last one). */
static void
set_tag(fix *c, const char *name, const char *value)
{
    size_t i;

    for (i = 0; i < c->ntags; i++)
        if (strcmp(pdn_game_tag_name_at(c->w, i), name) == 0) {
            c->dirty[i] = 1;
            break;
        }
    if (pdn_game_set_tag(c->w, name, value) != 0)
        c->to->fatal = 1;
}

static int
blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* Typographic quotes around a tag value in the input (the reader takes
 * them as quotes): in UTF-8, or as CP1252/CP1251 bytes 0x93 0x94. */
static void
quotes(fix *c, size_t i, const char *raw, size_t rawlen, size_t rawoff)
{
    pdn_pos pos = pdn_game_tag_pos_at(c->g, i);
    size_t k = pos.offset - rawoff;
    const unsigned char *p;

    if (pos.offset < rawoff || k >= rawlen || raw[k] != '[')
        return;
    for (k++; k < rawlen && raw[k] != ' ' && raw[k] != '"' && raw[k] != ']';
         k++)
        ;
    while (k < rawlen && raw[k] == ' ')
        k++;
    p = (const unsigned char *)raw + k;
    if ((k < rawlen && (*p == 0x93 || *p == 0x94)) ||
        (k + 2 < rawlen && p[0] == 0xE2 && p[1] == 0x80 &&
         (p[2] == 0x9C || p[2] == 0x9D))) {
        note(c, &pos, "quotes", NULL, NULL,
             "typographic quotes around the value of tag '%s' written as "
             "'\"'", pdn_game_tag_name_at(c->w, i));
        c->dirty[i] = 1;
    }
}

/* Spaces around a value, a FEN's trailing dot. */
static void
trim(fix *c, size_t i)
{
    const char *name = pdn_game_tag_name_at(c->w, i);
    const char *v = pdn_game_tag_value_at(c->w, i);
    pdn_pos pos = pdn_game_tag_pos_at(c->g, i);
    size_t a = 0, n = strlen(v);
    int fen = strcmp(name, "FEN") == 0;
    char *t;

    while (blank(v[a]))
        a++;
    while (n > a && (blank(v[n - 1]) || (fen && v[n - 1] == '.')))
        n--;
    if (a == 0 && n == strlen(v))
        return;
    t = tool_xmalloc(n - a + 1);
    memcpy(t, v + a, n - a);
    t[n - a] = '\0';
    if (fen)
        note(c, &pos, "fen", v, t, "FEN '%s' written as '%s'", v, t);
    else
        note(c, &pos, "trim", v, t, "value of tag '%s' trimmed", name);
    set_tag(c, name, t);
    free(t);
}

/* Which separator a numeric date uses: 0 '-', 1 '.', 2 '/', -1 other. */
static int
date_sep(const char *v)
{
    const char *p = v + strspn(v, "0123456789");
    const char *k = *p != '\0' ? strchr("-./", *p) : NULL;

    return k != NULL ? (int)(k - "-./") : -1;
}

/* The order of day and month that the file's other dates written with
 * the same separator as v show beyond doubt: 'd' or 'm', 0 when none or
 * both. */
static int
file_order(const fix *c, const char *v, const char **example,
           unsigned long *n)
{
    const fix_file *ff = file_of(c->o->self, c->file);
    int s = date_sep(v), m;

    if (ff == NULL || s < 0 ||
        (ff->order[s][0] != 0) == (ff->order[s][1] != 0))
        return 0;
    m = ff->order[s][0] == 0;
    *example = ff->example[s][m];
    *n = ff->order[s][m];
    return m ? 'm' : 'd';
}

/* Dates to YYYY.MM.DD. A day and month that cannot be told apart take
 * the order the file's other dates show; without one they stay, with a
 * warning. */
static void
date(fix *c, size_t i)
{
    const char *v = pdn_game_tag_value_at(c->w, i), *ex = NULL;
    pdn_pos pos = pdn_game_tag_pos_at(c->g, i);
    char buf[FIX_DATE_SIZE];
    int r = fix_date(v, buf, 0), order;
    unsigned long n = 0;

    if (r == FIX_AMBIGUOUS && (order = file_order(c, v, &ex, &n)) != 0 &&
        fix_date(v, buf, order) == FIX_CHANGED) {
        note(c, &pos, "date", v, buf,
             "date '%s' written as '%s': the file puts the %s first (%lu "
             "date%s such as '%s')", v, buf, order == 'd' ? "day" : "month",
             n, n == 1 ? "" : "s", ex);
        set_tag(c, pdn_game_tag_name_at(c->w, i), buf);
    } else if (r == FIX_CHANGED) {
        note(c, &pos, "date", v, buf, "date '%s' written as '%s'", v, buf);
        set_tag(c, pdn_game_tag_name_at(c->w, i), buf);
    } else if (r == FIX_AMBIGUOUS) {
        tool_diag(c->o, c->to, c->file, &pos, pdn_game_number(c->g),
                  PDN_SEV_WARNING, PDN_ETAG, NULL,
                  "date '%s' left as it is: its day and month cannot be "
                  "told apart", v);
    }
}

/* Result spellings of the wild; a match score moves to a MatchScore tag
 * and the Result tag takes the game's terminator (or '*'). */
static void
result(fix *c, size_t i)
{
    const char *v = pdn_game_tag_value_at(c->w, i), *r;
    const char *term = pdn_game_result(c->w);
    pdn_pos pos = pdn_game_tag_pos_at(c->g, i);
    char *old;

    if (fix_result(v, &r)) {
        note(c, &pos, "result", v, r, "result '%s' written as '%s'", v, r);
        set_tag(c, "Result", r);
    } else if (fix_match_score(v) &&
               pdn_game_tag(c->w, "MatchScore") == NULL) {
        r = term != NULL ? term : "*";
        old = tool_xmalloc(strlen(v) + 1);
        strcpy(old, v);
        note(c, &pos, "result", old, r,
             "match score '%s' in the Result tag moved to a MatchScore "
             "tag; Result '%s' (the game's terminator)", old, r);
        set_tag(c, "Result", r);
        set_tag(c, "MatchScore", old);
        free(old);
    }
}

/* The outcome the final position says for sure: the game is legal
 * throughout and the side to move has no move. PDN_OUTCOME_INVALID when
 * the position says nothing. */
static pdn_outcome
final_outcome(fix *c, const pdn_gametype *gt)
{
    pdn_board *b = tool_board_reuse(c->o, c->file, c->g, gt, c->to);
    pdn_movelist *l = tool_movelist(c->to);
    pdn_outcome out = PDN_OUTCOME_INVALID;
    const pdn_node *n;
    pdn_match m;

    for (n = pdn_game_first(c->g); b && l && n; n = pdn_node_next(n))
        if (pdn_node_setup(n) != NULL || pdn_node_move(n) == NULL ||
            pdn_board_play(b, pdn_node_move(n), &m, l, NULL) !=
                PDN_MATCH_LEGAL)
            break;
    if (b && l && n == NULL && pdn_board_moves(b, l, NULL) == 0 &&
        pdn_movelist_count(l) == 0)
        out = pdn_outcome_no_move(gt, pdn_board_turn(b));
    tool_release(c->to, b, l);
    return out;
}

/* The Result tag and the terminator: one that is missing or unknown takes
 * the other's result; two results that disagree are settled when the
 * final position gives one of them. */
static void
reconcile(fix *c, const pdn_gametype *gt)
{
    const char *tag = pdn_game_tag(c->w, "Result");
    const char *term = pdn_game_result(c->w);
    pdn_outcome ot = tag ? pdn_result_outcome(tag) : PDN_OUTCOME_INVALID;
    pdn_outcome oe = term ? pdn_result_outcome(term) : PDN_OUTCOME_INVALID;
    pdn_pos pos = pdn_game_tag_pos(c->g, "Result");
    pdn_outcome f;
    char t[16];

    if (ot > PDN_OUTCOME_UNKNOWN && term == NULL) {
        pos = pdn_game_pos(c->g);
        note(c, &pos, "terminator", NULL, tag,
             "game without terminator ends with '%s', its Result tag", tag);
        if (pdn_game_set_result(c->w, tag) != 0)
            c->to->fatal = 1;
    } else if (oe > PDN_OUTCOME_UNKNOWN && ot <= PDN_OUTCOME_UNKNOWN &&
               (tag == NULL || tag[0] == '\0' || strcmp(tag, "?") == 0 ||
                strcmp(tag, "*") == 0)) {
        note(c, &pos, "result", tag, term,
             tag ? "Result tag '%s' set to '%s', the game's terminator"
                 : "Result tag%s '%s' added from the game's terminator",
             tag ? tag : "", term);
        set_tag(c, "Result", term);
    } else if (ot > PDN_OUTCOME_UNKNOWN && oe > PDN_OUTCOME_UNKNOWN &&
               ot != oe) {
        snprintf(t, sizeof t, "%s", tag);
        f = gt != NULL ? final_outcome(c, gt) : PDN_OUTCOME_INVALID;
        if (f == ot) {
            note(c, &pos, "terminator", term, t,
                 "terminator '%s' set to '%s': the Result tag's, which "
                 "the final position gives", term, t);
            if (pdn_game_set_result(c->w, t) != 0)
                c->to->fatal = 1;
        } else if (f == oe) {
            note(c, &pos, "result", t, term,
                 "Result tag '%s' set to '%s': the terminator's, which the "
                 "final position gives", t, term);
            set_tag(c, "Result", term);
        } else {
            tool_diag(c->o, c->to, c->file, &pos, pdn_game_number(c->g),
                      PDN_SEV_WARNING, PDN_ERESULT, NULL,
                      "Result tag '%s' and terminator '%s' disagree, and the "
                      "final position does not say which is right: left as "
                      "they are", t, term);
        }
    }
}

/* A result written in the other result type than gt's ("1/2-1/2" in an
 * International game, "2-0" in an English one), in the Result tag or as
 * the terminator, as pdn-validate warns (or notes: a Russian game's
 * points, as Russian sites write them): written in gt's. */
static void
result_form(fix *c, const pdn_gametype *gt)
{
    const char *tag = pdn_game_tag(c->w, "Result");
    const char *term = pdn_game_result(c->w), *want, *norm;
    pdn_pos pos = pdn_game_tag_pos(c->g, "Result");
    char name[96], was[16];

    infer_describe(gt, name, sizeof name);
    if (tag != NULL && pdn_result_outcome(tag) > PDN_OUTCOME_UNKNOWN &&
        (norm = pdn_result_normalise(tag)) != NULL &&
        (want = pdn_outcome_result(pdn_result_outcome(tag), gt)) != NULL &&
        strcmp(norm, want) != 0) {
        snprintf(was, sizeof was, "%s", tag);
        note(c, &pos, "result", was, want,
             "result '%s' written as '%s', the form of %s", was, want, name);
        set_tag(c, "Result", want);
    }
    if (term != NULL && pdn_result_outcome(term) > PDN_OUTCOME_UNKNOWN &&
        (want = pdn_outcome_result(pdn_result_outcome(term), gt)) != NULL &&
        strcmp(term, want) != 0) {
        snprintf(was, sizeof was, "%s", term);
        pos = pdn_game_pos(c->g);
        note(c, &pos, "terminator", was, want,
             "terminator '%s' written as '%s', the form of %s", was, want,
             name);
        if (pdn_game_set_result(c->w, want) != 0)
            c->to->fatal = 1;
    }
}

/* Whether gt, inferred, is the one variant of its board under which g
 * is legal throughout (the candidate order only breaks ties for the
 * replay; a tag needs a game no other variant explains). */
static int
only_fit(fix *c, const pdn_gametype *gt, int cand)
{
    pdn_gametype other;
    int i;

    for (i = 0; i < INFER_NCAND; i++) {
        infer_cand_gt(i, &other);
        /* a giveaway form (its name or result said so) leaves the usual
         * form of the same variant, which the same moves fit */
        if (i == cand && gt->giveaway && infer_fits(c->g, &other, c->to))
            return 0;
        if (i != cand && other.width == gt->width &&
            other.height == gt->height && infer_fits(c->g, &other, c->to))
            return 0;
    }
    return 1;
}

/* The GameType tag from -G, -g or the variant the game is legal under
 * throughout, when it is the only one. Returns 0 with *gt, or -1 when
 * the type is unknown. */
static int
gametype(fix *c, pdn_gametype *gt)
{
    const tool_opts *o = c->o;
    const char *tag = pdn_game_tag(c->w, "GameType");
    pdn_pos pos = pdn_game_tag_pos(c->g, "GameType");
    const pdn_infer_result *r = &c->to->infer.r;
    char v[64], name[96];

    if (tool_gametype(o, c->file, c->g, gt, c->to) != 0)
        return -1;
    pdn_gametype_format(gt, v, sizeof v);
    infer_describe(gt, name, sizeof name);
    if (tag != NULL && o->have_force && strcmp(tag, v) != 0) {
        note(c, &pos, "gametype", tag, v, "GameType '%s' set to '%s' (-G)",
             tag, v);
        set_tag(c, "GameType", v);
    } else if (tag == NULL && (o->have_force ||
                               (r->cand >= 0 && r->legal && r->moves &&
                                only_fit(c, gt, r->cand)) ||
                               (r->cand < 0 && o->have_gt &&
                                pdn_game_tag(c->w, "Variant") == NULL))) {
        note(c, &pos, "gametype", NULL, v, "GameType '%s' added: %s%s", v,
             name, r->cand >= 0 ? ", the one variant every move is legal in"
                               : o->have_force ? " (-G)" : " (-g)");
        set_tag(c, "GameType", v);
    }
    return 0;
}

static const fix_file *
file_of(const fix_opts *fo, const char *name)
{
    size_t i;

    for (i = 0; i < fo->nfiles; i++)
        if (strcmp(fo->files[i].name, name) == 0)
            return &fo->files[i];
    return NULL;
}

/* A game whose text is not UTF-8: the code page the reader decoded it
 * from, the one every tool reads it in (pdn_game_encoding); when nothing
 * told the code page, the game stays as it is (returns -1). Otherwise *cp
 * is set (returns 0). */
static int
encoding(fix *c, const char *raw, size_t len, pdn_codepage *cp)
{
    pdn_encoding enc;
    pdn_pos pos = pdn_game_pos(c->g);
    tbuf d = {NULL, 0, 0};
    pdn_error e;
    char *dec;
    size_t dn;

    pdn_game_encoding(c->g, &enc);
    if (enc.cp == PDN_CP_UTF8)
        return 0;
    tc_describe(&d, &enc);
    if (!enc.sure) {
        tool_diag(c->o, c->to, c->file, &pos, pdn_game_number(c->g),
                  PDN_SEV_WARNING, PDN_EENCODING, NULL,
                  "text is not UTF-8 and its code page is unclear (words "
                  "that read well: %s): game left as it is", d.data);
        tbuf_free(&d);
        return -1;
    }
    *cp = enc.cp;
    note(c, &pos, "encoding", tc_name(enc.cp, raw, len), "UTF-8",
         "text read as %s and written in UTF-8 (words that read well: %s%s)",
         tc_name(enc.cp, raw, len), d.data,
         enc.from_input ? "; as the file's earlier games" : "");
    tbuf_free(&d);
    /* read again from the decoded text, CP1252 too (the reader's own
     * reading): its positions are then those of the text written */
    dec = pdn_text_decode(enc.cp, raw, len, &dn);
    if (dec == NULL) {
        c->to->fatal = 1;
        return -1;
    }
    pdn_error_clear(&e);
    c->w = pdn_parse_string(dec, dn, &e);
    free(dec);
    if (c->w == NULL) {
        c->to->fatal = e.code == PDN_ENOMEM;
        return -1;
    }
    return 1;
}

/* The end (one past its ']') of the tag pair at s[k] == '[' in s[0..n),
 * its value in '"' (with the writer's escapes) or in typographic quotes;
 * 0 when it is not one. */
static size_t
tag_end(const char *s, size_t n, size_t k)
{
    const unsigned char *u = (const unsigned char *)s;
    int typo;

    for (k++; k < n && s[k] != '"' && u[k] != 0x93 && u[k] != 0xE2; k++)
        if (s[k] == ']' || s[k] == '\n')
            return 0;
    if (k >= n)
        return 0;
    typo = s[k] != '"';
    k += u[k] == 0xE2 ? 3 : 1;
    for (; k < n && s[k] != '\n'; k++) {
        if (!typo && s[k] == '\\' && k + 1 < n &&
            (s[k + 1] == '"' || s[k + 1] == '\\'))
            k++;
        else if (s[k] == '"' || (typo && u[k] == 0x94))
            break;
        else if (typo && u[k] == 0xE2 && k + 2 < n && u[k + 1] == 0x80 &&
                 u[k + 2] == 0x9D) {
            k += 2;
            break;
        }
    }
    for (k++; k < n && (s[k] == ' ' || s[k] == '\t'); k++)
        ;
    return k < n && s[k] == ']' ? k + 1 : 0;
}

/* A tag pair as the writer puts it: '"' and a backslash before '"' or
 * '\\' escaped. */
static void
tag_text(tbuf *b, const char *name, const char *v)
{
    tbuf_printf(b, "[%s \"", name);
    for (; *v != '\0'; v++) {
        if (*v == '"' || (*v == '\\' && (v[1] == '\\' || v[1] == '"')))
            tbuf_addc(b, '\\');
        tbuf_addc(b, *v);
    }
    tbuf_adds(b, "\"]");
}

/* One change of the text: bytes [a, b) become text. */
typedef struct edit {
    size_t a, b;
    tbuf text;
} edit;

/* The repaired game as its text with only the repaired parts changed:
 * each repaired tag pair rewritten where it stood, new tags on lines of
 * their own after the last one, a new or changed terminator in place of
 * the old; comments, moves, numbers, line breaks and the blanks between
 * them stay byte for byte. s[0..n) is the game's text (decoded when it
 * was) and p the game read from it. The result must read back as the
 * repaired game; 0 when it was appended to out, -1 when it cannot be
 * made so (the caller writes the game whole). */
static int
splice(fix *c, const pdn_game *p, const char *s, size_t n, size_t off,
       tbuf *out)
{
    edit e[64];
    size_t ne = 0, i, k, last = 0, at;
    const char *nl = memchr(s, '\r', n) && strstr(s, "\r\n") ? "\r\n" : "\n";
    const char *term = pdn_game_result(c->w);
    tbuf o = {NULL, 0, 0};
    pdn_game *back;
    pdn_error err;
    int ok = 0;

    memset(e, 0, sizeof e);
    for (i = 0; i < c->ntags; i++) {
        /* only the pairs to rewrite and the last (new tags follow it)
         * need to be found whole: a broken one elsewhere stays as it is */
        if (!c->dirty[i] && (i + 1 < c->ntags ||
                             pdn_game_tag_count(c->w) == c->ntags))
            continue;
        k = pdn_game_tag_pos_at(p, i).offset - off;
        if (k >= n || s[k] != '[' || (at = tag_end(s, n, k)) == 0)
            goto done;
        last = at;
        if (!c->dirty[i])
            continue;
        if (ne == 64 || (ne > 0 && k < e[ne - 1].b))
            goto done;
        e[ne].a = k;
        e[ne].b = at;
        tag_text(&e[ne].text, pdn_game_tag_name_at(c->w, i),
                 pdn_game_tag_value_at(c->w, i));
        ne++;
    }
    if (pdn_game_tag_count(c->w) > c->ntags) {
        /* after the last tag, or before the game's first token */
        if (c->ntags == 0)
            last = pdn_game_pos(p).offset - off;
        if (last > n || ne == 64)
            goto done;
        e[ne].a = e[ne].b = last;
        for (i = c->ntags; i < pdn_game_tag_count(c->w); i++) {
            if (c->ntags > 0)
                tbuf_adds(&e[ne].text, nl);
            tag_text(&e[ne].text, pdn_game_tag_name_at(c->w, i),
                     pdn_game_tag_value_at(c->w, i));
            if (c->ntags == 0)
                tbuf_adds(&e[ne].text, nl);
        }
        ne++;
    }
    if ((term == NULL) != (c->term == NULL) ||
        (term != NULL && strcmp(term, c->term) != 0)) {
        size_t t = n, a;
        char tok[16];

        while (t > 0 && blank(s[t - 1]))
            t--;
        for (a = t; a > 0 && !blank(s[a - 1]); a--)
            ;
        if (ne == 64 || t < last || term == NULL)
            goto done;
        if (c->term != NULL) {
            /* the last token must be the terminator as read */
            if (t - a >= sizeof tok)
                goto done;
            memcpy(tok, s + a, t - a);
            tok[t - a] = '\0';
            if (pdn_result_normalise(tok) == NULL ||
                strcmp(pdn_result_normalise(tok), c->term) != 0)
                goto done;
            e[ne].a = a;
        } else {
            e[ne].a = t;
            tbuf_adds(&e[ne].text, " ");
        }
        e[ne].b = t;
        tbuf_adds(&e[ne].text, term);
        ne++;
    }
    for (i = 0, k = 0; i < ne; i++) {
        tbuf_add(&o, s + k, e[i].a - k);
        tbuf_add(&o, e[i].text.data, e[i].text.len);
        k = e[i].b;
    }
    tbuf_add(&o, s + k, n - k);
    /* it must read back as the repaired game */
    pdn_error_clear(&err);
    back = pdn_parse_string(o.data, o.len, &err);
    if (back != NULL && pdn_game_equal(back, c->w, NULL) == 1) {
        tbuf_add(out, o.data, o.len);
        ok = 1;
    }
    pdn_game_free(back);
done:
    for (i = 0; i < 64; i++)
        tbuf_free(&e[i].text);
    tbuf_free(&o);
    return ok ? 0 : -1;
}

/* The repaired game written whole by the writer, when splice cannot keep
 * its text: the text before its first token as it was (decoded when the
 * game was), the writer's text, then the blanks that ended the raw text
 * (the end of the input follows the last game). */
static void
write_whole(fix *c, const char *raw, size_t len, size_t rawoff,
            pdn_codepage cp)
{
    const tool_opts *o = c->o;
    size_t lead = pdn_game_pos(c->g).offset - rawoff, tail = len, n, k;
    unsigned flags = PDN_WRITE_KEEP_TAGS | PDN_WRITE_KEEP_RESULT;
    pdn_error err;
    char *text;

    if (lead > len)
        lead = 0;
    while (tail > lead && blank(raw[tail - 1]))
        tail--;
    for (k = 0; k + 1 < len; k++)
        if (raw[k] == '\r' && raw[k + 1] == '\n') {
            flags |= PDN_WRITE_CRLF;
            break;
        }
    pdn_error_clear(&err);
    text = pdn_game_to_string(c->w, flags, &n, &err);
    if (text == NULL) {
        tool_diag_err(o, c->to, c->file, &err, NULL);
        c->to->fatal = 1;
        return;
    }
    if (cp != PDN_CP_UTF8 && !tc_is_utf8(raw, lead)) {
        size_t dn;
        char *dec = pdn_text_decode(cp, raw, lead, &dn);

        if (dec == NULL) {
            c->to->fatal = 1;
            free(text);
            return;
        }
        tbuf_add(&c->to->out, dec, dn);
        free(dec);
    } else {
        tbuf_add(&c->to->out, raw, lead);
    }
    while (n > 0 && blank(text[n - 1]))
        n--;
    tbuf_add(&c->to->out, text, n);
    tbuf_add(&c->to->out, raw + tail, len - tail);
    free(text);
}

/* The repaired game: its text with only the repairs changed (splice),
 * else written whole. */
static void
write_fixed(fix *c, const char *raw, size_t len, size_t rawoff, size_t span,
            pdn_codepage cp)
{
    const char *s = raw;
    size_t n = len, off = rawoff, whole;

    if (c->w != c->g) { /* read again from its decoded text */
        s = pdn_game_raw(c->w, &n);
        pdn_game_raw_span(c->w, &off, &whole);
    }
    /* a game over the size limit has only its start in raw */
    if (span != len || s == NULL || splice(c, c->w, s, n, off, &c->to->out) < 0)
        write_whole(c, raw, len, rawoff, cp);
}

static void
fix_game(const tool_opts *o, const char *file, pdn_game *g,
         const pdn_error *rerr, tool_out *to)
{
    const fix_opts *fo = o->self;
    fix c = {o, file, g, g, to, 0, 0, NULL, NULL};
    size_t len = 0, rawoff = 0, span, i;
    const char *raw = g ? pdn_game_raw(g, &len) : NULL;
    pdn_codepage cp = PDN_CP_UTF8;
    int fresh = 0;
    pdn_gametype gt;

    if (g == NULL)
        return;
    pdn_game_raw_span(g, &rawoff, &span);
    c.ntags = pdn_game_tag_count(g);
    c.dirty = calloc(c.ntags + 1, 1);
    if (c.dirty == NULL) {
        to->fatal = 1;
        return;
    }
    if (rerr->code == PDN_OK && !tc_is_utf8(raw, len) &&
        (fresh = encoding(&c, raw, len, &cp)) < 0)
        rerr = NULL; /* left as it is */
    for (i = 0; rerr && rerr->code == PDN_OK &&
                i < pdn_game_tag_count(c.w) && i < pdn_game_tag_count(g);
         i++) {
        const char *name = pdn_game_tag_name_at(c.w, i);

        quotes(&c, i, raw, len, rawoff);
        trim(&c, i);
        if (strcmp(name, "Date") == 0)
            date(&c, i);
        else if (strcmp(name, "Result") == 0)
            result(&c, i);
    }
    c.term = pdn_result_normalise(pdn_game_result(c.w) ? pdn_game_result(c.w)
                                                       : "");
    if (rerr && rerr->code == PDN_OK) {
        int have = gametype(&c, &gt) == 0;

        reconcile(&c, have ? &gt : NULL);
        if (have)
            result_form(&c, &gt);
        /* a setup no repair can make right (a man on its promotion row,
         * too many pieces) stays an error of the output, as pdn-validate
         * reports it: exit status 1 */
        if (have && pdn_game_tag(c.w, "FEN") != NULL)
            pdn_board_free(tool_board(o, file, c.w, &gt, to));
    }
    if (!fo->dry) {
        /* a game over the size limit has no repairs (its reader error) */
        if (c.changes != 0 && !to->fatal && span == len)
            write_fixed(&c, raw, len, rawoff, span, cp);
        else /* unchanged: streamed by the driver, never copied here */
            to->copy_raw = 1;
    }
    free(c.dirty);
    if (fresh > 0)
        pdn_game_free(c.w);
}

/* After a game's text is written (main thread, input order): a game over
 * the reader's size limit that the driver left out (its input cannot be
 * read again, status -1) keeps the blank lines before it. */
static int
fix_emit(const tool_opts *o, const char *file, const pdn_game *g,
         int status)
{
    (void)file;
    const fix_opts *fo = o->self;

    if (g == NULL || fo->dry)
        return 0;
    /* not processed; left out, its blank lines stay (a game copied
     * whole is the driver's: tool_out's copy_raw) */
    if (status < 0 && tool_game_oversize(g, NULL) && !tool_input_rereadable())
        return tool_copy_gap(o->out, g);
    return 0;
}

/* A Date tag line whose day and month come in an order beyond doubt. */
static void
count_order(fix_file *f, const char *line)
{
    char v[16];
    int k, s;

    if (strncmp(line, "[Date ", 6) != 0)
        return;
    line += 6 + strspn(line + 6, " \t");
    if (*line++ != '"' || sscanf(line, "%15[^\"]", v) != 1 ||
        (k = fix_date_order(v)) == 0 || (s = date_sep(v)) < 0)
        return;
    k = k == 'm';
    if (f->order[s][k]++ == 0)
        memcpy(f->example[s][k], v, sizeof v);
}

/* The first pass over each regular file: the order of day and month its
 * dates show. */
static void
scan_files(fix_opts *fo, int argc, char **argv)
{
    /* a Date tag line is short: the start of each line is enough, and a
     * line of any length costs no memory (a 200 MB line once took 200 MB
     * through getline) */
    char line[256];
    int i;

    fo->files = calloc((size_t)argc + 1, sizeof *fo->files);
    if (fo->files == NULL)
        return;
    for (i = 0; i < argc; i++) {
        fix_file *f = &fo->files[fo->nfiles];
        FILE *fp = strcmp(argv[i], "-") == 0 ? NULL : fopen(argv[i], "rb");
        int start = 1;

        if (fp == NULL)
            continue;
        f->name = argv[i];
        while (fgets(line, sizeof line, fp) != NULL) {
            size_t n = strlen(line);

            if (start)
                count_order(f, line);
            start = n > 0 && line[n - 1] == '\n';
        }
        fclose(fp);
        fo->nfiles++;
    }
}

int
main(int argc, char **argv)
{
    static const char *const fmts[] = {"text", "json", NULL};
    fix_opts fo;
    tool_opts o;
    int c, v, st;

    memset(&fo, 0, sizeof fo);
    tool_opts_init(&o);
    o.game = fix_game;
    o.emit = fix_emit;
    o.self = &fo;
    while ((c = tool_getopt(&fix_cmdline, &o, argc, argv, &st)) != -1) {
        v = 0;
        if (c == 'e')
            fo.dry = 1;
        else if (c == 'f' && (v = tool_choice(c, optarg, fmts)) >= 0)
            o.json = v;
        if (v < 0)
            return TOOL_TROUBLE;
    }
    if (st >= 0)
        return st;
    o.diag_stdout = fo.dry;
    o.copies = !fo.dry;
    scan_files(&fo, argc - optind, argv + optind);
    st = tool_run(&o, argc - optind, argv + optind);
    free(fo.files);
    return st;
}
