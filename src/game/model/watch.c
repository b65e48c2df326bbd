/*
 * watch.c: what the overlays show of the monsters' searches.
 *
 * While watching is on, every planner context of the level carries a
 * trace (path_context_set_trace()), so every cell any planner opens or
 * expands is seen here, whatever the algorithm: A*, D* Lite, Moving
 * Target D* Lite or a Dijkstra field.  Expansions add to a heat map
 * cleared each turn.  The searches of one watched monster are kept apart:
 * each of its plans that searches at all starts a new generation, and a
 * cell's stamp says which generation opened or closed it, so "its last
 * search" is one comparison per cell and never a clearing of the map.
 *
 * Nothing here touches the game's state: watching or not, a game plays
 * the same.
 */
#include <stdlib.h>
#include <string.h>

#include "state.h"
#include "watch.h"
#include "xmalloc.h"

struct watch {
	int		 monster;	/* watched, or -1 */
	int		 planning;	/* index of the monster planning */
	const struct level *level;	/* the maps below are of this level */
	int		 width;
	int		 height;
	uint16_t	*heat;		/* expansions this turn */
	unsigned	 heat_max;
	uint32_t	*stamp;		/* generation << 2 | search state */
	uint32_t	 gen;		/* of the watched monster's plan */
	uint32_t	 shown;		/* the last generation that searched */
	int		 searched;	/* the plan under way saw a cell */
};

void
watch_free(struct watch *w)
{
	if (w == NULL)
		return;
	free(w->heat);
	free(w->stamp);
	free(w);
}

/* Every search event of every planner of the level comes here. */
static void
watch_trace(void *arg, enum path_trace_event ev, int x, int y, path_cost g,
    path_cost h, int px, int py)
{
	struct watch	*w = arg;
	size_t		 i;
	uint32_t	 state;

	(void)g;
	(void)h;
	(void)px;
	(void)py;
	if (x < 0 || y < 0 || x >= w->width || y >= w->height)
		return;
	i = (size_t)y * w->width + x;
	if (ev == PATH_TRACE_EXPAND && w->heat[i] < UINT16_MAX) {
		w->heat[i]++;
		if (w->heat[i] > w->heat_max)
			w->heat_max = w->heat[i];
	}
	if (w->planning != w->monster || w->monster < 0)
		return;
	w->searched = 1;
	state = ev == PATH_TRACE_EXPAND ? GAME_SEARCH_CLOSED : GAME_SEARCH_OPEN;
	/* A closed cell stays closed when a later event reopens it. */
	if ((w->stamp[i] >> 2) == w->gen &&
	    (w->stamp[i] & 3) == GAME_SEARCH_CLOSED)
		return;
	w->stamp[i] = w->gen << 2 | state;
}

/* Installs or removes the trace on every context of the level. */
static void
watch_install(struct game *g, struct watch *w)
{
	struct level	*l = g->level;
	int		 c;

	for (c = 0; c < CLASS_MAX; c++) {
		if (l->ctx[c] != NULL)
			path_context_set_trace(l->ctx[c],
			    w != NULL ? watch_trace : NULL, w);
	}
}

/* Makes the maps fit the level, forgetting another level's. */
static void
watch_fit(struct game *g, struct watch *w)
{
	const struct level	*l = g->level;
	size_t			 n = (size_t)l->width * l->height;

	if (w->level == l)
		return;
	free(w->heat);
	free(w->stamp);
	w->heat = xcalloc(n, sizeof *w->heat);
	w->stamp = xcalloc(n, sizeof *w->stamp);
	w->width = l->width;
	w->height = l->height;
	w->level = l;
	w->heat_max = 0;
	w->gen = 1;
	w->shown = 0;
	watch_install(g, w);
}

/* Turns watching on or off: see game.h. */
void
game_watch(struct game *g, int on, int monster)
{
	struct watch	*w = g->watch;

	if (!on) {
		if (w != NULL) {
			watch_install(g, NULL);
			watch_free(w);
			g->watch = NULL;
		}
		return;
	}
	if (w == NULL) {
		w = g->watch = xcalloc(1, sizeof *w);
		w->planning = -1;
	}
	watch_fit(g, w);
	if (monster != w->monster) {
		w->monster = monster;
		w->shown = 0;		/* its searches are yet to come */
		w->gen++;
	}
}

/* The level was replaced (a new one may sit where the old one was). */
void
watch_new_level(struct game *g)
{
	g->watch->level = NULL;
	watch_fit(g, g->watch);
}

/* A turn begins: the heat map starts again. */
void
watch_turn(struct game *g)
{
	struct watch	*w = g->watch;

	watch_fit(g, w);
	watch_install(g, w);
	memset(w->heat, 0, (size_t)w->width * w->height * sizeof *w->heat);
	w->heat_max = 0;
}

void
watch_plan_begin(struct game *g, int monster)
{
	struct watch	*w = g->watch;

	watch_fit(g, w);
	w->planning = monster;
	if (monster == w->monster) {
		w->gen++;
		if (w->gen > UINT32_MAX >> 2) {
			memset(w->stamp, 0, (size_t)w->width * w->height *
			    sizeof *w->stamp);
			w->gen = 1;
			w->shown = 0;
		}
		w->searched = 0;
	}
}

void
watch_plan_end(struct game *g, int monster)
{
	struct watch	*w = g->watch;

	if (monster == w->monster && w->searched)
		w->shown = w->gen;
	w->planning = -1;
}

/* What the watched monster's last search did to a cell: see game.h. */
enum game_search_cell
game_watch_search(const struct game *g, int x, int y)
{
	const struct watch	*w = g->watch;
	uint32_t		 s;

	if (w == NULL || w->level != g->level || w->shown == 0 || x < 0 ||
	    y < 0 || x >= w->width || y >= w->height)
		return (GAME_SEARCH_NONE);
	s = w->stamp[(size_t)y * w->width + x];
	if ((s >> 2) != w->shown)
		return (GAME_SEARCH_NONE);
	return ((enum game_search_cell)(s & 3));
}

unsigned
game_watch_heat(const struct game *g, int x, int y)
{
	const struct watch	*w = g->watch;

	if (w == NULL || w->level != g->level || x < 0 || y < 0 ||
	    x >= w->width || y >= w->height)
		return (0);
	return (w->heat[(size_t)y * w->width + x]);
}

unsigned
game_watch_heat_max(const struct game *g)
{
	const struct watch	*w = g->watch;

	return (w != NULL && w->level == g->level ? w->heat_max : 0);
}
