/* SPDX-License-Identifier: MIT */
/* SVG diagrams of pdn-replay to their destination, and the sheets of -t:
 * a title (players, event), then the game's diagrams in rows, each
 * numbered in its caption ("3. after 2. 28x19"). */
#include <config.h>
#include "pictures.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Sheets are at most about this wide. */
#define SHEET_WIDTH 1400

const char *const pic_page_names[] = {"a4", "letter", NULL};

/* --page: the page's width and height in tenths of a millimetre (the
 * units of its viewBox), its width and height as SVG lengths, and its
 * margin. */
static const struct {
    int w, h;
    const char *width, *height;
} pages[] = {{2100, 2970, "210mm", "297mm"}, {2159, 2794, "8.5in", "11in"}};
#define PAGE_MARGIN 150

/* The caption of a diagram: players (the first mover's first, as the
 * result is written: Black's in English draughts, first is 'B'), event,
 * and the move that led to it with its number ("12... 15-19"), counted
 * from the start position. */
static void
caption(tbuf *t, const pdn_game *g, unsigned long ply, const char *mv,
        int players, char first)
{
    const char *w = pdn_game_tag(g, first == 'B' ? "Black" : "White");
    const char *bl = pdn_game_tag(g, first == 'B' ? "White" : "Black");
    const char *ev = pdn_game_tag(g, "Event");

    if (w != NULL && strcmp(w, "?") == 0)
        w = NULL;
    if (bl != NULL && strcmp(bl, "?") == 0)
        bl = NULL;
    if (!players)
        w = bl = ev = NULL;
    if (w != NULL || bl != NULL)
        tbuf_printf(t, "%s \xe2\x80\x93 %s, ", w ? w : "?", bl ? bl : "?");
    if (ev != NULL && *ev && strcmp(ev, "?") != 0)
        tbuf_printf(t, "%s, ", ev);
    if (ply == (unsigned long)-1) {
        /* no trailing ", " (and nothing to cut when there is no tag) */
        if (t->len >= 2)
            t->data[t->len -= 2] = '\0';
    } else if (ply == 0)
        tbuf_adds(t, "start");
    else
        tbuf_printf(t, "after %lu%s %s", (ply + 1) / 2,
                    ply % 2 ? "." : "...", mv);
}

int
pic_write_file(const char *path, const char *data, size_t len)
{
    tool_temp t;
    FILE *fp;
    int fd, ok, e;

    /* recorded, so that a signal or exit during the write removes it */
    if ((fd = tool_temp_create(&t, path)) < 0)
        return -1;
    if ((fp = fdopen(fd, "w")) == NULL) {
        e = errno;
        close(fd);
    } else {
        ok = fwrite(data, 1, len, fp) == len;
        e = errno;
        if (fclose(fp) != 0 && ok)
            ok = 0, e = errno;
        if (ok && rename(t.path, path) == 0) {
            tool_temp_forget(&t);
            return 0;
        }
        if (ok)
            e = errno;
    }
    unlink(t.path);
    tool_temp_forget(&t);
    errno = e;
    return -1;
}

const char *
pic_stem(const pic_opts *po, const char *file)
{
    int i;

    for (i = 0; i < po->noperands; i++)
        if (po->operands[i] == file || strcmp(po->operands[i], file) == 0)
            return po->stems[i];
    return NULL;
}

/* Appends data, or with -O writes it to DIR/STEM-gGAME[-pPLY].svg, GAME
 * zero-padded to 5 digits and PLY to 3 (no ply part when ply is -1). */
static void
put(const pic_opts *po, tool_out *to, const char *file, const pdn_game *g,
    unsigned long ply, const tbuf *data)
{
    const char *base = strrchr(file, '/'), *stem;
    tbuf path = {0};
    size_t len;

    if (po->dir == NULL) {
        tbuf_add(&to->out, data->data, data->len);
        return;
    }
    base = base ? base + 1 : file;
    if (strcmp(file, "<stdin>") == 0 || strcmp(file, "-") == 0)
        base = "stdin";
    len = strlen(base);
    if (len > 4 && strcmp(base + len - 4, ".pdn") == 0)
        len -= 4;
    if ((stem = pic_stem(po, file)) != NULL)
        base = stem, len = strlen(base);
    tbuf_printf(&path, "%s/%.*s-g%06lu", po->dir, (int)len, base,
                pdn_game_number(g));
    if (ply != (unsigned long)-1)
        tbuf_printf(&path, "-p%04lu", ply);
    tbuf_adds(&path, ".svg");
    if (pic_write_file(path.data, data->data, data->len) != 0) {
        tbuf_printf(&to->err, "%s: %s: %s\n", tool_name, path.data,
                    strerror(errno));
        to->fatal = 1;
    }
    tbuf_free(&path);
}

