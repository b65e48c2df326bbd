/*
 * check_campaign.c: campaigns (campaign.h) played as a player plays them.
 *
 * Each test starts a campaign of tests/data/campaign with the shipped
 * data and judges what a player would notice against something the
 * code under test did not make: a hand-made level's map against the
 * rows of its own file, read here line by line; a generated level's
 * vaults by terrains that only those vaults bring (lava and rubble,
 * which generated levels of depth 1 never have); the order of the
 * levels by their names; a win by the game's status; a restored game
 * by its digest as it plays on beside the game it was saved from.  Bad
 * campaigns must be refused with the message, file, line and column a
 * modder is promised.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign.h"
#include "check-files.h"
#include "gametest.h"
#include "testutil.h"

#ifndef TEST_DATA
#error "TEST_DATA must name the test data folder"
#endif

#define CAMP	TEST_DATA "/campaign"

/* Counts the cells of a level whose terrain is the one named. */
static int
count_terrain(const struct game *g, const char *name)
{
	const struct level	*l = g->level;
	int			 i, n = 0;

	for (i = 0; i < l->width * l->height; i++)
		n += strcmp(g->terrain.t[l->terrain[i]].name, name) == 0;
	return (n);
}

/*
 * Takes the stairs of the level: the player is put on them (as a walk
 * there would) and goes down.
 */
static void
descend(struct game *g)
{
	const struct level	*l = g->level;
	struct game_action	 a = { .cmd = GAME_CMD_DESCEND };
	int			 i;

	for (i = 0; i < l->width * l->height; i++) {
		if (g->terrain.t[l->terrain[i]].flags & TERRAIN_STAIRS)
			break;
	}
	ck_assert_msg(i < l->width * l->height, "no stairs on %s", l->name);
	g->px = i % l->width;
	g->py = i / l->width;
	ck_assert_int_eq(game_act(g, a), 1);
}

/*
 * The map rows of a dungeon file, as its author wrote them: the lines
 * between "map" and "end", joined with newlines.
 */
static char *
file_map(const char *path)
{
	FILE	*f = fopen(path, "r");
	char	 line[256], *out;
	size_t	 n = 0;
	int	 in = 0;

	ck_assert_msg(f != NULL, "%s", path);
	out = calloc(1, 8192);
	while (fgets(line, sizeof line, f) != NULL) {
		if (strcmp(line, "end\n") == 0)
			break;
		if (in) {
			memcpy(out + n, line, strlen(line));
			n += strlen(line);
		}
		if (strcmp(line, "map\n") == 0)
			in = 1;
	}
	fclose(f);
	return (out);
}

/* The map rows of the level as the game prints it (game_level_text()). */
static char *
level_map(const struct game *g)
{
	char	*text = game_level_text(g), *rows, *end;

	rows = strchr(text, '\n') + 1;		/* after the header line */
	end = rows;
	while (*end == '%' || *end == '#' || *end == '.')
		end = strchr(end, '\n') + 1;	/* the map's rows */
	*end = '\0';
	rows = strdup(rows);
	free(text);
	return (rows);
}

/* The levels come in the order written, hand-made ones as their files. */
START_TEST(test_order_and_maps)
{
	struct game	*g = gt_start(CAMP "/three.camp", 0, 0, 7);
	char		*want, *got;

	ck_assert_str_eq(g->level->name, "The First Room");
	ck_assert_msg(gt_said(g, "A test of the campaign machinery.", 5),
	    "the intro was not told");
	want = file_map(CAMP "/first.dun");
	got = level_map(g);
	/* The player '@' is where the file's '@' is. */
	ck_assert_str_eq(got, want);
	free(want);
	free(got);

	gt_play(g, "ll>");
	ck_assert_int_eq(game_status(g), GAME_PLAYING);
	ck_assert_str_eq(g->level->name, "The Middle Level");
	ck_assert_int_eq(g->level->width, 48);
	ck_assert_int_eq(g->level->height, 18);
	ck_assert_int_eq(g->depth, 1);
	ck_assert_msg(gt_said(g, "(level 2 of 3)", 1), "%s",
	    game_message_text(g, 0, NULL));

	descend(g);
	ck_assert_int_eq(game_status(g), GAME_PLAYING);
	ck_assert_str_eq(g->level->name, "The Last Room");
	ck_assert_int_eq(g->depth, 3);
	ck_assert_int_eq(game_monster_count(g), 1);	/* its kobold */
	game_free(g);
}
END_TEST

