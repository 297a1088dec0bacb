## lib/rules/local.mk: the rules engine: boards, move generation, perft,
## playing and matching written moves, position hashes, draw rules.
lib_libpdn_internal_la_SOURCES += lib/rules/rules_private.h lib/rules/board.c \
	lib/rules/movegen.c lib/rules/perft.c lib/rules/play.c lib/rules/match.c \
	lib/rules/hash.c lib/rules/drawrules.c \
	lib/rules/fingerprint.c
