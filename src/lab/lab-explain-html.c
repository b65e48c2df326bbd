/*
 * lab-explain-html.c: the walkthrough as one page to step through.
 *
 * The page is self-contained: no network, no other file.  It holds the
 * map's tile costs and the log of every narrated step (the cell taken,
 * each neighbour added, improved or rejected) as JSON, and a small
 * script that replays the log up to the step the slider (or the arrow
 * keys, or FILE#step=N) asks for: the open list is rebuilt from the log,
 * entry by entry (with duplicates kept a cell may have stale entries),
 * and sorted with the same rule the search uses (f, then the tie rule,
 * then insertion order), so the page shows what the narration and
 * --csv print at that step.  Small maps are drawn as a table whose
 * cells carry g, h, f and an arrow to their parent; large ones on a
 * canvas, a pixel per cell.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain.h"
#include "lab.h"
#include "xmalloc.h"

/* The log as JSON text, grown step by step. */
struct explain_html {
	struct explain_buf	 json;
	long			 max_steps;
	long			 steps;
};

/* Appends formatted text to a buffer: see lab-explain.h. */
void
explain_buf_add(struct explain_buf *b, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	for (;;) {
		va_start(ap, fmt);
		n = b->cap == 0 ? -1 : vsnprintf(b->buf + b->len,
		    b->cap - b->len, fmt, ap);
		va_end(ap);
		if (n >= 0 && (size_t)n < b->cap - b->len) {
			b->len += (size_t)n;
			return;
		}
		b->cap = b->cap * 2 + (size_t)(n < 0 ? 64 : n) + 64;
		b->buf = xreallocarray(b->buf, b->cap, 1);
	}
}

/* Writes text with HTML's special characters escaped: see lab-explain.h. */
void
explain_html_escape(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else
			fputc(*s, f);
	}
}

/* Starts an empty log: see lab-explain.h. */
struct explain_html *
explain_html_new(long max_steps)
{
	struct explain_html	*h = xcalloc(1, sizeof *h);

	explain_buf_add(&h->json, "%s", "");
	h->max_steps = max_steps;
	return (h);
}

/* Frees the log; NULL is allowed. */
void
explain_html_free(struct explain_html *h)
{
	if (h == NULL)
		return;
	free(h->json.buf);
	free(h);
}

/* Records a finished step: see lab-explain.h. */
void
explain_html_step(struct explain_html *h, struct explain_log *l,
    const struct explain_step *s)
{
	const struct explain_item	*it;
	size_t				 i;

	if (s->step > h->max_steps)
		return;
	explain_buf_add(&h->json, "%s\n{\"c\":%d,\"g\":%lld,\"h\":%lld,"
	    "\"q\":%llu,\"eg\":%lld,\"st\":%d,\"goal\":%d,\"a\":[",
	    h->steps ? "," : "", s->cell, (long long)s->g, (long long)s->h,
	    (unsigned long long)s->seq, (long long)s->entry_g, s->stale ? 1 : 0,
	    s->goal ? 1 : 0);
	for (i = 0; i < s->added.n; i++) {
		it = &s->added.v[i];
		explain_buf_add(&h->json, "%s[%d,%lld,%lld,%llu,%d]", i ? "," : "", it->cell,
		    (long long)it->g, (long long)it->h,
		    (unsigned long long)it->seq, l->cells[it->cell].parent);
	}
	explain_buf_add(&h->json, "],\"i\":[");
	for (i = 0; i < s->improved.n; i++) {
		it = &s->improved.v[i];
		explain_buf_add(&h->json, "%s[%d,%lld,%lld,%d,%llu]", i ? "," : "",
		    it->cell, (long long)it->g, (long long)it->old_g, s->cell,
		    (unsigned long long)it->seq);
	}
	explain_buf_add(&h->json, "],\"r\":[");
	for (i = 0; i < s->rejected.n; i++) {
		it = &s->rejected.v[i];
		explain_buf_add(&h->json, "%s[%d,\"%s\",%lld,%lld]", i ? "," : "", it->cell,
		    path_textbook_reason_name(it->reason), (long long)it->g,
		    (long long)it->old_g);
	}
	explain_buf_add(&h->json, "]}");
	h->steps++;
}

