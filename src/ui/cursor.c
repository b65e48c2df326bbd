/*
 * cursor.c: the look and travel cursors (see cursor.h for their keys).
 *
 * One description serves both: what the screen shows of the cell under
 * the cursor (draw_cell_shown(), so the words agree with the glyph), a
 * monster with its health, state and what it plans, an item, or the
 * terrain as it is or as last seen.  It goes in ui->look as two
 * paragraphs, the thing and more of it, which the painter wraps.
 *
 * A jump is a cycle over a set of cells found afresh at each key (the
 * monsters and items in view, the stairs known, the items seen), nearest
 * the player first: the next cell of the set after the one the cursor is
 * on, or the first when it is on none.  Nothing is kept between keys, so
 * a monster that moved or an item picked up is never jumped to from an
 * old list.
 */
#include <stdlib.h>
#include <string.h>

#include "cursor.h"
#include "draw.h"
#include "show.h"
#include "ui-internal.h"
#include "words.h"

#define CURSOR_LEAP	8	/* cells a Shift and a direction moves */

/* The sets a cursor jumps through. */
enum cursor_set {
	CURSOR_TARGETS,		/* monsters in view, then items in view */
	CURSOR_STAIRS,		/* stairs (and the goal) known */
	CURSOR_ITEMS		/* items seen, in view or remembered */
};

/* A cell of a set, with how it sorts. */
struct cursor_cell {
	int	x, y;
	int	group;		/* monsters before items */
	int	dist;		/* from the player, in moves */
};

/* A name as a sentence starts it: "A cave-in", "Shallow water". */
#define cursor_start(out, display, noun) \
	words_noun((out), sizeof (out), (display), (noun), WORDS_CAPITAL)

/* The second paragraph about a monster: how it plans, and where to. */
static void
cursor_monster_plan(struct ui *ui, const struct game_monster_info *mi,
    const char *tail)
{
	struct game_info	gi;
	char			where[96], tactic[80] = "";
	const char		*way;
	int			dx, dy, steps;

	if (mi->tactic[0] != '\0')	/* "  Tactic: summoning: ..." */
		snprintf(tactic, sizeof tactic, "  Tactic: %s.", mi->tactic);
	if (mi->tx < 0) {
		snprintf(ui->look[1], sizeof ui->look[1], "Plans with %s once "
		    "it notices you.%s%s", game_planner_name(mi->planner),
		    tactic, tail);
		return;
	}
	game_info(ui->g, &gi);
	dx = mi->tx - gi.px;
	dy = mi->ty - gi.py;
	if (dx == 0 && dy == 0)
		snprintf(where, sizeof where, "you");
	else {
		way = words_way(dx, dy, &steps);
		snprintf(where, sizeof where, "a place %d step%s %s of you",
		    steps, words_s(steps), way);
	}
	snprintf(ui->look[1], sizeof ui->look[1], "Plans with %s, heading "
	    "for %s; its last plan expanded %llu cells%s.%s%s",
	    game_planner_name(mi->planner), where,
	    (unsigned long long)mi->stats.expansions, mi->stats.cache_hit ?
	    " (a cache hit)" : "", tactic, tail);
}

/*
 * Says what is under the cursor, into ui->look.  While looking, a
 * monster there becomes the watched one (Enter keeps it so).
 */
