/* SPDX-License-Identifier: MIT */
/* Unit tests of the engine client's text (pdn/engine.h): Hub lines, moves
 * in Hub's form both ways, positions, variant names; and the client over
 * the test engine (its path in PDN_TEST_ENGINE): the hello, parameters,
 * a search with its history, and an engine that goes away; DXP's moves,
 * and its peer over loopback against a follower written by hand. A
 * program of its own (check_engine), beside check_pdn. */
#include <config.h>
#include <check.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <pdn/pdn.h>
#include "testutil.h"

static pdn_board *
board(int type, const char *fen)
{
    pdn_gametype gt;
    pdn_board *b;

    ck_assert_int_eq(pdn_gametype_standard(type, &gt), 0);
    b = pdn_board_new(&gt, NULL);
    ck_assert_ptr_nonnull(b);
    if (fen != NULL)
        ck_assert_int_ge(pdn_board_set_fen_string(b, fen, NULL), 0);
    return b;
}

START_TEST(test_line_parse)
{
    char s[] = "info depth=21 score=-0.01 pv=\"32-28 17-22\" flag x=\"\"";
    char bad1[] = "done move=\"32-28", bad2[] = "   ", bad3[] = "=x";
    char bad4[] = "a b=c\"d\"";
    pdn_hub_line l;

    ck_assert_int_eq(pdn_hub_line_parse(s, &l), 0);
    ck_assert_str_eq(l.command, "info");
    ck_assert_uint_eq(l.nargs, 5);
    ck_assert_str_eq(pdn_hub_line_get(&l, "depth"), "21");
    ck_assert_str_eq(pdn_hub_line_get(&l, "score"), "-0.01");
    ck_assert_str_eq(pdn_hub_line_get(&l, "pv"), "32-28 17-22");
    ck_assert_str_eq(pdn_hub_line_get(&l, "flag"), "");
    ck_assert_str_eq(pdn_hub_line_get(&l, "x"), "");
    ck_assert_ptr_null(pdn_hub_line_get(&l, "nodes"));
    ck_assert_int_eq(pdn_hub_line_parse(bad1, &l), -1);
    ck_assert_int_eq(pdn_hub_line_parse(bad2, &l), -1);
    ck_assert_int_eq(pdn_hub_line_parse(bad3, &l), -1);
    /* a quote inside an unquoted value is part of it */
    ck_assert_int_eq(pdn_hub_line_parse(bad4, &l), 0);
    ck_assert_str_eq(pdn_hub_line_get(&l, "b"), "c\"d\"");
}
END_TEST

