/* SPDX-License-Identifier: MIT */
/* The binding of wasm/pdn.js in node, run by tests/cli/wasm.sh:
 *   node wasm-binding.js PDN.JS DIR
 * writes into DIR what the shell test compares with the tools' output
 * (moves-VARIANT: the legal moves of the start position, one a line;
 * perft-VARIANT: depth 4; game.pdn: a game edited through Game) and
 * prints "FAIL: ..." lines for what it checks itself. */
'use strict';
var fs = require('fs');
var factory = require(process.argv[2]);
var dir = process.argv[3];
var variants = fs.readFileSync(dir + '/variants', 'utf8').trim().split('\n');
var bad = 0;
function fail(s) { console.log('FAIL: ' + s); bad = 1; }
function eq(what, got, want) {
    var g = JSON.stringify(got), w = JSON.stringify(want);
    if (g !== w) fail(what + ': got ' + g + ', want ' + w);
}
function throws(what, f) {
    try { f(); } catch (e) { return; }
    fail(what + ': no error');
}

factory().then(function (M) {
    try {
        run(M);
    } catch (e) {
        fail('exception ' + String(e.stack).split('\n').slice(0, 3).join(' / ').slice(0, 400));
    }
    process.exit(bad);
}, function (e) { fail('factory: ' + e); process.exit(1); });

function run(M) {
    /* the tools' answers, written for the shell to compare */
    variants.forEach(function (v) {
        fs.writeFileSync(dir + '/moves-' + v, M.legalMoves(v, '').join('\n') + '\n');
        fs.writeFileSync(dir + '/perft-' + v, M.perft(v, '', 4) + '\n');
    });

    /* moves with their paths and captured squares: a multi-path capture
     * (International: a king on 46 takes 37 and 28 either way round
     * a square) */
    var ms = M.moves(20, 'W:WK46:B37,28,17,39');
    ms.forEach(function (m) {
        if (!m.full || m.path.length < 2 || m.captured.length < 1)
            fail('capture without path: ' + JSON.stringify(m));
    });
    var q = M.moves(20, 'W:W28:B22,23');
    eq('two captures', q.map(function (m) { return m.move; }).sort(), ['28x17', '28x19']);
    eq('a capture\'s squares', q[0].path.map(function (s) { return s[2]; }).concat(
        q[0].captured.map(function (s) { return s[3]; })), [28, 17, '22']);
    eq('an algebraic board names squares', M.moves(25, 'W:Wc3:Bd4')[0].full, 'c3:e5');
    eq('a promotion', M.moves(21, 'B:W30:B25')[0].promotes, true);
    var pa = M.moves(20, 'W:WK1:B7,18,29,40,9,20');
    eq('one move of several paths is one move per path', pa.length >= 1, true);

    /* a board with a history: play, status, undo, FEN */
    var b = new M.Board(20, '');
    eq('play', b.play('32-28').move.full, '32-28');
    eq('fen after', b.fen().slice(0, 2), 'B:');
    eq('status', [b.status().over, b.status().ply, b.status().turn], [false, 1, 'B']);
    throws('an illegal move', function () { b.play('32-28'); });
    eq('undo', b.undo(), true);
    eq('back at the start', b.fen(), M.check(20, '').fen);
    eq('nothing to undo', b.undo(), false);
    b.free();
    /* game over: no legal move; a draw rule (threefold repetition of
     * kings in English checkers) */
    var o = new M.Board(20, 'W:W:B1');
    eq('no move: over', [o.status().over, o.status().outcome, o.status().end],
       [true, 'second', 'no-move']);
    o.free();
    var r = new M.Board(21, 'B:WK32:BK1');
    var seq = ['1-5', '32-27', '5-1', '27-32', '1-5', '32-27', '5-1', '27-32'];
    seq.forEach(function (m) { r.play(m); });
    eq('repetition', [r.status().drawRule], ['repetition']);
    r.free();

    /* the board editor's check: a man on its promotion row refused */
    eq('man on its promotion row', !!M.check(20, 'W:W3:B30').error, true);
    eq('legal setup', M.check(20, 'W:W30:B3').fen, 'W:W30:B3');
    throws('a board of an illegal setup', function () { new M.Board(20, 'W:W1:B2'); });
    eq('gametype', [M.gametype('frisian').width, M.gametype(25).notation,
        M.gametype('towers').stacks], [10, 'A', true]);

    /* a game: read, a variation, promote, cut, comment, NAG, PDN out */
    var g = M.Game.parse('[Event "t"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n');
    var j = g.json();
    eq('tree', j.line.map(function (n) { return n.played.full; }),
       ['32-28', '19-23', '28x19', '14x23']);
    var n1 = j.line[0].id, n2 = j.line[1].id;
    var v = g.add(n1, '18-23');                /* 1... 18-23: a variation */
    var v2 = g.add(v, '33-29');                /* extends it */
    j = g.json();
    eq('variation', j.line[1].vars[0].map(function (n) { return n.text; }), ['18-23', '33-29']);
    eq('its positions', j.line[1].vars[0][1].fen.slice(0, 2), 'B:');
    g.comment(v2, 'a try');
    g.nag(n2, 2);
    g.add(0, '33-29');                          /* 1. 33-29 instead */
    j = g.json();
    eq('variation of the first move', j.line[0].vars[0][0].text, '33-29');
    var p = g.promote(j.line[1].id, 0);        /* 1... 18-23 becomes the line */
    j = g.json();
    eq('promoted', j.line.map(function (n) { return n.text; }), ['32-28', '18-23', '33-29']);
    eq('demoted', j.line[1].vars[0].map(function (n) { return n.text; }),
       ['19-23', '28x19', '14x23']);
    eq('promote returned the line', p, j.line[1].id);
    g.cut(j.line[0].vars[0][0].id);            /* 33-29 goes */
    j = g.json();
    eq('cut', j.line[0].vars, undefined);
    g.tag('White', 'Anna');
    fs.writeFileSync(dir + '/game.pdn', g.pdn());
    fs.writeFileSync(dir + '/game.fen', j.line[j.line.length - 1].fen + '\n');
    g.free();

    /* a game from a setup, its moves played one by one from the legal
     * moves (the first each time), to the end or 40 plies: the PDN and
     * the last FEN go to the shell, which replays it with pdn-legal */
    var s = new M.Game(25, 'W:Wc3,e3,g3:Bd6,f6,h6'), node = 0, fen = 'W:Wc3,e3,g3:Bd6,f6,h6';
    for (var k = 0; k < 40; k++) {
        var lm = M.moves(25, fen);
        if (!lm.length) break;
        node = s.add(node, lm[0].move);
        var jj = s.json(), last = jj.line[jj.line.length - 1];
        if (last.bad) { fail('setup game: ' + last.bad); break; }
        fen = last.fen;
    }
    fs.writeFileSync(dir + '/setup.pdn', s.pdn());
    fs.writeFileSync(dir + '/setup.fen', fen + '\n');
    s.free();
    throws('a game that is not PDN', function () { M.Game.parse('[Event'); });
}
