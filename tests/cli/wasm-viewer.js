/* SPDX-License-Identifier: MIT */
/* Driver of tests/cli/wasm-viewer.sh, appended to a pdn-replay -f html
 * page that embeds libpdn's WebAssembly. Once the analysis board is
 * ready it starts a new game and plays it by clicks on the board
 * (every third move dragged): each move picked from the binding's legal
 * moves (a capture that shares its
 * squares with another first, which the page asks about), a variation
 * made at the fourth ply, then the main line on to its end or PLIES;
 * then the board editor (a man on its promotion row refused, a legal
 * position accepted) when EDITOR is set, stacks put together when STACKS
 * is set, and the game's PDN from its
 * download link. Lines in the result element (a pre): "pdn JSON", "fen FEN"
 * (the main line's end), "multi N", "variation N", "editor ...", and
 * "error ..." for what went wrong. */
document.addEventListener('DOMContentLoaded', function () {
var r = [], PLIES = window.PLIES || 80;
function $(i) { return document.getElementById(i); }
function done() {
    var pre = document.createElement('pre');
    pre.id = 'result';
    pre.textContent = r.join('\n');
    document.body.appendChild(pre);
}
function clickSq(q) {
    var g = P.A.geo, b = $('board'), pt = b.createSVGPoint();
    pt.x = g.M + q[0] * g.C + g.C / 2;
    pt.y = (g.h - 1 - q[1]) * g.C + g.C / 2;  /* margin left only */
    var s = pt.matrixTransform(b.getScreenCTM());
    b.dispatchEvent(new MouseEvent('click', {clientX: s.x, clientY: s.y, bubbles: true}));
}
function fen() { return $('fen').textContent; }
function gt() { return P.A.eds[Object.keys(P.A.eds)[0]].gt; }
var seed = 7;
function rnd(n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; }
var multi = 0;
/* plays move m by clicks; true when the page went to it */
function at(q) {
    var g = P.A.geo, b = $('board'), pt = b.createSVGPoint();
    pt.x = g.M + q[0] * g.C + g.C / 2;
    pt.y = (g.h - 1 - q[1]) * g.C + g.C / 2;  /* margin left only */
    return pt.matrixTransform(b.getScreenCTM());
}
/* a drag from square a to square z: pointer down, up, then the click the
 * browser sends to the board */
function drag(a, z) {
    var b = $('board'), s = at(a), e = at(z);
    b.dispatchEvent(new PointerEvent('pointerdown', {clientX: s.x, clientY: s.y, bubbles: true}));
    b.dispatchEvent(new PointerEvent('pointerup', {clientX: e.x, clientY: e.y, bubbles: true}));
    b.dispatchEvent(new MouseEvent('click', {clientX: e.x, clientY: e.y, bubbles: true}));
}
var drags = 0;
function play(m) {
    if (++drags % 3 == 0) {
        drag(m.path[0], m.path[m.path.length - 1]);
    } else {
        clickSq(m.path[0]);
        clickSq(m.path[m.path.length - 1]);
    }
    var box = $('choose');
    if (!box.hidden) {
        var b = Array.prototype.filter.call(box.querySelectorAll('button'),
            function (x) { return x.textContent == m.full; });
        if (b.length != 1) { r.push('error no choice for ' + m.full); return false; }
        multi++;
        b[0].click();
    }
    var s = P.state();
    if (!s.L.full || s.L.full[s.k] != m.full) {
        r.push('error played ' + m.full + ', the page is at ' + (s.L.full ? s.L.full[s.k] : '?'));
        return false;
    }
    return true;
}
/* a move of the position shown, one that shares its squares with
 * another when there is one */
function pick(not) {
    var ms = P.A.M.moves(gt(), fen()).filter(function (m) { return m.full != not; });
    if (!ms.length) return null;
    var key = {}, many = [];
    ms.forEach(function (m) {
        var k = m.path[0] + '>' + m.path[m.path.length - 1];
        (key[k] = key[k] || []).push(m);
        if (key[k].length == 2) many.push(key[k][0], m);
    });
    return many.length ? many[rnd(many.length)] : ms[rnd(ms.length)];
}
function main() {
    var L = P.state().L;
    while (L.parent) L = L.parent;
    return L;
}
function run() {
    $('newg').click();
    var ply = 0, vars = 0;
    for (; ply < PLIES; ply++) {
        if (/^Game over/.test($('over').textContent)) break;
        var m = pick(null);
        if (!m || !play(m)) break;
        if (ply >= 3 && !vars) {
            /* back one ply, another move: a variation, one more ply in
             * it (or on, when the move was forced) */
            document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}));
            var alt = pick(m.full);
            if (alt && play(alt)) {
                if (!P.state().L.parent) r.push('error no variation made');
                else vars++;
                var m2 = pick(null);
                if (m2) play(m2);
            }
            P.go(main(), 1e9);
        }
    }
    r.push('multi ' + multi);
    r.push('variation ' + vars);
    P.go(main(), 1e9);
    r.push('fen ' + fen());
    $('dpdn').click();
    fetch($('dl').href).then(function (x) { return x.text(); }).then(function (t) {
        r.push('pdn ' + JSON.stringify(t));
        if (window.EDITOR) editor();
        if (window.STACKS) stacks();
        done();
    }, function (e) { r.push('error download ' + e); done(); });
}
/* the editor on an International board: a white man on 3 is refused,
 * on 33 with a black man on 18 accepted */
