/*
 * lab-explain-inc-html.c: the incremental walkthrough as one page.
 *
 * Like explain --html, the page is self-contained and replays what the
 * search did in JavaScript, here one frame per step as the narration
 * numbers them: event E (0, the first search), step N (0, the event
 * applied, before a cell is taken), at #event=E&step=N.  A frame holds
 * the narration's lines for that step, the cells whose g, rhs or parent
 * changed in it, the open list in order with the keys it holds, km,
 * and the path once found, so the grid can show every cell's g, rhs,
 * key and parent at the end of any step without the CSV.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "lab-explain.h"
#include "lab.h"
#include "xmalloc.h"

struct explain_inc_html {
	struct explain_buf	json;		/* the frames written */
	size_t			frames;
	int			w;
	size_t			n;		/* cells */
	/* The values the frames written so far leave: a frame sends changes. */
	path_cost		*g, *rhs;
	int			*parent;
	uint32_t		*cost;
	bool			primed;
	int			hunter0, target0;	/* at the start */
	/* The frame being gathered, or none. */
	bool			open;
	int			event;
	long			step;
	int			taken;
	struct explain_buf	lines, state, path;
};

/* Starts an empty page for a map of width x height cells. */
struct explain_inc_html *
explain_inc_html_new(int width, int height)
{
	struct explain_inc_html	*h = xcalloc(1, sizeof *h);
	size_t			 i;

	h->w = width;
	h->n = (size_t)width * height;
	h->hunter0 = h->target0 = -1;
	h->g = xcalloc(h->n, sizeof *h->g);
	h->rhs = xcalloc(h->n, sizeof *h->rhs);
	h->parent = xcalloc(h->n, sizeof *h->parent);
	h->cost = xcalloc(h->n, sizeof *h->cost);
	for (i = 0; i < h->n; i++) {
		h->g[i] = h->rhs[i] = PATH_COST_NONE;
		h->parent[i] = -1;
	}
	return (h);
}

/* Frees the page; NULL is allowed. */
void
explain_inc_html_free(struct explain_inc_html *h)
{
	if (h == NULL)
		return;
	free(h->json.buf);
	free(h->lines.buf);
	free(h->state.buf);
	free(h->path.buf);
	free(h->g);
	free(h->rhs);
	free(h->parent);
	free(h->cost);
	free(h);
}

/* Appends a cost as JSON to b: null for infinity. */
static void
inc_html_cost(struct explain_buf *b, path_cost c)
{
	if (c == PATH_COST_NONE)
		explain_buf_add(b, ",null");
	else
		explain_buf_add(b, ",%lld", (long long)c);
}

/* Appends s to b as a JSON string, '<' escaped for the script element. */
static void
inc_html_string(struct explain_buf *b, const char *s)
{
	explain_buf_add(b, "\"");
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\' || *s == '<' || *s == '&')
			explain_buf_add(b, "\\u%04x", (unsigned char)*s);
		else if ((unsigned char)*s >= ' ')
			explain_buf_add(b, "%c", *s);
	}
	explain_buf_add(b, "\"");
}

/* Empties a buffer, keeping its memory. */
static void
inc_html_clear(struct explain_buf *b)
{
	b->len = 0;
	if (b->buf != NULL)
		b->buf[0] = '\0';
}

/* Writes the frame being gathered, if any, into the page's JSON. */
static void
inc_html_flush(struct explain_inc_html *h)
{
	if (!h->open)
		return;
	explain_buf_add(&h->json, "%s\n{\"e\":%d,\"s\":%ld,\"t\":%d,\"L\":[%s],"
	    "%s,\"P\":%s}", h->frames++ ? "," : "", h->event, h->step, h->taken,
	    h->lines.buf != NULL ? h->lines.buf : "", h->state.buf != NULL ?
	    h->state.buf : "\"set\":[],\"cost\":[],\"open\":[],\"km\":0,"
	    "\"H\":-1,\"T\":-1", h->path.buf != NULL && h->path.len > 0 ?
	    h->path.buf : "null");
	h->open = false;
}