static void
cursor_describe(struct ui *ui)
{
	struct game_monster_info	mi;
	struct game_item_info		ii;
	struct game_cell		c;
	char				a[NAME_LEN + 8], buried[NAME_LEN + 32];
	int				look = ui->mode == MODE_LOOK;

	draw_cell_shown(ui, ui->cx, ui->cy, &c);
	ui->look[0][0] = ui->look[1][0] = '\0';
	buried[0] = '\0';
	if (c.buried != NULL)
		snprintf(buried, sizeof buried, " Buried in it: %s.",
		    words_noun(a, sizeof a, c.buried, c.buried_noun, 0));
	if (c.player) {
		snprintf(ui->look[0], sizeof ui->look[0], "You, on %s.",
		    words_noun(a, sizeof a, c.display, c.noun, 0));
		snprintf(ui->look[1], sizeof ui->look[1], "%s", c.describe);
	} else if (c.monster >= 0 &&
	    game_monster_info(ui->g, c.monster, &mi) == 0) {
		snprintf(ui->look[0], sizeof ui->look[0], "%s (%d/%d hp), "
		    "%s%s%s: %s", cursor_start(a, mi.display, mi.noun), mi.hp,
		    mi.hp_max, mi.state, mi.carrying[0] != '\0' ? ", " : "",
		    mi.carrying, mi.describe);
		cursor_monster_plan(ui, &mi, look ? "  Enter watches it." :
		    "");
		if (look) {
			ui->watched = c.monster;
			show_watch(ui);
		}
	} else if (c.item_glyph != NULL && (c.seen || c.visible) &&
	    game_known_item(ui->g, ui->cx, ui->cy, &ii) == 0)
		snprintf(ui->look[0], sizeof ui->look[0], "%s (%d)%s: %s",
		    cursor_start(a, ii.display, ii.noun), ii.count,
		    c.visible ? "" : ", remembered", ii.describe);
	else if (c.visible)
		snprintf(ui->look[0], sizeof ui->look[0], "%s: %s%s",
		    cursor_start(a, c.display, c.noun), c.describe, buried);
	else if (c.seen)
		snprintf(ui->look[0], sizeof ui->look[0], "You remember %s "
		    "here: %s%s", words_noun(a, sizeof a, c.display, c.noun, 0),
		    c.describe, buried);
	else
		snprintf(ui->look[0], sizeof ui->look[0], "You have not seen "
		    "this place.");
}

/* Moves the cursor to (x,y), kept on the level, and says what is there. */
static void
cursor_move_to(struct ui *ui, int x, int y)
{
	struct game_info	gi;

	game_info(ui->g, &gi);
	ui->cx = x < 0 ? 0 : x >= gi.width ? gi.width - 1 : x;
	ui->cy = y < 0 ? 0 : y >= gi.height ? gi.height - 1 : y;
	cursor_describe(ui);
}

/* Orders cells nearest first, then monsters before items, then by place. */
static int
cursor_cmp(const void *a, const void *b)
{
	const struct cursor_cell	*p = a, *q = b;

	if (p->group != q->group)
		return (p->group - q->group);
	if (p->dist != q->dist)
		return (p->dist - q->dist);
	if (p->y != q->y)
		return (p->y - q->y);
	return (p->x - q->x);
}

/* Whether a cell belongs to a set; *group says which part of it. */
static int
cursor_in_set(const struct ui *ui, enum cursor_set set, int x, int y,
    int *group)
{
	struct game_cell	c;
	int			exit;

	*group = 0;
	switch (set) {
	case CURSOR_STAIRS:
		return (game_known_cost(ui->g, x, y, &exit) > 0 && exit);
	case CURSOR_ITEMS:
		draw_cell_shown(ui, x, y, &c);
		return (c.item_glyph != NULL && (c.visible || c.seen));
	case CURSOR_TARGETS:
		draw_cell_shown(ui, x, y, &c);
		if (c.monster >= 0)
			return (1);
		*group = 1;
		return (c.item_glyph != NULL && c.visible && !c.player);
	}
	return (0);
}

/*
 * The cells of a set, sorted (see cursor_cmp()), into *out, which the
 * caller frees; returns how many, or -1 out of memory.
 */
static int
cursor_collect(const struct ui *ui, enum cursor_set set,
    struct cursor_cell **out)
{
	struct game_info	 gi;
	struct cursor_cell	*cells;
	int			 x, y, n = 0, group;

	game_info(ui->g, &gi);
	cells = malloc((size_t)(gi.width > 0 ? gi.width : 1) *
	    (size_t)(gi.height > 0 ? gi.height : 1) * sizeof *cells);
	if ((*out = cells) == NULL)
		return (-1);
	for (y = 0; y < gi.height; y++) {
		for (x = 0; x < gi.width; x++) {
			if (!cursor_in_set(ui, set, x, y, &group))
				continue;
			cells[n].x = x;
			cells[n].y = y;
			cells[n].group = group;
			cells[n].dist = abs(x - gi.px) > abs(y - gi.py) ?
			    abs(x - gi.px) : abs(y - gi.py);
			n++;
		}
	}
	qsort(cells, (size_t)n, sizeof *cells, cursor_cmp);
	return (n);
}

/*
 * Moves the cursor to the next cell of a set (dir 1) or the previous
 * (dir -1) from the one it is on; the first (or last) when it is on
 * none.  Returns 0, or -1 with ui->note saying the set is empty.
 */