/* The last level's stairs end the game as a win, and nothing earlier. */
START_TEST(test_last_stairs_win)
{
	struct game	*g = gt_start(CAMP "/three.camp", 0, 0, 3);

	gt_play(g, "ll>");
	descend(g);
	ck_assert_int_eq(game_status(g), GAME_PLAYING);
	gt_play(g, "l>");
	ck_assert_int_eq(game_status(g), GAME_WON);
	ck_assert_msg(gt_said(g, "You win!", 1), "%s",
	    game_message_text(g, 0, NULL));
	game_free(g);
}
END_TEST

/*
 * game_descend_now() (the checker's --show) takes a campaign's stairs at
 * once, level after level, and refuses on the last level, leaving the
 * game playing there, and on a game that is not a campaign.
 */
START_TEST(test_descend_now)
{
	struct game	*g = gt_start(CAMP "/three.camp", 0, 0, 7);

	ck_assert_str_eq(g->level->name, "The First Room");
	ck_assert_int_eq(game_descend_now(g), 0);
	ck_assert_str_eq(g->level->name, "The Middle Level");
	ck_assert_int_eq(g->level->width, 48);
	ck_assert_int_eq(game_descend_now(g), 0);
	ck_assert_str_eq(g->level->name, "The Last Room");
	ck_assert_int_eq(game_descend_now(g), -1);
	ck_assert_str_eq(g->level->name, "The Last Room");
	ck_assert_int_eq(game_status(g), GAME_PLAYING);
	game_free(g);

	g = gt_start(CAMP "/first.dun", 0, 0, 7);
	ck_assert_int_eq(game_descend_now(g), -1);
	ck_assert_str_eq(g->level->name, "The First Room");
	ck_assert_int_eq(game_status(g), GAME_PLAYING);
	game_free(g);
}
END_TEST

/* A generated last level: the amulet, or with "goal stairs" stairs out. */
START_TEST(test_generated_goal)
{
	struct game		*g;
	struct game_action	 a = { .cmd = GAME_CMD_MOVE };
	const struct level	*l;
	static const int	 step[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 },
				    { 0, -1 }, { 1, 1 }, { -1, -1 }, { 1, -1 },
				    { -1, 1 } };
	int			 i, k;

	g = gt_start(CAMP "/amulet.camp", 0, 0, 11);
	ck_assert_int_eq(count_terrain(g, "amulet"), 1);
	ck_assert_int_eq(count_terrain(g, "stairs"), 0);
	/* Step onto the amulet from a cell beside it. */
	l = g->level;
	for (i = 0; i < l->width * l->height; i++) {
		if (l->terrain[i] == g->terrain.goal)
			break;
	}
	for (k = 0; k < 8; k++) {
		g->px = i % l->width - step[k][0];
		g->py = i / l->width - step[k][1];
		if (l->terrain[g->py * l->width + g->px] == g->terrain.floor)
			break;
	}
	ck_assert_msg(k < 8, "no floor beside the amulet");
	a.dx = step[k][0];
	a.dy = step[k][1];
	ck_assert_int_eq(game_act(g, a), 1);
	ck_assert_int_eq(game_status(g), GAME_WON);
	game_free(g);

	g = gt_start(CAMP "/stairs-out.camp", 0, 0, 11);
	ck_assert_int_eq(count_terrain(g, "amulet"), 0);
	ck_assert_int_eq(count_terrain(g, "stairs"), 1);
	descend(g);
	ck_assert_int_eq(game_status(g), GAME_WON);
	game_free(g);
}
END_TEST

/*
 * A generated level draws only the vaults it names: lava-cross, never
 * rubble-room, though rubble-room weighs a thousand times more.  The
 * same level with both allowed draws rubble-room, so the oracle can
 * tell them apart.
 */
