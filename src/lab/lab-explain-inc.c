/*
 * lab-explain-inc.c: astray-lab explain --planner, incremental search
 * step by step.
 *
 * No tutorial tool shows LPA*, D* Lite or Moving Target D* Lite at work,
 * so this is written for a first reading: the initial search, then each
 * event in turn (a tile closed, opened or given a cost, the target or
 * the hunter moved), narrating which cells it made inconsistent and why,
 * every cell the repair takes off the open list with its g, rhs and key
 * and which case it was, the cells MT-D* Lite deletes from its tree, the
 * new path, and how many cells the lab's textbook A* would expand
 * to find the same answer from scratch.  The algorithms are the
 * lab's teaching versions (textbook-dlite.h); their answer is
 * checked against that A*'s after every event.  --csv gives one row per
 * fact: event,step,action,x,y,g,rhs,k1,k2,note.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain-opts.h"
#include "lab.h"
#include "textbook-dlite.h"
#include "xmalloc.h"

/* What the narration needs while the search runs. */
struct inc_narrator {
	const struct explain_opts	*o;
	int				 w;
	int				 event;		/* 0: the initial search */
	long				 step;		/* cells taken so far */
	long				 listed;	/* inconsistent cells told */
	struct explain_inc_html		*html;		/* or NULL */
	const struct path_tbdl		*t;		/* once made */
	int				 hunter, target;
};

/*
 * Says one or more lines of the narration: printed when shown (and not
 * --csv), and each line added to the page's frame.
 */
