## tools/tools.mk: fragment included by Makefile.am
## The command-line tools: thin programs over libpdn sharing tools/common.c
## (conventions, diagnostics, driver), tools/output.c (safe output files) and
## tools/run.c (ordered -j pipeline).

TOOLS_COMMON = tools/common.c tools/common.h tools/cmdline.c tools/cmdline.h \
	tools/output.c tools/output.h tools/run.c tools/run.h tools/infer.c \
	tools/infer.h tools/fold.c tools/fold.h

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
check_PROGRAMS += tools/rawgames tools/pdn-legal-short
## pdn-legal as built on a libc without getopt_long (short options alone)
tools_pdn_legal_short_SOURCES = $(tools_pdn_legal_SOURCES)
tools_pdn_legal_short_CPPFLAGS = $(AM_CPPFLAGS) -DTOOL_SHORT_OPTIONS_ONLY
tools_pdn_legal_short_LDADD = lib/libpdn.la
tools_rawgames_SOURCES = tools/rawgames.c
tools_rawgames_LDADD = lib/libpdn.la
TESTS += tests/cli/golden.sh tests/cli/samples.sh tests/cli/generated.sh \
	tests/cli/corpus.sh tests/cli/split.sh tests/cli/safety.sh tests/cli/infer.sh \
	tests/cli/pictures.sh tests/cli/browser.sh tests/cli/options-table.sh \
	tests/cli/completion.sh
EXTRA_DIST += tests/cli/golden.sh tests/cli/samples.sh \
	tests/cli/generated.sh tests/cli/corpus.sh tests/cli/split.sh \
	tests/cli/safety.sh tests/cli/infer.sh tests/cli/pictures.sh \
	tests/cli/browser.sh tests/cli/options-table.sh tests/cli/completion.sh \
	tools/completion.bash

## Bash completion: one script, installed under each tool's name (the
## directory bash-completion loads a command's completion from).
TOOL_NAMES = pdn-validate pdn-legal pdn-replay pdn-convert pdn-perft
install-data-local: install-completion
uninstall-local: uninstall-completion
install-completion:
	$(MKDIR_P) '$(DESTDIR)$(bashcompletiondir)'
	for t in $(TOOL_NAMES); do \
	  $(INSTALL_DATA) $(srcdir)/tools/completion.bash \
	    '$(DESTDIR)$(bashcompletiondir)'/$$t || exit 1; \
	done
uninstall-completion:
	for t in $(TOOL_NAMES); do \
	  rm -f '$(DESTDIR)$(bashcompletiondir)'/$$t; \
	done
.PHONY: install-completion uninstall-completion
AM_DISTCHECK_CONFIGURE_FLAGS = \
	--with-bash-completion-dir='$$(datadir)/bash-completion/completions'