START_TEST(test_declared_vaults)
{
	static const char	 text[] =
	    "campaign Both Vaults\n"
	    "level first\n"
	    "\tdungeon first\n"
	    "level middle\n"
	    "\tgenerate rooms:48x18\n"
	    "\tdepth 1\n"
	    "\tvaults vaults.txt\n"
	    "\tmonsters 0\n";
	struct game		*g;
	struct game_config	 cfg;
	char			*cause = NULL;
	uint64_t		 seed = (uint64_t)_i + 1;
	FILE			*f;
	char			*tmp;
	char			 both[1024];

	g = gt_start(CAMP "/three.camp", 0, 0, seed);
	gt_play(g, "ll>");
	ck_assert_msg(count_terrain(g, "lava") > 0, "seed %llu: lava-cross "
	    "was not placed", (unsigned long long)seed);
	ck_assert_msg(count_terrain(g, "rubble") == 0, "seed %llu: a vault "
	    "not named was placed", (unsigned long long)seed);
	game_free(g);

	/* The same level allowing both vaults. */
	tmp = test_temp_file("", 0);
	snprintf(both, sizeof both, "%s.camp", tmp);
	f = fopen(both, "w");
	ck_assert(f != NULL);
	fprintf(f, "%s", text);
	fprintf(f, "\tvault lava-cross rubble-room\n");
	fclose(f);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = both;
	cfg.seed = seed;
	/* Relative names are found beside the campaign: not in /tmp. */
	ck_assert_msg(game_new(&cfg, &cause) == NULL, "a campaign in /tmp "
	    "found first.dun");
	ck_assert_msg(strstr(cause, "no dungeon file \"first\"") != NULL,
	    "%s", cause);
	free(cause);
	f = fopen(both, "w");
	fprintf(f, "campaign Both Vaults\nlevel middle\n\tgenerate "
	    "rooms:48x18\n\tdepth 1\n\tvaults %s/vaults.txt\n\tmonsters 0\n"
	    "\tvault lava-cross rubble-room\nlevel end\n\tdungeon "
	    "%s/last.dun\n", CAMP, CAMP);
	fclose(f);
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_msg(count_terrain(g, "rubble") > 0, "seed %llu: "
	    "rubble-room was not placed", (unsigned long long)seed);
	game_free(g);
	unlink(both);
	unlink(tmp);
	free(tmp);
}
END_TEST

/* The shipped campaign, down every level to its end, for a few seeds. */
START_TEST(test_shipped)
{
	static const char *const names[] = { "The Gatehouse",
	    "The Kobold Warren", "The Door Maze", "The Drowned Caves",
	    "The Arena" };
	struct game	*g = gt_start(SRC_DATA "/campaigns/the-long-descent.camp",
			    0, 0, (uint64_t)_i + 1);
	size_t		 i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		ck_assert_str_eq(g->level->name, names[i]);
		ck_assert_int_eq(game_status(g), GAME_PLAYING);
		ck_assert_int_eq(g->stage, (int)i);
		descend(g);
	}
	ck_assert_int_eq(game_status(g), GAME_WON);
	game_free(g);
}
END_TEST

/*
 * A small generated level with nothing left to stand on once its pools
 * are dug still gets a start and a way out (tests/fuzz/crashes/dungeon/
 * campaign-no-floor.camp: the start was sought for ever).
 */
START_TEST(test_small_level)
{
	static const char	 text[] = "campaign Small\nlevel only\n"
	    "\tgenerate mixed:13x13\n\tvaults vaults.txt\n"
	    "\tvault flooded-hall\n\tmonsters 0\n";
	struct game_config	 cfg;
	struct game		*g;
	char			*tmp = test_temp_file("", 0), path[1024], *cause;
	FILE			*f;

	snprintf(path, sizeof path, "%s.camp", tmp);
	f = fopen(path, "w");
	ck_assert(f != NULL);
	fputs(text, f);
	fclose(f);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = path;
	cfg.seed = 1;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_int_eq(g->level->terrain[g->py * g->level->width + g->px],
	    g->terrain.floor);
	ck_assert_int_eq(count_terrain(g, "amulet"), 1);
	game_free(g);
	unlink(path);
	unlink(tmp);
	free(tmp);
}
END_TEST

/* The same seed gives the same campaign, level after level. */
START_TEST(test_deterministic)
{
	struct game	*a = gt_start(CAMP "/three.camp", 0, 0, 5);
	struct game	*b = gt_start(CAMP "/three.camp", 0, 0, 5);
	struct game	*c = gt_start(CAMP "/three.camp", 0, 0, 6);

	gt_play(a, "ll>");
	gt_play(b, "ll>");
	gt_play(c, "ll>");
	ck_assert_uint_eq(game_digest(a), game_digest(b));
	ck_assert_uint_ne(game_digest(a), game_digest(c));
	game_free(a);
	game_free(b);
	game_free(c);
}
END_TEST

/*
 * A game saved on the campaign's second level restores to the same
 * game, and both play on alike: down to the third level and out.
 */
