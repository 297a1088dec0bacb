## fuzz/local.mk: the fuzz targets, built and run by fuzz/run.sh (clang's
## libFuzzer; .ci/run runs it), never by make.
EXTRA_DIST += fuzz/README.md fuzz/run.sh fuzz/fuzz_util.h fuzz/fuzz_board.c \
	fuzz/fuzz_fen.c fuzz/fuzz_gametype.c fuzz/fuzz_movetext.c \
	fuzz/fuzz_reader.c fuzz/fuzz_replay.c
EXTRA_DIST += fuzz/fuzz_tool.h fuzz/fuzz_pattern.c fuzz/fuzz_manoeuvre.c \
	fuzz/fuzz_plies.c
EXTRA_DIST += fuzz/fuzz_hub.c fuzz/fuzz_dxp.c fuzz/fuzz_engine.h
EXTRA_DIST += fuzz/fuzz_marks.c
EXTRA_DIST += fuzz/fuzz_boundary.c
