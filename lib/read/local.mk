## lib/read/local.mk: the reader's layers, each calling only the one below
## (gzip.c inflates gzip input through zlib when configure found it):
##   input   bytes, encodings, lines and columns (input.h: input.c, encoding.c,
##           codepage.c; cut.c: where parallel reading may cut an input)
##   lexer   tokens and their positions, look-ahead (lexer.h: lexer.c, tag.c,
##           lookahead.c, diag.c)
##   parser  the grammar, building the game model (reader_private.h:
##           parser.c, items.c; the public API in reader.c)
lib_libpdn_internal_la_SOURCES += lib/read/input.h lib/read/input.c \
	lib/read/encoding.c lib/read/codepage.c lib/read/gzip.c lib/read/lexer.h lib/read/lexclass.h \
	lib/read/plain.h lib/read/lexer.c lib/read/tag.c lib/read/lookahead.c lib/read/diag.c \
	lib/read/reader_private.h lib/read/parser.c lib/read/items.c \
	lib/read/reader.c lib/read/cut.c
lib_libpdn_internal_la_CPPFLAGS = $(AM_CPPFLAGS) $(ZLIB_CFLAGS)
lib_libpdn_internal_la_LIBADD = $(ZLIB_LIBS)
