/* SPDX-License-Identifier: MIT */
/* The variant of a game without GameType tag, decided by evidence: the
 * game is replayed under every variant that fits its board and notation,
 * and the one under which it is legal (or legal longest) is taken; ties go
 * to what the rest of the file says (a first pass over a seekable file),
 * then to hints in the Event and Site tags, then to a fixed order. Also
 * the check of a tagged game that is illegal under its tag (does another
 * variant or numbering of the same board fit it?). */
#ifndef PDN_TOOLS_INFER_H
#define PDN_TOOLS_INFER_H

#include <stdio.h>
#include <pdn/pdn.h>

struct tool_opts;
struct tool_out;
struct tool_cache;

/* Candidate variants, in the fixed order that breaks ties. */
#define INFER_NCAND 16

/* What the decision for one game was (the library's pdn_infer_result:
 * the candidate taken, whether the game is legal under it, its plies, the
 * runner-up; and whether the candidate's giveaway form was taken); kept
 * per game for the file's summary. cand is -1 when the game was not
 * inferred. */
typedef struct infer_game_result {
    pdn_infer_result r;
    int giveaway;
} infer_game_result;

/* What a first pass over the start of a file found: per candidate, the
 * sampled games legal throughout under it and the latest ply at which
 * one of the others failed; prior is the candidate most games fit (-1:
 * no evidence). */
typedef struct infer_prior {
    int prior;
    unsigned long sampled;
    unsigned long legal[INFER_NCAND];
    unsigned long fail_ply[INFER_NCAND];
    int tried[INFER_NCAND];
} infer_prior;

/* What the file's games were replayed as: filled in input order. */
typedef struct infer_tally {
    unsigned long games;
    /* per candidate, then per candidate's giveaway form */
    unsigned long chosen[2 * INFER_NCAND];
    unsigned long legal[2 * INFER_NCAND];
} infer_tally;

/* The variant of g of file by evidence (g has neither GameType nor a
 * known Variant tag, and no -g was given): fills *gt and *res. Returns 0,
 * or -1 when no candidate fits its squares at all. Uses to->cache's
 * boards and starts with the variant of their first pass (prior). */
int infer_game(const char *file, const pdn_game *g, pdn_gametype *gt,
               infer_game_result *res, struct tool_out *to);

/* 1 when the input's name or g's Event or Site tag names giveaway
 * ("suicide", "giveaway", "losing", "anti"): the file's variant is not
 * guessed for g, inference decides (and tries giveaway). */
int infer_giveaway_named(const char *file, const pdn_game *g);
/* The replay that infer_game starts with, left to the caller: the file's
 * variant (p's prior; p NULL: none) when g's squares fit its board, as a
 * candidate index, else -1. A caller that replays g under it and finds
 * every move of the main line legal has the decision infer_game would
 * take, and records it with infer_prior_took (plies: the main line's);
 * otherwise it undoes what that replay reported and calls infer_game. */
int infer_prior_guess(const infer_prior *p, const pdn_game *g);
void infer_prior_took(const pdn_game *g, int cand, unsigned long plies,
                      infer_game_result *res);

/* The first pass over fp (seekable; rewound afterwards): reads games until
 * the first with a GameType tag when none lacked it so far, or until 64
 * games without one were replayed under every candidate. Fills *p. */
void infer_prepass(const struct tool_opts *o, FILE *fp, const char *name,
                   infer_prior *p);

/* Counts one game's decision in t (called in input order). */
void infer_count(infer_tally *t, const infer_game_result *res);

/* The file's summary: "N games without GameType replayed as Italian (22):
 * all legal; ..." into to (a warning of code variant, no position, game
 * 0). Nothing when no game was inferred. */
void infer_summary(const struct tool_opts *o, const char *file,
                   const infer_tally *t, const infer_prior *p,
                   struct tool_out *to);

/* A tagged game illegal under gt: another standard variant of the same
 * board, or gt with another numbering, under which it is legal throughout.
 * Returns 1 and fills *fit, or 0. */
int infer_refit(const pdn_game *g, const pdn_gametype *gt, pdn_gametype *fit,
                struct tool_out *to);

/* Whether g is legal throughout its main line under gt (used by -A before
 * trusting a tag). */
int infer_fits(const pdn_game *g, const pdn_gametype *gt,
               struct tool_out *to);

/* "Italian (22)" or, for a non-standard GameType, "Russian (25,W,8,8,N2,0)". */
void infer_describe(const pdn_gametype *gt, char *buf, size_t size);

/* The GameType of candidate i (0 <= i < INFER_NCAND). */
void infer_cand_gt(int i, pdn_gametype *gt);

/* Frees the candidate boards of a worker's cache. */
void infer_cache_free(struct tool_cache *c);

#endif /* PDN_TOOLS_INFER_H */
