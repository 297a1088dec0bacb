/* SPDX-License-Identifier: MIT */
/* The viewer page of pdn-replay -f html. Each game is one call
 * P.add({...}) in its own script element, so that a browser shows the list
 * and the first game while the rest of a large file is still loading. */
#include <config.h>
#include "html.h"

#include <string.h>

/* A JSON string that may stand inside a script element: '<' is written
 * \u003c so that no "</script" can end it early. */
static void
js_str(tbuf *out, const char *s)
{
    tbuf tmp = {0};
    size_t i;

    tbuf_json(&tmp, s != NULL ? s : "");
    for (i = 0; i < tmp.len; i++) {
        if (tmp.data[i] == '<')
            tbuf_adds(out, "\\u003c");
        else
            tbuf_addc(out, tmp.data[i]);
    }
    tbuf_free(&tmp);
}

void
html_game_init(html_game *h)
{
    memset(h, 0, sizeof *h);
}

void
html_game_free(html_game *h)
{
    tbuf_free(&h->pos);
}

static void
coords(tbuf *out, const unsigned char *c, int n)
{
    int i;

    for (i = 0; i < n; i++)
        tbuf_printf(out, "%s%d,%d", i ? "," : "", PDN_COORD_FILE(c[i]),
                    PDN_COORD_RANK(c[i]));
}

/* Applies last to h->prev as the page does: the piece moves from the first
 * square of the path to the last, the captured pieces go, a promoting man
 * becomes a king, the turn passes. */
static void
apply(html_game *h, const pdn_move *last)
{
    int p = h->prev[last->path[0]], i;

    h->prev[last->path[0]] = 0;
    for (i = 0; i < last->ncaptured; i++)
        h->prev[last->captured[i]] = 0;
    if (last->promotes && (p == 'w' || p == 'b'))
        p -= 'a' - 'A';
    h->prev[last->path[last->n - 1]] = (unsigned char)p;
    h->turn = h->turn == 'W' ? 'B' : 'W';
}

void
html_ply(html_game *h, const pdn_board *b, const pdn_move *last)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    unsigned char now[256];
    char fen[PDN_FEN_MAX * 5];
    int c, same;

    memset(now, 0, sizeof now);
    for (c = 0; c < 256; c++)
        if (PDN_COORD_FILE(c) < gt->width && PDN_COORD_RANK(c) < gt->height)
            now[c] = (unsigned char)pdn_board_piece(b, c);
    if (last != NULL) {
        apply(h, last);
        h->plies++;
    }
    same = last != NULL && h->turn == pdn_board_turn(b) &&
           memcmp(now, h->prev, sizeof now) == 0;
    tbuf_adds(&h->pos, h->pos.len > 0 ? ",[" : "[");
    if (same) {
        tbuf_addc(&h->pos, '0');
    } else {
        tool_fen(b, fen, sizeof fen);
        js_str(&h->pos, fen);
        memcpy(h->prev, now, sizeof now);
        h->turn = pdn_board_turn(b);
    }
    if (last != NULL) {
        tbuf_adds(&h->pos, ",[");
        coords(&h->pos, last->path, last->n);
        tbuf_adds(&h->pos, "],[");
        coords(&h->pos, last->captured, last->ncaptured);
        tbuf_printf(&h->pos, "],%d", last->promotes != 0);
    }
    tbuf_addc(&h->pos, ']');
}

/* A move as written, with its strength mark and NAGs. */
static void
move_text(tbuf *t, const pdn_node *n)
{
    size_t i;

    tbuf_adds(t, pdn_node_text(n));
    if (pdn_node_strength(n) != NULL)
        tbuf_adds(t, pdn_node_strength(n));
    for (i = 0; i < pdn_node_nag_count(n); i++)
        tbuf_printf(t, " $%d", pdn_node_nag_at(n, i));
}

/* Empties t (its data stays a valid string). */
static void
reset(tbuf *t)
{
    t->len = 0;
    if (t->data != NULL)
        t->data[0] = '\0';
}

static void
comments(tbuf *t, const pdn_node *n, int where)
{
    size_t i;

    for (i = 0; i < pdn_node_comment_count(n, where); i++)
        tbuf_printf(t, "%s{%s}", t->len ? " " : "",
                    pdn_node_comment_at(n, where, i));
}

