## lib/rules.mk: fragment included by Makefile.am
## The rules engine: boards, move generation, perft (rules engineer).
lib_libpdn_internal_la_SOURCES += lib/rules_private.h lib/board.c \
	lib/movegen.c lib/perft.c lib/play.c \
	lib/hash.c lib/drawrules.c