START_TEST(test_save_mid_campaign)
{
	struct game		*g = gt_start(CAMP "/two.camp", 0, 0, 9);
	struct game		*r;
	struct game_config	 cfg;
	char			*path = test_temp_file("", 0), *cause = NULL;

	gt_play(g, "ll>");
	ck_assert_str_eq(g->level->name, "depth 2 (rooms)");
	gt_play(g, "hh");
	ck_assert_msg(game_save(g, path, &cause) == 0, "%s", cause);
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	r = game_load(path, &cfg, &cause);
	ck_assert_msg(r != NULL, "%s", cause);
	ck_assert_uint_eq(game_digest(r), game_digest(g));
	ck_assert_int_eq(r->stage, 1);
	gt_play(g, "jjkkll....");
	gt_play(r, "jjkkll....");
	ck_assert_uint_eq(game_digest(r), game_digest(g));
	game_free(r);
	game_free(g);

	/* Three levels: saved on the second, restored, both go down. */
	g = gt_start(CAMP "/three.camp", 0, 0, 9);
	gt_play(g, "ll>..");
	ck_assert_msg(game_save(g, path, &cause) == 0, "%s", cause);
	r = game_load(path, &cfg, &cause);
	ck_assert_msg(r != NULL, "%s", cause);
	descend(g);
	descend(r);
	ck_assert_str_eq(r->level->name, "The Last Room");
	ck_assert_uint_eq(game_digest(r), game_digest(g));
	gt_play(g, "l>");
	gt_play(r, "l>");
	ck_assert_int_eq(game_status(r), GAME_WON);
	ck_assert_uint_eq(game_digest(r), game_digest(g));
	game_free(r);
	game_free(g);
	unlink(path);
	free(path);
}
END_TEST

/* Bad campaigns, each with the message a modder gets. */
static const struct {
	const char	*text;
	const char	*message;	/* after "CAMP/x.camp:" */
} bad[] = {
	{ "level a\n\tdungeon first\n",
	  "1:1: expected \"campaign TITLE\" before the first level" },
	{ "campaign C\n",
	  " no levels: expected \"level NAME\" blocks after the "
	  "\"campaign\" line" },
	{ "campaign C\ndungeon first\n",
	  "2:1: \"dungeon\" outside a level block (a \"level NAME\" line must "
	  "come first)" },
	{ "campaign C\nlevel a\n\tdungeon first\n\tintro Hello\n",
	  "4:2: \"intro\" belongs before the first level" },
	{ "campaign C\ncampaign D\n",
	  "2:1: \"campaign\" given twice for the campaign" },
	{ "campaign C\nlevel a\n\tgenerate rooms\n\tgenerate caves\n",
	  "4:2: \"generate\" given twice for level \"a\"" },
	{ "campaign C\nlevel a\n\tdungeon nowhere\n",
	  "3:10: no dungeon file \"nowhere\" (as written or with \".dun\", "
	  "beside the campaign or among the data folder's dungeons)" },
	{ "campaign C\nlevel a\n\tdungeon first\n\tgenerate rooms\n",
	  "4:2: level \"a\" is either hand-made (\"dungeon FILE\") or "
	  "generated (\"generate KIND\"), not both" },
	{ "campaign C\nlevel a\n\tmonsters 3\nlevel b\n\tdungeon first\n",
	  "2:1: level \"a\" has neither \"dungeon FILE\" nor \"generate "
	  "KIND\"" },
	{ "campaign C\nlevel a\n\tgenerate tunnels\n",
	  "3:11: unknown map kind \"tunnels\" (rooms, caves, open, mixed or "
	  "any)" },
	{ "campaign C\nlevel a\n\tgenerate rooms:4x4\n",
	  "3:11: \"4x4\": the size must be from 8x6 to 2048x2048" },
	{ "campaign C\nlevel a\n\tgenerate rooms:600x30\n",
	  "3:11: a generated level is at most 512x512" },
	{ "campaign C\nlevel a\n\tgenerate any:9\n",
	  "3:11: \"any:9\" is not any:WIDTHxHEIGHT, from 8x6 to 512x512 "
	  "(for example any:80x21)" },
	{ "campaign C\nlevel a\n\tgenerate rooms\n\tdepth 101\n",
	  "4:8: depth \"101\" is not a number from 1 to 100" },
	{ "campaign C\nlevel a\n\tgenerate rooms\n\tvaults nothing.txt\n",
	  "4:9: no vault file \"nothing.txt\" (beside the campaign or in the "
	  "data folder)" },
	{ "campaign C\nlevel a\n\tgenerate rooms\n\tvaults vaults.txt\n"
	  "\tvault lava-cross nope\n",
	  "5:19: no vault \"nope\" in " CAMP "/vaults.txt" },
	{ "campaign C\nlevel a\n\tgenerate rooms\n\tdepth 2\n"
	  "\tvaults vaults.txt\n\tvault lava-cross\n",
	  "6:8: vault \"lava-cross\" (depth 1-1) is never drawn at the "
	  "level's depth 2" },
	{ "campaign C\nlevel a\n\tgenerate rooms\n\tgoal stairs\nlevel b\n"
	  "\tdungeon first\n",
	  "4:2: \"goal\" is for the last level (the way out of every other "
	  "level is stairs down)" },
	{ "campaign C\nlevel a\n\tgenerate rooms\n\tgoal trophy\n",
	  "4:7: expected \"goal amulet\" or \"goal stairs\"" },
	{ "campaign C\nlevel a\n\tdungeon first\n\tdepth 2\n",
	  "4:2: \"depth\" is for generated levels (level \"a\" is a dungeon "
	  "file's, which says it)" },
	{ "campaign C\nlevel a\n\tdungeon first\nlevel a\n\tdungeon last\n",
	  "4:7: a second level \"a\" (the first is at line 2)" },
	{ "campaign C\nlevel a\n\tdungeon first\n\tcolour red\n",
	  "4:2: unknown key \"colour\" (expected campaign, intro, level, "
	  "dungeon, generate, depth, name, vaults, vault, monsters or goal)" },
	{ "campaign C\nlevel a\n\tdungeon broken\n",
	  NULL },	/* the level file's own error: below */
};

