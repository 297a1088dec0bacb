## lib/core/local.mk: allocation (with the test hook), errors, version.
lib_libpdn_internal_la_SOURCES += lib/core/pdn_private.h lib/core/alloc.c \
	lib/core/error.c lib/core/version.c
