/* SPDX-License-Identifier: MIT */
/* pdn-convert: rewrites PDN through the writer: target notation (-m, -N),
 * capture paths (-c), writing style (-s: by default tags in input order and
 * each game's own terminator), the opening's name and code as tags (-k),
 * or JSON (-f json). Squares are
 * mapped through board coordinates, so num -> alg -> num is the identity;
 * -c and JSON replay the moves to know their paths and captures. */
#include <config.h>
#include "common.h"
#include "gamefmt.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char tool_name[] = "pdn-convert";

enum { C_KEEP, C_SHORT, C_FULL };

typedef struct tool_self {
    int notation;     /* 0 keep, 'N' or 'A' */
    int corner;       /* -N digit, -1 = the variant's own */
    int capture;      /* C_* */
    unsigned flags;   /* writer flags */
    int json;
    int opening;      /* --opening: Opening, OpeningCode, Ballot tags */
    const char *tags; /* --tags: the tags to keep (comma-separated), or NULL */
    int no_comments;  /* --no-comments */
    int no_nags;      /* --no-nags: NAGs and strength marks */
    int no_variations; /* --no-variations */
    long ply_limit;   /* --ply-limit: the plies kept per line, -1 = all */
    long width;       /* --width: move text lines of at most N columns, 0 */
    int no_numbers;   /* --no-move-numbers */
} conv_opts;

/* One game being converted: its source GameType (as read or inferred) and
 * the output one (-m, -N), which differ only in notation and corner, so
 * that squares map one to one through coordinates. */
typedef struct conv {
    const tool_opts *o;
    const conv_opts *co;
    const char *file;
    pdn_game *g;
    tool_out *to;
    pdn_gametype src, dst;
    pdn_movelist *l;
    tbuf *js;         /* JSON output, or NULL */
} conv;

/* Adding an option: one line here, one branch in main. */
/* Options without a short form (their letters mean other things in other
 * tools). */
enum { OPT_OPENING = TOOL_LONG_OWN, OPT_TAGS, OPT_NO_COMMENTS, OPT_NO_NAGS,
       OPT_NO_VARIATIONS, OPT_PLY_LIMIT, OPT_WIDTH,
       OPT_NO_NUMBERS };

static const tool_option convert_options[] = {
    {"no-move-numbers", OPT_NO_NUMBERS, NULL,
     "write the moves without move numbers (PDN\n"
     "takes them as optional)"},
    {"width", OPT_WIDTH, "N", "fold move text lines at N columns (20-1000;\n"
                              "a longer word, a comment's text and the\n"
                              "tags stay whole)"},
    {"notation", 'm', "NOTATION", "num or alg: square notation of the output\n"
                                  "(the GameType tag is rewritten to say so)"},
    {"numbering", 'N', "CODE", "numbering of numeric output, e.g. N2 or N0\n"
                               "(default: the variant's own)"},
    {"captures", 'c', "PATHS", "keep (default), short (from-to unless\n"
                               "ambiguous) or full (every landing square)"},
    {"style", 's', "STYLE", "keep (default: tags in input order, each\n"
                            "game's result token), pdn3 (strict PDN 3.0:\n"
                            "standard tags first, '*' terminator) or\n"
                            "compat (result token, 80 columns)"},
    {"format", 'f', "FORMAT", "pdn (default) or json (one game per line)"},
    {"opening", OPT_OPENING, NULL, "add or replace the Opening tag (the named\n"
                           "opening) and the OpeningCode tag (first plies)"},
    {"tags", OPT_TAGS, "LIST", "keep only these tags (comma-separated; roster:\n"
                          "the seven standard ones); GameType and FEN\n"
                          "stay"},
    {"no-comments", OPT_NO_COMMENTS, NULL, "drop every comment"},
    {"no-nags", OPT_NO_NAGS, NULL, "drop every NAG ($1 ...) and strength mark\n"
                                   "(!, ?, !? ...)"},
    {"no-variations", OPT_NO_VARIATIONS, NULL, "drop every variation"},
    {"ply-limit", OPT_PLY_LIMIT, "N", "drop the moves past ply N of every line\n"
                                     "(the result stays)"},
    {NULL, 0, NULL, NULL}};

