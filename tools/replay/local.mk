## tools/replay/local.mk: pdn-replay: positions (pdn-replay.c), text and
## SVG diagrams (diagram.c), their files and sheets (pictures.c) and the
## -f html viewer page (html.c), whose style, script and body live in
## tools/replay/viewer/ and are embedded as C strings (viewer-assets.h,
## built here by viewer/embed.sh).
bin_PROGRAMS += tools/pdn-replay
tools_pdn_replay_SOURCES = tools/replay/pdn-replay.c \
	tools/replay/diagram.c tools/replay/diagram.h \
	tools/replay/pictures.c tools/replay/pictures.h \
	tools/replay/html.c tools/replay/html.h
nodist_tools_pdn_replay_SOURCES = tools/replay/viewer-assets.h
tools_pdn_replay_CPPFLAGS = $(TOOLS_CPPFLAGS) -I$(builddir)/tools/replay
tools_pdn_replay_LDADD = $(TOOLS_LIBS) -lm
VIEWER_ASSETS = tools/replay/viewer/viewer.css \
	tools/replay/viewer/viewer.js tools/replay/viewer/viewer.html
EXTRA_DIST += tools/replay/local.mk tools/replay/viewer/embed.sh \
	$(VIEWER_ASSETS)
BUILT_SOURCES += tools/replay/viewer-assets.h
CLEANFILES += tools/replay/viewer-assets.h
# --enable-wasm: the page embeds libpdn's WebAssembly (wasm/local.mk)
if ENABLE_WASM
VIEWER_WASM = wasm/pdn.js
endif
tools/replay/viewer-assets.h: $(srcdir)/tools/replay/viewer/embed.sh \
		$(srcdir)/tools/replay/viewer/viewer.css \
		$(srcdir)/tools/replay/viewer/viewer.js $(srcdir)/wasm/pick.js \
		$(srcdir)/tools/replay/viewer/viewer.html $(VIEWER_WASM)
	$(AM_V_GEN)$(MKDIR_P) tools/replay && \
	$(SHELL) $(srcdir)/tools/replay/viewer/embed.sh \
	  $(srcdir)/tools/replay/viewer $(VIEWER_WASM) >$@.tmp && \
	mv $@.tmp $@
tools/replay/tools_pdn_replay-html.$(OBJEXT): tools/replay/viewer-assets.h
