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

	level_kill_monster(g->level, monster_index(g, "zombie"));
	ck_assert_str_eq(game_terrain_name(g, 9, 4), "floor");
	memset(&cfg, 0, sizeof cfg);
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
	return (s);
}
