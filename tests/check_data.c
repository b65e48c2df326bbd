/*
 * check_data.c: the game's data files, shipped and broken.
 *
 * The shipped data/terrain.txt, data/monsters.txt and every
 * data/dungeons/ *.dun must load, and must make a game that can be won:
 * in each dungeon the path library's A* finds a walk from the player to
 * the stairs on a cost grid built here from the terrain table (doors
 * count as the terrain they open into, gates as open), both at the start
 * and after every timed event has happened.
 *
 * The other tests feed small buffers that are wrong in one way each and
 * read the message a modder would see: it must name the file, the line
 * and (where there is one) the column, and say what was wrong in words
 * a modder would search for.  Absurd sizes (a row of 100000 cells, a
 * million events) run in a child whose heap is capped, so a parser that
 * allocates what the file asks for dies instead of passing.
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "astar.h"
#include "dungeon.h"
#include "grid.h"
#include "item.h"
#include "monster.h"
#include "path.h"
#include "report.h"
#include "suggest.h"
#include "terrain.h"
#include "testutil.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* A string literal as bytes and length, NULs included. */
#define BYTES(s)	s, sizeof s - 1

/* A terrain file with exactly what the game requires, one line a fact. */
static const char base_terrain[] =
    "class walk\n"
    "terrain floor\nglyph .\ncost walk=1\n"
    "terrain wall\nglyph #\nopaque\n"
    "terrain granite\nglyph %\nopaque\n"
    "terrain door\nglyph +\nopen open-door\n"
    "terrain open-door\nglyph '\ncost walk=1\nclose door\n"
    "terrain rubble\nglyph ,\ncost walk=2\n"
    "terrain shallow-water\nglyph ~\ncost walk=2\n"
    "terrain deep-water\nglyph =\n"
    "terrain lava\nglyph ^\n"
    "terrain stairs\nglyph >\ncost walk=1\nstairs\n"
    "terrain amulet\nglyph \"\ncost walk=1\ngoal\n"
    "terrain cave-in\nglyph *\nopaque\n";

/* A monster with exactly the required properties, on lines 1 to 7. */
static const char base_monster[] =
    "monster m\nglyph m\nhp 5\ndamage 1-2\nspeed 10\nclass walk\n"
    "planner astar\n";

/* Concatenates two strings into a new one. */
static char *
cat(const char *a, const char *b)
{
	size_t	 na = strlen(a), nb = strlen(b);
	char	*s = malloc(na + nb + 1);

	ck_assert_ptr_nonnull(s);
	memcpy(s, a, na);
	memcpy(s + na, b, nb + 1);
	return (s);
}

/* Replaces the first old in text with new, in a new string. */
static char *
replace(const char *text, const char *old, const char *new)
{
	const char	*at = strstr(text, old);
	size_t		 n;
	char		*s;

	ck_assert_msg(at != NULL, "\"%s\" is not in the text", old);
	n = strlen(text) - strlen(old) + strlen(new);
	s = malloc(n + 1);
	ck_assert_ptr_nonnull(s);
	memcpy(s, text, (size_t)(at - text));
	strcpy(s + (at - text), new);
	strcat(s, at + strlen(old));
	return (s);
}

/* The 1-based line on which needle first starts in text. */
static int
line_of(const char *text, const char *needle)
{
	const char	*at = strstr(text, needle), *p;
	int		 line = 1;

	ck_assert_msg(at != NULL, "\"%s\" is not in the text", needle);
	for (p = text; p < at; p++)
		line += *p == '\n';
	return (line);
}

/* Lines in a text that ends with a newline. */
static int
lines_in(const char *text)
{
	int	n = 0;

	for (; *text != '\0'; text++)
		n += *text == '\n';
	return (n);
}

/* Asserts that a message holds where and what. */
static void
expect_message(int line, const char *cause, const char *where,
    const char *what)
{
	ck_assert_msg(cause != NULL, "line %d: no message was set", line);
	ck_assert_msg(strstr(cause, where) != NULL, "line %d: message \"%s\" "
	    "lacks \"%s\"", line, cause, where);
	ck_assert_msg(strstr(cause, what) != NULL, "line %d: message \"%s\" "
	    "lacks \"%s\"", line, cause, what);
}

/* Asserts that a terrain file is refused with the given message. */
static void
terrain_refused_at(int line, const char *text, size_t len, const char *where,
    const char *what)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	char			*cause = NULL;

	ck_assert_ptr_nonnull(tt);
	ck_assert_msg(terrain_parse(tt, "t.txt", text, len, &cause) != 0,
	    "line %d: a bad terrain file was accepted (expected \"%s\")",
	    line, what);
	expect_message(line, cause, where, what);
	free(cause);
	free(tt);
}
#define terrain_refused(text, where, what) \
	terrain_refused_at(__LINE__, text, strlen(text), where, what)

/* Parses the base terrain file, or the shipped one. */
static void
load_terrain(struct terrain_table *tt, int shipped)
{
	char	*cause = NULL;
	int	 rc;

	if (shipped)
		rc = terrain_read(tt, SRC_DATA "/terrain.txt", &cause);
	else
		rc = terrain_parse(tt, "base.txt", base_terrain,
		    strlen(base_terrain), &cause);
	ck_assert_msg(rc == 0, "%s", cause);
}

/* Loads the shipped terrain, monster and item tables. */
static void
load_tables(struct terrain_table *tt, struct monster_table *mt,
    struct item_table *it)
{
	char	*cause = NULL;

	load_terrain(tt, 1);
	ck_assert_msg(monster_read(mt, tt, SRC_DATA "/monsters.txt",
	    &cause) == 0, "%s", cause);
	ck_assert_msg(item_read(it, tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
}

/* Asserts that a monster file is refused with the given message. */
static void
monster_refused_at(int line, const char *text, size_t len, const char *where,
    const char *what)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	char			*cause = NULL;

	ck_assert_ptr_nonnull(tt);
	ck_assert_ptr_nonnull(mt);
	load_terrain(tt, 1);
	ck_assert_msg(monster_parse(mt, tt, "m.txt", text, len, &cause) != 0,
	    "line %d: a bad monster file was accepted (expected \"%s\")",
	    line, what);
	expect_message(line, cause, where, what);
	free(cause);
	free(mt);
	free(tt);
}
#define monster_refused(text, where, what) \
	monster_refused_at(__LINE__, text, strlen(text), where, what)

/* Asserts that a dungeon is refused with the given message, left empty. */
static void
dungeon_refused_at(int line, const char *text, size_t len, const char *where,
    const char *what)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon		 d;
	char			*cause = NULL;

	ck_assert_ptr_nonnull(tt);
	ck_assert_ptr_nonnull(mt);
	ck_assert_ptr_nonnull(it);
	load_tables(tt, mt, it);
	memset(&d, 0xa5, sizeof d);
	ck_assert_msg(dungeon_parse(&d, tt, mt, it, "t.dun", text, len,
	    &cause) != 0, "line %d: a bad dungeon was accepted (expected "
	    "\"%s\")", line, what);
	expect_message(line, cause, where, what);
	ck_assert_msg(d.terrain == NULL && d.spawns == NULL &&
	    d.items == NULL && d.gates == NULL && d.events == NULL &&
	    d.width == 0 && d.height == 0, "line %d: the refused dungeon is "
	    "not empty", line);
	dungeon_free(&d);
	free(cause);
	free(it);
	free(mt);
	free(tt);
}
#define dungeon_refused(text, where, what) \
	dungeon_refused_at(__LINE__, text, strlen(text), where, what)

/* Parses a dungeon that must be good. */
static void
dungeon_good(struct dungeon *d, const struct terrain_table *tt,
    const struct monster_table *mt, const struct item_table *it,
    const char *text)
{
	char	*cause = NULL;

	ck_assert_msg(dungeon_parse(d, tt, mt, it, "t.dun", text, strlen(text),
	    &cause) == 0, "%s", cause);
}

/*
 * Sanitizer builds reserve huge shadow mappings that a heap cap would
 * break; there the sanitizer itself refuses absurd allocations.
 */
#if defined(__SANITIZE_ADDRESS__)
#define DATA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DATA_SANITIZED 1
#endif
#endif

/*
 * Runs fn in a child allowed 16 MiB of heap beyond what it starts with;
 * returns its exit status, or -1 if it died.  Uncapped under sanitizers.
 */
static int
run_capped(int (*fn)(void))
{
#ifdef DATA_SANITIZED
	return (fn());
#else
	struct rlimit	rl;
	FILE		*f;
	char		 line[256];
	long		 kb = -1;
	pid_t		 pid;
	int		 status;

	fflush(NULL);
	if ((pid = fork()) == -1)
		return (fn());
	if (pid == 0) {
		if ((f = fopen("/proc/self/status", "r")) != NULL) {
			while (fgets(line, sizeof line, f) != NULL &&
			    sscanf(line, "VmData: %ld kB", &kb) != 1)
				;
			fclose(f);
		}
		if (kb > 0) {
			rl.rlim_cur = rl.rlim_max = (rlim_t)kb * 1024 +
			    (16L << 20);
			setrlimit(RLIMIT_DATA, &rl);
		}
		_exit(fn());
	}
	if (waitpid(pid, &status, 0) != pid)
		return (-1);
	return (WIFEXITED(status) ? WEXITSTATUS(status) : -1);
#endif
}

/* --- the shipped data --------------------------------------------------- */

