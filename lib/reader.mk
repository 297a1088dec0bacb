## lib/reader.mk: fragment included by Makefile.am
## The reader layers (input -> lexer -> parser -> game) and the writer.
lib_libpdn_internal_la_SOURCES += lib/reader_private.h lib/input.c \
	lib/lexer.c lib/parser.c lib/game.c lib/movetext.c lib/encoding.c
