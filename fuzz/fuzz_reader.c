/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the streaming reader on a whole file, and the writer
 * on every game it returns (both output flavours). Strict mode checks the
 * writer's idempotency, write(parse(write(g))) == write(g), and that the
 * compatible style's output reads back as the same game. */
/* fuzz-needs: pdn_reader_new_mem pdn_reader_next */
/* run.sh defines FUZZ_HAVE_WRITER once the library has the writer. */
#include <config.h>
#include "pdn/pdn.h"
#include "fuzz_util.h"

static void
on_warning(const pdn_error *d, void *ud)
{
    size_t *count = ud;

    FUZZ_CHECK(strlen(d->text) < sizeof d->text, "text");
    (*count)++;
}

#ifdef FUZZ_HAVE_WRITER
static void
write_game(const pdn_game *g, unsigned flags)
{
    pdn_error err;
    pdn_game *back;
    char *out, *again;
    size_t len, len2;

    pdn_error_clear(&err);
    out = pdn_game_to_string(g, flags, &len, &err);
    if (out == NULL)
        return;
    FUZZ_CHECK(strlen(out) <= len, "length");
    if (fuzz_strict()) {
        pdn_error_clear(&err);
        back = pdn_parse_string(out, len, &err);
        FUZZ_CHECK(back != NULL, "own output unreadable: %s", err.text);
        again = pdn_game_to_string(back, flags, &len2, &err);
        FUZZ_CHECK(again != NULL && len2 == len &&
                       memcmp(out, again, len) == 0,
                   "writer not idempotent");
        /* The compatible style keeps the result token: what it wrote
         * reads back as the same game. */
        FUZZ_CHECK(!(flags & PDN_WRITE_COMPAT) ||
                       pdn_game_equal(g, back, NULL) == 1,
                   "written game reads back as another game");
        free(again);
        pdn_game_free(back);
    }
    free(out);
}
#else
static void
write_game(const pdn_game *g, unsigned flags)
{
    (void)flags;
    /* Walk the tags so that a bad game model shows up without a writer. */
    for (size_t i = 0; i < pdn_game_tag_count(g); i++)
        FUZZ_CHECK(pdn_game_tag_name_at(g, i) != NULL &&
                       pdn_game_tag_value_at(g, i) != NULL,
                   "tag %zu", i);
}
#endif

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pdn_reader *r;
    pdn_game *g;
    pdn_error err;
    size_t warnings = 0, games = 0;
    int st;

    r = pdn_reader_new_mem((const char *)data, size, "fuzz");
    if (r == NULL)
        return 0;
    pdn_reader_set_warning_fn(r, on_warning, &warnings);
    for (;;) {
        pdn_error_clear(&err);
        g = NULL;
        st = pdn_reader_next(r, &g, &err);
        FUZZ_CHECK(st >= -1 && st <= 1, "status %d", st);
        if (st == 0) {
            FUZZ_CHECK(g == NULL, "game at end");
            break;
        }
        if (st < 0)
            FUZZ_CHECK(err.code != PDN_OK, "error without code");
        if (g != NULL) {
            write_game(g, PDN_WRITE_PDN3);
            write_game(g, PDN_WRITE_COMPAT | PDN_WRITE_CRLF);
            pdn_game_free(g);
        }
        if (st < 0 && (err.code == PDN_EIO || err.code == PDN_ENOMEM))
            break;
        /* Every call consumes input: more games than bytes is a loop. */
        FUZZ_CHECK(++games <= size + 1, "reader does not advance");
    }
    pdn_reader_free(r);
    return 0;
}
