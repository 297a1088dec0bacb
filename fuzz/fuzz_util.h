/* SPDX-License-Identifier: MIT */
/* Helpers shared by the libFuzzer targets: their entry point's
 * declaration, NUL-terminated copies of the input and a property check
 * that aborts (a crash libFuzzer reports). */
#ifndef PDN_FUZZ_UTIL_H
#define PDN_FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The entry point libFuzzer calls, which each target defines. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property that must hold: report it and abort so that the input is
 * saved as a crash artifact. */
#define FUZZ_CHECK(cond, ...)                                               \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "fuzz property failed: %s: ", #cond);           \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
            abort();                                                        \
        }                                                                   \
    } while (0)

/* Returns a malloc'd NUL-terminated copy of data (embedded NULs stay and
 * cut the string short, which is what a C caller would see). */
static inline char *
fuzz_strdup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);

    if (s == NULL)
        abort();
    if (size > 0)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* Strict mode (PDN_FUZZ_STRICT=1) adds round-trip properties owned by
 * other modules (writer idempotency, FEN of a board read back); off by
 * default so that bounded CI fuzzing fails only on memory errors and
 * crashes. */
static inline int
fuzz_strict(void)
{
    const char *s = getenv("PDN_FUZZ_STRICT");
    return s != NULL && *s == '1';
}

#endif