/* A line of moves as text, variations in parentheses (depth-limited:
 * the reader already bounds nesting). */
static void
line_text(tbuf *t, const pdn_node *n, int depth)
{
    size_t i;

    for (; n != NULL; n = pdn_node_next(n)) {
        comments(t, n, PDN_BEFORE);
        if (t->len && t->data[t->len - 1] != '(')
            tbuf_addc(t, ' ');
        if (pdn_node_number(n) != 0)
            tbuf_printf(t, "%lu%s", pdn_node_number(n),
                        pdn_node_number_ellipsis(n) ? "... " : ". ");
        move_text(t, n);
        comments(t, n, PDN_AFTER);
        for (i = 0; depth < 64 && i < pdn_node_variation_count(n); i++) {
            tbuf_adds(t, " (");
            line_text(t, pdn_node_variation_at(n, i), depth + 1);
            tbuf_addc(t, ')');
        }
    }
}

/* The main line: one [number, move, comments and variations] per node. */
static void
main_line(tbuf *out, const pdn_game *g)
{
    const pdn_node *n;
    tbuf t = {0};
    size_t i;

    tbuf_adds(out, ",pre:");
    if ((n = pdn_game_first(g)) != NULL)
        comments(&t, n, PDN_BEFORE);
    js_str(out, t.data);
    tbuf_adds(out, ",mv:[");
    for (; n != NULL; n = pdn_node_next(n)) {
        reset(&t);
        if (pdn_node_number(n) != 0)
            tbuf_printf(&t, "%lu%s", pdn_node_number(n),
                        pdn_node_number_ellipsis(n) ? "..." : ".");
        tbuf_addc(out, '[');
        js_str(out, t.data);
        reset(&t);
        move_text(&t, n);
        tbuf_addc(out, ',');
        js_str(out, t.data);
        reset(&t);
        comments(&t, n, PDN_AFTER);
        for (i = 0; i < pdn_node_variation_count(n); i++) {
            tbuf_adds(&t, t.len ? " (" : "(");
            line_text(&t, pdn_node_variation_at(n, i), 1);
            tbuf_addc(&t, ')');
        }
        tbuf_addc(out, ',');
        js_str(out, t.data);
        tbuf_adds(out, pdn_node_next(n) != NULL ? "]," : "]");
    }
    tbuf_adds(out, "]");
    reset(&t);
    for (i = 0; i < pdn_game_comment_count(g); i++)
        tbuf_printf(&t, "%s{%s}", i ? " " : "", pdn_game_comment_at(g, i));
    tbuf_adds(out, ",post:");
    js_str(out, t.data);
    tbuf_free(&t);
}

void
html_game_write(tbuf *out, const html_game *h, const pdn_game *g,
                unsigned long num, const pdn_gametype *gt)
{
    static const char *const tags[] = {"White", "Black", "Event", "Date",
                                       "Site", "Round", "Result", NULL};
    int i, k, c;

    tbuf_printf(out, "<script>P.add({n:%lu,w:%d,h:%d,alg:%d,tags:{", num,
                gt->width, gt->height, gt->notation != 'N');
    for (i = 0; tags[i] != NULL; i++) {
        tbuf_printf(out, "%s%s:", i ? "," : "", tags[i]);
        js_str(out, pdn_game_tag(g, tags[i]));
    }
    tbuf_adds(out, "},sq:[");
    for (k = 1; (c = pdn_square_to_coord(gt, k)) >= 0; k++)
        tbuf_printf(out, "%s%d,%d", k > 1 ? "," : "", PDN_COORD_FILE(c),
                    PDN_COORD_RANK(c));
    tbuf_adds(out, "],pos:[");
    tbuf_add(out, h->pos.data != NULL ? h->pos.data : "", h->pos.len);
    tbuf_adds(out, "]");
    main_line(out, g);
    tbuf_adds(out, "})</script>\n");
}

/* The viewer. P.add files a game into the list (the first one is shown at
 * once); P.show(i) selects one; P.go(ply) steps; arrow keys, Home and End
 * step too. The board is an SVG element rebuilt at each step from the
 * ply's FEN. */