/* Each bad campaign is refused with its message, nothing half-read. */
START_TEST(test_bad)
{
	struct terrain_table	tt;
	struct monster_table	mt;
	struct item_table	it;
	struct campaign		c;
	char			*cause = NULL, want[512];
	const char		*text = bad[_i].text;

	ck_assert(terrain_read(&tt, SRC_DATA "/terrain.txt", &cause) == 0);
	ck_assert(monster_read(&mt, &tt, SRC_DATA "/monsters.txt",
	    &cause) == 0);
	ck_assert(item_read(&it, &tt, SRC_DATA "/items.txt", &cause) == 0);
	ck_assert_int_eq(campaign_parse(&c, &tt, &mt, &it, SRC_DATA,
	    CAMP "/x.camp", text, strlen(text), &cause), -1);
	ck_assert_int_eq(c.n, 0);
	ck_assert(c.levels == NULL);
	if (bad[_i].message != NULL)
		snprintf(want, sizeof want, CAMP "/x.camp:%s",
		    bad[_i].message);
	else
		snprintf(want, sizeof want, CAMP "/broken.dun:4:19: unknown "
		    "monster \"rats\" (did you mean rat?)");
	ck_assert_str_eq(cause, want);
	free(cause);
}
END_TEST

/* The checker reports every error of a campaign and of what it names. */
START_TEST(test_checker)
{
	struct terrain_table	tt;
	struct monster_table	mt;
	struct item_table	it;
	struct dungeon_report	r;
	char			*cause = NULL;

	ck_assert(terrain_read(&tt, SRC_DATA "/terrain.txt", &cause) == 0);
	ck_assert(monster_read(&mt, &tt, SRC_DATA "/monsters.txt",
	    &cause) == 0);
	ck_assert(item_read(&it, &tt, SRC_DATA "/items.txt", &cause) == 0);
	ck_assert_int_eq(campaign_check_file(&r, &tt, &mt, &it, SRC_DATA, NULL,
	    CAMP "/bad.camp"), 12);
	ck_assert_str_eq(r.errors[0], CAMP "/broken.dun:4:19: unknown "
	    "monster \"rats\" (did you mean rat?)");
	ck_assert_str_eq(r.errors[11], CAMP "/bad.camp:34:2: \"goal\" is "
	    "for the last level (the way out of every other level is stairs "
	    "down)");
	dungeon_report_free(&r);
	ck_assert_int_eq(campaign_check_file(&r, &tt, &mt, &it, SRC_DATA, NULL,
	    SRC_DATA "/campaigns/the-long-descent.camp"), 0);
	ck_assert_int_eq(r.nwarnings, 0);
	dungeon_report_free(&r);
}
END_TEST

