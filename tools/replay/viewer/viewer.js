/* The viewer of pdn-replay -f html. The games come as the text of
 * elements of a few games each, two lines of JSON text per game (entry,
 * data), kept as they came in one string per element. The list is virtual (only the
 * rows in view exist) and searched in the entries' text; a game's data is
 * parsed only when it is shown, and only the game shown is kept decoded.
 * Positions: the start FEN, then per ply the move's squares (one
 * character per square number), '*' and the captured squares, '+' for a
 * promotion, and a FEN wherever libpdn's position is not the previous one
 * with the move applied (setups, the stack games): pdn-replay computed
 * them all, the page has no rules of its own. */
var P = (function () {
'use strict';
var NS = 'http://www.w3.org/2000/svg', ROW = 40;
var C = [], GC = [], GO = [], num2i = {}, F = null, G = null, cur = -1, st = null;
var FL = !!FLIP, NUMS = !NONUM, pend = null, T = 0, IDX = null;
var NAG = {1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□',
    10: '=', 13: '∞', 14: '⩲', 15: '⩱', 16: '±', 17: '∓', 18: '+−',
    19: '−+', 22: '⨀', 23: '⨀', 32: '⟳', 33: '⟳', 36: '↑', 37: '↑',
    40: '→', 41: '→', 132: '⇆', 133: '⇆', 138: '⊕', 139: '⊕', 146: 'N'};
var COL = {R: '#e03030', G: '#20a040', B: '#2060e0', Y: '#e0c020',
    O: '#f08020', C: '#20b0c0', M: '#c030c0', W: '#ffffff'};

function $(i) { return document.getElementById(i); }
function el(n, a, p) {
    var e = document.createElementNS(NS, n);
    for (var k in a) e.setAttribute(k, a[k]);
    if (p) p.appendChild(e);
    return e;
}
function txt(p, c, t, tag) {
    var s = document.createElement(tag || 'span');
    s.className = c;
    s.textContent = t;
    p.appendChild(s);
    return s;
}

/* entry: [number, White, Black, Result, Event, Date, Site, Round,
 * opening, first mover, outcome] */
/* game i is the lines ENTRY and DATA at offset GO[i] of string C[GC[i]] */
function head(i) {
    var c = C[GC[i]], o = GO[i];
    return c.slice(o, c.indexOf('\n', o));
}
function data(i) {
    var c = C[GC[i]], o = c.indexOf('\n', GO[i]) + 1;
    return c.slice(o, c.indexOf('\n', o));
}
function ent(i) { return JSON.parse(head(i)); }
/* a tag's value, or '' when it says it is not known ("?", "????.??.??") */
function known(v) { return v && !/^[?.\s]*$/.test(v) ? v : ''; }
/* a date without its unknown parts: "1956.??.??" is 1956 */
function day(v) { return known(v).replace(/(\.\?+)+$/, ''); }
function side(e, first) {
    var w = e[1] && e[1] != '?' ? e[1] : '', b = e[2] && e[2] != '?' ? e[2] : '';
    var c = first == (e[9] == 'B') ? 'Black' : 'White', n = c == 'Black' ? b : w;
    return {name: n || c, full: n ? n + ' (' + c + ')' : c, colour: c};
}
/* the first mover is named first, as the result is written */
function title(e) {
    var a = side(e, true), b = side(e, false);
    return e[0] + '. ' + (e[1] || e[2] ? a.name + ' – ' + b.name : '?') +
        (e[3] ? '  ' + e[3] : '');
}
function words(e) {
    switch (e[10]) {
    case 'F': return side(e, true).full + ' won';
    case 'S': return side(e, false).full + ' won';
    case 'D': return 'drawn';
    case 'L': return 'both sides lost';
    }
    return 'result unknown';
}

/* the list */
function total() { return F ? F.length : GC.length; }
/* rows of the list: taller on a narrow or touch screen (the style's) */
var TOUCH = window.matchMedia ? matchMedia('(max-width:700px),(pointer:coarse)') : null;
function render() {
    ROW = TOUCH && TOUCH.matches ? 48 : 40;
    var L = $('list'), R = $('rows'), n = total(), h = L.clientHeight || 600;
    var a = Math.max(0, Math.floor(L.scrollTop / ROW) - 5);
    var z = Math.min(n, a + Math.ceil(h / ROW) + 10);
    R.style.height = n * ROW + 'px';
    R.textContent = '';
    for (var k = a; k < z; k++) {
        var i = F ? F[k] : k, e = ent(i), r = document.createElement('a');
        r.className = 'row' + (i == cur ? ' sel' : '');
        r.id = 'g' + i;
        r.href = '#g=' + e[0];
        r.setAttribute('role', 'option');
        /* the list is one tab stop, its arrows move within it */
        r.tabIndex = -1;
        r.setAttribute('aria-selected', i == cur);
        r.style.top = k * ROW + 'px';
        r.style.height = ROW + 'px';
        r.textContent = title(e);
        txt(r, 'ev', [known(e[4]), day(e[5]), known(e[8])].filter(Boolean).join(' · '));
        r.onclick = pick(i);
        R.appendChild(r);
    }
    if ($('g' + cur)) L.setAttribute('aria-activedescendant', 'g' + cur);
    else L.removeAttribute('aria-activedescendant');
    $('count').textContent = (F ? F.length + ' of ' : '') + GC.length +
        (GC.length == 1 ? ' game' : ' games');
}
function pick(i) {
    return function (ev) { ev.preventDefault(); show(i, 0); };
}
/* the focused list (a listbox): the arrows, Page Up and Down, Home and
 * End choose the game shown; the moves are stepped outside it */
function listkey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var n = total(), page = Math.max(1, Math.floor($('list').clientHeight / ROW) - 1);
    var d = {ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page,
        Home: -n, End: n}[e.key];
    if (!d || !n) return;
    e.preventDefault();
    e.stopPropagation();
    var at = F ? F.indexOf(cur) : cur;
    var k = at < 0 ? 0 : Math.max(0, Math.min(n - 1, at + d));
    var i = F ? F[k] : k;
    if (i != cur) show(i, 0);
}
function filter(keep) {
    var q = $('q').value.toLowerCase().split(/\s+/).filter(Boolean);
    var r = $('res').value;
    if (!q.length && !r) {
        F = null;
    } else {
        F = [];
        for (var i = 0; i < GC.length; i++) {
            var h = head(i);
            if (r && h.charAt(h.length - 3) != r) continue;
            var l = h.toLowerCase(), ok = true;
            for (var j = 0; ok && j < q.length; j++) ok = l.indexOf(q[j]) >= 0;
            if (ok) F.push(i);
        }
    }
    if (keep !== true) $('list').scrollTop = 0;
    render();
}

/* filing the games: elements of type text/x-pdn-games, which are never
 * run, of one game first, then of more; the page reads an element's text
 * once into a string and drops the element (an element costs about a
 * kilobyte besides its text). While the page is read, the elements the
 * parser has gone past (their text complete) are filed every 25 ms, so
 * that the first game shows at once. */
var S = document.getElementsByTagName('script'), nS = 0, poll = 0;
function take(all) {
    /* the last element may still be read: it waits unless all is set */
    while (nS < S.length - (all ? 0 : 1)) {
        var s = S[nS];
        if (s.type != 'text/x-pdn-games') { nS++; continue; }
        s.parentNode.removeChild(s);
        file(s.text);
    }
}
(function tick() {
    take(false);
    if (document.readyState == 'loading') poll = setTimeout(tick, 25);
})();
function file(t) {
    var c = C.length, o = 0, n = t.length;
    if (!n) return;
    C.push(t);
    while (o < n) {
        var a = t.indexOf('\n', o), z = t.indexOf('\n', a + 1);
        if (a < 0 || z < 0) break;
        GC.push(c);
        GO.push(o);
        var i = GC.length - 1;
        num2i[+t.slice(o + 1, t.indexOf(',', o))] = i;
        if (i == 0) {
            render();
            if (!route()) show(0, 0);
        } else if (pend && num2i[pend.g] != null) {
            route();
        }
        o = z + 1;
    }
    if (!T) T = setTimeout(more, 200);
}
function more() {
    T = 0;
    /* games that came in while a search is on: searched too, the list
     * stays where it is */
    if ($('q').value || $('res').value) filter(true); else render();
}

/* positions: a board maps "file,rank" to a piece, 'w' 'b' 'W' 'B', and
 * the pieces under it as in the FEN ("b(ww)") */
function sqc(g, s) {
    if (/^[0-9]+$/.test(s)) return g.sqs[+s - 1];
    return [s.charCodeAt(0) - 97, +s.slice(1) - 1];
}
function parse(g, s) {
    var bd = {}, F2 = s.split(':');
    for (var j = 1; j < F2.length; j++) {
        var c = F2[j].charAt(0) == 'W' ? 'w' : 'b';
        F2[j].slice(1).split(',').forEach(function (x) {
            if (!x) return;
            var K = x.charAt(0) == 'K', u = '', o = x.indexOf('(');
            if (K) { x = x.slice(1); o--; }
            if (o >= 0) { u = x.slice(o); x = x.slice(0, o); }
            var q = sqc(g, x);
            if (q) bd[q[0] + ',' + q[1]] = (K ? c.toUpperCase() : c) + u;
        });
    }
    return {bd: bd, t: s.charAt(0)};
}
function fmt(g, bd, t) {
    var s = {w: [], b: []};
    for (var n = 1; n <= g.sqs.length; n++) {
        var f = g.sqs[n - 1][0], r = g.sqs[n - 1][1], p = bd[f + ',' + r];
        if (!p) continue;
        s[p.charAt(0).toLowerCase()].push((p < 'a' ? 'K' : '') +
            (g.alg ? String.fromCharCode(97 + f) + (r + 1) : n) + p.slice(1));
    }
    return t + ':W' + s.w.join(',') + ':B' + s.b.join(',');
}
function unalpha(ch) {
    var c = ch.charCodeAt(0), i = c - 48;
    if (c > 92) i--;
    if (c > 60) i--;
    return i + 1;
}
/* a ply's code: {path: [[f,r],...], cap: [[f,r],...], pro: 0/1} */
function code(g, s) {
    var m = {path: [], cap: [], pro: s.charAt(s.length - 1) == '+'}, to = m.path;
    if (m.pro) s = s.slice(0, -1);
    for (var k = 0; k < s.length; k++) {
        if (s.charAt(k) == '*') { to = m.cap; continue; }
        if (g.a) {
            to.push([s.charCodeAt(k) - 97, s.charCodeAt(k + 1) - 48]);
            k++;
        } else {
            to.push(g.sqs[unalpha(s.charAt(k)) - 1]);
        }
    }
    return m;
}
function apply(bd, t, m) {
    var b = {}, k;
    for (k in bd) b[k] = bd[k];
    var a = m.path[0], z = m.path[m.path.length - 1], p = b[a[0] + ',' + a[1]];
    delete b[a[0] + ',' + a[1]];
    m.cap.forEach(function (c) { delete b[c[0] + ',' + c[1]]; });
    if (m.pro && (p == 'w' || p == 'b')) p = p.toUpperCase();
    b[z[0] + ',' + z[1]] = p;
    return {bd: b, t: t == 'W' ? 'B' : 'W'};
}
/* a line's positions: P[k] after k plies (P[0] its parent's at the
 * branch), FEN[k], LAST[k] the move that led there */
function prep(g, L) {
    /* a line built from libpdn's tree (the analysis board) is ready */
    if (L.ready) { L.S = []; L.D = []; return; }
    L.f = L.f || {};
    L.x = L.x || {};
    L.v = L.v || {};
    L.mv = [];
    (L.m ? L.m.split(' ') : []).forEach(function (t) {
        var r = /^=([0-9]+)$/.exec(t);
        for (var k = r ? +r[1] : 1; k > 0; k--) L.mv.push(r ? '=' : t);
    });
    L.pl = L.p ? L.p.split(' ') : [];
    spell(g, L);
    var x0 = L.parent ? {bd: L.parent.P[L.at], t: L.parent.T[L.at]}
                      : parse(g, L.f['0']);
    L.P = [x0.bd];
    L.T = [x0.t];
    L.FEN = [L.parent ? L.parent.FEN[L.at] : L.f['0']];
    L.LAST = [null];
    L.S = [];
    L.D = [];
    for (var k = 1; k <= L.pl.length; k++) {
        var m = code(g, L.pl[k - 1]), x;
        if (L.f[k]) {
            x = parse(g, L.f[k]);
            L.FEN.push(L.f[k]);
        } else {
            x = apply(L.P[k - 1], L.T[k - 1], m);
            L.FEN.push(fmt(g, x.bd, x.t));
        }
        L.P.push(x.bd);
        L.T.push(x.t);
        L.LAST.push(m);
    }
}
/* '=' and '~' stand for a move written as its first and last squares
 * or as all of them */
function spell(g, L) {
    for (var k = 0; k < L.mv.length; k++) {
        var t = L.mv[k];
        if (t != '=' && t != '~') continue;
        var m = code(g, L.pl[k]), p = m.path, sep = m.cap.length ? g.cs : '-';
        if (t == '=') p = [p[0], p[p.length - 1]];
        L.mv[k] = p.map(function (q) { return name(g, q); }).join(sep);
    }
}
function name(g, q) {
    if (g.alg) return String.fromCharCode(97 + q[0]) + (q[1] + 1);
    for (var n = 0; n < g.sqs.length; n++)
        if (g.sqs[n][0] == q[0] && g.sqs[n][1] == q[1]) return n + 1;
    return '?';
}
function game(i) {
    if (G && G.i == i) return G;
    if (A.eds[i]) return (G = A.eds[i].g);
    var g = JSON.parse(data(i));
    g.i = i;
    g.e = ent(i);
    var L = g.L, S = GEO[g.G];
    g.t = g.t || [];
    g.n = g.n || 1;
    L.f = L.f || {};
    if (S) {
        g.sq = S[0];
        g.w = S[2];
        g.h = S[3];
        g.alg = S[4];
        g.cs = S[5];
        if (!L.f['0']) L.f['0'] = S[1];
    }
    g.sqs = [];
    for (var k = 0; k < g.sq.length; k += 2)
        g.sqs.push([g.sq.charCodeAt(k) - 97, g.sq.charCodeAt(k + 1) - 48]);
    g.L.parent = null;
    prep(g, g.L);
    g.L.base = (g.n - 1) * 2 + (g.L.T[0] == g.e[9] ? 0 : 1);
    return (G = g);
}

/* comments: text without braces; [%eval] as a badge; [%clock] and
 * [%clk] as the clocks under the board; [%csl] and [%cal] as drawings of
 * the position they follow */
function comment(box, s, L, k) {
    var rest = s.replace(/\[%(\w+)\s*([^\]]*)\]/g, function (all, c, v) {
        v = v.trim();
        if (c == 'clock' || c == 'clk') {
            (L.C[k] = L.C[k] || []).push(v);
        } else if (c == 'eval') {
            txt(box, 'evl', 'eval ' + v).title = 'evaluation';
            (L.I[k] = L.I[k] || []).push('eval ' + v);
        } else if (c == 'csl' || c == 'cal') {
            (L.D[k] = L.D[k] || []).push([c, v]);
        } else {
            return all;
        }
        return '';
    }).trim();
    if (rest) txt(box, 'cm', rest + ' ');
}
/* the moves of line L into box, variations as nested blocks */
function lines(g, L, box) {
    L.I = [];
    L.C = [];
    var again = true;
    for (var k = 1; k <= L.mv.length; k++) {
        var x = L.x[k - 1] || {}, hm = L.base + k - 1, second = hm % 2;
        if (x.b) { comment(box, x.b, L, k - 1); again = true; }
        if (!second || again)
            txt(box, 'num', Math.floor(hm / 2) + 1 + (second ? '...\u00a0' : '.\u00a0'));
        again = false;
        var ok = k <= L.pl.length, s = txt(box, ok ? 'mv' : 'mv bad', L.mv[k - 1]);
        if (!L.parent) s.id = 'm' + k;
        if (ok) {
            s.tabIndex = 0;
            s.setAttribute('role', 'button');
            s.onclick = goer(L, k);
            s.onkeydown = enter(L, k);
        } else {
            /* a variation stops at its first move that is not legal */
            s.title = !L.parent ? 'not played: the replay stopped before this move'
                : k == L.pl.length + 1 ? 'illegal here: ' + (L.e || 'not a legal move')
                : 'not played: a move before it in this variation is illegal';
        }
        L.S[k] = s;
        (x.g || []).forEach(function (n) {
            /* "32-28! $1" says it twice: one glyph */
            var t = NAG[n] || '$' + n, w = L.mv[k - 1];
            if (w.slice(-t.length) != t || /[0-9]$/.test(t))
                txt(box, 'nag', t).title = '$' + n;
        });
        box.appendChild(document.createTextNode(' '));
        if (x.a) { comment(box, x.a, L, k); again = true; }
        (L.v[k - 1] || []).forEach(function (V, j) {
            V.parent = L;
            V.at = k - 1;
            V.idx = j + 1;
            V.base = L.base + k - 1;
            if (k - 1 <= L.pl.length) prep(g, V); else V.P = null;
            var d = document.createElement('div');
            d.className = 'var';
            box.appendChild(d);
            if (V.P) lines(g, V, d);
            again = true;
        });
    }
}
function goer(L, k) { return function () { go(L, k); }; }
function enter(L, k) {
    return function (e) {
        if (e.key == 'Enter' || e.key == ' ') { e.preventDefault(); go(L, k); }
    };
}