/* data/terrain.txt loads and has the terrains and classes the game uses. */
START_TEST(test_shipped_terrain)
{
	struct terrain_table	tt;
	const struct terrain	*t;
	int			i, j;

	load_terrain(&tt, 1);
	ck_assert_int_ge(terrain_class_find(&tt, "walk"), 0);
	ck_assert_int_ge(terrain_class_find(&tt, "doors"), 0);
	ck_assert_int_ge(terrain_class_find(&tt, "swim"), 0);
	ck_assert_int_ge(terrain_class_find(&tt, "fly"), 0);
	ck_assert_int_eq(tt.walk, terrain_class_find(&tt, "walk"));
	ck_assert_int_eq(tt.floor, terrain_find(&tt, "floor"));
	ck_assert_int_eq(tt.goal, terrain_find(&tt, "amulet"));
	ck_assert_int_eq(tt.cave_in, terrain_find(&tt, "cave-in"));
	ck_assert_int_ge(terrain_find(&tt, "gate-open"), 0);
	ck_assert_int_ge(terrain_find(&tt, "gate-closed"), 0);

	/* Doors open and close into each other, and hands help. */
	ck_assert_int_eq(tt.t[tt.door].open, tt.open_door);
	ck_assert_int_eq(tt.t[tt.open_door].close, tt.door);
	ck_assert_int_eq(tt.t[tt.door].cost[tt.walk], 0);
	ck_assert_int_gt(tt.t[tt.door].cost[terrain_class_find(&tt,
	    "doors")], 0);
	ck_assert(tt.t[tt.door].flags & TERRAIN_OPAQUE);
	ck_assert(!(tt.t[tt.open_door].flags & TERRAIN_OPAQUE));

	/* Walls dig to rubble, granite never; floor collapses. */
	ck_assert_int_eq(tt.t[tt.wall].dig, tt.rubble);
	ck_assert_int_eq(tt.t[tt.granite].dig, -1);
	ck_assert_int_eq(tt.t[tt.floor].collapse, tt.cave_in);
	ck_assert_int_eq(tt.t[tt.cave_in].dig, tt.rubble);

	/* Water is for swimmers, lava for fliers only. */
	ck_assert_int_eq(tt.t[tt.deep_water].cost[tt.walk], 0);
	ck_assert_int_gt(tt.t[tt.deep_water].cost[terrain_class_find(&tt,
	    "swim")], 0);
	for (i = 0; i < tt.nclasses; i++) {
		ck_assert_int_eq(tt.t[tt.lava].cost[i],
		    i == terrain_class_find(&tt, "fly") ? 1 : 0);
	}
	ck_assert(tt.t[tt.stairs].flags & TERRAIN_STAIRS);
	ck_assert(tt.t[tt.goal].flags & TERRAIN_GOAL);

	/* Glyphs are unique and every terrain is described. */
	for (i = 0; i < tt.n; i++) {
		t = &tt.t[i];
		ck_assert_msg(t->describe[0] != '\0', "%s has no description",
		    t->name);
		for (j = 0; j < i; j++)
			ck_assert_str_ne(t->glyph, tt.t[j].glyph);
	}
}
END_TEST

/*
 * data/monsters.txt loads with enough variety for the ten depths of the
 * standard game: at least 20 kinds, four of every depth, six first met
 * at depths 6 to 10, four that shoot (issue 26).
 */
START_TEST(test_shipped_monsters)
{
	struct terrain_table		tt;
	struct monster_table		mt;
	struct item_table		it;
	const struct monster_kind	*mk;
	int				i, depth, n, planners = 0, classes = 0;
	int				shooters;

	load_tables(&tt, &mt, &it);
	ck_assert_int_ge(mt.n, 12);
	for (i = 0; i < mt.n; i++) {
		mk = &mt.k[i];
		ck_assert_msg(mk->damage_min <= mk->damage_max, "%s", mk->name);
		ck_assert_msg(mk->speed >= 1 && mk->cls >= 0 &&
		    mk->cls < tt.nclasses, "%s", mk->name);
		ck_assert_msg(mk->describe[0] != '\0', "%s has no description",
		    mk->name);
		planners |= 1 << mk->planner;
		classes |= 1 << mk->cls;
	}
	ck_assert_int_eq(planners, (1 << PATH_PLANNER_KINDS) - 1);
	ck_assert_int_eq(classes, (1 << tt.nclasses) - 1);
	ck_assert_int_ge(mt.n, 20);
	for (depth = 1; depth <= 10; depth++) {
		n = 0;
		for (i = 0; i < mt.n; i++) {
			mk = &mt.k[i];
			n += mk->depth_min <= depth && depth <= mk->depth_max &&
			    mk->frequency > 0;
		}
		ck_assert_msg(n >= 4, "only %d monsters at depth %d", n, depth);
	}
	for (i = n = shooters = 0; i < mt.n; i++) {
		n += mt.k[i].depth_min >= 6 && mt.k[i].depth_min <= 10;
		shooters += mt.k[i].range > 0;
	}
	ck_assert_msg(n >= 6, "only %d kinds first met at depths 6-10", n);
	ck_assert_msg(shooters >= 4, "only %d kinds shoot", shooters);
	ck_assert_int_ge(monster_find(&mt, "rat"), 0);
	ck_assert_int_eq(monster_find(&mt, "balrog"), -1);
}
END_TEST

/*
 * Builds the walk grid of a dungeon: terrain the player cannot enter but
 * can open counts as what it opens into, gate cells as their open terrain.
 */
static struct path_grid *
walk_grid(const struct terrain_table *tt, const struct dungeon *d,
    const uint8_t *cells)
{
	struct path_grid	*g;
	int			 x, y, t, i, j, cost;

	g = path_grid_new(d->width, d->height, 0, 16);
	for (y = 0; y < d->height; y++) {
		for (x = 0; x < d->width; x++) {
			t = cells[y * d->width + x];
			cost = tt->t[t].cost[tt->walk];
			if (cost == 0 && tt->t[t].open >= 0)
				cost = tt->t[tt->t[t].open].cost[tt->walk];
			path_grid_set(g, x, y, (unsigned)cost);
		}
	}
	for (i = 0; i < d->ngates; i++) {
		for (j = 0; j < d->gates[i].ncells; j++) {
			t = d->gates[i].open;
			path_grid_set(g, d->gates[i].cells[j] % d->width,
			    d->gates[i].cells[j] / d->width,
			    tt->t[t].cost[tt->walk]);
		}
	}
	return (g);
}

/* Whether the player can walk from the start to a stairs cell. */
static int
can_reach_stairs(const struct terrain_table *tt, const struct dungeon *d,
    const uint8_t *cells)
{
	struct path_grid	*g = walk_grid(tt, d, cells);
	struct path_astar	*ws = path_astar_new(d->width, d->height);
	int			 x, y, found = 0;

	for (y = 0; y < d->height && !found; y++) {
		for (x = 0; x < d->width && !found; x++) {
			if (!(tt->t[cells[y * d->width + x]].flags &
			    TERRAIN_STAIRS))
				continue;
			found = path_astar_search(ws, g, d->rules, d->px, d->py,
			    x, y, NULL) != PATH_COST_NONE;
		}
	}
	path_astar_free(ws);
	path_grid_free(g);
	return (found);
}

/* Compares directory entries by name, for a fixed order. */
static int
compare_names(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* Every shipped dungeon loads, fits the rules and can be won. */
START_TEST(test_shipped_dungeons)
{
	struct terrain_table		 tt;
	struct monster_table		 mt;
	struct item_table		 it;
	struct dungeon			 d;
	const struct dungeon_event	*e;
	const struct monster_kind	*mk;
	DIR				*dir;
	struct dirent			*de;
	char				*names[64], path[1024], *cause;
	uint8_t				*cells;
	size_t				 n = 0, i, len;
	int				 k, x, y, stairs;

	load_tables(&tt, &mt, &it);
	dir = opendir(SRC_DATA "/dungeons");
	ck_assert_ptr_nonnull(dir);
	while ((de = readdir(dir)) != NULL && n < 64) {
		len = strlen(de->d_name);
		if (len > 4 && strcmp(de->d_name + len - 4, ".dun") == 0)
			names[n++] = strdup(de->d_name);
	}
	closedir(dir);
	ck_assert_uint_ge(n, 5);
	qsort(names, n, sizeof names[0], compare_names);

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/dungeons/%s", SRC_DATA,
		    names[i]);
		cause = NULL;
		ck_assert_msg(dungeon_read(&d, &tt, &mt, &it, path, &cause) == 0,
		    "%s", cause);
		ck_assert_msg(d.width >= 30 && d.width <= 70 &&
		    d.height >= 15 && d.height <= 30, "%s is %dx%d", path,
		    d.width, d.height);
		ck_assert_msg(d.px >= 0 && d.py >= 0, "%s has no player", path);
		ck_assert_msg(d.nspawns >= 5, "%s has %d monsters", path,
		    d.nspawns);
		ck_assert_msg(d.name[0] != '\0' && strstr(d.name, ".dun") ==
		    NULL, "%s has no name: key", path);
		stairs = 0;
		for (k = 0; k < d.width * d.height; k++)
			stairs += (tt.t[d.terrain[k]].flags &
			    TERRAIN_STAIRS) != 0;
		ck_assert_msg(stairs >= 1, "%s has no stairs", path);

		/* Every monster starts where its class can stand. */
		for (k = 0; k < d.nspawns; k++) {
			mk = &mt.k[d.spawns[k].kind];
			x = d.spawns[k].x;
			y = d.spawns[k].y;
			ck_assert_msg(tt.t[d.terrain[y * d.width + x]].
			    cost[mk->cls] > 0, "%s: %s at %d,%d is stuck",
			    path, mk->name, x, y);
		}

		/* Winnable now, and once every event has happened. */
		ck_assert_msg(can_reach_stairs(&tt, &d, d.terrain),
		    "%s: no walk from the player to the stairs", path);
		cells = malloc((size_t)d.width * (size_t)d.height);
		ck_assert_ptr_nonnull(cells);
		memcpy(cells, d.terrain, (size_t)d.width * (size_t)d.height);
		for (k = 0; k < d.nevents; k++) {
			e = &d.events[k];
			for (y = e->y; y < e->y + e->h; y++) {
				for (x = e->x; x < e->x + e->w; x++)
					cells[y * d.width + x] =
					    (uint8_t)e->terrain;
			}
		}
		ck_assert_msg(can_reach_stairs(&tt, &d, cells), "%s: the "
		    "events cut the player off from the stairs", path);
		free(cells);
		dungeon_free(&d);
		free(names[i]);
	}
}
END_TEST

/* --- terrain files ------------------------------------------------------ */

