## lib/read/local.mk: the reader's layers, input -> lexer -> parser.
lib_libpdn_internal_la_SOURCES += lib/read/reader_private.h lib/read/input.c \
	lib/read/encoding.c lib/read/lexer.c lib/read/parser.c