static const tool_cmdline convert_cmdline = {
    "[OPTION]... [FILE]...",
    "Rewrite PDN games canonically, in another notation or as JSON.\n",
    convert_options, "gGAEoqWj" TOOL_OPT_SCALE,
    "problems found in the input (the output is still written)", NULL};

/* s into buf of size bytes, cut to fit (as snprintf's "%s" does). */
static void
copy_text(char *buf, size_t size, const char *s)
{
    size_t n = strlen(s);

    if (n >= size)
        n = size - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
}

/* Converts the line from n, position b (NULL once unknown; changed). */
static void
line(conv *c, pdn_board *b, pdn_node *n, unsigned long ply)
{
    const pdn_gametype *gt = &c->src;
    pdn_movetext mt2;
    pdn_match m;
    pdn_fen f;
    pdn_pos pos;
    pdn_board *vbase;
    char txt[PDN_PATH_MAX * 4];
    size_t i, k = 0;
    int ok;

    if (c->js)
        tbuf_addc(c->js, '[');
    for (; n != NULL; n = pdn_node_next_mut(n), ply++) {
        const pdn_movetext *mt = pdn_node_move(n);

        if (b && pdn_node_setup(n) && (pdn_fen_parse(pdn_node_setup(n), &f,
                                                     NULL) < 0 ||
                                       pdn_board_set_fen(b, &f, NULL) != 0))
            b = NULL;
        /* Variations start from the position before this move, which
         * pdn_board_play changes: a copy for them. */
        vbase = NULL;
        if (b && pdn_node_variation_count(n) &&
            (vbase = pdn_board_new(gt, NULL)) != NULL)
            pdn_board_copy(vbase, b);
        /* Once a move cannot be resolved the position is unknown: the rest
         * of the line is still mapped square by square, not replayed. A
         * token that is no move (a '-' placeholder) the reader reported.
         * Played in one call; c->l then holds the moves that share its
         * squares, which is all the short form needs. */
        ok = b && mt && pdn_board_play(b, mt, &m, c->l, NULL) ==
                            PDN_MATCH_LEGAL;
        pos = pdn_node_pos(n);
        if (!ok && b && mt != NULL &&
            (c->co->capture != C_KEEP || c->js || mt->file_only))
            tool_diag(c->o, c->to, c->file, &pos, pdn_game_number(c->g),
                      PDN_SEV_ERROR, PDN_EILLEGAL, NULL,
                      "cannot resolve move '%s': it and the rest of its line "
                      "are kept as written", pdn_node_text(n));
        if (!ok) {
            /* nor are its variations replayed */
            b = NULL;
            pdn_board_free(vbase);
            vbase = NULL;
        }
        /* The text to write: the engine's for -c short/full, else as
         * written (file-only moves resolved), in the output notation. */
        copy_text(txt, sizeof txt, pdn_node_text(n));
        if (ok && (c->co->capture != C_KEEP || mt->file_only))
            pdn_move_format(b, c->l, &m.move,
                            c->co->capture == C_FULL ? PDN_MOVE_FULL
                                                     : PDN_MOVE_SHORT,
                            txt, sizeof txt);
        if (pdn_movetext_parse(txt, strlen(txt), &mt2) == 0 &&
            gf_map_move(&c->src, &c->dst, &mt2, &mt2) == 0)
            pdn_movetext_format(&mt2, txt, sizeof txt);
        if (c->js) {
            if (k++ != 0)
                tbuf_addc(c->js, ',');
            gf_json_move(c->js, &c->src, &c->dst, n, txt,
                         ok ? &m.move : NULL, ply);
        } else if (strcmp(txt, pdn_node_text(n)) != 0 &&
                   pdn_node_set_text(n, txt) != 0) {
            c->to->fatal = 1;
        }
        if (c->js && pdn_node_variation_count(n))
            tbuf_adds(c->js, ",\"variations\":[");
        for (i = 0; i < pdn_node_variation_count(n); i++) {
            pdn_board *vb = vbase ? pdn_board_new(gt, NULL) : NULL;

            if (vb)
                pdn_board_copy(vb, vbase);
            if (c->js && i)
                tbuf_addc(c->js, ',');
            line(c, vb, pdn_node_variation_at_mut(n, i), ply);
            pdn_board_free(vb);
        }
        pdn_board_free(vbase);
        if (c->js)
            tbuf_adds(c->js, pdn_node_variation_count(n) ? "]}" : "}");
        if (ok)
            c->to->plies++;
    }
    if (c->js)
        tbuf_addc(c->js, ']');
}