/* A minimal file, forward references, UTF-8 glyphs and CRLF all work. */
START_TEST(test_terrain_good)
{
	struct terrain_table	 tt;
	char			*text, *crlf, *cause = NULL;
	size_t			 i, o;
	int			 a, b;

	load_terrain(&tt, 0);
	ck_assert_int_eq(tt.nclasses, 1);
	ck_assert_int_eq(tt.n, 12);
	ck_assert_int_eq(tt.t[tt.door].open, tt.open_door);
	ck_assert_int_eq(tt.t[tt.floor].colour, COLOUR_DEFAULT);

	text = cat(base_terrain, "# forward\n  terrain a\n  glyph \xe2\x89\x88\n"
	    "  open b\n  colour red bright\n  describe   Some  text.  \n"
	    "terrain b\nglyph B\ncolor cyan\ncost walk=7\n");
	ck_assert_msg(terrain_parse(&tt, "t.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	a = terrain_find(&tt, "a");
	b = terrain_find(&tt, "b");
	ck_assert_int_ge(a, 0);
	ck_assert_int_eq(tt.t[a].open, b);
	ck_assert_str_eq(tt.t[a].glyph, "\xe2\x89\x88");
	ck_assert_int_eq(tt.t[a].colour, COLOUR_RED);
	ck_assert_int_eq(tt.t[a].bright, 1);
	ck_assert_str_eq(tt.t[a].describe, "Some  text.");
	ck_assert_int_eq(tt.t[b].cost[0], 7);
	ck_assert_int_eq(tt.t[b].colour, COLOUR_CYAN);
	ck_assert_int_eq(tt.t[a].line, line_of(text, "  terrain a"));

	crlf = malloc(strlen(text) * 2 + 1);
	ck_assert_ptr_nonnull(crlf);
	for (i = o = 0; text[i] != '\0'; i++) {
		if (text[i] == '\n')
			crlf[o++] = '\r';
		crlf[o++] = text[i];
	}
	ck_assert_msg(terrain_parse(&tt, "t.txt", crlf, o, &cause) == 0, "%s",
	    cause);
	ck_assert_str_eq(tt.t[terrain_find(&tt, "a")].describe, "Some  text.");
	free(crlf);
	free(text);

	ck_assert_str_eq(colour_name(COLOUR_MAGENTA), "magenta");
	ck_assert_str_eq(colour_name((enum colour)99), "?");
}
END_TEST

/* A bad file leaves the caller's table as it was. */
START_TEST(test_terrain_untouched)
{
	struct terrain_table	tt;
	char			*cause = NULL;

	load_terrain(&tt, 0);
	ck_assert_int_ne(terrain_parse(&tt, "t.txt", "class walk\n", 11,
	    &cause), 0);
	free(cause);
	ck_assert_int_eq(tt.n, 12);
	ck_assert_int_eq(terrain_find(&tt, "lava"), tt.lava);
}
END_TEST

/* Unknown keys and properties outside a block. */
START_TEST(test_terrain_unknown_key)
{
	terrain_refused("class walk\nterrain floor\n\tglyph .\n\tsmell bad\n",
	    "t.txt:4:2:", "unknown key \"smell\"");
	terrain_refused("class walk\nglyph .\n", "t.txt:2:1:",
	    "outside a terrain block");
	terrain_refused("opaque\n", "t.txt:1:1:", "outside a terrain block");
	terrain_refused("class walk\nterrain floor\nglyph .\nopaque now\n",
	    "t.txt:4:8:", "takes nothing");
}
END_TEST

/* Duplicate terrains, classes and glyphs. */
START_TEST(test_terrain_duplicates)
{
	char	*text, where[64];

	text = cat(base_terrain, "terrain floor\nglyph F\n");
	snprintf(where, sizeof where, "t.txt:%d:9:", lines_in(base_terrain) +
	    1);
	terrain_refused(text, where, "duplicate terrain \"floor\"");
	free(text);

	terrain_refused("class walk\nclass walk\n", "t.txt:2:7:",
	    "duplicate class \"walk\"");

	text = cat(base_terrain, "terrain x\nglyph .\n");
	snprintf(where, sizeof where, "t.txt:%d:7:", lines_in(base_terrain) +
	    2);
	terrain_refused(text, where, "duplicate glyph '.'");
	free(text);

	terrain_refused("class walk\nterrain a\nglyph a\nglyph b\n",
	    "t.txt:4:1:", "\"glyph\" given twice");
}
END_TEST

/* Costs name declared classes and stay within 0..254. */
START_TEST(test_terrain_costs)
{
	char	*text, where[64];
	int	 line = lines_in(base_terrain) + 3;

	text = cat(base_terrain, "terrain x\nglyph X\ncost walk=1 swim=2\n");
	snprintf(where, sizeof where, "t.txt:%d:13:", line);
	terrain_refused(text, where, "unknown class \"swim\"");
	free(text);

	text = cat(base_terrain, "terrain x\nglyph X\ncost walk=255\n");
	snprintf(where, sizeof where, "t.txt:%d:11:", line);
	terrain_refused(text, where, "not a number from 0");
	free(text);

	text = cat(base_terrain, "terrain x\nglyph X\ncost walk=-1\n");
	terrain_refused(text, where, "not a number from 0");
	free(text);

	text = cat(base_terrain, "terrain x\nglyph X\ncost walk\n");
	snprintf(where, sizeof where, "t.txt:%d:6:", line);
	terrain_refused(text, where, "expected CLASS=N");
	free(text);

	text = cat(base_terrain, "terrain x\nglyph X\ncost walk=1 walk=2\n");
	snprintf(where, sizeof where, "t.txt:%d:13:", line);
	terrain_refused(text, where, "given twice");
	free(text);
}
END_TEST

/* Glyphs are one printable character, never '@'. */
START_TEST(test_terrain_glyphs)
{
	terrain_refused("class walk\nterrain a\nglyph\n", "t.txt:3:1:",
	    "expected \"glyph C\"");
	terrain_refused("class walk\nterrain a\nglyph ab\n", "t.txt:3:7:",
	    "exactly one character");
	terrain_refused("class walk\nterrain a\nglyph a b\n", "t.txt:3:1:",
	    "expected \"glyph C\"");
	terrain_refused("class walk\nterrain a\nglyph @\n", "t.txt:3:7:",
	    "player's");
	terrain_refused("class walk\nterrain a\nglyph \x01\n", "t.txt:3:7:",
	    "printable");
	terrain_refused("class walk\nterrain a\nglyph \xff\n", "t.txt:3:7:",
	    "UTF-8");
	terrain_refused("class walk\nterrain a\nglyph \xc3\n", "t.txt:3:7:",
	    "UTF-8");
	terrain_refused("class walk\nterrain a\ncost walk=1\n", "t.txt:2:1:",
	    "has no glyph");
}
END_TEST

/* No more than TERRAIN_MAX terrains and CLASS_MAX classes. */
START_TEST(test_terrain_too_many)
{
	static const char glyphs[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0";
	char	*text, *more, piece[64], where[64];
	int	 i;

	/* The base has 12 terrains: 53 more make one too many. */
	text = strdup(base_terrain);
	for (i = 0; i < 53; i++) {
		snprintf(piece, sizeof piece, "terrain t%d\nglyph %c\n", i,
		    glyphs[i]);
		more = cat(text, piece);
		free(text);
		text = more;
	}
	snprintf(where, sizeof where, "t.txt:%d:1:", lines_in(text) - 1);
	terrain_refused(text, where, "too many terrains (at most 64)");
	free(text);

	terrain_refused("class a\nclass b\nclass c\nclass d\nclass e\n"
	    "class f\nclass g\nclass h\nclass i\n", "t.txt:9:1:",
	    "too many classes (at most 8)");
}
END_TEST

/* The class and terrains the game needs must be there. */
START_TEST(test_terrain_required)
{
	char	*text, where[64];

	terrain_refused("class feet\nterrain floor\nglyph .\n", "t.txt:",
	    "no class \"walk\"");
	text = replace(base_terrain, "terrain lava\nglyph ^\n", "");
	terrain_refused(text, "t.txt:", "no terrain \"lava\"");
	free(text);
	text = replace(base_terrain, "terrain floor\nglyph .\ncost walk=1\n",
	    "");
	terrain_refused(text, "t.txt:", "no terrain \"floor\"");
	free(text);

	text = replace(base_terrain, "cost walk=1\nstairs\n", "cost walk=1\n");
	snprintf(where, sizeof where, "t.txt:%d:1:", line_of(text,
	    "terrain stairs"));
	terrain_refused(text, where, "must have the stairs flag");
	free(text);

	text = replace(base_terrain, "goal\n", "");
	snprintf(where, sizeof where, "t.txt:%d:1:", line_of(text,
	    "terrain amulet"));
	terrain_refused(text, where, "must have the goal flag");
	free(text);

	text = replace(base_terrain, "open open-door\n", "");
	snprintf(where, sizeof where, "t.txt:%d:1:", line_of(text,
	    "terrain door"));
	terrain_refused(text, where, "must open");
	free(text);

	text = replace(base_terrain, "glyph .\ncost walk=1\n", "glyph .\n");
	snprintf(where, sizeof where, "t.txt:%d:1:", line_of(text,
	    "terrain floor"));
	terrain_refused(text, where, "must cost class \"walk\"");
	free(text);
}
END_TEST

/* A transition to a terrain that never comes is reported where it was. */
START_TEST(test_terrain_bad_transition)
{
	char	*text, where[64];

	text = cat(base_terrain, "terrain x\nglyph X\nopen nowhere\n");
	snprintf(where, sizeof where, "t.txt:%d:6:", lines_in(base_terrain) +
	    3);
	terrain_refused(text, where, "unknown terrain \"nowhere\"");
	free(text);

	text = cat(base_terrain, "terrain x\nglyph X\ncollapse\n");
	snprintf(where, sizeof where, "t.txt:%d:1:", lines_in(base_terrain) +
	    3);
	terrain_refused(text, where, "expected \"collapse TERRAIN\"");
	free(text);

	text = cat(base_terrain, "terrain x\nglyph X\ndig no\x01pe\n");
	snprintf(where, sizeof where, "t.txt:%d:5:", lines_in(base_terrain) +
	    3);
	terrain_refused(text, where, "bad terrain name");
	free(text);
}
END_TEST

/* Empty files, binary garbage and oversized files are refused. */
START_TEST(test_terrain_garbage)
{
	static const char garbage[] = "\x7f" "ELF\x02\x01\x01\0\0\0\0\n\0\xff";
	char	*big;
	size_t	 n = (1UL << 20) + 1;

	terrain_refused("", "t.txt:", "empty file");
	terrain_refused("# only a comment\n\n   \n", "t.txt:", "empty file");
	terrain_refused_at(__LINE__, garbage, sizeof garbage - 1, "t.txt:1:1:",
	    "unknown key");
	terrain_refused_at(__LINE__, BYTES("class walk\nterrain a\0b\n"),
	    "t.txt:2:9:", "bad terrain name");
	terrain_refused_at(__LINE__, BYTES("class walk\nterrain a\nglyph \0\n"),
	    "t.txt:3:7:", "printable");
	terrain_refused("class walk\nterrain a\nglyph a\ndescribe bad\x1b[2J\n",
	    "t.txt:4:10:", "control character");
	big = malloc(n);
	ck_assert_ptr_nonnull(big);
	memset(big, '#', n);
	terrain_refused_at(__LINE__, big, n, "t.txt:", "larger than 1 MiB, the limit");
	free(big);
}
END_TEST

/* --- monster files ------------------------------------------------------ */

/*
 * A door-holder's keys (hold.c): the hold-doors flag, and spikes, which
 * must name a terrain no class enters and that opens again; and a class
 * that digs (dig.c), declared "class NAME digs", which nothing else
 * may follow.
 */
START_TEST(test_monster_holder_digger)
{
	struct terrain_table	 tt;
	struct monster_table	 mt;
	char			*text, *cause = NULL;
	int			 dig;

	load_terrain(&tt, 1);
	text = cat(base_monster, "behaviour hold-doors\nspikes spiked-door\n");
	ck_assert_msg(monster_parse(&mt, &tt, "m.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	ck_assert(mt.k[0].flags & MONSTER_HOLD);
	ck_assert_int_eq(mt.k[0].spikes, terrain_find(&tt, "spiked-door"));
	free(text);
	ck_assert_msg(monster_parse(&mt, &tt, "m.txt", base_monster,
	    strlen(base_monster), &cause) == 0, "%s", cause);
	ck_assert_int_eq(mt.k[0].spikes, -1);
	ck_assert(!(mt.k[0].flags & MONSTER_HOLD));
	text = cat(base_monster, "spikes lava\n");
	monster_refused(text, "m.txt:8:8:", "terrain \"lava\" is no spiked "
	    "door");
	free(text);
	text = cat(base_monster, "spikes open-door\n");
	monster_refused(text, "m.txt:8:8:", "is no spiked door");
	free(text);
	text = cat(base_monster, "spikes nowhere\n");
	monster_refused(text, "m.txt:8:8:", "unknown terrain \"nowhere\"");
	free(text);
	text = cat(base_monster, "spikes\n");
	monster_refused(text, "m.txt:8:1:", "expected \"spikes TERRAIN\"");
	free(text);
	text = cat(base_monster, "spikes door door\n");
	monster_refused(text, "m.txt:8:1:", "expected \"spikes TERRAIN\"");
	free(text);

	/* The shipped table's dig class digs walls, not granite or floor. */
	ck_assert_int_ge(dig = terrain_class_find(&tt, "dig"), 0);
	ck_assert(terrain_dug(&tt, dig, tt.wall));
	ck_assert(terrain_dug(&tt, dig, tt.cave_in));
	ck_assert(!terrain_dug(&tt, dig, tt.granite));
	ck_assert(!terrain_dug(&tt, dig, tt.floor));
	ck_assert(!terrain_dug(&tt, tt.walk, tt.wall));
	ck_assert(terrain_solid(&tt, tt.wall));
	terrain_refused("class walk\nclass mole burrows\n", "t.txt:2:12:",
	    "expected \"class NAME\" or \"class NAME digs\"");
	terrain_refused("class walk\nclass mole digs deep\n", "t.txt:2:12:",
	    "expected \"class NAME\" or \"class NAME digs\"");
}
END_TEST

/* Defaults, flags, ranges and planners are read as written. */
START_TEST(test_monster_good)
{
	struct terrain_table		 tt;
	struct monster_table		 mt;
	const struct monster_kind	*mk;
	char				*text, *cause = NULL;

	load_terrain(&tt, 1);
	text = cat(base_monster, "monster n\n  glyph \xce\xb6\n  hp 30\n"
	    "  damage 7\n  speed 20\n  class swim\n  planner mtdstar\n"
	    "  behaviour pack doors ambush\n  behavior erratic\n"
	    "  depth 2-4\n  value 0\n  sight 0\n  hearing 50\n"
	    "  give-up 0\n  colour blue bright\n  describe Wet.\n");
	ck_assert_msg(monster_parse(&mt, &tt, "m.txt", text, strlen(text),
	    &cause) != 0, "behaviour and behavior are the same key");
	free(cause);
	free(text);

	text = cat(base_monster, "monster n\n  glyph \xce\xb6\n  hp 30\n"
	    "  damage 7\n  speed 20\n  class swim\n  planner mtdstar\n"
	    "  behaviour pack doors ambush erratic\n"
	    "  depth 2-4\n  value 0\n  sight 0\n  hearing 50\n"
	    "  give-up 0\n  colour blue bright\n  describe Wet.\n");
	ck_assert_msg(monster_parse(&mt, &tt, "m.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	ck_assert_int_eq(mt.n, 2);

	mk = &mt.k[monster_find(&mt, "m")];
	ck_assert_int_eq(mk->hp, 5);
	ck_assert_int_eq(mk->damage_min, 1);
	ck_assert_int_eq(mk->damage_max, 2);
	ck_assert_int_eq(mk->sight, 8);
	ck_assert_int_eq(mk->hearing, 8);
	ck_assert_int_eq(mk->give_up, 20);
	ck_assert_int_eq(mk->depth_min, 1);
	ck_assert_int_eq(mk->depth_max, 100);
	ck_assert_int_eq(mk->value, 5);
	ck_assert_int_eq(mk->colour, COLOUR_DEFAULT);
	ck_assert_int_eq(mk->flags, 0);
	ck_assert_int_eq(mk->planner, PATH_PLANNER_ASTAR);
	ck_assert_int_eq(mk->cls, tt.walk);
	ck_assert_int_eq(mk->line, 1);

	mk = &mt.k[monster_find(&mt, "n")];
	ck_assert_str_eq(mk->glyph, "\xce\xb6");
	ck_assert_int_eq(mk->damage_min, 7);
	ck_assert_int_eq(mk->damage_max, 7);
	ck_assert_int_eq(mk->cls, terrain_class_find(&tt, "swim"));
	ck_assert_int_eq(mk->planner, PATH_PLANNER_MTDSTAR);
	ck_assert_uint_eq(mk->flags, MONSTER_PACK | MONSTER_DOORS |
	    MONSTER_AMBUSH | MONSTER_ERRATIC);
	ck_assert_int_eq(mk->depth_min, 2);
	ck_assert_int_eq(mk->depth_max, 4);
	ck_assert_int_eq(mk->value, 0);
	ck_assert_int_eq(mk->sight, 0);
	ck_assert_int_eq(mk->hearing, 50);
	ck_assert_int_eq(mk->give_up, 0);
	ck_assert_int_eq(mk->colour, COLOUR_BLUE);
	ck_assert_int_eq(mk->bright, 1);
	ck_assert_str_eq(mk->describe, "Wet.");
	ck_assert_int_eq(mk->line, 8);
	free(text);
}
END_TEST

/*
 * "drops ITEM PERCENT" (repeatable) and "escort KIND A-B": each error at
 * its file:line:column; an item is known only once items.txt is read
 * (monster_link_items(), as tables_read() and the checker do).
 */
START_TEST(test_monster_drops_escort)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct monster_table	*st = calloc(1, sizeof *st);
	struct item_table	*it = calloc(1, sizeof *it);
	char			*text, *cause = NULL;
	int			 m;

	ck_assert(tt != NULL && mt != NULL && st != NULL && it != NULL);
	text = cat(base_monster, "escort nobody 1-2\n");
	monster_refused(text, "m.txt:8:8:", "unknown monster \"nobody\" in "
	    "escort");
	free(text);
	text = cat(base_monster, "escort m 1-2\n");
	monster_refused(text, "m.txt:8:8:", "cannot escort itself");
	free(text);
	text = cat(base_monster, "escort m 3-1\n");
	monster_refused(text, "m.txt:8:10:", "expected a range");
	free(text);
	text = cat(base_monster, "drops dart 0\n");
	monster_refused(text, "m.txt:8:12:", "expected a percent");
	free(text);
	text = cat(base_monster, "drops dart\n");
	monster_refused(text, "m.txt:8:1:", "expected \"drops ITEM PERCENT\"");
	free(text);
	text = cat(base_monster, "drops a 1\ndrops b 1\ndrops c 1\n"
	    "drops d 1\ndrops e 1\n");
	monster_refused(text, "m.txt:12:1:", "too many drops");
	free(text);

	/* Good: linked to the shipped items and kinds. */
	load_tables(tt, st, it);
	text = cat(base_monster, "drops dart 100\ndrops  potion-of-healing 5\n"
	    "escort n 2-3\nmonster n\nglyph n\nhp 1\ndamage 1\nspeed 10\n"
	    "class walk\nplanner astar\n");
	ck_assert_msg(monster_parse(mt, tt, "m.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	ck_assert_msg(monster_link_items(mt, it, "m.txt", NULL, &cause) == 0, "%s",
	    cause);
	m = monster_find(mt, "m");
	ck_assert_int_eq(mt->k[m].ndrops, 2);
	ck_assert_int_eq(mt->k[m].drops[0].item, item_find(it, "dart"));
	ck_assert_int_eq(mt->k[m].drops[0].percent, 100);
	ck_assert_int_eq(mt->k[m].drops[1].item,
	    item_find(it, "potion-of-healing"));
	ck_assert_int_eq(mt->k[m].escort, monster_find(mt, "n"));
	ck_assert_int_eq(mt->k[m].escort_min, 2);
	ck_assert_int_eq(mt->k[m].escort_max, 3);
	ck_assert_int_eq(mt->k[monster_find(mt, "n")].escort, -1);
	free(text);

	/* An item items.txt lacks: at the name's line and column. */
	text = cat(base_monster, "drops dart 10\ndrops  gold-ring 50\n");
	ck_assert_msg(monster_parse(mt, tt, "m.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	ck_assert_int_ne(monster_link_items(mt, it, "m.txt", NULL, &cause), 0);
	expect_message(__LINE__, cause, "m.txt:9:8:", "unknown item "
	    "\"gold-ring\" in drops");
	free(cause);
	free(text);
	free(tt);
	free(mt);
	free(st);
	free(it);
}
END_TEST

/* Unknown keys, keys outside a block, duplicate monsters. */
START_TEST(test_monster_keys)
{
	char	*text;

	text = cat(base_monster, "smell bad\n");
	monster_refused(text, "m.txt:8:1:", "unknown key \"smell\"");
	free(text);
	monster_refused("glyph x\n", "m.txt:1:1:", "outside a monster block");
	text = cat(base_monster, base_monster);
	monster_refused(text, "m.txt:8:9:", "duplicate monster \"m\"");
	free(text);
	text = cat(base_monster, "hp 6\n");
	monster_refused(text, "m.txt:8:1:", "\"hp\" given twice");
	free(text);
	monster_refused("monster two words\n", "m.txt:1:1:", "expected "
	    "\"monster NAME\"");
	/* A summoner's kind is looked up once the file is read. */
	text = cat(base_monster, "summons ghoul 1-2\nsummon-every 5\n");
	monster_refused(text, "m.txt:8:9:", "unknown monster \"ghoul\" "
	    "cannot be summoned");
	free(text);
	text = cat(base_monster, "summons m 1-9\nsummon-every 5\n");
	monster_refused(text, "m.txt:8:11:", "summons \"1-9\" is not a "
	    "range");
	free(text);
	text = cat(base_monster, "summon-every 0\n");
	monster_refused(text, "m.txt:8:14:", "summon-every \"0\" is not a "
	    "number from 1 to 1000");
	free(text);
	text = cat(base_monster, "summon-cap 2\n");
	monster_refused(text, "m.txt:1:1:", "monster \"m\" has no "
	    "\"summons KIND A-B\"");
	free(text);
}
END_TEST

/* Numbers out of range: hp 0, speed 1000, damage 5-2 and others. */
START_TEST(test_monster_ranges)
{
	static const struct {
		const char	*old, *new, *where, *what;
	} cases[] = {
		{ "hp 5", "hp 0", "m.txt:3:4:", "hp \"0\" is not a number "
		  "from 1 to 10000" },
		{ "hp 5", "hp 99999999999999999999", "m.txt:3:4:",
		  "not a number" },
		{ "speed 10", "speed 1000", "m.txt:5:7:", "speed \"1000\" is "
		  "not a number from 1 to 100" },
		{ "speed 10", "speed ten", "m.txt:5:7:", "not a number" },
		{ "damage 1-2", "damage 5-2", "m.txt:4:8:", "A <= B" },
		{ "damage 1-2", "damage 1-1001", "m.txt:4:8:", "<= 1000" },
		{ "damage 1-2", "damage -1-2", "m.txt:4:8:", "range" },
		{ "damage 1-2", "damage", "m.txt:4:1:", "expected \"damage "
		  "A-B\"" },
		{ "hp 5", "hp 5\nsight 51", "m.txt:4:7:", "from 0 to 50" },
		{ "hp 5", "hp 5\ndepth 0-3", "m.txt:4:7:", "range" },
		{ "hp 5", "hp 5\ngive-up 10001", "m.txt:4:9:",
		  "from 0 to 10000" }
	};
	char	*text;
	size_t	 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		text = replace(base_monster, cases[i].old, cases[i].new);
		monster_refused_at(__LINE__, text, strlen(text),
		    cases[i].where, cases[i].what);
		free(text);
	}
}
END_TEST

/* Classes, planners and behaviour flags must exist. */
START_TEST(test_monster_names)
{
	char	*text;

	text = replace(base_monster, "class walk", "class swimmy");
	monster_refused(text, "m.txt:6:7:", "unknown class \"swimmy\"");
	free(text);
	text = replace(base_monster, "planner astar", "planner dijkstra");
	monster_refused(text, "m.txt:7:9:", "unknown planner \"dijkstra\"");
	free(text);
	text = cat(base_monster, "behaviour pack sneaky\n");
	monster_refused(text, "m.txt:8:16:", "unknown behaviour \"sneaky\"");
	free(text);
	text = cat(base_monster, "colour purple\n");
	monster_refused(text, "m.txt:8:8:", "unknown colour");
	free(text);
	text = cat(base_monster, "colour red dim\n");
	monster_refused(text, "m.txt:8:1:", "[bright]");
	free(text);
}
END_TEST

/* A monster without a required property is reported at its own line. */
START_TEST(test_monster_required)
{
	static const char *const lines[] = {
		"glyph m\n", "hp 5\n", "damage 1-2\n", "speed 10\n",
		"class walk\n", "planner astar\n"
	};
	static const char *const names[] = {
		"\"glyph\"", "\"hp\"", "\"damage\"", "\"speed\"", "\"class\"",
		"\"planner\""
	};
	char	*text, *two;
	size_t	 i;

	for (i = 0; i < 6; i++) {
		text = replace(base_monster, lines[i], "");
		two = cat(text, "monster other\n");
		monster_refused_at(__LINE__, two, strlen(two), "m.txt:1:1:",
		    names[i]);
		free(two);
		free(text);
	}
}
END_TEST

/* No more than MONSTER_KINDS_MAX kinds; empty and garbage files. */
START_TEST(test_monster_garbage)
{
	static const char garbage[] = "\0\0\0\x01monster\0x\n\xff\xfe";
	char	*text, *more, piece[128], where[64];
	int	 i;

	text = strdup("");
	for (i = 0; i <= MONSTER_KINDS_MAX; i++) {
		snprintf(piece, sizeof piece, "monster m%d\nglyph m\nhp 1\n"
		    "damage 0-0\nspeed 1\nclass walk\nplanner field\n", i);
		more = cat(text, piece);
		free(text);
		text = more;
	}
	snprintf(where, sizeof where, "m.txt:%d:1:", MONSTER_KINDS_MAX * 7 +
	    1);
	monster_refused(text, where, "too many monsters (at most 64)");
	free(text);

	monster_refused("", "m.txt:", "empty file");
	monster_refused("\n# nothing\n", "m.txt:", "empty file");
	monster_refused_at(__LINE__, garbage, sizeof garbage - 1, "m.txt:1:1:",
	    "unknown key");
	monster_refused_at(__LINE__, BYTES("monster a\0b\n"), "m.txt:1:9:",
	    "bad monster name");
}
END_TEST

/* --- dungeon files ------------------------------------------------------ */

/* Every key, every legend form, gate schedules and events. */
START_TEST(test_dungeon_every_key)
{
	static const char text[] =
	    "# a comment line\n"
	    "name: The  Test   # a comment after a value\n"
	    "depth:3\n"
	    "movement: 4\n"
	    "corners: always\n"
	    "monsters: 7\n"
	    "legend: r monster rat\n"
	    "legend: E monster eel on deep-water\n"
	    "legend: P player on rubble\n"
	    "legend: . terrain lava\n"
	    "legend: \xe2\x89\x88 terrain deep-water\n"
	    "legend: a gate early\n"
	    "legend: b gate late\n"
	    "legend: c gate wrapped\n"
	    "gate: early open gate-open closed gate-closed every 10 "
	    "open-for 4\n"
	    "gate: late closed gate-closed open gate-open open-for 4 "
	    "every 10 offset 2\n"
	    "gate: wrapped open floor closed wall every 10 open-for 4 "
	    "offset 8\n"
	    "event: 0 1,1 floor\n"
	    "event: 10000000 0,0 6x3 cave-in\n"
	    "map\n"
	    "#####a\n"
	    "#r.E\xe2\x89\x88" "b\n"
	    "#P##>c\n"
	    "end\n"
	    "# the end\n";
	struct terrain_table		 tt;
	struct monster_table		 mt;
	struct item_table		 it;
	struct dungeon			 d;
	const struct dungeon_gate	*g;

	load_tables(&tt, &mt, &it);
	dungeon_good(&d, &tt, &mt, &it, text);
	ck_assert_str_eq(d.name, "The  Test");
	ck_assert_int_eq(d.depth, 3);
	ck_assert_int_eq(d.extra_monsters, 7);
	ck_assert_int_eq(d.rules.movement, PATH_MOVE_4);
	ck_assert_int_eq(d.rules.diagonal, PATH_DIAG_NEVER);
	ck_assert_int_eq(d.width, 6);
	ck_assert_int_eq(d.height, 3);
	ck_assert_int_eq(d.terrain[0], tt.wall);
	ck_assert_int_eq(d.terrain[6 + 1], tt.floor);
	ck_assert_int_eq(d.terrain[6 + 2], tt.lava);
	ck_assert_int_eq(d.terrain[6 + 3], tt.deep_water);
	ck_assert_int_eq(d.terrain[6 + 4], tt.deep_water);
	ck_assert_int_eq(d.terrain[12 + 1], tt.rubble);
	ck_assert_int_eq(d.terrain[12 + 4], tt.stairs);
	ck_assert_int_eq(d.px, 1);
	ck_assert_int_eq(d.py, 2);

	ck_assert_int_eq(d.nspawns, 2);
	ck_assert_int_eq(d.spawns[0].kind, monster_find(&mt, "rat"));
	ck_assert_int_eq(d.spawns[0].x, 1);
	ck_assert_int_eq(d.spawns[0].y, 1);
	ck_assert_int_eq(d.spawns[1].kind, monster_find(&mt, "eel"));
	ck_assert_int_eq(d.spawns[1].x, 3);

	ck_assert_int_eq(d.ngates, 3);
	g = &d.gates[0];
	ck_assert_str_eq(g->name, "early");
	ck_assert_int_eq(g->every, 10);
	ck_assert_int_eq(g->open_for, 4);
	ck_assert_int_eq(g->offset, 0);
	ck_assert_int_eq(g->ncells, 1);
	ck_assert_int_eq(g->cells[0], 5);
	ck_assert_int_eq(g->line, 15);
	ck_assert_int_eq(d.terrain[5], g->open);	/* open at turn 0 */
	g = &d.gates[1];
	ck_assert_int_eq(g->offset, 2);
	ck_assert_int_eq(g->cells[0], 11);
	ck_assert_int_eq(d.terrain[11], g->closed);	/* opens at turn 2 */
	g = &d.gates[2];
	ck_assert_int_eq(g->cells[0], 17);
	ck_assert_int_eq(d.terrain[17], tt.floor);	/* open 8..11 */

	ck_assert_int_eq(d.nevents, 2);
	ck_assert_int_eq(d.events[0].turn, 0);
	ck_assert_int_eq(d.events[0].w, 1);
	ck_assert_int_eq(d.events[0].h, 1);
	ck_assert_int_eq(d.events[0].terrain, tt.floor);
	ck_assert_int_eq(d.events[1].turn, 10000000);
	ck_assert_int_eq(d.events[1].w, 6);
	ck_assert_int_eq(d.events[1].h, 3);
	ck_assert_int_eq(d.events[1].terrain, tt.cave_in);
	ck_assert_int_eq(d.events[1].line, 19);
	dungeon_free(&d);
	dungeon_free(&d);
}
END_TEST

/* Defaults, CRLF, '#' as a map glyph and a map with no player. */
START_TEST(test_dungeon_defaults)
{
	struct terrain_table	tt;
	struct monster_table	mt;
	struct item_table	it;
	struct dungeon		d;

	load_tables(&tt, &mt, &it);
	dungeon_good(&d, &tt, &mt, &it, "map\r\n#.#\r\n#>#\r\nend\r\n");
	ck_assert_str_eq(d.name, "t.dun");
	ck_assert_int_eq(d.depth, 1);
	ck_assert_int_eq(d.rules.movement, PATH_MOVE_8_OCTILE);
	ck_assert_int_eq(d.rules.diagonal, PATH_DIAG_NO_CORNER_CUT);
	ck_assert_int_eq(d.width, 3);
	ck_assert_int_eq(d.height, 2);
	ck_assert_int_eq(d.px, -1);
	ck_assert_int_eq(d.py, -1);
	ck_assert_int_eq(d.nspawns + d.ngates + d.nevents, 0);
	ck_assert_int_eq(d.terrain[0], tt.wall);
	ck_assert_int_eq(d.terrain[4], tt.stairs);
	dungeon_free(&d);
}
END_TEST

/* A Moving AI map reads as a dungeon of floor and wall. */
START_TEST(test_dungeon_movingai)
{
	static const char text[] =
	    "type octile\nheight 2\nwidth 3\nmap\n.@T\nGS.\n";
	struct terrain_table	 tt;
	struct monster_table	 mt;
	struct item_table	 it;
	struct dungeon		 d;
	char			*cause = NULL;

	load_tables(&tt, &mt, &it);
	ck_assert_msg(dungeon_parse(&d, &tt, &mt, &it, "maps/tiny.map", text,
	    strlen(text), &cause) == 0, "%s", cause);
	ck_assert_str_eq(d.name, "tiny.map");
	ck_assert_int_eq(d.width, 3);
	ck_assert_int_eq(d.height, 2);
	ck_assert_int_eq(d.depth, 1);
	ck_assert_int_eq(d.px, -1);
	ck_assert_int_eq(d.rules.movement, PATH_MOVE_8_OCTILE);
	ck_assert_int_eq(d.rules.diagonal, PATH_DIAG_NO_CORNER_CUT);
	ck_assert_int_eq(d.terrain[0], tt.floor);
	ck_assert_int_eq(d.terrain[1], tt.wall);
	ck_assert_int_eq(d.terrain[2], tt.wall);
	ck_assert_int_eq(d.terrain[3], tt.floor);
	ck_assert_int_eq(d.terrain[4], tt.floor);
	dungeon_free(&d);

	dungeon_refused("type octile\nheight 5000\nwidth 4\nmap\n",
	    "t.dun:2:8:", "at most 1024 cells a side");
	dungeon_refused("type octile\nheight 2\nwidth 2\nmap\n..\n.x\n",
	    "t.dun:6:2:", "unknown character");
}
END_TEST

/* intro: lines, kept in order; empty, too long or too many refused. */
START_TEST(test_dungeon_intro)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon		 d;
	char			 text[2048], *p;
	int			 i;

	ck_assert_ptr_nonnull(tt);
	ck_assert_ptr_nonnull(mt);
	ck_assert_ptr_nonnull(it);
	load_tables(tt, mt, it);
	dungeon_good(&d, tt, mt, it, "intro: The air is cold.   # a comment\n"
	    "intro:You are not alone.\nmap\n@>\nend\n");
	ck_assert_int_eq(d.nintro, 2);
	ck_assert_str_eq(d.intro[0], "The air is cold.");
	ck_assert_str_eq(d.intro[1], "You are not alone.");
	dungeon_free(&d);
	free(it);
	free(mt);
	free(tt);

	dungeon_refused("intro:\nmap\n@>\nend\n", "t.dun:1:7:",
	    "expected \"intro: TEXT\"");
	snprintf(text, sizeof text, "intro: %0*d\nmap\n@>\nend\n", 79, 0);
	dungeon_refused(text, "t.dun:1:8:", "at most 78 bytes a line");
	for (i = 0, p = text; i < 9; i++)
		p += sprintf(p, "intro: line %d\n", i + 1);
	sprintf(p, "map\n@>\nend\n");
	dungeon_refused(text, "t.dun:9:8:", "too many intro lines (at most "
	    "8)");
}
END_TEST

/* Unknown and repeated keys, and lines that are not "key: value". */
START_TEST(test_dungeon_keys)
{
	dungeon_refused("name: t\nsmell: bad\nmap\n@\nend\n", "t.dun:2:1:",
	    "unknown key \"smell\"");
	dungeon_refused("depth: 1\ndepth: 2\nmap\n@\nend\n", "t.dun:2:1:",
	    "\"depth:\" given twice");
	dungeon_refused("name t\nmap\n@\nend\n", "t.dun:1:1:",
	    "expected \"key: value\"");
	dungeon_refused("depth: 0\nmap\n@\nend\n", "t.dun:1:8:",
	    "depth \"0\" is not a number from 1 to 100");
	dungeon_refused("depth: 2 3\nmap\n@\nend\n", "t.dun:1:1:",
	    "expected \"depth: N\"");
	dungeon_refused("monsters: 5000\nmap\n@\nend\n", "t.dun:1:11:",
	    "from 0 to 1000");
	dungeon_refused("movement: 6\nmap\n@\nend\n", "t.dun:1:11:",
	    "unknown movement \"6\"");
	dungeon_refused("corners: maybe\nmap\n@\nend\n", "t.dun:1:10:",
	    "unknown corners \"maybe\"");
	dungeon_refused("name:\nmap\n@\nend\n", "t.dun:1:", "expected "
	    "\"name: TEXT\"");
	dungeon_refused("name: a name that goes on and on and on and on and "
	    "on and on and on and on\nmap\n@\nend\n", "t.dun:1:7:",
	    "too long");
}
END_TEST

/* The map must be there, with its "end", and nothing after it. */
START_TEST(test_dungeon_map_missing)
{
	dungeon_refused("name: t\ndepth: 2\n", "t.dun:2:", "ends before its "
	    "\"map\" line");
	dungeon_refused("map\n###\n#@#\n", "t.dun:3:", "no \"end\" line");
	dungeon_refused("map\nend\n", "t.dun:2:", "no rows");
	dungeon_refused("map\n\n@\nend\n", "t.dun:2:", "first row is empty");
	dungeon_refused("map\n@\nend\nmore\n", "t.dun:4:", "after the map's "
	    "\"end\"");
	dungeon_refused("map\n@\nend\nmap\n@\nend\n", "t.dun:4:", "after "
	    "the map's \"end\"");
}
END_TEST

/* Rows of different widths, counted in characters. */
START_TEST(test_dungeon_ragged)
{
	dungeon_refused("map\n#####\n#@.#\n#####\nend\n", "t.dun:3:",
	    "row 2 has 4 cells, expected 5");
	dungeon_refused("map\n###\n#@.#\nend\n", "t.dun:3:4:",
	    "row 2 has 4 cells, expected 3");
	dungeon_refused("legend: \xe2\x89\x88 terrain deep-water\nmap\n"
	    "#\xe2\x89\x88#\n#..#\nend\n", "t.dun:4:4:",
	    "row 2 has 4 cells, expected 3");
	dungeon_refused("map\n#@#\n#.# \nend\n", "t.dun:3:4:",
	    "unknown glyph ' '");
}
END_TEST

/* Unknown glyphs and bytes that are not UTF-8, with their column. */
START_TEST(test_dungeon_glyphs)
{
	dungeon_refused("map\n#####\n#@.X#\n#####\nend\n", "t.dun:3:4:",
	    "unknown glyph 'X'");
	/* Not ASCII: the code point, so a no-break space is no ' '. */
	dungeon_refused("map\n###\n#\xc3\xa9#\n###\nend\n", "t.dun:3:2:",
	    "unknown glyph U+00E9 (");
	dungeon_refused("map\n####\n#.\xc2\xa0#\n#@>#\n####\nend\n",
	    "t.dun:3:3:", "unknown glyph U+00A0 (");
	dungeon_refused("legend: x terrain fl\xc2\xa0or\nmap\n#@>#\nend\n",
	    "t.dun:1:19:", "unknown terrain \"fl<U+00A0>or\" for the legend "
	    "(did you mean floor?)");
	dungeon_refused("legend: x terrain fl\x01or\nmap\n#@>#\nend\n",
	    "t.dun:1:19:", "unknown terrain \"fl\\x01or\"");
	dungeon_refused("map\n#.\xff#\nend\n", "t.dun:2:3:",
	    "\\xff is not valid UTF-8");
	dungeon_refused_at(__LINE__, BYTES("map\n#\0#\nend\n"), "t.dun:2:2:",
	    "unknown glyph \\x00");
	dungeon_refused("legend: # terrain wall\nmap\n@\nend\n", "t.dun:1:1:",
	    "'#' starts a comment");
	dungeon_refused("legend: ab terrain wall\nmap\n@\nend\n", "t.dun:1:9:",
	    "exactly one character");
	dungeon_refused("legend: A terrain floor\nlegend: A terrain wall\nmap\n"
	    "@\nend\n", "t.dun:2:9:", "already in the legend (line 1)");
	dungeon_refused("legend: A terrain marble\nmap\n@\nend\n",
	    "t.dun:1:19:", "unknown terrain \"marble\"");
	dungeon_refused("legend: A thing\nmap\n@\nend\n", "t.dun:1:11:",
	    "expected \"terrain NAME\"");
}
END_TEST

/* Monsters and the player in the legend and the map. */
START_TEST(test_dungeon_creatures)
{
	dungeon_refused("legend: x monster balrog\nmap\n@\nend\n",
	    "t.dun:1:19:", "unknown monster \"balrog\"");
	dungeon_refused("legend: e monster eel\nmap\n@e\nend\n", "t.dun:1:19:",
	    "cannot stand on floor");
	dungeon_refused("legend: e monster eel on sand\nmap\n@e\nend\n",
	    "t.dun:1:26:", "unknown terrain \"sand\"");
	dungeon_refused("legend: e monster eel in water\nmap\n@e\nend\n",
	    "t.dun:1:23:", "\"on TERRAIN\"");
	dungeon_refused("legend: P player on lava\nmap\nP\nend\n", "t.dun:1:11:",
	    "player cannot stand on lava");
	dungeon_refused("map\n@.@\nend\n", "t.dun:2:3:", "a second player "
	    "(the first is at line 2, column 1)");
	dungeon_refused("legend: P player\nmap\n@.P\nend\n", "t.dun:3:3:",
	    "a second player");
}
END_TEST

/*
 * Items of the legend: each cell of the glyph holds one of that kind, on
 * floor or the terrain "on" names; an unknown item, or one on terrain
 * the player cannot stand on, is refused at its column.
 */
START_TEST(test_dungeon_items)
{
	struct terrain_table	tt;
	struct monster_table	mt;
	struct item_table	it;
	struct dungeon		d;

	load_tables(&tt, &mt, &it);
	dungeon_good(&d, &tt, &mt, &it, "legend: ! item potion-of-healing\n"
	    "legend: / item wand-of-digging on shallow-water\n"
	    "legend: r monster rat\nmap\n@.!\n/r!\nend\n");
	ck_assert_int_eq(d.nitems, 3);
	ck_assert_int_eq(d.items[0].kind, item_find(&it, "potion-of-healing"));
	ck_assert_int_eq(d.items[0].x, 2);
	ck_assert_int_eq(d.items[0].y, 0);
	ck_assert_int_eq(d.items[1].kind, item_find(&it, "wand-of-digging"));
	ck_assert_int_eq(d.items[1].x, 0);
	ck_assert_int_eq(d.items[1].y, 1);
	ck_assert_int_eq(d.terrain[3], tt.shallow_water);
	ck_assert_int_eq(d.items[2].x, 2);
	ck_assert_int_eq(d.items[2].y, 1);
	ck_assert_int_eq(d.terrain[5], tt.floor);
	ck_assert_int_eq(d.nspawns, 1);
	dungeon_free(&d);

	dungeon_refused("legend: ! item potion-of-youth\nmap\n@!\nend\n",
	    "t.dun:1:16:", "unknown item \"potion-of-youth\"");
	dungeon_refused("legend: ! item potion-of-healing on lava\nmap\n@!\n"
	    "end\n", "t.dun:1:16:", "item \"potion-of-healing\" cannot lie "
	    "on lava");
	dungeon_refused("legend: ! item potion-of-healing on mud\nmap\n@!\n"
	    "end\n", "t.dun:1:37:", "unknown terrain \"mud\"");
	dungeon_refused("legend: ! item\nmap\n@!\nend\n", "t.dun:1:11:",
	    "\"item NAME [on T]\"");
}
END_TEST

/* Gates: defined, used, in range, with terrains that exist. */
START_TEST(test_dungeon_gates)
{
	static const char gate[] = "gate: g open gate-open closed gate-closed";
	char	text[512], where[64];

	dungeon_refused("gate: g open gate-open closed gate-closed every 10 "
	    "open-for 5\nmap\n@\nend\n", "t.dun:1:", "gate \"g\" has no "
	    "cells");
	dungeon_refused("legend: A gate nowhere\nmap\n@A\nend\n", "t.dun:1:9:",
	    "unknown gate \"nowhere\"");

	snprintf(text, sizeof text, "%s every 0 open-for 0\nmap\n@\nend\n",
	    gate);
	snprintf(where, sizeof where, "t.dun:1:%d:", (int)strlen(gate) + 8);
	dungeon_refused(text, where, "every \"0\" is not a number of turns "
	    "from 1 to 100000");
	snprintf(text, sizeof text, "%s every 100001 open-for 0\nmap\n@\n"
	    "end\n", gate);
	dungeon_refused(text, where, "from 1 to 100000");
	snprintf(text, sizeof text, "%s every 10 open-for 11\nmap\n@\nend\n",
	    gate);
	snprintf(where, sizeof where, "t.dun:1:%d:", (int)strlen(gate) + 20);
	dungeon_refused(text, where, "open-for \"11\" is not a number of turns "
	    "from 0 to every (10)");
	snprintf(text, sizeof text, "%s every 10 open-for 5 offset 10\nmap\n@\n"
	    "end\n", gate);
	snprintf(where, sizeof where, "t.dun:1:%d:", (int)strlen(gate) + 29);
	dungeon_refused(text, where, "offset \"10\"");
	snprintf(text, sizeof text, "%s every 10\nmap\n@\nend\n", gate);
	dungeon_refused(text, "t.dun:1:7:", "has no \"open-for\"");
	snprintf(text, sizeof text, "%s every 10 open-for 5 every 3\nmap\n@\n"
	    "end\n", gate);
	dungeon_refused(text, "t.dun:1:", "\"every\" given twice");
	snprintf(text, sizeof text, "%s every 10 open-for 5 speed 3\nmap\n@\n"
	    "end\n", gate);
	dungeon_refused(text, "t.dun:1:", "unknown gate property \"speed\"");
	snprintf(text, sizeof text, "%s every 10 open-for\nmap\n@\nend\n",
	    gate);
	dungeon_refused(text, "t.dun:1:", "needs a value");
	dungeon_refused("gate: g open portal closed wall every 2 open-for 1\n"
	    "map\n@\nend\n", "t.dun:1:14:", "unknown terrain \"portal\"");
	snprintf(text, sizeof text, "%s every 9 open-for 1\n%s every 9 "
	    "open-for 1\nmap\n@\nend\n", gate, gate);
	dungeon_refused(text, "t.dun:2:7:", "duplicate gate \"g\"");
}
END_TEST

/* No more than DUNGEON_MAX_GATES gates. */
START_TEST(test_dungeon_too_many_gates)
{
	char	*text, *more, line[128], where[64];
	int	 i;

	text = strdup("");
	for (i = 0; i <= DUNGEON_MAX_GATES; i++) {
		snprintf(line, sizeof line, "gate: g%d open floor closed wall "
		    "every 2 open-for 1\n", i);
		more = cat(text, line);
		free(text);
		text = more;
	}
	more = cat(text, "map\n@\nend\n");
	snprintf(where, sizeof where, "t.dun:%d:1:", DUNGEON_MAX_GATES + 1);
	dungeon_refused(more, where, "too many gates (at most 64)");
	free(more);
	free(text);
}
END_TEST

/* Events: turns in range, cells inside the map, terrains that exist. */
START_TEST(test_dungeon_events)
{
	dungeon_refused("event: 5 3,0 floor\nmap\n@..\nend\n", "t.dun:1:10:",
	    "not all inside the 3x1 map");
	dungeon_refused("event: 5 1,0 3x1 floor\nmap\n@..\nend\n",
	    "t.dun:1:10:", "not all inside");
	dungeon_refused("event: 5 0,0 1x2 floor\nmap\n@..\nend\n",
	    "t.dun:1:10:", "not all inside");
	dungeon_refused("event: 5 -1,0 floor\nmap\n@..\nend\n", "t.dun:1:10:",
	    "expected the cell as X,Y");
	dungeon_refused("event: 5 99999,0 floor\nmap\n@..\nend\n",
	    "t.dun:1:10:", "expected the cell as X,Y");
	dungeon_refused("event: 5 0,0 0x1 floor\nmap\n@..\nend\n",
	    "t.dun:1:14:", "expected the size as WxH");
	dungeon_refused("event: 10000001 0,0 floor\nmap\n@..\nend\n",
	    "t.dun:1:8:", "turn \"10000001\" is not a number from 0 to "
	    "10000000");
	dungeon_refused("event: 5 0,0 magma\nmap\n@..\nend\n", "t.dun:1:14:",
	    "unknown terrain \"magma\"");
	dungeon_refused("event: 5 0,0\nmap\n@..\nend\n", "t.dun:1:1:",
	    "expected \"event: TURN X,Y [WxH] TERRAIN\"");
}
END_TEST

static char	*absurd_text;
static size_t	 absurd_len;
static const char *absurd_where;
static const char *absurd_what;

/* Parses absurd_text in a capped child: 0 if refused as expected. */
static int
parse_absurd(void)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon		 d;
	char			*cause = NULL;
	int			 ok;

	if (tt == NULL || mt == NULL || it == NULL ||
	    terrain_read(tt, SRC_DATA "/terrain.txt", &cause) != 0 ||
	    monster_read(mt, tt, SRC_DATA "/monsters.txt", &cause) != 0 ||
	    item_read(it, tt, SRC_DATA "/items.txt", &cause) != 0)
		return (2);
	ok = dungeon_parse(&d, tt, mt, it, "t.dun", absurd_text, absurd_len,
	    &cause) != 0 && strstr(cause, absurd_where) != NULL &&
	    strstr(cause, absurd_what) != NULL;
	if (!ok)
		fprintf(stderr, "absurd input: %s\n", cause ? cause :
		    "(accepted)");
	dungeon_free(&d);
	free(cause);
	free(it);
	free(mt);
	free(tt);
	return (ok ? 0 : 1);
}

/* Builds a text of a head, count copies of a line, and a tail. */
static void
absurd(const char *head, const char *line, size_t count, const char *tail)
{
	size_t	nh = strlen(head), nl = strlen(line), nt = strlen(tail), i;
	char	*p;

	free(absurd_text);
	absurd_len = nh + nl * count + nt;
	absurd_text = p = malloc(absurd_len + 1);
	ck_assert_ptr_nonnull(p);
	memcpy(p, head, nh);
	p += nh;
	for (i = 0; i < count; i++, p += nl)
		memcpy(p, line, nl);
	memcpy(p, tail, nt + 1);
}

/* A 100000-wide row, 5000 rows and a million events cost nothing. */
START_TEST(test_dungeon_absurd_sizes)
{
	absurd("map\n", ".", 100000, "\nend\n");
	absurd_where = "t.dun:2:1025:";
	absurd_what = "wider than 1024 cells";
	ck_assert_int_eq(run_capped(parse_absurd), 0);

	absurd("map\n", "#.#\n", 5000, "end\n");
	absurd_where = "t.dun:1026:";
	absurd_what = "more than 1024 rows";
	ck_assert_int_eq(run_capped(parse_absurd), 0);

	absurd("", "event: 1 0,0 floor\n", 1000000, "map\n@\nend\n");
	absurd_where = "t.dun:10001:1:";
	absurd_what = "too many events (at most 10000)";
	ck_assert_int_eq(run_capped(parse_absurd), 0);

	absurd("legend: r monster rat\nmap\n", "rrrrrrrrrr\n", 1001, "end\n");
	absurd_where = "t.dun:1003:1:";
	absurd_what = "too many monsters in the map (at most 10000)";
	ck_assert_int_eq(run_capped(parse_absurd), 0);

	absurd("", "# padding that makes the file too big\n", 900000, "");
	absurd_where = "t.dun: file is larger than";
	absurd_what = "32 MiB, the limit for it";
	ck_assert_int_eq(run_capped(parse_absurd), 0);
	free(absurd_text);
	absurd_text = NULL;
}
END_TEST

/* Empty files and binary garbage are refused, never crash. */
START_TEST(test_dungeon_garbage)
{
	static const char nul[] = "\0\0\0\0map\0\nend\0";
	static const char elf[] = "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0"
	    "\x03\0>\0\x01\0\0\0\n\xff\xfe\xfd";
	unsigned char	buf[4096];
	unsigned	x = 12345;
	size_t		i, round;

	dungeon_refused("", "t.dun:", "empty file");
	dungeon_refused("# nothing\n\n  \n", "t.dun:", "empty file");
	dungeon_refused_at(__LINE__, nul, sizeof nul - 1, "t.dun:1:1:",
	    "expected \"key: value\"");
	dungeon_refused_at(__LINE__, elf, sizeof elf - 1, "t.dun:1:1:",
	    "expected \"key: value\"");

	/* Random bytes: any message will do, as long as there is one. */
	for (round = 0; round < 200; round++) {
		for (i = 0; i < sizeof buf; i++) {
			x = x * 1103515245 + 12345;
			buf[i] = (unsigned char)(x >> 16);
			if (round % 2 && buf[i] > 0xc0)
				buf[i] = '\n';
		}
		dungeon_refused_at(__LINE__, (const char *)buf, sizeof buf,
		    "t.dun:", "");
	}
}
END_TEST

/*
 * Issue 27's messages in the tables: a comment after a line's words is
 * refused at its '#', in every table; a name not found comes with the
 * closest known ones; lines ended by a lone CR read as lines; and the
 * checker's mode (monster_check()) tells every error of a file, each at
 * its place, where the game stops at the first.
 */
START_TEST(test_table_messages)
{
	struct terrain_table	*tt = calloc(1, sizeof *tt);
	struct monster_table	*mt = calloc(1, sizeof *mt);
	struct monster_table	*scratch;
	struct item_table	*it = calloc(1, sizeof *it);
	struct dungeon_report	 r;
	char			*text, *cause = NULL, path[] = "/tmp/astray-"
				    "check-data-XXXXXX";
	FILE			*f;
	int			 fd;

	ck_assert_ptr_nonnull(it);
	text = cat(base_monster, "hearing 10 # good ears\n");
	monster_refused(text, "m.txt:8:12:", "comments must be on their own "
	    "line");
	free(text);
	text = cat(base_terrain, "terrain bog # soft\nglyph &\n");
	terrain_refused(text, "t.txt:39:13:", "comments must be on their own "
	    "line");
	free(text);
	/* '#' is text in a description. */
	load_terrain(tt, 1);
	text = cat(base_monster, "describe A rat, #1 of its kind.\n");
	ck_assert_msg(monster_parse(mt, tt, "m.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	free(text);
	/* The closest names. */
	monster_refused("monster m\nplanner dstr\n", "m.txt:2:9:",
	    "unknown planner \"dstr\" (did you mean dstar?)");
	monster_refused("monster m\nclass wlk\n", "m.txt:2:7:",
	    "unknown class \"wlk\" (did you mean walk?)");
	monster_refused("monster m\nhaering 3\n", "m.txt:2:1:",
	    "unknown key \"haering\" (did you mean hearing?)");
	text = cat(base_monster, "escort mm 1-2\n");
	monster_refused(text, "m.txt:8:8:", "unknown monster \"mm\" in escort "
	    "(did you mean m?)");
	free(text);
	/* Lone CRs end lines. */
	text = replace(base_monster, "\n", "\r");
	ck_assert_msg(monster_parse(mt, tt, "m.txt", text, strlen(text),
	    &cause) == 0, "%s", cause);
	ck_assert_int_eq(mt->n, 1);
	ck_assert_int_eq(mt->k[0].hp, 5);
	free(text);
	/* Every error of a file, in order, each at its place. */
	ck_assert_msg(item_read(it, tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
	text = cat(base_monster, "hearing 10 # good ears\nplanner x\n"
	    "monster m\nglyph n\nmonster n\nglyph o\nhp 1\ndamage 1\n"
	    "speed 10\nclass fly\nplanner astar\ndrops dagerr 10\n");
	ck_assert_int_ge(fd = mkstemp(path), 0);
	ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
	fputs(text, f);
	fclose(f);
	memset(&r, 0, sizeof r);
	scratch = calloc(1, sizeof *scratch);
	ck_assert_int_eq(monster_check(&r, scratch, tt, it, "i.txt", path),
	    4);
	free(scratch);
	ck_assert_int_eq(r.nerrors, 4);
	ck_assert_ptr_nonnull(strstr(r.errors[0], ":8:12: comments must"));
	ck_assert_ptr_nonnull(strstr(r.errors[1], ":9:1: \"planner\" given "
	    "twice"));
	ck_assert_ptr_nonnull(strstr(r.errors[2], ":10:9: duplicate monster "
	    "\"m\""));
	ck_assert_ptr_nonnull(strstr(r.errors[3], ":19:7: unknown item "
	    "\"dagerr\" in drops (did you mean dagger?) (i.txt has no such "
	    "item)"));
	dungeon_report_free(&r);
	unlink(path);
	free(text);
	free(it);
	free(mt);
	free(tt);
}
END_TEST

/* The closest names: a few slips away, nearest first, none far off. */
START_TEST(test_suggest)
{
	struct suggest	sg;
	char		buf[128];

	suggest_init(&sg, "wieght", 6);
	suggest_add(&sg, "depth");
	suggest_add(&sg, "weight");
	ck_assert_str_eq(suggest_text(&sg, buf, sizeof buf),
	    " (did you mean weight?)");
	suggest_init(&sg, "sbust", 5);
	suggest_add(&sg, "nsubst");
	suggest_add(&sg, "subst");
	suggest_add(&sg, "shuffle");
	ck_assert_str_eq(suggest_text(&sg, buf, sizeof buf),
	    " (did you mean subst or nsubst?)");
	suggest_init(&sg, "x", 1);
	suggest_add(&sg, "orc");
	ck_assert_str_eq(suggest_text(&sg, buf, sizeof buf), "");
	ck_assert_int_eq(suggest_distance("kitten", 6, "sitting", 7, 5), 3);
	ck_assert_int_eq(suggest_distance("ab", 2, "ba", 2, 5), 1);
}
END_TEST

/* The suite: shipped data first, then each kind of bad input. */
Suite *
test_suite(void)
{
	Suite	*s = suite_create("data");
	TCase	*tc;

	tc = tcase_create("shipped");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_shipped_terrain);
	tcase_add_test(tc, test_shipped_monsters);
	tcase_add_test(tc, test_monster_drops_escort);
	tcase_add_test(tc, test_shipped_dungeons);
	suite_add_tcase(s, tc);

	tc = tcase_create("terrain");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_terrain_good);
	tcase_add_test(tc, test_terrain_untouched);
	tcase_add_test(tc, test_terrain_unknown_key);
	tcase_add_test(tc, test_terrain_duplicates);
	tcase_add_test(tc, test_terrain_costs);
	tcase_add_test(tc, test_terrain_glyphs);
	tcase_add_test(tc, test_terrain_too_many);
	tcase_add_test(tc, test_terrain_required);
	tcase_add_test(tc, test_terrain_bad_transition);
	tcase_add_test(tc, test_terrain_garbage);
	suite_add_tcase(s, tc);

	tc = tcase_create("monster");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_monster_good);
	tcase_add_test(tc, test_monster_holder_digger);
	tcase_add_test(tc, test_monster_keys);
	tcase_add_test(tc, test_monster_ranges);
	tcase_add_test(tc, test_monster_names);
	tcase_add_test(tc, test_monster_required);
	tcase_add_test(tc, test_monster_garbage);
	tcase_add_test(tc, test_table_messages);
	tcase_add_test(tc, test_suggest);
	suite_add_tcase(s, tc);

	tc = tcase_create("dungeon");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_dungeon_every_key);
	tcase_add_test(tc, test_dungeon_defaults);
	tcase_add_test(tc, test_dungeon_movingai);
	tcase_add_test(tc, test_dungeon_intro);
	tcase_add_test(tc, test_dungeon_keys);
	tcase_add_test(tc, test_dungeon_map_missing);
	tcase_add_test(tc, test_dungeon_ragged);
	tcase_add_test(tc, test_dungeon_glyphs);
	tcase_add_test(tc, test_dungeon_creatures);
	tcase_add_test(tc, test_dungeon_items);
	tcase_add_test(tc, test_dungeon_gates);
	tcase_add_test(tc, test_dungeon_too_many_gates);
	tcase_add_test(tc, test_dungeon_events);
	tcase_add_test(tc, test_dungeon_absurd_sizes);
	tcase_add_test(tc, test_dungeon_garbage);
	suite_add_tcase(s, tc);
	return (s);
}
