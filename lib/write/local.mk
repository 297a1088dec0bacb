## lib/write/local.mk: the writer.
lib_libpdn_internal_la_SOURCES += lib/write/writer.c