static const char html_style[] =
"<style>\n"
"body { font-family: sans-serif; margin: 1em; }\n"
"#grid { border-collapse: collapse; }\n"
"#grid td, #grid th { width: 4.6em; height: 4.6em; border: 1px solid #b0bec5;"
" font-size: 13px; text-align: center; padding: 0; position: relative; }\n"
"#grid th { border: none; color: #555; height: 1.4em; }\n"
"#grid td.wall { background: #37474f; } #grid td.open { background: #a5d6a7; }\n"
"#grid td.closed { background: #90caf9; } #grid td.path { background: #ffca28; }\n"
"#grid td.weight { background: #ffe0b2; }\n"
"#grid td.taken { outline: 3px solid #e65100; outline-offset: -3px; }\n"
"#grid td.start, #grid td.goal { font-weight: bold; }\n"
".f { font-size: 16px; } .gh { color: #333; } .arrow { color: #546e7a; }\n"
"ol { display: inline; padding: 0; } ol li { display: inline; margin-right: .6em; }\n"
"#open li + li::before { content: '| '; color: #999; }\n"
"#rejected li { display: block; margin-left: 1em; }\n"
"ol li.stale { color: #78909c; } ol li.stale::after { content: ' (stale)'; }\n"
"#canvas { image-rendering: pixelated; border: 1px solid #999; }\n"
".key span { display: inline-block; width: 1em; height: 1em;"
" vertical-align: middle; border: 1px solid #999; margin: 0 .2em 0 .8em; }\n"
"</style>\n";

static const char html_body[] =
"<p class=\"key\"><span style=\"background:#fff\"></span>S start, G goal"
"<span style=\"background:#37474f\"></span>wall"
"<span style=\"background:#ffe0b2\"></span>weighted tile (xN)"
"<span style=\"background:#a5d6a7\"></span>open"
"<span style=\"background:#90caf9\"></span>closed"
"<span style=\"background:#ffca28\"></span>path"
"<span style=\"outline:3px solid #e65100\"></span>taken this step;"
" in a cell: f, then g and h, and an arrow to its parent</p>\n"
"<p><button id=\"prev\">&#9664;</button>\n"
"<input type=\"range\" id=\"slider\" min=\"0\" value=\"0\">\n"
"<button id=\"next\">&#9654;</button> step <span id=\"step\">0</span> of"
" <span id=\"last\"></span> (arrow keys step; Home, End)</p>\n"
"<p id=\"what\">\n<span id=\"verb\"></span> <span id=\"taken\"></span>"
" g=<span id=\"g\"></span> h=<span id=\"h\"></span> f=<span id=\"f\"></span>"
" <span id=\"stalenote\"></span> <span id=\"goalnote\"></span>\n</p>\n"
"<div>added: <ol id=\"added\"></ol>\n</div>\n"
"<div>improved: <ol id=\"improved\"></ol>\n</div>\n"
"<div>rejected: <ol id=\"rejected\"></ol>\n</div>\n"
"<div>open: <ol id=\"open\"></ol>\n</div>\n"
"<div>closed: <ol id=\"closed\"></ol>\n</div>\n"
"<div id=\"picture\"></div>\n";

