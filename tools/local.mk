## tools/local.mk: the command-line tools. The folder draws them: the tool
## library every program links (tools/common/, built once as a convenience
## library), then one folder a program holding the files only it uses
## (validate, legal, replay, convert, perft, stats, fix, select; pdn-db in
## db/, included by the top Makefile.am). A concern two programs share
## lives in tools/common/; choosing games, pdn-select's and pdn-db's, in
## the selection library of tools/selectlib/ (included by the top
## Makefile.am), so that a search answers what pdn-select answers.
## Programs are built as tools/pdn-NAME whatever their folder.
include $(srcdir)/tools/common/local.mk
include $(srcdir)/tools/validate/local.mk
include $(srcdir)/tools/legal/local.mk
include $(srcdir)/tools/replay/local.mk
include $(srcdir)/tools/convert/local.mk
include $(srcdir)/tools/perft/local.mk
include $(srcdir)/tools/stats/local.mk
include $(srcdir)/tools/fix/local.mk
include $(srcdir)/tools/select/local.mk
include $(srcdir)/tools/analyse/local.mk
include $(srcdir)/tools/match/local.mk

## A test helper built here: rawgames (a small -w/-x splitter over
## pdn_game_raw, for tests/cli/split.sh).
check_PROGRAMS += tests/rawgames
tests_rawgames_SOURCES = tests/rawgames.c
tests_rawgames_LDADD = lib/libpdn.la
tests_rawgames_LDFLAGS = $(NOINST_LDFLAGS)
EXTRA_DIST += tools/completion.bash

## Bash completion: one script, installed under each tool's name (the
## directory bash-completion loads a command's completion from).
TOOL_NAMES = pdn-validate pdn-legal pdn-replay pdn-convert pdn-perft \
	pdn-stats pdn-fix pdn-select
TOOL_NAMES += pdn-analyse pdn-match
if HAVE_SQLITE
TOOL_NAMES += pdn-db
endif
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

