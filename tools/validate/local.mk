## tools/validate/local.mk: pdn-validate, and the tag checks only it makes
## (tagcheck.c).
bin_PROGRAMS += tools/pdn-validate
tools_pdn_validate_SOURCES = \
	tools/validate/pdn-validate.c \
	tools/validate/tagcheck.c \
	tools/validate/tagcheck.h
tools_pdn_validate_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_pdn_validate_LDADD = $(TOOLS_LIBS)
EXTRA_DIST += tools/validate/local.mk
