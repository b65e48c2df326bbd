/*
 * check_vault.c: placing vaults (vault.h) into maps of terrains.
 *
 * Each test builds a small map by hand, parses a vault from text with
 * the game's own data, and asks vault_fit() for a spot; what it did is
 * judged by an independent flood fill over the result (4-neighbour
 * steps over cells the player can walk on or open), not by the code
 * under test: a placed vault's entry is reached from the player, every
 * cell reached before is reached after, and a map where every spot
 * would cut the way to the stairs, or cover them or the player, takes
 * no vault at all and is left as it was.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "state.h"
#include "vault-place.h"
#include "testutil.h"
#include "vault.h"

#ifndef SRC_DATA
#error "SRC_DATA must name the data folder"
#endif

#define W	40
#define H	12

static struct terrain_table	tt;
static struct monster_table	mt;
static struct item_table	it;

/* Reads the shipped terrain, monsters and items once. */
static void
vault_setup(void)
{
	char	*cause = NULL;

	ck_assert_msg(terrain_read(&tt, SRC_DATA "/terrain.txt", &cause) == 0,
	    "%s", cause);
	ck_assert_msg(monster_read(&mt, &tt, SRC_DATA "/monsters.txt",
	    &cause) == 0, "%s", cause);
	ck_assert_msg(item_read(&it, &tt, SRC_DATA "/items.txt", &cause) == 0,
	    "%s", cause);
}

/* Parses vault text that must be good. */
static void
parse(struct vault_set *vs, const char *text)
{
	char	*cause = NULL;

	ck_assert_msg(vault_parse(vs, &tt, &mt, &it, "test", text,
	    strlen(text), &cause) == 0, "%s", cause);
}

/* The oracle: which cells the player reaches from (x,y). */
static void
flood(const uint8_t *cells, int w, int h, int x, int y, uint8_t *seen)
{
	int	*stack, n = 0, c, k;
	int	 d[4] = { 1, -1, w, -w };

	stack = malloc(sizeof *stack * (size_t)w * h * 4);
	memset(seen, 0, (size_t)w * h);
	stack[n++] = y * w + x;
	seen[y * w + x] = 1;
	while (n > 0) {
		c = stack[--n];
		for (k = 0; k < 4; k++) {
			int nc = c + d[k];

			if (nc < 0 || nc >= w * h || seen[nc] ||
			    (k < 2 && nc / w != c / w))
				continue;
			if (tt.t[cells[nc]].cost[tt.walk] == 0 &&
			    cells[nc] != tt.door)
				continue;
			seen[nc] = 1;
			stack[n++] = nc;
		}
	}
	free(stack);
}

/* A walled map with floor in the rectangle [x0,x1] x [y0,y1]. */
static void
room(uint8_t *cells, int w, int h, int x0, int y0, int x1, int y1)
{
	int	x, y;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			if (x >= x0 && x <= x1 && y >= y0 && y <= y1)
				cells[y * w + x] = (uint8_t)tt.floor;
}

/* An entry facing away from the only room (3 wide) is joined by digging. */
START_TEST(test_fit_digs_to_entry)
{
	struct vault_set	 vs;
	struct rng		 r;
	uint8_t			 cells[W * H], before[W * H], a[W * H],
				 b[W * H];
	int			 ox, oy, i, entry;

	parse(&vs, "vault east-door\nlegend: o monster orc\nmap\n#####\n"
	    "#...E\n#.o.#\n#####\nend\n");
	memset(cells, tt.wall, sizeof cells);
	room(cells, W, H, 1, 1, 3, 10);
	memcpy(before, cells, sizeof cells);
	flood(before, W, H, 2, 2, a);
	rng_seed(&r, (uint64_t)_i + 1);
	ck_assert_int_eq(vault_fit(&vs.v[0], &tt, cells, W, H, 2, 2, 30, &r,
	    &ox, &oy), 0);
	ck_assert_int_eq(cells[(oy + 1) * W + ox + 1], tt.floor);
	ck_assert_int_eq(cells[oy * W + ox], tt.wall);
	entry = (oy + 1) * W + ox + 4;
	flood(cells, W, H, 2, 2, b);
	ck_assert_msg(b[entry], "the entry at %d,%d is not joined",
	    ox + 4, oy + 1);
	for (i = 0; i < W * H; i++)
		ck_assert_msg(!a[i] || b[i] || (i % W >= ox && i % W < ox + 5 &&
		    i / W >= oy && i / W < oy + 4), "cell %d,%d cut off",
		    i % W, i / W);
	vault_set_free(&vs);
}
END_TEST

