/* SPDX-License-Identifier: MIT */
/* libFuzzer target: what an engine writes, as the Hub client reads it.
 * The input is cut into lines; each is split by pdn_hub_line_parse (the
 * command and every argument within the line, at most PDN_HUB_ARGS_MAX),
 * and the values of move= and pv= are read as Hub moves in two positions
 * (the International start, a position with captures due): a move read
 * is one of the legal moves, formats in Hub's form and reads back as
 * itself. */
/* fuzz-needs: pdn_hub_line_parse pdn_engine_move_parse */
#include <config.h>
#include "fuzz_engine.h"

static void
check_move(const pdn_board *b, const char *s, size_t n)
{
    pdn_move m;
    char out[256];
    size_t k;

    if (fuzz_read_move(b, pdn_engine_move_parse, s, n, &m, 0) != 0)
        return;
    k = pdn_engine_move_format(b, &m, out, sizeof out);
    FUZZ_CHECK(k < sizeof out && strlen(out) == k, "length %zu", k);
    fuzz_reads_back(b, pdn_engine_move_parse, out, k, &m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pdn_board *const *b = fuzz_engine_boards();
    char *s = fuzz_strdup(data, size), *line, *next;
    int i;

    for (line = s; line != NULL; line = next) {
        pdn_hub_line l;
        char *end = line + strlen(line);
        size_t k;

        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0', end = next - 1;
        if (pdn_hub_line_parse(line, &l) != 0)
            continue;
        FUZZ_CHECK(l.command != NULL && l.command[0] != '\0', "command");
        FUZZ_CHECK(l.command >= line && l.command < end, "command outside");
        FUZZ_CHECK(l.nargs <= PDN_HUB_ARGS_MAX, "nargs %zu", l.nargs);
        for (k = 0; k < l.nargs; k++) {
            const char *v = l.value[k];

            FUZZ_CHECK(l.name[k][0] != '\0', "empty name %zu", k);
            FUZZ_CHECK(strchr(l.name[k], '=') == NULL, "'=' in a name");
            if (v[0] == '\0')
                continue;
            FUZZ_CHECK(v >= line && v < end, "value outside");
            if (strcmp(l.name[k], "move") == 0 || strcmp(l.name[k], "pv") == 0)
                for (i = 0; i < FUZZ_ENGINE_BOARDS; i++) {
                    const char *p = v;

                    while (*p != '\0') {
                        size_t n = strcspn(p, " ");

                        if (n > 0)
                            check_move(b[i], p, n);
                        p += n;
                        while (*p == ' ')
                            p++;
                    }
                }
        }
    }
    free(s);
    return 0;
}