/* Starts the frame of step `step` of event `event`: see lab-explain.h. */
void
explain_inc_html_begin(struct explain_inc_html *h, int event, long step,
    int taken)
{
	inc_html_flush(h);
	h->open = true;
	h->event = event;
	h->step = step;
	h->taken = taken;
	inc_html_clear(&h->lines);
	inc_html_clear(&h->path);
}

/* Adds a line of the narration to the frame: see lab-explain.h. */
void
explain_inc_html_line(struct explain_inc_html *h, const char *line)
{
	while (*line == ' ')
		line++;
	if (h->lines.len > 0)
		explain_buf_add(&h->lines, ",");
	inc_html_string(&h->lines, line);
}

/* Records the cells that changed since the last frame into h->state. */
static void
inc_html_changes(struct explain_inc_html *h, const struct path_tbdl *t)
{
	struct path_textbook_map	m = path_tbdl_map(t);
	size_t				i, k = 0;
	int				x, y, p;
	path_cost			g, r;

	explain_buf_add(&h->state, "\"set\":[");
	for (i = 0; i < h->n; i++) {
		x = (int)(i % (size_t)h->w);
		y = (int)(i / (size_t)h->w);
		g = path_tbdl_g(t, x, y);
		r = path_tbdl_rhs(t, x, y);
		p = path_tbdl_parent(t, x, y);
		if (g == h->g[i] && r == h->rhs[i] && p == h->parent[i])
			continue;
		h->g[i] = g;
		h->rhs[i] = r;
		h->parent[i] = p;
		explain_buf_add(&h->state, "%s[%zu", k++ ? "," : "", i);
		inc_html_cost(&h->state, g);
		inc_html_cost(&h->state, r);
		explain_buf_add(&h->state, ",%d]", p);
	}
	explain_buf_add(&h->state, "],\"cost\":[");
	if (!h->primed)
		memcpy(h->cost, m.cost, h->n * sizeof *h->cost);
	h->primed = true;
	for (i = 0, k = 0; i < h->n; i++) {
		if (m.cost[i] == h->cost[i])
			continue;
		h->cost[i] = m.cost[i];
		explain_buf_add(&h->state, "%s[%zu,%u]", k++ ? "," : "", i,
		    m.cost[i]);
	}
	explain_buf_add(&h->state, "]");
}

/* Records the search's state at the end of the frame: see lab-explain.h. */
void
explain_inc_html_state(struct explain_inc_html *h, const struct path_tbdl *t,
    int hunter, int target)
{
	int		*open;
	size_t		 n = path_tbdl_open(t, &open), i;
	path_cost	 k1, k2;

	if (h->hunter0 < 0) {
		h->hunter0 = hunter;
		h->target0 = target;
	}
	inc_html_clear(&h->state);
	inc_html_changes(h, t);
	explain_buf_add(&h->state, ",\"open\":[");
	for (i = 0; i < n; i++) {
		path_tbdl_key(t, open[i] % h->w, open[i] / h->w, &k1, &k2);
		explain_buf_add(&h->state, "%s[%d", i ? "," : "", open[i]);
		inc_html_cost(&h->state, k1);
		inc_html_cost(&h->state, k2);
		explain_buf_add(&h->state, "]");
	}
	explain_buf_add(&h->state, "],\"km\":%lld,\"H\":%d,\"T\":%d",
	    (long long)path_tbdl_km(t), hunter, target);
	free(open);
}

/* Records the path found, drawn on the frame: see lab-explain.h. */
void
explain_inc_html_path(struct explain_inc_html *h, const struct path_point *p,
    size_t n)
{
	size_t	i;

	inc_html_clear(&h->path);
	explain_buf_add(&h->path, "[");
	for (i = 0; i < n; i++)
		explain_buf_add(&h->path, "%s%d", i ? "," : "", p[i].y * h->w +
		    p[i].x);
	explain_buf_add(&h->path, "]");
}