static const char viewer_js[] =
    "var P=(function(){\n"
    "var Q=document.createDocumentFragment(),T=0;\n"
    "var G=[],cur=-1,ply=0,NS='http://www.w3.org/2000/svg',FL=FLIP;\n"
    "function $(i){return document.getElementById(i);}\n"
    "function el(n,a,p){var e=document.createElementNS(NS,n);"
    "for(var k in a)e.setAttribute(k,a[k]);if(p)p.appendChild(e);return e;}\n"
    "function title(g){var t=g.tags;return g.n+'. '+(t.White||'?')+' \\u2013 '"
    "+(t.Black||'?')+(t.Result?'  '+t.Result:'');}\n"
    "function add(g){G.push(g);var i=G.length-1,li=document.createElement('li');"
    "li.id='g'+i;li.title=[g.tags.Event,g.tags.Site,g.tags.Date]"
    ".filter(Boolean).join(', ');"
    "var a=document.createElement('a');a.href='#';a.textContent=title(g);"
    "var e=document.createElement('span');e.className='ev';"
    "e.textContent=g.tags.Event||'';"
    "a.onclick=function(ev){ev.preventDefault();show(i);};"
    "li.appendChild(a);li.appendChild(e);Q.appendChild(li);"
    "if(i==0){flush();show(0);}else if(!T)T=setTimeout(flush,100);}\n"
    "function flush(){clearTimeout(T);T=0;$('list').appendChild(Q);"
    "$('count').textContent=G.length+' games';}\n"
    "function build(g){if(g.fen)return;g.fen=[];g.last=[];var bd,t;"
    "g.pos.forEach(function(e){if(e[0]){bd=parse(g,e[0]);t=e[0].charAt(0);}"
    "else{var a=e[1],f=a[0]+','+a[1],p=bd[f];delete bd[f];"
    "for(var j=0;j<e[2].length;j+=2)delete bd[e[2][j]+','+e[2][j+1]];"
    "if(e[3])p=p.toUpperCase();bd[a[a.length-2]+','+a[a.length-1]]=p;"
    "t=t=='W'?'B':'W';}g.fen.push(e[0]||fmt(g,bd,t));"
    "g.last.push(e.length>1?[e[1],e[2]]:[]);});}\n"
    "function parse(g,s){var bd={},F=s.split(':');"
    "for(var j=1;j<F.length;j++){var c=F[j].charAt(0)=='W'?'w':'b';"
    "F[j].slice(1).split(',').forEach(function(x){if(!x)return;"
    "var K=x.charAt(0)=='K';if(K)x=x.slice(1);var q=sq(g,x);"
    "bd[q[0]+','+q[1]]=K?c.toUpperCase():c;});}return bd;}\n"
    "function fmt(g,bd,t){var s={w:[],b:[]};"
    "for(var n=1;2*n<=g.sq.length;n++){var f=g.sq[2*n-2],r=g.sq[2*n-1],"
    "p=bd[f+','+r];if(!p)continue;s[p.toLowerCase()].push((p<'a'?'K':'')+"
    "(g.alg?String.fromCharCode(97+f)+(r+1):n));}"
    "return t+':W'+s.w.join(',')+':B'+s.b.join(',');}\n"
    "function show(i){if(cur>=0)$('g'+cur).className='';cur=i;"
    "$('g'+i).className='sel';var g=G[i],m=$('moves');m.textContent='';"
    "build(g);"
    "$('head').textContent=title(g)+([g.tags.Event,g.tags.Date]"
    ".filter(Boolean).length?' \\u2014 '+[g.tags.Event,g.tags.Date]"
    ".filter(Boolean).join(', '):'');"
    "if(g.pre)txt(m,'cm',g.pre+' ');"
    "g.mv.forEach(function(x,k){if(x[0])txt(m,'num',x[0]+' ');"
    "var s=txt(m,k<g.fen.length-1?'mv':'mv bad',x[1]);s.id='m'+(k+1);"
    "if(k<g.fen.length-1)s.onclick=function(){go(k+1);};"
    "m.appendChild(document.createTextNode(' '));"
    "if(x[2])txt(m,'cm',x[2]+' ');});"
    "if(g.post)txt(m,'cm',g.post);go(0);}\n"
    "function txt(p,c,t){var s=document.createElement('span');s.className=c;"
    "s.textContent=t;p.appendChild(s);return s;}\n"
    "function go(k){var g=G[cur];if(!g)return;"
    "k=Math.max(0,Math.min(g.fen.length-1,k));"
    "var o=document.querySelector('#moves .on');if(o)o.className='mv';"
    "ply=k;if(k>0){$('m'+k).className='mv on';"
    "$('m'+k).scrollIntoView({block:'nearest'});}"
    "$('fen').textContent=g.fen[k];$('ply').textContent='ply '+k+' of '+"
    "(g.fen.length-1);draw(g,k);}\n"
    "function sq(g,s){if(/^[0-9]+$/.test(s)){var n=+s;"
    "return [g.sq[2*n-2],g.sq[2*n-1]];}"
    "return [s.charCodeAt(0)-97,+s.slice(1)-1];}\n"
    "function draw(g,k){var C=CELL,W=g.w*C,H=g.h*C,b=$('board');"
    "b.textContent='';b.setAttribute('viewBox','0 0 '+W+' '+H);"
    "b.setAttribute('width',W);b.setAttribute('height',H);"
    "var all=g.sq.length==2*g.w*g.h,pl={};"
    "for(var n=0;n<g.sq.length;n+=2)pl[g.sq[n]+','+g.sq[n+1]]=1;"
    "function X(f){return (FL?g.w-1-f:f)*C;}"
    "function Y(r){return (FL?r:g.h-1-r)*C;}"
    "for(var r=0;r<g.h;r++)for(var f=0;f<g.w;f++){"
    "var p=pl[f+','+r]&&!all;"
    "el('rect',{x:X(f),y:Y(r),width:C,height:C,fill:p?DK:LT,"
    "stroke:all?'#6b4f2e':'none'},b);}\n"
    "var L=g.last[k];if(L.length){var pa=L[0],pts=[];"
    "[0,pa.length-2].forEach(function(i){el('rect',{x:X(pa[i]),"
    "y:Y(pa[i+1]),width:C,height:C,fill:'#f6f669','fill-opacity':.55},b);});"
    "for(var i=0;i<pa.length;i+=2)pts.push((X(pa[i])+C/2)+','+"
    "(Y(pa[i+1])+C/2));el('polyline',{points:pts.join(' '),fill:'none',"
    "stroke:'#2060d0','stroke-width':C/10+1,'stroke-opacity':.8},b);}\n"
    "var F=g.fen[k].split(':'),bd=parse(g,g.fen[k]);for(var q in bd){"
    "var c=q.split(','),p=bd[q];if(c[0]==='undefined')continue;"
    "piece(b,X(+c[0])+C/2,Y(+c[1])+C/2,C,p=='w'||p=='W',p<'a',0);}\n"
    "if(L.length)for(var i=0;i<L[1].length;i+=2)"
    "piece(b,X(L[1][i])+C/2,Y(L[1][i+1])+C/2,C,F[0]=='W',0,1);\n"
    "if(!g.alg)for(var n=1;2*n<=g.sq.length;n++){var t=el('text',"
    "{x:X(g.sq[2*n-2])+2,y:Y(g.sq[2*n-1])+C*.3,'class':'sqn'},b);"
    "t.textContent=n;}}\n"
    "function piece(b,x,y,C,w,K,cap){var R=C*.37,l=K?C/12:0,"
    "gr=el('g',cap?{opacity:.45}:{},b);"
    "var a={fill:w?'#fbf7ee':'#262626',stroke:w?'#5a5a5a':'#000',"
    "'stroke-width':1.5};if(cap)a['stroke-dasharray']='3,2';"
    "if(K){a.cx=x;a.cy=y+l;a.r=R;el('circle',a,gr);}"
    "a.cx=x;a.cy=y-l;a.r=R;el('circle',a,gr);"
    "if(K){var s=R/20,P=[[-10,6],[-10,-6],[-5,0],[0,-8],[5,0],[10,-6],"
    "[10,6]].map(function(q){return (x+q[0]*s)+','+(y-l+q[1]*s);});"
    "el('polygon',{points:P.join(' '),fill:w?'#c8a020':'#e8c040'},gr);}"
    "if(cap)el('path',{d:'M'+(x-R/2)+','+(y-R/2)+'L'+(x+R/2)+','+(y+R/2)+"
    "'M'+(x+R/2)+','+(y-R/2)+'L'+(x-R/2)+','+(y+R/2),stroke:'#c02020',"
    "'stroke-width':3},gr);}\n"
    "document.addEventListener('DOMContentLoaded',flush);\n"
    "document.addEventListener('keydown',function(e){"
    "var d={ArrowRight:1,ArrowLeft:-1,ArrowDown:1,ArrowUp:-1}[e.key];"
    "if(e.key=='Home')go(0);else if(e.key=='End')go(1e9);"
    "else if(d)go(ply+d);else return;e.preventDefault();});\n"
    "return {add:add,show:show,go:go,step:function(d){go(ply+d);},"
    "flip:function(){FL=!FL;go(ply);},games:G};})();\n";

