## lib/rules/local.mk: the rules engine: boards, move generation, perft,
## playing and matching written moves, position hashes, draw rules.
lib_libpdn_internal_la_SOURCES += lib/rules/rules_private.h lib/rules/board.c \
	lib/rules/movegen.c lib/rules/capture.c lib/rules/movegen_query.c \
	lib/rules/makemove.c \
	lib/rules/perft.c \
	lib/rules/play.c lib/rules/match.c lib/rules/hash.c lib/rules/drawrules.c \
	lib/rules/position.c lib/rules/replay.c lib/rules/fingerprint.c \
	lib/rules/check.c
lib_libpdn_internal_la_SOURCES += lib/rules/folk.c lib/rules/folkend.c \
	lib/rules/stavropol.h lib/rules/stavropol.c \
	lib/rules/towers.h lib/rules/towers.c

## Openings: the tables in lib/openings (GameType, moves, names, source,
## ballot number)
## become C initialisers at build time, in the build tree.
lib_libpdn_internal_la_SOURCES += lib/rules/opening.c
nodist_lib_libpdn_internal_la_SOURCES = lib/rules/opening-table.h
OPENING_TABLES = $(srcdir)/lib/openings/english.tsv \
	$(srcdir)/lib/openings/english-3move.tsv \
	$(srcdir)/lib/openings/russian.tsv
BUILT_SOURCES += lib/rules/opening-table.h
CLEANFILES += lib/rules/opening-table.h
EXTRA_DIST += $(OPENING_TABLES) lib/openings/tsv2c.awk
lib/rules/opening-table.h: $(OPENING_TABLES) $(srcdir)/lib/openings/tsv2c.awk
	$(AM_V_GEN)$(MKDIR_P) lib/rules && \
	$(AWK) -f $(srcdir)/lib/openings/tsv2c.awk $(OPENING_TABLES) > $@.tmp && \
	mv $@.tmp $@
## the undo stack and the game status (pdn_board_push, pdn_board_status)
lib_libpdn_internal_la_SOURCES += lib/rules/history.c
## material signatures, position keys' variant part, a board as SVG
lib_libpdn_internal_la_SOURCES += lib/rules/material.c lib/rules/svg.c
## a node's parent, ply and line; the board at a node
lib_libpdn_internal_la_SOURCES += lib/rules/tree.c
## variant inference (pdn_infer_gametype), which the tools are built on
lib_libpdn_internal_la_SOURCES += lib/rules/infer.c
