/*
 * lab-explain-inc-html.c: the incremental walkthrough as one page.
 *
 * Like explain --html, the page is self-contained and replays a log in
 * JavaScript: here the log of everything the incremental search
 * reported (each event applied, each cell made inconsistent, taken,
 * deleted, every other change of an rhs, each restart, each new path),
 * so that the grid can show every cell's g and rhs at any point.  The
 * slider moves over the facts the narration and --csv print, one frame
 * per CSV row, in the same order; the silent changes of rhs between
 * them are replayed but get no frame of their own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain.h"
#include "lab.h"
#include "xmalloc.h"

struct explain_inc_html {
	struct explain_buf	json;
	size_t			entries;
};

/* Starts an empty log. */
struct explain_inc_html *
explain_inc_html_new(void)
{
	return (xcalloc(1, sizeof (struct explain_inc_html)));
}

/* Frees the log; NULL is allowed. */
void
explain_inc_html_free(struct explain_inc_html *h)
{
	if (h == NULL)
		return;
	free(h->json.buf);
	free(h);
}

/* Appends a cost as JSON: null for infinity. */
static void
inc_html_cost(struct explain_inc_html *h, path_cost c)
{
	if (c == PATH_COST_NONE)
		explain_buf_add(&h->json, ",null");
	else
		explain_buf_add(&h->json, ",%lld", (long long)c);
}

/* Starts an entry of the log. */
static void
inc_html_begin(struct explain_inc_html *h, const char *kind)
{
	explain_buf_add(&h->json, "%s\n[\"%s\"", h->entries++ ? "," : "",
	    kind);
}

/* Records one report of the search: see lab-explain.h. */
void
explain_inc_html_report(struct explain_inc_html *h,
    const struct path_tbdl_event *ev, int width, bool shown)
{
	static const char *const kinds[] = { "i", "t", "d", "r", "h" };

	inc_html_begin(h, kinds[ev->kind]);
	explain_buf_add(&h->json, ",%d", ev->y * width + ev->x);
	inc_html_cost(h, ev->g);
	inc_html_cost(h, ev->rhs);
	inc_html_cost(h, ev->k1);
	inc_html_cost(h, ev->k2);
	explain_buf_add(&h->json, ",%d,%d]", ev->over ? 1 : 0, shown ? 1 : 0);
}

/* Records an event as applied: see lab-explain.h. */
void
explain_inc_html_event(struct explain_inc_html *h, const char *text,
    int cell, int tile, long tile_cost, int hunter, int target)
{
	inc_html_begin(h, "e");
	explain_buf_add(&h->json, ",\"");
	for (; *text != '\0'; text++) {
		if (*text == '"' || *text == '\\' || *text == '<')
			explain_buf_add(&h->json, "\\u%04x", (unsigned char)*text);
		else if ((unsigned char)*text >= ' ')
			explain_buf_add(&h->json, "%c", *text);
	}
	explain_buf_add(&h->json, "\",%d,%d,%ld,%d,%d]", cell, tile, tile_cost,
	    hunter, target);
}

/* Records the path after a repair: see lab-explain.h. */
void
explain_inc_html_path(struct explain_inc_html *h, path_cost cost,
    uint64_t expanded, uint64_t astar, const struct path_point *p, size_t n,
    int width)
{
	size_t	i;

	inc_html_begin(h, "p");
	inc_html_cost(h, cost);
	explain_buf_add(&h->json, ",%llu,%llu,[", (unsigned long long)expanded,
	    (unsigned long long)astar);
	for (i = 0; i < n; i++)
		explain_buf_add(&h->json, "%s%d", i ? "," : "", p[i].y * width +
		    p[i].x);
	explain_buf_add(&h->json, "]]");
}

static const char inc_html_top[] =
"<style>\n"
"body { font-family: sans-serif; margin: 1em; }\n"
"#grid { border-collapse: collapse; }\n"
"#grid td, #grid th { width: 3.4em; height: 2.8em; border: 1px solid #b0bec5;"
" font-size: 11px; text-align: center; padding: 0; }\n"
"#grid th { border: none; color: #555; height: 1.4em; }\n"
"#grid td.wall { background: #37474f; }\n"
"#grid td.bad { background: #ffcc80; }\n"
"#grid td.path { background: #ffca28; }\n"
"#grid td.taken { outline: 3px solid #e65100; outline-offset: -3px; }\n"
"#grid td.weight { background: #ffe0b2; }\n"
".who { font-weight: bold; }\n"
".key span { display: inline-block; width: 1em; height: 1em;"
" vertical-align: middle; border: 1px solid #999; margin: 0 .2em 0 .8em; }\n"
"</style>\n";