static const char html_script[] =
"<script>\n"
"'use strict';\n"
"const D = JSON.parse(document.getElementById('data').textContent);\n"
"const N = D.steps.length - 1, el = (id) => document.getElementById(id);\n"
"const fmt = (v) => v % D.unit === 0 ? String(v / D.unit) :\n"
"  (v / D.unit).toFixed(3);\n"
"const xy = (c) => '(' + (c % D.w + D.base) + ',' +\n"
"  (Math.floor(c / D.w) + D.base) + ')';\n"
"const arrows = { '-1,-1': '\\u2196', '0,-1': '\\u2191', '1,-1': '\\u2197',\n"
"  '-1,0': '\\u2190', '1,0': '\\u2192', '-1,1': '\\u2199', '0,1': '\\u2193',\n"
"  '1,1': '\\u2198' };\n"
"/* The search's order of entries: f, the tie rule, then insertion. */\n"
"function before(a, b) {\n"
"  const ax = a.c % D.w, ay = Math.floor(a.c / D.w);\n"
"  const bx = b.c % D.w, by = Math.floor(b.c / D.w);\n"
"  if (a.g + a.h !== b.g + b.h) return a.g + a.h < b.g + b.h;\n"
"  if (D.tie === 'larger-g' && a.g !== b.g) return a.g > b.g;\n"
"  if (D.tie === 'smaller-h' && a.h !== b.h) return a.h < b.h;\n"
"  if (D.tie === 'lifo') return a.seq > b.seq;\n"
"  if (D.tie === 'xy' && (ax !== bx || ay !== by))\n"
"    return ax !== bx ? ax < bx : ay < by;\n"
"  if (D.tie === 'yx' && (ax !== bx || ay !== by))\n"
"    return ay !== by ? ay < by : ax < bx;\n"
"  return a.seq < b.seq;\n"
"}\n"
"/* Lists a cell as closed, once. */\n"
"function close(r, c) {\n"
"  r.cells.get(c).st = 'closed';\n"
"  if (!r.listed.has(c) && (c !== D.start || D.closeStart)) {\n"
"    r.listed.add(c); r.closed.push(c);\n"
"  }\n"
"}\n"
"/* Replays the log up to step n: open entries by insertion number. */\n"
"function replay(n) {\n"
"  const r = { cells: new Map(), open: new Map(), closed: [],\n"
"    listed: new Set() };\n"
"  for (let k = 0; k <= n; k++) {\n"
"    const s = D.steps[k];\n"
"    if (k > 0) { r.open.delete(s.q); close(r, s.c); }\n"
"    for (const a of s.a) {\n"
"      r.cells.set(a[0], { g: a[1], h: a[2], seq: a[3], p: a[4], st: 'open' });\n"
"      r.open.set(a[3], { c: a[0], g: a[1], h: a[2], seq: a[3] });\n"
"    }\n"
"    for (const i of s.i) {\n"
"      const c = r.cells.get(i[0]);\n"
"      c.g = i[1]; c.p = i[3];\n"
"      if (D.dups === 'keep') {\n"
"        c.seq = i[4]; c.st = 'open';\n"
"        r.open.set(i[4], { c: i[0], g: i[1], h: c.h, seq: i[4] });\n"
"      } else {\n"
"        r.open.get(c.seq).g = i[1];\n"
"      }\n"
"    }\n"
"    const gc = r.cells.get(D.goal);\n"
"    if (s.goal && gc && gc.st === 'open') { r.open.delete(gc.seq); close(r, D.goal); }\n"
"  }\n"
"  r.list = [...r.open.values()].sort((a, b) => D.listOrder === 'insertion' ?\n"
"    a.seq - b.seq : (before(a, b) ? -1 : 1));\n"
"  return r;\n"
"}\n"
"const items = (cs) => cs.map((c) => '<li>' + c + '</li>').join('');\n"
"/* A neighbour's rejection, in the text's words. */\n"
"const reasons = { wall: 'a wall',\n"
"  corner: 'the diagonal step would cut a wall\\'s corner',\n"
"  start: 'the start, which never goes back on the open list',\n"
"  closed: 'closed',\n"
"  'not-better': 'not better: g via %v would be %g, it has %h' };\n"
"function cellClass(c, st, n, onPath) {\n"
"  if (D.cost[c] === 0) return 'wall';\n"
"  let k = onPath.has(c) ? 'path' : st && st.st ? st.st :\n"
"    D.cost[c] > 1 ? 'weight' : '';\n"
"  if (n > 0 && c === D.steps[n].c) k += ' taken';\n"
"  if (c === D.start) k += ' start';\n"
"  if (c === D.goal) k += ' goal';\n"
"  return k;\n"
"}\n"
"function drawTable(r, n, onPath) {\n"
"  let h = '<table id=\"grid\"><tr><th></th>';\n"
"  for (let x = 0; x < D.w; x++) h += '<th>' + (x + D.base) + '</th>';\n"
"  h += '</tr>';\n"
"  for (let y = 0; y < D.h; y++) {\n"
"    h += '<tr><th>' + (y + D.base) + '</th>';\n"
"    for (let x = 0; x < D.w; x++) {\n"
"      const c = y * D.w + x, s = r.cells.get(c);\n"
"      let t = c === D.start ? 'S ' : c === D.goal ? 'G ' : '';\n"
"      if (D.cost[c] > 1) t += 'x' + D.cost[c];\n"
"      if (s) {\n"
"        const p = s.p, d = (p % D.w - x) + ',' + (Math.floor(p / D.w) - y);\n"
"        t += '<div class=\"f\">' + fmt(s.g + s.h) + '</div><div class=\"gh\">' +\n"
"          fmt(s.g) + ' ' + fmt(s.h) + '</div><div class=\"arrow\">' +\n"
"          (arrows[d] || '') + '</div>';\n"
"      }\n"
"      h += '<td class=\"' + cellClass(c, s, n, onPath) + '\">' + t + '</td>';\n"
"    }\n"
"    h += '</tr>';\n"
"  }\n"
"  el('picture').innerHTML = h + '</table>';\n"
"}\n"
"function drawCanvas(r, n, onPath) {\n"
"  let cv = el('canvas');\n"
"  if (!cv) {\n"
"    el('picture').innerHTML = '<canvas id=\"canvas\"></canvas>';\n"
"    cv = el('canvas'); cv.width = D.w; cv.height = D.h;\n"
"    const s = Math.max(1, Math.floor(800 / Math.max(D.w, D.h)));\n"
"    cv.style.width = D.w * s + 'px'; cv.style.height = D.h * s + 'px';\n"
"  }\n"
"  const ctx = cv.getContext('2d'), img = ctx.createImageData(D.w, D.h);\n"
"  const rgb = { wall: [55, 71, 79], open: [165, 214, 167],\n"
"    closed: [144, 202, 249], path: [255, 202, 40], weight: [255, 224, 178],\n"
"    '': [250, 250, 250] };\n"
"  for (let c = 0; c < D.w * D.h; c++) {\n"
"    let k = cellClass(c, r.cells.get(c), 0, onPath);\n"
"    let v = c === D.start ? [46, 125, 50] : c === D.goal ? [198, 40, 40] :\n"
"      n > 0 && c === D.steps[n].c ? [230, 81, 0] : rgb[k.split(' ')[0]];\n"
"    img.data.set([v[0], v[1], v[2], 255], 4 * c);\n"
"  }\n"
"  ctx.putImageData(img, 0, 0);\n"
"}\n"
"function show(n) {\n"
"  n = Math.max(0, Math.min(N, n | 0));\n"
"  const r = replay(n), s = D.steps[n];\n"
"  const onPath = new Set(n === N ? D.path : []);\n"
"  el('slider').value = n; el('step').textContent = n;\n"
"  el('verb').textContent = n === 0 ? 'Start: put on the open list' :\n"
"    'Step ' + n + ': take';\n"
"  el('taken').textContent = xy(s.c);\n"
"  el('g').textContent = fmt(s.g); el('h').textContent = fmt(s.h);\n"
"  el('f').textContent = fmt(s.g + s.h);\n"
"  el('stalenote').textContent = s.st ? '(a stale entry, pushed with g=' +\n"
"    fmt(s.eg) + ': expanded again)' : '';\n"
"  el('goalnote').textContent = s.goal ? '(the goal test passes: the search'\n"
"    + ' stops)' : '';\n"
"  el('added').innerHTML = items(s.a.map((a) => xy(a[0])));\n"
"  el('improved').innerHTML = items(s.i.map((a) => xy(a[0])));\n"
"  el('rejected').innerHTML = items(s.r.map((a) => xy(a[0]) + ': ' +\n"
"    (reasons[a[1]] || a[1]).replace('%v', xy(s.c)).replace('%g', fmt(a[2]))\n"
"    .replace('%h', fmt(a[3]))));\n"
"  el('open').innerHTML = r.list.map((e) => (e.g > r.cells.get(e.c).g ?\n"
"    '<li class=\"stale\">' : '<li>') + xy(e.c) + ' f=' + fmt(e.g + e.h) +\n"
"    ' g=' + fmt(e.g) + ' h=' + fmt(e.h) + '</li>').join('');\n"
"  el('closed').innerHTML = items(r.closed.map(xy));\n"
"  if (D.w * D.h <= 4096) drawTable(r, n, onPath); else drawCanvas(r, n, onPath);\n"
"  if (location.hash !== '#step=' + n) history.replaceState(null, '', '#step=' + n);\n"
"}\n"
"el('slider').max = N; el('last').textContent = N;\n"
"el('slider').addEventListener('input', (e) => show(+e.target.value));\n"
"el('prev').addEventListener('click', () => show(+el('slider').value - 1));\n"
"el('next').addEventListener('click', () => show(+el('slider').value + 1));\n"
"document.addEventListener('keydown', (e) => {\n"
"  const n = +el('slider').value;\n"
"  if (e.key === 'ArrowRight' || e.key === 'ArrowDown') show(n + 1);\n"
"  else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') show(n - 1);\n"
"  else if (e.key === 'Home') show(0);\n"
"  else if (e.key === 'End') show(N);\n"
"  else return;\n"
"  e.preventDefault();\n"
"});\n"
"const m = /step=(\\d+)/.exec(location.hash);\n"
"window.addEventListener('hashchange', () => {\n"
"  const h = /step=(\\d+)/.exec(location.hash); if (h) show(+h[1]); });\n"
"show(m ? +m[1] : 0);\n"
"</script>\n";