var shownAt = 0;
function show(i, p) {
    if (A.edit && (!G || G.i != i)) editor(false);
    var g = game(i), e = g.e, m = $('moves');
    note('');
    if (!shownAt && window.performance) shownAt = performance.now();
    cur = i;
    render();
    var L = $('list'), y = (F ? F.indexOf(i) : i) * ROW;
    if (y >= 0 && (y < L.scrollTop || y > L.scrollTop + L.clientHeight - ROW))
        L.scrollTop = Math.max(0, y - L.clientHeight / 2);
    $('head').textContent = title(e);
    var t = {};
    g.t.forEach(function (x) { t[x[0]] = x[1]; });
    $('sub').textContent = [known(e[4]), known(e[6]), day(e[5]),
        known(e[7]) ? 'round ' + e[7] : '', known(e[8]),
        e[3] ? e[3] + ': ' + words(e) : ''].filter(Boolean).join(' · ');
    m.textContent = '';
    $('numsl').textContent = g.alg ? 'coordinates' : 'numbers';
    lines(g, g.L, m);
    if (g.post) comment(m, g.post, g.L, g.L.pl.length);
    evalgraph(g);
    var end = [];
    if (g.end) end.push(g.end.charAt(0).toUpperCase() + g.end.slice(1));
    end.push((g.term || e[3] || '*') + (e[3] || g.term ? ': ' + words(e) : ''));
    txt(m, '', end.join('. '), 'div').id = 'endtext';
    walk(g, p);
}
/* a ply's address: PLY on the main line; A.I.PLY is ply PLY of the I-th
 * variation (from 1) of the move at ply A of the line it leaves, so
 * that 12.1.3.2.1 is ply 1 of the second variation of ply 3 of the first
 * variation of ply 12 */
