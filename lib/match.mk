## lib/match.mk: move matching, formatting, pdn-perft (fragment included by Makefile.am)
