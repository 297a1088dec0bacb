## lib/rules.mk: fragment included by Makefile.am
