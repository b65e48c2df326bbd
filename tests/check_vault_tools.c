/*
 * check_vault_tools.c: the tools issue 27 gives vault and level
 * designers, as a player or modder meets them: triggered events (a cell
 * stepped on, a door opened, a monster's death), the winnability
 * search's view of them, vault tags, orientation and sub-vaults.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dungeon.h"
#include "gametest.h"
#include "query.h"
#include "state.h"
#include "testutil.h"
#include "vault-place.h"
#include "vault.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

#define FIXTURE(f)	TEST_DATA "/dun/" f

static struct terrain_table	tt;
static struct monster_table	mt;
static struct item_table	it;

/* Reads the shipped terrain, monsters and items once. */
static void
tools_setup(void)
{
	char	*cause = NULL;

	ck_assert_msg(terrain_read(&tt, SRC_DATA "/terrain.txt", &cause) == 0,
	    "%s", cause);
	ck_assert_msg(monster_read(&mt, &tt, SRC_DATA "/monsters.txt",
	    &cause) == 0, "%s", cause);
	ck_assert_msg(item_read(&it, &tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
}

/* The index of the first living monster of a kind. */
static int
monster_index(struct game *g, const char *name)
{
	struct monster	*m = gt_monster(g, name);

	ck_assert_ptr_nonnull(m);
	return ((int)(m - g->level->mon));
}

/* Stepping on the plate opens the closet, as the turn passes, once. */
START_TEST(test_trigger_step)
{
	struct game	*g = gt_start(FIXTURE("trigger.dun"), 0, 0, 1);

	ck_assert_str_eq(game_terrain_name(g, 7, 3), "wall");
	gt_play(g, "l");
	ck_assert_str_eq(game_terrain_name(g, 7, 3), "wall");
	gt_play(g, "l");
	ck_assert_int_eq(g->px, 3);
	ck_assert_str_eq(game_terrain_name(g, 7, 3), "floor");
	ck_assert_msg(gt_said(g, "You hear something grind open.", 3),
	    "the opening is not heard");
	/* Once: walled again, the plate does nothing more. */
	level_set_terrain(g->level, &g->terrain, 7, 3, g->terrain.wall);
	gt_play(g, "hl.");
	ck_assert_str_eq(game_terrain_name(g, 7, 3), "wall");
	game_free(g);
}
END_TEST

/* Opening the door floods a cell; the fired trigger survives a save. */
START_TEST(test_trigger_door_saved)
{
	struct game		*g = gt_start(FIXTURE("trigger.dun"), 0, 0, 1);
	struct game		*b;
	struct game_config	 cfg;

	gt_play(g, "llll");
	ck_assert_int_eq(g->px, 5);
	ck_assert_str_eq(game_terrain_name(g, 6, 1), "door");
	ck_assert_str_eq(game_terrain_name(g, 1, 4), "floor");
	gt_play(g, "l");	/* bumps the door open */
	ck_assert_str_eq(game_terrain_name(g, 6, 1), "open-door");
	ck_assert_str_eq(game_terrain_name(g, 1, 4), "shallow-water");
	memset(&cfg, 0, sizeof cfg);
	b = gt_reload(g, &cfg);
	game_free(g);
	/* Both spent (the plate at 3,1 was passed): neither fires again. */
	level_set_terrain(b->level, &b->terrain, 1, 4, b->terrain.floor);
	level_set_terrain(b->level, &b->terrain, 7, 3, b->terrain.wall);
	gt_play(b, "hh");
	ck_assert_int_eq(b->px, 3);
	ck_assert_str_eq(game_terrain_name(b, 1, 4), "floor");
	ck_assert_str_eq(game_terrain_name(b, 7, 3), "wall");
	gt_play(b, "llll");
	ck_assert_str_eq(game_terrain_name(b, 1, 4), "floor");
	game_free(b);
}
END_TEST

/* A zombie's death makes rubble as the turn passes, due across a save. */
START_TEST(test_trigger_death_saved)
{
	struct game		*g = gt_start(FIXTURE("trigger.dun"), 0, 0, 1);
	struct game		*b;
	struct game_config	 cfg;

	/* Armed across a save: waiting does nothing while the zombie lives. */
	memset(&cfg, 0, sizeof cfg);
	b = gt_reload(g, &cfg);
	game_free(g);
	g = b;
	gt_play(g, ".");
	ck_assert_str_eq(game_terrain_name(g, 9, 4), "floor");
	level_kill_monster(g->level, monster_index(g, "zombie"));
	ck_assert_str_eq(game_terrain_name(g, 9, 4), "floor");
	b = gt_reload(g, &cfg);
	game_free(g);
	ck_assert_str_eq(game_terrain_name(b, 9, 4), "floor");
	gt_play(b, ".");
	ck_assert_str_eq(game_terrain_name(b, 9, 4), "rubble");
	game_free(b);
}
END_TEST

/* What astray --check says of a text, as one string of its errors. */
static char *
check_text(const char *text)
{
	struct dungeon_report	 r;
	char			*out;
	size_t			 n = 0;
	int			 i;

	dungeon_check_text(&r, &tt, &mt, &it, "t.dun", text, strlen(text));
	for (i = 0; i < r.nerrors; i++)
		n += strlen(r.errors[i]) + 1;
	out = calloc(1, n + 8);
	for (i = 0; i < r.nerrors; i++) {
		strcat(out, r.errors[i]);
		strcat(out, "\n");
	}
	dungeon_report_free(&r);
	return (out);
}

/* Each bad trigger is named at its line and column. */
START_TEST(test_trigger_errors)
{
	char	*e;

	e = check_text("event: step:30,1 1,1 floor\n"
	    "event: door:2,1 1,1 floor\n"
	    "event: death:zombi 1,1 floor\n"
	    "event: stomp:1,1 1,1 floor\n"
	    "event: step:1 1,1 floor\n"
	    "map\n#####\n#@.>#\n#####\nend\n");
	ck_assert_msg(strstr(e, "t.dun:1:8: the trigger's cell 30,1 is not "
	    "inside the 5x3 map") != NULL, "%s", e);
	ck_assert_msg(strstr(e, "t.dun:2:8: the trigger's cell 2,1 is floor, "
	    "not a door the player opens") != NULL, "%s", e);
	ck_assert_msg(strstr(e, "t.dun:3:14: unknown monster \"zombi\" for "
	    "the trigger (did you mean zombie?)") != NULL, "%s", e);
	ck_assert_msg(strstr(e, "t.dun:4:8: unknown trigger \"stomp\"") !=
	    NULL, "%s", e);
	ck_assert_msg(strstr(e, "t.dun:5:13: expected the trigger's cell as "
	    "X,Y") != NULL, "%s", e);
	free(e);
}
END_TEST

/*
 * The search counts on no trigger: a level won only by stepping on a
 * plate is refused, and so is one whose only way a zombie's death may
 * shut; the same levels without the trigger's harm are fine.
 */
START_TEST(test_trigger_winnable)
{
	char	*e;

	e = check_text("event: step:2,1 3,1 floor\n"
	    "map\n%%%%%%\n%@.%>%\n%%%%%%\nend\n");
	ck_assert_msg(strstr(e, "t.dun:4:2: the player starts here, walled "
	    "in by granite") != NULL && strstr(e, "triggers are not counted "
	    "on") != NULL, "%s", e);
	free(e);
	e = check_text("legend: z monster zombie\n"
	    "event: death:zombie 3,1 granite\n"
	    "map\n%%%%%%\n%@..>%\n%z%%%%\n%%%%%%\nend\n");
	ck_assert_msg(strstr(e, "t.dun:5:2: the player starts here, cut off "
	    "in time") != NULL, "%s", e);
	free(e);
	e = check_text("legend: z monster zombie\n"
	    "event: death:zombie 3,1 shallow-water\n"
	    "event: step:1,1 1,2 granite\n"
	    "map\n%%%%%%\n%@..>%\n%z%%%%\n%%%%%%\nend\n");
	ck_assert_str_eq(e, "");
	free(e);
	/* A trigger that would turn the stairs into floor shuts them. */
	e = check_text("event: step:2,1 4,1 floor\n"
	    "map\n%%%%%%\n%@..>%\n%%%%%%\nend\n");
	ck_assert_msg(strstr(e, "cut off in time") != NULL, "%s", e);
	free(e);
}
END_TEST

/* Parses vault text that must be good. */
static void
parse(struct vault_set *vs, const char *text)
{
	char	*cause = NULL;

	ck_assert_msg(vault_parse(vs, &tt, &mt, &it, "v.txt", text,
	    strlen(text), &cause) == 0, "%s", cause);
}

/* The game's first error for a vault text, which must have one. */
static char *
parse_error(const char *text)
{
	struct vault_set	 vs;
	char			*cause = NULL;

	ck_assert_int_ne(vault_parse(&vs, &tt, &mt, &it, "v.txt", text,
	    strlen(text), &cause), 0);
	ck_assert_ptr_nonnull(cause);
	return (cause);
}

/* How many of the checker's errors for a vault text hold a message. */
static int
check_count(const char *text, const char *message)
{
	struct dungeon_report	 r;
	struct vault_set	 vs;
	char			 path[] = "/tmp/astray-tools-XXXXXX";
	FILE			*f;
	int			 fd, i, found = 0;

	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	vault_check_read(&r, &tt, &mt, &it, path, &vs);
	for (i = 0; i < r.nerrors; i++)
		found += strstr(r.errors[i], message) != NULL;
	for (i = 0; i < r.nerrors && !found; i++)
		fprintf(stderr, "%s\n", r.errors[i]);
	dungeon_report_free(&r);
	vault_set_free(&vs);
	unlink(path);
	return (found);
}

/* Tags are read, and a bad one is named at its column. */
START_TEST(test_tags)
{
	struct vault_set	 vs;
	char			*e;

	parse(&vs, "vault a\ntags: water eels\nmap\n#E#\n#.#\nend\n");
	ck_assert(vault_has_tag(&vs.v[0], "water"));
	ck_assert(vault_has_tag(&vs.v[0], "eels"));
	ck_assert(!vault_has_tag(&vs.v[0], "lava"));
	vault_set_free(&vs);
	e = parse_error("vault a\ntags: water e!s\nmap\n#E#\n#.#\nend\n");
	ck_assert_str_eq(e, "v.txt:2:13: a tag is one word of letters, "
	    "digits, '-' and '_' (at most 31)");
	free(e);
	e = parse_error("vault a\ntag: water\nmap\n#E#\n#.#\nend\n");
	ck_assert_msg(strstr(e, "v.txt:2:1: unknown key \"tag\" (did you mean "
	    "tags?)") != NULL, "%s", e);
	free(e);
}
END_TEST

/* A vault tagged "sub" is never drawn for a level by itself. */
START_TEST(test_sub_not_drawn)
{
	struct vault_set	 vs;
	int			 picks[VAULT_PER_LEVEL], seed, n, k, a = 0;

	parse(&vs, "vault a\nweight: 1\nmap\n#E#\n#.#\nend\n"
	    "vault b\ntags: sub\nweight: 10000\nmap\n#E#\n#.#\nend\n");
	for (seed = 0; seed < 200; seed++) {
		n = vault_plan(&vs, (uint64_t)seed, 1, picks);
		for (k = 0; k < n; k++) {
			ck_assert_int_eq(picks[k], 0);
			a++;
		}
	}
	ck_assert_int_eq(a, 200);
	vault_set_free(&vs);
}
END_TEST

#define OW	50
#define OH	20

/*
 * Where an oriented vault lands in an open level, over many seeds: its
 * side against the level's border (inside the granite edge), or over
 * the centre cell; a plain vault lands anywhere, north or not.
 */
START_TEST(test_orient)
{
	static const char *const where[] = { "any", "north", "south", "east",
	    "west", "edge", "centre" };
	struct vault_set	 vs;
	struct rng		 r;
	uint8_t			 cells[OW * OH];
	char			 text[256];
	int			 seed, ox, oy, x, y, o = _i, sides[4] = { 0 };
	int			 placed = 0, notnorth = 0;

	snprintf(text, sizeof text, "vault o\norient: %s\nmap\nE####\n#...#\n"
	    "#...#\n####E\nend\n", where[o]);
	parse(&vs, text);
	ck_assert_int_eq(vs.v[0].orient, o);
	for (seed = 0; seed < 300; seed++) {
		for (y = 0; y < OH; y++)
			for (x = 0; x < OW; x++)
				cells[y * OW + x] = (uint8_t)(x == 0 || y == 0 ||
				    x == OW - 1 || y == OH - 1 ? tt.granite :
				    tt.floor);
		rng_seed(&r, (uint64_t)seed);
		if (vault_fit(&vs.v[0], &tt, cells, OW, OH, 2, OH / 2, 30, &r,
		    &ox, &oy) != 0)
			continue;
		placed++;
		sides[0] += oy == 1;
		sides[1] += oy + 4 == OH - 1;
		sides[2] += ox + 5 == OW - 1;
		sides[3] += ox == 1;
		notnorth += oy != 1;
		if (o >= VAULT_NORTH && o <= VAULT_WEST)
			ck_assert_int_eq(sides[o - VAULT_NORTH], placed);
		if (o == VAULT_EDGE)
			ck_assert(oy == 1 || oy + 4 == OH - 1 || ox == 1 ||
			    ox + 5 == OW - 1);
		if (o == VAULT_CENTRE)
			ck_assert(ox <= OW / 2 && ox + 5 > OW / 2 &&
			    oy <= OH / 2 && oy + 4 > OH / 2);
		ck_assert_int_eq(cells[oy * OW + ox], tt.floor); /* E */
	}
	ck_assert_int_gt(placed, 250);
	if (o == VAULT_EDGE)	/* each side, some of the time */
		ck_assert(sides[0] > 0 && sides[1] > 0 && sides[2] > 0 &&
		    sides[3] > 0);
	if (o == VAULT_ANY)
		ck_assert_int_gt(notnorth, 200);
	vault_set_free(&vs);
}
END_TEST

/* The relic vaults of the tests: an alcove of two relic cells. */
#define RELICS \
	"vault shrine\n" \
	"tags: shrine\n" \
	"weight: 10000\n" \
	"orient: north\n" \
	"legend: z monster zombie\n" \
	"subvault: R = tag:relic\n" \
	"event: death:zombie 2,3 3x1 floor\n" \
	"event: door:3,5 1,4 5x1 rubble\n" \
	"map\n" \
	"#######\n" \
	"##RRR##\n" \
	"##RRR##\n" \
	"##|||##\n" \
	"#z...z#\n" \
	"###+###\n" \
	"###E###\n" \
	"end\n" \
	"vault relic-a\n" \
	"tags: relic sub\n" \
	"legend: ! item potion-of-healing\n" \
	"map\n" \
	".!.\n" \
	".E.\n" \
	"end\n" \
	"vault relic-b\n" \
	"tags: relic sub\n" \
	"legend: ? item scroll-of-magic-mapping\n" \
	"map\n" \
	"~?~\n" \
	"~E~\n" \
	"end\n"

/*
 * A sub-vault's rectangle holds one of the vaults its tag names, drawn
 * anew each time: both come, never neither, and the rest of the map is
 * the vault's own.
 */
START_TEST(test_subvault_drawn)
{
	struct vault_set	 vs;
	struct vault		 d;
	struct rng		 r;
	int			 seed, potion, scroll, seen[2] = { 0, 0 };

	parse(&vs, RELICS);
	ck_assert_int_eq(vs.n, 3);
	ck_assert_int_eq(vs.v[0].subs[0].ncand, 2);
	potion = item_find(&it, "potion-of-healing");
	scroll = item_find(&it, "scroll-of-magic-mapping");
	for (seed = 0; seed < 50; seed++) {
		rng_seed(&r, (uint64_t)seed);
		ck_assert_int_eq(vault_draw(&vs.v[0], &tt, &mt, &it, &r, &d),
		    0);
		ck_assert_int_eq(d.d.nitems, 1);
		ck_assert_int_eq(d.d.items[0].x, 3);
		ck_assert_int_eq(d.d.items[0].y, 1);
		ck_assert(d.d.items[0].kind == potion ||
		    d.d.items[0].kind == scroll);
		seen[d.d.items[0].kind == scroll]++;
		ck_assert_int_eq(d.d.terrain[1 * 7 + 2],
		    d.d.items[0].kind == scroll ? tt.shallow_water :
		    tt.floor);
		ck_assert_int_eq(d.d.terrain[2 * 7 + 3], tt.floor);
		ck_assert_int_eq(d.d.terrain[3 * 7 + 3], terrain_find(&tt, "gate-closed"));
		ck_assert_int_eq(d.d.nspawns, 2);
		vault_drawn_free(&d);
	}
	ck_assert(seen[0] > 0 && seen[1] > 0);
	vault_set_free(&vs);
}
END_TEST

/*
 * A trigger's cell turns and mirrors with its vault: in every drawn
 * instance of a vault that may turn any way, the door trigger's cell is
 * the door and the step trigger's the plate's rubble.
 */
START_TEST(test_trigger_turns)
{
	struct vault_set	 vs;
	struct vault		 d;
	struct rng		 r;
	int			 seed, i, shapes[2] = { 0, 0 };

	parse(&vs, "vault t\nrotate: yes\nmirror: yes\n"
	    "event: door:1,2 3,1 floor\nevent: step:3,2 1,1 floor\n"
	    "map\n#####\n#.#.#\n#+#,#\n##E##\nend\n");
	for (seed = 0; seed < 40; seed++) {
		rng_seed(&r, (uint64_t)seed);
		ck_assert_int_eq(vault_draw(&vs.v[0], &tt, &mt, &it, &r, &d),
		    0);
		shapes[d.d.width == 4]++;
		for (i = 0; i < d.d.nevents; i++)
			ck_assert_int_eq(d.d.terrain[d.d.events[i].ty *
			    d.d.width + d.d.events[i].tx],
			    d.d.events[i].trigger == DUNGEON_ON_DOOR ?
			    tt.door : tt.rubble);
		vault_drawn_free(&d);
	}
	ck_assert(shapes[0] > 0 && shapes[1] > 0);
	vault_set_free(&vs);
}
END_TEST

/* Every mistake of a sub-vault, at its line and column. */
START_TEST(test_subvault_errors)
{
	char	*e;

	e = parse_error("vault a\nsubvault: S = b\nmap\n#E#\n#S#\nend\n"
	    "vault b\nsubvault: T = a\nmap\n#E#\n#T#\nend\n");
	ck_assert_str_eq(e, "v.txt:8:15: vault \"a\" would hold itself: its "
	    "sub-vaults come back to it");
	free(e);
	e = parse_error("vault a\ntags: t\nsubvault: S = tag:t\nmap\n#E#\n"
	    "#S#\nend\n");
	ck_assert_str_eq(e, "v.txt:3:15: vault \"a\" would hold itself: its "
	    "sub-vaults come back to it");
	free(e);
	e = parse_error("vault a\nsubvault: S = nope\nmap\n#E#\n#S#\nend\n");
	ck_assert_str_eq(e, "v.txt:2:15: no vault named \"nope\" in the file");
	free(e);
	e = parse_error("vault a\nsubvault: S = tag:big\nmap\n#E#\n#S#\nend\n"
	    "vault b\ntags: big\nmap\n#E#\n#..\nend\n");
	ck_assert_str_eq(e, "v.txt:2:15: no vault tagged \"big\" fits the "
	    "sub-vault's 1x1 cells");
	free(e);
	e = parse_error("vault a\nsubvault: S = b\nmap\n#E##\n#S.#\n#.S#\n"
	    "####\nend\nvault b\nmap\nE\nend\n");
	ck_assert_str_eq(e, "v.txt:2:11: the sub-vault's 'S' cells are not a "
	    "rectangle");
	free(e);
	e = parse_error("vault a\nsubvault: S = b\nmap\n#E#\n#.#\nend\n"
	    "vault b\nmap\nE\nend\n");
	ck_assert_str_eq(e, "v.txt:2:11: the sub-vault's glyph 'S' is not in "
	    "the map");
	free(e);
	e = parse_error("vault a\nsubvault: S = b\nsubst: S = .\nmap\n#E#\n"
	    "#S#\nend\nvault b\nmap\nE\nend\n");
	ck_assert_str_eq(e, "v.txt:3:12: the sub-vault glyph 'S' cannot be "
	    "substituted or shuffled");
	free(e);
	e = parse_error("vault a\nsubvault: # = b\nmap\n#E#\n#.#\nend\n");
	ck_assert_msg(strstr(e, "v.txt:2:11: a sub-vault's glyph is one "
	    "printable ASCII character") != NULL, "%s", e);
	free(e);
	e = parse_error("vault a\nsubvault: S b\nmap\n#E#\n#.#\nend\n");
	ck_assert_msg(strstr(e, "v.txt:2:11: expected \"subvault: C = NAME\"")
	    != NULL, "%s", e);
	free(e);
	/* Four deep: a holds b holds c holds d holds e. */
	e = parse_error("vault a\nsubvault: S = b\nmap\n#E#\n#S#\nend\n"
	    "vault b\nsubvault: S = c\nmap\nE\nS\nend\n"
	    "vault c\nsubvault: S = d\nmap\nE\nS\nend\n"
	    "vault d\nsubvault: S = e\nmap\nE\nS\nend\n"
	    "vault e\nmap\nE\nend\n");
	ck_assert_msg(strstr(e, "sub-vaults nest more than 3 deep here") !=
	    NULL, "%s", e);
	free(e);
	/* The checker tells them all, each at its place, each once. */
	ck_assert(check_count("vault a\nsubvault: S = nope\nmap\n#E#\n#S#\n"
	    "end\nvault b\norient: up\nmap\n#E#\nend\n", ":2:15: no vault "
	    "named \"nope\""));
	ck_assert(check_count("vault a\nsubvault: S = nope\nmap\n#E#\n#S#\n"
	    "end\nvault b\norient: up\nmap\n#E#\nend\n", ":8:9: orient "
	    "takes north, south, east, west, edge, centre or any"));
	ck_assert_int_eq(check_count("vault a\nsubvault: S = b\nmap\n#E#\n"
	    "#S#\nend\nvault b\nsubvault: T = a\nmap\n#E#\n#T#\nend\n",
	    "sub-vault"), 1);
}
END_TEST

/* Writes text to a new temporary file; returns its path (to free). */
static char *
write_temp(const char *text)
{
	char	*path = strdup("/tmp/astray-tools-XXXXXX");
	FILE	*f;
	int	 fd;

	ck_assert_ptr_nonnull(path);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return (path);
}

/*
 * In a generated level (of 12 seeds) the shrine stands against the
 * north side, as its orient: asks, and its bars (its gate-closed cells)
 * lift when a warden dies, and the nave fills with rubble when its door is
 * opened: the triggers moved with the vault to where it was placed.
 */
START_TEST(test_vault_triggers_in_level)
{
	struct game_config	 cfg;
	struct game		*g;
	struct dungeon_event	*e;
	char			*vaults, *cause = NULL;
	int			 i, bars = 0, lifted = 0, n, z;

	vaults = write_temp(RELICS);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.vaults = vaults;
	cfg.seed = 3 + (uint64_t)_i;
	cfg.monsters = GAME_NO_MONSTERS;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	n = g->level->width * g->level->height;
	for (i = 0; i < n; i++)
		if (g->level->terrain[i] == terrain_find(&g->terrain,
		    "gate-closed")) {
			bars++;
			/* orient: north, so its fourth row is the level's 4 */
			ck_assert_int_eq(i / g->level->width, 4);
		}
	ck_assert_int_eq(bars, 3);
	for (i = 0, z = 0; i < g->level->nevents; i++)
		z += g->level->events[i].trigger == DUNGEON_ON_DEATH;
	ck_assert_int_eq(z, 1);
	/* No monster on the level: the wardens are written in by hand. */
	for (i = 0; i < g->level->nevents; i++)
		if (g->level->events[i].trigger == DUNGEON_ON_DEATH) {
			level_add_monster(g, g->level, g->level->events[i].kind,
			    g->level->events[i].x, g->level->events[i].y + 1);
			level_kill_monster(g->level, g->level->nmon - 1);
		}
	gt_play(g, ".");
	for (i = 0; i < n; i++)
		lifted += g->level->terrain[i] == terrain_find(&g->terrain,
		    "gate-closed");
	ck_assert_int_eq(lifted, 0);
	/* The door, opened where the vault put it, brings the rubble. */
	for (i = 0; i < g->level->nevents; i++) {
		e = &g->level->events[i];
		if (e->trigger != DUNGEON_ON_DOOR)
			continue;
		ck_assert_str_eq(game_terrain_name(g, e->tx, e->ty), "door");
		ck_assert_str_eq(game_terrain_name(g, e->x, e->y), "floor");
		level_set_terrain(g->level, &g->terrain, e->tx, e->ty,
		    g->terrain.open_door);
		gt_play(g, ".");
		ck_assert_str_eq(game_terrain_name(g, e->x, e->y), "rubble");
		ck_assert_str_eq(game_terrain_name(g, e->x + 4, e->y),
		    "rubble");
	}
	game_free(g);
	unlink(vaults);
	free(vaults);
}
END_TEST

/* A campaign's level asks for its vaults by tag. */
START_TEST(test_campaign_tag)
{
	struct game	*g;
	char		*vaults, *camp, text[512], *cause = NULL;
	struct game_config cfg;
	int		 i, n, bars = 0;

	vaults = write_temp(RELICS "vault plain\nweight: 10000\nmap\n#E#\n"
	    "#.#\nend\n");
	snprintf(text, sizeof text, "campaign Tags\nlevel one\n\tgenerate "
	    "rooms\n\tvaults %s\n\tvault tag:shrine\n", vaults);
	camp = write_temp(text);
	g = gt_start(camp, GAME_NO_MONSTERS, 0, 5);
	n = g->level->width * g->level->height;
	for (i = 0; i < n; i++)
		bars += g->level->terrain[i] == terrain_find(&g->terrain,
		    "gate-closed");
	ck_assert_int_eq(bars, 3);
	game_free(g);
	unlink(camp);
	free(camp);
	snprintf(text, sizeof text, "campaign Tags\nlevel one\n\tgenerate "
	    "rooms\n\tvaults %s\n\tvault tag:relic\n", vaults);
	camp = write_temp(text);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = camp;
	ck_assert_ptr_null(game_new(&cfg, &cause));
	ck_assert_msg(strstr(cause, ":5:8: no vault tagged \"relic\" in ") !=
	    NULL && strstr(cause, "is drawn at the level's depth 1") != NULL,
	    "%s", cause);
	free(cause);
	unlink(camp);
	free(camp);
	unlink(vaults);
	free(vaults);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("vault_tools");
	TCase	*tc;

	tc = tcase_create("triggers");
	tcase_add_unchecked_fixture(tc, tools_setup, NULL);
	tcase_add_test(tc, test_trigger_step);
	tcase_add_test(tc, test_trigger_door_saved);
	tcase_add_test(tc, test_trigger_death_saved);
	tcase_add_test(tc, test_trigger_errors);
	tcase_add_test(tc, test_trigger_winnable);
	suite_add_tcase(s, tc);

	tc = tcase_create("vaults");
	tcase_set_timeout(tc, 60);
	tcase_add_unchecked_fixture(tc, tools_setup, NULL);
	tcase_add_test(tc, test_tags);
	tcase_add_test(tc, test_sub_not_drawn);
	tcase_add_loop_test(tc, test_orient, VAULT_ANY, VAULT_CENTRE + 1);
	tcase_add_test(tc, test_subvault_drawn);
	tcase_add_test(tc, test_trigger_turns);
	tcase_add_test(tc, test_subvault_errors);
	tcase_add_loop_test(tc, test_vault_triggers_in_level, 0, 12);
	tcase_add_test(tc, test_campaign_tag);
	suite_add_tcase(s, tc);
	return (s);
}
