## tools/stats/local.mk: pdn-stats: its counting (pdn-stats.c), its maps of
## names and values (statsmap.c) and its output (statsout.c).
bin_PROGRAMS += tools/pdn-stats
tools_pdn_stats_SOURCES = \
	tools/stats/pdn-stats.c \
	tools/stats/stats.h \
	tools/stats/statsout.c \
	tools/stats/statsmap.c \
	tools/stats/statsmap.h
tools_pdn_stats_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_stats_LDADD = $(TOOLS_LIBS)
EXTRA_DIST += tools/stats/local.mk
