## tools/tools.mk: fragment included by Makefile.am
