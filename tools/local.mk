## tools/local.mk: the tools and the programs that live beside them.
## The command-line tools: thin programs over libpdn sharing a small tool
## library, one concern per file (tools/common.h includes them all): text
## buffers (tbuf.c), report formatting (report.c), the per-file driver
## (driver.c), positions (position.c), outcomes (outcome.c), options
## (cmdline.c), safe output files (output.c), the ordered -j pipeline (run.c).

TOOLS_COMMON = tools/common.h tools/tbuf.c tools/tbuf.h tools/report.c \
	tools/report.h tools/driver.c tools/driver.h tools/position.c \
	tools/position.h tools/outcome.c tools/outcome.h tools/cmdline.c \
	tools/cmdline.h tools/output.c tools/output.h tools/run.c tools/run.h \
	tools/infer.c tools/infer.h tools/fold.c tools/fold.h tools/summary.c \
	tools/summary.h
TOOLS_COMMON += tools/openrec.c tools/openrec.h
TOOLS_COMMON += tools/handover.c tools/handover.h

bin_PROGRAMS += tools/pdn-validate tools/pdn-legal tools/pdn-replay \
	tools/pdn-convert tools/pdn-perft tools/pdn-stats tools/pdn-fix \
	tools/pdn-select
tools_pdn_validate_SOURCES = tools/pdn-validate.c tools/tagcheck.c \
	tools/tagcheck.h $(TOOLS_COMMON)
tools_pdn_validate_LDADD = lib/libpdn.la
tools_pdn_legal_SOURCES = tools/pdn-legal.c tools/drawcheck.c \
	tools/drawcheck.h tools/suggest.c tools/suggest.h $(TOOLS_COMMON)
tools_pdn_legal_LDADD = lib/libpdn.la
tools_pdn_replay_SOURCES = tools/pdn-replay.c tools/diagram.c tools/diagram.h \
	tools/html.c tools/html.h tools/pictures.c tools/pictures.h \
	tools/drawcheck.c tools/drawcheck.h $(TOOLS_COMMON)
tools_pdn_replay_LDADD = lib/libpdn.la
tools_pdn_convert_SOURCES = tools/pdn-convert.c tools/gamefmt.c tools/gamefmt.h \
	$(TOOLS_COMMON)
tools_pdn_convert_LDADD = lib/libpdn.la
tools_pdn_perft_SOURCES = tools/pdn-perft.c $(TOOLS_COMMON)
tools_pdn_perft_LDADD = lib/libpdn.la
tools_pdn_stats_SOURCES = tools/pdn-stats.c tools/stats.h tools/statsout.c \
	tools/statsmap.c tools/statsmap.h tools/fixtags.c tools/fixtags.h \
	$(TOOLS_COMMON)
tools_pdn_stats_LDADD = lib/libpdn.la
tools_pdn_fix_SOURCES = tools/pdn-fix.c tools/fixtags.c tools/fixtags.h \
	tools/transcode.c tools/transcode.h $(TOOLS_COMMON)
tools_pdn_fix_LDADD = lib/libpdn.la
tools_pdn_select_SOURCES = tools/pdn-select.c tools/selectcrit.c \
	tools/selectcrit.h tools/selectdup.c tools/selectdup.h \
	tools/selectout.c tools/selectout.h tools/selectpass.c \
	tools/selectpass.h $(TOOLS_COMMON)
tools_pdn_select_SOURCES += tools/selectopen.c tools/selectopen.h
tools_pdn_select_SOURCES += tools/selectsort.c tools/selectsort.h
tools_pdn_select_LDADD = lib/libpdn.la

## Test helpers built here: rawgames (a small -w/-x splitter over
## pdn_game_raw, for tests/cli/split.sh) and pdn-legal as built on a libc
## without getopt_long (short options alone, for tests/cli/options.sh).
check_PROGRAMS += tools/rawgames tools/pdn-legal-short
tools_pdn_legal_short_SOURCES = $(tools_pdn_legal_SOURCES)
tools_pdn_legal_short_CPPFLAGS = $(AM_CPPFLAGS) -DTOOL_SHORT_OPTIONS_ONLY
tools_pdn_legal_short_LDADD = lib/libpdn.la
tools_rawgames_SOURCES = tools/rawgames.c
tools_rawgames_LDADD = lib/libpdn.la
EXTRA_DIST += tools/completion.bash

## Bash completion: one script, installed under each tool's name (the
## directory bash-completion loads a command's completion from).
TOOL_NAMES = pdn-validate pdn-legal pdn-replay pdn-convert pdn-perft \
	pdn-stats pdn-fix pdn-select
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

## The viewer page of pdn-replay -f html: its style, script and body live
## in tools/viewer/ and are embedded as C strings (tools/viewer-assets.h).
EXTRA_DIST += tools/viewer/embed.sh tools/viewer/viewer.css \
	tools/viewer/viewer.js tools/viewer/viewer.html
BUILT_SOURCES += tools/viewer-assets.h
CLEANFILES += tools/viewer-assets.h
nodist_tools_pdn_replay_SOURCES = tools/viewer-assets.h
tools_pdn_replay_CPPFLAGS = $(AM_CPPFLAGS) -I$(builddir)/tools
tools/viewer-assets.h: $(srcdir)/tools/viewer/embed.sh \
		$(srcdir)/tools/viewer/viewer.css $(srcdir)/tools/viewer/viewer.js \
		$(srcdir)/tools/viewer/viewer.html
	$(AM_V_GEN)$(MKDIR_P) tools && \
	$(SHELL) $(srcdir)/tools/viewer/embed.sh $(srcdir)/tools/viewer >$@.tmp && \
	mv $@.tmp $@
tools/tools_pdn_replay-html.$(OBJEXT): tools/viewer-assets.h
