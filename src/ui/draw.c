/*
 * draw.c: painting the terminal from the game.
 *
 * The screen, top to bottom: a title line, the last three messages, the
 * map (with the AI panel on its right when it is shown) and a status
 * line.  The map is a window onto the level that follows the player:
 * centred on it, but never showing more outside the level than it must.
 *
 * Each map cell is worked out in a small buffer first (glyph, colour,
 * background, attributes), so the overlays can paint over the terrain
 * before anything reaches curses, and curses then sends only what
 * changed.  Colours come from the data files; where the terminal has
 * none (or NO_COLOR is set) the same things are told apart with
 * attributes and characters: remembered cells dim.  The overlays never
 * rely on colour alone (for players who cannot tell colours apart):
 * search cells are ':' and '+', heat digits, a replanned path 'x'.  A
 * path's marks replace bare floor only; an item, caltrops, a door or
 * stairs on the way keep their glyphs, underlined.
 *
 * Text longer than the screen is wide is wrapped at word boundaries
 * (wrap.c) on every screen: the message lines (which grow over the map
 * while a cursor's words need more than three), --More--, help (in
 * pages when it does not fit), the character screen, the history.
 *
 * The painter decides nothing about play: it paints the state it is
 * given (draw.h) and asks only the terminal (terminal.h) for colours
 * and size, so the loops above it may call it and it never calls them.
 */
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "savefile.h"
#include "scores.h"
#include "terminal.h"
#include "ui-internal.h"
#include "wrap.h"

#define DRAW_PANEL_COLS	31	/* the AI panel, beside the map */
#define DRAW_WRAP_MAX	64	/* lines of one paragraph painted at most */
#define DRAW_LOOK_ROWS	8	/* message rows a cursor's words may take */
#define DRAW_MORE	" --More--"

struct draw_cell {
	const char		*glyph;
	int			 bullet;	/* ACS_BULLET, not the glyph */
	enum colour		 fg;
	enum terminal_bg	 bg;
	attr_t			 attr;
};

/* The map's window onto the level, worked out for each screen drawn. */
struct draw_window {
	int	x, y;		/* level cell at its top left */
	int	w, h;		/* cells shown */
};

static const char *const draw_overlay_names[OVERLAYS] = {
	"", "paths", "search", "heat"
};

/* Writes a string clipped to the screen's width. */
static void
draw_text(int y, int x, attr_t attr, const char *s)
{
	int	n = COLS - x;

	if (y < 0 || y >= LINES || n <= 0)
		return;
	attrset(attr);
	mvaddnstr(y, x, s, n);
	attrset(A_NORMAL);
}