static const char inc_html_top[] =
"<style>\n"
"body { font-family: sans-serif; margin: 1em; }\n"
"#grid { border-collapse: collapse; }\n"
"#grid td, #grid th { width: 5.6em; height: 4.6em; border: 1px solid #b0bec5;"
" font-size: 12px; text-align: center; padding: 0; position: relative; }\n"
"#grid th { border: none; color: #555; width: auto; height: 1.6em; }\n"
"#grid td.wall { background: #37474f; }\n"
"#grid td.over { background: #bbdefb; }\n"
"#grid td.under { background: #ffcc80; }\n"
"#grid td.path { box-shadow: inset 0 0 0 4px #fbc02d; }\n"
"#grid td.taken { outline: 3px solid #e65100; outline-offset: -3px; }\n"
"#grid td.weight { background-image: repeating-linear-gradient(45deg,"
" transparent 0 6px, #ffe0b2 6px 9px); }\n"
"#grid .arrow { position: absolute; right: 3px; top: 1px; font-size: 15px;"
" color: #455a64; }\n"
"#grid .k { color: #6a1b9a; }\n"
".hunter { color: #2e7d32; font-weight: bold; }\n"
".target { color: #c62828; font-weight: bold; }\n"
".key span { display: inline-block; width: 1em; height: 1em;"
" vertical-align: middle; border: 1px solid #999; margin: 0 .2em 0 .8em; }\n"
"#side { display: flex; gap: 2em; align-items: flex-start; }\n"
"#open li.over { background: #bbdefb; }\n"
"#open li.under { background: #ffcc80; }\n"
"#lines { font-family: monospace; }\n"
"</style>\n";

static const char inc_html_body[] =
"<p class=\"key\"><b class=\"hunter\">H</b> hunter, "
"<b class=\"target\">T</b> target; in a cell: g, rhs, and the key"
" [k1; k2] it waits with on the open list; the arrow points to its"
" parent, the neighbour that gave its rhs; inf: infinite<br>"
"<span style=\"background:#37474f\"></span>wall"
"<span style=\"background:#bbdefb\"></span>overconsistent (g &gt; rhs):"
" a shorter way reached it; taken, its g drops to rhs"
"<span style=\"background:#ffcc80\"></span>underconsistent (g &lt; rhs):"
" the way its g counted on got longer or closed; taken, its g becomes"
" inf and it is looked at again<br>"
"<span style=\"box-shadow: inset 0 0 0 4px #fbc02d\"></span>path"
"<span style=\"outline:3px solid #e65100\"></span>the cell taken in this"
" step<span style=\"background:#ffe0b2\"></span>xC: entering costs C</p>\n"
"<p><button id=\"prev\">&#9664;</button>\n"
"<input type=\"range\" id=\"slider\" min=\"0\" value=\"0\">\n"
"<button id=\"next\">&#9654;</button> frame <span id=\"frame\">0</span>"
" of <span id=\"last\"></span> (arrow keys step; Home, End; the address"
" ends #event=E&amp;step=N)</p>\n"
"<h2>Event <span id=\"event\"></span> (<span id=\"what\"></span>),"
" step <span id=\"step\"></span></h2>\n"
"<ol id=\"lines\"></ol>\n"
"<div id=\"side\"><div id=\"picture\"></div>\n"
"<div><p>km = <span id=\"km\"></span></p>\n"
"<p>The open list, in the order its cells leave it"
" (<span id=\"nopen\"></span>):</p>\n<ol id=\"open\"></ol></div></div>\n";

