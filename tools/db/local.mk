## tools/db/local.mk: pdn-db, the game database over SQLite (built when
## configure finds sqlite3). Its own sources live here: the command line
## and subcommands (pdn-db.c), the schema and opening checks (schema.c),
## create and add (build.c), the position key (key.c), search (search.c)
## and the games' output (emit.c); it links the tool library and
## pdn-select's criteria (tools/selectcrit.c), which decide every game it
## gives, so that a search answers what pdn-select answers.
if HAVE_SQLITE
bin_PROGRAMS += tools/pdn-db
tools_pdn_db_SOURCES = tools/db/pdn-db.c tools/db/db.h tools/db/schema.c \
	tools/db/build.c tools/db/walk.c tools/db/key.c tools/db/search.c \
	tools/db/pattern.c tools/db/pattern.h tools/db/emit.c tools/db/emit.h \
	tools/db/explore.c tools/db/explore.h tools/db/manoeuvre.c \
	tools/db/manoeuvre.h \
	tools/selectcrit.c tools/selectcrit.h tools/selectopen.c \
	tools/selectopen.h $(TOOLS_COMMON)
tools_pdn_db_CPPFLAGS = $(AM_CPPFLAGS) -I$(srcdir)/tools $(SQLITE_CFLAGS)
tools_pdn_db_LDADD = lib/libpdn.la $(SQLITE_LIBS)
endif
EXTRA_DIST += tools/db/local.mk
