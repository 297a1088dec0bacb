## tools/common/local.mk: the tool library, built once and linked into every
## program: text buffers (tbuf.c), messages and the one diagnostic formatter
## (report.c), the per-file driver (driver.c), a game's GameType and start
## position (position.c), outcomes (outcome.c), options (cmdline.c), safe
## output files (output.c), the ordered -j pipeline (run.c), variant
## inference over libpdn's (infer.c), folded warnings (fold.c), summaries and
## progress (summary.c), opening records (openrec.c), what a worker hands the
## main thread (handover.c); and the two concerns two programs share: the
## draw-rule checks of pdn-legal and pdn-replay (drawcheck.c) and the tag
## repairs pdn-fix makes and pdn-stats counts (fixtags.c). common.h includes
## the library's headers; a program reaches them through TOOLS_CPPFLAGS.
noinst_LTLIBRARIES += tools/common/libtools.la
tools_common_libtools_la_SOURCES = tools/common/common.h \
	tools/common/tbuf.c tools/common/tbuf.h \
	tools/common/report.c tools/common/report.h \
	tools/common/driver.c tools/common/driver.h \
	tools/common/position.c tools/common/position.h \
	tools/common/outcome.c tools/common/outcome.h \
	tools/common/cmdline.c tools/common/cmdline.h \
	tools/common/output.c tools/common/output.h \
	tools/common/run.c tools/common/run.h \
	tools/common/infer.c tools/common/infer.h \
	tools/common/fold.c tools/common/fold.h \
	tools/common/summary.c tools/common/summary.h \
	tools/common/openrec.c tools/common/openrec.h \
	tools/common/handover.c tools/common/handover.h \
	tools/common/drawcheck.c tools/common/drawcheck.h \
	tools/common/fixtags.c tools/common/fixtags.h
tools_common_libtools_la_CPPFLAGS = $(TOOLS_CPPFLAGS)
TOOLS_CPPFLAGS = $(AM_CPPFLAGS) -I$(srcdir)/tools/common
TOOLS_LIBS = tools/common/libtools.la lib/libpdn.la
EXTRA_DIST += tools/common/local.mk