static const char inc_html_body[] =
"<p class=\"key\">H hunter, T target; in a cell: g over rhs (inf: infinite)"
"<span style=\"background:#37474f\"></span>wall"
"<span style=\"background:#ffcc80\"></span>inconsistent (g &ne; rhs)"
"<span style=\"background:#ffca28\"></span>path"
"<span style=\"outline:3px solid #e65100\"></span>the cell of this line</p>\n"
"<p><button id=\"prev\">&#9664;</button>\n"
"<input type=\"range\" id=\"slider\" min=\"0\" value=\"0\">\n"
"<button id=\"next\">&#9654;</button> line <span id=\"frame\">0</span> of"
" <span id=\"last\"></span> (arrow keys step; Home, End)</p>\n"
"<p>Event <span id=\"event\"></span>: <span id=\"what\"></span></p>\n"
"<p>step <span id=\"step\"></span>: <span id=\"action\"></span>"
" <span id=\"cell\"></span> g=<span id=\"g\"></span>"
" rhs=<span id=\"rhs\"></span> key=[<span id=\"k1\"></span>;"
" <span id=\"k2\"></span>] <span id=\"note\"></span></p>\n"
"<div id=\"picture\"></div>\n";

static const char inc_html_script[] =
"<script>\n"
"'use strict';\n"
"const D = JSON.parse(document.getElementById('data').textContent);\n"
"const el = (id) => document.getElementById(id);\n"
"const frames = [];\n"
"D.log.forEach((e, k) => { if (e[0] === 'e' || e[0] === 'p' ||\n"
"  (e[0] !== 'h' && e[7])) frames.push(k); });\n"
"const N = frames.length - 1;\n"
"const fmt = (v) => v === null || v === undefined ? 'inf' :\n"
"  v % D.unit === 0 ? String(v / D.unit) : (v / D.unit).toFixed(3);\n"
"const xy = (c) => (c % D.w + D.base) + ':' + (Math.floor(c / D.w) + D.base);\n"
"const names = { i: 'inconsistent', d: 'delete', r: 'restart' };\n"
"/* Replays the log up to frame f. */\n"
"function replay(f) {\n"
"  const s = { cost: D.cost.slice(), hunter: D.hunter, target: D.target,\n"
"    g: new Map(), rhs: new Map(), ev: 0, what: 'the first search',\n"
"    step: 0, path: [] };\n"
"  for (let k = 0; k <= frames[f]; k++) {\n"
"    const e = D.log[k];\n"
"    if (e[0] === 'e') {\n"
"      s.ev++; s.step = 0; s.path = []; s.what = e[1];\n"
"      if (e[3] >= 0) s.cost[e[3]] = e[4];\n"
"      s.hunter = e[5]; s.target = e[6];\n"
"    } else if (e[0] === 'r') { s.g.clear(); s.rhs.clear(); }\n"
"    else if (e[0] === 'p') s.path = e[4];\n"
"    else {\n"
"      if (e[0] === 't') s.step++;\n"
"      s.g.set(e[1], e[2]); s.rhs.set(e[1], e[3]);\n"
"    }\n"
"  }\n"
"  return s;\n"
"}\n"
"function draw(s, cell) {\n"
"  const onPath = new Set(s.path);\n"
"  let h = '<table id=\"grid\"><tr><th></th>';\n"
"  for (let x = 0; x < D.w; x++) h += '<th>' + (x + D.base) + '</th>';\n"
"  h += '</tr>';\n"
"  for (let y = 0; y < D.h; y++) {\n"
"    h += '<tr><th>' + (y + D.base) + '</th>';\n"
"    for (let x = 0; x < D.w; x++) {\n"
"      const c = y * D.w + x, g = s.g.get(c), r = s.rhs.get(c);\n"
"      const gv = g === undefined ? null : g, rv = r === undefined ? null : r;\n"
"      let k = s.cost[c] === 0 ? 'wall' : onPath.has(c) ? 'path' :\n"
"        gv !== rv ? 'bad' : s.cost[c] > 1 ? 'weight' : '';\n"
"      if (c === cell) k += ' taken';\n"
"      let t = c === s.hunter ? '<span class=\"who\">H</span> ' :\n"
"        c === s.target ? '<span class=\"who\">T</span> ' : '';\n"
"      if (s.cost[c] > 1) t += 'x' + s.cost[c];\n"
"      if (s.cost[c] !== 0 && (gv !== null || rv !== null))\n"
"        t += '<br>' + fmt(gv) + '<br>' + fmt(rv);\n"
"      h += '<td class=\"' + k + '\">' + t + '</td>';\n"
"    }\n"
"    h += '</tr>';\n"
"  }\n"
"  el('picture').innerHTML = h + '</table>';\n"
"}\n"
"function show(f) {\n"
"  f = Math.max(0, Math.min(N, f | 0));\n"
"  const s = replay(f), e = D.log[frames[f]];\n"
"  el('slider').value = f; el('frame').textContent = f;\n"
"  el('event').textContent = s.ev; el('what').textContent = s.what;\n"
"  el('step').textContent = e[0] === 'e' ? 0 : s.step;\n"
"  let cell = -1;\n"
"  for (const id of ['g', 'rhs', 'k1', 'k2', 'note', 'cell']) el(id).textContent = '';\n"
"  if (e[0] === 'e') {\n"
"    el('action').textContent = 'event'; cell = e[2];\n"
"  } else if (e[0] === 'p') {\n"
"    el('action').textContent = 'path'; el('g').textContent = fmt(e[1]);\n"
"    el('note').textContent = e[2] + (e[2] === 1 ? ' cell' : ' cells') +\n"
"      ' taken; A* from scratch ' + e[3];\n"
"  } else {\n"
"    cell = e[1];\n"
"    el('action').textContent = e[0] === 't' ? (e[6] ? 'overconsistent' :\n"
"      'underconsistent') : names[e[0]];\n"
"    el('g').textContent = fmt(e[2]); el('rhs').textContent = fmt(e[3]);\n"
"    if (e[0] === 't') { el('k1').textContent = fmt(e[4]);\n"
"      el('k2').textContent = fmt(e[5]); }\n"
"  }\n"
"  if (cell >= 0) el('cell').textContent = xy(cell);\n"
"  draw(s, cell);\n"
"  if (location.hash !== '#step=' + f) history.replaceState(null, '', '#step=' + f);\n"
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
"const m = /step=(\\d+)/.exec(location.hash);\n"
"show(m ? +m[1] : 0);\n"
"</script>\n";

