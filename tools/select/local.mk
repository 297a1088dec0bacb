## tools/select/local.mk: pdn-select: the criteria (selectcrit.c, with the
## opening names of selectopen.c), which pdn-db's search shares so that both
## answer alike; duplicates (selectdup.c), the passes over the input
## (selectpass.c), sorting (selectsort.c) and the output (selectout.c).
bin_PROGRAMS += tools/pdn-select
tools_pdn_select_SOURCES = tools/select/pdn-select.c \
	tools/select/selectcrit.c tools/select/selectcrit.h \
	tools/select/selectopen.c tools/select/selectopen.h \
	tools/select/selectdup.c tools/select/selectdup.h \
	tools/select/selectpass.c tools/select/selectpass.h \
	tools/select/selectsort.c tools/select/selectsort.h \
	tools/select/selectout.c tools/select/selectout.h
tools_pdn_select_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_select_LDADD = $(TOOLS_LIBS)
EXTRA_DIST += tools/select/local.mk
