## tools/perft/local.mk: pdn-perft.
bin_PROGRAMS += tools/pdn-perft
tools_pdn_perft_SOURCES = \
	tools/perft/pdn-perft.c
tools_pdn_perft_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_perft_LDADD = $(TOOLS_LIBS)
EXTRA_DIST += tools/perft/local.mk
