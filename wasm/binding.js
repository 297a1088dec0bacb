/* SPDX-License-Identifier: MIT */
/* The JavaScript side of libpdn's WebAssembly build, appended to the
 * module emcc writes (--post-js): the calls of wasm/binding.c wrapped in
 * functions and two classes on the module object the factory resolves
 * to. Every rule comes from libpdn: nothing here knows a move.
 *
 *   legalMoves(gametype, fen)      the legal moves as PDN writes them
 *   moves(gametype, fen)           the same with paths and captures
 *   perft(gametype, fen, depth)    leaf nodes (a number)
 *   check(gametype, fen)           {fen} when legal, else {error}
 *   gametype(gametype)             size, notation, squares, start FEN
 *   new Board(gametype, fen)       moves(), play(text), undo(), fen(),
 *                                  status(), free()
 *   Game.parse(pdn), new Game(gametype, fen)
 *                                  json(), pdn(), add(node, text),
 *                                  cut(node), promote(node, i),
 *                                  comment(node, text), nag(node, n),
 *                                  tag(name, value), free()
 *
 * A gametype is a number, a GameType value ("25,W,8,8,A0,0,towers") or a
 * variant's name; a fen "" or null is the initial position. */
(function (M) {
    'use strict';
    /* calls f with its string arguments copied into the module's memory */
    function call(f, args) {
        var p = [], k;
        for (k = 0; k < args.length; k++) {
            var a = args[k];
            if (typeof a == 'string' || a === null || a === undefined) {
                a = a == null ? '' : a;
                var n = lengthBytesUTF8(a) + 1, q = _malloc(n);
                stringToUTF8(a, q, n);
                p.push(q);
                args[k] = q;
            }
        }
        try {
            return f.apply(null, args);
        } finally {
            for (k = 0; k < p.length; k++) _free(p[k]);
        }
    }
    function str(f, args) { return UTF8ToString(call(f, args)); }
    function json(f, args) {
        var r = JSON.parse(str(f, args));
        if (r && r.error !== undefined && !Array.isArray(r))
            throw new Error(r.error);
        return r;
    }
    function gt(g) { return g == null ? '20' : String(g); }

    M.moves = function (g, fen) { return json(_pw_moves, [gt(g), fen]); };
    M.legalMoves = function (g, fen) {
        return M.moves(g, fen).map(function (m) { return m.move; });
    };
    M.perft = function (g, fen, depth) {
        var n = call(_pw_perft, [gt(g), fen, depth | 0]);
        if (n < 0) throw new Error('perft: not a position of this variant');
        return n;
    };
    M.check = function (g, fen) {
        var r = JSON.parse(str(_pw_check, [gt(g), fen]));
        return r;
    };
    M.gametype = function (g) { return json(_pw_gametype, [gt(g)]); };

    function Board(g, fen) {
        this.h = call(_pw_board_new, [gt(g), fen]);
        if (!this.h) throw new Error(str(_pw_board_error, [gt(g), fen]));
    }
    Board.prototype.fen = function () { return UTF8ToString(_pw_board_fen(this.h)); };
    Board.prototype.moves = function () { return json(_pw_board_moves, [this.h]); };
    Board.prototype.legalMoves = function () {
        return this.moves().map(function (m) { return m.move; });
    };
    /* plays a written move; returns {move, fen}, or throws */
    Board.prototype.play = function (text) { return json(_pw_board_play, [this.h, text]); };
    Board.prototype.undo = function () { return _pw_board_undo(this.h) == 0; };
    Board.prototype.status = function () { return json(_pw_board_status, [this.h]); };
    Board.prototype.free = function () { _pw_board_free(this.h); this.h = 0; };
    M.Board = Board;

    function Game(g, fen) {
        if (g === undefined && fen === undefined) return;
        this.h = call(_pw_game_new, [gt(g), fen]);
        if (!this.h) throw new Error(UTF8ToString(_pw_game_error()));
    }
    Game.parse = function (text) {
        var o = new Game();
        o.h = call(_pw_game_parse, [text]);
        if (!o.h) throw new Error(UTF8ToString(_pw_game_error()) || 'no game');
        return o;
    };
    Game.prototype.json = function () { return json(_pw_game_json, [this.h]); };
    Game.prototype.pdn = function () { return str(_pw_game_pdn, [this.h]); };
    /* node ids are numbers from json(); 0 is the start of the game */
    Game.prototype.add = function (node, text) {
        var r = call(_pw_game_add, [this.h, node >>> 0, text]);
        if (!r) throw new Error('not a move: ' + text);
        return r >>> 0;
    };
    Game.prototype.cut = function (node) { return _pw_game_cut(this.h, node >>> 0) == 0; };
    Game.prototype.promote = function (node, i) {
        return _pw_game_promote(this.h, node >>> 0, i | 0) >>> 0;
    };
    Game.prototype.comment = function (node, text) {
        return call(_pw_game_comment, [this.h, node >>> 0, text]) == 0;
    };
    Game.prototype.nag = function (node, n) {
        return _pw_game_nag(this.h, node >>> 0, n | 0) == 0;
    };
    Game.prototype.tag = function (name, value) {
        return call(_pw_game_tag, [this.h, name, value]) == 0;
    };
    Game.prototype.free = function () { _pw_game_free(this.h); this.h = 0; };
    M.Game = Game;
})(Module);
