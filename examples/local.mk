## examples/local.mk: programs written against the public API only (the
## installed headers and lib/libpdn.la), as a library user would: counting
## results, replaying to FENs, editing a game, a material search, building
## a game. make check builds them and tests/cli/examples.sh runs them on
## samples/ against the expected output in examples/expected/.
EXAMPLES = examples/count-results examples/replay-fens \
	examples/add-comment examples/material-search examples/build-game
check_PROGRAMS += $(EXAMPLES)
examples_count_results_SOURCES = examples/count-results.c
examples_count_results_LDADD = lib/libpdn.la
examples_count_results_LDFLAGS = $(NOINST_LDFLAGS)
examples_replay_fens_SOURCES = examples/replay-fens.c
examples_replay_fens_LDADD = lib/libpdn.la
examples_replay_fens_LDFLAGS = $(NOINST_LDFLAGS)
examples_add_comment_SOURCES = examples/add-comment.c
examples_add_comment_LDADD = lib/libpdn.la
examples_add_comment_LDFLAGS = $(NOINST_LDFLAGS)
examples_material_search_SOURCES = examples/material-search.c
examples_material_search_LDADD = lib/libpdn.la
examples_material_search_LDFLAGS = $(NOINST_LDFLAGS)
examples_build_game_SOURCES = examples/build-game.c
examples_build_game_LDADD = lib/libpdn.la
examples_build_game_LDFLAGS = $(NOINST_LDFLAGS)
## issue 29: the undo stack, game status, inference, material, keys, the
## board at a node and its picture
EXAMPLES += examples/game-status examples/board-svg
check_PROGRAMS += examples/game-status examples/board-svg
examples_game_status_SOURCES = examples/game-status.c
examples_game_status_LDADD = lib/libpdn.la
examples_game_status_LDFLAGS = $(NOINST_LDFLAGS)
examples_board_svg_SOURCES = examples/board-svg.c
examples_board_svg_LDADD = lib/libpdn.la
examples_board_svg_LDFLAGS = $(NOINST_LDFLAGS)
TESTS += tests/cli/examples.sh
EXTRA_DIST += tests/cli/examples.sh examples/expected
