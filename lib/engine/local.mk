## lib/engine/local.mk: the engine client, a layer over the rules: a
## program run as a separate process (process.c), the Hub protocol
## (hub.c), moves and positions in Hub's text (hubtext.c), the
## DamExchange Protocol over TCP (dxp.c), the move matcher both
## protocols share (movematch.c).
lib_libpdn_internal_la_SOURCES += lib/engine/engine_private.h \
	lib/engine/process.c lib/engine/hub.c lib/engine/hubtext.c \
	lib/engine/dxp.c lib/engine/movematch.c
