## tools/selectlib/local.mk: the selection library, built once and linked
## by pdn-select and pdn-db (search, explore, serve), so that both choose
## games alike: the criteria, their options and their checks (selectcrit.c,
## with the opening names of selectopen.c), duplicates (selectdup.c), the
## passes over the input of -J (selectpass.c), where the games go and the
## checks of the options that choose it (selectout.c), and, when configure
## finds sqlite3, the criteria as SQL on a database with the SQL functions
## they call (selectsql.c: pdn-select does not link it). A program reaches
## its headers through SELECT_CPPFLAGS.
noinst_LTLIBRARIES += tools/selectlib/libselect.la
## the criteria
tools_selectlib_libselect_la_SOURCES = \
	tools/selectlib/selectcrit.c tools/selectlib/selectcrit.h \
	tools/selectlib/selectopen.c tools/selectlib/selectopen.h
## duplicates, -J's passes, where the games go
tools_selectlib_libselect_la_SOURCES += \
	tools/selectlib/selectdup.c tools/selectlib/selectdup.h \
	tools/selectlib/selectpass.c tools/selectlib/selectpass.h \
	tools/selectlib/selectout.c tools/selectlib/selectout.h
tools_selectlib_libselect_la_CPPFLAGS = $(SELECT_CPPFLAGS)
if HAVE_SQLITE
tools_selectlib_libselect_la_SOURCES += tools/selectlib/selectsql.c \
	tools/selectlib/selectsql.h
tools_selectlib_libselect_la_CPPFLAGS += $(SQLITE_CFLAGS)
endif
SELECT_CPPFLAGS = $(TOOLS_CPPFLAGS) -I$(srcdir)/tools/selectlib
SELECT_LIBS = tools/selectlib/libselect.la $(TOOLS_LIBS)
EXTRA_DIST += tools/selectlib/local.mk
