## python/local.mk: the pdntools Python module (python/README.md): a
## compiled extension with libpdn built in, installed with pip
## (pip install --no-build-isolation ./python), not by make install;
## tests/cli/python.sh builds and installs it into a fresh venv in
## make check.
EXTRA_DIST += python/README.md python/pyproject.toml python/setup.py \
	python/MANIFEST.in python/pdntools/__init__.py \
	python/pdntools/__init__.pyi python/pdntools/py.typed \
	python/pdntools/engine.py python/pdntools/engine.pyi \
	python/src/engine.c python/src/dxp.c python/tests/test_engine.py \
	python/src/pdnpy.h python/src/module.c python/src/board.c \
	python/src/move.c \
	python/src/game.c python/src/walk.h python/src/walk.c \
	python/src/replay.c python/src/node.c python/src/reader.c \
	python/tests/test_pdntools.py python/tests/test_python_chess.py \
	python/tests/conftest.py \
	python/examples/suggest_rate.py
TESTS += tests/cli/python.sh
EXTRA_DIST += tests/cli/python.sh