/* Writes the map, conventions and path as the page's data. */
static void
html_data(FILE *f, const struct explain_html *h, const struct explain_log *l,
    const struct path_point *path, size_t npath)
{
	size_t	i, n = (size_t)l->map->width * l->map->height;

	fprintf(f, "<script id=\"data\" type=\"application/json\">\n{\"w\":%d,"
	    "\"h\":%d,\"base\":%d,\"unit\":%lld,\"tie\":\"%s\",\"dups\":"
	    "\"%s\",\"listOrder\":\"%s\",\"closeStart\":%s,\"start\":%d,"
	    "\"goal\":%d,\"path\":[",
	    l->map->width, l->map->height, l->base, (long long)l->unit,
	    path_textbook_tie_name(l->rules.tie), l->rules.duplicates ==
	    PATH_TB_DUP_KEEP ? "keep" : "update", l->list_order ==
	    EXPLAIN_LIST_INSERTION ? "insertion" : "priority",
	    l->rules.close_start ? "true" : "false", l->start, l->goal);
	for (i = 0; i < npath; i++)
		fprintf(f, "%s%d", i ? "," : "", path[i].y * l->map->width +
		    path[i].x);
	fprintf(f, "],\n\"cost\":[");
	for (i = 0; i < n; i++)
		fprintf(f, "%s%u", i ? "," : "", l->map->cost[i]);
	fprintf(f, "],\n\"steps\":[%s]}\n</script>\n", h->json.buf);
}