static void __attribute__((format(printf, 3, 4)))
inc_say(const struct inc_narrator *n, bool shown, const char *fmt, ...)
{
	char	*buf, *line, *end;
	int	 len;
	va_list	 ap;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	buf = xmalloc((size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(buf, (size_t)len + 1, fmt, ap);
	va_end(ap);
	if (shown && !n->o->csv)
		fputs(buf, stdout);
	for (line = buf; n->html != NULL && *line != '\0'; line = end) {
		if ((end = strchr(line, '\n')) != NULL)
			*end++ = '\0';
		else
			end = line + strlen(line);
		if (*line != '\0')
			explain_inc_html_line(n->html, line);
	}
	free(buf);
}

/* Formats a cost, "inf" for infinity. */
static const char *
inc_cost(const struct inc_narrator *n, path_cost c, char buf[32])
{
	if (c == PATH_COST_NONE)
		snprintf(buf, 32, "inf");
	else if (c % n->o->unit == 0)
		snprintf(buf, 32, "%lld", (long long)(c / n->o->unit));
	else
		snprintf(buf, 32, "%.3f", (double)c / (double)n->o->unit);
	return (buf);
}

/* Formats a cell "(x,y)", or "x:y" for CSV (csv). */
static const char *
inc_xy(const struct inc_narrator *n, int x, int y, char buf[32], bool csv)
{
	snprintf(buf, 32, csv ? "%d:%d" : "(%d,%d)", x + n->o->base,
	    y + n->o->base);
	return (buf);
}

/* Prints a report of the search as a CSV row. */
static void
inc_csv(const struct inc_narrator *n, const struct path_tbdl_event *ev,
    const char *g, const char *rhs, const char *old, const char *k1,
    const char *k2)
{
	const char	*action;

	action = ev->kind == PATH_TBDL_INCONSISTENT ? "inconsistent" :
	    ev->kind == PATH_TBDL_DELETE ? "delete" :
	    ev->kind == PATH_TBDL_RESTART ? "restart" :
	    ev->over ? "overconsistent" : "underconsistent";
	printf("%d,%ld,%s,%d,%d,%s,%s,%s,%s,%s\n", n->event, n->step,
	    action, ev->x + n->o->base, ev->y + n->o->base, g, rhs,
	    ev->kind == PATH_TBDL_TAKE ? k1 : "",
	    ev->kind == PATH_TBDL_TAKE ? k2 : "",
	    ev->kind == PATH_TBDL_INCONSISTENT ? old : "");
}

/* The search's callback: narrates one event of the algorithm. */
static void
inc_event(void *ctx, const struct path_tbdl_event *ev)
{
	struct inc_narrator	*n = ctx;
	char			 xy[32], g[32], rhs[32], old[32], k1[32], k2[32];
	bool			 shown;

	if (ev->kind == PATH_TBDL_STEP_END) {
		if (n->html != NULL)
			explain_inc_html_state(n->html, n->t, n->hunter,
			    n->target);
		return;
	}
	inc_xy(n, ev->x, ev->y, xy, false);
	inc_cost(n, ev->g, g);
	inc_cost(n, ev->rhs, rhs);
	inc_cost(n, ev->old_rhs, old);
	inc_cost(n, ev->k1, k1);
	inc_cost(n, ev->k2, k2);
	/*
	 * Shown: every restart, the cells taken up to --steps, and up to
	 * --steps cells made inconsistent by the event itself or deleted.
	 * The page has every step, and what each made inconsistent.
	 */
	if (ev->kind == PATH_TBDL_TAKE) {
		shown = ++n->step <= n->o->steps;
		if (n->html != NULL)
			explain_inc_html_begin(n->html, n->event, n->step,
			    ev->y * n->w + ev->x);
	} else if (ev->kind == PATH_TBDL_INCONSISTENT)
		shown = n->step == 0 && ++n->listed <= n->o->steps;
	else if (ev->kind == PATH_TBDL_DELETE)
		shown = ++n->listed <= n->o->steps;
	else
		shown = ev->kind == PATH_TBDL_RESTART;
	if (shown && n->o->csv)
		inc_csv(n, ev, g, rhs, old, k1, k2);
	switch (ev->kind) {
	case PATH_TBDL_RHS:
	case PATH_TBDL_STEP_END:
		break;
	case PATH_TBDL_INCONSISTENT:
		inc_say(n, shown, "  inconsistent %s: rhs %s -> %s, g %s\n", xy,
		    old, rhs, g);
		break;
	case PATH_TBDL_DELETE:
		inc_say(n, shown, "  delete %s from the search tree (g and rhs "
		    ":= inf)\n", xy);
		break;
	case PATH_TBDL_RESTART:
		inc_say(n, shown, "  this algorithm cannot follow that move: it "
		    "starts over from scratch\n");
		break;
	case PATH_TBDL_TAKE:
		if (ev->over)
			inc_say(n, shown, "  step %ld: take %s key [%s; %s]: g > "
			    "rhs, overconsistent: g := rhs = %s\n", n->step, xy,
			    k1, k2, g);
		else
			inc_say(n, shown, "  step %ld: take %s key [%s; %s]: g < "
			    "rhs = %s, underconsistent: g := inf, and it is "
			    "looked at again\n", n->step, xy, k1, k2, rhs);
		break;
	}
}

/* Parses "X,Y" or "X,Y,C" after an event's verb; returns 0, or -1. */
static int
inc_parse_place(const char *arg, int *x, int *y, long *c)
{
	char	buf[64], *comma;

	if (strlen(arg) >= sizeof buf)
		return (-1);
	strcpy(buf, arg);
	*c = -1;
	if ((comma = strchr(buf, ',')) != NULL &&
	    (comma = strchr(comma + 1, ',')) != NULL) {
		*comma = '\0';
		if (lab_parse_count(comma + 1, PATH_TEXTBOOK_MAX_TILE, c) != 0)
			return (-1);
	}
	return (lab_parse_point(buf, x, y));
}

/* What an event asks for. */
struct inc_change {
	enum { INC_TILE, INC_TARGET, INC_HUNTER } kind;
	int	x, y;
	long	cost;
};

/* Parses an event; returns 0, or a usage status after a message. */
static int
inc_parse_event(const struct explain_opts *o, const struct path_tilemap *m,
    const char *s, struct inc_change *ch)
{
	static const char *const verbs[] = { "close ", "open ", "cost ",
		"target ", "hunter " };
	size_t	i, len = 0;

	for (i = 0; i < 5; i++) {
		len = strlen(verbs[i]);
		if (strncmp(s, verbs[i], len) == 0)
			break;
	}
	if (i == 5 || inc_parse_place(s + len, &ch->x, &ch->y, &ch->cost) != 0 ||
	    (i == 2) != (ch->cost >= 0) || (i == 2 && ch->cost == 0))
		return (lab_usage(explain_usage, "--event wants 'close X,Y', "
		    "'open X,Y', 'cost X,Y,C' (C from 1 to %d), 'target X,Y' "
		    "or 'hunter X,Y', not \"%s\"", PATH_TEXTBOOK_MAX_TILE, s));
	ch->x -= o->base;
	ch->y -= o->base;
	if (ch->x < 0 || ch->y < 0 || ch->x >= m->width || ch->y >= m->height)
		return (lab_usage(explain_usage, "--event \"%s\": the cell is "
		    "outside the %dx%d map", s, m->width, m->height));
	ch->kind = i < 3 ? INC_TILE : i == 3 ? INC_TARGET : INC_HUNTER;
	ch->cost = i == 0 ? 0 : i == 1 ? 1 : ch->cost;
	return (0);
}

/* Among equal keys, which cell an incremental search takes, in words. */
static const char *
inc_tie_words(enum path_textbook_tie t)
{
	switch (t) {
	case PATH_TB_TIE_FIFO:
		return ("the cell pushed first (every push counts)");
	case PATH_TB_TIE_LIFO:
		return ("the cell pushed last (every push counts)");
	case PATH_TB_TIE_XY:
		return ("the smaller x, then the smaller y");
	default:
		return ("the smaller cell number (row by row: y, then x)");
	}
}

/*
 * The rules of the A* from scratch a search is compared with: the
 * walkthrough's, its goal test on expansion, ties as --scratch-tie says
 * (by default the incremental keys' order: [f; g], then the same tie).
 */
static struct path_textbook_rules
inc_scratch_rules(const struct explain_opts *o)
{
	struct path_textbook_rules	r = o->rules;

	r.goal_test = PATH_TB_GOAL_EXPAND;
	r.smaller_g_first = o->scratch_same;
	if (!o->scratch_same)
		r.tie = o->scratch_tie;
	return (r);
}

/* Prints the path and the comparison with A* from scratch. */
static int
inc_outcome(struct inc_narrator *n, struct path_tbdl *t, path_cost cost,
    uint64_t expanded, int hunter, int target)
{
	struct path_textbook_map	 m = path_tbdl_map(t);
	struct path_textbook_rules	 r = inc_scratch_rules(n->o);
	struct path_textbook_result	 res;
	struct path_point		*p;
	size_t				 np = path_tbdl_path(t, &p), i;
	char				 c[32], xy[32];
	struct explain_buf		 line = { 0 };

	path_textbook_search(&m, &r, hunter % n->w, hunter / n->w,
	    target % n->w, target / n->w, NULL, NULL, &res);
	if (n->html != NULL)
		explain_inc_html_path(n->html, p, np);
	if (n->o->csv) {
		printf("%d,%ld,path,,,%s,,,,%llu cell%s taken; A* from scratch "
		    "%llu;", n->event, n->step, inc_cost(n, cost, c),
		    (unsigned long long)expanded, expanded == 1 ? "" : "s",
		    (unsigned long long)res.stats.expansions);
		for (i = 0; i < np; i++)
			printf(" %s", inc_xy(n, p[i].x, p[i].y, xy, true));
		printf("\n");
	} else if (n->step > n->o->steps)
		printf("  ... %ld more cell%s taken (see --steps)\n",
		    n->step - n->o->steps, n->step - n->o->steps == 1 ? "" : "s");
	if (cost == PATH_COST_NONE)
		inc_say(n, true, "  No path from the hunter to the target.\n");
	else {
		explain_buf_add(&line, "  Path, cost %s:", inc_cost(n, cost, c));
		for (i = 0; i < np; i++)
			explain_buf_add(&line, " %s", inc_xy(n, p[i].x, p[i].y,
			    xy, false));
		if (!n->o->csv)
			printf("%s\n", line.buf);
		if (n->html != NULL)
			explain_inc_html_line(n->html, line.buf);
		free(line.buf);
	}
	inc_say(n, true, "  %llu cell%s taken here; A* from scratch (ties: "
	    "%s%s) would take %llu\n  for the same answer.\n\n",
	    (unsigned long long)expanded, expanded == 1 ? "" : "s",
	    n->o->scratch_same ? "[f; g], then " : "",
	    r.tie == PATH_TB_TIE_YX && n->o->scratch_same ? "cell" :
	    path_textbook_tie_name(r.tie),
	    (unsigned long long)res.stats.expansions);
	free(p);
	free(res.path);
	if (res.cost != cost) {
		lab_error("%s found cost %s where A* finds another: a bug",
		    n->o->planner, inc_cost(n, cost, c));
		return (-1);
	}
	return (0);
}

/*
 * Whether walls decide diagonal steps past their corners: diagonal
 * neighbours are tried and the diagonal rule looks at the corners.
 */
static bool
inc_corners_matter(const struct path_textbook_rules *r)
{
	int	i;

	if (r->diagonal != PATH_DIAG_NO_CORNER_CUT &&
	    r->diagonal != PATH_DIAG_ONE_SIDE)
		return (false);
	for (i = 0; i < r->norder; i++) {
		if (r->order[i] % 2 == 1)
			return (true);
	}
	return (false);
}

/* Says what a tile's change does to the steps, before the repair. */
static void
inc_tell_tile(const struct inc_narrator *n, const struct inc_change *ch,
    uint32_t old)
{
	char		 xy[32];
	const char	*corners = inc_corners_matter(&n->o->rules) ?
			    ", and\n  the diagonal steps past its corners" : "";

	inc_xy(n, ch->x, ch->y, xy, false);
	if (ch->cost == 0)
		inc_say(n, true, "  %s becomes a wall: the steps into and out "
		    "of it are gone%s;\n  the cells around it recompute their "
		    "rhs.\n", xy, corners);
	else if (old == 0)
		inc_say(n, true, "  %s opens: the steps into and out of it come "
		    "back%s;\n  the cells around it recompute their rhs.\n", xy,
		    corners);
	else
		inc_say(n, true, "  %s costs %ld to enter now: every step into "
		    "it changes;\n  the cells around it recompute their rhs.\n",
		    xy, ch->cost);
}

/* Says what an event changes, before the algorithm repairs it. */
static void
inc_tell_event(const struct inc_narrator *n, const struct inc_change *ch,
    const char *text, enum path_tbdl_algorithm algo, uint32_t old)
{
	char	xy[32];

	if (n->o->csv) {
		/* The event as typed, its commas turned to colons. */
		printf("%d,0,event,%d,%d,,,,,", n->event, ch->x + n->o->base,
		    ch->y + n->o->base);
		for (; *text != '\0'; text++)
			putchar(*text == ',' ? ':' : *text);
		putchar('\n');
	}
	inc_xy(n, ch->x, ch->y, xy, false);
	inc_say(n, true, "Event %d: %s\n", n->event, text);
	if (ch->kind == INC_TILE)
		inc_tell_tile(n, ch, old);
	else if (ch->kind == INC_TARGET)
		inc_say(n, true, "  the target moves to %s:\n  %s\n", xy, algo ==
		    PATH_TBDL_LPA ? "LPA*'s g values (distances from the "
		    "hunter) stand; its open list is keyed afresh with the "
		    "new heuristic." : algo == PATH_TBDL_MTDSTAR ? "km grows by "
		    "the heuristic distance moved, so old keys stay lower "
		    "bounds." : "D* Lite searches back from the target.");
	else
		inc_say(n, true, "  the hunter moves to %s:\n  %s\n", xy, algo ==
		    PATH_TBDL_DSTAR ? "km grows by the heuristic distance "
		    "moved, so old keys stay lower bounds." : algo ==
		    PATH_TBDL_MTDSTAR ? "the search tree keeps the subtree "
		    "under it and deletes the rest." : "LPA* searches from "
		    "the hunter.");
}

/* Applies one event to the search and the endpoints; returns 0 or -1. */
static int
inc_apply(struct path_tbdl *t, const struct inc_change *ch, int *hunter,
    int *target, int w, const uint32_t *cost, const char *text)
{
	int	cell = ch->y * w + ch->x;

	if (ch->kind == INC_TILE && ch->cost == 0 && (cell == *hunter ||
	    cell == *target)) {
		lab_error("--event \"%s\": the hunter and the target stand on "
		    "open cells", text);
		return (-1);
	}
	if (ch->kind != INC_TILE && cost[cell] == 0) {
		lab_error("--event \"%s\": that cell is a wall", text);
		return (-1);
	}
	if (ch->kind == INC_TILE)
		path_tbdl_set_cost(t, ch->x, ch->y, (uint32_t)ch->cost);
	else if (ch->kind == INC_TARGET) {
		*target = cell;
		path_tbdl_move_target(t, ch->x, ch->y);
	} else {
		*hunter = cell;
		path_tbdl_move_hunter(t, ch->x, ch->y);
	}
	return (0);
}

/* Prints the neighbours, the tie rule and the A* compared with. */
static void
inc_header_rules(const struct explain_opts *o)
{
	const struct path_textbook_rules	*r = &o->rules;
	int					 i;

	printf("Neighbours are tried in the order");
	for (i = 0; i < r->norder; i++)
		printf("%s%s", i ? "," : " ", path_textbook_dir_name(r->order[i]));
	if (r->parity != PATH_TB_PARITY_NONE)
		printf(", reversed on cells whose x+y is %s",
		    path_textbook_parity_name(r->parity));
	printf(".\nTies among equal keys: %s.\n", inc_tie_words(r->tie));
	printf("A* from scratch, the comparison after each search, stops when "
	    "it takes the\ntarget; among equal f it takes ");
	if (o->scratch_same)
		printf("what these keys would: the smaller g first,\nthen %s."
		    "\n\n", inc_tie_words(r->tie));
	else
		printf("the cell its own tie rule,\n%s, says (see "
		    "--tie-break).\n\n", path_textbook_tie_name(o->scratch_tie));
}

/* The algorithm's name in words. */
static const char *
inc_algo_name(enum path_tbdl_algorithm algo)
{
	return (algo == PATH_TBDL_LPA ? "LPA*" : algo == PATH_TBDL_DSTAR ?
	    "D* Lite" : "Moving Target D* Lite (basic)");
}

/* Prints what the walkthrough is about. */
static void
inc_header(const struct inc_narrator *n, const struct path_tilemap *m,
    enum path_tbdl_algorithm algo)
{
	char	a[32], b[32];

	if (n->o->csv) {
		printf("event,step,action,x,y,g,rhs,k1,k2,note\n");
		return;
	}
	printf("%s on %s (%dx%d): the hunter at %s, the target at %s.\n",
	    inc_algo_name(algo), n->o->map, m->width,
	    m->height, inc_xy(n, n->o->sx, n->o->sy, a, false),
	    inc_xy(n, n->o->gx, n->o->gy, b, false));
	printf("It searches from the %s.\ng is a cell's distance from there "
	    "as last computed; rhs looks one step\nahead: the least g of a "
	    "neighbour plus the step between them.  A cell\nwith g = rhs is "
	    "consistent; the open list holds the others, by key\n"
	    "[min(g,rhs) + h + km; min(g,rhs)], h the %s distance to the %s.\n",
	    algo == PATH_TBDL_DSTAR ? "target back to the hunter" :
	    "hunter towards the target", path_textbook_h_name(n->o->rules.heuristic),
	    algo == PATH_TBDL_DSTAR ? "hunter" : "target");
	inc_header_rules(n->o);
}

/* The incremental walkthrough: see the file comment. */
int
explain_incremental(const struct explain_opts *o, const struct path_tilemap *m)
{
	struct inc_narrator		 n = { .o = o, .w = m->width };
	struct inc_change		 ch[EXPLAIN_MAX_EVENTS];
	struct path_textbook_map	 tm = { m->width, m->height, m->cost };
	enum path_tbdl_algorithm	 algo;
	struct path_tbdl		*t;
	path_cost			 cost;
	uint64_t			 expanded;
	int				 i, r, status = 0;
	char				 title[1024];

	if (o->svg != NULL || o->svg_steps != NULL)
		return (lab_usage(explain_usage, "--svg and --svg-steps draw A*; "
		    "an incremental walkthrough has --html"));
	if (o->planner == NULL || path_tbdl_algorithm_parse(o->planner,
	    &algo) != 0)
		return (lab_usage(explain_usage, "--event needs --planner lpa, "
		    "dstar or mtdstar%s", o->planner ? "" : " beside it"));
	for (i = 0; i < o->nevents; i++) {
		if ((r = inc_parse_event(o, m, o->events[i], &ch[i])) != 0)
			return (r);
	}
	inc_header(&n, m, algo);
	n.hunter = o->sy * m->width + o->sx;
	n.target = o->gy * m->width + o->gx;
	if (o->html != NULL) {
		n.html = explain_inc_html_new(m->width, m->height);
		explain_inc_html_begin(n.html, 0, 0, -1);
	}
	inc_say(&n, true, "The first search:\n");
	t = path_tbdl_new(&tm, &o->rules, algo, o->sx, o->sy, o->gx, o->gy,
	    inc_event, &n);
	n.t = t;
	if (n.html != NULL)
		explain_inc_html_state(n.html, t, n.hunter, n.target);
	cost = path_tbdl_plan(t, &expanded);
	if (inc_outcome(&n, t, cost, expanded, n.hunter, n.target) != 0)
		status = LAB_EXIT_BAD_INPUT;
	for (i = 0; i < o->nevents && status == 0; i++) {
		n.event = i + 1;
		n.step = n.listed = 0;
		if (n.html != NULL)
			explain_inc_html_begin(n.html, n.event, 0, ch[i].y *
			    m->width + ch[i].x);
		inc_tell_event(&n, &ch[i], o->events[i], algo,
		    path_tbdl_map(t).cost[ch[i].y * m->width + ch[i].x]);
		if (inc_apply(t, &ch[i], &n.hunter, &n.target, m->width,
		    path_tbdl_map(t).cost, o->events[i]) != 0) {
			status = LAB_EXIT_BAD_INPUT;
			break;
		}
		if (n.html != NULL)
			explain_inc_html_state(n.html, t, n.hunter, n.target);
		cost = path_tbdl_plan(t, &expanded);
		if (inc_outcome(&n, t, cost, expanded, n.hunter, n.target) != 0)
			status = LAB_EXIT_BAD_INPUT;
	}
	if (n.html != NULL && status == 0) {
		snprintf(title, sizeof title, "%s (--planner %s) on %s",
		    inc_algo_name(algo), o->planner, o->map);
		if (explain_inc_html_write(n.html, o->html, title, m, o->base,
		    o->unit, o->events, o->nevents) != 0)
			status = LAB_EXIT_BAD_INPUT;
	}
	explain_inc_html_free(n.html);
	path_tbdl_free(t);
	return (status);
}
