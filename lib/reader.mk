## lib/reader.mk: fragment included by Makefile.am
## The reader layers (input -> lexer -> parser -> game) and the writer.
lib_libpdn_internal_la_SOURCES += lib/reader_private.h lib/input.c \
	lib/lexer.c lib/parser.c lib/game.c lib/movetext.c lib/encoding.c
lib_libpdn_internal_la_SOURCES += lib/writer.c
## Results and their outcomes (who won, from the first mover's side).
lib_libpdn_internal_la_SOURCES += lib/result.c

## Corpus round trip (skipped without ../shared)
check_PROGRAMS += tests/roundtrip
TESTS += tests/roundtrip
tests_roundtrip_SOURCES = tests/roundtrip.c
tests_roundtrip_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_roundtrip_LDADD = lib/libpdn-internal.la

## Reader timing program (not installed): bench/parse [-n RUNS] FILE...
noinst_PROGRAMS += bench/parse
bench_parse_SOURCES = bench/parse.c
bench_parse_LDADD = lib/libpdn-internal.la
