## lib/read/local.mk: the reader's layers, input -> lexer -> parser.
## gzip.c inflates gzip input through zlib when configure found it.
lib_libpdn_internal_la_SOURCES += lib/read/reader_private.h lib/read/input.c \
	lib/read/gzip.c lib/read/encoding.c lib/read/lexer.c lib/read/parser.c
lib_libpdn_internal_la_CPPFLAGS = $(AM_CPPFLAGS) $(ZLIB_CFLAGS)
lib_libpdn_internal_la_LIBADD = $(ZLIB_LIBS)
