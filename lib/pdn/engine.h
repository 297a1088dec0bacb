/* SPDX-License-Identifier: MIT */
/* Engines: a draughts program run as a separate process and spoken to
 * through the Hub protocol (version 2, as Scan 3.1 speaks it). The client
 * starts the program without a shell, sets its variant and parameters,
 * sends positions and limits, and reads its answers back through the
 * rules engine: a move that is not legal in the position is an error
 * naming the move and the position, never played. Every read has a
 * deadline and every line a length limit: an engine that dies, hangs,
 * floods or writes garbage gives an error, never takes the caller down
 * (writes to a dead engine raise no SIGPIPE). An engine belongs to one
 * thread at a time; distinct engines may be used from distinct threads. */
#ifndef PDN_ENGINE_H
#define PDN_ENGINE_H

#include <stddef.h>
#include <pdn/error.h>
#include <pdn/variant.h>
#include <pdn/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdn_engine pdn_engine;

/* How to start an engine. argv: the program and its arguments, NULL
 * ended (argv[0] is looked up in PATH when it holds no '/', and a
 * relative path is taken from dir); dir: its working directory (NULL:
 * the caller's); timeout: seconds allowed for every answer that is not a
 * search's (the hello, ready, pong), 0 for 10; max_line: the longest line
 * read from it, 0 for 1 MiB (a longer one is a PDN_ELIMIT error). The
 * engine's standard error goes to /dev/null unless stderr_fd >= 0 names a
 * descriptor of the caller's to send it to. */
typedef struct pdn_engine_options {
    const char *const *argv;
    const char *dir;
    double timeout;
    size_t max_line;
    int stderr_fd;
} pdn_engine_options;

/* Fills *o with the defaults (argv NULL, dir NULL, stderr_fd -1). */
void pdn_engine_options_init(pdn_engine_options *o);

/* Starts the program and reads its Hub hello (hub: id, param ..., wait).
 * Returns a new engine owned by the caller (pdn_engine_free), or NULL with
 * *err: PDN_EIO for a program that cannot be started, dies, stays silent
 * past the timeout or does not speak Hub; PDN_ELIMIT for a line over
 * max_line; PDN_ENOMEM. err->text names the program. */
pdn_engine *pdn_engine_start(const pdn_engine_options *o, pdn_error *err);
/* Sends quit, waits a moment for the program to end, then kills it, and
 * frees e. NULL is a no-op. */
void pdn_engine_free(pdn_engine *e);

/* What the engine said of itself (its id line): name ("" when it gave
 * none; else argv[0]'s last part), version, author (""). Borrowed. */
const char *pdn_engine_name(const pdn_engine *e);
const char *pdn_engine_version(const pdn_engine *e);
const char *pdn_engine_author(const pdn_engine *e);
/* The parameters it declared: their count, and the name, value (its
 * default) and "values" list (enums; "" otherwise) of the i-th; NULL for
 * i out of range. Borrowed. */
size_t pdn_engine_param_count(const pdn_engine *e);
const char *pdn_engine_param_name(const pdn_engine *e, size_t i);
const char *pdn_engine_param_value(const pdn_engine *e, size_t i);
const char *pdn_engine_param_values(const pdn_engine *e, size_t i);

/* Sets a parameter (set-param), before the first search (the engine is
 * initialised then). 0; -1 with *err (PDN_ETAG for a value holding '"'
 * or a line break, or a name the engine did not declare; PDN_ESETUP after
 * the first search). */
int pdn_engine_set_param(pdn_engine *e, const char *name, const char *value,
                         pdn_error *err);
/* The variant of the positions to come, from a GameType: International
 * (Hub "normal"), Frisian ("frisian"), International antidraughts
 * ("losing"), Breakthrough ("bt"), and beyond Hub's own names the
 * rules' name of pdn_gametype_name ("english", "russian", ...: an
 * extension for engines that declare them). 0; -1 with *err (PDN_EVARIANT) when
 * the engine does not declare that variant among its "variant" values (an
 * engine declaring none plays International only), or after the first
 * search for another variant. */