/*
 * Two rooms and one corridor, the stairs at the far room's end: every
 * spot covers the player, the stairs or the corridor, so none is taken.
 */
START_TEST(test_fit_refuses_to_cut)
{
	struct vault_set	 vs;
	struct rng		 r;
	uint8_t			 cells[38 * 9], before[38 * 9];
	int			 ox, oy;

	parse(&vs, "vault block\nmap\n#######\n#.....#\n#.....#\nE.....#\n"
	    "#.....#\n#.....#\n#######\nend\n");
	memset(cells, tt.wall, sizeof cells);
	room(cells, 38, 9, 1, 1, 4, 7);
	room(cells, 38, 9, 5, 4, 29, 4);
	room(cells, 38, 9, 30, 1, 36, 7);
	cells[4 * 38 + 36] = (uint8_t)tt.stairs;
	memcpy(before, cells, sizeof cells);
	rng_seed(&r, (uint64_t)_i + 1);
	ck_assert_int_eq(vault_fit(&vs.v[0], &tt, cells, 38, 9, 1, 4, 200, &r,
	    &ox, &oy), -1);
	ck_assert(memcmp(cells, before, sizeof cells) == 0);
	vault_set_free(&vs);
}
END_TEST

/* The plan is the seed's: the same seed, the same vaults; limits kept. */
START_TEST(test_plan_per_game)
{
	struct vault_set	 vs;
	int			 picks[VAULT_PER_LEVEL], again[VAULT_PER_LEVEL];
	int			 d, n, k, once = 0;

	parse(&vs, "vault once\nper-game: 1\nweight: 1000\nmap\n#E#\nend\n"
	    "vault often\nweight: 1\nmap\n#E#\nend\n"
	    "vault deep\ndepth: 4-5\nmap\n#E#\nend\n");
	for (d = 1; d <= 5; d++) {
		n = vault_plan(&vs, 77, d, picks);
		ck_assert_int_eq(vault_plan(&vs, 77, d, again), n);
		ck_assert(memcmp(picks, again, (size_t)n * sizeof *picks) ==
		    0);
		for (k = 0; k < n; k++) {
			once += picks[k] == 0;
			ck_assert(picks[k] != 2 || d >= 4);
		}
	}
	ck_assert_int_eq(once, 1);
	vault_set_free(&vs);
}
END_TEST

/* Counts a glyph in the map rows of an instance's text. */
static int
count(const char *text, size_t len, int map_line, int rows, char c)
{
	size_t	p;
	int	line = 1, n = 0;

	for (p = 0; p < len; p++) {
		if (text[p] == '\n')
			line++;
		else if (line >= map_line && line < map_line + rows &&
		    text[p] == c)
			n++;
	}
	return (n);
}

/*
 * Each rule does what the guide says, instance after instance: nsubst
 * puts exactly its count, subst once one glyph for every cell, a subst
 * per cell both glyphs over many draws, shuffle swaps the two monsters
 * (each still there once), and the same seed draws the same instance.
 */
