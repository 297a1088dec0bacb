/* SPDX-License-Identifier: MIT */
/* pdn-select --opening-name: the games whose opening (libpdn's tables and
 * codes, pdn_opening_game) has a name, a ballot number or a code. */
#ifndef PDN_TOOLS_SELECTOPEN_H
#define PDN_TOOLS_SELECTOPEN_H

#include <pdn/pdn.h>

/* --opening-name has no letter: its code (after pdn-select's others). */
#define SELECT_OPT_OPENING_NAME 0xae /* TOOL_LONG_OWN + 14 */

/* A copy of arg to match (blanks around it and repeated inside dropped),
 * or NULL after a usage error (reported). */
char *selopen_arg(const char *arg);

/* 1 when g's opening under gt is want: its name (in its tradition or in
 * English or transliteration, with or without the meaning in brackets,
 * ASCII letters in any case), its ACF ballot number ("46"), or its code
 * ("9-14 23-18 14x23"). 0 otherwise, and when it cannot be classified. */
int selopen_match(const char *want, const pdn_game *g,
                  const pdn_gametype *gt);

#endif /* PDN_TOOLS_SELECTOPEN_H */
