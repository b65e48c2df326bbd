/*
 * lab-explain-text.c: the walkthrough as prose and as CSV rows.
 *
 * Both print a step from the log as it finishes.  The prose names each
 * neighbour in the order the search looked at it (added, improved or
 * rejected, with the reason), then the open and closed lists as the
 * conventions print them; the CSV gives the same facts one row per step,
 * for a spreadsheet or a test: step,x,y,g,h,f,added,improved,rejected,
 * open,closed with cells as x:y separated by spaces and rejected ones as
 * x:y:reason.  Lists are sorted only for the steps shown.
 */
#include <stdio.h>

#include "lab-explain.h"

/* Prints the open list after a step; stale entries say so. */
static void
explain_text_open(const struct explain_text *t, struct explain_log *l)
{
	const struct explain_entry	*e;
	size_t				 n = explain_open_list(l, &e), i, shown;
	char				 xy[32], f[32], g[32], h[32];

	shown = t->list_max > 0 && n > (size_t)t->list_max ?
	    (size_t)t->list_max : n;
	fprintf(t->out, "  open:  ");
	if (n == 0)
		fprintf(t->out, " (empty)");
	for (i = 0; i < shown; i++) {
		fprintf(t->out, "%s %s f=%s g=%s h=%s%s", i ? " |" : "",
		    explain_xy(l, e[i].cell, xy), explain_cost(l, e[i].g +
		    e[i].h, f), explain_cost(l, e[i].g, g), explain_cost(l,
		    e[i].h, h), e[i].stale ? " (stale)" : "");
	}
	if (shown < n)
		fprintf(t->out, " | ... and %zu more", n - shown);
	fprintf(t->out, "\n");
}

/* Prints the closed list after a step: its last entries when long. */
static void
explain_text_closed(const struct explain_text *t, const struct explain_log *l)
{
	size_t	shown = l->nclosed, i;
	char	xy[32];

	if (t->list_max > 0 && shown > (size_t)t->list_max)
		shown = (size_t)t->list_max;
	fprintf(t->out, "  %s", l->rules.duplicates == PATH_TB_DUP_KEEP ?
	    "expanded:" : "closed:");
	if (l->nclosed == 0)
		fprintf(t->out, " (empty)");
	if (shown < l->nclosed)
		fprintf(t->out, " ... %zu earlier,", l->nclosed - shown);
	for (i = l->nclosed - shown; i < l->nclosed; i++)
		fprintf(t->out, " %s", explain_xy(l, l->closed[i], xy));
	fprintf(t->out, "\n\n");
}

/* Narrates one neighbour the step looked at. */
static void
explain_text_item(const struct explain_text *t, const struct explain_log *l,
    const struct explain_step *s, const struct explain_item *it, int kind)
{
	char	xy[32], pxy[32], g[32], h[32], f[32], old[32];

	explain_xy(l, it->cell, xy);
	explain_xy(l, s->cell, pxy);
	explain_cost(l, it->g, g);
	explain_cost(l, it->h, h);
	explain_cost(l, it->g + it->h, f);
	explain_cost(l, it->old_g, old);
	if (kind == 0) {
		fprintf(t->out, "  add     %s g=%s h=%s f=%s, parent %s\n", xy,
		    g, h, f, pxy);
		return;
	}
	if (kind == 1) {
		fprintf(t->out, "  improve %s g=%s (was %s) h=%s f=%s, parent "
		    "now %s%s\n", xy, g, old, h, f, pxy, l->rules.duplicates ==
		    PATH_TB_DUP_KEEP ? ", pushed again" : "");
		return;
	}
	fprintf(t->out, "  reject  %s: ", xy);
	switch (it->reason) {
	case PATH_TB_WALL:
		fprintf(t->out, "a wall\n");
		break;
	case PATH_TB_CORNER:
		fprintf(t->out, "the diagonal step would cut a wall's corner\n");
		break;
	case PATH_TB_IS_START:
		fprintf(t->out, "the start, which never goes back on the open "
		    "list\n");
		break;
	case PATH_TB_CLOSED:
		fprintf(t->out, "closed\n");
		break;
	case PATH_TB_NOT_BETTER:
		fprintf(t->out, "not better: g via %s would be %s, it has %s\n",
		    pxy, g, old);
		break;
	}
}

/* Narrates the neighbours in the order they were looked at. */
static void
explain_text_items(const struct explain_text *t, const struct explain_log *l,
    const struct explain_step *s)
{
	const struct explain_items	*lists[3] = { &s->added, &s->improved,
					    &s->rejected };
	size_t				 at[3] = { 0, 0, 0 };
	int				 k, best;

	for (;;) {
		best = -1;
		for (k = 0; k < 3; k++) {
			if (at[k] < lists[k]->n && (best < 0 ||
			    lists[k]->v[at[k]].nth < lists[best]->v[at[best]].nth))
				best = k;
		}
		if (best < 0)
			return;
		explain_text_item(t, l, s, &lists[best]->v[at[best]++], best);
	}
}