/* printf onto the screen, clipped. */
static void
draw_printf(int y, int x, attr_t attr, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void
draw_printf(int y, int x, attr_t attr, const char *fmt, ...)
{
	char	buf[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	draw_text(y, x, attr, buf);
}

/*
 * Writes text wrapped at word boundaries (wrap.h) into the columns from
 * x, width wide, on the rows from y to last at most (a row above 1, the
 * title's, is counted and left as it is, so a paragraph can start above
 * the top and show its end); returns the row after the last one written
 * (y for "").
 */
static int
draw_wrapped(int y, int last, int x, int width, attr_t attr,
    const char *text)
{
	struct wrap_line	l[DRAW_WRAP_MAX];
	int			n = wrap_text(text, width, l, DRAW_WRAP_MAX), i;

	attrset(attr);
	for (i = 0; i < n && i < DRAW_WRAP_MAX && y <= last; i++, y++) {
		if (y >= 1 && y < LINES && x < COLS)
			mvaddnstr(y, x, text + l[i].start, (int)l[i].len);
	}
	attrset(A_NORMAL);
	return (y);
}

/* The rows text takes wrapped at width. */
static int
draw_rows(const char *text, int width)
{
	return (wrap_text(text, width, NULL, 0));
}

/* The map window's origin on one axis: see the top of the file. */
static int
draw_origin(int player, int level, int shown)
{
	int	o;

	if (level <= shown)
		return (-(shown - level) / 2);
	o = player - shown / 2;
	if (o < 0)
		o = 0;
	if (o > level - shown)
		o = level - shown;
	return (o);
}

/* A heat value's background (colour) or digit (monochrome). */
static enum terminal_bg
draw_heat_bg(unsigned heat, unsigned max)
{
	unsigned	q = max > 0 ? 4 * heat / (max + 1) : 0;

	return (q == 0 ? BG_BLUE : q == 1 ? BG_CYAN : q == 2 ? BG_YELLOW :
	    BG_RED);
}

/* A cell as the screen shows it: see draw.h. */
void
draw_cell_shown(const struct ui *ui, int x, int y, struct game_cell *c)
{
	if (ui->reveal)
		game_cell_revealed(ui->g, x, y, c);
	else
		game_cell(ui->g, x, y, c);
}

/* Works out one map cell before any overlay. */
static void
draw_base_cell(const struct ui *ui, int x, int y, struct draw_cell *dc)
{
	struct game_cell		 c;
	struct game_monster_info	 mi;

	dc->glyph = " ";
	dc->fg = COLOUR_DEFAULT;
	dc->bg = BG_NONE;
	dc->attr = A_NORMAL;
	draw_cell_shown(ui, x, y, &c);
	if (c.player) {
		dc->glyph = "@";
		dc->fg = COLOUR_WHITE;
		dc->attr = A_BOLD;
	} else if (c.monster >= 0 &&
	    game_monster_info(ui->g, c.monster, &mi) == 0) {
		dc->glyph = mi.glyph;
		dc->fg = mi.colour;
		dc->attr = mi.bright || !ui->caps.colour ? A_BOLD : A_NORMAL;
	} else if (c.item_glyph != NULL && c.visible) {
		dc->glyph = c.item_glyph;
		dc->fg = c.item_colour;
		dc->attr = c.item_bright || !ui->caps.colour ? A_BOLD :
		    A_NORMAL;
	} else if (c.visible) {
		dc->glyph = c.glyph;
		dc->fg = c.colour;
		dc->attr = c.bright ? A_BOLD : A_NORMAL;
	} else if (c.item_glyph != NULL && c.seen) {
		dc->glyph = c.item_glyph;
		dc->fg = ui->caps.colour ? COLOUR_BLUE : COLOUR_DEFAULT;
		dc->attr = A_DIM;
	} else if (c.seen) {
		dc->glyph = c.glyph;
		dc->fg = ui->caps.colour ? COLOUR_BLUE : COLOUR_DEFAULT;
		dc->attr = A_DIM;
	}
}

/*
 * Paints the watched monster's last search, or the heat, over a cell: a
 * background colour and, on bare terrain, a mark (':' closed, '+' open,
 * a digit for heat), so the overlay reads without telling colours apart;
 * the player, monsters and items keep their glyphs where there are
 * colours (without them everything but the player takes the mark).
 */
static void
draw_search_cell(const struct ui *ui, int x, int y, struct draw_cell *dc)
{
	static const char *const digits[] = {
		"1", "2", "3", "4", "5", "6", "7", "8", "9"
	};
	enum game_search_cell	s;
	struct game_cell	c;
	unsigned		heat, max;
	int			mark;

	draw_cell_shown(ui, x, y, &c);
	mark = ui->caps.colour ? dc->glyph == c.glyph :
	    strcmp(dc->glyph, "@") != 0;
	if (ui->overlay == OVERLAY_SEARCH) {
		s = game_watch_search(ui->g, x, y);
		if (s == GAME_SEARCH_NONE)
			return;
		dc->bg = s == GAME_SEARCH_CLOSED ? BG_BLUE : BG_GREEN;
		if (mark)
			dc->glyph = s == GAME_SEARCH_CLOSED ? ":" : "+";
		if (dc->fg == COLOUR_BLUE)
			dc->fg = COLOUR_WHITE;
	} else if (ui->overlay == OVERLAY_HEAT) {
		heat = game_watch_heat(ui->g, x, y);
		if (heat == 0)
			return;
		max = game_watch_heat_max(ui->g);
		dc->bg = draw_heat_bg(heat, max);
		if (mark)
			dc->glyph = digits[max > 0 ? 8 * (heat - 1) / max : 0];
		dc->fg = COLOUR_BLACK;
	}
}

/* The buffer's cell of level cell x,y, or NULL outside the window. */
static struct draw_cell *
draw_at(const struct draw_window *w, struct draw_cell *buf, int x, int y)
{
	int	sx = x - w->x, sy = y - w->y;

	if (sx < 0 || sy < 0 || sx >= w->w || sy >= w->h)
		return (NULL);
	return (&buf[sy * w->w + sx]);
}

/*
 * Marks a cell of a path or a route: over bare floor, or a cell never
 * seen, the mark replaces what is drawn; anything else (an item,
 * caltrops, a door, water, stairs) keeps its glyph and colour and is
 * underlined (and reversed for a replan), so no overlay hides what lies
 * on the way.
 */
static void
draw_path_mark(const struct ui *ui, int x, int y, struct draw_cell *dc,
    const struct draw_cell *mark)
{
	struct game_cell	c;

	draw_cell_shown(ui, x, y, &c);
	if (c.item_glyph == NULL && (!(c.visible || c.seen) ||
	    game_cell_floor(ui->g, x, y, ui->reveal))) {
		dc->glyph = mark->glyph;
		dc->bullet = mark->bullet;
		dc->fg = mark->fg;
		dc->attr = mark->attr;
		return;
	}
	dc->attr |= A_UNDERLINE | (mark->attr & A_REVERSE);
}

/* Paints the monsters' paths (or the watched one's) over the buffer. */
static void
draw_paths(const struct ui *ui, const struct draw_window *w,
    struct draw_cell *buf)
{
	struct game_monster_info	 mi;
	struct game_cell		 c;
	const struct path_point		*p;
	struct draw_cell		*dc, mark;
	int				 i, k;

	for (i = 0; i < ui->npaths; i++) {
		if (game_monster_info(ui->g, i, &mi) != 0 || !mi.alive)
			continue;
		game_cell(ui->g, mi.x, mi.y, &c);
		if (i != ui->watched && (ui->overlay != OVERLAY_PATHS ||
		    (!c.visible && !ui->reveal)))
			continue;
		p = &ui->paths[(size_t)i * UI_PATH_MAX];
		for (k = 1; k < ui->plen[i]; k++) {
			if ((dc = draw_at(w, buf, p[k].x, p[k].y)) == NULL ||
			    strcmp(dc->glyph, "@") == 0)
				continue;
			if (game_monster_at(ui->g, p[k].x, p[k].y) >= 0)
				continue;
			/*
			 * A replanned path shows as x marks for a turn: not
			 * stars, which a cave-in is drawn with.
			 */
			mark.glyph = ui->changed[i] ? "x" : "\xc2\xb7";
			mark.bullet = !ui->changed[i] && !ui->caps.utf8;
			mark.fg = mi.colour;
			mark.attr = ui->changed[i] ? A_BOLD | A_REVERSE :
			    A_BOLD;
			draw_path_mark(ui, p[k].x, p[k].y, dc, &mark);
		}
	}
}

/*
 * Paints the player's own route over the buffer: to the travel cursor
 * while one is chosen, else where exploring (X) would go.  Its mark is a
 * symbol of its own (a white bullet, or a backquote without UTF-8), not
 * a colour alone.
 */
static void
draw_route(const struct ui *ui, const struct draw_window *w,
    struct draw_cell *buf)
{
	struct path_point	 route[UI_PATH_MAX];
	struct draw_cell	*dc, mark = {
		.glyph = ui->caps.utf8 ? "\xe2\x97\xa6" : "`",
		.fg = COLOUR_DEFAULT,
		.attr = A_BOLD,
	};
	size_t			 n, k;

	n = game_player_route(ui->g, ui->mode == MODE_TRAVEL ? ui->cx : -1,
	    ui->cy, route, UI_PATH_MAX);
	if (n > UI_PATH_MAX)
		n = UI_PATH_MAX;
	for (k = 1; k < n; k++) {
		if ((dc = draw_at(w, buf, route[k].x, route[k].y)) == NULL ||
		    game_monster_at(ui->g, route[k].x, route[k].y) >= 0)
			continue;
		draw_path_mark(ui, route[k].x, route[k].y, dc, &mark);
	}
}

/* The map window, with the overlays and the look cursor. */
static void
draw_map(const struct ui *ui, int top)
{
	struct game_info	 gi;
	struct game_monster_info mi;
	struct game_cell	 c;
	struct draw_window	 w;
	struct draw_cell	*buf, *dc;
	int			 sx, sy, x, y, cursor;

	game_info(ui->g, &gi);
	w.w = COLS - (ui->panel ? DRAW_PANEL_COLS : 0);
	w.h = LINES - top - 1;
	if (w.w < 1 || w.h < 1)
		return;
	cursor = ui->mode == MODE_LOOK || ui->mode == MODE_TRAVEL;
	w.x = draw_origin(cursor ? ui->cx : gi.px, gi.width, w.w);
	w.y = draw_origin(cursor ? ui->cy : gi.py, gi.height, w.h);
	buf = calloc((size_t)w.w * w.h, sizeof *buf);
	if (buf == NULL)
		return;
	for (sy = 0; sy < w.h; sy++) {
		for (sx = 0; sx < w.w; sx++) {
			dc = &buf[sy * w.w + sx];
			x = w.x + sx;
			y = w.y + sy;
			if (x < 0 || y < 0 || x >= gi.width || y >= gi.height) {
				dc->glyph = " ";
				dc->fg = COLOUR_DEFAULT;
				continue;
			}
			draw_base_cell(ui, x, y, dc);
			if (ui->overlay == OVERLAY_SEARCH ||
			    ui->overlay == OVERLAY_HEAT)
				draw_search_cell(ui, x, y, dc);
		}
	}
	/* The monsters' paths go over the player's route where they meet. */
	if (ui->overlay == OVERLAY_PATHS || ui->mode == MODE_TRAVEL)
		draw_route(ui, &w, buf);
	if (ui->overlay != OVERLAY_OFF)
		draw_paths(ui, &w, buf);
	/* In step mode, the monster that just acted stands out, if shown. */
	if (ui->actor >= 0 && game_monster_info(ui->g, ui->actor, &mi) == 0 &&
	    mi.alive && (dc = draw_at(&w, buf, mi.x, mi.y)) != NULL) {
		draw_cell_shown(ui, mi.x, mi.y, &c);
		if (c.monster == ui->actor)
			dc->attr |= A_REVERSE;
	}
	for (sy = 0; sy < w.h; sy++) {
		move(top + sy, 0);
		for (sx = 0; sx < w.w; sx++) {
			dc = &buf[sy * w.w + sx];
			x = w.x + sx;
			y = w.y + sy;
			attrset(terminal_colour(&ui->caps, dc->fg, dc->bg) |
			    dc->attr | (cursor && x == ui->cx && y == ui->cy ?
			    A_REVERSE : A_NORMAL));
			if (dc->bullet)
				addch(ACS_BULLET);
			else
				addstr(dc->glyph);
		}
	}
	attrset(A_NORMAL);
	free(buf);
}

/* The title line. */
static void
draw_title(const struct ui *ui)
{
	struct game_info	gi;
	char			help[64], right[96];

	game_info(ui->g, &gi);
	move(0, 0);
	clrtoeol();
	draw_printf(0, 0, A_BOLD, "astray: %s", gi.level_name);
	snprintf(right, sizeof right, "%s%s%s? help",
	    ui->overlay != OVERLAY_OFF ? "overlay: " : "",
	    draw_overlay_names[ui->overlay],
	    ui->overlay != OVERLAY_OFF ? "  " : "");
	keymap_keys_of(&ui->km, CMD_HELP, help, sizeof help);
	if (strcmp(help, "?") != 0 && help[0] != '\0')
		snprintf(right + strlen(right) - 6, sizeof right -
		    strlen(right) + 6, "%s help", help);
	draw_text(0, COLS - (int)strlen(right) - 1 > 0 ?
	    COLS - (int)strlen(right) - 1 : 0, A_NORMAL, right);
}

/* The rows a line of the message area takes at the screen's width. */
static int
draw_line_rows(const char *text)
{
	return (draw_rows(text, COLS));
}

/* The rows under the title the messages take: see draw.h. */
int
draw_message_rows(const struct ui *ui)
{
	int	rows = UI_TOP_LINES - 1, need, most = DRAW_LOOK_ROWS;

	if (ui->mode != MODE_LOOK && ui->mode != MODE_TRAVEL)
		return (rows);
	need = draw_line_rows(ui->prompt) + draw_line_rows(ui->note) +
	    draw_line_rows(ui->look[0]) + draw_line_rows(ui->look[1]);
	/* The map keeps most of a small screen. */
	if (most > (LINES - 2) / 3)
		most = (LINES - 2) / 3;
	if (need > most)
		need = most;
	return (need > rows ? need : rows);
}

/* The rows left for the log under the prompt and the note, in play. */
static int
draw_log_rows(const struct ui *ui)
{
	int	rows = UI_TOP_LINES - 1 - draw_line_rows(ui->prompt) -
	    draw_line_rows(ui->note);

	return (rows > 0 ? rows : 0);
}

/*
 * The rows message m (counted from the game's first) takes, and in
 * *last_len (if not NULL) the length of its last line; 0 if the log no
 * longer keeps it.
 */
static int
draw_message_size(const struct ui *ui, long m, int *last_len)
{
	struct wrap_line	 l[DRAW_WRAP_MAX];
	long			 total = game_message_total(ui->g), turn;
	const char		*text;
	int			 n;

	if (last_len != NULL)
		*last_len = 0;
	if (m < 0 || m >= total || (text = game_message_text(ui->g,
	    (int)(total - 1 - m), &turn)) == NULL)
		return (0);
	n = wrap_text(text, COLS, l, DRAW_WRAP_MAX);
	if (last_len != NULL && n > 0 && n <= DRAW_WRAP_MAX)
		*last_len = (int)l[n - 1].len;
	return (n);
}

/* Whether the messages not yet shown fit under the prompt: see draw.h. */
int
draw_unseen_fit(const struct ui *ui)
{
	long	total = game_message_total(ui->g), m;
	int	used = 0, rows = draw_log_rows(ui);

	for (m = ui->more_from; m < total; m++) {
		if ((used += draw_message_size(ui, m, NULL)) > rows)
			return (0);
	}
	return (1);
}

/* The messages one --More-- screen shows: see draw.h. */
int
draw_more_count(const struct ui *ui)
{
	long	total = game_message_total(ui->g), m;
	int	used = 0, n = 0, r, len, prompt;

	for (m = ui->more_from; m < total; m++) {
		r = draw_message_size(ui, m, &len);
		/* The prompt ends the last line, or takes a line of its own. */
		prompt = len + (int)strlen(DRAW_MORE) > COLS;
		if (used + r + prompt > UI_TOP_LINES - 1)
			break;
		used += r;
		n++;
	}
	return (n > 0 ? n : 1);
}

/*
 * --More--: the messages from the first the player has not been shown,
 * as many as the lines hold whole (draw_more_count()), the prompt after
 * the last.
 */
static void
draw_more(const struct ui *ui)
{
	struct wrap_line	 l[DRAW_WRAP_MAX];
	const char		*m;
	long			 total = game_message_total(ui->g), k, turn;
	long			 end = ui->more_from + draw_more_count(ui);
	int			 row = 1, x = 0, n, i;
	const int		 last = UI_TOP_LINES - 1;

	for (k = ui->more_from; k < total && k < end; k++) {
		if ((m = game_message_text(ui->g, (int)(total - 1 - k),
		    &turn)) == NULL)
			continue;
		n = wrap_text(m, COLS, l, DRAW_WRAP_MAX);
		for (i = 0; i < n && i < DRAW_WRAP_MAX && row <= last; i++) {
			mvaddnstr(row++, 0, m + l[i].start, (int)l[i].len);
			x = (int)l[i].len;
		}
	}
	if (row == 1)
		return;
	if (x + (int)strlen(DRAW_MORE) <= COLS)
		row--;
	else if (row > last) {
		row = last;
		x = COLS - (int)strlen(DRAW_MORE);
	} else
		x = -1;
	draw_text(row, x + 1, A_BOLD | A_REVERSE, DRAW_MORE + 1);
}

/*
 * The log on rows row to last: the newest messages that fit whole, newest
 * last so it reads downwards (the newest alone, cut, if even it does
 * not fit); those of earlier turns dim.
 */
static void
draw_log(const struct ui *ui, int row, int last)
{
	struct game_info	 gi;
	const char		*m;
	long			 turn;
	int			 k, used = 0, r;

	game_info(ui->g, &gi);
	for (k = 0; (m = game_message_text(ui->g, k, &turn)) != NULL; k++) {
		r = draw_line_rows(m);
		if (used + r > last - row + 1)
			break;
		used += r;
	}
	if (k == 0)
		k = 1;
	while (--k >= 0) {
		if ((m = game_message_text(ui->g, k, &turn)) != NULL)
			row = draw_wrapped(row, last, 0, COLS, turn >= gi.turn ?
			    A_NORMAL : A_DIM, m);
	}
}

/*
 * The message lines, rows 1 to rows: --More--, or a prompt and the note,
 * then what a cursor is on (look, travel) or the log.
 */
static void
draw_messages(const struct ui *ui, int rows)
{
	int	row;

	for (row = 1; row <= rows; row++) {
		move(row, 0);
		clrtoeol();
	}
	if (ui->more) {
		draw_more(ui);
		return;
	}
	row = draw_wrapped(1, rows, 0, COLS, A_BOLD, ui->prompt);
	row = draw_wrapped(row, rows, 0, COLS, A_BOLD, ui->note);
	if (ui->mode == MODE_LOOK || ui->mode == MODE_TRAVEL) {
		row = draw_wrapped(row, rows, 0, COLS, A_BOLD, ui->look[0]);
		draw_wrapped(row, rows, 0, COLS, A_NORMAL, ui->look[1]);
		return;
	}
	if (row <= rows)
		draw_log(ui, row, rows);
}

/*
 * Where the player is, as the status line (status: "Depth 2/5", "Level
 * 1/5 (depth 2)", "Depth 2") or a sentence ("depth 2 of 5", "level 1 of
 * 5 (depth 2)", "depth 2") says it: a generated game counts depths, a
 * campaign its levels, a dungeon file has one.
 */
static void
draw_where(const struct game_info *gi, int status, char *buf, size_t n)
{
	if (gi->depths > 0)
		snprintf(buf, n, status ? "  Depth %d/%d" : "depth %d of %d",
		    gi->depth, gi->depths);
	else if (gi->levels > 1)
		snprintf(buf, n, status ? "  Level %d/%d (depth %d)" :
		    "level %d of %d (depth %d)", gi->level, gi->levels,
		    gi->depth);
	else
		snprintf(buf, n, status ? "  Depth %d" : "depth %d", gi->depth);
}

/*
 * Adds the timers running (haste, poison, confusion, blindness: turns
 * left) to the status line; if the line would not fit the screen then,
 * the seed gives them its place.
 */
static void
draw_timers(const struct game_info *gi, char *line, size_t size)
{
	const struct {
		const char	*name;
		int		 turns;
	} t[] = {
		{ "Haste", gi->hasted }, { "Poison", gi->poisoned },
		{ "Confused", gi->confused }, { "Blind", gi->blind },
	};
	char	 timers[96], *seed, *end;
	size_t	 i, used = 0;
	int	 n;

	timers[0] = '\0';
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (t[i].turns <= 0)
			continue;
		n = snprintf(timers + used, sizeof timers - used, "  %s %d",
		    t[i].name, t[i].turns);
		if (n < 0 || (size_t)n >= sizeof timers - used)
			break;
		used += (size_t)n;
	}
	if (used == 0)
		return;
	/* The line goes after "HP 10/10", up to 12 columns. */
	if ((int)(strlen(line) + used) + 12 > COLS &&
	    (seed = strstr(line, "  Seed ")) != NULL) {
		end = seed + strlen("  Seed ");
		end += strspn(end, "0123456789");
		memmove(seed, end, strlen(end) + 1);
	}
	snprintf(line + strlen(line), size - strlen(line), "%s", timers);
}

/* The status line. */
static void
draw_status(const struct ui *ui)
{
	struct game_info	gi;
	char			line[256];
	attr_t			hp;

	game_info(ui->g, &gi);
	move(LINES - 1, 0);
	clrtoeol();
	hp = gi.hp * 3 <= gi.hp_max ? terminal_colour(&ui->caps, COLOUR_RED,
	    BG_NONE) | A_BOLD : A_BOLD;
	draw_printf(LINES - 1, 0, hp, "HP %d/%d", gi.hp, gi.hp_max);
	draw_where(&gi, 1, line, sizeof line);
	snprintf(line + strlen(line), sizeof line - strlen(line),
	    "  Turn %ld  Score %ld  Seed %llu%s%s", gi.turn, gi.score,
	    (unsigned long long)gi.seed, ui->step_mode ? "  [STEP]" : "",
	    game_mid_turn(ui->g) ? " monsters acting" : "");
	if (gi.stealth > 0)
		snprintf(line + strlen(line), sizeof line - strlen(line),
		    "  Stealth %d", gi.stealth);
	draw_timers(&gi, line, sizeof line);
	draw_text(LINES - 1, 6 + (gi.hp >= 10) + (gi.hp_max >= 10) +
	    (gi.hp >= 100) + (gi.hp_max >= 100), A_NORMAL, line);
}

/*
 * The heat overlay's legend: what a cell's colour (or digit, without
 * colours) says, from few expansions to the turn's most.
 */
static void
draw_heat_legend(const struct ui *ui, int x, int y)
{
	static const enum terminal_bg	bands[] = {
		BG_BLUE, BG_CYAN, BG_YELLOW, BG_RED
	};
	static const char *const	marks[] = { "1 ", "3 ", "6 ", "9 " };
	unsigned			max = game_watch_heat_max(ui->g);
	size_t				k;

	draw_text(y++, x, A_NORMAL, "heat: expansions this turn");
	if (!ui->caps.colour) {
		draw_printf(y, x, A_NORMAL, "1 few .. 9 most (%u)", max);
		return;
	}
	draw_text(y, x, A_NORMAL, "few");
	for (k = 0; k < sizeof bands / sizeof bands[0]; k++)
		draw_text(y, x + 4 + (int)k * 2, terminal_colour(&ui->caps,
		    COLOUR_BLACK, bands[k]), marks[k]);
	draw_printf(y, x + 13, A_NORMAL, "most (%u)", max);
}

/* The AI panel: this turn's planning, and the watched monster. */
static void
draw_panel(const struct ui *ui, int top)
{
	struct game_ai_totals		 t;
	struct game_monster_info	 mi;
	struct path_point		 step;
	uint64_t			 replans = 0, hits = 0;
	int				 x = COLS - DRAW_PANEL_COLS, y = top, k;
	int				 lured;

	for (k = top; k < LINES - 1; k++) {
		move(k, x);
		clrtoeol();
		mvaddch(k, x, ACS_VLINE);
	}
	x += 2;
	game_ai_totals(ui->g, &t);
	draw_text(y++, x, A_BOLD, "AI this turn");
	draw_text(y++, x, A_UNDERLINE, "planner  plans    exp     us");
	for (k = 0; k < PATH_PLANNER_KINDS && y < LINES - 1; k++) {
		draw_printf(y++, x, t.plans[k] > 0 ? A_NORMAL : A_DIM,
		    "%-8s %5llu %6llu %6llu", game_planner_name(
		    (enum path_planner_kind)k), (unsigned long long)t.plans[k],
		    (unsigned long long)t.expansions[k],
		    (unsigned long long)(t.ns[k] / 1000));
		replans += t.replans[k];
		hits += t.hits[k];
	}
	if (y < LINES - 1)
		draw_printf(y++, x, A_NORMAL, "replans %llu, cache hits %llu",
		    (unsigned long long)replans, (unsigned long long)hits);
	for (k = 0, lured = 0; k < game_monster_count(ui->g); k++)
		lured += game_monster_info(ui->g, k, &mi) == 0 && mi.alive &&
		    strcmp(mi.state, "going to a noise") == 0;
	if (lured > 0 && y < LINES - 1)
		draw_printf(y++, x, A_BOLD, "%d going to a noise", lured);
	if (y < LINES - 1)
		draw_printf(y++, x, A_DIM, "drawing %.2f ms",
		    (double)ui->draw_ns / 1e6);
	if (ui->overlay == OVERLAY_HEAT && y + 2 < LINES - 1) {
		draw_heat_legend(ui, x, y + 1);
		y += 3;
	}
	y++;
	if (ui->watched < 0 || game_monster_info(ui->g, ui->watched,
	    &mi) != 0 || !mi.alive) {
		if (y < LINES - 1)
			draw_text(y++, x, A_DIM, "no monster watched");
		if (y < LINES - 1)
			draw_text(y++, x, A_DIM, "(look with x, Enter)");
		return;
	}
	if (y < LINES - 1)
		draw_printf(y++, x, A_BOLD, "%s %s", mi.glyph, mi.display);
	if (y < LINES - 1)
		draw_printf(y++, x, A_NORMAL, "%s, %s", mi.state,
		    game_planner_name(mi.planner));
	if (y < LINES - 1 && mi.tactic[0] != '\0')
		draw_printf(y++, x, A_BOLD, "%s", mi.tactic);
	if (y < LINES - 1 && mi.carrying[0] != '\0')
		draw_printf(y++, x, A_NORMAL, "%s", mi.carrying);
	if (y < LINES - 1 && mi.tx >= 0)
		draw_printf(y++, x, A_NORMAL, "at %d,%d to %d,%d", mi.x, mi.y,
		    mi.tx, mi.ty);
	/* A target its planner found no way to: say so, not a blank. */
	if (y < LINES - 1 && mi.tx >= 0 && (mi.x != mi.tx || mi.y != mi.ty) &&
	    game_monster_path(ui->g, ui->watched, &step, 1) == 0)
		draw_text(y++, x, A_BOLD, "no path: it cannot get there");
	if (y < LINES - 1)
		draw_printf(y++, x, A_NORMAL, "last plan: %llu exp %s",
		    (unsigned long long)mi.stats.expansions,
		    mi.stats.cache_hit ? "(cache)" : mi.stats.replanned ?
		    "(search)" : "");
	if (y < LINES - 1)
		draw_printf(y++, x, A_NORMAL, "searches so far: %d",
		    mi.replans);
	if (y < LINES - 1 && ui->watched < ui->npaths &&
	    ui->changed[ui->watched])
		draw_text(y++, x, A_BOLD, "path changed this turn");
	y++;
	if (ui->overlay == OVERLAY_SEARCH && y < LINES - 1) {
		draw_text(y, x, terminal_colour(&ui->caps, COLOUR_WHITE,
		    BG_BLUE), ":");
		draw_text(y, x + 2, A_NORMAL, "closed");
		draw_text(y, x + 10, terminal_colour(&ui->caps, COLOUR_WHITE,
		    BG_GREEN), "+");
		draw_text(y++, x + 12, A_NORMAL, "open");
	}
}

/* An item's name as the pack shows it: see draw.h. */
char *
draw_item_name(const struct game_item_info *ii, char *buf, size_t size)
{
	switch (ii->shows) {
	case GAME_ITEM_PLUS:
		snprintf(buf, size, "%+d %s", ii->plus, ii->display);
		break;
	case GAME_ITEM_CHARGES:
		snprintf(buf, size, "%s (%d charge%s)", ii->display, ii->plus,
		    words_s(ii->plus));
		break;
	case GAME_ITEM_WEAR:
		snprintf(buf, size, "%s (%d wall%s left)", ii->display,
		    ii->plus, words_s(ii->plus));
		break;
	default:
		snprintf(buf, size, "%s", ii->display);
		break;
	}
	return (buf);
}

/* Whether the pack screen lists an item: see draw.h. */
int
draw_pack_wants(const struct ui *ui, const struct game_item_info *ii)
{
	if (ui->mode != MODE_ITEM || ui->ks.pending == 'd')
		return (1);
	if (ui->ks.pending == 'r' && ui->ks.slot >= 0)
		return (strcmp(ii->cls, "weapon") == 0 ||
		    strcmp(ii->cls, "armour") == 0 ||
		    strcmp(ii->cls, "wand") == 0);
	return (ii->key == ui->ks.pending);
}

/*
 * What is wielded or worn, with its enchantment, or "nothing": "+1 short
 * sword".
 */
static const char *
draw_held(const char *display, int plus, char *buf, size_t size)
{
	if (display == NULL)
		return ("nothing");
	snprintf(buf, size, "%+d %s", plus, display);
	return (buf);
}

/*
 * The pack: a line per slot, each item as the player knows it (an
 * unknown one by its look, in the look's colour) with the key that uses
 * it, what is wielded and worn, and the question when an item is being
 * chosen (then only the items it can be, by their own letters).
 */
static void
draw_inventory(const struct ui *ui)
{
	struct game_item_info	ii;
	struct game_info	gi;
	char			name[NAME_LEN + 32];
	char			wielded[NAME_LEN + 8], worn[NAME_LEN + 8];
	int			slot, y = 2, n = 0;

	game_info(ui->g, &gi);
	draw_text(0, 0, A_BOLD, ui->mode == MODE_ITEM ? ui->prompt :
	    "Your pack (any key goes back)");
	for (slot = 0; slot < 26 && y < LINES - 5; slot++) {
		if (game_pack_item(ui->g, slot, &ii) != 0 ||
		    !draw_pack_wants(ui, &ii))
			continue;
		draw_printf(y, 2, A_BOLD, "%c)", 'a' + slot);
		draw_printf(y, 5, terminal_colour(&ui->caps, ii.colour,
		    BG_NONE) | (ii.bright ? A_BOLD : A_NORMAL), "%s", ii.glyph);
		draw_printf(y, 7, ii.known ? A_NORMAL : terminal_colour(
		    &ui->caps, ii.colour, BG_NONE) | (ii.bright ? A_BOLD :
		    A_NORMAL), "%.37s", draw_item_name(&ii, name,
		    sizeof name));
		/* A pick is used by digging (D), not on its own. */
		draw_printf(y++, 45, A_NORMAL, "x%-3d %c: %s", ii.count,
		    ii.key, ii.key == 'D' ? "dig a wall" : ii.verb);
		n++;
	}
	if (n == 0)
		draw_text(y++, 2, A_DIM, ui->mode == MODE_ITEM &&
		    ui->ks.pending == 'r' ? "Nothing here takes it: a letter "
		    "enchants what you wield, else what you wear." :
		    "Nothing: pick things up with g.");
	y++;
	draw_printf(y++, 2, A_NORMAL, "Experience level %d, %ld point%s (%ld "
	    "more for the next).", gi.xp_level, gi.xp, words_s(gi.xp),
	    gi.xp_next);
	draw_printf(y++, 2, A_NORMAL, "Wielding %s (blows %d-%d, %d%% to hit).",
	    draw_held(gi.wielded, gi.wielded_plus, wielded, sizeof wielded),
	    gi.damage_min, gi.damage_max, gi.to_hit);
	draw_printf(y++, 2, A_NORMAL, "Wearing %s (blows taken -%d).",
	    draw_held(gi.worn, gi.worn_plus, worn, sizeof worn), gi.armour);
	draw_text(LINES - 1, 0, A_DIM, "q drink, r read, t throw, z zap, f "
	    "fire, w wield or wear, A apply, d drop.");
}

/*
 * A line of the character screen: its label, then the value (printf)
 * wrapped beside it; returns the row after it.
 */
static int
draw_field(int y, const char *label, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int
draw_field(int y, const char *label, const char *fmt, ...)
{
	char	buf[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	draw_text(y, 2, A_NORMAL, label);
	return (draw_wrapped(y, LINES - 1, 15, COLS - 15, A_NORMAL, buf));
}

/*
 * What the player is under, with the turns left of each, into buf:
 * "hasted (4 turns), poisoned (2 turns)", or "" for nothing.
 */
static const char *
draw_effects(const struct game_info *gi, char *buf, size_t size)
{
	const struct {
		const char	*name;
		int		 turns;
	} e[] = {
		{ "hasted", gi->hasted }, { "poisoned", gi->poisoned },
		{ "confused", gi->confused }, { "blind", gi->blind },
	};
	size_t	i, used = 0;
	int	n;

	buf[0] = '\0';
	for (i = 0; i < sizeof e / sizeof e[0]; i++) {
		if (e[i].turns <= 0)
			continue;
		n = snprintf(buf + used, size - used, "%s%s (%d turn%s)",
		    used > 0 ? ", " : "", e[i].name, e[i].turns,
		    words_s(e[i].turns));
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
	return (buf);
}

/*
 * The character screen: where you are, health, experience, what you
 * fight with and in (and their enchantment), how often a blow lands,
 * stealth and what you are under, and the game so far.
 */
static void
draw_character(const struct ui *ui)
{
	struct game_info	gi;
	char			where[64], effects[160];
	char			wielded[NAME_LEN + 8], worn[NAME_LEN + 8];
	int			y = 2;

	game_info(ui->g, &gi);
	draw_text(0, 0, A_BOLD, "You (any key goes back)");
	draw_where(&gi, 0, where, sizeof where);
	y = draw_field(y, "Where", "%s, %s", gi.level_name, where);
	y = draw_field(y, "Hit points", "%d of %d", gi.hp, gi.hp_max);
	if (gi.xp_next > 0)
		y = draw_field(y, "Experience", "level %d, %ld point%s, %ld "
		    "more for level %d", gi.xp_level, gi.xp, words_s(gi.xp),
		    gi.xp_next, gi.xp_level + 1);
	else
		y = draw_field(y, "Experience", "level %d, %ld point%s (the "
		    "top level)", gi.xp_level, gi.xp, words_s(gi.xp));
	y = draw_field(y, "Blows", "%d-%d, with %s%s", gi.damage_min,
	    gi.damage_max, gi.wielded != NULL ? "your " : "your bare hands",
	    gi.wielded != NULL ? draw_held(gi.wielded, gi.wielded_plus,
	    wielded, sizeof wielded) : "");
	y = draw_field(y, "To hit", "%d%% of your blows land", gi.to_hit);
	y = draw_field(y, "Armour", "%d off each blow taken%s%s", gi.armour,
	    gi.worn != NULL ? ", wearing your " : "", gi.worn != NULL ?
	    draw_held(gi.worn, gi.worn_plus, worn, sizeof worn) : "");
	if (gi.stealth > 0)
		y = draw_field(y, "Stealth", "%d turn%s more: monsters cannot "
		    "hear you, and see you only from the next cell",
		    gi.stealth, gi.stealth == 1 ? "" : "s");
	else
		y = draw_field(y, "Stealth", "none: monsters hear you, and see "
		    "you as far as they can see (a scroll of stealth hides "
		    "you for a while)");
	draw_effects(&gi, effects, sizeof effects);
	y = draw_field(y, "Effects", "%s", effects[0] != '\0' ? effects :
	    "none (haste, poison, confusion, blindness)");
	y++;
	y = draw_field(y, "Turn", "%ld", gi.turn);
	y = draw_field(y, "Kills", "%d", gi.kills);
	y = draw_field(y, "Score", "%ld (%s)", gi.score, game_score_rule());
	draw_field(y, "Seed", "%llu", (unsigned long long)gi.seed);
}

/* Where the screen of items known is painting, and which page it shows. */
struct draw_pager {
	int	y, top, bottom;
	int	page;		/* being laid out */
	int	shown;		/* the one painted */
};

/*
 * Makes room for a block of rows on the pager's page (the next page if
 * it does not fit, unless it is the page's first); returns whether it
 * is painted (it is on the page shown).
 */
static int
draw_pager_room(struct draw_pager *p, int rows)
{
	if (p->y + rows - 1 > p->bottom && p->y > p->top) {
		p->y = p->top;
		p->page++;
	}
	return (p->page == p->shown);
}

/* A class's name as a heading: "potion" "Potions", "armour" "Armour". */
static void
draw_class_heading(const char *cls, char *buf, size_t size)
{
	snprintf(buf, size, "%c%s%s", cls[0] >= 'a' && cls[0] <= 'z' ?
	    cls[0] - 'a' + 'A' : cls[0], cls + (cls[0] != '\0'),
	    strcmp(cls, "armour") == 0 ? "" : "s");
}

#define DRAW_KINDS_MAX	64	/* kinds of a class listed */

/*
 * The kinds of a class, for the screen of items known, into ii: the
 * known ones in the table's order, then the unknown ones by their looks
 * in alphabetical order, so where a look stands tells nothing of what
 * it is.  Returns how many, and in *known how many are known.
 */
static int
draw_class_kinds(const struct ui *ui, const char *cls,
    struct game_item_info *ii, int *known)
{
	struct game_item_info	one;
	int			k, n = 0, i;

	*known = 0;
	for (k = 0; k < game_item_kinds(ui->g) && n < DRAW_KINDS_MAX; k++) {
		if (game_item_kind(ui->g, k, &one) != 0 ||
		    strcmp(one.cls, cls) != 0)
			continue;
		/* Known or not, it goes after every known kind. */
		for (i = n; i > 0 && !ii[i - 1].known && (one.known ||
		    strcmp(one.display, ii[i - 1].display) < 0); i--)
			ii[i] = ii[i - 1];
		ii[i] = one;
		*known += one.known;
		n++;
	}
	return (n);
}

/*
 * One class on the screen of items known: a heading with how many of its
 * kinds are known; then, if all are, their names in a paragraph, else
 * each kind (in two columns when they fit): its name, or its look (in
 * the look's colour) and "not yet known".
 */
static void
draw_known_class(const struct ui *ui, struct draw_pager *p, const char *cls)
{
	struct game_item_info	ii[DRAW_KINDS_MAX];
	char			head[64], names[1024];
	int			n, known, i, r, rows, colw = COLS / 2;
	size_t			used = 0;

	n = draw_class_kinds(ui, cls, ii, &known);
	names[0] = '\0';
	for (i = 0; i < n && used < sizeof names; i++)
		used += (size_t)snprintf(names + used, sizeof names - used,
		    "%s%s", i > 0 ? ", " : "", ii[i].display);
	draw_class_heading(cls, head, sizeof head);
	if (draw_pager_room(p, known == n ? 1 + draw_rows(names, COLS - 2) :
	    2))
		draw_printf(p->y, 0, A_BOLD, "%s: %d of %d known", head, known,
		    n);
	p->y++;
	if (known == n) {
		if (p->page == p->shown)
			draw_wrapped(p->y, p->bottom, 2, COLS - 2, A_NORMAL,
			    names);
		p->y += draw_rows(names, COLS - 2);
		return;
	}
	/* Two columns if every entry fits in one (and a space after it). */
	rows = (n + 1) / 2;
	for (i = 0; i < n; i++) {
		if ((int)strlen(ii[i].display) + (ii[i].known ? 0 :
		    (int)strlen(": not yet known")) >= colw)
			rows = n;
	}
	for (r = 0; r < rows; r++) {
		if (draw_pager_room(p, 1)) {
			for (i = r; i < n; i += rows)
				draw_printf(p->y, rows < n ? i / rows * colw :
				    2,
				    ii[i].known ? A_NORMAL :
				    terminal_colour(&ui->caps, ii[i].colour,
				    BG_NONE) | (ii[i].bright ? A_BOLD :
				    A_NORMAL), "%s%s", ii[i].display,
				    ii[i].known ? "" : ": not yet known");
		}
		p->y++;
	}
}

/*
 * The screen of items known (\): every kind of the item table by class,
 * the classes in the table's order, in pages when they do not fit
 * (Space turns them, as on the help screen).  Sets ui->help_pages.
 */
static void
draw_known(struct ui *ui)
{
	struct game_item_info	 ii;
	struct draw_pager	 p;
	const char		*cls[16];
	int			 ncls, k, i, pass;

	for (pass = 0; pass < 2; pass++) {
		memset(&p, 0, sizeof p);
		p.y = p.top = 2;
		p.bottom = LINES - 2;
		p.shown = pass == 0 ? -1 : ui->help_page;
		ncls = 0;
		for (k = 0; k < game_item_kinds(ui->g); k++) {
			if (game_item_kind(ui->g, k, &ii) != 0)
				continue;
			for (i = 0; i < ncls && strcmp(cls[i], ii.cls) != 0;
			    i++)
				continue;
			if (i == ncls && ncls < 16)
				cls[ncls++] = ii.cls;
		}
		for (i = 0; i < ncls; i++)
			draw_known_class(ui, &p, cls[i]);
		ui->help_pages = p.page + 1;
		if (ui->help_page >= ui->help_pages)
			ui->help_page = ui->help_pages - 1;
	}
	if (ncls == 0)
		draw_text(2, 2, A_DIM, "This game has no items.");
	if (ui->help_pages > 1)
		draw_printf(0, 0, A_BOLD, "Items known, page %d of %d (%s)",
		    ui->help_page + 1, ui->help_pages, ui->help_page + 1 <
		    ui->help_pages ? "Space: the next page; any other key goes "
		    "back" : "any key goes back");
	else
		draw_text(0, 0, A_BOLD, "Items known (any key goes back)");
	draw_text(LINES - 1, 0, A_DIM, "Unknown kinds show this game's looks; "
	    "using or identifying one names it.");
}

/*
 * The keys the cursors read for themselves (cursor.h), and what some keys
 * do besides, for the help.
 */
static const struct {
	const char	*keys;
	const char	*help;
} draw_cursor_keys[] = {
	{ "Tab + -", "look cursor: next, previous monster or item in view" },
	{ "> <", "travel cursor: next, previous stairs seen" },
	{ "_", "travel cursor: next item seen" },
	{ "Shift+dir.", "look, travel cursor: 8 cells that way" },
	{ "r + letter", "a known scroll of enchanting: then the item" },
	{ "unknown", "potions, scrolls, wands: a look until used or "
	    "identified" },
	{ "R X _ > run", "journeys stop for a monster beside you, one that "
	    "hunts you and can reach you, one come into view, a turn that "
	    "hurts, an item or stairs underfoot; not for a monster that can "
	    "neither reach nor strike you, nor for news" },
};
#define DRAW_CURSOR_KEYS \
	((int)(sizeof draw_cursor_keys / sizeof draw_cursor_keys[0]))
#define DRAW_HELP_KEYS	13	/* columns of a help entry's keys */
#define DRAW_HELP_WAYS	(CMD_COUNT + DRAW_CURSOR_KEYS)	/* first way */

/*
 * A help entry, i counted over the commands, then the cursor keys, then
 * the ways monsters fight (from DRAW_HELP_WAYS).  Returns -1 for a command
 * without words, 1 past the last entry.
 */
static int
draw_help_entry(const struct ui *ui, int i, char *keys, size_t size,
    const char **help)
{
	const char	*way;

	if (i < CMD_COUNT) {
		*help = keymap_command_help((enum command)i);
		if ((*help)[0] == '\0')
			return (-1);
		keymap_keys_of(&ui->km, (enum command)i, keys, size);
		if (keys[0] == '\0')
			snprintf(keys, size, "(no key)");
		return (0);
	}
	i -= CMD_COUNT;
	if (i < DRAW_CURSOR_KEYS) {
		snprintf(keys, size, "%s", draw_cursor_keys[i].keys);
		*help = draw_cursor_keys[i].help;
		return (0);
	}
	if (game_monster_way(i - DRAW_CURSOR_KEYS, &way, help) != 0)
		return (1);
	snprintf(keys, size, "%s", way);
	return (0);
}

/*
 * The help screen: every command and its keys, from the key map, then
 * the cursors' own keys, then, from a page of their own, the ways monsters
 * fight; each entry's words wrapped in its half of the screen, in pages
 * when they do not all fit (Space turns them, see show_help_key()).  Sets
 * ui->help_pages and ui->help_ways_page, and keeps ui->help_page in them.
 */
static void
draw_help(struct ui *ui)
{
	char		 keys[96];
	const char	*help, *what;
	int		 i, r, y, col, page, pass, colw = COLS / 2, top = 2;
	const int	 bottom = LINES - 3;

	for (pass = 0; pass < 2; pass++) {
		y = top;
		col = page = 0;
		for (i = CMD_WEST; (r = draw_help_entry(ui, i, keys,
		    sizeof keys, &help)) <= 0; i++) {
			if (r < 0)
				continue;
			if (i == DRAW_HELP_WAYS) {
				y = top;
				page++;
				col = 0;
				ui->help_ways_page = page;
			}
			r = draw_rows(help, colw - DRAW_HELP_KEYS - 2);
			if (draw_rows(keys, DRAW_HELP_KEYS) > r)
				r = draw_rows(keys, DRAW_HELP_KEYS);
			if (y + r - 1 > bottom && y > top) {
				y = top;
				page += col;
				col = !col;
			}
			if (pass == 1 && page == ui->help_page) {
				draw_wrapped(y, bottom, col * colw,
				    DRAW_HELP_KEYS, A_BOLD, keys);
				draw_wrapped(y, bottom, col * colw +
				    DRAW_HELP_KEYS + 1, colw - DRAW_HELP_KEYS -
				    2, A_NORMAL, help);
			}
			y += r;
		}
		ui->help_pages = page + 1;
		if (ui->help_page >= ui->help_pages)
			ui->help_page = ui->help_pages - 1;
	}
	what = ui->help_page >= ui->help_ways_page ? "how monsters fight" :
	    "keys";
	if (ui->help_page + 1 < ui->help_pages)
		draw_printf(0, 0, A_BOLD, "astray: %s, page %d of %d (Space: "
		    "next page; other keys: back)", what,
		    ui->help_page + 1, ui->help_pages);
	else
		draw_printf(0, 0, A_BOLD, "astray: %s, page %d of %d (any key "
		    "goes back)", what, ui->help_page + 1, ui->help_pages);
	if (ui->viewing)
		draw_text(1, 0, A_BOLD, "Replay: Space pauses and plays on, . "
		    "steps, + and - speed, q quits.");
	else
		draw_printf(1, 0, A_DIM, "Score: %s.", game_score_rule());
	draw_printf(LINES - 2, 0, A_DIM, "The game saves itself at every new "
	    "level and every %d turns; S saves and quits.", SAVEFILE_EVERY);
	draw_text(LINES - 1, 0, A_DIM, "Walk into a monster to attack it, "
	    "into a door to open it.  More: man 6 astray.");
}

/*
 * The message history, newest at the bottom, each message wrapped beside
 * its turn; ui->scroll messages of the newest are passed over (kept so
 * that the oldest never leaves the bottom rows empty).
 */
static void
draw_history(struct ui *ui)
{
	long		 total = game_message_total(ui->g), turn;
	const char	*m;
	int		 rows = LINES - 2, kept = 0, i, y, r, used, most;

	while (kept < 1000 && game_message_text(ui->g, kept, &turn) != NULL)
		kept++;
	/* The most it scrolls: the oldest messages just fill the screen. */
	for (most = kept, used = 0; most > 0; most--) {
		m = game_message_text(ui->g, most - 1, &turn);
		if ((used += draw_rows(m, COLS - 8)) > rows)
			break;
	}
	if (ui->scroll > most)
		ui->scroll = most;
	if (ui->scroll < 0)
		ui->scroll = 0;
	draw_printf(0, 0, A_BOLD, "Messages (%ld in all, the last %d kept; "
	    "j/k scroll, any other key goes back)", total, kept);
	for (y = rows, i = ui->scroll; y >= 1 && i < kept; i++) {
		m = game_message_text(ui->g, i, &turn);
		r = draw_rows(m, COLS - 8);
		y -= r > 0 ? r : 1;
		if (y + 1 >= 1)
			draw_printf(y + 1, 0, A_NORMAL, "%6ld", turn);
		draw_wrapped(y + 1, rows, 8, COLS - 8, A_NORMAL, m);
	}
}

/* The high scores, the player's own line bold. */
static void
draw_scores(const struct ui *ui, int top)
{
	struct score	 s[SCORES_MAX];
	char		*cause = NULL;
	int		 n = scores_read(ui->scores, s, SCORES_MAX, &cause), i;

	draw_text(top, 0, A_BOLD, "High scores");
	if (n < 0) {
		draw_text(top + 1, 2, A_DIM, cause);
		free(cause);
		return;
	}
	if (n == 0)
		draw_text(top + 1, 2, A_DIM, "none yet");
	for (i = 0; i < n && top + 1 + i < LINES - 1; i++)
		draw_printf(top + 1 + i, 0, i + 1 == ui->end.rank ? A_BOLD |
		    A_REVERSE : A_NORMAL, "%2d. %7ld  %-5s depth %d, %ld turns:"
		    " %s%s%s%s", i + 1, s[i].score, s[i].result, s[i].depth,
		    s[i].turns, s[i].cause, s[i].mods[0] != '\0' ? " (mods: " :
		    "", s[i].mods, s[i].mods[0] != '\0' ? ")" : "");
}

/*
 * The end of a game: how it ended, the score, where its morgue file went
 * (or why it did not), the last messages, the table.
 */
static void
draw_end(const struct ui *ui)
{
	struct game_info	 gi;
	const char		*m;
	long			 turn;
	int			 i, n, y = 6;

	game_info(ui->g, &gi);
	draw_text(1, 2, A_BOLD, gi.status == GAME_WON ? "You won!" :
	    gi.status == GAME_DEAD ? "You died." : "You gave up.");
	draw_printf(3, 2, A_NORMAL, "You %s%s, on turn %ld.", gi.status ==
	    GAME_DEAD ? "were " : "", gi.end_cause, gi.turn);
	draw_printf(4, 2, A_NORMAL, "Score %ld (depth %d, %d monster%s "
	    "killed, seed %llu).", gi.score, gi.depth, gi.kills,
	    words_s(gi.kills), (unsigned long long)gi.seed);
	if (ui->end.rank > 0)
		draw_printf(5, 2, A_BOLD, "A new high score: number %d.",
		    ui->end.rank);
	if (ui->end.scores_error != NULL)
		draw_printf(y++, 2, A_BOLD, "No high score: %s",
		    ui->end.scores_error);
	if (ui->end.morgue != NULL)
		draw_printf(y++, 2, A_NORMAL, "Morgue file: %s",
		    ui->end.morgue);
	else if (ui->end.morgue_error != NULL)
		draw_printf(y++, 2, A_BOLD, "No morgue file: %s",
		    ui->end.morgue_error);
	if (ui->record_error != NULL)
		draw_printf(y++, 2, A_BOLD, "Could not write the replay: %s",
		    ui->record_error);
	y++;
	for (n = 0; n < 5 && game_message_text(ui->g, n, &turn) != NULL; n++)
		continue;
	draw_text(y++, 2, A_BOLD, "Last messages");
	for (i = n - 1; i >= 0; i--) {
		m = game_message_text(ui->g, i, &turn);
		y = draw_wrapped(y, LINES - 2, 4, COLS - 4, A_NORMAL, m);
	}
	draw_scores(ui, y + 1);
	draw_text(LINES - 1, 0, A_DIM, "Press q to leave.");
}

/* Paints the whole screen for the state the UI is in: see draw.h. */
void
draw_screen(struct ui *ui)
{
	uint64_t	t0 = driver_clock();
	int		rows;

	erase();
	if (terminal_too_small()) {
		draw_printf(LINES / 2 - 1 > 0 ? LINES / 2 - 1 : 0, 0, A_BOLD,
		    "astray needs a terminal of at least %dx%d;",
		    TERMINAL_MIN_COLS, TERMINAL_MIN_LINES);
		draw_printf(LINES / 2, 0, A_NORMAL, "this one is %dx%d.  "
		    "Make it larger to go on.", COLS, LINES);
	} else {
		switch (ui->screen) {
		case SCREEN_HELP:
			draw_help(ui);
			break;
		case SCREEN_MESSAGES:
			draw_history(ui);
			break;
		case SCREEN_SCORES:
			draw_scores(ui, 0);
			draw_text(LINES - 1, 0, A_DIM, "Any key goes back.");
			break;
		case SCREEN_INVENTORY:
			draw_inventory(ui);
			break;
		case SCREEN_CHARACTER:
			draw_character(ui);
			break;
		case SCREEN_KNOWN:
			draw_known(ui);
			break;
		case SCREEN_END:
			draw_end(ui);
			break;
		case SCREEN_MAP:
			rows = draw_message_rows(ui);
			draw_title(ui);
			draw_messages(ui, rows);
			draw_map(ui, 1 + rows);
			if (ui->panel)
				draw_panel(ui, 1 + rows);
			draw_status(ui);
			break;
		}
	}
	refresh();
	ui->draw_ns = driver_clock() - t0;
	ui->frames++;
	if (ui->redraw_log != NULL) {
		fprintf(ui->redraw_log, "frame %ld %llu ns", ui->frames,
		    (unsigned long long)ui->draw_ns);
		if (ui->frames == 1)
			fprintf(ui->redraw_log, " first-screen %llu ns",
			    (unsigned long long)(driver_clock() -
			    ui->start_ns));
		fputc('\n', ui->redraw_log);
		fflush(ui->redraw_log);
	}
}
