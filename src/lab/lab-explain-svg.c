/*
 * lab-explain-svg.c: the walkthrough's state as an SVG picture.
 *
 * One picture per call: the map with its coordinates, walls, weighted
 * tiles (tinted, their cost written where there is room), S and G, the
 * closed and open cells, the cell taken at this step outlined, parent
 * arrows and the path.  Cells of 40 pixels or more carry f, g and h,
 * each shrunk until it fits; smaller cells carry none.  The legend draws
 * a swatch beside each name (colours are never named in words) and
 * wraps to the picture's width, which is never narrower than the legend
 * needs.  On large maps runs of equal colour on a row become one
 * rectangle, so a 1000x1000 map stays a file a browser opens.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab-explain.h"
#include "lab.h"
#include "xmalloc.h"

#define SVG_MIN_WIDTH	420	/* what the legend needs, in pixels */

static const struct {
	const char	*fill;
	const char	*label;
} svg_keys[] = {
	{ "#2e7d32", "S start" }, { "#c62828", "G goal" },
	{ "#37474f", "wall" }, { "#ffe0b2", "weighted tile" },
	{ "#a5d6a7", "open" }, { "#90caf9", "closed" },
	{ "#ffca28", "path" }, { "#ffffff", "taken this step" },
};

enum svg_key { SVG_START, SVG_GOAL, SVG_WALL, SVG_WEIGHT, SVG_OPEN,
	SVG_CLOSED, SVG_PATH, SVG_TAKEN, SVG_NONE };

/* The picture's geometry. */
struct svg_frame {
	int	size;		/* pixels per cell */
	int	left, top;	/* room for coordinates */
	int	text;		/* cells carry g, h and f */
	int	width;		/* of the picture */
};

/* Which key a cell is drawn with; SVG_NONE for plain floor. */
static enum svg_key
svg_key_of(const struct explain_log *l, const char *onpath, int k)
{
	if (k == l->start)
		return (SVG_START);
	if (k == l->goal)
		return (SVG_GOAL);
	if (l->map->cost[k] == 0)
		return (SVG_WALL);
	if (onpath != NULL && onpath[k])
		return (SVG_PATH);
	if (l->cells[k].state == EXPLAIN_CLOSED)
		return (SVG_CLOSED);
	if (l->cells[k].state == EXPLAIN_OPEN)
		return (SVG_OPEN);
	if (l->map->cost[k] > 1)
		return (SVG_WEIGHT);
	return (SVG_NONE);
}

/* Writes the cells' rectangles, row by row, runs merged on large maps. */
static void
svg_cells(FILE *f, const struct explain_log *l, const struct svg_frame *fr,
    const char *onpath)
{
	int		x, y, x0, w = l->map->width;
	enum svg_key	key;

	for (y = 0; y < l->map->height; y++) {
		for (x = 0; x < w; x = x0) {
			key = svg_key_of(l, onpath, y * w + x);
			for (x0 = x + 1; x0 < w && fr->size < 16; x0++) {
				if (svg_key_of(l, onpath, y * w + x0) != key)
					break;
			}
			if (key == SVG_NONE && fr->size < 16)
				continue;
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"%s\"%s/>\n", fr->left +
			    x * fr->size, fr->top + y * fr->size,
			    (x0 - x) * fr->size, fr->size, key == SVG_NONE ?
			    "#fafafa" : svg_keys[key].fill, fr->size >= 16 ?
			    " stroke=\"#b0bec5\"" : "");
		}
	}
}

/* Writes a number at most `room` pixels wide, shrinking its font. */
static void
svg_number(FILE *f, int x, int y, int font, int room, const char *anchor,
    const char *s)
{
	int	len = (int)strlen(s);

	while (font > 6 && len * font * 6 / 10 > room)
		font--;
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"%s\">"
	    "%s</text>\n", x, y, font, anchor, s);
}

/* Writes the letters, weights, values and parent arrows of the cells. */
static void
svg_marks(FILE *f, const struct explain_log *l, const struct svg_frame *fr)
{
	const struct explain_cell	*c;
	int				 x, y, k, px, py, cx, cy, s = fr->size;
	char				 a[32], b[32], d[32];

	for (y = 0; y < l->map->height && s >= 16; y++) {
		for (x = 0; x < l->map->width; x++) {
			k = y * l->map->width + x;
			c = &l->cells[k];
			cx = fr->left + x * s;
			cy = fr->top + y * s;
			if (k == l->start || k == l->goal)
				fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" "
				    "fill=\"#fff\" font-weight=\"bold\" "
				    "text-anchor=\"end\">%c</text>\n", cx + s - 3,
				    cy + s / 3 + 1, s / 3, k == l->start ? 'S' : 'G');
			if (l->map->cost[k] > 1) {
				snprintf(a, sizeof a, "x%u", l->map->cost[k]);
				svg_number(f, cx + s - 2, cy + s * 3 / 5, s / 4,
				    s / 2, "end", a);
			}
			if (c->state == EXPLAIN_UNSEEN)
				continue;
			if (c->parent != k) {
				px = c->parent % l->map->width - x;
				py = c->parent / l->map->width - y;
				fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
				    "y2=\"%d\" stroke=\"#546e7a\" "
				    "marker-end=\"url(#arrow)\"/>\n", cx + s / 2,
				    cy + s / 2, cx + s / 2 + px * s / (px && py ?
				    5 : 4), cy + s / 2 + py * s / (px && py ? 5 :
				    4));
			}
			if (!fr->text)
				continue;
			svg_number(f, cx + 3, cy + s / 3 + 2, s / 4, s / 2, "start",
			    explain_cost(l, c->g + c->h, a));
			svg_number(f, cx + 3, cy + s - 4, s / 5, s / 2 - 4,
			    "start", explain_cost(l, c->g, b));
			svg_number(f, cx + s - 3, cy + s - 4, s / 5, s / 2 - 4,
			    "end", explain_cost(l, c->h, d));
		}
	}
}

