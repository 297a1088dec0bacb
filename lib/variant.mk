## lib/variant.mk: fragment included by Makefile.am
