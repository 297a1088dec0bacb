# SPDX-License-Identifier: MIT
"""Run from python/ (`cd python && python3 -m pytest`), the source folder
pdntools/ comes first on sys.path, and it has no compiled _pdn: the tests
then use the installed module (pip install --no-build-isolation ./python),
or stop with that advice when there is none."""
import importlib
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normcase(os.path.dirname(HERE))


def _built_here():
    return any(f.startswith("_pdn") and f.endswith((".so", ".pyd"))
               for f in os.listdir(os.path.join(SRC, "pdntools")))


if not _built_here():
    sys.path[:] = [p for p in sys.path
                   if os.path.normcase(os.path.abspath(p or os.curdir))
                   != SRC]
    for name in [m for m in sys.modules
                 if m == "pdntools" or m.startswith("pdntools.")]:
        del sys.modules[name]
    try:
        importlib.import_module("pdntools._pdn")
    except ImportError:
        pytest.exit("pdntools is not installed: pip install "
                    "--no-build-isolation ./python first (or run make "
                    "check, which builds it in a virtual environment)",
                    returncode=4)