/* The FEN tag in the output notation. */
static void
map_fen(conv *c)
{
    const char *v = pdn_game_tag(c->g, "FEN");
    char buf[PDN_FEN_MAX * 5];
    pdn_pos pos;

    if (v == NULL)
        return;
    if (gf_map_fen(&c->src, &c->dst, v, buf, sizeof buf) != 0) {
        pos = pdn_game_tag_pos(c->g, "FEN");
        tool_diag(c->o, c->to, c->file, &pos, pdn_game_number(c->g),
                  PDN_SEV_WARNING, PDN_ESETUP, NULL,
                  "FEN '%s' kept as written", v);
    } else if (strcmp(buf, v) != 0 && pdn_game_set_tag(c->g, "FEN", buf)) {
        c->to->fatal = 1;
    }
}

/* Space between games (not NUL: hostile input may hold one). */
static int
is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* A game that cannot be read or typed. In PDN it is copied as it was, but
 * set apart like a written game: the blank lines before it belong to its
 * raw text and the written game before it ends with its own, so they are
 * dropped, and it ends with a blank line. In JSON it gets a record with
 * its file, number and the error (rerr, or why its GameType is unusable),
 * so that the records of a file are numbered without gaps. */
static void
copy_unread(const tool_opts *o, const char *file, const pdn_game *g,
            const pdn_error *rerr, tool_out *to)
{
    const conv_opts *co = o->self;
    size_t len = 0;
    const char *raw = g ? pdn_game_raw(g, &len) : NULL;
    const char *tag = g ? pdn_game_tag(g, "GameType") : NULL;
    pdn_gametype gt;
    pdn_error e = *rerr;

    if (co->json) {
        if (e.code == PDN_OK && tag != NULL) {
            if (pdn_gametype_parse(tag, &gt, &e) >= 0)
                pdn_error_clear(&e);
            if (e.pos.line == 0)
                e.pos = pdn_game_tag_pos(g, "GameType");
        }
        if (e.pos.line == 0 && g != NULL)
            e.pos = pdn_game_pos(g);
        tool_json_unread(&to->out, file,
                         g ? pdn_game_number(g) : rerr->game, &e.pos,
                         e.code != PDN_OK ? e.code : PDN_EVARIANT,
                         e.code != PDN_OK ? e.text
                                          : "cannot infer the game type");
        return;
    }
    if (raw == NULL)
        return;
    while (len > 0 && is_blank(raw[0]))
        raw++, len--;
    if (tool_game_oversize(g, NULL)) {
        /* its first bytes only: convert_emit copies the rest, blank
         * lines after it included */
        tbuf_add(&to->out, raw, len);
        return;
    }
    while (len > 0 && is_blank(raw[len - 1]))
        len--;
    if (len > 0) {
        tbuf_add(&to->out, raw, len);
        tbuf_adds(&to->out, "\n\n");
    }
}

/* -k: the opening of the game's start and main line under its source
 * GameType (before -m rewrites its FEN tag). A game whose start cannot be
 * set up keeps its tags (pdn-validate reports the FEN): -1. */
static int
opening_of(conv *c, pdn_opening *op)
{
    pdn_error err;

    pdn_error_clear(&err);
    if (pdn_opening_game(c->g, &c->src, op, &err) == 0)
        return 0;
    if (err.code == PDN_ENOMEM)
        c->to->fatal = 1;
    return -1;
}

/* Sets the tags of --opening once the output GameType is known (the
 * code's moves are mapped to it): Opening, OpeningCode and, for an ACF
 * three-move ballot, Ballot (its number). */
