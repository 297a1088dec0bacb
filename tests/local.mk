## tests/local.mk: make check. Unit tests (Check) of the library, programs
## that compare the reader and the rules with the shared corpus and
## generated games (skipped, exit 77, without ../shared), and shell tests of
## the tools.
TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
## The tools on PATH; with a shared libpdn, the programs in tools/.libs
## with the library beside them, as their libtool wrappers would run them
## but without a shell started for each run (the suite runs the tools some
## 30,000 times: the wrappers made its time six times longer under load).
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(abs_top_srcdir)'; export top_srcdir; \
	top_builddir='$(abs_top_builddir)'; export top_builddir; \
	PATH='$(abs_top_builddir)/tools':"$$PATH"; export PATH; \
	if test -x '$(abs_top_builddir)/tools/.libs/pdn-legal' && \
	   test -f '$(abs_top_builddir)/lib/.libs/libpdn.so'; then \
	  PATH='$(abs_top_builddir)/tools/.libs':"$$PATH"; \
	  LD_LIBRARY_PATH='$(abs_top_builddir)/lib/.libs'$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}; \
	  export LD_LIBRARY_PATH; \
	fi; \
	LC_ALL=C; export LC_ALL;

if HAVE_CHECK
check_PROGRAMS += tests/unit/check_pdn
TESTS += tests/unit/check_pdn tests/unit/shared.sh
tests_unit_check_pdn_SOURCES = tests/unit/check_main.c tests/unit/suites.h \
	tests/unit/testutil.h tests/unit/testutil.c tests/unit/check_core.c \
	tests/unit/check_lexer.c tests/unit/check_parser.c \
	tests/unit/check_reader.c tests/unit/check_game.c \
	tests/unit/check_writer.c tests/unit/check_gametype.c \
	tests/unit/check_notation.c tests/unit/check_fen.c \
	tests/unit/check_board.c tests/unit/check_rules.c \
	tests/unit/check_match.c tests/unit/check_result.c \
	tests/unit/check_enomem.c tests/unit/check_draw.c \
	tests/unit/check_opening.c \
	tests/unit/check_folk.c tests/unit/check_towers.c \
	tests/unit/check_edit.c tests/unit/check_replay.c tests/unit/check_api.c
tests_unit_check_pdn_SOURCES += tests/unit/check_history.c
tests_unit_check_pdn_SOURCES += tests/unit/check_position.c
tests_unit_check_pdn_SOURCES += tests/unit/check_cut.c
tests_unit_check_pdn_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_pdn_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_unit_check_pdn_LDADD = lib/libpdn-internal.la $(CHECK_LIBS)
else
TESTS += tests/unit/no-check.sh
endif
EXTRA_DIST += tests/unit/no-check.sh tests/unit/shared.sh

## Programs over the library: the corpus round trip, game equality, the
## generated games against their truth files.
check_PROGRAMS += tests/roundtrip tests/gameeq tests/replay_generated
TESTS += tests/roundtrip
tests_roundtrip_SOURCES = tests/roundtrip.c
tests_roundtrip_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_roundtrip_LDADD = lib/libpdn-internal.la
tests_gameeq_LDADD = lib/libpdn-internal.la
tests_replay_generated_SOURCES = tests/replay_generated.c
tests_replay_generated_LDADD = lib/libpdn-internal.la

## The tools, from the shell.
CLI_TESTS = tests/cli/options.sh tests/cli/exports.sh tests/cli/parallel.sh \
	tests/cli/jobs.sh tests/cli/convert-identity.sh tests/cli/perft.sh \
	tests/cli/perft-folk.sh \
	tests/cli/replay-generated.sh tests/cli/hostile.sh tests/cli/golden.sh \
	tests/cli/samples.sh tests/cli/generated.sh tests/cli/corpus.sh \
	tests/cli/split.sh tests/cli/safety.sh tests/cli/infer.sh \
	tests/cli/pictures.sh tests/cli/browser.sh tests/cli/options-table.sh \
	tests/cli/completion.sh tests/cli/stats.sh tests/cli/fix.sh \
	tests/cli/fix-corpus.sh tests/cli/json-schema.sh \
	tests/cli/summary.sh tests/cli/records.sh tests/cli/games-range.sh \
	tests/cli/shard.sh \
	tests/cli/manpage-api.sh tests/cli/select.sh \
	tests/cli/gzip.sh tests/cli/suggest.sh tests/cli/layers.sh
CLI_TESTS += tests/cli/db.sh
CLI_TESTS += tests/cli/viewer.sh tests/cli/viewer-page.sh tests/cli/diagram-marks.sh tests/cli/wasm.sh tests/cli/wasm-viewer.sh
EXTRA_DIST += tests/cli/wasm-binding.js tests/cli/wasm-viewer.js tests/cli/chromium.py
CLI_TESTS += tests/cli/book-diagrams.sh
CLI_TESTS += tests/cli/pipeline.sh tests/cli/contract.sh
CLI_TESTS += tests/cli/db-explore.sh tests/cli/db-serve.sh
CLI_TESTS += tests/cli/conventions.sh
CLI_TESTS += tests/cli/checkers-agree.sh
EXTRA_DIST += tests/cli/db-serve.py tests/cli/db-board.py
TESTS += $(CLI_TESTS)
EXTRA_DIST += $(CLI_TESTS) tests/cli/setup.sh tests/cli/pdn-json.jq tests/data

## Mutation testing (not part of make check): each mutation of
## tests/mutate/mutations.list must make make check fail in a copy of the
## tree without ../shared; prints the score and the survivors.
mutate:
	$(SHELL) $(srcdir)/tests/mutate/run.sh '$(abs_top_srcdir)'