START_TEST(test_rules)
{
	struct vault_set	 vs;
	struct vault		*v;
	struct rng		 r, r2;
	char			*a, *b;
	int			 seed, walls = 0, floors = 0, swapped = 0;
	int			 water, deep;

	parse(&vs, "vault pillars\nsubst: ? = .:3 #:1\nsubst: ! = ~ = "
	    "once\nnsubst: * = 2:+ *:#\nshuffle: ko\nlegend: k monster "
	    "kobold\nlegend: o monster orc\nmap\n###E###\n#?????#\n"
	    "#?!!!?#\n#?k.o?#\n#**.**#\n###E###\nend\n");
	v = &vs.v[0];
	ck_assert_int_eq(v->nrules, 4);
	for (seed = 0; seed < 40; seed++) {
		rng_seed(&r, (uint64_t)seed);
		rng_seed(&r2, (uint64_t)seed);
		a = vault_rules_apply(v, v->text, v->text_len, v->map_line,
		    v->d.height, &r, NULL);
		b = vault_rules_apply(v, v->text, v->text_len, v->map_line,
		    v->d.height, &r2, NULL);
		ck_assert(memcmp(a, b, v->text_len) == 0);
		ck_assert_int_eq(count(a, v->text_len, v->map_line, 6, '+'),
		    2);
		ck_assert_int_eq(count(a, v->text_len, v->map_line, 6, '*'),
		    0);
		ck_assert_int_eq(count(a, v->text_len, v->map_line, 6, '?'),
		    0);
		water = count(a, v->text_len, v->map_line, 6, '~');
		deep = count(a, v->text_len, v->map_line, 6, '=');
		ck_assert(water + deep == 3 && (water == 0 || deep == 0));
		ck_assert_int_eq(count(a, v->text_len, v->map_line, 6, 'k'),
		    1);
		ck_assert_int_eq(count(a, v->text_len, v->map_line, 6, 'o'),
		    1);
		swapped += strstr(a, "#?k.o?#") == NULL &&
		    strstr(a, "o.k") != NULL;
		floors += count(a, v->text_len, v->map_line, 6, '.');
		walls += count(a, v->text_len, v->map_line, 6, '#');
		free(a);
		free(b);
	}
	ck_assert(swapped > 5 && swapped < 35);
	/*
	 * 2 floors and 22 walls fixed a draw, and 11 '?' cells, 3 in 4 of
	 * them floor: about 410 floors and 990 walls over 40 draws (all
	 * floor would be 520 and 880).
	 */
	ck_assert_msg(floors > 340 && floors < 480 && walls > 920 &&
	    walls < 1060, "%d floors, %d walls", floors, walls);
	vault_set_free(&vs);
}
END_TEST

/*
 * A turned and mirrored vault keeps its cells, its monster on its floor
 * and its event's cells, and its entries on its edge on floor; all four
 * turns and both mirror images show up over many draws (told apart by
 * the map's width and where its monster goes: 8 ways).
 */
START_TEST(test_turns)
{
	struct vault_set	 vs;
	struct vault		 t;
	struct rng		 r;
	int			 seed, i, x, y, water, seen[40] = { 0 }, kinds = 0;

	parse(&vs, "vault hook\nrotate: yes\nmirror: yes\nlegend: k monster "
	    "kobold\nevent: 9 1,1 2x1 rubble\nmap\n#E###\n#.~k#\n"
	    "#.###\n#####\nend\n");
	for (seed = 0; seed < 200; seed++) {
		rng_seed(&r, (uint64_t)seed);
		ck_assert_int_eq(vault_draw(&vs.v[0], &tt, &mt, &it, &r, &t),
		    0);
		ck_assert((t.d.width == 5 && t.d.height == 4) ||
		    (t.d.width == 4 && t.d.height == 5));
		ck_assert_int_eq(t.nentries, 1);
		x = t.entries[0] % t.d.width;
		y = t.entries[0] / t.d.width;
		ck_assert(x == 0 || y == 0 || x == t.d.width - 1 ||
		    y == t.d.height - 1);
		ck_assert_int_eq(t.d.terrain[t.entries[0]], tt.floor);
		ck_assert_int_eq(t.d.nspawns, 1);
		ck_assert_int_eq(t.d.terrain[t.d.spawns[0].y * t.d.width +
		    t.d.spawns[0].x], tt.floor);
		/* the event's two cells: the floor and the water beside it */
		ck_assert_int_eq(t.d.events[0].w * t.d.events[0].h, 2);
		ck_assert_int_eq(t.d.terrain[t.d.events[0].y * t.d.width +
		    t.d.events[0].x] == tt.shallow_water ||
		    t.d.terrain[(t.d.events[0].y + t.d.events[0].h - 1) *
		    t.d.width + t.d.events[0].x + t.d.events[0].w - 1] ==
		    tt.shallow_water, 1);
		for (water = -1, i = 0; i < t.d.width * t.d.height; i++)
			if (t.d.terrain[i] == tt.shallow_water)
				water = i;
		ck_assert(water >= 0);
		seen[t.d.spawns[0].y * t.d.width + t.d.spawns[0].x +
		    (t.d.width == 5 ? 0 : 20)] = 1;
		vault_drawn_free(&t);
	}
	for (i = 0; i < 40; i++)
		kinds += seen[i];
	ck_assert_msg(kinds == 8, "%d placements of the monster, not 8", kinds);
	vault_set_free(&vs);
}
END_TEST

/*
 * A vault's items turn and mirror with it: the potion stays on its
 * rubble (the only rubble in the vault) and takes all 8 places over many
 * draws; an unknown item is refused at its line and column.
 */