/* Writes the page: see lab-explain.h. */
int
explain_html_write(struct explain_html *h, const char *file,
    const char *title, struct explain_log *l, const struct path_point *path,
    size_t npath, bool truncated)
{
	FILE	*f;

	if ((f = fopen(file, "w")) == NULL) {
		lab_error("%s: cannot write the page", file);
		return (-1);
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
	    "charset=\"utf-8\">\n<title>astray-lab explain: ");
	explain_html_escape(f, title);
	fprintf(f, "</title>\n%s</head>\n<body>\n<h1>A* on ", html_style);
	explain_html_escape(f, title);
	fprintf(f, "</h1>\n");
	lab_explore_link(f, l->map->width, l->map->height, l->map->cost,
	    l->start, l->goal);
	fprintf(f, "<p>Coordinates are %d-based, x the column and y "
	    "the row. g is the cost so far, h the estimate of the rest, f = g "
	    "+ h. Ties among equal f: %s; the open list is shown %s.%s</p>\n",
	    l->base, path_textbook_tie_name(l->rules.tie), l->list_order ==
	    EXPLAIN_LIST_INSERTION ? "in insertion order" : "in the order "
	    "cells will leave it", truncated ? " Only the first steps are "
	    "here (see --steps)." : "");
	fputs(html_body, f);
	html_data(f, h, l, path, truncated ? 0 : npath);
	fputs(html_script, f);
	fprintf(f, "</body>\n</html>\n");
	if (fclose(f) != 0) {
		lab_error("%s: cannot write the page", file);
		return (-1);
	}
	return (0);
}