static const char viewer_css[] =
    "body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:0;"
    "display:flex;height:100vh;color:#222}\n"
    "#side{width:22em;overflow:auto;border-right:1px solid #ccc;"
    "background:#faf8f3}\n"
    "#side h1{font-size:1em;margin:.6em}#count{margin:0 .6em;color:#666}\n"
    "#list{list-style:none;margin:0;padding:0}\n"
    "#list li{padding:.25em .6em;border-bottom:1px solid #eee}\n"
    "#list li a{color:#222;text-decoration:none;display:block}\n"
    "#list li.sel{background:#e8d8b0}.ev{color:#777;font-size:.85em}\n"
    "#main{flex:1;display:flex;flex-direction:column;padding:.8em;"
    "overflow:hidden}\n"
    "#head{font-weight:bold;margin-bottom:.5em}\n"
    "#play{display:flex;gap:1em;min-height:0;flex:1}\n"
    "#moves{flex:1;overflow:auto;line-height:1.7;max-width:40em}\n"
    ".mv{cursor:pointer;padding:0 .15em}.mv.on{background:#2060d0;"
    "color:#fff;border-radius:3px}.mv.bad{color:#b00;cursor:default}\n"
    ".num{color:#666}.cm{color:#2a7a2a;font-style:italic}\n"
    ".sqn{font-size:11px;font-weight:bold;fill:#fff;stroke:#3a2a18;"
    "stroke-width:2px;paint-order:stroke}\n"
    "#fen{font-family:monospace;font-size:.85em;word-break:break-all;"
    "max-width:30em}\n"
    "button{font-size:1em;margin:.3em .2em 0 0}\n";