START_TEST(test_items_turn)
{
	struct vault_set	 vs;
	struct vault		 t;
	struct rng		 r;
	char			*cause = NULL;
	const char		*bad = "vault bad\nlegend: ! item potion\nmap\n"
				    "#E#\n#!#\nend\n";
	int			 seed, i, at, seen[40] = { 0 }, kinds = 0;

	parse(&vs, "vault hook\nrotate: yes\nmirror: yes\nlegend: ! item "
	    "potion-of-healing on rubble\nmap\n#E###\n#..!#\n#.###\n"
	    "#####\nend\n");
	ck_assert_int_eq(vs.v[0].d.nitems, 1);
	for (seed = 0; seed < 200; seed++) {
		rng_seed(&r, (uint64_t)seed);
		ck_assert_int_eq(vault_draw(&vs.v[0], &tt, &mt, &it, &r, &t),
		    0);
		ck_assert_int_eq(t.d.nitems, 1);
		ck_assert_int_eq(t.d.items[0].kind, item_find(&it,
		    "potion-of-healing"));
		at = t.d.items[0].y * t.d.width + t.d.items[0].x;
		ck_assert_int_eq(t.d.terrain[at], tt.rubble);
		seen[at + (t.d.width == 5 ? 0 : 20)] = 1;
		vault_drawn_free(&t);
	}
	for (i = 0; i < 40; i++)
		kinds += seen[i];
	ck_assert_msg(kinds == 8, "%d placements of the item, not 8", kinds);
	vault_set_free(&vs);

	ck_assert_int_eq(vault_parse(&vs, &tt, &mt, &it, "test", bad,
	    strlen(bad), &cause), -1);
	ck_assert_str_eq(cause, "test:2:16: unknown item \"potion\"");
	free(cause);
}
END_TEST

/* Writes text to a new temporary file; returns its path (to free). */
static char *
write_temp(const char *text)
{
	char	*path = strdup("/tmp/astray-vault-XXXXXX");
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

/* How many stacks of a kind lie on cells of a terrain in the level. */
static int
items_on(const struct game *g, int kind, int terrain)
{
	const struct level	*l = g->level;
	int			 i, n = 0;

	for (i = 0; i < l->nitems; i++)
		n += l->items[i].kind == kind && l->items[i].count ==
		    g->items.k[kind].count && l->terrain[l->items[i].y *
		    l->width + l->items[i].x] == terrain;
	return (n);
}

/*
 * A generated level placing the vault gets its item where the vault
 * says (on its rubble, which nothing else in a new level makes), and a
 * save of the game brings it back.
 */
START_TEST(test_items_in_level)
{
	struct game_config	 cfg;
	struct game		*g, *h;
	char			*vaults, *save, *cause = NULL;
	int			 potion;

	vaults = write_temp("vault stash\nweight: 1000\nlegend: ! item "
	    "potion-of-healing on rubble\nmap\n##E##\n#...#\n#.!.#\n"
	    "#####\nend\n");
	save = write_temp("");
	memset(&cfg, 0, sizeof cfg);
	cfg.data_dir = SRC_DATA;
	cfg.vaults = vaults;
	cfg.seed = 11;
	cfg.depths = 2;
	g = game_new(&cfg, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	potion = item_find(&g->items, "potion-of-healing");
	ck_assert_int_ge(items_on(g, potion, g->terrain.rubble), 1);
	ck_assert_msg(game_save(g, save, &cause) == 0, "%s", cause);
	h = game_load(save, &cfg, &cause);
	ck_assert_msg(h != NULL, "%s", cause);
	ck_assert_int_eq(items_on(h, potion, h->terrain.rubble),
	    items_on(g, potion, g->terrain.rubble));
	ck_assert_uint_eq(game_digest(g), game_digest(h));
	game_free(g);
	game_free(h);
	unlink(vaults);
	unlink(save);
	free(vaults);
	free(save);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("vault");
	TCase	*tc;

	tc = tcase_create("placement");
	tcase_add_unchecked_fixture(tc, vault_setup, NULL);
	tcase_add_loop_test(tc, test_fit_digs_to_entry, 0, 8);
	tcase_add_loop_test(tc, test_fit_refuses_to_cut, 0, 4);
	tcase_add_test(tc, test_plan_per_game);
	tcase_add_test(tc, test_rules);
	tcase_add_test(tc, test_turns);
	tcase_add_test(tc, test_items_turn);
	tcase_add_test(tc, test_items_in_level);
	suite_add_tcase(s, tc);
	return (s);
}