static int
cursor_cycle(struct ui *ui, enum cursor_set set, int dir)
{
	static const char *const empty[] = {
		[CURSOR_TARGETS] = "Nothing in view to look at.",
		[CURSOR_STAIRS] = "You have seen no stairs here yet.",
		[CURSOR_ITEMS] = "You have seen no items here.",
	};
	struct cursor_cell	*cells;
	int			 n = cursor_collect(ui, set, &cells), i, at;

	if (n <= 0) {
		free(cells);
		snprintf(ui->note, sizeof ui->note, "%s", empty[set]);
		return (-1);
	}
	for (at = -1, i = 0; i < n; i++) {
		if (cells[i].x == ui->cx && cells[i].y == ui->cy)
			at = i;
	}
	at = at < 0 ? (dir > 0 ? 0 : n - 1) : (at + dir + n) % n;
	cursor_move_to(ui, cells[at].x, cells[at].y);
	free(cells);
	return (0);
}

/*
 * Moves the cursor by a movement key, one cell, or CURSOR_LEAP cells for
 * a run key (Shift and a direction); returns 0, or -1 if c is neither.
 */
static int
cursor_step(struct ui *ui, enum command c)
{
	int	dx, dy, n = 1;

	if (c >= CMD_RUN_WEST && c <= CMD_RUN_SOUTH_EAST) {
		c = (enum command)(CMD_WEST + (c - CMD_RUN_WEST));
		n = CURSOR_LEAP;
	}
	if (keymap_direction(c, &dx, &dy) != 0)
		return (-1);
	cursor_move_to(ui, ui->cx + n * dx, ui->cy + n * dy);
	return (0);
}

/* Whether a key's name is one of the given ones. */
static int
cursor_named(const char *name, const char *a, const char *b)
{
	return (name != NULL && (strcmp(name, a) == 0 || (b != NULL &&
	    strcmp(name, b) == 0)));
}

/* Clears what the cursors said: see cursor.h. */
void
cursor_clear(struct ui *ui)
{
	ui->look[0][0] = ui->look[1][0] = '\0';
	ui->prompt[0] = ui->note[0] = '\0';
}

/* Starts looking: see cursor.h. */
void
cursor_look_start(struct ui *ui)
{
	struct game_info	 gi;
	struct cursor_cell	*cells;
	int			 n;

	game_info(ui->g, &gi);
	cursor_clear(ui);
	ui->mode = MODE_LOOK;
	n = cursor_collect(ui, CURSOR_TARGETS, &cells);
	if (n > 0 && cells[0].group == 0)
		cursor_move_to(ui, cells[0].x, cells[0].y);
	else
		cursor_move_to(ui, gi.px, gi.py);
	free(cells);
}

/* A key while looking: see cursor.h. */
int
cursor_look_key(struct ui *ui, enum command c, const char *name)
{
	ui->note[0] = '\0';
	if (cursor_named(name, "tab", "+") || cursor_named(name, "=", NULL)) {
		cursor_cycle(ui, CURSOR_TARGETS, 1);
		return (0);
	}
	if (cursor_named(name, "-", NULL)) {
		cursor_cycle(ui, CURSOR_TARGETS, -1);
		return (0);
	}
	if (cursor_step(ui, c) == 0)
		return (0);
	if (c == CMD_PANEL) {
		ui->panel = !ui->panel;
		return (0);
	}
	ui->mode = MODE_PLAY;
	cursor_clear(ui);
	return (1);
}

/* Starts choosing where to travel: see cursor.h. */
void
cursor_travel_start(struct ui *ui)
{
	struct game_info	gi;

	game_info(ui->g, &gi);
	cursor_clear(ui);
	ui->mode = MODE_TRAVEL;
	snprintf(ui->prompt, sizeof ui->prompt, "Travel where?  Move the "
	    "cursor (> stairs, _ items); Enter goes, Escape cancels.");
	cursor_move_to(ui, gi.px, gi.py);
}

/* A key while choosing where to travel: see cursor.h. */
enum cursor_travel
cursor_travel_key(struct ui *ui, enum command c, const char *name)
{
	ui->note[0] = '\0';
	if (cursor_named(name, ">", "<")) {
		cursor_cycle(ui, CURSOR_STAIRS, name[0] == '>' ? 1 : -1);
		return (CURSOR_STAY);
	}
	if (cursor_named(name, "_", NULL)) {
		cursor_cycle(ui, CURSOR_ITEMS, 1);
		return (CURSOR_STAY);
	}
	if (cursor_step(ui, c) == 0)
		return (CURSOR_STAY);
	return (c == CMD_FINISH || c == CMD_WAIT ? CURSOR_GO : CURSOR_CANCEL);
}