/* The narration's writer: see lab-explain.h. */
void
explain_text_step(void *ctx, struct explain_log *l,
    const struct explain_step *s)
{
	const struct explain_text	*t = ctx;
	char				 xy[32], g[32], h[32], f[32];
	char				 old[32], cb[32];

	if (s->step > t->max_steps)
		return;
	explain_xy(l, s->cell, xy);
	explain_cost(l, s->g, g);
	explain_cost(l, s->h, h);
	explain_cost(l, s->g + s->h, f);
	if (s->step == 0) {
		fprintf(t->out, "Start: %s g=%s h=%s f=%s goes on the open "
		    "list.\n\n", xy, g, h, f);
		return;
	}
	if (s->stale) {
		fprintf(t->out, "Step %ld: take %s from the open list: a stale "
		    "entry (f=%s, pushed when its g was %s); its g is now %s, "
		    "so it is expanded again with g=%s h=%s f=%s.\n", s->step,
		    xy, explain_cost(l, s->entry_g + s->h, old), explain_cost(l,
		    s->entry_g, cb), g, g, h, f);
	} else {
		fprintf(t->out, "Step %ld: take %s from the open list (g=%s h=%s "
		    "f=%s, the lowest f) and %s.\n", s->step, xy, g, h, f,
		    l->rules.duplicates == PATH_TB_DUP_KEEP ? "expand it" :
		    s->cell == l->start && !l->rules.close_start ?
		    "do not list it as closed (it is the start)" : "close it");
	}
	explain_text_items(t, l, s);
	if (s->goal && s->cell == l->goal)
		fprintf(t->out, "  %s is the goal: the search stops.\n", xy);
	else if (s->goal)
		fprintf(t->out, "  %s is the goal and has just gone on the open "
		    "list: the search stops there\n  and the goal is listed as "
		    "closed.\n", explain_xy(l, l->goal, xy));
	explain_text_open(t, l);
	explain_text_closed(t, l);
}

/* Prints a CSV list of cells, x:y separated by spaces. */
static void
explain_csv_cells(FILE *out, const struct explain_log *l, const int *cells,
    size_t n)
{
	size_t	i;
	char	xy[32];

	for (i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? " " : "", explain_xy_sep(l, cells[i],
		    ':', xy));
}

/* Prints the open list's entries' cells, x:y separated by spaces. */
static void
explain_csv_entries(FILE *out, const struct explain_log *l,
    const struct explain_entry *e, size_t n)
{
	size_t	i;
	char	xy[32];

	for (i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? " " : "", explain_xy_sep(l, e[i].cell,
		    ':', xy));
}

/* Prints a step's items as a CSV field, with reasons when asked. */
static void
explain_csv_items(FILE *out, const struct explain_log *l,
    const struct explain_items *it, int reasons)
{
	size_t	i;
	char	xy[32];

	for (i = 0; i < it->n; i++) {
		fprintf(out, "%s%s", i ? " " : "", explain_xy_sep(l,
		    it->v[i].cell, ':', xy));
		if (reasons)
			fprintf(out, ":%s",
			    path_textbook_reason_name(it->v[i].reason));
	}
}

/* Prints the CSV header: see lab-explain.h. */
void
explain_csv_header(FILE *out)
{
	fprintf(out, "step,x,y,g,h,f,added,improved,rejected,open,closed\n");
}

/* The CSV writer: see lab-explain.h. */
void
explain_csv_step(void *ctx, struct explain_log *l,
    const struct explain_step *s)
{
	const struct explain_text	*t = ctx;
	const struct explain_entry	*e;
	size_t				 n;
	char				 g[32], h[32], f[32];

	if (s->step > t->max_steps)
		return;
	fprintf(t->out, "%ld,%d,%d,%s,%s,%s,", s->step,
	    s->cell % l->map->width + l->base, s->cell / l->map->width +
	    l->base, explain_cost(l, s->g, g), explain_cost(l, s->h, h),
	    explain_cost(l, s->g + s->h, f));
	explain_csv_items(t->out, l, &s->added, 0);
	fputc(',', t->out);
	explain_csv_items(t->out, l, &s->improved, 0);
	fputc(',', t->out);
	explain_csv_items(t->out, l, &s->rejected, 1);
	fputc(',', t->out);
	n = explain_open_list(l, &e);
	explain_csv_entries(t->out, l, e, n);
	fputc(',', t->out);
	explain_csv_cells(t->out, l, l->closed, l->nclosed);
	fputc('\n', t->out);
}
