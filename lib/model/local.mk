## lib/model/local.mk: the game model (tags, moves, comments, variations),
## move text, results and their outcomes.
lib_libpdn_internal_la_SOURCES += lib/model/game_private.h lib/model/game.c \
	lib/model/movetext.c lib/model/result.c lib/model/edit.c