static void
opening_tags(conv *c, const pdn_opening *op)
{
    char code[PDN_OPENING_CODE_MAX], txt[PDN_PATH_MAX * 4];
    const char *p;
    pdn_movetext mt;
    size_t len = 0, n;

    code[0] = '\0';
    for (p = op->code; *p; p += n + (p[n] == ' ')) {
        n = strcspn(p, " ");
        snprintf(txt, sizeof txt, "%.*s", (int)n, p);
        if (pdn_movetext_parse(p, n, &mt) == 0 &&
            gf_map_move(&c->src, &c->dst, &mt, &mt) == 0)
            pdn_movetext_format(&mt, txt, sizeof txt);
        len += (size_t)snprintf(code + len, sizeof code - len, "%s%s",
                                len ? " " : "", txt);
        if (len >= sizeof code)
            break;
    }
    snprintf(txt, sizeof txt, "%u", op->ballot);
    if ((op->name && pdn_game_set_tag(c->g, "Opening", op->name) != 0) ||
        (code[0] && pdn_game_set_tag(c->g, "OpeningCode", code) != 0) ||
        (op->ballot && pdn_game_set_tag(c->g, "Ballot", txt) != 0))
        c->to->fatal = 1;
}

/* The output GameType (-m, -N). A game converted to a notation says which
 * in its GameType tag, which it gets when it had none (-g or inference
 * typed it); the FEN tag follows. */
static void
target_type(conv *c)
{
    const conv_opts *co = c->co;
    char gts[64];
    int change;

    c->dst = c->src;
    if (co->notation == 'A')
        c->dst.notation = 'A';
    else if (co->notation == 'N' || co->corner >= 0)
        c->dst.notation = 'N';
    if (c->dst.notation == 'N' && co->corner >= 0)
        c->dst.corner = co->corner;
    change = c->dst.notation != c->src.notation ||
             c->dst.corner != c->src.corner;
    if (change || ((co->notation || co->corner >= 0) &&
                   pdn_game_tag(c->g, "GameType") == NULL)) {
        pdn_gametype_format(&c->dst, gts, sizeof gts);
        if (pdn_game_set_tag(c->g, "GameType", gts) != 0)
            c->to->fatal = 1;
    }
    if (change)
        map_fen(c);
}

/* Is name one of -T's comma-separated list ("roster": the seven standard
 * tags)? GameType and FEN, which say what the moves mean, always are. */
static int
kept_tag(const char *list, const char *name)
{
    static const char roster[] = "Event,Site,Date,Round,White,Black,Result";
    size_t n = strlen(name);
    const char *p;

    if (strcmp(name, "GameType") == 0 || strcmp(name, "FEN") == 0)
        return 1;
    for (p = list; *p != '\0'; p += strcspn(p, ","), p += *p == ',') {
        size_t len = strcspn(p, ",");

        if ((len == n && strncmp(p, name, n) == 0) ||
            (len == 6 && strncmp(p, "roster", 6) == 0 &&
             kept_tag(roster, name)))
            return 1;
    }
    return 0;
}

/* -T: every tag outside the list is removed. */
static void
strip_tags(conv *c)
{
    size_t i = 0;
    char name[256];

    while (i < pdn_game_tag_count(c->g)) {
        snprintf(name, sizeof name, "%s", pdn_game_tag_name_at(c->g, i));
        if (kept_tag(c->co->tags, name) ||
            pdn_game_remove_tag(c->g, name) == 0)
            i++;
    }
}

/* --no-comments, --no-nags, --no-variations, --ply-limit on the line
 * from n, its ply ply: through the editing API, everything else kept.
 * A line is cut at its first node past the limit (its variations go with
 * it): 1 then, else 0. The variations of the nodes kept are edited in
 * turn. */
