## lib/match.mk: move matching, formatting, pdn-perft (fragment included by Makefile.am)
## Move matching and formatting, the perft tool, the rules manual (match
## engineer).
lib_libpdn_internal_la_SOURCES += lib/match.c

bin_PROGRAMS += tools/pdn-perft
tools_pdn_perft_SOURCES = tools/pdn-perft.c $(TOOLS_COMMON)
tools_pdn_perft_LDADD = lib/libpdn.la

dist_man_MANS += man/pdn-perft.1 man/pdn-rules.7

## Tests: perft tables, the generated games against their truth files.
check_PROGRAMS += tests/replay_generated
tests_replay_generated_SOURCES = tests/replay_generated.c
tests_replay_generated_LDADD = lib/libpdn-internal.la
TESTS += tests/cli/perft.sh tests/cli/replay-generated.sh
EXTRA_DIST += tests/cli/perft.sh tests/cli/replay-generated.sh

## bench/replay: CPU time of parse, parse + replay with the list API and
## with pdn_board_play (built, never run by make check).
noinst_PROGRAMS += bench/replay
bench_replay_SOURCES = bench/replay.c
bench_replay_LDADD = lib/libpdn-internal.la
