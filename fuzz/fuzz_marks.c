/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the [%csl] and [%cal] marks of pdn-replay -f svg
 * (tools/replay/diagram.c, the squares and arrows of the comments). The
 * first byte picks the GameType, the side seen from and the square size;
 * the rest is the comments' text. The picture must be one closed svg
 * element whose groups close, with no NaN or infinity in it, a coloured
 * square inside the picture, and no more squares or arrows than the text
 * has names and pairs of names. */
/* fuzz-sources: tools/replay/diagram.c tools/common/tbuf.c tools/common/run.c */
#include <config.h>
#include "diagram.h"
#include "fuzz_util.h"

#include <string.h>

const char tool_name[] = "pdn-fuzz";

void
tool_error(const char *fmt, ...)
{
    (void)fmt;
}

/* every board size, numbering and corner the marks meet */
static const char *const gametypes[] = {
    "20", "21", "25", "26", "29", "30", "31", "27,B,12,10,N0,1",
    "25,W,8,8,A0,0,G", "20,W,10,10,N2,0"};

/* How many times s occurs in the n bytes of t. */
static size_t
count(const char *t, size_t n, const char *s)
{
    size_t k = 0, m = strlen(s);
    const char *p = t, *end = t + n;

    while (p < end && (p = strstr(p, s)) != NULL && p < end) {
        k++;
        p += m;
    }
    return k;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *marks;
    diagram_style st;
    pdn_gametype gt;
    pdn_board *b;
    tbuf out = {0};
    int wh[2];
    size_t names = 0, i, run;
    const char *p;

    if (size < 1)
        return 0;
    marks = fuzz_strdup(data + 1, size - 1);
    diagram_style_init(&st);
    st.flip = data[0] & 1;
    st.no_numbers = (data[0] >> 1) & 1;
    st.cell = 12 + (data[0] >> 2) % 4 * 16;
    if (pdn_gametype_parse(gametypes[(data[0] >> 4) % 10], &gt, NULL) < 0 ||
        (b = pdn_board_new(&gt, NULL)) == NULL) {
        free(marks);
        return 0;
    }
    diagram_svg(&out, b, NULL, NULL, marks, NULL, &st, NULL, wh);
    FUZZ_CHECK(out.len > 0 && strncmp(out.data, "<svg", 4) == 0 &&
                   out.len >= 7 &&
                   strcmp(out.data + out.len - 7, "</svg>\n") == 0,
               "not one svg element");
    FUZZ_CHECK(count(out.data, out.len, "<svg") == 1, "svg in svg");
    FUZZ_CHECK(count(out.data, out.len, "<g") ==
                   count(out.data, out.len, "</g>"),
               "groups not closed");
    FUZZ_CHECK(strstr(out.data, "nan") == NULL &&
                   strstr(out.data, "inf") == NULL,
               "a coordinate that is not a number");
    /* the coloured squares: each inside the picture */
    if ((p = strstr(out.data, "<g class=\"csl\">")) != NULL) {
        const char *end = strstr(p, "</g>");

        while ((p = strstr(p, "<rect x=\"")) != NULL && p < end) {
            int x, y, w, h;

            FUZZ_CHECK(sscanf(p, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
                              "height=\"%d\"", &x, &y, &w, &h) == 4,
                       "a square unread");
            FUZZ_CHECK(x >= 0 && y >= 0 && x + w <= wh[0] && y + h <= wh[1],
                       "a square at %d,%d outside %dx%d", x, y, wh[0],
                       wh[1]);
            p++;
        }
    }
    /* no more marks than names in the text (a name: up to three digits,
     * a letter before them or not) */
    for (i = 0, run = 0; i + 1 < size; i++) {
        if (marks[i] < '0' || marks[i] > '9')
            run = 0;
        else if (run++ % 3 == 0)
            names++;
    }
    FUZZ_CHECK(count(out.data, out.len, "fill-opacity=\"0.45\"") <= names,
               "more squares than names");
    FUZZ_CHECK(2 * count(out.data, out.len, "<g opacity=\"0.8\"><line") <=
                   names, "more arrows than pairs of names");
    tbuf_free(&out);
    pdn_board_free(b);
    free(marks);
    return 0;
}
