/* SPDX-License-Identifier: MIT */
/* One Check suite per module; check_main.c runs them all. */
#ifndef PDN_TEST_SUITES_H
#define PDN_TEST_SUITES_H

#include <check.h>
#include "pdn/pdn.h"

Suite *core_suite(void);     /* check_core.c: errors, allocation, buffers */
Suite *lexer_suite(void);    /* check_lexer.c */
Suite *parser_suite(void);   /* check_parser.c */
Suite *reader_suite(void);   /* check_reader.c */
Suite *game_suite(void);     /* check_game.c */
Suite *writer_suite(void);   /* check_writer.c */
Suite *gametype_suite(void); /* check_gametype.c */
Suite *notation_suite(void); /* check_notation.c */
Suite *fen_suite(void);      /* check_fen.c */
Suite *board_suite(void);    /* check_board.c */
Suite *rules_suite(void);    /* check_rules.c */
Suite *match_suite(void);    /* check_match.c */
Suite *draw_suite(void);     /* check_draw.c: hashing, draw rules */
Suite *opening_suite(void);  /* check_opening.c: opening tables, codes */
Suite *folk_suite(void);     /* check_folk.c: folk variants */
Suite *towers_suite(void);   /* check_towers.c: Bashni, Laska */
Suite *result_suite(void);   /* check_result.c */
Suite *enomem_suite(void);   /* check_enomem.c: every allocation failing */
Suite *edit_suite(void);     /* check_edit.c: editing and building games */
Suite *replay_suite(void);   /* check_replay.c: replay, candidates */
Suite *api_suite(void);      /* check_api.c: version, errors, helpers */
Suite *history_suite(void);  /* check_history.c: undo, game status */
Suite *position_suite(void); /* check_position.c: keys, material, SVG, tree */

/* Parallel reading's cuts (check_cut.c), a case of the reader suite. */
void cut_tests(TCase *tc);

/* The tests that read ../shared (check_pdn --shared, tests/unit/shared.sh):
 * each file adds its own to the one "shared" suite (check_main.c). */
void fen_shared_tests(TCase *tc);
void gametype_shared_tests(TCase *tc);
void reader_shared_tests(TCase *tc);
void opening_shared_tests(TCase *tc);

#endif