static int
strip_line(conv *c, pdn_node *n, unsigned long ply)
{
    const conv_opts *co = c->co;
    size_t i;
    int w;

    for (; n != NULL; n = pdn_node_next_mut(n), ply++) {
        if (co->ply_limit >= 0 && ply > (unsigned long)co->ply_limit) {
            if (pdn_game_cut(c->g, n) != 0)
                c->to->fatal = 1;
            return 1;
        }
        for (w = PDN_BEFORE; co->no_comments && w <= PDN_AFTER; w++)
            while (pdn_node_comment_count(n, w) > 0)
                if (pdn_node_remove_comment(n, w, 0) != 0) {
                    c->to->fatal = 1;
                    return 0;
                }
        if (co->no_nags) {
            while (pdn_node_nag_count(n) > 0)
                if (pdn_node_remove_nag(n, 0) != 0) {
                    c->to->fatal = 1;
                    return 0;
                }
            if (pdn_node_strength(n) != NULL &&
                pdn_node_set_strength(n, NULL) != 0)
                c->to->fatal = 1;
        }
        while (co->no_variations && pdn_node_variation_count(n) > 0)
            if (pdn_node_remove_variation(n, 0) != 0) {
                c->to->fatal = 1;
                return 0;
            }
        for (i = 0; i < pdn_node_variation_count(n); i++)
            (void)strip_line(c, pdn_node_variation_at_mut(n, i), ply);
    }
    return 0;
}

/* The strip options on the whole game. Its game comments (after the last
 * move of the main line) go with --no-comments, and with the moves they
 * follow when --ply-limit cuts the main line. */
static void
strip_game(conv *c)
{
    const conv_opts *co = c->co;
    int cut = strip_line(c, pdn_game_first_mut(c->g), 1);

    while ((co->no_comments || cut) && pdn_game_comment_count(c->g) > 0)
        if (pdn_game_remove_comment(c->g, 0) != 0) {
            c->to->fatal = 1;
            return;
        }
}

/* The writer's string becomes the output buffer when it is empty: no
 * second copy. */
static void
write_game(const tool_opts *o, const char *file, const pdn_game *g,
           tool_out *to)
{
    const conv_opts *co = o->self;
    pdn_error err;
    size_t len;
    char *text;

    pdn_error_clear(&err);
    text = pdn_game_to_string(g, co->flags, &len, &err);
    if (text != NULL && co->no_numbers) {
        tbuf f = {NULL, 0, 0};

        gf_drop_numbers(&f, text, len);
        free(text);
        text = f.data;
        len = f.len;
    }
    if (text != NULL && co->width > 0) {
        tbuf f = {NULL, 0, 0};

        gf_fold(&f, text, len, (size_t)co->width);
        free(text);
        text = f.data;
        len = f.len;
    }
    if (text == NULL) {
        tool_diag_err(o, to, file, &err, NULL);
        to->fatal = 1;
    } else if (to->out.len == 0) {
        free(to->out.data);
        to->out.data = text;
        to->out.len = len;
        to->out.cap = len + 1;
    } else {
        tbuf_add(&to->out, text, len);
        free(text);
    }
}

/* After a game's text is written: the bytes of a game over the reader's
 * size limit that it did not keep, read again from the input (a game left
 * out, status -1, has none written). */
static int
convert_emit(const tool_opts *o, const char *file, const pdn_game *g,
             int status)
{
    const conv_opts *co = o->self;

    if (g == NULL || co->json || status < 0 || !tool_game_oversize(g, NULL))
        return 0;
    if (tool_copy_rest(o->out, file, g) < 0)
        return -1;
    return tool_end_line(o->out);
}

static void
convert_game(const tool_opts *o, const char *file, pdn_game *g,
             const pdn_error *rerr, tool_out *to)
{
    const conv_opts *co = o->self;
    conv c = {o, co, file, g, to, {0}, {0}, NULL, NULL};
    int notation = co->notation || co->corner >= 0, have_opening = 0;
    pdn_board *b = NULL;
    pdn_opening op;
    tbuf js = {NULL, 0, 0};

    if (g == NULL && rerr->code == PDN_OK)
        return;
    if (g == NULL || rerr->code != PDN_OK ||
        tool_gametype(o, file, g, &c.src, to) != 0) {
        copy_unread(o, file, g, rerr, to);
        return;
    }
    tool_number_first_move(o, file, g, &c.src, to);
    if (co->opening && opening_of(&c, &op) == 0)
        have_opening = 1;
    target_type(&c);
    if (have_opening)
        opening_tags(&c, &op);
    if (co->tags != NULL)
        strip_tags(&c);
    if (co->no_comments || co->no_nags || co->no_variations ||
        co->ply_limit >= 0)
        strip_game(&c);
    /* the record is built apart: findings go to the output meanwhile */
    if (co->json) {
        c.js = &js;
        gf_json_game_open(c.js, file, g);
    }
    /* Replayed for -c and JSON (paths, captures), and for -m and -N so
     * that short moves ('ed4') can be written in full. */
    if (co->json || co->capture != C_KEEP || notation) {
        b = tool_board_reuse(o, file, g, &c.src, to);
        c.l = tool_movelist(to);
        line(&c, c.l ? b : NULL, pdn_game_first_mut(g), 1);
    }
    tool_release(to, b, c.l);
    if (co->json) {
        gf_json_game_close(&js, g);
        tbuf_add(&to->out, js.data, js.len);
        tbuf_free(&js);
    } else
        write_game(o, file, g, to);
}

