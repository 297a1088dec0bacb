## lib/reader.mk: fragment included by Makefile.am
