## tools/convert/local.mk: pdn-convert, and the game formatting only it
## does (gamefmt.c: notation, width, move numbers).
bin_PROGRAMS += tools/pdn-convert
tools_pdn_convert_SOURCES = \
	tools/convert/pdn-convert.c \
	tools/convert/gamefmt.c \
	tools/convert/gamefmt.h
tools_pdn_convert_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_convert_LDADD = $(TOOLS_LIBS)
EXTRA_DIST += tools/convert/local.mk