function path(L, k) {
    var s = '' + k;
    for (; L.parent; L = L.parent) s = (L.at + 1) + '.' + L.idx + '.' + s;
    return s;
}
/* goes to address p of game g (as far as its steps lead) */
function walk(g, p) {
    var a = String(p || 0).split('.'), L = g.L, k = +a[0];
    for (var j = 1; j + 1 < a.length; j += 2) {
        var V = (L.v[k - 1] || [])[+a[j] - 1];
        if (!V || !V.P) break;
        L = V;
        k = +a[j + 1];
    }
    go(L, k);
}

function go(L, k) {
    if (!L || !L.P) return;
    k = Math.max(0, Math.min(L.pl.length, k));
    var o = document.querySelector('#moves .on');
    if (o) o.classList.remove('on');
    st = {L: L, k: k};
    if (k > 0 && L.S[k]) {
        L.S[k].classList.add('on');
        within($('moves'), L.S[k]);
    }
    var turn = L.T[k] == 'W' ? 'White' : 'Black', main = !L.parent;
    $('fen').textContent = L.FEN[k];
    $('ply').textContent = (main ? 'ply ' : 'variation, ply ') + k + ' of ' +
        L.pl.length + (main && k == L.pl.length && G.end ? ' · ' + G.end : '');
    $('turn').textContent = turn + ' to move';
    $('turn').style.setProperty('--disc', L.T[k] == 'W' ? '#fbf7ee' : '#262626');
    $('info').textContent = (L.I && L.I[k] || []).join(' · ');
    clocks(L, k);
    evalmark(L, k);
    A.sel = null;
    if (A.M) astatus(L, k);
    if (!pend && history.replaceState)
        try { history.replaceState(null, '', '#g=' + G.e[0] + '&p=' + path(L, k)); }
        catch (ex) { /* a page that cannot change its address */ }
    draw();
}
/* the evaluation graph under the board: the main line's [%eval]s by ply
 * (White's view, in men, drawn within +-EVMAX; a mate, #N, at the edge),
 * a click or a key going to the ply; hidden in a game without them */