void
html_head(tbuf *out, const char *file, const diagram_style *st)
{
    tbuf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                   "<meta charset=\"utf-8\">\n<title>");
    diagram_xml(out, file);
    tbuf_adds(out, "</title>\n<style>\n");
    tbuf_adds(out, viewer_css);
    tbuf_adds(out, "</style>\n<script>\n");
    tbuf_printf(out, "var CELL=%d,FLIP=%d,DK='%s',LT='%s';\n",
                st->cell, st->flip, st->dark,
                st->light);
    tbuf_adds(out, viewer_js);
    tbuf_adds(out, "</script>\n</head>\n<body>\n<div id=\"side\"><h1>");
    diagram_xml(out, file);
    tbuf_adds(out,
              "</h1><div id=\"count\"></div><ol id=\"list\"></ol></div>\n"
              "<div id=\"main\"><div id=\"head\"></div><div id=\"play\">"
              "<div><svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\">"
              "</svg><div><button onclick=\"P.go(0)\">|&lt;</button>"
              "<button id=\"back\" onclick=\"P.step(-1)\">&#x25C0;</button>"
              "<button id=\"fwd\" onclick=\"P.step(1)\">&#x25B6;</button>"
              "<button onclick=\"P.go(1e9)\">&gt;|</button>"
              "<button onclick=\"P.flip()\">flip</button> "
              "<span id=\"ply\"></span></div><div id=\"fen\"></div></div>\n"
              "<div id=\"moves\"></div></div></div>\n");
}