int pdn_engine_set_variant(pdn_engine *e, const pdn_gametype *gt,
                           pdn_error *err);
/* The Hub name of gt's variant ("normal", "english", ...), NULL for a
 * folk variant other than Breakthrough. */
const char *pdn_engine_variant_name(const pdn_gametype *gt);

/* Limits of a search. 0 means "not set" for each; with none set, depth 1.
 * timeout: seconds the client waits for the engine's move (0: move_time
 * * 2 + 10 when move_time is set, else 60); past it the client sends stop,
 * gives one more second, then takes the engine as hung. */
typedef struct pdn_engine_limits {
    int depth;
    unsigned long long nodes;
    double move_time;
    double timeout;
    int analyze;      /* 1: "go analyze", else "go think" */
} pdn_engine_limits;

/* The principal variation's longest length kept. */
#define PDN_ENGINE_PV_MAX 64

/* What a search gives. score is in men from the side to move's view, as
 * the engine's last info line said (has_score 0 when it gave none); depth
 * and nodes likewise (0 when not given). pv holds the legal moves of the
 * principal variation from the position searched, as far as they are
 * legal (it begins with move when the engine gave no pv). */
typedef struct pdn_engine_result {
    pdn_move move;
    int has_score;
    double score;
    int depth;
    unsigned long long nodes;
    double time;       /* seconds, as the client measured them */
    size_t npv;
    pdn_move pv[PDN_ENGINE_PV_MAX];
} pdn_engine_result;

/* Searches b's position: sends the start of b's history (the position
 * before the moves on its undo stack, pdn_board_push) with those moves,
 * the limits and go, reads info lines and the move. b must have a legal
 * move (a search of a finished game is PDN_EILLEGAL). 0 with *res; -1
 * with *err: PDN_EILLEGAL when the engine's move is not legal in b's
 * position (the text quotes it and gives the position as FEN), PDN_EIO
 * when it dies or gives no move in time, PDN_ESYNTAX for a move that is
 * not a move, PDN_ELIMIT for a line over the limit, PDN_EVARIANT for a
 * board whose variant Hub cannot carry. After an error other than
 * PDN_EVARIANT the engine is unusable: every later call gives the same
 * error (free it, start another). */
int pdn_engine_search(pdn_engine *e, const pdn_board *b,
                      const pdn_engine_limits *lim, pdn_engine_result *res,
                      pdn_error *err);
/* Sends new-game (the next searches are unrelated to earlier ones). 0 or
 * -1 with *err as above. */
int pdn_engine_new_game(pdn_engine *e, pdn_error *err);
/* ping, and waits for pong. 0 or -1 with *err as above. */
int pdn_engine_ping(pdn_engine *e, pdn_error *err);
/* 1 when an error made e unusable, with *err (may be NULL) that error. */
int pdn_engine_failed(const pdn_engine *e, pdn_error *err);

/* ---- Hub text ---- */
/* A move in Hub's form: from and to square numbers, then for a capture
 * every captured square ("21x23x27x28" for PDN's 21x32x23): written into
 * buf (like snprintf). b is the position before m. */
size_t pdn_engine_move_format(const pdn_board *b, const pdn_move *m,
                              char *buf, size_t size);
/* The legal move of b that Hub text s (len bytes) names: 0 with *m; -1
 * with *err (PDN_ESYNTAX: not a Hub move; PDN_EILLEGAL: no legal move of
 * b is that one, the text quoting the move and b's FEN). */
int pdn_engine_move_parse(const pdn_board *b, const char *s, size_t len,
                          pdn_move *m, pdn_error *err);
/* b's position in Hub's form: the side to move ('W'/'B') then one
 * character a square in the order of its numbers (e w b W B). Returns the
 * length it needs, like snprintf. */
size_t pdn_engine_position_format(const pdn_board *b, char *buf,
                                  size_t size);

/* One line of Hub text split into its command and arguments (arg=value,
 * value possibly in double quotes; a flag has value ""). Pointers into
 * the caller's copy of the line, which pdn_hub_line_parse cuts with NULs.
 * 0; -1 for a line that is not Hub syntax (an unterminated quote, no
 * command, more than PDN_HUB_ARGS_MAX arguments). */
