## lib/variant.mk: fragment included by Makefile.am
## GameType, board geometry and numbering, FEN (formats engineer).
lib_libpdn_internal_la_SOURCES += lib/gametype.c lib/notation.c lib/fen.c

## Hostile input for the tools (regression inputs in tests/data/hostile/,
## shipped with tests/data).
TESTS += tests/cli/hostile.sh
EXTRA_DIST += tests/cli/hostile.sh

## Fuzzing (fuzz/run.sh; its sources are listed in Makefile.am).
EXTRA_DIST += fuzz/README.md
