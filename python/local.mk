## python/local.mk: the pdntools Python module, ctypes over the installed
## libpdn (python/README.md). make install puts it in pythondir when
## configure found python3; tests/cli/python.sh tests it in make check.
EXTRA_DIST += python/README.md python/pyproject.toml \
	python/pdntools/__init__.py python/pdntools/_capi.py \
	python/tests/test_pdntools.py python/examples/suggest_rate.py
if HAVE_PYTHON
pdntoolspydir = $(pythondir)/pdntools
pdntoolspy_PYTHON = python/pdntools/__init__.py python/pdntools/_capi.py
nodist_pdntoolspy_PYTHON = python/pdntools/_libdir.py
# Where make install puts libpdn, for the module to load it from there.
python/pdntools/_libdir.py: Makefile
	$(MKDIR_P) python/pdntools
	echo 'LIBDIR = "$(libdir)"' >$@
endif
DISTCLEANFILES += python/pdntools/_libdir.py
TESTS += tests/cli/python.sh
EXTRA_DIST += tests/cli/python.sh
