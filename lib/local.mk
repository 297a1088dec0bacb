## lib/local.mk: libpdn, built from one fragment per layer. The layers, from
## the bytes up (HACKING.md draws them):
##   core     allocation, errors, version
##   read     input (bytes, encodings, lines) -> lexer -> parser
##   model    the game tree, move text, results
##   write    the writer (depends on the model only)
##   variant  GameType, numbering, FEN
##   rules    boards, move generation and everything built on it
## Every layer adds its sources to lib/libpdn-internal.la, which the tests
## link to reach private functions; lib/libpdn.la is the installed library.
noinst_LTLIBRARIES += lib/libpdn-internal.la
lib_libpdn_internal_la_SOURCES =
lib_LTLIBRARIES += lib/libpdn.la
lib_libpdn_la_SOURCES =
lib_libpdn_la_LIBADD = lib/libpdn-internal.la
lib_libpdn_la_LDFLAGS = -no-undefined -version-info $(PDN_LT_VERSION) \
	-export-symbols-regex '^pdn_'
pdnincludedir = $(includedir)/pdn
pdninclude_HEADERS = lib/pdn/pdn.h lib/pdn/error.h lib/pdn/movetext.h \
	lib/pdn/game.h lib/pdn/reader.h lib/pdn/writer.h lib/pdn/variant.h \
	lib/pdn/rules.h lib/pdn/result.h lib/pdn/opening.h lib/pdn/edit.h \
	lib/pdn/replay.h lib/pdn/fingerprint.h lib/pdn/check.h
pdninclude_HEADERS += lib/pdn/engine.h
# made by configure from version.h.in (the version macros)
nodist_pdninclude_HEADERS = lib/pdn/version.h
EXTRA_DIST += lib/pdn/version.h.in
DISTCLEANFILES += lib/pdn/version.h
pkgconfig_DATA = lib/libpdn.pc
EXTRA_DIST += lib/libpdn.pc.in lib/README.md
DISTCLEANFILES += lib/libpdn.pc

include $(srcdir)/lib/core/local.mk
include $(srcdir)/lib/read/local.mk
include $(srcdir)/lib/model/local.mk
include $(srcdir)/lib/write/local.mk
include $(srcdir)/lib/variant/local.mk
include $(srcdir)/lib/rules/local.mk
include $(srcdir)/lib/engine/local.mk