var EVMAX = 4, EVW = 400, EVH = 64;
function evalof(list) {
    var v = null;
    (list || []).forEach(function (t) {
        var m = /^eval\s+(#?)([+-]?)(\d*\.?\d+)/.exec(t);
        if (!m) return;
        var x = m[1] ? EVMAX : Math.min(EVMAX, +m[3]);
        v = m[2] == '-' ? -x : x;
    });
    return v;
}
function evalgraph(g) {
    var box = $('evalg'), L = g.L, n = L.pl.length, pts = [];
    if (!box) {
        box = document.createElement('div');
        box.id = 'evalg';
        $('info').parentNode.insertBefore(box, $('info'));
    }
    for (var k = 0; k <= n; k++) {
        var v = evalof(L.I[k]);
        if (v !== null) pts.push([k, v]);
    }
    box.textContent = '';
    box.hidden = !pts.length;
    $('boardbox').classList.toggle('evg', pts.length > 0);
    if (!pts.length) return;
    var NS = 'http://www.w3.org/2000/svg', sv = document.createElementNS(NS, 'svg');
    function el(tag, at) {
        var e = document.createElementNS(NS, tag);
        for (var a in at) e.setAttribute(a, at[a]);
        sv.appendChild(e);
        return e;
    }
    function X(k) { return (n ? k * EVW / n : 0).toFixed(1); }
    function Y(v) { return (EVH / 2 - v * (EVH / 2 - 2) / EVMAX).toFixed(1); }
    sv.setAttribute('viewBox', '0 0 ' + EVW + ' ' + EVH);
    sv.setAttribute('preserveAspectRatio', 'none');
    sv.setAttribute('role', 'slider');
    sv.setAttribute('tabindex', '0');
    sv.setAttribute('aria-label', 'Evaluation by ply (White above the line): go to a ply');
    sv.setAttribute('aria-valuemin', '0');
    sv.setAttribute('aria-valuemax', '' + n);
    el('rect', {'class': 'evb', x: 0, y: EVH / 2, width: EVW, height: EVH / 2});
    var line = pts.map(function (p) { return X(p[0]) + ',' + Y(p[1]); });
    el('path', {'class': 'eva', d: 'M' + X(pts[0][0]) + ',' + EVH / 2 + 'L' +
        line.join('L') + 'L' + X(pts[pts.length - 1][0]) + ',' + EVH / 2 + 'Z'});
    el('line', {'class': 'evz', x1: 0, x2: EVW, y1: EVH / 2, y2: EVH / 2});
    el('polyline', {'class': 'evp', points: line.join(' ')});
    el('line', {'class': 'evm', id: 'evm', x1: 0, x2: 0, y1: 0, y2: EVH});
    function to(k) { go(G.L, Math.max(0, Math.min(n, k))); }
    sv.onclick = function (e) {
        var r = sv.getBoundingClientRect();
        to(Math.round((e.clientX - r.left) / (r.width || 1) * n));
    };
    sv.onkeydown = function (e) {
        var k = st.L == G.L ? st.k : 0,
            d = {ArrowLeft: -1, ArrowRight: 1, Home: -n, End: n}[e.key];
        if (d === undefined) return;
        e.preventDefault();
        e.stopPropagation();
        to(k + d);
    };
    box.appendChild(sv);
}
/* the graph's mark at the ply shown (in a variation: the ply it leaves) */
function evalmark(L, k) {
    var m = $('evm'), n = G.L.pl.length;
    if (!m) return;
    for (; L.parent; L = L.parent) k = L.at;
    var x = n ? (k * EVW / n).toFixed(1) : 0;
    m.setAttribute('x1', x);
    m.setAttribute('x2', x);
    m.parentNode.setAttribute('aria-valuenow', '' + k);
}
/* each side's clock at (L, k): the last [%clock] or [%clk] at or
 * before it on the way from the start. "W0:28:09 B0:29:01" gives both;
 * a time alone is the clock of the side that made the move (before the
 * first move: of both) */
function clocks(L, k) {
    var c = {W: '', B: ''}, box = $('clocks');
    function set(v, L, j) {
        var any = false;
        v.split(/\s+/).forEach(function (t) {
            var m = /^([WwBb])(\d.*)$/.exec(t);
            if (!m) return;
            any = true;
            if (!c[m[1].toUpperCase()]) c[m[1].toUpperCase()] = m[2];
        });
        if (any || !v) return;
        if (j == 0 && !L.parent) {
            c.W = c.W || v;
            c.B = c.B || v;
        } else {
            var mover = L.T[j] == 'W' ? 'B' : 'W';
            c[mover] = c[mover] || v;
        }
    }
    for (;;) {
        for (var j = k; j >= 0 && !(c.W && c.B); j--)
            for (var q = (L.C && L.C[j] || []).length - 1; q >= 0; q--)
                set(L.C[j][q], L, j);
        if (!L.parent || (c.W && c.B)) break;
        k = L.at;
        L = L.parent;
    }
    box.textContent = '';
    box.hidden = !c.W && !c.B;
    var first = G.e[9] == 'B' ? ['B', 'W'] : ['W', 'B'];
    first.forEach(function (s) {
        if (!c[s]) return;
        var t = txt(box, s == st.L.T[st.k] ? 'clk on' : 'clk',
            (s == 'W' ? 'White ' : 'Black ') + c[s]);
        t.id = 'c' + s.toLowerCase();
    });
}
/* scrolls box (when it scrolls) so that e is in the part of it in the
 * window; the window stays (on a phone the board above the moves stays
 * in view) */
function within(box, e) {
    if (box.scrollHeight <= box.clientHeight) return;
    var b = box.getBoundingClientRect(), r = e.getBoundingClientRect();
    var top = Math.max(b.top, 0), bot = Math.min(b.bottom, window.innerHeight);
    if (bot - top < r.bottom - r.top) bot = b.bottom;
    if (r.top < top) box.scrollTop -= top - r.top;
    else if (r.bottom > bot) box.scrollTop += r.bottom - bot;
}
function step(d) {
    if (!st) return;
    var L = st.L, k = st.k + d;
    if (d < 0 && k <= 0 && L.parent) go(L.parent, L.at);
    else go(L, k);
}
function route() {
    var m = /[#&]g=(\d+)(?:&p=(\d+(?:\.\d+\.\d+)*))?/.exec(location.hash);
    if (!m) return false;
    var n = +m[1], p = m[2] || '0', i = num2i[n];
    if (i == null) {
        pend = {g: n, p: p};
        /* a page of part of a file: the index knows the game's page */
        if (IDX && document.readyState != 'loading')
            location.replace(IDX + location.hash);
        return false;
    }
    pend = null;
    note('');
    if (!G || G.i != i) show(i, p); else walk(G, p);
    return true;
}

/* the board */
function draw() {
    var g = G, L = st.L, k = st.k, C = CELL, alg = g.alg;
    /* the coordinates' room: left of the board and below it only */
    var M = alg && NUMS ? Math.round(C * 0.5) : 0, W = g.w * C + M;
    var Hh = g.h * C + M, b = $('board'), pl = {}, all = g.sqs.length == g.w * g.h;
    b.textContent = '';
    b.setAttribute('viewBox', '0 0 ' + W + ' ' + Hh);
    $('boardbox').style.setProperty('--bw', W + 'px');
    var tt = el('title', {}, b);
    tt.textContent = (k ? 'Position after ' + (L.S[k] ? L.S[k].textContent : 'ply ' + k)
                        : 'Start position') + ', ' + $('turn').textContent;
    g.sqs.forEach(function (q) { pl[q[0] + ',' + q[1]] = 1; });
    function X(f) { return M + (FL ? g.w - 1 - f : f) * C; }
    function Y(r) { return (FL ? r : g.h - 1 - r) * C; }
    for (var r = 0; r < g.h; r++)
        for (var f = 0; f < g.w; f++)
            el('rect', {x: X(f), y: Y(r), width: C, height: C,
                fill: pl[f + ',' + r] && !all ? DK : LT,
                stroke: all ? '#6b4f2e' : 'none'}, b);
    if (alg && NUMS) {
        var fs = C * 0.32;
        for (f = 0; f < g.w; f++)
            el('text', {x: X(f) + C / 2, y: Hh - M / 2 + fs / 3, 'font-size': fs,
                'text-anchor': 'middle', 'class': 'crd'}, b).textContent =
                String.fromCharCode(97 + f);
        for (r = 0; r < g.h; r++)
            el('text', {x: M / 2, y: Y(r) + C / 2 + fs / 3, 'font-size': fs,
                'text-anchor': 'middle', 'class': 'crd'}, b).textContent = r + 1;
    }
    var last = A.edit ? null : L.LAST[k];
    A.geo = {M: M, C: C, w: g.w, h: g.h};
    if (last) {
        var pa = last.path, pts = [];
        [pa[0], pa[pa.length - 1]].forEach(function (q) {
            el('rect', {x: X(q[0]), y: Y(q[1]), width: C, height: C,
                fill: '#f6f669', 'fill-opacity': 0.55}, b);
        });
        pa.forEach(function (q) { pts.push(X(q[0]) + C / 2 + ',' + (Y(q[1]) + C / 2)); });
        el('polyline', {points: pts.join(' '), fill: 'none', stroke: '#2060d0',
            'stroke-width': C / 10 + 1, 'stroke-opacity': 0.8,
            'stroke-linejoin': 'round'}, b);
    }
    var marks = A.edit ? [] : L.D[k] || [];
    marks.forEach(function (d) { if (d[0] == 'csl') csl(g, b, d[1], X, Y, C); });
    var bd = A.edit ? A.edit.bd : L.P[k];
    if (A.sel) selmarks(b, X, Y, C);
    for (var q in bd) {
        var c = q.split(',');
        stack(b, X(+c[0]) + C / 2, Y(+c[1]) + C / 2, C, bd[q]);
    }
    if (A.sel) dots(b, X, Y, C);
    if (last) {
        var before = L.P[k - 1] || (L.parent ? L.parent.P[L.at] : {});
        last.cap.forEach(function (q) {
            var key = q[0] + ',' + q[1], was = (before[key] || '').charAt(0);
            if (!was) was = L.T[k] == 'W' ? 'w' : 'b';
            var x = X(q[0]) + C / 2, y = Y(q[1]) + C / 2;
            if (!bd[key]) { piece(b, x, y, C, was, 1); return; }
            el('circle', {'class': 'capmark', cx: x, cy: y, r: C * 0.46,
                fill: 'none', stroke: '#c02020', 'stroke-width': 2,
                'stroke-dasharray': '4,3'}, b);
            piece(b, X(q[0]) + C * 0.75, Y(q[1]) + C * 0.25, C * 0.6, was, 1);
        });
    }
    if (!alg && NUMS)
        g.sqs.forEach(function (q, n) {
            el('text', {x: X(q[0]) + 2, y: Y(q[1]) + C * 0.3, 'font-size': C * 0.28,
                'stroke-width': C >= 40 ? 2 : 1, 'class': 'sqn'}, b).textContent = n + 1;
        });
    marks.forEach(function (d) { if (d[0] == 'cal') cal(g, b, d[1], X, Y, C); });
}
/* a piece and the pieces under it: the layers a tenth of the square
 * apart (at least 3 px), the discs made smaller so that the whole stack
 * stays inside its square (a stack on the edge row too); a king on top
 * is one disc with its crown (a second disc would read as a layer) */
function stack(b, x, y, C, p) {
    var u = p.length > 1 ? p.slice(2, -1) : '', n = Math.min(u.length, 4);
    var step = Math.max(C / 10, 3), lift = n * step / 2;
    var R = u ? Math.min(C * 0.37, (C * 0.94 - n * step) / 2) : C * 0.37;
    if (u) {
        var g = el('g', {'class': 'stack', 'data-under': u}, b);
        for (var i = n - 1; i >= 0; i--) {
            var w = u.charAt(i) == 'w' || u.charAt(i) == 'W', K = u.charAt(i) < 'a';
            el('circle', {cx: x, cy: y - lift + (i + 1) * step, r: R,
                fill: w ? '#fbf7ee' : '#262626',
                stroke: K ? '#c8a020' : (w ? '#5a5a5a' : '#000'),
                'stroke-width': K ? 2.5 : 1.5}, g);
        }
        var bx = x + R * 0.8, by = y + R * 0.8, fs = Math.max(C * 0.3, 8);
        el('circle', {cx: bx, cy: by, r: fs * 0.6 + 1, fill: '#2060d0',
            stroke: '#fff', 'stroke-width': 1}, g);
        el('text', {x: bx, y: by + fs * 0.35, 'font-size': fs, fill: '#fff',
            'text-anchor': 'middle'}, g).textContent = u.length + 1;
    }
    piece(b, x, y - lift, R / 0.37, p.charAt(0), 0, !!u);
}
function piece(b, x, y, C, p, cap, flat) {
    var w = p == 'w' || p == 'W', K = p == 'W' || p == 'B';
    var R = C * 0.37, l = K && !flat ? C / 12 : 0;
    var gr = el('g', {'class': (w ? (K ? 'wk' : 'wm') : (K ? 'bk' : 'bm')) +
        (cap ? ' captured' : '')}, b);
    if (cap) gr.setAttribute('opacity', 0.45);
    var a = {fill: w ? '#fbf7ee' : '#262626', stroke: w ? '#5a5a5a' : '#000',
        'stroke-width': 1.5};
    if (cap) a['stroke-dasharray'] = '3,2';
    if (K && !flat) { a.cx = x; a.cy = y + l; a.r = R; el('circle', a, gr); }
    a.cx = x; a.cy = y - l; a.r = R;
    el('circle', a, gr);
    el('circle', {cx: x, cy: y - l, r: R * 0.7, fill: 'none',
        stroke: w ? '#b0a890' : '#555', 'stroke-width': 1}, gr);
    if (K) {
        var s = R / 20, pts = [[-10, 6], [-10, -6], [-5, 0], [0, -8], [5, 0],
            [10, -6], [10, 6]].map(function (q) {
                return (x + q[0] * s) + ',' + (y - l + q[1] * s);
            });
        el('polygon', {points: pts.join(' '), fill: w ? '#c8a020' : '#e8c040',
            stroke: w ? '#6a5010' : '#fff0b0', 'stroke-width': 1}, gr);
    }
    if (cap)
        el('path', {d: 'M' + (x - R / 2) + ',' + (y - R / 2) + 'L' + (x + R / 2) +
            ',' + (y + R / 2) + 'M' + (x + R / 2) + ',' + (y - R / 2) + 'L' +
            (x - R / 2) + ',' + (y + R / 2), stroke: '#c02020',
            'stroke-width': 3}, gr);
}
/* [%csl Gd4,R32] and [%cal Gc3e5,R32-28]: colour letter, then squares
 * (algebraic names or numbers) */
function squares(g, s) {
    var out = [], re = /([a-z][0-9]{1,2}|[0-9]{1,3})/g, m;
    while ((m = re.exec(s))) {
        var q = sqc(g, m[1]);
        if (q && q[0] >= 0 && q[0] < g.w && q[1] >= 0 && q[1] < g.h) out.push(q);
    }
    return out;
}
function csl(g, b, v, X, Y, C) {
    v.split(',').forEach(function (s) {
        s = s.trim();
        var c = COL[s.charAt(0)];
        if (!c) return;
        squares(g, s.slice(1)).forEach(function (q) {
            el('rect', {'class': 'csl', x: X(q[0]) + 2, y: Y(q[1]) + 2,
                width: C - 4, height: C - 4, fill: c, 'fill-opacity': 0.45,
                stroke: c, 'stroke-width': 3}, b);
        });
    });
}
function cal(g, b, v, X, Y, C) {
    v.split(',').forEach(function (s) {
        s = s.trim();
        var c = COL[s.charAt(0)], q = squares(g, s.slice(1));
        if (!c || q.length < 2) return;
        var x1 = X(q[0][0]) + C / 2, y1 = Y(q[0][1]) + C / 2;
        var x2 = X(q[1][0]) + C / 2, y2 = Y(q[1][1]) + C / 2;
        var a = Math.atan2(y2 - y1, x2 - x1), h = C * 0.35, gr = el('g',
            {'class': 'cal', opacity: 0.8}, b);
        el('line', {x1: x1, y1: y1, x2: x2 - Math.cos(a) * h * 0.8,
            y2: y2 - Math.sin(a) * h * 0.8, stroke: c, 'stroke-width': C / 7,
            'stroke-linecap': 'round'}, gr);
        el('polygon', {points: [x2, y2, x2 - h * Math.cos(a - 0.45),
            y2 - h * Math.sin(a - 0.45), x2 - h * Math.cos(a + 0.45),
            y2 - h * Math.sin(a + 0.45)].join(' '), fill: c}, gr);
    });
}

/* the analysis board: with libpdn's WebAssembly (PdnModule, wasm/pdn.js)
 * in the page, a click on a piece shows its legal moves, a click on a
 * destination plays the move (several captures between the same squares:
 * the page asks which); a move that leaves the line shown starts a
 * variation. The first edit reads the game into libpdn (its PDN as the
 * page writes it): from then on the game is libpdn's tree, every
 * position and move its own; edits keep the game's PDN before them for
 * undo. Nothing here knows a rule. */
var A = {M: null, eds: {}, sel: null, edit: null, geo: null, lm: null, tool: 'w'};
function gtOf(g) {
    if (A.eds[g.i]) return A.eds[g.i].gt;
    var t = {};
    (g.t || []).forEach(function (x) { t[x[0]] = x[1]; });
    return t.GameType || (g.G != null ? String(g.G) : t.Variant || '20');
}
function legal(fen) {
    if (A.lm && A.lm.fen == fen && A.lm.gt == gtOf(G)) return A.lm.list;
    var list;
    try { list = A.M.moves(gtOf(G), fen); } catch (ex) { list = []; }
    A.lm = {fen: fen, gt: gtOf(G), list: list};
    return list;
}
function sameq(a, b) { return a[0] == b[0] && a[1] == b[1]; }
/* the edited game of the game shown, read into libpdn at the first edit */
function ensure() {
    var ed = A.eds[G.i];
    if (ed) return ed;
    var text = pdn(), gt = gtOf(G);
    if (!/^\[GameType /m.test(text)) text = '[GameType "' + gt + '"]\n' + text;
    ed = {game: A.M.Game.parse(text), hist: [], gt: gt};
    A.eds[G.i] = ed;
    rebuild(ed, null, path(st.L, st.k));
    return ed;
}
/* a line of libpdn's tree as the page's line: positions from its FENs */
function build(g, nodes, x0) {
    var L = {ready: 1, mv: [], pl: [], x: {}, v: {}, f: {}, P: [x0.bd], T: [x0.t],
        FEN: [x0.fen], LAST: [null], S: [], D: [], id: [0], full: [null]};
    var ok = true;
    nodes.forEach(function (n, i) {
        var x = {};
        if (n.before) x.b = n.before.join(' ');
        if (n.after) x.a = n.after.join(' ');
        if (n.nags) x.g = n.nags;
        L.x[i] = x;
        L.mv.push(n.text + (n.strength || ''));
        if (n.vars)
            L.v[i] = n.vars.map(function (V) {
                return ok ? build(g, V, {bd: L.P[i], t: L.T[i], fen: L.FEN[i]})
                          : {ready: 1, P: null};
            });
        if (!ok || !n.played) { ok = false; return; }
        var p = parse(g, n.fen), c = function (q) { return [q[0], q[1]]; };
        L.pl.push(n.text);
        L.P.push(p.bd);
        L.T.push(p.t);
        L.FEN.push(n.fen);
        L.LAST.push({path: n.played.path.map(c), cap: n.played.captured.map(c),
            pro: n.played.promotes});
        L.id.push(n.id);
        L.full.push(n.played.full);
    });
    return L;
}
/* reads the edited game's tree again, shows it, goes to node id (or to
 * address p) */
function rebuild(ed, id, p) {
    var t = ed.game.json(), o = G, g = {}, k;
    for (k in o) g[k] = o[k];
    var x0 = parse(g, t.start);
    g.L = build(g, t.line, {bd: x0.bd, t: x0.t, fen: t.start});
    g.L.parent = null;
    g.L.base = (g.n - 1) * 2 + (g.L.T[0] == g.e[9] ? 0 : 1);
    g.post = t.comments.join(' ');
    g.term = t.result;
    g.end = '';
    ed.gt = t.gametype;
    G = A.eds[g.i].g = g;
    var m = $('moves');
    m.textContent = '';
    lines(g, g.L, m);
    if (g.post) comment(m, g.post, g.L, g.L.pl.length);
    evalgraph(g);
    txt(m, '', g.term || '*', 'div').id = 'endtext';
    var at = id ? find(g.L, id) : null;
    if (at) go(at.L, at.k); else walk(g, p || 0);
}
function find(L, id) {
    for (var k = 1; k <= L.pl.length; k++) {
        if (L.id[k] == id) return {L: L, k: k};
        var V = L.v[k - 1] || [];
        for (var j = 0; j < V.length; j++) {
            var r = V[j].P ? find(V[j], id) : null;
            if (r) return r;
        }
    }
    return null;
}
/* the node whose position (L, k) is after: 0 the game's start */
function nodeAt(L, k) {
    while (k == 0 && L.parent) { k = L.at; L = L.parent; }
    return k ? (L.id ? L.id[k] : -1) : 0;
}
function snapshot(ed) {
    ed.hist.push({pdn: ed.game.pdn(), at: path(st.L, st.k)});
}
function play(m) {
    $('choose').hidden = true;
    var ed = ensure(), L = st.L, k = st.k;
    /* a move already there: go to it */
    while (k == 0 && L.parent) { k = L.at; L = L.parent; }
    if (k < L.pl.length && L.full[k + 1] == m.full) return go(L, k + 1);
    var V = L.v[k] || [];
    for (var j = 0; j < V.length; j++)
        if (V[j].P && V[j].pl.length && V[j].full[1] == m.full) return go(V[j], 1);
    snapshot(ed);
    var id;
    try { id = ed.game.add(nodeAt(st.L, st.k), m.move); }
    catch (ex) { ed.hist.pop(); say(String(ex.message || ex)); return; }
    rebuild(ed, id);
}
function say(t) { $('amsg').textContent = t; }
function choose(c) {
    var box = $('choose');
    box.textContent = '';
    txt(box, '', 'Which capture? ');
    c.forEach(function (m) {
        var b = txt(box, 'pick', m.full, 'button');
        b.onclick = function () { play(m); };
    });
    box.hidden = false;
}
/* the square under a click: [file, rank] */
function square(ev) {
    var b = $('board'), pt = b.createSVGPoint(), q = A.geo;
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    var p = pt.matrixTransform(b.getScreenCTM().inverse());
    var col = Math.floor((p.x - q.M) / q.C), row = Math.floor(p.y / q.C);
    if (col < 0 || row < 0 || col >= q.w || row >= q.h) return null;
    return [FL ? q.w - 1 - col : col, FL ? row : q.h - 1 - row];
}
/* the pointer on the board: the move input shared with the explorer's
 * page (PdnPick, wasm/pick.js, on A: A.sel the piece chosen) */
function down(ev) {
    A.drag = null;
    if (!A.M || !st || A.edit || A.over) return;
    A.pick.down(square(ev));
}
function up(ev) { A.pick.up(A.drag ? square(ev) : null); }
function click(ev) {
    if (A.skip && ev.type == 'click') { A.skip = false; return; }
    if (!A.M || !st) return;
    var q = square(ev);
    if (!q) return;
    if (A.edit) return place(q, ev.shiftKey);
    $('choose').hidden = true;
    if (A.over) { say('No move: the game is over'); return; }
    A.pick.click(q);
}
function selmarks(b, X, Y, C) { A.pick.square(el, b, X, Y, C); }
function dots(b, X, Y, C) { A.pick.dots(el, b, X, Y, C); }
/* the moves from the start of the game to (L, k) */
function played(L, k) {
    var out = [];
    for (; L; k = L.at, L = L.parent)
        for (var j = k; j >= 1; j--) out.unshift(L.full ? L.full[j] : L.pl[j - 1]);
    return out;
}
/* game over, a draw rule, whose move */
function astatus(L, k) {
    var t = '', s = null;
    if (L.ready && G.L.FEN[0]) {
        try {
            var b = new A.M.Board(gtOf(G), G.L.FEN[0]);
            played(L, k).forEach(function (m) { b.play(m); });
            s = b.status();
            b.free();
        } catch (ex) { s = null; }
    }
    if (!s) {
        var n = legal(L.FEN[k]).length;
        s = {over: n == 0, text: null, canClaim: false};
    }
    if (s.over)
        t = 'Game over' + (s.text ? ': ' + s.text : ': no legal move') +
            (s.outcome == 'draw' ? ' (draw)' : s.outcome ? ' (' +
            (s.outcome == 'first' ? 'first' : 'second') + ' mover won)' : '');
    else if (s.canClaim)
        t = 'A draw may be claimed: ' + s.text;
    $('over').textContent = t;
    A.over = s.over;
    say('');
    var ed = A.eds[G.i];
    $('undo').disabled = !ed || !ed.hist.length;
    $('prom').disabled = !L.parent;
    $('delv').disabled = k == 0;
    $('nag').disabled = $('cmt').disabled = $('setcmt').disabled = k == 0 && !L.parent;
}
function edit(f) {
    var ed = ensure(), id = nodeAt(st.L, st.k);
    snapshot(ed);
    var r = f(ed, id);
    if (r === false) { ed.hist.pop(); return; }
    if (r === 0) rebuild(ed, null, 0);
    else rebuild(ed, r === true ? id : r, ed.hist[ed.hist.length - 1].at);
}
function undo() {
    var ed = A.eds[G.i];
    if (!ed || !ed.hist.length) return;
    var h = ed.hist.pop();
    ed.game.free();
    ed.game = A.M.Game.parse(h.pdn);
    rebuild(ed, null, h.at);
}
function download() {
    var t = pdn(), a = $('dl');
    if (a.href) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([t], {type: 'text/plain'}));
    a.download = (G.e[0] ? 'game-' + G.e[0] : 'game') + '.pdn';
    a.textContent = a.download;
    a.click();
}
/* the board editor: pieces put on and taken off by clicks, the side to
 * move; libpdn checks the position, which starts a new game */
function editor(on) {
    $('editor').hidden = !on;
    $('anabar').hidden = on;
    say('');
    if (!on) { A.edit = null; if (st) draw(); return; }
    var bd = {}, k, src = st.L.P[st.k];
    for (k in src) bd[k] = src[k];
    A.edit = {bd: bd};
    $('eturn').value = st.L.T[st.k];
    efen();
    draw();
}
/* a click puts the piece chosen on a square (again: takes it off), or
 * with Shift, under the stack there (the towers variants) */
function place(q, under) {
    var key = q[0] + ',' + q[1], ok = false;
    G.sqs.forEach(function (s) { if (sameq(s, q)) ok = true; });
    if (!ok) return;
    var t = A.tool, bd = A.edit.bd, p = bd[key];
    if (under && t && p) {
        var u = p.length > 1 ? p.slice(2, -1) : '';
        bd[key] = p.charAt(0) + '(' + u + t + ')';
    } else if (!t || p == t) {
        delete bd[key];
    } else {
        bd[key] = t;
    }
    efen();
    draw();
}
/* the editor's position as a FEN, shown as it is made */
function efen() {
    $('fen').textContent = fmt(G, A.edit.bd, $('eturn').value);
}
function setup() {
    var fen = fmt(G, A.edit.bd, $('eturn').value), r = A.M.check(gtOf(G), fen);
    if (r.error) { $('edmsg').textContent = 'Not a legal position: ' + r.error; return; }
    $('edmsg').textContent = '';
    fresh(r.fen);
}
/* a new game of this variant from fen ('' the start position) */
function fresh(fen) {
    var old = A.eds[G.i], ed;
    try { ed = {game: new A.M.Game(gtOf(G), fen), hist: old ? old.hist : [], gt: gtOf(G)}; }
    catch (ex) { $('edmsg').textContent = String(ex.message || ex); return; }
    if (old) { snapshot(old); ed.hist = old.hist; old.game.free(); }
    A.eds[G.i] = ed;
    editor(false);
    rebuild(ed, null, 0);
    $('head').textContent = 'Analysis: a new game';
    $('sub').textContent = fen ? 'from ' + fen : 'from the start position';
}
/* a row above the list of games: a new game of the variant of the game
 * shown, from its start position, on the analysis board */
function newRow() {
    var r = document.createElement('button');
    r.id = 'newrow';
    r.type = 'button';
    r.textContent = '+ New game from the start position';
    r.title = 'A new game of this variant on the analysis board';
    r.onclick = function () { if (G) fresh(''); };
    $('list').parentNode.insertBefore(r, $('list'));
}
function analysis() {
    if (typeof PdnModule != 'function' || typeof PdnPick == 'undefined') return;
    PdnModule().then(function (M) {
        A.M = M;
        A.moves = function () { return legal(st.L.FEN[st.k]); };
        A.play = play;
        A.choose = choose;
        A.redraw = draw;
        A.pick = new PdnPick.Pick(A);
        $('ana').hidden = false;
        document.body.classList.add('analysis');
        $('board').addEventListener('click', click);
        $('board').addEventListener('pointerdown', down);
        $('board').addEventListener('pointerup', up);
        $('undo').onclick = undo;
        $('delv').onclick = function () {
            if (!st.k) return;
            ensure();
            var L = st.L, k = st.k, back = nodeAt(L, k - 1), id = L.id[k];
            edit(function (ed) { ed.game.cut(id); return back; });
        };
        $('prom').onclick = function () {
            if (!st.L.parent) return;
            ensure();
            var L = st.L;
            var owner = L.parent.id[L.at + 1], i = L.idx - 1;
            edit(function (ed) { return ed.game.promote(owner, i) ? true : false; });
        };
        $('setcmt').onclick = function () {
            var c = $('cmt').value.replace(/[{}]/g, '').trim();
            edit(function (ed, id) { return id && ed.game.comment(id, c) ? true : false; });
            $('cmt').value = '';
        };
        $('nag').onchange = function () {
            var n = +this.value;
            edit(function (ed, id) { return id && ed.game.nag(id, n) ? true : false; });
            this.value = '';
        };
        $('dpdn').onclick = download;
        $('newg').onclick = function () { fresh(''); };
        newRow();
        $('edit').onclick = function () { editor(true); };
        $('edone').onclick = setup;
        $('ecancel').onclick = function () { editor(false); };
        $('eclear').onclick = function () { A.edit.bd = {}; efen(); draw(); };
        $('eturn').onchange = efen;
        $('estart').onclick = function () {
            var x = parse(G, M.gametype(gtOf(G)).fen);
            A.edit.bd = x.bd;
            $('eturn').value = x.t;
            efen();
            draw();
        };
        Array.prototype.forEach.call(document.querySelectorAll('#tools button'),
            function (b) {
                b.onclick = function () {
                    A.tool = b.getAttribute('data-p');
                    var o = document.querySelector('#tools .on');
                    if (o) o.classList.remove('on');
                    b.classList.add('on');
                };
            });
        if (st) go(st.L, st.k);
        document.dispatchEvent(new Event('pdnanalysis'));
    }, function () { /* no WebAssembly here: the page stays a viewer */ });
}

/* the game as PDN: tags, then the moves with numbers, NAGs, comments and
 * variations, lines of at most 79 characters */
function pdn() {
    if (A.eds[G.i]) return A.eds[G.i].game.pdn();
    var g = G, e = g.e, out = [], toks = [];
    function tag(n, v) {
        out.push('[' + n + ' "' + String(v).replace(/\\/g, '\\\\')
            .replace(/"/g, '\\"') + '"]');
    }
    [['Event', 4], ['Site', 6], ['Date', 5], ['Round', 7], ['White', 1],
        ['Black', 2], ['Result', 3]].forEach(function (x) {
        if (e[x[1]]) tag(x[0], e[x[1]]);
    });
    g.t.forEach(function (x) { tag(x[0], x[1]); });
    out.push('');
    function line(L) {
        var again = true;
        for (var k = 1; k <= L.mv.length; k++) {
            var x = L.x[k - 1] || {}, hm = L.base + k - 1, second = hm % 2;
            if (x.b) { toks.push('{' + x.b + '}'); again = true; }
            if (!second || again)
                toks.push(Math.floor(hm / 2) + 1 + (second ? '...' : '.'));
            again = false;
            toks.push(L.mv[k - 1]);
            (x.g || []).forEach(function (n) { toks.push('$' + n); });
            if (x.a) { toks.push('{' + x.a + '}'); again = true; }
            (L.v[k - 1] || []).forEach(function (V) {
                toks.push('(');
                line(V);
                toks.push(')');
                again = true;
            });
        }
    }
    line(g.L);
    if (g.post) toks.push('{' + g.post + '}');
    toks.push(g.term || e[3] || '*');
    var s = '';
    toks.forEach(function (t) {
        if (t == ')') { s += t; return; }
        if (s && s.length + 1 + t.length > 79) { out.push(s); s = ''; }
        s += s && s.charAt(s.length - 1) != '(' ? ' ' + t : t;
    });
    out.push(s);
    return out.join('\n') + '\n';
}
function copy(t) {
    function done(ok) { $('copied').textContent = ok ? 'copied' : 'select and copy'; }
    function old() {
        var a = document.createElement('textarea');
        a.value = t;
        document.body.appendChild(a);
        a.select();
        var ok = false;
        try { ok = document.execCommand('copy'); } catch (ex) { ok = false; }
        document.body.removeChild(a);
        done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText)
        navigator.clipboard.writeText(t).then(function () { done(true); }, old);
    else
        old();
}

/* a message over the game shown, '' none */
function note(t) {
    $('note').textContent = t;
    $('note').hidden = !t;
}
document.addEventListener('DOMContentLoaded', function () {
    clearTimeout(poll);
    take(true);
    if (pend) route();
    /* every game is filed: a link to a game past them says so (a page
     * of part of a file has gone on to its index) */
    if (pend && !IDX) {
        note('No game ' + pend.g + ': this file has ' + GC.length +
            (GC.length == 1 ? ' game' : ' games') + '; game ' +
            (G ? G.e[0] : 1) + ' is shown.');
        pend = null;
    }
    $('start').onclick = function () { go(G.L, 0); };
    $('back').onclick = function () { step(-1); };
    $('fwd').onclick = function () { step(1); };
    $('last').onclick = function () { go(st.L, 1e9); };
    $('flip').onclick = function () { FL = !FL; draw(); };
    $('nums').checked = NUMS;
    $('nums').onchange = function () { NUMS = this.checked; draw(); };
    $('cfen').onclick = function () { copy($('fen').textContent); };
    $('cpdn').onclick = function () { copy(pdn()); };
    analysis();
    var t = 0;
    $('q').oninput = function () { clearTimeout(t); t = setTimeout(filter, 120); };
    $('res').onchange = function () { filter(); };
    $('list').addEventListener('keydown', listkey);
    $('list').onscroll = function () {
        if (window.requestAnimationFrame) requestAnimationFrame(render); else render();
    };
    window.addEventListener('resize', render);
    more();
});
window.addEventListener('hashchange', route);
document.addEventListener('keydown', function (e) {
    var n = e.target && e.target.nodeName;
    if (e.altKey || e.ctrlKey || e.metaKey || n == 'INPUT' || n == 'SELECT' ||
        n == 'TEXTAREA' || !st)
        return;
    var d = {ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1}[e.key];
    if (e.key == 'Home') go(G.L, 0);
    else if (e.key == 'End') go(st.L, 1e9);
    else if (d) step(d);
    else return;
    e.preventDefault();
});
/* a page of part of a file (-O): links to the pages before and after
 * it and to the index of them all */
function nav(prev, next, index, games) {
    var n = $('pages');
    n.textContent = '';
    txt(n, '', games + ' ');
    [[prev, '\u2039 previous page'], [index, 'all pages'],
        [next, 'next page \u203a']].forEach(function (x) {
        if (!x[0]) return;
        var a = txt(n, '', x[1], 'a');
        a.href = x[0];
    });
    n.hidden = false;
    IDX = index;
}
return {take: function () { take(true); }, nav: nav, show: show, go: go, step: step, filter: filter, pdn: pdn,
    state: function () { return st; }, count: function () { return GC.length; },
    game: function () { return G && G.e[0]; },
    shownAt: function () { return shownAt; },
    flip: function () { FL = !FL; draw(); }, A: A};
})();