static const char inc_html_script[] =
"<script>\n"
"'use strict';\n"
"const D = JSON.parse(document.getElementById('data').textContent);\n"
"const F = D.frames, N = F.length - 1;\n"
"const el = (id) => document.getElementById(id);\n"
"const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');\n"
"const fmt = (v) => v === null || v === undefined ? 'inf' :\n"
"  v % D.unit === 0 ? String(v / D.unit) : (v / D.unit).toFixed(3);\n"
"const xy = (c) => '(' + (c % D.w + D.base) + ',' +\n"
"  (Math.floor(c / D.w) + D.base) + ')';\n"
"const arrows = { '-1,0': '\\u2190', '1,0': '\\u2192', '0,-1': '\\u2191',\n"
"  '0,1': '\\u2193', '-1,-1': '\\u2196', '1,-1': '\\u2197',\n"
"  '-1,1': '\\u2199', '1,1': '\\u2198' };\n"
"const index = new Map();\n"
"F.forEach((fr, k) => index.set(fr.e + ':' + fr.s, k));\n"
"/* The values every cell has at the end of frame f. */\n"
"function replay(f) {\n"
"  const s = { g: new Map(), rhs: new Map(), par: new Map(),\n"
"    cost: D.cost.slice() };\n"
"  for (let k = 0; k <= f; k++) {\n"
"    for (const [c, g, r, p] of F[k].set) {\n"
"      s.g.set(c, g); s.rhs.set(c, r); s.par.set(c, p);\n"
"    }\n"
"    for (const [c, v] of F[k].cost) s.cost[c] = v;\n"
"  }\n"
"  return s;\n"
"}\n"
"const val = (m, c) => m.has(c) ? m.get(c) : null;\n"
"function state(g, r) {\n"
"  if (g === r) return '';\n"
"  return g === null || (r !== null && g > r) ? 'over' : 'under';\n"
"}\n"
"function draw(s, fr) {\n"
"  const onPath = new Set(fr.P || []), keys = new Map();\n"
"  for (const [c, k1, k2] of fr.open) keys.set(c, [k1, k2]);\n"
"  let h = '<table id=\"grid\"><tr><th></th>';\n"
"  for (let x = 0; x < D.w; x++) h += '<th>' + (x + D.base) + '</th>';\n"
"  h += '</tr>';\n"
"  for (let y = 0; y < D.h; y++) {\n"
"    h += '<tr><th>' + (y + D.base) + '</th>';\n"
"    for (let x = 0; x < D.w; x++) {\n"
"      const c = y * D.w + x, g = val(s.g, c), r = val(s.rhs, c);\n"
"      const p = s.par.has(c) ? s.par.get(c) : -1, st = state(g, r);\n"
"      let k = s.cost[c] === 0 ? 'wall' : st;\n"
"      if (s.cost[c] > 1) k += ' weight';\n"
"      if (onPath.has(c)) k += ' path';\n"
"      if (c === fr.t) k += ' taken';\n"
"      const top = [], rows = [];\n"
"      if (c === fr.H) top.push('<span class=\"hunter\">H</span>');\n"
"      if (c === fr.T) top.push('<span class=\"target\">T</span>');\n"
"      if (s.cost[c] > 1) top.push('x' + s.cost[c]);\n"
"      if (top.length) rows.push(top.join(' '));\n"
"      if (s.cost[c] !== 0 && (g !== null || r !== null)) {\n"
"        rows.push('g ' + fmt(g), 'rhs ' + fmt(r));\n"
"        if (keys.has(c)) rows.push('<span class=\"k\">[' +\n"
"          fmt(keys.get(c)[0]) + '; ' + fmt(keys.get(c)[1]) + ']</span>');\n"
"      }\n"
"      let t = rows.join('<br>');\n"
"      if (p >= 0 && s.cost[c] !== 0) t += '<span class=\"arrow\">' +\n"
"        arrows[(p % D.w - x) + ',' + (Math.floor(p / D.w) - y)] + '</span>';\n"
"      const why = st === 'over' ? 'overconsistent: g > rhs' :\n"
"        st === 'under' ? 'underconsistent: g < rhs' : '';\n"
"      h += '<td class=\"' + k.trim() + '\" title=\"' + xy(c) +\n"
"        (why ? ': ' + why : '') + '\">' + t + '</td>';\n"
"    }\n"
"    h += '</tr>';\n"
"  }\n"
"  el('picture').innerHTML = h + '</table>';\n"
"}\n"
"function show(f) {\n"
"  f = Math.max(0, Math.min(N, f | 0));\n"
"  const fr = F[f], s = replay(f);\n"
"  el('slider').value = f; el('frame').textContent = f;\n"
"  el('event').textContent = fr.e; el('step').textContent = fr.s;\n"
"  el('what').textContent = fr.e === 0 ? 'the first search' :\n"
"    D.events[fr.e - 1];\n"
"  el('lines').innerHTML = fr.L.map((l) => '<li>' + esc(l) + '</li>').join('');\n"
"  el('km').textContent = fmt(fr.km);\n"
"  el('nopen').textContent = fr.open.length +\n"
"    (fr.open.length === 1 ? ' cell' : ' cells');\n"
"  el('open').innerHTML = fr.open.map(([c, k1, k2]) => {\n"
"    const st = state(val(s.g, c), val(s.rhs, c));\n"
"    return '<li class=\"' + st + '\">' + xy(c) + ' [' + fmt(k1) + '; ' +\n"
"      fmt(k2) + '] ' + st + 'consistent</li>';\n"
"  }).join('');\n"
"  draw(s, fr);\n"
"  const want = '#event=' + fr.e + '&step=' + fr.s;\n"
"  if (location.hash !== want) history.replaceState(null, '', want);\n"
"}\n"
"/* The frame the address names, or -1. */\n"
"function named() {\n"
"  const m = /event=(\\d+)&step=(\\d+)/.exec(location.hash);\n"
"  return m && index.has(m[1] + ':' + m[2]) ? index.get(m[1] + ':' + m[2]) : -1;\n"
"}\n"
"el('slider').max = N; el('last').textContent = N;\n"
"el('slider').addEventListener('input', (e) => show(+e.target.value));\n"
"el('prev').addEventListener('click', () => show(+el('slider').value - 1));\n"
"el('next').addEventListener('click', () => show(+el('slider').value + 1));\n"
"document.addEventListener('keydown', (e) => {\n"
"  const f = +el('slider').value;\n"
"  if (e.key === 'ArrowRight' || e.key === 'ArrowDown') show(f + 1);\n"
"  else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') show(f - 1);\n"
"  else if (e.key === 'Home') show(0);\n"
"  else if (e.key === 'End') show(N);\n"
"  else return;\n"
"  e.preventDefault();\n"
"});\n"
"window.addEventListener('hashchange', () => {\n"
"  const f = named();\n"
"  if (f >= 0) show(f);\n"
"});\n"
"show(Math.max(0, named()));\n"
"</script>\n";