#define PDN_HUB_ARGS_MAX 32
typedef struct pdn_hub_line {
    const char *command;
    size_t nargs;
    const char *name[PDN_HUB_ARGS_MAX];
    const char *value[PDN_HUB_ARGS_MAX];
} pdn_hub_line;
int pdn_hub_line_parse(char *line, pdn_hub_line *out);
/* The value of argument name, NULL when absent. */
const char *pdn_hub_line_get(const pdn_hub_line *l, const char *name);

/* ---- DXP ---- */
/* The DamExchange Protocol over TCP, for international draughts
 * (GameType 20) only: messages of ASCII ended by a NUL byte, the first
 * character their type. The client connects to a peer that listens
 * (pdn_dxp_connect) or listens for one peer to connect (pdn_dxp_listen,
 * pdn_dxp_accept). As the initiator it asks for a game (GAMEREQ, the
 * peer's GAMEACC); as the follower it reads the peer's request and
 * answers it (pdn_dxp_game_wait, pdn_dxp_game_answer). Either way it
 * sends its moves and reads the peer's through the rules engine, and
 * ends the game (GAMEEND). Every read has a deadline; a message over PDN_DXP_MESSAGE_MAX bytes is a
 * PDN_ELIMIT error, one that is not DXP a PDN_ESYNTAX error, a peer that
 * closes the connection a PDN_EIO error. Any error makes the peer
 * unusable: every later call gives the same error. One thread a peer. */
typedef struct pdn_dxp pdn_dxp;

#define PDN_DXP_MESSAGE_MAX 1024

/* GAMEEND's reasons, from the sender's view. */
enum { PDN_DXP_UNKNOWN = 0, PDN_DXP_I_LOSE = 1, PDN_DXP_DRAW = 2,
       PDN_DXP_I_WIN = 3 };

/* timeout: seconds allowed to connect, to accept, for the acceptance of
 * a game and for the peer's GAMEEND (0 for 10); name: ours in GAMEREQ
 * (NULL for "pdntools"; its first 32 characters). */
typedef struct pdn_dxp_options {
    double timeout;
    const char *name;
} pdn_dxp_options;

void pdn_dxp_options_init(pdn_dxp_options *o);
/* Connects to host (a name or a numeric address) and port. A new peer
 * owned by the caller (pdn_dxp_free), or NULL with *err (PDN_EIO). */
pdn_dxp *pdn_dxp_connect(const char *host, const char *port,
                         const pdn_dxp_options *o, pdn_error *err);
/* Listens on host (NULL: 127.0.0.1) and port ("0": one the system
 * chooses, pdn_dxp_port) for one connection, which pdn_dxp_accept
 * waits for. A new peer, or NULL with *err (PDN_EIO). */
pdn_dxp *pdn_dxp_listen(const char *host, const char *port,
                        const pdn_dxp_options *o, pdn_error *err);
/* The port listened on (after pdn_dxp_listen), else 0. */
int pdn_dxp_port(const pdn_dxp *d);
/* Waits for the connection (at most the timeout) and stops listening.
 * 0, or -1 with *err (PDN_EIO). */
int pdn_dxp_accept(pdn_dxp *d, pdn_error *err);
/* Closes the connection and frees d. NULL is a no-op. */
void pdn_dxp_free(pdn_dxp *d);

/* Asks for a game from b's position (the initial position or any other
 * of GameType 20), the peer playing follower ('W' or 'B'), thinking
 * time minutes (0..999) for moves moves (0..999), and reads the
 * acceptance. 0; -1 with *err: PDN_EVARIANT for a board DXP cannot
 * carry (the peer stays usable), PDN_EIO for a game refused (the text
 * says why) or a connection that fails, PDN_ESYNTAX, PDN_ELIMIT. */
int pdn_dxp_game_request(pdn_dxp *d, const pdn_board *b, int follower,
                         int minutes, int moves, pdn_error *err);
