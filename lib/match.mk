## lib/match.mk: move matching, formatting, pdn-perft (fragment included by Makefile.am)
## Move matching and formatting, the perft tool, the rules manual (match
## engineer).
lib_libpdn_internal_la_SOURCES += lib/match.c

bin_PROGRAMS += tools/pdn-perft
tools_pdn_perft_SOURCES = tools/pdn-perft.c $(TOOLS_COMMON)
tools_pdn_perft_LDADD = lib/libpdn.la

dist_man_MANS += man/pdn-perft.1 man/pdn-rules.7
