## tools/select/local.mk: pdn-select: its command line (pdn-select.c) and
## sorting (selectsort.c); the criteria, duplicates, the passes over the
## input and the output are the selection library's (tools/selectlib),
## which pdn-db's search shares so that both answer alike.
bin_PROGRAMS += tools/pdn-select
tools_pdn_select_SOURCES = tools/select/pdn-select.c \
	tools/select/selectsort.c tools/select/selectsort.h
tools_pdn_select_CPPFLAGS = $(SELECT_CPPFLAGS)
tools_pdn_select_LDADD = $(SELECT_LIBS)
EXTRA_DIST += tools/select/local.mk
