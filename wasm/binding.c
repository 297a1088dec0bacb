/* SPDX-License-Identifier: MIT */
/* The C side of libpdn's WebAssembly build (wasm/pdn.js): a few entry
 * points over the public API that take and give UTF-8 strings, most of
 * them JSON text, which wasm/binding.js wraps in JavaScript objects. A
 * string returned lives in one buffer, valid until the next call. Boards
 * and games are handles (their addresses); nodes of a game are the
 * addresses of its nodes, which an edit never moves (pdn/edit.h). */
#include <pdn/pdn.h>

#include <emscripten.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define API EMSCRIPTEN_KEEPALIVE

/* the one result buffer */
static char *out;
static size_t out_len, out_cap;

static void
put(const char *s, size_t n)
{
    if (out_len + n + 1 > out_cap) {
        size_t cap = out_cap ? out_cap : 4096;
        char *p;

        while (out_len + n + 1 > cap)
            cap *= 2;
        p = realloc(out, cap);
        if (p == NULL)
            return; /* the text is cut short; JSON.parse will say so */
        out = p;
        out_cap = cap;
    }
    memcpy(out + out_len, s, n);
    out_len += n;
    out[out_len] = '\0';
}

static void
puts_(const char *s)
{
    put(s, strlen(s));
}

static void
putf(const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        put(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void
begin(void)
{
    out_len = 0;
    put("", 0);
}

/* s as a JSON string literal (null for NULL) */
static void
putj(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;

    if (s == NULL) {
        puts_("null");
        return;
    }
    put("\"", 1);
    for (; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char e[2] = {'\\', (char)*p};
            put(e, 2);
        } else if (*p < 0x20) {
            putf("\\u%04x", *p);
        } else {
            put((const char *)p, 1);
        }
    }
    put("\"", 1);
}

static const char *
error_json(const pdn_error *err)
{
    begin();
    puts_("{\"error\":");
    putj(err->text[0] ? err->text : pdn_code_name(err->code));
    puts_("}");
    return out;
}

/* a GameType: a number, a full GameType value or a variant's name */
static int
gametype(const char *s, pdn_gametype *gt, pdn_error *err)
{
    if (s == NULL || *s == '\0')
        s = "20";
    if (pdn_gametype_parse(s, gt, err) >= 0)
        return 0;
    if (pdn_gametype_by_name(s, gt) == 0)
        return 0;
    return -1;
}

/* a board of GameType gts in position fen (NULL or "": the initial
 * position) */
static pdn_board *
board_of(const char *gts, const char *fen, pdn_error *err)
{
    pdn_gametype gt;
    pdn_board *b;

    pdn_error_clear(err);
    if (gametype(gts, &gt, err) != 0)
        return NULL;
    b = pdn_board_new(&gt, err);
    if (b == NULL)
        return NULL;
    if (fen != NULL && *fen != '\0' &&
        pdn_board_set_fen_string(b, fen, err) < 0) {
        pdn_board_free(b);
        return NULL;
    }
    return b;
}

static void
put_square(const pdn_board *b, int coord)
{
    char name[16];
    int n = pdn_coord_to_square(pdn_board_gametype(b), coord);

    pdn_coord_name(pdn_board_gametype(b), coord, name, sizeof name);
    putf("[%d,%d,%d,", PDN_COORD_FILE(coord), PDN_COORD_RANK(coord), n);
    putj(name);
    put("]", 1);
}

/* a legal move m of b (l: b's legal moves) as JSON: its short and full
 * text, its path and captured squares as [file, rank, number, name] */
static void
put_move(const pdn_board *b, const pdn_movelist *l, const pdn_move *m)
{
    char text[PDN_PATH_MAX * 5 + 8];
    int i;

    pdn_move_format(b, l, m, PDN_MOVE_SHORT, text, sizeof text);
    puts_("{\"move\":");
    putj(text);
    pdn_move_format(b, l, m, PDN_MOVE_FULL, text, sizeof text);
    puts_(",\"full\":");
    putj(text);
    puts_(",\"path\":[");
    for (i = 0; i < m->n; i++) {
        if (i)
            put(",", 1);
        put_square(b, m->path[i]);
    }
    puts_("],\"captured\":[");
    for (i = 0; i < m->ncaptured; i++) {
        if (i)
            put(",", 1);
        put_square(b, m->captured[i]);
    }
    putf("],\"promotes\":%s}", m->promotes ? "true" : "false");
}

static int
put_moves(const pdn_board *b, pdn_error *err)
{
    pdn_movelist *l = pdn_movelist_new();
    size_t i;

    if (l == NULL || pdn_board_moves(b, l, err) != 0) {
        pdn_movelist_free(l);
        return -1;
    }
    put("[", 1);
    for (i = 0; i < pdn_movelist_count(l); i++) {
        if (i)
            put(",", 1);
        put_move(b, l, pdn_movelist_at(l, i));
    }
    put("]", 1);
    pdn_movelist_free(l);
    return 0;
}

static void
put_fen(const pdn_board *b)
{
    char fen[PDN_FEN_STRING_MAX];

    pdn_board_fen_string(b, fen, sizeof fen);
    putj(fen);
}

/* ---- stateless calls ---- */

/* Leaf nodes at depth from fen (merged captures, as pdn-perft counts
 * them); -1 on an error. */
API double
pw_perft(const char *gts, const char *fen, int depth)
{
    pdn_error err;
    pdn_board *b = board_of(gts, fen, &err);
    uint64_t nodes = 0;
    int rc;

    if (b == NULL)
        return -1;
    rc = pdn_perft(b, depth, 1, &nodes, &err);
    pdn_board_free(b);
    return rc == 0 ? (double)nodes : -1;
}

/* The legal moves of fen: JSON array of moves, or {"error": text}. */
API const char *
pw_moves(const char *gts, const char *fen)
{
    pdn_error err;
    pdn_board *b = board_of(gts, fen, &err);

    if (b == NULL)
        return error_json(&err);
    begin();
    if (put_moves(b, &err) != 0) {
        pdn_board_free(b);
        return error_json(&err);
    }
    pdn_board_free(b);
    return out;
}

/* Whether fen is a legal position of the GameType (the board editor):
 * {"fen": the position as libpdn writes it} or {"error": why not}. */
API const char *
pw_check(const char *gts, const char *fen)
{
    pdn_error err;
    pdn_board *b = board_of(gts, fen, &err);

    if (b == NULL)
        return error_json(&err);
    begin();
    puts_("{\"fen\":");
    put_fen(b);
    puts_("}");
    pdn_board_free(b);
    return out;
}

/* What a GameType is: {"type", "name", "width", "height", "notation",
 * "start", "fen" (initial position), "squares" [[file, rank], ...]
 * square 1 first, "sep" capture separator, "value" as written}. */
API const char *
pw_gametype(const char *gts)
{
    pdn_error err;
    pdn_board *b = board_of(gts, NULL, &err);
    const pdn_gametype *gt;
    char v[128];
    int s, c;

    if (b == NULL)
        return error_json(&err);
    gt = pdn_board_gametype(b);
    pdn_gametype_format(gt, v, sizeof v);
    begin();
    putf("{\"type\":%d,\"width\":%d,\"height\":%d,\"notation\":\"%c\","
         "\"start\":\"%c\",\"sep\":\"%c\",\"stacks\":%s,\"name\":",
         gt->type, gt->width, gt->height, gt->notation, gt->start,
         pdn_gametype_capture_sep(gt),
         gt->folk == PDN_FOLK_TOWERS || gt->folk == PDN_FOLK_LASKA ? "true"
                                                                   : "false");
    putj(pdn_gametype_name(gt));
    puts_(",\"value\":");
    putj(v);
    puts_(",\"fen\":");
    put_fen(b);
    puts_(",\"squares\":[");
    for (s = 1; (c = pdn_square_to_coord(gt, s)) >= 0; s++)
        putf("%s[%d,%d]", s > 1 ? "," : "", PDN_COORD_FILE(c),
             PDN_COORD_RANK(c));
    puts_("]}");
    pdn_board_free(b);
    return out;
}

/* ---- boards with a history ---- */

typedef struct pw_board {
    pdn_board *b;
    pdn_movelist *scratch;
} pw_board;

API pw_board *
pw_board_new(const char *gts, const char *fen)
{
    pdn_error err;
    pw_board *w = calloc(1, sizeof *w);

    if (w == NULL)
        return NULL;
    w->b = board_of(gts, fen, &err);
    w->scratch = pdn_movelist_new();
    if (w->b == NULL || w->scratch == NULL) {
        pdn_board_free(w->b);
        pdn_movelist_free(w->scratch);
        free(w);
        return NULL;
    }
    return w;
}

/* why the last pw_board_new failed */
API const char *
pw_board_error(const char *gts, const char *fen)
{
    pdn_error err;
    pdn_board *b = board_of(gts, fen, &err);

    if (b != NULL) {
        pdn_board_free(b);
        begin();
        return out;
    }
    begin();
    puts_(err.text[0] ? err.text : pdn_code_name(err.code));
    return out;
}

API void
pw_board_free(pw_board *w)
{
    if (w == NULL)
        return;
    pdn_board_free(w->b);
    pdn_movelist_free(w->scratch);
    free(w);
}

API const char *
pw_board_fen(pw_board *w)
{
    char fen[PDN_FEN_STRING_MAX];

    pdn_board_fen_string(w->b, fen, sizeof fen);
    begin();
    puts_(fen);
    return out;
}

API const char *
pw_board_moves(pw_board *w)
{
    pdn_error err;

    begin();
    if (put_moves(w->b, &err) != 0)
        return error_json(&err);
    return out;
}

/* Plays a written move ("32-28", "x", a full path): {"move": the legal
 * move, "fen": after it} or {"error": why not, "count": candidates}. */
API const char *
pw_board_play(pw_board *w, const char *text)
{
    pdn_movetext mt;
    pdn_match m;
    pdn_error err;
    pdn_board *before;
    pdn_movelist *l;

    if (pdn_movetext_parse(text, strlen(text), &mt) != 0) {
        begin();
        puts_("{\"error\":\"not a move\"}");
        return out;
    }
    before = pdn_board_clone(w->b, &err);
    if (before == NULL)
        return error_json(&err);
    if (pdn_board_push_play(w->b, &mt, &m, w->scratch, &err) < 0) {
        pdn_board_free(before);
        return error_json(&err);
    }
    begin();
    if (m.status != PDN_MATCH_LEGAL) {
        puts_("{\"error\":");
        putj(m.status == PDN_MATCH_AMBIGUOUS ? "ambiguous move"
                                             : pdn_reason_text(m.reason));
        putf(",\"count\":%lu}", (unsigned long)m.count);
        pdn_board_free(before);
        return out;
    }
    l = pdn_movelist_new();
    if (l != NULL && pdn_board_moves(before, l, &err) == 0) {
        puts_("{\"move\":");
        put_move(before, l, &m.move);
    } else {
        puts_("{\"move\":null");
    }
    pdn_movelist_free(l);
    pdn_board_free(before);
    puts_(",\"fen\":");
    put_fen(w->b);
    puts_("}");
    return out;
}

/* Takes the last move back: 0, or -1 when there is none. */
API int
pw_board_undo(pw_board *w)
{
    return pdn_board_pop(w->b, NULL);
}

/* The state of the game: {"over", "outcome" ("first", "second", "draw",
 * null), "end", "drawRule", "canClaim", "text", "moves", "ply", "turn"}. */
API const char *
pw_board_status(pw_board *w)
{
    pdn_status st;
    pdn_error err;
    const char *oc = NULL;

    if (pdn_board_status(w->b, &st, &err) != 0)
        return error_json(&err);
    if (st.outcome == PDN_OUTCOME_FIRST)
        oc = "first";
    else if (st.outcome == PDN_OUTCOME_SECOND)
        oc = "second";
    else if (st.outcome == PDN_OUTCOME_DRAW)
        oc = "draw";
    begin();
    putf("{\"over\":%s,\"outcome\":", st.over ? "true" : "false");
    putj(oc);
    puts_(",\"end\":");
    putj(pdn_end_name(st.end));
    puts_(",\"drawRule\":");
    putj(pdn_draw_rule_name(st.draw_rule));
    putf(",\"canClaim\":%s,\"moves\":%lu,\"ply\":%lu,\"turn\":\"%c\","
         "\"text\":",
         st.can_claim ? "true" : "false", (unsigned long)st.moves, st.ply,
         pdn_board_turn(w->b));
    putj(st.text);
    puts_("}");
    return out;
}

/* ---- games ---- */

typedef struct pw_game {
    pdn_game *g;
    pdn_gametype gt;
} pw_game;

static pw_game *
wrap(pdn_game *g, pdn_error *err)
{
    pw_game *w = calloc(1, sizeof *w);

    if (w == NULL) {
        pdn_game_free(g);
        return NULL;
    }
    w->g = g;
    if (pdn_game_gametype(g, NULL, &w->gt, err) < 0) {
        pdn_game_free(g);
        free(w);
        return NULL;
    }
    return w;
}

static char last_error[PDN_ERROR_TEXT_SIZE];

/* The first game of a PDN text, or NULL (pw_game_error says why). */
API pw_game *
pw_game_parse(const char *text)
{
    pdn_error err;
    pdn_game *g = pdn_parse_string(text, strlen(text), &err);

    last_error[0] = '\0';
    if (g == NULL) {
        snprintf(last_error, sizeof last_error, "%s", err.text);
        return NULL;
    }
    return wrap(g, &err);
}

/* A game with no moves of a GameType, from fen (NULL or "": the initial
 * position): the GameType tag, and FEN and SetUp when set up. */
API pw_game *
pw_game_new(const char *gts, const char *fen)
{
    pdn_error err;
    pdn_board *b = board_of(gts, fen, &err);
    pdn_game *g;
    pw_game *w;

    last_error[0] = '\0';
    if (b == NULL) {
        snprintf(last_error, sizeof last_error, "%s", err.text);
        return NULL;
    }
    g = pdn_game_new();
    if (g == NULL) {
        pdn_board_free(b);
        return NULL;
    }
    pdn_game_set_tag(g, "Event", "?");
    pdn_game_set_tag(g, "Site", "?");
    pdn_game_set_tag(g, "Date", "????.??.??");
    pdn_game_set_tag(g, "Round", "?");
    pdn_game_set_tag(g, "White", "?");
    pdn_game_set_tag(g, "Black", "?");
    pdn_game_set_tag(g, "Result", "*");
    pdn_game_set_gametype(g, pdn_board_gametype(b));
    if (fen != NULL && *fen != '\0') {
        char f[PDN_FEN_STRING_MAX];

        pdn_board_fen_string(b, f, sizeof f);
        pdn_game_set_tag(g, "SetUp", "1");
        pdn_game_set_tag(g, "FEN", f);
    }
    pdn_board_free(b);
    w = wrap(g, &err);
    return w;
}

API const char *
pw_game_error(void)
{
    return last_error;
}

API void
pw_game_free(pw_game *w)
{
    if (w == NULL)
        return;
    pdn_game_free(w->g);
    free(w);
}

static void
put_comments(const pdn_node *n, int where, const char *key)
{
    size_t i, c = pdn_node_comment_count(n, where);

    if (c == 0)
        return;
    putf(",\"%s\":[", key);
    for (i = 0; i < c; i++) {
        if (i)
            put(",", 1);
        putj(pdn_node_comment_at(n, where, i));
    }
    put("]", 1);
}

/* The line from n on, played from b (changed): its nodes as JSON. A move
 * that is not legal ends what is played ("bad": its reason); the nodes
 * after it are listed unplayed. */
static void
put_line(pdn_node *n, pdn_board *b, pdn_movelist *scratch, int bad)
{
    int first = 1;

    put("[", 1);
    for (; n != NULL; n = pdn_node_next_mut(n), first = 0) {
        pdn_board *before = NULL;
        pdn_error err;
        size_t i;

        if (!first)
            put(",", 1);
        putf("{\"id\":%lu,\"text\":", (unsigned long)(uintptr_t)n);
        putj(pdn_node_text(n));
        if (pdn_node_strength(n) != NULL) {
            puts_(",\"strength\":");
            putj(pdn_node_strength(n));
        }
        if (pdn_node_nag_count(n) > 0) {
            puts_(",\"nags\":[");
            for (i = 0; i < pdn_node_nag_count(n); i++)
                putf("%s%d", i ? "," : "", pdn_node_nag_at(n, i));
            put("]", 1);
        }
        put_comments(n, PDN_BEFORE, "before");
        put_comments(n, PDN_AFTER, "after");
        if (pdn_node_setup(n) != NULL) {
            puts_(",\"setup\":");
            putj(pdn_node_setup(n));
        }
        if (!bad && pdn_node_apply_setup(n, b, &err) != 0) {
            puts_(",\"bad\":");
            putj(err.text);
            bad = 1;
        }
        /* the position before the move, where its variations start */
        if (!bad && pdn_node_variation_count(n) > 0 &&
            (before = pdn_board_clone(b, &err)) == NULL)
            bad = 1;
        if (!bad) {
            pdn_match m;
            const pdn_movetext *mt = pdn_node_move(n);
            int rc = mt == NULL ? -1 : pdn_board_moves(b, scratch, &err);

            if (rc == 0)
                rc = pdn_board_match(b, scratch, mt, &m);
            if (rc != PDN_MATCH_LEGAL) {
                puts_(",\"bad\":");
                putj(mt == NULL ? "not a move"
                     : rc == PDN_MATCH_AMBIGUOUS ? "ambiguous move"
                     : rc == PDN_MATCH_ILLEGAL ? pdn_reason_text(m.reason)
                                               : err.text);
                bad = 1;
            } else {
                puts_(",\"played\":");
                put_move(b, scratch, &m.move);
                pdn_board_apply(b, &m.move);
                puts_(",\"fen\":");
                put_fen(b);
            }
        }
        if (pdn_node_variation_count(n) > 0) {
            puts_(",\"vars\":[");
            for (i = 0; i < pdn_node_variation_count(n); i++) {
                pdn_board *vb = before != NULL ? pdn_board_clone(before, &err)
                                               : NULL;

                if (i)
                    put(",", 1);
                put_line(pdn_node_variation_at_mut(n, i), vb, scratch,
                         vb == NULL);
                pdn_board_free(vb);
            }
            put("]", 1);
        }
        pdn_board_free(before);
        put("}", 1);
    }
    put("]", 1);
}

/* The game as JSON: {"gametype" (value), "tags" [[name, value], ...],
 * "start" (FEN of the start position), "result", "comments" (the game's,
 * after the last move), "line" [node, ...]}; a node is {"id", "text" (as
 * written), "strength", "nags", "before", "after" (comments), "setup",
 * "played" (the legal move it denotes, as pw_moves gives it), "fen"
 * (after it), "bad" (why it could not be played: the moves after it in
 * its line are not played either), "vars" [line, ...] (alternatives to
 * it, from the position before it)}. */
API const char *
pw_game_json(pw_game *w)
{
    pdn_error err;
    pdn_board *b = pdn_board_new(&w->gt, &err);
    pdn_movelist *scratch = pdn_movelist_new();
    char v[128];
    size_t i;
    int bad = 0;

    if (b == NULL || scratch == NULL) {
        pdn_board_free(b);
        pdn_movelist_free(scratch);
        return error_json(&err);
    }
    begin();
    pdn_gametype_format(&w->gt, v, sizeof v);
    puts_("{\"gametype\":");
    putj(v);
    puts_(",\"tags\":[");
    for (i = 0; i < pdn_game_tag_count(w->g); i++) {
        putf("%s[", i ? "," : "");
        putj(pdn_game_tag_name_at(w->g, i));
        put(",", 1);
        putj(pdn_game_tag_value_at(w->g, i));
        put("]", 1);
    }
    puts_("],\"result\":");
    putj(pdn_game_result(w->g));
    if (pdn_game_start(w->g, b, &err) < 0) {
        puts_(",\"bad\":");
        putj(err.text);
        bad = 1;
    }
    puts_(",\"start\":");
    put_fen(b);
    puts_(",\"comments\":[");
    for (i = 0; i < pdn_game_comment_count(w->g); i++) {
        if (i)
            put(",", 1);
        putj(pdn_game_comment_at(w->g, i));
    }
    puts_("],\"line\":");
    put_line(pdn_game_first_mut(w->g), b, scratch, bad);
    puts_("}");
    pdn_board_free(b);
    pdn_movelist_free(scratch);
    return out;
}

/* The game as PDN text (PDN 3.0, as pdn-convert writes it). */
API const char *
pw_game_pdn(pw_game *w)
{
    pdn_error err;
    size_t len;
    char *s = pdn_game_to_string(w->g, PDN_WRITE_PDN3, &len, &err);

    if (s == NULL)
        return error_json(&err);
    begin();
    put(s, len);
    free(s);
    return out;
}

/* Adds move text after node (0: at the start of the game): as the next
 * move of node's line when it ends there, else as a new variation of the
 * move that follows node. Returns the new node, or 0. */
API unsigned long
pw_game_add(pw_game *w, unsigned long node, const char *text)
{
    pdn_node *n = (pdn_node *)(uintptr_t)node, *next, *r;
    pdn_error err;

    next = n != NULL ? pdn_node_next_mut(n) : pdn_game_first_mut(w->g);
    if (next != NULL)
        r = pdn_node_add_variation(next, text, &err);
    else if (n != NULL)
        r = pdn_node_insert_after(n, text, &err);
    else
        r = pdn_game_append_move(w->g, text, &err);
    return (unsigned long)(uintptr_t)r;
}

/* Removes node and the moves after it in its line (the whole variation
 * when node starts one). 0 or -1. */
API int
pw_game_cut(pw_game *w, unsigned long node)
{
    return pdn_game_cut(w->g, (pdn_node *)(uintptr_t)node);
}

/* Makes variation i of node the line node is on. Returns the promoted
 * line's first node, or 0. */
API unsigned long
pw_game_promote(pw_game *w, unsigned long node, int i)
{
    (void)w;
    return (unsigned long)(uintptr_t)pdn_node_promote_variation(
        (pdn_node *)(uintptr_t)node, (size_t)i);
}

/* Sets the comment after node (0: the game's comment after the last
 * move), replacing those it had; "" removes them. 0 or -1. */
API int
pw_game_comment(pw_game *w, unsigned long node, const char *text)
{
    pdn_node *n = (pdn_node *)(uintptr_t)node;

    if (n == NULL) {
        while (pdn_game_comment_count(w->g) > 0)
            pdn_game_remove_comment(w->g, 0);
        return *text ? pdn_game_add_comment(w->g, text) : 0;
    }
    while (pdn_node_comment_count(n, PDN_AFTER) > 0)
        pdn_node_remove_comment(n, PDN_AFTER, 0);
    return *text ? pdn_node_add_comment(n, PDN_AFTER, text) : 0;
}

/* Sets node's NAG (its only one; 0 removes them) and drops a strength
 * mark, which would say the same twice. 0 or -1. */
API int
pw_game_nag(pw_game *w, unsigned long node, int nag)
{
    pdn_node *n = (pdn_node *)(uintptr_t)node;

    (void)w;
    if (n == NULL)
        return -1;
    while (pdn_node_nag_count(n) > 0)
        pdn_node_remove_nag(n, 0);
    pdn_node_set_strength(n, NULL);
    return nag > 0 ? pdn_node_add_nag(n, nag) : 0;
}

/* Sets a tag (the players, the result...); "" removes it. 0 or -1. */
API int
pw_game_tag(pw_game *w, const char *name, const char *value)
{
    if (strcmp(name, "Result") == 0 && *value &&
        pdn_game_set_result(w->g, value) != 0)
        return -1;
    if (*value == '\0') {
        pdn_game_remove_tag(w->g, name);
        return 0;
    }
    return pdn_game_set_tag(w->g, name, value);
}