.PHONY: mutate
EXTRA_DIST += tests/mutate/run.sh tests/mutate/mutations.list \
	tests/coverage-summary.py

## Coverage of lib/ by make check (configure --enable-coverage
## CFLAGS="-O0 -g"): line and branch figures (tests/coverage-summary.py says
## which branches the second branch figure leaves out, and why), and
## coverage/lib.txt per file.
coverage:
	@test -n "$(COVERAGE_CFLAGS)" || { echo "coverage: configure with --enable-coverage"; exit 1; }
	find . -name '*.gcda' -exec rm -f {} +
	$(MAKE) $(AM_MAKEFLAGS) check
	$(MKDIR_P) coverage
	cd $(srcdir) && $(GCOVR) --root . --object-directory '$(abs_top_builddir)' \
	  --filter 'lib/' --exclude-unreachable-branches \
	  --txt '$(abs_top_builddir)/coverage/lib.txt' \
	  --json '$(abs_top_builddir)/coverage/lib.json'
	python3 $(srcdir)/tests/coverage-summary.py coverage/lib.json '$(abs_top_srcdir)'
.PHONY: coverage
clean-local: clean-coverage
clean-coverage:
	-rm -rf coverage
	-find . -name '*.gcda' -exec rm -f {} + -o -name '*.gcno' -exec rm -f {} +
.PHONY: clean-coverage

## Valgrind: the unit tests and the tools over the samples, with no leaks
## and no invalid accesses (CK_FORK=no keeps the tests in one process).
VALGRIND = valgrind --quiet --error-exitcode=99 --leak-check=full \
	--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect
check-valgrind: all $(check_PROGRAMS)
	@command -v valgrind >/dev/null || { echo "valgrind not installed"; exit 1; }
	CK_FORK=no $(LIBTOOL) --mode=execute $(VALGRIND) tests/unit/check_pdn
	@for t in pdn-validate pdn-legal pdn-convert pdn-replay; do \
	  echo "valgrind $$t samples/*.pdn"; \
	  $(LIBTOOL) --mode=execute $(VALGRIND) tools/$$t -q $(srcdir)/samples/*.pdn >/dev/null; \
	  st=$$?; if [ $$st -ge 2 ]; then echo "$$t: exit $$st under valgrind"; exit 1; fi; \
	done
.PHONY: check-valgrind

## Parallel reading: -j 2 and -j 4 against -j 1 with cuts made to land in
## small hostile files (PDN_RUN_BLOCK), stdin, gzip, the corpus.
CLI_TESTS += tests/cli/jobs-read.sh
CLI_TESTS += tests/cli/db-optimize.sh
CLI_TESTS += tests/cli/db-integrity.sh
CLI_TESTS += tests/cli/db-plies.sh

## The unit tests' long depths (not part of make check, whose test cases
## must each take well under a second of CPU time): the Frysk! perft
## against the independent 10x10 counter to depth 7.
check-long: tests/unit/check_pdn
	PDN_TEST_LONG=1 CK_RUN_SUITE=folk $(abs_top_builddir)/tests/unit/check_pdn
.PHONY: check-long

## The unit suite 20 times in a row (STRESS_RUNS) with every core kept busy
## by other processes (tests/stress.sh); .ci/run runs make check itself
## under the same load.
STRESS_RUNS = 20
check-load: tests/unit/check_pdn
	top_builddir='$(abs_top_builddir)' $(SHELL) $(srcdir)/tests/stress.sh $(STRESS_RUNS)
.PHONY: check-load
EXTRA_DIST += tests/stress.sh
CLI_TESTS += tests/cli/debian-symbols.sh
## The engine client (issue 41): a test engine over libpdn that speaks Hub
## and misbehaves on request, a driver of the client, and their tests.
check_PROGRAMS += tests/engine/pdn-test-engine tests/engine/engine-drive
tests_engine_pdn_test_engine_SOURCES = tests/engine/pdn-test-engine.c
tests_engine_pdn_test_engine_LDADD = lib/libpdn.la
tests_engine_engine_drive_SOURCES = tests/engine/engine-drive.c
tests_engine_engine_drive_LDADD = lib/libpdn.la
tests_engine_engine_drive_LDFLAGS = $(NOINST_LDFLAGS)
CLI_TESTS += tests/cli/engine.sh tests/cli/engine-analyse.sh \
	tests/cli/engine-match.sh tests/cli/engine-scan.sh
## DXP over TCP (issue 41): pdn-match against the test engine's DXP mode
## and against Scan's (built as for engine-scan.sh)
CLI_TESTS += tests/cli/dxp.sh tests/cli/dxp-scan.sh
## no libtool wrapper: the fuzz run starts the engine 1,000 times
tests_engine_pdn_test_engine_LDFLAGS = $(NOINST_LDFLAGS)
## Scan, built by tests/cli/engine-scan.sh once into the build tree
clean-local: clean-engine-scan
clean-engine-scan:
	-rm -rf tests/engine/scan tests/engine/scan.tmp tests/engine/scan.dxp.tmp
.PHONY: clean-engine-scan
if HAVE_CHECK
## the engine client's unit tests (a program of their own)
check_PROGRAMS += tests/unit/check_engine
TESTS += tests/unit/check_engine
tests_unit_check_engine_SOURCES = tests/unit/check_engine.c
tests_unit_check_engine_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_unit_check_engine_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_engine_LDADD = lib/libpdn.la $(CHECK_LIBS)
tests_unit_check_engine_LDFLAGS = $(NOINST_LDFLAGS)
endif
CLI_TESTS += tests/cli/oversize.sh tests/cli/longline.sh tests/cli/infer-giveaway.sh
CLI_TESTS += tests/cli/numbering.sh
