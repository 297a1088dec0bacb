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
	$(SHELL) $(srcdir)/bench/db.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
	$(SHELL) $(srcdir)/bench/db-explore.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
	$(SHELL) $(srcdir)/bench/jobs-read.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
	$(SHELL) $(srcdir)/bench/db-optimize.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
.PHONY: bench

## bench/gengames: random legal games at scale for bench/db.sh (pdn-db
## against pdn-select's linear scan).
noinst_PROGRAMS += bench/gengames
bench_gengames_SOURCES = bench/gengames.c
bench_gengames_LDADD = lib/libpdn.la
bench_gengames_LDFLAGS = $(NOINST_LDFLAGS)
EXTRA_DIST += bench/db.sh
## bench/viewer.sh: the viewer page of the Open Checkers Archive in headless
## Chromium: size, first game, load, JavaScript heap, renderer memory.
EXTRA_DIST += bench/viewer.sh
bench-viewer: all
	$(SHELL) $(srcdir)/bench/viewer.sh '$(abs_top_builddir)' '$(abs_top_srcdir)'
.PHONY: bench-viewer
## bench/jobs-read.sh: -j 1 against -j 2 with every thread parsing (issue
## #30): pdn-validate, pdn-legal, pdn-select -X, pdn-db create.
EXTRA_DIST += bench/jobs-read.sh
## bench/db-optimize.sh: -X searches over OCA in 20 segments, before and
## after pdn-db optimize; optimize's time and memory (issue #30).
EXTRA_DIST += bench/db-optimize.sh
bench-db-optimize: all
	$(SHELL) $(srcdir)/bench/db-optimize.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
.PHONY: bench-db-optimize
## bench/engine: the engine client's own time per move (bench/engine.sh)
noinst_PROGRAMS += bench/engine
bench_engine_SOURCES = bench/engine.c
bench_engine_LDADD = lib/libpdn.la
bench_engine_LDFLAGS = $(NOINST_LDFLAGS)
EXTRA_DIST += bench/engine.sh
bench: bench-engine
bench-engine: all
	$(SHELL) $(srcdir)/bench/engine.sh '$(abs_top_builddir)' '$(abs_top_srcdir)' || test $$? = 77
.PHONY: bench-engine
