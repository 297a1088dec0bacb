# SPDX-License-Identifier: MIT
"""Builds pdntools with libpdn compiled in: the extension pdntools._pdn is
made of python/src/*.c and every C source of libpdn (../lib from a source
tree, libpdn/ in an sdist), so nothing needs to be installed or configured
first. What configure and make would generate is generated here, in the
build directory: config.h (HAVE_ZLIB when zlib links), pdn/version.h (from
lib/pdn/version.h.in and AC_INIT's version in configure.ac) and
rules/opening-table.h (the tables of lib/openings/*.tsv, as tsv2c.awk
makes them).

    pip install --no-build-isolation ./python
    pip wheel --no-build-isolation --no-deps ./python
"""
import glob
import os
import re
import shutil
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))


def libpdn_dir():
    """libpdn's sources: libpdn/ (an sdist), else ../lib (the tree)."""
    for d in (os.path.join(HERE, "libpdn"), os.path.join(HERE, "..", "lib")):
        if os.path.isfile(os.path.join(d, "pdn", "pdn.h")):
            return os.path.normpath(d)
    raise SystemExit("pdntools: libpdn's sources not found (../lib or "
                     "libpdn/ next to setup.py)")


def package_version(lib):
    """AC_INIT's version in configure.ac (kept as VERSION in an sdist)."""
    for p in (os.path.join(lib, "VERSION"),
              os.path.join(lib, "..", "configure.ac")):
        if os.path.isfile(p):
            with open(p) as f:
                text = f.read()
            m = re.search(r"AC_INIT\(\[[^]]*\],\s*\[([0-9.]+)\]", text) or \
                re.match(r"\s*([0-9]+\.[0-9]+\.[0-9]+)\s*$", text)
            if m:
                return m.group(1)
    return "0.0.0"


LIB = libpdn_dir()
VERSION = package_version(LIB)


def c_string(s):
    if s == "-":
        return "NULL"
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def opening_table(tsvs):
    """The C initialisers of the opening tables (what tsv2c.awk writes)."""
    out = ["/* Generated from the tables in lib/openings by setup.py: "
           "do not edit. */"]
    for path in tsvs:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if line.startswith("#") or not line.strip(" \t"):
                    continue
                x = line.split("\t")
                if len(x) != 6 or not x[0].isdigit() or \
                        not (x[5].isdigit() or x[5] == "-") or x[4] == "-" \
                        or (x[2] == "-") != (x[3] == "-") or \
                        (x[2] == "-" and x[5] == "-"):
                    raise SystemExit("%s:%d: expected 6 tab-separated fields"
                                     % (path, n))
                out.append("{%d, %s, %s, %s, %s, %s}," % (
                    int(x[0]), c_string(x[1]), c_string(x[2]),
                    c_string(x[3]), c_string(x[4]),
                    0 if x[5] == "-" else int(x[5])))
    return "\n".join(out) + "\n"


def write_if_changed(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class BuildExt(build_ext):
    """Generates the headers configure and make would, then builds."""

    def have_zlib(self):
        d = tempfile.mkdtemp()
        try:
            src = os.path.join(d, "z.c")
            with open(src, "w") as f:
                f.write("#include <zlib.h>\nint probe(void);\nint "
                        "probe(void) { z_stream s; return inflateInit2(&s, "
                        "31); }\n")
            objs = self.compiler.compile([src], output_dir=d)
            # linked as the extension is (LDSHARED, LDFLAGS)
            self.compiler.link_shared_object(objs, os.path.join(d, "z.so"),
                                             libraries=["z"])
            return True
        except Exception:
            return False
        finally:
            shutil.rmtree(d, ignore_errors=True)

    def run(self):
        gen = os.path.join(os.path.abspath(self.build_temp), "gen")
        # self.compiler is made by run(); a probe needs one now
        from distutils.ccompiler import new_compiler
        from distutils.sysconfig import customize_compiler
        self.compiler = new_compiler(compiler=self.compiler,
                                     verbose=self.verbose,
                                     dry_run=self.dry_run, force=self.force)
        customize_compiler(self.compiler)
        zlib = self.have_zlib()
        self.compiler = None
        config = ["/* config.h for libpdn built into pdntools (setup.py) */",
                  "#ifndef _GNU_SOURCE", "#define _GNU_SOURCE 1", "#endif",
                  '#define PACKAGE_VERSION "%s"' % VERSION]
        if zlib:
            config.append("#define HAVE_ZLIB 1")
        write_if_changed(os.path.join(gen, "config.h"),
                         "\n".join(config) + "\n")
        major, minor, patch = (VERSION.split(".") + ["0", "0"])[:3]
        with open(os.path.join(LIB, "pdn", "version.h.in")) as f:
            vh = f.read()
        for k, v in (("PDN_VERSION_MAJOR", major), ("PDN_VERSION_MINOR",
                     minor), ("PDN_VERSION_PATCH", patch),
                     ("PACKAGE_VERSION", VERSION)):
            vh = vh.replace("@%s@" % k, v)
        write_if_changed(os.path.join(gen, "pdn", "version.h"), vh)
        tsvs = [os.path.join(LIB, "openings", n) for n in
                ("english.tsv", "english-3move.tsv", "russian.tsv")]
        write_if_changed(os.path.join(gen, "rules", "opening-table.h"),
                         opening_table(tsvs))
        saved = [ext.sources for ext in self.extensions]
        for ext in self.extensions:
            ext.sources = [os.path.abspath(os.path.join(HERE, p))
                           if p.startswith("..") else p for p in ext.sources]
            ext.include_dirs[:0] = [gen, LIB]
            if zlib and "z" not in ext.libraries:
                ext.libraries.append("z")
        try:
            build_ext.run(self)
        finally:
            for ext, src in zip(self.extensions, saved):
                ext.sources = src


class Sdist(sdist):
    """Carries libpdn's sources (and the version) in libpdn/."""

    def make_release_tree(self, base_dir, files):
        # the extension's sources in ../lib would be copied to base_dir's
        # parent (python/lib/, left behind): libpdn/ carries them
        files = [f for f in files
                 if not os.path.normpath(f).startswith(os.pardir)]
        sdist.make_release_tree(self, base_dir, files)
        dest = os.path.join(base_dir, "libpdn")
        if not os.path.isdir(dest):
            shutil.copytree(LIB, dest, ignore=shutil.ignore_patterns(
                "*.o", "*.lo", "*.la", ".libs", ".deps", ".dirstamp",
                "version.h", "opening-table.h", "*.pc", "local.mk"))
        with open(os.path.join(dest, "VERSION"), "w") as f:
            f.write(VERSION + "\n")


LIB_SOURCES = sorted(glob.glob(os.path.join(LIB, "*", "*.c")))
EXT_SOURCES = sorted(glob.glob(os.path.join(HERE, "src", "*.c")))
DEPENDS = sorted(glob.glob(os.path.join(LIB, "*", "*.h")) +
                 glob.glob(os.path.join(LIB, "openings", "*")) +
                 glob.glob(os.path.join(HERE, "src", "*.h")))


def rel(paths):
    """Relative to setup.py, as setup() wants them (BuildExt makes those
    outside it absolute again, so that their objects stay in build_temp)."""
    return [os.path.relpath(p, HERE) for p in paths]


setup(
    version=VERSION,
    ext_modules=[Extension(
        "pdntools._pdn", rel(EXT_SOURCES) + rel(LIB_SOURCES),
        depends=rel(DEPENDS), include_dirs=[],
        extra_compile_args=["-std=gnu11", "-O2"])],
    cmdclass={"build_ext": BuildExt, "sdist": Sdist},
)