/* Writes the page: see lab-explain.h. */
int
explain_inc_html_write(struct explain_inc_html *h, const char *file,
    const char *title, const struct path_tilemap *m, int base,
    path_cost unit, int hunter, int target)
{
	FILE	*f;
	size_t	 i, n = (size_t)m->width * m->height;

	if ((f = fopen(file, "w")) == NULL) {
		lab_error("%s: cannot write the page", file);
		return (-1);
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
	    "charset=\"utf-8\">\n<title>astray-lab explain: ");
	explain_html_escape(f, title);
	fprintf(f, "</title>\n%s</head>\n<body>\n<h1>", inc_html_top);
	explain_html_escape(f, title);
	fprintf(f, "</h1>\n%s<script id=\"data\" type=\"application/json\">\n"
	    "{\"w\":%d,\"h\":%d,\"base\":%d,\"unit\":%lld,\"hunter\":%d,"
	    "\"target\":%d,\"cost\":[", inc_html_body, m->width, m->height,
	    base, (long long)unit, hunter, target);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%u", i ? "," : "", m->cost[i]);
	fprintf(f, "],\n\"log\":[%s]}\n</script>\n%s</body>\n</html>\n",
	    h->json.buf != NULL ? h->json.buf : "", inc_html_script);
	if (fclose(f) != 0) {
		lab_error("%s: cannot write the page", file);
		return (-1);
	}
	return (0);
}