START_TEST(test_moves)
{
    /* PDN's 21x32x23 (White's man on 21 takes 27 and 28) is 21x23x27x28 */
    pdn_board *b = board(20, "W:W21:B27,28,17");
    pdn_error err;
    pdn_move m;
    char buf[64];

    ck_assert_int_eq(pdn_engine_move_parse(b, "21x23x27x28", 11, &m, &err),
                     0);
    ck_assert_int_eq(m.ncaptured, 2);
    ck_assert_int_eq(pdn_engine_move_parse(b, "21x23x28x27", 11, &m, &err),
                     0);
    pdn_engine_move_format(b, &m, buf, sizeof buf);
    ck_assert_str_eq(buf, "21x23x27x28");
    pdn_move_format(b, NULL, &m, PDN_MOVE_FULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "21x32x23");
    /* from and to alone name it too: the one capture from 21 to 23 */
    ck_assert_int_eq(pdn_engine_move_parse(b, "21x23", 5, &m, &err), 0);
    /* a wrong captured square, a quiet move when a capture is due */
    ck_assert_int_eq(pdn_engine_move_parse(b, "21x23x27x17", 11, &m, &err),
                     -1);
    ck_assert_int_eq(err.code, PDN_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(err.text, "'21x23x27x17' is not legal in "
                                           "W:W21:B17,27,28"));
    ck_assert_int_eq(pdn_engine_move_parse(b, "21-16", 5, &m, &err), -1);
    ck_assert_int_eq(err.code, PDN_EILLEGAL);
    ck_assert_int_eq(pdn_engine_move_parse(b, "21-", 3, &m, &err), -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    ck_assert_int_eq(pdn_engine_move_parse(b, "a1-b2", 5, &m, &err), -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    ck_assert_int_eq(pdn_engine_move_parse(b, "21-16-11", 8, &m, &err), -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    pdn_board_free(b);
}
END_TEST

START_TEST(test_position)
{
    pdn_board *b = board(20, NULL);
    pdn_gametype gt;
    char buf[64];

    ck_assert_uint_eq(pdn_engine_position_format(b, buf, sizeof buf), 51);
    ck_assert_str_eq(buf, "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    ck_assert_uint_eq(pdn_engine_position_format(b, buf, 5), 51);
    ck_assert_str_eq(buf, "Wbbb");
    pdn_board_free(b);
    b = board(20, "B:WK4:B45");
    pdn_engine_position_format(b, buf, sizeof buf);
    ck_assert_str_eq(buf, "BeeeWeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeebeeeee");
    pdn_board_free(b);
    pdn_gametype_standard(20, &gt);
    ck_assert_str_eq(pdn_engine_variant_name(&gt), "normal");
    pdn_gametype_standard(40, &gt);
    ck_assert_str_eq(pdn_engine_variant_name(&gt), "frisian");
    pdn_gametype_by_name("antidraughts", &gt);
    ck_assert_str_eq(pdn_engine_variant_name(&gt), "losing");
    pdn_gametype_by_name("breakthrough", &gt);
    ck_assert_str_eq(pdn_engine_variant_name(&gt), "bt");
    pdn_gametype_standard(21, &gt);
    ck_assert_str_eq(pdn_engine_variant_name(&gt), "english");
}
END_TEST

static const char *
engine_path(void)
{
    const char *p = getenv("PDN_TEST_ENGINE");

    return p != NULL ? p : "tests/engine/pdn-test-engine";
}

START_TEST(test_client)
{
    const char *argv[] = {engine_path(), "hub", NULL};
    pdn_engine_options o;
    pdn_engine_limits lim = {3, 0, 0, 0, 1};
    pdn_engine_result r;
    pdn_error err;
    pdn_engine *e;
    pdn_board *b = board(20, NULL);
    pdn_gametype gt;
    size_t i;
    int found = 0;

    pdn_engine_options_init(&o);
    o.argv = argv;
    e = pdn_engine_start(&o, &err);
    ck_assert_msg(e != NULL, "%s", err.text);
    ck_assert_str_eq(pdn_engine_name(e), "pdn-test-engine");
    ck_assert_str_eq(pdn_engine_version(e), "1.0");
    ck_assert_str_eq(pdn_engine_author(e), "pdntools tests");
    for (i = 0; i < pdn_engine_param_count(e); i++)
        if (strcmp(pdn_engine_param_name(e, i), "variant") == 0) {
            found = 1;
            ck_assert_str_eq(pdn_engine_param_value(e, i), "normal");
            ck_assert_ptr_nonnull(strstr(pdn_engine_param_values(e, i),
                                         "frisian"));
        }
    ck_assert(found);
    ck_assert_ptr_null(pdn_engine_param_name(e, 99));
    ck_assert_int_eq(pdn_engine_set_param(e, "threads", "2", &err), 0);
    ck_assert_int_eq(pdn_engine_set_param(e, "nothing", "2", &err), -1);
    ck_assert_int_eq(err.code, PDN_ETAG);
    ck_assert_int_eq(pdn_engine_set_param(e, "threads", "a\"b", &err), -1);
    ck_assert_int_eq(pdn_engine_failed(e, NULL), 0);
    ck_assert_int_eq(pdn_engine_ping(e, &err), 0);
    /* a search, then one with the history of two moves */
    ck_assert_int_eq(pdn_engine_search(e, b, &lim, &r, &err), 0);
    ck_assert(r.has_score);
    ck_assert_int_eq(r.depth, 3);
    ck_assert_uint_eq(r.npv, 3);
    ck_assert_int_eq(pdn_board_push(b, &r.move, &err), 0);
    ck_assert_int_eq(pdn_engine_search(e, b, &lim, &r, &err), 0);
    ck_assert_int_eq(pdn_board_push(b, &r.move, &err), 0);
    ck_assert_int_eq(pdn_engine_search(e, b, &lim, &r, &err), 0);
    /* the variant cannot change after the first search */
    pdn_gametype_standard(40, &gt);
    ck_assert_int_eq(pdn_engine_set_variant(e, &gt, &err), -1);
    ck_assert_int_eq(err.code, PDN_EVARIANT);
    ck_assert_int_eq(pdn_engine_failed(e, NULL), 0);
    pdn_engine_free(e);
    pdn_board_free(b);
}
END_TEST

START_TEST(test_client_gone)
{
    const char *argv[] = {engine_path(), "--exit", "--after", "2", NULL};
    pdn_engine_options o;
    pdn_engine_result r;
    pdn_error err, kept;
    pdn_engine *e;
    pdn_board *b = board(20, NULL);

    pdn_engine_options_init(&o);
    o.argv = argv;
    e = pdn_engine_start(&o, &err);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(pdn_engine_search(e, b, NULL, &r, &err), 0);
    ck_assert_int_eq(pdn_engine_search(e, b, NULL, &r, &err), -1);
    ck_assert_int_eq(err.code, PDN_EIO);
    ck_assert_ptr_nonnull(strstr(err.text, "exited with status 3"));
    ck_assert_int_eq(pdn_engine_failed(e, &kept), 1);
    ck_assert_str_eq(kept.text, err.text);
    /* every later call: the same error, no write to the dead engine */
    ck_assert_int_eq(pdn_engine_ping(e, &err), -1);
    ck_assert_str_eq(kept.text, err.text);
    ck_assert_int_eq(pdn_engine_search(e, b, NULL, &r, &err), -1);
    pdn_engine_free(e);
    pdn_board_free(b);
    /* no program */
    ck_assert_ptr_null(pdn_engine_start(NULL, &err));
    ck_assert_int_eq(err.code, PDN_EIO);
}
END_TEST

/* DXP's MOVE both ways: the capture of test_moves, its squares in either
 * order; a quiet move; errors. */
START_TEST(test_dxp_moves)
{
    pdn_board *b = board(20, "W:W21:B27,28,17");
    pdn_error err;
    pdn_move m;
    char buf[64];

    ck_assert_int_eq(pdn_dxp_move_parse(b, "M00032123022728", 15, &m, &err),
                     0);
    ck_assert_int_eq(m.ncaptured, 2);
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M00032123022827", 15, &m, &err),
                     0);
    ck_assert_uint_eq(pdn_dxp_move_format(b, &m, 2.6, buf, sizeof buf), 15);
    ck_assert_int_eq(strncmp(buf, "M0003212302", 11), 0);
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M00032123022717", 15, &m, &err),
                     -1);
    ck_assert_int_eq(err.code, PDN_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(err.text, "'M00032123022717' (21x23) is not "
                                           "legal in W:W21:B17,27,28"));
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M0003211600", 11, &m, &err), -1);
    ck_assert_int_eq(err.code, PDN_EILLEGAL);
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M000321230227", 13, &m, &err),
                     -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M00x3211600", 11, &m, &err), -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    pdn_board_free(b);
    b = board(20, NULL);
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M0000323800", 11, &m, &err), -1);
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M0000322800", 11, &m, &err), 0);
    ck_assert_uint_eq(pdn_dxp_move_format(b, &m, 0, buf, sizeof buf), 11);
    ck_assert_str_eq(buf, "M0000322800");
    pdn_board_free(b);
}
END_TEST

/* The peer over a loopback connection, the follower's side written by
 * hand: the request and its acceptance, a move each way, a chat, a
 * BACKREQ answered, the peer's GAMEEND, then garbage, and a peer gone. */
static int
follower(int port)
{
    struct sockaddr_in sa;
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    ck_assert_int_ge(fd, 0);
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sa.sin_port = htons((unsigned short)port);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    return fd;
}

static void
say(int fd, const char *msg)
{
    ck_assert_int_eq(send(fd, msg, strlen(msg) + 1, 0),
                     (ssize_t)strlen(msg) + 1);
}

/* Reads what the client sent into buf (its messages, NULs as '|'). */
static void
heard(int fd, char *buf, size_t size)
{
    struct pollfd p = {fd, POLLIN, 0};
    ssize_t n, i;

    ck_assert_int_eq(poll(&p, 1, 10000), 1);
    n = recv(fd, buf, size - 1, 0);

    ck_assert_int_gt(n, 0);
    for (i = 0; i < n; i++)
        if (buf[i] == '\0')
            buf[i] = '|';
    buf[n] = '\0';
}

START_TEST(test_dxp_peer)
{
    pdn_dxp_options o;
    pdn_board *b = board(20, NULL);
    pdn_error err;
    pdn_dxp *d;
    pdn_move m;
    char buf[512];
    double secs;
    int fd, reason;

    pdn_dxp_options_init(&o);
    o.timeout = 60; /* a bound: every answer is in the socket already */
    o.name = "unit";
    d = pdn_dxp_listen(NULL, "0", &o, &err);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_gt(pdn_dxp_port(d), 0);
    fd = follower(pdn_dxp_port(d));
    ck_assert_int_eq(pdn_dxp_accept(d, &err), 0);
    say(fd, "Chello");
    say(fd, "Afollower                        0");
    ck_assert_int_eq(pdn_dxp_game_request(d, b, 'B', 5, 75, &err), 0);
    ck_assert_str_eq(pdn_dxp_peer_name(d), "follower");
    ck_assert_str_eq(pdn_dxp_chat(d), "hello");
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "R01unit                            Z005075A|");
    ck_assert_int_eq(pdn_engine_move_parse(b, "32-28", 5, &m, &err), 0);
    ck_assert_int_eq(pdn_dxp_send_move(d, b, &m, 1.4, &err), 0);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "M0001322800|");
    pdn_board_apply(b, &m);
    say(fd, "B001W");
    say(fd, "M0007192300");
    ck_assert_int_eq(pdn_dxp_read_move(d, b, 5, &m, &secs, &reason, &err), 0);
    ck_assert(secs == 7);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "K1|");
    pdn_board_apply(b, &m);
    /* the follower resigns; the client answers, and waits for nothing */
    say(fd, "E10");
    ck_assert_int_eq(pdn_dxp_read_move(d, b, 5, &m, &secs, &reason, &err), 1);
    ck_assert_int_eq(reason, PDN_DXP_I_LOSE);
    ck_assert_int_eq(pdn_dxp_game_end(d, PDN_DXP_I_WIN, 0, &err), 0);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "E30|");
    /* another game, from a position: 'B', then garbage */
    pdn_board_free(b);
    b = board(20, "B:WK4:B45");
    say(fd, "Afollower                        0");
    ck_assert_int_eq(pdn_dxp_game_request(d, b, 'W', 0, 0, &err), 0);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "R01unit                            W000000BZ"
                          "eeeWeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeezeeeee|");
    say(fd, "M\x01\xff");
    ck_assert_int_eq(pdn_dxp_read_move(d, b, 5, &m, &secs, &reason, &err),
                     -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    ck_assert_ptr_nonnull(strstr(err.text, "'M\\x01\\xFF' is not a DXP "
                                           "message"));
    /* unusable from then on */
    ck_assert_int_eq(pdn_dxp_failed(d, NULL), 1);
    ck_assert_int_eq(pdn_dxp_game_end(d, 0, 1, &err), -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    pdn_dxp_free(d);
    close(fd);

    /* a peer that closes, one that refuses, one that says nothing */
    d = pdn_dxp_listen("127.0.0.1", "0", &o, &err);
    ck_assert_ptr_nonnull(d);
    fd = follower(pdn_dxp_port(d));
    ck_assert_int_eq(pdn_dxp_accept(d, &err), 0);
    say(fd, "Cbye");
    close(fd);
    ck_assert_int_eq(pdn_dxp_game_request(d, b, 'W', 0, 0, &err), -1);
    ck_assert_int_eq(err.code, PDN_EIO);
    ck_assert_ptr_nonnull(strstr(err.text, "the peer closed the connection "
                                           "(waiting for the game's "
                                           "acceptance) (its last chat: "
                                           "'bye')"));
    pdn_dxp_free(d);
    d = pdn_dxp_listen(NULL, "0", &o, &err);
    fd = follower(pdn_dxp_port(d));
    ck_assert_int_eq(pdn_dxp_accept(d, &err), 0);
    say(fd, "Afollower                        2");
    ck_assert_int_eq(pdn_dxp_game_request(d, b, 'W', 0, 0, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.text, "refused (acceptance code 2"));
    pdn_dxp_free(d);
    close(fd);
    o.timeout = 0.2;
    d = pdn_dxp_listen(NULL, "0", &o, &err);
    ck_assert_int_eq(pdn_dxp_accept(d, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.text, "no connection in 0.2 s"));
    pdn_dxp_free(d);
    /* a board DXP cannot carry */
    pdn_board_free(b);
    b = board(21, NULL);
    d = pdn_dxp_listen(NULL, "0", &o, &err);
    fd = follower(pdn_dxp_port(d));
    ck_assert_int_eq(pdn_dxp_accept(d, &err), 0);
    ck_assert_int_eq(pdn_dxp_game_request(d, b, 'W', 0, 0, &err), -1);
    ck_assert_int_eq(err.code, PDN_EVARIANT);
    ck_assert_int_eq(pdn_dxp_failed(d, NULL), 0);
    pdn_dxp_free(d);
    close(fd);
    pdn_board_free(b);
}
END_TEST

/* The follower's side: the library listens (as Scan's dxp-server does)
 * and the initiator is written by hand: a request from the start,
 * accepted, a move each way, its GAMEEND; a request from a position,
 * declined; a malformed request. */
START_TEST(test_dxp_follower)
{
    pdn_dxp_options o;
    pdn_board *b = board(20, NULL);
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_dxp_request r;
    pdn_error err;
    pdn_move m;
    pdn_dxp *d;
    char buf[256], req[160];
    int fd, reason = -1, i;
    double secs;

    pdn_dxp_options_init(&o);
    o.timeout = 10;
    o.name = "follower";
    d = pdn_dxp_listen(NULL, "0", &o, &err);
    ck_assert_ptr_nonnull(d);
    fd = follower(pdn_dxp_port(d));
    ck_assert_int_eq(pdn_dxp_accept(d, &err), 0);
    /* an answer before any request */
    ck_assert_int_eq(pdn_dxp_game_answer(d, 0, &err), -1);
    pdn_dxp_free(d);
    close(fd);

    d = pdn_dxp_listen(NULL, "0", &o, &err);
    fd = follower(pdn_dxp_port(d));
    ck_assert_int_eq(pdn_dxp_accept(d, &err), 0);
    say(fd, "Chello");
    snprintf(req, sizeof req, "R01%-32s%c%03d%03dA", "initiator", 'W', 5, 75);
    say(fd, req);
    ck_assert_int_eq(pdn_dxp_game_wait(d, b, 10, &r, &err), 0);
    ck_assert_int_eq(r.version, 1);
    ck_assert_int_eq(r.colour, 'W');
    ck_assert_int_eq(r.minutes, 5);
    ck_assert_int_eq(r.moves, 75);
    ck_assert_str_eq(pdn_dxp_peer_name(d), "initiator");
    ck_assert_str_eq(pdn_dxp_chat(d), "hello");
    ck_assert_int_eq(pdn_board_turn(b), 'W');
    ck_assert_int_eq(pdn_board_count(b, 'w'), 20);
    ck_assert_int_eq(pdn_dxp_game_answer(d, 0, &err), 0);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "Afollower                        0|");
    /* our move (White), its answer, its GAMEEND, ours */
    ck_assert_int_eq(pdn_dxp_move_parse(b, "M0000322800", 11, &m, &err), 0);
    ck_assert_int_eq(pdn_dxp_send_move(d, b, &m, 1, &err), 0);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "M0001322800|");
    pdn_board_apply(b, &m);
    say(fd, "M0002182300");
    ck_assert_int_eq(pdn_dxp_read_move(d, b, 10, &m, &secs, &reason, &err),
                     0);
    ck_assert_int_eq(pdn_coord_to_square(gt, m.path[0]), 18);
    pdn_board_apply(b, &m);
    say(fd, "E20");
    ck_assert_int_eq(pdn_dxp_read_move(d, b, 10, &m, &secs, &reason, &err),
                     1);
    ck_assert_int_eq(reason, PDN_DXP_DRAW);
    ck_assert_int_eq(pdn_dxp_game_end(d, PDN_DXP_DRAW, 0, &err), 0);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "E20|");
    /* a position: Black to move, a black king on 1, a white man on 50;
     * we are Black; declined */
    snprintf(req, sizeof req, "R01%-32s%c%03d%03dBZ", "initiator", 'Z', 0,
             0);
    for (i = 1; i <= 50; i++)
        strcat(req, i == 1 ? "Z" : i == 50 ? "w" : "e");
    say(fd, req);
    ck_assert_int_eq(pdn_dxp_game_wait(d, b, 10, &r, &err), 0);
    ck_assert_int_eq(r.colour, 'B');
    ck_assert_int_eq(pdn_board_turn(b), 'B');
    ck_assert_int_eq(pdn_board_piece(b, pdn_square_to_coord(gt, 1)), 'B');
    ck_assert_int_eq(pdn_board_piece(b, pdn_square_to_coord(gt, 50)), 'w');
    ck_assert_int_eq(pdn_board_count(b, 'w') + pdn_board_count(b, 'b'), 1);
    ck_assert_int_eq(pdn_dxp_game_answer(d, 2, &err), 0);
    heard(fd, buf, sizeof buf);
    ck_assert_str_eq(buf, "Afollower                        2|");
    /* a malformed request */
    say(fd, "R01short");
    ck_assert_int_eq(pdn_dxp_game_wait(d, b, 10, &r, &err), -1);
    ck_assert_int_eq(err.code, PDN_ESYNTAX);
    ck_assert_int_eq(pdn_dxp_failed(d, NULL), 1);
    pdn_dxp_free(d);
    close(fd);
    /* silence */
    o.timeout = 0.2;
    d = pdn_dxp_listen(NULL, "0", &o, &err);
    fd = follower(pdn_dxp_port(d));
    ck_assert_int_eq(pdn_dxp_accept(d, &err), 0);
    ck_assert_int_eq(pdn_dxp_game_wait(d, b, 0.2, &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.text, "no answer in 0.2 s"));
    pdn_dxp_free(d);
    close(fd);
    pdn_board_free(b);
}
END_TEST

int
main(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("hub");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_line_parse);
    tcase_add_test(tc, test_moves);
    tcase_add_test(tc, test_position);
    tcase_add_test(tc, test_client);
    tcase_add_test(tc, test_client_gone);
    tcase_add_test(tc, test_dxp_moves);
    tcase_add_test(tc, test_dxp_peer);
    tcase_add_test(tc, test_dxp_follower);
    tcase_set_timeout(tc, TEST_TIMEOUT);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
