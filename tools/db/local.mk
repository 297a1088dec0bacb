## tools/db/local.mk: pdn-db, the game database over SQLite (built when
## configure finds sqlite3). Its own sources live here: the command line
## and subcommands (pdn-db.c), the schema and opening checks (schema.c),
## create and add (build.c), the position key (key.c), search (search*.c),
## patterns and manoeuvres (pattern.c, manoeuvre.c)
## and the games' output (emit.c); it links the tool library and the
## selection library (tools/selectlib: pdn-select's criteria, which decide
## every game it gives, and their SQL), so that a search answers what
## pdn-select answers.
if HAVE_SQLITE
bin_PROGRAMS += tools/pdn-db
tools_pdn_db_SOURCES = tools/db/pdn-db.c tools/db/db.h tools/db/schema.c \
	tools/db/build.c tools/db/walk.c tools/db/key.c tools/db/search.c \
	tools/db/search.h tools/db/searchcand.c tools/db/searchgame.c \
	tools/db/searchplies.c \
	tools/db/pattern.c tools/db/pattern.h tools/db/emit.c tools/db/emit.h \
	tools/db/manoeuvre.c tools/db/manoeuvre.h tools/db/conds.c tools/db/conds.h \
	tools/db/plies.c tools/db/plies.h tools/db/verify.c
tools_pdn_db_CPPFLAGS = $(SELECT_CPPFLAGS) $(SQLITE_CFLAGS)
tools_pdn_db_LDADD = $(SELECT_LIBS) $(SQLITE_LIBS)
## the stored text (zlib's format, as sqlar; made by libdeflate when
## configure finds it) and the index's posting segments
tools_pdn_db_SOURCES += tools/db/store.c
tools_pdn_db_CPPFLAGS += $(ZLIB_CFLAGS) $(LIBDEFLATE_CFLAGS)
tools_pdn_db_LDADD += $(ZLIB_LIBS) $(LIBDEFLATE_LIBS)
## the explorer (explore*.c) and its server (serve*.c, with
## libmicrohttpd: serve.h names its files); the page in tools/db/web is
## built into the program
tools_pdn_db_SOURCES += tools/db/explore.c tools/db/explore.h \
	tools/db/exploreindex.c tools/db/explorefilter.c \
	tools/db/explorejson.c tools/db/explorecli.c
nodist_tools_pdn_db_SOURCES = tools/db/webassets.c
BUILT_SOURCES += tools/db/webassets.c
if HAVE_MHD
tools_pdn_db_SOURCES += tools/db/serve.c tools/db/serve.h \
	tools/db/servedb.c tools/db/servehttp.c tools/db/serveapi.c \
	tools/analyse/engcmd.c tools/analyse/engcmd.h
tools_pdn_db_CPPFLAGS += $(MHD_CFLAGS) -I$(srcdir)/tools/analyse
tools_pdn_db_LDADD += $(MHD_LIBS)
endif
endif
DB_WEB = tools/db/web/index.html tools/db/web/explore.js \
	tools/db/web/explore.css
## --enable-wasm: the page's board takes moves (libpdn's WebAssembly,
## wasm/pdn.js, and the viewer's move input, wasm/pick.js)
if ENABLE_WASM
DB_WASM = wasm/pdn.js
endif
tools/db/webassets.c: $(DB_WEB) tools/db/embed.sh wasm/pick.js $(DB_WASM)
	$(AM_V_GEN)$(MKDIR_P) tools/db && \
	$(SHELL) $(srcdir)/tools/db/embed.sh $(srcdir)/tools/db/web/index.html \
	  $(srcdir)/tools/db/web/explore.js $(srcdir)/tools/db/web/explore.css \
	  $(srcdir)/wasm/pick.js $(DB_WASM) > $@.tmp && mv $@.tmp $@
CLEANFILES += tools/db/webassets.c
EXTRA_DIST += $(DB_WEB) tools/db/embed.sh
EXTRA_DIST += tools/db/local.mk
## optimize: the index's segments merged into one
if HAVE_SQLITE
tools_pdn_db_SOURCES += tools/db/optimize.c
endif
