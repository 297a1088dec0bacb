## bench/local.mk: benchmarks (make bench; never run by make check).
## bench/parse times the reader alone; bench/replay the CPU time of parse,
## parse + replay with the list API and with pdn_board_play.
noinst_PROGRAMS += bench/parse bench/replay
bench_parse_SOURCES = bench/parse.c
bench_parse_LDADD = lib/libpdn-internal.la
bench_replay_SOURCES = bench/replay.c
bench_replay_LDADD = lib/libpdn-internal.la
EXTRA_DIST += bench/db-explore.sh bench/db-load.py
EXTRA_DIST += bench/bench.sh bench/perft-deep.sh bench/memory.sh bench/tools.sh \
	bench/python.sh bench/README

bench: all
	$(SHELL) $(srcdir)/bench/bench.sh '$(abs_top_builddir)' '$(abs_top_srcdir)'
	$(SHELL) $(srcdir)/bench/memory.sh '$(abs_top_builddir)' '$(abs_top_srcdir)'
	$(SHELL) $(srcdir)/bench/python.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
	$(SHELL) $(srcdir)/bench/db-explore.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
.PHONY: bench