/*
 * A campaign counts its levels apart from their depths (the status line
 * and the morgue say "level 1 of 3 (depth D)"); a dungeon file is a game
 * of one level; a generated game counts depths.
 */
START_TEST(test_where)
{
	struct game		*g = gt_start(CAMP "/three.camp", 0, 0, 7);
	struct game_info	 gi;

	game_info(g, &gi);
	ck_assert_int_eq(gi.level, 1);
	ck_assert_int_eq(gi.levels, 3);
	ck_assert_int_eq(gi.depths, 0);
	ck_assert_int_eq(gi.depth, g->depth);
	ck_assert_int_eq(game_descend_now(g), 0);
	game_info(g, &gi);
	ck_assert_int_eq(gi.level, 2);
	ck_assert_int_eq(gi.levels, 3);
	game_free(g);

	g = gt_start(CAMP "/first.dun", 0, 0, 7);
	game_info(g, &gi);
	ck_assert_int_eq(gi.level, 1);
	ck_assert_int_eq(gi.levels, 1);
	ck_assert_int_eq(gi.depths, 0);
	game_free(g);

	g = gt_start(NULL, 0, 0, 7);
	descend(g);
	game_info(g, &gi);
	ck_assert_int_eq(gi.depth, 2);
	ck_assert_int_eq(gi.level, 2);
	ck_assert_int_eq(gi.depths, 10);
	ck_assert_int_eq(gi.levels, 10);
	game_free(g);
}
END_TEST

/* Monsters alive on the game's level now. */
static int
alive(const struct game *g)
{
	int	i, n = 0;

	for (i = 0; i < g->level->nmon; i++)
		n += g->level->mon[i].alive;
	return (n);
}

/*
 * --monsters 0 leaves every level empty: a campaign's generated and
 * hand-made levels, a generated game's every depth (vaults' own monsters
 * too), and a dungeon file with monsters of its own; --monsters N sets
 * a generated level's count instead of the one by its size.
 */
START_TEST(test_no_monsters)
{
	struct game	*g;
	int		 depth, fewer;

	g = gt_start(SRC_DATA "/campaigns/the-long-descent.camp",
	    GAME_NO_MONSTERS, 0, 3);
	do
		ck_assert_msg(alive(g) == 0, "%d monsters on %s", alive(g),
		    g->level->name);
	while (game_descend_now(g) == 0);
	game_free(g);

	g = gt_start(SRC_DATA "/dungeons/arena.dun", GAME_NO_MONSTERS, 0, 3);
	ck_assert_int_eq(alive(g), 0);
	game_free(g);
	g = gt_start(SRC_DATA "/dungeons/arena.dun", 0, 0, 3);
	ck_assert_int_gt(alive(g), 0);		/* the file's own */
	game_free(g);

	for (depth = 1; depth <= 5; depth++) {
		g = gt_start(NULL, GAME_NO_MONSTERS, 0, (uint64_t)depth);
		while (g->depth < depth)
			descend(g);
		ck_assert_msg(alive(g) == 0, "%d monsters at depth %d",
		    alive(g), depth);
		game_free(g);
	}
	for (depth = 1; depth <= 3; depth++) {
		g = gt_start(NULL, 0, 0, 11);
		while (g->depth < depth)
			descend(g);
		fewer = alive(g);
		game_free(g);
		g = gt_start(NULL, 2, 0, 11);
		while (g->depth < depth)
			descend(g);
		ck_assert_msg(alive(g) < fewer && alive(g) >= 2,
		    "--monsters 2 at depth %d: %d (by size: %d)", depth,
		    alive(g), fewer);
		game_free(g);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("campaign");
	TCase	*tc;

	tc = tcase_create("play");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_order_and_maps);
	tcase_add_test(tc, test_last_stairs_win);
	tcase_add_test(tc, test_descend_now);
	tcase_add_test(tc, test_generated_goal);
	tcase_add_loop_test(tc, test_declared_vaults, 0, 6);
	tcase_add_loop_test(tc, test_shipped, 0, 4);
	tcase_add_test(tc, test_small_level);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_save_mid_campaign);
	tcase_add_test(tc, test_no_monsters);
	tcase_add_test(tc, test_where);
	suite_add_tcase(s, tc);
	tc = tcase_create("files");
	tcase_add_loop_test(tc, test_bad, 0, (int)(sizeof bad /
	    sizeof bad[0]));
	tcase_add_test(tc, test_checker);
	suite_add_tcase(s, tc);
	return (s);
}
