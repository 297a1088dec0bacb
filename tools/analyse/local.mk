## tools/analyse/local.mk: pdn-analyse, and what it shares with pdn-match
## about engines (engcmd.c: --engine's words, the pool of engines).
bin_PROGRAMS += tools/pdn-analyse
tools_pdn_analyse_SOURCES = \
	tools/analyse/pdn-analyse.c \
	tools/analyse/engcmd.c \
	tools/analyse/engcmd.h
tools_pdn_analyse_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_analyse_LDADD = $(TOOLS_LIBS) -lm
EXTRA_DIST += tools/analyse/local.mk