void
pic_show(const pic_opts *po, pic_sheet *sh, tool_out *to, const char *file,
         const pdn_game *g, unsigned long ply, const char *mv,
         const pdn_board *b, const pdn_board *before, const pdn_move *last,
         const char *marks)
{
    tbuf cap = {0}, svg = {0};
    int at[2], size[2];

    if (!po->sheet) {
        caption(&cap, g, ply, mv, 1, pdn_board_gametype(b)->start);
        diagram_svg(&svg, b, before, last, marks, cap.data, &po->style,
                    NULL, NULL);
        put(po, to, file, g, ply, &svg);
    } else {
        /* the size of a diagram is known once the first is drawn */
        tbuf_printf(&cap, "%lu. ", sh->n + 1);
        caption(&cap, g, ply, mv, 0, 0);
        sh->first = pdn_board_gametype(b)->start;
        at[0] = sh->n == 0 ? 0 : (int)(sh->n % (unsigned long)sh->cols) * sh->w;
        at[1] = sh->n == 0 ? 0 : (int)(sh->n / (unsigned long)sh->cols) * sh->h;
        if (po->page) {
            /* placed when the sheet ends, once their number is known */
            at[0] = at[1] = 0;
            tbuf_add(&sh->starts, (const char *)&sh->body.len,
                     sizeof sh->body.len);
        }
        diagram_svg(&sh->body, b, before, last, marks, cap.data,
                    &po->style, at, size);
        if (sh->n++ == 0) {
            sh->w = size[0];
            sh->h = size[1];
            sh->cols = SHEET_WIDTH / sh->w > 0 ? SHEET_WIDTH / sh->w : 1;
        }
    }
    tbuf_free(&cap);
    tbuf_free(&svg);
}

/* --page: the n diagrams of sh (each w by h) in the grid that lets them
 * be largest on the page below the title. */
static void
page_sheet(const pic_opts *po, pic_sheet *sh, tbuf *doc, const char *title)
{
    const size_t *start = (const size_t *)(const void *)sh->starts.data;
    int pw = pages[po->page - 1].w, ph = pages[po->page - 1].h;
    int fs = 55, aw = pw - 2 * PAGE_MARGIN;
    int ah = ph - 2 * PAGE_MARGIN - 2 * fs, x0;
    unsigned long c, cols = 1, rows, i, n = sh->n;
    double scale = 0, s;

    for (c = 1; c <= n; c++) {
        rows = (n + c - 1) / c;
        s = (double)aw / ((double)c * sh->w);
        if ((double)ah / ((double)rows * sh->h) < s)
            s = (double)ah / ((double)rows * sh->h);
        if (s > scale)
            scale = s, cols = c;
    }
    x0 = PAGE_MARGIN + (int)((aw - scale * (double)cols * sh->w) / 2);
    tbuf_printf(doc,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" "
                "height=\"%s\" viewBox=\"0 0 %d %d\" "
                "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
                "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                pages[po->page - 1].width, pages[po->page - 1].height, pw,
                ph, pw, ph);
    diagram_line(doc, "title", pw / 2, PAGE_MARGIN + fs, aw * 9 / 10, fs,
                 "font-weight=\"bold\" ", title);
    tbuf_printf(doc, "<g transform=\"translate(%d,%d) scale(%.4f)\">\n", x0,
                PAGE_MARGIN + 2 * fs, scale);
    for (i = 0; i < n; i++) {
        size_t from = start[i], to = i + 1 < n ? start[i + 1] : sh->body.len;

        tbuf_printf(doc, "<g transform=\"translate(%lu,%lu)\">\n",
                    i % cols * (unsigned long)sh->w,
                    i / cols * (unsigned long)sh->h);
        tbuf_add(doc, sh->body.data + from, to - from);
        tbuf_adds(doc, "</g>\n");
    }
    tbuf_adds(doc, "</g>\n</svg>\n");
}

void
pic_sheet_end(const pic_opts *po, pic_sheet *sh, tool_out *to,
              const char *file, const pdn_game *g)
{
    tbuf doc = {0}, title = {0};
    unsigned long cols, rows;
    int top, w, h, fs;

    if (sh->n == 0) {
        tbuf_free(&sh->body);
        tbuf_free(&sh->starts);
        return;
    }
    cols = sh->n < (unsigned long)sh->cols ? sh->n : (unsigned long)sh->cols;
    rows = (sh->n + cols - 1) / cols;
    fs = po->style.cell / 2 > 14 ? po->style.cell / 2 : 14;
    top = fs * 2;
    w = (int)cols * sh->w;
    h = top + (int)rows * sh->h;
    caption(&title, g, (unsigned long)-1, "", 1, sh->first);
    if (po->page) {
        page_sheet(po, sh, &doc, title.len ? title.data : "Diagrams");
        goto done;
    }
    tbuf_printf(&doc,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                "height=\"%d\" viewBox=\"0 0 %d %d\" "
                "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
                "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                w, h, w, h, w, h);
    /* bold letters are wider: the title fits nine tenths of the sheet */
    diagram_line(&doc, "title", w / 2, fs * 3 / 2, w * 9 / 10 - 8, fs,
                 "font-weight=\"bold\" ",
                 title.len ? title.data : "Diagrams");
    tbuf_printf(&doc, "<g transform=\"translate(0,%d)\">\n", top);
    tbuf_add(&doc, sh->body.data, sh->body.len);
    tbuf_adds(&doc, "</g>\n</svg>\n");
done:
    put(po, to, file, g, (unsigned long)-1, &doc);
    tbuf_free(&doc);
    tbuf_free(&title);
    tbuf_free(&sh->body);
    tbuf_free(&sh->starts);
    memset(sh, 0, sizeof *sh);
}
