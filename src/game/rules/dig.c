/*
 * dig.c: a monster that tunnels through rock.
 *
 * A movement class that digs ("class dig digs" in data/terrain.txt), with
 * a cost on a terrain that has "dig" (the burrowers' wall dig=6, cave-in
 * dig=4: terrain_dug()), plans through that rock as through any other
 * cell, weighing it at its cost, so its planner goes round by the corridors when that is cheaper
 * and through the wall when not; granite, which has no dig cost, stops
 * it as it stops everyone (it finds no way and waits).
 *
 * It does not walk into rock: when its next step is rock it digs it,
 * the terrain's hardness in actions (a wall five, a cave-in three), and
 * then the cell becomes the terrain's dig terrain (rubble) through
 * level_set_terrain(), like every change of terrain, so every monster's
 * planner sees the new way on its next plan: a walker follows it through
 * the tunnel.  Its progress is the monster's (dig_x, dig_y, dig_done,
 * saved with the game): a save and load in the middle of a wall goes on
 * where it stopped; a digger that turns to another cell starts again.
 * What the player notices is one event a cell dug through: seen, or
 * heard within DIG_HEARD cells.
 */
#include <stdlib.h>

#include "dig.h"
#include "event.h"
#include "state.h"

/* Whether (x,y) is rock a class digs: see the top of the file. */
static int
dig_rock(const struct game *g, int cls, int x, int y)
{
	int	tt = level_at(g->level, x, y);

	return (tt >= 0 && terrain_dug(&g->terrain, cls, tt));
}

/* Digs a step: see dig.h. */
int
dig_act(struct game *g, int i, int nx, int ny)
{
	struct level			*l = g->level;
	struct monster			*m = &l->mon[i];
	const struct terrain_table	*t = &g->terrain;
	int				 tt, hard, heard;

	if (!dig_rock(g, g->monsters.k[m->kind].cls, nx, ny))
		return (0);
	tt = level_at(l, nx, ny);
	if (m->dig_x != nx || m->dig_y != ny) {
		m->dig_x = nx;
		m->dig_y = ny;
		m->dig_done = 0;
	}
	hard = t->t[tt].hardness > 0 ? t->t[tt].hardness : 1;
	if (++m->dig_done < hard)
		return (1);
	m->dig_x = m->dig_y = -1;
	m->dig_done = 0;
	heard = abs(nx - g->px) <= DIG_HEARD && abs(ny - g->py) <= DIG_HEARD;
	event_add(&g->events, (struct event){ .kind = EVENT_TUNNELED,
	    .seen = l->visible[ny * l->width + nx] ||
	    level_monster_shown(g, l, i), .monster = m->kind, .terrain = tt,
	    .x = nx, .y = ny, .a = heard });
	level_set_terrain(l, t, nx, ny, t->t[tt].dig);
	return (1);
}