/* Writes the page: see lab-explain.h. */
int
explain_inc_html_write(struct explain_inc_html *h, const char *file,
    const char *title, const struct path_tilemap *m, int base,
    path_cost unit, const char *const *events, int nevents)
{
	FILE			*f;
	size_t			 i, n = (size_t)m->width * m->height;
	struct explain_buf	 ev = { 0 };

	inc_html_flush(h);
	for (i = 0; i < (size_t)nevents; i++) {
		explain_buf_add(&ev, "%s", i ? "," : "");
		inc_html_string(&ev, events[i]);
	}
	if ((f = fopen(file, "w")) == NULL) {
		lab_error("%s: cannot write the page", file);
		free(ev.buf);
		return (-1);
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
	    "charset=\"utf-8\">\n<title>astray-lab explain: ");
	explain_html_escape(f, title);
	fprintf(f, "</title>\n%s</head>\n<body>\n<h1>", inc_html_top);
	explain_html_escape(f, title);
	fprintf(f, "</h1>\n");
	lab_explore_link(f, m->width, m->height, m->cost, h->hunter0,
	    h->target0);
	fprintf(f, "%s<script id=\"data\" type=\"application/json\">\n"
	    "{\"w\":%d,\"h\":%d,\"base\":%d,\"unit\":%lld,\"events\":[%s],"
	    "\"cost\":[", inc_html_body, m->width, m->height, base,
	    (long long)unit, ev.buf != NULL ? ev.buf : "");
	free(ev.buf);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%u", i ? "," : "", m->cost[i]);
	fprintf(f, "],\n\"frames\":[%s]}\n</script>\n%s</body>\n</html>\n",
	    h->json.buf != NULL ? h->json.buf : "", inc_html_script);
	if (fclose(f) != 0) {
		lab_error("%s: cannot write the page", file);
		return (-1);
	}
	return (0);
}
