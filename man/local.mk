## man/local.mk: the manual pages.
dist_man_MANS += man/libpdn.3 man/pdn-validate.1 man/pdn-legal.1 \
	man/pdn-replay.1 man/pdn-convert.1 man/pdn-perft.1 man/pdn-rules.7 \
	man/pdn-stats.1 man/pdn-fix.1 man/pdn-select.1 \
	man/pdn-json.5
dist_man_MANS += man/pdn-analyse.1 man/pdn-match.1
EXTRA_DIST += man/diagram-international.svg
if HAVE_SQLITE
dist_man_MANS += man/pdn-db.1 man/pdn-db-explore.1
endif
EXTRA_DIST += man/pdn-db.1 man/pdn-db-explore.1
