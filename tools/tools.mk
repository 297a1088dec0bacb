## tools/tools.mk: fragment included by Makefile.am
## The command-line tools: thin programs over libpdn sharing tools/common.c
## (conventions, diagnostics, driver) and tools/run.c (ordered -j pipeline).
## The programs are registered once the reader and writer are in libpdn.

TOOLS_COMMON = tools/common.c tools/common.h tools/run.c tools/run.h
EXTRA_DIST += tools/pdn-validate.c tools/pdn-legal.c tools/pdn-replay.c \
	tools/pdn-convert.c tools/diagram.c tools/diagram.h $(TOOLS_COMMON)
