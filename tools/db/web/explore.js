/* SPDX-License-Identifier: MIT */
/* The page of pdn-db's explorer: a board beside the moves played from its
 * position. Served by pdn-db serve (data from /api/...) or written by
 * pdn-db explore --html (data from data/KEY.js files, no server). */
(function () {
  'use strict';
  var STATIC = typeof exStatic !== 'undefined' && exStatic;
  var NS = 'http://www.w3.org/2000/svg';
  var cache = {};
  var node = null;        /* the node shown: {position, board, moves} */
  var path = [];          /* the moves walked: {move, fen, key} */
  var line = [];          /* the longest line walked that path begins */
  var sel = -1;           /* the move row chosen by the keyboard */
  var searchAt = 0;       /* the offset of the games searched */
  var rootFen = '';       /* '' : the start of the variant */
  var gametype = '';
  var game = null, gply = 0;

  function $(id) { return document.getElementById(id); }
  function busy(on) { document.body.setAttribute('data-state', on ? 'busy' : 'ready'); }
  function error(msg) {
    $('error').textContent = msg || '';
    if (msg) busy(false);
  }
  function enc(s) { return encodeURIComponent(s); }

  window.exData = function (k, d) { cache[k] = d; };

  /* Gets data: from the server's API, or from a script of the export. */
  function get(url, key, done) {
    busy(true);
    error('');
    if (STATIC) {
      if (cache[key]) { done(cache[key]); busy(false); return; }
      var s = document.createElement('script');
      s.src = 'data/' + key + '.js';
      s.onload = function () { done(cache[key]); busy(false); };
      s.onerror = function () { error('not in this export (deeper than its depth)'); };
      document.head.appendChild(s);
      return;
    }
    fetch(url).then(function (r) {
      return r.json().then(function (j) { return {ok: r.ok, j: j}; });
    }).then(function (a) {
      if (!a.ok) { error(a.j.error || 'error'); return; }
      done(a.j);
      busy(false);
    }).catch(function (e) { error(String(e)); });
  }

  function filters() {
    var q = '';
    ['player', 'event', 'date', 'result', 'variant'].forEach(function (f) {
      var v = $(f).value.trim();
      if (f === 'variant' && !v) v = gametype;
      if (v) q += '&' + f + '=' + enc(v);
    });
    return q;
  }

  /* Shows the node at the end of the moves p (from rootFen): path becomes
   * p only once the node has come, so that the path above the board
   * always names the position on it (a failed request leaves both). */
  function go(p, then) {
    var last = p[p.length - 1], url, key;
    if (STATIC) {
      key = last ? last.key : exRoot;
    } else {
      url = '/api/explore?fen=' + enc(rootFen) + '&moves=' +
        enc(p.map(function (m) { return m.move; }).join(' ')) + filters();
    }
    get(url, key, function (d) {
      node = d;
      gametype = d.position.gametype;
      path = p;
      /* the line walked: kept while the path is a part of it (End) */
      var same = p.length <= line.length && p.every(function (m, i) {
        return line[i].move === m.move;
      });
      if (!same) line = p.slice();
      sel = -1;
      if (ana.pick) ana.pick.clear();
      $('choose').hidden = true;
      show();
      if (then) then();
    });
  }

  function walk(i) { go(path.slice(0, Math.max(0, i))); }

  /* ---- the board ---- */
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var a in attrs) e.setAttribute(a, attrs[a]);
    if (parent) parent.appendChild(e);
    return e;
  }

  /* The pieces of a FEN on the board's squares: one letter per square. */
  function pieces(bd, fen) {
    var out = bd.squares.map(function () { return '.'; });
    var byName = {};
    bd.squares.forEach(function (s, i) { byName[s[3].toLowerCase()] = i; });
    fen.split(':').forEach(function (part) {
      var c = part.charAt(0);
      if (part.length < 2 || (c !== 'W' && c !== 'B')) return;
      part.slice(1).split(',').forEach(function (it) {
        it = it.trim().replace(/\(.*\)$/, '');
        var king = it.charAt(0) === 'K';
        if (king) it = it.slice(1);
        var p = king ? c : c.toLowerCase(), m = /^(\d+)-(\d+)$/.exec(it);
        if (m) {
          for (var n = +m[1]; n <= +m[2]; n++) out[n - 1] = p;
        } else if (/^\d+$/.test(it)) {
          out[+it - 1] = p;
        } else if (byName[it.toLowerCase()] !== undefined) {
          out[byName[it.toLowerCase()]] = p;
        }
      });
    });
    return out;
  }

  function draw(bd, fen) {
    var C = 48, b = $('board'), W = bd.width * C, H = bd.height * C;
    var dark = {}, ps = pieces(bd, fen);
    function X(f) { return f * C; }
    function Y(r) { return (bd.height - 1 - r) * C; }
    b.textContent = '';
    b.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    bd.squares.forEach(function (s) { dark[s[0] + ',' + s[1]] = 1; });
    for (var r = 0; r < bd.height; r++) {
      for (var f = 0; f < bd.width; f++) {
        el('rect', {x: f * C, y: (bd.height - 1 - r) * C, width: C, height: C,
                    fill: dark[f + ',' + r] ? '#8b5a2b' : '#f0d9a8'}, b);
      }
    }
    if (ana.pick && !game) ana.pick.square(el, b, X, Y, C);
    bd.squares.forEach(function (s, i) {
      var x = s[0] * C + C / 2, y = (bd.height - 1 - s[1]) * C + C / 2, p = ps[i];
      var t = el('text', {x: s[0] * C + 2, y: (bd.height - 1 - s[1]) * C + 11,
                          'class': 'sqn'}, b);
      t.textContent = /^\d/.test(s[3]) ? s[3] : '';
      if (p === '.') return;
      var white = p === 'w' || p === 'W';
      el('circle', {cx: x, cy: y, r: C * 0.38, fill: white ? '#fbf7ee' : '#262626',
                    stroke: white ? '#5a5a5a' : '#000', 'stroke-width': 1.5}, b);
      if (p === 'W' || p === 'B') {
        el('circle', {cx: x, cy: y, r: C * 0.2, fill: 'none', stroke: '#d4a820',
                      'stroke-width': 4}, b);
      }
    });
    if (ana.pick && !game) ana.pick.dots(el, b, X, Y, C);
    $('fen').textContent = fen;
  }

  /* ---- the analysis board ----
   * With libpdn's WebAssembly in the page (pdn.js, PdnModule), the board
   * takes moves as the viewer's does (PdnPick, pick.js): a move played on
   * it walks the explorer to that move's position. */
  var ana = {M: null, pick: null, lm: null, st: null};

  /* the legal moves of the position shown (none while a game is open) */
  function anaMoves() {
    if (!ana.M || !node || game) return [];
    var fen = node.position.fen;
    if (ana.lm && ana.lm.fen === fen && ana.lm.gt === gametype) return ana.lm.list;
    var list;
    try { list = ana.M.moves(gametype, fen); } catch (e) { list = []; }
    ana.lm = {fen: fen, gt: gametype, list: list};
    return list;
  }

  function anaRedraw() { if (node && !game) draw(node.board, node.position.fen); }

  /* a move of the board: the explorer's move that is the same (by its
   * text or the position it leads to), else, served, the position after
   * it (no game of the database plays it) */
  function anaPlay(m) {
    $('choose').hidden = true;
    var after = '';
    try {
      var b = new ana.M.Board(gametype, node.position.fen);
      after = b.play(m.move).fen;
      b.free();
    } catch (e) { after = ''; }
    for (var k = 0; k < node.moves.length; k++) {
      var c = node.moves[k];
      if (c.move === m.move || (after && c.fen === after)) { enter(c); return; }
    }
    if (STATIC) {
      anaRedraw();
      error(m.move + ': no game of this export plays it');
      return;
    }
    go(path.concat([{move: m.move, fen: after, key: ''}]));
  }

  function anaChoose(list) {
    var box = $('choose');
    box.textContent = 'Which capture? ';
    list.forEach(function (m) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'pick';
      b.textContent = m.full || m.move;
      b.onclick = function () { anaPlay(m); };
      box.appendChild(b);
    });
    box.hidden = false;
  }

  /* the square under the pointer: [file, rank], or null */
  function anaSquare(ev) {
    var b = $('board'), bd = node && node.board;
    if (!bd || !b.getScreenCTM()) return null;
    var pt = b.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    var p = pt.matrixTransform(b.getScreenCTM().inverse());
    var f = Math.floor(p.x / 48), r = bd.height - 1 - Math.floor(p.y / 48);
    if (f < 0 || r < 0 || f >= bd.width || r >= bd.height) return null;
    return [f, r];
  }

  function analysis() {
    if (typeof PdnModule !== 'function' || typeof PdnPick === 'undefined') return;
    PdnModule().then(function (M) {
      ana.M = M;
      ana.st = {moves: anaMoves, play: anaPlay, choose: anaChoose, redraw: anaRedraw};
      ana.pick = new PdnPick.Pick(ana.st);
      var b = $('board');
      b.addEventListener('pointerdown', function (e) {
        if (!game && !busyNow()) ana.pick.down(anaSquare(e));
      });
      b.addEventListener('pointerup', function (e) {
        if (!game && !busyNow()) ana.pick.up(anaSquare(e));
      });
      b.addEventListener('click', function (e) {
        /* the click that ends a drag comes once the move is on its way */
        if (busyNow()) ana.st.skip = false;
        if (game || busyNow()) return;
        $('choose').hidden = true;
        ana.pick.click(anaSquare(e), true);
      });
      document.body.classList.add('analysis');
      document.dispatchEvent(new Event('pdnanalysis'));
    }, function () { /* no WebAssembly here: the board stays a picture */ });
  }
  function busyNow() { return document.body.getAttribute('data-state') === 'busy'; }

  /* ---- the engine ----
   * Served with an engine (pdn-db serve --engine), the position shown is
   * evaluated: its score from White's side, as a bar and a figure, and the
   * engine's best line. A server without one answers 404 once, and the
   * page asks no more; the static page has none. */
  var eng = {off: STATIC, seq: 0, timer: 0};

  function engShow(j) {
    var t = $('evaltext'), w = j.white;
    if (j.over) {
      t.textContent = 'No legal move: the game is over';
      $('evalpv').textContent = '';
      return;
    }
    /* a man up is about three quarters of the bar */
    var share = w === null ? 50 : 100 / (1 + Math.exp(-w));
    $('evalw').style.width = share.toFixed(1) + '%';
    $('evalbar').title = w === null ? 'no score' : 'White ' + (w > 0 ? '+' : '') + w.toFixed(2);
    /* an engine's score of a won game is far past any material */
    t.textContent = (w === null ? '?' : Math.abs(w) >= 1000
      ? (w > 0 ? 'White' : 'Black') + ' wins' : (w > 0 ? '+' : '') + w.toFixed(2)) +
      ' \u00b7 depth ' + j.depth + (j.engine ? ' \u00b7 ' + j.engine : '');
    $('evalpv').textContent = 'Best: ' + (j.pv.length ? j.pv.join(' ') : j.move);
  }

  function engine() {
    if (eng.off || !node) return;
    var k = ++eng.seq, url = '/api/engine?fen=' + enc(node.position.fen) +
      '&gametype=' + enc(gametype);
    clearTimeout(eng.timer);
    $('engine').hidden = false;
    $('engine').setAttribute('data-state', 'busy');
    $('evaltext').textContent = 'The engine is thinking\u2026';
    $('evalpv').textContent = '';
    fetch(url).then(function (r) {
      return r.json().then(function (j) { return {status: r.status, j: j}; });
    }).then(function (a) {
      if (k !== eng.seq) return;       /* another position since */
      if (a.status === 404) { eng.off = true; $('engine').hidden = true; return; }
      if (a.status === 503 && /searching/.test(a.j.error || '')) {
        eng.timer = setTimeout(function () { if (k === eng.seq) engine(); }, 500);
        return;
      }
      $('engine').setAttribute('data-state', 'ready');
      if (a.status !== 200) { $('evaltext').textContent = a.j.error || 'no evaluation'; return; }
      engShow(a.j);
    }).catch(function (e) {
      if (k === eng.seq) $('evaltext').textContent = String(e);
    });
  }

  /* ---- the explorer ---- */
  /* White's wins, the draws, Black's wins: a bar of three parts. */
  function bar(c, first) {
    var s = c.wins + c.draws + c.losses, d = document.createElement('div');
    var narrow = window.innerWidth < 760;
    var white = first === 'W' ? c.wins : c.losses;
    d.className = 'bar';
    d.title = 'White wins ' + white + ', draws ' + c.draws + ', Black wins ' +
      (s - white - c.draws);
    [['w', white], ['d', c.draws], ['l', s - white - c.draws]].forEach(function (p) {
      var e = document.createElement('span');
      e.className = p[0];
      e.style.width = (s ? 100 * p[1] / s : 0) + '%';
      /* a share too narrow for its figure has none (its title has) */
      e.textContent = s && p[1] / s > (narrow ? 0.2 : 0.12)
        ? Math.round(100 * p[1] / s) + '%' : '';
      d.appendChild(e);
    });
    return d;
  }

  function plural(n, what) { return n + ' ' + what + (n === 1 ? '' : 's'); }

  function cell(tr, text, cls) {
    var td = document.createElement('td');
    if (typeof text === 'object') td.appendChild(text); else td.textContent = text;
    if (cls) td.className = cls;
    tr.appendChild(td);
    return td;
  }

  /* the players, the first mover first, as the result is written (in
   * English checkers Black moves first: "1-0" is a win of the one named
   * first) */
  var shownFirst = 'W';
  function players(g) {
    var w = g.white || '?', b = g.black || '?';
    return shownFirst === 'B' ? b + ' \u2013 ' + w : w + ' \u2013 ' + b;
  }

  function gameItem(list, g) {
    var li = document.createElement('li');
    li.textContent = (g.year || '????') + ' ' + players(g) + ' ' +
      (g.result || '*') + ' ';
    var ev = document.createElement('span');
    ev.className = 'ev';
    ev.textContent = g.event || '';
    li.appendChild(ev);
    li.setAttribute('data-id', g.id);
    li.onclick = function () { openGame(g.id); };
    list.appendChild(li);
  }

  /* A name beside a move or the position: the opening the line makes. */
  function opening(name) {
    var e = document.createElement('span');
    e.className = 'op';
    e.textContent = name;
    return e;
  }

  function show() {
    var p = node.position, tb = $('moves').tBodies[0], list = $('games');
    var ops = node.openings || {};
    closeGame();
    error('');
    $('board').setAttribute('data-gametype', gametype);
    draw(node.board, p.fen);
    var crumbs = $('path');
    crumbs.textContent = '';
    var a = document.createElement('a');
    a.textContent = rootFen ? 'position' : 'start';
    a.onclick = function () { walk(0); };
    crumbs.appendChild(a);
    path.forEach(function (m, i) {
      crumbs.appendChild(document.createTextNode(' \u203a '));
      var b = document.createElement('a');
      b.textContent = m.move;
      b.onclick = function () { walk(i + 1); };
      crumbs.appendChild(b);
    });
    if (ops.position) crumbs.appendChild(opening(ops.position));
    shownFirst = p.first === 'B' ? 'B' : 'W';
    var first = p.first === 'W' ? 'White' : 'Black';
    /* one convention, pdn-db explore's: results for the first mover */
    $('summary').textContent = plural(p.games, 'game') +
      (p.ended ? ' (' + p.ended + ' end here)' : '') + ' \u00b7 ' +
      first + ' (moves first) +' + p.wins + ' =' + p.draws + ' \u2212' +
      p.losses + ' \u00b7 ' + (p.turn === 'W' ? 'White' : 'Black') +
      ' to move \u00b7 ' + p.variant;
    var sh = $('scorehead');
    sh.textContent = first + '\u2019s score';
    sh.title = 'the score of ' + first + ', who moves first, in the games of ' +
      'the move (a win 1, a draw \u00bd), as pdn-db explore gives it';
    tb.textContent = '';
    node.moves.forEach(function (m, k) {
      var tr = document.createElement('tr');
      var mv = cell(tr, m.move, 'mv');
      if (m.transposition) {
        var t = document.createElement('span');
        t.className = 'tr';
        t.title = m.reached + ' games reach this position, some by other move orders';
        t.textContent = 'T';
        mv.appendChild(t);
      }
      if (ops.moves && ops.moves[k] && ops.moves[k] !== ops.position)
        mv.appendChild(opening(ops.moves[k]));
      cell(tr, m.games, 'num');
      cell(tr, bar(m, p.first), 'wdl');
      /* the first mover's score, whoever plays the move */
      var s = m.wins + m.draws + m.losses;
      cell(tr, s ? (100 * (m.wins + m.draws / 2) / s).toFixed(1) + '%' : '-', 'num');
      cell(tr, m.year_average === null ? '' : Math.round(m.year_average), 'num yr');
      cell(tr, m.year_last === null ? '' : m.year_last, 'num');
      tr.onclick = function () { enter(m); };
      tr.setAttribute('data-move', m.move);
      tb.appendChild(tr);
    });
    $('gameshead').textContent = 'Latest games';
    $('more').hidden = true;
    list.textContent = '';
    list.start = 1;
    p.top.forEach(function (g) { gameItem(list, g); });
    engine();
  }

  function enter(m) {
    go(path.concat([{move: m.move, fen: m.fen, key: m.key}]));
  }

  /* The keyboard: up and down choose a move, right or Enter plays it (or
   * the next move of the line walked), left goes back, Home to the
   * start, End to the end of the line walked. */
  function choose(k) {
    var rows = $('moves').tBodies[0].rows;
    if (!rows.length) return;
    sel = Math.max(0, Math.min(k, rows.length - 1));
    for (var i = 0; i < rows.length; i++)
      rows[i].className = i === sel ? 'sel' : '';
    rows[sel].scrollIntoView({block: 'nearest'});
  }

  function key(e) {
    if (document.body.getAttribute('data-state') === 'busy') return false;
    switch (e.key) {
    case 'ArrowDown': choose(sel + 1); return true;
    case 'ArrowUp': choose(sel - 1); return true;
    case 'ArrowLeft': if (path.length) walk(path.length - 1); return true;
    case 'Home': walk(0); return true;
    case 'End': go(line.slice()); return true;
    case 'ArrowRight':
    case 'Enter':
      if (sel >= 0 && node.moves[sel]) {
        enter(node.moves[sel]);
      } else if (line.length > path.length) {
        go(line.slice(0, path.length + 1));
      } else if (node.moves.length) {
        enter(node.moves[0]);
      }
      return true;
    }
    return false;
  }

  /* ---- a game ---- */
  function openGame(id) {
    get('/api/game?id=' + enc(id), 'g' + id, function (g) {
      game = g;
      $('game').hidden = false;
      $('gamebar').hidden = false;
      $('ghead').textContent = players(g) +
        ', ' + (g.event || '') + ' ' + (g.date || '') + ' ' + (g.result || '');
      $('gpdn').textContent = g.pdn;
      var ms = $('gmoves');
      ms.textContent = '';
      var pair = null;
      g.plies.forEach(function (p, i) {
        /* a move number and its moves: not broken across lines */
        if (i % 2 === 0) {
          pair = document.createElement('span');
          pair.className = 'pair';
          pair.textContent = (i / 2 + 1) + '. ';
          ms.appendChild(pair);
          ms.appendChild(document.createTextNode(' '));
        }
        var s = document.createElement('span');
        s.className = 'gm';
        s.id = 'p' + (i + 1);
        s.textContent = p.move;
        s.onclick = function () { ply(i + 1); };
        pair.appendChild(s);
        pair.appendChild(document.createTextNode(' '));
      });
      ply(0);
      /* the board and the game, in view (on a phone the list is below) */
      if ($('left').getBoundingClientRect().top < 0)
        $('left').scrollIntoView();
    });
  }

  function ply(k) {
    if (!game || !game.board) return;
    gply = Math.max(0, Math.min(k, game.plies.length));
    draw(game.board, gply ? game.plies[gply - 1].fen : game.start);
    var on = document.querySelector('.gm.on');
    if (on) on.className = 'gm';
    if (gply) $('p' + gply).className = 'gm on';
  }

  function closeGame() {
    game = null;
    $('game').hidden = true;
    $('gamebar').hidden = true;
  }

  /* The games of the filters at the position, 100 at a time. */
  var PAGE = 100;
  function search(offset) {
    var url = '/api/search?fen=' + enc(node ? node.position.fen : '') + filters() +
      '&limit=' + PAGE + '&offset=' + offset;
    get(url, '', function (d) {
      var list = $('games');
      searchAt = offset;
      list.textContent = '';
      list.start = offset + 1;
      d.games.forEach(function (g) { gameItem(list, g); });
      var to = offset + d.games.length;
      $('gameshead').textContent = d.count > 0
        ? plural(d.count, 'game') + ' found' +
          (d.count > d.games.length ? ' (' + (offset + 1) + '\u2013' + to + ')' : '')
        : 'No game found';
      $('more').hidden = d.count <= PAGE;
      $('prev').disabled = offset === 0;
      $('next').disabled = to >= d.count;
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('first').onclick = function () { ply(0); };
    $('back').onclick = function () { ply(gply - 1); };
    $('fwd').onclick = function () { ply(gply + 1); };
    $('last').onclick = function () { ply(1e9); };
    $('close').onclick = function () { if (node) show(); };
    document.addEventListener('keydown', function (e) {
      var t = e.target.tagName;
      if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA' || e.altKey ||
          e.ctrlKey || e.metaKey || (e.key === 'Enter' && t === 'BUTTON'))
        return;
      if (game) {
        var d = {ArrowRight: 1, ArrowLeft: -1}[e.key];
        if (d) ply(gply + d);
        else if (e.key === 'Home') ply(0);
        else if (e.key === 'End') ply(1e9);
        else if (e.key === 'Escape') show();
        else return;
        e.preventDefault();
      } else if (node && key(e)) {
        e.preventDefault();
      }
    });
    if (STATIC) {
      $('filters').hidden = true;
    } else {
      $('filters').onsubmit = function (e) {
        e.preventDefault();
        var f = $('fenin').value.trim();
        if (f !== rootFen) {
          rootFen = f;
          path = [];
          line = [];
        }
        walk(path.length);
      };
      /* the filters typed apply to the moves too, then the games listed */
      $('search').onclick = function () {
        go(path, function () { search(0); });
      };
      $('prev').onclick = function () { search(Math.max(0, searchAt - PAGE)); };
      $('next').onclick = function () { search(searchAt + PAGE); };
    }
    analysis();
    walk(0);
  });
})();
