## tools/legal/local.mk: pdn-legal, and its "did you mean" for a move that
## is not legal (suggest.c). pdn-legal-short is pdn-legal as built on a libc
## without getopt_long (short options alone, for tests/cli/options.sh): it
## compiles the library's option code again with TOOL_SHORT_OPTIONS_ONLY,
## which the linker then takes before the library's.
bin_PROGRAMS += tools/pdn-legal
tools_pdn_legal_SOURCES = tools/legal/pdn-legal.c tools/legal/suggest.c \
	tools/legal/suggest.h
tools_pdn_legal_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_legal_LDADD = $(TOOLS_LIBS)
check_PROGRAMS += tools/pdn-legal-short
tools_pdn_legal_short_SOURCES = $(tools_pdn_legal_SOURCES) \
	tools/common/cmdline.c
tools_pdn_legal_short_CPPFLAGS = $(TOOLS_CPPFLAGS) -DTOOL_SHORT_OPTIONS_ONLY
tools_pdn_legal_short_LDADD = $(TOOLS_LIBS)
tools_pdn_legal_short_LDFLAGS = $(NOINST_LDFLAGS)
EXTRA_DIST += tools/legal/local.mk
