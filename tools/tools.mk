## tools/tools.mk: fragment included by Makefile.am
## The command-line tools: thin programs over libpdn sharing tools/common.c
## (conventions, diagnostics, driver), tools/output.c (safe output files) and
## tools/run.c (ordered -j pipeline).

TOOLS_COMMON = tools/common.c tools/common.h tools/output.c tools/output.h \
	tools/run.c tools/run.h tools/infer.c tools/infer.h tools/fold.c tools/fold.h

bin_PROGRAMS += tools/pdn-validate tools/pdn-legal tools/pdn-replay \
	tools/pdn-convert
tools_pdn_validate_SOURCES = tools/pdn-validate.c tools/tagcheck.c \
	tools/tagcheck.h $(TOOLS_COMMON)
tools_pdn_validate_LDADD = lib/libpdn.la
tools_pdn_legal_SOURCES = tools/pdn-legal.c tools/drawcheck.c \
	tools/drawcheck.h $(TOOLS_COMMON)
tools_pdn_legal_LDADD = lib/libpdn.la
tools_pdn_replay_SOURCES = tools/pdn-replay.c tools/diagram.c tools/diagram.h \
	tools/html.c tools/html.h tools/pictures.c tools/pictures.h \
	tools/drawcheck.c tools/drawcheck.h $(TOOLS_COMMON)
tools_pdn_replay_LDADD = lib/libpdn.la
tools_pdn_convert_SOURCES = tools/pdn-convert.c tools/gamefmt.c tools/gamefmt.h \
	$(TOOLS_COMMON)
tools_pdn_convert_LDADD = lib/libpdn.la

dist_man_MANS += man/pdn-validate.1 man/pdn-legal.1 man/pdn-replay.1 \
	man/pdn-convert.1
EXTRA_DIST += man/diagram-international.svg

## Tests: golden cases in tests/data, the samples, the shared generated
## games and corpus (skipped without ../shared), and the -w/-x split, which
## uses a small helper over pdn_game_raw.
check_PROGRAMS += tools/rawgames
tools_rawgames_SOURCES = tools/rawgames.c
tools_rawgames_LDADD = lib/libpdn.la
TESTS += tests/cli/golden.sh tests/cli/samples.sh tests/cli/generated.sh \
	tests/cli/corpus.sh tests/cli/split.sh tests/cli/safety.sh tests/cli/infer.sh \
	tests/cli/pictures.sh tests/cli/browser.sh
EXTRA_DIST += tests/cli/golden.sh tests/cli/samples.sh \
	tests/cli/generated.sh tests/cli/corpus.sh tests/cli/split.sh \
	tests/cli/safety.sh tests/cli/infer.sh tests/cli/pictures.sh \
	tests/cli/browser.sh
