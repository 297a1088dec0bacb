## lib/variant/local.mk: GameType, board geometry and numbering, FEN.
lib_libpdn_internal_la_SOURCES += lib/variant/gametype.c \
	lib/variant/notation.c lib/variant/fen.c
