## tools/fix/local.mk: pdn-fix, and its re-encoding of text (transcode.c).
bin_PROGRAMS += tools/pdn-fix
tools_pdn_fix_SOURCES = \
	tools/fix/pdn-fix.c \
	tools/fix/transcode.c \
	tools/fix/transcode.h
tools_pdn_fix_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_fix_LDADD = $(TOOLS_LIBS)
EXTRA_DIST += tools/fix/local.mk