int
main(int argc, char **argv)
{
    static const char *const nots[] = {"num", "alg", NULL};
    static const char *const caps[] = {"keep", "short", "full", NULL};
    static const char *const styles[] = {"keep", "pdn3", "compat", NULL};
    static const char *const fmts[] = {"pdn", "json", NULL};
    static const unsigned style_flags[] = {
        PDN_WRITE_KEEP_TAGS | PDN_WRITE_KEEP_RESULT, PDN_WRITE_PDN3,
        PDN_WRITE_COMPAT};
    conv_opts co = {0, -1, C_KEEP, 0, 0, 0, NULL, 0, 0, 0, -1, 0, 0};
    tool_opts o;
    int c, v, st;

    co.flags = style_flags[0];
    tool_opts_init(&o);
    o.game = convert_game;
    o.emit = convert_emit;
    o.self = &co;
    while ((c = tool_getopt(&convert_cmdline, &o, argc, argv, &st)) != -1) {
        v = 0;
        if (c == 'm' && (v = tool_choice(c, optarg, nots)) >= 0)
            co.notation = v == 0 ? 'N' : 'A';
        else if (c == 'c' && (v = tool_choice(c, optarg, caps)) >= 0)
            co.capture = v;
        else if (c == 's' && (v = tool_choice(c, optarg, styles)) >= 0)
            co.flags = style_flags[v];
        else if (c == 'f' && (v = tool_choice(c, optarg, fmts)) >= 0)
            co.json = o.json = v;
        else if (c == OPT_TAGS)
            co.tags = optarg;
        else if (c == OPT_OPENING)
            co.opening = 1;
        else if (c == OPT_NO_COMMENTS)
            co.no_comments = 1;
        else if (c == OPT_NO_NAGS)
            co.no_nags = 1;
        else if (c == OPT_NO_VARIATIONS)
            co.no_variations = 1;
        else if (c == OPT_NO_NUMBERS)
            co.no_numbers = 1;
        else if (c == OPT_WIDTH &&
                 tool_number_option(c, optarg, 20, 1000, NULL, &co.width) != 0)
            return TOOL_TROUBLE;
        else if (c == OPT_PLY_LIMIT &&
                 tool_number_option(c, optarg, 0, 1000000000L, NULL,
                                    &co.ply_limit) != 0)
            return TOOL_TROUBLE;
        else if (c == 'N') {
            if ((optarg[0] != 'N' && optarg[0] != 'n') ||
                optarg[1] < '0' || optarg[1] > '3' || optarg[2] != '\0')
                return tool_usage_error("-N: invalid value '%s'; valid "
                                        "values: N0, N1, N2, N3", optarg);
            co.corner = optarg[1] - '0';
        }
        if (v < 0)
            return TOOL_TROUBLE;
    }
    if ((co.width > 0 || co.no_numbers) && co.json)
        return tool_usage_error("--width and --no-move-numbers shape PDN "
                                "text: not with -f json");
    if (co.corner >= 0 && co.notation == 'A')
        return tool_usage_error("-N sets the corner of numeric notation: "
                                "not with -m alg");
    /* An untagged game's variant matters only when the moves are
     * replayed (-m, -N, -c, -f json) or named (--opening). */
    o.no_infer = !co.json && co.capture == C_KEEP && !co.notation &&
                 co.corner < 0 && !co.opening;
    o.diag_stdout = co.json; /* with the records, never into PDN */
    o.copies = !co.json;
    if (st >= 0)
        return st;
    return tool_run(&o, argc - optind, argv + optind);
}