/* Writes the coordinates along the top and the left. */
static void
svg_coordinates(FILE *f, const struct explain_log *l,
    const struct svg_frame *fr)
{
	int	i, every = fr->size >= 16 ? 1 : (40 + fr->size - 1) / fr->size;

	for (i = 0; i < l->map->width; i += every)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" "
		    "text-anchor=\"middle\">%d</text>\n", fr->left + i * fr->size +
		    fr->size / 2, fr->top - 4, i + l->base);
	for (i = 0; i < l->map->height; i += every)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" "
		    "text-anchor=\"end\">%d</text>\n", fr->left - 3, fr->top +
		    i * fr->size + fr->size / 2 + 4, i + l->base);
}

/* Writes the legend under the map, wrapping at the picture's width. */
static int
svg_legend(FILE *f, const struct svg_frame *fr, int y, long step)
{
	size_t	i;
	int	x = 4, w;

	if (step >= 0)
		fprintf(f, "<text x=\"4\" y=\"%d\" font-size=\"12\">step %ld"
		    "</text>\n", y + 12, step);
	if (step >= 0)
		x = 70;
	for (i = 0; i < sizeof svg_keys / sizeof svg_keys[0]; i++) {
		w = 22 + 7 * (int)strlen(svg_keys[i].label) + 12;
		if (x + w > fr->width) {
			x = 4;
			y += 18;
		}
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" "
		    "fill=\"%s\" stroke=\"%s\"/><text x=\"%d\" y=\"%d\" "
		    "font-size=\"12\">%s</text>\n", x, y + 1, svg_keys[i].fill,
		    i == SVG_TAKEN ? "#e65100" : "#78909c", x + 18, y + 12,
		    svg_keys[i].label);
		x += w;
	}
	y += 18;
	if (fr->text)
		fprintf(f, "<text x=\"4\" y=\"%d\" font-size=\"12\">in a cell: "
		    "f top left, g bottom left, h bottom right; arrows point "
		    "to the parent</text>\n", y + 12);
	return (y + 18);
}

/* Draws the log's state: see lab-explain.h. */
int
explain_svg_write(const char *file, struct explain_log *l,
    const struct path_point *path, size_t npath,
    const struct explain_step *step)
{
	struct svg_frame	 fr;
	FILE			*f;
	char			*onpath = NULL;
	size_t			 i;
	int			 w = l->map->width, h = l->map->height, bottom;

	if ((f = fopen(file, "w")) == NULL) {
		lab_error("%s: cannot write the drawing", file);
		return (-1);
	}
	fr.size = 800 / (w > h ? w : h);
	fr.size = fr.size > 64 ? 64 : fr.size < 1 ? 1 : fr.size;
	fr.text = fr.size >= 40;
	fr.left = 34;
	fr.top = 18;
	fr.width = fr.left + w * fr.size + 4;
	if (fr.width < SVG_MIN_WIDTH)
		fr.width = SVG_MIN_WIDTH;
	if (npath > 0) {
		onpath = xcalloc((size_t)w * h, 1);
		for (i = 0; i < npath; i++)
			onpath[path[i].y * w + path[i].x] = 1;
	}
	bottom = fr.top + h * fr.size + 8;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" font-family=\"sans-serif\">\n<defs><marker "
	    "id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
	    "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path "
	    "d=\"M0,0 L10,5 L0,10 z\" fill=\"#546e7a\"/></marker></defs>\n",
	    fr.width, bottom + (fr.text ? 72 : 54));
	svg_coordinates(f, l, &fr);
	svg_cells(f, l, &fr, onpath);
	if (step != NULL && step->step > 0)
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		    "fill=\"none\" stroke=\"#e65100\" stroke-width=\"%d\"/>\n",
		    fr.left + step->cell % w * fr.size, fr.top + step->cell / w *
		    fr.size, fr.size, fr.size, fr.size >= 16 ? 3 : 1);
	svg_marks(f, l, &fr);
	svg_legend(f, &fr, bottom, step != NULL ? step->step : -1);
	fprintf(f, "</svg>\n");
	free(onpath);
	if (fclose(f) != 0) {
		lab_error("%s: cannot write the drawing", file);
		return (-1);
	}
	return (0);
}
