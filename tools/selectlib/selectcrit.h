/* SPDX-License-Identifier: MIT */
/* pdn-select's criteria: what is read from the tags alone (tags by
 * regular expression, players, event, result, date range, plies,
 * comments) and what one replay of the main line decides (variant,
 * legality, opening, a position or material signature reached at any ply,
 * the game's fingerprint for deduplication). */
#ifndef PDN_TOOLS_SELECTCRIT_H
#define PDN_TOOLS_SELECTCRIT_H

#include <regex.h>
#include <pdn/pdn.h>

struct tool_opts;
struct tool_out;

/* -T NAME=ERE, -P ERE (White or Black), -e ERE (Event). */
typedef struct sel_tag {
    char *name;              /* NULL: White or Black */
    int icase;               /* -T NAME~=ERE: name and value in any case */
    regex_t re;
} sel_tag;

/* Men and kings per side; -1: any number. */
typedef struct sel_material {
    int kings_only;          /* "kings": no man left, a king each */
    int men[2], kings[2];    /* [0] White, [1] Black */
} sel_material;

struct sel_cache;

typedef struct sel_crit {
    sel_tag *tags;
    size_t ntags;
    int have_result;
    pdn_outcome result;
    long date_lo, date_hi;   /* YYYYMMDD; 0: none */
    int have_variant;
    pdn_gametype variant;
    unsigned long plies_lo, plies_hi;
    int have_plies;
    int comments;            /* 0: any, 1: with, 2: without */
    int legality;            /* 0: any, 1: legal, 2: illegal */
    pdn_movetext *opening;
    size_t nopening;
    char *opening_name;      /* --opening-name (selectopen.h) */
    int have_pos;
    pdn_fen pos;
    struct sel_cache *cache; /* -X: its boards per variant met */
    int have_mat;
    sel_material mat;
    int reversed;            /* position and material: colours reversed too */
    int invert;
    int fingerprint;         /* the verdict needs the game's fingerprint */
    int prefixes;            /* ... and the fingerprint of every prefix */
} sel_crit;

/* What the worker found for one game. */
typedef struct sel_verdict {
    int match;               /* every criterion holds (after -v) */
    int have_fp;             /* fp is the game's (it could be replayed) */
    pdn_fingerprint fp;
    unsigned long plies;     /* moves replayed into fp */
} sel_verdict;

/* Handles criterion option c with its argument: 1 when handled, 0 when c
 * is not a criterion, -1 after a usage error. */
/* --event has no letter (-e is pdn-fix's --dry-run): its code. */
#define SELECT_OPT_EVENT 0xa0 /* TOOL_LONG_OWN */
int selcrit_option(sel_crit *c, int letter, const char *arg);
/* The criteria's entries of an option table (tool_option, cmdline.h), in
 * pdn-select's and pdn-db search's: one text for both. --opening-name's
 * code is in selectopen.h. */
#define SELCRIT_OPTIONS \
    {"tag", 'T', "PATTERN", "PATTERN is NAME=ERE: the tag NAME matches the\n" \
                            "extended regular expression ERE (repeatable:\n" \
                            "all must hold); NAME~=ERE: in any case"}, \
    {"player", 'P', "ERE", "White or Black matches ERE"}, \
    {"event", SELECT_OPT_EVENT, "ERE", "Event matches ERE (as -T Event=ERE)"}, \
    {"result", 'Y', "RESULT", "the result is RESULT (1-0, 0-1, 1/2-1/2, 2-0,\n" \
                              "...: the same outcome however written)"}, \
    {"date", 'y', "RANGE", "FROM..TO: the Date lies in the range (YYYY, YYYY.MM or\n" \
                              "YYYY.MM.DD; a partial date matches when a\n" \
                              "day it can be falls in it)"}, \
    {"variant", 'K', "GAMETYPE", "the game's variant (after inference)"}, \
    {"plies", 'l', "RANGE", "MIN..MAX: the number of moves of the main line"}, \
    {"comments", 'b', "WITH", "with or without comments"}, \
    {"legality", 'L', "WHICH", "legal or illegal games (main line)"}, \
    {"opening", 'B', "MOVES", "the moves begin with MOVES (any notation)"}, \
    {"opening-name", SELECT_OPT_OPENING_NAME, "NAME", \
     "the game's named opening is NAME, or its ACF\n" \
     "three-move ballot NAME (a number), or its\n" \
     "opening code NAME (its first plies)"}, \
    {"position", 'X', "FEN", "the game reaches the position FEN"}, \
    {"material", 'M', "SIGNATURE", "the game reaches the material SIGNATURE\n" \
                                   "('3K v 1K', '2M1K v 2K', 'kings')"}, \
    {"reversed", 'Q', NULL, "-X and -M (pdn-db search: and --pattern):\n" \
                            "also with colours reversed"}, \
    {"invert", 'Z', NULL, "select the games that do not match"}
/* After every option, in pdn-select and pdn-db search alike: the criteria
 * that do not go together (-Q with nothing to reverse; pattern: pdn-db
 * search's --pattern was given). 0, or -1 after a usage error. */
int selcrit_conflicts(const sel_crit *c, int pattern);
/* 1 when a criterion needs the game's variant (and so may replay). */
int selcrit_replays(const sel_crit *c);
/* Decides g (not NULL) into *v. With prefix set (NULL otherwise), calls
 * prefix(ud, fp, plies) with the fingerprint after each ply short of the
 * last. */
void selcrit_game(const sel_crit *c, const struct tool_opts *o,
                  const char *file, const pdn_game *g, struct tool_out *to,
                  sel_verdict *v,
                  void (*prefix)(void *ud, const pdn_fingerprint *fp),
                  void *ud);
void selcrit_free(sel_crit *c);
/* The days a Date value spans, as -y reads it (YYYYMMDD; unknown parts
 * span their range): 0, or -1 when it is not a date. */
int selcrit_date(const char *s, long *lo, long *hi);

#endif /* PDN_TOOLS_SELECTCRIT_H */