/* The peer's name from its GAMEACC or GAMEREQ ("" before). Borrowed. */
const char *pdn_dxp_peer_name(const pdn_dxp *d);
/* The text of the peer's last CHAT ("" when none). Borrowed. */
const char *pdn_dxp_chat(const pdn_dxp *d);
/* Sends m, a legal move of b, with the seconds it took. 0 or -1 with
 * *err. */
int pdn_dxp_send_move(pdn_dxp *d, const pdn_board *b, const pdn_move *m,
                      double seconds, pdn_error *err);
/* Reads the peer's move in b's position, waiting at most timeout seconds
 * (0 for 60); chats are kept (pdn_dxp_chat), a BACKREQ is answered "not
 * supported". 0 with *m and *seconds (its time, NULL allowed); 1 when
 * the peer ended the game instead, *reason its GAMEEND reason; -1 with
 * *err: PDN_EILLEGAL (PDN_EAMBIGUOUS) naming the move and b's position
 * as FEN for a move that is no legal move (several) of b, PDN_EIO when
 * the time passes or the peer closes, PDN_ESYNTAX, PDN_ELIMIT. */
int pdn_dxp_read_move(pdn_dxp *d, const pdn_board *b, double timeout,
                      pdn_move *m, double *seconds, int *reason,
                      pdn_error *err);
/* Ends the game: sends GAMEEND (reason, from the view of the side the
 * client played; stop 1 ends the session) and, unless the peer ended the
 * game first, waits for its GAMEEND (moves it still sends are skipped).
 * 0 or -1 with *err. */
int pdn_dxp_game_end(pdn_dxp *d, int reason, int stop, pdn_error *err);
/* 1 when an error made d unusable, with *err (may be NULL) that error. */
int pdn_dxp_failed(const pdn_dxp *d, pdn_error *err);

/* The follower's side, for a client a peer asks for games (one that
 * connected to an initiator that listens, or one listening for it):
 * the request read. version: the protocol's (1); colour: the
 * follower's, ours ('W' or 'B'); minutes, moves: the thinking time. */
typedef struct pdn_dxp_request {
    int version;
    int colour;
    int minutes, moves;
} pdn_dxp_request;

/* Waits (at most timeout seconds, 0 for 60) for the peer's GAMEREQ,
 * skipping chats, and sets b (GameType 20) to the game's start position
 * and *r; the initiator's name is pdn_dxp_peer_name's. 0; -1 with *err
 * (PDN_EIO when the time passes or the peer closes, PDN_ESYNTAX for a
 * malformed request, PDN_EVARIANT for a board of another GameType). The
 * request must then be answered (pdn_dxp_game_answer). */
int pdn_dxp_game_wait(pdn_dxp *d, pdn_board *b, double timeout,
                      pdn_dxp_request *r, pdn_error *err);
/* Answers the request read with GAMEACC (our name and code: 0 accepts,
 * 1 a version not spoken, 2 this game declined, 3 every game declined).
 * Once accepted, the game is played with pdn_dxp_send_move and
 * pdn_dxp_read_move (the initiator's GAMEEND read as it ends the game)
 * and ended with pdn_dxp_game_end. 0 or -1 with *err. */
int pdn_dxp_game_answer(pdn_dxp *d, int code, pdn_error *err);

/* A move as DXP's MOVE message: 'M', time (4 digits), from, to, the
 * number captured and each captured square (2 digits each); written
 * into buf like snprintf. b is the position before m. */
size_t pdn_dxp_move_format(const pdn_board *b, const pdn_move *m,
                           double seconds, char *buf, size_t size);
/* The legal move of b that the MOVE message s (len bytes, without its
 * NUL) names: 0 with *m; -1 with *err (PDN_ESYNTAX: not a MOVE;
 * PDN_EILLEGAL, PDN_EAMBIGUOUS: the text quotes it and gives b's FEN). */
int pdn_dxp_move_parse(const pdn_board *b, const char *s, size_t len,
                       pdn_move *m, pdn_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PDN_ENGINE_H */
