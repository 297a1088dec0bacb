## tools/match/local.mk: pdn-match, which shares pdn-analyse's engine
## words and pool (tools/analyse/engcmd.c).
bin_PROGRAMS += tools/pdn-match
tools_pdn_match_SOURCES = tools/match/pdn-match.c \
	tools/analyse/engcmd.c tools/analyse/engcmd.h
tools_pdn_match_CPPFLAGS = $(TOOLS_CPPFLAGS) -I$(srcdir)/tools/analyse
tools_pdn_match_LDADD = $(TOOLS_LIBS) -lm
EXTRA_DIST += tools/match/local.mk