function editor() {
    try { editor2(); } catch (e) { r.push('error editor exception ' + e); }
}
function editor2() {
    var sq = P.A.M.gametype(gt()).squares;
    $('edit').click();
    $('eclear').click();
    clickSq(sq[2]);
    $('edone').click();
    r.push('editor refused ' + /promotion row/.test($('edmsg').textContent));
    clickSq(sq[2]);
    clickSq(sq[32]);
    document.querySelector('#tools button[data-p="b"]').click();
    clickSq(sq[17]);
    $('edone').click();
    r.push('editor accepted ' + fen() + ' ' + $('editor').hidden);
    /* the editor's game: a move, a comment, a mark, promote, undo */
    var m = pick(null);
    play(m);
    $('cmt').value = 'a test comment';
    $('setcmt').click();
    $('nag').value = '1';
    $('nag').dispatchEvent(new Event('change'));
    var t = P.pdn();
    r.push('editor game ' + /\{a test comment\}/.test(t) + ' ' + /!|\$1/.test(t) +
        ' ' + /\[FEN "W:W33:B18"\]/.test(t));
    $('undo').click();
    $('undo').click();
    r.push('undo ' + !/a test comment/.test(P.pdn()));
    $('edit').click();
    $('estart').click();
    $('edone').click();
    r.push('start again ' + (fen() == P.A.M.gametype(gt()).fen));
    /* a capture of two paths between the same squares, set up by clicks */
    var f = 'W:WK6,24,29,34,37,40,41,42,43,44,45,46,47,48:B4,5,7,8,10,11,13,15,20,26';
    $('edit').click();
    $('eclear').click();
    f.split(':').slice(1).forEach(function (side) {
        side.slice(1).split(',').forEach(function (x) {
            var K = x.charAt(0) == 'K', n = +(K ? x.slice(1) : x);
            var p = side.charAt(0) == 'W' ? (K ? 'W' : 'w') : (K ? 'B' : 'b');
            document.querySelector('#tools button[data-p="' + p + '"]').click();
            clickSq(sq[n - 1]);
        });
    });
    $('eturn').value = 'W';
    $('edone').click();
    var before = multi, two = P.A.M.moves(gt(), fen()).filter(function (m) {
        return m.full == '6x22x9x25';
    });
    r.push('multi-path ' + (fen() == f) + ' ' + (two.length == 1 && play(two[0]) &&
        multi == before + 1));
}
/* the editor on a towers board: stacks made by Shift+clicks */
function stacks() {
    function tool(p) { document.querySelector('#tools button[data-p="' + p + '"]').click(); }
    function shift(q) {
        var g = P.A.geo, b = $('board'), pt = b.createSVGPoint();
        pt.x = g.M + q[0] * g.C + g.C / 2;
        pt.y = (g.h - 1 - q[1]) * g.C + g.C / 2;  /* margin left only */
        var s = pt.matrixTransform(b.getScreenCTM());
        b.dispatchEvent(new MouseEvent('click', {clientX: s.x, clientY: s.y,
            bubbles: true, shiftKey: true}));
    }
    $('edit').click();
    $('eclear').click();
    tool('w'); clickSq([2, 2]); tool('b'); shift([2, 2]); shift([2, 2]);
    clickSq([3, 5]); tool('W'); shift([3, 5]);
    $('edone').click();
    r.push('stacks ' + fen() + ' ' + document.querySelectorAll('#board .stack').length);
}
function start() {
    try { run(); } catch (e) { r.push('error exception ' + e); done(); }
}
/* the page says when its analysis board is ready */
if (P.A.M) start(); else document.addEventListener('pdnanalysis', start);
});
