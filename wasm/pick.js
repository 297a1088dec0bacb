/* SPDX-License-Identifier: MIT */
/* PdnPick: the move input of the analysis board, shared by the pages
 * that have one (pdn-replay's viewer, pdn-db's explorer). A click on a
 * piece chooses it and shows where it may go; a click on one of those
 * squares (or a drag there) plays the move; several captures between the
 * same squares are offered to choose from. The legal moves come from
 * libpdn's WebAssembly (the binding's moves(): each with its path of
 * [file, rank] squares): nothing here knows a rule. A page gives:
 *
 *   moves()        the legal moves of the position shown (or [])
 *   play(m)        plays move m (one of those)
 *   choose(list)   asks which of several moves between the same squares
 *   redraw()       draws the board again (with marks(), below)
 *
 * and passes the squares under the pointer ([file, rank], or null) to
 * down(), up() and click(). The choice is kept on that object too: its
 * sel ({q, moves}: the piece chosen and its moves, null for none), drag
 * (the square a drag began on) and skip (the click ending a drag is left
 * alone). */
var PdnPick = (function () {
    'use strict';
    function same(a, b) { return a[0] == b[0] && a[1] == b[1]; }
    function last(m) { return m.path[m.path.length - 1]; }
    function Pick(o) {
        this.o = o;
        o.sel = o.drag = null;
        o.skip = false;
    }
    /* the moves of the piece on q */
    Pick.prototype.from = function (q) {
        return this.o.moves().filter(function (m) { return same(m.path[0], q); });
    };
    /* the moves of the chosen piece that end on q */
    Pick.prototype.to = function (q) {
        var s = this.o.sel;
        return s ? s.moves.filter(function (m) { return same(last(m), q); }) : [];
    };
    Pick.prototype.clear = function () { this.o.sel = this.o.drag = null; };
    Pick.prototype.down = function (q) {
        var o = this.o;
        o.drag = null;
        if (!q) return;
        var from = this.from(q);
        if (!from.length) return;
        o.drag = q;
        o.sel = {q: q, moves: from};
        o.redraw();
    };
    /* the pointer up: elsewhere than it went down, a drag, played as a
     * click there */
    Pick.prototype.up = function (q) {
        var o = this.o;
        if (!o.drag || !q || same(q, o.drag)) return;
        o.drag = null;
        this.click(q);
        o.skip = true;
    };
    /* a click on q (isClick: the browser's click event) */
    Pick.prototype.click = function (q, isClick) {
        var o = this.o;
        if (isClick && o.skip) { o.skip = false; return; }
        o.skip = false;
        if (!q) return;
        var c = this.to(q);
        if (c.length == 1) { o.sel = null; o.play(c[0]); return; }
        if (c.length > 1) { o.choose(c); return; }
        var from = this.from(q);
        o.sel = from.length ? {q: q, moves: from} : null;
        o.redraw();
    };
    /* the chosen square (under the pieces) and the squares its moves end
     * on (over them), drawn into the SVG element b by mk(name, attributes,
     * parent); X(file), Y(rank): a square's corner, C its size */
    Pick.prototype.square = function (mk, b, X, Y, C) {
        var s = this.o.sel;
        if (!s) return;
        mk('rect', {'class': 'selsq', x: X(s.q[0]), y: Y(s.q[1]), width: C, height: C,
            fill: '#20a040', 'fill-opacity': 0.45}, b);
    };
    Pick.prototype.dots = function (mk, b, X, Y, C) {
        var s = this.o.sel;
        if (!s) return;
        s.moves.forEach(function (m) {
            var z = last(m);
            mk('circle', {'class': 'dest', cx: X(z[0]) + C / 2, cy: Y(z[1]) + C / 2,
                r: C * 0.16, fill: '#20a040', 'fill-opacity': 0.8}, b);
        });
    };
    return {Pick: Pick, same: same};
})();
