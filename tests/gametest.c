/*
 * gametest.c: setting up and playing games for the game's Check suites
 * (see gametest.h).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gametest.h"
#include "keys.h"
#include "testutil.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

/* Starts a game: see gametest.h. */
struct game *
gt_start(const char *dungeon, int monsters, int hunted, uint64_t seed)
{
	struct game_config	cfg;
	struct game		*g;
	char			*cause = NULL;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.dungeon = dungeon;
	cfg.seed = seed;
	cfg.monsters = monsters;
	cfg.hunted = hunted;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s: %s", dungeon != NULL ? dungeon :
	    "a generated dungeon", cause != NULL ? cause : "?");
	return (g);
}

/*
 * Starts and ends a generated game before the tests fork (see
 * testutil.h).  A game that does not start is left to the tests to
 * report: nothing is asserted outside a test.
 */
void
test_warm_up(void)
{
	struct game_config	cfg;
	struct game		*g;
	char			*cause = NULL;

	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.seed = 1;
	if ((g = game_new(&cfg, &cause)) != NULL)
		game_free(g);
	free(cause);
}

/* Saves and loads a game: see gametest.h. */
struct game *
gt_reload(const struct game *g, const struct game_config *cfg)
{
	struct game_config	 c = *cfg;
	struct game		*b;
	char			 path[] = "/tmp/astray-check-save-XXXXXX";
	char			*cause = NULL;
	int			 fd;

	if (c.data_dir == NULL)
		c.data_dir = SRC_DATA;
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_msg(game_save(g, path, &cause) == 0, "%s", cause);
	b = game_load(path, &c, &cause);
	unlink(path);
	ck_assert_msg(b != NULL, "%s", cause != NULL ? cause : "?");
	return (b);
}

/* Plays keys: see gametest.h. */
int
gt_play(struct game *g, const char *keys)
{
	struct keys		ks;
	struct game_action	a;
	enum keys_result	r;
	int			turns = 0;

	keys_init(&ks);
	ks.game = g;
	for (; *keys != '\0'; keys++) {
		r = keys_feed(&ks, (unsigned char)*keys, &a);
		ck_assert_msg(r != KEYS_UNKNOWN, "'%c' is not a game key",
		    *keys);
		game_log_key(g, (unsigned char)*keys);
		if (r == KEYS_ACTION)
			turns += game_act(g, a);
	}
	return (turns);
}

/* Gives the player items: see gametest.h. */
void
gt_give(struct game *g, const char *name, int count, int known)
{
	int	kind = item_find(&g->items, name);

	ck_assert_msg(kind >= 0, "no item %s in data/items.txt", name);
	ck_assert_int_eq(level_add_item(g->level, g->px, g->py, kind, count,
	    g->items.k[kind].charges, item_stacks(&g->items.k[kind])), 0);
	if (known)
		g->known[kind] = 1;
	ck_assert_int_eq(gt_play(g, "g"), 1);
}

/* A living monster of a kind: see gametest.h. */
struct monster *
gt_monster(struct game *g, const char *name)
{
	int	i, kind = monster_find(&g->monsters, name);

	for (i = 0; i < g->level->nmon; i++)
		if (g->level->mon[i].kind == kind && g->level->mon[i].alive)
			return (&g->level->mon[i]);
	return (NULL);
}

/* Whether a recent message says something: see gametest.h. */
int
gt_said(const struct game *g, const char *text, int n)
{
	const char	*m;
	int		 i;

	for (i = 0; i < n; i++) {
		if ((m = game_message_text(g, i, NULL)) != NULL &&
		    strstr(m, text) != NULL)
			return (1);
	}
	return (0);
}
